// Glossfish: the glossfish binary as a GUI sees it, over pipes (UciProcess), with the
// deadlines and line helpers the protocol tests share: bestmove/error predicates, fields of
// info lines, move legality through our rules core, and the Stockfish child found in /proc.
// Helpers that time out throw std::runtime_error with the transcript; gtest reports it.
#pragma once

#include <gtest/gtest.h>
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/notation.h"
#include "rules/position.h"
#include "uci_process.h"

namespace glossfish::testkit {

// uci → uciok starts Stockfish (which loads its network): generous for ASan on a loaded box.
inline const Millis StartDeadline{20000};
// Answers that need no search: readyok, the `d` board.
inline const Millis ReplyDeadline{5000};
// A depth-limited search (depth ≤ 8) or the bestmove after stop/ponderhit.
inline const Millis SearchDeadline{20000};

inline const char* const MatedFen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
inline const char* const StalemateFen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";

inline bool is_bestmove(const std::string& l) { return l.rfind("bestmove ", 0) == 0; }
inline bool is_error(const std::string& l) {
    return l.rfind("info string glossfish.error ", 0) == 0;
}

inline std::vector<std::string> words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

template <typename Pred>
inline int count(const std::vector<std::string>& lines, Pred pred) {
    return int(std::count_if(lines.begin(), lines.end(), pred));
}

inline std::vector<std::string> errors_in(const std::vector<std::string>& lines) {
    std::vector<std::string> out;
    for (const auto& l : lines)
        if (is_error(l)) out.push_back(l);
    return out;
}

// The lines that start with p (e.g. "info string glossfish.lines "), in order.
inline std::vector<std::string> with_prefix(const std::vector<std::string>& lines,
                                            const std::string& p) {
    std::vector<std::string> out;
    for (const auto& l : lines)
        if (l.rfind(p, 0) == 0) out.push_back(l);
    return out;
}

// The JSON of an `info string glossfish.<kind> {...}` line.
inline nlohmann::json payload(const std::string& line) {
    auto brace = line.find('{');
    if (brace == std::string::npos) throw std::runtime_error("no JSON in: " + line);
    return nlohmann::json::parse(line.substr(brace));
}

// The integer after `key` in an info line.
inline std::optional<long long> field(const std::string& line, const std::string& key) {
    auto w = words(line);
    for (std::size_t i = 0; i + 1 < w.size(); ++i)
        if (w[i] == key) return std::stoll(w[i + 1]);
    return std::nullopt;
}

// The moves after `pv` in an info line.
inline std::vector<std::string> pv_of(const std::string& line) {
    auto w = words(line);
    auto it = std::find(w.begin(), w.end(), "pv");
    return it == w.end() ? std::vector<std::string>{} : std::vector<std::string>(it + 1, w.end());
}

inline std::string bestmove_of(const std::string& line) { return words(line).at(1); }

inline bool is_legal(const std::string& fen, const std::string& uci_move) {
    Position pos;
    return pos.set(fen).ok() && parse_uci(pos, uci_move).ok();
}

inline std::string fen_after(const std::string& fen, const std::vector<std::string>& moves) {
    Position pos;
    if (!pos.set(fen).ok()) throw std::runtime_error("bad test FEN " + fen);
    for (const auto& m : moves) {
        MoveParse mp = parse_uci(pos, m);
        if (!mp.ok()) throw std::runtime_error("bad test move " + m);
        pos.do_move(mp.move);
    }
    return pos.fen();
}

// A search that is running: an info line of at least this depth.
inline UciProcess::LinePredicate info_depth_at_least(int depth) {
    return [depth](const std::string& l) {
        return l.rfind("info depth ", 0) == 0 && field(l, "depth").value_or(0) >= depth;
    };
}

// Live (not zombie) children of pid, read from /proc/<pid>/task/*/children.
inline std::vector<pid_t> live_children(pid_t pid) {
    std::vector<pid_t> out;
    std::error_code ec;
    for (const auto& task :
         std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/task", ec)) {
        std::ifstream in(task.path() / "children");
        for (pid_t child; in >> child;) {
            std::ifstream stat("/proc/" + std::to_string(child) + "/stat");
            std::string s((std::istreambuf_iterator<char>(stat)), {});
            auto close = s.rfind(')');
            if (close != std::string::npos && close + 2 < s.size() && s[close + 2] != 'Z')
                out.push_back(child);
        }
    }
    return out;
}

inline std::string comm_of(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/comm");
    std::string name;
    std::getline(in, name);
    return name;
}

inline bool process_gone_or_zombie(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    if (!stat) return true;
    std::string s((std::istreambuf_iterator<char>(stat)), {});
    auto close = s.rfind(')');
    return close != std::string::npos && close + 2 < s.size() && s[close + 2] == 'Z';
}

// CPU seconds (user + system) a process has used, from /proc/<pid>/stat; 0 when it is gone.
inline double cpu_seconds(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string s((std::istreambuf_iterator<char>(stat)), {});
    auto close = s.rfind(')');
    if (close == std::string::npos) return 0;
    std::istringstream rest(s.substr(close + 2));
    std::string field;
    unsigned long long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && rest >> field; ++i) {
        if (i == 14) utime = std::stoull(field);
        if (i == 15) stime = std::stoull(field);
    }
    return double(utime + stime) / double(::sysconf(_SC_CLK_TCK));
}

