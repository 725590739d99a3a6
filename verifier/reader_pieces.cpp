// Relations and states of pieces: threats, attacks, defences, pins, control; hanging,
// undefended, defended, pinned and passed pieces; where a piece stands.
#include <algorithm>

#include "board_tools.h"
#include "notation.h"
#include "reader_sentence.h"
#include "tool_json.h"

namespace glossfish::verifier {

using nlohmann::json;

// Threats: "Qh5 threatens Qxf7", "threatens (to take) the pawn on f7", "White threatens ...".
// A threat is made by the side not to move; the side to move "threatening" a piece can take
// it now, which is read as that piece hanging.
bool SentenceReader::threat_clause(std::size_t i, std::size_t end, const Subject& s, bool neg) {
    const std::string& verb = words_[i].low;
    if (verb != "threatens" && verb != "threaten" && verb != "threatening") return false;
    if (s.kind == Subject::MoveSubject && illegal_subject(s, move_ctx(s))) return true;
    const std::vector<std::string> after = after_subject(s);
    const Position at = position_after(after);
    const bool to_move = at.side_to_move() == s.color;
    std::size_t k = i + 1;
    if (k < end && words_[k].low == "to") {
        ++k;
        if (k < end && (words_[k].low == "play" || words_[k].low == "take" ||
                        words_[k].low == "win" || words_[k].low == "capture"))
            ++k;
        if (k < end && words_[k].low == "on") ++k;
    }
    if (k < end && move_shaped(words_[k].raw) && parse_square(words_[k].low) == NoSquare) {
        if (k + 1 != end) return false;
        if (to_move) {
            unread(std::string("it is ") + color_word(s.color) +
                   "'s move there: a threat is a move of the side not to move");
            return true;
        }
        add(make_claim("threatens", {{"move", strip_annotations(words_[k].raw)}}, after, neg));
        return true;
    }
    Ref r;
    std::size_t q = k;
    bool got = piece_ref_after(after, q, ~s.color, r);
    if (!got || !r.error.empty() || q != end) return got && r.error.empty() ? false : fail_ref(r);
    add_implicit(moved_implicit(r.implicit, after));
    add(make_claim(to_move ? "hangs" : "threatens",
                   {{to_move ? "square" : "target", square_name(r.square)}}, after, neg));
    return true;
}

// Attacks, defends, pins, controls: a relation from the piece to an object.
bool SentenceReader::relation_clause(std::size_t i, std::size_t end, const Subject& s, bool neg) {
    const std::string& verb = words_[i].low;
    if (!(verb == "attacks" || verb == "attack" || verb == "hits" || verb == "targets" ||
          verb == "eyes" || verb == "attacking" || verb == "defends" || verb == "defend" ||
          verb == "protects" || verb == "protect" || verb == "guards" || verb == "supports" ||
          verb == "pins" || verb == "pin" || verb == "controls" || verb == "control" ||
          verb == "dominates" || verb == "covers"))
        return false;
    const bool is_move = s.kind == Subject::MoveSubject;
    const Color mover = s.color;
    const std::vector<std::string> after = after_subject(s);
    bool defend = verb == "defends" || verb == "defend" || verb == "protects" ||
                  verb == "protect" || verb == "guards" || verb == "supports";
    bool pin = verb == "pins" || verb == "pin";
    bool control =
        verb == "controls" || verb == "control" || verb == "dominates" || verb == "covers";
    std::size_t k = i + 1;
    Ref r;
    bool got = piece_ref_after(
        after, k, defend ? std::optional<Color>(mover) : std::optional<Color>(~mover), r);
    if (!got) return false;
    if (!r.error.empty()) return fail_ref(r);
    // "pins the knight to the king" / "against the queen".
    std::optional<Square> pinned_to;
    if (pin && k < end && (words_[k].low == "to" || words_[k].low == "against")) {
        std::size_t q = k + 1;
        Ref to;
        bool g2 = piece_ref_after(after, q, ~mover, to);
        if (!g2 || !to.error.empty()) return g2 ? fail_ref(to) : false;
        pinned_to = to.square;
        add_implicit(moved_implicit(to.implicit, after));
        k = q;
    }
    if (k != end) return false;
    add_implicit(moved_implicit(r.implicit, after));
    if (control) {
        if (r.piece != NoPieceType) return false;
        add(make_claim("controls",
                       {{"square", square_name(r.square)}, {"color", color_word(mover)}}, after,
                       neg));
        return true;
    }
    std::optional<Square> from;
    if (s.kind == Subject::PieceSubject || (is_move && s.legal)) from = s.square;
    if (pin) {
        json args = {{"pinned", square_name(r.square)}};
        if (from) args["pinner"] = square_name(*from);
        if (pinned_to) args["to"] = square_name(*pinned_to);
        add(make_claim("pins", args, after, neg));
        return true;
    }
    json args = {{"target", square_name(r.square)}};
    if (from) args["from"] = square_name(*from);
    else if (s.kind == Subject::SideSubject && !defend) args["color"] = color_word(mover);
    else if (!is_move || s.legal) return false;
    if (illegal_subject(s, move_ctx(s))) return true;
    add(make_claim(defend ? "defends" : "attacks", args, after, neg));
    return true;
}

// States of a named piece: "is pinned (to the king / by the bishop)", "is hanging", "is
// undefended", "is defended (by the queen)", "is attacked (by the knight)", "is threatened",
// "is under attack", "is passed".
bool SentenceReader::piece_state_clause(std::size_t i, std::size_t end, const Subject& s,
                                        bool neg) {
    if (s.kind != Subject::PieceSubject) return false;
    std::size_t k = i;
    if (k < end && (words_[k].low == "a" || words_[k].low == "an" || words_[k].low == "left")) ++k;
    const std::string w = k < end ? words_[k].low : "";
    const std::string sq = square_name(s.square);
    // "... by the queen": the piece doing it, of `side`.
    auto by = [&](std::size_t q, Color side, Ref& r) {
        if (q + 1 >= end || words_[q].low != "by") return false;
        ++q;
        if (!piece_ref(q, side, r) || q != end) return false;
        return true;
    };
    if (w == "pinned") {
        json args = {{"pinned", sq}};
        std::size_t q = k + 1;
        while (q < end &&
               (words_[q].low == "to" || words_[q].low == "against" || words_[q].low == "by")) {
            const bool pinner = words_[q].low == "by";
            std::size_t z = q + 1;
            Ref r;
            bool g = piece_ref(z, pinner ? ~s.color : s.color, r);
            if (!g || !r.error.empty()) return g ? fail_ref(r) : false;
            args[pinner ? "pinner" : "to"] = square_name(r.square);
            add_implicit(r.implicit);
            q = z;
        }
        if (q != end) return false;
        add(make_claim("pins", args, ctx_, neg));
        return true;
    }
    if (w == "defended" || w == "protected" || w == "guarded" || w == "attacked") {
        const bool attacked = w == "attacked";
        Ref r;
        if (by(k + 1, attacked ? ~s.color : s.color, r)) {
            if (!r.error.empty()) return fail_ref(r);
            add_implicit(r.implicit);
            add(make_claim(attacked ? "attacks" : "defends",
                           {{"target", sq}, {"from", square_name(r.square)}}, ctx_, neg));
            return true;
        }
    }
    if ((w == "under" && k + 2 == end &&
         (words_[k + 1].low == "attack" || words_[k + 1].low == "fire")) ||
        (w == "attacked" && k + 1 == end))
        return add(make_claim("attacks", {{"target", sq}, {"color", color_word(~s.color)}}, ctx_,
                              neg)),
               true;
    if ((w == "threatened" && k + 1 == end) ||
        (w == "under" && k + 2 == end && words_[k + 1].low == "threat")) {
        // The side to move can take it now (hangs); else the side not to move threatens it.
        const bool to_move = pos_.side_to_move() != s.color;
        add(make_claim(to_move ? "hangs" : "threatens", {{to_move ? "square" : "target", sq}}, ctx_,
                       neg));
        return true;
    }
    const bool single =
        k + 1 == end || (k + 2 == end && (words_[k + 1].low == "pawn" ||
                                          (w == "en" && words_[k + 1].low == "prise")));
    if (!single) return false;
    if (w == "hanging" || w == "hangs" || w == "loose" || w == "en")
        return add(make_claim("hangs", {{"square", sq}}, ctx_, neg)), true;
    if (w == "undefended" || w == "unprotected" || w == "defenceless" || w == "defenseless" ||
        w == "unguarded")
        return add(make_claim("undefended", {{"square", sq}}, ctx_, neg)), true;
    if (w == "defended" || w == "protected" || w == "guarded")
        return add(make_claim("undefended", {{"square", sq}}, ctx_, !neg)), true;
    if (w == "passed" || w == "passer")
        return add(make_claim("passed_pawn", {{"square", sq}}, ctx_, neg)), true;
    return false;
}

// Where a piece stands or goes: "the queen is on d1", "the knight goes to e5", "lands on d5".
bool SentenceReader::placement_clause(std::size_t i, std::size_t end, const Subject& s, bool neg) {
    const std::string& verb = words_[i].low;
    const bool is_move = s.kind == Subject::MoveSubject;
    if (!(is_move || s.kind == Subject::PieceSubject) ||
        !(verb == "goes" || verb == "moves" || verb == "lands" || verb == "comes" ||
          verb == "jumps" || verb == "stands" || verb == "sits" || verb == "on" ||
          verb == "heads" || verb == "arrives" || verb == "reaches" || verb == "placed" ||
          verb == "posted" || verb == "located"))
        return false;
    std::size_t k = verb == "on" ? i : i + 1;
    while (k < end && (words_[k].low == "to" || words_[k].low == "on" || words_[k].low == "into" ||
                       words_[k].low == "the" || words_[k].low == "at"))
        ++k;
    if (k + 1 != end && !(k + 2 == end && words_[k + 1].low == "square")) return false;
    Square sq = parse_square(words_[k].low);
    if (sq == NoSquare || s.piece == NoPieceType) return false;
    json args = {{"square", square_name(sq)}, {"piece", piece_type_word(s.piece)}};
    if (s.named_color) args["color"] = color_word(*s.named_color);
    if (is_move && illegal_subject(s, move_ctx(s))) return true;
    add(make_claim("occupies", args, after_subject(s), neg));
    return true;
}

}  // namespace glossfish::verifier
