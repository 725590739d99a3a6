// The commentary judge (judge.h).
#include "judge/judge.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <istream>
#include <ostream>
#include <regex>
#include <set>

#include "tools/board_tools.h"
#include "reader/commentary_reader.h"
#include "io/input_limits.h"
#include "io/json_line.h"
#include "io/line_reader.h"
#include "rules/notation.h"
#include "rules/structure.h"
#include "tools/tools.h"
#include "io/utf8.h"

namespace glossfish::verifier {

using nlohmann::json;

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

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

// The move text as SAN from pos, or the text itself when it does not parse.
std::string san_of(const Position& pos, std::string_view text) {
    MoveParse m = parse_move_text(pos, text);
    return m.ok() ? move_to_san(pos, m.move) : std::string(text);
}

// The claim with its moves (and a "move" argument) spelled in SAN, for comparing claims.
std::string canonical_claim(const Position& before, const SubClaim& c) {
    SubClaim k = c;
    Position pos = before;
    bool legal = true;
    for (std::string& m : k.moves) {
        MoveParse mp = parse_move_text(pos, m);
        if (!mp.ok()) {
            legal = false;
            break;
        }
        m = move_to_san(pos, mp.move);
        pos.do_move(mp.move);
    }
    if (legal && k.args.contains("move") && k.args["move"].is_string())
        k.args["move"] = san_of(pos, k.args["move"].get<std::string>());
    return sub_claim_json(k).dump();
}

// A SAN move without check, mate and annotation marks ("Nc7+" -> "Nc7").
std::string bare_san(std::string_view san) {
    std::string s(san);
    while (!s.empty() && std::string_view("+#!?").find(s.back()) != std::string_view::npos)
        s.pop_back();
    return s;
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

AtomOutcome outcome_of_verdict(const std::string& verdict) {
    if (verdict == "correct") return {1, 0};
    if (verdict == "incorrect") return {1, 1};
    return {};
}

std::string verdict_of(const AtomOutcome& o) {
    if (o.correct()) return "correct";
    if (o.is_verifiable()) return "incorrect";
    return "unverifiable";
}

// Validators of the prompts' answers.
std::string check_decomposition(const json& a) {
    if (!a.is_object() || !a.contains("atoms") || !a["atoms"].is_array())
        return "the answer must be an object with an \"atoms\" array";
    for (std::size_t i = 0; i < a["atoms"].size(); ++i) {
        const json& x = a["atoms"][i];
        const std::string at = "atoms[" + std::to_string(i) + "]";
        if (!x.is_object() || !x.contains("text") || !x["text"].is_string() ||
            x["text"].get<std::string>().empty())
            return at + " must be an object with a non-empty \"text\" string";
        if (x.contains("context") && !x["context"].is_null()) {
            if (!x["context"].is_array()) return at + ".context must be an array of moves";
            for (const auto& m : x["context"])
                if (!m.is_string()) return at + ".context must be an array of moves";
        }
        if (x.contains("type") && !x["type"].is_null() &&
            (!x["type"].is_string() || !parse_unit_type(x["type"].get<std::string>())))
            return at + ".type must be descriptive, analytical or background";
        if (x.contains("subclaims") && !x["subclaims"].is_null()) {
            if (!x["subclaims"].is_array()) return at + ".subclaims must be an array";
            for (const auto& s : x["subclaims"])
                if (!s.is_object() || !s.contains("text") || !s["text"].is_string())
                    return at + ".subclaims must hold objects with a \"text\" string";
        }
        if (x.contains("sentence") && !x["sentence"].is_null() &&
            !x["sentence"].is_number_integer())
            return at + ".sentence must be an integer";
    }
    return {};
}

std::string check_atom_verdict(const json& a) {
    static const std::set<std::string, std::less<>> verdicts = {"correct", "incorrect",
                                                                "unverifiable"};
    static const std::set<std::string, std::less<>> truths = {"true", "false", "unverifiable"};
    static const std::set<std::string, std::less<>> cats = {
        "board_comprehension", "legality", "quality_evaluation", "tactical_reasoning", "other"};
    if (!a.is_object() || !a.contains("verdict") || !a["verdict"].is_string() ||
        !verdicts.count(a["verdict"].get<std::string>()))
        return "\"verdict\" must be \"correct\", \"incorrect\" or \"unverifiable\"";
    if (a.contains("subclaims") && !a["subclaims"].is_null()) {
        if (!a["subclaims"].is_array()) return "\"subclaims\" must be an array";
        for (std::size_t i = 0; i < a["subclaims"].size(); ++i) {
            const json& s = a["subclaims"][i];
            const std::string at = "subclaims[" + std::to_string(i) + "]";
            if (!s.is_object() || !s.contains("verdict") || !s["verdict"].is_string() ||
                !truths.count(s["verdict"].get<std::string>()))
                return at + ".verdict must be \"true\", \"false\" or \"unverifiable\"";
            if (s.contains("error_category") && !s["error_category"].is_null() &&
                (!s["error_category"].is_string() ||
                 !cats.count(s["error_category"].get<std::string>())))
                return at +
                       ".error_category must be null or one of board_comprehension, "
                       "legality, quality_evaluation, tactical_reasoning, other";
        }
    }
    return {};
}

std::string numbered_list(const std::vector<std::string>& items) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i)
        out += std::to_string(i + 1) + ". " + items[i] + "\n";
    if (out.empty()) out = "(none)\n";
    return out;
}

