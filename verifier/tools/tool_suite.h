// The tool suite: deterministic chess tools over FEN, JSON in and JSON out, each with a JSON
// schema exported in OpenAI function-calling form. Board tools answer from the rules core;
// engine tools search through an Analyzer. The typed fast path under the board tools is
// BoardTools (board_tools.h).
//
// Errors are values: {"error": {"code", "message", "argument"?}} with codes
//   bad_json, bad_request, bad_arguments, unknown_tool, unknown_argument, missing_argument,
//   bad_argument_type, bad_value, bad_square, bad_file, bad_fen, malformed_move,
//   illegal_move, ambiguous_move, empty_square, bad_claims, no_engine, no_verifier,
//   engine_error, no_llm_endpoint, llm_error, cancelled, internal_error.
// No call throws. Calls are safe from several threads at once (each thread keeps its own
// parsed-position cache; the Analyzer serialises searches on its pool).
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "host/analyzer.h"
#include "settings/settings.h"
#include "tools/tool_registry.h"

namespace glossfish::verifier {

class ToolSuite {
public:
    // Board tools only; engine tools answer no_engine.
    ToolSuite();
    // Engine tools search on analyzer (not owned; may be null). default_limits apply when a
    // call gives none of depth/nodes/movetime (empty: depth 12).
    explicit ToolSuite(Analyzer* analyzer, AnalysisLimits default_limits = {});
    // The engine is made by make_engine on the first engine-tool call (once; a null result
    // means no engine). Keeps ownership of what it returns.
    explicit ToolSuite(std::function<std::unique_ptr<Analyzer>()> make_engine,
                       AnalysisLimits default_limits = {});
    // Engine tools on analyzer (not owned), or with none on a pool made from the settings on
    // first use (analyzer_config); calls that give no limits search at default_limits(settings),
    // strategy trees and labels take their defaults from settings (tree_options, label_limits).
    ToolSuite(const Settings& settings, Analyzer* analyzer);
    ~ToolSuite();
    ToolSuite(const ToolSuite&) = delete;
    ToolSuite& operator=(const ToolSuite&) = delete;

    // Runs tool `name` (or an alias of one, tool_registry.h: its arguments renamed) on a JSON
    // object of arguments. Never throws. Engine tools block for
    // their searches; board tools return at once. A cancelled token (its deadline is the
    // call's time budget) stops the searches and gives the error code "cancelled".
    nlohmann::json call(std::string_view name, const nlohmann::json& args,
                        const CancelToken* cancel = nullptr) const noexcept;
    // The same with the arguments as JSON text (empty text means {}); bad JSON gives bad_json
    // with the parser's position, text that is not UTF-8 bad_json with the bad byte's offset.
    nlohmann::json call_text(std::string_view name, std::string_view args_json,
                             const CancelToken* cancel = nullptr) const noexcept;
    // One batch line {"id", "tool", "args"} in, one line out (no newline):
    // {"id", "result": …} or {"id", "error": {…}}; the id is echoed as given (null if absent;
    // recovered from a line that is not UTF-8, with U+FFFD for its bad bytes). When the id is
    // null and line_number > 0, the error message starts with "line N: ".
    std::string call_line(std::string_view line, std::size_t line_number = 0) const noexcept;
    // Reads request lines from in until EOF and writes one answer line per non-blank line,
    // in order, flushing whenever the input has nothing buffered. A line longer than
    // MaxJsonlLine is answered with bad_json without being kept. Returns the lines answered.
    std::size_t run_jsonl(std::istream& in, std::ostream& out) const;

    // The OpenAI tools array: [{"type":"function","function":{name, description, parameters}}].
    nlohmann::json schema() const;
    // The same without the tools that ask a language model themselves (verbalize): the tools a
    // model is offered.
    nlohmann::json model_schema() const;
    struct Entry {
        std::string name, group, summary;
        bool needs_engine;
    };
    // Every tool with its group and one-line summary, in declaration order.
    std::vector<Entry> list() const;
    bool has_tool(std::string_view name) const;  // a tool or an alias of one
    // The reasons of move_quality's labels (make_tool_suite installs explain's). Set it before
    // the first call; without one the labels carry none.
    void set_explainer(Explainer explainer) { explainer_ = std::move(explainer); }
    // The verifier of the verify tool (make_tool_suite installs the service's). Set it before the
    // first call; without one verify answers no_verifier.
    void set_checker(ClaimChecker checker) { checker_ = std::move(checker); }
    // The language model of the verbalize tool (make_tool_suite installs the service's). Set it
    // before the first call; without one verbalize answers no_llm_endpoint.
    void set_verbalizer(Verbalizer verbalizer) { verbalizer_ = std::move(verbalizer); }
    const Settings& settings() const { return settings_; }

private:
    void build();
    const ToolSpec* find(std::string_view name) const;
    Analyzer* engine() const;

public:
    // The engine pool if one is given or was started (never starts one). Only from the thread
    // that calls the tools.
    Analyzer* started_engine() const { return analyzer_ ? analyzer_ : owned_.get(); }

private:
    std::vector<ToolSpec> tools_;
    Analyzer* analyzer_ = nullptr;
    std::function<std::unique_ptr<Analyzer>()> make_engine_;
    mutable std::unique_ptr<Analyzer> owned_;
    mutable std::once_flag engine_once_;
    std::function<Analyzer*()> engine_access_;
    AnalysisLimits default_limits_;
    Settings settings_;
    Explainer explainer_;
    ClaimChecker checker_;
    Verbalizer verbalizer_;
};

}  // namespace glossfish::verifier
