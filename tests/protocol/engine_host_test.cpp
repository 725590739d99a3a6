// EngineHost against the scripted fake engine (fake_engine/fake_uci.cpp): handshake and
// option mirroring, programs that are not UCI engines, a child that dies or hangs during a
// search (the watchdog), a slow but healthy child, stop/ponderhit, and option replay after a
// restart. Deadlines follow the host's contract: death noticed within 1 s, a hang within
// ~1.5 s (ping after 150 ms of silence + 800 ms without readyok).
#include "host/engine_host.h"

#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "host/child_process.h"
#include "test_support.h"
#include "uci_process.h"

namespace glossfish {
namespace {

using Clock = std::chrono::steady_clock;
using Millis = std::chrono::milliseconds;
using testkit::read_lines;
using testkit::ScopedEnv;
using testkit::TempDir;

const char* const FakeEngine = GLOSSFISH_FAKE_ENGINE;

using testkit::since;

EngineHost::Config fake_config(Millis handshake_timeout = Millis(5000)) {
    EngineHost::Config c;
    c.path = FakeEngine;
    c.handshake_timeout = handshake_timeout;
    return c;
}

// Records what a search's callbacks receive, from whichever thread they run on.
class SearchRecorder {
public:
    SearchCallbacks callbacks() {
        SearchCallbacks cb;
        cb.on_info = [this](const SearchInfo& info) {
            std::lock_guard lock(mutex_);
            infos_.push_back(info);
        };
        cb.on_bestmove = [this](const BestMove& b) {
            std::lock_guard lock(mutex_);
            ++bestmoves_;
            best_ = b;
            ended_at_ = Clock::now();
            cv_.notify_all();
        };
        cb.on_failure = [this](const std::string& reason) {
            std::lock_guard lock(mutex_);
            ++failures_;
            failure_ = reason;
            ended_at_ = Clock::now();
            cv_.notify_all();
        };
        return cb;
    }
    // Waits until the search ended (bestmove or failure).
    bool wait_end(Millis timeout) {
        std::unique_lock lock(mutex_);
        return cv_.wait_for(lock, timeout, [&] { return bestmoves_ + failures_ > 0; });
    }
    std::optional<BestMove> best() {
        std::lock_guard lock(mutex_);
        return best_;
    }
    std::optional<std::string> failure() {
        std::lock_guard lock(mutex_);
        return failure_;
    }
    std::size_t info_count() {
        std::lock_guard lock(mutex_);
        return infos_.size();
    }
    int endings() {
        std::lock_guard lock(mutex_);
        return bestmoves_ + failures_;
    }
    Clock::time_point ended_at() {
        std::lock_guard lock(mutex_);
        return ended_at_;
    }

private:
    std::mutex mutex_;
    std::condition_variable cv_;
    std::vector<SearchInfo> infos_;
    std::optional<BestMove> best_;
    std::optional<std::string> failure_;
    int bestmoves_ = 0, failures_ = 0;
    Clock::time_point ended_at_{};
};

const OptionDecl* find_option(const std::vector<OptionDecl>& options, const std::string& name) {
    auto it = std::find_if(options.begin(), options.end(),
                           [&](const OptionDecl& o) { return o.name == name; });
    return it == options.end() ? nullptr : &*it;
}

// Reaped: no process table entry left.
bool process_gone(int pid) { return ::kill(pid, 0) != 0 && errno == ESRCH; }

// Not running any more: reaped, or a zombie waiting to be.
bool process_dead(int pid) {
    if (process_gone(pid)) return true;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string s((std::istreambuf_iterator<char>(stat)), {});
    auto close = s.rfind(')');
    return close != std::string::npos && close + 2 < s.size() && s[close + 2] == 'Z';
}

TEST(EngineHost, HandshakeMirrorsOptions) {
    ScopedEnv mode("FAKE_UCI_MODE", "normal");
    EngineHost host(fake_config());
    auto err = host.start();
    ASSERT_FALSE(err) << *err;
    EXPECT_TRUE(host.running());
    EXPECT_EQ(host.engine_name(), "FakeUci 1.0");

    std::vector<OptionDecl> options = host.options();
    EXPECT_EQ(options.size(), 7u);
    const OptionDecl* hash = find_option(options, "Hash");
    ASSERT_NE(hash, nullptr);
    EXPECT_EQ(hash->type, "spin");
    EXPECT_EQ(hash->default_value, "16");
    EXPECT_EQ(hash->min, 1);
    EXPECT_EQ(hash->max, 1024);
    const OptionDecl* best = find_option(options, "Best Move");  // a name with a space
    ASSERT_NE(best, nullptr);
    EXPECT_EQ(best->type, "string");
    EXPECT_EQ(best->default_value, "e2e4");
    const OptionDecl* button = find_option(options, "Clear Hash");
    ASSERT_NE(button, nullptr);
    EXPECT_EQ(button->type, "button");
    const OptionDecl* style = find_option(options, "Style");
    ASSERT_NE(style, nullptr);
    EXPECT_EQ(style->type, "combo");
    EXPECT_EQ(style->default_value, "Normal");
    EXPECT_EQ(style->vars, (std::vector<std::string>{"Solid", "Normal", "Risky"}));
    EXPECT_TRUE(host.sync(Millis(2000)));
}

TEST(EngineHost, SearchRelaysInfoAndBestmove) {
    ScopedEnv mode("FAKE_UCI_MODE", "normal");
    EngineHost host(fake_config());
    ASSERT_FALSE(host.start());
    SearchRecorder rec;
    ASSERT_TRUE(host.go("position startpos", "go depth 2", rec.callbacks()));
    ASSERT_TRUE(rec.wait_end(Millis(5000)));
    ASSERT_TRUE(rec.best());
    EXPECT_EQ(rec.best()->move, "e2e4");
    EXPECT_EQ(rec.info_count(), 2u);
    EXPECT_FALSE(rec.failure());
    EXPECT_TRUE(host.wait_search_end(Millis(1000)));
    EXPECT_FALSE(host.searching());
}

TEST(EngineHost, GoWithoutRunningChildReturnsFalse) {
    EngineHost host(fake_config());
    SearchRecorder rec;
    EXPECT_FALSE(host.go("position startpos", "go depth 1", rec.callbacks()));
    std::this_thread::sleep_for(Millis(100));
    EXPECT_EQ(rec.endings(), 0);
}

TEST(EngineHost, MissingBinaryIsAClearError) {
    EngineHost::Config c;
    c.path = "/nonexistent/dir/stockfish-missing";
    EngineHost host(c);
    auto t0 = Clock::now();
    auto err = host.start();
    ASSERT_TRUE(err);
    EXPECT_LT(since(t0), Millis(1000));
    EXPECT_NE(err->find("/nonexistent/dir/stockfish-missing"), std::string::npos) << *err;
    EXPECT_NE(err->find("cannot start the search engine"), std::string::npos) << *err;
    EXPECT_FALSE(host.running());
}

// /bin/cat echoes "uci" back and never says uciok: an error when the handshake times out.
TEST(EngineHost, CatIsNotAUciEngine) {
    EngineHost::Config c;
    c.path = "/bin/cat";
    c.handshake_timeout = Millis(500);
    EngineHost host(c);
    auto t0 = Clock::now();
    auto err = host.start();
    ASSERT_TRUE(err);
    EXPECT_GE(since(t0), Millis(450));
    EXPECT_LT(since(t0), Millis(3000));
    EXPECT_NE(err->find("did not answer 'uci' with 'uciok' within 500 ms"), std::string::npos)
        << *err;
    EXPECT_FALSE(host.running());
}

TEST(EngineHost, FakeWithoutUciokIsNotAUciEngine) {
    ScopedEnv mode("FAKE_UCI_MODE", "no-uciok");
    EngineHost host(fake_config(Millis(500)));
    auto t0 = Clock::now();
    auto err = host.start();
    ASSERT_TRUE(err);
    EXPECT_LT(since(t0), Millis(3000));
    EXPECT_NE(err->find("uciok"), std::string::npos) << *err;
    EXPECT_FALSE(host.running());
    SearchRecorder rec;
    EXPECT_FALSE(host.go("position startpos", "go depth 1", rec.callbacks()));
}

TEST(EngineHost, ProgramExitingAtOnceIsNotAUciEngine) {
    EngineHost::Config c;
    c.path = "/bin/true";
    EngineHost host(c);
    auto t0 = Clock::now();
    auto err = host.start();
    ASSERT_TRUE(err);
    EXPECT_LT(since(t0), Millis(2000));  // noticed at exit, not at the 5 s handshake timeout
    EXPECT_NE(err->find("exited during the UCI handshake"), std::string::npos) << *err;
}

TEST(EngineHost, DeathMidSearchFiresOnFailureWithin1s) {
    ScopedEnv mode("FAKE_UCI_MODE", "exit-on-go");
    EngineHost host(fake_config());
    ASSERT_FALSE(host.start());
    SearchRecorder rec;
    auto t0 = Clock::now();
    ASSERT_TRUE(host.go("position startpos", "go depth 5", rec.callbacks()));
    ASSERT_TRUE(rec.wait_end(Millis(3000))) << "no on_failure after the child died";
    EXPECT_LT(rec.ended_at() - t0, Millis(1000));
    ASSERT_TRUE(rec.failure());
    EXPECT_NE(rec.failure()->find("exited"), std::string::npos) << *rec.failure();
    EXPECT_FALSE(rec.best());
    std::this_thread::sleep_for(Millis(100));
    EXPECT_EQ(rec.endings(), 1);
    EXPECT_FALSE(host.running());
    EXPECT_FALSE(host.searching());
}

TEST(EngineHost, HangMidSearchFiresOnFailureWithin1500ms) {
    ScopedEnv mode("FAKE_UCI_MODE", "hang-on-go");
    EngineHost host(fake_config());
    ASSERT_FALSE(host.start());
    int pid = host.child_pid();
    SearchRecorder rec;
    auto t0 = Clock::now();
    ASSERT_TRUE(host.go("position startpos", "go depth 5", rec.callbacks()));
    ASSERT_TRUE(rec.wait_end(Millis(5000))) << "the watchdog did not notice the hang";
    EXPECT_LT(rec.ended_at() - t0, Millis(1500));
    ASSERT_TRUE(rec.failure());
    EXPECT_NE(rec.failure()->find("stopped answering"), std::string::npos) << *rec.failure();
    EXPECT_FALSE(rec.best());
    // The hung child was killed (KilledChildIsReaped checks that it is also reaped).
    auto deadline = Clock::now() + Millis(2000);
    while (!process_dead(pid) && Clock::now() < deadline) std::this_thread::sleep_for(Millis(10));
    EXPECT_TRUE(process_dead(pid)) << "hung child " << pid << " still runs";
    EXPECT_EQ(rec.endings(), 1);
}

// A child that takes 1.5 s for its bestmove but answers isready meanwhile is healthy.
TEST(EngineHost, SlowBestmoveIsNotAHang) {
    ScopedEnv mode("FAKE_UCI_MODE", "slow");
    ScopedEnv delay("FAKE_UCI_DELAY_MS", "1500");
    EngineHost host(fake_config());
    ASSERT_FALSE(host.start());
    SearchRecorder rec;
    auto t0 = Clock::now();
    ASSERT_TRUE(host.go("position startpos", "go depth 5", rec.callbacks()));
    ASSERT_TRUE(rec.wait_end(Millis(8000)));
    EXPECT_FALSE(rec.failure()) << *rec.failure();
    ASSERT_TRUE(rec.best());
    EXPECT_EQ(rec.best()->move, "e2e4");
    EXPECT_GE(rec.ended_at() - t0, Millis(1400));
    EXPECT_TRUE(host.running());
}

TEST(EngineHost, StopEndsInfiniteSearch) {
    ScopedEnv mode("FAKE_UCI_MODE", "normal");
    EngineHost host(fake_config());
    ASSERT_FALSE(host.start());
    SearchRecorder rec;
    ASSERT_TRUE(host.go("position startpos", "go infinite", rec.callbacks()));
    // Silent for longer than ping_after + hang_timeout: the pings keep it alive.
    std::this_thread::sleep_for(Millis(1200));
    EXPECT_EQ(rec.endings(), 0) << "an infinite search ended by itself: "
                                << rec.failure().value_or("bestmove");
    EXPECT_TRUE(host.searching());
    host.stop();
    ASSERT_TRUE(rec.wait_end(Millis(2000)));
    ASSERT_TRUE(rec.best());
    EXPECT_EQ(rec.best()->move, "e2e4");
}

TEST(EngineHost, PonderhitEndsPonderSearch) {
    ScopedEnv mode("FAKE_UCI_MODE", "normal");
    EngineHost host(fake_config());
    ASSERT_FALSE(host.start());
    SearchRecorder rec;
    ASSERT_TRUE(host.go("position startpos moves e2e4 e7e5", "go ponder wtime 1000 btime 1000",
                        rec.callbacks()));
    std::this_thread::sleep_for(Millis(300));
    EXPECT_EQ(rec.endings(), 0);
    host.ponderhit();
    ASSERT_TRUE(rec.wait_end(Millis(2000)));
    EXPECT_TRUE(rec.best());
}

// wait_search_end is what the front end uses before it starts the next search: when it
// returns, the finished search's bestmove must have been delivered, or the front end drops it
// (see the protocol test StopThenGoAtOnceKeepsEveryBestmove).
TEST(EngineHost, WaitSearchEndReturnsAfterBestmoveDelivered) {
    ScopedEnv mode("FAKE_UCI_MODE", "normal");
    EngineHost host(fake_config());
    ASSERT_FALSE(host.start());
    std::atomic<bool> delivered{false};
    SearchCallbacks cb;
    cb.on_bestmove = [&](const BestMove&) {
        std::this_thread::sleep_for(Millis(200));  // a front end busy writing its output
        delivered = true;
    };
    ASSERT_TRUE(host.go("position startpos", "go infinite", cb));
    std::this_thread::sleep_for(Millis(50));
    host.stop();
    ASSERT_TRUE(host.wait_search_end(Millis(3000)));
    EXPECT_TRUE(delivered) << "wait_search_end returned before on_bestmove finished";
    std::this_thread::sleep_for(Millis(300));
    EXPECT_TRUE(delivered);
}

TEST(EngineHost, RestartReplaysSetOptions) {
    TempDir dir;
    std::string log = dir.file("fake input.log");
    ScopedEnv mode("FAKE_UCI_MODE", "normal");
    ScopedEnv log_env("FAKE_UCI_LOG", log);
    EngineHost host(fake_config());
    host.set_option("Hash", "32");  // before start: remembered, sent at start
    ASSERT_FALSE(host.start());
    host.set_option("Best Move", "g1f3");
    host.set_option("Best Move", "d2d4");  // the newest value wins
    host.set_option("clear hash", "");     // a button: pressed once, never replayed
    ASSERT_TRUE(host.sync(Millis(2000)));
    int first_pid = host.child_pid();

    host.kill();
    EXPECT_FALSE(host.running());
    ASSERT_FALSE(host.start());
    EXPECT_NE(host.child_pid(), first_pid);
    SearchRecorder rec;
    ASSERT_TRUE(host.go("position startpos", "go depth 1", rec.callbacks()));
    ASSERT_TRUE(rec.wait_end(Millis(3000)));
    ASSERT_TRUE(rec.best());
    EXPECT_EQ(rec.best()->move, "d2d4");

    // What the second child received before its first go.
    std::vector<std::string> lines = read_lines(log);
    auto second_uci =
        std::find(std::next(std::find(lines.begin(), lines.end(), "uci")), lines.end(), "uci");
    ASSERT_NE(second_uci, lines.end()) << "the log shows one child only";
    std::vector<std::string> replayed;
    for (auto it = second_uci; it != lines.end() && it->rfind("go", 0) != 0; ++it)
        if (it->rfind("setoption", 0) == 0) replayed.push_back(*it);
    EXPECT_EQ(replayed, (std::vector<std::string>{"setoption name Hash value 32",
                                                  "setoption name Best Move value d2d4"}));
    EXPECT_EQ(std::count(lines.begin(), lines.end(), "setoption name clear hash"), 1);
}

TEST(EngineHost, PathWithSpaces) {
    TempDir dir;  // "/tmp/glossfish test XXXXXX"
    std::string fake = dir.file("fake engine");
    std::filesystem::create_symlink(FakeEngine, fake);
    ScopedEnv mode("FAKE_UCI_MODE", "normal");
    EngineHost::Config c;
    c.path = fake;
    EngineHost host(c);
    auto err = host.start();
    EXPECT_FALSE(err) << *err;
    EXPECT_EQ(host.engine_name(), "FakeUci 1.0");
}

// The child dies while idle and the next write to it fails; restarting (and destroying) the
// host afterwards must work. Run in a child process (a death test) so that an abort fails
// this test only.
TEST(EngineHost, RestartAfterWriteToDeadChild) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(
        {
            {
                ScopedEnv mode("FAKE_UCI_MODE", "normal");
                EngineHost host(fake_config());
                if (host.start()) std::_Exit(2);
                ::kill(host.child_pid(), SIGKILL);
                auto deadline = Clock::now() + Millis(3000);
                while (host.running() && Clock::now() < deadline)
                    std::this_thread::sleep_for(Millis(5));
                host.set_option("Hash", "32");  // written to the dead child: fails
                if (auto err = host.start()) {
                    std::fprintf(stderr, "restart failed: %s\n", err->c_str());
                    std::_Exit(3);
                }
                if (!host.sync(Millis(2000))) std::_Exit(4);
                host.kill();
                host.set_option("Hash", "64");  // and once more before the destructor
            }
            std::exit(0);
        },
        ::testing::ExitedWithCode(0), "");
}

// kill() leaves no zombie behind: a long session restarts its child many times.
TEST(EngineHost, KilledChildIsReaped) {
    ScopedEnv mode("FAKE_UCI_MODE", "normal");
    EngineHost host(fake_config());
    for (int i = 0; i < 3; ++i) {
        ASSERT_FALSE(host.start());
        int pid = host.child_pid();
        host.kill();
        auto deadline = Clock::now() + Millis(1000);
        while (!process_gone(pid) && Clock::now() < deadline)
            std::this_thread::sleep_for(Millis(10));
        EXPECT_TRUE(process_gone(pid))
            << "child " << pid << " left as a zombie (round " << i << ")";
    }
}

// kill() on another thread (as the watchdog kills a hung child) while start() and quit() run
// on this one, and writes from a third: the three take turns (two threads never join one
// reader, a kill never meets a half-started child) and every child is reaped. The tsan build
// checks that nothing races.
TEST(EngineHost, ChildKilledFromAnotherThreadDuringStartAndQuit) {
    ScopedEnv mode("FAKE_UCI_MODE", "normal");
    ChildProcess child;
    std::atomic<bool> done{false};
    std::atomic<int> lines{0};
    std::thread killer([&] {
        while (!done) {
            child.kill();
            std::this_thread::sleep_for(Millis(2));
        }
    });
    std::thread writer([&] {
        while (!done) {
            child.write_line("isready");
            std::this_thread::sleep_for(Millis(1));
        }
    });
    std::vector<int> pids;
    for (int i = 0; i < 20; ++i) {
        auto err = child.start(
            FakeEngine, {}, [&](std::string_view) { ++lines; }, [] {});
        if (err) {
            ADD_FAILURE() << *err;
            break;
        }
        if (int pid = child.pid(); pid > 0) pids.push_back(pid);
        child.write_line("uci");
        std::this_thread::sleep_for(Millis(i % 3));
        child.quit(20);
    }
    done = true;
    killer.join();
    writer.join();
    for (int pid : pids) {
        auto deadline = Clock::now() + Millis(1000);
        while (!process_gone(pid) && Clock::now() < deadline)
            std::this_thread::sleep_for(Millis(10));
        EXPECT_TRUE(process_gone(pid)) << "child " << pid << " left behind";
    }
}

TEST(EngineHost, SyncFailsFastOnDeadChild) {
    ScopedEnv mode("FAKE_UCI_MODE", "normal");
    EngineHost host(fake_config());
    ASSERT_FALSE(host.start());
    EXPECT_TRUE(host.sync(Millis(2000)));
    host.kill();
    auto t0 = Clock::now();
    EXPECT_FALSE(host.sync(Millis(3000)));
    EXPECT_LT(since(t0), Millis(1000));
}

}  // namespace
}  // namespace glossfish
