// The resumable output of `glossfish puzzles`: before a run appends to an existing --out file,
// the file is checked and read back to skip the records it already holds. It must be a regular
// file (not /dev/full, a FIFO, a pipe, a directory), must not be one of the run's inputs, and
// must be glossfish puzzles output, recognised line by line:
//   - a complete line (ending in '\n') is blank, or a JSON object whose first member is "id"
//     (a non-empty string) and which has "fen" (a string) and "tree" (an object), as
//     puzzle_output_record writes it;
//   - a last line without '\n' (a run killed in the middle of a write) is a torn record when it
//     starts with {"id": and is then cut away; any other unterminated last line is not ours;
//   - no line is longer than MaxRecordLine.
// Anything else is refused with the line and the reason, and the file is left untouched. The
// file is read as a stream (one line in memory at a time).
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

namespace glossfish {

// The state of an existing output file before a resumed run.
struct ResumeScan {
    std::set<std::string> ids;          // ids of the complete records
    std::uint64_t kept_bytes = 0;       // the file's size after the scan
    std::uint64_t truncated_bytes = 0;  // a torn last record (no '\n') cut away
    std::uint64_t records = 0;          // complete record lines
    std::string error;     // refused (not ours, not a regular file, the input) or I/O failure
    bool refused = false;  // error is about the file given (exit 2), not an I/O failure (1)
    bool ok() const { return error.empty(); }
};

// Scans the text of an output (see the file comment); no file is touched. The error names the
// line ("line 3: not a JSON object").
ResumeScan scan_puzzles_output(std::istream& in);

// Another command's resumable output (`glossfish sweep`): the same rules, except that a
// complete record line is recognised by `key`, which returns the record's key (put in ids) or
// an empty string with `why` set when the object is not one of the command's records. `what`
// names the output in errors ("glossfish sweep output").
struct ResumeFormat {
    std::function<std::string(const nlohmann::ordered_json& record, std::string& why)> key;
    std::string what;
};
ResumeScan scan_output(std::istream& in, const ResumeFormat& format);

// Checks path (see the file comment) and scans it; cuts a torn last record so that appending
// continues on a line boundary. A missing file is an empty scan. inputs: the run's input files.
ResumeScan scan_and_repair_output(const std::string& path,
                                  const std::vector<std::string>& inputs = {});
ResumeScan scan_and_repair_output(const std::string& path, const std::vector<std::string>& inputs,
                                  const ResumeFormat& format);

// Why path cannot be the resumable output (not a regular file, a directory, one of the inputs),
// or empty when it can (also when it does not exist yet). Reads nothing.
std::string resumable_output_error(const std::string& path, const std::vector<std::string>& inputs);

}  // namespace glossfish
