// Board state and legality: move text, piece_at, pieces, legal_moves, is_legal, material, status.
#include "tools/board_tools.h"

#include <cctype>

#include "rules/fen_json.h"
#include "rules/movegen.h"
#include "rules/structure.h"
#include "tools/tool_json.h"
#include "tools/tool_registry.h"

namespace glossfish::verifier {

namespace {

nlohmann::json material_json(const Material& m) {
    return {{"pawns", m.pawns}, {"knights", m.knights}, {"bishops", m.bishops},
            {"rooks", m.rooks}, {"queens", m.queens},   {"points", m.points}};
}

std::string fen_field(const std::string& fen, int index) {
    std::size_t start = 0;
    for (int i = 0; i < index; ++i) start = fen.find(' ', start) + 1;
    return fen.substr(start, fen.find(' ', start) - start);
}

nlohmann::json piece_at_tool(const ToolCall& call) {
    const Position& pos = call.position();
    Square s = call.square("square");
    Piece p = BoardTools(pos).piece_at(s);
    if (p == NoPiece) return {{"square", square_name(s)}, {"empty", true}};
    nlohmann::json out = piece_json(p, s);
    out["empty"] = false;
    return out;
}

nlohmann::json pieces_tool(const ToolCall& call) {
    const Position& pos = call.position();
    Bitboard b = BoardTools(pos).pieces(call.opt_piece_type("type"), call.opt_color("color"));
    return {{"pieces", pieces_json(pos, b)}, {"count", popcount(b)}};
}

nlohmann::json legal_moves_tool(const ToolCall& call) {
    const Position& pos = call.position();
    std::optional<Square> from = call.opt_square("from");
    nlohmann::json moves = nlohmann::json::array();
    for (Move m : MoveList(pos))
        if (!from || m.from() == *from) moves.push_back(move_json(pos, m));
    nlohmann::json out = {{"side_to_move", color_word(pos.side_to_move())},
                          {"count", moves.size()}};
    if (from) {
        out["from"] = square_name(*from);
        Piece p = pos.piece_at(*from);
        out["piece"] = p == NoPiece ? nlohmann::json(nullptr) : piece_json(p, *from);
        if (moves.empty()) {
            std::string why = p == NoPiece ? square_name(*from) + " is empty"
                              : color_of(p) != pos.side_to_move()
                                  ? std::string("the ") + piece_type_word(type_of(p)) + " on " +
                                        square_name(*from) + " is " + color_word(color_of(p)) +
                                        "'s and " + color_word(pos.side_to_move()) + " is to move"
                                  : std::string("the ") + piece_type_word(type_of(p)) + " on " +
                                        square_name(*from) + " has no legal move";
            out["note"] = why;
        }
    }
    out["moves"] = std::move(moves);
    return out;
}

nlohmann::json is_legal_tool(const ToolCall& call) {
    const Position& pos = call.position();
    MoveParse mp = parse_move_text(pos, call.string("move"));
    if (mp.error == MoveError::Malformed) throw ToolError("malformed_move", mp.message, "move");
    if (!mp.ok())
        return {{"legal", false}, {"reason", move_error_name(mp.error)}, {"message", mp.message}};
    return {{"legal", true}, {"move", move_json(pos, mp.move)}};
}

nlohmann::json material_tool(const ToolCall& call) {
    const Position& pos = call.position();
    Material w = material(pos, White), b = material(pos, Black);
    int balance = w.points - b.points;
    return {{"white", material_json(w)},
            {"black", material_json(b)},
            {"balance", balance},
            {"ahead", balance > 0   ? "white"
                      : balance < 0 ? "black"
                                    : "equal"}};
}

nlohmann::json status_tool(const ToolCall& call) {
    Position pos;
    FenStatus status = pos.set(call.string("fen"));
    if (!status.ok())
        return {{"valid", false},
                {"problems", fen_problems_json(status.problems)},
                {"message", status.message()}};
    const std::string fen = pos.fen();
    const Square ep = pos.ep_square();
    const std::size_t legal = MoveList(pos).size();
    std::optional<Outcome> outcome = pos.outcome();
    nlohmann::json out = {
        {"valid", true},
        {"warnings", fen_problems_json(status.warnings)},
        {"fen", fen},
        {"side_to_move", color_word(pos.side_to_move())},
        {"castling",
         {{"white_kingside", pos.has_castling_right(WhiteOO)},
          {"white_queenside", pos.has_castling_right(WhiteOOO)},
          {"black_kingside", pos.has_castling_right(BlackOO)},
          {"black_queenside", pos.has_castling_right(BlackOOO)}}},
        {"castling_fen", fen_field(fen, 2)},
        {"en_passant", ep == NoSquare ? nlohmann::json(nullptr) : nlohmann::json(square_name(ep))},
        {"check", pos.is_check()},
        {"checkers", pieces_json(pos, pos.checkers())},
        {"checkmate", legal == 0 && pos.is_check()},
        {"stalemate", legal == 0 && !pos.is_check()},
        {"insufficient_material", pos.is_insufficient_material()},
        {"legal_moves", legal},
        {"halfmove_clock", pos.halfmove_clock()},
        {"fullmove_number", pos.fullmove_number()},
        {"game_over", outcome.has_value()},
    };
    if (outcome)
        out["outcome"] = {{"termination", termination_name(outcome->termination)},
                          {"winner", outcome->winner ? nlohmann::json(color_word(*outcome->winner))
                                                     : nlohmann::json(nullptr)}};
    else out["outcome"] = nullptr;
    return out;
}

}  // namespace

const char* move_error_code(MoveError e) {
    switch (e) {
    case MoveError::Malformed: return "malformed_move";
    case MoveError::Ambiguous: return "ambiguous_move";
    default: return "illegal_move";
    }
}

int piece_worth(PieceType pt) { return pt == King ? 100000 : PieceValue[pt]; }

Bitboard BoardTools::pieces(std::optional<PieceType> pt, std::optional<Color> c) const {
    Bitboard b = pt ? pos_.pieces(*pt) : pos_.occupied();
    if (c) b &= pos_.occupied_co(*c);
    return b;
}

void add_board_tools(std::vector<ToolSpec>& tools) {
    tools.push_back({
        .name = "piece_at",
        .group = "board",
        .description = "The piece on one square, or that the square is empty. Returns {square, "
                       "empty, piece, color, symbol}.",
        .args = {fen_arg(), square_arg("square", "the square to look at, e.g. e4")},
        .handler = piece_at_tool,
    });
    tools.push_back({
        .name = "pieces",
        .group = "board",
        .description =
            "Where the pieces of a type and/or a colour stand. All pieces when both are omitted. "
            "Returns {pieces: [{square, piece, color, symbol}], count} in square order a1..h8.",
        .args = {fen_arg(),
                 {.name = "type",
                  .type = ArgType::PieceType,
                  .description = "only pieces of this type"},
                 color_arg("only pieces of this colour", false)},
        .handler = pieces_tool,
    });
    tools.push_back({
        .name = "legal_moves",
        .group = "board",
        .description = "The legal moves of the side to move, optionally only those from one "
                       "square. Returns {side_to_move, count, moves: [{san, uci}]} and, with from, "
                       "the piece there and a note when it has no move.",
        .args = {fen_arg(), square_arg("from", "only moves of the piece on this square", false)},
        .handler = legal_moves_tool,
    });
    tools.push_back({
        .name = "is_legal",
        .group = "board",
        .description =
            "Whether a move is legal for the side to move. Returns {legal: true, move: {san, uci}} "
            "or {legal: false, reason: illegal|ambiguous, message} with the exact reason (pinned "
            "piece, king left in check, castling through an attacked square …).",
        .args = {fen_arg(), move_arg()},
        .handler = is_legal_tool,
    });
    tools.push_back({
        .name = "material",
        .group = "board",
        .description = "Material of each side. Piece counts and points (P1 N3 B3 R5 Q9, kings not "
                       "counted). Returns {white: {pawns, knights, bishops, rooks, queens, "
                       "points}, black: {…}, balance (white minus black points), ahead}.",
        .args = {fen_arg()},
        .handler = material_tool,
    });
    tools.push_back({
        .name = "status",
        .group = "board",
        .description =
            "Validity and state of a position. Whether the FEN is valid and why not, side to move, "
            "castling rights, en-passant square, check and checkers, checkmate, stalemate, "
            "insufficient material, legal move count, game outcome. The one tool that answers an "
            "invalid FEN with {valid: false, problems: [{code, message}]} instead of an error.",
        .args = {fen_arg()},
        .handler = status_tool,
    });
}

// The position with the side to move passing: side flipped, no en-passant square.
}  // namespace glossfish::verifier
