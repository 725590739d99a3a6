// The delivery contract and hostile input on the UCI path, through the real binary over pipes:
// analysis products arrive before their search's bestmove; stop, a new position and ucinewgame drop
// unfinished work (nothing of it is printed later) and leave no CPU in use; quit and end of input
// exit within 200 ms whatever runs; bad go limits are answered with a legal bestmove at once; an
// illegal bestmove from the engine never reaches the GUI; invalid UTF-8 and 100 MB lines get an
// error quoting a prefix.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "glossfish_session.h"
#include "test_support.h"

namespace glossfish::testkit {
namespace {

class Delivery : public GlossfishTest {};

#ifdef GLOSSFISH_SANITIZED
// ASan's leak check runs at exit and its quarantine keeps freed blocks: looser bounds.
constexpr long QuitBudgetMs = 600;
constexpr long PeakRssMb = 256;
#else
constexpr long QuitBudgetMs = 200;  // the issue's bound
constexpr long PeakRssMb = 64;
#endif

bool is_glossfish_json(const std::string& l) { return l.rfind("info string glossfish.", 0) == 0; }

// The README's python-chess flow (1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6, analysis at depth 14) with a
// small tree and commentary on: the quality label, the tree and the verdict of the searched
// position all come before its bestmove, and nothing comes after it.
TEST_F(Delivery, AnalysisPrintsEveryProductBeforeBestmove) {
    Glossfish& g = start({}, /*labels=*/true);
    g.send("setoption name Glossfish Tree value true");
    g.send("setoption name Glossfish Tree Plies value 2");
    g.send("setoption name Glossfish Tree Breadth value 2");
    g.send("setoption name Glossfish Tree Depth value 6");
    g.send("setoption name Glossfish Commentary value Nf6 is a blunder.");
    g.send("position startpos moves e2e4 e7e5 d1h5 b8c6 f1c4 g8f6");
    const std::string fen = g.fen();
    const std::string before = fen_after(StartFen, {"e2e4", "e7e5", "d1h5", "b8c6", "f1c4"});
    auto lines = g.go("go depth 14", Millis(60000));

    // The label at the quality depth, after the quick one when that came first.
    auto labels = with_prefix(lines, "info string glossfish.quality ");
    std::vector<std::string> quality;
    for (const auto& l : labels)
        if (!payload(l).value("quick", false)) quality.push_back(l);
    ASSERT_EQ(quality.size(), 1u) << g.transcript();
    EXPECT_EQ(labels.back(), quality[0]) << g.transcript();
    auto q = payload(quality[0]);
    EXPECT_EQ(q["fen"], before);
    EXPECT_EQ(q["move"]["san"], "Nf6");
    EXPECT_EQ(q["label"], "blunder") << q.dump();  // Qxf7# follows
    // Its reason (White mates in one) needs no search beyond the label's own.
    EXPECT_FALSE(q.contains("reasons_pending")) << q.dump();
    ASSERT_FALSE(q["reasons"].empty()) << q.dump();
    EXPECT_EQ(q["reasons"][0]["kind"], "allows_mate") << q.dump();
    auto tree = with_prefix(lines, "info string glossfish.tree ");
    ASSERT_EQ(tree.size(), 1u) << g.transcript();
    EXPECT_EQ(payload(tree[0])["fen"], fen);
    EXPECT_EQ(payload(tree[0])["best"]["san"], "Qxf7#");
    auto verify = with_prefix(lines, "info string glossfish.verify ");
    ASSERT_EQ(verify.size(), 1u) << g.transcript();
    EXPECT_EQ(payload(verify[0])["fen"], before);
    EXPECT_EQ(payload(verify[0])["atoms"][0]["result"], "correct") << verify[0];
    EXPECT_TRUE(errors_in(lines).empty()) << g.transcript();

    std::this_thread::sleep_for(Millis(500));
    auto after = g.sync();
    EXPECT_EQ(count(after, is_glossfish_json), 0) << g.transcript();
}

// A reason that needs a search of its own does not hold the label back: 2.Ke2 (a mistake, no
// tactic behind it) gets its full-depth label at once with the reasons the label's searches
// prove and reasons_pending, then the same label again with every reason, both before bestmove.
TEST_F(Delivery, ReasonsThatNeedASearchFollowTheirLabel) {
    Glossfish& g = start({}, /*labels=*/true);
    g.send("position startpos moves e2e4 e7e5 e1e2");
    auto lines = g.go("go depth 14", Millis(60000));
    std::vector<nlohmann::json> full;
    for (const auto& l : with_prefix(lines, "info string glossfish.quality "))
        if (!payload(l).value("quick", false)) full.push_back(payload(l));
    ASSERT_EQ(full.size(), 2u) << g.transcript();
    EXPECT_EQ(full[0].value("reasons_pending", false), true) << full[0].dump();
    EXPECT_FALSE(full[1].contains("reasons_pending")) << full[1].dump();
    for (const auto& q : full) {
        EXPECT_EQ(q["move"]["san"], "Ke2") << q.dump();
        EXPECT_EQ(q["label"], full[0]["label"]) << q.dump();
        EXPECT_NE(q["label"], "good") << q.dump();
        ASSERT_FALSE(q["reasons"].empty()) << q.dump();
        EXPECT_EQ(q["reasons"][0]["kind"], "spoils_advantage") << q.dump();
    }
    // The later answer says no less than the first.
    EXPECT_GE(full[1]["reasons"].size(), full[0]["reasons"].size());
    EXPECT_TRUE(errors_in(lines).empty()) << g.transcript();
}

// stop ends a search at once even while a long tree is being built for its position; the tree
// is dropped (never printed later), and the analysis engine stops searching.
TEST_F(Delivery, StopDropsUnfinishedProducts) {
    Glossfish& g = start();
    g.send("setoption name Glossfish Tree value true");
    g.send("setoption name Glossfish Tree Plies value 4");
    g.send("setoption name Glossfish Tree Depth value 22");
    g.send("position startpos moves e2e4");
    g.send("go infinite");
    g.read_until(info_depth_at_least(6), SearchDeadline, "search output");
    const auto t0 = Clock::now();
    g.send("stop");
    auto lines = g.wait_bestmove(Millis(3000));
    // At once, not after the tree (minutes of depth-22 searches); generous for a loaded box.
    EXPECT_LT(g.proc().last_match_time() - t0, Millis(1000)) << "bestmove waited after stop";
    // The analysis Stockfish, started for the tree, may still be loading its network.
    std::this_thread::sleep_for(Millis(1000));
    const double cpu0 = cpu_seconds_with_children(g.proc().pid());
    std::this_thread::sleep_for(Millis(1000));
    const double idle = cpu_seconds_with_children(g.proc().pid()) - cpu0;
    auto after = g.sync();
    EXPECT_EQ(count(g.proc().lines(), starts_with("info string glossfish.tree ")), 0)
        << g.transcript();
    EXPECT_TRUE(errors_in(g.proc().lines()).empty()) << g.transcript();
    EXPECT_LT(idle, 0.1) << "CPU seconds in 1 idle second after stop";
}

// A timed game: bestmove never waits for products; what is not ready is dropped when it is
// printed; after ucinewgame and a new position nothing names the old position, and glossfish
// with its engines is idle.
TEST_F(Delivery, TimedGamesNeverWaitAndLeaveNothingBehind) {
    Glossfish& g = start({}, /*labels=*/true);
    g.send("setoption name Glossfish Quality In Games value true");
    g.send("setoption name Glossfish Tree value true");
    g.send("setoption name Glossfish Tree Plies value 4");
    g.send("setoption name Glossfish Tree Depth value 20");
    g.send("position startpos moves d2d4 d7d5 c2c4");
    const std::string old_fen = g.fen();
    const auto t0 = Clock::now();
    auto lines = g.go("go wtime 300 btime 300 winc 0 binc 0", Millis(10000));
    EXPECT_LT(g.proc().last_match_time() - t0, Millis(2000)) << "bestmove waited for products";
    EXPECT_TRUE(is_legal(old_fen, bestmove_of(lines.back()))) << lines.back();
    // The 4-ply tree was not ready: cancelled with the bestmove, so nothing runs now (after
    // the analysis Stockfish, started for this game, has loaded its network).
    std::this_thread::sleep_for(Millis(1000));
    const double cpu0 = cpu_seconds_with_children(g.proc().pid());
    std::this_thread::sleep_for(Millis(1000));
    EXPECT_LT(cpu_seconds_with_children(g.proc().pid()) - cpu0, 0.1)
        << "CPU seconds in 1 idle second after a bestmove";
    g.send("ucinewgame");
    g.send("position startpos moves e2e4");
    std::this_thread::sleep_for(Millis(300));
    auto after = g.sync();
    const std::string before_old = fen_after(StartFen, {"d2d4", "d7d5"});
    // Only lines printed before the bestmove may name the old position.
    const std::vector<std::string> all = g.proc().lines();
    const auto best = std::find_if(all.begin(), all.end(), is_bestmove);
    for (auto at = all.begin(); at != all.end(); ++at) {
        const bool old =
            at->find(old_fen) != std::string::npos || at->find(before_old) != std::string::npos;
        if (!is_glossfish_json(*at) || !old) continue;
        EXPECT_LT(at, best) << "after bestmove: " << *at;
    }
    for (const auto& l : after) EXPECT_FALSE(is_glossfish_json(l)) << l;
}

// quit exits within 200 ms whatever runs: a long tree request, an infinite search, a deep label.
TEST_F(Delivery, QuitExitsWithin200ms) {
    const std::vector<std::vector<std::string>> scenarios = {
        {"position startpos moves e2e4", "tree plies 4 depth 22"},
        {"position startpos", "go infinite"},
        {"setoption name Glossfish Quality Depth value 40", "position startpos moves g1f3",
         "go infinite"},
        {"position startpos moves e2e4", "label move e5 depth 40", "tree plies 4 depth 22"},
    };
    for (const auto& commands : scenarios) {
        SCOPED_TRACE(commands.back());
        Glossfish& g = start({}, /*labels=*/true);
        for (const auto& c : commands) g.send(c);
        g.sync();
        std::this_thread::sleep_for(Millis(700));  // the work is well under way
        const auto t0 = Clock::now();
        g.send("quit");
        EXPECT_EQ(g.proc().wait_exit(Millis(5000)), std::optional<int>(0)) << g.transcript();
        const auto took = std::chrono::duration_cast<Millis>(Clock::now() - t0);
        EXPECT_LE(took.count(), QuitBudgetMs) << "quit took " << took.count() << " ms";
        std::printf("quit after '%s': %lld ms\n", commands.back().c_str(), (long long)took.count());
        EXPECT_EQ(g.proc().stderr_text().find("Sanitizer"), std::string::npos)
            << g.proc().stderr_text();
        gf_.reset();
    }
}

TEST_F(Delivery, EndOfInputExitsWithin200msDuringATree) {
    Glossfish& g = start();
    g.send("position startpos moves e2e4");
    g.send("tree plies 4 depth 22");
    g.sync();
    std::this_thread::sleep_for(Millis(700));
    const auto t0 = Clock::now();
    g.proc().close_input();
    EXPECT_EQ(g.proc().wait_exit(Millis(5000)), std::optional<int>(0)) << g.transcript();
    const auto took = std::chrono::duration_cast<Millis>(Clock::now() - t0);
    EXPECT_LE(took.count(), QuitBudgetMs) << "EOF took " << took.count() << " ms";
    std::printf("exit after end of input during a tree: %lld ms\n", (long long)took.count());
    gf_.reset();
}

// A go with a bad limit is rejected (bad_go) and answered with a legal
// bestmove at once, never with a search nobody asked for.
TEST_F(Delivery, BadGoLimitsAreRejectedWithALegalBestmove) {
    Glossfish& g = start();
    g.send("position startpos moves e2e4");
    const std::string fen = g.fen();
    for (const char* go :
         {"go depth -5", "go depth abc", "go movetime -1", "go nodes 18446744073709551617",
          "go perft -1", "go perft 13", "go dpeth 8", "go wtime abc btime 1000",
          "go searchmoves e2e4", "go depth 5 movetime"}) {
        SCOPED_TRACE(go);
        auto lines = g.go(go, ReplyDeadline);  // no stop is sent: the answer comes by itself
        auto errors = errors_in(lines);
        ASSERT_EQ(errors.size(), 1u) << g.transcript();
        EXPECT_EQ(payload(errors[0])["code"], "bad_go") << errors[0];
        EXPECT_TRUE(is_legal(fen, bestmove_of(lines.back()))) << lines.back();
        EXPECT_EQ(count(g.sync(), is_bestmove), 0);
    }
    // A rejected ponder go still ponders: its bestmove waits for stop, as the GUI expects.
    g.send("go ponder wtime x");
    std::this_thread::sleep_for(Millis(300));
    EXPECT_EQ(count(g.proc().drain(), is_bestmove), 0) << g.transcript();
    g.send("stop");
    auto lines = g.wait_bestmove(ReplyDeadline);
    EXPECT_TRUE(is_legal(fen, bestmove_of(lines.back()))) << lines.back();
}

// An illegal bestmove (or ponder move) from the hosted engine is never
// relayed: engine_failed, a legal move instead, and a fresh child.
TEST_F(Delivery, IllegalBestmoveFromTheEngineIsNeverRelayed) {
    for (const char* mode : {"illegal-bestmove", "illegal-ponder"}) {
        SCOPED_TRACE(mode);
        Glossfish& g = start({"GLOSSFISH_STOCKFISH=" + std::string(GLOSSFISH_FAKE_ENGINE),
                              std::string("FAKE_UCI_MODE=") + mode});
        g.send("position startpos");
        auto children = live_children(g.proc().pid());
        ASSERT_EQ(children.size(), 1u);
        auto lines = g.go("go depth 1");
        auto errors = errors_in(lines);
        ASSERT_EQ(errors.size(), 1u) << g.transcript();
        EXPECT_EQ(payload(errors[0])["code"], "engine_failed");
        EXPECT_NE(payload(errors[0])["message"].get<std::string>().find("illegal"),
                  std::string::npos);
        EXPECT_EQ(lines.back(), "bestmove e2e4") << "the legal move of the engine's last line";
        // The restarted child answers the next search (again illegally: again replaced).
        auto next = g.go("go depth 1");
        EXPECT_EQ(next.back(), "bestmove e2e4");
        g.send("setoption name Hash value 16");  // after the restart that follows
        g.sync();
        auto now = live_children(g.proc().pid());
        ASSERT_EQ(now.size(), 1u);
        EXPECT_NE(now[0], children[0]) << "the child was not restarted";
        g.send("quit");
        EXPECT_EQ(g.proc().wait_exit(Millis(5000)), std::optional<int>(0));
        gf_.reset();
    }
}

// The info lines: a principal variation is relayed up to its first move that
// is not legal, never beyond it.
TEST_F(Delivery, IllegalPvMovesFromTheEngineAreCut) {
    Glossfish& g = start(
        {"GLOSSFISH_STOCKFISH=" + std::string(GLOSSFISH_FAKE_ENGINE), "FAKE_UCI_MODE=illegal-pv"});
    g.send("position startpos");
    auto lines = g.go("go depth 1");
    EXPECT_TRUE(errors_in(lines).empty()) << g.transcript();
    std::vector<std::string> pvs;
    for (const auto& l : lines)
        if (l.rfind("info ", 0) == 0 && l.find(" pv ") != std::string::npos) pvs.push_back(l);
    ASSERT_FALSE(pvs.empty()) << g.transcript();
    const std::string& last = pvs.back();
    // e2e4 e7e5 are legal from the start; e5e4 moves a pawn onto the pawn on e4.
    EXPECT_EQ(last.substr(last.size() - 12), "pv e2e4 e7e5") << last;
    EXPECT_EQ(lines.back(), "bestmove e2e4");
}

// A `go` refused before it is read (a bad byte, a line over the limit) still ends in exactly
// one legal bestmove: the GUI waits for it.
TEST_F(Delivery, RefusedGoLinesStillEndInABestmove) {
    gf_ = std::make_unique<Glossfish>();
    Glossfish& g = *gf_;
    g.send("position startpos moves e2e4");
    const std::string fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    g.proc().send_raw("go depth 3\xc3\n");
    auto lines = g.wait_bestmove(ReplyDeadline);
    auto errors = errors_in(lines);
    ASSERT_EQ(errors.size(), 1u) << g.transcript();
    EXPECT_EQ(payload(errors[0])["code"], "bad_utf8");
    EXPECT_TRUE(is_legal(fen, bestmove_of(lines.back()))) << lines.back();
    EXPECT_EQ(count(g.sync(), is_bestmove), 0);

    std::string longer = "go searchmoves";
    while (longer.size() < (std::size_t(3) << 19)) longer += " e7e5";
    g.proc().send_raw(longer + "\n");
    lines = g.wait_bestmove(ReplyDeadline);
    errors = errors_in(lines);
    ASSERT_EQ(errors.size(), 1u) << g.transcript();
    EXPECT_EQ(payload(errors[0])["code"], "line_too_long");
    EXPECT_TRUE(is_legal(fen, bestmove_of(lines.back()))) << lines.back();
    EXPECT_EQ(count(g.sync(), is_bestmove), 0);
}

// Invalid UTF-8 anywhere in a line is one error naming what was bad; the
// loop goes on.
TEST_F(Delivery, InvalidUtf8GetsAnErrorAndKeepsRunning) {
    gf_ = std::make_unique<Glossfish>();
    Glossfish& g = *gf_;
    g.proc().send_raw("uci\n\xff\nisready\n");
    auto lines = g.read_until(line_is("readyok"), StartDeadline, "readyok after a bad byte");
    auto errors = errors_in(lines);
    ASSERT_EQ(errors.size(), 1u) << g.transcript();
    EXPECT_EQ(payload(errors[0])["code"], "bad_utf8");
    EXPECT_EQ(payload(errors[0])["message"],
              "the command word is not valid UTF-8 (byte 0xFF at offset 0)");
    const std::pair<std::string, std::string> cases[] = {
        {"setoption name Glossfish Commentary value Nf3 \xe9tait bon",
         "the value of option 'Glossfish Commentary' is not valid UTF-8 (byte 0xE9 at offset 4)"},
        {"tool attackers {\"fen\": \"\xc3\", \"square\": \"e4\", \"color\": \"white\"}",
         "the JSON arguments of 'tool attackers' are not valid UTF-8 (byte 0xC3 at offset 9)"},
        {"position startpos moves e2e4 \xff",
         "word 5 of 'position' is not valid UTF-8 (byte "
         "0xFF at offset 0)"},
        {"verify text e4 \xf0\x28\x8c\x28",
         "word 4 of 'verify' is not valid UTF-8 (byte 0xF0 "
         "at offset 0)"},
    };
    for (const auto& [line, message] : cases) {
        g.send(line);
        auto errs = errors_in(g.sync());
        ASSERT_EQ(errs.size(), 1u) << g.transcript();
        EXPECT_EQ(payload(errs[0])["message"], message);
    }
    EXPECT_EQ(g.fen(), StartFen);
    g.send("position startpos moves e2e4");
    EXPECT_TRUE(is_legal(g.fen(), bestmove_of(g.go("go depth 3").back())));
}

// A 100 MB line, a 100 MB `position ... moves` and a 100 MB commentary are
// refused with an error that quotes a prefix; memory stays bounded and readyok is prompt.
TEST_F(Delivery, HugeInputStaysWithinTheLimits) {
    Glossfish& g = start();
    const std::size_t big = 100u << 20;
    std::string moves = "position startpos moves";
    while (moves.size() < big) moves += " g1f3 g8f6 f3g1 f6g8";
    const std::vector<std::string> lines = {
        std::string(big, 'x'), moves,
        "setoption name Glossfish Commentary value " + std::string(big, 'e')};
    for (const auto& line : lines) {
        g.proc().send_raw(line + "\n");
        const auto t0 = Clock::now();
        auto out = g.sync();
        EXPECT_LT(g.proc().last_match_time() - t0, Millis(1000)) << "readyok was slow";
        auto errors = errors_in(out);
        ASSERT_EQ(errors.size(), 1u) << out.size();
        EXPECT_EQ(payload(errors[0])["code"], "line_too_long");
        EXPECT_LT(errors[0].size(), 600u) << "the error quotes more than a prefix";
        EXPECT_NE(errors[0].find("bytes; the limit is 1048576"), std::string::npos) << errors[0];
    }
    EXPECT_EQ(g.fen(), StartFen);
    // Within the line limit, the move count and the option length have their own limits.
    std::string many = "position startpos moves";
    for (int i = 0; i < 3001; ++i) many += " g1f3 g8f6 f3g1 f6g8";
    expect_one_error(many, "too_many_moves");
    expect_one_error("setoption name Glossfish Commentary value " + std::string(9000, 'e'),
                     "bad_option_value");
    const long peak_mb = peak_rss_kb(g.proc().pid()) / 1024;
    EXPECT_LT(peak_mb, PeakRssMb) << "peak RSS " << peak_mb << " MB";
    std::printf("glossfish peak RSS after three 100 MB lines: %ld MB\n", peak_mb);
}

// Every error quotes a prefix of what it names, whichever word is long: the command word, a
// tool name, a label or tree key, a go parameter, a searchmove, an option name (the fuzzer
// found the command word of a bad-UTF-8 line quoted whole).
TEST_F(Delivery, LongWordsAreQuotedByTheirPrefix) {
    Glossfish& g = start();
    const std::string w(5000, 'u');
    const std::vector<std::string> lines = {
        "to" + w + " x \xff",
        "tool " + w + " {\"a\": \"\xff\"}",
        "to" + w,
        "tool " + w + " {}",
        "label " + w,
        "label " + w + " 3",
        "tree " + w,
        "tree " + w + " 3",
        "tree plies " + w,
        "go " + w,
        "go depth " + w,
        "go searchmoves e2e4" + w,
        "position startpos moves e2e4 " + w,
        "position startpos " + w,
        "setoption name " + w + " value 1",
        "setoption name Glossfish Quality Scheme value " + w,
        "verify " + w,
    };
    for (const auto& line : lines) {
        g.proc().send_raw(line + "\n");
        std::vector<std::string> errors;
        if (line.rfind("tool ", 0) == 0 && line.find('\xff') == std::string::npos)
            // A tool call is answered on its lane, with the error as its result.
            errors.push_back(g.read_until(starts_with("info string glossfish.tool "), ReplyDeadline,
                                          "the tool's result")
                                 .back());
        else if (line.rfind("go ", 0) == 0)  // a rejected go still gets its bestmove
            errors = errors_in(g.wait_bestmove());
        else errors = errors_in(g.sync());
        ASSERT_EQ(errors.size(), 1u) << line.substr(0, 40) << "\n" << g.transcript();
        // The message and text hold at most the 80-byte prefix, never more of the word.
        EXPECT_EQ(errors[0].find(std::string(81, 'u')), std::string::npos)
            << errors[0].substr(0, 400);
        EXPECT_LT(errors[0].size(), 2000u) << errors[0].substr(0, 400);
        EXPECT_NE(errors[0].find("(5"), std::string::npos)
            << "the error does not give the size of what it cut: " << errors[0].substr(0, 400);
    }
    EXPECT_EQ(g.fen(), StartFen);
}

}  // namespace
}  // namespace glossfish::testkit
