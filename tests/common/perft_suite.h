// Reads the perft suites in tests/data/ (EPD lines "FEN ;D1 20 ;D2 400 ...") for the tests.
#pragma once

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace glossfish::test {

struct PerftCase {
    std::string name;  // file stem and line number, usable as a gtest parameter name
    std::string fen;
    bool chess960 = false;
    std::vector<std::pair<int, std::uint64_t>> depths;  // (depth, leaf nodes)
};

// A path inside the fixtures directory tests/data/ (GLOSSFISH_TEST_DATA).
inline std::string test_data_path(const std::string& file) {
    return std::string(GLOSSFISH_TEST_DATA) + "/" + file;
}

// The positions of one suite file, keeping the depths whose node count is in [lo, hi];
// positions left with no depth are dropped.
inline std::vector<PerftCase> load_perft_suite(const std::string& file, bool chess960,
                                               std::uint64_t lo, std::uint64_t hi) {
    std::ifstream in(test_data_path(file));
    if (!in) throw std::runtime_error("cannot open " + test_data_path(file));
    std::vector<PerftCase> cases;
    std::string line;
    const std::string stem = file.substr(0, file.find('.'));
    for (int number = 1; std::getline(in, line); ++number) {
        if (line.empty() || line[0] == '#') continue;
        std::stringstream fields(line);
        PerftCase c{stem + "_line" + std::to_string(number), "", chess960, {}};
        std::getline(fields, c.fen, ';');
        c.fen.erase(c.fen.find_last_not_of(' ') + 1);
        std::string field;
        while (std::getline(fields, field, ';')) {
            int depth = 0;
            unsigned long long nodes = 0;
            if (std::sscanf(field.c_str(), "D%d %llu", &depth, &nodes) != 2)
                throw std::runtime_error(file + ":" + std::to_string(number) + ": bad field");
            if (nodes >= lo && nodes <= hi) c.depths.emplace_back(depth, nodes);
        }
        if (!c.depths.empty()) cases.push_back(c);
    }
    return cases;
}

// Both suites, standard and Chess960.
inline std::vector<PerftCase> load_perft_suites(std::uint64_t lo, std::uint64_t hi) {
    std::vector<PerftCase> cases = load_perft_suite("perft.epd", false, lo, hi);
    for (PerftCase& c : load_perft_suite("perft960.epd", true, lo, hi)) cases.push_back(c);
    return cases;
}

}  // namespace glossfish::test
