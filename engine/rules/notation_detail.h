// Helpers shared by rules/notation.cpp (UCI) and rules/san.cpp (SAN): error messages that
// quote the input exactly, and why a move text names no legal move. Internal to rules/.
#pragma once

#include <string>
#include <string_view>

#include "rules/notation.h"

namespace glossfish::notation_detail {

inline constexpr std::string_view PieceLetters = " PNBRQK";  // indexed by PieceType

// "pawn", "knight", ... ("piece" for NoPieceType).
const char* piece_name(PieceType pt);
// "White" or "Black".
std::string color_name(Color c);
// Whether c is one of the characters of set.
bool contains(std::string_view set, char c);
// 'a'..'h' and '1'..'8'.
bool is_file_char(char c);
bool is_rank_char(char c);
// The piece type of a letter in either case (P N B R Q K); NoPieceType otherwise.
PieceType piece_of_letter(char c);
// Move text for a message, quoted as every error quotes input (quote_input, io/utf8.h).
std::string quoted(std::string_view text);
// A single character for a message: 'x', or a byte code when not printable.
std::string char_text(char c);
// A parse that found m, and one that failed with the given error and message.
MoveParse accepted(Move m);
MoveParse failed(MoveError error, std::string message);
// "a white knight": a piece for messages.
std::string describe_piece(Piece pc);
// Whether a castling move (king takes rook) is on the king's side.
bool is_king_side(Move castling);
// Why castling on one side is not legal now. `rook` names the rook the text castles with,
// or NoSquare when the text does not say.
std::string castling_problem(const Position& pos, bool king_side, Square rook);
// A short reason why no move of the pieces on `from` to `to` is legal; empty when there is
// nothing more precise to say than "not a legal move".
std::string illegal_reason(const Position& pos, Bitboard from, Square to);

}  // namespace glossfish::notation_detail
