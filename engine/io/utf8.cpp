// UTF-8 validation, replacement and quoting (see utf8.h).
#include "io/utf8.h"

namespace glossfish {

std::size_t utf8_length(std::string_view text, std::size_t i) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
    const unsigned char c = b(0);
    if (c < 0x80) return 1;
    const std::size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
    if (n == 0 || c > 0xF4 || i + n > text.size()) return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((b(k) & 0xC0) != 0x80) return 0;
    if (n == 3 && c == 0xE0 && b(1) < 0xA0) return 0;   // overlong
    if (n == 3 && c == 0xED && b(1) >= 0xA0) return 0;  // surrogate
    if (n == 4 && c == 0xF0 && b(1) < 0x90) return 0;   // overlong
    if (n == 4 && c == 0xF4 && b(1) >= 0x90) return 0;  // above U+10FFFF
    return n;
}

std::optional<std::size_t> invalid_utf8_at(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        if (static_cast<unsigned char>(text[i]) < 0x80) {
            ++i;
            continue;
        }
        const std::size_t n = utf8_length(text, i);
        if (n == 0) return i;
        i += n;
    }
    return std::nullopt;
}

std::string utf8_error(std::string_view text) {
    const std::optional<std::size_t> at = invalid_utf8_at(text);
    if (!at) return {};
    static const char* const Hex = "0123456789ABCDEF";
    const auto byte = static_cast<unsigned char>(text[*at]);
    return std::string("invalid UTF-8 (byte 0x") + Hex[byte >> 4] + Hex[byte & 15] + " at offset " +
           std::to_string(*at) + ")";
}

std::size_t append_valid_char(std::string_view text, std::size_t i, std::string& out) {
    const std::size_t n = utf8_length(text, i);
    if (n == 0) {
        out += "\xEF\xBF\xBD";
        return i + 1;
    }
    out.append(text.substr(i, n));
    return i + n;
}

std::string to_valid_utf8(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) i = append_valid_char(text, i, out);
    return out;
}

std::string_view utf8_prefix(std::string_view text, std::size_t max_bytes) {
    if (text.size() <= max_bytes) return text;
    std::size_t cut = max_bytes;
    // Back off over continuation bytes (at most 3) to the start of the cut character.
    for (int k = 0; k < 3 && cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80; ++k)
        --cut;
    if ((static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) cut = max_bytes;  // not UTF-8
    return text.substr(0, cut);
}

namespace {

// The escaped prefix of shorten_input; cut says whether bytes were left off.
std::string escaped_prefix(std::string_view text, std::size_t max_bytes, bool& cut) {
    static const char* const Hex = "0123456789ABCDEF";
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t n = c < 0x20 || c == 0x7F ? 0 : utf8_length(text, i);
        if (out.size() + (n == 0 ? 4 : n) > max_bytes) break;  // the budget is of what is shown
        if (n == 0) {
            out += "\\x";
            out += Hex[c >> 4];
            out += Hex[c & 15];
            ++i;
        } else {
            out.append(text.substr(i, n));
            i += n;
        }
    }
    cut = i < text.size();
    return out;
}

std::string size_note(std::size_t n) { return " (" + std::to_string(n) + " bytes)"; }

}  // namespace

std::string shorten_input(std::string_view text, std::size_t max_bytes) {
    bool cut = false;
    std::string out = escaped_prefix(text, max_bytes, cut);
    if (cut) out += "\xE2\x80\xA6" + size_note(text.size());
    return out;
}

std::string quote_input(std::string_view text, std::size_t max_bytes) {
    bool cut = false;
    std::string out = "'" + escaped_prefix(text, max_bytes, cut);
    if (cut) return out + "\xE2\x80\xA6'" + size_note(text.size());
    return out + "'";
}

}  // namespace glossfish
