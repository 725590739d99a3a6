// The flags of every subcommand (CLI11 and
// uci-wrapper/cli/flags.h): --help on each, the top-level help and --version, `startpos`
// wherever a FEN is taken, and usage errors that name the flag, the range and the value.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_run.h"
#include "settings/settings.h"
#include "test_util.h"

namespace {

using glossfish::testkit::CliRun;
using nlohmann::json;

using glossfish::StartFen;

// The subcommands of `glossfish help` (uci-wrapper/main.cpp), written out by hand.
const std::vector<std::string> Commands = {
    "perft", "demo",  "label",     "tree",   "puzzles", "tepp",    "sweep", "annotate", "report",
    "tool",  "tools", "verbalize", "verify", "judge",   "comment", "merge", "mcp",      "live"};

CliRun glossfish(const std::string& command, const std::vector<std::string>& args = {}) {
    return glossfish::testkit::run_glossfish_command(command, args, {});
}

using glossfish::has;

TEST(CliFlags, EverySubcommandAnswersHelp) {
    for (const std::string& c : Commands) {
        for (const char* flag : {"--help", "-h"}) {
            CliRun r = glossfish(c, {flag});
            EXPECT_EQ(r.exit_code, 0) << c << " " << flag << ": " << r.err;
            EXPECT_TRUE(has(r.out, "Usage: glossfish " + c)) << c << " " << flag << ":\n" << r.out;
            EXPECT_TRUE(has(r.out, "--help")) << c;  // the flag list is there
            EXPECT_EQ(r.err, "") << c << " " << flag;
        }
    }
    // Help wins over missing required flags and bad values given with it.
    CliRun r = glossfish("label", {"--depth", "0", "--help"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has(r.out, "--move")) << r.out;
}

TEST(CliFlags, TopLevelHelpListsEveryCommandAndVersionIsTheLibrarys) {
    for (const char* word : {"--help", "help", "-h"}) {
        CliRun r = glossfish(word);
        EXPECT_EQ(r.exit_code, 0) << word;
        for (const std::string& c : Commands)
            EXPECT_TRUE(has(r.out, "\n  " + c + " ")) << word << ": no line for " << c;
    }
    const std::string expected = std::string("glossfish ") + glossfish::version() + "\n";
    for (const char* word : {"--version", "version"}) {
        CliRun r = glossfish(word);
        EXPECT_EQ(r.exit_code, 0) << word;
        EXPECT_EQ(r.out, expected) << word;
    }
    CliRun r = glossfish("frobnicate");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(has(r.err, "glossfish: unknown command 'frobnicate'")) << r.err;
}

TEST(CliFlags, StartposIsTheStartPosition) {
    // perft 3 of the start position is 8902 (the published perft table).
    CliRun a = glossfish("perft", {"3", "--fen", "startpos"});
    CliRun b = glossfish("perft", {"3", "--fen", StartFen});
    CliRun c = glossfish("perft", {"--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w",
                                   "KQkq", "-", "0", "1", "--chess960", "3"});
    EXPECT_EQ(a.exit_code, 0) << a.err;
    EXPECT_TRUE(has(a.out, "\nNodes searched: 8902\n")) << a.out;
    EXPECT_EQ(a.out, b.out);
    // An unquoted FEN (its words as separate arguments) reads up to the next flag.
    EXPECT_EQ(c.exit_code, 0) << c.err;
    EXPECT_EQ(c.out, a.out);

    // The tool JSON "fen" argument too: 20 legal moves.
    CliRun t1 = glossfish("tool", {"legal_moves", R"({"fen":"startpos"})"});
    CliRun t2 = glossfish("tool", {"legal_moves", std::string(R"({"fen":")") + StartFen + "\"}"});
    ASSERT_EQ(t1.exit_code, 0) << t1.out << t1.err;
    EXPECT_EQ(json::parse(t1.out).value("count", -1), 20) << t1.out;
    EXPECT_EQ(t1.out, t2.out);

    // label needs Stockfish: the same label at a fixed depth, reproducibly.
    CliRun l1 =
        glossfish("label", {"--fen", "startpos", "--move", "e4", "--depth", "6", "--reproducible"});
    CliRun l2 =
        glossfish("label", {"--fen", StartFen, "--move", "e4", "--depth", "6", "--reproducible"});
    ASSERT_EQ(l1.exit_code, 0) << l1.err;
    const json label = json::parse(l1.out);
    EXPECT_EQ(label["move"].value("uci", ""), "e2e4") << l1.out;
    EXPECT_EQ(label.value("fen", ""), StartFen) << l1.out;
    EXPECT_EQ(l1.out, l2.out);
}

TEST(CliFlags, BadFenIsTheRulesCoresError) {
    CliRun r = glossfish("perft", {"1", "--fen", "startpos", "extra"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(has(r.err, "glossfish perft: ")) << r.err;
    r = glossfish("label", {"--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--move", "e4"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(has(r.err, "glossfish label: ")) << r.err;
    EXPECT_TRUE(has(r.err, "king")) << r.err;  // no kings on the board
}

TEST(CliFlags, MissingRequiredFlagsAreNamed) {
    struct Case {
        std::string command;
        std::vector<std::string> args;
        std::string err;
    };
    const std::vector<Case> cases = {
        {"label", {"--fen", "startpos"}, "glossfish label: --move is required\n"},
        {"comment", {"--move", "e4"}, "glossfish comment: --fen is required\n"},
        {"judge", {}, "glossfish judge: --input is required\n"},
        {"perft", {"--fen", "startpos"}, "glossfish perft: DEPTH is required\n"},
        {"annotate", {"--depth", "3"}, "glossfish annotate: IN.pgn is required\n"},
        {"report", {}, "glossfish report: GAME.pgn is required\n"},
        {"merge", {"--input", "x.csv", "-o", "y.jsonl"}, "glossfish merge: SHARD is required\n"},
        {"puzzles", {"--csv", "x.csv"}, "glossfish puzzles: --out is required\n"},
        {"puzzles", {"--out", "y.jsonl"}, "glossfish puzzles: give one of --csv and --jsonl\n"},
        {"tepp", {"--csv", "x.csv"}, "glossfish tepp: --player is required\n"},
        {"label", {"--move"}, "glossfish label: --move needs a value\n"},
        {"tree", {"--depth"}, "glossfish tree: --depth needs a value\n"},
    };
    for (const Case& c : cases) {
        CliRun r = glossfish(c.command, c.args);
        EXPECT_EQ(r.exit_code, 2) << c.command;
        EXPECT_EQ(r.err, c.err) << c.command;
        EXPECT_EQ(r.out, "") << c.command;
    }
}

TEST(CliFlags, BadNumbersNameTheFlagTheRangeAndTheValue) {
    CliRun r = glossfish("label", {"--move", "e4", "--depth", "61"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish label: --depth must be an integer 1..60, got '61'\n");
    r = glossfish("tool", {"legal_moves", "{}", "--depth", "61"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish tool: --depth must be an integer 1..60, got '61'\n");
    r = glossfish("tree", {"--plies", "0"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish tree: --plies must be an integer 1..30, got '0'\n");
    r = glossfish("annotate", {"in.pgn", "--jobs", "257"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish annotate: --jobs must be an integer 1..256, got '257'\n");
    r = glossfish("verify", {"--jsonl", "--bootstrap", "12x"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish verify: --bootstrap must be an integer 1..1000000, got '12x'\n");
    // A long value is quoted by its first 80 bytes and its length.
    r = glossfish("tree", {"--breadth", std::string(200, '9')});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish tree: --breadth must be an integer 1..64, got '" +
                         std::string(80, '9') + "…' (200 bytes)\n");
    // A bad value is reported before a missing flag (--move here).
    r = glossfish("label", {"--depth", "x"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish label: --depth must be an integer 1..60, got 'x'\n");
    // A flag given twice keeps its last value, as before CLI11.
    r = glossfish("perft",
                  {"2", "--fen", "8/8/8/8/8/8/8/8", "w", "-", "-", "0", "1", "--fen", "startpos"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has(r.out, "\nNodes searched: 400\n")) << r.out;
    r = glossfish("label", {"--move", "e4", "--depth", "0", "--depth", "61"});
    EXPECT_EQ(r.err, "glossfish label: --depth must be an integer 1..60, got '61'\n");
}

TEST(CliFlags, UnknownFlagsAndExclusiveFlagsAreNamed) {
    for (const std::string& c : Commands) {
        if (c == "tool") continue;  // tool reads words after NAME as its JSON
        CliRun r = glossfish(c, {"--frobnicate"});
        EXPECT_EQ(r.exit_code, 2) << c;
        EXPECT_EQ(r.err, "glossfish " + c + ": unknown flag '--frobnicate'\n") << c;
    }
    CliRun r = glossfish("tool", {"--frobnicate"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish tool: unknown flag '--frobnicate'\n");
    r = glossfish("demo", {"extra"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish demo: unexpected argument 'extra'\n");
    r = glossfish("tree", {"--depth", "3", "--nodes", "100"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish tree: --depth excludes --nodes\n");
    r = glossfish("annotate", {"in.pgn", "--nodes", "100", "--depth", "3"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(has(r.err, "excludes")) << r.err;
    r = glossfish("puzzles", {"--csv", "a.csv", "--jsonl", "b.jsonl", "--out", "o.jsonl"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish puzzles: --csv excludes --jsonl\n");
    r = glossfish("label", {"--move", "e4", "--scheme", "fide"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish label: --scheme must be lichess or act-eval, got 'fide'\n");
}

}  // namespace
