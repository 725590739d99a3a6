// GlossfishTools: the suite's tools on one analysis pool, plus verify and label, declared with
// the suite's ArgSpec table so that they are validated and exported the same way.
#include "mcp/mcp_tools.h"

#include "analysis/quality.h"
#include "claims/claims.h"
#include "io/utf8.h"
#include "service/make_tool_suite.h"
#include "service/verify.h"
#include "tools/tool_registry.h"
#include "tools/tool_suite.h"

namespace glossfish::mcp {

namespace {

using verifier::ArgSpec;
using verifier::ArgType;
using verifier::ToolCall;
using verifier::ToolError;
using verifier::ToolSpec;

ArgSpec scheme_arg(const Settings& settings) {
    return verifier::setting_arg(&Settings::quality_scheme, "scheme",
                                 "label thresholds: lichess (what lichess.org shows) or act-eval",
                                 settings);
}

QualityScheme scheme_of(const ToolCall& call, QualityScheme fallback) {
    if (!call.has("scheme")) return fallback;
    return parse_scheme(call.string("scheme")).value_or(fallback);
}

ToolSpec verify_spec(const Settings& settings) {
    return {
        .name = "verify",
        .group = "claims",
        .description =
            "Checks claims or commentary about a position and the move played from it against "
            "the board and the engine. Give `text` (English commentary, read into claims by the "
            "deterministic reader) or `claims` (the claims JSON of docs/claims.md: an object "
            "{atoms: [{text, claims: [{predicate, args, moves, negated}]}]} or a bare array of "
            "atoms). Returns {fen, move, stance, engine_label, atoms: [{text, result (correct, "
            "incorrect, unverifiable), category, claims: [{predicate, result, reason, "
            "evidence}]}], unread, partly_read, metrics}.",
        .args =
            {
                verifier::fen_arg(),
                {.name = "move",
                 .type = ArgType::String,
                 .description = "the commented move, SAN or UCI, played from fen"},
                {.name = "text",
                 .type = ArgType::String,
                 .description = "commentary to read and verify (or give claims)"},
                verifier::setting_arg(&Settings::analysis_depth, "depth",
                                      "search depth of the engine predicates", settings),
                scheme_arg(settings),
            },
        .needs_engine = true,
    };
}

ToolSpec label_spec(const Settings& settings) {
    return {
        .name = "label",
        .group = "engine",
        .description =
            "The move-quality label of one move (good, inaccuracy, mistake, blunder) by win% "
            "loss against the engine's best move, as `glossfish label` and the UCI `label` "
            "command give it. Returns {move: {san, uci}, label, wp_loss, win_before, win_after, "
            "tags, best: {san, uci, score}, played_score, depth, scheme, reason, fen, text}.",
        .args =
            {
                verifier::fen_arg(),
                verifier::move_arg(),
                verifier::setting_arg(&Settings::quality_depth, "depth", "search depth", settings),
                scheme_arg(settings),
                verifier::setting_arg(&Settings::reproducible, "reproducible",
                                      "clear the hash before each search: the same answer each run",
                                      settings),
            },
        .needs_engine = true,
    };
}

// The claims argument of verify (an object or an array, so not one of the table's types).
nlohmann::json claims_property() {
    return {{"type", {"object", "array"}},
            {"description",
             "claims JSON: {atoms: [...]} or an array of atoms (or give text); fen and move "
             "inside it replace the arguments"}};
}

// The declaration of one of the extra tools (call() only asks for those it holds).
const ToolSpec& find_spec(const std::vector<ToolSpec>& specs, std::string_view name) {
    for (const ToolSpec& spec : specs)
        if (spec.name == name) return spec;
    throw ToolError("unknown_tool", "unknown tool " + quote_input(name));
}

}  // namespace

nlohmann::json mcp_tool(const nlohmann::json& openai_entry) {
    const nlohmann::json& f = openai_entry.at("function");
    return {{"name", f.at("name")},
            {"description", f.at("description")},
            {"inputSchema", f.at("parameters")},
            {"annotations",
             {{"readOnlyHint", true},
              {"destructiveHint", false},
              {"idempotentHint", true},
              {"openWorldHint", false}}}};
}

GlossfishTools::GlossfishTools(const Settings& settings)
    : settings_(settings),
      analyzer_(std::make_unique<Analyzer>(analyzer_config(settings))),
      suite_(verifier::make_tool_suite(settings, analyzer_.get())) {
    // A tool the suite already has keeps the suite's declaration.
    for (ToolSpec spec : {verify_spec(settings_), label_spec(settings_)})
        if (!suite_->has_tool(spec.name)) extra_.push_back(std::move(spec));
}

GlossfishTools::~GlossfishTools() = default;

nlohmann::json GlossfishTools::tools() const {
    nlohmann::json out = nlohmann::json::array();
    for (const nlohmann::json& entry : suite_->schema()) out.push_back(mcp_tool(entry));
    for (const ToolSpec& spec : extra_) {
        nlohmann::json tool = mcp_tool(verifier::tool_schema(spec));
        if (spec.name == "verify") tool["inputSchema"]["properties"]["claims"] = claims_property();
        out.push_back(std::move(tool));
    }
    return out;
}

bool GlossfishTools::has_tool(std::string_view name) const {
    if (suite_->has_tool(name)) return true;
    for (const ToolSpec& spec : extra_)
        if (spec.name == name) return true;
    return false;
}

nlohmann::json GlossfishTools::call(std::string_view name, const nlohmann::json& args,
                                    const CancelToken& cancel) const {
    if (suite_->has_tool(name)) return suite_->call(name, args, &cancel);
    try {
        const nlohmann::json a = args.is_null() ? nlohmann::json::object() : args;
        const ToolSpec& spec = find_spec(extra_, name);
        return spec.name == "verify" ? verify(a, cancel) : label(a, cancel);
    } catch (const ToolError& e) {
        return e.to_json();
    } catch (const std::exception& e) {
        return verifier::error_json("internal_error", std::string("internal error: ") + e.what());
    }
}

nlohmann::json GlossfishTools::verify(const nlohmann::json& args, const CancelToken& cancel) const {
    const ToolSpec& spec = find_spec(extra_, "verify");
    // claims is checked here; the rest against the declaration.
    nlohmann::json rest = args;
    nlohmann::json claims;
    if (rest.is_object() && rest.contains("claims")) {
        claims = rest["claims"];
        rest.erase("claims");
    }
    verifier::validate_args(spec, rest);
    if (!claims.is_null() && !claims.is_object() && !claims.is_array())
        throw ToolError("bad_argument_type",
                        std::string("argument 'claims' must be an object or an array, got ") +
                            claims.type_name(),
                        "claims");
    const bool has_text = rest.contains("text") && !rest["text"].is_null();
    if (has_text == !claims.is_null())
        throw ToolError("bad_arguments", "give exactly one of text and claims");
    const AnalysisLimits limits = default_limits(settings_);
    const verifier::EngineAccess engine = [this] { return analyzer_.get(); };
    ToolCall call(rest, engine, limits, &cancel);
    const Position before = call.position();
    const std::string move = call.has("move") ? call.string("move") : std::string();
    verifier::VerifyOptions options = verifier::verify_options(settings_);
    options.depth = call.integer("depth", options.depth);
    options.scheme = scheme_of(call, options.scheme);
    options.cancel = &cancel;
    verifier::ClaimVerifier verifier(*suite_, options);
    verifier::VerifyOutcome out =
        has_text ? verifier::verify_commentary(verifier, before, move, call.string("text"))
                 : verifier::verify_claims(verifier, before, move, claims.dump());
    if (cancel.cancelled()) throw ToolError("cancelled", call.cancel_reason());
    if (!out.ok()) throw ToolError("bad_verify", out.error);
    return out.report;
}

nlohmann::json GlossfishTools::label(const nlohmann::json& args, const CancelToken& cancel) const {
    const ToolSpec& spec = find_spec(extra_, "label");
    verifier::validate_args(spec, args);
    const AnalysisLimits defaults = default_limits(settings_);
    const verifier::EngineAccess engine = [this] { return analyzer_.get(); };
    ToolCall call(args, engine, defaults, &cancel);
    const Position pos = call.position();
    const Move move = call.move("move", pos);
    Settings asked = settings_;
    asked.quality_depth = call.integer("depth", settings_.quality_depth);
    asked.reproducible = call.boolean("reproducible", settings_.reproducible);
    const AnalysisLimits limits = label_limits(asked);
    MoveLabel l = label_move(*analyzer_, pos, move, limits,
                             scheme_of(call, settings_.quality_scheme), &cancel);
    if (l.error == AnalysisCancelled || cancel.cancelled())
        throw ToolError("cancelled", call.cancel_reason());
    if (!l.error.empty()) throw ToolError("engine_error", "the label failed: " + l.error);
    return label_to_json(l);
}

}  // namespace glossfish::mcp
