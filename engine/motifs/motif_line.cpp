// The line of positions the theme tests walk, and the board facts of lichess's util.py.
#include "motifs/motif_line.h"

#include "rules/movegen.h"

namespace glossfish::motifs {

namespace {

Node make_node(const Position& before, Move m) {
    Node n{.board = before, .move = m};
    n.from = m.from();
    n.to = move_dest(before, m);
    n.promotion = m.kind() == Promotion ? m.promotion() : NoPieceType;
    n.capture = before.is_capture(m);
    n.at_to_before = before.piece_at(n.to);
    n.castling = m.kind() == Castling;
    n.board.do_move(m);
    n.check = n.board.is_check();
    return n;
}

}  // namespace

Square move_dest(const Position& before, Move m) {
    if (m.kind() != Castling) return m.to();
    return castle_king_to(before.side_to_move(), file_of(m.to()) > file_of(m.from()));
}

Line::Line(const Position& start, const std::vector<Move>& line,
           const std::optional<SetupMove>& setup)
    : pov_(start.side_to_move()) {
    nodes_.reserve(line.size() + 1);
    if (setup) {
        nodes_.push_back(make_node(setup->before, setup->move));
        nodes_.back().board = start;
        setup_before_ = setup->before;
    } else {
        Node n{.board = start, .move = Move::none()};
        n.check = start.is_check();
        nodes_.push_back(std::move(n));
    }
    for (Move m : line) nodes_.push_back(make_node(nodes_.back().board, m));
}

bool Line::is_checkmate(int k) const {
    const Node& n = nodes_[std::size_t(k)];
    if (n.checkmate < 0) n.checkmate = n.check && MoveList(n.board).empty() ? 1 : 0;
    return n.checkmate == 1;
}

int Line::legal_count(int k) const { return int(MoveList(board(k)).size()); }

bool defended(const Position& pos, Color color, Square s) {
    if (pos.attackers(color, s)) return true;
    // A defence through an enemy slider on the line: take it off and look again.
    Bitboard enemies = pos.attackers(~color, s);
    while (enemies) {
        Square a = pop_lsb(enemies);
        if (!is_ray_type(type_of(pos.piece_at(a)))) continue;
        if (pos.attackers(color, s, pos.occupied() & ~square_bb(a))) return true;
    }
    return false;
}

bool can_be_taken_by_lower_piece(const Position& pos, Square s) {
    const Piece p = pos.piece_at(s);
    Bitboard attackers = pos.attackers(~color_of(p), s);
    while (attackers) {
        PieceType t = type_of(pos.piece_at(pop_lsb(attackers)));
        if (t != King && motif_value(t) < motif_value(type_of(p))) return true;
    }
    return false;
}

bool bad_spot(const Position& pos, Square s) {
    const Piece p = pos.piece_at(s);
    if (p == NoPiece || !pos.attackers(~color_of(p), s)) return false;
    return !defended(pos, color_of(p), s) || can_be_taken_by_lower_piece(pos, s);
}

bool trapped(const Position& pos, Square s) {
    if (pos.is_check() || pos.is_pinned(pos.side_to_move(), s)) return false;
    const Piece p = pos.piece_at(s);
    if (p == NoPiece || type_of(p) == Pawn || type_of(p) == King) return false;
    if (!bad_spot(pos, s)) return false;
    for (Move m : MoveList(pos)) {
        if (m.from() != s) continue;
        const Square to = move_dest(pos, m);
        const Piece taken = pos.piece_at(to);
        if (taken != NoPiece && motif_value(type_of(taken)) >= motif_value(type_of(p)))
            return false;
        Position after = pos;
        after.do_move(m);
        if (!bad_spot(after, to)) return false;
    }
    return true;
}

Bitboard attacked_opponent_squares(const Position& pos, Square from, Color pov) {
    return pos.attacks(from) & pos.occupied_co(~pov);
}

bool advanced_pawn_move(const Node& n, Color mover, bool very) {
    if (n.promotion != NoPieceType) return true;
    if (n.moved_type() != Pawn) return false;
    const int rank = relative_rank(mover, n.to);
    return very ? rank > 5 : rank > 4;
}

}  // namespace glossfish::motifs

namespace glossfish {

int motif_value(PieceType pt) {
    static constexpr int Values[PieceTypeNb] = {0, 1, 3, 3, 5, 9, 99};
    return Values[pt];
}

int material_diff(const Position& pos, Color c) {
    int diff = 0;
    for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen})
        diff += motif_value(pt) * (popcount(pos.pieces(pt, c)) - popcount(pos.pieces(pt, ~c)));
    return diff;
}

bool is_defended(const Position& pos, Square s) {
    const Piece p = pos.piece_at(s);
    return p != NoPiece && motifs::defended(pos, color_of(p), s);
}

bool is_hanging(const Position& pos, Square s) {
    return pos.piece_at(s) != NoPiece && !is_defended(pos, s);
}

bool is_in_bad_spot(const Position& pos, Square s) { return motifs::bad_spot(pos, s); }

bool is_trapped(const Position& pos, Square s) { return motifs::trapped(pos, s); }

}  // namespace glossfish
