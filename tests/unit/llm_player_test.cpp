// The language-model solving player (verifier/llm/llm_player.h) against the fake OpenAI-compatible
// server on the hand-checked mate in 2 of tepp_test (lichess ZMTE6): a correct scripted line,
// the self-reflection prompt after an illegal move, failure after the bounded retries, the
// repair of a malformed answer, the guides reaching the prompt, transport errors per puzzle,
// the guide settings, the summary arithmetic and `glossfish tepp --player llm` end to end.
// Engine searches use nodes 5000.
#include "llm/llm_player.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "analysis/tepp.h"
#include "cli_run.h"
#include "fake_llm_server.h"
#include "rules/notation.h"
#include "shared_analyzer.h"

namespace glossfish::verifier::testing {
namespace {

using nlohmann::json;
using testkit::FakeLlmServer;

// ZMTE6: after the setup move e6e7, Black mates in 2 with 1...g3+: White has exactly Kg1, Kh1
// and Kh3, answered by ...Ra1#, ...Ra1# and ...Rh8# (see tepp_test.cpp for the proof).
constexpr const char* ZmteCsv =
    "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n"
    "ZMTE6,r7/5P2/4P3/1pRp4/3P1kp1/2P5/6PK/8 w - - 2 45,e6e7 g4g3 h2g1 a8a1,1484,77,96,22139,"
    "endgame mate mateIn2 rookEndgame short,https://lichess.org/Mjl0SlxN#88,\n";
constexpr const char* PlayerFen = "r7/4PP2/8/1pRp4/3P1kp1/2P5/6PK/8 b - - 0 45";
constexpr const char* TreeText =
    R"({"g3+":{"Kh3":{"Rh8#":{}},"Kh1":{"Ra1#":{}},"Kg1":{"Ra1#":{}}}})";
constexpr const char* PlayerKey = "sk-player-0a1b2c3d";

TeppPuzzle zmte6() {
    std::istringstream in(ZmteCsv);
    PuzzleFile f = read_lichess_puzzles(in);
    EXPECT_TRUE(f.ok() && f.records.size() == 1);
    return tepp_puzzle(f.records.at(0));
}

bool contains(const std::string& hay, const std::string& needle) {
    return hay.find(needle) != std::string::npos;
}

std::string user_text(const testkit::RecordedRequest& r) { return r.last_content("user"); }
std::string system_text(const testkit::RecordedRequest& r) { return r.last_content("system"); }

class LlmPlayerTest : public SharedAnalyzer<> {
protected:
    static void SetUpTestSuite() {
        SharedAnalyzer::SetUpTestSuite();
        AnalysisLimits limits;
        limits.nodes = 5000;
        oracle_ = new EngineOracle(*analyzer_, limits);
    }
    static void TearDownTestSuite() {
        delete oracle_;
        SharedAnalyzer::TearDownTestSuite();
    }

    // The white replies to 1...g3+ in the oracle's MultiPV order (what TEPP will ask about).
    static std::vector<std::string> replies(int k_eval) {
        Position pos;
        EXPECT_TRUE(pos.set(PlayerFen).ok());
        pos.do_move(parse_san(pos, "g3+").move);
        std::vector<std::string> out;
        for (const AnalysisLine& l : oracle_->analyse(pos, k_eval).lines)
            out.push_back(move_to_san(pos, l.pv.front()));
        return out;
    }
    // Scripts 1...g3+, then the mating answer to each reply in the order TEPP asks.
    static void script_solution(FakeLlmServer& server, int k_eval) {
        server.then(FakeLlmServer::json_answer({{"move", "g3+"}}));
        script_answers(server, k_eval);
    }
    // Scripts the mating answer to each reply, in the order TEPP asks.
    static void script_answers(FakeLlmServer& server, int k_eval) {
        for (const std::string& reply : replies(k_eval))
            server.then(FakeLlmServer::json_answer({{"move", reply == "Kh3" ? "Rh8#" : "Ra1#"}}));
    }

