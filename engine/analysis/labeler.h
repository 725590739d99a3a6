// Labels a played move from two searches of the position before it (the engine's best line
// and the played move through searchmoves), at the same limits and on the Analyzer pool.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "host/analyzer.h"
#include "analysis/quality.h"

namespace glossfish {

struct MoveLabel {
    std::string error;  // non-empty when the engine failed
    std::string fen;    // position before the move
    Move played, best;
    std::string played_san, played_uci, best_san, best_uci;
    Score best_score, played_score;  // mover's view
    Quality quality;
    QualityScheme scheme = QualityScheme::Lichess;
    int depth = 0;
};

// Blocks for up to two searches (one when the played move is the engine's best). A cancelled
// token ends the searches early; the label then has the error AnalysisCancelled.
MoveLabel label_move(Analyzer& analyzer, const Position& before, Move played,
                     const AnalysisLimits& limits, QualityScheme scheme,
                     const CancelToken* cancel = nullptr);

// {"move":{"san","uci"},"label","wp_loss","win_before","win_after","tags",
//  "best":{"san","uci","score"},"played_score","depth","scheme","reason","fen","text"}
nlohmann::json label_to_json(const MoveLabel& label);

// {"cp":35} or {"mate":-3}, plus "bound" when not exact.
nlohmann::json score_to_json(const Score& score);

}  // namespace glossfish
