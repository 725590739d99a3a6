// Motif themes on positions checked by hand: one or two per theme family, the single-move
// predicates, and the line reader's errors.
#include "motifs/motifs.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "rules/notation.h"
#include "test_util.h"

namespace glossfish {
namespace {

std::vector<Move> line_of(const Position& pos, const char* text) {
    MotifLineParse p = read_motif_line(pos, text);
    EXPECT_TRUE(p.ok()) << text << ": " << p.error;
    return p.moves;
}

std::vector<std::string> tags(const char* fen, const char* line) {
    const Position pos = at(fen);
    return tag_motifs(pos, line_of(pos, line));
}

Move move_of(const Position& pos, const char* text) {
    MoveParse mp = parse_move_text(pos, text);
    EXPECT_TRUE(mp.ok()) << text;
    return mp.move;
}

// Philidor's legacy ends: Nf7 mates the king on h8 walled in by its rook and pawns.
constexpr const char* Smothered = "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1";
// Rd8 mates the king on g8 behind its own three pawns.
constexpr const char* BackRank = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";

TEST(Motifs, SmotheredMateInOne) {
    const auto t = tags(Smothered, "Nf7#");
    EXPECT_TRUE(has(t, "smotheredMate"));
    EXPECT_TRUE(has(t, "mateIn1"));
    EXPECT_TRUE(has(t, "mate"));
    EXPECT_TRUE(has(t, "oneMove"));
    EXPECT_FALSE(has(t, "backRankMate"));
    const Position pos = at(Smothered);
    EXPECT_EQ(mate_pattern(pos, move_of(pos, "Nf7")), "smotheredMate");
    EXPECT_EQ(mate_pattern(pos, move_of(pos, "Ne6")), "");  // not even check
}

TEST(Motifs, BackRankMateAndRookEndgame) {
    const auto t = tags(BackRank, "Rd8#");
    EXPECT_TRUE(has(t, "backRankMate"));
    EXPECT_TRUE(has(t, "mateIn1"));
    EXPECT_TRUE(has(t, "rookEndgame"));  // kings, pawns and one rook
    const Position pos = at(BackRank);
    EXPECT_TRUE(is_mate(pos, move_of(pos, "Rd8")));
    EXPECT_EQ(mate_pattern(pos, move_of(pos, "Rd8")), "backRankMate");
    // Give the king an escape (no h7 pawn): Rd8+ is check, not mate.
    const Position airy = at("6k1/5pp1/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    EXPECT_FALSE(is_mate(airy, move_of(airy, "Rd8")));
    EXPECT_FALSE(has(tags("6k1/5pp1/8/8/8/8/5PPP/3R2K1 w - - 0 1", "Rd8+"), "mate"));
}

TEST(Motifs, ScholarsMateAttacksF7) {
    // 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7#
    Position pos;
    for (Move m : line_of(pos, "e4 e5 Qh5 Nc6 Bc4 Nf6")) pos.do_move(m);
    const auto t = tag_motifs(pos, line_of(pos, "Qxf7#"));
    EXPECT_TRUE(has(t, "attackingF2F7"));
    EXPECT_TRUE(has(t, "mateIn1"));
}

TEST(Motifs, KnightForkOfKingAndRook) {
    // Nc7+ attacks the king on e8 and the rook on a8 from a square nothing guards.
    const char* fen = "r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1";
    const auto t = tags(fen, "Nc7+ Kd7 Nxa8");
    EXPECT_TRUE(has(t, "fork"));
    EXPECT_TRUE(has(t, "short"));
    const Position pos = at(fen);
    EXPECT_TRUE(is_fork(pos, move_of(pos, "Nc7")));
    EXPECT_FALSE(is_fork(pos, move_of(pos, "Nd6")));  // check only: the rook is not attacked
    // With a black bishop on b8 guarding c7 the knight would be taken: no fork.
    const Position guarded = at("rb2k3/8/8/1N6/8/8/8/4K3 w - - 0 1");
    EXPECT_FALSE(is_fork(guarded, move_of(guarded, "Nc7")));
}

TEST(Motifs, PinOfTheQueenToItsKing) {
    // Re1 pins the queen on e5 to the king on e8; the queen is worth more than the rook.
    const char* fen = "4k3/8/8/4q3/8/8/8/R5K1 w - - 0 1";
    EXPECT_TRUE(has(tags(fen, "Re1"), "pin"));
    const Position pos = at(fen);
    EXPECT_TRUE(is_pin(pos, move_of(pos, "Re1")));
    EXPECT_FALSE(is_pin(pos, move_of(pos, "Rb1")));
}

TEST(Motifs, DiscoveredAndDoubleCheck) {
    // The bishop on e2 screens the rook on e1 from the king on e8.
    const char* fen = "4k3/8/8/8/8/8/4B3/4RK2 w - - 0 1";
    const Position pos = at(fen);
    EXPECT_TRUE(is_discovered_check(pos, move_of(pos, "Bd3")));
    EXPECT_FALSE(is_double_check(pos, move_of(pos, "Bd3")));
    EXPECT_TRUE(is_double_check(pos, move_of(pos, "Bb5")));  // bishop and rook
    EXPECT_TRUE(has(tags(fen, "Bb5+"), "doubleCheck"));
    EXPECT_TRUE(has(tags(fen, "Bd3+"), "discoveredAttack"));
    EXPECT_FALSE(has(tags(fen, "Bd3+"), "doubleCheck"));
}

TEST(Motifs, HangingPieceTaken) {
    // The knight on d5 has no defender.
    const char* fen = "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1";
    EXPECT_TRUE(has(tags(fen, "Rxd5"), "hangingPiece"));
    const Position pos = at(fen);
    EXPECT_TRUE(captures_hanging_piece(pos, move_of(pos, "Rxd5")));
    EXPECT_TRUE(is_hanging(pos, D5));
    // Defended by a pawn on e6 it is not hanging.
    const char* defended = "4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1";
    EXPECT_FALSE(has(tags(defended, "Rxd5"), "hangingPiece"));
    EXPECT_FALSE(is_hanging(at(defended), D5));
}

TEST(Motifs, HungPiecesAfterAMove) {
    // Qd4 puts the queen next to the rook on d5 with nothing guarding it.
    const Position pos = at("4k3/8/8/3r4/8/8/8/3QK3 w - - 0 1");
    EXPECT_EQ(hung_pieces(pos, move_of(pos, "Qd4")), std::vector<Square>{D4});
    EXPECT_TRUE(hung_pieces(pos, move_of(pos, "Qa4")).empty());
}

TEST(Motifs, EnPassant) {
    const char* fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    const auto t = tags(fen, "exd6");
    EXPECT_TRUE(has(t, "enPassant"));
    EXPECT_TRUE(has(t, "pawnEndgame"));
    EXPECT_FALSE(has(tags("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "e6"), "enPassant"));
}

TEST(Motifs, UnderPromotionAndAdvancedPawn) {
    const char* fen = "8/2P5/8/8/8/8/k7/7K w - - 0 1";
    const auto rook = tags(fen, "c8=R");
    EXPECT_TRUE(has(rook, "promotion"));
    EXPECT_TRUE(has(rook, "underPromotion"));
    EXPECT_TRUE(has(rook, "advancedPawn"));
    const auto queen = tags(fen, "c8=Q");
    EXPECT_TRUE(has(queen, "promotion"));
    EXPECT_FALSE(has(queen, "underPromotion"));
    const Position pos = at(fen);
    EXPECT_TRUE(is_advanced_pawn_move(pos, move_of(pos, "c8=Q")));
    EXPECT_FALSE(is_advanced_pawn_move(pos, move_of(pos, "Kg2")));
}

TEST(Motifs, Castling) {
    EXPECT_TRUE(has(tags("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "O-O"), "castling"));
    EXPECT_FALSE(has(tags("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "Kf1"), "castling"));
}

TEST(Motifs, LengthThemes) {
    EXPECT_TRUE(has(tags(BackRank, "Rd8#"), "oneMove"));
    EXPECT_TRUE(has(tags("r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1", "Nc7+ Kd7 Nxa8"), "short"));
    EXPECT_TRUE(has(tags("r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1", "Nc7+ Kd7 Nxa8 Kc6 Kd2"), "long"));
    MotifOptions no_length;
    no_length.length_themes = false;
    const Position pos = at(BackRank);
    EXPECT_FALSE(has(tag_motifs(pos, line_of(pos, "Rd8#"), no_length), "oneMove"));
}

TEST(Motifs, EveryThemeIsAKnownName) {
    const std::vector<std::string>& names = motif_names();
    for (const char* fen : {Smothered, BackRank})
        for (const std::string& t : tag_motifs(at(fen), line_of(at(fen), "Kh1")))
            EXPECT_NE(std::find(names.begin(), names.end(), t), names.end()) << t;
    EXPECT_TRUE(tag_motifs(at(BackRank), {}).empty());
}

TEST(MotifLine, ReadsSanUciAndMoveNumbers) {
    Position start;
    EXPECT_EQ(read_motif_line(start, "1. e4 e5 2. Nf3").moves.size(), 3u);
    EXPECT_EQ(read_motif_line(start, "e2e4, e7e5, g1f3").moves.size(), 3u);
    EXPECT_EQ(read_motif_line(start, "1.e4 1...e5 2.Nf3 Nc6").moves.size(), 4u);
    EXPECT_EQ(read_motif_line(start, "  e4\te5\n").moves.size(), 2u);
}

TEST(MotifLine, ErrorsNameTheMove) {
    Position start;
    MotifLineParse bad_square = read_motif_line(start, "e4 e9");
    EXPECT_FALSE(bad_square.ok());
    EXPECT_TRUE(bad_square.moves.empty() || !bad_square.ok());
    EXPECT_EQ(bad_square.error.rfind("move 2 'e9'", 0), 0u) << bad_square.error;
    MotifLineParse illegal = read_motif_line(start, "e2e5");
    EXPECT_EQ(illegal.error.rfind("move 1 'e2e5'", 0), 0u) << illegal.error;
    EXPECT_NE(illegal.error.find("not a legal move"), std::string::npos) << illegal.error;
    EXPECT_EQ(read_motif_line(start, "").error, "the line has no moves");
    EXPECT_EQ(read_motif_line(start, " 1. ").error, "the line has no moves");
    std::string long_line;
    for (int i = 0; i < 70; ++i) long_line += "Nf3 Nf6 Ng1 Ng8 ";
    EXPECT_EQ(read_motif_line(start, long_line).error, "the line has more than 256 moves");
}

}  // namespace
}  // namespace glossfish
