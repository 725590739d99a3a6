// libFuzzer target: the input is a prompt template read by PromptTemplate::parse. A failed parse
// must say why. A template that parses must render once every placeholder has a value (values
// that themselves hold "{{name}}" are inserted literally, never expanded again), and rendering
// with a value missing, or with no placeholder declared, must fail with a message.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "llm/prompts.h"

using namespace glossfish::verifier;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string error;
    auto t = PromptTemplate::parse(text, "fuzz.txt", &error);
    if (!t) {
        if (error.empty()) std::abort();
        return 0;
    }
    const auto names = t->placeholders();
    PromptValues values;
    for (const auto& n : names) values[n] = "{{" + n + "}}";  // would expand forever if rescanned
    auto r = t->render(values, &error);
    if (!r) {
        std::fprintf(stderr, "render failed with every value given: %s\n", error.c_str());
        std::abort();
    }
    const std::vector<const char*> none;
    if (!names.empty()) {
        PromptValues missing = values;
        missing.erase(names.front());
        std::string why;
        if (t->render(missing, &why) || why.empty()) std::abort();
        if (t->render(values, &why, &none) || why.empty()) std::abort();  // nothing declared
    }
    return 0;
}
