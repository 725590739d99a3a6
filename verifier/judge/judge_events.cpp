// Unit types (descriptive, analytical, background) and the events a move produces or a text
// mentions.
#include <regex>
#include <set>

#include "io/text.h"
#include "judge/background.h"
#include "judge/judge.h"
#include "reader/commentary_reader.h"
#include "rules/notation.h"
#include "rules/structure.h"
#include "tools/board_tools.h"

namespace glossfish::verifier {

using nlohmann::json;

namespace {

// A case-insensitive regular expression, compiled once per pattern.
struct Pattern {
    explicit Pattern(const char* p) : re(p, std::regex::icase | std::regex::optimize) {}
    std::regex re;
};
// Units are sentences: only the first 2,000 characters are searched (std::regex recurses).
bool search(const std::string& text, const Pattern& p) {
    if (text.size() <= 2000) return std::regex_search(text, p.re);
    return std::regex_search(text.substr(0, 2000), p.re);
}

const std::set<std::string, std::less<>>& descriptive_predicates() {
    static const std::set<std::string, std::less<>> s = {
        "occupies",   "attacks",  "defends",     "pins",      "checks",     "gives_check",
        "mates",      "captures", "can_capture", "is_legal",  "opens_file", "open_file",
        "opens_line", "controls", "passed_pawn", "undefended"};
    return s;
}

bool background_text(std::string_view text) {
    static const Pattern p(
        R"(\b(opening|theory|theoretical|gambit|famous|classical|classic|histor\w*|grandmaster|world champion|played by|book move|tournament|(defen[cs]e|attack|variation) is named)\b|\b(1[89]\d\d|20\d\d)\b)");
    return search(std::string(text), p);
}

}  // namespace

const char* unit_type_name(UnitType t) {
    switch (t) {
    case UnitType::Descriptive: return "descriptive";
    case UnitType::Analytical: return "analytical";
    case UnitType::Background: return "background";
    }
    return "analytical";
}

std::optional<UnitType> parse_unit_type(std::string_view text) {
    for (UnitType t : {UnitType::Descriptive, UnitType::Analytical, UnitType::Background})
        if (lower(text) == unit_type_name(t)) return t;
    return std::nullopt;
}

MoveEvents move_events(const Position& before, Move m) {
    MoveEvents e;
    MoveFacts f = BoardTools(before).move_facts(m);
    e.capture = f.captured != NoPiece;
    e.check = f.check != CheckKind::None;
    e.castling = f.castling != CastlingSide::None;
    e.promotion = f.promotion != NoPieceType;
    e.mate = f.checkmate;
    Position after = before;
    after.do_move(m);
    const int sign = before.side_to_move() == White ? 1 : -1;
    e.material_change = sign * (material_balance(after) - material_balance(before));
    return e;
}

json events_json(const MoveEvents& e) {
    return {{"capture", e.capture},     {"check", e.check}, {"castling", e.castling},
            {"promotion", e.promotion}, {"mate", e.mate},   {"material_change", e.material_change}};
}

std::vector<std::string> mentioned_events(std::string_view text_view) {
    static const Pattern capture(
        R"(\b(captures?|captured|capturing|takes|took|recaptures?|recaptured|recapturing)\b)");
    static const Pattern check(R"(\bchecks?\b|\bwith check\b)");
    static const Pattern mate(R"(\b(check)?mates?\b|\bcheckmated?\b|#)");
    static const Pattern castling(R"(\bcastl\w*|\bO-O\b|\b0-0\b)");
    static const Pattern promotion(R"(\b(under)?promot\w*|\bqueens\b|=[QRBN]\b)");
    static const Pattern material(
        R"(\b(wins?|winning|gains?|gaining|won)\b( back)? (a |the |some )?(pawn|piece|material|exchange|knight|bishop|rook|queen)s?\b)");
    const std::string text(text_view);
    std::vector<std::string> out;
    if (search(text, capture)) out.push_back("capture");
    if (search(text, check)) out.push_back("check");
    if (search(text, mate)) out.push_back("mate");
    if (search(text, castling)) out.push_back("castling");
    if (search(text, promotion)) out.push_back("promotion");
    if (search(text, material)) out.push_back("material");
    return out;
}

bool event_happened(const MoveEvents& e, std::string_view event) {
    if (event == "capture") return e.capture;
    if (event == "check") return e.check;
    if (event == "mate") return e.mate;
    if (event == "castling") return e.castling;
    if (event == "promotion") return e.promotion;
    if (event == "material") return e.material_change > 0;
    return false;
}

std::vector<std::string> produced_events(const MoveEvents& e) {
    std::vector<std::string> out;
    for (const char* name : {"capture", "check", "mate", "castling", "promotion", "material"})
        if (event_happened(e, name) && !(std::string_view(name) == "check" && e.mate))
            out.push_back(name);
    return out;
}

std::vector<std::string> reference_events(const Position& before, const std::string& move_san,
                                          const std::string& reference) {
    std::set<std::string> named;
    CommentaryReading reading = read_commentary(before, move_san, reference);
    for (const ReadSentence& s : reading.sentences) {
        std::vector<std::string> context = s.context;
        if (!context.empty() && strip_move_marks(context.front()) == strip_move_marks(move_san))
            context.erase(context.begin());
        if (rules_unit_type(s.text, context, s.claims, move_san) != UnitType::Descriptive) continue;
        for (const auto& e : mentioned_events(s.text)) named.insert(e);
        for (const SubClaim& c : s.claims) {
            if (c.predicate == "captures") named.insert("capture");
            if (c.predicate == "gives_check" || c.predicate == "checks") named.insert("check");
            if (c.predicate == "mates") named.insert("mate");
        }
    }
    std::vector<std::string> out;
    for (const char* name : {"capture", "check", "mate", "castling", "promotion", "material"})
        if (named.count(name)) out.push_back(name);
    return out;
}

UnitType rules_unit_type(std::string_view text, const std::vector<std::string>& context,
                         const std::vector<SubClaim>& claims, std::string_view played_san) {
    if (claims.empty()) {
        if (castling_rights_text(text)) return UnitType::Background;
        if (!mentioned_events(text).empty() && context.empty()) return UnitType::Descriptive;
        if (background_text(text) || checkable_background(text)) return UnitType::Background;
        return UnitType::Analytical;
    }
    if (!context.empty()) return UnitType::Analytical;
    for (const SubClaim& c : claims) {
        if (!descriptive_predicates().count(c.predicate)) return UnitType::Analytical;
        const bool after_move =
            c.moves.size() == 1 && strip_move_marks(c.moves[0]) == strip_move_marks(played_san);
        if (!c.moves.empty() && !after_move) return UnitType::Analytical;
        if (c.args.contains("move")) {
            // A move argument from the position before: it must be the played move itself.
            if (after_move || !c.args["move"].is_string() ||
                strip_move_marks(c.args["move"].get<std::string>()) != strip_move_marks(played_san))
                return UnitType::Analytical;
        }
    }
    return UnitType::Descriptive;
}

}  // namespace glossfish::verifier
