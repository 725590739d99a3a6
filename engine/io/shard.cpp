#include "io/shard.h"

#include <charconv>
#include <nlohmann/json.hpp>

#include "io/utf8.h"

namespace glossfish {

namespace {

// The value of a decimal number of at most 9 digits (no sign), or -1 when the text is not one.
long long decimal(std::string_view text) {
    if (text.empty() || text.size() > 9) return -1;
    long long v = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size()) return -1;
    return v;
}

}  // namespace

ShardParse parse_shard(std::string_view text) {
    ShardParse p;
    const std::size_t slash = text.find('/');
    const std::string quoted = quote_input(text);
    const std::string form = "--shard must be I/N with 0 <= I < N <= " + std::to_string(MaxShards) +
                             " (I counts from 0), got " + quoted;
    if (slash == std::string_view::npos) {
        p.error = form;
        return p;
    }
    const long long i = decimal(text.substr(0, slash));
    const long long n = decimal(text.substr(slash + 1));
    if (i < 0 || n < 1 || n > MaxShards) {
        p.error = form;
        return p;
    }
    if (i >= n) {
        p.error = "--shard " + std::string(text) + ": I counts from 0, so it must be below " +
                  std::to_string(n) + " (the shards of " + std::to_string(n) + " are 0/" +
                  std::to_string(n) + " .. " + std::to_string(n - 1) + "/" + std::to_string(n) +
                  ")";
        return p;
    }
    p.spec = ShardSpec{int(i), int(n)};
    return p;
}

std::uint64_t fnv1a64(std::string_view bytes) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    return h;
}

std::uint64_t shard_mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

int shard_of_key(std::string_view id, int count) {
    if (count <= 1) return 0;
    return int(shard_mix(fnv1a64(id)) % std::uint64_t(count));
}

int shard_of_index(std::uint64_t index, int count) {
    if (count <= 1) return 0;
    return int(index % std::uint64_t(count));
}

bool ShardSpec::contains_key(std::string_view id) const { return shard_of_key(id, count) == index; }

bool ShardSpec::contains_index(std::uint64_t i) const { return shard_of_index(i, count) == index; }

std::string ShardSpec::text() const { return std::to_string(index) + "/" + std::to_string(count); }

std::string jsonl_shard_id(std::string_view line) {
    const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return {};
    auto it = j.find("id");
    if (it == j.end()) return {};
    if (it->is_string()) return it->get<std::string>();
    if (it->is_number_integer()) return it->dump();
    return {};
}

int shard_of_jsonl_line(std::string_view line, std::size_t number, int count) {
    if (count <= 1) return 0;
    const std::string id = jsonl_shard_id(line);
    if (!id.empty()) return shard_of_key(id, count);
    return shard_of_index(number > 0 ? number - 1 : 0, count);
}

}  // namespace glossfish
