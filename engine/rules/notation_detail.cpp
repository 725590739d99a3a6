// Helpers shared by the UCI and the SAN side of move notation: exact error messages and
// the reasons a move text names no legal move.
#include "rules/notation_detail.h"

#include <cstdio>

#include "io/text.h"
#include "io/utf8.h"
#include "rules/bitboard.h"
#include "rules/movegen.h"

namespace glossfish::notation_detail {

namespace {

// Whether the piece on `from` could move to `to` if its own king's safety did not matter.
bool reaches(const Position& pos, Square from, Square to) {
    Piece pc = pos.piece_at(from);
    if (pc == NoPiece) return false;
    Color us = color_of(pc);
    Piece target = pos.piece_at(to);
    if (target != NoPiece && color_of(target) == us) return false;
    if (type_of(pc) != Pawn) return pos.attacks(from) & square_bb(to);
    if (pawn_attacks(us, from) & square_bb(to)) return target != NoPiece || to == pos.ep_square();
    if (target != NoPiece) return false;
    int push = pawn_push(us);
    if (int(to) == int(from) + push) return true;
    return relative_rank(us, from) == Rank2 && int(to) == int(from) + 2 * push &&
           pos.piece_at(from + push) == NoPiece;
}

}  // namespace

const char* piece_name(PieceType pt) {
    static const char* const names[] = {"piece", "pawn",  "knight", "bishop",
                                        "rook",  "queen", "king"};
    return names[pt];
}

std::string color_name(Color c) { return c == White ? "White" : "Black"; }

bool contains(std::string_view set, char c) { return set.find(c) != std::string_view::npos; }
bool is_file_char(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank_char(char c) { return c >= '1' && c <= '8'; }

// The piece type of a letter in either case (P N B R Q K); NoPieceType otherwise.
PieceType piece_of_letter(char c) {
    char up = (c >= 'a' && c <= 'z') ? char(c - 'a' + 'A') : c;
    std::size_t i = PieceLetters.find(up);
    return (i == std::string_view::npos || i == 0) ? NoPieceType : PieceType(i);
}

// Move text for a message: quote_input's form (io/utf8.h), as every error quotes input.
std::string quoted(std::string_view text) { return quote_input(text); }

// A single character for a message: 'x', or a byte code when not printable.
std::string char_text(char c) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x7f) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "0x%02X", unsigned(u));
        return std::string("byte ") + buf;
    }
    return std::string("'") + c + "'";
}

MoveParse accepted(Move m) {
    MoveParse r;
    r.move = m;
    return r;
}

MoveParse failed(MoveError error, std::string message) {
    MoveParse r;
    r.error = error;
    r.message = std::move(message);
    return r;
}

// "a white knight": a piece for messages.
std::string describe_piece(Piece pc) {
    return std::string(color_of(pc) == White ? "a white " : "a black ") + piece_name(type_of(pc));
}

bool is_king_side(Move castling) { return castling.to() > castling.from(); }

// Why castling on one side is not legal now. `rook` names the rook the text castles with,
// or NoSquare when the text does not say.
std::string castling_problem(const Position& pos, bool king_side, Square rook) {
    Color us = pos.side_to_move();
    CastlingRight cr = castling_right(us, king_side);
    std::string side = king_side ? "kingside" : "queenside";
    if (!pos.has_castling_right(cr)) return color_name(us) + " has no " + side + " castling right";
    if (rook != NoSquare && pos.castling_rook(cr) != rook)
        return "the rook on " + square_name(rook) + " has no castling right";
    if (pos.is_check()) return color_name(us) + " is in check";
    if (pos.castling_path(cr) & pos.occupied())
        return "pieces stand on the squares the king and rook need";
    return "the king would pass through or land on an attacked square";
}

// A short reason why no move of the pieces on `from` to `to` is legal; empty when there is
// nothing more precise to say than "not a legal move".
std::string illegal_reason(const Position& pos, Bitboard from, Square to) {
    Color us = pos.side_to_move();
    Piece target = pos.piece_at(to);
    if (target != NoPiece && color_of(target) == us)
        return square_name(to) + " holds " + color_name(us) + "'s own " +
               piece_name(type_of(target));
    bool reach = false, king = false;
    for (Bitboard b = from; b;) {
        Square s = pop_lsb(b);
        if (reaches(pos, s, to)) {
            reach = true;
            king = king || type_of(pos.piece_at(s)) == King;
        }
    }
    if (!reach) return "";
    if (king) return "the king would be in check on " + square_name(to);
    if (pos.is_check()) return color_name(us) + " is in check";
    return "it would leave the king in check";
}

}  // namespace glossfish::notation_detail
