// Tree-Expanded Puzzle Playing (TEPP), the evaluation procedure of the strategy-verbalization
// paper: a solving player plays a puzzle against the engine's strongest replies, and the
// engine's evaluation of where it ends up is the player's score. play_puzzle blocks.
//
// The procedure (greedy, as in the paper: cost linear in the puzzle's length):
//  - Positions from the start are numbered by ply; the puzzle ends after `plies` plies or at
//    a terminal position (checkmate, stalemate, insufficient material, 75-move rule,
//    fivefold repetition), whichever comes first.
//  - Solver to move: the player is asked for a move.
//  - Opponent to move: the engine's top k_eval replies (MultiPV k_eval; all replies when
//    fewer are legal). For each reply, in MultiPV order, the player is asked for its answer
//    (unless the reply ends the game or uses the last ply) and the position after the answer
//    (after the reply when there is no answer) is evaluated. The branch worst for the
//    solver is played — reply and answer — and the procedure goes on from there. "Worst" is
//    the lowest win probability, then the lowest engine score (a longer mate is worse than
//    a shorter one), then the first in MultiPV order.
//  - "Evaluate" is one engine search of that position at the run's limits, converted to the
//    solver's view: win = 1/(1+exp(-0.00368208*cp)) with cp clamped to +-1000 (win_percent
//    of quality.h / 100), a mate for the solver 1, a mate against it 0; a checkmate on the
//    board 1 or 0, any other end of the game 0.5. The final position's win is the score.
//  - Illegal or unreadable answers: the player is told (on_illegal) and asked again, up to
//    max_retries more times; then, or when the player fails (resigns, engine died, end of
//    input), the puzzle is failed and scores 0. At an opponent node every branch is still
//    tried; a failed branch makes the puzzle failed.
// Deterministic for a deterministic player: every engine search starts from a cleared hash
// and is memoised per position (EngineOracle), so with a depth or nodes limit and one thread
// an evaluation depends on the position only.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "analysis/players.h"
#include "analysis/puzzles.h"

namespace glossfish {

struct TeppPuzzle {
    std::string id;
    std::string start_fen;  // the solver to move
    bool chess960 = false;
    int plies = 3;                    // 1..MaxTreePlies
    std::vector<std::string> themes;  // lichess themes (the concepts of --guide concepts)
    std::vector<std::string> motifs;  // our tagger's themes of the solution (puzzle_record_motifs)
    PlayerGuide guide;                // given to the player with every question
    // The guide could not be made (the verbalizer failed): play_puzzle reports this as the
    // record's error without asking the player.
    std::string guide_error;
};

// A TEPP puzzle from a reader record: lichess plies = solution length; a JSONL position
// without "plies" gets default_plies.
TeppPuzzle tepp_puzzle(const PuzzleRecord& record, int default_plies = 3);

struct TeppOptions {
    int k_eval = 3;       // 1..MaxTreeBreadth
    int max_retries = 2;  // further asks after an illegal answer (so 3 attempts in all)
};

// The engine's view of a position where TEPP evaluates it, from the solver's side.
struct TeppEval {
    std::optional<Score> score;      // solver's view; empty for a terminal position
    std::optional<Outcome> outcome;  // the game is over here
    double win = 0;                  // 0..1 for the solver
    int order = 0;                   // tie-break: higher is better for the solver
};

// An answer the player gave that was not a legal move.
struct TeppIllegal {
    std::string move, reason;
};

// One opponent reply tried at an opponent node.
struct TeppBranch {
    std::string reply_san, reply_uci;
    std::string answer_san, answer_uci;  // empty when no answer was asked (or it failed)
    std::vector<TeppIllegal> illegal;
    std::string failure;  // the player failed in this branch
    TeppEval eval;        // of the position after the answer (else after the reply)
};

struct TeppStep {
    int ply = 0;
    bool solver = true;
    // Solver step: the player's move.
    std::string san, uci;
    std::vector<TeppIllegal> illegal;
    // Opponent step: the replies tried, and the index of the one played.
    std::vector<TeppBranch> branches;
    int chosen = -1;
};

struct TeppResult {
    std::string id, start_fen, player;
    std::string guide;  // the guide setting's name ("S", "RV-S" …); empty: none given
    std::vector<std::string> themes, motifs;  // the puzzle's (TeppPuzzle)
    int run = 0, plies = 0, k_eval = 0;
    std::vector<TeppStep> steps;
    std::vector<std::string> line_san;  // the line played, solver's moves and chosen replies
    std::string final_fen;
    TeppEval final;
    double score = 0;     // final.win, or 0 when failed
    std::string failure;  // the player failed (score 0)
    std::string error;    // the engine failed or bad input: the score means nothing
    int player_calls = 0;
    double seconds = 0;
    bool ok() const { return error.empty(); }
};

// Plays one puzzle. Blocks. Never throws on bad player output; bad puzzle input (invalid FEN,
// bad options) and engine failures are reported in error.
TeppResult play_puzzle(EngineOracle& oracle, SolvingPlayer& player, const TeppPuzzle& puzzle,
                       const TeppOptions& options, int run = 0);

// Evaluates pos for the solver (terminal positions without a search). error on failure.
TeppEval tepp_evaluate(EngineOracle& oracle, const Position& pos, Color solver, std::string& error);

// The win probability of a score from the solver's view: mate 1 or 0, else win_percent / 100.
double tepp_win(const Score& solver_view);

// The output record of `glossfish tepp`: {"id","fen","player","guide"?,"run","plies","k_eval",
// "line","steps","final","score"} plus "failed" / "error" when set.
nlohmann::ordered_json tepp_record(const TeppResult& result);

// Mean and sample standard deviation (n - 1; 0 for fewer than two values).
struct MeanSd {
    double mean = 0, sd = 0;
    int n = 0;
};
MeanSd mean_sd(const std::vector<double>& values);

// ---- the summary table ----

// One row of the summary: a player (with its guide setting) and its per-run mean scores.
struct TeppSummaryRow {
    std::string name;                 // shown in the table ("llm:gpt-4o S", "optimal")
    std::vector<double> run_means;    // one per run
    int failed = 0, errors = 0;       // puzzles over all runs
    std::optional<std::size_t> base;  // the row ΔBase is taken against; none: "-"
};

// A row's figures: the score's mean ± sd over runs, ΔBase = mean − base row's mean (when the
// row has a base), ΔOpt = mean − the optimal row's mean.
struct TeppSummaryFigures {
    MeanSd score;
    std::optional<double> d_base;
    double d_opt = 0;
};
std::vector<TeppSummaryFigures> tepp_summary(const std::vector<TeppSummaryRow>& rows,
                                             std::size_t optimal_row);

// The table: a header line and one line per row ("player  runs  failed  errors  score mean ±
// sd  ΔBase  ΔOpt"), three decimals, signed deltas, "-" for a row without a base.
std::string tepp_summary_table(const std::vector<TeppSummaryRow>& rows, std::size_t optimal_row);

}  // namespace glossfish
