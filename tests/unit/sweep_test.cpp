// The strategy-verbalization sweep (verifier/llm/sweep.h, `glossfish sweep`) and the paper's R
// baseline (RandomPlayer, engine/analysis/players.h): the table's figures on records whose
// numbers are worked out by hand, the record key, the random player's reproducibility and
// legality, and the command end to end: a run killed and resumed (a torn last line included)
// gives the same records as one run, none twice; --report refuses repeated records.
#include "llm/sweep.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "analysis/players.h"
#include "cli_run.h"
#include "fake_llm_server.h"
#include "rules/movegen.h"
#include "rules/notation.h"

namespace glossfish::verifier::testing {
namespace {

using nlohmann::ordered_json;

ordered_json record(const std::string& id, const std::string& player, const std::string& guide,
                    int run, double score, int k = 3) {
    ordered_json j;
    j["id"] = id;
    j["fen"] = "8/8/8/8/8/8/8/K6k w - - 0 1";
    j["player"] = player;
    if (!guide.empty()) j["guide"] = guide;
    j["run"] = run;
    j["score"] = score;
    j["sweep"] = SweepCell{k, 0, 12}.json();
    return j;
}

// Two puzzles, two runs, four rows; every figure below is worked out by hand.
//   optimal:            run 0 (0.9 + 0.7) / 2 = 0.8, run 1 0.8        -> 0.800 ± 0.000
//   random:             run 0 (0.1 + 0.3) / 2 = 0.2, run 1 (0.3 + 0.5) / 2 = 0.4
//                       -> mean 0.3, sd sqrt((0.1² + 0.1²) / 1) = 0.1414
//   llm:m none:         run 0 0.5, run 1 (0.6 + 0.4) / 2 = 0.5        -> 0.500 ± 0.000
//   llm:m rv-s:         run 0 (0.7 + 0.9) / 2 = 0.8, run 1 (0.6 + 0.8) / 2 = 0.7
//                       -> mean 0.75, sd sqrt((0.05² + 0.05²) / 1) = 0.0707
//   ΔBase (llm rows, against none): none 0, rv-s 0.75 - 0.5 = +0.25
//   ΔOpt: optimal 0, random 0.3 - 0.8 = -0.5, none -0.3, rv-s -0.05
std::vector<ordered_json> worked_records() {
    std::vector<ordered_json> r;
    // Written in a shuffled order: the table does not depend on it.
    r.push_back(record("p1", "llm:m", "description:rv-s", 0, 0.7));
    r.push_back(record("p1", "random", "", 0, 0.1));
    r.push_back(record("p2", "optimal", "", 1, 0.7));
    r.push_back(record("p1", "optimal", "", 0, 0.9));
    r.push_back(record("p2", "llm:m", "description:rv-s", 0, 0.9));
    r.push_back(record("p2", "random", "", 0, 0.3));
    r.push_back(record("p1", "llm:m", "none", 0, 0.5));
    r.push_back(record("p2", "llm:m", "none", 0, 0.5));
    r.push_back(record("p2", "optimal", "", 0, 0.7));
    r.push_back(record("p1", "optimal", "", 1, 0.9));
    r.push_back(record("p1", "random", "", 1, 0.3));
    r.push_back(record("p2", "random", "", 1, 0.5));
    r.push_back(record("p1", "llm:m", "none", 1, 0.6));
    r.push_back(record("p2", "llm:m", "none", 1, 0.4));
    r.push_back(record("p1", "llm:m", "description:rv-s", 1, 0.6));
    r.push_back(record("p2", "llm:m", "description:rv-s", 1, 0.8));
    return r;
}

TEST(SweepTable, FiguresOfAWorkedExample) {
    const std::vector<SweepTable> tables = sweep_tables(worked_records());
    ASSERT_EQ(tables.size(), 1u);
    const auto& rows = tables[0].rows;
    ASSERT_EQ(rows.size(), 4u);
    // The paper's order: Optimal, R, then the model's settings.
    EXPECT_EQ(rows[0].setting, "Optimal");
    EXPECT_EQ(rows[1].setting, "R");
    EXPECT_EQ(rows[2].setting, "No Strategy");
    EXPECT_EQ(rows[3].setting, "RV-S");
    EXPECT_NEAR(rows[0].mean, 0.8, 1e-12);
    EXPECT_NEAR(rows[0].sd, 0.0, 1e-12);
    EXPECT_NEAR(rows[1].mean, 0.3, 1e-12);
    EXPECT_NEAR(rows[1].sd, std::sqrt(0.02), 1e-12);
    EXPECT_NEAR(rows[2].mean, 0.5, 1e-12);
    EXPECT_NEAR(rows[3].mean, 0.75, 1e-12);
    EXPECT_NEAR(rows[3].sd, std::sqrt(0.005), 1e-12);
    EXPECT_FALSE(rows[0].d_base.has_value());  // no description to be without
    EXPECT_FALSE(rows[1].d_base.has_value());
    EXPECT_NEAR(*rows[2].d_base, 0.0, 1e-12);
    EXPECT_NEAR(*rows[3].d_base, 0.25, 1e-12);
    EXPECT_NEAR(*rows[0].d_opt, 0.0, 1e-12);
    EXPECT_NEAR(*rows[1].d_opt, -0.5, 1e-12);
    EXPECT_NEAR(*rows[2].d_opt, -0.3, 1e-12);
    EXPECT_NEAR(*rows[3].d_opt, -0.05, 1e-12);
    for (const SweepRow& r : rows) {
        EXPECT_EQ(r.puzzles, 2) << r.player;
        EXPECT_EQ(r.runs, 2) << r.player;
    }

    const std::string text = sweep_table_text(tables);
    EXPECT_NE(text.find("Strategy verbalization: k_strat = k_eval = 3, plies puzzle, depth 12 (2 "
                        "puzzles, 2 runs)\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("RV-S         llm:m          2     2       0       0  0.750 ± 0.071    "
                        "+0.250  -0.050\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("R            random         2     2       0       0  0.300 ± 0.141    "
                        "     -  -0.500\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("ΔBase = score - the same player's No Strategy score"), std::string::npos);
}

TEST(SweepTable, CellsAreSeparateAndIncompleteRowsAreMarked) {
    std::vector<ordered_json> r = {
        record("p1", "optimal", "", 0, 1.0, 1), record("p2", "optimal", "", 0, 0.5, 1),
        record("p1", "random", "", 0, 0.25, 1), record("p1", "optimal", "", 0, 0.5, 3)};
    const std::vector<SweepTable> tables = sweep_tables(r);
    ASSERT_EQ(tables.size(), 2u);
    EXPECT_EQ(tables[0].cell.k, 1);
    EXPECT_EQ(tables[1].cell.k, 3);
    EXPECT_NEAR(tables[0].rows[0].mean, 0.75, 1e-12);  // (1.0 + 0.5) / 2
    EXPECT_NEAR(*tables[0].rows[1].d_opt, 0.25 - 0.75, 1e-12);
    EXPECT_NEAR(tables[1].rows[0].mean, 0.5, 1e-12);  // k 3 is its own cell
    EXPECT_NE(sweep_table_text(tables).find("(incomplete: 1 of 2 puzzles)"), std::string::npos);
}

TEST(SweepRecord, KeyNamesEveryFieldOfTheCellAndMissingFieldsAreNamed) {
    std::string why;
    EXPECT_EQ(sweep_record_key(record("p1", "llm:m", "tree", 4, 0.5), why),
              "p1\tllm:m\ttree\t4\t3\t0\t12");
    ordered_json bad = record("p1", "optimal", "", 0, 0.5);
    bad.erase("sweep");
    EXPECT_EQ(sweep_record_key(bad, why), "");
    EXPECT_EQ(why, "no \"sweep\" object");
    bad = record("p1", "optimal", "", 0, 0.5);
    bad["sweep"]["plies"] = "all";
    EXPECT_EQ(sweep_record_key(bad, why), "");
    EXPECT_NE(why.find("\"plies\": integer or \"puzzle\""), std::string::npos) << why;
    bad = record("p1", "optimal", "", 0, 0.5);
    bad.erase("score");
    EXPECT_EQ(sweep_record_key(bad, why), "");
    EXPECT_EQ(why, "no \"score\" number");
}

// ---- the R baseline ----

PlayerRequest request_at(const Position& pos, const std::vector<std::string>& uci, int attempt) {
    PlayerRequest r;
    r.start_fen = StartFen;
    r.fen = pos.fen();
    r.history_uci = uci;
    r.solver = pos.side_to_move();
    r.attempt = attempt;
    return r;
}

// Plays a game of up to `plies` random moves from the start; every move checked legal.
std::vector<std::string> random_game(RandomPlayer& player, int run, int plies) {
    Position pos;
    EXPECT_TRUE(pos.set(StartFen).ok());
    PlayerRequest start = request_at(pos, {}, 0);
    EXPECT_FALSE(player.begin_puzzle(start, run).has_value());
    std::vector<std::string> moves;
    for (int ply = 0; ply < plies && !MoveList(pos).empty(); ++ply) {
        const PlayerReply reply = player.choose_move(request_at(pos, moves, 0));
        EXPECT_TRUE(reply.ok()) << reply.failure;
        const MoveParse m = parse_uci(pos, reply.move);
        EXPECT_TRUE(m.ok()) << reply.move << " in " << pos.fen();
        if (!m.ok()) break;
        moves.push_back(reply.move);
        pos.do_move(m.move);
    }
    return moves;
}

TEST(RandomPlayer, ReproducibleWithItsSeedAlwaysLegalAndRunsDiffer) {
    RandomPlayer a, b;
    const auto game_a = random_game(a, 0, 120);
    EXPECT_EQ(game_a, random_game(b, 0, 120));  // another instance, same seed and run
    EXPECT_EQ(game_a, random_game(a, 0, 120));  // asked again
    // Another run or another seed: another game (the first moves alone are 20 x 20 choices).
    RandomPlayer c(7);
    EXPECT_NE(game_a, random_game(a, 1, 120));
    EXPECT_NE(game_a, random_game(c, 0, 120));
    EXPECT_EQ(a.name(), "random");
    EXPECT_EQ(c.name(), "random:7");
    // Many games, every move legal (random_game checks each one).
    for (int run = 0; run < 20; ++run) random_game(c, run, 200);
}

TEST(RandomPlayer, PicksUniformly) {
    // 3 legal moves (K on a1 alone against a king on h8: a2, b1, b2), 3000 questions with
    // different attempts: each move about 1000 times. The bound (±150, about 5.8 sd of a
    // binomial(3000, 1/3)) fails a fair generator with probability under 1e-8.
    Position pos;
    ASSERT_TRUE(pos.set("7k/8/8/8/8/8/8/K7 w - - 0 1").ok());
    ASSERT_EQ(MoveList(pos).size(), 3u);
    RandomPlayer p;
    std::map<std::string, int> count;
    for (int attempt = 0; attempt < 3000; ++attempt) {
        PlayerRequest r = request_at(pos, {}, attempt);
        r.start_fen = pos.fen();
        ++count[p.choose_move(r).move];
    }
    ASSERT_EQ(count.size(), 3u);
    for (const auto& [move, n] : count) {
        EXPECT_GT(n, 850) << move;
        EXPECT_LT(n, 1150) << move;
    }
}

TEST(RandomPlayer, SpecGrammar) {
    PlayerSpecParse p = parse_player_spec("random");
    ASSERT_TRUE(p.ok()) << p.error;
    EXPECT_EQ(p.spec.kind, PlayerSpec::Random);
    EXPECT_EQ(p.spec.seed, DefaultRandomSeed);
    p = parse_player_spec("random:18446744073709551615");
    ASSERT_TRUE(p.ok()) << p.error;
    EXPECT_EQ(p.spec.seed, 18446744073709551615ULL);
    EXPECT_EQ(parse_player_spec("random:x").error,
              "bad player spec: the seed of 'random:SEED' must be an integer "
              "0..18446744073709551615, got 'x'");
    EXPECT_EQ(parse_player_spec("random:-1").error.substr(0, 36),
              "bad player spec: the seed of 'random");
    EXPECT_EQ(parse_player_spec("random Hash=1").error,
              "bad player spec: 'random' takes no options");
}

// ---- `glossfish sweep` ----

using testkit::CliRun;
using testkit::shell_quote;

class SweepCommand : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("glossfish_sweep_" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    static std::vector<std::string> args(const std::string& out) {
        return {"--csv",   std::string(GLOSSFISH_TEST_DATA) + "/lichess_puzzles_1000.csv",
                "--limit", "3",
                "--k",     "1,2",
                "--depth", "4",
                "--runs",  "2",
                "--out",   out};
    }
    static std::vector<std::string> lines(const std::string& p) {
        std::ifstream in(p);
        std::vector<std::string> out;
        for (std::string l; std::getline(in, l);)
            if (!l.empty()) out.push_back(l);
        return out;
    }
    std::filesystem::path dir_;
};

TEST_F(SweepCommand, KilledAndResumedGivesTheSameRecordsOnce) {
    CliRun whole = testkit::run_glossfish_command("sweep", args(path("whole.jsonl")), {});
    ASSERT_EQ(whole.exit_code, 0) << whole.err;
    std::vector<std::string> expected = lines(path("whole.jsonl"));
    // 3 puzzles x 2 cells x (optimal, random) x 2 runs.
    ASSERT_EQ(expected.size(), 24u);
    EXPECT_NE(whole.out.find("k_strat = k_eval = 1, plies puzzle, depth 4 (3 puzzles, 2 runs)"),
              std::string::npos)
        << whole.out;

    // Killed at some point (SIGKILL after 1.5 s), a torn last record added, then resumed.
    std::string cmd = "timeout -s KILL 1.5 " + shell_quote(GLOSSFISH_BIN) + " sweep";
    for (const std::string& a : args(path("resumed.jsonl"))) cmd += " " + shell_quote(a);
    cmd += " >/dev/null 2>&1";
    (void)std::system(cmd.c_str());
    std::ofstream(path("resumed.jsonl"), std::ios::app) << expected.back().substr(0, 40);
    CliRun resumed = testkit::run_glossfish_command("sweep", args(path("resumed.jsonl")), {});
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_NE(resumed.err.find("cut a torn last line of 40 bytes"), std::string::npos)
        << resumed.err;
    std::vector<std::string> got = lines(path("resumed.jsonl"));
    EXPECT_EQ(std::set<std::string>(got.begin(), got.end()).size(), got.size());  // none twice
    std::sort(got.begin(), got.end());
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(got, expected);
    EXPECT_EQ(resumed.out, whole.out);  // the same table

    // Run again: nothing to do, nothing added.
    CliRun again = testkit::run_glossfish_command("sweep", args(path("resumed.jsonl")), {});
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_NE(again.err.find("0 records written, 24 already there"), std::string::npos)
        << again.err;
    EXPECT_EQ(lines(path("resumed.jsonl")).size(), 24u);

    // --report over shards: the file twice is refused, naming the repeat.
    CliRun twice = testkit::run_glossfish_command(
        "sweep", {"--report", path("whole.jsonl"), path("resumed.jsonl")}, {});
    EXPECT_EQ(twice.exit_code, 1);
    EXPECT_NE(twice.err.find("resumed.jsonl:"), std::string::npos) << twice.err;
    EXPECT_NE(twice.err.find("repeats the record of"), std::string::npos) << twice.err;
    CliRun once = testkit::run_glossfish_command("sweep", {"--report", path("whole.jsonl")}, {});
    EXPECT_EQ(once.exit_code, 0) << once.err;
    EXPECT_EQ(once.out, whole.out);
}

TEST_F(SweepCommand, ShardsTogetherAreTheWholeRun) {
    CliRun whole = testkit::run_glossfish_command("sweep", args(path("whole.jsonl")), {});
    ASSERT_EQ(whole.exit_code, 0) << whole.err;
    std::vector<std::string> all;
    for (int i = 0; i < 2; ++i) {
        std::vector<std::string> a = args(path("s" + std::to_string(i) + ".jsonl"));
        a.insert(a.end(), {"--shard", std::to_string(i) + "/2"});
        CliRun r = testkit::run_glossfish_command("sweep", a, {});
        ASSERT_EQ(r.exit_code, 0) << r.err;
        for (const std::string& l : lines(path("s" + std::to_string(i) + ".jsonl")))
            all.push_back(l);
    }
    std::vector<std::string> expected = lines(path("whole.jsonl"));
    std::sort(all.begin(), all.end());
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(all, expected);
    CliRun report = testkit::run_glossfish_command(
        "sweep", {"--report", path("s0.jsonl"), path("s1.jsonl")}, {});
    EXPECT_EQ(report.exit_code, 0) << report.err;
    EXPECT_EQ(report.out, whole.out);
}

TEST_F(SweepCommand, LanguageModelPlayerAgainstAScriptedServer) {
    // ZMTE6, a mate in 2 (tepp_test.cpp): optimal mates, score 1. The scripted model answers
    // an impossible move three times per setting (None, then S with the tree), so each of its
    // puzzles fails after the retries and scores 0: ΔBase 0 and ΔOpt -1, worked out by hand.
    std::ofstream(path("zmte6.csv"))
        << "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,"
           "OpeningTags\n"
           "ZMTE6,r7/5P2/4P3/1pRp4/3P1kp1/2P5/6PK/8 w - - 2 45,e6e7 g4g3 h2g1 a8a1,1484,77,96,"
           "22139,endgame mate mateIn2 rookEndgame short,https://lichess.org/Mjl0SlxN#88,\n";
    testkit::FakeLlmServer server;
    for (int i = 0; i < 6; ++i) server.then(testkit::FakeLlmServer::json_answer({{"move", "Qz9"}}));
    CliRun r = testkit::run_glossfish_command(
        "sweep",
        {"--csv", path("zmte6.csv"), "--out", path("llm.jsonl"), "--k", "1", "--depth", "4",
         "--runs", "1", "--player", "llm:fake", "--guide", "tree", "--temperature", "0.5"},
        {"GLOSSFISH_LLM_URL=" + server.url(), "GLOSSFISH_LLM_RETRIES=0"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto reqs = server.requests();
    ASSERT_EQ(reqs.size(), 6u);
    EXPECT_EQ(reqs[0].json["model"], "fake");
    EXPECT_EQ(reqs[0].json["temperature"], 0.5);
    // The S setting's prompt holds the tree, whose first move is g3+; the None one does not.
    EXPECT_EQ(reqs[0].last_content("user").find("g3+"), std::string::npos);
    EXPECT_NE(reqs[3].last_content("user").find("\"g3+\""), std::string::npos);
    std::vector<std::string> records = lines(path("llm.jsonl"));
    ASSERT_EQ(records.size(), 4u);  // optimal, random, llm none, llm tree
    for (const std::string& l : records) {
        const ordered_json j = ordered_json::parse(l);
        if (j["player"] != "llm:fake") continue;
        EXPECT_EQ(j["score"], 0.0) << l;
        EXPECT_TRUE(j.contains("failed")) << l;
    }
    EXPECT_NE(r.out.find("No Strategy  llm:fake"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("0.000 ± 0.000    +0.000  -1.000"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("S            llm:fake"), std::string::npos) << r.out;
}

TEST_F(SweepCommand, UsageErrorsAreNamed) {
    CliRun r = testkit::run_glossfish_command(
        "sweep", {"--csv", "x.csv", "--out", path("o.jsonl"), "--k", "1,0"}, {});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish sweep: --k must be an integer 1..64, got '0'\n");
    r = testkit::run_glossfish_command(
        "sweep", {"--csv", "x.csv", "--out", path("o.jsonl"), "--plies", "3,all"}, {});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish sweep: --plies must be an integer 1..30, got 'all'\n");
    r = testkit::run_glossfish_command("sweep", {"--csv", "x.csv"}, {});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish sweep: --out is required (the resumable records)\n");
    // An output that is not sweep records is left alone.
    std::ofstream(path("notes.jsonl")) << "{\"id\":\"x\",\"fen\":\"f\",\"tree\":{}}\n";
    r = testkit::run_glossfish_command(
        "sweep",
        {"--csv", std::string(GLOSSFISH_TEST_DATA) + "/lichess_puzzles_1000.csv", "--limit", "1",
         "--out", path("notes.jsonl")},
        {});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("is not glossfish sweep output (line 1: no \"player\" string: "),
              std::string::npos)
        << r.err;
    EXPECT_EQ(lines(path("notes.jsonl")).size(), 1u);
}

}  // namespace
}  // namespace glossfish::verifier::testing
