// The evaluator of one sub-claim at one position, internal to claims/: the outcome of each
// predicate from BoardTools facts (evaluate_board.cpp, evaluate_tactics.cpp) and ToolSuite
// searches (evaluate_engine.cpp), with the facts used written into the evidence.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "claims/claims.h"
#include "claims/predicates.h"
#include "rules/position.h"
#include "tools/board_tools.h"
#include "tools/tool_suite.h"

namespace glossfish::verifier::claims_detail {

using nlohmann::json;

// A predicate's truth and the sentence saying why.
struct Outcome {
    Truth truth = Truth::Unverifiable;
    std::string reason;
    bool legality = false;  // false because a move argument cannot be played
};

inline Outcome yes(std::string r) { return {Truth::True, std::move(r)}; }
inline Outcome no(std::string r) { return {Truth::False, std::move(r)}; }
inline Outcome unknown(std::string r) { return {Truth::Unverifiable, std::move(r)}; }
inline Outcome is(bool b, std::string if_true, std::string if_false) {
    return b ? yes(std::move(if_true)) : no(std::move(if_false));
}

// "white knight", or "nothing" for no piece.
std::string piece_words(Piece p);
// "the white knight on f3", or "the empty square f3".
std::string on(const Position& pos, Square s);

// Whether p is one of the ideas' predicates (evaluate_ideas.cpp).
bool is_idea_predicate(const std::string& p);

class Evaluator {
public:
    // pos: where the claim is evaluated (after its moves); root: before them.
    Evaluator(const Position& pos, const Position& root, const SubClaim& c, const ToolSuite& tools,
              const VerifyOptions& o, json& evidence)
        : pos_(pos), root_(root), bt_(pos), c_(c), tools_(tools), o_(o), ev_(evidence) {}

    // The outcome of the claim's predicate (evaluator.cpp).
    Outcome run();

private:
    Square sq(const char* name) const { return parse_square(c_.args.at(name).get<std::string>()); }
    std::optional<Square> opt_sq(const char* name) const {
        return c_.args.contains(name) ? std::optional<Square>(sq(name)) : std::nullopt;
    }
    std::string str(const char* name) const { return c_.args.value(name, std::string()); }
    std::optional<PieceType> piece_arg() const {
        return c_.args.contains("piece") ? parse_piece_word(str("piece")) : std::nullopt;
    }

    std::optional<Move> move(Outcome& bad);

    // Board facts (evaluate_board.cpp).
    Outcome occupies();
    Outcome attacks();
    Outcome defends();
    Outcome pins();
    Outcome checks();
    Outcome is_legal();
    Outcome undefended();
    Outcome opens_file();
    Outcome open_file();
    Outcome opens_line();
    Outcome controls();
    Outcome passed_pawn();
    Outcome material_lead();
    Outcome piece_count();
    Outcome file_status_claim();
    Outcome only_legal_move();
    Outcome pawn_weakness();
    Outcome legal_moves();

    // Tactics of one move: checks, mates, captures, forks, discoveries (evaluate_tactics.cpp).
    Outcome gives_check();
    Outcome mates();
    Outcome captures();
    Outcome can_capture();
    Outcome hangs();
    Outcome forks();
    Outcome stops();
    Outcome discovers_attack();

    // The ideas' predicates (evaluate_ideas.cpp).
    Outcome idea_claim();

    // Engine predicates and the helpers they share (evaluate_engine.cpp).
    std::optional<json> engine(const char* tool, json args, Outcome& fail);
    Outcome engine_move_claim(const char* tool);
    static std::string num(double v);
    static json quality_evidence(const json& r);
    Outcome quality_label();
    Outcome win_chances();
    Outcome material_line(bool win);
    std::optional<Position> null_move() const;
    Outcome threatens_mate();
    Outcome mate_in();
    Outcome threatens();
    Outcome stops_by_engine(Move m, const Position& np, Move threat, const Position& after,
                            std::optional<Move> again);

    const Position& pos_;
    const Position& root_;
    BoardTools bt_;
    const SubClaim& c_;
    const ToolSuite& tools_;
    const VerifyOptions& o_;
    json& ev_;
};

}  // namespace glossfish::verifier::claims_detail
