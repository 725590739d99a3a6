// JSON forms shared by the tools: squares, pieces, moves and scores, one spelling everywhere.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <vector>

#include "host/uci_protocol.h"
#include "rules/position.h"

namespace glossfish::verifier {

// "white" / "black".
const char* color_word(Color c);
// "pawn" … "king"; "none" for NoPieceType.
const char* piece_type_word(PieceType pt);
// The colour named by "white"/"black"; empty otherwise.
std::optional<Color> parse_color_word(std::string_view text);
// The piece type named by "pawn" … "king"; empty otherwise.
std::optional<PieceType> parse_piece_type_word(std::string_view text);
// FEN letter of a piece: 'N' for a white knight, 'n' for a black one.
char piece_symbol(Piece p);

// Square names in a1 … h8 order.
nlohmann::json squares_json(Bitboard b);
// {"square":"f3","piece":"knight","color":"white","symbol":"N"} (piece must not be empty).
nlohmann::json piece_json(Piece p, Square s);
// piece_json, or null for an empty square.
nlohmann::json piece_or_null(const Position& pos, Square s);
// piece_json of every piece of pos on b, in square order.
nlohmann::json pieces_json(const Position& pos, Bitboard b);
// {"san":"Nf3","uci":"g1f3"} for a legal move of pos.
nlohmann::json move_json(const Position& pos, Move m);
// A line of legal moves from pos, each as move_json.
nlohmann::json line_json(const Position& pos, const std::vector<Move>& moves);
// The SAN of a line of legal moves from pos, space separated: "e4 e5 Nf3".
std::string line_san(const Position& pos, const std::vector<Move>& moves);
// Win% rounded to one decimal.
double win_percent_1dp(const Score& s);

}  // namespace glossfish::verifier
