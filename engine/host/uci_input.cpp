// UCI input: words, UTF-8 and length checks, and the go / position / setoption parsers.
#include "host/uci_input.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <limits>

#include "io/text.h"
#include "io/utf8.h"
#include "rules/notation.h"

namespace glossfish {

namespace {

std::string hex_byte(unsigned char c) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02X", c);
    return buf;
}

bool is_go_keyword(std::string_view w) {
    static const char* const Keys[] = {"wtime",    "btime",  "winc",       "binc",     "movestogo",
                                       "depth",    "nodes",  "mate",       "movetime", "perft",
                                       "infinite", "ponder", "searchmoves"};
    return std::any_of(std::begin(Keys), std::end(Keys), [&](const char* k) { return w == k; });
}

}  // namespace

std::vector<std::string_view> split_words(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && is_space(line[i])) ++i;
        std::size_t j = i;
        while (j < line.size() && !is_space(line[j])) ++j;
        if (j > i) out.push_back(line.substr(i, j - i));
        i = j;
    }
    return out;
}

std::optional<InputError> check_utf8(std::string_view line) {
    const auto bad = invalid_utf8_at(line);
    if (!bad) return std::nullopt;
    const std::string byte = hex_byte((unsigned char)line[*bad]);
    auto words = split_words(line);
    std::size_t index = 0;  // the word holding the bad byte
    for (; index < words.size(); ++index)
        if (std::size_t(words[index].data() - line.data()) + words[index].size() > *bad) break;
    auto error = [&](const std::string& what, std::size_t from, const char* verb = "is") {
        return InputError{"bad_utf8",
                          what + " " + verb + " not valid UTF-8 (byte " + byte + " at offset " +
                              std::to_string(*bad - from) + ")",
                          {}};
    };
    const std::size_t word_start =
        index < words.size() ? std::size_t(words[index].data() - line.data()) : *bad;
    if (index == 0) return error("the command word", word_start);
    const std::string_view cmd = words[0];
    if (cmd == "setoption") {
        SetOptionParse p = parse_setoption(line);
        for (std::size_t i = 2; i < words.size(); ++i)
            if (iequals(words[i], "value") && std::size_t(words[i].data() - line.data()) < *bad) {
                const std::size_t from = std::size_t(words[i].data() - line.data()) + 5;
                std::size_t skip = from;
                while (skip < line.size() && is_space(line[skip])) ++skip;
                return error("the value of option " + quote_input(p.command.name), skip);
            }
        return error("the option name",
                     std::size_t(words.size() > 2 ? words[2].data() - line.data() : 0));
    }
    if (cmd == "tool" && index >= 2 && words.size() > 1 &&
        invalid_utf8_at(words[1]) == std::nullopt) {
        const std::size_t from = std::size_t(words[1].data() - line.data()) + words[1].size();
        std::size_t skip = from;
        while (skip < line.size() && is_space(line[skip])) ++skip;
        return error("the JSON arguments of " + quote_input("tool " + std::string(words[1])), skip,
                     "are");
    }
    return error("word " + std::to_string(index + 1) + " of " + quote_input(cmd), word_start);
}

InputError line_too_long(std::string_view prefix, std::size_t total) {
    return {"line_too_long",
            "the line has " + std::to_string(total) + " bytes; the limit is " +
                std::to_string(MaxUciLineBytes) + " (it starts '" + shorten_input(prefix) +
                (prefix.size() < total ? "\xE2\x80\xA6'" : "'") + ")",
            {}};
}

// ---- go ----

bool GoParams::has_clock() const { return wtime || btime || winc || binc || movestogo; }

bool GoParams::is_analysis(bool analyse_mode) const {
    return analyse_mode || infinite || !has_clock();
}

std::string GoParams::go_line(const Position& pos) const {
    std::string go = "go";
    auto add = [&](const char* key, const auto& v) {
        if (v) go += std::string(" ") + key + " " + std::to_string(*v);
    };
    if (ponder) go += " ponder";
    add("wtime", wtime);
    add("btime", btime);
    add("winc", winc);
    add("binc", binc);
    add("movestogo", movestogo);
    add("depth", depth);
    add("nodes", nodes);
    add("mate", mate);
    add("movetime", movetime);
    if (infinite) go += " infinite";
    if (!searchmoves.empty()) {
        go += " searchmoves";
        for (Move m : searchmoves) go += " " + move_to_uci(pos, m);
    }
    return go;
}

