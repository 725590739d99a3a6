// `glossfish judge --input FILE.jsonl [--decomposer llm|rules] [--scheme act-eval|lichess]
// [--bootstrap B] [--seed N] [--depth D] [--out FILE.jsonl]`: the commentary judge
// (verifier/judge/judge.h) over a JSONL file; one judged line per record, then the summary (JSON
// line; on stderr the table and the ACT-Eval table).
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/cli.h"
#include "cli/flags.h"
#include "explain/ideas.h"
#include "io/utf8.h"
#include "judge/judge.h"
#include "service/make_tool_suite.h"
#include "service/session_provider.h"
#include "settings/settings.h"
#include "tools/tool_suite.h"

namespace glossfish::cli {

namespace {

const char* JudgeUsage =
    "usage: glossfish judge --input FILE.jsonl [--decomposer llm|rules] [--bootstrap B]\n"
    "                       [--seed N] [--depth D] [--scheme act-eval|lichess]\n"
    "                       [--out FILE.jsonl] [--shard I/N] [--deadline SECONDS] [--verbose]\n"
    "                       [--gold given|ideas] [--temperature T] [--max-tokens N]\n"
    "  records {\"id\",\"fen\",\"move\",\"commentary\",\"gold_atoms\"?,\"atoms\"?|\"claims\"?}, "
    "one a line\n"
    "  --decomposer llm (default) needs GLOSSFISH_LLM_URL; rules runs offline\n"
    "                  both also judge the analytical units' reasoning chains (propositions,\n"
    "                  edges, depth)\n"
    "  --bootstrap B   resamples of the 95% intervals (default 10000); --seed N (default "
    "20260101)\n"
    "  --depth D       engine depth of the predicates and the move's label (default 12)\n"
    "  --scheme S      the labels move-quality F1 compares stances with: act-eval (default\n"
    "                  here, ACT-Eval's 10/20/30 win% bands) or lichess (5/10/15)\n"
    "  --out FILE      the per-record JSONL and the summary line go there instead of stdout\n"
    "  --shard I/N     only the records of shard I of N (by id, else by line; I from 0)\n"
    "  --deadline S    each record's model requests end within S seconds (default 300)\n"
    "  --gold ideas    the gold atoms are the move's verified ideas (glossfish explain), not\n"
    "                  the records' gold_atoms\n";

}  // namespace

int judge_command(const Args& args) {
    std::string input_path, out_path, decomposer = "llm";
    Settings settings;  // the defaults every surface shares, as the flags change them
    // The judge scores move quality as ACT-Eval does: its bands unless --scheme says otherwise.
    settings.quality_scheme = QualityScheme::ActEval;
    int resamples = 10000;
    std::uint64_t seed = 20260101;
    bool verbose = false;
    long long deadline_s = DefaultLlmDeadlineSeconds;
    ShardSpec shard;
    Flags flags("judge", "Scores commentary records against the verifier.", JudgeUsage);
    flags.text("--input", input_path, "the records, JSONL")->required();
    flags.text("--out", out_path, "the answers (default: stdout)");
    flags.text("--decomposer", decomposer, "llm or rules");
    flags.setting(settings, &Settings::analysis_depth);
    flags.setting(settings, &Settings::quality_scheme);
    flags.bootstrap(resamples, seed);
    flags.shard(shard);
    flags.number("--deadline", deadline_s, 1, 86400, "seconds per record for the model");
    flags.flag("--verbose", verbose, "log every model request on stderr");
    std::string gold = "given";
    flags.text("--gold", gold,
               "gold atoms: given (the records') or ideas (the move's verified "
               "ideas)");
    flags.setting(settings, &Settings::llm_temperature);
    flags.setting(settings, &Settings::llm_max_tokens);
    if (auto code = flags.parse(args)) return *code;
    if (gold != "given" && gold != "ideas") {
        std::fprintf(stderr, "glossfish judge: --gold must be given or ideas, got %s\n",
                     quote_input(gold).c_str());
        return 2;
    }
    if (decomposer != "llm" && decomposer != "rules") {
        std::fprintf(stderr, "glossfish judge: --decomposer must be llm or rules, got %s\n",
                     quote_input(decomposer).c_str());
        return 2;
    }
    std::vector<std::string> warnings;
    verifier::LlmConfig config = verifier::LlmConfig::from_env(&warnings);
    verifier::apply_sampling(config, settings);
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

    std::unique_ptr<verifier::ToolSuite> suite = verifier::make_tool_suite(settings);
    verifier::LlmClient client(config);
    verifier::PromptLibrary prompts;
    verifier::JudgeOptions options;
    options.decomposer =
        decomposer == "rules" ? verifier::Decomposer::Rules : verifier::Decomposer::Llm;
    options.verify = verifier::verify_options(settings);
    options.record_deadline_s = double(deadline_s);
    if (gold == "ideas") {
        // The move's verified ideas (board only, as `glossfish explain` lists them under
        // "ideas" before the label's engine reasons) are the gold atoms, with their claims.
        options.gold_atoms = [](const Position& before, Move move) {
            std::vector<nlohmann::json> gold_atoms;
            for (const Idea& i : verifier::move_ideas(before, move).ideas)
                gold_atoms.push_back({{"text", i.text}, {"claims", i.claims}});
            return gold_atoms;
        };
        options.gold_source = "ideas";
    }
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
    std::fputs(
        verifier::act_eval_table(summary, std::filesystem::path(input_path).filename().string())
            .c_str(),
        stderr);
    return 0;
}

}  // namespace glossfish::cli
