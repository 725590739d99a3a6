// tag_motifs: every theme test over one line, in the order of lichess's tagger; and the
// single-move predicates built on the same tests.
#include "motifs/motifs.h"

#include "motifs/motif_line.h"
#include "rules/movegen.h"

namespace glossfish {

using namespace motifs;

std::vector<std::string> tag_motifs(const Position& start, const std::vector<Move>& line,
                                    const MotifOptions& options,
                                    const std::optional<SetupMove>& setup) {
    std::vector<std::string> tags;
    if (line.empty()) return tags;
    const Line l(start, line, setup);
    auto add = [&](const char* name, bool yes) {
        if (yes) tags.emplace_back(name);
    };
    if (std::optional<std::string> mate = mate_in(l)) {
        tags.push_back(*mate);
        tags.emplace_back("mate");
        const int last = l.size() - 1;
        if (std::string p = mate_pattern_at_end(l.board(last), l.pov(), l[last]); !p.empty())
            tags.push_back(std::move(p));
    }
    add("attraction", attraction(l));
    add("deflection", deflection(l));
    add("advancedPawn", advanced_pawn(l));
    add("doubleCheck", double_check(l));
    add("quietMove", quiet_move(l));
    add("defensiveMove", defensive_move(l) || check_escape(l));
    add("sacrifice", sacrifice(l));
    add("xRayAttack", x_ray(l));
    add("fork", fork(l));
    add("hangingPiece", hanging_piece(l));
    add("trappedPiece", trapped_piece(l));
    add("discoveredAttack", discovered_attack(l));
    add("exposedKing", exposed_king(l));
    add("skewer", skewer(l));
    add("interference", self_interference(l) || interference(l));
    add("intermezzo", intermezzo(l));
    add("pin", pin_prevents_attack(l) || pin_prevents_escape(l));
    add("attackingF2F7", attacking_f2_f7(l));
    add("clearance", clearance(l));
    add("enPassant", en_passant(l));
    add("castling", castling(l));
    add("promotion", promotion(l));
    add("underPromotion", under_promotion(l));
    add("capturingDefender", capturing_defender(l));
    if (options.endgame_themes)
        if (std::string e = endgame_theme(l); !e.empty()) tags.push_back(std::move(e));
    auto has = [&](std::string_view name) {
        for (const std::string& t : tags)
            if (t == name) return true;
        return false;
    };
    if (!has("backRankMate") && !has("fork")) {
        if (kingside_attack(l)) tags.emplace_back("kingsideAttack");
        else if (queenside_attack(l)) tags.emplace_back("queensideAttack");
    }
    if (options.length_themes) {
        const int n = l.size();
        tags.emplace_back(n == 2 ? "oneMove" : n == 4 ? "short" : n >= 8 ? "veryLong" : "long");
    }
    return tags;
}

std::vector<std::string> tag_lichess_puzzle(const Position& fen_position,
                                            const std::vector<Move>& moves,
                                            const MotifOptions& options) {
    if (moves.size() < 2) return {};
    Position start = fen_position;
    start.do_move(moves[0]);
    const std::vector<Move> line(moves.begin() + 1, moves.end());
    return tag_motifs(start, line, options, SetupMove{fen_position, moves[0]});
}

const std::vector<std::string>& motif_names() {
    static const std::vector<std::string> Names = {"mateIn1",
                                                   "mateIn2",
                                                   "mateIn3",
                                                   "mateIn4",
                                                   "mateIn5",
                                                   "mate",
                                                   "smotheredMate",
                                                   "backRankMate",
                                                   "anastasiaMate",
                                                   "hookMate",
                                                   "arabianMate",
                                                   "bodenMate",
                                                   "doubleBishopMate",
                                                   "dovetailMate",
                                                   "attraction",
                                                   "deflection",
                                                   "advancedPawn",
                                                   "doubleCheck",
                                                   "quietMove",
                                                   "defensiveMove",
                                                   "sacrifice",
                                                   "xRayAttack",
                                                   "fork",
                                                   "hangingPiece",
                                                   "trappedPiece",
                                                   "discoveredAttack",
                                                   "exposedKing",
                                                   "skewer",
                                                   "interference",
                                                   "intermezzo",
                                                   "pin",
                                                   "attackingF2F7",
                                                   "clearance",
                                                   "enPassant",
                                                   "castling",
                                                   "promotion",
                                                   "underPromotion",
                                                   "capturingDefender",
                                                   "pawnEndgame",
                                                   "queenEndgame",
                                                   "rookEndgame",
                                                   "bishopEndgame",
                                                   "knightEndgame",
                                                   "queenRookEndgame",
                                                   "kingsideAttack",
                                                   "queensideAttack",
                                                   "oneMove",
                                                   "short",
                                                   "long",
                                                   "veryLong"};
    return Names;
}

// ---- single-move predicates ----

namespace {

// The node of one move from `before` (the solver's move of a one-move line).
Line one_move(const Position& before, Move m) { return Line(before, {m}, std::nullopt); }

}  // namespace

bool is_fork(const Position& before, Move m) {
    const Line l = one_move(before, m);
    if (l.is_checkmate(1)) return false;
    return fork_at(l.board(1), l[1], l.pov());
}

bool is_pin(const Position& before, Move m) {
    Position after = before;
    after.do_move(m);
    const Color mover = before.side_to_move();
    return pin_attack_at(after, mover) || pin_escape_at(after, mover);
}

bool is_discovered_check(const Position& before, Move m) {
    return discovered_check_at(one_move(before, m)[1]);
}

bool is_double_check(const Position& before, Move m) {
    Position after = before;
    after.do_move(m);
    return more_than_one(after.checkers());
}

bool is_mate(const Position& before, Move m) {
    Position after = before;
    after.do_move(m);
    return after.is_checkmate();
}

std::string mate_pattern(const Position& before, Move m) {
    const Line l = one_move(before, m);
    if (!l.is_checkmate(1)) return {};
    return mate_pattern_at_end(l.board(1), l.pov(), l[1]);
}

bool is_advanced_pawn_move(const Position& before, Move m) {
    return advanced_pawn_move(one_move(before, m)[1], before.side_to_move(), true);
}

std::vector<Square> hung_pieces(const Position& before, Move m) {
    Position after = before;
    after.do_move(m);
    const Color mover = before.side_to_move();
    std::vector<Square> out;
    Bitboard own = after.occupied_co(mover) & ~after.pieces(King);
    while (own) {
        const Square s = pop_lsb(own);
        if (after.attackers(~mover, s) && !defended(after, mover, s)) out.push_back(s);
    }
    return out;
}

bool captures_hanging_piece(const Position& before, Move m) {
    const Square to = move_dest(before, m);
    const Piece captured = before.piece_at(to);
    if (m.kind() == Castling || captured == NoPiece || type_of(captured) == Pawn) return false;
    return is_hanging(before, to);
}

}  // namespace glossfish
