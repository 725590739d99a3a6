// Every row of tests/data/perft.csv listed at depth <= 4 (the deeper rows are in the slow tier).
#include "perft_csv.h"

#include <gtest/gtest.h>

#include "rules/perft.h"

namespace glossfish {
namespace {

class PerftCsv : public ::testing::TestWithParam<test::PerftRow> {};

TEST_P(PerftCsv, ListedNodeCount) {
    const auto& row = GetParam();
    Position pos;
    FenStatus status = pos.set(row.fen, row.chess960);
    ASSERT_TRUE(status.ok()) << status.message();
    EXPECT_EQ(perft(pos, row.depth), row.nodes);
    EXPECT_EQ(pos.fen(), Position::from_fen(row.fen, row.chess960)->fen()) << "perft must restore";
}

INSTANTIATE_TEST_SUITE_P(Shallow, PerftCsv, ::testing::ValuesIn(test::load_perft_csv(1, 4)),
                         [](const auto& p) { return p.param.name; });

TEST(PerftCsvFile, HasEveryRow) {
    // 21 rows in the shared file: the fast tier takes the shallow ones, the slow tier the rest.
    EXPECT_EQ(test::load_perft_csv(1, 4).size() + test::load_perft_csv(5, 99).size(), 21u);
}

}  // namespace
}  // namespace glossfish
