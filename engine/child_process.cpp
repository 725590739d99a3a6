// ChildProcess on Boost.Process: one pipe each way, a reader thread for the output.
#include "child_process.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/process.hpp>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <sstream>
#include <thread>

namespace bp = boost::process;

namespace glossfish {

namespace {
// A write to a dead child must fail with EPIPE, not kill us.
void ignore_sigpipe() {
    static std::once_flag once;
    std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

// Held from creating a child's pipes until the spawn has closed our copy of the child's ends:
// a child forked meanwhile by another thread would inherit the open write end of the other's
// output pipe, whose reader would then never see end of file (kill() would hang in join).
std::mutex& spawn_mutex() {
    static std::mutex m;
    return m;
}
}  // namespace

struct ChildProcess::Impl {
    std::mutex write_mutex;
    bp::opstream in;   // our writes → child's stdin
    bp::ipstream out;  // child's stdout → our reads
    bp::child child;
    std::thread reader;
    bool started = false;
    bool write_failed = false;
};

ChildProcess::ChildProcess() : impl_(std::make_unique<Impl>()) {}

ChildProcess::~ChildProcess() { kill(); }

std::string find_executable(const std::string& name_or_path) {
    if (name_or_path.empty()) return {};
    if (name_or_path.find('/') != std::string::npos)
        return ::access(name_or_path.c_str(), X_OK) == 0 ? name_or_path : std::string();
    const char* path_env = std::getenv("PATH");
    std::stringstream dirs(path_env ? path_env : "");
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        if (dir.empty()) dir = ".";
        std::string candidate = dir + "/" + name_or_path;
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    return {};
}

std::optional<std::string> ChildProcess::start(const std::string& path,
                                               const std::vector<std::string>& args,
                                               LineHandler on_line, ExitHandler on_exit) {
    ignore_sigpipe();
    kill();
    std::lock_guard spawn_lock(spawn_mutex());
    impl_ = std::make_unique<Impl>();
    std::string exe = find_executable(path);
    if (exe.empty()) return "no executable program at '" + path + "'";
    try {
        std::error_code ec;
        impl_->child = bp::child(bp::exe = exe, bp::args = args, bp::std_in < impl_->in,
                                 bp::std_out > impl_->out, bp::std_err > bp::null, ec);
        if (ec) return "cannot start '" + exe + "': " + ec.message();
    } catch (const std::exception& e) {
        return "cannot start '" + exe + "': " + e.what();
    }
    impl_->started = true;
    Impl* impl = impl_.get();
    impl_->reader = std::thread([impl, on_line = std::move(on_line), on_exit = std::move(on_exit)] {
        std::string line;
        while (std::getline(impl->out, line)) {
            while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.pop_back();
            on_line(line);
        }
        on_exit();
    });
    return std::nullopt;
}

bool ChildProcess::write_line(std::string_view line) {
    std::lock_guard lock(impl_->write_mutex);
    if (!impl_->started || impl_->write_failed) return false;
    impl_->in.write(line.data(), std::streamsize(line.size()));
    impl_->in.put('\n');
    impl_->in.flush();
    if (!impl_->in.good()) {
        impl_->write_failed = true;
        impl_->in.pipe().close();  // drop unsent bytes: ~basic_pipebuf would flush and throw
    }
    return !impl_->write_failed;
}

bool ChildProcess::running() {
    if (!impl_->started) return false;
    std::error_code ec;
    return impl_->child.running(ec) && !ec;
}

int ChildProcess::pid() const { return impl_->started ? int(impl_->child.id()) : -1; }

void ChildProcess::kill() {
    if (!impl_ || !impl_->started) return;
    std::error_code ec;
    if (impl_->child.running(ec)) {
        pid_t pid = impl_->child.id();
        impl_->child.terminate(ec);  // SIGKILL, then only a non-blocking waitpid
        int status = 0;
        ::waitpid(pid, &status, 0);  // reap it: no zombie
    } else {
        impl_->child.wait(ec);
    }
    {
        std::lock_guard lock(impl_->write_mutex);
        impl_->in.pipe().close();  // nothing unsent may reach ~basic_pipebuf
        impl_->write_failed = true;
    }
    // The output pipe closes with the child; the reader then sees end of file.
    if (impl_->reader.joinable() && impl_->reader.get_id() != std::this_thread::get_id())
        impl_->reader.join();
    else if (impl_->reader.joinable())
        impl_->reader.detach();
    impl_->started = false;
}

void ChildProcess::quit(int grace_ms) {
    if (!impl_ || !impl_->started) return;
    write_line("quit");
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(grace_ms);
    while (running() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    kill();
}

}  // namespace glossfish
