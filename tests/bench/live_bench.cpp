// The live page's cost to the GUI: isready latency during a search and search speed through
// glossfish with the page off, and with the page on while a client polls it 20 times a second
// and follows its event stream. Prints both side by side.
// Usage: glossfish_live_bench PATH_TO_GLOSSFISH [DEPTH] [ROUNDS]
#include <httplib.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <iterator>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "host/child_process.h"
#include "uci_peer.h"

using namespace glossfish;
using Clock = std::chrono::steady_clock;

namespace {

using Peer = bench::UciPeer;
using bench::cpu_seconds;
using bench::nodes_of;
using bench::Positions;

// A reader of the page: GET view 20 times a second, and one event stream followed throughout.
class Poller {
public:
    explicit Poller(const std::string& url) {
        port_ = std::stoi(url.substr(17));
        base_ = url.substr(url.find('/', 8));
        get_ = std::thread([this] {
            httplib::Client c("127.0.0.1", port_);
            c.set_keep_alive(true);
            auto next = Clock::now();
            while (!stop_) {
                if (auto r = c.Get(base_ + "view"); r && r->status == 200) ++gets_;
                next += std::chrono::milliseconds(50);
                std::this_thread::sleep_until(next);
            }
        });
        sse_ = std::thread([this] {
            while (!stop_) {
                httplib::Client c("127.0.0.1", port_);
                c.set_read_timeout(10, 0);
                c.Get(base_ + "events", [this](const char* d, std::size_t n) {
                    for (std::size_t i = 0; i + 5 < n; ++i)
                        if (std::string_view(d + i, 5) == "event") ++events_;
                    return !stop_.load();
                });
            }
        });
    }
    ~Poller() {
        stop_ = true;
        get_.join();
        sse_.join();
    }
    long gets() const { return gets_; }
    long events() const { return events_; }

private:
    int port_ = 0;
    std::string base_;
    std::atomic<bool> stop_{false};
    std::atomic<long> gets_{0}, events_{0};
    std::thread get_, sse_;
};

double percentile(std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(q * double(v.size() - 1) + 0.5))];
}

struct Figures {
    double nps = 0;
    std::vector<double> ready_ms;
    long gets = 0, events = 0;
    double cpu = 0;  // CPU seconds of glossfish itself (not Stockfish)
};

// One run: fixed-depth searches (nodes/s over wall time), then isready during `go infinite`.
void run(const std::string& glossfish, bool page, int depth, Figures& f) {
    Peer gf(glossfish);
    gf.send("uci");
    gf.expect("uciok");
    gf.send("setoption name Threads value 1");
    gf.send("setoption name Hash value 16");
    std::unique_ptr<Poller> poller;
    if (page) {
        gf.send("setoption name Glossfish Live Open value false");  // the poller reads it
        gf.send("setoption name Glossfish Live Page value true");
        const std::string line = gf.expect("info string glossfish.live ");
        const auto j = nlohmann::json::parse(line.substr(line.find('{')));
        poller = std::make_unique<Poller>(j.at("url").get<std::string>());
    }
    gf.send("isready");
    gf.expect("readyok");
    std::uint64_t nodes = 0;
    double seconds = 0;
    for (const char* fen : Positions) {
        gf.send("ucinewgame");
        gf.send(std::string("position fen ") + fen);
        gf.send("isready");
        gf.expect("readyok");
        const auto t0 = Clock::now();
        gf.send("go depth " + std::to_string(depth));
        gf.expect("bestmove");
        seconds += std::chrono::duration<double>(Clock::now() - t0).count();
        nodes += nodes_of(gf.last_info());
    }
    f.nps = std::max(f.nps, double(nodes) / seconds);
    gf.send("position startpos moves e2e4 e7e5 g1f3");
    for (int rep = 0; rep < 10; ++rep) {
        gf.send("go infinite");
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        for (int k = 0; k < 10; ++k) {
            const auto t0 = Clock::now();
            gf.send("isready");
            gf.expect("readyok");
            f.ready_ms.push_back(
                std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        gf.send("stop");
        gf.expect("bestmove");
    }
    f.cpu += cpu_seconds(gf.pid());
    if (poller) {
        f.gets += poller->gets();
        f.events += poller->events();
    }
    gf.send("quit");
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s PATH_TO_GLOSSFISH [DEPTH] [ROUNDS]\n", argv[0]);
        return 2;
    }
    const std::string glossfish = argv[1];
    const int depth = argc > 2 ? std::atoi(argv[2]) : 14;
    const int rounds = argc > 3 ? std::atoi(argv[3]) : 2;
    Figures off, on;
    // Alternate, so that a busy moment of the machine hits both.
    for (int r = 0; r < rounds; ++r) {
        run(glossfish, false, depth, off);
        run(glossfish, true, depth, on);
    }
    std::printf("live page: glossfish with the page off, and on with a client polling it 20/s\n");
    std::printf("                               page off      page on (polled)\n");
    std::printf("search nodes/s (depth %2d, best) %10.0f    %10.0f   (on/off %.3f)\n", depth,
                off.nps, on.nps, on.nps / off.nps);
    std::printf("isready during search median   %8.3f ms   %8.3f ms\n",
                percentile(off.ready_ms, 0.5), percentile(on.ready_ms, 0.5));
    std::printf("isready during search p99      %8.3f ms   %8.3f ms   (%zu samples each)\n",
                percentile(off.ready_ms, 0.99), percentile(on.ready_ms, 0.99), off.ready_ms.size());
    std::printf("glossfish's own CPU (all runs)  %8.3f s    %8.3f s    (Stockfish not counted)\n",
                off.cpu, on.cpu);
    std::printf("page requests served: %ld GETs, %ld events\n", on.gets, on.events);
    return 0;
}
