// Material counts, file status and pawn-structure features from bitboards.
#include "rules/structure.h"

#include "rules/bitboard.h"

namespace glossfish {
namespace {

constexpr int MaterialPoints[PieceTypeNb] = {0, 1, 3, 3, 5, 9, 0};

// The files beside file f (one or two).
Bitboard neighbour_files(int f) {
    return (f > FileA ? file_bb(f - 1) : 0) | (f < FileH ? file_bb(f + 1) : 0);
}

// The ranks strictly in front of square s, seen from colour c.
Bitboard ranks_in_front(Color c, Square s) {
    int r = rank_of(s);
    if (c == White) return r == Rank8 ? 0 : ~Bitboard(0) << (8 * (r + 1));
    return r == Rank1 ? 0 : ~Bitboard(0) >> (8 * (8 - r));
}

}  // namespace

Material material(const Position& pos, Color c) {
    Material m;
    m.pawns = popcount(pos.pieces(Pawn, c));
    m.knights = popcount(pos.pieces(Knight, c));
    m.bishops = popcount(pos.pieces(Bishop, c));
    m.rooks = popcount(pos.pieces(Rook, c));
    m.queens = popcount(pos.pieces(Queen, c));
    m.points = m.pawns * MaterialPoints[Pawn] + m.knights * MaterialPoints[Knight] +
               m.bishops * MaterialPoints[Bishop] + m.rooks * MaterialPoints[Rook] +
               m.queens * MaterialPoints[Queen];
    return m;
}

int material_balance(const Position& pos) {
    return material(pos, White).points - material(pos, Black).points;
}

FileStatus file_status(const Position& pos, int file) {
    Bitboard f = file_bb(file);
    bool white = pos.pieces(Pawn, White) & f;
    bool black = pos.pieces(Pawn, Black) & f;
    if (white && black) return FileStatus::Closed;
    if (white) return FileStatus::HalfOpenBlack;
    if (black) return FileStatus::HalfOpenWhite;
    return FileStatus::Open;
}

const char* file_status_name(FileStatus status) {
    switch (status) {
    case FileStatus::Open: return "open";
    case FileStatus::HalfOpenWhite: return "half_open_white";
    case FileStatus::HalfOpenBlack: return "half_open_black";
    case FileStatus::Closed: return "closed";
    }
    return "?";
}

PawnStructure pawn_structure(const Position& pos, Color c) {
    PawnStructure ps;
    const Bitboard ours = pos.pieces(Pawn, c);
    const Bitboard theirs = pos.pieces(Pawn, ~c);

    for (Bitboard b = ours; b;) {
        Square s = pop_lsb(b);
        int f = file_of(s);
        Bitboard bit = square_bb(s);
        Bitboard front = ranks_in_front(c, s);
        Bitboard level_or_behind = ~front;  // ranks not in front, the pawn's own rank included

        if (!(theirs & front & (file_bb(f) | neighbour_files(f)))) ps.passed |= bit;

        bool isolated = !(ours & neighbour_files(f));
        if (isolated) ps.isolated |= bit;

        if (more_than_one(ours & file_bb(f))) ps.doubled |= bit;

        if (!isolated && !(ours & neighbour_files(f) & level_or_behind) &&
            relative_rank(c, s) < Rank8) {
            Square stop = s + pawn_push(c);
            if (pawn_attacks(c, stop) & theirs) ps.backward |= bit;
        }
    }
    return ps;
}

}  // namespace glossfish
