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
#include <functional>
#include <optional>

#include "analysis/annotate.h"
#include "batch/merge.h"
#include "cli/cli.h"
#include "cli/flags.h"
#include "explain/explain.h"
#include "io/output_file.h"
#include "io/utf8.h"
#include "settings/settings.h"

namespace glossfish::cli {

namespace {

const char* AnnotateUsage =
    "usage: glossfish annotate IN.pgn [-o OUT.pgn] [--depth D | --nodes N]\n"
    "                          [--scheme lichess|act-eval] [--jobs N] [--shard I/N]\n"
    "                          [--reproducible] [--no-reasons | --engine-reasons]\n";

struct AnnotateArgs {
    std::string in_path, out_path;
    Settings settings;
    ShardSpec shard;
    bool no_reasons = false;
    bool engine_reasons = false;
};

// Reads the arguments into a; nullopt to go on, or the exit code (0 after --help).
std::optional<int> parse_args(const Args& args, AnnotateArgs& a) {
    Flags flags("annotate", "Annotates the games of a PGN file with move-quality labels.",
                AnnotateUsage);
    flags.text("IN.pgn", a.in_path, "the games")->required();
    flags.text("-o,--out", a.out_path, "the annotated PGN (default: stdout)");
    flags.search_limit(a.settings, &Settings::quality_depth);
    flags.setting(a.settings, &Settings::quality_scheme);
    flags.setting(a.settings, &Settings::analysis_workers);
    flags.shard(a.shard);
    flags.setting(a.settings, &Settings::reproducible);
    flags.flag("--no-reasons", a.no_reasons,
               "leave the reasons out of the comments (for benchmarking their cost)");
    flags.flag("--engine-reasons", a.engine_reasons,
               "also the reasons the engine proves (a mate in more than one, a material line, the "
               "winning chances, threats and preventions by null-move searches), verified with "
               "searches at annotate's limits");
    return flags.parse(args);
}

// One annotate run: the games read, annotated and written in input order, with the counts and
// the progress lines on stderr.
class AnnotateRun {
public:
    AnnotateRun(const AnnotateArgs& a, std::istream& in, double total_bytes,
                std::function<bool(const std::string&)> write)
        : a_(a),
          options_(annotate_options(a.settings)),
          reader_(in),
          total_bytes_(total_bytes),
          write_(std::move(write)) {}

    // Annotates every game; false when the output could not be written.
    bool run(Analyzer& analyzer) {
        analyzer_ = &analyzer;
        annotate_games(
            analyzer, options_, [this] { return next(); },
            [this](PgnGame& game, const GameAnnotation* an) { return done(game, an); },
            [this](int game, int done, int positions) { progress(game, done, positions); });
        return !write_failed_;
    }
    // The exit code and the summary line.
    int finish() const {
        std::fprintf(
            stderr,
            "glossfish annotate: %d games: %d annotated, %d not readable, %d engine "
            "failures%s\n",
            annotated_ + unread_ + failed_, annotated_, unread_, failed_,
            incomplete_
                ? (", " + std::to_string(incomplete_) + " moves with incomplete reasons").c_str()
                : "");
        if (failed_ > 0) return 1;
        return unread_ > 0 ? 2 : 0;
    }

private:
    // The input's games are numbered as read (1 first); a shard keeps its games (by index) and
    // nothing else, merge restores the rest. numbers_ holds the numbers of the games handed to
    // annotate_games, which gives them back in input order.
    std::optional<PgnGame> next() {
        while (auto game = reader_.next()) {
            bytes_ += double(game->text.size());
            const ShardSpec& shard = a_.shard;
            if (shard.count > 1 &&
                !(game->is_game && shard.contains_index(std::uint64_t(games_)))) {
                if (game->is_game) ++games_;
                continue;
            }
            if (game->is_game) numbers_.push_back(++games_);
            return game;
        }
        return std::nullopt;
    }

    // Within a long game, a line at most every 10 s.
    void progress(int game, int done, int positions) {
        const auto now = std::chrono::steady_clock::now();
        if (now - last_ < std::chrono::seconds(10)) return;
        last_ = now;
        std::fprintf(stderr, "glossfish annotate: game %d: %d/%d positions searched\n", game, done,
                     positions);
    }

    // Each chunk in input order: report, add the annotation, write, show the rate and ETA.
    bool done(PgnGame& game, const GameAnnotation* a) {
        int number = 0;
        if (game.is_game) {
            number = numbers_.front();
            numbers_.pop_front();
            annotate_one(game, a, number);
        }
        std::string text = write_pgn_game(game);
        if (a_.shard.count > 1) text = pgn_shard_item(number, game.text, text);
        if (!write_(text)) {
            write_failed_ = true;
            return false;
        }
        if (game.is_game) rate_line(number);
        return true;
    }

