// libFuzzer target: the claims JSON reader, then verification of what it accepts on a fixed
// position with the board-only suite. A rejection must carry a message; an accepted document
// must verify without throwing, every verdict must be consistent (a false sub-claim has a
// category, others none) and its JSON must serialise.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "claims/claims.h"
#include "rules/bitboard.h"
#include "tools/tool_suite.h"

using namespace glossfish;
using namespace glossfish::verifier;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool initialized = (init_bitboards(), true);
    (void)initialized;
    static const ToolSuite suite;
    static const Position root =
        *Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    std::string_view text(reinterpret_cast<const char*>(data), size);
    ClaimsParse p = parse_claims(text);
    if (!p.ok()) {
        if (!p.error || p.error->message.empty()) std::abort();
        return 0;
    }
    Position pos = root;
    if (p.doc->fen && !pos.set(*p.doc->fen).ok()) return 0;
    ClaimVerifier verifier(suite);
    PositionVerdict v = verifier.verify(pos, *p.doc);
    for (const AtomVerdict& a : v.atoms)
        for (const SubVerdict& s : a.claims) {
            if ((s.result == Truth::False) != s.category.has_value()) {
                std::fprintf(stderr, "fuzz_claims: category mismatch: %s\n",
                             verdict_json(s).dump().c_str());
                std::abort();
            }
            if (s.reason.empty()) std::abort();
        }
    (void)verdict_json(v).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return 0;
}
