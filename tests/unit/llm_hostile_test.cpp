// The language-model side: no run of 8 or more characters of the
// key survives anywhere (error texts, answers, tool-call arguments, logs, stdout, stderr, --out
// files), even when a server echoes only a prefix or a piece of it; and one deadline bounds a
// whole verbalize/comment run against a server that hangs.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "cli_run.h"
#include "fake_llm_server.h"
#include "llm/llm_client.h"
#include "tools/tool_suite.h"

namespace glossfish::verifier::testing {
namespace {

using nlohmann::json;
using testkit::CliRun;
using testkit::FakeLlmServer;
using Clock = std::chrono::steady_clock;

const std::string ApiKey = "sk-live-0123456789abcdefghijKLMN";  // 32 characters

// Every run of 8 characters of the key that occurs in text (the test's own oracle: plain
// substring search for each 8-character piece).
std::vector<std::string> key_runs(const std::string& text, const std::string& key = ApiKey) {
    std::vector<std::string> found;
    for (std::size_t j = 0; j + 8 <= key.size(); ++j)
        if (text.find(key.substr(j, 8)) != std::string::npos) found.push_back(key.substr(j, 8));
    return found;
}

double seconds_since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

}  // namespace

TEST(KeyRedaction, EveryRunOfEightOrMore) {
    LlmConfig c;
    c.key = ApiKey;
    LlmClient client(c);
    // The whole key, a prefix, a middle piece, the end, two pieces side by side.
    EXPECT_EQ(client.redact("key " + ApiKey + " end"), "key [redacted] end");
    EXPECT_EQ(client.redact("Incorrect API key provided: sk-live-0123****"),
              "Incorrect API key provided: [redacted]****");
    EXPECT_EQ(client.redact("x56789abcdy"), "x[redacted]y");
    EXPECT_EQ(client.redact("...ghijKLMN"), "...[redacted]");
    EXPECT_EQ(client.redact("0123456789abKLMNsk-live-"), "[redacted]KLMN[redacted]");
    // Seven characters are not a run; other text is untouched.
    EXPECT_EQ(client.redact("3456789 and sk-live"), "3456789 and sk-live");
    EXPECT_EQ(client.redact("no key here"), "no key here");
    // A key shorter than 8 characters is redacted whole, and only whole.
    LlmConfig s;
    s.key = "abc123";
    LlmClient short_key(s);
    EXPECT_EQ(short_key.redact("abc123 abc12"), "[redacted] abc12");
    // Strings anywhere in a JSON value, keys included.
    json j = client.redact_json(
        {{"content", "prefix sk-live-01234"}, {"sk-live-0123", {1, "ghijKLMN"}}});
    EXPECT_TRUE(key_runs(j.dump()).empty()) << j.dump();
}

TEST(KeyRedaction, EchoedPiecesNeverLeaveTheClient) {
    FakeLlmServer server;
    // A tool call whose arguments echo a piece, then an answer that echoes a prefix.
    server.then(FakeLlmServer::tool_calls(
        {{"c1", "piece_at", R"({"fen":"startpos 456789abcdefg","square":"e1"})"}}));
    server.then(FakeLlmServer::answer("The key starts sk-live-0123456 and ends ghijKLMN."));
    ToolSuite tools;
    LlmConfig c = server.client_config(ApiKey);
    std::vector<std::string> log;
    c.log = [&](const std::string& line) { log.push_back(line); };
    ChatRequest req;
    req.messages = json::array({user_message("hi")});
    req.tools = &tools;
    ChatResult r = LlmClient(c).chat(req);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_TRUE(key_runs(r.content).empty()) << r.content;
    EXPECT_TRUE(key_runs(r.messages.dump()).empty());
    ASSERT_EQ(r.tool_calls.size(), 1u);
    EXPECT_TRUE(key_runs(r.tool_calls[0].arguments).empty()) << r.tool_calls[0].arguments;
    for (const std::string& line : log) EXPECT_TRUE(key_runs(line).empty()) << line;
    // Nor does a server error that quotes a piece.
    server.then(FakeLlmServer::status(401, R"({"error":{"message":"bad key 0123456789abcd..."}})"));
    ChatResult e = LlmClient(c).chat(req);
    EXPECT_FALSE(e.ok);
    EXPECT_TRUE(key_runs(e.error).empty()) << e.error;
    EXPECT_NE(e.error.find("bad key [redacted]..."), std::string::npos) << e.error;
}

TEST(LlmDeadline, OneDeadlineForTheWholeExchange) {
    FakeLlmServer server;
    for (int i = 0; i < 4; ++i)
        server.then(FakeLlmServer::delayed(FakeLlmServer::answer("late"), 20000));
    LlmConfig c = server.client_config(ApiKey);
    c.timeout_s = 30;  // each request alone would wait 30 s, with 3 retries 2 minutes
    c.max_retries = 3;
    c.deadline_s = 1;
    c.deadline = Clock::now() + std::chrono::seconds(1);
    ChatRequest req;
    req.messages = json::array({user_message("hi")});
    const auto t0 = Clock::now();
    ChatResult r = LlmClient(c).chat(req);
    const double took = seconds_since(t0);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.kind, LlmErrorKind::Timeout);
    EXPECT_NE(r.error.find("deadline of 1 s for the whole command"), std::string::npos) << r.error;
    EXPECT_GE(took, 0.9);
    EXPECT_LT(took, 5.0);
    server.stop();
}

