// Movetext tokens shared by the PGN game parser (pgn.cpp) and the stream reader
// (pgn_reader.cpp). Internal to pgn/.
#pragma once

#include <cstddef>
#include <string_view>

namespace glossfish::pgn_tokens {

// "1-0", "0-1", "1/2-1/2" or "*".
bool is_result(std::string_view t);
// Characters that end a movetext token.
bool is_delimiter(char c);
// Whether s is empty or only white space.
bool all_space(std::string_view s);
// A token made only of digits and dots, with at least one dot, after a leading number: the
// length of that move number ("12." and "12..." and "12…"), or 0.
std::size_t move_number_length(std::string_view t);

}  // namespace glossfish::pgn_tokens
