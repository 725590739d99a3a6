// The puzzle themes only an engine decides, lichess spelling: the evaluation's (crushing,
// advantage, equality) and zugzwang. docs/motifs.md "Engine themes" gives the definitions and
// where they differ from lichess's.
#pragma once

#include <string>
#include <vector>

#include "host/analyzer.h"
#include "host/cancel.h"
#include "rules/position.h"

namespace glossfish {

// The evaluation's theme of a puzzle whose line does not mate: the engine's score of the position
// after the line (the solver's last move played) from the solver's view: "crushing" from
// CrushingCp, "advantage" from AdvantageCp, else "equality" (also a stalemate). No theme when the
// line mates or the search fails. Lichess's generator sets these from its own deep evaluation and
// does not publish the cut; ours are fitted on half of the shared puzzles at depth 12 (Stockfish
// 15.1) and measured on the other half (docs/motifs.md "Engine themes").
inline constexpr int CrushingCp = 400;
inline constexpr int AdvantageCp = 100;

// Zugzwang, as lichess's tagger decides it: after a solver move of the line, the opponent (not in
// check, at most ZugzwangMaxMoves legal moves) would be better off passing: their win% when they
// must move is more than ZugzwangWinGap points below their win% if the solver moved instead (the
// null-move position searched).
inline constexpr int ZugzwangMaxMoves = 15;
inline constexpr double ZugzwangWinGap = 15.0;  // lichess: 0.3 of win chances in [-1, 1]

// The engine themes of `line` played from `start` (every move legal in turn, the solver first),
// in the order "crushing"/"advantage"/"equality", then "zugzwang". A line that ends in mate gets
// no evaluation theme (it is a mate puzzle). Searches on analyzer at limits: one for the
// evaluation and two per solver move that leaves the opponent few enough moves.
std::vector<std::string> engine_themes(Analyzer& analyzer, const Position& start,
                                       const std::vector<Move>& line, const AnalysisLimits& limits,
                                       const CancelToken* cancel = nullptr);

}  // namespace glossfish
