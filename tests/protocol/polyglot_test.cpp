// A real third-party UCI client drives glossfish: Debian's polyglot in epd-test mode solves
// the mate-in-1 and mate-in-2 positions of data/mates.epd (each with one winning move, checked
// with Stockfish at MultiPV 3). polyglot prints one line per position ("OK" when the engine's
// best move is the EPD's bm) and a summary "score=N/M".
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "host/child_process.h"
#include "uci_process.h"

namespace glossfish::testkit {
namespace {

const char* const MatesEpd = GLOSSFISH_PROTOCOL_DATA "/mates.epd";
const int MatePositions = 6;

// Runs `polyglot epd-test` on mates.epd with engine_path and returns its output lines.
std::vector<std::string> run_epd_test(const std::string& engine_path,
                                      const std::vector<std::string>& search_args) {
    std::string polyglot = polyglot_path();
    if (polyglot.empty()) {
        ADD_FAILURE() << "polyglot is not installed (Debian package polyglot; see .ci/install)";
        return {};
    }
    std::vector<std::string> args{"epd-test", "-noini", "-ec", engine_path, "-epd", MatesEpd};
    args.insert(args.end(), search_args.begin(), search_args.end());
    UciProcess p(polyglot, args);
    auto lines = p.read_until(starts_with("score="), Millis(25000));
    if (!lines) {
        p.kill();
        ADD_FAILURE() << "polyglot did not finish within 25 s\n" << p.transcript();
        return {};
    }
    EXPECT_EQ(p.wait_exit(Millis(10000)), std::optional<int>(0)) << p.transcript();
    auto out = p.lines();
    return out;
}

void expect_all_solved(const std::vector<std::string>& lines) {
    int ok = 0;
    std::string transcript;
    for (const auto& l : lines) {
        transcript += l + "\n";
        // " 4: "mate in 2: Legal's pattern" OK    4 score=+1000.02 ..."
        if (l.find("\" OK ") != std::string::npos) ++ok;
    }
    EXPECT_EQ(ok, MatePositions) << transcript;
    EXPECT_NE(transcript.find("score=" + std::to_string(MatePositions) + "/" +
                              std::to_string(MatePositions)),
              std::string::npos)
        << transcript;
}

// polyglot never stops the search here: -depth-delta 63 turns off its early stop, and
// Stockfish reaches depth 63 on these mates in milliseconds, far inside -max-time.
TEST(Polyglot, EpdTestSolvesMatesInOneAndTwo) {
    expect_all_solved(run_epd_test(GLOSSFISH_BIN, {"-max-time", "20", "-depth-delta", "63"}));
}

// polyglot's default early stop: once the solution has held for 3 depths it sends `stop`,
// and then `ucinewgame`, `isready`, `position` and `go` for the next position without waiting
// for the stopped search's bestmove. Every bestmove must still come, once, in order.
TEST(Polyglot, EpdTestWithEarlyStopsSolvesMates) {
    expect_all_solved(run_epd_test(GLOSSFISH_BIN, {"-max-time", "5", "-min-time", "0", "-min-depth",
                                                   "1", "-depth-delta", "3"}));
}

// The same run against Stockfish itself: shows the EPD and polyglot's way of working are sound.
TEST(Polyglot, BaselineStockfishDirectly) {
    std::string stockfish = find_executable("/usr/games/stockfish");
    if (stockfish.empty()) stockfish = find_executable("stockfish");
    ASSERT_FALSE(stockfish.empty()) << "stockfish is not installed";
    expect_all_solved(run_epd_test(
        stockfish, {"-max-time", "5", "-min-time", "0", "-min-depth", "1", "-depth-delta", "3"}));
}

}  // namespace
}  // namespace glossfish::testkit
