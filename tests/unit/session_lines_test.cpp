// The MultiPV lines (glossfish.lines) are labelled on a worker, not on the thread that reads
// Stockfish and not under the Session's lock: while a line's reasons are being made (held here
// by a provider whose explain_board waits at a gate), the Session answers at once, `stop` gets
// its bestmove at once, and a new position drops the old search's lines. In analysis every set
// of lines comes before the search's bestmove, the last depth's set included, and none after.
// Real Stockfish (the GUI's search); no analysis pool search is made (the positions have no
// last move, so no label is started).
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "session/session.h"

namespace glossfish {
namespace {

using namespace std::chrono_literals;

// A gate explain_board waits at until the test opens it; it counts the calls that reached it.
struct Gate {
    std::mutex mutex;
    std::condition_variable cv;
    bool open = false;
    int entered = 0;

    void pass() {
        std::unique_lock lock(mutex);
        ++entered;
        cv.notify_all();
        cv.wait(lock, [&] { return open; });
    }
    bool wait_entered(std::chrono::seconds timeout) {
        std::unique_lock lock(mutex);
        return cv.wait_for(lock, timeout, [&] { return entered > 0; });
    }
    void let_go() {
        std::lock_guard lock(mutex);
        open = true;
        cv.notify_all();
    }
};

class GatedProvider : public ProductProvider {
public:
    explicit GatedProvider(Gate& gate) : gate_(gate) {}
    Product tool(const std::string&, const std::string&, const CancelToken&) override {
        return {ProductKind::Error, {{"code", "no_verifier"}}};
    }
    Product verify(const Position&, std::optional<Move>, const std::string&, bool,
                   const CancelToken&) override {
        return {ProductKind::Error, {{"code", "no_verifier"}}};
    }
    std::optional<std::string> comment_unavailable() override { return "no model"; }
    Product comment(const Position&, Move, const CancelToken&) override {
        return {ProductKind::Error, {{"code", "no_verifier"}}};
    }
    void explain_board(MoveLabel& label) override {
        gate_.pass();
        label.reasons.push_back(Reason{});
        label.reasons.back().text = "gated";
    }

private:
    Gate& gate_;
};

// The session's events in order, and a wait for a bestmove.
struct Events {
    std::mutex mutex;
    std::condition_variable cv;
    std::vector<SessionEvent> all;

    void add(const SessionEvent& e) {
        std::lock_guard lock(mutex);
        all.push_back(e);
        cv.notify_all();
    }
    std::size_t size() {
        std::lock_guard lock(mutex);
        return all.size();
    }
    bool wait_bestmove(std::chrono::seconds timeout) {
        std::unique_lock lock(mutex);
        return cv.wait_for(lock, timeout, [&] {
            for (const auto& e : all)
                if (std::holds_alternative<BestMove>(e)) return true;
            return false;
        });
    }
    std::vector<SessionEvent> copy() {
        std::lock_guard lock(mutex);
        return all;
    }
};

bool is_lines(const SessionEvent& e) {
    const auto* p = std::get_if<Product>(&e);
    return p && p->kind == ProductKind::Lines;
}

// The index of the first bestmove, or the number of events.
std::size_t bestmove_index(const std::vector<SessionEvent>& events) {
    for (std::size_t i = 0; i < events.size(); ++i)
        if (std::holds_alternative<BestMove>(events[i])) return i;
    return events.size();
}

class SessionLines : public ::testing::Test {
protected:
    SessionLines()
        : session_([this](const SessionEvent& e) { events_.add(e); },
                   [this](const Settings&, Analyzer&) {
                       return std::make_unique<GatedProvider>(gate_);
                   }) {}

    void SetUp() override {
        ASSERT_TRUE(session_.start_engine()) << "no Stockfish to search with";
        ASSERT_FALSE(session_.set_option("UCI_AnalyseMode", "true", true));
        ASSERT_FALSE(session_.set_option("MultiPV", "3", true));
        ASSERT_FALSE(session_.set_option("Threads", "1", true));
        PositionCommand start;
        start.fen = StartFen;
        ASSERT_FALSE(session_.set_position(start));
    }
    void TearDown() override { gate_.let_go(); }

