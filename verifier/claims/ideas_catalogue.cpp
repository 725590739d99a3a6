// The idea catalogue (ideas_catalogue.h): one entry per idea kind, its detector written with the
// board facts of engine/ideas and the board tools, its phrases and their claims.
#include "claims/ideas_catalogue.h"

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "ideas/ideas.h"
#include "rules/bitboard.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/see.h"
#include "rules/structure.h"
#include "tools/board_tools.h"

namespace glossfish::verifier {

namespace {

using nlohmann::json;
using namespace glossfish::ideas;

const char* piece_name(PieceType pt) {
    static const char* const names[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};
    return names[pt];
}

// What every detector needs about the move.
struct MoveView {
    const Position& before;
    const Position& after;
    Move move;
    Color us, them;
    Square from, to;  // to: where the moved piece lands (the king's square for castling)
    PieceType piece;  // the moved piece, before a promotion
    Piece captured;

    Square previous_capture = NoSquare;
    bool previous_known = false;
    const std::vector<Move>& line;  // the engine's line after the move; may be empty

    MoveView(const Position& b, Move m, const Position& a, const IdeaContext& c)
        : before(b),
          after(a),
          move(m),
          us(b.side_to_move()),
          them(~b.side_to_move()),
          from(m.from()),
          to(m.kind() == Castling ? castle_king_to(us, m.to() > m.from()) : m.to()),
          piece(type_of(b.piece_at(m.from()))),
          captured(b.captured_piece(m)),
          line(c.line) {
        previous_capture = c.previous_capture;
        previous_known = c.previous_known || c.previous_capture != NoSquare;
    }
    // The move takes back on the square where the opponent just captured; without the game's
    // moves (a FEN alone), a capture of exactly what the mover was down.
    bool recapture() const {
        if (captured == NoPiece) return false;
        if (previous_known) return previous_capture == to;
        const int sign = us == White ? 1 : -1;
        return -sign * material_balance(before) * 100 == PieceValue[type_of(captured)];
    }
    bool castles() const { return move.kind() == Castling; }
    // The mover's piece on s after the move can be won by capturing it.
    bool hangs_after(Square s) const {
        for (const HangingPiece& h : BoardTools(after).hanging(us))
            if (h.square == s) return true;
        return false;
    }
    // The moved piece can be won where it lands: what it threatens is no threat.
    bool lands_en_prise() const { return hangs_after(to); }
    // A capture the opponent can take back is a trade, unless the engine's line (when there is
    // one) declines it: neither its reply nor, after an exchange in between, the opponent's
    // next move takes on the square (26.gxh7+ Kh8 of Zukertort-Blackburne trades nothing off;
    // Bxf6 Rxc1+ Nxc1 gxf6 is a trade with a check in between).
    // A capture the opponent takes back: an exchange under way, which holds no square, opens no
    // break and pushes no passed pawn on.
    bool recaptured() const { return captured != NoPiece && taken_back(); }
    bool taken_back() const {
        if (!after.attackers(them, to)) return false;
        if (line.empty()) return true;
        Position p = after;
        for (std::size_t i = 0; i < 3 && i < line.size(); ++i) {
            if (!p.is_legal(line[i])) return false;
            const bool theirs = i % 2 == 0;
            if (theirs && p.is_capture(line[i]) && line[i].to() == to) return true;
            if (!theirs && line[i].from() == to) return false;  // the piece moves on
            p.do_move(line[i]);
        }
        return false;
    }
    // The mover's next move in the engine's line and the position it is played from (after the
    // reply), when the line has both and both are legal.
    struct NextOwn {
        Position pos;
        Move move;
    };
    std::optional<NextOwn> next_own() const {
        if (line.size() < 2 || !after.is_legal(line[0])) return std::nullopt;
        Position p = after;
        p.do_move(line[0]);
        if (!p.is_legal(line[1])) return std::nullopt;
        return NextOwn{p, line[1]};
    }
    // The moved piece can be won where it lands, and the engine's line declines it: offered.
    bool declined() const { return lands_en_prise() && line_leaves_standing(); }
    // The engine's line leaves the moved piece standing: its first three plies are legal and
    // none captures on the square the piece landed on (a pawn that could be taken, but whose
    // taking the engine declines).
    bool line_leaves_standing() const {
        if (line.size() < 3) return false;
        Position p = after;
        for (std::size_t i = 0; i < 3; ++i) {
            if (!p.is_legal(line[i]) || (p.is_capture(line[i]) && line[i].to() == to)) return false;
            p.do_move(line[i]);
        }
        return true;
    }
    // The mover was behind in material before the move: a capture then takes back.
    bool behind_before() const {
        const int sign = us == White ? 1 : -1;
        return sign * material_balance(before) < 0;
    }
    // Where a piece that stood on s before the move stands after it (NoSquare: taken).
    Square follow(Square s) const {
        if (s == from) return to;
        if (castles() && s == move.to()) return castle_rook_to(us, move.to() > move.from());
        return after.piece_at(s) == before.piece_at(s) ? s : NoSquare;
    }
    // Where the piece on s after the move stood before it (NoSquare: it was not there).
    Square origin(Square s) const {
        if (s == to) return from;
        return after.piece_at(s) == before.piece_at(s) ? s : NoSquare;
    }
};

IdeaFound found(std::size_t phrase, IdeaSlots slots = {}, int bonus = 0) {
    return IdeaFound{phrase, std::move(slots), bonus};
}

std::string squares_slot(std::vector<Square> v) {
    std::string out;
    for (Square s : v) out += (out.empty() ? "" : " ") + square_name(s);
    return out;
}

bool was_hanging(const Position& pos, Color c, Square s) {
    for (const HangingPiece& h : BoardTools(pos).hanging(c))
        if (h.square == s) return true;
    return false;
}

// ---- development ----

// Development is the opening's and the early middlegame's: with fewer than ten pieces (not
// pawns or kings) left, a knight or bishop leaving its home square is no longer "developed"
// (35...Bc5+ of Byrne-Fischer, the bishop back on f8 after Bf8 blocked a check).
std::vector<IdeaFound> develops(const MoveView& v) {
    if ((v.piece != Knight && v.piece != Bishop) || !minor_home(v.us, v.piece, v.from)) return {};
    if (!development_phase(v.before)) return {};
    IdeaSlots s{{"piece", piece_name(v.piece)}};
    return {found(centre_distance(v.to) < centre_distance(v.from) ? 0 : 1, s)};
}

std::vector<IdeaFound> castles(const MoveView& v) {
    if (!v.castles()) return {};
    std::vector<Square> cover;
    Bitboard b = pawn_cover(v.after, v.us);
    while (b) cover.push_back(pop_lsb(b));
    if (cover.size() >= 2) return {found(0, {{"squares", squares_slot(cover)}})};
    return {found(1)};
}

std::vector<IdeaFound> prepares_castling(const MoveView& v) {
    if (v.castles() || v.piece == King) return {};
    std::vector<IdeaFound> out;
    for (bool king_side : {true, false}) {
        const CastlingRight cr = castling_right(v.us, king_side);
        if (v.after.has_castling_right(cr) && !castling_path_clear(v.before, cr) &&
            castling_path_clear(v.after, cr))
            out.push_back(found(king_side ? 0 : 1));
    }
    return out;
}

// A king or rook move (not castling) that ends a right to castle the mover still had: the king
// move ends both (phrase 0), a rook move the one of its side (1: kingside, 2: queenside).
std::vector<IdeaFound> gives_up_castling(const MoveView& v) {
    if (v.castles() || (v.piece != King && v.piece != Rook)) return {};
    const bool kingside = castling_right_lost(v.before, v.after, v.us, true);
    const bool queenside = castling_right_lost(v.before, v.after, v.us, false);
    if (v.piece == King)
        return kingside || queenside ? std::vector{found(0)} : std::vector<IdeaFound>{};
    // A rook move's lost right is a cost when castling there was ready (nothing left between
    // king and rook: Rb1 with Nc3, Be3 and Qd2 out gives up O-O-O) or no right is left; 11.Rc1
    // of Fischer-Spassky (Reykjavik 1972), the queen still on d1 and O-O to come, loses nothing.
    const bool none_left = !v.after.has_castling_right(castling_right(v.us, true)) &&
                           !v.after.has_castling_right(castling_right(v.us, false));
    std::vector<IdeaFound> out;
    if (kingside && (none_left || castling_path_clear(v.before, castling_right(v.us, true))))
        out.push_back(found(1));
    if (queenside && (none_left || castling_path_clear(v.before, castling_right(v.us, false))))
        out.push_back(found(2));
    return out;
}

std::vector<IdeaFound> connects_rooks(const MoveView& v) {
    if (rooks_connected(v.before, v.us) || !rooks_connected(v.after, v.us)) return {};
    return {found(0)};
}

std::vector<IdeaFound> fianchetto(const MoveView& v) {
    // The knight's pawn one step from home, its bishop still at home: the long diagonal's
    // square is free for it (7...b6 prepares ...Bb7).
    if (v.piece == Pawn)
        return prepares_fianchetto(v.before, v.move) ? std::vector{found(1)}
                                                     : std::vector<IdeaFound>{};
    if (v.piece != Bishop) return {};
    const Square r = relative_square(v.us, v.to);
    if (r != B2 && r != G2) return {};
    const Square pawn = relative_square(v.us, r == B2 ? B3 : G3);
    if (v.after.piece_at(pawn) != make_piece(v.us, Pawn)) return {};
    return {found(0)};
}

std::vector<IdeaFound> queen_early(const MoveView& v) {
    if (v.piece != Queen || v.from != relative_square(v.us, D1) || v.captured != NoPiece) return {};
    if (minors_at_home(v.before, v.us) < 3) return {};
    return {found(0)};
}

std::vector<IdeaFound> blocks_bishop(const MoveView& v) {
    if (v.piece != Pawn) return {};
    std::vector<IdeaFound> out;
    Bitboard b = v.after.pieces(Bishop, v.us);
    while (b) {
        const Square s = pop_lsb(b);
        if (!(v.before.attacks(s) & square_bb(v.to))) continue;
        if (mobility(v.before, s) - mobility(v.after, s) >= 2 && mobility(v.after, s) <= 3)
            out.push_back(found(0, {{"square", square_name(s)}}));
    }
    return out;
}

// ---- centre ----

std::vector<IdeaFound> occupies_centre(const MoveView& v) {
    if (v.piece != Pawn || !is_centre(v.to) || is_centre(v.from)) return {};
    // A capture the opponent takes back holds the square for one move: an exchange, not a
    // centre (3...cxd4 4.Nxd4 of the Sicilian, 9.cxd5 cxd5 of Fischer-Petrosian 1971).
    if (v.recaptured()) return {};
    return {found(0)};
}

std::vector<IdeaFound> takes_control(const MoveView& v) {
    if (v.lands_en_prise()) return {};
    // A capture the opponent takes back controls nothing for long (9...cxd5 10.exd5 of
    // Fischer-Petrosian 1971 did not "take control of c4").
    if (v.recaptured()) return {};
    if (v.piece == King || v.castles()) return {};
    const Bitboard now = v.after.attacks(v.to), was = v.before.attacks(v.from);
    std::vector<Square> squares;
    for (Square s = A1; s <= H8; ++s) {
        // The square the piece left it held by standing there (36...Rf3 from c3 "takes
        // control of c3" says nothing).
        if (!(now & square_bb(s)) || (was & square_bb(s)) || s == v.from) continue;
        if (!is_centre(s) && !(is_extended_centre(s) && relative_rank(v.us, s) >= Rank4)) continue;
        // A square an enemy piece stands on is attacked, not controlled (21.Re5 of
        // Fischer-Petrosian 1971 attacks the pawn on d5; it does not "take control of d5").
        if (v.after.piece_at(s) != NoPiece) continue;
        if (popcount(v.after.attackers(v.us, s)) < popcount(v.after.attackers(v.them, s))) continue;
        squares.push_back(s);
    }
    if (squares.empty()) return {};
    std::stable_sort(squares.begin(), squares.end(),
                     [](Square a, Square b) { return centre_distance(a) < centre_distance(b); });
    if (squares.size() > 3) squares.resize(3);
    std::sort(squares.begin(), squares.end());
    const int central = int(std::count_if(squares.begin(), squares.end(), is_centre));
    return {found(0, {{"squares", squares_slot(squares)}}, 5 * central)};
}

std::vector<IdeaFound> strikes(const MoveView& v) {
    if (v.piece != Pawn || v.move.kind() == Promotion) return {};
    // A capture the opponent takes back is an exchange under way, no break (8.cxd5 exd5 of
    // Fischer-Spassky does not "strike at the pawn on e6").
    if (v.recaptured()) return {};
    std::vector<IdeaFound> out;
    Bitboard b = pawn_attacks(v.us, v.to) & v.after.pieces(Pawn, v.them);
    while (b) out.push_back(found(0, {{"square", square_name(pop_lsb(b))}}));
    // Two at once (a pawn fork of pawns, d5 against c4 and e4): one idea naming both.
    if (out.size() == 2) {
        IdeaFound both = out[0];
        both.phrase = 1;
        both.slots["square2"] = out[1].slots["square"];
        return {both};
    }
    return out;
}

// A pawn move that supports another pawn's advance to a square the opponent holds ("c3 prepares
// d4"): the advance a player plans, not yet playable without losing the pawn.
std::vector<IdeaFound> prepares_advance_idea(const MoveView& v) {
    if (v.piece != Pawn || v.move.kind() == Promotion || v.lands_en_prise()) return {};
    // The advance to the centre first: 1...e6 prepares ...d5 (and ...f5, which goes unsaid).
    std::vector<IdeaFound> centre, wing;
    for (Bitboard b = pawn_attacks(v.us, v.to); b;) {
        const Square s = pop_lsb(b);
        if (prepares_advance(v.before, v.after, v.us, v.to, s))
            (is_centre(s) ? centre : wing).push_back(found(0, {{"square", square_name(s)}}));
    }
    return centre.empty() ? wing : centre;
}

// ---- threats ----

// Whether the enemy piece on target can capture the mover's piece on `at` at once with a static
// exchange that does not lose material for the opponent.
bool can_take_back_evenly(const MoveView& v, Square target, Square at) {
    if (!(v.after.attacks(target) & square_bb(at))) return false;
    for (Move m : MoveList(v.after))
        if (m.from() == target && m.to() == at && see(v.after, m) >= 0) return true;
    return false;
}

// Whether the piece on s, its side to move, has a move to a square where it is not lost.
bool can_step_away(const Position& pos, Square s) {
    for (Move m : MoveList(pos))
        if (m.from() == s && see_ge(pos, m, 0)) return true;
    return false;
}

std::vector<IdeaFound> tempo(const MoveView& v);

std::vector<IdeaFound> threatens_win(const MoveView& v) {
    std::vector<IdeaFound> out;
    Square only = NoSquare;
    // A piece that can be won where it lands threatens nothing, unless the engine's line
    // declines it: then it threatens what is worth more than itself (36.Bf1 of
    // Kasparov-Topalov the queen on c4; 31.Nh5+ of Botvinnik-Capablanca offers the knight, and
    // its attack on the f6 knight is no threat). A pawn offered so strikes at what it attacks
    // (`strikes`): a break, not a threat to win.
    const bool declined = v.piece != Pawn && v.declined();
    if (v.lands_en_prise() && !declined) return out;
    for (const HangingPiece& h : BoardTools(v.after).hanging(v.them)) {
        if (declined && PieceValue[type_of(h.piece)] <= PieceValue[v.piece]) continue;
        const Square was = v.origin(h.square);
        if (was != NoSquare && was_hanging(v.before, v.them, was)) continue;
        if (h.see < 100) continue;
        // "Wins the bishop" when a bishop takes it and is taken back, and only a pawn more
        // follows, misleads: the piece is won when the exchange nets its worth, or when a
        // cheaper piece takes it (a knight for a queen).
        const int worth = PieceValue[type_of(h.piece)];
        const Piece capturer = v.after.piece_at(h.capturer);
        if (h.see < worth && (capturer == NoPiece || PieceValue[type_of(capturer)] >= worth))
            continue;
        // The target can take the moved piece without losing material (a queen facing a
        // queen): the opponent trades or takes first; that is an offer to trade, not a threat
        // (unless the line declines to take the moved piece: taking it costs more).
        if ((!declined && can_take_back_evenly(v, h.square, v.to)) ||
            ((!declined || h.capturer != v.to) && can_take_back_evenly(v, h.square, h.capturer)))
            continue;
        out.push_back(
            found(0, {{"piece", piece_name(type_of(h.piece))}, {"square", square_name(h.square)}},
                  h.see / 100));
        only = h.square;
    }
    // One piece, attacked by the cheaper piece that moved, that can step to a safe square is
    // gained a tempo on, not won: `tempo` says it (14...c4 of Botvinnik-Capablanca, AVRO 1938,
    // on the queen on d3, which goes to c2).
    if (out.size() == 1 && can_step_away(v.after, only)) {
        const std::vector<IdeaFound> t = tempo(v);
        if (std::any_of(t.begin(), t.end(), [&](const IdeaFound& i) {
                return i.slots.at("square") == square_name(only);
            }))
            return {};
    }
    // Two at once: one idea naming both (a double attack).
    if (out.size() >= 2) {
        std::stable_sort(out.begin(), out.end(),
                         [](const IdeaFound& a, const IdeaFound& b) { return a.bonus > b.bonus; });
        IdeaFound both = out[0];
        both.phrase = 1;
        both.slots["piece2"] = out[1].slots["piece"];
        both.slots["square2"] = out[1].slots["square"];
        both.bonus += 4;
        return {both};
    }
    return out;
}

// The moves (not castling) that would mate at once if the side to move passed.
std::vector<Move> mates_after_pass(const Position& pos) {
    std::vector<Move> out;
    const std::optional<Position> np = null_move_position(pos);
    if (!np) return out;
    for (Move m : MoveList(*np)) {
        Position p = *np;
        p.do_move(m);
        if (p.is_checkmate() && m.kind() != Castling) out.push_back(m);
    }
    return out;
}

std::vector<IdeaFound> threatens_mate(const MoveView& v) {
    if (v.after.is_checkmate()) return {};
    // A mate the mover had already (it was to move) is a missed mate, not a new threat.
    for (Move m : MoveList(v.before)) {
        Position p = v.before;
        p.do_move(m);
        if (p.is_checkmate()) return {};
    }
    const std::vector<Move> mates = mates_after_pass(v.after);
    if (mates.empty()) return {};
    const Square sq = mates.front().to();
    // Out of check, a mate threat the moved piece has no part in stood before the check: the
    // king's steps out of the checks of Botvinnik-Capablanca (AVRO 1938, 35.Kf2 to 40.g4) do
    // not each "threaten mate on e8"; the pawn on e7 does.
    if (v.before.is_check() && !(v.after.attacks(v.to) & square_bb(sq)) &&
        std::none_of(mates.begin(), mates.end(),
                     [&](Move m) { return m.from() == v.to && m.to() == sq; }))
        return {};
    return {found(0, {{"square", square_name(sq)}})};
}

std::vector<IdeaFound> tempo(const MoveView& v) {
    // A piece that can be won where it lands gains no tempo, unless the engine's line declines
    // it: then the reply must be the attacked piece moving away (9.e5 Qg6 of the Evergreen).
    const bool declined = v.declined();
    if (v.piece == King || (v.lands_en_prise() && !declined)) return {};
    std::vector<IdeaFound> out;
    const Bitboard now = v.after.attacks(v.to);
    Bitboard targets =
        now & v.after.occupied_co(v.them) & ~v.after.pieces(King) & ~v.after.pieces(Pawn);
    while (targets) {
        const Square s = pop_lsb(targets);
        const PieceType t = type_of(v.after.piece_at(s));
        const PieceType mover = type_of(v.after.piece_at(v.to));
        if (PieceValue[t] <= PieceValue[mover]) continue;
        if (v.from != v.to && (v.before.attacks(v.from) & square_bb(s)) && v.origin(s) == s)
            continue;  // it attacked that piece before too
        if (declined && v.line.front().from() != s) continue;
        out.push_back(
            found(0, {{"piece", piece_name(t)}, {"square", square_name(s)}}, PieceValue[t] / 300));
    }
    return out;
}

// The moved piece newly attacks an enemy piece (not a pawn) pinned to its king after the move
// by another piece of the mover's (a pin the move makes by moving out of the line counts): the
// pinned piece cannot step away, and the attack presses on it when the mover attacks it more
// often than it is defended or with a cheaper piece. 23...Bf6 in STS Offer of Simplification
// 023 lets the rook on e8 pin the bishop on e5 and attacks it a second time.
std::vector<IdeaFound> attacks_pinned(const MoveView& v) {
    if (v.piece == King || v.lands_en_prise()) return {};
    std::vector<IdeaFound> out;
    const PieceType mover = type_of(v.after.piece_at(v.to));
    Bitboard b = v.after.attacks(v.to) & v.after.occupied_co(v.them) & ~v.after.pieces(King) &
                 ~v.after.pieces(Pawn);
    while (b) {
        const Square s = pop_lsb(b);
        if (v.from != v.to && (v.before.attacks(v.from) & square_bb(s)) && v.origin(s) == s)
            continue;  // it attacked that piece before too
        const PinInfo pin = v.after.pin(v.them, s);
        if (!pin.pinned || pin.pinner == v.to) continue;  // a pin by the moved piece: `pins`
        const PieceType t = type_of(v.after.piece_at(s));
        const bool cheaper = PieceValue[mover] < PieceValue[t];
        if (!cheaper &&
            popcount(v.after.attackers(v.us, s)) <= popcount(v.after.attackers(v.them, s)))
            continue;
        out.push_back(found(0, {{"piece", piece_name(t)}, {"square", square_name(s)}}));
    }
    return out;
}

std::vector<IdeaFound> pins(const MoveView& v) {
    if (v.lands_en_prise()) return {};
    std::vector<IdeaFound> out;
    const PieceType mover = type_of(v.after.piece_at(v.to));
    if (mover != Bishop && mover != Rook && mover != Queen) return {};
    const Bitboard rays = v.after.attacks(v.to) & v.after.occupied_co(v.them);
    Bitboard b = rays & ~v.after.pieces(King);
    while (b) {
        const Square pinned = pop_lsb(b);
        // The piece behind it on the line from the pinner.
        const Bitboard beyond = attacks_bb(mover, v.to, v.after.occupied() ^ square_bb(pinned)) &
                                ~v.after.attacks(v.to) & line_bb(v.to, pinned) &
                                v.after.occupied_co(v.them);
        if (!beyond) continue;
        const Square to = lsb(beyond);
        const PieceType behind = type_of(v.after.piece_at(to));
        const PieceType front = type_of(v.after.piece_at(pinned));
        if (behind != King && PieceValue[behind] <= PieceValue[front]) continue;
        // Behind a piece worth no more than the pinner there is no pin unless nothing defends
        // it: then moving the front piece loses it outright (13.Qa3 of Fischer-Spassky,
        // Reykjavik 1972, on the c5 pawn before the undefended queen on e7). A pawn pinned to a
        // defended piece worth more than the pinner is pressure a player seldom names; one on a
        // file still advances along it (Qa4 does not pin a7 to the rook on a8).
        const bool loose = !v.after.attackers(v.them, to);
        if (behind != King && front == Pawn && (!loose || file_of(pinned) == file_of(to))) continue;
        if (behind != King && PieceValue[behind] <= PieceValue[mover] && !loose) continue;
        // The "pinned" piece takes the pinner without losing material (a rook facing a rook on
        // the line to its king): that offers a trade, it pins nothing.
        if (can_take_back_evenly(v, pinned, v.to)) continue;
        out.push_back(found(behind == King ? 0 : 1,
                            {{"piece", piece_name(front)},
                             {"square", square_name(pinned)},
                             {"piece2", piece_name(behind)},
                             {"square2", square_name(to)}},
                            behind == King ? 2 : 0));
    }
    return out;
}

// ---- defence ----

std::vector<IdeaFound> unpins(const MoveView& v) {
    std::vector<IdeaFound> out;
    Bitboard b = v.before.occupied_co(v.us) & ~v.before.pieces(King);
    while (b) {
        const Square s = pop_lsb(b);
        if (s == v.from || !pinned_to_more(v.before, v.us, s)) continue;
        if (v.after.piece_at(s) != v.before.piece_at(s) || pinned_to_more(v.after, v.us, s))
            continue;
        out.push_back(found(
            0, {{"piece", piece_name(type_of(v.after.piece_at(s)))}, {"square", square_name(s)}}));
    }
    return out;
}

std::vector<IdeaFound> defends_piece(const MoveView& v) {
    std::vector<IdeaFound> out;
    for (const HangingPiece& h : BoardTools(v.before).hanging(v.us)) {
        if (h.square == v.from || h.see < 100) continue;
        if (v.after.piece_at(h.square) != v.before.piece_at(h.square)) continue;
        if (was_hanging(v.after, v.us, h.square)) continue;
        // Taking the attacker is no defence of what it attacked (9...Qxe7 of Fischer-Spassky
        // takes the bishop that hit the f8 rook: a recapture, said as one).
        if (v.captured != NoPiece &&
            (v.before.attackers(v.them, h.square) & square_bb(v.move.to())))
            continue;
        // Landing between a line piece and its target shields the target ("Be7 shields the
        // queen on d8 from the bishop on g5"), whether or not the moved piece defends it too.
        Square shielded_from = NoSquare;
        for (Bitboard b = v.before.attackers(v.them, h.square); b;) {
            const Square a = pop_lsb(b);
            if ((between_bb(a, h.square) & square_bb(v.to)) &&
                !(v.after.attackers(v.them, h.square) & square_bb(a)))
                shielded_from = a;
        }
        if (shielded_from != NoSquare) {
            out.push_back(
                found(1, {{"piece", piece_name(type_of(h.piece))},
                          {"square", square_name(h.square)},
                          {"piece2", piece_name(type_of(v.before.piece_at(shielded_from)))},
                          {"square2", square_name(shielded_from)}}));
            continue;
        }
        if (!(v.after.attacks(v.to) & square_bb(h.square))) continue;
        out.push_back(
            found(0, {{"piece", piece_name(type_of(h.piece))}, {"square", square_name(h.square)}}));
    }
    return out;
}

std::vector<IdeaFound> saves_piece(const MoveView& v) {
    if (v.piece == King || v.captured != NoPiece) return {};
    // Attacked only by pieces of its own worth, one of which it attacks back: the mover could
    // trade first, so the point is the trade declined (avoids_trade), not danger.
    const Bitboard attackers = v.before.attackers(v.them, v.from);
    bool only_equals = attackers != 0;
    for (Bitboard b = attackers; b;) {
        const Square s = pop_lsb(b);
        if (PieceValue[type_of(v.before.piece_at(s))] != PieceValue[v.piece]) only_equals = false;
    }
    if (only_equals && (v.before.attacks(v.from) & attackers)) return {};
    for (const HangingPiece& h : BoardTools(v.before).hanging(v.us))
        if (h.square == v.from && h.see >= 100 && !was_hanging(v.after, v.us, v.to))
            return {found(0, {{"piece", piece_name(v.piece)}, {"square", square_name(v.from)}})};
    return {};
}

// ---- pieces ----

std::vector<IdeaFound> outpost(const MoveView& v) {
    if (v.lands_en_prise()) return {};
    if ((v.piece != Knight && v.piece != Bishop) || !is_outpost(v.after, v.to, v.us)) return {};
    if (is_outpost(v.before, v.from, v.us)) return {};
    return {found(0, {{"piece", piece_name(v.piece)}})};
}

std::vector<IdeaFound> rook_file(const MoveView& v) {
    if (v.lands_en_prise()) return {};
    const Square rook = v.castles() ? castle_rook_to(v.us, v.move.to() > v.move.from()) : v.to;
    // The queen on a file no rook of ours holds: as a rook would.
    const bool queen = v.piece == Queen && !v.castles();
    const int f = file_of(rook);
    if (queen) {
        if (file_of(v.from) == f || (v.after.pieces(Rook, v.us) & file_bb(f))) return {};
    } else {
        if (type_of(v.after.piece_at(rook)) != Rook) return {};
        const Square was = v.castles() ? v.move.to() : v.from;
        if (file_of(was) == f && v.captured == NoPiece) return {};
    }
    const FileStatus st = file_status(v.after, f);
    const bool ours = st == (v.us == White ? FileStatus::HalfOpenWhite : FileStatus::HalfOpenBlack);
    if (st != FileStatus::Open && !ours) return {};
    if (queen)
        return {found(st == FileStatus::Open ? 3 : 4, {{"file", std::string(1, char('a' + f))}})};
    IdeaSlots s{{"file", std::string(1, char('a' + f))}, {"square", square_name(rook)}};
    // Doubled: another rook or the queen of ours on the file with nothing between.
    Bitboard others =
        (v.after.pieces(Rook, v.us) | v.after.pieces(Queen, v.us)) & file_bb(f) & ~square_bb(rook);
    while (others) {
        const Square o = pop_lsb(others);
        if (!(between_bb(o, rook) & v.after.occupied()) && type_of(v.after.piece_at(o)) == Rook)
            return {found(2, s)};
    }
    return {found(st == FileStatus::Open ? 0 : 1, s)};
}

// The diagonal through s in one direction pair, edge to edge: its two end squares.
std::pair<Square, Square> diagonal_ends(Square s, int df) {
    auto walk = [&](int step_f, int step_r) {
        int f = file_of(s), r = rank_of(s);
        while (f + step_f >= FileA && f + step_f <= FileH && r + step_r >= Rank1 &&
               r + step_r <= Rank8)
            f += step_f, r += step_r;
        return make_square(f, r);
    };
    return {walk(-df, -1), walk(df, 1)};
}

std::vector<IdeaFound> open_diagonal(const MoveView& v) {
    const PieceType pt = type_of(v.after.piece_at(v.to));
    // A piece pinned to its king does not use the diagonal it came to.
    if ((pt != Bishop && pt != Queen) || v.lands_en_prise() || v.after.is_pinned(v.us, v.to))
        return {};
    std::vector<IdeaFound> out;
    for (int df : {1, -1}) {
        const auto [a, b] = diagonal_ends(v.to, df);
        const Bitboard line = line_bb(a, b);
        if (popcount(line) < 5 || (line & v.after.pieces(Pawn))) continue;
        if (line & square_bb(v.from)) continue;  // it was on that diagonal already
        // An enemy bishop or queen facing it on the diagonal holds the line too: it is
        // contested (a pin's or an attack's line), not the mover's.
        bool contested = false;
        for (Bitboard e = line & (v.after.pieces(Bishop, v.them) | v.after.pieces(Queen, v.them));
             e;) {
            const Square s = pop_lsb(e);
            contested = contested || !(between_bb(s, v.to) & v.after.occupied());
        }
        if (contested) continue;
        // It must be able to move along it: its own pieces on both sides of it (Be7 between the
        // queen on d8 and the knight on f6) leave it nothing of the line.
        if (popcount(v.after.attacks(v.to) & line & ~v.after.occupied_co(v.us)) < 2) continue;
        const Square lo = std::min(a, b), hi = std::max(a, b);
        out.push_back(found(
            0,
            {{"piece", piece_name(pt)}, {"square", square_name(lo)}, {"square2", square_name(hi)}},
            popcount(line) - 5));
    }
    // Two open diagonals at once: the longer one is said (one sentence per piece).
    if (out.size() == 2 && out[1].bonus > out[0].bonus) out.erase(out.begin());
    if (out.size() == 2) out.pop_back();
    return out;
}

std::vector<IdeaFound> seventh_rank(const MoveView& v) {
    if (v.lands_en_prise()) return {};
    const PieceType pt = type_of(v.after.piece_at(v.to));
    if ((pt != Rook && pt != Queen) || relative_rank(v.us, v.to) != Rank7) return {};
    if (relative_rank(v.us, v.from) == Rank7) return {};
    const Bitboard seventh = rank_bb(v.us == White ? Rank7 : Rank2);
    const Bitboard eighth = rank_bb(v.us == White ? Rank8 : Rank1);
    if (!(v.after.pieces(Pawn, v.them) & seventh) && !(v.after.pieces(King, v.them) & eighth))
        return {};
    return {found(0, {{"piece", piece_name(pt)}})};
}

std::vector<IdeaFound> frees_piece(const MoveView& v) {
    std::vector<IdeaFound> out;
    std::optional<bool> connected;  // asked only of a rook the move frees
    int best = 0;
    Square where = NoSquare;
    Bitboard b =
        v.after.pieces(Bishop, v.us) | v.after.pieces(Rook, v.us) | v.after.pieces(Queen, v.us);
    while (b) {
        const Square s = pop_lsb(b);
        if (s == v.to || v.origin(s) != s) continue;
        // A rook freed by the move that connects the rooks (9...Qe7 beside the f8 rook) is
        // that connection, said once.
        const int gain = mobility(v.after, s) - mobility(v.before, s);
        if (gain < 3 || gain <= best) continue;
        if (type_of(v.after.piece_at(s)) == Rook) {
            if (!connected) connected = !connects_rooks(v).empty();
            if (*connected) continue;
        }
        best = gain, where = s;
    }
    if (where == NoSquare) return {};
    return {found(
        0,
        {{"piece", piece_name(type_of(v.after.piece_at(where)))}, {"square", square_name(where)}},
        best / 3)};
}

// Square vacancy: the moved piece leaves its square so that another of the mover's pieces can
// use it, as the engine's line shows: the mover's next move, or the one after, brings that piece
// there without capturing (Qd1-d2 and Rf1-d1; e4-e5 and Nc3-e4). Only with the line: on the
// board alone any move leaves a square another piece could take.
std::vector<IdeaFound> makes_room(const MoveView& v) {
    // A capture or a check has its own point; a pawn stepping up is no use of a square.
    if (v.castles() || v.line.empty() || v.captured != NoPiece || v.after.is_check()) return {};
    // The knight's pawn stepping up for the bishop is the fianchetto's to say (7...b6).
    if (v.piece == Pawn && prepares_fianchetto(v.before, v.move)) return {};
    Position p = v.after;
    for (std::size_t i = 0; i < 4 && i < v.line.size(); ++i) {
        const Move m = v.line[i];
        if (!p.is_legal(m)) return {};
        // A pawn's square is used at once or not for it (14...a6 "makes room on a7" for a
        // queen the line brings there two moves later says more than the pawn meant).
        if (v.piece == Pawn && i > 1) return {};
        if (i % 2 == 1 && m.to() == v.from) {
            if (p.is_capture(m) || m.from() == v.to || m.kind() == Castling) return {};
            // The piece could go there at once: the line's own move in between (if any) is not
            // what clears its way.
            const Square at = m.from();
            if (v.after.piece_at(at) != p.piece_at(at) || type_of(p.piece_at(at)) == Pawn ||
                !could_go_at_once(v.after, at, v.from))
                return {};
            return {found(0, {{"square", square_name(v.from)},
                              {"piece", piece_name(type_of(p.piece_at(at)))},
                              {"square2", square_name(at)}})};
        }
        if (m.to() == v.from) return {};  // the opponent goes there first
        p.do_move(m);
    }
    return {};
}

// A knight or bishop on its way to an outpost, by the engine's line: the mover's next move in the
// line takes it there without capturing, a square it could not reach from where it stood, which
// is an outpost when the move is made and still after the reply ("Nd2 heads for the outpost on
// c4"). A piece that lands on an outpost now is `outpost`'s to say.
std::vector<IdeaFound> heads_for(const MoveView& v) {
    if (v.piece != Knight && v.piece != Bishop) return {};
    if (v.captured != NoPiece || v.after.is_check() || v.lands_en_prise()) return {};
    if (is_outpost(v.after, v.to, v.us)) return {};
    const auto next = v.next_own();
    if (!next || next->move.from() != v.to || next->pos.is_capture(next->move)) return {};
    const Square x = next->move.to();
    if (!outpost_ahead(v.before, v.move, v.after, x) || !is_outpost(next->pos, x, v.us)) return {};
    return {found(0, {{"piece", piece_name(v.piece)}, {"square", square_name(x)}})};
}

// The moved bishop, rook or queen lines up with another of the mover's on a diagonal, file or
// rank, nothing between, each backing the other, aimed at an enemy piece or at the squares round
// the enemy king (7.Qb3 of the Opera game behind the c4 bishop, aimed at f7). New with the move
// (not a piece sliding along a battery it stood in); not a check; two rooks are doubled rooks.
std::vector<IdeaFound> battery(const MoveView& v) {
    if ((v.piece != Bishop && v.piece != Rook && v.piece != Queen) || v.after.is_check()) return {};
    Bitboard b =
        (v.after.pieces(Bishop, v.us) | v.after.pieces(Rook, v.us) | v.after.pieces(Queen, v.us)) &
        ~square_bb(v.to);
    while (b) {
        const Square p = pop_lsb(b);
        const Square target = battery_target(v.after, v.to, p);
        if (target == NoSquare) continue;
        // At a piece, the battery is the point when the piece is defended and the second
        // attacker behind the first outnumbers its defenders (f7, the king's pawn: bishop and
        // queen against the king); an undefended piece is the threat's to name.
        // A piece worth more than the front attacker is won without the battery (Rd4 on a
        // queen on e4 with the queen behind on c4).
        if (const Piece t = v.after.piece_at(target); t != NoPiece) {
            const int defenders = popcount(v.after.attackers(v.them, target));
            if (!defenders || popcount(v.after.attackers(v.us, target)) + 1 <= defenders) continue;
            const Square front = distance(v.to, target) < distance(p, target) ? v.to : p;
            if (PieceValue[type_of(t)] > PieceValue[type_of(v.after.piece_at(front))]) continue;
        }
        if ((line_bb(v.to, p) & square_bb(v.from)) &&
            !(between_bb(v.from, p) & v.before.occupied()))
            continue;  // it stood in that line, backed, already
        return {found(0, {{"piece2", piece_name(type_of(v.after.piece_at(p)))},
                          {"square", square_name(p)},
                          {"square2", square_name(target)}})};
    }
    return {};
}

std::vector<IdeaFound> trades(const MoveView& v) {
    if (v.captured == NoPiece || v.piece == King || v.piece == Pawn) return {};
    const PieceType taken = type_of(v.captured);
    if (taken == Pawn || PieceValue[taken] != PieceValue[v.piece] || v.recapture()) return {};
    if (!v.taken_back()) return {};
    return {found(0, {{"piece", piece_name(v.piece)},
                      {"piece2", piece_name(taken)},
                      {"square", square_name(v.to)}})};
}

// A capture of a piece its side did not defend (not a recapture: that restores the balance):
// "Qxa1+ captures the undefended rook on a1". Worth more the more the piece is worth.
std::vector<IdeaFound> captures_undefended(const MoveView& v) {
    if (v.captured == NoPiece || v.move.kind() == EnPassant || v.recapture()) return {};
    if (v.before.attackers(v.them, v.to)) return {};
    // Material won back (the mover behind before, not ahead after) is no gain of a piece.
    const int sign = v.us == White ? 1 : -1;
    if (v.behind_before() && sign * material_balance(v.after) <= 0) return {};
    const PieceType taken = type_of(v.captured);
    return {found(0, {{"piece", piece_name(taken)}, {"square", square_name(v.to)}},
                  PieceValue[taken] / 100)};
}

// Material won back: a capture of an undefended piece or pawn while the mover is behind, leaving
// it behind or level ("Qxb5 regains material by taking the pawn on b5": the Evergreen's 12.Qxb5
// after the Evans gambit). Ahead after it, the capture is captures_undefended's.
std::vector<IdeaFound> wins_back(const MoveView& v) {
    if (v.captured == NoPiece || v.move.kind() == EnPassant || v.recapture()) return {};
    if (v.before.attackers(v.them, v.to) || !v.behind_before()) return {};
    const int sign = v.us == White ? 1 : -1;
    if (sign * material_balance(v.after) > 0) return {};
    const PieceType taken = type_of(v.captured);
    return {found(0, {{"piece", piece_name(taken)}, {"square", square_name(v.to)}},
                  PieceValue[taken] / 100)};
}

// A capture of a defended piece worth more than the capturer: even taken back, the difference
// stays won ("Bxg1 wins the exchange on g1"; "Nxd8 wins the queen on d8 for a knight").
std::vector<IdeaFound> wins_exchange(const MoveView& v) {
    if (v.captured == NoPiece || v.piece == King || v.recapture()) return {};
    if (!v.before.attackers(v.them, v.to)) return {};  // undefended: captures_undefended
    const PieceType taken = type_of(v.captured);
    const int gain = PieceValue[taken] - PieceValue[v.piece];
    if (gain <= 0) return {};
    // Taken while behind in material, it most often takes back what was just given (a position
    // alone does not say): "wins" would mislead, so the capture is said as it is ("Bxb6 takes
    // the queen on b6 for a bishop": 18.Bxb6 of Byrne-Fischer, a pawn down, takes the queen
    // 17...Be6 offered, and the windmill takes back more).
    const bool exchange = taken == Rook && (v.piece == Knight || v.piece == Bishop);
    return {found(v.behind_before() ? 2
                  : exchange        ? 0
                                    : 1,
                  {{"piece", piece_name(taken)},
                   {"square", square_name(v.to)},
                   {"piece2", piece_name(v.piece)}},
                  gain / 100)};
}

std::vector<IdeaFound> recaptures(const MoveView& v) {
    // With the game's moves known, any capture on the square the previous move captured on
    // (11.bxc3 after 10...Nxc3, material level); from a position alone, the mover was behind.
    if (!v.recapture() || (!v.previous_known && !v.behind_before())) return {};
    return {found(0, {{"square", square_name(v.to)}})};
}

// A capture no other idea describes: not a recapture, not taken back at once (an exchange),
// of a defended piece or pawn (an undefended one is captured or won back, said so): "Rxd5 takes
// the pawn on d5" (19.Rxd5 of Levitsky-Marshall, which the e6 pawn cannot take back for the
// fork that follows). move_ideas drops it beside an idea that says the capture otherwise.
std::vector<IdeaFound> takes(const MoveView& v) {
    if (v.captured == NoPiece || v.move.kind() == EnPassant || v.recapture() || v.recaptured())
        return {};
    if (!v.before.attackers(v.them, v.to)) return {};  // undefended: said by its own idea
    return {found(0, {{"piece", piece_name(type_of(v.captured))}, {"square", square_name(v.to)}})};
}

// An in-between move: the opponent has just captured on a square where the mover could take
// back at once, and the mover first gives a check or makes a capture elsewhere, after which
// every answer still leaves the piece to be taken (with the engine's line: which takes it at the
// mover's next move). 15.Bxh7+ of Lasker-Bauer, Amsterdam 1889, after 14...Nxh5: "takes the pawn
// on h7 with check before taking back on h5".
std::vector<IdeaFound> in_between_move(const MoveView& v) {
    if (!v.previous_known || v.previous_capture == NoSquare || v.castles()) return {};
    const Square s = v.previous_capture;
    if (!in_between(v.before, v.move, v.after, s)) return {};
    if (v.line.size() >= 2) {  // the engine's line takes back at the mover's next move
        const auto next = v.next_own();
        if (!next || next->move.to() != s || !next->pos.is_capture(next->move)) return {};
    }
    const bool check = v.after.is_check();
    IdeaSlots slots{{"square", square_name(s)}};
    if (v.captured == NoPiece) return {found(1, slots)};
    slots["piece"] = piece_name(type_of(v.captured));
    slots["square2"] = square_name(v.to);
    return {found(check ? 0 : 2, slots)};
}

// How to capture: when a pawn of the mover could take on the same square instead, what this
// capture keeps that the pawn's would give up, as a player weighs a recapture: the pawn cover of
// the king (Bxf6 rather than gxf6 in front of the king on g8), pawns undoubled (Bxb3 rather than
// axb3), no new isolated pawn; or, pawn against pawn, capturing toward the centre (hxg6 rather
// than fxg6). The other capture must be sound (it loses nothing by exchange), as must this one.
std::vector<IdeaFound> capture_choice(const MoveView& v) {
    if (v.captured == NoPiece || v.move.kind() == EnPassant || !see_ge(v.before, v.move, 0))
        return {};
    const PawnStructure was = pawn_structure(v.before, v.us), now = pawn_structure(v.after, v.us);
    // The cover matters for a castled king with the enemy queen on the board (weakens_cover).
    const Square king = v.before.king(v.us);
    const int files = covered_files(v.before, v.us);
    const bool sheltered = v.before.pieces(Queen, v.them) &&
                           (file_of(king) < FileD || file_of(king) > FileE) && files >= 2;
    const bool keeps_cover = sheltered && covered_files(v.after, v.us) >= files;
    std::optional<IdeaFound> best;
    for (const Move alt : MoveList(v.before)) {
        if (alt.to() != v.move.to() || alt.from() == v.from || alt.kind() == EnPassant ||
            type_of(v.before.piece_at(alt.from())) != Pawn ||
            (alt.kind() == Promotion && alt.promotion() != Queen) || !see_ge(v.before, alt, 0))
            continue;
        Position other = v.before;
        other.do_move(alt);
        const PawnStructure then = pawn_structure(other, v.us);
        auto worse = [&](Bitboard PawnStructure::*set) {
            return popcount(then.*set) > popcount(was.*set) &&
                   popcount(now.*set) <= popcount(was.*set);
        };
        std::size_t phrase = 4;
        if (keeps_cover && covered_files(other, v.us) < files) phrase = 0;
        else if (worse(&PawnStructure::doubled)) phrase = 1;
        else if (worse(&PawnStructure::isolated)) phrase = 2;
        else if (v.piece == Pawn && file_centre_distance(v.to) < file_centre_distance(v.from) &&
                 file_centre_distance(v.to) > file_centre_distance(alt.from()))
            phrase = 3;
        if (phrase == 4 || (best && best->phrase <= phrase)) continue;
        best =
            found(phrase, {{"square", square_name(king)}, {"move2", move_to_san(v.before, alt)}});
    }
    if (!best) return {};
    return {*best};
}

// The opponent's cheapest capture `take` of a piece (the side not to move owns it) lets that side
// win back as much at once, and no more: the best piece of the opponent's it then wins by static
// exchange is worth what was taken, give or take a pawn (a trade). Winning back more, the piece
// was poisoned, an offer all the same (21.Ng5+ of Steinitz-von Bardeleben: ...fxg5 Qxd7).
bool answered_in_kind(const Position& after, Move take) {
    const Color owner = ~after.side_to_move();
    Position p = after;
    p.do_move(take);
    const int worth = PieceValue[type_of(after.piece_at(take.to()))];
    int best = 0;
    for (const HangingPiece& h : BoardTools(p).hanging(~owner)) best = std::max(best, h.see);
    return std::abs(best - worth) <= PieceValue[Pawn];
}

std::vector<IdeaFound> sacrifice(const MoveView& v) {
    if (v.piece == King) return {};
    for (const HangingPiece& h : BoardTools(v.after).hanging(v.us)) {
        if (h.square != v.to || h.see < (v.piece == Pawn ? 100 : 200)) continue;
        if (v.captured != NoPiece && PieceValue[type_of(v.captured)] >= PieceValue[v.piece])
            continue;
        // A pawn given for the initiative is a gambit pawn: "offers the pawn on b4".
        if (v.piece == Pawn) return {found(1, {{"square", square_name(v.to)}}, -20)};
        // Left standing by the engine's line (its first three plies take nothing there), the
        // piece is offered and declined, taking it costing more: 25.Re7+ of Kasparov-Topalov
        // (Wijk aan Zee 1999; ...Qxe7 Qxd4+ mates), 36.Bf1 there. explain_ideas keeps it for a
        // move the engine rates good.
        // Taking it would be answered in kind at once (33...Rb8 of Fischer-Petrosian 1971:
        // Rxb8+ Kxf7, a rook each): an exchange offered, not a piece.
        // A piece the opponent cannot take now (a discovered check from another piece: 20...Nxd4+
        // of Byrne-Fischer) is neither given nor offered.
        const std::optional<Move> take = cheapest_capture(v.after, v.to);
        if (!take) continue;
        const bool declined = v.line_leaves_standing();
        if (declined && answered_in_kind(v.after, *take)) continue;
        // A rook given for a knight or bishop is the exchange (38.Rxf6 of Fischer-Spassky).
        if (gives_the_exchange(v.before, v.move))
            return {found(declined ? 4 : 2, {{"square", square_name(v.to)}})};
        return {found(declined ? 3 : 0,
                      {{"piece", piece_name(v.piece)}, {"square", square_name(v.to)}})};
    }
    // Another piece left to be taken, which the engine's reply takes (20...fxe4 of Samisch-
    // Nimzowitsch leaves the h5 knight to Qxh5 for the f-file). Only with the line: on the
    // board alone a piece left hanging is as often an oversight. Whether the material stays
    // given up is the line's to say (explain_ideas keeps it only then).
    if (v.line.empty() || !v.after.is_legal(v.line[0]) || !v.after.is_capture(v.line[0])) return {};
    // A piece the mover could not keep is no gift: out of check (29...Bf8 of Byrne-Fischer
    // leaves the e1 rook), or saving the moved piece from capture (25.Qxb6, the queen attacked,
    // leaves the d1 rook that the knight had attacked for three moves).
    if (v.before.is_check() || was_hanging(v.before, v.us, v.from)) return {};
    const Square s = v.line[0].to();
    const Piece left = v.after.piece_at(s);
    if (s == v.to || type_of(left) == Pawn || type_of(left) == King) return {};
    if (v.captured != NoPiece && PieceValue[type_of(v.captured)] >= PieceValue[type_of(left)])
        return {};
    for (const HangingPiece& h : BoardTools(v.after).hanging(v.us))
        if (h.square == s && h.see >= 200)
            return {found(0, {{"piece", piece_name(type_of(left))}, {"square", square_name(s)}})};
    return {};
}

// The mover had no other legal move (45...Kg8 after g7+): the move has no purpose of its own
// to name, and that is what a player says of it.
std::vector<IdeaFound> forced(const MoveView& v) {
    if (MoveList(v.before).size() != 1) return {};
    return {found(0)};
}

// The move answers a check by putting a piece between the checking piece and the king (7.Nc3
// after 6...Bb4+): the answer a player names beside what else the piece does.
std::vector<IdeaFound> blocks_check(const MoveView& v) {
    if (v.piece == King || v.captured != NoPiece) return {};
    const Bitboard checkers = v.before.checkers();
    if (popcount(checkers) != 1) return {};
    if (!(between_bb(v.before.king(v.us), lsb(checkers)) & square_bb(v.to))) return {};
    return {found(0)};
}

std::vector<IdeaFound> check_kind(const MoveView& v) {
    const CheckKind k = v.before.gives_check(v.move);
    if (k == CheckKind::Double) return {found(0)};
    if (k == CheckKind::Discovered) return {found(1)};
    return {};
}

std::vector<IdeaFound> offers_trade(const MoveView& v) {
    if (v.piece == King || v.captured != NoPiece || v.lands_en_prise()) return {};
    // The piece on `at` (after the move), defended, newly faces an enemy piece of its worth.
    auto offer = [&](Square at, Square was) -> std::optional<Square> {
        const PieceType own = type_of(v.after.piece_at(at));
        if (!v.after.attackers(v.us, at) || v.hangs_after(at)) return std::nullopt;
        Bitboard b = v.after.attacks(at) & v.after.occupied_co(v.them);
        while (b) {
            const Square s = pop_lsb(b);
            const PieceType t = type_of(v.after.piece_at(s));
            if (t == King || PieceValue[t] != PieceValue[own]) continue;
            if (v.before.attacks(was) & square_bb(s)) continue;
            // Either side can start the trade only when the pieces attack each other: a bishop
            // on a knight that cannot take it (24...Bd3 on a knight on b1) threatens to take
            // it, which the knight does not have to accept; that is no offer.
            if (!(v.after.attacks(s) & square_bb(at))) continue;
            // A pinned piece attacked is pressure on the pin, not an offer to trade, unless it
            // can take the piece that pins it (a rook facing a rook on the line to its king).
            if (stuck_in_pin(v.after, v.them, s, at)) continue;
            return s;
        }
        return std::nullopt;
    };
    if (v.piece != Pawn)
        if (auto s = offer(v.to, v.from))
            return {found(0, {{"piece", piece_name(type_of(v.after.piece_at(*s)))},
                              {"square", square_name(*s)}})};
    // The moved piece, defended, goes where an enemy piece of its worth can take it evenly
    // (...Nd5 where the c6 bishop takes and is taken back).
    if (v.piece != Pawn && v.after.attackers(v.us, v.to) && !v.hangs_after(v.to))
        for (Move m : MoveList(v.after)) {
            const Piece p = v.after.piece_at(m.from());
            if (m.to() != v.to || type_of(p) == King ||
                PieceValue[type_of(p)] != PieceValue[v.piece] ||
                (v.before.attacks(m.from()) & square_bb(v.from)) || see(v.after, m) != 0)
                continue;
            return {
                found(0, {{"piece", piece_name(type_of(p))}, {"square", square_name(m.from())}})};
        }
    // The moved piece attacks an enemy piece of its worth that cannot take it back, and takes
    // it evenly (Nf5 on a bishop on g3 defended by a pawn): the mover threatens the trade, which
    // the opponent may sidestep. Said when the trade matters: the mover is ahead in material,
    // or the engine's line sidesteps it (the reply moves the piece away) or makes it with the
    // mover's next move (a fianchettoed bishop eyeing a knight at level material threatens
    // nothing).
    auto wants_trade = [&](Square s) {
        if ((v.us == White ? 1 : -1) * material_balance(v.after) > 0) return true;
        if (v.line.empty() || !v.after.is_legal(v.line[0])) return false;
        if (v.line[0].from() == s) return true;
        const auto next = v.next_own();
        return next && next->move.from() == v.to && next->move.to() == s;
    };
    if (v.piece != Pawn && !v.hangs_after(v.to) && !v.after.is_pinned(v.us, v.to)) {
        Bitboard b =
            v.after.attacks(v.to) & v.after.occupied_co(v.them) & ~v.before.attacks(v.from);
        while (b) {
            const Square s = pop_lsb(b);
            const PieceType t = type_of(v.after.piece_at(s));
            if (t == King || PieceValue[t] != PieceValue[v.piece]) continue;
            if ((v.after.attacks(s) & square_bb(v.to)) || see(v.after, Move(v.to, s)) != 0 ||
                !wants_trade(s))
                continue;
            return {found(2, {{"piece", piece_name(t)},
                              {"square", square_name(s)},
                              {"piece2", piece_name(v.piece)}})};
        }
    }
    // A line piece the move uncovers (27.Nh4 in STS Offer of Simplification 027 opens the g2
    // bishop's diagonal to the bishop on c6).
    Bitboard sliders =
        (v.after.pieces(Bishop, v.us) | v.after.pieces(Rook, v.us) | v.after.pieces(Queen, v.us)) &
        ~square_bb(v.to);
    while (sliders) {
        const Square at = pop_lsb(sliders);
        if (!(line_bb(at, v.from) & ~square_bb(at))) continue;
        if (auto s = offer(at, at))
            return {found(1, {{"piece", piece_name(type_of(v.after.piece_at(*s)))},
                              {"square", square_name(*s)},
                              {"piece2", piece_name(type_of(v.after.piece_at(at)))},
                              {"square2", square_name(at)}})};
    }
    return {};
}

std::vector<IdeaFound> avoids_trade(const MoveView& v) {
    if (v.piece == Pawn || v.piece == King || v.captured != NoPiece || v.castles()) return {};
    if (v.lands_en_prise()) return {};
    // The piece avoided is offered another trade by the move (Nh4 leaves the c6 bishop to the
    // g2 bishop): the offer is the news, not the avoidance.
    std::string offered;
    for (const IdeaFound& f : offers_trade(v)) offered = f.slots.at("square");
    const bool defended = v.before.attackers(v.us, v.from) != 0;
    Bitboard b = v.before.attackers(v.them, v.from);
    while (b) {
        const Square s = pop_lsb(b);
        const PieceType t = type_of(v.before.piece_at(s));
        if (PieceValue[t] != PieceValue[v.piece] || v.before.is_pinned(v.them, s)) continue;
        if (square_name(s) == offered) continue;
        // A trade either way: the enemy piece takes and is taken back, or the mover takes it
        // and is taken back. An undefended piece facing one that cannot trade is only attacked.
        const bool mutual =
            (v.before.attacks(v.from) & square_bb(s)) && v.before.attackers(v.them, s) != 0;
        if (!defended && !mutual) continue;
        if ((v.after.attacks(s) & square_bb(v.to)) || (v.after.attacks(v.to) & square_bb(s)))
            continue;
        // Keeping the queens on is the usual point (the side with the initiative keeps them).
        return {
            found(0, {{"piece", piece_name(t)}, {"square", square_name(s)}}, t == Queen ? 8 : 0)};
    }
    return {};
}

// A rook or queen on the seventh rank takes the last squares of the rank above the enemy king
// on its back rank (two squares or more: a king with one luft square is not "cut off").
std::vector<IdeaFound> confines_king(const MoveView& v) {
    // A check is answered first: its point is the check, not the king's confinement.
    if (v.lands_en_prise() || v.after.is_check()) return {};
    if ((v.piece != Rook && v.piece != Queen) || relative_rank(v.us, v.to) != Rank7) return {};
    const Bitboard exits = back_rank_exits(v.after, v.them);
    if (popcount(exits) < 2 || !(v.after.attacks(v.to) & exits)) return {};
    if (!king_confined(v.after, v.them) || king_confined(v.before, v.them)) return {};
    return {found(0)};
}

// A check the king must step out of, every other answer losing material: to its one square
// ("Bxf7+ drives the king to e7", Legal's mate; 27.b4+ of Kasparov-Topalov, ...Ka4, ...Qxb4
// axb4: where it must go says the most); from several, away from a piece it alone kept, which
// then falls (32.Qg5+ of Botvinnik-Capablanca, the knight on f6), or each up the board (the
// king hunt of Edward Lasker-Thomas, London 1912). Mate is said as mate.
std::vector<IdeaFound> drives_king(const MoveView& v) {
    if (!v.after.is_check() || v.after.is_checkmate()) return {};
    const Bitboard to = king_driven_to(v.after);
    if (!to) return {};
    if (popcount(to) == 1) return {found(0, {{"square", square_name(lsb(to))}})};
    // Away from a piece it alone kept: the most valuable such piece is named.
    Square from = NoSquare;
    Bitboard near = king_attacks(v.after.king(v.them)) & v.after.occupied_co(v.them);
    while (near) {
        const Square s = pop_lsb(near);
        if (!king_driven_from(v.before, v.after, s)) continue;
        if (from == NoSquare ||
            PieceValue[type_of(v.after.piece_at(s))] > PieceValue[type_of(v.after.piece_at(from))])
            from = s;
    }
    if (from != NoSquare) {
        const PieceType t = type_of(v.after.piece_at(from));
        return {found(2, {{"piece", piece_name(t)}, {"square", square_name(from)}}, 14)};
    }
    if (king_driven_up(v.after)) return {found(1)};
    return {};
}

// A pawn capture off a file where the mover had two pawns or more: the pawns are undoubled, or
// (when the pawn lands on another doubled file) the doubled pawn goes in a trade.
std::vector<IdeaFound> undoubles(const MoveView& v) {
    if (v.piece != Pawn || v.captured == NoPiece) return {};
    if (popcount(v.before.pieces(Pawn, v.us) & file_bb(file_of(v.from))) < 2) return {};
    if (doubled_files(v.after, v.us) < doubled_files(v.before, v.us))
        return {found(0, {{"file", std::string(1, char('a' + file_of(v.from)))}})};
    // It took a pawn or more, so being taken back is a trade, not a loss.
    if (v.taken_back()) return {found(1, {{"square", square_name(v.from)}})};
    return {};
}

// A pawn capture that takes the mover's last pawn off its file opens the file for a rook on it,
// or for a rook that can come to it at once (28.hxg6 of Capablanca-Tartakower
// for the rook on a1, 29.Rh1 next).
std::vector<IdeaFound> opens_file(const MoveView& v) {
    if (v.piece != Pawn || v.captured == NoPiece) return {};
    const Square s = file_opened_for(v.before, v.move, v.after);
    if (s == NoSquare) return {};
    return {found(0, {{"file", std::string(1, char('a' + file_of(v.from)))},
                      {"piece", piece_name(Rook)},
                      {"square", square_name(s)}})};
}

// A knight takes a bishop and can be taken back (a trade, not a bishop won), leaving the mover
// with the bishop pair.
std::vector<IdeaFound> wins_bishop_pair(const MoveView& v) {
    if (v.captured == NoPiece || type_of(v.captured) != Bishop || v.piece != Knight) return {};
    if (!v.taken_back()) return {};
    if (has_bishop_pair(v.before, v.us) || !has_bishop_pair(v.after, v.us)) return {};
    return {found(0)};
}

// A bishop takes a knight and can be taken back: the bishop pair goes with it.
std::vector<IdeaFound> gives_bishop_pair(const MoveView& v) {
    if (v.piece != Bishop || v.captured == NoPiece || type_of(v.captured) != Knight) return {};
    if (!has_bishop_pair(v.before, v.us) || !v.taken_back()) return {};
    return {found(0)};
}

// The king steps off the line of an enemy bishop, rook or queen with one enemy piece between
// them: a discovered check waiting to happen. An own piece between is pinned, and the move
// breaks the pin: `unpins` says that, naming the piece it frees (34...Kg7 of Byrne-Fischer
// "breaks the pin on the bishop on f8", not that and "takes the king off the rank" as well).
std::vector<IdeaFound> king_off_line(const MoveView& v) {
    if (v.piece != King || v.castles() || v.before.is_check()) return {};
    Bitboard b = v.before.pieces(Bishop, v.them) | v.before.pieces(Rook, v.them) |
                 v.before.pieces(Queen, v.them);
    while (b) {
        const Square s = pop_lsb(b);
        const char* line = slider_line(v.before, s, v.from);
        if (!line || popcount(between_bb(s, v.from) & v.before.occupied()) != 1) continue;
        if (between_bb(s, v.from) & v.before.occupied_co(v.us)) continue;
        if (line_bb(s, v.from) & square_bb(v.to)) continue;
        const std::string l = line;
        return {found(
            l == "diagonal" ? 0
            : l == "file"   ? 1
                            : 2,
            {{"piece", piece_name(type_of(v.before.piece_at(s)))}, {"square", square_name(s)}})};
    }
    return {};
}

// The king steps out of the safe checks the opponent had (were it to move) to a square where it
// has none: the king tucked away (...Kb8 out of the knight's checks on b5 and e6, Kh2 before
// ...h4+). With a rook or queen of the opponent's on the board; not out of check.
std::vector<IdeaFound> avoids_checks(const MoveView& v) {
    if (v.piece != King || v.castles() || v.before.is_check() || v.after.is_check()) return {};
    if (!(v.before.pieces(Rook, v.them) | v.before.pieces(Queen, v.them))) return {};
    const std::optional<Position> np = null_move_position(v.before);
    if (!np) return {};
    // A check on the square the king goes to is met by standing there, not avoided.
    Bitboard was = safe_check_squares(*np) & ~square_bb(v.to);
    if (!was || safe_check_squares(v.after)) return {};
    std::vector<Square> squares;
    while (was && squares.size() < 3) squares.push_back(pop_lsb(was));
    if (was) return {};  // four or more: name them all or none
    if (squares.size() == 1) return {found(0, {{"square", square_name(squares[0])}})};
    return {found(1, {{"squares", squares_slot(squares)}})};
}

std::vector<IdeaFound> gains_space(const MoveView& v) {
    if (v.piece != Pawn || v.captured != NoPiece || relative_rank(v.us, v.to) < Rank4) return {};
    if (pawn_space(v.after, v.us) <= pawn_space(v.before, v.us)) return {};
    const int f = file_of(v.to);
    // A pawn that comes to the centre "occupies the centre": space there says it again.
    if (f > FileC && f < FileF && is_centre(v.to) && !is_centre(v.from)) return {};
    return {found(f <= FileC ? 0 : f >= FileF ? 1 : 2)};
}

// ---- pawn structure ----

// The mover's pawn on s is still passed after the opponent's reply: the engine's line's first
// move when there is one, else each pawn recapture on the square the move captured on.
bool stays_passed(const MoveView& v, Square s) {
    auto passed_after = [&](Move reply) {
        Position p = v.after;
        p.do_move(reply);
        return (pawn_structure(p, v.us).passed & square_bb(s)) != 0;
    };
    if (!v.line.empty()) return !v.after.is_legal(v.line[0]) || passed_after(v.line[0]);
    if (v.captured == NoPiece) return true;
    for (Move m : MoveList(v.after))
        if (m.to() == v.to && type_of(v.after.piece_at(m.from())) == Pawn && !passed_after(m))
            return false;
    return true;
}

std::vector<IdeaFound> creates_passed(const MoveView& v) {
    std::vector<IdeaFound> out;
    const Bitboard now = pawn_structure(v.after, v.us).passed;
    const Bitboard was = pawn_structure(v.before, v.us).passed;
    Bitboard b = now;
    while (b) {
        const Square s = pop_lsb(b);
        const Square o = v.origin(s);
        if (o != NoSquare && (was & square_bb(o))) continue;
        if (o == NoSquare) continue;  // a promotion's new piece is no pawn
        // A passed pawn at home matters in the endgame; in the middlegame once it is advanced.
        if (relative_rank(v.us, s) < Rank4 && !is_endgame(v.after)) continue;
        // A passed pawn the opponent can simply take (dxc4 answered by Bxc4) is no creation.
        if (v.hangs_after(s)) continue;
        // Nor one the reply takes away again: the engine's first reply, or without a line a
        // pawn's recapture on the square the move took on (28.hxg6 leaves f4 passed for one
        // move, until hxg6).
        if (!stays_passed(v, s)) continue;
        out.push_back(found(0, {{"square", square_name(s)}}, relative_rank(v.us, s)));
    }
    return out;
}

std::vector<IdeaFound> pushes_passer(const MoveView& v) {
    if (v.piece != Pawn || v.move.kind() == Promotion) return {};
    if (!(pawn_structure(v.before, v.us).passed & square_bb(v.from))) return {};
    // A capture the opponent takes back at once pushes nothing on (23.exf6 e.p. Nxf6 of
    // Botvinnik-Capablanca, AVRO 1938, opened the e-file; the pawn was gone a move later).
    if (v.recaptured()) return {};
    return {found(0, {{"square", square_name(v.to)}}, relative_rank(v.us, v.to))};
}

// The squares in front of s on its file, seen from side.
Bitboard forward_file(Color side, Square s) {
    Bitboard out = 0;
    for (int r = rank_of(s) + (side == White ? 1 : -1); r >= Rank1 && r <= Rank8;
         r += side == White ? 1 : -1)
        out |= square_bb(make_square(file_of(s), r));
    return out;
}

std::vector<IdeaFound> weakness(const MoveView& v, Color side, bool ours) {
    std::vector<IdeaFound> out;
    const PawnStructure now = pawn_structure(v.after, side), was = pawn_structure(v.before, side);
    const Bitboard sets_now[] = {now.isolated, now.doubled, now.backward};
    const Bitboard sets_was[] = {was.isolated, was.doubled, was.backward};
    for (std::size_t k = 0; k < 3; ++k) {
        Bitboard b = sets_now[k];
        while (b) {
            const Square s = pop_lsb(b);
            const Square o = v.origin(s);
            if (o == NoSquare || (sets_was[k] & square_bb(o))) continue;
            // Doubled: name the pawn that came to the file, not the one that was there.
            if (k == 1 && s != v.to && (sets_now[1] & square_bb(v.to))) continue;
            // A weakness the pawn undoes at once by taking the capturer back is none.
            if (!ours && v.captured != NoPiece && (pawn_attacks(side, s) & square_bb(v.to)))
                continue;
            // The mover's own capturing pawn that the opponent can take back at once is a trade
            // under way (exd4 cxd4; dxc5 Bxc5), not a lasting weakness.
            if (ours && s == v.to && v.captured != NoPiece && v.after.attackers(~side, s)) continue;
            // Backward is a weakness a player names on a half-open file: no enemy pawn in front.
            if (k == 2 && (forward_file(side, s) & v.after.pieces(Pawn, ~side))) continue;
            out.push_back(found(k, {{"square", square_name(s)}}, ours ? 0 : 5));
        }
    }
    return out;
}

// A knight, bishop, rook or queen newly attacks an enemy pawn no pawn can defend: isolated, or
// backward on a half-open file, with as many attackers as it has defenders, so that one more
// wins it (21.Re5 of Fischer-Petrosian 1971 on the isolated d5 pawn the f6 knight holds). A
// queen passing by a pawn its king guards twice presses on nothing. A pawn the move threatens
// to win is the threat's to name; one it attacked already is no news.
std::vector<IdeaFound> attacks_weak_pawn(const MoveView& v) {
    if (v.piece == Pawn || v.piece == King || v.lands_en_prise()) return {};
    const PawnStructure ps = pawn_structure(v.after, v.them);
    Bitboard b = v.after.attacks(v.to) & (ps.isolated | ps.backward) & v.after.pieces(Pawn, v.them);
    const std::vector<HangingPiece> hanging = BoardTools(v.after).hanging(v.them);
    while (b) {
        const Square s = pop_lsb(b);
        const bool isolated = ps.isolated & square_bb(s);
        if (!isolated && (forward_file(v.them, s) & v.after.pieces(Pawn, v.us))) continue;
        if (v.origin(s) == s && (v.before.attacks(v.from) & square_bb(s))) continue;
        if (popcount(v.after.attackers(v.us, s)) < popcount(v.after.attackers(v.them, s))) continue;
        if (std::any_of(hanging.begin(), hanging.end(),
                        [&](const HangingPiece& h) { return h.square == s && h.see >= 100; }))
            continue;
        return {found(isolated ? 0 : 1, {{"square", square_name(s)}})};
    }
    return {};
}

// ---- the king ----

std::vector<IdeaFound> weakens_cover(const MoveView& v) {
    // Without the enemy queen on the board a thinner cover is seldom a weakness worth naming.
    if (v.piece != Pawn || !v.before.pieces(Queen, v.them)) return {};
    const Square k = v.before.king(v.us);
    if (file_of(k) >= FileD && file_of(k) <= FileE) return {};
    const int before = popcount(pawn_cover(v.before, v.us));
    if (before < 2 || popcount(pawn_cover(v.after, v.us)) >= before) return {};
    if (!(pawn_cover(v.before, v.us) & square_bb(v.from))) return {};
    return {found(0, {{"square", square_name(k)}})};
}

std::vector<IdeaFound> luft(const MoveView& v) {
    if (v.piece != Pawn || flight_squares_forward(v.before, v.us)) return {};
    if (std::abs(rank_of(v.to) - rank_of(v.from)) != 1 || v.captured != NoPiece) return {};
    const Square k = v.before.king(v.us);
    if (relative_rank(v.us, k) != Rank1 || (file_of(k) >= FileD && file_of(k) <= FileE)) return {};
    const Bitboard now = flight_squares_forward(v.after, v.us) & square_bb(v.from);
    if (!now) return {};
    return {found(0, {{"square", square_name(v.from)}})};
}

std::vector<IdeaFound> king_activity(const MoveView& v) {
    if (v.piece != King || v.castles() || (!is_endgame(v.before) && v.before.pieces(Queen)))
        return {};
    // First the king's own passed pawn that it goes to support, by the safe route (squares
    // the opponent does not attack): the most advanced one whose route the move shortens.
    Square passer = NoSquare;
    Bitboard passed = pawn_structure(v.after, v.us).passed;
    while (passed) {
        const Square p = pop_lsb(passed);
        if (king_route(v.before, v.us, v.from, king_attacks(p)) < 1) continue;  // beside it
        if (!shortens_king_route(v.before, v.after, v.us, v.from, v.to, king_attacks(p))) continue;
        if (passer == NoSquare || relative_rank(v.us, p) > relative_rank(v.us, passer)) passer = p;
    }
    if (passer != NoSquare) return {found(2, {{"square", square_name(passer)}})};
    // The nearest enemy pawn (within three king steps, four for a passed pawn the king runs
    // after) that the king comes closer to; of two as near, the one fewer file-plus-rank steps
    // away. Four steps from a pawn that is going nowhere the king is not going for it
    // (26...Kxe8 is not "closer to the pawn on a4").
    Square target = NoSquare;
    int best = 5 * 16;
    const Bitboard runners = pawn_structure(v.after, v.them).passed;
    Bitboard b = v.after.pieces(Pawn, v.them);
    while (b) {
        const Square s = pop_lsb(b);
        const int reach = (runners & square_bb(s)) ? 4 : 3;
        if (distance(v.to, s) > reach || distance(v.to, s) >= distance(v.from, s)) continue;
        const int d = 16 * distance(v.to, s) + std::abs(file_of(v.to) - file_of(s)) +
                      std::abs(rank_of(v.to) - rank_of(s));
        if (d < best) best = d, target = s;
    }
    if (target != NoSquare) return {found(0, {{"square", square_name(target)}})};
    // Toward the centre as the crow flies, or by the king's safe route (a file the enemy rook
    // holds is no road) on a square no farther from it: a step to the edge is not "toward the
    // centre" whatever road it opens (36.Kh4 of Capablanca-Tartakower, New York 1924).
    if (nearer_centre(v.from, v.to) ||
        (centre_distance(v.to) <= centre_distance(v.from) &&
         shortens_king_route(v.before, v.after, v.us, v.from, v.to, centre_squares())))
        return {found(1)};
    return {};
}

// ---- endgame ----

std::vector<IdeaFound> rook_behind(const MoveView& v) {
    // A rook that can be won where it lands holds no post (24.Rxd4 of Kasparov-Topalov, taken
    // at once by ...cxd4, was "behind the passed pawn on d5"), unless the line leaves it there.
    if (v.piece != Rook || (v.lands_en_prise() && !v.declined())) return {};
    std::vector<IdeaFound> out;
    for (Color c : {White, Black}) {
        Bitboard b = pawn_structure(v.after, c).passed & file_bb(file_of(v.to));
        while (b) {
            const Square p = pop_lsb(b);
            if (!behind_pawn(v.after, v.to, p)) continue;
            if (!behind_pawn(v.before, v.from, p))
                out.push_back(found(0, {{"square", square_name(p)}}));
            // Already behind it, the rook steps back along the file out of the enemy king's
            // reach (46...Rg1 with the white king on e5 two steps from g4): it keeps its post
            // and the king cannot chase it.
            else if (distance(v.before.king(v.them), v.from) <= 2 &&
                     distance(v.after.king(v.them), v.to) >= 3)
                out.push_back(found(1, {{"square", square_name(p)}}));
        }
    }
    return out;
}

std::vector<IdeaFound> opposition_idea(const MoveView& v) {
    if (v.piece != King) return {};
    const Bitboard pieces = v.after.occupied() & ~v.after.pieces(King) & ~v.after.pieces(Pawn);
    if (pieces) return {};
    if (opposition(v.after) != v.us || opposition(v.before) == v.us) return {};
    return {found(0)};
}

std::vector<IdeaFound> protects_passer(const MoveView& v) {
    if (v.piece != Pawn) return {};
    std::vector<IdeaFound> out;
    Bitboard b = pawn_structure(v.after, v.us).passed & pawn_attacks(v.us, v.to);
    while (b) {
        const Square s = pop_lsb(b);
        if (pawn_attacks(v.them, s) & v.before.pieces(Pawn, v.us)) continue;  // protected already
        out.push_back(found(0, {{"square", square_name(s)}}));
    }
    return out;
}

// Shorthands for the claim templates.
IdeaClaim after(std::string predicate, json args = json::object(), bool negated = false) {
    return IdeaClaim{std::move(predicate), std::move(args), true, negated};
}
IdeaClaim before(std::string predicate, json args, bool negated = false) {
    return IdeaClaim{std::move(predicate), std::move(args), false, negated};
}
// A claim about the move itself (evaluated before it, with the move as an arg).
IdeaClaim of_move(std::string predicate, json args = json::object()) {
    args["move"] = "$move";
    return before(std::move(predicate), std::move(args));
}

// The move's capture keeps what the other capture on its square (slot move2) would give up.
IdeaClaim capture_than(const std::string& kind) {
    json args = {{"alternative", "$move2"}, {"kind", kind}};
    if (kind == "cover") args["square"] = "$square";  // the king's
    return of_move("capture_choice", std::move(args));
}

// The phrases of a pawn weakness, in the order of weakness()'s kinds.
std::vector<IdeaPhrase> weakness_phrases() {
    std::vector<IdeaPhrase> out;
    for (const char* kind : {"isolated", "doubled", "backward"})
        out.push_back({std::string("leaves the pawn on {square} ") + kind,
                       {of_move("makes_weakness", {{"square", "$square"}, {"kind", kind}})}});
    return out;
}

template <typename F>
auto with_view(F f) {
    return [f](const Position& b, Move m, const Position& a, const IdeaContext& c) {
        // A piece that can be won where it lands makes no threats and holds no square: of its
        // ideas only the sacrifice is said.
        MoveView v(b, m, a, c);
        return f(v);
    };
}

std::vector<IdeaKindSpec> make_catalogue() {
    using enum IdeaFamily;
    std::vector<IdeaKindSpec> t;
    // ---- development and the opening ----
    t.push_back({"develops",
                 Development,
                 40,
                 false,
                 "a knight or bishop leaves its home square (b1, g1, c1, f1 for White) while ten "
                 "or more pieces (not pawns or kings) are on the board; toward the centre when its "
                 "new square is nearer to d4/d5/e4/e5",
                 {{"develops the {piece} toward the centre",
                   {of_move("develops", {{"toward_centre", true}})}},
                  {"develops the {piece}", {of_move("develops")}}},
                 with_view(develops)});
    t.push_back({"castles",
                 King,
                 50,
                 false,
                 "the king castles; the pawns named shelter it (on its file and the files beside "
                 "it, one or two ranks in front)",
                 {{"castles behind the pawns on {squares}",
                   {of_move("castles"), after("shelters", {{"square", "$squares"}})}},
                  {"castles", {of_move("castles")}}},
                 with_view(castles)});
    t.push_back(
        {"prepares_castling",
         Development,
         35,
         false,
         "the last piece between king and rook leaves while the right to castle on that "
         "side remains",
         {{"prepares to castle kingside", {of_move("prepares_castling")}},
          {"prepares to castle queenside", {of_move("prepares_castling", {{"queenside", true}})}}},
         with_view(prepares_castling)});
    t.push_back(
        {"gives_up_castling",
         King,
         34,
         true,
         "a king or rook move, not castling, after which the mover can no longer castle "
         "on a side where it could before (the king move: on either side; a rook move: when "
         "nothing stood between king and rook, or no right is left)",
         {{"gives up the right to castle", {of_move("gives_up_castling")}},
          {"gives up castling kingside", {of_move("gives_up_castling", {{"side", "kingside"}})}},
          {"gives up castling queenside", {of_move("gives_up_castling", {{"side", "queenside"}})}}},
         with_view(gives_up_castling)});
    t.push_back({"connects_rooks",
                 Development,
                 38,
                 false,
                 "after the move the two rooks stand on the back rank with nothing between them, "
                 "and before it they did not",
                 {{"connects the rooks", {of_move("connects_rooks")}}},
                 with_view(connects_rooks)});
    t.push_back({"fianchetto",
                 Development,
                 32,
                 false,
                 "a bishop goes to b2 or g2 (b7 or g7) in front of its knight's pawn moved one "
                 "square; or that pawn steps one square from home while the bishop of its wing "
                 "(on c1 or f1, c8 or f8) is at home: it prepares the fianchetto",
                 {{"fianchettoes the bishop", {of_move("fianchetto")}},
                  {"prepares to fianchetto the bishop", {of_move("prepares_fianchetto")}}},
                 with_view(fianchetto)});
    t.push_back({"queen_early",
                 Development,
                 36,
                 true,
                 "the queen leaves its home square while three or more of the knights and bishops "
                 "are still at home",
                 {{"brings the queen out early", {of_move("queen_early")}}},
                 with_view(queen_early)});
    t.push_back(
        {"blocks_bishop",
         Development,
         34,
         true,
         "a pawn move onto a diagonal of an own bishop that takes two or more squares "
         "from it and leaves it at most three",
         {{"blocks the bishop on {square}", {of_move("blocks_bishop", {{"square", "$square"}})}}},
         with_view(blocks_bishop)});
    // ---- centre and space ----
    t.push_back({"occupies_centre",
                 Centre,
                 42,
                 false,
                 "a pawn moves onto d4, d5, e4 or e5",
                 {{"occupies the centre", {of_move("occupies_centre")}}},
                 with_view(occupies_centre)});
    t.push_back(
        {"takes_control",
         Centre,
         30,
         false,
         "the moved piece attacks central squares (d4-e5, or c3-f6 from the mover's 4th "
         "rank on) that it did not attack before, and the mover attacks each at least as "
         "often as the opponent",
         {{"takes control of {squares}", {of_move("gains_control", {{"square", "$squares"}})}}},
         with_view(takes_control)});
    t.push_back(
        {"strikes",
         Centre,
         44,
         false,
         "a pawn move that attacks an enemy pawn (a pawn break: it offers an exchange of "
         "pawns), not a capture the opponent takes back; two at once in one sentence",
         {{"strikes at the pawn on {square}", {of_move("strikes", {{"square", "$square"}})}},
          {"strikes at the pawns on {square} and {square2}",
           {of_move("strikes", {{"square", "$square"}}),
            of_move("strikes", {{"square", "$square2"}})}}},
         with_view(strikes)});
    t.push_back({"prepares_advance",
                 Centre,
                 45,
                 false,
                 "a pawn move after which another own pawn can advance to a square the opponent "
                 "attacks (a centre square, or one where the advance strikes an enemy pawn) with "
                 "as many defenders as attackers there, where before it had fewer",
                 {{"prepares {square}", {of_move("prepares_advance", {{"square", "$square"}})}}},
                 with_view(prepares_advance_idea)});
    // ---- threats ----
    t.push_back({"threatens_mate",
                 Threats,
                 92,
                 false,
                 "if the opponent passed, the mover would mate in one on the square named; "
                 "after a move out of check, only when the moved piece makes the mate or "
                 "attacks its square (a threat that stood before the check is not the "
                 "evasion's)",
                 {{"threatens mate on {square}",
                   {after("threatens", {{"mate", true}, {"square", "$square"}})}}},
                 with_view(threatens_mate)});
    t.push_back({"captures_undefended",
                 Tactics,
                 86,
                 false,
                 "a capture of an enemy piece or pawn that nothing of its side defended, which is "
                 "neither a recapture nor material won back (the mover behind before it and not "
                 "ahead after it)",
                 {{"captures the undefended {piece} on {square}",
                   {of_move("captures", {{"piece", "$piece"}, {"square", "$square"}}),
                    before("undefended", {{"square", "$square"}})}}},
                 with_view(captures_undefended)});
    t.push_back({"wins_back",
                 Tactics,
                 84,
                 false,
                 "a capture of an enemy piece or pawn that nothing of its side defended, made "
                 "while the mover is behind in material and leaving it behind or level (a gambit "
                 "pawn taken back; not a recapture on the square just captured on)",
                 {{"regains material by taking the {piece} on {square}",
                   {of_move("captures", {{"piece", "$piece"}, {"square", "$square"}}),
                    before("undefended", {{"square", "$square"}}), of_move("wins_back")}}},
                 with_view(wins_back)});
    t.push_back({"wins_exchange",
                 Tactics,
                 80,
                 false,
                 "a capture of a defended enemy piece worth more than the capturer (a rook for a "
                 "knight or bishop: the exchange), so that even if it is taken back the "
                 "difference is won; not a recapture; when the mover was behind in material "
                 "before it (then it most often takes back what was just given), said as a "
                 "capture, not a win",
                 {{"wins the exchange on {square}",
                   {of_move("captures", {{"piece", "rook"}, {"square", "$square"}}),
                    of_move("captures_higher", {{"square", "$square"}})}},
                  {"wins the {piece} on {square} for a {piece2}",
                   {of_move("captures", {{"piece", "$piece"}, {"square", "$square"}}),
                    of_move("captures_higher", {{"square", "$square"}}),
                    after("occupies", {{"square", "$square"}, {"piece", "$piece2"}})}},
                  {"takes the {piece} on {square} for a {piece2}",
                   {of_move("captures", {{"piece", "$piece"}, {"square", "$square"}}),
                    of_move("captures_higher", {{"square", "$square"}}),
                    after("occupies", {{"square", "$square"}, {"piece", "$piece2"}})}}},
                 with_view(wins_exchange)});
    t.push_back({"threatens_win",
                 Threats,
                 78,
                 false,
                 "after the move an enemy piece can be won by capturing it (static exchange of a "
                 "pawn or more, and its full worth unless a cheaper piece takes it) that could not "
                 "be before, and it cannot take the moved piece or its capturer without losing "
                 "material (else it is an offer to trade); a single piece worth more than the "
                 "moved piece that attacks it and that can step to a safe square is `tempo`'s",
                 {{"threatens to win the {piece} on {square}",
                   {after("threatens", {{"target", "$square"}})}},
                  {"threatens to win the {piece} on {square} and the {piece2} on {square2}",
                   {after("threatens", {{"target", "$square"}}),
                    after("threatens", {{"target", "$square2"}})}}},
                 with_view(threatens_win)});
    t.push_back({"tempo",
                 Threats,
                 62,
                 false,
                 "the moved piece attacks an enemy piece worth more than itself (not a pawn, not "
                 "the king) that it did not attack before: the opponent must spend a move on it; "
                 "a moved piece that can be won where it lands only when the engine's line leaves "
                 "it standing three plies and the reply moves the attacked piece",
                 {{"attacks the {piece} on {square} with tempo",
                   {of_move("tempo", {{"square", "$square"}})}}},
                 with_view(tempo)});
    t.push_back(
        {"pins",
         Threats,
         68,
         false,
         "the moved line piece attacks an enemy piece with, behind it on the same line, the "
         "king, or a piece worth more than the pinned one that is undefended (a pawn: not on "
         "its file) or (the pinned one not a pawn) worth more than the pinner; and the pinned "
         "piece cannot take the pinner without losing material (else it is an offer to trade)",
         {{"pins the {piece} on {square} to the king",
           {after("pins", {{"pinned", "$square"}, {"pinner", "$to"}, {"absolute", true}})}},
          {"pins the {piece} on {square} to the {piece2} on {square2}",
           {after("pins", {{"pinned", "$square"}, {"pinner", "$to"}, {"to", "$square2"}})}}},
         with_view(pins)});
    t.push_back(
        {"battery",
         Threats,
         58,
         false,
         "the moved bishop, rook or queen lines up with another bishop, rook or queen of "
         "the mover's (not rook with rook: doubled rooks) on a diagonal, file or rank "
         "both move along, nothing between, aimed at the first enemy piece (not the king) "
         "beyond the front one, or at the first square next to the enemy king the line "
         "crosses; new with the move, and not a check",
         {{"forms a battery with the {piece2} on {square} aimed at {square2}",
           {after("battery", {{"square", "$to"}, {"with", "$square"}, {"target", "$square2"}}),
            before("battery", {{"square", "$from"}, {"with", "$square"}}, true)}}},
         with_view(battery)});
    t.push_back({"attacks_pinned",
                 Threats,
                 66,
                 false,
                 "the moved piece newly attacks an enemy piece (not a pawn) that stands pinned to "
                 "its king by another of the mover's pieces after the move (a pin the move "
                 "uncovers counts), with a cheaper piece or more attackers than defenders",
                 {{"attacks the pinned {piece} on {square}",
                   {after("pins", {{"pinned", "$square"}, {"absolute", true}}),
                    after("attacks", {{"from", "$to"}, {"target", "$square"}})}}},
                 with_view(attacks_pinned)});
    // ---- defence ----
    t.push_back({"unpins",
                 Defence,
                 58,
                 false,
                 "an own piece pinned before the move (to the king, or to a more valuable piece "
                 "behind it) is no longer pinned after it",
                 {{"breaks the pin on the {piece} on {square}",
                   {of_move("unpins", {{"square", "$square"}})}}},
                 with_view(unpins)});
    t.push_back(
        {"defends_piece",
         Defence,
         64,
         false,
         "an own piece that the opponent could win by capturing it is defended by the moved "
         "piece, or shielded by it (it lands between the piece and a bishop, rook or queen "
         "that attacked it), and can no longer be won; not by capturing its attacker (a "
         "recapture)",
         {{"defends the {piece} on {square}",
           {after("defends", {{"target", "$square"}, {"from", "$to"}}),
            after("hangs", {{"square", "$square"}}, true)}},
          {"shields the {piece} on {square} from the {piece2} on {square2}",
           {before("attacks", {{"target", "$square"}, {"from", "$square2"}}),
            after("attacks", {{"target", "$square"}, {"from", "$square2"}}, true),
            after("hangs", {{"square", "$square"}}, true)}}},
         with_view(defends_piece)});
    t.push_back(
        {"saves_piece",
         Defence,
         60,
         false,
         "the moved piece could be won by capturing it where it stood and cannot be where it "
         "goes",
         {{"moves the {piece} out of danger",
           {before("hangs", {{"square", "$from"}}), after("hangs", {{"square", "$to"}}, true)}}},
         with_view(saves_piece)});
    // ---- pieces ----
    t.push_back(
        {"outpost",
         Pieces,
         60,
         false,
         "a knight or bishop goes to a square on the mover's 4th to 6th rank (5th or 6th on "
         "the a- and h-files) that an own pawn defends and no enemy pawn can ever attack",
         {{"puts the {piece} on an outpost", {after("outpost", {{"square", "$to"}})}}},
         with_view(outpost)});
    t.push_back(
        {"rook_file",
         Pieces,
         55,
         false,
         "a rook comes to a file with no pawns (open) or with enemy pawns only "
         "(half-open); doubled: another rook of the mover on that file, nothing between; the "
         "queen, coming to such a file that no rook of the mover holds, as a rook would",
         {{"puts the rook on the open {file}",
           {after("rook_on_file", {{"file", "$file"}, {"color", "$us"}}),
            after("file_status", {{"file", "$file"}, {"status", "open"}})}},
          {"puts the rook on the half-open {file}",
           {after("rook_on_file", {{"file", "$file"}, {"color", "$us"}}),
            after("file_status", {{"file", "$file"}, {"status", "half_open"}, {"color", "$us"}})}},
          {"doubles the rooks on the {file}",
           {after("doubled_rooks", {{"file", "$file"}, {"color", "$us"}})}},
          {"puts the queen on the open {file}",
           {after("rook_on_file", {{"file", "$file"}, {"color", "$us"}, {"piece", "queen"}}),
            after("file_status", {{"file", "$file"}, {"status", "open"}})}},
          {"puts the queen on the half-open {file}",
           {after("rook_on_file", {{"file", "$file"}, {"color", "$us"}, {"piece", "queen"}}),
            after("file_status", {{"file", "$file"}, {"status", "half_open"}, {"color", "$us"}})}}},
         with_view(rook_file)});
    t.push_back(
        {"open_diagonal",
         Pieces,
         50,
         false,
         "a bishop or queen comes to a diagonal of five squares or more, edge to edge, "
         "with no pawn on it, that it did not stand on before (of two, the longer), is not "
         "pinned to its king there and faces no enemy bishop or queen on it",
         {{"puts the {piece} on the open {square}-{square2} diagonal",
           {after("open_diagonal", {{"square", "$to"}, {"from", "$square"}, {"to", "$square2"}})}}},
         with_view(open_diagonal)});
    t.push_back(
        {"seventh_rank",
         Pieces,
         57,
         false,
         "a rook or queen reaches the mover's 7th rank, where enemy pawns stand or which "
         "keeps the enemy king on its back rank",
         {{"puts the {piece} on the seventh rank", {after("seventh_rank", {{"square", "$to"}})}}},
         with_view(seventh_rank)});
    t.push_back({"frees_piece",
                 Pieces,
                 33,
                 false,
                 "an own bishop, rook or queen that did not move gains three or more squares",
                 {{"frees the {piece} on {square}", {of_move("frees", {{"square", "$square"}})}}},
                 with_view(frees_piece)});
    t.push_back({"makes_room",
                 Pieces,
                 35,
                 false,
                 "with the engine's line: the moved piece (not capturing, not checking) leaves a "
                 "square that another piece of the mover's (not a pawn), standing where it stands "
                 "after the move, takes on the mover's next move or the one after (a pawn's "
                 "square: the next move only, and not the fianchetto's), without capturing (the "
                 "opponent not going there first)",
                 {{"makes room on {square} for the {piece} on {square2}",
                   {of_move("makes_room", {{"square", "$square"}, {"from", "$square2"}})}}},
                 with_view(makes_room)});
    t.push_back(
        {"heads_for",
         Pieces,
         50,
         false,
         "with the engine's line: a knight or bishop (not capturing, not checking, not "
         "to be won where it lands, not landing on an outpost) goes on, on the mover's "
         "next move in the line, to an empty outpost square it could not reach from "
         "where it stood: its side's 4th to 6th rank, defended by an own pawn, no enemy "
         "pawn able to attack it, then and after the reply",
         {{"heads for the outpost on {square}", {of_move("heads_for", {{"square", "$square"}})}}},
         with_view(heads_for)});
    t.push_back({"trades",
                 Pieces,
                 45,
                 false,
                 "a capture of a piece of the same worth as the capturer, which the opponent can "
                 "take back (and, with the engine's line known, does at once)",
                 {{"trades the {piece} for the {piece2} on {square}",
                   {of_move("captures", {{"piece", "$piece2"}}),
                    after("can_capture", {{"square", "$square"}, {"piece", "$piece"}})}}},
                 with_view(trades)});
    t.push_back({"recaptures",
                 Tactics,
                 74,
                 false,
                 "a capture on the square where the opponent's last move captured (when that move "
                 "is known); from a position alone, a capture of exactly what the mover was "
                 "down",
                 {{"recaptures on {square}", {of_move("recaptures", {{"square", "$square"}})}}},
                 with_view(recaptures)});
    t.push_back({"takes",
                 Tactics,
                 40,
                 false,
                 "a capture of a defended piece or pawn that the opponent does not take back at "
                 "once (with the engine's line: its reply; else: cannot), not a recapture, said "
                 "only when no other idea says the capture (a trade, a sacrifice, the exchange "
                 "won, an in-between move, a reason that wins material)",
                 {{"takes the {piece} on {square}",
                   {of_move("captures", {{"piece", "$piece"}, {"square", "$square"}})}}},
                 with_view(takes)});
    t.push_back({"in_between",
                 Tactics,
                 70,
                 false,
                 "with the game's previous move known, a capture the mover could take back at "
                 "once: instead it gives check or captures elsewhere, and whatever the opponent "
                 "answers the piece can still be taken back (with the engine's line: taken at the "
                 "mover's next move); an in-between move",
                 {{"takes the {piece} on {square2} with check before taking back on {square}",
                   {of_move("captures", {{"piece", "$piece"}, {"square", "$square2"}}),
                    of_move("gives_check"), of_move("in_between", {{"square", "$square"}})}},
                  {"gives check before taking back on {square}",
                   {of_move("gives_check"), of_move("in_between", {{"square", "$square"}})}},
                  {"takes the {piece} on {square2} before taking back on {square}",
                   {of_move("captures", {{"piece", "$piece"}, {"square", "$square2"}}),
                    of_move("in_between", {{"square", "$square"}})}}},
                 with_view(in_between_move)});
    t.push_back({"capture_choice",
                 PawnStructure,
                 52,
                 false,
                 "a capture where a pawn of the mover could take on the same square instead, said "
                 "for what this capture keeps that the pawn's would give up: the king's pawn "
                 "cover (Bxf6 rather than gxf6 in front of the king on g8), pawns undoubled, no "
                 "new isolated pawn; or, pawn against pawn, the capture toward the centre (hxg6 "
                 "rather than fxg6); neither capture loses material by exchange",
                 {{"keeps the pawn cover of the king on {square} that {move2} would break",
                   {capture_than("cover")}},
                  {"avoids the doubled pawns that {move2} would leave", {capture_than("doubled")}},
                  {"avoids the isolated pawn that {move2} would leave", {capture_than("isolated")}},
                  {"takes toward the centre where {move2} would take away from it",
                   {capture_than("centre")}}},
                 with_view(capture_choice)});
    t.push_back({"sacrifice",
                 Tactics,
                 88,
                 false,
                 "the moved piece can be won where it lands, by static exchange of two pawns or "
                 "more (a pawn: of a pawn, a gambit), and it took less than itself; or, with the "
                 "engine's line, another piece (not a pawn) that can be won so is left where the "
                 "line's reply takes it, the mover neither in check nor saving the moved piece: "
                 "said of a move the engine rates good, when the line "
                 "keeps the material given up (a move rated worse is said to leave the piece "
                 "hanging); the moved piece (not a pawn) that the line's first three plies leave "
                 "standing is offered, and said so of a move the engine rates good",
                 {{"sacrifices the {piece} on {square}", {after("hangs", {{"square", "$square"}})}},
                  {"offers the pawn on {square}",
                   {after("occupies", {{"square", "$square"}, {"piece", "pawn"}}),
                    after("hangs", {{"square", "$square"}})}},
                  {"sacrifices the exchange on {square}",
                   {of_move("gives_exchange", {{"square", "$square"}}),
                    after("hangs", {{"square", "$square"}})}},
                  {"offers the {piece} on {square}", {after("hangs", {{"square", "$square"}})}},
                  {"offers the exchange on {square}",
                   {of_move("gives_exchange", {{"square", "$square"}}),
                    after("hangs", {{"square", "$square"}})}}},
                 with_view(sacrifice)});
    t.push_back({"forced",
                 Defence,
                 99,
                 false,
                 "the move is the only legal move; a forced move's other ideas are not said",
                 {{"is the only legal move", {of_move("only_move", {{"legal", true}})}}},
                 with_view(forced)});
    // In check, answering it is the move's first point (27...e5 "blocks the check and creates a
    // passed pawn on e5", not the other way round).
    t.push_back({"blocks_check",
                 Defence,
                 80,
                 false,
                 "in check from one piece, the move puts a piece (not the king, not a capture) "
                 "between the checking piece and the king",
                 {{"blocks the check", {of_move("blocks_check")}}},
                 with_view(blocks_check)});
    t.push_back({"discovered_check",
                 Tactics,
                 86,
                 false,
                 "the move uncovers a check by another piece (discovered), or checks with two "
                 "pieces at once (double: the king must move)",
                 {{"gives a double check", {of_move("gives_check", {{"kind", "double"}})}},
                  {"gives a discovered check", {of_move("gives_check", {{"kind", "discovered"}})}}},
                 with_view(check_kind)});
    t.push_back({"offers_trade",
                 Pieces,
                 43,
                 false,
                 "the moved piece, defended, attacks an enemy piece of the same worth, not pinned "
                 "(or pinned by it and able to take it), "
                 "that it did not attack before: it offers to trade; or a bishop, rook or queen of "
                 "the mover's, defended, does so because the moved piece left its line; or the "
                 "moved piece, defended, goes where an enemy piece of its worth takes it evenly; "
                 "the pieces attack each other (a piece only the mover can take is a threat to "
                 "trade: the moved piece attacks one of its worth that cannot take it back, and "
                 "takes it evenly, the mover ahead in material or the engine's line moving that "
                 "piece away or making the trade next)",
                 {{"offers a trade with the {piece} on {square}",
                   {of_move("offers_trade", {{"square", "$square"}})}},
                  {"offers a trade of the {piece2} on {square2} for the {piece} on {square}",
                   {of_move("offers_trade", {{"square", "$square"}, {"from", "$square2"}})}},
                  {"threatens to trade the {piece2} for the {piece} on {square}",
                   {of_move("threatens_trade", {{"square", "$square"}})}}},
                 with_view(offers_trade)});
    t.push_back({"avoids_trade",
                 Pieces,
                 48,
                 false,
                 "a piece attacked by an enemy piece of the same worth (not pinned) steps out of "
                 "its reach without capturing, where the two could trade (the piece defended, or "
                 "it attacked the enemy piece and that one was defended)",
                 {{"avoids the trade with the {piece} on {square}",
                   {of_move("avoids_trade", {{"square", "$square"}})}}},
                 with_view(avoids_trade)});
    t.push_back(
        {"bishop_pair",
         Pieces,
         44,
         false,
         "a knight takes a bishop and can be taken back (a trade), and the mover now has "
         "bishops on both colours while the opponent has not",
         {{"wins the bishop pair",
           {of_move("captures", {{"piece", "bishop"}}), after("bishop_pair", {{"color", "$us"}}),
            before("bishop_pair", {{"color", "$us"}}, true)}}},
         with_view(wins_bishop_pair)});
    t.push_back(
        {"gives_bishop_pair",
         Pieces,
         36,
         true,
         "a bishop of a side with the bishop pair takes a knight and can be taken back",
         {{"gives up the bishop pair",
           {before("bishop_pair", {{"color", "$us"}}), of_move("captures", {{"piece", "knight"}}),
            after("can_capture", {{"square", "$to"}, {"piece", "bishop"}})}}},
         with_view(gives_bishop_pair)});
    t.push_back(
        {"gains_space",
         Centre,
         39,
         false,
         "a pawn advances to the mover's 4th rank or beyond and attacks more squares in "
         "the opponent's half (ranks 5-7 from the mover's side) than before; the wing is "
         "the pawn's (a-c queenside, d-e centre, f-h kingside)",
         {{"gains space on the queenside", {of_move("gains_space", {{"wing", "queenside"}})}},
          {"gains space on the kingside", {of_move("gains_space", {{"wing", "kingside"}})}},
          {"gains space in the centre", {of_move("gains_space", {{"wing", "centre"}})}}},
         with_view(gains_space)});
    // ---- pawn structure ----
    t.push_back({"creates_passed",
                 PawnStructure,
                 63,
                 false,
                 "an own pawn is passed after the move (no enemy pawn ahead of it on its own or a "
                 "neighbouring file) and was not before; on the 4th rank or beyond, or in an "
                 "endgame; and still passed after the reply (the engine's line's, or without a "
                 "line every pawn recapture on the square the move took on)",
                 {{"creates a passed pawn on {square}",
                   {of_move("creates_passed", {{"square", "$square"}})}}},
                 with_view(creates_passed)});
    t.push_back({"pushes_passer",
                 Endgame,
                 56,
                 false,
                 "a passed pawn advances; not by a capture the opponent takes back at once",
                 {{"pushes the passed pawn to {square}",
                   {before("occupies", {{"square", "$square"}, {"piece", "pawn"}}, true),
                    after("passed_pawn", {{"square", "$square"}})}}},
                 with_view(pushes_passer)});
    t.push_back({"weakens_enemy_pawns", PawnStructure, 50, false,
                 "an enemy pawn becomes isolated (no own pawn on a neighbouring file), doubled "
                 "(another own pawn on its file) or backward on a half-open file",
                 weakness_phrases(),
                 with_view([](const MoveView& v) { return weakness(v, v.them, false); })});
    t.push_back(
        {"attacks_weak_pawn",
         PawnStructure,
         53,
         false,
         "the moved knight, bishop, rook or queen attacks an enemy pawn that it did not attack "
         "before and that no pawn can defend: isolated, or backward on a half-open file, "
         "attacked at least as often as it is defended after the move; not when the pawn can "
         "be won at once (the threat says that)",
         {{"attacks the isolated pawn on {square}",
           {after("attacks", {{"from", "$to"}, {"target", "$square"}}),
            after("pawn_weakness", {{"square", "$square"}, {"kind", "isolated"}})}},
          {"attacks the backward pawn on {square}",
           {after("attacks", {{"from", "$to"}, {"target", "$square"}}),
            after("pawn_weakness", {{"square", "$square"}, {"kind", "backward"}})}}},
         with_view(attacks_weak_pawn)});
    t.push_back({"own_pawn_weakness", PawnStructure, 40, true,
                 "an own pawn becomes isolated, doubled or backward on a half-open file",
                 weakness_phrases(),
                 with_view([](const MoveView& v) { return weakness(v, v.us, true); })});
    t.push_back(
        {"undoubles",
         PawnStructure,
         48,
         false,
         "a pawn of a file with two or more own pawns captures onto another file, and the "
         "mover has fewer doubled files; or it lands where the opponent can take it back (and, "
         "with the engine's line known, does at once): the doubled pawn goes in a trade",
         {{"undoubles the pawns on the {file}", {of_move("undoubles", {{"file", "$file"}})}},
          {"trades off the doubled pawn on {square}",
           {before("pawn_weakness", {{"square", "$square"}, {"kind", "doubled"}}),
            of_move("captures"), after("can_capture", {{"square", "$to"}, {"piece", "pawn"}})}}},
         with_view(undoubles)});
    t.push_back({"opens_file",
                 PawnStructure,
                 47,
                 false,
                 "a pawn capture takes the mover's last pawn off its file, which is then open or "
                 "half-open for a rook of the mover's standing on it behind the square the pawn "
                 "left with nothing of its own between, or for a rook that can go at once to an "
                 "empty square of the file from which that holds (of two, the one fewer files "
                 "away)",
                 {{"opens the {file} for the {piece} on {square}",
                   {of_move("opens_file", {{"file", "$file"}}),
                    of_move("opens_file_for", {{"file", "$file"}, {"square", "$square"}}),
                    after("occupies", {{"square", "$square"}, {"piece", "$piece"}})}}},
                 with_view(opens_file)});
    t.push_back({"protects_passer",
                 Endgame,
                 54,
                 false,
                 "a pawn move defends an own passed pawn that no pawn defended",
                 {{"protects the passed pawn on {square}",
                   {after("passed_pawn", {{"square", "$square"}}),
                    after("defends", {{"target", "$square"}, {"from", "$to"}})}}},
                 with_view(protects_passer)});
    // ---- the king ----
    t.push_back({"weakens_cover",
                 King,
                 46,
                 true,
                 "a pawn in front of the castled king (its file and the files beside it, one or "
                 "two ranks ahead) leaves, and fewer pawns shelter the king, with the enemy queen "
                 "on the board",
                 {{"weakens the pawn cover of the king on {square}", {of_move("weakens_cover")}}},
                 with_view(weakens_cover)});
    t.push_back({"luft",
                 King,
                 41,
                 false,
                 "a pawn in front of the castled king (on its back rank, off the d- and e-files) "
                 "steps one square and gives it a flight square on the second rank, where it had "
                 "none",
                 {{"gives the king an escape square on {square}",
                   {of_move("luft", {{"square", "$square"}})}}},
                 with_view(luft)});
    t.push_back({"confines_king",
                 King,
                 50,
                 false,
                 "a rook or queen comes to the seventh rank (not with check) and, with it, every "
                 "free square (two or more) of the rank above the enemy king on its back rank is "
                 "attacked, where before one was not",
                 {{"confines the king to the back rank", {of_move("confines_king")}}},
                 with_view(confines_king)});
    t.push_back(
        {"drives_king",
         King,
         64,
         false,
         "the move checks (not mate), the king cannot take, and every other answer to the "
         "check (taking the checking piece, stepping between) loses a pawn or more by "
         "static exchange: the king must go to its one square, or, from two or more, each "
         "further up the board than it stands and on its third rank or beyond, or, wherever "
         "it goes, it leaves a piece it defended that could not be won before the check and "
         "can be after it (deflection)",
         {{"drives the king to {square}", {of_move("drives_king", {{"square", "$square"}})}},
          {"drives the king up the board", {of_move("drives_king")}},
          {"drives the king away from the {piece} on {square}",
           {of_move("drives_king", {{"from", "$square"}}),
            after("occupies", {{"square", "$square"}, {"piece", "$piece"}})}}},
         with_view(drives_king)});
    t.push_back({"king_off_line",
                 King,
                 44,
                 false,
                 "the king steps off the diagonal, file or rank of an enemy bishop, rook or queen "
                 "with one enemy piece between them (a discovered check in waiting; an own piece "
                 "between is pinned, and unpins says the move breaks the pin); not out of check",
                 {{"takes the king off the diagonal of the {piece} on {square}",
                   {of_move("leaves_line", {{"square", "$square"}, {"line", "diagonal"}})}},
                  {"takes the king off the file of the {piece} on {square}",
                   {of_move("leaves_line", {{"square", "$square"}, {"line", "file"}})}},
                  {"takes the king off the rank of the {piece} on {square}",
                   {of_move("leaves_line", {{"square", "$square"}, {"line", "rank"}})}}},
                 with_view(king_off_line)});
    t.push_back(
        {"avoids_checks",
         King,
         43,
         false,
         "the king (not castling, not in check, not checking; the opponent with a rook or "
         "queen) leaves "
         "a square where the opponent, were it to move, had one to three safe checks "
         "(the checking piece not lost by static exchange; not on the square the king goes to) "
         "for one where it has none",
         {{"avoids the check on {square}", {of_move("avoids_checks", {{"square", "$square"}})}},
          {"avoids the checks on {squares}", {of_move("avoids_checks", {{"square", "$squares"}})}}},
         with_view(avoids_checks)});
    t.push_back(
        {"king_activity",
         Endgame,
         52,
         false,
         "with the queens off, the king goes to support its own passed pawn (the move "
         "shortens its route to a square next to the pawn over squares the opponent does "
         "not attack; the most advanced such pawn), else comes closer to an enemy pawn "
         "(the nearest one it approaches, within three king steps, four for a passed pawn), "
         "else toward the centre (fewer king steps to it, or as many and fewer file-plus-rank "
         "steps, or a shorter route over squares the opponent does not attack to a square no "
         "farther from it)",
         {{"brings the king closer to the pawn on {square}",
           {of_move("approaches", {{"square", "$square"}}),
            after("occupies", {{"square", "$square"}, {"piece", "pawn"}})}},
          {"brings the king toward the centre", {of_move("centralizes")}},
          {"brings the king toward its passed pawn on {square}",
           {of_move("king_route", {{"square", "$square"}}),
            after("passed_pawn", {{"square", "$square"}}),
            after("occupies", {{"square", "$square"}, {"piece", "pawn"}, {"color", "$us"}})}}},
         with_view(king_activity)});
    // ---- endgame ----
    t.push_back({"rook_behind_passer",
                 Endgame,
                 58,
                 false,
                 "a rook goes behind a passed pawn (of either side) on its file, nothing between; "
                 "or, behind it already, steps back along the file from two king steps of the "
                 "enemy king to three or more",
                 {{"puts the rook behind the passed pawn on {square}",
                   {after("behind_passer", {{"square", "$to"}, {"pawn", "$square"}})}},
                  {"keeps the rook behind the passed pawn on {square} out of reach of the king",
                   {after("behind_passer", {{"square", "$to"}, {"pawn", "$square"}}),
                    of_move("keeps_distance")}}},
                 with_view(rook_behind)});
    t.push_back({"opposition",
                 Endgame,
                 59,
                 false,
                 "with only kings and pawns left, the kings stand on one line with one square "
                 "between them and the opponent is to move",
                 {{"takes the opposition", {after("opposition", {{"color", "$us"}})}}},
                 with_view(opposition_idea)});
    return t;
}

}  // namespace

const char* family_name(IdeaFamily f) {
    switch (f) {
    case IdeaFamily::Development: return "development";
    case IdeaFamily::Centre: return "centre";
    case IdeaFamily::Threats: return "threats";
    case IdeaFamily::Defence: return "defence";
    case IdeaFamily::Pieces: return "pieces";
    case IdeaFamily::PawnStructure: return "pawn_structure";
    case IdeaFamily::King: return "king";
    case IdeaFamily::Endgame: return "endgame";
    case IdeaFamily::Tactics: return "tactics";
    }
    return "tactics";
}

const std::vector<IdeaKindSpec>& idea_catalogue() {
    static const std::vector<IdeaKindSpec> table = make_catalogue();
    return table;
}

const IdeaKindSpec* find_idea_kind(std::string_view name) {
    for (const auto& k : idea_catalogue())
        if (k.name == name) return &k;
    return nullptr;
}

std::vector<std::string> slot_squares(const std::string& value) {
    std::vector<std::string> out;
    std::size_t a = 0;
    while (a < value.size()) {
        std::size_t b = value.find(' ', a);
        if (b == std::string::npos) b = value.size();
        out.push_back(value.substr(a, b - a));
        a = b + 1;
    }
    return out;
}

std::string fill_phrase(const std::string& words, const IdeaSlots& slots) {
    std::string out;
    std::size_t i = 0;
    while (i < words.size()) {
        if (words[i] != '{') {
            out += words[i++];
            continue;
        }
        const std::size_t close = words.find('}', i);
        const std::string name = words.substr(i + 1, close - i - 1);
        i = close + 1;
        auto it = slots.find(name);
        const std::string value = it == slots.end() ? "" : it->second;
        if (name == "file") {
            out += value + "-file";
        } else if (name == "squares") {
            const std::vector<std::string> parts = slot_squares(value);
            for (std::size_t k = 0; k < parts.size(); ++k)
                out += (k == 0 ? "" : k + 1 == parts.size() ? " and " : ", ") + parts[k];
        } else {
            out += value;
        }
    }
    return out;
}

std::vector<IdeaClaim> phrase_claims(const IdeaPhrase& phrase, const IdeaSlots& slots,
                                     const std::string& move_san, const std::string& from,
                                     const std::string& to, const std::string& us) {
    std::vector<IdeaClaim> out;
    for (const IdeaClaim& t : phrase.claims) {
        std::vector<std::string> squares{""};
        bool expand = false;
        for (auto it = t.args.begin(); it != t.args.end(); ++it)
            if (it->is_string() && it->get<std::string>() == "$squares") expand = true;
        if (expand) {
            auto found_slot = slots.find("squares");
            squares = slot_squares(found_slot == slots.end() ? "" : found_slot->second);
        }
        for (const std::string& square : squares) {
            IdeaClaim c = t;
            c.args = json::object();
            for (auto it = t.args.begin(); it != t.args.end(); ++it) {
                if (!it->is_string() || it->get<std::string>().rfind('$', 0) != 0) {
                    c.args[it.key()] = *it;
                    continue;
                }
                const std::string slot = it->get<std::string>().substr(1);
                if (slot == "move") c.args[it.key()] = move_san;
                else if (slot == "to") c.args[it.key()] = to;
                else if (slot == "from") c.args[it.key()] = from;
                else if (slot == "us") c.args[it.key()] = us;
                else if (slot == "them") c.args[it.key()] = us == "white" ? "black" : "white";
                else if (slot == "squares") c.args[it.key()] = square;
                else if (auto s = slots.find(slot); s != slots.end()) c.args[it.key()] = s->second;
            }
            out.push_back(std::move(c));
        }
    }
    return out;
}

}  // namespace glossfish::verifier
