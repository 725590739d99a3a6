// Strategy-tree serialisations: compact JSON, rich JSON, text outline, Graphviz DOT, info JSON.
#include "analysis/tree_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "analysis/quality.h"
#include "io/markup.h"
#include "rules/notation.h"

namespace glossfish {

namespace {

int compact_depth(Position& pos, const nlohmann::ordered_json& node, const std::string& path,
                  int ply, std::string* error) {
    if (!node.is_object()) {
        *error =
            "the tree at '" + (path.empty() ? std::string("(root)") : path) + "' is not an object";
        return -1;
    }
    if (ply > MaxCompactTreePlies) {
        *error = "the tree is deeper than " + std::to_string(MaxCompactTreePlies) + " plies";
        return -1;
    }
    int depth = 0;
    for (auto it = node.begin(); it != node.end(); ++it) {
        MoveParse m = parse_san(pos, it.key());
        const std::string here = path.empty() ? it.key() : path + " " + it.key();
        if (!m.ok()) {
            *error = "move '" + it.key() + "'" + (path.empty() ? "" : " after " + path) + ": " +
                     m.message;
            return -1;
        }
        pos.do_move(m.move);
        const int d = compact_depth(pos, it.value(), here, ply + 1, error);
        pos.undo_move(m.move);
        if (d < 0) return -1;
        depth = std::max(depth, d + 1);
    }
    return depth;
}

}  // namespace

int compact_tree_depth(Position& pos, const nlohmann::ordered_json& tree, std::string* error) {
    return compact_depth(pos, tree, "", 0, error);
}

namespace {

using ojson = nlohmann::ordered_json;

const char* color_name(Color c) { return c == White ? "white" : "black"; }
const char* color_title(Color c) { return c == White ? "White" : "Black"; }

std::string win_text(double win) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.1f%%", round_1dp(win));
    return buf;
}

// "1. Re8+" for White's move, "1... Rxe8" for Black's.
std::string numbered(const TreeNode& n) {
    return std::to_string(n.move_number) + (n.mover == White ? ". " : "... ") + n.san;
}

std::string result_text(const Outcome& o) {
    if (!o.winner) return "1/2-1/2";
    return *o.winner == White ? "1-0" : "0-1";
}

// "checkmate, White wins", "stalemate, draw", "draw by insufficient material".
std::string outcome_text(const Outcome& o) {
    if (o.termination == Termination::Checkmate)
        return std::string("checkmate, ") + color_title(o.winner.value_or(White)) + " wins";
    if (o.termination == Termination::Stalemate) return "stalemate, draw";
    std::string name = termination_name(o.termination);
    for (char& c : name)
        if (c == '_') c = ' ';
    return "draw by " + name;
}

// What a node says after its move: the game's end, or the score and win%.
std::string node_summary(const TreeNode& n) {
    if (n.outcome) return outcome_text(*n.outcome);
    if (!n.score) return "no score";
    return score_text(*n.score) + "  " + win_text(n.win);
}

std::string limits_text(const AnalysisLimits& l) {
    std::string out;
    auto add = [&out](const std::string& s) { out += (out.empty() ? "" : ", ") + s; };
    if (l.depth) add("depth " + std::to_string(*l.depth));
    if (l.nodes) add("nodes " + std::to_string(*l.nodes));
    if (l.movetime_ms) add("movetime " + std::to_string(*l.movetime_ms) + " ms");
    return out;
}

ojson limits_json(const AnalysisLimits& l) {
    ojson j = ojson::object();
    if (l.depth) j["depth"] = *l.depth;
    if (l.nodes) j["nodes"] = *l.nodes;
    if (l.movetime_ms) j["movetime_ms"] = *l.movetime_ms;
    return j;
}

ojson compact_children(const TreeNode& node) {
    ojson j = ojson::object();
    for (const TreeNode& child : node.children) j[child.san] = compact_children(child);
    return j;
}

ojson node_json(const TreeNode& n) {
    ojson j;
    if (n.ply > 0) {
        j["san"] = n.san;
        j["uci"] = n.uci;
    }
    j["fen"] = n.fen;
    j["ply"] = n.ply;
    if (n.score) j["score"] = ojson(score_to_json(*n.score));
    j["win"] = round_1dp(n.win);
    if (n.outcome) {
        j["terminal"] = termination_name(n.outcome->termination);
        j["result"] = result_text(*n.outcome);
    }
    ojson children = ojson::array();
    for (const TreeNode& child : n.children) children.push_back(node_json(child));
    j["children"] = std::move(children);
    return j;
}

void text_lines(const TreeNode& n, int indent, std::string& out) {
    for (const TreeNode& child : n.children) {
        out += std::string(std::size_t(indent) * 2, ' ') + numbered(child) + "  " +
               node_summary(child) + "\n";
        text_lines(child, indent + 1, out);
    }
}

std::string dot_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

void dot_nodes(const TreeNode& n, int id, Color solver, int& next, std::string& out) {
    for (const TreeNode& child : n.children) {
        const int cid = next++;
        const bool solver_move = child.mover == solver;
        out += "  n" + std::to_string(cid) + " [label=\"" + dot_escape(numbered(child)) + "\\n" +
               dot_escape(node_summary(child)) + "\", fillcolor=\"" +
               (solver_move ? "#dbe8ff" : "#eeeeee") + "\"" +
               (child.outcome ? ", peripheries=2" : "") + "];\n";
        out += "  n" + std::to_string(id) + " -> n" + std::to_string(cid) +
               (solver_move ? " [penwidth=2, color=\"#3060c0\"]" : "") + ";\n";
        dot_nodes(child, cid, solver, next, out);
    }
}

// "1. Re8+ Rxe8 2. Rxe8#": the first child at every node, numbered as in a game score.
std::string main_line(const StrategyTree& tree) {
    std::string out;
    bool first = true;
    for (const TreeNode* n = best_child(tree); n;
         n = n->children.empty() ? nullptr : &n->children.front()) {
        if (!out.empty()) out += ' ';
        if (n->mover == White) out += std::to_string(n->move_number) + ". ";
        else if (first) out += std::to_string(n->move_number) + "... ";
        out += n->san;
        first = false;
    }
    return out;
}

// Layout of the SVG picture: one column per ply, one row per leaf.
constexpr double BoxW = 124, BoxH = 34, ColW = 160, RowH = 42, Margin = 10, HeaderH = 40;

struct SvgLayout {
    std::string boxes, edges;
    int rows = 0;
};

// Lays out n's subtree (n at column `column`) and returns n's centre y.
double svg_subtree(const TreeNode& n, int column, Color solver, const std::string& path,
                   SvgLayout& out) {
    const double x = Margin + column * ColW;
    double y;
    std::vector<double> child_y;
    for (const TreeNode& child : n.children)
        child_y.push_back(svg_subtree(child, column + 1, solver,
                                      path.empty() ? child.san : path + " " + child.san, out));
    if (child_y.empty()) y = HeaderH + (out.rows++) * RowH + BoxH / 2;
    else y = (child_y.front() + child_y.back()) / 2;
    for (std::size_t k = 0; k < child_y.size(); ++k) {
        const double x1 = x + BoxW, x2 = x + ColW, mid = (x1 + x2) / 2;
        const bool solver_move = n.children[k].mover == solver;
        out.edges += "<path class=\"edge\" d=\"M" + svg_number(x1) + " " + svg_number(y) + "C" +
                     svg_number(mid) + " " + svg_number(y) + " " + svg_number(mid) + " " +
                     svg_number(child_y[k]) + " " + svg_number(x2) + " " + svg_number(child_y[k]) +
                     "\" fill=\"none\" stroke=\"" + (solver_move ? "#3060c0" : "#8a8a8a") +
                     "\" stroke-width=\"" + (solver_move ? "2" : "1.2") + "\"/>";
    }
    const bool root = n.ply == 0;
    const bool solver_move = !root && n.mover == solver;
    const char* kind = root ? "root" : solver_move ? "solver" : "opponent";
    const char* fill = root ? "#ffffff" : solver_move ? "#dbe8ff" : "#eeeeee";
    const char* stroke = root ? "#555555" : solver_move ? "#3060c0" : "#9a9a9a";
    const double top = y - BoxH / 2;
    std::string g = "<g class=\"node " + std::string(kind) + "\" data-path=\"" + xml_escape(path) +
                    "\"><rect x=\"" + svg_number(x) + "\" y=\"" + svg_number(top) + "\" width=\"" +
                    svg_number(BoxW) + "\" height=\"" + svg_number(BoxH) + "\" rx=\"6\" fill=\"" +
                    fill + "\" stroke=\"" + stroke + "\"/>";
    if (n.outcome)
        g += "<rect x=\"" + svg_number(x + 3) + "\" y=\"" + svg_number(top + 3) + "\" width=\"" +
             svg_number(BoxW - 6) + "\" height=\"" + svg_number(BoxH - 6) +
             "\" rx=\"4\" fill=\"none\" stroke=\"" + stroke + "\"/>";
    const std::string title = root ? std::string(color_title(solver)) + " to move" : numbered(n);
    g += "<text x=\"" + svg_number(x + BoxW / 2) + "\" y=\"" + svg_number(top + 14) +
         "\" text-anchor=\"middle\" font-size=\"12\" font-weight=\"bold\">" + xml_escape(title) +
         "</text>";
    g += "<text x=\"" + svg_number(x + BoxW / 2) + "\" y=\"" + svg_number(top + 28) +
         "\" text-anchor=\"middle\" font-size=\"10.5\" fill=\"#333333\">" +
         xml_escape(node_summary(n)) + "</text></g>";
    out.boxes += g;
    return y;
}

int tree_depth(const TreeNode& n) {
    int d = 0;
    for (const TreeNode& c : n.children) d = std::max(d, 1 + tree_depth(c));
    return d;
}

}  // namespace

