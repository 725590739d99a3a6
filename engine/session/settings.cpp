// Settings: the shared defaults, the version, and glossfish's own UCI options.
#include "session/settings.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "analysis/strategy_tree.h"
#include "host/uci_input.h"
#include "io/text.h"

#ifndef GLOSSFISH_VERSION
#error "GLOSSFISH_VERSION must come from CMake's PROJECT_VERSION (engine/CMakeLists.txt)"
#endif

namespace glossfish {

namespace {

std::string text(bool b) { return b ? "true" : "false"; }

std::vector<OptionSpec> make_table() {
    const Settings d;  // every default below comes from here
    auto spin = [](std::string name, int def, long long mn, long long mx, std::string help) {
        return OptionSpec{
            std::move(name), "spin", std::to_string(def), std::move(help), mn, mx, {}};
    };
    auto check = [](std::string name, bool def, std::string help) {
        return OptionSpec{std::move(name), "check", text(def), std::move(help), 0, 0, {}};
    };
    auto string = [](std::string name, std::string def, std::string help) {
        return OptionSpec{std::move(name), "string", std::move(def), std::move(help), 0, 0, {}};
    };
    return {
        string("Stockfish Path", d.stockfish_path,
               "Path of the Stockfish binary; empty: $GLOSSFISH_STOCKFISH, then PATH, then "
               "/usr/games/stockfish"),
        check("Glossfish Quality", d.quality,
              "Label the last move of the position during analysis"),
        OptionSpec{"Glossfish Quality Scheme",
                   "combo",
                   scheme_name(d.quality_scheme),
                   "Label thresholds: lichess or act-eval",
                   0,
                   0,
                   {"lichess", "act-eval"}},
        OptionSpec{"Glossfish Info Format",
                   "combo",
                   info_format_name(d.info_format),
                   "glossfish's info lines: text (a sentence a person reads), json (for scripts) "
                   "or both",
                   0,
                   0,
                   {"text", "json", "both"}},
        spin("Glossfish Quality Depth", d.quality_depth, 1, MaxOptionDepth,
             "Search depth of the label searches"),
        check("Glossfish Quality In Games", d.quality_in_games,
              "Also label moves in timed games (on the analysis pool, never on the game clock)"),
        spin("Glossfish Analysis Workers", d.analysis_workers, 1, MaxAnalysisWorkers,
             "Stockfish processes kept for our own analysis, apart from the GUI's search"),
        spin("Glossfish Analysis Hash", d.analysis_hash_mb, 1, MaxAnalysisHashMb,
             "Hash (MB) of each analysis worker"),
        check("Glossfish Tree", d.tree,
              "Print the strategy tree of each searched position (glossfish.tree)"),
        spin("Glossfish Tree Plies", d.tree_plies, 1, MaxTreePlies, "Plies of the strategy tree"),
        spin("Glossfish Tree Breadth", d.tree_breadth, 1, MaxTreeBreadth,
             "Opponent replies kept per node (k_strat)"),
        spin("Glossfish Tree Depth", d.tree_depth, 1, MaxOptionDepth, "Search depth per tree node"),
        check("Glossfish Reproducible", d.reproducible,
              "Search every analysed position (labels, trees, verify) from a cleared hash, so that "
              "results do not depend on the order or on earlier searches"),
        string(
            "Glossfish Commentary", d.commentary,
            "Commentary on the last move, verified for each searched position (glossfish.verify)"),
        check("Glossfish Comment", d.comment,
              "For each searched position, the language model comments on the last move; "
              "verified (glossfish.comment)"),
        // The language model (verifier/llm/llm_client.h); the key only ever comes from the
        // environment.
        string(
            "Glossfish LLM URL", d.llm_url,
            "OpenAI-compatible endpoint, e.g. http://localhost:8080/v1; empty: $GLOSSFISH_LLM_URL"),
        string("Glossfish LLM Model", d.llm_model,
               "Model name sent to the endpoint; empty: $GLOSSFISH_LLM_MODEL"),
        check("Glossfish Live Page", d.live_page,
              "Serve a page on 127.0.0.1 that shows the position, labels, lines, tree and "
              "commentary as the GUI moves (glossfish.live has its address; `glossfish live`)"),
    };
}

}  // namespace

OptionDecl option_decl(const OptionSpec& s) {
    OptionDecl d;
    d.name = s.name;
    d.type = s.type;
    if (s.type != "button") d.default_value = s.default_value;
    if (s.type == "spin") d.min = s.min, d.max = s.max;
    d.vars = s.vars;
    return d;
}

const char* version() { return GLOSSFISH_VERSION; }

const char* info_format_name(InfoFormat f) {
    switch (f) {
    case InfoFormat::Text: return "text";
    case InfoFormat::Json: return "json";
    case InfoFormat::Both: return "both";
    }
    return "both";
}

std::optional<InfoFormat> parse_info_format(std::string_view name) {
    for (InfoFormat f : {InfoFormat::Text, InfoFormat::Json, InfoFormat::Both})
        if (iequals(name, info_format_name(f))) return f;
    return std::nullopt;
}

Analyzer::Config analyzer_config(const Settings& s) {
    Analyzer::Config c;
    c.workers = s.analysis_workers;
    c.hash_mb = s.analysis_hash_mb;
    c.threads_per_worker = s.analysis_threads;
    c.engine_path = s.stockfish_path;
    if (s.show_wdl) c.options.emplace_back("UCI_ShowWDL", "true");
    return c;
}

AnalysisLimits default_limits(const Settings& s) {
    AnalysisLimits l;
    if (s.analysis_nodes) l.nodes = *s.analysis_nodes;
    if (s.analysis_movetime_ms) l.movetime_ms = *s.analysis_movetime_ms;
    if (l.empty()) l.depth = s.analysis_depth;
    l.reproducible = s.reproducible;
    return l;
}

std::optional<std::string> check_perft_depth(long long depth) {
    if (depth >= 1 && depth <= MaxPerftDepth) return std::nullopt;
    return "perft depth must be 1.." + std::to_string(MaxPerftDepth) + ", got " +
           std::to_string(depth);
}

const std::vector<OptionSpec>& option_table() {
    static const std::vector<OptionSpec> table = make_table();
    return table;
}

const OptionSpec* find_option(std::string_view name) {
    for (const OptionSpec& o : option_table())
        if (iequals(o.name, name)) return &o;
    return nullptr;
}

std::optional<std::string> check_option_value(const OptionDecl& d, std::string& value,
                                              bool has_value) {
    const std::string quoted = "option '" + d.name + "'";
    if (d.type == "button") {
        if (has_value && !value.empty()) return quoted + " is a button and takes no value";
        return std::nullopt;
    }
    if (!has_value && d.type != "string") return quoted + " needs a value";
    if (d.type == "spin") {
        const auto n = to_number<long long>(value);
        if (!n || (d.min && *n < *d.min) || (d.max && *n > *d.max))
            return quoted + " must be an integer " + (d.min ? std::to_string(*d.min) : "") + ".." +
                   (d.max ? std::to_string(*d.max) : "") + ", got " + quote_input(value);
        value = std::to_string(*n);
    } else if (d.type == "check") {
        const std::string v = lower(value);
        if (v != "true" && v != "false")
            return quoted + " must be true or false, got " + quote_input(value);
        value = v;
    } else if (d.type == "combo") {
        auto it = std::find_if(d.vars.begin(), d.vars.end(),
                               [&](const std::string& v) { return iequals(v, value); });
        if (it == d.vars.end()) return quoted + " has no choice " + quote_input(value);
        value = *it;
    } else if (d.type == "string" && value.size() > MaxOptionValueBytes) {
        return quoted + " takes at most " + std::to_string(MaxOptionValueBytes) + " bytes, got " +
               quote_input(value);
    }
    return std::nullopt;
}

std::optional<std::string> check_option_value(const OptionSpec& spec, std::string& value,
                                              bool has_value) {
    return check_option_value(option_decl(spec), value, has_value);
}

std::optional<std::string> apply_option(Settings& s, std::string_view name, std::string value) {
    const OptionSpec* spec = find_option(name);
    if (!spec) return "no option " + quote_input(name);
    if (auto err = check_option_value(*spec, value)) return err;
    const std::string& n = spec->name;
    const bool on = value == "true";
    const int number = spec->type == "spin" ? int(*to_number<long long>(value)) : 0;
    if (n == "Stockfish Path") s.stockfish_path = value;
    else if (n == "Glossfish Quality") s.quality = on;
    else if (n == "Glossfish Quality Scheme") s.quality_scheme = *parse_scheme(value);
    else if (n == "Glossfish Quality Depth") s.quality_depth = number;
    else if (n == "Glossfish Info Format") s.info_format = *parse_info_format(value);
    else if (n == "Glossfish Quality In Games") s.quality_in_games = on;
    else if (n == "Glossfish Analysis Workers") s.analysis_workers = number;
    else if (n == "Glossfish Analysis Hash") s.analysis_hash_mb = number;
    else if (n == "Glossfish Tree") s.tree = on;
    else if (n == "Glossfish Tree Plies") s.tree_plies = number;
    else if (n == "Glossfish Tree Breadth") s.tree_breadth = number;
    else if (n == "Glossfish Tree Depth") s.tree_depth = number;
    else if (n == "Glossfish Reproducible") s.reproducible = on;
    else if (n == "Glossfish Commentary") s.commentary = value;
    else if (n == "Glossfish Comment") s.comment = on;
    else if (n == "Glossfish LLM URL") s.llm_url = value;
    else if (n == "Glossfish LLM Model") s.llm_model = value;
    else if (n == "Glossfish Live Page") s.live_page = on;
    return std::nullopt;
}

}  // namespace glossfish
