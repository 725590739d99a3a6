// Reads tests/data/lichess_puzzles_1000.csv for the tests and benchmarks. The CSV FEN is one
// move before the puzzle: the first move of Moves is played to reach the start, and the rest
// is the solution (its length is the puzzle's plies).
#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/notation.h"
#include "rules/position.h"

namespace glossfish::test {

struct Puzzle {
    std::string id;
    Position start;                     // after the setup move: the solver to move
    std::vector<std::string> solution;  // UCI, solver first
    std::string themes;
    int plies() const { return int(solution.size()); }
};

// The first `count` puzzles of a lichess puzzle CSV (path given in full).
inline std::vector<Puzzle> load_lichess_puzzles(const std::string& path, std::size_t count) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::vector<Puzzle> out;
    std::string line;
    std::getline(in, line);  // header
    for (int number = 2; out.size() < count && std::getline(in, line); ++number) {
        std::vector<std::string> fields;
        std::stringstream ss(line);
        for (std::string f; std::getline(ss, f, ',');) fields.push_back(f);
        if (fields.size() < 8)
            throw std::runtime_error(path + ":" + std::to_string(number) + ": short row");
        Puzzle p;
        p.id = fields[0];
        p.themes = fields[7];
        if (!p.start.set(fields[1]).ok())
            throw std::runtime_error(path + ":" + std::to_string(number) + ": bad FEN");
        std::stringstream moves(fields[2]);
        std::string setup;
        moves >> setup;
        MoveParse mp = parse_uci(p.start, setup);
        if (!mp.ok()) throw std::runtime_error(path + ":" + std::to_string(number) + ": bad move");
        p.start.do_move(mp.move);
        for (std::string m; moves >> m;) p.solution.push_back(m);
        // A fresh position from the FEN: no history from before the puzzle.
        Position fresh;
        fresh.set(p.start.fen());
        p.start = fresh;
        out.push_back(std::move(p));
    }
    return out;
}

}  // namespace glossfish::test
