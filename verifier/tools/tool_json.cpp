// JSON forms of squares, pieces, moves and scores.
#include "tools/tool_json.h"

#include <cmath>

#include "analysis/quality.h"
#include "rules/notation.h"

namespace glossfish::verifier {

namespace {
constexpr const char* PieceWords[PieceTypeNb] = {"none", "pawn",  "knight", "bishop",
                                                 "rook", "queen", "king"};
constexpr char PieceLetters[PieceTypeNb + 1] = " PNBRQK";
}  // namespace

const char* color_word(Color c) { return c == White ? "white" : "black"; }

const char* piece_type_word(PieceType pt) { return PieceWords[pt]; }

std::optional<Color> parse_color_word(std::string_view text) {
    if (text == "white") return White;
    if (text == "black") return Black;
    return std::nullopt;
}

std::optional<PieceType> parse_piece_type_word(std::string_view text) {
    for (int pt = Pawn; pt <= King; ++pt)
        if (text == PieceWords[pt]) return PieceType(pt);
    return std::nullopt;
}

char piece_symbol(Piece p) {
    char c = PieceLetters[type_of(p)];
    return color_of(p) == White ? c : char(c - 'A' + 'a');
}

nlohmann::json squares_json(Bitboard b) {
    nlohmann::json out = nlohmann::json::array();
    while (b) out.push_back(square_name(pop_lsb(b)));
    return out;
}

nlohmann::json piece_json(Piece p, Square s) {
    return {{"square", square_name(s)},
            {"piece", piece_type_word(type_of(p))},
            {"color", color_word(color_of(p))},
            {"symbol", std::string(1, piece_symbol(p))}};
}

nlohmann::json piece_or_null(const Position& pos, Square s) {
    Piece p = pos.piece_at(s);
    return p == NoPiece ? nlohmann::json(nullptr) : piece_json(p, s);
}

nlohmann::json pieces_json(const Position& pos, Bitboard b) {
    nlohmann::json out = nlohmann::json::array();
    while (b) {
        Square s = pop_lsb(b);
        out.push_back(piece_json(pos.piece_at(s), s));
    }
    return out;
}

nlohmann::json move_json(const Position& pos, Move m) {
    return {{"san", move_to_san(pos, m)}, {"uci", move_to_uci(pos, m)}};
}

nlohmann::json line_json(const Position& pos, const std::vector<Move>& moves) {
    nlohmann::json out = nlohmann::json::array();
    Position walk = pos;
    for (Move m : moves) {
        out.push_back(move_json(walk, m));
        walk.do_move(m);
    }
    return out;
}

std::string line_san(const Position& pos, const std::vector<Move>& moves) {
    std::string out;
    for (const std::string& san : san_line(pos, moves)) out += (out.empty() ? "" : " ") + san;
    return out;
}

double win_percent_1dp(const Score& s) { return round_1dp(win_percent(s)); }

}  // namespace glossfish::verifier
