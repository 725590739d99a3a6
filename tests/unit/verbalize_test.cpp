// Strategy verbalization against the fake OpenAI-compatible server: the library call
// (verifier/llm/verbalizer.h) and `glossfish verbalize` end to end (the real binary).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "cli_run.h"
#include "fake_llm_server.h"
#include "llm/verbalizer.h"

namespace glossfish::verifier::testing {
namespace {

using nlohmann::json;
using testkit::FakeLlmServer;

// Lichess puzzle ZMTE6, Black mates in 2 (the README's tree example).
const char* const Fen = "r7/4PP2/8/1pRp4/3P1kp1/2P5/6PK/8 b - - 0 45";
const char* const TreeText = R"({"g3+":{"Kh3":{"Rh8#":{}},"Kh1":{"Ra1#":{}},"Kg1":{"Ra1#":{}}}})";
const char* const Key = "sk-verbalize-5e6f7a8b";

LlmConfig fast_config(const FakeLlmServer& server) { return server.client_config(Key); }

VerbalizeInput zmte6() {
    VerbalizeInput in;
    in.fen = Fen;
    in.side = "Black";
    in.plies = 3;
    in.tree = nlohmann::ordered_json::parse(TreeText);
    in.concepts = {"mateIn2", "endgame"};
    return in;
}

bool contains(const std::string& hay, const std::string& needle) {
    return hay.find(needle) != std::string::npos;
}

TEST(Verbalize, DescriptionThenCriticAndRewriteUntilComplete) {
    FakeLlmServer server;
    server.then(FakeLlmServer::json_answer({{"description", "Play g3+; after Kh3 mate with Rh8."}}))
        .then(FakeLlmServer::json_answer(
            {{"complete", false}, {"feedback", {"Say what to play after Kh1 or Kg1."}}}))
        .then(FakeLlmServer::json_answer({{"description", "Play g3+. Kh3 Rh8#; Kh1 or Kg1 Ra1#."}}))
        .then(FakeLlmServer::json_answer({{"complete", true}, {"feedback", json::array()}}));
    LlmClient client(fast_config(server));
    PromptLibrary prompts({GLOSSFISH_PROMPTS_DIR});
    VerbalizeResult r = verbalize(client, prompts, zmte6(), VerbalizeMode::S, 3);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.description, "Play g3+. Kh3 Rh8#; Kh1 or Kg1 Ra1#.");
    ASSERT_EQ(r.rounds.size(), 2u);  // stopped when the critic was satisfied, not after 3
    EXPECT_FALSE(r.rounds[0].complete);
    EXPECT_EQ(r.rounds[0].feedback,
              (std::vector<std::string>{"Say what to play after Kh1 or Kg1."}));
    EXPECT_TRUE(r.rounds[1].complete);
    EXPECT_EQ(r.requests, 4);

    auto reqs = server.requests();
    ASSERT_EQ(reqs.size(), 4u);
    // V-S: the FEN, the side, the plies and the tree, in SAN.
    const std::string vs = reqs[0].last_content("user");
    EXPECT_TRUE(contains(vs, std::string("Position (FEN): ") + Fen)) << vs;
    EXPECT_TRUE(contains(vs, "Black to move. The puzzle lasts 3 plies")) << vs;
    EXPECT_TRUE(contains(vs, TreeText)) << vs;
    EXPECT_FALSE(contains(vs, "mateIn2"));  // no concepts in mode s
    EXPECT_EQ(reqs[0].json["response_format"]["type"], "json_object");
    EXPECT_FALSE(reqs[0].json.contains("tools"));
    // The critic sees the description and the tree.
    const std::string critic = reqs[1].last_content("user");
    EXPECT_TRUE(contains(critic, "Play g3+; after Kh3 mate with Rh8.")) << critic;
    EXPECT_TRUE(contains(critic, TreeText));
    // The rewrite gets the feedback as a list.
    EXPECT_TRUE(contains(reqs[2].last_content("user"), "- Say what to play after Kh1 or Kg1.\n"));
    EXPECT_TRUE(contains(reqs[3].last_content("user"), "Play g3+. Kh3 Rh8#; Kh1 or Kg1 Ra1#."));

