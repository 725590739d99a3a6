#include "batch/merge.h"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <istream>
#include <map>
#include <memory>
#include <ostream>
#include <sstream>
#include <unordered_map>

#include "io/shard.h"
#include "io/utf8.h"
#include "pgn/pgn.h"

namespace glossfish {

using json = nlohmann::json;

namespace {

// "FILE:LINE".
std::string place(const std::string& path, std::size_t line) {
    return path + ":" + std::to_string(line);
}

// "FILE: cannot open: <errno text>" (right after the failed open).
std::string open_problem(const std::string& path) {
    return path + ": cannot open: " + std::strerror(errno);
}

// The compact text of a JSON value; invalid UTF-8 replaced, so any value compares.
std::string json_text(const json& j) {
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

// How the records of one JSONL kind are keyed.
struct JsonlRules {
    const char* key_field;      // "id" (a string) or "line" (an integer)
    bool key_is_line;           //
    const char* check_field;    // compared with MergeExpected::check
    const char* summary_field;  // the summary line's field, or nullptr
    bool grouped;               // tepp: one record per key and (player, guide, run)
};

// The key, check and summary fields of a kind's records.
JsonlRules rules_of(MergeKind kind) {
    switch (kind) {
    case MergeKind::Puzzles: return {"id", false, "fen", nullptr, false};
    case MergeKind::Tepp: return {"id", false, "fen", nullptr, true};
    case MergeKind::Judge: return {"line", true, "id", "summary", false};
    case MergeKind::Verify: return {"line", true, "id", "overall", false};
    case MergeKind::Annotate: break;
    }
    return {"id", false, "fen", nullptr, false};
}

// A tepp record's group: its key, and how messages name it. Empty key: not a tepp record.
std::pair<std::string, std::string> tepp_group(const json& j) {
    auto player = j.find("player");
    auto run = j.find("run");
    auto guide = j.find("guide");
    if (player == j.end() || !player->is_string() || run == j.end() || !run->is_number_integer())
        return {};
    if (guide != j.end() && !guide->is_string()) return {};
    const std::string g = guide == j.end() ? "" : guide->get<std::string>();
    const std::string p = player->get<std::string>();
    const std::string r = std::to_string(run->get<long long>());
    return {p + '\x1f' + g + '\x1f' + r,
            "player " + p + (g.empty() ? "" : " [" + g + "]") + ", run " + r};
}

struct Seen {
    JsonlPlace where;
    std::size_t line = 0;
};

}  // namespace

const char* merge_kind_name(MergeKind k) {
    switch (k) {
    case MergeKind::Puzzles: return "puzzles";
    case MergeKind::Tepp: return "tepp";
    case MergeKind::Annotate: return "annotate";
    case MergeKind::Judge: return "judge";
    case MergeKind::Verify: return "verify";
    }
    return "puzzles";
}

std::optional<MergeKind> parse_merge_kind(std::string_view text) {
    for (MergeKind k : {MergeKind::Puzzles, MergeKind::Tepp, MergeKind::Annotate, MergeKind::Judge,
                        MergeKind::Verify})
        if (text == merge_kind_name(k)) return k;
    return std::nullopt;
}

std::optional<MergeKind> merge_kind_of_record(const json& j) {
    if (!j.is_object()) return std::nullopt;
    if (j.contains("tree")) return MergeKind::Puzzles;
    if (j.contains("player") && j.contains("run")) return MergeKind::Tepp;
    if ((j.size() == 1 && j.contains("summary")) || j.contains("stance")) return MergeKind::Judge;
    if (j.contains("overall") || j.contains("result")) return MergeKind::Verify;
    return std::nullopt;
}

namespace {

// Opens each path; the streams live in files.
std::vector<MergeSource> open_sources(const std::vector<std::string>& paths,
                                      std::vector<std::unique_ptr<std::ifstream>>& files) {
    std::vector<MergeSource> sources;
    for (const std::string& path : paths) {
        files.push_back(std::make_unique<std::ifstream>(path, std::ios::binary));
        MergeSource s{path, files.back().get(), {}};
        if (!*files.back()) {
            s.open_error = open_problem(path);
            s.in = nullptr;
        }
        sources.push_back(std::move(s));
    }
    return sources;
}

}  // namespace

JsonlMergePlan plan_jsonl_merge(MergeKind kind, const std::vector<MergeExpected>& expected,
                                const std::vector<std::string>& paths) {
    std::vector<std::unique_ptr<std::ifstream>> files;
    return plan_jsonl_merge(kind, expected, open_sources(paths, files));
}

JsonlMergePlan plan_jsonl_merge(MergeKind kind, const std::vector<MergeExpected>& expected,
                                const std::vector<MergeSource>& sources) {
    const JsonlRules rules = rules_of(kind);
    const char* kind_name = merge_kind_name(kind);
    JsonlMergePlan plan;
    plan.summaries.resize(sources.size());
    std::unordered_map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < expected.size(); ++i) index.emplace(expected[i].key, i);

