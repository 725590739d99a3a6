// `glossfish judge --input FILE.jsonl [--decomposer llm|rules] [--bootstrap B] [--seed N]
// [--depth D] [--out FILE.jsonl]`: the commentary judge (verifier/judge/judge.h) over a JSONL file;
// one judged line per record, then the summary (JSON line + table on stderr).
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/cli.h"
#include "session/settings.h"
#include "judge/judge.h"
#include "tools/tools.h"
#include "io/utf8.h"

namespace glossfish::cli {

namespace {

const char* JudgeUsage =
    "usage: glossfish judge --input FILE.jsonl [--decomposer llm|rules] [--bootstrap B]\n"
    "                       [--seed N] [--depth D] [--out FILE.jsonl] [--shard I/N] [--verbose]\n"
    "  records {\"id\",\"fen\",\"move\",\"commentary\",\"gold_atoms\"?,\"atoms\"?|\"claims\"?}, "
    "one a line\n"
    "  --decomposer llm (default) needs GLOSSFISH_LLM_URL; rules runs offline\n"
    "  --bootstrap B   resamples of the 95% intervals (default 10000); --seed N (default "
    "20260101)\n"
    "  --depth D       engine depth of the predicates and the move's label (default 12)\n"
    "  --out FILE      the per-record JSONL and the summary line go there instead of stdout\n"
    "  --shard I/N     only the records of shard I of N (by id, else by line; I from 0)\n";

}  // namespace

int judge_command(const Args& args) {
    std::string input_path, out_path, decomposer = "llm";
    Settings settings;  // the defaults every surface shares
    int depth = settings.analysis_depth, resamples = 10000;
    std::uint64_t seed = 20260101;
    bool verbose = false;
    ShardSpec shard;
    for (std::size_t i = 0; i < args.size();) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            std::fputs(JudgeUsage, stdout);
            return 0;
        }
        if (a == "--verbose") {
            verbose = true;
            ++i;
            continue;
        }
        if (a != "--input" && a != "--out" && a != "--decomposer" && a != "--depth" &&
            a != "--bootstrap" && a != "--seed" && a != "--shard") {
            std::fprintf(stderr, "glossfish judge: unexpected argument '%s'\n%s",
                         quote_prefix(a).c_str(), JudgeUsage);
            return 2;
        }
        if (i + 1 >= args.size()) {
            std::fprintf(stderr, "glossfish judge: %s needs a value\n", a.c_str());
            return 2;
        }
        const std::string& v = args[i + 1];
        i += 2;
        if (a == "--input") input_path = v;
        else if (a == "--out") out_path = v;
        else if (a == "--decomposer") decomposer = v;
        else if (a == "--shard") {
            auto s = parse_shard_option("judge", v);
            if (!s) return 2;
            shard = *s;
        } else {
            auto n = a == "--depth"       ? parse_number("judge", a, v, 1, MaxToolDepth)
                     : a == "--bootstrap" ? parse_number("judge", a, v, 1, 1000000)
                                          : parse_number("judge", a, v, 0, 4000000000000000000LL);
            if (!n) return 2;
            if (a == "--depth") depth = int(*n);
            else if (a == "--bootstrap") resamples = int(*n);
            else seed = std::uint64_t(*n);
        }
    }
    if (input_path.empty()) {
        std::fprintf(stderr, "glossfish judge: --input is required\n%s", JudgeUsage);
        return 2;
    }
    if (decomposer != "llm" && decomposer != "rules") {
        std::fprintf(stderr, "glossfish judge: --decomposer must be llm or rules, got '%s'\n",
                     quote_prefix(decomposer).c_str());
        return 2;
    }
    std::vector<std::string> warnings;
    verifier::LlmConfig config = verifier::LlmConfig::from_env(&warnings);
    for (const auto& w : warnings) std::fprintf(stderr, "glossfish judge: %s\n", w.c_str());
    if (decomposer == "llm" && !config.configured()) {
        std::fprintf(stderr, "glossfish judge: %s\n", verifier::NoLlmEndpointMessage);
        return 2;
    }
    if (config.configured()) {
        if (std::string url_error; config.endpoint(&url_error).empty()) {
            std::fprintf(stderr, "glossfish judge: %s\n", url_error.c_str());
            return 2;
        }
    }
    if (verbose)
        config.log = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
    std::ifstream in;
    if (!open_input("judge", input_path, in)) return 2;
    OutputFile file;
    if (!out_path.empty() &&
        !open_output("judge", file, out_path, OutputFile::Mode::Stream, {input_path}))
        return 2;
    std::ostream& out = out_path.empty() ? std::cout : file.stream();

    settings.analysis_depth = depth;
    std::unique_ptr<verifier::ToolSuite> suite = verifier::make_tool_suite(settings);
    verifier::LlmClient client(config);
    verifier::PromptLibrary prompts;
    verifier::JudgeOptions options;
    options.decomposer =
        decomposer == "rules" ? verifier::Decomposer::Rules : verifier::Decomposer::Llm;
    options.verify = verifier::verify_options(settings);
    verifier::Judge judge(*suite, config.configured() ? &client : nullptr, &prompts, options);

    std::vector<verifier::JudgedRecord> records =
        verifier::judge_lines(judge, in, out, [&](std::string_view line, std::size_t number) {
            return shard_of_jsonl_line(line, number, shard.count) == shard.index;
        });
    for (const auto& r : records)
        if (!r.ok()) std::fprintf(stderr, "glossfish judge: skipped %s\n", r.error.c_str());
    verifier::JudgeSummary summary = verifier::summarize(records, resamples, seed);
    out << verifier::summary_json(summary).dump(-1, ' ', false,
                                                nlohmann::json::error_handler_t::replace)
        << '\n';
    out.flush();
    if (!out_path.empty()) {
        if (auto err = file.commit()) {
            std::fprintf(stderr, "glossfish judge: %s\n", err->c_str());
            return 1;
        }
    }
    std::fputs(verifier::summary_table(summary).c_str(), stderr);
    return 0;
}

}  // namespace glossfish::cli
