// The language-model client: OpenAI-compatible chat completions over libcurl (llama.cpp's
// server, vLLM, Ollama, OpenAI). One call, LlmClient::chat, runs a whole exchange: it sends the
// messages, runs the model's tool calls in-process on a ToolSuite and feeds the results back
// (a bounded number of rounds), asks for a JSON object when the caller wants one, checks the
// answer with a caller-supplied validator and, when the answer is rejected, sends the error
// back once and asks again. Transport failures are retried with exponential backoff.
//
// The API key is never printed: every error text, log line and server reply (the parsed body:
// the answer, tool-call arguments, error messages) passes through redact(), which replaces
// every run of 8 or more consecutive characters of the key (the whole key when it is shorter),
// so a server that echoes the key, or a prefix or a piece of it, leaks none of it.
//
// Errors are values (ChatResult::ok/error/kind); chat() never throws. chat() blocks for the
// whole exchange; a client may be used from several threads at once (it holds no mutable
// state besides its configuration, which is read-only after construction).
#pragma once

#include <chrono>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "host/cancel.h"

namespace glossfish::verifier {

class ToolSuite;

struct LlmConfig {
    // Base URL of the OpenAI-compatible API, e.g. http://localhost:8080/v1; "/chat/completions"
    // is appended unless the URL already ends with it. Empty: no endpoint configured.
    std::string url;
    std::string model;  // sent as "model"; empty: "default" (llama.cpp ignores it)
    std::string key;    // sent as "Authorization: Bearer KEY" when not empty; never printed

    double connect_timeout_s = 10;  // connecting to the server
    double timeout_s = 300;         // one whole request, connecting included
    int max_retries = 3;            // further attempts after a 429, 5xx, timeout or lost connection
    double backoff_s = 1;           // wait before the first retry; doubles on each retry
    double max_backoff_s = 30;      // cap of one wait (also caps a server's Retry-After)
    int max_tool_rounds = 8;        // rounds of tool calls before the model must answer
    double tool_budget_s = 20;      // time budget of one tool call the model makes
    std::optional<double> temperature;
    std::optional<int> max_tokens;
    // A deadline for every call of this client (a whole command's, set once); a call's own
    // deadline is its CallContext's, and the earlier of the two applies.
    std::optional<std::chrono::steady_clock::time_point> deadline;
    double deadline_s = 0;  // the deadline's length, for the error message
    std::string deadline_scope = "the whole command";  // what the deadline bounds, for messages

    // Receives one line per request, retry and tool call (already redacted). Optional.
    std::function<void(const std::string&)> log;

    // The configuration from the environment: GLOSSFISH_LLM_URL, GLOSSFISH_LLM_MODEL,
    // GLOSSFISH_LLM_KEY (else OPENAI_API_KEY), GLOSSFISH_LLM_TIMEOUT (seconds),
    // GLOSSFISH_LLM_CONNECT_TIMEOUT (seconds), GLOSSFISH_LLM_RETRIES. A malformed number is
    // ignored and reported in `warnings`.
    static LlmConfig from_env(std::vector<std::string>* warnings = nullptr);

    bool configured() const { return !url.empty(); }
    // The full chat-completions URL, or empty with *error set when url is not http(s).
    std::string endpoint(std::string* error = nullptr) const;
};

// One call's context, given to the call (chat, chat_prompt, the judge's steps) rather than kept
// in the client's configuration: who may cancel it, when it must end, who hears how it goes.
struct CallContext {
    // When set and cancelled, the request in flight is aborted (libcurl checks it about every
    // second, more often while data flows), no retry follows, and the call fails with Cancelled.
    const CancelToken* cancel = nullptr;
    // When set, no request runs past it: a request gets only the time that is left, a retry
    // or backoff that would pass it is not made.
    std::optional<std::chrono::steady_clock::time_point> deadline;
    double deadline_s = 0;                     // the deadline's length, for the error message
    std::string deadline_scope = "this call";  // what the deadline bounds, for messages
    // Receives the call's progress: one line per request, retry and tool call (redacted).
    std::function<void(const std::string&)> progress;

