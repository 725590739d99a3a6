// Bounded model calls: a tool call made by the model has a time budget (a
// strategy tree with huge arguments answers "cancelled" instead of holding the exchange), and
// a cancelled token aborts a request that the server is still holding. Against the fake
// OpenAI-compatible server of fake_llm_server.h and a real Stockfish for the tool.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "fake_llm_server.h"
#include "llm/llm_client.h"
#include "rules/notation.h"
#include "tools/tool_suite.h"

namespace glossfish::verifier {
namespace {

using testkit::FakeLlmServer;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

ChatRequest ask(const std::string& text) {
    ChatRequest r;
    r.messages = nlohmann::json::array({user_message(text)});
    return r;
}

TEST(LlmCancel, ToolCallsOverTheirBudgetAreCancelled) {
    FakeLlmServer server;
    Analyzer analyzer(Analyzer::Config{});
    ToolSuite suite(&analyzer);
    const nlohmann::json huge = {{"fen", StartFen}, {"plies", 4}, {"breadth", 3}, {"depth", 30}};
    server.then(FakeLlmServer::tool_calls({{"call_1", "strategy_tree", huge.dump()}}))
        .then(FakeLlmServer::answer("done"));
    LlmConfig config = server.client_config("");
    config.tool_budget_s = 0.5;
    ChatRequest request = ask("Build me a big tree.");
    request.tools = &suite;
    const auto t0 = Clock::now();
    ChatResult r = LlmClient(config).chat(request);
    const auto took = Clock::now() - t0;
    ASSERT_TRUE(r.ok) << r.error;
    ASSERT_EQ(r.tool_calls.size(), 1u);
    EXPECT_TRUE(r.tool_calls[0].error);
    EXPECT_EQ(r.tool_calls[0].result["error"]["code"], "cancelled");
    EXPECT_EQ(r.tool_calls[0].result["error"]["message"],
              "the tool call ran out of its time budget");
    EXPECT_LT(took, milliseconds(4000)) << "the tool ran past its 0.5 s budget";
    EXPECT_EQ(r.content, "done");
}

TEST(LlmCancel, CancelAbortsARequestInFlight) {
    FakeLlmServer server;
    server.then(FakeLlmServer::delayed(FakeLlmServer::answer("too late"), 8000));
    CancelToken token;
    CallContext call;
    call.cancel = &token;
    std::vector<std::string> progress;
    call.progress = [&](const std::string& line) { progress.push_back(line); };
    std::thread canceller([&] {
        std::this_thread::sleep_for(milliseconds(200));
        token.cancel();
    });
    const auto t0 = Clock::now();
    ChatResult r = LlmClient(server.client_config("")).chat(ask("Comment on e4."), call);
    const auto took = Clock::now() - t0;
    canceller.join();
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.kind, LlmErrorKind::Cancelled) << r.error;
    EXPECT_EQ(r.requests, 1) << "no retry after a cancel";
    EXPECT_LT(took, milliseconds(2500)) << "libcurl checks the token about once a second";
    // The call's progress: its one request, then why it ended.
    ASSERT_EQ(progress.size(), 2u);
    EXPECT_EQ(progress[0].rfind("llm: POST ", 0), 0u) << progress[0];
    EXPECT_NE(progress[1].find("was cancelled"), std::string::npos) << progress[1];
}

}  // namespace
}  // namespace glossfish::verifier
