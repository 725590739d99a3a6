// The LLM client against a scripted OpenAI-compatible server on loopback: tool calls, retries,
// timeouts, malformed replies, answer repair, and the key kept out of every output.
#include "llm/llm_client.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>

#include "fake_llm_server.h"
#include "tools/tool_suite.h"

namespace glossfish::verifier::testing {
namespace {

using nlohmann::json;
using testkit::FakeLlmServer;
using testkit::FakeReply;

const char* const Key = "sk-test-9f8e7d6c5b4a";

// A client for the fake server with short waits, collecting its log lines.
struct Fixture {
    FakeLlmServer server;
    std::vector<std::string> log;
    LlmConfig config() {
        LlmConfig c = server.client_config(Key);
        c.max_retries = 2;
        c.log = [this](const std::string& line) { log.push_back(line); };
        return c;
    }
    bool key_in_log() const {
        for (const auto& l : log)
            if (l.find(Key) != std::string::npos) return true;
        return false;
    }
};

ChatRequest ask(const std::string& text) {
    ChatRequest r;
    r.messages = json::array({system_message("You answer in JSON."), user_message(text)});
    return r;
}

// {"move": string}.
std::string check_move(const json& a) {
    if (!a.contains("move") || !a["move"].is_string()) return "\"move\" must be a string";
    return {};
}

TEST(LlmClient, NoEndpointIsOneLineErrorWithoutARequest) {
    LlmClient client(LlmConfig{});
    ChatResult r = client.chat(ask("hello"));
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.kind, LlmErrorKind::NotConfigured);
    EXPECT_EQ(r.error, NoLlmEndpointMessage);
    EXPECT_EQ(r.error.find('\n'), std::string::npos);
    EXPECT_NE(r.error.find("GLOSSFISH_LLM_URL"), std::string::npos);
    EXPECT_EQ(r.requests, 0);
}

TEST(LlmClient, EndpointForms) {
    LlmConfig c;
    c.url = "http://localhost:8080/v1";
    EXPECT_EQ(c.endpoint(), "http://localhost:8080/v1/chat/completions");
    c.url = "http://localhost:11434/v1/";
    EXPECT_EQ(c.endpoint(), "http://localhost:11434/v1/chat/completions");
    c.url = "https://api.openai.com/v1/chat/completions";
    EXPECT_EQ(c.endpoint(), "https://api.openai.com/v1/chat/completions");
    c.url = "localhost:8080";
    std::string error;
    EXPECT_EQ(c.endpoint(&error), "");
    EXPECT_NE(error.find("must start with http:// or https://"), std::string::npos);
    LlmClient client(c);
    EXPECT_EQ(client.chat(ask("x")).kind, LlmErrorKind::BadConfig);
}

TEST(LlmClient, ConfigFromEnvironment) {
    setenv("GLOSSFISH_LLM_URL", "http://h:1/v1", 1);
    setenv("GLOSSFISH_LLM_MODEL", "m", 1);
    unsetenv("GLOSSFISH_LLM_KEY");
    setenv("OPENAI_API_KEY", "sk-openai", 1);
    setenv("GLOSSFISH_LLM_TIMEOUT", "7.5", 1);
    setenv("GLOSSFISH_LLM_RETRIES", "lots", 1);
    std::vector<std::string> warnings;
    LlmConfig c = LlmConfig::from_env(&warnings);
    EXPECT_EQ(c.url, "http://h:1/v1");
    EXPECT_EQ(c.model, "m");
    EXPECT_EQ(c.key, "sk-openai");  // the fallback
    EXPECT_DOUBLE_EQ(c.timeout_s, 7.5);
    EXPECT_EQ(c.max_retries, 3);     // the bad value is ignored …
    ASSERT_EQ(warnings.size(), 1u);  // … and reported
    EXPECT_NE(warnings[0].find("GLOSSFISH_LLM_RETRIES"), std::string::npos);
    setenv("GLOSSFISH_LLM_KEY", "sk-glossfish", 1);
    EXPECT_EQ(LlmConfig::from_env().key, "sk-glossfish");  // ours wins over OPENAI_API_KEY
    for (const char* v : {"GLOSSFISH_LLM_URL", "GLOSSFISH_LLM_MODEL", "GLOSSFISH_LLM_KEY",
                          "OPENAI_API_KEY", "GLOSSFISH_LLM_TIMEOUT", "GLOSSFISH_LLM_RETRIES"})
        unsetenv(v);
}

TEST(LlmClient, ToolCallsRunInProcessThenFinalAnswer) {
    Fixture f;
    ToolSuite suite;
    f.server
        .then(FakeLlmServer::tool_calls(
            {{"call_1", "piece_at", json{{"fen", StartFen}, {"square", "e1"}}.dump()}}))
        .then(FakeLlmServer::json_answer({{"move", "e4"}}));
    ChatRequest req = ask("What stands on e1? Then answer.");
    req.tools = &suite;
    req.validate = check_move;
    ChatResult r = LlmClient(f.config()).chat(req);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.answer["move"], "e4");
    EXPECT_EQ(r.tool_rounds, 1);
    ASSERT_EQ(r.tool_calls.size(), 1u);
    EXPECT_EQ(r.tool_calls[0].name, "piece_at");
    EXPECT_FALSE(r.tool_calls[0].error);
    EXPECT_EQ(r.tool_calls[0].result["piece"], "king");
    EXPECT_EQ(r.tool_calls[0].result["color"], "white");

