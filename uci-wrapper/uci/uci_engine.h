// The UCI front end: a thin adapter over Session (engine/session/session.h). It reads GUI lines
// (bounded by MaxUciLineBytes, checked for UTF-8), turns them into Session calls, and turns
// the Session's events into UCI text. The input thread never blocks on a search.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/mutex.h"
#include "live/live_feed.h"
#include "live/live_server.h"
#include "session/session.h"

namespace glossfish {

// A product as a line a person reads, for `info string`: "glossfish: <sentence> (d14)" for a
// label ("(first look, d8)" for the quick one), "glossfish lines: <summary> (d14)", and
// "glossfish <kind>: <text>" for the others; always one line, and no word of it a keyword that
// a UCI adapter parses (`depth`, `score`, `pv`, …): polyglot cuts an info string there.
std::string readable_line(ProductKind kind, const nlohmann::ordered_json& json);

// `Glossfish Info Format` auto, by the name of the program that started the engine: `text` for
// the GUIs that show glossfish's lines to a person (polyglot for XBoard, Scid, ChessX, PyChess,
// Cute Chess), `json` for scripts (python, node), `both` for anything else.
InfoFormat auto_info_format(std::string_view parent_name);
// The name of the program that started this process (Linux: /proc/<ppid>/comm), "" if unknown.
std::string parent_process_name();

// What a person has been told during one engine run, so that a readable line is printed only
// when what it says changes: a label once per search however often it comes (the label with
// every reason repeats the first one when no reason was added), the full label once after the
// quick one even when it confirms it (it is the verdict to trust), the lines summary from depth
// LinesFromDepth on when its moves change as a set or the move it called best now loses
// LinesNewsLoss win% or more (two near-equal moves trading places is no news), the opening
// when it changes. A full label
// that contradicts the quick one says so: "(d14, first look said good)".
class ReadableLines {
public:
    static constexpr int LinesFromDepth = 8;  // as the first look of a label
    static constexpr double LinesNewsLoss = 1.0;

    // The line to print for a product, or nothing when it repeats what was said.
    std::optional<std::string> line(ProductKind kind, const nlohmann::ordered_json& json);
    // A new search: its labels and lines are said again (a GUI clears its output per search).
    void new_search();

private:
    std::map<std::string, std::string> said_;        // what was said, by kind and position
    std::map<std::string, std::string> first_look_;  // the quick label's verdict, by fen + move
    std::string opening_;                            // the opening said last
};

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
    void cmd_verbalize(const std::vector<std::string_view>& words, std::string_view line);
    void cmd_verify(const std::vector<std::string_view>& words, std::string_view line);

    void update_live_page();
    void say_live_address();
    void open_live_page();

    Mutex said_mutex_;  // what a person was told, from the input and the session's threads
    ReadableLines said_ GLOSSFISH_GUARDED_BY(said_mutex_);
    Mutex out_mutex_;  // one line at a time, from the input and the session's threads
    Writer writer_ GLOSSFISH_GUARDED_BY(out_mutex_);
    const InfoFormat auto_format_ = auto_info_format(parent_process_name());
    std::atomic<InfoFormat> info_format_{auto_format_};  // never Auto; set by the input thread
    // The live page (before session_: the session's threads feed it until they end).
    std::shared_ptr<live::LiveFeed> live_feed_ = std::make_shared<live::LiveFeed>();
    std::unique_ptr<live::LiveServer> live_server_;
    // Set when the page starts; the input thread opens the browser on the next command that is
    // not a setoption (the GUI's other options are set by then), then says the address again
    // at the next search, where GUIs that show info strings only during a search show it.
    bool open_pending_ = false;
    bool opened_ = false;  // the browser was opened once in this engine's life
    bool announce_pending_ = false;
    Session session_;
};

}  // namespace glossfish
