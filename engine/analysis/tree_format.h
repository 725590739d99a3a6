// Serialisations of a strategy tree: the verbalization paper's compact nested-SAN JSON, a rich
// JSON (per node san, uci, fen, score, win%), an indented text outline with move numbers,
// Graphviz DOT, a self-drawn SVG picture, and the one-line JSON of `info string glossfish.tree`.
// Children keep their MultiPV order everywhere (ordered JSON objects).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "analysis/strategy_tree.h"

namespace glossfish {

enum class TreeFormat { Compact, Json, Text, Dot, Svg };
const char* tree_format_name(TreeFormat f);  // "compact", "json", "text", "dot", "svg"
std::optional<TreeFormat> parse_tree_format(std::string_view name);

// {"Re8+":{"Rxe8":{"Rxe8#":{}}}}: moves in SAN, nested by ply, leaves {}.
nlohmann::ordered_json tree_to_compact(const StrategyTree& tree);

// Reads a compact tree back from pos (left as it was): every key must be a legal move in strict
// SAN and every value an object, at most MaxCompactTreePlies deep. Returns the tree's depth in
// plies, or -1 with *error set to where and why ("move 'Ke5' after e4 e5: …", "the tree at 'e4'
// is not an object", "the tree is deeper than 256 plies").
inline constexpr int MaxCompactTreePlies = 256;
int compact_tree_depth(Position& pos, const nlohmann::ordered_json& tree, std::string* error);

// {"fen","solver","chess960","plies","breadth","limits","reproducible","root":{node}} and
// "error" when the build failed; node = {"san","uci","fen","ply","score","win","terminal",
// "result","children":[...]} (no san/uci at the root; terminal/result only when game over).
nlohmann::ordered_json tree_to_json(const StrategyTree& tree);

// An indented outline, one move a line: "1. Re8+  #1  97.5%", "  1... Rxe8  #1  97.5%".
std::string tree_to_text(const StrategyTree& tree);

// A Graphviz digraph (`dot -Tsvg`): solver moves blue, opponent moves grey, game-over nodes
// double-bordered.
std::string tree_to_dot(const StrategyTree& tree);

// A standalone SVG picture laid out by us (no Graphviz): plies as columns left to right, each
// move a box "1. Re8+" over its score and win%, solver moves blue, opponent moves grey, game-over
// nodes double-bordered, each parent centred on its children. Boxes are <g class="node solver|
// opponent" data-path="Re8+ Rxe8">, edges <path class="edge">; every text is escaped.
std::string tree_to_svg(const StrategyTree& tree);

// The format's text, ending in a newline.
std::string format_tree(const StrategyTree& tree, TreeFormat format);

// The payload of `info string glossfish.tree`: {"fen","solver","plies","breadth","limits",
// "best":{"san","uci"},"score","win","size","tree":compact,"text"} (+"error"). One line when
// dumped; its text never starts with a move and holds no bare UCI keyword followed by a number.
nlohmann::ordered_json tree_to_info_json(const StrategyTree& tree);

// A score for people, from the solver's view: "+1.25", "-0.40", "#3", "#-2".
std::string score_text(const Score& score);

}  // namespace glossfish
