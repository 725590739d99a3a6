// fake_uci: a scripted UCI engine for deterministic tests of EngineHost, Analyzer and the
// front end. The mode comes from argv[1], else $FAKE_UCI_MODE, else "normal":
//   normal      answers uci/isready; on go prints two info lines and `bestmove <Best Move>`
//               (the string option "Best Move", default e2e4); `go infinite` and `go ponder`
//               wait for stop (or ponderhit) before the bestmove
//   no-uciok    prints a greeting but never `uciok` (not a UCI engine); still reads input
//   exit-on-go  prints one info line on go, then exits (dies mid-search)
//   hang-on-go  prints one info line on go, then reads and answers nothing, ever
//   slow        like normal, but the bestmove comes $FAKE_UCI_DELAY_MS (default 1500) ms
//               after go; isready is answered meanwhile, so the host must not call it hung
//   illegal-bestmove  like normal, but every bestmove is `bestmove e2e5` (no pawn moves three
//               squares: never legal); the info lines still name the legal Best Move
//   illegal-ponder    like normal, but the ponder move repeats the bestmove (illegal after it)
//   illegal-pv  like normal, but the last info line's pv is `<Best Move> e7e5 e5e4`: legal for
//               two plies from the start position, then a pawn moving onto a piece
// When $FAKE_UCI_LOG names a file, every input line is appended to it as received, so a test
// can see the setoption lines a host sent (and replayed after a restart).
#include <poll.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

const char* const DefaultBest = "e2e4";

void say(const std::string& line) {
    std::fputs((line + "\n").c_str(), stdout);
    std::fflush(stdout);
}

void log_input(const std::string& line) {
    static const char* path = std::getenv("FAKE_UCI_LOG");
    if (!path || !*path) return;
    if (std::FILE* f = std::fopen(path, "a")) {
        std::fputs((line + "\n").c_str(), f);
        std::fclose(f);
    }
}

std::vector<std::string> split(const std::string& line) {
    std::vector<std::string> out;
    std::string word;
    for (char c : line) {
        if (c == ' ' || c == '\t' || c == '\r') {
            if (!word.empty()) out.push_back(word), word.clear();
        } else {
            word += c;
        }
    }
    if (!word.empty()) out.push_back(word);
    return out;
}

// Reads stdin line by line, waiting at most until `deadline` for the next one.
class LineReader {
public:
    // A line, std::nullopt on timeout; sets eof when the input closed.
    std::optional<std::string> next(std::optional<Clock::time_point> deadline) {
        while (true) {
            if (auto nl = buffer_.find('\n'); nl != std::string::npos) {
                std::string line = buffer_.substr(0, nl);
                buffer_.erase(0, nl + 1);
                if (!line.empty() && line.back() == '\r') line.pop_back();
                return line;
            }
            if (eof) return std::nullopt;
            int timeout_ms = -1;
            if (deadline) {
                auto left =
                    std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - Clock::now());
                timeout_ms = int(std::max<long long>(0, left.count()));
            }
            pollfd p{0, POLLIN, 0};
            int r = ::poll(&p, 1, timeout_ms);
            if (r == 0) return std::nullopt;
            if (r < 0) continue;
            char chunk[4096];
            ssize_t n = ::read(0, chunk, sizeof chunk);
            if (n <= 0) eof = true;
            else buffer_.append(chunk, std::size_t(n));
        }
    }
    bool eof = false;

private:
    std::string buffer_;
};

struct Search {
    bool active = false;
    bool waits_for_stop = false;  // go infinite / go ponder
    std::optional<Clock::time_point> bestmove_at;
};

}  // namespace

int main(int argc, char** argv) {
    std::string mode = argc > 1 ? argv[1] : "";
    if (mode.empty()) {
        const char* env = std::getenv("FAKE_UCI_MODE");
        mode = env && *env ? env : "normal";
    }
    int delay_ms = 1500;
    if (const char* d = std::getenv("FAKE_UCI_DELAY_MS"); d && *d) delay_ms = std::atoi(d);

    std::string best = DefaultBest;
    Search search;
    LineReader in;
    bool hung = false;

    auto finish = [&] {
        say("info depth 2 seldepth 2 multipv 1 score cp 12 nodes 40 nps 4000 time 10 pv " + best +
            (mode == "illegal-pv" ? " e7e5 e5e4" : ""));
        if (mode == "illegal-bestmove") say("bestmove e2e5");
        else if (mode == "illegal-ponder") say("bestmove " + best + " ponder " + best);
        else say("bestmove " + best);
        search = Search{};
    };

    while (true) {
        std::optional<std::string> line = in.next(hung ? std::nullopt : search.bestmove_at);
        if (!line) {
            if (in.eof) return 0;
            if (search.active && search.bestmove_at && Clock::now() >= *search.bestmove_at)
                finish();
            continue;
        }
        log_input(*line);
        if (hung) continue;
        std::vector<std::string> t = split(*line);
        if (t.empty()) continue;
        const std::string& cmd = t[0];
        if (cmd == "uci") {
            if (mode == "no-uciok") {
                say("hello, I am not a chess engine");
                continue;
            }
            say("id name FakeUci 1.0");
            say("id author the glossfish tests");
            say("option name Hash type spin default 16 min 1 max 1024");
            say("option name Threads type spin default 1 min 1 max 8");
            say("option name MultiPV type spin default 1 min 1 max 10");
            say("option name UCI_Chess960 type check default false");
            say("option name Best Move type string default " + std::string(DefaultBest));
            say("option name Clear Hash type button");
            say("option name Style type combo default Normal var Solid var Normal var Risky");
            say("uciok");
        } else if (cmd == "isready") {
            say("readyok");
        } else if (cmd == "setoption") {
            // setoption name <words> [value <words>]
            std::string name, value;
            bool in_value = false;
            for (std::size_t i = 2; i < t.size(); ++i) {
                if (!in_value && t[i] == "value") {
                    in_value = true;
                    continue;
                }
                std::string& dst = in_value ? value : name;
                dst += (dst.empty() ? "" : " ") + t[i];
            }
            if (name == "Best Move")
                best = value.empty() || value == "<empty>" ? DefaultBest : value;
        } else if (cmd == "go") {
            bool waits = false;
            for (const auto& w : t) waits = waits || w == "infinite" || w == "ponder";
            say("info depth 1 seldepth 1 multipv 1 score cp 10 nodes 20 nps 2000 time 10 pv " +
                best);
            if (mode == "exit-on-go") return 3;
            if (mode == "hang-on-go") {
                hung = true;
                continue;
            }
            search.active = true;
            search.waits_for_stop = waits;
            if (mode == "slow")
                search.bestmove_at = Clock::now() + std::chrono::milliseconds(delay_ms);
            else if (!waits) finish();
        } else if (cmd == "stop") {
            if (search.active) finish();
        } else if (cmd == "ponderhit") {
            if (search.active && search.waits_for_stop && mode != "slow") finish();
            search.waits_for_stop = false;
        } else if (cmd == "quit") {
            return 0;
        }
        // position, ucinewgame, debug and anything else: accepted silently.
    }
}
