// The first word early: how long after `go` a GUI analysing a game gets its first label of the
// last move (the quick one), and the full one, over the positions of the classic games; and the
// same with Glossfish Reasons off, so that the cost of the reasons shows (two glossfish
// processes, one with reasons and one without, take each position in turn).
// Usage: glossfish_first_label_bench PATH_TO_GLOSSFISH [PGN] [--positions N] [--wait MS]
//                                    [--reproducible]
// --reproducible: both search every position from a cleared hash, so that the reasons' own
// searches do not change the hash the next label's searches start from (without it, that
// difference moves single positions by tens of ms either way).
// Each position is sent as a GUI sends it (`position startpos moves …` then `go infinite` in
// analysis mode); after --wait ms (default 1500, a PyChess-like early stop) the GUI stops.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "pgn/pgn.h"
#include "rules/notation.h"
#include "uci_peer.h"

using namespace glossfish;
using Clock = std::chrono::steady_clock;

namespace {

using Gui = bench::UciPeer;

double percentile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(q * double(v.size() - 1) + 0.5))];
}

// `position startpos moves …` for every ply of every game (after at least one move).
std::vector<std::string> game_positions(const std::string& pgn_path) {
    std::ifstream in(pgn_path);
    std::stringstream text;
    text << in.rdbuf();
    std::vector<std::string> out;
    for (const PgnGame& g : read_pgn(text.str())) {
        if (!g.ok() || !g.is_game) continue;
        Position pos = g.start_position();
        std::string line = "position fen " + pos.fen() + " moves";
        for (const PgnMove& m : g.mainline) {
            line += " " + move_to_uci(pos, m.move);
            pos.do_move(m.move);
            out.push_back(line);
        }
    }
    return out;
}

// The label delays of one glossfish: the first answer, the full-depth label, and the label
// with every reason (the same line, or a later one when the full label said reasons_pending).
struct Delays {
    std::vector<double> first_s, full_s, final_s;
    int missed = 0;
    int pending = 0;  // full labels that said reasons_pending
};

void open_gui(Gui& gui, bool reasons, bool reproducible) {
    gui.send("uci");
    gui.expect("uciok");
    gui.send("setoption name UCI_AnalyseMode value true");
    gui.send("setoption name Glossfish Info Format value json");
    gui.send(std::string("setoption name Glossfish Reasons value ") + (reasons ? "true" : "false"));
    if (reproducible) gui.send("setoption name Glossfish Reproducible value true");
    gui.send("isready");
    gui.expect("readyok");
}

