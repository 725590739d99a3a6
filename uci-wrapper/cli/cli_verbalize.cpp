// `glossfish verbalize`: a language model describes the strategy of a position or puzzle
// (V-S, V-C, V-S+C) from a strategy tree built on the fly or read from a file, with optional
// self-refinement rounds (RV-*). A thin translator over verifier/llm/verbalizer.h.
#include <chrono>
#include <cstdio>
#include <optional>

#include "analysis/puzzles.h"
#include "analysis/strategy_tree.h"
#include "analysis/tree_format.h"
#include "cli/cli.h"
#include "cli/flags.h"
#include "io/input_file.h"
#include "io/input_limits.h"
#include "io/text.h"
#include "io/utf8.h"
#include "llm/verbalizer.h"
#include "rules/notation.h"
#include "service/session_provider.h"
#include "settings/settings.h"

namespace glossfish::cli {

namespace {

const char* VerbalizeUsage =
    "usage: glossfish verbalize (--fen FEN | --csv FILE --id ID | --tree FILE.json)\n"
    "                           [--mode s|c|sc] [--refine N] [--concepts A,B,...]\n"
    "                           [--plies P] [--breadth K] [--depth D] [--jobs N] [--out FILE]\n"
    "                           [--deadline SECONDS] [--temperature T] [--max-tokens N]\n"
    "                           [--pretty] [--verbose]\n"
    "  --deadline S  the whole command ends within S seconds (default 300): no model request\n"
    "                runs past it\n"
    "  the model comes from GLOSSFISH_LLM_URL, GLOSSFISH_LLM_MODEL, GLOSSFISH_LLM_KEY\n";

using verifier::VerbalizeInput;
using verifier::VerbalizeMode;

// The compact form of a rich-JSON node's children ({"children":[{"san",…}]}).
std::optional<nlohmann::ordered_json> rich_to_compact(const nlohmann::ordered_json& node,
                                                      std::string* error) {
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    auto children = node.find("children");
    if (children == node.end()) return out;
    if (!children->is_array()) {
        *error = "\"children\" must be an array";
        return std::nullopt;
    }
    for (const auto& c : *children) {
        if (!c.is_object() || !c.contains("san") || !c["san"].is_string()) {
            *error = "a node in \"children\" has no \"san\"";
            return std::nullopt;
        }
        auto sub = rich_to_compact(c, error);
        if (!sub) return std::nullopt;
        out[c["san"].get<std::string>()] = std::move(*sub);
    }
    return out;
}

// Reads --tree FILE: the rich JSON of `glossfish tree --format json`, a record of `glossfish
// puzzles` ({"fen","tree","themes","plies"}) or a bare compact tree (then fen comes from --fen).
bool read_tree_file(const std::string& path, std::string& fen, VerbalizeInput& input,
                    std::string* error) {
    std::string text;
    if (auto err = read_input_file(path, MaxJsonFile, text)) {
        *error = *err;
        return false;
    }
    if (std::string bad = utf8_error(text); !bad.empty()) {
        *error = path + ": " + bad;
        return false;
    }
    auto j = nlohmann::ordered_json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        *error = path + ": not a JSON object";
        return false;
    }
    const bool rich = j.contains("root") && j["root"].is_object();
    const bool record = j.contains("tree") && j["tree"].is_object();
    if (rich || record) {
        if (!j.contains("fen") || !j["fen"].is_string()) {
            *error = path + ": no \"fen\" string";
            return false;
        }
        if (!fen.empty()) {
            *error = "--fen goes with a bare compact tree only; " + path + " has its own \"fen\"";
            return false;
        }
        fen = j["fen"].get<std::string>();
    }
    if (rich) {
        auto compact = rich_to_compact(j["root"], error);
        if (!compact) {
            *error = path + ": " + *error;
            return false;
        }
        input.tree = std::move(*compact);
    } else if (record) {
        input.tree = j["tree"];
        if (j.contains("themes") && j["themes"].is_array())
            for (const auto& t : j["themes"])
                if (t.is_string()) input.concepts.push_back(t.get<std::string>());
    } else {
        if (fen.empty()) {
            *error = path + " holds a bare compact tree: give its position with --fen";
            return false;
        }
        input.tree = std::move(j);
    }
    return true;
}

}  // namespace

