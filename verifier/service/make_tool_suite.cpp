// make_tool_suite: the suite with explain's reasons.
#include "service/make_tool_suite.h"

#include "explain/explain.h"
#include "service/verify.h"

namespace glossfish::verifier {

std::unique_ptr<ToolSuite> make_tool_suite(const Settings& settings, Analyzer* analyzer) {
    auto suite = std::make_unique<ToolSuite>(settings, analyzer);
    suite->set_explainer([](MoveLabel& label, Analyzer& an, const AnalysisLimits& limits,
                            const CancelToken* cancel) {
        ExplainOptions why;
        why.analyzer = &an;
        why.limits = limits;
        why.cancel = cancel;
        explain_label(label, why);
    });
    suite->set_checker(claim_checker(*suite));
    return suite;
}

}  // namespace glossfish::verifier
