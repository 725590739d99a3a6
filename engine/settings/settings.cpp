// Settings: the table of every setting, its checks, and the factories built on it.
#include "settings/settings.h"

#include <algorithm>

#include "io/input_limits.h"
#include "io/text.h"
#include "io/utf8.h"

#ifndef GLOSSFISH_VERSION
#error "GLOSSFISH_VERSION must come from CMake's PROJECT_VERSION (engine/CMakeLists.txt)"
#endif

namespace glossfish {

namespace {

// The names the surfaces share: a setting is one entry here and nowhere else.
struct Names {
    std::string option, key, flag;
};

SettingSpec make(Names n, SettingType type, std::string def, SettingField field, Rebuild rebuild,
                 std::string help) {
    SettingSpec s;
    s.option = std::move(n.option);
    s.key = std::move(n.key);
    s.flag = std::move(n.flag);
    s.type = type;
    s.default_value = std::move(def);
    s.field = field;
    s.rebuild = rebuild;
    s.help = std::move(help);
    return s;
}

SettingSpec check(Names n, bool def, bool Settings::*field, Rebuild rebuild, std::string help) {
    return make(std::move(n), SettingType::Check, def ? "true" : "false", field, rebuild,
                std::move(help));
}

SettingSpec spin(Names n, long long def, long long lo, long long hi, SettingField field,
                 Rebuild rebuild, std::string help) {
    SettingSpec s = make(std::move(n), SettingType::Spin, def ? std::to_string(def) : "", field,
                         rebuild, std::move(help));
    s.min = lo;
    s.max = hi;
    return s;
}

SettingSpec text(Names n, std::string Settings::*field, Rebuild rebuild, std::string help) {
    return make(std::move(n), SettingType::String, "", field, rebuild, std::move(help));
}

SettingSpec real_text(Names n, std::string Settings::*field,
                      std::optional<std::string> (*checker)(std::string_view, std::string&),
                      std::string kind, Rebuild rebuild, std::string help) {
    SettingSpec s = text(std::move(n), field, rebuild, std::move(help));
    s.check_text = checker;
    s.kind_text = std::move(kind);
    return s;
}

template <typename Enum>
SettingSpec combo(Names n, Enum def, Enum Settings::*field, std::vector<Enum> values,
                  const char* (*name)(Enum), Rebuild rebuild, std::string help) {
    SettingSpec s =
        make(std::move(n), SettingType::Combo, name(def), field, rebuild, std::move(help));
    for (Enum v : values) s.choices.push_back(name(v));
    return s;
}

std::vector<SettingSpec> make_table() {
    using S = Settings;
    const Rebuild none = Rebuild::None, backend = Rebuild::Backend;
    return {
        text({"Stockfish Path", "stockfish", "--stockfish"}, &S::stockfish_path, Rebuild::Engine,
             "Path of the Stockfish binary; empty: $GLOSSFISH_STOCKFISH, then PATH, then "
             "/usr/games/stockfish"),
        check({"Glossfish Quality", "", ""}, true, &S::quality, none,
              "Label the last move of the position during analysis"),
        combo({"Glossfish Quality Scheme", "scheme", "--scheme"}, DefaultQualityScheme,
              &S::quality_scheme, {QualityScheme::Lichess, QualityScheme::ActEval}, scheme_name,
              backend, "Label thresholds: lichess or act-eval"),
        combo({"Glossfish Info Format", "", ""}, InfoFormat::Auto, &S::info_format,
              {InfoFormat::Auto, InfoFormat::Text, InfoFormat::Json, InfoFormat::Both},
              info_format_name, none,
              "glossfish's info lines: text (a sentence a person reads), json (for scripts), "
              "both, or auto (text for a GUI that shows them to a person, json for a script, "
              "else both)"),
        spin({"Glossfish Quality Depth", "quality_depth", "--quality-depth"}, DefaultQualityDepth,
             1, MaxSearchDepth, &S::quality_depth, none, "Search depth of the label searches"),
        check({"Glossfish Reasons", "", ""}, true, &S::reasons, none,
              "Give each label its reasons, every one verified (off: the label alone)"),
        check({"Glossfish Quality In Games", "", ""}, false, &S::quality_in_games, none,
              "Also label moves in timed games (on the analysis pool, never on the game clock)"),
        spin({"Glossfish Analysis Workers", "workers", "--jobs"}, 1, 1, 256, &S::analysis_workers,
             backend, "Stockfish processes kept for our own analysis, apart from the GUI's search"),
        spin({"Glossfish Analysis Hash", "hash", "--hash"}, 16, 1, 65536, &S::analysis_hash_mb,
             backend, "Hash (MB) of each analysis worker"),
        spin({"Glossfish Analysis Threads", "threads", "--threads"}, 1, 1, 256,
             &S::analysis_threads, backend, "Search threads of each analysis worker"),
        spin({"Glossfish Analysis Depth", "depth", "--depth"}, DefaultAnalysisDepth, 1,
             MaxSearchDepth, &S::analysis_depth, backend,
             "Search depth of engine tools and verify when a request gives none"),
        spin({"", "nodes", "--nodes"}, 0, 1, MaxSearchNodes, &S::analysis_nodes, backend,
             "Nodes per search instead of a depth"),
        spin({"", "movetime", "--movetime"}, 0, 1, MaxSearchMovetimeMs, &S::analysis_movetime_ms,
             backend, "Milliseconds per search instead of a depth"),
        check({"", "wdl", ""}, true, &S::show_wdl, backend,
              "Engine tools report win/draw/loss (UCI_ShowWDL on the analysis workers)"),
        check({"Glossfish Tree", "", ""}, false, &S::tree, none,
              "Print the strategy tree of each searched position (glossfish.tree)"),
        spin({"Glossfish Tree Plies", "plies", "--plies"}, DefaultTreePlies, 1, MaxTreePlies,
             &S::tree_plies, none, "Plies of the strategy tree"),
        spin({"Glossfish Tree Breadth", "breadth", "--breadth"}, DefaultTreeBreadth, 1,
             MaxTreeBreadth, &S::tree_breadth, none, "Opponent replies kept per node (k_strat)"),
        spin({"Glossfish Tree Depth", "tree_depth", "--tree-depth"}, DefaultAnalysisDepth, 1,
             MaxSearchDepth, &S::tree_depth, none, "Search depth per tree node"),
        check({"Glossfish Reproducible", "reproducible", "--reproducible"}, false, &S::reproducible,
              backend,
              "Search every analysed position (labels, trees, verify) from a cleared hash, so that "
              "results do not depend on the order or on earlier searches"),
        text({"Glossfish Commentary", "", ""}, &S::commentary, none,
             "Commentary on the last move, verified for each searched position (glossfish.verify)"),
        check({"Glossfish Comment", "", ""}, false, &S::comment, none,
              "For each searched position, the language model comments on the last move; "
              "verified (glossfish.comment)"),
        // The language model (verifier/llm/llm_client.h); the key only ever comes from the
        // environment.
        text(
            {"Glossfish LLM URL", "", ""}, &S::llm_url, backend,
            "OpenAI-compatible endpoint, e.g. http://localhost:8080/v1; empty: $GLOSSFISH_LLM_URL"),
        text({"Glossfish LLM Model", "", ""}, &S::llm_model, backend,
             "Model name sent to the endpoint; empty: $GLOSSFISH_LLM_MODEL"),
        real_text({"", "temperature", "--temperature"}, &S::llm_temperature, check_temperature,
                  "a number 0..2", backend,
                  "Sampling temperature sent to the language model (0 to 2); empty: not sent, "
                  "the server's default"),
        spin({"", "max_tokens", "--max-tokens"}, 0, 1, MaxLlmTokens, &S::llm_max_tokens, backend,
             "Most tokens the language model may write per answer (max_tokens); unset: not "
             "sent, the server's limit"),
        check({"Glossfish Live Page", "", ""}, false, &S::live_page, none,
              "Serve a page on 127.0.0.1 that shows the position, labels, lines, tree and "
              "commentary as the GUI moves (glossfish.live has its address; `glossfish live`)"),
        check({"Glossfish Live Open", "", ""}, true, &S::live_open, none,
              "Open the live page in the browser (xdg-open) when it first starts, once per engine "
              "start; only where a display is found (DISPLAY or WAYLAND_DISPLAY)"),
    };
}

std::string join_choices(const std::vector<std::string>& choices, const char* last) {
    std::string out;
    for (std::size_t i = 0; i < choices.size(); ++i)
        out += (i == 0 ? "" : i + 1 == choices.size() ? last : ", ") + choices[i];
    return out;
}

}  // namespace

std::optional<std::string> check_temperature(std::string_view what, std::string& text) {
    const std::string t(trim(text));
    if (t.empty()) {
        text.clear();
        return std::nullopt;
    }
    // Plain decimals only ("0.7", "1", ".5"): no exponent, sign, inf or nan.
    const bool plain = t.find_first_not_of("0123456789.") == std::string::npos &&
                       std::count(t.begin(), t.end(), '.') <= 1 && t != ".";
    const std::optional<double> v = plain ? to_number<double>(t) : std::nullopt;
    if (!v || *v < 0 || *v > MaxTemperature)
        return std::string(what) + " must be a number 0..2, got " + quote_input(text);
    text = t;
    return std::nullopt;
}

Settings::Settings() {
    for (const SettingSpec& spec : setting_table()) set_setting(*this, spec, spec.default_value);
}

bool SettingSpec::optional_number() const {
    return std::holds_alternative<std::optional<std::uint64_t> Settings::*>(field) ||
           std::holds_alternative<std::optional<int> Settings::*>(field);
}

std::string SettingSpec::kind() const {
    switch (type) {
    case SettingType::Check: return "true or false";
    case SettingType::Spin: return "an integer " + std::to_string(min) + ".." + std::to_string(max);
    case SettingType::Combo: return join_choices(choices, " or ");
    case SettingType::String: return kind_text.empty() ? "text" : kind_text;
    }
    return "text";
}

OptionDecl SettingSpec::option_decl() const {
    OptionDecl d;
    d.name = option;
    static const char* const types[] = {"check", "spin", "combo", "string"};
    d.type = types[int(type)];
    d.default_value = default_value;
    if (type == SettingType::Spin) d.min = min, d.max = max;
    d.vars = choices;
    return d;
}

const std::vector<SettingSpec>& setting_table() {
    static const std::vector<SettingSpec> table = make_table();
    return table;
}

const SettingSpec& setting_of(SettingField field) {
    for (const SettingSpec& s : setting_table())
        if (s.field == field) return s;
    std::abort();  // every member of Settings is in the table (SettingsTable.EveryFieldOnce)
}

const SettingSpec* find_option(std::string_view name) {
    for (const SettingSpec& s : setting_table())
        if (!s.option.empty() && iequals(s.option, name)) return &s;
    return nullptr;
}

const SettingSpec* find_key(std::string_view key) {
    for (const SettingSpec& s : setting_table())
        if (!s.key.empty() && s.key == key) return &s;
    return nullptr;
}

std::optional<std::string> check_setting(const SettingSpec& spec, std::string_view what,
                                         std::string& text, bool has_value) {
    const std::string subject(what);
    if (!has_value && spec.type != SettingType::String) return subject + " needs a value";
    switch (spec.type) {
    case SettingType::Spin: {
        const auto n = to_number<long long>(text);
        if (!n || *n < spec.min || *n > spec.max)
            return range_error(subject, spec.min, spec.max, text);
        text = std::to_string(*n);
        return std::nullopt;
    }
    case SettingType::Check: {
        const std::string v = lower(text);
        if (v != "true" && v != "false")
            return subject + " must be true or false, got " + quote_input(text);
        text = v;
        return std::nullopt;
    }
    case SettingType::Combo: {
        auto it = std::find_if(spec.choices.begin(), spec.choices.end(),
                               [&](const std::string& c) { return iequals(c, text); });
        if (it == spec.choices.end()) return choice_error(subject, spec.choices, text);
        text = *it;
        return std::nullopt;
    }
    case SettingType::String:
        if (text.size() > MaxOptionValueBytes)
            return subject + " takes at most " + std::to_string(MaxOptionValueBytes) +
                   " bytes, got " + quote_input(text);
        if (spec.check_text) return spec.check_text(subject, text);
        return std::nullopt;
    }
    return std::nullopt;
}

std::optional<std::string> check_setting_json(const SettingSpec& spec, std::string_view what,
                                              const nlohmann::json& value, std::string& text) {
    if (value.is_null()) {
        text = spec.default_value;
        return std::nullopt;
    }
    const bool fits = spec.type == SettingType::Spin ? value.is_number_integer()
                      : spec.type == SettingType::Check
                          ? value.is_boolean()
                          : value.is_string() || (spec.check_text && value.is_number());
    if (!fits) {
        // A string shows as its text, as the same value typed on a command line or in UCI would;
        // one that would be right as a number or a boolean says that it is a string.
        std::string shown =
            value.is_string()
                ? value.get<std::string>()
                : value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        if (std::string copy = shown; value.is_string() && !check_setting(spec, what, copy)) {
            const std::string base =
                spec.type == SettingType::Spin
                    ? range_error(what, spec.min, spec.max, shown)
                    : std::string(what) + " must be " + spec.kind() + ", got " + quote_input(shown);
            return base + " (a JSON string; give it as a " +
                   (spec.type == SettingType::Spin ? "number" : "boolean") + ")";
        }
        if (spec.type == SettingType::Spin) return range_error(what, spec.min, spec.max, shown);
        return std::string(what) + " must be " +
               (spec.type == SettingType::String ? "a string" : spec.kind()) + ", got " +
               quote_input(shown);
    }
    text = value.is_string() ? value.get<std::string>() : value.dump();
    return check_setting(spec, what, text);
}

std::string setting_text(const Settings& s, const SettingSpec& spec) {
    return std::visit(
        [&](auto member) -> std::string {
            const auto& v = s.*member;
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, bool>) return v ? "true" : "false";
            else if constexpr (std::is_same_v<T, int>) return std::to_string(v);
            else if constexpr (std::is_same_v<T, std::string>) return v;
            else if constexpr (std::is_same_v<T, QualityScheme>) return scheme_name(v);
            else if constexpr (std::is_same_v<T, InfoFormat>) return info_format_name(v);
            else return v ? std::to_string(*v) : std::string();
        },
        spec.field);
}

