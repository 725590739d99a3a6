// Analyzer: analysis requests (position, limits, MultiPV, searchmoves) served by a pool of
// child engines, separate from the GUI's own search, with a cache keyed by position and
// limits. analyse() blocks; everything else returns at once.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "host/cancel.h"
#include "host/engine_host.h"
#include "io/mutex.h"
#include "rules/position.h"

namespace glossfish {

// Search depth of an analysis whose limits are empty: engine tools, verify predicates,
// strategy-tree nodes, TEPP evaluations and engine players when a request gives none.
inline constexpr int DefaultAnalysisDepth = 12;
// The deepest search any of glossfish's own depths may ask for (labels, trees, tools, players).
inline constexpr int MaxSearchDepth = 60;
// The largest node and time limits of one of glossfish's own searches (tools, trees, labels,
// players): 10^12 nodes, one hour.
inline constexpr long long MaxSearchNodes = 1'000'000'000'000LL;
inline constexpr int MaxSearchMovetimeMs = 3'600'000;

struct AnalysisLimits {
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<int> movetime_ms;
    // Reproducible analysis: every search starts from a cleared hash (ucinewgame + isready),
    // so with one thread per worker its result depends only on the position, the limits, the
    // MultiPV and the searchmoves, never on the searches before it or the worker that ran it.
    // Needs depth or nodes: movetime is refused.
    bool reproducible = false;
    // Answer from the cache only: a request no earlier search answered is not searched but
    // refused with the error AnalysisNotCached (counted by Analyzer::uncached_refusals). The
    // cache key ignores it, so a cached answer is the one the same search without it gave.
    bool cached_only = false;
    // "depth 12", "nodes 100000", "movetime 500" (several may be combined).
    std::string go_args() const;
    bool empty() const { return !depth && !nodes && !movetime_ms; }
};

// Why limits cannot be searched reproducibly (movetime), or nullopt.
std::optional<std::string> reproducible_error(const AnalysisLimits& limits);

struct AnalysisLine {
    int multipv = 1;
    int depth = 0;
    Score score;  // from the side to move
    std::optional<Wdl> wdl;
    std::uint64_t nodes = 0;
    std::vector<Move> pv;  // validated against the position; cut at the first bad move
};

// The error of an analysis that was cancelled (CancelToken) before it finished.
inline constexpr const char* AnalysisCancelled = "the analysis was cancelled";
// The error of a cached_only request the cache could not answer.
inline constexpr const char* AnalysisNotCached = "the analysis is not in the cache (cached only)";

struct AnalysisResult {
    std::vector<AnalysisLine> lines;  // by multipv, line 1 first
    Move best;                        // Move::none() when the root has no legal move
    int worker = -1;                  // which pool worker searched it
    bool cached = false;
    std::string error;  // non-empty on failure
    bool ok() const { return error.empty(); }
};

class Analyzer {
public:
    struct Config {
        int workers = 1;
        std::string engine_path;  // empty: resolve_stockfish_path("")
        int hash_mb = 16;
        int threads_per_worker = 1;
        std::size_t cache_entries = 20000;
        // Extra options sent to every worker after start (e.g. Skill Level off).
        std::vector<std::pair<std::string, std::string>> options;
    };

    explicit Analyzer(Config config);
    ~Analyzer();

    // Analyses pos. Blocks until a worker is free and its search has finished. A worker
    // whose child dies is restarted and the request retried once. worker_hint prefers a
    // worker (its hash is warm for this line); clear_hash sends ucinewgame first (and skips
    // the cache). limits.reproducible clears the hash too, and its results are cached apart
    // from the others, so a cached answer is the one a fresh search gives; it is an error with
    // movetime or with more than one thread per worker. When cancel is set while the request
    // waits or searches, the child gets `stop` and the result is the error AnalysisCancelled
    // (never cached); the wait for the stopped search is bounded.
    AnalysisResult analyse(const Position& pos, const AnalysisLimits& limits, int multipv = 1,
                           const std::vector<Move>& searchmoves = {}, int worker_hint = -1,
                           bool clear_hash = false, const CancelToken* cancel = nullptr)
        GLOSSFISH_EXCLUDES(mutex_);

    int workers() const { return int(workers_.size()); }
    // Ends every worker's child at once (SIGKILL) instead of asking it to quit, for a fast
    // shutdown. Only while no analyse() call runs; a later request restarts the child.
    void kill();
    // Forgets cached results. Does not block on searches.
    void clear_cache() GLOSSFISH_EXCLUDES(mutex_);
    // Forgets cached results and clears every worker's hash before its next search, so that
    // what is searched next depends on nothing searched before (a batch of independent
    // records, each answered as if alone).
    void forget() GLOSSFISH_EXCLUDES(mutex_);
    std::size_t cache_hits() const GLOSSFISH_EXCLUDES(mutex_);
    // How many cached_only requests the calling thread has had refused, over every Analyzer
    // (a caller compares the count before and after its own requests).
    static std::size_t uncached_refusals();

private:
    struct Worker;
    std::string cache_key(const Position& pos, const AnalysisLimits& limits, int multipv,
                          const std::vector<Move>& searchmoves) const;
    // Waits for a free worker (the hinted one when it is free) and marks it busy; nullptr when
    // cancel is set first.
    Worker* acquire(int hint, const CancelToken* cancel) GLOSSFISH_EXCLUDES(mutex_);
    // A free worker, the hinted one first, or nullptr.
    Worker* free_worker(int hint) GLOSSFISH_REQUIRES(mutex_);
    void release(Worker* w) GLOSSFISH_EXCLUDES(mutex_);
    AnalysisResult run(Worker& w, const Position& pos, const AnalysisLimits& limits, int multipv,
                       const std::vector<Move>& searchmoves, bool clear_hash,
                       const CancelToken* cancel);

    Config config_;
    // Fixed at construction. A worker's host and fields belong to the thread that acquired it.
    std::vector<std::unique_ptr<Worker>> workers_;
    mutable Mutex mutex_;
    CondVar free_cv_;
    std::vector<bool> busy_ GLOSSFISH_GUARDED_BY(mutex_);  // by worker index
    std::map<std::string, AnalysisResult> cache_ GLOSSFISH_GUARDED_BY(mutex_);
    std::vector<std::string> cache_order_ GLOSSFISH_GUARDED_BY(mutex_);
    std::size_t cache_hits_ GLOSSFISH_GUARDED_BY(mutex_) = 0;
};

}  // namespace glossfish