    TeppResult play(LlmPlayer& player, const TeppPuzzle& puzzle, int k_eval = 3, int retries = 2) {
        TeppOptions o;
        o.k_eval = k_eval;
        o.max_retries = retries;
        return play_puzzle(*oracle_, player, puzzle, o);
    }

    LlmConfig config(const FakeLlmServer& server) const { return server.client_config(PlayerKey); }
    PromptLibrary prompts_ = PromptLibrary(std::vector<std::string>{GLOSSFISH_PROMPTS_DIR});
    static EngineOracle* oracle_;
};
EngineOracle* LlmPlayerTest::oracle_ = nullptr;

TEST_F(LlmPlayerTest, CorrectScriptedLineScoresAsTheEngine) {
    FakeLlmServer server;
    script_solution(server, 3);
    LlmClient client(config(server));
    LlmPlayer player(client, prompts_, "llm:fake-model");
    const TeppResult r = play(player, zmte6());
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.failure, "");
    EXPECT_EQ(r.score, 1.0);  // every branch ends in checkmate
    ASSERT_TRUE(r.final.outcome.has_value());
    EXPECT_EQ(r.final.outcome->termination, Termination::Checkmate);
    EXPECT_EQ(r.player, "llm:fake-model");

    OptimalPlayer optimal(*oracle_);
    TeppOptions o;
    const TeppResult opt = play_puzzle(*oracle_, optimal, zmte6(), o);
    EXPECT_EQ(r.score, opt.score);
    EXPECT_EQ(r.line_san, opt.line_san);

    const auto reqs = server.requests();
    ASSERT_EQ(reqs.size(), 4u);  // g3+, then one answer per reply
    EXPECT_EQ(player.requests(), 4);
    const std::string first = user_text(reqs[0]);
    EXPECT_TRUE(contains(first, std::string("Position (FEN): ") + PlayerFen)) << first;
    EXPECT_TRUE(contains(first, "You play Black")) << first;
    EXPECT_TRUE(contains(first, "none yet")) << first;
    // The paper's prompt: no list of legal moves (that is the --legal-moves variant).
    EXPECT_FALSE(contains(first, "legal moves")) << first;
    EXPECT_FALSE(contains(first, "g3+")) << first;
    EXPECT_TRUE(contains(system_text(reqs[0]), "strong chess player"));  // solve_none
    EXPECT_EQ(reqs[0].json.value("response_format", json::object()).value("type", ""),
              "json_object");
    const std::string reply0 = replies(3).at(0);
    EXPECT_TRUE(contains(user_text(reqs[1]), "45... g3+ 46. " + reply0)) << user_text(reqs[1]);
    EXPECT_EQ(reqs[1].messages().size(), 2u);  // a fresh chat per position
}

TEST_F(LlmPlayerTest, IllegalMoveThenLegalAfterTheFeedbackPrompt) {
    FakeLlmServer server;
    server
        .then(FakeLlmServer::json_answer({{"move", "Qh4"}}))  // Black has no queen
        .then(FakeLlmServer::json_answer({{"move", "g3+"}}));
    script_answers(server, 1);
    LlmClient client(config(server));
    // Our variant (--legal-moves): the legal moves in the prompt and in the feedback.
    LlmPlayer player(client, prompts_, "llm", LlmPlayerOptions{true});
    const TeppResult r = play(player, zmte6(), 1);
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.score, 1.0);
    ASSERT_FALSE(r.steps.empty());
    ASSERT_EQ(r.steps[0].illegal.size(), 1u);
    EXPECT_EQ(r.steps[0].illegal[0].move, "Qh4");
    EXPECT_EQ(r.steps[0].san, "g3+");