    auto reqs = f.server.requests();
    ASSERT_EQ(reqs.size(), 2u);
    EXPECT_EQ(reqs[0].path, "/v1/chat/completions");
    EXPECT_EQ(reqs[0].authorization, std::string("Bearer ") + Key);
    EXPECT_EQ(reqs[0].json["model"], "fake-model");
    // Every tool of the suite is offered, in the OpenAI form, but the one that asks a model.
    ASSERT_TRUE(reqs[0].json["tools"].is_array());
    EXPECT_EQ(reqs[0].json["tools"].size(), suite.list().size() - 1);
    for (const auto& t : reqs[0].json["tools"]) EXPECT_NE(t["function"]["name"], "verbalize");
    EXPECT_EQ(reqs[0].json["tools"][0]["type"], "function");
    EXPECT_EQ(reqs[0].json["tool_choice"], "auto");
    EXPECT_EQ(reqs[0].messages().size(), 2u);
    // The second request carries the model's call and the tool's answer.
    const json& m = reqs[1].messages();
    ASSERT_EQ(m.size(), 4u);
    EXPECT_EQ(m[2]["role"], "assistant");
    EXPECT_EQ(m[2]["tool_calls"][0]["id"], "call_1");
    EXPECT_EQ(m[3]["role"], "tool");
    EXPECT_EQ(m[3]["tool_call_id"], "call_1");
    json tool_answer = json::parse(m[3]["content"].get<std::string>());
    EXPECT_EQ(tool_answer["piece"], "king");
    EXPECT_EQ(tool_answer["square"], "e1");
    EXPECT_FALSE(f.key_in_log());
}

TEST(LlmClient, BadToolArgumentsGoBackToTheModelAsTheToolResult) {
    Fixture f;
    ToolSuite suite;
    f.server
        .then(FakeLlmServer::tool_calls(
            {{"a", "piece_at", json{{"fen", StartFen}, {"square", "z9"}}.dump()},
             {"b", "piece_at", "{not json"},
             {"c", "no_such_tool", "{}"}}))
        .then(FakeLlmServer::answer("done"));
    ChatRequest req = ask("go");
    req.tools = &suite;
    ChatResult r = LlmClient(f.config()).chat(req);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.content, "done");
    ASSERT_EQ(r.tool_calls.size(), 3u);
    for (const auto& c : r.tool_calls) EXPECT_TRUE(c.error) << c.name;
    auto reqs = f.server.requests();
    ASSERT_EQ(reqs.size(), 2u);
    const json& m = reqs[1].messages();
    ASSERT_EQ(m.size(), 6u);  // system, user, assistant, three tool results
    json bad_square = json::parse(m[3]["content"].get<std::string>());
    EXPECT_EQ(bad_square["error"]["code"], "bad_square");
    json bad_json = json::parse(m[4]["content"].get<std::string>());
    EXPECT_EQ(bad_json["error"]["code"], "bad_json");
    json unknown = json::parse(m[5]["content"].get<std::string>());
    EXPECT_EQ(unknown["error"]["code"], "unknown_tool");
    EXPECT_EQ(m[5]["tool_call_id"], "c");
}

