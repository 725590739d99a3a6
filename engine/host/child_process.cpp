// ChildProcess: spawned by Boost.Process into its own process group, with our own pipes: a
// non-blocking write end with bounded writes, and a reader thread that polls the output and a
// wake-up pipe, so that it can always be stopped.
#include "host/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <boost/process.hpp>
#include <boost/process/extend.hpp>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <sstream>
#include <thread>

namespace bp = boost::process;

namespace glossfish {

namespace {

using Clock = std::chrono::steady_clock;

// A write to a dead child must fail with EPIPE, not kill us.
void ignore_sigpipe() {
    static std::once_flag once;
    std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

// Held from creating a child's pipes until the spawn has closed our copy of the child's ends:
// a child forked meanwhile by another thread would inherit the open write end of the other's
// output pipe, whose reader would then never see end of file. (All our fds are close-on-exec
// too; this also covers the fork-to-exec window of Boost's spawn.)
Mutex& spawn_mutex() {
    static Mutex m;
    return m;
}

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

bool is_executable_file(const std::string& path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
           ::access(path.c_str(), X_OK) == 0;
}

}  // namespace

// One child: set up by start() before it is published, then shared by the writers, the
// reader thread and kill().
struct ChildProcess::Impl {
    Mutex write_mutex;
    // Our end of the child's stdin (non-blocking).
    int in_fd GLOSSFISH_GUARDED_BY(write_mutex) = -1;
    bool write_failed GLOSSFISH_GUARDED_BY(write_mutex) = false;
    int out_fd = -1;                      // our end of the child's stdout
    int wake_read = -1, wake_write = -1;  // a byte here stops the reader
    pid_t pid = -1;
    Mutex state_mutex;  // pid reaping
    bool reaped GLOSSFISH_GUARDED_BY(state_mutex) = false;
    std::thread reader;  // started by start(), joined by kill() (both under control_mutex_)
    Mutex done_mutex;
    CondVar done_cv;
    bool reader_done GLOSSFISH_GUARDED_BY(done_mutex) = false;
    std::atomic<bool> started{false};  // true from the spawn to the kill

    ~Impl() {
        close_fd(in_fd);
        close_fd(out_fd);
        close_fd(wake_read);
        close_fd(wake_write);
    }

