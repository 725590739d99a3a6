// The verify entry points: claims JSON, commentary text or one batch line about a position,
// verified into a report (verdicts, what the reader left unread, the position's metrics).
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

#include "claims/claims.h"
#include "claims/metrics.h"
#include "reader/commentary_reader.h"
#include "rules/position.h"
#include "tools/tool_registry.h"

namespace glossfish::verifier {

// The report of one position: verdict_json(v) plus "unread" (sentences the reader left
// unverified: {text, reason, context, clauses: [{text, reason}]}), "partly_read" (sentences
// read in part: {text, context, clauses: the clauses left out}) and "metrics" (metrics_json of the
// position plus its one-line "text").
nlohmann::json verification_report(const PositionVerdict& v,
                                   const std::vector<ReadSentence>& sentences = {});

// A report, or the exact reason the input was rejected.
struct VerifyOutcome {
    nlohmann::json report;
    PositionRecord record;  // for metrics over many positions
    std::string error;      // non-empty: bad input (bad FEN, bad claims, illegal move)
    std::string code;       // the error's code, as the verify tool gives it (bad_claims, …)
    std::string argument;   // the argument to blame (claims, move, text), or empty
    bool ok() const { return error.empty(); }
};

// Verifies claims JSON text about before (+ move, SAN or UCI, may be empty). "fen" and
// "move" inside the JSON, when present, replace before and move.
VerifyOutcome verify_claims(const ClaimVerifier& verifier, const Position& before,
                            std::string_view move, std::string_view claims_json);
// Reads commentary text on move (may be empty) played from before and verifies what it read.
VerifyOutcome verify_commentary(const ClaimVerifier& verifier, const Position& before,
                                std::string_view move, std::string_view text);

// The report of a verify tool request (tools/tool_registry.h): its commentary or claims about
// its position and move, verified by verifier.
VerifyOutcome verify_request(const ClaimVerifier& verifier, const VerifyRequest& request);

// The claim checker of the verify tool over suite: each request is verified with the suite's
// verify options (verify_options) at the request's depth, scheme and cancel token; a rejected
// request is thrown as a ToolError with the outcome's code.
ClaimChecker claim_checker(const ToolSuite& suite);

// One batch line {"id"?, "fen", "move"?, "text" | "claims"} (claims: an object or an array
// of atoms) verified; the id (null when absent) names the record.
VerifyOutcome verify_line(const ClaimVerifier& verifier, std::string_view line, nlohmann::json& id);

}  // namespace glossfish::verifier
