// The Model Context Protocol server of `glossfish mcp`: JSON-RPC 2.0 messages, one per line
// (the MCP stdio transport), dispatched to initialize, ping, tools/list, tools/call and the
// notifications initialized and cancelled. Tool calls run on their own threads, so ping and
// cancellations are answered while a search runs; a call with a progress token gets
// notifications/progress while it runs; a cancelled call's searches are stopped and it is not
// answered. Malformed messages get JSON-RPC errors and the server goes on. docs/mcp.md.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "io/input_limits.h"
#include "io/mutex.h"
#include "mcp/mcp_tools.h"
#include "settings/settings.h"

namespace glossfish::mcp {

// JSON-RPC 2.0 error codes.
inline constexpr int ParseError = -32700;
inline constexpr int InvalidRequest = -32600;
inline constexpr int MethodNotFound = -32601;
inline constexpr int InvalidParams = -32602;
inline constexpr int InternalError = -32603;

// The protocol versions served, newest first; a client asking for another gets the first.
inline const std::vector<std::string>& protocol_versions() {
    static const std::vector<std::string> Versions = {"2025-11-25", "2025-06-18", "2025-03-26",
                                                      "2024-11-05"};
    return Versions;
}

// The limits of one connection (docs/mcp.md "Limits").
struct ServerOptions {
    // One incoming message (a line): the UCI line limit.
    std::size_t max_message_bytes = MaxUciLineBytes;
    // One tool result as sent; a larger one is a tool error.
    std::size_t max_result_bytes = MaxJsonFile;
    // Tool calls running at once; one more is a tool error.
    std::size_t max_running_calls = MaxQueuedRequests;
    // How often a call with a progress token is reported while it runs.
    std::chrono::milliseconds progress_interval{1000};
};

class Server {
public:
    // Writes one message (no newline); called from several threads, one message at a time.
    using Writer = std::function<void(const std::string& message)>;
    // Log lines for stderr (never protocol).
    using Logger = std::function<void(const std::string& line)>;

    Server(const ToolHost& tools, Writer out, Logger log = {}, ServerOptions options = {});
    // Cancels the running calls and waits for them (shutdown()).
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Handles one incoming message, the line without its newline. Never blocks on a tool call
    // and never throws: answers at once, or starts the call on its own thread.
    void handle(std::string_view line) GLOSSFISH_EXCLUDES(mutex_);
    // A line that was longer than max_message_bytes (only its first bytes were kept): answered
    // with -32600 and the id when the kept bytes show it.
    void handle_too_long(std::string_view prefix, std::size_t length) GLOSSFISH_EXCLUDES(mutex_);
    // At the end of the input: refuses new calls, lets the running ones finish and answer for
    // up to budget, then cancels what still runs (shutdown()).
    void drain(std::chrono::milliseconds budget) GLOSSFISH_EXCLUDES(mutex_);
    // Cancels every running call and waits for their threads; later calls are refused.
    void shutdown() GLOSSFISH_EXCLUDES(mutex_);

    // Calls running now.
    std::size_t running() const GLOSSFISH_EXCLUDES(mutex_);
    // The negotiated protocol version; empty before initialize.
    std::string protocol_version() const GLOSSFISH_EXCLUDES(mutex_);

private:
    struct Call;

    void send(const nlohmann::json& message) GLOSSFISH_EXCLUDES(write_mutex_);
    void reply(const nlohmann::json& id, nlohmann::json result) GLOSSFISH_EXCLUDES(write_mutex_);
    void error(const nlohmann::json& id, int code, const std::string& message)
        GLOSSFISH_EXCLUDES(write_mutex_);
    void dispatch(const nlohmann::json& message);
    void request(const nlohmann::json& id, const std::string& method, const nlohmann::json& params);
    void notification(const std::string& method, const nlohmann::json& params);
    void initialize(const nlohmann::json& id, const nlohmann::json& params)
        GLOSSFISH_EXCLUDES(mutex_);
    void call_tool(const nlohmann::json& id, const nlohmann::json& params)
        GLOSSFISH_EXCLUDES(mutex_);
    void cancel(const nlohmann::json& params) GLOSSFISH_EXCLUDES(mutex_);
    void run_call(std::shared_ptr<Call> call) GLOSSFISH_EXCLUDES(mutex_);
    nlohmann::json tool_result(const nlohmann::json& result) const GLOSSFISH_REQUIRES(mutex_);
    void tick() GLOSSFISH_EXCLUDES(mutex_);
    void reap_locked() GLOSSFISH_REQUIRES(mutex_);
    void log(const std::string& line) const;

    const ToolHost& tools_;
    mutable Mutex write_mutex_;  // one message at a time
    Writer out_ GLOSSFISH_GUARDED_BY(write_mutex_);
    Logger log_;
    ServerOptions options_;

    // Guards the state below, and in each Call its client_cancelled, cancelled_at, progress and
    // thread.
    mutable Mutex mutex_;
    CondVar ticker_cv_;
    std::string version_ GLOSSFISH_GUARDED_BY(mutex_);
    bool stopping_ GLOSSFISH_GUARDED_BY(mutex_) = false;
    // Running, by the id's JSON text.
    std::map<std::string, std::shared_ptr<Call>> calls_ GLOSSFISH_GUARDED_BY(mutex_);
    // Threads of answered calls, to join.
    std::vector<std::thread> finished_ GLOSSFISH_GUARDED_BY(mutex_);
    std::thread ticker_;
};

}  // namespace glossfish::mcp
