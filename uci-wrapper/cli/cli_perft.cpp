// `glossfish perft DEPTH [--fen FEN] [--chess960]`: per-move split and a node total, in the
// shape of Stockfish's `go perft`.
#include <charconv>
#include <chrono>
#include <cstdio>

#include "cli/cli.h"
#include "session/settings.h"
#include "rules/notation.h"
#include "rules/perft.h"
#include "io/utf8.h"

namespace glossfish::cli {

std::string join_until_option(const Args& args, std::size_t& i) {
    std::string out;
    while (i < args.size() && args[i].rfind("--", 0) != 0) {
        if (!out.empty()) out += ' ';
        out += args[i++];
    }
    return out;
}

std::optional<long long> parse_number(const char* command, const std::string& option,
                                      const std::string& text, long long lo, long long hi) {
    long long v = 0;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || p != text.data() + text.size() || v < lo || v > hi) {
        std::fprintf(stderr, "glossfish %s: %s must be %lld..%lld, got '%s'\n", command,
                     option.c_str(), lo, hi, quote_prefix(text).c_str());
        return std::nullopt;
    }
    return v;
}

int perft_command(const Args& args) {
    int depth = -1;
    std::string fen = StartFen;
    bool chess960 = false;
    for (std::size_t i = 0; i < args.size();) {
        const std::string& a = args[i];
        if (a == "--fen") {
            ++i;
            fen = join_until_option(args, i);
        } else if (a == "--chess960") {
            chess960 = true;
            ++i;
        } else if (depth < 0) {
            long long d = 0;
            auto [p, ec] = std::from_chars(a.data(), a.data() + a.size(), d);
            if (ec != std::errc() || p != a.data() + a.size()) {
                std::fprintf(stderr, "glossfish perft: DEPTH must be a number, got '%s'\n",
                             quote_prefix(a).c_str());
                return 2;
            }
            // The rule of every surface (engine/session/settings.h).
            if (auto err = check_perft_depth(d)) {
                std::fprintf(stderr, "glossfish perft: %s\n", err->c_str());
                return 2;
            }
            depth = int(d);
            ++i;
        } else {
            std::fprintf(stderr, "glossfish perft: unexpected argument '%s'\n",
                         quote_prefix(a).c_str());
            return 2;
        }
    }
    if (depth < 0) {
        std::fputs("usage: glossfish perft DEPTH [--fen FEN] [--chess960]\n", stderr);
        return 2;
    }
    Position pos;
    FenStatus status = pos.set(fen, chess960);
    if (!status.ok()) {
        std::fprintf(stderr, "glossfish perft: %s\n", status.message().c_str());
        return 2;
    }
    for (const auto& w : status.warnings)
        std::fprintf(stderr, "glossfish perft: warning: %s\n", w.message.c_str());

    auto start = std::chrono::steady_clock::now();
    std::uint64_t total = 0;
    for (auto [move, nodes] : perft_divide(pos, depth)) {
        std::printf("%s: %llu\n", move_to_uci(pos, move).c_str(), (unsigned long long)nodes);
        total += nodes;
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("\nNodes searched: %llu\n", (unsigned long long)total);
    std::fprintf(stderr, "%.3f s, %.1f Mnodes/s\n", seconds, seconds > 0 ? total / seconds / 1e6 : 0.0);
    return 0;
}

}  // namespace glossfish::cli