    nlohmann::ordered_json out = verbalize_output(zmte6(), VerbalizeMode::S, r);
    EXPECT_EQ(out["mode"], "s");
    EXPECT_EQ(out["description"], "Play g3+. Kh3 Rh8#; Kh1 or Kg1 Ra1#.");
    EXPECT_EQ(out["tree"].dump(), TreeText);
    ASSERT_EQ(out["rounds"].size(), 2u);
    EXPECT_EQ(out["rounds"][0]["round"], 1);
    EXPECT_EQ(out["rounds"][0]["description"], "Play g3+. Kh3 Rh8#; Kh1 or Kg1 Ra1#.");
    EXPECT_FALSE(out["rounds"][1].contains("description"));
    EXPECT_FALSE(out.contains("error"));
}

TEST(Verbalize, ConceptsModeSendsConceptsNotTheTree) {
    FakeLlmServer server;
    server.then(FakeLlmServer::json_answer({{"description", "Mate with the rook."}}));
    LlmClient client(fast_config(server));
    PromptLibrary prompts({GLOSSFISH_PROMPTS_DIR});
    VerbalizeResult r = verbalize(client, prompts, zmte6(), VerbalizeMode::C, 0);
    ASSERT_TRUE(r.ok) << r.error;
    const std::string u = server.requests()[0].last_content("user");
    EXPECT_TRUE(contains(u, "The puzzle is tagged with these concepts: mateIn2, endgame")) << u;
    EXPECT_FALSE(contains(u, "g3+"));
}

TEST(Verbalize, RejectedCritiqueFailsWithTheStepAndKeepsTheDescription) {
    FakeLlmServer server;
    server.then(FakeLlmServer::json_answer({{"description", "Play g3+."}}))
        .then(FakeLlmServer::json_answer({{"complete", "yes"}}))
        .then(FakeLlmServer::json_answer({{"complete", "yes"}}));
    LlmClient client(fast_config(server));
    PromptLibrary prompts({GLOSSFISH_PROMPTS_DIR});
    VerbalizeResult r = verbalize(client, prompts, zmte6(), VerbalizeMode::SC, 1);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.error,
              "refine round 1 (critic): the model's answer was rejected after one repair "
              "attempt: \"complete\" must be true or false");
    EXPECT_EQ(r.description, "Play g3+.");
    EXPECT_EQ(verbalize_output(zmte6(), VerbalizeMode::SC, r)["error"], r.error);
}

// ---- `glossfish verbalize` ----

using testkit::CliRun;

// Runs `glossfish verbalize` with a clean LLM environment plus env ("NAME=value").
CliRun run_glossfish(const std::vector<std::string>& args, const std::vector<std::string>& env) {
    return testkit::run_glossfish_command("verbalize", args, env);
}

struct TreeFile {
    std::filesystem::path path;
    explicit TreeFile(const std::string& text)
        : path(std::filesystem::temp_directory_path() /
               ("glossfish_tree_" + std::to_string(::getpid()) + ".json")) {
        std::ofstream(path) << text;
    }
    ~TreeFile() { std::filesystem::remove(path); }
};

TEST(VerbalizeCommand, WithoutEndpointOneLineAndExit2) {
    CliRun r = run_glossfish({"--fen", Fen}, {});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, std::string("glossfish verbalize: ") + NoLlmEndpointMessage + "\n");
    EXPECT_EQ(r.out, "");
}

