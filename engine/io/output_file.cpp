// Output files: symlinks followed, special files written in place, regular files replaced
// through a temporary (see output_file.h).
#include "io/output_file.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <filesystem>

#include "io/input_file.h"

namespace glossfish {

namespace {

// The temporary being written, removed when SIGINT/SIGTERM/SIGHUP end the run (the handler
// only calls async-signal-safe functions).
char g_temporary[PATH_MAX + 32];

extern "C" void remove_temporary_and_exit(int signal) {
    if (g_temporary[0]) ::unlink(g_temporary);
    ::_exit(128 + signal);
}

void remember_temporary(const std::string& path) {
    if (path.size() >= sizeof g_temporary) return;
    std::memcpy(g_temporary, path.c_str(), path.size() + 1);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) std::signal(sig, remove_temporary_and_exit);
}

void forget_temporary() { g_temporary[0] = '\0'; }

std::string parent_of(const std::string& path) {
    std::string dir = std::filesystem::path(path).parent_path().string();
    return dir.empty() ? "." : dir;
}

const char* kind_name(mode_t mode) {
    if (S_ISREG(mode)) return "regular file";
    if (S_ISDIR(mode)) return "directory";
    if (S_ISCHR(mode)) return "character device";
    if (S_ISBLK(mode)) return "block device";
    if (S_ISFIFO(mode)) return "FIFO";
    if (S_ISSOCK(mode)) return "socket";
    return "special file";
}

std::string system_error(const std::string& what, const std::string& path) {
    return what + " '" + path + "': " + std::strerror(errno);
}

}  // namespace

std::optional<std::string> resolve_output(const std::string& path, OutputTarget& target) {
    if (path.empty()) return std::string("the output path is empty");
    std::string p = path;
    for (int hops = 0;; ++hops) {
        struct stat st;
        if (::lstat(p.c_str(), &st) != 0) {
            if (errno != ENOENT) return system_error("cannot use as output", p);
            target = {p, OutputTarget::Kind::Missing, "new file"};
            return std::nullopt;
        }
        if (S_ISLNK(st.st_mode)) {
            if (hops >= 40) return "'" + path + "': too many levels of symbolic links";
            char buf[PATH_MAX];
            const ssize_t n = ::readlink(p.c_str(), buf, sizeof buf);
            if (n < 0) return system_error("cannot read the symbolic link", p);
            std::string link(buf, std::size_t(n));
            p = link.front() == '/' ? link : parent_of(p) + "/" + link;
            continue;
        }
        target.path = p;
        target.kind_name = kind_name(st.st_mode);
        target.kind = S_ISREG(st.st_mode)   ? OutputTarget::Kind::Regular
                      : S_ISDIR(st.st_mode) ? OutputTarget::Kind::Directory
                                            : OutputTarget::Kind::Special;
        return std::nullopt;
    }
}

int remove_stale_temporaries(const std::string& target_path) {
    const std::filesystem::path target(target_path);
    const std::string dir = parent_of(target_path);
    const std::string prefix = target.filename().string() + ".tmp.";
    DIR* d = ::opendir(dir.c_str());
    if (!d) return 0;
    int removed = 0;
    while (dirent* e = ::readdir(d)) {
        const std::string name = e->d_name;
        if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
        const std::string digits = name.substr(prefix.size());
        if (digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos)
            continue;
        const pid_t pid = pid_t(std::stol(digits));
        if (pid <= 0 || pid == ::getpid()) continue;
        if (::kill(pid, 0) == 0 || errno != ESRCH) continue;  // alive (or not ours to judge)
        const std::string path = dir + "/" + name;
        struct stat st;
        if (::lstat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::unlink(path.c_str()) == 0)
            ++removed;
    }
    ::closedir(d);
    return removed;
}

OutputFile::OutputFile() : buffer_(*this), stream_(&buffer_) {}

OutputFile::~OutputFile() { discard(); }

