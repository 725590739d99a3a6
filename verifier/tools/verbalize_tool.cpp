// The verbalize tool: a language model describes the strategy of a position (Cui et al.'s V-S,
// V-C and V-S+C, self-refined RV-* by default) from a strategy tree given or built now on the
// suite's engine. The model is the service library's (installed by make_tool_suite).
#include "analysis/strategy_tree.h"
#include "analysis/tree_format.h"
#include "io/text.h"
#include "tools/tool_registry.h"

namespace glossfish::verifier {

namespace {

// Every argument, the tree's moves included, is checked before the model is asked for; the tree
// is built only once a model can be asked.
nlohmann::json verbalize_tool(const ToolCall& call) {
    VerbalizeRequest r;
    r.pos = call.position();
    if (call.has("mode")) r.mode = call.string("mode");
    r.refine = call.integer("refine", r.refine);
    r.deadline_s = call.integer("deadline", int(r.deadline_s));
    r.cancel = call.cancel();
    if (call.has("concepts")) r.concepts = split_list(call.string("concepts"));
    if (r.mode != "s" && r.concepts.empty())
        throw ToolError(
            "missing_argument",
            "modes c and sc describe the puzzle's concepts: give concepts (\"fork, pin\")",
            "concepts");
    TreeOptions options = tree_options(call.settings());
    options.plies = call.integer("plies", options.plies);
    options.breadth = call.integer("breadth", options.breadth);
    options.limits = call.limits(options.limits);
    const bool given = call.has("tree");
    if (given) {
        r.tree = nlohmann::ordered_json::parse(call.string("tree"), nullptr, false);
        if (r.tree.is_discarded() || !r.tree.is_object())
            throw ToolError("bad_value",
                            "tree must be a compact strategy tree: a JSON object of SAN moves "
                            "(what strategy_tree answers with format compact)",
                            "tree");
        Position pos = r.pos;
        std::string error;
        const int depth = compact_tree_depth(pos, r.tree, &error);
        if (depth < 0) throw ToolError("bad_value", "tree: " + error, "tree");
        if (depth == 0 && r.mode != "c")
            throw ToolError("bad_value", "tree: the tree is empty (no move to describe)", "tree");
        r.plies = call.has("plies") ? options.plies : depth;
    } else {
        r.plies = options.plies;
    }
    const Verbalizer& model = call.verbalizer();  // no_llm_endpoint before any search
    if (!given && r.mode != "c") {
        StrategyTree tree = build_tree(call.analyzer(), r.pos, options, call.cancel());
        if (tree.error == TreeCancelled) throw ToolError("cancelled", call.cancel_reason());
        if (!tree.ok()) throw ToolError("engine_error", "the strategy tree failed: " + tree.error);
        r.tree = tree_to_compact(tree);
    }
    return model.run(r);
}

}  // namespace

void add_verbalize_tools(std::vector<ToolSpec>& tools) {
    std::vector<ArgSpec> args = {
        fen_arg(),
        {.name = "mode",
         .type = ArgType::String,
         .description = "what the model describes: s (the strategy tree), c (the concepts) or sc "
                        "(both)",
         .choices = {"s", "c", "sc"},
         .default_value = "s"},
        {.name = "tree",
         .type = ArgType::String,
         .description = "the strategy tree in the compact form, as JSON text (strategy_tree's "
                        "output with format compact); absent: built now from fen"},
        {.name = "concepts",
         .type = ArgType::String,
         .description = "the puzzle's concepts or lichess themes, separated by commas (modes c "
                        "and sc)"},
        {.name = "refine",
         .type = ArgType::Integer,
         .description = "critic and rewrite rounds after the first description (the paper's 3; "
                        "0: the plain V-*)",
         .minimum = 0,
         .maximum = VerbalizeMaxRefineRounds,
         .default_value = VerbalizeRefineRounds},
        {.name = "deadline",
         .type = ArgType::Integer,
         .description = "seconds the whole call may take, model requests included",
         .minimum = 1,
         .maximum = 3600,
         .default_value = VerbalizeDeadlineSeconds},
        setting_arg(&Settings::tree_plies, "plies",
                    "plies of the tree built when none is given (default: the tree's own depth "
                    "when given)"),
        setting_arg(&Settings::tree_breadth, "breadth",
                    "opponent replies kept at each opponent node of the tree built"),
    };
    for (ArgSpec& a : limit_args()) args.push_back(std::move(a));
    args[args.size() - 3].description =
        "search depth per node of the tree built (default: the suite's tree depth)";
    tools.push_back({
        .name = "verbalize",
        .group = "model",
        .description =
            "A language model describes the strategy of the side to move, as Cui et al.'s "
            "strategy verbalization: from the engine's strategy tree (mode s), the puzzle's "
            "concepts (c) or both (sc), then `refine` rounds in which the same model criticises "
            "and rewrites its description. Needs a model (GLOSSFISH_LLM_URL or the Glossfish LLM "
            "URL option; no_llm_endpoint otherwise); never offered to a model as a tool. Returns "
            "{fen, "
            "side, mode, description, text (the description), tree (compact JSON text), plies, "
            "concepts, rounds: [{round, complete, feedback, description}], requests} "
            "(+incomplete: why, when a refine round failed after a description).",
        .args = std::move(args),
        .needs_engine = true,
        .calls_model = true,
        .handler = verbalize_tool,
    });
}

}  // namespace glossfish::verifier
