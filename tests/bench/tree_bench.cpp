// Strategy-tree speed: the fast build (Analyzer pool, one child per core) against the plain
// build (one child, nodes one after another: the paper's procedure), same binary and limits,
// over the first puzzles of tests/data/lichess_puzzles_1000.csv. Prints both times, the
// ratios and how far the fast trees agree with the plain ones.
// Usage: glossfish_tree_bench [--count 20] [--plies 5] [--breadth 3] [--depth 12] [--jobs N]
//                             [--runs R] [--csv PATH]   (R rounds: the fastest of each mode)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "analysis/strategy_tree.h"
#include "lichess_puzzles.h"

using namespace glossfish;
using Clock = std::chrono::steady_clock;

namespace {

// Starts every child engine of the pool (process start and network load are not timed).
void warm_up(Analyzer& analyzer) {
    std::vector<std::thread> threads;
    for (int i = 0; i < analyzer.workers(); ++i)
        threads.emplace_back([&analyzer, i] {
            AnalysisLimits one;
            one.depth = 1;
            analyzer.analyse(Position(), one, 1, {}, i, true);
        });
    for (std::thread& t : threads) t.join();
    analyzer.clear_cache();
}

struct Run {
    double seconds = 0;
    int searches = 0, transpositions = 0, nodes = 0;
    std::vector<StrategyTree> trees;
};

Run run_each(const std::vector<Position>& roots, const TreeOptions& options, int workers) {
    Analyzer::Config config;
    config.workers = workers;
    Analyzer analyzer(config);
    warm_up(analyzer);
    Run run;
    const auto start = Clock::now();
    for (const Position& root : roots) run.trees.push_back(build_tree(analyzer, root, options));
    run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return run;
}

Run run_batch(const std::vector<Position>& roots, const TreeOptions& options, int workers) {
    Analyzer::Config config;
    config.workers = workers;
    Analyzer analyzer(config);
    warm_up(analyzer);
    Run run;
    const auto start = Clock::now();
    run.trees = build_trees(analyzer, roots, options);
    run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return run;
}

void tally(Run& run) {
    for (const StrategyTree& t : run.trees) {
        run.searches += t.stats.searches;
        run.transpositions += t.stats.transpositions;
        run.nodes += t.stats.nodes;
        if (!t.ok()) std::fprintf(stderr, "tree error: %s\n", t.error.c_str());
    }
}

void agreement(const char* name, const Run& fast, const Run& plain) {
    int common = 0, total = 0, same_best = 0;
    for (std::size_t i = 0; i < plain.trees.size(); ++i) {
        TreeAgreement a = compare_trees(fast.trees[i], plain.trees[i]);
        if (std::getenv("TREE_BENCH_VERBOSE"))
            std::printf("    %zu: %d/%d %s\n", i, a.common, a.total,
                        plain.trees[i].root.fen.c_str());
        common += a.common;
        total += a.total;
        same_best += a.same_best_move;
    }
    std::printf("  %-24s nodes equal %d/%d (%.1f%%), same root move %d/%zu\n", name, common, total,
                total ? 100.0 * common / total : 100.0, same_best, plain.trees.size());
}

int arg_int(int argc, char** argv, const char* name, int fallback) {
    for (int i = 1; i + 1 < argc; ++i)
        if (std::string(argv[i]) == name) return std::atoi(argv[i + 1]);
    return fallback;
}

}  // namespace

int main(int argc, char** argv) {
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    const int count = arg_int(argc, argv, "--count", 20);
    unsigned cores = std::thread::hardware_concurrency();
    const int jobs = arg_int(argc, argv, "--jobs", cores == 0 ? 2 : int(cores));
    std::string csv = std::string(GLOSSFISH_TEST_DATA) + "/lichess_puzzles_1000.csv";
    for (int i = 1; i + 1 < argc; ++i)
        if (std::string(argv[i]) == "--csv") csv = argv[i + 1];

    TreeOptions options;
    options.plies = arg_int(argc, argv, "--plies", 5);
    options.breadth = arg_int(argc, argv, "--breadth", 3);
    options.limits.depth = arg_int(argc, argv, "--depth", 12);

    std::vector<Position> roots;
    for (const test::Puzzle& p : test::load_lichess_puzzles(csv, std::size_t(count)))
        roots.push_back(p.start);
    std::printf("strategy trees: %zu puzzles, %d plies, breadth %d, depth %d; fast on %d workers\n",
                roots.size(), options.plies, options.breadth, *options.limits.depth, jobs);

    auto line = [](const char* name, const Run& r) {
        std::printf("  %-24s %8.2f s  %4d nodes, %4d searches, %3d transpositions\n", name,
                    r.seconds, r.nodes, r.searches, r.transpositions);
    };
    // Each mode once per round, rounds interleaved; the fastest round of each mode counts.
    const int runs = std::max(1, arg_int(argc, argv, "--runs", 1));
    Run plain, fast_each, fast_batch;
    for (int r = 0; r < runs; ++r) {
        options.mode = TreeOptions::Plain;
        Run a = run_each(roots, options, 1);
        options.mode = TreeOptions::Fast;
        Run b = run_each(roots, options, jobs);
        Run c = run_batch(roots, options, jobs);
        if (runs > 1)
            std::printf("  round %d: plain %.2f s, fast tree by tree %.2f s, all at once %.2f s\n",
                        r + 1, a.seconds, b.seconds, c.seconds);
        if (r == 0 || a.seconds < plain.seconds) plain = std::move(a);
        if (r == 0 || b.seconds < fast_each.seconds) fast_each = std::move(b);
        if (r == 0 || c.seconds < fast_batch.seconds) fast_batch = std::move(c);
    }
    tally(plain);
    tally(fast_each);
    tally(fast_batch);
    line("plain (1 child)", plain);
    line("fast, tree by tree", fast_each);
    line("fast, all trees at once", fast_batch);
    std::printf("  speed-up fast/plain: %.2fx tree by tree, %.2fx all trees at once\n",
                plain.seconds / fast_each.seconds, plain.seconds / fast_batch.seconds);
    agreement("fast tree by tree:", fast_each, plain);
    agreement("fast all at once:", fast_batch, plain);
    return 0;
}
