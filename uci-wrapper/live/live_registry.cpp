// The live pages' runtime directory and its live-PID.json files.
#include "live/live_registry.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace glossfish::live {

namespace {

constexpr const char* Prefix = "live-";
constexpr const char* Suffix = ".json";

std::string file_of(const std::string& dir, int pid) {
    return dir + "/" + Prefix + std::to_string(pid) + Suffix;
}

// A directory that is ours alone: not a symlink, owned by us, no access for others.
std::optional<std::string> check_private_dir(const std::string& dir) {
    struct stat st {};
    if (::lstat(dir.c_str(), &st) != 0) return "cannot read " + dir + ": " + std::strerror(errno);
    if (!S_ISDIR(st.st_mode)) return dir + " is not a directory";
    if (st.st_uid != ::geteuid()) return dir + " belongs to another user";
    if (st.st_mode & 077) return dir + " is open to other users (mode must be 0700)";
    return std::nullopt;
}

bool alive(int pid) { return pid > 0 && (::kill(pid, 0) == 0 || errno == EPERM); }

}  // namespace

std::optional<std::string> runtime_dir(bool create, std::string& error) {
    std::string dir;
    const char* xdg = std::getenv("XDG_RUNTIME_DIR");
    if (xdg && *xdg == '/') dir = std::string(xdg) + "/glossfish";
    else dir = "/tmp/glossfish-" + std::to_string(::geteuid());
    if (create && ::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) {
        error = "cannot create " + dir + ": " + std::strerror(errno);
        return std::nullopt;
    }
    if (!create) {
        struct stat st {};
        if (::lstat(dir.c_str(), &st) != 0) {
            error = "no live page has run (" + dir + " does not exist)";
            return std::nullopt;
        }
    }
    if (auto bad = check_private_dir(dir)) {
        error = *bad;
        return std::nullopt;
    }
    return dir;
}

std::optional<std::string> publish(const LiveEntry& e) {
    std::string error;
    const auto dir = runtime_dir(true, error);
    if (!dir) return error;
    const std::string path = file_of(*dir, e.pid);
    const std::string tmp = path + ".tmp";
    const std::string text =
        nlohmann::json{{"pid", e.pid}, {"url", e.url}, {"started", e.started}}.dump() + "\n";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) return "cannot write " + tmp + ": " + std::strerror(errno);
    const bool written = ::write(fd, text.data(), text.size()) == ssize_t(text.size());
    ::close(fd);
    if (!written || ::rename(tmp.c_str(), path.c_str()) != 0) {
        ::unlink(tmp.c_str());
        return "cannot write " + path;
    }
    return std::nullopt;
}

void unpublish(int pid) {
    std::string error;
    if (const auto dir = runtime_dir(false, error)) ::unlink(file_of(*dir, pid).c_str());
}

std::vector<LiveEntry> running_entries() {
    std::vector<LiveEntry> out;
    std::string error;
    const auto dir = runtime_dir(false, error);
    if (!dir) return out;
    DIR* d = ::opendir(dir->c_str());
    if (!d) return out;
    std::vector<std::string> names;
    while (const dirent* ent = ::readdir(d)) {
        const std::string name = ent->d_name;
        if (name.rfind(Prefix, 0) == 0 && name.size() > std::strlen(Suffix) &&
            name.compare(name.size() - std::strlen(Suffix), std::string::npos, Suffix) == 0)
            names.push_back(name);
    }
    ::closedir(d);
    for (const std::string& name : names) {
        const std::string path = *dir + "/" + name;
        std::ifstream in(path);
        std::stringstream text;
        text << in.rdbuf();
        LiveEntry e;
        const auto j = nlohmann::json::parse(text.str(), nullptr, false);
        if (j.is_object() && j.contains("pid") && j["pid"].is_number_integer() &&
            j.contains("url") && j["url"].is_string()) {
            e.pid = j["pid"].get<int>();
            e.url = j["url"].get<std::string>();
            if (j.contains("started") && j["started"].is_number_integer())
                e.started = j["started"].get<long long>();
        }
        // The file's name must match its pid: nothing else in the directory is trusted.
        if (name != std::string(Prefix) + std::to_string(e.pid) + Suffix || !alive(e.pid)) {
            if (!e.pid || !alive(e.pid)) ::unlink(path.c_str());
            continue;
        }
        out.push_back(e);
    }
    std::sort(out.begin(), out.end(),
              [](const LiveEntry& a, const LiveEntry& b) { return a.started < b.started; });
    return out;
}

}  // namespace glossfish::live
