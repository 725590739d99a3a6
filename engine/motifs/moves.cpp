// Themes of the solver's moves themselves: advanced pawns, promotions, en passant, castling,
// sacrifices, quiet and defensive moves, the attack on f2/f7.
#include "motifs/motif_line.h"

namespace glossfish::motifs {

namespace {

// The solver's move at node k attacks no enemy piece from where it lands.
bool attacks_nothing(const Line& l, int k) {
    return attacked_opponent_squares(l.board(k), l[k].to, l.pov()) == 0;
}

}  // namespace

bool advanced_pawn(const Line& l) {
    for (int k = 1; k < l.size(); k += 2)
        if (advanced_pawn_move(l[k], l.pov(), true)) return true;
    return false;
}

bool sacrifice(const Line& l) {
    const int initial = material_diff(l.board(0), l.pov());
    for (int k = 3; k < l.size(); k += 2) {
        if (material_diff(l.board(k), l.pov()) - initial > -2) continue;
        // Not when the opponent promotes somewhere in the line.
        for (int j = 2; j < l.size(); j += 2)
            if (l[j].promotion != NoPieceType) return false;
        return true;
    }
    return false;
}

bool quiet_move(const Line& l) {
    for (int k = 1; k < l.size() - 1; k += 2) {
        const Node& n = l[k];
        if (n.check || l[k - 1].check || n.capture) continue;
        if (!attacks_nothing(l, k)) continue;
        if (advanced_pawn_move(n, l.pov(), false) || n.moved_type() == King) continue;
        return true;
    }
    return false;
}

bool defensive_move(const Line& l) {
    const int last = l.size() - 1;
    if (last < 1 || l.legal_count(last - 1) < 3) return false;
    const Node& n = l[last];
    if (n.check || n.capture) return false;
    if (!attacks_nothing(l, last)) return false;
    // The mover of the last node: the solver when the line ends with a solver move.
    const Color mover = last % 2 == 1 ? l.pov() : ~l.pov();
    return !advanced_pawn_move(n, mover, false);
}

bool check_escape(const Line& l) {
    for (int k = 1; k < l.size(); k += 2) {
        const Node& n = l[k];
        if (n.check || n.capture) return false;
        if (l.legal_count(k - 1) < 3) return false;
        if (l[k - 1].check) return true;
    }
    return false;
}

bool attacking_f2_f7(const Line& l) {
    for (int k = 1; k < l.size(); k += 2) {
        const Node& n = l[k];
        if (n.at_to_before == NoPiece || (n.to != F2 && n.to != F7)) continue;
        // The first capture on f2 or f7 decides.
        const Piece king = l.board(k).piece_at(n.to == F7 ? E8 : E1);
        return king != NoPiece && type_of(king) == King && color_of(king) != l.pov();
    }
    return false;
}

bool en_passant(const Line& l) {
    for (int k = 1; k < l.size(); k += 2) {
        const Node& n = l[k];
        if (n.moved_type() == Pawn && file_of(n.from) != file_of(n.to) && n.at_to_before == NoPiece)
            return true;
    }
    return false;
}

bool castling(const Line& l) {
    for (int k = 1; k < l.size(); k += 2)
        if (l[k].castling) return true;
    return false;
}

bool promotion(const Line& l) {
    for (int k = 1; k < l.size(); k += 2)
        if (l[k].promotion != NoPieceType) return true;
    return false;
}

bool under_promotion(const Line& l) {
    for (int k = 1; k < l.size(); k += 2) {
        const Node& n = l[k];
        if (l.is_checkmate(k)) return n.promotion == Knight;
        if (n.promotion != NoPieceType && n.promotion != Queen) return true;
    }
    return false;
}

}  // namespace glossfish::motifs