    // Groups (tepp) in order of first appearance; other kinds have the one group "".
    std::vector<std::string> group_labels;
    std::unordered_map<std::string, std::size_t> group_index;
    if (!rules.grouped) {
        group_labels.push_back("");
        group_index.emplace("", 0);
    }
    std::map<std::pair<std::size_t, std::size_t>, std::vector<Seen>> seen;  // (group, record)

    for (std::size_t f = 0; f < sources.size(); ++f) {
        const std::string& path = sources[f].name;
        if (!sources[f].in) {
            plan.problems.bad.push_back(sources[f].open_error);
            continue;
        }
        std::istream& in = *sources[f].in;
        std::string line;
        std::uint64_t offset = 0;
        for (std::size_t number = 1; std::getline(in, line); ++number) {
            const std::uint64_t at = offset;
            offset += line.size() + 1;
            const std::string here = place(path, number);
            if (in.eof()) {
                plan.problems.bad.push_back(here + ": torn last line (" +
                                            std::to_string(line.size()) +
                                            " bytes, no newline): rerun this shard");
                break;
            }
            if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
            const json j = json::parse(line, nullptr, false);
            if (j.is_discarded() || !j.is_object()) {
                plan.problems.bad.push_back(here + ": not a JSON object: " + quote_input(line));
                continue;
            }
            if (rules.summary_field && j.contains(rules.summary_field) &&
                !j.contains(rules.key_field)) {
                if (plan.summaries[f])
                    plan.problems.bad.push_back(here + ": a second summary line");
                else plan.summaries[f] = j;
                continue;
            }
            if (auto other = merge_kind_of_record(j); other && *other != kind) {
                plan.problems.bad.push_back(here + ": a " + merge_kind_name(*other) +
                                            " record, not " + kind_name);
                continue;
            }
            auto k = j.find(rules.key_field);
            std::string key;
            if (k != j.end() && rules.key_is_line && k->is_number_unsigned())
                key = std::to_string(k->get<std::uint64_t>());
            else if (k != j.end() && !rules.key_is_line && k->is_string())
                key = k->get<std::string>();
            if (key.empty()) {
                plan.problems.bad.push_back(here + ": no \"" + rules.key_field + "\" " +
                                            (rules.key_is_line ? "number" : "string") + ": not a " +
                                            kind_name + " record");
                continue;
            }
            auto e = index.find(key);
            const std::string what = rules.key_is_line ? "line " + key : "id " + key;
            if (e == index.end()) {
                plan.problems.bad.push_back(here + ": " + what + " is not in the input");
                continue;
            }
            const MergeExpected& x = expected[e->second];
            if (x.check) {
                auto c = j.find(rules.check_field);
                if (c == j.end() || json_text(*c) != json_text(*x.check)) {
                    plan.problems.bad.push_back(here + ": " + what + ": \"" + rules.check_field +
                                                "\" is not the input's " + json_text(*x.check) +
                                                " (an output of another input?)");
                    continue;
                }
            }
            std::size_t group = 0;
            if (rules.grouped) {
                auto [group_key, group_label] = tepp_group(j);
                if (group_key.empty()) {
                    plan.problems.bad.push_back(here + ": no \"player\" string and \"run\" " +
                                                "number: not a tepp record");
                    continue;
                }
                auto [g, fresh] = group_index.emplace(group_key, group_labels.size());
                if (fresh) group_labels.push_back(group_label);
                group = g->second;
            }
            seen[{group, e->second}].push_back({{f, at, line.size()}, number});
        }
        if (in.bad()) plan.problems.bad.push_back(path + ": read error");
        if (rules.summary_field && !plan.summaries[f] && !in.bad())
            plan.problems.bad.push_back(path + ": no summary line at the end: the run did not " +
                                        "finish; rerun this shard");
    }

