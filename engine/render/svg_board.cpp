// The SVG board: squares, coordinates, our own piece shapes (drawn on a 100-unit grid), and
// move arrows as single polygons (no markers, so nothing depends on ids but the pieces).
#include "render/svg_board.h"

#include <cmath>

#include "io/markup.h"

namespace glossfish {

namespace {

constexpr const char* LightSquare = "#f0d9b5";
constexpr const char* DarkSquare = "#b58863";
constexpr const char* Highlight = "#cdd26a";

// The outline of each piece type on a 100 x 100 grid, base at y = 90; `detail` are lines drawn
// in the contrasting colour over the body.
struct PieceShape {
    const char* body;
    const char* detail;
};

const PieceShape& shape(PieceType pt) {
    static const PieceShape shapes[PieceTypeNb] = {
        {"", ""},
        // Pawn: head, collar, flared body, base.
        {"M50 15a12 12 0 1 1 -0.1 0Z M38 41h24l-3 6h-18Z"
         "M42 47h16c1 14 9 22 13 33h-42c4-11 12-19 13-33Z M26 80h48v9h-48Z",
         ""},
        // Knight: a horse head facing left.
        {"M30 89h48c0-24-3-46-14-60c-5-8-12-13-20-15l-2 8c-7 3-13 9-17 18"
         "c-4 8-6 14-2 18c4 4 9 3 13-1c4-3 8-4 13-6c-4 10-14 18-19 30Z",
         "M40 30a3 3 0 1 1 -0.1 0Z M51 16l-3 9"},
        // Bishop: mitre with a slit and a ball, collar, stem, base.
        {"M50 8a6 6 0 1 1 -0.1 0Z M50 18c-14 11-18 25-11 37h22c7-12 3-26-11-37Z"
         "M37 55h26v7h-26Z M41 62h18c1 8 6 13 12 18h-42c6-5 11-10 12-18Z M25 80h50v9h-50Z",
         "M50 29v16 M43 37h14"},
        // Rook: crenellated top, body, base.
        {"M30 14h9v7h7v-7h8v7h7v-7h9v18l-6 5v34l7 6h-50l7-6v-34l-6-5Z M25 80h50v9h-50Z",
         "M36 37h28 M35 71h30"},
        // Queen: a crown of five points with balls, base.
        {"M27 78l-9-43l15 22l3-30l10 28l4-33l4 33l10-28l3 30l15-22l-9 43Z"
         "M18 28a6 6 0 1 1 -0.1 0Z M36 19a5 5 0 1 1 -0.1 0Z M50 12a5 5 0 1 1 -0.1 0Z"
         "M64 19a5 5 0 1 1 -0.1 0Z M82 28a6 6 0 1 1 -0.1 0Z M24 78h52v11h-52Z",
         "M29 72h42"},
        // King: a cross over a crowned body, base.
        {"M46 6h8v7h7v7h-7v10h-8v-10h-7v-7h7Z"
         "M50 31c-7 0-9 7-6 14c-13-9-30-2-26 14c2 8 8 13 10 19h44c2-6 8-11 10-19"
         "c4-16-13-23-26-14c3-7 1-14-6-14Z M24 78h52v11h-52Z",
         "M50 45v29 M30 70h40"},
    };
    return shapes[pt];
}

const char* piece_code(Piece p) {
    static const char* codes[2][PieceTypeNb] = {{"", "wP", "wN", "wB", "wR", "wQ", "wK"},
                                                {"", "bP", "bN", "bB", "bR", "bQ", "bK"}};
    return codes[color_of(p)][type_of(p)];
}

// One <symbol> per piece: white pieces light with a dark outline, black pieces dark with light
// detail lines.
std::string symbol(Color c, PieceType pt) {
    const PieceShape& s = shape(pt);
    const bool white = c == White;
    std::string out = "<symbol id=\"gf-" + std::string(piece_code(make_piece(c, pt))) +
                      "\" viewBox=\"0 0 100 100\">";
    out += std::string("<path d=\"") + s.body + "\" fill=\"" + (white ? "#ffffff" : "#2b2b2b") +
           "\" stroke=\"" + (white ? "#1d1d1d" : "#000000") +
           "\" stroke-width=\"3.5\" stroke-linejoin=\"round\"/>";
    if (*s.detail)
        out += std::string("<path d=\"") + s.detail + "\" fill=\"" +
               (white ? "#1d1d1d" : "#e8e8e8") + "\" stroke=\"" + (white ? "#1d1d1d" : "#e8e8e8") +
               "\" stroke-width=\"3\" stroke-linecap=\"round\"/>";
    return out + "</symbol>";
}

// The arrow as one polygon: a shaft of width 0.2 squares, a head 0.5 squares wide and 0.42
// long, tip at the centre of the target square.
std::string arrow_polygon(const BoardArrow& a, int sq, bool flipped) {
    const SvgPoint p = square_centre(a.from, sq, flipped), q = square_centre(a.to, sq, flipped);
    const double dx = q.x - p.x, dy = q.y - p.y, len = std::hypot(dx, dy);
    if (len < 1e-9) return {};
    const double ux = dx / len, uy = dy / len, nx = -uy, ny = ux;
    const double shaft = 0.1 * sq, head = 0.25 * sq, head_len = std::min(0.42 * sq, 0.8 * len);
    const double bx = q.x - ux * head_len, by = q.y - uy * head_len;
    const std::pair<double, double> pts[] = {
        {p.x + nx * shaft, p.y + ny * shaft}, {bx + nx * shaft, by + ny * shaft},
        {bx + nx * head, by + ny * head},     {q.x, q.y},
        {bx - nx * head, by - ny * head},     {bx - nx * shaft, by - ny * shaft},
        {p.x - nx * shaft, p.y - ny * shaft}};
    std::string points;
    for (const auto& [x, y] : pts) {
        if (!points.empty()) points += ' ';
        points += svg_number(x) + "," + svg_number(y);
    }
    return "<polygon class=\"arrow " + xml_escape(a.kind) + "\" data-from=\"" +
           square_name(a.from) + "\" data-to=\"" + square_name(a.to) + "\" points=\"" + points +
           "\" fill=\"" + xml_escape(a.color) + "\" fill-opacity=\"0.8\"/>";
}

}  // namespace

SvgPoint square_centre(Square s, int sq, bool flipped) {
    const int col = flipped ? 7 - file_of(s) : file_of(s);
    const int row = flipped ? rank_of(s) : 7 - rank_of(s);
    return {col * sq + sq / 2.0, row * sq + sq / 2.0};
}

std::string svg_piece_defs() {
    std::string out = "<defs>";
    for (Color c : {White, Black})
        for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen, King}) out += symbol(c, pt);
    return out + "</defs>";
}

