// Legal move generation.
#pragma once

#include <cstddef>

#include "rules/position.h"

namespace glossfish {

constexpr int MaxMoves = 256;

// Writes every legal move of pos to out (room for MaxMoves) and returns the end.
Move* generate_legal(const Position& pos, Move* out);

// The legal moves of a position, in generation order.
class MoveList {
public:
    explicit MoveList(const Position& pos) : end_(generate_legal(pos, moves_)) {}
    const Move* begin() const { return moves_; }
    const Move* end() const { return end_; }
    std::size_t size() const { return std::size_t(end_ - moves_); }
    bool empty() const { return end_ == moves_; }
    bool contains(Move m) const {
        for (Move x : *this)
            if (x == m) return true;
        return false;
    }

private:
    Move moves_[MaxMoves];
    Move* end_;
};

}  // namespace glossfish
