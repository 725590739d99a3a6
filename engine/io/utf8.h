// UTF-8 checks for text that comes from outside (files, arguments, child engines, servers):
// where the first bad byte is, a copy with every bad byte replaced by U+FFFD, and a short,
// always valid quote of a long input for error messages.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

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

// A quote of untrusted text for an error message: valid UTF-8, control characters shown as
// spaces, at most max_bytes bytes of the input (cut on a character boundary) followed by
// "… (N bytes)" when it was cut.
std::string quote_prefix(std::string_view text, std::size_t max_bytes = 80);

}  // namespace glossfish
