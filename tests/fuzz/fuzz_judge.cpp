// libFuzzer target: the judge's record reader (parse_judge_line), then the deterministic judge
// (--decomposer rules, board-only suite) on what it accepts. A rejection must carry a message;
// an accepted record must be judged without throwing, every atom's counts must be consistent
// and the record's JSON must serialise.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "judge/judge.h"
#include "rules/bitboard.h"
#include "tools/tool_suite.h"

using namespace glossfish;
using namespace glossfish::verifier;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool initialized = (init_bitboards(), true);
    (void)initialized;
    static const ToolSuite suite;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string error;
    std::optional<JudgeInput> in = parse_judge_line(text, 1, &error);
    if (!in) {
        if (error.empty()) std::abort();
        return 0;
    }
    JudgeOptions options;
    options.decomposer = Decomposer::Rules;
    Judge judge(suite, nullptr, nullptr, options);
    JudgedRecord r = judge.judge(*in);
    if (!r.ok()) {
        if (r.error.empty()) std::abort();
        return 0;
    }
    for (const JudgedAtom& a : r.atoms)
        if (a.outcome.failed > a.outcome.verifiable || a.outcome.failed < 0) std::abort();
    if (r.matches.size() != r.gold.size() && !r.gold.empty()) std::abort();
    // The reasoning chains: edges join propositions of the record, an edge holds only when both
    // ends hold, and the depth is a chain of holding edges.
    const auto& c = r.chains;
    const int n = int(c.propositions.size());
    for (const Edge& e : c.edges) {
        if (e.source < 1 || e.source > n || e.target < 1 || e.target > n) std::abort();
        if (e.verdict == Truth::True &&
            (c.propositions[std::size_t(e.source - 1)].verdict != Truth::True ||
             c.propositions[std::size_t(e.target - 1)].verdict != Truth::True))
            std::abort();
    }
    if (c.depth < 0 || c.depth > c.holding_edges()) std::abort();
    (void)judged_json(r).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return 0;
}
