// Server: JSON-RPC framing and checks, the MCP methods, tool calls on their own threads with
// cancellation and progress.
#include "mcp/mcp_server.h"

#include <algorithm>
#include <cstdio>
#include <system_error>

#include "io/json_line.h"
#include "io/utf8.h"
#include "tools/tool_registry.h"

namespace glossfish::mcp {

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

const char* const Instructions =
    "glossfish checks chess facts: board tools (attackers, pin, legal_moves, ...) answer from "
    "the rules at once; engine tools (eval, top_moves, move_quality, label, strategy_tree) search "
    "with Stockfish. Use verify to check claims or commentary about a move before stating them. "
    "Positions are FEN strings (or \"startpos\"); moves are SAN or UCI.";

// A request id a response can carry: a string or a number (MCP forbids null).
bool valid_id(const json& id) { return id.is_string() || id.is_number(); }

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

long long ms_since(Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

}  // namespace

struct Server::Call {
    json id;
    std::string key;  // the id's JSON text
    std::string name;
    json args;
    json progress_token;  // null: no progress notifications
    CancelToken token;
    bool client_cancelled = false;  // under mutex_
    Clock::time_point started = Clock::now();
    Clock::time_point cancelled_at;
    long long progress = 0;  // notifications sent
    std::thread thread;
};

Server::Server(const ToolHost& tools, Writer out, Logger log, ServerOptions options)
    : tools_(tools), out_(std::move(out)), log_(std::move(log)), options_(options) {
    ticker_ = std::thread([this] { tick(); });
}

Server::~Server() { shutdown(); }

void Server::log(const std::string& line) const {
    if (log_) log_(line);
}

void Server::send(const json& message) {
    const std::string text = dump(message);
    MutexLock lock(write_mutex_);
    out_(text);
}

void Server::reply(const json& id, json result) {
    send({{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
}

void Server::error(const json& id, int code, const std::string& message) {
    send({{"jsonrpc", "2.0"},
          {"id", valid_id(id) ? id : json(nullptr)},
          {"error", {{"code", code}, {"message", message}}}});
}

std::size_t Server::running() const {
    MutexLock lock(mutex_);
    return calls_.size();
}

std::string Server::protocol_version() const {
    MutexLock lock(mutex_);
    return version_;
}

void Server::handle(std::string_view line) {
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) return;  // a blank line
    {
        MutexLock lock(mutex_);
        reap_locked();
    }
    try {
        JsonParse parsed = parse_json_text(line);
        if (!parsed.ok()) {
            // The id is kept when the rest of the line shows it (bytes that are not UTF-8).
            error(parsed.id, ParseError, parsed.detail);
            return;
        }
        dispatch(parsed.value);
    } catch (const std::exception& e) {
        error(nullptr, InternalError, std::string("internal error: ") + e.what());
    }
}

void Server::handle_too_long(std::string_view prefix, std::size_t length) {
    // The id of a cut message is not known for sure: null.
    (void)prefix;
    error(nullptr, InvalidRequest,
          "the message is " + std::to_string(length) + " bytes long, over the limit of " +
              std::to_string(options_.max_message_bytes) + " bytes");
}

void Server::dispatch(const json& message) {
    if (message.is_array()) {
        error(nullptr, InvalidRequest,
              "batch arrays are not supported: send one JSON-RPC message per line");
        return;
    }
    if (!message.is_object()) {
        error(nullptr, InvalidRequest,
              std::string("a message must be a JSON object, got ") + message.type_name());
        return;
    }
    auto it = message.find("id");
    const bool has_id = it != message.end();
    const json id = has_id ? *it : json(nullptr);
    if (has_id && !valid_id(id)) {
        error(nullptr, InvalidRequest,
              std::string("id must be a string or a number, got ") + id.type_name());
        return;
    }
    auto version = message.find("jsonrpc");
    if (version == message.end() || *version != "2.0") {
        error(id, InvalidRequest, "jsonrpc must be \"2.0\"");
        return;
    }
    auto method = message.find("method");
    if (method == message.end()) {
        if (has_id && (message.contains("result") || message.contains("error"))) {
            log("a response to no request of ours (id " + id_text(id) + "): ignored");
            return;
        }
        error(id, InvalidRequest, "a request needs a method");
        return;
    }
    if (!method->is_string()) {
        error(id, InvalidRequest,
              std::string("method must be a string, got ") + method->type_name());
        return;
    }
    const std::string& name = method->get_ref<const std::string&>();
    static const json NoParams = json::object();
    auto params = message.find("params");
    const bool params_ok = params == message.end() || params->is_object() || params->is_null();
    const json& p = params == message.end() || params->is_null() ? NoParams : *params;
    if (!has_id) {
        if (!params_ok) {
            log("notification " + quote_input(name) +
                " with params that are not an object: "
                "ignored");
            return;
        }
        notification(name, p);
        return;
    }
    if (!params_ok) {
        error(id, InvalidParams,
              std::string("params must be an object, got ") + params->type_name());
        return;
    }
    request(id, name, p);
}

void Server::request(const json& id, const std::string& method, const json& params) {
    if (method == "initialize") return initialize(id, params);
    if (method == "ping") return reply(id, json::object());
    if (method == "tools/list") {
        auto cursor = params.find("cursor");
        if (cursor != params.end() && !cursor->is_null()) {
            error(id, InvalidParams, "unknown cursor: the tool list has one page");
            return;
        }
        return reply(id, {{"tools", tools_.tools()}});
    }
    if (method == "tools/call") return call_tool(id, params);
    error(id, MethodNotFound, "method not found: " + quote_input(method));
}

void Server::notification(const std::string& method, const json& params) {
    // notifications/initialized needs nothing: requests are served before it too, as are the
    // other notifications a client may send (roots/list_changed, progress).
    if (method == "notifications/cancelled") cancel(params);
}

void Server::initialize(const json& id, const json& params) {
    auto asked = params.find("protocolVersion");
    if (asked == params.end() || !asked->is_string()) {
        error(id, InvalidParams, "params.protocolVersion must be a string");
        return;
    }
    std::string version;
    {
        MutexLock lock(mutex_);
        if (!version_.empty()) {
            error(id, InvalidRequest,
                  "initialize was already answered (protocol " + version_ + ")");
            return;
        }
        const auto& known = protocol_versions();
        const std::string& wanted = asked->get_ref<const std::string&>();
        version_ =
            std::find(known.begin(), known.end(), wanted) != known.end() ? wanted : known.front();
        version = version_;
    }
    reply(id, {{"protocolVersion", version},
               {"capabilities", {{"tools", {{"listChanged", false}}}}},
               {"serverInfo",
                {{"name", "glossfish"}, {"title", "glossfish"}, {"version", glossfish::version()}}},
               {"instructions", Instructions}});
}

void Server::call_tool(const json& id, const json& params) {
    auto name = params.find("name");
    if (name == params.end() || !name->is_string()) {
        error(id, InvalidParams, "params.name must be a string");
        return;
    }
    auto args = params.find("arguments");
    if (args != params.end() && !args->is_null() && !args->is_object()) {
        error(id, InvalidParams,
              std::string("params.arguments must be an object, got ") + args->type_name());
        return;
    }
    const std::string& tool = name->get_ref<const std::string&>();
    if (!tools_.has_tool(tool)) {
        error(id, InvalidParams, "unknown tool " + quote_input(tool) + " (see tools/list)");
        return;
    }
    auto call = std::make_shared<Call>();
    call->id = id;
    call->key = dump(id);
    call->name = tool;
    call->args = args == params.end() || args->is_null() ? json::object() : *args;
    auto meta = params.find("_meta");
    if (meta != params.end() && meta->is_object()) {
        auto token = meta->find("progressToken");
        if (token != meta->end() && valid_id(*token)) call->progress_token = *token;
    }
    MutexLock lock(mutex_);
    if (stopping_) {
        error(id, InternalError, "the server is shutting down");
        return;
    }
    if (calls_.count(call->key)) {
        error(id, InvalidRequest, "request id " + shorten_input(call->key) + " is already running");
        return;
    }
    if (calls_.size() >= options_.max_running_calls) {
        reply(id, tool_result(verifier::error_json("busy", "too many tool calls running (" +
                                                               std::to_string(calls_.size()) +
                                                               "); wait for one to finish")));
        return;
    }
    calls_[call->key] = call;
    try {
        call->thread = std::thread([this, call] { run_call(call); });
    } catch (const std::system_error& e) {  // no thread to be had: the call never ran
        calls_.erase(call->key);
        error(id, InternalError, std::string("cannot start the call: ") + e.what());
    }
}

void Server::cancel(const json& params) {
    auto id = params.find("requestId");
    if (id == params.end() || !valid_id(*id)) {
        log("notifications/cancelled without a requestId: ignored");
        return;
    }
    MutexLock lock(mutex_);
    auto it = calls_.find(dump(*id));
    if (it == calls_.end()) return;  // answered already, or never a call: nothing to stop
    Call& call = *it->second;
    if (call.client_cancelled) return;
    call.client_cancelled = true;
    call.cancelled_at = Clock::now();
    call.token.cancel();
}

void Server::run_call(std::shared_ptr<Call> call) {
    json result;
    try {
        result = tools_.call(call->name, call->args, call->token);
    } catch (const std::exception& e) {
        result = verifier::error_json("internal_error", std::string("internal error: ") + e.what());
    }
    MutexLock lock(mutex_);
    json answer = tool_result(result);  // reads version_
    if (call->client_cancelled) {
        log("tools/call " + call->name + " (id " + id_text(call->id) + ") cancelled: stopped " +
            std::to_string(ms_since(call->cancelled_at)) + " ms after the cancel");
    } else {
        // Under mutex_: no progress notification of this call can follow its answer.
        reply(call->id, std::move(answer));
    }
    calls_.erase(call->key);
    finished_.push_back(std::move(call->thread));
    ticker_cv_.notify_all();
}

json Server::tool_result(const json& result) const {
    const bool failed = result.is_object() && result.size() == 1 && result.contains("error");
    std::string text = dump(result);
    if (text.size() > options_.max_result_bytes) {
        text = dump(verifier::error_json(
            "result_too_large", "the result is " + std::to_string(text.size()) +
                                    " bytes long, over the limit of " +
                                    std::to_string(options_.max_result_bytes) +
                                    " bytes; ask for less (fewer plies, a smaller format)"));
        return {{"content", {{{"type", "text"}, {"text", text}}}}, {"isError", true}};
    }
    json out = {{"content", {{{"type", "text"}, {"text", std::move(text)}}}}, {"isError", failed}};
    // Structured output exists from 2025-06-18 on (the dates compare as text).
    if (!failed && result.is_object() && version_ >= "2025-06-18")
        out["structuredContent"] = result;
    return out;
}

void Server::tick() {
    MutexLock lock(mutex_);
    Clock::time_point next = Clock::now() + options_.progress_interval;
    while (!stopping_ || !calls_.empty()) {
        ticker_cv_.wait_until(mutex_, next);
        if (stopping_ && calls_.empty()) break;
        if (Clock::now() < next) continue;  // woken by a call's end or by shutdown
        next += options_.progress_interval;
        for (auto& [key, call] : calls_) {
            if (call->progress_token.is_null() || call->client_cancelled) continue;
            ++call->progress;
            const double seconds = double(ms_since(call->started)) / 1000.0;
            char elapsed[32];
            std::snprintf(elapsed, sizeof elapsed, "%.1f", seconds);
            send({{"jsonrpc", "2.0"},
                  {"method", "notifications/progress"},
                  {"params",
                   {{"progressToken", call->progress_token},
                    {"progress", call->progress},
                    {"message", call->name + " running for " + elapsed + " s"}}}});
        }
    }
}

void Server::reap_locked() {
    for (std::thread& t : finished_)
        if (t.joinable()) t.join();
    finished_.clear();
}

void Server::drain(std::chrono::milliseconds budget) {
    MutexLock lock(mutex_);
    stopping_ = true;
    const auto deadline = Clock::now() + budget;
    while (!calls_.empty() && ticker_cv_.wait_until(mutex_, deadline)) {
    }
    lock.unlock();
    shutdown();
}

void Server::shutdown() {
    MutexLock lock(mutex_);
    stopping_ = true;
    for (auto& [key, call] : calls_) call->token.cancel();
    ticker_cv_.notify_all();
    lock.unlock();
    if (ticker_.joinable()) ticker_.join();  // ends once no call runs
    lock.lock();
    reap_locked();
}

}  // namespace glossfish::mcp
