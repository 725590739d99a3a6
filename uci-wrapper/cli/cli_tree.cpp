// `glossfish tree`: the strategy tree of a position in one of five formats (compact, json,
// text, dot, svg), built on a pool of one Stockfish child per core unless told otherwise.
#include <cstdio>
#include <fstream>
#include <optional>

#include "analysis/strategy_tree.h"
#include "analysis/tree_format.h"
#include "cli/cli.h"
#include "cli/flags.h"
#include "io/utf8.h"
#include "settings/settings.h"

namespace glossfish::cli {

namespace {

const char* TreeUsage =
    "usage: glossfish tree [--fen FEN] [--chess960] [--plies P] [--breadth K]\n"
    "                      [--depth D | --nodes N | --movetime MS]\n"
    "                      [--format compact|json|text|dot|svg] [--out FILE]\n"
    "                      [--jobs N] [--plain] [--reproducible] [--hash MB]\n";

}  // namespace

int tree_command(const Args& args) {
    std::string fen = StartFen, out_path;
    bool chess960 = false, plain = false;
    Settings settings;
    TreeFormat format = TreeFormat::Compact;
    std::string format_text;
    Flags flags("tree", "The strategy tree of a position, in one of five formats.", TreeUsage);
    flags.fen(fen);
    flags.flag("--chess960", chess960, "read castling rights as Chess960");
    flags.setting(settings, &Settings::tree_plies);
    flags.setting(settings, &Settings::tree_breadth);
    flags.search_limit(settings, &Settings::tree_depth, true);
    CLI::Option* format_flag =
        flags.text("--format", format_text, "compact, json, text, dot or svg");
    flags.text("--out", out_path, "the tree (default: stdout)");
    flags.setting(settings, &Settings::analysis_workers);
    flags.flag("--plain", plain, "one engine, no shortcuts (the reference build)");
    flags.setting(settings, &Settings::reproducible);
    flags.setting(settings, &Settings::analysis_hash_mb);
    flags.check([&] {
        if (format_flag->count() == 0) return true;
        if (auto f = parse_tree_format(format_text)) {
            format = *f;
            return true;
        }
        flags.fail("--format must be compact, json, text, dot or svg, got " +
                   quote_input(format_text));
        return false;
    });
    if (auto code = flags.parse(args)) return *code;
    TreeOptions options = tree_options(settings);
    if (plain) {
        options.mode = TreeOptions::Plain;
        settings.analysis_workers = 1;
    }
    if (options.reproducible && options.limits.movetime_ms) {
        std::fputs("glossfish tree: --reproducible needs --depth or --nodes, not --movetime\n",
                   stderr);
        return 2;
    }
    Position pos;
    if (!read_fen("tree", fen, chess960, pos)) return 2;

    OutputFile file;
    if (!out_path.empty() && !open_output("tree", file, out_path, OutputFile::Mode::Replace))
        return 2;
    const Analyzer::Config config = analyzer_config(settings);
    Analyzer analyzer(config);
    StrategyTree tree = build_tree(analyzer, pos, options);

    const std::string text = format_tree(tree, format);
    if (out_path.empty()) {
        std::fwrite(text.data(), 1, text.size(), stdout);
    } else if (std::optional<std::string> err =
                   file.write(text) ? file.commit() : std::optional<std::string>(file.error())) {
        std::fprintf(stderr, "glossfish tree: %s\n", err->c_str());
        return 1;
    }
    auto plural = [](int n) { return n == 1 ? "" : "s"; };
    const int moves = tree.stats.nodes - 1;
    std::fprintf(
        stderr,
        "glossfish tree: %d move%s, %d search%s (%d transposition%s), %.2f s, %s on %d worker%s\n",
        moves, plural(moves), tree.stats.searches, tree.stats.searches == 1 ? "" : "es",
        tree.stats.transpositions, plural(tree.stats.transpositions), tree.stats.seconds,
        options.mode == TreeOptions::Plain ? "plain" : "fast", config.workers,
        plural(config.workers));
    if (!tree.ok()) {
        std::fprintf(stderr, "glossfish tree: %s\n", tree.error.c_str());
        return 1;
    }
    return 0;
}

}  // namespace glossfish::cli
