// The verbalize tool (verifier/tools/verbalize_tool.cpp) through the one tool suite that UCI,
// MCP, the plugin and `glossfish tool` serve, against the fake OpenAI-compatible server: a given
// tree reaches the model as given, the refine rounds run, every mistake is found before a
// request, a model that fails after the first description gives an explicit incomplete answer,
// and a model is never offered the tool itself.
#include <gtest/gtest.h>

#include <cstdlib>

#include "fake_llm_server.h"
#include "mcp/mcp_tools.h"
#include "service/make_tool_suite.h"

// A namespace of its own: the unity build joins this file with verbalize_test.cpp.
namespace glossfish::verifier::testing::verbalize_tool {
namespace {

using nlohmann::json;
using testkit::FakeLlmServer;

// Lichess puzzle ZMTE6, Black mates in 2; the opponent's replies are not in alphabetical order,
// so a tree that lost its order would show.
const char* const Fen = "r7/4PP2/8/1pRp4/3P1kp1/2P5/6PK/8 b - - 0 45";
const char* const TreeText = R"({"g3+":{"Kh3":{"Rh8#":{}},"Kh1":{"Ra1#":{}},"Kg1":{"Ra1#":{}}}})";

bool contains(const std::string& hay, const std::string& needle) {
    return hay.find(needle) != std::string::npos;
}

// The suite of every surface, its model the fake server (or none with an empty url).
std::unique_ptr<ToolSuite> suite_for(const std::string& url) {
    unsetenv("GLOSSFISH_LLM_URL");
    Settings s;
    s.llm_url = url;
    s.llm_model = "fake";
    return make_tool_suite(s);
}

TEST(VerbalizeTool, GivenTreeReachesTheModelAndRefineRoundsRun) {
    FakeLlmServer server;
    server.then(FakeLlmServer::json_answer({{"description", "Play g3+ and mate next move."}}))
        .then(FakeLlmServer::json_answer(
            {{"complete", false}, {"feedback", {"Name the mate after Kh3."}}}))
        .then(FakeLlmServer::json_answer({{"description", "g3+; Kh3 Rh8#, Kh1 or Kg1 Ra1#."}}))
        .then(FakeLlmServer::json_answer({{"complete", true}, {"feedback", json::array()}}));
    auto suite = suite_for(server.url());
    const json out = suite->call("verbalize", {{"fen", Fen}, {"tree", TreeText}});
    ASSERT_FALSE(out.contains("error")) << out.dump();
    EXPECT_EQ(out["description"], "g3+; Kh3 Rh8#, Kh1 or Kg1 Ra1#.");
    EXPECT_EQ(out["text"], out["description"]);
    EXPECT_EQ(out["side"], "Black");
    EXPECT_EQ(out["mode"], "s");
    EXPECT_EQ(out["plies"], 3);           // the given tree's depth
    EXPECT_EQ(out["tree"], TreeText);     // as given, its replies in their order
    ASSERT_EQ(out["rounds"].size(), 2u);  // the critic was satisfied in round 2 of 3
    EXPECT_EQ(out["rounds"][0]["feedback"][0], "Name the mate after Kh3.");
    EXPECT_EQ(out["requests"], 4);
    EXPECT_FALSE(out.contains("incomplete"));
    const auto reqs = server.requests();
    ASSERT_EQ(reqs.size(), 4u);
    EXPECT_TRUE(contains(reqs[0].last_content("user"), TreeText)) << reqs[0].last_content("user");
    EXPECT_TRUE(contains(reqs[0].last_content("user"), "3 plies"));
    EXPECT_EQ(reqs[0].json["model"], "fake");
    EXPECT_FALSE(reqs[0].json.contains("tools"));  // the model describes; it calls no tool
}

TEST(VerbalizeTool, ConceptsModeWithoutRefinement) {
    FakeLlmServer server;
    server.then(FakeLlmServer::json_answer({{"description", "A mating attack on the king."}}));
    auto suite = suite_for(server.url());
    const json out =
        suite->call("verbalize",
                    {{"fen", Fen}, {"mode", "c"}, {"concepts", "mateIn2, endgame"}, {"refine", 0}});
    ASSERT_FALSE(out.contains("error")) << out.dump();
    EXPECT_EQ(out["description"], "A mating attack on the king.");
    EXPECT_EQ(out["concepts"], json::array({"mateIn2", "endgame"}));
    EXPECT_TRUE(out["rounds"].empty());
    EXPECT_TRUE(out["tree"].is_null());  // mode c neither needs nor builds one
    ASSERT_EQ(server.requests().size(), 1u);
    const std::string user = server.requests()[0].last_content("user");
    EXPECT_TRUE(contains(user, "mateIn2")) << user;
    EXPECT_FALSE(contains(user, "g3+")) << user;
}

// Every mistake is found before the model is asked (and before a tree would be searched).
TEST(VerbalizeTool, MistakesAreFoundBeforeAnyRequest) {
    FakeLlmServer server;
    auto suite = suite_for(server.url());
    auto code = [&](const json& args) {
        const json out = suite->call("verbalize", args);
        return out.contains("error") ? out["error"].value("code", std::string()) : "ok";
    };
    auto argument = [&](const json& args) {
        return suite->call("verbalize", args)["error"].value("argument", std::string());
    };
    EXPECT_EQ(code({{"fen", Fen}, {"tree", R"({"Ke5":{}})"}}), "bad_value");  // illegal for Black
    EXPECT_EQ(argument({{"fen", Fen}, {"tree", R"({"Ke5":{}})"}}), "tree");
    const json bad_reply =
        suite->call("verbalize", {{"fen", Fen}, {"tree", R"({"g3+":{"Kh4":{}}})"}});
    EXPECT_TRUE(contains(bad_reply["error"].value("message", ""), "after g3+")) << bad_reply.dump();
    EXPECT_EQ(code({{"fen", Fen}, {"tree", "[1,2]"}}), "bad_value");
    // A tree deeper than any strategy: knights out and back, 300 plies, refused before a request.
    std::string deep;
    const char* const shuffle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    for (int i = 0; i < 300; ++i) deep += std::string("{\"") + shuffle[i % 4] + "\":";
    deep += "{}" + std::string(300, '}');
    const json too_deep = suite->call(
        "verbalize",
        {{"fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}, {"tree", deep}});
    EXPECT_TRUE(contains(too_deep["error"].value("message", ""), "deeper than 256 plies"))
        << too_deep.dump().substr(0, 300);
    EXPECT_EQ(code({{"fen", Fen}, {"tree", "{}"}}), "bad_value");  // nothing to describe
    EXPECT_EQ(code({{"fen", Fen}, {"mode", "sc"}, {"tree", TreeText}}), "missing_argument");
    EXPECT_EQ(argument({{"fen", Fen}, {"mode", "c"}}), "concepts");
    EXPECT_EQ(code({{"fen", Fen}, {"mode", "x"}}), "bad_value");
    EXPECT_EQ(code({{"fen", Fen}, {"refine", 11}}), "bad_value");
    EXPECT_EQ(code({{"fen", Fen}, {"tree", 3}}), "bad_argument_type");
    EXPECT_TRUE(server.requests().empty());
}

TEST(VerbalizeTool, WithoutAModelNoLlmEndpointAndNoSearch) {
    auto suite = suite_for("");
    // No tree given and mode s: a tree would be searched, but the model is checked first.
    const json out = suite->call("verbalize", {{"fen", Fen}});
    ASSERT_TRUE(out.contains("error")) << out.dump();
    EXPECT_EQ(out["error"]["code"], "no_llm_endpoint");
    EXPECT_TRUE(contains(out["error"].value("message", ""), "GLOSSFISH_LLM_URL"));
    EXPECT_EQ(suite->started_engine(), nullptr);
    EXPECT_EQ(suite_for("ftp://127.0.0.1:1/v1")->call("verbalize", {{"fen", Fen}})["error"]["code"],
              "no_llm_endpoint");
}

// A refine round that fails after a good description: the description stays, marked incomplete;
// a first description that fails is an error.
TEST(VerbalizeTool, FailuresAreErrorsOrExplicitlyIncomplete) {
    {
        FakeLlmServer server;
        server.then(FakeLlmServer::json_answer({{"description", "Play g3+."}}))
            .then(FakeLlmServer::answer("not json"))
            .then(FakeLlmServer::answer("still not json"));
        const json out =
            suite_for(server.url())->call("verbalize", {{"fen", Fen}, {"tree", TreeText}});
        ASSERT_FALSE(out.contains("error")) << out.dump();
        EXPECT_EQ(out["description"], "Play g3+.");
        EXPECT_TRUE(contains(out.value("incomplete", ""), "refine round 1 (critic)")) << out.dump();
    }
    FakeLlmServer server;
    server.then(FakeLlmServer::json_answer({{"words", "x"}}))
        .then(FakeLlmServer::json_answer({{"words", "y"}}));
    const json out = suite_for(server.url())->call("verbalize", {{"fen", Fen}, {"tree", TreeText}});
    ASSERT_TRUE(out.contains("error")) << out.dump();
    EXPECT_EQ(out["error"]["code"], "llm_error");
    EXPECT_TRUE(contains(out["error"].value("message", ""), "description")) << out.dump();
}

// The tools a model is offered never include one that asks a model.
TEST(VerbalizeTool, ListedForPeopleNeverOfferedToModels) {
    auto suite = suite_for("");
    auto names = [](const json& schema) {
        std::vector<std::string> out;
        for (const auto& t : schema) out.push_back(t["function"]["name"]);
        return out;
    };
    const auto all = names(suite->schema()), offered = names(suite->model_schema());
    EXPECT_NE(std::find(all.begin(), all.end(), "verbalize"), all.end());
    EXPECT_EQ(std::find(offered.begin(), offered.end(), "verbalize"), offered.end());
    EXPECT_EQ(offered.size() + 1, all.size());
    // MCP lists it as what it is: open-world and not idempotent, unlike the others.
    const mcp::GlossfishTools served{Settings()};
    int model_tools = 0;
    for (const auto& t : served.tools()) {
        const bool model = t["name"] == "verbalize";
        model_tools += model;
        EXPECT_EQ(t["annotations"]["openWorldHint"], model) << t["name"];
        EXPECT_EQ(t["annotations"]["idempotentHint"], !model) << t["name"];
    }
    EXPECT_EQ(model_tools, 1);
}

}  // namespace
}  // namespace glossfish::verifier::testing::verbalize_tool
