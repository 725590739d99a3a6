// Strategy-tree building: the node expansion, the shared search table (transpositions) and
// the scheduler that runs node expansions on one thread (Plain) or one per worker (Fast).
#include "analysis/strategy_tree.h"

#include <algorithm>
#include <chrono>
#include <deque>
#include <exception>
#include <functional>
#include <future>
#include <set>
#include <thread>
#include <unordered_map>

#include "analysis/quality.h"
#include "io/mutex.h"
#include "rules/movegen.h"
#include "rules/notation.h"

namespace glossfish {

namespace {

// The game is over at a node: the rules' outcome without claims, plus a draw that can be
// claimed on the position reached itself (third occurrence, 100 halfmoves). At the root only
// the rules' outcome counts: a claimable draw there is the user's to claim.
std::optional<Outcome> node_outcome(const Position& pos, bool is_root) {
    if (auto o = pos.outcome(false)) return o;
    if (is_root) return std::nullopt;
    if (pos.halfmove_clock() >= 100) return Outcome{Termination::FiftyMoves, std::nullopt};
    if (pos.repetition_count() >= 3) return Outcome{Termination::ThreefoldRepetition, std::nullopt};
    return std::nullopt;
}

// One search of a position, shared by every node of that position (transpositions).
struct SearchKey {
    Key key;
    int rule50;  // Stockfish's evaluation shrinks with the halfmove clock
    int multipv;
    bool chess960;
    bool operator==(const SearchKey&) const = default;
};

struct SearchKeyHash {
    std::size_t operator()(const SearchKey& k) const {
        return std::hash<Key>()(k.key) ^ (std::size_t(k.rule50) << 1) ^
               (std::size_t(k.multipv) << 12) ^ (std::size_t(k.chess960) << 20);
    }
};

// A node waiting for its expansion.
struct Job {
    TreeNode* node;
    Position pos;
    std::size_t tree;  // index of its tree in the batch
    int affinity;      // the worker that searched its parent (-1: unknown)
};

class Builder {
public:
    Builder(Analyzer& analyzer, const TreeOptions& options, std::vector<StrategyTree>& trees,
            const CancelToken* cancel)
        : analyzer_(analyzer), options_(options), trees_(trees), cancel_(cancel) {
        threads_ = options_.mode == TreeOptions::Plain ? 1 : std::max(1, analyzer_.workers());
        queues_.resize(std::size_t(threads_));
        fresh_.assign(std::size_t(threads_), 1);
    }

    // Expands every root (trees_[i].root for roots[i]) to the full tree. Blocks.
    void run(const std::vector<Position>& roots) {
        if (roots.size() == 1 && threads_ > 1 && !options_.reproducible) {
            // One tree on several workers: its first nodes, up to the first one with several
            // children, have nothing to run beside them. Every worker searches them (the
            // others through an equivalent request that the result cache keeps apart), so
            // that all workers share the reference build's engine state when the tree
            // branches: a subtree taken by another worker then sees what it would have seen.
            Job job{&trees_[0].root, roots[0], 0, -1};
            for (;;) {
                std::vector<Job> next;
                try {
                    next = expand(job, 0, true);
                } catch (const std::exception& e) {
                    fail(0, std::string("tree building failed: ") + e.what());
                }
                if (next.size() != 1) {
                    MutexLock lock(mutex_);
                    for (std::size_t i = next.size(); i-- > 0;) push(std::move(next[i]), 0);
                    break;
                }
                job = std::move(next.front());
            }
        } else {
            MutexLock lock(mutex_);
            for (std::size_t i = roots.size(); i-- > 0;)
                push({&trees_[i].root, roots[i], i, -1}, int(i % std::size_t(threads_)));
        }
        {
            MutexLock lock(mutex_);
            if (pending_ == 0) return;
        }
        if (threads_ == 1) {
            work(0);
            return;
        }
        std::vector<std::thread> pool;
        for (int t = 0; t < threads_; ++t) pool.emplace_back([this, t] { work(t); });
        for (std::thread& th : pool) th.join();
    }

private:
    // Queues a job on the queue of worker `queue`.
    void push(Job job, int queue) GLOSSFISH_REQUIRES(mutex_) {
        queues_[std::size_t(queue)].push_back(std::move(job));
        ++pending_;
    }

