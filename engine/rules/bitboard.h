// Bitboards: set operations, attack tables (magic bitboards for sliders) and ray tables.
#pragma once

#include <bit>

#include "rules/types.h"

namespace glossfish {

constexpr Bitboard FileABB = 0x0101010101010101ULL;
constexpr Bitboard Rank1BB = 0xFFULL;
constexpr Bitboard LightSquares = 0x55AA55AA55AA55AAULL;
constexpr Bitboard DarkSquares = ~LightSquares;

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard file_bb(int f) { return FileABB << f; }
constexpr Bitboard rank_bb(int r) { return Rank1BB << (8 * r); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}
constexpr bool more_than_one(Bitboard b) { return b & (b - 1); }

template <int D>
constexpr Bitboard shift(Bitboard b) {
    if constexpr (D == 8) return b << 8;
    else if constexpr (D == -8) return b >> 8;
    else if constexpr (D == 16) return b << 16;
    else if constexpr (D == -16) return b >> 16;
    else if constexpr (D == 1) return (b & ~file_bb(FileH)) << 1;
    else if constexpr (D == -1) return (b & ~file_bb(FileA)) >> 1;
    else if constexpr (D == 9) return (b & ~file_bb(FileH)) << 9;
    else if constexpr (D == 7) return (b & ~file_bb(FileA)) << 7;
    else if constexpr (D == -7) return (b & ~file_bb(FileH)) >> 7;
    else if constexpr (D == -9) return (b & ~file_bb(FileA)) >> 9;
    else return 0;
}

// Squares attacked by all pawns of colour c in b.
template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard b) {
    return C == White ? shift<7>(b) | shift<9>(b) : shift<-7>(b) | shift<-9>(b);
}

namespace detail {
struct Magic {
    Bitboard mask;
    Bitboard magic;
    Bitboard* attacks;
    unsigned shift;
    unsigned index(Bitboard occupied) const {
        return unsigned(((occupied & mask) * magic) >> shift);
    }
};
extern Magic RookMagics[SquareNb];
extern Magic BishopMagics[SquareNb];
extern Bitboard PawnAttacks[ColorNb][SquareNb];
extern Bitboard PseudoAttacks[PieceTypeNb][SquareNb];
extern Bitboard BetweenBB[SquareNb][SquareNb];
extern Bitboard LineBB[SquareNb][SquareNb];
}  // namespace detail

// Fills the tables; safe to call more than once and from several threads.
void init_bitboards();

inline Bitboard pawn_attacks(Color c, Square s) { return detail::PawnAttacks[c][s]; }
inline Bitboard knight_attacks(Square s) { return detail::PseudoAttacks[Knight][s]; }
inline Bitboard king_attacks(Square s) { return detail::PseudoAttacks[King][s]; }
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
    const auto& m = detail::BishopMagics[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
    const auto& m = detail::RookMagics[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
    return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}
// Attacks of a non-pawn piece type from s on an empty board.
inline Bitboard pseudo_attacks(PieceType pt, Square s) { return detail::PseudoAttacks[pt][s]; }
// Attacks of piece type pt (not a pawn) from s with the given occupancy.
inline Bitboard attacks_bb(PieceType pt, Square s, Bitboard occupied) {
    switch (pt) {
    case Bishop: return bishop_attacks(s, occupied);
    case Rook: return rook_attacks(s, occupied);
    case Queen: return queen_attacks(s, occupied);
    default: return detail::PseudoAttacks[pt][s];
    }
}
// Squares strictly between a and b when aligned on a line, else 0.
inline Bitboard between_bb(Square a, Square b) { return detail::BetweenBB[a][b]; }
// The whole line (edge to edge) through a and b when aligned, else 0.
inline Bitboard line_bb(Square a, Square b) { return detail::LineBB[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }

}  // namespace glossfish
