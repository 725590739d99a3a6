// Opening the input files of the batch commands with precise errors: a directory is "is a
// directory" (not an empty input, not "bad JSON"), a missing file names the system's reason,
// and a whole-file read has a size bound. Also: whether two paths are the same file (an
// output must never be one of the inputs). Blocks on the file system only.
#pragma once

#include <cstddef>
#include <fstream>
#include <optional>
#include <string>

namespace glossfish {

// Why path cannot be read as an input file ("'x' is a directory", "cannot open 'x': No such
// file or directory"), or nullopt when it can. "-" (stdin) is always readable.
std::optional<std::string> input_file_error(const std::string& path);

// Opens path for reading into `in` (binary); on failure returns input_file_error's text.
std::optional<std::string> open_input_file(const std::string& path, std::ifstream& in);

// Reads a whole file (or stdin for "-") of at most max_bytes into `out`; the error names the
// file and the limit when it is larger.
std::optional<std::string> read_input_file(const std::string& path, std::size_t max_bytes,
                                           std::string& out);

// True when both paths name one existing file (same device and inode; symlinks followed).
bool same_file(const std::string& a, const std::string& b);

}  // namespace glossfish
