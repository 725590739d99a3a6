// Helpers the unit tests share: a position from a FEN, a file's text, a tests/data file's text,
// and "does it contain" for text and lists.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "rules/position.h"

namespace glossfish {

// The position of a FEN the test knows to be valid (a test failure when it is not).
inline Position at(std::string_view fen, bool chess960 = false) {
    Position pos;
    const FenStatus status = pos.set(fen, chess960);
    EXPECT_TRUE(status.ok()) << fen << ": " << status.message();
    return pos;
}

// The whole file, bytes as they are; "" when it cannot be read.
inline std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A file of tests/data (GLOSSFISH_TEST_DATA); a test failure when it is missing.
inline std::string test_data(const std::string& name) {
    const std::filesystem::path path = std::filesystem::path(GLOSSFISH_TEST_DATA) / name;
    EXPECT_TRUE(std::filesystem::exists(path)) << path;
    return slurp(path);
}

inline bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

inline bool has(const std::vector<std::string>& items, const char* item) {
    return std::find(items.begin(), items.end(), item) != items.end();
}

}  // namespace glossfish
