// libFuzzer target: the ideas of moves and the reader of the ideas' phrases. The input's bytes
// play a game from one of a few positions (each byte picks a legal move), the ideas of every move
// are detected and each said idea is read back and verified again; the rest of the input, after
// a 0 byte, is commentary read about the last move (the phrase reader on any text) and checked
// with the board-only verifier. Nothing may throw; a said idea that does not verify aborts.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "claims/claims.h"
#include "explain/ideas.h"
#include "reader/commentary_reader.h"
#include "rules/bitboard.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "tools/tool_suite.h"

using namespace glossfish;
using namespace glossfish::verifier;

namespace {

// Index = first byte % count; the seed corpus depends on this order: append only.
constexpr const char* Starts[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/8/3k4/8/8/3PK3/8 w - - 0 1",
    "4k3/pp3ppp/3p4/8/4P3/2N5/PP3PPP/4K3 w - - 0 1",
};
constexpr std::size_t StartCount = sizeof(Starts) / sizeof(Starts[0]);

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool initialized = (init_bitboards(), true);
    (void)initialized;
    static const ToolSuite suite;
    static const ClaimVerifier verifier(suite);
    if (size == 0) return 0;
    Position pos = *Position::from_fen(Starts[data[0] % StartCount]);
    Position before = pos;
    Move last = Move::none();
    std::size_t i = 1;
    for (; i < size && i < 40 && data[i] != 0; ++i) {
        MoveList moves(pos);
        if (moves.empty()) break;
        const Move m = *(moves.begin() + data[i] % moves.size());
        for (const Idea& idea : move_ideas(pos, m).ideas) {
            CommentaryReading r = read_commentary(pos, move_to_uci(pos, m), idea.text);
            if (r.sentences.size() != 1 || !r.sentences[0].read() ||
                !verifier.verify(pos, Atom{idea.text, r.sentences[0].claims}).correct()) {
                std::fprintf(stderr, "fuzz_ideas: said but not verified: %s (%s)\n",
                             idea.text.c_str(), pos.fen().c_str());
                std::abort();
            }
        }
        before = pos;
        last = m;
        pos.do_move(m);
    }
    if (i >= size || last == Move::none()) return 0;
    std::string_view text(reinterpret_cast<const char*>(data + i + 1), size - i - 1);
    CommentaryReading r = read_commentary(before, move_to_uci(before, last), text);
    for (const ReadSentence& s : r.sentences) {
        if (!s.read()) continue;
        for (const SubClaim& c : s.claims)
            if (auto e = check_sub_claim(c)) {
                std::fprintf(stderr, "fuzz_ideas: invalid claim %s: %s\n",
                             sub_claim_json(c).dump().c_str(), e->text().c_str());
                std::abort();
            }
        verifier.verify(before, Atom{s.text, s.claims});
    }
    return 0;
}
