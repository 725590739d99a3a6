// The strategy tree as a tool: the same tree as `glossfish tree` and the UCI `tree` command,
// built on the suite's Analyzer, in any of the five formats.
#include "analysis/strategy_tree.h"
#include "analysis/tree_format.h"
#include "tools/tool_registry.h"

namespace glossfish::verifier {

namespace {

nlohmann::json strategy_tree_tool(const ToolCall& call) {
    const Position pos = call.position();
    // The suite's tree settings where the call gives none, as the tree command and UCI have.
    TreeOptions options = tree_options(call.settings());
    options.plies = call.integer("plies", options.plies);
    options.breadth = call.integer("breadth", options.breadth);
    options.limits = call.limits(options.limits);
    options.reproducible = call.boolean("reproducible", options.reproducible);
    if (options.reproducible && options.limits.movetime_ms)
        throw ToolError("bad_arguments", "reproducible needs depth or nodes, not movetime",
                        "reproducible");
    TreeFormat format = TreeFormat::Json;
    if (call.has("format")) format = *parse_tree_format(call.string("format"));

    StrategyTree tree = build_tree(call.analyzer(), pos, options, call.cancel());
    if (tree.error == TreeCancelled) throw ToolError("cancelled", call.cancel_reason());
    if (!tree.ok()) throw ToolError("engine_error", "the strategy tree failed: " + tree.error);
    // The tool's JSON keeps object keys sorted, which would lose the MultiPV order of the
    // compact format's keys: that format comes back as JSON text instead.
    nlohmann::ordered_json info = tree_to_info_json(tree);
    info.erase("tree");
    nlohmann::json out = nlohmann::json::parse(info.dump());
    out["format"] = tree_format_name(format);
    if (format == TreeFormat::Json)
        out["output"] = nlohmann::json::parse(tree_to_json(tree).dump());
    else if (format == TreeFormat::Compact) out["output"] = tree_to_compact(tree).dump();
    else out["output"] = format_tree(tree, format);
    out["searches"] = tree.stats.searches;
    return out;
}

}  // namespace

void add_tree_tools(std::vector<ToolSpec>& tools) {
    std::vector<ArgSpec> args = {
        fen_arg(),
        setting_arg(&Settings::tree_plies, "plies",
                    "how many plies deep (solver and opponent moves)"),
        setting_arg(&Settings::tree_breadth, "breadth",
                    "opponent replies kept at each opponent node (k_strat)"),
        {.name = "format",
         .type = ArgType::String,
         .description = "json (per node san, uci, fen, score, win), compact (nested SAN), text "
                        "(outline), dot (Graphviz) or svg (a picture)",
         .choices = {"json", "compact", "text", "dot", "svg"},
         .default_value = "json"},
        {.name = "reproducible",
         .type = ArgType::Boolean,
         .description = "clear the hash before every search, so the tree depends on the "
                        "position only (needs depth or nodes)",
         .default_value = false},
    };
    for (ArgSpec& a : limit_args()) args.push_back(std::move(a));
    args[args.size() - 3].description =
        "search depth per node (default: the suite's tree depth, 12 unless set)";
    tools.push_back({
        .name = "strategy_tree",
        .group = "engine",
        .description =
            "The engine's partial strategy for the side to move: its best move at the solver's "
            "turns and its top `breadth` replies at the opponent's, `plies` deep, scores from the "
            "solver's view. Returns {fen, solver, plies, breadth, limits, best: {san, uci}, "
            "score, win, size, text (a one-line summary), format, output, searches}; output is "
            "the tree: an object for json (children in MultiPV order), a string for compact "
            "(nested-SAN JSON text), text and dot.",
        .args = std::move(args),
        .needs_engine = true,
        .handler = strategy_tree_tool,
    });
}

}  // namespace glossfish::verifier
