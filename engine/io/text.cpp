// Small text helpers: ASCII case and trimming.
#include "io/text.h"

#include <algorithm>
#include <cctype>

namespace glossfish {

namespace {
char lower_char(char c) { return char(std::tolower(static_cast<unsigned char>(c))); }
}  // namespace

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = lower_char(c);
    return out;
}

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return lower_char(x) == lower_char(y);
           });
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

}  // namespace glossfish
