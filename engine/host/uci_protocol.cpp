// Parsing of UCI engine output into typed events, and writing info lines back out.
//
// Conventions:
// - A line is cut into tokens at spaces, tabs, CR and LF; multi-word values (option names,
//   defaults and vars, id values, info strings) are taken from the original text between their
//   first and last token, so inner spacing is kept verbatim.
// - Numbers are read with std::from_chars and must fill the whole token; a number that does not
//   parse or does not fit turns the whole line into UnknownLine. Nothing here throws.
// - Unknown info tokens are skipped one at a time; "pv" and "string" run to the end of the line.
#include "host/uci_protocol.h"

#include <algorithm>
#include <charconv>
#include <climits>
#include <system_error>
#include <type_traits>
#include <utility>

#include "io/input_limits.h"
#include "io/text.h"
#include "io/utf8.h"

namespace glossfish {
namespace {

constexpr int MateBase = 100000;
// Mate distances and centipawns are clamped so that every mate orders beyond every cp value.
constexpr int MaxOrderingPlies = MateBase / 2 - 1;
constexpr int MaxOrderingCp = MateBase / 2 - 1;

// One whitespace-separated word of a line, with its position in that line.
struct Token {
    std::string_view text;
    std::size_t begin = 0, end = 0;
};

std::vector<Token> tokenize(std::string_view line) {
    std::vector<Token> tokens;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && is_space(line[i])) ++i;
        if (i == line.size()) break;
        std::size_t start = i;
        while (i < line.size() && !is_space(line[i])) ++i;
        tokens.push_back(Token{line.substr(start, i - start), start, i});
    }
    return tokens;
}

// The line without its trailing CR/LF characters.
std::string_view strip_line_end(std::string_view line) {
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.remove_suffix(1);
    return line;
}

// The original text spanning tokens [from, to), or "" when the range is empty.
std::string span_text(std::string_view line, const std::vector<Token>& tokens, std::size_t from,
                      std::size_t to) {
    if (from >= to) return {};
    return std::string(line.substr(tokens[from].begin, tokens[to - 1].end - tokens[from].begin));
}

// A sub-parser's result: the event, or nullopt when the line is malformed.
using Parsed = std::optional<EngineEvent>;

Parsed parse_info(std::string_view line, const std::vector<Token>& t) {
    SearchInfo info;
    std::size_t i = 1;
    const std::size_t n = t.size();

    // Reads the token after t[i] as a number into `out`; false when missing or malformed.
    auto take = [&](auto& out) -> bool {
        using T = typename std::remove_reference_t<decltype(out)>::value_type;
        if (i + 1 >= n) return false;
        auto v = to_number<T>(t[i + 1].text);
        if (!v) return false;
        out = *v;
        i += 2;
        return true;
    };

    while (i < n) {
        std::string_view key = t[i].text;
        if (key == "depth") {
            if (!take(info.depth)) return std::nullopt;
        } else if (key == "seldepth") {
            if (!take(info.seldepth)) return std::nullopt;
        } else if (key == "multipv") {
            if (!take(info.multipv)) return std::nullopt;
        } else if (key == "nodes") {
            if (!take(info.nodes)) return std::nullopt;
        } else if (key == "nps") {
            if (!take(info.nps)) return std::nullopt;
        } else if (key == "tbhits") {
            if (!take(info.tbhits)) return std::nullopt;
        } else if (key == "time") {
            if (!take(info.time_ms)) return std::nullopt;
        } else if (key == "hashfull") {
            if (!take(info.hashfull)) return std::nullopt;
        } else if (key == "currmovenumber") {
            if (!take(info.currmovenumber)) return std::nullopt;
        } else if (key == "currmove") {
            if (i + 1 >= n) return std::nullopt;
            info.currmove = std::string(t[i + 1].text);
            i += 2;
        } else if (key == "score") {
            if (i + 2 >= n) return std::nullopt;
            Score s;
            if (t[i + 1].text == "cp") {
                s.kind = Score::Cp;
            } else if (t[i + 1].text == "mate") {
                s.kind = Score::Mate;
            } else {
                return std::nullopt;
            }
            auto v = to_number<int>(t[i + 2].text);
            if (!v) return std::nullopt;
            s.value = *v;
            i += 3;
            if (i < n && t[i].text == "lowerbound") {
                s.bound = Bound::Lower;
                ++i;
            } else if (i < n && t[i].text == "upperbound") {
                s.bound = Bound::Upper;
                ++i;
            }
            info.score = s;
        } else if (key == "wdl") {
            if (i + 3 >= n) return std::nullopt;
            auto w = to_number<int>(t[i + 1].text);
            auto d = to_number<int>(t[i + 2].text);
            auto l = to_number<int>(t[i + 3].text);
            if (!w || !d || !l) return std::nullopt;
            info.wdl = Wdl{*w, *d, *l};
            i += 4;
        } else if (key == "pv") {
            info.pv.clear();
            for (++i; i < n; ++i) info.pv.emplace_back(t[i].text);
        } else if (key == "string") {
            // The rest of the line after the whitespace that follows "string", verbatim.
            std::size_t start = t[i].end;
            while (start < line.size() && is_space(line[start])) ++start;
            info.string = std::string(line.substr(start));
            i = n;
        } else {
            ++i;  // an unknown token (cpuload, refutation, currline, ...) or its argument
        }
    }
    return EngineEvent{std::move(info)};
}

