// The commentary reader: sentences → move context → subject → clauses → sub-claims.
#include "commentary_reader.h"

#include <algorithm>
#include <cctype>

#include "board_tools.h"
#include "movegen.h"
#include "notation.h"
#include "tool_json.h"

namespace glossfish::verifier {

namespace {

using nlohmann::json;

constexpr std::size_t MaxText = 20000;
constexpr std::size_t MaxWords = 80;

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

// A word with its surrounding punctuation removed; `comma` when it was followed by one.
struct Word {
    std::string raw, low;
    bool comma = false;
};

std::vector<Word> words_of(std::string_view s) {
    std::vector<Word> out;
    std::size_t i = 0;
    while (i < s.size() && out.size() < MaxWords) {
        while (i < s.size() && is_space(s[i])) ++i;
        std::size_t j = i;
        while (j < s.size() && !is_space(s[j])) ++j;
        std::string w(s.substr(i, j - i));
        i = j;
        bool comma = false;
        const std::string strip_front = "\"'([{", strip_back = "\"')]},:;.!?";
        while (!w.empty() && strip_front.find(w.front()) != std::string::npos) w.erase(0, 1);
        while (!w.empty() && strip_back.find(w.back()) != std::string::npos) {
            // Keep annotation marks on moves only as long as they do not hide a comma.
            if (w.back() == ',' || w.back() == ':' || w.back() == ';') comma = true;
            w.pop_back();
        }
        // Dashes inside words (h4–e7) become '-'.
        std::string clean;
        for (std::size_t k = 0; k < w.size(); ++k) {
            unsigned char c = static_cast<unsigned char>(w[k]);
            if (c == 0xE2 && k + 2 < w.size() && static_cast<unsigned char>(w[k + 1]) == 0x80 &&
                (static_cast<unsigned char>(w[k + 2]) == 0x93 ||
                 static_cast<unsigned char>(w[k + 2]) == 0x94)) {
                clean += '-';
                k += 2;
            } else if (c == 0xE2 && k + 2 < w.size() &&
                       static_cast<unsigned char>(w[k + 1]) == 0x80 &&
                       static_cast<unsigned char>(w[k + 2]) == 0x99) {  // ’
                clean += '\'';
                k += 2;
            } else {
                clean += char(c);
            }
        }
        if (clean.empty()) {
            if (comma && !out.empty()) out.back().comma = true;
            continue;
        }
        out.push_back({clean, lower(clean), comma});
    }
    return out;
}

// SAN or UCI shape, annotations (!?+#) allowed at the end. Bare squares count.
bool move_shaped(std::string_view t) {
    while (!t.empty() && (t.back() == '!' || t.back() == '?' || t.back() == '+' || t.back() == '#'))
        t.remove_suffix(1);
    if (t == "O-O" || t == "O-O-O" || t == "0-0" || t == "0-0-0") return true;
    if (t.empty() || t.size() > 8) return false;
    std::size_t i = 0;
    if (std::string_view("KQRBN").find(t[0]) != std::string_view::npos) ++i;
    std::string rest(t.substr(i));
    // Strip =Q / promotion letters.
    if (rest.size() >= 2 && rest[rest.size() - 2] == '=') rest.erase(rest.size() - 2);
    else if (!rest.empty() &&
             std::string_view("QRBNqrbn").find(rest.back()) != std::string_view::npos &&
             rest.size() >= 3 && std::isdigit(static_cast<unsigned char>(rest[rest.size() - 2])))
        rest.pop_back();
    if (rest.size() < 2) return false;
    char f = rest[rest.size() - 2], r = rest.back();
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return false;
    for (char c : rest.substr(0, rest.size() - 2))
        if (!((c >= 'a' && c <= 'h') || (c >= '1' && c <= '8') || c == 'x' || c == '-'))
            return false;
    return true;
}

bool move_number(std::string_view t) {
    if (t.empty() || !std::isdigit(static_cast<unsigned char>(t[0]))) return false;
    std::size_t i = 0;
    while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
    return i == t.size() || t.substr(i).find_first_not_of('.') == std::string_view::npos;
}

std::string strip_annotations(std::string t) {
    while (!t.empty() && (t.back() == '!' || t.back() == '?')) t.pop_back();
    return t;
}

std::optional<PieceType> piece_word(std::string_view w) {
    if (w == "king") return King;
    if (w == "queen") return Queen;
    if (w == "rook") return Rook;
    if (w == "bishop") return Bishop;
    if (w == "knight") return Knight;
    if (w == "pawn") return Pawn;
    return std::nullopt;
}

std::optional<Color> color_word_of(std::string_view w) {
    if (w == "white" || w == "white's") return White;
    if (w == "black" || w == "black's") return Black;
    return std::nullopt;
}

// "e-file" / "e file" → 4.
std::optional<int> file_word(std::string_view w) {
    if (w.size() == 6 && w.substr(1) == "-file" && w[0] >= 'a' && w[0] <= 'h') return w[0] - 'a';
    return std::nullopt;
}

// "h4-e7" → two squares.
std::optional<std::pair<Square, Square>> square_pair(std::string_view w) {
    auto dash = w.find('-');
    if (dash == std::string_view::npos) return std::nullopt;
    Square a = parse_square(w.substr(0, dash)), b = parse_square(w.substr(dash + 1));
    if (a == NoSquare || b == NoSquare) return std::nullopt;
    return std::make_pair(a, b);
}

SubClaim claim(std::string predicate, json args, std::vector<std::string> moves,
               bool negated = false) {
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

// What a sentence talks about.
struct Subject {
    enum Kind { None, MoveSubject, PieceSubject, SideSubject } kind = None;
    std::string move_text;     // the move as written, or its SAN when legal
    bool legal = false;        // move_text is legal in `from`
    bool made = false;         // already part of the context (the commented move)
    Square square = NoSquare;  // the piece (after the move, for moves)
    PieceType piece = NoPieceType;
    Color color = White;
    std::vector<SubClaim> implicit;  // facts the wording itself asserts ("the knight on f3")
};

class SentenceReader {
public:
    SentenceReader(const Position& root, std::optional<Move> played, ReadSentence& out)
        : root_(root), played_(played), out_(out) {}

    void read() {
        words_ = words_of(out_.text);
        if (words_.empty()) return unread("empty sentence");
        // Leading move numbers: "12. Nf3 ..." / "12... Nf6 ...".
        while (words_.size() > 1 && move_number(words_.front().low)) words_.erase(words_.begin());
        std::size_t i = 0;
        if (!context(i)) return;
        out_.context = ctx_;
        if (i >= words_.size()) return unread("nothing after the move context");
        if (file_sentence(i)) return finish();
        Subject s;
        std::size_t j = i;
        if (!subject(j, s)) {
            // A bare verdict on the commented move: "A blunder." "Excellent move!"
            if (played_ && quality(i, words_.size(), played_subject(), false)) return finish();
            if (out_.unread_reason.empty())
                unread("no subject recognised (a move, a piece or a side)");
            return;
        }
        clauses(j, s);
        finish();
    }

private:
    void unread(std::string why) {
        if (out_.unread_reason.empty()) out_.unread_reason = std::move(why);
        claims_.clear();
    }

    void finish() {
        if (!out_.unread_reason.empty() || claims_.empty()) {
            out_.claims.clear();
            if (out_.unread_reason.empty()) out_.unread_reason = "no claim form recognised";
            return;
        }
        out_.claims = std::move(claims_);
    }

    // "[The] e-file is [not] open".
    bool file_sentence(std::size_t i) {
        if (i < words_.size() && words_[i].low == "the") ++i;
        if (i >= words_.size()) return false;
        auto f = file_word(words_[i].low);
        if (!f) return false;
        bool neg = false;
        std::size_t k = i + 1;
        modifiers(k, words_.size(), neg);
        if (k + 1 != words_.size() || words_[k].low != "open") return false;
        add(claim("open_file", {{"file", std::string(1, char('a' + *f))}}, ctx_, neg));
        return true;
    }

    Subject played_subject() const {
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

    // "After X Y, ..." / "If X, ...": the moves, resolved against the commented move.
    bool context(std::size_t& i) {
        base_.clear();
        if (played_) base_.push_back(move_to_san(root_, *played_));
        ctx_ = base_;
        if (words_[0].low != "after" && words_[0].low != "if" && words_[0].low != "following") {
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
    Position position_after(const std::vector<std::string>& moves) {
        PlayReport r = play_moves(root_, moves);
        ctx_legal_ = r.complete();
        return r.end;
    }

    // Subject at words_[j]; advances j past it.
    bool subject(std::size_t& j, Subject& s) {
        const Word& w = words_[j];
        if ((w.low == "this" || w.low == "it" || w.low == "that") && played_ &&
            !(j + 1 < words_.size() && piece_word(words_[j + 1].low))) {
            s = played_subject();
            ++j;
            if (j < words_.size() && (words_[j].low == "move")) ++j;
            return true;
        }
        if ((w.low == "the" || w.low == "this") && j + 1 < words_.size() &&
            (words_[j + 1].low == "move" || words_[j + 1].low == "text") && played_) {
            s = played_subject();
            j += 2;
            if (j < words_.size() && words_[j].low == "move") ++j;
            return true;
        }
        auto pawn_word = [](const std::string& x) {
            return x.size() == 6 && x.substr(1) == "-pawn";
        };
        if (auto c = color_word_of(w.low);
            c && !(j + 1 < words_.size() &&
                   (piece_word(words_[j + 1].low) || pawn_word(words_[j + 1].low)))) {
            s.kind = Subject::SideSubject;
            s.color = *c;
            ++j;
            return true;
        }
        if (move_shaped(w.raw)) {
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
        Ref r;
        std::size_t k = j;
        if (piece_ref(k, std::nullopt, r)) {
            if (!r.error.empty()) {
                unread(r.error);
                return false;
            }
            s.kind = Subject::PieceSubject;
            s.square = r.square;
            s.piece = r.piece;
            s.color =
                pos_.piece_at(r.square) != NoPiece ? color_of(pos_.piece_at(r.square)) : White;
            s.implicit = r.implicit;
            j = k;
            return true;
        }
        return false;
    }

    // A reference to a piece or a square.
    struct Ref {
        Square square = NoSquare;
        PieceType piece = NoPieceType;  // NoPieceType: a bare square
        std::vector<SubClaim> implicit;
        std::string error;
    };

    // "b4", "the bishop on b4", "the b4 bishop", "White's bishop", "the f-pawn", "the queen".
    // side: the colour to look for when the text names none.
    bool piece_ref(std::size_t& k, std::optional<Color> side, Ref& r) {
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
        static const std::vector<std::string> skip = {"the",          "a",       "an",
                                                      "his",          "her",     "its",
                                                      "their",        "enemy",   "opponent's",
                                                      "opposing",     "own",     "undefended",
                                                      "loose",        "hanging", "poor",
                                                      "strong",       "bad",     "good",
                                                      "passive",      "active",  "light-squared",
                                                      "dark-squared", "lone"};
        std::optional<Color> color;
        bool any = false;
        while (i < words_.size()) {
            if (std::find(skip.begin(), skip.end(), at(i)) != skip.end()) {
                ++i;
                any = true;
            } else if (auto c = color_word_of(at(i))) {
                color = c;
                ++i;
                any = true;
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
            (void)any;
            return false;
        }
        if (sq == NoSquare && (at(i) == "on" || at(i) == "at" || at(i) == "from") &&
            parse_square(at(i + 1)) != NoSquare) {
            sq = parse_square(at(i + 1));
            i += 2;
        }
        k = i;
        if (sq != NoSquare) {
            r.square = sq;
            json args = {{"square", square_name(sq)}, {"piece", piece_type_word(r.piece)}};
            if (color) args["color"] = color_word(*color);
            r.implicit.push_back(claim("occupies", args, ctx_));
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
        std::string what = std::string(c ? color_word(*c) + std::string(" ") : "") +
                           (pawn_file ? std::string(1, char('a' + *pawn_file)) + "-pawn"
                                      : piece_type_word(r.piece));
        r.error = cands ? "\"" + what + "\" is ambiguous: name its square"
                        : "there is no " + what + " to refer to";
        return true;
    }

    // Skips auxiliaries and adverbs, noting negations.
    void modifiers(std::size_t& i, std::size_t end, bool& negated) {
        static const std::vector<std::string> aux = {
            "is",        "was",      "would",      "will",     "be",          "can",     "could",
            "now",       "also",     "still",      "does",     "did",         "do",      "clearly",
            "simply",    "just",     "really",     "indeed",   "immediately", "then",    "here",
            "even",      "actually", "already",    "might",    "may",         "perhaps", "probably",
            "certainly", "surely",   "definitely", "has",      "have",        "had",     "been",
            "should",    "must",     "obviously",  "suddenly", "finally"};
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

    // The clauses of a verb phrase, split at "and"/"but"/"while" (and at a colon-led "it").
    void clauses(std::size_t i, const Subject& s) {
        std::size_t start = i;
        for (std::size_t k = i; k <= words_.size(); ++k) {
            bool split = k == words_.size();
            // "...a dual threat: it attacks ..." — a colon or semicolon before "it"/"this".
            if (!split && k > start && words_[k - 1].comma &&
                (words_[k].low == "it" || words_[k].low == "this")) {
                if (b_clause(start, k, s)) return;
                start = k;
                continue;
            }
            if (!split) {
                const std::string& w = words_[k].low;
                split = (w == "and" || w == "but" || w == "while" || w == "which" || w == "so") &&
                        k > start;
                // "the king and the rook" stays in the fork clause.
                if (split && w == "and" && k + 1 < words_.size() &&
                    (words_[k + 1].low == "the" || words_[k + 1].low == "a" ||
                     piece_word(words_[k + 1].low) || parse_square(words_[k + 1].low) != NoSquare))
                    split = false;
            }
            if (!split) continue;
            if (b_clause(start, k, s)) return;
            start = k + 1;
        }
    }

    // Reads clause words_[start, k); true (after marking the sentence unread) when it fails.
    bool b_clause(std::size_t start, std::size_t k, const Subject& s) {
        std::size_t b = start;
        if (b < k && (words_[b].low == "it" || words_[b].low == "this")) ++b;
        if (b < k && !filler(b, k) && !clause(b, k, s)) {
            std::string text;
            for (std::size_t n = start; n < k; ++n)
                text += (text.empty() ? "" : " ") + words_[n].raw;
            unread("clause not understood: \"" + text + "\"");
            return true;
        }
        return false;
    }

    // Announcements that carry no checkable fact by themselves: "creates a dual threat".
    bool filler(std::size_t i, std::size_t end) const {
        if (end - i < 2 || end - i > 4) return false;
        const std::string& v = words_[i].low;
        if (v != "creates" && v != "sets" && v != "poses" && v != "makes") return false;
        const std::string& last = words_[end - 1].low;
        return last == "threat" || last == "threats" || last == "problems";
    }

    std::vector<std::string> after_subject(const Subject& s) const {
        std::vector<std::string> m = ctx_;
        if (s.kind == Subject::MoveSubject && !s.made) m.push_back(s.move_text);
        return m;
    }

    void add(SubClaim c) { claims_.push_back(std::move(c)); }
    void add_implicit(const std::vector<SubClaim>& v) {
        for (const auto& c : v)
            if (std::none_of(claims_.begin(), claims_.end(), [&](const SubClaim& x) {
                    return x.predicate == c.predicate && x.args == c.args && x.moves == c.moves;
                }))
                claims_.push_back(c);
    }

    // The move a claim about a move subject names, from the context position.
    std::vector<std::string> move_ctx(const Subject& s) const {
        std::vector<std::string> m = ctx_;
        if (s.made && !m.empty()) m.pop_back();
        return m;
    }

    bool has(std::size_t i, std::size_t end, std::initializer_list<const char*> ws) const {
        for (std::size_t k = i; k < end; ++k)
            for (const char* w : ws)
                if (words_[k].low == w) return true;
        return false;
    }

    // Quality words on a move subject: "is a blunder", "is not the best", "is forced".
    bool quality(std::size_t i, std::size_t end, const Subject& s, bool negated) {
        if (s.kind != Subject::MoveSubject) return false;
        static const std::vector<std::string> filler = {
            "a",        "an",        "the",    "very",       "serious",   "terrible",   "big",
            "huge",     "clear",     "real",   "move",       "choice",    "reply",      "idea",
            "quite",    "rather",    "what",   "definitely", "strong",    "good",       "best",
            "only",     "excellent", "fine",   "accurate",   "correct",   "brilliant",  "solid",
            "blunder",  "mistake",   "error",  "inaccuracy", "dubious",   "inaccurate", "imprecise",
            "bad",      "poor",      "weak",   "forced",     "strongest", "natural",    "logical",
            "decisive", "horrible",  "grave",  "small",      "slight",    "bit",        "of",
            "one",      "clearly",   "simply", "probably",   "really",    "is",         "was",
            "not",      "isn't",     "wasn't", "by",         "far",       "engine's",   "top",
            "nice",     "great",     "losing", "blunders",   "mistakes",  "move!",      "an"};
        bool neg = negated;
        std::size_t k = i;
        modifiers(k, end, neg);
        if (k >= end) return false;
        for (std::size_t n = k; n < end; ++n)
            if (std::find(filler.begin(), filler.end(), words_[n].low) == filler.end())
                return false;
        // A bare-verdict sentence needs a quality word, not just filler.
        const std::string mv = s.move_text;
        const std::vector<std::string> moves = move_ctx(s);
        if (!s.legal && !s.made) {
            // An illegal move cannot be judged: the claim fails as legality.
            add(claim("is_legal", {{"move", mv}}, moves));
        }
        if (has(k, end, {"only", "forced"})) {
            add(claim("only_move", {{"move", mv}}, moves, neg));
        } else if (has(k, end, {"best", "strongest", "top"})) {
            add(claim("best_move", {{"move", mv}}, moves, neg));
        } else if (has(k, end,
                       {"blunder", "blunders", "mistake", "mistakes", "error", "bad", "poor",
                        "weak", "losing", "horrible"})) {
            add(claim("quality_label", {{"move", mv}, {"stance", "bad"}}, moves, neg));
        } else if (has(k, end, {"inaccuracy", "dubious", "inaccurate", "imprecise"})) {
            add(claim("quality_label", {{"move", mv}, {"label", "inaccuracy"}}, moves, neg));
        } else if (has(k, end,
                       {"good", "strong", "excellent", "fine", "accurate", "correct", "brilliant",
                        "solid", "natural", "logical", "decisive", "nice", "great"})) {
            add(claim("quality_label", {{"move", mv}, {"stance", "good"}}, moves, neg));
        } else {
            return false;
        }
        return true;
    }

    // One clause words_[i, end) about subject s.
    bool clause(std::size_t i, std::size_t end, const Subject& s) {
        bool neg = false;
        modifiers(i, end, neg);
        if (i >= end) return false;
        const std::string verb = words_[i].low;
        const bool is_move = s.kind == Subject::MoveSubject;
        const Color mover =
            s.kind == Subject::MoveSubject || s.kind == Subject::SideSubject ? s.color : s.color;
        const std::vector<std::string> after = after_subject(s);
        const std::string mv = s.move_text;
        std::vector<std::string> mctx = move_ctx(s);
        // The piece doing things: the moved piece, a named piece.
        auto from_square = [&]() -> std::optional<Square> {
            if (s.kind == Subject::PieceSubject || (is_move && s.legal)) return s.square;
            return std::nullopt;
        };
        if (s.kind != Subject::SideSubject) add_implicit(s.implicit);

        // Move legality: "is illegal", "is legal", "is not possible".
        if (is_move &&
            (verb == "illegal" || verb == "legal" || verb == "possible" || verb == "impossible") &&
            i + 1 >= end) {
            bool legal_said = (verb == "legal" || verb == "possible") != neg;
            add(claim("is_legal", {{"move", mv}}, mctx, !legal_said));
            return true;
        }
        if (quality(i, end, s, neg)) return true;

        // Check and mate.
        if (is_move && (verb == "checks" || verb == "check" || verb == "gives" ||
                        verb == "delivers" || verb == "mates" || verb == "checkmates" ||
                        verb == "checkmate" || verb == "mate" || verb == "with")) {
            bool mate = has(i, end, {"mate", "mates", "checkmate", "checkmates"});
            bool check = has(i, end, {"check", "checks"});
            if (mate || check) {
                if (!s.legal && !s.made) return add(claim("is_legal", {{"move", mv}}, mctx)), true;
                if (mate) add(claim("mates", {{"move", mv}}, mctx, neg));
                else if (has(i, end, {"discovered"}))
                    add(claim("gives_check", {{"move", mv}, {"kind", "discovered"}}, mctx, neg));
                else if (has(i, end, {"double"}))
                    add(claim("gives_check", {{"move", mv}, {"kind", "double"}}, mctx, neg));
                else add(claim("gives_check", {{"move", mv}}, mctx, neg));
                return true;
            }
        }
        if (s.kind == Subject::SideSubject &&
            (verb == "in" || verb == "checkmated" || verb == "mated")) {
            if (verb == "in" && has(i, end, {"check"})) {
                add(claim("checks", {{"color", color_word(s.color)}}, ctx_, neg));
                return true;
            }
            if (verb != "in") {
                add(claim("checks", {{"color", color_word(s.color)}}, ctx_));
                add(claim("mates", json::object(), ctx_, neg));
                return true;
            }
        }

        // Captures and material: "takes the knight on d5", "takes on g6", "wins a pawn", "wins the
        // queen with Rxg2+".
        if (verb == "captures" || verb == "takes" || verb == "take" || verb == "capture" ||
            verb == "wins" || verb == "win" || verb == "grabs" || verb == "grab" ||
            verb == "picks" || verb == "snaps" || verb == "won") {
            return material_clause(i, end, s, neg);
        }
        // Threats.
        if (verb == "threatens" || verb == "threaten" || verb == "threatening") {
            std::size_t k = i + 1;
            if (k < end && words_[k].low == "to") {
                ++k;
                if (k < end && (words_[k].low == "play" || words_[k].low == "take" ||
                                words_[k].low == "win" || words_[k].low == "capture"))
                    ++k;
                if (k < end && words_[k].low == "on") ++k;
            }
            if (k < end && move_shaped(words_[k].raw) && parse_square(words_[k].low) == NoSquare) {
                add(claim("threatens", {{"move", strip_annotations(words_[k].raw)}}, after, neg));
                return true;
            }
            Ref r;
            std::size_t q = k;
            Position at = position_after(after);
            Position keep = pos_;
            pos_ = at;
            bool got = piece_ref(q, ~mover, r);
            pos_ = keep;
            if (!got || !r.error.empty() || q != end)
                return got && r.error.empty() ? false : fail_ref(r);
            add_implicit(moved_implicit(r.implicit, after));
            add(claim("threatens", {{"target", square_name(r.square)}}, after, neg));
            return true;
        }
        // Attacks, defends, pins, controls: a relation from the piece to an object.
        if (verb == "attacks" || verb == "attack" || verb == "hits" || verb == "targets" ||
            verb == "eyes" || verb == "attacking" || verb == "defends" || verb == "defend" ||
            verb == "protects" || verb == "protect" || verb == "guards" || verb == "supports" ||
            verb == "pins" || verb == "pin" || verb == "controls" || verb == "control" ||
            verb == "dominates" || verb == "covers") {
            bool defend = verb == "defends" || verb == "defend" || verb == "protects" ||
                          verb == "protect" || verb == "guards" || verb == "supports";
            bool pin = verb == "pins" || verb == "pin";
            bool control =
                verb == "controls" || verb == "control" || verb == "dominates" || verb == "covers";
            std::size_t k = i + 1;
            Ref r;
            Position keep = pos_;
            pos_ = position_after(after);
            bool got = piece_ref(
                k, defend ? std::optional<Color>(mover) : std::optional<Color>(~mover), r);
            pos_ = keep;
            if (!got) return false;
            if (!r.error.empty()) return fail_ref(r);
            // "pins the knight to the king" / "against the queen".
            std::optional<Square> pinned_to;
            if (pin && k < end && (words_[k].low == "to" || words_[k].low == "against")) {
                std::size_t q = k + 1;
                Ref to;
                Position keep2 = pos_;
                pos_ = position_after(after);
                bool g2 = piece_ref(q, ~mover, to);
                pos_ = keep2;
                if (!g2 || !to.error.empty()) return g2 ? fail_ref(to) : false;
                pinned_to = to.square;
                add_implicit(moved_implicit(to.implicit, after));
                k = q;
            }
            if (k != end) return false;
            add_implicit(moved_implicit(r.implicit, after));
            if (control) {
                if (r.piece != NoPieceType) return false;
                add(claim("controls",
                          {{"square", square_name(r.square)}, {"color", color_word(mover)}}, after,
                          neg));
                return true;
            }
            auto from = from_square();
            if (pin) {
                json args = {{"pinned", square_name(r.square)}};
                if (from) args["pinner"] = square_name(*from);
                if (pinned_to) args["to"] = square_name(*pinned_to);
                add(claim("pins", args, after, neg));
                return true;
            }
            json args = {{"target", square_name(r.square)}};
            if (from) args["from"] = square_name(*from);
            else if (s.kind == Subject::SideSubject && !defend) args["color"] = color_word(mover);
            else if (!is_move || s.legal) return false;
            if (is_move && !s.legal) return add(claim("is_legal", {{"move", mv}}, mctx)), true;
            add(claim(defend ? "defends" : "attacks", args, after, neg));
            return true;
        }
        // Passive: "is pinned (to the king)", "is hanging", "is undefended", "is defended", "is
        // passed".
        if (s.kind == Subject::PieceSubject) {
            std::size_t k = i;
            if (k < end && (words_[k].low == "a" || words_[k].low == "an")) ++k;
            const std::string w = k < end ? words_[k].low : "";
            const std::string sq = square_name(s.square);
            if (w == "pinned") {
                json args = {{"pinned", sq}};
                if (k + 2 < end + 1 && k + 1 < end &&
                    (words_[k + 1].low == "to" || words_[k + 1].low == "against")) {
                    std::size_t q = k + 2;
                    Ref to;
                    bool g = piece_ref(q, s.color, to);
                    if (!g || !to.error.empty()) return g ? fail_ref(to) : false;
                    args["to"] = square_name(to.square);
                    add_implicit(to.implicit);
                    k = q - 1;
                }
                if (k + 1 != end) return false;
                add(claim("pins", args, ctx_, neg));
                return true;
            }
            const bool single =
                k + 1 == end || (k + 2 == end && (words_[k + 1].low == "pawn" ||
                                                  (w == "en" && words_[k + 1].low == "prise")));
            if (single) {
                if (w == "hanging" || w == "hangs" || w == "loose" || w == "en")
                    return add(claim("hangs", {{"square", sq}}, ctx_, neg)), true;
                if (w == "undefended" || w == "unprotected" || w == "defenceless" ||
                    w == "defenseless")
                    return add(claim("undefended", {{"square", sq}}, ctx_, neg)), true;
                if (w == "defended" || w == "protected")
                    return add(claim("undefended", {{"square", sq}}, ctx_, !neg)), true;
                if (w == "passed" || w == "passer")
                    return add(claim("passed_pawn", {{"square", sq}}, ctx_, neg)), true;
                if (w == "attacked")
                    return add(claim("attacks", {{"target", sq}, {"color", color_word(~s.color)}},
                                     ctx_, neg)),
                           true;
            }
        }
        // Moves: "hangs the queen", "leaves the bishop on b4 hanging/undefended".
        if (is_move &&
            (verb == "hangs" || verb == "leaves" || verb == "drops" || verb == "blunders")) {
            if (!s.legal && !s.made) return add(claim("is_legal", {{"move", mv}}, mctx)), true;
            std::size_t k = i + 1;
            if (verb == "hangs" && k == end)
                return add(claim("hangs", {{"square", square_name(s.square)}}, after, neg)), true;
            Ref r;
            Position keep = pos_;
            pos_ = position_after(after);
            bool got = piece_ref(k, mover, r);
            pos_ = keep;
            if (!got) return false;
            if (!r.error.empty()) return fail_ref(r);
            std::string state = verb == "leaves" && k < end ? words_[k].low : "hanging";
            if (verb == "leaves") ++k;
            if (k != end) return false;
            add_implicit(moved_implicit(r.implicit, after));
            if (state == "undefended" || state == "unprotected")
                add(claim("undefended", {{"square", square_name(r.square)}}, after, neg));
            else if (state == "hanging" || state == "en")
                add(claim("hangs", {{"square", square_name(r.square)}}, after, neg));
            else return false;
            return true;
        }
        // Forks.
        if (is_move &&
            (verb == "forks" || verb == "fork" || (verb == "a" && has(i, end, {"fork"})) ||
             ((verb == "creates" || verb == "sets") && has(i, end, {"fork"})))) {
            if (!s.legal && !s.made) return add(claim("is_legal", {{"move", mv}}, mctx)), true;
            json targets = json::array();
            if (verb == "forks" || verb == "fork") {
                std::size_t k = i + 1;
                Position keep = pos_;
                pos_ = position_after(after);
                while (k < end) {
                    if (words_[k].low == "and" || words_[k].low == "both") {
                        ++k;
                        continue;
                    }
                    Ref r;
                    if (!piece_ref(k, ~mover, r)) break;
                    if (!r.error.empty()) {
                        pos_ = keep;
                        return fail_ref(r);
                    }
                    targets.push_back(square_name(r.square));
                    add_implicit(moved_implicit(r.implicit, after));
                }
                pos_ = keep;
                if (k != end) return false;
            }
            json args = {{"move", mv}};
            if (!targets.empty()) args["targets"] = targets;
            add(claim("forks", args, mctx, neg));
            return true;
        }
        // Files and lines: "opens the e-file", "opens the h4-e7 diagonal", "via the e-file".
        if (is_move && (verb == "opens" || verb == "open")) {
            if (!s.legal && !s.made) return add(claim("is_legal", {{"move", mv}}, mctx)), true;
            for (std::size_t k = i + 1; k < end; ++k) {
                if (auto f = file_word(words_[k].low)) {
                    add(claim("opens_file",
                              {{"move", mv}, {"file", std::string(1, char('a' + *f))}}, mctx, neg));
                    return true;
                }
                if (auto p = square_pair(words_[k].low)) {
                    add(claim("opens_line",
                              {{"move", mv},
                               {"from", square_name(p->first)},
                               {"to", square_name(p->second)}},
                              mctx, neg));
                    return true;
                }
            }
            return false;
        }
        for (std::size_t k = i; k + 1 < end; ++k) {
            const std::string& w = words_[k].low;
            if ((w == "via" || w == "along" || w == "down" || w == "through" || w == "up") &&
                k + 2 < end + 1) {
                std::size_t q = k + 1;
                if (q < end && words_[q].low == "the") ++q;
                if (q < end) {
                    if (auto f = file_word(words_[q].low)) {
                        add(claim("open_file",
                                  {{"file", std::string(1, char('a' + *f))},
                                   {"color", color_word(mover)}},
                                  after, neg));
                        return true;
                    }
                }
            }
        }
        // Placement: "centralizes the queen", "goes to e4", "lands on d5".
        if (is_move && (verb == "centralizes" || verb == "centralises")) {
            if (!s.legal && !s.made) return add(claim("is_legal", {{"move", mv}}, mctx)), true;
            add(claim("occupies",
                      {{"square", square_name(s.square)}, {"piece", piece_type_word(s.piece)}},
                      after, neg));
            return true;
        }
        if ((is_move || s.kind == Subject::PieceSubject) &&
            (verb == "goes" || verb == "moves" || verb == "lands" || verb == "comes" ||
             verb == "jumps" || verb == "stands" || verb == "sits" || verb == "on" ||
             verb == "heads" || verb == "arrives" || verb == "reaches")) {
            std::size_t k = i + 1;
            if (verb == "on") k = i;
            while (k < end &&
                   (words_[k].low == "to" || words_[k].low == "on" || words_[k].low == "into" ||
                    words_[k].low == "the" || words_[k].low == "at"))
                ++k;
            if (k + 1 != end && !(k + 2 == end && words_[k + 1].low == "square")) return false;
            Square sq = parse_square(words_[k].low);
            if (sq == NoSquare) return false;
            PieceType pt = s.piece;
            if (pt == NoPieceType) return false;
            add(claim("occupies", {{"square", square_name(sq)}, {"piece", piece_type_word(pt)}},
                      after, neg));
            return true;
        }
        // "creates a passed pawn (on d6)".
        if (is_move && (verb == "creates" || verb == "gets" || verb == "makes") &&
            has(i, end, {"passed", "passer"})) {
            Square sq = s.square;
            for (std::size_t k = i; k < end; ++k)
                if (parse_square(words_[k].low) != NoSquare) sq = parse_square(words_[k].low);
            if (sq == NoSquare) return false;
            add(claim("passed_pawn", {{"square", square_name(sq)}}, after, neg));
            return true;
        }
        // "forces the king to g1", "forces Kg1".
        if (is_move && (verb == "forces" || verb == "force")) {
            std::size_t k = i + 1;
            std::vector<std::string> next = after;
            if (k < end && move_shaped(words_[k].raw) && parse_square(words_[k].low) == NoSquare &&
                k + 1 == end) {
                add(claim("only_move", {{"move", strip_annotations(words_[k].raw)}}, next, neg));
                return true;
            }
            Position at = position_after(after);
            Position keep = pos_;
            pos_ = at;
            Ref r;
            bool got = piece_ref(k, at.side_to_move(), r);
            pos_ = keep;
            if (!got || !r.error.empty() || r.piece == NoPieceType)
                return got && !r.error.empty() ? fail_ref(r) : false;
            if (k + 2 != end || words_[k].low != "to") return false;
            Square to = parse_square(words_[k + 1].low);
            if (to == NoSquare) return false;
            std::string text;
            for (Move m : MoveList(at))
                if (m.from() == r.square && destination(at, m) == to) text = move_to_san(at, m);
            if (text.empty()) text = square_name(r.square) + square_name(to);  // fails as illegal
            add(claim("only_move", {{"move", text}}, next, neg));
            return true;
        }
        // Sides: "White can play Nf3", "Black can take on g6".
        if (s.kind == Subject::SideSubject &&
            (verb == "plays" || verb == "play" || verb == "played")) {
            if (i + 2 != end || !move_shaped(words_[i + 1].raw)) return false;
            add(claim("is_legal", {{"move", strip_annotations(words_[i + 1].raw)}}, ctx_, neg));
            return true;
        }
        return false;
    }

    bool fail_ref(const Ref& r) {
        unread(r.error.empty() ? "piece reference not understood" : r.error);
        return true;  // the sentence is already marked unread
    }

    // Implicit occupies claims of an object reference hold in the position where it is named.
    static std::vector<SubClaim> moved_implicit(std::vector<SubClaim> v,
                                                const std::vector<std::string>& moves) {
        for (auto& c : v) c.moves = moves;
        return v;
    }

    // captures / wins clauses.
    bool material_clause(std::size_t i, std::size_t end, const Subject& s, bool neg) {
        const std::string verb = words_[i].low;
        const bool win = verb == "wins" || verb == "win" || verb == "won";
        std::size_t k = i + 1;
        if (k < end && (words_[k].low == "up" || words_[k].low == "off" || words_[k].low == "back"))
            ++k;
        // "with M" names the move (for a side subject or "wins the queen with Rxg2+").
        std::string with_move;
        std::size_t obj_end = end;
        for (std::size_t q = k; q + 1 < end; ++q)
            if ((words_[q].low == "with" || words_[q].low == "by") &&
                move_shaped(words_[q + 1].raw) && parse_square(words_[q + 1].low) == NoSquare) {
                with_move = strip_annotations(words_[q + 1].raw);
                obj_end = q;
                if (q + 2 != end) return false;
                break;
            }
        std::string mv;
        std::vector<std::string> mctx;
        std::optional<Color> mover;
        if (!with_move.empty()) {
            mv = with_move;
            mctx = s.kind == Subject::MoveSubject ? after_subject(s) : ctx_;
            Position at = position_after(mctx);
            mover = at.side_to_move();
        } else if (s.kind == Subject::MoveSubject) {
            mv = s.move_text;
            mctx = move_ctx(s);
            mover = s.color;
            if (!s.legal && !s.made) return add(claim("is_legal", {{"move", mv}}, mctx)), true;
        } else {
            mctx = ctx_;
            if (s.kind == Subject::SideSubject) mover = s.color;
        }
        // What is won or taken.
        json args;
        PieceType piece = NoPieceType;
        std::optional<int> amount;
        std::optional<Square> square;
        if (k < obj_end && words_[k].low == "on" && k + 2 == obj_end &&
            parse_square(words_[k + 1].low) != NoSquare) {
            square = parse_square(words_[k + 1].low);
        } else if (k < obj_end) {
            std::size_t q = k;
            if (words_[q].low == "a" || words_[q].low == "an" || words_[q].low == "the" ||
                words_[q].low == "some")
                ++q;
            if (q + 1 == obj_end && words_[q].low == "exchange") amount = 200;
            else if (q + 1 == obj_end && words_[q].low == "material") amount = 100;
            else if (q + 1 == obj_end && words_[q].low == "piece") amount = 300;
            else {
                Ref r;
                std::size_t z = k;
                Position keep = pos_;
                pos_ = position_after(mctx);
                bool got = piece_ref(z, mover ? std::optional<Color>(~*mover) : std::nullopt, r);
                pos_ = keep;
                if (!got) return false;
                if (z != obj_end) return false;
                if (r.piece == NoPieceType) {
                    square = r.square;
                } else {
                    piece = r.piece;
                    // "wins a pawn" does not name a particular pawn: only the named square counts.
                    bool indefinite = words_[k].low == "a" || words_[k].low == "an";
                    if (!r.error.empty() && !indefinite) return fail_ref(r);
                    if (r.error.empty() && !indefinite) square = r.square;
                    if (!r.implicit.empty()) add_implicit(moved_implicit(r.implicit, mctx));
                    if (win && indefinite && piece != Queen && piece != Rook) {
                        amount = PieceValue[piece];
                        piece = NoPieceType;
                    }
                }
            }
        }
        if (s.kind == Subject::SideSubject && mv.empty()) {
            if (win || !square) return false;
            if (ctx_legal_ && position_after(ctx_).side_to_move() != s.color) {
                unread(std::string("it is not ") + color_word(s.color) + "'s move there");
                return true;
            }
            json a = {{"square", square_name(*square)}};
            if (piece != NoPieceType) a["piece"] = piece_type_word(piece);
            add(claim("can_capture", a, ctx_, neg));
            return true;
        }
        if (mv.empty()) return false;
        if (win) {
            args = {{"move", mv}};
            if (piece != NoPieceType) args["piece"] = piece_type_word(piece);
            if (amount) args["amount"] = *amount;
            add(claim("wins_material", args, mctx, neg));
            return true;
        }
        args = {{"move", mv}};
        if (piece != NoPieceType) args["piece"] = piece_type_word(piece);
        if (square) args["square"] = square_name(*square);
        add(claim("captures", args, mctx, neg));
        return true;
    }

    const Position& root_;
    std::optional<Move> played_;
    ReadSentence& out_;
    std::vector<Word> words_;
    std::vector<std::string> base_, ctx_;
    bool ctx_legal_ = true;
    Position pos_;
    std::vector<SubClaim> claims_;
};

}  // namespace

std::vector<std::string> split_sentences(std::string_view text) {
    std::vector<std::string> out;
    std::string cur;
    auto flush = [&] {
        std::size_t a = 0, b = cur.size();
        while (a < b && is_space(cur[a])) ++a;
        while (b > a && is_space(cur[b - 1])) --b;
        if (b > a) out.push_back(cur.substr(a, b - a));
        cur.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '\n' && i + 1 < text.size() && text[i + 1] == '\n') {
            flush();
            continue;
        }
        cur += c;
        if (c != '.' && c != '!' && c != '?' && c != ';') continue;
        bool end = i + 1 == text.size() || is_space(text[i + 1]);
        if (!end) continue;
        // The word this mark ends.
        std::size_t s = cur.size();
        while (s > 0 && !is_space(cur[s - 1])) --s;
        std::string word = cur.substr(s);
        while (!word.empty() && (word.back() == '.' || word.back() == '!' || word.back() == '?' ||
                                 word.back() == ';'))
            word.pop_back();
        // "12." is a move number; "Nf3!" / "Qh4+?!" is an annotated move inside a sentence
        // unless the sentence ends there (next word starts with a capital that is not a piece).
        if (c == '.' && move_number(word + ".")) continue;
        if ((c == '!' || c == '?') && move_shaped(word)) {
            std::size_t n = i + 1;
            while (n < text.size() && is_space(text[n])) ++n;
            if (n < text.size() && std::islower(static_cast<unsigned char>(text[n]))) continue;
        }
        if (c == '.' &&
            (word == "e.p" || word == "e" || word == "vs" || word == "i.e" || word == "e.g"))
            continue;
        flush();
    }
    flush();
    return out;
}

CommentaryReading read_commentary(const Position& before, std::string_view move,
                                  std::string_view text) {
    CommentaryReading out;
    if (text.size() > MaxText) text = text.substr(0, MaxText);
    std::optional<Move> played;
    if (!move.empty()) {
        MoveParse mp = parse_move_text(before, move);
        if (mp.ok()) {
            played = mp.move;
            out.doc.move = move_to_san(before, mp.move);
        } else {
            out.doc.move = std::string(move);
        }
    }
    out.doc.fen = before.fen();
    for (std::string& s : split_sentences(text)) {
        ReadSentence r;
        r.text = std::move(s);
        if (!move.empty() && !played) {
            r.unread_reason =
                "the commented move cannot be played: " + parse_move_text(before, move).message;
        } else {
            try {
                SentenceReader(before, played, r).read();
            } catch (const std::exception& e) {
                r.claims.clear();
                r.unread_reason = std::string("internal error: ") + e.what();
            }
        }
        if (r.read()) {
            out.doc.atoms.push_back({r.text, r.claims});
        }
        out.sentences.push_back(std::move(r));
    }
    return out;
}

}  // namespace glossfish::verifier
