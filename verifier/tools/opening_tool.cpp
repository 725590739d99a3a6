// The opening tool: the named opening of a position or of a move sequence (openings/opening.h).
#include "openings/opening.h"
#include "rules/notation.h"
#include "tools/board_tools.h"
#include "tools/tool_registry.h"

namespace glossfish::verifier {

namespace {

nlohmann::json opening_tool(const ToolCall& call) {
    const Position start = call.position();
    std::vector<Move> moves;
    Position pos = start;
    if (call.has("moves")) {
        const std::vector<std::string> texts = call.strings("moves");
        for (std::size_t i = 0; i < texts.size(); ++i) {
            MoveParse mp = parse_move_text(pos, texts[i]);
            if (!mp.ok())
                throw ToolError(move_error_code(mp.error),
                                "moves[" + std::to_string(i) + "]: " + mp.named(texts[i]), "moves");
            moves.push_back(mp.move);
            pos.do_move(mp.move);
        }
    }
    const OpeningIndex& index = OpeningIndex::builtin();
    const GameOpening game = match_game(index, start, moves);
    return {{"opening", game.opening ? opening_to_json(*game.opening) : nlohmann::json(nullptr)},
            {"book_plies", game.book_plies},
            {"in_line", index.in_line(pos)},
            {"moves", moves.size()},
            {"fen", pos.fen()}};
}

}  // namespace

void add_opening_tools(std::vector<ToolSpec>& tools) {
    tools.push_back({
        .name = "opening",
        .group = "board",
        .description =
            "The named opening (ECO code and name, lichess's chess-openings data) of a position, "
            "or of the game that plays `moves` from it: the deepest named position reached, "
            "matched by position so transpositions count (piece placement, side to move, "
            "castling, en passant when legal). Returns {opening: null or {eco, name, pgn, uci, "
            "plies (the named line's length), ply (moves of the game played when it was "
            "reached)}, book_plies (moves from the start that stay on named lines), in_line (the "
            "final position is on a named line), moves, fen (the final position)}.",
        .args = {fen_arg(),
                 {.name = "moves",
                  .type = ArgType::MoveList,
                  .description = "moves played from fen, SAN or UCI, e.g. [\"e4\", \"e5\", "
                                 "\"Nf3\"]",
                  .maximum = 1000}},
        .handler = opening_tool,
    });
}

}  // namespace glossfish::verifier