const char* tree_format_name(TreeFormat f) {
    switch (f) {
    case TreeFormat::Compact: return "compact";
    case TreeFormat::Json: return "json";
    case TreeFormat::Text: return "text";
    case TreeFormat::Dot: return "dot";
    case TreeFormat::Svg: return "svg";
    }
    return "compact";
}

std::optional<TreeFormat> parse_tree_format(std::string_view name) {
    for (TreeFormat f : {TreeFormat::Compact, TreeFormat::Json, TreeFormat::Text, TreeFormat::Dot,
                         TreeFormat::Svg})
        if (name == tree_format_name(f)) return f;
    return std::nullopt;
}

std::string score_text(const Score& s) {
    if (s.is_mate()) return "#" + std::to_string(s.value);
    char buf[24];
    std::snprintf(buf, sizeof buf, "%+.2f", s.value / 100.0);
    return buf;
}

ojson tree_to_compact(const StrategyTree& tree) { return compact_children(tree.root); }

ojson tree_to_json(const StrategyTree& tree) {
    ojson j;
    j["fen"] = tree.root.fen;
    j["solver"] = color_name(tree.solver);
    j["chess960"] = tree.chess960;
    j["plies"] = tree.options.plies;
    j["breadth"] = tree.options.breadth;
    j["limits"] = limits_json(tree.options.limits);
    j["reproducible"] = tree.options.reproducible;
    j["root"] = node_json(tree.root);
    if (!tree.ok()) j["error"] = tree.error;
    return j;
}

