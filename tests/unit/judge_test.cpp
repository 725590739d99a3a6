// The commentary judge (verifier/judge/judge.h): the deterministic pipeline on hand-made records
// with hand-computed metrics, broken records with their line numbers, the type-aware split, and the
// LLM pipeline end to end against the fake OpenAI-compatible server; `glossfish judge` itself.
#include "judge/judge.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <tuple>

#include "cli_run.h"
#include "fake_llm_server.h"
#include "host/analyzer.h"
#include "rules/notation.h"
#include "service/make_tool_suite.h"
#include "test_util.h"
#include "tools/tool_suite.h"
#include "tools_test_util.h"

namespace glossfish::verifier::testing {
namespace {

using nlohmann::json;
using testkit::FakeLlmServer;

const char* const Start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// Qd4?? is taken by the c5 pawn: a blunder.
const char* const Hang = "4k3/8/8/2p5/8/8/8/3QK3 w - - 0 1";

std::string line(const char* id, const char* fen, const char* move, const char* text,
                 json gold = nullptr) {
    json j = {{"id", id}, {"fen", fen}, {"move", move}, {"commentary", text}};
    if (!gold.is_null()) j["gold_atoms"] = gold;
    return j.dump();
}

// ---- the type-aware split ----

TEST(JudgeTypes, EventsOfMovesFromTheRulesCore) {
    Position fork = at(Fork);
    MoveEvents e = move_events(fork, parse_san(fork, "Nc7+").move);
    EXPECT_TRUE(e.check);
    EXPECT_FALSE(e.capture);
    EXPECT_FALSE(e.mate);
    EXPECT_EQ(e.material_change, 0);
    // Nxa8 would take the rook: +5.
    Position take = at("r3k3/8/1N6/8/8/8/8/4K3 w - - 0 1");
    MoveEvents t = move_events(take, parse_san(take, "Nxa8").move);
    EXPECT_TRUE(t.capture);
    EXPECT_EQ(t.material_change, 5);
    Position castle = at("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    EXPECT_TRUE(move_events(castle, parse_san(castle, "O-O").move).castling);
    Position promo = at("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    MoveEvents p = move_events(promo, parse_san(promo, "a8=Q+").move);
    EXPECT_TRUE(p.promotion);
    EXPECT_TRUE(p.check);
    EXPECT_EQ(p.material_change, 8);  // a pawn (1) became a queen (9)
}

TEST(JudgeTypes, MentionedEvents) {
    EXPECT_EQ(mentioned_events("Nxa8 captures the rook."), std::vector<std::string>{"capture"});
    EXPECT_EQ(mentioned_events("White castles and gives check."),
              (std::vector<std::string>{"check", "castling"}));
    EXPECT_EQ(mentioned_events("It is checkmate."), std::vector<std::string>{"mate"});
    EXPECT_EQ(mentioned_events("The pawn promotes and wins material."),
              (std::vector<std::string>{"promotion", "material"}));
    EXPECT_TRUE(mentioned_events("The knight goes to c7.").empty());
}

TEST(JudgeTypes, RulesTypeFromTheRecognisedForm) {
    SubClaim captures{"captures", {{"move", "Nc7"}}, {}, false};
    SubClaim attacks{"attacks", {{"from", "c7"}, {"target", "a8"}}, {"Nc7+"}, false};
    SubClaim quality{"quality_label", {{"move", "Nc7+"}, {"stance", "bad"}}, {}, false};
    SubClaim later{"gives_check", {{"move", "Kd8"}}, {"Nc7+"}, false};  // the reply
    EXPECT_EQ(rules_unit_type("Nc7+ captures the rook.", {}, {captures}, "Nc7+"),
              UnitType::Descriptive);
    EXPECT_EQ(rules_unit_type("The knight attacks a8.", {}, {attacks}, "Nc7+"),
              UnitType::Descriptive);
    EXPECT_EQ(rules_unit_type("Nc7+ is a blunder.", {}, {quality}, "Nc7+"), UnitType::Analytical);
    EXPECT_EQ(rules_unit_type("x", {}, {later}, "Nc7+"), UnitType::Analytical);
    EXPECT_EQ(rules_unit_type("After Kd8, the knight attacks a8.", {"Kd8"}, {attacks}, "Nc7+"),
              UnitType::Analytical);
    // Unread units: events, background keywords, else analytical.
    EXPECT_EQ(rules_unit_type("White castles.", {}, {}, "O-O"), UnitType::Descriptive);
    EXPECT_EQ(rules_unit_type("This opening was popular in 1920.", {}, {}, "e4"),
              UnitType::Background);
    EXPECT_EQ(rules_unit_type("White keeps a small edge.", {}, {}, "e4"), UnitType::Analytical);
}

TEST(JudgeTypes, PerTypeRecordsScoreDescriptiveUnitsByEvents) {
    JudgedRecord r;
    r.id = "x";
    JudgedAtom d;  // descriptive: its claim held, but it mentions a capture that did not happen
    d.type = UnitType::Descriptive;
    d.outcome = {1, 0};
    d.event_outcome = AtomOutcome{1, 1};
    JudgedAtom a;
    a.type = UnitType::Analytical;
    a.outcome = {2, 1};
    JudgedAtom b;
    b.type = UnitType::Background;
    r.atoms = {d, a, b};
    r.gold = {"g1", "g2"};
    r.matches = {{1}, {}};
    PositionRecord all = judge_metrics_record(r);
    ASSERT_EQ(all.atoms.size(), 3u);
    EXPECT_EQ(all.atoms[0].failed, 0);  // overall: the claim verdict
    EXPECT_EQ(all.gold_atoms, 2);
    EXPECT_EQ(all.gold_matched, 1);
    PositionRecord desc = judge_metrics_record(r, UnitType::Descriptive);
    ASSERT_EQ(desc.atoms.size(), 1u);
    EXPECT_EQ(desc.atoms[0].failed, 1);  // by the events
    EXPECT_EQ(desc.gold_atoms, 0);
    EXPECT_FALSE(desc.engine_label.has_value());
    EXPECT_EQ(judge_metrics_record(r, UnitType::Analytical).atoms.size(), 1u);
    Metrics m = compute_metrics(all);
    EXPECT_DOUBLE_EQ(*m.recall, 0.5);
    EXPECT_DOUBLE_EQ(*m.precision, 0.5);  // d correct, a not, b unverifiable
}

// ---- the deterministic pipeline (reader + claims + Stockfish at low depth) ----

class JudgeRules : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        analyzer_ = std::make_unique<Analyzer>(Analyzer::Config{});
        // The suite every surface uses: move_quality with explain's reasons.
        suite_ = make_tool_suite(Settings(), analyzer_.get());
    }
    static void TearDownTestSuite() {
        suite_.reset();
        analyzer_.reset();
    }
    static Judge judge() {
        JudgeOptions o;
        o.decomposer = Decomposer::Rules;
        o.verify.depth = 6;
        return Judge(*suite_, nullptr, nullptr, o);
    }
    static std::unique_ptr<Analyzer> analyzer_;
    static std::unique_ptr<ToolSuite> suite_;
};
std::unique_ptr<Analyzer> JudgeRules::analyzer_;
std::unique_ptr<ToolSuite> JudgeRules::suite_;

TEST_F(JudgeRules, HandMadeFileMetricsByHand) {
    std::stringstream in;
    in << line("fork", Fork, "Nc7+", "Nc7+ forks the king and the rook. Nc7+ gives check.",
               {"Nc7+ forks the king and the rook.", "Nc7+ wins the rook."})
       << "\n"
       << line("hang", Hang, "Qd4", "Qd4 is a blunder.", {"Qd4 is a blunder."}) << "\n"
       << line("nocapture", Fork, "Nc7+", "Nc7+ captures the rook.") << "\n"
       << line("e4", Start, "e4", "e4 is a blunder.") << "\n";
    std::stringstream out;
    Judge j = judge();
    std::vector<JudgedRecord> recs = judge_lines(j, in, out);
    ASSERT_EQ(recs.size(), 4u);
    for (const auto& r : recs) ASSERT_TRUE(r.ok()) << r.error;

    // fork: both sentences true; forks is analytical, gives_check descriptive (no event words
    // besides "check", which happened).
    ASSERT_EQ(recs[0].atoms.size(), 2u);
    EXPECT_EQ(recs[0].atoms[0].verdict, Verdict::Correct);
    EXPECT_EQ(recs[0].atoms[0].type, UnitType::Analytical);
    EXPECT_EQ(recs[0].atoms[1].verdict, Verdict::Correct);
    EXPECT_EQ(recs[0].atoms[1].type, UnitType::Descriptive);
    EXPECT_EQ(recs[0].matches, (std::vector<std::vector<int>>{{1}, {}}));
    EXPECT_EQ(recs[0].match_method, "rules");
    EXPECT_EQ(recs[0].engine_label, QualityLabel::Good);
    EXPECT_TRUE(recs[0].events.check);
    // hang: the blunder verdict holds; stance bad against a blunder.
    EXPECT_EQ(recs[1].engine_label, QualityLabel::Blunder);
    // The engine label's reason: the queen is lost to cxd4.
    ASSERT_FALSE(recs[1].engine_reasons.empty());
    EXPECT_EQ(recs[1].engine_reasons[0]["kind"], "loses_material");
    EXPECT_EQ(recs[1].engine_reasons[0]["text"], "After Qd4, Black wins the queen with cxd4.");
    EXPECT_EQ(recs[1].stance, Stance::Bad);
    EXPECT_EQ(recs[1].atoms[0].verdict, Verdict::Correct);
    EXPECT_EQ(recs[1].matches, (std::vector<std::vector<int>>{{1}}));
    // nocapture: a descriptive unit naming a capture that did not happen.
    EXPECT_EQ(recs[2].atoms[0].verdict, Verdict::Incorrect);
    EXPECT_EQ(recs[2].atoms[0].type, UnitType::Descriptive);
    EXPECT_EQ(recs[2].atoms[0].events, std::vector<std::string>{"capture"});
    ASSERT_TRUE(recs[2].atoms[0].event_outcome.has_value());
    EXPECT_EQ(recs[2].atoms[0].event_outcome->failed, 1);
    // e4: called a blunder, but it is good.
    EXPECT_EQ(recs[3].engine_label, QualityLabel::Good);
    EXPECT_EQ(recs[3].stance, Stance::Bad);
    EXPECT_EQ(recs[3].atoms[0].verdict, Verdict::Incorrect);

    JudgeSummary s = summarize(recs, 200, 7);
    // Precision: correct atoms fork 2, hang 1 of 5 verifiable atoms in all = 3/5.
    EXPECT_EQ(s.overall.verifiable_atoms, 5);
    EXPECT_EQ(s.overall.correct_atoms, 3);
    EXPECT_EQ(s.overall.failed_subclaims, 2);  // captures, quality_label
    // Recall: gold atoms 3, matched 2.
    EXPECT_EQ(s.overall.gold_atoms, 3);
    EXPECT_EQ(s.overall.gold_matched, 2);
    EXPECT_NEAR(*s.overall.recall, 2.0 / 3, 1e-12);
    // F1: hang tp, e4 fp, fork and nocapture tn -> 2/(2+1) ; precision 1/2, recall 1/1.
    EXPECT_EQ(s.overall.tp, 1);
    EXPECT_EQ(s.overall.fp, 1);
    EXPECT_EQ(s.overall.fn, 0);
    EXPECT_EQ(s.overall.tn, 2);
    EXPECT_NEAR(*s.overall.f1, 2.0 / 3, 1e-12);
    EXPECT_DOUBLE_EQ(*s.overall.quality_precision, 0.5);
    EXPECT_DOUBLE_EQ(*s.overall.quality_recall, 1.0);
    // Intervals bracket the point estimates.
    for (auto [iv, v] : {std::pair{s.overall_ci.precision, *s.overall.precision},
                         std::pair{s.overall_ci.recall, *s.overall.recall},
                         std::pair{s.overall_ci.f1, *s.overall.f1}}) {
        ASSERT_TRUE(iv.low && iv.high);
        EXPECT_LE(*iv.low, v);
        EXPECT_GE(*iv.high, v);
    }
    // Per type: descriptive gives_check (true), nocapture (false by its events) = 1/2;
    // analytical forks, hang's blunder (true), e4's blunder (false) = 2/3.
    ASSERT_EQ(s.types.size(), 3u);
    EXPECT_EQ(s.types[0].metrics.correct_atoms, 1);
    EXPECT_EQ(s.types[0].metrics.verifiable_atoms, 2);
    EXPECT_EQ(s.types[1].metrics.correct_atoms, 2);
    EXPECT_EQ(s.types[1].metrics.verifiable_atoms, 3);
    EXPECT_EQ(s.types[2].metrics.verifiable_atoms, 0);
    EXPECT_FALSE(s.types[2].metrics.precision.has_value());
    // Event recall: Nc7+ checks in fork (named by "gives check") and in nocapture (its only
    // descriptive unit names a capture instead); Qd4 and e4 produce no event.
    EXPECT_EQ(s.events.produced, 2);
    EXPECT_EQ(s.events.mentioned, 1);

    // One JSON line per record.
    std::string l;
    int n = 0;
    while (std::getline(out, l)) {
        json j2 = json::parse(l);
        EXPECT_TRUE(j2.contains("atoms"));
        ++n;
    }
    EXPECT_EQ(n, 4);
    json sj = summary_json(s);
    EXPECT_EQ(sj["summary"]["gold_matched"], 2);
    EXPECT_EQ(sj["summary"]["types"]["analytical"]["correct_atoms"], 2);
    std::string table = summary_table(s);
    EXPECT_NE(table.find("atomic recall"), std::string::npos);
    EXPECT_NE(table.find("2/3"), std::string::npos);
}

// One position: every resample is that position, so each interval is [v, v].
TEST_F(JudgeRules, BootstrapOfOnePositionIsDegenerate) {
    std::stringstream in(line("fork", Fork, "Nc7+", "Nc7+ forks the king and the rook.",
                              {"Nc7+ forks the king and the rook.", "Nc7+ wins the rook."}));
    std::stringstream out;
    Judge j = judge();
    JudgeSummary s = summarize(judge_lines(j, in, out), 50, 1);
    ASSERT_TRUE(s.overall_ci.precision.low);
    EXPECT_DOUBLE_EQ(*s.overall_ci.precision.low, 1.0);
    EXPECT_DOUBLE_EQ(*s.overall_ci.precision.high, 1.0);
    EXPECT_DOUBLE_EQ(*s.overall_ci.recall.low, 0.5);
    EXPECT_DOUBLE_EQ(*s.overall_ci.recall.high, 0.5);
    EXPECT_EQ(s.overall_ci.recall.defined, 50);
    EXPECT_FALSE(s.overall_ci.f1.low.has_value());  // a lone true negative: F1 undefined
}

TEST(JudgeInput, BrokenRecordsAreReportedWithTheirLineAndSkipped) {
    std::stringstream in;
    in << "{not json\n"
       << R"({"id":"badfen","fen":"8/8/8 w - - 0 1","move":"e4","commentary":"x"})"
       << "\n"
       << "\n"
       << R"({"id":"illegal","fen":")" << Start << R"(","move":"e5","commentary":"x"})"
       << "\n"
       << R"({"id":"nocomment","fen":")" << Start << R"(","move":"e4"})"
       << "\n"
       << R"({"id":"badgold","fen":")" << Start
       << R"(","move":"e4","commentary":"x","gold_atoms":[3]})"
       << "\n"
       << line("ok", Fork, "Nc7+", "Nc7+ gives check.") << "\n";
    std::stringstream out;
    JudgeOptions o;
    o.decomposer = Decomposer::Rules;
    Judge j(board_suite(), nullptr, nullptr, o);
    std::vector<JudgedRecord> recs = judge_lines(j, in, out);
    ASSERT_EQ(recs.size(), 6u);
    EXPECT_EQ(recs[0].error.rfind("line 1: bad JSON: parse error at line 1", 0), 0u)
        << recs[0].error;
    EXPECT_EQ(recs[1].error.rfind("line 2: bad FEN: ", 0), 0u) << recs[1].error;
    EXPECT_EQ(recs[1].id, "badfen");
    EXPECT_EQ(recs[2].error.rfind("line 4: move 'e5': ", 0), 0u) << recs[2].error;
    EXPECT_EQ(recs[3].error, "line 5: \"commentary\" is missing (or give \"atoms\")");
    EXPECT_EQ(recs[4].error.rfind("line 6: gold_atoms[0]: ", 0), 0u) << recs[4].error;
    ASSERT_TRUE(recs[5].ok()) << recs[5].error;
    EXPECT_EQ(recs[5].line, 7u);
    EXPECT_EQ(recs[5].atoms[0].verdict, Verdict::Correct);
    EXPECT_FALSE(recs[5].engine_label.has_value());  // no engine in this suite
    JudgeSummary s = summarize(recs, 10, 1);
    EXPECT_EQ(s.records, 1);
    EXPECT_EQ(s.skipped, 5);
    std::string first;
    std::getline(out, first);
    json first_json = json::parse(first);
    EXPECT_EQ(first_json["line"], 1);
    EXPECT_TRUE(first_json["id"].is_null());
    EXPECT_EQ(first_json["error"], recs[0].error);
    EXPECT_EQ(first_json.size(), 3u);
}

