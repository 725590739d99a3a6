// engine/batch/merge.h without an engine: the PGN marker format, merge_pgn on shard files whose
// "annotation" is the game itself (so the merge must give back the input byte for byte, the
// independent oracle), and plan_jsonl_merge on hand-written records: order, missing,
// duplicated, foreign and torn lines, tepp groups, summaries.
#include "batch/merge.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "io/shard.h"
#include "pgn/pgn.h"
#include "test_util.h"

namespace glossfish {
namespace {

namespace fs = std::filesystem;

class MergeFiles : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("glossfish_merge_test_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string write(const std::string& name, const std::string& text) {
        const std::string path = (dir_ / name).string();
        std::ofstream(path, std::ios::binary) << text;
        return path;
    }
    fs::path dir_;
};

// Shard files of a PGN text made the way annotate --shard writes them, with each game's
// annotated text equal to its source: shard k holds the games with index % n == k.
std::vector<std::string> identity_shards(const std::string& pgn, int n) {
    std::vector<std::string> shards(static_cast<std::size_t>(n));
    int game = 0;
    for (const PgnGame& g : read_pgn(pgn)) {
        if (!g.is_game) continue;
        shards[std::size_t(shard_of_index(std::uint64_t(game), n))] +=
            pgn_shard_item(game + 1, g.text, g.text);
        ++game;
    }
    return shards;
}

TEST(PgnShardMarker, RoundTripAndExactForm) {
    const std::string item = pgn_shard_item(17, "source text", "1. e4 *");
    const std::string marker = item.substr(0, item.find('\n'));
    EXPECT_EQ(
        marker, "%glossfish-shard game=17 bytes=7 source=" + [] {
            char buf[17];
            std::snprintf(buf, sizeof buf, "%016llx", (unsigned long long)fnv1a64("source text"));
            return std::string(buf);
        }());
    // A text without a final newline gets one after it, outside the counted bytes.
    EXPECT_EQ(item.substr(marker.size() + 1), "1. e4 *\n");
    std::optional<PgnShardMarker> m = parse_pgn_shard_marker(marker);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->game, 17);
    EXPECT_EQ(m->bytes, 7u);
    EXPECT_EQ(m->source, fnv1a64("source text"));
    EXPECT_TRUE(parse_pgn_shard_marker(marker + "\r"));
}

TEST(PgnShardMarker, RejectsAnythingElse) {
    for (const char* bad : {"", "% glossfish-shard game=1 bytes=1 source=0000000000000000",
                            "%glossfish-shard game=0 bytes=1 source=0000000000000000",
                            "%glossfish-shard game=1 bytes=1 source=000000000000000",
                            "%glossfish-shard game=1 bytes=1 source=00000000000000000",
                            "%glossfish-shard game=1 bytes=1 source=000000000000000G",
                            "%glossfish-shard game=1 bytes=1 source=ABCDEF0000000000",
                            "%glossfish-shard game=1  bytes=1 source=0000000000000000",
                            "%glossfish-shard game=x bytes=1 source=0000000000000000",
                            "%glossfish-shard game=1 bytes=-1 source=0000000000000000",
                            "%glossfish-shard game=1 bytes=99999999999 source=0000000000000000",
                            "%glossfish-shard bytes=1 game=1 source=0000000000000000"})
        EXPECT_FALSE(parse_pgn_shard_marker(bad)) << bad;
}

TEST_F(MergeFiles, PgnIdentityShardsGiveBackTheInputByteForByte) {
    // LF and CRLF files, comments and escapes between games, an unreadable game, and a last
    // game without a final newline.
    const std::string data = GLOSSFISH_TEST_DATA;
    const std::string pgn = slurp(data + "/pgn/broken.pgn") + "\n{between games}\n% escape\n" +
                            slurp(data + "/pgn/crlf.pgn") + slurp(data + "/classic_games.pgn") +
                            "\n[Event \"last\"]\n\n1. e4 e5 *";
    for (int n : {1, 2, 3, 5, 16}) {
        std::vector<std::string> shards = identity_shards(pgn, n);
        std::vector<std::string> paths;
        for (int k = 0; k < n; ++k)
            paths.push_back(write("s" + std::to_string(k) + ".pgn", shards[std::size_t(k)]));
        std::istringstream in(pgn);
        std::ostringstream out;
        MergeProblems p = merge_pgn(in, paths, n, out);
        EXPECT_TRUE(p.ok()) << "N=" << n << (p.bad.empty() ? "" : ": " + p.bad.front());
        EXPECT_EQ(p.expected, 12u);
        EXPECT_EQ(p.merged, 12u);
        EXPECT_EQ(out.str(), pgn) << "N=" << n;
    }
}

