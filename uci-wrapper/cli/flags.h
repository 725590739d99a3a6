// The flags of one subcommand: CLI11 recognises them (help, required and exclusive flags,
// unknown flags); the values are checked here with the messages every surface shares
// (numbers in a range, FEN with `startpos`, --scheme, --shard I/N).
#pragma once

#include <CLI/CLI.hpp>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "io/shard.h"
#include "rules/position.h"
#include "settings/settings.h"

namespace glossfish::cli {

using Args = std::vector<std::string>;

// "startpos" is the start position; any other text is returned as given.
std::string resolve_fen(const std::string& text);

// Sets pos from a FEN flag's text ("startpos" allowed); otherwise prints
// "glossfish COMMAND: <the rules core's reason>" and returns false. warnings: also prints the
// FEN's warnings as "glossfish COMMAND: warning: ...".
bool read_fen(const char* command, const std::string& text, bool chess960, Position& pos,
              bool warnings = false);

class Flags {
public:
    // command: the subcommand's name; summary: one line for --help; usage: the usage lines.
    Flags(const char* command, const std::string& summary, const std::string& usage);

    CLI::App& app() { return app_; }

    // A switch such as --pretty.
    CLI::Option* flag(const std::string& names, bool& target, const std::string& help);
    // A flag with one text value (or a positional argument when names has no dash).
    CLI::Option* text(const std::string& names, std::string& target, const std::string& help);
    CLI::Option* text(const std::string& names, std::optional<std::string>& target,
                      const std::string& help);
    // A flag given once per value (--player A --player B), or positional arguments (SHARD...).
    CLI::Option* list(const std::string& names, std::vector<std::string>& target,
                      const std::string& help);
    // A flag with one integer value in [lo, hi]; otherwise
    // "glossfish COMMAND: NAME must be an integer LO..HI, got 'TEXT'" (io/text.h range_error).
    // A setting that UCI or the plugin also set takes setting() instead.
    template <class T>
    CLI::Option* number(const std::string& names, T& target, long long lo, long long hi,
                        const std::string& help) {
        return number_impl(names, lo, hi, help, [&target](long long v) { target = T(v); });
    }
    template <class T>
    CLI::Option* number(const std::string& names, std::optional<T>& target, long long lo,
                        long long hi, const std::string& help) {
        return number_impl(names, lo, hi, help, [&target](long long v) { target = T(v); });
    }
    // --fen FEN: one argument or the FEN's words unquoted; "startpos" is the start position.
    CLI::Option* fen(std::string& target,
                     const std::string& help = "the position (FEN or startpos)");
    CLI::Option* fen(std::optional<std::string>& target,
                     const std::string& help = "the position (FEN or startpos)");
    // The flag of a setting (session/settings.h): its name, help, default and range come from the
    // settings table, its value is checked there (the error text every surface gives, e.g.
    // "glossfish tree: --hash must be an integer 1..65536, got '0'") and stored in settings.
    // alias: the name the command gives it first (a command's main depth is its --depth).
    CLI::Option* setting(Settings& settings, SettingField field, const std::string& alias = {});
    // The search limit of a command: --depth (an alias of depth_field's flag), --nodes and, with
    // movetime, --movetime, which exclude each other.
    void search_limit(Settings& settings, SettingField depth_field, bool movetime = false);
    // --shard I/N (engine/io/shard.h); `given` is set when the flag is present.
    CLI::Option* shard(ShardSpec& target, bool* given = nullptr);
    // --csv FILE (lichess puzzles) or --jsonl FILE (positions): exactly one of them.
    void puzzle_source(std::string& csv, std::string& jsonl);
    // --bootstrap B (resamples of the 95% intervals, 1..10^6) and --seed N.
    void bootstrap(int& resamples, std::uint64_t& seed);
    // A check run after every flag was read, in the order added: returns false after printing.
    void check(std::function<bool()> f) { checks_.push_back(std::move(f)); }

    // Reads args. nullopt: go on; otherwise the exit code (0 after --help, 2 after a usage
    // error, with "glossfish COMMAND: <reason>" on stderr).
    std::optional<int> parse(const Args& args);

    // "glossfish COMMAND: <message>" on stderr; returns 2 (the exit code of bad usage).
    int fail(const std::string& message) const;

private:
    CLI::Option* number_impl(const std::string& names, long long lo, long long hi,
                             const std::string& help, std::function<void(long long)> store);
    // Runs `store` on the text of option o after parsing, when o was given.
    // The first argument no flag took, as "unknown flag 'X'" (exit 2), or nullopt.
    std::optional<int> fail_on_extra() const;
    void after(CLI::Option* o, const std::string& raw,
               std::function<bool(const std::string&)> store);
    std::string& slot() { return texts_.emplace_back(); }

    std::string command_;
    CLI::App app_;
    std::deque<std::string> texts_;  // raw values (stable addresses)
    std::deque<bool> switches_;      // the switches of Check settings
    std::deque<std::vector<std::string>> words_;
    std::vector<std::function<bool()>> checks_;
    std::vector<std::function<bool()>> requirements_;  // after the values: "give one of ..."
};

}  // namespace glossfish::cli