TEST(LlmClient, OnlyTheNamedToolsAreOffered) {
    Fixture f;
    ToolSuite suite;
    f.server.then(FakeLlmServer::tool_calls({{"x", "legal_moves", json{{"fen", StartFen}}.dump()}}))
        .then(FakeLlmServer::answer("ok"));
    ChatRequest req = ask("go");
    req.tools = &suite;
    req.tool_names = {"piece_at", "status"};
    req.require_tool_use = true;
    ChatResult r = LlmClient(f.config()).chat(req);
    ASSERT_TRUE(r.ok) << r.error;
    auto reqs = f.server.requests();
    ASSERT_EQ(reqs[0].json["tools"].size(), 2u);
    EXPECT_EQ(reqs[0].json["tools"][0]["function"]["name"], "piece_at");
    EXPECT_EQ(reqs[0].json["tool_choice"], "required");  // mandatory tool use
    EXPECT_EQ(reqs[1].json["tool_choice"], "auto");      // once a tool has been called
    // A tool outside the list is refused even though the suite has it.
    EXPECT_EQ(r.tool_calls[0].result["error"]["code"], "unknown_tool");
}

TEST(LlmClient, ToolRoundsAreBounded) {
    Fixture f;
    ToolSuite suite;
    const auto call = FakeLlmServer::tool_calls({{"x", "status", json{{"fen", StartFen}}.dump()}});
    f.server.then(call).then(call).then(call);
    ChatRequest req = ask("go");
    req.tools = &suite;
    req.max_tool_rounds = 1;
    ChatResult r = LlmClient(f.config()).chat(req);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.kind, LlmErrorKind::ToolRounds);
    EXPECT_EQ(r.error, "the model kept calling tools after 1 rounds");
    auto reqs = f.server.requests();
    ASSERT_EQ(reqs.size(), 2u);
    EXPECT_EQ(reqs[1].json["tool_choice"], "none");  // the model was told to answer
}

TEST(LlmClient, RateLimitedThenSuccessHonoursRetryAfterUpToTheCap) {
    Fixture f;
    f.server
        .then(FakeLlmServer::status(429, R"({"error":{"message":"slow down"}})",
                                    {{"Retry-After", "30"}}))
        .then(FakeLlmServer::answer("hi"));
    auto t0 = std::chrono::steady_clock::now();
    ChatResult r = LlmClient(f.config()).chat(ask("x"));
    auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.content, "hi");
    EXPECT_EQ(r.requests, 2);
    EXPECT_EQ(r.retries, 1);
    EXPECT_LT(ms, 1000);  // Retry-After 30 s was capped at max_backoff_s (0.02 s)
    ASSERT_GE(f.log.size(), 2u);
    EXPECT_NE(f.log[1].find("HTTP 429, retrying in 0.02 s"), std::string::npos) << f.log[1];
}

TEST(LlmClient, ServerErrorsUntilRetriesRunOut) {
    Fixture f;
    for (int i = 0; i < 3; ++i)
        f.server.then(FakeLlmServer::status(503, R"({"error":{"message":"model is loading"}})"));
    ChatResult r = LlmClient(f.config()).chat(ask("x"));
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.kind, LlmErrorKind::Http);
    EXPECT_EQ(r.requests, 3);  // 1 + max_retries
    EXPECT_EQ(r.retries, 2);
    EXPECT_EQ(r.error, "HTTP 503 from " + f.server.url() +
                           "/chat/completions (3 attempts): model is loading");
    EXPECT_EQ(f.server.pending(), 0u);
}

TEST(LlmClient, ClientErrorIsNotRetriedAndTheEchoedKeyIsRedacted) {
    Fixture f;
    f.server.then(FakeLlmServer::status(
        401,
        json{{"error", {{"message", std::string("Incorrect API key provided: ") + Key}}}}.dump()));
    ChatResult r = LlmClient(f.config()).chat(ask("x"));
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.kind, LlmErrorKind::Http);
    EXPECT_EQ(r.requests, 1);
    EXPECT_EQ(r.error, "HTTP 401 from " + f.server.url() +
                           "/chat/completions: Incorrect API key provided: [redacted]");
    EXPECT_EQ(r.error.find(Key), std::string::npos);
    EXPECT_FALSE(f.key_in_log());
    // Still sent in the header, where it belongs.
    EXPECT_EQ(f.server.requests()[0].authorization, std::string("Bearer ") + Key);
}

