// Captures and material in the sentence reader: "takes the knight on d5", "wins a pawn",
// "wins the queen with Rxg2+", "captures material", "is a capture".
#include <algorithm>

#include "reader/reader_sentence.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "tools/board_tools.h"
#include "tools/tool_json.h"

namespace glossfish::verifier {

using nlohmann::json;

// Captures and material: "takes the knight on d5", "takes on g6", "wins a pawn", "wins the
// queen with Rxg2+", "captures material", "is a capture".
bool SentenceReader::material_clause(std::size_t i, std::size_t end, const Subject& s, bool neg) {
    const std::string verb = words_[i].low;
    if (verb == "is" || verb == "a") {
        // "Nxe5 is a capture."
        std::size_t k = i;
        while (k < end && (words_[k].low == "is" || words_[k].low == "a")) ++k;
        if (s.kind != Subject::MoveSubject || k + 1 != end || words_[k].low != "capture")
            return false;
        if (illegal_subject(s, move_ctx(s))) return true;
        add(make_claim("captures", {{"move", s.move_text}}, move_ctx(s), neg));
        return true;
    }
    if (verb != "captures" && verb != "takes" && verb != "take" && verb != "capture" &&
        verb != "wins" && verb != "win" && verb != "grabs" && verb != "grab" && verb != "picks" &&
        verb != "snaps" && verb != "won" && verb != "captured" && verb != "took")
        return false;
    const bool win = verb == "wins" || verb == "win" || verb == "won";
    std::size_t k = i + 1;
    if (k < end && (words_[k].low == "up" || words_[k].low == "off" || words_[k].low == "back"))
        ++k;
    // "with M" names the move (for a side subject or "wins the queen with Rxg2+").
    std::string with_move;
    std::size_t obj_end = end;
    for (std::size_t q = k; q + 1 < end; ++q)
        if ((words_[q].low == "with" || words_[q].low == "by") && move_shaped(words_[q + 1].raw) &&
            parse_square(words_[q + 1].low) == NoSquare) {
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
        if (!s.legal && !s.made) return add(make_claim("is_legal", {{"move", mv}}, mctx)), true;
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
        if (q + 1 == obj_end && (words_[q].low == "anything" || words_[q].low == "something"))
            ;  // "does not capture anything": any capture
        else if (q + 1 == obj_end && words_[q].low == "exchange") amount = 200;
        else if (q + 1 == obj_end && words_[q].low == "material") amount = 100;
        else if (q + 1 == obj_end && words_[q].low == "piece") {
            if (!win) return false;  // "captures a piece": pawns count or not, unclear
            amount = 300;
        } else {
            Ref r;
            std::size_t z = k;
            bool got =
                piece_ref_after(mctx, z, mover ? std::optional<Color>(~*mover) : std::nullopt, r);
            if (!got) return false;
            if (z != obj_end) return false;
            if (r.piece == NoPieceType) {
                square = r.square;
            } else {
                piece = r.piece;
                // "wins a pawn" does not name a particular pawn: only the named square counts.
                bool indefinite = words_[k].low == "a" || words_[k].low == "an";
                // "Bxf6 takes the knight": the one the move takes.
                if (!r.error.empty() && !indefinite) {
                    Bitboard fits = 0;
                    const Position at = position_after(mctx);
                    MoveParse mp = parse_move_text(at, mv);
                    if (!mv.empty() && mp.ok() && at.captured_piece(mp.move) != NoPiece)
                        fits = square_bb(mp.move.kind() == EnPassant
                                             ? Square(mp.move.to() - pawn_push(at.side_to_move()))
                                             : mp.move.to());
                    if (!fits || !resolve(r, fits, neg)) return fail_ref(r);
                }
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
        add(make_claim("can_capture", a, ctx_, neg));
        return true;
    }
    if (mv.empty()) return false;
    if (win) {
        args = {{"move", mv}};
        if (piece != NoPieceType) args["piece"] = piece_type_word(piece);
        if (amount) args["amount"] = *amount;
        add(make_claim("wins_material", args, mctx, neg));
        return true;
    }
    args = {{"move", mv}};
    if (piece != NoPieceType) args["piece"] = piece_type_word(piece);
    if (square) args["square"] = square_name(*square);
    add(make_claim("captures", args, mctx, neg));
    return true;
}

// What else a move does: hangs or leaves a piece, forks, centralizes, creates a passed pawn,
// forces a reply; a side plays a move.
bool SentenceReader::move_effect_clause(std::size_t i, std::size_t end, const Subject& s,
                                        bool neg) {
    const std::string& verb = words_[i].low;
    const bool is_move = s.kind == Subject::MoveSubject;
    const Color mover = s.color;
    const std::vector<std::string> after = after_subject(s);
    const std::string& mv = s.move_text;
    const std::vector<std::string> mctx = move_ctx(s);
    if (is_move && loses_clause(i, end, s, neg)) return true;
    if (is_move && discovers_clause(i, end, s, neg)) return true;
    // Moves: "hangs the queen", "leaves the bishop on b4 hanging/undefended".
    if (is_move && (verb == "hangs" || verb == "leaves" || verb == "drops" || verb == "blunders")) {
        if (illegal_subject(s, mctx)) return true;
        std::size_t k = i + 1;
        if (verb == "hangs" && k == end)
            return add(make_claim("hangs", {{"square", square_name(s.square)}}, after, neg)), true;
        Ref r;
        bool got = piece_ref_after(after, k, mover, r);
        if (!got) return false;
        if (!r.error.empty()) return fail_ref(r);
        std::string state = verb == "leaves" && k < end ? words_[k].low : "hanging";
        if (verb == "leaves") ++k;
        if (k != end) return false;
        add_implicit(moved_implicit(r.implicit, after));
        if (state == "undefended" || state == "unprotected")
            add(make_claim("undefended", {{"square", square_name(r.square)}}, after, neg));
        else if (state == "hanging" || state == "en")
            add(make_claim("hangs", {{"square", square_name(r.square)}}, after, neg));
        else return false;
        return true;
    }
    // Forks.
    if (is_move && (verb == "forks" || verb == "fork" || (verb == "a" && has(i, end, {"fork"})) ||
                    ((verb == "creates" || verb == "sets") && has(i, end, {"fork"})))) {
        if (illegal_subject(s, mctx)) return true;
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
                if (!r.error.empty() && !(s.legal && resolve(r, pos_.attacks(s.square), neg))) {
                    pos_ = keep;
                    return fail_ref(r);
                }
                targets.push_back(square_name(r.square));
                add_implicit(moved_implicit(r.implicit, after));
            }
            pos_ = keep;
            if (k != end) return false;
        } else if (!(words_[end - 1].low == "fork" && end - i <= 4)) {
            return false;
        }
        json args = {{"move", mv}};
        if (!targets.empty()) args["targets"] = targets;
        add(make_claim("forks", args, mctx, neg));
        return true;
    }
    // "centralizes the queen".
    if (is_move && (verb == "centralizes" || verb == "centralises")) {
        if (illegal_subject(s, mctx)) return true;
        add(make_claim("occupies",
                       {{"square", square_name(s.square)}, {"piece", piece_type_word(s.piece)}},
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
        add(make_claim("passed_pawn", {{"square", square_name(sq)}}, after, neg));
        return true;
    }
    // "forces the king to g1", "forces Kg1".
    if (is_move && (verb == "forces" || verb == "force")) {
        std::size_t k = i + 1;
        std::vector<std::string> next = after;
        if (k < end && move_shaped(words_[k].raw) && parse_square(words_[k].low) == NoSquare &&
            k + 1 == end) {
            add(make_claim("only_move", {{"move", strip_annotations(words_[k].raw)}}, next, neg));
            return true;
        }
        const Position at = position_after(after);
        Ref r;
        bool got = piece_ref_after(after, k, at.side_to_move(), r);
        if (!got || !r.error.empty() || r.piece == NoPieceType)
            return got && !r.error.empty() ? fail_ref(r) : false;
        if (k + 2 != end || words_[k].low != "to") return false;
        Square to = parse_square(words_[k + 1].low);
        if (to == NoSquare) return false;
        std::string text;
        for (Move m : MoveList(at))
            if (m.from() == r.square && destination(at, m) == to) text = move_to_san(at, m);
        if (text.empty()) text = square_name(r.square) + square_name(to);  // fails as illegal
        add(make_claim("only_move", {{"move", text}}, next, neg));
        return true;
    }
    // Sides: "White can play Nf3"; "Black must play Rxb7", "has to play": the only move.
    if (s.kind == Subject::SideSubject) {
        std::size_t v = i;
        bool must = must_;
        if (v + 1 < end && words_[v].low == "to" && words_[v + 1].low == "play") {
            must = true;
            ++v;
        }
        const std::string& pv = words_[v].low;
        if (pv != "plays" && pv != "play" && pv != "played") return false;
        if (v + 2 != end || !move_shaped(words_[v + 1].raw)) return false;
        const std::string played = strip_annotations(words_[v + 1].raw);
        if (must) {
            if (pos_.side_to_move() != s.color) {
                unread(std::string("it is not ") + color_word(s.color) + "'s move there");
                return true;
            }
            add(make_claim("only_move", {{"move", played}}, ctx_, neg));
            return true;
        }
        add(make_claim("is_legal", {{"move", played}}, ctx_, neg));
        return true;
    }
    return false;
}

}  // namespace glossfish::verifier
