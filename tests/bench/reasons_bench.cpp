// Reasons on the shared lichess puzzles: the setup move of each puzzle (the CSV's first move,
// played from its FEN) labelled and explained with Stockfish at a fixed depth, and the figures
// of the puzzle check: a bad label where the mover was not already lost, a reason whose line
// starts with the first solution move (goal >= 90%), a reason that names a tactical theme of the
// puzzle (goal >= 80%), reasons held back, and every printed reason read whole and verified true
// again (goal 100%, 0 false).
// Usage: glossfish_reasons_bench [--count 200 | --all] [--depth 12] [--workers 1] [--csv PATH]
//                               [--details]
// --details also lists the setup moves labelled good where not lost and every reason held back.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "reasons_eval.h"

using namespace glossfish;

int main(int argc, char** argv) {
    std::size_t count = 200;
    int depth = 12, workers = 1;
    bool details = false;
    std::string csv = std::string(GLOSSFISH_TEST_DATA) + "/lichess_puzzles_1000.csv";
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--count") && i + 1 < argc) count = std::stoul(argv[++i]);
        else if (!std::strcmp(argv[i], "--all")) count = 0;
        else if (!std::strcmp(argv[i], "--details")) details = true;
        else if (!std::strcmp(argv[i], "--depth") && i + 1 < argc) depth = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--workers") && i + 1 < argc) workers = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--csv") && i + 1 < argc) csv = argv[++i];
        else {
            std::fprintf(stderr,
                         "usage: glossfish_reasons_bench [--count N | --all] [--depth D] "
                         "[--workers N] [--csv PATH] [--details]\n");
            return 2;
        }
    }
    if (depth < 1 || workers < 1) {
        std::fprintf(stderr, "reasons_bench: --depth and --workers must be positive\n");
        return 2;
    }
    std::vector<test::ReasonPuzzle> puzzles;
    try {
        puzzles = test::load_reason_puzzles(csv, count);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "reasons_bench: %s\n", e.what());
        return 1;
    }
    Analyzer::Config config;
    config.workers = workers;
    Analyzer analyzer(config);
    AnalysisLimits limits;
    limits.depth = depth;
    test::ReasonTally tally;
    const auto start = std::chrono::steady_clock::now();
    for (const test::ReasonPuzzle& p : puzzles) test::tally_reasons(analyzer, limits, p, tally);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("reasons of the setup moves of %zu puzzles of %s at depth %d\n", puzzles.size(),
                csv.c_str(), depth);
    test::print_tally(tally, details);
    std::printf("time %.1f s (%.2f s per puzzle)\n", seconds,
                puzzles.empty() ? 0.0 : seconds / double(puzzles.size()));
    return 0;
}
