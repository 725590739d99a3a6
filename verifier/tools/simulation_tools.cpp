// Move and variation simulation: play, move_facts.
#include "rules/movegen.h"
#include "rules/see.h"
#include "tools/board_tools.h"
#include "tools/tool_json.h"
#include "tools/tool_registry.h"

namespace glossfish::verifier {

namespace {

nlohmann::json target_json(const Target& t) {
    nlohmann::json j = piece_json(t.piece, t.square);
    j["defended"] = t.defended;
    j["more_valuable"] = t.more_valuable;
    return j;
}

// "12." for White's move 12, "12..." for Black's.
std::string move_number(const Position& pos) {
    return std::to_string(pos.fullmove_number()) + (pos.side_to_move() == White ? "." : "...");
}

nlohmann::json play_tool(const ToolCall& call) {
    const Position& start = call.position();
    std::vector<std::string> texts = call.strings("moves");
    PlayReport r = play_moves(start, texts);

    nlohmann::json moves = nlohmann::json::array();
    std::string line;
    Position walk = start;
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        const PlayedMove& pm = r.moves[i];
        if (walk.side_to_move() == White || i == 0)
            line += (line.empty() ? "" : " ") + move_number(walk) + " ";
        else line += " ";
        line += pm.san;
        nlohmann::json capture = nullptr;
        if (pm.captured != NoPiece) {
            Square sq = pm.move.kind() == EnPassant ? pm.move.to() - pawn_push(walk.side_to_move())
                                                    : pm.move.to();
            capture = piece_json(pm.captured, sq);
        }
        moves.push_back({{"ply", i + 1},
                         {"number", move_number(walk)},
                         {"color", color_word(walk.side_to_move())},
                         {"san", pm.san},
                         {"uci", pm.uci},
                         {"check", check_kind_name(pm.check)},
                         {"checkmate", pm.checkmate},
                         {"capture", capture}});
        walk.do_move(pm.move);
    }
    const Position& end = r.end;
    const bool check = end.is_check();
    const bool no_moves = MoveList(end).empty();
    std::optional<Outcome> outcome = end.outcome();
    nlohmann::json out = {{"legal", r.complete()},
                          {"played", r.moves.size()},
                          {"total", texts.size()},
                          {"moves", std::move(moves)},
                          {"line", line},
                          {"fen", end.fen()},
                          {"side_to_move", color_word(end.side_to_move())},
                          {"check", check},
                          {"checkmate", check && no_moves},
                          {"stalemate", !check && no_moves},
                          {"game_over", outcome.has_value()}};
    if (r.failure)
        out["failed"] = {{"index", r.moves.size()},
                         {"move", texts[r.moves.size()]},
                         {"code", move_error_code(r.failure->error)},
                         {"message", r.failure->message}};
    else out["failed"] = nullptr;
    return out;
}

nlohmann::json move_facts_tool(const ToolCall& call) {
    const Position& pos = call.position();
    Move m = call.move("move", pos);
    MoveFacts f = BoardTools(pos).move_facts(m);
    Position after = pos;
    after.do_move(m);

    nlohmann::json targets = nlohmann::json::array(), fork_targets = nlohmann::json::array();
    for (const Target& t : f.targets) {
        targets.push_back(target_json(t));
        if (t.more_valuable || !t.defended) fork_targets.push_back(target_json(t));
    }
    nlohmann::json discovered = nlohmann::json::array();
    for (const DiscoveredAttack& d : f.discovered)
        discovered.push_back({{"by", piece_json(after.piece_at(d.slider), d.slider)},
                              {"target", target_json(d.target)}});

    return {
        {"move", move_json(pos, m)},
        {"piece", piece_json(f.piece, m.from())},
        {"from", square_name(m.from())},
        {"to", square_name(f.to)},
        {"capture", f.captured == NoPiece ? nlohmann::json(nullptr)
                                          : piece_json(f.captured, f.captured_square)},
        {"en_passant", f.en_passant},
        {"castling", f.castling == CastlingSide::None       ? nlohmann::json(nullptr)
                     : f.castling == CastlingSide::KingSide ? nlohmann::json("kingside")
                                                            : nlohmann::json("queenside")},
        {"promotion", f.promotion == NoPieceType ? nlohmann::json(nullptr)
                                                 : nlohmann::json(piece_type_word(f.promotion))},
        {"check", check_kind_name(f.check)},
        {"checkmate", f.checkmate},
        {"stalemate", f.stalemate},
        {"see", f.see},
        {"attacks_after", squares_json(f.attacks_after)},
        {"targets", std::move(targets)},
        {"discovered_attacks", std::move(discovered)},
        {"fork", f.fork},
        {"fork_targets", std::move(fork_targets)},
        {"attacked_after", f.attackers_after},
        {"defended_after", f.defenders_after},
        {"fen_after", after.fen()}};
}

}  // namespace

