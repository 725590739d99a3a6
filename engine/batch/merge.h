// Merging the outputs of `--shard I/N` runs back into the output of one run: every input record
// exactly once, in input order. JSONL outputs (puzzles, tepp, judge, verify --jsonl) are
// indexed by record key and copied line by line, bytes unchanged; PGN outputs (annotate) carry a
// marker line before each game (pgn_shard_item) and are merged game by game as a stream.
// Problems (a missing record, a duplicated one, a line that is not a record of the kind, a
// record of another input) are collected with their file and line; nothing here decides what to
// do with them. Reading blocks on the files only.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace glossfish {

// The commands whose outputs merge knows.
enum class MergeKind { Puzzles, Tepp, Annotate, Judge, Verify };
const char* merge_kind_name(MergeKind k);  // "puzzles", "tepp", "annotate", "judge", "verify"
std::optional<MergeKind> parse_merge_kind(std::string_view text);
// The command that wrote one output record, from its fields: "tree" puzzles, "player" tepp,
// {"summary"} or "stance" judge, {"overall"} or "result" verify; nullopt when it cannot tell
// (an error record, say).
std::optional<MergeKind> merge_kind_of_record(const nlohmann::json& record);

// What went wrong, each with where. Labels name records as the input does: "id tewjc",
// "line 12", "game 3 (line 40)"; places are "FILE:LINE".
struct MergeProblems {
    struct Missing {
        std::string what;
        int shard = -1;  // the shard that should have held it (when the shard count is known)
    };
    struct Duplicate {
        std::string what;
        std::vector<std::string> at;
    };
    std::vector<std::string> bad;  // "FILE:LINE: reason": lines that cannot be merged
    std::vector<Missing> missing;  // in input order
    std::vector<Duplicate> duplicated;
    std::size_t expected = 0;  // records the input promises (per group for tepp)
    std::size_t merged = 0;    // records written (or planned)
    bool ok() const { return bad.empty() && missing.empty() && duplicated.empty(); }
};

// A shard output to read: its name in messages and its stream (null when it could not be
// opened: then open_error says why, and it counts as a problem).
struct MergeSource {
    std::string name;
    std::istream* in = nullptr;
    std::string open_error;
};

// ---- JSONL kinds ----

// One record the input promises, in input order.
struct MergeExpected {
    std::string key;    // puzzles, tepp: the id; judge, verify: the 1-based input line number
    std::string label;  // "id tewjc", "line 12"
    // The value the output record's check field ("fen" for puzzles and tepp, "id" for judge and
    // verify) must hold; a record with another value comes from another input.
    std::optional<nlohmann::json> check;
    int shard = -1;  // its shard when the shard count is known
};

// Where one output line is: shard file (index into the paths), byte offset and length (no '\n').
struct JsonlPlace {
    std::size_t file = 0;
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
};

struct JsonlMergePlan {
    MergeProblems problems;
    std::vector<JsonlPlace> order;  // the merged records in output order
    // Per shard file, its summary line (judge {"summary"}, verify {"overall"}); the merged
    // summary is recomputed from the records, these only give its settings.
    std::vector<std::optional<nlohmann::json>> summaries;
};

// Reads every shard file and plans the merged output: for puzzles, judge and verify one record
// per expected key in input order; for tepp one per key and group (player, guide, run), groups
// in order of first appearance, input order within a group (the order of one tepp run).
// Blank lines are skipped; a last line without '\n' (a torn write) is a problem. A file that
// cannot be read is a problem ("FILE: cannot open: …"). A judge or verify file without its
// summary line did not finish and is a problem too.
JsonlMergePlan plan_jsonl_merge(MergeKind kind, const std::vector<MergeExpected>& expected,
                                const std::vector<std::string>& paths);
// The same over open streams (JsonlPlace::file indexes sources).
JsonlMergePlan plan_jsonl_merge(MergeKind kind, const std::vector<MergeExpected>& expected,
                                const std::vector<MergeSource>& sources);

// ---- PGN (annotate) ----

// What `annotate --shard` writes for one game: the marker line
// "%glossfish-shard game=G bytes=B source=H\n" (G the 1-based game number in the input, B the
// byte length of text, H the 16 hex digits of fnv1a64 of the game's source in the input), the
// annotated text, and '\n' when text does not end with one. PGN readers skip '%' lines.
std::string pgn_shard_item(int game, std::string_view source, std::string_view text);

struct PgnShardMarker {
    int game = 0;
    std::uint64_t bytes = 0;
    std::uint64_t source = 0;
};
// The marker line (without '\n'): numbers in decimal without leading zeros.
std::string pgn_shard_marker_line(const PgnShardMarker& m);
// Reads a marker line (without its '\n', a '\r' tolerated); nullopt when it is not exactly
// pgn_shard_marker_line of some marker.
std::optional<PgnShardMarker> parse_pgn_shard_marker(std::string_view line);

// Merges annotate shard outputs against the input PGN as one stream: each non-game item of the
// input (blank lines, comments between games) is copied from the input, each game from the one
// shard that holds it (its marker's source hash must match the input's game). Each shard file
// must list its games in input order, as annotate writes them. Writes to out as it goes; when
// problems are returned the output is incomplete. shards: the shard count, or -1 when unknown.
MergeProblems merge_pgn(std::istream& input, const std::vector<std::string>& paths, int shards,
                        std::ostream& out);
// The same over open streams.
MergeProblems merge_pgn(std::istream& input, const std::vector<MergeSource>& sources, int shards,
                        std::ostream& out);

}  // namespace glossfish
