// libFuzzer target: the motif line reader on fixed positions, then the tagger on what it reads.
// A rejection must carry a message and no moves; an accepted line must be legal move by move,
// and tagging it must not crash and give only known theme names.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "motifs/motifs.h"
#include "rules/bitboard.h"
#include "rules/movegen.h"

using namespace glossfish;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool initialized = (init_bitboards(), true);
    (void)initialized;
    static const Position roots[] = {
        *Position::from_fen(StartFen),
        *Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        *Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"),
        *Position::from_fen("8/2P5/8/8/8/8/5k1p/K7 w - - 0 1"),
    };
    if (size == 0) return 0;
    const Position& root = roots[data[0] % std::size(roots)];
    std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    MotifLineParse p = read_motif_line(root, text);
    if (!p.ok()) {
        if (!p.moves.empty() && p.error.find("more than") != std::string::npos) std::abort();
        return 0;
    }
    if (p.moves.empty() || p.moves.size() > MaxMotifLineMoves) std::abort();
    Position walk = root;
    for (Move m : p.moves) {
        if (!MoveList(walk).contains(m)) std::abort();
        walk.do_move(m);
    }
    const std::vector<std::string>& names = motif_names();
    for (const std::string& t : tag_motifs(root, p.moves))
        if (std::find(names.begin(), names.end(), t) == names.end()) std::abort();
    return 0;
}
