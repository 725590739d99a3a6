// Annotation speed: the three classic games of tests/data/classic_games.pgn at a fixed depth,
// glossfish's annotate_games with --jobs 1 and --jobs 2 (games side by side) against a plain
// sequential loop over one Stockfish in the same program run: what a python-chess user writes
// (one engine, `ucinewgame` once, then for each position of each game `position fen ...` and
// `go depth D`, the score read from the last info line, labels from consecutive evaluations),
// with the same hash (16 MB) and threads (1) as each of our workers. Also glossfish with
// --reproducible (every search from a cleared hash) to show what reproducibility costs.
// Every method runs --runs times, interleaved (the order rotates each round), and the best and
// the median times are printed with the load average at each run, since other processes share
// the machine. The reasons (verifier/explain, board-verified, what `glossfish annotate` adds to
// its comments; `--no-reasons` leaves them out) are timed on their own and as --jobs 1 with and
// without them side by side, with the ratio (goal <= 1.2x).
// Usage: glossfish_annotate_bench [--depth 14] [--runs 3] [--pgn PATH] [--reasons-only 1]
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "analysis/annotate.h"
#include "explain/explain.h"
#include "host/engine_host.h"
#include "rules/movegen.h"
#include "rules/notation.h"

using namespace glossfish;
using Clock = std::chrono::steady_clock;

namespace {

struct Run {
    double seconds = 0;
    long moves = 0;
    double load = 0;             // 1-minute load average when the run ended
    double explain_seconds = 0;  // of seconds: the reasons (with_reasons only)
    long reasons = 0;
    std::vector<QualityLabel> labels;
};

double load_average() {
    std::ifstream in("/proc/loadavg");
    double one = 0;
    in >> one;
    return one;
}

[[noreturn]] void die(const std::string& why) {
    std::fprintf(stderr, "annotate_bench: %s\n", why.c_str());
    std::exit(1);
}

Score flip(Score s) {
    s.value = -s.value;
    return s;
}

// The plain loop: one Stockfish, every position searched in game order.
Run plain_loop(const std::vector<PgnGame>& games, int depth) {
    EngineHost host(EngineHost::Config{});
    if (auto err = host.start()) die(*err);
    host.set_option("Hash", "16");
    host.set_option("Threads", "1");
    host.send_raw("ucinewgame");
    if (!host.sync(std::chrono::seconds(5))) die("stockfish did not answer");
    Run r;
    const auto start = Clock::now();
    for (const PgnGame& g : games) {
        std::vector<Position> positions = {g.start_position()};
        for (const PgnMove& m : g.mainline) {
            positions.push_back(positions.back());
            positions.back().do_move(m.move);
        }
        std::vector<Score> eval;         // side to move's view
        std::vector<std::string> bests;  // the engine's move (UCI), "" when the game is over
        for (const Position& p : positions) {
            if (MoveList(p).empty()) {
                eval.push_back(p.is_check() ? Score::mate(0) : Score::cp(0));
                bests.emplace_back();
                continue;
            }
            std::mutex m;
            std::condition_variable cv;
            bool done = false;
            Score last;
            std::string best;
            SearchCallbacks cb;
            cb.on_info = [&](const SearchInfo& info) {
                std::lock_guard lock(m);
                if (info.score && !info.pv.empty()) last = *info.score;
            };
            cb.on_bestmove = [&](const BestMove& b) {
                std::lock_guard lock(m);
                best = b.move;
                done = true;
                cv.notify_all();
            };
            cb.on_failure = [&](const std::string& why) { die(why); };
            if (!host.go("position fen " + p.fen(), "go depth " + std::to_string(depth), cb))
                die("stockfish is not running");
            std::unique_lock lock(m);
            cv.wait(lock, [&] { return done; });
            eval.push_back(last);
            bests.push_back(best);
        }
        for (std::size_t i = 0; i + 1 < positions.size(); ++i) {
            QualityInput in;
            in.best = eval[i];
            const bool mate = positions[i + 1].is_checkmate();
            in.played = mate ? Score::mate(1) : flip(eval[i + 1]);
            in.played_is_best = mate || bests[i] == move_to_uci(positions[i], g.mainline[i].move);
            r.labels.push_back(classify_move(in, QualityScheme::Lichess).label);
            ++r.moves;
        }
    }
    r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    r.load = load_average();
    return r;
}

// glossfish: annotate_games on a pool of `jobs` workers, started before the clock.
// With reasons: each annotated game explained as `glossfish annotate` does (in the done
// callback, on the annotation's own lines, no search).
Run glossfish_run(const std::vector<PgnGame>& games, int depth, int jobs, bool reproducible,
                  bool with_reasons = false) {
    Analyzer::Config config;
    config.workers = jobs;
    Analyzer analyzer(config);
    std::vector<std::thread> threads;
    for (int i = 0; i < jobs; ++i)
        threads.emplace_back([&analyzer, i] {
            AnalysisLimits one;
            one.depth = 1;
            analyzer.analyse(Position(), one, 1, {}, i, true);
        });
    for (std::thread& t : threads) t.join();
    analyzer.clear_cache();

    AnnotateOptions options;
    options.limits.depth = depth;
    options.limits.reproducible = reproducible;
    options.jobs = jobs;
    Run r;
    std::size_t k = 0;
    const auto start = Clock::now();
    annotate_games(
        analyzer, options,
        [&]() -> std::optional<PgnGame> {
            if (k == games.size()) return std::nullopt;
            return games[k++];
        },
        [&](PgnGame& game, const GameAnnotation* a) {
            if (!a || !a->ok()) die(a ? a->error : "a game was not analysed");
            if (with_reasons) {
                const auto t0 = Clock::now();
                GameAnnotation explained = *a;
                verifier::explain_game(game, explained);
                r.explain_seconds += std::chrono::duration<double>(Clock::now() - t0).count();
                for (const MoveAnnotation& m : explained.moves) r.reasons += long(m.reasons.size());
            }
            r.moves += long(a->moves.size());
            for (const MoveAnnotation& m : a->moves) r.labels.push_back(m.quality.label);
            return true;
        });
    r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    r.load = load_average();
    return r;
}

struct Method {
    const char* name;
    std::function<Run()> run;
    std::vector<Run> runs;
    const Run& best() const {
        return *std::min_element(runs.begin(), runs.end(),
                                 [](const Run& a, const Run& b) { return a.seconds < b.seconds; });
    }
    double median() const {
        std::vector<double> s;
        for (const Run& r : runs) s.push_back(r.seconds);
        std::sort(s.begin(), s.end());
        return s[s.size() / 2];
    }
};

}  // namespace

