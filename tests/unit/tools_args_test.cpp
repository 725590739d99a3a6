// Bad input for every tool, driven by the exported schema so that no tool is missed:
// missing and unknown arguments, wrong JSON types, bad FEN, bad squares, illegal and
// malformed moves, out-of-range numbers, bad JSON text; plus the schema's own shape and
// the batch-line protocol.
#include <sstream>

#include "tools_test_util.h"

namespace glossfish::verifier::testing {
namespace {

// Valid arguments for each tool (engine tools stop at no_engine in this engine-less suite, verify
// at no_verifier, after every argument check has passed).
json valid_args(const std::string& tool) {
    static const std::map<std::string, json> table = {
        {"piece_at", {{"fen", Start}, {"square", "e2"}}},
        {"pieces", {{"fen", Start}, {"type", "knight"}, {"color", "white"}}},
        {"legal_moves", {{"fen", Start}, {"from", "g1"}}},
        {"is_legal", {{"fen", Start}, {"move", "e4"}}},
        {"material", {{"fen", Start}}},
        {"status", {{"fen", Start}}},
        {"attacks", {{"fen", Start}, {"square", "g1"}}},
        {"attackers", {{"fen", Start}, {"square", "f3"}, {"color", "white"}}},
        {"defenders", {{"fen", Start}, {"square", "e2"}}},
        {"is_attacked_by", {{"fen", Start}, {"square", "f3"}, {"color", "white"}}},
        {"pin", {{"fen", Start}, {"square", "e2"}}},
        {"checkers", {{"fen", Start}}},
        {"gives_check", {{"fen", Start}, {"move", "e4"}}},
        {"see", {{"fen", Start}, {"move", "e4"}}},
        {"hanging", {{"fen", Start}, {"color", "white"}}},
        {"ray", {{"fen", Start}, {"from", "a1"}, {"to", "h8"}}},
        {"file_status", {{"fen", Start}, {"file", "e"}}},
        {"pawn_structure", {{"fen", Start}, {"color", "white"}}},
        {"play", {{"fen", Start}, {"moves", {"e4", "e5"}}}},
        {"opening", {{"fen", Start}, {"moves", {"e4", "e5"}}}},
        {"motifs", {{"fen", Start}, {"moves", {"e4", "e5"}}}},
        {"move_facts", {{"fen", Start}, {"move", "e4"}}},
        {"eval", {{"fen", Start}, {"depth", 5}}},
        {"top_moves", {{"fen", Start}, {"n", 2}, {"depth", 5}}},
        {"move_quality", {{"fen", Start}, {"move", "e4"}, {"depth", 5}}},
        {"compare_moves", {{"fen", Start}, {"moves", {"e4", "d4"}}, {"depth", 5}}},
        {"threat", {{"fen", Start}, {"move", "e5"}, {"margin", 10}, {"depth", 5}}},
        {"is_forced", {{"fen", Start}, {"move", "e4"}, {"margin", 15}, {"depth", 5}}},
        {"mate_in", {{"fen", Start}, {"max_moves", 3}, {"depth", 5}}},
        {"label", {{"fen", Start}, {"move", "e4"}, {"depth", 5}, {"scheme", "lichess"}}},
        {"verify", {{"fen", Start}, {"move", "e4"}, {"text", "e4 controls d5."}, {"depth", 5}}},
        {"strategy_tree",
         {{"fen", Start},
          {"plies", 2},
          {"breadth", 2},
          {"format", "text"},
          {"reproducible", true},
          {"depth", 5}}},
        {"verbalize",
         {{"fen", Start},
          {"mode", "sc"},
          {"tree", R"({"e4":{"e5":{}}})"},
          {"concepts", "centre, development"},
          {"refine", 0},
          {"deadline", 10},
          {"plies", 2},
          {"breadth", 2},
          {"depth", 5}}},
    };
    auto it = table.find(tool);
    return it == table.end() ? json() : it->second;
}

// A JSON value of the wrong type for a declared property.
json wrong_type_for(const json& property) {
    if (property["type"].is_array()) return 42;  // verify's claims: an object or an array
    std::string type = property["type"];
    if (type == "string" || type == "array" || type == "boolean") return 42;
    return "not a number";
}

std::vector<std::string> tool_names() {
    std::vector<std::string> out;
    for (const auto& e : board_suite().list()) out.push_back(e.name);
    return out;
}

TEST(ToolsArgs, EveryToolHasValidArgsThatPassValidation) {
    for (const std::string& name : tool_names()) {
        json args = valid_args(name);
        ASSERT_FALSE(args.is_null()) << "no valid_args entry for tool " << name;
        json r = board_suite().call(name, args);
        if (r.contains("error")) {
            EXPECT_EQ(r["error"]["code"], name == "verify"      ? "no_verifier"
                                          : name == "verbalize" ? "no_llm_endpoint"
                                                                : "no_engine")
                << name << ": " << r.dump();
        }
    }
}

TEST(ToolsArgs, MissingRequiredArgumentForEveryTool) {
    for (const json& tool : board_suite().schema()) {
        const std::string name = tool["function"]["name"];
        for (const auto& req : tool["function"]["parameters"]["required"]) {
            json args = valid_args(name);
            args.erase(req.get<std::string>());
            json r = board_suite().call(name, args);
            ASSERT_TRUE(r.contains("error")) << name << " without " << req;
            EXPECT_EQ(r["error"]["code"], "missing_argument") << name << " " << r.dump();
            EXPECT_EQ(r["error"]["argument"], req) << name;
        }
        // No arguments at all (null and {}) also names the missing argument.
        EXPECT_EQ(board_suite().call(name, json())["error"]["code"], "missing_argument") << name;
        EXPECT_EQ(board_suite().call_text(name, "")["error"]["code"], "missing_argument") << name;
    }
}

TEST(ToolsArgs, WrongTypeForEveryArgumentOfEveryTool) {
    for (const json& tool : board_suite().schema()) {
        const std::string name = tool["function"]["name"];
        for (const auto& [arg, property] : tool["function"]["parameters"]["properties"].items()) {
            json args = valid_args(name);
            args[arg] = wrong_type_for(property);
            json r = board_suite().call(name, args);
            ASSERT_TRUE(r.contains("error")) << name << "." << arg;
            EXPECT_EQ(r["error"]["code"], "bad_argument_type")
                << name << "." << arg << " " << r.dump();
            EXPECT_EQ(r["error"]["argument"], arg);
        }
    }
}

TEST(ToolsArgs, UnknownArgumentAndNonObjectArgumentsForEveryTool) {
    for (const std::string& name : tool_names()) {
        json args = valid_args(name);
        args["bogus"] = 1;
        json r = board_suite().call(name, args);
        EXPECT_EQ(r["error"]["code"], "unknown_argument") << name;
        EXPECT_NE(r["error"]["message"].get<std::string>().find("fen"), std::string::npos) << name;
        EXPECT_EQ(board_suite().call(name, json::array({1, 2}))["error"]["code"], "bad_arguments")
            << name;
        EXPECT_EQ(board_suite().call_text(name, "\"e4\"")["error"]["code"], "bad_arguments")
            << name;
    }
}

TEST(ToolsArgs, BadJsonTextForEveryTool) {
    for (const std::string& name : tool_names()) {
        json r = board_suite().call_text(name, "{\"fen\": ");
        ASSERT_TRUE(r.contains("error")) << name;
        EXPECT_EQ(r["error"]["code"], "bad_json") << name;
        EXPECT_NE(r["error"]["message"].get<std::string>().find("column"), std::string::npos)
            << r.dump();
        EXPECT_EQ(board_suite().call_text(name, "{fen: 1}")["error"]["code"], "bad_json") << name;
    }
}

TEST(ToolsArgs, BadFenForEveryTool) {
    for (const std::string& name : tool_names()) {
        for (const char* fen :
             {"not a fen", "8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4QK2 w - - 0 1"}) {
            json args = valid_args(name);
            args["fen"] = fen;
            json r = board_suite().call(name, args);
            if (name == "status") {
                EXPECT_EQ(r["valid"], false) << fen;  // status reports, it does not fail
                continue;
            }
            ASSERT_TRUE(r.contains("error")) << name << " " << fen;
            EXPECT_EQ(r["error"]["code"], "bad_fen") << name << " " << r.dump();
            EXPECT_FALSE(r["error"]["problems"].empty()) << name;
        }
    }
}

TEST(ToolsArgs, BadSquareForEveryToolWithSquares) {
    int checked = 0;
    for (const json& tool : board_suite().schema()) {
        const std::string name = tool["function"]["name"];
        for (const auto& [arg, property] : tool["function"]["parameters"]["properties"].items()) {
            if (!property.contains("pattern") || property["pattern"] != "^[a-h][1-8]$") continue;
            for (const char* bad : {"z9", "e9", "E4", "", "e44"}) {
                json args = valid_args(name);
                args[arg] = bad;
                json r = board_suite().call(name, args);
                EXPECT_EQ(r["error"]["code"], "bad_square") << name << "." << arg << "=" << bad;
                EXPECT_EQ(r["error"]["argument"], arg);
            }
            ++checked;
        }
    }
    EXPECT_EQ(
        checked,
        9);  // piece_at, legal_moves, attacks, attackers, defenders, is_attacked_by, pin, ray x2
}

TEST(ToolsArgs, IllegalAndMalformedMoveForEveryToolWithMoves) {
    int checked = 0;
    for (const json& tool : board_suite().schema()) {
        const std::string name = tool["function"]["name"];
        for (const auto& [arg, property] : tool["function"]["parameters"]["properties"].items()) {
            const bool list = property["type"] == "array";
            if (arg != "move" && arg != "moves") continue;
            ++checked;
            for (auto [text, code] :
                 {std::pair{"a1a8", "illegal_move"}, std::pair{"Ke5", "illegal_move"},
                  std::pair{"xyz", "malformed_move"}, std::pair{"", "malformed_move"}}) {
                json args = valid_args(name);
                args[arg] = list ? json({text, "e5"}) : json(text);
                json r = board_suite().call(name, args);
                if (name == "play") {  // a sequence reports where it stops
                    EXPECT_EQ(r["legal"], false);
                    EXPECT_EQ(r["failed"]["code"], code) << text;
                } else if (name == "is_legal" && std::string(code) == "illegal_move") {
                    EXPECT_EQ(r["legal"], false) << text;
                } else {
                    ASSERT_TRUE(r.contains("error")) << name << " " << text << " " << r.dump();
                    EXPECT_EQ(r["error"]["code"], code) << name << " " << text << " " << r.dump();
                }
            }
        }
    }
    // is_legal, gives_check, see, move_facts, move_quality, label, threat, is_forced, verify; play,
    // compare_moves, opening, motifs.
    EXPECT_EQ(checked, 13);
}

TEST(ToolsArgs, ObjectAndObjectOrArrayArguments) {
    const ToolSpec spec{
        .name = "t",
        .args = {
            {.name = "o", .type = ArgType::Object, .description = "an object"},
            {.name = "c", .type = ArgType::ObjectOrArray, .description = "an object or an array"}}};
    EXPECT_NO_THROW(validate_args(spec, {{"o", json::object()}, {"c", json::array()}}));
    EXPECT_NO_THROW(validate_args(spec, {{"c", {{"atoms", json::array()}}}}));
    for (const json& args :
         {json{{"o", json::array()}}, json{{"o", "x"}}, json{{"c", 5}}, json{{"c", "[]"}}}) {
        try {
            validate_args(spec, args);
            ADD_FAILURE() << args.dump() << " passed";
        } catch (const ToolError& e) {
            EXPECT_EQ(e.code, "bad_argument_type") << args.dump();
            EXPECT_EQ(e.argument, args.begin().key());
        }
    }
    const json props = tool_schema(spec)["function"]["parameters"]["properties"];
    EXPECT_EQ(props["o"]["type"], "object");
    EXPECT_EQ(props["c"]["type"], json({"object", "array"}));
}

TEST(ToolsArgs, BadValuesForEnumsAndRanges) {
    EXPECT_EQ(error_code("attackers", {{"fen", Start}, {"square", "e4"}, {"color", "w"}}),
              "bad_value");
    EXPECT_EQ(error_code("pieces", {{"fen", Start}, {"type", "horse"}}), "bad_value");
    EXPECT_EQ(error_code("file_status", {{"fen", Start}, {"file", "i"}}), "bad_file");
    EXPECT_EQ(error_code("eval", {{"fen", Start}, {"depth", 0}}), "bad_value");
    EXPECT_EQ(error_code("eval", {{"fen", Start}, {"depth", 2.5}}), "bad_argument_type");
    EXPECT_EQ(error_code("top_moves", {{"fen", Start}, {"n", 21}}), "bad_value");
    EXPECT_EQ(error_code("compare_moves", {{"fen", Start}, {"moves", {"e4"}}}), "bad_value");
    EXPECT_EQ(error_code("threat", {{"fen", Start}, {"margin", -1}}), "bad_value");
    EXPECT_EQ(error_code("play", {{"fen", Start}, {"moves", {"e4", 5}}}), "bad_argument_type");
    // A whole number written as 5.0 is an integer.
    EXPECT_EQ(error_code("eval", {{"fen", Start}, {"depth", 5.0}}), "no_engine");
}

TEST(ToolsArgs, UnknownToolAndNoEngine) {
    json r = board_suite().call("teleport", {{"fen", Start}});
    EXPECT_EQ(r["error"]["code"], "unknown_tool");
    EXPECT_NE(r["error"]["message"].get<std::string>().find("piece_at"), std::string::npos);
    for (const auto& e : board_suite().list())
        if (e.needs_engine) {
            // verify needs the service's checker first, verbalize its model (make_tool_suite
            // installs them).
            EXPECT_EQ(board_suite().call(e.name, valid_args(e.name))["error"]["code"],
                      e.name == "verify"      ? "no_verifier"
                      : e.name == "verbalize" ? "no_llm_endpoint"
                                              : "no_engine")
                << e.name;
        }
}

TEST(ToolsArgs, SchemaIsAnOpenAiToolsArrayMatchingTheTable) {
    json schema = board_suite().schema();
    ASSERT_TRUE(schema.is_array());
    std::set<std::string> names;
    for (const json& t : schema) {
        EXPECT_EQ(t["type"], "function");
        const json& f = t["function"];
        const std::string name = f["name"];
        EXPECT_TRUE(names.insert(name).second) << "duplicate " << name;
        EXPECT_FALSE(f["description"].get<std::string>().empty());
        const json& p = f["parameters"];
        EXPECT_EQ(p["type"], "object");
        EXPECT_EQ(p["additionalProperties"], false);
        EXPECT_TRUE(p["properties"].contains("fen")) << name;
        for (const auto& req : p["required"]) EXPECT_TRUE(p["properties"].contains(req)) << name;
        for (const auto& [arg, prop] : p["properties"].items()) {
            EXPECT_TRUE(prop.contains("type")) << name << "." << arg;
            EXPECT_FALSE(prop["description"].get<std::string>().empty()) << name << "." << arg;
        }
    }
    for (const char* required :
         {"piece_at",  "pieces",      "legal_moves",    "is_legal",      "material",
          "status",    "attacks",     "attackers",      "defenders",     "is_attacked_by",
          "pin",       "checkers",    "gives_check",    "see",           "hanging",
          "ray",       "file_status", "pawn_structure", "play",          "move_facts",
          "eval",      "top_moves",   "move_quality",   "compare_moves", "threat",
          "is_forced", "mate_in"})
        EXPECT_TRUE(names.count(required)) << required;
    EXPECT_EQ(schema.size(), board_suite().list().size());
}

TEST(ToolsArgs, BatchLinesEchoIdsAndKeepOrder) {
    const ToolSuite& s = board_suite();
    json a = json::parse(s.call_line(R"({"id": 7, "tool": "piece_at", "args": {"fen": ")" +
                                     std::string(Start) + R"(", "square": "e1"}})"));
    EXPECT_EQ(a["id"], 7);
    EXPECT_EQ(a["result"]["piece"], "king");
    EXPECT_FALSE(a.contains("error"));
    json b = json::parse(s.call_line(R"({"id": "x", "tool": "piece_at", "args": {"fen": "bad"}})"));
    EXPECT_EQ(b["id"], "x");
    EXPECT_EQ(b["error"]["code"], "missing_argument");
    EXPECT_EQ(json::parse(s.call_line("{nope"))["error"]["code"], "bad_json");
    EXPECT_EQ(json::parse(s.call_line("[1]"))["error"]["code"], "bad_request");
    EXPECT_EQ(json::parse(s.call_line(R"({"id": 1})"))["error"]["code"], "bad_request");
    EXPECT_EQ(
        json::parse(s.call_line(R"({"id": 1, "tool": "status", "arg": {}})"))["error"]["code"],
        "bad_request");