TEST(JudgeInput, GivenClaimsAreVerifiedWithoutDecomposition) {
    std::string text =
        std::string(R"({"id":1,"fen":")") + Fork +
        R"(","move":"Nc7+","atoms":[{"text":"Nc7 takes nothing","claims":[{"predicate":"captures","args":{"move":"Nc7"}}]}]})";
    std::string error;
    auto in = parse_judge_line(text, 3, &error);
    ASSERT_TRUE(in) << error;
    Judge j(board_suite(), nullptr, nullptr, {});  // Llm decomposer, no endpoint: not needed
    JudgedRecord r = j.judge(*in);
    ASSERT_TRUE(r.ok()) << r.error;
    ASSERT_EQ(r.atoms.size(), 1u);
    EXPECT_EQ(r.atoms[0].method, "claims");
    EXPECT_EQ(r.atoms[0].verdict, Verdict::Incorrect);
}

// ---- ACT-Eval's definitions, on a worked example ----

// Four atoms on Nc7+ from the fork position, their sub-claims given so that each verdict is
// known before the run: no engine, so best_move cannot be decided.
//   1 "Nc7+ gives check."                         gives_check              -> correct
//   2 "Nc7+ gives check and is the best move."    gives_check, best_move   -> partly verified
//   3 "Nc7+ captures the rook."                   captures (false)         -> incorrect
//   4 "Nc7+ is the best move."                    best_move                -> unverifiable
// Gold atoms: A gives_check (matched by 1 and 2), B captures (matched by 3, which is false),
// C best_move (matched by 2 and 4, neither verified true).
std::string act_eval_worked_line() {
    const json check = {{"predicate", "gives_check"}, {"args", {{"move", "Nc7+"}}}};
    const json best = {{"predicate", "best_move"}, {"args", {{"move", "Nc7+"}}}};
    const json takes = {{"predicate", "captures"},
                        {"args", {{"move", "Nc7+"}, {"piece", "rook"}, {"square", "a8"}}}};
    json j = {{"id", "worked"},
              {"fen", Fork},
              {"move", "Nc7+"},
              {"atoms",
               {{{"text", "Nc7+ gives check."}, {"claims", {check}}},
                {{"text", "Nc7+ gives check and is the best move."}, {"claims", {check, best}}},
                {{"text", "Nc7+ captures the rook."}, {"claims", {takes}}},
                {{"text", "Nc7+ is the best move."}, {"claims", {best}}}}},
              {"gold_atoms",
               {{{"text", "Nc7+ gives check."}, {"claims", {check}}},
                {{"text", "Nc7+ wins the rook at once."}, {"claims", {takes}}},
                {{"text", "Nc7+ is best."}, {"claims", {best}}}}}};
    return j.dump();
}

