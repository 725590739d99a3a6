// The MCP server's dispatcher (uci-wrapper/mcp/mcp_server.h) with hostile input: every malformed
// message gets its JSON-RPC error code and the server answers the next message; tool calls run
// on threads (ping answered during a call), are cancelled, report progress, and are bounded.
// A fake tool host stands in for the engine; the real one is checked on its board tools.
#include "mcp/mcp_server.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "mcp/mcp_tools.h"
#include "tools/tool_suite.h"

namespace {

using nlohmann::json;
using namespace std::chrono_literals;
using glossfish::CancelToken;
using glossfish::mcp::Server;
using glossfish::mcp::ServerOptions;
using Clock = std::chrono::steady_clock;

// Tools: echo (returns its arguments), fail (a tool error), wait (blocks until cancelled, at
// most 5 s) and big (a result of `bytes` bytes).
class FakeTools : public glossfish::mcp::ToolHost {
public:
    json tools() const override {
        json list = json::array();
        for (const char* name : {"echo", "fail", "wait", "big"})
            list.push_back({{"name", name},
                            {"description", std::string("the ") + name + " tool"},
                            {"inputSchema", {{"type", "object"}}}});
        return list;
    }
    bool has_tool(std::string_view name) const override {
        return name == "echo" || name == "fail" || name == "wait" || name == "big";
    }
    json call(std::string_view name, const json& args, const CancelToken& cancel) const override {
        if (name == "echo") return args;
        if (name == "fail")
            return {{"error", {{"code", "bad_square"}, {"message", "bad square 'z9'"}}}};
        if (name == "big") return {{"text", std::string(args.value("bytes", 10), 'x')}};
        started.store(true);
        const auto deadline = Clock::now() + 5s;
        while (!cancel.cancelled() && Clock::now() < deadline) std::this_thread::sleep_for(1ms);
        stopped_at.store(Clock::now().time_since_epoch().count());
        return {{"error", {{"code", "cancelled"}, {"message", "the call was cancelled"}}}};
    }
    mutable std::atomic<bool> started{false};
    mutable std::atomic<Clock::rep> stopped_at{0};
};

// What the server wrote, one parsed message each.
class Output {
public:
    Server::Writer writer() {
        return [this](const std::string& line) {
            EXPECT_EQ(line.find('\n'), std::string::npos) << "a message holds a newline";
            std::lock_guard<std::mutex> lock(mutex_);
            messages_.push_back(json::parse(line));
            cv_.notify_all();
        };
    }
    // Waits up to 2 s for at least n messages; returns them all.
    std::vector<json> wait_for(std::size_t n) {
        std::unique_lock<std::mutex> lock(mutex_);
        cv_.wait_for(lock, 2s, [&] { return messages_.size() >= n; });
        return messages_;
    }
    std::vector<json> all() {
        std::lock_guard<std::mutex> lock(mutex_);
        return messages_;
    }
    // The first message answering id (waits up to 2 s), or null.
    json answer(const json& id) {
        std::unique_lock<std::mutex> lock(mutex_);
        json found;
        cv_.wait_for(lock, 2s, [&] {
            for (const json& m : messages_)
                if (m.contains("id") && m["id"] == id) {
                    found = m;
                    return true;
                }
            return false;
        });
        return found;
    }

private:
    std::mutex mutex_;
    std::condition_variable cv_;
    std::vector<json> messages_;
};

std::string request(const json& id, const std::string& method, const json& params = nullptr) {
    json m = {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
    if (!params.is_null()) m["params"] = params;
    return m.dump();
}

std::string notification(const std::string& method, const json& params) {
    return json({{"jsonrpc", "2.0"}, {"method", method}, {"params", params}}).dump();
}

int error_code(const json& m) { return m.at("error").at("code").get<int>(); }

struct Fixture {
    explicit Fixture(ServerOptions options = {}) : server(tools, out.writer(), {}, options) {}
    FakeTools tools;
    Output out;
    Server server;
};

// Sends a ping with id and expects its empty result: the server went on.
void expect_alive(Fixture& f, int id) {
    f.server.handle(request(id, "ping"));
    json a = f.out.answer(id);
    ASSERT_FALSE(a.is_null()) << "no answer to ping " << id;
    EXPECT_EQ(a["result"], json::object());
}

TEST(McpServer, BadJsonIsAParseErrorWithNullIdAndTheServerGoesOn) {
    Fixture f;
    for (const char* bad : {"{", "{\"jsonrpc\":\"2.0\",\"id\":1,", "nonsense", "{\"a\":}"}) {
        const std::size_t before = f.out.all().size();
        f.server.handle(bad);
        std::vector<json> m = f.out.wait_for(before + 1);
        ASSERT_EQ(m.size(), before + 1) << bad;
        EXPECT_EQ(error_code(m.back()), -32700) << bad;
        EXPECT_TRUE(m.back()["id"].is_null()) << bad;
        EXPECT_EQ(m.back()["jsonrpc"], "2.0");
    }
    expect_alive(f, 100);
}

TEST(McpServer, InvalidUtf8IsAParseErrorThatKeepsTheId) {
    Fixture f;
    f.server.handle(
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\",\"params\":{\"x\":\"a\xff\"}}");
    json a = f.out.answer(7);
    ASSERT_FALSE(a.is_null());
    EXPECT_EQ(error_code(a), -32700);
    EXPECT_NE(a["error"]["message"].get<std::string>().find("UTF-8"), std::string::npos)
        << a.dump();
    expect_alive(f, 8);
}

TEST(McpServer, MalformedRequestsAreInvalidRequests) {
    Fixture f;
    // Batches are not served: one message per line.
    f.server.handle(R"([{"jsonrpc":"2.0","id":1,"method":"ping"}])");
    f.server.handle("[]");
    f.server.handle("42");
    f.server.handle(R"("ping")");
    f.server.handle(R"({"jsonrpc":"2.0","id":{"a":1},"method":"ping"})");
    f.server.handle(R"({"jsonrpc":"2.0","id":null,"method":"ping"})");
    std::vector<json> m = f.out.wait_for(6);
    ASSERT_EQ(m.size(), 6u);
    for (const json& e : m) {
        EXPECT_EQ(error_code(e), -32600) << e.dump();
        EXPECT_TRUE(e["id"].is_null()) << e.dump();
    }
    EXPECT_NE(m[0]["error"]["message"].get<std::string>().find("batch"), std::string::npos);
    // With a usable id the error carries it.
    f.server.handle(R"({"id":3,"method":"ping"})");  // no jsonrpc
    EXPECT_EQ(error_code(f.out.answer(3)), -32600);
    f.server.handle(R"({"jsonrpc":"1.0","id":4,"method":"ping"})");
    EXPECT_EQ(error_code(f.out.answer(4)), -32600);
    f.server.handle(R"({"jsonrpc":"2.0","id":5,"method":17})");
    EXPECT_EQ(error_code(f.out.answer(5)), -32600);
    f.server.handle(R"({"jsonrpc":"2.0","id":6})");
    EXPECT_EQ(error_code(f.out.answer(6)), -32600);
    expect_alive(f, 9);
}

TEST(McpServer, UnknownMethodIsMethodNotFoundAndUnknownNotificationsAreIgnored) {
    Fixture f;
    f.server.handle(request("r1", "resources/list"));
    json a = f.out.answer("r1");
    EXPECT_EQ(error_code(a), -32601);
    EXPECT_NE(a["error"]["message"].get<std::string>().find("'resources/list'"), std::string::npos);
    f.server.handle(notification("notifications/whatever", json::object()));
    f.server.handle(notification("notifications/initialized", json::object()));
    // A response to a request the server never sent is not answered.
    f.server.handle(R"({"jsonrpc":"2.0","id":99,"result":{}})");
    expect_alive(f, 2);
    EXPECT_EQ(f.out.all().size(), 2u);  // the error and the pong only
}

TEST(McpServer, WrongParamsAreInvalidParams) {
    Fixture f;
    f.server.handle(request(1, "initialize", json::object()));
    f.server.handle(request(2, "initialize", {{"protocolVersion", 20250618}}));
    f.server.handle(request(3, "tools/call", json::object()));
    f.server.handle(request(4, "tools/call", {{"name", 5}}));
    f.server.handle(request(5, "tools/call", {{"name", "echo"}, {"arguments", json::array()}}));
    f.server.handle(request(6, "tools/call", {{"name", "no_such_tool"}}));
    f.server.handle(request(7, "tools/list", {{"cursor", "page2"}}));
    f.server.handle(R"({"jsonrpc":"2.0","id":8,"method":"tools/list","params":[1,2]})");
    for (int id = 1; id <= 8; ++id) {
        json a = f.out.answer(id);
        ASSERT_FALSE(a.is_null()) << id;
        EXPECT_EQ(error_code(a), -32602) << id << ": " << a.dump();
    }
    EXPECT_NE(f.out.answer(6)["error"]["message"].get<std::string>().find("'no_such_tool'"),
              std::string::npos);
    expect_alive(f, 9);
}

TEST(McpServer, TooLongMessageIsAnInvalidRequestNamingTheLimit) {
    ServerOptions options;
    options.max_message_bytes = 1000;
    Fixture f(options);
    f.server.handle_too_long(std::string(1000, '{'), 5000);
    std::vector<json> m = f.out.wait_for(1);
    ASSERT_EQ(m.size(), 1u);
    EXPECT_EQ(error_code(m[0]), -32600);
    EXPECT_EQ(m[0]["error"]["message"],
              "the message is 5000 bytes long, over the limit of 1000 bytes");
    expect_alive(f, 1);
}

TEST(McpServer, InitializeNegotiatesTheProtocolVersion) {
    for (const char* asked : {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}) {
        Fixture f;
        f.server.handle(request(1, "initialize",
                                {{"protocolVersion", asked},
                                 {"capabilities", json::object()},
                                 {"clientInfo", {{"name", "t"}, {"version", "1"}}}}));
        json a = f.out.answer(1);
        EXPECT_EQ(a["result"]["protocolVersion"], asked);
        EXPECT_EQ(a["result"]["serverInfo"]["name"], "glossfish");
        EXPECT_EQ(a["result"]["capabilities"]["tools"]["listChanged"], false);
    }
    Fixture f;
    f.server.handle(request(1, "initialize", {{"protocolVersion", "1999-01-01"}}));
    EXPECT_EQ(f.out.answer(1)["result"]["protocolVersion"], "2025-11-25");
    EXPECT_EQ(f.server.protocol_version(), "2025-11-25");
    f.server.handle(request(2, "initialize", {{"protocolVersion", "2025-06-18"}}));
    EXPECT_EQ(error_code(f.out.answer(2)), -32600);
    EXPECT_EQ(f.server.protocol_version(), "2025-11-25");
}

TEST(McpServer, ToolResultsCarryTextAndStructuredContentAndErrorsAreIsError) {
    Fixture f;
    f.server.handle(request(1, "initialize", {{"protocolVersion", "2025-06-18"}}));
    f.out.answer(1);
    f.server.handle(request(2, "tools/list"));
    json list = f.out.answer(2)["result"]["tools"];
    ASSERT_EQ(list.size(), 4u);
    EXPECT_EQ(list[0]["name"], "echo");
    f.server.handle(request(3, "tools/call", {{"name", "echo"}, {"arguments", {{"a", 1}}}}));
    json r = f.out.answer(3)["result"];
    EXPECT_EQ(r["isError"], false);
    EXPECT_EQ(r["content"][0]["type"], "text");
    EXPECT_EQ(json::parse(r["content"][0]["text"].get<std::string>()), json({{"a", 1}}));
    EXPECT_EQ(r["structuredContent"], json({{"a", 1}}));
    f.server.handle(request(4, "tools/call", {{"name", "fail"}}));
    r = f.out.answer(4)["result"];
    EXPECT_EQ(r["isError"], true);
    EXPECT_FALSE(r.contains("structuredContent"));
    EXPECT_EQ(json::parse(r["content"][0]["text"].get<std::string>())["error"]["code"],
              "bad_square");
    // Before 2025-06-18 there is no structured output.
    Fixture old;
    old.server.handle(request(1, "initialize", {{"protocolVersion", "2024-11-05"}}));
    old.out.answer(1);
    old.server.handle(request(2, "tools/call", {{"name", "echo"}, {"arguments", {{"a", 1}}}}));
    EXPECT_FALSE(old.out.answer(2)["result"].contains("structuredContent"));
}

TEST(McpServer, ResultsOverTheLimitAreToolErrors) {
    ServerOptions options;
    options.max_result_bytes = 500;
    Fixture f(options);
    f.server.handle(request(1, "tools/call", {{"name", "big"}, {"arguments", {{"bytes", 400}}}}));
    EXPECT_EQ(f.out.answer(1)["result"]["isError"], false);
    f.server.handle(request(2, "tools/call", {{"name", "big"}, {"arguments", {{"bytes", 600}}}}));
    json r = f.out.answer(2)["result"];
    EXPECT_EQ(r["isError"], true);
    EXPECT_EQ(json::parse(r["content"][0]["text"].get<std::string>())["error"]["code"],
              "result_too_large");
}

TEST(McpServer, PingIsAnsweredDuringACallAndCancelStopsItWithoutAnAnswer) {
    ServerOptions options;
    options.progress_interval = 50ms;
    Fixture f(options);
    f.server.handle(
        request(1, "tools/call", {{"name", "wait"}, {"_meta", {{"progressToken", "tok"}}}}));
    const auto deadline = Clock::now() + 2s;
    while (!f.tools.started && Clock::now() < deadline) std::this_thread::sleep_for(1ms);
    ASSERT_TRUE(f.tools.started);
    EXPECT_EQ(f.server.running(), 1u);
    const auto ping_sent = Clock::now();
    expect_alive(f, 2);
    EXPECT_LT(Clock::now() - ping_sent, 200ms);
    // A second call with the id of the running one is refused.
    f.server.handle(request(1, "tools/call", {{"name", "echo"}}));
    EXPECT_EQ(error_code(f.out.answer(1)), -32600);
    // Progress while it runs: increasing, with the client's token.
    std::this_thread::sleep_for(180ms);
    std::vector<json> progress;
    for (const json& m : f.out.all())
        if (m.value("method", "") == "notifications/progress") progress.push_back(m["params"]);
    ASSERT_GE(progress.size(), 2u);
    for (std::size_t i = 0; i < progress.size(); ++i) {
        EXPECT_EQ(progress[i]["progressToken"], "tok");
        if (i) {
            EXPECT_GT(progress[i]["progress"], progress[i - 1]["progress"]);
        }
    }
    const auto cancelled = Clock::now();
    f.server.handle(notification("notifications/cancelled", {{"requestId", 1}, {"reason", "t"}}));
    while (f.server.running() && Clock::now() < cancelled + 2s) std::this_thread::sleep_for(1ms);
    EXPECT_EQ(f.server.running(), 0u);
    const Clock::time_point stopped{Clock::duration(f.tools.stopped_at.load())};
    EXPECT_LT(stopped - cancelled, 200ms);
    expect_alive(f, 3);
    // Nothing answered the cancelled call and no progress came after the cancel.
    const std::size_t count = f.out.all().size();
    std::this_thread::sleep_for(120ms);
    EXPECT_EQ(f.out.all().size(), count);
    int answers_to_1 = 0;
    for (const json& m : f.out.all())
        if (m.contains("id") && m["id"] == 1) ++answers_to_1;
    EXPECT_EQ(answers_to_1, 1);  // the duplicate-id error only
    // Cancelling an unknown or finished request is ignored.
    f.server.handle(notification("notifications/cancelled", {{"requestId", 77}}));
    f.server.handle(notification("notifications/cancelled", json::object()));
    expect_alive(f, 4);
}

TEST(McpServer, TooManyRunningCallsAreRefusedAsToolErrorsAndShutdownCancelsCalls) {
    ServerOptions options;
    options.max_running_calls = 1;
    auto f = std::make_unique<Fixture>(options);
    f->server.handle(request(1, "tools/call", {{"name", "wait"}}));
    const auto deadline = Clock::now() + 2s;
    while (!f->tools.started && Clock::now() < deadline) std::this_thread::sleep_for(1ms);
    f->server.handle(request(2, "tools/call", {{"name", "echo"}}));
    json r = f->out.answer(2)["result"];
    EXPECT_EQ(r["isError"], true);
    EXPECT_EQ(json::parse(r["content"][0]["text"].get<std::string>())["error"]["code"], "busy");
    const auto start = Clock::now();
    f->server.shutdown();
    EXPECT_LT(Clock::now() - start, 500ms);
    EXPECT_EQ(f->server.running(), 0u);
    // The call stopped by the shutdown (not by the client) is answered, as cancelled.
    EXPECT_EQ(f->out.answer(1)["result"]["isError"], true);
}

TEST(McpServer, DrainAnswersRunningCallsAndCancelsThemAfterItsBudget) {
    Fixture f;
    f.server.handle(request(1, "tools/call", {{"name", "wait"}}));
    const auto deadline = Clock::now() + 2s;
    while (!f.tools.started && Clock::now() < deadline) std::this_thread::sleep_for(1ms);
    const auto start = Clock::now();
    f.server.drain(150ms);
    const auto took = Clock::now() - start;
    EXPECT_GE(took, 150ms);
    EXPECT_LT(took, 1000ms);
    EXPECT_EQ(f.out.answer(1)["result"]["isError"], true);
    // After the end of the input no call starts.
    f.server.handle(request(2, "tools/call", {{"name", "echo"}}));
    EXPECT_EQ(error_code(f.out.answer(2)), -32603);
}

TEST(McpServer, GlossfishToolsAreTheSuitesDeclarationsVerifyAndLabelAmongThem) {
    glossfish::Settings settings;
    glossfish::mcp::GlossfishTools tools(settings);
    glossfish::verifier::ToolSuite suite;
    const json schema = suite.schema();
    const json list = tools.tools();
    ASSERT_EQ(list.size(), schema.size());
    std::vector<std::string> names;
    for (std::size_t i = 0; i < schema.size(); ++i) {
        EXPECT_EQ(list[i]["name"], schema[i]["function"]["name"]);
        EXPECT_EQ(list[i]["description"], schema[i]["function"]["description"]);
        EXPECT_EQ(list[i]["inputSchema"], schema[i]["function"]["parameters"]);
        names.push_back(list[i]["name"]);
    }
    for (const char* name : {"verify", "label", "motifs", "strategy_tree"})
        EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
    const json verify_schema = suite.schema()[std::find(names.begin(), names.end(), "verify") -
                                              names.begin()]["function"]["parameters"];
    EXPECT_EQ(verify_schema["properties"]["claims"]["type"], json({"object", "array"}));
    CancelToken cancel;
    json r = tools.call("attackers", {{"fen", "startpos"}, {"square", "f3"}, {"color", "white"}},
                        cancel);
    EXPECT_EQ(r["count"], 3) << r.dump();
    // The paper's tool names (tool aliases) are tools here too, not listed twice.
    EXPECT_TRUE(tools.has_tool("get_piece_at"));
    r = tools.call("get_piece_at", {{"fen", "startpos"}, {"square", "e1"}}, cancel);
    EXPECT_EQ(r["piece"], "king") << r.dump();
    for (const json& t : list) EXPECT_NE(t["name"], "get_piece_at");
    // verify: board claims need no engine; a true and a false one.
    const std::string fen = "6k1/5ppp/8/4P3/1b1p4/3Q4/5PPP/6K1 w - - 0 1";
    json claims = {{"atoms",
                    {{{"text", "Qe4 attacks the pawn on d4"},
                      {"claims",
                       {{{"predicate", "attacks"},
                         {"args", {{"from", "e4"}, {"target", "d4"}}},
                         {"moves", {"Qe4"}}}}}},
                     {{"text", "Qe4 attacks the bishop on b4"},
                      {"claims",
                       {{{"predicate", "attacks"},
                         {"args", {{"from", "e4"}, {"target", "b4"}}},
                         {"moves", {"Qe4"}}}}}}}}};
    r = tools.call("verify", {{"fen", fen}, {"claims", claims}}, cancel);
    ASSERT_TRUE(r.contains("atoms")) << r.dump();
    EXPECT_EQ(r["atoms"][0]["result"], "correct") << r.dump();
    EXPECT_EQ(r["atoms"][1]["result"], "incorrect") << r.dump();
    // Bad arguments are tool errors with the suite's codes.
    r = tools.call("verify", {{"fen", fen}}, cancel);
    EXPECT_EQ(r["error"]["code"], "missing_argument") << r.dump();
    r = tools.call("verify", {{"fen", fen}, {"text", "x"}, {"claims", json::array()}}, cancel);
    EXPECT_EQ(r["error"]["code"], "bad_arguments") << r.dump();
    r = tools.call("verify", {{"fen", fen}, {"claims", {{"atoms", 3}}}}, cancel);
    EXPECT_EQ(r["error"]["code"], "bad_claims") << r.dump();
    r = tools.call("verify", {{"fen", fen}, {"claims", 5}}, cancel);
    EXPECT_EQ(r["error"]["code"], "bad_argument_type") << r.dump();
    r = tools.call("label", {{"fen", "startpos"}, {"move", "e5"}}, cancel);
    EXPECT_EQ(r["error"]["code"], "illegal_move") << r.dump();
    r = tools.call("label", {{"fen", "startpos"}, {"move", "e4"}, {"depth", 0}}, cancel);
    EXPECT_EQ(r["error"]["code"], "bad_value") << r.dump();
    r = tools.call("label", {{"fen", "startpos"}, {"move", "e4"}, {"colour", "x"}}, cancel);
    EXPECT_EQ(r["error"]["code"], "unknown_argument") << r.dump();
}

}  // namespace
