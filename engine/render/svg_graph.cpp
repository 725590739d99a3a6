// The win% graph: an area chart over the plies, markers on labelled moves.
#include "render/svg_graph.h"

#include <algorithm>

#include "io/markup.h"

namespace glossfish {

namespace {

constexpr double Left = 34, Right = 8, Top = 8, Bottom = 20;

const char* label_class(QualityLabel l) { return label_name(l); }

}  // namespace

const char* label_color(QualityLabel label) {
    switch (label) {
    case QualityLabel::Inaccuracy: return "#56b4e9";
    case QualityLabel::Mistake: return "#e69f00";
    case QualityLabel::Blunder: return "#df5353";
    default: return "#629924";
    }
}

GraphPoint graph_point(int i, int n, double win, const WinGraphOptions& o) {
    const double w = o.width - Left - Right, h = o.height - Top - Bottom;
    const double x = n <= 1 ? Left : Left + w * i / double(n - 1);
    return {x, Top + h * (100 - std::clamp(win, 0.0, 100.0)) / 100};
}

std::string win_graph_svg(const std::vector<double>& white_win, const std::vector<GraphMark>& marks,
                          const WinGraphOptions& o) {
    const int n = int(white_win.size());
    const double bottom = o.height - Bottom, right = o.width - Right;
    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"graph\" viewBox=\"0 0 " +
                      std::to_string(o.width) + " " + std::to_string(o.height) +
                      "\" width=\"100%\" preserveAspectRatio=\"xMidYMid meet\" role=\"img\">"
                      "<title>White's win% after every move</title>";
    // Black's share is the dark background, White's the light area under the curve.
    out += "<rect class=\"plot\" x=\"" + svg_number(Left) + "\" y=\"" + svg_number(Top) +
           "\" width=\"" + svg_number(right - Left) + "\" height=\"" + svg_number(bottom - Top) +
           "\" fill=\"#4a4a4a\"/>";
    if (n > 0) {
        std::string line;
        for (int i = 0; i < n; ++i) {
            const GraphPoint p = graph_point(i, n, white_win[std::size_t(i)], o);
            line += (i ? " " : "") + svg_number(p.x) + "," + svg_number(p.y);
        }
        const GraphPoint first = graph_point(0, n, 0, o), last = graph_point(n - 1, n, 0, o);
        out += "<polygon class=\"area\" points=\"" + svg_number(first.x) + "," +
               svg_number(bottom) + " " + line + " " + svg_number(last.x) + "," +
               svg_number(bottom) + "\" fill=\"#f4f4f4\"/>";
        out += "<polyline class=\"curve\" points=\"" + line +
               "\" fill=\"none\" stroke=\"#d08a2e\" stroke-width=\"1.5\"/>";
    }
    const double mid = graph_point(0, 2, 50, o).y;
    out += "<line x1=\"" + svg_number(Left) + "\" y1=\"" + svg_number(mid) + "\" x2=\"" +
           svg_number(right) + "\" y2=\"" + svg_number(mid) +
           "\" stroke=\"#999999\" stroke-dasharray=\"4 3\" stroke-width=\"1\"/>";
    for (int pct : {0, 50, 100}) {
        const double y = graph_point(0, 2, pct, o).y;
        out += "<text x=\"" + svg_number(Left - 4) + "\" y=\"" + svg_number(y + 4) +
               "\" font-size=\"11\" text-anchor=\"end\" font-family=\"sans-serif\" "
               "fill=\"#555555\">" +
               std::to_string(pct) + "%</text>";
    }
    // Move numbers along the bottom: about eight ticks whatever the length.
    const int moves = n / 2;
    const int step = std::max(1, (moves + 7) / 8);
    for (int m = step; n > 1 && 2 * m - 1 < n; m += step) {
        const GraphPoint p = graph_point(2 * m - 1, n, 0, o);
        out += "<text x=\"" + svg_number(p.x) + "\" y=\"" + svg_number(bottom + 14) +
               "\" font-size=\"11\" text-anchor=\"middle\" font-family=\"sans-serif\" "
               "fill=\"#555555\">" +
               std::to_string(m) + "</text>";
    }
    for (const GraphMark& m : marks) {
        if (m.position < 0 || m.position >= n) continue;
        const GraphPoint p = graph_point(m.position, n, white_win[std::size_t(m.position)], o);
        std::string circle = "<circle class=\"mark " + std::string(label_class(m.label)) +
                             "\" data-move=\"" + xml_escape(m.id) + "\" cx=\"" + svg_number(p.x) +
                             "\" cy=\"" + svg_number(p.y) + "\" r=\"5\" fill=\"" +
                             label_color(m.label) + "\" stroke=\"#ffffff\" stroke-width=\"1.5\">";
        if (!m.title.empty()) circle += "<title>" + xml_escape(m.title) + "</title>";
        circle += "</circle>";
        if (m.href.empty()) out += circle;
        else out += "<a href=\"" + xml_escape(m.href) + "\">" + circle + "</a>";
    }
    return out + "</svg>";
}

}  // namespace glossfish
