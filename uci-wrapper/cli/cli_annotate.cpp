// `glossfish annotate IN.pgn [-o OUT.pgn] [--depth D | --nodes N] [--scheme S] [--jobs N]
// [--shard I/N] [--reproducible]`:
// lichess-style annotation of every game of a PGN file, streamed game by game. Output goes
// through the shared output helper (engine/io/output_file.h: a temporary next to OUT renamed at the
// end, special files written in place; stdout without -o); a game that cannot be read is
// reported with its line and copied through unchanged.
#include <chrono>
#include <cstdio>
#include <deque>
#include <fstream>
#include <optional>

#include "analysis/annotate.h"
#include "cli/cli.h"
#include "cli/flags.h"
#include "explain/explain.h"
#include "io/merge.h"
#include "io/output_file.h"
#include "io/utf8.h"
#include "session/settings.h"

namespace glossfish::cli {

namespace {

const char* AnnotateUsage =
    "usage: glossfish annotate IN.pgn [-o OUT.pgn] [--depth D | --nodes N]\n"
    "                          [--scheme lichess|act-eval] [--jobs N] [--shard I/N]\n"
    "                          [--reproducible] [--no-reasons]\n";

}  // namespace

int annotate_command(const Args& args) {
    std::string in_path, out_path;
    AnnotateOptions options;
    QualityScheme scheme = DefaultQualityScheme;
    int jobs = 1;
    ShardSpec shard;
    Flags flags("annotate", "Annotates the games of a PGN file with move-quality labels.",
                AnnotateUsage);
    flags.text("IN.pgn", in_path, "the games")->required();
    flags.text("-o,--out", out_path, "the annotated PGN (default: stdout)");
    flags.depth_or_nodes(options.limits.depth, options.limits.nodes, MaxOptionDepth);
    flags.scheme(scheme);
    flags.jobs(jobs);
    flags.shard(shard);
    flags.flag("--reproducible", options.limits.reproducible,
               "one thread, fresh hash: the same answer each run");
    bool no_reasons = false;
    flags.flag("--no-reasons", no_reasons,
               "leave the reasons out of the comments (for benchmarking their cost)");
    if (auto code = flags.parse(args)) return *code;
    if (!options.limits.depth && !options.limits.nodes) options.limits.depth = DefaultQualityDepth;
    options.scheme = scheme;
    options.jobs = jobs;

    std::ifstream in;
    if (!open_input("annotate", in_path, in)) return 2;
    in.seekg(0, std::ios::end);
    const double total_bytes = double(std::max<std::streamoff>(0, in.tellg()));
    in.clear();
    in.seekg(0, std::ios::beg);

    OutputFile file;
    if (!out_path.empty() &&
        !open_output("annotate", file, out_path, OutputFile::Mode::Replace, {in_path}))
        return 2;
    auto write = [&](const std::string& text) {
        if (out_path.empty()) {
            if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size()) return false;
            return std::fflush(stdout) == 0;
        }
        return file.write(text) && file.flush();
    };
    auto fail_output = [&] {
        std::fprintf(stderr, "glossfish annotate: %s\n",
                     out_path.empty() ? "write error on stdout" : file.error().c_str());
        file.discard();
        return 1;
    };

    Analyzer::Config config;
    config.workers = jobs;
    Analyzer analyzer(config);

    const auto started = std::chrono::steady_clock::now();
    PgnReader reader(in);
    int games = 0, annotated = 0, unread = 0, failed = 0;
    long long moves = 0;
    double bytes = 0;
    bool write_failed = false;
    // The input's games are numbered as read (1 first); a shard keeps its games (by index) and
    // nothing else, merge restores the rest. `numbers` holds the numbers of the games handed to
    // annotate_games, which gives them back in input order.
    std::deque<int> numbers;
    auto next = [&]() -> std::optional<PgnGame> {
        while (auto game = reader.next()) {
            bytes += double(game->text.size());
            if (shard.count > 1 && !(game->is_game && shard.contains_index(std::uint64_t(games)))) {
                if (game->is_game) ++games;
                continue;
            }
            if (game->is_game) numbers.push_back(++games);
            return game;
        }
        return std::nullopt;
    };
    // Within a long game, a line at most every 10 s.
    auto last = std::chrono::steady_clock::now();
    auto progress = [&](int game, int done, int positions) {
        const auto now = std::chrono::steady_clock::now();
        if (now - last < std::chrono::seconds(10)) return;
        last = now;
        std::fprintf(stderr, "glossfish annotate: game %d: %d/%d positions searched\n", game, done,
                     positions);
    };
    // Each chunk in input order: report, add the annotation, write, show the rate and ETA.
    auto done = [&](PgnGame& game, const GameAnnotation* a) {
        int number = 0;
        if (game.is_game) {
            number = numbers.front();
            numbers.pop_front();
            if (!game.ok()) {
                ++unread;
                std::fprintf(stderr, "glossfish annotate: %s: game %d: %s (copied unchanged)\n",
                             in_path.c_str(), number, game.error->text().c_str());
            } else if (!a->ok()) {
                ++failed;
                std::fprintf(stderr,
                             "glossfish annotate: %s: game %d (line %d): engine failed: %s "
                             "(copied unchanged)\n",
                             in_path.c_str(), number, game.first_line, a->error.c_str());
            } else {
                // Board-verified reasons from annotate's own lines: no search added.
                GameAnnotation explained = *a;
                if (!no_reasons) verifier::explain_game(game, explained);
                add_annotation_edits(game, explained, options);
                ++annotated;
                moves += static_cast<long long>(a->moves.size());
            }
        }
        std::string text = write_pgn_game(game);
        if (shard.count > 1) text = pgn_shard_item(number, game.text, text);
        if (!write(text)) {
            write_failed = true;
            return false;
        }
        if (game.is_game) {
            const double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            const double rate = seconds > 0 ? double(moves) / seconds : 0;
            const double eta = bytes > 0 ? seconds * (total_bytes - bytes) / bytes : 0;
            std::fprintf(stderr,
                         "glossfish annotate: %d games, %lld moves, %.1f moves/s, %.0f%% of the "
                         "input, ETA %s\n",
                         number, moves, rate, total_bytes > 0 ? 100 * bytes / total_bytes : 100.0,
                         duration_text(eta).c_str());
        }
        return true;
    };
    annotate_games(analyzer, options, next, done, progress);
    if (write_failed) return fail_output();
    if (in.bad()) {
        std::fprintf(stderr, "glossfish annotate: read error on %s\n",
                     quote_input(in_path).c_str());
        file.discard();
        return 1;
    }
    if (!out_path.empty()) {
        if (auto err = file.commit()) {
            std::fprintf(stderr, "glossfish annotate: %s\n", err->c_str());
            return 1;
        }
    }
    std::fprintf(
        stderr, "glossfish annotate: %d games: %d annotated, %d not readable, %d engine failures\n",
        annotated + unread + failed, annotated, unread, failed);
    if (failed > 0) return 1;
    return unread > 0 ? 2 : 0;
}

}  // namespace glossfish::cli
