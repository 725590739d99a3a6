// `glossfish verify --fen F [--move M] (--claims FILE.json | --text "...") [--depth D]
// [--scheme S] [--pretty]`: verdicts of claims (JSON) or of commentary read by the
// deterministic reader, with the position's metrics.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "claims.h"
#include "cli.h"
#include "metrics.h"
#include "tools.h"

namespace glossfish::cli {

namespace {

const char* VerifyUsage =
    "usage: glossfish verify --fen FEN [--move M] (--claims FILE.json | --text \"...\") [--depth "
    "D]\n"
    "                        [--scheme lichess|act-eval] [--pretty]\n"
    "  --claims -   reads the claims JSON from stdin; fen/move inside it replace --fen/--move\n"
    "       glossfish verify --jsonl [--depth D] [--scheme S] [--bootstrap B] [--seed N]\n"
    "                        {\"id\",\"fen\",\"move\",\"text\"|\"claims\"} lines on stdin; one "
    "answer line each,\n"
    "                        then one line of overall metrics with bootstrap intervals\n";

// Verifies batch lines from stdin; one answer line each, then the overall metrics.
int run_jsonl(const verifier::ClaimVerifier& verifier, int resamples, std::uint64_t seed) {
    std::vector<verifier::PositionRecord> records;
    std::string line;
    std::size_t number = 0;
    while (std::getline(std::cin, line)) {
        ++number;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        nlohmann::json id;
        verifier::VerifyOutcome out = verifier::verify_line(verifier, line, id);
        nlohmann::json answer = {{"id", id}};
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
    verifier::Metrics m = verifier::compute_metrics(records);
    nlohmann::json overall = {
        {"overall", verifier::metrics_json(m)},
        {"bootstrap", verifier::bootstrap_json(verifier::bootstrap(records, resamples, seed))},
        {"text", verifier::metrics_line(m)}};
    std::printf("%s\n", overall.dump().c_str());
    std::fprintf(stderr, "overall: %s\n", verifier::metrics_line(m).c_str());
    return 0;
}

}  // namespace

int verify_command(const Args& args) {
    std::optional<std::string> fen, move, claims_file, text;
    Settings settings;  // the defaults every surface shares
    std::string scheme_text = scheme_name(settings.quality_scheme);
    int depth = settings.analysis_depth;
    bool pretty = false, jsonl = false;
    int resamples = 10000;
    std::uint64_t seed = 20260101;
    for (std::size_t i = 0; i < args.size();) {
        const std::string& a = args[i];
        auto value = [&](const char* what) -> std::optional<std::string> {
            if (i + 1 >= args.size()) {
                std::fprintf(stderr, "glossfish verify: %s needs a value\n", what);
                return std::nullopt;
            }
            i += 2;
            return args[i - 1];
        };
        if (a == "--help" || a == "-h") {
            std::fputs(VerifyUsage, stdout);
            return 0;
        } else if (a == "--fen") {
            ++i;
            fen = join_until_option(args, i);
        } else if (a == "--move" || a == "--claims" || a == "--text" || a == "--depth" ||
                   a == "--scheme") {
            auto v = value(a.c_str());
            if (!v) return 2;
            if (a == "--move") move = *v;
            else if (a == "--claims") claims_file = *v;
            else if (a == "--text") text = *v;
            else if (a == "--scheme") scheme_text = *v;
            else {
                auto n = parse_number("verify", "--depth", *v, 1, MaxToolDepth);
                if (!n) return 2;
                depth = int(*n);
            }
        } else if (a == "--bootstrap" || a == "--seed") {
            auto v = value(a.c_str());
            if (!v) return 2;
            auto n = parse_number("verify", a, *v, a == "--seed" ? 0 : 1,
                                  a == "--seed" ? 4000000000000000000LL : 1000000);
            if (!n) return 2;
            if (a == "--seed") seed = std::uint64_t(*n);
            else resamples = int(*n);
        } else if (a == "--jsonl") {
            jsonl = true;
            ++i;
        } else if (a == "--pretty") {
            pretty = true;
            ++i;
        } else {
            std::fprintf(stderr, "glossfish verify: unexpected argument '%s'\n%s", a.c_str(),
                         VerifyUsage);
            return 2;
        }
    }
    if (jsonl) {
        if (fen || move || claims_file || text || pretty) {
            std::fprintf(
                stderr,
                "glossfish verify: --jsonl takes only --depth, --scheme, --bootstrap, --seed\n");
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
    auto scheme = parse_scheme(scheme_text);
    if (!scheme) {
        std::fprintf(stderr, "glossfish verify: --scheme must be lichess or act-eval, got '%s'\n",
                     scheme_text.c_str());
        return 2;
    }
    Position before;
    if (fen) {
        if (FenStatus status = before.set(*fen); !status.ok()) {
            std::fprintf(stderr, "glossfish verify: %s\n", status.message().c_str());
            return 2;
        }
    }
    std::string claims_text;
    if (claims_file) {
        std::ostringstream buf;
        if (*claims_file == "-") {
            buf << std::cin.rdbuf();
        } else {
            std::ifstream in(*claims_file, std::ios::binary);
            if (!in) {
                std::fprintf(stderr, "glossfish verify: cannot read '%s'\n", claims_file->c_str());
                return 2;
            }
            buf << in.rdbuf();
        }
        claims_text = buf.str();
        if (!fen && claims_text.find("\"fen\"") == std::string::npos) {
            std::fprintf(
                stderr, "glossfish verify: --fen is required unless the claims JSON has \"fen\"\n");
            return 2;
        }
    }
    settings.analysis_depth = depth;
    settings.quality_scheme = *scheme;
    auto suite = verifier::make_tool_suite(settings);
    const verifier::VerifyOptions options = verifier::verify_options(settings);
    verifier::ClaimVerifier verifier(*suite, options);
    if (jsonl) return run_jsonl(verifier, resamples, seed);
    verifier::VerifyOutcome out =
        claims_file ? verifier::verify_claims(verifier, before, move.value_or(""), claims_text)
                    : verifier::verify_commentary(verifier, before, move.value_or(""), *text);
    if (!out.ok()) {
        std::fprintf(stderr, "glossfish verify: %s\n", out.error.c_str());
        return 2;
    }
    std::printf("%s\n", pretty ? out.report.dump(2).c_str() : out.report.dump().c_str());
    std::fprintf(stderr, "metrics: %s\n", out.report["metrics"]["text"].get<std::string>().c_str());
    return 0;
}

}  // namespace glossfish::cli
