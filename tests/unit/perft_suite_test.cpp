// Perft node counts of tests/data/perft*.epd at the depths that stay under a million nodes.
#include "perft_suite.h"

#include <gtest/gtest.h>

#include "rules/bitboard.h"
#include "rules/perft.h"
#include "rules/position.h"

namespace glossfish {
namespace {

constexpr std::uint64_t FastLimit = 1'000'000;

class PerftSuite : public ::testing::TestWithParam<test::PerftCase> {
protected:
    static void SetUpTestSuite() { init_bitboards(); }
};

TEST_P(PerftSuite, NodeCounts) {
    const test::PerftCase& c = GetParam();
    Position pos;
    FenStatus status = pos.set(c.fen, c.chess960);
    ASSERT_TRUE(status.ok()) << c.fen << ": " << status.message();
    for (auto [depth, nodes] : c.depths) {
        EXPECT_EQ(perft(pos, depth), nodes) << c.fen << " depth " << depth;
        EXPECT_EQ(pos.fen(), Position::from_fen(c.fen, c.chess960)->fen())
            << "perft changed the position";
    }
}

INSTANTIATE_TEST_SUITE_P(Fast, PerftSuite,
                         ::testing::ValuesIn(test::load_perft_suites(0, FastLimit)),
                         [](const auto& p) { return p.param.name; });

}  // namespace
}  // namespace glossfish
