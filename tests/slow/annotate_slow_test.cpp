// The three classic games annotated at a real depth: the losing side's decisive errors, each
// letting a forced mate that the game itself then plays out, are blunders with "Checkmate is now
// unavoidable"; the mates are marked with [%eval #n] counting down and "Checkmate." at the end.
// The mate lengths are checked by hand from the game scores (e.g. Opera game: 15...Nxd7 16.Qb8+
// Nxb8 17.Rd8#, mate in 2). Needs `stockfish`.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

#include "analysis/annotate.h"
#include "annotate_chunks.h"

namespace glossfish {
namespace {

std::string annotated_classics(int depth) {
    std::ifstream in(std::string(GLOSSFISH_TEST_DATA) + "/classic_games.pgn", std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    Analyzer::Config config;
    config.workers = 2;
    Analyzer analyzer(config);
    AnnotateOptions options;
    options.limits.depth = depth;
    options.jobs = 2;
    std::string out;
    for (PgnGame& g : read_pgn(s.str())) {
        if (g.is_game) {
            EXPECT_TRUE(g.ok());
            GameAnnotation a = analyse_game(analyzer, g, options);
            EXPECT_TRUE(a.ok()) << a.error;
            add_annotation_edits(g, a, options);
        }
        out += write_pgn_game(g);
    }
    return out;
}

bool has(const std::string& text, const std::string& pattern) {
    return std::regex_search(text, std::regex(pattern));
}

TEST(AnnotateSlow, ClassicGamesDecisiveBlundersAndMates) {
    const std::string out = annotated_classics(14);
    const std::string unavoidable = R"( \([-0-9.]+ → #)";
    // Opera game: 15...Nxd7?? allows 16.Qb8+! Nxb8 17.Rd8#.
    EXPECT_TRUE(has(out, R"(15\. Bxd7\+ \{ \[%eval [0-9.]+\] \} Nxd7 \$4 \{ \[%eval #2\])" +
                             unavoidable + R"(2\) Blunder\. Checkmate is now unavoidable\.)"))
        << out;
    EXPECT_TRUE(has(
        out,
        R"(16\. Qb8\+ (\$[13] )?\{ \[%eval #1\] \} Nxb8 \{ \[%eval #1\] \} 17\. Rd8# \{ Checkmate\. \})"));
    // Immortal: 20...Na6?? allows 21.Nxg7+ Kd8 22.Qf6+ Nxf6 23.Be7#.
    EXPECT_TRUE(has(out, R"(Na6 \$4 \{ \[%eval #3\])" + unavoidable +
                             R"(3\) Blunder\. Checkmate is now unavoidable\.)"))
        << out;
    EXPECT_TRUE(has(
        out,
        R"(22\. Qf6\+ (\$[13] )?\{ \[%eval #1\] \} Nxf6 \{ \[%eval #1\] \} 23\. Be7# \{ Checkmate\. \})"));
    // Evergreen: 20...Nxe7?? allows 21.Qxd7+!! Kxd7 22.Bf5+ Ke8 23.Bd7+ Kf8 24.Bxe7#. (The
    // sacrifices may carry the class NAG $3 or $1: docs/quality.md "Move classes".)
    EXPECT_TRUE(has(out, R"(Nxe7 \$4 \{ \[%eval #4\])" + unavoidable +
                             R"(4\) Blunder\. Checkmate is now unavoidable\.)"))
        << out;
    EXPECT_TRUE(has(
        out,
        R"(21\. Qxd7\+ (\$[13] )?\{ \[%eval #3\] \} Kxd7 \{ \[%eval #3\] \} 22\. Bf5\+ (\$[13] )?\{ \[%eval #2\] \})"));
    EXPECT_TRUE(has(out, R"(24\. Bxe7# \{ Checkmate\. \})"));
    // Morphy made no mistake or blunder in the Opera game; the losers' blunder counts include
    // the decisive one.
    const std::size_t opera_end = out.find("[Event \"London");
    ASSERT_NE(opera_end, std::string::npos);
    const std::string opera = out.substr(0, opera_end);
    EXPECT_NE(opera.find("[WhiteMistakes \"0\"]"), std::string::npos);
    EXPECT_NE(opera.find("[WhiteBlunders \"0\"]"), std::string::npos);
    EXPECT_EQ(opera.find("[BlackBlunders \"0\"]"), std::string::npos);
    EXPECT_EQ(out.find("[BlackBlunders \"0\"]"), std::string::npos);
}

// Reproducible analysis at the bench's depth: --jobs 1 and --jobs 2 (games side by side on two
// workers) give the same bytes for the three classic games, and so do the games in reverse order.
TEST(AnnotateSlow, ReproducibleClassicGamesAtDepth14AreTheSameForJobsOneAndTwo) {
    std::ifstream in(std::string(GLOSSFISH_TEST_DATA) + "/classic_games.pgn", std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    const std::vector<PgnGame> games = read_pgn(s.str());
    auto annotate = [](const std::vector<PgnGame>& input, int jobs) {
        AnnotateOptions options;
        options.limits.depth = 14;
        options.limits.reproducible = true;
        options.jobs = jobs;
        return testkit::annotate_chunks(input, options);
    };
    const std::vector<std::string> one = annotate(games, 1);
    EXPECT_EQ(one, annotate(games, 2));
    std::vector<std::string> back = annotate({games.rbegin(), games.rend()}, 2);
    std::reverse(back.begin(), back.end());
    EXPECT_EQ(one, back);
}

}  // namespace
}  // namespace glossfish
