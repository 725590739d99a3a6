// Reproducible analysis (AnalysisLimits::reproducible, --reproducible, Glossfish Reproducible)
// against real Stockfish at low depth: annotate, label and verify give the same bytes for any
// number of jobs and any order of the work, and a cached reproducible answer is the one a fresh
// engine gives. The expected values are the outputs of another run in another order or on
// another pool (never constants taken from the code under test). Needs `stockfish`.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "analysis/annotate.h"
#include "analysis/quality.h"
#include "analysis/strategy_tree.h"
#include "analysis/tree_format.h"
#include "annotate_chunks.h"
#include "claims/claims.h"
#include "cli_run.h"
#include "rules/notation.h"
#include "settings/settings.h"
#include "test_util.h"
#include "tools/tool_suite.h"

namespace glossfish {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr int Depth = 8;

const fs::path Classics = fs::path(GLOSSFISH_TEST_DATA) / "classic_games.pgn";

AnalysisLimits reproducible_depth(int depth) {
    AnalysisLimits l;
    l.depth = depth;
    l.reproducible = true;
    return l;
}

Analyzer::Config pool(int workers) {
    Analyzer::Config c;
    c.workers = workers;
    return c;
}

// The text of every chunk of a PGN input after reproducible annotation with `jobs` workers.
std::vector<std::string> annotate_chunks(const std::vector<PgnGame>& games, int jobs) {
    AnnotateOptions options;
    options.limits = reproducible_depth(Depth);
    options.jobs = jobs;
    return testkit::annotate_chunks(games, options);
}

TEST(Reproducible, RefusedWithMovetimeOrSeveralThreads) {
    Analyzer::Config c;
    c.engine_path = "/nonexistent/engine";  // refused before any engine is needed
    Analyzer analyzer(c);
    AnalysisLimits limits;
    limits.movetime_ms = 100;
    limits.reproducible = true;
    AnalysisResult r = analyzer.analyse(Position(), limits);
    EXPECT_EQ(r.error,
              "reproducible analysis needs a depth or node limit, not movetime (a search stopped "
              "by the clock depends on the machine)");
    c.threads_per_worker = 2;
    Analyzer threaded(c);
    r = threaded.analyse(Position(), reproducible_depth(4));
    EXPECT_EQ(r.error, "reproducible analysis needs one thread per worker, not 2");
    // A reproducible tool suite refuses a call's movetime with a precise error.
    verifier::ToolSuite suite(&analyzer, reproducible_depth(4));
    json e = suite.call("eval", {{"fen", StartFen}, {"movetime", 50}});
    ASSERT_TRUE(e.contains("error")) << e.dump();
    EXPECT_EQ(e["error"]["code"], "bad_value");
    EXPECT_EQ(e["error"]["argument"], "movetime");
}

TEST(Reproducible, CachedAnswerIsTheOneAFreshEngineGives) {
    Position p;
    ASSERT_TRUE(p.set("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").ok());
    // A pool that searched other positions first, in normal mode.
    Analyzer warm(pool(1));
    AnalysisLimits normal;
    normal.depth = 10;
    for (const char* fen : {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"}) {
        Position q;
        ASSERT_TRUE(q.set(fen).ok());
        ASSERT_TRUE(warm.analyse(q, normal).ok());
    }
    AnalysisResult a = warm.analyse(p, reproducible_depth(10));
    Analyzer fresh(pool(1));
    AnalysisResult b = fresh.analyse(p, reproducible_depth(10));
    ASSERT_TRUE(a.ok() && b.ok()) << a.error << b.error;
    ASSERT_EQ(a.lines.size(), 1u);
    ASSERT_EQ(b.lines.size(), 1u);
    EXPECT_EQ(a.lines[0].score, b.lines[0].score);
    EXPECT_EQ(a.lines[0].nodes, b.lines[0].nodes);
    EXPECT_EQ(a.lines[0].pv, b.lines[0].pv);
    // Asked again: from the cache, never mixed with the normal-mode entry of the same position.
    AnalysisResult again = warm.analyse(p, reproducible_depth(10));
    EXPECT_TRUE(again.cached);
    EXPECT_EQ(again.lines[0].nodes, b.lines[0].nodes);
    EXPECT_FALSE(warm.analyse(p, normal).cached);
}

TEST(Reproducible, AnnotateIsTheSameForAnyJobsAndOrder) {
    std::vector<PgnGame> games = read_pgn(slurp(Classics));
    ASSERT_GE(games.size(), 3u);
    const std::vector<std::string> one = annotate_chunks(games, 1);
    const std::vector<std::string> two = annotate_chunks(games, 2);
    EXPECT_EQ(one, two);
    std::vector<PgnGame> reversed(games.rbegin(), games.rend());
    std::vector<std::string> back = annotate_chunks(reversed, 2);
    std::reverse(back.begin(), back.end());
    EXPECT_EQ(one, back);
    // Something was annotated at all.
    EXPECT_NE(one[0].find("[%eval"), std::string::npos);
}

TEST(Reproducible, AnnotateCommandSameBytesForJobsOneAndTwoAndReversedInput) {
    const fs::path dir =
        fs::temp_directory_path() / ("glossfish_repro_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    auto annotate = [&](const fs::path& in, int jobs, const std::string& name) {
        const fs::path out = dir / name;
        testkit::CliRun r = testkit::run_glossfish_command(
            "annotate",
            {in.string(), "-o", out.string(), "--depth", std::to_string(Depth), "--reproducible",
             "--jobs", std::to_string(jobs)},
            {});
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return slurp(out);
    };
    const std::string one = annotate(Classics, 1, "one.pgn");
    const std::string two = annotate(Classics, 2, "two.pgn");
    EXPECT_EQ(one, two);
    // The games in reverse order: each game comes out the same.
    std::vector<PgnGame> games = read_pgn(slurp(Classics));
    std::string reversed_text;
    for (auto it = games.rbegin(); it != games.rend(); ++it) reversed_text += it->text;
    {
        std::ofstream f(dir / "reversed.pgn", std::ios::binary);
        f << reversed_text;
    }
    std::vector<PgnGame> forward = read_pgn(one);
    std::vector<PgnGame> backward = read_pgn(annotate(dir / "reversed.pgn", 2, "back.pgn"));
    ASSERT_EQ(forward.size(), backward.size());
    for (std::size_t k = 0; k < forward.size(); ++k)
        EXPECT_EQ(forward[k].text, backward[backward.size() - 1 - k].text) << "game " << k;
    fs::remove_all(dir);
}

// annotate says the board's reasons by default and, with --engine-reasons, also those the engine
// proves: 20...Na6?? of the Immortal Game allows a mate in three, which the board alone cannot
// verify (a mate in one it can), and 7...Nh5 threatens Ng3+, which a null-move search finds.
TEST(AnnotateCommand, EngineReasonsSayTheMateInThree) {
    const fs::path dir =
        fs::temp_directory_path() / ("glossfish_reasons_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path immortal = dir / "immortal.pgn";
    {
        const std::vector<PgnGame> games = read_pgn(slurp(Classics));
        ASSERT_GE(games.size(), 2u);
        std::ofstream(immortal, std::ios::binary) << games[1].text;
    }
    auto annotate = [&](bool engine) {
        const fs::path out = dir / (engine ? "engine.pgn" : "board.pgn");
        std::vector<std::string> args = {immortal.string(), "-o", out.string(), "--depth", "12",
                                         "--jobs",          "1"};
        if (engine) args.push_back("--engine-reasons");
        testkit::CliRun r = testkit::run_glossfish_command("annotate", args, {});
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return slurp(out);
    };
    const std::string board = annotate(false);
    const std::string engine = annotate(true);
    EXPECT_NE(engine.find("After Na6, White mates in three with Nxg7+."), std::string::npos)
        << engine;
    EXPECT_EQ(board.find("mates in three"), std::string::npos);
    EXPECT_NE(engine.find("Nh5 threatens Ng3+."), std::string::npos) << engine;
    EXPECT_EQ(board.find("threatens Ng3+"), std::string::npos);
    // Na6 is a blunder allowing mate in both.
    EXPECT_NE(board.find("Na6 $4 { [%eval #3]"), std::string::npos) << board;
    fs::remove_all(dir);
}

TEST(Reproducible, LabelsDoNotDependOnTheOrder) {
    Position start;
    struct Item {
        const char* fen;
        const char* move;
    };
    const std::vector<Item> items = {
        {"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "Bb5"},
        {"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "Nxe5"},
        {"r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3", "Nf6"},
        {"r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3", "g6"},
    };
    auto labels = [&](bool reverse, int workers) {
        Analyzer analyzer(pool(workers));
        std::vector<std::string> out(items.size());
        for (std::size_t n = 0; n < items.size(); ++n) {
            const std::size_t k = reverse ? items.size() - 1 - n : n;
            Position pos;
            EXPECT_TRUE(pos.set(items[k].fen).ok());
            MoveParse mp = parse_san(pos, items[k].move, SanMode::Lenient);
            EXPECT_TRUE(mp.ok());
            MoveLabel l = label_move(analyzer, pos, mp.move, reproducible_depth(Depth),
                                     QualityScheme::Lichess);
            EXPECT_TRUE(l.error.empty()) << l.error;
            out[k] = label_to_json(l).dump();
        }
        return out;
    };
    const std::vector<std::string> forward = labels(false, 1);
    EXPECT_EQ(forward, labels(true, 1));
    EXPECT_EQ(forward, labels(true, 2));
}

// Engine claims over two positions, verified in one order and the other.
TEST(Reproducible, VerifyDoesNotDependOnTheOrder) {
    const std::vector<std::pair<const char*, const char*>> atoms = {
        {"r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
         R"([{"claims":[{"predicate":"threatens","args":{"move":"Qxf7"}}]},
             {"claims":[{"predicate":"best_move","args":{"move":"g6"}}]},
             {"claims":[{"predicate":"quality_label","args":{"move":"Nf6","stance":"bad"}}]}])"},
        {"rnbqkb1r/pp2pp1p/3p2p1/2p5/4n3/2P2N1P/PP1PBPP1/RNBQK2R w KQkq - 0 6",
         R"([{"claims":[{"predicate":"only_move","args":{"move":"Qa4+"}}]},
             {"claims":[{"predicate":"wins_material","args":{"move":"Qa4+","amount":300}}]},
             {"claims":[{"predicate":"mate_in","args":{"moves":3}}]}])"},
    };
    auto run = [&](bool reverse) {
        Analyzer analyzer(pool(1));
        verifier::ToolSuite suite(&analyzer, reproducible_depth(Depth));
        verifier::VerifyOptions vo;
        vo.depth = Depth;
        verifier::ClaimVerifier verifier(suite, vo);
        std::vector<std::string> out(atoms.size());
        for (std::size_t n = 0; n < atoms.size(); ++n) {
            const std::size_t k = reverse ? atoms.size() - 1 - n : n;
            Position pos;
            EXPECT_TRUE(pos.set(atoms[k].first).ok());
            verifier::ClaimsParse parsed = verifier::parse_claims(atoms[k].second);
            EXPECT_TRUE(parsed.ok()) << parsed.error->text();
            out[k] = verifier::verdict_json(verifier.verify(pos, *parsed.doc)).dump();
        }
        return out;
    };
    const std::vector<std::string> forward = run(false);
    EXPECT_EQ(forward, run(true));
    EXPECT_NE(forward[0].find("\"result\":\"true\""), std::string::npos) << forward[0];
}

const std::vector<std::string> VerifyLines = {
    R"({"id":1,"fen":"r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3","move":"Nf6","text":"Nf6 is a blunder. White threatens Qxf7."})",
    R"({"id":2,"fen":"rnbqkb1r/pp2pp1p/3p2p1/2p5/4n3/2P2N1P/PP1PBPP1/RNBQK2R w KQkq - 0 6","text":"Qa4+ is the only good move. Qa4+ wins a piece."})",
    R"({"id":3,"fen":"1r2k1r1/pbppnp1p/1bn2P2/8/Q7/B1PB1q2/P4PPP/3RR1K1 w - - 0 20","text":"Black threatens mate on g2. Rxe7+ is the only move."})",
    // A label's own sentence with win% figures, which a warm hash moved (issue #34).
    R"({"id":4,"fen":"3q3k/3n4/3PQ2p/p3P1r1/P1P4b/2N1p2P/1r6/R5RK b - - 1 32","move":"Nxe5","text":"Nxe5 lowers Black's winning chances from 93% to 62% compared with Qf8."})",
};

// The answers of one `glossfish verify --jsonl ARGS` run over `lines`, by id (without "line",
// the answer's place in the input).
std::map<int, std::string> verify_jsonl_answers(const std::vector<std::string>& lines,
                                                const std::string& args) {
    static int runs = 0;
    const fs::path dir =
        fs::temp_directory_path() /
        ("glossfish_reprov_" + std::to_string(::getpid()) + "_" + std::to_string(runs++));
    fs::create_directories(dir);
    const fs::path in = dir / "in.jsonl";
    {
        std::ofstream f(in);
        for (const std::string& l : lines) f << l << "\n";
    }
    const std::string cmd = testkit::shell_quote(GLOSSFISH_BIN) + " verify --jsonl " + args +
                            " --depth " + std::to_string(Depth) + " --bootstrap 10 < " +
                            testkit::shell_quote(in.string()) + " 2>/dev/null";
    FILE* p = popen(cmd.c_str(), "r");
    EXPECT_NE(p, nullptr);
    std::string out;
    char buf[4096];
    for (std::size_t n; p && (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
    if (p) {
        EXPECT_EQ(pclose(p), 0);
    }
    std::map<int, std::string> by_id;
    std::istringstream s(out);
    for (std::string l; std::getline(s, l);) {
        json j = json::parse(l);
        if (j.contains("line")) j.erase("line");
        if (j.contains("id") && j["id"].is_number()) by_id[j["id"].get<int>()] = j.dump();
    }
    fs::remove_all(dir);
    return by_id;
}

// `glossfish verify --jsonl --reproducible`: the same answer per id, whatever the line order.
TEST(Reproducible, VerifyCommandSameAnswersInReversedOrder) {
    const auto forward = verify_jsonl_answers(VerifyLines, "--reproducible");
    EXPECT_EQ(forward.size(), VerifyLines.size());
    EXPECT_EQ(forward,
              verify_jsonl_answers({VerifyLines.rbegin(), VerifyLines.rend()}, "--reproducible"));
}

// Without any flag, a line verified in a batch gets the answer it gets alone: a verdict never
// depends on what was verified before it (the engine's hash is not carried between searches).
TEST(Reproducible, VerifyCommandAnswersALineInABatchAsAlone) {
    const auto batch = verify_jsonl_answers(VerifyLines, "");
    ASSERT_EQ(batch.size(), VerifyLines.size());
    for (std::size_t k = 0; k < VerifyLines.size(); ++k) {
        const auto alone = verify_jsonl_answers({VerifyLines[k]}, "");
        ASSERT_EQ(alone.size(), 1u);
        EXPECT_EQ(alone.begin()->second, batch.at(alone.begin()->first));
    }
}

TEST(Reproducible, TreeFromReproducibleLimitsIsAReproducibleTree) {
    Position p;
    ASSERT_TRUE(p.set("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1").ok());
    Analyzer analyzer(pool(2));
    TreeOptions a;
    a.limits.depth = Depth;
    a.reproducible = true;
    TreeOptions b;
    b.limits = reproducible_depth(Depth);
    StrategyTree ta = build_tree(analyzer, p, a), tb = build_tree(analyzer, p, b);
    ASSERT_TRUE(ta.ok() && tb.ok()) << ta.error << tb.error;
    EXPECT_TRUE(tb.options.reproducible);
    EXPECT_EQ(tree_to_json(ta).dump(), tree_to_json(tb).dump());
    TreeOptions timed;
    timed.limits.movetime_ms = 50;
    timed.reproducible = true;
    EXPECT_EQ(build_tree(analyzer, p, timed).error,
              "reproducible analysis needs a depth or node limit, not movetime (a search stopped "
              "by the clock depends on the machine)");
}

TEST(Reproducible, UciOptionIsDeclaredAndApplied) {
    const SettingSpec* o = find_option("Glossfish Reproducible");
    ASSERT_NE(o, nullptr);
    EXPECT_EQ(o->type, SettingType::Check);
    EXPECT_EQ(o->default_value, "false");
    Settings s;
    EXPECT_FALSE(apply_option(s, "glossfish reproducible", "TRUE"));
    EXPECT_TRUE(s.reproducible);
    EXPECT_EQ(apply_option(s, "Glossfish Reproducible", "maybe").value_or(""),
              "option 'Glossfish Reproducible' must be true or false, got 'maybe'");
    EXPECT_TRUE(s.reproducible);
}

}  // namespace
}  // namespace glossfish
