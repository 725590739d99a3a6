// TEPP on the first 20 lichess puzzles of tests/data/lichess_puzzles_1000.csv: Stockfish at
// Skill Level 0 must score below the Optimal player (the engine at the same limits), and the
// Optimal player's records must not depend on the analysis engine's history.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "analysis/tepp.h"

namespace glossfish {
namespace {

std::string data_path(const char* name) {
    const char* dir = std::getenv("GLOSSFISH_TEST_DATA");
    return std::string(dir && *dir ? dir : GLOSSFISH_TEST_DATA) + "/" + name;
}

std::vector<TeppPuzzle> first_puzzles(std::size_t n) {
    PuzzleFile f = read_lichess_puzzles_file(data_path("lichess_puzzles_1000.csv"));
    EXPECT_TRUE(f.ok()) << f.error;
    EXPECT_TRUE(f.errors.empty());
    std::vector<TeppPuzzle> out;
    for (std::size_t i = 0; i < n && i < f.records.size(); ++i)
        out.push_back(tepp_puzzle(f.records[i]));
    return out;
}

AnalysisLimits nodes(std::uint64_t n) {
    AnalysisLimits l;
    l.nodes = n;
    return l;
}

TEST(TeppSlow, SkillLevelZeroScoresBelowOptimalOnTwentyPuzzles) {
    const std::vector<TeppPuzzle> puzzles = first_puzzles(20);
    ASSERT_EQ(puzzles.size(), 20u);
    Analyzer analyzer(Analyzer::Config{});
    EngineOracle oracle(analyzer, nodes(20000));
    OptimalPlayer optimal(oracle);
    UciEnginePlayer weak(parse_player_spec("stockfish Skill Level=0").spec.engine, nodes(20000));
    ASSERT_FALSE(weak.start());
    double opt_sum = 0, weak_sum = 0;
    int weak_lower = 0, weak_higher = 0;
    for (const TeppPuzzle& p : puzzles) {
        const TeppResult o = play_puzzle(oracle, optimal, p, TeppOptions{});
        const TeppResult w = play_puzzle(oracle, weak, p, TeppOptions{});
        ASSERT_TRUE(o.ok()) << p.id << ": " << o.error;
        ASSERT_TRUE(w.ok()) << p.id << ": " << w.error;
        EXPECT_TRUE(o.failure.empty() && w.failure.empty()) << p.id;
        opt_sum += o.score;
        weak_sum += w.score;
        weak_lower += w.score < o.score - 1e-9;
        weak_higher += w.score > o.score + 1e-9;
    }
    const double opt_mean = opt_sum / 20, weak_mean = weak_sum / 20;
    std::printf("optimal %.3f, Skill Level 0 %.3f; Skill 0 lower on %d, higher on %d puzzles\n",
                opt_mean, weak_mean, weak_lower, weak_higher);
    // Puzzles have one winning line: a random weak player misses it on many of them.
    EXPECT_LT(weak_mean, opt_mean - 0.05);
    EXPECT_GT(weak_lower, weak_higher);
}

TEST(TeppSlow, OptimalRecordsAreReproducibleWithAFreshEngine) {
    const std::vector<TeppPuzzle> puzzles = first_puzzles(6);
    std::vector<std::string> first, second;
    for (std::vector<std::string>* out : {&first, &second}) {
        Analyzer analyzer(Analyzer::Config{});
        EngineOracle oracle(analyzer, nodes(20000));
        OptimalPlayer optimal(oracle);
        // The second pass searches the puzzles in reverse order: results must not depend on
        // what the engine searched before.
        std::vector<TeppPuzzle> order = puzzles;
        if (out == &second) std::reverse(order.begin(), order.end());
        std::vector<std::string> records;
        for (const TeppPuzzle& p : order) {
            nlohmann::ordered_json j = tepp_record(play_puzzle(oracle, optimal, p, TeppOptions{}));
            records.push_back(j.dump());
        }
        if (out == &second) std::reverse(records.begin(), records.end());
        *out = records;
    }
    EXPECT_EQ(first, second);
}

}  // namespace
}  // namespace glossfish
