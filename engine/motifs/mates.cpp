// Mate themes: mateIn1..mateIn5 from the line's length, and the named patterns of the final
// position (smothered, back rank, Anastasia, hook, Arabian, Boden, double bishop, dovetail).
#include "motifs/motif_line.h"

namespace glossfish::motifs {

namespace {

Bitboard king_zone(Square king) { return king_attacks(king) | square_bb(king); }

// The king cannot move: every neighbour holds one of its own pieces.
bool smothered(const Position& end, Color pov) {
    const Square king = end.king(~pov);
    Bitboard checkers = end.checkers();
    while (checkers) {
        if (type_of(end.piece_at(pop_lsb(checkers))) != Knight) continue;
        // The first knight among the checkers decides.
        return (king_attacks(king) & ~end.occupied_co(~pov)) == 0;
    }
    return false;
}

// The king on its back rank, boxed in by its own unattacked pieces on the rank in front, mated
// by a piece on the back rank.
bool back_rank(const Position& end, Color pov) {
    const Square king = end.king(~pov);
    const int back = pov == White ? Rank8 : Rank1;
    if (rank_of(king) != back) return false;
    const int forward = pov == White ? -1 : 1;
    const int rank = back + forward;
    for (int df = -1; df <= 1; ++df) {
        const int f = file_of(king) + df;
        if (f < 0 || f > 7) continue;
        const Square s = make_square(f, rank);
        const Piece p = end.piece_at(s);
        if (p == NoPiece || color_of(p) == pov || end.attackers(pov, s)) return false;
    }
    Bitboard checkers = end.checkers();
    while (checkers)
        if (rank_of(pop_lsb(checkers)) == back) return true;
    return false;
}

// King on the a- or h-file (not a corner rank), mated along the file by a rook or queen, its own
// piece beside it and the enemy knight three files in.
bool anastasia(const Position& end, Color pov, const Node& last) {
    const Square king = end.king(~pov);
    const int kf = file_of(king), kr = rank_of(king);
    if ((kf != 0 && kf != 7) || kr == 0 || kr == 7) return false;
    if (file_of(last.to) != kf) return false;
    if (last.moved_type() != Queen && last.moved_type() != Rook) return false;
    const int dir = kf == 0 ? 1 : -1;
    const Piece blocker = end.piece_at(make_square(kf + dir, kr));
    if (blocker == NoPiece || color_of(blocker) == pov) return false;
    return end.piece_at(make_square(kf + 3 * dir, kr)) == make_piece(pov, Knight);
}

// A rook next to the king, guarded by a knight next to the king that a pawn guards.
bool hook(const Position& end, Color pov, const Node& last) {
    const Square king = end.king(~pov);
    if (last.moved_type() != Rook || square_distance(last.to, king) != 1) return false;
    Bitboard guards = end.attackers(pov, last.to);
    while (guards) {
        const Square g = pop_lsb(guards);
        if (type_of(end.piece_at(g)) != Knight || square_distance(g, king) != 1) continue;
        Bitboard pawn_guards = end.attackers(pov, g);
        while (pawn_guards)
            if (type_of(end.piece_at(pop_lsb(pawn_guards))) == Pawn) return true;
    }
    return false;
}

// King in a corner, a rook next to it guarded by a knight two files and two ranks away.
bool arabian(const Position& end, Color pov, const Node& last) {
    const Square king = end.king(~pov);
    const int kf = file_of(king), kr = rank_of(king);
    if ((kf != 0 && kf != 7) || (kr != 0 && kr != 7)) return false;
    if (last.moved_type() != Rook || square_distance(last.to, king) != 1) return false;
    Bitboard guards = end.attackers(pov, last.to);
    while (guards) {
        const Square g = pop_lsb(guards);
        if (type_of(end.piece_at(g)) != Knight) continue;
        const int df = file_of(g) - kf, dr = rank_of(g) - kr;
        if ((df == 2 || df == -2) && (dr == 2 || dr == -2)) return true;
    }
    return false;
}

// Two bishops and nothing else of the winner control the king and its neighbours: Boden when
// the bishops stand on either side of the king's file, double bishop otherwise.
std::string two_bishops(const Position& end, Color pov) {
    const Bitboard bishops = end.pieces(Bishop, pov);
    if (popcount(bishops) < 2) return {};
    const Square king = end.king(~pov);
    Bitboard zone = king_zone(king);
    while (zone) {
        Bitboard attackers = end.attackers(pov, pop_lsb(zone));
        if (attackers & ~end.pieces(Bishop)) return {};
    }
    Bitboard b = bishops;
    const Square first = pop_lsb(b), second = pop_lsb(b);
    const bool first_left = file_of(first) < file_of(king);
    const bool second_right = file_of(second) > file_of(king);
    return first_left == second_right ? "bodenMate" : "doubleBishopMate";
}

// A queen mates diagonally next to the king (not on the edge) and nothing else of the winner
// covers its flight squares, which are empty where only the queen covers them.
bool dovetail(const Position& end, Color pov, const Node& last) {
    const Square king = end.king(~pov);
    const int kf = file_of(king), kr = rank_of(king);
    if (kf == 0 || kf == 7 || kr == 0 || kr == 7) return false;
    const Square queen = last.to;
    if (last.moved_type() != Queen || file_of(queen) == kf || rank_of(queen) == kr ||
        square_distance(queen, king) > 1)
        return false;
    Bitboard around = king_attacks(king) & ~square_bb(queen);
    while (around) {
        const Square s = pop_lsb(around);
        const Bitboard attackers = end.attackers(pov, s);
        if (attackers == square_bb(queen)) {
            if (end.piece_at(s) != NoPiece) return false;
        } else if (attackers) {
            return false;
        }
    }
    return true;
}

}  // namespace

std::optional<std::string> mate_in(const Line& l) {
    const int last = l.size() - 1;
    if (last < 1 || !l.is_checkmate(last)) return std::nullopt;
    const int moves = l.size() / 2;
    return "mateIn" + std::to_string(moves < 5 ? moves : 5);
}

std::string mate_pattern_at_end(const Position& end, Color pov, const Node& last) {
    if (smothered(end, pov)) return "smotheredMate";
    if (back_rank(end, pov)) return "backRankMate";
    if (anastasia(end, pov, last)) return "anastasiaMate";
    if (hook(end, pov, last)) return "hookMate";
    if (arabian(end, pov, last)) return "arabianMate";
    if (std::string b = two_bishops(end, pov); !b.empty()) return b;
    if (dovetail(end, pov, last)) return "dovetailMate";
    return {};
}

}  // namespace glossfish::motifs