TEST(JudgeActEval, CorrectOnlyWhenEverySubClaimIsVerifiedTrue) {
    std::stringstream in(act_eval_worked_line()), out;
    JudgeOptions o;
    o.decomposer = Decomposer::Rules;
    Judge j(board_suite(), nullptr, nullptr, o);
    std::vector<JudgedRecord> recs = judge_lines(j, in, out);
    ASSERT_EQ(recs.size(), 1u);
    const JudgedRecord& r = recs[0];
    ASSERT_TRUE(r.ok()) << r.error;
    ASSERT_EQ(r.atoms.size(), 4u);
    EXPECT_EQ(r.atoms[0].verdict, Verdict::Correct);
    EXPECT_EQ(r.atoms[1].verdict, Verdict::PartlyVerified);
    EXPECT_EQ(r.atoms[1].outcome.verifiable, 1);
    EXPECT_EQ(r.atoms[1].outcome.unverified, 1);
    EXPECT_FALSE(r.atoms[1].outcome.correct());
    EXPECT_EQ(r.atoms[2].verdict, Verdict::Incorrect);
    EXPECT_EQ(r.atoms[3].verdict, Verdict::Unverifiable);

    Metrics m = compute_metrics(judge_metrics_record(r));
    // Precision: atoms 1, 2, 3 are verifiable (4 is not), only 1 is correct.
    EXPECT_EQ(m.verifiable_atoms, 4 - 1);
    EXPECT_EQ(m.correct_atoms, 1);
    EXPECT_EQ(m.partly_verified_atoms, 1);
    EXPECT_EQ(m.unverifiable_atoms(), 1);
    EXPECT_DOUBLE_EQ(*m.precision, 1.0 / 3);
    // Sub-claim error rate: decided sub-claims 1 + 1 + 1 + 0 = 3, false 1; undecided 0+1+0+1.
    EXPECT_EQ(m.verifiable_subclaims, 1 + 1 + 1 + 0);
    EXPECT_EQ(m.failed_subclaims, 1);
    EXPECT_EQ(m.unverified_subclaims, 0 + 1 + 0 + 1);
    EXPECT_DOUBLE_EQ(*m.error_rate, 1.0 / 3);
    // Recall: A is matched by atom 1 (correct); B only by atom 3 (false); C by 2 and 4 (not
    // verified true): 1 of 3.
    EXPECT_EQ(r.matches, (std::vector<std::vector<int>>{{1, 2}, {3}, {2, 4}}));
    EXPECT_EQ(r.correct_matches(0), std::vector<int>{1});
    EXPECT_TRUE(r.correct_matches(1).empty());
    EXPECT_TRUE(r.correct_matches(2).empty());
    EXPECT_EQ(m.gold_atoms, 3);
    EXPECT_EQ(m.gold_matched, 1);
    EXPECT_DOUBLE_EQ(*m.recall, 1.0 / 3);

    // The record's JSON says the same.
    std::string l;
    std::getline(out, l);
    json rj = json::parse(l);
    EXPECT_EQ(rj["atoms"][1]["verdict"], "partly_verified");
    EXPECT_EQ(rj["atoms"][1]["unverified"], 1);
    EXPECT_EQ(rj["matches"][1]["atoms"], json::array({3}));
    EXPECT_EQ(rj["matches"][1]["correct_atoms"], json::array());
    EXPECT_EQ(rj["matches"][1]["matched"], false);
    EXPECT_EQ(rj["matches"][0]["matched"], true);
    EXPECT_DOUBLE_EQ(rj["recall"].get<double>(), std::round(10000.0 / 3) / 10000);
    EXPECT_EQ(rj["scheme"], "lichess");  // the library's default; the command's is act-eval
}

