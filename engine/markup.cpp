// Escaping and number formatting for the HTML and SVG writers.
#include "markup.h"

#include <cmath>
#include <cstdint>

namespace glossfish {

namespace {

// Length of the valid UTF-8 sequence starting at text[i] (1..4), or 0 when it is not valid
// (overlong forms, surrogates and code points above U+10FFFF are rejected).
std::size_t utf8_length(std::string_view text, std::size_t i) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
    const unsigned char c = b(0);
    if (c < 0x80) return 1;
    std::size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
    if (n == 0 || c > 0xF4 || i + n > text.size()) return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((b(k) & 0xC0) != 0x80) return 0;
    if (n == 3 && c == 0xE0 && b(1) < 0xA0) return 0;   // overlong
    if (n == 3 && c == 0xED && b(1) >= 0xA0) return 0;  // surrogate
    if (n == 4 && c == 0xF0 && b(1) < 0x90) return 0;   // overlong
    if (n == 4 && c == 0xF4 && b(1) >= 0x90) return 0;  // above U+10FFFF
    return n;
}

}  // namespace

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
        const std::size_t n = utf8_length(text, i);
        if (n == 0) {
            out += "\xEF\xBF\xBD";
            ++i;
        } else {
            out.append(text.substr(i, n));
            i += n;
        }
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
