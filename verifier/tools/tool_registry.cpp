// Argument validation, argument access and schema export from the one tool table.
#include "tools/tool_registry.h"

#include <algorithm>
#include <cmath>

#include "io/text.h"
#include "io/utf8.h"
#include "rules/fen_json.h"
#include "settings/settings.h"
#include "tools/board_tools.h"
#include "tools/tool_json.h"

namespace glossfish::verifier {

namespace {

const ArgSpec* find_arg(const ToolSpec& spec, std::string_view name) {
    for (const ArgSpec& a : spec.args)
        if (a.name == name) return &a;
    return nullptr;
}

// A value as an error message shows it: a string's text, else its JSON, at most 40 bytes.
std::string value_text(const nlohmann::json& v) {
    std::string text = v.is_string()
                           ? v.get_ref<const std::string&>()
                           : v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (text.size() > 40) text = std::string(utf8_prefix(text, 40)) + "…";  // a whole character
    return text;
}

std::string quote_value(const nlohmann::json& v) { return "'" + value_text(v) + "'"; }

std::string number_text(double x) {
    if (x == std::floor(x) && std::fabs(x) < 1e15) return std::to_string((long long)x);
    nlohmann::json j = x;
    return j.dump();
}

std::string arg_names(const ToolSpec& spec) {
    std::string out;
    for (const ArgSpec& a : spec.args) out += (out.empty() ? "" : ", ") + a.name;
    return out.empty() ? "none" : out;
}

[[noreturn]] void wrong_type(const ArgSpec& a, const char* wanted, const nlohmann::json& v) {
    throw ToolError("bad_argument_type",
                    "argument '" + a.name + "' must be " + wanted + ", got " + v.type_name() + " " +
                        quote_value(v),
                    a.name);
}

bool is_integral(const nlohmann::json& v) {
    if (v.is_number_integer()) return true;
    if (!v.is_number_float()) return false;
    double x = v.get<double>();
    return std::isfinite(x) && x == std::floor(x);
}

void check_range(const ArgSpec& a, double x) {
    if ((a.minimum && x < *a.minimum) || (a.maximum && x > *a.maximum)) {
        if (a.type == ArgType::Integer && a.minimum && a.maximum)
            throw ToolError("bad_value",
                            range_error("argument '" + a.name + "'", (long long)*a.minimum,
                                        (long long)*a.maximum, number_text(x)),
                            a.name);
        std::string range = a.minimum && a.maximum ? "between " + number_text(*a.minimum) +
                                                         " and " + number_text(*a.maximum)
                            : a.minimum ? "at least " + number_text(*a.minimum)
                                        : "at most " + number_text(*a.maximum);
        throw ToolError("bad_value",
                        "argument '" + a.name + "' must be " + range + ", got " + number_text(x),
                        a.name);
    }
}

void check_square_text(const ArgSpec& a, const std::string& text) {
    if (parse_square(text) == NoSquare)
        throw ToolError("bad_square",
                        "argument '" + a.name + "': " + quote_value(text) +
                            " is not a square (a file a-h then a rank 1-8, e.g. e4)",
                        a.name);
}

void check_value(const ArgSpec& a, const nlohmann::json& v) {
    switch (a.type) {
    case ArgType::String:
        if (!v.is_string()) wrong_type(a, "a string", v);
        if (!a.choices.empty()) {
            const std::string& s = v.get_ref<const std::string&>();
            if (std::find(a.choices.begin(), a.choices.end(), s) == a.choices.end())
                throw ToolError("bad_value",
                                choice_error("argument '" + a.name + "'", a.choices, s), a.name);
        }
        return;
    case ArgType::Integer:
        if (!is_integral(v) && a.minimum && a.maximum)
            throw ToolError("bad_argument_type",
                            range_error("argument '" + a.name + "'", (long long)*a.minimum,
                                        (long long)*a.maximum, value_text(v)),
                            a.name);
        if (!is_integral(v)) wrong_type(a, "an integer", v);
        check_range(a, v.get<double>());
        return;
    case ArgType::Number:
        if (!v.is_number()) wrong_type(a, "a number", v);
        check_range(a, v.get<double>());
        return;
    case ArgType::Boolean:
        if (!v.is_boolean()) wrong_type(a, "true or false", v);
        return;
    case ArgType::Fen:
        if (!v.is_string()) wrong_type(a, "a FEN string", v);
        return;
    case ArgType::Square:
        if (!v.is_string()) wrong_type(a, "a square name such as \"e4\"", v);
        check_square_text(a, v.get_ref<const std::string&>());
        return;
    case ArgType::File: {
        if (!v.is_string()) wrong_type(a, "a file letter a-h", v);
        const std::string& s = v.get_ref<const std::string&>();
        if (s.size() != 1 || s[0] < 'a' || s[0] > 'h')
            throw ToolError(
                "bad_file",
                "argument '" + a.name + "': " + quote_value(v) + " is not a file (one letter a-h)",
                a.name);
        return;
    }
    case ArgType::Move:
        if (!v.is_string()) wrong_type(a, "a move string in SAN or UCI", v);
        return;
    case ArgType::MoveList: {
        if (!v.is_array()) wrong_type(a, "an array of move strings", v);
        for (std::size_t i = 0; i < v.size(); ++i)
            if (!v[i].is_string())
                throw ToolError("bad_argument_type",
                                "argument '" + a.name + "' item " + std::to_string(i + 1) +
                                    " must be a move string, got " + v[i].type_name() + " " +
                                    quote_value(v[i]),
                                a.name);
        double n = double(v.size());
        if ((a.minimum && n < *a.minimum) || (a.maximum && n > *a.maximum))
            throw ToolError("bad_value",
                            "argument '" + a.name + "' must hold " +
                                (a.minimum && a.maximum
                                     ? number_text(*a.minimum) + " to " + number_text(*a.maximum)
                                 : a.minimum ? "at least " + number_text(*a.minimum)
                                             : "at most " + number_text(*a.maximum)) +
                                " moves, got " + number_text(n),
                            a.name);
        return;
    }
    case ArgType::Color:
        if (!v.is_string()) wrong_type(a, "\"white\" or \"black\"", v);
        if (!parse_color_word(v.get_ref<const std::string&>()))
            throw ToolError(
                "bad_value",
                "argument '" + a.name + "' must be white or black, got " + quote_value(v), a.name);
        return;
    case ArgType::PieceType:
        if (!v.is_string()) wrong_type(a, "a piece type name", v);
        if (!parse_piece_type_word(v.get_ref<const std::string&>()))
            throw ToolError("bad_value",
                            "argument '" + a.name +
                                "' must be pawn, knight, bishop, rook, queen or king, got " +
                                quote_value(v),
                            a.name);
        return;
    case ArgType::Object:
        if (!v.is_object()) wrong_type(a, "a JSON object", v);
        return;
    case ArgType::ObjectOrArray:
        if (!v.is_object() && !v.is_array()) wrong_type(a, "a JSON object or array", v);
        return;
    }
}

nlohmann::json arg_schema(const ArgSpec& a) {
    nlohmann::json p;
    switch (a.type) {
    case ArgType::String:
        p["type"] = "string";
        if (!a.choices.empty()) p["enum"] = a.choices;
        break;
    case ArgType::Integer: p["type"] = "integer"; break;
    case ArgType::Number: p["type"] = "number"; break;
    case ArgType::Boolean: p["type"] = "boolean"; break;
    case ArgType::Fen: p["type"] = "string"; break;
    case ArgType::Square:
        p["type"] = "string";
        p["pattern"] = "^[a-h][1-8]$";
        break;
    case ArgType::File:
        p["type"] = "string";
        p["pattern"] = "^[a-h]$";
        break;
    case ArgType::Move: p["type"] = "string"; break;
    case ArgType::MoveList:
        p["type"] = "array";
        p["items"] = {{"type", "string"}};
        if (a.minimum) p["minItems"] = int(*a.minimum);
        if (a.maximum) p["maxItems"] = int(*a.maximum);
        break;
    case ArgType::Color:
        p["type"] = "string";
        p["enum"] = {"white", "black"};
        break;
    case ArgType::PieceType:
        p["type"] = "string";
        p["enum"] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
        break;
    case ArgType::Object: p["type"] = "object"; break;
    case ArgType::ObjectOrArray: p["type"] = {"object", "array"}; break;
    }
    if (a.type == ArgType::Integer || a.type == ArgType::Number) {
        if (a.minimum)
            p["minimum"] = a.type == ArgType::Integer ? nlohmann::json((long long)*a.minimum)
                                                      : nlohmann::json(*a.minimum);
        if (a.maximum)
            p["maximum"] = a.type == ArgType::Integer ? nlohmann::json((long long)*a.maximum)
                                                      : nlohmann::json(*a.maximum);
    }
    p["description"] = a.description;
    if (!a.default_value.is_null()) p["default"] = a.default_value;
    return p;
}

// The last position parsed on this thread, by FEN text: consecutive calls on one FEN
// (the common case in batches) parse it once.
struct PositionCache {
    std::string fen;
    Position pos;
    bool valid = false;
};

const nlohmann::json NullJson;

}  // namespace

const std::vector<ToolAlias>& tool_aliases() {
    static const std::vector<ToolAlias> table = {
        {.name = "get_piece_at", .tool = "piece_at", .source = "ACT-Eval"},
        {.name = "get_squares",
         .tool = "pieces",
         .renames = {{"piece_type", "type"}},
         .source = "ACT-Eval"},
        {.name = "get_attacks", .tool = "attacks", .source = "ACT-Eval"},
    };
    return table;
}

const ToolAlias* find_alias(std::string_view name) {
    for (const ToolAlias& a : tool_aliases())
        if (a.name == name) return &a;
    return nullptr;
}

nlohmann::json alias_args(const ToolAlias& alias, const nlohmann::json& args) {
    if (!args.is_object()) return args;  // null or a wrong type: the tool's validation says so
    nlohmann::json out = args;
    for (const auto& [theirs, ours] : alias.renames) {
        auto it = out.find(theirs);
        if (it == out.end()) continue;
        if (out.contains(ours))
            throw ToolError("bad_arguments",
                            "give '" + theirs + "' or '" + ours + "' to " + alias.name +
                                ", not both (they are the same argument)",
                            theirs);
        nlohmann::json value = std::move(*it);
        out.erase(theirs);
        out[ours] = std::move(value);
    }
    return out;
}

nlohmann::json alias_error(const ToolAlias& alias, nlohmann::json error) {
    if (!error.contains("error") || !error["error"].is_object()) return error;
    nlohmann::json& e = error["error"];
    for (const auto& [theirs, ours] : alias.renames) {
        if (e.value("argument", std::string()) == ours) e["argument"] = theirs;
        if (!e.contains("message") || !e["message"].is_string()) continue;
        std::string m = e["message"].get<std::string>();
        const std::string from = "'" + ours + "'", to = "'" + theirs + "'";
        for (std::size_t at = m.find(from); at != std::string::npos;
             at = m.find(from, at + to.size()))
            m.replace(at, from.size(), to);
        e["message"] = m;
    }
    return error;
}

nlohmann::json ToolError::to_json() const {
    nlohmann::json e = {{"code", code}, {"message", what()}};
    if (!argument.empty()) e["argument"] = argument;
    if (details.is_object())
        for (auto it = details.begin(); it != details.end(); ++it) e[it.key()] = it.value();
    return {{"error", std::move(e)}};
}

nlohmann::json error_json(std::string_view code, std::string_view message) {
    return {{"error", {{"code", code}, {"message", message}}}};
}

void validate_args(const ToolSpec& spec, const nlohmann::json& args) {
    if (!args.is_object())
        throw ToolError("bad_arguments", "the arguments of '" + spec.name +
                                             "' must be a JSON object, got " +
                                             std::string(args.type_name()));
    for (auto it = args.begin(); it != args.end(); ++it)
        if (!find_arg(spec, it.key()))
            throw ToolError("unknown_argument",
                            "unknown argument '" + it.key() + "' for tool '" + spec.name +
                                "'; its arguments are " + arg_names(spec),
                            it.key());
    for (const ArgSpec& a : spec.args) {
        auto it = args.find(a.name);
        if (it == args.end() || it->is_null()) {
            if (a.required)
                throw ToolError(
                    "missing_argument",
                    "missing required argument '" + a.name + "' (" + a.description + ")", a.name);
            continue;
        }
        check_value(a, *it);
    }
}

std::string summary(const std::string& description) {
    std::size_t dot = description.find(". ");
    return dot == std::string::npos ? description : description.substr(0, dot + 1);
}

nlohmann::json tool_schema(const ToolSpec& spec) {
    nlohmann::json props = nlohmann::json::object();
    nlohmann::json required = nlohmann::json::array();
    for (const ArgSpec& a : spec.args) {
        props[a.name] = arg_schema(a);
        if (a.required) required.push_back(a.name);
    }
    nlohmann::json params = {{"type", "object"},
                             {"properties", std::move(props)},
                             {"required", std::move(required)},
                             {"additionalProperties", false}};
    return {{"type", "function"},
            {"function",
             {{"name", spec.name},
              {"description", spec.description},
              {"parameters", std::move(params)}}}};
}

bool ToolCall::has(std::string_view name) const {
    auto it = args_.find(name);
    return it != args_.end() && !it->is_null();
}

const nlohmann::json& ToolCall::raw(std::string_view name) const {
    auto it = args_.find(name);
    return it == args_.end() ? NullJson : *it;
}

const Position& ToolCall::position(std::string_view name) const {
    thread_local PositionCache cache;
    static const std::string Start = StartFen;  // "startpos", as on the command line
    const std::string& text = raw(name).get_ref<const std::string&>();
    const std::string& fen = text == "startpos" ? Start : text;
    if (!cache.valid || cache.fen != fen) {
        FenStatus status = cache.pos.set(fen);
        if (!status.ok()) {
            throw ToolError("bad_fen", status.message(), std::string(name),
                            {{"problems", fen_problems_json(status.problems)}});
        }
        cache.fen = fen;
        cache.valid = true;
    }
    return cache.pos;
}

Square ToolCall::square(std::string_view name) const {
    return parse_square(raw(name).get_ref<const std::string&>());
}

std::optional<Square> ToolCall::opt_square(std::string_view name) const {
    if (!has(name)) return std::nullopt;
    return square(name);
}

int ToolCall::file(std::string_view name) const {
    return raw(name).get_ref<const std::string&>()[0] - 'a';
}

Color ToolCall::color(std::string_view name) const {
    return *parse_color_word(raw(name).get_ref<const std::string&>());
}

std::optional<Color> ToolCall::opt_color(std::string_view name) const {
    if (!has(name)) return std::nullopt;
    return color(name);
}

std::optional<PieceType> ToolCall::opt_piece_type(std::string_view name) const {
    if (!has(name)) return std::nullopt;
    return parse_piece_type_word(raw(name).get_ref<const std::string&>());
}

const std::string& ToolCall::string(std::string_view name) const {
    return raw(name).get_ref<const std::string&>();
}

int ToolCall::integer(std::string_view name, int fallback) const {
    return has(name) ? int(raw(name).get<double>()) : fallback;
}

double ToolCall::number(std::string_view name, double fallback) const {
    return has(name) ? raw(name).get<double>() : fallback;
}

bool ToolCall::boolean(std::string_view name, bool fallback) const {
    return has(name) ? raw(name).get<bool>() : fallback;
}

Move ToolCall::move(std::string_view name, const Position& pos) const {
    const std::string& text = raw(name).get_ref<const std::string&>();
    MoveParse mp = parse_move_text(pos, text);
    if (!mp.ok()) throw ToolError(move_error_code(mp.error), mp.message, std::string(name));
    return mp.move;
}

std::vector<std::string> ToolCall::strings(std::string_view name) const {
    std::vector<std::string> out;
    if (!has(name)) return out;
    for (const auto& v : raw(name)) out.push_back(v.get<std::string>());
    return out;
}

Analyzer& ToolCall::analyzer() const {
    Analyzer* a = engine_ ? engine_() : nullptr;
    if (!a)
        throw ToolError(
            "no_engine",
            "this tool needs the analysis engine (Stockfish), and none is available here");
    return *a;
}

std::string ToolCall::cancel_reason() const {
    return cancel_ && cancel_->expired() ? "the tool call ran out of its time budget"
                                         : "the tool call was cancelled";
}

AnalysisLimits ToolCall::limits() const { return limits(default_limits_); }

const ClaimChecker& ToolCall::checker() const {
    if (!checker_ || !*checker_)
        throw ToolError("no_verifier",
                        "this suite has no claim verifier (make_tool_suite installs one)");
    return *checker_;
}

const Verbalizer& ToolCall::verbalizer() const {
    if (!verbalizer_ || !verbalizer_->run || !verbalizer_->unavailable)
        throw ToolError("no_llm_endpoint",
                        "this suite has no language model (make_tool_suite installs one)");
    if (std::optional<std::string> why = verbalizer_->unavailable())
        throw ToolError("no_llm_endpoint", *why);
    return *verbalizer_;
}

const Settings& ToolCall::settings() const {
    static const Settings defaults;
    return settings_ ? *settings_ : defaults;
}

AnalysisLimits ToolCall::limits(const AnalysisLimits& fallback) const {
    AnalysisLimits l;
    if (has("depth")) l.depth = integer("depth", DefaultAnalysisDepth);
    if (has("nodes")) l.nodes = std::uint64_t(raw("nodes").get<double>());
    if (has("movetime")) l.movetime_ms = integer("movetime", 1000);
    // A reproducible suite keeps every search reproducible, whatever limits a call gives.
    l.reproducible = default_limits_.reproducible;
    if (l.reproducible && l.movetime_ms)
        throw ToolError("bad_value",
                        "this suite runs reproducible analysis: give depth or nodes, not movetime",
                        "movetime");
    if (l.empty()) {
        if (fallback.empty()) l.depth = DefaultAnalysisDepth;
        else l = fallback;
    }
    // So does a cached-only one (a label's reasons checked from the label's own searches).
    l.cached_only = default_limits_.cached_only;
    return l;
}

ArgSpec fen_arg() {
    return {.name = "fen",
            .type = ArgType::Fen,
            .required = true,
            .description = "the position, in FEN, or \"startpos\""};
}

ArgSpec square_arg(std::string name, std::string description, bool required) {
    return {.name = std::move(name),
            .type = ArgType::Square,
            .required = required,
            .description = std::move(description)};
}

ArgSpec move_arg(std::string name, std::string description) {
    return {.name = std::move(name),
            .type = ArgType::Move,
            .required = true,
            .description = std::move(description)};
}

ArgSpec color_arg(std::string description, bool required) {
    return {.name = "color",
            .type = ArgType::Color,
            .required = required,
            .description = std::move(description)};
}

std::vector<ArgSpec> limit_args() {
    std::vector<ArgSpec> out = {
        setting_arg(&Settings::analysis_depth, "depth",
                    "search depth in plies (default: the suite's, 12 unless set)"),
        setting_arg(&Settings::analysis_nodes, "nodes", "search node limit"),
        setting_arg(&Settings::analysis_movetime_ms, "movetime", "search time in milliseconds"),
    };
    out[0].default_value = nullptr;  // the suite's own default, not the table's
    return out;
}

ArgSpec setting_arg(SettingField field, std::string name, std::string description,
                    const Settings& settings) {
    const SettingSpec& spec = setting_of(field);
    ArgSpec a;
    a.name = name.empty() ? spec.key : std::move(name);
    a.description = description.empty() ? spec.help : std::move(description);
    const std::string value = setting_text(settings, spec);
    switch (spec.type) {
    case SettingType::Check:
        a.type = ArgType::Boolean;
        a.default_value = value == "true";
        break;
    case SettingType::Spin:
        a.type = ArgType::Integer;
        a.minimum = double(spec.min);
        a.maximum = double(spec.max);
        if (!value.empty()) a.default_value = std::stoll(value);
        break;
    case SettingType::Combo:
        a.type = ArgType::String;
        a.choices = spec.choices;
        a.default_value = value;
        break;
    case SettingType::String: a.type = ArgType::String; break;
    }
    return a;
}

}  // namespace glossfish::verifier