std::optional<verifier::LlmConfig> llm_config_from_env(const char* command, bool verbose,
                                                       const Settings* settings) {
    std::vector<std::string> warnings;
    verifier::LlmConfig config = verifier::LlmConfig::from_env(&warnings);
    for (const auto& w : warnings) std::fprintf(stderr, "glossfish %s: %s\n", command, w.c_str());
    if (!config.configured()) {
        std::fprintf(stderr, "glossfish %s: %s\n", command, verifier::NoLlmEndpointMessage);
        return std::nullopt;
    }
    if (std::string url_error; config.endpoint(&url_error).empty()) {
        std::fprintf(stderr, "glossfish %s: %s\n", command, url_error.c_str());
        return std::nullopt;
    }
    if (verbose)
        config.log = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
    if (settings) verifier::apply_sampling(config, *settings);
    return config;
}

namespace {

struct VerbalizeArgs {
    std::string fen, csv, id, tree_path, out_path, concepts;
    long long deadline_s = DefaultLlmDeadlineSeconds;
    VerbalizeMode mode = VerbalizeMode::S;
    int refine = verifier::PaperRefineRounds;
    bool pretty = false, verbose = false;
    Settings settings;
    bool plies_given = false;  // --plies: else the puzzle's, the tree file's, or the default
};

// Reads the arguments into a; nullopt to go on, or the exit code (0 after --help).
std::optional<int> parse_args(const Args& args, VerbalizeArgs& a) {
    std::string mode_text;
    Flags flags("verbalize", "A language model describes a position's strategy tree.",
                VerbalizeUsage);
    flags.fen(a.fen);
    flags.text("--csv", a.csv, "lichess puzzles (CSV), with --id");
    flags.text("--id", a.id, "the puzzle of --csv");
    flags.text("--tree", a.tree_path, "a compact tree (JSON)");
    flags.text("--out", a.out_path, "the answer (default: stdout)");
    flags.text("--concepts", a.concepts, "concepts to mention");
    CLI::Option* mode_flag = flags.text("--mode", mode_text, "s, c or sc");
    flags.number("--refine", a.refine, 0, verifier::MaxRefineRounds, "refinement rounds");
    CLI::Option* plies = flags.setting(a.settings, &Settings::tree_plies);
    flags.setting(a.settings, &Settings::tree_breadth);
    flags.setting(a.settings, &Settings::tree_depth, "--depth");
    flags.setting(a.settings, &Settings::analysis_workers);
    flags.number("--deadline", a.deadline_s, 1, 86400, "the whole command's seconds");
    flags.setting(a.settings, &Settings::llm_temperature);
    flags.setting(a.settings, &Settings::llm_max_tokens);
    flags.flag("--pretty", a.pretty, "indent the answer");
    flags.flag("--verbose", a.verbose, "log every model request on stderr");
    flags.check([&] {
        if (mode_flag->count() == 0) return true;
        if (auto m = verifier::parse_verbalize_mode(mode_text)) {
            a.mode = *m;
            return true;
        }
        flags.fail("--mode must be s, c or sc, got " + quote_input(mode_text));
        return false;
    });
    if (auto code = flags.parse(args)) return code;
    a.plies_given = plies->count() > 0;
    const int sources = int(!a.csv.empty()) + int(!a.tree_path.empty()) +
                        int(!a.fen.empty() && a.tree_path.empty());
    if (sources != 1) {
        std::fprintf(stderr, "glossfish verbalize: give one of --fen, --csv with --id, --tree\n%s",
                     VerbalizeUsage);
        return 2;
    }
    if (!a.csv.empty() && a.id.empty()) return flags.fail("--csv needs --id");
    if (std::string bad = utf8_error(a.concepts); !bad.empty())  // they go into JSON
        return flags.fail("--concepts: " + bad);
    return std::nullopt;
}

// The position, concepts and (from --tree) the tree to describe; false after printing why not.
bool read_input(VerbalizeArgs& a, Position& pos, VerbalizeInput& input) {
    std::string error;
    if (!a.tree_path.empty() && !read_tree_file(a.tree_path, a.fen, input, &error)) {
        std::fprintf(stderr, "glossfish verbalize: %s\n", error.c_str());
        return false;
    }
    if (!a.csv.empty()) {
        PuzzleFile file = read_lichess_puzzles_file(a.csv);
        if (!file.ok()) {
            std::fprintf(stderr, "glossfish verbalize: %s\n", file.error.c_str());
            return false;
        }
        const PuzzleRecord* found = nullptr;
        for (const auto& p : file.records)
            if (p.id == a.id) found = &p;
        if (!found) {
            std::fprintf(stderr, "glossfish verbalize: no good puzzle with id %s in %s\n",
                         quote_input(a.id).c_str(), a.csv.c_str());
            return false;
        }
        a.fen = found->start_fen;
        input.concepts = found->themes;
        if (!a.plies_given && found->plies > 0) {
            a.settings.tree_plies = std::min(found->plies, MaxTreePlies);
            a.plies_given = true;
        }
    }
    if (FenStatus status = pos.set(a.fen); !status.ok()) {
        std::fprintf(stderr, "glossfish verbalize: %s\n", status.message().c_str());
        return false;
    }
    input.fen = pos.fen();
    input.side = pos.side_to_move() == White ? "White" : "Black";
    if (!a.concepts.empty()) input.concepts = split_list(a.concepts);
    if (a.mode != VerbalizeMode::S && input.concepts.empty()) {
        std::fputs(
            "glossfish verbalize: modes c and sc need concepts: --concepts A,B or a puzzle "
            "with themes (--csv, or a --tree record with \"themes\")\n",
            stderr);
        return false;
    }
    return true;
}

// The tree of the input: the --tree file's, checked move by move, or one built now (none for
// mode c). The exit code on failure.
std::optional<int> tree_of(const VerbalizeArgs& a, Position& pos, VerbalizeInput& input) {
    if (!a.tree_path.empty()) {
        std::string error;
        const int depth = compact_tree_depth(pos, input.tree, &error);
        if (depth < 0) {
            std::fprintf(stderr, "glossfish verbalize: %s: %s\n", a.tree_path.c_str(),
                         error.c_str());
            return 2;
        }
        if (depth == 0 && a.mode != VerbalizeMode::C) {
            std::fprintf(stderr, "glossfish verbalize: %s: the tree is empty\n",
                         a.tree_path.c_str());
            return 2;
        }
        input.plies = a.plies_given ? a.settings.tree_plies : depth;
        return std::nullopt;
    }
    input.plies = a.settings.tree_plies;
    if (a.mode == VerbalizeMode::C) return std::nullopt;
    Analyzer analyzer(analyzer_config(a.settings));
    StrategyTree tree = build_tree(analyzer, pos, tree_options(a.settings));
    if (!tree.ok()) {
        std::fprintf(stderr, "glossfish verbalize: strategy tree: %s\n", tree.error.c_str());
        return 1;
    }
    input.tree = tree_to_compact(tree);
    return std::nullopt;
}

}  // namespace

