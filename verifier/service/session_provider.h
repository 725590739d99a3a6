// The verifier's side of a Session (engine/session/session.h): tool calls, verify and LLM comments
// on the session's analysis pool, all through the one tool suite of make_tool_suite(), with the
// defaults of the session's Settings.
#pragma once

#include "llm/llm_client.h"
#include "session/session.h"

namespace glossfish::verifier {

// The provider factory to hand to Session.
ProductProviderFactory session_provider();

// The language model of these settings: the environment (LlmConfig::from_env) with the
// "Glossfish LLM URL" / "Glossfish LLM Model" options taking precedence when set.
// Sampling ("temperature", "max_tokens" of the table) applied too.
LlmConfig llm_config(const Settings& settings);

// Sets config's temperature and max_tokens from the settings' "temperature" and "max_tokens"
// (left unset when the settings leave them unset).
void apply_sampling(LlmConfig& config, const Settings& settings);

}  // namespace glossfish::verifier
