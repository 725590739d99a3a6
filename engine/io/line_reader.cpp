// Bounded line reading (see line_reader.h).
#include "io/line_reader.h"

#include <string>

namespace glossfish {

std::optional<InputLine> LineReader::next() {
    std::streambuf* buf = in_.rdbuf();
    if (!buf) return std::nullopt;
    InputLine line;
    bool any = false;
    for (;;) {
        const int c = buf->sbumpc();
        if (c == std::char_traits<char>::eof()) {
            in_.setstate(std::ios::eofbit);
            break;
        }
        any = true;
        if (c == '\n') {
            line.terminated = true;
            break;
        }
        ++line.length;
        if (line.text.size() < max_) line.text += char(c);
        else line.cut = true;
    }
    if (!any) return std::nullopt;
    if (!line.cut && !line.text.empty() && line.text.back() == '\r') line.text.pop_back();
    line.number = ++number_;
    return line;
}

std::string line_too_long_text(const InputLine& line, std::size_t max_line) {
    return "the line is " + std::to_string(line.length) + " bytes long, over the limit of " +
           std::to_string(max_line) + " bytes";
}

}  // namespace glossfish
