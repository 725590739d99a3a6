// `glossfish puzzles`: strategy trees for a batch of lichess puzzles (CSV) or positions
// (JSONL), one JSON line per puzzle, resumable after a kill.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <thread>

#include "analysis/puzzles.h"
#include "analysis/strategy_tree.h"
#include "cli/cli.h"
#include "cli/flags.h"
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

    Flags flags("puzzles", "Strategy trees for a batch of puzzles, resumable after a kill.",
                PuzzlesUsage);
    flags.puzzle_source(csv_path, jsonl_path);
    flags.text("--out", out_path, "the trees, one JSON line per puzzle")->required();
    CLI::Option* plies_flag =
        flags.number("--plies", fixed_plies, 1, MaxTreePlies, "plies of each tree");
    flags.flag("--plies-from-solution", plies_from_solution, "plies of the puzzle's solution")
        ->excludes(plies_flag);
    flags.number("--breadth", options.breadth, 1, MaxTreeBreadth, "moves per node");
    flags.depth_or_nodes(options.limits.depth, options.limits.nodes, MaxOptionDepth);
    flags.jobs(jobs);
    flags.number("--limit", limit, 1, 1'000'000'000LL, "only the first N records");
    flags.shard(shard);
    flags.flag("--reproducible", options.reproducible, "the same trees each run");
    if (auto code = flags.parse(args)) return *code;
    // The output is checked before anything is read: not a regular file, or the input itself.
    const std::string& in_path = csv_path.empty() ? jsonl_path : csv_path;
    if (std::string err = resumable_output_error(out_path, {in_path}); !err.empty()) {
        std::fprintf(stderr, "glossfish puzzles: %s\n", err.c_str());
        return 2;
    }
    std::optional<PuzzleFile> read =
        read_puzzle_input("puzzles", csv_path, jsonl_path, limit, shard);
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
