// glossfish: with no arguments a UCI engine; with a subcommand a batch tool.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>

#include "cli/cli.h"
#include "io/utf8.h"
#include "settings/settings.h"
#include "uci/uci_engine.h"

namespace {

std::string usage() {
    std::string out =
        "usage: glossfish              speak UCI on stdin/stdout\n"
        "       glossfish COMMAND ...  a batch tool; glossfish COMMAND --help for its flags\n"
        "       glossfish --version    the version, e.g. glossfish 0.1.0\n"
        "commands:\n";
    for (const glossfish::cli::Command& c : glossfish::cli::commands()) {
        std::string name = c.name;
        name.resize(std::max<std::size_t>(name.size(), 9), ' ');
        out += "  " + name + "  " + c.summary + "\n";
    }
    return out;
}

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
        if (const glossfish::cli::Command* c = glossfish::cli::find_command(cmd))
            return c->run(args);
        if (cmd == "--version" || cmd == "-V" || cmd == "version") {
            std::printf("glossfish %s\n", glossfish::version());
            return 0;
        }
        if (cmd == "help" || cmd == "--help" || cmd == "-h") {
            std::fputs(usage().c_str(), stdout);
            return 0;
        }
        std::fprintf(stderr, "glossfish: unknown command %s\n%s",
                     glossfish::quote_input(cmd).c_str(), usage().c_str());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "glossfish: %s\n", e.what());
        return 1;
    }
}
