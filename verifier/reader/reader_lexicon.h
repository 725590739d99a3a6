// The commentary reader's words: tokens with their punctuation noted, and the small lexicon
// of chess words it recognises (moves, squares, pieces, sides, files, numbers).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/text.h"
#include "rules/notation.h"  // move_shaped
#include "rules/types.h"

namespace glossfish::verifier {

// A word with its surrounding punctuation removed; `comma` when it was followed by , : or ;.
struct Word {
    std::string raw, low;
    bool comma = false;
};

// The words of a sentence, at most MaxWords of them.
inline constexpr std::size_t MaxWords = 80;
std::vector<Word> words_of(std::string_view s);

// "12", "12." or "12...".
bool move_number(std::string_view t);
// The move without its !? annotations.
std::string strip_annotations(std::string t);

std::optional<PieceType> piece_word(std::string_view w);
// "knights" → Knight.
std::optional<PieceType> pieces_word(std::string_view w);
std::optional<Color> color_word_of(std::string_view w);
// "e-file" → 4.
std::optional<int> file_word(std::string_view w);
// "b-" (as in "the b- and e-files") → 1.
std::optional<int> file_prefix_word(std::string_view w);
// "e-files" → 4.
std::optional<int> files_word(std::string_view w);
// "e4-pawn", "c6-knight" → the square and the piece type.
std::optional<std::pair<Square, PieceType>> square_piece_word(std::string_view w);
// "once" → 1, "twice" → 2, "thrice" → 3.
std::optional<int> times_word(std::string_view w);
// "h4-e7" → two squares.
std::optional<std::pair<Square, Square>> square_pair(std::string_view w);
// "a"/"an"/"one" → 1, "two" → 2 … "sixteen" → 16, "no" → 0, digits 0-16.
std::optional<int> number_word(std::string_view w);

}  // namespace glossfish::verifier
