// The idea catalogue's phrases (claims/ideas_catalogue.h) read as clauses about a move: "Nf3
// develops the knight toward the centre", "Rd1 puts the rook on the open d-file", "e4 takes
// control of d5 and f5". Each phrase's words are matched whole, its slots read from the words
// (pieces, squares, lists of squares, files) and its claims stated about the move.
#include "reader/reader_sentence.h"
#include "rules/notation.h"
#include "tools/tool_json.h"

namespace glossfish::verifier {

// Matches the words [i, end) against a phrase whole, filling its slots.
bool SentenceReader::match_phrase(std::size_t i, std::size_t end, const std::string& phrase,
                                  IdeaSlots& slots) const {
    std::size_t k = i, p = 0;
    while (p < phrase.size()) {
        while (p < phrase.size() && phrase[p] == ' ') ++p;
        if (p >= phrase.size()) break;
        std::size_t q = phrase.find(' ', p);
        if (q == std::string::npos) q = phrase.size();
        const std::string token = phrase.substr(p, q - p);
        p = q;
        if (k >= end) return false;
        if (token.front() != '{') {
            if (words_[k].low != token) return false;
            ++k;
            continue;
        }
        const std::string& w = words_[k].low;
        if (token == "{square}-{square2}") {
            // A line named by its ends: "a7-g1".
            auto pair = square_pair(w);
            if (!pair) return false;
            slots["square"] = square_name(pair->first);
            slots["square2"] = square_name(pair->second);
            ++k;
            continue;
        }
        const std::string slot = token.substr(1, token.size() - 2);
        if (slot == "piece" || slot == "piece2") {
            if (!piece_word(w)) return false;
            slots[slot] = w;
            ++k;
        } else if (slot == "square" || slot == "square2") {
            if (parse_square(w) == NoSquare) return false;
            slots[slot] = w;
            ++k;
        } else if (slot == "file") {
            auto f = file_word(w);
            if (!f) return false;
            slots[slot] = std::string(1, char('a' + *f));
            ++k;
        } else if (slot == "squares") {
            // "d5", "d5 and f5", "d4, d5 and e4".
            std::string list;
            while (k < end && parse_square(words_[k].low) != NoSquare) {
                list += (list.empty() ? "" : " ") + words_[k].low;
                const bool comma = words_[k].comma;
                ++k;
                if (k + 1 < end && words_[k].low == "and" &&
                    parse_square(words_[k + 1].low) != NoSquare) {
                    ++k;
                } else if (!comma) {
                    break;
                }
            }
            if (list.empty()) return false;
            slots[slot] = list;
        } else {
            return false;
        }
    }
    return k == end;
}

namespace {

// The phrase without its first `skip` words, when those are all plain words (no slot): what a
// second object after "and" repeats of it ("breaks the pin on the pawn on f2 and [breaks the pin
// on] the pawn on g2"). "" when a slot comes first.
std::string phrase_tail(const std::string& phrase, std::size_t skip) {
    std::size_t p = 0;
    for (std::size_t n = 0; n < skip; ++n) {
        while (p < phrase.size() && phrase[p] == ' ') ++p;
        if (p >= phrase.size() || phrase[p] == '{') return "";
        p = phrase.find(' ', p);
        if (p == std::string::npos) return "";
    }
    return phrase.substr(p);
}

}  // namespace

bool SentenceReader::idea_clause(std::size_t i, std::size_t end, const Subject& s, bool neg) {
    if (s.kind != Subject::MoveSubject || neg) return false;
    for (const IdeaKindSpec& kind : idea_catalogue()) {
        for (const IdeaPhrase& phrase : kind.phrases) {
            // The phrase whole, or twice with its shared start said once: "breaks the pin on
            // the pawn on f2 and the pawn on g2".
            std::vector<IdeaSlots> objects(1);
            if (!match_phrase(i, end, phrase.words, objects[0])) {
                objects.clear();
                for (std::size_t m = i + 1; m + 1 < end && objects.empty(); ++m) {
                    if (words_[m].low != "and") continue;
                    IdeaSlots first;
                    if (!match_phrase(i, m, phrase.words, first)) continue;
                    for (std::size_t skip = 1; skip < m - i; ++skip) {
                        const std::string tail = phrase_tail(phrase.words, skip);
                        IdeaSlots second;
                        if (tail.empty() || tail.find('{') == std::string::npos) break;
                        if (match_phrase(m + 1, end, tail, second)) {
                            objects = {first, second};
                            break;
                        }
                    }
                }
                if (objects.empty()) continue;
            }
            const std::vector<std::string> before = move_ctx(s);
            if (illegal_subject(s, before)) return true;
            Position at = position_after(before);
            MoveParse mp = parse_move_text(at, s.move_text);
            if (!mp.ok()) return false;
            const Square to = destination(at, mp.move);
            const std::string us = color_word(at.side_to_move());
            for (const IdeaSlots& slots : objects)
                for (const IdeaClaim& c :
                     phrase_claims(phrase, slots, s.move_text, square_name(mp.move.from()),
                                   square_name(to), us))
                    add(make_claim(c.predicate, c.args, c.after ? after_subject(s) : before,
                                   c.negated));
            return true;
        }
    }
    return false;
}

}  // namespace glossfish::verifier
