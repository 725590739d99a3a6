// Mutex, MutexLock and CondVar: std::mutex, std::lock_guard/unique_lock and
// std::condition_variable with Clang's thread-safety attributes (io/thread_annotations.h),
// which libstdc++'s types do not carry. A member written GLOSSFISH_GUARDED_BY(mutex_) is then
// checked by -Wthread-safety at every access.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>

#include "io/thread_annotations.h"

namespace glossfish {

class GLOSSFISH_CAPABILITY("mutex") Mutex {
public:
    Mutex() = default;
    Mutex(const Mutex&) = delete;
    Mutex& operator=(const Mutex&) = delete;

    void lock() GLOSSFISH_ACQUIRE() { mutex_.lock(); }
    void unlock() GLOSSFISH_RELEASE() { mutex_.unlock(); }
    // For CondVar: the std::mutex underneath.
    std::mutex& native() { return mutex_; }

private:
    std::mutex mutex_;
};

// Holds a Mutex from construction to the end of the scope; unlock() and lock() let go of it
// and take it again in between (the destructor releases it only when held).
class GLOSSFISH_SCOPED_CAPABILITY MutexLock {
public:
    explicit MutexLock(Mutex& mutex) GLOSSFISH_ACQUIRE(mutex) : mutex_(mutex) { mutex_.lock(); }
    ~MutexLock() GLOSSFISH_RELEASE() {
        if (held_) mutex_.unlock();
    }
    MutexLock(const MutexLock&) = delete;
    MutexLock& operator=(const MutexLock&) = delete;

    void unlock() GLOSSFISH_RELEASE() {
        mutex_.unlock();
        held_ = false;
    }
    void lock() GLOSSFISH_ACQUIRE() {
        mutex_.lock();
        held_ = true;
    }

private:
    Mutex& mutex_;
    bool held_ = true;
};

// A condition variable for a Mutex the caller holds: each wait lets go of it while asleep
// and holds it again on return. Waits may wake spuriously: callers loop on their condition.
class CondVar {
public:
    void notify_one() { cv_.notify_one(); }
    void notify_all() { cv_.notify_all(); }

    void wait(Mutex& mutex) GLOSSFISH_REQUIRES(mutex) {
        std::unique_lock lock(mutex.native(), std::adopt_lock);
        cv_.wait(lock);
        lock.release();
    }
    // False when the deadline passed.
    template <class Clock, class Duration>
    bool wait_until(Mutex& mutex, const std::chrono::time_point<Clock, Duration>& deadline)
        GLOSSFISH_REQUIRES(mutex) {
        std::unique_lock lock(mutex.native(), std::adopt_lock);
        const bool woken = cv_.wait_until(lock, deadline) == std::cv_status::no_timeout;
        lock.release();
        return woken;
    }
    // False when the timeout passed.
    template <class Rep, class Period>
    bool wait_for(Mutex& mutex, const std::chrono::duration<Rep, Period>& timeout)
        GLOSSFISH_REQUIRES(mutex) {
        return wait_until(mutex, std::chrono::steady_clock::now() + timeout);
    }

private:
    std::condition_variable cv_;
};

}  // namespace glossfish
