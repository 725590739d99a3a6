// Perft: counts leaf nodes of the legal move tree, as Stockfish's "go perft" does.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/position.h"

namespace glossfish {

// Perft depth 1..MaxPerftDepth on every surface (UCI go perft, the command line, the plugin).
inline constexpr int MaxPerftDepth = 12;

// Whether a perft depth is allowed; otherwise the one error text every surface gives.
std::optional<std::string> check_perft_depth(long long depth);

// Leaf nodes at depth (depth 0 counts 1). The position is restored on return.
std::uint64_t perft(Position& pos, int depth);

// Per root move: the move and its subtree count at depth - 1, in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace glossfish
