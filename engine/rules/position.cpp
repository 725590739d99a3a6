// Position: board state, make/unmake, attacks, checks, game end and Zobrist keys (FEN
// reading and writing is in position_fen.cpp).
#include "rules/position.h"

#include <algorithm>
#include <cstring>

#include "rules/movegen.h"

namespace glossfish {

namespace zobrist {
namespace {
struct Keys {
    Key psq[PieceNb][SquareNb];
    Key castling[16];
    Key ep_file[8];
    Key side;
    Keys() {
        std::uint64_t s = 0x4A3F1C2D5E6B7A89ULL;
        auto next = [&s] {  // splitmix64
            std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
            return z ^ (z >> 31);
        };
        for (auto& row : psq)
            for (Key& k : row) k = next();
        // Rights combine by xor of their single-bit keys, so a change is one xor.
        Key single[4];
        for (Key& k : single) k = next();
        for (int cr = 0; cr < 16; ++cr) {
            castling[cr] = 0;
            for (int i = 0; i < 4; ++i)
                if (cr & (1 << i)) castling[cr] ^= single[i];
        }
        for (Key& k : ep_file) k = next();
        side = next();
    }
};
const Keys& keys() {
    static const Keys k;
    return k;
}
}  // namespace
}  // namespace zobrist

const char* check_kind_name(CheckKind kind) {
    switch (kind) {
    case CheckKind::None: return "none";
    case CheckKind::Direct: return "direct";
    case CheckKind::Discovered: return "discovered";
    case CheckKind::Double: return "double";
    }
    return "none";
}

const char* termination_name(Termination t) {
    switch (t) {
    case Termination::Checkmate: return "checkmate";
    case Termination::Stalemate: return "stalemate";
    case Termination::InsufficientMaterial: return "insufficient_material";
    case Termination::SeventyFiveMoves: return "seventyfive_moves";
    case Termination::FivefoldRepetition: return "fivefold_repetition";
    case Termination::FiftyMoves: return "fifty_moves";
    case Termination::ThreefoldRepetition: return "threefold_repetition";
    }
    return "unknown";
}

Position::Position() {
    init_bitboards();
    FenStatus st = set(StartFen);
    (void)st;
}

void Position::clear() {
    std::memset(byType_, 0, sizeof(byType_));
    std::memset(byColor_, 0, sizeof(byColor_));
    std::memset(board_, 0, sizeof(board_));
    std::memset(castlingMask_, 0, sizeof(castlingMask_));
    std::memset(castlingPath_, 0, sizeof(castlingPath_));
    std::memset(castlingKingPath_, 0, sizeof(castlingKingPath_));
    for (Square& s : castlingRook_) s = NoSquare;
    side_ = White;
    gamePly_ = 0;
    ply_ = 0;
    states_.assign(1, State{0, NoCastling, NoSquare, 0, NoPiece});
    states_.reserve(256);
}

void Position::put_piece(Piece p, Square s) {
    board_[s] = p;
    Bitboard b = square_bb(s);
    byType_[0] |= b;
    byType_[type_of(p)] |= b;
    byColor_[color_of(p)] |= b;
}

void Position::remove_piece(Square s) {
    Piece p = board_[s];
    Bitboard b = square_bb(s);
    byType_[0] ^= b;
    byType_[type_of(p)] ^= b;
    byColor_[color_of(p)] ^= b;
    board_[s] = NoPiece;
}

void Position::move_piece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard b = square_bb(from) | square_bb(to);
    byType_[0] ^= b;
    byType_[type_of(p)] ^= b;
    byColor_[color_of(p)] ^= b;
    board_[from] = NoPiece;
    board_[to] = p;
}

// Records castling with the rook on rsq for colour c: right, path and the squares whose
// vacating or capture clears the right.
void Position::set_castling_right(Color c, Square rsq) {
    Square ksq = king(c);
    bool king_side = file_of(rsq) > file_of(ksq);
    CastlingRight cr = castling_right(c, king_side);
    int i = rights_index(cr);
    st().castling |= cr;
    castlingRook_[i] = rsq;
    castlingMask_[ksq] |= cr;
    castlingMask_[rsq] |= cr;
    Square kto = castle_king_to(c, king_side), rto = castle_rook_to(c, king_side);
    castlingKingPath_[i] = between_bb(ksq, kto) | square_bb(kto);
    castlingPath_[i] = (castlingKingPath_[i] | between_bb(rsq, rto) | square_bb(rto)) &
                       ~(square_bb(ksq) | square_bb(rsq));
}

