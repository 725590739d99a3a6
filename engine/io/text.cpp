// Small text helpers: ASCII case and trimming.
#include "io/text.h"

#include <algorithm>
#include <cctype>

#include "io/utf8.h"

namespace glossfish {

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

std::vector<std::string> split_list(std::string_view text) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : text) {
        if (c == ',' || c == ' ') {
            if (!cur.empty()) out.push_back(std::move(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(std::move(cur));
    return out;
}

std::string one_line(std::string text, std::size_t limit) {
    for (char& c : text)
        if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    if (text.size() > limit) text = text.substr(0, limit) + "…";
    return text;
}

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

std::string range_error(std::string_view what, long long lo, long long hi, std::string_view got) {
    return std::string(what) + " must be an integer " + std::to_string(lo) + ".." +
           std::to_string(hi) + ", got " + quote_input(got);
}

std::string choice_error(std::string_view what, const std::vector<std::string>& choices,
                         std::string_view got) {
    std::string list;
    for (std::size_t i = 0; i < choices.size(); ++i)
        list += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i];
    return std::string(what) + " must be " + list + ", got " + quote_input(got);
}

}  // namespace glossfish
