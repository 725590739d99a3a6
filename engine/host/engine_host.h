// EngineHost: one UCI child engine (Stockfish) behind a typed, thread-safe API. Handles the
// handshake, mirrors the child's options, streams search output as typed events, watches
// the child (a dead or silent child is noticed within 1 s) and restarts it with the
// options the user set. The options are replayed one at a time, each followed by an
// isready round trip: one that makes the child exit or hang (Stockfish exits when its
// Debug Log File cannot be opened, or its Hash cannot be allocated) is dropped, reported as
// an EngineWarning, and the child is started again without it. Every wait is bounded.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "host/child_process.h"
#include "host/uci_protocol.h"
#include "io/mutex.h"

namespace glossfish {

// Where to find Stockfish: explicit path (UCI option), else $GLOSSFISH_STOCKFISH, else
// `stockfish` on PATH, else /usr/games/stockfish. Returns the first candidate that exists,
// or the explicit path / "stockfish" when none does (so the error names it).
std::string resolve_stockfish_path(const std::string& explicit_path);

struct SearchCallbacks {
    std::function<void(const SearchInfo&)> on_info;
    std::function<void(const BestMove&)> on_bestmove;
    // The child died or hung during the search; no bestmove will come from it.
    std::function<void(const std::string& reason)> on_failure;
    // Any other line the child printed during the search (relayed verbatim by the front end).
    std::function<void(const std::string& line)> on_other;
};

// Something the host did on its own that the user should hear about.
struct EngineWarning {
    std::string code;           // "option_dropped"
    std::string option, value;  // the option (as set) and its value
    std::string message;        // one line: what happened and what the user can do
};

class EngineHost {
public:
    struct Config {
        std::string path;  // empty: resolve_stockfish_path("")
        std::chrono::milliseconds handshake_timeout{5000};
        std::chrono::milliseconds hang_timeout{800};  // unanswered ping → child declared hung
        std::chrono::milliseconds ping_after{150};    // silence during a search before a ping
    };

    explicit EngineHost(Config config);
    ~EngineHost();
    EngineHost(const EngineHost&) = delete;
    EngineHost& operator=(const EngineHost&) = delete;

    // Starts the child and runs uci/uciok and isready/readyok; replays options the user
    // set, one at a time (see the file comment: an option that kills the child is dropped and
    // the child started again, at most once per option). Blocks up to the handshake timeout
    // per start and per option. Returns an error text on failure.
    std::optional<std::string> start() GLOSSFISH_EXCLUDES(mutex_);
    bool running() GLOSSFISH_EXCLUDES(mutex_);
    const std::string& path() const { return config_.path; }
    void set_path(std::string path) { config_.path = std::move(path); }
    std::string engine_name() GLOSSFISH_EXCLUDES(mutex_);
    std::vector<OptionDecl> options() GLOSSFISH_EXCLUDES(mutex_);

    // Sends setoption (remembered for restarts, except buttons the child declared). Does not
    // block. Unknown names are the caller's business: check options() first.
    void set_option(const std::string& name, const std::string& value) GLOSSFISH_EXCLUDES(mutex_);
    // Round trip isready/readyok. Blocks up to timeout; false on failure.
    bool sync(std::chrono::milliseconds timeout) GLOSSFISH_EXCLUDES(mutex_);
    void send_raw(const std::string& line);
    // Receives lines the child prints outside a search and the handshake (e.g. `eval`).
    void set_passthrough(std::function<void(const std::string&)> fn) GLOSSFISH_EXCLUDES(mutex_);
    // Receives each warning (a dropped option) on the thread that runs start(), as it
    // happens. Without a handler the warnings wait for take_warnings().
    void set_warning_handler(std::function<void(const EngineWarning&)> fn)
        GLOSSFISH_EXCLUDES(mutex_);
    // The warnings no handler received, oldest first; clears them. Does not block.
    std::vector<EngineWarning> take_warnings() GLOSSFISH_EXCLUDES(mutex_);
    // The options the user set that are replayed on a restart (dropped ones are gone).
    std::vector<std::pair<std::string, std::string>> user_options() GLOSSFISH_EXCLUDES(mutex_);

    // Starts a search: sends the position line and the go line. Does not block. The
    // callbacks run on the reader thread (or the watchdog thread for on_failure).
    // Returns false (and calls nothing) if the child is not running.
    bool go(const std::string& position_line, const std::string& go_line, SearchCallbacks cb)
        GLOSSFISH_EXCLUDES(mutex_);
    void stop();       // does not block
    void ponderhit();  // does not block
    bool searching() GLOSSFISH_EXCLUDES(mutex_);
    // Blocks until the current search (if any) has ended, up to timeout.
    bool wait_search_end(std::chrono::milliseconds timeout) GLOSSFISH_EXCLUDES(mutex_);
    // Kills the child now (tests and shutdown).
    void kill();
    // Sends quit and waits briefly.
    void quit();
    int child_pid() const { return child_.pid(); }

private:
    // Spawns the child and runs uci/uciok; an error text on failure.
    std::optional<std::string> handshake(const std::string& path) GLOSSFISH_EXCLUDES(mutex_);
    void warn(EngineWarning w) GLOSSFISH_EXCLUDES(mutex_);
    void on_line(std::string_view line) GLOSSFISH_EXCLUDES(mutex_);
    void on_exit() GLOSSFISH_EXCLUDES(mutex_);
    void watchdog_loop() GLOSSFISH_EXCLUDES(mutex_);
    void fail_search(const std::string& reason) GLOSSFISH_EXCLUDES(mutex_);

    Config config_;
    ChildProcess child_;
    Mutex mutex_;
    CondVar cv_;
    // Handshake and state.
    bool handshaking_ GLOSSFISH_GUARDED_BY(mutex_) = false;
    bool uciok_ GLOSSFISH_GUARDED_BY(mutex_) = false;
    bool exited_ GLOSSFISH_GUARDED_BY(mutex_) = false;
    std::string name_ GLOSSFISH_GUARDED_BY(mutex_);
    std::vector<OptionDecl> options_ GLOSSFISH_GUARDED_BY(mutex_);
    std::vector<std::pair<std::string, std::string>> user_options_ GLOSSFISH_GUARDED_BY(mutex_);
    unsigned long long ready_sent_ GLOSSFISH_GUARDED_BY(mutex_) = 0;
    unsigned long long ready_received_ GLOSSFISH_GUARDED_BY(mutex_) = 0;
    bool searching_ GLOSSFISH_GUARDED_BY(mutex_) = false;
    int delivering_ GLOSSFISH_GUARDED_BY(mutex_) = 0;  // end-of-search callbacks still running
    SearchCallbacks callbacks_ GLOSSFISH_GUARDED_BY(mutex_);
    std::function<void(const std::string&)> passthrough_ GLOSSFISH_GUARDED_BY(mutex_);
    std::function<void(const EngineWarning&)> warning_handler_ GLOSSFISH_GUARDED_BY(mutex_);
    std::vector<EngineWarning> warnings_ GLOSSFISH_GUARDED_BY(mutex_);
    std::chrono::steady_clock::time_point last_output_ GLOSSFISH_GUARDED_BY(mutex_);
    std::optional<std::chrono::steady_clock::time_point> ping_sent_ GLOSSFISH_GUARDED_BY(mutex_);
    unsigned long long ping_target_ GLOSSFISH_GUARDED_BY(mutex_) = 0;
    bool shutting_down_ GLOSSFISH_GUARDED_BY(mutex_) = false;
    std::thread watchdog_;
};

}  // namespace glossfish
