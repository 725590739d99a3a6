// Reasons round trip on all 1,000 shared puzzles' setup moves at depth 14 (tests/common/
// reasons_eval.h): every printed reason is read whole and verified true again on its position.
// The puzzle-check figures are printed (the bench prints the same for any count and depth).
#include <gtest/gtest.h>

#include "reasons_eval.h"

namespace glossfish::test {
namespace {

TEST(ReasonsSlow, ThousandPuzzleSetupMovesRoundTrip) {
    const auto puzzles =
        load_reason_puzzles(std::string(GLOSSFISH_TEST_DATA) + "/lichess_puzzles_1000.csv", 0);
    ASSERT_EQ(puzzles.size(), 1000u);
    Analyzer analyzer(Analyzer::Config{});
    AnalysisLimits limits;
    limits.depth = 14;
    ReasonTally t;
    for (const ReasonPuzzle& p : puzzles) tally_reasons(analyzer, limits, p, t);
    print_tally(t);
    EXPECT_EQ(t.errors, 0);
    EXPECT_GT(t.reasons, 500);
    EXPECT_EQ(t.read_whole, t.reasons);
    EXPECT_EQ(t.verified_true, t.reasons);
    EXPECT_TRUE(t.failures.empty());
}

}  // namespace
}  // namespace glossfish::test