// CPU seconds of pid and its live children (glossfish and its Stockfish processes).
inline double cpu_seconds_with_children(pid_t pid) {
    double total = cpu_seconds(pid);
    for (pid_t c : live_children(pid)) total += cpu_seconds(c);
    return total;
}

// The peak resident set of a process in kB (VmHWM), 0 when unknown.
inline long peak_rss_kb(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
    return 0;
}

// glossfish as a GUI sees it.
class Glossfish {
public:
    explicit Glossfish(const std::vector<std::string>& env = {}) : proc_(GLOSSFISH_BIN, {}, env) {}

    UciProcess& proc() { return proc_; }
    std::string transcript() const { return proc_.transcript(); }
    void send(std::string_view line) { proc_.send(line); }

    // Waits for a matching line; throws with the transcript when none comes in time.
    std::vector<std::string> read_until(const UciProcess::LinePredicate& pred, Millis timeout,
                                        const std::string& what) {
        auto lines = proc_.read_until(pred, timeout);
        if (!lines)
            throw std::runtime_error("no " + what + " within " + std::to_string(timeout.count()) +
                                     " ms\n" + transcript());
        return *lines;
    }
    std::vector<std::string> handshake() {
        send("uci");
        return read_until(line_is("uciok"), StartDeadline, "uciok");
    }
    // isready → readyok; returns the lines printed before readyok.
    std::vector<std::string> sync() {
        send("isready");
        auto lines = read_until(line_is("readyok"), ReplyDeadline, "readyok");
        lines.pop_back();
        return lines;
    }
    // The FEN the `d` command shows.
    std::string fen() {
        send("d");
        return read_until(starts_with("Fen: "), ReplyDeadline, "'Fen:' line from d")
            .back()
            .substr(5);
    }
    // Lines through the next bestmove.
    std::vector<std::string> wait_bestmove(Millis timeout = SearchDeadline) {
        return read_until(is_bestmove, timeout, "bestmove");
    }
    std::vector<std::string> go(const std::string& go_line, Millis timeout = SearchDeadline) {
        send(go_line);
        return wait_bestmove(timeout);
    }
    // The Stockfish child that searches for the GUI (labels are off, so it is the only one).
    pid_t engine_child() {
        std::vector<pid_t> engines;
        for (pid_t c : live_children(proc_.pid()))
            if (comm_of(c) == "stockfish") engines.push_back(c);
        if (engines.size() != 1)
            throw std::runtime_error("expected one stockfish child, found " +
                                     std::to_string(engines.size()));
        return engines.front();
    }

private:
    UciProcess proc_;
};

// A test that runs glossfish: start() launches it and runs the handshake; TearDown sends quit,
// which must exit 0 without a sanitizer report on stderr.
class GlossfishTest : public ::testing::Test {
protected:
    // Starts glossfish and runs the handshake. Our automatic move labels are turned off
    // unless asked for: they start a second Stockfish, which these tests do not need.
    Glossfish& start(const std::vector<std::string>& env = {}, bool labels = false) {
        gf_ = std::make_unique<Glossfish>(env);
        gf_->handshake();
        if (!labels) gf_->send("setoption name Glossfish Quality value false");
        auto lines = gf_->sync();
        EXPECT_TRUE(errors_in(lines).empty()) << gf_->transcript();
        return *gf_;
    }

    void TearDown() override {
        if (!gf_) return;
        gf_->send("quit");
        auto code = gf_->proc().wait_exit(Millis(10000));
        EXPECT_EQ(code, std::optional<int>(0)) << "glossfish did not quit cleanly\n"
                                               << gf_->transcript();
        std::string err = gf_->proc().stderr_text();
        EXPECT_EQ(err.find("Sanitizer"), std::string::npos) << err;
        EXPECT_EQ(err.find("runtime error"), std::string::npos) << err;
        gf_.reset();
    }

    // Sends one bad command: exactly one glossfish.error with this code, nothing else changes.
    void expect_one_error(const std::string& command, const std::string& code) {
        SCOPED_TRACE(command);
        gf_->send(command);
        auto errors = errors_in(gf_->sync());
        ASSERT_EQ(errors.size(), 1u) << gf_->transcript();
        EXPECT_EQ(payload(errors[0]).value("code", ""), code) << errors[0];
        EXPECT_FALSE(payload(errors[0]).value("message", "").empty()) << errors[0];
    }

    std::unique_ptr<Glossfish> gf_;
};

}  // namespace glossfish::testkit
