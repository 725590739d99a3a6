// VerifierProducts: tool calls, verify and LLM comments for a Session.
#include "service/session_provider.h"

#include <algorithm>

#include "claims/claims.h"
#include "explain/explain.h"
#include "io/json_line.h"
#include "io/text.h"
#include "io/utf8.h"
#include "judge/commenter.h"
#include "llm/prompts.h"
#include "rules/notation.h"
#include "service/make_tool_suite.h"
#include "service/verify.h"
#include "tools/tool_suite.h"

namespace glossfish::verifier {

namespace {

// An LLM comment must not hold a position's products for long: bounded waits.
constexpr double CommentTimeoutS = 30;
constexpr int CommentRetries = 1;

class VerifierProducts : public ProductProvider {
public:
    VerifierProducts(const Settings& settings, Analyzer& analyzer)
        : settings_(settings), suite_(make_tool_suite(settings, &analyzer)) {}

    Product tool(const std::string& name, const std::string& args_json,
                 const CancelToken& cancel) override {
        nlohmann::json result = suite_->call_text(name, args_json, &cancel);
        const bool failed = result.is_object() && result.contains("error");
        // The name is the client's: an unknown one is shown by its prefix only.
        const std::string shown = shorten_input(name);
        // A tool that answers in words (verbalize's description, a tree's summary) is shown by
        // them; the others by their name.
        const auto said = result.is_object() ? result.find("text") : result.end();
        const std::string text =
            failed ? shown + " failed: " + result["error"].value("message", std::string())
            : said != result.end() && said->is_string() ? shown + ": " + said->get<std::string>()
                                                        : shown + " answered";
        return {ProductKind::Tool, {{"result", result}, {"text", text}, {"tool", shown}}};
    }

    // UCI's `verify {json}` (claims) and `verify text …` about the position's last move,
    // answered by the suite's verify tool: the same checks and codes as `tool verify {json}`.
    Product verify(const Position& before, std::optional<Move> move, const std::string& input,
                   bool claims, const CancelToken& cancel) override {
        nlohmann::json args = {{"fen", before.fen()}};
        if (move) args["move"] = move_to_uci(before, *move);
        nlohmann::json result;
        if (claims) {
            JsonParse parsed = parse_json_text(input);
            if (parsed.ok()) args["claims"] = std::move(parsed.value);
            else result = error_json("bad_json", "the claims are not JSON: " + parsed.error);
        } else {
            args["text"] = input;
        }
        if (result.is_null()) result = suite_->call("verify", args, &cancel);
        if (const auto e = result.find("error"); e != result.end()) {
            nlohmann::json j = *e;
            j["text"] = j.value("message", std::string());
            j["fen"] = before.fen();
            return {ProductKind::Error, j};
        }
        result["text"] = result["metrics"]["text"];
        return {ProductKind::Verify, result};
    }

    void explain_board(MoveLabel& label) override { explain_label(label, ExplainOptions{}); }

    bool explain(MoveLabel& label, Analyzer& analyzer, const AnalysisLimits& limits,
                 const CancelToken& cancel) override {
        ExplainOptions why;
        why.analyzer = &analyzer;
        why.limits = limits;
        why.cancel = &cancel;
        return explain_label(label, why);
    }

    std::optional<std::string> comment_unavailable() override {
        if (llm_config(settings_).configured()) return std::nullopt;
        return std::string(NoLlmEndpointMessage);
    }

    Product comment(const Position& before, Move move, const CancelToken& cancel) override {
        LlmConfig config = llm_config(settings_);
        config.timeout_s = std::min(config.timeout_s, CommentTimeoutS);
        config.max_retries = std::min(config.max_retries, CommentRetries);
        LlmClient client(config);
        PromptLibrary prompts;
        VerifyOptions options = verify_options(settings_);
        options.cancel = &cancel;
        CallContext call;
        call.cancel = &cancel;
        CommentResult r =
            comment_on(client, prompts, *suite_, before, move_to_uci(before, move), options, call);
        if (!r.ok)
            return {ProductKind::Error,
                    {{"code", "comment_failed"},
                     {"message", r.error},
                     {"text", r.error},
                     {"fen", before.fen()}}};
        nlohmann::json j = comment_info(r);
        j["fen"] = before.fen();
        return {ProductKind::Comment, j};
    }

private:
    Settings settings_;
    std::unique_ptr<ToolSuite> suite_;
};

}  // namespace

ProductProviderFactory session_provider() {
    return [](const Settings& settings, Analyzer& analyzer) -> std::unique_ptr<ProductProvider> {
        return std::make_unique<VerifierProducts>(settings, analyzer);
    };
}

LlmConfig llm_config(const Settings& settings) {
    LlmConfig c = LlmConfig::from_env();
    if (!settings.llm_url.empty()) c.url = settings.llm_url;
    if (!settings.llm_model.empty()) c.model = settings.llm_model;
    apply_sampling(c, settings);
    return c;
}

void apply_sampling(LlmConfig& config, const Settings& settings) {
    // The table checked the temperature (a plain decimal 0..2); empty leaves it unset.
    if (!settings.llm_temperature.empty())
        config.temperature = to_number<double>(settings.llm_temperature);
    if (settings.llm_max_tokens) config.max_tokens = *settings.llm_max_tokens;
}

}  // namespace glossfish::verifier
