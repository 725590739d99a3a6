// OpenAI-compatible chat completions with tool calling over libcurl (see llm_client.h).
#include "llm/llm_client.h"

#include <curl/curl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <set>
#include <string_view>
#include <thread>
#include <unordered_map>

#include "io/text.h"
#include "settings/settings.h"
#include "tools/tool_suite.h"

namespace glossfish::verifier {

using nlohmann::json;

const char* const NoLlmEndpointMessage =
    "no language model configured: set GLOSSFISH_LLM_URL to an OpenAI-compatible endpoint "
    "(e.g. http://localhost:8080/v1) and GLOSSFISH_LLM_MODEL";

const char* llm_error_kind_name(LlmErrorKind kind) {
    switch (kind) {
    case LlmErrorKind::None: return "none";
    case LlmErrorKind::NotConfigured: return "not_configured";
    case LlmErrorKind::BadConfig: return "bad_config";
    case LlmErrorKind::Transport: return "transport";
    case LlmErrorKind::Timeout: return "timeout";
    case LlmErrorKind::Http: return "http";
    case LlmErrorKind::BadResponse: return "bad_response";
    case LlmErrorKind::BadAnswer: return "bad_answer";
    case LlmErrorKind::ToolRounds: return "tool_rounds";
    case LlmErrorKind::Prompt: return "prompt";
    case LlmErrorKind::Cancelled: return "cancelled";
    }
    return "unknown";
}

namespace {

std::string env(const char* name) {
    const char* v = std::getenv(name);
    return v ? std::string(v) : std::string();
}

// A number from the environment in [lo, hi]; a bad value leaves `out` alone and adds a warning.
template <class T>
void env_number(const char* name, T& out, double lo, double hi,
                std::vector<std::string>* warnings) {
    const std::string text = env(name);
    if (text.empty()) return;
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0' || !(v >= lo && v <= hi)) {
        if (warnings)
            warnings->push_back(std::string(name) + " must be a number in " + std::to_string(lo) +
                                ".." + std::to_string(hi) + ", got '" + text + "' (ignored)");
        return;
    }
    out = T(v);
}

// The server's own error text: OpenAI/llama.cpp {"error":{"message"}}, Ollama {"error":"…"},
// {"message"}, else the start of the body.
std::string server_message(const std::string& body) {
    json j = json::parse(body, nullptr, false);
    if (!j.is_discarded() && j.is_object()) {
        if (auto e = j.find("error"); e != j.end()) {
            if (e->is_string()) return e->get<std::string>();
            if (e->is_object()) {
                if (auto m = e->find("message"); m != e->end() && m->is_string())
                    return m->get<std::string>();
                return e->dump();
            }
        }
        if (auto m = j.find("message"); m != j.end() && m->is_string())
            return m->get<std::string>();
        if (auto m = j.find("detail"); m != j.end() && m->is_string()) return m->get<std::string>();
    }
    return body.empty() ? std::string("(empty body)") : body;
}

bool retryable_status(long status) { return status == 429 || (status >= 500 && status <= 599); }

bool retryable_curl(CURLcode code) {
    switch (code) {
    case CURLE_OPERATION_TIMEDOUT:
    case CURLE_COULDNT_CONNECT:
    case CURLE_GOT_NOTHING:
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
    case CURLE_PARTIAL_FILE:
    case CURLE_HTTP2:
    case CURLE_HTTP2_STREAM: return true;
    default: return false;
    }
}

std::string seconds_text(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g s", s);
    return buf;
}

// libcurl's progress callback: a non-zero answer aborts the transfer (cancelled request).
int abort_if_cancelled(void* token, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
    return is_cancelled(static_cast<const CancelToken*>(token)) ? 1 : 0;
}

std::size_t write_body(char* data, std::size_t size, std::size_t n, void* user) {
    auto* body = static_cast<std::string*>(user);
    constexpr std::size_t Limit = 64u << 20;  // a reply larger than 64 MB is cut (then malformed)
    const std::size_t bytes = size * n;
    if (body->size() + bytes > Limit) return 0;
    body->append(data, bytes);
    return bytes;
}

void global_init() {
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

// The tools array offered to the model: the suite's schema, filtered by name when asked.
json tools_array(const ToolSuite& suite, const std::vector<std::string>& names) {
    json all = suite.model_schema();
    if (names.empty()) return all;
    json out = json::array();
    for (const auto& t : all) {
        const std::string name = t.value("/function/name"_json_pointer, std::string());
        if (std::find(names.begin(), names.end(), name) != names.end()) out.push_back(t);
    }
    return out;
}

}  // namespace

LlmConfig LlmConfig::from_env(std::vector<std::string>* warnings) {
    LlmConfig c;
    c.url = env("GLOSSFISH_LLM_URL");
    c.model = env("GLOSSFISH_LLM_MODEL");
    c.key = env("GLOSSFISH_LLM_KEY");
    if (c.key.empty()) c.key = env("OPENAI_API_KEY");
    env_number("GLOSSFISH_LLM_TIMEOUT", c.timeout_s, 0.001, 86400, warnings);
    env_number("GLOSSFISH_LLM_CONNECT_TIMEOUT", c.connect_timeout_s, 0.001, 3600, warnings);
    env_number("GLOSSFISH_LLM_RETRIES", c.max_retries, 0, 100, warnings);
    return c;
}

std::string LlmConfig::endpoint(std::string* error) const {
    std::string u = url;
    while (!u.empty() && (u.back() == '/' || u.back() == ' ')) u.pop_back();
    if (u.rfind("http://", 0) != 0 && u.rfind("https://", 0) != 0) {
        if (error)
            *error = "GLOSSFISH_LLM_URL must start with http:// or https://, got '" +
                     one_line(u, 80) + "'";
        return {};
    }
    const std::string suffix = "/chat/completions";
    if (u.size() < suffix.size() || u.compare(u.size() - suffix.size(), suffix.size(), suffix) != 0)
        u += suffix;
    return u;
}

json system_message(std::string_view text) { return {{"role", "system"}, {"content", text}}; }
json user_message(std::string_view text) { return {{"role", "user"}, {"content", text}}; }
json assistant_message(std::string_view text) { return {{"role", "assistant"}, {"content", text}}; }

std::optional<json> parse_json_answer(std::string_view text, std::string* error) {
    auto try_parse = [](std::string_view t) -> std::optional<json> {
        json j = json::parse(t.begin(), t.end(), nullptr, false);
        if (j.is_discarded() || !j.is_object()) return std::nullopt;
        return j;
    };
    if (auto j = try_parse(text)) return j;
    // A fenced block: ```json … ``` or ``` … ```.
    if (auto open = text.find("```"); open != std::string_view::npos) {
        auto start = text.find('\n', open);
        auto close = start == std::string_view::npos ? start : text.find("```", start);
        if (close != std::string_view::npos)
            if (auto j = try_parse(text.substr(start + 1, close - start - 1))) return j;
    }
    auto first = text.find('{'), last = text.rfind('}');
    if (first != std::string_view::npos && last != std::string_view::npos && last > first)
        if (auto j = try_parse(text.substr(first, last - first + 1))) return j;
    if (error) {
        json j = json::parse(text.begin(), text.end(), nullptr, false);
        if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
            *error = "the answer is empty, expected a JSON object";
        else if (!j.is_discarded())
            *error =
                std::string("the answer is JSON ") + j.type_name() + ", expected a JSON object";
        else *error = "the answer is not a JSON object";
    }
    return std::nullopt;
}

struct LlmClient::HttpReply {
    CURLcode code = CURLE_OK;
    std::string curl_error;
    long status = 0;
    std::string body;
    double retry_after_s = -1;  // from Retry-After, when the server sent one
};

LlmClient::LlmClient(LlmConfig config) : config_(std::move(config)) { global_init(); }

std::string LlmClient::redact(std::string text) const {
    const std::string& key = config_.key;
    if (key.empty()) return text;
    const std::size_t run = std::min(RedactRun, key.size());
    if (text.size() < run) return text;
    // Where each run-long piece of the key starts in it.
    std::unordered_map<std::string_view, std::vector<std::size_t>> pieces;
    bool in_key[256] = {};
    for (unsigned char c : key) in_key[c] = true;
    for (std::size_t j = 0; j + run <= key.size(); ++j)
        pieces[std::string_view(key).substr(j, run)].push_back(j);
    std::string out;
    std::size_t i = 0, copied = 0;
    while (i + run <= text.size()) {
        if (!in_key[static_cast<unsigned char>(text[i])]) {
            ++i;
            continue;
        }
        auto it = pieces.find(std::string_view(text).substr(i, run));
        if (it == pieces.end()) {
            ++i;
            continue;
        }
        std::size_t longest = run;  // extend the match as far as the key goes on
        for (std::size_t j : it->second) {
            std::size_t len = run;
            while (i + len < text.size() && j + len < key.size() && text[i + len] == key[j + len])
                ++len;
            longest = std::max(longest, len);
        }
        out.append(text, copied, i - copied);
        out += "[redacted]";
        i += longest;
        copied = i;
    }
    if (copied == 0) return text;
    out.append(text, copied, std::string::npos);
    return out;
}

json LlmClient::redact_json(const json& j) const {
    if (config_.key.empty()) return j;
    if (j.is_string()) return redact(j.get<std::string>());
    if (j.is_array()) {
        json out = json::array();
        for (const auto& e : j) out.push_back(redact_json(e));
        return out;
    }
    if (j.is_object()) {
        json out = json::object();
        for (auto it = j.begin(); it != j.end(); ++it)
            out[redact(it.key())] = redact_json(it.value());
        return out;
    }
    return j;
}

void LlmClient::log(const std::string& line) const {
    if (config_.log) config_.log(redact(line));
}

LlmClient::HttpReply LlmClient::post(const std::string& url, const std::string& body,
                                     double timeout_s, const CancelToken* cancel) const {
    HttpReply reply;
    CURL* curl = curl_easy_init();
    if (!curl) {
        reply.code = CURLE_FAILED_INIT;
        reply.curl_error = "curl_easy_init failed";
        return reply;
    }
    char errbuf[CURL_ERROR_SIZE] = {0};
    curl_slist* headers = nullptr;
    headers = curl_slist_append(headers, "Content-Type: application/json");
    headers = curl_slist_append(headers, "Accept: application/json");
    std::string auth;
    if (!config_.key.empty()) {
        auth = "Authorization: Bearer " + config_.key;
        headers = curl_slist_append(headers, auth.c_str());
    }
    curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_POST, 1L);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.data());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.size()));
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, write_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &reply.body);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, errbuf);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    if (cancel) {
        curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
        curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, abort_if_cancelled);
        curl_easy_setopt(curl, CURLOPT_XFERINFODATA, cancel);
    }
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS,
                     long(std::max(1.0, config_.connect_timeout_s * 1000)));
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, long(std::max(1.0, timeout_s * 1000)));
    static const std::string user_agent = std::string("glossfish/") + glossfish::version();
    curl_easy_setopt(curl, CURLOPT_USERAGENT, user_agent.c_str());
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    reply.code = curl_easy_perform(curl);
    if (reply.code != CURLE_OK) {
        reply.curl_error = errbuf[0] ? errbuf : curl_easy_strerror(reply.code);
        while (!reply.curl_error.empty() && reply.curl_error.back() == '\n')
            reply.curl_error.pop_back();
    } else {
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &reply.status);
        curl_off_t retry_after = -1;
        if (curl_easy_getinfo(curl, CURLINFO_RETRY_AFTER, &retry_after) == CURLE_OK &&
            retry_after > 0)
            reply.retry_after_s = double(retry_after);
    }
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    return reply;
}