    const auto reqs = server.requests();
    ASSERT_EQ(reqs.size(), 3u);
    const std::string first = user_text(reqs[0]);
    // The list follows the line of moves played (g3+ is one of Black's legal moves).
    EXPECT_TRUE(contains(first,
                         "Moves played so far in the puzzle: none yet (this is the "
                         "puzzle's first move)\nYour legal moves: "))
        << first;
    EXPECT_TRUE(contains(first, " g3+")) << first;
    // The retry continues the chat: system, prompt, the model's answer, the feedback.
    const json& m = reqs[1].messages();
    ASSERT_EQ(m.size(), 4u);
    EXPECT_EQ(m[2]["role"], "assistant");
    EXPECT_EQ(m[2]["content"], R"({"move":"Qh4"})");
    const std::string feedback = user_text(reqs[1]);
    EXPECT_TRUE(contains(feedback, "Your answer could not be played: ")) << feedback;
    EXPECT_TRUE(contains(feedback, "You answered: Qh4")) << feedback;
    EXPECT_TRUE(contains(feedback, r.steps[0].illegal[0].reason)) << feedback;
    EXPECT_TRUE(contains(feedback, "Your legal moves are: ")) << feedback;
    EXPECT_TRUE(contains(feedback, "g3+")) << feedback;
}

TEST_F(LlmPlayerTest, AlwaysIllegalFailsAfterTheBoundedRetries) {
    FakeLlmServer server;
    for (int i = 0; i < 3; ++i) server.then(FakeLlmServer::json_answer({{"move", "Kxa8"}}));
    LlmClient client(config(server));
    LlmPlayer player(client, prompts_, "llm");
    const TeppResult r = play(player, zmte6(), 3, 2);
    EXPECT_TRUE(r.ok()) << r.error;  // a failed solve, not an error
    EXPECT_EQ(r.score, 0.0);
    EXPECT_TRUE(contains(r.failure, "no legal move in 3 attempts (last: 'Kxa8'")) << r.failure;
    EXPECT_EQ(server.requests().size(), 3u);
    EXPECT_EQ(r.player_calls, 3);
    EXPECT_EQ(tepp_record(r)["failed"], r.failure);
}

TEST_F(LlmPlayerTest, MalformedAnswerIsRepairedThenUnreadableGetsFeedback) {
    FakeLlmServer server;
    // 1. prose, repaired by the client into a good answer.
    server.then(FakeLlmServer::answer("I would play the pawn check."))
        .then(FakeLlmServer::json_answer({{"move", "g3+"}}));
    // 2. the answer to the reply: wrong shape twice (unreadable), then good after feedback.
    server.then(FakeLlmServer::json_answer({{"best", "Ra1#"}}))
        .then(FakeLlmServer::answer("Ra1 mate"))
        .then(FakeLlmServer::json_answer({{"move", replies(1).at(0) == "Kh3" ? "Rh8#" : "Ra1#"}}));
    LlmClient client(config(server));
    LlmPlayer player(client, prompts_, "llm");
    const TeppResult r = play(player, zmte6(), 1);
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.score, 1.0);
    EXPECT_TRUE(r.steps[0].illegal.empty());  // the repair is inside one ask
    ASSERT_EQ(r.steps.size(), 2u);
    ASSERT_EQ(r.steps[1].branches.size(), 1u);
    ASSERT_EQ(r.steps[1].branches[0].illegal.size(), 1u);
    EXPECT_EQ(r.steps[1].branches[0].illegal[0].move, "(unreadable answer)");

    const auto reqs = server.requests();
    ASSERT_EQ(reqs.size(), 5u);
    EXPECT_TRUE(contains(user_text(reqs[1]), "Your answer was not accepted")) << user_text(reqs[1]);
    const std::string feedback = user_text(reqs[4]);
    EXPECT_TRUE(contains(feedback, "You answered: Ra1 mate")) << feedback;
    EXPECT_TRUE(contains(feedback, "rejected after one repair attempt")) << feedback;
}

TEST_F(LlmPlayerTest, TreeGuideReachesThePrompt) {
    FakeLlmServer server;
    script_solution(server, 1);
    LlmClient client(config(server));
    LlmPlayer player(client, prompts_, "llm");
    TeppPuzzle p = zmte6();
    GuideSource src;
    src.fen = PlayerFen;
    src.solver = Black;
    src.tree = nlohmann::ordered_json::parse(TreeText);
    GuideSetting tree;
    tree.kind = GuideSetting::Tree;
    GuideBuild g = build_guide(tree, src, client, prompts_, 0);
    ASSERT_TRUE(g.ok()) << g.error;
    p.guide = g.guide;
    const TeppResult r = play(player, p, 1);
    ASSERT_TRUE(r.ok()) << r.error;
    const auto reqs = server.requests();
    ASSERT_FALSE(reqs.empty());
    EXPECT_TRUE(contains(user_text(reqs[0]), TreeText)) << user_text(reqs[0]);
    EXPECT_TRUE(contains(system_text(reqs[0]), "strategy tree"));
}

