// Board-fact predicates: occupation, attacks, defence, pins, files, pawns, material, counts.

#include "claims/evaluator.h"
#include "rules/movegen.h"
#include "rules/structure.h"
#include "tools/tool_json.h"

namespace glossfish::verifier::claims_detail {

Outcome Evaluator::occupies() {
    Square s = sq("square");
    Piece p = bt_.piece_at(s);
    ev_["piece_at"] = piece_or_null(pos_, s);
    if (p == NoPiece) return no(square_name(s) + " is empty");
    auto pt = piece_arg();
    auto c = c_.args.contains("color") ? parse_color_word(str("color")) : std::nullopt;
    bool match = (!pt || type_of(p) == *pt) && (!c || color_of(p) == *c);
    return is(match, on(pos_, s), square_name(s) + " holds a " + piece_words(p));
}

Outcome Evaluator::attacks() {
    Square t = sq("target");
    if (auto from = opt_sq("from")) {
        Bitboard a = bt_.attacks(*from);
        ev_["attacks"] = {{"square", square_name(*from)},
                          {"piece", piece_or_null(pos_, *from)},
                          {"attacks", squares_json(a)}};
        if (pos_.piece_at(*from) == NoPiece) return no(square_name(*from) + " is empty");
        return is(a & square_bb(t), on(pos_, *from) + " attacks " + square_name(t),
                  on(pos_, *from) + " does not attack " + square_name(t));
    }
    Color c = *parse_color_word(str("color"));
    Bitboard a = bt_.attackers(c, t);
    ev_["attackers"] = {
        {"square", square_name(t)}, {"color", color_word(c)}, {"attackers", pieces_json(pos_, a)}};
    if (c_.args.contains("count")) {
        const int n = popcount(a), want = c_.args["count"].get<int>();
        const std::string said = std::string(color_word(c)) + " attacks " + square_name(t) + " " +
                                 std::to_string(n) + " times";
        return is(n == want, said, said + ", not " + std::to_string(want));
    }
    return is(a != 0, std::string(color_word(c)) + " attacks " + square_name(t),
              std::string("no ") + color_word(c) + " piece attacks " + square_name(t));
}

Outcome Evaluator::defends() {
    Square t = sq("target");
    Bitboard d = bt_.defenders(t);
    ev_["defenders"] = {{"square", square_name(t)},
                        {"piece", piece_or_null(pos_, t)},
                        {"defenders", pieces_json(pos_, d)}};
    if (pos_.piece_at(t) == NoPiece) return no(square_name(t) + " is empty");
    const int n = popcount(d);
    if (c_.args.contains("count") && n != c_.args["count"].get<int>())
        return no(on(pos_, t) + " has " + std::to_string(n) + " defenders, not " +
                  std::to_string(c_.args["count"].get<int>()));
    if (auto from = opt_sq("from")) {
        if (pos_.piece_at(*from) == NoPiece) return no(square_name(*from) + " is empty");
        if (!(d & square_bb(*from))) return no(on(pos_, *from) + " does not defend " + on(pos_, t));
        if (c_.args.value("only", false) && n != 1)
            return no(on(pos_, *from) + " is one of " + std::to_string(n) + " defenders of " +
                      on(pos_, t));
        return yes(on(pos_, *from) + " defends " + on(pos_, t) +
                   (n == 1 ? " (its only defender)" : ""));
    }
    if (c_.args.contains("count"))
        return yes(on(pos_, t) + " has " + std::to_string(n) + " defenders");
    return is(d != 0, on(pos_, t) + " is defended", on(pos_, t) + " has no defender");
}

Outcome Evaluator::pins() {
    Square s = sq("pinned");
    if (pos_.piece_at(s) == NoPiece) {
        ev_["pin"] = {{"square", square_name(s)}, {"piece", nullptr}};
        return no(square_name(s) + " is empty");
    }
    PinReport r = bt_.pin(s);
    ev_["pin"] = {
        {"square", square_name(s)},
        {"pinned", r.pinned},
        {"relative_pin", r.relative},
        {"pinner", r.pinner == NoSquare ? json(nullptr) : piece_or_null(pos_, r.pinner)},
        {"pinned_to", r.pinned_to == NoSquare ? json(nullptr) : piece_or_null(pos_, r.pinned_to)}};
    if (!r.pinned && !r.relative) return no(on(pos_, s) + " is not pinned");
    if (c_.args.value("absolute", false) && !r.pinned)
        return no(on(pos_, s) + " is pinned to " + on(pos_, r.pinned_to) + ", not to its king");
    if (auto by = opt_sq("pinner"); by && *by != r.pinner)
        return no(on(pos_, s) + " is pinned by " + on(pos_, r.pinner) + ", not from " +
                  square_name(*by));
    if (auto to = opt_sq("to"); to && *to != r.pinned_to)
        return no(on(pos_, s) + " is pinned to " + on(pos_, r.pinned_to) + ", not to " +
                  square_name(*to));
    return yes(on(pos_, s) + " is pinned by " + on(pos_, r.pinner) + " to " +
               on(pos_, r.pinned_to));
}

Outcome Evaluator::checks() {
    Color stm = pos_.side_to_move();
    ev_["checkers"] = {{"side_to_move", color_word(stm)},
                       {"check", pos_.is_check()},
                       {"checkers", pieces_json(pos_, bt_.checkers())}};
    if (c_.args.contains("color") && *parse_color_word(str("color")) != stm)
        return no(std::string(color_word(~stm)) + " is not to move, so cannot be in check");
    return is(pos_.is_check(), std::string(color_word(stm)) + " is in check",
              std::string(color_word(stm)) + " is not in check");
}

Outcome Evaluator::is_legal() {
    Outcome bad;
    auto m = move(bad);
    bad.legality = false;  // here legality is the claim itself: a negation applies
    if (!m) return bad;
    return yes(move_to_san(pos_, *m) + " is legal");
}

Outcome Evaluator::undefended() {
    Square s = sq("square");
    if (pos_.piece_at(s) == NoPiece) return no(square_name(s) + " is empty");
    Bitboard d = bt_.defenders(s);
    ev_["defenders"] = {{"square", square_name(s)}, {"defenders", pieces_json(pos_, d)}};
    return is(d == 0, on(pos_, s) + " is undefended", on(pos_, s) + " is defended");
}

Outcome Evaluator::opens_file() {
    Outcome bad;
    auto m = move(bad);
    if (!m) return bad;
    int file = str("file")[0] - 'a';
    Color us = pos_.side_to_move();
    Bitboard fbb = file_bb(file);
    Position after = pos_;
    after.do_move(*m);
    int own_before = popcount(pos_.pieces(Pawn, us) & fbb),
        own_after = popcount(after.pieces(Pawn, us) & fbb);
    ev_["file_status"] = {{"file", std::string(1, char('a' + file))},
                          {"before", file_status_name(file_status(pos_, file))},
                          {"after", file_status_name(file_status(after, file))}};
    std::string f = std::string(1, char('a' + file)) + "-file";
    if (own_after > 0)
        return no("the " + f + " still has " + color_word(us) + " pawns after the move");
    return is(own_before > own_after,
              "the move clears the " + f + " of " + color_word(us) + " pawns",
              "the " + f + " had no " + std::string(color_word(us)) + " pawns before the move");
}

Outcome Evaluator::open_file() {
    int file = str("file")[0] - 'a';
    Bitboard fbb = file_bb(file);
    std::string f = std::string(1, char('a' + file)) + "-file";
    json pawns = pieces_json(pos_, pos_.pieces(Pawn) & fbb);
    ev_["file_status"] = {{"file", std::string(1, char('a' + file))},
                          {"status", file_status_name(file_status(pos_, file))},
                          {"pawns", pawns}};
    if (c_.args.contains("color")) {
        Color c = *parse_color_word(str("color"));
        Bitboard own = pos_.pieces(Pawn, c) & fbb;
        return is(own == 0, "the " + f + " has no " + std::string(color_word(c)) + " pawn",
                  "the " + f + " is blocked by " + color_word(c) + "'s own pawn on " +
                      square_name(lsb(own)));
    }
    return is((pos_.pieces(Pawn) & fbb) == 0, "the " + f + " is open",
              "the " + f + " has pawns: " + pawns.dump());
}

Outcome Evaluator::opens_line() {
    Outcome bad;
    auto m = move(bad);
    if (!m) return bad;
    Square a = sq("from"), b = sq("to");
    RayReport before = bt_.ray(a, b);
    if (before.line == LineKind::None)
        return no(square_name(a) + " and " + square_name(b) + " are not on one line");
    Position after = pos_;
    after.do_move(*m);
    RayReport r2 = BoardTools(after).ray(a, b);
    ev_["ray"] = {{"line", line_kind_name(before.line)},
                  {"blockers_before", squares_json(before.blockers)},
                  {"blockers_after", squares_json(r2.blockers)}};
    if (r2.blockers) return no("the line is still blocked on " + squares_json(r2.blockers).dump());
    return is(before.blockers != 0,
              "the move clears the line " + square_name(a) + "-" + square_name(b),
              "the line " + square_name(a) + "-" + square_name(b) + " was already clear");
}

Outcome Evaluator::controls() {
    Square s = sq("square");
    Color c = *parse_color_word(str("color"));
    int ours = popcount(bt_.attackers(c, s)), theirs = popcount(bt_.attackers(~c, s));
    ev_["attackers"] = {
        {"square", square_name(s)}, {color_word(c), ours}, {color_word(~c), theirs}};
    return is(ours > 0 && ours >= theirs,
              std::string(color_word(c)) + " attacks " + square_name(s) + " " +
                  std::to_string(ours) + " times against " + std::to_string(theirs),
              std::string(color_word(c)) + " attacks " + square_name(s) + " " +
                  std::to_string(ours) + " times against " + std::to_string(theirs));
}

Outcome Evaluator::passed_pawn() {
    if (!c_.args.contains("square")) {
        Color c = *parse_color_word(str("color"));
        PawnStructure ps = pawn_structure(pos_, c);
        ev_["pawn_structure"] = {{"color", color_word(c)}, {"passed", squares_json(ps.passed)}};
        const int n = popcount(ps.passed);
        const std::string has = std::string(color_word(c)) + " has " + std::to_string(n) +
                                " passed pawn" + (n == 1 ? "" : "s");
        if (c_.args.contains("count")) return is(n == c_.args["count"].get<int>(), has, has);
        return is(n > 0, has, has);
    }
    Square s = sq("square");
    Piece p = pos_.piece_at(s);
    if (p == NoPiece || type_of(p) != Pawn) return no("no pawn on " + square_name(s));
    PawnStructure ps = pawn_structure(pos_, color_of(p));
    ev_["pawn_structure"] = {{"color", color_word(color_of(p))},
                             {"passed", squares_json(ps.passed)}};
    return is(ps.passed & square_bb(s), on(pos_, s) + " is passed", on(pos_, s) + " is not passed");
}

Outcome Evaluator::material_lead() {
    Material w = material(pos_, White), b = material(pos_, Black);
    const int diff = w.points - b.points;
    ev_["material"] = {{"white", w.points}, {"black", b.points}, {"balance", diff}};
    const std::string said = "material: white " + std::to_string(w.points) + ", black " +
                             std::to_string(b.points) + " (P1 N3 B3 R5 Q9)";
    if (!c_.args.contains("color")) return is(diff == 0, said, said);
    const int sign = *parse_color_word(str("color")) == White ? 1 : -1;
    const int lead = sign * diff;
    if (c_.args.value("pieces", false)) {
        // Pieces and pawns apart: "a piece up for two pawns".
        const int pawns = sign * (w.pawns - b.pawns);
        const int pieces = lead - pawns;
        ev_["material"]["pieces_balance"] = sign * pieces;
        const std::string parts = said + ": pieces " + std::to_string(pieces) + ", pawns " +
                                  std::to_string(pawns) + " for " + str("color");
        if (pieces != c_.args["points"].get<int>()) return no(parts);
        if (c_.args.contains("for_pawns"))
            return is(pawns == -c_.args["for_pawns"].get<int>(), parts, parts);
        if (pawns < -1 || pawns > 1) return unknown(parts + "; the pawns differ by more than one");
        return yes(parts);
    }
    if (c_.args.contains("points")) return is(lead == c_.args["points"].get<int>(), said, said);
    if (c_.args.contains("min")) return is(lead >= c_.args["min"].get<int>(), said, said);
    return is(lead > 0, said, said);
}

Outcome Evaluator::piece_count() {
    Color c = *parse_color_word(str("color"));
    PieceType pt = *piece_arg();
    const int n = popcount(pos_.pieces(pt, c));
    ev_["pieces"] = {{"color", color_word(c)},
                     {"piece", piece_type_word(pt)},
                     {"squares", squares_json(pos_.pieces(pt, c))}};
    const std::string said = std::string(color_word(c)) + " has " + std::to_string(n) + " " +
                             piece_type_word(pt) + (n == 1 ? "" : "s");
    if (c_.args.contains("count")) return is(n == c_.args["count"].get<int>(), said, said);
    const int least = c_.args.contains("min") ? c_.args["min"].get<int>() : 1;
    return is(n >= least, said, said);
}

Outcome Evaluator::file_status_claim() {
    int file = str("file")[0] - 'a';
    Bitboard fbb = file_bb(file);
    const bool w = pos_.pieces(Pawn, White) & fbb, b = pos_.pieces(Pawn, Black) & fbb;
    const std::string f = std::string(1, char('a' + file)) + "-file";
    ev_["file_status"] = {{"file", std::string(1, char('a' + file))},
                          {"status", file_status_name(file_status(pos_, file))},
                          {"pawns", pieces_json(pos_, pos_.pieces(Pawn) & fbb)}};
    const std::string said = "the " + f + " has " + (w ? "white" : "no white") + " and " +
                             (b ? "black" : "no black") + " pawns";
    const std::string st = str("status");
    if (st == "open") return is(!w && !b, said, said);
    if (st == "closed") return is(w && b, said, said);
    if (c_.args.contains("color")) {
        const bool own = *parse_color_word(str("color")) == White ? w : b;
        const bool other = *parse_color_word(str("color")) == White ? b : w;
        return is(!own && other, said, said);
    }
    return is(w != b, said, said);
}

Outcome Evaluator::only_legal_move() {
    Outcome bad;
    auto m = move(bad);
    if (!m) return bad;
    MoveList moves(pos_);
    ev_["legal_moves"] = moves.size();
    const std::string san = move_to_san(pos_, *m);
    return is(moves.size() == 1, san + " is the only legal move",
              san + " is one of " + std::to_string(moves.size()) + " legal moves");
}

Outcome Evaluator::pawn_weakness() {
    Square s = sq("square");
    Piece p = pos_.piece_at(s);
    if (p == NoPiece || type_of(p) != Pawn) return no("no pawn on " + square_name(s));
    PawnStructure ps = pawn_structure(pos_, color_of(p));
    const std::string kind = str("kind");
    const Bitboard set = kind == "isolated"  ? ps.isolated
                         : kind == "doubled" ? ps.doubled
                                             : ps.backward;
    ev_["pawn_structure"] = {{"color", color_word(color_of(p))}, {kind, squares_json(set)}};
    return is(set & square_bb(s), on(pos_, s) + " is " + kind, on(pos_, s) + " is not " + kind);
}

Outcome Evaluator::legal_moves() {
    const int n = int(MoveList(pos_).size()), want = c_.args["count"].get<int>();
    ev_["legal_moves"] = n;
    const std::string said = std::string(color_word(pos_.side_to_move())) + " has " +
                             std::to_string(n) + " legal move" + (n == 1 ? "" : "s");
    return is(n == want, said, said);
}

}  // namespace glossfish::verifier::claims_detail
