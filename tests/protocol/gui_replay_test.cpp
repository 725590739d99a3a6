// Real GUIs, replayed: tests/data/gui/<gui>.uci is what ChessX, Scid, PyChess and XBoard (through
// polyglot) sent to glossfish while a person analysed 1.e4 e5 2.Qh5 Nc6 3.Bc4, played 3...Nf6
// and 4.Qxf7# on the board and closed the engine (recorded under Xvfb with tests/gui/). Each
// test sends one GUI's lines to build/glossfish with the recorded gaps between them (a gap over
// MaxGap is cut to MaxGap) and waits where the GUI waited (uciok, readyok, bestmove); then it
// requires what a person using that GUI must see: a readable quality line
// (`info string glossfish: <sentence>`) and, per GUI, what its way of talking needs.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iomanip>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "glossfish_session.h"
#include "rules/movegen.h"
#include "uci_process.h"

namespace glossfish::testkit {
namespace {

const std::string GuiData = GLOSSFISH_SOURCE_DIR "/tests/data/gui/";
// Idle stretches of a session (a person looking at the board) are shortened to this.
const Millis MaxGap{2000};
// Under the sanitizers glossfish is several times slower: the session is played slower too, so
// that what a GUI's timing allows (a label before PyChess's stop) stays within reach.
#ifdef GLOSSFISH_SANITIZED
constexpr double TimeScale = 3;
#else
constexpr double TimeScale = 1;
#endif
// The longest wait for an answer the GUI waited for.
const Millis AnswerDeadline{30000};

// The position after 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 (the GUIs send it as a FEN or as moves).
const std::string AfterNf6 = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

struct Step {
    double t = 0;       // seconds since the engine started, as recorded
    bool send = false;  // a line the GUI sent; else an answer it waited for
    std::string text;   // the line, or the answer's first word
};

// The steps of tests/data/gui/<name>.uci.
std::vector<Step> load_fixture(const std::string& name) {
    std::ifstream in(GuiData + name + ".uci");
    if (!in) throw std::runtime_error("no fixture " + GuiData + name + ".uci");
    std::vector<Step> steps;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        Step s;
        std::string mark;
        if (!(words >> s.t >> mark) || (mark != ">" && mark != "<"))
            throw std::runtime_error("bad fixture line in " + name + ".uci: " + line);
        s.send = mark == ">";
        std::getline(words >> std::ws, s.text);
        steps.push_back(s);
    }
    return steps;
}

struct Sent {
    std::string line;
    double recorded_t = 0;
    std::size_t output_before = 0;  // engine lines that had arrived when it was sent
};

struct Replay {
    std::vector<Sent> sent;
    std::vector<std::string> output;
    std::optional<int> exit_code;
    std::string transcript;
    std::string stderr_text;
};

// The request whose answers an awaited word counts.
std::string request_of(const std::string& answer) {
    if (answer == "uciok") return "uci";
    if (answer == "readyok") return "isready";
    if (answer == "bestmove") return "go";
    throw std::runtime_error("the fixture waits for '" + answer + "', not an answer");
}

bool first_word_is(const std::string& line, const std::string& word) {
    return line == word || line.rfind(word + " ", 0) == 0;
}

// Plays the fixture against a fresh glossfish, then closes its input (the GUI goes away).
Replay replay(const std::string& name) {
    const auto steps = load_fixture(name);
    Glossfish g;
    UciProcess& p = g.proc();
    Replay r;
    auto base = Clock::now();  // the moment that recorded time base_t stands for
    double base_t = 0, prev_t = 0;
    for (const Step& s : steps) {
        const double gap = s.t - prev_t;
        const double max_gap = double(MaxGap.count()) / 1000;
        if (gap > max_gap) base_t += gap - max_gap;
        prev_t = s.t;
        if (s.send) {
            std::this_thread::sleep_until(
                base + std::chrono::duration_cast<Clock::duration>(
                           std::chrono::duration<double>((s.t - base_t) * TimeScale)));
            r.sent.push_back({s.text, s.t, p.lines().size()});
            p.send(s.text);
            continue;
        }
        // Wait until every request sent so far has its answer (the GUI waited for it).
        const std::string request = request_of(s.text);
        const auto wanted = std::count_if(r.sent.begin(), r.sent.end(), [&](const Sent& x) {
            return first_word_is(x.line, request);
        });
        const auto deadline = Clock::now() + AnswerDeadline;
        for (;;) {
            auto lines = p.lines();
            const auto got = std::count_if(lines.begin(), lines.end(),
                                           [&](const auto& l) { return first_word_is(l, s.text); });
            if (got >= wanted) break;
            if (Clock::now() > deadline)
                throw std::runtime_error("no " + s.text + " within 30 s\n" + p.transcript());
            std::this_thread::sleep_for(Millis(5));
        }
        base = Clock::now();
        base_t = s.t;
    }
    p.close_input();
    r.exit_code = p.wait_exit(Millis(10000));
    r.output = p.lines();
    r.transcript = p.transcript();
    r.stderr_text = p.stderr_text();
    return r;
}

const std::string TextPrefix = "info string glossfish: ";

bool is_text(const std::string& l) { return l.rfind(TextPrefix, 0) == 0; }
bool is_glossfish(const std::string& l) {
    return l.rfind("info string glossfish", 0) == 0;  // text and JSON lines alike
}
// A real search line: what polyglot and XBoard show as the engine's evaluation.
bool is_real_info(const std::string& l) {
    return l.rfind("info depth ", 0) == 0 && l.find(" score ") != std::string::npos &&
           l.find(" pv ") != std::string::npos;
}
bool contains_all(const std::string& l, const std::vector<std::string>& parts) {
    return std::all_of(parts.begin(), parts.end(),
                       [&](const auto& x) { return l.find(x) != std::string::npos; });
}

// Output lines [from, to) that are readable quality lines with every one of parts.
std::vector<std::string> texts_between(const Replay& r, std::size_t from, std::size_t to,
                                       const std::vector<std::string>& parts) {
    std::vector<std::string> out;
    for (std::size_t i = from; i < std::min(to, r.output.size()); ++i)
        if (is_text(r.output[i]) && contains_all(r.output[i], parts)) out.push_back(r.output[i]);
    return out;
}

// The index of the bestmove that answers go (output.size() when none came): the n-th bestmove
// answers the n-th go, also when the previous search's bestmove arrives after this go.
std::size_t bestmove_of_go(const Replay& r, const Sent* go) {
    const auto ordinal = std::count_if(&r.sent.front(), go,
                                       [](const Sent& s) { return first_word_is(s.line, "go"); });
    long seen = 0;
    for (std::size_t i = 0; i < r.output.size(); ++i)
        if (is_bestmove(r.output[i]) && seen++ == ordinal) return i;
    return r.output.size();
}

// The sends of `go` right after a `position` whose line contains position_part.
std::vector<const Sent*> goes_after_position(const Replay& r, const std::string& position_part) {
    std::vector<const Sent*> out;
    bool armed = false;
    for (const auto& s : r.sent) {
        if (first_word_is(s.line, "position"))
            armed = s.line.find(position_part) != std::string::npos;
        if (first_word_is(s.line, "go") && armed) out.push_back(&s);
    }
    return out;
}

// The FEN a `position startpos|fen X [moves …]` line sets.
std::string fen_of(const std::string& position_line) {
    auto w = words(position_line);
    std::string fen = StartFen;
    if (w.size() >= 2 && w[1] == "fen") {
        fen.clear();
        for (std::size_t i = 2; i < w.size() && w[i] != "moves"; ++i)
            fen += (fen.empty() ? "" : " ") + w[i];
    }
    std::vector<std::string> moves;
    auto it = std::find(w.begin(), w.end(), "moves");
    if (it != w.end()) moves.assign(it + 1, w.end());
    return fen_after(fen, moves);
}

bool has_legal_move(const std::string& fen) {
    Position pos;
    return pos.set(fen).ok() && !MoveList(pos).empty();
}

// What every GUI relies on, whatever glossfish adds: each `go` answered by exactly one legal
// `bestmove` (also a stop before any search, ChessX's setoption between position and go,
// PyChess's double stop), no error, and a clean exit at quit or at the end of input.
void expect_gui_protocol_kept(const Replay& r) {
    const auto goes = std::count_if(r.sent.begin(), r.sent.end(),
                                    [](const Sent& s) { return first_word_is(s.line, "go"); });
    EXPECT_EQ(count(r.output, is_bestmove), goes) << r.transcript;
    // The n-th bestmove answers the n-th go: legal in the position set before that go.
    std::vector<std::string> fens;
    std::string fen = StartFen;
    for (const auto& s : r.sent) {
        if (first_word_is(s.line, "position")) fen = fen_of(s.line);
        if (first_word_is(s.line, "go")) fens.push_back(fen);
    }
    std::size_t n = 0;
    for (const auto& l : r.output) {
        if (!is_bestmove(l) || n >= fens.size()) continue;
        const std::string move = bestmove_of(l);
        if (move == "(none)") EXPECT_FALSE(has_legal_move(fens[n])) << fens[n];
        else EXPECT_TRUE(is_legal(fens[n], move)) << l << " in " << fens[n];
        ++n;
    }
    EXPECT_EQ(r.exit_code, std::optional<int>(0)) << r.transcript;
    EXPECT_TRUE(errors_in(r.output).empty()) << r.transcript;
    EXPECT_EQ(r.stderr_text.find("Sanitizer"), std::string::npos) << r.stderr_text;
}

// The label of 3...Nf6 (a blunder: 4.Qxf7# follows) as a readable line, in the search of the
// position after it: between that search's go and its bestmove.
void expect_nf6_text_in_its_search(const Replay& r, const std::string& position_part) {
    auto goes = goes_after_position(r, position_part);
    ASSERT_FALSE(goes.empty()) << "the fixture has no search of the position after 3...Nf6";
    std::vector<std::string> found;
    for (const Sent* go : goes) {
        auto t = texts_between(r, go->output_before, bestmove_of_go(r, go), {"Nf6", "blunder"});
        found.insert(found.end(), t.begin(), t.end());
    }
    EXPECT_FALSE(found.empty()) << "no '" << TextPrefix << "Nf6… blunder…' line in a search of "
                                << position_part << "\n"
                                << r.transcript;
}

// Scid: `position startpos moves …`, `go infinite`, and `stop` when the person moves.
TEST(GuiReplay, ScidGetsAReadableQualityLine) {
    Replay r = replay("scid");
    expect_nf6_text_in_its_search(r, "f1c4 g8f6");
    expect_gui_protocol_kept(r);
}

// ChessX sends only `position fen X` (never the moves) and `go movetime 3000` with
// UCI_AnalyseMode false: the move is inferred from the previous FEN, one legal move before.
TEST(GuiReplay, ChessXGetsTheInferredMove) {
    Replay r = replay("chessx");
    ASSERT_FALSE(goes_after_position(r, "position fen " + AfterNf6).empty());
    expect_nf6_text_in_its_search(r, "position fen " + AfterNf6);
    expect_gui_protocol_kept(r);
}

// PyChess stops its search when the person moves (here 1.6 s after `go`): a first label must
// come before that stop. It sends the position after a move made on its board as a FEN, twice.
TEST(GuiReplay, PyChessGetsALabelBeforeItsStop) {
    Replay r = replay("pychess");
    int checked = 0;
    for (std::size_t i = 0; i < r.sent.size(); ++i) {
        if (!first_word_is(r.sent[i].line, "go")) continue;
        auto stop = std::find_if(r.sent.begin() + long(i) + 1, r.sent.end(),
                                 [](const Sent& s) { return s.line == "stop"; });
        // The searches PyChess stops at once (its own restarts) cannot have a label.
        if (stop == r.sent.end() || stop->recorded_t - r.sent[i].recorded_t < 1.0) continue;
        // The label must come before the search ends: at its stop, or earlier at its own
        // bestmove (its movetime ran out first, as under the sanitizers, where the session is
        // played slower but the engine's movetime is not).
        const auto end = std::min(stop->output_before, bestmove_of_go(r, &r.sent[i]));
        ++checked;
        auto texts = texts_between(r, r.sent[i].output_before, end, {});
        EXPECT_FALSE(texts.empty())
            << std::fixed << std::setprecision(3) << "no '" << TextPrefix << "…' line between '"
            << r.sent[i].line << "' (at " << r.sent[i].recorded_t << " s) and its stop "
            << stop->recorded_t - r.sent[i].recorded_t << " s later\n"
            << r.transcript;
    }
    EXPECT_GE(checked, 1) << "the fixture has no search that PyChess stopped after a second";
    expect_gui_protocol_kept(r);
}

// PyChess names 3...Nf6 only by the FEN after it (sent twice); the label still names Nf6.
TEST(GuiReplay, PyChessGetsTheMovePlayedOnItsBoard) {
    Replay r = replay("pychess");
    expect_nf6_text_in_its_search(r, "position fen " + AfterNf6);
    expect_gui_protocol_kept(r);
}

// XBoard shows what polyglot makes of the last info line: after glossfish's own lines the
// latest real `info depth … score … pv` line is sent again, without its `multipv 1` (polyglot
// drops a repeated line of the same multipv, depth, score and move), so the status line keeps
// the engine's score (not `+0.00`, depth 245 of the label). Xboard.AnalysisStatusKeeps…
// checks it through polyglot itself.
TEST(GuiReplay, XBoardPolyglotKeepsTheEngineScoreAfterOurLines) {
    Replay r = replay("xboard");
    expect_nf6_text_in_its_search(r, "f1c4 g8f6");
    int runs = 0;
    std::string latest_real;  // of the current search
    for (std::size_t i = 0; i < r.output.size(); ++i) {
        const std::string& l = r.output[i];
        if (is_bestmove(l)) latest_real.clear();
        if (is_real_info(l)) latest_real = l;
        const bool run_ends =
            is_glossfish(l) && (i + 1 == r.output.size() || !is_glossfish(r.output[i + 1]));
        if (!run_ends || latest_real.empty()) continue;
        ++runs;
        const std::string next = i + 1 < r.output.size() ? r.output[i + 1] : "(end of output)";
        std::string expected = latest_real;
        if (auto at = expected.find(" multipv 1 "); at != std::string::npos) expected.erase(at, 10);
        EXPECT_EQ(next, expected) << "line " << i + 2 << " after glossfish's lines\n"
                                  << r.transcript;
    }
    EXPECT_GE(runs, 1) << "no glossfish line came during a search\n" << r.transcript;
    expect_gui_protocol_kept(r);
}

}  // namespace
}  // namespace glossfish::testkit
