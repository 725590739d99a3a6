// The live page's HTML fragment, drawn with the report's board and win% graph renderers.
#include "live/live_view.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "analysis/annotate.h"
#include "analysis/quality.h"
#include "io/markup.h"
#include "render/svg_board.h"
#include "render/svg_graph.h"
#include "rules/notation.h"

namespace glossfish::live {

namespace {

constexpr const char* BestColor = "#15781b";
constexpr const char* PlainMoveColor = "#8a8a8a";

using Json = nlohmann::ordered_json;

std::string esc(std::string_view s) { return xml_escape(s); }

std::string fixed1(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", x);
    return buf;
}

// A string field of a JSON object, "" when absent or not a string.
std::string str(const Json& j, const char* key) {
    if (!j.is_object() || !j.contains(key) || !j[key].is_string()) return {};
    return j[key].get<std::string>();
}

std::optional<QualityLabel> label_of(const std::string& name) {
    for (QualityLabel l : {QualityLabel::Good, QualityLabel::Inaccuracy, QualityLabel::Mistake,
                           QualityLabel::Blunder})
        if (name == label_name(l)) return l;
    return std::nullopt;
}

const char* glyph(QualityLabel l) {
    switch (l) {
    case QualityLabel::Inaccuracy: return "?!";
    case QualityLabel::Mistake: return "?";
    case QualityLabel::Blunder: return "??";
    default: return "";
    }
}

// An evaluation for people, from White's view: "+0.35", "-2.10", "#3", "#-2".
std::string white_eval(const Score& side_view, Color side) {
    const Score w = side == White ? side_view : negate(side_view);
    std::string s = format_eval(w);
    if (!w.is_mate() && w.value > 0) s = "+" + s;
    return s;
}

double white_win(const Score& side_view, Color side) {
    const double w = win_percent(side_view);
    return side == White ? w : 100 - w;
}

// The game replayed: positions[i] is the position before moves[i]; positions.back() the
// current one.
struct Game {
    std::vector<Position> positions;
    std::vector<Move> moves;
    std::vector<std::string> sans;
};

Game replay(const LiveSnapshot& s) {
    for (bool chess960 : {false, true}) {
        Game g;
        Position pos;
        if (!pos.set(s.root_fen.empty() ? std::string(StartFen) : s.root_fen, chess960).ok())
            continue;
        bool ok = true;
        g.positions.push_back(pos);
        for (const std::string& text : s.moves) {
            MoveParse mp = parse_uci(pos, text);
            if (!mp.ok()) {
                ok = false;
                break;
            }
            g.sans.push_back(move_to_san(pos, mp.move));
            g.moves.push_back(mp.move);
            pos.do_move(mp.move);
            g.positions.push_back(pos);
        }
        if (ok) return g;
    }
    Game g;
    Position pos;
    if (!pos.set(s.fen).ok()) (void)pos.set(StartFen);
    g.positions.push_back(pos);
    return g;
}

std::string chip(const std::string& label) {
    return "<span class=\"chip " + esc(label) + "\">" + esc(label) + "</span>";
}

// The reasons of a label: strings, or objects with a "text".
std::string reasons_html(const Json& q) {
    if (!q.contains("reasons") || !q["reasons"].is_array() || q["reasons"].empty()) return {};
    std::string out = "<ul class=\"reasons\">";
    for (const Json& r : q["reasons"]) {
        const std::string text = r.is_string() ? r.get<std::string>() : str(r, "text");
        if (!text.empty()) out += "<li>" + esc(text) + "</li>";
    }
    return out + "</ul>";
}

// The label's verified ideas beyond its reasons (docs/ideas.md), each with its family: the ideas
// list holds the reasons too (a prevention among the move's own ideas), which the list above
// says already.
std::string ideas_html(const Json& q) {
    if (!q.contains("ideas") || !q["ideas"].is_array()) return {};
    std::vector<std::string> said;
    if (q.contains("reasons") && q["reasons"].is_array())
        for (const Json& r : q["reasons"])
            said.push_back(r.is_string() ? r.get<std::string>() : str(r, "text"));
    std::string items;
    for (const Json& i : q["ideas"]) {
        if (!i.is_object() || str(i, "text").empty()) continue;
        if (std::find(said.begin(), said.end(), str(i, "text")) != said.end()) continue;
        items += "<li><span class=\"family\">" + esc(str(i, "family")) + "</span> " +
                 esc(str(i, "text")) + "</li>";
    }
    return items.empty() ? std::string() : "<ul class=\"ideas\">" + items + "</ul>";
}

// The move class: a string, or an object with a "name" (and a "text"). Not said when it is the
// label again (a mistake is a mistake) or "book" (shown as a fact beside the label).
std::string class_html(const Json& q) {
    if (!q.contains("class")) return {};
    const Json& c = q["class"];
    const std::string name = c.is_string() ? c.get<std::string>() : str(c, "name");
    if (name.empty() || name == "book" || name == str(q, "label")) return {};
    const std::string text = c.is_object() ? str(c, "text") : std::string();
    return "<p class=\"move-class\">Class: <b class=\"class-name\">" + esc(name) + "</b>" +
           (text.empty() ? "" : " &mdash; " + esc(text)) + "</p>";
}

// A move on a named opening line: a fact beside the label, whatever the engine thinks of it.
bool is_book(const Json& q) {
    if (q.contains("book") && q["book"].is_boolean()) return q["book"].get<bool>();
    return q.contains("class") && q["class"].is_string() && q["class"] == "book";
}

std::string label_section(const LiveSnapshot& s, const Game& g) {
    auto it = s.products.find(ProductKind::Quality);
    std::string out = "<section id=\"label\"><h2>Label</h2>";
    if (it == s.products.end()) {
        out += g.moves.empty()
                   ? "<p class=\"none\">No move played yet.</p>"
                   : "<p class=\"none\">No label yet for " +
                         esc(numbered_move(g.positions[g.positions.size() - 2], g.sans.back())) +
                         ".</p>";
        return out + "</section>";
    }
    const Json& q = it->second;
    const std::string label = str(q, "label");
    std::string move = q.contains("move") ? str(q["move"], "san") : std::string();
    if (!g.moves.empty() && g.sans.back() == move)
        move = numbered_move(g.positions[g.positions.size() - 2], move);
    if (auto l = label_of(label)) move += glyph(*l);
    out += "<p class=\"label-head\"><b class=\"move\">" + esc(move) + "</b> " +
           (label.empty() ? "" : chip(label));
    if (q.contains("wp_loss") && q["wp_loss"].is_number() && q["wp_loss"].get<double>() > 0)
        out +=
            " <span class=\"loss\">&minus;" + fixed1(q["wp_loss"].get<double>()) + " win%</span>";
    if (is_book(q))
        out +=
            " <span class=\"tag book\" title=\"the move is on a named opening line\">book "
            "move</span>";
    out += "</p><p class=\"label-text\">" + esc(str(q, "text")) + "</p>";
    out += reasons_html(q) + ideas_html(q) + class_html(q);
    return out + "</section>";
}

std::string eval_section(const LiveSnapshot& s, const Position& pos) {
    std::string out = "<section id=\"eval\"><h2>Engine</h2>";
    if (pos.is_checkmate() || pos.is_stalemate()) {
        out += "<p class=\"eval\">" +
               std::string(pos.is_stalemate()            ? "Stalemate: a draw"
                           : pos.side_to_move() == White ? "Checkmate: Black wins"
                                                         : "Checkmate: White wins") +
               "</p>";
        return out + "</section>";
    }
    if (!s.info || !s.info->score) {
        out += s.searching ? "<p class=\"none\">Searching&hellip;</p>"
                           : "<p class=\"none\">No search of this position yet.</p>";
        return out + "</section>";
    }
    const SearchInfo& info = *s.info;
    out += "<p><span class=\"eval\">" + esc(white_eval(*info.score, pos.side_to_move())) +
           "</span> <span class=\"depth\">depth " + std::to_string(info.depth.value_or(0)) +
           (s.searching ? ", searching" : "") + "</span></p>";
    const std::vector<Move> line = parse_uci_line(pos, info.pv);
    if (!line.empty())
        out += "<p class=\"pv\">Best line: <b>" + esc(numbered_san_line(pos, line)) + "</b></p>";
    return out + "</section>";
}

std::string lines_section(const LiveSnapshot& s) {
    auto it = s.products.find(ProductKind::Lines);
    if (it == s.products.end() || !it->second.contains("lines") || !it->second["lines"].is_array())
        return {};
    std::string out =
        "<section id=\"lines\"><h2>Lines</h2><table class=\"lines\"><thead><tr><th>#</th>"
        "<th>move</th><th class=\"num\">score</th><th class=\"num\">win% lost</th><th>label</th>"
        "</tr></thead><tbody>";
    for (const Json& l : it->second["lines"]) {
        std::string score;
        if (l.contains("score") && l["score"].is_object()) {
            const Json& sc = l["score"];
            if (sc.contains("mate") && sc["mate"].is_number())
                score = "#" + std::to_string(sc["mate"].get<int>());
            else if (sc.contains("cp") && sc["cp"].is_number())
                score = fixed1(sc["cp"].get<double>() / 100.0);
        }
        // Line 1 is the engine's choice: "best", whatever band its zero loss falls in.
        const bool first = l.contains("multipv") && l["multipv"] == 1;
        const std::string label = first ? std::string("best") : str(l, "label");
        out += "<tr><td>" + (l.contains("multipv") ? l["multipv"].dump() : std::string()) +
               "</td><td><b>" + esc(str(l, "san")) + "</b></td><td class=\"num\">" + esc(score) +
               "</td><td class=\"num\">" +
               (l.contains("wp_loss") ? esc(l["wp_loss"].dump()) : std::string()) + "</td><td>" +
               (label.empty() ? "" : chip(label)) + "</td></tr>";
        // Its reasons on a row of their own, under the move, so the columns stay aligned.
        if (const std::string why = reasons_html(l); !why.empty())
            out += "<tr class=\"why\"><td></td><td colspan=\"4\">" + why + "</td></tr>";
    }
    return out +
           "</tbody></table><p class=\"note\">Score from the side to move; win% lost against "
           "line 1.</p></section>";
}

// The compact tree {"Re8+":{"Rxe8":{}}} as nested lists (bounded depth and size).
void tree_list(const Json& node, int depth, int& budget, std::string& out) {
    if (!node.is_object() || node.empty() || depth > 12) return;
    out += "<ul>";
    for (const auto& [san, child] : node.items()) {
        if (--budget < 0) break;
        out += "<li><span class=\"node\">" + esc(san) + "</span>";
        tree_list(child, depth + 1, budget, out);
        out += "</li>";
    }
    out += "</ul>";
}

std::string tree_section(const LiveSnapshot& s) {
    auto it = s.products.find(ProductKind::Tree);
    if (it == s.products.end()) return {};
    const Json& t = it->second;
    std::string out =
        "<section id=\"tree\"><h2>Strategy tree</h2><p>" + esc(str(t, "text")) + "</p>";
    int budget = 400;
    if (t.contains("tree")) {
        out += "<div class=\"tree\">";
        tree_list(t["tree"], 0, budget, out);
        out += "</div>";
    }
    return out + "</section>";
}

std::string commentary_section(const LiveSnapshot& s) {
    std::string out;
    for (const ProductKind kind : {ProductKind::Verify, ProductKind::Comment}) {
        auto it = s.products.find(kind);
        if (it == s.products.end()) continue;
        const Json& j = it->second;
        out += std::string("<div class=\"commentary ") + product_kind_name(kind) + "\"><h3>" +
               (kind == ProductKind::Verify ? "Verified commentary" : "Language model comment") +
               "</h3>";
        const std::string comment = str(j, "comment");
        if (!comment.empty()) out += "<blockquote>" + esc(comment) + "</blockquote>";
        const Json* atoms = nullptr;
        if (j.contains("atoms")) atoms = &j["atoms"];
        else if (j.contains("report") && j["report"].is_object() && j["report"].contains("atoms"))
            atoms = &j["report"]["atoms"];
        if (atoms && atoms->is_array()) {
            out += "<ul class=\"atoms\">";
            for (const Json& a : *atoms) {
                const std::string result = str(a, "result");
                out += "<li class=\"" + esc(result) + "\"><span class=\"verdict\">" + esc(result) +
                       "</span> " + esc(str(a, "text")) + "</li>";
            }
            out += "</ul>";
        }
        out += "<p class=\"note\">" + esc(str(j, "text")) + "</p></div>";
    }
    if (out.empty()) return {};
    return "<section id=\"commentary\"><h2>Commentary</h2>" + out + "</section>";
}

std::string game_section(const LiveSnapshot& s, const Game& g) {
    std::vector<double> win;
    std::vector<GraphMark> marks;
    double last = 50;
    std::string list = "<p class=\"moves\">";
    for (std::size_t i = 0; i < g.positions.size(); ++i) {
        const Position& p = g.positions[i];
        auto m = s.memory.find(p.fen());
        const bool on_screen = i + 1 == g.positions.size();
        if (p.is_checkmate()) last = p.side_to_move() == White ? 0 : 100;
        else if (on_screen && s.info && s.info->score)
            // The position on screen: the search's latest line, as it deepens.
            last = white_win(*s.info->score, p.side_to_move());
        else if (m != s.memory.end() && m->second.eval)
            last = white_win(*m->second.eval, p.side_to_move());
        else if (i + 1 < g.positions.size()) {
            // The next move's label knows this position: its best move's win%, mover's view.
            auto next = s.memory.find(g.positions[i + 1].fen());
            if (next != s.memory.end() && next->second.quality &&
                next->second.quality->contains("win_before") &&
                (*next->second.quality)["win_before"].is_number()) {
                const double w = (*next->second.quality)["win_before"].get<double>();
                last = p.side_to_move() == White ? w : 100 - w;
            }
        }
        win.push_back(last);
        if (i == 0) continue;
        // Numbered as in a PGN: "1. e4 e5 2. Qh5", "3... Nf6" only when the list starts there.
        const Position& mover = g.positions[i - 1];
        const std::string move = mover.side_to_move() == Black && i > 1
                                     ? g.sans[i - 1]
                                     : numbered_move(mover, g.sans[i - 1]);
        std::optional<QualityLabel> label;
        if (m != s.memory.end() && m->second.quality)
            label = label_of(str(*m->second.quality, "label"));
        const bool current = i + 1 == g.positions.size();
        const std::string cls =
            std::string(label ? label_name(*label) : "unlabelled") + (current ? " current" : "");
        list += "<span class=\"mv " + cls + "\">" + esc(move + (label ? glyph(*label) : "")) +
                "</span> ";
        if (label && *label != QualityLabel::Good) {
            GraphMark mark;
            mark.position = int(i);
            mark.label = *label;
            mark.id = "ply" + std::to_string(i);
            mark.title = move + glyph(*label) + " " + label_name(*label);
            marks.push_back(std::move(mark));
        }
    }
    list += "</p>";
    std::string out = "<section id=\"game\"><h2>The game</h2>";
    WinGraphOptions o;
    o.width = 640;
    o.height = 150;
    std::string graph = win_graph_svg(win, marks, o);
    const bool live = s.searching && s.info && s.info->score && !g.positions.back().is_checkmate();
    if (const auto end = graph.rfind("</svg>"); live && end != std::string::npos) {
        // The last point is the search in progress: a ring and "live, dN" beside it.
        const int n = int(win.size());
        const GraphPoint pt = graph_point(n - 1, n, win.back(), o);
        char ring[512];
        std::snprintf(ring, sizeof ring,
                      "<circle class=\"live\" cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"none\" "
                      "stroke=\"#15781b\" stroke-width=\"2\"/><text class=\"live\" x=\"%.1f\" "
                      "y=\"%.1f\" font-size=\"10\" font-weight=\"bold\" fill=\"#15781b\" "
                      "stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\" "
                      "text-anchor=\"end\">live, d%d %.0f%%</text>",
                      pt.x, pt.y, pt.x - 9, pt.y < 20 ? pt.y + 16 : pt.y - 8,
                      s.info->depth.value_or(0), win.back());
        graph.insert(end, ring);
    }
    out += graph;
    if (g.moves.empty()) list = "<p class=\"none\">No moves yet.</p>";
    else
        list +=
            std::string("<p class=\"note\">White's win% after each move") +
            (live ? "; the ringed point is the search in progress, updated as it deepens" : "") +
            "; a position glossfish has not searched keeps the value before it.</p>";
    return out + list + "</section>";
}

}  // namespace

LiveView render_view(const LiveSnapshot& s) {
    LiveView v;
    v.version = s.version;
    const Game g = replay(s);
    const Position& pos = g.positions.back();

    BoardSvgOptions board;
    board.square = 56;
    std::string last_move_label;
    if (!g.moves.empty()) {
        const Position& before = g.positions[g.positions.size() - 2];
        const Move m = g.moves.back();
        board.highlights = {m.from(), m.to()};
        auto q = s.products.find(ProductKind::Quality);
        std::optional<QualityLabel> l;
        if (q != s.products.end()) l = label_of(str(q->second, "label"));
        board.arrows.push_back(
            move_arrow(before, m, "played", l ? label_color(*l) : PlainMoveColor));
        last_move_label = numbered_move(before, g.sans.back()) + (l ? glyph(*l) : "");
    }
    std::string best_text;
    if (s.best && s.best->move != "(none)") best_text = s.best->move;
    else if (s.info && !s.info->pv.empty()) best_text = s.info->pv.front();
    if (!best_text.empty()) {
        MoveParse mp = parse_uci(pos, best_text);
        if (mp.ok()) board.arrows.push_back(move_arrow(pos, mp.move, "best", BestColor));
    }
    board.title = last_move_label.empty() ? "The position" : "After " + last_move_label;

    v.title = "glossfish live" + (last_move_label.empty() ? "" : ": " + last_move_label);
    std::string& out = v.html;
    out = "<div class=\"top\"><div class=\"board\">" + board_svg(pos, board) + "<p class=\"fen\">" +
          esc(pos.fen()) +
          "</p><p class=\"legend\">Arrows: the last move "
          "in its label's colour, the engine's best move in green.</p></div><div class=\"side\">";
    out += label_section(s, g) + eval_section(s, pos) + lines_section(s);
    out += "</div></div>";
    out += tree_section(s) + commentary_section(s) + game_section(s, g);
    out += "<p class=\"version\" data-version=\"" + std::to_string(s.version) + "\"></p>";
    return v;
}

}  // namespace glossfish::live
