// Solving players for Tree-Expanded Puzzle Playing: one interface (SolvingPlayer) that a UCI
// engine, the analysis engine itself (Optimal), a human at a terminal and, later, a language
// model implement; the player spec grammar of `glossfish tepp --player`; and EngineOracle,
// the memoised, reproducible engine evaluation TEPP and the Optimal player share.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "host/analyzer.h"
#include "host/engine_host.h"
#include "io/mutex.h"
#include "rules/notation.h"
#include "rules/position.h"

namespace glossfish {

// What a player may read besides the board: a strategy description, a strategy tree (the
// compact JSON of `glossfish tree`) and/or the puzzle's concepts (lichess themes). Engine
// players ignore it (the No-Strategy baseline).
struct PlayerGuide {
    std::string description;            // free text; empty when none
    nlohmann::ordered_json tree;        // null when none
    std::vector<std::string> concepts;  // empty when none
    bool empty() const { return description.empty() && tree.is_null() && concepts.empty(); }
};

// One question to a player: the solver is to move in fen.
struct PlayerRequest {
    std::string start_fen;                 // the puzzle start (solver to move)
    std::string fen;                       // the current position (solver to move)
    std::vector<std::string> history_san;  // moves from the start to fen, in SAN
    std::vector<std::string> history_uci;  // the same moves in UCI
    Color solver = White;
    bool chess960 = false;
    PlayerGuide guide;
    int attempt = 0;  // 0 for the first ask, then 1, 2 … after illegal answers
};

// A player's answer: a move text (SAN or UCI) or a failure with its reason (resigned, end of
// input, engine died …); a failure is final for the puzzle. A failure marked `error` is not
// the player's play but its machinery (a language model that cannot be reached): the puzzle
// is reported as an error (score meaningless), not as a failed solve.
struct PlayerReply {
    std::string move;
    std::string failure;
    bool error = false;
    bool ok() const { return failure.empty(); }
    static PlayerReply of(std::string move) { return {std::move(move), {}, false}; }
    static PlayerReply fail(std::string reason) { return {{}, std::move(reason), false}; }
    static PlayerReply player_error(std::string reason) { return {{}, std::move(reason), true}; }
};

class SolvingPlayer {
public:
    virtual ~SolvingPlayer() = default;
    // A short stable name for reports ("optimal", "human", the engine spec text).
    virtual std::string name() const = 0;
    // Called before the first question of each puzzle (run = 0-based run index). May block
    // (an engine clears its hash). Returns an error text when the player cannot play.
    virtual std::optional<std::string> begin_puzzle(const PlayerRequest& start, int run) {
        (void)start, (void)run;
        return std::nullopt;
    }
    // Asks for the solver's move in request.fen. Blocks until the player answers.
    virtual PlayerReply choose_move(const PlayerRequest& request) = 0;
    // The answer `move` to request was not a legal move (reason says why); the next
    // choose_move for the same position has request.attempt + 1. Does not block.
    virtual void on_illegal(const PlayerRequest& request, const std::string& move,
                            const std::string& reason) {
        (void)request, (void)move, (void)reason;
    }
};

// Reads a player's move text: UCI ("e2e4", "e7e8q") first, else lenient SAN ("Nf3", "0-0",
// "e8Q", "Nxe5+!"). Surrounding blanks are ignored.
MoveParse parse_player_move(const Position& pos, std::string_view text);

// ---- player specs: `optimal`, `random[:SEED]`, `human`, or `PROGRAM [NAME=VALUE …]` ----

struct EngineSpec {
    std::string program;                                       // path or name on PATH
    std::vector<std::pair<std::string, std::string>> options;  // UCI setoption, in spec order
    AnalysisLimits limits;  // from @nodes= / @depth= / @movetime=; empty: the run's limits
    std::string text;       // normalised spec, the player's name
};

inline constexpr std::uint64_t DefaultRandomSeed = 20260101;

struct PlayerSpec {
    enum Kind { Optimal, Human, Engine, Random } kind = Optimal;
    EngineSpec engine;                       // Kind::Engine only
    std::uint64_t seed = DefaultRandomSeed;  // Kind::Random only
};

struct PlayerSpecParse {
    PlayerSpec spec;
    std::string error;  // exact reason when the spec is malformed
    bool ok() const { return error.empty(); }
};

// Parses a player spec. Words are split at blanks; '…' or "…" quote a word and a backslash
// escapes the next character. `optimal`, `human` and `random` / `random:SEED` (SEED a decimal
// 0..2^64-1) are special. Otherwise the first word is
// the program and every further word is part of an option NAME=VALUE, split at its first '=':
// words without '=' join (with one blank) the name of the next word that has one, so
// `stockfish Skill Level=0 Hash=16` sets "Skill Level" to 0 and "Hash" to 16 (quoting the
// option, 'Skill Level=0', means the same). A value with blanks must be quoted
// ("SyzygyPath=/tb one"). Names starting with '@' are per-move limits of the player:
// @nodes=N, @depth=D, @movetime=MS. Errors: empty spec, unbalanced quote, dangling words
// without '=', empty name, repeated name, unknown or bad @ limit.
PlayerSpecParse parse_player_spec(std::string_view text);

// ---- EngineOracle: the engine's evaluation, shared by TEPP and the Optimal player ----

// Searches through an Analyzer at fixed limits with the hash cleared before every search, so
// a result depends on the position (FEN), the limits and MultiPV only, never on what was
// searched before; results are memoised per (FEN, MultiPV). analyse blocks; thread-safe.
class EngineOracle {
public:
    EngineOracle(Analyzer& analyzer, AnalysisLimits limits);
    AnalysisResult analyse(const Position& pos, int multipv) GLOSSFISH_EXCLUDES(mutex_);
    const AnalysisLimits& limits() const { return limits_; }
    int searches() const GLOSSFISH_EXCLUDES(mutex_);  // searches made (memo misses)

private:
    Analyzer& analyzer_;
    AnalysisLimits limits_;
    mutable Mutex mutex_;
    std::map<std::string, AnalysisResult> memo_ GLOSSFISH_GUARDED_BY(mutex_);
    int searches_ GLOSSFISH_GUARDED_BY(mutex_) = 0;
};

// ---- implementations ----

// The analysis engine as player: the best move of EngineOracle (MultiPV 1) at the oracle's
// limits. Deterministic.
class OptimalPlayer : public SolvingPlayer {
public:
    explicit OptimalPlayer(EngineOracle& oracle) : oracle_(oracle) {}
    std::string name() const override { return "optimal"; }
    PlayerReply choose_move(const PlayerRequest& request) override;

private:
    EngineOracle& oracle_;
};

// The paper's R baseline: a uniformly random legal move. The choice depends only on the seed,
// the run, the puzzle's start, the moves so far and the attempt (a generator seeded from their
// hash for each question, the legal moves sorted by UCI text), so a run gives the same moves in
// any order, process or shard, and different runs give different moves. Never illegal.
class RandomPlayer : public SolvingPlayer {
public:
    explicit RandomPlayer(std::uint64_t seed = DefaultRandomSeed) : seed_(seed) {}
    std::string name() const override;  // "random", or "random:SEED" for another seed
    std::optional<std::string> begin_puzzle(const PlayerRequest& start, int run) override;
    PlayerReply choose_move(const PlayerRequest& request) override;

private:
    std::uint64_t seed_;
    int run_ = 0;
};

// A uniform integer in [0, n) from a SplitMix64 stream seeded with `state`; rejection sampling,
// so no value is favoured and the result is the same on every platform. n >= 1.
std::uint64_t uniform_below(std::uint64_t& state, std::uint64_t n);

// Checks NAME=VALUE against an engine's declared options: the name case-insensitively, a
// spin value within min..max, check true/false, a combo one of its vars, a button no value
// (check_option_value, settings.h).
// Sets *found to the declaration when the name is known. An error text when it does not fit.
std::optional<std::string> check_engine_option(const std::vector<OptionDecl>& declared,
                                               const std::string& name, const std::string& value,
                                               const OptionDecl** found = nullptr);

// A UCI engine command with options, run through its own EngineHost. Each puzzle starts with
// ucinewgame; each move is `position fen START moves …` and `go` at the spec's limits (else
// the limits given here; both empty: depth 12). Stockfish with Skill Level < 20 (or
// UCI_LimitStrength) picks among its lines with a time-seeded random generator, so its runs
// differ; otherwise, with nodes or depth limits, it is deterministic.
class UciEnginePlayer : public SolvingPlayer {
public:
    // default_limits apply when the spec has none; their `reproducible` always does (each move
    // is then searched after ucinewgame).
    UciEnginePlayer(EngineSpec spec, AnalysisLimits default_limits);
    ~UciEnginePlayer() override;
    // Starts the engine, checks every option against the engine's declarations (name, case
    // insensitive; spin range; check true/false; combo vars) and sets them. Blocks up to the
    // handshake timeout. Returns an error text on failure.
    std::optional<std::string> start();
    std::string name() const override { return spec_.text; }
    std::optional<std::string> begin_puzzle(const PlayerRequest& start, int run) override;
    PlayerReply choose_move(const PlayerRequest& request) override;
    const AnalysisLimits& limits() const { return limits_; }

private:
    EngineSpec spec_;
    AnalysisLimits limits_;
    std::unique_ptr<EngineHost> host_;
    bool started_ = false;
};

// A person at a terminal: prints the board (solver at the bottom), the line so far and the
// guide to out, reads one move a line from in (SAN or UCI), re-asks until the move is legal.
// `resign` or the end of input ends the puzzle as a failure.
class HumanPlayer : public SolvingPlayer {
public:
    HumanPlayer(std::istream& in, std::ostream& out) : in_(in), out_(out) {}
    std::string name() const override { return "human"; }
    PlayerReply choose_move(const PlayerRequest& request) override;
    void on_illegal(const PlayerRequest& request, const std::string& move,
                    const std::string& reason) override;

private:
    std::istream& in_;
    std::ostream& out_;
};

// The board as text from the solver's side: 8 rows "8  r . . q k . . r", files below.
std::string board_text(const Position& pos, Color bottom);

// The moves of a line with move numbers: "1. e4 e5 2. Nf3" or "12... Kf8 13. Qh8#".
std::string numbered_line(const std::string& start_fen, const std::vector<std::string>& san);

}  // namespace glossfish
