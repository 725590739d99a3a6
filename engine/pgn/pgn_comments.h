// The comments of a game's main line, in order, each attached to the move it follows: what a
// game report shows and checks. Comments inside variations are not main-line comments and are
// left out; embedded commands such as [%eval 0.3] and [%clk 0:01:02] are removed.
#pragma once

#include <string>
#include <vector>

#include "pgn/pgn.h"

namespace glossfish {

struct PgnComment {
    int ply = -1;      // index of the main-line move it follows; -1 before the first move
    int line = 0;      // 1-based line of its opening brace (or ';') in the input
    std::string text;  // without the braces and commands, blanks collapsed, trimmed
};

// The non-empty main-line comments of a game read without error (none when game.ok() is false).
std::vector<PgnComment> main_line_comments(const PgnGame& game);

// Removes "[%name ...]" commands from a comment and collapses blanks (tab, CR, LF included).
std::string clean_comment(std::string_view text);

}  // namespace glossfish
