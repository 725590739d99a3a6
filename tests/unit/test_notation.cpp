// Move notation: UCI and SAN output, strict and lenient SAN reading, UCI reading, the error
// kinds with their messages, and round trips over every legal move two plies deep.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "rules/bitboard.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/position.h"

namespace glossfish {
namespace {

constexpr const char* Kiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
constexpr const char* Castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
constexpr const char* Promote = "8/P7/8/8/8/8/8/k6K w - - 0 1";
constexpr const char* EnPassantFen =
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
constexpr const char* TwoKnights = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
constexpr const char* TwoRooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
constexpr const char* ThreeQueens = "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1";
constexpr const char* PinnedKnight = "4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1";
// Chess960: king b1 with rooks a1 and h1 (Shredder-FEN castling).
constexpr const char* Fischer = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";
// Chess960: king e1 with rooks b1 and g1.
constexpr const char* FischerE = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1";

class Notation : public ::testing::Test {
protected:
    static void SetUpTestSuite() { init_bitboards(); }
};

Position make(std::string_view fen, bool chess960 = false) {
    Position pos;
    FenStatus status = pos.set(fen, chess960);
    EXPECT_TRUE(status.ok()) << fen << ": " << status.message();
    return pos;
}

Square sq(const char* name) { return parse_square(name); }

// A move given by squares; `kind` and `promo` as in Move::make.
Move mv(const char* from, const char* to, MoveKind kind = Normal, PieceType promo = Knight) {
    return Move::make(sq(from), sq(to), kind, promo);
}

// SAN of a move after checking that the move is legal, so a typo in a test shows as such.
std::string san(const Position& pos, Move m) {
    EXPECT_TRUE(MoveList(pos).contains(m)) << pos.fen() << " lacks " << move_to_uci(pos, m);
    return move_to_san(pos, m);
}

TEST_F(Notation, UciText) {
    Position start;
    EXPECT_EQ(move_to_uci(start, mv("e2", "e4")), "e2e4");
    EXPECT_EQ(move_to_uci(start, mv("g1", "f3")), "g1f3");
    EXPECT_EQ(move_to_uci(start, Move::none()), "0000");

    Position promo = make(Promote);
    EXPECT_EQ(move_to_uci(promo, mv("a7", "a8", Promotion, Queen)), "a7a8q");
    EXPECT_EQ(move_to_uci(promo, mv("a7", "a8", Promotion, Knight)), "a7a8n");
    EXPECT_EQ(move_to_uci(promo, mv("a7", "a8", Promotion, Rook)), "a7a8r");
    EXPECT_EQ(move_to_uci(promo, mv("a7", "a8", Promotion, Bishop)), "a7a8b");

    Position castles = make(Castles);
    EXPECT_EQ(move_to_uci(castles, mv("e1", "h1", Castling)), "e1g1");
    EXPECT_EQ(move_to_uci(castles, mv("e1", "a1", Castling)), "e1c1");
    Position black = make("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    EXPECT_EQ(move_to_uci(black, mv("e8", "h8", Castling)), "e8g8");
    EXPECT_EQ(move_to_uci(black, mv("e8", "a8", Castling)), "e8c8");

    // Chess960 mode writes king-takes-rook, also for a standard-looking position.
    Position fischer = make(Fischer, true);
    EXPECT_EQ(move_to_uci(fischer, mv("b1", "h1", Castling)), "b1h1");
    EXPECT_EQ(move_to_uci(fischer, mv("b1", "a1", Castling)), "b1a1");
    Position castles960 = make(Castles, true);
    EXPECT_EQ(move_to_uci(castles960, mv("e1", "h1", Castling)), "e1h1");
    EXPECT_EQ(move_to_uci(castles960, mv("e1", "a1", Castling)), "e1a1");
}

TEST_F(Notation, SanPawnAndPieceMoves) {
    Position start;
    EXPECT_EQ(san(start, mv("e2", "e4")), "e4");
    EXPECT_EQ(san(start, mv("a2", "a3")), "a3");
    EXPECT_EQ(san(start, mv("g1", "f3")), "Nf3");
    EXPECT_EQ(san(start, mv("b1", "c3")), "Nc3");

    Position scandi = make("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    EXPECT_EQ(san(scandi, mv("e4", "d5")), "exd5");
    EXPECT_EQ(san(scandi, mv("e4", "e5")), "e5");
    EXPECT_EQ(san(scandi, mv("f1", "b5")), "Bb5+");
    Position recapture = make("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
    EXPECT_EQ(san(recapture, mv("d8", "d5")), "Qxd5");

    Position king = make("8/8/3p4/4K3/8/8/8/k7 w - - 0 1");
    EXPECT_EQ(san(king, mv("e5", "d6")), "Kxd6");
}

TEST_F(Notation, SanEnPassant) {
    Position white = make(EnPassantFen);
    EXPECT_EQ(san(white, mv("e5", "f6", EnPassant)), "exf6");
    Position black = make("rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2");
    EXPECT_EQ(san(black, mv("e4", "d3", EnPassant)), "exd3");
}

TEST_F(Notation, SanDisambiguation) {
    Position knights = make(TwoKnights);
    EXPECT_EQ(san(knights, mv("b1", "d2")), "Nbd2");
    EXPECT_EQ(san(knights, mv("f3", "d2")), "Nfd2");
    EXPECT_EQ(san(knights, mv("f3", "e5")), "Ne5");
    EXPECT_EQ(san(knights, mv("b1", "c3")), "Nc3");

    Position rooks = make(TwoRooks);
    EXPECT_EQ(san(rooks, mv("a1", "a3")), "R1a3");
    EXPECT_EQ(san(rooks, mv("a5", "a3")), "R5a3");
    EXPECT_EQ(san(rooks, mv("a1", "d1")), "Rd1");
    EXPECT_EQ(san(rooks, mv("a5", "a8")), "Ra8+");

    // Queens on a1, c1 and a3: file, rank, or both.
    Position queens = make(ThreeQueens);
    EXPECT_EQ(san(queens, mv("a1", "b2")), "Qa1b2");
    EXPECT_EQ(san(queens, mv("c1", "b2")), "Qcb2");
    EXPECT_EQ(san(queens, mv("a3", "b2")), "Q3b2");
    EXPECT_EQ(san(queens, mv("a1", "c3")), "Qa1c3");
    EXPECT_EQ(san(queens, mv("c1", "c3")), "Qcc3");
    EXPECT_EQ(san(queens, mv("a3", "c3")), "Q3c3");

    // The knight on c3 is pinned by the bishop on a5, so Ng1-e2 needs no disambiguation.
    Position pinned = make(PinnedKnight);
    EXPECT_EQ(san(pinned, mv("g1", "e2")), "Ne2");
}

TEST_F(Notation, SanChecksAndMates) {
    Position fools = make("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    EXPECT_EQ(san(fools, mv("d8", "h4")), "Qh4#");
    Position scholars = make("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    EXPECT_EQ(san(scholars, mv("h5", "f7")), "Qxf7#");
    Position back_rank = make("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    EXPECT_EQ(san(back_rank, mv("a1", "a8")), "Ra8#");
    Position rook = make("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    EXPECT_EQ(san(rook, mv("h1", "h8")), "Rh8+");
    EXPECT_EQ(san(rook, mv("e1", "h1", Castling)), "O-O");

    // Discovered checks by the knight in front of the rook on e1.
    Position discovered = make("4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1");
    EXPECT_EQ(san(discovered, mv("e2", "c3")), "Nc3+");
    EXPECT_EQ(san(discovered, mv("e2", "d4")), "Nd4+");
    EXPECT_EQ(san(discovered, mv("e2", "g3")), "Ng3+");
}

TEST_F(Notation, SanPromotions) {
    Position promo = make(Promote);
    EXPECT_EQ(san(promo, mv("a7", "a8", Promotion, Queen)), "a8=Q+");
    EXPECT_EQ(san(promo, mv("a7", "a8", Promotion, Rook)), "a8=R+");
    EXPECT_EQ(san(promo, mv("a7", "a8", Promotion, Bishop)), "a8=B");
    EXPECT_EQ(san(promo, mv("a7", "a8", Promotion, Knight)), "a8=N");

    Position mate = make("1r4k1/P4ppp/8/8/8/8/8/6K1 w - - 0 1");
    EXPECT_EQ(san(mate, mv("a7", "b8", Promotion, Queen)), "axb8=Q#");
    EXPECT_EQ(san(mate, mv("a7", "b8", Promotion, Rook)), "axb8=R#");
    EXPECT_EQ(san(mate, mv("a7", "b8", Promotion, Knight)), "axb8=N");
    EXPECT_EQ(san(mate, mv("a7", "a8", Promotion, Queen)), "a8=Q");

    Position black = make("8/8/8/8/8/8/p7/4K2k b - - 0 1");
    EXPECT_EQ(san(black, mv("a2", "a1", Promotion, Queen)), "a1=Q+");
    EXPECT_EQ(san(black, mv("a2", "a1", Promotion, Rook)), "a1=R+");
    EXPECT_EQ(san(black, mv("a2", "a1", Promotion, Knight)), "a1=N");
}

TEST_F(Notation, SanCastling) {
    Position white = make(Castles);
    EXPECT_EQ(san(white, mv("e1", "h1", Castling)), "O-O");
    EXPECT_EQ(san(white, mv("e1", "a1", Castling)), "O-O-O");
    EXPECT_EQ(san(white, mv("a1", "a8")), "Rxa8+");
    Position black = make("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    EXPECT_EQ(san(black, mv("e8", "h8", Castling)), "O-O");
    EXPECT_EQ(san(black, mv("e8", "a8", Castling)), "O-O-O");

    Position short_check = make("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    EXPECT_EQ(san(short_check, mv("e1", "h1", Castling)), "O-O+");
    Position long_check = make("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1");
    EXPECT_EQ(san(long_check, mv("e1", "a1", Castling)), "O-O-O+");
}

TEST_F(Notation, SanCastlingChess960) {
    Position fischer = make(Fischer, true);
    EXPECT_EQ(san(fischer, mv("b1", "h1", Castling)), "O-O");
    EXPECT_EQ(san(fischer, mv("b1", "a1", Castling)), "O-O-O");
    EXPECT_EQ(san(fischer, mv("b1", "c1")), "Kc1");

    Position fischer_e = make(FischerE, true);
    EXPECT_EQ(san(fischer_e, mv("e1", "g1", Castling)), "O-O");
    EXPECT_EQ(san(fischer_e, mv("e1", "b1", Castling)), "O-O-O");
    EXPECT_EQ(move_to_uci(fischer_e, mv("e1", "g1", Castling)), "e1g1");
    EXPECT_EQ(move_to_uci(fischer_e, mv("e1", "b1", Castling)), "e1b1");

    // The king already stands on g1: only the rook moves.
    Position still = make("6kr/pppppppp/8/8/8/8/PPPPPPPP/6KR w Hh - 0 1", true);
    EXPECT_EQ(san(still, mv("g1", "h1", Castling)), "O-O");
    EXPECT_EQ(move_to_uci(still, mv("g1", "h1", Castling)), "g1h1");
}

struct Case {
    const char* fen;
    bool chess960;
    const char* text;
    const char* uci;  // the expected move
};

void expect_parses(const Case& c, SanMode mode) {
    Position pos = make(c.fen, c.chess960);
    MoveParse r = parse_san(pos, c.text, mode);
    ASSERT_TRUE(r.ok()) << '"' << c.text << "\" in " << c.fen << ": " << r.message;
    EXPECT_EQ(move_to_uci(pos, r.move), c.uci) << '"' << c.text << "\" in " << c.fen;
    EXPECT_TRUE(MoveList(pos).contains(r.move));
}

// Written as GUIs and PGN files write SAN: strict and lenient both read them.
const Case StrictCases[] = {
    {StartFen, false, "e4", "e2e4"},
    {StartFen, false, "Nf3", "g1f3"},
    {StartFen, false, "Nf3+", "g1f3"},  // a wrong check marker is ignored, as python-chess does
    {StartFen, false, "Ng1f3", "g1f3"},
    {StartFen, false, "a3", "a2a3"},
    {Kiwipete, false, "dxe6", "d5e6"},
    {Kiwipete, false, "Bxa6", "e2a6"},
    {Kiwipete, false, "Qxf6", "f3f6"},
    {Kiwipete, false, "Nxf7", "e5f7"},
    {Kiwipete, false, "gxh3", "g2h3"},
    {Kiwipete, false, "Qxh3", "f3h3"},
    {Kiwipete, false, "Nd1", "c3d1"},
    {Kiwipete, false, "Bd1", "e2d1"},
    {Kiwipete, false, "Rb1", "a1b1"},
    {Kiwipete, false, "Kf1", "e1f1"},
    {Kiwipete, false, "O-O", "e1g1"},
    {Kiwipete, false, "O-O-O", "e1c1"},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1", false, "hxg2", "h3g2"},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1", false, "bxc3", "b4c3"},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1", false, "Bxe2", "a6e2"},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1", false, "O-O#", "e8g8"},
    {TwoKnights, false, "Nbd2", "b1d2"},
    {TwoKnights, false, "Nfd2", "f3d2"},
    {TwoKnights, false, "N1d2", "b1d2"},
    {TwoKnights, false, "Nb1d2", "b1d2"},
    {TwoRooks, false, "R1a3", "a1a3"},
    {ThreeQueens, false, "Qa1b2", "a1b2"},
    {ThreeQueens, false, "Qcb2", "c1b2"},
    {ThreeQueens, false, "Q3b2", "a3b2"},
    {ThreeQueens, false, "Qa3xb2", "a3b2"},
    {Promote, false, "a8=Q", "a7a8q"},
    {Promote, false, "a8=Q+", "a7a8q"},
    {Promote, false, "a8=N", "a7a8n"},
    {"1r4k1/P4ppp/8/8/8/8/8/6K1 w - - 0 1", false, "axb8=Q#", "a7b8q"},
    {"1r4k1/P4ppp/8/8/8/8/8/6K1 w - - 0 1", false, "axb8=R", "a7b8r"},
    {"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", false, "exd8=N", "e7d8n"},
    {EnPassantFen, false, "exf6", "e5f6"},
    {"8/8/3p4/4K3/8/8/8/k7 w - - 0 1", false, "Kxd6", "e5d6"},
    {Castles, false, "Kg1", "e1g1"},  // python-chess reads the king's two-square step as castling
    {Castles, false, "Kc1", "e1c1"},
    {Castles, false, "O-O+", "e1g1"},
    {"8/8/3p4/4K3/8/8/8/k7 w - - 0 1", false, "Kd6", "e5d6"},  // a missing 'x' is ignored
    {"8/8/3p4/4K3/8/8/8/k7 w - - 0 1", false, "Ke5xd6", "e5d6"},
    {"4k3/8/8/4B3/8/2n5/1P6/4K3 w - - 0 1", false, "bxc3", "b2c3"},
    {"4k3/8/8/4B3/8/2n5/1P6/4K3 w - - 0 1", false, "Bxc3", "e5c3"},
    {Fischer, true, "O-O", "b1h1"},
    {Fischer, true, "O-O-O", "b1a1"},
    {Fischer, true, "Kxh1", "b1h1"},  // python-chess reads king-takes-rook in Chess960
    {Fischer, true, "Kxa1", "b1a1"},
    {Fischer, true, "Kc1", "b1c1"},  // an ordinary king move, not castling
    {FischerE, true, "O-O", "e1g1"},
    {FischerE, true, "O-O-O", "e1b1"},
    {FischerE, true, "Kg1", "e1g1"},
    {FischerE, true, "Kxb1", "e1b1"},
    {"6kr/pppppppp/8/8/8/8/PPPPPPPP/6KR w Hh - 0 1", true, "O-O", "g1h1"},
};

TEST_F(Notation, StrictAcceptsStandardSan) {
    for (const Case& c : StrictCases) {
        expect_parses(c, SanMode::Strict);
        expect_parses(c, SanMode::Lenient);
    }
}

// Written by people and language models: only lenient reads them.
const Case LenientCases[] = {
    {StartFen, false, "Pe4", "e2e4"},
    {StartFen, false, "pe4", "e2e4"},
    {StartFen, false, "e2-e4", "e2e4"},
    {StartFen, false, "e2e4", "e2e4"},  // UCI as a last resort
    {StartFen, false, "Nf3!", "g1f3"},
    {StartFen, false, "Nf3?", "g1f3"},
    {StartFen, false, "Nf3!!", "g1f3"},
    {StartFen, false, "Nf3??", "g1f3"},
    {StartFen, false, "Nf3!?", "g1f3"},
    {StartFen, false, "Nf3?!", "g1f3"},
    {StartFen, false, "Nf3++", "g1f3"},
    {StartFen, false, "Nf3 $1", "g1f3"},
    {StartFen, false, "Ng1-f3", "g1f3"},
    {StartFen, false, "g1-f3", "g1f3"},
    {StartFen, false, "g1f3", "g1f3"},
    {StartFen, false, "nf3", "g1f3"},
    {StartFen, false, "nc3", "b1c3"},
    {StartFen, false, "b1c3", "b1c3"},
    {StartFen, false, "b1-c3", "b1c3"},
    {StartFen, false, "  Nf3  ", "g1f3"},
    {StartFen, false, "\tNf3\n", "g1f3"},
    {StartFen, false, "Nf3.", "g1f3"},
    {StartFen, false, "Nf3,", "g1f3"},
    {StartFen, false, "1. Nf3", "g1f3"},
    {StartFen, false, "1.Nf3", "g1f3"},
    {StartFen, false, "12. e4!", "e2e4"},
    {StartFen, false,
     "\xE2\x99\x98"
     "f3",
     "g1f3"},  // figurine knight
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false, "1... e5", "e7e5"},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false, "1...e5", "e7e5"},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false, "12...Nf6", "g8f6"},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false, "1\xE2\x80\xA6 Nf6",
     "g8f6"},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false, "e7-e5", "e7e5"},
    {Castles, false, "0-0", "e1g1"},
    {Castles, false, "o-o", "e1g1"},
    {Castles, false, "OO", "e1g1"},
    {Castles, false, "0-0-0", "e1c1"},
    {Castles, false, "o-o-o", "e1c1"},
    {Castles, false, "O-O-O!", "e1c1"},
    {Castles, false, "kg1", "e1g1"},
    {Castles, false, "Kxh1", "e1g1"},
    {Castles, false, "Kxa1", "e1c1"},
    {Castles, false, "Kh1", "e1g1"},
    {Castles, false, "e1g1", "e1g1"},
    {Castles, false, "e1h1", "e1g1"},
    {Castles, false, "e1c1", "e1c1"},
    {Castles, false, "e1a1", "e1c1"},
    {Fischer, true, "0-0", "b1h1"},
    {Fischer, true, "0-0-0", "b1a1"},
    {Fischer, true, "b1h1", "b1h1"},
    {Fischer, true, "b1c1", "b1c1"},
    {FischerE, true, "Kc1", "e1b1"},
    {FischerE, true, "e1c1", "e1b1"},
    {Promote, false, "a8Q", "a7a8q"},
    {Promote, false, "a8q", "a7a8q"},
    {Promote, false, "a8=q", "a7a8q"},
    {Promote, false, "a8(Q)", "a7a8q"},
    {Promote, false, "a8=(Q)", "a7a8q"},
    {Promote, false, "a8/Q", "a7a8q"},
    {Promote, false, "a8Q+", "a7a8q"},
    {Promote, false, "a8=Q+!", "a7a8q"},
    {Promote, false, "a8N", "a7a8n"},
    {Promote, false, "a7a8q", "a7a8q"},
    {Promote, false, "a7-a8=Q", "a7a8q"},
    {"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", false, "e7xd8=Q", "e7d8q"},
    {"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", false, "exd8Q", "e7d8q"},
    {"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", false, "e7d8q", "e7d8q"},
    {EnPassantFen, false, "exf6 e.p.", "e5f6"},
    {EnPassantFen, false, "exf6e.p.", "e5f6"},
    {EnPassantFen, false, "exf6 e.p", "e5f6"},
    {EnPassantFen, false, "exf6 ep", "e5f6"},
    {EnPassantFen, false, "exf6ep", "e5f6"},
    {EnPassantFen, false, "exf6 e.p.+", "e5f6"},
    {EnPassantFen, false, "e5xf6", "e5f6"},
    {EnPassantFen, false, "e5f6", "e5f6"},
    {EnPassantFen, false, "ef6", "e5f6"},
    // A lowercase b is the pawn's file first; the bishop only when no pawn move matches.
    {"4k3/8/8/4B3/8/2n5/1P6/4K3 w - - 0 1", false, "b2xc3", "b2c3"},
    {"4k3/8/8/4B3/8/2n5/8/4K3 w - - 0 1", false, "bxc3", "e5c3"},
    {"8/8/3p4/4K3/8/8/8/k7 w - - 0 1", false, "kxd6", "e5d6"},
};

TEST_F(Notation, LenientAcceptsInformalSan) {
    for (const Case& c : LenientCases) expect_parses(c, SanMode::Lenient);
}

TEST_F(Notation, StrictRejectsInformalSan) {
    // Every lenient-only form: malformed, or (king moves for castling) illegal in strict.
    for (const Case& c : LenientCases) {
        Position pos = make(c.fen, c.chess960);
        MoveParse r = parse_san(pos, c.text, SanMode::Strict);
        EXPECT_FALSE(r.ok()) << '"' << c.text << "\" read strictly as " << move_to_uci(pos, r.move);
        EXPECT_FALSE(r.message.empty());
    }

    Position start;
    for (const char* text :
         {"0-0", "o-o", "Ng1-f3", "g1-f3", "e2e4",  "e2-e4", "Nf3!", "e4?!", "e4!!", "Nf3++",
          "Pe4", "nf3", " e4",    "e4 ",   "1. e4", "e4,",   "e4.",  "ef3",  "N:f3", "e4$1"}) {
        MoveParse r = parse_san(start, text, SanMode::Strict);
        EXPECT_EQ(r.error, MoveError::Malformed) << '"' << text << "\": " << r.message;
    }
    Position promo = make(Promote);
    for (const char* text : {"a8Q", "a8=q", "a8(Q)", "a8/Q", "a7a8q"}) {
        MoveParse r = parse_san(promo, text, SanMode::Strict);
        EXPECT_EQ(r.error, MoveError::Malformed) << '"' << text << "\": " << r.message;
    }
    Position ep = make(EnPassantFen);
    for (const char* text : {"exf6 e.p.", "exf6ep", "exf6e.p."}) {
        MoveParse r = parse_san(ep, text, SanMode::Strict);
        EXPECT_EQ(r.error, MoveError::Malformed) << '"' << text << "\": " << r.message;
    }
    // King-takes-rook is Chess960 SAN; the two-square king step is standard SAN.
    Position castles = make(Castles);
    EXPECT_EQ(parse_san(castles, "Kxh1", SanMode::Strict).error, MoveError::Illegal);
    Position fischer_e = make(FischerE, true);
    EXPECT_EQ(parse_san(fischer_e, "Kc1", SanMode::Strict).error, MoveError::Illegal);
}

TEST_F(Notation, StrictMalformedMessages) {
    Position start;
    auto message = [&](std::string_view text) {
        MoveParse r = parse_san(start, text, SanMode::Strict);
        EXPECT_EQ(r.error, MoveError::Malformed) << '"' << text << "\": " << r.message;
        return r.message;
    };
    EXPECT_NE(message("0-0").find("O-O"), std::string::npos);
    EXPECT_NE(message("e8Q").find("e8=Q"), std::string::npos);
    EXPECT_NE(message("Ng1-f3").find("'-'"), std::string::npos);
    EXPECT_NE(message("Nf3!?").find("annotation"), std::string::npos);
    EXPECT_NE(message("Pe4").find("without a P"), std::string::npos);
    EXPECT_NE(message("nf3").find("uppercase"), std::string::npos);
    EXPECT_NE(message("Nf9").find("'f9' is not a square"), std::string::npos);
    EXPECT_NE(message("exd5=q").find("uppercase"), std::string::npos);
    EXPECT_NE(message("e8=K").find("not a promotion piece"), std::string::npos);
    EXPECT_NE(message("Ne8=Q").find("only pawns promote"), std::string::npos);
    EXPECT_NE(message("ed5").find("exd5"), std::string::npos);
    EXPECT_NE(message("0000").find("null move"), std::string::npos);
    EXPECT_NE(message("").find("empty"), std::string::npos);
    EXPECT_NE(message("e4 ").find("whitespace"), std::string::npos);
}

TEST_F(Notation, MalformedInEitherMode) {
    std::vector<std::string> texts = {"",
                                      "xyz",
                                      "N",
                                      "Nf9",
                                      "Ni3",
                                      "Zf3",
                                      "0000",
                                      "--",
                                      "O-O-O-O",
                                      "a8=K",
                                      "!!",
                                      "1.",
                                      "Ne8=Q",
                                      "e4e5e6",
                                      "=Q",
                                      std::string("\xFF\xFE\x00", 3),
                                      std::string(10000, 'a'),
                                      std::string(200, ' ') + "e4" + std::string(200, ' ')};
    Position start;
    for (const std::string& text : texts) {
        for (SanMode mode : {SanMode::Strict, SanMode::Lenient}) {
            MoveParse r = parse_san(start, text, mode);
            EXPECT_EQ(r.error, MoveError::Malformed)
                << "\"" << text.substr(0, 20) << "\" mode " << int(mode) << ": " << r.message;
            EXPECT_FALSE(r.message.empty());
            EXPECT_LT(r.message.size(), 200u);
        }
    }
    MoveParse two = parse_san(start, "e4 e5", SanMode::Lenient);
    EXPECT_EQ(two.error, MoveError::Malformed);
    EXPECT_NE(two.message.find("one move"), std::string::npos) << two.message;
    EXPECT_NE(parse_san(start, "0000", SanMode::Lenient).message.find("null move"),
              std::string::npos);
}

TEST_F(Notation, IllegalSan) {
    Position start;
    auto illegal = [](const Position& pos, std::string_view text, SanMode mode = SanMode::Strict) {
        MoveParse r = parse_san(pos, text, mode);
        EXPECT_EQ(r.error, MoveError::Illegal) << '"' << text << "\": " << r.message;
        return r.message;
    };
    EXPECT_NE(illegal(start, "Nf6").find("no knight can move to f6"), std::string::npos);
    EXPECT_NE(illegal(start, "e5").find("no pawn can move to e5"), std::string::npos);
    EXPECT_NE(illegal(start, "exd5").find("no pawn on the e-file can capture on d5"),
              std::string::npos);
    EXPECT_NE(illegal(start, "Ke2").find("e2 holds White's own pawn"), std::string::npos);
    EXPECT_NE(illegal(start, "O-O").find("castling kingside is not legal"), std::string::npos);
    EXPECT_NE(illegal(start, "Bb5").find("no bishop can move to b5"), std::string::npos);
    EXPECT_NE(illegal(start, "e4=Q").find("not a promotion"), std::string::npos);
    EXPECT_NE(illegal(start, "Nbd2").find("no knight on the b-file can move to d2"),
              std::string::npos);
    EXPECT_NE(illegal(start, "Ng1e2", SanMode::Lenient).find("e2 holds"), std::string::npos);
    EXPECT_NE(illegal(start, "e3e4", SanMode::Lenient).find("no piece on e3"), std::string::npos);
    illegal(start, "Nf6", SanMode::Lenient);

    Position promo = make(Promote);
    EXPECT_NE(illegal(promo, "a8").find("missing promotion piece"), std::string::npos);
    illegal(promo, "a8", SanMode::Lenient);

    Position pinned = make(PinnedKnight);
    EXPECT_NE(illegal(pinned, "Nce2").find("leave the king in check"), std::string::npos);

    Position no_rights = make("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1");
    EXPECT_NE(illegal(no_rights, "O-O").find("no kingside castling right"), std::string::npos);
    Position mated = make("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    EXPECT_NE(illegal(mated, "e4").find("checkmated"), std::string::npos);

    // A bishop cannot rescue a pawn reading when neither matches.
    Position bishop = make("4k3/8/8/8/4B3/8/1P6/4K3 w - - 0 1");
    illegal(bishop, "bxc3", SanMode::Lenient);
}

TEST_F(Notation, AmbiguousSan) {
    Position knights = make(TwoKnights);
    for (SanMode mode : {SanMode::Strict, SanMode::Lenient}) {
        MoveParse r = parse_san(knights, "Nd2", mode);
        EXPECT_EQ(r.error, MoveError::Ambiguous) << r.message;
        EXPECT_NE(r.message.find("Nbd2"), std::string::npos) << r.message;
        EXPECT_NE(r.message.find("Nfd2"), std::string::npos) << r.message;
    }
    Position rooks = make(TwoRooks);
    EXPECT_EQ(parse_san(rooks, "Ra3").error, MoveError::Ambiguous);
    EXPECT_EQ(parse_san(rooks, "Raa3").error, MoveError::Ambiguous);
    Position queens = make(ThreeQueens);
    for (const char* text : {"Qb2", "Qab2", "Q1b2", "Qc3"}) {
        MoveParse r = parse_san(queens, text);
        EXPECT_EQ(r.error, MoveError::Ambiguous) << text << ": " << r.message;
    }
    MoveParse all = parse_san(queens, "Qb2");
    for (const char* candidate : {"Qa1b2", "Qcb2", "Q3b2"})
        EXPECT_NE(all.message.find(candidate), std::string::npos) << all.message;
}

TEST_F(Notation, ParseUci) {
    Position start;
    auto ok = [](const Position& pos, std::string_view text, Move expected) {
        MoveParse r = parse_uci(pos, text);
        EXPECT_TRUE(r.ok()) << text << ": " << r.message;
        EXPECT_EQ(r.move, expected) << text;
    };
    ok(start, "e2e4", mv("e2", "e4"));
    ok(start, "g1f3", mv("g1", "f3"));
    Position promo = make(Promote);
    ok(promo, "a7a8q", mv("a7", "a8", Promotion, Queen));
    ok(promo, "a7a8n", mv("a7", "a8", Promotion, Knight));
    ok(make(EnPassantFen), "e5f6", mv("e5", "f6", EnPassant));

    // Both castling forms in both modes.
    for (bool chess960 : {false, true}) {
        Position castles = make(Castles, chess960);
        ok(castles, "e1g1", mv("e1", "h1", Castling));
        ok(castles, "e1h1", mv("e1", "h1", Castling));
        ok(castles, "e1c1", mv("e1", "a1", Castling));
        ok(castles, "e1a1", mv("e1", "a1", Castling));
    }
    Position fischer = make(Fischer, true);
    ok(fischer, "b1h1", mv("b1", "h1", Castling));
    ok(fischer, "b1a1", mv("b1", "a1", Castling));
    ok(fischer, "b1c1", mv("b1", "c1"));  // the king's ordinary step
    Position fischer_e = make(FischerE, true);
    ok(fischer_e, "e1g1", mv("e1", "g1", Castling));
    ok(fischer_e, "e1c1", mv("e1", "b1", Castling));
    ok(fischer_e, "e1b1", mv("e1", "b1", Castling));
    ok(make("6kr/pppppppp/8/8/8/8/PPPPPPPP/6KR w Hh - 0 1", true), "g1h1",
       mv("g1", "h1", Castling));
}

TEST_F(Notation, ParseUciErrors) {
    Position start;
    auto error = [](const Position& pos, std::string_view text, MoveError expected) {
        MoveParse r = parse_uci(pos, text);
        EXPECT_EQ(r.error, expected) << '"' << text << "\": " << r.message;
        EXPECT_FALSE(r.message.empty());
        return r.message;
    };
    for (const char* text :
         {"e2e", "e2e4qq", "e2e9", "i2e4", "e7e8k", "e2e2", " e2e4", "E2E4", "Nf3"})
        error(start, text, MoveError::Malformed);
    EXPECT_NE(error(start, "", MoveError::Malformed).find("empty"), std::string::npos);
    EXPECT_NE(error(start, "0000", MoveError::Malformed).find("null moves are not accepted"),
              std::string::npos);
    EXPECT_NE(error(start, "e7e8Q", MoveError::Malformed).find("lowercase"), std::string::npos);
    EXPECT_NE(error(start, "e2e2", MoveError::Malformed).find("same"), std::string::npos);
    error(start, std::string(5000, 'e'), MoveError::Malformed);
    error(start, std::string("e2\0e4", 5), MoveError::Malformed);

    EXPECT_EQ(error(start, "e3e4", MoveError::Illegal), "no piece on e3");
    EXPECT_EQ(error(start, "e2e5", MoveError::Illegal), "e2e5 is not a legal move");
    EXPECT_NE(error(start, "e7e5", MoveError::Illegal).find("White is to move"), std::string::npos);
    EXPECT_NE(error(start, "e2e4q", MoveError::Illegal).find("not a promotion"), std::string::npos);
    EXPECT_NE(error(start, "e1g1", MoveError::Illegal).find("castling"), std::string::npos);
    EXPECT_NE(error(start, "d1d2", MoveError::Illegal).find("own pawn"), std::string::npos);
    EXPECT_NE(error(make(Promote), "a7a8", MoveError::Illegal).find("missing promotion piece"),
              std::string::npos);
    EXPECT_NE(error(make(PinnedKnight), "c3e2", MoveError::Illegal).find("leave the king in check"),
              std::string::npos);
}

// Every legal move two plies deep: SAN reads back strictly and leniently, UCI reads back, the
// check suffix agrees with the position after the move, and no two moves share a SAN.
int round_trip(Position& pos, int depth) {
    if (depth == 0) return 0;
    int checked = 0;
    std::set<std::string> seen;
    for (Move m : MoveList(pos)) {
        const std::string san = move_to_san(pos, m);
        const std::string uci = move_to_uci(pos, m);
        SCOPED_TRACE(pos.fen() + " " + uci + " " + san);
        EXPECT_TRUE(seen.insert(san).second) << "two moves write " << san;

        MoveParse strict = parse_san(pos, san, SanMode::Strict);
        EXPECT_TRUE(strict.ok()) << strict.message;
        EXPECT_EQ(strict.move, m);
        MoveParse lenient = parse_san(pos, san, SanMode::Lenient);
        EXPECT_TRUE(lenient.ok()) << lenient.message;
        EXPECT_EQ(lenient.move, m);
        MoveParse back = parse_uci(pos, uci);
        EXPECT_TRUE(back.ok()) << back.message;
        EXPECT_EQ(back.move, m);

        pos.do_move(m);
        const char last = san.back();
        EXPECT_EQ(pos.is_check(), last == '+' || last == '#');
        EXPECT_EQ(pos.is_check() && MoveList(pos).empty(), last == '#');
        checked += 1 + round_trip(pos, depth - 1);
        pos.undo_move(m);
    }
    return checked;
}

TEST_F(Notation, RoundTripKiwipete) {
    Position pos = make(Kiwipete);
    EXPECT_EQ(round_trip(pos, 2), 48 + 2039);
}

TEST_F(Notation, RoundTripOtherPositions) {
    struct Start {
        const char* fen;
        bool chess960;
    };
    for (const Start& s :
         {Start{StartFen, false}, Start{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false},
          Start{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false},
          Start{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false},
          Start{"8/P1k5/8/8/8/8/5Kp1/7R b - - 0 1", false}, Start{ThreeQueens, false},
          Start{Fischer, true}, Start{FischerE, true},
          Start{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
          Start{Castles, true}}) {
        Position pos = make(s.fen, s.chess960);
        EXPECT_GT(round_trip(pos, 2), 0) << s.fen;
    }
}

// Arbitrary text never breaks the parsers: every error has a message, every accepted move is
// legal and writes back to SAN that strict reads as the same move, and lenient accepts what
// strict accepts.
TEST_F(Notation, ArbitraryTextIsHandled) {
    const std::vector<Position> positions = {Position(), make(Kiwipete), make(Promote),
                                             make(Fischer, true), make(EnPassantFen)};
    const std::string_view alphabet = "abcdefgh12345678NBRQKPnbrqkpxX=+#-O0o!?.,()/ e$";
    std::uint64_t seed = 0x9E3779B97F4A7C15ULL;
    auto next = [&] {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        return seed;
    };
    for (int i = 0; i < 20000; ++i) {
        const Position& pos = positions[i % positions.size()];
        std::string text;
        const int length = int(next() % 9);
        for (int k = 0; k < length; ++k)
            text += (next() % 16 == 0) ? char(next() % 256) : alphabet[next() % alphabet.size()];
        MoveParse strict = parse_san(pos, text, SanMode::Strict);
        MoveParse lenient = parse_san(pos, text, SanMode::Lenient);
        MoveParse uci = parse_uci(pos, text);
        for (const MoveParse* r : {&strict, &lenient, &uci}) {
            if (!r->ok()) {
                EXPECT_FALSE(r->message.empty()) << '"' << text << '"';
                continue;
            }
            ASSERT_TRUE(MoveList(pos).contains(r->move)) << '"' << text << '"';
            MoveParse back = parse_san(pos, move_to_san(pos, r->move), SanMode::Strict);
            EXPECT_EQ(back.move, r->move) << '"' << text << '"';
        }
        if (strict.ok()) {
            EXPECT_TRUE(lenient.ok()) << '"' << text << "\": " << lenient.message;
            EXPECT_EQ(lenient.move, strict.move) << '"' << text << '"';
        }
    }
}

TEST_F(Notation, NumberedSanLine) {
    Position start;
    const std::vector<Move> line = {Move(E2, E4), Move(E7, E5), Move(G1, F3)};
    EXPECT_EQ(numbered_san_line(start, line), "1. e4 e5 2. Nf3");
    EXPECT_EQ(numbered_san_line(start, {}), "");
    Position after_e4 = start;
    after_e4.do_move(Move(E2, E4));
    EXPECT_EQ(numbered_san_line(after_e4, {Move(E7, E5), Move(G1, F3)}), "1... e5 2. Nf3");
}

TEST_F(Notation, MoveTextIsUciOrSan) {
    Position start;
    EXPECT_EQ(parse_move_text(start, "g1f3").move, Move(G1, F3));
    EXPECT_EQ(parse_move_text(start, " Nf3\n").move, Move(G1, F3));
    EXPECT_EQ(parse_move_text(start, "Ng1-f3").move, Move(G1, F3));
    // UCI-shaped and illegal: the UCI error, which names the move.
    MoveParse bad = parse_move_text(start, "e2e5");
    EXPECT_EQ(bad.error, MoveError::Illegal);
    EXPECT_NE(bad.message.find("e2e5"), std::string::npos) << bad.message;
    EXPECT_EQ(parse_move_text(start, "Nf4").error, MoveError::Illegal);
    EXPECT_EQ(parse_move_text(start, "").error, MoveError::Malformed);
    EXPECT_EQ(parse_move_text(start, "  ").error, MoveError::Malformed);
}

// A line in SAN and UCI stops at its first illegal move; move text read one move after another
// stops at the first text that is no legal move and says which.
TEST_F(Notation, LinesOfMovesAndOfMoveText) {
    Position start;
    const std::vector<Move> line = {Move(E2, E4), Move(E7, E5), Move(G1, F3)};
    EXPECT_EQ(san_line(start, line), (std::vector<std::string>{"e4", "e5", "Nf3"}));
    EXPECT_EQ(uci_line(start, line), (std::vector<std::string>{"e2e4", "e7e5", "g1f3"}));
    EXPECT_EQ(san_line(start, {Move(E2, E4), Move(E2, E4)}), (std::vector<std::string>{"e4"}));

    const MoveTextLine read = read_move_line(start, {"e4", "e7e5", "Ng1-f3"});
    EXPECT_TRUE(read.ok());
    EXPECT_EQ(read.moves, line);
    EXPECT_EQ(read.sans, (std::vector<std::string>{"e4", "e5", "Nf3"}));
    EXPECT_EQ(read.failed, 3u);
    const MoveTextLine bad = read_move_line(start, {"e4", "e4", "Nf3"});
    EXPECT_FALSE(bad.ok());
    EXPECT_EQ(bad.failed, 1u);
    EXPECT_EQ(bad.failure.error, MoveError::Illegal);
    EXPECT_EQ(bad.sans, (std::vector<std::string>{"e4"}));
}

// The shape of a move, legal or not, and move text without its marks.
TEST_F(Notation, MoveShapeAndMarks) {
    for (const char* t : {"e4", "Nf3", "Qxf7#!!", "e4!?", "exd5", "e8=Q+", "e7e8q", "g1f3",
                          "Ng1-f3", "O-O", "0-0-0", "Raxd1", "d6"})
        EXPECT_TRUE(move_shaped(t)) << t;
    for (const char* t : {"", "Kb8####", "the", "Nf", "e9", "Zf3", "e4.", "12.", "Nxe5x"})
        EXPECT_FALSE(move_shaped(t)) << t;
    EXPECT_EQ(strip_move_marks("Nc7+"), "Nc7");
    EXPECT_EQ(strip_move_marks("Qxf7#!?"), "Qxf7");
    EXPECT_EQ(strip_move_marks("e4"), "e4");
    EXPECT_EQ(strip_move_marks("+#"), "");
}

TEST_F(Notation, ErrorNames) {
    EXPECT_STREQ(move_error_name(MoveError::None), "none");
    EXPECT_STREQ(move_error_name(MoveError::Malformed), "malformed");
    EXPECT_STREQ(move_error_name(MoveError::Illegal), "illegal");
    EXPECT_STREQ(move_error_name(MoveError::Ambiguous), "ambiguous");
}

}  // namespace
}  // namespace glossfish
