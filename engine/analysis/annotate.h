// Annotates the main line of a PGN game the way lichess's analysis export does: every position
// is searched once on the Analyzer pool, every move gets a [%eval] comment, inaccuracies,
// mistakes and blunders get a NAG, a comment "(before → after) Label. Best was best." and the
// engine's line as a variation, and the game gets per-side accuracy and error counts as tags.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "analysis/move_class.h"
#include "analysis/quality.h"
#include "host/analyzer.h"
#include "openings/opening.h"
#include "pgn/pgn.h"

namespace glossfish {

struct AnnotateOptions {
    AnalysisLimits limits;                          // depth or nodes per position
    QualityScheme scheme = QualityScheme::Lichess;  // which win% thresholds label a move
    // Searches at once: games side by side, each searched in order on one Analyzer worker
    // (use an Analyzer with >= jobs workers); threads left without a game of their own help
    // with the positions of the games in flight.
    int jobs = 1;
    int variation_plies = 8;  // length cap of the engine line added as a variation
};

// The search result of one main-line position.
struct PositionEval {
    Score score;           // from the side to move; mate 0 when checkmated
    std::vector<Move> pv;  // empty for a finished game
    bool checkmate = false;
    bool terminal = false;  // checkmate, stalemate or insufficient material: not searched
};

struct MoveAnnotation {
    int ply = 0;
    std::string san;           // our SAN of the played move
    Score before, after;       // White's view: position before and after the move
    Quality quality;           // from the mover's view (scheme of the options)
    Move best = Move::none();  // engine's move in the position before
    std::string best_san;
    std::vector<Move> best_line;  // engine line from the position before (capped)
    bool mate_delivered = false;  // the move checkmates
    double accuracy = 100;        // lichess-style move accuracy, 0..100
    // Verified reasons (verifier/explain: explain_game), the first one in the PGN comment.
    std::vector<Reason> reasons;
    // Verified ideas of the move, and the sentence that says its top ones (explain_game).
    std::vector<Idea> ideas;
    std::string ideas_sentence;
    std::vector<Idea> best_ideas;  // of the engine's move, for a move labelled worse
    // Why the reasons are incomplete (a search or a claim's check failed), "" when complete.
    std::string reasons_incomplete;
    MoveClass move_class = MoveClass::Good;  // brilliant … miss (analysis/move_class.h)
};

struct SideSummary {
    int moves = 0, inaccuracies = 0, mistakes = 0, blunders = 0;
    double accuracy = 100;             // game accuracy of this side, 0..100 (see game_accuracy)
    int classes[MoveClassCount] = {};  // moves of each MoveClass
};

struct GameAnnotation {
    std::vector<PositionEval> evals;  // one per position, start position first
    std::vector<MoveAnnotation> moves;
    SideSummary white, black;
    std::optional<OpeningMatch> opening;  // the deepest named opening position the game reached
    std::string error;  // non-empty when an analysis failed (the game is then left as is)
    bool ok() const { return error.empty(); }
};

// Called after each position's search with the number of positions finished in this game.
using AnnotateProgress = std::function<void(int done)>;

// The next chunk of a PGN input (a game, readable or not, or text between games); nullopt at
// the end.
using NextGame = std::function<std::optional<PgnGame>()>;
// A chunk handed back in input order with its annotation (null when it is not a game read
// without error; check ok() for an engine failure). Returning false stops the run.
using GameDone = std::function<bool(PgnGame& game, const GameAnnotation* annotation)>;
// After each position's search: the game's number among the input's games (1 first), the
// positions of it searched so far and its number of positions. Calls are serialised.
using GameProgress = std::function<void(int game, int done, int positions)>;

// Annotates a stream of games with options.jobs threads (blocks): reads chunks with `next` on
// the caller's thread, keeps up to 2 * jobs + 2 of them in flight, searches the games side by
// side (thread t on Analyzer worker t, a game's positions in order) and hands every chunk to
// `done` in input order, on the caller's thread. The annotations equal analyse_game's; with
// reproducible limits they are the same bytes for any jobs.
void annotate_games(Analyzer& analyzer, const AnnotateOptions& options, const NextGame& next,
                    const GameDone& done, const GameProgress& progress = {});

// Searches every main-line position of a game read without error (blocks; options.jobs
// searches of its positions run at once) and labels every move. Positions after the game ended
// are not searched.
GameAnnotation analyse_game(Analyzer& analyzer, const PgnGame& game, const AnnotateOptions& options,
                            const AnnotateProgress& progress = {});

// Adds the annotation to the game as edits: NAG ($3 brilliant, $1 great, $6/$2/$4 for the
// labels), eval comment and variation after each move, accuracy and count tags (replacing tags
// of the same names), an Annotator tag, and ECO and Opening tags when the game has none.
void add_annotation_edits(PgnGame& game, const GameAnnotation& annotation,
                          const AnnotateOptions& options);

// "0.35", "-2.10", "#3", "#-3" (an evaluation from White's view, as in [%eval]).
std::string format_eval(const Score& white_view);

// Lichess-style accuracy of one move from the mover's win% before and after it:
// 103.1668 * exp(-0.04354 * (before - after)) - 3.1669 + 1, clamped to 0..100; 100 when the
// win% did not drop.
double move_accuracy(double win_before, double win_after);

// Game accuracy of one side: the mean of (a) the mean of its move accuracies weighted by the
// volatility of White's win% around each move (standard deviation over a sliding window of
// clamp(positions / 10, 2, 8) positions, weight clamped to 0.5..12) and (b) their harmonic mean
// (each accuracy floored at 1). white_win: White's win% of every position, start first;
// accuracies: one per move; side: 0 for White's moves (even plies), 1 for Black's.
double game_accuracy(const std::vector<double>& white_win, const std::vector<double>& accuracies,
                     int side, int first_ply_side = 0);

}  // namespace glossfish
