// make_tool_suite: the suite with explain's reasons.
#include "service/make_tool_suite.h"

#include "explain/explain.h"
#include "llm/verbalizer.h"
#include "service/session_provider.h"
#include "service/verify.h"

namespace glossfish::verifier {

namespace {

// The tool's declaration (tools library) and the verbalizer (llm library) agree on the rounds.
static_assert(VerbalizeRefineRounds == PaperRefineRounds);
static_assert(VerbalizeMaxRefineRounds == MaxRefineRounds);

// The verbalize tool's model: the settings' (llm_config), asked within the call's seconds and
// cancel token. The tree goes back as compact JSON text, which keeps its moves' MultiPV order.
Verbalizer settings_verbalizer(const Settings& settings) {
    Verbalizer v;
    v.unavailable = [settings]() -> std::optional<std::string> {
        const LlmConfig config = llm_config(settings);
        if (!config.configured()) return std::string(NoLlmEndpointMessage);
        if (std::string error; config.endpoint(&error).empty()) return error;
        return std::nullopt;
    };
    v.run = [settings](const VerbalizeRequest& r) {
        const LlmClient client(llm_config(settings));
        const PromptLibrary prompts;
        VerbalizeInput input;
        input.fen = r.pos.fen();
        input.side = prompt_side(r.pos.side_to_move());
        input.plies = r.plies;
        input.tree = r.tree;
        input.concepts = r.concepts;
        const VerbalizeMode mode = parse_verbalize_mode(r.mode).value_or(VerbalizeMode::S);
        const CallContext context =
            CallContext::within(r.deadline_s, "the verbalize call", r.cancel);
        const VerbalizeResult result = verbalize(client, prompts, input, mode, r.refine, context);
        if (result.kind == LlmErrorKind::Cancelled) throw ToolError("cancelled", result.error);
        if (result.description.empty()) throw ToolError("llm_error", result.error);
        nlohmann::ordered_json out = verbalize_output(input, mode, result);
        out["tree"] = input.tree.is_object() ? nlohmann::ordered_json(input.tree.dump())
                                             : nlohmann::ordered_json();
        out["plies"] = input.plies;
        out["requests"] = result.requests;
        out["text"] = result.description;
        if (!result.ok) {
            out["incomplete"] = result.error;  // a refine round failed; the last good description
            out.erase("error");
        }
        return nlohmann::json::parse(out.dump());
    };
    return v;
}

}  // namespace

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
    suite->set_verbalizer(settings_verbalizer(settings));
    return suite;
}

}  // namespace glossfish::verifier
