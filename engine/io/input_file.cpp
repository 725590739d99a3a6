// Input files with precise errors (see input_file.h).
#include "io/input_file.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <iostream>

namespace glossfish {

std::optional<std::string> input_file_error(const std::string& path) {
    if (path == "-") return std::nullopt;
    struct stat st;
    if (::stat(path.c_str(), &st) != 0)
        return "cannot open '" + path + "': " + std::strerror(errno);
    if (S_ISDIR(st.st_mode)) return "'" + path + "' is a directory, not a file";
    return std::nullopt;
}

std::optional<std::string> open_input_file(const std::string& path, std::ifstream& in) {
    if (auto err = input_file_error(path)) return err;
    errno = 0;
    in.open(path, std::ios::binary);
    if (!in) return "cannot open '" + path + "': " + std::strerror(errno ? errno : EACCES);
    return std::nullopt;
}

std::optional<std::string> read_input_file(const std::string& path, std::size_t max_bytes,
                                           std::string& out) {
    std::ifstream file;
    if (path != "-") {
        if (auto err = open_input_file(path, file)) return err;
    }
    std::istream& in = path == "-" ? std::cin : file;
    out.clear();
    char buf[65536];
    while (in) {
        in.read(buf, sizeof buf);
        const std::size_t n = std::size_t(in.gcount());
        if (out.size() + n > max_bytes)
            return "'" + path + "' is larger than the limit of " + std::to_string(max_bytes) +
                   " bytes";
        out.append(buf, n);
    }
    if (in.bad()) return "read error on '" + path + "'";
    return std::nullopt;
}

bool same_file(const std::string& a, const std::string& b) {
    struct stat sa, sb;
    if (::stat(a.c_str(), &sa) != 0 || ::stat(b.c_str(), &sb) != 0) return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

}  // namespace glossfish
