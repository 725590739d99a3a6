// Main-line comments: a scan of the movetext between the moves the PGN reader located.
#include "pgn/pgn_comments.h"

#include <algorithm>

namespace glossfish {

std::string clean_comment(std::string_view text) {
    std::string out;
    bool blank = false;
    for (std::size_t i = 0; i < text.size();) {
        if (text.compare(i, 2, "[%") == 0) {
            const std::size_t close = text.find(']', i + 2);
            if (close != std::string_view::npos) {
                i = close + 1;
                blank = true;
                continue;
            }
        }
        const char c = text[i++];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            blank = true;
            continue;
        }
        if (blank && !out.empty()) out += ' ';
        blank = false;
        out += c;
    }
    return out;
}

std::vector<PgnComment> main_line_comments(const PgnGame& game) {
    std::vector<PgnComment> out;
    if (!game.ok()) return out;
    const std::string& t = game.text;
    // Line numbers: count newlines up to each comment, continuing from the previous one.
    std::size_t counted = 0;
    int line = game.first_line;
    auto line_at = [&](std::size_t offset) {
        line += int(std::count(t.begin() + std::ptrdiff_t(counted),
                               t.begin() + std::ptrdiff_t(offset), '\n'));
        counted = offset;
        return line;
    };
    auto add = [&](int ply, std::size_t at, std::string_view raw) {
        std::string text = clean_comment(raw);
        if (!text.empty()) out.push_back(PgnComment{ply, line_at(at), std::move(text)});
    };
    const std::size_t moves = game.mainline.size();
    for (std::size_t k = 0; k <= moves; ++k) {
        // The stretch after move k-1 (or after the tags) up to move k (or the end).
        const std::size_t begin = k == 0 ? game.tags_end : game.mainline[k - 1].insert_at;
        const std::size_t end = k == moves ? t.size() : game.mainline[k].begin;
        int depth = 0;
        for (std::size_t i = begin; i < end && i < t.size();) {
            const char c = t[i];
            if (c == '%' && (i == 0 || t[i - 1] == '\n')) {
                const std::size_t eol = t.find('\n', i);
                i = eol == std::string::npos ? t.size() : eol + 1;
            } else if (c == '{') {
                std::size_t close = t.find('}', i + 1);
                if (close == std::string::npos) close = t.size();
                if (depth == 0)
                    add(int(k) - 1, i, std::string_view(t).substr(i + 1, close - i - 1));
                i = close + 1;
            } else if (c == ';') {
                std::size_t eol = t.find('\n', i);
                if (eol == std::string::npos) eol = t.size();
                if (depth == 0) add(int(k) - 1, i, std::string_view(t).substr(i + 1, eol - i - 1));
                i = eol;
            } else {
                if (c == '(') ++depth;
                else if (c == ')' && depth > 0) --depth;
                ++i;
            }
        }
    }
    return out;
}

}  // namespace glossfish
