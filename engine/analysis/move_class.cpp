// Move classes from win percentages, the label, the previous move and the position.
#include "analysis/move_class.h"

#include <algorithm>

#include "openings/opening.h"
#include "rules/movegen.h"
#include "rules/see.h"

namespace glossfish {

namespace {

enum class Band { Losing, Equal, Winning };

Band band(double wp) {
    return wp < LosingBelow ? Band::Losing : wp > WinningAbove ? Band::Winning : Band::Equal;
}

bool is_error(std::optional<QualityLabel> l) {
    return l && (*l == QualityLabel::Mistake || *l == QualityLabel::Blunder);
}

// Material of the side to move minus the other side's, in centipawns.
int material_edge(const Position& pos) {
    int edge = 0;
    for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen})
        edge += PieceValue[pt] * (popcount(pos.pieces(pt, pos.side_to_move())) -
                                  popcount(pos.pieces(pt, ~pos.side_to_move())));
    return edge;
}

bool is_sacrifice(const MoveClassInput& in) {
    if (!in.position || in.move == Move::none()) return false;
    if (material_offered(*in.position, in.move) < SacrificeMin) return false;
    if (in.line.empty() || in.line.front() != in.move) return true;
    return sacrifice_holds(*in.position, in.line);
}

}  // namespace

const char* move_class_name(MoveClass c) {
    switch (c) {
    case MoveClass::Brilliant: return "brilliant";
    case MoveClass::Great: return "great";
    case MoveClass::Best: return "best";
    case MoveClass::Excellent: return "excellent";
    case MoveClass::Good: return "good";
    case MoveClass::Book: return "book";
    case MoveClass::Inaccuracy: return "inaccuracy";
    case MoveClass::Mistake: return "mistake";
    case MoveClass::Blunder: return "blunder";
    case MoveClass::Miss: return "miss";
    }
    return "good";
}

int material_offered(const Position& before, Move m) {
    int taken = 0;
    if (before.is_capture(m)) taken += PieceValue[type_of(before.captured_piece(m))];
    if (m.kind() == Promotion) taken += PieceValue[m.promotion()] - PieceValue[Pawn];
    Position after = before;
    after.do_move(m);
    int best = 0;
    for (Move reply : MoveList(after))
        if (after.is_capture(reply)) best = std::max(best, see(after, reply));
    return std::max(0, best - taken);
}

bool sacrifice_holds(const Position& before, const std::vector<Move>& line, int at_least) {
    if (line.size() < 2) return false;
    const Color us = before.side_to_move();
    Position pos = before;
    int net = 0, lowest = 0;
    const std::size_t plies = std::min<std::size_t>(line.size(), 5);
    for (std::size_t i = 0; i < plies; ++i) {
        const Move m = line[i];
        if (!pos.is_legal(m)) return false;
        const Piece cap = pos.captured_piece(m);
        int change = cap == NoPiece ? 0 : PieceValue[type_of(cap)];
        if (m.kind() == Promotion) change += PieceValue[m.promotion()] - PieceValue[Pawn];
        const bool ours = pos.side_to_move() == us;
        net += ours ? change : -change;
        pos.do_move(m);
        lowest = std::min(lowest, net);
        if (ours && pos.is_checkmate()) return lowest <= -at_least;
    }
    return net <= -at_least;
}

bool regains_material(const Position& before, Move m) {
    return before.is_capture(m) && material_edge(before) < 0 && see_ge(before, m, 0);
}

MoveClassInput class_input(const QualityInput& in, const Quality& q, const Position& before,
                           Move played) {
    MoveClassInput c;
    c.wp_best = q.wp_before;
    c.wp_played = q.wp_after;
    c.played_is_best = in.played_is_best;
    if (in.played_is_best && in.second_best) c.wp_other = win_percent(*in.second_best);
    else if (!in.played_is_best) c.wp_other = q.wp_before;
    c.single_legal_move = in.single_legal_move;
    c.label = q.label;
    const OpeningIndex& book = OpeningIndex::builtin();
    Position after = before;
    after.do_move(played);
    static const Key start = opening_key(Position());
    const Key before_key = opening_key(before);
    c.book = book.in_line(after) && (before_key == start || book.in_line(before_key));
    c.position = &before;
    c.move = played;
    return c;
}

MoveClass classify_class(const MoveClassInput& in) {
    const double loss = std::max(0.0, in.wp_best - in.wp_played);
    if (in.book && loss < BookLossLimit) return MoveClass::Book;

    if (in.label != QualityLabel::Good) {
        // A miss: the opponent's mistake handed over previous_loss points and this move gives
        // back at least half of them, without sinking below where the mover stood before it.
        if (is_error(in.previous_label) && in.previous_loss >= 10 && loss >= in.previous_loss / 2 &&
            (!in.wp_before_previous || in.wp_played >= *in.wp_before_previous - 10))
            return MoveClass::Miss;
        switch (in.label) {
        case QualityLabel::Inaccuracy: return MoveClass::Inaccuracy;
        case QualityLabel::Mistake: return MoveClass::Mistake;
        default: return MoveClass::Blunder;
        }
    }

    // Brilliant: a sacrifice that is (about) best, leaves the mover not worse and was needed:
    // the mover was not winning easily anyway (the runner-up move, or the mover's standing
    // before the opponent's last move, when known; else the position's value).
    const bool known_easy = (in.wp_other && *in.wp_other >= WinningEasily) ||
                            (in.wp_before_previous && *in.wp_before_previous >= WinningEasily);
    const bool easy =
        in.wp_other || in.wp_before_previous ? known_easy : in.wp_best >= WinningEasily;
    if (loss <= 2 && in.wp_played >= 45 && !easy && !in.single_legal_move && is_sacrifice(in))
        return MoveClass::Brilliant;

    // Great: the engine's move, not forced and not a recapture, that is the only good move
    // (the runner-up loses >= 10 points or falls a band lower), or that turns the opponent's
    // mistake into a better band than the mover had before it (not by simply taking material).
    if (in.played_is_best && !in.single_legal_move &&
        !(in.position && regains_material(*in.position, in.move))) {
        if (in.wp_other &&
            (in.wp_best - *in.wp_other >= 10 || band(*in.wp_other) < band(in.wp_played)))
            return MoveClass::Great;
        if (is_error(in.previous_label) && in.wp_before_previous &&
            band(*in.wp_before_previous) < band(in.wp_played) && in.position &&
            !(in.position->is_capture(in.move) && see_ge(*in.position, in.move, 1)))
            return MoveClass::Great;
    }
    if (in.played_is_best) return MoveClass::Best;
    if (loss <= 2) return MoveClass::Excellent;
    return MoveClass::Good;
}

}  // namespace glossfish
