// Scores the motif tagger against the Themes column of a lichess puzzle CSV: per-theme
// precision, recall and F1 and the micro-F1 over the themes decidable from the moves (phase,
// source and engine themes left out, and the rows whose Themes hold only such themes).
#pragma once

#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/puzzles.h"
#include "motifs/motifs.h"
#include "rules/notation.h"

namespace glossfish::test {

// Themes the moves cannot decide: the game phase, the source of the game, the engine's eval.
inline bool undecidable_theme(const std::string& t) {
    static const std::set<std::string> Out = {
        "opening", "middlegame", "endgame",   "master",   "masterVsMaster",
        "superGM", "crushing",   "advantage", "equality", "zugzwang"};
    return Out.count(t) > 0;
}

struct MotifCase {
    std::string id;
    Position fen_position;    // before the setup move
    std::vector<Move> moves;  // setup move first
    std::set<std::string> gold;
    std::set<std::string> engine_gold;  // its crushing / advantage / equality / zugzwang
};

// The rows of a lichess CSV with at least one decidable theme.
inline std::vector<MotifCase> load_motif_cases(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::string line;
    std::getline(in, line);
    const std::vector<std::string> header = split_csv_line(line);
    std::map<std::string, std::size_t> col;
    for (std::size_t i = 0; i < header.size(); ++i) col[header[i]] = i;
    std::vector<MotifCase> out;
    while (std::getline(in, line)) {
        const std::vector<std::string> f = split_csv_line(line);
        if (f.size() != header.size()) throw std::runtime_error("bad row in " + path);
        MotifCase c;
        c.id = f[col.at("PuzzleId")];
        if (!c.fen_position.set(f[col.at("FEN")]).ok())
            throw std::runtime_error("bad FEN in " + c.id);
        Position walk = c.fen_position;
        std::istringstream moves(f[col.at("Moves")]);
        for (std::string m; moves >> m;) {
            MoveParse mp = parse_uci(walk, m);
            if (!mp.ok()) throw std::runtime_error("bad move in " + c.id);
            c.moves.push_back(mp.move);
            walk.do_move(mp.move);
        }
        std::istringstream themes(f[col.at("Themes")]);
        for (std::string t; themes >> t;) {
            if (!undecidable_theme(t)) c.gold.insert(t);
            if (t == "crushing" || t == "advantage" || t == "equality" || t == "zugzwang")
                c.engine_gold.insert(t);
        }
        if (!c.gold.empty()) out.push_back(std::move(c));
    }
    return out;
}

struct ThemeScore {
    int tp = 0, fp = 0, fn = 0;
    double precision() const { return tp + fp == 0 ? 1.0 : double(tp) / (tp + fp); }
    double recall() const { return tp + fn == 0 ? 1.0 : double(tp) / (tp + fn); }
    double f1() const { return 2.0 * tp + fp + fn == 0 ? 1.0 : 2.0 * tp / (2.0 * tp + fp + fn); }
};

struct MotifEval {
    std::map<std::string, ThemeScore> themes;
    ThemeScore total;
    std::size_t puzzles = 0;
    double seconds = 0;                   // tagging only
    std::vector<std::string> mismatches;  // "id: +extra -missing"
};

inline MotifEval evaluate_motifs(const std::vector<MotifCase>& cases) {
    MotifEval e;
    std::vector<std::vector<std::string>> tagged(cases.size());
    const auto t0 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < cases.size(); ++i)
        tagged[i] = tag_lichess_puzzle(cases[i].fen_position, cases[i].moves);
    e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    e.puzzles = cases.size();
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const std::set<std::string> got(tagged[i].begin(), tagged[i].end());
        const std::set<std::string>& gold = cases[i].gold;
        std::string diff;
        for (const std::string& t : got) {
            if (undecidable_theme(t)) continue;
            if (gold.count(t)) ++e.themes[t].tp;
            else {
                ++e.themes[t].fp;
                diff += " +" + t;
            }
        }
        for (const std::string& t : gold)
            if (!got.count(t)) {
                ++e.themes[t].fn;
                diff += " -" + t;
            }
        if (!diff.empty()) e.mismatches.push_back(cases[i].id + ":" + diff);
    }
    for (const auto& [name, s] : e.themes) {
        e.total.tp += s.tp;
        e.total.fp += s.fp;
        e.total.fn += s.fn;
    }
    return e;
}

inline void print_motif_table(const MotifEval& e, std::FILE* out) {
    std::fprintf(out, "%-18s %5s %5s %5s %9s %7s %6s\n", "theme", "tp", "fp", "fn", "precision",
                 "recall", "F1");
    for (const auto& [name, s] : e.themes)
        std::fprintf(out, "%-18s %5d %5d %5d %9.3f %7.3f %6.3f\n", name.c_str(), s.tp, s.fp, s.fn,
                     s.precision(), s.recall(), s.f1());
    std::fprintf(out, "%-18s %5d %5d %5d %9.3f %7.3f %6.3f\n", "micro", e.total.tp, e.total.fp,
                 e.total.fn, e.total.precision(), e.total.recall(), e.total.f1());
}

}  // namespace glossfish::test
