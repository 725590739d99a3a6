// The ideas of a move (docs/ideas.md): every entry of the idea catalogue (claims/
// ideas_catalogue.h) that the board before and after the move shows, each said in one sentence
// that the commentary reader reads whole and the claims verifier marks true; one that does not
// pass is held back and counted, never said. Ranked by salience (forcing facts first, then the
// move's purpose, then its cost), one idea per square named.
#pragma once

#include <string>
#include <vector>

#include "analysis/quality.h"
#include "rules/position.h"

namespace glossfish::verifier {

struct IdeasResult {
    std::vector<Idea> ideas;  // verified, most salient first
    int held_back = 0;        // detected but not read whole or not verified
    std::vector<Idea> held;   // those (for the bench; never printed)
    // The top purposes (at most two) and the top cost in one verified sentence, or the first
    // idea's own sentence when the joined one does not pass; "" without ideas.
    std::string sentence;
};

// The ideas of a legal move from before. Board only: no search. Never throws. previous_capture:
// the square where the opponent's last move captured (a capture there takes back);
// previous_known: that move is known, so NoSquare says it captured nothing (else, from a FEN
// alone, a capture of exactly what the mover was down counts as taking back). line: the
// engine's line after the move, when there is one (a tempo the line bears out).
IdeasResult move_ideas(const Position& before, Move move, Square previous_capture = NoSquare,
                       bool previous_known = false, const std::vector<Move>& line = {});

// The label's ideas: its verified reasons first (family tactics), then the move's own ideas,
// and for a move labelled inaccuracy or worse the ideas of the engine's best move. A move that
// mates says nothing smaller. A label with an error is left as it is.
void explain_ideas(MoveLabel& label);

// The words of an idea's sentence after its move: "develops the knight toward the centre".
std::string idea_phrase(const Idea& idea);

}  // namespace glossfish::verifier