    // Reaps the direct child if it has exited (or, with wait_ms > 0, once it exits within
    // that time). True when it is reaped.
    bool reap(int wait_ms) {
        const auto deadline = Clock::now() + std::chrono::milliseconds(wait_ms);
        for (;;) {
            {
                MutexLock lock(state_mutex);
                if (reaped || pid <= 0) return true;
                int status = 0;
                pid_t r;
                do r = ::waitpid(pid, &status, WNOHANG);
                while (r < 0 && errno == EINTR);
                if (r == pid || (r < 0 && errno == ECHILD)) return reaped = true;
            }
            if (Clock::now() >= deadline) return false;
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    }
};

ChildProcess::ChildProcess() : impl_(std::make_shared<Impl>()) {}

ChildProcess::~ChildProcess() { kill(); }

std::shared_ptr<ChildProcess::Impl> ChildProcess::current() const {
    MutexLock lock(impl_mutex_);
    return impl_;
}

std::string find_executable(const std::string& name_or_path) {
    if (name_or_path.empty()) return {};
    if (name_or_path.find('/') != std::string::npos)
        return is_executable_file(name_or_path) ? name_or_path : std::string();
    const char* path_env = std::getenv("PATH");
    std::stringstream dirs(path_env ? path_env : "");
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        if (dir.empty()) dir = ".";
        std::string candidate = dir + "/" + name_or_path;
        if (is_executable_file(candidate)) return candidate;
    }
    return {};
}

std::string executable_error(const std::string& name_or_path) {
    if (!find_executable(name_or_path).empty()) return {};
    if (name_or_path.empty()) return "no program given";
    if (name_or_path.find('/') == std::string::npos)
        return "no executable program '" + name_or_path + "' on PATH";
    struct stat st;
    if (::stat(name_or_path.c_str(), &st) != 0)
        return "no executable program at '" + name_or_path + "' (" + std::strerror(errno) + ")";
    if (S_ISDIR(st.st_mode)) return "'" + name_or_path + "' is a directory, not a program";
    if (!S_ISREG(st.st_mode)) return "'" + name_or_path + "' is not a regular file";
    return "'" + name_or_path + "' is not executable";
}

std::optional<std::string> ChildProcess::start(const std::string& path,
                                               const std::vector<std::string>& args,
                                               LineHandler on_line, ExitHandler on_exit) {
    ignore_sigpipe();
    MutexLock control(control_mutex_);
    kill_locked();
    MutexLock spawn_lock(spawn_mutex());
    // Built here and published at the end: writers see the old child (killed) until then.
    auto impl = std::make_shared<Impl>();
    std::string exe = find_executable(path);
    if (exe.empty()) return executable_error(path);
    int to_child[2], from_child[2], wake[2];
    if (::pipe2(to_child, O_CLOEXEC) != 0) return std::string("pipe: ") + std::strerror(errno);
    if (::pipe2(from_child, O_CLOEXEC) != 0) {
        ::close(to_child[0]);
        ::close(to_child[1]);
        return std::string("pipe: ") + std::strerror(errno);
    }
    if (::pipe2(wake, O_CLOEXEC | O_NONBLOCK) != 0) {
        for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) ::close(fd);
        return std::string("pipe: ") + std::strerror(errno);
    }
    {
        MutexLock lock(impl->write_mutex);
        impl->in_fd = to_child[1];
    }
    impl->out_fd = from_child[0];
    impl->wake_read = wake[0];
    impl->wake_write = wake[1];
    const int child_in = to_child[0], child_out = from_child[1];
    pid_t pid = -1;
    std::string spawn_error;
    try {
        std::error_code ec;
        bp::child child(
            bp::exe = exe, bp::args = args,
            // In the child, before exec: its own process group, and our pipes as stdin/stdout
            // (dup2 clears close-on-exec on 0 and 1), stderr to /dev/null.
            bp::extend::on_exec_setup =
                [child_in, child_out](auto&) {
                    ::setpgid(0, 0);
                    ::dup2(child_in, STDIN_FILENO);
                    ::dup2(child_out, STDOUT_FILENO);
                    const int null = ::open("/dev/null", O_WRONLY);
                    if (null >= 0) ::dup2(null, STDERR_FILENO);
                },
            // A failed exec leaves a child that has exited: reap it (no zombie per attempt).
            bp::extend::on_error =
                [](auto& exec, const std::error_code&) {
                    if (exec.pid > 0) ::waitpid(exec.pid, nullptr, 0);
                },
            ec);
        if (ec) spawn_error = "cannot start '" + exe + "': " + ec.message();
        else {
            pid = child.id();
            child.detach();  // the pid is ours to kill and reap
        }
    } catch (const std::exception& e) {
        spawn_error = "cannot start '" + exe + "': " + e.what();
    }
    ::close(child_in);
    ::close(child_out);
    if (!spawn_error.empty()) return spawn_error;  // impl closes the pipes
    ::setpgid(pid, pid);  // also from here: no window where the group does not exist yet
    {
        MutexLock lock(impl->write_mutex);
        ::fcntl(impl->in_fd, F_SETFL, ::fcntl(impl->in_fd, F_GETFL) | O_NONBLOCK);
    }
    impl->pid = pid;
    impl->started = true;
    // The reader holds its own reference: a reader detached by a kill() on its own thread
    // outlives the next start().
    impl->reader = std::thread([impl, on_line = std::move(on_line), on_exit = std::move(on_exit)] {
        std::string line;
        bool overlong = false;  // dropping the rest of a line longer than MaxLine
        char buf[1 << 16];
        for (;;) {
            pollfd fds[2] = {{impl->out_fd, POLLIN, 0}, {impl->wake_read, POLLIN, 0}};
            const int r = ::poll(fds, 2, -1);
            if (r < 0 && errno == EINTR) continue;
            if (r < 0 || fds[1].revents) break;
            if (!fds[0].revents) continue;
            const ssize_t n = ::read(impl->out_fd, buf, sizeof buf);
            if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
            if (n <= 0) break;
            for (ssize_t i = 0; i < n; ++i) {
                const char c = buf[i];
                if (c != '\n') {
                    if (line.size() < MaxLine) line += c;
                    else overlong = true;
                    continue;
                }
                while (!line.empty() && line.back() == '\r') line.pop_back();
                on_line(line);
                line.clear();
                overlong = false;
            }
        }
        (void)overlong;
        on_exit();
        {
            MutexLock lock(impl->done_mutex);
            impl->reader_done = true;
        }
        impl->done_cv.notify_all();
    });
    MutexLock lock(impl_mutex_);
    impl_ = std::move(impl);
    return std::nullopt;
}

bool ChildProcess::write_line(std::string_view line) {
    const std::shared_ptr<Impl> impl_ref = current();
    Impl& impl = *impl_ref;
    MutexLock lock(impl.write_mutex);
    if (!impl.started || impl.write_failed || impl.in_fd < 0) return false;
    std::string data(line);
    data += '\n';
    const auto deadline = Clock::now() + WriteTimeout;
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(impl.in_fd, data.data() + done, data.size() - done);
        if (n > 0) {
            done += std::size_t(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) {
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
            if (left.count() > 0) {
                pollfd p{impl.in_fd, POLLOUT, 0};
                ::poll(&p, 1, int(left.count()));
                continue;
            }
        }
        // EPIPE (the child is gone) or the child has not read for WriteTimeout.
        impl.write_failed = true;
        close_fd(impl.in_fd);
        return false;
    }
    return true;
}

bool ChildProcess::running() {
    const std::shared_ptr<Impl> impl = current();
    if (!impl->started) return false;
    return !impl->reap(0);
}

int ChildProcess::pid() const {
    const std::shared_ptr<Impl> impl = current();
    return impl->started ? int(impl->pid) : -1;
}

void ChildProcess::kill() {
    MutexLock control(control_mutex_);
    kill_locked();
}

void ChildProcess::kill_locked() {
    const std::shared_ptr<Impl> impl_ref = current();
    if (!impl_ref || !impl_ref->started) return;
    Impl& impl = *impl_ref;
    // The whole group (a wrapper script and its children), and the child itself in case it
    // left the group; then reap it (SIGKILL is not ignorable: the wait is short).
    ::kill(-impl.pid, SIGKILL);
    ::kill(impl.pid, SIGKILL);
    impl.reap(2000);
    ::kill(-impl.pid, SIGKILL);  // anything the group forked while it was being killed
    {
        MutexLock lock(impl.write_mutex);
        close_fd(impl.in_fd);  // nothing more reaches the child
        impl.write_failed = true;
    }
    if (impl.reader.joinable() && impl.reader.get_id() != std::this_thread::get_id()) {
        // The output closes with the group; a process outside it that still holds the pipe
        // does not keep us waiting: the reader is told to stop.
        bool done;
        {
            MutexLock lock(impl.done_mutex);
            const auto deadline = Clock::now() + DrainTimeout;
            while (!impl.reader_done && impl.done_cv.wait_until(impl.done_mutex, deadline)) {
            }
            done = impl.reader_done;
        }
        if (!done) {
            const char stop = 1;
            if (::write(impl.wake_write, &stop, 1) < 0) {
                // the wake pipe is ours and empty: cannot fail
            }
        }
        impl.reader.join();
    } else if (impl.reader.joinable()) {
        impl.reader.detach();
    }
    impl.started = false;
}

void ChildProcess::quit(int grace_ms) {
    MutexLock control(control_mutex_);
    const std::shared_ptr<Impl> impl = current();
    if (!impl->started) return;
    write_line("quit");
    impl->reap(grace_ms);
    kill_locked();
}

}  // namespace glossfish
