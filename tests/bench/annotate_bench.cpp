// Annotation speed: the three classic games of tests/data/classic_games.pgn annotated at a
// fixed depth with --jobs 1 and --jobs 2 (one Analyzer worker per job, positions of a game
// spread over the workers). Prints seconds per game, moves per second and the ratio, and how
// many labels the two runs share (searches in parallel see a different hash, so they may differ).
// Usage: glossfish_annotate_bench [--depth 14] [--pgn PATH]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "annotate.h"

using namespace glossfish;
using Clock = std::chrono::steady_clock;

namespace {

struct Run {
    double seconds = 0;
    long moves = 0;
    std::vector<double> per_game;
    std::vector<QualityLabel> labels;
};

Run run(const std::vector<PgnGame>& games, int depth, int jobs) {
    Analyzer::Config config;
    config.workers = jobs;
    Analyzer analyzer(config);
    // Start every child engine before timing.
    std::vector<std::thread> threads;
    for (int i = 0; i < jobs; ++i)
        threads.emplace_back([&analyzer, i] {
            AnalysisLimits one;
            one.depth = 1;
            analyzer.analyse(Position(), one, 1, {}, i, true);
        });
    for (std::thread& t : threads) t.join();
    analyzer.clear_cache();

    AnnotateOptions options;
    options.limits.depth = depth;
    options.jobs = jobs;
    Run r;
    for (const PgnGame& g : games) {
        const auto start = Clock::now();
        GameAnnotation a = analyse_game(analyzer, g, options);
        const double s = std::chrono::duration<double>(Clock::now() - start).count();
        if (!a.ok()) {
            std::fprintf(stderr, "annotate_bench: %s\n", a.error.c_str());
            std::exit(1);
        }
        r.per_game.push_back(s);
        r.seconds += s;
        r.moves += long(a.moves.size());
        for (const MoveAnnotation& m : a.moves) r.labels.push_back(m.quality.label);
    }
    return r;
}

}  // namespace

int main(int argc, char** argv) {
    int depth = 14;
    std::string path = std::string(GLOSSFISH_TEST_DATA) + "/classic_games.pgn";
    for (int i = 1; i + 1 < argc; i += 2) {
        std::string a = argv[i];
        if (a == "--depth") depth = std::atoi(argv[i + 1]);
        else if (a == "--pgn") path = argv[i + 1];
        else {
            std::fprintf(stderr, "usage: glossfish_annotate_bench [--depth 14] [--pgn PATH]\n");
            return 2;
        }
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "annotate_bench: cannot open %s\n", path.c_str());
        return 2;
    }
    std::ostringstream text;
    text << in.rdbuf();
    std::vector<PgnGame> games;
    for (PgnGame& g : read_pgn(text.str()))
        if (g.is_game && g.ok()) games.push_back(std::move(g));
    std::printf("annotate bench: %zu games, depth %d, %u hardware threads\n", games.size(), depth,
                std::thread::hardware_concurrency());
    Run one = run(games, depth, 1);
    Run two = run(games, depth, 2);
    for (const auto& [name, r] :
         {std::pair<const char*, const Run&>{"jobs 1", one}, {"jobs 2", two}}) {
        std::printf("%s: %.2f s total, %.2f s/game (", name, r.seconds,
                    r.seconds / double(games.size()));
        for (std::size_t k = 0; k < r.per_game.size(); ++k)
            std::printf("%s%.2f", k ? ", " : "", r.per_game[k]);
        std::printf("), %ld moves, %.1f moves/s\n", r.moves,
                    r.seconds > 0 ? double(r.moves) / r.seconds : 0);
    }
    std::size_t same = 0;
    for (std::size_t k = 0; k < one.labels.size() && k < two.labels.size(); ++k)
        same += one.labels[k] == two.labels[k];
    std::printf("speed-up jobs 2 / jobs 1: %.2fx; labels equal in %zu of %zu moves\n",
                two.seconds > 0 ? one.seconds / two.seconds : 0, same, one.labels.size());
    return 0;
}