    if (group_labels.empty()) group_labels.push_back("");  // tepp with no records at all
    plan.problems.expected = expected.size() * group_labels.size();
    for (std::size_t g = 0; g < group_labels.size(); ++g) {
        const std::string suffix = group_labels[g].empty() ? "" : ", " + group_labels[g];
        for (std::size_t i = 0; i < expected.size(); ++i) {
            auto it = seen.find({g, i});
            if (it == seen.end()) {
                plan.problems.missing.push_back({expected[i].label + suffix, expected[i].shard});
                continue;
            }
            if (it->second.size() > 1) {
                MergeProblems::Duplicate d{expected[i].label + suffix, {}};
                for (const Seen& s : it->second)
                    d.at.push_back(place(sources[s.where.file].name, s.line));
                plan.problems.duplicated.push_back(std::move(d));
                continue;
            }
            plan.order.push_back(it->second.front().where);
        }
    }
    plan.problems.merged = plan.order.size();
    return plan;
}

// ---- PGN ----

namespace {

constexpr std::string_view MarkerStart = "%glossfish-shard ";
// A game's annotated text is far smaller; a marker promising more is not ours.
constexpr std::uint64_t MaxGameBytes = std::uint64_t(1) << 30;

// v as 16 lowercase hex digits.
std::string hex16(std::uint64_t v) {
    char buf[17];
    for (int i = 15; i >= 0; --i, v >>= 4) buf[i] = "0123456789abcdef"[v & 15];
    buf[16] = '\0';
    return buf;
}

// "name=" followed by a decimal number, at the front of text; advances text past it.
std::optional<std::uint64_t> take_number(std::string_view& text, std::string_view name) {
    if (text.substr(0, name.size()) != name) return std::nullopt;
    text.remove_prefix(name.size());
    std::uint64_t v = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end == text.data()) return std::nullopt;
    if (text[0] == '0' && end - text.data() > 1) return std::nullopt;  // one spelling only
    text.remove_prefix(std::size_t(end - text.data()));
    return v;
}

struct ShardPgnGame {
    PgnShardMarker marker;
    std::string text;
    std::size_t line = 0;  // the marker's line in the shard file
};

// Reads the items of one annotate shard output: marker line, then exactly its bytes.
class ShardPgnReader {
public:
    ShardPgnReader(std::istream& in, std::string path) : in_(in), path_(std::move(path)) {}

    // The next game; nullopt at the end, or after a problem (then problem() says what).
    std::optional<ShardPgnGame> next() {
        if (!problem_.empty()) return std::nullopt;
        std::string line;
        for (;;) {
            if (!std::getline(in_, line)) {
                if (in_.bad()) problem_ = path_ + ": read error";
                return std::nullopt;
            }
            ++line_;
            if (!line.empty() && line != "\r") break;
        }
        ShardPgnGame g;
        g.line = line_;
        if (in_.eof()) {
            problem_ = place(path_, line_) + ": torn last line " + quote_input(line) +
                       " (no newline): rerun this shard";
            return std::nullopt;
        }
        std::optional<PgnShardMarker> m = parse_pgn_shard_marker(line);
        if (!m) {
            problem_ = place(path_, line_) + ": expected a %glossfish-shard line, found " +
                       quote_input(line) + " (not an annotate --shard output?)";
            return std::nullopt;
        }
        g.marker = *m;
        char buf[65536];
        while (g.text.size() < m->bytes) {
            const std::size_t want = std::size_t(
                std::min<std::uint64_t>(sizeof buf, m->bytes - std::uint64_t(g.text.size())));
            in_.read(buf, std::streamsize(want));
            const std::size_t got = std::size_t(in_.gcount());
            g.text.append(buf, got);
            if (got < want) break;
        }
        for (char c : g.text) line_ += c == '\n';
        if (g.text.size() < m->bytes) {
            problem_ = place(path_, g.line) + ": game " + std::to_string(m->game) +
                       " is cut short: " + std::to_string(m->bytes) + " bytes promised, " +
                       std::to_string(g.text.size()) + " found: rerun this shard";
            return std::nullopt;
        }
        if (g.text.empty() || g.text.back() != '\n') {
            if (in_.peek() == '\n') {
                in_.get();
                ++line_;
            }
        }
        return g;
    }

    const std::string& problem() const { return problem_; }
    const std::string& path() const { return path_; }

private:
    std::istream& in_;
    std::string path_;
    std::size_t line_ = 0;
    std::string problem_;
};

}  // namespace

std::string pgn_shard_marker_line(const PgnShardMarker& m) {
    return std::string(MarkerStart) + "game=" + std::to_string(m.game) +
           " bytes=" + std::to_string(m.bytes) + " source=" + hex16(m.source);
}

std::string pgn_shard_item(int game, std::string_view source, std::string_view text) {
    std::string out = pgn_shard_marker_line({game, text.size(), fnv1a64(source)}) + "\n";
    out += text;
    if (text.empty() || text.back() != '\n') out += '\n';
    return out;
}