    // Takes the newest job of this thread's own queue (depth first, warm hash), else the
    // oldest job of another queue (the biggest subtree left). pending_ > 0.
    Job take(int me) GLOSSFISH_REQUIRES(mutex_) {
        auto& own = queues_[std::size_t(me)];
        --pending_;
        if (!own.empty()) {
            Job job = std::move(own.back());
            own.pop_back();
            return job;
        }
        for (auto& q : queues_)
            if (!q.empty()) {
                Job job = std::move(q.front());
                q.pop_front();
                return job;
            }
        std::terminate();  // unreachable: pending_ counted a job
    }

    void work(int me) GLOSSFISH_EXCLUDES(mutex_) {
        MutexLock lock(mutex_);
        for (;;) {
            while (pending_ == 0 && active_ != 0) cv_.wait(mutex_);
            if (pending_ == 0) break;  // and nothing running: the batch is complete
            Job job = take(me);
            ++active_;
            lock.unlock();
            std::vector<Job> next;
            try {
                next = expand(job, me, false);
            } catch (const std::exception& e) {
                fail(job.tree, std::string("tree building failed: ") + e.what());
            }
            lock.lock();
            --active_;
            // Reverse order: the first child (best reply) is taken first.
            for (std::size_t i = next.size(); i-- > 0;) {
                int a = next[i].affinity;
                push(std::move(next[i]), a >= 0 && a < threads_ ? a : me);
            }
            cv_.notify_all();
        }
        cv_.notify_all();
    }

    void fail(std::size_t tree, const std::string& message) {
        MutexLock lock(stats_mutex_);
        if (trees_[tree].error.empty()) trees_[tree].error = message;
    }

    // Whether thread `me` starts its worker from a clear hash: in reproducible builds always,
    // else for its first search of the build and for every root (a tree never depends on what
    // the engine searched before it).
    bool take_clear(int me, bool root) {
        const bool clear = options_.reproducible || root || fresh_[std::size_t(me)];
        fresh_[std::size_t(me)] = 0;
        return clear;
    }

    // Searches pos once per build: a second node of the same position waits for the first
    // search (still running or done) instead of searching again.
    AnalysisResult search(const Position& pos, int multipv, int me, std::size_t tree, bool root) {
        SearchKey key{pos.key(), pos.halfmove_clock(), multipv, pos.chess960()};
        std::shared_future<AnalysisResult> shared;
        std::promise<AnalysisResult> promise;
        bool mine = false;
        {
            MutexLock lock(stats_mutex_);
            if (auto it = memo_.find(key); it != memo_.end()) {
                shared = it->second;
                ++trees_[tree].stats.transpositions;
            } else {
                shared = promise.get_future().share();
                memo_.emplace(key, shared);
                mine = true;
                ++trees_[tree].stats.searches;
            }
        }
        if (mine) {
            // Plain searches on worker 0; Fast thread i on worker i (free: only thread i asks
            // for it).
            const int hint = options_.mode == TreeOptions::Plain ? 0 : me;
            const bool clear = take_clear(me, root);
            AnalysisResult result;
            try {
                result = analyzer_.analyse(pos, options_.limits, multipv, {}, hint, clear, cancel_);
            } catch (const std::exception& e) {
                result.error = e.what();
            }
            if (result.cached) {
                MutexLock lock(stats_mutex_);
                ++trees_[tree].stats.cache_hits;
            }
            promise.set_value(std::move(result));
        }
        return shared.get();
    }

    // The same search as search() on the workers of threads 1..n-1 (all legal moves as
    // searchmoves: an identical search under another cache key), to bring their engines to the
    // state of worker 0. Blocks until all have finished.
    void mirror(const Position& pos, int multipv, bool root) {
        std::vector<Move> all;
        for (Move m : MoveList(pos)) all.push_back(m);
        std::vector<std::thread> others;
        {
            MutexLock lock(stats_mutex_);
            trees_[0].stats.mirrored += threads_ - 1;
        }
        for (int t = 1; t < threads_; ++t) {
            const bool clear = take_clear(t, root);
            others.emplace_back([this, &pos, &all, multipv, t, clear] {
                try {
                    analyzer_.analyse(pos, options_.limits, multipv, all, t, clear, cancel_);
                } catch (const std::exception&) {
                    // Only the engine state of that worker is at stake, not the tree.
                }
            });
        }
        for (std::thread& th : others) th.join();
    }

