// GlossfishTools: the suite's tools (verify and label among them, each declared once in the
// suite's table) on one analysis pool.
#include "mcp/mcp_tools.h"

#include <set>

#include "service/make_tool_suite.h"
#include "tools/tool_registry.h"
#include "tools/tool_suite.h"

namespace glossfish::mcp {

nlohmann::json mcp_tool(const nlohmann::json& openai_entry, bool asks_model) {
    const nlohmann::json& f = openai_entry.at("function");
    return {{"name", f.at("name")},
            {"description", f.at("description")},
            {"inputSchema", f.at("parameters")},
            {"annotations",
             {{"readOnlyHint", true},
              {"destructiveHint", false},
              {"idempotentHint", !asks_model},
              {"openWorldHint", asks_model}}}};
}

GlossfishTools::GlossfishTools(const Settings& settings)
    : analyzer_(std::make_unique<Analyzer>(analyzer_config(settings))),
      suite_(verifier::make_tool_suite(settings, analyzer_.get())) {}

GlossfishTools::~GlossfishTools() = default;

nlohmann::json GlossfishTools::tools() const {
    nlohmann::json out = nlohmann::json::array();
    // The tools a model is not offered are those that ask one: open-world, not idempotent.
    std::set<std::string> deterministic;
    for (const nlohmann::json& entry : suite_->model_schema())
        deterministic.insert(entry.at("function").at("name").get<std::string>());
    for (const nlohmann::json& entry : suite_->schema())
        out.push_back(mcp_tool(
            entry, !deterministic.count(entry.at("function").at("name").get<std::string>())));
    return out;
}

bool GlossfishTools::has_tool(std::string_view name) const { return suite_->has_tool(name); }

nlohmann::json GlossfishTools::call(std::string_view name, const nlohmann::json& args,
                                    const CancelToken& cancel) const {
    return suite_->call(name, args, &cancel);
}

}  // namespace glossfish::mcp
