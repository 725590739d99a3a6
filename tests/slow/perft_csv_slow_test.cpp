// Every row of tests/data/perft.csv listed deeper than 4 plies (up to 924 million nodes).
#include <gtest/gtest.h>

#include "perft_csv.h"
#include "rules/perft.h"

namespace glossfish {
namespace {

class SlowPerftCsv : public ::testing::TestWithParam<test::PerftRow> {};

TEST_P(SlowPerftCsv, ListedNodeCount) {
    const auto& row = GetParam();
    Position pos;
    FenStatus status = pos.set(row.fen, row.chess960);
    ASSERT_TRUE(status.ok()) << status.message();
    EXPECT_EQ(perft(pos, row.depth), row.nodes);
}

INSTANTIATE_TEST_SUITE_P(Deep, SlowPerftCsv, ::testing::ValuesIn(test::load_perft_csv(5, 99)),
                         [](const auto& p) { return p.param.name; });

}  // namespace
}  // namespace glossfish
