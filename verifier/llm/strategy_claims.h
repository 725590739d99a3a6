// A verbalization checked against its own strategy tree (`glossfish verify --verbalization`):
// the description is cut into clauses (at '.', ';', ':' and line ends; not at '!' or '?'), the
// moves each clause names in SAN are read in order, and the clause's strategy claim — that
// those moves follow one another along a line of the tree — is checked against the tree's moves.
//
// Reading: a token is a move when it is SAN (piece moves, captures, castling, pawn pushes and
// promotions, with optional + # ! ?); move numbers ("45...", "46.") are skipped; a bare square
// right after "on", "to", "at", "from", "of", "the", "square" or "squares" is a square, not a pawn
// move. Moves separated only by "or", "/", "," or ", or" are alternatives of one step ("if Kh1
// or Kg1, Ra1#"). A clause without moves makes no claim.
//
// A claim holds when, for every choice among its alternatives, its moves are consecutive moves
// of one line of the tree from some node (compared without + # ! ?); it does not hold otherwise,
// and the reason names the first move that is not where the claim puts it. The lines are
// reported from the root, so a reader sees where in the tree each claim lives.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "rules/position.h"

namespace glossfish::verifier {

struct StrategyClaim {
    std::string text;                             // the clause
    std::vector<std::vector<std::string>> steps;  // the moves in order, alternatives per step
    bool holds = false;
    std::vector<std::vector<std::string>> lines;  // per choice that holds: the line from the root
    std::string reason;                           // why it does not hold
};

// The clauses of text that name moves, with their moves (not yet checked).
std::vector<StrategyClaim> read_strategy_claims(const std::string& text);

// Checks each claim against tree (compact nested-SAN JSON). At most 64 choices per claim are
// checked; a claim with more does not hold ("too many alternatives").
void check_strategy_claims(std::vector<StrategyClaim>& claims, const nlohmann::ordered_json& tree);

// Replays the tree from pos: every key legal SAN, every value an object. The error names the
// move and where ("move 'Qxb6' after g3+ Kh3: …"); nullopt when the tree is good.
std::optional<std::string> check_tree_moves(Position pos, const nlohmann::ordered_json& tree);

// {"claims":[{"text","moves","holds","lines"|"reason"}],"summary":{"claims","hold","fail"}}.
nlohmann::ordered_json strategy_claims_json(const std::vector<StrategyClaim>& claims);

// Checks a verbalization document — the output of `glossfish verbalize` ({"fen","description",
// "tree", …}; "tree" compact nested SAN) — against its tree: {"fen","description","claims",
// "summary"}. Empty with *error set for text that is not such a document: not a JSON object, no
// "fen" string or a bad FEN, no "description" string, no "tree" object or an illegal move in it.
std::optional<nlohmann::ordered_json> check_verbalization(const std::string& text,
                                                          std::string* error);

}  // namespace glossfish::verifier
