// `glossfish annotate IN.pgn [-o OUT.pgn] [--depth D | --nodes N] [--scheme S] [--jobs N]`:
// lichess-style annotation of every game of a PGN file, streamed game by game. Output goes to a
// temporary file next to OUT that is renamed at the end (stdout without -o); a game that cannot
// be read is reported with its line and copied through unchanged.
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>

#include "annotate.h"
#include "cli.h"
#include "settings.h"

namespace glossfish::cli {

namespace {

const char* AnnotateUsage =
    "usage: glossfish annotate IN.pgn [-o OUT.pgn] [--depth D | --nodes N]\n"
    "                          [--scheme lichess|act-eval] [--jobs N]\n";

struct FileCloser {
    void operator()(std::FILE* f) const {
        if (f) std::fclose(f);
    }
};

// The temporary output, removed when SIGINT/SIGTERM/SIGHUP end the run (async-signal-safe).
char g_tmp_path[4096];

extern "C" void remove_tmp_and_exit(int signal) {
    if (g_tmp_path[0]) ::unlink(g_tmp_path);
    ::_exit(128 + signal);
}

}  // namespace

int annotate_command(const Args& args) {
    std::string in_path, out_path, scheme_text = scheme_name(DefaultQualityScheme);
    AnnotateOptions options;
    int jobs = 1;
    for (std::size_t i = 0; i < args.size();) {
        const std::string a = args[i];
        if (a == "--help" || a == "-h") {
            std::fputs(AnnotateUsage, stdout);
            return 0;
        }
        if (a.empty() || a[0] != '-') {
            if (!in_path.empty()) {
                std::fprintf(stderr, "glossfish annotate: one input file, got '%s' and '%s'\n%s",
                             in_path.c_str(), a.c_str(), AnnotateUsage);
                return 2;
            }
            in_path = a;
            ++i;
            continue;
        }
        if (i + 1 >= args.size()) {
            std::fprintf(stderr, "glossfish annotate: %s needs a value\n%s", a.c_str(),
                         AnnotateUsage);
            return 2;
        }
        const std::string v = args[i + 1];
        i += 2;
        std::optional<long long> n;
        if (a == "-o" || a == "--out") {
            out_path = v;
        } else if (a == "--depth") {
            if (!(n = parse_number("annotate", a, v, 1, MaxOptionDepth))) return 2;
            options.limits.depth = int(*n);
        } else if (a == "--nodes") {
            if (!(n = parse_number("annotate", a, v, 1, 1'000'000'000'000LL))) return 2;
            options.limits.nodes = std::uint64_t(*n);
        } else if (a == "--jobs") {
            if (!(n = parse_number("annotate", a, v, 1, 256))) return 2;
            jobs = int(*n);
        } else if (a == "--scheme") {
            scheme_text = v;
        } else {
            std::fprintf(stderr, "glossfish annotate: unexpected argument '%s'\n%s", a.c_str(),
                         AnnotateUsage);
            return 2;
        }
    }
    if (in_path.empty()) {
        std::fprintf(stderr, "glossfish annotate: no input file\n%s", AnnotateUsage);
        return 2;
    }
    if (options.limits.depth && options.limits.nodes) {
        std::fputs("glossfish annotate: --depth and --nodes exclude each other\n", stderr);
        return 2;
    }
    if (!options.limits.depth && !options.limits.nodes) options.limits.depth = DefaultQualityDepth;
    auto scheme = parse_scheme(scheme_text);
    if (!scheme) {
        std::fprintf(stderr, "glossfish annotate: --scheme must be lichess or act-eval, got '%s'\n",
                     scheme_text.c_str());
        return 2;
    }
    options.scheme = *scheme;
    options.jobs = jobs;

    std::ifstream in(in_path, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "glossfish annotate: cannot open '%s'\n", in_path.c_str());
        return 2;
    }
    in.seekg(0, std::ios::end);
    const double total_bytes = double(std::max<std::streamoff>(0, in.tellg()));
    in.seekg(0, std::ios::beg);

    Analyzer::Config config;
    config.workers = jobs;
    Analyzer analyzer(config);