    // Fills in a node: its outcome or its search and children. Returns the children's jobs.
    // With mirrored, the other workers run the same search at the same time.
    std::vector<Job> expand(Job& job, int me, bool mirrored) {
        TreeNode& node = *job.node;
        const Position& pos = job.pos;
        const StrategyTree& tree = trees_[job.tree];
        if (auto o = node_outcome(pos, node.ply == 0)) {
            node.outcome = o;
            node.score = o->termination == Termination::Checkmate ? Score::mate(0) : Score::cp(0);
            return {};
        }
        if (node.ply >= options_.plies) return {};  // a leaf keeps its parent's score
        if (is_cancelled(cancel_)) {                // checked before every search
            node.score.reset();
            fail(job.tree, TreeCancelled);
            return {};
        }

        const bool solver_to_move = pos.side_to_move() == tree.solver;
        const int legal = int(MoveList(pos).size());
        const int multipv = solver_to_move ? 1 : std::min(options_.breadth, legal);
        AnalysisResult result;
        if (mirrored) {
            std::thread others([&] { mirror(pos, multipv, node.ply == 0); });
            result = search(pos, multipv, me, job.tree, node.ply == 0);
            others.join();
        } else {
            result = search(pos, multipv, me, job.tree, node.ply == 0);
        }
        if (!result.ok() || result.lines.empty()) {
            node.score.reset();
            if (result.error == AnalysisCancelled) fail(job.tree, TreeCancelled);
            else
                fail(job.tree, "search failed at " + pos.fen() + ": " +
                                   (result.ok() ? std::string("no lines") : result.error));
            return {};
        }
        const Score& first = result.lines.front().score;
        node.score = solver_to_move ? first : negate(first);

        // The kept moves with their line scores, in MultiPV order.
        std::vector<std::pair<Move, Score>> kept;
        const std::size_t want = std::size_t(multipv);
        for (const AnalysisLine& line : result.lines) {
            if (line.pv.empty()) continue;
            Move m = line.pv.front();
            if (std::any_of(kept.begin(), kept.end(), [&](const auto& k) { return k.first == m; }))
                continue;
            kept.emplace_back(m, line.score);
            if (kept.size() == want) break;
        }
        if (kept.empty() && result.best.is_ok()) kept.emplace_back(result.best, first);

        std::vector<Job> jobs;
        node.children.resize(kept.size());  // sized once: jobs point into it
        for (std::size_t i = 0; i < kept.size(); ++i) {
            TreeNode& child = node.children[i];
            const Move m = kept[i].first;
            child.move = m;
            child.san = move_to_san(pos, m);
            child.uci = move_to_uci(pos, m);
            child.ply = node.ply + 1;
            child.move_number = pos.fullmove_number();
            child.mover = pos.side_to_move();
            child.score = score_after_move(kept[i].second, solver_to_move);
            Position next = pos;
            next.do_move(m);
            child.fen = next.fen();
            jobs.push_back({&child, std::move(next), job.tree, result.worker});
        }
        return jobs;
    }

    Analyzer& analyzer_;
    const TreeOptions& options_;
    std::vector<StrategyTree>& trees_;
    const CancelToken* cancel_;
    int threads_ = 1;

    Mutex mutex_;
    CondVar cv_;
    // One per thread (= per worker in Fast mode).
    std::vector<std::deque<Job>> queues_ GLOSSFISH_GUARDED_BY(mutex_);
    int pending_ GLOSSFISH_GUARDED_BY(mutex_) = 0;
    int active_ GLOSSFISH_GUARDED_BY(mutex_) = 0;

    std::vector<char> fresh_;  // per thread: no search made yet (each thread writes its own)

