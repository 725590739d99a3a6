// The motifs tool: lichess's puzzle themes of a move line from a position (engine/motifs/).
#include "motifs/motifs.h"
#include "rules/notation.h"
#include "tools/board_tools.h"
#include "tools/tool_registry.h"

namespace glossfish::verifier {

namespace {

nlohmann::json motifs_tool(const ToolCall& call) {
    const Position start = call.position();
    const std::vector<std::string> texts = call.strings("moves");
    const MoveTextLine line = read_move_line(start, texts);
    if (!line.ok())
        throw ToolError(move_error_code(line.failure.error),
                        "move " + std::to_string(line.failed + 1) + " " +
                            line.failure.named(texts[line.failed]),
                        "moves");
    return {{"fen", start.fen()},
            {"line", numbered_san_line(start, line.moves)},
            {"san", line.sans},
            {"themes", tag_motifs(start, line.moves)}};
}

}  // namespace

void add_motif_tools(std::vector<ToolSpec>& tools) {
    tools.push_back({
        .name = "motifs",
        .group = "simulation",
        .description =
            "Lichess's puzzle themes of a move line, decided from the moves alone as lichess's "
            "puzzle tagger does: the side to move is the solver and plays the first move, the "
            "sides alternate, the line normally ends with a solver move. Themes such as fork, "
            "pin, skewer, discoveredAttack, hangingPiece, sacrifice, mateIn2, backRankMate, "
            "promotion, rookEndgame, short (docs/motifs.md lists them). Returns {fen, line, san, "
            "themes}.",
        .args = {fen_arg(),
                 {.name = "moves",
                  .type = ArgType::MoveList,
                  .required = true,
                  .description = "the line in order, solver first, e.g. [\"Qxf7+\", \"Kxf7\", "
                                 "\"Ng5+\"]",
                  .minimum = 1,
                  .maximum = MaxMotifLineMoves}},
        .handler = motifs_tool,
    });
}

}  // namespace glossfish::verifier
