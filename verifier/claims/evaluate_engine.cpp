// Engine predicates: best and only moves, quality labels, material lines, mates, threats.
#include <algorithm>
#include <cmath>

#include "claims/evaluator.h"
#include "io/utf8.h"
#include "rules/movegen.h"
#include "rules/structure.h"
#include "tools/tool_json.h"

namespace glossfish::verifier::claims_detail {

// Calls an engine tool; an error result becomes an unverifiable outcome in `fail`.
std::optional<json> Evaluator::engine(const char* tool, json args, Outcome& fail) {
    args["depth"] = o_.depth;
    // A label's reasons are verified by these predicates: a label asked for here needs none.
    if (std::string_view(tool) == "move_quality") args["reasons"] = false;
    json r = tools_.call(tool, args, o_.cancel);
    if (r.contains("error")) {
        const std::string code = r["error"].value("code", "");
        fail = unknown(code == "no_engine"
                           ? "needs the engine, and there is none"
                           : tool + std::string(" failed: ") + r["error"].value("message", ""));
        if (code == "illegal_move" || code == "malformed_move" || code == "ambiguous_move") {
            fail = no(r["error"].value("message", ""));
            fail.legality = true;
        } else if (code != "no_engine") {
            // The engine failed (not the claim): callers that must say so read it here.
            ev_["engine_error"] = r["error"].value("message", "");
        }
        return std::nullopt;
    }
    return r;
}

Outcome Evaluator::engine_move_claim(const char* tool) {
    Outcome bad;
    auto m = move(bad);
    if (!m) return bad;
    std::string san = move_to_san(pos_, *m), uci = move_to_uci(pos_, *m);
    auto r = engine(tool, {{"fen", pos_.fen()}, {"move", uci}}, bad);
    if (!r) return bad;
    if (std::string(tool) == "is_forced") {
        ev_["is_forced"] = {{"forced", (*r)["forced"]},
                            {"reason", (*r)["reason"]},
                            {"move", r->value("move", json(nullptr))},
                            {"win_percent_gap", r->value("win_percent_gap", json(nullptr))},
                            {"legal_moves", r->value("legal_moves", json(nullptr))}};
        bool forced = r->value("move_is_forced", false);
        // Also forced: the only move that is not mated (every other move is, in a lost
        // position the win% gap alone cannot show).
        const json& best = (*r)["best"];
        const json& second = r->value("second", json(nullptr));
        ev_["is_forced"]["best"] = best.is_null() ? json(nullptr) : best;
        ev_["is_forced"]["second"] = second;
        if (!forced && best.is_object() && second.is_object() &&
            best["move"].value("uci", std::string()) == uci) {
            auto mated = [](const json& sc) {
                return sc.contains("mate") && sc["mate"].get<int>() <= 0;
            };
            if (!mated(best["score"]) && mated(second["score"])) {
                return yes(san + " is the only move that avoids being mated");
            }
        }
        return is(forced, san + " is forced (" + r->value("reason", std::string()) + ")",
                  san + " is not forced (" + r->value("reason", std::string()) + ")");
    }
    ev_["move_quality"] = quality_evidence(*r);
    double loss = r->value("wp_loss", 100.0);
    bool best = false;
    for (const auto& t : (*r)["tags"]) best = best || t == "best";
    return is(
        best || loss <= 1.0,
        san + " is the best move or within 1 win% of it (loss " + num(loss) + ")",
        san + " loses " + num(loss) + " win% against " + (*r)["best"].value("san", std::string()));
}

std::string Evaluator::num(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.1f", v);
    return b;
}

json Evaluator::quality_evidence(const json& r) {
    return {{"labels", r["labels"]}, {"wp_loss", r["wp_loss"]},
            {"best", r["best"]},     {"played_score", r["played_score"]},
            {"tags", r["tags"]},     {"depth", r["depth"]}};
}

Outcome Evaluator::quality_label() {
    Outcome bad;
    auto m = move(bad);
    if (!m) return bad;
    std::string san = move_to_san(pos_, *m);
    auto r = engine("move_quality", {{"fen", pos_.fen()}, {"move", move_to_uci(pos_, *m)}}, bad);
    if (!r) return bad;
    ev_["move_quality"] = quality_evidence(*r);
    std::string scheme = c_.args.value("scheme", std::string(scheme_name(o_.scheme)));
    std::string label = (*r)["labels"].value(scheme, std::string());
    const auto parsed = parse_label(label);
    std::string said = "engine (" + scheme + "): " + san + " is " +
                       (parsed ? label_phrase(*parsed) : label.c_str()) + ", " +
                       num(r->value("wp_loss", 0.0)) + " win% lost";
    if (c_.args.contains("label")) return is(label == str("label"), said, said);
    bool bad_label = label == "mistake" || label == "blunder";
    if (label == "inaccuracy")
        return unknown(said + "; an inaccuracy is neither a good nor a bad stance");
    return is((str("stance") == "bad") == bad_label, said, said);
}

// win_chances: the move's win% before (the best move's) and after (its own), as said within
// one point, and the move said to be better is the best or within 1 win% of it.
Outcome Evaluator::win_chances() {
    Outcome bad;
    auto m = move(bad);
    if (!m) return bad;
    const std::string san = move_to_san(pos_, *m);
    auto r = engine("move_quality", {{"fen", pos_.fen()}, {"move", move_to_uci(pos_, *m)}}, bad);
    if (!r) return bad;
    ev_["move_quality"] = quality_evidence(*r);
    const double before = r->value("win_before", 0.0), after = r->value("win_after", 0.0);
    const std::string said = "engine: " + san + " takes the win% from " + num(before) + " to " +
                             num(after) + " (best " + (*r)["best"].value("san", std::string()) +
                             ")";
    if (c_.args.contains("from") && std::abs(before - c_.args["from"].get<int>()) > 1)
        return no(said);
    if (c_.args.contains("to") && std::abs(after - c_.args["to"].get<int>()) > 1) return no(said);
    if (c_.args.contains("against")) {
        const std::string text = str("against");
        MoveParse mp = parse_move_text(pos_, text);
        if (!mp.ok()) {
            Outcome o = no(quote_input(text) + " cannot be played here: " + mp.message);
            o.legality = true;
            return o;
        }
        const std::string uci = move_to_uci(pos_, mp.move);
        if ((*r)["best"].value("uci", std::string()) != uci) {
            auto q = engine("move_quality", {{"fen", pos_.fen()}, {"move", uci}}, bad);
            if (!q) return bad;
            const double loss = q->value("wp_loss", 100.0);
            if (loss > 1.0)
                return no(said + "; " + move_to_san(pos_, mp.move) + " loses " + num(loss) +
                          " win% itself");
        }
    }
    return yes(said);
}

// wins_material (win) / loses_material: static exchange first, else the engine's line
// after the move, up to 8 plies.
Outcome Evaluator::material_line(bool win) {
    Outcome bad;
    auto m = move(bad);
    if (!m) return bad;
    std::string san = move_to_san(pos_, *m);
    auto pt = piece_arg();
    const bool has_amount = c_.args.contains("amount");
    const int amount = has_amount ? c_.args["amount"].get<int>() : pt ? 1 : 100;
    const Color us = pos_.side_to_move();
    const int s = bt_.see(*m);
    Piece cap = pos_.captured_piece(*m);
    const PieceType moved = type_of(pos_.piece_at(m->from()));
    ev_["see"] = s;
    // Material the winning side gave up in the claim's moves ("After ... Qxb3, White wins the
    // queen with axb3"): a recapture wins only what it nets beyond that, and a named piece must
    // be won in full.
    const int sign = us == White ? 1 : -1;
    const int given_up =
        win ? std::min(0, sign * (material_balance(pos_) - material_balance(root_)) * 100) : 0;
    const int need = given_up < 0 && pt ? PieceValue[*pt] : amount;
    if (given_up < 0) ev_["given_up_before"] = -given_up;
    // "wins the queen for a rook": the piece taken by this move, after about a rook was given
    // up in the claim's moves (a pawn less counts: Bxe5+ took one before Kxf8), netting the
    // difference by static exchange.
    if (win && c_.args.contains("for")) {
        const auto given = parse_piece_word(c_.args["for"].get<std::string>());
        if (!given || !pt) return no("\"for\" needs the piece won and the piece given");
        const int worth = PieceValue[*given];
        ev_["given_for"] = worth;
        if (cap == NoPiece || type_of(cap) != *pt)
            return no(san + " does not take " + std::string(c_.args["piece"]));
        if (given_up > -(worth - 100))
            return no(std::to_string(-given_up) + " cp was given up in the moves before " + san +
                      ", not about " + std::to_string(worth));
        return is(s + given_up >= std::max(100, PieceValue[*pt] - worth),
                  san + " takes " + std::to_string(s) + " cp by static exchange after " +
                      std::to_string(-given_up) + " cp given up",
                  san + " nets " + std::to_string(s + given_up) + " cp after " +
                      std::to_string(-given_up) + " cp given up");
    }
    const bool static_ok =
        win ? material_enough(s + given_up, need, cap == NoPiece ? 0 : PieceValue[type_of(cap)]) &&
                  (!pt || (cap != NoPiece && type_of(cap) == *pt))
            : material_enough(-s, amount, PieceValue[moved]) && (!pt || moved == *pt);
    if (static_ok)
        return yes(san + (win ? " wins " : " loses ") + std::to_string(win ? s : -s) +
                   " cp by static exchange");
    Position after = pos_;
    after.do_move(*m);
    if (MoveList(after).empty()) {
        if (!win) return no(san + " ends the game and loses nothing");
        return is(after.is_checkmate() && amount <= 100000, san + " mates",
                  san + " wins no material");
    }
    auto r = engine("eval", {{"fen", after.fen()}}, bad);
    if (!r) {
        bad.reason = "static exchange " + std::to_string(s) + " cp" +
                     (given_up < 0 ? " after " + std::to_string(-given_up) +
                                         " cp given up in the moves before it"
                                   : std::string()) +
                     " is not enough; " + bad.reason;
        return bad;
    }
    std::vector<std::string> line = {move_to_uci(pos_, *m)};
    for (const auto& mv : (*r)["pv"]) {
        if (line.size() >= 8) break;
        line.push_back(mv.value("uci", std::string()));
    }
    PlayReport play = play_moves(pos_, line);
    int gain = sign * (material_balance(play.end) - material_balance(pos_)) * 100;
    // What the side that gains took: ours on even plies (win), theirs on odd ones (loss).
    bool took = false;
    int biggest = 0;
    for (std::size_t i = win ? 0 : 1; i < play.moves.size(); i += 2) {
        const Piece c = play.moves[i].captured;
        if (c == NoPiece) continue;
        biggest = std::max(biggest, PieceValue[type_of(c)]);
        if (!pt || type_of(c) == *pt) took = true;
    }
    json sans = json::array();
    for (const auto& pm : play.moves) sans.push_back(pm.san);
    ev_["line"] = {{"moves", sans}, {"material_gain", gain}, {"score", (*r)["score"]}};
    if (play.end.is_checkmate()) {
        if (play.end.side_to_move() != us)
            return win ? yes(san + " leads to mate: " + sans.dump())
                       : no(san + " leads to mate for " + color_word(us) + ": " + sans.dump());
        return win ? no(san + " gets mated: " + sans.dump())
                   : unknown(san + " gets mated, which is more than material: " + sans.dump());
    }
    const int got = win ? gain + given_up : -gain;
    bool ok = pt ? took && got > 0 &&
                       (!(has_amount || given_up < 0) || material_enough(got, need, biggest))
                 : material_enough(got, need, biggest);
    const std::string verb = win ? " wins " : " loses ";
    return is(ok, san + verb + std::to_string(got) + " cp along " + sans.dump(),
              san + " nets " + std::to_string(gain) + " cp along " + sans.dump());
}

// The position with the other side to move (the null move), when that side is not in check.
std::optional<Position> Evaluator::null_move() const { return null_move_position(pos_); }

// threatens with mate: the side not to move would mate (on square) if it were its turn.
Outcome Evaluator::threatens_mate() {
    const Color them = ~pos_.side_to_move();
    const std::string side = color_word(them);
    auto np = null_move();
    if (!np)
        return unknown("no threat can be read: " + std::string(color_word(~them)) + " is in check");
    auto sq_arg = opt_sq("square");
    json mates = json::array();
    for (Move m : MoveList(*np)) {
        Position after = *np;
        after.do_move(m);
        if (after.is_checkmate() && (!sq_arg || (m.kind() != Castling && m.to() == *sq_arg)))
            mates.push_back(move_to_san(*np, m));
    }
    ev_["mates_in_one"] = mates;
    const std::string where = sq_arg ? " on " + square_name(*sq_arg) : "";
    if (!mates.empty()) return yes(side + " threatens mate" + where + ": " + mates.dump());
    Outcome bad;
    auto r = engine("threat", {{"fen", pos_.fen()}}, bad);
    if (!r) return bad;
    const json& if_ignored = (*r)["score_if_ignored"];
    ev_["threat"] = {{"best_threat", (*r)["threat"]}, {"score_if_ignored", if_ignored}};
    const bool mating =
        if_ignored.is_object() && if_ignored.contains("mate") && if_ignored["mate"].get<int>() > 0;
    if (!mating) return no(side + " has no mating threat (" + if_ignored.dump() + ")");
    if (sq_arg) return unknown(side + " threatens a longer mate; where is not checked");
    return yes(side + " threatens mate in " + std::to_string(if_ignored["mate"].get<int>()));
}

// stops (and "prevents"), for a threat the board does not prove: threat was a good move for
// the other side if the side to move passed (at most StopsGoodLoss win% below its best there)
// and after move it is gone, or loses StopsLoss win% or more beyond what it lost before
// (engine: move_quality of threat in both positions). "Qb3 prevents Bb4+" (the Opera game,
// 7.Qb3): the bishop would land where the queen takes it.
Outcome Evaluator::stops_by_engine(Move m, const Position& np, Move threat, const Position& after,
                                   std::optional<Move> again) {
    constexpr double StopsGoodLoss = 3.0, StopsLoss = 10.0;
    const std::string san = move_to_san(pos_, m), tsan = move_to_san(np, threat);
    Outcome bad;
    auto was = engine("move_quality", {{"fen", np.fen()}, {"move", move_to_uci(np, threat)}}, bad);
    if (!was) return bad;
    const double lost_before = (*was)["wp_loss"].get<double>();
    ev_["threat_quality"] = {{"wp_loss", lost_before}, {"best", (*was)["best"]}};
    if (lost_before > StopsGoodLoss)
        return no(tsan + " was no good move for " + color_word(np.side_to_move()) +
                  " before: it loses " + num(lost_before) + " win% against " +
                  (*was)["best"].value("san", std::string("the best move")));
    // again: threat as a move after m, when it is still legal.
    if (!again) return yes("after " + san + ", " + tsan + " is no longer possible");
    auto now =
        engine("move_quality", {{"fen", after.fen()}, {"move", move_to_uci(after, *again)}}, bad);
    if (!now) return bad;
    const double lost_after = (*now)["wp_loss"].get<double>();
    ev_["after_quality"] = {{"wp_loss", lost_after}, {"best", (*now)["best"]}};
    const std::string said = "after " + san + ", " + tsan + " loses " + num(lost_after) +
                             " win% (" + num(lost_before) + " before)";
    return is(lost_after - lost_before >= StopsLoss, said, said);
}

// mate_in: a forced mate for the side to move, after move when given.
Outcome Evaluator::mate_in() {
    const int n = c_.args.value("moves", 0);  // 0: any number of moves
    const std::string side = color_word(pos_.side_to_move());
    Position at = pos_;
    std::string san;
    int used = 0;  // own moves already played
    if (c_.args.contains("move")) {
        Outcome bad;
        auto m = move(bad);
        if (!m) return bad;
        san = move_to_san(pos_, *m);
        at.do_move(*m);
        used = 1;
        if (at.is_checkmate())
            return is(n == 0 || n == 1, san + " mates at once",
                      san + " mates at once, in one move");
        if (n == 1) return no(san + " is not mate");
    } else if (n == 1) {
        json mates = json::array();
        for (Move m : MoveList(pos_)) {
            Position after = pos_;
            after.do_move(m);
            if (after.is_checkmate()) mates.push_back(move_to_san(pos_, m));
        }
        ev_["mates_in_one"] = mates;
        return is(!mates.empty(), side + " mates in one: " + mates.dump(),
                  side + " has no mate in one");
    }
    if (MoveList(at).empty()) return no("the game is over without mate");
    Outcome bad;
    auto r = engine("eval", {{"fen", at.fen()}}, bad);
    if (!r) return bad;
    const json& score = (*r)["score"];
    ev_["eval"] = {{"score", score}, {"pv_san", (*r)["pv_san"]}, {"depth", (*r)["depth"]}};
    // The score is from the side to move in `at`: the opponent after a move.
    const int flip = used ? -1 : 1;
    if (score.contains("mate") && flip * score["mate"].get<int>() > 0) {
        const int total = flip * score["mate"].get<int>() + used;
        const std::string said = (san.empty() ? side : san) + " mates in " + std::to_string(total) +
                                 ": " + r->value("pv_san", std::string());
        if (n == 0 || total == n) return yes(said);
        if (total > n) return no(said);
        return unknown(said + " (shorter than said)");
    }
    const std::string none = "no forced mate found for " + side + " (" + score.dump() + ")";
    // A short mate is always found at analysis depths; a long one may lie beyond them.
    if (n != 0 && n <= 3) return no(none);
    if (score.contains("cp") && flip * score["cp"].get<int>() < 500) return no(none);
    if (score.contains("mate")) return no(none);
    return unknown(none + "; a longer mate may lie beyond the search");
}

Outcome Evaluator::threatens() {
    const Color them = ~pos_.side_to_move();
    if (c_.args.value("mate", false)) return threatens_mate();
    if (auto t = opt_sq("target")) {
        Piece p = pos_.piece_at(*t);
        if (p == NoPiece) return no(square_name(*t) + " is empty");
        if (color_of(p) == them) return no(on(pos_, *t) + " belongs to the threatening side");
        Bitboard att = bt_.attackers(them, *t);
        ev_["attackers"] = {{"square", square_name(*t)}, {"attackers", pieces_json(pos_, att)}};
        if (type_of(p) == King)
            return is(att != 0, on(pos_, *t) + " is in check", on(pos_, *t) + " is not attacked");
        for (const HangingPiece& h : bt_.hanging(color_of(p)))
            if (h.square == *t) {
                ev_["hanging"] = {{"see", h.see}, {"capturer", square_name(h.capturer)}};
                return yes(std::string(color_word(them)) + " threatens to win " + on(pos_, *t) +
                           " (" + std::to_string(h.see) + " cp)");
            }
        return no(att ? on(pos_, *t) + " is attacked but capturing it wins nothing"
                      : on(pos_, *t) + " is not attacked by " + color_word(them));
    }
    Outcome bad;
    auto r = engine("threat", {{"fen", pos_.fen()}}, bad);
    if (!r) return bad;
    if (!r->value("null_move_legal", false))
        return unknown("no threat can be read: " + r->value("reason", std::string()));
    Position np;
    if (!np.set((*r)["null_move_fen"].get<std::string>()).ok())
        return unknown("bad null-move position");
    if (!c_.args.contains("move")) {
        ev_["threat"] = {{"best_threat", (*r)["threat"]},
                         {"gain", (*r)["gain"]},
                         {"significant", (*r)["significant"]}};
        const std::string t = (*r)["threat"].is_object()
                                  ? (*r)["threat"].value("san", std::string())
                                  : std::string("nothing");
        return is(r->value("significant", false),
                  std::string(color_word(them)) + " threatens " + t + " (" +
                      num(r->value("gain", 0.0)) + " win% if ignored)",
                  std::string(color_word(them)) + "'s best try " + t + " gains only " +
                      num(r->value("gain", 0.0)) + " win%");
    }
    const std::string text = str("move");
    MoveParse mp = parse_move_text(np, text);
    if (!mp.ok()) {
        Outcome o = no(quote_input(text) + " is not a move " + color_word(them) +
                       " could play: " + mp.message);
        o.legality = true;
        return o;
    }
    std::string san = move_to_san(np, mp.move);
    // A move that wins material or mates outright is a threat, whatever the win% says (a
    // side already winning gains few win% points).
    {
        const int gain = BoardTools(np).see(mp.move);
        Position after = np;
        after.do_move(mp.move);
        ev_["threat_see"] = gain;
        if (after.is_checkmate()) return yes(san + " would mate if ignored");
        if (np.captured_piece(mp.move) != NoPiece && gain >= 100)
            return yes(san + " would win " + std::to_string(gain) +
                       " cp by static exchange if ignored");
    }
    ev_["threat"] = {{"best_threat", (*r)["threat"]},
                     {"win_percent_now", (*r)["win_percent_now"]},
                     {"gain", (*r)["gain"]},
                     {"significant", (*r)["significant"]}};
    if ((*r)["threat"].is_object() &&
        (*r)["threat"].value("uci", std::string()) == move_to_uci(np, mp.move)) {
        bool sig = r->value("significant", false);
        if (!sig)
            return no(san + " is the best try but gains only " + num(r->value("gain", 0.0)) +
                      " win%");
        // A quiet move is a threat only when it stands out: with the tempo of a pass many moves
        // gain as much when the side to move had a threat of its own (after 3...fxe5 in the
        // Damiano, Qh4 is no threat; Black merely escapes Qh5+).
        if (np.gives_check(mp.move) == CheckKind::None) {
            auto top = engine("top_moves", {{"fen", np.fen()}, {"n", 2}}, bad);
            if (!top) return bad;
            const json& moves = (*top)["moves"];
            if (moves.size() >= 2) {
                const double gap =
                    moves[0].value("win_percent", 0.0) - moves[1].value("win_percent", 0.0);
                ev_["threat"]["gap_to_second"] = std::round(gap * 10) / 10;
                if (gap < 10)
                    return no(san + " gains no more than " +
                              moves[1]["move"].value("san", std::string()) + " would (" + num(gap) +
                              " win% apart): the tempo, not a threat");
            }
        }
        return yes(san + " is the threat (" + num(r->value("gain", 0.0)) + " win% if ignored)");
    }
    // A quiet move that is not even the best try after a pass does not stand out: the same
    // rule as above, it is the tempo, not a threat.
    if (np.captured_piece(mp.move) == NoPiece && np.gives_check(mp.move) == CheckKind::None) {
        const std::string best = (*r)["threat"].is_object()
                                     ? (*r)["threat"].value("san", std::string())
                                     : std::string("nothing");
        return no(san + " is a quiet move and not the best try after a pass (" + best +
                  " is): the tempo, not a threat");
    }
    auto q = engine("move_quality", {{"fen", np.fen()}, {"move", move_to_uci(np, mp.move)}}, bad);
    if (!q) return bad;
    double gain = q->value("win_after", 0.0) - r->value("win_percent_now", 0.0);
    ev_["threat"]["named_gain"] = std::round(gain * 10) / 10;
    return is(gain >= 10, san + " would gain " + num(gain) + " win% if ignored",
              san + " would gain only " + num(gain) + " win% if ignored");
}

}  // namespace glossfish::verifier::claims_detail
