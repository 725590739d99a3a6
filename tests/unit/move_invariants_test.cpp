// Invariants over every legal move two plies deep from the suite positions: make/unmake
// restores the position, SAN and UCI round-trip, gives_check agrees with the position after.
#include <gtest/gtest.h>

#include "perft_suite.h"
#include "rules/bitboard.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/position.h"

namespace glossfish {
namespace {

class MoveInvariants : public ::testing::TestWithParam<test::PerftCase> {
protected:
    static void SetUpTestSuite() { init_bitboards(); }
};

// Checks every legal move of pos, then recurses; returns the number of moves checked.
int check_moves(Position& pos, int depth) {
    if (depth == 0) return 0;
    int checked = 0;
    const std::string fen = pos.fen();
    const Key key = pos.key();
    for (Move m : MoveList(pos)) {
        SCOPED_TRACE(fen + " move " + move_to_uci(pos, m));
        EXPECT_TRUE(pos.is_legal(m));

        std::string san = move_to_san(pos, m);
        MoveParse strict = parse_san(pos, san, SanMode::Strict);
        EXPECT_TRUE(strict.ok()) << san << ": " << strict.message;
        EXPECT_EQ(strict.move, m) << san;
        MoveParse lenient = parse_san(pos, san, SanMode::Lenient);
        EXPECT_EQ(lenient.move, m) << san << ": " << lenient.message;
        MoveParse uci = parse_uci(pos, move_to_uci(pos, m));
        EXPECT_EQ(uci.move, m) << uci.message;

        CheckKind check = pos.gives_check(m);
        pos.do_move(m);
        EXPECT_EQ(check != CheckKind::None, pos.is_check()) << san;
        EXPECT_EQ(check == CheckKind::Double, popcount(pos.checkers()) == 2) << san;
        checked += 1 + check_moves(pos, depth - 1);
        pos.undo_move(m);
        EXPECT_EQ(pos.key(), key);
        EXPECT_EQ(pos.fen(), fen);
    }
    return checked;
}

TEST_P(MoveInvariants, TwoPlies) {
    const test::PerftCase& c = GetParam();
    Position pos;
    ASSERT_TRUE(pos.set(c.fen, c.chess960).ok()) << c.fen;
    EXPECT_GT(check_moves(pos, 2), 0);
}

INSTANTIATE_TEST_SUITE_P(Suite, MoveInvariants,
                         ::testing::ValuesIn(test::load_perft_suites(0, UINT64_MAX)),
                         [](const auto& p) { return p.param.name; });

}  // namespace
}  // namespace glossfish
