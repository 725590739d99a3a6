// The shard rule (engine/io/shard.h): FNV-1a against its published test vectors, shard numbers
// against an independent implementation (Python, see the comment at ExpectedShards), every
// record in exactly one shard for N = 1..64, a balanced split, and the --shard parser.
#include "io/shard.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "analysis/puzzles.h"

namespace glossfish {
namespace {

std::vector<std::string> bundled_puzzle_ids() {
    PuzzleFile f =
        read_lichess_puzzles_file(std::string(GLOSSFISH_TEST_DATA) + "/lichess_puzzles_1000.csv");
    std::vector<std::string> ids;
    for (const auto& r : f.records) ids.push_back(r.id);
    return ids;
}

TEST(Shard, Fnv1aPublishedVectors) {
    // The FNV reference's test vectors for 64-bit FNV-1a.
    EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ULL);
    EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
    EXPECT_EQ(fnv1a64("foobar"), 0x85944171f73967e8ULL);
}

// Shards of N = 2, 3, 4, 10, 64 for the first bundled puzzle ids, computed by a separate
// Python implementation of the documented rule (fnv1a64, splitmix64 finalizer, mod N):
// the split is the same on any machine, compiler or run.
TEST(Shard, ExpectedShards) {
    struct Case {
        const char* id;
        int shard[5];
    };
    const Case cases[] = {
        {"tewjc", {0, 1, 0, 2, 48}}, {"0kDWS", {1, 1, 3, 1, 63}}, {"f2p5F", {1, 2, 3, 5, 51}},
        {"LDIfb", {0, 1, 0, 8, 40}}, {"mJDcO", {0, 0, 0, 0, 44}}, {"y0ld9", {1, 2, 1, 1, 49}},
        {"CIamA", {0, 1, 0, 8, 0}},  {"u7Cp7", {0, 0, 2, 0, 38}}, {"42", {0, 0, 2, 0, 2}},
        {"-7", {1, 1, 1, 7, 33}},
    };
    const int counts[5] = {2, 3, 4, 10, 64};
    for (const Case& c : cases)
        for (int k = 0; k < 5; ++k)
            EXPECT_EQ(shard_of_key(c.id, counts[k]), c.shard[k]) << c.id << " N=" << counts[k];
    EXPECT_EQ(shard_of_key("anything", 1), 0);
    EXPECT_EQ(shard_of_index(10, 4), 2);
    EXPECT_EQ(shard_of_index(10, 1), 0);
}

TEST(Shard, EveryRecordInExactlyOneShard) {
    const std::vector<std::string> ids = bundled_puzzle_ids();
    ASSERT_EQ(ids.size(), 1000u);
    for (int n = 1; n <= 64; ++n) {
        std::vector<int> sizes(std::size_t(n), 0);
        for (std::size_t r = 0; r < ids.size(); ++r) {
            int by_key = 0, by_index = 0;
            for (int i = 0; i < n; ++i) {
                ShardSpec s{i, n};
                by_key += s.contains_key(ids[r]);
                by_index += s.contains_index(r);
                if (s.contains_key(ids[r])) ++sizes[std::size_t(i)];
            }
            ASSERT_EQ(by_key, 1) << ids[r] << " N=" << n;
            ASSERT_EQ(by_index, 1) << r << " N=" << n;
        }
        int total = 0;
        for (int s : sizes) total += s;
        EXPECT_EQ(total, 1000) << "N=" << n;
    }
}

// 1000 ids in 4 shards: Python counts 256, 263, 232, 249.
TEST(Shard, BalancedSplitOfBundledIds) {
    const std::vector<std::string> ids = bundled_puzzle_ids();
    std::vector<int> sizes(4, 0);
    for (const auto& id : ids) ++sizes[std::size_t(shard_of_key(id, 4))];
    EXPECT_EQ(sizes, (std::vector<int>{256, 263, 232, 249}));
}

TEST(Shard, ParseAcceptsZeroBasedSpecs) {
    ShardParse p = parse_shard("0/1");
    ASSERT_TRUE(p.ok()) << p.error;
    EXPECT_EQ(p.spec, (ShardSpec{0, 1}));
    p = parse_shard("3/4");
    ASSERT_TRUE(p.ok()) << p.error;
    EXPECT_EQ(p.spec, (ShardSpec{3, 4}));
    EXPECT_EQ(p.spec.text(), "3/4");
    EXPECT_TRUE(parse_shard("99999/100000").ok());
}

TEST(Shard, ParseRejectsWithExactMessages) {
    EXPECT_EQ(parse_shard("4/4").error,
              "--shard 4/4: I counts from 0, so it must be below 4 (the shards of 4 are 0/4 .. "
              "3/4)");
    const std::string form =
        "--shard must be I/N with 0 <= I < N <= 100000 (I counts from 0), got ";
    for (const char* bad :
         {"", "1", "1/0", "-1/4", "+1/4", "a/b", "1/2/3", " 1/2", "1/2 ", "0/100001", "1/"})
        EXPECT_EQ(parse_shard(bad).error, form + "'" + bad + "'") << bad;
}

TEST(Shard, JsonlIdsAndLineFallback) {
    EXPECT_EQ(jsonl_shard_id(R"({"id":"abc","fen":"x"})"), "abc");
    EXPECT_EQ(jsonl_shard_id(R"({"id":42})"), "42");
    EXPECT_EQ(jsonl_shard_id(R"({"id":4.5})"), "");
    EXPECT_EQ(jsonl_shard_id(R"({"id":null})"), "");
    EXPECT_EQ(jsonl_shard_id(R"({"fen":"x"})"), "");
    EXPECT_EQ(jsonl_shard_id("not json"), "");
    EXPECT_EQ(jsonl_shard_id(R"(["id"])"), "");
    // With an id: the id's shard wherever the line is; without: line number - 1, mod N.
    EXPECT_EQ(shard_of_jsonl_line(R"({"id":"tewjc"})", 7, 64), 48);
    EXPECT_EQ(shard_of_jsonl_line(R"({"id":42})", 1, 64), 2);
    EXPECT_EQ(shard_of_jsonl_line(R"({"fen":"x"})", 7, 4), 2);
    EXPECT_EQ(shard_of_jsonl_line("garbage", 8, 4), 3);
}

}  // namespace
}  // namespace glossfish
