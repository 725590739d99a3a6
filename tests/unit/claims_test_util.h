// Positions and helpers shared by the claims and commentary-reader tests.
#pragma once

#include "tools/tool_suite.h"

namespace glossfish::verifier::claims_testing {

inline const char* const Start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// The research note's Qe4 example, built so that the facts are as the paper describes: Qd3-e4
// centralizes the queen; the black pawn on d4 blocks the 4th rank to the bishop on b4; White's
// own pawn on e5 blocks the e-file.
inline const char* const QueenExample = "6k1/5ppp/8/4P3/1b1p4/3Q4/5PPP/6K1 w - - 0 1";
// The gold-atom position of the research note (Black to move, Qh4+).
inline const char* const GoldAtoms = "8/pn2Q3/1p1p2pk/2pP2rp/P1P2q2/1NP5/6B1/2R4K b - - 15 47";
// The knight on c3 is pinned to the king by the bishop on b4.
inline const char* const PinnedKnight = "4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1";
// Nc7+ forks the king on e8 and the rook on a8.
inline const char* const Fork = "r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1";
// Qd4+ attacks the king on g7, the rook on a7 (defended by the rook on a8, worth less than the
// queen: not a fork target) and the undefended knight on h4: a fork of the king and the knight.
inline const char* const QueenFork = "r7/r5k1/8/8/7n/8/1RR5/3Q2K1 w - - 0 1";

// Sentences read and verdicts wrong, per family of the reader tests.
struct Tally {
    int total = 0, read = 0, wrong = 0;
};

// A suite without an engine: engine predicates are unverifiable.
inline const ToolSuite& board_only() {
    static const ToolSuite suite;
    return suite;
}

}  // namespace glossfish::verifier::claims_testing