    std::istringstream in(std::string(R"({"id":1,"tool":"checkers","args":{"fen":")") + Start +
                          "\"}}\n\n{oops\n" + R"({"id":3,"tool":"material","args":{"fen":")" +
                          Start + "\"}}\r\n");
    std::ostringstream out;
    EXPECT_EQ(s.run_jsonl(in, out), 3u);
    std::istringstream lines(out.str());
    std::string line;
    std::vector<json> got;
    while (std::getline(lines, line)) got.push_back(json::parse(line));
    ASSERT_EQ(got.size(), 3u);
    EXPECT_EQ(got[0]["id"], 1);
    EXPECT_EQ(got[0]["result"]["check"], false);
    EXPECT_EQ(got[1]["error"]["code"], "bad_json");
    EXPECT_EQ(got[2]["id"], 3);
    EXPECT_EQ(got[2]["result"]["balance"], 0);
}

TEST(ToolsArgs, PositionCacheFollowsTheFen) {
    // Alternating FENs must never answer from the wrong position.
    const char* other = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(ok("piece_at", {{"fen", Start}, {"square", "a1"}})["piece"], "rook");
        EXPECT_EQ(ok("piece_at", {{"fen", other}, {"square", "b1"}})["empty"], true);
        EXPECT_EQ(error_code("piece_at", {{"fen", "bad fen"}, {"square", "a1"}}), "bad_fen");
        EXPECT_EQ(ok("piece_at", {{"fen", Start}, {"square", "b1"}})["piece"], "knight");
    }
}

}  // namespace
}  // namespace glossfish::verifier::testing
