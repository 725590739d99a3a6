// Settings: what one glossfish session (a UCI engine, a command, a plugin handle, an MCP server)
// runs with, and the one table that declares every setting once: its UCI option, its gf_open key
// and tool argument, its command-line flag, its type, default, range and help, the Settings field
// it sets and what must be made again when it changes. Every surface reads its names, defaults,
// ranges and error texts from that table (docs/uci.md "Options", docs/cli.md "Flags"), and
// every surface builds its analysis pool, tool suite and limits from Settings through the
// factories at the end of this file, so the same request gives the same answer everywhere.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "analysis/annotate.h"
#include "analysis/quality.h"
#include "analysis/strategy_tree.h"
#include "host/analyzer.h"
#include "host/uci_protocol.h"

namespace glossfish {

// How glossfish's own info lines are written: `info string glossfish.<kind> <json>` for
// scripts, `info string glossfish: <sentence>` for people, or both (scripts find their JSON,
// GUIs that show engine text show the sentence). Auto, the default: one of the three by the
// program that started the engine (auto_info_format in uci/uci_engine.h, docs/uci.md).
enum class InfoFormat { Auto, Text, Json, Both };
const char* info_format_name(InfoFormat f);  // "auto", "text", "json", "both"
std::optional<InfoFormat> parse_info_format(std::string_view name);

// The values. A default-constructed Settings holds every default of the table below.
struct Settings {
    Settings();

    std::string stockfish_path;  // empty: $GLOSSFISH_STOCKFISH, PATH, /usr/games/stockfish
    bool quality;                // label the last move during analysis (UCI)
    bool reasons;                // the labels' reasons (UCI)
    bool quality_in_games;       // also in timed games (UCI)
    QualityScheme quality_scheme;
    InfoFormat info_format;  // UCI
    int quality_depth;       // label searches
    int analysis_depth;      // engine tools, verify, engine players, TEPP evaluations
    // Instead of the depths: a node or time limit for every search (tools, labels, trees).
    std::optional<std::uint64_t> analysis_nodes;
    std::optional<int> analysis_movetime_ms;
    int analysis_workers;  // Stockfish children of the analysis pool
    int analysis_hash_mb;
    int analysis_threads;
    bool show_wdl;  // engine tools report win/draw/loss (UCI_ShowWDL on the workers)
    bool tree;      // print the strategy tree after each search (UCI)
    int tree_plies;
    int tree_breadth;
    int tree_depth;
    // Reproducible analysis: labels, trees and verify searches start from a cleared hash
    // (AnalysisLimits::reproducible), so their results do not depend on what ran before.
    bool reproducible;
    std::string commentary;          // verified after each search (UCI)
    bool comment;                    // LLM commentary after each search (UCI)
    std::string llm_url, llm_model;  // empty: $GLOSSFISH_LLM_URL / $GLOSSFISH_LLM_MODEL
    // Sampling sent with every model request: "temperature" (a decimal 0..2, checked by the
    // table; empty: not sent, the server's default) and "max_tokens" (unset: not sent).
    std::string llm_temperature;
    std::optional<int> llm_max_tokens;
    bool live_page;  // serve the live page on 127.0.0.1 (UCI; uci-wrapper/live/)
    bool live_open;  // open it in the browser once per start (host/open_url.h)
};

// ---- the table ----

enum class SettingType { Check, Spin, Combo, String };

// What a change of the setting makes again in a running Session (Session::set_option).
enum class Rebuild {
    None,     // read by the Session when it next needs it
    Backend,  // the analysis pool and the verifier made from the settings, on their next use
    Engine,   // the GUI's Stockfish restarts now, and the backend is made again
};

// The Settings member a setting sets.
using SettingField =
    std::variant<bool Settings::*, int Settings::*, std::string Settings::*,
                 QualityScheme Settings::*, InfoFormat Settings::*,
                 std::optional<std::uint64_t> Settings::*, std::optional<int> Settings::*>;

struct SettingSpec {
    std::string option;  // UCI option name ("" : not a UCI option)
    std::string key;     // gf_open key, `glossfish mcp`'s and the tools' argument ("" : none)
    std::string flag;    // command-line flag, e.g. "--hash" ("" : none)
    SettingType type = SettingType::Check;
    std::string default_value;         // canonical text; "" for an optional number that is unset
    long long min = 0, max = 0;        // Spin
    std::vector<std::string> choices;  // Combo
    std::string help;
    Rebuild rebuild = Rebuild::None;
    SettingField field;
    // A String setting with a checker: the text must pass it (a decimal in a range, as the
    // temperature); `kind_text` then says what the value must be. Null: any text.
    std::optional<std::string> (*check_text)(std::string_view what, std::string& text) = nullptr;
    std::string kind_text;

