// Static exchange evaluation on hand-worked positions: every expected value below is the
// material count of the exchange worked out by hand (P100 N300 B300 R500 Q900).
#include <gtest/gtest.h>

#include <string>

#include "rules/bitboard.h"
#include "rules/position.h"
#include "rules/see.h"

namespace glossfish {
namespace {

class See : public ::testing::Test {
protected:
    static void SetUpTestSuite() { init_bitboards(); }

    static Position at(const std::string& fen) {
        Position pos;
        FenStatus status = pos.set(fen);
        EXPECT_TRUE(status.ok()) << fen << ": " << status.message();
        return pos;
    }
};

TEST_F(See, UndefendedPawnWinsAPawn) {
    // Rxe5: nothing of Black's reaches e5.
    Position pos = at("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1");
    EXPECT_EQ(see(pos, Move(E1, E5)), 100);
}

TEST_F(See, KnightForPawnThenTheExchangeStops) {
    // Nxe5 Nxe5 Rxe5 Bxe5 Qxe5 Qxe5 would end at -1000 for White; after Nxe5 Nxe5 White
    // does best to stop (Rxe5 Bxe5 loses more): knight for pawn, 100 - 300.
    Position pos = at("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1");
    EXPECT_EQ(see(pos, Move(D3, E5)), -200);
}

TEST_F(See, PawnTakesDefendedQueen) {
    // exd5 Rxd5: queen for pawn, 900 - 100.
    Position pos = at("3rk3/8/8/3q4/4P3/8/8/6K1 w - - 0 1");
    EXPECT_EQ(see(pos, Move(E4, D5)), 800);
}

TEST_F(See, QueenBehindRookJoinsAsXRay) {
    // Rxd5 Rxd5 Qxd5: the queen on d1 sees d5 once the rook has left d2; +500.
    Position pos = at("3rk3/8/8/3r4/8/8/3R4/3QK3 w - - 0 1");
    EXPECT_EQ(see(pos, Move(D2, D5)), 500);
}

TEST_F(See, BishopBehindPawnJoinsAsXRay) {
    // exd5 cxd5 Bxd5: knight for pawn, +300 (without the x-ray only +200).
    Position pos = at("7k/8/2p5/3n4/4P3/5B2/8/K7 w - - 0 1");
    EXPECT_EQ(see(pos, Move(E4, D5)), 300);
}

TEST_F(See, EnPassantCapturesAPawn) {
    Position pos = at("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    EXPECT_EQ(see(pos, Move::make(E5, D6, EnPassant)), 100);
}

TEST_F(See, EnPassantRecapturedIsEven) {
    // exd6 cxd6: pawn for pawn.
    Position pos = at("4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1");
    EXPECT_EQ(see(pos, Move::make(E5, D6, EnPassant)), 0);
}

TEST_F(See, EnPassantOpensTheFileBehindTheCapturedPawn) {
    // exd6 cxd6 Rxd6: the captured pawn leaves d5, so the rook on d1 reaches d6; +100.
    Position pos = at("4k3/2p5/8/3pP3/8/8/8/3RK3 w - d6 0 1");
    EXPECT_EQ(see(pos, Move::make(E5, D6, EnPassant)), 100);
}

TEST_F(See, QuietPromotionUndefended) {
    Position pos = at("7k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(see(pos, Move::make(E7, E8, Promotion, Queen)), 800);
    EXPECT_EQ(see(pos, Move::make(E7, E8, Promotion, Knight)), 200);
}

TEST_F(See, QuietPromotionDefendedLosesThePawn) {
    // e8=Q Rxe8: the queen is taken, White is a pawn down.
    Position pos = at("r6k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(see(pos, Move::make(E7, E8, Promotion, Queen)), -100);
}

TEST_F(See, CapturingPromotion) {
    // exd8=Q, nothing recaptures: rook + (queen - pawn) = 500 + 800.
    Position undefended = at("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(see(undefended, Move::make(E7, D8, Promotion, Queen)), 1300);
    // exd8=Q Rxd8: rook for pawn, +400; the same for a knight promotion.
    Position defended = at("r2r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(see(defended, Move::make(E7, D8, Promotion, Queen)), 400);
    EXPECT_EQ(see(defended, Move::make(E7, D8, Promotion, Knight)), 400);
}

TEST_F(See, RecapturingPawnPromotes) {
    // Rxd1 exd1=Q: knight for rook, and Black's pawn became a queen: 300 - 500 - 800.
    Position pos = at("4k3/8/8/8/8/8/4p3/R2n2K1 w - - 0 1");
    EXPECT_EQ(see(pos, Move(A1, D1)), -1000);
}

TEST_F(See, QuietMoveOntoAttackedSquare) {
    // Nd5 cxd5: the knight is lost.
    Position pos = at("4k3/8/2p5/8/8/2N5/8/4K3 w - - 0 1");
    EXPECT_EQ(see(pos, Move(C3, D5)), -300);
    // Nb1 is safe.
    EXPECT_EQ(see(pos, Move(C3, B1)), 0);
}

TEST_F(See, QuietMoveOntoSquareDefendedByUs) {
    // Nd5 cxd5 exd5: knight for pawn, -200.
    Position pos = at("4k3/8/2p5/8/4P3/2N5/8/4K3 w - - 0 1");
    EXPECT_EQ(see(pos, Move(C3, D5)), -200);
}

TEST_F(See, KingMayNotRecaptureOnDefendedSquare) {
    // Qxf7+: the bishop on c4 guards f7, so Kxf7 is illegal; +100.
    Position guarded = at("6k1/5p2/8/8/2B5/8/8/5QK1 w - - 0 1");
    EXPECT_EQ(see(guarded, Move(F1, F7)), 100);
    // Without the bishop, Qxf7+ Kxf7 loses the queen for a pawn.
    Position unguarded = at("6k1/5p2/8/8/8/8/8/5QK1 w - - 0 1");
    EXPECT_EQ(see(unguarded, Move(F1, F7)), -800);
}

TEST_F(See, KingCapturesUndefendedPiece) {
    Position pos = at("4k3/8/8/8/8/8/4p3/4K3 w - - 0 1");
    EXPECT_EQ(see(pos, Move(E1, E2)), 100);
}

TEST_F(See, PinnedDefenderOffTheLineDoesNotRecapture) {
    // Bxd5: the knight on e7 attacks d5 but is pinned to its king by the rook on e1; +100.
    Position pos = at("4k3/4n3/8/3p4/8/1B6/8/K3R3 w - - 0 1");
    ASSERT_TRUE(pos.is_pinned(Black, E7));
    ASSERT_TRUE(pos.attackers(Black, D5) & square_bb(E7)) << "python-chess: pinned pieces attack";
    EXPECT_EQ(see(pos, Move(B3, D5)), 100);
}

TEST_F(See, PinnedDefenderAlongThePinLineRecaptures) {
    // Bxd5 Bxd5: the bishop on c6 is pinned on a8-h1, and d5 lies on that line; -200.
    Position pos = at("k7/8/2b5/3p4/4B3/8/8/K7 w - - 0 1");
    EXPECT_EQ(see(pos, Move(E4, D5)), -200);
}

TEST_F(See, PinIsReleasedWhenThePinnerCaptures) {
    // Qxe7 Nxe7: the queen leaves the eighth rank, so the knight on c8 is free; 500 - 900.
    Position pos = at("k1n1Q3/4r3/8/8/8/8/8/K7 w - - 0 1");
    EXPECT_EQ(see(pos, Move(E8, E7)), -400);
}

TEST_F(See, CastlingIsZero) {
    Position pos = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(see(pos, Move::make(E1, H1, Castling)), 0);
    EXPECT_EQ(see(pos, Move::make(E1, A1, Castling)), 0);
}

TEST_F(See, BlackToMove) {
    // ...Rxe4 Rxe4: rook for pawn from Black's view, 100 - 500.
    Position pos = at("4r1k1/8/8/8/4P3/8/8/4R1K1 b - - 0 1");
    EXPECT_EQ(see(pos, Move(E8, E4)), -400);
}

TEST_F(See, ThresholdVersion) {
    Position pos = at("3rk3/8/8/3q4/4P3/8/8/6K1 w - - 0 1");
    EXPECT_TRUE(see_ge(pos, Move(E4, D5), 800));
    EXPECT_FALSE(see_ge(pos, Move(E4, D5), 801));
    // e5 is hit by the queen on d5 along the rank: the pawn is lost.
    EXPECT_EQ(see(pos, Move(E4, E5)), -100);
    EXPECT_FALSE(see_ge(pos, Move(E4, E5), 0));
    EXPECT_TRUE(see_ge(pos, Move(G1, H1), 0));
}

}  // namespace
}  // namespace glossfish
