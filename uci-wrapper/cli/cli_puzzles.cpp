// `glossfish puzzles`: strategy trees for a batch of lichess puzzles (CSV) or positions
// (JSONL), one JSON line per puzzle, resumable after a kill.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <optional>

#include "analysis/puzzles.h"
#include "analysis/strategy_tree.h"
#include "cli/cli.h"
#include "cli/flags.h"
#include "io/utf8.h"
#include "settings/settings.h"

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

namespace {

struct PuzzlesArgs {
    std::string csv_path, jsonl_path, out_path;
    Settings settings;
    bool fixed_plies = false;  // --plies given: every tree that deep, else the solution's plies
    std::optional<long long> limit;
    ShardSpec shard;
    const std::string& in_path() const { return csv_path.empty() ? jsonl_path : csv_path; }
};

// Reads the arguments into a; nullopt to go on, or the exit code (0 after --help).
std::optional<int> parse_args(const Args& args, PuzzlesArgs& a) {
    bool plies_from_solution = false;
    Flags flags("puzzles", "Strategy trees for a batch of puzzles, resumable after a kill.",
                PuzzlesUsage);
    flags.puzzle_source(a.csv_path, a.jsonl_path);
    flags.text("--out", a.out_path, "the trees, one JSON line per puzzle")->required();
    CLI::Option* plies = flags.setting(a.settings, &Settings::tree_plies);
    flags.flag("--plies-from-solution", plies_from_solution, "plies of the puzzle's solution")
        ->excludes(plies);
    flags.setting(a.settings, &Settings::tree_breadth);
    flags.search_limit(a.settings, &Settings::tree_depth);
    flags.setting(a.settings, &Settings::analysis_workers);
    flags.number("--limit", a.limit, 1, 1'000'000'000LL, "only the first N records");
    flags.shard(a.shard);
    flags.setting(a.settings, &Settings::reproducible);
    if (auto code = flags.parse(args)) return code;
    a.fixed_plies = plies->count() > 0;
    return std::nullopt;
}

// The records not yet in the output, grouped by plies (input order kept within a group): trees
// of one plies count go to build_trees together.
std::vector<const PuzzleRecord*> pending_records(
    const PuzzleFile& input, const ResumeScan& scan,
    const std::function<int(const PuzzleRecord&)>& plies_of) {
    std::vector<const PuzzleRecord*> pending;
    for (const PuzzleRecord& p : input.records)
        if (!scan.ids.count(p.id)) pending.push_back(&p);
    std::stable_sort(
        pending.begin(), pending.end(),
        [&](const PuzzleRecord* a, const PuzzleRecord* b) { return plies_of(*a) < plies_of(*b); });
    return pending;
}

// Builds and writes the trees of pending, 2 per worker at a time, with a progress line after
// each chunk. The exit code: 0, or 1 when a tree failed or the output could not be written.
int build_pending(const PuzzlesArgs& a, const std::vector<const PuzzleRecord*>& pending,
                  const std::function<int(const PuzzleRecord&)>& plies_of, std::size_t already,
                  std::size_t total, PuzzleOutput& out) {
    Analyzer analyzer(analyzer_config(a.settings));
    const TreeOptions options = tree_options(a.settings);
    const auto started = std::chrono::steady_clock::now();
    const std::size_t chunk = std::size_t(2 * a.settings.analysis_workers);
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
                std::fprintf(stderr, "glossfish puzzles: %s: %s\n", a.out_path.c_str(),
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
    if (failed == 0) return 0;
    std::fprintf(stderr, "glossfish puzzles: %d tree%s failed (records carry \"error\")\n", failed,
                 failed == 1 ? "" : "s");
    return 1;
}

}  // namespace

int puzzles_command(const Args& args) {
    PuzzlesArgs a;
    if (auto code = parse_args(args, a)) return *code;
    // The output is checked before anything is read: not a regular file, or the input itself.
    if (std::string err = resumable_output_error(a.out_path, {a.in_path()}); !err.empty()) {
        std::fprintf(stderr, "glossfish puzzles: %s\n", err.c_str());
        return 2;
    }
    std::optional<PuzzleFile> input =
        read_puzzle_input("puzzles", a.csv_path, a.jsonl_path, a.limit, a.shard);
    if (!input) return 2;
    ResumeScan scan = scan_and_repair_output(a.out_path, {a.in_path()});
    if (!scan.ok()) {
        std::fprintf(stderr, "glossfish puzzles: %s\n", scan.error.c_str());
        return scan.refused ? 2 : 1;
    }
    if (scan.truncated_bytes > 0)
        std::fprintf(stderr, "glossfish puzzles: %s: cut a torn last line of %llu bytes\n",
                     a.out_path.c_str(), (unsigned long long)scan.truncated_bytes);

    auto plies_of = [&](const PuzzleRecord& p) {
        if (a.fixed_plies || p.plies <= 0) return a.settings.tree_plies;
        return std::min(p.plies, MaxTreePlies);
    };
    const std::vector<const PuzzleRecord*> pending = pending_records(*input, scan, plies_of);
    const std::size_t total = input->records.size();
    const std::size_t already = total - pending.size();
    std::fprintf(stderr, "glossfish puzzles: %zu puzzle%s, %zu already in %s, %zu to do\n", total,
                 total == 1 ? "" : "s", already, a.out_path.c_str(), pending.size());

    // Opened even with nothing to do: an empty shard leaves an empty output for the merge.
    PuzzleOutput out;
    if (!out.open(a.out_path)) {
        std::fprintf(stderr, "glossfish puzzles: %s\n", out.error().c_str());
        return 1;
    }
    if (pending.empty()) return 0;
    return build_pending(a, pending, plies_of, already, total, out);
}

}  // namespace glossfish::cli
