// libglossfish: translates the C ABI into engine calls. Every exception stops here.
#include "glossfish.h"

#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bitboard.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "position.h"

using nlohmann::json;

struct gf_handle {
    json config;
    std::mutex mutex;  // guards last_error
    std::string last_error;
};

namespace {

using namespace glossfish;

constexpr int MaxPerftDepth = 8;

thread_local std::string create_error;     // why the last gf_create on this thread failed
thread_local std::string last_error_copy;  // what gf_last_error returned last on this thread

// A tool failure with a stable snake_case code; becomes {"error": {...}} at the ABI.
struct ToolError {
    std::string code;
    std::string message;
};

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

json error_json(std::string_view code, std::string_view message) {
    return {{"error", {{"code", code}, {"message", message}}}};
}

// The object of arguments; NULL or "" means {}.
json parse_object(const char* text, const char* what) {
    if (!text || !*text) return json::object();
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded()) throw ToolError{"bad_json", std::string(what) + " is not valid JSON"};
    if (!j.is_object()) throw ToolError{"bad_json", std::string(what) + " must be a JSON object"};
    return j;
}

std::string string_arg(const json& args, const char* key, const char* fallback) {
    auto it = args.find(key);
    if (it == args.end() || it->is_null()) {
        if (fallback) return fallback;
        throw ToolError{"bad_arguments", std::string("missing argument \"") + key + "\""};
    }
    if (!it->is_string())
        throw ToolError{"bad_arguments", std::string("\"") + key + "\" must be a string"};
    return it->get<std::string>();
}

bool bool_arg(const json& args, const char* key, bool fallback) {
    auto it = args.find(key);
    if (it == args.end() || it->is_null()) return fallback;
    if (!it->is_boolean())
        throw ToolError{"bad_arguments", std::string("\"") + key + "\" must be true or false"};
    return it->get<bool>();
}

// The position named by "fen" (start position when absent) and "chess960".
Position position_arg(const json& args, bool fen_required) {
    std::string fen = string_arg(args, "fen", fen_required ? nullptr : StartFen);
    Position pos;
    FenStatus status = pos.set(fen, bool_arg(args, "chess960", false));
    if (!status.ok()) throw ToolError{"invalid_fen", status.message()};
    return pos;
}

json tool_perft(const json& args) {
    Position pos = position_arg(args, false);
    auto it = args.find("depth");
    if (it == args.end() || !it->is_number_integer())
        throw ToolError{"bad_arguments", "\"depth\" must be an integer"};
    long long depth = it->get<long long>();
    if (depth < 0 || depth > MaxPerftDepth)
        throw ToolError{"bad_arguments",
                        "\"depth\" must be between 0 and " + std::to_string(MaxPerftDepth)};
    std::uint64_t nodes = perft(pos, int(depth));
    return {{"fen", pos.fen()}, {"depth", depth}, {"nodes", nodes}};
}

json tool_legal_moves(const json& args) {
    Position pos = position_arg(args, false);
    json moves = json::array();
    for (Move m : MoveList(pos))
        moves.push_back({{"uci", move_to_uci(pos, m)}, {"san", move_to_san(pos, m)}});
    return {{"fen", pos.fen()}, {"moves", std::move(moves)}};
}

json problems_json(const std::vector<FenProblem>& problems) {
    json out = json::array();
    for (const FenProblem& p : problems)
        out.push_back({{"code", fen_issue_code(p.issue)}, {"message", p.message}});
    return out;
}

json tool_validate_fen(const json& args) {
    std::string fen = string_arg(args, "fen", nullptr);
    Position pos;
    FenStatus status = pos.set(fen, bool_arg(args, "chess960", false));
    json out = {{"valid", status.ok()},
                {"problems", problems_json(status.problems)},
                {"warnings", problems_json(status.warnings)}};
    if (status.ok()) out["fen"] = pos.fen();
    return out;
}

json run_tool(std::string_view name, const json& args) {
    if (name == "perft") return tool_perft(args);
    if (name == "legal_moves") return tool_legal_moves(args);
    if (name == "validate_fen") return tool_validate_fen(args);
    throw ToolError{"unknown_tool", "unknown tool \"" + std::string(name) +
                                        "\" (known: perft, legal_moves, validate_fen)"};
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
    try {
        return dump(run_tool(name ? name : "", parse_object(args_json, "arguments")));
    } catch (const ToolError& e) {
        set_error(handle, e.message);
        return dump(error_json(e.code, e.message));
    } catch (const std::bad_alloc&) {
        throw;
    } catch (const std::exception& e) {
        std::string message = std::string("internal error: ") + e.what();
        set_error(handle, message);
        return dump(error_json("internal", message));
    }
}

void set_create_error(const char* message) noexcept {
    try {
        create_error = message;
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

gf_handle* gf_create(const char* config_json) {
    try {
        create_error.clear();
        init_bitboards();
        json config = parse_object(config_json, "config");
        auto* handle = new gf_handle;
        handle->config = std::move(config);
        return handle;
    } catch (const ToolError& e) {
        set_create_error(e.message.c_str());
    } catch (const std::exception& e) {
        set_create_error(e.what());
    } catch (...) {
        set_create_error("unknown error");
    }
    return nullptr;
}

void gf_destroy(gf_handle* handle) { delete handle; }

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
            last_error_copy = create_error;
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