    std::string tmp_path;
    std::unique_ptr<std::FILE, FileCloser> file;
    std::FILE* out = stdout;
    if (!out_path.empty()) {
        tmp_path = out_path + ".tmp." + std::to_string(::getpid());
        file.reset(std::fopen(tmp_path.c_str(), "wb"));
        if (!file) {
            std::fprintf(stderr, "glossfish annotate: cannot write '%s'\n", tmp_path.c_str());
            return 1;
        }
        out = file.get();
        if (tmp_path.size() < sizeof g_tmp_path) {
            std::memcpy(g_tmp_path, tmp_path.c_str(), tmp_path.size() + 1);
            for (int sig : {SIGINT, SIGTERM, SIGHUP}) std::signal(sig, remove_tmp_and_exit);
        }
    }
    auto fail_output = [&] {
        std::fprintf(stderr, "glossfish annotate: write error on '%s'\n",
                     out_path.empty() ? "stdout" : tmp_path.c_str());
        if (file) {
            file.reset();
            std::remove(tmp_path.c_str());
        }
        return 1;
    };

    const auto started = std::chrono::steady_clock::now();
    PgnReader reader(in);
    int games = 0, annotated = 0, unread = 0, failed = 0;
    long long moves = 0;
    double bytes = 0;
    while (auto game = reader.next()) {
        bytes += double(game->text.size());
        if (game->is_game) {
            ++games;
            if (!game->ok()) {
                ++unread;
                std::fprintf(stderr, "glossfish annotate: %s: game %d: %s (copied unchanged)\n",
                             in_path.c_str(), games, game->error->text().c_str());
            } else {
                // Within a long game, a line at most every 10 s.
                const std::size_t positions = game->mainline.size() + 1;
                auto last = std::chrono::steady_clock::now();
                GameAnnotation a = analyse_game(analyzer, *game, options, [&](int done) {
                    const auto now = std::chrono::steady_clock::now();
                    if (now - last < std::chrono::seconds(10)) return;
                    last = now;
                    std::fprintf(stderr, "glossfish annotate: game %d: %d/%zu positions searched\n",
                                 games, done, positions);
                });
                if (!a.ok()) {
                    ++failed;
                    std::fprintf(stderr,
                                 "glossfish annotate: %s: game %d (line %d): engine failed: %s "
                                 "(copied unchanged)\n",
                                 in_path.c_str(), games, game->first_line, a.error.c_str());
                } else {
                    add_annotation_edits(*game, a, options);
                    ++annotated;
                    moves += static_cast<long long>(a.moves.size());
                }
            }
        }
        const std::string text = write_pgn_game(*game);
        if (std::fwrite(text.data(), 1, text.size(), out) != text.size()) return fail_output();
        std::fflush(out);
        if (game->is_game) {
            const double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            const double rate = seconds > 0 ? double(moves) / seconds : 0;
            const double eta = bytes > 0 ? seconds * (total_bytes - bytes) / bytes : 0;
            std::fprintf(stderr,
                         "glossfish annotate: %d games, %lld moves, %.1f moves/s, %.0f%% of the "
                         "input, ETA %s\n",
                         games, moves, rate, total_bytes > 0 ? 100 * bytes / total_bytes : 100.0,
                         duration_text(eta).c_str());
        }
    }
    if (in.bad()) {
        std::fprintf(stderr, "glossfish annotate: read error on '%s'\n", in_path.c_str());
        if (file) {
            file.reset();
            std::remove(tmp_path.c_str());
        }
        return 1;
    }
    if (file) {
        if (std::fflush(file.get()) != 0 || std::ferror(file.get())) return fail_output();
        if (std::fclose(file.release()) != 0) {
            std::remove(tmp_path.c_str());
            std::fprintf(stderr, "glossfish annotate: write error on '%s'\n", tmp_path.c_str());
            return 1;
        }
        if (std::rename(tmp_path.c_str(), out_path.c_str()) != 0) {
            std::fprintf(stderr, "glossfish annotate: cannot rename '%s' to '%s'\n",
                         tmp_path.c_str(), out_path.c_str());
            std::remove(tmp_path.c_str());
            return 1;
        }
    }
    std::fprintf(
        stderr, "glossfish annotate: %d games: %d annotated, %d not readable, %d engine failures\n",
        games, annotated, unread, failed);
    if (failed > 0) return 1;
    return unread > 0 ? 2 : 0;
}

}  // namespace glossfish::cli
