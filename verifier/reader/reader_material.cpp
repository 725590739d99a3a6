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
    // "wins back a pawn": the winner was behind before the capture (a claim of its own).
    const bool back = win && k < end && words_[k].low == "back";
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
    // "wins the queen for a rook": what the winner gave up for it (a win only).
    PieceType given = NoPieceType;
    if (win)
        for (std::size_t q = k; q < obj_end; ++q) {
            if (words_[q].low != "for") continue;
            std::size_t z = q + 1;
            if (z < obj_end &&
                (words_[z].low == "a" || words_[z].low == "an" || words_[z].low == "the"))
                ++z;
            auto pt = z + 1 == obj_end ? piece_word(words_[z].low) : std::nullopt;
            if (!pt || *pt == King || *pt == Pawn) return false;
            given = *pt;
            obj_end = q;
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
        if (given != NoPieceType) {
            if (piece == NoPieceType) return false;  // "wins a pawn for a rook": not read
            args["for"] = piece_type_word(given);
        }
        add(make_claim("wins_material", args, mctx, neg));
        if (back && mover && !neg)
            add(make_claim("material_lead", {{"color", color_word(~*mover)}}, mctx, false));
        return true;
    }
    args = {{"move", mv}};
    if (piece != NoPieceType) args["piece"] = piece_type_word(piece);
    if (square) args["square"] = square_name(*square);
    add(make_claim("captures", args, mctx, neg));
    return true;
}

}  // namespace glossfish::verifier
