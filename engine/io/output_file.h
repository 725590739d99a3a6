// The one way the batch commands write an output file (annotate -o, report -o, tree --out,
// verbalize --out, tepp --out, judge --out). The given path is resolved first: symlinks are
// followed (the link stays, its target gets the output); a directory is refused; an input file
// of the run is refused; a special file (character device such as /dev/null or /dev/full, a
// FIFO, a socket) is written in place, never replaced. A regular file (or a new one) is
// written either:
//   Replace: to TARGET.tmp.PID beside the target, renamed onto it by commit(); a run that dies
//     leaves the old file intact; SIGINT/SIGTERM/SIGHUP remove the temporary; a temporary of
//     an earlier run whose PID is no longer alive is removed when the next run opens the target.
//     When the directory does not let us create the temporary, the file is written in place.
//   Stream: truncated and written in place as the run goes (records readable during the run).
// Writes block on the file only.
#pragma once

#include <optional>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

namespace glossfish {

// What an output path leads to once symlinks are followed.
struct OutputTarget {
    enum class Kind { Missing, Regular, Special, Directory };
    std::string path;  // the final target (the given path when it is not a symlink)
    Kind kind = Kind::Missing;
    std::string kind_name;  // "regular file", "character device", "FIFO", "socket", ...
};

// Resolves path (see the file comment); an error text when a link cannot be followed.
std::optional<std::string> resolve_output(const std::string& path, OutputTarget& target);

// Removes DIR/BASE.tmp.PID files (regular files only) whose PID is not a live process; returns
// how many were removed. A PID reused by another process keeps its file (left alone).
int remove_stale_temporaries(const std::string& target_path);

class OutputFile {
public:
    enum class Mode { Replace, Stream };

    OutputFile();
    ~OutputFile();  // an uncommitted temporary is removed
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    // Opens the output for path (see the file comment). inputs: the run's input files, which
    // the output must not be. Returns the error text ("'x' is a directory, not a file").
    std::optional<std::string> open(const std::string& path, Mode mode,
                                    const std::vector<std::string>& inputs = {});
    // Appends text; false (and error()) when the write failed.
    bool write(std::string_view text);
    // A stream over the output (buffered; flushed by flush() and commit()).
    std::ostream& stream() { return stream_; }
    bool flush();
    // Flushes and closes; in Replace mode renames the temporary onto the target. An error text
    // on failure (the temporary is then removed and the target left as it was).
    std::optional<std::string> commit();
    // Drops what was written to a temporary (a special file or Stream output keeps it).
    void discard();

    const std::string& error() const { return error_; }
    const OutputTarget& target() const { return target_; }
    // The file being written: the temporary, or the target itself when written in place.
    const std::string& writing_path() const { return writing_; }
    bool in_place() const { return writing_ == target_.path; }

private:
    class Buffer : public std::streambuf {
    public:
        explicit Buffer(OutputFile& owner) : owner_(owner) { setp(data_, data_ + sizeof data_); }
        int sync() override;
        int_type overflow(int_type c) override;
        std::streamsize xsputn(const char* s, std::streamsize n) override;
        void drop() { setp(data_, data_ + sizeof data_); }  // forgets unwritten bytes

    private:
        OutputFile& owner_;
        char data_[1 << 16];
    };
    bool write_fd(const char* data, std::size_t size);

    OutputTarget target_;
    std::string writing_;
    std::string error_;
    int fd_ = -1;
    bool temporary_ = false;
    Buffer buffer_;
    std::ostream stream_;
};

}  // namespace glossfish
