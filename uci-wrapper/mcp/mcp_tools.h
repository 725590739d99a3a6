// The tools `glossfish mcp` serves: every tool of the suite (verifier/tools), `verify` and `label`
// among them, each declared once in its table. Each is listed as an MCP tool {name, description,
// inputSchema} and called with JSON arguments and a cancel token.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string_view>

#include "host/analyzer.h"
#include "host/cancel.h"
#include "settings/settings.h"

namespace glossfish::verifier {
class ToolSuite;
}  // namespace glossfish::verifier

namespace glossfish::mcp {

// What the server calls: the tool list and one call. Implementations are safe to call from
// several threads at once.
class ToolHost {
public:
    virtual ~ToolHost() = default;
    // The MCP tools array: [{name, description, inputSchema, annotations?}], in a fixed order.
    virtual nlohmann::json tools() const = 0;
    virtual bool has_tool(std::string_view name) const = 0;
    // Runs a tool. Blocks for its searches; stops them soon after cancel is set. Never throws;
    // a failure is {"error": {"code", "message", ...}}.
    virtual nlohmann::json call(std::string_view name, const nlohmann::json& args,
                                const CancelToken& cancel) const = 0;
};

// The glossfish tools on one analysis pool made from settings (Stockfish starts on the first
// engine call; workers, hash, path and default depths from the settings).
class GlossfishTools : public ToolHost {
public:
    explicit GlossfishTools(const Settings& settings);
    ~GlossfishTools() override;

    nlohmann::json tools() const override;
    bool has_tool(std::string_view name) const override;
    nlohmann::json call(std::string_view name, const nlohmann::json& args,
                        const CancelToken& cancel) const override;

private:
    std::unique_ptr<Analyzer> analyzer_;
    std::unique_ptr<verifier::ToolSuite> suite_;
};

// One entry of the OpenAI tools array (`glossfish tools --schema`) as an MCP tool: the same
// name, description and JSON schema (inputSchema), with read-only annotations: idempotent and
// closed-world, unless the tool asks a language model (verbalize).
nlohmann::json mcp_tool(const nlohmann::json& openai_entry, bool asks_model = false);

}  // namespace glossfish::mcp
