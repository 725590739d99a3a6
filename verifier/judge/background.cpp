// Background units checked against the opening table and the board (background.h).
#include "judge/background.h"

#include <algorithm>
#include <regex>
#include <vector>

#include "io/text.h"
#include "rules/structure.h"

namespace glossfish::verifier {

using nlohmann::json;

namespace {

// "defence" spelt as the table spells it, in lower case.
std::string normalize(std::string_view text) {
    std::string s = lower(text);
    for (std::size_t at = s.find("defence"); at != std::string::npos; at = s.find("defence", at))
        s.replace(at, 7, "defense");
    return s;
}

// The part of a table name before its first ':' ("Ruy Lopez: Morphy Defense" -> "Ruy Lopez").
std::string family_of(const std::string& name) { return name.substr(0, name.find(':')); }

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '\''; }

// Whether needle occurs in haystack as whole words.
std::size_t find_words(const std::string& haystack, const std::string& needle) {
    for (std::size_t at = haystack.find(needle); at != std::string::npos;
         at = haystack.find(needle, at + 1)) {
        const bool left = at == 0 || !is_word_char(haystack[at - 1]);
        const std::size_t end = at + needle.size();
        const bool right = end == haystack.size() || !is_word_char(haystack[end]);
        if (left && right) return at;
    }
    return std::string::npos;
}

std::vector<std::string> collect_names(const OpeningIndex& index) {
    std::vector<std::string> out;
    for (const Opening& o : index.openings()) {
        out.push_back(normalize(o.name));
        out.push_back(normalize(family_of(o.name)));
    }
    std::sort(out.begin(), out.end(), [](const std::string& a, const std::string& b) {
        return a.size() != b.size() ? a.size() > b.size() : a < b;
    });
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

// Every opening name and family of the table in lower case, longest first (the compiled-in
// table's built once, thread-safe; another index's built anew).
const std::vector<std::string>& builtin_names() {
    static const std::vector<std::string> names = collect_names(OpeningIndex::builtin());
    return names;
}

// The longest opening name of the table the text names, or "".
std::string named_opening(const std::string& text, const OpeningIndex& index) {
    std::vector<std::string> other;
    if (&index != &OpeningIndex::builtin()) other = collect_names(index);
    for (const std::string& n : other.empty() ? builtin_names() : other)
        if (find_words(text, n) != std::string::npos) return n;
    return {};
}

std::string eco_code(std::string_view text) {
    static const std::regex re(R"(\b[A-E][0-9][0-9]\b)");
    std::cmatch m;
    if (std::regex_search(text.data(), text.data() + text.size(), m, re)) return m.str();
    return {};
}

const std::regex& castling_re() {
    static const std::regex re(
        R"(\b(white|black)\b[^.;]*?\b(can still castle|can castle|could still castle|can no longer castle|cannot castle|can't castle|could no longer castle|has lost (the right to castle|(its |their |the )?castling rights?)|has given up (the right to castle|castling rights?)|(still )?(has|keeps|has kept|retains) (the right to castle|(its |their |the |both )?castling rights?))( (kingside|queenside|short|long|on (the )?(kingside|queenside|king's side|queen's side)))?)",
        std::regex::icase);
    return re;
}

std::optional<int> points_named(const std::string& word) {
    if (word == "a pawn" || word == "one pawn") return 1;
    if (word == "two pawns") return 2;
    if (word == "three pawns") return 3;
    if (word == "the exchange" || word == "an exchange") return 2;
    if (word == "a piece" || word == "a knight" || word == "a bishop") return 3;
    if (word == "a rook") return 5;
    if (word == "a queen") return 9;
    return std::nullopt;
}

BackgroundCheck check_opening(const Position& before, const Position& after,
                              const std::string& text, const OpeningIndex& index) {
    BackgroundCheck c;
    c.kind = "opening";
    const std::string name = named_opening(text, index);
    if (!name.empty()) c.evidence["claimed_name"] = name;
    const Opening* o = index.named(after);
    const char* where = "after the move";
    if (!o) {
        o = index.named(before);
        where = "before the move";
    }
    if (!o) {
        c.evidence["in_line"] = index.in_line(after);
        c.reason = index.in_line(after)
                       ? "the position is on a named line of the opening table but ends none"
                       : "the position is not in the opening table";
        return c;
    }
    c.evidence["table"] = {{"eco", o->eco}, {"name", o->name}, {"pgn", o->pgn}, {"at", where}};
    const std::string table = normalize(o->name);
    bool holds = true;
    if (!name.empty() && table.rfind(name, 0) != 0) holds = false;
    c.holds = holds;
    c.reason = std::string("the opening table names the position ") + where + ": " + o->eco + " " +
               o->name + (holds ? "" : ", not what the text says");
    return c;
}

BackgroundCheck check_castling(const Position& after, const std::smatch& m) {
    BackgroundCheck c;
    c.kind = "castling_rights";
    const std::string side = lower(m[1].str());
    const Color color = side == "white" ? White : Black;
    const std::string verb = lower(m[2].str());
    const std::string wing = lower(m[10].str());  // the " kingside" … group
    const bool denies =
        verb.find("no longer") != std::string::npos || verb.find("cannot") != std::string::npos ||
        verb.find("can't") != std::string::npos || verb.find("lost") != std::string::npos ||
        verb.find("given up") != std::string::npos;
    const bool king = after.has_castling_right(castling_right(color, true));
    const bool queen = after.has_castling_right(castling_right(color, false));
    c.evidence = {{"color", side}, {"kingside", king}, {"queenside", queen}};
    bool has;
    std::string which;
    if (wing.find("king") != std::string::npos || wing.find("short") != std::string::npos) {
        has = king;
        which = " kingside";
    } else if (wing.find("queen") != std::string::npos || wing.find("long") != std::string::npos) {
        has = queen;
        which = " queenside";
    } else {
        has = king || queen;
    }
    c.evidence["claimed"] = denies ? "no right" : "right";
    if (!which.empty()) c.evidence["wing"] = which.substr(1);
    c.holds = denies ? !has : has;
    c.reason = side + (has ? " has" : " has no") + " right to castle" + which + " after the move";
    return c;
}

std::optional<BackgroundCheck> check_material(const Position& after, const std::string& text) {
    static const std::regex equal(R"(\bmaterial is (equal|level|even|balanced)\b)");
    static const std::regex ahead(
        R"(\b(white|black) (is|are|stays|remains) (ahead|up|behind|down) in material\b)");
    static const std::regex amount(
        R"(\b(white|black) (is|are|stays|remains) (a pawn|one pawn|two pawns|three pawns|the exchange|an exchange|a piece|a knight|a bishop|a rook|a queen) (up|ahead|down|behind)\b)");
    const int balance = material_balance(after);
    BackgroundCheck c;
    c.kind = "material";
    c.evidence = {{"balance", balance}};
    std::smatch m;
    if (std::regex_search(text, m, equal)) {
        c.evidence["claimed"] = 0;
        c.holds = balance == 0;
    } else if (std::regex_search(text, m, amount)) {
        const int sign = m[1].str() == "white" ? 1 : -1;
        const bool up = m[4].str() == "up" || m[4].str() == "ahead";
        const int claimed = sign * (up ? 1 : -1) * *points_named(m[3].str());
        c.evidence["claimed"] = claimed;
        c.holds = balance == claimed;
    } else if (std::regex_search(text, m, ahead)) {
        const int sign = m[1].str() == "white" ? 1 : -1;
        const bool up = m[3].str() == "up" || m[3].str() == "ahead";
        c.evidence["claimed"] = up == (sign > 0) ? "white ahead" : "black ahead";
        c.holds = up ? sign * balance > 0 : sign * balance < 0;
    } else {
        return std::nullopt;
    }
    c.reason = "material after the move: white minus black " + std::to_string(balance) +
               " points (P1 N3 B3 R5 Q9)";
    return c;
}

}  // namespace

bool checkable_background(std::string_view text) {
    text = text.substr(0, 2000);
    if (!eco_code(text).empty()) return true;
    const std::string t = normalize(text);
    std::smatch m;
    if (std::regex_search(t, m, castling_re())) return true;
    return !named_opening(t, OpeningIndex::builtin()).empty();
}

bool castling_rights_text(std::string_view text) {
    const std::string t = normalize(text.substr(0, 2000));
    std::smatch m;
    return std::regex_search(t, m, castling_re());
}

BackgroundCheck check_background(const Position& before, Move m, std::string_view text_view,
                                 const OpeningIndex& index) {
    text_view = text_view.substr(0, 2000);  // units are sentences; std::regex recurses
    const std::string text = normalize(text_view);
    Position after = before;
    after.do_move(m);
    if (!eco_code(text_view).empty() || !named_opening(text, index).empty()) {
        // The ECO code is searched in the text as written (upper case).
        BackgroundCheck c = check_opening(before, after, text, index);
        if (const std::string eco = eco_code(text_view); !eco.empty()) {
            c.evidence["claimed_eco"] = eco;
            if (c.holds == true && c.evidence.contains("table") &&
                c.evidence["table"]["eco"] != eco) {
                c.holds = false;
                c.reason += ", not what the text says";
            }
        }
        return c;
    }
    std::smatch match;
    if (std::regex_search(text, match, castling_re())) return check_castling(after, match);
    if (std::optional<BackgroundCheck> c = check_material(after, text)) return *c;
    BackgroundCheck c;
    c.reason = "no knowledge base for this background claim (players, history, events)";
    return c;
}

json background_json(const BackgroundCheck& c) {
    return {{"kind", c.kind},
            {"holds", c.holds ? json(*c.holds) : json(nullptr)},
            {"reason", c.reason},
            {"evidence", c.evidence}};
}

}  // namespace glossfish::verifier
