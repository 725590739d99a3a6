// Subcommands of the glossfish binary. Each takes the arguments after its name and returns
// the process exit code: 0 success, 1 runtime failure, 2 bad usage or input.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace glossfish::verifier {
class ToolSuite;
}

namespace glossfish::cli {

using Args = std::vector<std::string>;

int perft_command(const Args& args);
int demo_command(const Args& args);
int label_command(const Args& args);
// `glossfish tool NAME '{json}'` and `glossfish tool --jsonl` (cli_tool.cpp).
int tool_command(const Args& args);
// `glossfish tools [--schema]` (cli_tool.cpp).
int tools_command(const Args& args);
int tree_command(const Args& args);
// `glossfish verify --fen F [--move M] (--claims FILE | --text "...")` (cli_verify.cpp).
int verify_command(const Args& args);
int puzzles_command(const Args& args);  // `glossfish puzzles` (cli_puzzles.cpp)
int verbalize_command(const Args& args);  // `glossfish verbalize` (cli_verbalize.cpp)
int judge_command(const Args& args);      // `glossfish judge` (cli_judge.cpp)
int comment_command(const Args& args);    // `glossfish comment` (cli_comment.cpp)

// A tool suite whose engine tools start one Stockfish (WDL on) on first use and search to
// depth D unless a call says otherwise (cli_tool.cpp).
std::unique_ptr<verifier::ToolSuite> make_suite(int depth);

// Reads the value of an option that may span several arguments (a FEN given unquoted):
// takes args[i] and the following arguments up to the next one starting with "--".
std::string join_until_option(const Args& args, std::size_t& i);

// Reads an integer option value in [lo, hi]; otherwise prints
// "glossfish COMMAND: OPTION must be LO..HI, got 'TEXT'" and returns nullopt.
std::optional<long long> parse_number(const char* command, const std::string& option,
                                      const std::string& text, long long lo, long long hi);

}  // namespace glossfish::cli
