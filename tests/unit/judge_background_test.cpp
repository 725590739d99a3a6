// Background units checked against the opening table and the board (judge/background.h), and
// descriptive recall against a reference commentary's events, judged with the rules.
#include <gtest/gtest.h>

#include "judge/background.h"
#include "judge/judge.h"
#include "judge/shard_summary.h"
#include "rules/notation.h"
#include "tools/tool_suite.h"
#include "tools_test_util.h"

namespace glossfish::verifier::testing {
namespace {

using nlohmann::json;

// 1.e4 e5 2.Nf3 Nc6, White to play 3.Bb5: the Ruy Lopez (C60) in the opening table.
const char* const BeforeBb5 = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";

JudgedRecord judge_one(const json& record) {
    JudgeOptions o;
    o.decomposer = Decomposer::Rules;
    Judge j(board_suite(), nullptr, nullptr, o);
    std::string error;
    auto in = parse_judge_line(record.dump(), 1, &error);
    EXPECT_TRUE(in) << error;
    return j.judge(*in);
}

JudgedRecord judge_one(const char* fen, const char* move, const std::string& text) {
    return judge_one(json{{"id", "t"}, {"fen", fen}, {"move", move}, {"commentary", text}});
}

BackgroundCheck check_unit(const char* fen, const char* move, const std::string& text) {
    Position pos = *Position::from_fen(fen);
    MoveParse mp = parse_move_text(pos, move);
    EXPECT_TRUE(mp.ok());
    return check_background(pos, mp.move, text);
}

TEST(BackgroundTest, OpeningNamedRightIsTrue) {
    JudgedRecord r = judge_one(BeforeBb5, "Bb5", "This is the Ruy Lopez.");
    ASSERT_TRUE(r.ok()) << r.error;
    ASSERT_EQ(r.atoms.size(), 1u);
    const JudgedAtom& a = r.atoms[0];
    EXPECT_EQ(a.type, UnitType::Background);
    EXPECT_EQ(a.verdict, Verdict::Correct);
    EXPECT_EQ(a.outcome.verifiable, 1);
    const json& b = a.detail["background"];
    EXPECT_EQ(b["kind"], "opening");
    EXPECT_EQ(b["holds"], true);
    EXPECT_EQ(b["evidence"]["table"]["eco"], "C60");
    EXPECT_EQ(b["evidence"]["table"]["name"], "Ruy Lopez");
    EXPECT_EQ(b["evidence"]["claimed_name"], "ruy lopez");
    // By ECO code, and a family naming the variation it is in.
    EXPECT_EQ(check_unit(BeforeBb5, "Bb5", "Theory knows this as C60.").holds, true);
    EXPECT_EQ(check_unit("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
                         "Ba4", "A main line of the Ruy Lopez.")
                  .holds,
              true);
}

TEST(BackgroundTest, OpeningNamedWrongIsFalse) {
    JudgedRecord r = judge_one(BeforeBb5, "Bb5", "This is the Italian Game.");
    ASSERT_EQ(r.atoms.size(), 1u);
    EXPECT_EQ(r.atoms[0].type, UnitType::Background);
    EXPECT_EQ(r.atoms[0].verdict, Verdict::Incorrect);
    EXPECT_EQ(r.atoms[0].outcome.failed, 1);
    EXPECT_EQ(r.atoms[0].detail["background"]["holds"], false);
    EXPECT_EQ(r.atoms[0].detail["background"]["evidence"]["table"]["name"], "Ruy Lopez");
    // The right name with the wrong code is false too (C50 is the Italian Game's).
    BackgroundCheck code = check_unit(BeforeBb5, "Bb5", "This is the Ruy Lopez, C50.");
    EXPECT_EQ(code.holds, false);
    EXPECT_EQ(code.reason,
              "the opening table names the position after the move: C60 Ruy Lopez, not what the "
              "text says");
    EXPECT_EQ(code.evidence["claimed_eco"], "C50");
    // Both wrong: said once.
    EXPECT_EQ(check_unit(BeforeBb5, "Bb5", "This is the Italian Game, C50.").reason, code.reason);
    // A position that ends no named line: unverifiable, not false.
    BackgroundCheck off =
        check_unit("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "Kf1", "This is the Ruy Lopez.");
    EXPECT_EQ(off.kind, "opening");
    EXPECT_FALSE(off.holds);
}

TEST(BackgroundTest, PlayersAndHistoryAreUnverifiable) {
    JudgedRecord r =
        judge_one(BeforeBb5, "Bb5", "Grandmaster Magnus Carlsen played this in a 2019 tournament.");
    ASSERT_EQ(r.atoms.size(), 1u);
    EXPECT_EQ(r.atoms[0].type, UnitType::Background);
    EXPECT_EQ(r.atoms[0].verdict, Verdict::Unverifiable);
    EXPECT_EQ(r.atoms[0].outcome.unverified, 1);
    EXPECT_EQ(r.atoms[0].detail["background"]["kind"], "none");
    EXPECT_TRUE(r.atoms[0].detail["background"]["holds"].is_null());
    // Left out of precision: no verifiable atom.
    JudgeSummary s = summarize({r}, 0, 1);
    EXPECT_EQ(s.overall.verifiable_atoms, 0);
}

TEST(BackgroundTest, CastlingRightsAndMaterialFromTheBoard) {
    // After 3.Bb5 both sides keep every right.
    BackgroundCheck keep = check_unit(BeforeBb5, "Bb5", "White can still castle kingside.");
    EXPECT_EQ(keep.kind, "castling_rights");
    EXPECT_EQ(keep.holds, true);
    EXPECT_EQ(check_unit(BeforeBb5, "Bb5", "Black has lost the right to castle.").holds, false);
    // Moving the king gives up both of White's rights.
    BackgroundCheck lost =
        check_unit("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "Kf1", "White can no longer castle.");
    EXPECT_EQ(lost.holds, true);
    EXPECT_EQ(lost.evidence["kingside"], false);
    // As a unit: castling rights make it background, not a castling event.
    JudgedRecord r =
        judge_one("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "Kf1", "White can still castle.");
    ASSERT_EQ(r.atoms.size(), 1u);
    EXPECT_EQ(r.atoms[0].type, UnitType::Background);
    EXPECT_EQ(r.atoms[0].verdict, Verdict::Incorrect);
    // Material after the move: even at the start, a knight up for White after Nxb8 (3 points).
    EXPECT_EQ(check_unit(BeforeBb5, "Bb5", "Material is level, as in the classical games.").holds,
              true);
    BackgroundCheck up = check_unit("1n2k3/8/8/8/8/8/8/N3K3 w - - 0 1", "Nb3",
                                    "As in the famous game, White is a piece up.");
    EXPECT_EQ(up.kind, "material");
    EXPECT_EQ(up.holds, false);  // a knight each: balance 3 - 3 = 0
    EXPECT_EQ(up.evidence["balance"], 3 - 3);
}

// 1.e4 e5 2.Nf3 Nc6 3.Bb5 d5: Nxe5 takes the e5 pawn (a capture that wins a pawn, no check).
const char* const NxE5Position =
    "r1bqkbnr/ppp2ppp/2n5/1B1pp3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";

TEST(ReferenceRecallTest, RecallAgainstTheReferenceEvents) {
    // The reference names a capture and a check (its first sentence descriptive); the commentary
    // names the capture only: recall 1/2 against the reference. Against the board (capture,
    // material) the same commentary's recall is 1/2 too, but over other events.
    json rec = {{"id", "r"},
                {"fen", NxE5Position},
                {"move", "Nxe5"},
                {"commentary", "Nxe5 captures the pawn."},
                {"reference", "White captures on e5 with check."}};
    JudgedRecord r = judge_one(rec);
    ASSERT_TRUE(r.ok()) << r.error;
    ASSERT_TRUE(r.reference_events);
    EXPECT_EQ(*r.reference_events, (std::vector<std::string>{"capture", "check"}));
    EventRecall e = event_recall(r);
    EXPECT_EQ(e.produced, 2);
    EXPECT_EQ(e.mentioned, 1);
    EXPECT_EQ(e.reference_records, 1);
    json j = judged_json(r);
    EXPECT_EQ(j["event_recall"]["source"], "reference");
    EXPECT_EQ(j["event_recall"]["reference"], json::array({"capture", "check"}));
    EXPECT_EQ(j["event_recall"]["mentioned"], json::array({"capture"}));
    EXPECT_EQ(j["reference"], "White captures on e5 with check.");
    // Without the reference: the board's events.
    rec.erase("reference");
    JudgedRecord b = judge_one(rec);
    EXPECT_FALSE(b.reference_events);
    EXPECT_EQ(judged_json(b)["event_recall"]["source"], "board");
    // Pooled: the reference record's 1/2 and the board record's mentioned/produced.
    const EventRecall eb = event_recall(b);
    JudgeSummary s = summarize({r, b}, 0, 1);
    EXPECT_EQ(s.events.produced, 2 + eb.produced);
    EXPECT_EQ(s.events.mentioned, 1 + eb.mentioned);
    json sj = summary_json(s)["summary"]["event_recall"];
    EXPECT_EQ(sj["source"], "mixed");
    EXPECT_EQ(sj["reference_records"], 1);
    EXPECT_EQ(summary_json(summarize({r}, 0, 1))["summary"]["event_recall"]["value"], 1.0 / 2);
    EXPECT_NE(summary_table(summarize({r}, 0, 1)).find("event recall, reference      0.500   1/2"),
              std::string::npos);
    // Merge reads the reference's events back.
    std::string error;
    auto back = judged_record_from_json(json::parse(j.dump()), &error);  // as merge reads it
    ASSERT_TRUE(back) << error;
    ASSERT_TRUE(back->reference_events);
    EXPECT_EQ(event_recall(*back).produced, 2);
    EXPECT_EQ(event_recall(*back).mentioned, 1);
}

TEST(ReferenceRecallTest, BadReferenceIsAnError) {
    std::string error;
    EXPECT_FALSE(parse_judge_line(
        json{{"fen", NxE5Position}, {"move", "Nxe5"}, {"commentary", "x"}, {"reference", 3}}.dump(),
        1, &error));
    EXPECT_EQ(error, "\"reference\" must be a string");
}

}  // namespace
}  // namespace glossfish::verifier::testing
