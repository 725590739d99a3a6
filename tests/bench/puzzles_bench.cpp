// Puzzle batch speed: `glossfish puzzles` itself (its command function, linked in) on the first
// N puzzles of tests/data/lichess_puzzles_1000.csv with --jobs 1 and --jobs 2 in this one
// process, each run into a fresh output file; prints puzzles per minute and the ratio. Then a
// TEPP figure: seconds per puzzle for the Optimal player (k_eval 3) at a fixed nodes limit.
// Usage: glossfish_puzzles_bench [--count 30] [--depth 12] [--jobs-max 2] [--tepp-count 10]
//                                [--tepp-nodes 20000] [--csv PATH] [--verbose]
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "analysis/tepp.h"
#include "cli/cli.h"

using namespace glossfish;
using Clock = std::chrono::steady_clock;

namespace {

int arg_int(int argc, char** argv, const char* name, int fallback) {
    for (int i = 1; i + 1 < argc; ++i)
        if (std::string(argv[i]) == name) return std::atoi(argv[i + 1]);
    return fallback;
}

bool has_flag(int argc, char** argv, const char* name) {
    for (int i = 1; i < argc; ++i)
        if (std::string(argv[i]) == name) return true;
    return false;
}

// Runs `glossfish puzzles` with --jobs jobs into a fresh file; returns seconds (or -1).
double run_batch(const std::string& csv, int count, int depth, int jobs, bool verbose) {
    const std::string out = "/tmp/glossfish_puzzles_bench_" + std::to_string(::getpid()) + "_" +
                            std::to_string(jobs) + ".jsonl";
    std::remove(out.c_str());
    const cli::Args args = {"--csv",   csv,
                            "--out",   out,
                            "--limit", std::to_string(count),
                            "--depth", std::to_string(depth),
                            "--jobs",  std::to_string(jobs)};
    // The batch's progress lines go to stderr; keep them out of the figures unless asked.
    int saved = -1;
    if (!verbose) {
        std::fflush(stderr);
        saved = ::dup(2);
        const int null = ::open("/dev/null", O_WRONLY);
        ::dup2(null, 2);
        ::close(null);
    }
    const auto start = Clock::now();
    const int rc = cli::puzzles_command(args);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (saved >= 0) {
        std::fflush(stderr);
        ::dup2(saved, 2);
        ::close(saved);
    }
    std::remove(out.c_str());
    if (rc != 0) {
        std::fprintf(stderr, "puzzles --jobs %d failed with exit code %d\n", jobs, rc);
        return -1;
    }
    return seconds;
}

}  // namespace

int main(int argc, char** argv) {
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    const int count = arg_int(argc, argv, "--count", 30);
    const int depth = arg_int(argc, argv, "--depth", 12);
    const int jobs_max = arg_int(argc, argv, "--jobs-max", 2);
    const int tepp_count = arg_int(argc, argv, "--tepp-count", 10);
    const int tepp_nodes = arg_int(argc, argv, "--tepp-nodes", 20000);
    const bool verbose = has_flag(argc, argv, "--verbose");
    std::string csv = std::string(GLOSSFISH_TEST_DATA) + "/lichess_puzzles_1000.csv";
    for (int i = 1; i + 1 < argc; ++i)
        if (std::string(argv[i]) == "--csv") csv = argv[i + 1];

    std::printf("glossfish puzzles: %d puzzles, plies from the solution, breadth 3, depth %d\n",
                count, depth);
    double base = 0;
    for (int jobs = 1; jobs <= jobs_max; ++jobs) {
        const double s = run_batch(csv, count, depth, jobs, verbose);
        if (s < 0) return 1;
        if (jobs == 1) base = s;
        std::printf("  --jobs %d   %7.2f s   %7.1f puzzles/min   ratio %.2fx\n", jobs, s,
                    count * 60.0 / s, base / s);
    }

    if (tepp_count > 0) {
        PuzzleFile f = read_lichess_puzzles_file(csv);
        if (!f.ok()) {
            std::fprintf(stderr, "%s: %s\n", csv.c_str(), f.error.c_str());
            return 1;
        }
        Analyzer analyzer(Analyzer::Config{});
        AnalysisLimits limits;
        limits.nodes = std::uint64_t(tepp_nodes);
        EngineOracle oracle(analyzer, limits);
        OptimalPlayer optimal(oracle);
        // The child's start is not timed.
        analyzer.analyse(Position(), limits);
        const auto start = Clock::now();
        double score = 0;
        int n = 0;
        for (; n < tepp_count && n < int(f.records.size()); ++n)
            score +=
                play_puzzle(oracle, optimal, tepp_puzzle(f.records[std::size_t(n)]), TeppOptions{})
                    .score;
        const double s = std::chrono::duration<double>(Clock::now() - start).count();
        std::printf(
            "tepp: optimal player, %d puzzles, k_eval 3, nodes %d: %.2f s/puzzle, "
            "%.1f searches/puzzle, mean score %.3f\n",
            n, tepp_nodes, s / n, double(oracle.searches()) / n, score / n);
    }
    return 0;
}
