// Strategy claims of a verbalization checked against its tree (see strategy_claims.h).
#include "llm/strategy_claims.h"

#include <cctype>
#include <regex>
#include <set>
#include <sstream>

#include "io/text.h"
#include "rules/notation.h"

namespace glossfish::verifier {

using nlohmann::ordered_json;

namespace {

// A move as the tree compares it: without check, mate and annotation marks, 0-0 as O-O.
std::string bare(std::string_view text) {
    std::string san(strip_move_marks(text));
    for (char& c : san)
        if (c == '0') c = 'O';
    return san;
}

// The words after which a square is a square ("the knight on d5"), not a pawn move.
bool square_word(const std::string& word) {
    static const std::set<std::string> words = {"on",  "to",     "at",      "from", "of",
                                                "the", "square", "squares", "into", "onto"};
    return words.count(lower(word)) > 0;
}

// The last word of text (letters only), or "".
std::string last_word(const std::string& text) {
    std::size_t end = text.size();
    while (end > 0 && !std::isalpha((unsigned char)text[end - 1])) {
        if (!std::isspace((unsigned char)text[end - 1])) return {};  // punctuation in between
        --end;
    }
    std::size_t begin = end;
    while (begin > 0 && std::isalpha((unsigned char)text[begin - 1])) --begin;
    return text.substr(begin, end - begin);
}

const std::regex& move_number() {
    static const std::regex re(R"(\b\d+\s*\.(\s*\.\.)?\.?\s*)");
    return re;
}

// Splits text into clauses at '.', ';', ':' and line ends; a '.' of a move number ("45...") does
// not split. '!' and '?' do not split: they annotate moves.
std::vector<std::string> clauses(const std::string& text) {
    std::vector<bool> in_number(text.size(), false);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), move_number());
         it != std::sregex_iterator(); ++it)
        for (std::size_t i = std::size_t(it->position());
             i < std::size_t(it->position() + it->length()); ++i)
            in_number[i] = true;
    std::vector<std::string> out;
    std::string cur;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if ((c == '.' && !in_number[i]) || c == ';' || c == ':' || c == '\n') {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}

}  // namespace

std::vector<StrategyClaim> read_strategy_claims(const std::string& text) {
    static const std::regex san(
        R"((?:^|[^A-Za-z0-9])((?:O-O-O|O-O|0-0-0|0-0|[KQRBN][a-h]?[1-8]?x?[a-h][1-8]|[a-h]x[a-h][1-8](?:=?[QRBN])?|[a-h][1-8](?:=?[QRBN])?)[+#]?)(?=$|[^A-Za-z0-9]))");
    static const std::regex alternative(R"(^\s*(,|/|or|,\s*or)\s*$)");
    std::vector<StrategyClaim> out;
    for (const std::string& original : clauses(text)) {
        StrategyClaim claim;
        claim.text = std::string(trim(original));
        // Moves are read with the move numbers blanked out ("45... g3+" reads g3+).
        const std::string clause = std::regex_replace(original, move_number(), " ");
        std::size_t prev_end = std::string::npos;
        for (auto it = std::sregex_iterator(clause.begin(), clause.end(), san);
             it != std::sregex_iterator(); ++it) {
            const std::size_t begin = std::size_t(it->position(1));
            const std::string move = (*it)[1].str();
            const bool pawn_push = std::islower((unsigned char)move[0]) &&
                                   move.find('x') == std::string::npos && move.size() <= 3 &&
                                   move[0] != 'x';
            if (pawn_push && square_word(last_word(clause.substr(0, begin)))) continue;
            const std::string between =
                prev_end == std::string::npos ? "" : clause.substr(prev_end, begin - prev_end);
            if (!claim.steps.empty() && std::regex_match(between, alternative))
                claim.steps.back().push_back(move);
            else claim.steps.push_back({move});
            prev_end = begin + move.size();
        }
        if (!claim.steps.empty()) out.push_back(std::move(claim));
    }
    return out;
}

namespace {

// Follows steps (one move per step) from node; the matched line appended to `line`. On failure
// `failed` is the index of the first step not found.
bool follow(const ordered_json& node, const std::vector<std::string>& moves, std::size_t i,
            std::vector<std::string>& line, std::size_t& failed) {
    if (i == moves.size()) return true;
    if (node.is_object())
        for (auto it = node.begin(); it != node.end(); ++it)
            if (bare(it.key()) == bare(moves[i])) {
                line.push_back(it.key());
                if (follow(it.value(), moves, i + 1, line, failed)) return true;
                line.pop_back();
                return false;
            }
    failed = std::max(failed, i);
    return false;
}

// Searches every node of tree (depth first) for a start of moves; `path` is the line to node.
bool find_line(const ordered_json& node, const std::vector<std::string>& moves,
               std::vector<std::string>& path, std::vector<std::string>& found, std::size_t& failed,
               std::string& failed_after) {
    std::vector<std::string> line = path;
    std::size_t f = 0;
    if (follow(node, moves, 0, line, f)) {
        found = line;
        return true;
    }
    if (f > failed || (f == failed && failed_after.empty() && f > 0)) {
        failed = f;
        // The line up to the last move that was found.
        std::vector<std::string> upto = path;
        const ordered_json* n = &node;
        for (std::size_t k = 0; k < f; ++k)
            for (auto it = n->begin(); it != n->end(); ++it)
                if (bare(it.key()) == bare(moves[k])) {
                    upto.push_back(it.key());
                    n = &it.value();
                    break;
                }
        failed_after.clear();
        for (const std::string& m : upto) failed_after += (failed_after.empty() ? "" : " ") + m;
    }
    if (node.is_object())
        for (auto it = node.begin(); it != node.end(); ++it) {
            path.push_back(it.key());
            const bool ok = find_line(it.value(), moves, path, found, failed, failed_after);
            path.pop_back();
            if (ok) return true;
        }
    return false;
}

// The moves the tree plays after `line` (moves separated by blanks), or what it says when the
// line ends there.
std::string next_moves(const ordered_json& tree, const std::string& line) {
    const ordered_json* node = &tree;
    std::istringstream words(line);
    for (std::string w; words >> w;)
        if (node->contains(w)) node = &node->at(w);
    std::string next;
    for (auto it = node->begin(); it != node->end(); ++it)
        next += (next.empty() ? "" : ", ") + it.key();
    return next.empty() ? std::string("nothing: it ends there") : next;
}

}  // namespace