void set_setting(Settings& s, const SettingSpec& spec, const std::string& text) {
    std::visit(
        [&](auto member) {
            auto& v = s.*member;
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, bool>) v = text == "true";
            else if constexpr (std::is_same_v<T, int>) v = to_number<int>(text).value_or(0);
            else if constexpr (std::is_same_v<T, std::string>) v = text;
            else if constexpr (std::is_same_v<T, QualityScheme>)
                v = parse_scheme(text).value_or(DefaultQualityScheme);
            else if constexpr (std::is_same_v<T, InfoFormat>)
                v = parse_info_format(text).value_or(InfoFormat::Auto);
            else if (text.empty()) v.reset();
            else v = to_number<typename T::value_type>(text);
        },
        spec.field);
}

std::optional<std::string> apply_option(Settings& s, std::string_view name, std::string value) {
    const SettingSpec* spec = find_option(name);
    if (!spec) return "no option " + quote_input(name);
    if (auto err = check_setting(*spec, "option '" + spec->option + "'", value)) return err;
    set_setting(s, *spec, value);
    return std::nullopt;
}

std::optional<std::string> apply_keys(Settings& settings, const nlohmann::json& config) {
    if (!config.is_object()) return std::string("the settings must be a JSON object");
    Settings next = settings;
    for (const auto& [key, value] : config.items()) {
        const SettingSpec* spec = find_key(key);
        if (!spec) {
            std::string known;
            for (const SettingSpec& s : setting_table())
                if (!s.key.empty()) known += (known.empty() ? "" : ", ") + s.key;
            return "unknown setting " + quote_input(key) + " (known: " + known + ")";
        }
        std::string text;
        if (auto err = check_setting_json(*spec, "setting '" + key + "'", value, text)) return err;
        set_setting(next, *spec, text);
    }
    settings = std::move(next);
    return std::nullopt;
}