std::string tree_to_text(const StrategyTree& tree) {
    std::string out =
        color_title(tree.solver) + std::string(" to move (solver): ") + tree.root.fen + "\n";
    out += std::to_string(tree.options.plies) + " plies, breadth " +
           std::to_string(tree.options.breadth) + ", " + limits_text(tree.options.limits) +
           "; root " + node_summary(tree.root) + "\n";
    text_lines(tree.root, 0, out);
    if (!tree.ok()) out += "error: " + tree.error + "\n";
    return out;
}

std::string tree_to_dot(const StrategyTree& tree) {
    std::string out = "digraph strategy_tree {\n";
    out += "  graph [rankdir=LR, fontname=\"Helvetica\", labelloc=t, label=\"" +
           dot_escape(tree.root.fen) + "\\n" + std::to_string(tree.options.plies) +
           " plies, breadth " + std::to_string(tree.options.breadth) + ", " +
           dot_escape(limits_text(tree.options.limits)) + "\"];\n";
    out += "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=11];\n";
    out += "  edge [color=\"#777777\"];\n";
    out += "  n0 [label=\"" + std::string(color_title(tree.solver)) + " to move\\n" +
           dot_escape(node_summary(tree.root)) + "\", shape=ellipse, fillcolor=\"#ffffff\"" +
           (tree.root.outcome ? ", peripheries=2" : "") + "];\n";
    int next = 1;
    dot_nodes(tree.root, 0, tree.solver, next, out);
    out += "}\n";
    return out;
}

