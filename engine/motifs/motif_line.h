// The played line the theme tests walk: node 0 is the start (reached by the opponent's setup
// move when there is one), node k > 0 the position after the line's k-th move. Solver moves are
// the odd nodes. Internal to engine/motifs/.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "motifs/motifs.h"
#include "rules/bitboard.h"
#include "rules/position.h"

namespace glossfish::motifs {

inline constexpr int RayTypes = (1 << Bishop) | (1 << Rook) | (1 << Queen);
inline bool is_ray_type(PieceType pt) { return (RayTypes >> pt) & 1; }

// Chebyshev distance (king steps) between two squares.
inline int square_distance(Square a, Square b) {
    int df = file_of(a) - file_of(b), dr = rank_of(a) - rank_of(b);
    df = df < 0 ? -df : df;
    dr = dr < 0 ? -dr : dr;
    return df > dr ? df : dr;
}

// Where a move goes as python-chess says it: castling goes to the king's square (g1, c1),
// not to the rook as our encoding has it.
Square move_dest(const Position& before, Move m);

struct Node {
    Position board;          // after the move
    Move move;               // none for the start without a setup move
    Square from = NoSquare;  // python-chess from/to
    Square to = NoSquare;
    PieceType promotion = NoPieceType;
    bool capture = false;          // the move took a piece (en passant too)
    Piece at_to_before = NoPiece;  // what stood on `to` before the move
    bool castling = false;
    bool check = false;
    mutable int checkmate = -1;  // cached: -1 not computed yet
    PieceType moved_type() const { return type_of(board.piece_at(to)); }
    bool has_move() const { return to != NoSquare; }
};

class Line {
public:
    Line(const Position& start, const std::vector<Move>& line,
         const std::optional<SetupMove>& setup);

    int size() const { return int(nodes_.size()); }  // lichess's len(mainline)
    const Node& operator[](int k) const { return nodes_[std::size_t(k)]; }
    const Position& board(int k) const { return nodes_[std::size_t(k)].board; }
    // The position before node 0's setup move, when there is one.
    const Position* setup_before() const { return setup_before_ ? &*setup_before_ : nullptr; }
    Color pov() const { return pov_; }
    bool is_checkmate(int k) const;
    int legal_count(int k) const;

private:
    std::vector<Node> nodes_;
    std::optional<Position> setup_before_;
    Color pov_;
};

// util.py's board facts, by square.
bool defended(const Position& pos, Color color, Square s);
bool can_be_taken_by_lower_piece(const Position& pos, Square s);
bool bad_spot(const Position& pos, Square s);
bool trapped(const Position& pos, Square s);
// The enemy pieces (of ~pov) the piece on `from` attacks.
Bitboard attacked_opponent_squares(const Position& pos, Square from, Color pov);
// A pawn move to the mover's 6th rank or beyond, or a promotion (util.is_advanced_pawn_move);
// very: 7th rank or beyond.
bool advanced_pawn_move(const Node& n, Color mover, bool very);

// The theme tests, by file; each reads the line as lichess's tagger does.
// mates.cpp
std::optional<std::string> mate_in(const Line& l);
std::string mate_pattern_at_end(const Position& end, Color pov, const Node& last);
// tactics.cpp
bool fork(const Line& l);
bool pin_prevents_attack(const Line& l);
bool pin_prevents_escape(const Line& l);
bool skewer(const Line& l);
bool discovered_attack(const Line& l);
bool double_check(const Line& l);
bool hanging_piece(const Line& l);
bool trapped_piece(const Line& l);
bool x_ray(const Line& l);
bool interference(const Line& l);
bool self_interference(const Line& l);
bool intermezzo(const Line& l);
bool capturing_defender(const Line& l);
bool attraction(const Line& l);
bool deflection(const Line& l);
bool clearance(const Line& l);
// moves.cpp
bool advanced_pawn(const Line& l);
bool sacrifice(const Line& l);
bool quiet_move(const Line& l);
bool defensive_move(const Line& l);
bool check_escape(const Line& l);
bool attacking_f2_f7(const Line& l);
bool en_passant(const Line& l);
bool castling(const Line& l);
bool promotion(const Line& l);
bool under_promotion(const Line& l);
// board.cpp
bool exposed_king(const Line& l);
bool kingside_attack(const Line& l);
bool queenside_attack(const Line& l);
// The endgame theme of the start and the position after the first solver move, or empty.
std::string endgame_theme(const Line& l);

// One-node facts shared by the line tests and the single-move predicates.
bool fork_at(const Position& after, const Node& n, Color pov);
bool pin_attack_at(const Position& board, Color pov);
bool pin_escape_at(const Position& board, Color pov);
bool discovered_check_at(const Node& n);

}  // namespace glossfish::motifs
