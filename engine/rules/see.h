// Static exchange evaluation: the material outcome of the captures on one square.
#pragma once

#include "rules/position.h"
#include "rules/types.h"

namespace glossfish {

// The material balance, in centipawns from the mover's view, of playing m and then letting
// both sides capture on m.to() least valuable attacker first, each free to stop; PieceValue
// values, x-rays revealed as pieces leave, promotions counted. Castling scores 0.
int see(const Position& pos, Move m);

// Whether see(pos, m) >= threshold.
bool see_ge(const Position& pos, Move m, int threshold);

}  // namespace glossfish
