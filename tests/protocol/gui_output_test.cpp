// What a GUI shows of glossfish, through the real binary over pipes: the readable line of
// `Glossfish Info Format`, the engine's own info line sent again after ours (GUIs that show the
// last line), a move inferred between two FEN-only positions (ChessX), the quick label that
// comes before a GUI stops (PyChess), and a GUI that stops reading stdout for a while.
#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "glossfish_session.h"
#include "test_support.h"

namespace glossfish::testkit {
namespace {

class GuiOutput : public GlossfishTest {};

const char* const ScholarMoves = "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6";

bool is_readable(const std::string& l) { return l.rfind("info string glossfish: ", 0) == 0; }
bool is_quality_json(const std::string& l) {
    return l.rfind("info string glossfish.quality ", 0) == 0;
}
bool is_engine_info(const std::string& l) {
    return l.rfind("info depth ", 0) == 0 && l.find(" score ") != std::string::npos &&
           l.find(" pv ") != std::string::npos;
}

std::vector<std::string> matching(const std::vector<std::string>& lines,
                                  bool (*pred)(const std::string&)) {
    std::vector<std::string> out;
    for (const auto& l : lines)
        if (pred(l)) out.push_back(l);
    return out;
}

// The last line before bestmove that is an info line.
std::string last_info(const std::vector<std::string>& lines) {
    for (auto it = lines.rbegin(); it != lines.rend(); ++it)
        if (it->rfind("info ", 0) == 0) return *it;
    return {};
}

TEST_F(GuiOutput, TextFormatSaysTheLabelInOneSentence) {
    Glossfish& g = start({}, /*labels=*/true);
    g.send("setoption name Glossfish Info Format value text");
    g.send(std::string("position startpos moves ") + ScholarMoves);
    auto lines = g.go("go depth 12", Millis(60000));
    auto readable = matching(lines, is_readable);
    ASSERT_FALSE(readable.empty()) << g.transcript();
    const std::string& line = readable.back();
    // One sentence a person reads: the move, its label, the better move; no JSON.
    EXPECT_NE(line.find("Nf6"), std::string::npos) << line;
    EXPECT_NE(line.find("blunder"), std::string::npos) << line;
    EXPECT_NE(line.find("g6"), std::string::npos) << line;
    EXPECT_EQ(line.find('{'), std::string::npos) << line;
    EXPECT_NE(line.find("(d14)"), std::string::npos) << line;  // the quality depth
    // No word a UCI adapter parses (polyglot cuts an info string at `depth`).
    EXPECT_EQ(line.find(" depth "), std::string::npos) << line;
    EXPECT_TRUE(matching(lines, is_quality_json).empty()) << g.transcript();
}

TEST_F(GuiOutput, JsonFormatHasNoReadableLineAndBothHasEach) {
    Glossfish& g = start({}, /*labels=*/true);
    g.send("setoption name Glossfish Info Format value json");
    g.send(std::string("position startpos moves ") + ScholarMoves);
    auto lines = g.go("go depth 10", Millis(60000));
    EXPECT_TRUE(matching(lines, is_readable).empty()) << g.transcript();
    EXPECT_FALSE(matching(lines, is_quality_json).empty()) << g.transcript();

    g.send("setoption name Glossfish Info Format value both");
    g.send("position startpos moves e2e4 e7e5 g1f3");
    lines = g.go("go depth 10", Millis(60000));
    auto json = matching(lines, is_quality_json);
    auto readable = matching(lines, is_readable);
    ASSERT_FALSE(json.empty()) << g.transcript();
    // Said once: a label that repeats (the same sentence at a later step) is not printed again,
    // so there are at most as many readable lines as JSON ones, and no two alike.
    ASSERT_FALSE(readable.empty()) << g.transcript();
    EXPECT_LE(readable.size(), json.size()) << g.transcript();
    for (std::size_t i = 0; i < readable.size(); ++i)
        for (std::size_t k = i + 1; k < readable.size(); ++k)
            EXPECT_NE(readable[i], readable[k]) << g.transcript();
    // The last readable line says the text of the last JSON label.
    const std::string text = payload(json.back())["text"];
    EXPECT_NE(readable.back().find(text), std::string::npos) << readable.back() << "\n" << text;
}

// What polyglot and other adapters would cut: no readable line the real engine prints (labels,
// the MultiPV summary, the opening) holds a UCI keyword as a word, and each says something new.
TEST_F(GuiOutput, ReadableLinesHoldNoAdapterKeywordAndNeverRepeat) {
    Glossfish& g = start({}, /*labels=*/true);
    g.send("setoption name Glossfish Info Format value text");
    g.send("setoption name MultiPV value 3");
    std::vector<std::string> said;
    for (const char* moves : {"e2e4 e7e5 g1f3 f7f6 f3e5 f6e5", ScholarMoves}) {
        g.send(std::string("position startpos moves ") + moves);
        for (const std::string& l : g.go("go depth 12", Millis(60000)))
            if (l.rfind("info string glossfish", 0) == 0) said.push_back(l);
    }
    ASSERT_GE(said.size(), 3u) << g.transcript();
    const std::set<std::string> keywords = {
        "depth",   "seldepth", "score",    "nodes",  "nps",    "time",       "pv",
        "multipv", "currmove", "hashfull", "tbhits", "string", "refutation", "currline"};
    for (const std::string& l : said) {
        std::istringstream in(l.substr(std::string("info string ").size()));
        for (std::string w; in >> w;) EXPECT_EQ(keywords.count(w), 0u) << w << " in: " << l;
    }
    for (std::size_t i = 0; i < said.size(); ++i)
        for (std::size_t k = i + 1; k < said.size(); ++k) EXPECT_NE(said[i], said[k]) << said[i];
}

TEST_F(GuiOutput, BadInfoFormatIsRefused) {
    start();
    expect_one_error("setoption name Glossfish Info Format value xml", "bad_option_value");
}

// XBoard through polyglot shows the last info line it got in its status line: after our own
// lines the engine's latest `info depth … score … pv` comes again, so the last info line of a
// search is the engine's.
TEST_F(GuiOutput, TheLastInfoLineOfASearchIsTheEngines) {
    Glossfish& g = start({}, /*labels=*/true);
    g.send(std::string("position startpos moves ") + ScholarMoves);
    auto lines = g.go("go depth 12", Millis(60000));
    ASSERT_FALSE(matching(lines, is_readable).empty()) << g.transcript();
    EXPECT_TRUE(is_engine_info(last_info(lines))) << g.transcript();
    // Every glossfish line during the search is followed by an engine info line.
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
        if (!is_readable(lines[i])) continue;
        bool engine_after = false;
        for (std::size_t k = i + 1; k < lines.size() && !engine_after; ++k)
            engine_after = is_engine_info(lines[k]);
        EXPECT_TRUE(engine_after) << "line " << i << "\n" << g.transcript();
    }
    // The mate in one is what the GUI shows last, not +0.00.
    EXPECT_NE(last_info(lines).find("score mate 1"), std::string::npos) << g.transcript();
}

// ChessX sends `position fen X` without moves: when X is one legal move from the previous
// position, that move is labelled as played.
TEST_F(GuiOutput, FenOnlyPositionsInferTheMove) {
    Glossfish& g = start({}, /*labels=*/true);
    const std::string before = fen_after(StartFen, {"e2e4", "e7e5", "d1h5", "b8c6", "f1c4"});
    const std::string after = fen_after(before, {"g8f6"});
    g.send("ucinewgame");
    g.send("position fen " + before);
    g.go("go depth 8", Millis(60000));
    g.send("position fen " + after);
    auto lines = g.go("go movetime 1500", Millis(60000));
    auto quality = matching(lines, is_quality_json);
    ASSERT_FALSE(quality.empty()) << g.transcript();
    auto q = payload(quality.back());
    EXPECT_EQ(q["move"]["san"], "Nf6") << q.dump();
    EXPECT_EQ(q["fen"], before) << q.dump();
    EXPECT_EQ(q.value("inferred_move", false), true) << q.dump();
    EXPECT_EQ(q["label"], "blunder") << q.dump();
    // The engine still gets a legal position and answers for it (Qxf7#).
    EXPECT_EQ(bestmove_of(lines.back()), "h5f7") << g.transcript();

    // PyChess sends the same FEN twice (and stops the first search at once): the position
    // keeps its last move, and the second search labels it again.
    g.send("position fen " + after);
    g.send("go movetime 1500");
    g.send("stop");
    g.wait_bestmove();
    g.send("position fen " + after);
    lines = g.go("go movetime 1500", Millis(60000));
    quality = matching(lines, is_quality_json);
    ASSERT_FALSE(quality.empty()) << g.transcript();
    EXPECT_EQ(payload(quality.back())["move"]["san"], "Nf6") << g.transcript();
    EXPECT_EQ(g.fen(), after);
}

TEST_F(GuiOutput, NothingIsInferredAcrossANewGameOrTwoMoves) {
    Glossfish& g = start({}, /*labels=*/true);
    const std::string start_fen = fen_after(StartFen, {"e2e4"});
    // Two moves on: no label.
    g.send("ucinewgame");
    g.send("position fen " + start_fen);
    g.go("go depth 6", Millis(60000));
    g.send("position fen " + fen_after(start_fen, {"e7e5", "g1f3"}));
    auto lines = g.go("go depth 6", Millis(60000));
    EXPECT_TRUE(matching(lines, is_quality_json).empty()) << g.transcript();
    // One move on, but across ucinewgame: no label.
    g.send("ucinewgame");
    g.send("position fen " + fen_after(start_fen, {"e7e5", "g1f3", "b8c6"}));
    lines = g.go("go depth 6", Millis(60000));
    EXPECT_TRUE(matching(lines, is_quality_json).empty()) << g.transcript();
    // The position itself is the GUI's FEN in every case.
    EXPECT_EQ(g.fen(), fen_after(start_fen, {"e7e5", "g1f3", "b8c6"}));
}

// PyChess stops its first search after a second or two: a quick label (marked quick, at a low
// depth) comes first, and the full one follows when the search lasts.
TEST_F(GuiOutput, AQuickLabelComesBeforeAnEarlyStop) {
    Glossfish& g = start({}, /*labels=*/true);
    g.send("setoption name UCI_AnalyseMode value true");
    g.send("setoption name Glossfish Quality Depth value 22");
    g.send(std::string("position startpos moves ") + ScholarMoves);
    g.send("go infinite");
    const auto go_time = Clock::now();
    auto first = g.proc().expect(is_quality_json, Millis(10000));
    ASSERT_TRUE(first) << g.transcript();
    const double seconds =
        std::chrono::duration<double>(g.proc().last_match_time() - go_time).count();
    auto q = payload(*first);
    EXPECT_EQ(q.value("quick", false), true) << q.dump();
    EXPECT_EQ(q["move"]["san"], "Nf6");
    EXPECT_EQ(q["label"], "blunder") << q.dump();
    EXPECT_LT(q["depth"].get<int>(), 22);
    // Generous for a loaded machine; .ci/bench uci measures the p95 of this delay.
    EXPECT_LT(seconds, 3.0) << g.transcript();
    std::this_thread::sleep_for(Millis(300));
    g.send("stop");
    auto lines = g.wait_bestmove();
    EXPECT_TRUE(is_bestmove(lines.back()));
}

// The named opening while the position is on a named line, matched by position.
TEST_F(GuiOutput, TheOpeningIsNamedWhileInBook) {
    Glossfish& g = start({}, /*labels=*/true);
    g.send("setoption name Glossfish Info Format value json");
    g.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5");
    auto lines = g.go("go depth 6", Millis(60000));
    const auto opening = with_prefix(lines, "info string glossfish.opening ");
    ASSERT_EQ(opening.size(), 1u) << g.transcript();
    auto j = payload(opening[0]);
    EXPECT_EQ(j["eco"], "C60") << j.dump();
    EXPECT_NE(j["name"].get<std::string>().find("Ruy Lopez"), std::string::npos) << j.dump();
    // Out of book: no opening line.
    g.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    lines = g.go("go depth 6", Millis(60000));
    for (const auto& l : lines) EXPECT_NE(l.rfind("info string glossfish.opening ", 0), 0u) << l;
}

// A GUI that stops reading stdout for 2 s: glossfish's writes block meanwhile, nothing
// deadlocks, and `isready` is answered as soon as the GUI reads again.
TEST_F(GuiOutput, IsreadyIsAnsweredAssoonAsTheGuiReadsAgain) {
    Glossfish& g = start();
    g.proc().pause_reading();
    // About 200 KB of option lines: far more than a pipe holds.
    for (int i = 0; i < 80; ++i) g.send("uci");
    g.send("position startpos moves e2e4");
    g.send("isready");
    std::this_thread::sleep_for(Millis(2000));
    const auto resumed = Clock::now();
    g.proc().resume_reading();
    ASSERT_TRUE(g.proc().expect(line_is("readyok"), Millis(10000))) << g.transcript();
    const double seconds =
        std::chrono::duration<double>(g.proc().last_match_time() - resumed).count();
    EXPECT_LT(seconds, 1.0);
    EXPECT_EQ(g.fen(), fen_after(StartFen, {"e2e4"}));
}

}  // namespace
}  // namespace glossfish::testkit
