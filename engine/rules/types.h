// Basic chess types: colours, pieces, squares and the 16-bit move encoding.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace glossfish {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : int { White = 0, Black = 1, ColorNb = 2 };

constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : int {
    NoPieceType = 0,
    Pawn = 1,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    PieceTypeNb = 7
};

// A coloured piece: White pieces 1..6, Black pieces 9..14 (bit 3 is the colour).
enum Piece : int {
    NoPiece = 0,
    WPawn = 1,
    WKnight,
    WBishop,
    WRook,
    WQueen,
    WKing,
    BPawn = 9,
    BKnight,
    BBishop,
    BRook,
    BQueen,
    BKing,
    PieceNb = 16
};

constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// Squares a1 = 0 … h8 = 63, little-endian rank-file mapping as in python-chess.
enum Square : int {
    A1,
    B1,
    C1,
    D1,
    E1,
    F1,
    G1,
    H1,
    A2,
    B2,
    C2,
    D2,
    E2,
    F2,
    G2,
    H2,
    A3,
    B3,
    C3,
    D3,
    E3,
    F3,
    G3,
    H3,
    A4,
    B4,
    C4,
    D4,
    E4,
    F4,
    G4,
    H4,
    A5,
    B5,
    C5,
    D5,
    E5,
    F5,
    G5,
    H5,
    A6,
    B6,
    C6,
    D6,
    E6,
    F6,
    G6,
    H6,
    A7,
    B7,
    C7,
    D7,
    E7,
    F7,
    G7,
    H7,
    A8,
    B8,
    C8,
    D8,
    E8,
    F8,
    G8,
    H8,
    NoSquare = 64,
    SquareNb = 64
};

enum File : int { FileA, FileB, FileC, FileD, FileE, FileF, FileG, FileH };
enum Rank : int { Rank1, Rank2, Rank3, Rank4, Rank5, Rank6, Rank7, Rank8 };

constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr bool is_ok(Square s) { return s >= A1 && s <= H8; }
// Flips the rank, so a square seen from Black becomes the square seen from White.
constexpr Square flip_rank(Square s) { return Square(s ^ 56); }
// The square seen from colour c: relative_square(Black, G1) == G8.
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
// The rank seen from colour c: relative_rank(Black, A7) == Rank2.
constexpr int relative_rank(Color c, Square s) { return c == White ? rank_of(s) : 7 - rank_of(s); }

inline Square operator+(Square s, int d) { return Square(int(s) + d); }
inline Square operator-(Square s, int d) { return Square(int(s) - d); }
inline Square& operator++(Square& s) { return s = Square(int(s) + 1); }

constexpr int pawn_push(Color c) { return c == White ? 8 : -8; }

// "e4" for E4; "-" for NoSquare.
std::string square_name(Square s);
// Parses "e4"; NoSquare when the text is not a square.
Square parse_square(std::string_view text);

// A move in 16 bits: to (6), from (6), kind (2), promotion piece - Knight (2).
// Castling is encoded king-takes-own-rook (to = the rook's square), as Stockfish does,
// so standard chess and Chess960 share one path; notation converts for output.
enum MoveKind : int { Normal = 0, Promotion = 1 << 14, EnPassant = 2 << 14, Castling = 3 << 14 };

class Move {
public:
    constexpr Move() = default;
    constexpr explicit Move(std::uint16_t raw) : data_(raw) {}
    constexpr Move(Square from, Square to) : data_(std::uint16_t((from << 6) | to)) {}
    static constexpr Move make(Square from, Square to, MoveKind kind, PieceType promo = Knight) {
        return Move(std::uint16_t(kind | ((promo - Knight) << 12) | (from << 6) | to));
    }
    static constexpr Move none() { return Move(); }

    constexpr Square from() const { return Square((data_ >> 6) & 0x3F); }
    constexpr Square to() const { return Square(data_ & 0x3F); }
    constexpr MoveKind kind() const { return MoveKind(data_ & (3 << 14)); }
    constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + Knight); }
    constexpr std::uint16_t raw() const { return data_; }
    constexpr bool is_ok() const { return from() != to(); }
    constexpr bool operator==(const Move&) const = default;

private:
    std::uint16_t data_ = 0;
};

// Castling rights as four bits; the rook squares live in the position (Chess960).
enum CastlingRight : int {
    NoCastling = 0,
    WhiteOO = 1,
    WhiteOOO = 2,
    BlackOO = 4,
    BlackOOO = 8,
    AllCastling = 15
};

constexpr CastlingRight castling_right(Color c, bool king_side) {
    return CastlingRight((king_side ? 1 : 2) << (2 * c));
}

constexpr int PieceValue[PieceTypeNb] = {0, 100, 300, 300, 500, 900, 0};

}  // namespace glossfish
