// Move quality: win percentage from an evaluation, labels from win-percentage loss
// (quality.cpp), and the labelling of a played move by two searches with its JSON form
// (move_label.cpp).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "host/analyzer.h"
#include "host/uci_protocol.h"

namespace glossfish {

// Win% for the side the score belongs to: 50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1),
// with cp clamped to +-1000 and mates counted as +-1000 (lichess).
double win_percent(const Score& score);

// Win% points from b to a, signed: win_percent(a) - win_percent(b).
double win_percent_gap(const Score& a, const Score& b);

// Win% loss of playing `played` instead of `best` (both from the mover's view):
// max(0, win_percent(best) - win_percent(played)). The one place a loss is computed.
double wp_loss(const Score& best, const Score& played);

// A win% (or a win% loss) rounded to one decimal, as JSON shows it.
double round_1dp(double percent);

enum class QualityScheme { Lichess, ActEval };
const char* scheme_name(QualityScheme s);  // "lichess", "act-eval"
std::optional<QualityScheme> parse_scheme(std::string_view name);

// Label thresholds: lichess's, what lichess.org shows; act-eval stays selectable.
inline constexpr QualityScheme DefaultQualityScheme = QualityScheme::Lichess;
// Search depth of move-quality labels (label, annotate, report, Glossfish Quality Depth).
inline constexpr int DefaultQualityDepth = 14;
// Depth of the quick label printed first in analysis, before the one at the quality depth.
inline constexpr int QuickQualityDepth = 8;

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

// Why a label was given, in one sentence that the commentary reader reads back and the claims
// verifier marks true (made by verifier/explain/explain.h, which owns the wording).
struct Reason {
    std::string kind;                   // "allows_mate", "loses_material", "mates", ...
    std::string text;                   // one sentence in chess notation
    std::vector<std::string> line;      // the moves behind it, SAN (from where they start)
    std::vector<std::string> line_uci;  // the same moves, UCI
    std::vector<std::string> motifs;    // lichess puzzle themes ("mate", "hangingPiece", ...)
    nlohmann::json claims = nlohmann::json::array();  // what the reader reads from text
};

// One verified idea of a move (verifier/explain/ideas.h; docs/ideas.md): the kind from the idea
// catalogue, its family, a sentence the reader reads whole and the verifier marks true, what it
// names and the claims read from it.
struct Idea {
    std::string kind;    // "develops", "outpost", "threatens_win", ... (or a reason's kind)
    std::string family;  // "development", "centre", "threats", ..., "tactics"
    std::string text;    // "Nf3 develops the knight toward the centre."
    int salience = 0;    // higher is said first
    bool cost = false;   // a drawback of the move
    std::vector<std::string> squares;  // the squares the sentence names
    std::vector<std::string> pieces;   // the piece types it names
    nlohmann::json claims = nlohmann::json::array();
};

struct MoveLabel {
    std::string error;  // non-empty when the engine failed
    std::string fen;    // position before the move
    Move played, best;
    std::string played_san, played_uci, best_san, best_uci;
    Score best_score, played_score;  // mover's view
    Quality quality;
    QualityScheme scheme = QualityScheme::Lichess;
    int depth = 0;
    // The square where the opponent's move before this one captured, when known (a capture there
    // is a recapture): set by annotate and the Session from the game's moves.
    Square previous_capture = NoSquare;
    // The move before is known (previous_capture NoSquare then says it captured nothing); when
    // it is not (a FEN alone), a capture of exactly what the mover was down counts as taking back.
    bool previous_known = false;
    // The engine lines the label was made from, each starting in the position before the move:
    // the best line, the played move's own line (the best line when it is the engine's move,
    // the second line when it is that one, else its searchmoves line) and the second line.
    std::vector<Move> best_pv, played_pv, second_pv;
    std::optional<Score> second_score;  // mover's view, with MultiPV 2
    // Filled by the explainer (verifier/explain): the reasons that passed, and how many
    // composed reasons were held back because the reader or the verifier did not pass them.
    std::vector<Reason> reasons;
    int reasons_held_back = 0;
    // Why explaining failed (a search failed, the token was cancelled …), so that the reasons
    // may say less than they could; empty when it did not.
    std::string reasons_incomplete;
    // The verified ideas of the move, most important first (the reasons' tactics included), the
    // ones held back, and the ideas of the engine's better move for a move labelled worse.
    std::vector<Idea> ideas;
    int ideas_held_back = 0;
    std::vector<Idea> best_ideas;
    // The top ideas said in one sentence the reader reads whole and the verifier marks true
    // ("Nf3 develops the knight toward the centre and takes control of d4 and e5."), or "".
    std::string ideas_sentence;
    // The chess.com-style class (analysis/move_class.h; a MoveClass, kept as its name here).
    std::string move_class = "good";
    // The move stays on a named opening line (MoveClassInput::book), whatever its class.
    bool book = false;
};

// Labels a played move from two searches of the position before it (the engine's best line
// and the played move through searchmoves), at the same limits and on the Analyzer pool.
// Blocks for up to two searches (one when the played move is the engine's best). A cancelled
// token ends the searches early; the label then has the error AnalysisCancelled.
MoveLabel label_move(Analyzer& analyzer, const Position& before, Move played,
                     const AnalysisLimits& limits, QualityScheme scheme,
                     const CancelToken* cancel = nullptr);

// {"move":{"san","uci"},"label","wp_loss","win_before","win_after","tags",
//  "best":{"san","uci","score"},"played_score","depth","scheme","reason","class","fen","text",
//  "reasons":[{"kind","text","line","line_uci","motifs","claims"}],"reasons_held_back",
//  "reasons_incomplete" (only when explaining failed)}
// With reasons, text is "Nf6?? is a blunder. <the first reason> g6 was best."
nlohmann::json label_to_json(const MoveLabel& label);

// The better move as a comment names it: numbered ("14. c4") when the same SAN stands as a word
// in the comment's other sentences and the opponent could reply with a move so spelled after
// `played` (14.Qd3 of Botvinnik-Capablanca: "After Qd3, c4 attacks the queen on d3 with
// tempo." is Black's ...c4, the better move White's c3-c4), else the SAN alone; "compared with
// c4" names the better move itself.
std::string better_move_name(const Position& before, Move played, const std::string& san,
                             const std::string& other_sentences);

// {"cp":35} or {"mate":-3}, plus "bound" when not exact.
nlohmann::json score_to_json(const Score& score);

// {"kind","text","line","line_uci","motifs","claims"}
nlohmann::json reason_to_json(const Reason& reason);

// {"kind","family","text","salience","cost","squares","pieces","claims"}
nlohmann::json idea_to_json(const Idea& idea);

}  // namespace glossfish
