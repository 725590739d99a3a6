// Move notation: UCI text and Standard Algebraic Notation (print, strict and lenient parse).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rules/position.h"

namespace glossfish {

// UCI text: "e2e4", "e7e8q"; castling as e1g1, or king-takes-rook (e1h1) in Chess960 mode.
std::string move_to_uci(const Position& pos, Move m);

enum class MoveError { None, Malformed, Illegal, Ambiguous };
const char* move_error_name(MoveError e);  // "malformed", "illegal", "ambiguous"

struct MoveParse {
    Move move;
    MoveError error = MoveError::None;
    std::string message;  // exact reason when error != None
    bool ok() const { return error == MoveError::None; }
    // The error naming the move once: "'e9e5': 'e9' is not a square", "'e2e5': e2e5 is not a
    // legal move" (a malformed move's message already starts with the quoted text).
    std::string named(std::string_view text) const;
};

// Reads UCI move text and checks legality. Accepts both castling forms (e1g1, e1h1).
MoveParse parse_uci(const Position& pos, std::string_view text);

// The moves of a UCI line (an engine's pv) from pos, up to its first move that is not legal.
std::vector<Move> parse_uci_line(Position pos, const std::vector<std::string>& line);

// SAN with minimal disambiguation and +/# suffixes. The move must be legal.
std::string move_to_san(const Position& pos, Move m);

// "15... Qxd7 16. Qb8+ Ke7": a line of legal moves from pos in SAN with move numbers.
std::string numbered_san_line(Position pos, const std::vector<Move>& line);
// "15... Nxd7" / "16. Qb8+": one move's SAN with its number, from the position before it.
std::string numbered_move(const Position& before, const std::string& san);

// The SAN of a line's moves from pos, up to its first move that is not legal.
std::vector<std::string> san_line(Position pos, const std::vector<Move>& line);
// The UCI text of a line's moves from pos, up to its first move that is not legal.
std::vector<std::string> uci_line(Position pos, const std::vector<Move>& line);

// Move text without the check, mate and annotation marks at its end ("Nc7+" -> "Nc7",
// "e4!?" -> "e4").
std::string_view strip_move_marks(std::string_view text);

// Whether text has the shape of a move, legal or not: SAN or UCI (castling with O or 0), with
// up to three marks (!?+#) at the end ("Qxf7#!!", "e4!?"). Bare squares count; a longer tail
// ("Kb8####") does not.
bool move_shaped(std::string_view text);

enum class SanMode {
    Strict,   // exactly what GUIs write: "Nf3", "exd5", "O-O", "e8=Q+"; annotations not allowed
    Lenient,  // text by people and models: 0-0, e8Q, Ng1-f3, Nf3!?, exd6 e.p., Kxe8 castling …
};

// Reads SAN. Malformed text, an illegal move and an ambiguous move are different errors.
MoveParse parse_san(const Position& pos, std::string_view text, SanMode mode = SanMode::Strict);

// A move from text by people, models and engines, white space around it ignored: UCI when it
// has the shape of one (g1f3, e7e8q, e1h1) and is legal, else lenient SAN. A UCI-shaped text
// that is no move either way gets the UCI error.
MoveParse parse_move_text(const Position& pos, std::string_view text);

// A line of move texts read one after another from a position with parse_move_text.
struct MoveTextLine {
    std::vector<Move> moves;        // up to the first text that is not a legal move
    std::vector<std::string> sans;  // their SAN
    std::size_t failed = 0;         // index of that text (the texts' count when all are moves)
    MoveParse failure;              // its parse (ok when all are moves)
    bool ok() const { return failure.ok(); }
};
MoveTextLine read_move_line(Position pos, const std::vector<std::string>& texts);

}  // namespace glossfish
