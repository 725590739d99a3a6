// The sentence reader's frame: move context, subjects, piece references, modifiers and the
// split into clauses; each clause is read on its own and kept or reported with its reason.
#include "reader_sentence.h"

#include <algorithm>

#include "board_tools.h"
#include "notation.h"
#include "tool_json.h"

namespace glossfish::verifier {

using nlohmann::json;

// A sub-claim from its parts.
SubClaim make_claim(std::string predicate, json args, std::vector<std::string> moves,
                    bool negated) {
    SubClaim c;
    c.predicate = std::move(predicate);
    c.args = std::move(args);
    c.moves = std::move(moves);
    c.negated = negated;
    return c;
}

// Where a moved piece ends (the king's square for castling).
Square destination(const Position& pos, Move m) {
    if (m.kind() == Castling) return castle_king_to(pos.side_to_move(), m.to() > m.from());
    return m.to();
}

// Reads the sentence: context, then its clauses; whole-sentence forms first.
void SentenceReader::read() {
    words_ = words_of(out_.text);
    if (words_.empty()) return unread("empty sentence");
    // Leading move numbers: "12. Nf3 ..." / "12... Nf6 ...".
    while (words_.size() > 1 && move_number(words_.front().low)) words_.erase(words_.begin());
    std::size_t i = 0;
    if (!context(i)) return finish();
    out_.context = ctx_;
    if (i >= words_.size()) {
        unread("nothing after the move context");
        return finish();
    }
    clauses(i);
    finish();
}

// Notes why the current clause (or, outside clauses, the sentence) is not read.
void SentenceReader::unread(std::string why) {
    if (in_clause_) {
        if (clause_reason_.empty()) clause_reason_ = std::move(why);
        return;
    }
    if (out_.unread_reason.empty()) out_.unread_reason = std::move(why);
    out_.unread_clauses.push_back({out_.text, out_.unread_reason});
    claims_.clear();
}

// Moves the claims read into the sentence; a sentence with none gets the first reason.
void SentenceReader::finish() {
    if (claims_.empty()) {
        out_.claims.clear();
        if (out_.unread_reason.empty())
            out_.unread_reason = out_.unread_clauses.empty() ? "no claim form recognised"
                                                             : out_.unread_clauses[0].reason;
        if (out_.unread_clauses.empty())
            out_.unread_clauses.push_back({out_.text, out_.unread_reason});
        return;
    }
    out_.unread_reason.clear();
    out_.claims = std::move(claims_);
}

// The commented move as a subject.
Subject SentenceReader::played_subject() const {
    Subject s;
    s.kind = Subject::MoveSubject;
    s.move_text = move_to_san(root_, *played_);
    s.legal = true;
    s.made = true;
    s.square = destination(root_, *played_);
    s.piece = type_of(root_.piece_at(played_->from()));
    s.color = root_.side_to_move();
    return s;
}

// "After X Y, ..." / "If X, ...": the moves, resolved against the commented move; "With X,
// White ..." names the move a side plays.
bool SentenceReader::context(std::size_t& i) {
    base_.clear();
    if (played_) base_.push_back(move_to_san(root_, *played_));
    ctx_ = base_;
    const std::string& w0 = words_[0].low;
    if ((w0 == "with" || w0 == "by") && words_.size() > 2 && move_shaped(words_[1].raw) &&
        parse_square(words_[1].low) == NoSquare) {
        with_move_ = strip_annotations(words_[1].raw);
        i = 2;
        pos_ = position_after(ctx_);
        return true;
    }
    if (w0 != "after" && w0 != "if" && w0 != "following") {
        pos_ = position_after(ctx_);
        return true;
    }
    std::vector<std::string> prefix;
    std::size_t k = 1;
    for (; k < words_.size(); ++k) {
        const Word& w = words_[k];
        if (move_number(w.low) || w.low == "and" || w.low == "then") {
            if (w.comma) {
                ++k;
                break;
            }
            continue;
        }
        if (!move_shaped(w.raw)) break;
        prefix.push_back(strip_annotations(w.raw));
        if (w.comma) {
            ++k;
            break;
        }
    }
    if (prefix.empty()) {
        // "After that," / "After this move," — the default context.
        while (k < words_.size() && !words_[k - 1].comma) ++k;
        i = k;
        pos_ = position_after(ctx_);
        return true;
    }
    // The first move may be the commented move itself.
    if (played_) {
        MoveParse first = parse_move_text(root_, prefix.front());
        if (first.ok() && first.move == *played_) ctx_.clear();
    }
    for (const auto& m : prefix) ctx_.push_back(m);
    i = k;
    pos_ = position_after(ctx_);
    return true;
}

// The position after a context (as far as it is legal; claims then fail as legality).
Position SentenceReader::position_after(const std::vector<std::string>& moves) {
    PlayReport r = play_moves(root_, moves);
    ctx_legal_ = r.complete();
    return r.end;
}

// A move named at words_[j] as a subject (the commented one or one from the context position).
bool SentenceReader::move_subject(std::size_t& j, Subject& s) {
    const Word& w = words_[j];
    if (!move_shaped(w.raw)) return false;
    std::string text = strip_annotations(w.raw);
    bool bare_square = parse_square(lower(text)) != NoSquare;
    // The commented move, named again.
    if (played_ && ctx_ == base_) {
        MoveParse mp = parse_move_text(root_, text);
        if (mp.ok() && mp.move == *played_) {
            s = played_subject();
            ++j;
            return true;
        }
    }
    MoveParse mp = parse_move_text(pos_, text);
    if (bare_square && !mp.ok()) return false;
    s = Subject();
    s.kind = Subject::MoveSubject;
    s.move_text = mp.ok() ? move_to_san(pos_, mp.move) : text;
    s.legal = mp.ok();
    if (mp.ok()) {
        s.square = destination(pos_, mp.move);
        s.piece = type_of(pos_.piece_at(mp.move.from()));
        s.color = pos_.side_to_move();
    }
    ++j;
    return true;
}

// Subject at words_[j]; advances j past it. A piece the words do not pin down is a subject
// with an error (placement can still be read: "the queen is on d1").
bool SentenceReader::subject(std::size_t& j, Subject& s) {
    const Word& w = words_[j];
    auto next = [&](std::size_t n) -> const std::string& {
        static const std::string empty;
        return j + n < words_.size() ? words_[j + n].low : empty;
    };
    if ((w.low == "this" || w.low == "it" || w.low == "that") && played_ && !piece_word(next(1))) {
        s = played_subject();
        ++j;
        if (j < words_.size() && (words_[j].low == "move")) ++j;
        return true;
    }
    if ((w.low == "the" || w.low == "this") && (next(1) == "move" || next(1) == "text") &&
        played_) {
        s = played_subject();
        j += 2;
        if (j < words_.size() && words_[j].low == "move") ++j;
        return true;
    }
    // "Material is level", "The material is even".
    if (w.low == "material" || (w.low == "the" && next(1) == "material")) {
        s = Subject();
        s.kind = Subject::MaterialSubject;
        j += w.low == "the" ? 2 : 1;
        return true;
    }
    // "The e-file", "the open e-file".
    {
        std::size_t k = j;
        if (words_[k].low == "the") ++k;
        if (k < words_.size()) {
            if (auto f = file_word(words_[k].low)) {
                s = Subject();
                s.kind = Subject::FileSubject;
                s.file = *f;
                j = k + 1;
                return true;
            }
        }
    }
    auto pawn_word = [](const std::string& x) { return x.size() == 6 && x.substr(1) == "-pawn"; };
    if (auto c = color_word_of(w.low); c && !piece_word(next(1)) && !pawn_word(next(1))) {
        s = Subject();
        s.kind = Subject::SideSubject;
        s.color = *c;
        ++j;
        // "With Nxe5 White captures a pawn": the side plays the named move.
        if (!with_move_.empty()) {
            std::size_t q = 0;
            Subject m;
            Word keep = words_[0];
            words_[0] = {with_move_, lower(with_move_), false};
            bool got = move_subject(q, m);
            words_[0] = keep;
            if (got && m.legal && m.color != *c) {
                unread(std::string("it is not ") + color_word(*c) + " who plays " + m.move_text);
                return false;
            }
            if (got) s = m;
        }
        return true;
    }
    if (move_subject(j, s)) return true;
    Ref r;
    std::size_t k = j;
    if (piece_ref(k, std::nullopt, r)) {
        s = Subject();
        s.kind = Subject::PieceSubject;
        s.square = r.square;
        s.piece = r.piece;
        s.named_color = r.color;
        s.error = r.error;
        if (r.error.empty())
            s.color =
                pos_.piece_at(r.square) != NoPiece ? color_of(pos_.piece_at(r.square)) : White;
        else if (r.color) s.color = *r.color;
        s.implicit = r.implicit;
        j = k;
        return true;
    }
    return false;
}

// "b4", "the bishop on b4", "the b4 bishop", "White's bishop", "the f-pawn", "the queen".
// side: the colour to look for when the text names none.
bool SentenceReader::piece_ref(std::size_t& k, std::optional<Color> side, Ref& r) {
    std::size_t i = k;
    auto at = [&](std::size_t n) -> const std::string& {
        static const std::string empty;
        return n < words_.size() ? words_[n].low : empty;
    };
    if (Square s = parse_square(at(i)); s != NoSquare && !piece_word(at(i + 1))) {
        r.square = s;
        k = i + 1;
        if (at(k) == "square") ++k;
        return true;
    }
    static const std::vector<std::string> skip = {"the",          "a",        "an",
                                                  "his",          "her",      "its",
                                                  "their",        "enemy",    "opponent's",
                                                  "opposing",     "own",      "undefended",
                                                  "loose",        "hanging",  "poor",
                                                  "strong",       "bad",      "good",
                                                  "passive",      "active",   "light-squared",
                                                  "dark-squared", "lone",     "unprotected",
                                                  "pinned",       "attacked", "isolated",
                                                  "advanced"};
    std::optional<Color> color;
    while (i < words_.size()) {
        if (std::find(skip.begin(), skip.end(), at(i)) != skip.end()) {
            ++i;
        } else if (auto c = color_word_of(at(i))) {
            color = c;
            ++i;
        } else {
            break;
        }
    }
    Square sq = NoSquare;
    std::optional<int> pawn_file;
    if (Square s = parse_square(at(i)); s != NoSquare && piece_word(at(i + 1))) {
        sq = s;
        ++i;
    }
    if (at(i).size() == 6 && at(i).substr(1) == "-pawn" && at(i)[0] >= 'a' && at(i)[0] <= 'h') {
        pawn_file = at(i)[0] - 'a';
        r.piece = Pawn;
        ++i;
    } else if (auto pt = piece_word(at(i))) {
        r.piece = *pt;
        ++i;
    } else {
        return false;
    }
    if (sq == NoSquare && (at(i) == "on" || at(i) == "at" || at(i) == "from") &&
        parse_square(at(i + 1)) != NoSquare) {
        sq = parse_square(at(i + 1));
        i += 2;
    }
    k = i;
    r.color = color;
    if (sq != NoSquare) {
        r.square = sq;
        json args = {{"square", square_name(sq)}, {"piece", piece_type_word(r.piece)}};
        if (color) args["color"] = color_word(*color);
        r.implicit.push_back(make_claim("occupies", args, ctx_));
        return true;
    }
    // Find the piece: the named or assumed colour, then a unique match.
    std::optional<Color> c = color ? color : side;
    Bitboard cands = c ? pos_.pieces(r.piece, *c) : pos_.pieces(r.piece);
    if (pawn_file) cands &= file_bb(*pawn_file);
    if (popcount(cands) == 1) {
        r.square = lsb(cands);
        return true;
    }
    std::string what =
        std::string(c ? color_word(*c) + std::string(" ") : "") +
        (pawn_file ? std::string(1, char('a' + *pawn_file)) + "-pawn" : piece_type_word(r.piece));
    r.error = cands ? "\"" + what + "\" is ambiguous: name its square"
                    : "there is no " + what + " to refer to";
    return true;
}

// piece_ref in the position after `moves`, where the piece is named.
bool SentenceReader::piece_ref_after(const std::vector<std::string>& moves, std::size_t& k,
                                     std::optional<Color> side, Ref& r) {
    Position keep = pos_;
    bool legal = ctx_legal_;
    pos_ = position_after(moves);
    bool got = piece_ref(k, side, r);
    pos_ = keep;
    ctx_legal_ = legal;
    return got;
}

// Skips auxiliaries and adverbs, noting negations.
void SentenceReader::modifiers(std::size_t& i, std::size_t end, bool& negated) {
    static const std::vector<std::string> aux = {
        "is",          "was",        "would",        "will",       "be",        "can",
        "could",       "now",        "also",         "still",      "does",      "did",
        "do",          "clearly",    "simply",       "just",       "really",    "indeed",
        "immediately", "then",       "here",         "even",       "actually",  "already",
        "might",       "may",        "perhaps",      "probably",   "certainly", "surely",
        "definitely",  "has",        "have",         "had",        "been",      "should",
        "must",        "obviously",  "suddenly",     "finally",    "are",       "currently",
        "well",        "adequately", "sufficiently", "completely", "fully",     "totally",
        "therefore",   "thus",       "hence",        "s"};
    while (i < end) {
        const std::string& w = words_[i].low;
        if (w == "not" || w == "never" || w == "cannot" ||
            (w.size() > 3 && w.substr(w.size() - 3) == "n't")) {
            negated = !negated;
            ++i;
        } else if (w == "no" && i + 1 < end && words_[i + 1].low == "longer") {
            negated = !negated;
            i += 2;
        } else if (std::find(aux.begin(), aux.end(), w) != aux.end()) {
            ++i;
        } else {
            break;
        }
    }
}

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
    while (n < words_.size() && n < k + 6 && !is_verb(n)) ++n;
    return n > k && is_verb(n);
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
                     w == "because" || w == "since" || w == "whereas" || w == "although") &&
                    k > start;
            // "the king and the rook" stays in the fork clause, unless a new clause starts.
            if (split && w == "and" && !words_[k - 1].comma && k + 1 < words_.size() &&
                (words_[k + 1].low == "the" || words_[k + 1].low == "a" ||
                 piece_word(words_[k + 1].low) || parse_square(words_[k + 1].low) != NoSquare))
                split = starts_clause(k + 1);
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
void SentenceReader::read_clause(std::size_t start, std::size_t end, Subject& cur, bool& have) {
    if (start >= end) return;
    in_clause_ = true;
    clause_reason_.clear();
    const std::size_t mark = claims_.size();
    std::size_t b = start;
    bool ok = false;
    if (have && (words_[b].low == "it" || words_[b].low == "this") &&
        !(b + 1 < end && piece_word(words_[b + 1].low))) {
        ++b;
    } else if (!have && b == start && only_move_sentence(b, end)) {
        ok = true;
    } else {
        Subject s;
        std::size_t j = b;
        if (subject(j, s)) {
            cur = s;
            have = true;
            b = j;
        } else if (!have && clause_reason_.empty()) {
            // A bare verdict on the commented move: "A blunder." "Excellent move!"
            if (played_ && quality(b, end, played_subject(), false)) ok = true;
            else unread("no subject recognised (a move, a piece or a side)");
        }
    }
    if (!ok && clause_reason_.empty() && have) {
        if (b >= end) unread("a subject without a verb");
        else if (filler(b, end)) ok = true;
        else ok = clause(b, end, cur);
    }
    if (!ok || !clause_reason_.empty()) {
        claims_.resize(mark);
        std::string text = text_of(start, end);
        out_.unread_clauses.push_back({text, clause_reason_.empty()
                                                 ? "clause not understood: \"" + text + "\""
                                                 : clause_reason_});
    }
    in_clause_ = false;
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
    // "Material is even": the adverb list took the word.
    if (i >= end && s.kind == Subject::MaterialSubject && words_[end - 1].low == "even")
        return level_clause(end - 1, end, neg);
    if (i >= end) return false;
    if (s.kind == Subject::FileSubject) return file_clause(i, end, s, neg);
    if (s.kind == Subject::MaterialSubject) return level_clause(i, end, neg);
    if (s.kind == Subject::SideSubject) {
        bool possess = false;
        for (std::size_t n = first; n < i; ++n)
            possess = possess || words_[n].low == "has" || words_[n].low == "have" ||
                      words_[n].low == "had";
        if (possess && has_clause(i, end, s.color, neg)) return true;
        if (side_clause(i, end, s, neg)) return true;
    }
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
    return check_clause(i, end, s, neg) || quality(i, end, s, neg) ||
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

}  // namespace glossfish::verifier
