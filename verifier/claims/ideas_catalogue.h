// The idea catalogue: every idea a move can be explained with (develops, castles, controls,
// outpost, open file, pins, passed pawn, luft, ...), declared once, each entry with its name, its
// family, its salience, what it detects on the board before and after the move, the phrases of
// its sentence and the claims the commentary reader reads from each phrase. The explainer
// (explain/ideas.h) detects and composes with it; the reader (reader/) reads any commentary's
// clause against the same phrases, so a sentence is verified by the claims its words state, with
// the predicates of claims.h (each usable in `verify` on any text). docs/ideas.md lists them.
#pragma once

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "rules/position.h"

namespace glossfish::verifier {

enum class IdeaFamily {
    Development,
    Centre,
    Threats,
    Defence,
    Pieces,
    PawnStructure,
    King,
    Endgame,
    Tactics
};
// "development", "centre", "threats", "defence", "pieces", "pawn_structure", "king", "endgame",
// "tactics".
const char* family_name(IdeaFamily f);

// The words that fill a phrase's slots: "piece"/"piece2" ("knight"), "square"/"square2" ("d5"),
// "squares" ("d5 f5": space-separated), "file" ("d"), "move2" (another move, in SAN: "gxf6").
using IdeaSlots = std::map<std::string, std::string>;

// A claim a phrase states: a predicate whose args are literal JSON values or, for a string
// starting with '$', a slot: "$move" (the move, SAN), "$from" (where the moved piece stood),
// "$to" (where it lands; the king's square for castling), "$us" ("white"/"black", the mover), or a
// phrase slot. An arg
// "$squares" makes one claim per square. after: the claim holds after the move (else before).
struct IdeaClaim {
    std::string predicate;
    nlohmann::json args;
    bool after = true;
    bool negated = false;
};

// One way to say the idea: the words after the move ("develops the {piece} toward the centre"),
// with slots in braces, and what they claim.
struct IdeaPhrase {
    std::string words;
    std::vector<IdeaClaim> claims;
};

// A detected idea: which phrase says it and the words of its slots.
struct IdeaFound {
    std::size_t phrase = 0;
    IdeaSlots slots;
    int bonus = 0;  // added to the kind's salience (e.g. a threat to a more valuable piece)
};

// What a detector may know beyond the two positions: the square where the opponent's last move
// captured (a capture there takes back), and whether that move is known at all: without it (a
// FEN alone), a capture of exactly what the mover was down is taken to take back. line: the
// engine's line after the move (the opponent's reply first), empty when there is none.
struct IdeaContext {
    Square previous_capture = NoSquare;
    bool previous_known = false;
    std::vector<Move> line;
};

struct IdeaKindSpec {
    std::string name;
    IdeaFamily family;
    int salience;            // higher is said first (tactics' reasons: 100 and more)
    bool cost;               // a drawback of the move, said after its purpose
    std::string definition;  // for the docs and `glossfish ideas`
    std::vector<IdeaPhrase> phrases;
    // The idea's instances for a legal move from before (after = before + move).
    std::function<std::vector<IdeaFound>(const Position& before, Move move, const Position& after,
                                         const IdeaContext& context)>
        detect;
};

// Every idea kind, in the order of the docs.
const std::vector<IdeaKindSpec>& idea_catalogue();
const IdeaKindSpec* find_idea_kind(std::string_view name);

// The squares of a "squares" slot ("d5 f5" -> {"d5", "f5"}).
std::vector<std::string> slot_squares(const std::string& value);

// The phrase with its slots filled: "develops the knight toward the centre", "takes control of
// d5 and f5", "puts the rook on the open d-file".
std::string fill_phrase(const std::string& words, const IdeaSlots& slots);

// The claims of a phrase for a move: its templates with every slot filled (one claim per square
// of "$squares"); a slot the phrase lacks leaves the arg out.
std::vector<IdeaClaim> phrase_claims(const IdeaPhrase& phrase, const IdeaSlots& slots,
                                     const std::string& move_san, const std::string& from,
                                     const std::string& to, const std::string& us);

}  // namespace glossfish::verifier
