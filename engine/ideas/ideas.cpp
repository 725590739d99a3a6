// Board facts of the ideas (ideas.h).
#include "ideas/ideas.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "rules/bitboard.h"
#include "rules/movegen.h"
#include "rules/see.h"

namespace glossfish::ideas {

bool is_centre(Square s) {
    const int f = file_of(s), r = rank_of(s);
    return (f == FileD || f == FileE) && (r == Rank4 || r == Rank5);
}

bool is_extended_centre(Square s) {
    const int f = file_of(s), r = rank_of(s);
    return f >= FileC && f <= FileF && r >= Rank3 && r <= Rank6;
}

Bitboard centre_squares() { return square_bb(D4) | square_bb(D5) | square_bb(E4) | square_bb(E5); }

int distance(Square a, Square b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

int centre_distance(Square s) {
    return std::min({distance(s, D4), distance(s, D5), distance(s, E4), distance(s, E5)});
}

int file_centre_distance(Square s) {
    const int f = file_of(s);
    return f <= FileD ? FileD - f : f - FileE;
}

namespace {

// File-plus-rank steps from s to the nearest centre square.
int centre_steps(Square s) {
    int best = 99;
    for (Square c : {D4, D5, E4, E5})
        best =
            std::min(best, std::abs(file_of(s) - file_of(c)) + std::abs(rank_of(s) - rank_of(c)));
    return best;
}

}  // namespace

bool nearer_centre(Square from, Square to) {
    const int a = centre_distance(from), b = centre_distance(to);
    return b < a || (b == a && centre_steps(to) < centre_steps(from));
}

bool minor_home(Color c, PieceType pt, Square s) {
    const Square r = relative_square(c, s);
    if (pt == Knight) return r == B1 || r == G1;
    if (pt == Bishop) return r == C1 || r == F1;
    return false;
}

int minors_at_home(const Position& pos, Color c) {
    int n = 0;
    for (PieceType pt : {Knight, Bishop}) {
        Bitboard b = pos.pieces(pt, c);
        while (b) n += minor_home(c, pt, pop_lsb(b));
    }
    return n;
}

bool castling_path_clear(const Position& pos, CastlingRight cr) {
    if (!pos.has_castling_right(cr)) return false;
    const Color c = cr & (WhiteOO | WhiteOOO) ? White : Black;
    const Bitboard path =
        pos.castling_path(cr) & ~square_bb(pos.king(c)) & ~square_bb(pos.castling_rook(cr));
    return (pos.occupied() & path) == 0;
}

bool stuck_in_pin(const Position& pos, Color c, Square s, Square attacker) {
    const PinInfo pin = pos.pin(c, s);
    return pin.pinned && !(pin.pinner == attacker && (pos.attacks(s) & square_bb(attacker)));
}

bool pinned_to_more(const Position& pos, Color c, Square s) {
    const Piece p = pos.piece_at(s);
    if (p == NoPiece || color_of(p) != c || type_of(p) == King) return false;
    if (pos.is_pinned(c, s)) return true;
    if (type_of(p) == Pawn) return false;  // a pawn in front of a piece: no pin a player names
    const PieceType front = type_of(p);
    Bitboard sliders = pos.pieces(Bishop, ~c) | pos.pieces(Rook, ~c) | pos.pieces(Queen, ~c);
    while (sliders) {
        const Square a = pop_lsb(sliders);
        if (!(pos.attacks(a) & square_bb(s))) continue;
        const PieceType pinner = type_of(pos.piece_at(a));
        // The square the slider would reach beyond s, on its line through s.
        const Bitboard beyond = attacks_bb(pinner, a, pos.occupied() ^ square_bb(s)) &
                                ~pos.attacks(a) & line_bb(a, s) & pos.occupied_co(c);
        if (!beyond) continue;
        const PieceType behind = type_of(pos.piece_at(lsb(beyond)));
        if (behind != King && PieceValue[behind] > PieceValue[front] &&
            PieceValue[behind] > PieceValue[pinner])
            return true;
    }
    return false;
}

bool castling_right_lost(const Position& before, const Position& after, Color c, bool king_side) {
    const CastlingRight cr = castling_right(c, king_side);
    return before.has_castling_right(cr) && !after.has_castling_right(cr);
}

bool rooks_connected(const Position& pos, Color c) {
    const Bitboard back = rank_bb(c == White ? Rank1 : Rank8);
    const Bitboard rooks = pos.pieces(Rook, c) & back;
    if (popcount(rooks) != 2) return false;
    const Square a = lsb(rooks), b = msb(rooks);
    return (between_bb(a, b) & pos.occupied()) == 0;
}

bool prepares_fianchetto(const Position& pos, Move move) {
    const Color us = pos.side_to_move();
    const Piece p = pos.piece_at(move.from());
    if (p == NoPiece || type_of(p) != Pawn || pos.is_capture(move) || move.kind() != Normal)
        return false;
    const Square from = relative_square(us, move.from()), to = relative_square(us, move.to());
    if (!((from == B2 && to == B3) || (from == G2 && to == G3))) return false;
    const Square home = relative_square(us, from == B2 ? C1 : F1);
    return pos.piece_at(home) == make_piece(us, Bishop);
}

bool is_outpost(const Position& pos, Square s, Color c) {
    const int rr = relative_rank(c, s);
    if (rr < Rank4 || rr > Rank6) return false;
    // On the edge only in the opponent's half: a knight on h4 guarded by g3 is on the rim.
    if (rr == Rank4 && (file_of(s) == FileA || file_of(s) == FileH)) return false;
    if (!(pawn_attacks(~c, s) & pos.pieces(Pawn, c))) return false;  // an own pawn defends s
    // An enemy pawn on an adjacent file that stands ahead of s (from c's side) could still come
    // down to attack it.
    const Color them = ~c;
    for (int df : {-1, 1}) {
        const int f = file_of(s) + df;
        if (f < FileA || f > FileH) continue;
        Bitboard b = pos.pieces(Pawn, them) & file_bb(f);
        while (b) {
            const Square p = pop_lsb(b);
            if (relative_rank(c, p) > rr) return false;
        }
    }
    return true;
}

int mobility(const Position& pos, Square s) {
    const Piece p = pos.piece_at(s);
    if (p == NoPiece) return 0;
    return popcount(pos.attacks(s) & ~pos.occupied_co(color_of(p)));
}

Bitboard pawn_cover(const Position& pos, Color c) {
    const Square k = pos.king(c);
    if (relative_rank(c, k) > Rank2) return 0;
    Bitboard zone = 0;
    for (int df = -1; df <= 1; ++df) {
        const int f = file_of(k) + df;
        if (f < FileA || f > FileH) continue;
        for (int dr = 1; dr <= 2; ++dr) {
            const int r = rank_of(k) + (c == White ? dr : -dr);
            if (r < Rank1 || r > Rank8) continue;
            zone |= square_bb(make_square(f, r));
        }
    }
    return zone & pos.pieces(Pawn, c);
}

int covered_files(const Position& pos, Color c) {
    const Bitboard cover = pawn_cover(pos, c);
    int n = 0;
    for (int f = FileA; f <= FileH; ++f) n += (cover & file_bb(f)) != 0;
    return n;
}

Bitboard flight_squares_forward(const Position& pos, Color c) {
    const Square k = pos.king(c);
    if (relative_rank(c, k) != Rank1) return 0;
    const Bitboard second = rank_bb(c == White ? Rank2 : Rank7);
    Bitboard out = 0;
    Bitboard b = king_attacks(k) & second & ~pos.occupied();
    while (b) {
        const Square s = pop_lsb(b);
        if (!pos.attackers(~c, s, pos.occupied() ^ square_bb(k))) out |= square_bb(s);
    }
    return out;
}

std::optional<Color> opposition(const Position& pos) {
    const Square a = pos.king(White), b = pos.king(Black);
    const int df = std::abs(file_of(a) - file_of(b)), dr = std::abs(rank_of(a) - rank_of(b));
    const bool direct = (df == 0 && dr == 2) || (df == 2 && dr == 0);
    const bool diagonal = df == 2 && dr == 2;
    if (!direct && !diagonal) return std::nullopt;
    return ~pos.side_to_move();
}

bool behind_pawn(const Position& pos, Square rook, Square pawn) {
    const Piece r = pos.piece_at(rook), p = pos.piece_at(pawn);
    if (r == NoPiece || p == NoPiece || type_of(p) != Pawn) return false;
    if (type_of(r) != Rook && type_of(r) != Queen) return false;
    if (file_of(rook) != file_of(pawn)) return false;
    const bool pawn_white = color_of(p) == White;
    // Behind: where the pawn comes from (below a white pawn, above a black one).
    if (pawn_white ? rank_of(rook) >= rank_of(pawn) : rank_of(rook) <= rank_of(pawn)) return false;
    return (between_bb(rook, pawn) & pos.occupied()) == 0;
}

int king_route(const Position& pos, Color c, Square from, Bitboard targets) {
    const Bitboard occupied = pos.occupied() & ~square_bb(from);
    const Bitboard free = ~(pos.occupied_co(c) & ~square_bb(from));  // the king's own square too
    Bitboard safe = free;
    for (Bitboard b = free; b;) {
        const Square s = pop_lsb(b);
        if (pos.attackers(~c, s, occupied)) safe &= ~square_bb(s);
    }
    targets &= safe;
    Bitboard reached = square_bb(from), frontier = reached;
    for (int steps = 0; steps <= 8; ++steps) {
        if (frontier & targets) return steps;
        Bitboard next = 0;
        for (Bitboard b = frontier; b;) next |= king_attacks(pop_lsb(b));
        frontier = next & safe & ~reached;
        if (!frontier) break;
        reached |= frontier;
    }
    return KingRouteNone;
}

bool shortens_king_route(const Position& before, const Position& after, Color c, Square from,
                         Square to, Bitboard targets) {
    const int was = king_route(before, c, from, targets);
    return was != KingRouteNone && king_route(after, c, to, targets) < was;
}

bool could_go_at_once(const Position& pos, Square at, Square s) {
    const Piece pc = pos.piece_at(at);
    if (pc == NoPiece || color_of(pc) == pos.side_to_move()) return false;
    if (const std::optional<Position> np = null_move_position(pos)) {
        for (Move m : MoveList(*np))
            if (m.from() == at && m.to() == s) return true;
        return false;
    }
    if (type_of(pc) == Pawn) return pawn_advancing_to(pos, color_of(pc), s, NoSquare) == at;
    if (!(pos.attacks(at) & square_bb(s))) return false;
    return type_of(pc) != King || !pos.attackers(~color_of(pc), s);
}

Square battery_target(const Position& pos, Square a, Square b) {
    const Piece pa = pos.piece_at(a), pb = pos.piece_at(b);
    if (pa == NoPiece || pb == NoPiece || color_of(pa) != color_of(pb) || a == b) return NoSquare;
    if (!line_bb(a, b) || (between_bb(a, b) & pos.occupied())) return NoSquare;
    const bool diagonal = file_of(a) != file_of(b) && rank_of(a) != rank_of(b);
    auto moves_along = [&](PieceType pt) {
        return pt == Queen || (diagonal ? pt == Bishop : pt == Rook);
    };
    if (!moves_along(type_of(pa)) || !moves_along(type_of(pb))) return NoSquare;
    if (type_of(pa) == Rook && type_of(pb) == Rook) return NoSquare;  // doubled rooks
    const Color us = color_of(pa), them = ~us;
    const Bitboard king_zone = king_attacks(pos.king(them));
    Square best = NoSquare;
    int best_steps = 99;
    for (const auto& [rear, front] : {std::pair{a, b}, std::pair{b, a}}) {
        const int df = (file_of(front) > file_of(rear)) - (file_of(front) < file_of(rear));
        const int dr = (rank_of(front) > rank_of(rear)) - (rank_of(front) < rank_of(rear));
        int f = file_of(front) + df, r = rank_of(front) + dr;
        for (int steps = 1; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr, ++steps) {
            const Square s = make_square(f, r);
            const Piece pc = pos.piece_at(s);
            if (pc != NoPiece) {
                if (color_of(pc) == them && type_of(pc) != King && steps < best_steps)
                    best = s, best_steps = steps;
                break;
            }
            if ((king_zone & square_bb(s)) && steps < best_steps) {
                best = s, best_steps = steps;
                break;
            }
        }
    }
    return best;
}

bool gives_the_exchange(const Position& pos, Move m) {
    const Piece cap = pos.captured_piece(m);
    return type_of(pos.piece_at(m.from())) == Rook && cap != NoPiece &&
           (type_of(cap) == Knight || type_of(cap) == Bishop);
}

Bitboard safe_check_squares(const Position& pos) {
    Bitboard out = 0;
    for (Move m : MoveList(pos))
        if (pos.gives_check(m) != CheckKind::None && see_ge(pos, m, 0)) out |= square_bb(m.to());
    return out;
}

std::optional<Move> cheapest_capture(const Position& pos, Square s) {
    std::optional<Move> take;
    for (const Move m : MoveList(pos))
        if (m.to() == s && (!take || PieceValue[type_of(pos.piece_at(m.from()))] <
                                         PieceValue[type_of(pos.piece_at(take->from()))]))
            take = m;
    return take;
}

Bitboard king_driven_to(const Position& pos) {
    if (!pos.is_check()) return 0;
    const Square k = pos.king(pos.side_to_move());
    Bitboard out = 0;
    for (Move m : MoveList(pos)) {
        if (m.from() == k) {
            if (pos.is_capture(m)) return 0;
            out |= square_bb(m.to());
        } else if (see_ge(pos, m, -99)) {
            return 0;  // an answer that loses less than a pawn
        }
    }
    return out;
}

bool king_driven_up(const Position& pos) {
    Bitboard b = king_driven_to(pos);
    if (popcount(b) < 2) return false;
    const Color c = pos.side_to_move();
    const int from = relative_rank(c, pos.king(c));
    while (b) {
        const int r = relative_rank(c, pop_lsb(b));
        if (r <= from || r < Rank3) return false;
    }
    return true;
}

namespace {

// The side to move wins the piece on s by a capture netting a pawn or more (static exchange).
bool can_win_on(const Position& pos, Square s) {
    for (Move m : MoveList(pos))
        if (m.to() == s && pos.is_capture(m) && see_ge(pos, m, 100)) return true;
    return false;
}

}  // namespace

bool king_driven_from(const Position& before, const Position& after, Square s) {
    const Color them = after.side_to_move();
    const Piece pc = after.piece_at(s);
    if (pc == NoPiece || color_of(pc) != them || type_of(pc) == King) return false;
    if (!(king_attacks(after.king(them)) & square_bb(s)) || can_win_on(before, s)) return false;
    if (!king_driven_to(after)) return false;
    // Driven, the king's moves are the answers worth trying: after each the piece falls.
    const Square k = after.king(them);
    for (Move m : MoveList(after)) {
        if (m.from() != k) continue;
        Position p = after;
        p.do_move(m);
        if (!can_win_on(p, s)) return false;
    }
    return true;
}

bool outpost_ahead(const Position& before, Move m, const Position& after, Square s) {
    const Piece pc = before.piece_at(m.from());
    if (pc == NoPiece || (type_of(pc) != Knight && type_of(pc) != Bishop)) return false;
    if (m.kind() != Normal || before.is_capture(m) || after.piece_at(s) != NoPiece) return false;
    if (!is_outpost(after, s, color_of(pc)) || !could_go_at_once(after, m.to(), s)) return false;
    for (Move x : MoveList(before))
        if (x.from() == m.from() && x.to() == s) return false;  // it could go there at once
    return true;
}

bool in_between(const Position& before, Move m, const Position& after, Square s) {
    const Color us = before.side_to_move();
    const Piece target = before.piece_at(s);
    if (target == NoPiece || color_of(target) == us || m.to() == s) return false;
    if (!before.is_capture(m) && !after.is_check()) return false;
    // With an enemy piece on s, any move there takes it.
    if (!cheapest_capture(before, s)) return false;
    const MoveList replies(after);
    if (replies.empty()) return false;
    for (Move r : replies) {
        Position p = after;
        p.do_move(r);
        const Piece still = p.piece_at(s);
        if (still == NoPiece || color_of(still) == us || !cheapest_capture(p, s)) return false;
    }
    return true;
}

bool opens_file_for(const Position& before, Move m, const Position& after, Square piece) {
    const Piece pawn = before.piece_at(m.from()), pc = after.piece_at(piece);
    if (pawn == NoPiece || type_of(pawn) != Pawn || !before.is_capture(m)) return false;
    const Color us = color_of(pawn);
    const int f = file_of(m.from());
    if (pc == NoPiece || color_of(pc) != us || type_of(pc) != Rook) return false;
    if (after.pieces(Pawn, us) & file_bb(f)) return false;  // another pawn of ours still on it
    const Bitboard own = after.occupied_co(us);
    // From s the piece looks up the file past the square the pawn left (toward the opponent).
    auto sees = [&](Square s) {
        return relative_rank(us, s) < relative_rank(us, m.from()) &&
               !(between_bb(s, m.from()) & own);
    };
    if (file_of(piece) == f) return sees(piece);
    for (Bitboard b = file_bb(f) & ~after.occupied(); b;) {
        const Square s = pop_lsb(b);
        if (sees(s) && could_go_at_once(after, piece, s)) return true;
    }
    return false;
}

Square file_opened_for(const Position& before, Move m, const Position& after) {
    const Piece pawn = before.piece_at(m.from());
    if (pawn == NoPiece) return NoSquare;
    const Color us = color_of(pawn);
    // A rook on the file first, the nearer one; else the rook fewer files away.
    auto rank = [&](Square r) {
        const int files_away = std::abs(file_of(r) - file_of(m.from()));
        return files_away == 0 ? distance(r, m.from()) : 8 + files_away;
    };
    Square best = NoSquare;
    for (Bitboard b = after.pieces(Rook, us); b;) {
        const Square s = pop_lsb(b);
        if (opens_file_for(before, m, after, s) && (best == NoSquare || rank(s) < rank(best)))
            best = s;
    }
    return best;
}

Square pawn_advancing_to(const Position& pos, Color c, Square s, Square except) {
    if (pos.piece_at(s) != NoPiece) return NoSquare;
    const int back = -pawn_push(c);
    const int one = int(s) + back;
    if (one < int(A1) || one > int(H8)) return NoSquare;
    const Piece own = make_piece(c, Pawn);
    if (pos.piece_at(Square(one)) == own) return Square(one) != except ? Square(one) : NoSquare;
    if (pos.piece_at(Square(one)) != NoPiece || relative_rank(c, s) != Rank4) return NoSquare;
    const Square two = Square(one + back);
    return pos.piece_at(two) == own && two != except ? two : NoSquare;
}

bool prepares_advance(const Position& before, const Position& after, Color c, Square pawn,
                      Square s) {
    if (after.piece_at(pawn) != make_piece(c, Pawn) || !(pawn_attacks(c, pawn) & square_bb(s)))
        return false;
    const Square from = pawn_advancing_to(after, c, s, pawn);
    if (from == NoSquare || pawn_advancing_to(before, c, s, pawn) != from) return false;
    if (!is_centre(s) && !(pawn_attacks(c, s) & after.pieces(Pawn, ~c))) return false;
    if (!after.attackers(~c, s) || before.side_to_move() != c) return false;
    // c to move again after the move: its advance judged as if the opponent passed.
    const std::optional<Position> again = null_move_position(after);
    if (!again) return false;
    const Move advance(from, s);
    if (!see_ge(before, advance, 0) && see_ge(*again, advance, 0)) return true;
    // Or the square gets as many defenders as attackers (1...c6 for ...d5: a pawn to take back).
    const int theirs = popcount(after.attackers(~c, s));
    return popcount(after.attackers(c, s)) >= theirs &&
           popcount(before.attackers(c, s)) < popcount(before.attackers(~c, s));
}

int pawn_space(const Position& pos, Color c) {
    const Bitboard half = c == White ? (rank_bb(Rank5) | rank_bb(Rank6) | rank_bb(Rank7))
                                     : (rank_bb(Rank4) | rank_bb(Rank3) | rank_bb(Rank2));
    Bitboard attacked = 0, pawns = pos.pieces(Pawn, c);
    while (pawns) attacked |= pawn_attacks(c, pop_lsb(pawns));
    return popcount(attacked & half);
}

bool development_phase(const Position& pos) {
    return popcount(pos.occupied() & ~pos.pieces(Pawn) & ~pos.pieces(King)) >= 10;
}

bool is_endgame(const Position& pos) {
    if (pos.pieces(Queen)) return false;
    for (Color c : {White, Black}) {
        const int rooks = popcount(pos.pieces(Rook, c));
        const int minors = popcount(pos.pieces(Knight, c) | pos.pieces(Bishop, c));
        if (rooks > 1 || minors > 2 || (rooks == 1 && minors > 1)) return false;
    }
    return true;
}

Bitboard back_rank_exits(const Position& pos, Color c) {
    const Square k = pos.king(c);
    if (k == NoSquare || relative_rank(c, k) != Rank1) return 0;
    const int r = c == White ? Rank2 : Rank7;
    Bitboard out = 0;
    for (int f = std::max(0, file_of(k) - 1); f <= std::min(7, file_of(k) + 1); ++f)
        out |= square_bb(make_square(f, r));
    return out & ~pos.occupied_co(c);
}

bool king_confined(const Position& pos, Color c) {
    const Bitboard exits = back_rank_exits(pos, c);
    if (!exits) return false;
    for (Bitboard b = exits; b;)
        if (!pos.attackers(~c, pop_lsb(b))) return false;
    return true;
}

int doubled_files(const Position& pos, Color c) {
    int n = 0;
    for (int f = 0; f < 8; ++f) n += popcount(pos.pieces(Pawn, c) & file_bb(f)) >= 2;
    return n;
}

bool has_bishop_pair(const Position& pos, Color c) {
    auto pair = [&](Color side) {
        const Bitboard b = pos.pieces(Bishop, side);
        return (b & LightSquares) && (b & DarkSquares);
    };
    return pair(c) && !pair(~c);
}

const char* slider_line(const Position& pos, Square slider, Square s) {
    const Piece pc = pos.piece_at(slider);
    if (pc == NoPiece || slider == s) return nullptr;
    const PieceType pt = type_of(pc);
    if (pt != Bishop && pt != Rook && pt != Queen) return nullptr;
    if (!(attacks_bb(pt, slider, 0) & square_bb(s))) return nullptr;
    if (file_of(slider) == file_of(s)) return "file";
    if (rank_of(slider) == rank_of(s)) return "rank";
    return "diagonal";
}

}  // namespace glossfish::ideas
