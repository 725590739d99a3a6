// libFuzzer target: the recogniser of `glossfish sweep` output (a resumed --out, or --report
// files): engine/io/resume_scan.h with the sweep record key (verifier/llm/sweep.h), and the
// table made from the accepted records. Checks: a refusal names its line; an accepted file's
// kept bytes end on a line boundary and kept + torn is the input; the table of its records is
// made without failing and every row's puzzle and run counts are positive.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "io/line_reader.h"
#include "io/resume_scan.h"
#include "llm/sweep.h"

using namespace glossfish;

namespace {

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_sweep_records: %s\n", what);
        std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const ResumeFormat format{[](const nlohmann::ordered_json& j, std::string& why) {
                                  return verifier::sweep_record_key(j, why);
                              },
                              "glossfish sweep output"};
    std::istringstream in(text);
    const ResumeScan s = scan_output(in, format);
    if (!s.ok()) {
        check(s.error.rfind("line ", 0) == 0, "a refusal without its line");
        return 0;
    }
    check(s.kept_bytes + s.truncated_bytes == text.size(), "kept + torn is not the input");
    check(s.kept_bytes == 0 || text[s.kept_bytes - 1] == '\n', "kept bytes end mid-line");
    std::vector<nlohmann::ordered_json> records;
    std::istringstream kept(text.substr(0, s.kept_bytes));
    for (std::string line; std::getline(kept, line);) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        records.push_back(nlohmann::ordered_json::parse(line));
    }
    for (const auto& t : verifier::sweep_tables(records))
        for (const auto& r : t.rows) check(r.puzzles > 0 && r.runs > 0, "an empty row");
    (void)verifier::sweep_table_text(verifier::sweep_tables(records));
    return 0;
}
