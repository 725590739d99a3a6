// UciProcess on fork/exec with three pipes and a reader thread each for stdout and stderr.
#include "uci_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>
#include <stdexcept>

#include "host/child_process.h"

extern char** environ;

namespace glossfish::testkit {

std::string polyglot_path() {
    std::string p = find_executable("polyglot");
    return p.empty() ? find_executable("/usr/games/polyglot") : p;
}

namespace {

// A write to a program that has exited must fail with EPIPE, not end the test.
void ignore_sigpipe() {
    static std::once_flag once;
    std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

void make_pipe(int fds[2]) {
    if (::pipe2(fds, O_CLOEXEC) != 0)
        throw std::runtime_error(std::string("pipe2: ") + std::strerror(errno));
}

// The inherited environment with extra "NAME=value" entries added or replaced.
std::vector<std::string> merged_env(const std::vector<std::string>& extra) {
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e) {
        std::string entry = *e;
        std::string name = entry.substr(0, entry.find('='));
        bool replaced = false;
        for (const auto& x : extra) replaced = replaced || x.substr(0, x.find('=')) == name;
        if (!replaced) env.push_back(entry);
    }
    env.insert(env.end(), extra.begin(), extra.end());
    return env;
}

}  // namespace

UciProcess::UciProcess(const std::string& path, const std::vector<std::string>& args,
                       const std::vector<std::string>& extra_env) {
    ignore_sigpipe();
    int in[2], out[2], err[2];
    make_pipe(in);
    make_pipe(out);
    make_pipe(err);

    // Everything the child needs is built before fork: only exec-safe calls after it.
    std::vector<std::string> argv_s{path};
    argv_s.insert(argv_s.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : argv_s) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::vector<std::string> env_s = merged_env(extra_env);
    std::vector<char*> envp;
    for (auto& e : env_s) envp.push_back(e.data());
    envp.push_back(nullptr);

    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    if (pid_ == 0) {
        ::dup2(in[0], 0);
        ::dup2(out[1], 1);
        ::dup2(err[1], 2);
        ::execve(path.c_str(), argv.data(), envp.data());
        const char msg[] = "UciProcess: exec failed\n";
        (void)!::write(2, msg, sizeof msg - 1);
        ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    ::close(err[1]);
    in_fd_ = in[1];
    out_fd_ = out[0];
    err_fd_ = err[0];
    out_reader_ = std::thread([this] { read_stdout(); });
    err_reader_ = std::thread([this] { read_stderr(); });
}

UciProcess::~UciProcess() {
    close_input();
    if (!wait_exit(Millis(5000))) {
        kill();
        wait_exit(Millis(5000));
    }
    if (out_reader_.joinable()) out_reader_.join();
    if (err_reader_.joinable()) err_reader_.join();
    ::close(out_fd_);
    ::close(err_fd_);
}

void UciProcess::pause_reading() {
    std::lock_guard lock(mutex_);
    paused_ = true;
}

void UciProcess::resume_reading() {
    std::lock_guard lock(mutex_);
    paused_ = false;
    cv_.notify_all();
}

bool UciProcess::send(std::string_view line) {
    std::string bytes(line);
    bytes += '\n';
    return send_raw(bytes);
}

bool UciProcess::send_raw(std::string_view bytes) {
    std::lock_guard lock(write_mutex_);
    if (in_fd_ < 0) return false;
    while (!bytes.empty()) {
        ssize_t n = ::write(in_fd_, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        bytes.remove_prefix(std::size_t(n));
    }
    return true;
}

void UciProcess::close_input() {
    std::lock_guard lock(write_mutex_);
    if (in_fd_ >= 0) ::close(in_fd_);
    in_fd_ = -1;
}

void UciProcess::read_stdout() {
    std::string partial;
    char buf[4096];
    while (true) {
        {
            std::unique_lock lock(mutex_);
            cv_.wait(lock, [this] { return !paused_; });
        }
        ssize_t n = ::read(out_fd_, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        auto now = Clock::now();
        std::lock_guard lock(mutex_);
        if (n <= 0) {
            if (!partial.empty()) lines_.push_back(partial), times_.push_back(now);
            out_closed_ = true;
            cv_.notify_all();
            return;
        }
        partial.append(buf, std::size_t(n));
        std::size_t nl;
        while ((nl = partial.find('\n')) != std::string::npos) {
            std::string line = partial.substr(0, nl);
            partial.erase(0, nl + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            lines_.push_back(std::move(line));
            times_.push_back(now);
        }
        cv_.notify_all();
    }
}

void UciProcess::read_stderr() {
    char buf[4096];
    while (true) {
        ssize_t n = ::read(err_fd_, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        std::lock_guard lock(mutex_);
        err_.append(buf, std::size_t(n));
    }
}

std::optional<std::size_t> UciProcess::find_from_cursor(const LinePredicate& pred) const {
    for (std::size_t i = cursor_; i < lines_.size(); ++i)
        if (pred(lines_[i])) return i;
    return std::nullopt;
}

std::optional<std::string> UciProcess::expect(const LinePredicate& pred, Millis timeout) {
    auto lines = read_until(pred, timeout);
    if (!lines) return std::nullopt;
    return lines->back();
}

std::optional<std::vector<std::string>> UciProcess::read_until(const LinePredicate& pred,
                                                               Millis timeout) {
    std::unique_lock lock(mutex_);
    std::optional<std::size_t> at;
    cv_.wait_for(lock, timeout, [&] {
        at = find_from_cursor(pred);
        return at.has_value() || out_closed_;
    });
    if (!at) at = find_from_cursor(pred);  // output closed: the last lines may still match
    if (!at) return std::nullopt;
    std::vector<std::string> out(lines_.begin() + std::ptrdiff_t(cursor_),
                                 lines_.begin() + std::ptrdiff_t(*at) + 1);
    last_match_time_ = times_[*at];
    cursor_ = *at + 1;
    return out;
}

std::vector<std::string> UciProcess::drain() {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out(lines_.begin() + std::ptrdiff_t(cursor_), lines_.end());
    cursor_ = lines_.size();
    return out;
}

Clock::time_point UciProcess::last_match_time() const {
    std::lock_guard lock(mutex_);
    return last_match_time_;
}

std::vector<std::string> UciProcess::lines() const {
    std::lock_guard lock(mutex_);
    return lines_;
}

std::string UciProcess::transcript() const {
    std::lock_guard lock(mutex_);
    std::ostringstream out;
    out << "--- output of pid " << pid_ << " (" << lines_.size() << " lines, read cursor at "
        << cursor_ << ") ---\n";
    // Long searches print hundreds of info lines: keep the head and the tail.
    const std::size_t head = 60, tail = 140;
    for (std::size_t i = 0; i < lines_.size(); ++i) {
        if (lines_.size() > head + tail && i == head)
            out << "  ... " << (lines_.size() - head - tail) << " lines ...\n";
        if (lines_.size() > head + tail && i >= head && i < lines_.size() - tail) continue;
        out << (i == cursor_ ? ">" : " ") << i << ": " << lines_[i] << "\n";
    }
    if (!err_.empty()) out << "--- stderr ---\n" << err_ << "\n";
    return out.str();
}

std::string UciProcess::stderr_text() const {
    std::lock_guard lock(mutex_);
    return err_;
}

std::optional<int> UciProcess::wait_exit(Millis timeout) {
    auto deadline = Clock::now() + timeout;
    while (true) {
        {
            std::lock_guard lock(mutex_);
            if (exit_status_) return exit_status_;
            int status = 0;
            pid_t r = ::waitpid(pid_, &status, WNOHANG);
            if (r == pid_) {
                exit_status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
                return exit_status_;
            }
        }
        if (Clock::now() >= deadline) return std::nullopt;
        std::this_thread::sleep_for(Millis(5));
    }
}

void UciProcess::kill() {
    std::lock_guard lock(mutex_);
    if (!exit_status_) ::kill(pid_, SIGKILL);
}

UciProcess::LinePredicate line_is(std::string text) {
    return [text = std::move(text)](const std::string& l) { return l == text; };
}

UciProcess::LinePredicate starts_with(std::string prefix) {
    return [prefix = std::move(prefix)](const std::string& l) { return l.rfind(prefix, 0) == 0; };
}

UciProcess::LinePredicate contains(std::string part) {
    return [part = std::move(part)](const std::string& l) {
        return l.find(part) != std::string::npos;
    };
}

}  // namespace glossfish::testkit