TEST(LlmClient, OllamaStyleErrorString) {
    Fixture f;
    f.server.then(FakeLlmServer::status(
        404, R"({"error":"model \"llama9\" not found, try pulling it first"})"));
    ChatResult r = LlmClient(f.config()).chat(ask("x"));
    EXPECT_EQ(r.kind, LlmErrorKind::Http);
    EXPECT_NE(r.error.find("HTTP 404"), std::string::npos);
    EXPECT_NE(r.error.find("model \"llama9\" not found"), std::string::npos);
}

TEST(LlmClient, ReplyHangingPastTheTimeout) {
    Fixture f;
    LlmConfig c = f.config();
    c.timeout_s = 0.15;
    c.max_retries = 0;
    f.server.then(FakeLlmServer::delayed(FakeLlmServer::answer("late"), 3000));
    auto t0 = std::chrono::steady_clock::now();
    ChatResult r = LlmClient(c).chat(ask("x"));
    auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.kind, LlmErrorKind::Timeout);
    EXPECT_EQ(r.error, "request to " + f.server.url() + "/chat/completions timed out after 0.15 s");
    EXPECT_LT(ms, 900);
}

TEST(LlmClient, TimeoutIsRetried) {
    Fixture f;
    LlmConfig c = f.config();
    c.timeout_s = 0.15;
    c.max_retries = 1;
    f.server.then(FakeLlmServer::delayed(FakeLlmServer::answer("late"), 3000))
        .then(FakeLlmServer::answer("on time"));
    ChatResult r = LlmClient(c).chat(ask("x"));
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.content, "on time");
    EXPECT_EQ(r.retries, 1);
}

TEST(LlmClient, RefusedConnectionIsRetriedThenReported) {
    Fixture f;
    LlmConfig c = f.config();
    f.server.stop();  // nothing listens on the port any more
    ChatResult r = LlmClient(c).chat(ask("x"));
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.kind, LlmErrorKind::Transport);
    EXPECT_EQ(r.requests, 3);
    EXPECT_EQ(r.error.rfind("cannot reach " + c.url + "/chat/completions: ", 0), 0u) << r.error;
    EXPECT_NE(r.error.find("(3 attempts)"), std::string::npos);
}

TEST(LlmClient, DroppedConnectionIsRetried) {
    Fixture f;
    f.server.then(FakeLlmServer::dropped()).then(FakeLlmServer::answer("after the drop"));
    ChatResult r = LlmClient(f.config()).chat(ask("x"));
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.content, "after the drop");
    EXPECT_EQ(r.requests, 2);
    EXPECT_EQ(r.retries, 1);
    ASSERT_GE(f.log.size(), 2u);
    EXPECT_NE(f.log[1].find(", retrying in 0.005 s"), std::string::npos) << f.log[1];
}

TEST(LlmClient, MalformedBodyAndMissingChoices) {
    Fixture f;
    f.server.then(FakeLlmServer::raw("{\"choices\": ["))
        .then(FakeLlmServer::raw(R"({"object":"chat.completion"})"))
        .then(FakeLlmServer::raw(R"({"choices":[{"index":0}]})"));
    LlmClient client(f.config());
    ChatResult a = client.chat(ask("x"));
    EXPECT_EQ(a.kind, LlmErrorKind::BadResponse);
    EXPECT_EQ(a.error, "reply from " + f.server.url() +
                           "/chat/completions is not a JSON object: {\"choices\": [");
    EXPECT_EQ(a.requests, 1);  // not retried
    ChatResult b = client.chat(ask("x"));
    EXPECT_EQ(b.kind, LlmErrorKind::BadResponse);
    EXPECT_EQ(b.error, "reply from " + f.server.url() + "/chat/completions has no choices");
    ChatResult c = client.chat(ask("x"));
    EXPECT_EQ(c.error,
              "reply from " + f.server.url() + "/chat/completions has a choice without a message");
}

