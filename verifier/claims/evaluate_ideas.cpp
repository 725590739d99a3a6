// The predicates of the ideas (docs/ideas.md): development, centre, pieces, pawn structure, the
// king and the endgame, decided on the board with the definitions of engine/ideas. A predicate
// with a move argument compares the position before the move (pos_) with the one after it.
#include <algorithm>
#include <cstdlib>

#include "claims/evaluator.h"
#include "ideas/ideas.h"
#include "io/utf8.h"
#include "rules/bitboard.h"
#include "rules/movegen.h"
#include "rules/see.h"
#include "rules/structure.h"
#include "tools/tool_json.h"

namespace glossfish::verifier::claims_detail {

using namespace glossfish::ideas;

namespace {

std::string side(Color c) { return color_word(c); }

// Where the moved piece lands (the king's square for castling).
Square landing(const Position& pos, Move m) {
    if (m.kind() == Castling) return castle_king_to(pos.side_to_move(), m.to() > m.from());
    return m.to();
}

// Where the piece on s after m stood before it (NoSquare: it did not stand anywhere else).
Square origin(const Position& before, const Position& after, Move m, Square s) {
    if (s == landing(before, m)) return m.from();
    return after.piece_at(s) == before.piece_at(s) ? s : NoSquare;
}

}  // namespace

bool is_idea_predicate(const std::string& p) {
    static const char* const names[] = {"develops",
                                        "castles",
                                        "prepares_castling",
                                        "gives_up_castling",
                                        "connects_rooks",
                                        "fianchetto",
                                        "queen_early",
                                        "blocks_bishop",
                                        "occupies_centre",
                                        "gains_control",
                                        "strikes",
                                        "tempo",
                                        "unpins",
                                        "shelters",
                                        "outpost",
                                        "doubled_rooks",
                                        "seventh_rank",
                                        "frees",
                                        "creates_passed",
                                        "makes_weakness",
                                        "weakens_cover",
                                        "luft",
                                        "approaches",
                                        "centralizes",
                                        "behind_passer",
                                        "keeps_distance",
                                        "avoids_checks",
                                        "drives_king",
                                        "heads_for",
                                        "makes_room",
                                        "battery",
                                        "gives_exchange",
                                        "opposition",
                                        "rook_on_file",
                                        "offers_trade",
                                        "threatens_trade",
                                        "gains_space",
                                        "open_diagonal",
                                        "bishop_pair",
                                        "avoids_trade",
                                        "leaves_line",
                                        "confines_king",
                                        "undoubles",
                                        "opens_file_for",
                                        "in_between",
                                        "captures_higher",
                                        "wins_back",
                                        "king_route",
                                        "prepares_advance",
                                        "blocks_check",
                                        "prepares_fianchetto",
                                        "recaptures",
                                        "capture_choice"};
    return std::find(std::begin(names), std::end(names), p) != std::end(names);
}

Outcome Evaluator::idea_claim() {
    const std::string& p = c_.predicate;
    // Predicates of a position (after the move, when the claim says so).
    if (p == "shelters") {
        const Square s = sq("square");
        const Piece pc = pos_.piece_at(s);
        if (pc == NoPiece || type_of(pc) != Pawn) return no("no pawn on " + square_name(s));
        const Bitboard cover = pawn_cover(pos_, color_of(pc));
        ev_["pawn_cover"] = {{"king", square_name(pos_.king(color_of(pc)))},
                             {"pawns", squares_json(cover)}};
        return is(cover & square_bb(s),
                  on(pos_, s) + " shelters its king on " + square_name(pos_.king(color_of(pc))),
                  on(pos_, s) + " is not in front of its king");
    }
    if (p == "battery") {
        const Square a = sq("square"), b = sq("with");
        const Square target = battery_target(pos_, a, b);
        ev_["battery"] = {
            {"pieces", {square_name(a), square_name(b)}},
            {"target", target == NoSquare ? json(nullptr) : json(square_name(target))}};
        if (target == NoSquare)
            return no(on(pos_, a) + " and " + on(pos_, b) +
                      " form no battery aimed at an enemy piece or the king's squares");
        if (c_.args.contains("target") && sq("target") != target)
            return no("the battery of " + on(pos_, a) + " and " + on(pos_, b) + " is aimed at " +
                      square_name(target) + ", not " + square_name(sq("target")));
        return yes(on(pos_, a) + " and " + on(pos_, b) + " form a battery aimed at " +
                   square_name(target));
    }
    if (p == "outpost") {
        const Square s = sq("square");
        const Piece pc = pos_.piece_at(s);
        if (pc == NoPiece) return no(square_name(s) + " is empty");
        const Color c = color_of(pc);
        const bool defended = pawn_attacks(~c, s) & pos_.pieces(Pawn, c);
        ev_["outpost"] = {
            {"square", square_name(s)},
            {"relative_rank", relative_rank(c, s) + 1},
            {"pawn_defenders", squares_json(pawn_attacks(~c, s) & pos_.pieces(Pawn, c))},
            {"outpost", is_outpost(pos_, s, c)}};
        if (!defended) return no(on(pos_, s) + " is not defended by a pawn");
        return is(
            is_outpost(pos_, s, c), on(pos_, s) + " stands on an outpost",
            on(pos_, s) + " is not on an outpost (wrong rank, or an enemy pawn can attack it)");
    }
    if (p == "doubled_rooks") {
        const int f = str("file")[0] - 'a';
        const Color c = *parse_color_word(str("color"));
        const Bitboard heavy = pos_.pieces(Rook, c) & file_bb(f);
        ev_["rooks"] = squares_json(heavy);
        if (popcount(heavy) < 2) return no(side(c) + " has fewer than two rooks on the file");
        const Square a = lsb(heavy), b = msb(heavy);
        return is(!(between_bb(a, b) & pos_.occupied()), side(c) + " has doubled rooks on the file",
                  "a piece stands between " + side(c) + "'s rooks");
    }
    if (p == "open_diagonal") {
        const Square s = sq("square"), a = sq("from"), b = sq("to");
        const Piece pc = pos_.piece_at(s);
        if (pc == NoPiece || (type_of(pc) != Bishop && type_of(pc) != Queen))
            return no("no bishop or queen on " + square_name(s));
        const Bitboard line = line_bb(a, b);
        const bool diagonal =
            std::abs(file_of(a) - file_of(b)) == std::abs(rank_of(a) - rank_of(b)) && a != b;
        auto edge = [](Square q) {
            return file_of(q) == FileA || file_of(q) == FileH || rank_of(q) == Rank1 ||
                   rank_of(q) == Rank8;
        };
        ev_["diagonal"] = {{"squares", popcount(line)},
                           {"pawns", squares_json(line & pos_.pieces(Pawn))}};
        if (!diagonal || !edge(a) || !edge(b) || !(line & square_bb(s)))
            return no(on(pos_, s) + " is not on the " + square_name(a) + "-" + square_name(b) +
                      " diagonal");
        return is(popcount(line) >= 5 && !(line & pos_.pieces(Pawn)),
                  "the " + square_name(a) + "-" + square_name(b) + " diagonal is open",
                  "the " + square_name(a) + "-" + square_name(b) +
                      " diagonal has pawns on it or is short");
    }
    if (p == "rook_on_file") {
        const int f = str("file")[0] - 'a';
        const Color c = *parse_color_word(str("color"));
        // A rook, or the queen when named.
        const PieceType t = piece_arg().value_or(Rook);
        if (t != Rook && t != Queen) return no("only a rook or a queen stands on a file here");
        const Bitboard rooks = pos_.pieces(t, c) & file_bb(f);
        const std::string what = t == Rook ? "rook" : "queen";
        const std::string file = std::string(1, char('a' + f)) + "-file";
        ev_["rooks"] = squares_json(rooks);
        return is(rooks != 0, side(c) + " has a " + what + " on the " + file,
                  side(c) + " has no " + what + " on the " + file);
    }
    if (p == "seventh_rank") {
        const Square s = sq("square");
        const Piece pc = pos_.piece_at(s);
        if (pc == NoPiece) return no(square_name(s) + " is empty");
        const PieceType t = type_of(pc);
        if (t != Rook && t != Queen) return no(on(pos_, s) + " is not a rook or a queen");
        return is(relative_rank(color_of(pc), s) == Rank7, on(pos_, s) + " is on the seventh rank",
                  on(pos_, s) + " is not on the seventh rank");
    }
    if (p == "behind_passer") {
        const Square r = sq("square"), pawn = sq("pawn");
        const Piece pp = pos_.piece_at(pawn);
        if (pp == NoPiece || type_of(pp) != Pawn) return no("no pawn on " + square_name(pawn));
        if (!(pawn_structure(pos_, color_of(pp)).passed & square_bb(pawn)))
            return no(on(pos_, pawn) + " is not passed");
        return is(behind_pawn(pos_, r, pawn), on(pos_, r) + " stands behind " + on(pos_, pawn),
                  on(pos_, r) + " is not behind " + on(pos_, pawn));
    }
    if (p == "opposition") {
        const Color c = *parse_color_word(str("color"));
        const auto o = opposition(pos_);
        ev_["kings"] = {square_name(pos_.king(White)), square_name(pos_.king(Black))};
        if (pos_.occupied() & ~pos_.pieces(King) & ~pos_.pieces(Pawn))
            return no("pieces other than kings and pawns are on the board");
        return is(o == c, side(c) + " has the opposition",
                  side(c) + " does not have the opposition");
    }

    if (p == "bishop_pair") {
        const Color c = *parse_color_word(str("color"));
        ev_["bishops"] = {{"white", squares_json(pos_.pieces(Bishop, White))},
                          {"black", squares_json(pos_.pieces(Bishop, Black))}};
        return is(has_bishop_pair(pos_, c), side(c) + " has the bishop pair",
                  side(c) +
                      " does not have the bishop pair (bishops on both colours against "
                      "fewer)");
    }

    // Predicates of a move.
    Outcome bad;
    auto m = move(bad);
    if (!m) return bad;
    Position after = pos_;
    after.do_move(*m);
    const Color us = pos_.side_to_move(), them = ~us;
    const Square from = m->from(), to = landing(pos_, *m);
    const PieceType pt = type_of(pos_.piece_at(from));
    const std::string san = ev_["move"].value("san", str("move"));

    if (p == "develops") {
        if (pt != Knight && pt != Bishop) return no(san + " does not move a knight or bishop");
        if (!minor_home(us, pt, from)) return no(san + " moves a piece that has left home already");
        if (!development_phase(pos_))
            return no("fewer than ten pieces are left: " + san + " develops nothing");
        ev_["centre_distance"] = {{"before", centre_distance(from)},
                                  {"after", centre_distance(to)}};
        if (c_.args.value("toward_centre", false) && centre_distance(to) >= centre_distance(from))
            return no(san + " does not bring the piece nearer the centre");
        return yes(san + " develops the " + piece_type_word(pt) + " from " + square_name(from));
    }
    if (p == "castles")
        return is(m->kind() == Castling, san + " castles", san + " is not castling");
    if (p == "prepares_castling") {
        const CastlingRight cr = castling_right(us, !c_.args.value("queenside", false));
        ev_["path_clear"] = {{"before", castling_path_clear(pos_, cr)},
                             {"after", castling_path_clear(after, cr)}};
        if (!after.has_castling_right(cr))
            return no(side(us) + " cannot castle on that side after " + san);
        return is(!castling_path_clear(pos_, cr) && castling_path_clear(after, cr),
                  san + " clears the last square between king and rook",
                  san + " does not clear the way to castle");
    }
    if (p == "gives_up_castling") {
        if (m->kind() == Castling || (pt != King && pt != Rook))
            return no(san + " is no king or rook move (castling keeps nothing to give up)");
        const std::string which = c_.args.value("side", std::string());
        if (which == "centre") return no("castling is kingside or queenside, not in the centre");
        auto lost = [&](bool king_side) { return castling_right_lost(pos_, after, us, king_side); };
        // "the right to castle": a right ends and none is left after the move.
        const bool ok = which == "kingside" ? lost(true)
                        : which == "queenside"
                            ? lost(false)
                            : (lost(true) || lost(false)) &&
                                  !after.has_castling_right(castling_right(us, true)) &&
                                  !after.has_castling_right(castling_right(us, false));
        return is(
            ok,
            san + " ends " + side(us) + "'s right to castle" + (which.empty() ? "" : " " + which),
            san + " does not give up a right to castle" + (which.empty() ? "" : " " + which));
    }
    if (p == "connects_rooks")
        return is(!rooks_connected(pos_, us) && rooks_connected(after, us),
                  san + " connects " + side(us) + "'s rooks",
                  san + " does not connect the rooks (connected before, or not after)");
    if (p == "fianchetto") {
        const Square r = relative_square(us, to);
        const bool ok =
            pt == Bishop && (r == B2 || r == G2) &&
            after.piece_at(relative_square(us, r == B2 ? B3 : G3)) == make_piece(us, Pawn);
        return is(ok, san + " fianchettoes the bishop", san + " is no fianchetto");
    }
    if (p == "recaptures") {
        const Square s = sq("square");
        if (!pos_.is_capture(*m) || to != s)
            return no(san + " does not capture on " + square_name(s));
        // The game's previous move, when the verifier knows it and the claim is about the
        // position it led to (not one further along a line).
        if (o_.previous_known && c_.moves.empty()) {
            ev_["previous_capture"] = o_.previous_capture == NoSquare
                                          ? json(nullptr)
                                          : json(square_name(o_.previous_capture));
            return is(
                o_.previous_capture == s,
                "the previous move captured on " + square_name(s) + ": " + san + " takes back",
                o_.previous_capture == NoSquare
                    ? "the previous move captured nothing"
                    : "the previous move captured on " + square_name(o_.previous_capture));
        }
        const int sign = us == White ? 1 : -1;
        const int balance = sign * material_balance(pos_);
        ev_["material_balance"] = balance;
        return is(balance < 0, side(us) + " was behind in material before " + san,
                  side(us) + " was not behind in material before " + san +
                      " (the previous move is not known)");
    }
    if (p == "prepares_fianchetto")
        return is(prepares_fianchetto(pos_, *m),
                  san + " frees the long diagonal's square for the bishop at home",
                  san +
                      " does not prepare a fianchetto (the knight's pawn one step from home, "
                      "its wing's bishop at home)");
    if (p == "queen_early") {
        ev_["minors_at_home"] = minors_at_home(pos_, us);
        return is(pt == Queen && from == relative_square(us, D1) && minors_at_home(pos_, us) >= 3,
                  san + " brings the queen out with three or more minor pieces at home",
                  san + " is not an early queen move");
    }
    if (p == "blocks_bishop") {
        const Square b = sq("square");
        if (pos_.piece_at(b) != make_piece(us, Bishop))
            return no("no " + side(us) + " bishop on " + square_name(b));
        const int was = mobility(pos_, b), now = mobility(after, b);
        ev_["mobility"] = {{"before", was}, {"after", now}};
        return is(pt == Pawn && was - now >= 2 && now <= 3,
                  san + " takes squares from the bishop on " + square_name(b),
                  san + " does not hem in the bishop on " + square_name(b));
    }
    if (p == "occupies_centre")
        return is(pt == Pawn && is_centre(to) && !is_centre(from),
                  san + " puts a pawn in the centre",
                  san + " does not put a pawn on d4, d5, e4 or e5");
    if (p == "gains_control") {
        const Square s = sq("square");
        const bool now = after.attacks(to) & square_bb(s), was = pos_.attacks(from) & square_bb(s);
        const int ours = popcount(after.attackers(us, s)),
                  theirs = popcount(after.attackers(them, s));
        ev_["control"] = {{"square", square_name(s)},
                          {"attacked_by_the_piece_before", was},
                          {"after", now},
                          {"attackers", ours},
                          {"enemy_attackers", theirs}};
        if (!now) return no(san + " does not attack " + square_name(s));
        if (was) return no("the piece attacked " + square_name(s) + " before the move too");
        if (s == from) return no("the piece stood on " + square_name(s) + " before the move");
        return is(ours >= theirs, side(us) + " controls " + square_name(s) + " after " + san,
                  side(them) + " attacks " + square_name(s) + " more often");
    }
    if (p == "strikes") {
        const Square s = sq("square");
        return is(pt == Pawn && after.piece_at(s) == make_piece(them, Pawn) &&
                      (pawn_attacks(us, to) & square_bb(s)),
                  san + " attacks the pawn on " + square_name(s),
                  san + " is not a pawn move attacking the pawn on " + square_name(s));
    }
    if (p == "prepares_advance") {
        const Square s = sq("square");
        ev_["defenders"] = {{"before", popcount(pos_.attackers(us, s))},
                            {"after", popcount(after.attackers(us, s))}};
        ev_["attackers"] = {{"before", popcount(pos_.attackers(them, s))},
                            {"after", popcount(after.attackers(them, s))}};
        return is(pt == Pawn && prepares_advance(pos_, after, us, to, s),
                  san + " supports the advance of another pawn to " + square_name(s) +
                      ", which the opponent attacks",
                  san + " does not prepare a pawn's advance to " + square_name(s) +
                      " (it must newly defend it as often as the opponent attacks it, and a "
                      "pawn must be able to advance there)");
    }
    if (p == "tempo") {
        const Square s = sq("square");
        const Piece target = after.piece_at(s);
        if (target == NoPiece || color_of(target) != them)
            return no("no " + side(them) + " piece on " + square_name(s));
        const Piece mover = after.piece_at(to);
        if (!(after.attacks(to) & square_bb(s)))
            return no(san + " does not attack " + on(after, s));
        const bool more = PieceValue[type_of(target)] > PieceValue[type_of(mover)];
        return is(more && type_of(target) != King,
                  on(after, s) + " is worth more than its attacker and must move or be defended",
                  on(after, s) + " is worth no more than the piece that attacks it");
    }
    if (p == "unpins") {
        const Square s = sq("square");
        const bool was = pinned_to_more(pos_, us, s), now = pinned_to_more(after, us, s);
        ev_["pinned"] = {{"before", was}, {"after", now}};
        if (after.piece_at(s) != pos_.piece_at(s))
            return no("the piece on " + square_name(s) + " moved or was taken");
        return is(was && !now, san + " breaks the pin on " + on(pos_, s),
                  was ? on(after, s) + " is still pinned" : on(pos_, s) + " was not pinned");
    }
    if (p == "blocks_check") {
        const Bitboard checkers = pos_.checkers();
        ev_["checkers"] = squares_json(checkers);
        if (!checkers) return no(side(us) + " is not in check before " + san);
        if (popcount(checkers) > 1) return no("a double check cannot be blocked");
        if (pt == King || pos_.is_capture(*m))
            return no(san + (pt == King ? " moves the king" : " captures the checking piece"));
        return is(between_bb(pos_.king(us), lsb(checkers)) & square_bb(to),
                  san + " puts a piece between " + on(pos_, lsb(checkers)) + " and the king",
                  san + " does not stand between the checking piece and the king");
    }
    if (p == "frees") {
        const Square s = sq("square");
        if (s == from || after.piece_at(s) != pos_.piece_at(s))
            return no("the piece on " + square_name(s) + " moved");
        const int was = mobility(pos_, s), now = mobility(after, s);
        ev_["mobility"] = {{"square", square_name(s)}, {"before", was}, {"after", now}};
        return is(now - was >= 3,
                  san + " gives " + on(pos_, s) + " " + std::to_string(now - was) + " more squares",
                  on(pos_, s) + " gains fewer than three squares");
    }
    if (p == "creates_passed" || p == "makes_weakness") {
        const Square s = sq("square");
        const Piece pc = after.piece_at(s);
        if (pc == NoPiece || type_of(pc) != Pawn)
            return no("no pawn on " + square_name(s) + " after " + san);
        const Color c = color_of(pc);
        const Square o = origin(pos_, after, *m, s);
        if (o == NoSquare)
            return no("the pawn on " + square_name(s) + " was not on the board before");
        const PawnStructure now = pawn_structure(after, c), was = pawn_structure(pos_, c);
        std::string kind = p == "creates_passed" ? "passed" : str("kind");
        auto set_of = [&](const PawnStructure& ps) {
            return kind == "passed"     ? ps.passed
                   : kind == "isolated" ? ps.isolated
                   : kind == "doubled"  ? ps.doubled
                                        : ps.backward;
        };
        ev_["pawn"] = {{"square", square_name(s)},
                       {"was_on", square_name(o)},
                       {"kind", kind},
                       {"before", bool(set_of(was) & square_bb(o))},
                       {"after", bool(set_of(now) & square_bb(s))}};
        return is((set_of(now) & square_bb(s)) && !(set_of(was) & square_bb(o)),
                  on(after, s) + " is " + kind + " after " + san + " and was not before",
                  (set_of(now) & square_bb(s)) ? on(after, s) + " was " + kind + " already"
                                               : on(after, s) + " is not " + kind);
    }
    if (p == "weakens_cover") {
        const Bitboard was = pawn_cover(pos_, us), now = pawn_cover(after, us);
        ev_["pawn_cover"] = {{"before", squares_json(was)}, {"after", squares_json(now)}};
        return is(pt == Pawn && (was & square_bb(from)) && popcount(now) < popcount(was),
                  san + " leaves fewer pawns in front of " + side(us) + "'s king",
                  san + " does not thin out the king's pawn cover");
    }
    if (p == "capture_choice") {
        MoveParse mp = parse_move_text(pos_, str("alternative"));
        if (!mp.ok()) return no(quote_input(str("alternative")) + " cannot be played here");
        const Move alt = mp.move;
        const std::string alt_san = move_to_san(pos_, alt);
        if (!pos_.is_capture(*m) || !pos_.is_capture(alt) || alt.to() != m->to() ||
            alt.from() == from)
            return no(san + " and " + alt_san + " are not two captures on one square");
        if (type_of(pos_.piece_at(alt.from())) != Pawn) return no(alt_san + " is no pawn capture");
        ev_["see"] = {{san, see(pos_, *m)}, {alt_san, see(pos_, alt)}};
        if (!see_ge(pos_, *m, 0) || !see_ge(pos_, alt, 0))
            return no("one of " + san + " and " + alt_san + " loses material by exchange");
        Position other = pos_;
        other.do_move(alt);
        const std::string kind = str("kind");
        if (kind == "cover") {
            const int was = covered_files(pos_, us), now = covered_files(after, us),
                      then = covered_files(other, us);
            ev_["files_with_cover"] = {{"before", was}, {san, now}, {alt_san, then}};
            if (c_.args.contains("square") && pos_.king(us) != sq("square"))
                return no(side(us) + "'s king is not on " + square_name(sq("square")));
            return is(then < was && now >= was,
                      alt_san + " would leave a file in front of the king without a pawn; " + san +
                          " does not",
                      san + " does not keep a cover that " + alt_san + " would open");
        }
        if (kind == "doubled" || kind == "isolated") {
            auto count = [&](const Position& q) {
                const PawnStructure ps = pawn_structure(q, us);
                return popcount(kind == "doubled" ? ps.doubled : ps.isolated);
            };
            const int was = count(pos_), now = count(after), then = count(other);
            ev_[kind + "_pawns"] = {{"before", was}, {san, now}, {alt_san, then}};
            return is(then > was && now <= was,
                      alt_san + " would leave " + side(us) + " more " + kind + " pawns; " + san +
                          " does not",
                      san + " keeps no " + kind + " pawn that " + alt_san + " would make");
        }
        // "centre": pawn against pawn, toward the d- and e-files against away from them.
        ev_["file_distance"] = {
            {san, {file_centre_distance(from), file_centre_distance(to)}},
            {alt_san, {file_centre_distance(alt.from()), file_centre_distance(alt.to())}}};
        return is(pt == Pawn && file_centre_distance(to) < file_centre_distance(from) &&
                      file_centre_distance(alt.to()) > file_centre_distance(alt.from()),
                  san + " captures toward the centre and " + alt_san + " away from it",
                  san + " does not capture toward the centre where " + alt_san + " goes away");
    }
    if (p == "luft") {
        const Square s = sq("square");
        const int kf = file_of(pos_.king(us));
        if (kf >= FileD && kf <= FileE)
            return no("the king has not castled (it is on the d- or e-file)");
        const Bitboard was = flight_squares_forward(pos_, us),
                       now = flight_squares_forward(after, us);
        ev_["flight_squares"] = {{"before", squares_json(was)}, {"after", squares_json(now)}};
        return is(pt == Pawn && !was && (now & square_bb(s)),
                  "the king gets the flight square " + square_name(s) + " it did not have",
                  "the king had a flight square already, or does not get " + square_name(s));
    }
    if (p == "approaches") {
        const Square s = sq("square");
        ev_["distance"] = {{"before", distance(from, s)}, {"after", distance(to, s)}};
        return is(pt == King && distance(to, s) < distance(from, s),
                  "the king comes nearer to " + square_name(s),
                  san + " does not bring the king nearer to " + square_name(s));
    }
    if (p == "king_route") {
        const Square s = sq("square");
        if (pt != King) return no(san + " is not a king move");
        const Bitboard next_to = king_attacks(s);
        const int was = king_route(pos_, us, from, next_to),
                  now = king_route(after, us, to, next_to);
        ev_["king_route"] = {{"before", was}, {"after", now}};
        if (was == KingRouteNone) return no("the king had no safe route to " + square_name(s));
        return is(now < was,
                  "the king needs " + std::to_string(now) + " safe steps to reach " +
                      square_name(s) + "'s side, " + std::to_string(was) + " before",
                  san + " does not shorten the king's safe route to " + square_name(s));
    }
    if (p == "captures_higher") {
        const Piece cap = pos_.captured_piece(*m);
        if (cap == NoPiece) return no(san + " captures nothing");
        const int gain = PieceValue[type_of(cap)] - PieceValue[pt];
        ev_["values"] = {{"captured", PieceValue[type_of(cap)]}, {"capturer", PieceValue[pt]}};
        if (c_.args.contains("square") && sq("square") != m->to())
            return no(san + " captures on " + square_name(m->to()) + ", not on " + str("square"));
        return is(pt != King && gain > 0,
                  san + " takes a " + piece_type_word(type_of(cap)) + " with a " +
                      piece_type_word(pt) + ": even taken back, it gains " + std::to_string(gain) +
                      " cp",
                  san + " takes a piece worth no more than the " + piece_type_word(pt));
    }
    if (p == "wins_back") {
        const int sign = us == White ? 1 : -1;
        const int was = sign * material_balance(pos_), now = sign * material_balance(after);
        ev_["balance"] = {{"before", was}, {"after", now}};
        if (!pos_.is_capture(*m)) return no(san + " captures nothing");
        if (was >= 0) return no(side(us) + " was not behind in material before " + san);
        return is(now > was && now <= 0,
                  san + " brings " + side(us) + " from " + std::to_string(was) + " to " +
                      std::to_string(now) + " in material",
                  san + " puts " + side(us) + " ahead in material: more than won back");
    }
    if (p == "keeps_distance") {
        const int was = distance(pos_.king(them), from), now = distance(after.king(them), to);
        ev_["king_steps"] = {{"before", was}, {"after", now}};
        return is(pt != King && was <= 2 && now >= 3,
                  san + " takes the " + std::string(pt == Rook ? "rook" : "piece") + " from " +
                      std::to_string(was) + " to " + std::to_string(now) +
                      " king steps of the enemy king",
                  san + " does not take the piece out of the enemy king's reach");
    }
    if (p == "gives_exchange") {
        const Square s = sq("square");
        if (m->to() != s) return no(san + " does not capture on " + square_name(s));
        if (!gives_the_exchange(pos_, *m))
            return no(san + " is not a rook taking a knight or bishop");
        return yes(san + " takes a " + piece_type_word(type_of(pos_.captured_piece(*m))) +
                   " with a rook");
    }
    if (p == "makes_room") {
        const Square s = sq("square"), at = sq("from");
        if (s != from) return no(san + " does not leave " + square_name(s));
        if (m->kind() == Castling) return no(san + " is castling");
        const Piece pc = after.piece_at(at);
        if (pc == NoPiece || color_of(pc) != us || at == to)
            return no("no other piece of " + side(us) + "'s on " + square_name(at) + " after " +
                      san);
        const bool can = could_go_at_once(after, at, s);
        return is(can, on(after, at) + " can go to " + square_name(s) + " after " + san,
                  on(after, at) + " cannot go to " + square_name(s));
    }
    if (p == "avoids_checks") {
        const Square s = sq("square");
        if (pt != King || m->kind() == Castling) return no(san + " is not a king move");
        if (pos_.is_check()) return no(side(us) + " is in check before " + san);
        if (s == to) return no(san + " puts the king on " + square_name(s) + " itself");
        const std::optional<Position> np = null_move_position(pos_);
        if (!np) return unknown("bad null-move position");
        const Bitboard was = safe_check_squares(*np), now = safe_check_squares(after);
        ev_["safe_checks"] = {{"before", squares_json(was)}, {"after", squares_json(now)}};
        if (!(was & square_bb(s)))
            return no(side(them) + " had no safe check on " + square_name(s) + " before " + san);
        return is(!(now & square_bb(s)), san + " avoids the check on " + square_name(s),
                  side(them) + " can still check safely on " + square_name(s));
    }
    if (p == "heads_for") {
        const Square s = sq("square");
        ev_["outpost"] = {{"square", square_name(s)}, {"outpost", is_outpost(after, s, us)}};
        if (pt != Knight && pt != Bishop) return no(san + " is not a knight or bishop move");
        if (pos_.is_capture(*m)) return no(san + " captures");
        return is(outpost_ahead(pos_, *m, after, s),
                  san + " brings the " + piece_type_word(pt) + " one move from the outpost on " +
                      square_name(s),
                  "after " + san + " the " + piece_type_word(pt) +
                      " is not one move from an empty outpost on " + square_name(s) +
                      " that it could not reach before");
    }
    if (p == "drives_king") {
        if (!after.is_check()) return no(san + " does not give check");
        if (after.is_checkmate()) return no(san + " is checkmate: the king goes nowhere");
        const Bitboard driven = king_driven_to(after);
        ev_["king_squares"] = squares_json(driven);
        if (!driven)
            return no("the " + side(them) +
                      " king can take, or an answer to the check loses less than a pawn");
        if (c_.args.contains("from")) {
            const Square s = sq("from");
            return is(king_driven_from(pos_, after, s),
                      san + " drives the " + side(them) + " king away from " + on(after, s) +
                          ", which can then be won",
                      san + " does not drive the " + side(them) + " king away from " +
                          square_name(s) + " so that the piece there can be won");
        }
        if (c_.args.contains("square")) {
            const Square s = sq("square");
            return is(driven == square_bb(s),
                      san + " leaves the " + side(them) + " king only " + square_name(s) +
                          ", every other answer losing material",
                      "the " + side(them) + " king is not driven to " + square_name(s) + " alone");
        }
        return is(king_driven_up(after),
                  "every square the " + side(them) + " king can go to after " + san +
                      " is further up the board",
                  "the " + side(them) + " king is not driven up the board by " + san);
    }
    if (p == "centralizes") {
        ev_["centre_distance"] = {{"before", centre_distance(from)},
                                  {"after", centre_distance(to)}};
        if (pt != King) return no(san + " is not a king move");
        if (nearer_centre(from, to)) return yes("the king comes nearer to the centre");
        if (centre_distance(to) > centre_distance(from))
            return no(san + " takes the king farther from the centre");
        const int was = king_route(pos_, us, from, centre_squares()),
                  now = king_route(after, us, to, centre_squares());
        ev_["centre_route"] = {{"before", was}, {"after", now}};
        return is(was != KingRouteNone && now < was,
                  "the king needs " + std::to_string(now) + " safe steps to the centre, " +
                      std::to_string(was) + " before",
                  san + " does not centralize the king");
    }
    if (p == "offers_trade") {
        const Square s = sq("square");
        const Piece target = after.piece_at(s);
        if (target == NoPiece || color_of(target) != them)
            return no("no " + side(them) + " piece on " + square_name(s));
        // The offering piece: the moved one, or the one on `from` whose line the move opens.
        const Square at = opt_sq("from").value_or(to);
        const Piece mover = after.piece_at(at);
        if (mover == NoPiece || color_of(mover) != us)
            return no("no " + side(us) + " piece on " + square_name(at) + " after " + san);
        // The offering piece attacks the enemy one, or (the moved piece) stands where the enemy
        // piece takes it evenly (static exchange 0).
        bool attacks_now = after.attacks(at) & square_bb(s);
        bool attacked_before = pos_.attacks(at == to ? from : at) & square_bb(s);
        bool taken_evenly = false;
        if (!attacks_now && at == to)
            for (Move x : MoveList(after))
                if (x.from() == s && x.to() == to && see(after, x) == 0) {
                    attacks_now = taken_evenly = true;
                    attacked_before = pos_.attacks(s) & square_bb(from);
                }
        // Attacked, the enemy piece can start the trade too (a bishop facing a knight that
        // cannot take it only threatens to take it).
        const bool mutual = taken_evenly || (after.attacks(s) & square_bb(at));
        const bool defended = after.attackers(us, at) != 0;
        ev_["trade"] = {{"piece", square_name(at)}, {"attacks", attacks_now},
                        {"mutual", mutual},         {"attacked_before", attacked_before},
                        {"defended", defended},     {"taken_evenly", taken_evenly}};
        // Pinned by the offering piece and able to take it: the trade is on offer all the same.
        const bool pinned = stuck_in_pin(after, them, s, at);
        ev_["trade"]["pinned"] = pinned;
        const std::string who =
            at == to ? san : on(after, at) + " (its line opened by " + san + ")";
        return is(attacks_now && mutual && !attacked_before && defended && !pinned &&
                      type_of(target) != King &&
                      PieceValue[type_of(target)] == PieceValue[type_of(mover)],
                  who + " offers an even trade with " + on(after, s),
                  who + " does not newly offer an even trade with " + on(after, s));
    }
    if (p == "threatens_trade") {
        const Square s = sq("square");
        const Piece target = after.piece_at(s);
        if (target == NoPiece || color_of(target) != them)
            return no("no " + side(them) + " piece on " + square_name(s));
        if (pt == Pawn || pt == King) return no(san + " moves a pawn or the king");
        const bool attacks_now = after.attacks(to) & square_bb(s);
        const bool attacked_before = pos_.attacks(from) & square_bb(s);
        const bool answers = after.attacks(s) & square_bb(to);
        const bool pinned = after.is_pinned(us, to);
        const int exchange = attacks_now ? see(after, Move(to, s)) : 0;
        ev_["trade"] = {{"attacks", attacks_now},
                        {"attacked_before", attacked_before},
                        {"attacks_back", answers},
                        {"pinned", pinned},
                        {"exchange", exchange}};
        return is(attacks_now && !attacked_before && !answers && !pinned && exchange == 0 &&
                      type_of(target) != King && PieceValue[type_of(target)] == PieceValue[pt],
                  san + " threatens to take " + on(after, s) + " in an even exchange",
                  san + " does not threaten an even trade with " + on(after, s));
    }
    if (p == "gains_space") {
        const int was = pawn_space(pos_, us), now = pawn_space(after, us);
        ev_["space"] = {{"before", was}, {"after", now}};
        if (c_.args.contains("wing")) {
            const int f = file_of(to);
            const std::string wing = f <= FileC ? "queenside" : f >= FileF ? "kingside" : "centre";
            if (wing != str("wing")) return no(san + " is a move in the " + wing);
        }
        return is(pt == Pawn && !pos_.is_capture(*m) && relative_rank(us, to) >= Rank4 && now > was,
                  san + " attacks " + std::to_string(now - was) + " more squares in " + side(them) +
                      "'s half",
                  san + " gains no space");
    }
    if (p == "avoids_trade") {
        const Square s = sq("square");
        const Piece enemy = pos_.piece_at(s);
        if (enemy == NoPiece || color_of(enemy) != them)
            return no("no " + side(them) + " piece on " + square_name(s) + " before " + san);
        const bool attacked_before = pos_.attacks(s) & square_bb(from);
        const bool defended_before = pos_.attackers(us, from) != 0;
        // The mover could take the enemy piece and be taken back: a trade offered both ways.
        const bool mutual = (pos_.attacks(from) & square_bb(s)) && pos_.attackers(them, s) != 0;
        const bool pinned = pos_.is_pinned(them, s);
        const bool same_worth = PieceValue[type_of(enemy)] == PieceValue[pt];
        const bool still = after.piece_at(s) == enemy && ((after.attacks(s) & square_bb(to)) ||
                                                          (after.attacks(to) & square_bb(s)));
        ev_["trade"] = {{"attacked_before", attacked_before},
                        {"defended_before", defended_before},
                        {"mutual", mutual},
                        {"pinned", pinned},
                        {"same_worth", same_worth},
                        {"in_reach_after", still}};
        if (pos_.is_capture(*m)) return no(san + " captures: it does not avoid a trade");
        return is(pt != King && attacked_before && (defended_before || mutual) && !pinned &&
                      same_worth && !still,
                  san + " steps out of an even trade offered by " + on(pos_, s),
                  san + " does not avoid a trade with " + on(pos_, s));
    }
    if (p == "confines_king") {
        const Bitboard exits = back_rank_exits(after, them);
        ev_["exits"] = squares_json(exits);
        ev_["confined"] = {{"before", king_confined(pos_, them)},
                           {"after", king_confined(after, them)}};
        if (!exits)
            return no("the " + side(them) +
                      " king is not on its back rank with a square "
                      "to step up to");
        return is(
            king_confined(after, them) && !king_confined(pos_, them) && (after.attacks(to) & exits),
            san + " takes every square of the second rank from the " + side(them) + " king",
            san + " does not newly confine the " + side(them) + " king to its back rank");
    }
    if (p == "undoubles") {
        const int was = doubled_files(pos_, us), now = doubled_files(after, us);
        ev_["doubled_files"] = {{"before", was}, {"after", now}};
        if (c_.args.contains("file") && str("file")[0] - 'a' != file_of(from))
            return no(san + " is a pawn of the " + std::string(1, char('a' + file_of(from))) +
                      "-file");
        return is(pt == Pawn && pos_.is_capture(*m) && now < was,
                  san + " leaves " + side(us) + " with fewer doubled pawns",
                  san + " does not undouble " + side(us) + "'s pawns");
    }
    if (p == "in_between") {
        const Square s = sq("square");
        if (!o_.previous_known || !c_.moves.empty())
            return no("the game's previous move is not known here: nothing was just captured");
        ev_["in_between"] = {{"previous_capture", o_.previous_capture == NoSquare
                                                      ? json(nullptr)
                                                      : json(square_name(o_.previous_capture))},
                             {"square", square_name(s)}};
        if (o_.previous_capture != s)
            return no("the previous move did not capture on " + square_name(s));
        return is(in_between(pos_, *m, after, s),
                  san + " comes first, and after every answer " + side(us) + " can still take on " +
                      square_name(s),
                  san + " is not a check or capture after which " + side(us) +
                      " can still take on " + square_name(s) + " whatever the answer");
    }
    if (p == "opens_file_for") {
        const int f = str("file")[0] - 'a';
        const Square s = sq("square");
        const std::string file = std::string(1, char('a' + f)) + "-file";
        ev_["file"] = {{"file", file},
                       {"own_pawns_after", squares_json(after.pieces(Pawn, us) & file_bb(f))},
                       {"piece", square_name(s)}};
        if (pt != Pawn || !pos_.is_capture(*m)) return no(san + " is not a pawn capture");
        if (file_of(from) != f)
            return no(san + " is a pawn of the " + std::string(1, char('a' + file_of(from))) +
                      "-file");
        return is(opens_file_for(pos_, *m, after, s),
                  san + " opens the " + file + " for " + on(after, s),
                  san + " does not open the " + file + " for a rook of " + side(us) + " on " +
                      square_name(s));
    }
    if (p == "leaves_line") {
        const Square s = sq("square");
        const Piece enemy = pos_.piece_at(s);
        if (enemy == NoPiece || color_of(enemy) != them)
            return no("no " + side(them) + " piece on " + square_name(s));
        const char* was = slider_line(pos_, s, from);
        const bool on_line_after = line_bb(s, from) & square_bb(to);
        ev_["line"] = {{"before", was ? was : "none"}, {"after", on_line_after}};
        if (pt != King) return no(san + " is not a king move");
        if (!was || str("line") != was)
            return no("the king was not on the " + str("line") + " of " + on(pos_, s));
        return is(!on_line_after,
                  san + " takes the king off the " + str("line") + " of " + on(pos_, s),
                  san + " leaves the king on that line");
    }
    return unknown("unknown predicate");
}

}  // namespace glossfish::verifier::claims_detail
