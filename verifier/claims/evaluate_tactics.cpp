// Tactical predicates of one move: checks, mates, captures, hanging pieces, forks, discoveries.

#include "claims/evaluator.h"
#include "io/utf8.h"
#include "rules/movegen.h"
#include "rules/see.h"
#include "tools/tool_json.h"

namespace glossfish::verifier::claims_detail {

Outcome Evaluator::gives_check() {
    Outcome bad;
    auto m = move(bad);
    if (!m) return bad;
    CheckKind k = bt_.gives_check(*m);
    ev_["gives_check"] = check_kind_name(k);
    std::string san = move_to_san(pos_, *m);
    if (k == CheckKind::None) return no(san + " gives no check");
    if (c_.args.contains("kind") && str("kind") != check_kind_name(k))
        return no(san + " gives a " + check_kind_name(k) + " check, not " + str("kind"));
    return yes(san + " gives a " + std::string(check_kind_name(k)) + " check");
}

Outcome Evaluator::mates() {
    if (!c_.args.contains("move")) {
        ev_["checkmate"] = pos_.is_checkmate();
        return is(pos_.is_checkmate(),
                  std::string(color_word(pos_.side_to_move())) + " is checkmated",
                  std::string(color_word(pos_.side_to_move())) + " is not checkmated");
    }
    Outcome bad;
    auto m = move(bad);
    if (!m) return bad;
    Position after = pos_;
    after.do_move(*m);
    ev_["checkmate"] = after.is_checkmate();
    std::string san = move_to_san(pos_, *m);
    return is(after.is_checkmate(), san + " is checkmate", san + " is not checkmate");
}

Outcome Evaluator::captures() {
    Outcome bad;
    auto m = move(bad);
    if (!m) return bad;
    Piece cap = pos_.captured_piece(*m);
    std::string san = move_to_san(pos_, *m);
    ev_["capture"] = cap == NoPiece ? json(nullptr) : json(piece_type_word(type_of(cap)));
    if (cap == NoPiece) return no(san + " captures nothing");
    if (auto pt = piece_arg(); pt && type_of(cap) != *pt)
        return no(san + " captures a " + piece_type_word(type_of(cap)) + ", not a " + str("piece"));
    const Square where =
        m->kind() == EnPassant ? Square(m->to() - pawn_push(pos_.side_to_move())) : m->to();
    if (auto s = opt_sq("square"); s && m->to() != *s && where != *s)
        return no(san + " captures on " + square_name(where) + ", not on " + square_name(*s));
    return yes(san + " captures a " + std::string(piece_type_word(type_of(cap))));
}

Outcome Evaluator::can_capture() {
    Square s = sq("square");
    auto pt = piece_arg();
    json found = json::array();
    for (Move m : MoveList(pos_)) {
        Piece cap = pos_.captured_piece(m);
        if (cap == NoPiece || m.kind() == Castling) continue;
        Square where =
            m.kind() == EnPassant ? Square(m.to() - pawn_push(pos_.side_to_move())) : m.to();
        if (where != s && m.to() != s) continue;
        if (pt && type_of(cap) != *pt) continue;
        found.push_back(move_json(pos_, m));
    }
    ev_["captures"] = found;
    std::string side = color_word(pos_.side_to_move());
    return is(
        !found.empty(), side + " can capture on " + square_name(s) + " (" + found.dump() + ")",
        side + " has no legal capture on " + square_name(s) + (pt ? " of a " + str("piece") : ""));
}

Outcome Evaluator::hangs() {
    Square s = sq("square");
    Piece p = pos_.piece_at(s);
    if (p == NoPiece) return no(square_name(s) + " is empty");
    if (type_of(p) == King) return no("a king does not hang");
    for (const HangingPiece& h : bt_.hanging(color_of(p))) {
        if (h.square != s) continue;
        ev_["hanging"] = {{"square", square_name(s)},
                          {"attackers", h.attackers},
                          {"defenders", h.defenders},
                          {"see", h.see},
                          {"capturer", square_name(h.capturer)}};
        return yes(on(pos_, s) + " hangs: capturing it wins " + std::to_string(h.see) + " cp");
    }
    ev_["hanging"] = {{"square", square_name(s)},
                      {"hanging", false},
                      {"attackers", popcount(bt_.attackers(~color_of(p), s))},
                      {"defenders", popcount(bt_.defenders(s))}};
    return no(on(pos_, s) + " does not hang (no capture of it wins material)");
}

Outcome Evaluator::forks() {
    Outcome bad;
    auto m = move(bad);
    if (!m) return bad;
    MoveFacts f = bt_.move_facts(*m);
    json targets = json::array(), fork_targets = json::array();
    Bitboard fork_set = 0;
    for (const Target& t : f.targets) {
        targets.push_back(square_name(t.square));
        if (t.more_valuable || !t.defended) {
            fork_targets.push_back(square_name(t.square));
            fork_set |= square_bb(t.square);
        }
    }
    ev_["move_facts"] = {{"targets", targets}, {"fork", f.fork}, {"fork_targets", fork_targets}};
    std::string san = move_to_san(pos_, *m);
    if (!f.fork)
        return no(san + " is not a fork (" + fork_targets.dump() + " of the targets count)");
    if (c_.args.contains("targets"))
        for (const auto& t : c_.args["targets"]) {
            Square s = parse_square(t.get<std::string>());
            if (!(fork_set & square_bb(s)))
                return no(san + " forks " + fork_targets.dump() + " but not " + square_name(s));
        }
    return yes(san + " forks " + fork_targets.dump());
}

// stops: threat works if the side to move passes (it mates, or wins material by static
// exchange), and after move it does not (gone, or no longer mate / no longer winning). A threat
// the board does not prove (a quiet move) is judged by the engine (stops_by_engine).
Outcome Evaluator::stops() {
    Outcome bad;
    auto m = move(bad);
    if (!m) return bad;
    const std::string san = move_to_san(pos_, *m);
    const Color them = ~pos_.side_to_move();
    if (pos_.is_check())
        return unknown(std::string("no threat can be read: ") + color_word(~them) + " is in check");
    const std::optional<Position> null = null_move_position(pos_);
    if (!null) return unknown("bad null-move position");
    const Position& np = *null;
    const std::string text = str("threat");
    MoveParse tp = parse_move_text(np, text);
    if (!tp.ok()) {
        Outcome o = no(quote_input(text) + " is not a move " + color_word(them) +
                       " could play: " + tp.message);
        o.legality = true;
        return o;
    }
    const Move t = tp.move;
    const std::string tsan = move_to_san(np, t);
    Position passed = np;
    passed.do_move(t);
    const bool mate = passed.is_checkmate();
    const bool capture = np.captured_piece(t) != NoPiece;
    const int gain = capture ? see(np, t) : 0;
    ev_["threat"] = {{"san", tsan}, {"mates", mate}, {"see", gain}};
    Position after = pos_;
    after.do_move(*m);
    // The threat as a move after m, when it is still legal.
    const MoveParse found = parse_uci(after, move_to_uci(np, t));
    const std::optional<Move> again = found.ok() ? std::optional<Move>(found.move) : std::nullopt;
    if (!mate && gain < 100) return stops_by_engine(*m, np, t, after, again);
    if (!again) return yes("after " + san + ", " + tsan + " is no longer possible");
    const std::string asan = move_to_san(after, *again);
    Position played = after;
    played.do_move(*again);
    if (mate) {
        ev_["after"] = {{"san", asan}, {"mates", played.is_checkmate()}};
        return is(!played.is_checkmate(), "after " + san + ", " + asan + " no longer mates",
                  "after " + san + ", " + asan + " still mates");
    }
    const int left = after.captured_piece(*again) != NoPiece ? see(after, *again) : 0;
    ev_["after"] = {{"san", asan}, {"see", left}};
    return is(left < 100,
              "after " + san + ", " + asan + " wins only " + std::to_string(left) + " cp",
              "after " + san + ", " + asan + " still wins " + std::to_string(left) + " cp");
}

// discovers_attack: after move, an enemy piece (on target) is attacked by a slider that
// the moved piece uncovered.
Outcome Evaluator::discovers_attack() {
    Outcome bad;
    auto m = move(bad);
    if (!m) return bad;
    const std::string san = move_to_san(pos_, *m);
    MoveFacts f = bt_.move_facts(*m);
    json found = json::array();
    auto t = opt_sq("target");
    bool hit = false;
    for (const DiscoveredAttack& d : f.discovered) {
        found.push_back(
            {{"slider", square_name(d.slider)}, {"target", square_name(d.target.square)}});
        if (!t || d.target.square == *t) hit = true;
    }
    ev_["discovered_attacks"] = found;
    return is(hit, san + " uncovers " + found.dump(),
              san + " uncovers no attack" + (t ? " on " + square_name(*t) : std::string()) +
                  (found.empty() ? "" : " (only " + found.dump() + ")"));
}

}  // namespace glossfish::verifier::claims_detail
