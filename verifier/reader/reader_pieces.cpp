// Relations and states of pieces: threats, attacks, defences, pins, control; hanging,
// undefended, defended, pinned and passed pieces; where a piece stands.
#include <algorithm>

#include "reader/reader_sentence.h"
#include "rules/notation.h"
#include "tools/board_tools.h"
#include "tools/tool_json.h"

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
    // "threatens mate (on g2)", "threatens to take on g2 with mate".
    {
        std::size_t q = k;
        std::optional<Square> where;
        bool mate = false, take = false;
        if (q < end && words_[q].low == "mate") {
            mate = true;
            ++q;
            if (q + 2 == end && words_[q].low == "on" &&
                parse_square(words_[q + 1].low) != NoSquare) {
                where = parse_square(words_[q + 1].low);
                q += 2;
            }
        } else if (q + 6 == end && words_[q].low == "to" &&
                   (words_[q + 1].low == "take" || words_[q + 1].low == "capture" ||
                    words_[q + 1].low == "play") &&
                   words_[q + 2].low == "on" && parse_square(words_[q + 3].low) != NoSquare &&
                   words_[q + 4].low == "with" && words_[q + 5].low == "mate") {
            mate = true;
            take = words_[q + 1].low != "play";
            where = parse_square(words_[q + 3].low);
            q = end;
        }
        if (mate && q == end) {
            if (to_move) {
                unread(std::string("it is ") + color_word(s.color) +
                       "'s move there: a threat is a move of the side not to move");
                return true;
            }
            json args = {{"mate", true}};
            if (where) args["square"] = square_name(*where);
            // "to take on g2": something of the other side's stands there.
            if (take && !neg)
                add(make_claim("occupies",
                               {{"square", square_name(*where)}, {"color", color_word(~s.color)}},
                               after));
            add(make_claim("threatens", args, after, neg));
            return true;
        }
    }
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