nlohmann::json settings_json(const Settings& s) {
    nlohmann::json out = nlohmann::json::object();
    for (const SettingSpec& spec : setting_table()) {
        if (spec.key.empty()) continue;
        const std::string text = setting_text(s, spec);
        if (spec.type == SettingType::Spin)
            out[spec.key] = text.empty() ? nlohmann::json(nullptr)
                                         : nlohmann::json(*to_number<long long>(text));
        else if (spec.type == SettingType::Check) out[spec.key] = text == "true";
        else out[spec.key] = text;
    }
    return out;
}

const char* version() { return GLOSSFISH_VERSION; }

const char* info_format_name(InfoFormat f) {
    switch (f) {
    case InfoFormat::Auto: return "auto";
    case InfoFormat::Text: return "text";
    case InfoFormat::Json: return "json";
    case InfoFormat::Both: return "both";
    }
    return "both";
}

std::optional<InfoFormat> parse_info_format(std::string_view name) {
    for (InfoFormat f : {InfoFormat::Auto, InfoFormat::Text, InfoFormat::Json, InfoFormat::Both})
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

namespace {

// The node or time limit when one is set, else the given depth.
AnalysisLimits limits_or_depth(const Settings& s, int depth) {
    AnalysisLimits l;
    if (s.analysis_nodes) l.nodes = *s.analysis_nodes;
    if (s.analysis_movetime_ms) l.movetime_ms = *s.analysis_movetime_ms;
    if (l.empty()) l.depth = depth;
    l.reproducible = s.reproducible;
    return l;
}

}  // namespace

AnalysisLimits default_limits(const Settings& s) { return limits_or_depth(s, s.analysis_depth); }

AnalysisLimits label_limits(const Settings& s) { return limits_or_depth(s, s.quality_depth); }

TreeOptions tree_options(const Settings& s) {
    TreeOptions o;
    o.plies = s.tree_plies;
    o.breadth = s.tree_breadth;
    o.limits = limits_or_depth(s, s.tree_depth);
    o.limits.reproducible = false;  // TreeOptions::reproducible says it for the tree
    o.reproducible = s.reproducible;
    return o;
}

AnnotateOptions annotate_options(const Settings& s) {
    AnnotateOptions o;
    o.limits = label_limits(s);
    o.scheme = s.quality_scheme;
    o.jobs = s.analysis_workers;
    return o;
}

}  // namespace glossfish