std::optional<std::string> OutputFile::open(const std::string& path, Mode mode,
                                            const std::vector<std::string>& inputs) {
    discard();
    error_.clear();
    if (auto err = resolve_output(path, target_)) return error_ = *err;
    using Kind = OutputTarget::Kind;
    if (target_.kind == Kind::Directory)
        return error_ = "'" + path + "' is a directory, not a file";
    if (target_.kind == Kind::Regular)
        for (const std::string& in : inputs)
            if (same_file(in, target_.path))
                return error_ = "the output '" + path + "' is the input file '" + in +
                                "': give another output file";
    struct stat st {};
    const bool existing = target_.kind == Kind::Regular && ::stat(target_.path.c_str(), &st) == 0;
    if (target_.kind == Kind::Special || mode == Mode::Stream) {
        const int flags =
            O_WRONLY | O_CLOEXEC | (target_.kind == Kind::Special ? 0 : O_CREAT | O_TRUNC);
        fd_ = ::open(target_.path.c_str(), flags, 0666);
        if (fd_ < 0) return error_ = system_error("cannot write", target_.path);
        writing_ = target_.path;
        stream_.clear();
        return std::nullopt;
    }
    remove_stale_temporaries(target_.path);
    writing_ = target_.path + ".tmp." + std::to_string(::getpid());
    fd_ = ::open(writing_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd_ < 0 && errno == EEXIST) {  // left by an earlier process with our PID
        ::unlink(writing_.c_str());
        fd_ = ::open(writing_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    }
    if (fd_ < 0 && existing && (errno == EACCES || errno == EPERM)) {
        // The directory is not ours to create files in, the file is: write it in place.
        fd_ = ::open(target_.path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
        if (fd_ < 0) return error_ = system_error("cannot write", target_.path);
        writing_ = target_.path;
        stream_.clear();
        return std::nullopt;
    }
    if (fd_ < 0) {  // named by the target: the temporary is our business
        std::string err = system_error("cannot write", target_.path);
        err += " (creating " + std::filesystem::path(writing_).filename().string() + ")";
        writing_.clear();
        return error_ = err;
    }
    temporary_ = true;
    remember_temporary(writing_);
    if (existing) {  // the replacement keeps the old file's mode (and owner, when allowed)
        if (::fchown(fd_, st.st_uid, st.st_gid) != 0) {
            // not allowed (we are not root): the new file is ours
        }
        if (::fchmod(fd_, st.st_mode & 07777) != 0) {
            // cannot happen on a file we own; the default mode stays
        }
    }
    stream_.clear();
    return std::nullopt;
}

bool OutputFile::write_fd(const char* data, std::size_t size) {
    if (fd_ < 0) {
        if (error_.empty()) error_ = "the output is not open";
        return false;
    }
    while (size > 0) {
        const ssize_t n = ::write(fd_, data, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            error_ = system_error("write error on", writing_);
            return false;
        }
        data += n;
        size -= std::size_t(n);
    }
    return true;
}

int OutputFile::Buffer::sync() {
    const std::size_t n = std::size_t(pptr() - pbase());
    setp(data_, data_ + sizeof data_);
    return n == 0 || owner_.write_fd(data_, n) ? 0 : -1;
}

OutputFile::Buffer::int_type OutputFile::Buffer::overflow(int_type c) {
    if (sync() != 0) return traits_type::eof();
    if (c != traits_type::eof()) {
        *pptr() = char(c);
        pbump(1);
    }
    return traits_type::not_eof(c);
}

std::streamsize OutputFile::Buffer::xsputn(const char* s, std::streamsize n) {
    if (n <= epptr() - pptr()) {
        std::memcpy(pptr(), s, std::size_t(n));
        pbump(int(n));
        return n;
    }
    if (sync() != 0) return 0;
    if (n < std::streamsize(sizeof data_)) {
        std::memcpy(pptr(), s, std::size_t(n));
        pbump(int(n));
        return n;
    }
    return owner_.write_fd(s, std::size_t(n)) ? n : 0;
}

bool OutputFile::write(std::string_view text) {
    stream_.write(text.data(), std::streamsize(text.size()));
    return bool(stream_);
}

bool OutputFile::flush() {
    stream_.flush();
    return bool(stream_) && error_.empty();
}

std::optional<std::string> OutputFile::commit() {
    const bool flushed = flush();
    if (!flushed || fd_ < 0) {
        const std::string err = error_.empty() ? "write error on '" + writing_ + "'" : error_;
        discard();
        return error_ = err;
    }
    if (temporary_ && ::fsync(fd_) != 0 && errno != EINVAL) {
        const std::string err = system_error("cannot write", writing_);
        discard();
        return error_ = err;
    }
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) {
        const std::string err = system_error("write error on", writing_);
        discard();
        return error_ = err;
    }
    if (temporary_) {
        if (::rename(writing_.c_str(), target_.path.c_str()) != 0) {
            const std::string err = "cannot rename '" + writing_ + "' to '" + target_.path +
                                    "': " + std::strerror(errno);
            discard();
            return error_ = err;
        }
        temporary_ = false;
        forget_temporary();
    }
    return std::nullopt;
}

void OutputFile::discard() {
    buffer_.drop();
    if (fd_ >= 0) {
        ::close(fd_);
        fd_ = -1;
    }
    if (temporary_) {
        ::unlink(writing_.c_str());
        temporary_ = false;
        forget_temporary();
    }
}

}  // namespace glossfish
