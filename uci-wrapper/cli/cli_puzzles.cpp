// `glossfish puzzles`: strategy trees for a batch of lichess puzzles (CSV) or positions
// (JSONL), one JSON line per puzzle, resumable after a kill.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <optional>
#include <thread>

#include "cli/cli.h"
#include "analysis/puzzles.h"
#include "analysis/strategy_tree.h"
#include "io/utf8.h"

namespace glossfish::cli {

namespace {

const char* PuzzlesUsage =
    "usage: glossfish puzzles (--csv FILE | --jsonl FILE) --out FILE.jsonl [--jobs N]\n"
    "                         [--plies P | --plies-from-solution] [--breadth K]\n"
    "                         [--depth D | --nodes N] [--limit N] [--shard I/N]\n"
    "                         [--reproducible]\n";

}  // namespace

std::string duration_text(double seconds) {
    const long long s = seconds < 0 ? 0 : (long long)(seconds + 0.5);
    char buf[32];
    if (s >= 3600) std::snprintf(buf, sizeof buf, "%lldh%02lldm", s / 3600, s / 60 % 60);
    else std::snprintf(buf, sizeof buf, "%lldm%02llds", s / 60, s % 60);
    return buf;
}

std::optional<ShardSpec> parse_shard_option(const char* command, const std::string& text) {
    ShardParse p = parse_shard(text);
    if (!p.ok()) {
        std::fprintf(stderr, "glossfish %s: %s\n", command, p.error.c_str());
        return std::nullopt;
    }
    return p.spec;
}

std::optional<PuzzleFile> read_puzzle_input(const char* command, const std::string& csv_path,
                                            const std::string& jsonl_path,
                                            std::optional<long long> limit, ShardSpec shard) {
    const std::string& in_path = csv_path.empty() ? jsonl_path : csv_path;
    PuzzleFile input = csv_path.empty() ? read_position_jsonl_file(jsonl_path)
                                        : read_lichess_puzzles_file(csv_path);
    if (!input.ok()) {
        std::fprintf(stderr, "glossfish %s: %s\n", command, input.error.c_str());
        return std::nullopt;
    }
    for (const PuzzleRowError& e : input.errors)
        std::fprintf(stderr, "glossfish %s: %s:%d: %s (skipped)\n", command, in_path.c_str(),
                     e.line, e.reason.c_str());
    if (limit && input.records.size() > std::size_t(*limit))
        input.records.resize(std::size_t(*limit));
    if (shard.count > 1) {
        const std::size_t all = input.records.size();
        std::erase_if(input.records,
                      [&](const PuzzleRecord& r) { return !shard.contains_key(r.id); });
        std::fprintf(stderr, "glossfish %s: shard %s: %zu of %zu records\n", command,
                     shard.text().c_str(), input.records.size(), all);
    }
    return input;
}

int puzzles_command(const Args& args) {
    std::string csv_path, jsonl_path, out_path;
    std::optional<int> fixed_plies;
    bool plies_from_solution = false;
    TreeOptions options;
    unsigned cores = std::thread::hardware_concurrency();
    int jobs = cores == 0 ? 1 : int(cores);
    std::optional<long long> limit;
    ShardSpec shard;

    for (std::size_t i = 0; i < args.size();) {
        const std::string a = args[i];
        if (a == "--help" || a == "-h") {
            std::fputs(PuzzlesUsage, stdout);
            return 0;
        }
        if (a == "--plies-from-solution" || a == "--reproducible") {
            if (a == "--reproducible") options.reproducible = true;
            else plies_from_solution = true;
            ++i;
            continue;
        }
        if (i + 1 >= args.size()) {
            std::fprintf(stderr, "glossfish puzzles: %s needs a value\n%s", a.c_str(),
                         PuzzlesUsage);
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
        } else if (a == "--plies") {
            if (!(n = parse_number("puzzles", a, v, 1, MaxTreePlies))) return 2;
            fixed_plies = int(*n);
        } else if (a == "--breadth") {
            if (!(n = parse_number("puzzles", a, v, 1, MaxTreeBreadth))) return 2;
            options.breadth = int(*n);
        } else if (a == "--depth") {
            if (!(n = parse_number("puzzles", a, v, 1, MaxOptionDepth))) return 2;
            options.limits.depth = int(*n);
        } else if (a == "--nodes") {
            if (!(n = parse_number("puzzles", a, v, 1, 1'000'000'000'000LL))) return 2;
            options.limits.nodes = std::uint64_t(*n);
        } else if (a == "--jobs") {
            if (!(n = parse_number("puzzles", a, v, 1, 256))) return 2;
            jobs = int(*n);
        } else if (a == "--limit") {
            if (!(n = parse_number("puzzles", a, v, 1, 1'000'000'000LL))) return 2;
            limit = *n;
        } else if (a == "--shard") {
            auto s = parse_shard_option("puzzles", v);
            if (!s) return 2;
            shard = *s;
        } else {
            std::fprintf(stderr, "glossfish puzzles: unexpected argument '%s'\n%s",
                         quote_prefix(a).c_str(), PuzzlesUsage);
            return 2;
        }
    }
    if (csv_path.empty() == jsonl_path.empty() || out_path.empty()) {
        std::fprintf(stderr, "glossfish puzzles: give one of --csv / --jsonl, and --out\n%s",
                     PuzzlesUsage);
        return 2;
    }
    if (fixed_plies && plies_from_solution) {
        std::fputs("glossfish puzzles: --plies and --plies-from-solution exclude each other\n",
                   stderr);
        return 2;
    }
    if (options.limits.depth && options.limits.nodes) {
        std::fputs("glossfish puzzles: --depth and --nodes exclude each other\n", stderr);
        return 2;
    }

    // The output is checked before anything is read: not a regular file, or the input itself.
    const std::string& in_path = csv_path.empty() ? jsonl_path : csv_path;
    if (std::string err = resumable_output_error(out_path, {in_path}); !err.empty()) {
        std::fprintf(stderr, "glossfish puzzles: %s\n", err.c_str());
        return 2;
    }
    std::optional<PuzzleFile> read = read_puzzle_input("puzzles", csv_path, jsonl_path, limit, shard);
    if (!read) return 2;
    PuzzleFile& input = *read;

    ResumeScan scan = scan_and_repair_output(out_path, {in_path});
    if (!scan.ok()) {
        std::fprintf(stderr, "glossfish puzzles: %s\n", scan.error.c_str());
        return scan.refused ? 2 : 1;
    }
    if (scan.truncated_bytes > 0)
        std::fprintf(stderr, "glossfish puzzles: %s: cut a torn last line of %llu bytes\n",
                     out_path.c_str(), (unsigned long long)scan.truncated_bytes);

    // Trees of one plies count go to build_trees together: pending puzzles grouped by plies,
    // input order kept within a group.
    auto plies_of = [&](const PuzzleRecord& p) {
        if (fixed_plies) return *fixed_plies;
        return p.plies > 0 ? std::min(p.plies, MaxTreePlies) : TreeOptions{}.plies;
    };
    std::vector<const PuzzleRecord*> pending;
    for (const PuzzleRecord& p : input.records)
        if (!scan.ids.count(p.id)) pending.push_back(&p);
    std::stable_sort(
        pending.begin(), pending.end(),
        [&](const PuzzleRecord* a, const PuzzleRecord* b) { return plies_of(*a) < plies_of(*b); });
    const std::size_t total = input.records.size();
    const std::size_t already = total - pending.size();
    std::fprintf(stderr, "glossfish puzzles: %zu puzzle%s, %zu already in %s, %zu to do\n", total,
                 total == 1 ? "" : "s", already, out_path.c_str(), pending.size());

    // Opened even with nothing to do: an empty shard leaves an empty output for the merge.
    PuzzleOutput out;
    if (!out.open(out_path)) {
        std::fprintf(stderr, "glossfish puzzles: %s\n", out.error().c_str());
        return 1;
    }
    if (pending.empty()) return 0;
    Analyzer::Config config;
    config.workers = jobs;
    config.threads_per_worker = 1;
    Analyzer analyzer(config);

    const auto started = std::chrono::steady_clock::now();
    const std::size_t chunk = std::size_t(2 * jobs);
    std::size_t done = 0;
    int failed = 0;
    for (std::size_t begin = 0; begin < pending.size();) {
        const int plies = plies_of(*pending[begin]);
        std::size_t end = begin;
        std::vector<Position> roots;
        while (end < pending.size() && end - begin < chunk && plies_of(*pending[end]) == plies) {
            Position pos;
            pos.set(pending[end]->start_fen);  // checked by the reader
            roots.push_back(pos);
            ++end;
        }
        TreeOptions chunk_options = options;
        chunk_options.plies = plies;
        const std::vector<StrategyTree> trees = build_trees(analyzer, roots, chunk_options);
        for (std::size_t k = 0; k < trees.size(); ++k) {
            if (!trees[k].ok()) {
                ++failed;
                std::fprintf(stderr, "glossfish puzzles: %s: %s\n", pending[begin + k]->id.c_str(),
                             trees[k].error.c_str());
            }
            if (!out.write(puzzle_output_record(*pending[begin + k], trees[k]))) {
                std::fprintf(stderr, "glossfish puzzles: %s: %s\n", out_path.c_str(),
                             out.error().c_str());
                return 1;
            }
        }
        done += end - begin;
        begin = end;
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        const double per_minute = seconds > 0 ? done * 60.0 / seconds : 0;
        const double eta = per_minute > 0 ? (pending.size() - done) * 60.0 / per_minute : 0;
        std::fprintf(stderr, "glossfish puzzles: %zu/%zu, %.1f puzzles/min, ETA %s\n",
                     already + done, total, per_minute, duration_text(eta).c_str());
    }
    if (failed > 0) {
        std::fprintf(stderr, "glossfish puzzles: %d tree%s failed (records carry \"error\")\n",
                     failed, failed == 1 ? "" : "s");
        return 1;
    }
    return 0;
}

}  // namespace glossfish::cli
