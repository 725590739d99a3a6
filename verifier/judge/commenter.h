// Grounded commentary: a language model writes commentary on a move with the tool suite offered
// (prompt "comment"), then the judge (judge.h: LLM decomposition + tool-calling verification)
// checks it. The result keeps every sentence with its verdict, and lists the verified claims
// and those dropped (false or unverifiable). Blocks; never throws.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "judge/judge.h"

namespace glossfish::verifier {

struct CommentResult {
    bool ok = false;
    std::string error;       // which step failed and why (redacted)
    std::string commentary;  // the model's text
    std::vector<std::string> sentences;
    JudgedRecord record;                     // atoms with verdicts, stance, engine label
    std::vector<ToolCallRecord> tool_calls;  // the writer's tool calls
    int requests = 0;                        // HTTP requests in all, retries included
};

// Writes and verifies commentary on move (legal SAN or UCI from before). Needs a configured
// client: otherwise fails with NoLlmEndpointMessage, without a request.
// Every request runs within context (its cancel token, deadline and progress).
CommentResult comment_on(const LlmClient& client, const PromptLibrary& prompts,
                         const ToolSuite& tools, const Position& before, std::string_view move,
                         VerifyOptions options = {}, const CallContext& context = {});

// A sentence's verdict from its atoms: incorrect if one is incorrect, else correct if one is
// correct, else unverifiable (also when no atom came from it).
Verdict sentence_verdict(const JudgedRecord& record, int sentence);

// {"fen","move","commentary","sentences":[{"text","verdict","atoms":[judged atoms]}],
//  "verified":[texts],"dropped":{"count","texts"},"stance","engine_label","tool_calls",
//  "requests"} (+"error" on failure).
nlohmann::json comment_json(const CommentResult& r);
// The UCI info line's object: {"move","verified":[texts],"dropped":{"count","texts"},"text"}
// where text is the move, the verified claims and "(N unverified claims dropped)".
nlohmann::json comment_info(const CommentResult& r);

}  // namespace glossfish::verifier
