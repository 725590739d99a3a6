// A verbalization checked against its own tree (verifier/llm/strategy_claims.h, `glossfish verify
// --verbalization`) on the mate in 2 of lichess puzzle ZMTE6, whose tree (1...g3+; 2.Kh3 Rh8#,
// 2.Kh1 Ra1#, 2.Kg1 Ra1#) is proved in tepp_test.cpp. Each clause's verdict is worked out by hand
// from that tree.
#include "llm/strategy_claims.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "cli_run.h"

namespace glossfish::verifier::testing {
namespace {

using nlohmann::ordered_json;

constexpr const char* Fen = "r7/4PP2/8/1pRp4/3P1kp1/2P5/6PK/8 b - - 0 45";
constexpr const char* Tree = R"({"g3+":{"Kh3":{"Rh8#":{}},"Kh1":{"Ra1#":{}},"Kg1":{"Ra1#":{}}}})";
constexpr const char* Description =
    "Start with g3+, driving the king. If Kh3, mate with Rh8#; if Kh1 or Kg1, mate along the "
    "first rank with Ra1#. After 45... g3+ 46. Kh1 play Rh8#. The rook on a1 mates. Qxb6 wins.";

using Lines = std::vector<std::vector<std::string>>;

TEST(StrategyClaims, EachClauseCheckedAgainstTheTree) {
    std::vector<StrategyClaim> claims = read_strategy_claims(Description);
    // "The rook on a1 mates" names a square, not a move: no claim.
    ASSERT_EQ(claims.size(), 5u);
    check_strategy_claims(claims, ordered_json::parse(Tree));

    EXPECT_EQ(claims[0].text, "Start with g3+, driving the king");
    EXPECT_EQ(claims[0].steps, Lines({{"g3+"}}));
    EXPECT_TRUE(claims[0].holds);
    EXPECT_EQ(claims[0].lines, Lines({{"g3+"}}));

    EXPECT_EQ(claims[1].steps, Lines({{"Kh3"}, {"Rh8#"}}));
    EXPECT_TRUE(claims[1].holds);
    EXPECT_EQ(claims[1].lines, Lines({{"g3+", "Kh3", "Rh8#"}}));  // found from the root

    // Alternatives: both Kh1 and Kg1 are answered by Ra1# in the tree.
    EXPECT_EQ(claims[2].steps, Lines({{"Kh1", "Kg1"}, {"Ra1#"}}));
    EXPECT_TRUE(claims[2].holds);
    EXPECT_EQ(claims[2].lines, Lines({{"g3+", "Kh1", "Ra1#"}, {"g3+", "Kg1", "Ra1#"}}));

    // Move numbers are skipped; after Kh1 the tree mates with Ra1#, not Rh8#.
    EXPECT_EQ(claims[3].steps, Lines({{"g3+"}, {"Kh1"}, {"Rh8#"}}));
    EXPECT_FALSE(claims[3].holds);
    EXPECT_EQ(claims[3].reason,
              "Rh8# does not follow Kh1 in the tree (the line g3+ Kh1 goes on with Ra1#)");
    EXPECT_TRUE(claims[3].lines.empty());

    EXPECT_EQ(claims[4].steps, Lines({{"Qxb6"}}));
    EXPECT_FALSE(claims[4].holds);
    EXPECT_EQ(claims[4].reason, "Qxb6 is not a move of the tree");

    const ordered_json j = strategy_claims_json(claims);
    EXPECT_EQ(j["summary"], ordered_json::parse(R"({"claims":5,"hold":3,"fail":2})"));
}

TEST(StrategyClaims, ReadingMarksAndCastling) {
    // Annotations and check marks are compared away; 0-0 is O-O; "or" / "/" make alternatives.
    std::vector<StrategyClaim> c = read_strategy_claims("Play 0-0! then Nf3/Nc3, then e8=Q+");
    ASSERT_EQ(c.size(), 1u);
    EXPECT_EQ(c[0].steps, Lines({{"0-0"}, {"Nf3", "Nc3"}, {"e8=Q+"}}));
    check_strategy_claims(c,
                          ordered_json::parse(R"({"O-O":{"Nf3":{"e8=Q":{}},"Nc3":{"e8=Q#":{}}}})"));
    EXPECT_TRUE(c[0].holds) << c[0].reason;
    // A claim whose choices pass 64 lines is not checked.
    std::string many = "a3";
    for (int i = 0; i < 7; ++i) many += " Nf3 or Nc3";
    c = read_strategy_claims(many);
    check_strategy_claims(c, ordered_json::parse("{}"));
    EXPECT_FALSE(c[0].holds);
    EXPECT_EQ(c[0].reason, "too many alternatives (more than 64 lines)");
}

TEST(StrategyClaims, DocumentErrorsAreNamed) {
    std::string error;
    EXPECT_FALSE(check_verbalization("[1]", &error));
    EXPECT_EQ(error, "not a JSON object");
    EXPECT_FALSE(check_verbalization(R"({"fen":"x","description":"g3+","tree":{}})", &error));
    EXPECT_EQ(error.substr(0, 8), "\"fen\": i") << error;
    EXPECT_FALSE(check_verbalization(std::string(R"({"fen":")") + Fen + R"(","tree":{}})", &error));
    EXPECT_EQ(error, "no \"description\" string");
    EXPECT_FALSE(check_verbalization(
        std::string(R"({"fen":")") + Fen + R"(","description":"g3+","tree":null})", &error));
    EXPECT_EQ(error, "no \"tree\" object (a verbalization of mode c has no tree to check against)");
    EXPECT_FALSE(
        check_verbalization(std::string(R"({"fen":")") + Fen +
                                R"(","description":"g3+","tree":{"g3+":{"Kh3":{"Qd1":{}}}}})",
                            &error));
    EXPECT_EQ(error.substr(0, 34), "\"tree\": move 'Qd1' after g3+ Kh3: ") << error;
}

TEST(StrategyClaims, VerifyCommandPrintsEveryClaim) {
    const auto path = std::filesystem::temp_directory_path() /
                      ("glossfish_verbalization_" + std::to_string(::getpid()) + ".json");
    ordered_json doc;
    doc["fen"] = Fen;
    doc["side"] = "Black";
    doc["mode"] = "s";
    doc["description"] = Description;
    doc["tree"] = ordered_json::parse(Tree);
    std::ofstream(path) << doc.dump();
    testkit::CliRun r =
        testkit::run_glossfish_command("verify", {"--verbalization", path.string()}, {});
    std::filesystem::remove(path);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "glossfish verify: 5 strategy claims, 3 hold, 2 do not\n");
    const ordered_json out = ordered_json::parse(r.out);
    EXPECT_EQ(out["fen"], Fen);
    ASSERT_EQ(out["claims"].size(), 5u);
    EXPECT_EQ(out["claims"][4], ordered_json::parse(R"({"text":"Qxb6 wins","moves":[["Qxb6"]],)"
                                                    R"("holds":false,"reason":"Qxb6 is not a )"
                                                    R"(move of the tree"})"));
    testkit::CliRun bad = testkit::run_glossfish_command(
        "verify", {"--verbalization", path.string(), "--fen", Fen}, {});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_EQ(bad.err, "glossfish verify: --verbalization takes only --pretty\n");
}

}  // namespace
}  // namespace glossfish::verifier::testing
