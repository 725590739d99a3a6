// A child process with line-based pipes, started through Boost.Process in a process group of
// its own, so that a wrapper script and everything it started can be ended together. Output
// lines are delivered on a reader thread; writes never raise SIGPIPE into the caller and never
// block for long on a child that does not read; every wait here is bounded.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/mutex.h"

namespace glossfish {

class ChildProcess {
public:
    using LineHandler = std::function<void(std::string_view line)>;
    using ExitHandler = std::function<void()>;

    // A line the child prints is cut at this length (the rest, up to its newline, is dropped).
    static constexpr std::size_t MaxLine = std::size_t(1) << 20;
    // A write waits at most this long for the child to take a line; then the child is
    // treated as gone (its input is closed and every later write fails at once).
    static constexpr std::chrono::milliseconds WriteTimeout{2000};
    // After the kill, the reader gets this long to see the end of the output; a process that
    // escaped the group and still holds the pipe does not keep kill() waiting longer.
    static constexpr std::chrono::milliseconds DrainTimeout{500};

    ChildProcess();
    ~ChildProcess();  // kills the child's group if it still runs and ends the reader
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // Starts the program in a new process group. on_line gets every output line (CR/LF
    // stripped) on the reader thread; on_exit runs there once when the output closes (or the
    // reader is stopped). Returns an error text on failure (a spawn that fails is reaped).
    // Does not block beyond the spawn itself.
    std::optional<std::string> start(const std::string& path, const std::vector<std::string>& args,
                                     LineHandler on_line, ExitHandler on_exit)
        GLOSSFISH_EXCLUDES(control_mutex_, impl_mutex_);
    // Writes one line; false when the child is gone or has not read for WriteTimeout. Blocks
    // at most WriteTimeout. start, kill and quit may run on other threads meanwhile.
    bool write_line(std::string_view line) GLOSSFISH_EXCLUDES(impl_mutex_);
    // Whether the direct child still runs (reaps it when it has exited). Does not block.
    bool running() GLOSSFISH_EXCLUDES(impl_mutex_);
    // Ends the child's whole process group now (SIGKILL), reaps the child and stops the
    // reader. Blocks at most about DrainTimeout plus a bounded reap. Safe to call twice, and
    // from another thread than start and quit (a watchdog): the three run one at a time.
    void kill() GLOSSFISH_EXCLUDES(control_mutex_, impl_mutex_);
    // Asks politely: writes `quit`, waits up to grace_ms for the child to exit, then kills.
    void quit(int grace_ms) GLOSSFISH_EXCLUDES(control_mutex_, impl_mutex_);
    // Also the process group id; -1 when not started.
    int pid() const GLOSSFISH_EXCLUDES(impl_mutex_);

private:
    struct Impl;
    std::shared_ptr<Impl> current() const GLOSSFISH_EXCLUDES(impl_mutex_);
    void kill_locked() GLOSSFISH_REQUIRES(control_mutex_) GLOSSFISH_EXCLUDES(impl_mutex_);

    // start, kill and quit one at a time: two threads must not join one reader, nor a kill
    // end the child that a start is spawning.
    Mutex control_mutex_;
    // The current child; start() replaces it (with control_mutex_ held too). A writer or the
    // reader thread keeps the one it took alive with its own reference.
    mutable Mutex impl_mutex_;
    std::shared_ptr<Impl> impl_ GLOSSFISH_GUARDED_BY(impl_mutex_);
};

// Resolves a program: an explicit path is checked as is; a bare name is looked up on PATH.
// Only an executable regular file qualifies (a directory does not). Returns the empty string
// when nothing is found.
std::string find_executable(const std::string& name_or_path);

// Why name_or_path cannot be started ("'/tmp' is a directory, not a program", "'x' is not
// executable", "no program 'x' on PATH"), or empty when find_executable finds it.
std::string executable_error(const std::string& name_or_path);

}  // namespace glossfish
