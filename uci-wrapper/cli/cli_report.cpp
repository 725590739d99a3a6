// `glossfish report GAME.pgn [-o report.html] [--game N] [--depth D | --nodes N] [--scheme S]
// [--jobs N] [--trees] [--tree-plies P] [--tree-breadth K] [--no-verify]`: a self-contained HTML
// page per PGN file, streamed game by game (read, analyse, write its section, drop it).
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>

#include "analysis/annotate.h"
#include "claims/claims.h"
#include "cli/cli.h"
#include "cli/flags.h"
#include "explain/explain.h"
#include "io/output_file.h"
#include "io/utf8.h"
#include "report/report.h"
#include "session/settings.h"
#include "tools/tools.h"

namespace glossfish::cli {

namespace {

const char* ReportUsage =
    "usage: glossfish report GAME.pgn [-o report.html] [--game N] [--depth D | --nodes N]\n"
    "                        [--scheme lichess|act-eval] [--jobs N] [--no-verify]\n"
    "                        [--trees] [--tree-plies P] [--tree-breadth K] [--reproducible]\n";

struct ReportArgs {
    std::string in_path, out_path;
    std::optional<int> game;
    AnnotateOptions annotate;
    bool verify = true, trees = false;
    TreeOptions tree;
};

// Reads the arguments into r; nullopt to go on, or the exit code (0 after --help).
std::optional<int> parse_args(const Args& args, ReportArgs& r) {
    r.tree.plies = 3;
    r.tree.breadth = 2;
    r.annotate.scheme = DefaultQualityScheme;
    bool no_verify = false;
    Flags flags("report", "A self-contained HTML report of the games of a PGN file.", ReportUsage);
    flags.text("GAME.pgn", r.in_path, "the games")->required();
    flags.text("-o,--out", r.out_path, "the report (default: stdout)");
    flags.number("--game", r.game, 1, 100'000'000, "only game N (from 1)");
    flags.depth_or_nodes(r.annotate.limits.depth, r.annotate.limits.nodes, MaxOptionDepth);
    flags.scheme(r.annotate.scheme);
    flags.jobs(r.annotate.jobs);
    flags.flag("--no-verify", no_verify, "do not check the comments with the claim verifier");
    flags.flag("--trees", r.trees, "a strategy tree at each labelled move");
    flags.number("--tree-plies", r.tree.plies, 1, MaxTreePlies, "plies of the trees");
    flags.number("--tree-breadth", r.tree.breadth, 1, MaxTreeBreadth, "moves per tree node");
    flags.flag("--reproducible", r.annotate.limits.reproducible, "the same report each run");
    if (auto code = flags.parse(args)) return code;
    r.verify = !no_verify;
    if (!r.annotate.limits.depth && !r.annotate.limits.nodes)
        r.annotate.limits.depth = DefaultQualityDepth;
    r.tree.limits = r.annotate.limits;
    return std::nullopt;
}

std::string method_text(const ReportArgs& r) {
    const AnalysisLimits& l = r.annotate.limits;
    std::string out = "Stockfish, ";
    out += l.depth ? "depth " + std::to_string(*l.depth) : "nodes " + std::to_string(*l.nodes);
    out += std::string(", ") + scheme_name(r.annotate.scheme) + " labels";
    out += r.verify ? ", comments checked by the claim verifier" : ", comments not checked";
    return out;
}

// The part of a path after its last '/'.
std::string base_name(const std::string& path) {
    const std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

int report_command(const Args& args) {
    ReportArgs r;
    if (auto code = parse_args(args, r)) return *code;

    std::ifstream in;
    if (!open_input("report", r.in_path, in)) return 2;
    OutputFile file;
    if (!r.out_path.empty() &&
        !open_output("report", file, r.out_path, OutputFile::Mode::Replace, {r.in_path}))
        return 2;
    Analyzer::Config config;
    config.workers = r.annotate.jobs;
    config.threads_per_worker = 1;
    Analyzer analyzer(config);
    // The comment checker's engine predicates search at the report's depth (at most the
    // analysis depth; 10 with a node limit) on a Stockfish of their own, started on first use.
    Settings settings;
    const int verify_depth =
        r.annotate.limits.depth ? std::min(*r.annotate.limits.depth, settings.analysis_depth) : 10;
    std::unique_ptr<verifier::ToolSuite> suite;
    std::unique_ptr<verifier::ClaimVerifier> checker;
    if (r.verify) {
        settings.analysis_depth = verify_depth;
        settings.quality_scheme = r.annotate.scheme;
        settings.reproducible = r.annotate.limits.reproducible;
        suite = verifier::make_tool_suite(settings);
        const verifier::VerifyOptions vo = verifier::verify_options(settings);
        checker = std::make_unique<verifier::ClaimVerifier>(*suite, vo);
    }

    auto discard = [&] { file.discard(); };
    auto write = [&](const std::string& text) {
        if (!r.out_path.empty()) return file.write(text);
        return std::fwrite(text.data(), 1, text.size(), stdout) == text.size();
    };
    auto write_failed = [&] {
        std::fprintf(stderr, "glossfish report: %s\n",
                     r.out_path.empty() ? "write error on stdout" : file.error().c_str());
        discard();
        return 1;
    };

    verifier::ReportInfo info;
    info.source = base_name(r.in_path);
    info.method = method_text(r);
    if (!write(verifier::report_page_start(info))) return write_failed();

    PgnReader reader(in);
    int games = 0, reported = 0, unread = 0, failed = 0;
    while (auto game = reader.next()) {
        if (!game->is_game) continue;
        ++games;
        if (r.game && games != *r.game) continue;
        const int line = verifier::game_start_line(*game);
        if (!game->ok()) {
            ++unread;
            std::fprintf(stderr, "glossfish report: %s: game %d (line %d): %s (skipped)\n",
                         r.in_path.c_str(), games, line, game->error->text().c_str());
            if (!write(verifier::report_skipped_section(games, line, game->error->text())))
                return write_failed();
            continue;
        }
        GameAnnotation a = analyse_game(analyzer, *game, r.annotate);
        verifier::explain_game(*game, a);  // board-verified reasons, no search added
        if (!a.ok()) {
            ++failed;
            std::fprintf(stderr, "glossfish report: %s: game %d (line %d): engine failed: %s\n",
                         r.in_path.c_str(), games, line, a.error.c_str());
            if (!write(verifier::report_skipped_section(games, line, "engine failed: " + a.error)))
                return write_failed();
            continue;
        }
        verifier::ReportGame rg;
        rg.number = games;
        rg.game = &*game;
        rg.annotation = &a;
        rg.comments = verifier::check_comments(checker.get(), *game);
        if (r.trees) {
            Position pos = game->start_position();
            for (std::size_t i = 0; i < a.moves.size(); ++i) {
                if (a.moves[i].quality.label == QualityLabel::Blunder)
                    rg.trees.emplace_back(int(i), build_tree(analyzer, pos, r.tree));
                pos.do_move(game->mainline[i].move);
            }
        }
        if (!write(verifier::report_game_section(rg))) return write_failed();
        if (r.out_path.empty()) std::fflush(stdout);
        ++reported;
        std::fprintf(stderr, "glossfish report: game %d: %zu moves, %d labelled, %zu comments\n",
                     games, a.moves.size(),
                     a.white.inaccuracies + a.white.mistakes + a.white.blunders +
                         a.black.inaccuracies + a.black.mistakes + a.black.blunders,
                     rg.comments.size());
    }
    if (in.bad()) {
        std::fprintf(stderr, "glossfish report: read error on %s\n",
                     quote_input(r.in_path).c_str());
        discard();
        return 1;
    }
    if (r.game && games < *r.game) {
        std::fprintf(stderr, "glossfish report: --game %d: the file has %d games\n", *r.game,
                     games);
        discard();
        return 2;
    }
    const std::string summary = std::to_string(reported) + " game" + (reported == 1 ? "" : "s") +
                                " reported, " + std::to_string(unread) + " not readable, " +
                                std::to_string(failed) + " engine failures. Made by glossfish.";
    if (!write(verifier::report_page_end(summary))) return write_failed();
    if (!r.out_path.empty()) {
        if (auto err = file.commit()) {
            std::fprintf(stderr, "glossfish report: %s\n", err->c_str());
            return 1;
        }
    }
    std::fprintf(stderr,
                 "glossfish report: %d games: %d reported, %d not readable, %d engine "
                 "failures\n",
                 games, reported, unread, failed);
    if (failed > 0) return 1;
    return unread > 0 ? 2 : 0;
}

}  // namespace glossfish::cli
