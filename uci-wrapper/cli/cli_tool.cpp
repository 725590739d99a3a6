// `glossfish tool NAME '{json}'`, `glossfish tool --jsonl` and `glossfish tools [--schema]`:
// the tool suite from the command line. Engine tools start Stockfish on first use.
#include <cstdio>
#include <iostream>
#include <memory>
#include <set>

#include "cli/cli.h"
#include "cli/flags.h"
#include "host/analyzer.h"
#include "io/utf8.h"
#include "service/make_tool_suite.h"
#include "settings/settings.h"
#include "tools/tool_suite.h"

namespace glossfish::cli {

namespace {

const char* ToolUsage =
    "usage: glossfish tool NAME '{json args}' [--depth D] [--pretty]\n"
    "       glossfish tool --jsonl [--depth D]   {\"id\",\"tool\",\"args\"} lines on stdin, one "
    "answer line each\n"
    "       glossfish tools [--schema]            list the tools, or print the OpenAI tools "
    "array\n";

}  // namespace

namespace {

// Exit code of a result: 0 answered, 1 the engine or the program failed, 2 bad input.
int exit_code(const nlohmann::json& result) {
    auto e = result.find("error");
    if (e == result.end()) return 0;
    static const std::set<std::string> Runtime = {"no_engine", "engine_error", "internal_error"};
    return Runtime.count(e->value("code", "")) ? 1 : 2;
}

}  // namespace

int tool_command(const Args& args) {
    if (args.empty()) {
        std::fputs(ToolUsage, stderr);
        return 2;
    }
    Settings settings;  // the defaults every surface shares, as the flags change them
    bool pretty = false, jsonl = false;
    std::string name;
    std::vector<std::string> json_words;
    Flags flags("tool", "Runs one verifier tool on JSON arguments, or a stream of calls.",
                ToolUsage);
    flags.text("NAME", name, "the tool (see `glossfish tools`)");
    flags.list("JSON", json_words, "the arguments, a JSON object");
    flags.flag("--jsonl", jsonl, "read {\"id\",\"tool\",\"args\"} lines on stdin");
    flags.setting(settings, &Settings::analysis_depth);
    flags.flag("--pretty", pretty, "indent the answer");
    if (auto code = flags.parse(args)) return *code;
    if (jsonl && !name.empty())
        return flags.fail("unexpected argument " + quote_input(name) + " with --jsonl");
    if (!jsonl && name.empty()) return flags.fail("NAME is required (or --jsonl)");
    std::string json_text;
    for (const std::string& w : json_words) json_text += (json_text.empty() ? "" : " ") + w;
    auto suite = verifier::make_tool_suite(settings);
    if (jsonl) {
        std::ios::sync_with_stdio(false);
        suite->run_jsonl(std::cin, std::cout);
        return 0;
    }
    nlohmann::json result = suite->call_text(name, json_text);
    // Arguments are checked as UTF-8 when parsed; anything a tool quotes is only echoed.
    std::string out =
        result.dump(pretty ? 2 : -1, ' ', false, nlohmann::json::error_handler_t::replace);
    std::printf("%s\n", out.c_str());
    return exit_code(result);
}

int tools_command(const Args& args) {
    bool schema = false;
    Flags flags("tools", "Lists the verifier tools, or prints them as an OpenAI tools array.",
                "usage: glossfish tools [--schema]\n");
    flags.flag("--schema", schema, "print the OpenAI tools array (JSON)");
    if (auto code = flags.parse(args)) return *code;
    // The one suite of every surface (its engine starts only on a call, never here).
    const auto suite = verifier::make_tool_suite(Settings());
    if (schema) {
        std::printf("%s\n", suite->schema().dump(2).c_str());
        return 0;
    }
    for (const auto& e : suite->list())
        std::printf("%-15s %-10s %s%s\n", e.name.c_str(), e.group.c_str(), e.summary.c_str(),
                    e.needs_engine ? " [engine]" : "");
    return 0;
}

}  // namespace glossfish::cli