// One exchange: requests (each retried on transient failures, none past the deadline), the
// tool calls the model asks for, and the answer with at most one repair. Each step returns the
// finished result when the exchange ends there.
struct LlmClient::Exchange {
    Exchange(const LlmClient& of, const ChatRequest& asked, const CallContext& context)
        : client(of),
          config(of.config_),
          call_context(effective(of.config_, context)),
          request(asked),
          want_json(asked.json_answer || bool(asked.validate)),
          max_rounds(std::max(0, asked.max_tool_rounds.value_or(config.max_tool_rounds))) {
        r.messages = asked.messages.is_array() ? asked.messages : json::array();
        if (asked.tools) tools = tools_array(*asked.tools, asked.tool_names);
        offer_tools = tools.is_array() && !tools.empty();
        if (offer_tools)
            for (const auto& t : tools)
                offered.insert(t.value("/function/name"_json_pointer, std::string()));
    }

    // The call's context with the client's deadline when that one comes first.
    static CallContext effective(const LlmConfig& config, const CallContext& context) {
        CallContext c = context;
        if (config.deadline && (!c.deadline || *config.deadline < *c.deadline)) {
            c.deadline = config.deadline;
            c.deadline_s = config.deadline_s;
            c.deadline_scope = config.deadline_scope;
        }
        return c;
    }

