// A child process with line-based pipes, started through Boost.Process. Output lines are
// delivered on a reader thread; writes never raise SIGPIPE into the caller.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace glossfish {

class ChildProcess {
public:
    using LineHandler = std::function<void(std::string_view line)>;
    using ExitHandler = std::function<void()>;

    ChildProcess();
    ~ChildProcess();  // kills the child if it still runs and joins the reader
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // Starts the program. on_line gets every output line (CR/LF stripped) on the reader
    // thread; on_exit runs there once when the output closes. Returns an error text on
    // failure. Does not block beyond the spawn itself.
    std::optional<std::string> start(const std::string& path, const std::vector<std::string>& args,
                                     LineHandler on_line, ExitHandler on_exit);
    // Writes one line; false when the child is gone. Never blocks on a dead child.
    bool write_line(std::string_view line);
    bool running();
    // Ends the child now (SIGKILL) and waits for the reader to finish. Safe to call twice.
    void kill();
    // Asks politely: writes `quit`, waits up to grace_ms, then kills.
    void quit(int grace_ms);
    int pid() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Resolves a program: an explicit path is checked as is; a bare name is looked up on PATH.
// Returns the empty string when nothing executable is found.
std::string find_executable(const std::string& name_or_path);

}  // namespace glossfish
