// Hostile environments for the hosted engine, against the real Stockfish:
//  - Stockfish behind a wrapper script (#!/bin/sh without exec; a script that floods
//    its output; a script whose grandchild, the real Stockfish, gets SIGSTOP; a grandchild that
//    escapes the process group): isready/stop/quit answer within bounded times, and no process
//    of the child's group survives kill()/quit;
//  - a replayed option that kills the child (Debug Log File in a missing directory) is
//    dropped with an option_dropped warning, the engine comes back with all its options and
//    searches;
//  - Stockfish Path set to a directory (or a file that cannot run) leaves no zombie
//    per go, reports engine_start once per attempt, and every go still answers a legal move.
// Bounds are generous (the machine is shared): the host's own limits are 150 ms + 800 ms for a
// hang, 2 s for a write, 0.5 s for the drain after a kill.
#include <dirent.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "host/engine_host.h"
#include "rules/notation.h"
#include "rules/position.h"
#include "test_support.h"
#include "uci_process.h"

namespace glossfish {
namespace {

using Clock = std::chrono::steady_clock;
using Millis = std::chrono::milliseconds;
using testkit::contains;
using testkit::line_is;
using testkit::starts_with;
using testkit::TempDir;
using testkit::UciProcess;

using testkit::since;

std::string stockfish() { return resolve_stockfish_path(""); }

// Fields of /proc/PID/stat after the command name: state, ppid, pgrp, ...
struct ProcStat {
    char state = '?';
    int ppid = 0, pgrp = 0;
};
std::optional<ProcStat> proc_stat(int pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string s((std::istreambuf_iterator<char>(in)), {});
    const auto close = s.rfind(')');
    if (close == std::string::npos) return std::nullopt;
    ProcStat st;
    std::istringstream rest(s.substr(close + 2));
    rest >> st.state >> st.ppid >> st.pgrp;
    return st;
}

std::vector<int> all_pids() {
    std::vector<int> out;
    if (DIR* d = ::opendir("/proc")) {
        while (dirent* e = ::readdir(d))
            if (std::all_of(e->d_name, e->d_name + std::strlen(e->d_name), ::isdigit))
                out.push_back(std::atoi(e->d_name));
        ::closedir(d);
    }
    return out;
}

// Processes of group pgid that still run (zombies waiting for a reaper do not count).
std::vector<int> live_members(int pgid) {
    std::vector<int> out;
    for (int pid : all_pids())
        if (auto st = proc_stat(pid); st && st->pgrp == pgid && st->state != 'Z')
            out.push_back(pid);
    return out;
}

// Waits until no process of the group runs; returns the survivors at the deadline.
std::vector<int> wait_group_gone(int pgid, Millis timeout) {
    const auto deadline = Clock::now() + timeout;
    std::vector<int> left = live_members(pgid);
    while (!left.empty() && Clock::now() < deadline) {
        std::this_thread::sleep_for(Millis(20));
        left = live_members(pgid);
    }
    return left;
}

// Children of pid that are zombies.
int zombie_children(int pid) {
    int n = 0;
    for (int p : all_pids())
        if (auto st = proc_stat(p); st && st->ppid == pid && st->state == 'Z') ++n;
    return n;
}

// A shell script at path (made executable).
void write_script(const std::string& path, const std::string& body) {
    std::ofstream(path) << "#!/bin/sh\n" << body;
    ::chmod(path.c_str(), 0755);
}

// Waits until the file holds a number (a pid the script wrote); 0 on timeout.
int read_pid_file(const std::string& path, Millis timeout) {
    const auto deadline = Clock::now() + timeout;
    while (Clock::now() < deadline) {
        std::ifstream in(path);
        int pid = 0;
        if (in >> pid && pid > 0) return pid;
        std::this_thread::sleep_for(Millis(10));
    }
    return 0;
}

std::string q(const std::string& s) { return "'" + s + "'"; }

// The wrappers of the issue. This one runs Stockfish as its child (no exec) and writes the
// real Stockfish's pid to `pidfile`. (A background job's stdin is /dev/null unless redirected
// from a saved descriptor, hence fd 3.)
std::string no_exec_wrapper(const std::string& pidfile) {
    return "exec 3<&0\n" + stockfish() + " <&3 3<&- &\necho $! > " + q(pidfile) + "\nwait\n";
}
std::string flooding_wrapper() {
    return "(while :; do echo 'info string flood flood flood flood flood flood'; done) &\n" +
           stockfish() + "\n";
}

class SearchEnd {
public:
    SearchCallbacks callbacks() {
        SearchCallbacks cb;
        cb.on_bestmove = [this](const BestMove& b) { done("bestmove " + b.move); };
        cb.on_failure = [this](const std::string& reason) { done("failure " + reason); };
        return cb;
    }
    std::optional<std::string> wait(Millis timeout) {
        std::unique_lock lock(mutex_);
        if (!cv_.wait_for(lock, timeout, [&] { return ended_.has_value(); })) return std::nullopt;
        return ended_;
    }

private:
    void done(std::string what) {
        std::lock_guard lock(mutex_);
        if (!ended_) ended_ = std::move(what);
        cv_.notify_all();
    }
    std::mutex mutex_;
    std::condition_variable cv_;
    std::optional<std::string> ended_;
};

// An EngineHost started on the no-exec wrapper: its group and the real Stockfish's pid.
struct Wrapped {
    TempDir dir;
    std::unique_ptr<EngineHost> host;
    int group = 0, sf = 0;
};
void start_wrapped(Wrapped& w) {
    const std::string script = w.dir.file("sf wrapper.sh"), pidfile = w.dir.file("sf.pid");
    write_script(script, no_exec_wrapper(pidfile));
    EngineHost::Config c;
    c.path = script;
    w.host = std::make_unique<EngineHost>(c);
    auto err = w.host->start();
    ASSERT_FALSE(err) << *err;
    w.group = w.host->child_pid();
    w.sf = read_pid_file(pidfile, Millis(3000));
    ASSERT_GT(w.sf, 0);
}

// ---- EngineHost over wrapper scripts ----

TEST(WrapperEngine, ShellWithoutExecIsKilledWithItsChild) {
    Wrapped w;
    ASSERT_NO_FATAL_FAILURE(start_wrapped(w));
    EngineHost& host = *w.host;
    const int group = w.group, sf = w.sf;
    ASSERT_TRUE(proc_stat(sf));
    EXPECT_EQ(proc_stat(sf)->pgrp, group);  // the real engine is in the wrapper's group
    SearchEnd end;
    ASSERT_TRUE(host.go("position startpos", "go depth 6", end.callbacks()));
    auto r = end.wait(Millis(10000));
    ASSERT_TRUE(r);
    EXPECT_EQ(r->rfind("bestmove ", 0), 0u) << *r;
    const auto t0 = Clock::now();
    host.kill();
    EXPECT_LT(since(t0), Millis(3000));
    EXPECT_EQ(wait_group_gone(group, Millis(2000)), std::vector<int>{});
}

TEST(WrapperEngine, StoppedGrandchildIsNoticedKilledAndRestarted) {
    Wrapped w;
    ASSERT_NO_FATAL_FAILURE(start_wrapped(w));
    EngineHost& host = *w.host;
    const int group = w.group, sf = w.sf;
    SearchEnd end;
    ASSERT_TRUE(host.go("position startpos", "go infinite", end.callbacks()));
    std::this_thread::sleep_for(Millis(300));
    ASSERT_EQ(::kill(sf, SIGSTOP), 0);
    const auto t0 = Clock::now();
    auto r = end.wait(Millis(6000));  // the watchdog: silence, an unanswered isready, the kill
    ASSERT_TRUE(r) << "no end of the search after the engine was stopped";
    EXPECT_EQ(r->rfind("failure ", 0), 0u) << *r;
    EXPECT_LT(since(t0), Millis(6000));
    EXPECT_EQ(wait_group_gone(group, Millis(2000)), std::vector<int>{});
    // stop, a sync and quit on the dead child answer at once.
    auto t1 = Clock::now();
    host.stop();
    EXPECT_FALSE(host.sync(Millis(500)));
    EXPECT_LT(since(t1), Millis(1500));
    // And the engine comes back.
    ASSERT_FALSE(host.start());
    EXPECT_TRUE(host.sync(Millis(3000)));
    const int group2 = host.child_pid();
    auto t2 = Clock::now();
    host.quit();
    EXPECT_LT(since(t2), Millis(3000));
    EXPECT_EQ(wait_group_gone(group2, Millis(2000)), std::vector<int>{});
}

TEST(WrapperEngine, FloodingWrapperStillSearchesAndQuits) {
    TempDir dir;
    const std::string script = dir.file("flood.sh");
    write_script(script, flooding_wrapper());
    EngineHost::Config c;
    c.path = script;
    EngineHost host(c);
    auto err = host.start();
    ASSERT_FALSE(err) << *err;
    const int group = host.child_pid();
    EXPECT_TRUE(host.sync(Millis(3000)));
    SearchEnd end;
    ASSERT_TRUE(host.go("position startpos", "go depth 8", end.callbacks()));
    auto r = end.wait(Millis(15000));
    ASSERT_TRUE(r);
    EXPECT_EQ(r->rfind("bestmove ", 0), 0u) << *r;
    const auto t0 = Clock::now();
    host.quit();  // Stockfish quits, the flooding loop does not: the group kill ends it
    EXPECT_LT(since(t0), Millis(3000));
    EXPECT_EQ(wait_group_gone(group, Millis(2000)), std::vector<int>{});
}

// A grandchild that leaves the group (setsid) and keeps the output pipe open cannot be
// killed with the group, but it does not keep kill() waiting: the reader is stopped after
// the drain timeout.
TEST(WrapperEngine, EscapedGrandchildDoesNotBlockKill) {
    TempDir dir;
    const std::string script = dir.file("escape.sh"), escaper = dir.file("escaper.sh"),
                      pidfile = dir.file("escaped.pid");
    write_script(escaper, "echo $$ > " + q(pidfile) + "\nexec sleep 60\n");
    write_script(script, "setsid " + q(escaper) + " &\nexec " + stockfish() + "\n");
    EngineHost::Config c;
    c.path = script;
    EngineHost host(c);
    ASSERT_FALSE(host.start());
    const int escaped = read_pid_file(pidfile, Millis(3000));
    ASSERT_GT(escaped, 0);
    const auto t0 = Clock::now();
    host.kill();
    EXPECT_LT(since(t0), Millis(3000));
    EXPECT_FALSE(host.running());
    ::kill(escaped, SIGKILL);  // ours to clean up
}

// ---- wrapper scripts through the binary: a GUI's isready, stop and quit ----

TEST(WrapperEngine, UciKeepsAnsweringWithAStoppedEngine) {
    TempDir dir;
    const std::string script = dir.file("stopped.sh"), pidfile = dir.file("sf.pid");
    write_script(script, no_exec_wrapper(pidfile));
    UciProcess gf(GLOSSFISH_BIN);
    gf.send("setoption name Stockfish Path value " + script);
    gf.send("isready");
    ASSERT_TRUE(gf.expect(line_is("readyok"), Millis(10000))) << gf.transcript();
    gf.send("go infinite");
    const int sf = read_pid_file(pidfile, Millis(5000));
    ASSERT_GT(sf, 0);
    auto sf_stat = proc_stat(sf);
    ASSERT_TRUE(sf_stat);
    const int group = sf_stat->pgrp;
    std::this_thread::sleep_for(Millis(300));
    ASSERT_EQ(::kill(sf, SIGSTOP), 0);
    auto t0 = Clock::now();
    gf.send("isready");
    ASSERT_TRUE(gf.expect(line_is("readyok"), Millis(1000))) << gf.transcript();
    EXPECT_LT(since(t0), Millis(1000));
    gf.send("stop");
    auto best = gf.expect(starts_with("bestmove "), Millis(6000));
    ASSERT_TRUE(best) << gf.transcript();
    Position start;
    start.set(StartFen);
    EXPECT_TRUE(parse_uci(start, best->substr(9, best->find(' ', 9) - 9)).ok()) << *best;
    EXPECT_EQ(wait_group_gone(group, Millis(2000)), std::vector<int>{});
    gf.send("isready");
    EXPECT_TRUE(gf.expect(line_is("readyok"), Millis(1000))) << gf.transcript();
    auto t1 = Clock::now();
    gf.send("quit");
    EXPECT_EQ(gf.wait_exit(Millis(5000)), 0) << gf.transcript();
    EXPECT_LT(since(t1), Millis(5000));
}

TEST(WrapperEngine, UciQuitsWithAFloodingWrapper) {
    TempDir dir;
    const std::string script = dir.file("flood.sh");
    write_script(script, flooding_wrapper());
    UciProcess gf(GLOSSFISH_BIN);
    gf.send("setoption name Stockfish Path value " + script);
    gf.send("isready");
    ASSERT_TRUE(gf.expect(line_is("readyok"), Millis(10000))) << gf.stderr_text();
    gf.send("go infinite");
    std::this_thread::sleep_for(Millis(500));
    auto t0 = Clock::now();
    gf.send("isready");
    ASSERT_TRUE(gf.expect(line_is("readyok"), Millis(2000)));
    gf.send("stop");
    ASSERT_TRUE(gf.expect(starts_with("bestmove "), Millis(3000)));
    EXPECT_LT(since(t0), Millis(3000));
    // The flooding loop is a child of the wrapper: find its group before quitting.
    int group = 0;
    for (int pid : all_pids())
        if (auto st = proc_stat(pid); st && st->ppid == gf.pid()) group = st->pgrp;
    ASSERT_GT(group, 0);
    auto t1 = Clock::now();
    gf.send("quit");
    EXPECT_EQ(gf.wait_exit(Millis(5000)), 0);
    EXPECT_LT(since(t1), Millis(5000));
    EXPECT_EQ(wait_group_gone(group, Millis(2000)), std::vector<int>{});
}

// ---- a replayed option that kills the child ----

TEST(DroppedOption, BadDebugLogFileIsDroppedAndTheEngineComesBack) {
    EngineHost::Config c;
    c.path = stockfish();
    EngineHost host(c);
    ASSERT_FALSE(host.start());
    const std::size_t declared = host.options().size();
    ASSERT_GT(declared, 10u);  // Stockfish 15.1 declares 21
    host.set_option("Threads", "1");
    host.set_option("Debug Log File", "/nonexistent/dir/log.txt");  // Stockfish exits
    host.set_option("Hash", "32");
    host.kill();
    auto err = host.start();
    ASSERT_FALSE(err) << *err;
    std::vector<EngineWarning> warnings = host.take_warnings();
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0].code, "option_dropped");
    EXPECT_EQ(warnings[0].option, "Debug Log File");
    EXPECT_EQ(warnings[0].value, "/nonexistent/dir/log.txt");
    EXPECT_NE(warnings[0].message.find("exit"), std::string::npos) << warnings[0].message;
    using Opt = std::pair<std::string, std::string>;
    EXPECT_EQ(host.user_options(), (std::vector<Opt>{{"Threads", "1"}, {"Hash", "32"}}));
    EXPECT_EQ(host.options().size(), declared);
    SearchEnd end;
    ASSERT_TRUE(host.go("position startpos", "go depth 6", end.callbacks()));
    auto r = end.wait(Millis(10000));
    ASSERT_TRUE(r);
    EXPECT_EQ(r->rfind("bestmove ", 0), 0u) << *r;
    // A second restart has nothing left to drop.
    host.kill();
    ASSERT_FALSE(host.start());
    EXPECT_TRUE(host.take_warnings().empty());
}

