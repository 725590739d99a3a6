// UTF-8 checks for text that comes from outside (files, arguments, child engines, servers):
// where the first bad byte is, a copy with every bad byte replaced by U+FFFD, and a short,
// always valid quote of a long input for error messages.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "io/input_limits.h"

namespace glossfish {

// Length of the valid UTF-8 sequence starting at text[i] (1..4), or 0 when it is not valid
// (a stray continuation byte, a cut sequence, an overlong form, a surrogate, or a code point
// above U+10FFFF).
std::size_t utf8_length(std::string_view text, std::size_t i);

// Appends the character at text[i] to out, or U+FFFD when no valid sequence starts there;
// returns the index after it (i + its length, or i + 1).
std::size_t append_valid_char(std::string_view text, std::size_t i, std::string& out);

// The offset of the first byte that does not start a valid sequence, or nullopt when the whole
// text is valid UTF-8.
std::optional<std::size_t> invalid_utf8_at(std::string_view text);

// "invalid UTF-8 (byte 0xFF at offset 11)" for the first bad byte of text; empty when valid.
std::string utf8_error(std::string_view text);

// The text with every byte that does not start a valid sequence replaced by U+FFFD.
std::string to_valid_utf8(std::string_view text);

// The first bytes of text, at most max_bytes, cut on a character boundary (a sequence is not
// split; bytes that are not UTF-8 count as characters of one byte).
std::string_view utf8_prefix(std::string_view text, std::size_t max_bytes);

// Untrusted text shortened for a message: control characters and bytes that are not UTF-8
// shown as \xNN, at most max_bytes bytes shown (cut on a character boundary), then
// "… (N bytes)" with the input's size when it was cut. Always valid UTF-8 on one line.
std::string shorten_input(std::string_view text, std::size_t max_bytes = QuoteBytes);

// The same in single quotes, the size after them: 'e2e4', 'uuuu…' (5000 bytes). Every error
// that names bad input quotes it this way.
std::string quote_input(std::string_view text, std::size_t max_bytes = QuoteBytes);

}  // namespace glossfish