    void annotate_one(PgnGame& game, const GameAnnotation* a, int number) {
        if (!game.ok()) {
            ++unread_;
            std::fprintf(stderr, "glossfish annotate: %s: game %d: %s (copied unchanged)\n",
                         a_.in_path.c_str(), number, game.error->text().c_str());
        } else if (!a->ok()) {
            ++failed_;
            std::fprintf(stderr,
                         "glossfish annotate: %s: game %d (line %d): engine failed: %s "
                         "(copied unchanged)\n",
                         a_.in_path.c_str(), number, game.first_line, a->error.c_str());
        } else {
            // Reasons from annotate's own lines, board-verified (no search added); with
            // --engine-reasons also the engine's claims (a mate in three, the winning chances,
            // the threats a null-move search finds, what a move prevents), verified with
            // searches at annotate's limits.
            GameAnnotation explained = *a;
            verifier::ExplainOptions eo;
            if (a_.engine_reasons) {
                eo.analyzer = analyzer_;
                eo.limits = options_.limits;
            }
            if (!a_.no_reasons) verifier::explain_game(game, explained, eo);
            report_incomplete(number, explained);
            add_annotation_edits(game, explained, options_);
            ++annotated_;
            moves_ += static_cast<long long>(a->moves.size());
        }
    }

    // Moves whose reasons could not all be checked (with --engine-reasons, a failed search): said,
    // once per game, and counted in the summary; the moves keep the reasons that were checked.
    void report_incomplete(int number, const GameAnnotation& an) {
        int n = 0;
        const MoveAnnotation* first = nullptr;
        for (const MoveAnnotation& m : an.moves)
            if (!m.reasons_incomplete.empty() && !n++) first = &m;
        if (!n) return;
        incomplete_ += n;
        std::fprintf(stderr,
                     "glossfish annotate: %s: game %d: the reasons of %d moves are incomplete "
                     "(first, ply %d: %s)\n",
                     a_.in_path.c_str(), number, n, first->ply, first->reasons_incomplete.c_str());
    }

    void rate_line(int number) const {
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
        const double rate = seconds > 0 ? double(moves_) / seconds : 0;
        const double eta = bytes_ > 0 ? seconds * (total_bytes_ - bytes_) / bytes_ : 0;
        std::fprintf(stderr,
                     "glossfish annotate: %d games, %lld moves, %.1f moves/s, %.0f%% of the "
                     "input, ETA %s\n",
                     number, moves_, rate, total_bytes_ > 0 ? 100 * bytes_ / total_bytes_ : 100.0,
                     duration_text(eta).c_str());
    }

    const AnnotateArgs& a_;
    AnnotateOptions options_;
    Analyzer* analyzer_ = nullptr;
    PgnReader reader_;
    double total_bytes_, bytes_ = 0;
    std::function<bool(const std::string&)> write_;
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
    std::chrono::steady_clock::time_point last_ = started_;
    std::deque<int> numbers_;
    int games_ = 0, annotated_ = 0, unread_ = 0, failed_ = 0;
    int incomplete_ = 0;  // moves whose reasons are incomplete
    long long moves_ = 0;
    bool write_failed_ = false;
};

}  // namespace

int annotate_command(const Args& args) {
    AnnotateArgs a;
    if (auto code = parse_args(args, a)) return *code;
    std::ifstream in;
    if (!open_input("annotate", a.in_path, in)) return 2;
    in.seekg(0, std::ios::end);
    const double total_bytes = double(std::max<std::streamoff>(0, in.tellg()));
    in.clear();
    in.seekg(0, std::ios::beg);

    OutputFile file;
    if (!a.out_path.empty() &&
        !open_output("annotate", file, a.out_path, OutputFile::Mode::Replace, {a.in_path}))
        return 2;
    auto write = [&](const std::string& text) {
        if (a.out_path.empty())
            return std::fwrite(text.data(), 1, text.size(), stdout) == text.size() &&
                   std::fflush(stdout) == 0;
        return file.write(text) && file.flush();
    };
    auto fail = [&](const std::string& message) {
        std::fprintf(stderr, "glossfish annotate: %s\n", message.c_str());
        file.discard();
        return 1;
    };

    Analyzer analyzer(analyzer_config(a.settings));
    AnnotateRun run(a, in, total_bytes, write);
    if (!run.run(analyzer))
        return fail(a.out_path.empty() ? "write error on stdout" : file.error());
    if (in.bad()) return fail("read error on " + quote_input(a.in_path));
    if (!a.out_path.empty())
        if (auto err = file.commit()) return fail(*err);
    return run.finish();
}

}  // namespace glossfish::cli
