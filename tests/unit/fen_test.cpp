// FEN reading and printing: valid positions round-trip, malformed ones are rejected with the
// reason, and a rejected FEN leaves the position as it was.
#include <gtest/gtest.h>

#include "rules/position.h"

namespace glossfish {
namespace {

struct BadFen {
    const char* fen;
    FenIssue issue;
    const char* message_part;  // a phrase the message must contain
};

// Each FEN is wrong in the named way; most are one edit away from a legal position.
const BadFen BadFens[] = {
    {"", FenIssue::FieldCount, "found 0"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", FenIssue::FieldCount, "found 1"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", FenIssue::FieldCount, "found 3"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", FenIssue::FieldCount,
     "found 7"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", FenIssue::Placement,
     "bad piece letter 'X'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN~ w KQkq - 0 1", FenIssue::Placement,
     "bad piece letter '~'"},
    {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenIssue::Placement,
     "rank 7 has 9 files"},
    {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenIssue::Placement,
     "bad piece letter '9'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP/RNBQKBNR w KQkq - 0 1", FenIssue::Placement,
     "rank 2 has 7 files"},
    {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenIssue::Placement,
     "expected 8 ranks, found 7"},
    {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenIssue::Placement,
     "expected 8 ranks, found 9"},
    {"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenIssue::Placement,
     "two digits in a row"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", FenIssue::SideToMove, "found 'x'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", FenIssue::SideToMove, "found 'W'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", FenIssue::CastlingField,
     "bad castling letter 'x'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", FenIssue::CastlingField,
     "given twice"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", FenIssue::EnPassantField,
     "found 'e9'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", FenIssue::HalfmoveClock,
     "found '-1'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", FenIssue::HalfmoveClock,
     "found 'x'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", FenIssue::FullmoveNumber,
     "found '0'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999", FenIssue::FullmoveNumber,
     "1..100000"},
    {"8/8/8/8/8/8/8/8 w - - 0 1", FenIssue::Empty, "empty"},
    {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", FenIssue::NoBlackKing,
     "Black has no king"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", FenIssue::NoWhiteKing,
     "White has no king"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", FenIssue::TooManyKings,
     "White has 2 kings"},
    {"4k3/8/8/8/8/8/8/1k2K3 w - - 0 1", FenIssue::TooManyKings, "Black has 2 kings"},
    {"4k3/8/8/8/8/8/PPPPPPPP/P3K3 w - - 0 1", FenIssue::PawnsOnBackrank, "first or eighth rank"},
    {"4k2P/8/8/8/8/8/8/4K3 w - - 0 1", FenIssue::PawnsOnBackrank, "first or eighth rank"},
    {"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", FenIssue::TooManyWhitePawns, "White has 9 pawns"},
    {"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", FenIssue::TooManyBlackPawns, "Black has 9 pawns"},
    {"4k3/8/8/8/NNNNNNNN/NNNNNNNN/NNNNNNNN/4K3 w - - 0 1", FenIssue::TooManyWhitePieces,
     "White has 25 pieces"},
    {"4k3/nnnnnnnn/nnnnnnnn/8/8/8/8/4K3 w - - 0 1", FenIssue::TooManyBlackPieces,
     "Black has 17 pieces"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", FenIssue::BadCastlingRights,
     "no White rook"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", FenIssue::NoWhiteKing,
     "White has no king"},
    {"rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", FenIssue::BadCastlingRights,
     "king is not on its back rank"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1", FenIssue::BadCastlingRights,
     "not Chess960"},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1", FenIssue::InvalidEpSquare,
     "e6"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", FenIssue::InvalidEpSquare, "e3"},
    {"rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1", FenIssue::InvalidEpSquare,
     "e3"},
    {"4k3/8/8/8/4R3/8/8/4K3 w - - 0 1", FenIssue::OppositeCheck, "Black, not to move, is in check"},
    {"4k3/8/8/8/8/3n1n2/8/r3K2r w - - 0 1", FenIssue::TooManyCheckers, "checked by 4 pieces"},
};

class BadFenTest : public ::testing::TestWithParam<BadFen> {};

TEST_P(BadFenTest, RejectedWithReason) {
    const BadFen& bad = GetParam();
    Position pos;
    const std::string before = pos.fen();
    FenStatus status = pos.set(bad.fen);
    EXPECT_FALSE(status.ok()) << bad.fen;
    EXPECT_TRUE(status.has(bad.issue)) << bad.fen << " -> " << status.message();
    EXPECT_NE(status.message().find(bad.message_part), std::string::npos)
        << bad.fen << " -> " << status.message();
    EXPECT_EQ(pos.fen(), before) << "a rejected FEN must leave the position unchanged";
}

INSTANTIATE_TEST_SUITE_P(Fen, BadFenTest, ::testing::ValuesIn(BadFens));

// "startpos" wherever a FEN is read: the start position itself, nothing else like it.
TEST(Fen, StartposIsTheStartPosition) {
    Position a, b;
    ASSERT_TRUE(a.set("startpos").ok());
    ASSERT_TRUE(b.set("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").ok());
    EXPECT_EQ(a.fen(), b.fen());
    EXPECT_EQ(a.key(), b.key());
    EXPECT_TRUE(a.set(" startpos ").ok());
    for (const char* bad : {"Startpos", "startpos moves e2e4", "startpos w", "start"})
        EXPECT_FALSE(a.set(bad).ok()) << bad;
}

TEST(Fen, AtLeastThirtyMalformedCases) { EXPECT_GE(std::size(BadFens), 30u); }

TEST(Fen, EveryProblemIsNamed) {
    // No kings, a pawn on the back rank and a bad side field at once.
    FenStatus status = Position().set("P7/8/8/8/8/8/8/8 z - - 0 1");
    EXPECT_TRUE(status.has(FenIssue::SideToMove));
    EXPECT_TRUE(status.has(FenIssue::NoWhiteKing));
    EXPECT_TRUE(status.has(FenIssue::NoBlackKing));
    EXPECT_TRUE(status.has(FenIssue::PawnsOnBackrank));
    EXPECT_GE(status.problems.size(), 4u);
}

TEST(Fen, ImpossibleCheckIsAWarningOnly) {
    // Two rooks on one rank both checking the king between them: no move gives that.
    Position pos;
    FenStatus status = pos.set("5R2/2P5/8/4k3/8/3rK2r/8/8 w - - 0 1");
    EXPECT_TRUE(status.ok()) << status.message();
    EXPECT_TRUE(status.has(FenIssue::ImpossibleCheck));
    ASSERT_EQ(status.warnings.size(), 1u);
    EXPECT_EQ(pos.fen(), "5R2/2P5/8/4k3/8/3rK2r/8/8 w - - 0 1");
}

TEST(Fen, RoundTripsValidPositions) {
    const char* fens[] = {
        StartFen,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/8/8/8/8/8/K6k b - - 99 150",
    };
    for (const char* fen : fens) {
        Position pos;
        ASSERT_TRUE(pos.set(fen).ok()) << fen;
        EXPECT_EQ(pos.fen(), fen);
    }
}

TEST(Fen, AcceptsMissingCountersAndExtraSpaces) {
    Position pos;
    ASSERT_TRUE(pos.set("  4k3/8/8/8/8/8/8/4K3   b  -  -  ").ok());
    EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

TEST(Fen, DropsEnPassantSquareNobodyCanUse) {
    // e3 is a correct en-passant square, but no black pawn can capture there.
    Position pos;
    ASSERT_TRUE(pos.set("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").ok());
    EXPECT_EQ(pos.ep_square(), NoSquare);
    EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    // Same placement reached with and without the square hashes the same.
    Position same;
    ASSERT_TRUE(same.set("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").ok());
    EXPECT_EQ(pos.key(), same.key());
}

TEST(Fen, Chess960CastlingFields) {
    Position pos;
    // Shredder-FEN letters; king on f1 with rooks b1 and g1.
    ASSERT_TRUE(pos.set("1r3kr1/8/8/8/8/8/8/1R3KR1 w GBgb - 0 1", true).ok());
    EXPECT_EQ(pos.castling_rook(WhiteOO), G1);
    EXPECT_EQ(pos.castling_rook(WhiteOOO), B1);
    EXPECT_EQ(pos.castling_rook(BlackOO), G8);
    EXPECT_EQ(pos.fen(), "1r3kr1/8/8/8/8/8/8/1R3KR1 w KQkq - 0 1");
    // An inner rook needs its file letter in X-FEN.
    ASSERT_TRUE(pos.set("r3k1rr/8/8/8/8/8/8/R3K1RR w Gg - 0 1", true).ok());
    EXPECT_EQ(pos.castling_rook(WhiteOO), G1);
    EXPECT_EQ(pos.fen(), "r3k1rr/8/8/8/8/8/8/R3K1RR w Gg - 0 1");
    // The same FEN is not standard chess.
    EXPECT_TRUE(pos.set("1r3kr1/8/8/8/8/8/8/1R3KR1 w GBgb - 0 1").has(FenIssue::BadCastlingRights));
}

// A long bad FEN lists its first problems and counts the rest; fields are quoted by their
// prefix (a 20 KB castling field once gave a 2.2 MB error line).
TEST(Fen, LongBadFenGivesAShortMessage) {
    Position pos;
    const std::string junk(20000, 'x');
    FenStatus st = pos.set("8/8/8/8/8/8/8/k6K w " + junk + " - 0 1");
    ASSERT_TRUE(st.has(FenIssue::CastlingField));
    EXPECT_EQ(st.problems.size(), MaxFenProblems);
    EXPECT_EQ(st.more_problems, 20000 - MaxFenProblems);
    EXPECT_NE(st.message().find("; and 19992 more problems"), std::string::npos);
    EXPECT_LT(st.message().size(), 400u);
    st = pos.set(junk + " w - - 0 1");
    EXPECT_TRUE(st.has(FenIssue::Placement));
    EXPECT_LT(st.message().size(), 800u) << st.message().substr(0, 800);
    st = pos.set("8/8/8/8/8/8/8/k6K " + junk + " - - 0 1");
    EXPECT_EQ(st.message(), "invalid FEN: side to move must be 'w' or 'b', found '" +
                                std::string(80, 'x') + "\xE2\x80\xA6' (20000 bytes)");
    EXPECT_EQ(pos.fen(), StartFen) << "a refused FEN leaves the position as it was";
}

// Passing: the other side moves, the en-passant square goes; a side in check cannot pass.
TEST(Fen, NullMovePosition) {
    Position pos;
    ASSERT_TRUE(pos.set("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3").ok());
    std::optional<Position> np = null_move_position(pos);
    ASSERT_TRUE(np);
    EXPECT_EQ(np->fen(), "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
    ASSERT_TRUE(pos.set("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").ok());
    EXPECT_FALSE(null_move_position(pos)) << "White is in check: Black would take the king";
}

TEST(Fen, IssueCodesAreStable) {
    EXPECT_STREQ(fen_issue_code(FenIssue::TooManyKings), "too_many_kings");
    EXPECT_STREQ(fen_issue_code(FenIssue::OppositeCheck), "opposite_check");
    EXPECT_STREQ(fen_issue_code(FenIssue::InvalidEpSquare), "invalid_ep_square");
}

}  // namespace
}  // namespace glossfish
