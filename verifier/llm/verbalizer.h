// Strategy verbalization (V-S, V-C, V-S+C and the self-refined RV-*): a language model turns a
// strategy tree and/or a puzzle's concepts into a short description, then optionally `refine`
// rounds of critic + rewrite with the same model. Built on LlmClient and the prompt files
// verbalize_s / verbalize_c / verbalize_sc / critic / rewrite. verbalize() blocks.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "llm/llm_client.h"
#include "llm/prompts.h"

namespace glossfish::verifier {

enum class VerbalizeMode { S, C, SC };
const char* verbalize_mode_name(VerbalizeMode mode);  // "s", "c", "sc"
std::optional<VerbalizeMode> parse_verbalize_mode(std::string_view text);

inline constexpr int MaxRefineRounds = 10;
// The paper's settings (Cui et al.): up to 3 critic + rewrite rounds for RV-*, 5 runs per player.
inline constexpr int PaperRefineRounds = 3;
inline constexpr int PaperRuns = 5;

struct VerbalizeInput {
    std::string fen;                    // the puzzle's start, solver to move
    std::string side;                   // "White" / "Black"
    int plies = 0;                      // the puzzle's length
    nlohmann::ordered_json tree;        // compact nested-SAN tree (modes s and sc)
    std::vector<std::string> concepts;  // lichess themes or keywords (modes c and sc)
};

struct VerbalizeRound {
    bool complete = false;              // the critic found nothing to change
    std::vector<std::string> feedback;  // the critic's points
    std::string description;            // the rewrite (empty when complete)
};

struct VerbalizeResult {
    bool ok = false;
    std::string error;                       // which step failed and why (redacted)
    LlmErrorKind kind = LlmErrorKind::None;  // how the failed step failed
    std::string description;                 // the final description (the last good one on failure)
    std::vector<VerbalizeRound> rounds;
    int requests = 0;  // HTTP requests, retries included
};

// The material the verbalizer sees, as the critic and the rewrite get it ({{strategy_input}}).
std::string strategy_input_text(const VerbalizeInput& input, VerbalizeMode mode);

// Writes the description, then up to `refine` critic + rewrite rounds (stopping early when the
// critic is satisfied). Blocks on the model, every request within context (its cancel token and
// deadline).
VerbalizeResult verbalize(const LlmClient& client, const PromptLibrary& prompts,
                          const VerbalizeInput& input, VerbalizeMode mode, int refine,
                          const CallContext& context = {});

// {"fen","side","mode","description","tree","concepts","rounds":[{"round","complete",
// "feedback","description"}]} (+"error" on failure).
nlohmann::ordered_json verbalize_output(const VerbalizeInput& input, VerbalizeMode mode,
                                        const VerbalizeResult& result);

}  // namespace glossfish::verifier
