// libFuzzer target: `glossfish verify --verbalization` (verifier/llm/strategy_claims.h). The input
// is the verbalization document: the first line, when it is a JSON object, else a fixed ZMTE6
// document whose description is the whole input. Checks: a rejected document says why; an
// accepted one has as many claims as read_strategy_claims reads, each with moves, a claim that
// holds has one line per choice of its alternatives, each a path of the tree from the root, and
// one that does not hold says why; the summary adds up.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "llm/strategy_claims.h"

using namespace glossfish;
using nlohmann::ordered_json;

namespace {

void check(bool ok, const char* what, const std::string& input) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_verbalization: %s\n  input: %s\n", what, input.c_str());
        std::abort();
    }
}

bool path_of(const ordered_json& tree, const ordered_json& line) {
    const ordered_json* n = &tree;
    for (const auto& m : line) {
        if (!m.is_string() || !n->contains(m.get<std::string>())) return false;
        n = &n->at(m.get<std::string>());
    }
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::string doc = text;
    if (text.empty() || text[0] != '{') {
        ordered_json d;
        d["fen"] = "r7/4PP2/8/1pRp4/3P1kp1/2P5/6PK/8 b - - 0 45";
        d["description"] = text;
        d["tree"] = ordered_json::parse(
            R"({"g3+":{"Kh3":{"Rh8#":{}},"Kh1":{"Ra1#":{}},"Kg1":{"Ra1#":{}}}})");
        doc = d.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
    }
    std::string error;
    const auto out = verifier::check_verbalization(doc, &error);
    if (!out) {
        check(!error.empty(), "rejected without a reason", text);
        return 0;
    }
    const auto j = ordered_json::parse(doc);
    const auto& claims = (*out)["claims"];
    check(claims.size() ==
              verifier::read_strategy_claims((*out)["description"].get<std::string>()).size(),
          "claims differ from the reading", text);
    int hold = 0;
    for (const auto& c : claims) {
        check(!c["moves"].empty(), "a claim without moves", text);
        if (c["holds"].get<bool>()) {
            ++hold;
            std::size_t choices = 1;
            for (const auto& step : c["moves"]) choices *= step.size();
            check(c["lines"].size() == choices, "a line missing for a choice", text);
            for (const auto& line : c["lines"])
                check(path_of(j["tree"], line), "a line that is not a path of the tree", text);
        } else {
            check(!c["reason"].get<std::string>().empty(), "a failed claim without a reason", text);
        }
    }
    check((*out)["summary"]["hold"] == hold, "summary hold count", text);
    check((*out)["summary"]["claims"] == claims.size(), "summary claim count", text);
    return 0;
}
