// JobLane: the worker thread, its bounded queue and cancellation.
#include "host/job_lane.h"

#include <cstdio>
#include <exception>
#include <utility>

namespace glossfish {

namespace {

void write_failure(const JobLane::Job& job, const std::string& what) {
    std::fprintf(stderr, "glossfish: a %s job failed: %s\n", job.kind.c_str(), what.c_str());
}

}  // namespace

JobLane::JobLane(std::size_t capacity, FailureHandler on_failure)
    : capacity_(capacity), on_failure_(std::move(on_failure)) {
    thread_ = std::thread([this] { loop(); });
}

JobLane::~JobLane() {
    stop();
    if (thread_.joinable()) thread_.join();
}

bool JobLane::post(Job job, bool urgent) {
    if (!job.cancel) job.cancel = std::make_shared<CancelToken>();
    {
        MutexLock lock(mutex_);
        if (stopping_ || queue_.size() >= capacity_) return false;
        if (urgent) queue_.push_front(std::move(job));
        else queue_.push_back(std::move(job));
    }
    cv_.notify_all();
    return true;
}

void JobLane::cancel_if(const std::function<bool(const Job&)>& match) {
    MutexLock lock(mutex_);
    if (running_job_ && match(*running_job_)) running_->cancel();
    bool dropped = false;
    for (auto it = queue_.begin(); it != queue_.end();) {
        if (match(*it)) {
            it->cancel->cancel();
            dropped_.push_back(std::move(*it));
            it = queue_.erase(it);
            dropped = true;
        } else {
            ++it;
        }
    }
    // The lane's thread destroys them: the caller may hold a lock of its own, and a job's
    // captures (the last reference to an analysis pool) may take long to destroy.
    if (dropped) cv_.notify_all();
}

void JobLane::stop() {
    std::deque<Job> dropped;
    {
        MutexLock lock(mutex_);
        stopping_ = true;
        if (running_) running_->cancel();
        for (Job& j : queue_) j.cancel->cancel();
        dropped.swap(queue_);
    }
    cv_.notify_all();
}

bool JobLane::wait_stopped(std::chrono::milliseconds timeout) {
    MutexLock lock(mutex_);
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!ended_ && cv_.wait_until(mutex_, deadline)) {
    }
    return ended_;
}

void JobLane::loop() {
    MutexLock lock(mutex_);
    for (;;) {
        while (!stopping_ && queue_.empty() && dropped_.empty()) cv_.wait(mutex_);
        if (!dropped_.empty()) {
            std::deque<Job> dropped;
            dropped.swap(dropped_);
            lock.unlock();
            dropped.clear();
            lock.lock();
            continue;
        }
        if (stopping_) break;
        Job job = std::move(queue_.front());
        queue_.pop_front();
        running_ = job.cancel;
        running_job_ = &job;
        lock.unlock();
        run_job(job);
        job.run = nullptr;  // its captures are destroyed here, outside the lock
        lock.lock();
        running_job_ = nullptr;
        running_.reset();
    }
    ended_ = true;
    cv_.notify_all();
}

void JobLane::run_job(Job& job) {
    std::string what;
    try {
        job.run();
        return;
    } catch (const std::exception& e) {
        what = e.what();
    } catch (...) {
        what = "unknown exception";
    }
    // Said, and the lane goes on; a handler that throws in turn is written to stderr.
    try {
        if (on_failure_) {
            on_failure_(job, what);
            return;
        }
    } catch (const std::exception& e) {
        what += std::string(" (and reporting it failed: ") + e.what() + ")";
    } catch (...) {
        what += " (and reporting it failed)";
    }
    write_failure(job, what);
}

}  // namespace glossfish
