// Background units (type-aware commentary evaluation's third kind: openings, history, players)
// checked where the board or our data can answer: the opening named by name or ECO code against
// the compiled opening table (openings/opening.h), castling rights and the material balance
// against the position after the move. Everything else (players, history, years, tournaments)
// has no knowledge base here and is reported unverifiable. Nothing blocks; nothing throws.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "openings/opening.h"
#include "rules/position.h"

namespace glossfish::verifier {

// What a background unit's text asserts that can be checked, and the answer.
struct BackgroundCheck {
    // "opening", "castling_rights", "material", or "none" (nothing we can check).
    std::string kind = "none";
    std::optional<bool> holds;  // nullopt: unverifiable
    std::string reason;         // one sentence: why it holds, fails or cannot be checked
    nlohmann::json evidence = nlohmann::json::object();  // what the table or board says
};

// Whether text speaks of something check_background can check: an opening of the table by
// name (a family such as "Ruy Lopez", a full name such as "Sicilian Defense: Najdorf
// Variation", "Defence" spelt either way) or an ECO code (A00-E99), or castling rights ("can
// still castle", "has lost the right to castle", "castling rights").
bool checkable_background(std::string_view text);
// Whether text speaks of castling rights (a subset of the above): such a unit is background
// even though it names castling.
bool castling_rights_text(std::string_view text);

// Checks text against the position after move m from before (the opening is named by the
// position the move reaches, else by the position before it; a position that ends no named
// line leaves the claim unverifiable). Opening: true when the name of the table's opening starts
// with the named one (a family names its variations) or the ECO code is the table's; false
// otherwise. Castling rights: "White can still castle (kingside)", "Black can no longer castle",
// "White has lost the right to castle", "Black has kept castling rights", against the rights
// after the move (a right, not whether castling is legal right now). Material: "material is
// equal / level / even / balanced", "White is ahead / up / behind / down in material", "Black
// is a pawn / two pawns / the exchange / a piece / a rook / a queen up / down" against the
// material balance after the move (P1 N3 B3 R5 Q9; the exchange 2).
BackgroundCheck check_background(const Position& before, Move m, std::string_view text,
                                 const OpeningIndex& index = OpeningIndex::builtin());

// {"kind","holds","reason","evidence"}
nlohmann::json background_json(const BackgroundCheck& c);

}  // namespace glossfish::verifier
