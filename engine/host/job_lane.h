// JobLane: one worker thread that runs jobs one at a time, in order, from a bounded queue.
// Each job carries a cancel token; cancel_if() cancels the running job and drops queued ones,
// so the newest work wins. An idle lane sleeps on a condition variable (no CPU). Jobs are
// destroyed on the lane's thread, never under a caller's lock: their captures may hold the
// last reference to something slow to end (an analysis pool and its engines). A job that throws
// is reported to the lane's failure handler with its kind, and the lane goes on.
#pragma once

#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "host/cancel.h"
#include "io/mutex.h"

namespace glossfish {

class JobLane {
public:
    struct Job {
        std::string kind;                     // e.g. "quality", "tree", "tool"
        unsigned group = 0;                   // who the job belongs to (a position's epoch)
        std::shared_ptr<CancelToken> cancel;  // never null once posted
        std::function<void()> run;            // looks at *cancel itself
    };

    // Told, on the lane's thread, of a job that threw: the job (its kind and group) and the
    // exception's message ("unknown exception" for one not derived from std::exception).
    using FailureHandler = std::function<void(const Job& job, const std::string& what)>;

    // on_failure null: a failure is written to stderr ("glossfish: a <kind> job failed: …").
    explicit JobLane(std::size_t capacity, FailureHandler on_failure = nullptr);
    // Cancels everything and joins the thread (blocks until the running job returns).
    ~JobLane();
    JobLane(const JobLane&) = delete;
    JobLane& operator=(const JobLane&) = delete;

    // Queues job (at the front when urgent). False, and nothing queued, when the queue is
    // full or the lane is stopping. Does not block.
    bool post(Job job, bool urgent = false) GLOSSFISH_EXCLUDES(mutex_);
    // Cancels the running job when it matches and drops the queued ones that match (the lane's
    // thread destroys them). Does not block.
    void cancel_if(const std::function<bool(const Job&)>& match) GLOSSFISH_EXCLUDES(mutex_);
    // Cancels everything and lets the thread end; wait_stopped() waits for that.
    void stop() GLOSSFISH_EXCLUDES(mutex_);
    // Waits up to timeout for the thread to end after stop(); true when it has.
    bool wait_stopped(std::chrono::milliseconds timeout) GLOSSFISH_EXCLUDES(mutex_);

private:
    void loop() GLOSSFISH_EXCLUDES(mutex_);
    // Runs a job outside the lock; a throw goes to the failure handler.
    void run_job(Job& job);

    const std::size_t capacity_;
    const FailureHandler on_failure_;
    Mutex mutex_;
    CondVar cv_;
    std::deque<Job> queue_ GLOSSFISH_GUARDED_BY(mutex_);
    std::deque<Job> dropped_ GLOSSFISH_GUARDED_BY(mutex_);  // cancelled, for the thread to destroy
    std::shared_ptr<CancelToken> running_ GLOSSFISH_GUARDED_BY(mutex_);  // the running job's token
    const Job* running_job_ GLOSSFISH_GUARDED_BY(mutex_) = nullptr;
    bool stopping_ GLOSSFISH_GUARDED_BY(mutex_) = false;
    bool ended_ GLOSSFISH_GUARDED_BY(mutex_) = false;
    std::thread thread_;
};

}  // namespace glossfish
