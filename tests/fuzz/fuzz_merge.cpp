// libFuzzer target: what `glossfish merge` reads. The input is split at its first 0xFF byte into
// an input part and a shard part.
//  - PGN: the input part as a PGN file is cut into shards the way annotate --shard writes them
//    (each game's "annotation" its own text); merging them must give the input back byte for
//    byte, with no problem. The shard part as one more shard file must not crash the merge,
//    and every game is then merged, missing, duplicated or a problem.
//  - Markers: each line of the shard part that parses as a %glossfish-shard line prints back
//    exactly (one spelling only).
//  - JSONL: the shard part as the output of each JSONL kind against the input part's lines as
//    ids: every expected record is planned once, missing or duplicated; a planned line is a
//    JSON object. The judge and verify record readers take each line without crashing.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

#include "batch/merge.h"
#include "io/shard.h"
#include "judge/shard_summary.h"
#include "pgn/pgn.h"

using namespace glossfish;

namespace {

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_merge: %s\n", what);
        std::abort();
    }
}

void fuzz_pgn(const std::string& input, const std::string& extra) {
    std::string shards[3];
    int game = 0;
    for (const PgnGame& g : read_pgn(input)) {
        if (!g.is_game) continue;
        shards[shard_of_index(std::uint64_t(game), 3)] += pgn_shard_item(game + 1, g.text, g.text);
        ++game;
    }
    {
        std::istringstream in(input), s0(shards[0]), s1(shards[1]), s2(shards[2]);
        std::ostringstream out;
        MergeProblems p =
            merge_pgn(in, {{"s0", &s0, {}}, {"s1", &s1, {}}, {"s2", &s2, {}}}, 3, out);
        check(p.ok(), "identity shards have problems");
        check(p.merged == std::size_t(game) && p.expected == std::size_t(game), "game count");
        check(out.str() == input, "identity shards do not give the input back");
    }
    std::istringstream in(input), s0(shards[0]), s1(extra);
    std::ostringstream out;
    MergeProblems p = merge_pgn(in, {{"s0", &s0, {}}, {"extra", &s1, {}}}, 3, out);
    check(p.merged + p.missing.size() + p.duplicated.size() <= p.expected, "games counted twice");
}

void fuzz_markers(const std::string& extra) {
    std::istringstream lines(extra);
    for (std::string line; std::getline(lines, line);) {
        std::optional<PgnShardMarker> m = parse_pgn_shard_marker(line);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (m) check(pgn_shard_marker_line(*m) == line, "a marker with two spellings");
    }
}

void fuzz_jsonl(const std::string& input, const std::string& extra) {
    std::vector<MergeExpected> expected;
    std::istringstream lines(input);
    std::size_t number = 0;
    for (std::string line; std::getline(lines, line) && expected.size() < 64;) {
        ++number;
        expected.push_back({line, "id " + line, std::nullopt, -1});
        expected.push_back({std::to_string(number), "line", std::nullopt, -1});
    }
    for (MergeKind kind :
         {MergeKind::Puzzles, MergeKind::Tepp, MergeKind::Judge, MergeKind::Verify}) {
        std::istringstream shard(extra);
        JsonlMergePlan plan = plan_jsonl_merge(kind, expected, {{"s", &shard, {}}});
        const MergeProblems& p = plan.problems;
        check(plan.order.size() == p.merged, "merged count");
        check(p.merged + p.missing.size() + p.duplicated.size() == p.expected, "records lost");
        for (const JsonlPlace& at : plan.order) {
            check(at.offset + at.length <= extra.size(), "a place outside the file");
            const auto j =
                nlohmann::json::parse(extra.substr(at.offset, at.length), nullptr, false);
            check(j.is_object(), "a planned line that is not an object");
        }
    }
    std::istringstream shard(extra);
    for (std::string line; std::getline(shard, line);) {
        const auto j = nlohmann::json::parse(line, nullptr, false);
        std::string error;
        (void)verifier::judged_record_from_json(j, &error);
        (void)verifier::verify_record_from_json(j, &error);
        (void)verifier::summary_bootstrap_settings(j);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view all(reinterpret_cast<const char*>(data), size);
    const std::size_t cut = all.find('\xff');
    const std::string input(all.substr(0, cut));
    const std::string extra(cut == std::string_view::npos ? "" : all.substr(cut + 1));
    fuzz_pgn(input, extra);
    fuzz_markers(extra);
    fuzz_jsonl(input, extra);
    return 0;
}
