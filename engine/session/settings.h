// Settings: every default that a surface (UCI, command line, C plugin) uses, declared once,
// with the project version and the table of glossfish's own UCI options. Every surface starts
// from Settings{} and changes only what its user asked for, so the same request gives the
// same answer everywhere.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/quality.h"
#include "host/analyzer.h"
#include "host/uci_protocol.h"

namespace glossfish {

// ---- Defaults (docs/uci.md, "The engine API") ----

// Search depth of engine tools, verify predicates, strategy-tree nodes, TEPP evaluations and
// engine players when a request gives no depth, nodes or movetime.
inline constexpr int DefaultAnalysisDepth = 12;
// Search depth of move-quality labels (label, annotate, Glossfish Quality Depth).
inline constexpr int DefaultQualityDepth = 14;
// Depth of the quick label printed first in analysis, before the one at the quality depth.
inline constexpr int QuickQualityDepth = 8;
// Label thresholds: lichess's, what lichess.org shows; act-eval stays selectable.
inline constexpr QualityScheme DefaultQualityScheme = QualityScheme::Lichess;
inline constexpr int DefaultTreePlies = 3;    // strategy-tree plies
inline constexpr int DefaultTreeBreadth = 3;  // opponent replies kept per node (k_strat)
inline constexpr int DefaultAnalysisWorkers = 1;
inline constexpr int DefaultAnalysisHashMb = 16;
inline constexpr int DefaultAnalysisThreads = 1;

// Limits every surface checks the same way.
inline constexpr int MaxPerftDepth = 12;       // perft depth 1..12 (UCI go perft, CLI, plugin)
inline constexpr int MaxOptionDepth = 60;      // UCI depth options, label depth, @depth=
inline constexpr int MaxToolDepth = 40;        // the tools' and verify's "depth" argument
inline constexpr int MaxAnalysisWorkers = 16;  // Glossfish Analysis Workers
inline constexpr int MaxAnalysisHashMb = 4096;

// Input bounds (docs/uci.md "Input limits"): longer input is rejected with an error that quotes
// at most QuoteBytes of it (io/input_limits.h).
inline constexpr std::size_t MaxUciLineBytes = 1 << 20;   // one UCI input line (1 MiB)
inline constexpr std::size_t MaxPositionMoves = 12000;    // moves after `position ... moves`
inline constexpr std::size_t MaxOptionValueBytes = 8192;  // a string option's value
inline constexpr std::size_t MaxQueuedRequests = 64;      // label/tree/tool/verify waiting

// How glossfish's own info lines are written: `info string glossfish.<kind> <json>` for
// scripts, `info string glossfish: <sentence>` for people, or both (the default: scripts find
// their JSON, GUIs that show engine text show the sentence).
enum class InfoFormat { Text, Json, Both };
const char* info_format_name(InfoFormat f);  // "text", "json", "both"
std::optional<InfoFormat> parse_info_format(std::string_view name);
inline constexpr InfoFormat DefaultInfoFormat = InfoFormat::Both;

// What one glossfish session (a UCI engine, a command, a plugin handle) runs with.
struct Settings {
    std::string stockfish_path;  // empty: $GLOSSFISH_STOCKFISH, PATH, /usr/games/stockfish
    int analysis_depth = DefaultAnalysisDepth;
    int quality_depth = DefaultQualityDepth;
    QualityScheme quality_scheme = DefaultQualityScheme;
    bool quality = true;            // label the last move during analysis (UCI)
    bool quality_in_games = false;  // also in timed games (UCI)
    int analysis_workers = DefaultAnalysisWorkers;
    int analysis_hash_mb = DefaultAnalysisHashMb;
    int analysis_threads = DefaultAnalysisThreads;
    InfoFormat info_format = DefaultInfoFormat;  // UCI
    bool show_wdl = true;  // engine tools report win/draw/loss (UCI_ShowWDL on the workers)
    bool tree = false;     // print the strategy tree after each search (UCI)
    int tree_plies = DefaultTreePlies;
    int tree_breadth = DefaultTreeBreadth;
    int tree_depth = DefaultAnalysisDepth;
    // Reproducible analysis: labels, trees and verify searches start from a cleared hash
    // (AnalysisLimits::reproducible), so their results do not depend on what ran before.
    bool reproducible = false;
    std::string commentary;          // verified after each search (UCI)
    bool comment = false;            // LLM commentary after each search (UCI)
    std::string llm_url, llm_model;  // empty: $GLOSSFISH_LLM_URL / $GLOSSFISH_LLM_MODEL
    // Default limit of engine tools and verify when a call gives none (nodes/movetime: plugin).
    std::optional<std::uint64_t> analysis_nodes;
    std::optional<int> analysis_movetime_ms;
    bool live_page = false;  // serve the live page on 127.0.0.1 (UCI; uci-wrapper/live/)
};

// The project version from CMake's PROJECT_VERSION, e.g. "0.1.0".
const char* version();

// The analysis pool of these settings: workers, hash, threads, Stockfish path, and
// UCI_ShowWDL when show_wdl (so engine tools report win/draw/loss on every surface).
Analyzer::Config analyzer_config(const Settings& settings);
// The limits of an engine tool or verify call that gives none: analysis_nodes or
// analysis_movetime_ms when set, else depth analysis_depth.
AnalysisLimits default_limits(const Settings& settings);

// Whether a perft depth is allowed; otherwise the one error text every surface gives.
std::optional<std::string> check_perft_depth(long long depth);

// ---- glossfish's own UCI options ----

// One option: its `option name ... type ...` fields, default from Settings{}, and help text.
struct OptionSpec {
    std::string name, type, default_value, help;
    long long min = 0, max = 0;     // spin only
    std::vector<std::string> vars;  // combo only
};

// Every option glossfish declares itself, in `uci` order.
const std::vector<OptionSpec>& option_table();
// The option called name (case-insensitive), or null.
const OptionSpec* find_option(std::string_view name);
// The option as a UCI `option` line declares it.
OptionDecl option_decl(const OptionSpec& spec);

// Checks value against a declared option (check/spin/combo/button/string) and rewrites it to
// its canonical spelling ("TRUE" -> "true", a combo choice as declared); has_value is false when
// `setoption` gave no value. Returns the error text, e.g. "option 'Hash' must be an integer
// 1..33554432, got 'x'".
std::optional<std::string> check_option_value(const OptionDecl& decl, std::string& value,
                                              bool has_value = true);
// The same for one of our own options.
std::optional<std::string> check_option_value(const OptionSpec& spec, std::string& value,
                                              bool has_value = true);

// Validates and applies one of our own options to settings; unknown name or bad value gives
// the error text and leaves settings unchanged.
std::optional<std::string> apply_option(Settings& settings, std::string_view name,
                                        std::string value);

}  // namespace glossfish
