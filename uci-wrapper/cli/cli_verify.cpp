// `glossfish verify --fen F [--move M] (--claims FILE.json | --text "...") [--depth D]
// [--scheme S] [--pretty]`: verdicts of claims (JSON) or of commentary read by the
// deterministic reader, with the position's metrics.
#include <cstdint>
#include <cstdio>
#include <iostream>

#include "claims/claims.h"
#include "claims/metrics.h"
#include "cli/cli.h"
#include "cli/flags.h"
#include "io/input_file.h"
#include "io/input_limits.h"
#include "io/line_reader.h"
#include "io/utf8.h"
#include "judge/shard_summary.h"
#include "llm/strategy_claims.h"
#include "service/make_tool_suite.h"
#include "service/verify.h"
#include "tools/tool_suite.h"

namespace glossfish::cli {

namespace {

const char* VerifyUsage =
    "usage: glossfish verify --fen FEN [--move M] (--claims FILE.json | --text \"...\") [--depth "
    "D]\n"
    "                        [--scheme lichess|act-eval] [--pretty] [--reproducible]\n"
    "       glossfish verify --verbalization FILE.json [--pretty]\n"
    "                        the strategy claims of a glossfish verbalize output, each checked\n"
    "                        against the output's own tree\n"
    "  --claims -   reads the claims JSON from stdin; fen/move inside it replace --fen/--move\n"
    "       glossfish verify --jsonl [--depth D] [--scheme S] [--bootstrap B] [--seed N]\n"
    "                        [--shard I/N] [--reproducible]\n"
    "                        {\"id\",\"fen\",\"move\",\"text\"|\"claims\"} lines on stdin; one "
    "answer line each,\n"
    "                        then one line of overall metrics with bootstrap intervals\n";

// Verifies batch lines from stdin (those of the shard); one answer line each, then the overall
// metrics.
int run_jsonl(const verifier::ToolSuite& suite, const verifier::ClaimVerifier& verifier,
              int resamples, std::uint64_t seed, ShardSpec shard) {
    std::vector<verifier::PositionRecord> records;
    LineReader reader(std::cin, MaxJsonlLine);
    while (std::optional<InputLine> line = reader.next()) {
        const std::size_t number = line->number;
        if (!line->cut && line->text.find_first_not_of(" \t\r") == std::string::npos) continue;
        if (shard_of_jsonl_line(line->text, number, shard.count) != shard.index) continue;
        // A verdict never depends on the records before it: each starts with no cached search
        // and a cleared hash, as `verify` of that record alone does (a warm hash moved a
        // label's win% figures by several points).
        if (Analyzer* engine = suite.started_engine()) engine->forget();
        nlohmann::json id;
        verifier::VerifyOutcome out;
        if (line->cut) out.error = "bad_request: " + line_too_long_text(*line, MaxJsonlLine);
        else out = verifier::verify_line(verifier, line->text, id);
        nlohmann::json answer = {{"id", id}, {"line", number}};
        if (out.ok()) {
            answer["result"] = out.report;
            if (!id.is_null()) out.record.id = id.is_string() ? id.get<std::string>() : id.dump();
            records.push_back(std::move(out.record));
        } else {
            answer["error"] = {{"code", "bad_input"},
                               {"message", "line " + std::to_string(number) + ": " + out.error}};
        }
        std::printf("%s\n",
                    answer.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
        std::fflush(stdout);
    }
    const nlohmann::json overall = verifier::verify_overall_json(records, resamples, seed);
    std::printf("%s\n", overall.dump().c_str());
    std::fprintf(stderr, "overall: %s\n", overall["text"].get<std::string>().c_str());
    return 0;
}

// `verify --verbalization FILE`: the strategy claims of a verbalization checked against its
// own tree (llm/strategy_claims.h). 0 when read (whatever the claims), 2 for bad input.
int verify_verbalization(const std::string& path, bool pretty) {
    std::string text;
    if (auto err = read_input_file(path, MaxJsonFile, text)) {
        std::fprintf(stderr, "glossfish verify: --verbalization: %s\n", err->c_str());
        return 2;
    }
    if (std::string bad = utf8_error(text); !bad.empty()) {
        std::fprintf(stderr, "glossfish verify: %s: %s\n", path.c_str(), bad.c_str());
        return 2;
    }
    std::string error;
    std::optional<nlohmann::ordered_json> out = verifier::check_verbalization(text, &error);
    if (!out) {
        std::fprintf(stderr, "glossfish verify: %s: %s\n", path.c_str(), error.c_str());
        return 2;
    }
    std::printf("%s\n", out->dump(pretty ? 2 : -1).c_str());
    const auto& sum = (*out)["summary"];
    std::fprintf(stderr, "glossfish verify: %d strategy claim%s, %d hold%s, %d do%s not\n",
                 sum["claims"].get<int>(), sum["claims"].get<int>() == 1 ? "" : "s",
                 sum["hold"].get<int>(), sum["hold"].get<int>() == 1 ? "s" : "",
                 sum["fail"].get<int>(), sum["fail"].get<int>() == 1 ? "es" : "");
    return 0;
}

}  // namespace

int verify_command(const Args& args) {
    std::optional<std::string> fen, move, claims_file, text;
    Settings settings;  // the defaults every surface shares, as the flags change them
    bool pretty = false, jsonl = false;
    int resamples = 10000;
    std::uint64_t seed = 20260101;
    ShardSpec shard_spec;
    bool shard = false;
    Flags flags("verify", "Verdicts of claims or commentary about a move, with metrics.",
                VerifyUsage);
    flags.fen(fen);
    flags.text("--move", move, "the move, SAN or UCI");
    flags.text("--claims", claims_file, "the claims JSON (- for stdin)");
    flags.text("--text", text, "commentary, read by the deterministic reader");
    flags.setting(settings, &Settings::analysis_depth);
    flags.setting(settings, &Settings::quality_scheme);
    flags.bootstrap(resamples, seed);
    flags.shard(shard_spec, &shard);
    flags.flag("--jsonl", jsonl, "batch lines on stdin");
    flags.flag("--pretty", pretty, "indent the answer");
    flags.setting(settings, &Settings::reproducible);
    std::optional<std::string> verbalization;
    flags.text("--verbalization", verbalization,
               "a glossfish verbalize output: its strategy claims checked against its tree");
    if (auto code = flags.parse(args)) return *code;
    if (verbalization) {
        if (fen || move || claims_file || text || jsonl || shard) {
            std::fputs("glossfish verify: --verbalization takes only --pretty\n", stderr);
            return 2;
        }
        return verify_verbalization(*verbalization, pretty);
    }
    if (shard && !jsonl) {
        std::fputs("glossfish verify: --shard needs --jsonl\n", stderr);
        return 2;
    }
    if (jsonl) {
        if (fen || move || claims_file || text || pretty) {
            std::fprintf(stderr,
                         "glossfish verify: --jsonl takes only --depth, --scheme, --bootstrap, "
                         "--seed, --shard\n");
            return 2;
        }
    } else if (bool(claims_file) == bool(text)) {
        std::fprintf(stderr, "glossfish verify: give exactly one of --claims and --text\n%s",
                     VerifyUsage);
        return 2;
    }
    if (!jsonl && !fen && !claims_file) {
        std::fprintf(stderr, "glossfish verify: --fen is required with --text\n%s", VerifyUsage);
        return 2;
    }
    Position before;
    if (fen && !read_fen("verify", *fen, false, before)) return 2;
    std::string claims_text;
    if (claims_file) {
        if (auto err = read_input_file(*claims_file, MaxJsonFile, claims_text)) {
            std::fprintf(stderr, "glossfish verify: --claims: %s\n", err->c_str());
            return 2;
        }
        if (!fen && claims_text.find("\"fen\"") == std::string::npos) {
            std::fprintf(
                stderr, "glossfish verify: --fen is required unless the claims JSON has \"fen\"\n");
            return 2;
        }
    }
    auto suite = verifier::make_tool_suite(settings);
    const verifier::VerifyOptions options = verifier::verify_options(settings);
    verifier::ClaimVerifier verifier(*suite, options);
    if (jsonl) return run_jsonl(*suite, verifier, resamples, seed, shard_spec);
    verifier::VerifyOutcome out =
        claims_file ? verifier::verify_claims(verifier, before, move.value_or(""), claims_text)
                    : verifier::verify_commentary(verifier, before, move.value_or(""), *text);
    if (!out.ok()) {
        std::fprintf(stderr, "glossfish verify: %s\n", out.error.c_str());
        return 2;
    }
    // The input was checked as UTF-8; a reason quoting the engine is only echoed.
    std::printf(
        "%s\n",
        out.report.dump(pretty ? 2 : -1, ' ', false, nlohmann::json::error_handler_t::replace)
            .c_str());
    std::fprintf(stderr, "metrics: %s\n", out.report["metrics"]["text"].get<std::string>().c_str());
    return 0;
}

}  // namespace glossfish::cli
