// Analyzer against the scripted fake engine: results, the cache, roots without legal moves
// and a worker whose child dies on every search.
#include "host/analyzer.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "rules/notation.h"
#include "rules/position.h"
#include "test_support.h"

namespace glossfish {
namespace {

using testkit::ScopedEnv;

Analyzer::Config fake_pool() {
    Analyzer::Config c;
    c.engine_path = GLOSSFISH_FAKE_ENGINE;
    c.workers = 1;
    return c;
}

Position start_position() {
    Position pos;
    EXPECT_TRUE(pos.set(StartFen).ok());
    return pos;
}

TEST(Analyzer, CacheHitOnRepeatedRequest) {
    ScopedEnv mode("FAKE_UCI_MODE", "normal");
    Analyzer analyzer(fake_pool());
    Position pos = start_position();
    AnalysisLimits limits;
    limits.depth = 2;

    AnalysisResult first = analyzer.analyse(pos, limits);
    ASSERT_TRUE(first.ok()) << first.error;
    EXPECT_FALSE(first.cached);
    EXPECT_EQ(move_to_uci(pos, first.best), "e2e4");
    ASSERT_EQ(first.lines.size(), 1u);
    EXPECT_EQ(first.lines[0].depth, 2);
    EXPECT_EQ(first.lines[0].score, Score::cp(12));
    EXPECT_EQ(analyzer.cache_hits(), 0u);

    AnalysisResult again = analyzer.analyse(pos, limits);
    ASSERT_TRUE(again.ok()) << again.error;
    EXPECT_TRUE(again.cached);
    EXPECT_EQ(analyzer.cache_hits(), 1u);
    EXPECT_EQ(again.best, first.best);
    ASSERT_EQ(again.lines.size(), 1u);
    EXPECT_EQ(again.lines[0].score, first.lines[0].score);

    // Other limits or another MultiPV are other requests.
    AnalysisLimits deeper;
    deeper.depth = 3;
    EXPECT_FALSE(analyzer.analyse(pos, deeper).cached);
    EXPECT_FALSE(analyzer.analyse(pos, limits, 2).cached);
    EXPECT_EQ(analyzer.cache_hits(), 1u);

    // clear_hash bypasses the cache; clear_cache forgets it.
    EXPECT_FALSE(analyzer.analyse(pos, limits, 1, {}, -1, true).cached);
    analyzer.clear_cache();
    EXPECT_FALSE(analyzer.analyse(pos, limits).cached);
    EXPECT_EQ(analyzer.cache_hits(), 1u);
}

// A cached-only request is answered from the cache or refused (and counted on this thread),
// and a refusal starts no search: the request is still a miss when asked normally.
TEST(Analyzer, CachedOnlyAnswersFromTheCacheOrIsRefused) {
    ScopedEnv mode("FAKE_UCI_MODE", "normal");
    Analyzer analyzer(fake_pool());
    Position pos = start_position();
    AnalysisLimits limits;
    limits.depth = 2;
    AnalysisLimits cached = limits;
    cached.cached_only = true;

    const std::size_t refused = Analyzer::uncached_refusals();
    AnalysisResult miss = analyzer.analyse(pos, cached);
    EXPECT_EQ(miss.error, AnalysisNotCached);
    EXPECT_TRUE(miss.lines.empty());
    EXPECT_EQ(Analyzer::uncached_refusals(), refused + 1);

    AnalysisResult searched = analyzer.analyse(pos, limits);
    ASSERT_TRUE(searched.ok()) << searched.error;
    EXPECT_FALSE(searched.cached);  // the refusal left nothing behind

    AnalysisResult hit = analyzer.analyse(pos, cached);
    ASSERT_TRUE(hit.ok()) << hit.error;
    EXPECT_TRUE(hit.cached);
    EXPECT_EQ(hit.best, searched.best);
    EXPECT_EQ(Analyzer::uncached_refusals(), refused + 1);
    // Another MultiPV is another request, refused again.
    EXPECT_EQ(analyzer.analyse(pos, cached, 2).error, AnalysisNotCached);
    EXPECT_EQ(Analyzer::uncached_refusals(), refused + 2);
}

TEST(Analyzer, RootWithoutLegalMovesNeedsNoEngine) {
    // A pool whose engine does not exist: the mated root must not need it.
    Analyzer::Config c;
    c.engine_path = "/nonexistent/engine";
    Analyzer analyzer(c);
    Position mated;
    ASSERT_TRUE(mated.set("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").ok());
    AnalysisLimits limits;
    limits.depth = 4;
    AnalysisResult r = analyzer.analyse(mated, limits);
    EXPECT_TRUE(r.ok()) << r.error;
    EXPECT_FALSE(r.best.is_ok());
    ASSERT_EQ(r.lines.size(), 1u);
    EXPECT_EQ(r.lines[0].score, Score::mate(0));
}

TEST(Analyzer, MissingEngineIsAnError) {
    Analyzer::Config c;
    c.engine_path = "/nonexistent/engine";
    Analyzer analyzer(c);
    AnalysisLimits limits;
    limits.depth = 4;
    AnalysisResult r = analyzer.analyse(start_position(), limits);
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.error.find("/nonexistent/engine"), std::string::npos) << r.error;
}

// The child dies on every go: one retry, then an error; never a hang, never a cache entry.
TEST(Analyzer, DyingWorkerGivesErrorAfterOneRetry) {
    ScopedEnv mode("FAKE_UCI_MODE", "exit-on-go");
    Analyzer analyzer(fake_pool());
    AnalysisLimits limits;
    limits.depth = 2;
    auto t0 = std::chrono::steady_clock::now();
    AnalysisResult r = analyzer.analyse(start_position(), limits);
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.error.find("exited"), std::string::npos) << r.error;
    AnalysisResult again = analyzer.analyse(start_position(), limits);
    EXPECT_FALSE(again.cached);
    EXPECT_EQ(analyzer.cache_hits(), 0u);
}

}  // namespace
}  // namespace glossfish
