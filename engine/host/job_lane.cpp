// JobLane: the worker thread, its bounded queue and cancellation.
#include "host/job_lane.h"

namespace glossfish {

JobLane::JobLane(std::size_t capacity) : capacity_(capacity) {
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
        try {
            job.run();
        } catch (...) {
            // A job reports its own failures; one that throws must not end the lane.
        }
        job.run = nullptr;  // its captures are destroyed here, outside the lock
        lock.lock();
        running_job_ = nullptr;
        running_.reset();
    }
    ended_ = true;
    cv_.notify_all();
}

}  // namespace glossfish
