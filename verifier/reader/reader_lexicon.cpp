// The commentary reader's words and sentences (reader_lexicon.h, commentary_reader.h).
#include "reader/reader_lexicon.h"

#include <algorithm>
#include <cctype>

#include "io/text.h"
#include "reader/commentary_reader.h"

namespace glossfish::verifier {

// The words of s, punctuation stripped, typographic dashes and quotes made plain.
std::vector<Word> words_of(std::string_view s) {
    std::vector<Word> out;
    std::size_t i = 0;
    while (i < s.size() && out.size() < MaxWords) {
        while (i < s.size() && is_space(s[i])) ++i;
        std::size_t j = i;
        while (j < s.size() && !is_space(s[j])) ++j;
        std::string w(s.substr(i, j - i));
        i = j;
        bool comma = false;
        const std::string strip_front = "\"'([{", strip_back = "\"')]},:;.!?";
        while (!w.empty() && strip_front.find(w.front()) != std::string::npos) w.erase(0, 1);
        while (!w.empty() && strip_back.find(w.back()) != std::string::npos) {
            // Keep annotation marks on moves only as long as they do not hide a comma.
            if (w.back() == ',' || w.back() == ':' || w.back() == ';') comma = true;
            w.pop_back();
        }
        // Dashes inside words (h4–e7) become '-'.
        std::string clean;
        for (std::size_t k = 0; k < w.size(); ++k) {
            unsigned char c = static_cast<unsigned char>(w[k]);
            if (c == 0xE2 && k + 2 < w.size() && static_cast<unsigned char>(w[k + 1]) == 0x80 &&
                (static_cast<unsigned char>(w[k + 2]) == 0x93 ||
                 static_cast<unsigned char>(w[k + 2]) == 0x94)) {
                clean += '-';
                k += 2;
            } else if (c == 0xE2 && k + 2 < w.size() &&
                       static_cast<unsigned char>(w[k + 1]) == 0x80 &&
                       static_cast<unsigned char>(w[k + 2]) == 0x99) {  // ’
                clean += '\'';
                k += 2;
            } else {
                clean += char(c);
            }
        }
        if (clean.empty()) {
            if (comma && !out.empty()) out.back().comma = true;
            continue;
        }
        out.push_back({clean, lower(clean), comma});
    }
    return out;
}

bool move_number(std::string_view t) {
    if (t.empty() || !std::isdigit(static_cast<unsigned char>(t[0]))) return false;
    std::size_t i = 0;
    while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
    return i == t.size() || t.substr(i).find_first_not_of('.') == std::string_view::npos;
}

std::string strip_annotations(std::string t) {
    while (!t.empty() && (t.back() == '!' || t.back() == '?')) t.pop_back();
    return t;
}

std::optional<PieceType> piece_word(std::string_view w) {
    if (w == "king") return King;
    if (w == "queen") return Queen;
    if (w == "rook") return Rook;
    if (w == "bishop") return Bishop;
    if (w == "knight") return Knight;
    if (w == "pawn") return Pawn;
    return std::nullopt;
}

std::optional<Color> color_word_of(std::string_view w) {
    if (w == "white" || w == "white's") return White;
    if (w == "black" || w == "black's") return Black;
    return std::nullopt;
}

// "e-file" / "e file" → 4.
std::optional<int> file_word(std::string_view w) {
    if (w.size() == 6 && w.substr(1) == "-file" && w[0] >= 'a' && w[0] <= 'h') return w[0] - 'a';
    return std::nullopt;
}

std::optional<int> file_prefix_word(std::string_view w) {
    if (w.size() == 2 && w[1] == '-' && w[0] >= 'a' && w[0] <= 'h') return w[0] - 'a';
    return std::nullopt;
}

std::optional<int> files_word(std::string_view w) {
    if (w.size() == 7 && w.substr(1) == "-files" && w[0] >= 'a' && w[0] <= 'h') return w[0] - 'a';
    return std::nullopt;
}

std::optional<std::pair<Square, PieceType>> square_piece_word(std::string_view w) {
    if (w.size() < 6 || w[2] != '-') return std::nullopt;
    Square s = parse_square(w.substr(0, 2));
    auto pt = piece_word(w.substr(3));
    if (s == NoSquare || !pt) return std::nullopt;
    return std::make_pair(s, *pt);
}

std::optional<int> times_word(std::string_view w) {
    if (w == "once") return 1;
    if (w == "twice") return 2;
    if (w == "thrice") return 3;
    return std::nullopt;
}

// "h4-e7" → two squares.
std::optional<std::pair<Square, Square>> square_pair(std::string_view w) {
    auto dash = w.find('-');
    if (dash == std::string_view::npos) return std::nullopt;
    Square a = parse_square(w.substr(0, dash)), b = parse_square(w.substr(dash + 1));
    if (a == NoSquare || b == NoSquare) return std::nullopt;
    return std::make_pair(a, b);
}
// "knights" → Knight.
std::optional<PieceType> pieces_word(std::string_view w) {
    if (w.size() < 5 || w.back() != 's') return std::nullopt;
    return piece_word(w.substr(0, w.size() - 1));
}

// "a"/"an"/"one" → 1, "two" → 2 … "sixteen" → 16, "no" → 0, digits 0-16.
std::optional<int> number_word(std::string_view w) {
    static const char* const names[] = {
        "no",   "one", "two",    "three",  "four",     "five",     "six",     "seven",  "eight",
        "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"};
    if (w == "a" || w == "an" || w == "single") return 1;
    for (int i = 0; i < 17; ++i)
        if (w == names[i]) return i;
    if (!w.empty() && w.size() <= 2 &&
        std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        int n = std::stoi(std::string(w));
        if (n <= 16) return n;
    }
    return std::nullopt;
}

std::vector<std::string> split_sentences(std::string_view text) {
    std::vector<std::string> out;
    std::string cur;
    auto flush = [&] {
        std::size_t a = 0, b = cur.size();
        while (a < b && is_space(cur[a])) ++a;
        while (b > a && is_space(cur[b - 1])) --b;
        if (b > a) out.push_back(cur.substr(a, b - a));
        cur.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '\n' && i + 1 < text.size() && text[i + 1] == '\n') {
            flush();
            continue;
        }
        cur += c;
        if (c != '.' && c != '!' && c != '?' && c != ';') continue;
        bool end = i + 1 == text.size() || is_space(text[i + 1]);
        if (!end) continue;
        // The word this mark ends.
        std::size_t s = cur.size();
        while (s > 0 && !is_space(cur[s - 1])) --s;
        std::string word = cur.substr(s);
        while (!word.empty() && (word.back() == '.' || word.back() == '!' || word.back() == '?' ||
                                 word.back() == ';'))
            word.pop_back();
        // "12." is a move number; "Nf3!" / "Qh4+?!" is an annotated move inside a sentence
        // unless the sentence ends there (next word starts with a capital that is not a piece).
        if (c == '.' && move_number(word + ".")) continue;
        if ((c == '!' || c == '?') && move_shaped(word)) {
            std::size_t n = i + 1;
            while (n < text.size() && is_space(text[n])) ++n;
            if (n < text.size() && std::islower(static_cast<unsigned char>(text[n]))) continue;
        }
        if (c == '.' &&
            (word == "e.p" || word == "e" || word == "vs" || word == "i.e" || word == "e.g"))
            continue;
        flush();
    }
    flush();
    return out;
}

}  // namespace glossfish::verifier
