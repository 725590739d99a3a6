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
    std::vector<Move> line;
    Position walk = start;
    std::vector<std::string> san;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        MoveParse mp = parse_move_text(walk, texts[i]);
        if (!mp.ok())
            throw ToolError(move_error_code(mp.error),
                            "move " + std::to_string(i + 1) + " " + mp.named(texts[i]), "moves");
        san.push_back(move_to_san(walk, mp.move));
        line.push_back(mp.move);
        walk.do_move(mp.move);
    }
    return {{"fen", start.fen()},
            {"line", numbered_san_line(start, line)},
            {"san", san},
            {"themes", tag_motifs(start, line)}};
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
