// Move quality: win percentage from an evaluation and labels from win-percentage loss.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "host/uci_protocol.h"

namespace glossfish {

// Win% for the side the score belongs to: 50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1),
// with cp clamped to +-1000 and mates counted as +-1000 (lichess).
double win_percent(const Score& score);

enum class QualityScheme { Lichess, ActEval };
const char* scheme_name(QualityScheme s);  // "lichess", "act-eval"
std::optional<QualityScheme> parse_scheme(std::string_view name);

enum class QualityLabel { Good, Inaccuracy, Mistake, Blunder };
const char* label_name(QualityLabel l);  // "good", "inaccuracy", "mistake", "blunder"
// The label as a sentence says it after "is": "good", "an inaccuracy", "a mistake", "a blunder".
const char* label_phrase(QualityLabel l);

struct QualityInput {
    Score best;    // engine's best line, from the mover's view, same search
    Score played;  // the played move's line (searchmoves), from the mover's view
    bool played_is_best = false;
    // Win% of the second-best move, when known (MultiPV 2), for the "only" tag.
    std::optional<Score> second_best;
    // The played move is the only legal move (then it is "only" with no second line).
    bool single_legal_move = false;
};

struct Quality {
    QualityLabel label = QualityLabel::Good;
    double wp_before = 50, wp_after = 50;  // win% of best and of played (mover's view)
    double wp_loss = 0;                    // max(0, wp_before - wp_after)
    bool best = false;                     // the played move is the engine's move
    bool only = false;                     // every other move loses >= 15 win% points
    std::string reason;                    // e.g. "mate lost", "mate created"
};

// Labels a move. Lichess: inaccuracy >= 5, mistake >= 10, blunder >= 15 win% points, plus
// its mate rules; act-eval: good <= 10, inaccuracy 10-20, mistake 20-30, blunder > 30.
Quality classify_move(const QualityInput& in, QualityScheme scheme);

}  // namespace glossfish