    // A line for the client's log and the call's progress.
    void note(const std::string& line) const {
        client.log(line);
        if (call_context.progress) call_context.progress(client.redact(line));
    }

    ChatResult fail(LlmErrorKind kind, const std::string& message) {
        r.ok = false;
        r.kind = kind;
        r.error = client.redact(one_line(client.redact(message), 600));
        note("llm: error: " + r.error);
        return r;
    }

    std::optional<ChatResult> start() {
        if (!config.configured()) return fail(LlmErrorKind::NotConfigured, NoLlmEndpointMessage);
        std::string url_error;
        url = config.endpoint(&url_error);
        if (url.empty()) return fail(LlmErrorKind::BadConfig, url_error);
        if (r.messages.empty()) return fail(LlmErrorKind::BadConfig, "no messages to send");
        return std::nullopt;
    }

    std::string payload() const {
        json body = {{"model", config.model.empty() ? "default" : config.model},
                     {"messages", r.messages},
                     {"stream", false}};
        if (config.temperature) body["temperature"] = *config.temperature;
        if (config.max_tokens) body["max_tokens"] = *config.max_tokens;
        if (offer_tools) {
            body["tools"] = tools;
            if (r.tool_rounds >= max_rounds) body["tool_choice"] = "none";
            else if (request.require_tool_use && r.tool_calls.empty())
                body["tool_choice"] = "required";
            else body["tool_choice"] = "auto";
        } else if (want_json) {
            // Only without tools: some servers refuse a response format together with tools.
            body["response_format"] = {{"type", "json_object"}};
        }
        return body.dump(-1, ' ', false, json::error_handler_t::replace);
    }

