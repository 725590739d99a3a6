// Perft node counts of tests/data/perft*.epd at the deep depths (over a million nodes).
#include <gtest/gtest.h>

#include "perft_suite.h"
#include "rules/bitboard.h"
#include "rules/perft.h"
#include "rules/position.h"

namespace glossfish {
namespace {

constexpr std::uint64_t FastLimit = 1'000'000;

class SlowPerftSuite : public ::testing::TestWithParam<test::PerftCase> {
protected:
    static void SetUpTestSuite() { init_bitboards(); }
};

TEST_P(SlowPerftSuite, NodeCounts) {
    const test::PerftCase& c = GetParam();
    Position pos;
    FenStatus status = pos.set(c.fen, c.chess960);
    ASSERT_TRUE(status.ok()) << c.fen << ": " << status.message();
    for (auto [depth, nodes] : c.depths)
        EXPECT_EQ(perft(pos, depth), nodes) << c.fen << " depth " << depth;
}

INSTANTIATE_TEST_SUITE_P(Deep, SlowPerftSuite,
                         ::testing::ValuesIn(test::load_perft_suites(FastLimit + 1, UINT64_MAX)),
                         [](const auto& p) { return p.param.name; });

}  // namespace
}  // namespace glossfish