// One position as a GUI analyses it: go infinite, stop after wait_ms.
std::optional<double> analyse(Gui& gui, const std::string& position, int wait_ms, Delays& d) {
    gui.send(position);
    const auto go = Clock::now();
    gui.send("go infinite");
    const auto stop_at = go + std::chrono::milliseconds(wait_ms);
    std::optional<double> full_s;
    auto first = gui.wait_for("info string glossfish.quality ", stop_at);
    if (!first) {
        ++d.missed;
    } else {
        d.first_s.push_back(std::chrono::duration<double>(first->at - go).count());
        auto since_go = [&](const auto& line) {
            return std::chrono::duration<double>(line.at - go).count();
        };
        auto full = first;
        if (first->text.find("\"quick\":true") != std::string::npos)
            full = gui.wait_for("info string glossfish.quality ", stop_at);
        if (full) {
            full_s = since_go(*full);
            d.full_s.push_back(*full_s);
            if (full->text.find("\"reasons_pending\":true") == std::string::npos) {
                d.final_s.push_back(d.full_s.back());
            } else {
                ++d.pending;
                if (auto last = gui.wait_for("info string glossfish.quality ", stop_at))
                    d.final_s.push_back(since_go(*last));
            }
        }
    }
    std::this_thread::sleep_until(stop_at);
    gui.send("stop");
    gui.expect("bestmove");
    return full_s;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(
            stderr,
            "usage: %s PATH_TO_GLOSSFISH [PGN] [--positions N] [--wait MS] [--reproducible]\n",
            argv[0]);
        return 2;
    }
    const std::string glossfish = argv[1];
    std::string pgn = "tests/data/classic_games.pgn";
    std::size_t wanted = 60;
    int wait_ms = 1500;
    bool reproducible = false;
    for (int i = 2; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--positions") && i + 1 < argc) wanted = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--wait") && i + 1 < argc) wait_ms = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--reproducible")) reproducible = true;
        else pgn = argv[i];
    }
    const std::vector<std::string> all = game_positions(pgn);
    if (all.empty()) {
        std::fprintf(stderr, "no positions in %s\n", pgn.c_str());
        return 1;
    }
    // Evenly spread over the games.
    std::vector<std::string> positions;
    const std::size_t n = std::min(wanted, all.size());
    for (std::size_t i = 0; i < n; ++i) positions.push_back(all[i * all.size() / n]);

    Gui with(glossfish), without(glossfish);
    open_gui(with, true, reproducible);
    open_gui(without, false, reproducible);
    Delays on, off;
    std::vector<double> paired_ms;  // full label with reasons minus without, per position
    for (std::size_t i = 0; i < positions.size(); ++i) {
        // Each goes first half of the time.
        std::optional<double> a, b;
        if (i % 2 == 0) {
            a = analyse(with, positions[i], wait_ms, on);
            b = analyse(without, positions[i], wait_ms, off);
        } else {
            b = analyse(without, positions[i], wait_ms, off);
            a = analyse(with, positions[i], wait_ms, on);
        }
        if (a && b) paired_ms.push_back((*a - *b) * 1000);
    }
    std::printf("first label after go   %zu positions of %s, GUI stops after %d ms%s\n",
                positions.size(), pgn.c_str(), wait_ms,
                reproducible ? ", Glossfish Reproducible (every search from a cleared hash)" : "");
    std::printf(
        "  first (quick) label  median %.3f s  p95 %.3f s  max %.3f s  missed %d  "
        "(goal p95 <= 0.5 s)\n",
        percentile(on.first_s, 0.5), percentile(on.first_s, 0.95), percentile(on.first_s, 1.0),
        on.missed);
    std::printf("  full-depth label     median %.3f s  p95 %.3f s  before the stop: %zu of %zu\n",
                percentile(on.full_s, 0.5), percentile(on.full_s, 0.95), on.full_s.size(),
                positions.size());
    std::printf(
        "  without reasons      first median %.3f s  p95 %.3f s; full median %.3f s  p95 %.3f s\n",
        percentile(off.first_s, 0.5), percentile(off.first_s, 0.95), percentile(off.full_s, 0.5),
        percentile(off.full_s, 0.95));
    std::printf(
        "  every reason         median %.3f s  p95 %.3f s  (%d of %zu full labels said "
        "reasons_pending; %zu complete before the stop)\n",
        percentile(on.final_s, 0.5), percentile(on.final_s, 0.95), on.pending, on.full_s.size(),
        on.final_s.size());
    const double base = percentile(off.full_s, 0.5);
    if (base > 0) {
        std::printf("  full label with / without reasons (medians) %.3f s / %.3f s = %.3fx\n",
                    percentile(on.full_s, 0.5), base, percentile(on.full_s, 0.5) / base);
        std::printf("  every reason with / without reasons (medians) %.3f s / %.3f s = %.3fx\n",
                    percentile(on.final_s, 0.5), base, percentile(on.final_s, 0.5) / base);
    }
    std::printf(
        "  full label, with minus without, same position: median %+.1f ms  p5 %+.1f  p95 %+.1f "
        "(%zu pairs)\n",
        percentile(paired_ms, 0.5), percentile(paired_ms, 0.05), percentile(paired_ms, 0.95),
        paired_ms.size());
    return 0;
}