    // A context whose deadline is seconds from now, bounding `scope`.
    static CallContext within(double seconds, std::string scope,
                              const CancelToken* cancel = nullptr);
};

// The one-line explanation given when no endpoint is configured.
extern const char* const NoLlmEndpointMessage;

enum class LlmErrorKind {
    None,
    NotConfigured,  // no URL
    BadConfig,      // URL not http(s), bad option values
    Transport,      // connection failed or dropped, every retry used
    Timeout,        // the request timed out, every retry used
    Http,           // an HTTP error status (4xx, or 429/5xx after every retry)
    BadResponse,    // the body is not JSON, or has no choices / no message
    BadAnswer,      // the answer is not the JSON asked for, even after the repair attempt
    ToolRounds,     // the model kept calling tools after max_tool_rounds
    Prompt,         // the prompt file could not be loaded or rendered (chat_prompt)
    Cancelled,      // the call's CallContext::cancel was cancelled
};
const char* llm_error_kind_name(LlmErrorKind kind);  // "not_configured", "transport", …

// A validator gets the parsed JSON answer and returns an empty string to accept it or the
// reason it is not the requested shape (sent back to the model in the repair attempt).
using AnswerValidator = std::function<std::string(const nlohmann::json& answer)>;

struct ChatRequest {
    nlohmann::json messages = nlohmann::json::array();  // [{"role","content"}, …]
    const ToolSuite* tools = nullptr;     // offered as `tools`; the model's calls run on it
    std::vector<std::string> tool_names;  // offer only these tools (empty: all of the suite)
    bool require_tool_use = false;       // tool_choice "required" until the model has called a tool
    bool json_answer = false;            // response_format json_object; the answer must parse
    AnswerValidator validate;            // checks the parsed answer (implies json_answer)
    std::optional<int> max_tool_rounds;  // overrides the config's
};

// One tool call the model made and what it got back.
struct ToolCallRecord {
    std::string id, name;
    std::string arguments;  // as the model sent them (JSON text)
    nlohmann::json result;  // the tool's answer ({"error":…} for bad arguments)
    bool error = false;     // result is an error object
};

struct ChatResult {
    bool ok = false;
    LlmErrorKind kind = LlmErrorKind::None;
    std::string error;        // one line, redacted; empty when ok
    std::string content;      // the final answer's text
    nlohmann::json answer;    // the parsed answer (json_answer / validate), else null
    nlohmann::json messages;  // the whole conversation, tool calls and results included
    std::vector<ToolCallRecord> tool_calls;
    int requests = 0;       // HTTP requests sent (retries included)
    int retries = 0;        // of those, retries after a transient failure
    int tool_rounds = 0;    // replies that asked for tools
    bool repaired = false;  // the answer was accepted on the repair attempt
    std::string finish_reason;
    long long prompt_tokens = 0, completion_tokens = 0;  // summed "usage", when reported
};

class LlmClient {
public:
    explicit LlmClient(LlmConfig config);

    // Runs one exchange (see the file comment) within context. Blocks; never throws.
    ChatResult chat(const ChatRequest& request, const CallContext& context = {}) const;

    const LlmConfig& config() const { return config_; }
    // text with every run of RedactRun (8) or more consecutive characters of the key (the
    // whole key when it is shorter) replaced by "[redacted]".
    std::string redact(std::string text) const;
    // j with redact() applied to every string and object key in it.
    nlohmann::json redact_json(const nlohmann::json& j) const;
    static constexpr std::size_t RedactRun = 8;

private:
    struct HttpReply;
    struct Exchange;  // one chat() under way (llm_client.cpp)
    HttpReply post(const std::string& url, const std::string& body, double timeout_s,
                   const CancelToken* cancel) const;
    void log(const std::string& line) const;

    LlmConfig config_;
};

// Message helpers: {"role":"system","content":text} and so on.
nlohmann::json system_message(std::string_view text);
nlohmann::json user_message(std::string_view text);
nlohmann::json assistant_message(std::string_view text);

// Reads a JSON object out of model text: the whole text, or the inside of a ```json fence, or
// the span from the first '{' to the last '}'. Empty with *error set when none parses.
std::optional<nlohmann::json> parse_json_answer(std::string_view text, std::string* error);

}  // namespace glossfish::verifier
