// PGN reading and writing that keeps every byte it does not change. A game is its source text
// plus a parse that points into it (tags, mainline moves with their spans); annotations are
// edits spliced into that text, so the output equals the input outside the inserted parts.
// The reader streams a file game by game; a game it cannot read carries an error with its line
// and column and is written back untouched.
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/input_limits.h"
#include "rules/position.h"

namespace glossfish {

struct PgnTag {
    std::string name, value;         // value with \" and \\ unescaped
    std::size_t begin = 0, end = 0;  // span of "[Name "value"]" in the game text
};

// One move of the main line as written in the source.
struct PgnMove {
    std::string text;                // the token as written, e.g. "Bxb5+!?"
    Move move;                       // parsed and checked against the position before it
    int ply = 0;                     // 0 for the first move of the game text
    std::size_t begin = 0, end = 0;  // span of the token
    std::size_t insert_at = 0;       // after the token and the NAGs/glyphs directly following it
    std::vector<int> nags;           // NAGs written on the move ($n and !? style glyphs)
};

// Why a game could not be read: 1-based line and column in the input file.
struct PgnError {
    int line = 0, column = 0;
    std::string move;     // e.g. "12... Nf6" when a move is the problem, else empty
    std::string message;  // exact reason
    // "line 12, column 5: illegal move 12... Nf6: ..." (one line).
    std::string text() const;
};

// Text added to (or replacing part of) a game's source: `erase` bytes at `offset` are
// replaced by `text`. Offsets refer to the original source text.
struct PgnEdit {
    std::size_t offset = 0, erase = 0;
    std::string text;
};

struct PgnGame {
    std::string text;     // the game's source bytes, exactly as read (with surrounding blanks)
    int first_line = 1;   // line of text[0] in the input
    int index = 0;        // 0-based position among the items the reader returned
    bool is_game = true;  // false for an item holding only blank lines, escapes or comments
    std::vector<PgnTag> tags;
    std::size_t tags_end = 0;  // just after the last tag line's newline (0 when no tags)
    std::string start_fen;     // FEN of the start position (the standard start without FEN tag)
    bool chess960 = false;     // from the Variant tag
    std::vector<PgnMove> mainline;
    int variations = 0;  // variations read (and legality-checked), at any depth
    std::string result;  // the termination token; empty when missing
    std::optional<PgnError> error;
    std::vector<PgnEdit> edits;

    bool ok() const { return !error; }
    // The value of a tag, or nullopt.
    std::optional<std::string> tag(std::string_view name) const;
    // The start position (valid when ok()).
    Position start_position() const;
};

// Parses one game's source text (as the reader splits it). Never throws; errors are stored.
PgnGame parse_pgn_game(std::string text, int first_line = 1);

// The game's text with its edits applied (the source itself when there are none).
std::string write_pgn_game(const PgnGame& game);

// Escapes a tag value for "[Name "value"]".
std::string pgn_escape_tag_value(std::string_view value);

// Splits a PGN stream into games, one at a time, and parses each. Concatenating the text of
// every item returned gives back the input exactly. Memory is bounded by max_game: a game
// longer than that (MaxPgnGame, 16 MiB, by default) is not parsed; it comes as a first item
// holding its first bytes with an error ("longer than the limit", is_game true) and then as
// items of at most max_game bytes each (is_game false) up to its end, so that a writer can
// still copy it through unchanged.
class PgnReader {
public:
    explicit PgnReader(std::istream& in, std::size_t max_game = MaxPgnGame)
        : in_(in), max_game_(max_game < 64 ? 64 : max_game) {}
    // The next item, or nullopt at the end of the input.
    std::optional<PgnGame> next();
    // Lines consumed so far (for progress).
    int lines_read() const { return line_; }

private:
    // The next line (with its '\n'), or a piece of at most max_game_ bytes of a longer one;
    // at_start tells whether it begins a line.
    bool read_line(std::string& line, int& line_no, bool& at_start);

    // Where the splitter is inside a game: kept between the pieces of an over-long game.
    struct Scan {
        bool in_brace = false, seen_moves = false, in_line_comment = false;
        int depth = 0;
    };

    std::istream& in_;
    std::size_t max_game_;
    int line_ = 0;
    bool line_open_ = false;  // the last piece read did not end its line
    std::string pending_;     // lookahead: a line (or the rest of one) that starts the next item
    int pending_line_ = 0;
    bool pending_at_start_ = true;
    bool has_pending_ = false;
    int count_ = 0;
    Scan scan_;
    bool oversize_ = false;  // inside a game that went over max_game_
};

// Every item of a PGN text (tests and small inputs).
std::vector<PgnGame> read_pgn(std::string_view text);

}  // namespace glossfish
