// Attack and defence: attacks, attackers, defenders, is_attacked_by, pin, checkers,
// gives_check, see, hanging.
#include <cctype>
#include <climits>

#include "rules/movegen.h"
#include "rules/see.h"
#include "tools/board_tools.h"
#include "tools/tool_json.h"
#include "tools/tool_registry.h"

namespace glossfish::verifier {

namespace {

// The move by the piece on from capturing on to (a pawn reaching the last rank promotes to a
// queen).
Move capture_move(const Position& pos, Square from, Square to) {
    Piece p = pos.piece_at(from);
    if (type_of(p) == Pawn && relative_rank(color_of(p), to) == Rank8)
        return Move::make(from, to, Promotion, Queen);
    return Move(from, to);
}

// Pieces of b, each with whether it is absolutely pinned.
nlohmann::json pieces_with_pins(const Position& pos, Bitboard b) {
    nlohmann::json out = nlohmann::json::array();
    while (b) {
        Square s = pop_lsb(b);
        Piece p = pos.piece_at(s);
        nlohmann::json j = piece_json(p, s);
        j["pinned"] = pos.is_pinned(color_of(p), s);
        out.push_back(std::move(j));
    }
    return out;
}

// A capture as {san, uci, legal_now}; when it is not the capturer's turn (or the capture is
// not legal now) the SAN is written plainly, without check marks or disambiguation.
nlohmann::json capture_json(const Position& pos, Square from, Square to) {
    Move m = capture_move(pos, from, to);
    if (MoveList(pos).contains(m)) {
        nlohmann::json j = move_json(pos, m);
        j["legal_now"] = true;
        return j;
    }
    Piece p = pos.piece_at(from);
    std::string san = type_of(p) == Pawn ? std::string(1, char('a' + file_of(from)))
                                         : std::string(1, char(std::toupper(piece_symbol(p))));
    san += "x" + square_name(to) + (m.kind() == Promotion ? "=Q" : "");
    std::string uci = square_name(from) + square_name(to) + (m.kind() == Promotion ? "q" : "");
    return {{"san", san}, {"uci", uci}, {"legal_now", false}};
}

nlohmann::json attacks_tool(const ToolCall& call) {
    const Position& pos = call.position();
    Square s = call.square("square");
    BoardTools bt(pos);
    Bitboard a = bt.attacks(s);
    Piece p = pos.piece_at(s);
    nlohmann::json out = {{"square", square_name(s)},
                          {"piece", piece_or_null(pos, s)},
                          {"attacks", squares_json(a)},
                          {"count", popcount(a)}};
    if (p != NoPiece) {
        out["attacked_enemies"] = pieces_json(pos, a & pos.occupied_co(~color_of(p)));
        out["defended_friends"] = pieces_json(pos, a & pos.occupied_co(color_of(p)));
    }
    return out;
}

nlohmann::json attackers_tool(const ToolCall& call) {
    const Position& pos = call.position();
    Square s = call.square("square");
    Color c = call.color("color");
    Bitboard a = BoardTools(pos).attackers(c, s);
    return {{"square", square_name(s)},
            {"color", color_word(c)},
            {"attackers", pieces_json(pos, a)},
            {"count", popcount(a)}};
}

nlohmann::json defenders_tool(const ToolCall& call) {
    const Position& pos = call.position();
    Square s = call.square("square");
    Piece p = pos.piece_at(s);
    if (p == NoPiece)
        throw ToolError("empty_square",
                        square_name(s) +
                            " is empty; defenders are the pieces guarding the piece on a square "
                            "(use attackers for an empty square)",
                        "square");
    BoardTools bt(pos);
    Bitboard d = bt.defenders(s);
    Bitboard a = bt.attackers(~color_of(p), s);
    return {{"square", square_name(s)},
            {"piece", piece_json(p, s)},
            {"defenders", pieces_with_pins(pos, d)},
            {"defender_count", popcount(d)},
            {"attackers", pieces_with_pins(pos, a)},
            {"attacker_count", popcount(a)}};
}

nlohmann::json is_attacked_by_tool(const ToolCall& call) {
    const Position& pos = call.position();
    Square s = call.square("square");
    Color c = call.color("color");
    Bitboard a = pos.attackers(c, s);
    return {{"square", square_name(s)},
            {"color", color_word(c)},
            {"attacked", a != 0},
            {"count", popcount(a)}};
}

nlohmann::json pin_tool(const ToolCall& call) {
    const Position& pos = call.position();
    Square s = call.square("square");
    PinReport r = BoardTools(pos).pin(s);
    nlohmann::json out = {{"square", square_name(s)},
                          {"piece", piece_or_null(pos, s)},
                          {"pinned", r.pinned},
                          {"relative_pin", r.relative}};
    if (r.pinned || r.relative) {
        out["pinner"] = piece_json(pos.piece_at(r.pinner), r.pinner);
        out["pinned_to"] = piece_json(pos.piece_at(r.pinned_to), r.pinned_to);
        out["ray"] = squares_json(r.ray);
        out["line"] = line_kind_name(r.line);
    } else {
        out["pinner"] = nullptr;
        out["pinned_to"] = nullptr;
        out["ray"] = nlohmann::json::array();
        out["line"] = nullptr;
    }
    return out;
}

nlohmann::json checkers_tool(const ToolCall& call) {
    const Position& pos = call.position();
    Bitboard c = BoardTools(pos).checkers();
    return {{"side_to_move", color_word(pos.side_to_move())},
            {"king", square_name(pos.king(pos.side_to_move()))},
            {"check", c != 0},
            {"checkers", pieces_json(pos, c)},
            {"count", popcount(c)}};
}

nlohmann::json gives_check_tool(const ToolCall& call) {
    const Position& pos = call.position();
    Move m = call.move("move", pos);
    CheckKind kind = BoardTools(pos).gives_check(m);
    Position after = pos;
    after.do_move(m);
    bool mate = kind != CheckKind::None && MoveList(after).empty();
    return {{"move", move_json(pos, m)},
            {"gives_check", kind != CheckKind::None},
            {"check", check_kind_name(kind)},
            {"checkmate", mate},
            {"checkers", pieces_json(after, after.checkers())}};
}

nlohmann::json see_tool(const ToolCall& call) {
    const Position& pos = call.position();
    Move m = call.move("move", pos);
    int v = BoardTools(pos).see(m);
    Piece cap = pos.captured_piece(m);
    Square cap_sq = m.kind() == EnPassant ? m.to() - pawn_push(pos.side_to_move()) : m.to();
    return {{"move", move_json(pos, m)},
            {"see", v},
            {"captured", cap == NoPiece ? nlohmann::json(nullptr) : piece_json(cap, cap_sq)},
            {"outcome", v > 0   ? "wins material"
                        : v < 0 ? "loses material"
                                : "even"}};
}

nlohmann::json hanging_tool(const ToolCall& call) {
    const Position& pos = call.position();
    Color c = call.color("color");
    std::vector<HangingPiece> list = BoardTools(pos).hanging(c);
    nlohmann::json out = nlohmann::json::array();
    for (const HangingPiece& h : list) {
        nlohmann::json j = piece_json(h.piece, h.square);
        j["attackers"] = h.attackers;
        j["defenders"] = h.defenders;
        j["see"] = h.see;
        j["best_capture"] = capture_json(pos, h.capturer, h.square);
        j["undefended"] = h.defenders == 0;
        out.push_back(std::move(j));
    }
    return {{"color", color_word(c)}, {"hanging", out}, {"count", out.size()}};
}

}  // namespace

Bitboard BoardTools::defenders(Square s) const {
    Piece p = pos_.piece_at(s);
    return p == NoPiece ? 0 : pos_.attackers(color_of(p), s);
}

PinReport BoardTools::pin(Square s) const {
    PinReport r;
    Piece p = pos_.piece_at(s);
    if (p == NoPiece || type_of(p) == King) return r;
    const Color c = color_of(p);
    PinInfo info = pos_.pin(c, s);
    if (info.pinned) {
        r.pinned = true;
        r.pinner = info.pinner;
        r.pinned_to = pos_.king(c);
    } else {
        // Relative: an enemy slider on s whose line, with s vacated, reaches a more valuable
        // piece of c right behind it.
        const Bitboard occ = pos_.occupied();
        Bitboard sliders =
            pos_.attackers(~c, s) & (pos_.pieces(Bishop) | pos_.pieces(Rook) | pos_.pieces(Queen));
        int best = piece_worth(type_of(p));
        while (sliders) {
            Square x = pop_lsb(sliders);
            PieceType xt = type_of(pos_.piece_at(x));
            Bitboard revealed = attacks_bb(xt, x, occ ^ square_bb(s)) & ~attacks_bb(xt, x, occ) &
                                line_bb(x, s) & pos_.occupied_co(c);
            if (!revealed) continue;
            Square behind = lsb(revealed);
            int v = piece_worth(type_of(pos_.piece_at(behind)));
            if (v > best) {
                best = v;
                r.relative = true;
                r.pinner = x;
                r.pinned_to = behind;
            }
        }
        if (!r.relative) return r;
    }
    r.ray = between_bb(r.pinner, r.pinned_to) | square_bb(r.pinner) | square_bb(r.pinned_to);
    r.line = line_kind(r.pinner, r.pinned_to);
    return r;
}

int BoardTools::see(Move m) const { return glossfish::see(pos_, m); }

std::vector<HangingPiece> BoardTools::hanging(Color c) const {
    std::vector<HangingPiece> out;
    Bitboard own = pos_.occupied_co(c) & ~pos_.pieces(King);
    while (own) {
        const Square s = pop_lsb(own);
        const Bitboard attackers = pos_.attackers(~c, s);
        if (!attackers) continue;
        int best = INT_MIN;
        Square capturer = NoSquare;
        for (Bitboard a = attackers; a;) {
            Square from = pop_lsb(a);
            PinInfo pin = pos_.pin(~c, from);
            if (pin.pinned && !(pin.ray & square_bb(s))) continue;  // the capture would be illegal
            int gain = glossfish::see(pos_, capture_move(pos_, from, s));
            if (gain > best) {
                best = gain;
                capturer = from;
            }
        }
        if (best > 0)
            out.push_back({s, pos_.piece_at(s), popcount(attackers), popcount(pos_.attackers(c, s)),
                           best, capturer});
    }
    return out;
}

void add_attack_tools(std::vector<ToolSpec>& tools) {
    tools.push_back({
        .name = "attacks",
        .group = "attack",
        .description = "The squares the piece on a square attacks. Pinned pieces still attack; an "
                       "empty square attacks nothing. Returns {square, piece, attacks: [squares], "
                       "count, attacked_enemies, defended_friends}.",
        .args = {fen_arg(), square_arg("square", "the square of the attacking piece")},
        .handler = attacks_tool,
    });
    tools.push_back({
        .name = "attackers",
        .group = "attack",
        .description = "The pieces of one colour that attack a square. Pinned pieces are included; "
                       "a pawn that can be taken en passant is not attacked on its square. Returns "
                       "{square, color, attackers: [{square, piece, color, symbol}], count}.",
        .args = {fen_arg(), square_arg("square", "the attacked square"),
                 color_arg("the attacking colour")},
        .handler = attackers_tool,
    });
    tools.push_back({
        .name = "defenders",
        .group = "attack",
        .description = "The pieces defending the piece on a square, and the enemy pieces attacking "
                       "it. Defenders are its own colour's pieces attacking that square; each "
                       "entry says whether it is pinned. Returns {square, piece, defenders, "
                       "defender_count, attackers, attacker_count}.",
        .args = {fen_arg(), square_arg("square", "the square of the defended piece")},
        .handler = defenders_tool,
    });
    tools.push_back({
        .name = "is_attacked_by",
        .group = "attack",
        .description =
            "Whether a colour attacks a square. Returns {square, color, attacked, count}.",
        .args = {fen_arg(), square_arg("square", "the square"), color_arg("the attacking colour")},
        .handler = is_attacked_by_tool,
    });
    tools.push_back({
        .name = "pin",
        .group = "attack",
        .description = "Whether the piece on a square is pinned. Absolutely (to its king, cannot "
                       "leave the line) or else relatively (a more valuable piece of its side "
                       "stands behind it on an enemy slider's line). Returns {square, piece, "
                       "pinned, relative_pin, pinner, pinned_to, ray (pinner to pinned_to), line}.",
        .args = {fen_arg(), square_arg("square", "the square of the possibly pinned piece")},
        .handler = pin_tool,
    });
    tools.push_back({
        .name = "checkers",
        .group = "attack",
        .description = "The pieces giving check to the side to move. Returns {side_to_move, king, "
                       "check, checkers, count}.",
        .args = {fen_arg()},
        .handler = checkers_tool,
    });
    tools.push_back({
        .name = "gives_check",
        .group = "attack",
        .description = "Whether a legal move gives check, and how. The kind is none, direct, "
                       "discovered or double; checkmate says whether it mates. Returns {move: "
                       "{san, uci}, gives_check, check, checkmate, checkers}.",
        .args = {fen_arg(), move_arg()},
        .handler = gives_check_tool,
    });
    tools.push_back({
        .name = "see",
        .group = "attack",
        .description = "Static exchange evaluation of a legal move. The material the mover gains "
                       "(centipawns, P100 N300 B300 R500 Q900) when both sides then capture on the "
                       "destination square, least valuable piece first, each free to stop. Returns "
                       "{move, see, captured, outcome}.",
        .args = {fen_arg(), move_arg()},
        .handler = see_tool,
    });
    tools.push_back({
        .name = "hanging",
        .group = "attack",
        .description =
            "Pieces of a colour that the opponent wins by capturing. Attacked and insufficiently "
            "defended, by static exchange (kings excluded; captures made illegal by a pin to the "
            "king are not counted). Returns {color, hanging: [{square, piece, attackers, "
            "defenders, see, best_capture, undefended}], count}.",
        .args = {fen_arg(), color_arg("the colour whose pieces are checked")},
        .handler = hanging_tool,
    });
}

}  // namespace glossfish::verifier
