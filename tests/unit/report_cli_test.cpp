// `glossfish report` and `glossfish tree --format svg` through the binary (needs `stockfish`):
// broken games skipped with their lines and the rest reported, --game, usage errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>

#include "cli_run.h"
#include "test_util.h"

namespace glossfish {
namespace {

using testkit::run_glossfish_command;

std::string data_path(const std::string& name) {
    return std::string(GLOSSFISH_TEST_DATA) + "/" + name;
}

int count(const std::string& text, const std::regex& re) {
    return int(
        std::distance(std::sregex_iterator(text.begin(), text.end(), re), std::sregex_iterator()));
}

TEST(ReportCli, BrokenGamesAreSkippedWithTheirLinesAndTheRestReported) {
    const auto out = std::filesystem::temp_directory_path() /
                     ("glossfish_report_" + std::to_string(::getpid()) + ".html");
    auto r = run_glossfish_command(
        "report", {data_path("pgn/broken.pgn"), "-o", out.string(), "--depth", "4"}, {});
    EXPECT_EQ(r.exit_code, 2) << r.err;  // some games unreadable, the page still complete
    // broken.pgn: game 2 starts on line 6 and has an illegal king move on line 9; game 4 an
    // unclosed comment from line 19; game 5 a malformed tag on line 22 (see tests/data/pgn).
    EXPECT_NE(r.err.find("game 2 (line 6): line 9, column 13"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("game 4 (line 16): line 19, column 7"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("game 5 (line 22): line 22, column 8"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("6 games: 3 reported, 3 not readable"), std::string::npos) << r.err;
    const std::string page = slurp(out);
    std::filesystem::remove(out);
    EXPECT_EQ(count(page, std::regex("<section class=\"game\" id=\"g[136]\">")), 3);
    EXPECT_EQ(count(page, std::regex("<section class=\"game skipped\" id=\"g[245]\">")), 3);
    EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
    EXPECT_NE(page.find("</html>\n"), std::string::npos);
    // No temporary file is left next to the output.
    for (const auto& e : std::filesystem::directory_iterator(out.parent_path()))
        EXPECT_EQ(e.path().filename().string().find(out.filename().string() + ".tmp."),
                  std::string::npos);
}

TEST(ReportCli, OneGameOfMany) {
    auto r = run_glossfish_command(
        "report", {data_path("classic_games.pgn"), "--game", "3", "--depth", "3", "--no-verify"},
        {});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(count(r.out, std::regex("<section class=\"game")), 1);
    EXPECT_NE(r.out.find("<section class=\"game\" id=\"g3\">"), std::string::npos);
    EXPECT_NE(r.out.find("Anderssen"), std::string::npos);
    EXPECT_NE(r.out.find("Dufresne"), std::string::npos);  // the Evergreen game
    auto beyond =
        run_glossfish_command("report", {data_path("classic_games.pgn"), "--game", "4"}, {});
    EXPECT_EQ(beyond.exit_code, 2);
    EXPECT_NE(beyond.err.find("the file has 3 games"), std::string::npos) << beyond.err;
}

TEST(ReportCli, UsageErrors) {
    EXPECT_EQ(run_glossfish_command("report", {}, {}).exit_code, 2);
    EXPECT_EQ(run_glossfish_command("report", {"/nonexistent.pgn"}, {}).exit_code, 2);
    auto scheme =
        run_glossfish_command("report", {data_path("classic_games.pgn"), "--scheme", "strict"}, {});
    EXPECT_EQ(scheme.exit_code, 2);
    EXPECT_NE(scheme.err.find("--scheme must be lichess or act-eval"), std::string::npos);
    EXPECT_EQ(run_glossfish_command(
                  "report", {data_path("classic_games.pgn"), "--depth", "3", "--nodes", "10"}, {})
                  .exit_code,
              2);
    EXPECT_EQ(run_glossfish_command("report", {"--help"}, {}).exit_code, 0);
}

TEST(ReportCli, TreeFormatSvg) {
    auto r = run_glossfish_command("tree",
                                   {"--fen", "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1", "--plies",
                                    "1", "--depth", "4", "--format", "svg"},
                                   {});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.rfind("<svg ", 0), 0u);
    EXPECT_NE(r.out.find("data-path=\"Re8#\""), std::string::npos);
    EXPECT_NE(r.out.find("checkmate, White wins"), std::string::npos);
    EXPECT_EQ(r.out.substr(r.out.size() - 7), "</svg>\n");
}

}  // namespace
}  // namespace glossfish
