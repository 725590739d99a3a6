// Perft speed against Stockfish's `go perft`: same positions and depths, node counts must match.
// Usage: glossfish_bench [--runs N] [--quick]. Stockfish: $GLOSSFISH_STOCKFISH, PATH, /usr/games.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "rules/bitboard.h"
#include "rules/perft.h"
#include "rules/position.h"

extern char** environ;

using namespace glossfish;
using Clock = std::chrono::steady_clock;

namespace {

struct BenchCase {
    const char* name;
    const char* fen;
    int depth;
};

// The Stockfish binary: $GLOSSFISH_STOCKFISH, else `stockfish` on PATH, else /usr/games.
std::string find_stockfish() {
    if (const char* env = std::getenv("GLOSSFISH_STOCKFISH"); env && *env) return env;
    if (const char* path = std::getenv("PATH")) {
        std::string dirs = path;
        for (std::size_t start = 0; start <= dirs.size();) {
            std::size_t end = dirs.find(':', start);
            if (end == std::string::npos) end = dirs.size();
            std::string candidate = dirs.substr(start, end - start) + "/stockfish";
            if (end > start && access(candidate.c_str(), X_OK) == 0) return candidate;
            start = end + 1;
        }
    }
    return "/usr/games/stockfish";
}

// A Stockfish child process spoken to over two pipes.
class Stockfish {
public:
    explicit Stockfish(const std::string& path) {
        int in[2], out[2];
        if (pipe(in) != 0 || pipe(out) != 0) die("pipe failed");
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, in[0], 0);
        posix_spawn_file_actions_adddup2(&actions, out[1], 1);
        posix_spawn_file_actions_addclose(&actions, in[1]);
        posix_spawn_file_actions_addclose(&actions, out[0]);
        char* argv[] = {const_cast<char*>(path.c_str()), nullptr};
        if (posix_spawn(&pid_, path.c_str(), &actions, nullptr, argv, environ) != 0)
            die(("cannot start " + path + " (set GLOSSFISH_STOCKFISH)").c_str());
        posix_spawn_file_actions_destroy(&actions);
        close(in[0]);
        close(out[1]);
        to_ = fdopen(in[1], "w");
        from_ = fdopen(out[0], "r");
        send("uci");
        wait_for("uciok");
    }
    ~Stockfish() {
        send("quit");
        std::fclose(to_);
        std::fclose(from_);
        waitpid(pid_, nullptr, 0);
    }

    void send(const std::string& line) {
        std::fprintf(to_, "%s\n", line.c_str());
        std::fflush(to_);
    }
    // Reads lines until one starts with prefix; returns that line.
    std::string wait_for(const char* prefix) {
        char buf[4096];
        while (std::fgets(buf, sizeof buf, from_))
            if (std::strncmp(buf, prefix, std::strlen(prefix)) == 0) return buf;
        die("stockfish closed its output");
    }

private:
    [[noreturn]] static void die(const char* message) {
        std::fprintf(stderr, "glossfish_bench: %s\n", message);
        std::exit(2);
    }
    pid_t pid_ = 0;
    FILE* to_ = nullptr;
    FILE* from_ = nullptr;
};

struct Timing {
    std::uint64_t nodes = 0;
    double seconds = 1e100;  // best run
};

Timing time_glossfish(const BenchCase& c, int runs) {
    Timing t;
    Position pos;
    pos.set(c.fen);
    for (int i = 0; i < runs; ++i) {
        auto start = Clock::now();
        t.nodes = perft(pos, c.depth);
        t.seconds =
            std::min(t.seconds, std::chrono::duration<double>(Clock::now() - start).count());
    }
    return t;
}

Timing time_stockfish(Stockfish& sf, const BenchCase& c, int runs) {
    Timing t;
    sf.send(std::string("position fen ") + c.fen);
    for (int i = 0; i < runs; ++i) {
        sf.send("isready");
        sf.wait_for("readyok");
        auto start = Clock::now();
        sf.send("go perft " + std::to_string(c.depth));
        std::string line = sf.wait_for("Nodes searched:");
        t.seconds =
            std::min(t.seconds, std::chrono::duration<double>(Clock::now() - start).count());
        t.nodes = std::strtoull(line.c_str() + std::strlen("Nodes searched:"), nullptr, 10);
    }
    return t;
}

}  // namespace

int main(int argc, char** argv) {
    int runs = 3;
    bool quick = false;
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg == "--runs" && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
        else if (arg == "--quick") quick = true;
        else {
            std::fprintf(stderr, "usage: glossfish_bench [--runs N] [--quick]\n");
            return 2;
        }
    }
    init_bitboards();
    const BenchCase cases[] = {
        {"start", StartFen, quick ? 5 : 6},
        {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
         quick ? 4 : 5},
    };

    const std::string path = find_stockfish();
    Stockfish sf(path);
    std::printf("stockfish: %s; best of %d runs\n\n", path.c_str(), runs);
    std::printf("%-10s %5s %12s %15s %15s %7s\n", "position", "depth", "nodes", "glossfish Mnps",
                "stockfish Mnps", "ratio");
    bool mismatch = false;
    for (const BenchCase& c : cases) {
        Timing ours = time_glossfish(c, runs);
        Timing theirs = time_stockfish(sf, c, runs);
        double ours_mnps = ours.nodes / ours.seconds / 1e6;
        double theirs_mnps = theirs.nodes / theirs.seconds / 1e6;
        std::printf("%-10s %5d %12llu %15.1f %15.1f %7.2f\n", c.name, c.depth,
                    static_cast<unsigned long long>(ours.nodes), ours_mnps, theirs_mnps,
                    ours_mnps / theirs_mnps);
        if (ours.nodes != theirs.nodes) {
            std::printf("MISMATCH: glossfish %llu nodes, stockfish %llu nodes\n",
                        static_cast<unsigned long long>(ours.nodes),
                        static_cast<unsigned long long>(theirs.nodes));
            mismatch = true;
        }
    }
    std::printf("\nratio = glossfish Mnps / stockfish Mnps\n");
    return mismatch ? 1 : 0;
}
