// Perft: counts leaf nodes of the legal move tree, as Stockfish's "go perft" does.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "rules/position.h"

namespace glossfish {

// Leaf nodes at depth (depth 0 counts 1). The position is restored on return.
std::uint64_t perft(Position& pos, int depth);

// Per root move: the move and its subtree count at depth - 1, in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace glossfish
