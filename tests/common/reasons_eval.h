// The reasons of the shared lichess puzzles' setup moves, scored (tests/bench/reasons_bench.cpp
// and tests/slow/reasons_slow_test.cpp): the setup move (the CSV's first move, played from its
// FEN) is labelled and explained with Stockfish at a fixed depth; each puzzle records whether the
// label is bad, whether a reason's line starts with the first solution move, whether a reason
// names a motif the puzzle's Themes name too, and every printed reason is read and verified
// again on its position.
#pragma once

#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/quality.h"
#include "explain/explain.h"
#include "motifs_eval.h"
#include "reader/commentary_reader.h"
#include "rules/notation.h"

namespace glossfish::test {

// A theme a reason can be expected to name: decidable from the moves and about the tactic, not
// the line's length or the material of the start.
inline bool tactical_theme(const std::string& t) {
    static const std::set<std::string> Out = {"oneMove", "short", "long", "veryLong"};
    return !undecidable_theme(t) && !Out.count(t) && t.find("Endgame") == std::string::npos;
}

struct ReasonPuzzle {
    std::string id;
    Position before;  // the CSV's FEN: the setup move to play
    Move setup;
    std::string first_solution;  // UCI
    std::set<std::string> tactical;
};

// The first `count` rows of a lichess CSV (all when count is 0).
inline std::vector<ReasonPuzzle> load_reason_puzzles(const std::string& path, std::size_t count) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::string line;
    std::getline(in, line);
    std::vector<ReasonPuzzle> out;
    for (int number = 2; (count == 0 || out.size() < count) && std::getline(in, line); ++number) {
        const std::vector<std::string> f = split_csv_line(line);
        if (f.size() < 8) throw std::runtime_error(path + ":" + std::to_string(number) + ": short");
        ReasonPuzzle p;
        p.id = f[0];
        if (!p.before.set(f[1]).ok())
            throw std::runtime_error(path + ":" + std::to_string(number) + ": bad FEN");
        std::stringstream moves(f[2]);
        std::string setup;
        moves >> setup >> p.first_solution;
        MoveParse mp = parse_uci(p.before, setup);
        if (!mp.ok()) throw std::runtime_error(path + ":" + std::to_string(number) + ": bad move");
        p.setup = mp.move;
        std::stringstream themes(f[7]);
        for (std::string t; themes >> t;)
            if (tactical_theme(t)) p.tactical.insert(t);
        out.push_back(std::move(p));
    }
    return out;
}

struct ReasonTally {
    int puzzles = 0;
    int errors = 0;                     // the label failed (engine)
    int not_lost = 0;                   // win% before the setup move > 5
    int bad_not_lost = 0;               // of those, labelled inaccuracy or worse
    int line_starts = 0;                // a reason's line starts with the first solution move
    int tactical = 0;                   // puzzles with a tactical theme
    int motif_named = 0;                // of those, a reason names one of them
    int reasons = 0;                    // reasons printed
    int held_back = 0;                  // composed and held back
    int read_whole = 0;                 // printed reasons read whole again
    int verified_true = 0;              // printed reasons verified true again
    std::vector<std::string> failures;  // "id: text" of reasons not read whole or not true
    // The puzzles without a reason on the solution, by the kind of their first reason ("none").
    std::map<std::string, int> off_line;
    // "id: move, win% before, loss" of the setup moves labelled good where not already lost.
    std::vector<std::string> good_not_lost;
    // "id: kind: text" of every reason held back.
    std::vector<std::string> held;

    static double pct(int a, int b) { return b ? 100.0 * a / b : 0.0; }
};

