// Recognising and repairing the resumable output of `glossfish puzzles` (see resume_scan.h).
#include "io/resume_scan.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>

#include "io/input_file.h"
#include "io/input_limits.h"
#include "io/line_reader.h"
#include "io/utf8.h"

namespace glossfish {

namespace {

bool blank(const std::string& line) { return line.find_first_not_of(" \t\r") == std::string::npos; }

// Why a complete line is not one of our records, or empty when it is.
std::string record_error(const std::string& line, const ResumeFormat& format, std::string& id) {
    const auto j = nlohmann::ordered_json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return "not a JSON object";
    if (j.empty() || j.begin().key() != "id") return "the object does not start with \"id\"";
    const auto& v = j.begin().value();
    if (!v.is_string() || v.get_ref<const std::string&>().empty())
        return "\"id\" is not a non-empty string";
    std::string why;
    id = format.key(j, why);
    return id.empty() ? why : std::string();
}

// A record of `glossfish puzzles`: "fen" and "tree"; its key is the id.
const ResumeFormat& puzzles_format() {
    static const ResumeFormat format{
        [](const nlohmann::ordered_json& j, std::string& why) -> std::string {
            auto fen = j.find("fen");
            if (fen == j.end() || !fen->is_string()) {
                why = "no \"fen\" string";
                return {};
            }
            auto tree = j.find("tree");
            if (tree == j.end() || !tree->is_object()) {
                why = "no \"tree\" object";
                return {};
            }
            return j.begin().value().get<std::string>();
        },
        "glossfish puzzles output"};
    return format;
}

}  // namespace

ResumeScan scan_puzzles_output(std::istream& in) { return scan_output(in, puzzles_format()); }

ResumeScan scan_output(std::istream& in, const ResumeFormat& format) {
    ResumeScan scan;
    LineReader reader(in, MaxRecordLine);
    std::uint64_t offset = 0;
    while (std::optional<InputLine> line = reader.next()) {
        auto refuse = [&](const std::string& why) {
            scan.error = "line " + std::to_string(line->number) + ": " + why;
            scan.refused = true;
            return scan;
        };
        if (line->cut) return refuse("longer than " + std::to_string(MaxRecordLine) + " bytes");
        if (!line->terminated) {
            if (line->text.rfind("{\"id\":", 0) != 0)
                return refuse("an unterminated last line that is not a torn record: " +
                              quote_input(line->text));
            scan.truncated_bytes = line->length;
            break;
        }
        offset += line->length + 1;
        scan.kept_bytes = offset;
        if (blank(line->text)) continue;
        std::string id;
        if (std::string why = record_error(line->text, format, id); !why.empty())
            return refuse(why + ": " + quote_input(line->text));
        scan.ids.insert(id);
        ++scan.records;
    }
    if (in.bad()) scan.error = "read error";
    return scan;
}

std::string resumable_output_error(const std::string& path,
                                   const std::vector<std::string>& inputs) {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) {
        if (errno == ENOENT) return {};
        return "cannot use '" + path + "' as output: " + std::strerror(errno);
    }
    if (S_ISDIR(st.st_mode)) return "the output '" + path + "' is a directory, not a file";
    if (!S_ISREG(st.st_mode))
        return "the output '" + path + "' is " +
               (S_ISCHR(st.st_mode)    ? "a character device"
                : S_ISFIFO(st.st_mode) ? "a FIFO or pipe"
                : S_ISSOCK(st.st_mode) ? "a socket"
                : S_ISBLK(st.st_mode)  ? "a block device"
                                       : "a special file") +
               ", not a regular file: a resumable output is read back to skip finished records";
    for (const std::string& in : inputs)
        if (same_file(in, path))
            return "the output '" + path + "' is the input file '" + in + "': give another --out";
    return {};
}

ResumeScan scan_and_repair_output(const std::string& path, const std::vector<std::string>& inputs) {
    return scan_and_repair_output(path, inputs, puzzles_format());
}

ResumeScan scan_and_repair_output(const std::string& path, const std::vector<std::string>& inputs,
                                  const ResumeFormat& format) {
    ResumeScan scan;
    if (std::string err = resumable_output_error(path, inputs); !err.empty()) {
        scan.error = err;
        scan.refused = true;
        return scan;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        struct stat st;
        if (::stat(path.c_str(), &st) == 0)
            scan.error = "cannot open " + path + ": " + std::strerror(errno);
        return scan;  // no file yet: nothing done
    }
    scan = scan_output(in, format);
    in.close();
    if (!scan.ok()) {
        scan.error = scan.refused ? "'" + path + "' is not " + format.what + " (" + scan.error +
                                        "); it is left untouched: give another --out"
                                  : "read error on " + path;
        return scan;
    }
    if (scan.truncated_bytes > 0 && ::truncate(path.c_str(), off_t(scan.kept_bytes)) != 0)
        scan.error = "cannot truncate " + path + ": " + std::strerror(errno);
    return scan;
}

}  // namespace glossfish
