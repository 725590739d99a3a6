// What the UCI benchmarks share: UciPeer, a UCI program (glossfish or Stockfish) driven over
// pipes whose output lines are queued with their arrival times (every wait has a deadline); the
// positions of the search-speed runs; node counts and CPU seconds.
#pragma once

#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <iterator>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "host/child_process.h"

namespace glossfish::bench {

using Clock = std::chrono::steady_clock;

class UciPeer {
public:
    struct Line {
        std::string text;
        Clock::time_point at;
    };

    // Starts path; exits the benchmark (status 1) when it cannot.
    explicit UciPeer(const std::string& path) {
        auto err = proc_.start(
            path, {},
            [this](std::string_view line) {
                std::lock_guard lock(m_);
                for (auto& [prefix, n] : watched_)
                    if (line.substr(0, prefix.size()) == prefix) ++n;
                lines_.push_back({std::string(line), Clock::now()});
                cv_.notify_all();
            },
            [this] {
                std::lock_guard lock(m_);
                closed_ = true;
                cv_.notify_all();
            });
        if (err) {
            std::fprintf(stderr, "cannot start %s: %s\n", path.c_str(), err->c_str());
            std::exit(1);
        }
    }
    ~UciPeer() { proc_.quit(500); }
    UciPeer(const UciPeer&) = delete;
    UciPeer& operator=(const UciPeer&) = delete;

    void send(const std::string& line) { proc_.write_line(line); }

    // The first line starting with prefix before the deadline, with its arrival time; the lines
    // before it are dropped (the last `info depth` line among them is kept: last_info()).
    std::optional<Line> wait_for(const std::string& prefix, Clock::time_point deadline) {
        std::unique_lock lock(m_);
        for (;;) {
            while (!lines_.empty()) {
                Line l = std::move(lines_.front());
                lines_.pop_front();
                if (l.text.rfind(prefix, 0) == 0) return l;
                if (l.text.rfind("info depth", 0) == 0) last_info_ = l.text;
            }
            if (closed_ || cv_.wait_until(lock, deadline) == std::cv_status::timeout)
                return std::nullopt;
        }
    }

    // Like wait_for with a timeout, but a line that does not come ends the benchmark.
    std::string expect(const std::string& prefix,
                       std::chrono::milliseconds timeout = std::chrono::seconds(60)) {
        auto l = wait_for(prefix, Clock::now() + timeout);
        if (!l) {
            std::fprintf(stderr, "timed out waiting for '%s'\n", prefix.c_str());
            std::exit(1);
        }
        return l->text;
    }

    // Counts the lines that start with prefix from now on (seen()), whether waited for or not.
    void watch(const std::string& prefix) {
        std::lock_guard lock(m_);
        watched_.emplace_back(prefix, 0);
    }
    std::size_t seen(const std::string& prefix) {
        std::lock_guard lock(m_);
        for (const auto& [p, n] : watched_)
            if (p == prefix) return n;
        return 0;
    }

    std::string last_info() {
        std::lock_guard lock(m_);
        return last_info_;
    }
    int pid() const { return proc_.pid(); }

private:
    ChildProcess proc_;
    std::mutex m_;
    std::condition_variable cv_;
    std::deque<Line> lines_;
    std::string last_info_;
    std::vector<std::pair<std::string, std::size_t>> watched_;
    bool closed_ = false;
};

// The fixed positions of the search-speed benchmarks (uci, live).
inline const char* const Positions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
};

// The node count of an `info` line, 0 when it has none.
inline std::uint64_t nodes_of(const std::string& info) {
    auto p = info.find(" nodes ");
    return p == std::string::npos ? 0 : std::strtoull(info.c_str() + p + 7, nullptr, 10);
}

// CPU seconds (user + system) of one process, not its children, from /proc/<pid>/stat.
inline double cpu_seconds(int pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto close = text.rfind(')');
    if (close == std::string::npos) return 0;
    std::istringstream rest(text.substr(close + 2));
    std::string field;
    unsigned long long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && rest >> field; ++i) {
        if (i == 14) utime = std::stoull(field);
        if (i == 15) stime = std::stoull(field);
    }
    return double(utime + stime) / double(::sysconf(_SC_CLK_TCK));
}

}  // namespace glossfish::bench