    // A spin whose default is "no limit" (nodes, movetime): it has no UCI form.
    bool optional_number() const;
    // "integer 1..60", "true or false", "lichess or act-eval", "text": what the value must be.
    std::string kind() const;
    // The option as a UCI `option` line declares it (option != "").
    OptionDecl option_decl() const;
};

// The sampling temperature of the table's "temperature": empty text (not sent) or a decimal
// 0..2; the error says what was wrong ("--temperature must be a number 0..2, got 'hot'").
std::optional<std::string> check_temperature(std::string_view what, std::string& text);
inline constexpr double MaxTemperature = 2.0;
inline constexpr int MaxLlmTokens = 1'000'000;

// Every setting, UCI options in `uci` order.
const std::vector<SettingSpec>& setting_table();
// The setting of a Settings member (every member has one).
const SettingSpec& setting_of(SettingField field);
// The setting named `name` as a UCI option (case-insensitive), or as a key; null if none.
const SettingSpec* find_option(std::string_view name);
const SettingSpec* find_key(std::string_view key);

// Checks text against spec and rewrites it to its canonical spelling ("TRUE" -> "true", a combo
// choice as declared, "007" -> "7"). has_value is false when `setoption` gave no value. `what`
// is the setting as the surface spells it ("option 'Glossfish Analysis Hash'", "--hash",
// "setting 'hash'"); the error reads "<what> must be an integer 1..65536, got '70000'" (the one
// wording of every surface: range_error, io/text.h).
std::optional<std::string> check_setting(const SettingSpec& spec, std::string_view what,
                                         std::string& text, bool has_value = true);
// The same for a JSON value (gf_open's config, `glossfish mcp`'s settings): an integer, a
// boolean or a string, as the type wants; null gives the default.
std::optional<std::string> check_setting_json(const SettingSpec& spec, std::string_view what,
                                              const nlohmann::json& value, std::string& text);
// The setting's value in settings, canonical text ("" for an unset optional number).
std::string setting_text(const Settings& settings, const SettingSpec& spec);
// Sets the field from canonical text (checked before).
void set_setting(Settings& settings, const SettingSpec& spec, const std::string& text);

// Validates and applies one UCI option of ours by name; an unknown name or a bad value gives
// the error text and leaves settings unchanged.
std::optional<std::string> apply_option(Settings& settings, std::string_view name,
                                        std::string value);
// Settings from a JSON object of keys (gf_open's config): unknown keys and bad values give the
// error text (the first one) and nothing is set.
std::optional<std::string> apply_keys(Settings& settings, const nlohmann::json& config);
// The settings as a JSON object of keys (gf_call "settings"): numbers, booleans, strings; an
// unset optional number is null.
nlohmann::json settings_json(const Settings& settings);

// The project version from CMake's PROJECT_VERSION, e.g. "0.1.0".
const char* version();

// ---- the factories every surface builds its analysis with ----

// The analysis pool: workers, hash, threads, Stockfish path, and UCI_ShowWDL when show_wdl.
Analyzer::Config analyzer_config(const Settings& settings);
// The limits of an engine tool or verify call that gives none: analysis_nodes or
// analysis_movetime_ms when set, else depth analysis_depth; reproducible as set.
AnalysisLimits default_limits(const Settings& settings);
// The limits of a label search: nodes or movetime when set, else quality_depth.
AnalysisLimits label_limits(const Settings& settings);
// A strategy tree's options: plies, breadth, nodes or movetime when set else tree_depth,
// reproducible.
TreeOptions tree_options(const Settings& settings);
// Game annotation (annotate, report): label_limits, quality_scheme, analysis_workers games at once.
AnnotateOptions annotate_options(const Settings& settings);

}  // namespace glossfish
