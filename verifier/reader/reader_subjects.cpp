// Subjects of the sentence reader: moves, pieces named by square, type, side or pronoun,
// the adjectives that pick among them, and the modifiers after them.
#include <algorithm>

#include "reader/reader_sentence.h"
#include "rules/notation.h"
#include "rules/structure.h"
#include "tools/board_tools.h"
#include "tools/tool_json.h"

namespace glossfish::verifier {

using nlohmann::json;

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

}  // namespace glossfish::verifier
