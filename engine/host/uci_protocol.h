// Typed UCI engine output: every line a child engine prints becomes one of these structs
// here, and nothing downstream parses engine text again.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace glossfish {

enum class Bound { Exact, Lower, Upper };

// A score as UCI reports it: centipawns or moves to mate (positive: side to move mates).
struct Score {
    enum Kind { Cp, Mate } kind = Cp;
    int value = 0;
    Bound bound = Bound::Exact;

    static Score cp(int v) { return Score{Cp, v, Bound::Exact}; }
    static Score mate(int moves) { return Score{Mate, moves, Bound::Exact}; }
    bool is_mate() const { return kind == Mate; }
    // Centipawns with mates mapped to +-(100000 - plies), for ordering and comparison.
    int to_cp_ordering() const;
    // "cp 35", "mate -3", with " lowerbound"/" upperbound" when not exact.
    std::string uci() const;
    bool operator==(const Score&) const = default;
};

// The same score from the other side's view: the value negated, a lower bound made an upper one.
Score negate(const Score& s);

// The score of a move for the side that made it, from the score of the position after it (the
// opponent to move): negated, and a mate the mover gives counts the move itself. "mate -5" after
// 36...Ng3+ of Byrne-Fischer (White mated in five) is mate in 6 for Black playing Ng3+, as a
// search of the position before the move says; a mate the opponent gives keeps its count.
Score score_of_move(const Score& after);

struct Wdl {
    int win = 0, draw = 0, loss = 0;  // permille, from the side to move
    bool operator==(const Wdl&) const = default;
};

// One "info" line. Fields the engine did not send stay empty.
struct SearchInfo {
    std::optional<int> depth, seldepth, multipv;
    std::optional<Score> score;
    std::optional<Wdl> wdl;
    std::optional<std::uint64_t> nodes, nps, tbhits, time_ms;
    std::optional<int> hashfull, currmovenumber;
    std::optional<std::string> currmove;
    std::vector<std::string> pv;        // UCI move text, as sent
    std::optional<std::string> string;  // "info string ..." payload
    bool operator==(const SearchInfo&) const = default;
};

struct BestMove {
    std::string move;  // "(none)" when the root has no legal move
    std::optional<std::string> ponder;
    bool operator==(const BestMove&) const = default;
};

// An option the engine declares in its "uci" reply.
struct OptionDecl {
    std::string name;
    std::string type;  // check, spin, combo, button, string
    std::optional<std::string> default_value;
    std::optional<long long> min, max;
    std::vector<std::string> vars;
    bool operator==(const OptionDecl&) const = default;
};

struct IdLine {
    std::string field;  // "name" or "author"
    std::string value;
};

struct UciOk {};
struct ReadyOk {};
struct UnknownLine {
    std::string text;
};

using EngineEvent =
    std::variant<SearchInfo, BestMove, OptionDecl, IdLine, UciOk, ReadyOk, UnknownLine>;

// Parses one line of engine output (trailing CR/LF and extra whitespace tolerated).
// Lines that are not UCI, or are malformed, become UnknownLine with the original text.
EngineEvent parse_engine_line(std::string_view line);

// Writes an info line back in UCI form (used to relay a child's output to the GUI).
std::string format_info(const SearchInfo& info);

// Checks value against a declared option (check/spin/combo/button/string) and rewrites it to
// its canonical spelling ("TRUE" -> "true", a combo choice as declared); has_value is false when
// `setoption` gave no value. Returns the error text, e.g. "option 'Hash' must be an integer
// 1..33554432, got 'x'".
std::optional<std::string> check_option_value(const OptionDecl& decl, std::string& value,
                                              bool has_value = true);

}  // namespace glossfish