    // Guards memo_ and the error and stats of each of trees_ (their nodes are each written by
    // the one thread that expands them).
    Mutex stats_mutex_;
    std::unordered_map<SearchKey, std::shared_future<AnalysisResult>, SearchKeyHash> memo_
        GLOSSFISH_GUARDED_BY(stats_mutex_);
};

// Win% and node count, once the scores are final.
int finish(TreeNode& node, Color solver) {
    if (node.outcome && node.outcome->termination == Termination::Checkmate)
        node.win = node.outcome->winner == solver ? 100 : 0;
    else if (node.outcome) node.win = 50;
    else if (node.score) node.win = win_percent(*node.score);
    else node.win = 50;
    int count = 1;
    for (TreeNode& child : node.children) count += finish(child, solver);
    return count;
}

std::string check_options(const TreeOptions& o) {
    if (o.plies < 1 || o.plies > MaxTreePlies)
        return "plies must be 1.." + std::to_string(MaxTreePlies) + ", got " +
               std::to_string(o.plies);
    if (o.breadth < 1 || o.breadth > MaxTreeBreadth)
        return "breadth must be 1.." + std::to_string(MaxTreeBreadth) + ", got " +
               std::to_string(o.breadth);
    if (o.reproducible)
        if (auto err = reproducible_error(o.limits)) return *err;
    return "";
}

void collect_paths(const TreeNode& node, const std::string& prefix, std::set<std::string>& out) {
    for (const TreeNode& child : node.children) {
        std::string path = prefix + child.uci + " ";
        out.insert(path);
        collect_paths(child, path, out);
    }
}

}  // namespace

Score score_after_move(const Score& line, bool mover_is_solver) {
    Score s = line;
    // A mate for the mover is one of its moves nearer once the move is made; a mate against
    // the mover keeps its count (the opponent still needs all its moves).
    if (s.is_mate() && s.value > 0) --s.value;
    return mover_is_solver ? s : negate(s);
}

std::vector<StrategyTree> build_trees(Analyzer& analyzer, const std::vector<Position>& roots,
                                      const TreeOptions& options, const CancelToken* cancel) {
    const auto start = std::chrono::steady_clock::now();
    TreeOptions opts = options;
    if (opts.limits.empty()) opts.limits.depth = DefaultAnalysisDepth;
    // One switch: reproducible limits make a reproducible tree and the other way round.
    opts.reproducible = opts.reproducible || opts.limits.reproducible;
    opts.limits.reproducible = opts.reproducible;

    std::vector<StrategyTree> trees(roots.size());
    for (std::size_t i = 0; i < roots.size(); ++i) {
        StrategyTree& t = trees[i];
        t.solver = roots[i].side_to_move();
        t.chess960 = roots[i].chess960();
        t.options = opts;
        t.root.fen = roots[i].fen();
        t.root.mover = t.solver;
        t.error = check_options(opts);
    }
    if (!roots.empty() && trees.front().error.empty())
        Builder(analyzer, opts, trees, cancel).run(roots);

    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    for (StrategyTree& t : trees) {
        t.stats.nodes = finish(t.root, t.solver);
        t.stats.seconds = seconds;
    }
    return trees;
}

StrategyTree build_tree(Analyzer& analyzer, const Position& root, const TreeOptions& options,
                        const CancelToken* cancel) {
    return std::move(build_trees(analyzer, {root}, options, cancel).front());
}

const TreeNode* best_child(const StrategyTree& tree) {
    return tree.root.children.empty() ? nullptr : &tree.root.children.front();
}

TreeAgreement compare_trees(const StrategyTree& a, const StrategyTree& b) {
    std::set<std::string> pa, pb;
    collect_paths(a.root, "", pa);
    collect_paths(b.root, "", pb);
    TreeAgreement out;
    for (const std::string& p : pa) out.common += int(pb.count(p));
    out.total = int(pa.size() + pb.size()) - out.common;
    const TreeNode* ba = best_child(a);
    const TreeNode* bb = best_child(b);
    out.same_best_move = ba && bb ? ba->move == bb->move : ba == bb;
    return out;
}

}  // namespace glossfish
