// `glossfish tepp`: Tree-Expanded Puzzle Playing of solving players over a puzzle file, one
// JSON line per puzzle, player and run, and a summary table (score mean ± sd, ΔBase, ΔOpt).
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include "cli.h"
#include "puzzles.h"
#include "tepp.h"

namespace glossfish::cli {

namespace {

const char* TeppUsage =
    "usage: glossfish tepp (--csv FILE | --jsonl FILE) --player SPEC [--player SPEC ...]\n"
    "                      [--baseline SPEC] [--k-eval K] [--runs R] [--limit N]\n"
    "                      [--depth D | --nodes N] [--retries N] [--out FILE.jsonl]\n"
    "  SPEC: optimal | human | PROGRAM [NAME=VALUE ...] [@nodes=N|@depth=D|@movetime=MS]\n"
    "        e.g. \"stockfish Skill Level=0\"\n";

struct Entry {
    std::unique_ptr<SolvingPlayer> player;
    std::string name;
    std::vector<double> run_means;  // one per run
    int failed = 0, errors = 0, puzzles = 0;
};

// Pads to a display width (UTF-8: continuation bytes take no column).
std::string pad(const std::string& s, std::size_t width, bool left) {
    std::size_t columns = 0;
    for (unsigned char c : s) columns += (c & 0xC0) != 0x80;
    const std::string fill(columns < width ? width - columns : 0, ' ');
    return left ? s + fill : fill + s;
}

std::string signed_text(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.3f", v);
    return buf;
}

}  // namespace

int tepp_command(const Args& args) {
    std::string csv_path, jsonl_path, out_path;
    std::vector<std::string> player_specs;
    std::optional<std::string> baseline_spec;
    TeppOptions options;
    AnalysisLimits limits;
    int runs = 1;
    std::optional<long long> limit;

    for (std::size_t i = 0; i < args.size();) {
        const std::string a = args[i];
        if (a == "--help" || a == "-h") {
            std::fputs(TeppUsage, stdout);
            return 0;
        }
        if (i + 1 >= args.size()) {
            std::fprintf(stderr, "glossfish tepp: %s needs a value\n%s", a.c_str(), TeppUsage);
            return 2;
        }
        const std::string v = args[i + 1];
        i += 2;
        std::optional<long long> n;
        if (a == "--csv") {
            csv_path = v;
        } else if (a == "--jsonl") {
            jsonl_path = v;
        } else if (a == "--out") {
            out_path = v;
        } else if (a == "--player") {
            player_specs.push_back(v);
        } else if (a == "--baseline") {
            baseline_spec = v;
        } else if (a == "--k-eval") {
            if (!(n = parse_number("tepp", a, v, 1, MaxTreeBreadth))) return 2;
            options.k_eval = int(*n);
        } else if (a == "--runs") {
            if (!(n = parse_number("tepp", a, v, 1, 1000))) return 2;
            runs = int(*n);
        } else if (a == "--retries") {
            if (!(n = parse_number("tepp", a, v, 0, 20))) return 2;
            options.max_retries = int(*n);
        } else if (a == "--depth") {
            if (!(n = parse_number("tepp", a, v, 1, 60))) return 2;
            limits.depth = int(*n);
        } else if (a == "--nodes") {
            if (!(n = parse_number("tepp", a, v, 1, 1'000'000'000'000LL))) return 2;
            limits.nodes = std::uint64_t(*n);
        } else if (a == "--limit") {
            if (!(n = parse_number("tepp", a, v, 1, 1'000'000'000LL))) return 2;
            limit = *n;
        } else {
            std::fprintf(stderr, "glossfish tepp: unexpected argument '%s'\n%s", a.c_str(),
                         TeppUsage);
            return 2;
        }
    }
    if (csv_path.empty() == jsonl_path.empty() || player_specs.empty()) {
        std::fprintf(stderr, "glossfish tepp: give one of --csv / --jsonl, and --player\n%s",
                     TeppUsage);
        return 2;
    }
    if (limits.depth && limits.nodes) {
        std::fputs("glossfish tepp: --depth and --nodes exclude each other\n", stderr);
        return 2;
    }
    if (limits.empty()) limits.depth = 12;

    // Players in report order: --player …, the baseline, optimal (each once, by name).
    std::vector<std::string> specs = player_specs;
    if (baseline_spec) specs.push_back(*baseline_spec);
    specs.push_back("optimal");
    std::vector<PlayerSpec> parsed;
    std::vector<std::string> names;
    std::optional<std::size_t> baseline_index, optimal_index;
    int humans = 0;
    for (std::size_t k = 0; k < specs.size(); ++k) {
        PlayerSpecParse p = parse_player_spec(specs[k]);
        if (!p.ok()) {
            std::fprintf(stderr, "glossfish tepp: '%s': %s\n", specs[k].c_str(), p.error.c_str());
            return 2;
        }
        const std::string name = p.spec.kind == PlayerSpec::Engine  ? p.spec.engine.text
                                 : p.spec.kind == PlayerSpec::Human ? "human"
                                                                    : "optimal";
        std::size_t index = names.size();
        auto it = std::find(names.begin(), names.end(), name);
        if (it != names.end()) {
            index = std::size_t(it - names.begin());
        } else {
            names.push_back(name);
            parsed.push_back(p.spec);
            if (p.spec.kind == PlayerSpec::Human) ++humans;
        }
        if (baseline_spec && k == player_specs.size()) baseline_index = index;
        if (k + 1 == specs.size()) optimal_index = index;
    }

    const std::string& in_path = csv_path.empty() ? jsonl_path : csv_path;
    const std::optional<PuzzleFile> input = read_puzzle_input("tepp", csv_path, jsonl_path, limit);
    if (!input) return 2;
    std::vector<TeppPuzzle> puzzles;
    for (const PuzzleRecord& r : input->records) puzzles.push_back(tepp_puzzle(r));
    if (puzzles.empty()) {
        std::fprintf(stderr, "glossfish tepp: %s: no puzzles\n", in_path.c_str());
        return 2;
    }

    std::ofstream out_file;
    if (!out_path.empty()) {
        out_file.open(out_path, std::ios::out | std::ios::trunc);
        if (!out_file) {
            std::fprintf(stderr, "glossfish tepp: cannot write '%s'\n", out_path.c_str());
            return 1;
        }
    }
    std::ostream& records = out_path.empty() ? std::cout : out_file;

    Analyzer::Config config;
    config.workers = 1;
    config.threads_per_worker = 1;
    Analyzer analyzer(config);
    EngineOracle oracle(analyzer, limits);

    std::vector<Entry> entries;
    for (std::size_t k = 0; k < parsed.size(); ++k) {
        Entry e;
        e.name = names[k];
        if (parsed[k].kind == PlayerSpec::Optimal) {
            e.player = std::make_unique<OptimalPlayer>(oracle);
        } else if (parsed[k].kind == PlayerSpec::Human) {
            e.player = std::make_unique<HumanPlayer>(std::cin, std::cerr);
        } else {
            auto engine = std::make_unique<UciEnginePlayer>(parsed[k].engine, limits);
            if (auto err = engine->start()) {
                std::fprintf(stderr, "glossfish tepp: player '%s': %s\n", e.name.c_str(),
                             err->c_str());
                return 2;
            }
            e.player = std::move(engine);
        }
        entries.push_back(std::move(e));
    }
    if (humans > 0 && out_path.empty())
        std::fputs("glossfish tepp: the human player reads stdin and draws on stderr\n", stderr);

    int engine_errors = 0;
    for (Entry& e : entries) {
        for (int run = 0; run < runs; ++run) {
            double sum = 0;
            for (std::size_t p = 0; p < puzzles.size(); ++p) {
                TeppResult r = play_puzzle(oracle, *e.player, puzzles[p], options, run);
                records << tepp_record(r).dump() << '\n';
                records.flush();
                if (!r.ok()) {
                    ++e.errors;
                    std::fprintf(stderr, "glossfish tepp: %s: %s\n", r.id.c_str(), r.error.c_str());
                }
                if (!r.failure.empty()) ++e.failed;
                sum += r.score;
                std::fprintf(stderr, "glossfish tepp: %s, run %d/%d: %zu/%zu (%s %.3f)\n",
                             e.name.c_str(), run + 1, runs, p + 1, puzzles.size(), r.id.c_str(),
                             r.score);
            }
            e.puzzles = int(puzzles.size());
            e.run_means.push_back(sum / double(puzzles.size()));
        }
        engine_errors += e.errors;
    }
    if (!out_path.empty() && !out_file) {
        std::fprintf(stderr, "glossfish tepp: writing '%s' failed\n", out_path.c_str());
        return 1;
    }

    std::size_t width = 6;
    for (const Entry& e : entries) width = std::max(width, e.name.size());
    std::printf("TEPP  %zu puzzle%s, k_eval %d, %d run%s, limit %s\n", puzzles.size(),
                puzzles.size() == 1 ? "" : "s", options.k_eval, runs, runs == 1 ? "" : "s",
                limits.go_args().c_str());
    std::printf("%s  %s  %s  %s  %s  %s\n", pad("player", width, true).c_str(),
                pad("runs", 4, false).c_str(), pad("failed", 6, false).c_str(),
                pad("score mean ± sd", 15, true).c_str(), pad("ΔBase", 6, false).c_str(),
                pad("ΔOpt", 6, false).c_str());
    const MeanSd opt = mean_sd(entries[*optimal_index].run_means);
    std::optional<MeanSd> base;
    if (baseline_index) base = mean_sd(entries[*baseline_index].run_means);
    for (const Entry& e : entries) {
        const MeanSd m = mean_sd(e.run_means);
        char score[40];
        std::snprintf(score, sizeof score, "%.3f ± %.3f", m.mean, m.sd);
        std::printf("%s  %4d  %6d  %s  %s  %s\n", pad(e.name, width, true).c_str(), m.n, e.failed,
                    pad(score, 15, true).c_str(),
                    pad(base ? signed_text(m.mean - base->mean) : "-", 6, false).c_str(),
                    pad(signed_text(m.mean - opt.mean), 6, false).c_str());
    }
    if (engine_errors > 0) {
        std::fprintf(stderr,
                     "glossfish tepp: %d puzzle%s had engine errors (records carry "
                     "\"error\", scored 0)\n",
                     engine_errors, engine_errors == 1 ? "" : "s");
        return 1;
    }
    return 0;
}

}  // namespace glossfish::cli
