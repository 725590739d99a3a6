// Motif tagging speed and agreement: tags the shared lichess puzzles (setup move from the CSV's
// FEN, then the solution) `--runs` times in one thread and prints puzzles/s, the micro-F1
// against the Themes column and, with --table, the per-theme figures and, with --mismatches,
// each puzzle whose themes differ. With --engine, the engine themes instead (crushing,
// advantage, equality, zugzwang; Stockfish at --depth, default 12): precision, recall and F1 per
// theme on the first half of the puzzles (where the thresholds were fitted) and on the second.
// Usage: glossfish_motifs_bench [--runs N] [--csv PATH] [--table] [--mismatches]
//                               [--engine [--depth D]]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

#include "analysis/engine_themes.h"
#include "motifs_eval.h"
#include "rules/bitboard.h"

using namespace glossfish;

namespace {

// The engine themes against the Themes column, per half of the cases.
int engine_bench(const std::vector<test::MotifCase>& cases, int depth) {
    Analyzer analyzer(Analyzer::Config{});
    AnalysisLimits limits;
    limits.depth = depth;
    const char* const themes[] = {"crushing", "advantage", "equality", "zugzwang"};
    std::map<std::string, test::ThemeScore> half[2];
    const auto t0 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const test::MotifCase& c = cases[i];
        Position start = c.fen_position;
        start.do_move(c.moves.front());
        const std::vector<Move> line(c.moves.begin() + 1, c.moves.end());
        const std::vector<std::string> got = engine_themes(analyzer, start, line, limits);
        for (const char* t : themes) {
            const bool g = c.engine_gold.count(t) > 0;
            const bool p = std::find(got.begin(), got.end(), t) != got.end();
            test::ThemeScore& s = half[i < cases.size() / 2 ? 0 : 1][t];
            s.tp += g && p;
            s.fp += !g && p;
            s.fn += g && !p;
        }
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("engine themes: %zu puzzles at depth %d, %.1f s (%.1f puzzles/s)\n", cases.size(),
                depth, seconds, seconds > 0 ? double(cases.size()) / seconds : 0);
    std::printf("  %-10s %-26s %-26s\n", "theme", "first half (fitted) P/R/F1",
                "second half (held out) P/R/F1");
    for (const char* t : themes) {
        const test::ThemeScore& a = half[0][t];
        const test::ThemeScore& b = half[1][t];
        std::printf(
            "  %-10s %.3f/%.3f/%.3f (%d gold, %d tagged)   %.3f/%.3f/%.3f (%d gold, %d tagged)\n",
            t, a.precision(), a.recall(), a.f1(), a.tp + a.fn, a.tp + a.fp, b.precision(),
            b.recall(), b.f1(), b.tp + b.fn, b.tp + b.fp);
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    init_bitboards();
    int runs = 20, depth = 12;
    bool table = false, mismatches = false, engine = false;
    std::string csv = std::string(GLOSSFISH_TEST_DATA) + "/lichess_puzzles_1000.csv";
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) runs = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--csv") && i + 1 < argc) csv = argv[++i];
        else if (!std::strcmp(argv[i], "--table")) table = true;
        else if (!std::strcmp(argv[i], "--mismatches")) mismatches = true;
        else if (!std::strcmp(argv[i], "--engine")) engine = true;
        else if (!std::strcmp(argv[i], "--depth") && i + 1 < argc) depth = std::atoi(argv[++i]);
        else {
            std::fprintf(stderr,
                         "usage: glossfish_motifs_bench [--runs N] [--csv PATH] [--table] "
                         "[--mismatches] [--engine [--depth D]]\n");
            return 2;
        }
    }
    if (runs < 1) runs = 1;
    const std::vector<test::MotifCase> cases = test::load_motif_cases(csv);
    if (engine) return engine_bench(cases, depth < 1 ? 12 : depth);
    test::MotifEval first = test::evaluate_motifs(cases);
    double seconds = first.seconds;
    for (int r = 1; r < runs; ++r) seconds += test::evaluate_motifs(cases).seconds;
    const double rate = seconds > 0 ? double(cases.size()) * runs / seconds : 0;
    if (table) test::print_motif_table(first, stdout);
    if (mismatches)
        for (const std::string& m : first.mismatches) std::printf("%s\n", m.c_str());
    std::printf(
        "motifs: %zu puzzles x %d runs, %.0f puzzles/s (one thread), micro-F1 %.4f "
        "(precision %.4f, recall %.4f)\n",
        cases.size(), runs, rate, first.total.f1(), first.total.precision(), first.total.recall());
    return 0;
}