// Judged records built by hand: every count and every label chosen here, so that each metric
// of the summary is arithmetic on them.
JudgedRecord by_hand(const char* id, std::vector<AtomOutcome> outcomes,
                     std::vector<std::vector<int>> matches, Stance stance,
                     std::optional<QualityLabel> label) {
    JudgedRecord r;
    r.id = id;
    r.fen = Start;
    r.move = "e4";
    for (const AtomOutcome& o : outcomes) {
        JudgedAtom a;
        a.outcome = o;
        r.atoms.push_back(a);
    }
    for (std::size_t g = 0; g < matches.size(); ++g) r.gold.push_back("gold " + std::to_string(g));
    r.matches = std::move(matches);
    r.stance = stance;
    r.engine_label = label;
    r.scheme = QualityScheme::ActEval;
    return r;
}

TEST(JudgeActEval, SummaryOfAWorkedExampleByHand) {
    // {verifiable, failed, unverified} per atom; gold atoms by the atoms matching them.
    std::vector<JudgedRecord> recs = {
        // P1: correct, incorrect (1 of 2 false), partly verified; gold 1 by atom 1 (counts),
        // gold 2 by atom 2 (false: does not). Blunder, bad stance: tp.
        by_hand("P1", {{1, 0, 0}, {2, 1, 0}, {1, 0, 1}}, {{1}, {2}}, Stance::Bad,
                QualityLabel::Blunder),
        // P2: correct (2 true), unverifiable; gold 1 by atom 2 (unverifiable: no). Mistake,
        // inconclusive stance: fn.
        by_hand("P2", {{2, 0, 0}, {0, 0, 2}}, {{2}}, Stance::Inconclusive, QualityLabel::Mistake),
        // P3: incorrect; gold 1 unmatched. Good move called bad: fp.
        by_hand("P3", {{1, 1, 0}}, {{}}, Stance::Bad, QualityLabel::Good),
        // P4: no atoms. Good move, good stance: tn.
        by_hand("P4", {}, {}, Stance::Good, QualityLabel::Good),
        // P5: partly verified; gold 1 by atom 1 (no). An inaccuracy: left out of MQ-F1.
        by_hand("P5", {{1, 0, 2}}, {{1}}, Stance::Bad, QualityLabel::Inaccuracy),
    };
    JudgeSummary s = summarize(recs, 500, 11);
    const Metrics& m = s.overall;
    EXPECT_EQ(s.scheme, "act-eval");
    EXPECT_EQ(m.atoms, 3 + 2 + 1 + 0 + 1);
    // Verifiable atoms: all but P2's second; correct: P1 #1, P2 #1.
    EXPECT_EQ(m.verifiable_atoms, 7 - 1);
    EXPECT_EQ(m.correct_atoms, 2);
    EXPECT_EQ(m.partly_verified_atoms, 2);  // P1 #3, P5 #1
    EXPECT_DOUBLE_EQ(*m.precision, 2.0 / 6);
    // Sub-claims: decided 1+2+1 + 2+0 + 1 + 1 = 8, false 1 + 1 = 2, undecided 1 + 2 + 2 = 5.
    EXPECT_EQ(m.verifiable_subclaims, 1 + 2 + 1 + 2 + 0 + 1 + 1);
    EXPECT_EQ(m.failed_subclaims, 1 + 1);
    EXPECT_EQ(m.unverified_subclaims, 1 + 2 + 2);
    EXPECT_DOUBLE_EQ(*m.error_rate, 2.0 / 8);
    // Recall: gold atoms 2 + 1 + 1 + 0 + 1 = 5, counted only P1's first.
    EXPECT_EQ(m.gold_atoms, 5);
    EXPECT_EQ(m.gold_matched, 1);
    EXPECT_DOUBLE_EQ(*m.recall, 1.0 / 5);
    // MQ-F1: tp 1 (P1), fn 1 (P2), fp 1 (P3), tn 1 (P4), P5 excluded: 2*1 / (2*1 + 1 + 1).
    EXPECT_EQ(m.tp, 1);
    EXPECT_EQ(m.fn, 1);
    EXPECT_EQ(m.fp, 1);
    EXPECT_EQ(m.tn, 1);
    EXPECT_EQ(m.f1_excluded, 1);
    EXPECT_DOUBLE_EQ(*m.f1, 2.0 / (2 + 1 + 1));

    json sj = summary_json(s)["summary"];
    EXPECT_EQ(sj["scheme"], "act-eval");
    EXPECT_EQ(sj["partly_verified_atoms"], 2);
    EXPECT_EQ(sj["unverifiable_atoms"], 1);
    EXPECT_EQ(sj["unverified_subclaims"], 5);
    EXPECT_EQ(sj["counting"],
              "an atom is correct only when every sub-claim is verified true; 1 of 7 atoms had no "
              "sub-claim a tool could decide and are left out of precision; 2 partly verified "
              "atoms (true and undecided sub-claims, none false) count as not correct; 5 "
              "undecided sub-claims are left out of the error rate");

    // The paper's layout: one row, percentages with the bootstrap's intervals.
    const std::string table = act_eval_table(s, "hand-made");
    std::istringstream t(table);
    std::string title, head, row, counting;
    std::getline(t, title);
    std::getline(t, head);
    std::getline(t, row);
    std::getline(t, counting);
    EXPECT_EQ(title,
              "ACT-Eval table (percent; 95% intervals, 500 resamples clustered by position; "
              "move-quality labels: act-eval)");
    EXPECT_EQ(head.find("commentary"), 0u);
    for (const char* col :
         {"precision (up)", "sub-claim errors (down)", "atomic recall (up)", "MQ-F1 (up)"})
        EXPECT_NE(head.find(col), std::string::npos) << col;
    EXPECT_EQ(row.find("hand-made"), 0u);
    auto pct = [](double v) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "%.1f [", 100 * v);
        return std::string(buf);
    };
    for (double v : {2.0 / 6, 2.0 / 8, 1.0 / 5, 2.0 / 4})
        EXPECT_NE(row.find(pct(v)), std::string::npos) << pct(v) << " in " << row;
    EXPECT_EQ(counting, "counting: " + sj["counting"].get<std::string>());
    // Each interval brackets its value.
    for (auto [iv, v] :
         {std::pair{s.overall_ci.precision, *m.precision},
          std::pair{s.overall_ci.error_rate, *m.error_rate},
          std::pair{s.overall_ci.recall, *m.recall}, std::pair{s.overall_ci.f1, *m.f1}}) {
        ASSERT_TRUE(iv.low && iv.high);
        EXPECT_LE(*iv.low, v);
        EXPECT_GE(*iv.high, v);
    }
}