// Attacks, defends, pins, controls: a relation from the piece to one object or a list of
// them ("attacks d4 and e5", "hits the king and the loose bishop at once"); "twice" / "three
// times" counts the side's attackers. An ambiguous object is the one the relation holds for.
bool SentenceReader::relation_clause(std::size_t i, std::size_t end, const Subject& s, bool neg) {
    const std::string& verb = words_[i].low;
    if (!(verb == "attacks" || verb == "attack" || verb == "hits" || verb == "targets" ||
          verb == "eyes" || verb == "attacking" || verb == "defends" || verb == "defend" ||
          verb == "protects" || verb == "protect" || verb == "guards" || verb == "supports" ||
          verb == "pins" || verb == "pin" || verb == "controls" || verb == "control" ||
          verb == "dominates" || verb == "covers" || verb == "guard" || verb == "cover"))
        return false;
    const bool is_move = s.kind == Subject::MoveSubject;
    const Color mover = s.color;
    const std::vector<std::string> after = after_subject(s);
    const Position at = position_after(after);
    bool defend = verb == "defends" || verb == "defend" || verb == "protects" ||
                  verb == "protect" || verb == "guards" || verb == "supports" || verb == "guard";
    bool pin = verb == "pins" || verb == "pin";
    // "controls" is a side's (at least as many attackers as the other side); a piece that
    // "covers" or "guards" an empty square attacks it.
    bool control = verb == "controls" || verb == "control" || verb == "dominates";
    bool cover = verb == "covers" || verb == "cover";
    std::optional<Square> from;
    if (s.kind == Subject::PieceSubject || (is_move && s.legal)) from = s.square;
    // "Only the king defends ...": a sole defender; "only" with another relation is not read.
    if (only_ && (!defend || !from)) return false;
    // Trailing words that add nothing: "at once", "simultaneously", "at the same time".
    std::size_t stop = end;
    if (stop - i > 2 && words_[stop - 1].low == "once" && words_[stop - 2].low == "at") stop -= 2;
    else if (stop - i > 1 && words_[stop - 1].low == "simultaneously") stop -= 1;
    else if (stop - i > 4 && words_[stop - 1].low == "time" && words_[stop - 2].low == "same" &&
             words_[stop - 3].low == "the" && words_[stop - 4].low == "at")
        stop -= 4;
    // "twice", "three times".
    std::optional<int> times;
    if (auto t = times_word(words_[stop - 1].low); t && stop - i > 2) {
        times = *t;
        --stop;
    } else if (stop - i > 3 && words_[stop - 1].low == "times") {
        if (auto n = number_word(words_[stop - 2].low); n && *n > 1) {
            times = *n;
            stop -= 2;
        }
    }
    std::size_t k = i + 1;
    std::vector<Ref> objects;
    while (k < stop) {
        if (!objects.empty() && (words_[k].low == "and" || words_[k].low == "both")) {
            ++k;
            continue;
        }
        if (objects.empty() && words_[k].low == "both") {
            ++k;
            continue;
        }
        Ref r;
        const std::size_t before = k;
        bool got = piece_ref_after(
            after, k, defend ? std::optional<Color>(mover) : std::optional<Color>(~mover), r);
        if (!got) {
            k = before;
            break;
        }
        objects.push_back(std::move(r));
        if (!words_[k - 1].comma && !(k < stop && words_[k].low == "and")) break;
    }
    if (objects.empty()) return false;
    // "pins the knight to the king" / "against the queen".
    std::optional<Square> pinned_to;
    if (pin && objects.size() == 1 && k < stop &&
        (words_[k].low == "to" || words_[k].low == "against")) {
        std::size_t q = k + 1;
        Ref to;
        bool g2 = piece_ref_after(after, q, ~mover, to);
        if (!g2 || !to.error.empty()) return g2 ? fail_ref(to) : false;
        pinned_to = to.square;
        add_implicit(moved_implicit(to.implicit, after));
        k = q;
    }
    if (k != stop) return false;
    if (times && (objects.size() != 1 || defend || pin || control || cover)) return false;
    for (Ref& r : objects) {
        // The object the relation holds for, when the words name several.
        if (!r.error.empty()) {
            Bitboard fits = 0;
            if (pin && from) {
                for (Bitboard b = r.candidates; b; b &= b - 1)
                    if (BoardTools(at).pin(lsb(b)).pinner == *from) fits |= square_bb(lsb(b));
            } else if (from && !defend) {
                fits = at.attacks(*from);
            } else if (s.kind == Subject::SideSubject && !defend && !control) {
                for (Bitboard b = r.candidates; b; b &= b - 1)
                    if (times ? popcount(at.attackers(mover, lsb(b))) == *times
                              : at.attackers(mover, lsb(b)) != 0)
                        fits |= square_bb(lsb(b));
            }
            if (!fits || !resolve(r, fits, neg)) return fail_ref(r);
        }
        add_implicit(moved_implicit(r.implicit, after));
        const std::string target = square_name(r.square);
        // A square (or an empty one) a piece covers: it attacks it.
        const bool square_only = r.piece == NoPieceType;
        if (control || cover || (defend && square_only && at.piece_at(r.square) == NoPiece)) {
            if (!square_only) return false;
            if (from && !control) {
                if (illegal_subject(s, move_ctx(s))) return true;
                add(make_claim("attacks", {{"target", target}, {"from", square_name(*from)}}, after,
                               neg));
                continue;
            }
            if (!control) return false;
            add(make_claim("controls", {{"square", target}, {"color", color_word(mover)}}, after,
                           neg));
            continue;
        }
        if (pin) {
            json args = {{"pinned", target}};
            if (from) args["pinner"] = square_name(*from);
            if (pinned_to) args["to"] = square_name(*pinned_to);
            add(make_claim("pins", args, after, neg));
            continue;
        }
        json args = {{"target", target}};
        if (from) args["from"] = square_name(*from);
        else if (s.kind == Subject::SideSubject && !defend) args["color"] = color_word(mover);
        else if (!is_move || s.legal) return false;
        if (times) {
            if (!args.contains("color")) return false;
            args["count"] = *times;
        }
        if (defend && only_) args["only"] = true;
        if (illegal_subject(s, move_ctx(s))) return true;
        add(make_claim(defend ? "defends" : "attacks", args, after, neg));
    }
    return true;
}

