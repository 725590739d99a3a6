// LiveFeed: copies of the GUI's game and the Session's events under one short lock.
#include "live/live_feed.h"

namespace glossfish::live {

void LiveFeed::set_enabled(bool on) {
    MutexLock lock(mutex_);
    enabled_.store(on);
    changed_locked();
}

void LiveFeed::changed_locked() {
    ++state_.version;
    cv_.notify_all();
}

// The current search's last evaluation goes into the memory of its position.
void LiveFeed::commit_eval_locked() {
    if (!state_.info || !state_.info->score || state_.fen.empty()) return;
    PositionMemory& m = state_.memory[state_.fen];
    const int depth = state_.info->depth.value_or(0);
    if (!m.eval || depth >= m.depth) {
        m.eval = state_.info->score;
        m.depth = depth;
    }
}

void LiveFeed::position(const std::string& root_fen, const std::vector<std::string_view>& moves,
                        const std::string& fen) {
    if (!enabled()) return;
    MutexLock lock(mutex_);
    commit_eval_locked();
    if (state_.memory.size() > MaxMemory) state_.memory.clear();
    state_.root_fen = root_fen;
    state_.moves.assign(moves.begin(), moves.end());
    if (fen != state_.fen) {
        state_.info.reset();
        state_.best.reset();
        state_.products.clear();
    }
    state_.fen = fen;
    stale_ = pending_;
    state_.searching = false;
    changed_locked();
}

void LiveFeed::go() {
    if (!enabled()) return;
    MutexLock lock(mutex_);
    ++pending_;
    state_.searching = true;
    state_.best.reset();
    changed_locked();
}

void LiveFeed::new_game() {
    if (!enabled()) return;
    MutexLock lock(mutex_);
    state_.memory.clear();
    changed_locked();
}

void LiveFeed::event(const SessionEvent& event) {
    if (!enabled()) return;
    MutexLock lock(mutex_);
    if (const auto* info = std::get_if<SearchInfo>(&event)) {
        // Main-line infos of the position's own search (lines of an older search are dropped).
        if (pending_ == 0 || stale_ > 0 || info->string || !info->score || info->pv.empty() ||
            info->multipv.value_or(1) != 1)
            return;
        state_.info = *info;
    } else if (const auto* best = std::get_if<BestMove>(&event)) {
        if (pending_ == 0) return;
        --pending_;
        if (stale_ > 0) {
            --stale_;
            return;
        }
        if (pending_ > 0) return;  // a search stopped for the next go of the same position
        state_.best = *best;
        state_.searching = false;
        commit_eval_locked();
    } else if (const auto* p = std::get_if<Product>(&event)) {
        using enum ProductKind;
        if (p->kind != Quality && p->kind != Lines && p->kind != Tree && p->kind != Verify &&
            p->kind != Comment)
            return;
        state_.products[p->kind] = p->json;
        if (p->kind == Quality && !state_.fen.empty()) state_.memory[state_.fen].quality = p->json;
    } else {
        return;
    }
    changed_locked();
}

LiveSnapshot LiveFeed::snapshot() const {
    MutexLock lock(mutex_);
    return state_;
}

std::uint64_t LiveFeed::version() const {
    MutexLock lock(mutex_);
    return state_.version;
}

std::uint64_t LiveFeed::wait_change(std::uint64_t seen, std::chrono::milliseconds timeout,
                                    const std::atomic<bool>& closed) const {
    MutexLock lock(mutex_);
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (state_.version <= seen && !closed.load() && cv_.wait_until(mutex_, deadline)) {
    }
    return state_.version;
}

void LiveFeed::wake_all() const {
    MutexLock lock(mutex_);
    cv_.notify_all();
}

}  // namespace glossfish::live
