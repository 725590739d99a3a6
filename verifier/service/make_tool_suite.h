// The one tool suite of every surface (UCI `tool`, `glossfish tool`/verify/judge/comment/report,
// gf_call, `glossfish mcp`, the Session's products): the suite's tools with explain's verified
// reasons on move_quality.
#pragma once

#include <memory>

#include "settings/settings.h"
#include "tools/tool_suite.h"

namespace glossfish::verifier {

// Engine tools on analyzer when given (not owned), else on a pool made from the settings on
// first use (analyzer_config: UCI_ShowWDL on, so `eval` has WDL everywhere), with
// default_limits(settings) for calls that give no depth, nodes or movetime and the settings'
// defaults for trees and labels.
std::unique_ptr<ToolSuite> make_tool_suite(const Settings& settings, Analyzer* analyzer = nullptr);

}  // namespace glossfish::verifier
