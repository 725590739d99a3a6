// The reasons of a move label: why a move is a blunder, a mistake, an inaccuracy or good, composed
// from the label's own engine lines (best, played, second) and counted with the rules core
// (static exchange, piece values). Each reason is one sentence that the commentary reader
// (reader/) reads whole and the claims verifier (claims/) marks true on the same position and
// move; a reason that does not pass is held back and counted, never said.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/annotate.h"
#include "analysis/quality.h"
#include "host/analyzer.h"
#include "motifs/motifs.h"
#include "rules/position.h"

namespace glossfish::verifier {

struct ExplainOptions {
    // Engine claims (mate in more than one, material won along a line, winning chances, the
    // only move) search on this pool at `limits` (the label's: its own searches are cache
    // hits); null: board claims only, and reasons that need the engine are held back.
    Analyzer* analyzer = nullptr;
    AnalysisLimits limits;
    // defends: the threats the board proves after a pass (mate in one, a capture winning by
    // static exchange); when there are both, a null-move search at threat_depth says which.
    // prevents (when defends says nothing) and threatens: a null-move search at threat_depth of
    // the position before and after the move. Off: none of these three.
    bool threat_search = true;
    int threat_depth = 8;
    const CancelToken* cancel = nullptr;
    std::size_t max_reasons = 3;
};

struct Explanation {
    std::vector<Reason> reasons;  // the ones that passed, the reason for the label first
    int held_back = 0;            // composed but not read whole or not verified true
    std::vector<Reason> held;     // those, for a bench to look at (never printed)
    // False when the reasons may say less than they could, and `why` says what happened: with
    // limits.cached_only a search the reasons needed was refused (ReasonsNotCached: explaining
    // again without cached_only may say more); or explaining failed (the label has an error or
    // an illegal move, a search failed, the token was cancelled, an exception was thrown).
    bool complete = true;
    std::string why;  // empty when complete
};

// The `why` of an explanation whose only gap is a search refused by limits.cached_only.
inline constexpr const char* ReasonsNotCached = "a search the reasons need is not cached";

// The reasons of a label made by label_move (or built by hand with its lines). Kinds, in the
// order they are tried: for a move labelled inaccuracy or worse allows_mate, loses_material
// (then hanging and fork when they apply), misses_mate, misses_material and, when no tactic
// explains the loss, reply_threat (the opponent's answer threatens what the move let in) and
// spoils_advantage (then, without a reply_threat, best_reply: the opponent's answer,
// engine-checked); for a good move mates, wins_material (then fork) or immune, defends or
// prevents (a quiet move of the opponent's the move takes away), threatens and only_move. Never
// throws: a failure is an incomplete explanation (complete false, with why).
Explanation explain(const MoveLabel& label, const ExplainOptions& options = {});

// explain() stored into the label (reasons, reasons_held_back, and reasons_incomplete: the why of
// a failure, not of a cached_only refusal). A label with an error is left as it is (its error
// says what failed). Returns Explanation::complete.
bool explain_label(MoveLabel& label, const ExplainOptions& options = {});

// The reasons of every labelled move (inaccuracy or worse) of an annotated game and the ideas of
// every move (ideas.h), from the searches annotate made (the best line of the position before,
// the line of the position after for the played move). Annotate passes no analyzer: board
// claims only, no new search.
void explain_game(const PgnGame& game, GameAnnotation& annotation,
                  const ExplainOptions& options = {});

// Fills r.claims with what the reader reads from r.text (about `played` from `before`) and says
// whether the sentence was read whole, as one sentence, and every claim was verified true with
// the tools of `options` (engine claims need its analyzer). engine_error, when given, is set to
// the engine's failure when a claim could not be decided because a search failed (not when the
// claim is false, and not for a search refused by cached_only, which the caller counts).
bool check_reason(const Position& before, Move played, Reason& r, const ExplainOptions& options,
                  std::string* engine_error = nullptr);

// The lichess puzzle themes of a reason's line, as lichess's tagger (engine/motifs) gives them
// for the line taken as a puzzle: the side that plays line[0] from start is the solver, the
// line is cut to end with a solver move, and with `setup` (the move that led to start, from the
// position before it) the setup-move themes (hangingPiece, intermezzo) are decided as for a
// lichess puzzle. Length and endgame themes are left out (they describe a puzzle, not a reason).
std::vector<std::string> motifs_for_reason(const Position& start, const std::vector<Move>& line,
                                           const std::optional<SetupMove>& setup = std::nullopt);

}  // namespace glossfish::verifier
