// A deterministic reader for English commentary on a move: splits sentences, resolves each
// sentence's move context ("After Nxd7 Nh5, ..."), recognises common claim forms and maps
// them to sub-claims (claims.h). A sentence it does not understand is reported as unread with
// a reason, never guessed. Works offline; no language model.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "claims.h"
#include "position.h"

namespace glossfish::verifier {

struct ReadSentence {
    std::string text;                  // the sentence as written
    std::vector<std::string> context;  // moves from the given position before its claims hold
    std::vector<SubClaim> claims;      // empty when unread
    std::string unread_reason;         // why nothing was recognised (when claims is empty)
    bool read() const { return !claims.empty(); }
};

struct CommentaryReading {
    std::vector<ReadSentence> sentences;
    // The read sentences as atoms (text + claims), ready for ClaimVerifier.
    ClaimsDoc doc;
};

// Reads text commenting on `move` (SAN or UCI, may be empty) played from `before` (a valid
// position). Never throws; input longer than 20,000 characters is cut there.
CommentaryReading read_commentary(const Position& before, std::string_view move,
                                  std::string_view text);

// Splits text into sentences at . ! ? ; followed by a space or the end, keeping move numbers
// ("12.") and annotations attached to moves ("Nf3!", "Qh4+?!") inside their sentence.
std::vector<std::string> split_sentences(std::string_view text);

}  // namespace glossfish::verifier