Parsed parse_bestmove(const std::vector<Token>& t) {
    if (t.size() == 2) return EngineEvent{BestMove{std::string(t[1].text), std::nullopt}};
    if (t.size() == 4 && t[2].text == "ponder")
        return EngineEvent{BestMove{std::string(t[1].text), std::string(t[3].text)}};
    return std::nullopt;
}

Parsed parse_id(std::string_view line, const std::vector<Token>& t) {
    if (t.size() < 2 || (t[1].text != "name" && t[1].text != "author")) return std::nullopt;
    return EngineEvent{IdLine{std::string(t[1].text), span_text(line, t, 2, t.size())}};
}

bool is_option_keyword(std::string_view s) {
    return s == "default" || s == "min" || s == "max" || s == "var";
}

Parsed parse_option(std::string_view line, const std::vector<Token>& t) {
    const std::size_t n = t.size();
    if (n < 2 || t[1].text != "name") return std::nullopt;
    std::size_t type_at = 2;
    while (type_at < n && t[type_at].text != "type") ++type_at;
    if (type_at == 2 || type_at + 1 >= n) return std::nullopt;  // no name, or no type

    OptionDecl opt;
    opt.name = span_text(line, t, 2, type_at);
    opt.type = std::string(t[type_at + 1].text);

    std::size_t i = type_at + 2;
    while (i < n) {
        std::string_view key = t[i].text;
        if (key == "default" || key == "var") {
            std::size_t end = i + 1;
            while (end < n && !is_option_keyword(t[end].text)) ++end;
            std::string value = span_text(line, t, i + 1, end);
            if (key == "default") {
                opt.default_value = std::move(value);
            } else {
                opt.vars.push_back(std::move(value));
            }
            i = end;
        } else if (key == "min" || key == "max") {
            if (i + 1 >= n) return std::nullopt;
            auto v = to_number<long long>(t[i + 1].text);
            if (!v) return std::nullopt;
            (key == "min" ? opt.min : opt.max) = *v;
            i += 2;
        } else {
            return std::nullopt;
        }
    }
    return EngineEvent{std::move(opt)};
}

}  // namespace

int Score::to_cp_ordering() const {
    if (kind == Cp) return std::clamp(value, -MaxOrderingCp, MaxOrderingCp);
    // Mate in n moves for the side to move is 2n-1 plies away; mated in n moves is 2n plies.
    if (value > 0) {
        int plies = value > MaxOrderingPlies / 2 ? MaxOrderingPlies : 2 * value - 1;
        return MateBase - plies;
    }
    int plies = value < -(MaxOrderingPlies / 2) ? MaxOrderingPlies : -2 * value;
    return -MateBase + plies;
}

Score negate(const Score& s) {
    Score out = s;
    out.value = -s.value;
    if (s.bound == Bound::Lower) out.bound = Bound::Upper;
    else if (s.bound == Bound::Upper) out.bound = Bound::Lower;
    return out;
}

