// A deterministic reader for English commentary on a move: splits sentences, resolves each
// sentence's move context ("After Nxd7 Nh5, ..."), splits it into clauses, recognises common
// claim forms and maps them to sub-claims (claims.h). A sentence keeps the clauses it reads;
// every clause it does not understand is reported with a reason, never guessed. Works
// offline; no language model. Files: reader_lexicon.* (words), reader_sentence.* (context,
// subjects, clauses) and reader_moves/pieces/sides.cpp (the claim families).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "claims/claims.h"
#include "rules/position.h"

namespace glossfish::verifier {

// A part of a sentence the reader did not map to claims, and why.
struct UnreadClause {
    std::string text, reason;
};

// A clause the reader mapped to claims.
struct ReadClause {
    std::string text;              // its words as written, punctuation removed
    std::vector<SubClaim> claims;  // the claims it states (part of the sentence's claims)
};

struct ReadSentence {
    std::string text;                      // the sentence as written
    std::vector<std::string> context;      // moves from the given position before its claims hold
    std::vector<SubClaim> claims;          // from the clauses read; empty when none was
    std::vector<ReadClause> read_clauses;  // the clauses read, in order, each with its claims
    std::string unread_reason;             // why nothing was recognised (when claims is empty)
    std::vector<UnreadClause> unread_clauses;  // the clauses left out (read or not)
    bool read() const { return !claims.empty(); }
    bool partly_read() const { return read() && !unread_clauses.empty(); }
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
