// Static exchange evaluation with the swap list: each capture's gain is stored assuming the
// exchange stops after it, then the list is folded back letting each side stop when it pays.
//
// Conventions:
// - Attackers are recomputed from the shrinking occupancy after every capture, so sliders
//   behind sliders (and bishops/queens behind pawns on diagonals) join as x-rays.
// - Pins: board queries follow python-chess (a pinned piece still attacks). For SEE a piece
//   absolutely pinned to its own king along a line that does not contain the target square is
//   left out of the exchange, since capturing would be illegal; it joins again once its pinner
//   has left its square (the pinner can only leave by capturing on the target). Pins are taken
//   from the position before the move; pins created during the exchange are not seen.
// - The king captures only when the other side has no attacker left on the square; that test
//   counts pinned enemy pieces too (a pinned piece still gives check).
// - A pawn that captures onto its last rank, first move or recapture, gains (queen - pawn), or
//   (promotion piece - pawn) for the first move, and the promoted piece is what can be taken.
// - The first move is played as given. A king stepping onto a defended square (an illegal
//   move) therefore scores as losing the king, which counts KingSeeValue.
#include "rules/see.h"

#include <algorithm>
#include <iterator>

#include "rules/bitboard.h"

namespace glossfish {
namespace {

constexpr int KingSeeValue = 20000;

int see_value(PieceType pt) { return pt == King ? KingSeeValue : PieceValue[pt]; }

// Pieces of one colour kept out of the exchange by a pin, each with the square of its pinner.
struct SeePins {
    int count = 0;
    Square piece[8] = {};
    Square pinner[8] = {};

    // The pinned pieces whose pinner still stands on its square in occ.
    Bitboard excluded(Bitboard occ) const {
        Bitboard out = 0;
        for (int i = 0; i < count; ++i)
            if (occ & square_bb(pinner[i])) out |= square_bb(piece[i]);
        return out;
    }
};

// The pieces of colour c pinned to their king along a line that does not contain target.
SeePins pins_off_line(const Position& pos, Color c, Square target) {
    SeePins pins;
    Bitboard blockers = pos.blockers_for_king(c) & pos.occupied_co(c);
    while (blockers && pins.count < 8) {
        Square s = pop_lsb(blockers);
        PinInfo info = pos.pin(c, s);
        if (info.pinned && !(info.ray & square_bb(target))) {
            pins.piece[pins.count] = s;
            pins.pinner[pins.count] = info.pinner;
            ++pins.count;
        }
    }
    return pins;
}

}  // namespace

int see(const Position& pos, Move m) {
    const Square from = m.from(), to = m.to();
    const Piece mover = pos.piece_at(from);
    if (m.kind() == Castling || mover == NoPiece) return 0;

    const Color us = color_of(mover);
    const SeePins pins[ColorNb] = {pins_off_line(pos, White, to), pins_off_line(pos, Black, to)};
    Bitboard occ = pos.occupied() ^ square_bb(from);

    // gain[d]: the balance for the side making capture d if the exchange stops after it.
    int gain[40];
    int d = 0;
    if (m.kind() == EnPassant) {
        occ ^= square_bb(to - pawn_push(us));
        gain[0] = PieceValue[Pawn];
    } else {
        Piece victim = pos.piece_at(to);
        gain[0] = victim == NoPiece ? 0 : see_value(type_of(victim));
    }
    int on_square = see_value(type_of(mover));  // what the next capture on `to` would win
    if (m.kind() == Promotion) {
        gain[0] += PieceValue[m.promotion()] - PieceValue[Pawn];
        on_square = PieceValue[m.promotion()];
    }

    Color side = ~us;
    while (d + 1 < int(std::size(gain))) {
        Bitboard attackers = pos.attackers_to(to, occ) & occ;
        Bitboard ours = attackers & pos.occupied_co(side) & ~pins[side].excluded(occ);
        if (!ours) break;

        PieceType pt = Pawn;
        while (!(ours & pos.pieces(pt))) pt = PieceType(pt + 1);
        Square sq = lsb(ours & pos.pieces(pt));

        if (pt == King) {
            Bitboard after = occ ^ square_bb(sq);
            if (pos.attackers_to(to, after) & after & pos.occupied_co(~side)) break;
        }

        int promo_gain = 0;
        int next_on_square = see_value(pt);
        if (pt == Pawn && relative_rank(side, to) == Rank8) {
            promo_gain = PieceValue[Queen] - PieceValue[Pawn];
            next_on_square = PieceValue[Queen];
        }
        ++d;
        gain[d] = on_square + promo_gain - gain[d - 1];
        on_square = next_on_square;
        occ ^= square_bb(sq);
        side = ~side;
    }

    // Fold back: the side able to make capture d makes it only when that beats stopping
    // (-gain[d - 1] for it); the side before it gets the negation of that choice.
    for (; d > 0; --d) gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
    return gain[0];
}

bool see_ge(const Position& pos, Move m, int threshold) { return see(pos, m) >= threshold; }

}  // namespace glossfish
