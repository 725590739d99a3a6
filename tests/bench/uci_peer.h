// UciPeer: a UCI program (glossfish or Stockfish) driven by a benchmark over pipes. Its output
// lines are queued with their arrival times; every wait has a deadline.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <optional>
#include <string>

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
    bool closed_ = false;
};

}  // namespace glossfish::bench
