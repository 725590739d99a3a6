// Game reports to look at: one self-contained HTML page (no network: inline CSS, SVG and a few
// lines of script) per PGN file, with for every game a header (players, result, accuracy and
// error counts from engine/analysis/annotate.h), a win% graph whose markers jump to the labelled
// moves, a board with the played and the best move as arrows for every labelled move, the PGN's own
// comments read and checked sentence by sentence, and optionally the strategy tree of each
// blunder position. The page is written in pieces (start, one section per game, end) so a
// large PGN is reported game by game in bounded memory. Everything from the PGN is escaped.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "analysis/annotate.h"
#include "analysis/strategy_tree.h"
#include "pgn/pgn.h"
#include "pgn/pgn_comments.h"

namespace glossfish::verifier {

class ClaimVerifier;

// What the page says about one sentence of a comment.
enum class SentenceStatus { Verified, False, Unverifiable, NotRead };
// "verified", "false", "unverifiable", "not read".
const char* sentence_status_name(SentenceStatus s);

struct SentenceCheck {
    std::string text;
    SentenceStatus status = SentenceStatus::NotRead;
    std::string reason;  // why false / unverifiable / not read (empty when verified)
};

struct CommentCheck {
    PgnComment comment;
    std::string move;  // the move it follows, numbered ("15... Nxd7"); empty before the first
    std::vector<SentenceCheck> sentences;
};

// Reads every main-line comment of a game read without error with the commentary reader and
// checks each read sentence against the position before the move the comment follows. With no
// verifier the read sentences are left unverifiable ("not checked"). Never throws.
std::vector<CommentCheck> check_comments(const ClaimVerifier* verifier, const PgnGame& game);

struct ReportInfo {
    std::string source;  // the input's name, shown in the title
    std::string method;  // e.g. "Stockfish, depth 14, lichess"
};

struct ReportGame {
    int number = 0;  // 1-based among the games of the input
    const PgnGame* game = nullptr;
    const GameAnnotation* annotation = nullptr;  // analyse_game's result for game (ok())
    std::vector<CommentCheck> comments;
    std::vector<std::pair<int, StrategyTree>> trees;  // move index → tree of the position before
};

// The page up to the first game: doctype, a Content-Security-Policy that allows nothing from the
// network, the style sheet, the piece shapes, the title and an (initially empty) game index.
std::string report_page_start(const ReportInfo& info);

// One game's <section id="gN">. Moves are anchored as "gN-mI" (I: index of the move in the main
// line), graph markers and move-list links point there.
std::string report_game_section(const ReportGame& game);

// A short section for a game that was not reported (unreadable or engine failure).
std::string report_skipped_section(int number, int line, const std::string& reason);

// The page's end: a summary line, the script (index, jump highlighting) and the closing tags.
std::string report_page_end(const std::string& summary);

// The line of the game's first non-blank character in the input (PgnGame::first_line is the line
// of the blank lines the reader keeps before it).
int game_start_line(const PgnGame& game);

}  // namespace glossfish::verifier