TEST(DroppedOption, UciReportsTheDropAndSearchesAgain) {
    UciProcess gf(GLOSSFISH_BIN);
    gf.send("uci");
    auto first = gf.read_until(line_is("uciok"), Millis(10000));
    ASSERT_TRUE(first);
    const auto options = std::count_if(first->begin(), first->end(), [](const std::string& l) {
        return l.rfind("option ", 0) == 0;
    });
    gf.send("setoption name Debug Log File value /nonexistent/dir/log.txt");  // Stockfish exits
    gf.send("isready");
    ASSERT_TRUE(gf.expect(line_is("readyok"), Millis(5000)));
    // The first search may still meet the dead child (a legal fallback move, then a restart);
    // the restart drops the option and reports it; the next search is a real one.
    for (int round = 0; round < 2; ++round) {
        gf.send("position startpos moves e2e4");
        gf.send("go depth 8");
        ASSERT_TRUE(gf.expect(starts_with("bestmove "), Millis(20000))) << gf.transcript();
    }
    const std::vector<std::string> all = gf.lines();
    const auto dropped = std::find_if(all.begin(), all.end(), [](const std::string& l) {
        return l.rfind("info string glossfish.error ", 0) == 0 &&
               l.find("\"code\":\"option_dropped\"") != std::string::npos &&
               l.find("\"option\":\"Debug Log File\"") != std::string::npos &&
               l.find("\"value\":\"/nonexistent/dir/log.txt\"") != std::string::npos;
    });
    ASSERT_NE(dropped, all.end()) << gf.transcript();
    // The last bestmove comes from a search to depth 8 after the drop.
    const auto last_best = std::find_if(all.rbegin(), all.rend(), [](const std::string& l) {
                               return l.rfind("bestmove ", 0) == 0;
                           }).base();
    EXPECT_TRUE(std::any_of(dropped, last_best,
                            [](const std::string& l) { return l.rfind("info depth 8 ", 0) == 0; }))
        << "no depth-8 search after the drop\n"
        << gf.transcript();
    gf.send("uci");
    auto second = gf.read_until(line_is("uciok"), Millis(10000));
    ASSERT_TRUE(second);
    EXPECT_EQ(std::count_if(second->begin(), second->end(),
                            [](const std::string& l) { return l.rfind("option ", 0) == 0; }),
              options);
    EXPECT_TRUE(std::find(second->begin(), second->end(),
                          "option name Hash type spin default 16 min 1 max 33554432") !=
                second->end());
    gf.send("quit");
    EXPECT_EQ(gf.wait_exit(Millis(5000)), 0);
}

