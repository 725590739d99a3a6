// libFuzzer target: byte 0 picks a position, the rest is move text read by parse_san (strict
// and lenient) and parse_uci. An accepted move must be legal, its SAN must read back strictly
// to the same move, and lenient must accept whatever strict accepts.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "rules/bitboard.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/position.h"

using namespace glossfish;

namespace {

struct Sample {
    const char* fen;
    bool chess960;
};

// Index = first byte % count; the seed corpus depends on this order: append only.
constexpr Sample Samples[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1", false},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false},
    {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", false},
    {"k7/8/8/3N1N2/8/3N1N2/8/K6R w - - 0 1", false},
    {"8/P1k5/8/8/8/8/5Kp1/7R b - - 0 1", false},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
    {"rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1", true},
};
constexpr std::size_t SampleCount = sizeof(Samples) / sizeof(Samples[0]);

[[noreturn]] void fail(const char* what, const Position& pos, std::string_view text,
                       const std::string& detail) {
    std::fprintf(stderr, "fuzz_san: %s\n  fen: %s\n  text: \"%.*s\"\n  %s\n", what,
                 pos.fen().c_str(), int(text.size()), text.data(), detail.c_str());
    std::abort();
}

// Checks one parse result: errors carry a message, accepted moves are legal and round-trip.
void check(const Position& pos, std::string_view text, const MoveParse& r, const char* how) {
    if (!r.ok()) {
        if (r.message.empty()) fail("error without a message", pos, text, how);
        return;
    }
    if (!MoveList(pos).contains(r.move)) fail("accepted an illegal move", pos, text, how);
    const std::string san = move_to_san(pos, r.move);
    MoveParse back = parse_san(pos, san, SanMode::Strict);
    if (!back.ok() || back.move != r.move)
        fail("SAN does not read back strictly", pos, text,
             std::string(how) + " -> " + san + ": " + back.message);
    const std::string uci = move_to_uci(pos, r.move);
    MoveParse uci_back = parse_uci(pos, uci);
    if (!uci_back.ok() || uci_back.move != r.move)
        fail("UCI does not read back", pos, text,
             std::string(how) + " -> " + uci + ": " + uci_back.message);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool initialized = (init_bitboards(), true);
    (void)initialized;
    if (size == 0) return 0;
    const Sample& sample = Samples[data[0] % SampleCount];
    std::optional<Position> pos = Position::from_fen(sample.fen, sample.chess960);
    if (!pos) std::abort();
    std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

    MoveParse strict = parse_san(*pos, text, SanMode::Strict);
    check(*pos, text, strict, "strict SAN");
    MoveParse lenient = parse_san(*pos, text, SanMode::Lenient);
    check(*pos, text, lenient, "lenient SAN");
    if (strict.ok() && (!lenient.ok() || lenient.move != strict.move))
        fail("lenient rejects or changes a strict move", *pos, text, lenient.message);
    check(*pos, text, parse_uci(*pos, text), "UCI");
    return 0;
}
