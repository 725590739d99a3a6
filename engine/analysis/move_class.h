// Move classes in the words of chess.com's game review (brilliant, great, best, excellent, good,
// book, inaccuracy, mistake, blunder, miss), with our own definitions (docs/quality.md): a pure
// function of win percentages, the move's label, the previous move and the position, so it is
// testable without an engine.
#pragma once

#include <optional>
#include <vector>

#include "analysis/quality.h"
#include "rules/position.h"

namespace glossfish {

enum class MoveClass {
    Brilliant,
    Great,
    Best,
    Excellent,
    Good,
    Book,
    Inaccuracy,
    Mistake,
    Blunder,
    Miss
};
inline constexpr int MoveClassCount = 10;
// "brilliant", "great", "best", "excellent", "good", "book", "inaccuracy", "mistake",
// "blunder", "miss".
const char* move_class_name(MoveClass c);

// The facts a class is decided from; win% are the mover's (0..100).
struct MoveClassInput {
    double wp_best = 50;    // the engine's best move (the position's value before the move)
    double wp_played = 50;  // the played move
    bool played_is_best = false;
    // The best move other than the played one, when known (from MultiPV 2: the runner-up when
    // the played move is the engine's, else the engine's move).
    std::optional<double> wp_other;
    bool single_legal_move = false;
    QualityLabel label = QualityLabel::Good;  // the move's label in the scheme in use
    // The opponent's move just before, when known: its label, the win% it lost (its own view),
    // and the mover's win% before it.
    std::optional<QualityLabel> previous_label;
    double previous_loss = 0;
    std::optional<double> wp_before_previous;
    bool book = false;  // the move stays on a named opening line (openings/opening.h)
    // The position before the move and the move (legal there), for the sacrifice and recapture
    // tests; without a position no move is brilliant.
    const Position* position = nullptr;
    Move move = Move::none();
    // The played move's engine line, the move first, when known: a sacrifice must stay given up
    // along it (sacrifice_holds); without it the move's static offer decides.
    std::vector<Move> line;
};

// Win% bands: losing below 30, winning above 70, equal between; winning easily from 90.
inline constexpr double LosingBelow = 30, WinningAbove = 70, WinningEasily = 90;
// A book move that loses at least this much win% (a mistake by lichess's scheme) is classed by
// its label instead: the opening table knows the move, the engine finds it costly. That it is
// on a named line stays a fact of its own (MoveLabel::book, "book" in the label's JSON).
inline constexpr double BookLossLimit = 10;
// A brilliant move gives up at least this much (centipawns: more than a pawn).
inline constexpr int SacrificeMin = 200;

// The class of a move (docs/quality.md "Move classes"), first rule that applies:
// book (losing under BookLossLimit); miss; inaccuracy / mistake / blunder (the label); brilliant;
// great; best; excellent; good.
MoveClass classify_class(const MoveClassInput& in);

// The input for a move labelled by classify_move (label_move's searches): win% from the
// quality, the runner-up from in.second_best, book from the compiled-in openings (the position
// after the move is on a named line, and so is the one before it or it is the start position).
// No previous move is known.
MoveClassInput class_input(const QualityInput& in, const Quality& q, const Position& before,
                           Move played);

// The material (centipawns) the opponent can win right after m by its best capture (static
// exchange), less what m itself took or promoted to; 0 when nothing is offered or m mates.
int material_offered(const Position& before, Move m);

// Whether the mover has given up at least `at_least` along the line (its first move is the
// mover's) and not won it back two full moves later (after the line's fifth ply, or at its end
// when shorter, at least two plies), or mates along the way after giving it up: a real
// sacrifice. An in-between capture taken back at once, a desperado, a piece left to be taken
// that is taken back: not one.
bool sacrifice_holds(const Position& before, const std::vector<Move>& line,
                     int at_least = SacrificeMin);

// m takes back material: it captures without losing the exchange while the mover is behind in
// material (a recapture, say).
bool regains_material(const Position& before, Move m);

}  // namespace glossfish