    // A Session call made on another thread answers within a second: the Session's lock is not
    // held while explain_board waits.
    template <class Call>
    void answers_at_once(Call call, const char* what) {
        auto answer = std::async(std::launch::async, call);
        EXPECT_EQ(answer.wait_for(1s), std::future_status::ready)
            << what << " waited for the lines' reasons";
        answer.wait();
    }

    Gate gate_;
    Events events_;
    Session session_;
};

TEST_F(SessionLines, EveryDepthsLinesComeBeforeTheBestmoveThatWaitsForTheLast) {
    GoParams go;
    go.depth = 8;
    ASSERT_FALSE(session_.go(go));
    ASSERT_TRUE(gate_.wait_entered(30s)) << "no line was explained";
    answers_at_once([&] { return session_.searching(); }, "searching()");
    // Stockfish ends a depth-8 search in milliseconds; the lines being explained hold the
    // bestmove (analysis) for as long as the gate is closed.
    std::this_thread::sleep_for(300ms);
    const std::vector<SessionEvent> held = events_.copy();
    EXPECT_EQ(bestmove_index(held), held.size()) << "bestmove before its lines";
    gate_.let_go();
    ASSERT_TRUE(events_.wait_bestmove(30s));
    std::this_thread::sleep_for(300ms);  // nothing may follow the bestmove

    const std::vector<SessionEvent> events = events_.copy();
    const std::size_t best = bestmove_index(events);
    int last_depth = 0, sets = 0;
    for (std::size_t i = 0; i < events.size(); ++i) {
        if (!is_lines(events[i])) continue;
        EXPECT_LT(i, best) << "glossfish.lines after the bestmove";
        const nlohmann::ordered_json& j = std::get<Product>(events[i]).json;
        const int depth = j.value("depth", 0);
        EXPECT_GT(depth, last_depth) << "lines out of order: " << j.dump();
        last_depth = depth;
        ++sets;
        ASSERT_EQ(j["lines"].size(), 3u) << j.dump();
        for (const auto& line : j["lines"]) {
            ASSERT_EQ(line["reasons"].size(), 1u) << j.dump();
            EXPECT_EQ(line["reasons"][0].value("text", ""), "gated") << j.dump();
        }
    }
    EXPECT_GE(sets, 1);
    EXPECT_EQ(last_depth, 8) << "the search's last set of lines was not printed";
    EXPECT_EQ(best + 1, events.size()) << "events after the bestmove";
}

TEST_F(SessionLines, StopGetsItsBestmoveWhileLinesAreExplainedAndDropsThem) {
    GoParams go;
    go.infinite = true;
    ASSERT_FALSE(session_.go(go));
    ASSERT_TRUE(gate_.wait_entered(30s)) << "no line was explained";
    answers_at_once([&] { session_.stop(); }, "stop()");
    // The gate is still closed: the bestmove does not wait for the lines after stop.
    ASSERT_TRUE(events_.wait_bestmove(10s)) << "stop got no bestmove while lines were explained";
    const std::size_t at_bestmove = events_.size();
    gate_.let_go();
    std::this_thread::sleep_for(500ms);
    const std::vector<SessionEvent> events = events_.copy();
    const std::size_t best = bestmove_index(events);
    EXPECT_EQ(best + 1, at_bestmove);
    for (std::size_t i = best; i < events.size(); ++i)
        EXPECT_FALSE(is_lines(events[i])) << "glossfish.lines after the bestmove";
    EXPECT_EQ(events.size(), at_bestmove) << "events after the bestmove";
}

TEST_F(SessionLines, ANewPositionDropsTheOldSearchsLines) {
    GoParams go;
    go.infinite = true;
    ASSERT_FALSE(session_.go(go));
    ASSERT_TRUE(gate_.wait_entered(30s)) << "no line was explained";
    // Not one move from the start position (it is not taken as a move to label).
    PositionCommand other;
    other.fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    answers_at_once([&] { return session_.set_position(other); }, "set_position()");
    const std::size_t at_position = events_.size();
    gate_.let_go();
    std::this_thread::sleep_for(500ms);  // the old search goes on: its lines are not printed
    session_.stop();
    ASSERT_TRUE(events_.wait_bestmove(10s));
    const std::vector<SessionEvent> events = events_.copy();
    for (std::size_t i = at_position; i < events.size(); ++i)
        EXPECT_FALSE(is_lines(events[i])) << "glossfish.lines of the old position after the new";
}

}  // namespace
}  // namespace glossfish
