// Move labels from real Stockfish searches on hand-checked positions (needs `stockfish`,
// which .ci/install provides). Depth 12 keeps each case well under a second.
#include <gtest/gtest.h>

#include "analysis/quality.h"
#include "rules/notation.h"
#include "shared_analyzer.h"

namespace glossfish {
namespace {

// The label's text reads as English for every label (not "c4 is a good").
TEST(LabelText, EveryLabelReadsAsASentence) {
    MoveLabel l;
    l.played_san = "c4";
    l.best_san = "Nf3";
    l.quality.wp_loss = 1.4;
    l.quality.label = QualityLabel::Good;
    EXPECT_EQ(label_to_json(l)["text"], "c4 is good (1.4 win% lost). Nf3 was best.");
    l.quality.label = QualityLabel::Inaccuracy;
    l.quality.wp_loss = 6;
    EXPECT_EQ(label_to_json(l)["text"], "c4?! is an inaccuracy; Nf3 was best (6.0 win% lost).");
    l.quality.label = QualityLabel::Mistake;
    EXPECT_EQ(label_to_json(l)["text"], "c4? is a mistake; Nf3 was best (6.0 win% lost).");
    l.quality.label = QualityLabel::Blunder;
    l.quality.reason = "mate created";
    EXPECT_EQ(label_to_json(l)["text"],
              "c4?? is a blunder; Nf3 was best (6.0 win% lost, mate created).");
    l.quality = Quality{};
    l.quality.best = true;
    EXPECT_EQ(label_to_json(l)["text"], "c4 is the engine's choice.");
    l.quality.only = true;
    EXPECT_EQ(label_to_json(l)["text"], "c4 is the only good move.");
    // A mate says so and nothing else: no "only good move", no "only move" reason beside it.
    l.played_san = "Qxf7#";
    Reason mate;
    mate.kind = "mates", mate.text = "Qxf7# is checkmate.";
    l.reasons = {mate};
    EXPECT_EQ(label_to_json(l)["text"], "Qxf7# is checkmate.");
}

class Labels : public SharedAnalyzer<> {
protected:
    static MoveLabel label(const char* fen, const char* san,
                           QualityScheme scheme = QualityScheme::Lichess) {
        Position pos;
        EXPECT_TRUE(pos.set(fen).ok()) << fen;
        MoveParse mp = parse_san(pos, san);
        EXPECT_TRUE(mp.ok()) << san << ": " << mp.message;
        AnalysisLimits limits;
        limits.depth = 12;
        MoveLabel l = label_move(*analyzer_, pos, mp.move, limits, scheme);
        EXPECT_EQ(l.error, "") << san;
        return l;
    }
};

// 14.Qd3 of Botvinnik-Capablanca (AVRO 1938): the better move c3-c4 and Black's reply ...c4 in
// one comment are told apart by the move number; a SAN inside a longer one (Nc4), a SAN the
// opponent cannot play, and "compared with c4" are no clash.
TEST(LabelText, TheBetterMoveIsNumberedWhenTheCommentNamesTheSameSANOtherwise) {
    Position before;
    ASSERT_TRUE(before.set("r3r1k1/p2q1ppp/np3n2/2pp4/P2P4/2P1P3/1B2NPPP/R2Q1RK1 w - - 1 14").ok());
    const Move qd3 = parse_san(before, "Qd3").move;
    EXPECT_EQ(
        better_move_name(before, qd3, "c4", "After Qd3, c4 attacks the queen on d3 with tempo."),
        "14. c4");
    EXPECT_EQ(better_move_name(before, qd3, "c4", "Qd3 frees the rook on f1."), "c4");
    EXPECT_EQ(better_move_name(before, qd3, "c4", "After Qd3, Nc4 attacks the bishop."), "c4");
    EXPECT_EQ(better_move_name(before, qd3, "c4", "After Qd3, c4+ gains a tempo."), "c4");
    EXPECT_EQ(better_move_name(before, qd3, "c4", "Qd3 lowers White's chances compared with c4."),
              "c4");
    // Black has no move spelled Rfc1: the sentence names the better move itself.
    EXPECT_EQ(better_move_name(before, qd3, "Rfc1", "Instead of Qd3, White plays Rfc1."), "Rfc1");
    Position black;
    ASSERT_TRUE(black.set("r3r1k1/p2q1ppp/np3n2/2pp4/P2P4/2PQP3/1B2NPPP/R4RK1 b - - 2 14").ok());
    EXPECT_EQ(
        better_move_name(black, parse_san(black, "Rab8").move, "c4", "After Rab8, White plays c4."),
        "14... c4");
}

TEST_F(Labels, HangingTheQueenIsABlunder) {
    // 1.e4 d5 2.Qg4?? Bxg4: the c8 bishop sees g4 once the d-pawn has moved.
    MoveLabel l = label("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "Qg4");
    EXPECT_EQ(l.quality.label, QualityLabel::Blunder);
    EXPECT_GT(l.quality.wp_loss, 30);
    EXPECT_FALSE(l.quality.best);
    EXPECT_EQ(label("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "Qg4",
                    QualityScheme::ActEval)
                  .quality.label,
              QualityLabel::Blunder);
}

TEST_F(Labels, QuietOpeningMoveIsGood) {
    MoveLabel l = label(StartFen, "e4");
    EXPECT_EQ(l.quality.label, QualityLabel::Good);
    EXPECT_LT(l.quality.wp_loss, 5);
}

TEST_F(Labels, AllowingMateIsMateCreated) {
    // Scholar's mate pattern: 3...Nf6?? allows Qxf7#.
    MoveLabel l = label("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3", "Nf6");
    EXPECT_EQ(l.quality.label, QualityLabel::Blunder);
    EXPECT_EQ(l.quality.reason, "mate created");
    EXPECT_TRUE(l.played_score.is_mate());
    EXPECT_LT(l.played_score.value, 0);
}

TEST_F(Labels, MissingAForcedMateIsMateLost) {
    // Ra8# mates at once; Kf2 keeps a won ending but lets the mate go.
    MoveLabel l = label("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Kf2");
    EXPECT_TRUE(l.best_score.is_mate());
    EXPECT_EQ(l.best_san, "Ra8#");
    EXPECT_EQ(l.quality.reason, "mate lost");
    EXPECT_NE(l.quality.label, QualityLabel::Good);
}

TEST_F(Labels, RecapturingThePieceIsTheOnlyMove) {
    // ...Bxc3+ took the knight with check; bxc3 restores the material, while blocking with
    // Bd2 or Qd2 (or Ke2) leaves White a piece down.
    MoveLabel l = label("r1bqk1nr/pppp1ppp/2n5/4p3/3PP3/2b5/PPP2PPP/R1BQKBNR w KQkq - 0 4", "bxc3");
    EXPECT_TRUE(l.quality.best);
    EXPECT_TRUE(l.quality.only);
    EXPECT_EQ(l.quality.label, QualityLabel::Good);
    nlohmann::json j = label_to_json(l);
    EXPECT_EQ(j["tags"], nlohmann::json::array({"best", "only"}));
    EXPECT_EQ(j["move"]["uci"], "b2c3");
}

TEST_F(Labels, ForcedKingRecaptureIsOnly) {
    // The only legal move: no second line exists, and the move is still "only".
    MoveLabel l = label("rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBqKBNR w KQkq - 0 3", "Kxd1");
    EXPECT_TRUE(l.quality.only);
    EXPECT_EQ(l.quality.label, QualityLabel::Good);
}

}  // namespace
}  // namespace glossfish