TEST_F(MergeFiles, PgnMissingDuplicatedForeignAndTorn) {
    const std::string pgn = slurp(std::string(GLOSSFISH_TEST_DATA) + "/pgn/broken.pgn");
    std::vector<std::string> shards = identity_shards(pgn, 3);  // games 1,4 | 2,5 | 3,6
    const std::string s0 = write("s0.pgn", shards[0]);
    const std::string s1 = write("s1.pgn", shards[1]);
    auto merge = [&](const std::vector<std::string>& paths) {
        std::istringstream in(pgn);
        std::ostringstream out;
        return merge_pgn(in, paths, 3, out);
    };
    // Shard 2 not given: games 3 and 6 missing, named with their input lines and shard.
    MergeProblems p = merge({s0, s1});
    EXPECT_TRUE(p.bad.empty());
    ASSERT_EQ(p.missing.size(), 2u);
    EXPECT_EQ(p.missing[0].what, "game 3 (line 11)");
    EXPECT_EQ(p.missing[0].shard, 2);
    EXPECT_EQ(p.missing[1].what, "game 6 (line 27)");
    // The same shard twice: each of its games duplicated, with both places.
    const std::string s2 = write("s2.pgn", shards[2]);
    p = merge({s0, s1, s2, s2});
    ASSERT_EQ(p.duplicated.size(), 2u);
    EXPECT_EQ(p.duplicated[0].what, "game 3 (line 11)");
    EXPECT_EQ(p.duplicated[0].at, (std::vector<std::string>{s2 + ":1", s2 + ":1"}));
    // A shard of another input: its source hashes differ.
    const std::string other =
        write("other.pgn", pgn_shard_item(3, "another game", "[Event \"x\"]\n\n1. d4 *\n") +
                               shards[2].substr(shards[2].find("%glossfish-shard game=6")));
    p = merge({s0, s1, other});
    ASSERT_EQ(p.bad.size(), 1u);
    EXPECT_EQ(p.bad[0], other +
                            ":1: game 3 is not the input's game 3 (line 11) (its source hash "
                            "differs: an output of another input?)");
    // A torn shard: the last game cut short.
    const std::string torn = write("torn.pgn", shards[2].substr(0, shards[2].size() - 10));
    p = merge({s0, s1, torn});
    ASSERT_EQ(p.bad.size(), 1u);
    EXPECT_NE(p.bad[0].find(torn + ":"), std::string::npos);
    EXPECT_NE(p.bad[0].find(": game 6 is cut short: "), std::string::npos) << p.bad[0];
    ASSERT_EQ(p.missing.size(), 1u);
    EXPECT_EQ(p.missing[0].what, "game 6 (line 27)");
    // Not a shard output at all.
    const std::string plain = write("plain.pgn", pgn);
    p = merge({plain});
    ASSERT_EQ(p.bad.size(), 1u);
    EXPECT_EQ(p.bad[0], plain +
                            ":1: expected a %glossfish-shard line, found '[Event \"Good 1\"]' "
                            "(not an annotate --shard output?)");
    EXPECT_EQ(p.missing.size(), 6u);
    // Out of order within a file, and a game number beyond the input.
    const std::string swapped =
        write("swapped.pgn", shards[2].substr(shards[2].find("%glossfish-shard game=6")) +
                                 shards[2].substr(0, shards[2].find("%glossfish-shard game=6")) +
                                 pgn_shard_item(9, "x", "y\n"));
    p = merge({s0, s1, swapped});
    ASSERT_EQ(p.bad.size(), 2u) << p.bad.front();
    EXPECT_NE(p.bad[0].find(": game 3 after game 6 of the same file (repeated or out of input "
                            "order)"),
              std::string::npos)
        << p.bad[0];
    EXPECT_NE(p.bad[1].find(": game 9 is not in the input (it has 6 games)"), std::string::npos)
        << p.bad[1];
    EXPECT_EQ(p.missing.size(), 1u);  // game 3
}

// Puzzle-like records; each line has its id and the input's fen.
std::string rec(const std::string& id, const std::string& fen = "F") {
    return R"({"id":")" + id + R"(","fen":")" + fen + R"(","tree":{}})" + "\n";
}

std::vector<MergeExpected> expect_ids(const std::vector<std::string>& ids) {
    std::vector<MergeExpected> out;
    for (const auto& id : ids)
        out.push_back({id, "id " + id, nlohmann::json("F"), shard_of_key(id, 2)});
    return out;
}

std::vector<std::string> planned_lines(const JsonlMergePlan& plan,
                                       const std::vector<std::string>& paths) {
    std::vector<std::string> out;
    for (const JsonlPlace& p : plan.order)
        out.push_back(slurp(paths[p.file]).substr(std::size_t(p.offset), std::size_t(p.length)));
    return out;
}

TEST_F(MergeFiles, JsonlInputOrderWhateverTheShardOrder) {
    const auto paths = std::vector<std::string>{write("a.jsonl", rec("c") + "\n" + rec("a")),
                                                write("b.jsonl", rec("d") + rec("b"))};
    JsonlMergePlan plan =
        plan_jsonl_merge(MergeKind::Puzzles, expect_ids({"a", "b", "c", "d"}), paths);
    EXPECT_TRUE(plan.problems.ok());
    EXPECT_EQ(plan.problems.expected, 4u);
    EXPECT_EQ(planned_lines(plan, paths),
              (std::vector<std::string>{
                  R"({"id":"a","fen":"F","tree":{}})", R"({"id":"b","fen":"F","tree":{}})",
                  R"({"id":"c","fen":"F","tree":{}})", R"({"id":"d","fen":"F","tree":{}})"}));
}

