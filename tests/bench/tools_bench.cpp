// Tool-suite speed: typed BoardTools calls, the JSON layer in process, and JSONL batch lines
// through ToolSuite's text path (the code `glossfish tool --jsonl` runs).
// Usage: glossfish_tools_bench [--calls N] [--lines N] [--jsonl-out PATH]
//   --jsonl-out writes the generated batch input, to time `glossfish tool --jsonl < PATH`.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "rules/position.h"
#include "tools/board_tools.h"
#include "tools/tool_suite.h"

using namespace glossfish;
using Clock = std::chrono::steady_clock;

namespace {

const char* const Fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
    "4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1",
};
constexpr int FenCount = sizeof(Fens) / sizeof(Fens[0]);

double seconds_since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

void report(const char* what, std::uint64_t n, double secs) {
    std::printf("%-34s %12.0f /s  (%llu in %.3f s)\n", what, double(n) / secs,
                (unsigned long long)n, secs);
}

std::string square_text(int s) { return square_name(Square(s)); }

}  // namespace

int main(int argc, char** argv) {
    std::uint64_t calls = 20'000'000, json_calls = 500'000;
    std::size_t lines = 100'000;
    const char* jsonl_out = nullptr;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--calls") && i + 1 < argc)
            calls = std::strtoull(argv[++i], nullptr, 10);
        else if (!std::strcmp(argv[i], "--lines") && i + 1 < argc)
            lines = std::strtoull(argv[++i], nullptr, 10);
        else if (!std::strcmp(argv[i], "--jsonl-out") && i + 1 < argc) jsonl_out = argv[++i];
        else {
            std::fprintf(
                stderr,
                "usage: glossfish_tools_bench [--calls N] [--lines N] [--jsonl-out PATH]\n");
            return 2;
        }
    }

    std::vector<Position> positions(FenCount);
    for (int i = 0; i < FenCount; ++i)
        if (!positions[i].set(Fens[i]).ok()) {
            std::fprintf(stderr, "bad bench FEN %s\n", Fens[i]);
            return 1;
        }

    // Typed fast path: one BoardTools per position, queries cycling over all 64 squares.
    std::uint64_t sink = 0;
    {
        auto t0 = Clock::now();
        for (std::uint64_t i = 0; i < calls; ++i) {
            verifier::BoardTools bt(positions[(i >> 6) % FenCount]);
            sink += popcount(bt.attackers(Color(i >> 12 & 1), Square(i & 63)));
        }
        report("typed attackers", calls, seconds_since(t0));
    }
    {
        auto t0 = Clock::now();
        for (std::uint64_t i = 0; i < calls; ++i) {
            verifier::BoardTools bt(positions[(i >> 6) % FenCount]);
            sink += bt.piece_at(Square(i & 63));
        }
        report("typed piece_at", calls, seconds_since(t0));
    }
    {
        auto t0 = Clock::now();
        for (std::uint64_t i = 0; i < calls; ++i) {
            verifier::BoardTools bt(positions[(i >> 6) % FenCount]);
            verifier::PinReport r = bt.pin(Square(i & 63));
            sink += r.pinned + r.relative;
        }
        report("typed pin", calls, seconds_since(t0));
    }

    // JSON layer in process: prebuilt argument objects, ToolSuite::call.
    verifier::ToolSuite suite;
    std::vector<nlohmann::json> attackers_args, piece_args, pin_args;
    for (int f = 0; f < FenCount; ++f)
        for (int s = 0; s < 64; ++s) {
            attackers_args.push_back({{"fen", Fens[f]},
                                      {"square", square_text(s)},
                                      {"color", s & 1 ? "black" : "white"}});
            piece_args.push_back({{"fen", Fens[f]}, {"square", square_text(s)}});
            pin_args.push_back({{"fen", Fens[f]}, {"square", square_text(s)}});
        }
    auto bench_json = [&](const char* label, const char* tool,
                          const std::vector<nlohmann::json>& args) {
        auto t0 = Clock::now();
        for (std::uint64_t i = 0; i < json_calls; ++i) {
            nlohmann::json r = suite.call(tool, args[i % args.size()]);
            sink += r.size();
        }
        report(label, json_calls, seconds_since(t0));
    };
    bench_json("json attackers (ToolSuite::call)", "attackers", attackers_args);
    bench_json("json piece_at (ToolSuite::call)", "piece_at", piece_args);
    bench_json("json pin (ToolSuite::call)", "pin", pin_args);

    // JSONL: board-query lines, the FEN changing every 50 lines (as in per-position batches).
    const char* const tools[] = {"piece_at", "attackers", "pin", "is_attacked_by", "attacks"};
    std::string text;
    for (std::size_t i = 0; i < lines; ++i) {
        const char* tool = tools[i % 5];
        std::string fen = Fens[(i / 50) % FenCount];
        std::string args =
            "{\"fen\":\"" + fen + "\",\"square\":\"" + square_text(int(i * 7 % 64)) + "\"";
        if (!std::strcmp(tool, "attackers") || !std::strcmp(tool, "is_attacked_by"))
            args += std::string(",\"color\":\"") + (i & 1 ? "black" : "white") + "\"";
        args += "}";
        text +=
            "{\"id\":" + std::to_string(i) + ",\"tool\":\"" + tool + "\",\"args\":" + args + "}\n";
    }
    if (jsonl_out) {
        std::ofstream(jsonl_out) << text;
        std::printf("wrote %zu lines to %s\n", lines, jsonl_out);
    }
    {
        std::istringstream in(text);
        std::ostringstream out;
        auto t0 = Clock::now();
        std::size_t answered = suite.run_jsonl(in, out);
        double secs = seconds_since(t0);
        report("jsonl lines (ToolSuite::run_jsonl)", answered, secs);
        if (out.str().find("\"error\"") != std::string::npos) {
            std::fprintf(stderr, "a batch line failed\n");
            return 1;
        }
    }
    std::printf("(checksum %llu)\n", (unsigned long long)sink);
    return 0;
}
