// The UCI front end: a thin adapter over Session (engine/session/session.h). It reads GUI lines
// (bounded by MaxUciLineBytes, checked for UTF-8), turns them into Session calls, and turns
// the Session's events into UCI text. The input thread never blocks on a search.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "io/mutex.h"
#include "live/live_feed.h"
#include "live/live_server.h"
#include "session/session.h"

namespace glossfish {

// A product as a line a person reads, for `info string`: "glossfish: <sentence> (depth N)"
// for a label, "glossfish <kind>: <text>" for the others; always one line.
std::string readable_line(const std::string& kind, const nlohmann::ordered_json& json);

class UciEngine {
public:
    using Writer = std::function<void(const std::string& line)>;

    // writer receives every output line (without newline), one at a time.
    explicit UciEngine(Writer writer);

    // Handles one input line; returns false after `quit`. Never blocks on a search.
    bool handle(std::string_view line);
    // Reads lines from the file descriptor until `quit` or end of input, then shuts down.
    // Returns false when a product thread was still busy at the end (exit at once then).
    bool run(int fd);
    // Cancels everything and ends the children within about 200 ms; false as for run().
    bool quit();

private:
    void write(const std::string& line) GLOSSFISH_EXCLUDES(out_mutex_);
    void write_event(const SessionEvent& event);
    void error(const InputError& e);
    void reject(std::string_view line, const InputError& e);
    void error(const std::string& code, const std::string& message);
    void report(const std::optional<InputError>& e) {
        if (e) error(*e);
    }

    void cmd_uci();
    void cmd_go(const std::vector<std::string_view>& words);
    void cmd_d();
    void cmd_label(const std::vector<std::string_view>& words);
    void cmd_tree(const std::vector<std::string_view>& words);
    void cmd_tool(const std::vector<std::string_view>& words, std::string_view line);
    void cmd_verify(const std::vector<std::string_view>& words, std::string_view line);

    void update_live_page();

    Mutex out_mutex_;  // one line at a time, from the input and the session's threads
    Writer writer_ GLOSSFISH_GUARDED_BY(out_mutex_);
    std::atomic<InfoFormat> info_format_{Settings().info_format};  // set by the input thread
    // The live page (before session_: the session's threads feed it until they end).
    std::shared_ptr<live::LiveFeed> live_feed_ = std::make_shared<live::LiveFeed>();
    std::unique_ptr<live::LiveServer> live_server_;
    Session session_;
};

}  // namespace glossfish
