// Engine themes (analysis/engine_themes.h) with Stockfish at depth 12, on shared lichess puzzles
// whose Themes name them, and a stalemate line.
#include "analysis/engine_themes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "rules/notation.h"
#include "shared_analyzer.h"
#include "test_util.h"

namespace glossfish {
namespace {

class EngineThemes : public SharedAnalyzer<> {
protected:
    // The engine themes of a lichess puzzle row: FEN before the setup move, then the moves.
    static std::vector<std::string> of_puzzle(const char* fen, const char* moves) {
        Position start = at(fen);
        std::istringstream in(moves);
        std::vector<Move> line;
        Position walk = start;
        bool setup = true;
        for (std::string m; in >> m;) {
            MoveParse mp = parse_uci(walk, m);
            EXPECT_TRUE(mp.ok()) << m;
            walk.do_move(mp.move);
            if (setup) {
                start = walk;
                setup = false;
            } else {
                line.push_back(mp.move);
            }
        }
        AnalysisLimits limits;
        limits.depth = 12;
        limits.reproducible = true;
        return engine_themes(*analyzer_, start, line, limits);
    }
};

// xZ5sl (Themes: crushing … zugzwang): after 2.Kb3 Black must move and loses the pawn race.
TEST_F(EngineThemes, ZugzwangInAPawnEnding) {
    const auto t =
        of_puzzle("8/1p6/6p1/p1k2p1p/2P2P1P/P1K3P1/8/8 w - - 0 40", "a3a4 b7b6 c3b3 c5d4");
    EXPECT_TRUE(has(t, "zugzwang"));
    EXPECT_TRUE(has(t, "crushing"));
}

// tewjc (Themes: crushing discoveredAttack long middlegame xRayAttack): no zugzwang.
TEST_F(EngineThemes, CrushingAfterWinningTheQueen) {
    const auto t = of_puzzle("r5k1/pp3p1p/2b2qp1/3pr3/8/4P2P/R1PN1PP1/Q3K2R w K - 0 19",
                             "a2a7 e5e3 f2e3 f6a1 a7a1 a8a1");
    EXPECT_EQ(t, std::vector<std::string>{"crushing"});
}

// A line that mates has no evaluation theme (it is a mate puzzle).
TEST_F(EngineThemes, AMateLineHasNoEvaluationTheme) {
    // 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6: the setup move 3...Nf6, then 4.Qxf7#.
    const auto t =
        of_puzzle("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3", "g8f6 h5f7");
    EXPECT_TRUE(t.empty()) << t.front();
}

// A solver move that stalemates ends in a draw: equality, with no search.
TEST_F(EngineThemes, StalemateIsEquality) {
    const Position start = at("7k/8/5KQ1/8/8/8/8/8 w - - 0 1");
    const MoveParse qf7 = parse_uci(start, "g6f7");
    ASSERT_TRUE(qf7.ok());
    AnalysisLimits limits;
    limits.depth = 12;
    EXPECT_EQ(engine_themes(*analyzer_, start, {qf7.move}, limits),
              std::vector<std::string>{"equality"});
}

}  // namespace
}  // namespace glossfish
