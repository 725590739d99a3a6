// libFuzzer target: arbitrary text as a `glossfish tepp --guide` value. A rejected value must
// say why; an accepted one must print (text(), normalised: s+c → sc) a value that parses back
// to the same setting and has a paper name.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "llm/llm_player.h"

using namespace glossfish::verifier;

namespace {

[[noreturn]] void fail(const char* what, std::string_view input, const std::string& detail) {
    std::fprintf(stderr, "fuzz_guide_setting: %s\n  input: \"%.*s\"\n  %s\n", what,
                 int(input.size()), input.data(), detail.c_str());
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string error;
    auto g = parse_guide_setting(text, &error);
    if (!g) {
        if (error.empty()) fail("rejected without a message", text, "");
        return 0;
    }
    auto again = parse_guide_setting(g->text(), &error);
    if (!again || !(*again == *g)) fail("text() does not parse back", text, g->text());
    if (again->text() != g->text()) fail("text() is not stable", text, again->text());
    if (g->paper_name().empty()) fail("no paper name", text, "");
    return 0;
}
