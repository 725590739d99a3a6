// Reads tests/data/perft.csv (name,fen,depth,nodes), the project's copy of shared/data/perft.csv.
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace glossfish::test {

struct PerftRow {
    std::string name;  // unique: name plus depth, usable as a gtest parameter name
    std::string fen;
    int depth = 0;
    std::uint64_t nodes = 0;
    bool chess960 = false;
};

// Rows whose depth lies in [min_depth, max_depth].
inline std::vector<PerftRow> load_perft_csv(int min_depth, int max_depth) {
    std::ifstream in(std::string(GLOSSFISH_TEST_DATA) + "/perft.csv");
    if (!in) throw std::runtime_error("cannot open tests/data/perft.csv");
    std::vector<PerftRow> rows;
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        std::stringstream fields(line);
        PerftRow r;
        std::string depth, nodes;
        std::getline(fields, r.name, ',');
        std::getline(fields, r.fen, ',');
        std::getline(fields, depth, ',');
        std::getline(fields, nodes, ',');
        r.depth = std::stoi(depth);
        r.nodes = std::stoull(nodes);
        r.chess960 = r.name.find("chess960") != std::string::npos;
        for (char& c : r.name)
            if (c == '-') c = '_';
        r.name += "_d" + depth;
        if (r.depth >= min_depth && r.depth <= max_depth) rows.push_back(r);
    }
    return rows;
}

}  // namespace glossfish::test
