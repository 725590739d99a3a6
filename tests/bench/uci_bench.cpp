// UCI overhead benchmark: the same fixed-depth searches through glossfish and directly through
// Stockfish, isready and stop latencies during a search, and glossfish's own memory.
// Usage: glossfish_uci_bench PATH_TO_GLOSSFISH [DEPTH]
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "host/child_process.h"
#include "host/engine_host.h"
#include "uci_peer.h"

using namespace glossfish;
using Clock = std::chrono::steady_clock;

namespace {

using Peer = bench::UciPeer;
using bench::nodes_of;
using bench::Positions;

// Total nodes and wall seconds of fixed-depth searches over Positions.
std::pair<std::uint64_t, double> search_suite(Peer& p, int depth) {
    p.send("uci");
    p.expect("uciok");
    p.send("setoption name Threads value 1");
    p.send("setoption name Hash value 16");
    p.send("isready");
    p.expect("readyok");
    std::uint64_t nodes = 0;
    double seconds = 0;
    for (const char* fen : Positions) {
        p.send("ucinewgame");
        p.send(std::string("position fen ") + fen);
        p.send("isready");
        p.expect("readyok");
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

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s PATH_TO_GLOSSFISH [DEPTH]\n", argv[0]);
        return 2;
    }
    const std::string glossfish = argv[1];
    const int depth = argc > 2 ? std::atoi(argv[2]) : 16;
    const std::string stockfish = resolve_stockfish_path("");

    // 1. Search speed: alternate direct and relayed runs, keep the best of each.
    double best_direct = 0, best_relayed = 0;
    std::uint64_t nodes_direct = 0, nodes_relayed = 0;
    for (int round = 0; round < 2; ++round) {
        {
            Peer sf(stockfish);
            auto [n, s] = search_suite(sf, depth);
            best_direct = std::max(best_direct, n / s);
            nodes_direct = n;
        }
        {
            Peer gf(glossfish);
            auto [n, s] = search_suite(gf, depth);
            best_relayed = std::max(best_relayed, n / s);
            nodes_relayed = n;
        }
    }
    std::printf("search        depth %d x %zu positions\n", depth, std::size(Positions));
    std::printf("  stockfish   %12llu nodes  %10.0f nodes/s (wall)\n",
                (unsigned long long)nodes_direct, best_direct);
    std::printf("  glossfish   %12llu nodes  %10.0f nodes/s (wall)\n",
                (unsigned long long)nodes_relayed, best_relayed);
    std::printf("  ratio       %.3f   (target >= 0.98)\n", best_relayed / best_direct);

    // 2. Latencies during `go infinite`.
    Peer gf(glossfish);
    gf.send("uci");
    gf.expect("uciok");
    gf.send("setoption name Glossfish Quality value false");
    gf.send("position startpos moves e2e4 e7e5 g1f3");
    gf.send("isready");
    gf.expect("readyok");
    std::vector<double> ready_ms, stop_ms;
    for (int rep = 0; rep < 20; ++rep) {
        gf.send("go infinite");
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        for (int k = 0; k < 10; ++k) {
            auto t0 = Clock::now();
            gf.send("isready");
            gf.expect("readyok");
            ready_ms.push_back(
                std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        auto t0 = Clock::now();
        gf.send("stop");
        gf.expect("bestmove");
        stop_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    std::printf(
        "isready->readyok during search  median %.3f ms  p99 %.3f ms  (%zu samples, target p99 < 5 "
        "ms)\n",
        percentile(ready_ms, 0.5), percentile(ready_ms, 0.99), ready_ms.size());
    std::printf(
        "stop->bestmove                  median %.3f ms  p99 %.3f ms  (%zu samples, target p99 < "
        "20 ms)\n",
        percentile(stop_ms, 0.5), percentile(stop_ms, 0.99), stop_ms.size());

    // 3. Memory of the glossfish process itself (the Stockfish child is a separate process).
    long kb = rss_kb(gf.pid());
    std::printf("glossfish resident memory without the child: %.1f MB (target < 30 MB)\n",
                kb / 1024.0);
    return 0;
}
