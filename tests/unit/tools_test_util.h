// Shared helpers for the tool-suite tests: one engine-less suite and short accessors.
#pragma once

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "claims_test_util.h"
#include "tools/tool_suite.h"

namespace glossfish::verifier::testing {

using nlohmann::json;

using claims_testing::Fork;
using claims_testing::Start;

// A suite without an engine (board tools only).
inline const ToolSuite& board_suite() { return claims_testing::board_only(); }

// Calls a tool that must succeed.
inline json ok(const char* tool, const json& args) {
    json r = board_suite().call(tool, args);
    EXPECT_FALSE(r.contains("error")) << tool << " " << args.dump() << " -> " << r.dump();
    return r;
}

// The error code of a call that must fail ("" when it did not).
inline std::string error_code(const char* tool, const json& args) {
    json r = board_suite().call(tool, args);
    if (!r.contains("error")) return "";
    EXPECT_TRUE(r["error"].contains("message")) << r.dump();
    EXPECT_FALSE(r["error"]["message"].get<std::string>().empty()) << r.dump();
    return r["error"]["code"].get<std::string>();
}

// The "square" fields of an array of piece objects, as a set.
inline std::set<std::string> squares_of(const json& pieces) {
    std::set<std::string> out;
    for (const auto& p : pieces) out.insert(p["square"].get<std::string>());
    return out;
}

// An array of square names as a set.
inline std::set<std::string> set_of(const json& names) {
    std::set<std::string> out;
    for (const auto& n : names) out.insert(n.get<std::string>());
    return out;
}

// The "san" fields of an array of moves, as a set.
inline std::set<std::string> sans_of(const json& moves) {
    std::set<std::string> out;
    for (const auto& m : moves) out.insert(m["san"].get<std::string>());
    return out;
}

}  // namespace glossfish::verifier::testing
