// Escaping and number formatting for the HTML and SVG writers.
#include "io/markup.h"

#include <cmath>
#include <cstdint>

#include "io/utf8.h"

namespace glossfish {

std::string xml_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        switch (c) {
        case '&':
            out += "&amp;";
            ++i;
            continue;
        case '<':
            out += "&lt;";
            ++i;
            continue;
        case '>':
            out += "&gt;";
            ++i;
            continue;
        case '"':
            out += "&quot;";
            ++i;
            continue;
        case '\'':
            out += "&#39;";
            ++i;
            continue;
        default: break;
        }
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7F) {
            if (c == '\t' || c == '\n') out += c;
            else if (c == '\r') out += '\n';
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
            ++i;
            continue;
        }
        i = append_valid_char(text, i, out);
    }
    return out;
}

std::string svg_number(double x) {
    const long long tenths = std::llround(x * 10);
    const long long whole = tenths / 10;
    const long long frac = tenths % 10;
    std::string out;
    if (tenths < 0 && whole == 0) out += '-';
    out += std::to_string(whole);
    if (frac != 0) out += "." + std::to_string(frac < 0 ? -frac : frac);
    return out;
}

}  // namespace glossfish