Score score_of_move(const Score& after) {
    Score out = negate(after);
    if (out.kind == Score::Mate && out.value > 0) ++out.value;
    return out;
}

std::string Score::uci() const {
    std::string out = kind == Mate ? "mate " : "cp ";
    out += std::to_string(value);
    if (bound == Bound::Lower) out += " lowerbound";
    if (bound == Bound::Upper) out += " upperbound";
    return out;
}

EngineEvent parse_engine_line(std::string_view raw) {
    std::string_view line = strip_line_end(raw);
    std::vector<Token> t = tokenize(line);
    Parsed parsed;
    if (!t.empty()) {
        std::string_view head = t[0].text;
        if (head == "info") {
            parsed = parse_info(line, t);
        } else if (head == "bestmove") {
            parsed = parse_bestmove(t);
        } else if (head == "option") {
            parsed = parse_option(line, t);
        } else if (head == "id") {
            parsed = parse_id(line, t);
        } else if (head == "uciok" && t.size() == 1) {
            parsed = EngineEvent{UciOk{}};
        } else if (head == "readyok" && t.size() == 1) {
            parsed = EngineEvent{ReadyOk{}};
        }
    }
    if (parsed) return std::move(*parsed);
    return UnknownLine{std::string(line)};
}

std::string format_info(const SearchInfo& info) {
    std::string out = "info";
    auto put = [&out](const char* key, const auto& value) {
        if (!value) return;
        out += ' ';
        out += key;
        out += ' ';
        if constexpr (std::is_same_v<std::decay_t<decltype(*value)>, std::string>) {
            out += *value;
        } else {
            out += std::to_string(*value);
        }
    };
    put("depth", info.depth);
    put("seldepth", info.seldepth);
    put("multipv", info.multipv);
    if (info.score) out += " score " + info.score->uci();
    if (info.wdl) {
        out += " wdl " + std::to_string(info.wdl->win) + ' ' + std::to_string(info.wdl->draw) +
               ' ' + std::to_string(info.wdl->loss);
    }
    put("nodes", info.nodes);
    put("nps", info.nps);
    put("hashfull", info.hashfull);
    put("tbhits", info.tbhits);
    put("time", info.time_ms);
    put("currmove", info.currmove);
    put("currmovenumber", info.currmovenumber);
    // "string" takes the rest of the line when read back, so it cannot share a line with a pv;
    // GUIs expect the pv last, so the pv keeps that place and the string goes just before it.
    if (info.string) {
        out += " string";
        if (!info.string->empty()) out += ' ' + *info.string;
    }
    if (!info.pv.empty()) {
        out += " pv";
        for (const std::string& m : info.pv) out += ' ' + m;
    }
    return out;
}

std::optional<std::string> check_option_value(const OptionDecl& d, std::string& value,
                                              bool has_value) {
    const std::string quoted = "option '" + d.name + "'";
    if (d.type == "button") {
        if (has_value && !value.empty()) return quoted + " is a button and takes no value";
        return std::nullopt;
    }
    if (!has_value && d.type != "string") return quoted + " needs a value";
    if (d.type == "spin") {
        const auto n = to_number<long long>(value);
        if (!n || (d.min && *n < *d.min) || (d.max && *n > *d.max))
            return range_error(quoted, d.min.value_or(LLONG_MIN), d.max.value_or(LLONG_MAX), value);
        value = std::to_string(*n);
    } else if (d.type == "check") {
        const std::string v = lower(value);
        if (v != "true" && v != "false")
            return quoted + " must be true or false, got " + quote_input(value);
        value = v;
    } else if (d.type == "combo") {
        auto it = std::find_if(d.vars.begin(), d.vars.end(),
                               [&](const std::string& v) { return iequals(v, value); });
        if (it == d.vars.end()) return choice_error(quoted, d.vars, value);
        value = *it;
    } else if (d.type == "string" && value.size() > MaxOptionValueBytes) {
        return quoted + " takes at most " + std::to_string(MaxOptionValueBytes) + " bytes, got " +
               quote_input(value);
    }
    return std::nullopt;
}

}  // namespace glossfish
