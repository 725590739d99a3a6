// Themes of the board around the line: an exposed king, attacks on the king's wing, and the
// endgame the material makes.
#include "motifs/motif_line.h"

namespace glossfish::motifs {

bool exposed_king(const Line& l) {
    const Position& start = l.board(0);
    const Color pov = l.pov();
    const Square king = start.king(~pov);
    // The enemy king on its own three ranks (seen from the solver), with no pawn in front of it
    // or beside it.
    if (relative_rank(pov, king) < 5) return false;
    const int toward = pov == White ? -1 : 1;
    const Bitboard their_pawns = start.pieces(Pawn, ~pov);
    const int kf = file_of(king), kr = rank_of(king);
    for (int df = -1; df <= 1; ++df) {
        const int f = kf + df;
        if (f < 0 || f > 7) continue;
        if (their_pawns & square_bb(make_square(f, kr + toward))) return false;
        if (df != 0 && (their_pawns & square_bb(make_square(f, kr)))) return false;
    }
    // A check by a solver move other than the first and the last.
    const int last_solver = (l.size() - 1) % 2 == 1 ? l.size() - 1 : l.size() - 2;
    for (int k = 3; k < last_solver; k += 2)
        if (l[k].check) return true;
    return false;
}

namespace {

bool side_attack(const Line& l, int corner_file, int file_lo, int file_hi, int min_pieces) {
    const Color pov = l.pov();
    const int back = pov == White ? Rank8 : Rank1;
    const Position& start = l.board(0);
    const Square king = start.king(~pov);
    // Lichess reads a king on a1 as no king (square 0 is false in Python).
    if (king == A1 || rank_of(king) != back || file_of(king) < file_lo || file_of(king) > file_hi ||
        popcount(start.occupied()) < min_pieces)
        return false;
    bool any_check = false;
    for (int k = 1; k < l.size(); k += 2) any_check = any_check || l[k].check;
    if (!any_check) return false;
    int score = 0;
    const Square corner = make_square(corner_file, back);
    for (int k = 1; k < l.size(); k += 2) {
        const Node& n = l[k];
        const int dist = square_distance(corner, n.to);
        if (n.check) ++score;
        if (n.capture && dist <= 3) ++score;
        else if (dist >= 5) --score;
    }
    return score >= 2;
}

// Only kings, pawns and pieces of type pt, with at least one pt on the board.
bool piece_ending(const Position& pos, PieceType pt) {
    if (!pos.pieces(pt)) return false;
    return (pos.occupied() & ~pos.pieces(King) & ~pos.pieces(Pawn) & ~pos.pieces(pt)) == 0;
}

bool queen_rook_ending(const Position& pos) {
    return popcount(pos.pieces(Queen)) == 1 && pos.pieces(Rook) &&
           (pos.pieces(Knight) | pos.pieces(Bishop)) == 0;
}

}  // namespace

bool kingside_attack(const Line& l) { return side_attack(l, 7, 6, 7, 20); }

bool queenside_attack(const Line& l) { return side_attack(l, 0, 0, 2, 18); }

std::string endgame_theme(const Line& l) {
    if (l.size() < 2) return {};
    const Position& a = l.board(0);
    const Position& b = l.board(1);
    static constexpr std::pair<PieceType, const char*> Endings[] = {{Pawn, "pawnEndgame"},
                                                                    {Queen, "queenEndgame"},
                                                                    {Rook, "rookEndgame"},
                                                                    {Bishop, "bishopEndgame"},
                                                                    {Knight, "knightEndgame"}};
    for (const auto& [pt, name] : Endings)
        if (piece_ending(a, pt) && piece_ending(b, pt)) return name;
    if (queen_rook_ending(a) && queen_rook_ending(b)) return "queenRookEndgame";
    return {};
}

}  // namespace glossfish::motifs
