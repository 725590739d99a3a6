// The commentary judge (judge.h): decomposition into atoms, their verification, gold matching
// and the stance on the move.
#include "judge/judge.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <set>

#include "io/text.h"
#include "judge/background.h"
#include "judge/judge_text.h"
#include "reader/commentary_reader.h"
#include "rules/notation.h"
#include "tools/board_tools.h"
#include "tools/tool_suite.h"

namespace glossfish::verifier {

using judge_detail::outcome_of;
using nlohmann::json;

namespace {

// The move text as SAN from pos, or the text itself when it does not parse.
std::string san_of(const Position& pos, std::string_view text) {
    MoveParse m = parse_move_text(pos, text);
    return m.ok() ? move_to_san(pos, m.move) : std::string(text);
}

// The claim with its moves (and a "move" argument) spelled in SAN, for comparing claims.
std::string canonical_claim(const Position& before, const SubClaim& c) {
    SubClaim k = c;
    const MoveTextLine line = read_move_line(before, k.moves);
    std::copy(line.sans.begin(), line.sans.end(), k.moves.begin());
    if (line.ok() && k.args.contains("move") && k.args["move"].is_string()) {
        Position pos = before;
        for (Move m : line.moves) pos.do_move(m);
        k.args["move"] = san_of(pos, k.args["move"].get<std::string>());
    }
    return sub_claim_json(k).dump();
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
    static const std::set<std::string, std::less<>> cats = {
        "board_comprehension", "legality", "quality_evaluation", "tactical_reasoning", "other"};
    // The prompt asks for three of the verdicts (partly_verified comes from the sub-claims).
    if (!a.is_object() || !a.contains("verdict") || !a["verdict"].is_string() ||
        parse_verdict(a["verdict"].get<std::string>()).value_or(Verdict::PartlyVerified) ==
            Verdict::PartlyVerified)
        return "\"verdict\" must be \"correct\", \"incorrect\" or \"unverifiable\"";
    if (a.contains("subclaims") && !a["subclaims"].is_null()) {
        if (!a["subclaims"].is_array()) return "\"subclaims\" must be an array";
        for (std::size_t i = 0; i < a["subclaims"].size(); ++i) {
            const json& s = a["subclaims"][i];
            const std::string at = "subclaims[" + std::to_string(i) + "]";
            if (!s.is_object() || !s.contains("verdict") || !s["verdict"].is_string() ||
                !parse_truth(s["verdict"].get<std::string>()))
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

std::string numbered_sentences(const std::vector<std::string>& sentences) {
    std::string out;
    for (std::size_t i = 0; i < sentences.size(); ++i)
        out += (i ? "\n[" : "[") + std::to_string(i + 1) + "] " + sentences[i];
    return out;
}

Judge::Judge(const ToolSuite& tools, const LlmClient* client, const PromptLibrary* prompts,
             JudgeOptions options)
    : tools_(tools), client_(client), prompts_(prompts), options_(options) {}

std::vector<JudgedAtom> Judge::decompose(const CallContext& call, const Position& before,
                                         const std::string& move_san, const std::string& commentary,
                                         JudgedRecord& rec) const {
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
            if (!a.context.empty() &&
                strip_move_marks(a.context.front()) == strip_move_marks(move_san))
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
                               req, call);
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

void Judge::verify(const CallContext& call, const Position& before, const std::string& move_san,
                   JudgedAtom& atom, JudgedRecord& rec) const {
    if (!atom.claims.empty()) {
        ClaimVerifier verifier(tools_, options_.verify);
        AtomVerdict v = verifier.verify(before, Atom{atom.text, atom.claims});
        atom.outcome = {v.verifiable, v.failed, v.unverified};
        atom.detail = verdict_json(v);
        atom.verdict = atom.outcome.verdict();
        return;
    }
    if (atom.type == UnitType::Background) {
        MoveParse mp = parse_move_text(before, move_san);
        if (!mp.ok()) return;  // judge() parsed it already
        BackgroundCheck c = check_background(before, mp.move, atom.text);
        atom.outcome = c.holds ? AtomOutcome{1, *c.holds ? 0 : 1, 0} : AtomOutcome{0, 0, 1};
        atom.verdict = atom.outcome.verdict();
        atom.detail = {{"background", background_json(c)}};
        return;
    }
    if (atom.method != "llm") {  // the reader found nothing to check
        atom.verdict = Verdict::Unverifiable;
        return;
    }
    if (!llm()) {
        atom.error = NoLlmEndpointMessage;
        atom.verdict = Verdict::Unverifiable;
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
        req, call);
    rec.requests += r.requests;
    if (!r.ok) {
        atom.error =
            std::string("verification failed (") + llm_error_kind_name(r.kind) + "): " + r.error;
        atom.verdict = Verdict::Unverifiable;
        return;
    }
    const json& a = r.answer;
    AtomOutcome o;
    if (a.contains("subclaims") && a["subclaims"].is_array() && !a["subclaims"].empty()) {
        for (const auto& s : a["subclaims"]) {
            const Truth t = *parse_truth(s["verdict"].get<std::string>());  // checked
            if (t != Truth::Unverifiable) ++o.verifiable;
            else ++o.unverified;
            if (t == Truth::False) ++o.failed;
        }
    } else {
        o = outcome_of(*parse_verdict(a["verdict"].get<std::string>()));  // checked
    }
    atom.outcome = o;
    atom.verdict = o.verdict();
    atom.detail = a;
    json calls = json::array();
    for (const auto& c : r.tool_calls)
        calls.push_back({{"name", c.name}, {"arguments", c.arguments}, {"error", c.error}});
    atom.detail["tool_calls"] = calls;
    if (verdict_name(atom.verdict) != a["verdict"].get<std::string>())
        rec.warnings.push_back("atom '" + atom.text + "': the judge said " +
                               a["verdict"].get<std::string>() + " but its sub-claims make it " +
                               verdict_name(atom.verdict));
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

void Judge::match_gold(const CallContext& call, const Position& before, JudgedRecord& rec) const {
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
                                   req, call);
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

void Judge::extract_stance(const CallContext& call, const Position& before,
                           const std::optional<Stance>& given, JudgedRecord& rec) const {
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
            {{"fen", before.fen()}, {"move", rec.move}, {"commentary", rec.commentary}}, req, call);
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

JudgedRecord Judge::judge(const JudgeInput& input, const CallContext& context) const {
    // This record's requests within a deadline that starts now, unless the caller's is sooner.
    CallContext call = context;
    if (options_.record_deadline_s > 0) {
        CallContext record = CallContext::within(options_.record_deadline_s, "this record");
        if (!call.deadline || *record.deadline < *call.deadline) {
            call.deadline = record.deadline;
            call.deadline_s = record.deadline_s;
            call.deadline_scope = record.deadline_scope;
        }
    }
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
        rec.error = "move " + mp.named(input.move);
        return rec;
    }
    rec.fen = before.fen();
    rec.move = move_to_san(before, mp.move);
    rec.events = move_events(before, mp.move);
    if (options_.gold_atoms) {
        rec.gold = options_.gold_atoms(before, mp.move);
        rec.gold_source = options_.gold_source;
    }
    if (input.reference) {
        rec.reference = input.reference;
        rec.reference_events = reference_events(before, rec.move, *input.reference);
    }
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
        rec.atoms = decompose(call, before, rec.move, input.commentary, rec);
        if (!rec.ok()) return rec;
    }
    for (JudgedAtom& a : rec.atoms) {
        verify(call, before, rec.move, a, rec);
        score_events(a, rec.events);
    }
    ClaimVerifier verifier(tools_, options_.verify);
    ClaimsDoc label_doc;
    label_doc.move = move_to_uci(before, mp.move);
    label_doc.stance = Stance::Inconclusive;  // not used; avoids deriving one
    PositionVerdict label_verdict = verifier.verify(before, label_doc);
    rec.engine_label = label_verdict.engine_label;
    rec.scheme = options_.verify.scheme;
    rec.engine_reasons = std::move(label_verdict.engine_reasons);
    match_gold(call, before, rec);
    extract_stance(call, before, input.claims ? input.claims->stance : std::nullopt, rec);
    if (options_.chains) rec.chains = chains(call, before, rec);
    return rec;
}

}  // namespace glossfish::verifier
