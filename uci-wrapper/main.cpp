// glossfish: with no arguments a UCI engine; with a subcommand a batch tool.
#include <cstdio>
#include <exception>
#include <cstdlib>
#include <iostream>
#include <string>

#include "cli/cli.h"
#include "session/settings.h"
#include "uci/uci_engine.h"
#include "io/utf8.h"

namespace {

const char* Usage =
    "usage: glossfish                      speak UCI on stdin/stdout\n"
    "       glossfish --version            the version, e.g. glossfish 0.1.0\n"
    "       glossfish perft DEPTH [--fen FEN] [--chess960]\n"
    "       glossfish demo                 a short tour on sample positions\n"
    "       glossfish label --fen FEN --move MOVE [--depth D] [--scheme lichess|act-eval]\n"
    "       glossfish tree [--fen FEN] [--plies P] [--breadth K] [--depth D] [--format F] ...\n"
    "       glossfish puzzles (--csv F | --jsonl F) --out F.jsonl [--jobs N] ...  resumable batch\n"
    "       glossfish tepp (--csv F | --jsonl F) --player SPEC|llm[:MODEL] [--guide G] ...  puzzle playing\n"
    "       glossfish annotate IN.pgn [-o OUT.pgn] [--depth D | --nodes N] [--scheme S] [--jobs N]\n"
    "       glossfish report GAME.pgn [-o report.html] [--game N] [--trees] ...  HTML game report\n"
    "       glossfish tool NAME '{json}' [--depth D] [--pretty]   run one verifier tool\n"
    "       glossfish tool --jsonl [--depth D]   {\"id\",\"tool\",\"args\"} lines on stdin\n"
    "       glossfish tools [--schema]         list the tools / print the OpenAI tools array\n"
    "       glossfish verbalize (--fen F | --csv F --id ID | --tree F.json) --mode s|c|sc [--refine N]\n"
    "       glossfish verify --fen F [--move M] (--claims FILE.json | --text \"...\") [--depth D] [--pretty]\n"
    "       glossfish judge --input F.jsonl [--decomposer llm|rules] [--bootstrap B] [--out F]\n"
    "       glossfish comment --fen F --move M [--depth D]   LLM commentary, verified\n"
    "       glossfish merge --input IN [--shards N] -o OUT SHARD...   join --shard I/N outputs\n";

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
        if (cmd == "annotate") return glossfish::cli::annotate_command(args);
        if (cmd == "verbalize") return glossfish::cli::verbalize_command(args);
        if (cmd == "verify") return glossfish::cli::verify_command(args);
        if (cmd == "judge") return glossfish::cli::judge_command(args);
        if (cmd == "comment") return glossfish::cli::comment_command(args);
        if (cmd == "report") return glossfish::cli::report_command(args);
        if (cmd == "merge") return glossfish::cli::merge_command(args);
        if (cmd == "--version" || cmd == "version") {
            std::printf("glossfish %s\n", glossfish::version());
            return 0;
        }
        if (cmd == "help" || cmd == "--help" || cmd == "-h") {
            std::fputs(Usage, stdout);
            return 0;
        }
        std::fprintf(stderr, "glossfish: unknown command '%s'\n%s",
                     glossfish::quote_prefix(cmd).c_str(), Usage);
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "glossfish: %s\n", e.what());
        return 1;
    }
}
