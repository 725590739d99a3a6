// Strategy-tree serialisations: compact JSON, rich JSON, text outline, Graphviz DOT, info JSON.
#include "tree_format.h"

#include <cmath>
#include <cstdio>

#include "labeler.h"

namespace glossfish {

namespace {

using ojson = nlohmann::ordered_json;

double round1(double x) { return std::round(x * 10) / 10; }

const char* color_name(Color c) { return c == White ? "white" : "black"; }
const char* color_title(Color c) { return c == White ? "White" : "Black"; }

std::string win_text(double win) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.1f%%", round1(win));
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
    j["win"] = round1(n.win);
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

}  // namespace

const char* tree_format_name(TreeFormat f) {
    switch (f) {
    case TreeFormat::Compact: return "compact";
    case TreeFormat::Json: return "json";
    case TreeFormat::Text: return "text";
    case TreeFormat::Dot: return "dot";
    }
    return "compact";
}

std::optional<TreeFormat> parse_tree_format(std::string_view name) {
    for (TreeFormat f : {TreeFormat::Compact, TreeFormat::Json, TreeFormat::Text, TreeFormat::Dot})
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

std::string format_tree(const StrategyTree& tree, TreeFormat format) {
    switch (format) {
    case TreeFormat::Compact: return tree_to_compact(tree).dump() + "\n";
    case TreeFormat::Json: return tree_to_json(tree).dump(2) + "\n";
    case TreeFormat::Text: return tree_to_text(tree);
    case TreeFormat::Dot: return tree_to_dot(tree);
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
    j["win"] = round1(tree.root.win);
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
