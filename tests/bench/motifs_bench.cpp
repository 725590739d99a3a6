// Motif tagging speed and agreement: tags the shared lichess puzzles (setup move from the CSV's
// FEN, then the solution) `--runs` times in one thread and prints puzzles/s, the micro-F1
// against the Themes column and, with --table, the per-theme figures and, with --mismatches,
// each puzzle whose themes differ.
// Usage: glossfish_motifs_bench [--runs N] [--csv PATH] [--table] [--mismatches]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "motifs_eval.h"
#include "rules/bitboard.h"

using namespace glossfish;

int main(int argc, char** argv) {
    init_bitboards();
    int runs = 20;
    bool table = false, mismatches = false;
    std::string csv = std::string(GLOSSFISH_TEST_DATA) + "/lichess_puzzles_1000.csv";
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) runs = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--csv") && i + 1 < argc) csv = argv[++i];
        else if (!std::strcmp(argv[i], "--table")) table = true;
        else if (!std::strcmp(argv[i], "--mismatches")) mismatches = true;
        else {
            std::fprintf(stderr,
                         "usage: glossfish_motifs_bench [--runs N] [--csv PATH] [--table] "
                         "[--mismatches]\n");
            return 2;
        }
    }
    if (runs < 1) runs = 1;
    const std::vector<test::MotifCase> cases = test::load_motif_cases(csv);
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