GoParse parse_go(const Position& pos, const std::vector<std::string_view>& words) {
    GoParse out;
    GoParams& p = out.params;
    auto reject = [&](const std::string& message) {
        out.error = InputError{"bad_go", message + "; the go is rejected", {}};
        return out;
    };
    for (std::size_t i = 1; i < words.size(); ++i) {
        const std::string_view key = words[i];
        if (key == "infinite") {
            p.infinite = true;
            continue;
        }
        if (key == "ponder") {
            p.ponder = true;
            continue;
        }
        if (key == "searchmoves") {
            while (i + 1 < words.size() && !is_go_keyword(words[i + 1])) {
                const std::string text(words[++i]);
                MoveParse mp = parse_uci(pos, text);
                if (!mp.ok()) return reject("'go searchmoves' " + mp.named(text));
                if (std::find(p.searchmoves.begin(), p.searchmoves.end(), mp.move) ==
                    p.searchmoves.end())
                    p.searchmoves.push_back(mp.move);
            }
            continue;
        }
        if (!is_go_keyword(key)) return reject("unknown 'go' parameter " + quote_input(key));
        const std::string name(key);
        if (i + 1 >= words.size() || is_go_keyword(words[i + 1]))
            return reject("'go " + name + "' needs a number");
        const std::string_view text = words[++i];
        const auto n = to_number<long long>(text);
        const auto u = to_number<std::uint64_t>(text);
        if (!n && !u)
            return reject("'go " + name + "' needs a whole number, got " + quote_input(text));
        if (name == "nodes") {
            if (!u || *u == 0)
                return reject("'go nodes' must be 1.." +
                              std::to_string(std::numeric_limits<std::uint64_t>::max()) + ", got " +
                              quote_input(text));
            p.nodes =
                std::min<std::uint64_t>(*u, std::uint64_t(std::numeric_limits<long long>::max()));
            continue;
        }
        if (!n) return reject("'go " + name + "' is out of range, got " + quote_input(text));
        const long long v = *n;
        if (name == "wtime") p.wtime = v;
        else if (name == "btime") p.btime = v;
        else if (name == "winc") p.winc = v;
        else if (name == "binc") p.binc = v;
        else if (name == "movestogo") {
            if (v < 0) return reject("'go movestogo' must be 0 or more, got " + quote_input(text));
            p.movestogo = int(std::min<long long>(v, std::numeric_limits<int>::max()));
        } else if (name == "depth" || name == "mate") {
            if (v < 1)
                return reject("'go " + name + "' must be 1 or more, got " + quote_input(text));
            (name == "depth" ? p.depth : p.mate) = int(std::min<long long>(v, MaxGoDepth));
        } else if (name == "movetime") {
            if (v < 1) return reject("'go movetime' must be 1 or more, got " + quote_input(text));
            p.movetime = v;
        } else if (name == "perft") {
            if (auto err = check_perft_depth(v)) return reject("'go perft': " + *err);
            p.perft = int(v);
        }
    }
    return out;
}

// ---- position ----

PositionParse parse_position_command(const std::vector<std::string_view>& words) {
    PositionParse out;
    auto fail = [&](std::string code, std::string message) {
        out.error = InputError{std::move(code), std::move(message), {}};
        return out;
    };
    std::size_t i = 1;
    if (i < words.size() && words[i] == "startpos") {
        out.command.fen = StartFen;
        ++i;
    } else if (i < words.size() && words[i] == "fen") {
        for (++i; i < words.size() && words[i] != "moves"; ++i) {
            if (!out.command.fen.empty()) out.command.fen += ' ';
            out.command.fen += words[i];
        }
    } else {
        return fail("bad_position", "expected 'position startpos' or 'position fen <FEN>'");
    }
    if (i < words.size()) {
        if (words[i] != "moves")
            return fail("bad_position",
                        "unexpected " + quote_input(words[i]) + " after the position");
        const std::size_t count = words.size() - i - 1;
        if (count > MaxPositionMoves)
            return fail("too_many_moves", "the position has " + std::to_string(count) +
                                              " moves; the limit is " +
                                              std::to_string(MaxPositionMoves));
        out.command.moves.assign(words.begin() + std::ptrdiff_t(i) + 1, words.end());
    }
    return out;
}

// ---- setoption ----

SetOptionParse parse_setoption(std::string_view line) {
    SetOptionParse out;
    const auto words = split_words(line);
    if (words.size() < 3 || !iequals(words[1], "name")) {
        out.error =
            InputError{"bad_setoption", "expected 'setoption name <name> [value <value>]'", {}};
        return out;
    }
    std::size_t value_at = words.size();
    for (std::size_t i = 3; i < words.size(); ++i)
        if (iequals(words[i], "value")) {
            value_at = i;
            break;
        }
    for (std::size_t i = 2; i < value_at; ++i) {
        if (i > 2) out.command.name += ' ';
        out.command.name += words[i];
    }
    if (value_at < words.size()) {
        out.command.has_value = true;
        // The rest of the line after "value", inner spaces kept, outer spaces trimmed.
        std::size_t from = std::size_t(words[value_at].data() - line.data()) + 5;
        std::string_view v = line.substr(std::min(from, line.size()));
        while (!v.empty() && is_space(v.front())) v.remove_prefix(1);
        while (!v.empty() && is_space(v.back())) v.remove_suffix(1);
        out.command.value = v == "<empty>" ? std::string() : std::string(v);
    }
    return out;
}

}  // namespace glossfish
