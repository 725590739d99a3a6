// libFuzzer target: one untrusted JSON line (engine/io/json_line.h) and a `tool --jsonl` request
// line (ToolSuite::call_line, board tools only). Checks: errors and answers are valid UTF-8 and
// short where they quote the input; the answer is one JSON object with "id" and exactly one of
// "result"/"error"; when a line's only defect is bytes that are not UTF-8 and the repaired line
// has a string id, that id is recovered.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "io/json_line.h"
#include "io/utf8.h"
#include "rules/bitboard.h"
#include "tools/tool_suite.h"

using namespace glossfish;

namespace {

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_json_line: %s\n", what);
        std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool initialized = (init_bitboards(), true);
    (void)initialized;
    static const verifier::ToolSuite suite;
    const std::string line(reinterpret_cast<const char*>(data), size);
    const JsonParse p = parse_json_text(line);
    if (!p.ok()) {
        check(!invalid_utf8_at(p.error), "an error that is not UTF-8");
        check(p.error.size() < 400, "an error quoting too much");
        check(p.value.is_null(), "a value with an error");
        check(p.not_utf8 == bool(invalid_utf8_at(line)), "not_utf8 disagrees with the input");
        const nlohmann::json repaired = nlohmann::json::parse(to_valid_utf8(line), nullptr, false);
        if (p.not_utf8 && repaired.is_object() && repaired.contains("id"))
            check(p.id == repaired["id"], "the id of a repairable line was lost");
    } else {
        check(!invalid_utf8_at(line), "accepted bytes that are not UTF-8");
        (void)p.value.dump();  // must not throw: everything in it is UTF-8
    }
    const std::string answer = suite.call_line(line, 7);
    check(!invalid_utf8_at(answer), "an answer that is not UTF-8");
    const nlohmann::json a = nlohmann::json::parse(answer, nullptr, false);
    check(a.is_object() && a.contains("id"), "an answer without id");
    check(a.contains("result") != a.contains("error"), "an answer with both or neither");
    return 0;
}
