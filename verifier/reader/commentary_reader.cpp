// The commentary reader's entry point: sentences, each read by a SentenceReader
// (reader_sentence.h), the read ones gathered as atoms.
#include "reader/commentary_reader.h"

#include "io/input_limits.h"
#include "io/utf8.h"
#include "reader/reader_sentence.h"
#include "rules/notation.h"
#include "tools/board_tools.h"

namespace glossfish::verifier {

// Reads each sentence of text about `move` from `before`.
CommentaryReading read_commentary(const Position& before, std::string_view move,
                                  std::string_view text) {
    CommentaryReading out;
    text = utf8_prefix(text, MaxCommentaryText);  // cut on a character boundary
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
    // The piece a sentence ending in ';' spoke of, for an "it" that opens the next one.
    std::optional<Subject> carry;
    std::vector<std::string> carry_context;
    for (std::string& s : split_sentences(text)) {
        ReadSentence r;
        r.text = std::move(s);
        if (!move.empty() && !played) {
            r.unread_reason =
                "the commented move cannot be played: " + parse_move_text(before, move).message;
            r.unread_clauses = {{r.text, r.unread_reason}};
        } else {
            try {
                SentenceReader reader(before, played, r);
                if (carry) reader.carry(*carry, carry_context);
                reader.read();
                carry.reset();
                if (!r.text.empty() && r.text.back() == ';' && reader.last_subject()) {
                    carry = *reader.last_subject();
                    carry_context = r.context;
                }
            } catch (const std::exception& e) {
                r.claims.clear();
                r.unread_reason = std::string("internal error: ") + e.what();
                r.unread_clauses = {{r.text, r.unread_reason}};
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