    // The request with its retries; a failure to get an HTTP 2xx reply ends the exchange.
    std::optional<ChatResult> send(HttpReply& reply) {
        const std::string body = payload();
        bool deadline_cut = false, no_retry_left = false;
        int tries = 0;
        for (int attempt = 0;; ++attempt) {
            tries = attempt + 1;
            double timeout = config.timeout_s;
            if (call_context.deadline) {
                const double left = std::chrono::duration<double>(*call_context.deadline -
                                                                  std::chrono::steady_clock::now())
                                        .count();
                if (left <= 0)
                    return fail(LlmErrorKind::Timeout,
                                "the deadline of " + seconds_text(call_context.deadline_s) +
                                    " for " + call_context.deadline_scope + " passed (" +
                                    std::to_string(r.requests) + " requests sent)");
                if (left < timeout) {
                    timeout = left;
                    deadline_cut = true;
                }
            }
            ++r.requests;
            note("llm: POST " + url + " (" + std::to_string(r.messages.size()) + " messages" +
                 (offer_tools ? ", " + std::to_string(tools.size()) + " tools" : std::string()) +
                 (attempt ? ", retry " + std::to_string(attempt) : std::string()) + ")");
            reply = client.post(url, body, timeout, call_context.cancel);
            if (is_cancelled(call_context.cancel)) break;
            const bool transient = reply.code != CURLE_OK ? retryable_curl(reply.code)
                                                          : retryable_status(reply.status);
            if (!transient || attempt >= config.max_retries) break;
            if (!wait_before_retry(reply, attempt)) {
                no_retry_left = true;  // no time left for another attempt
                break;
            }
        }
        return reply_failure(reply, tries, deadline_cut, no_retry_left);
    }

