// UCI input from a GUI: a line split into words and checked (UTF-8, length), and the typed
// forms of `go`, `position` and `setoption`. Pure functions with errors as values; the UCI
// loop turns text into these, the Session (session.h) takes the typed forms, and the fuzz
// target fuzz_uci_input drives them with arbitrary bytes.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/input_limits.h"
#include "io/utf8.h"  // quote_input
#include "rules/perft.h"
#include "rules/position.h"

namespace glossfish {

// A rejected input: a stable snake_case code, the exact message, and extra JSON fields (e.g.
// the FEN's "problems"). Becomes `info string glossfish.error {...}` in UCI.
struct InputError {
    std::string code;
    std::string message;
    nlohmann::json extra = nlohmann::json::object();
};

// The words of a line, split at spaces, tabs, CR and LF (views into line).
std::vector<std::string_view> split_words(std::string_view line);

// The error for a line with invalid UTF-8 (code bad_utf8), naming what is bad: the command
// word, word N, the value of option NAME, or the JSON arguments of `tool NAME`.
std::optional<InputError> check_utf8(std::string_view line);

// The error for a line longer than MaxUciLineBytes (code line_too_long); prefix is the start
// of the line as read, total its length in bytes.
InputError line_too_long(std::string_view prefix, std::size_t total);

// ---- go ----

// The typed parameters of one `go`. Time values are milliseconds.
struct GoParams {
    std::optional<long long> wtime, btime, winc, binc;  // may be negative (a clock ran out)
    std::optional<int> movestogo;                       // 0..: 0 means sudden death
    std::optional<int> depth;                           // 1..MaxGoDepth (larger is clamped)
    std::optional<std::uint64_t> nodes;                 // 1..2^63-1 (larger is clamped)
    std::optional<int> mate;                            // 1..MaxGoDepth (larger is clamped)
    std::optional<long long> movetime;                  // 1..
    std::optional<int> perft;                           // check_perft_depth's range
    bool infinite = false, ponder = false;
    std::vector<Move> searchmoves;  // legal moves of the position

    // wtime, btime, winc, binc or movestogo is given: a game on the clock.
    bool has_clock() const;
    // Analysis, not a game on the clock: UCI_AnalyseMode, `infinite`, or no clock parameter.
    bool is_analysis(bool analyse_mode) const;
    // The `go` line sent to Stockfish (searchmoves in UCI notation of pos).
    std::string go_line(const Position& pos) const;
};

// Deepest search a `go depth` / `go mate` asks for (Stockfish 15.1 stops at MAX_PLY 246).
inline constexpr int MaxGoDepth = 245;

struct GoParse {
    GoParams params;
    std::optional<InputError> error;  // code bad_go: the whole go is rejected
};

// Parses `go ...` (words[0] is "go") for position pos. Any bad parameter (not a number, out of
// range, unknown, an illegal searchmove) rejects the whole go with bad_go; numbers above
// Stockfish's limits are clamped to them.
GoParse parse_go(const Position& pos, const std::vector<std::string_view>& words);

// ---- position ----

struct PositionCommand {
    std::string fen;                      // StartFen for `startpos`
    std::vector<std::string_view> moves;  // after `moves`, unchecked (views into the line)
};

struct PositionParse {
    PositionCommand command;
    std::optional<InputError> error;  // bad_position, too_many_moves
};

// Splits `position startpos|fen FEN [moves M...]` (words[0] is "position"); the FEN and the
// moves are checked by the rules core later (Session::set_position).
PositionParse parse_position_command(const std::vector<std::string_view>& words);

// ---- setoption ----

struct SetOptionCommand {
    std::string name;   // words joined by one space
    std::string value;  // the rest of the line after `value`, inner spaces kept; <empty> -> ""
    bool has_value = false;
};

struct SetOptionParse {
    SetOptionCommand command;
    std::optional<InputError> error;  // bad_setoption
};

// Parses `setoption name <words> [value <rest of line>]` from the raw line.
SetOptionParse parse_setoption(std::string_view line);

}  // namespace glossfish