TEST_F(LlmPlayerTest, RefinedDescriptionAndConceptsReachThePrompt) {
    FakeLlmServer server;
    // RV-S with one refine round: description, critic (not complete), rewrite.
    server.then(FakeLlmServer::json_answer({{"description", "Check with g3."}}))
        .then(FakeLlmServer::json_answer({{"complete", false}, {"feedback", {"Name the mates."}}}))
        .then(
            FakeLlmServer::json_answer({{"description", "Play g3+; Kh3 Rh8#, Kh1 or Kg1 Ra1#."}}));
    LlmClient client(config(server));
    GuideSource src;
    src.fen = PlayerFen;
    src.solver = Black;
    src.tree = nlohmann::ordered_json::parse(TreeText);
    src.concepts = zmte6().themes;
    std::string error;
    auto rv = parse_guide_setting("description:rv-s", &error);
    ASSERT_TRUE(rv) << error;
    GuideBuild g = build_guide(*rv, src, client, prompts_, 1);
    ASSERT_TRUE(g.ok()) << g.error;
    EXPECT_EQ(g.guide.description, "Play g3+; Kh3 Rh8#, Kh1 or Kg1 Ra1#.");
    EXPECT_EQ(g.requests, 3);

    script_solution(server, 1);
    LlmPlayer player(client, prompts_, "llm");
    TeppPuzzle p = zmte6();
    p.guide = g.guide;
    ASSERT_TRUE(play(player, p, 1).ok());
    auto reqs = server.requests();
    ASSERT_EQ(reqs.size(), 5u);
    EXPECT_TRUE(contains(user_text(reqs[3]),
                         "The coach's description of the strategy:\n"
                         "Play g3+; Kh3 Rh8#, Kh1 or Kg1 Ra1#."))
        << user_text(reqs[3]);

    // C: the puzzle's themes, no model call to make the guide.
    auto c = parse_guide_setting("concepts", &error);
    ASSERT_TRUE(c);
    GuideBuild gc = build_guide(*c, src, client, prompts_, 1);
    ASSERT_TRUE(gc.ok());
    EXPECT_EQ(gc.requests, 0);
    script_solution(server, 1);
    p.guide = gc.guide;
    ASSERT_TRUE(play(player, p, 1).ok());
    reqs = server.requests();
    ASSERT_EQ(reqs.size(), 7u);
    EXPECT_TRUE(contains(user_text(reqs[5]),
                         "The puzzle's concepts: endgame, mate, mateIn2, rookEndgame, short"))
        << user_text(reqs[5]);

    // A description needing concepts on a puzzle without themes: a guide error, no request.
    src.concepts.clear();
    GuideBuild none =
        build_guide(*parse_guide_setting("description:sc", nullptr), src, client, prompts_, 0);
    EXPECT_EQ(none.error, "the puzzle has no themes (concepts) for guide description:sc");
    EXPECT_EQ(server.requests().size(), 7u);
    p.guide_error = none.error;
    const TeppResult r = play(player, p, 1);
    EXPECT_EQ(r.error, "guide: the puzzle has no themes (concepts) for guide description:sc");
    EXPECT_EQ(server.requests().size(), 7u);
}