// States of a named piece: "is pinned (to the king / by the bishop)", "is absolutely pinned",
// "is hanging / en prise", "is loose / undefended", "is defended (twice / by the queen / only
// by the king)", "is attacked (three times / by the knight)", "is threatened", "is under
// attack", "is safe", "can('t) be taken", "is passed / isolated / backward / doubled", "is in
// check (from the rook)", "is tied to the defence of X", "is blocked by X".
bool SentenceReader::piece_state_clause(std::size_t i, std::size_t end, const Subject& s,
                                        bool neg) {
    if (s.kind != Subject::PieceSubject) return false;
    std::size_t k = i;
    if (k < end && (words_[k].low == "a" || words_[k].low == "an" || words_[k].low == "left")) ++k;
    bool absolute = false;
    if (k + 1 < end && words_[k].low == "absolutely" && words_[k + 1].low == "pinned") {
        absolute = true;
        ++k;
    }
    bool only = false;
    if (k + 1 < end && words_[k].low == "only" &&
        (words_[k + 1].low == "defended" || words_[k + 1].low == "protected")) {
        only = true;
        ++k;
    }
    const std::string w = k < end ? words_[k].low : "";
    const std::string sq = square_name(s.square);
    const Piece here = pos_.piece_at(s.square);
    // "... by the queen": the piece doing it, of `side`.
    auto by = [&](std::size_t q, Color side, Ref& r, bool& alone) {
        alone = false;
        if (q + 1 >= end) return false;
        if (words_[q].low == "only" && words_[q + 1].low == "by") {
            alone = true;
            ++q;
        }
        if (words_[q].low != "by") return false;
        ++q;
        if (!piece_ref(q, side, r)) return false;
        if (q + 1 == end && words_[q].low == "only") {
            alone = true;
            ++q;
        }
        return q == end;
    };
    if (w == "pinned") {
        json args = {{"pinned", sq}};
        if (absolute) args["absolute"] = true;
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
        bool alone = false;
        if (by(k + 1, attacked ? ~s.color : s.color, r, alone)) {
            // "attacked by the knight": the one that attacks it.
            if (!r.error.empty() &&
                !resolve(r, pos_.attackers(attacked ? ~s.color : s.color, s.square), neg))
                return fail_ref(r);
            alone = alone || only;
            if (alone && (attacked || neg)) return false;
            add_implicit(r.implicit);
            json args = {{"target", sq}, {"from", square_name(r.square)}};
            if (alone) args["only"] = true;
            add(make_claim(attacked ? "attacks" : "defends", args, ctx_, neg));
            return true;
        }
        // "attacked three times and defended twice" (each clause on its own).
        std::optional<int> times;
        if (k + 2 == end) times = times_word(words_[k + 1].low);
        if (k + 3 == end && words_[k + 2].low == "times") times = number_word(words_[k + 1].low);
        if (times && !only) {
            if (attacked)
                add(make_claim("attacks",
                               {{"target", sq}, {"color", color_word(~s.color)}, {"count", *times}},
                               ctx_, neg));
            else add(make_claim("defends", {{"target", sq}, {"count", *times}}, ctx_, neg));
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
    // "can be taken", "cannot be captured (right now)": the opponent must be to move.
    if (w == "taken" || w == "captured") {
        std::size_t q = k + 1;
        if (q < end && words_[q].low == "right") ++q;
        if (q < end && (words_[q].low == "now" || words_[q].low == "immediately")) ++q;
        if (q != end) return false;
        if (pos_.side_to_move() == s.color) {
            unread(std::string("it is ") + color_word(s.color) +
                   "'s move there: the piece cannot be taken now");
            return true;
        }
        add(make_claim("can_capture", {{"square", sq}}, ctx_, neg));
        return true;
    }
    // "in check (from the rook)".
    if (w == "in" && k + 1 < end && words_[k + 1].low == "check" && s.piece == King) {
        std::size_t q = k + 2;
        if (q == end) {
            add(make_claim("checks", {{"color", color_word(s.color)}}, ctx_, neg));
            return true;
        }
        if (words_[q].low != "from" && words_[q].low != "by") return false;
        ++q;
        Ref r;
        if (!piece_ref(q, ~s.color, r) || q != end) return false;
        if (neg) return false;
        if (!r.error.empty() && !resolve(r, pos_.checkers(), false)) return fail_ref(r);
        add_implicit(r.implicit);
        add(make_claim("checks", {{"color", color_word(s.color)}}, ctx_));
        add(make_claim("attacks", {{"target", sq}, {"from", square_name(r.square)}}, ctx_));
        return true;
    }
    // "tied to the defence of the knight": its only defender.
    if (w == "tied" && k + 4 < end && words_[k + 1].low == "to" &&
        (words_[k + 2].low == "the" || words_[k + 2].low == "its") &&
        (words_[k + 3].low == "defence" || words_[k + 3].low == "defense" ||
         words_[k + 3].low == "protection") &&
        words_[k + 4].low == "of") {
        std::size_t q = k + 5;
        Ref r;
        if (!piece_ref(q, s.color, r) || q != end) return false;
        if (!r.error.empty()) return fail_ref(r);
        if (neg) return false;
        add_implicit(r.implicit);
        add(make_claim("defends", {{"target", square_name(r.square)}, {"from", sq}, {"only", true}},
                       ctx_));
        return true;
    }
    // "the h-pawn is blocked by the h5-pawn": the piece stands right in front of the pawn.
    if (w == "blocked" && s.piece == Pawn && k + 1 < end && words_[k + 1].low == "by" &&
        here != NoPiece && type_of(here) == Pawn) {
        std::size_t q = k + 2;
        Ref r;
        if (!piece_ref(q, std::nullopt, r) || q != end) return false;
        if (!r.error.empty()) return fail_ref(r);
        const int front = int(s.square) + (color_of(here) == White ? 8 : -8);
        if (front < 0 || front >= 64) return false;
        add_implicit(r.implicit);
        json args = {{"square", square_name(Square(front))}};
        if (r.piece != NoPieceType) args["piece"] = piece_type_word(r.piece);
        add(make_claim("occupies", args, ctx_, neg));
        return true;
    }
    const bool single =
        k + 1 == end || (k + 2 == end && (words_[k + 1].low == "pawn" ||
                                          (w == "en" && words_[k + 1].low == "prise")));
    if (!single) return false;
    if (w == "hanging" || w == "hangs" || w == "en")
        return add(make_claim("hangs", {{"square", sq}}, ctx_, neg)), true;
    if (w == "safe") {
        if (s.piece == King) return false;  // a king's safety is not about hanging
        return add(make_claim("hangs", {{"square", sq}}, ctx_, !neg)), true;
    }
    if (w == "undefended" || w == "unprotected" || w == "defenceless" || w == "defenseless" ||
        w == "unguarded" || w == "loose")
        return add(make_claim("undefended", {{"square", sq}}, ctx_, neg)), true;
    if (w == "defended" || w == "protected" || w == "guarded")
        return add(make_claim("undefended", {{"square", sq}}, ctx_, !neg)), true;
    if (w == "passed" || w == "passer")
        return add(make_claim("passed_pawn", {{"square", sq}}, ctx_, neg)), true;
    if (w == "isolated" || w == "backward" || w == "doubled")
        return add(make_claim("pawn_weakness", {{"square", sq}, {"kind", w}}, ctx_, neg)), true;
    return false;
}

// Where a piece stands or goes: "the queen is on d1", "the knight goes to e5", "lands on d5",
// "Black's rooks are on d8 and h8", "the rook stands on the open d-file".
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
    // "on the open d-file": the file is open, and the piece is on it.
    if (k + 2 == end && !is_move && !s.plural && words_[k].low == "open" &&
        file_word(words_[k + 1].low)) {
        const int f = *file_word(words_[k + 1].low);
        if (s.square == NoSquare || file_of(s.square) != f) {
            unread("the piece is not on the " + words_[k + 1].low);
            return true;
        }
        add(make_claim("open_file", {{"file", std::string(1, char('a' + f))}}, ctx_, neg));
        return true;
    }
    // "Black's rooks are on d8 and h8".
    if (s.plural) {
        if (neg) return false;
        std::vector<Square> squares;
        if (!square_list(k, end, squares) || squares.size() < 2) return false;
        for (Square sq : squares)
            add(make_claim("occupies",
                           {{"square", square_name(sq)},
                            {"piece", piece_type_word(s.piece)},
                            {"color", color_word(s.color)}},
                           ctx_));
        return true;
    }
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
