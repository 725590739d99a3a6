// LiveFeed: what the GUI is on, for the live page. The UCI side (UciEngine) tells it the game
// after each accepted `position`, each `go`, `ucinewgame`, and every Session event; each call
// only copies under a short lock and wakes the readers, so the UCI thread never waits for the
// page. The page's server threads take snapshots. Off (enabled false), every call returns at
// once.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "host/uci_protocol.h"
#include "io/mutex.h"
#include "session/session.h"

namespace glossfish::live {

// What is known of one position of the game, keyed by its FEN.
struct PositionMemory {
    std::optional<Score> eval;  // the engine's last evaluation, side to move's view
    int depth = 0;
    std::optional<nlohmann::ordered_json> quality;  // label of the move that led here
};

// A copy of the feed at one moment.
struct LiveSnapshot {
    std::uint64_t version = 0;  // grows with every change
    std::string root_fen;       // the game: its start and its moves (UCI), as the GUI sent them
    std::vector<std::string> moves;
    std::string fen;                 // the position the GUI is on
    bool searching = false;          // between its go and its bestmove
    std::optional<SearchInfo> info;  // the latest main-line info of that position's search
    std::optional<BestMove> best;
    // The position's products by kind: quality, lines, tree, verify, comment.
    std::map<ProductKind, nlohmann::ordered_json> products;
    std::map<std::string, PositionMemory> memory;  // positions of the game seen so far
};

class LiveFeed {
public:
    // Positions remembered for the graph; older ones are dropped at ucinewgame or beyond this.
    static constexpr std::size_t MaxMemory = 4096;

    void set_enabled(bool on) GLOSSFISH_EXCLUDES(mutex_);
    bool enabled() const { return enabled_.load(std::memory_order_relaxed); }

    // The GUI's game after an accepted `position` (fen is the current position's FEN).
    void position(const std::string& root_fen, const std::vector<std::string_view>& moves,
                  const std::string& fen) GLOSSFISH_EXCLUDES(mutex_);
    // A `go` for the current position (one BestMove event will follow).
    void go() GLOSSFISH_EXCLUDES(mutex_);
    // `ucinewgame`: forget the positions seen.
    void new_game() GLOSSFISH_EXCLUDES(mutex_);
    // One Session event (any thread; never blocks beyond the copy).
    void event(const SessionEvent& event) GLOSSFISH_EXCLUDES(mutex_);

    LiveSnapshot snapshot() const GLOSSFISH_EXCLUDES(mutex_);
    std::uint64_t version() const GLOSSFISH_EXCLUDES(mutex_);
    // Waits until the version is above `seen`, `closed` is set, or the timeout passes; returns
    // the version then.
    std::uint64_t wait_change(std::uint64_t seen, std::chrono::milliseconds timeout,
                              const std::atomic<bool>& closed) const GLOSSFISH_EXCLUDES(mutex_);
    // Wakes every waiter (so they look at their `closed` flag).
    void wake_all() const GLOSSFISH_EXCLUDES(mutex_);

private:
    void changed_locked() GLOSSFISH_REQUIRES(mutex_);
    void commit_eval_locked() GLOSSFISH_REQUIRES(mutex_);

    std::atomic<bool> enabled_{false};
    mutable Mutex mutex_;
    mutable CondVar cv_;
    LiveSnapshot state_ GLOSSFISH_GUARDED_BY(mutex_);
    // Searches whose bestmove has not come, and how many of them began before the position
    // changed (their lines are not the position's).
    int pending_ GLOSSFISH_GUARDED_BY(mutex_) = 0;
    int stale_ GLOSSFISH_GUARDED_BY(mutex_) = 0;
};

}  // namespace glossfish::live
