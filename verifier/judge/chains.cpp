// Reasoning chains (chains.h): the rules' and the model's propositions and edges of a judged
// record's analytical units, their verdicts, the depth, and the summary over records.
#include "judge/chains.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <random>
#include <set>

#include "io/text.h"
#include "judge/judge.h"
#include "reader/commentary_reader.h"
#include "rules/notation.h"
#include "tools/tool_suite.h"

namespace glossfish::verifier {

using nlohmann::json;

namespace {

// The words of text split at spaces, with edge punctuation (and a full stop after a word)
// removed.
std::vector<std::string> tokens_of(std::string_view text) {
    std::vector<std::string> out;
    std::string cur;
    auto flush = [&] {
        while (!cur.empty() && std::string_view(",;:()\"").find(cur.back()) != std::string::npos)
            cur.pop_back();
        while (!cur.empty() && std::string_view(",;:()\"").find(cur.front()) != std::string::npos)
            cur.erase(cur.begin());
        // A full stop after a move ("... plays Nf3."), not a move number's ("12.").
        if (cur.size() > 1 && cur.back() == '.' &&
            !std::isdigit(static_cast<unsigned char>(cur[0])))
            cur.pop_back();
        if (!cur.empty()) out.push_back(cur);
        cur.clear();
    };
    for (char c : text) {
        if (std::isspace(static_cast<unsigned char>(c))) flush();
        else cur += c;
    }
    flush();
    return out;
}

bool move_number(const std::string& t) {
    std::size_t i = 0;
    while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
    if (i == 0) return false;
    while (i < t.size() && t[i] == '.') ++i;
    return i == t.size() && t.back() == '.';
}

// An edge whose ends decide it: false when one of them does not hold, unverifiable when one is
// not verified (with the reason naming it). False when both ends are true: the edge itself must
// be checked.
bool decided_by_ends(Edge& e, const Proposition& s, const Proposition& t) {
    if (s.verdict == Truth::False || t.verdict == Truth::False) {
        e.verdict = Truth::False;
        e.reason = "proposition " + std::to_string(s.verdict == Truth::False ? s.id : t.id) +
                   " does not hold";
        return true;
    }
    if (s.verdict != Truth::True || t.verdict != Truth::True) {
        e.verdict = Truth::Unverifiable;
        e.reason = "proposition " + std::to_string(s.verdict != Truth::True ? s.id : t.id) +
                   " is unverified";
        return true;
    }
    return false;
}

// The played move and, after it, the moves of text when every word of it is a legal move from
// before (the played move may open the line or be left out), as SAN from before. Empty when
// text is not a move line; *illegal says when it looks like one that cannot be played.
std::vector<std::string> move_line(const Position& before, const std::string& played,
                                   std::string_view text, bool* illegal) {
    *illegal = false;
    std::vector<std::string> words;
    for (const auto& t : tokens_of(text)) {
        if (move_number(t)) continue;
        // "White plays Nxe5", "Black replies Nf6": the side and its verb before the moves.
        std::string w = lower(t);
        if (words.empty() && (w == "white" || w == "black" || w == "plays" || w == "play" ||
                              w == "played" || w == "replies" || w == "then"))
            continue;
        words.push_back(t);
    }
    if (words.empty() || words.size() > 16) return {};
    for (const auto& w : words)
        if (!move_shaped(w)) return {};
    Position pos = before;
    std::vector<std::string> line;
    MoveParse first = parse_move_text(pos, played);
    if (!first.ok()) return {};
    if (strip_move_marks(words[0]) != strip_move_marks(played)) {
        line.push_back(move_to_san(pos, first.move));
        pos.do_move(first.move);
    }
    MoveTextLine rest = read_move_line(pos, words);
    if (!rest.ok()) {
        *illegal = true;
        return {};
    }
    line.insert(line.end(), rest.sans.begin(), rest.sans.end());
    return line;
}

// The first word of text that is a legal move from before or, after the played move, from the
// position it leaves: the line (from before) that ends with it. Empty when none is.
std::vector<std::string> named_move(const Position& before, const std::string& played,
                                    std::string_view text) {
    MoveParse p = parse_move_text(before, played);
    if (!p.ok()) return {};
    Position after = before;
    after.do_move(p.move);
    for (const auto& t : tokens_of(text)) {
        if (!move_shaped(t) || move_number(t)) continue;
        if (strip_move_marks(t) == strip_move_marks(played)) return {move_to_san(before, p.move)};
        // A bare square ("the pawn on d6") names a square, not a pawn move.
        if (strip_move_marks(t).size() == 2 && t[0] >= 'a' && t[0] <= 'h') continue;
        if (MoveParse q = parse_move_text(after, t); q.ok())
            return {move_to_san(before, p.move), move_to_san(after, q.move)};
    }
    return {};
}

std::string joined(const std::vector<std::string>& moves) {
    std::string s;
    for (const auto& m : moves) s += (s.empty() ? "" : " ") + m;
    return s;
}

// A proposition read and verified by the rules: its truth, with a reason.
struct Reading {
    Truth verdict = Truth::Unverifiable;
    std::string reason;
    json claims;
};

Reading read_and_verify(const ToolSuite& tools, const VerifyOptions& vo, const Position& pos,
                        const std::string& move, const std::string& text) {
    Reading r;
    CommentaryReading reading = read_commentary(pos, move, text);
    std::vector<SubClaim> claims;
    std::string unread;
    for (const auto& s : reading.sentences) {
        claims.insert(claims.end(), s.claims.begin(), s.claims.end());
        if (!s.read() && unread.empty()) unread = s.unread_reason;
    }
    if (claims.empty()) {
        r.reason = "not read: " + (unread.empty() ? std::string("no claim recognised") : unread);
        return r;
    }
    r.claims = json::array();
    for (const auto& c : claims) r.claims.push_back(sub_claim_json(c));
    AtomVerdict v = ClaimVerifier(tools, vo).verify(pos, Atom{text, claims});
    if (!v.is_verifiable()) {
        r.reason = "its sub-claims cannot be checked";
        return r;
    }
    r.verdict = v.failed ? Truth::False : Truth::True;
    r.reason = std::to_string(v.verifiable - v.failed) + " of " + std::to_string(v.verifiable) +
               " sub-claims true";
    return r;
}

// The position after the moves (SAN from pos); empty when one does not parse.
std::optional<Position> play(Position pos, const std::vector<std::string>& moves) {
    for (const auto& m : moves) {
        MoveParse mp = parse_move_text(pos, m);
        if (!mp.ok()) return std::nullopt;
        pos.do_move(mp.move);
    }
    return pos;
}

// What the rules know about one proposition besides its verdict.
struct RulesProp {
    std::vector<std::string> line;   // its words as a move line, when they are one
    std::vector<std::string> named;  // the move it names (a line from before ending in it)
    std::vector<std::string> frame;  // the move line of its leading condition
};

}  // namespace

int ChainAnalysis::holding_propositions() const {
    return int(std::count_if(propositions.begin(), propositions.end(),
                             [](const Proposition& p) { return p.verdict == Truth::True; }));
}

int ChainAnalysis::holding_edges() const {
    return int(std::count_if(edges.begin(), edges.end(),
                             [](const Edge& e) { return e.verdict == Truth::True; }));
}

int chain_depth(int n, const std::vector<Edge>& edges) {
    if (n <= 0) return 0;
    std::vector<std::vector<int>> next(std::size_t(n) + 1);
    for (const auto& e : edges)
        if (e.verdict == Truth::True && e.source >= 1 && e.source <= n && e.target >= 1 &&
            e.target <= n && e.source != e.target)
            next[std::size_t(e.source)].push_back(e.target);
    // Longest simple path by depth-first search, bounded in steps (graphs here are small).
    int best = 0;
    long steps = 0;
    std::vector<char> on(std::size_t(n) + 1, 0);
    std::function<void(int, int)> walk = [&](int v, int len) {
        best = std::max(best, len);
        if (++steps > 200000) return;
        on[std::size_t(v)] = 1;
        for (int w : next[std::size_t(v)])
            if (!on[std::size_t(w)]) walk(w, len + 1);
        on[std::size_t(v)] = 0;
    };
    for (int v = 1; v <= n && steps <= 200000; ++v) walk(v, 0);
    return best;
}

ChainAnalysis Judge::chains_by_rules(const Position& before, const JudgedRecord& rec) const {
    ChainAnalysis c;
    std::vector<RulesProp> info;
    const std::string& move = rec.move;
    for (std::size_t u = 0; u < rec.atoms.size(); ++u) {
        const JudgedAtom& atom = rec.atoms[u];
        if (atom.type != UnitType::Analytical) continue;
        c.method = "rules";
        RelationReading rr = read_relations(atom.text);
        const int base = int(c.propositions.size());
        std::vector<std::string> inherited;  // the last move named so far in this unit
        for (const auto& seg : rr.segments) {
            Proposition p;
            p.id = int(c.propositions.size()) + 1;
            p.text = seg.text;
            p.unit = int(u) + 1;
            RulesProp ri;
            bool illegal = false;
            if (!seg.frame.empty()) {  // "after Nxe5", or "when White plays Nxe5"
                ri.frame = move_line(before, move, seg.frame, &illegal);
                if (ri.frame.empty()) ri.frame = named_move(before, move, seg.frame);
                illegal = false;
            }
            ri.line = move_line(before, move, seg.text, &illegal);
            ri.named = ri.line.empty() ? named_move(before, move, seg.text) : ri.line;
            if (!ri.line.empty()) {
                p.verdict = Truth::True;
                p.reason = "the moves " + joined(ri.line) + " are legal";
            } else if (illegal) {
                p.verdict = Truth::False;
                p.reason = "the moves cannot be played";
            } else {
                const std::string text =
                    ri.frame.empty() ? seg.text : "After " + joined(ri.frame) + ", " + seg.text;
                Reading r = read_and_verify(tools_, options_.verify, before, move, text);
                p.verdict = r.verdict;
                p.reason = r.reason;
                p.claims = r.claims;
            }
            if (ri.named.empty()) ri.named = !ri.frame.empty() ? ri.frame : inherited;
            if (!ri.named.empty()) inherited = ri.named;
            c.propositions.push_back(std::move(p));
            info.push_back(std::move(ri));
        }
        for (const auto& l : rr.links) {
            if (l.source < 0 && base == 0) continue;  // nothing before it
            Edge e;
            e.source = l.source < 0 ? base : base + l.source + 1;
            e.target = base + l.target + 1;
            e.relation = l.relation;
            e.connective = l.connective;
            c.edges.push_back(e);
        }
    }
    // The edges' verdicts.
    for (Edge& e : c.edges) {
        const Proposition& s = c.propositions[std::size_t(e.source - 1)];
        const Proposition& t = c.propositions[std::size_t(e.target - 1)];
        const RulesProp& si = info[std::size_t(e.source - 1)];
        if (decided_by_ends(e, s, t)) continue;
        if (e.relation == Relation::Contrast || e.relation == Relation::Elaboration) {
            e.verdict = Truth::Unverifiable;
            e.reason = std::string("a ") +
                       (e.relation == Relation::Contrast ? "contrast" : "elaboration") +
                       " cannot be checked on the board";
            continue;
        }
        const std::vector<std::string>& line = si.named;
        if (line.empty()) {
            e.verdict = Truth::Unverifiable;
            e.reason = "no move to check the relation on";
            continue;
        }
        if (e.relation == Relation::Reason) {
            // The reason must hold in the position where the source's move is played.
            std::vector<std::string> prefix(line.begin(), line.end() - 1);
            std::optional<Position> at = play(before, prefix);
            if (!at) {
                e.verdict = Truth::Unverifiable;
                e.reason = "the moves " + joined(prefix) + " cannot be played";
                continue;
            }
            Reading r = read_and_verify(tools_, options_.verify, *at, "", t.text);
            e.verdict = r.verdict;
            e.reason = r.verdict == Truth::True
                           ? "the reason holds where " + line.back() + " is played"
                       : r.verdict == Truth::False
                           ? "the reason does not hold where " + line.back() + " is played"
                           : "the reason cannot be read where " + line.back() + " is played (" +
                                 r.reason + ")";
            continue;
        }
        // Cause and condition: the consequence is true in the position after the move.
        Reading r = read_and_verify(tools_, options_.verify, before, move,
                                    "After " + joined(line) + ", " + t.text);
        e.verdict = r.verdict;
        e.reason =
            r.verdict == Truth::True ? "the consequence holds after " + joined(line)
            : r.verdict == Truth::False
                ? "the consequence does not hold after " + joined(line)
                : "the consequence cannot be read after " + joined(line) + " (" + r.reason + ")";
    }
    c.depth = chain_depth(int(c.propositions.size()), c.edges);
    return c;
}

namespace {

std::string check_propositions(const json& a, int units) {
    if (!a.is_object() || !a.contains("propositions") || !a["propositions"].is_array())
        return "the answer must be an object with a \"propositions\" array";
    if (a["propositions"].size() > 64) return "at most 64 propositions";
    for (std::size_t i = 0; i < a["propositions"].size(); ++i) {
        const json& p = a["propositions"][i];
        const std::string at = "propositions[" + std::to_string(i) + "]";
        if (!p.is_object() || !p.contains("text") || !p["text"].is_string() ||
            p["text"].get<std::string>().empty())
            return at + " must be an object with a non-empty \"text\" string";
        if (p.contains("unit") && !p["unit"].is_null() &&
            (!p["unit"].is_number_integer() || p["unit"].get<int>() < 1 ||
             p["unit"].get<int>() > units))
            return at + ".unit must be a unit number from 1 to " + std::to_string(units);
    }
    return {};
}

std::string check_edges(const json& a, int n) {
    if (!a.is_object() || !a.contains("edges") || !a["edges"].is_array())
        return "the answer must be an object with an \"edges\" array";
    if (a["edges"].size() > 128) return "at most 128 edges";
    for (std::size_t i = 0; i < a["edges"].size(); ++i) {
        const json& e = a["edges"][i];
        const std::string at = "edges[" + std::to_string(i) + "]";
        for (const char* k : {"source", "target"})
            if (!e.is_object() || !e.contains(k) || !e[k].is_number_integer() ||
                e[k].get<int>() < 1 || e[k].get<int>() > n)
                return at + "." + k + " must be a proposition number from 1 to " +
                       std::to_string(n);
        if (e["source"] == e["target"]) return at + " links a proposition to itself";
        if (!e.contains("relation") || !e["relation"].is_string() ||
            !parse_relation(e["relation"].get<std::string>()))
            return at + ".relation must be CAUSE, REASON, CONDITION, CONTRAST or ELABORATION";
    }
    return {};
}

// The audit prompt's words for an edge (prompts/chain_audit): holds (true), fails (false),
// unverifiable.
std::optional<Truth> audit_truth(const std::string& word) {
    if (word == "holds") return Truth::True;
    if (word == "fails") return Truth::False;
    if (word == "unverifiable") return Truth::Unverifiable;
    return std::nullopt;
}

std::string check_audit(const json& a) {
    if (!a.is_object() || !a.contains("verdict") || !a["verdict"].is_string() ||
        !audit_truth(a["verdict"].get<std::string>()))
        return "\"verdict\" must be \"holds\", \"fails\" or \"unverifiable\"";
    if (a.contains("reason") && !a["reason"].is_null() && !a["reason"].is_string())
        return "\"reason\" must be a string";
    return {};
}

}  // namespace

ChainAnalysis Judge::chains_by_llm(const CallContext& call, const Position& before,
                                   JudgedRecord& rec) const {
    ChainAnalysis c;
    std::vector<int> units;  // 1-based atom numbers of the analytical units
    std::string listed;
    for (std::size_t u = 0; u < rec.atoms.size(); ++u)
        if (rec.atoms[u].type == UnitType::Analytical) {
            units.push_back(int(u) + 1);
            listed += (listed.empty() ? "[" : "\n[") + std::to_string(units.size()) + "] " +
                      rec.atoms[u].text;
        }
    if (units.empty()) return c;
    c.method = "llm";
    const PromptValues base = {
        {"fen", before.fen()}, {"side", prompt_side(before.side_to_move())}, {"move", rec.move}};
    auto fail = [&](const char* step, const ChatResult& r) {
        rec.warnings.push_back(std::string("chain ") + step + " failed (" +
                               llm_error_kind_name(r.kind) + "): " + r.error +
                               "; the rules' chains are used");
        return chains_by_rules(before, rec);
    };
    ChatRequest preq;
    const int unit_count = int(units.size());
    preq.validate = [unit_count](const json& a) { return check_propositions(a, unit_count); };
    PromptValues pv = base;
    pv["units"] = listed;
    ChatResult pr = chat_prompt(*client_, *prompts_, "chain_propositions", pv, preq, call);
    rec.requests += pr.requests;
    if (!pr.ok) return fail("proposition extraction", pr);
    std::string numbered;
    for (const json& x : pr.answer["propositions"]) {
        Proposition p;
        p.id = int(c.propositions.size()) + 1;
        p.text = x["text"].get<std::string>();
        const int u =
            x.contains("unit") && x["unit"].is_number_integer() ? x["unit"].get<int>() : 0;
        p.unit = u >= 1 && u <= unit_count ? units[std::size_t(u - 1)] : 0;
        numbered += std::to_string(p.id) + ". " + p.text + "\n";
        c.propositions.push_back(std::move(p));
    }
    if (c.propositions.empty()) return c;
    const int n = int(c.propositions.size());
    ChatRequest ereq;
    ereq.validate = [n](const json& a) { return check_edges(a, n); };
    PromptValues ev = base;
    ev["propositions"] = numbered;
    ChatResult er = chat_prompt(*client_, *prompts_, "chain_edges", ev, ereq, call);
    rec.requests += er.requests;
    if (!er.ok) return fail("edge extraction", er);
    std::set<std::pair<int, int>> seen;
    for (const json& x : er.answer["edges"]) {
        Edge e;
        e.source = x["source"].get<int>();
        e.target = x["target"].get<int>();
        e.relation = *parse_relation(x["relation"].get<std::string>());
        if (!seen.insert({e.source, e.target}).second) continue;
        c.edges.push_back(e);
    }
    // Propositions: the reader's sub-claims when it reads them, else the tool-calling judge.
    for (Proposition& p : c.propositions) {
        JudgedAtom a;
        a.text = p.text;
        a.method = "llm";
        CommentaryReading reading = read_commentary(before, rec.move, p.text);
        for (const auto& s : reading.sentences)
            a.claims.insert(a.claims.end(), s.claims.begin(), s.claims.end());
        if (!a.claims.empty()) {
            p.claims = json::array();
            for (const auto& s : a.claims) p.claims.push_back(sub_claim_json(s));
        }
        verify(call, before, rec.move, a, rec);
        p.verdict = a.verdict == Verdict::Correct     ? Truth::True
                    : a.verdict == Verdict::Incorrect ? Truth::False
                                                      : Truth::Unverifiable;
        p.reason = !a.claims.empty() ? "checked by the rules' sub-claims"
                   : a.error.empty() ? "checked by the tool-calling judge"
                                     : a.error;
    }
    // Edges: decided by their ends, else audited with the tools.
    for (Edge& e : c.edges) {
        const Proposition& s = c.propositions[std::size_t(e.source - 1)];
        const Proposition& t = c.propositions[std::size_t(e.target - 1)];
        if (decided_by_ends(e, s, t)) continue;
        ChatRequest areq;
        areq.tools = &tools_;
        areq.require_tool_use = true;
        areq.validate = check_audit;
        PromptValues av = base;
        av["source"] = s.text;
        av["target"] = t.text;
        av["relation"] = relation_name(e.relation);
        ChatResult ar = chat_prompt(*client_, *prompts_, "chain_audit", av, areq, call);
        rec.requests += ar.requests;
        if (!ar.ok) {
            e.verdict = Truth::Unverifiable;
            e.reason =
                std::string("the audit failed (") + llm_error_kind_name(ar.kind) + "): " + ar.error;
            continue;
        }
        const std::string v = ar.answer["verdict"].get<std::string>();
        e.verdict = *audit_truth(v);  // checked
        e.reason = ar.answer.contains("reason") && ar.answer["reason"].is_string()
                       ? ar.answer["reason"].get<std::string>()
                       : std::string();
        if (e.reason.empty()) e.reason = "the audit says " + v;
    }
    c.depth = chain_depth(n, c.edges);
    return c;
}

ChainAnalysis Judge::chains(const CallContext& call, const Position& before,
                            JudgedRecord& rec) const {
    if (options_.decomposer == Decomposer::Llm && llm()) return chains_by_llm(call, before, rec);
    return chains_by_rules(before, rec);
}

void put_chain_json(const ChainAnalysis& c, json& record) {
    json props = json::array();
    for (const auto& p : c.propositions) {
        json j = {{"id", p.id},
                  {"text", p.text},
                  {"verdict", truth_name(p.verdict)},
                  {"unit", p.unit ? json(p.unit) : json(nullptr)},
                  {"reason", p.reason}};
        if (!p.claims.is_null()) j["claims"] = p.claims;
        props.push_back(std::move(j));
    }
    json edges = json::array();
    for (const auto& e : c.edges) {
        json j = {{"source", e.source},
                  {"target", e.target},
                  {"relation", relation_name(e.relation)},
                  {"verdict", truth_name(e.verdict)},
                  {"reason", e.reason}};
        if (!e.connective.empty()) j["connective"] = e.connective;
        edges.push_back(std::move(j));
    }
    record["propositions"] = props;
    record["edges"] = edges;
    record["depth"] = c.depth;
    record["chain_method"] = c.method.empty() ? json(nullptr) : json(c.method);
}

bool read_chain_json(const json& record, ChainAnalysis& c, std::string* why) {
    c = {};
    auto props = record.find("propositions");
    auto edges = record.find("edges");
    auto depth = record.find("depth");
    if (props == record.end() && edges == record.end() && depth == record.end()) return true;
    // A truth's name; "unverified" is how files written before the one vocabulary say
    // unverifiable.
    auto verdict = [](const json& x) -> std::optional<Truth> {
        auto v = x.find("verdict");
        if (v == x.end() || !v->is_string()) return std::nullopt;
        if (*v == "unverified") return Truth::Unverifiable;
        return parse_truth(v->get<std::string>());
    };
    if (props == record.end() || !props->is_array() || edges == record.end() ||
        !edges->is_array() || depth == record.end() || !depth->is_number_integer() ||
        depth->get<std::int64_t>() < 0) {
        *why = "bad \"propositions\", \"edges\" or \"depth\"";
        return false;
    }
    for (const json& p : *props) {
        if (!p.is_object() || !verdict(p)) {
            *why = "bad proposition";
            return false;
        }
        Proposition x;
        x.id = int(c.propositions.size()) + 1;
        x.verdict = *verdict(p);
        c.propositions.push_back(std::move(x));
    }
    for (const json& e : *edges) {
        if (!e.is_object() || !verdict(e)) {
            *why = "bad edge";
            return false;
        }
        Edge x;
        x.verdict = *verdict(e);
        c.edges.push_back(std::move(x));
    }
    c.depth = int(std::min<std::int64_t>(depth->get<std::int64_t>(), 1 << 20));
    auto method = record.find("chain_method");
    if (method != record.end() && method->is_string()) c.method = method->get<std::string>();
    return true;
}

namespace {

struct ChainCounts {
    int records = 0, props = 0, holding_props = 0, edges = 0, holding_edges = 0;
    long depth_sum = 0;
    int max_depth = 0;
    int normalized_records = 0;
    double normalized_sum = 0;
};

ChainCounts count(const std::vector<const ChainAnalysis*>& rs,
                  const std::vector<std::size_t>& pick) {
    ChainCounts k;
    for (std::size_t i : pick) {
        const ChainAnalysis& c = *rs[i];
        ++k.records;
        k.props += int(c.propositions.size());
        k.holding_props += c.holding_propositions();
        k.edges += int(c.edges.size());
        k.holding_edges += c.holding_edges();
        k.depth_sum += c.depth;
        k.max_depth = std::max(k.max_depth, c.depth);
        if (std::optional<double> n = normalized_depth(c)) {
            ++k.normalized_records;
            k.normalized_sum += *n;
        }
    }
    return k;
}

Interval quantiles(std::vector<double> v, double level) {
    Interval out;
    out.defined = int(v.size());
    if (v.empty()) return out;
    std::sort(v.begin(), v.end());
    auto at = [&](double q) {
        const double pos = q * double(v.size() - 1);
        const std::size_t lo = std::size_t(std::floor(pos));
        const std::size_t hi = std::min(v.size() - 1, lo + 1);
        return v[lo] + (v[hi] - v[lo]) * (pos - double(lo));
    };
    out.low = at((1 - level) / 2);
    out.high = at(1 - (1 - level) / 2);
    return out;
}

json round4(const std::optional<double>& v) {
    return v ? json(std::round(*v * 10000) / 10000) : json(nullptr);
}

json interval_json(const Interval& i) {
    if (!i.low) return nullptr;
    return json::array({std::round(*i.low * 10000) / 10000, std::round(*i.high * 10000) / 10000});
}

}  // namespace

std::optional<double> normalized_depth(const ChainAnalysis& c) {
    if (c.propositions.size() < 2) return std::nullopt;
    return std::min(1.0, double(c.depth) / double(c.propositions.size() - 1));
}

ChainSummary summarize_chains(const std::vector<const ChainAnalysis*>& all, int resamples,
                              std::uint64_t seed, double level) {
    std::vector<const ChainAnalysis*> rs;
    for (const auto* c : all)
        if (c && !c->propositions.empty()) rs.push_back(c);
    ChainSummary s;
    std::vector<std::size_t> every(rs.size());
    for (std::size_t i = 0; i < rs.size(); ++i) every[i] = i;
    const ChainCounts k = count(rs, every);
    s.records = k.records;
    s.propositions = k.props;
    s.holding_propositions = k.holding_props;
    s.edges = k.edges;
    s.holding_edges = k.holding_edges;
    for (const auto* c : rs) {
        for (const auto& p : c->propositions)
            s.unverified_propositions += p.verdict == Truth::Unverifiable;
        for (const auto& e : c->edges) s.unverified_edges += e.verdict == Truth::Unverifiable;
    }
    if (k.props) s.proposition_faithfulness = double(k.holding_props) / k.props;
    if (k.edges) s.edge_faithfulness = double(k.holding_edges) / k.edges;
    if (k.props + k.edges)
        s.faithfulness = double(k.holding_props + k.holding_edges) / (k.props + k.edges);
    if (k.records) s.mean_depth = double(k.depth_sum) / k.records;
    s.max_depth = k.max_depth;
    s.normalized_records = k.normalized_records;
    if (k.normalized_records) s.normalized_depth = k.normalized_sum / k.normalized_records;
    if (rs.empty() || resamples < 1) return s;
    std::mt19937_64 engine(seed);
    std::vector<double> pf, ef, cf, md, mx, nd;
    std::vector<std::size_t> pick(rs.size());
    for (int b = 0; b < resamples; ++b) {
        for (auto& p : pick) p = std::size_t(engine() % rs.size());
        const ChainCounts d = count(rs, pick);
        if (d.props) pf.push_back(double(d.holding_props) / d.props);
        if (d.edges) ef.push_back(double(d.holding_edges) / d.edges);
        if (d.props + d.edges)
            cf.push_back(double(d.holding_props + d.holding_edges) / (d.props + d.edges));
        if (d.normalized_records) nd.push_back(d.normalized_sum / d.normalized_records);
        md.push_back(double(d.depth_sum) / d.records);
        mx.push_back(d.max_depth);
    }
    s.proposition_ci = quantiles(std::move(pf), level);
    s.edge_ci = quantiles(std::move(ef), level);
    s.faithfulness_ci = quantiles(std::move(cf), level);
    s.normalized_depth_ci = quantiles(std::move(nd), level);
    s.mean_depth_ci = quantiles(std::move(md), level);
    s.max_depth_ci = quantiles(std::move(mx), level);
    return s;
}

json chain_summary_json(const ChainSummary& s) {
    return {{"records", s.records},
            {"propositions", s.propositions},
            {"holding_propositions", s.holding_propositions},
            {"unverified_propositions", s.unverified_propositions},
            {"proposition_faithfulness", round4(s.proposition_faithfulness)},
            {"proposition_interval", interval_json(s.proposition_ci)},
            {"edges", s.edges},
            {"holding_edges", s.holding_edges},
            {"unverified_edges", s.unverified_edges},
            {"edge_faithfulness", round4(s.edge_faithfulness)},
            {"edge_interval", interval_json(s.edge_ci)},
            {"faithfulness", round4(s.faithfulness)},
            {"faithfulness_interval", interval_json(s.faithfulness_ci)},
            {"mean_depth", round4(s.mean_depth)},
            {"mean_depth_interval", interval_json(s.mean_depth_ci)},
            {"max_depth", s.max_depth},
            {"max_depth_interval", interval_json(s.max_depth_ci)},
            {"normalized_records", s.normalized_records},
            {"normalized_depth", round4(s.normalized_depth)},
            {"normalized_depth_interval", interval_json(s.normalized_depth_ci)}};
}

}  // namespace glossfish::verifier
