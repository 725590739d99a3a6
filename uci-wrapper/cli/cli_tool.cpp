// `glossfish tool NAME '{json}'`, `glossfish tool --jsonl` and `glossfish tools [--schema]`:
// the tool suite from the command line. Engine tools start Stockfish on first use.
#include <charconv>
#include <cstdio>
#include <iostream>
#include <memory>
#include <set>

#include "host/analyzer.h"
#include "cli/cli.h"
#include "session/settings.h"
#include "tools/tools.h"
#include "io/utf8.h"

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

// Reads --depth D at args[i]; returns false (after a message) when the value is bad.
bool read_depth(const Args& args, std::size_t& i, int& depth) {
    if (i + 1 >= args.size()) {
        std::fputs("glossfish tool: --depth needs a value\n", stderr);
        return false;
    }
    const std::string& v = args[i + 1];
    auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), depth);
    if (ec != std::errc() || p != v.data() + v.size() || depth < 1 || depth > MaxToolDepth) {
        std::fprintf(stderr, "glossfish tool: --depth must be 1..%d, got '%s'\n", MaxToolDepth,
                     quote_prefix(v).c_str());
        return false;
    }
    i += 2;
    return true;
}

// Exit code of a result: 0 answered, 1 the engine or the program failed, 2 bad input.
int exit_code(const nlohmann::json& result) {
    auto e = result.find("error");
    if (e == result.end()) return 0;
    static const std::set<std::string> Runtime = {"no_engine", "engine_error", "internal_error"};
    return Runtime.count(e->value("code", "")) ? 1 : 2;
}

}  // namespace

int tool_command(const Args& args) {
    if (args.empty() || args[0] == "--help" || args[0] == "-h") {
        std::fputs(ToolUsage, args.empty() ? stderr : stdout);
        return args.empty() ? 2 : 0;
    }
    Settings settings;  // the defaults every surface shares
    int depth = settings.analysis_depth;
    bool pretty = false, jsonl = false;
    std::string name, json_text;
    for (std::size_t i = 0; i < args.size();) {
        const std::string& a = args[i];
        if (a == "--jsonl" && i == 0) {
            jsonl = true;
            ++i;
        } else if (a == "--depth") {
            if (!read_depth(args, i, depth)) return 2;
        } else if (a == "--pretty") {
            pretty = true;
            ++i;
        } else if (name.empty() && !jsonl) {
            name = a;
            ++i;
        } else if (!jsonl) {
            json_text += (json_text.empty() ? "" : " ") + a;
            ++i;
        } else {
            std::fprintf(stderr, "glossfish tool: unexpected argument '%s'\n%s",
                         quote_prefix(a).c_str(), ToolUsage);
            return 2;
        }
    }
    settings.analysis_depth = depth;
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
    verifier::ToolSuite suite;
    if (args.size() == 1 && args[0] == "--schema") {
        std::printf("%s\n", suite.schema().dump(2).c_str());
        return 0;
    }
    if (!args.empty()) {
        std::fprintf(stderr, "glossfish tools: unexpected argument '%s'\n%s",
                     quote_prefix(args[0]).c_str(), ToolUsage);
        return 2;
    }
    for (const auto& e : suite.list())
        std::printf("%-15s %-10s %s%s\n", e.name.c_str(), e.group.c_str(), e.summary.c_str(),
                    e.needs_engine ? " [engine]" : "");
    return 0;
}

}  // namespace glossfish::cli
