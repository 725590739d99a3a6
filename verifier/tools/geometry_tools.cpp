// Geometry and structure: ray, file_status, pawn_structure.
#include <algorithm>
#include <cstdlib>

#include "rules/structure.h"
#include "tools/board_tools.h"
#include "tools/tool_json.h"
#include "tools/tool_registry.h"

namespace glossfish::verifier {

namespace {

nlohmann::json ray_tool(const ToolCall& call) {
    const Position& pos = call.position();
    Square a = call.square("from"), b = call.square("to");
    if (a == b)
        throw ToolError("bad_value", "'from' and 'to' are the same square (" + square_name(a) + ")",
                        "to");
    RayReport r = BoardTools(pos).ray(a, b);
    bool aligned = r.line != LineKind::None;
    return {{"from", square_name(a)},
            {"to", square_name(b)},
            {"aligned", aligned},
            {"line", line_kind_name(r.line)},
            {"between", squares_json(r.between)},
            {"blockers", pieces_json(pos, r.blockers)},
            {"clear", aligned && !r.blockers},
            {"distance", r.distance},
            {"from_piece", piece_or_null(pos, a)},
            {"to_piece", piece_or_null(pos, b)},
            {"from_piece_attacks_to", bool(pos.attacks(a) & square_bb(b))}};
}

const char* file_description(FileStatus s) {
    switch (s) {
    case FileStatus::Open: return "no pawns on the file";
    case FileStatus::HalfOpenWhite: return "only black pawns: half-open for White";
    case FileStatus::HalfOpenBlack: return "only white pawns: half-open for Black";
    case FileStatus::Closed: return "pawns of both colours";
    }
    return "";
}

nlohmann::json file_status_tool(const ToolCall& call) {
    const Position& pos = call.position();
    int first = 0, last = 7;
    if (call.has("file")) first = last = call.file("file");
    nlohmann::json files = nlohmann::json::array();
    for (int f = first; f <= last; ++f) {
        FileStatus s = file_status(pos, f);
        Bitboard heavy = (pos.pieces(Rook) | pos.pieces(Queen)) & file_bb(f);
        files.push_back({{"file", std::string(1, char('a' + f))},
                         {"status", file_status_name(s)},
                         {"description", file_description(s)},
                         {"white_pawns", squares_json(pos.pieces(Pawn, White) & file_bb(f))},
                         {"black_pawns", squares_json(pos.pieces(Pawn, Black) & file_bb(f))},
                         {"rooks_and_queens", pieces_json(pos, heavy)}});
    }
    return {{"files", std::move(files)}};
}

int pawn_islands(Bitboard pawns) {
    int islands = 0;
    bool in_island = false;
    for (int f = 0; f < 8; ++f) {
        bool has = pawns & file_bb(f);
        if (has && !in_island) ++islands;
        in_island = has;
    }
    return islands;
}

nlohmann::json structure_json(const Position& pos, Color c) {
    PawnStructure s = pawn_structure(pos, c);
    Bitboard pawns = pos.pieces(Pawn, c);
    return {{"pawns", squares_json(pawns)},         {"passed", squares_json(s.passed)},
            {"isolated", squares_json(s.isolated)}, {"doubled", squares_json(s.doubled)},
            {"backward", squares_json(s.backward)}, {"islands", pawn_islands(pawns)}};
}

nlohmann::json pawn_structure_tool(const ToolCall& call) {
    const Position& pos = call.position();
    std::optional<Color> only = call.opt_color("color");
    nlohmann::json out = nlohmann::json::object();
    for (Color c : {White, Black})
        if (!only || *only == c) out[color_word(c)] = structure_json(pos, c);
    return out;
}

}  // namespace

const char* line_kind_name(LineKind kind) {
    switch (kind) {
    case LineKind::None: return "none";
    case LineKind::File: return "file";
    case LineKind::Rank: return "rank";
    case LineKind::Diagonal: return "diagonal";
    case LineKind::AntiDiagonal: return "anti_diagonal";
    }
    return "none";
}

LineKind line_kind(Square a, Square b) {
    if (a == b) return LineKind::None;
    int df = file_of(b) - file_of(a), dr = rank_of(b) - rank_of(a);
    if (df == 0) return LineKind::File;
    if (dr == 0) return LineKind::Rank;
    if (df == dr) return LineKind::Diagonal;
    if (df == -dr) return LineKind::AntiDiagonal;
    return LineKind::None;
}

RayReport BoardTools::ray(Square a, Square b) const {
    RayReport r;
    r.line = line_kind(a, b);
    r.between = between_bb(a, b);
    r.blockers = r.between & pos_.occupied();
    r.distance = std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
    return r;
}

void add_geometry_tools(std::vector<ToolSpec>& tools) {
    tools.push_back({
        .name = "ray",
        .group = "geometry",
        .description =
            "How two squares lie on the board. On a file, rank, diagonal (a1-h8 direction) or "
            "anti-diagonal (a8-h1 direction) or not aligned; the squares between them and the "
            "pieces blocking the line. Returns {from, to, aligned, line, between, blockers, clear, "
            "distance, from_piece, to_piece, from_piece_attacks_to}.",
        .args = {fen_arg(), square_arg("from", "the first square"),
                 square_arg("to", "the second square")},
        .handler = ray_tool,
    });
    tools.push_back({
        .name = "file_status",
        .group = "geometry",
        .description =
            "Whether a file is open, half-open or closed. Open: no pawns; half-open for one side: "
            "only enemy pawns on it; closed: pawns of both colours; with the pawns and "
            "rooks/queens on it; all eight files when file is omitted. Returns {files: [{file, "
            "status, description, white_pawns, black_pawns, rooks_and_queens}]}.",
        .args = {fen_arg(),
                 {.name = "file", .type = ArgType::File, .description = "the file letter, a to h"}},
        .handler = file_status_tool,
    });
    tools.push_back({
        .name = "pawn_structure",
        .group = "geometry",
        .description = "Pawn-structure features of one or both sides. Passed, isolated, doubled "
                       "and backward pawns, and the number of pawn islands. Returns {white: "
                       "{pawns, passed, isolated, doubled, backward, islands}, black: {…}}.",
        .args = {fen_arg(), color_arg("only this side (both when omitted)", false)},
        .handler = pawn_structure_tool,
    });
}

}  // namespace glossfish::verifier
