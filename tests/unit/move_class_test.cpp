// Move classes: the pure rules on hand-checked positions (win% from Stockfish 15.1 at depth 10,
// written down by hand), and a few engine-backed labels at depth 10.
#include "analysis/move_class.h"

#include <gtest/gtest.h>

#include "host/analyzer.h"
#include "rules/notation.h"
#include "shared_analyzer.h"

namespace glossfish {
namespace {

// Philidor's legacy without the double-check route: 1.Qg8+ Rxg8 2.Nf7# is mate in 2; the next
// best moves (Qd2, h3) leave White at -5.2 (win% about 13).
constexpr const char* PhilidorsLegacy = "r4r1k/ppp3pp/1q6/3Q2N1/8/8/B4PPP/6K1 w - - 0 1";
// 1.e4 e5 2.Nf3 Nc6 3.d4 exd4 4.Nxd4 Nxd4 with h3 and h6 thrown in (so off the opening
// lines, where 5.Qxd4 would be book): 6.Qxd4 (+1.12) takes the knight back; the next best
// move stays a knight down (-3.67).
constexpr const char* Recapture = "r1bqkbnr/pppp1pp1/7p/8/3nP3/7P/PPP2PP1/RNBQKB1R w KQkq - 0 6";

Move move(const Position& pos, const char* san) {
    MoveParse mp = parse_san(pos, san);
    EXPECT_TRUE(mp.ok()) << san << ": " << mp.message;
    return mp.move;
}

TEST(MoveClass, NamesAreTheTenWords) {
    const char* names[] = {"brilliant", "great",      "best",    "excellent", "good",
                           "book",      "inaccuracy", "mistake", "blunder",   "miss"};
    for (int c = 0; c < MoveClassCount; ++c) EXPECT_STREQ(move_class_name(MoveClass(c)), names[c]);
}

TEST(MoveClass, QueenSacrificeThatMatesIsBrilliant) {
    auto pos = Position::from_fen(PhilidorsLegacy);
    ASSERT_TRUE(pos);
    const Move qg8 = move(*pos, "Qg8+");
    // Rxg8 wins the queen (900), Bxg8 Kxg8 trades rook for bishop: 700 given up.
    EXPECT_EQ(material_offered(*pos, qg8), 700);
    MoveClassInput in;
    in.wp_best = in.wp_played = 97.5;  // mate, counted as +1000 cp
    in.played_is_best = true;
    in.wp_other = 13;
    in.position = &*pos;
    in.move = qg8;
    EXPECT_EQ(classify_class(in), MoveClass::Brilliant);
    // Had another move won easily too, the sacrifice was not needed: the engine's move only.
    in.wp_other = 95;
    EXPECT_EQ(classify_class(in), MoveClass::Best);
}

TEST(MoveClass, QuietMoveOffersNothing) {
    auto pos = Position::from_fen(PhilidorsLegacy);
    ASSERT_TRUE(pos);
    // f2 is attacked by the queen and the f8 rook and defended by the king alone: after h3,
    // Qxf2+ wins a pawn, less than a sacrifice.
    EXPECT_EQ(material_offered(*pos, move(*pos, "h3")), 100);
    Position start;
    EXPECT_EQ(material_offered(start, move(start, "e4")), 0);
    // Nf7+ Rxf7 Qxf7 wins the exchange for White: taking the knight does not pay.
    EXPECT_EQ(material_offered(*pos, move(*pos, "Nf7+")), 0);
}

TEST(MoveClass, BlunderIsNeverBrilliant) {
    // 1.e4 e5 2.Qh5 Nc6 3.Qxf7+?? Kxf7: the queen for a pawn, a sacrifice by the rules core,
    // and a blunder by win% (+0.2 → -7): the label decides.
    auto pos =
        Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 2 3");
    ASSERT_TRUE(pos);
    const Move qxf7 = move(*pos, "Qxf7+");
    EXPECT_EQ(material_offered(*pos, qxf7), 800);
    MoveClassInput in;
    in.wp_best = 52;
    in.wp_played = 3;
    in.wp_other = 52;
    in.label = QualityLabel::Blunder;
    in.position = &*pos;
    in.move = qxf7;
    EXPECT_EQ(classify_class(in), MoveClass::Blunder);
    // Even a small loss keeps a sacrifice from being brilliant when it is more than 2 points.
    in.label = QualityLabel::Good;
    in.wp_played = 48;
    EXPECT_EQ(classify_class(in), MoveClass::Good);
}

TEST(MoveClass, ForcedRecaptureIsNotGreat) {
    auto pos = Position::from_fen(Recapture);
    ASSERT_TRUE(pos);
    const Move qxd4 = move(*pos, "Qxd4");
    EXPECT_TRUE(regains_material(*pos, qxd4));
    MoveClassInput in;
    in.wp_best = in.wp_played = 60.2;  // +1.12
    in.played_is_best = true;
    in.wp_other = 20;  // -3.67: every other move loses far more than 10 points
    in.position = &*pos;
    in.move = qxd4;
    EXPECT_EQ(classify_class(in), MoveClass::Best);
    // The same numbers for a move that takes nothing back: the only good move is great.
    Position start;
    in.position = &start;
    in.move = move(start, "e4");
    EXPECT_EQ(classify_class(in), MoveClass::Great);
    // The only legal move is forced, not great.
    in.single_legal_move = true;
    EXPECT_EQ(classify_class(in), MoveClass::Best);
}

TEST(MoveClass, GreatTurnsTheOpponentsMistakeIntoABetterBand) {
    Position start;
    MoveClassInput in;
    in.position = &start;
    in.move = move(start, "d4");
    in.played_is_best = true;
    in.wp_best = in.wp_played = 55;             // equal now
    in.previous_label = QualityLabel::Mistake;  // the opponent's mistake handed 30 points over
    in.previous_loss = 30;
    in.wp_before_previous = 25;  // the mover was losing before it
    EXPECT_EQ(classify_class(in), MoveClass::Great);
    in.wp_before_previous = 45;  // already equal: the best move, nothing more
    EXPECT_EQ(classify_class(in), MoveClass::Best);
}

TEST(MoveClass, MissGivesBackTheOpponentsMistake) {
    MoveClassInput in;
    in.previous_label = QualityLabel::Blunder;
    in.previous_loss = 40;  // the opponent's blunder: +40 points for the mover
    in.wp_before_previous = 50;
    in.wp_best = 90;
    in.wp_played = 60;  // 30 of the 40 given back
    in.label = QualityLabel::Blunder;
    EXPECT_EQ(classify_class(in), MoveClass::Miss);
    in.wp_played = 20;  // far below where the mover stood before the gift: a plain blunder
    EXPECT_EQ(classify_class(in), MoveClass::Blunder);
    in.wp_played = 80;  // 10 of 40 back: an inaccuracy-sized slip, not most of the gift
    in.label = QualityLabel::Mistake;
    EXPECT_EQ(classify_class(in), MoveClass::Mistake);
    in.previous_label = QualityLabel::Good;  // no gift: no miss
    in.wp_played = 60;
    in.label = QualityLabel::Blunder;
    EXPECT_EQ(classify_class(in), MoveClass::Blunder);
}

TEST(MoveClass, ExcellentGoodAndBook) {
    MoveClassInput in;
    in.wp_best = 60;
    in.wp_played = 58.5;
    EXPECT_EQ(classify_class(in), MoveClass::Excellent);
    in.wp_played = 56;
    EXPECT_EQ(classify_class(in), MoveClass::Good);
    in.book = true;
    EXPECT_EQ(classify_class(in), MoveClass::Book);
}

// A named move that loses 10 win% or more is classed by its label; under that it stays book
// (an inaccuracy included: gambits).
TEST(MoveClass, ABookMoveThatLosesTenOrMoreIsClassedByItsLabel) {
    MoveClassInput in;
    in.book = true;
    in.wp_best = 50;
    in.wp_played = 42;
    in.label = QualityLabel::Inaccuracy;
    EXPECT_EQ(classify_class(in), MoveClass::Book);
    in.wp_played = 40;
    in.label = QualityLabel::Mistake;
    EXPECT_EQ(classify_class(in), MoveClass::Mistake);
    in.wp_played = 20;
    in.label = QualityLabel::Blunder;
    EXPECT_EQ(classify_class(in), MoveClass::Blunder);
}

TEST(MoveClass, RuyLopezMovesAreBookFromTheLabelsInput) {
    // class_input looks the move up in the compiled-in openings.
    Position pos;
    for (const char* san : {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}) {
        QualityInput qi;
        qi.played_is_best = true;
        Quality q;
        const Move m = move(pos, san);
        EXPECT_TRUE(class_input(qi, q, pos, m).book) << san;
        pos.do_move(m);
    }
    // 4. Ba4 is on a named line (C70 and on); 4. Kf1 is on none.
    QualityInput qi;
    Quality q;
    EXPECT_TRUE(class_input(qi, q, pos, move(pos, "Ba4")).book);
    EXPECT_FALSE(class_input(qi, q, pos, move(pos, "Kf1")).book);
}

// The class in the label JSON, from label_move's own searches at depth 10 (needs `stockfish`).
class LabelClass : public SharedAnalyzer<> {
protected:
    static nlohmann::json label(const char* fen, const char* san) {
        Position pos;
        EXPECT_TRUE(pos.set(fen).ok()) << fen;
        AnalysisLimits limits;
        limits.depth = 10;
        limits.reproducible = true;
        MoveLabel l = label_move(*analyzer_, pos, move(pos, san), limits, QualityScheme::Lichess);
        EXPECT_EQ(l.error, "") << san;
        return label_to_json(l);
    }
};

TEST_F(LabelClass, PhilidorsLegacyQueenSacrificeIsBrilliant) {
    nlohmann::json j = label(PhilidorsLegacy, "Qg8+");
    EXPECT_EQ(j["label"], "good") << j.dump();
    EXPECT_EQ(j["class"], "brilliant") << j.dump();
}

TEST_F(LabelClass, RecaptureIsBestNotGreat) {
    nlohmann::json j = label(Recapture, "Qxd4");
    EXPECT_EQ(j["class"], "best") << j.dump();
}

TEST_F(LabelClass, QueenForAPawnIsABlunder) {
    nlohmann::json j =
        label("r1bqkbnr/pppp1ppp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 2 3", "Qxf7+");
    EXPECT_EQ(j["class"], "blunder") << j.dump();
}

TEST_F(LabelClass, RuyLopezMoveIsBook) {
    nlohmann::json j =
        label("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3", "a6");
    EXPECT_EQ(j["class"], "book") << j.dump();
    EXPECT_EQ(j["book"], true) << j.dump();
}

// 1.e4 e5 2.Nf3 f6 3.Nxe5 fxe5, the Damiano Gambit: named, and a blunder (4.Qh5+ wins).
TEST_F(LabelClass, DamianoGambitIsABlunderOnANamedLine) {
    nlohmann::json j =
        label("rnbqkbnr/pppp2pp/5p2/4N3/4P3/8/PPPP1PPP/RNBQKB1R b KQkq - 0 3", "fxe5");
    EXPECT_TRUE(j["label"] == "mistake" || j["label"] == "blunder") << j.dump();
    EXPECT_EQ(j["class"], j["label"]) << j.dump();
    EXPECT_EQ(j["book"], true) << j.dump();
}

}  // namespace
}  // namespace glossfish
