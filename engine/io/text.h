// Small text helpers (ASCII case, trimming, whole-text numbers) for names, words and values
// from users, files and engines.
#pragma once

#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace glossfish {

// A copy of s with the ASCII letters A-Z made lower case; other bytes stay as they are.
std::string lower(std::string_view s);

// Whether a and b are the same text when ASCII case is ignored.
bool iequals(std::string_view a, std::string_view b);

// Whether c is ASCII white space: space, \t, \n, \r, \v or \f (std::isspace in the C locale).
bool is_space(char c);

// s without the white space (std::isspace) at its start and end.
std::string_view trim(std::string_view s);

// The number in text when all of it is one number of type T that fits (std::from_chars, no
// white space, no '+'); nullopt otherwise.
template <typename T>
std::optional<T> to_number(std::string_view text) {
    T value{};
    const char* last = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), last, value);
    if (ec != std::errc() || ptr != last || text.empty()) return std::nullopt;
    return value;
}

// text on one line for a message: newlines and tabs become spaces, and past limit bytes it is
// cut and ends with "…".
std::string one_line(std::string text, std::size_t limit);

// The items of a list written "fork, pin" or "fork pin": commas and spaces separate them, empty
// items are dropped.
std::vector<std::string> split_list(std::string_view text);

// The one wording of a number that is not an integer in [lo, hi], on every surface (UCI options
// and commands, command-line flags, gf_open keys, tool arguments): "<what> must be an integer
// LO..HI, got 'TEXT'" (TEXT quoted as quote_input does).
std::string range_error(std::string_view what, long long lo, long long hi, std::string_view got);
// The same for a value that must be one of choices: "<what> must be a, b or c, got 'TEXT'".
std::string choice_error(std::string_view what, const std::vector<std::string>& choices,
                         std::string_view got);

}  // namespace glossfish
