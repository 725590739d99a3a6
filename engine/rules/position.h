// The position: board, FEN in and out with a validity report, make/unmake, Zobrist keys,
// repetition and 50-move bookkeeping, and the python-chess query vocabulary.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/bitboard.h"
#include "rules/types.h"

namespace glossfish {

inline constexpr const char* StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Why a FEN is rejected. The first group is syntax (the text cannot describe a board),
// the second mirrors python-chess's status() flags (the board cannot arise in a game).
enum class FenIssue {
    FieldCount,
    Placement,
    SideToMove,
    CastlingField,
    EnPassantField,
    HalfmoveClock,
    FullmoveNumber,
    Empty,
    NoWhiteKing,
    NoBlackKing,
    TooManyKings,
    TooManyWhitePawns,
    TooManyBlackPawns,
    PawnsOnBackrank,
    TooManyWhitePieces,
    TooManyBlackPieces,
    BadCastlingRights,
    InvalidEpSquare,
    OppositeCheck,
    TooManyCheckers,
    ImpossibleCheck
};

// Stable snake_case name of an issue, e.g. "too_many_kings".
const char* fen_issue_code(FenIssue issue);

struct FenProblem {
    FenIssue issue;
    std::string message;  // exact, human readable: "rank 8 has 9 files"
};

// At most this many problems are listed for one FEN; the last counts the rest.
inline constexpr std::size_t MaxFenProblems = 8;

// The result of reading a FEN: empty when valid; otherwise the problems found.
struct FenStatus {
    std::vector<FenProblem> problems;
    // Facts that make a position unreachable in a game but leave it playable (the move
    // generator and Stockfish handle it): only ImpossibleCheck, as in perft edge-case suites.
    std::vector<FenProblem> warnings;
    std::size_t more_problems = 0;  // found beyond the MaxFenProblems listed

    bool ok() const { return problems.empty(); }
    bool has(FenIssue issue) const;
    // All messages joined with "; ", prefixed "invalid FEN: ".
    std::string message() const;
};

enum class CheckKind { None, Direct, Discovered, Double };
const char* check_kind_name(CheckKind kind);

enum class Termination {
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    SeventyFiveMoves,
    FivefoldRepetition,
    FiftyMoves,
    ThreefoldRepetition
};
const char* termination_name(Termination t);

struct Outcome {
    Termination termination;
    std::optional<Color> winner;  // empty for draws
};

struct PinInfo {
    bool pinned = false;
    Square pinner = NoSquare;
    Bitboard ray = 0;  // the full line through king, pinned piece and pinner (python-chess pin())
};

class Position {
public:
    // The standard start position.
    Position();

    // Reads a FEN (standard, Shredder-FEN or X-FEN castling). On error the position is left
    // unchanged and the status lists every problem. With chess960, castling moves are written
    // king-takes-rook in UCI. "startpos" is read as the start position's FEN.
    FenStatus set(std::string_view fen, bool chess960 = false);
    // Convenience for tests and fixed inputs: a position from a FEN known to be valid.
    static std::optional<Position> from_fen(std::string_view fen, bool chess960 = false);

    // The FEN of the position. Castling is written KQkq where unambiguous, else by files;
    // the en-passant square only when a pawn of the side to move attacks it.
    std::string fen() const;

    bool chess960() const { return chess960_; }
    void set_chess960(bool on) { chess960_ = on; }

    // Board access (python-chess names).
    Color side_to_move() const { return side_; }
    Piece piece_at(Square s) const { return board_[s]; }
    Bitboard occupied() const { return byType_[0]; }
    Bitboard occupied_co(Color c) const { return byColor_[c]; }
    Bitboard pieces(PieceType pt) const { return byType_[pt]; }
    Bitboard pieces(PieceType pt, Color c) const { return byType_[pt] & byColor_[c]; }
    Bitboard pieces(PieceType a, PieceType b) const { return byType_[a] | byType_[b]; }
    Square king(Color c) const { return lsb(pieces(King, c)); }
    Square ep_square() const { return st().ep; }
    int castling_rights() const { return st().castling; }
    bool has_castling_right(CastlingRight cr) const { return st().castling & cr; }
    // The rook square of a castling right (its home square for standard chess).
    Square castling_rook(CastlingRight cr) const { return castlingRook_[rights_index(cr)]; }
    // Squares that must be empty to castle (king and rook excluded), and the squares the king
    // crosses including its destination.
    Bitboard castling_path(CastlingRight cr) const { return castlingPath_[rights_index(cr)]; }
    Bitboard castling_king_path(CastlingRight cr) const {
        return castlingKingPath_[rights_index(cr)];
    }
    int halfmove_clock() const { return st().rule50; }
    int fullmove_number() const { return 1 + gamePly_ / 2; }
    Key key() const { return st().key; }

