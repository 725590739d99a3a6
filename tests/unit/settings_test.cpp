// engine/session/settings.h: the shared defaults, the one option table, option-value checks, the
// perft depth rule and the version.
#include "session/settings.h"

#include <gtest/gtest.h>

#include <set>

namespace glossfish {
namespace {

TEST(Settings, DefaultsAreTheDocumentedOnes) {
    // docs/uci.md "The engine API": the values every surface shares.
    const Settings s;
    EXPECT_EQ(s.analysis_depth, 12);
    EXPECT_EQ(s.quality_depth, 14);
    EXPECT_EQ(s.quality_scheme, QualityScheme::Lichess);
    EXPECT_EQ(s.tree_plies, 3);
    EXPECT_EQ(s.tree_breadth, 3);
    EXPECT_EQ(s.tree_depth, 12);
    EXPECT_EQ(s.analysis_workers, 1);
    EXPECT_EQ(s.analysis_hash_mb, 16);
    EXPECT_EQ(s.analysis_threads, 1);
    EXPECT_TRUE(s.show_wdl);
    EXPECT_TRUE(s.quality);
    EXPECT_FALSE(s.quality_in_games);
    EXPECT_FALSE(s.tree);
    EXPECT_FALSE(s.comment);
    EXPECT_TRUE(s.stockfish_path.empty());
}

TEST(Settings, VersionIsProjectVersion) {
    // CMake's project(glossfish VERSION x.y.z): three dot-separated numbers.
    const std::string v = version();
    int dots = 0;
    for (char c : v) {
        if (c == '.') ++dots;
        else EXPECT_TRUE(c >= '0' && c <= '9') << v;
    }
    EXPECT_EQ(dots, 2) << v;
}

TEST(Settings, PerftDepthRule) {
    EXPECT_FALSE(check_perft_depth(1));
    EXPECT_FALSE(check_perft_depth(MaxPerftDepth));
    EXPECT_EQ(check_perft_depth(13).value_or(""), "perft depth must be 1..12, got 13");
    EXPECT_EQ(check_perft_depth(0).value_or(""), "perft depth must be 1..12, got 0");
    EXPECT_EQ(check_perft_depth(-5).value_or(""), "perft depth must be 1..12, got -5");
}

TEST(Settings, OptionTableDefaultsComeFromSettings) {
    const auto& table = option_table();
    std::set<std::string> names;
    for (const OptionSpec& o : table) {
        EXPECT_TRUE(names.insert(o.name).second) << "declared twice: " << o.name;
        EXPECT_FALSE(o.help.empty()) << o.name;
        // Every default is a value the option itself accepts, and applying it changes nothing.
        std::string v = o.default_value;
        EXPECT_FALSE(check_option_value(o, v)) << o.name;
        EXPECT_EQ(v, o.default_value) << o.name;
    }
    ASSERT_NE(find_option("glossfish quality depth"), nullptr);
    EXPECT_EQ(find_option("Glossfish Quality Depth")->default_value, "14");
    EXPECT_EQ(find_option("Glossfish Tree Depth")->default_value, "12");
    EXPECT_EQ(find_option("Glossfish Quality Scheme")->default_value, "lichess");
    EXPECT_EQ(find_option("Glossfish Analysis Hash")->default_value, "16");
    EXPECT_EQ(find_option("Glossfish Quality Depth")->max, MaxOptionDepth);
    EXPECT_EQ(find_option("No Such Option"), nullptr);
}

TEST(Settings, OptionValuesAreCheckedAndCanonical) {
    const OptionSpec& depth = *find_option("Glossfish Quality Depth");
    std::string v = "0";
    EXPECT_EQ(check_option_value(depth, v).value_or(""),
              "option 'Glossfish Quality Depth' must be an integer 1..60, got '0'");
    v = "x";
    EXPECT_TRUE(check_option_value(depth, v));
    v = "";
    EXPECT_EQ(check_option_value(depth, v, false).value_or(""),
              "option 'Glossfish Quality Depth' needs a value");
    const OptionSpec& scheme = *find_option("Glossfish Quality Scheme");
    v = "ACT-EVAL";
    EXPECT_FALSE(check_option_value(scheme, v));
    EXPECT_EQ(v, "act-eval");
    v = "chesscom";
    EXPECT_EQ(check_option_value(scheme, v).value_or(""),
              "option 'Glossfish Quality Scheme' has no choice 'chesscom'");
    const OptionSpec& tree = *find_option("Glossfish Tree");
    v = "TRUE";
    EXPECT_FALSE(check_option_value(tree, v));
    EXPECT_EQ(v, "true");
    v = "yes";
    EXPECT_EQ(check_option_value(tree, v).value_or(""),
              "option 'Glossfish Tree' must be true or false, got 'yes'");
    // Strings take anything, even no value.
    const OptionSpec& path = *find_option("Stockfish Path");
    v = "";
    EXPECT_FALSE(check_option_value(path, v, false));
}

TEST(Settings, ApplyOptionChangesOneFieldOrNothing) {
    Settings s;
    EXPECT_FALSE(apply_option(s, "glossfish quality depth", "20"));
    EXPECT_EQ(s.quality_depth, 20);
    EXPECT_FALSE(apply_option(s, "Glossfish Quality Scheme", "Act-Eval"));
    EXPECT_EQ(s.quality_scheme, QualityScheme::ActEval);
    EXPECT_FALSE(apply_option(s, "Glossfish Tree", "true"));
    EXPECT_TRUE(s.tree);
    EXPECT_FALSE(apply_option(s, "Glossfish Tree Breadth", "5"));
    EXPECT_EQ(s.tree_breadth, 5);
    EXPECT_FALSE(apply_option(s, "Glossfish LLM Model", "m1"));
    EXPECT_EQ(s.llm_model, "m1");

    const Settings before = s;
    EXPECT_EQ(apply_option(s, "Glossfish Tree Plies", "31").value_or(""),
              "option 'Glossfish Tree Plies' must be an integer 1..30, got '31'");
    EXPECT_EQ(apply_option(s, "Hash", "64").value_or(""), "no option 'Hash'");
    EXPECT_EQ(s.tree_plies, before.tree_plies);
    EXPECT_EQ(s.quality_depth, before.quality_depth);
}

TEST(Settings, EngineOptionDeclarationsUseTheSameCheck) {
    OptionDecl hash{"Hash", "spin", "16", 1, 33554432, {}};
    std::string v = "0";
    EXPECT_EQ(check_option_value(hash, v).value_or(""),
              "option 'Hash' must be an integer 1..33554432, got '0'");
    OptionDecl clear{"Clear Hash", "button", std::nullopt, std::nullopt, std::nullopt, {}};
    v = "";
    EXPECT_FALSE(check_option_value(clear, v, false));
    v = "now";
    EXPECT_EQ(check_option_value(clear, v).value_or(""),
              "option 'Clear Hash' is a button and takes no value");
}

}  // namespace
}  // namespace glossfish
