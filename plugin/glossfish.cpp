// libglossfish: the C ABI over the tool suite (verifier/tools/tools.h) and the rules core. Every
// exception stops here.
#include "glossfish.h"

#include <climits>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analysis/quality.h"
#include "claims/claims.h"
#include "claims/verify.h"
#include "host/analyzer.h"
#include "rules/bitboard.h"
#include "rules/perft.h"
#include "rules/position.h"
#include "session/settings.h"
#include "tools/tools.h"

using nlohmann::json;

struct gf_handle {
    glossfish::Settings settings;  // from gf_open's config; every other default from Settings{}
    std::unique_ptr<glossfish::verifier::ToolSuite> suite;
    std::mutex mutex;  // guards last_error
    std::string last_error;
};

namespace {

using namespace glossfish;

#define GF_STRINGIFY2(x) #x
#define GF_STRINGIFY(x) GF_STRINGIFY2(x)

// "glossfish 0.1.0 (abi 1)": the project version (engine/session/settings.h) and the ABI version.
const std::string& version_text() {
    static const std::string text =
        std::string("glossfish ") + version() + " (abi " GF_STRINGIFY(GF_ABI_VERSION) ")";
    return text;
}

thread_local std::string open_error;       // why the last gf_open on this thread failed
thread_local std::string last_error_copy;  // what gf_last_error returned last on this thread

// A failure with a stable snake_case code (the tool suite's codes); {"error": {...}} at the ABI.
struct CallError {
    std::string code;
    std::string message;
    std::string argument;
};

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

json error_json(const CallError& e) {
    json err = {{"code", e.code}, {"message", e.message}};
    if (!e.argument.empty()) err["argument"] = e.argument;
    return {{"error", std::move(err)}};
}

// The object of arguments; NULL or "" means {}.
json parse_object(const char* text, const char* what) {
    if (!text || !*text) return json::object();
    try {
        json j = json::parse(text);
        if (!j.is_object())
            throw CallError{"bad_json", std::string(what) + " must be a JSON object", {}};
        return j;
    } catch (const json::parse_error& e) {
        throw CallError{"bad_json", std::string(what) + " is not valid JSON: " + e.what(), {}};
    }
}

const json* find_arg(const json& args, const char* key) {
    auto it = args.find(key);
    return it == args.end() || it->is_null() ? nullptr : &*it;
}

std::string string_arg(const json& args, const char* key, const char* fallback) {
    const json* v = find_arg(args, key);
    if (!v) {
        if (fallback) return fallback;
        throw CallError{"missing_argument", std::string("missing argument \"") + key + "\"", key};
    }
    if (!v->is_string())
        throw CallError{"bad_argument_type", std::string("\"") + key + "\" must be a string", key};
    return v->get<std::string>();
}

bool bool_arg(const json& args, const char* key, bool fallback) {
    const json* v = find_arg(args, key);
    if (!v) return fallback;
    if (!v->is_boolean())
        throw CallError{"bad_argument_type", std::string("\"") + key + "\" must be true or false",
                        key};
    return v->get<bool>();
}

long long int_arg(const json& args, const char* key, long long lo, long long hi,
                  long long fallback) {
    const json* v = find_arg(args, key);
    if (!v) return fallback;
    if (!v->is_number_integer())
        throw CallError{"bad_argument_type", std::string("\"") + key + "\" must be an integer",
                        key};
    long long n = v->get<long long>();
    if (n < lo || n > hi)
        throw CallError{"bad_value",
                        std::string("\"") + key + "\" must be between " + std::to_string(lo) +
                            " and " + std::to_string(hi) + ", got " + std::to_string(n),
                        key};
    return n;
}

void reject_unknown(const json& args, std::initializer_list<std::string_view> known,
                    const char* what) {
    for (const auto& [key, value] : args.items()) {
        bool ok = false;
        for (std::string_view k : known) ok = ok || key == k;
        if (!ok) {
            std::string list;
            for (std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
            throw CallError{
                "unknown_argument",
                std::string("unknown ") + what + " \"" + key + "\" (known: " + list + ")", key};
        }
    }
}

// The position named by "fen" (start position when absent) and "chess960".
Position position_arg(const json& args, bool fen_required) {
    std::string fen = string_arg(args, "fen", fen_required ? nullptr : StartFen);
    Position pos;
    FenStatus status = pos.set(fen, bool_arg(args, "chess960", false));
    if (!status.ok()) throw CallError{"bad_fen", status.message(), "fen"};
    return pos;
}

json perft_call(const json& args) {
    reject_unknown(args, {"fen", "depth", "chess960"}, "argument");
    if (!find_arg(args, "depth"))
        throw CallError{"missing_argument", "missing argument \"depth\"", "depth"};
    Position pos = position_arg(args, false);
    long long depth = int_arg(args, "depth", LLONG_MIN, LLONG_MAX, 0);
    if (auto err = check_perft_depth(depth)) throw CallError{"bad_value", *err, "depth"};
    return {{"fen", pos.fen()}, {"depth", depth}, {"nodes", perft(pos, int(depth))}};
}

json problems_json(const std::vector<FenProblem>& problems) {
    json out = json::array();
    for (const FenProblem& p : problems)
        out.push_back({{"code", fen_issue_code(p.issue)}, {"message", p.message}});
    return out;
}

json validate_fen_call(const json& args) {
    reject_unknown(args, {"fen", "chess960"}, "argument");
    std::string fen = string_arg(args, "fen", nullptr);
    Position pos;
    FenStatus status = pos.set(fen, bool_arg(args, "chess960", false));
    json out = {{"valid", status.ok()},
                {"problems", problems_json(status.problems)},
                {"warnings", problems_json(status.warnings)}};
    if (status.ok()) out["fen"] = pos.fen();
    return out;
}

json tools_call(const verifier::ToolSuite& suite, const json& args) {
    reject_unknown(args, {"schema"}, "argument");
    if (bool_arg(args, "schema", false)) return {{"schema", suite.schema()}};
    json list = json::array();
    for (const auto& e : suite.list())
        list.push_back({{"name", e.name},
                        {"group", e.group},
                        {"summary", e.summary},
                        {"engine", e.needs_engine}});
    json extras = json::array({"tools", "perft", "validate_fen", "verify"});
    return {{"tools", std::move(list)}, {"extras", std::move(extras)}};
}

// Claims (JSON) or commentary (text) about a position and a move, checked by the verifier:
// the report of `glossfish verify` (verdicts, evidence, unread sentences, metrics).
json verify_call(const gf_handle& handle, const json& args) {
    reject_unknown(args, {"fen", "move", "text", "claims", "depth", "scheme"}, "argument");
    if (!find_arg(args, "fen"))
        throw CallError{"missing_argument", "missing argument \"fen\"", "fen"};
    const bool has_text = find_arg(args, "text"), has_claims = find_arg(args, "claims");
    if (has_text == has_claims)
        throw CallError{"bad_arguments", "give exactly one of \"text\" and \"claims\"", {}};
    verifier::VerifyOptions options = verifier::verify_options(handle.settings);
    options.depth = int(int_arg(args, "depth", 1, MaxToolDepth, options.depth));
    const std::string scheme = string_arg(args, "scheme", scheme_name(options.scheme));
    auto parsed = parse_scheme(scheme);
    if (!parsed)
        throw CallError{"bad_value",
                        "\"scheme\" must be act-eval or lichess, got \"" + scheme + "\"", "scheme"};
    options.scheme = *parsed;
    json line = {{"fen", string_arg(args, "fen", nullptr)}};
    if (find_arg(args, "move")) line["move"] = string_arg(args, "move", nullptr);
    if (has_text) line["text"] = string_arg(args, "text", nullptr);
    else line["claims"] = args["claims"];
    verifier::ClaimVerifier verifier(*handle.suite, options);
    json id;
    verifier::VerifyOutcome outcome = verifier::verify_line(verifier, line.dump(), id);
    if (!outcome.ok()) throw CallError{"bad_arguments", outcome.error, {}};
    return outcome.report;
}

json run(const gf_handle& handle, std::string_view name, const json& args) {
    const verifier::ToolSuite& suite = *handle.suite;
    if (name == "tools") return tools_call(suite, args);
    if (name == "verify") return verify_call(handle, args);
    if (name == "perft") return perft_call(args);
    if (name == "validate_fen") return validate_fen_call(args);
    // The suite answers unknown names itself, listing its tools.
    return suite.call(name, args);
}

void set_error(gf_handle* handle, const std::string& message) noexcept {
    try {
        std::lock_guard lock(handle->mutex);
        handle->last_error = message;
    } catch (...) {
    }
}

// The reply of one call as JSON text; never throws anything but std::bad_alloc.
std::string call(gf_handle* handle, const char* name, const char* args_json) {
    json reply;
    try {
        reply = run(*handle, name ? name : "", parse_object(args_json, "arguments"));
    } catch (const CallError& e) {
        reply = error_json(e);
    } catch (const std::bad_alloc&) {
        throw;
    } catch (const std::exception& e) {
        reply = error_json({"internal_error", std::string("internal error: ") + e.what(), {}});
    }
    if (reply.is_object() && reply.contains("error")) {
        const json& err = reply["error"];
        set_error(handle, err.value("message", std::string("error")));
    }
    return dump(reply);
}

// The settings of a handle from its config (see gf_open in glossfish.h); the rest is Settings{}.
Settings settings_from(const json& config) {
    reject_unknown(config,
                   {"stockfish", "workers", "hash", "threads", "depth", "nodes", "movetime"},
                   "setting");
    Settings s;
    s.stockfish_path = string_arg(config, "stockfish", "");
    s.analysis_workers = int(int_arg(config, "workers", 1, 64, s.analysis_workers));
    s.analysis_hash_mb = int(int_arg(config, "hash", 1, 65536, s.analysis_hash_mb));
    s.analysis_threads = int(int_arg(config, "threads", 1, 256, s.analysis_threads));
    s.analysis_depth = int(int_arg(config, "depth", 1, MaxToolDepth, s.analysis_depth));
    if (find_arg(config, "nodes"))
        s.analysis_nodes = std::uint64_t(int_arg(config, "nodes", 1, 1'000'000'000, 1));
    if (find_arg(config, "movetime"))
        s.analysis_movetime_ms = int(int_arg(config, "movetime", 1, 60000, 1000));
    return s;
}

void set_open_error(const std::string& message) noexcept {
    try {
        open_error = message;
    } catch (...) {
    }
}

char* copy_out(const std::string& text) {
    char* out = static_cast<char*>(std::malloc(text.size() + 1));
    if (out) std::memcpy(out, text.c_str(), text.size() + 1);
    return out;
}

}  // namespace

extern "C" {

const char* gf_version(void) { return version_text().c_str(); }

gf_handle* gf_open(const char* config_json) {
    try {
        open_error.clear();
        init_bitboards();
        auto handle = std::make_unique<gf_handle>();
        handle->settings = settings_from(parse_object(config_json, "config"));
        handle->suite = verifier::make_tool_suite(handle->settings);
        return handle.release();
    } catch (const CallError& e) {
        set_open_error(e.message);
    } catch (const std::exception& e) {
        set_open_error(e.what());
    } catch (...) {
        set_open_error("unknown error");
    }
    return nullptr;
}

void gf_close(gf_handle* handle) {
    try {
        delete handle;
    } catch (...) {
    }
}

char* gf_call(gf_handle* handle, const char* name, const char* args_json) {
    if (!handle) return nullptr;
    try {
        return copy_out(call(handle, name, args_json));
    } catch (...) {
        set_error(handle, "out of memory");
        return nullptr;
    }
}

void gf_free(char* text) { std::free(text); }

const char* gf_last_error(gf_handle* handle) {
    try {
        if (!handle) {
            last_error_copy = open_error;
        } else {
            std::lock_guard lock(handle->mutex);
            last_error_copy = handle->last_error;
        }
        return last_error_copy.c_str();
    } catch (...) {
        return "out of memory";
    }
}

}  // extern "C"
