// libFuzzer target: the commentary reader on arbitrary text about a fixed position and move
// (byte 0 picks which), then verification of what it read with the board-only suite. Every
// sentence must be read into valid sub-claims or carry an unread reason; nothing may throw.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "claims/claims.h"
#include "reader/commentary_reader.h"
#include "rules/bitboard.h"
#include "tools/tool_suite.h"

using namespace glossfish;
using namespace glossfish::verifier;

namespace {

struct Sample {
    const char* fen;
    const char* move;
};

// Index = first byte % count; the seed corpus depends on this order: append only.
constexpr Sample Samples[] = {
    {"6k1/5ppp/8/4P3/1b1p4/3Q4/5PPP/6K1 w - - 0 1", "Qe4"},
    {"8/pn2Q3/1p1p2pk/2pP2rp/P1P2q2/1NP5/6B1/2R4K b - - 15 47", "Qh4+"},
    {"r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1", "Nc7+"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e4"},
    {"4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1", ""},
    {"4k3/8/8/4n3/8/5N2/8/3QK3 w - - 0 1", ""},
    {"8/1p3k2/8/3P4/8/2K5/P7/8 w - - 0 1", ""},
    {"k7/8/1K6/8/8/8/8/2R5 b - - 0 1", ""},
};
constexpr std::size_t SampleCount = sizeof(Samples) / sizeof(Samples[0]);

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool initialized = (init_bitboards(), true);
    (void)initialized;
    static const ToolSuite suite;
    if (size == 0) return 0;
    const Sample& sample = Samples[data[0] % SampleCount];
    const Position pos = *Position::from_fen(sample.fen);
    std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    CommentaryReading r = read_commentary(pos, sample.move, text);
    std::size_t read = 0;
    for (const ReadSentence& s : r.sentences) {
        if ((!s.read() && s.unread_reason.empty()) || (!s.read() && s.unread_clauses.empty())) {
            std::fprintf(stderr, "fuzz_commentary: unread without a reason: \"%s\"\n",
                         s.text.c_str());
            std::abort();
        }
        if (!s.read()) continue;
        ++read;
        for (const SubClaim& c : s.claims)
            if (auto e = check_sub_claim(c)) {
                std::fprintf(stderr, "fuzz_commentary: invalid claim %s: %s\n",
                             sub_claim_json(c).dump().c_str(), e->text().c_str());
                std::abort();
            }
    }
    if (read != r.doc.atoms.size()) std::abort();
    PositionVerdict v = ClaimVerifier(suite).verify(pos, r.doc);
    (void)verdict_json(v).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return 0;
}
