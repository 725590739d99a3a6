// libglossfish: the C ABI over the tool suite (verifier/tools/tool_suite.h) and the rules core.
// Every exception stops here.
#include "glossfish.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "host/analyzer.h"
#include "io/mutex.h"
#include "rules/bitboard.h"
#include "rules/fen_json.h"
#include "rules/perft.h"
#include "rules/position.h"
#include "service/make_tool_suite.h"
#include "settings/settings.h"
#include "tools/tool_suite.h"

using nlohmann::json;

struct gf_handle {
    glossfish::Settings settings;  // from gf_open's config; every other default from Settings{}
    std::unique_ptr<glossfish::verifier::ToolSuite> suite;
    glossfish::Mutex mutex;
    std::string last_error GLOSSFISH_GUARDED_BY(mutex);
};

namespace {

using namespace glossfish;

#define GF_STRINGIFY2(x) #x
#define GF_STRINGIFY(x) GF_STRINGIFY2(x)

// "glossfish 0.1.0 (abi 1)": the project version (engine/settings/settings.h) and the ABI version.
const std::string& version_text() {
    static const std::string text =
        std::string("glossfish ") + version() + " (abi " GF_STRINGIFY(GF_ABI_VERSION) ")";
    return text;
}

thread_local std::string open_error;       // why the last gf_open on this thread failed
thread_local std::string last_error_copy;  // what gf_last_error returned last on this thread

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

// The object of arguments; NULL or "" means {}.
json parse_object(const char* text, const char* what) {
    if (!text || !*text) return json::object();
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded())
        throw verifier::ToolError("bad_json", std::string(what) + " is not valid JSON");
    if (!j.is_object())
        throw verifier::ToolError("bad_json", std::string(what) + " must be a JSON object");
    return j;
}

using verifier::ArgSpec;
using verifier::ArgType;
using verifier::ToolSpec;

ArgSpec chess960_arg() {
    return {.name = "chess960",
            .type = ArgType::Boolean,
            .description = "read castling rights as Chess960",
            .default_value = false};
}

// The calls that are not tools of the suite, declared like them: their arguments are checked
// by the registry's one validator (validate_args), with its codes and wording.
std::vector<ToolSpec> extra_specs() {
    ArgSpec fen = verifier::fen_arg();
    ArgSpec optional_fen = fen;
    optional_fen.required = false;
    return {
        {.name = "tools",
         .args = {{.name = "schema",
                   .type = ArgType::Boolean,
                   .description = "the OpenAI tools array",
                   .default_value = false}}},
        {.name = "perft",
         .args = {optional_fen,
                  {.name = "depth",
                   .type = ArgType::Integer,
                   .required = true,
                   .description = "plies to count (check_perft_depth, as on every surface)"},
                  chess960_arg()}},
        {.name = "validate_fen",
         .args = {{.name = "fen",
                   .type = ArgType::String,
                   .required = true,
                   .description = "the FEN to check"},
                  chess960_arg()}},
        {.name = "settings", .args = {}},
    };
}

const ToolSpec* find_extra(std::string_view name) {
    static const std::vector<ToolSpec> specs = extra_specs();
    for (const ToolSpec& s : specs)
        if (s.name == name) return &s;
    return nullptr;
}

// The position of "fen" (the start position when absent) and "chess960".
Position position_arg(const json& args) {
    Position pos;
    const auto fen = args.find("fen");
    FenStatus status = pos.set(
        fen == args.end() || fen->is_null() ? std::string(StartFen) : fen->get<std::string>(),
        args.value("chess960", false));
    if (!status.ok())
        throw verifier::ToolError("bad_fen", status.message(), "fen",
                                  {{"problems", fen_problems_json(status.problems)}});
    return pos;
}

json perft_call(const json& args) {
    Position pos = position_arg(args);
    // An integer of any size (the validator checked it is one); out of range is
    // check_perft_depth's.
    const long long depth = (long long)std::clamp(args["depth"].get<double>(), -1e9, 1e9);
    if (auto err = check_perft_depth(depth)) throw verifier::ToolError("bad_value", *err, "depth");
    return {{"fen", pos.fen()}, {"depth", depth}, {"nodes", perft(pos, int(depth))}};
}

json validate_fen_call(const json& args) {
    Position pos;
    FenStatus status = pos.set(args["fen"].get<std::string>(), args.value("chess960", false));
    json out = {{"valid", status.ok()},
                {"problems", fen_problems_json(status.problems)},
                {"warnings", fen_problems_json(status.warnings)}};
    if (status.ok()) out["fen"] = pos.fen();
    return out;
}

json tools_call(const verifier::ToolSuite& suite, const json& args) {
    if (args.value("schema", false)) return {{"schema", suite.schema()}};
    json list = json::array();
    for (const auto& e : suite.list())
        list.push_back({{"name", e.name},
                        {"group", e.group},
                        {"summary", e.summary},
                        {"engine", e.needs_engine}});
    json extras = json::array({"tools", "perft", "validate_fen", "settings"});
    return {{"tools", std::move(list)}, {"extras", std::move(extras)}};
}

json run(const gf_handle& handle, std::string_view name, const json& args) {
    const verifier::ToolSuite& suite = *handle.suite;
    const ToolSpec* extra = find_extra(name);
    if (!extra) return suite.call(name, args);  // the suite answers unknown names itself
    verifier::validate_args(*extra, args);
    if (name == "tools") return tools_call(suite, args);
    if (name == "perft") return perft_call(args);
    if (name == "validate_fen") return validate_fen_call(args);
    return settings_json(handle.settings);  // "settings"
}

void set_error(gf_handle* handle, const std::string& message) noexcept {
    try {
        glossfish::MutexLock lock(handle->mutex);
        handle->last_error = message;
    } catch (...) {
    }
}

// The reply of one call as JSON text; never throws anything but std::bad_alloc.
std::string call(gf_handle* handle, const char* name, const char* args_json) {
    json reply;
    try {
        reply = run(*handle, name ? name : "", parse_object(args_json, "arguments"));
    } catch (const verifier::ToolError& e) {
        reply = e.to_json();
    } catch (const std::bad_alloc&) {
        throw;
    } catch (const std::exception& e) {
        reply = verifier::error_json("internal_error", std::string("internal error: ") + e.what());
    }
    if (reply.is_object() && reply.contains("error")) {
        const json& err = reply["error"];
        set_error(handle, err.value("message", std::string("error")));
    }
    return dump(reply);
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
        // The settings table checks every key (session/settings.h), as for every surface.
        if (auto err = apply_keys(handle->settings, parse_object(config_json, "config"))) {
            set_open_error(*err);
            return nullptr;
        }
        handle->suite = verifier::make_tool_suite(handle->settings);
        return handle.release();
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
            glossfish::MutexLock lock(handle->mutex);
            last_error_copy = handle->last_error;
        }
        return last_error_copy.c_str();
    } catch (...) {
        return "out of memory";
    }
}

}  // extern "C"
