// The sentence reader's frame: a sentence read clause by clause after its move context, and
// what was read kept or reported with its reason.
#include "reader/reader_sentence.h"

#include <algorithm>

#include "rules/notation.h"
#include "rules/structure.h"
#include "tools/board_tools.h"
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
    // "Instead of X, ...": the claims hold in the position before the commented move X.
    if (w0 == "instead" && played_ && words_.size() > 3 && words_[1].low == "of" &&
        move_shaped(words_[2].raw) && words_[2].comma) {
        MoveParse mp = parse_move_text(root_, strip_annotations(words_[2].raw));
        if (!mp.ok() || mp.move != *played_) {
            unread("\"instead of\" names a move that is not the commented one");
            return false;
        }
        ctx_.clear();
        i = 3;
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

}  // namespace glossfish::verifier