int main(int argc, char** argv) {
    int depth = 14, rounds = 3;
    bool reasons_only = false;
    std::string path = std::string(GLOSSFISH_TEST_DATA) + "/classic_games.pgn";
    for (int i = 1; i + 1 < argc; i += 2) {
        std::string a = argv[i];
        if (a == "--depth") depth = std::atoi(argv[i + 1]);
        else if (a == "--runs") rounds = std::max(1, std::atoi(argv[i + 1]));
        else if (a == "--pgn") path = argv[i + 1];
        else if (a == "--reasons-only") reasons_only = std::atoi(argv[i + 1]) != 0;
        else {
            std::fprintf(stderr,
                         "usage: glossfish_annotate_bench [--depth 14] [--runs 3] [--pgn PATH] "
                         "[--reasons-only 1]\n");
            return 2;
        }
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) die("cannot open " + path);
    std::ostringstream text;
    text << in.rdbuf();
    std::vector<PgnGame> games;
    for (PgnGame& g : read_pgn(text.str()))
        if (g.is_game && g.ok()) games.push_back(std::move(g));
    std::printf(
        "annotate bench: %zu games, depth %d, %d interleaved runs each, %u hardware "
        "threads, load average %.2f at the start\n",
        games.size(), depth, rounds, std::thread::hardware_concurrency(), load_average());

    // Reasons: --jobs 1 with and without them, interleaved, and the time of the reasons alone.
    auto reasons_cost = [&] {
        std::vector<Method> pair = {
            {"glossfish --jobs 1 --no-reasons",
             [&] { return glossfish_run(games, depth, 1, false, false); },
             {}},
            {"glossfish --jobs 1 with reasons",
             [&] { return glossfish_run(games, depth, 1, false, true); },
             {}},
        };
        for (int round = 0; round < rounds; ++round)
            for (std::size_t k = 0; k < pair.size(); ++k) {
                Method& m = pair[(k + std::size_t(round)) % pair.size()];
                m.runs.push_back(m.run());
                std::printf("  round %d  %-34s %6.2f s  (load %.2f)\n", round + 1, m.name,
                            m.runs.back().seconds, m.runs.back().load);
                std::fflush(stdout);
            }
        const Run& off = pair[0].best();
        const Run& on = pair[1].best();
        double explain = 1e9;
        for (const Run& r : pair[1].runs) explain = std::min(explain, r.explain_seconds);
        std::printf(
            "reasons: %ld reasons on %ld moves; the reasons alone %.3f s (best run); with / "
            "without reasons (best times) %.2f s / %.2f s = %.3fx (goal <= 1.2x); the reasons' "
            "share of the run %.3fx\n",
            on.reasons, on.moves, explain, on.seconds, off.seconds,
            off.seconds > 0 ? on.seconds / off.seconds : 0,
            on.seconds > explain ? on.seconds / (on.seconds - explain) : 0);
    };
    if (reasons_only) {
        reasons_cost();
        return 0;
    }

    std::vector<Method> methods = {
        {"plain Stockfish loop", [&] { return plain_loop(games, depth); }, {}},
        {"glossfish --jobs 1", [&] { return glossfish_run(games, depth, 1, false); }, {}},
        {"glossfish --jobs 2", [&] { return glossfish_run(games, depth, 2, false); }, {}},
        {"glossfish --jobs 1 --reproducible",
         [&] { return glossfish_run(games, depth, 1, true); },
         {}},
        {"glossfish --jobs 2 --reproducible",
         [&] { return glossfish_run(games, depth, 2, true); },
         {}},
    };
    for (int round = 0; round < rounds; ++round)
        for (std::size_t k = 0; k < methods.size(); ++k) {
            Method& m = methods[(k + std::size_t(round)) % methods.size()];
            m.runs.push_back(m.run());
            std::printf("  round %d  %-34s %6.2f s  (load %.2f)\n", round + 1, m.name,
                        m.runs.back().seconds, m.runs.back().load);
            std::fflush(stdout);
        }
    const Run& loop = methods[0].best();
    for (const Method& m : methods) {
        const Run& b = m.best();
        std::printf(
            "%-34s best %6.2f s (load %.2f), median %6.2f s, %ld moves, %5.1f moves/s, "
            "loop / this %.2fx\n",
            m.name, b.seconds, b.load, m.median(), b.moves,
            b.seconds > 0 ? double(b.moves) / b.seconds : 0,
            b.seconds > 0 ? loop.seconds / b.seconds : 0);
    }
    auto same = [](const Run& a, const Run& b) {
        std::size_t n = 0;
        for (std::size_t k = 0; k < a.labels.size() && k < b.labels.size(); ++k)
            n += a.labels[k] == b.labels[k];
        return n;
    };
    std::printf(
        "labels equal to the loop's: --jobs 1 %zu, --jobs 2 %zu of %zu; reproducible "
        "--jobs 1 vs --jobs 2: %zu of %zu\n",
        same(loop, methods[1].best()), same(loop, methods[2].best()), loop.labels.size(),
        same(methods[3].best(), methods[4].best()), methods[3].best().labels.size());
    std::printf(
        "ratios (best times): glossfish --jobs 1 / loop %.2fx, --jobs 2 / loop %.2fx "
        "(speed, higher is faster); reproducible costs %.0f%% at --jobs 1\n",
        loop.seconds / methods[1].best().seconds, loop.seconds / methods[2].best().seconds,
        100 * (methods[3].best().seconds / methods[1].best().seconds - 1));
    reasons_cost();
    return 0;
}
