// Reads a text stream line by line with a bound on what one line may hold in memory: a longer
// line is consumed to its end but kept only up to the bound and marked cut, so a file without
// newlines never fills the memory. Blocks on the stream only; answers each line as soon as its
// newline arrives (interactive pipes work).
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <string>

namespace glossfish {

struct InputLine {
    std::string text;         // without the '\n' and a '\r' before it; at most the bound
    std::size_t number = 0;   // 1-based
    std::size_t length = 0;   // bytes of the whole line as read (without '\n')
    bool cut = false;         // length > the bound: text holds only the first bytes
    bool terminated = false;  // the line ended with '\n' (false for a last line without one)
};

class LineReader {
public:
    LineReader(std::istream& in, std::size_t max_line) : in_(in), max_(max_line) {}
    // The next line, or nullopt at the end of the input.
    std::optional<InputLine> next();
    // Lines returned so far.
    std::size_t lines() const { return number_; }

private:
    std::istream& in_;
    std::size_t max_;
    std::size_t number_ = 0;
};

// "the line is 2000000 bytes long, over the limit of 1048576 bytes" for a cut line.
std::string line_too_long_text(const InputLine& line, std::size_t max_line);

}  // namespace glossfish
