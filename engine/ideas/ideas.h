// The board facts behind the ideas players name (shared/research/ideas.md, docs/ideas.md): pure
// functions of positions, no engine and no language. The idea catalogue (verifier/claims/
// ideas_catalogue.h) detects a move's ideas with them, and the claim predicates that verify the
// ideas' sentences decide with the same definitions.
#pragma once

#include <optional>
#include <vector>

#include "rules/position.h"
#include "rules/types.h"

namespace glossfish::ideas {

// d4, d5, e4, e5.
bool is_centre(Square s);
// The extended centre: c3-f6.
bool is_extended_centre(Square s);
// Chebyshev distance from s to the nearest centre square (0 on d4/d5/e4/e5).
int centre_distance(Square s);
// Files from s to the d- or e-file (0 on them, 3 on the a- and h-files).
int file_centre_distance(Square s);
// Chebyshev distance between two squares.
int distance(Square a, Square b);
// Whether to is nearer the centre than from: fewer king steps to it, or as many and fewer
// file-plus-rank steps (Kg1-f1 heads for the centre; Kg1-h2 does not).
bool nearer_centre(Square from, Square to);
// d4, d5, e4 and e5 as a set.
Bitboard centre_squares();

// Whether s is a home square of a knight or bishop of colour c (b1, g1, c1, f1 for White).
bool minor_home(Color c, PieceType pt, Square s);
// Whether pos is still in the opening or early middlegame, where a knight or bishop leaving home
// "develops": ten or more pieces that are not pawns or kings on the board.
bool development_phase(const Position& pos);
// The knights and bishops of c still on their home squares.
int minors_at_home(const Position& pos, Color c);

// The squares between king and rook of a castling right that must be empty (king and rook not
// counted), and whether they are.
bool castling_path_clear(const Position& pos, CastlingRight cr);

// Whether c could castle on that side in `before` and no longer can in `after`.
bool castling_right_lost(const Position& before, const Position& after, Color c, bool king_side);

// The piece of c on s is pinned to its king and cannot take the piece on `attacker` (a rook
// facing a rook on the line to its king can take it: that pin holds nothing).
bool stuck_in_pin(const Position& pos, Color c, Square s, Square attacker);

// The piece of c on s (not the king) is pinned: to its king, or (not a pawn) to a piece of c behind
// it on the line of an enemy bishop, rook or queen worth more than both it and the pinner (the
// knight on f6 in front of the queen on d8, with a bishop on g5).
bool pinned_to_more(const Position& pos, Color c, Square s);

// Both rooks of c on c's back rank with nothing between them.
bool rooks_connected(const Position& pos, Color c);

// Outpost for c: s on c's relative 4th-6th rank, no enemy pawn on an adjacent file that can
// ever attack s (none on an adjacent file level with or behind s from c's side, i.e. still able
// to advance to the square beside-ahead of it), and an own pawn defends s.
bool is_outpost(const Position& pos, Square s, Color c);

// Whether move (legal in pos) prepares a fianchetto: the side to move's b- or g-pawn steps one
// square from home while the bishop of that wing (c1 or f1, c8 or f8) is at home, so that the
// bishop can go to b2 or g2 (b7 or g7) next.
bool prepares_fianchetto(const Position& pos, Move move);

// Squares the piece on s attacks that are not occupied by its own side (a piece's mobility as
// players count it; pins ignored). 0 on an empty square.
int mobility(const Position& pos, Square s);

// The pawns of c that shelter c's king: on the king's file and the files beside it, one or two
// ranks in front of the king. Only a king on its first two ranks is sheltered.
Bitboard pawn_cover(const Position& pos, Color c);
// How many of the king's file and the files beside it have a pawn of pawn_cover (gxf6 in
// front of a king on g8 keeps three pawns there but leaves the g-file bare: 3 -> 2).
int covered_files(const Position& pos, Color c);

// The squares one rank in front of c's king on its back rank (and the squares beside it there)
// that the king could step to: empty and not attacked. Empty set when the king is not on the
// back rank.
Bitboard flight_squares_forward(const Position& pos, Color c);

// The side with the opposition: kings on one file or rank with one square between (direct) or
// on a diagonal with one between; the side that just moved (not to move) has it.
std::optional<Color> opposition(const Position& pos);

// A rook (or queen) of colour c on `rook` stands behind the pawn on `pawn` (either colour): same
// file, on the side the pawn comes from, nothing between.
bool behind_pawn(const Position& pos, Square rook, Square pawn);

// The king steps c's king on `from` needs to reach one of `targets` over squares that hold none
// of c's own pieces and that the other side does not attack (the king taken off the board, so a
// slider's line through it counts); targets need only be safe and free of own pieces too. 0 when
// from is a target; KingRouteNone when no such route of at most 8 steps exists.
constexpr int KingRouteNone = 99;
int king_route(const Position& pos, Color c, Square from, Bitboard targets);
// Whether the king move from -> to (before -> after) shortens c's king route to targets: a
// route existed and the one from `to` after the move is shorter (Kh2-g1 with the g-file cut
// off heads for the centre by f2 and e3, though g1 is no nearer as the crow flies).
bool shortens_king_route(const Position& before, const Position& after, Color c, Square from,
                         Square to, Bitboard targets);

// Whether the piece on `at` could go to s at once were its side to move again in pos (the other
// side to move): a legal move of the position with the move passed; when that side is in check
// (no pass), a square the piece attacks (a king: one not attacked) or a pawn's advance.
bool could_go_at_once(const Position& pos, Square at, Square s);

// A battery of the pieces on a and b (one side's bishops, rooks or queens, not two rooks): on one
// diagonal (bishop or queen each) or file or rank (rook or queen each), nothing between them,
// each backing the other along the line. Its target: beyond the front piece, the first piece on
// the line if it is the other side's (not its king), else the first square next to the other
// side's king that the line crosses before any piece; NoSquare when there is no battery or no
// target. Both directions are tried (either piece may be in front); the nearer target wins.
Square battery_target(const Position& pos, Square a, Square b);

// Whether m (legal in pos) is a rook taking a knight or bishop: the exchange given, if the rook
// is lost where it lands.
bool gives_the_exchange(const Position& pos, Move m);

// The landing squares of the checks the side to move can give without losing the checking piece
// (static exchange not below zero): the safe checks a player counts against an exposed king.
Bitboard safe_check_squares(const Position& pos);

// The side to move's legal capture on s with its least valuable piece, if any: the capture a
// player looks at first.
std::optional<Move> cheapest_capture(const Position& pos, Square s);

// Where the king of the side to move, in check and not mated, is driven: the squares of its
// legal moves, when none of them captures and every other answer to the check (taking the
// checking piece, stepping between) loses a pawn or more by static exchange; zero otherwise
// (not in check, mated, the king can take, or an answer loses nothing).
Bitboard king_driven_to(const Position& pos);

// The king is driven up the board (a king hunt): king_driven_to gives two squares or more, each
// further from the side to move's back rank than its king, and on its third rank or beyond.
bool king_driven_up(const Position& pos);

// The check that led from `before` to `after` drives the king away from the defence of its
// piece (or pawn) on s: king_driven_to(after) is not empty, the king defends s in `after`, the
// mover could not win the piece on s in `before` (a capture netting a pawn or more by static
// exchange) and can after each of the king's moves (32.Qg5+ of Botvinnik-Capablanca, AVRO
// 1938: ...Kh8 or ...Kf8, and Qxf6+).
bool king_driven_from(const Position& before, const Position& after, Square s);

// The knight or bishop that move m (legal in `before`, giving `after`) moved, not capturing, is
// on its way to s: an empty outpost square of its side's (is_outpost) that it can go to at once
// after m (could_go_at_once) and could not from where it stood.
bool outpost_ahead(const Position& before, Move m, const Position& after, Square s);

// An in-between move (zwischenzug): the mover, who could take the opponent's piece on s at once,
// plays m (legal in `before`, giving `after`) instead, a check or a capture not on s, and
// whatever the opponent answers can still take on s (15.Bxh7+ of Lasker-Bauer, Amsterdam 1889,
// before Qxh5+ takes back the knight). False when the opponent has no answer (mate).
bool in_between(const Position& before, Move m, const Position& after, Square s);

// A pawn capture m (legal in `before`, giving `after`) that takes the mover's last pawn off its
// file opens that file for the mover's rook on `piece`: one standing on the file behind
// the square the pawn left (on the mover's side of it) with nothing of its own between, or a rook
// that could go at once to an empty square of the file from which that holds (28.hxg6 of
// Capablanca-Tartakower, New York 1924, for the rook on a1, which goes to h1 next).
bool opens_file_for(const Position& before, Move m, const Position& after, Square piece);
// The rook opens_file_for names first: on the file (the nearer first), else of the rooks that
// can come to it the one fewer files away; NoSquare when there is none. Not the queen: a file
// opened in front of her is seldom the point (3...dxe4 of a French is not "for the queen").
Square file_opened_for(const Position& before, Move m, const Position& after);

// The square a pawn of c other than the one on `except` can advance from to the empty square s
// (one step, or two from its home rank with the square between empty), or NoSquare.
Square pawn_advancing_to(const Position& pos, Color c, Square s, Square except);

// The pawn of c that moved to `pawn` (before -> after, the opponent to move after) prepares an
// advance to s ("c3 prepares d4"): it now attacks s; another pawn of c can advance to s; s is a
// centre square or the advance would attack an enemy pawn; the opponent attacks s; and the
// advance, which lost material by static exchange before the move, no longer does (were it c's
// turn after it), or c now defends s as often as the opponent attacks it and did not before.
bool prepares_advance(const Position& before, const Position& after, Color c, Square pawn,
                      Square s);

// Space: the squares in the opponent's half (c's relative ranks 5 to 7) that c's pawns attack.
int pawn_space(const Position& pos, Color c);

// Only kings and pawns, or queens off with at most a rook and a minor piece each: where king
// activity and the endgame's ideas apply.
bool is_endgame(const Position& pos);

// The empty or enemy-held squares of c's second rank next to c's king on its back rank, and
// whether the other side attacks every one of them (the king is confined to the back rank).
// Zero squares when the king is not on its back rank or its pawns fill the rank above it.
Bitboard back_rank_exits(const Position& pos, Color c);
bool king_confined(const Position& pos, Color c);

// Files on which c has two or more pawns.
int doubled_files(const Position& pos, Color c);

// Whether c has the bishop pair: bishops on both colours of square, while the opponent has not.
bool has_bishop_pair(const Position& pos, Color c);

// The enemy bishop, rook or queen on `slider` can move along a line through `s` (its file, rank
// or diagonal, on an empty board): "diagonal", "file" or "rank" (nullptr when it cannot).
const char* slider_line(const Position& pos, Square slider, Square s);

}  // namespace glossfish::ideas
