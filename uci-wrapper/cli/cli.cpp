// The table of subcommands: their names, one-line summaries and entry points.
#include "cli/cli.h"

namespace glossfish::cli {

const std::vector<Command>& commands() {
    static const std::vector<Command> table = {
        {"perft", "count the move tree's leaves: perft DEPTH [--fen FEN|startpos]", perft_command},
        {"demo", "a short tour of the rules core on sample positions", demo_command},
        {"label", "the move-quality label of one move (--fen, --move)", label_command},
        {"explain", "every verified idea of one move (--fen --move, or --pgn --ply)",
         explain_command},
        {"tree", "the strategy tree of a position (compact, json, text, dot, svg)", tree_command},
        {"puzzles", "strategy trees for a batch of puzzles, resumable", puzzles_command},
        {"tepp", "puzzle playing: engines, humans or language models, scored", tepp_command},
        {"sweep", "the strategy-verbalization grid (k, plies, depth, players), resumable",
         sweep_command},
        {"motifs", "lichess's puzzle themes of puzzles or a move line, from the rules",
         motifs_command},
        {"annotate", "annotate the games of a PGN file: annotate IN.pgn", annotate_command},
        {"report", "an HTML report of the games of a PGN file: report GAME.pgn", report_command},
        {"tool", "run one verifier tool: tool NAME '{json}', or tool --jsonl", tool_command},
        {"tools", "list the verifier tools, or print them as OpenAI tools (--schema)",
         tools_command},
        {"verbalize", "a language model describes a position's strategy tree", verbalize_command},
        {"verify", "verdicts of claims or commentary about a move", verify_command},
        {"judge", "score commentary records against the verifier", judge_command},
        {"import", "published records into judge records: import act-eval FILE [-o OUT]",
         import_command},
        {"comment", "LLM commentary on one move, checked by the verifier", comment_command},
        {"merge", "join the outputs of --shard I/N runs", merge_command},
        {"mcp", "serve the tools to agents over the Model Context Protocol (stdio)", mcp_command},
        {"opening", "the named opening (ECO) of a position, moves or PGN games", opening_command},
        {"live", "the addresses of the running engines' live pages", live_command},
        {"settings", "every setting: UCI option, flag, gf_open key, default, range (--json)",
         settings_command},
    };
    return table;
}

const Command* find_command(std::string_view name) {
    for (const Command& c : commands())
        if (name == c.name) return &c;
    return nullptr;
}

}  // namespace glossfish::cli
