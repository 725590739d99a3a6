// Strategy trees over the first 20 lichess puzzles of tests/data/lichess_puzzles_1000.csv
// (plies = the puzzle's solution length, breadth 3, depth 12): the fast build agrees with the
// plain build (the paper's procedure), and --reproducible trees are byte-identical with pool
// sizes 1 and 2. Needs `stockfish`; a few minutes on 2 cores.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>

#include "analysis/strategy_tree.h"
#include "analysis/tree_format.h"
#include "lichess_puzzles.h"

namespace glossfish {
namespace {

std::vector<test::Puzzle> puzzles() {
    return test::load_lichess_puzzles(
        std::string(GLOSSFISH_TEST_DATA) + "/lichess_puzzles_1000.csv", 20);
}

TreeOptions options_for(const test::Puzzle& p, TreeOptions::Mode mode, bool reproducible) {
    TreeOptions o;
    o.plies = p.plies();
    o.breadth = 3;
    o.limits.depth = 12;
    o.mode = mode;
    o.reproducible = reproducible;
    return o;
}

Analyzer::Config pool(int workers) {
    Analyzer::Config c;
    c.workers = workers;
    c.threads_per_worker = 1;
    return c;
}

// Plain: each puzzle in turn on one child. Fast: the 20 trees at once on two children
// (build_trees), which is how batch work runs; a single tree spread over the pool (build_tree
// in Fast mode) is checked for the same root move and its node agreement is printed.
TEST(StrategyTreeSlow, FastBuildAgreesWithPlainBuildOnTwentyPuzzles) {
    const auto list = puzzles();
    ASSERT_EQ(list.size(), 20u);
    Analyzer plain_pool(pool(1)), fast_pool(pool(2)), single_pool(pool(2));
    // The puzzles differ in length: group them by plies for build_trees.
    std::map<int, std::vector<std::size_t>> by_plies;
    for (std::size_t i = 0; i < list.size(); ++i) by_plies[list[i].plies()].push_back(i);
    std::vector<StrategyTree> fast(list.size());
    for (const auto& [plies, indices] : by_plies) {
        std::vector<Position> roots;
        for (std::size_t i : indices) roots.push_back(list[i].start);
        auto trees =
            build_trees(fast_pool, roots, options_for(list[indices[0]], TreeOptions::Fast, false));
        for (std::size_t k = 0; k < indices.size(); ++k) fast[indices[k]] = std::move(trees[k]);
    }
    int common = 0, total = 0, single_common = 0, single_total = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const test::Puzzle& p = list[i];
        StrategyTree plain =
            build_tree(plain_pool, p.start, options_for(p, TreeOptions::Plain, false));
        StrategyTree single =
            build_tree(single_pool, p.start, options_for(p, TreeOptions::Fast, false));
        ASSERT_TRUE(plain.ok()) << p.id << ": " << plain.error;
        ASSERT_TRUE(fast[i].ok()) << p.id << ": " << fast[i].error;
        ASSERT_TRUE(single.ok()) << p.id << ": " << single.error;
        TreeAgreement a = compare_trees(fast[i], plain);
        TreeAgreement b = compare_trees(single, plain);
        EXPECT_TRUE(a.same_best_move) << p.id;
        EXPECT_TRUE(b.same_best_move) << p.id;
        ASSERT_NE(best_child(plain), nullptr) << p.id;
        common += a.common;
        total += a.total;
        single_common += b.common;
        single_total += b.total;
        // For information: whether depth 12 finds the puzzle's own first move.
        std::printf("%s: %d plies, %d/%d nodes equal (single tree %d/%d), root %s (puzzle %s)\n",
                    p.id.c_str(), p.plies(), a.common, a.total, b.common, b.total,
                    best_child(plain)->uci.c_str(), p.solution.front().c_str());
    }
    std::printf("fast vs plain: %d/%d nodes equal (%.1f%%); single trees %d/%d (%.1f%%)\n", common,
                total, 100.0 * common / total, single_common, single_total,
                100.0 * single_common / single_total);
    EXPECT_GE(double(common) / total, 0.9);
}

TEST(StrategyTreeSlow, ReproducibleTreesAreByteIdenticalWithPoolSizesOneAndTwo) {
    const auto list = puzzles();
    auto render = [&](int workers) {
        Analyzer analyzer(pool(workers));
        std::vector<std::string> out;
        for (const test::Puzzle& p : list) {
            StrategyTree t = build_tree(analyzer, p.start, options_for(p, TreeOptions::Fast, true));
            EXPECT_TRUE(t.ok()) << p.id << ": " << t.error;
            out.push_back(format_tree(t, TreeFormat::Json));
        }
        return out;
    };
    const auto one = render(1);
    const auto two = render(2);
    ASSERT_EQ(one.size(), two.size());
    for (std::size_t i = 0; i < one.size(); ++i) EXPECT_EQ(one[i], two[i]) << list[i].id;
}

}  // namespace
}  // namespace glossfish