PlayReport play_moves(const Position& start, const std::vector<std::string>& moves) {
    PlayReport r;
    r.end = start;
    for (const std::string& text : moves) {
        MoveParse mp = parse_move_text(r.end, text);
        if (!mp.ok()) {
            r.failure = std::move(mp);
            break;
        }
        PlayedMove pm;
        pm.move = mp.move;
        pm.san = move_to_san(r.end, mp.move);
        pm.uci = move_to_uci(r.end, mp.move);
        pm.check = r.end.gives_check(mp.move);
        pm.captured = r.end.captured_piece(mp.move);
        r.end.do_move(mp.move);
        pm.checkmate = pm.check != CheckKind::None && MoveList(r.end).empty();
        r.moves.push_back(std::move(pm));
    }
    return r;
}

MoveFacts BoardTools::move_facts(Move m) const {
    MoveFacts f;
    const Color us = pos_.side_to_move();
    f.move = m;
    f.piece = pos_.piece_at(m.from());
    Bitboard moved_away = 0;  // pieces of ours whose new attacks are not discovered ones
    if (m.kind() == Castling) {
        bool king_side = m.to() > m.from();
        f.castling = king_side ? CastlingSide::KingSide : CastlingSide::QueenSide;
        f.to = castle_king_to(us, king_side);
        moved_away = square_bb(castle_rook_to(us, king_side));
    } else {
        f.to = m.to();
    }
    f.en_passant = m.kind() == EnPassant;
    f.captured = pos_.captured_piece(m);
    if (f.captured != NoPiece) f.captured_square = f.en_passant ? m.to() - pawn_push(us) : m.to();
    if (m.kind() == Promotion) f.promotion = m.promotion();
    f.check = pos_.gives_check(m);
    f.see = glossfish::see(pos_, m);

    Position after = pos_;
    after.do_move(m);
    const bool no_moves = MoveList(after).empty();
    f.checkmate = f.check != CheckKind::None && no_moves;
    f.stalemate = f.check == CheckKind::None && no_moves;

    const int moved_value = piece_worth(type_of(after.piece_at(f.to)));
    auto target = [&](Square s) {
        Piece p = after.piece_at(s);
        return Target{s, p, after.attackers(~us, s) != 0, piece_worth(type_of(p)) > moved_value};
    };
    f.attacks_after = after.attacks(f.to);
    int fork_count = 0;
    for (Bitboard b = f.attacks_after & after.occupied_co(~us); b;) {
        Target t = target(pop_lsb(b));
        if (t.more_valuable || !t.defended) ++fork_count;
        f.targets.push_back(t);
    }
    f.fork = fork_count >= 2;

    Bitboard sliders =
        (after.pieces(Bishop, us) | after.pieces(Rook, us) | after.pieces(Queen, us)) &
        ~square_bb(f.to) & ~moved_away;
    while (sliders) {
        Square s = pop_lsb(sliders);
        Bitboard gained = after.attacks(s) & ~pos_.attacks(s) & after.occupied_co(~us);
        while (gained) {
            Target t = target(pop_lsb(gained));
            t.more_valuable = false;  // measured against the moved piece only
            f.discovered.push_back({s, t});
        }
    }
    f.attackers_after = popcount(after.attackers(~us, f.to));
    f.defenders_after = popcount(after.attackers(us, f.to));
    return f;
}

void add_simulation_tools(std::vector<ToolSpec>& tools) {
    tools.push_back({
        .name = "play",
        .group = "simulation",
        .description =
            "Plays a move sequence as far as it is legal. Moves in SAN or UCI, alternating sides "
            "from the side to move. Returns {legal (all moves legal), played, total, moves: [{ply, "
            "number, color, san, uci, check, checkmate, capture}], line, fen (after the legal "
            "part), side_to_move, check, checkmate, stalemate, game_over, failed: null or {index "
            "(0-based), move, code, message}}.",
        .args = {fen_arg(),
                 {.name = "moves",
                  .type = ArgType::MoveList,
                  .required = true,
                  .description = "the moves in order, e.g. [\"e4\", \"e5\", \"Nf3\"]",
                  .maximum = 500}},
        .handler = play_tool,
    });
    tools.push_back({
        .name = "move_facts",
        .group = "simulation",
        .description =
            "What one legal move does. The piece, capture (what, where; en passant), castling, "
            "promotion, check kind and mate, static exchange, what the moved piece attacks after "
            "it (targets, each defended or not and whether worth more than the mover), attacks "
            "discovered by other pieces, and whether it forks (two or more targets worth more or "
            "undefended). Returns {move, piece, from, to, capture, en_passant, castling, "
            "promotion, check, checkmate, stalemate, see, attacks_after, targets, "
            "discovered_attacks, fork, fork_targets, attacked_after, defended_after, fen_after}.",
        .args = {fen_arg(), move_arg()},
        .handler = move_facts_tool,
    });
}

}  // namespace glossfish::verifier