TEST(LlmClient, WrongShapeIsRepairedOnce) {
    Fixture f;
    f.server.then(FakeLlmServer::json_answer({{"mv", "e4"}}))
        .then(FakeLlmServer::answer("```json\n{\"move\": \"Nf3\"}\n```"));
    ChatRequest req = ask("Your move?");
    req.validate = check_move;
    ChatResult r = LlmClient(f.config()).chat(req);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_TRUE(r.repaired);
    EXPECT_EQ(r.answer["move"], "Nf3");
    auto reqs = f.server.requests();
    ASSERT_EQ(reqs.size(), 2u);
    // JSON asked for (no tools, so response_format is allowed).
    EXPECT_EQ(reqs[0].json["response_format"]["type"], "json_object");
    // The rejected answer and the reason went back.
    const json& m = reqs[1].messages();
    ASSERT_EQ(m.size(), 4u);
    EXPECT_EQ(m[2]["role"], "assistant");
    EXPECT_EQ(m[2]["content"], R"({"mv":"e4"})");
    EXPECT_EQ(m[3]["role"], "user");
    EXPECT_NE(m[3]["content"].get<std::string>().find("\"move\" must be a string"),
              std::string::npos);
}

TEST(LlmClient, WrongShapeTwiceIsAClearFailure) {
    Fixture f;
    f.server.then(FakeLlmServer::answer("I would play e4."))
        .then(FakeLlmServer::json_answer({{"move", 4}}));
    ChatRequest req = ask("Your move?");
    req.validate = check_move;
    ChatResult r = LlmClient(f.config()).chat(req);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.kind, LlmErrorKind::BadAnswer);
    EXPECT_EQ(
        r.error,
        "the model's answer was rejected after one repair attempt: \"move\" must be a string");
    EXPECT_NE(f.server.requests()[1].last_content("user").find("the answer is not a JSON object"),
              std::string::npos);
}

TEST(LlmClient, MandatoryToolUseRejectsAnAnswerWithoutTools) {
    Fixture f;
    ToolSuite suite;
    f.server.then(FakeLlmServer::json_answer({{"move", "e4"}}))
        .then(FakeLlmServer::tool_calls({{"t", "status", json{{"fen", StartFen}}.dump()}}))
        .then(FakeLlmServer::json_answer({{"move", "d4"}}));
    ChatRequest req = ask("Check, then answer");
    req.tools = &suite;
    req.require_tool_use = true;
    req.validate = check_move;
    ChatResult r = LlmClient(f.config()).chat(req);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.answer["move"], "d4");
    auto reqs = f.server.requests();
    ASSERT_EQ(reqs.size(), 3u);
    EXPECT_NE(reqs[1].last_content("user").find("you must call at least one tool"),
              std::string::npos);
    EXPECT_FALSE(reqs[0].json.contains("response_format"));  // not sent together with tools
}

TEST(LlmClient, ParseJsonAnswer) {
    std::string error;
    EXPECT_EQ((*parse_json_answer(R"({"a":1})", &error))["a"], 1);
    EXPECT_EQ((*parse_json_answer("Sure! ```json\n{\"a\": 2}\n``` Hope that helps.", &error))["a"],
              2);
    EXPECT_EQ((*parse_json_answer("The answer is {\"a\": 3}.", &error))["a"], 3);
    EXPECT_FALSE(parse_json_answer("[1, 2]", &error));
    EXPECT_EQ(error, "the answer is JSON array, expected a JSON object");
    EXPECT_FALSE(parse_json_answer("  ", &error));
    EXPECT_EQ(error, "the answer is empty, expected a JSON object");
    EXPECT_FALSE(parse_json_answer("e4", &error));
    EXPECT_EQ(error, "the answer is not a JSON object");
}

TEST(LlmClient, NoKeyMeansNoAuthorizationHeader) {
    Fixture f;
    LlmConfig c = f.config();
    c.key.clear();
    f.server.then(FakeLlmServer::answer("ok"));
    ASSERT_TRUE(LlmClient(c).chat(ask("x")).ok);
    EXPECT_EQ(f.server.requests()[0].authorization, "");
}

TEST(LlmClient, UsageIsSummed) {
    Fixture f;
    ToolSuite suite;
    f.server.then(FakeLlmServer::tool_calls({{"t", "status", json{{"fen", StartFen}}.dump()}}))
        .then(FakeLlmServer::answer("ok"));
    ChatRequest req = ask("x");
    req.tools = &suite;
    ChatResult r = LlmClient(f.config()).chat(req);
    ASSERT_TRUE(r.ok);
    EXPECT_EQ(r.prompt_tokens, 20);  // 10 per fake reply
    EXPECT_EQ(r.completion_tokens, 10);
    EXPECT_EQ(r.finish_reason, "stop");
}

}  // namespace
}  // namespace glossfish::verifier::testing
