// Protocol tests: the real `glossfish` binary (hosting Debian's Stockfish) driven over pipes
// the way a GUI drives it, every wait with a deadline (glossfish_session.h). Searches are
// depth-limited (depth ≤ 8) or stopped by the test. Every test ends with `quit`, which must
// exit 0 without a sanitizer report on stderr.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "fake_llm_server.h"
#include "glossfish_session.h"
#include "test_support.h"

namespace glossfish::testkit {
namespace {

// The shared fixture (glossfish_session.h): start(), expect_one_error(), a clean quit.
class Protocol : public GlossfishTest {};

TEST_F(Protocol, Handshake) {
    gf_ = std::make_unique<Glossfish>();
    auto lines = gf_->handshake();
    ASSERT_GE(lines.size(), 3u);
    EXPECT_EQ(lines[0].rfind("id name glossfish ", 0), 0u) << lines[0];
    EXPECT_NE(lines[0].find("Stockfish"), std::string::npos) << lines[0];
    EXPECT_EQ(count(lines, starts_with("id author ")), 1);
    EXPECT_EQ(lines.back(), "uciok");
    EXPECT_TRUE(errors_in(lines).empty()) << gf_->transcript();

    std::vector<std::string> names;
    for (const auto& l : lines) {
        if (l.rfind("option name ", 0) != 0) continue;
        auto type_at = l.find(" type ");
        ASSERT_NE(type_at, std::string::npos) << l;
        names.push_back(l.substr(12, type_at - 12));
    }
    std::set<std::string> unique(names.begin(), names.end());
    EXPECT_EQ(unique.size(), names.size()) << "option names must be unique";
    for (const char* name :
         {"Hash", "Threads", "MultiPV", "Ponder", "UCI_ShowWDL", "UCI_AnalyseMode", "UCI_Chess960",
          "Clear Hash", "Stockfish Path", "Glossfish Quality", "Glossfish Quality Scheme"})
        EXPECT_TRUE(unique.count(name)) << "missing option " << name;
    auto has = [&](const std::string& line) {
        return std::find(lines.begin(), lines.end(), line) != lines.end();
    };
    EXPECT_TRUE(has("option name Stockfish Path type string default <empty>"));
    EXPECT_TRUE(has("option name Glossfish Quality type check default true"));
    EXPECT_TRUE(has("option name Clear Hash type button"));
    EXPECT_TRUE(has("option name MultiPV type spin default 1 min 1 max 500"));
    EXPECT_TRUE(
        has("option name Glossfish Quality Scheme type combo default lichess var lichess "
            "var act-eval"));

    EXPECT_TRUE(gf_->sync().empty());
    gf_->send("ucinewgame");
    EXPECT_TRUE(errors_in(gf_->sync()).empty()) << gf_->transcript();
}

// isready is answered by the input thread at once, whatever the search does. Measured over
// 15 round trips 20 ms apart during `go infinite`: the median must be under the 50 ms the
// issue asks for, and no single one over 250 ms. The median keeps a lone scheduling stall on a
// loaded 2-core machine from failing the test; the 250 ms cap still catches an isready that
// queues behind search output or makes a round trip to the child.
TEST_F(Protocol, IsreadyDuringGoInfiniteAnsweredWithin50ms) {
    Glossfish& g = start();
    g.send("position startpos");
    g.send("go infinite");
    g.read_until(info_depth_at_least(5), SearchDeadline, "search output");

    std::vector<long long> latencies;
    for (int i = 0; i < 15; ++i) {
        auto t0 = Clock::now();
        g.send("isready");
        g.read_until(line_is("readyok"), ReplyDeadline, "readyok during go infinite");
        latencies.push_back(
            std::chrono::duration_cast<std::chrono::microseconds>(g.proc().last_match_time() - t0)
                .count());
        std::this_thread::sleep_for(Millis(20));
    }
    EXPECT_EQ(count(g.proc().drain(), is_bestmove), 0) << "the infinite search ended by itself";
    std::vector<long long> sorted = latencies;
    std::sort(sorted.begin(), sorted.end());
    std::ostringstream all;
    for (long long us : latencies) all << us / 1000.0 << " ";
    EXPECT_LT(sorted[sorted.size() / 2], 50'000) << "isready latencies (ms): " << all.str();
    EXPECT_LT(sorted.back(), 250'000) << "isready latencies (ms): " << all.str();

    g.send("stop");
    g.wait_bestmove(ReplyDeadline);
}

TEST_F(Protocol, StopEndsInfiniteSearchWithOneBestmove) {
    Glossfish& g = start();
    g.send("position startpos moves e2e4");
    std::string fen = g.fen();
    g.send("go infinite");
    g.read_until(info_depth_at_least(4), SearchDeadline, "search output");
    std::this_thread::sleep_for(Millis(300));
    EXPECT_EQ(count(g.proc().drain(), is_bestmove), 0) << g.transcript();

    g.send("stop");
    auto lines = g.wait_bestmove(Millis(3000));
    EXPECT_TRUE(is_legal(fen, bestmove_of(lines.back()))) << lines.back() << " in " << fen;
    EXPECT_TRUE(errors_in(lines).empty()) << g.transcript();

    // No second bestmove, also not after a stop while idle.
    g.send("stop");
    auto after = g.sync();
    std::this_thread::sleep_for(Millis(200));
    auto late = g.proc().drain();
    after.insert(after.end(), late.begin(), late.end());
    EXPECT_EQ(count(after, is_bestmove), 0) << g.transcript();
    EXPECT_TRUE(errors_in(after).empty()) << g.transcript();
}

TEST_F(Protocol, AnalysisWithMultiPvAndWdl) {
    Glossfish& g = start();
    g.send("setoption name MultiPV value 3");
    g.send("setoption name UCI_ShowWDL value true");
    g.send("position startpos");
    ASSERT_TRUE(errors_in(g.sync()).empty()) << g.transcript();
    auto lines = g.go("go depth 8");

    // The last complete iteration: depth 8, multipv 1..3, exact scores, each with a WDL.
    std::vector<std::string> final_lines(3);
    std::string last_main;
    for (const auto& l : lines) {
        if (l.rfind("info depth ", 0) != 0 || pv_of(l).empty()) continue;
        auto mpv = field(l, "multipv");
        ASSERT_TRUE(mpv) << l;
        ASSERT_GE(*mpv, 1);
        ASSERT_LE(*mpv, 3) << l;
        if (*mpv == 1) last_main = l;
        if (field(l, "depth") == 8 && l.find("bound") == std::string::npos)
            final_lines[std::size_t(*mpv - 1)] = l;
    }
    std::set<std::string> first_moves;
    for (const auto& l : final_lines) {
        ASSERT_FALSE(l.empty()) << "no exact depth-8 line for every multipv\n" << g.transcript();
        auto w = words(l);
        auto wdl = std::find(w.begin(), w.end(), "wdl");
        ASSERT_TRUE(wdl != w.end() && w.end() - wdl > 3) << l;
        EXPECT_EQ(std::stoi(wdl[1]) + std::stoi(wdl[2]) + std::stoi(wdl[3]), 1000) << l;
        EXPECT_TRUE(is_legal(StartFen, pv_of(l).front())) << l;
        first_moves.insert(pv_of(l).front());
    }
    EXPECT_EQ(first_moves.size(), 3u) << "the three lines start with different moves";
    EXPECT_EQ(bestmove_of(lines.back()), pv_of(last_main).front()) << g.transcript();
}

// An option set while Stockfish thinks is accepted (no error), kept from the running search,
// and in force for the next one.
TEST_F(Protocol, SetoptionDuringSearchAppliesToTheNextSearch) {
    Glossfish& g = start();
    g.send("position startpos");
    g.send("go infinite");
    g.read_until(info_depth_at_least(4), SearchDeadline, "search output");
    g.send("setoption name MultiPV value 2");
    auto during = g.sync();
    EXPECT_TRUE(errors_in(during).empty()) << g.transcript();
    std::this_thread::sleep_for(Millis(200));
    g.send("stop");
    auto first = g.wait_bestmove(Millis(3000));
    during.insert(during.end(), first.begin(), first.end());
    for (const auto& l : during)
        EXPECT_FALSE(field(l, "multipv").value_or(1) > 1) << "the running search changed: " << l;

    auto next = g.go("go depth 6");
    EXPECT_GT(count(next, [](const std::string& l) { return field(l, "multipv") == 2; }), 0)
        << g.transcript();
    EXPECT_TRUE(errors_in(next).empty()) << g.transcript();
}

// Every option of the handshake (but the engine path and text fields) changed again and again
// while an analysis with MultiPV labels runs: the lines' labels are made on Stockfish's reader
// thread while the input thread changes the settings, the pool and MultiPV (a data race and a
// use after free before the search kept its own copy). Each change is accepted or refused as
// busy; the search still stops at once; under the sanitizers the quit is clean.
TEST_F(Protocol, EveryOptionChangesDuringAnInfiniteAnalysis) {
    gf_ = std::make_unique<Glossfish>();
    Glossfish& g = *gf_;
    std::vector<std::pair<std::string, std::vector<std::string>>> options;
    for (const auto& l : g.handshake()) {
        if (l.rfind("option name ", 0) != 0) continue;
        const auto type_at = l.find(" type ");
        const std::string name = l.substr(12, type_at - 12);
        const auto w = words(l.substr(type_at));
        std::vector<std::string> values;
        if (w[1] == "check") values = {"true", "false"};
        if (w[1] == "combo")
            for (std::size_t i = 2; i + 1 < w.size(); ++i)
                if (w[i] == "var") values.push_back(w[i + 1]);
        if (w[1] == "spin") {
            auto at = [&](const char* key) {
                auto it = std::find(w.begin(), w.end(), key);
                return std::stoll(*(it + 1));
            };
            const long long lo = at("min"), def = at("default");
            values = {std::to_string(std::max(lo, def - 1)), std::to_string(def)};
        }
        // Options that only restart things the test does not look at, or ask the machine for
        // more than it has, are left alone.
        if (name == "Threads" || name == "Hash" || name == "Glossfish Live Page" ||
            name == "Glossfish Comment" || name == "Debug Log File")
            continue;
        if (!values.empty()) options.emplace_back(name, values);
    }
    ASSERT_GT(options.size(), 10u) << g.transcript();
    g.send("setoption name UCI_AnalyseMode value true");
    g.send("setoption name MultiPV value 3");
    g.send("position startpos moves e2e4 e7e5 g1f3");
    ASSERT_TRUE(errors_in(g.sync()).empty()) << g.transcript();
    g.send("go infinite");
    g.read_until(info_depth_at_least(3), SearchDeadline, "search output");
    std::vector<std::string> seen;
    for (int round = 0; round < 4; ++round) {
        for (const auto& [name, values] : options) {
            g.send("setoption name " + name + " value " +
                   values[std::size_t(round) % values.size()]);
            // MultiPV and the quality scheme, the two the lines read, between every other one.
            g.send("setoption name MultiPV value " + std::to_string(1 + (round + 1) % 4));
            g.send(std::string("setoption name Glossfish Quality Scheme value ") +
                   (round % 2 ? "lichess" : "act-eval"));
        }
        auto lines = g.sync();
        seen.insert(seen.end(), lines.begin(), lines.end());
    }
    g.send("setoption name Glossfish Quality value true");
    g.send("setoption name MultiPV value 3");
    std::this_thread::sleep_for(Millis(300));
    g.send("stop");
    auto end = g.wait_bestmove(Millis(3000));
    seen.insert(seen.end(), end.begin(), end.end());
    for (const auto& e : errors_in(seen)) {
        const std::string code = payload(e).value("code", "");
        EXPECT_TRUE(code == "busy") << e;
    }
    EXPECT_TRUE(is_legal(fen_after(StartFen, {"e2e4", "e7e5", "g1f3"}), bestmove_of(end.back())))
        << g.transcript();
    // The next search works with the options as they were left.
    auto next = g.go("go depth 6");
    EXPECT_EQ(count(next, is_bestmove), 1) << g.transcript();
}

// In analysis mode with MultiPV, glossfish adds the win% each line loses against line 1.
TEST_F(Protocol, AnalyseModeReportsLinesWithWinPercentLoss) {
    Glossfish& g = start({}, /*labels=*/true);
    g.send("setoption name UCI_AnalyseMode value true");
    g.send("setoption name MultiPV value 3");
    g.send("position startpos");  // no last move: nothing to label, no second Stockfish
    ASSERT_TRUE(errors_in(g.sync()).empty()) << g.transcript();
    auto lines = g.go("go depth 8");

    const auto reports = with_prefix(lines, "info string glossfish.lines ");
    ASSERT_FALSE(reports.empty()) << g.transcript();
    nlohmann::json j = payload(reports.back());
    ASSERT_TRUE(j.contains("lines")) << j.dump();
    ASSERT_EQ(j["lines"].size(), 3u) << j.dump();
    EXPECT_LE(j.value("depth", 0), 8);
    for (std::size_t i = 0; i < 3; ++i) {
        const auto& line = j["lines"][i];
        EXPECT_EQ(line.value("multipv", 0), int(i + 1)) << j.dump();
        EXPECT_TRUE(is_legal(StartFen, line.value("uci", ""))) << j.dump();
        EXPECT_FALSE(line.value("san", "").empty()) << j.dump();
        EXPECT_GE(line.value("wp_loss", -1.0), 0.0) << j.dump();
    }
    EXPECT_EQ(j["lines"][0].value("wp_loss", -1.0), 0.0) << j.dump();
    // The lines are made on a worker (the newest set wins while one is made), printed in the
    // order of their depths, and the search's last set (depth 8) comes before its bestmove,
    // which waits for it; nothing comes after the bestmove.
    int last_depth = 0;
    for (const auto& r : reports) {
        const int depth = payload(r).value("depth", 0);
        EXPECT_GT(depth, last_depth) << g.transcript();
        last_depth = depth;
    }
    EXPECT_EQ(last_depth, 8) << g.transcript();
    EXPECT_TRUE(with_prefix(g.sync(), "info string glossfish.lines ").empty()) << g.transcript();
}

// A new position drops the lines of the search still running on the old one: none is printed
// after it, neither of the old search nor later. A tool's answer, asked after the position,
// comes through the same ordered output, so every line made before the position is out by then.
TEST_F(Protocol, ANewPositionDropsTheRunningSearchsLines) {
    Glossfish& g = start({}, /*labels=*/true);
    g.send("setoption name UCI_AnalyseMode value true");
    g.send("setoption name MultiPV value 3");
    g.send("setoption name Glossfish Info Format value json");
    g.send("position startpos");
    ASSERT_TRUE(errors_in(g.sync()).empty()) << g.transcript();
    g.send("go infinite");
    g.read_until(starts_with("info string glossfish.lines "), SearchDeadline, "glossfish.lines");
    g.send("position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
    g.send(R"(tool attackers {"fen":"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1","square":"b5"})");
    g.read_until(starts_with("info string glossfish.tool "), ReplyDeadline, "glossfish.tool");
    std::this_thread::sleep_for(Millis(500));  // the old search goes on, at more depths
    g.send("stop");
    auto after = g.wait_bestmove(Millis(3000));
    EXPECT_TRUE(with_prefix(after, "info string glossfish.lines ").empty()) << g.transcript();
    EXPECT_TRUE(errors_in(after).empty()) << g.transcript();
}

// Each MultiPV line carries its label against line 1 and the reasons the board proves: after
// 3...Nf6 line 1 is 4.Qxf7# ("Qxf7# is checkmate."), and the other lines miss that mate.
TEST_F(Protocol, LinesCarryTheirLabelsAndReasons) {
    Glossfish& g = start({}, /*labels=*/true);
    g.send("setoption name UCI_AnalyseMode value true");
    g.send("setoption name MultiPV value 3");
    g.send("setoption name Glossfish Info Format value json");
    g.send("position startpos moves e2e4 e7e5 d1h5 b8c6 f1c4 g8f6");
    ASSERT_TRUE(errors_in(g.sync()).empty()) << g.transcript();
    auto lines = g.go("go depth 8");
    const auto reports = with_prefix(lines, "info string glossfish.lines ");
    ASSERT_FALSE(reports.empty()) << g.transcript();
    nlohmann::json j = payload(reports.back());
    ASSERT_EQ(j["lines"].size(), 3u) << j.dump();
    const auto& best = j["lines"][0];
    EXPECT_EQ(best.value("san", ""), "Qxf7#") << j.dump();
    EXPECT_EQ(best.value("label", ""), "good") << j.dump();
    ASSERT_TRUE(best.contains("reasons") && !best["reasons"].empty()) << j.dump();
    EXPECT_EQ(best["reasons"][0].value("kind", ""), "mates") << j.dump();
    EXPECT_EQ(best["reasons"][0].value("text", ""), "Qxf7# is checkmate.") << j.dump();
    for (std::size_t i = 1; i < 3; ++i) {
        const auto& line = j["lines"][i];
        const std::string san = line.value("san", "");
        EXPECT_NE(line.value("label", "good"), "good") << j.dump();
        ASSERT_TRUE(line.contains("reasons") && !line["reasons"].empty()) << j.dump();
        EXPECT_EQ(line["reasons"][0].value("kind", ""), "misses_mate") << j.dump();
        EXPECT_EQ(line["reasons"][0].value("text", ""),
                  "Instead of " + san + ", White mates in one with Qxf7#.")
            << j.dump();
    }
}

TEST_F(Protocol, PonderhitTurnsPonderSearchIntoBestmove) {
    Glossfish& g = start();
    g.send("position startpos moves e2e4 e7e5");
    std::string fen = g.fen();
    g.send("go ponder wtime 3000 btime 3000 winc 0 binc 0");
    g.read_until(info_depth_at_least(4), SearchDeadline, "ponder search output");
    std::this_thread::sleep_for(Millis(300));
    EXPECT_EQ(count(g.proc().drain(), is_bestmove), 0) << "bestmove while pondering";

    g.send("ponderhit");
    auto lines = g.wait_bestmove(Millis(10000));
    EXPECT_TRUE(is_legal(fen, bestmove_of(lines.back()))) << lines.back();
    EXPECT_TRUE(errors_in(lines).empty()) << g.transcript();
    auto after = g.sync();
    EXPECT_EQ(count(after, is_bestmove), 0) << g.transcript();
}

// A ponder miss: the GUI stops the ponder search; its bestmove still comes, once.
TEST_F(Protocol, StopEndsPonderSearch) {
    Glossfish& g = start();
    g.send("position startpos moves d2d4 d7d5");
    std::string fen = g.fen();
    g.send("go ponder wtime 3000 btime 3000");
    g.read_until(info_depth_at_least(4), SearchDeadline, "ponder search output");
    g.send("stop");
    auto lines = g.wait_bestmove(Millis(3000));
    EXPECT_TRUE(is_legal(fen, bestmove_of(lines.back()))) << lines.back();
    EXPECT_EQ(count(g.sync(), is_bestmove), 0) << g.transcript();
}

TEST_F(Protocol, BadPositionInputsAreOneErrorEachAndChangeNothing) {
    Glossfish& g = start();
    g.send("position startpos moves e2e4");
    const std::string fen = g.fen();
    ASSERT_EQ(fen, fen_after(StartFen, {"e2e4"}));

    const std::pair<const char*, const char*> cases[] = {
        {"position fen 8/8/8/8/8/8/8/8 w - - 0 1", "bad_fen"},  // no kings
        {"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "bad_fen"},
        {"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "bad_fen"},
        {"position fen", "bad_fen"},
        {"position fen this is not a fen at all", "bad_fen"},
        {"position", "bad_position"},
        {"position middlegame", "bad_position"},
        {"position startpos e2e4", "bad_position"},
        {"position startpos moves e2e4 e7e5 e1e3", "illegal_move"},
        {"position startpos moves e2e5", "illegal_move"},
        {"position startpos moves e7e5", "illegal_move"},  // black's move with white to move
        {"position startpos moves e2e4 e7e5 zz", "malformed_move"},
        // Castling after the rook has moved away and back: the right is gone.
        {"position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves h1h2 e8e7 h2h1 e7e8 e1g1",
         "illegal_move"},
        {"fly", "unknown_command"},
    };
    for (const auto& [command, code] : cases) {
        expect_one_error(command, code);
        EXPECT_EQ(g.fen(), fen) << "after '" << command << "'";
    }
    // And the position still searches as it was.
    auto lines = g.go("go depth 5");
    EXPECT_TRUE(is_legal(fen, bestmove_of(lines.back()))) << lines.back();
    EXPECT_TRUE(errors_in(lines).empty()) << g.transcript();
}

TEST_F(Protocol, BadOptionInputsAreOneErrorEachAndChangeNothing) {
    Glossfish& g = start();
    g.send("setoption name MultiPV value 2");
    g.send("position startpos moves g1f3");
    ASSERT_TRUE(errors_in(g.sync()).empty()) << g.transcript();
    const std::string fen = g.fen();

    const std::pair<const char*, const char*> cases[] = {
        {"setoption name NoSuchOption value 3", "unknown_option"},
        {"setoption name No Such Option", "unknown_option"},
        {"setoption name MultiPV value 0", "bad_option_value"},
        {"setoption name MultiPV value 501", "bad_option_value"},
        {"setoption name MultiPV value three", "bad_option_value"},
        {"setoption name MultiPV value 3.5", "bad_option_value"},
        {"setoption name MultiPV", "bad_option_value"},
        {"setoption name UCI_ShowWDL value yes", "bad_option_value"},
        {"setoption name Glossfish Quality value maybe", "bad_option_value"},
        {"setoption name Glossfish Quality Depth value 0", "bad_option_value"},
        {"setoption name Glossfish Quality Scheme value best", "bad_option_value"},
        {"setoption", "bad_setoption"},
        {"setoption name", "bad_setoption"},
        {"setoption value 3", "bad_setoption"},
    };
    for (const auto& [command, code] : cases) {
        expect_one_error(command, code);
        EXPECT_EQ(g.fen(), fen) << "after '" << command << "'";
    }
    // MultiPV is still 2 and UCI_ShowWDL still off.
    auto lines = g.go("go depth 6");
    EXPECT_GT(count(lines, contains(" multipv 2 ")), 0) << g.transcript();
    EXPECT_EQ(count(lines, contains(" multipv 3 ")), 0) << g.transcript();
    EXPECT_EQ(count(lines, contains(" wdl ")), 0) << g.transcript();
    EXPECT_TRUE(is_legal(fen, bestmove_of(lines.back()))) << lines.back();
}

// Kills (SIGKILL) or freezes (SIGSTOP) the Stockfish child during `go infinite`: glossfish
// must say so once, answer a legal bestmove within the deadline, restart the child with the
// options set before, and search normally afterwards.
void check_recovery_from(Glossfish& g, int signal, Millis deadline) {
    g.send("setoption name MultiPV value 2");  // must survive the restart
    g.send("position startpos moves e2e4 c7c5");
    std::string fen = g.fen();
    g.send("go infinite");
    g.read_until(info_depth_at_least(6), SearchDeadline, "search output");
    pid_t engine = g.engine_child();
    // Whatever happens below, a frozen child must not outlive the test.
    struct KillAtEnd {
        pid_t pid;
        ~KillAtEnd() {
            if (!process_gone_or_zombie(pid)) ::kill(pid, SIGKILL);
        }
    } guard{engine};

    auto t0 = Clock::now();
    ASSERT_EQ(::kill(engine, signal), 0);
    auto lines = g.wait_bestmove(Millis(5000));
    auto took = std::chrono::duration_cast<Millis>(g.proc().last_match_time() - t0);
    EXPECT_LT(took, deadline) << "bestmove " << took.count() << " ms after the signal";
    auto errors = errors_in(lines);
    ASSERT_EQ(errors.size(), 1u) << g.transcript();
    EXPECT_EQ(payload(errors[0]).value("code", ""), "engine_failed") << errors[0];
    EXPECT_TRUE(is_legal(fen, bestmove_of(lines.back()))) << lines.back() << " in " << fen;

    // Nothing more for that search, and the restart reports no error.
    std::this_thread::sleep_for(Millis(300));
    auto after = g.sync();
    EXPECT_EQ(count(after, is_bestmove), 0) << g.transcript();
    EXPECT_TRUE(errors_in(after).empty()) << g.transcript();

    // Later searches are fine, on a new child, with MultiPV 2 replayed.
    g.send("position startpos moves d2d4");
    std::string fen2 = g.fen();
    auto next = g.go("go depth 8");
    EXPECT_TRUE(errors_in(next).empty()) << g.transcript();
    EXPECT_TRUE(is_legal(fen2, bestmove_of(next.back()))) << next.back();
    EXPECT_GT(count(next, contains(" multipv 2 ")), 0) << "MultiPV not replayed\n"
                                                       << g.transcript();
    pid_t fresh = g.engine_child();
    EXPECT_NE(fresh, engine);
    EXPECT_TRUE(process_gone_or_zombie(engine)) << "old child " << engine << " still runs";
    auto again = g.go("go depth 4");
    EXPECT_TRUE(errors_in(again).empty()) << g.transcript();
}

TEST_F(Protocol, ChildKilledMidSearchRecovers) {
    Glossfish& g = start();
    check_recovery_from(g, SIGKILL, Millis(1000));
}

TEST_F(Protocol, ChildHungMidSearchRecovers) {
    Glossfish& g = start();
    check_recovery_from(g, SIGSTOP, Millis(1500));
}

TEST_F(Protocol, EveryGoEndsInExactlyOneBestmove) {
    Glossfish& g = start();
    g.send("position startpos moves e2e4 e7e5 g1f3");
    const std::string fen = g.fen();
    int gos = 0;
    std::string last;
    for (const char* go : {"go depth 6", "go nodes 20000", "go movetime 200",
                           "go wtime 2000 btime 2000 winc 0 binc 0 movestogo 20",
                           "go depth 3 searchmoves b8c6 d7d6"}) {
        SCOPED_TRACE(go);
        auto lines = g.go(go);
        ++gos;
        last = bestmove_of(lines.back());
        EXPECT_TRUE(is_legal(fen, last)) << lines.back();
        EXPECT_TRUE(errors_in(lines).empty()) << g.transcript();
    }
    EXPECT_TRUE(last == "b8c6" || last == "d7d6") << "searchmoves ignored: " << last;

    // A bad parameter is one error; the go still searches (with the rest) and answers once.
    auto lines = g.go("go depth abc movetime 200");
    ++gos;
    auto errors = errors_in(lines);
    ASSERT_EQ(errors.size(), 1u) << g.transcript();
    EXPECT_EQ(payload(errors[0]).value("code", ""), "bad_go") << errors[0];
    EXPECT_TRUE(is_legal(fen, bestmove_of(lines.back()))) << lines.back();

    g.send("go infinite");
    ++gos;
    g.read_until(info_depth_at_least(3), SearchDeadline, "search output");
    g.send("stop");
    g.wait_bestmove(Millis(3000));

    g.send("stop");  // idle: no bestmove
    g.sync();
    std::this_thread::sleep_for(Millis(300));
    g.proc().drain();
    EXPECT_EQ(count(g.proc().lines(), is_bestmove), gos) << g.transcript();
}

// A GUI may send the next go before the bestmove of the previous search has arrived: after
// stop (polyglot's epd-test does that) or while a search runs (glossfish then stops it
// first). Each go still ends in exactly one bestmove.
TEST_F(Protocol, EveryGoEndsInOneBestmoveEvenWhenSentBeforeThePreviousEnds) {
    Glossfish& g = start();
    int gos = 0;
    for (int i = 0; i < 8; ++i) {
        g.send("position startpos");
        g.send("go infinite");
        g.send("stop");
        g.send("position startpos moves e2e4");
        g.send("go depth 2");
        gos += 2;
    }
    for (int i = 0; i < 4; ++i) {
        g.send("position startpos");
        g.send("go infinite");
        g.send("go depth 2");  // while the infinite search runs
        gos += 2;
    }
    auto deadline = Clock::now() + Millis(10000);
    while (count(g.proc().lines(), is_bestmove) < gos && Clock::now() < deadline)
        std::this_thread::sleep_for(Millis(50));
    g.sync();
    std::this_thread::sleep_for(Millis(300));
    EXPECT_EQ(count(g.proc().lines(), is_bestmove), gos) << "gos sent: " << gos << "\n"
                                                         << g.transcript();
    // Only the 'go while a search runs' lines may be errors ("busy").
    for (const auto& e : errors_in(g.proc().lines()))
        EXPECT_EQ(payload(e).value("code", ""), "busy") << e;
}

// The bestmoves come in the order of their gos: after `stop`, the next search's bestmove
// (here an immediate `bestmove (none)` on a mated root) must not overtake the stopped one's.
TEST_F(Protocol, BestmovesComeInTheOrderOfTheirGos) {
    Glossfish& g = start();
    for (int i = 0; i < 6; ++i) {
        g.send("position startpos");
        g.send("go infinite");
        g.read_until(info_depth_at_least(2), SearchDeadline, "search output");
        g.send("stop");
        g.send(std::string("position fen ") + MatedFen);
        g.send("go depth 3");
        auto deadline = Clock::now() + Millis(5000);
        while (count(g.proc().lines(), is_bestmove) < 2 * (i + 1) && Clock::now() < deadline)
            std::this_thread::sleep_for(Millis(10));
    }
    g.sync();
    std::vector<std::string> bestmoves;
    for (const auto& l : g.proc().lines())
        if (is_bestmove(l)) bestmoves.push_back(bestmove_of(l));
    ASSERT_EQ(bestmoves.size(), 12u) << g.transcript();
    for (std::size_t i = 0; i < bestmoves.size(); i += 2) {
        EXPECT_TRUE(is_legal(StartFen, bestmoves[i])) << "bestmove " << i << ": " << bestmoves[i];
        EXPECT_EQ(bestmoves[i + 1], "(none)") << "bestmove " << i + 1;
    }
}

TEST_F(Protocol, MateAndStalemateRootsAnswerBestmoveNone) {
    Glossfish& g = start();
    for (const std::string& position :
         {std::string("position fen ") + MatedFen, std::string("position fen ") + StalemateFen,
          std::string("position startpos moves f2f3 e7e5 g2g4 d8h4")}) {
        SCOPED_TRACE(position);
        g.send(position);
        for (const char* go : {"go depth 5", "go movetime 100", "go wtime 1000 btime 1000"}) {
            auto lines = g.go(go, ReplyDeadline);
            EXPECT_EQ(lines.back(), "bestmove (none)") << g.transcript();
            EXPECT_TRUE(errors_in(lines).empty()) << g.transcript();
        }
        // Infinite: the one bestmove (none) comes at once or after stop, never twice.
        g.send("go infinite");
        std::this_thread::sleep_for(Millis(100));
        g.send("stop");
        auto lines = g.wait_bestmove(ReplyDeadline);
        EXPECT_EQ(lines.back(), "bestmove (none)");
        std::this_thread::sleep_for(Millis(200));
        EXPECT_EQ(count(g.sync(), is_bestmove), 0) << g.transcript();
    }
}

TEST_F(Protocol, CrLfAndExtraWhitespaceTolerated) {
    Glossfish& g = start();
    g.proc().send_raw("isready\r\n");
    g.read_until(line_is("readyok"), ReplyDeadline, "readyok after CRLF");
    g.proc().send_raw("isready\r\nisready\r\n");
    g.read_until(line_is("readyok"), ReplyDeadline, "first of two readyok");
    g.read_until(line_is("readyok"), ReplyDeadline, "second of two readyok");

    g.proc().send_raw("\r\n   \t \r\n\n");  // blank lines: ignored silently
    g.proc().send_raw("   position \t startpos   moves  e2e4\t e7e5   \r\n");
    EXPECT_EQ(g.fen(), fen_after(StartFen, {"e2e4", "e7e5"}));
    g.proc().send_raw("position fen  " + std::string(StalemateFen) + " \r\n");
    EXPECT_EQ(g.fen(), StalemateFen);
    g.proc().send_raw("position startpos moves g1f3\r\n");
    g.proc().send_raw("setoption  name  Glossfish   Quality  Scheme  value   act-eval  \r\n");
    g.proc().send_raw("setoption name MultiPV value 2 \r\n");
    g.proc().send_raw("d\r\n");
    EXPECT_EQ(g.read_until(starts_with("Fen: "), ReplyDeadline, "d").back().substr(5),
              fen_after(StartFen, {"g1f3"}));
    g.proc().send_raw("\tgo\tdepth  4 \r\n");
    auto lines = g.wait_bestmove();
    EXPECT_TRUE(is_legal(fen_after(StartFen, {"g1f3"}), bestmove_of(lines.back())));
    EXPECT_GT(count(lines, contains(" multipv 2 ")), 0) << g.transcript();
    EXPECT_TRUE(errors_in(g.proc().lines()).empty()) << g.transcript();
}

// Tabs are whitespace between every pair of words, also around `value`.
TEST_F(Protocol, SetoptionWithTabsBetweenWords) {
    Glossfish& g = start();
    g.send("setoption\tname\tMultiPV\tvalue\t2");
    g.send("setoption name Glossfish Quality Scheme\tvalue act-eval");
    EXPECT_TRUE(errors_in(g.sync()).empty()) << g.transcript();
    g.send("position startpos");
    auto lines = g.go("go depth 4");
    EXPECT_GT(count(lines, contains(" multipv 2 ")), 0) << g.transcript();
}

// setoption as GUIs write it, checked on what the child receives: glossfish runs the fake
// engine (through $GLOSSFISH_STOCKFISH), which logs its input lines.
TEST_F(Protocol, SetoptionNamesValuesButtonsAndEmptyStrings) {
    TempDir dir;
    std::string log = dir.file("fake input.log");
    Glossfish& g = start({"GLOSSFISH_STOCKFISH=" + std::string(GLOSSFISH_FAKE_ENGINE),
                          "FAKE_UCI_LOG=" + log, "FAKE_UCI_MODE=normal"});
    auto uci = g.handshake();
    EXPECT_TRUE(starts_with("id name glossfish ")(uci[0]) && contains("(FakeUci 1.0)")(uci[0]))
        << uci[0];
    auto has = [&](const std::string& line) {
        return std::find(uci.begin(), uci.end(), line) != uci.end();
    };
    EXPECT_TRUE(has("option name Best Move type string default e2e4"));
    EXPECT_TRUE(has("option name Clear Hash type button"));
    EXPECT_TRUE(has("option name Style type combo default Normal var Solid var Normal var Risky"));

    g.send("position startpos");
    g.send("setoption name best move value g1f3");  // a name with a space, any case
    EXPECT_EQ(g.go("go depth 1").back(), "bestmove g1f3");
    g.send("setoption name Best Move value <empty>");  // the empty string: the default
    EXPECT_EQ(g.go("go depth 1").back(), "bestmove e2e4");
    g.send("setoption name clear hash");  // a button has no value
    g.send("setoption name multipv value 3");
    g.send("setoption name STYLE value risky");
    g.send("setoption name uci_chess960 value TRUE");
    g.send("setoption name Best Move value two  spaced   words  ");
    g.send("setoption name Best Move value <empty>");
    EXPECT_TRUE(errors_in(g.sync()).empty()) << g.transcript();
    // isready is glossfish's own answer; a search goes through the fake, which has then
    // logged every line before it.
    EXPECT_EQ(g.go("go depth 1").back(), "bestmove e2e4");

    std::vector<std::string> received;
    for (const auto& l : read_lines(log))
        if (l.rfind("setoption", 0) == 0) received.push_back(l);
    std::vector<std::string> expected = {"setoption name Best Move value g1f3",
                                         "setoption name Best Move",
                                         "setoption name Clear Hash",
                                         "setoption name MultiPV value 3",
                                         "setoption name Style value Risky",
                                         "setoption name UCI_Chess960 value true",
                                         "setoption name Best Move value two  spaced   words",
                                         "setoption name Best Move"};
    EXPECT_EQ(received, expected) << g.transcript();
}

// "Stockfish Path" names a program in a directory with a space in its name.
TEST_F(Protocol, StockfishPathWithSpaces) {
    TempDir dir;  // "/tmp/glossfish test XXXXXX"
    std::string fake = dir.file("fake engine");
    std::filesystem::create_symlink(GLOSSFISH_FAKE_ENGINE, fake);
    Glossfish& g = start({"FAKE_UCI_MODE=normal"});
    g.send("setoption name STOCKFISH PATH value " + fake);  // any case, spaces in the value
    EXPECT_TRUE(errors_in(g.sync()).empty()) << g.transcript();
    auto uci = g.handshake();
    EXPECT_TRUE(starts_with("id name glossfish ")(uci[0]) && contains("(FakeUci 1.0)")(uci[0]))
        << uci[0] << g.transcript();
    g.send("position startpos");
    EXPECT_EQ(g.go("go depth 1").back(), "bestmove e2e4") << g.transcript();
}

// The child dies between searches (killed, out of memory): the GUI's next commands are
// written to a dead pipe, and the next go must restart it and search.
TEST_F(Protocol, ChildDiedWhileIdleRecovers) {
    Glossfish& g = start();
    pid_t engine = g.engine_child();
    ASSERT_EQ(::kill(engine, SIGKILL), 0);
    auto deadline = Clock::now() + Millis(3000);
    while (!process_gone_or_zombie(engine) && Clock::now() < deadline)
        std::this_thread::sleep_for(Millis(10));
    ASSERT_TRUE(process_gone_or_zombie(engine));

    g.send("setoption name Hash value 16");  // goes to the dead child
    g.send("ucinewgame");
    g.send("position startpos moves e2e4");
    std::string fen = g.fen();
    auto lines = g.go("go depth 5");
    EXPECT_TRUE(is_legal(fen, bestmove_of(lines.back()))) << lines.back();
    auto again = g.go("go depth 4");
    EXPECT_TRUE(is_legal(fen, bestmove_of(again.back()))) << again.back();
    EXPECT_NE(g.engine_child(), engine);
}

// The GUI closes the pipe without quit: glossfish exits 0 and leaves no Stockfish behind.
TEST_F(Protocol, EndOfInputEndsGlossfishAndItsEngine) {
    Glossfish& g = start();
    pid_t engine = g.engine_child();
    g.proc().close_input();
    EXPECT_EQ(g.proc().wait_exit(Millis(10000)), std::optional<int>(0)) << g.transcript();
    auto deadline = Clock::now() + Millis(3000);
    while (!process_gone_or_zombie(engine) && Clock::now() < deadline)
        std::this_thread::sleep_for(Millis(20));
    EXPECT_TRUE(process_gone_or_zombie(engine)) << "stockfish " << engine << " outlived glossfish";
    EXPECT_EQ(g.proc().stderr_text().find("Sanitizer"), std::string::npos)
        << g.proc().stderr_text();
    gf_.reset();
}

TEST_F(Protocol, QuitDuringSearchExitsPromptly) {
    Glossfish& g = start();
    g.send("position startpos");
    g.send("go infinite");
    g.read_until(info_depth_at_least(3), SearchDeadline, "search output");
    auto t0 = Clock::now();
    g.send("quit");
    EXPECT_EQ(g.proc().wait_exit(Millis(10000)), std::optional<int>(0)) << g.transcript();
    EXPECT_LT(Clock::now() - t0, Millis(3000));
    EXPECT_EQ(g.proc().stderr_text().find("Sanitizer"), std::string::npos)
        << g.proc().stderr_text();
    gf_.reset();
}

// verify text / verify {json} on the last move, answered on the job thread as
// glossfish.verify; the Glossfish Commentary option is checked after a search.
TEST_F(Protocol, VerifyCommandsAndCommentaryOption) {
    Glossfish& g = start();
    g.send("setoption name Glossfish Quality Depth value 6");
    g.send("position startpos moves e2e4");
    g.send("verify text e4 controls d5. e4 attacks e5. Controlling the centre matters.");
    auto verify_line = [&] {
        return payload(g.read_until(starts_with("info string glossfish.verify "), SearchDeadline,
                                    "glossfish.verify")
                           .back());
    };
    nlohmann::json j = verify_line();
    EXPECT_EQ(j["move"], "e4");
    ASSERT_EQ(j["atoms"].size(), 2u) << j.dump();
    EXPECT_EQ(j["atoms"][0]["result"], "correct");
    EXPECT_EQ(j["atoms"][1]["result"], "incorrect");
    EXPECT_EQ(j["unread"].size(), 1u);
    EXPECT_EQ(j["metrics"]["precision"], 0.5);
    EXPECT_FALSE(j.value("text", "").empty());
    g.send(
        R"(verify {"atoms":[{"claims":[{"predicate":"occupies","args":{"square":"e4"},"moves":["e4"]}]}]})");
    j = verify_line();
    EXPECT_EQ(j["atoms"][0]["result"], "correct") << j.dump();
    // The verify tool's codes: neither claims nor text, not JSON, claims it cannot read.
    expect_one_error("verify", "missing_argument");
    expect_one_error("verify text", "missing_argument");
    expect_one_error("verify nonsense", "bad_json");
    g.send(R"(verify {"atoms":[{"claims":[{"predicate":"glows"}]}]})");
    auto err =
        g.read_until(starts_with("info string glossfish.error "), ReplyDeadline, "bad_claims");
    EXPECT_EQ(payload(err.back())["code"], "bad_claims");
    g.send("setoption name Glossfish Commentary value e4 attacks f5.");
    auto lines = g.go("go depth 5");
    EXPECT_TRUE(errors_in(lines).empty()) << g.transcript();
    // A go without a clock is analysis: the verdict comes before that search's bestmove.
    auto verdict =
        std::find_if(lines.begin(), lines.end(), starts_with("info string glossfish.verify "));
    ASSERT_NE(verdict, lines.end()) << g.transcript();
    j = payload(*verdict);
    EXPECT_EQ(j["atoms"][0]["text"], "e4 attacks f5.");
    EXPECT_EQ(j["atoms"][0]["result"], "correct");
}

// `verbalize` on the current position: the verbalize tool, asked of the model of the Glossfish
// LLM URL option, answered as glossfish.tool with the description as its readable text; its
// mistakes are the tool's, found before any request.
TEST_F(Protocol, VerbalizeCommandAsksTheOptionsModel) {
    FakeLlmServer server;
    server.then(
        FakeLlmServer::json_answer({{"description", "Black mates: g3+ then Rh8# or Ra1#."}}));
    Glossfish& g = start({"GLOSSFISH_LLM_URL="});
    g.send("setoption name Glossfish LLM URL value " + server.url());
    g.send("position fen r7/4PP2/8/1pRp4/3P1kp1/2P5/6PK/8 b - - 0 45");
    g.send("verbalize mode c refine 0 concepts mateIn2, endgame");
    auto lines =
        g.read_until(starts_with("info string glossfish.tool "), SearchDeadline, "glossfish.tool");
    nlohmann::json j = payload(lines.back());
    EXPECT_EQ(j["tool"], "verbalize");
    EXPECT_EQ(j["result"]["description"], "Black mates: g3+ then Rh8# or Ra1#.") << j.dump();
    EXPECT_EQ(j["result"]["concepts"], nlohmann::json::array({"mateIn2", "endgame"}));
    EXPECT_EQ(j["text"], "verbalize: Black mates: g3+ then Rh8# or Ra1#.");
    ASSERT_EQ(server.requests().size(), 1u);
    EXPECT_NE(server.requests()[0].last_content("user").find("mateIn2"), std::string::npos);
    // Mistakes: an unknown word is the command's, a value the tool's.
    expect_one_error("verbalize colour red", "unknown_argument");
    expect_one_error("verbalize refine many", "bad_value");
    g.send("verbalize mode c");
    lines = g.read_until(starts_with("info string glossfish.tool "), ReplyDeadline, "no concepts");
    EXPECT_EQ(payload(lines.back())["result"]["error"]["code"], "missing_argument");
    EXPECT_EQ(server.requests().size(), 1u);
}

// Glossfish Comment without an endpoint: one glossfish.error (no_llm_endpoint) in the first
// search only (before its bestmove, as every product of an analysed position), bestmove
// unaffected, no job started.
TEST_F(Protocol, CommentOptionWithoutEndpointErrorsOnce) {
    Glossfish& g = start({"GLOSSFISH_LLM_URL="});
    g.send("setoption name Glossfish Comment value true");
    g.send("position startpos moves e2e4");
    auto first = g.go("go depth 2");
    auto err = errors_in(first);
    ASSERT_EQ(err.size(), 1u) << g.transcript();
    EXPECT_EQ(payload(err.back())["code"], "no_llm_endpoint");
    EXPECT_NE(payload(err.back()).value("message", "").find("GLOSSFISH_LLM_URL"),
              std::string::npos);
    // Later searches report nothing.
    g.send("position startpos moves e2e4 e7e5");
    auto lines = g.go("go depth 2");
    auto more = g.go("go depth 2");
    lines.insert(lines.end(), more.begin(), more.end());
    EXPECT_TRUE(errors_in(lines).empty()) << g.transcript();
}

// Glossfish Reproducible: a label searched from a cleared hash is the same before and after
// other searches, and the same as `glossfish label --reproducible` on the command line.
TEST_F(Protocol, ReproducibleLabelsDoNotDependOnEarlierSearches) {
    Glossfish& g = start();
    const std::string fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    g.send("setoption name Glossfish Reproducible value true");
    auto label = [&](const std::string& position, const std::string& move) {
        g.send("position fen " + position);
        g.send("label move " + move + " depth 8");
        return payload(g.read_until(starts_with("info string glossfish.label "), SearchDeadline,
                                    "glossfish.label")
                           .back());
    };
    const nlohmann::json first = label(fen, "Nxe5");
    label("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "Nf3");
    label("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3", "Nf6");
    const nlohmann::json again = label(fen, "Nxe5");
    EXPECT_EQ(first.dump(), again.dump());
    // The command line, in a process of its own, gives the same label.
    const std::string cmd = std::string("'") + GLOSSFISH_BIN +
                            "' label --reproducible --depth 8 --move Nxe5 --fen " + fen +
                            " 2>/dev/null";
    FILE* p = popen(cmd.c_str(), "r");
    ASSERT_NE(p, nullptr);
    std::string out;
    char buf[4096];
    for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
    EXPECT_EQ(pclose(p), 0);
    nlohmann::json cli = nlohmann::json::parse(out);
    cli.erase("text");  // the UCI line adds its text field the same way; compare the facts
    nlohmann::json uci = first;
    uci.erase("text");
    EXPECT_EQ(uci.dump(), cli.dump());
}

}  // namespace
}  // namespace glossfish::testkit
