// Reasoning chains in the judge (verifier/judge/chains.h): the relation reader's connectives,
// the depth of hand-made graphs, the rules' chains of hand-written commentary whose chains are
// known, one false link breaking a chain, unverifiable relations, the summary, the model path
// against the fake OpenAI-compatible server, and `glossfish judge --decomposer rules`.
#include "judge/chains.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_run.h"
#include "fake_llm_server.h"
#include "judge/judge.h"
#include "tools/tool_suite.h"
#include "tools_test_util.h"

namespace glossfish::verifier::testing {
namespace {

using nlohmann::json;
using testkit::FakeLlmServer;

// 1.e4 e5 2.Nf3 Nc6 3.Bb5 d5: the bishop on b5 pins the knight on c6 to the king on e8 (d7 is
// empty), and that knight is the only black piece that attacks e5 (the queen on d8, the bishops
// and the g8 knight do not reach it). So Nxe5 takes the e5 pawn and cannot be taken back.
const char* const Pinned = "r1bqkbnr/ppp2ppp/2n5/1B1pp3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";
const char* const Chain =
    "Nxe5 wins a pawn because the knight on c6 is pinned, so the knight on e5 cannot be taken.";

std::string line(const char* id, const char* fen, const char* move, const std::string& text) {
    return json({{"id", id}, {"fen", fen}, {"move", move}, {"commentary", text}}).dump();
}

// The record of one commentary judged by the rules.
JudgedRecord judged(const std::string& text, const char* fen = Pinned, const char* move = "Nxe5") {
    JudgeOptions o;
    o.decomposer = Decomposer::Rules;
    Judge j(board_suite(), nullptr, nullptr, o);
    std::string error;
    auto in = parse_judge_line(line("t", fen, move, text), 1, &error);
    EXPECT_TRUE(in) << error;
    return j.judge(*in);
}

// The chains of one unit taken as analytical (the type rules may call a pure board fact
// descriptive; the chain rules do not depend on the type).
ChainAnalysis chains_of_unit(const std::string& text) {
    JudgeOptions o;
    o.decomposer = Decomposer::Rules;
    Judge j(board_suite(), nullptr, nullptr, o);
    JudgedRecord rec;
    rec.move = "Nxe5";
    JudgedAtom a;
    a.text = text;
    a.type = UnitType::Analytical;
    rec.atoms.push_back(a);
    return j.chains({}, *Position::from_fen(Pinned), rec);
}

// ---- the relation reader ----

struct LinkCase {
    const char* text;
    std::vector<std::string> segments;
    int source, target;
    Relation relation;
    const char* connective;
};

TEST(ChainRelations, EachConnectiveGivesItsRelation) {
    const LinkCase cases[] = {
        {"Nxe5 wins a pawn because the e5 pawn was loose",
         {"Nxe5 wins a pawn", "the e5 pawn was loose"},
         0,
         1,
         Relation::Reason,
         "because"},
        {"Since the knight is pinned, Nxe5 wins a pawn",
         {"the knight is pinned", "Nxe5 wins a pawn"},
         1,
         0,
         Relation::Reason,
         "since"},
        {"Nxe5 wins a pawn since the knight is pinned",
         {"Nxe5 wins a pawn", "the knight is pinned"},
         0,
         1,
         Relation::Reason,
         "since"},
        {"The knight is pinned, so it cannot take",
         {"The knight is pinned", "it cannot take"},
         0,
         1,
         Relation::Cause,
         "so"},
        {"The knight is pinned, therefore it cannot take",
         {"The knight is pinned", "it cannot take"},
         0,
         1,
         Relation::Cause,
         "therefore"},
        {"The knight is pinned and as a result it cannot take",
         {"The knight is pinned", "it cannot take"},
         0,
         1,
         Relation::Cause,
         "as a result"},
        {"After Nxe5, the knight on e5 cannot be taken",
         {"Nxe5", "the knight on e5 cannot be taken"},
         0,
         1,
         Relation::Condition,
         "after"},
        {"If Qh5, the f7 pawn falls",
         {"Qh5", "the f7 pawn falls"},
         0,
         1,
         Relation::Condition,
         "if"},
        {"The f7 pawn falls if Qh5 is played",
         {"The f7 pawn falls", "Qh5 is played"},
         1,
         0,
         Relation::Condition,
         "if"},
        {"White is a pawn up, but the king is exposed",
         {"White is a pawn up", "the king is exposed"},
         0,
         1,
         Relation::Contrast,
         "but"},
        {"White is a pawn up, however the king is exposed",
         {"White is a pawn up", "the king is exposed"},
         0,
         1,
         Relation::Contrast,
         "however"},
        {"Only the king defends the knight, which is why the pin hurts",
         {"Only the king defends the knight", "the pin hurts"},
         0,
         1,
         Relation::Cause,
         "which is why"},
        {"When White plays Nxe5, the knight on e5 cannot be taken",
         {"White plays Nxe5", "the knight on e5 cannot be taken"},
         0,
         1,
         Relation::Condition,
         "when"},
        {"Nxe5 takes the pawn, which leaves Black a pawn down",
         {"Nxe5 takes the pawn", "leaves Black a pawn down"},
         0,
         1,
         Relation::Elaboration,
         "which"},
    };
    for (const LinkCase& c : cases) {
        SCOPED_TRACE(c.text);
        RelationReading r = read_relations(c.text);
        ASSERT_EQ(r.segments.size(), c.segments.size());
        for (std::size_t i = 0; i < c.segments.size(); ++i)
            EXPECT_EQ(r.segments[i].text, c.segments[i]);
        ASSERT_EQ(r.links.size(), 1u);
        EXPECT_EQ(r.links[0].source, c.source);
        EXPECT_EQ(r.links[0].target, c.target);
        EXPECT_EQ(r.links[0].relation, c.relation);
        EXPECT_EQ(r.links[0].connective, c.connective);
    }
}

TEST(ChainRelations, ChainsFramesOpeningsAndNonConnectives) {
    RelationReading r = read_relations(Chain);
    ASSERT_EQ(r.segments.size(), 3u);
    EXPECT_EQ(r.segments[0].text, "Nxe5 wins a pawn");
    EXPECT_EQ(r.segments[1].text, "the knight on c6 is pinned");
    EXPECT_EQ(r.segments[2].text, "the knight on e5 cannot be taken");
    ASSERT_EQ(r.links.size(), 2u);
    EXPECT_EQ(r.links[0].relation, Relation::Reason);
    EXPECT_EQ(r.links[0].source, 0);
    EXPECT_EQ(r.links[0].target, 1);
    EXPECT_EQ(r.links[1].relation, Relation::Cause);
    EXPECT_EQ(r.links[1].source, 1);
    EXPECT_EQ(r.links[1].target, 2);

    // A leading condition frames every segment after it.
    RelationReading f = read_relations("After Nxd7 Nh5, White takes on g6, so Black is worse.");
    ASSERT_EQ(f.segments.size(), 3u);
    EXPECT_EQ(f.segments[0].frame, "");
    EXPECT_EQ(f.segments[1].frame, "Nxd7 Nh5");
    EXPECT_EQ(f.segments[2].frame, "Nxd7 Nh5");

    // An opening "however" or "so" links to the text before the unit.
    RelationReading h = read_relations("However, Black holds.");
    ASSERT_EQ(h.segments.size(), 1u);
    ASSERT_EQ(h.links.size(), 1u);
    EXPECT_EQ(h.links[0].source, -1);
    EXPECT_EQ(h.links[0].relation, Relation::Contrast);

    // "so" as an adverb, and no connective at all: one segment, no link.
    for (const char* t : {"The move is so strong.", "White plays so that Black suffers.",
                          "Nxe5 wins a pawn.", "", "   ,;  "}) {
        RelationReading n = read_relations(t);
        EXPECT_TRUE(n.links.empty()) << t;
        EXPECT_LE(n.segments.size(), 1u) << t;
    }
    EXPECT_EQ(parse_relation("reason"), Relation::Reason);
    EXPECT_EQ(parse_relation("CONTRAST"), Relation::Contrast);
    EXPECT_FALSE(parse_relation("because"));
}

// ---- depth ----

TEST(ChainDepth, LongestChainOfHoldingEdges) {
    auto e = [](int s, int t, const char* v) {
        Edge x;
        x.source = s;
        x.target = t;
        x.verdict = parse_truth(v).value();
        return x;
    };
    EXPECT_EQ(chain_depth(3, {e(1, 2, "true"), e(2, 3, "true")}), 2);
    EXPECT_EQ(chain_depth(3, {e(1, 2, "true"), e(2, 3, "false")}), 1);
    EXPECT_EQ(chain_depth(3, {e(1, 2, "unverifiable"), e(2, 3, "unverifiable")}), 0);
    EXPECT_EQ(chain_depth(4, {e(2, 1, "true"), e(2, 3, "true"), e(3, 4, "true")}), 2);
    EXPECT_EQ(chain_depth(2, {e(1, 2, "true"), e(2, 1, "true")}), 1);  // a cycle, once around
    EXPECT_EQ(chain_depth(0, {}), 0);
    EXPECT_EQ(chain_depth(2, {e(1, 9, "true"), e(0, 1, "true")}), 0);  // ids out of range
}

// ---- the rules' chains ----

TEST(ChainRules, KnownChainThreePropositionsTwoEdgesDepthTwo) {
    JudgedRecord r = judged(Chain);
    ASSERT_TRUE(r.ok()) << r.error;
    ASSERT_EQ(r.atoms.size(), 1u);
    ASSERT_EQ(r.atoms[0].type, UnitType::Analytical);
    const ChainAnalysis& c = r.chains;
    EXPECT_EQ(c.method, "rules");
    ASSERT_EQ(c.propositions.size(), 3u);
    for (const auto& p : c.propositions)
        EXPECT_EQ(p.verdict, Truth::True) << p.text << ": " << p.reason;
    ASSERT_EQ(c.edges.size(), 2u);
    EXPECT_EQ(c.edges[0].source, 1);
    EXPECT_EQ(c.edges[0].target, 2);
    EXPECT_EQ(c.edges[0].relation, Relation::Reason);
    EXPECT_EQ(c.edges[0].verdict, Truth::True) << c.edges[0].reason;
    EXPECT_EQ(c.edges[0].reason, "the reason holds where Nxe5 is played");
    EXPECT_EQ(c.edges[1].relation, Relation::Cause);
    EXPECT_EQ(c.edges[1].verdict, Truth::True) << c.edges[1].reason;
    EXPECT_EQ(c.edges[1].reason, "the consequence holds after Nxe5");
    EXPECT_EQ(c.depth, 2);

    json j = judged_json(r);
    EXPECT_EQ(j["depth"], 2);
    EXPECT_EQ(j["propositions"].size(), 3u);
    EXPECT_EQ(j["propositions"][1]["text"], "the knight on c6 is pinned");
    EXPECT_EQ(j["edges"][0]["relation"], "REASON");
    EXPECT_EQ(j["edges"][1]["connective"], "so");
    EXPECT_EQ(j["chain_method"], "rules");
}

TEST(ChainRules, OneFalseLinkBreaksTheChain) {
    // The consequence is false: the chain keeps its first edge only.
    JudgedRecord a = judged(
        "Nxe5 wins a pawn because the knight on c6 is pinned, so the knight on e5 can be taken.");
    ASSERT_TRUE(a.ok()) << a.error;
    ASSERT_EQ(a.chains.propositions.size(), 3u);
    EXPECT_EQ(a.chains.propositions[2].verdict, Truth::False);
    ASSERT_EQ(a.chains.edges.size(), 2u);
    EXPECT_EQ(a.chains.edges[0].verdict, Truth::True);
    EXPECT_EQ(a.chains.edges[1].verdict, Truth::False);
    EXPECT_EQ(a.chains.edges[1].reason, "proposition 3 does not hold");
    EXPECT_EQ(a.chains.depth, 1);
    // The middle proposition is false (no knight on d4): both edges fail.
    JudgedRecord b = judged(
        "Nxe5 wins a pawn because the knight on d4 is pinned, so the knight on e5 cannot be "
        "taken.");
    ASSERT_TRUE(b.ok()) << b.error;
    ASSERT_EQ(b.chains.propositions.size(), 3u);
    EXPECT_EQ(b.chains.propositions[1].verdict, Truth::False);
    EXPECT_EQ(b.chains.holding_propositions(), 2);
    EXPECT_EQ(b.chains.holding_edges(), 0);
    EXPECT_EQ(b.chains.depth, 0);
}

TEST(ChainRules, ConditionIsCheckedAfterTheMove) {
    ChainAnalysis c = chains_of_unit("After Nxe5, the knight on e5 cannot be taken");
    ASSERT_EQ(c.propositions.size(), 2u);
    EXPECT_EQ(c.propositions[0].verdict, Truth::True);  // Nxe5 is legal
    EXPECT_EQ(c.propositions[0].reason, "the moves Nxe5 are legal");
    ASSERT_EQ(c.edges.size(), 1u);
    EXPECT_EQ(c.edges[0].relation, Relation::Condition);
    EXPECT_EQ(c.edges[0].verdict, Truth::True) << c.edges[0].reason;
    EXPECT_EQ(c.depth, 1);
    // A frame that is not a move line but names the move: "when White plays Nxe5".
    ChainAnalysis w = chains_of_unit("When White plays Nxe5, the knight on e5 cannot be taken");
    ASSERT_EQ(w.edges.size(), 1u);
    EXPECT_EQ(w.propositions[0].reason, "the moves Nxe5 are legal");
    EXPECT_EQ(w.propositions[1].verdict, Truth::True) << w.propositions[1].reason;
    EXPECT_EQ(w.edges[0].verdict, Truth::True) << w.edges[0].reason;
    EXPECT_EQ(w.depth, 1);
    ChainAnalysis f = chains_of_unit("After Nxe5, the knight on e5 can be taken");
    ASSERT_EQ(f.edges.size(), 1u);
    EXPECT_EQ(f.edges[0].verdict, Truth::False);
    EXPECT_EQ(f.depth, 0);
}

TEST(ChainRules, AnOpeningConnectiveLinksToTheUnitBefore) {
    JudgeOptions o;
    o.decomposer = Decomposer::Rules;
    Judge j(board_suite(), nullptr, nullptr, o);
    JudgedRecord rec;
    rec.move = "Nxe5";
    for (const char* t : {"Nxe5 wins a pawn.", "So the knight on e5 cannot be taken."}) {
        JudgedAtom a;
        a.text = t;
        a.type = UnitType::Analytical;
        rec.atoms.push_back(a);
    }
    ChainAnalysis c = j.chains({}, *Position::from_fen(Pinned), rec);
    ASSERT_EQ(c.propositions.size(), 2u);
    EXPECT_EQ(c.propositions[1].text, "the knight on e5 cannot be taken");
    EXPECT_EQ(c.propositions[1].unit, 2);
    ASSERT_EQ(c.edges.size(), 1u);
    EXPECT_EQ(c.edges[0].source, 1);
    EXPECT_EQ(c.edges[0].target, 2);
    EXPECT_EQ(c.edges[0].relation, Relation::Cause);
    EXPECT_EQ(c.edges[0].verdict, Truth::True) << c.edges[0].reason;
    EXPECT_EQ(c.depth, 1);
}

TEST(ChainRules, RelationsThatCannotBeCheckedAreUnverified) {
    // A contrast between two true propositions: the board cannot say.
    ChainAnalysis c = chains_of_unit("Nxe5 wins a pawn, but the knight on c6 is pinned");
    ASSERT_EQ(c.propositions.size(), 2u);
    EXPECT_EQ(c.propositions[0].verdict, Truth::True);
    EXPECT_EQ(c.propositions[1].verdict, Truth::True);
    ASSERT_EQ(c.edges.size(), 1u);
    EXPECT_EQ(c.edges[0].verdict, Truth::Unverifiable);
    EXPECT_EQ(c.edges[0].reason, "a contrast cannot be checked on the board");
    EXPECT_EQ(c.depth, 0);
    // A cause that names no move has no position to check its consequence in.
    ChainAnalysis m =
        chains_of_unit("The knight on c6 is pinned, so the knight on e5 cannot be taken");
    ASSERT_EQ(m.edges.size(), 1u);
    EXPECT_EQ(m.propositions[0].verdict, Truth::True);
    EXPECT_EQ(m.propositions[1].verdict, Truth::True);
    EXPECT_EQ(m.edges[0].verdict, Truth::Unverifiable);
    EXPECT_EQ(m.edges[0].reason, "no move to check the relation on");
    // An end the reader cannot read makes the edge unverified, never true.
    ChainAnalysis u = chains_of_unit("Nxe5 wins a pawn because Black is asleep");
    ASSERT_EQ(u.edges.size(), 1u);
    EXPECT_EQ(u.propositions[1].verdict, Truth::Unverifiable);
    EXPECT_EQ(u.edges[0].verdict, Truth::Unverifiable);
    EXPECT_EQ(u.edges[0].reason, "proposition 2 is unverified");
}

// ---- the summary ----

TEST(ChainSummaryTest, FaithfulnessDepthAndIntervals) {
    std::vector<JudgedRecord> recs;
    recs.push_back(judged(Chain));  // 3/3 propositions, 2/2 edges, depth 2
    recs.push_back(judged(          // 2/3 propositions, 1/2 edges, depth 1
        "Nxe5 wins a pawn because the knight on c6 is pinned, so the knight on e5 can be taken."));
    recs.push_back(judged("Nxe5 is a capture.", Pinned, "Nxe5"));  // no analytical unit
    JudgeSummary s = summarize(recs, 200, 7);
    const ChainSummary& c = s.chains;
    EXPECT_EQ(c.records, 2);
    EXPECT_EQ(c.propositions, 6);
    EXPECT_EQ(c.holding_propositions, 5);
    EXPECT_EQ(c.edges, 4);
    EXPECT_EQ(c.holding_edges, 3);
    ASSERT_TRUE(c.proposition_faithfulness);
    EXPECT_DOUBLE_EQ(*c.proposition_faithfulness, 5.0 / 6);
    EXPECT_DOUBLE_EQ(*c.edge_faithfulness, 0.75);
    EXPECT_DOUBLE_EQ(*c.mean_depth, 1.5);
    EXPECT_EQ(c.max_depth, 2);
    // Resampling two records: every interval lies between the two records' values.
    ASSERT_TRUE(c.proposition_ci.low);
    EXPECT_GE(*c.proposition_ci.low, 2.0 / 3 - 1e-9);
    EXPECT_LE(*c.proposition_ci.high, 1.0);
    EXPECT_GE(*c.edge_ci.low, 0.5 - 1e-9);
    EXPECT_GE(*c.mean_depth_ci.low, 1.0);
    EXPECT_LE(*c.mean_depth_ci.high, 2.0);
    EXPECT_EQ(c.mean_depth_ci.defined, 200);
    json j = summary_json(s)["summary"]["chains"];
    EXPECT_EQ(j["edge_faithfulness"], 0.75);
    EXPECT_EQ(j["max_depth"], 2);
    EXPECT_EQ(j["proposition_interval"].size(), 2u);
    const std::string table = summary_table(s);
    EXPECT_NE(table.find("proposition faithfulness     0.833   5/6"), std::string::npos) << table;
    EXPECT_NE(table.find("edge faithfulness            0.750   3/4"), std::string::npos) << table;
    EXPECT_NE(table.find("chain depth, max             2.000"), std::string::npos) << table;
    // No proposition anywhere: empty values, no interval.
    ChainSummary none = summarize_chains({}, 50, 1);
    EXPECT_FALSE(none.proposition_faithfulness);
    EXPECT_FALSE(none.mean_depth);
    EXPECT_FALSE(none.mean_depth_ci.low);
}

// TACE's combined faithfulness and the normalised depth on the worked example above: record 1
// has 3 propositions (all hold) and 2 edges (both hold), depth 2; record 2 has 3 propositions
// (2 hold) and 2 edges (1 holds), depth 1.
TEST(ChainSummaryTest, CombinedFaithfulnessAndNormalisedDepth) {
    std::vector<JudgedRecord> recs;
    recs.push_back(judged(Chain));
    recs.push_back(judged(
        "Nxe5 wins a pawn because the knight on c6 is pinned, so the knight on e5 can be taken."));
    recs.push_back(judged("Nxe5 is a capture.", Pinned, "Nxe5"));  // no analytical unit
    EXPECT_DOUBLE_EQ(*normalized_depth(recs[0].chains), 2.0 / (3 - 1));
    EXPECT_DOUBLE_EQ(*normalized_depth(recs[1].chains), 1.0 / (3 - 1));
    EXPECT_FALSE(normalized_depth(recs[2].chains));
    JudgeSummary s = summarize(recs, 200, 7);
    const ChainSummary& c = s.chains;
    // Propositions and edges that hold over propositions and edges, pooled over the records.
    ASSERT_TRUE(c.faithfulness);
    EXPECT_DOUBLE_EQ(*c.faithfulness, (3.0 + 2 + 2 + 1) / (3 + 2 + 3 + 2));  // 8/10
    EXPECT_EQ(c.normalized_records, 2);
    ASSERT_TRUE(c.normalized_depth);
    EXPECT_DOUBLE_EQ(*c.normalized_depth, (2.0 / 2 + 1.0 / 2) / 2);  // 0.75
    ASSERT_TRUE(c.faithfulness_ci.low);
    EXPECT_GE(*c.faithfulness_ci.low, 3.0 / 5 - 1e-9);  // between record 2's 3/5 and record 1's 1
    EXPECT_LE(*c.faithfulness_ci.high, 1.0);
    EXPECT_GE(*c.normalized_depth_ci.low, 0.5 - 1e-9);
    json j = summary_json(s)["summary"]["chains"];
    EXPECT_EQ(j["faithfulness"], 0.8);
    EXPECT_EQ(j["normalized_depth"], 0.75);
    EXPECT_EQ(j["normalized_records"], 2);
    EXPECT_EQ(j["faithfulness_interval"].size(), 2u);
    const std::string table = summary_table(s);
    EXPECT_NE(table.find("faithfulness (TACE)          0.800   8/10"), std::string::npos) << table;
    EXPECT_NE(table.find("chain depth, normalised      0.750   2 records"), std::string::npos)
        << table;
    // One proposition: no chain possible, no normalised depth.
    ChainAnalysis one;
    one.propositions.resize(1);
    EXPECT_FALSE(normalized_depth(one));
}

TEST(ChainSummaryTest, ChainsReadBackFromARecordsJson) {
    JudgedRecord r = judged(Chain);
    json j;
    put_chain_json(r.chains, j);
    ChainAnalysis back;
    std::string why;
    ASSERT_TRUE(read_chain_json(j, back, &why)) << why;
    EXPECT_EQ(back.propositions.size(), 3u);
    EXPECT_EQ(back.holding_edges(), 2);
    EXPECT_EQ(back.depth, 2);
    EXPECT_EQ(back.method, "rules");
    ASSERT_TRUE(read_chain_json(json::object(), back, &why));  // older records: no chains
    EXPECT_TRUE(back.propositions.empty());
    j["edges"][0]["verdict"] = "maybe";
    EXPECT_FALSE(read_chain_json(j, back, &why));
    EXPECT_EQ(why, "bad edge");
}

// ---- the model path ----

TEST(ChainLlm, ScriptedModelExtractsVerifiesAndAudits) {
    FakeLlmServer server;
    using C = FakeLlmServer::Call;
    const std::string facts = std::string(R"({"fen":")") + Pinned + R"(","move":"Nxe5"})";
    server
        // The decomposition: one analytical unit, with claims so that no judge call is needed.
        .then(
            FakeLlmServer::json_answer({{"atoms",
                                         {{{"text", Chain},
                                           {"sentence", 1},
                                           {"type", "analytical"},
                                           {"claims",
                                            {{{"predicate", "wins_material"},
                                              {"args", {{"move", "Nxe5"}, {"amount", 100}}}}}}}}}}))
        .then(FakeLlmServer::json_answer({{"stance", "good"}, {"quote", "wins a pawn"}}))
        .then(FakeLlmServer::json_answer(
            {{"propositions",
              {{{"id", 1}, {"text", "Nxe5 wins a pawn"}, {"unit", 1}},
               {{"id", 2}, {"text", "the knight on c6 is pinned"}, {"unit", 1}},
               {{"id", 3}, {"text", "Black cannot recapture on e5"}, {"unit", 1}}}}}))
        .then(
            FakeLlmServer::json_answer({{"edges",
                                         {{{"source", 1}, {"target", 2}, {"relation", "REASON"}},
                                          {{"source", 2}, {"target", 3}, {"relation", "CAUSE"}}}}}))
        // Proposition 3 is not read by the rules: the tool-calling judge checks it.
        .then(FakeLlmServer::tool_calls({C{"c1", "move_facts", facts}}))
        .then(FakeLlmServer::json_answer({{"verdict", "correct"},
                                          {"subclaims",
                                           {{{"text", "no black piece can take on e5"},
                                             {"verdict", "true"},
                                             {"evidence", "pinned knight"},
                                             {"error_category", nullptr}}}}}))
        // The audits of the two edges (both ends hold).
        .then(FakeLlmServer::tool_calls({C{"c2", "move_facts", facts}}))
        .then(FakeLlmServer::json_answer({{"verdict", "holds"}, {"reason", "the pin is there"}}))
        .then(FakeLlmServer::tool_calls({C{"c3", "move_facts", facts}}))
        .then(FakeLlmServer::json_answer({{"verdict", "fails"}, {"reason", "not a consequence"}}));
    LlmClient client(server.client_config(""));
    PromptLibrary prompts;
    Judge j(board_suite(), &client, &prompts, {});
    std::string error;
    auto in = parse_judge_line(line("l", Pinned, "Nxe5", Chain), 1, &error);
    ASSERT_TRUE(in) << error;
    JudgedRecord r = j.judge(*in);
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(server.pending(), 0u);
    EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
    const ChainAnalysis& c = r.chains;
    EXPECT_EQ(c.method, "llm");
    ASSERT_EQ(c.propositions.size(), 3u);
    EXPECT_EQ(c.propositions[0].verdict, Truth::True);
    EXPECT_EQ(c.propositions[0].reason, "checked by the rules' sub-claims");
    EXPECT_EQ(c.propositions[2].verdict, Truth::True);
    EXPECT_EQ(c.propositions[2].reason, "checked by the tool-calling judge");
    ASSERT_EQ(c.edges.size(), 2u);
    EXPECT_EQ(c.edges[0].verdict, Truth::True);
    EXPECT_EQ(c.edges[0].reason, "the pin is there");
    EXPECT_EQ(c.edges[1].verdict, Truth::False);
    EXPECT_EQ(c.depth, 1);

    auto reqs = server.requests();
    ASSERT_EQ(reqs.size(), 10u);
    const std::string props = reqs[2].last_content("user");
    EXPECT_NE(props.find("[1] " + std::string(Chain)), std::string::npos) << props;
    EXPECT_FALSE(reqs[2].json.contains("tools"));
    const std::string edges = reqs[3].last_content("user");
    EXPECT_NE(edges.find("1. Nxe5 wins a pawn\n2. the knight on c6 is pinned\n3. Black cannot"),
              std::string::npos)
        << edges;
    const std::string audit = reqs[6].last_content("user");
    EXPECT_NE(audit.find("Source: Nxe5 wins a pawn\nTarget: the knight on c6 is pinned\n"
                         "Relation: REASON"),
              std::string::npos)
        << audit;
    ASSERT_TRUE(reqs[6].json.contains("tools"));
    EXPECT_EQ(reqs[6].json["tool_choice"], "required");
}

TEST(ChainLlm, FailedExtractionFallsBackToTheRules) {
    FakeLlmServer server;
    server
        .then(
            FakeLlmServer::json_answer({{"atoms",
                                         {{{"text", Chain},
                                           {"type", "analytical"},
                                           {"claims",
                                            {{{"predicate", "wins_material"},
                                              {"args", {{"move", "Nxe5"}, {"amount", 100}}}}}}}}}}))
        .then(FakeLlmServer::json_answer({{"stance", "good"}, {"quote", ""}}));
    for (int i = 0; i < 8; ++i) server.then(FakeLlmServer::json_answer({{"nonsense", true}}));
    LlmClient client(server.client_config(""));
    PromptLibrary prompts;
    Judge j(board_suite(), &client, &prompts, {});
    std::string error;
    auto in = parse_judge_line(line("l", Pinned, "Nxe5", Chain), 1, &error);
    ASSERT_TRUE(in) << error;
    JudgedRecord r = j.judge(*in);
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.chains.method, "rules");
    EXPECT_EQ(r.chains.depth, 2);
    ASSERT_FALSE(r.warnings.empty());
    EXPECT_EQ(r.warnings.back().rfind("chain proposition extraction failed (", 0), 0u)
        << r.warnings.back();
}

// ---- the command ----

TEST(ChainCommand, RulesExampleFileReportsChains) {
    const std::string path = std::string(GLOSSFISH_PROMPTS_DIR) + "/../examples/judge/chains.jsonl";
    testkit::CliRun r = testkit::run_glossfish_command(
        "judge", {"--input", path, "--decomposer", "rules", "--bootstrap", "50", "--seed", "1"},
        {});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::stringstream s(r.out);
    std::string first, lastline, l;
    std::getline(s, first);
    while (std::getline(s, l))
        if (!l.empty()) lastline = l;
    EXPECT_EQ(json::parse(first)["depth"], 2);
    json c = json::parse(lastline)["summary"]["chains"];
    EXPECT_GE(c["records"].get<int>(), 2);
    EXPECT_EQ(c["max_depth"], 2);
    EXPECT_NE(r.err.find("edge faithfulness"), std::string::npos);
    EXPECT_NE(r.err.find("chain depth, mean"), std::string::npos);
}

}  // namespace
}  // namespace glossfish::verifier::testing
