// The split of a sentence into clauses, each read by the predicate families in turn, and
// the whole-clause forms ("there is", "nothing defends", "... each").
#include <algorithm>

#include "reader/reader_sentence.h"
#include "rules/notation.h"
#include "rules/structure.h"
#include "tools/board_tools.h"
#include "tools/tool_json.h"

namespace glossfish::verifier {

using nlohmann::json;

// Whether a new clause with its own subject starts at words_[k] ("... and the bishop on c4
// is hanging"): a subject followed by a verb or an auxiliary.
bool SentenceReader::starts_clause(std::size_t k) const {
    static const std::vector<std::string> verbs = {
        "is",    "was",     "has",      "have",     "attacks",   "defends", "protects", "pins",
        "gives", "takes",   "captures", "wins",     "threatens", "can",     "cannot",   "hangs",
        "does",  "doesn't", "isn't",    "controls", "mates",     "checks",  "forks",    "opens",
        "will",  "would",   "must",     "should",   "guards",    "covers",  "are",      "leaves",
        "eyes",  "hits",    "targets",  "forces",   "stands",    "sits",    "goes"};
    auto is_verb = [&](std::size_t n) {
        return n < words_.size() &&
               std::find(verbs.begin(), verbs.end(), words_[n].low) != verbs.end();
    };
    std::size_t n = k;
    if (n < words_.size() && color_word_of(words_[n].low)) return is_verb(n + 1) || is_verb(n + 2);
    // The subject ends at a comma or a conjunction: "and h8, but the rook is ..." has none.
    while (n < words_.size() && n < k + 6 && !is_verb(n)) {
        const std::string& w = words_[n].low;
        if (n > k && (w == "and" || w == "but" || w == "while" || w == "because")) return false;
        if (words_[n].comma) return false;
        ++n;
    }
    return n > k && is_verb(n);
}

// Whether the words [a, b) hold a verb whose object may be a list of pieces ("forks the king
// on g7 and the rook on a7", "attacks the queen on d8 and the rook on a8"): an "and" with a
// piece on a square after it continues that list, not a new elliptic placement.
bool SentenceReader::takes_pieces(std::size_t a, std::size_t b) const {
    static const std::vector<std::string> verbs = {
        "attacks", "attack", "forks",   "fork",   "hits",     "targets",  "eyes",
        "pins",    "pin",    "skewers", "skewer", "defends",  "protects", "guards",
        "covers",  "wins",   "win",     "takes",  "captures", "threatens"};
    for (std::size_t n = a; n < b && n < words_.size(); ++n)
        if (std::find(verbs.begin(), verbs.end(), words_[n].low) != verbs.end()) return true;
    return false;
}

// Whether words_[k] starts an elliptic placement: a piece on a square and nothing else up to
// the end, a comma or "and" ("... and the black king on e8").
bool SentenceReader::elliptic_placement(std::size_t k) const {
    static const std::vector<std::string> lead = {"the", "his", "her", "its", "their"};
    std::size_t n = k;
    while (n < words_.size() && (std::find(lead.begin(), lead.end(), words_[n].low) != lead.end() ||
                                 color_word_of(words_[n].low)))
        ++n;
    if (n == k && !(n < words_.size() && piece_word(words_[n].low))) return false;
    if (n < words_.size() && piece_word(words_[n].low)) ++n;
    if (n + 1 >= words_.size() || words_[n].low != "on" ||
        parse_square(words_[n + 1].low) == NoSquare)
        return false;
    n += 2;
    return n == words_.size() || words_[n - 1].comma || words_[n].low == "and";
}

// Splits the verb phrases at "and"/"but"/"while"/"because" (and at a colon-led "it"), reading
// each clause with the subject it names or the one before.
void SentenceReader::clauses(std::size_t i) {
    Subject cur;
    bool have = false;
    std::size_t start = i;
    for (std::size_t k = i; k <= words_.size(); ++k) {
        bool split = k == words_.size();
        // "...a dual threat: it attacks ..." — a colon or semicolon before "it"/"this".
        if (!split && k > start && words_[k - 1].comma &&
            (words_[k].low == "it" || words_[k].low == "this")) {
            read_clause(start, k, cur, have);
            start = k;
            continue;
        }
        bool skip_word = true;
        if (!split) {
            const std::string& w = words_[k].low;
            split = (w == "and" || w == "but" || w == "while" || w == "which" || w == "so" ||
                     w == "because" || w == "since" || w == "whereas" || w == "although" ||
                     w == "yet") &&
                    k > start;
            // "the king and the rook", "two knights and a bishop", "Bc7+ and Be7+" stay in
            // their clause, unless a new clause starts ("and the bishop on c4 is hanging", "and
            // the black king on e8").
            if (split && w == "and" && file_prefix_word(words_[k - 1].low)) split = false;
            if (split && w == "and" && k + 1 < words_.size()) {
                const std::string& n = words_[k + 1].low;
                if (n == "the" || n == "a" || n == "an" || piece_word(n) || pieces_word(n) ||
                    number_word(n) || parse_square(n) != NoSquare || move_shaped(words_[k + 1].raw))
                    split = (!words_[k - 1].comma || !move_shaped(words_[k + 1].raw)) &&
                            (starts_clause(k + 1) ||
                             (elliptic_placement(k + 1) && !takes_pieces(start, k)));
            }
            // "..., White is up a pawn": a comma before a new subject and verb.
            if (!split && k > start && words_[k - 1].comma && w != "and" && starts_clause(k)) {
                split = true;
                skip_word = false;
            }
        }
        if (!split) continue;
        read_clause(start, k, cur, have);
        start = skip_word ? k + 1 : k;
    }
}

// The words [a, b) as written.
std::string SentenceReader::text_of(std::size_t a, std::size_t b) const {
    std::string text;
    for (std::size_t n = a; n < b && n < words_.size(); ++n)
        text += (text.empty() ? "" : " ") + words_[n].raw;
    return text;
}

// Reads one clause; its claims are kept, or dropped and the clause reported with its reason.
// A clause not understood whose head, up to a comma, is ("Black's queen is on a1, far away
// from ...") keeps that head and reports the rest.
void SentenceReader::read_clause(std::size_t start, std::size_t end, Subject& cur, bool& have) {
    if (start >= end) return;
    const Subject before = cur;
    const bool had = have;
    const std::size_t mark = claims_.size();
    if (read_clause_once(start, end, cur, have)) return;
    for (std::size_t c = start; c + 1 < end; ++c) {
        if (!words_[c].comma) continue;
        cur = before;
        have = had;
        claims_.resize(mark);
        out_.unread_clauses.pop_back();
        if (read_clause_once(start, c + 1, cur, have)) {
            const std::string rest = text_of(c + 1, end);
            out_.unread_clauses.push_back({rest, "clause not understood: \"" + rest + "\""});
            return;
        }
        out_.unread_clauses.pop_back();
        claims_.resize(mark);
        cur = before;
        have = had;
        read_clause_once(start, end, cur, have);  // reports the whole clause again
        return;
    }
}

// Reads one clause once; true when it was read (its claims kept), else it is reported.
bool SentenceReader::read_clause_once(std::size_t start, std::size_t end, Subject& cur,
                                      bool& have) {
    in_clause_ = true;
    clause_reason_.clear();
    only_ = false;
    pending_.clear();
    const std::size_t mark = claims_.size();
    const Subject previous = cur;
    const bool continued = have;
    std::size_t b = start;
    bool ok = false;
    // A conjunction that opens the sentence: "Although Black is ahead in material, ...".
    if (b + 1 < end &&
        (words_[b].low == "although" || words_[b].low == "though" || words_[b].low == "while" ||
         words_[b].low == "whereas" || words_[b].low == "since" || words_[b].low == "because"))
        ++b;
    if (words_[b].low == "only" && b + 1 < end && !move_shaped(words_[b + 1].raw)) {
        only_ = true;
        ++b;
    }
    if (!have && b == start && words_[b].low == "it" && carried_ && carried_context_ == ctx_ &&
        !(b + 1 < end && piece_word(words_[b + 1].low))) {
        cur = *carried_;
        have = true;
        ++b;
    } else if (have && (words_[b].low == "it" || words_[b].low == "this") &&
               !(b + 1 < end && piece_word(words_[b + 1].low))) {
        ++b;
    } else if (!have && b == start && only_move_sentence(b, end)) {
        ok = true;
    } else if (b == start &&
               (there_clause(b, end) || nothing_clause(b, end) || each_clause(b, end))) {
        ok = true;
    } else {
        Subject s;
        std::size_t j = b;
        if (subject(j, s)) {
            cur = s;
            have = true;
            b = j;
            // "Bc7+ and Be7+ both give check": moves that share the verb.
            while (cur.kind == Subject::MoveSubject && b + 1 < end &&
                   (words_[b].low == "and" || words_[b - 1].comma)) {
                std::size_t q = words_[b].low == "and" ? b + 1 : b;
                Subject more;
                if (!move_subject(q, more)) break;
                pending_.push_back(cur);
                cur = more;
                b = q;
            }
        } else if (!have && clause_reason_.empty()) {
            // A bare verdict on the commented move: "A blunder." "Excellent move!"
            if (played_ && quality(b, end, played_subject(), false)) ok = true;
            else unread("no subject recognised (a move, a piece or a side)");
        }
    }
    if (!ok && clause_reason_.empty() && have) {
        if (b >= end) {
            if (continued && cur.kind == Subject::PieceSubject && !cur.implicit.empty()) {
                // "... and the black king on e8".
                add_implicit(cur.implicit);
                ok = true;
            } else {
                unread("a subject without a verb");
            }
        } else if (continued && cur.kind == Subject::SideSubject && !cur.both &&
                   previous.kind == Subject::PieceSubject && previous.piece != NoPieceType &&
                   b + 2 == end && words_[b].low == "on" &&
                   parse_square(words_[b + 1].low) != NoSquare) {
            // "White's king is on f2 and Black's on f7".
            add(make_claim("occupies",
                           {{"square", square_name(parse_square(words_[b + 1].low))},
                            {"piece", piece_type_word(previous.piece)},
                            {"color", color_word(cur.color)}},
                           ctx_));
            ok = true;
        } else if (filler(b, end)) {
            ok = true;
        } else {
            // The subjects listed before this one share its verb ("both give check").
            const bool shared = !pending_.empty() && cur.kind == Subject::MoveSubject;
            if (shared && b + 1 < end && (words_[b].low == "both" || words_[b].low == "all")) ++b;
            ok = clause(b, end, cur);
            if (ok && clause_reason_.empty() && shared)
                for (const Subject& p : pending_) ok = ok && clause(b, end, p);
            if (shared) pending_.clear();
        }
    }
    if (!ok || !clause_reason_.empty()) {
        claims_.resize(mark);
        std::string text = text_of(start, end);
        out_.unread_clauses.push_back({text, clause_reason_.empty()
                                                 ? "clause not understood: \"" + text + "\""
                                                 : clause_reason_});
        in_clause_ = false;
        return false;
    }
    if (cur.kind == Subject::PieceSubject && cur.error.empty()) last_subject_ = cur;
    if (claims_.size() > mark)
        out_.read_clauses.push_back(
            {text_of(start, end),
             std::vector<SubClaim>(claims_.begin() + long(mark), claims_.end())});
    in_clause_ = false;
    return true;
}

// Announcements that carry no checkable fact by themselves: "creates a dual threat".
bool SentenceReader::filler(std::size_t i, std::size_t end) const {
    if (end - i < 2 || end - i > 4) return false;
    const std::string& v = words_[i].low;
    if (v != "creates" && v != "sets" && v != "poses" && v != "makes") return false;
    const std::string& last = words_[end - 1].low;
    return last == "threat" || last == "threats" || last == "problems";
}

// One clause words_[i, end) about subject s: the families in turn.
bool SentenceReader::clause(std::size_t i, std::size_t end, const Subject& s) {
    bool neg = false;
    const std::size_t first = i;
    modifiers(i, end, neg);
    must_ = false;
    for (std::size_t n = first; n < i; ++n) must_ = must_ || words_[n].low == "must";
    // "Material is even": the adverb list took the word.
    if (i >= end && s.kind == Subject::MaterialSubject && words_[end - 1].low == "even")
        return level_clause(end - 1, end, neg);
    if (i >= end) return false;
    if (s.kind == Subject::FileSubject) return file_clause(i, end, s, neg);
    if (s.kind == Subject::MaterialSubject) return level_clause(i, end, neg);
    if (s.kind == Subject::SideSubject && s.both) {
        // "Both sides have a queen", "Neither side has a passed pawn": said of each.
        bool possess = false;
        for (std::size_t n = first; n < i; ++n)
            possess = possess || words_[n].low == "has" || words_[n].low == "have";
        if (!possess) return false;
        const std::size_t mark = claims_.size();
        if (has_clause(i, end, White, neg != s.neither) &&
            has_clause(i, end, Black, neg != s.neither))
            return true;
        claims_.resize(mark);
        return false;
    }
    if (s.kind == Subject::SideSubject) {
        bool possess = false;
        for (std::size_t n = first; n < i; ++n)
            possess = possess || words_[n].low == "has" || words_[n].low == "have" ||
                      words_[n].low == "had";
        if (possess && has_clause(i, end, s.color, neg)) return true;
        if (side_clause(i, end, s, neg)) return true;
    }
    if (s.kind == Subject::PieceSubject && s.plural) return placement_clause(i, end, s, neg);
    if (s.kind == Subject::PieceSubject && !s.error.empty()) {
        // Only placement can be read of a piece the words do not pin down.
        if (placement_clause(i, end, s, neg)) return true;
        unread(s.error);
        return false;
    }
    if (s.kind != Subject::SideSubject) add_implicit(s.implicit);
    // Move legality: "is illegal", "is legal", "is not possible".
    const std::string& verb = words_[i].low;
    if (s.kind == Subject::MoveSubject &&
        (verb == "illegal" || verb == "legal" || verb == "possible" || verb == "impossible") &&
        i + 1 >= end) {
        bool legal_said = (verb == "legal" || verb == "possible") != neg;
        add(make_claim("is_legal", {{"move", s.move_text}}, move_ctx(s), !legal_said));
        return true;
    }
    return idea_clause(i, end, s, neg) || chances_clause(i, end, s, neg) ||
           check_clause(i, end, s, neg) || quality(i, end, s, neg) ||
           material_clause(i, end, s, neg) || threat_clause(i, end, s, neg) ||
           relation_clause(i, end, s, neg) || piece_state_clause(i, end, s, neg) ||
           move_effect_clause(i, end, s, neg) || line_clause(i, end, s, neg) ||
           placement_clause(i, end, s, neg);
}

// The moves after which a claim about the subject holds.
std::vector<std::string> SentenceReader::after_subject(const Subject& s) const {
    std::vector<std::string> m = ctx_;
    if (s.kind == Subject::MoveSubject && !s.made) m.push_back(s.move_text);
    return m;
}

// The move a claim about a move subject names, from the context position.
std::vector<std::string> SentenceReader::move_ctx(const Subject& s) const {
    std::vector<std::string> m = ctx_;
    if (s.made && !m.empty()) m.pop_back();
    return m;
}

// Adds claims the wording asserts, once each.
void SentenceReader::add_implicit(const std::vector<SubClaim>& v) {
    for (const auto& c : v)
        if (std::none_of(claims_.begin(), claims_.end(), [&](const SubClaim& x) {
                return x.predicate == c.predicate && x.args == c.args && x.moves == c.moves;
            }))
            claims_.push_back(c);
}

// Whether one of ws occurs in words_[i, end).
bool SentenceReader::has(std::size_t i, std::size_t end,
                         std::initializer_list<const char*> ws) const {
    for (std::size_t k = i; k < end; ++k)
        for (const char* w : ws)
            if (words_[k].low == w) return true;
    return false;
}

// Marks the clause unread for a reference that failed; true (the clause is handled).
bool SentenceReader::fail_ref(const Ref& r) {
    unread(r.error.empty() ? "piece reference not understood" : r.error);
    return true;
}

// An illegal move subject: the claim becomes its legality (it fails as such); true then.
bool SentenceReader::illegal_subject(const Subject& s, const std::vector<std::string>& mctx) {
    if (s.kind != Subject::MoveSubject || s.legal || s.made) return false;
    add(make_claim("is_legal", {{"move", s.move_text}}, mctx));
    return true;
}

// Implicit occupies claims of an object reference hold in the position where it is named.
std::vector<SubClaim> SentenceReader::moved_implicit(std::vector<SubClaim> v,
                                                     const std::vector<std::string>& moves) {
    for (auto& c : v) c.moves = moves;
    return v;
}

// "There is a white bishop on c4", "There is no pawn on e4".
bool SentenceReader::there_clause(std::size_t i, std::size_t end) {
    if (i + 4 > end || words_[i].low != "there" ||
        (words_[i + 1].low != "is" && words_[i + 1].low != "are" && words_[i + 1].low != "'s"))
        return false;
    std::size_t k = i + 2;
    bool neg = false;
    modifiers(k, end, neg);
    if (k < end && words_[k].low == "no") {
        neg = !neg;
        ++k;
    } else if (k < end && (words_[k].low == "a" || words_[k].low == "an")) {
        ++k;
    }
    std::optional<Color> color;
    if (k < end && color_word_of(words_[k].low)) color = color_word_of(words_[k++].low);
    if (k + 3 != end || !piece_word(words_[k].low) || words_[k + 1].low != "on") return false;
    Square sq = parse_square(words_[k + 2].low);
    if (sq == NoSquare) return false;
    json args = {{"square", square_name(sq)},
                 {"piece", piece_type_word(*piece_word(words_[k].low))}};
    if (color) args["color"] = color_word(*color);
    add(make_claim("occupies", args, ctx_, neg));
    return true;
}

// "Nothing defends the knight on e4", "No piece attacks f7".
bool SentenceReader::nothing_clause(std::size_t i, std::size_t end) {
    std::size_t k = i;
    if (words_[k].low == "nothing") ++k;
    else if (k + 1 < end && words_[k].low == "no" && words_[k + 1].low == "piece") k += 2;
    else return false;
    if (k >= end) return false;
    const std::string& v = words_[k].low;
    const bool defend = v == "defends" || v == "protects" || v == "guards";
    if (!defend && v != "attacks") return false;
    ++k;
    Ref r;
    if (!piece_ref(k, std::nullopt, r) || k != end) return false;
    if (!r.error.empty()) return fail_ref(r);
    if (r.piece == NoPieceType && pos_.piece_at(r.square) == NoPiece) return false;
    add_implicit(r.implicit);
    const Piece p = pos_.piece_at(r.square);
    if (defend) add(make_claim("undefended", {{"square", square_name(r.square)}}, ctx_));
    else if (p == NoPiece) return false;
    else
        add(make_claim("attacks",
                       {{"target", square_name(r.square)}, {"color", color_word(~color_of(p))}},
                       ctx_, true));
    return true;
}

// "three pawns each" (after "material is level"): each side has that many.
bool SentenceReader::each_clause(std::size_t i, std::size_t end) {
    if (end - i != 3 || words_[end - 1].low != "each") return false;
    auto n = number_word(words_[i].low);
    if (!n || *n == 0) return false;
    auto pt = *n == 1 ? piece_word(words_[i + 1].low) : pieces_word(words_[i + 1].low);
    if (!pt) return false;
    for (Color c : {White, Black})
        add(make_claim("piece_count",
                       {{"color", color_word(c)}, {"piece", piece_type_word(*pt)}, {"count", *n}},
                       ctx_));
    return true;
}

// "d8 and h8", "c3, e3 and f3" at words_[k, end): every word a square or "and".
bool SentenceReader::square_list(std::size_t k, std::size_t end, std::vector<Square>& out) const {
    for (; k < end; ++k) {
        if (words_[k].low == "and") continue;
        Square sq = parse_square(words_[k].low);
        if (sq == NoSquare) return false;
        out.push_back(sq);
    }
    return true;
}

}  // namespace glossfish::verifier