std::string tree_to_svg(const StrategyTree& tree) {
    SvgLayout layout;
    svg_subtree(tree.root, 0, tree.solver, "", layout);
    const int columns = tree_depth(tree.root) + 1;
    const double width = std::max(2 * Margin + (columns - 1) * ColW + BoxW, 420.0);
    const double height = HeaderH + std::max(layout.rows, 1) * RowH + Margin;
    std::string header = tree.root.fen + " | " + std::to_string(tree.options.plies) +
                         " plies, breadth " + std::to_string(tree.options.breadth) + ", " +
                         limits_text(tree.options.limits);
    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"tree\" viewBox=\"0 0 " +
                      svg_number(width) + " " + svg_number(height) + "\" width=\"" +
                      svg_number(width) + "\" height=\"" + svg_number(height) +
                      "\" font-family=\"sans-serif\" role=\"img\"><title>Strategy tree of " +
                      xml_escape(tree.root.fen) + "</title>";
    out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>";
    out += "<text x=\"" + svg_number(Margin) + "\" y=\"20\" font-size=\"12\" fill=\"#333333\">" +
           xml_escape(header) + "</text>";
    if (!tree.ok())
        out += "<text x=\"" + svg_number(Margin) + "\" y=\"34\" font-size=\"11\" " +
               "fill=\"#b00000\">error: " + xml_escape(tree.error) + "</text>";
    out += layout.edges + layout.boxes + "</svg>\n";
    return out;
}

std::string format_tree(const StrategyTree& tree, TreeFormat format) {
    switch (format) {
    case TreeFormat::Compact: return tree_to_compact(tree).dump() + "\n";
    case TreeFormat::Json: return tree_to_json(tree).dump(2) + "\n";
    case TreeFormat::Text: return tree_to_text(tree);
    case TreeFormat::Dot: return tree_to_dot(tree);
    case TreeFormat::Svg: return tree_to_svg(tree);
    }
    return "";
}

ojson tree_to_info_json(const StrategyTree& tree) {
    ojson j;
    j["fen"] = tree.root.fen;
    j["solver"] = color_name(tree.solver);
    j["plies"] = tree.options.plies;
    j["breadth"] = tree.options.breadth;
    j["limits"] = limits_json(tree.options.limits);
    const TreeNode* best = best_child(tree);
    if (best) j["best"] = {{"san", best->san}, {"uci", best->uci}};
    if (tree.root.score) j["score"] = ojson(score_to_json(*tree.root.score));
    j["win"] = round_1dp(tree.root.win);
    j["size"] = tree.stats.nodes > 0 ? tree.stats.nodes - 1 : 0;
    j["tree"] = tree_to_compact(tree);
    std::string text = color_title(tree.solver) + std::string(" to move: ");
    if (!tree.ok()) {
        j["error"] = tree.error;
        text += "no tree, " + tree.error;
    } else if (tree.root.outcome) {
        text += "game over, " + outcome_text(*tree.root.outcome);
    } else if (best) {
        text += "best " + best->san + " (" +
                (tree.root.score ? score_text(*tree.root.score) + ", " : std::string()) + "win " +
                win_text(tree.root.win) + "), main line " + main_line(tree) + ", tree of " +
                std::to_string(tree.stats.nodes - 1) + " moves over " +
                std::to_string(tree.options.plies) + " plies";
    }
    j["text"] = text;
    return j;
}

}  // namespace glossfish
