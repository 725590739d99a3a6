// engine/settings/settings.h: the one table of settings, its checks and defaults, the perft depth
// rule and the version. tests/parity/settings_test.py walks the same table through UCI,
// the command line, the C ABI and the tools' schema.
#include "settings/settings.h"

#include <gtest/gtest.h>

#include <set>

#include "rules/perft.h"

namespace glossfish {
namespace {

TEST(Settings, DefaultsAreTheDocumentedOnes) {
    // docs/uci.md "Options": the values every surface shares.
    const Settings s;
    EXPECT_EQ(s.analysis_depth, 12);
    EXPECT_EQ(s.quality_depth, 14);
    EXPECT_EQ(s.quality_scheme, QualityScheme::Lichess);
    EXPECT_EQ(s.info_format, InfoFormat::Auto);
    EXPECT_EQ(s.tree_plies, 3);
    EXPECT_EQ(s.tree_breadth, 3);
    EXPECT_EQ(s.tree_depth, 12);
    EXPECT_EQ(s.analysis_workers, 1);
    EXPECT_EQ(s.analysis_hash_mb, 16);
    EXPECT_EQ(s.analysis_threads, 1);
    EXPECT_FALSE(s.analysis_nodes);
    EXPECT_FALSE(s.analysis_movetime_ms);
    EXPECT_TRUE(s.show_wdl);
    EXPECT_TRUE(s.quality);
    EXPECT_FALSE(s.quality_in_games);
    EXPECT_FALSE(s.tree);
    EXPECT_FALSE(s.comment);
    EXPECT_FALSE(s.reproducible);
    EXPECT_FALSE(s.live_page);
    EXPECT_TRUE(s.stockfish_path.empty());
    EXPECT_TRUE(s.commentary.empty());
}

TEST(Settings, TheDocumentedRanges) {
    // docs/uci.md "Options" (where the surfaces disagreed before, the value that won).
    auto range = [](SettingField f) {
        const SettingSpec& s = setting_of(f);
        return std::pair(s.min, s.max);
    };
    EXPECT_EQ(range(&Settings::quality_depth), std::pair(1LL, 60LL));
    EXPECT_EQ(range(&Settings::analysis_depth), std::pair(1LL, 60LL));
    EXPECT_EQ(range(&Settings::tree_depth), std::pair(1LL, 60LL));
    EXPECT_EQ(range(&Settings::analysis_workers), std::pair(1LL, 256LL));
    EXPECT_EQ(range(&Settings::analysis_hash_mb), std::pair(1LL, 65536LL));
    EXPECT_EQ(range(&Settings::analysis_threads), std::pair(1LL, 256LL));
    EXPECT_EQ(range(&Settings::analysis_nodes), std::pair(1LL, 1'000'000'000'000LL));
    EXPECT_EQ(range(&Settings::analysis_movetime_ms), std::pair(1LL, 3'600'000LL));
    EXPECT_EQ(range(&Settings::tree_plies), std::pair(1LL, 30LL));
    EXPECT_EQ(range(&Settings::tree_breadth), std::pair(1LL, 64LL));
}

TEST(SettingsTable, EveryNameOnceEveryDefaultAccepted) {
    std::set<std::string> options, keys, flags;
    for (const SettingSpec& s : setting_table()) {
        EXPECT_FALSE(s.help.empty()) << s.option << s.key;
        EXPECT_FALSE(s.option.empty() && s.key.empty() && s.flag.empty())
            << "a setting no surface has";
        if (!s.option.empty()) {
            EXPECT_TRUE(options.insert(s.option).second) << s.option;
        }
        if (!s.key.empty()) {
            EXPECT_TRUE(keys.insert(s.key).second) << s.key;
        }
        if (!s.flag.empty()) {
            EXPECT_TRUE(flags.insert(s.flag).second) << s.flag;
            EXPECT_EQ(s.flag.rfind("--", 0), 0u) << s.flag;
        }
        // A spin without a UCI option may be unset; one with an option has a number.
        if (!s.option.empty()) {
            EXPECT_FALSE(s.optional_number()) << s.option;
        }
        // Every default is a value the setting itself accepts, spelled canonically.
        if (!s.default_value.empty() || s.type == SettingType::String) {
            std::string v = s.default_value;
            EXPECT_FALSE(check_setting(s, "x", v)) << s.option << s.key;
            EXPECT_EQ(v, s.default_value);
        }
        EXPECT_EQ(setting_text(Settings(), s), s.default_value) << s.option << s.key;
        EXPECT_EQ(&setting_of(s.field), &s);
    }
}

TEST(SettingsTable, EveryFieldOnce) {
    // Each member pointer of Settings names exactly one setting.
    for (const SettingSpec& s : setting_table()) {
        std::size_t same = 0;
        for (const SettingSpec& t : setting_table()) same += t.field == s.field;
        EXPECT_EQ(same, 1u) << s.option << s.key;
    }
}

TEST(SettingsTable, FindByOptionAndKey) {
    ASSERT_NE(find_option("glossfish quality depth"), nullptr);
    EXPECT_EQ(find_option("Glossfish Quality Depth")->key, "quality_depth");
    EXPECT_EQ(find_option("Glossfish Analysis Workers")->flag, "--jobs");
    EXPECT_EQ(find_key("workers")->option, "Glossfish Analysis Workers");
    EXPECT_EQ(find_key("hash")->flag, "--hash");
    EXPECT_EQ(find_option("No Such Option"), nullptr);
    EXPECT_EQ(find_key("Hash"), nullptr);     // keys are exact
    EXPECT_EQ(find_option("Hash"), nullptr);  // Stockfish's, not ours
}

TEST(SettingsTable, ValuesAreCheckedAndCanonical) {
    const SettingSpec& depth = setting_of(&Settings::quality_depth);
    std::string v = "0";
    EXPECT_EQ(check_setting(depth, "option 'Glossfish Quality Depth'", v).value_or(""),
              "option 'Glossfish Quality Depth' must be an integer 1..60, got '0'");
    v = "007";
    EXPECT_FALSE(check_setting(depth, "--depth", v));
    EXPECT_EQ(v, "7");
    v = "x";
    EXPECT_EQ(check_setting(depth, "--depth", v).value_or(""),
              "--depth must be an integer 1..60, got 'x'");
    v = "";
    EXPECT_EQ(check_setting(depth, "option 'Glossfish Quality Depth'", v, false).value_or(""),
              "option 'Glossfish Quality Depth' needs a value");
    const SettingSpec& scheme = setting_of(&Settings::quality_scheme);
    v = "ACT-EVAL";
    EXPECT_FALSE(check_setting(scheme, "--scheme", v));
    EXPECT_EQ(v, "act-eval");
    v = "chesscom";
    EXPECT_EQ(check_setting(scheme, "--scheme", v).value_or(""),
              "--scheme must be lichess or act-eval, got 'chesscom'");
    const SettingSpec& tree = setting_of(&Settings::tree);
    v = "TRUE";
    EXPECT_FALSE(check_setting(tree, "x", v));
    EXPECT_EQ(v, "true");
    v = "yes";
    EXPECT_EQ(check_setting(tree, "option 'Glossfish Tree'", v).value_or(""),
              "option 'Glossfish Tree' must be true or false, got 'yes'");
    // Strings take anything up to the limit, even no value.
    const SettingSpec& path = setting_of(&Settings::stockfish_path);
    v = "";
    EXPECT_FALSE(check_setting(path, "x", v, false));
}

TEST(SettingsTable, SamplingTemperatureAndMaxTokens) {
    const SettingSpec& t = setting_of(&Settings::llm_temperature);
    EXPECT_EQ(t.key, "temperature");
    EXPECT_EQ(t.flag, "--temperature");
    EXPECT_EQ(t.kind(), "a number 0..2");
    std::string text;
    for (const char* good : {"0", "0.7", "2", ".5", "1.", " 1.25 "}) {
        text = good;
        EXPECT_FALSE(check_setting(t, "--temperature", text)) << good;
    }
    text = " 1.25 ";
    ASSERT_FALSE(check_setting(t, "--temperature", text));
    EXPECT_EQ(text, "1.25");  // canonical: trimmed
    for (const char* bad : {"2.01", "-0.1", "1e-1", "hot", "nan", "inf", ".", "1..2", "+1"}) {
        text = bad;
        EXPECT_EQ(check_setting(t, "--temperature", text).value_or(""),
                  std::string("--temperature must be a number 0..2, got '") + bad + "'")
            << bad;
    }
    text = "";
    EXPECT_FALSE(check_setting(t, "--temperature", text));  // unset: not sent
    // A JSON number is taken as its text; 3 is out of range.
    EXPECT_FALSE(check_setting_json(t, "setting 'temperature'", 0.5, text));
    EXPECT_EQ(text, "0.5");
    EXPECT_EQ(check_setting_json(t, "setting 'temperature'", 3, text).value_or(""),
              "setting 'temperature' must be a number 0..2, got '3'");
    Settings s;
    EXPECT_EQ(s.llm_temperature, "");
    EXPECT_FALSE(s.llm_max_tokens.has_value());
    EXPECT_FALSE(apply_keys(s, {{"temperature", 0.25}, {"max_tokens", 512}}));
    EXPECT_EQ(s.llm_temperature, "0.25");
    EXPECT_EQ(s.llm_max_tokens, 512);
    EXPECT_EQ(apply_keys(s, {{"max_tokens", 0}}).value_or(""),
              "setting 'max_tokens' must be an integer 1..1000000, got '0'");
    EXPECT_EQ(s.llm_max_tokens, 512);  // left as it was
}

TEST(SettingsTable, JsonValuesHaveTheSameWording) {
    const SettingSpec& hash = setting_of(&Settings::analysis_hash_mb);
    std::string text;
    EXPECT_EQ(check_setting_json(hash, "setting 'hash'", 70000, text).value_or(""),
              "setting 'hash' must be an integer 1..65536, got '70000'");
    EXPECT_EQ(check_setting_json(hash, "setting 'hash'", "64", text).value_or(""),
              "setting 'hash' must be an integer 1..65536, got '64' (a JSON string; give it as a "
              "number)");
    EXPECT_EQ(check_setting_json(hash, "setting 'hash'", "big", text).value_or(""),
              "setting 'hash' must be an integer 1..65536, got 'big'");
    EXPECT_FALSE(check_setting_json(hash, "setting 'hash'", 64, text));
    EXPECT_EQ(text, "64");
    const SettingSpec& wdl = setting_of(&Settings::show_wdl);
    EXPECT_EQ(check_setting_json(wdl, "setting 'wdl'", 1, text).value_or(""),
              "setting 'wdl' must be true or false, got '1'");
}

TEST(SettingsTable, ApplyOptionChangesOneFieldOrNothing) {
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
    EXPECT_FALSE(apply_option(s, "Glossfish Info Format", "TEXT"));
    EXPECT_EQ(s.info_format, InfoFormat::Text);

    const Settings before = s;
    EXPECT_EQ(apply_option(s, "Glossfish Tree Plies", "31").value_or(""),
              "option 'Glossfish Tree Plies' must be an integer 1..30, got '31'");
    EXPECT_EQ(apply_option(s, "Hash", "64").value_or(""), "no option 'Hash'");
    EXPECT_EQ(s.tree_plies, before.tree_plies);
    EXPECT_EQ(s.quality_depth, before.quality_depth);
}

TEST(SettingsTable, ApplyKeysIsAllOrNothing) {
    Settings s;
    EXPECT_FALSE(
        apply_keys(s, {{"hash", 64}, {"workers", 3}, {"nodes", 5000}, {"scheme", "act-eval"}}));
    EXPECT_EQ(s.analysis_hash_mb, 64);
    EXPECT_EQ(s.analysis_workers, 3);
    EXPECT_EQ(s.analysis_nodes, 5000u);
    EXPECT_EQ(s.quality_scheme, QualityScheme::ActEval);
    Settings t;
    EXPECT_EQ(apply_keys(t, {{"hash", 64}, {"workers", 0}}).value_or(""),
              "setting 'workers' must be an integer 1..256, got '0'");
    EXPECT_EQ(t.analysis_hash_mb, 16);  // nothing set
    const std::string unknown = apply_keys(t, {{"Hash", 64}}).value_or("");
    EXPECT_EQ(unknown.rfind("unknown setting 'Hash' (known: stockfish, scheme,", 0), 0u) << unknown;
    // null is the default.
    EXPECT_FALSE(apply_keys(s, {{"nodes", nullptr}}));
    EXPECT_FALSE(s.analysis_nodes);
}

TEST(SettingsTable, SettingsJsonRoundTrips) {
    Settings s;
    s.analysis_nodes = 123;
    s.quality_scheme = QualityScheme::ActEval;
    const nlohmann::json j = settings_json(s);
    EXPECT_EQ(j["hash"], 16);
    EXPECT_EQ(j["nodes"], 123);
    EXPECT_TRUE(j["movetime"].is_null());
    EXPECT_EQ(j["scheme"], "act-eval");
    EXPECT_EQ(j["wdl"], true);
    Settings t;
    EXPECT_FALSE(apply_keys(t, j));
    EXPECT_EQ(settings_json(t), j);
}

TEST(SettingsFactories, LimitsFromTheSettings) {
    Settings s;
    EXPECT_EQ(default_limits(s).depth, 12);
    EXPECT_EQ(label_limits(s).depth, 14);
    EXPECT_EQ(tree_options(s).limits.depth, 12);
    EXPECT_EQ(tree_options(s).plies, 3);
    s.analysis_nodes = 5000;
    s.reproducible = true;
    for (const AnalysisLimits& l : {default_limits(s), label_limits(s), tree_options(s).limits}) {
        EXPECT_FALSE(l.depth);
        EXPECT_EQ(l.nodes, 5000u);
    }
    EXPECT_TRUE(label_limits(s).reproducible);
    EXPECT_TRUE(tree_options(s).reproducible);
    s.analysis_workers = 3;
    s.analysis_hash_mb = 32;
    const Analyzer::Config c = analyzer_config(s);
    EXPECT_EQ(c.workers, 3);
    EXPECT_EQ(c.hash_mb, 32);
    ASSERT_EQ(c.options.size(), 1u);  // UCI_ShowWDL on every surface
    EXPECT_EQ(c.options[0].first, "UCI_ShowWDL");
    EXPECT_EQ(annotate_options(s).jobs, 3);
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
    EXPECT_EQ(check_perft_depth(13).value_or(""), "perft depth must be an integer 1..12, got '13'");
    EXPECT_EQ(check_perft_depth(0).value_or(""), "perft depth must be an integer 1..12, got '0'");
    EXPECT_EQ(check_perft_depth(-5).value_or(""), "perft depth must be an integer 1..12, got '-5'");
}

TEST(Settings, EngineOptionDeclarationsUseTheSameWording) {
    OptionDecl hash{"Hash", "spin", "16", 1, 33554432, {}};
    std::string v = "0";
    EXPECT_EQ(check_option_value(hash, v).value_or(""),
              "option 'Hash' must be an integer 1..33554432, got '0'");
    OptionDecl style{"Style",      "combo",      "Normal",
                     std::nullopt, std::nullopt, {"Solid", "Normal", "Risky"}};
    v = "wild";
    EXPECT_EQ(check_option_value(style, v).value_or(""),
              "option 'Style' must be Solid, Normal or Risky, got 'wild'");
    OptionDecl clear{"Clear Hash", "button", std::nullopt, std::nullopt, std::nullopt, {}};
    v = "";
    EXPECT_FALSE(check_option_value(clear, v, false));
    v = "now";
    EXPECT_EQ(check_option_value(clear, v).value_or(""),
              "option 'Clear Hash' is a button and takes no value");
}

}  // namespace
}  // namespace glossfish
