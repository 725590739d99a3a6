// ToolSuite: dispatch by name, validation, error values, text and batch-line entry points.
#include "tools/tool_suite.h"

#include <istream>
#include <ostream>

#include "io/input_limits.h"
#include "io/json_line.h"
#include "io/line_reader.h"
#include "io/utf8.h"
#include "tools/tool_registry.h"

namespace glossfish::verifier {

namespace {

bool blank(std::string_view text) {
    for (char c : text)
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n') return false;
    return true;
}

}  // namespace

ToolSuite::ToolSuite() { build(); }

ToolSuite::ToolSuite(Analyzer* analyzer, AnalysisLimits default_limits)
    : analyzer_(analyzer), default_limits_(default_limits) {
    build();
}

ToolSuite::ToolSuite(std::function<std::unique_ptr<Analyzer>()> make_engine,
                     AnalysisLimits default_limits)
    : make_engine_(std::move(make_engine)), default_limits_(default_limits) {
    build();
}

ToolSuite::ToolSuite(const Settings& settings, Analyzer* analyzer)
    : analyzer_(analyzer), default_limits_(default_limits(settings)), settings_(settings) {
    if (!analyzer) {
        const Analyzer::Config config = analyzer_config(settings);
        make_engine_ = [config] { return std::make_unique<Analyzer>(config); };
    }
    build();
}

ToolSuite::~ToolSuite() = default;

void ToolSuite::build() {
    add_board_tools(tools_);
    add_attack_tools(tools_);
    add_geometry_tools(tools_);
    add_simulation_tools(tools_);
    add_engine_tools(tools_);
    add_tree_tools(tools_);
    add_motif_tools(tools_);
    add_opening_tools(tools_);
    add_verify_tools(tools_);
    add_verbalize_tools(tools_);
    engine_access_ = [this] { return engine(); };
}

Analyzer* ToolSuite::engine() const {
    if (analyzer_) return analyzer_;
    if (!make_engine_) return nullptr;
    std::call_once(engine_once_, [this] { owned_ = make_engine_(); });
    return owned_.get();
}

const ToolSpec* ToolSuite::find(std::string_view name) const {
    for (const ToolSpec& t : tools_)
        if (t.name == name) return &t;
    return nullptr;
}

bool ToolSuite::has_tool(std::string_view name) const {
    if (find(name)) return true;
    const ToolAlias* alias = find_alias(name);
    return alias && find(alias->tool);
}

nlohmann::json ToolSuite::call(std::string_view name, const nlohmann::json& args,
                               const CancelToken* cancel) const noexcept {
    if (const ToolAlias* alias = find_alias(name); alias && !find(name)) {
        try {
            return alias_error(*alias, call(alias->tool, alias_args(*alias, args), cancel));
        } catch (const ToolError& e) {
            return e.to_json();
        } catch (const std::exception& e) {
            return error_json("internal_error", std::string("internal error: ") + e.what());
        }
    }
    try {
        const ToolSpec* spec = find(name);
        if (!spec) {
            std::string names;
            for (const ToolSpec& t : tools_) names += (names.empty() ? "" : ", ") + t.name;
            return error_json("unknown_tool",
                              "unknown tool " + quote_input(name) + "; the tools are " + names);
        }
        static const nlohmann::json Empty = nlohmann::json::object();
        const nlohmann::json& a = args.is_null() ? Empty : args;
        validate_args(*spec, a);
        ToolCall call(a, engine_access_, default_limits_, cancel, &settings_,
                      explainer_ ? &explainer_ : nullptr, &checker_, &verbalizer_);
        return spec->handler(call);
    } catch (const ToolError& e) {
        return e.to_json();
    } catch (const std::exception& e) {
        return error_json("internal_error", std::string("internal error: ") + e.what());
    } catch (...) {
        return error_json("internal_error", "internal error");
    }
}

nlohmann::json ToolSuite::call_text(std::string_view name, std::string_view args_json,
                                    const CancelToken* cancel) const noexcept {
    try {
        if (blank(args_json)) return call(name, nlohmann::json::object(), cancel);
        JsonParse args = parse_json_text(args_json);
        if (!args.ok()) return error_json("bad_json", args.error);
        return call(name, args.value, cancel);
    } catch (const std::exception& e) {
        return error_json("internal_error", std::string("internal error: ") + e.what());
    }
}

namespace {

// The answer line: the id (null when unknown) and the result or error; an error without an id
// names the input line. Text from the request is valid UTF-8 (checked when parsed); what a tool
// quotes from elsewhere is only echoed (U+FFFD for a bad byte).
std::string answer_text(nlohmann::json response, std::size_t line_number) {
    if (line_number > 0 && response["id"].is_null() && response.contains("error") &&
        response["error"].is_object() && response["error"].contains("message"))
        response["error"]["message"] = "line " + std::to_string(line_number) + ": " +
                                       response["error"]["message"].get<std::string>();
    return response.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

std::string ToolSuite::call_line(std::string_view line, std::size_t line_number) const noexcept {
    try {
        nlohmann::json response;
        JsonParse parsed = parse_json_text(line);
        if (!parsed.ok()) {
            response = {{"id", parsed.id},
                        {"error", {{"code", "bad_json"}, {"message", parsed.error}}}};
            return answer_text(std::move(response), line_number);
        }
        nlohmann::json& request = parsed.value;
        if (!request.is_object()) {
            response = {
                {"id", nullptr},
                {"error",
                 {{"code", "bad_request"},
                  {"message", std::string("a request line must be a JSON object {\"id\", \"tool\", "
                                          "\"args\"}, got ") +
                                  request.type_name()}}}};
            return answer_text(std::move(response), line_number);
        }
        auto id = request.find("id");
        response["id"] = id == request.end() ? nlohmann::json(nullptr) : *id;
        auto tool = request.find("tool");
        if (tool == request.end() || !tool->is_string()) {
            response["error"] = {
                {"code", "bad_request"},
                {"message", tool == request.end() ? "the request has no \"tool\" field"
                                                  : std::string("\"tool\" must be a string, got ") +
                                                        tool->type_name()}};
            return answer_text(std::move(response), line_number);
        }
        for (auto it = request.begin(); it != request.end(); ++it)
            if (it.key() != "id" && it.key() != "tool" && it.key() != "args") {
                response["error"] = {{"code", "bad_request"},
                                     {"message", "unknown request field " + quote_input(it.key()) +
                                                     " (a request has id, tool and args)"}};
                return answer_text(std::move(response), line_number);
            }
        auto args = request.find("args");
        nlohmann::json result = call(tool->get_ref<const std::string&>(),
                                     args == request.end() ? nlohmann::json(nullptr) : *args);
        auto error = result.find("error");
        if (error != result.end()) response["error"] = std::move(*error);
        else response["result"] = std::move(result);
        return answer_text(std::move(response), line_number);
    } catch (const std::exception& e) {
        nlohmann::json response = {{"id", nullptr},
                                   {"error",
                                    {{"code", "internal_error"},
                                     {"message", std::string("internal error: ") + e.what()}}}};
        return answer_text(std::move(response), line_number);
    }
}

std::size_t ToolSuite::run_jsonl(std::istream& in, std::ostream& out) const {
    LineReader reader(in, MaxJsonlLine);
    std::size_t answered = 0;
    while (std::optional<InputLine> line = reader.next()) {
        if (!line->cut && blank(line->text)) continue;
        if (line->cut) {
            const nlohmann::json response = {
                {"id", nullptr},
                {"error",
                 {{"code", "bad_json"}, {"message", line_too_long_text(*line, MaxJsonlLine)}}}};
            out << answer_text(response, line->number) << '\n';
        } else {
            out << call_line(line->text, line->number) << '\n';
        }
        ++answered;
        if (in.rdbuf()->in_avail() <= 0) out.flush();
    }
    out.flush();
    return answered;
}

nlohmann::json ToolSuite::schema() const {
    nlohmann::json out = nlohmann::json::array();
    for (const ToolSpec& t : tools_) out.push_back(tool_schema(t));
    return out;
}

nlohmann::json ToolSuite::model_schema() const {
    nlohmann::json out = nlohmann::json::array();
    for (const ToolSpec& t : tools_)
        if (!t.calls_model) out.push_back(tool_schema(t));
    return out;
}

std::vector<ToolSuite::Entry> ToolSuite::list() const {
    std::vector<Entry> out;
    for (const ToolSpec& t : tools_)
        out.push_back({t.name, t.group, summary(t.description), t.needs_engine});
    return out;
}

}  // namespace glossfish::verifier
