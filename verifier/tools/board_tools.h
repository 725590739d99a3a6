// The typed fast path under the tool suite: board, attack, geometry and move facts over a
// parsed Position, with no JSON. The JSON tools are thin layers over these calls; use them
// directly when speed matters (millions of queries a second).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/notation.h"
#include "rules/position.h"

namespace glossfish::verifier {

// The rules core's reader of UCI-or-SAN move text, under the name the CLI still calls.
using glossfish::parse_move_text;

// "malformed_move", "illegal_move", "ambiguous_move".
const char* move_error_code(MoveError e);

// What a piece type is worth when comparing attackers and targets: P100 N300 B300 R500 Q900,
// the king more than everything.
int piece_worth(PieceType pt);

// How two squares lie: on a file, a rank, a diagonal (a1-h8 direction), an anti-diagonal
// (a8-h1 direction), or not on one line.
enum class LineKind { None, File, Rank, Diagonal, AntiDiagonal };
const char* line_kind_name(LineKind kind);  // "none", "file", "rank", "diagonal", "anti_diagonal"
LineKind line_kind(Square a, Square b);

// A pin of the piece on a square.
struct PinReport {
    bool pinned = false;          // absolute: moving off the line would expose its own king
    Square pinner = NoSquare;     // the enemy slider doing the pinning
    Square pinned_to = NoSquare;  // the king (absolute) or the more valuable piece (relative)
    Bitboard ray = 0;             // pinner to pinned_to, both ends included
    LineKind line = LineKind::None;
    // Relative pin (only when not absolutely pinned): an enemy slider attacks the piece and
    // a more valuable piece of its own colour stands right behind it on that line.
    bool relative = false;
};

// A piece that its opponent can win by capturing it (static exchange > 0).
struct HangingPiece {
    Square square = NoSquare;
    Piece piece = NoPiece;
    int attackers = 0, defenders = 0;  // direct ones, pinned pieces included (python-chess)
    int see = 0;                       // the capturer's best exchange gain, centipawns
    Square capturer = NoSquare;        // the first capturer of that best exchange
};

// How two squares relate on the board.
struct RayReport {
    LineKind line = LineKind::None;
    Bitboard between = 0;   // squares strictly between (0 when not aligned)
    Bitboard blockers = 0;  // occupied squares among them
    int distance = 0;       // king steps from one to the other
};

// An enemy piece attacked after a move.
struct Target {
    Square square = NoSquare;
    Piece piece = NoPiece;
    bool defended = false;       // a piece of its colour attacks its square
    bool more_valuable = false;  // worth more than the attacker (kings always)
};

// An enemy piece that a slider of the mover attacks only because the moved piece got out
// of its way.
struct DiscoveredAttack {
    Square slider = NoSquare;
    Target target;
};

enum class CastlingSide { None, KingSide, QueenSide };

// What one legal move does.
struct MoveFacts {
    Move move;
    Piece piece = NoPiece;  // the piece that moves
    Square to = NoSquare;   // where it ends (the king's square for castling)
    Piece captured = NoPiece;
    Square captured_square = NoSquare;  // differs from `to` for en passant
    bool en_passant = false;
    CastlingSide castling = CastlingSide::None;
    PieceType promotion = NoPieceType;
    CheckKind check = CheckKind::None;
    bool checkmate = false, stalemate = false;
    int see = 0;                  // static exchange of the move, centipawns
    Bitboard attacks_after = 0;   // squares the moved piece attacks after the move
    std::vector<Target> targets;  // enemy pieces the moved piece attacks after the move
    std::vector<DiscoveredAttack> discovered;
    bool fork = false;        // two or more targets that are more valuable or undefended
    int attackers_after = 0;  // enemy pieces attacking the moved piece after the move
    int defenders_after = 0;  // own pieces defending it after the move
};

// Board queries over one position, held by reference (it must outlive the object).
class BoardTools {
public:
    explicit BoardTools(const Position& pos) : pos_(pos) {}
    const Position& position() const { return pos_; }

    Piece piece_at(Square s) const { return pos_.piece_at(s); }
    // Pieces of a type and/or a colour; everything when both are empty.
    Bitboard pieces(std::optional<PieceType> pt, std::optional<Color> c) const;
    // Squares attacked by the piece on s; pinned pieces still attack (python-chess).
    Bitboard attacks(Square s) const { return pos_.attacks(s); }
    // Pieces of colour c that attack s (an en-passant target pawn is not attacked).
    Bitboard attackers(Color c, Square s) const { return pos_.attackers(c, s); }
    // Pieces of the same colour as the piece on s that attack s; 0 for an empty square.
    Bitboard defenders(Square s) const;
    bool is_attacked_by(Color c, Square s) const { return pos_.is_attacked_by(c, s); }
    // Absolute pin of the piece on s, else its relative pin, else nothing.
    PinReport pin(Square s) const;
    Bitboard checkers() const { return pos_.checkers(); }
    // The move must be legal.
    CheckKind gives_check(Move m) const { return pos_.gives_check(m); }
    int see(Move m) const;
    // Pieces of colour c (kings excepted) the opponent wins by capturing, by static exchange;
    // captures that a pin to the king makes illegal are not counted. In square order.
    std::vector<HangingPiece> hanging(Color c) const;
    RayReport ray(Square a, Square b) const;
    // The move must be legal.
    MoveFacts move_facts(Move m) const;

private:
    const Position& pos_;
};

// One move of a played sequence.
struct PlayedMove {
    Move move;
    std::string san, uci;
    CheckKind check = CheckKind::None;
    bool checkmate = false;
    Piece captured = NoPiece;
};

// A move sequence played from a position, as far as it is legal.
struct PlayReport {
    std::vector<PlayedMove> moves;     // the legal prefix
    std::optional<MoveParse> failure;  // why moves[moves.size()] could not be played
    Position end;                      // the position after the legal prefix
    bool complete() const { return !failure; }
};

PlayReport play_moves(const Position& start, const std::vector<std::string>& moves);

}  // namespace glossfish::verifier
