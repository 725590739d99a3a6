// read_motif_line: a move line in SAN or UCI, move numbers skipped, with the failing move named.
#include <cctype>

#include "motifs/motifs.h"
#include "rules/notation.h"

namespace glossfish {

namespace {

bool is_separator(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ','; }

// Length of a move number at the front of word ("12.", "3...", "1…" not included), 0 if none.
std::size_t move_number_length(std::string_view word) {
    std::size_t i = 0;
    while (i < word.size() && std::isdigit(static_cast<unsigned char>(word[i]))) ++i;
    if (i == 0 || i == word.size() || word[i] != '.') return 0;
    while (i < word.size() && word[i] == '.') ++i;
    return i;
}

}  // namespace

MotifLineParse read_motif_line(const Position& start, std::string_view text) {
    MotifLineParse out;
    Position pos = start;
    std::size_t i = 0;
    int number = 0;
    while (i < text.size()) {
        while (i < text.size() && is_separator(text[i])) ++i;
        std::size_t end = i;
        while (end < text.size() && !is_separator(text[end])) ++end;
        std::string_view word = text.substr(i, end - i);
        i = end;
        if (word.empty()) continue;
        word.remove_prefix(move_number_length(word));
        if (word.empty()) continue;
        if (out.moves.size() == MaxMotifLineMoves) {
            out.moves.clear();
            out.error = "the line has more than " + std::to_string(MaxMotifLineMoves) + " moves";
            return out;
        }
        ++number;
        MoveParse mp = parse_move_text(pos, word);
        if (!mp.ok()) {
            out.error = "move " + std::to_string(number) + " " + mp.named(word);
            return out;
        }
        out.moves.push_back(mp.move);
        pos.do_move(mp.move);
    }
    if (out.moves.empty()) out.error = "the line has no moves";
    return out;
}

}  // namespace glossfish
