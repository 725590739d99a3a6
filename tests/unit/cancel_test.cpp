// Cancellation (engine/host/cancel.h) reaches the searches: a cancelled Analyzer request stops
// Stockfish and returns at once with AnalysisCancelled (and the worker searches normally
// afterwards), a cancelled tree starts no further search, a token's deadline cancels it, and
// a JobLane drops queued jobs that cancel_if matches. Real Stockfish (needs `stockfish`).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "analysis/quality.h"
#include "analysis/strategy_tree.h"
#include "host/analyzer.h"
#include "host/job_lane.h"
#include "rules/notation.h"

namespace glossfish {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

TEST(Cancel, TokenDeadlineAndParent) {
    CancelToken parent;
    CancelToken child(&parent, Clock::now() + milliseconds(50));
    EXPECT_FALSE(child.cancelled());
    std::this_thread::sleep_for(milliseconds(60));
    EXPECT_TRUE(child.cancelled());
    EXPECT_TRUE(child.expired());
    CancelToken other(&parent);
    EXPECT_FALSE(other.cancelled());
    parent.cancel();
    EXPECT_TRUE(other.cancelled());
    EXPECT_FALSE(other.expired());
}

TEST(Cancel, CancelledSearchStopsStockfishAtOnce) {
    Analyzer analyzer(Analyzer::Config{});
    AnalysisLimits deep;
    deep.depth = 60;  // minutes of search unless stopped
    CancelToken token;
    std::thread canceller([&] {
        std::this_thread::sleep_for(milliseconds(300));
        token.cancel();
    });
    const auto t0 = Clock::now();
    AnalysisResult r = analyzer.analyse(Position(), deep, 1, {}, -1, false, &token);
    const auto took = Clock::now() - t0;
    canceller.join();
    EXPECT_EQ(r.error, AnalysisCancelled);
    EXPECT_LT(took, milliseconds(2000)) << "the search was not stopped";
    // Not cached, and the worker is fine for the next request.
    AnalysisLimits shallow;
    shallow.depth = 6;
    AnalysisResult next = analyzer.analyse(Position(), shallow);
    EXPECT_TRUE(next.ok()) << next.error;
    EXPECT_TRUE(parse_uci(Position(), move_to_uci(Position(), next.best)).ok());
    // An already cancelled token never reaches Stockfish.
    AnalysisResult none = analyzer.analyse(Position(), deep, 1, {}, -1, false, &token);
    EXPECT_EQ(none.error, AnalysisCancelled);
}

TEST(Cancel, CancelledTreeAndLabelEndEarly) {
    Analyzer analyzer(Analyzer::Config{});
    TreeOptions options;
    options.plies = 4;
    options.limits.depth = 40;
    CancelToken token(nullptr, Clock::now() + milliseconds(400));
    const auto t0 = Clock::now();
    StrategyTree tree = build_tree(analyzer, Position(), options, &token);
    EXPECT_EQ(tree.error, TreeCancelled);
    EXPECT_LT(Clock::now() - t0, milliseconds(2500));

    CancelToken cancelled;
    cancelled.cancel();
    AnalysisLimits limits;
    limits.depth = 30;
    Position pos;
    MoveLabel l = label_move(analyzer, pos, parse_uci(pos, "e2e4").move, limits,
                             QualityScheme::Lichess, &cancelled);
    EXPECT_EQ(l.error, AnalysisCancelled);
}

TEST(Cancel, JobLaneDropsMatchingJobsAndCancelsTheRunningOne) {
    JobLane lane(4);
    std::atomic<int> ran{0};
    std::atomic<bool> running_saw_cancel{false};
    std::atomic<bool> slow_started{false};
    auto slow = std::make_shared<CancelToken>();
    ASSERT_TRUE(lane.post({"slow", 1, slow, [&] {
                               slow_started = true;
                               while (!slow->cancelled())
                                   std::this_thread::sleep_for(milliseconds(1));
                               running_saw_cancel = true;
                           }}));
    // The capacity bounds the queue, not the running job: once the worker holds the slow job
    // (it runs until cancelled), the queue takes exactly four more, whatever the scheduler does.
    const auto started = Clock::now() + milliseconds(5000);
    while (!slow_started && Clock::now() < started) std::this_thread::sleep_for(milliseconds(1));
    ASSERT_TRUE(slow_started);
    for (int i = 0; i < 4; ++i)
        ASSERT_TRUE(lane.post({"queued", unsigned(i % 2 ? 1 : 2), nullptr, [&] { ++ran; }}));
    EXPECT_FALSE(lane.post({"full", 3, nullptr, [&] { ++ran; }}));       // capacity 4
    lane.cancel_if([](const JobLane::Job& j) { return j.group == 1; });  // slow and two queued
    const auto deadline = Clock::now() + milliseconds(2000);
    while (ran < 2 && Clock::now() < deadline) std::this_thread::sleep_for(milliseconds(5));
    std::this_thread::sleep_for(milliseconds(50));
    EXPECT_TRUE(running_saw_cancel);
    EXPECT_EQ(ran, 2);  // the two jobs of group 2
    lane.stop();
    EXPECT_TRUE(lane.wait_stopped(milliseconds(1000)));
}

// A job that throws is reported with its kind (and its group), never lost, and the lane runs
// the next job; without a handler the failure is written to stderr.
TEST(Cancel, JobLaneReportsAJobThatThrowsAndGoesOn) {
    std::mutex mutex;
    std::vector<std::string> failures;
    JobLane lane(4, [&](const JobLane::Job& job, const std::string& what) {
        std::lock_guard<std::mutex> lock(mutex);
        failures.push_back(job.kind + "/" + std::to_string(job.group) + ": " + what);
    });
    ASSERT_TRUE(lane.post({"quality", 7, nullptr, [] { throw std::runtime_error("exploded"); }}));
    ASSERT_TRUE(lane.post({"tool", 8, nullptr, [] { throw 42; }}));
    std::promise<void> next;
    ASSERT_TRUE(lane.post({"next", 9, nullptr, [&] { next.set_value(); }}));
    ASSERT_EQ(next.get_future().wait_for(milliseconds(5000)), std::future_status::ready);
    {
        std::lock_guard<std::mutex> lock(mutex);
        EXPECT_EQ(failures,
                  (std::vector<std::string>{"quality/7: exploded", "tool/8: unknown exception"}));
    }

    testing::internal::CaptureStderr();
    {
        JobLane quiet(2);
        ASSERT_TRUE(quiet.post({"tree", 1, nullptr, [] { throw std::runtime_error("no pool"); }}));
        std::promise<void> after;
        ASSERT_TRUE(quiet.post({"after", 2, nullptr, [&] { after.set_value(); }}));
        ASSERT_EQ(after.get_future().wait_for(milliseconds(5000)), std::future_status::ready);
    }
    EXPECT_NE(testing::internal::GetCapturedStderr().find("glossfish: a tree job failed: no pool"),
              std::string::npos);
}

// A job's captures die on the lane's thread, whether it ran or was dropped: never on the thread
// that cancels it (which may hold a lock of its own, as the Session does).
TEST(Cancel, JobLaneDestroysJobsOnItsOwnThread) {
    struct Witness {
        std::promise<std::thread::id>* died;
        explicit Witness(std::promise<std::thread::id>* d) : died(d) {}
        ~Witness() { died->set_value(std::this_thread::get_id()); }
        Witness(const Witness&) = delete;
        Witness& operator=(const Witness&) = delete;
    };
    JobLane lane(4);
    std::promise<void> go_on;
    std::shared_future<void> released = go_on.get_future().share();
    ASSERT_TRUE(lane.post({"block", 1, nullptr, [released] { released.wait(); }}));
    std::promise<std::thread::id> dropped_died, ran_died;
    auto dropped = std::make_shared<Witness>(&dropped_died);
    auto ran = std::make_shared<Witness>(&ran_died);
    ASSERT_TRUE(lane.post({"dropped", 2, nullptr, [dropped] {}}));
    ASSERT_TRUE(lane.post({"ran", 3, nullptr, [ran] {}}));
    dropped.reset();
    ran.reset();
    lane.cancel_if([](const JobLane::Job& j) { return j.group == 2; });
    go_on.set_value();
    auto dropped_on = dropped_died.get_future(), ran_on = ran_died.get_future();
    ASSERT_EQ(dropped_on.wait_for(milliseconds(5000)), std::future_status::ready);
    ASSERT_EQ(ran_on.wait_for(milliseconds(5000)), std::future_status::ready);
    EXPECT_NE(dropped_on.get(), std::this_thread::get_id());
    EXPECT_NE(ran_on.get(), std::this_thread::get_id());
}

}  // namespace
}  // namespace glossfish