// Keeps an en-passant square only when a pawn of the side to move attacks it, so equal
// positions get equal keys and FENs.
void Position::set_ep_if_capturable(Square ep) {
    if (ep != NoSquare && (pawn_attacks(~side_, ep) & pieces(Pawn, side_))) {
        st().ep = ep;
        st().key ^= zobrist::keys().ep_file[file_of(ep)];
    } else {
        st().ep = NoSquare;
    }
}

Key Position::compute_key() const {
    const auto& z = zobrist::keys();
    Key k = 0;
    for (Bitboard b = occupied(); b;) {
        Square s = pop_lsb(b);
        k ^= z.psq[board_[s]][s];
    }
    k ^= z.castling[st().castling];
    if (st().ep != NoSquare) k ^= z.ep_file[file_of(st().ep)];
    if (side_ == Black) k ^= z.side;
    return k;
}

void Position::do_move(Move m) {
    const auto& z = zobrist::keys();
    Color us = side_, them = ~us;
    Square from = m.from(), to = m.to();
    Piece pc = board_[from];

    if (ply_ + 1 == int(states_.size())) states_.push_back(State{});
    const State& prev = states_[ply_];
    State& next = states_[++ply_];
    next.key = prev.key ^ z.side;
    next.castling = prev.castling;
    next.rule50 = prev.rule50 + 1;
    next.ep = NoSquare;
    next.captured = NoPiece;
    if (prev.ep != NoSquare) next.key ^= z.ep_file[file_of(prev.ep)];
    ++gamePly_;

    if (m.kind() == Castling) {
        bool king_side = to > from;
        Square kto = castle_king_to(us, king_side), rto = castle_rook_to(us, king_side);
        Piece rook = board_[to];
        remove_piece(from);
        remove_piece(to);
        put_piece(pc, kto);
        put_piece(rook, rto);
        next.key ^= z.psq[pc][from] ^ z.psq[pc][kto] ^ z.psq[rook][to] ^ z.psq[rook][rto];
    } else {
        Square capsq = m.kind() == EnPassant ? to - pawn_push(us) : to;
        Piece captured = board_[capsq];
        if (captured != NoPiece) {
            remove_piece(capsq);
            next.key ^= z.psq[captured][capsq];
            next.captured = captured;
            next.rule50 = 0;
        }
        move_piece(from, to);
        next.key ^= z.psq[pc][from] ^ z.psq[pc][to];
        if (type_of(pc) == Pawn) {
            next.rule50 = 0;
            if (m.kind() == Promotion) {
                Piece promo = make_piece(us, m.promotion());
                remove_piece(to);
                put_piece(promo, to);
                next.key ^= z.psq[pc][to] ^ z.psq[promo][to];
            } else if ((int(to) ^ int(from)) == 16) {
                Square ep = to - pawn_push(us);
                if (pawn_attacks(us, ep) & pieces(Pawn, them)) {
                    next.ep = ep;
                    next.key ^= z.ep_file[file_of(ep)];
                }
            }
        }
    }
    int lost = (castlingMask_[from] | castlingMask_[to]) & next.castling;
    if (lost) {
        next.key ^= z.castling[next.castling] ^ z.castling[next.castling & ~lost];
        next.castling &= ~lost;
    }
    side_ = them;
}

void Position::undo_move(Move m) {
    side_ = ~side_;
    Color us = side_;
    Square from = m.from(), to = m.to();
    const State& s = states_[ply_];

    if (m.kind() == Castling) {
        bool king_side = to > from;
        Square kto = castle_king_to(us, king_side), rto = castle_rook_to(us, king_side);
        Piece king_pc = board_[kto], rook = board_[rto];
        remove_piece(kto);
        remove_piece(rto);
        put_piece(king_pc, from);
        put_piece(rook, to);
    } else {
        if (m.kind() == Promotion) {
            remove_piece(to);
            put_piece(make_piece(us, Pawn), to);
        }
        move_piece(to, from);
        if (s.captured != NoPiece)
            put_piece(s.captured, m.kind() == EnPassant ? to - pawn_push(us) : to);
    }
    --ply_;
    --gamePly_;
}