BoardArrow move_arrow(const Position& before, Move m, std::string kind, std::string color) {
    BoardArrow a;
    a.from = m.from();
    a.to = m.to();
    if (m.kind() == Castling && before.piece_at(m.from()) != NoPiece) {
        const bool king_side = file_of(m.to()) > file_of(m.from());
        a.to = make_square(king_side ? FileG : FileC, rank_of(m.from()));
    }
    a.kind = std::move(kind);
    a.color = std::move(color);
    return a;
}

std::string board_svg(const Position& pos, const BoardSvgOptions& o) {
    const int sq = o.square > 0 ? o.square : 45;
    const std::string side = std::to_string(8 * sq);
    std::string out =
        "<svg xmlns=\"http://www.w3.org/2000/svg\" "
        "xmlns:xlink=\"http://www.w3.org/1999/xlink\" class=\"board\" viewBox=\"0 0 " +
        side + " " + side + "\" width=\"" + side + "\" height=\"" + side + "\" role=\"img\">";
    if (!o.title.empty()) out += "<title>" + xml_escape(o.title) + "</title>";
    if (o.standalone) out += svg_piece_defs();
    for (int s = A1; s <= H8; ++s) {
        const Square square = Square(s);
        const SvgPoint c = square_centre(square, sq, o.flipped);
        const bool light = (file_of(square) + rank_of(square)) % 2 == 1;
        bool lit = false;
        for (Square h : o.highlights) lit = lit || h == square;
        out += "<rect data-sq=\"" + square_name(square) + "\" x=\"" + svg_number(c.x - sq / 2.0) +
               "\" y=\"" + svg_number(c.y - sq / 2.0) + "\" width=\"" + std::to_string(sq) +
               "\" height=\"" + std::to_string(sq) + "\" fill=\"" +
               (light ? LightSquare : DarkSquare) + "\"/>";
        if (lit)
            out += "<rect x=\"" + svg_number(c.x - sq / 2.0) + "\" y=\"" +
                   svg_number(c.y - sq / 2.0) + "\" width=\"" + std::to_string(sq) +
                   "\" height=\"" + std::to_string(sq) + "\" fill=\"" + Highlight +
                   "\" fill-opacity=\"0.7\"/>";
    }
    if (o.coordinates) {
        const double font = sq * 0.24;
        for (int i = 0; i < 8; ++i) {
            // Files along the bottom edge, ranks along the left edge, in the contrasting colour.
            const int file = o.flipped ? 7 - i : i;
            const int rank = o.flipped ? i : 7 - i;
            const bool bottom_light = (file + (o.flipped ? 7 : 0)) % 2 == 1;
            const bool left_light = ((o.flipped ? 7 : 0) + rank) % 2 == 1;
            out += "<text x=\"" + svg_number(i * sq + sq - font * 0.35) + "\" y=\"" +
                   svg_number(8 * sq - font * 0.3) + "\" font-size=\"" + svg_number(font) +
                   "\" text-anchor=\"end\" font-family=\"sans-serif\" fill=\"" +
                   (bottom_light ? DarkSquare : LightSquare) + "\">" + char('a' + file) + "</text>";
            out += "<text x=\"" + svg_number(font * 0.25) + "\" y=\"" +
                   svg_number(i * sq + font * 1.0) + "\" font-size=\"" + svg_number(font) +
                   "\" font-family=\"sans-serif\" fill=\"" +
                   (left_light ? DarkSquare : LightSquare) + "\">" + char('1' + rank) + "</text>";
        }
    }
    for (int s = A1; s <= H8; ++s) {
        const Piece p = pos.piece_at(Square(s));
        if (p == NoPiece) continue;
        const SvgPoint c = square_centre(Square(s), sq, o.flipped);
        out += "<use href=\"#gf-" + std::string(piece_code(p)) + "\" data-sq=\"" +
               square_name(Square(s)) + "\" data-piece=\"" + piece_code(p) + "\" x=\"" +
               svg_number(c.x - sq / 2.0) + "\" y=\"" + svg_number(c.y - sq / 2.0) + "\" width=\"" +
               std::to_string(sq) + "\" height=\"" + std::to_string(sq) + "\"/>";
    }
    for (const BoardArrow& a : o.arrows)
        if (is_ok(a.from) && is_ok(a.to)) out += arrow_polygon(a, sq, o.flipped);
    return out + "</svg>";
}

}  // namespace glossfish