std::string gold_text(const json& g) {
    if (g.is_string()) return g.get<std::string>();
    return g.value("text", std::string());
}

// The sentence of `sentences` sharing the most words with text (1-based; 0 if none share).
int best_sentence(const std::vector<std::string>& sentences, const std::string& text) {
    auto words = [](const std::string& s) {
        std::set<std::string> w;
        std::string cur;
        for (char c : lower(s) + " ") {
            if (std::isalnum(static_cast<unsigned char>(c))) cur += c;
            else {
                if (cur.size() > 2) w.insert(cur);
                cur.clear();
            }
        }
        return w;
    };
    const auto t = words(text);
    int best = 0;
    std::size_t best_n = 0;
    for (std::size_t i = 0; i < sentences.size(); ++i) {
        std::size_t n = 0;
        for (const auto& w : words(sentences[i])) n += t.count(w);
        if (n > best_n) {
            best_n = n;
            best = int(i) + 1;
        }
    }
    return best;
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

UnitType rules_unit_type(std::string_view text, const std::vector<std::string>& context,
                         const std::vector<SubClaim>& claims, std::string_view played_san) {
    if (claims.empty()) {
        if (!mentioned_events(text).empty() && context.empty()) return UnitType::Descriptive;
        if (background_text(text)) return UnitType::Background;
        return UnitType::Analytical;
    }
    if (!context.empty()) return UnitType::Analytical;
    for (const SubClaim& c : claims) {
        if (!descriptive_predicates().count(c.predicate)) return UnitType::Analytical;
        const bool after_move = c.moves.size() == 1 && bare_san(c.moves[0]) == bare_san(played_san);
        if (!c.moves.empty() && !after_move) return UnitType::Analytical;
        if (c.args.contains("move")) {
            // A move argument from the position before: it must be the played move itself.
            if (after_move || !c.args["move"].is_string() ||
                bare_san(c.args["move"].get<std::string>()) != bare_san(played_san))
                return UnitType::Analytical;
        }
    }
    return UnitType::Descriptive;
}

std::optional<JudgeInput> parse_judge_line(std::string_view line, std::size_t number,
                                           std::string* error) {
    JudgeInput in;
    in.line = number;
    JsonParse parsed = parse_json_text(line);
    if (!parsed.ok()) {
        *error = "bad JSON: " + parsed.detail;
        return std::nullopt;
    }
    json j = std::move(parsed.value);
    if (!j.is_object()) {
        *error = "not a JSON object";
        return std::nullopt;
    }
    if (j.contains("id")) in.id = j["id"];
    for (const char* key : {"fen", "move"})
        if (!j.contains(key) || !j[key].is_string()) {
            *error = std::string("\"") + key + "\" must be a string";
            return std::nullopt;
        }
    in.fen = j["fen"].get<std::string>();
    in.move = j["move"].get<std::string>();
    Position pos;
    if (FenStatus st = pos.set(in.fen); !st.ok()) {
        *error = "bad FEN: " + st.message();
        return std::nullopt;
    }
    MoveParse mp = parse_move_text(pos, in.move);
    if (!mp.ok()) {
        *error = "move '" + quote_prefix(in.move, QuoteBytes) + "': " + mp.message;
        return std::nullopt;
    }
    const bool has_claims = j.contains("atoms") || j.contains("claims");
    if (j.contains("commentary")) {
        if (!j["commentary"].is_string()) {
            *error = "\"commentary\" must be a string";
            return std::nullopt;
        }
        in.commentary = j["commentary"].get<std::string>();
        if (in.commentary.size() > MaxCommentaryText) {
            *error = "\"commentary\" is " + std::to_string(in.commentary.size()) +
                     " bytes long, over the limit of " + std::to_string(MaxCommentaryText) +
                     " bytes";
            return std::nullopt;
        }
    } else if (!has_claims) {
        *error = "\"commentary\" is missing (or give \"atoms\")";
        return std::nullopt;
    }
    if (j.contains("gold_atoms") && !j["gold_atoms"].is_null()) {
        if (!j["gold_atoms"].is_array()) {
            *error = "\"gold_atoms\" must be an array";
            return std::nullopt;
        }
        for (std::size_t i = 0; i < j["gold_atoms"].size(); ++i) {
            const json& g = j["gold_atoms"][i];
            const std::string at = "gold_atoms[" + std::to_string(i) + "]";
            if (g.is_object()) {
                if (!g.contains("text") || !g["text"].is_string()) {
                    *error = at + ": needs a \"text\" string";
                    return std::nullopt;
                }
                if (g.contains("claims")) {
                    ClaimsParse cp = parse_claims_json(json::array({g}));
                    if (!cp.ok()) {
                        *error = at + ": " + cp.error->text();
                        return std::nullopt;
                    }
                }
            } else if (!g.is_string()) {
                *error = at + ": must be a string or {\"text\", \"claims\"?}";
                return std::nullopt;
            }
            in.gold.push_back(g);
        }
    }
    if (has_claims) {
        const json doc = j.contains("claims") ? j["claims"] : json{{"atoms", j["atoms"]}};
        ClaimsParse cp = parse_claims_json(doc);
        if (!cp.ok()) {
            *error = (j.contains("claims") ? "claims: " : "") + cp.error->text();
            return std::nullopt;
        }
        in.claims = std::move(cp.doc);
    }
    return in;
}

std::string numbered_sentences(const std::vector<std::string>& sentences) {
    std::string out;
    for (std::size_t i = 0; i < sentences.size(); ++i)
        out += (i ? "\n[" : "[") + std::to_string(i + 1) + "] " + sentences[i];
    return out;
}

Judge::Judge(const ToolSuite& tools, const LlmClient* client, const PromptLibrary* prompts,
             JudgeOptions options)
    : tools_(tools), client_(client), prompts_(prompts), options_(options) {}

std::vector<JudgedAtom> Judge::decompose(const Position& before, const std::string& move_san,
                                         const std::string& commentary, JudgedRecord& rec) const {
    std::vector<JudgedAtom> atoms;
    if (options_.decomposer == Decomposer::Rules) {
        MoveParse mp = parse_move_text(before, move_san);
        CommentaryReading reading =
            read_commentary(before, mp.ok() ? move_san : std::string(), commentary);
        for (std::size_t i = 0; i < reading.sentences.size(); ++i) {
            const ReadSentence& s = reading.sentences[i];
            JudgedAtom a;
            a.text = s.text;
            a.context = s.context;
            if (!a.context.empty() && bare_san(a.context.front()) == bare_san(move_san))
                a.context.erase(a.context.begin());
            a.claims = s.claims;
            a.unread_reason = s.unread_reason;
            a.method = "rules";
            a.sentence = int(i) + 1;
            a.type = rules_unit_type(a.text, a.context, a.claims, move_san);
            atoms.push_back(std::move(a));
        }
        return atoms;
    }
    if (!llm()) {
        rec.error = NoLlmEndpointMessage;
        return atoms;
    }
    const std::vector<std::string> sentences = split_sentences(commentary);
    ChatRequest req;
    req.validate = check_decomposition;
    ChatResult r = chat_prompt(*client_, *prompts_, "decompose",
                               {{"fen", before.fen()},
                                {"side", prompt_side(before.side_to_move())},
                                {"move", move_san},
                                {"commentary", numbered_sentences(sentences)}},
                               req);
    rec.requests += r.requests;
    if (!r.ok) {
        rec.error =
            std::string("decomposition failed (") + llm_error_kind_name(r.kind) + "): " + r.error;
        return atoms;
    }
    for (const json& x : r.answer["atoms"]) {
        JudgedAtom a;
        a.text = x["text"].get<std::string>();
        if (x.contains("context") && x["context"].is_array())
            for (const auto& m : x["context"]) a.context.push_back(m.get<std::string>());
        a.subclaims =
            x.contains("subclaims") && x["subclaims"].is_array() ? x["subclaims"] : json::array();
        a.method = "llm";
        // Sub-claims in the claims form, when the model gives them, are checked by the rules.
        if (x.contains("claims") && x["claims"].is_array()) {
            ClaimsParse cp =
                parse_claims_json(json::array({{{"text", a.text}, {"claims", x["claims"]}}}));
            if (cp.ok() && !cp.doc->atoms.empty()) a.claims = cp.doc->atoms[0].claims;
            else if (cp.error)
                rec.warnings.push_back("atom '" + a.text + "': claims ignored (" +
                                       cp.error->text() + ")");
        }
        const int n = x.contains("sentence") && x["sentence"].is_number_integer()
                          ? x["sentence"].get<int>()
                          : 0;
        a.sentence = n >= 1 && n <= int(sentences.size()) ? n : best_sentence(sentences, a.text);
        auto t = x.contains("type") && x["type"].is_string()
                     ? parse_unit_type(x["type"].get<std::string>())
                     : std::nullopt;
        a.type = t ? *t : rules_unit_type(a.text, a.context, {}, move_san);
        atoms.push_back(std::move(a));
    }
    return atoms;
}

void Judge::verify(const Position& before, const std::string& move_san, JudgedAtom& atom,
                   JudgedRecord& rec) const {
    if (!atom.claims.empty()) {
        ClaimVerifier verifier(tools_, options_.verify);
        AtomVerdict v = verifier.verify(before, Atom{atom.text, atom.claims});
        atom.outcome = {v.verifiable, v.failed};
        atom.detail = verdict_json(v);
        atom.verdict = verdict_of(atom.outcome);
        return;
    }
    if (atom.method != "llm") {  // the reader found nothing to check
        atom.verdict = "unverifiable";
        return;
    }
    if (!llm()) {
        atom.error = NoLlmEndpointMessage;
        atom.verdict = "unverifiable";
        return;
    }
    std::string text = atom.text;
    if (!atom.context.empty()) {
        text += "\n(It assumes these moves after " + move_san + ":";
        for (const auto& m : atom.context) text += " " + m;
        text += ")";
    }
    ChatRequest req;
    req.tools = &tools_;
    req.require_tool_use = true;
    req.validate = check_atom_verdict;
    ChatResult r = chat_prompt(
        *client_, *prompts_, "verify_atom",
        {{"fen", before.fen()},
         {"side", prompt_side(before.side_to_move())},
         {"move", move_san},
         {"atom", text},
         {"subclaims", atom.subclaims.is_null() ? std::string("[]") : atom.subclaims.dump()}},
        req);
    rec.requests += r.requests;
    if (!r.ok) {
        atom.error =
            std::string("verification failed (") + llm_error_kind_name(r.kind) + "): " + r.error;
        atom.verdict = "unverifiable";
        return;
    }
    const json& a = r.answer;
    AtomOutcome o;
    if (a.contains("subclaims") && a["subclaims"].is_array() && !a["subclaims"].empty()) {
        for (const auto& s : a["subclaims"]) {
            const std::string v = s["verdict"].get<std::string>();
            if (v != "unverifiable") ++o.verifiable;
            if (v == "false") ++o.failed;
        }
    } else {
        o = outcome_of_verdict(a["verdict"].get<std::string>());
    }
    atom.outcome = o;
    atom.verdict = verdict_of(o);
    atom.detail = a;
    json calls = json::array();
    for (const auto& c : r.tool_calls)
        calls.push_back({{"name", c.name}, {"arguments", c.arguments}, {"error", c.error}});
    atom.detail["tool_calls"] = calls;
    if (atom.verdict != a["verdict"].get<std::string>())
        rec.warnings.push_back("atom '" + atom.text + "': the judge said " +
                               a["verdict"].get<std::string>() + " but its sub-claims make it " +
                               atom.verdict);
}

void Judge::score_events(JudgedAtom& atom, const MoveEvents& events) const {
    if (atom.type != UnitType::Descriptive) return;
    atom.events = mentioned_events(atom.text);
    if (atom.events.empty()) return;
    AtomOutcome o;
    for (const auto& e : atom.events) {
        ++o.verifiable;
        if (!event_happened(events, e)) ++o.failed;
    }
    atom.event_outcome = o;
}

void Judge::match_gold(const Position& before, JudgedRecord& rec) const {
    if (rec.gold.empty()) return;
    rec.matches.assign(rec.gold.size(), {});
    if (llm()) {
        std::vector<std::string> golds, texts;
        for (const auto& g : rec.gold) golds.push_back(gold_text(g));
        for (const auto& a : rec.atoms) texts.push_back(a.text);
        const int G = int(golds.size()), N = int(texts.size());
        ChatRequest req;
        req.validate = [G, N](const json& a) -> std::string {
            if (!a.is_object() || !a.contains("matches") || !a["matches"].is_array())
                return "the answer must be an object with a \"matches\" array";
            for (const auto& m : a["matches"]) {
                if (!m.is_object() || !m.contains("gold") || !m["gold"].is_number_integer() ||
                    m["gold"].get<int>() < 1 || m["gold"].get<int>() > G)
                    return "each match needs \"gold\": a number from 1 to " + std::to_string(G);
                if (!m.contains("atoms") || !m["atoms"].is_array())
                    return "each match needs an \"atoms\" array";
                for (const auto& x : m["atoms"])
                    if (!x.is_number_integer() || x.get<int>() < 1 || x.get<int>() > N)
                        return "\"atoms\" must hold claim numbers from 1 to " + std::to_string(N);
            }
            return {};
        };
        ChatResult r = chat_prompt(*client_, *prompts_, "match_gold",
                                   {{"fen", before.fen()},
                                    {"move", rec.move},
                                    {"gold_atoms", numbered_list(golds)},
                                    {"atoms", numbered_list(texts)}},
                                   req);
        rec.requests += r.requests;
        if (r.ok) {
            for (const auto& m : r.answer["matches"]) {
                auto& list = rec.matches[m["gold"].get<int>() - 1];
                for (const auto& x : m["atoms"])
                    if (std::find(list.begin(), list.end(), x.get<int>()) == list.end())
                        list.push_back(x.get<int>());
                std::sort(list.begin(), list.end());
            }
            rec.match_method = "llm";
            return;
        }
        rec.warnings.push_back(std::string("gold matching failed (") + llm_error_kind_name(r.kind) +
                               "): " + r.error + "; matched by shared sub-claims instead");
    }
    // Deterministic: a gold atom is covered by every atom sharing one of its sub-claims.
    rec.match_method = "rules";
    std::vector<std::set<std::string>> atom_claims;
    for (const auto& a : rec.atoms) {
        std::set<std::string> s;
        for (const auto& c : a.claims) s.insert(canonical_claim(before, c));
        atom_claims.push_back(std::move(s));
    }
    for (std::size_t g = 0; g < rec.gold.size(); ++g) {
        std::vector<SubClaim> claims;
        const json& gj = rec.gold[g];
        if (gj.is_object() && gj.contains("claims")) {
            ClaimsParse cp = parse_claims_json(json::array({gj}));
            if (cp.ok() && !cp.doc->atoms.empty()) claims = cp.doc->atoms[0].claims;
        } else {
            CommentaryReading reading = read_commentary(before, rec.move, gold_text(gj));
            for (const auto& s : reading.sentences)
                claims.insert(claims.end(), s.claims.begin(), s.claims.end());
        }
        for (std::size_t i = 0; i < atom_claims.size(); ++i)
            for (const auto& c : claims)
                if (atom_claims[i].count(canonical_claim(before, c))) {
                    rec.matches[g].push_back(int(i) + 1);
                    break;
                }
    }
}

void Judge::extract_stance(const Position& before, const std::optional<Stance>& given,
                           JudgedRecord& rec) const {
    if (given) {
        rec.stance = *given;
        rec.stance_source = "given";
        return;
    }
    if (llm() && !rec.commentary.empty()) {
        ChatRequest req;
        req.validate = [](const json& a) -> std::string {
            if (!a.is_object() || !a.contains("stance") || !a["stance"].is_string() ||
                !parse_stance(a["stance"].get<std::string>()))
                return "\"stance\" must be \"good\", \"bad\" or \"inconclusive\"";
            return {};
        };
        ChatResult r = chat_prompt(
            *client_, *prompts_, "stance",
            {{"fen", before.fen()}, {"move", rec.move}, {"commentary", rec.commentary}}, req);
        rec.requests += r.requests;
        if (r.ok) {
            rec.stance = *parse_stance(r.answer["stance"].get<std::string>());
            rec.stance_source = "llm";
            if (r.answer.contains("quote") && r.answer["quote"].is_string())
                rec.stance_quote = r.answer["quote"].get<std::string>();
            return;
        }
        rec.warnings.push_back(std::string("stance extraction failed (") +
                               llm_error_kind_name(r.kind) + "): " + r.error +
                               "; the reader's stance is used");
    }
    // The reader's stance: from the atoms' sub-claims, else from reading the commentary.
    std::vector<Atom> atoms;
    for (const auto& a : rec.atoms)
        if (!a.claims.empty()) atoms.push_back({a.text, a.claims});
    if (atoms.empty() && !rec.commentary.empty())
        atoms = read_commentary(before, rec.move, rec.commentary).doc.atoms;
    rec.stance = derive_stance(before, atoms, rec.move);
    rec.stance_source = "rules";
}

JudgedRecord Judge::judge(const JudgeInput& input) const {
    JudgedRecord rec;
    rec.line = input.line;
    rec.id = input.id;
    rec.commentary = input.commentary;
    rec.gold = input.gold;
    Position before;
    if (FenStatus st = before.set(input.fen); !st.ok()) {
        rec.error = "bad FEN: " + st.message();
        return rec;
    }
    MoveParse mp = parse_move_text(before, input.move);
    if (!mp.ok()) {
        rec.error = "move '" + input.move + "': " + mp.message;
        return rec;
    }
    rec.fen = before.fen();
    rec.move = move_to_san(before, mp.move);
    rec.events = move_events(before, mp.move);
    if (input.claims) {
        for (const Atom& a : input.claims->atoms) {
            JudgedAtom j;
            j.text = a.text;
            j.claims = a.claims;
            j.method = "claims";
            j.type = rules_unit_type(a.text, {}, a.claims, rec.move);
            rec.atoms.push_back(std::move(j));
        }
    } else {
        rec.atoms = decompose(before, rec.move, input.commentary, rec);
        if (!rec.ok()) return rec;
    }
    for (JudgedAtom& a : rec.atoms) {
        verify(before, rec.move, a, rec);
        score_events(a, rec.events);
    }
    ClaimVerifier verifier(tools_, options_.verify);
    ClaimsDoc label_doc;
    label_doc.move = move_to_uci(before, mp.move);
    label_doc.stance = Stance::Inconclusive;  // not used; avoids deriving one
    rec.engine_label = verifier.verify(before, label_doc).engine_label;
    match_gold(before, rec);
    extract_stance(before, input.claims ? input.claims->stance : std::nullopt, rec);
    return rec;
}

PositionRecord judge_metrics_record(const JudgedRecord& r, std::optional<UnitType> only) {
    PositionRecord p;
    p.id = r.id.is_null() ? "line " + std::to_string(r.line)
                          : (r.id.is_string() ? r.id.get<std::string>() : r.id.dump());
    for (const auto& a : r.atoms) {
        if (!only) {
            p.atoms.push_back(a.outcome);
        } else if (a.type == *only) {
            p.atoms.push_back(a.event_outcome ? *a.event_outcome : a.outcome);
        }
    }
    if (only) return p;  // no stance, label or gold atoms: the split reports precision only
    p.stance = r.stance;
    p.engine_label = r.engine_label;
    p.gold_atoms = int(r.gold.size());
    for (const auto& m : r.matches)
        if (!m.empty()) ++p.gold_matched;
    return p;
}

namespace {

// The produced events that some descriptive unit names.
std::vector<std::string> events_named(const JudgedRecord& r) {
    std::vector<std::string> out;
    for (const auto& e : produced_events(r.events))
        for (const auto& a : r.atoms)
            if (a.type == UnitType::Descriptive &&
                std::find(a.events.begin(), a.events.end(), e) != a.events.end()) {
                out.push_back(e);
                break;
            }
    return out;
}

}  // namespace

EventRecall event_recall(const JudgedRecord& r) {
    return {int(produced_events(r.events).size()), int(events_named(r).size())};
}

json judged_json(const JudgedRecord& r) {
    if (!r.ok()) return {{"line", r.line}, {"id", r.id}, {"error", r.error}};
    json atoms = json::array();
    for (const auto& a : r.atoms) {
        json j = {{"text", a.text},
                  {"context", a.context},
                  {"type", unit_type_name(a.type)},
                  {"method", a.method},
                  {"sentence", a.sentence ? json(a.sentence) : json(nullptr)},
                  {"verdict", a.verdict},
                  {"verifiable", a.outcome.verifiable},
                  {"failed", a.outcome.failed}};
        if (a.method == "llm") j["subclaims"] = a.subclaims;
        if (a.method != "llm" || !a.claims.empty()) {
            json c = json::array();
            for (const auto& s : a.claims) c.push_back(sub_claim_json(s));
            j["claims"] = c;
        }
        j["detail"] = a.detail.is_null() ? json::object() : a.detail;
        if (!a.unread_reason.empty() && a.claims.empty()) j["unread"] = a.unread_reason;
        if (!a.error.empty()) j["error"] = a.error;
        if (a.event_outcome) {
            j["events"] = a.events;
            j["event_verdict"] = verdict_of(*a.event_outcome);
        }
        atoms.push_back(std::move(j));
    }
    json matches = json::array();
    for (std::size_t g = 0; g < r.matches.size(); ++g)
        matches.push_back(
            {{"gold", g + 1}, {"atoms", r.matches[g]}, {"matched", !r.matches[g].empty()}});
    const PositionRecord p = judge_metrics_record(r);
    const Metrics m = compute_metrics(p);
    json out = {
        {"line", r.line},
        {"id", r.id},
        {"fen", r.fen},
        {"move", r.move},
        {"commentary", r.commentary},
        {"events", events_json(r.events)},
        {"engine_label", r.engine_label ? json(label_name(*r.engine_label)) : json(nullptr)},
        {"stance", stance_name(r.stance)},
        {"stance_source", r.stance_source},
        {"stance_quote", r.stance_quote},
        {"atoms", atoms},
        {"gold_atoms", r.gold},
        {"matches", matches},
        {"match_method", r.match_method.empty() ? json(nullptr) : json(r.match_method)},
        {"recall", m.recall ? json(std::round(*m.recall * 10000) / 10000) : json(nullptr)},
        {"event_recall", {{"produced", produced_events(r.events)}, {"mentioned", events_named(r)}}},
        {"warnings", r.warnings},
        {"requests", r.requests},
        {"metrics", metrics_json(m)}};
    return out;
}

std::vector<JudgedRecord> judge_lines(
    const Judge& judge, std::istream& in, std::ostream& out,
    const std::function<bool(std::string_view line, std::size_t number)>& keep) {
    std::vector<JudgedRecord> records;
    LineReader reader(in, MaxJsonlLine);
    while (std::optional<InputLine> line = reader.next()) {
        const std::size_t number = line->number;
        if (!line->cut && line->text.find_first_not_of(" \t\r") == std::string::npos) continue;
        if (keep && !keep(line->text, number)) continue;
        std::string error;
        std::optional<JudgeInput> input;
        if (line->cut) error = line_too_long_text(*line, MaxJsonlLine);
        else input = parse_judge_line(line->text, number, &error);
        JudgedRecord rec;
        if (input) {
            rec = judge.judge(*input);
        } else {
            rec.line = number;
            if (!line->cut) rec.id = parse_json_text(line->text).id;  // also from a bad line
            rec.error = error;
        }
        if (!rec.ok()) rec.error = "line " + std::to_string(number) + ": " + rec.error;
        out << judged_json(rec).dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
        out.flush();
        records.push_back(std::move(rec));
    }
    return records;
}

JudgeSummary summarize(const std::vector<JudgedRecord>& records, int resamples,
                       std::uint64_t seed) {
    JudgeSummary s;
    std::vector<PositionRecord> all;
    for (const auto& r : records) {
        if (!r.ok()) {
            ++s.skipped;
            continue;
        }
        ++s.records;
        all.push_back(judge_metrics_record(r));
        EventRecall e = event_recall(r);
        s.events.produced += e.produced;
        s.events.mentioned += e.mentioned;
    }
    s.overall = compute_metrics(all);
    s.overall_ci = bootstrap(all, resamples, seed);
    for (UnitType t : {UnitType::Descriptive, UnitType::Analytical, UnitType::Background}) {
        std::vector<PositionRecord> part;
        for (const auto& r : records)
            if (r.ok()) part.push_back(judge_metrics_record(r, t));
        s.types.push_back({t, compute_metrics(part), bootstrap(part, resamples, seed)});
    }
    return s;
}

json summary_json(const JudgeSummary& s) {
    json j = metrics_json(s.overall);
    j["bootstrap"] = bootstrap_json(s.overall_ci);
    j["records"] = s.records;
    j["skipped"] = s.skipped;
    json types = json::object();
    for (const auto& t : s.types) {
        json b = bootstrap_json(t.ci);
        types[unit_type_name(t.type)] = {{"atoms", t.metrics.atoms},
                                         {"verifiable_atoms", t.metrics.verifiable_atoms},
                                         {"correct_atoms", t.metrics.correct_atoms},
                                         {"precision", metrics_json(t.metrics)["precision"]},
                                         {"interval", b["precision"]}};
    }
    j["types"] = types;
    j["event_recall"] = {
        {"produced", s.events.produced},
        {"mentioned", s.events.mentioned},
        {"value", s.events.produced
                      ? json(std::round(10000.0 * s.events.mentioned / s.events.produced) / 10000)
                      : json(nullptr)}};
    return {{"summary", j}};
}

std::string summary_table(const JudgeSummary& s) {
    auto fmt = [](const std::optional<double>& v) {
        char buf[32];
        if (!v) return std::string("n/a");
        std::snprintf(buf, sizeof buf, "%.3f", *v);
        return std::string(buf);
    };
    auto ci = [&](const Interval& i) {
        if (!i.low) return std::string("n/a");
        return "[" + fmt(i.low) + ", " + fmt(i.high) + "]";
    };
    std::string out;
    auto row = [&](const std::string& name, const std::optional<double>& v,
                   const std::string& count, const Interval& i) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "%-28s %-7s %-13s %s\n", name.c_str(), fmt(v).c_str(),
                      count.c_str(), ci(i).c_str());
        out += buf;
    };
    auto frac = [](int a, int b) { return std::to_string(a) + "/" + std::to_string(b); };
    const Metrics& m = s.overall;
    const BootstrapResult& b = s.overall_ci;
    char head[200];
    std::snprintf(head, sizeof head,
                  "records %d (skipped %d); 95%% intervals: %d resamples clustered by position, "
                  "seed %llu\n",
                  s.records, s.skipped, b.resamples, static_cast<unsigned long long>(b.seed));
    out += head;
    std::snprintf(head, sizeof head, "%-28s %-7s %-13s %s\n", "metric", "value", "count", "95% CI");
    out += head;
    row("factual precision", m.precision, frac(m.correct_atoms, m.verifiable_atoms), b.precision);
    row("sub-claim error rate", m.error_rate, frac(m.failed_subclaims, m.verifiable_subclaims),
        b.error_rate);
    row("atomic recall", m.recall, frac(m.gold_matched, m.gold_atoms), b.recall);
    row("move-quality F1", m.f1,
        "tp" + std::to_string(m.tp) + " fp" + std::to_string(m.fp) + " fn" + std::to_string(m.fn),
        b.f1);
    row("  quality precision", m.quality_precision, frac(m.tp, m.tp + m.fp), b.quality_precision);
    row("  quality recall", m.quality_recall, frac(m.tp, m.tp + m.fn), b.quality_recall);
    for (const auto& t : s.types)
        row(std::string("precision, ") + unit_type_name(t.type), t.metrics.precision,
            frac(t.metrics.correct_atoms, t.metrics.verifiable_atoms), t.ci.precision);
    row("event recall, descriptive",
        s.events.produced ? std::optional<double>(double(s.events.mentioned) / s.events.produced)
                          : std::nullopt,
        frac(s.events.mentioned, s.events.produced), Interval{});
    return out;
}

}  // namespace glossfish::verifier
