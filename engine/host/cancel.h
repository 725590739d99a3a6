// CancelToken: asks running work to stop. Work that may take long (an analysis search, a
// strategy tree, a language-model request, a tool call) checks cancelled() between steps and
// while it waits, and gives up with an error when it is set. A token is cancelled by cancel(),
// by its deadline passing, or by its parent being cancelled. Thread-safe; never blocks.
#pragma once

#include <atomic>
#include <chrono>
#include <optional>

namespace glossfish {

class CancelToken {
public:
    using Clock = std::chrono::steady_clock;

    CancelToken() = default;
    // A token that is also cancelled when parent is (parent may be null; it must outlive this
    // token) and, when given, once deadline has passed.
    explicit CancelToken(const CancelToken* parent,
                         std::optional<Clock::time_point> deadline = std::nullopt)
        : parent_(parent), deadline_(deadline) {}
    CancelToken(const CancelToken&) = delete;
    CancelToken& operator=(const CancelToken&) = delete;

    // Cancels the token (idempotent).
    void cancel() noexcept { flag_.store(true, std::memory_order_release); }

    // Whether the work should stop now.
    bool cancelled() const noexcept {
        if (flag_.load(std::memory_order_acquire)) return true;
        if (deadline_ && Clock::now() >= *deadline_) return true;
        return parent_ && parent_->cancelled();
    }

    // Whether the deadline (and not cancel()) is why the token is cancelled.
    bool expired() const noexcept {
        return !flag_.load(std::memory_order_acquire) && deadline_ && Clock::now() >= *deadline_;
    }

    // How often blocking waits look at cancelled(): short enough for quit within 200 ms.
    static constexpr std::chrono::milliseconds PollInterval{10};

private:
    std::atomic<bool> flag_{false};
    const CancelToken* parent_ = nullptr;
    std::optional<Clock::time_point> deadline_;
};

// True when token is given and cancelled.
inline bool is_cancelled(const CancelToken* token) { return token && token->cancelled(); }

}  // namespace glossfish