    // Waits the backoff (or the server's Retry-After) before retry attempt+1; false when the
    // deadline comes first.
    bool wait_before_retry(const HttpReply& reply, int attempt) {
        double wait = config.backoff_s * std::pow(2.0, attempt);
        if (reply.retry_after_s >= 0) wait = reply.retry_after_s;
        wait = std::clamp(wait, 0.0, config.max_backoff_s);
        if (call_context.deadline &&
            std::chrono::steady_clock::now() + std::chrono::duration<double>(wait) >=
                *call_context.deadline)
            return false;
        note("llm: " +
             (reply.code != CURLE_OK ? reply.curl_error : "HTTP " + std::to_string(reply.status)) +
             ", retrying in " + seconds_text(wait));
        ++r.retries;
        const auto until = std::chrono::steady_clock::now() +
                           std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                               std::chrono::duration<double>(wait));
        while (std::chrono::steady_clock::now() < until && !is_cancelled(call_context.cancel))
            std::this_thread::sleep_for(CancelToken::PollInterval);
        return true;
    }

    std::optional<ChatResult> reply_failure(const HttpReply& reply, int tries, bool deadline_cut,
                                            bool no_retry_left) {
        if (is_cancelled(call_context.cancel))
            return fail(LlmErrorKind::Cancelled, "the request to " + url + " was cancelled");
        const std::string attempts =
            (tries > 1 ? " (" + std::to_string(tries) + " attempts)" : std::string()) +
            (no_retry_left ? " (no time for a retry before the deadline of " +
                                 seconds_text(call_context.deadline_s) + " for " +
                                 call_context.deadline_scope + ")"
                           : std::string());
        if (reply.code == CURLE_OPERATION_TIMEDOUT && deadline_cut)
            return fail(LlmErrorKind::Timeout, "request to " + url + " cut at the deadline of " +
                                                   seconds_text(call_context.deadline_s) + " for " +
                                                   call_context.deadline_scope + attempts);
        if (reply.code == CURLE_OPERATION_TIMEDOUT)
            return fail(LlmErrorKind::Timeout, "request to " + url + " timed out after " +
                                                   seconds_text(config.timeout_s) + attempts);
        if (reply.code != CURLE_OK)
            return fail(LlmErrorKind::Transport,
                        "cannot reach " + url + ": " + reply.curl_error + attempts);
        if (reply.status < 200 || reply.status > 299)
            return fail(LlmErrorKind::Http, "HTTP " + std::to_string(reply.status) + " from " +
                                                url + attempts + ": " +
                                                one_line(server_message(reply.body), 300));
        return std::nullopt;
    }

    // The reply's first message (everything the server said is redacted before it is used,
    // printed or kept), with its usage and finish reason recorded.
    std::optional<ChatResult> read_reply(const HttpReply& reply, json& message) {
        json j = client.redact_json(json::parse(reply.body, nullptr, false));
        if (j.is_discarded() || !j.is_object())
            return fail(LlmErrorKind::BadResponse, "reply from " + url + " is not a JSON object: " +
                                                       one_line(reply.body, 120));
        if (auto u = j.find("usage"); u != j.end() && u->is_object()) {
            if (auto p = u->find("prompt_tokens"); p != u->end() && p->is_number_integer())
                r.prompt_tokens += p->get<long long>();
            if (auto c = u->find("completion_tokens"); c != u->end() && c->is_number_integer())
                r.completion_tokens += c->get<long long>();
        }
        auto choices = j.find("choices");
        if (choices == j.end() || !choices->is_array() || choices->empty() ||
            !(*choices)[0].is_object())
            return fail(LlmErrorKind::BadResponse,
                        "reply from " + url + " has no choices" +
                            (j.contains("error") ? ": " + one_line(server_message(reply.body), 300)
                                                 : std::string()));
        const json& choice = (*choices)[0];
        auto msg = choice.find("message");
        if (msg == choice.end() || !msg->is_object())
            return fail(LlmErrorKind::BadResponse,
                        "reply from " + url + " has a choice without a message");
        r.finish_reason = choice.value("finish_reason", std::string());
        message = *msg;
        return std::nullopt;
    }

    // Runs the tool calls of message and adds them and their results to the conversation.
    std::optional<ChatResult> run_tools(const json& message) {
        if (r.tool_rounds >= max_rounds)
            return fail(LlmErrorKind::ToolRounds, "the model kept calling tools after " +
                                                      std::to_string(max_rounds) + " rounds");
        ++r.tool_rounds;
        json assistant = {{"role", "assistant"},
                          {"content", message.contains("content") ? message["content"] : json()},
                          {"tool_calls", json::array()}};
        std::vector<json> results;
        for (const auto& call : message["tool_calls"]) {
            ToolCallRecord rec = run_tool(call);
            assistant["tool_calls"].push_back(
                {{"id", rec.id},
                 {"type", "function"},
                 {"function", {{"name", rec.name}, {"arguments", rec.arguments}}}});
            results.push_back(
                {{"role", "tool"},
                 {"tool_call_id", rec.id},
                 {"name", rec.name},
                 {"content", rec.result.dump(-1, ' ', false, json::error_handler_t::replace)}});
            r.tool_calls.push_back(std::move(rec));
        }
        r.messages.push_back(std::move(assistant));
        for (auto& m : results) r.messages.push_back(std::move(m));
        return std::nullopt;
    }

    ToolCallRecord run_tool(const json& call) {
        ToolCallRecord rec;
        rec.id = call.is_object() ? call.value("id", std::string()) : std::string();
        if (rec.id.empty()) rec.id = "call_" + std::to_string(r.tool_calls.size() + 1);
        const json fn = call.is_object() ? call.value("function", json::object()) : json::object();
        rec.name = fn.is_object() ? fn.value("name", std::string()) : std::string();
        if (fn.is_object() && fn.contains("arguments"))
            rec.arguments =
                fn["arguments"].is_string()
                    ? fn["arguments"].get<std::string>()
                    : fn["arguments"].dump(-1, ' ', false, json::error_handler_t::replace);
        if (!request.tools || !offered.count(rec.name)) {
            rec.result = {{"error",
                           {{"code", "unknown_tool"},
                            {"message", "tool '" + rec.name + "' is not offered"}}}};
        } else {
            // Every tool call the model makes has a time budget (a strategy tree with huge
            // arguments must not hold the exchange for minutes).
            const CancelToken budget(
                call_context.cancel,
                std::chrono::steady_clock::now() +
                    std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                        std::chrono::duration<double>(config.tool_budget_s)));
            rec.result = request.tools->call_text(rec.name, rec.arguments, &budget);
        }
        rec.error = rec.result.is_object() && rec.result.contains("error");
        note("llm: tool " + rec.name + " " + one_line(rec.arguments, 200) + " -> " +
             one_line(rec.result.dump(-1, ' ', false, json::error_handler_t::replace), 200));
        return rec;
    }

    // The final answer: accepted, or rejected with one request to repair it.
    std::optional<ChatResult> answer(const json& message) {
        const json& content = message.contains("content") ? message["content"] : json();
        r.content = content.is_string() ? content.get<std::string>() : std::string();
        r.messages.push_back(assistant_message(r.content));
        std::string reject;
        if (request.require_tool_use && offer_tools && r.tool_calls.empty()) {
            reject = "you must call at least one tool to check the claims before answering";
        } else if (want_json) {
            std::string parse_error;
            auto parsed = parse_json_answer(r.content, &parse_error);
            if (!parsed) {
                reject = parse_error;
            } else {
                if (request.validate) reject = request.validate(*parsed);
                if (reject.empty()) r.answer = std::move(*parsed);
            }
        }
        if (reject.empty()) {
            r.ok = true;
            r.repaired = repair_used;
            return r;
        }
        if (repair_used)
            return fail(LlmErrorKind::BadAnswer,
                        "the model's answer was rejected after one repair attempt: " + reject);
        repair_used = true;
        note("llm: answer rejected (" + one_line(reject, 200) + "), asking once more");
        r.messages.push_back(user_message(
            "Your answer was not accepted: " + reject +
            ". Answer again with only the JSON object in the shape the task asked for."));
        return std::nullopt;
    }

    const LlmClient& client;
    const LlmConfig& config;
    const CallContext call_context;  // the call's, with the client's deadline when sooner
    const ChatRequest& request;
    const bool want_json;
    const int max_rounds;
    ChatResult r;
    std::string url;
    json tools;
    bool offer_tools = false;
    std::set<std::string> offered;
    bool repair_used = false;
};

CallContext CallContext::within(double seconds, std::string scope, const CancelToken* cancel) {
    CallContext c;
    c.cancel = cancel;
    c.deadline = std::chrono::steady_clock::now() +
                 std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                     std::chrono::duration<double>(seconds));
    c.deadline_s = seconds;
    c.deadline_scope = std::move(scope);
    return c;
}

ChatResult LlmClient::chat(const ChatRequest& request, const CallContext& context) const {
    Exchange x(*this, request, context);
    if (auto done = x.start()) return *done;
    for (;;) {
        HttpReply reply;
        if (auto done = x.send(reply)) return *done;
        json message;
        if (auto done = x.read_reply(reply, message)) return *done;
        const auto calls = message.find("tool_calls");
        if (calls != message.end() && calls->is_array() && !calls->empty()) {
            if (auto done = x.run_tools(message)) return *done;
            continue;  // the results go back to the model
        }
        if (auto done = x.answer(message)) return *done;
    }
}

}  // namespace glossfish::verifier
