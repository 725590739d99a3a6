// libFuzzer target: the judge's relation reader (judge/chains.h) on arbitrary text. Every
// segment must be non-empty and every link must join two different segments in range (or the
// text before the unit, -1, as its source); at most 32 segments; nothing may throw.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "judge/chains.h"

using namespace glossfish::verifier;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    RelationReading r = read_relations(text);
    const int n = int(r.segments.size());
    if (n > 32) {
        std::fprintf(stderr, "fuzz_relations: %d segments\n", n);
        std::abort();
    }
    for (const auto& s : r.segments)
        if (s.text.empty()) {
            std::fprintf(stderr, "fuzz_relations: empty segment\n");
            std::abort();
        }
    for (const TextLink& l : r.links) {
        if (l.source < -1 || l.source >= n || l.target < 0 || l.target >= n ||
            l.source == l.target || !parse_relation(relation_name(l.relation)) ||
            l.connective.empty()) {
            std::fprintf(stderr, "fuzz_relations: bad link %d -> %d\n", l.source, l.target);
            std::abort();
        }
    }
    // The depth of any verdicts over these links stays within the segment count.
    std::vector<Edge> edges;
    for (const TextLink& l : r.links)
        if (l.source >= 0) {
            Edge e;
            e.source = l.source + 1;
            e.target = l.target + 1;
            e.verdict = Truth::True;
            edges.push_back(e);
        }
    const int d = chain_depth(n, edges);
    if (d < 0 || (n > 0 && d >= n) || (n == 0 && d != 0)) std::abort();
    return 0;
}