TEST_F(MergeFiles, JsonlProblemsWithPlaces) {
    const std::string a = write("a.jsonl", rec("a") + "not json\n" + rec("zz") + rec("b", "G") +
                                               R"({"id":"b","player":"p","run":0})" + "\n" +
                                               R"({"fen":"F"})" + "\n" + rec("c"));
    const std::string b = write("b.jsonl", rec("c") + rec("d").substr(0, 8));
    JsonlMergePlan plan =
        plan_jsonl_merge(MergeKind::Puzzles, expect_ids({"a", "b", "c", "d", "e"}), {a, b});
    EXPECT_EQ(
        plan.problems.bad,
        (std::vector<std::string>{
            a + ":2: not a JSON object: 'not json'", a + ":3: id zz is not in the input",
            a + ":4: id b: \"fen\" is not the input's \"F\" (an output of another input?)",
            a + ":5: a tepp record, not puzzles", a + ":6: no \"id\" string: not a puzzles record",
            b + ":2: torn last line (8 bytes, no newline): rerun this shard"}));
    ASSERT_EQ(plan.problems.missing.size(), 3u);
    EXPECT_EQ(plan.problems.missing[0].what, "id b");
    EXPECT_EQ(plan.problems.missing[0].shard, shard_of_key("b", 2));
    EXPECT_EQ(plan.problems.missing[1].what, "id d");
    EXPECT_EQ(plan.problems.missing[2].what, "id e");
    ASSERT_EQ(plan.problems.duplicated.size(), 1u);
    EXPECT_EQ(plan.problems.duplicated[0].what, "id c");
    EXPECT_EQ(plan.problems.duplicated[0].at, (std::vector<std::string>{a + ":7", b + ":1"}));
    // A file that cannot be opened.
    plan = plan_jsonl_merge(MergeKind::Puzzles, expect_ids({"a"}), {(dir_ / "none").string()});
    ASSERT_EQ(plan.problems.bad.size(), 1u);
    EXPECT_EQ(plan.problems.bad[0],
              (dir_ / "none").string() + ": cannot open: No such file or directory");
}

TEST_F(MergeFiles, TeppGroupsInFirstAppearanceOrder) {
    auto t = [](const std::string& id, const std::string& player, int run) {
        return R"({"id":")" + id + R"(","fen":"F","player":")" + player + R"(","run":)" +
               std::to_string(run) + "}\n";
    };
    // Two players, two runs; shard files hold their ids in every group.
    const auto paths = std::vector<std::string>{
        write("a.jsonl", t("b", "p", 0) + t("b", "p", 1) + t("b", "q", 0) + t("b", "q", 1)),
        write("b.jsonl", t("a", "p", 0) + t("a", "p", 1) + t("a", "q", 0))};
    JsonlMergePlan plan = plan_jsonl_merge(MergeKind::Tepp, expect_ids({"a", "b"}), paths);
    EXPECT_EQ(plan.problems.expected, 8u);
    ASSERT_EQ(plan.problems.missing.size(), 1u);
    EXPECT_EQ(plan.problems.missing[0].what, "id a, player q, run 1");
    std::vector<std::string> lines = planned_lines(plan, paths);
    ASSERT_EQ(lines.size(), 7u);
    EXPECT_EQ(lines[0], t("a", "p", 0).substr(0, lines[0].size()));
    EXPECT_EQ(lines[1], t("b", "p", 0).substr(0, lines[1].size()));
    EXPECT_EQ(lines[2], t("a", "p", 1).substr(0, lines[2].size()));
    EXPECT_EQ(lines[6], t("b", "q", 1).substr(0, lines[6].size()));
}

TEST_F(MergeFiles, JudgeKeysByLineAndNeedsEverySummary) {
    std::vector<MergeExpected> expected = {{"1", "line 1", nlohmann::json("x"), -1},
                                           {"3", "line 3", nlohmann::json(nullptr), -1}};
    const std::string a = write("a.jsonl", R"({"line":3,"id":null,"error":"line 3: bad JSON"})"
                                           "\n"
                                           R"({"summary":{"records":0}})"
                                           "\n");
    const std::string b = write("b.jsonl", R"({"line":1,"id":"y","stance":"good"})"
                                           "\n");
    JsonlMergePlan plan = plan_jsonl_merge(MergeKind::Judge, expected, {a, b});
    EXPECT_EQ(plan.problems.bad,
              (std::vector<std::string>{
                  b + ":1: line 1: \"id\" is not the input's \"x\" (an output of another input?)",
                  b + ": no summary line at the end: the run did not finish; rerun this shard"}));
    ASSERT_TRUE(plan.summaries[0]);
    EXPECT_FALSE(plan.summaries[1]);
    ASSERT_EQ(plan.problems.missing.size(), 1u);
    EXPECT_EQ(plan.problems.missing[0].what, "line 1");
}

}  // namespace
}  // namespace glossfish