TEST_F(LlmPlayerTest, ServerErrorsArePerPuzzleAndTheBatchGoesOn) {
    FakeLlmServer server;
    server.then(FakeLlmServer::status(500, R"({"error":{"message":"overloaded"}})"))
        .then(FakeLlmServer::status(500, R"({"error":{"message":"overloaded"}})"));
    LlmConfig c = config(server);
    c.max_retries = 1;
    LlmClient client(c);
    LlmPlayer player(client, prompts_, "llm");
    const TeppResult bad = play(player, zmte6(), 1);
    EXPECT_FALSE(bad.ok());
    EXPECT_TRUE(contains(bad.error, "player: llm http")) << bad.error;
    EXPECT_TRUE(contains(bad.error, "500")) << bad.error;
    EXPECT_EQ(bad.failure, "");
    EXPECT_EQ(bad.score, 0.0);
    EXPECT_EQ(tepp_record(bad)["error"], bad.error);
    EXPECT_FALSE(contains(bad.error, PlayerKey));

    // The next puzzle with the same player plays normally.
    script_solution(server, 1);
    const TeppResult good = play(player, zmte6(), 1);
    ASSERT_TRUE(good.ok()) << good.error;
    EXPECT_EQ(good.score, 1.0);
}

TEST(GuideSetting, ParsesTheSettingsWithThePaperNames) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"none", "No Strategy"},
        {"concepts", "C"},
        {"tree", "S"},
        {"description:s", "V-S"},
        {"description:c", "V-C"},
        {"description:sc", "V-S+C"},
        {"description:rv-s", "RV-S"},
        {"description:rv-c", "RV-C"},
        {"description:rv-sc", "RV-S+C"},
    };
    for (const auto& [text, paper] : cases) {
        std::string error;
        auto g = parse_guide_setting(text, &error);
        ASSERT_TRUE(g) << text << ": " << error;
        EXPECT_EQ(g->paper_name(), paper);
        EXPECT_EQ(g->text(), text);
    }
    std::string error;
    EXPECT_FALSE(parse_guide_setting("descriptions:s", &error));
    EXPECT_EQ(error, "unknown guide 'descriptions:s' (none, concepts, tree, description:MODE)");
    EXPECT_FALSE(parse_guide_setting("description:rv-x", &error));
    EXPECT_EQ(error, "unknown description mode 'rv-x' (s, c, sc, rv-s, rv-c, rv-sc)");
    EXPECT_TRUE(parse_guide_setting("description:sc", nullptr)->needs_tree());
    EXPECT_TRUE(parse_guide_setting("description:sc", nullptr)->needs_concepts());
    EXPECT_FALSE(parse_guide_setting("description:c", nullptr)->needs_tree());
    EXPECT_FALSE(parse_guide_setting("tree", nullptr)->needs_concepts());
}

TEST(TeppSummary, DeltasAgainstTheBaseRowAndOptimal) {
    std::vector<TeppSummaryRow> rows(4);
    rows[0].name = "llm:m [No Strategy]";
    rows[0].run_means = {0.40, 0.50};  // mean 0.45
    rows[0].base = 0;
    rows[1].name = "llm:m [RV-S]";
    rows[1].run_means = {0.70, 0.80, 0.90};  // mean 0.8, sd 0.1
    rows[1].base = 0;
    rows[1].failed = 2;
    rows[1].errors = 1;
    rows[2].name = "stockfish";
    rows[2].run_means = {0.60};  // no base
    rows[3].name = "optimal";
    rows[3].run_means = {0.90, 0.90};
    const auto f = tepp_summary(rows, 3);
    ASSERT_EQ(f.size(), 4u);
    EXPECT_NEAR(f[1].score.mean, 0.8, 1e-12);
    EXPECT_NEAR(f[1].score.sd, 0.1, 1e-12);
    ASSERT_TRUE(f[1].d_base);
    EXPECT_NEAR(*f[1].d_base, 0.35, 1e-12);
    EXPECT_NEAR(f[1].d_opt, -0.1, 1e-12);
    EXPECT_NEAR(*f[0].d_base, 0.0, 1e-12);
    EXPECT_NEAR(f[0].d_opt, -0.45, 1e-12);
    EXPECT_FALSE(f[2].d_base);
    EXPECT_NEAR(f[2].d_opt, -0.3, 1e-12);
    EXPECT_NEAR(f[3].d_opt, 0.0, 1e-12);

    const std::string t = tepp_summary_table(rows, 3);
    std::istringstream in(t);
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    ASSERT_EQ(lines.size(), 5u);
    EXPECT_EQ(lines[0],
              "player               runs  failed  errors  score mean ± sd   ΔBase    ΔOpt");
    EXPECT_EQ(lines[2],
              "llm:m [RV-S]            3       2       1  0.800 ± 0.100    +0.350  -0.100");
    EXPECT_EQ(lines[3],
              "stockfish               1       0       0  0.600 ± 0.000         -  -0.300");
}