Bitboard Position::attackers(Color c, Square s, Bitboard occ) const {
    return attackers_to(s, occ) & byColor_[c];
}

Bitboard Position::attackers_to(Square s, Bitboard occ) const {
    return (pawn_attacks(Black, s) & pieces(Pawn, White)) |
           (pawn_attacks(White, s) & pieces(Pawn, Black)) | (knight_attacks(s) & pieces(Knight)) |
           (king_attacks(s) & pieces(King)) | (bishop_attacks(s, occ) & pieces(Bishop, Queen)) |
           (rook_attacks(s, occ) & pieces(Rook, Queen));
}

Bitboard Position::attacks(Square s) const {
    Piece pc = board_[s];
    if (pc == NoPiece) return 0;
    if (type_of(pc) == Pawn) return pawn_attacks(color_of(pc), s);
    return attacks_bb(type_of(pc), s, occupied());
}

Bitboard Position::blockers_for_king(Color c) const {
    Bitboard kings = pieces(King, c);
    if (!kings) return 0;
    Square ksq = lsb(kings);
    Bitboard snipers = ((pseudo_attacks(Rook, ksq) & pieces(Rook, Queen)) |
                        (pseudo_attacks(Bishop, ksq) & pieces(Bishop, Queen))) &
                       byColor_[~c];
    Bitboard blockers = 0;
    while (snipers) {
        Bitboard b = between_bb(ksq, pop_lsb(snipers)) & occupied();
        if (b && !more_than_one(b)) blockers |= b;
    }
    return blockers;
}

PinInfo Position::pin(Color c, Square s) const {
    PinInfo info;
    Bitboard kings = pieces(King, c);
    if (!kings || board_[s] == NoPiece || color_of(board_[s]) != c || type_of(board_[s]) == King)
        return info;
    Square ksq = lsb(kings);
    Bitboard snipers = ((pseudo_attacks(Rook, ksq) & pieces(Rook, Queen)) |
                        (pseudo_attacks(Bishop, ksq) & pieces(Bishop, Queen))) &
                       byColor_[~c] & line_bb(ksq, s);
    while (snipers) {
        Square sniper = pop_lsb(snipers);
        if ((between_bb(ksq, sniper) & occupied()) == square_bb(s)) {
            info.pinned = true;
            info.pinner = sniper;
            info.ray = line_bb(ksq, sniper);
            return info;
        }
    }
    return info;
}

bool Position::is_capture(Move m) const {
    return m.kind() == EnPassant || (m.kind() != Castling && board_[m.to()] != NoPiece);
}

Piece Position::captured_piece(Move m) const {
    if (m.kind() == EnPassant) return make_piece(~side_, Pawn);
    if (m.kind() == Castling) return NoPiece;
    return board_[m.to()];
}

bool Position::is_legal(Move m) const { return MoveList(*this).contains(m); }

CheckKind Position::gives_check(Move m) const {
    Color us = side_;
    Bitboard their_king = pieces(King, ~us);
    if (!their_king) return CheckKind::None;
    Square eksq = lsb(their_king);
    Square from = m.from(), to = m.to();
    Piece pc = board_[from];

    // Where the moving piece (or the castling rook) ends, and the occupancy after the move.
    Bitboard occ = occupied();
    Square mover_sq = to;
    PieceType mover_type = type_of(pc);
    Bitboard vacated = square_bb(from);
    if (m.kind() == Castling) {
        bool king_side = to > from;
        Square kto = castle_king_to(us, king_side), rto = castle_rook_to(us, king_side);
        occ = (occ ^ square_bb(from) ^ square_bb(to)) | square_bb(kto) | square_bb(rto);
        mover_sq = rto;
        mover_type = Rook;
        vacated |= square_bb(to);
    } else {
        occ = (occ ^ square_bb(from)) | square_bb(to);
        if (m.kind() == EnPassant) occ ^= square_bb(to - pawn_push(us));
        if (m.kind() == Promotion) mover_type = m.promotion();
    }

    bool direct = mover_type == Pawn ? bool(pawn_attacks(us, mover_sq) & their_king)
                                     : bool(attacks_bb(mover_type, mover_sq, occ) & their_king);
    // Other sliders of ours that now see the king.
    Bitboard ours = byColor_[us] & ~vacated & ~square_bb(to);
    Bitboard discovered = ((rook_attacks(eksq, occ) & pieces(Rook, Queen)) |
                           (bishop_attacks(eksq, occ) & pieces(Bishop, Queen))) &
                          ours;
    int n = popcount(discovered) + direct;
    if (n >= 2) return CheckKind::Double;
    if (direct) return CheckKind::Direct;
    if (discovered) return CheckKind::Discovered;
    return CheckKind::None;
}

