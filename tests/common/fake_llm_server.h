// FakeLlmServer: an OpenAI-compatible chat-completions server on loopback (a real HTTP server,
// Debian's cpp-httplib, on a random port) for tests. Each test scripts the replies in order
// (tool calls, a final answer, an HTTP error, a reply that hangs, a malformed body, …) and
// afterwards reads back every request it received: path, Authorization header and JSON body.
// A request after the end of the script gets HTTP 500 "fake server: script exhausted".
#pragma once

#include <httplib.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "llm/llm_client.h"

namespace glossfish::testkit {

struct FakeReply {
    int status = 200;
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
    int delay_ms = 0;   // wait this long before answering (cut short when the server stops)
    bool drop = false;  // send the headers, then close the connection without a body
};

struct RecordedRequest {
    std::string method, path, authorization, body;
    nlohmann::json json;  // the parsed body (discarded when it is not JSON)

    // The messages sent, and the content of the last one with this role ("" if none).
    const nlohmann::json& messages() const { return json.at("messages"); }
    std::string last_content(const std::string& role) const {
        const auto& m = messages();
        for (auto it = m.rbegin(); it != m.rend(); ++it)
            if ((*it).value("role", "") == role && (*it).contains("content") &&
                (*it)["content"].is_string())
                return (*it)["content"].get<std::string>();
        return {};
    }
};

class FakeLlmServer {
public:
    FakeLlmServer() {
        server_.Post(R"(.*)", [this](const httplib::Request& req, httplib::Response& res) {
            FakeReply reply;
            {
                std::lock_guard lock(mutex_);
                RecordedRequest r{req.method, req.path, req.get_header_value("Authorization"),
                                  req.body, nlohmann::json::parse(req.body, nullptr, false)};
                requests_.push_back(std::move(r));
                if (script_.empty()) {
                    reply = status(500, R"({"error":{"message":"fake server: script exhausted"}})");
                } else {
                    reply = std::move(script_.front());
                    script_.pop_front();
                }
            }
            if (reply.delay_ms > 0) {
                std::unique_lock lock(mutex_);
                cv_.wait_for(lock, std::chrono::milliseconds(reply.delay_ms),
                             [this] { return stopping_; });
            }
            res.status = reply.status;
            for (const auto& [k, v] : reply.headers) res.set_header(k, v);
            if (reply.drop) {
                // Announces a body, then fails to provide it: httplib closes the connection.
                res.set_content_provider(
                    1000, "application/json",
                    [](std::size_t, std::size_t, httplib::DataSink&) { return false; });
                return;
            }
            res.set_content(reply.body, "application/json");
        });
        port_ = server_.bind_to_any_port("127.0.0.1");
        if (port_ <= 0) throw std::runtime_error("fake LLM server: cannot bind 127.0.0.1");
        thread_ = std::thread([this] { server_.listen_after_bind(); });
        for (int i = 0; i < 2000 && !server_.is_running(); ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ~FakeLlmServer() { stop(); }
    FakeLlmServer(const FakeLlmServer&) = delete;
    FakeLlmServer& operator=(const FakeLlmServer&) = delete;

    // Stops listening (a later request cannot connect); waits for running handlers.
    void stop() {
        {
            std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        cv_.notify_all();
        server_.stop();
        if (thread_.joinable()) thread_.join();
    }

    int port() const { return port_; }
    // The base URL a client is given: http://127.0.0.1:PORT/v1
    std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/v1"; }

    // A client configuration for this server with test-sized waits: 2 s per request, no
    // retries unless the test sets them, 5 ms first backoff capped at 20 ms.
    verifier::LlmConfig client_config(const std::string& key) const {
        verifier::LlmConfig c;
        c.url = url();
        c.model = "fake-model";
        c.key = key;
        c.connect_timeout_s = 1;
        c.timeout_s = 2;
        c.max_retries = 0;
        c.backoff_s = 0.005;
        c.max_backoff_s = 0.02;
        return c;
    }

    // Appends replies to the script.
    FakeLlmServer& then(FakeReply r) {
        std::lock_guard lock(mutex_);
        script_.push_back(std::move(r));
        return *this;
    }
    std::vector<RecordedRequest> requests() const {
        std::lock_guard lock(mutex_);
        return requests_;
    }
    std::size_t pending() const {
        std::lock_guard lock(mutex_);
        return script_.size();
    }

    // ---- reply builders ----
    // A chat completion whose message is `message` ({"role":"assistant",…}).
    static FakeReply completion(nlohmann::json message, const std::string& finish = "stop") {
        nlohmann::json body = {
            {"id", "chatcmpl-fake"},
            {"object", "chat.completion"},
            {"model", "fake-model"},
            {"choices",
             {{{"index", 0}, {"message", std::move(message)}, {"finish_reason", finish}}}},
            {"usage", {{"prompt_tokens", 10}, {"completion_tokens", 5}, {"total_tokens", 15}}}};
        return {200, body.dump(), {}, 0};
    }
    // A final answer with this text.
    static FakeReply answer(const std::string& content) {
        return completion({{"role", "assistant"}, {"content", content}});
    }
    // A final answer whose text is j as JSON.
    static FakeReply json_answer(const nlohmann::json& j) { return answer(j.dump()); }
    // Tool calls: {id, name, arguments as JSON text} each.
    struct Call {
        std::string id, name, arguments;
    };
    static FakeReply tool_calls(const std::vector<Call>& calls) {
        nlohmann::json list = nlohmann::json::array();
        for (const auto& c : calls)
            list.push_back({{"id", c.id},
                            {"type", "function"},
                            {"function", {{"name", c.name}, {"arguments", c.arguments}}}});
        return completion({{"role", "assistant"}, {"content", nullptr}, {"tool_calls", list}},
                          "tool_calls");
    }
    static FakeReply status(int code, std::string body,
                            std::vector<std::pair<std::string, std::string>> headers = {}) {
        return {code, std::move(body), std::move(headers), 0};
    }
    // A 200 reply with this exact body.
    static FakeReply raw(std::string body) { return {200, std::move(body), {}, 0}; }
    // A connection dropped in the middle of the reply.
    static FakeReply dropped() {
        FakeReply r;
        r.drop = true;
        return r;
    }
    // The reply r, sent only after ms milliseconds.
    static FakeReply delayed(FakeReply r, int ms) {
        r.delay_ms = ms;
        return r;
    }

private:
    httplib::Server server_;
    std::thread thread_;
    int port_ = 0;
    mutable std::mutex mutex_;
    std::condition_variable cv_;
    bool stopping_ = false;
    std::deque<FakeReply> script_;
    std::vector<RecordedRequest> requests_;
};

}  // namespace glossfish::testkit
