// Shards of a batch input: which records `--shard I/N` keeps. One rule for every batch command,
// so that N runs with I = 0..N-1 never overlap and their union is the input:
//  - a record with an id (a puzzle, a JSONL line with a string or integer "id") goes to
//    mix(fnv1a64(id)) mod N, where the id's bytes are its UTF-8 text (an integer id: its
//    decimal text) and mix is splitmix64's finalizer; it does not depend on the record's place
//    in the file, so an input that gains or loses records keeps every other record in its shard;
//  - a record without an id (a PGN game, a JSONL line without an id) goes by its 0-based index:
//    index mod N (games: the index among the games of the file; JSONL lines: line number - 1).
// Shard indexes count from 0 (the first shard is 0/N, the last (N-1)/N). Nothing here uses
// std::hash: the split is the same on every machine, compiler and run. Nothing blocks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace glossfish {

inline constexpr int MaxShards = 100000;

struct ShardSpec {
    int index = 0;  // 0..count-1
    int count = 1;  // 1..MaxShards; 1 keeps everything
    bool operator==(const ShardSpec&) const = default;
    // Whether the record with this id belongs to the shard.
    bool contains_key(std::string_view id) const;
    // Whether the record without an id at this 0-based index belongs to the shard.
    bool contains_index(std::uint64_t index) const;
    std::string text() const;  // "I/N"
};

struct ShardParse {
    ShardSpec spec;
    std::string error;  // non-empty: why the text is not a shard
    bool ok() const { return error.empty(); }
};

// Reads "I/N" (decimal, 0 <= I < N <= MaxShards).
ShardParse parse_shard(std::string_view text);

// 64-bit FNV-1a of the bytes (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
std::uint64_t fnv1a64(std::string_view bytes);

// splitmix64's finalizer: spreads FNV-1a's weak low bits over the whole word.
std::uint64_t shard_mix(std::uint64_t h);

// The shard (0..count-1) of a record with this id.
int shard_of_key(std::string_view id, int count);
// The shard (0..count-1) of a record without an id at this 0-based index.
int shard_of_index(std::uint64_t index, int count);

// The id of one JSONL line as the shard rule reads it: the text of a string "id", the decimal
// text of an integer "id"; empty when the line is not a JSON object or has no such id.
std::string jsonl_shard_id(std::string_view line);
// The shard of one JSONL line (number: its 1-based line number in the file): by its id when it
// has one, else by number - 1.
int shard_of_jsonl_line(std::string_view line, std::size_t number, int count);

}  // namespace glossfish
