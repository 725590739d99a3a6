// `glossfish perft DEPTH [--fen FEN] [--chess960]`: per-move split and a node total, in the
// shape of Stockfish's `go perft`.
#include <charconv>
#include <chrono>
#include <cstdio>

#include "cli/cli.h"
#include "cli/flags.h"
#include "io/utf8.h"
#include "rules/notation.h"
#include "rules/perft.h"
#include "settings/settings.h"

namespace glossfish::cli {

int perft_command(const Args& args) {
    std::string depth_text, fen = StartFen;
    bool chess960 = false;
    Flags flags("perft", "Counts the leaf nodes of the move tree, split by first move.",
                "usage: glossfish perft DEPTH [--fen FEN|startpos] [--chess960]\n");
    flags.text("DEPTH", depth_text, "plies to count, 1..12")->required();
    flags.fen(fen);
    flags.flag("--chess960", chess960, "read castling rights as Chess960 (Shredder-FEN)");
    if (auto code = flags.parse(args)) return *code;

    long long d = 0;
    auto [p, ec] = std::from_chars(depth_text.data(), depth_text.data() + depth_text.size(), d);
    if (ec != std::errc() || p != depth_text.data() + depth_text.size())
        return flags.fail("DEPTH must be a number, got " + quote_input(depth_text));
    // The rule of every surface (engine/settings/settings.h).
    if (auto err = check_perft_depth(d)) return flags.fail(*err);
    const int depth = int(d);
    Position pos;
    if (!read_fen("perft", fen, chess960, pos, true)) return 2;

    auto start = std::chrono::steady_clock::now();
    std::uint64_t total = 0;
    for (auto [move, nodes] : perft_divide(pos, depth)) {
        std::printf("%s: %llu\n", move_to_uci(pos, move).c_str(), (unsigned long long)nodes);
        total += nodes;
    }
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("\nNodes searched: %llu\n", (unsigned long long)total);
    std::fprintf(stderr, "%.3f s, %.1f Mnodes/s\n", seconds,
                 seconds > 0 ? total / seconds / 1e6 : 0.0);
    return 0;
}

}  // namespace glossfish::cli
