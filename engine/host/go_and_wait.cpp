// go_and_wait: one search started and waited for.
#include "host/go_and_wait.h"

#include <chrono>
#include <condition_variable>
#include <mutex>

namespace glossfish {

SearchEnd go_and_wait(EngineHost& host, const std::string& position_line,
                      const std::string& go_line,
                      const std::function<void(const SearchInfo&)>& on_info,
                      const CancelToken* cancel) {
    SearchEnd end;
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
    SearchCallbacks cb;
    if (on_info) {
        cb.on_info = [&](const SearchInfo& info) {
            std::lock_guard lock(m);
            on_info(info);
        };
    }
    cb.on_bestmove = [&](const BestMove& b) {
        std::lock_guard lock(m);
        end.best = b;
        done = true;
        cv.notify_all();
    };
    cb.on_failure = [&](const std::string& reason) {
        std::lock_guard lock(m);
        end.failure = reason;
        done = true;
        cv.notify_all();
    };
    if (!host.go(position_line, go_line, cb)) return end;
    end.started = true;
    std::unique_lock lock(m);
    if (!cancel) {
        cv.wait(lock, [&] { return done; });
        return end;
    }
    while (!done && !cancel->cancelled()) cv.wait_for(lock, CancelToken::PollInterval);
    if (done) return end;
    // Stockfish answers stop with its bestmove at once; one that does not within the bound is
    // killed.
    end.cancelled = true;
    lock.unlock();
    host.stop();
    lock.lock();
    if (!cv.wait_for(lock, std::chrono::milliseconds(500), [&] { return done; })) {
        // Killed, the host fails the search within its watchdog period; the callbacks refer to
        // this frame, so wait for that.
        end.killed = true;
        lock.unlock();
        host.kill();
        lock.lock();
        cv.wait(lock, [&] { return done; });
    }
    return end;
}

}  // namespace glossfish