// ---- a Stockfish Path that cannot run ----

void bad_path_session(const std::string& path, int gos) {
    UciProcess gf(GLOSSFISH_BIN);
    gf.send("uci");
    ASSERT_TRUE(gf.expect(line_is("uciok"), Millis(10000)));
    gf.send("setoption name Stockfish Path value " + path);
    for (int i = 0; i < gos; ++i) gf.send("go depth 1");
    gf.send("isready");
    auto lines = gf.read_until(line_is("readyok"), Millis(60000));
    ASSERT_TRUE(lines) << gf.transcript();
    int bestmoves = 0, start_errors = 0, failed = 0;
    Position start;
    start.set(StartFen);
    for (const std::string& l : *lines) {
        if (l.rfind("bestmove ", 0) == 0) {
            ++bestmoves;
            EXPECT_TRUE(parse_uci(start, l.substr(9)).ok()) << l;
        }
        if (l.find("\"code\":\"engine_start\"") != std::string::npos) ++start_errors;
        if (l.find("\"code\":\"engine_failed\"") != std::string::npos) ++failed;
    }
    EXPECT_EQ(bestmoves, gos);
    EXPECT_EQ(start_errors, gos + 1);  // the setoption's attempt, then one per go
    EXPECT_EQ(failed, 0);
    std::this_thread::sleep_for(Millis(200));
    EXPECT_EQ(zombie_children(gf.pid()), 0);
    gf.send("quit");
    EXPECT_EQ(gf.wait_exit(Millis(5000)), 0);
}

TEST(BadEnginePath, DirectoryLeavesNoZombies) { bad_path_session("/tmp", 100); }

TEST(BadEnginePath, ScriptWithMissingInterpreterLeavesNoZombies) {
    TempDir dir;
    const std::string script = dir.file("broken.sh");
    std::ofstream(script) << "#!/nonexistent/interpreter\n";
    ::chmod(script.c_str(), 0755);
    bad_path_session(script, 30);
}

TEST(BadEnginePath, NonExecutableFileIsAClearError) {
    TempDir dir;
    const std::string file = dir.file("plain.txt");
    std::ofstream(file) << "not a program\n";
    EngineHost::Config c;
    c.path = file;
    EngineHost host(c);
    auto err = host.start();
    ASSERT_TRUE(err);
    EXPECT_EQ(*err, "cannot start the search engine: '" + file + "' is not executable");
    c.path = dir.path().string();
    EngineHost host2(c);
    err = host2.start();
    ASSERT_TRUE(err);
    EXPECT_EQ(*err, "cannot start the search engine: '" + dir.path().string() +
                        "' is a directory, not a program");
}

}  // namespace
}  // namespace glossfish