namespace {

CliRun run(const std::string& command, const std::vector<std::string>& args,
           const std::vector<std::string>& env) {
    return testkit::run_glossfish_command(command, args, env);
}

const char* const Fen = "8/8/8/8/8/8/8/K6k w - - 0 1";

}  // namespace

TEST(KeyRedaction, VerbalizeAndCommentPrintNoPieceOfTheKey) {
    FakeLlmServer server;
    server.then(FakeLlmServer::json_answer(
        {{"description", "Thanks for the key sk-live-0123456789 (ends ...hijKLMN)."}}));
    const std::string out = (std::filesystem::temp_directory_path() /
                             ("glossfish_redact_" + std::to_string(::getpid()) + ".json"))
                                .string();
    const std::vector<std::string> env = {"GLOSSFISH_LLM_URL=" + server.url(),
                                          "GLOSSFISH_LLM_KEY=" + ApiKey};
    CliRun v = run("verbalize",
                   {"--fen", Fen, "--mode", "c", "--concepts", "endgame", "--refine", "0", "--out",
                    out, "--verbose"},
                   env);
    EXPECT_EQ(v.exit_code, 0) << v.err;
    std::ifstream in(out);
    const std::string file((std::istreambuf_iterator<char>(in)), {});
    EXPECT_NE(file.find("[redacted]"), std::string::npos) << file;
    for (const std::string& text : {v.out, v.err, file})
        EXPECT_TRUE(key_runs(text).empty()) << text;
    std::filesystem::remove(out);

    server.then(FakeLlmServer::status(
        500, R"({"error":{"message":"upstream rejected key 89abcdefghij"}})"));
    CliRun c = run("comment",
                   {"--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "--move",
                    "e4", "--depth", "1", "--verbose"},
                   {"GLOSSFISH_LLM_URL=" + server.url(), "GLOSSFISH_LLM_KEY=" + ApiKey,
                    "GLOSSFISH_LLM_RETRIES=0"});
    EXPECT_EQ(c.exit_code, 1);
    EXPECT_NE(c.err.find("[redacted]"), std::string::npos) << c.err;
    for (const std::string& text : {c.out, c.err}) EXPECT_TRUE(key_runs(text).empty()) << text;
}

TEST(LlmDeadline, VerbalizeEndsAtItsDeadlineAgainstAHangingServer) {
    FakeLlmServer server;
    for (int i = 0; i < 4; ++i)
        server.then(
            FakeLlmServer::delayed(FakeLlmServer::json_answer({{"description", "late"}}), 30000));
    const auto t0 = Clock::now();
    CliRun r =
        run("verbalize", {"--fen", Fen, "--mode", "c", "--concepts", "endgame", "--deadline", "2"},
            {"GLOSSFISH_LLM_URL=" + server.url(), "GLOSSFISH_LLM_RETRIES=3"});
    const double took = seconds_since(t0);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("deadline of 2 s for the whole command"), std::string::npos) << r.err;
    EXPECT_LT(took, 10.0);
    CliRun bad = run("verbalize", {"--fen", Fen, "--deadline", "0"}, {});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("--deadline must be an integer 1..86400, got '0'"), std::string::npos)
        << bad.err;
    server.stop();
}

// judge: a hanging server costs each record its --deadline, and the batch goes on.
TEST(LlmDeadline, JudgeCutsEachRecordAtItsDeadline) {
    FakeLlmServer server;
    for (int i = 0; i < 8; ++i)
        server.then(FakeLlmServer::delayed(FakeLlmServer::json_answer({{"atoms", {}}}), 30000));
    const std::string in = (std::filesystem::temp_directory_path() /
                            ("glossfish_judge_deadline_" + std::to_string(::getpid()) + ".jsonl"))
                               .string();
    {
        std::ofstream f(in);
        f << R"({"id":"a","fen":"8/8/8/8/8/8/8/K6k w - - 0 1","move":"Kb1","commentary":"The king walks."})"
          << "\n"
          << R"({"id":"b","fen":"8/8/8/8/8/8/8/K6k w - - 0 1","move":"Ka2","commentary":"The king walks."})"
          << "\n";
    }
    const auto t0 = Clock::now();
    CliRun r = run("judge", {"--input", in, "--depth", "1", "--deadline", "1", "--bootstrap", "10"},
                   {"GLOSSFISH_LLM_URL=" + server.url(), "GLOSSFISH_LLM_RETRIES=3"});
    const double took = seconds_since(t0);
    // Two records of 1 s each, not 2 x 4 attempts of the server's 30 s.
    EXPECT_LT(took, 12.0) << r.err;
    std::istringstream lines(r.out);
    int cut = 0;
    for (std::string l; std::getline(lines, l);)
        if (l.find("deadline of 1 s for this record") != std::string::npos) ++cut;
    EXPECT_EQ(cut, 2) << r.out << r.err;
    CliRun bad = run("judge", {"--input", in, "--deadline", "0"}, {});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("--deadline must be an integer 1..86400, got '0'"), std::string::npos)
        << bad.err;
    std::filesystem::remove(in);
    server.stop();
}

}  // namespace glossfish::verifier::testing
