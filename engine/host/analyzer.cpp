// Analyzer: worker pool, request cache and conversion of child output to analysis lines.
#include "host/analyzer.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>

#include "host/go_and_wait.h"
#include "rules/movegen.h"
#include "rules/notation.h"

namespace glossfish {

std::string AnalysisLimits::go_args() const {
    std::string out;
    if (depth) out += " depth " + std::to_string(*depth);
    if (nodes) out += " nodes " + std::to_string(*nodes);
    if (movetime_ms) out += " movetime " + std::to_string(*movetime_ms);
    return out.empty() ? out : out.substr(1);
}

std::optional<std::string> reproducible_error(const AnalysisLimits& limits) {
    if (limits.movetime_ms)
        return "reproducible analysis needs a depth or node limit, not movetime (a search "
               "stopped by the clock depends on the machine)";
    return std::nullopt;
}

struct Analyzer::Worker {
    int index = 0;
    std::atomic<bool> clear_next{false};  // forget(): ucinewgame before the next search
    std::unique_ptr<EngineHost> host;
    bool started = false;
    int multipv = 1;
    bool chess960 = false;
};

Analyzer::Analyzer(Config config) : config_(std::move(config)) {
    int n = std::max(1, config_.workers);
    for (int i = 0; i < n; ++i) {
        auto w = std::make_unique<Worker>();
        w->index = i;
        EngineHost::Config hc;
        hc.path = config_.engine_path;
        w->host = std::make_unique<EngineHost>(hc);
        workers_.push_back(std::move(w));
    }
    MutexLock lock(mutex_);
    busy_.assign(workers_.size(), false);
}

Analyzer::~Analyzer() = default;

void Analyzer::kill() {
    for (auto& w : workers_) {
        w->host->kill();
        w->started = false;
    }
}

std::string Analyzer::cache_key(const Position& pos, const AnalysisLimits& limits, int multipv,
                                const std::vector<Move>& searchmoves) const {
    std::string key = pos.fen() + (pos.chess960() ? "|960|" : "|") + limits.go_args() + "|" +
                      std::to_string(multipv) + "|";
    for (Move m : searchmoves) key += move_to_uci(pos, m) + ",";
    return key;
}

Analyzer::Worker* Analyzer::free_worker(int hint) {
    if (hint >= 0 && hint < int(workers_.size()) && !busy_[std::size_t(hint)])
        return workers_[std::size_t(hint)].get();
    for (std::size_t i = 0; i < workers_.size(); ++i)
        if (!busy_[i]) return workers_[i].get();
    return nullptr;
}

Analyzer::Worker* Analyzer::acquire(int hint, const CancelToken* cancel) {
    MutexLock lock(mutex_);
    Worker* chosen = nullptr;
    // A cancellable wait looks at the token every PollInterval; a plain one sleeps.
    while (!is_cancelled(cancel) && !(chosen = free_worker(hint))) {
        if (cancel) free_cv_.wait_for(mutex_, CancelToken::PollInterval);
        else free_cv_.wait(mutex_);
    }
    if (!chosen) return nullptr;  // cancelled
    busy_[std::size_t(chosen->index)] = true;
    return chosen;
}

void Analyzer::release(Worker* w) {
    {
        MutexLock lock(mutex_);
        busy_[std::size_t(w->index)] = false;
    }
    free_cv_.notify_all();
}

void Analyzer::clear_cache() {
    MutexLock lock(mutex_);
    cache_.clear();
    cache_order_.clear();
}

void Analyzer::forget() {
    clear_cache();
    for (auto& w : workers_) w->clear_next = true;
}

namespace {
thread_local std::size_t refused_on_this_thread = 0;
}

std::size_t Analyzer::uncached_refusals() { return refused_on_this_thread; }

std::size_t Analyzer::cache_hits() const {
    MutexLock lock(mutex_);
    return cache_hits_;
}

AnalysisResult Analyzer::analyse(const Position& pos, const AnalysisLimits& limits, int multipv,
                                 const std::vector<Move>& searchmoves, int worker_hint,
                                 bool clear_hash, const CancelToken* cancel) {
    multipv = std::clamp(multipv, 1, 500);
    AnalysisLimits effective = limits;
    if (effective.empty()) effective.depth = DefaultAnalysisDepth;
    if (limits.reproducible) {
        AnalysisResult refused;
        if (auto err = reproducible_error(limits)) refused.error = *err;
        else if (config_.threads_per_worker != 1)
            refused.error = "reproducible analysis needs one thread per worker, not " +
                            std::to_string(config_.threads_per_worker);
        if (!refused.ok()) return refused;
    }
    // A search from a cleared hash is its own request: its result depends on nothing else.
    const bool fresh = clear_hash || limits.reproducible;
    std::string key = cache_key(pos, effective, multipv, searchmoves) + (fresh ? "fresh" : "");
    if (!clear_hash) {
        MutexLock lock(mutex_);
        if (auto it = cache_.find(key); it != cache_.end()) {
            ++cache_hits_;
            AnalysisResult hit = it->second;
            hit.cached = true;
            return hit;
        }
    }
    // A root without legal moves needs no engine.
    if (MoveList(pos).empty()) {
        AnalysisResult r;
        AnalysisLine line;
        line.score = pos.is_check() ? Score::mate(0) : Score::cp(0);
        r.lines.push_back(line);
        return r;
    }
    if (limits.cached_only) {
        ++refused_on_this_thread;
        AnalysisResult r;
        r.error = AnalysisNotCached;
        return r;
    }

    Worker* w = acquire(worker_hint, cancel);
    if (!w) {
        AnalysisResult r;
        r.error = AnalysisCancelled;
        return r;
    }
    AnalysisResult result = run(*w, pos, effective, multipv, searchmoves, fresh, cancel);
    if (!result.ok() && result.error != AnalysisCancelled) {
        w->started = false;  // restart the child and try once more
        result = run(*w, pos, effective, multipv, searchmoves, fresh, cancel);
    }
    release(w);

    if (result.ok()) {
        MutexLock lock(mutex_);
        if (cache_.size() >= config_.cache_entries && !cache_order_.empty()) {
            cache_.erase(cache_order_.front());
            cache_order_.erase(cache_order_.begin());
        }
        if (cache_.emplace(key, result).second) cache_order_.push_back(key);
    }
    return result;
}

AnalysisResult Analyzer::run(Worker& w, const Position& pos, const AnalysisLimits& limits,
                             int multipv, const std::vector<Move>& searchmoves, bool clear_hash,
                             const CancelToken* cancel) {
    AnalysisResult result;
    result.worker = w.index;
    EngineHost& host = *w.host;
    if (!w.started || !host.running()) {
        if (auto err = host.start()) {
            result.error = *err;
            return result;
        }
        host.set_option("Hash", std::to_string(config_.hash_mb));
        host.set_option("Threads", std::to_string(config_.threads_per_worker));
        for (const auto& [name, value] : config_.options) host.set_option(name, value);
        w.multipv = 1;
        w.chess960 = false;
        w.started = true;
    }
    if (w.multipv != multipv) {
        host.set_option("MultiPV", std::to_string(multipv));
        w.multipv = multipv;
    }
    if (w.chess960 != pos.chess960()) {
        host.set_option("UCI_Chess960", pos.chess960() ? "true" : "false");
        w.chess960 = pos.chess960();
    }
    if (w.clear_next.exchange(false)) clear_hash = true;
    if (clear_hash) {
        host.send_raw("ucinewgame");
        if (!host.sync(std::chrono::milliseconds(5000))) {
            result.error = "the analysis engine did not answer after ucinewgame";
            return result;
        }
    }

    std::string go = "go " + limits.go_args();
    if (!searchmoves.empty()) {
        go += " searchmoves";
        for (Move m : searchmoves) {
            go += ' ';
            go += move_to_uci(pos, m);
        }
    }

    std::map<int, SearchInfo> latest;  // by multipv: last info with a score and a pv
    const SearchEnd end = go_and_wait(
        host, "position fen " + pos.fen(), go,
        [&](const SearchInfo& info) {
            if (info.score && !info.pv.empty()) latest[info.multipv.value_or(1)] = info;
        },
        cancel);
    if (!end.started) {
        w.started = false;
        result.error = "the analysis engine is not running";
        return result;
    }
    if (end.killed) w.started = false;  // restarted on the next request
    if (end.cancelled) {
        result.error = AnalysisCancelled;
        return result;
    }
    if (!end.failure.empty()) {
        w.started = false;
        result.error = end.failure;
        return result;
    }
    const BestMove best = end.best.value_or(BestMove{});

    for (const auto& [index, info] : latest) {
        AnalysisLine line;
        line.multipv = index;
        line.depth = info.depth.value_or(0);
        line.score = *info.score;
        line.wdl = info.wdl;
        line.nodes = info.nodes.value_or(0);
        line.pv = parse_uci_line(pos, info.pv);
        result.lines.push_back(std::move(line));
    }
    MoveParse bm = parse_uci(pos, best.move);
    if (bm.ok()) result.best = bm.move;
    else if (!result.lines.empty() && !result.lines.front().pv.empty())
        result.best = result.lines.front().pv.front();
    if (result.lines.empty() && result.best.is_ok()) {
        AnalysisLine line;
        line.pv.push_back(result.best);
        result.lines.push_back(line);
    }
    if (!result.best.is_ok()) result.error = "the analysis engine returned no usable best move";
    return result;
}

}  // namespace glossfish