int verbalize_command(const Args& args) {
    const auto started = std::chrono::steady_clock::now();
    VerbalizeArgs a;
    if (auto code = parse_args(args, a)) return *code;
    // The model first: without one nothing else is worth doing.
    std::optional<verifier::LlmConfig> config =
        llm_config_from_env("verbalize", a.verbose, &a.settings);
    if (!config) return 2;
    config->deadline = started + std::chrono::seconds(a.deadline_s);
    config->deadline_s = double(a.deadline_s);
    OutputFile out_file;
    if (!a.out_path.empty() && !open_output("verbalize", out_file, a.out_path,
                                            OutputFile::Mode::Replace, {a.tree_path, a.csv}))
        return 2;
    Position pos;
    VerbalizeInput input;
    if (!read_input(a, pos, input)) return 2;
    if (auto code = tree_of(a, pos, input)) return *code;

    verifier::LlmClient client(*config);
    verifier::PromptLibrary prompts;
    verifier::VerbalizeResult result =
        verifier::verbalize(client, prompts, input, a.mode, a.refine);
    const std::string text =
        verifier::verbalize_output(input, a.mode, result).dump(a.pretty ? 2 : -1) + "\n";
    if (a.out_path.empty()) {
        std::fwrite(text.data(), 1, text.size(), stdout);
    } else if (std::optional<std::string> err =
                   out_file.write(text) ? out_file.commit()
                                        : std::optional<std::string>(out_file.error())) {
        std::fprintf(stderr, "glossfish verbalize: %s\n", err->c_str());
        return 1;
    }
    if (!result.ok) {
        std::fprintf(stderr, "glossfish verbalize: %s\n", result.error.c_str());
        return 1;
    }
    std::fprintf(stderr, "glossfish verbalize: mode %s, %zu refine round%s, %d request%s\n",
                 verifier::verbalize_mode_name(a.mode), result.rounds.size(),
                 result.rounds.size() == 1 ? "" : "s", result.requests,
                 result.requests == 1 ? "" : "s");
    return 0;
}

}  // namespace glossfish::cli
