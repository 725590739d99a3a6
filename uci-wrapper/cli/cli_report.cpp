// `glossfish report GAME.pgn [-o report.html] [--game N] [--depth D | --nodes N] [--scheme S]
// [--jobs N] [--trees] [--plies P] [--breadth K] [--tree-depth D] [--no-verify]`: a
// self-contained HTML page per PGN file, streamed game by game (read, analyse, write its section,
// drop it).
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
#include "service/make_tool_suite.h"
#include "settings/settings.h"
#include "tools/tool_suite.h"

namespace glossfish::cli {

namespace {

const char* ReportUsage =
    "usage: glossfish report GAME.pgn [-o report.html] [--game N] [--depth D | --nodes N]\n"
    "                        [--scheme lichess|act-eval] [--jobs N] [--no-verify]\n"
    "                        [--trees] [--plies P] [--breadth K] [--tree-depth D]\n"
    "                        [--reproducible]\n";

struct ReportArgs {
    std::string in_path, out_path;
    std::optional<int> game;
    Settings settings;
    bool verify = true, trees = false;
};

// Reads the arguments into r; nullopt to go on, or the exit code (0 after --help).
std::optional<int> parse_args(const Args& args, ReportArgs& r) {
    bool no_verify = false;
    Flags flags("report", "A self-contained HTML report of the games of a PGN file.", ReportUsage);
    flags.text("GAME.pgn", r.in_path, "the games")->required();
    flags.text("-o,--out", r.out_path, "the report (default: stdout)");
    flags.number("--game", r.game, 1, 100'000'000, "only game N (from 1)");
    flags.search_limit(r.settings, &Settings::quality_depth);
    flags.setting(r.settings, &Settings::quality_scheme);
    flags.setting(r.settings, &Settings::analysis_workers);
    flags.flag("--no-verify", no_verify, "do not check the comments with the claim verifier");
    flags.flag("--trees", r.trees, "a strategy tree at each labelled move");
    flags.setting(r.settings, &Settings::tree_plies);
    flags.setting(r.settings, &Settings::tree_breadth);
    flags.setting(r.settings, &Settings::tree_depth);
    flags.setting(r.settings, &Settings::reproducible);
    if (auto code = flags.parse(args)) return code;
    r.verify = !no_verify;
    return std::nullopt;
}

std::string method_text(const ReportArgs& r) {
    const AnalysisLimits l = label_limits(r.settings);
    std::string out = "Stockfish, ";
    out += l.depth ? "depth " + std::to_string(*l.depth) : "nodes " + std::to_string(*l.nodes);
    out += std::string(", ") + scheme_name(r.settings.quality_scheme) + " labels";
    out += r.verify ? ", comments checked by the claim verifier" : ", comments not checked";
    return out;
}

// The part of a path after its last '/'.
std::string base_name(const std::string& path) {
    const std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// What a report runs with, made from its settings.
struct ReportRun {
    explicit ReportRun(const ReportArgs& r)
        : args(r), annotate(annotate_options(r.settings)), analyzer(analyzer_config(r.settings)) {
        if (!r.verify) return;
        // The comment checker's engine predicates search at the report's label depth, at most
        // the analysis depth, on a Stockfish of their own started on first use.
        Settings s = r.settings;
        s.analysis_depth = std::min(s.quality_depth, s.analysis_depth);
        suite = verifier::make_tool_suite(s);
        checker = std::make_unique<verifier::ClaimVerifier>(*suite, verifier::verify_options(s));
    }
    const ReportArgs& args;
    AnnotateOptions annotate;
    Analyzer analyzer;
    std::unique_ptr<verifier::ToolSuite> suite;
    std::unique_ptr<verifier::ClaimVerifier> checker;
    int games = 0, reported = 0, unread = 0, failed = 0;
};

// The section of one game (a skipped section when it cannot be read or analysed).
std::string game_section(ReportRun& run, const PgnGame& game) {
    const ReportArgs& r = run.args;
    const int line = verifier::game_start_line(game);
    if (!game.ok()) {
        ++run.unread;
        std::fprintf(stderr, "glossfish report: %s: game %d (line %d): %s (skipped)\n",
                     r.in_path.c_str(), run.games, line, game.error->text().c_str());
        return verifier::report_skipped_section(run.games, line, game.error->text());
    }
    GameAnnotation a = analyse_game(run.analyzer, game, run.annotate);
    verifier::explain_game(game, a);  // board-verified reasons, no search added
    if (!a.ok()) {
        ++run.failed;
        std::fprintf(stderr, "glossfish report: %s: game %d (line %d): engine failed: %s\n",
                     r.in_path.c_str(), run.games, line, a.error.c_str());
        return verifier::report_skipped_section(run.games, line, "engine failed: " + a.error);
    }
    verifier::ReportGame rg;
    rg.number = run.games;
    rg.game = &game;
    rg.annotation = &a;
    rg.comments = verifier::check_comments(run.checker.get(), game);
    if (r.trees) {
        const TreeOptions tree = tree_options(r.settings);
        Position pos = game.start_position();
        for (std::size_t i = 0; i < a.moves.size(); ++i) {
            if (a.moves[i].quality.label == QualityLabel::Blunder)
                rg.trees.emplace_back(int(i), build_tree(run.analyzer, pos, tree));
            pos.do_move(game.mainline[i].move);
        }
    }
    ++run.reported;
    std::fprintf(stderr, "glossfish report: game %d: %zu moves, %d labelled, %zu comments\n",
                 run.games, a.moves.size(),
                 a.white.inaccuracies + a.white.mistakes + a.white.blunders + a.black.inaccuracies +
                     a.black.mistakes + a.black.blunders,
                 rg.comments.size());
    return verifier::report_game_section(rg);
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
    auto write = [&](const std::string& text) {
        if (!r.out_path.empty()) return file.write(text);
        return std::fwrite(text.data(), 1, text.size(), stdout) == text.size() &&
               std::fflush(stdout) == 0;
    };
    auto fail = [&](const std::string& message, int code) {
        std::fprintf(stderr, "glossfish report: %s\n", message.c_str());
        file.discard();
        return code;
    };
    auto write_failed = [&] {
        return fail(r.out_path.empty() ? "write error on stdout" : file.error(), 1);
    };

    ReportRun run(r);
    verifier::ReportInfo info;
    info.source = base_name(r.in_path);
    info.method = method_text(r);
    if (!write(verifier::report_page_start(info))) return write_failed();
    PgnReader reader(in);
    while (auto game = reader.next()) {
        if (!game->is_game) continue;
        ++run.games;
        if (r.game && run.games != *r.game) continue;
        if (!write(game_section(run, *game))) return write_failed();
    }
    if (in.bad()) return fail("read error on " + quote_input(r.in_path), 1);
    if (r.game && run.games < *r.game)
        return fail("--game " + std::to_string(*r.game) + ": the file has " +
                        std::to_string(run.games) + " games",
                    2);
    const std::string summary = std::to_string(run.reported) + " game" +
                                (run.reported == 1 ? "" : "s") + " reported, " +
                                std::to_string(run.unread) + " not readable, " +
                                std::to_string(run.failed) + " engine failures. Made by glossfish.";
    if (!write(verifier::report_page_end(summary))) return write_failed();
    if (!r.out_path.empty())
        if (auto err = file.commit()) return fail(*err, 1);
    std::fprintf(stderr,
                 "glossfish report: %d games: %d reported, %d not readable, %d engine "
                 "failures\n",
                 run.games, run.reported, run.unread, run.failed);
    if (run.failed > 0) return 1;
    return run.unread > 0 ? 2 : 0;
}

}  // namespace glossfish::cli
