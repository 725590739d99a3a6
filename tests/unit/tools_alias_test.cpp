// The tool aliases (tools/tool_registry.h): the names ACT-Eval's paper gives its tools run ours,
// with renamed arguments, through the one call path every surface uses.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "tools/tool_registry.h"
#include "tools/tool_suite.h"
#include "tools_test_util.h"

namespace glossfish::verifier::testing {
namespace {

using nlohmann::json;

// The paper's worked example: after Qe4 the queen does not attack the bishop on b4.
const char* const AfterQe4 = "6k1/5ppp/8/4P3/1b1pQ3/8/5PPP/6K1 b - - 1 1";

TEST(ToolAliases, EveryAliasNamesAToolAndItsArguments) {
    const ToolSuite& suite = board_suite();
    std::set<std::string> names;
    for (const ToolAlias& a : tool_aliases()) {
        EXPECT_TRUE(names.insert(a.name).second) << "alias twice: " << a.name;
        EXPECT_FALSE(suite.list().empty());
        bool is_tool = false;
        for (const auto& e : suite.list()) {
            EXPECT_NE(e.name, a.name) << "an alias may not hide a tool";
            if (e.name == a.tool) is_tool = true;
        }
        EXPECT_TRUE(is_tool) << a.name << " -> " << a.tool;
        EXPECT_TRUE(suite.has_tool(a.name));
        // Each rename ends on an argument of the tool.
        const json schema = suite.schema();
        for (const json& t : schema) {
            if (t["function"]["name"] != a.tool) continue;
            for (const auto& [theirs, ours] : a.renames)
                EXPECT_TRUE(t["function"]["parameters"]["properties"].contains(ours))
                    << a.name << ": " << theirs << " -> " << ours;
        }
    }
    for (const char* paper : {"get_piece_at", "get_squares", "get_attacks"})
        EXPECT_TRUE(names.count(paper)) << paper;
    // Aliases are not offered in the schema: the model sees each tool once.
    for (const json& t : suite.schema())
        EXPECT_EQ(find_alias(t["function"]["name"].get<std::string>()), nullptr);
    EXPECT_FALSE(suite.has_tool("get_everything"));
}

TEST(ToolAliases, AnswerAsTheirTools) {
    const ToolSuite& suite = board_suite();
    const json at = {{"fen", AfterQe4}, {"square", "e4"}};
    EXPECT_EQ(suite.call("get_piece_at", at), suite.call("piece_at", at));
    EXPECT_EQ(suite.call("get_piece_at", at)["piece"], "queen");
    EXPECT_EQ(suite.call("get_attacks", at), suite.call("attacks", at));
    // attacks(e4) lacks b4: the worked example's false sub-claim.
    const json attacks = suite.call("get_attacks", at)["attacks"];
    EXPECT_EQ(std::find(attacks.begin(), attacks.end(), "b4"), attacks.end()) << attacks.dump();
    EXPECT_NE(std::find(attacks.begin(), attacks.end(), "d4"), attacks.end()) << attacks.dump();
    // get_squares: piece_type is our type.
    const json squares =
        suite.call("get_squares", {{"fen", AfterQe4}, {"piece_type", "pawn"}, {"color", "white"}});
    EXPECT_EQ(squares,
              suite.call("pieces", {{"fen", AfterQe4}, {"type", "pawn"}, {"color", "white"}}));
    EXPECT_EQ(squares["count"], 4) << squares.dump();
    // Our name for the argument works under the alias too.
    EXPECT_EQ(suite.call("get_squares", {{"fen", AfterQe4}, {"type", "pawn"}, {"color", "white"}}),
              squares);
}

TEST(ToolAliases, ErrorsSpeakTheAliasArguments) {
    const ToolSuite& suite = board_suite();
    json both =
        suite.call("get_squares", {{"fen", AfterQe4}, {"piece_type", "pawn"}, {"type", "rook"}});
    EXPECT_EQ(both["error"]["code"], "bad_arguments") << both.dump();
    EXPECT_EQ(both["error"]["message"],
              "give 'piece_type' or 'type' to get_squares, not both (they are the same argument)");
    json bad = suite.call("get_squares", {{"fen", AfterQe4}, {"piece_type", "dragon"}});
    EXPECT_EQ(bad["error"]["code"], "bad_value") << bad.dump();
    EXPECT_EQ(bad["error"]["argument"], "piece_type");
    EXPECT_EQ(bad["error"]["message"],
              "argument 'piece_type' must be pawn, knight, bishop, rook, queen or king, got "
              "'dragon'");
    json missing = suite.call("get_piece_at", {{"fen", AfterQe4}});
    EXPECT_EQ(missing["error"]["code"], "missing_argument") << missing.dump();
    json not_object = suite.call("get_attacks", json::array());
    EXPECT_EQ(not_object["error"]["code"], "bad_arguments") << not_object.dump();
}

TEST(ToolAliases, BatchLinesAndTextArgumentsTakeTheSamePath) {
    const ToolSuite& suite = board_suite();
    const std::string answer = suite.call_line(
        R"({"id":7,"tool":"get_piece_at","args":{"fen":"startpos","square":"e1"}})", 1);
    json a = json::parse(answer);
    EXPECT_EQ(a["id"], 7);
    EXPECT_EQ(a["result"]["piece"], "king") << answer;
    json t = suite.call_text("get_squares", R"({"fen":"startpos","piece_type":"knight"})");
    EXPECT_EQ(t["count"], 4) << t.dump();
}

}  // namespace
}  // namespace glossfish::verifier::testing
