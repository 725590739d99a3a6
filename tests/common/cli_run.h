// Runs the glossfish binary (GLOSSFISH_BIN) from a test: one subcommand with its arguments, a
// clean language-model environment (GLOSSFISH_LLM_URL/_MODEL/_KEY and OPENAI_API_KEY unset)
// plus the given "NAME=value" variables, stdin from stdin_path when given; collects stdout,
// stderr and the exit code. Blocks.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace glossfish::testkit {

struct CliRun {
    int exit_code = -1;
    std::string out, err;
};

// s in single quotes for sh.
inline std::string shell_quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

inline CliRun run_glossfish_command(const std::string& command,
                                    const std::vector<std::string>& args,
                                    const std::vector<std::string>& env,
                                    const std::string& stdin_path = "") {
    const auto err_path = std::filesystem::temp_directory_path() /
                          ("glossfish_" + command + "_err_" + std::to_string(::getpid()));
    std::string cmd =
        "env -u GLOSSFISH_LLM_URL -u GLOSSFISH_LLM_MODEL -u GLOSSFISH_LLM_KEY -u OPENAI_API_KEY";
    for (const auto& e : env) cmd += " " + shell_quote(e);
    cmd += " " + shell_quote(GLOSSFISH_BIN) + " " + command;
    for (const auto& a : args) cmd += " " + shell_quote(a);
    if (!stdin_path.empty()) cmd += " <" + shell_quote(stdin_path);
    cmd += " 2>" + shell_quote(err_path.string());
    CliRun r;
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return r;
    char buf[4096];
    for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) r.out.append(buf, n);
    const int status = pclose(p);
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream in(err_path);
    r.err.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    std::filesystem::remove(err_path);
    return r;
}

}  // namespace glossfish::testkit
