// `glossfish mcp [--stockfish PATH] [--depth D] [--jobs N] ...`: the tool suite, verify and
// label served to agents over the Model Context Protocol on stdin/stdout (mcp/mcp_server.h).
// Only protocol messages go to stdout: the process's own stdout is pointed at stderr, so that
// nothing else written there can reach the client.
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <iostream>

#include "cli/cli.h"
#include "cli/flags.h"
#include "io/line_reader.h"
#include "mcp/mcp_server.h"
#include "mcp/mcp_tools.h"
#include "settings/settings.h"

namespace glossfish::cli {

namespace {

const char* McpUsage =
    "usage: glossfish mcp [--stockfish PATH] [--depth D] [--quality-depth D] [--workers N]\n"
    "                     [--hash MB] [--threads N] [--scheme lichess|act-eval]\n"
    "                     [--reproducible] [--progress-ms MS]\n"
    "  a Model Context Protocol server on stdin/stdout (JSON-RPC, one message per line)\n";

// How long the calls still running at the end of the input may take to answer.
constexpr std::chrono::seconds DrainBudget{10};

}  // namespace

int mcp_command(const Args& args) {
    Settings settings;  // the defaults every surface shares
    int progress_ms = 1000;
    Flags flags("mcp", "Serves the tools to agents over the Model Context Protocol (stdio).",
                McpUsage);
    for (SettingField field :
         {SettingField(&Settings::stockfish_path), SettingField(&Settings::analysis_depth),
          SettingField(&Settings::quality_depth), SettingField(&Settings::analysis_hash_mb),
          SettingField(&Settings::analysis_threads), SettingField(&Settings::quality_scheme),
          SettingField(&Settings::reproducible)})
        flags.setting(settings, field);
    // --workers is what MCP client configurations already say; --jobs as everywhere else.
    flags.setting(settings, &Settings::analysis_workers, "--workers");
    flags.number("--progress-ms", progress_ms, 50, 60000,
                 "interval of progress notifications of a call that asks for them");
    if (auto code = flags.parse(args)) return *code;

    // The protocol keeps the real stdout; file descriptor 1 becomes stderr.
    std::fflush(stdout);
    const int protocol_fd = ::dup(STDOUT_FILENO);
    FILE* protocol = protocol_fd < 0 ? nullptr : ::fdopen(protocol_fd, "w");
    if (!protocol || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        std::perror("glossfish mcp: stdout");
        return 1;
    }
    std::signal(SIGPIPE, SIG_IGN);  // a client that went away ends the input, not the process

    mcp::ServerOptions options;
    options.progress_interval = std::chrono::milliseconds(progress_ms);
    {
        mcp::GlossfishTools tools(settings);
        mcp::Server server(
            tools,
            [protocol](const std::string& message) {
                std::fwrite(message.data(), 1, message.size(), protocol);
                std::fputc('\n', protocol);
                std::fflush(protocol);
            },
            [](const std::string& line) {
                std::fprintf(stderr, "glossfish mcp: %s\n", line.c_str());
            },
            options);
        std::ios::sync_with_stdio(false);
        LineReader reader(std::cin, options.max_message_bytes);
        while (std::optional<InputLine> line = reader.next()) {
            if (line->cut) server.handle_too_long(line->text, line->length);
            else server.handle(line->text);
        }
        // The client closed our input: answer what runs (a piped session's last calls), but
        // not for longer than a host waits before it ends the process.
        server.drain(DrainBudget);
    }
    std::fclose(protocol);
    return 0;
}

}  // namespace glossfish::cli
