// The idea catalogue's phrases (claims/ideas_catalogue.h) read as clauses about a move: "Nf3
// develops the knight toward the centre", "Rd1 puts the rook on the open d-file", "e4 takes
// control of d5 and f5". Each phrase's words are matched whole, its slots read from the words
// (pieces, squares, lists of squares, files, another move) and its claims stated about the move.
#include <sstream>

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
        } else if (slot == "move2") {
            // Another move, in SAN: "that gxf6 would break".
            if (!move_shaped(words_[k].raw)) return false;
            slots[slot] = words_[k].raw;
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

bool SentenceReader::idea_clause(std::size_t i, std::size_t end, const Subject& s, bool neg) {
    if (s.kind != Subject::MoveSubject || neg) return false;
    // A phrase split after its first `skip` tokens (a slot is one token): head and tail.
    auto split = [](const std::string& phrase, std::size_t skip) {
        std::istringstream in(phrase);
        std::string head, tail, w;
        for (std::size_t n = 0; in >> w; ++n) {
            std::string& part = n < skip ? head : tail;
            part += (part.empty() ? "" : " ") + w;
        }
        return std::pair{head, tail};
    };
    struct Object {
        const IdeaPhrase* phrase;
        IdeaSlots slots;
    };
    for (const IdeaKindSpec& kind : idea_catalogue()) {
        for (const IdeaPhrase& phrase : kind.phrases) {
            // The phrase whole, or two phrases with their shared start said once: "breaks the
            // pin on the pawn on f2 and the pawn on g2"; "puts the queen on the open d-file and
            // the open h4-d8 diagonal" (the second phrase another kind's).
            std::vector<Object> objects;
            if (IdeaSlots whole; match_phrase(i, end, phrase.words, whole))
                objects.push_back({&phrase, whole});
            for (std::size_t m = i + 1; m + 1 < end && objects.empty(); ++m) {
                if (words_[m].low != "and") continue;
                IdeaSlots first;
                if (!match_phrase(i, m, phrase.words, first)) continue;
                // The second phrase's first words are the first clause's (their slots filled
                // from them); its other words are what follows "and".
                for (std::size_t skip = 1; skip < m - i && objects.empty(); ++skip) {
                    for (const IdeaKindSpec& other : idea_catalogue()) {
                        for (const IdeaPhrase& second_phrase : other.phrases) {
                            const auto [head, tail] = split(second_phrase.words, skip);
                            IdeaSlots second;
                            if (tail.empty() || !match_phrase(i, i + skip, head, second) ||
                                !match_phrase(m + 1, end, tail, second))
                                continue;
                            objects = {{&phrase, first}, {&second_phrase, second}};
                            break;
                        }
                        if (!objects.empty()) break;
                    }
                }
            }
            if (objects.empty()) continue;
            const std::vector<std::string> before = move_ctx(s);
            if (illegal_subject(s, before)) return true;
            Position at = position_after(before);
            MoveParse mp = parse_move_text(at, s.move_text);
            if (!mp.ok()) return false;
            const Square to = destination(at, mp.move);
            const std::string us = color_word(at.side_to_move());
            for (const Object& o : objects)
                for (const IdeaClaim& c :
                     phrase_claims(*o.phrase, o.slots, s.move_text, square_name(mp.move.from()),
                                   square_name(to), us))
                    add(make_claim(c.predicate, c.args, c.after ? after_subject(s) : before,
                                   c.negated));
            return true;
        }
    }
    return false;
}

}  // namespace glossfish::verifier