std::optional<PgnShardMarker> parse_pgn_shard_marker(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.substr(0, MarkerStart.size()) != MarkerStart) return std::nullopt;
    line.remove_prefix(MarkerStart.size());
    PgnShardMarker m;
    auto game = take_number(line, "game=");
    if (!game || *game < 1 || *game > 0x7fffffff || line.substr(0, 1) != " ") return std::nullopt;
    line.remove_prefix(1);
    auto bytes = take_number(line, "bytes=");
    if (!bytes || *bytes > MaxGameBytes || line.substr(0, 8) != " source=") return std::nullopt;
    line.remove_prefix(8);
    if (line.size() != 16) return std::nullopt;
    std::uint64_t source = 0;
    for (char c : line) {
        const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0) return std::nullopt;
        source = source << 4 | std::uint64_t(d);
    }
    m.game = int(*game);
    m.bytes = *bytes;
    m.source = source;
    return m;
}

MergeProblems merge_pgn(std::istream& input, const std::vector<std::string>& paths, int shards,
                        std::ostream& out) {
    std::vector<std::unique_ptr<std::ifstream>> files;
    return merge_pgn(input, open_sources(paths, files), shards, out);
}

MergeProblems merge_pgn(std::istream& input, const std::vector<MergeSource>& sources, int shards,
                        std::ostream& out) {
    MergeProblems problems;
    std::istringstream nothing;
    std::vector<ShardPgnReader> readers;
    for (const MergeSource& s : sources) {
        if (!s.in) problems.bad.push_back(s.open_error);
        readers.emplace_back(s.in ? *s.in : nothing, s.name);
    }
    std::vector<std::optional<ShardPgnGame>> heads(readers.size());
    std::vector<int> last(readers.size(), 0);  // the last game number each file gave
    auto advance = [&](std::size_t k) {
        if (heads[k]) last[k] = heads[k]->marker.game;
        heads[k] = readers[k].next();
        if (!heads[k] && !readers[k].problem().empty())
            problems.bad.push_back(readers[k].problem());
    };
    for (std::size_t k = 0; k < readers.size(); ++k) advance(k);
    auto at = [&](std::size_t k) { return place(readers[k].path(), heads[k]->line); };
    auto out_of_order = [&](std::size_t k) {
        return at(k) + ": game " + std::to_string(heads[k]->marker.game) + " after game " +
               std::to_string(last[k]) + " of the same file (repeated or out of input order)";
    };

    PgnReader reader(input);
    int game = 0;
    while (std::optional<PgnGame> item = reader.next()) {
        if (!item->is_game) {
            out << item->text;
            continue;
        }
        ++game;
        // Named by the line of its first tag (else of its first text): its item begins with
        // the blank lines and escapes before it.
        const std::size_t start =
            item->tags.empty() ? item->text.find_first_not_of(" \t\r\n") : item->tags.front().begin;
        int line = item->first_line;
        for (std::size_t i = 0; i < start && i < item->text.size(); ++i)
            line += item->text[i] == '\n';
        const std::string what =
            "game " + std::to_string(game) + " (line " + std::to_string(line) + ")";
        std::vector<std::size_t> holders;
        for (std::size_t k = 0; k < readers.size(); ++k) {
            while (heads[k] && heads[k]->marker.game < game) {
                problems.bad.push_back(out_of_order(k));
                advance(k);
            }
            if (heads[k] && heads[k]->marker.game == game) holders.push_back(k);
        }
        if (holders.empty()) {
            problems.missing.push_back(
                {what, shards > 0 ? shard_of_index(std::uint64_t(game - 1), shards) : -1});
            continue;
        }
        if (holders.size() > 1) {
            MergeProblems::Duplicate d{what, {}};
            for (std::size_t k : holders) {
                d.at.push_back(at(k));
                advance(k);
            }
            problems.duplicated.push_back(std::move(d));
            continue;
        }
        const std::size_t k = holders.front();
        if (heads[k]->marker.source != fnv1a64(item->text)) {
            problems.bad.push_back(at(k) + ": game " + std::to_string(game) +
                                   " is not the input's " + what +
                                   " (its source hash differs: an output of another input?)");
        } else {
            out << heads[k]->text;
            ++problems.merged;
        }
        advance(k);
    }
    problems.expected = std::size_t(game);
    for (std::size_t k = 0; k < readers.size(); ++k)
        while (heads[k]) {
            problems.bad.push_back(heads[k]->marker.game <= game
                                       ? out_of_order(k)
                                       : at(k) + ": game " + std::to_string(heads[k]->marker.game) +
                                             " is not in the input (it has " +
                                             std::to_string(game) + " games)");
            advance(k);
        }
    if (input.bad()) problems.bad.push_back("the input: read error");
    return problems;
}

}  // namespace glossfish
