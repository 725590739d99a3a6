// libFuzzer target: the recogniser of `glossfish puzzles` output (engine/io/resume_scan.h). The
// input is an existing --out file. Checks: a refusal names a line and is valid UTF-8 and short;
// an accepted file's kept bytes end on a line boundary, the torn tail starts with {"id": and
// holds no newline, kept + torn is the whole input, and every id is one of the input's records.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "io/resume_scan.h"
#include "io/utf8.h"

using namespace glossfish;

namespace {

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_resume_scan: %s\n", what);
        std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::istringstream in(text);
    const ResumeScan s = scan_puzzles_output(in);
    if (!s.ok()) {
        check(s.refused, "an error on an in-memory stream that is not a refusal");
        check(s.error.rfind("line ", 0) == 0, "a refusal without its line");
        check(!invalid_utf8_at(s.error), "a refusal that is not UTF-8");
        check(s.error.size() < 400, "a refusal quoting too much");
        return 0;
    }
    check(s.kept_bytes + s.truncated_bytes == text.size(), "kept + torn is not the input");
    check(s.kept_bytes == 0 || text[s.kept_bytes - 1] == '\n', "kept bytes end mid-line");
    const std::string torn = text.substr(s.kept_bytes);
    check(torn.find('\n') == std::string::npos, "a torn tail with a newline");
    check(torn.empty() || torn.rfind("{\"id\":", 0) == 0, "a torn tail that is not a record");
    check(s.ids.size() <= s.records, "more ids than records");
    for (const std::string& id : s.ids)
        check(!id.empty() && text.find(id.substr(0, 1)) != std::string::npos, "an id from nowhere");
    return 0;
}
