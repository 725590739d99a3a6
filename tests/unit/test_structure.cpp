// Material counts, file status and pawn-structure features on small hand-built positions.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

#include "rules/bitboard.h"
#include "rules/position.h"
#include "rules/structure.h"

namespace glossfish {
namespace {

class Structure : public ::testing::Test {
protected:
    static void SetUpTestSuite() { init_bitboards(); }

    static Position at(const std::string& fen) {
        Position pos;
        FenStatus status = pos.set(fen);
        EXPECT_TRUE(status.ok()) << fen << ": " << status.message();
        return pos;
    }
};

Bitboard squares(std::initializer_list<Square> list) {
    Bitboard b = 0;
    for (Square s : list) b |= square_bb(s);
    return b;
}

TEST_F(Structure, MaterialOfTheStartPosition) {
    Position pos;
    for (Color c : {White, Black}) {
        Material m = material(pos, c);
        EXPECT_EQ(m.pawns, 8);
        EXPECT_EQ(m.knights, 2);
        EXPECT_EQ(m.bishops, 2);
        EXPECT_EQ(m.rooks, 2);
        EXPECT_EQ(m.queens, 1);
        EXPECT_EQ(m.points, 39);  // 8 + 6 + 6 + 10 + 9
    }
    EXPECT_EQ(material_balance(pos), 0);
}

TEST_F(Structure, MaterialQueenAndPawnsAgainstTwoRooksAndKnight) {
    Position pos = at("r3k2r/8/2n5/8/8/8/PPP5/3QK3 w - - 0 1");
    Material w = material(pos, White);
    EXPECT_EQ(w.pawns, 3);
    EXPECT_EQ(w.queens, 1);
    EXPECT_EQ(w.knights + w.bishops + w.rooks, 0);
    EXPECT_EQ(w.points, 12);
    Material b = material(pos, Black);
    EXPECT_EQ(b.rooks, 2);
    EXPECT_EQ(b.knights, 1);
    EXPECT_EQ(b.pawns + b.bishops + b.queens, 0);
    EXPECT_EQ(b.points, 13);
    EXPECT_EQ(material_balance(pos), -1);
}

TEST_F(Structure, MaterialBareKings) {
    Position pos = at("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(material(pos, White).points, 0);
    EXPECT_EQ(material(pos, Black).points, 0);
    EXPECT_EQ(material_balance(pos), 0);
}

TEST_F(Structure, FilesOfTheStartPositionAreClosed) {
    Position pos;
    for (int f = FileA; f <= FileH; ++f) EXPECT_EQ(file_status(pos, f), FileStatus::Closed) << f;
}

TEST_F(Structure, FileStatusEachKind) {
    // a: black pawn only, b: white pawn only, c: both, d-h: none.
    Position pos = at("4k3/p1p5/8/8/8/8/1PP5/4K3 w - - 0 1");
    EXPECT_EQ(file_status(pos, FileA), FileStatus::HalfOpenWhite);
    EXPECT_EQ(file_status(pos, FileB), FileStatus::HalfOpenBlack);
    EXPECT_EQ(file_status(pos, FileC), FileStatus::Closed);
    for (int f = FileD; f <= FileH; ++f) EXPECT_EQ(file_status(pos, f), FileStatus::Open) << f;
}

TEST_F(Structure, FileStatusNames) {
    EXPECT_STREQ(file_status_name(FileStatus::Open), "open");
    EXPECT_STREQ(file_status_name(FileStatus::HalfOpenWhite), "half_open_white");
    EXPECT_STREQ(file_status_name(FileStatus::HalfOpenBlack), "half_open_black");
    EXPECT_STREQ(file_status_name(FileStatus::Closed), "closed");
}

TEST_F(Structure, NothingSpecialInTheStartPosition) {
    Position pos;
    for (Color c : {White, Black}) {
        PawnStructure ps = pawn_structure(pos, c);
        EXPECT_EQ(ps.passed, 0u);
        EXPECT_EQ(ps.isolated, 0u);
        EXPECT_EQ(ps.doubled, 0u);
        EXPECT_EQ(ps.backward, 0u);
    }
}

TEST_F(Structure, PassedWhenEnemyPawnsAreBehind) {
    // d5 and e4 have passed each other: both run free.
    Position pos = at("4k3/8/8/3P4/4p3/8/8/4K3 w - - 0 1");
    EXPECT_EQ(pawn_structure(pos, White).passed, square_bb(D5));
    EXPECT_EQ(pawn_structure(pos, Black).passed, square_bb(E4));
}

TEST_F(Structure, PassedWhenEnemyPawnIsLevelOnAdjacentFile) {
    // d5 and c5 side by side: neither can stop the other.
    Position pos = at("4k3/8/8/2pP4/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(pawn_structure(pos, White).passed, square_bb(D5));
    EXPECT_EQ(pawn_structure(pos, Black).passed, square_bb(C5));
}

TEST_F(Structure, NotPassedWithEnemyPawnInFrontOnAdjacentFile) {
    // e7 covers d6 on d5's path and d5 covers e4 on e7's path: neither is passed.
    Position pos = at("4k3/4p3/8/3P4/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(pawn_structure(pos, White).passed, 0u);
    EXPECT_EQ(pawn_structure(pos, Black).passed, 0u);
}

TEST_F(Structure, NotPassedWhenBlockedOnTheSameFile) {
    Position pos = at("4k3/8/3p4/3P4/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(pawn_structure(pos, White).passed, 0u);
    EXPECT_EQ(pawn_structure(pos, Black).passed, 0u);
}

TEST_F(Structure, Isolated) {
    // a2 has no b-pawn, c2 no b- or d-pawn, h2 no g-pawn; e2 and f2 stand together.
    Position pos = at("4k3/8/8/8/8/8/P1P1PP1P/4K3 w - - 0 1");
    EXPECT_EQ(pawn_structure(pos, White).isolated, squares({A2, C2, H2}));
}

TEST_F(Structure, NeighbourOnAnyRankPreventsIsolation) {
    Position pos = at("4k3/8/8/1P6/8/8/P7/4K3 w - - 0 1");
    EXPECT_EQ(pawn_structure(pos, White).isolated, 0u);
}

TEST_F(Structure, DoubledMarksEveryPawnOfTheFile) {
    Position pos = at("4k3/3p4/3p4/8/2P5/2P5/2P1P3/4K3 w - - 0 1");
    EXPECT_EQ(pawn_structure(pos, White).doubled, squares({C2, C3, C4}));
    EXPECT_EQ(pawn_structure(pos, Black).doubled, squares({D6, D7}));
}

TEST_F(Structure, SinglePawnsAreNotDoubled) {
    Position pos = at("4k3/3p4/8/8/8/8/2P1P3/4K3 w - - 0 1");
    EXPECT_EQ(pawn_structure(pos, White).doubled, 0u);
    EXPECT_EQ(pawn_structure(pos, Black).doubled, 0u);
}

TEST_F(Structure, BackwardWhite) {
    // d3 is left behind by c4 and its stop square d4 is hit by e5. c4 has d3 behind it; the
    // e5 pawn is isolated, hence not backward.
    Position pos = at("4k3/8/8/4p3/2P5/3P4/8/4K3 w - - 0 1");
    PawnStructure ps = pawn_structure(pos, White);
    EXPECT_EQ(ps.backward, square_bb(D3));
    EXPECT_EQ(ps.passed & square_bb(D3), 0u);
    EXPECT_EQ(pawn_structure(pos, Black).backward, 0u);
}

TEST_F(Structure, BackwardBlack) {
    // d6 is left behind by c5 and its stop square d5 is hit by e4.
    Position pos = at("4k3/8/3p4/2p5/4P3/8/8/4K3 b - - 0 1");
    EXPECT_EQ(pawn_structure(pos, Black).backward, square_bb(D6));
    EXPECT_EQ(pawn_structure(pos, White).backward, 0u);
}

TEST_F(Structure, NotBackwardWhenStopSquareIsSafe) {
    Position pos = at("4k3/8/8/8/2P5/3P4/8/4K3 w - - 0 1");
    EXPECT_EQ(pawn_structure(pos, White).backward, 0u);
}

TEST_F(Structure, NotBackwardWithNeighbourLevelOrBehind) {
    // e3 stands level with d3.
    Position level = at("4k3/8/8/4p3/2P5/3PP3/8/4K3 w - - 0 1");
    EXPECT_EQ(pawn_structure(level, White).backward, 0u);
    // c2 is behind d3 and can come up to c3.
    Position behind = at("4k3/8/8/4p3/8/3P4/2P5/4K3 w - - 0 1");
    EXPECT_EQ(pawn_structure(behind, White).backward, 0u);
}

TEST_F(Structure, IsolatedPawnIsNotBackward) {
    Position pos = at("4k3/8/8/4p3/8/3P4/8/4K3 w - - 0 1");
    PawnStructure ps = pawn_structure(pos, White);
    EXPECT_EQ(ps.isolated, square_bb(D3));
    EXPECT_EQ(ps.backward, 0u);
}

}  // namespace
}  // namespace glossfish
