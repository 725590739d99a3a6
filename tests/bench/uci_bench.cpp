// UCI overhead benchmark, side by side with glossfish's products off and on: the same
// fixed-depth searches through glossfish and directly through Stockfish (nodes/s and their
// ratio), isready and stop latencies during `go infinite`, and glossfish's own memory.
// Products on: analysis mode, MultiPV 3 and Glossfish Quality on (the label of the last move
// and each depth's glossfish.lines with the lines' labels and board reasons); Stockfish
// alone then searches with MultiPV 3 too, so both count the same nodes.
// Usage: glossfish_uci_bench PATH_TO_GLOSSFISH [DEPTH]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "host/engine_host.h"
#include "uci_peer.h"

using namespace glossfish;
using Clock = std::chrono::steady_clock;

namespace {

using Peer = bench::UciPeer;
using bench::nodes_of;
using bench::Positions;

// One column of the table: the options glossfish gets, and those Stockfish alone gets.
struct Mode {
    const char* name;
    std::vector<std::string> glossfish, stockfish;
};

const Mode Modes[] = {
    {"products off", {"Glossfish Quality value false"}, {}},
    {"products on",
     {"UCI_AnalyseMode value true", "MultiPV value 3", "Glossfish Quality value true",
      "Glossfish Info Format value json"},
     {"MultiPV value 3"}},
};

void set_options(Peer& p, const std::vector<std::string>& options) {
    for (const std::string& o : options) p.send("setoption name " + o);
}

// Total nodes and wall seconds of fixed-depth searches over Positions.
std::pair<std::uint64_t, double> search_suite(Peer& p, int depth,
                                              const std::vector<std::string>& options) {
    p.send("uci");
    p.expect("uciok");
    p.send("setoption name Threads value 1");
    p.send("setoption name Hash value 16");
    set_options(p, options);
    p.send("isready");
    p.expect("readyok");
    std::uint64_t nodes = 0;
    double seconds = 0;
    for (const char* fen : Positions) {
        p.send("ucinewgame");
        p.send(std::string("position fen ") + fen);
        p.send("isready");
        p.expect("readyok");
        // glossfish answers isready itself and passes ucinewgame on, so its Stockfish may still
        // be clearing its hash; a pause lets both engines start the search from rest, so the
        // time is the search's alone.
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        auto t0 = Clock::now();
        p.send("go depth " + std::to_string(depth));
        p.expect("bestmove");
        seconds += std::chrono::duration<double>(Clock::now() - t0).count();
        nodes += nodes_of(p.last_info());
    }
    return {nodes, seconds};
}

double percentile(std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(q * double(v.size() - 1) + 0.5))];
}

long rss_kb(int pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmRSS:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
    return -1;
}

struct Figures {
    double sf_nps = 0, gf_nps = 0;
    std::uint64_t sf_nodes = 0, gf_nodes = 0;
    std::vector<double> ready_ms, stop_ms;
    std::size_t lines_products = 0;
    long rss_kb = 0;
    double search_cpu = 0, latency_cpu = 0;  // glossfish's own CPU seconds (not Stockfish's)
};

