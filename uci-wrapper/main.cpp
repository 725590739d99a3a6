// glossfish: with no arguments a UCI engine; with a subcommand a batch tool.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>

#include "cli/cli.h"
#include "io/utf8.h"
#include "session/settings.h"
#include "uci/uci_engine.h"

namespace {

const char* Usage =
    "usage: glossfish              speak UCI on stdin/stdout\n"
    "       glossfish COMMAND ...  a batch tool; glossfish COMMAND --help for its flags\n"
    "       glossfish --version    the version, e.g. glossfish 0.1.0\n"
    "commands:\n"
    "  perft      count the move tree's leaves: perft DEPTH [--fen FEN|startpos]\n"
    "  demo       a short tour of the rules core on sample positions\n"
    "  label      the move-quality label of one move (--fen, --move)\n"
    "  tree       the strategy tree of a position (compact, json, text, dot, svg)\n"
    "  puzzles    strategy trees for a batch of puzzles, resumable\n"
    "  tepp       puzzle playing: engines, humans or language models, scored\n"
    "  motifs     lichess's puzzle themes of puzzles or a move line, from the rules\n"
    "  annotate   annotate the games of a PGN file: annotate IN.pgn\n"
    "  report     an HTML report of the games of a PGN file: report GAME.pgn\n"
    "  tool       run one verifier tool: tool NAME '{json}', or tool --jsonl\n"
    "  tools      list the verifier tools, or print them as OpenAI tools (--schema)\n"
    "  verbalize  a language model describes a position's strategy tree\n"
    "  verify     verdicts of claims or commentary about a move\n"
    "  judge      score commentary records against the verifier\n"
    "  comment    LLM commentary on one move, checked by the verifier\n"
    "  merge      join the outputs of --shard I/N runs\n"
    "  mcp        serve the tools to agents over the Model Context Protocol (stdio)\n"
    "  opening    the named opening (ECO) of a position, moves or PGN games\n"
    "  live       the addresses of the running engines' live pages\n";

}  // namespace

int main(int argc, char** argv) {
    glossfish::cli::Args args(argv + 1, argv + argc);
    try {
        if (args.empty()) {
            bool clean;
            {
                glossfish::UciEngine engine([](const std::string& line) {
                    std::fwrite(line.data(), 1, line.size(), stdout);
                    std::fputc('\n', stdout);
                    std::fflush(stdout);
                });
                clean = engine.run(0);
                if (!clean) {
                    // A product thread is still in a call it cannot leave at once (a language
                    // model's request): exit now, within the 200 ms of `quit`.
                    std::fflush(stdout);
                    std::_Exit(0);
                }
            }
            return 0;
        }
        std::string cmd = args.front();
        args.erase(args.begin());
        if (cmd == "perft") return glossfish::cli::perft_command(args);
        if (cmd == "demo") return glossfish::cli::demo_command(args);
        if (cmd == "label") return glossfish::cli::label_command(args);
        if (cmd == "tool") return glossfish::cli::tool_command(args);
        if (cmd == "tools") return glossfish::cli::tools_command(args);
        if (cmd == "tree") return glossfish::cli::tree_command(args);
        if (cmd == "puzzles") return glossfish::cli::puzzles_command(args);
        if (cmd == "tepp") return glossfish::cli::tepp_command(args);
        if (cmd == "motifs") return glossfish::cli::motifs_command(args);
        if (cmd == "annotate") return glossfish::cli::annotate_command(args);
        if (cmd == "verbalize") return glossfish::cli::verbalize_command(args);
        if (cmd == "verify") return glossfish::cli::verify_command(args);
        if (cmd == "judge") return glossfish::cli::judge_command(args);
        if (cmd == "comment") return glossfish::cli::comment_command(args);
        if (cmd == "report") return glossfish::cli::report_command(args);
        if (cmd == "merge") return glossfish::cli::merge_command(args);
        if (cmd == "mcp") return glossfish::cli::mcp_command(args);
        if (cmd == "opening") return glossfish::cli::opening_command(args);
        if (cmd == "live") return glossfish::cli::live_command(args);
        if (cmd == "--version" || cmd == "-V" || cmd == "version") {
            std::printf("glossfish %s\n", glossfish::version());
            return 0;
        }
        if (cmd == "help" || cmd == "--help" || cmd == "-h") {
            std::fputs(Usage, stdout);
            return 0;
        }
        std::fprintf(stderr, "glossfish: unknown command %s\n%s",
                     glossfish::quote_input(cmd).c_str(), Usage);
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "glossfish: %s\n", e.what());
        return 1;
    }
}
