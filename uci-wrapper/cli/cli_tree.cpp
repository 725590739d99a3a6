// `glossfish tree`: the strategy tree of a position in one of five formats (compact, json,
// text, dot, svg), built on a pool of one Stockfish child per core unless told otherwise.
#include <charconv>
#include <cstdio>
#include <fstream>
#include <optional>
#include <thread>

#include "cli/cli.h"
#include "analysis/strategy_tree.h"
#include "analysis/tree_format.h"
#include "io/utf8.h"

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
    bool chess960 = false;
    TreeOptions options;
    TreeFormat format = TreeFormat::Compact;
    unsigned cores = std::thread::hardware_concurrency();
    int jobs = cores == 0 ? 1 : int(cores);
    int hash_mb = 16;

    for (std::size_t i = 0; i < args.size();) {
        const std::string a = args[i];
        if (a == "--fen") {
            ++i;
            fen = join_until_option(args, i);
            continue;
        }
        if (a == "--help" || a == "-h") {
            std::fputs(TreeUsage, stdout);
            return 0;
        }
        if (a == "--chess960" || a == "--plain" || a == "--reproducible") {
            if (a == "--chess960") chess960 = true;
            if (a == "--plain") options.mode = TreeOptions::Plain;
            if (a == "--reproducible") options.reproducible = true;
            ++i;
            continue;
        }
        if (i + 1 >= args.size()) {
            std::fprintf(stderr, "glossfish tree: %s needs a value\n%s", a.c_str(), TreeUsage);
            return 2;
        }
        const std::string v = args[i + 1];
        i += 2;
        std::optional<long long> n;
        if (a == "--plies") {
            if (!(n = parse_number("tree", a, v, 1, MaxTreePlies))) return 2;
            options.plies = int(*n);
        } else if (a == "--breadth") {
            if (!(n = parse_number("tree", a, v, 1, MaxTreeBreadth))) return 2;
            options.breadth = int(*n);
        } else if (a == "--depth") {
            if (!(n = parse_number("tree", a, v, 1, MaxOptionDepth))) return 2;
            options.limits.depth = int(*n);
        } else if (a == "--nodes") {
            if (!(n = parse_number("tree", a, v, 1, 1'000'000'000'000LL))) return 2;
            options.limits.nodes = std::uint64_t(*n);
        } else if (a == "--movetime") {
            if (!(n = parse_number("tree", a, v, 1, 3'600'000))) return 2;
            options.limits.movetime_ms = int(*n);
        } else if (a == "--jobs") {
            if (!(n = parse_number("tree", a, v, 1, 256))) return 2;
            jobs = int(*n);
        } else if (a == "--hash") {
            if (!(n = parse_number("tree", a, v, 1, 65536))) return 2;
            hash_mb = int(*n);
        } else if (a == "--format") {
            auto f = parse_tree_format(v);
            if (!f) {
                std::fprintf(
                    stderr,
                    "glossfish tree: --format must be compact, json, text, dot or svg, got '%s'\n",
                    quote_prefix(v).c_str());
                return 2;
            }
            format = *f;
        } else if (a == "--out") {
            out_path = v;
        } else {
            std::fprintf(stderr, "glossfish tree: unexpected argument '%s'\n%s",
                         quote_prefix(a).c_str(), TreeUsage);
            return 2;
        }
    }
    if (options.reproducible && options.limits.movetime_ms) {
        std::fputs("glossfish tree: --reproducible needs --depth or --nodes, not --movetime\n",
                   stderr);
        return 2;
    }
    Position pos;
    if (FenStatus status = pos.set(fen, chess960); !status.ok()) {
        std::fprintf(stderr, "glossfish tree: %s\n", status.message().c_str());
        return 2;
    }

    OutputFile file;
    if (!out_path.empty() && !open_output("tree", file, out_path, OutputFile::Mode::Replace))
        return 2;
    Analyzer::Config config;
    config.workers = options.mode == TreeOptions::Plain ? 1 : jobs;
    config.threads_per_worker = 1;
    config.hash_mb = hash_mb;
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