// isready and stop latencies during `go infinite`: rounds searches of 150 ms, ten isready
// round trips in each.
void latencies(const std::string& glossfish, const Mode& mode, int rounds, Figures& f) {
    Peer gf(glossfish);
    gf.watch("info string glossfish.lines ");
    gf.send("uci");
    gf.expect("uciok");
    set_options(gf, mode.glossfish);
    gf.send("position startpos moves e2e4 e7e5 g1f3");
    gf.send("isready");
    gf.expect("readyok");
    for (int rep = 0; rep < rounds; ++rep) {
        gf.send("go infinite");
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        for (int k = 0; k < 10; ++k) {
            auto t0 = Clock::now();
            gf.send("isready");
            gf.expect("readyok");
            f.ready_ms.push_back(
                std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        auto t0 = Clock::now();
        gf.send("stop");
        gf.expect("bestmove");
        f.stop_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    f.lines_products = gf.seen("info string glossfish.lines ");
    f.rss_kb = rss_kb(gf.pid());
    f.latency_cpu = bench::cpu_seconds(gf.pid());
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s PATH_TO_GLOSSFISH [DEPTH] [ROUNDS]\n", argv[0]);
        return 2;
    }
    const std::string glossfish = argv[1];
    const int depth = argc > 2 ? std::atoi(argv[2]) : 16;
    // Search-speed rounds: the best of each counts (a short suite is at the scheduler's mercy).
    const int rounds = argc > 3 ? std::max(1, std::atoi(argv[3])) : 2;
    const std::string stockfish = resolve_stockfish_path("");
    constexpr int LatencyRounds = 40;

    Figures figures[std::size(Modes)];
    // 1. Search speed: direct and relayed runs alternate, the best of `rounds` of each.
    for (int round = 0; round < rounds; ++round)
        for (std::size_t m = 0; m < std::size(Modes); ++m) {
            Figures& f = figures[m];
            {
                Peer sf(stockfish);
                auto [n, s] = search_suite(sf, depth, Modes[m].stockfish);
                f.sf_nps = std::max(f.sf_nps, n / s);
                f.sf_nodes = n;
            }
            {
                Peer gf(glossfish);
                auto [n, s] = search_suite(gf, depth, Modes[m].glossfish);
                f.gf_nps = std::max(f.gf_nps, n / s);
                f.gf_nodes = n;
                f.search_cpu += bench::cpu_seconds(gf.pid());
            }
        }
    // 2. Latencies during `go infinite`.
    for (std::size_t m = 0; m < std::size(Modes); ++m)
        latencies(glossfish, Modes[m], LatencyRounds, figures[m]);

    const Figures &off = figures[0], &on = figures[1];
    std::printf(
        "glossfish against Stockfish alone, products off and on (on: analysis, MultiPV 3,\n"
        "labels and glossfish.lines; Stockfish alone searches with MultiPV 3 too)\n");
    std::printf("%-34s %16s %16s\n", "", Modes[0].name, Modes[1].name);
    std::printf("%-34s %16llu %16llu\n",
                ("search nodes, depth " + std::to_string(depth) + " x " +
                 std::to_string(std::size(Positions)) + " positions")
                    .c_str(),
                (unsigned long long)off.gf_nodes, (unsigned long long)on.gf_nodes);
    const std::string best = "(wall, best of " + std::to_string(rounds) + ")";
    std::printf("%-34s %16.0f %16.0f\n", ("  stockfish nodes/s " + best).c_str(), off.sf_nps,
                on.sf_nps);
    std::printf("%-34s %16.0f %16.0f\n", ("  glossfish nodes/s " + best).c_str(), off.gf_nps,
                on.gf_nps);
    std::printf("%-34s %16.3f %16.3f   (target >= 0.98)\n", "  ratio", off.gf_nps / off.sf_nps,
                on.gf_nps / on.sf_nps);
    if (off.sf_nodes != off.gf_nodes || on.sf_nodes != on.gf_nodes)
        std::printf("  (node counts differ: Stockfish %llu / %llu)\n",
                    (unsigned long long)off.sf_nodes, (unsigned long long)on.sf_nodes);
    std::printf("%-34s %13.3f ms %13.3f ms\n", "isready during search median",
                percentile(off.ready_ms, 0.5), percentile(on.ready_ms, 0.5));
    std::printf("%-34s %13.3f ms %13.3f ms   (%zu samples each, target <= 1 ms)\n",
                "isready during search p99", percentile(off.ready_ms, 0.99),
                percentile(on.ready_ms, 0.99), off.ready_ms.size());
    std::printf("%-34s %13.3f ms %13.3f ms\n", "stop->bestmove median",
                percentile(off.stop_ms, 0.5), percentile(on.stop_ms, 0.5));
    std::printf("%-34s %13.3f ms %13.3f ms   (%zu samples each, target <= 5 ms)\n",
                "stop->bestmove p99", percentile(off.stop_ms, 0.99), percentile(on.stop_ms, 0.99),
                off.stop_ms.size());
    std::printf("%-34s %16zu %16zu\n", "glossfish.lines during those", off.lines_products,
                on.lines_products);
    std::printf("%-34s %14.2f s %14.2f s   (Stockfish not counted)\n",
                "glossfish's own CPU, searches", off.search_cpu, on.search_cpu);
    std::printf("%-34s %14.2f s %14.2f s\n", "glossfish's own CPU, latency runs", off.latency_cpu,
                on.latency_cpu);
    // 3. Memory of the glossfish process itself (the Stockfish children are separate processes).
    std::printf("%-34s %13.1f MB %13.1f MB   (target < 30 MB)\n", "glossfish resident memory",
                off.rss_kb / 1024.0, on.rss_kb / 1024.0);
    return 0;
}
