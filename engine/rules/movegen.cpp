// Legal move generation: checks, pins and en passant are resolved while generating, so every
// move produced is legal and no make/unmake test is needed.
#include "rules/movegen.h"

namespace glossfish {

namespace {

template <Color Us>
Move* add_promotions(Move* out, Square from, Square to) {
    for (PieceType pt : {Queen, Rook, Bishop, Knight}) *out++ = Move::make(from, to, Promotion, pt);
    return out;
}

template <int D>
Move* add_pawn_moves(Move* out, Bitboard targets) {
    while (targets) {
        Square to = pop_lsb(targets);
        *out++ = Move(to - D, to);
    }
    return out;
}

template <int D>
Move* add_pawn_promotions(Move* out, Bitboard targets) {
    while (targets) {
        Square to = pop_lsb(targets);
        for (PieceType pt : {Queen, Rook, Bishop, Knight})
            *out++ = Move::make(to - D, to, Promotion, pt);
    }
    return out;
}

// Is s attacked by colour c with occupancy occ? Cheap pieces are tried first.
inline bool attacked(const Position& pos, Color c, Square s, Bitboard occ) {
    Bitboard them = pos.occupied_co(c);
    return (pawn_attacks(~c, s) & pos.pieces(Pawn) & them) ||
           (knight_attacks(s) & pos.pieces(Knight) & them) ||
           (king_attacks(s) & pos.pieces(King) & them) ||
           (bishop_attacks(s, occ) & pos.pieces(Bishop, Queen) & them) ||
           (rook_attacks(s, occ) & pos.pieces(Rook, Queen) & them);
}

template <Color Us>
Move* generate(const Position& pos, Move* out) {
    constexpr Color Them = ~Us;
    constexpr int Up = Us == White ? 8 : -8;
    constexpr int UpLeft = Us == White ? 7 : -9;
    constexpr int UpRight = Us == White ? 9 : -7;
    const Bitboard PromoRank = rank_bb(Us == White ? 6 : 1);
    const Bitboard DoubleRank = rank_bb(Us == White ? 2 : 5);

    const Bitboard occ = pos.occupied();
    const Bitboard own = pos.occupied_co(Us), enemy = pos.occupied_co(Them);
    const Square ksq = pos.king(Us);
    const Bitboard checkers = pos.attackers(Them, ksq, occ);

    // King steps, tested with the king lifted off the board so sliders see through it.
    const Bitboard occ_no_king = occ ^ square_bb(ksq);
    for (Bitboard b = king_attacks(ksq) & ~own; b;) {
        Square to = pop_lsb(b);
        if (!attacked(pos, Them, to, occ_no_king)) *out++ = Move(ksq, to);
    }
    if (more_than_one(checkers)) return out;

    const Bitboard target = checkers ? between_bb(ksq, lsb(checkers)) | checkers : ~Bitboard(0);

    // Own pieces pinned to the king.
    Bitboard pinned = 0;
    Bitboard snipers = ((pseudo_attacks(Rook, ksq) & pos.pieces(Rook, Queen)) |
                        (pseudo_attacks(Bishop, ksq) & pos.pieces(Bishop, Queen))) &
                       enemy;
    while (snipers) {
        Bitboard b = between_bb(ksq, pop_lsb(snipers)) & occ;
        if (!more_than_one(b)) pinned |= b & own;
    }

    // Pawns that are not pinned, all at once.
    const Bitboard empty = ~occ;
    const Bitboard pawns = pos.pieces(Pawn, Us) & ~pinned;
    {
        Bitboard normal = pawns & ~PromoRank, promo = pawns & PromoRank;
        Bitboard push1 = shift<Up>(normal) & empty;
        Bitboard push2 = shift<Up>(push1 & DoubleRank) & empty;
        out = add_pawn_moves<UpLeft>(out, shift<UpLeft>(normal) & enemy & target);
        out = add_pawn_moves<UpRight>(out, shift<UpRight>(normal) & enemy & target);
        out = add_pawn_moves<Up>(out, push1 & target);
        out = add_pawn_moves<Up + Up>(out, push2 & target);
        if (promo) {
            out = add_pawn_promotions<UpLeft>(out, shift<UpLeft>(promo) & enemy & target);
            out = add_pawn_promotions<UpRight>(out, shift<UpRight>(promo) & enemy & target);
            out = add_pawn_promotions<Up>(out, shift<Up>(promo) & empty & target);
        }
    }
    // Pinned pawns, one by one, along their pin line.
    for (Bitboard b = pos.pieces(Pawn, Us) & pinned; b;) {
        Square from = pop_lsb(b);
        Bitboard allowed = target & line_bb(ksq, from);
        Bitboard dests = pawn_attacks(Us, from) & enemy;
        Bitboard one = shift<Up>(square_bb(from)) & empty;
        dests |= one | (shift<Up>(one & DoubleRank) & empty);
        for (dests &= allowed; dests;) {
            Square to = pop_lsb(dests);
            if (square_bb(from) & PromoRank) out = add_promotions<Us>(out, from, to);
            else *out++ = Move(from, to);
        }
    }
    // En passant: decided by the occupancy after the capture (covers pins along the rank).
    if (Square ep = pos.ep_square(); ep != NoSquare) {
        Square capsq = ep - Up;
        for (Bitboard b = pawn_attacks(Them, ep) & pos.pieces(Pawn, Us); b;) {
            Square from = pop_lsb(b);
            Bitboard after = (occ ^ square_bb(from) ^ square_bb(capsq)) | square_bb(ep);
            if (!(pos.attackers(Them, ksq, after) & ~square_bb(capsq)))
                *out++ = Move::make(from, ep, EnPassant);
        }
    }

    // Knights (a pinned knight never moves), then sliders.
    for (Bitboard b = pos.pieces(Knight, Us) & ~pinned; b;) {
        Square from = pop_lsb(b);
        for (Bitboard d = knight_attacks(from) & ~own & target; d;) *out++ = Move(from, pop_lsb(d));
    }
    for (Bitboard b = (pos.pieces(Bishop) | pos.pieces(Rook) | pos.pieces(Queen)) & own; b;) {
        Square from = pop_lsb(b);
        Bitboard d = attacks_bb(type_of(pos.piece_at(from)), from, occ) & ~own & target;
        if (pinned & square_bb(from)) d &= line_bb(ksq, from);
        while (d) *out++ = Move(from, pop_lsb(d));
    }

    // Castling: path empty, king not in check, crossed squares not attacked, and the king
    // safe on its destination once king and rook have moved (matters in Chess960).
    if (!checkers &&
        (pos.castling_rights() & (Us == White ? WhiteOO | WhiteOOO : BlackOO | BlackOOO))) {
        for (bool king_side : {true, false}) {
            CastlingRight cr = castling_right(Us, king_side);
            if (!pos.has_castling_right(cr) || (pos.castling_path(cr) & occ)) continue;
            Square rsq = pos.castling_rook(cr);
            Square kto = castle_king_to(Us, king_side), rto = castle_rook_to(Us, king_side);
            Bitboard crossed = pos.castling_king_path(cr) & ~square_bb(kto);
            bool safe = true;
            while (crossed && safe) safe = !attacked(pos, Them, pop_lsb(crossed), occ);
            Bitboard after =
                (occ ^ square_bb(ksq) ^ square_bb(rsq)) | square_bb(kto) | square_bb(rto);
            if (safe && !attacked(pos, Them, kto, after)) *out++ = Move::make(ksq, rsq, Castling);
        }
    }
    return out;
}

}  // namespace

Move* generate_legal(const Position& pos, Move* out) {
    return pos.side_to_move() == White ? generate<White>(pos, out) : generate<Black>(pos, out);
}

}  // namespace glossfish
