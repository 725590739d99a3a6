// Grounded commentary (verifier/judge/commenter.h) against the fake OpenAI-compatible server: the
// model writes commentary with the tools, the judge decomposes and verifies it, a false claim
// is dropped and flagged; and `glossfish comment` without an endpoint.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>

#include "fake_llm_server.h"
#include "judge/commenter.h"
#include "test_util.h"
#include "tools/tool_suite.h"
#include "tools_test_util.h"

namespace glossfish::verifier::testing {
namespace {

using nlohmann::json;
using testkit::FakeLlmServer;

TEST(Comment, FalseClaimIsDroppedAndFlagged) {
    FakeLlmServer server;
    using C = FakeLlmServer::Call;
    const std::string facts = std::string(R"({"fen":")") + Fork + R"(","move":"Nc7+"})";
    server
        // The writer checks a fact, then writes.
        .then(FakeLlmServer::tool_calls({C{"w1", "move_facts", facts}}))
        .then(FakeLlmServer::json_answer(
            {{"commentary", "Nc7+ forks the king and the rook. It also wins the queen."}}))
        // Decomposition.
        .then(FakeLlmServer::json_answer(
            {{"atoms",
              {{{"text", "Nc7+ forks the king on e8 and the rook on a8"},
                {"sentence", 1},
                {"type", "analytical"},
                {"subclaims", {{{"text", "the knight attacks e8 and a8"}, {"kind", "tactic"}}}}},
               {{"text", "Nc7+ wins the queen"},
                {"sentence", 2},
                {"type", "analytical"},
                {"subclaims", {{{"text", "Black has a queen to lose"}, {"kind", "material"}}}}}}}}))
        // Verification of each atom, tools first.
        .then(FakeLlmServer::tool_calls({C{"v1", "move_facts", facts}}))
        .then(FakeLlmServer::json_answer(
            {{"verdict", "correct"},
             {"subclaims",
              {{{"text", "attacks e8 and a8"}, {"verdict", "true"}, {"evidence", "fork"}}}}}))
        .then(FakeLlmServer::tool_calls(
            {C{"v2", "pieces", R"({"fen":"r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1","color":"black"})"}}))
        .then(FakeLlmServer::json_answer({{"verdict", "incorrect"},
                                          {"subclaims",
                                           {{{"text", "Black has a queen"},
                                             {"verdict", "false"},
                                             {"evidence", "no black queen"},
                                             {"error_category", "board_comprehension"}}}}}))
        // Stance.
        .then(FakeLlmServer::json_answer({{"stance", "good"}, {"quote", "forks"}}));
    LlmClient client(server.client_config("sk-comment-2"));
    PromptLibrary prompts;
    CommentResult r = comment_on(client, prompts, board_suite(), at(Fork), "b5c7");
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(server.pending(), 0u);
    EXPECT_EQ(r.requests, 8);
    EXPECT_EQ(r.tool_calls.size(), 1u);

    auto reqs = server.requests();
    ASSERT_EQ(reqs.size(), 8u);
    // The writer: the comment prompt filled (SAN move, side) and the tools offered, not forced.
    std::string u0 = reqs[0].last_content("user");
    EXPECT_NE(u0.find("White played Nc7+."), std::string::npos);
    EXPECT_NE(u0.find(Fork), std::string::npos);
    ASSERT_TRUE(reqs[0].json.contains("tools"));
    EXPECT_GT(reqs[0].json["tools"].size(), 10u);
    EXPECT_EQ(reqs[0].json["tool_choice"], "auto");
    // The decomposition got the model's commentary, sentence by sentence.
    EXPECT_NE(reqs[2].last_content("user").find(
                  "[1] Nc7+ forks the king and the rook.\n[2] It also wins the queen."),
              std::string::npos);
    EXPECT_EQ(reqs[3].json["tool_choice"], "required");

    json j = comment_json(r);
    EXPECT_EQ(j["move"], "Nc7+");
    EXPECT_EQ(j["commentary"], "Nc7+ forks the king and the rook. It also wins the queen.");
    ASSERT_EQ(j["sentences"].size(), 2u);
    EXPECT_EQ(j["sentences"][0]["text"], "Nc7+ forks the king and the rook.");
    EXPECT_EQ(j["sentences"][0]["verdict"], "correct");
    EXPECT_EQ(j["sentences"][1]["verdict"], "incorrect");
    EXPECT_EQ(j["sentences"][1]["atoms"][0]["detail"]["subclaims"][0]["error_category"],
              "board_comprehension");
    EXPECT_EQ(j["verified"], json({"Nc7+ forks the king on e8 and the rook on a8"}));
    EXPECT_EQ(j["dropped"]["count"], 1);
    EXPECT_EQ(j["dropped"]["texts"], json({"Nc7+ wins the queen"}));
    EXPECT_EQ(j["stance"], "good");

    json info = comment_info(r);
    EXPECT_EQ(
        info,
        json::parse(R"J({"move":"Nc7+","verified":["Nc7+ forks the king on e8 and the rook on a8"],
                                   "dropped":{"count":1,"texts":["Nc7+ wins the queen"]},
                                   "text":"Nc7+: Nc7+ forks the king on e8 and the rook on a8. (1 unverified claim dropped)"})J"));
    EXPECT_EQ(j.dump().find("sk-comment-2"), std::string::npos);
}

TEST(Comment, SentenceVerdictFromItsAtoms) {
    JudgedRecord r;
    JudgedAtom a, b, c;
    a.sentence = 1, a.verdict = Verdict::Correct;
    b.sentence = 1, b.verdict = Verdict::Unverifiable;
    c.sentence = 2, c.verdict = Verdict::Unverifiable;
    r.atoms = {a, b, c};
    EXPECT_EQ(sentence_verdict(r, 1), Verdict::Correct);
    EXPECT_EQ(sentence_verdict(r, 2), Verdict::Unverifiable);
    EXPECT_EQ(sentence_verdict(r, 3), Verdict::Unverifiable);  // no atom came from it
    r.atoms.push_back(c);
    r.atoms.back().sentence = 1;
    r.atoms.back().verdict = Verdict::Incorrect;
    EXPECT_EQ(sentence_verdict(r, 1), Verdict::Incorrect);
}

TEST(Comment, WriterFailureIsReportedWithTheStep) {
    FakeLlmServer server;
    server.then(FakeLlmServer::json_answer({{"text", "no commentary key"}}))
        .then(FakeLlmServer::json_answer({{"text", "still wrong"}}));
    LlmClient client(server.client_config(""));
    PromptLibrary prompts;
    CommentResult r = comment_on(client, prompts, board_suite(), at(Fork), "Nc7+");
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.error.rfind("commentary generation failed (bad_answer): ", 0), 0u) << r.error;
    EXPECT_EQ(r.requests, 2);  // the answer and one repair
    EXPECT_EQ(comment_json(r)["error"], r.error);
}

TEST(Comment, NoEndpointNoRequest) {
    LlmClient client(LlmConfig{});
    PromptLibrary prompts;
    CommentResult r = comment_on(client, prompts, board_suite(), at(Fork), "Nc7+");
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.error, NoLlmEndpointMessage);
    EXPECT_EQ(r.requests, 0);
}

TEST(CommentCommand, WithoutEndpointOneLineAndExit2) {
    std::string cmd =
        "env -u GLOSSFISH_LLM_URL -u GLOSSFISH_LLM_MODEL -u GLOSSFISH_LLM_KEY -u OPENAI_API_KEY '" +
        std::string(GLOSSFISH_BIN) + "' comment --fen " + Fork + " --move Nc7+ 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    ASSERT_TRUE(p);
    std::string out;
    char buf[1024];
    for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
    int status = pclose(p);
    EXPECT_EQ(WEXITSTATUS(status), 2);
    EXPECT_EQ(out, std::string("glossfish comment: ") + NoLlmEndpointMessage + "\n");
}

}  // namespace
}  // namespace glossfish::verifier::testing
