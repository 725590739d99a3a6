// The evaluator's dispatch by predicate name, its move argument and shared wording.
#include "claims/evaluator.h"

#include "io/utf8.h"
#include "tools/tool_json.h"

namespace glossfish::verifier::claims_detail {

std::string piece_words(Piece p) {
    if (p == NoPiece) return "nothing";
    return std::string(color_word(color_of(p))) + " " + piece_type_word(type_of(p));
}

std::string on(const Position& pos, Square s) {
    Piece p = pos.piece_at(s);
    return p == NoPiece ? "the empty square " + square_name(s)
                        : "the " + piece_words(p) + " on " + square_name(s);
}

Outcome Evaluator::run() {
    const std::string& p = c_.predicate;
    if (p == "occupies") return occupies();
    if (p == "attacks") return attacks();
    if (p == "defends") return defends();
    if (p == "pins") return pins();
    if (p == "checks") return checks();
    if (p == "gives_check") return gives_check();
    if (p == "mates") return mates();
    if (p == "captures") return captures();
    if (p == "can_capture") return can_capture();
    if (p == "is_legal") return is_legal();
    if (p == "wins_material") return material_line(true);
    if (p == "loses_material") return material_line(false);
    if (p == "mate_in") return mate_in();
    if (p == "discovers_attack") return discovers_attack();
    if (p == "pawn_weakness") return pawn_weakness();
    if (p == "legal_moves") return legal_moves();
    if (p == "hangs") return hangs();
    if (p == "undefended") return undefended();
    if (p == "threatens") return threatens();
    if (p == "forks") return forks();
    if (p == "stops") return stops();
    if (p == "opens_file") return opens_file();
    if (p == "open_file") return open_file();
    if (p == "opens_line") return opens_line();
    if (p == "controls") return controls();
    if (p == "passed_pawn") return passed_pawn();
    if (p == "material_lead") return material_lead();
    if (p == "piece_count") return piece_count();
    if (p == "file_status") return file_status_claim();
    if (p == "only_move" && c_.args.value("legal", false)) return only_legal_move();
    if (p == "only_move") return engine_move_claim("is_forced");
    if (p == "best_move") return engine_move_claim("move_quality");
    if (p == "quality_label") return quality_label();
    if (p == "win_chances") return win_chances();
    if (is_idea_predicate(p)) return idea_claim();
    return unknown("unknown predicate");
}

// The move argument, legal in pos; sets `bad` with a legality outcome otherwise.
std::optional<Move> Evaluator::move(Outcome& bad) {
    const std::string text = str("move");
    MoveParse mp = parse_move_text(pos_, text);
    ev_["move"] =
        mp.ok()
            ? move_json(pos_, mp.move)
            : json{{"text", text}, {"code", move_error_code(mp.error)}, {"message", mp.message}};
    if (mp.ok()) return mp.move;
    bad = no(quote_input(text) + " cannot be played here: " + mp.message);
    bad.legality = true;
    return std::nullopt;
}

}  // namespace glossfish::verifier::claims_detail
