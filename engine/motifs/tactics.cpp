// Tactical themes: fork, pin, skewer, discovered attack and check, double check, hanging and
// trapped pieces, x-ray, interference, intermezzo, capturing the defender, attraction,
// deflection, clearance. Each reads the line the way lichess's tagger does: "solver nodes" are
// the odd nodes, "later solver nodes" skip the first of them.
#include "motifs/motif_line.h"
#include "rules/movegen.h"

namespace glossfish::motifs {

namespace {

bool in(Bitboard b, Square s) { return s != NoSquare && (b & square_bb(s)); }

// Whether the piece on s (pinned along pin_line) has a pseudo-legal move off that line.
bool moves_off_line(const Position& pos, Square s, Bitboard pin_line) {
    const Piece p = pos.piece_at(s);
    const Color c = color_of(p);
    Bitboard targets;
    if (type_of(p) == Pawn) {
        const Square push = s + pawn_push(c);
        targets = 0;
        if (is_ok(push) && pos.piece_at(push) == NoPiece) {
            targets |= square_bb(push);
            const Square two = push + pawn_push(c);
            if (relative_rank(c, s) == Rank2 && pos.piece_at(two) == NoPiece)
                targets |= square_bb(two);
        }
        Bitboard takeable = pos.occupied_co(~c);
        if (pos.ep_square() != NoSquare) takeable |= square_bb(pos.ep_square());
        targets |= pawn_attacks(c, s) & takeable;
    } else {
        targets = pos.attacks(s) & ~pos.occupied_co(c);
    }
    return targets & ~pin_line;
}

}  // namespace

bool fork_at(const Position& board, const Node& n, Color pov) {
    const PieceType moved = n.moved_type();
    if (moved == King) return false;
    if (bad_spot(board, n.to)) return false;
    int targets = 0;
    Bitboard attacked = attacked_opponent_squares(board, n.to, pov);
    const Bitboard answers = board.attackers(~pov, n.to);
    while (attacked) {
        const Square s = pop_lsb(attacked);
        const PieceType t = type_of(board.piece_at(s));
        if (t == Pawn) continue;
        if (motif_value(t) > motif_value(moved) || (!defended(board, ~pov, s) && !in(answers, s)))
            ++targets;
    }
    return targets > 1;
}

bool fork(const Line& l) {
    // Every solver move but the last.
    const int last_solver = (l.size() - 1) % 2 == 1 ? l.size() - 1 : l.size() - 2;
    for (int k = 1; k < last_solver; k += 2)
        if (fork_at(l.board(k), l[k], l.pov())) return true;
    return false;
}

bool pin_attack_at(const Position& board, Color pov) {
    Bitboard theirs = board.occupied_co(~pov);
    while (theirs) {
        const Square s = pop_lsb(theirs);
        const PinInfo pin = board.pin(~pov, s);
        if (!pin.pinned) continue;
        const int value = motif_value(type_of(board.piece_at(s)));
        Bitboard targets = board.attacks(s) & board.occupied_co(pov) & ~pin.ray;
        while (targets) {
            const Square t = pop_lsb(targets);
            if (motif_value(type_of(board.piece_at(t))) > value || !defended(board, pov, t))
                return true;
        }
    }
    return false;
}

bool pin_escape_at(const Position& board, Color pov) {
    Bitboard theirs = board.occupied_co(~pov);
    while (theirs) {
        const Square s = pop_lsb(theirs);
        const PinInfo pin = board.pin(~pov, s);
        if (!pin.pinned) continue;
        const int value = motif_value(type_of(board.piece_at(s)));
        Bitboard attackers = board.attackers(pov, s) & pin.ray;
        while (attackers) {
            const Square a = pop_lsb(attackers);
            if (value > motif_value(type_of(board.piece_at(a)))) return true;
            if (!defended(board, ~pov, s) && !in(board.attackers(~pov, a), s) &&
                moves_off_line(board, s, pin.ray))
                return true;
        }
    }
    return false;
}

bool pin_prevents_attack(const Line& l) {
    for (int k = 1; k < l.size(); k += 2)
        if (pin_attack_at(l.board(k), l.pov())) return true;
    return false;
}

bool pin_prevents_escape(const Line& l) {
    for (int k = 1; k < l.size(); k += 2)
        if (pin_escape_at(l.board(k), l.pov())) return true;
    return false;
}

bool skewer(const Line& l) {
    for (int k = 3; k < l.size(); k += 2) {
        const Node& n = l[k];
        const Piece captured = n.at_to_before;
        if (captured == NoPiece || !is_ray_type(n.moved_type()) || l.is_checkmate(k)) continue;
        const Node& op = l[k - 1];
        if (op.to == n.to || !in(between_bb(n.from, n.to), op.from)) continue;
        if (motif_value(op.moved_type()) > motif_value(type_of(captured)) &&
            bad_spot(l.board(k - 1), n.to))
            return true;
    }
    return false;
}

bool discovered_check_at(const Node& n) {
    const Bitboard checkers = n.board.checkers();
    return checkers && !in(checkers, n.to);
}

bool discovered_attack(const Line& l) {
    for (int k = 1; k < l.size(); k += 2)
        if (discovered_check_at(l[k])) return true;
    for (int k = 3; k < l.size(); k += 2) {
        const Node& n = l[k];
        if (!n.capture) continue;
        if (l[k - 1].to == n.to) return false;
        const Node& prev = l[k - 2];
        if (in(between_bb(n.from, n.to), prev.from) && n.to != prev.to && n.from != prev.to &&
            !prev.castling)
            return true;
    }
    return false;
}

bool double_check(const Line& l) {
    for (int k = 1; k < l.size(); k += 2)
        if (more_than_one(l.board(k).checkers())) return true;
    return false;
}

bool hanging_piece(const Line& l) {
    if (l.size() < 2) return false;
    const Node& first = l[1];
    const Position& start = l.board(0);
    const Piece captured = start.piece_at(first.to);
    const bool pawn_or_none = captured == NoPiece || type_of(captured) == Pawn;
    if (start.is_check() && pawn_or_none) return false;
    if (pawn_or_none) return false;
    if (!is_hanging(start, first.to)) return false;
    if (const Position* before = l.setup_before()) {
        // The solver only takes back what the setup move took.
        const Node& setup = l[0];
        const Piece taken = before->piece_at(setup.to);
        if (taken != NoPiece && motif_value(type_of(taken)) >= motif_value(type_of(captured)) &&
            setup.to == first.to)
            return false;
    }
    if (l.size() < 4) return true;
    return material_diff(l.board(3), l.pov()) >= material_diff(l.board(1), l.pov());
}

bool trapped_piece(const Line& l) {
    for (int k = 3; k < l.size(); k += 2) {
        const Node& n = l[k];
        Square s = n.to;
        const Piece captured = l.board(k - 1).piece_at(s);
        if (captured == NoPiece || type_of(captured) == Pawn) continue;
        if (l[k - 1].to == s) s = l[k - 1].from;
        if (trapped(l.board(k - 2), s)) return true;
    }
    return false;
}

bool x_ray(const Line& l) {
    for (int k = 3; k < l.size(); k += 2) {
        const Node& n = l[k];
        if (!n.capture) continue;
        const Node& op = l[k - 1];
        if (op.to != n.to || op.moved_type() == King) continue;
        if (l[k - 2].to != op.to) continue;
        if (in(between_bb(n.from, n.to), op.from)) return true;
    }
    return false;
}

namespace {

// The lowest-numbered defender of colour c of s, when it is a slider.
Square ray_defender(const Position& pos, Color c, Square s) {
    const Bitboard defenders = pos.attackers(c, s);
    if (!defenders) return NoSquare;
    const Square d = lsb(defenders);
    return is_ray_type(type_of(pos.piece_at(d))) ? d : NoSquare;
}

}  // namespace

bool self_interference(const Line& l) {
    for (int k = 3; k < l.size(); k += 2) {
        const Square s = l[k].to;
        const Position& prev = l.board(k - 1);
        const Piece captured = prev.piece_at(s);
        if (captured == NoPiece || !is_hanging(prev, s)) continue;
        const Square d = ray_defender(l.board(k - 2), color_of(captured), s);
        if (d != NoSquare && in(between_bb(s, d), l[k - 1].to)) return true;
    }
    return false;
}

bool interference(const Line& l) {
    for (int k = 3; k < l.size(); k += 2) {
        const Square s = l[k].to;
        const Position& prev = l.board(k - 1);
        const Piece captured = prev.piece_at(s);
        if (captured == NoPiece || s == l[k - 1].to || !is_hanging(prev, s)) continue;
        const Square d = ray_defender(l.board(k - 3), color_of(captured), s);
        if (d != NoSquare && in(between_bb(s, d), l[k - 2].to)) return true;
    }
    return false;
}

bool intermezzo(const Line& l) {
    for (int k = 3; k < l.size(); k += 2) {
        const Node& n = l[k];
        if (!n.capture) continue;
        const Square s = n.to;
        if (in(l.board(k - 2).attackers(~l.pov(), s), l[k - 1].from)) continue;
        if (l[k - 2].to == s) continue;
        // The first capture that fits decides.
        const Node& prev_op = l[k - 3];
        if (prev_op.to != s) return false;
        if (k - 3 == 0 && !l.setup_before()) return false;
        if (!prev_op.capture) return false;
        for (Move m : MoveList(l.board(k - 3)))
            if (m.from() == n.move.from() && m.to() == n.move.to() &&
                (m.kind() == Promotion) == (n.move.kind() == Promotion) &&
                (m.kind() != Promotion || m.promotion() == n.move.promotion()))
                return true;
        return false;
    }
    return false;
}

bool capturing_defender(const Line& l) {
    for (int k = 3; k < l.size(); k += 2) {
        const Node& n = l[k];
        const Piece captured = n.at_to_before;
        const Position& prev_board = l.board(k - 1);
        const bool takes_hanging = captured != NoPiece && n.moved_type() != King &&
                                   motif_value(type_of(captured)) <= motif_value(n.moved_type()) &&
                                   is_hanging(prev_board, n.to) && l[k - 1].to != n.to;
        if (!l.is_checkmate(k) && !takes_hanging) continue;
        const Node& prev = l[k - 2];
        if (prev.check || prev.to == n.from) continue;
        const Position& init = l.board(k - 3);
        const Piece defender = init.piece_at(prev.to);
        if (defender != NoPiece && in(init.attackers(color_of(defender), n.to), prev.to) &&
            !init.is_check())
            return true;
    }
    return false;
}

bool attraction(const Line& l) {
    for (int k = 1; k < l.size(); k += 2) {
        const Square first_to = l[k].to;
        if (k + 1 >= l.size() || l[k + 1].to != first_to) continue;
        const PieceType attracted = l[k + 1].moved_type();
        if (attracted != King && attracted != Queen && attracted != Rook) continue;
        if (k + 2 >= l.size()) continue;
        const Node& next = l[k + 2];
        if (!in(next.board.attackers(l.pov(), first_to), next.to)) continue;
        if (attracted == King) return true;
        if (k + 4 < l.size() && l[k + 4].to == first_to) return true;
    }
    return false;
}

bool deflection(const Line& l) {
    for (int k = 3; k < l.size(); k += 2) {
        const Node& n = l[k];
        const Piece captured = n.at_to_before;
        if (captured == NoPiece && n.promotion == NoPieceType) continue;
        if (captured != NoPiece && motif_value(type_of(captured)) > motif_value(n.moved_type()))
            continue;
        const Square s = n.to;
        const Node& op = l[k - 1];
        const Node& grandpa = l[k - 2];
        const Piece player_took = l.board(k - 3).piece_at(grandpa.to);
        // Lichess compares the taken piece's value with the mover's piece-type number
        // (pawn 1 … king 6); kept as it is, so the tags agree.
        if (player_took != NoPiece &&
            !(motif_value(type_of(player_took)) < int(grandpa.moved_type())))
            continue;
        if (s == op.to || s == grandpa.to) continue;
        if (op.to != grandpa.to && !grandpa.check) continue;
        const Bitboard op_attacks_before = grandpa.board.attacks(op.from);
        const bool guarded_before =
            in(op_attacks_before, s) ||
            (n.promotion != NoPieceType && file_of(n.to) == file_of(op.from) &&
             in(op_attacks_before, n.from));
        if (!guarded_before) continue;
        if (in(op.board.attacks(op.to), s)) continue;
        return true;
    }
    return false;
}

bool clearance(const Line& l) {
    for (int k = 3; k < l.size(); k += 2) {
        const Node& n = l[k];
        if (n.at_to_before != NoPiece) continue;
        if (!is_ray_type(n.moved_type())) continue;
        const Node& prev = l[k - 2];
        if (prev.promotion != NoPieceType || prev.to == n.from || prev.to == n.to) continue;
        if (l[k - 1].check) continue;
        if (n.check && l[k - 1].moved_type() == King) continue;
        if (prev.from != n.to && !in(between_bb(n.from, n.to), prev.from)) continue;
        if (l.board(k - 3).piece_at(prev.to) == NoPiece || bad_spot(prev.board, prev.to))
            return true;
    }
    return false;
}

}  // namespace glossfish::motifs