bool Position::is_checkmate() const { return is_check() && MoveList(*this).empty(); }

bool Position::is_stalemate() const { return !is_check() && MoveList(*this).empty(); }

bool Position::has_insufficient_material(Color c) const {
    Bitboard own = byColor_[c];
    if (own & (pieces(Pawn) | pieces(Rook) | pieces(Queen))) return false;
    // A knight mates only with help: the opponent must have something to block with.
    if (own & pieces(Knight))
        return popcount(own) <= 2 && !(byColor_[~c] & ~pieces(King) & ~pieces(Queen));
    // Bishops mate only if there are bishops on both colours or a knight or pawn to block.
    if (own & pieces(Bishop)) {
        bool same_colour = !(pieces(Bishop) & DarkSquares) || !(pieces(Bishop) & LightSquares);
        return same_colour && !pieces(Pawn) && !pieces(Knight);
    }
    return true;
}

bool Position::is_insufficient_material() const {
    return has_insufficient_material(White) && has_insufficient_material(Black);
}

bool Position::is_seventyfive_moves() const {
    return st().rule50 >= 150 && (!is_check() || !MoveList(*this).empty());
}

int Position::repetition_count() const {
    int count = 1;
    int limit = std::min(st().rule50, ply_);
    for (int back = 2; back <= limit; back += 2)
        if (states_[ply_ - back].key == st().key) ++count;
    return count;
}

bool Position::is_fivefold_repetition() const { return repetition_count() >= 5; }

bool Position::can_claim_fifty_moves() const {
    if (st().rule50 >= 100 && (!is_check() || !MoveList(*this).empty())) return true;
    // python-chess also allows the claim when the next move reaches the limit.
    if (st().rule50 >= 99) {
        Position copy = *this;
        for (Move m : MoveList(*this)) {
            copy.do_move(m);
            bool reached = copy.halfmove_clock() >= 100;
            copy.undo_move(m);
            if (reached) return true;
        }
    }
    return false;
}

bool Position::can_claim_threefold_repetition() const {
    if (repetition_count() >= 3) return true;
    // Claimable also when a move leads to a position that occurred twice before.
    Position copy = *this;
    for (Move m : MoveList(*this)) {
        copy.do_move(m);
        bool three = copy.repetition_count() >= 3;
        copy.undo_move(m);
        if (three) return true;
    }
    return false;
}

std::optional<Outcome> Position::outcome(bool claim) const {
    bool has_moves = !MoveList(*this).empty();
    if (!has_moves && is_check()) return Outcome{Termination::Checkmate, ~side_};
    if (is_insufficient_material()) return Outcome{Termination::InsufficientMaterial, std::nullopt};
    if (!has_moves) return Outcome{Termination::Stalemate, std::nullopt};
    if (st().rule50 >= 150) return Outcome{Termination::SeventyFiveMoves, std::nullopt};
    if (is_fivefold_repetition()) return Outcome{Termination::FivefoldRepetition, std::nullopt};
    if (claim) {
        if (can_claim_fifty_moves()) return Outcome{Termination::FiftyMoves, std::nullopt};
        if (can_claim_threefold_repetition())
            return Outcome{Termination::ThreefoldRepetition, std::nullopt};
    }
    return std::nullopt;
}

}  // namespace glossfish
