// A chess board as inline SVG, drawn by us (no fonts, no images): 64 squares, coordinates,
// pieces from our own vector shapes, highlighted squares and move arrows. Used by the game
// report (verifier/report/report.h); any page or file can embed the result.
#pragma once

#include <string>
#include <vector>

#include "rules/position.h"

namespace glossfish {

struct BoardArrow {
    Square from = NoSquare, to = NoSquare;
    std::string kind;   // CSS class, e.g. "played", "best"
    std::string color;  // fill, e.g. "#15781b"
};

struct BoardSvgOptions {
    int square = 45;          // side of one square in SVG units
    bool flipped = false;     // Black at the bottom
    bool coordinates = true;  // files on the bottom rank, ranks on the left file
    bool standalone = true;   // carry the piece shapes; false: the page holds svg_piece_defs()
    std::vector<Square> highlights;  // squares tinted (e.g. the played move)
    std::vector<BoardArrow> arrows;  // drawn in order, over the pieces
    std::string title;               // <title> of the image (escaped here)
};

// The board of pos. Each square is a <rect data-sq="e4">, each piece a <use data-sq="e4"
// data-piece="wK">, each arrow a <polygon class="arrow KIND" data-from data-to> whose tip is at
// the centre of its target square.
std::string board_svg(const Position& pos, const BoardSvgOptions& options);

// The twelve piece shapes as <symbol id="gf-wK"> ... <symbol id="gf-bP">, inside <defs>.
std::string svg_piece_defs();

// The arrow of move m from before: a castling move (king takes rook inside the rules core)
// points to the king's target square (g- or c-file).
BoardArrow move_arrow(const Position& before, Move m, std::string kind, std::string color);

// The centre of a square in the board's SVG coordinates.
struct SvgPoint {
    double x = 0, y = 0;
};
SvgPoint square_centre(Square s, int square, bool flipped);

}  // namespace glossfish
