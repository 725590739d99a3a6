// Motifs: lichess's puzzle themes (fork, pin, skewer, discoveredAttack, the mate patterns, …)
// for a position and a move line, decided from the moves alone with the rules core. The
// reference semantics are lichess's puzzle tagger (ornicar/lichess-puzzler, tagger/cook.py);
// docs/motifs.md lists each theme's definition and where ours differs. Nothing here blocks
// or throws; the engine themes (crushing, advantage, equality, zugzwang) are not decided.
//
// A line alternates solver and opponent moves: the solver plays line[0], line[2], …, and the
// line normally ends with a solver move (lichess puzzle semantics). The single-move predicates
// further down answer questions about one move ("does it fork?") for other callers.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/position.h"

namespace glossfish {

struct MotifOptions {
    // Also tag the line length: oneMove, short, long, veryLong (as lichess does).
    bool length_themes = true;
    // Also tag the material of the start: pawnEndgame, rookEndgame, … (as lichess does).
    bool endgame_themes = true;
};

// The opponent's move that led to the start (a lichess puzzle's setup move), with the position
// before it. Two themes look at it: hangingPiece (not when the solver only recaptures) and
// intermezzo (the opponent's capture the solver does not answer at once).
struct SetupMove {
    Position before;  // the opponent to move
    Move move;        // legal in `before`; playing it gives the start
};

// The themes of `line` played from `start` (the solver to move), lichess spelling, in the order
// lichess's tagger adds them. Every move of the line must be legal in turn (read it with
// read_motif_line); an empty line gives no themes. With `setup`, start must be the position
// after setup.move.
std::vector<std::string> tag_motifs(const Position& start, const std::vector<Move>& line,
                                    const MotifOptions& options = {},
                                    const std::optional<SetupMove>& setup = std::nullopt);

// A lichess puzzle: the CSV's FEN (before the setup move) and its Moves as moves (the setup
// move first, then the solution). Empty when there is no solution move.
std::vector<std::string> tag_lichess_puzzle(const Position& fen_position,
                                            const std::vector<Move>& moves,
                                            const MotifOptions& options = {});

// Every theme tag_motifs can give, in lichess's spelling.
const std::vector<std::string>& motif_names();

// ---- reading a move line ----

struct MotifLineParse {
    std::vector<Move> moves;
    std::string error;  // empty when the whole line was read
    bool ok() const { return error.empty(); }
};

// The longest line read_motif_line accepts, in moves.
inline constexpr std::size_t MaxMotifLineMoves = 256;

// Reads a move line played from start: moves in SAN (lenient: 0-0, e8Q, Nf3+) or UCI, separated
// by spaces or commas; move numbers ("1.", "12...", "3.e4") are skipped. The error names the
// move: "move 3 'Qxh9': 'h9' is not a square", "move 2 'e2e4': e2e4 is not a legal move",
// "the line has no moves", "the line has more than 256 moves".
MotifLineParse read_motif_line(const Position& start, std::string_view text);

// ---- the board facts of lichess's tagger (util.py), for one position ----

// Lichess's piece values: pawn 1, knight 3, bishop 3, rook 5, queen 9, king 99.
int motif_value(PieceType pt);
// Material of colour c minus that of its opponent, in those values (kings not counted).
int material_diff(const Position& pos, Color c);
// The piece on s is defended: a piece of its colour attacks s, directly or through an attacker
// of the other colour on a line (an x-ray defence).
bool is_defended(const Position& pos, Square s);
// The piece on s is not defended (attacked or not).
bool is_hanging(const Position& pos, Square s);
// The piece on s is attacked and either hanging or attacked by a piece worth less.
bool is_in_bad_spot(const Position& pos, Square s);
// The piece on s (of the side to move, not a pawn or king, not pinned, no check on the board)
// is in a bad spot and every move of it lands in a bad spot or takes less than it is worth.
bool is_trapped(const Position& pos, Square s);

// ---- single-move predicates: the mover is the side to move of `before`, m is legal ----

// The moved piece (not a king) lands where it is safe and attacks two or more non-pawn enemy
// pieces, each the king, worth more than it, or hanging and unable to take it back.
bool is_fork(const Position& before, Move m);
// After m an enemy piece is pinned to its king by the mover's piece and the pin costs it: it
// cannot take a piece it attacks (worth more, or hanging), or it is attacked along the pin by
// something worth less, or hanging with its escape off the pin line.
bool is_pin(const Position& before, Move m);
// m gives check with a piece other than the one that moved (lichess counts castling's rook).
bool is_discovered_check(const Position& before, Move m);
// m gives check with two pieces.
bool is_double_check(const Position& before, Move m);
// m is mate.
bool is_mate(const Position& before, Move m);
// The mate pattern of m when m is mate: smotheredMate, backRankMate, anastasiaMate, hookMate,
// arabianMate, bodenMate, doubleBishopMate or dovetailMate (checked in that order); empty when
// m is not mate or no pattern fits.
std::string mate_pattern(const Position& before, Move m);
// m is a pawn move to the mover's 7th or 8th rank (lichess's advancedPawn), or a promotion.
bool is_advanced_pawn_move(const Position& before, Move m);
// The squares of the mover's pieces (the moved one too, kings not) that are attacked and not
// defended after m: what m leaves en prise.
std::vector<Square> hung_pieces(const Position& before, Move m);
// m takes a piece (not a pawn) that was hanging.
bool captures_hanging_piece(const Position& before, Move m);

}  // namespace glossfish
