// Subcommands of the glossfish binary (the table in cli.cpp). Each takes the arguments after its
// name and returns the process exit code: 0 success, 1 runtime failure, 2 bad usage or input.
#pragma once

#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/puzzles.h"
#include "io/output_file.h"
#include "io/shard.h"
#include "llm/llm_client.h"
#include "settings/settings.h"

namespace glossfish::verifier {
class ToolSuite;
}

namespace glossfish::cli {

using Args = std::vector<std::string>;

int perft_command(const Args& args);
int demo_command(const Args& args);
int label_command(const Args& args);
int explain_command(const Args& args);  // `glossfish explain` (cli_explain.cpp)
// `glossfish tool NAME '{json}'` and `glossfish tool --jsonl` (cli_tool.cpp).
int tool_command(const Args& args);
// `glossfish tools [--schema]` (cli_tool.cpp).
int tools_command(const Args& args);
int tree_command(const Args& args);
// `glossfish verify --fen F [--move M] (--claims FILE | --text "...")` (cli_verify.cpp).
int verify_command(const Args& args);
int puzzles_command(const Args& args);    // `glossfish puzzles` (cli_puzzles.cpp)
int tepp_command(const Args& args);       // `glossfish tepp` (cli_tepp.cpp)
int sweep_command(const Args& args);      // `glossfish sweep` (cli_sweep.cpp)
int motifs_command(const Args& args);     // `glossfish motifs` (cli_motifs.cpp)
int annotate_command(const Args& args);   // `glossfish annotate` (cli_annotate.cpp)
int verbalize_command(const Args& args);  // `glossfish verbalize` (cli_verbalize.cpp)
int judge_command(const Args& args);      // `glossfish judge` (cli_judge.cpp)
int import_command(const Args& args);     // `glossfish import` (cli_import.cpp)
int comment_command(const Args& args);    // `glossfish comment` (cli_comment.cpp)
int report_command(const Args& args);     // `glossfish report` (cli_report.cpp)
int live_command(const Args& args);       // `glossfish live` (cli_live.cpp)
int merge_command(const Args& args);      // `glossfish merge` (cli_merge.cpp)
int mcp_command(const Args& args);        // `glossfish mcp` (cli_mcp.cpp)
int opening_command(const Args& args);    // `glossfish opening` (cli_opening.cpp)
int settings_command(const Args& args);   // `glossfish settings` (cli_settings.cpp)

struct Command {
    const char* name;
    const char* summary;  // one line of `glossfish --help`
    int (*run)(const Args& args);
};

// Every subcommand, in `glossfish --help` order.
const std::vector<Command>& commands();
// The command called name, or null.
const Command* find_command(std::string_view name);

// Reads the puzzles of `--csv` (lichess) or else `--jsonl` (positions), reports the file's
// failure or each skipped row on stderr as "glossfish COMMAND: FILE:LINE: …", keeps the
// first `limit` records and of those the ones of `shard` (by id). nullopt when the file cannot
// be read (cli_puzzles.cpp).
std::optional<PuzzleFile> read_puzzle_input(const char* command, const std::string& csv_path,
                                            const std::string& jsonl_path,
                                            std::optional<long long> limit, ShardSpec shard = {});

// "1m05s", "2h03m": a duration for progress lines (cli_puzzles.cpp).
std::string duration_text(double seconds);

// The language model of the environment (LlmConfig::from_env) for COMMAND: prints its warnings;
// with no endpoint or a bad URL prints "glossfish COMMAND: <reason>" in one line and returns
// nullopt (the caller exits 2). verbose: every request is logged on stderr (cli_verbalize.cpp).
// settings: their --temperature and --max-tokens are sent with every request.
std::optional<verifier::LlmConfig> llm_config_from_env(const char* command, bool verbose,
                                                       const Settings* settings = nullptr);

// The default of --deadline (verbalize, comment): the whole command's seconds.
inline constexpr long long DefaultLlmDeadlineSeconds = 300;

// Opens an input file; prints "glossfish COMMAND: 'x' is a directory, not a file" (or the
// system's reason) and returns false when it cannot be read (the caller exits 2) (cli_files.cpp).
bool open_input(const char* command, const std::string& path, std::ifstream& in);

// Opens an output file through the shared helper (engine/io/output_file.h); prints the reason as
// "glossfish COMMAND: ..." and returns false when path cannot be the output (cli_files.cpp).
bool open_output(const char* command, OutputFile& out, const std::string& path,
                 OutputFile::Mode mode, const std::vector<std::string>& inputs = {});

// Writes a whole output file at once (Replace mode); false after printing the reason.
bool write_output_file(const char* command, const std::string& path, const std::string& text,
                       const std::vector<std::string>& inputs = {});

}  // namespace glossfish::cli