    // Squares attacked by the piece on s (0 when empty); pinned pieces still attack.
    Bitboard attacks(Square s) const;
    // Pieces of colour c attacking s, with the current occupancy.
    Bitboard attackers(Color c, Square s) const { return attackers(c, s, occupied()); }
    Bitboard attackers(Color c, Square s, Bitboard occupied) const;
    // All pieces (both colours) attacking s with the given occupancy.
    Bitboard attackers_to(Square s, Bitboard occupied) const;
    bool is_attacked_by(Color c, Square s) const { return attackers(c, s) != 0; }
    // Absolute pin of the piece of colour c on s against its own king.
    PinInfo pin(Color c, Square s) const;
    bool is_pinned(Color c, Square s) const { return pin(c, s).pinned; }
    // Pieces (of either colour) standing alone between a slider of colour ~c and c's king.
    Bitboard blockers_for_king(Color c) const;
    Bitboard checkers() const { return attackers(~side_, king(side_)); }
    bool is_check() const { return checkers() != 0; }

    // Move facts. gives_check and is_legal expect a move from the legal move list for
    // gives_check; is_legal accepts any encoded move.
    CheckKind gives_check(Move m) const;
    bool is_legal(Move m) const;
    bool is_capture(Move m) const;
    Piece captured_piece(Move m) const;  // the piece a move takes (the pawn for en passant)

    bool is_checkmate() const;
    bool is_stalemate() const;
    bool has_insufficient_material(Color c) const;
    bool is_insufficient_material() const;
    bool is_seventyfive_moves() const;
    bool is_fivefold_repetition() const;
    bool can_claim_fifty_moves() const;
    bool can_claim_threefold_repetition() const;
    // How often the current position occurred, counting this one (same key, same side).
    int repetition_count() const;
    // The game result if the game is over; claim=true also ends on claimable draws.
    std::optional<Outcome> outcome(bool claim = false) const;

    // Make and unmake. The move must be legal. undo_move takes the same move back.
    void do_move(Move m);
    void undo_move(Move m);
    // Plies made since set() (what undo_move can take back).
    int ply() const { return ply_; }

private:
    struct State {
        Key key;
        int castling;
        Square ep;
        int rule50;
        Piece captured;
    };

    struct Blank {};
    explicit Position(Blank) {}
    static int rights_index(CastlingRight cr) { return std::countr_zero(unsigned(cr)); }
    const State& st() const { return states_[ply_]; }
    State& st() { return states_[ply_]; }
    void clear();
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    void set_castling_right(Color c, Square rook);
    void set_ep_if_capturable(Square ep);
    Key compute_key() const;
    FenStatus validate() const;
    friend struct PositionAccess;

    Bitboard byType_[PieceTypeNb] = {};  // [0] = all occupied
    Bitboard byColor_[ColorNb] = {};
    Piece board_[SquareNb] = {};
    Color side_ = White;
    bool chess960_ = false;
    int gamePly_ = 0;
    int ply_ = 0;
    Square castlingRook_[4] = {NoSquare, NoSquare, NoSquare, NoSquare};
    Bitboard castlingPath_[4] = {};      // squares that must be empty (except king and rook)
    Bitboard castlingKingPath_[4] = {};  // squares the king crosses, destination included
    int castlingMask_[SquareNb] = {};    // rights lost when a piece leaves or reaches a square
    std::vector<State> states_;
};

// The FEN of the position with the side to move passing: side flipped, no en-passant square
// (not necessarily valid: the side that passes may give check).
std::string null_move_fen(const Position& pos);

// The position with the side to move passing, or nothing when that is no legal position (the
// side to move is in check: passing would leave its king to be taken).
std::optional<Position> null_move_position(const Position& pos);

// The squares a king and rook reach when castling with a rook on the given side.
constexpr Square castle_king_to(Color c, bool king_side) {
    return relative_square(c, king_side ? G1 : C1);
}
constexpr Square castle_rook_to(Color c, bool king_side) {
    return relative_square(c, king_side ? F1 : D1);
}

}  // namespace glossfish
