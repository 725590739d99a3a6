// Movetext tokens shared by the PGN game parser and the stream reader.
#include "pgn/pgn_tokens.h"

#include <algorithm>
#include <cctype>

#include "io/text.h"

namespace glossfish::pgn_tokens {

bool is_result(std::string_view t) {
    return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

// Characters that end a movetext token.
bool is_delimiter(char c) {
    return is_space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == ';' || c == '$' ||
           c == '[' || c == ']';
}

bool all_space(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return is_space(c); });
}

// A token made only of digits and dots, with at least one dot, after a leading number.
std::size_t move_number_length(std::string_view t) {
    std::size_t i = 0;
    while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
    if (i == 0 || i >= t.size() || t[i] != '.') return 0;
    while (i < t.size()) {
        if (t[i] == '.') ++i;
        else if (t.substr(i, 3) == "\xE2\x80\xA6") i += 3;  // "…"
        else break;
    }
    return i;
}

}  // namespace glossfish::pgn_tokens
