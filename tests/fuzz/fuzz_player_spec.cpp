// libFuzzer target: the input is a `glossfish tepp --player` spec read by parse_player_spec.
// A rejected spec says why ("bad player spec: …"); an accepted engine spec has a program, and
// its normalised text reads back to the same program, options and limits.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "analysis/players.h"

using namespace glossfish;

namespace {

[[noreturn]] void fail(const char* what, std::string_view text, const std::string& detail) {
    std::fprintf(stderr, "fuzz_player_spec: %s\n  spec: \"%.*s\"\n  %s\n", what, int(text.size()),
                 text.data(), detail.c_str());
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const PlayerSpecParse p = parse_player_spec(text);
    if (!p.ok()) {
        if (p.error.rfind("bad player spec: ", 0) != 0) fail("error without prefix", text, p.error);
        return 0;
    }
    if (p.spec.kind != PlayerSpec::Engine) return 0;
    const EngineSpec& e = p.spec.engine;
    if (e.program.empty()) fail("empty program accepted", text, e.text);
    const PlayerSpecParse back = parse_player_spec(e.text);
    if (!back.ok()) fail("normalised text rejected", text, e.text + ": " + back.error);
    if (back.spec.kind != PlayerSpec::Engine || back.spec.engine.program != e.program ||
        back.spec.engine.options != e.options ||
        back.spec.engine.limits.go_args() != e.limits.go_args() || back.spec.engine.text != e.text)
        fail("normalised text reads back differently", text, e.text);
    return 0;
}