TEST(VerbalizeCommand, RichTreeFileModeScWithOneRefineRound) {
    FakeLlmServer server;
    server.then(FakeLlmServer::json_answer({{"description", "g3+ then mate."}}))
        .then(FakeLlmServer::json_answer(
            {{"complete", false}, {"feedback", {"Name the mating moves."}}}))
        .then(FakeLlmServer::json_answer({{"description", "g3+; Kh3 Rh8#, else Ra1#."}}));
    // The rich format of `glossfish tree --format json` (trimmed to what the reader needs).
    TreeFile file(std::string(R"({"fen":")") + Fen +
                  R"(","root":{"children":[{"san":"g3+","children":[)" +
                  R"({"san":"Kh3","children":[{"san":"Rh8#","children":[]}]},)" +
                  R"({"san":"Kh1","children":[{"san":"Ra1#","children":[]}]},)" +
                  R"({"san":"Kg1","children":[{"san":"Ra1#","children":[]}]}]}]}})");
    CliRun r = run_glossfish({"--tree", file.path.string(), "--mode", "sc", "--refine", "1",
                              "--concepts", "mateIn2,endgame", "--verbose"},
                             {"GLOSSFISH_LLM_URL=" + server.url(), "GLOSSFISH_LLM_MODEL=fake-model",
                              std::string("GLOSSFISH_LLM_KEY=") + Key});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    json out = json::parse(r.out);
    EXPECT_EQ(out["fen"], Fen);
    EXPECT_EQ(out["side"], "Black");
    EXPECT_EQ(out["mode"], "sc");
    EXPECT_EQ(out["description"], "g3+; Kh3 Rh8#, else Ra1#.");
    EXPECT_EQ(out["tree"], json::parse(TreeText));
    EXPECT_EQ(out["concepts"], json({"mateIn2", "endgame"}));
    ASSERT_EQ(out["rounds"].size(), 1u);
    EXPECT_EQ(out["rounds"][0]["feedback"], json({"Name the mating moves."}));

    auto reqs = server.requests();
    ASSERT_EQ(reqs.size(), 3u);
    EXPECT_EQ(reqs[0].authorization, std::string("Bearer ") + Key);
    EXPECT_EQ(reqs[0].json["model"], "fake-model");
    const std::string u = reqs[0].last_content("user");
    EXPECT_TRUE(contains(u, TreeText)) << u;
    EXPECT_TRUE(contains(u, "mateIn2, endgame")) << u;
    EXPECT_TRUE(contains(u, "The puzzle lasts 3 plies")) << u;  // the tree's depth
    // The key never shows, even with --verbose logging every request.
    EXPECT_TRUE(contains(r.err, "llm: POST " + server.url() + "/chat/completions")) << r.err;
    EXPECT_FALSE(contains(r.out, Key));
    EXPECT_FALSE(contains(r.err, Key));
    EXPECT_TRUE(contains(r.err, "glossfish verbalize: mode sc, 1 refine round, 3 requests"))
        << r.err;
}

TEST(VerbalizeCommand, TemperatureAndMaxTokensAreSentAndChecked) {
    FakeLlmServer server;
    server.then(FakeLlmServer::json_answer({{"description", "g3+ then mate."}}))
        .then(FakeLlmServer::json_answer({{"description", "g3+ then mate."}}));
    TreeFile file(TreeText);
    CliRun r = run_glossfish({"--tree", file.path.string(), "--fen", Fen, "--refine", "0",
                              "--temperature", "0.3", "--max-tokens", "200"},
                             {"GLOSSFISH_LLM_URL=" + server.url()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    CliRun plain = run_glossfish({"--tree", file.path.string(), "--fen", Fen, "--refine", "0"},
                                 {"GLOSSFISH_LLM_URL=" + server.url()});
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    const auto reqs = server.requests();
    ASSERT_EQ(reqs.size(), 2u);
    EXPECT_EQ(reqs[0].json["temperature"], 0.3);
    EXPECT_EQ(reqs[0].json["max_tokens"], 200);
    EXPECT_FALSE(reqs[1].json.contains("temperature"));  // unset: the server's default
    EXPECT_FALSE(reqs[1].json.contains("max_tokens"));

    CliRun hot = run_glossfish({"--tree", file.path.string(), "--fen", Fen, "--temperature", "2.5"},
                               {"GLOSSFISH_LLM_URL=" + server.url()});
    EXPECT_EQ(hot.exit_code, 2);
    EXPECT_EQ(hot.err.substr(0, hot.err.find('\n')),
              "glossfish verbalize: --temperature must be a number 0..2, got '2.5'");
    CliRun none = run_glossfish({"--tree", file.path.string(), "--fen", Fen, "--max-tokens", "0"},
                                {"GLOSSFISH_LLM_URL=" + server.url()});
    EXPECT_EQ(none.exit_code, 2);
    EXPECT_EQ(none.err.substr(0, none.err.find('\n')),
              "glossfish verbalize: --max-tokens must be an integer 1..1000000, got '0'");
    EXPECT_EQ(server.requests().size(), 2u);  // no request for the bad values
}

TEST(VerbalizeCommand, DefaultsAreThePapersThreeRefineRounds) {
    FakeLlmServer server;
    // Description, then three rounds of critic (not complete) + rewrite.
    server.then(FakeLlmServer::json_answer({{"description", "v0"}}));
    for (int round = 1; round <= 3; ++round)
        server
            .then(FakeLlmServer::json_answer(
                {{"complete", false}, {"feedback", {"Say more about Kg1."}}}))
            .then(FakeLlmServer::json_answer({{"description", "v" + std::to_string(round)}}));
    TreeFile file(TreeText);
    CliRun r = run_glossfish({"--tree", file.path.string(), "--fen", Fen},
                             {"GLOSSFISH_LLM_URL=" + server.url()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    json out = json::parse(r.out);
    EXPECT_EQ(out["rounds"].size(), 3u);
    EXPECT_EQ(out["description"], "v3");
    EXPECT_EQ(server.requests().size(), 7u);
}

TEST(VerbalizeCommand, PuzzleRecordWithIllegalMoveIsRejectedBeforeAnyRequest) {
    FakeLlmServer server;
    TreeFile file(std::string(R"({"id":"ZMTE6","fen":")") + Fen +
                  R"(","themes":["mateIn2"],"plies":3,"tree":{"g3+":{"Kh3":{"Qd1":{}}}}})");
    CliRun r = run_glossfish({"--tree", file.path.string()}, {"GLOSSFISH_LLM_URL=" + server.url()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(contains(
        r.err, "glossfish verbalize: " + file.path.string() + ": move 'Qd1' after g3+ Kh3: "))
        << r.err;
    EXPECT_TRUE(server.requests().empty());
}

TEST(VerbalizeCommand, ModelFailureStillPrintsTheTreeAndExits1) {
    FakeLlmServer server;
    server.then(FakeLlmServer::status(400, R"({"error":{"message":"context length exceeded"}})"));
    TreeFile file(TreeText);  // a bare compact tree with its position from --fen
    CliRun r = run_glossfish({"--tree", file.path.string(), "--fen", Fen, "--refine", "0"},
                             {"GLOSSFISH_LLM_URL=" + server.url()});
    EXPECT_EQ(r.exit_code, 1);
    json out = json::parse(r.out);
    EXPECT_EQ(out["tree"], json::parse(TreeText));
    EXPECT_EQ(out["description"], "");
    EXPECT_EQ(out["error"], "description: HTTP 400 from " + server.url() +
                                "/chat/completions: context length exceeded");
}

TEST(VerbalizeCommand, CsvPuzzleInConceptsModeUsesItsThemes) {
    FakeLlmServer server;
    server.then(FakeLlmServer::json_answer({{"description", "Use the discovered attack."}}));
    CliRun r =
        run_glossfish({"--csv", std::string(GLOSSFISH_TEST_DATA) + "/lichess_puzzles_1000.csv",
                       "--id", "tewjc", "--mode", "c", "--refine", "0"},
                      {"GLOSSFISH_LLM_URL=" + server.url()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    json out = json::parse(r.out);
    // The start is the CSV FEN after the setup move a2a7.
    EXPECT_EQ(out["fen"], "r5k1/Rp3p1p/2b2qp1/3pr3/8/4P2P/2PN1PP1/Q3K2R b K - 0 19");
    EXPECT_EQ(out["side"], "Black");
    EXPECT_TRUE(out["tree"].is_null());  // mode c builds no tree
    EXPECT_EQ(out["concepts"],
              json({"crushing", "discoveredAttack", "long", "middlegame", "xRayAttack"}));
    EXPECT_TRUE(contains(server.requests()[0].last_content("user"),
                         "crushing, discoveredAttack, long, middlegame, xRayAttack"));
}

TEST(VerbalizeCommand, FenBuildsTheTreeWithStockfish) {
    FakeLlmServer server;
    server.then(FakeLlmServer::json_answer({{"description", "Check with the pawn, then mate."}}));
    CliRun r = run_glossfish({"--fen", Fen, "--plies", "1", "--breadth", "1", "--depth", "4",
                              "--jobs", "1", "--refine", "0"},
                             {"GLOSSFISH_LLM_URL=" + server.url()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    json out = json::parse(r.out);
    EXPECT_EQ(out["tree"], json::parse(R"({"g3+":{}})"));  // the only mate in 2 starts with g3+
    EXPECT_TRUE(contains(server.requests()[0].last_content("user"), R"({"g3+":{}})"));
}

TEST(VerbalizeCommand, UsageErrors) {
    EXPECT_EQ(run_glossfish({"--mode", "x", "--fen", Fen}, {}).exit_code, 2);
    CliRun both = run_glossfish({"--fen", Fen, "--csv", "x.csv", "--id", "a"}, {});
    EXPECT_EQ(both.exit_code, 2);
    EXPECT_TRUE(contains(both.err, "give one of --fen, --csv with --id, --tree"));
    CliRun refine = run_glossfish({"--fen", Fen, "--refine", "11"}, {});
    EXPECT_EQ(refine.err.substr(0, refine.err.find('\n')),
              "glossfish verbalize: --refine must be an integer 0..10, got '11'");
    CliRun concepts =
        run_glossfish({"--fen", Fen, "--mode", "c"}, {"GLOSSFISH_LLM_URL=http://127.0.0.1:9/v1"});
    EXPECT_EQ(concepts.exit_code, 2);
    EXPECT_TRUE(contains(concepts.err, "modes c and sc need concepts")) << concepts.err;
}

}  // namespace
}  // namespace glossfish::verifier::testing
