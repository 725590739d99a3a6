// `glossfish judge --gold ideas`: the played move's verified ideas as gold atoms. The ideas of
// each move below are checked by hand: 1.Nf3 develops the knight toward the centre and takes
// control of d4 and e5 (a knight on f3 attacks both); 1.e4 occupies the centre (its space
// there is not said again), takes control of d5 and f5 (the pawn's diagonals) and frees the
// bishop on f1 (e2 is empty). Recall = gold atoms said and verified / gold atoms, worked out per
// record.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_run.h"

namespace glossfish::verifier::testing {
namespace {

using nlohmann::json;

std::vector<std::string> gold_texts(const json& record) {
    std::vector<std::string> out;
    for (const json& g : record["gold_atoms"]) out.push_back(g["text"].get<std::string>());
    return out;
}

TEST(JudgeGoldIdeas, RecallAgainstTheMovesVerifiedIdeas) {
    const std::string input =
        std::string(GLOSSFISH_PROMPTS_DIR) + "/../examples/judge/gold_ideas.jsonl";
    testkit::CliRun r =
        testkit::run_glossfish_command("judge",
                                       {"--input", input, "--decomposer", "rules", "--gold",
                                        "ideas", "--depth", "6", "--bootstrap", "100"},
                                       {});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::istringstream lines(r.out);
    std::vector<json> records;
    for (std::string l; std::getline(lines, l);) records.push_back(json::parse(l));
    ASSERT_EQ(records.size(), 4u);  // three records and the summary

    EXPECT_EQ(records[0]["gold_source"], "ideas");
    EXPECT_EQ(gold_texts(records[0]),
              std::vector<std::string>({"Nf3 develops the knight toward the centre.",
                                        "Nf3 takes control of d4 and e5."}));
    EXPECT_EQ(records[0]["recall"], 0.5);  // 1 of 2
    EXPECT_EQ(records[0]["matches"][0]["matched"], true);
    EXPECT_EQ(records[0]["matches"][1]["matched"], false);

    EXPECT_EQ(gold_texts(records[1]),
              std::vector<std::string>({"e4 occupies the centre.", "e4 takes control of d5 and f5.",
                                        "e4 frees the bishop on f1."}));
    EXPECT_NEAR(records[1]["recall"].get<double>(), 2.0 / 3, 1e-3);  // the first and the last

    EXPECT_EQ(records[2]["recall"], 0.0);  // "wins the queen" covers neither idea of Nc7+
    EXPECT_EQ(records[2]["gold_atoms"].size(), 2u);

    // Overall: (1 + 2 + 0) of (2 + 3 + 2) gold atoms.
    EXPECT_NE(r.err.find("atomic recall                0.429   3/7"), std::string::npos) << r.err;

    // Without --gold ideas the records have no gold atoms and no gold_source.
    testkit::CliRun given = testkit::run_glossfish_command(
        "judge", {"--input", input, "--decomposer", "rules", "--depth", "6", "--bootstrap", "100"},
        {});
    ASSERT_EQ(given.exit_code, 0) << given.err;
    const json first = json::parse(given.out.substr(0, given.out.find('\n')));
    EXPECT_TRUE(first["gold_atoms"].empty());
    EXPECT_FALSE(first.contains("gold_source"));

    testkit::CliRun bad = testkit::run_glossfish_command(
        "judge", {"--input", input, "--decomposer", "rules", "--gold", "experts"}, {});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_EQ(bad.err, "glossfish judge: --gold must be given or ideas, got 'experts'\n");
}

}  // namespace
}  // namespace glossfish::verifier::testing
