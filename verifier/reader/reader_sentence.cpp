// The sentence reader's frame: move context, subjects, piece references, modifiers and the
// split into clauses; each clause is read on its own and kept or reported with its reason.
#include "reader/reader_sentence.h"

#include <algorithm>

#include "tools/board_tools.h"
#include "rules/notation.h"
#include "rules/structure.h"
#include "tools/tool_json.h"

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
    if (!ctx_.empty()) {
        PlayReport played = play_moves(root_, ctx_);
        if (played.complete() && played.moves.back().move.kind() != Castling)
            moved_sq_ = played.moves.back().move.to();
    }
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
    out_.read_clauses.clear();
}

// Moves the claims read into the sentence; a sentence with none gets the first reason.
void SentenceReader::finish() {
    if (claims_.empty()) {
        out_.claims.clear();
        out_.read_clauses.clear();
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
    // "The e-file", "the open e-file", "the b- and e-files", "the b-file, the d-file and the
    // e-file".
    {
        std::size_t k = j;
        std::vector<int> files;
        std::size_t done = 0, done_files = 0;  // after the last full "x-file(s)" word
        while (k < words_.size()) {
            std::size_t q = k;
            if (words_[q].low == "the") ++q;
            if (q >= words_.size()) break;
            const std::string& fw = words_[q].low;
            if (auto f = file_word(fw)) files.push_back(*f);
            else if (auto g = files_word(fw); g && !files.empty()) files.push_back(*g);
            else if (auto h = file_prefix_word(fw)) files.push_back(*h);
            else break;
            k = q + 1;
            if (file_word(fw) || files_word(fw)) {
                done = k;
                done_files = files.size();
            }
            if (files_word(fw) ||
                !(words_[q].comma || (k < words_.size() && words_[k].low == "and")))
                break;
            if (k < words_.size() && words_[k].low == "and") ++k;
        }
        if (done) {
            files.resize(done_files);
            s = Subject();
            s.kind = Subject::FileSubject;
            s.file = files.front();
            s.files = files;
            j = done;
            return true;
        }
    }
    // "All files", "all the files".
    if (w.low == "all" && (next(1) == "files" || (next(1) == "the" && next(2) == "files"))) {
        s = Subject();
        s.kind = Subject::FileSubject;
        s.file = 0;
        s.files = {0, 1, 2, 3, 4, 5, 6, 7};
        j += next(1) == "the" ? 3 : 2;
        return true;
    }
    // "Both sides", "neither side", "both players".
    if ((w.low == "both" && (next(1) == "sides" || next(1) == "players")) ||
        (w.low == "neither" && (next(1) == "side" || next(1) == "player"))) {
        s = Subject();
        s.kind = Subject::SideSubject;
        s.both = true;
        s.neither = w.low == "neither";
        j += 2;
        return true;
    }
    // "Black's rooks", "the white knights": placement only.
    {
        std::size_t k = j;
        if (words_[k].low == "the") ++k;
        std::optional<Color> c = k < words_.size() ? color_word_of(words_[k].low) : std::nullopt;
        if (c && k + 1 < words_.size()) {
            if (auto pt = pieces_word(words_[k + 1].low)) {
                s = Subject();
                s.kind = Subject::PieceSubject;
                s.plural = true;
                s.piece = *pt;
                s.color = *c;
                s.named_color = c;
                s.error = "\"" + words_[k + 1].low + "\" names several pieces";
                j = k + 2;
                return true;
            }
        }
    }
    auto pawn_word = [](const std::string& x) {
        return (x.size() == 6 && x.substr(1) == "-pawn") || square_piece_word(x);
    };
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

// "b4", "the bishop on b4", "the b4 bishop", "the e4-pawn", "White's bishop", "the f-pawn",
// "the queen", "it" (the piece last named). side: the colour to look for when the text names
// none. Adjectives that state a fact ("the pinned knight", "the loose bishop") pick the piece
// among several and are claimed; a piece still not pinned down is an error with its
// candidates, which a relation may resolve.
bool SentenceReader::piece_ref(std::size_t& k, std::optional<Color> side, Ref& r) {
    std::size_t i = k;
    auto at = [&](std::size_t n) -> const std::string& {
        static const std::string empty;
        return n < words_.size() ? words_[n].low : empty;
    };
    if (at(i) == "it" && last_obj_ != NoSquare && pos_.piece_at(last_obj_) != NoPiece) {
        r.square = last_obj_;
        r.piece = type_of(pos_.piece_at(last_obj_));
        k = i + 1;
        return true;
    }
    if (Square s = parse_square(at(i)); s != NoSquare && !piece_word(at(i + 1))) {
        r.square = s;
        k = i + 1;
        if (at(k) == "square") ++k;
        return true;
    }
    static const std::vector<std::string> skip = {
        "the",          "a",     "an",         "his",      "her",    "its",
        "their",        "enemy", "opponent's", "opposing", "own",    "poor",
        "strong",       "bad",   "good",       "passive",  "active", "light-squared",
        "dark-squared", "lone",  "attacked",   "advanced"};
    // Adjectives that are facts about the piece.
    static const std::vector<std::string> facts = {
        "pinned", "loose", "undefended", "unprotected", "hanging", "isolated", "passed"};
    std::optional<Color> color;
    std::vector<std::string> adjectives;
    while (i < words_.size()) {
        if (auto c = color_word_of(at(i))) {
            color = c;
            ++i;
        } else if (std::find(facts.begin(), facts.end(), at(i)) != facts.end()) {
            adjectives.push_back(at(i));
            ++i;
        } else if (std::find(skip.begin(), skip.end(), at(i)) != skip.end()) {
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
    if (auto sp = square_piece_word(at(i)); sp && sq == NoSquare) {
        sq = sp->first;
        r.piece = sp->second;
        ++i;
    } else if (at(i).size() == 6 && at(i).substr(1) == "-pawn" && at(i)[0] >= 'a' &&
               at(i)[0] <= 'h') {
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
    } else {
        // Find the piece: the named or assumed colour, then a unique match.
        std::optional<Color> c = color ? color : side;
        Bitboard cands = c ? pos_.pieces(r.piece, *c) : pos_.pieces(r.piece);
        if (pawn_file) cands &= file_bb(*pawn_file);
        // The facts the adjectives state pick among several.
        if (popcount(cands) > 1 && !adjectives.empty()) {
            Bitboard fit = 0;
            for (Bitboard b = cands; b; b &= b - 1)
                if (adjectives_hold(lsb(b), adjectives)) fit |= square_bb(lsb(b));
            if (popcount(fit) == 1) cands = fit;
        }
        // The piece that just moved ("After Qa4+ the queen ...").
        if (popcount(cands) > 1 && moved_sq_ != NoSquare && (cands & square_bb(moved_sq_)))
            cands = square_bb(moved_sq_);
        if (popcount(cands) != 1) {
            std::string what = std::string(c ? color_word(*c) + std::string(" ") : "") +
                               (pawn_file ? std::string(1, char('a' + *pawn_file)) + "-pawn"
                                          : piece_type_word(r.piece));
            r.error = cands ? "\"" + what + "\" is ambiguous: name its square"
                            : "there is no " + what + " to refer to";
            r.candidates = cands;
            r.adjectives = adjectives;
            return true;
        }
        r.square = lsb(cands);
    }
    for (const std::string& a : adjectives) r.implicit.push_back(adjective_claim(r.square, a));
    last_obj_ = r.square;
    return true;
}

// Whether the fact an adjective states holds of the piece on sq in pos_.
bool SentenceReader::adjectives_hold(Square sq, const std::vector<std::string>& adjectives) const {
    BoardTools bt(pos_);
    for (const std::string& a : adjectives) {
        bool ok = true;
        if (a == "pinned") ok = bt.pin(sq).pinned || bt.pin(sq).relative;
        else if (a == "hanging") {
            const std::vector<HangingPiece> h = bt.hanging(color_of(pos_.piece_at(sq)));
            ok = std::any_of(h.begin(), h.end(),
                             [&](const HangingPiece& x) { return x.square == sq; });
        } else if (a == "loose" || a == "undefended" || a == "unprotected")
            ok = bt.defenders(sq) == 0;
        else if (a == "isolated" || a == "passed") {
            PawnStructure ps = pawn_structure(pos_, color_of(pos_.piece_at(sq)));
            ok = (a == "passed" ? ps.passed : ps.isolated) & square_bb(sq);
        }
        if (!ok) return false;
    }
    return true;
}

// The claim an adjective makes about the piece on sq.
SubClaim SentenceReader::adjective_claim(Square sq, const std::string& a) const {
    const std::string s = square_name(sq);
    if (a == "pinned") return make_claim("pins", {{"pinned", s}}, ctx_);
    if (a == "hanging") return make_claim("hangs", {{"square", s}}, ctx_);
    if (a == "isolated")
        return make_claim("pawn_weakness", {{"square", s}, {"kind", "isolated"}}, ctx_);
    if (a == "passed") return make_claim("passed_pawn", {{"square", s}}, ctx_);
    return make_claim("undefended", {{"square", s}}, ctx_);
}

// An ambiguous reference resolved by a relation: a candidate in `fits` (the pieces the
// relation holds for) when the claim is positive, or any candidate when all agree; false when
// the words leave it open.
bool SentenceReader::resolve(Ref& r, Bitboard fits, bool neg) {
    if (r.error.empty()) return true;
    if (!r.candidates) return false;
    Bitboard pick = r.candidates & fits;
    if (neg && pick && pick != r.candidates) return false;
    if (!pick) pick = r.candidates;
    r.square = lsb(pick);
    r.error.clear();
    for (const std::string& a : r.adjectives) r.implicit.push_back(adjective_claim(r.square, a));
    last_obj_ = r.square;
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
    // The subject ends at a comma or a conjunction: "and h8, but the rook is ..." has none.
    while (n < words_.size() && n < k + 6 && !is_verb(n)) {
        const std::string& w = words_[n].low;
        if (n > k && (w == "and" || w == "but" || w == "while" || w == "because")) return false;
        if (words_[n].comma) return false;
        ++n;
    }
    return n > k && is_verb(n);
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
                            (starts_clause(k + 1) || elliptic_placement(k + 1));
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