void check_strategy_claims(std::vector<StrategyClaim>& claims, const ordered_json& tree) {
    for (StrategyClaim& c : claims) {
        c.holds = false;
        c.lines.clear();
        c.reason.clear();
        std::size_t choices = 1;
        for (const auto& step : c.steps)
            if ((choices *= step.size()) > 64) break;  // no overflow: at most 65 * step size
        if (choices > 64) {
            c.reason = "too many alternatives (more than 64 lines)";
            continue;
        }
        bool all = true;
        for (std::size_t n = 0; n < choices && all; ++n) {
            std::vector<std::string> moves;
            std::size_t rest = n;
            for (const auto& step : c.steps) {
                moves.push_back(step[rest % step.size()]);
                rest /= step.size();
            }
            std::vector<std::string> path, found;
            std::size_t failed = 0;
            std::string after;
            if (find_line(tree, moves, path, found, failed, after)) {
                c.lines.push_back(found);
                continue;
            }
            all = false;
            if (failed == 0) c.reason = moves[0] + " is not a move of the tree";
            else
                c.reason = moves[failed] + " does not follow " + moves[failed - 1] +
                           " in the tree (the line " + after + " goes on with " +
                           next_moves(tree, after) + ")";
        }
        c.holds = all;
        if (!all) c.lines.clear();
    }
}

std::optional<std::string> check_tree_moves(Position pos, const ordered_json& tree) {
    struct Walk {
        static std::optional<std::string> go(Position& pos, const ordered_json& node,
                                             const std::string& path) {
            if (!node.is_object())
                return "the tree at '" + (path.empty() ? std::string("(root)") : path) +
                       "' is not an object";
            for (auto it = node.begin(); it != node.end(); ++it) {
                MoveParse m = parse_san(pos, it.key());
                if (!m.ok())
                    return "move '" + it.key() + "'" + (path.empty() ? "" : " after " + path) +
                           ": " + m.message;
                pos.do_move(m.move);
                auto err = go(pos, it.value(), path.empty() ? it.key() : path + " " + it.key());
                pos.undo_move(m.move);
                if (err) return err;
            }
            return std::nullopt;
        }
    };
    return Walk::go(pos, tree, "");
}

ordered_json strategy_claims_json(const std::vector<StrategyClaim>& claims) {
    ordered_json list = ordered_json::array();
    int hold = 0;
    for (const StrategyClaim& c : claims) {
        ordered_json j;
        j["text"] = c.text;
        j["moves"] = c.steps;
        j["holds"] = c.holds;
        if (c.holds) j["lines"] = c.lines;
        else j["reason"] = c.reason;
        hold += c.holds ? 1 : 0;
        list.push_back(std::move(j));
    }
    ordered_json out;
    out["claims"] = std::move(list);
    out["summary"] = {
        {"claims", int(claims.size())}, {"hold", hold}, {"fail", int(claims.size()) - hold}};
    return out;
}

std::optional<ordered_json> check_verbalization(const std::string& text, std::string* error) {
    const auto j = ordered_json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        *error = "not a JSON object";
        return std::nullopt;
    }
    auto fen = j.find("fen");
    auto description = j.find("description");
    auto tree = j.find("tree");
    if (fen == j.end() || !fen->is_string()) {
        *error = "no \"fen\" string";
        return std::nullopt;
    }
    if (description == j.end() || !description->is_string()) {
        *error = "no \"description\" string";
        return std::nullopt;
    }
    if (tree == j.end() || !tree->is_object()) {
        *error = "no \"tree\" object (a verbalization of mode c has no tree to check against)";
        return std::nullopt;
    }
    Position pos;
    if (FenStatus st = pos.set(fen->get<std::string>()); !st.ok()) {
        *error = "\"fen\": " + st.message();
        return std::nullopt;
    }
    if (auto err = check_tree_moves(pos, *tree)) {
        *error = "\"tree\": " + *err;
        return std::nullopt;
    }
    std::vector<StrategyClaim> claims = read_strategy_claims(description->get<std::string>());
    check_strategy_claims(claims, *tree);
    ordered_json out;
    out["fen"] = pos.fen();
    out["description"] = *description;
    ordered_json checked = strategy_claims_json(claims);
    out["claims"] = std::move(checked["claims"]);
    out["summary"] = std::move(checked["summary"]);
    return out;
}

}  // namespace glossfish::verifier
