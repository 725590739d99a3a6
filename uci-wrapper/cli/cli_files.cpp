// Input and output files of the subcommands: the shared checks (engine/io/input_file.h,
// engine/io/output_file.h) with the command's name on every message.
#include <cstdio>

#include "cli/cli.h"
#include "io/input_file.h"
#include "io/output_file.h"

namespace glossfish::cli {

bool open_input(const char* command, const std::string& path, std::ifstream& in) {
    if (auto err = open_input_file(path, in)) {
        std::fprintf(stderr, "glossfish %s: %s\n", command, err->c_str());
        return false;
    }
    return true;
}

bool open_output(const char* command, OutputFile& out, const std::string& path,
                 OutputFile::Mode mode, const std::vector<std::string>& inputs) {
    if (auto err = out.open(path, mode, inputs)) {
        std::fprintf(stderr, "glossfish %s: %s\n", command, err->c_str());
        return false;
    }
    return true;
}

bool write_output_file(const char* command, const std::string& path, const std::string& text,
                       const std::vector<std::string>& inputs) {
    OutputFile out;
    if (!open_output(command, out, path, OutputFile::Mode::Replace, inputs)) return false;
    std::optional<std::string> err;
    if (!out.write(text)) err = out.error();
    else err = out.commit();
    if (err) {
        out.discard();
        std::fprintf(stderr, "glossfish %s: %s\n", command, err->c_str());
        return false;
    }
    return true;
}

}  // namespace glossfish::cli