// ---- `glossfish tepp --player llm` ----

using testkit::CliRun;

CliRun run_tepp(const std::vector<std::string>& args, const std::vector<std::string>& env) {
    return testkit::run_glossfish_command("tepp", args, env);
}

struct CsvFile {
    std::filesystem::path path;
    CsvFile()
        : path(std::filesystem::temp_directory_path() /
               ("glossfish_tepp_llm_" + std::to_string(::getpid()) + ".csv")) {
        // ZMTE6 twice under two ids.
        std::string text = ZmteCsv;
        const std::string row = text.substr(text.find('\n') + 1);
        text += "ZMTE7" + row.substr(row.find(','));
        std::ofstream(path) << text;
    }
    ~CsvFile() { std::filesystem::remove(path); }
};

TEST(TeppLlmCommand, WithoutEndpointExplainsAndExits2BeforeAnyPuzzle) {
    CsvFile csv;
    CliRun r = run_tepp({"--csv", csv.path.string(), "--player", "llm", "--nodes", "1000"}, {});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(contains(r.err, "no language model configured: set GLOSSFISH_LLM_URL")) << r.err;
    EXPECT_FALSE(contains(r.err, "ZMTE6")) << r.err;

    r = run_tepp({"--csv", csv.path.string(), "--player", "llm", "--guide", "description:x"}, {});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(contains(r.err, "unknown description mode 'x'")) << r.err;
}

TEST(TeppLlmCommand, ServerDownGivesPerPuzzleErrorsAndTheTableStillComes) {
    FakeLlmServer server;  // every request: 500 (empty script)
    CsvFile csv;
    CliRun r = run_tepp({"--csv", csv.path.string(), "--player", "llm:judge-7b", "--guide",
                         "concepts", "--nodes", "2000", "--k-eval", "1", "--runs", "1"},
                        {"GLOSSFISH_LLM_URL=" + server.url(), "GLOSSFISH_LLM_RETRIES=0",
                         "GLOSSFISH_LLM_MODEL=other"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    // 2 guide settings x 2 puzzles of llm records, each an error, then optimal's 2 records.
    std::istringstream in(r.out);
    int llm_errors = 0, optimal_records = 0;
    std::vector<std::string> table;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] != '{') {
            table.push_back(line);
            continue;
        }
        const json j = json::parse(line);
        if (j["player"] == "llm:judge-7b") {
            EXPECT_TRUE(contains(j.value("error", ""), "player: llm http")) << line;
            EXPECT_TRUE(j["guide"] == "none" || j["guide"] == "concepts") << line;
            ++llm_errors;
        } else if (j["player"] == "optimal") {
            EXPECT_EQ(j["score"], 1.0) << line;
            ++optimal_records;
        }
    }
    EXPECT_EQ(llm_errors, 4);
    EXPECT_EQ(optimal_records, 2);
    ASSERT_EQ(table.size(), 5u) << r.out;
    EXPECT_TRUE(contains(table[2], "llm:judge-7b [No Strategy]")) << table[2];
    EXPECT_TRUE(contains(table[3], "llm:judge-7b [C]")) << table[3];
    EXPECT_TRUE(contains(table[3], "0.000 ± 0.000    +0.000  -1.000")) << table[3];
    EXPECT_TRUE(contains(table[4], "optimal")) << table[4];
    EXPECT_EQ(server.requests().size(), 4u);
    EXPECT_EQ(server.requests().at(0).json.value("model", ""), "judge-7b");
}

}  // namespace
}  // namespace glossfish::verifier::testing