TEST(JudgeActEval, SchemesOfMergedRecords) {
    JudgedRecord a = by_hand("a", {}, {}, Stance::Good, QualityLabel::Good);
    JudgedRecord b = a;
    b.scheme = QualityScheme::Lichess;
    EXPECT_EQ(summarize({a}, 10, 1).scheme, "act-eval");
    EXPECT_EQ(summarize({a, b}, 10, 1).scheme, "mixed");
    EXPECT_EQ(summarize({}, 10, 1).scheme, "");
    EXPECT_TRUE(summary_json(summarize({}, 10, 1))["summary"]["scheme"].is_null());
}

TEST(JudgeInput, LlmDecomposerWithoutEndpointFailsWithTheExplanation) {
    std::string error;
    auto in = parse_judge_line(line("a", Fork, "Nc7+", "Nc7+ gives check."), 1, &error);
    ASSERT_TRUE(in);
    Judge j(board_suite(), nullptr, nullptr, {});
    EXPECT_EQ(j.judge(*in).error, NoLlmEndpointMessage);
}

// ---- the LLM pipeline against the fake server ----

TEST(JudgeLlm, DecomposeVerifyWithToolsMatchGoldAndStance) {
    FakeLlmServer server;
    using C = FakeLlmServer::Call;
    server
        .then(FakeLlmServer::json_answer(
            {{"atoms",
              {{{"text", "Nc7+ forks the king on e8 and the rook on a8"},
                {"sentence", 1},
                {"context", json::array()},
                {"type", "analytical"},
                {"subclaims",
                 {{{"text", "the knight on c7 attacks e8 and a8"}, {"kind", "tactic"}}}}},
               {{"text", "Nc7+ captures the rook"},
                {"sentence", 2},
                {"type", "descriptive"},
                {"subclaims", {{{"text", "Nc7+ is a capture"}, {"kind", "material"}}}}}}}}))
        .then(FakeLlmServer::tool_calls(
            {C{"c1", "move_facts", std::string(R"({"fen":")") + Fork + R"(","move":"Nc7+"})"}}))
        .then(FakeLlmServer::json_answer({{"verdict", "correct"},
                                          {"subclaims",
                                           {{{"text", "attacks e8 and a8"},
                                             {"verdict", "true"},
                                             {"evidence", "fork: true"},
                                             {"error_category", nullptr}}}}}))
        .then(FakeLlmServer::tool_calls(
            {C{"c2", "move_facts", std::string(R"({"fen":")") + Fork + R"(","move":"Nc7+"})"}}))
        .then(FakeLlmServer::json_answer({{"verdict", "incorrect"},
                                          {"subclaims",
                                           {{{"text", "Nc7+ is a capture"},
                                             {"verdict", "false"},
                                             {"evidence", "captured: none"},
                                             {"error_category", "board_comprehension"}}}}}))
        .then(FakeLlmServer::json_answer(
            {{"matches",
              {{{"gold", 1}, {"atoms", {1}}}, {{"gold", 2}, {"atoms", json::array()}}}}}))
        .then(FakeLlmServer::json_answer({{"stance", "good"}, {"quote", "forks"}}))
        // The reasoning chains of the analytical unit: one proposition, no edge.
        .then(
            FakeLlmServer::json_answer({{"propositions",
                                         {{{"id", 1},
                                           {"text", "Nc7+ forks the king on e8 and the rook on a8"},
                                           {"unit", 1}}}}}))
        .then(FakeLlmServer::json_answer({{"edges", json::array()}}));
    LlmClient client(server.client_config("sk-judge-1"));
    PromptLibrary prompts;
    Judge j(board_suite(), &client, &prompts, {});
    std::stringstream in(line("f", Fork, "Nc7+", "Nc7+ forks king and rook! It captures the rook.",
                              {"Nc7+ forks the king and the rook.", "White mates."}));
    std::stringstream out;
    std::vector<JudgedRecord> recs = judge_lines(j, in, out);
    ASSERT_EQ(recs.size(), 1u);
    const JudgedRecord& r = recs[0];
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(server.pending(), 0u);
    EXPECT_EQ(r.requests, 9);

    auto reqs = server.requests();
    ASSERT_EQ(reqs.size(), 9u);
    // Decomposition: the prompt filled, numbered sentences, JSON asked for, no tools.
    std::string u0 = reqs[0].last_content("user");
    EXPECT_NE(u0.find(Fork), std::string::npos);
    EXPECT_NE(u0.find("White played Nc7+."), std::string::npos);
    EXPECT_NE(u0.find("[1] Nc7+ forks king and rook!\n[2] It captures the rook."),
              std::string::npos);
    EXPECT_FALSE(reqs[0].json.contains("tools"));
    // Verification: tools offered and required, the atom and its sub-claims in the prompt.
    ASSERT_TRUE(reqs[1].json.contains("tools"));
    bool has_move_facts = false;
    for (const auto& t : reqs[1].json["tools"])
        if (t["function"]["name"] == "move_facts") has_move_facts = true;
    EXPECT_TRUE(has_move_facts);
    EXPECT_EQ(reqs[1].json["tool_choice"], "required");
    std::string u1 = reqs[1].last_content("user");
    EXPECT_NE(u1.find("Nc7+ forks the king on e8 and the rook on a8"), std::string::npos);
    EXPECT_NE(u1.find("the knight on c7 attacks e8 and a8"), std::string::npos);
    // The tool's result went back to the model.
    EXPECT_NE(reqs[2].body.find("\"role\":\"tool\""), std::string::npos);
    // Gold matching: both lists numbered.
    std::string u5 = reqs[5].last_content("user");
    EXPECT_NE(u5.find("1. Nc7+ forks the king and the rook.\n2. White mates."), std::string::npos);
    EXPECT_NE(u5.find("2. Nc7+ captures the rook"), std::string::npos);
    EXPECT_NE(reqs[6].last_content("user").find("forks king and rook!"), std::string::npos);

    ASSERT_EQ(r.atoms.size(), 2u);
    EXPECT_EQ(r.atoms[0].verdict, Verdict::Correct);
    EXPECT_EQ(r.atoms[0].method, "llm");
    EXPECT_EQ(r.atoms[0].sentence, 1);
    EXPECT_EQ(r.atoms[1].verdict, Verdict::Incorrect);
    EXPECT_EQ(r.atoms[1].type, UnitType::Descriptive);
    ASSERT_TRUE(r.atoms[1].event_outcome.has_value());  // "captures": no capture happened
    EXPECT_EQ(r.atoms[1].event_outcome->failed, 1);
    EXPECT_EQ(r.matches, (std::vector<std::vector<int>>{{1}, {}}));
    EXPECT_EQ(r.match_method, "llm");
    EXPECT_EQ(r.stance, Stance::Good);
    EXPECT_EQ(r.stance_source, "llm");
    EXPECT_EQ(r.stance_quote, "forks");

    json j1 = json::parse(out.str());
    EXPECT_EQ(j1["atoms"][0]["detail"]["tool_calls"][0]["name"], "move_facts");
    EXPECT_EQ(j1["metrics"]["precision"], 0.5);
    EXPECT_EQ(j1["recall"], 0.5);
    EXPECT_EQ(j1["atoms"][1]["event_verdict"], "incorrect");
    EXPECT_EQ(out.str().find("sk-judge-1"), std::string::npos);
}

// An atom the model gives with claims in the claims form is checked by the rules: no judge call.
TEST(JudgeLlm, DecomposedAtomWithClaimsIsVerifiedDeterministically) {
    FakeLlmServer server;
    server
        .then(FakeLlmServer::json_answer(
            {{"atoms",
              {{{"text", "Nc7+ gives check"},
                {"sentence", 1},
                {"type", "descriptive"},
                {"claims", {{{"predicate", "gives_check"}, {"args", {{"move", "Nc7+"}}}}}}},
               {{"text", "Nc7+ captures a8"},
                {"sentence", 1},
                {"type", "descriptive"},
                {"claims",
                 {{{"predicate", "captures"},
                   {"args", {{"move", "Nc7+"}, {"square", "a8"}}}}}}}}}}))
        .then(FakeLlmServer::json_answer({{"stance", "inconclusive"}, {"quote", ""}}));
    LlmClient client(server.client_config(""));
    PromptLibrary prompts;
    Judge j(board_suite(), &client, &prompts, {});
    std::string error;
    auto in = parse_judge_line(line("c", Fork, "Nc7+", "Nc7+ checks and takes on a8."), 1, &error);
    ASSERT_TRUE(in) << error;
    JudgedRecord r = j.judge(*in);
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(server.requests().size(), 2u);  // decomposition and stance only
    ASSERT_EQ(r.atoms.size(), 2u);
    EXPECT_EQ(r.atoms[0].verdict, Verdict::Correct);
    EXPECT_EQ(r.atoms[1].verdict, Verdict::Incorrect);
    EXPECT_EQ(judged_json(r)["atoms"][1]["claims"][0]["predicate"], "captures");
}

// ---- the command ----

using testkit::CliRun;

// Runs `glossfish ARGS…` (the first argument is the subcommand) with a clean LLM environment.
CliRun run_glossfish(const std::vector<std::string>& args) {
    return testkit::run_glossfish_command(args.front(), {args.begin() + 1, args.end()}, {});
}

TEST(JudgeCommand, LlmWithoutEndpointOneLineAndExit2) {
    CliRun r = run_glossfish({"judge", "--input", "/nonexistent.jsonl"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, std::string("glossfish judge: ") + NoLlmEndpointMessage + "\n");
    EXPECT_EQ(r.out, "");
}

TEST(JudgeCommand, RulesOfflineWithABadLine) {
    auto path = std::filesystem::temp_directory_path() /
                ("glossfish_judge_in_" + std::to_string(::getpid()) + ".jsonl");
    std::ofstream(path) << line("ok", Fork, "Nc7+", "Nc7+ gives check.") << "\n{oops\n";
    CliRun r = run_glossfish({"judge", "--input", path.string(), "--decomposer", "rules", "--depth",
                              "4", "--bootstrap", "20", "--seed", "3"});
    std::filesystem::remove(path);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::stringstream s(r.out);
    std::string a, b, c;
    std::getline(s, a);
    std::getline(s, b);
    std::getline(s, c);
    EXPECT_EQ(json::parse(a)["atoms"][0]["verdict"], "correct");
    EXPECT_EQ(json::parse(b)["error"].get<std::string>().rfind("line 2: bad JSON: ", 0), 0u);
    json sum = json::parse(c)["summary"];
    EXPECT_EQ(sum["records"], 1);
    EXPECT_EQ(sum["skipped"], 1);
    EXPECT_EQ(sum["bootstrap"]["resamples"], 20);
    EXPECT_EQ(sum["bootstrap"]["seed"], 3);
    EXPECT_NE(r.err.find("glossfish judge: skipped line 2: bad JSON: "), std::string::npos);
    EXPECT_NE(r.err.find("factual precision"), std::string::npos);
}

TEST(JudgeCommand, SchemeActEvalByDefaultLichessOnRequest) {
    auto path = std::filesystem::temp_directory_path() /
                ("glossfish_judge_scheme_" + std::to_string(::getpid()) + ".jsonl");
    // 2...g5 loses about 17 win% at depth 8: a blunder for lichess (over 15), an inaccuracy for
    // ACT-Eval (10 to 20), which MQ-F1 leaves out.
    const char* const AfterNf3 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    std::ofstream(path) << line("hang", Hang, "Qd4", "Qd4 is a blunder.", {"Qd4 is a blunder."})
                        << "\n"
                        << line("g5", AfterNf3, "g5", "g5 is a blunder.") << "\n";
    auto run = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = {
            "judge", "--input",     path.string(), "--decomposer", "rules", "--depth",
            "8",     "--bootstrap", "20",          "--seed",       "5"};
        args.insert(args.end(), extra.begin(), extra.end());
        return run_glossfish(args);
    };
    CliRun act = run({});
    CliRun lichess = run({"--scheme", "lichess"});
    CliRun bad = run({"--scheme", "fide"});
    std::filesystem::remove(path);
    ASSERT_EQ(act.exit_code, 0) << act.err;
    ASSERT_EQ(lichess.exit_code, 0) << lichess.err;
    // The two records and the summary.
    auto lines = [](const std::string& out) {
        std::stringstream s(out);
        std::string a, b, c;
        std::getline(s, a);
        std::getline(s, b);
        std::getline(s, c);
        return std::tuple{json::parse(a), json::parse(b), json::parse(c)["summary"]};
    };
    auto [act_hang, act_g5, act_sum] = lines(act.out);
    auto [li_hang, li_g5, li_sum] = lines(lichess.out);
    EXPECT_EQ(act_hang["scheme"], "act-eval");
    EXPECT_EQ(act_sum["scheme"], "act-eval");
    EXPECT_EQ(li_hang["scheme"], "lichess");
    EXPECT_EQ(li_sum["scheme"], "lichess");
    // Qd4 loses the queen: a blunder in both schemes; called one, a true positive.
    EXPECT_EQ(act_hang["engine_label"], "blunder");
    EXPECT_EQ(li_hang["engine_label"], "blunder");
    // g5: lichess's blunder, called one: a second true positive, F1 2*2/(2*2) = 1. ACT-Eval's
    // inaccuracy: left out, one true positive, F1 2*1/(2*1) = 1, one position excluded.
    EXPECT_EQ(li_g5["engine_label"], "blunder");
    EXPECT_EQ(act_g5["engine_label"], "inaccuracy");
    EXPECT_EQ(li_sum["f1"]["tp"], 2);
    EXPECT_EQ(li_sum["f1"]["excluded"], 0);
    EXPECT_EQ(act_sum["f1"]["tp"], 1);
    EXPECT_EQ(act_sum["f1"]["excluded"], 1);
    // stderr: the table, then the paper's, named after the input file, with the counting line.
    const std::string name = path.filename().string();
    EXPECT_NE(act.err.find("factual precision"), std::string::npos);
    EXPECT_NE(act.err.find("ACT-Eval table (percent; 95% intervals, 20 resamples clustered by "
                           "position; move-quality labels: act-eval)"),
              std::string::npos)
        << act.err;
    EXPECT_NE(act.err.find("\n" + name + " "), std::string::npos) << act.err;
    EXPECT_NE(act.err.find("counting: an atom is correct only when every sub-claim is verified "
                           "true; "),
              std::string::npos);
    EXPECT_NE(lichess.err.find("move-quality labels: lichess)"), std::string::npos);
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_EQ(bad.err, "glossfish judge: --scheme must be lichess or act-eval, got 'fide'\n");
}

TEST(JudgeCommand, UsageErrors) {
    EXPECT_EQ(run_glossfish({"judge"}).exit_code, 2);
    CliRun r = run_glossfish({"judge", "--input", "x", "--decomposer", "magic"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish judge: --decomposer must be llm or rules, got 'magic'\n");
    EXPECT_EQ(run_glossfish({"judge", "--input", "x", "--bootstrap", "0"}).exit_code, 2);
}

}  // namespace
}  // namespace glossfish::verifier::testing
