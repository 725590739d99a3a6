// The win% graph of a game as inline SVG: White's win% after every ply as a filled area (light
// below the curve: White's share), a 50% line, and a marker on each labelled move that links
// to the move's section of the page.
#pragma once

#include <string>
#include <vector>

#include "analysis/quality.h"

namespace glossfish {

struct GraphMark {
    int position = 0;  // index into the win vector (the position after the move)
    QualityLabel label = QualityLabel::Good;
    std::string title;  // tooltip, e.g. "15... Nxd7?? blunder, -24.3%" (escaped here)
    std::string href;   // link target, e.g. "#g1-m30" (escaped here); empty: no link
    std::string id;     // data-move of the marker (escaped here), for scripts
};

struct WinGraphOptions {
    int width = 760, height = 170;  // SVG units; the plot keeps a margin for the axis labels
};

// The graph of white_win (one value per position, start first, 0..100). Each mark is a
// <circle class="mark LABEL" data-move="ID" cx cy> (inside an <a href> when it has one).
std::string win_graph_svg(const std::vector<double>& white_win, const std::vector<GraphMark>& marks,
                          const WinGraphOptions& options = {});

// The colour of a label, as lichess shows it: inaccuracy blue, mistake orange, blunder red.
const char* label_color(QualityLabel label);

// The x and y of position i of n in the graph's coordinates.
struct GraphPoint {
    double x = 0, y = 0;
};
GraphPoint graph_point(int i, int n, double win, const WinGraphOptions& options);

}  // namespace glossfish
