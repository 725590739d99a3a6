// UciProcess: a program driven over pipes the way a chess GUI drives an engine. Lines the
// program prints are kept with their arrival times; every wait has a deadline, so a silent
// program fails a test instead of hanging it. The program's stderr is kept too (sanitizer
// reports), and its exit status is available.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace glossfish::testkit {

using Clock = std::chrono::steady_clock;
using Millis = std::chrono::milliseconds;

// The time since t0.
inline Millis since(Clock::time_point t0) {
    return std::chrono::duration_cast<Millis>(Clock::now() - t0);
}

// Debian's polyglot (in /usr/games, which may not be on PATH); "" when it is not installed.
std::string polyglot_path();

class UciProcess {
public:
    using LinePredicate = std::function<bool(const std::string&)>;

    // Starts path with args; extra_env entries ("NAME=value") are added to (or replace in)
    // the inherited environment. Throws std::runtime_error when the program cannot start.
    UciProcess(const std::string& path, const std::vector<std::string>& args = {},
               const std::vector<std::string>& extra_env = {});
    // Closes stdin, waits up to 5 s for the exit, then kills.
    ~UciProcess();
    UciProcess(const UciProcess&) = delete;
    UciProcess& operator=(const UciProcess&) = delete;

    // Writes line and a newline. Returns false when the program no longer reads.
    bool send(std::string_view line);
    // Writes bytes exactly as given.
    bool send_raw(std::string_view bytes);
    // Closes the program's stdin (end of input, as when a GUI goes away).
    void close_input();
    // Stops reading the program's stdout (a GUI that is busy: the pipe fills up and the
    // program's writes block) until resume_reading().
    void pause_reading();
    void resume_reading();

    // Blocks until a line after the read cursor matches, or the timeout passes. On a match
    // returns it and moves the cursor past it; on timeout leaves the cursor alone.
    std::optional<std::string> expect(const LinePredicate& pred, Millis timeout);
    // Like expect, but returns every line from the cursor through the match.
    std::optional<std::vector<std::string>> read_until(const LinePredicate& pred, Millis timeout);
    // Lines after the cursor that have arrived so far; moves the cursor to the end.
    std::vector<std::string> drain();
    // The arrival time of the last line expect/read_until returned.
    Clock::time_point last_match_time() const;

    // Every line so far, read or not.
    std::vector<std::string> lines() const;
    // All lines so far, numbered, for failure messages.
    std::string transcript() const;
    std::string stderr_text() const;
    pid_t pid() const { return pid_; }
    // Waits for the exit; returns the exit code, 128 + signal for a killed program, or
    // std::nullopt when it still runs at the deadline.
    std::optional<int> wait_exit(Millis timeout);
    // SIGKILL (no-op once the program has been reaped).
    void kill();

private:
    void read_stdout();
    void read_stderr();
    std::optional<std::size_t> find_from_cursor(const LinePredicate& pred) const;

    pid_t pid_ = -1;
    int in_fd_ = -1, out_fd_ = -1, err_fd_ = -1;
    mutable std::mutex mutex_;
    std::condition_variable cv_;
    std::vector<std::string> lines_;
    std::vector<Clock::time_point> times_;
    std::size_t cursor_ = 0;
    Clock::time_point last_match_time_{};
    bool out_closed_ = false;
    bool paused_ = false;
    std::string err_;
    std::optional<int> exit_status_;
    std::mutex write_mutex_;
    std::thread out_reader_, err_reader_;
};

// Line predicates.
UciProcess::LinePredicate line_is(std::string text);
UciProcess::LinePredicate starts_with(std::string prefix);
UciProcess::LinePredicate contains(std::string part);

}  // namespace glossfish::testkit
