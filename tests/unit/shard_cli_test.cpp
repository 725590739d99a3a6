// `--shard I/N` on puzzles, tepp, annotate, judge and verify --jsonl, and `glossfish merge`,
// through the binary. The oracle is always the unsharded run of the same command: the shards
// never overlap, together they hold every record of it, and their merge is byte-identical to it
// (puzzles: to it in input order). Engine results must not depend on what a process searched
// before, so puzzles run --reproducible, tepp plays the (hash-clearing) optimal player, and the
// annotate / judge / verify inputs are forced mates and a stalemate, whose scores are exact.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "analysis/puzzles.h"
#include "cli_run.h"
#include "pgn/pgn.h"
#include "test_util.h"

namespace glossfish {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using testkit::CliRun;

const std::string Csv = std::string(GLOSSFISH_TEST_DATA) + "/lichess_puzzles_1000.csv";

const char* const QueenMate = "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1";  // Qf8# only; Qf7 stalemates
const char* const MateInTwo = "5rk1/p1Q3pp/8/3p4/3q1R2/8/P1P3PP/R6K b - - 0 21";
const char* const PawnMate = "3r4/2p1pp1p/pp6/1kp1N3/4bP2/1PK3P1/P1P4P/8 w - - 3 25";

// Five games whose every searched position is a mate (or the game ends on the board), an
// unreadable one, an escape line between games and a comment after the last.
std::string forced_pgn() {
    auto game = [](const std::string& event, const std::string& fen, const std::string& result,
                   const std::string& moves) {
        return "[Event \"" + event + "\"]\n[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n[Result \"" +
               result + "\"]\n\n" + moves + "\n\n";
    };
    return game("Mate in one", QueenMate, "1-0", "1. Qf8# 1-0") +
           game("Stalemate instead", QueenMate, "1/2-1/2", "1. Qf7 1/2-1/2") +
           "% an escape line between games\n" +
           game("Mate in two", MateInTwo, "0-1", "21... Qxa1+ 22. Rf1 Rxf1# 0-1") +
           "[Event \"Illegal\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n" +
           game("Pawn mate", PawnMate, "1-0", "25. a4+ Ka5 26. Nc4# 1-0") +
           "{ a comment after the last game }\n";
}

// Judge records on those positions; a blank line, one without id, a broken one, an integer id.
std::string judge_jsonl(const char* text_field) {
    auto rec = [&](json id, const char* fen, const char* move, const char* text) {
        json j = {{"fen", fen}, {"move", move}, {text_field, text}};
        if (!id.is_null()) j["id"] = id;
        return j.dump() + "\n";
    };
    json mate = {{"id", "mate"},
                 {"fen", QueenMate},
                 {"move", "Qf8"},
                 {text_field, "Qf8 gives check. Qf8 is checkmate."},
                 {"gold_atoms", {"Qf8 mates.", "The king has no squares."}}};
    return mate.dump() + "\n" +
           rec("stalemate", QueenMate, "Qf7", "Qf7 is a blunder. Qf7 captures a pawn.") + "\n" +
           rec(nullptr, QueenMate, "Qf8", "Qf8 is a blunder.") + "{oops\n" +
           rec(7, MateInTwo, "Qxa1+",
               "Qxa1+ gives check. The black queen attacks the rook on f1.") +
           rec("pawn", PawnMate, "a4", "a4 gives check. a4 is the best move.");
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

CliRun glossfish(const std::vector<std::string>& args) {
    return testkit::run_glossfish_command(args.front(), {args.begin() + 1, args.end()}, {});
}

// `glossfish verify --jsonl ARGS < input`.
CliRun verify_jsonl(std::vector<std::string> args, const fs::path& input) {
    args.insert(args.begin(), "--jsonl");
    return testkit::run_glossfish_command("verify", args, {}, input.string());
}

class ShardCli : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("glossfish_shard_cli_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(path(name), std::ios::binary) << text;
        return path(name);
    }
    // Runs args + {"--shard", "k/n", out_flag, shard file} for k = 0..n-1; the shard files.
    std::vector<std::string> run_shards(std::vector<std::string> args, int n,
                                        const std::string& out_flag, const std::string& ext) {
        std::vector<std::string> files;
        for (int k = 0; k < n; ++k) {
            files.push_back(path("shard" + std::to_string(k) + ext));
            std::vector<std::string> a = args;
            a.insert(a.end(), {"--shard", std::to_string(k) + "/" + std::to_string(n), out_flag,
                               files.back()});
            CliRun r = glossfish(a);
            EXPECT_EQ(r.exit_code, 0) << "shard " << k << ": " << r.err;
        }
        return files;
    }
    CliRun merge(const std::string& input, const std::vector<std::string>& shards,
                 const std::string& out, std::vector<std::string> extra = {}) {
        std::vector<std::string> a = {"merge", "--input", input, "-o", out};
        a.insert(a.end(), extra.begin(), extra.end());
        a.insert(a.end(), shards.begin(), shards.end());
        return glossfish(a);
    }
    fs::path dir_;
};

TEST_F(ShardCli, PuzzlesShardsPartitionTheRunAndMergeInInputOrder) {
    const std::vector<std::string> base = {"puzzles", "--csv",   Csv, "--limit",
                                           "24",      "--depth", "6", "--breadth",
                                           "2",       "--jobs",  "1", "--reproducible"};
    std::vector<std::string> whole = base;
    whole.insert(whole.end(), {"--out", path("all.jsonl")});
    CliRun r = glossfish(whole);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::vector<std::string> all = lines_of(slurp(path("all.jsonl")));
    ASSERT_EQ(all.size(), 24u);

    const std::vector<std::string> shards = run_shards(base, 3, "--out", ".jsonl");
    std::multiset<std::string> union_lines;
    std::set<std::string> ids;
    for (const auto& f : shards) {
        const auto ls = lines_of(slurp(f));
        EXPECT_GT(ls.size(), 0u) << f;
        for (const auto& l : ls) {
            union_lines.insert(l);
            EXPECT_TRUE(ids.insert(json::parse(l)["id"].get<std::string>()).second)
                << "in two shards: " << l.substr(0, 40);
        }
    }
    EXPECT_EQ(union_lines, std::multiset<std::string>(all.begin(), all.end()));

    // The merge is in input order (the CSV's first 24 ids), each line as the unsharded run
    // wrote it; the unsharded output itself comes out of merge identical.
    r = merge(Csv, shards, path("merged.jsonl"), {"--limit", "24", "--shards", "3"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "glossfish merge: " + path("merged.jsonl") +
                         ": 24 records from 3 files, every record once\n");
    const std::vector<std::string> merged = lines_of(slurp(path("merged.jsonl")));
    PuzzleFile csv = read_lichess_puzzles_file(Csv);
    ASSERT_EQ(merged.size(), 24u);
    for (std::size_t i = 0; i < merged.size(); ++i)
        EXPECT_EQ(json::parse(merged[i])["id"], csv.records[i].id) << i;
    ASSERT_EQ(merge(Csv, {path("all.jsonl")}, path("one.jsonl"), {"--limit", "24"}).exit_code, 0);
    EXPECT_EQ(slurp(path("merged.jsonl")), slurp(path("one.jsonl")));
    EXPECT_NE(slurp(path("all.jsonl")), slurp(path("one.jsonl")))
        << "expected the plies grouping of one run to differ from input order";
}

TEST_F(ShardCli, PuzzlesEmptyShardWritesAnEmptyOutput) {
    // 2 puzzles in 16 shards: most shards are empty; each still leaves its (empty) output.
    const std::vector<std::string> shards =
        run_shards({"puzzles", "--csv", Csv, "--limit", "2", "--depth", "4", "--jobs", "1"}, 16,
                   "--out", ".jsonl");
    std::size_t records = 0;
    for (const auto& f : shards) {
        ASSERT_TRUE(fs::exists(f)) << f;
        records += lines_of(slurp(f)).size();
    }
    EXPECT_EQ(records, 2u);
    CliRun r = merge(Csv, shards, path("m.jsonl"), {"--limit", "2"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST_F(ShardCli, TeppShardsMergeByteIdentical) {
    const std::vector<std::string> base = {"tepp", "--csv",    Csv,       "--limit", "8", "--depth",
                                           "6",    "--player", "optimal", "--runs",  "2"};
    std::vector<std::string> whole = base;
    whole.insert(whole.end(), {"--out", path("all.jsonl")});
    CliRun r = glossfish(whole);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(lines_of(slurp(path("all.jsonl"))).size(), 16u);  // 8 puzzles x 2 runs
    const std::vector<std::string> shards = run_shards(base, 3, "--out", ".jsonl");
    r = merge(Csv, shards, path("merged.jsonl"), {"--limit", "8"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(slurp(path("merged.jsonl")), slurp(path("all.jsonl")));

    // One shard lost: its puzzles are missing in both runs, named with their shard.
    r = merge(Csv, {shards[0], shards[2]}, path("merged.jsonl"), {"--limit", "8", "--shards", "3"});
    EXPECT_EQ(r.exit_code, 1);
    const std::size_t lost = lines_of(slurp(shards[1])).size();
    EXPECT_NE(r.err.find("glossfish merge: missing " + std::to_string(lost) +
                         " of 16 records (by shard: 1/3: " + std::to_string(lost) + "):\n"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find(", player optimal, run 1 (shard 1/3)\n"), std::string::npos) << r.err;
}

TEST_F(ShardCli, AnnotateShardsMergeByteIdentical) {
    const std::string pgn = write("games.pgn", forced_pgn());
    CliRun r = glossfish({"annotate", pgn, "--depth", "10", "-o", path("all.pgn")});
    ASSERT_EQ(r.exit_code, 2) << r.err;  // the illegal game is copied unchanged
    const std::vector<std::string> shards = [&] {
        std::vector<std::string> files;
        for (int k = 0; k < 3; ++k) {
            files.push_back(path("shard" + std::to_string(k) + ".pgn"));
            CliRun s = glossfish({"annotate", pgn, "--depth", "10", "--shard",
                                  std::to_string(k) + "/3", "-o", files.back()});
            EXPECT_EQ(s.exit_code, k == 0 ? 2 : 0) << s.err;  // game 4 is in shard 0
        }
        return files;
    }();
    // Games by index: shard k holds games k+1, k+4, ... (5 games: 1,4 | 2,5 | 3), each after
    // its marker; a PGN reader skips the markers and sees just those games.
    const std::vector<std::vector<int>> want = {{1, 4}, {2, 5}, {3}};
    for (int k = 0; k < 3; ++k) {
        const std::string text = slurp(shards[std::size_t(k)]);
        std::vector<int> games;
        for (const std::string& l : lines_of(text))
            if (l.rfind("%glossfish-shard game=", 0) == 0) games.push_back(std::stoi(l.substr(22)));
        EXPECT_EQ(games, want[std::size_t(k)]) << k;
        int read = 0;
        for (const PgnGame& g : read_pgn(text)) read += g.is_game;
        EXPECT_EQ(read, int(want[std::size_t(k)].size())) << k;
    }
    r = merge(pgn, shards, path("merged.pgn"), {"--shards", "3"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "glossfish merge: " + path("merged.pgn") +
                         ": 5 games from 3 files, every record once\n");
    EXPECT_EQ(slurp(path("merged.pgn")), slurp(path("all.pgn")));

    r = merge(pgn, {shards[0], shards[1]}, path("merged.pgn"), {"--shards", "3"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err,
              "glossfish merge: missing 1 of 5 records (by shard: 2/3: 1):\n"
              "glossfish merge:   game 3 (line 16) (shard 2/3)\n"
              "glossfish merge: nothing written (" +
                  path("merged.pgn") + " left as it was)\n");
    EXPECT_EQ(slurp(path("merged.pgn")), slurp(path("all.pgn")));
}

TEST_F(ShardCli, JudgeShardsMergeWithTheSummaryOfOneRun) {
    const std::string in = write("records.jsonl", judge_jsonl("commentary"));
    const std::vector<std::string> base = {"judge", "--input", in,  "--decomposer",
                                           "rules", "--depth", "8", "--bootstrap",
                                           "50",    "--seed",  "7"};
    std::vector<std::string> whole = base;
    whole.insert(whole.end(), {"--out", path("all.jsonl")});
    CliRun r = glossfish(whole);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::vector<std::string> shards = run_shards(base, 3, "--out", ".jsonl");
    for (const auto& f : shards)  // each shard ends with its own summary line
        EXPECT_TRUE(json::parse(lines_of(slurp(f)).back()).contains("summary")) << f;
    r = merge(in, shards, path("merged.jsonl"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string all = slurp(path("all.jsonl"));
    EXPECT_EQ(lines_of(all).size(), 7u);  // 6 records (blank line skipped) + summary
    EXPECT_EQ(slurp(path("merged.jsonl")), all);
    EXPECT_NE(r.err.find("factual precision"), std::string::npos);  // the summary table

    // A shard killed before its summary line: reported, nothing written.
    std::string cut = slurp(shards[2]);
    cut = cut.substr(0, cut.rfind("{\"summary\""));
    write("shard2.jsonl", cut);
    r = merge(in, shards, path("merged.jsonl"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find(shards[2] + ": no summary line at the end: the run did not finish; "
                                     "rerun this shard\n"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(slurp(path("merged.jsonl")), all);
}

TEST_F(ShardCli, VerifyJsonlShardsMergeWithTheOverallLineOfOneRun) {
    const std::string in =
        write("positions.jsonl",
              judge_jsonl("text") +
                  json({{"id", "nomove"},
                        {"fen", QueenMate},
                        {"text", "The white queen is on f1. The black king is in check."}})
                      .dump() +
                  "\n");
    const std::vector<std::string> args = {"--depth", "8", "--bootstrap", "50", "--seed", "7"};
    CliRun all = verify_jsonl(args, in);
    ASSERT_EQ(all.exit_code, 0);
    const std::vector<std::string> lines = lines_of(all.out);
    ASSERT_EQ(lines.size(), 8u);  // 7 answers + the overall line
    // Every answer names its input line (the blank line 3 has none).
    const std::vector<int> numbers = {1, 2, 4, 5, 6, 7, 8};
    for (std::size_t i = 0; i < numbers.size(); ++i)
        EXPECT_EQ(json::parse(lines[i])["line"], numbers[i]) << lines[i].substr(0, 60);
    std::vector<std::string> shards;
    for (int k = 0; k < 3; ++k) {
        std::vector<std::string> a = args;
        a.insert(a.end(), {"--shard", std::to_string(k) + "/3"});
        CliRun s = verify_jsonl(a, in);
        ASSERT_EQ(s.exit_code, 0);
        shards.push_back(write("shard" + std::to_string(k) + ".jsonl", s.out));
    }
    CliRun r = merge(in, shards, path("merged.jsonl"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(slurp(path("merged.jsonl")), all.out);
}

TEST_F(ShardCli, MergeRefusesToOverwriteItsInputs) {
    const std::string in =
        write("in.jsonl", R"({"id":"a","fen":")" + std::string(QueenMate) + R"("})" + "\n");
    const std::string shard = write("s.jsonl", R"({"id":"a","fen":")" + std::string(QueenMate) +
                                                   R"(","plies":3,"tree":{}})" + "\n");
    const std::string shard_text = slurp(shard);
    fs::create_symlink(shard, path("link.jsonl"));
    for (const std::string& out : {shard, path("link.jsonl")}) {
        CliRun r = merge(in, {shard}, out);
        EXPECT_EQ(r.exit_code, 2);
        EXPECT_EQ(r.err, "glossfish merge: -o " + out + " is one of the inputs (" + shard +
                             "): refusing to overwrite it\n");
    }
    CliRun r = merge(in, {shard}, in);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish merge: -o " + in + " is one of the inputs (" + in +
                         "): refusing to overwrite it\n");
    fs::create_directory(path("dir"));
    r = merge(in, {shard, path("dir")}, path("out.jsonl"));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish merge: " + path("dir") + " is a directory\n");
    r = merge(in, {in}, path("out.jsonl"));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish merge: " + in + " is the input, not a shard output\n");
    EXPECT_EQ(slurp(shard), shard_text);
    // A good merge of that one record, and no temporary file left behind.
    r = merge(in, {shard}, path("out.jsonl"));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(slurp(path("out.jsonl")), shard_text);
    for (const auto& e : fs::directory_iterator(dir_))
        EXPECT_EQ(e.path().string().find(".tmp."), std::string::npos) << e.path();
}

TEST_F(ShardCli, MergeReportsMissingDuplicatedAndBadLines) {
    auto rec = [](const std::string& id) {
        return R"({"id":")" + id + R"(","fen":")" + QueenMate + R"(","plies":3,"tree":{}})" + "\n";
    };
    std::string input;
    for (const char* id : {"a", "b", "c", "d"})
        input += R"({"id":")" + std::string(id) + R"(","fen":")" + QueenMate + R"("})" + "\n";
    const std::string in = write("in.jsonl", input);
    const std::string s0 = write("s0.jsonl", rec("b") + rec("a"));
    const std::string s1 = write("s1.jsonl", rec("a") + "garbage\n" + rec("x"));
    write("out.jsonl", "previous\n");
    CliRun r = merge(in, {s0, s1}, path("out.jsonl"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err, "glossfish merge: " + s1 + ":2: not a JSON object: 'garbage'\n" +
                         "glossfish merge: " + s1 + ":3: id x is not in the input\n" +
                         "glossfish merge: missing 2 of 4 records:\n"
                         "glossfish merge:   id c\n"
                         "glossfish merge:   id d\n"
                         "glossfish merge: 1 record more than once:\n"
                         "glossfish merge:   id a in " +
                         s0 + ":2, " + s1 + ":1\n" + "glossfish merge: nothing written (" +
                         path("out.jsonl") + " left as it was)\n");
    EXPECT_EQ(slurp(path("out.jsonl")), "previous\n");
    // The kind cannot be told from records that name none.
    r = merge(in, {write("odd.jsonl", "{\"id\":\"a\"}\n")}, path("out.jsonl"));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err,
              "glossfish merge: cannot tell which command wrote the shard files; give --kind "
              "puzzles, tepp, judge or verify\n");
    r = merge(in, {s0}, path("out.jsonl"), {"--kind", "trees"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err,
              "glossfish merge: --kind must be puzzles, tepp, annotate, judge or verify, got "
              "'trees'\n");
}

TEST_F(ShardCli, ShardFlagErrors) {
    CliRun r = glossfish({"puzzles", "--csv", Csv, "--out", path("o.jsonl"), "--shard", "4/4"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err,
              "glossfish puzzles: --shard 4/4: I counts from 0, so it must be below 4 (the "
              "shards of 4 are 0/4 .. 3/4)\n");
    r = glossfish({"annotate", "x.pgn", "--shard", "1"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err,
              "glossfish annotate: --shard must be I/N with 0 <= I < N <= 100000 (I counts from "
              "0), got '1'\n");
    r = glossfish({"verify", "--fen", QueenMate, "--text", "x", "--shard", "0/2"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish verify: --shard needs --jsonl\n");
    for (const char* command : {"tepp", "judge"}) {
        r = glossfish({command, "--shard", "0/0"});
        EXPECT_EQ(r.exit_code, 2) << command;
        EXPECT_NE(r.err.find("--shard must be I/N"), std::string::npos) << command << r.err;
    }
    EXPECT_FALSE(fs::exists(path("o.jsonl")));
}

}  // namespace
}  // namespace glossfish