// Labels and explains one puzzle's setup move and adds it to the tally.
inline void tally_reasons(Analyzer& analyzer, const AnalysisLimits& limits, const ReasonPuzzle& p,
                          ReasonTally& t) {
    ++t.puzzles;
    MoveLabel l = label_move(analyzer, p.before, p.setup, limits, QualityScheme::Lichess);
    if (!l.error.empty()) {
        ++t.errors;
        return;
    }
    verifier::ExplainOptions o;
    o.analyzer = &analyzer;
    o.limits = limits;
    verifier::Explanation e = verifier::explain(l, o);
    l.reasons = e.reasons;
    l.reasons_held_back = e.held_back;
    for (const Reason& r : e.held) t.held.push_back(p.id + ": " + r.kind + ": " + r.text);
    if (l.quality.wp_before > 5) {
        ++t.not_lost;
        if (l.quality.label != QualityLabel::Good) {
            ++t.bad_not_lost;
        } else {
            char line[160];
            std::snprintf(line, sizeof line, ": %s, win%% %.1f before, %.1f lost (best %s)",
                          l.played_san.c_str(), l.quality.wp_before, l.quality.wp_loss,
                          l.best_san.c_str());
            t.good_not_lost.push_back(p.id + line);
        }
    }
    bool starts = false, named = false;
    for (Reason r : l.reasons) {
        ++t.reasons;
        if (!r.line_uci.empty() && r.line_uci.front() == p.first_solution) starts = true;
        for (const std::string& m : r.motifs)
            if (p.tactical.count(m)) named = true;
        const std::string uci = move_to_uci(p.before, p.setup);
        verifier::CommentaryReading reading = verifier::read_commentary(p.before, uci, r.text);
        const bool whole = reading.sentences.size() == 1 && reading.sentences[0].read() &&
                           !reading.sentences[0].partly_read();
        t.read_whole += whole;
        const bool ok = verifier::check_reason(p.before, p.setup, r, o);
        t.verified_true += ok;
        if (!whole || !ok) t.failures.push_back(p.id + ": " + r.text);
    }
    t.held_back += l.reasons_held_back;
    t.line_starts += starts;
    if (!starts) ++t.off_line[l.reasons.empty() ? "none" : l.reasons.front().kind];
    if (!p.tactical.empty()) {
        ++t.tactical;
        t.motif_named += named;
    }
}

// With details: the setup moves labelled good and every reason held back, one per line.
inline void print_tally(const ReasonTally& t, bool details = false) {
    std::printf("puzzles %d (label errors %d)\n", t.puzzles, t.errors);
    std::printf("bad label where not already lost (win%% before > 5): %d of %d (%.1f%%)\n",
                t.bad_not_lost, t.not_lost, ReasonTally::pct(t.bad_not_lost, t.not_lost));
    std::printf(
        "a reason's line starts with the first solution move: %d of %d (%.1f%%, goal "
        ">= 90%%)\n",
        t.line_starts, t.puzzles, ReasonTally::pct(t.line_starts, t.puzzles));
    std::printf("a reason names a tactical theme of the puzzle: %d of %d (%.1f%%, goal >= 80%%)\n",
                t.motif_named, t.tactical, ReasonTally::pct(t.motif_named, t.tactical));
    std::printf("  no reason on the solution, by first reason:");
    for (const auto& [kind, n] : t.off_line) std::printf(" %s %d", kind.c_str(), n);
    std::printf("\n");
    std::printf("reasons printed %d, held back %d\n", t.reasons, t.held_back);
    std::printf(
        "read whole again: %d of %d (%.1f%%); verified true again: %d of %d; false or "
        "unread: %d\n",
        t.read_whole, t.reasons, ReasonTally::pct(t.read_whole, t.reasons), t.verified_true,
        t.reasons, t.reasons - t.verified_true);
    for (const std::string& f : t.failures) std::printf("  not passed: %s\n", f.c_str());
    if (!details) return;
    for (const std::string& g : t.good_not_lost) std::printf("  labelled good: %s\n", g.c_str());
    for (const std::string& h : t.held) std::printf("  held back: %s\n", h.c_str());
}

}  // namespace glossfish::test
