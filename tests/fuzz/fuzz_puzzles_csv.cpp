// libFuzzer target: the lichess puzzle CSV reader (engine/analysis/puzzles.h) and the position
// JSONL reader on the same bytes. Checks: every kept record is valid UTF-8 and serialises as an
// output record; every skipped row names a line inside the input and a reason that is valid
// UTF-8 and short.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "analysis/puzzles.h"
#include "io/utf8.h"
#include "rules/bitboard.h"

using namespace glossfish;

namespace {

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_puzzles_csv: %s\n", what);
        std::abort();
    }
}

void check_file(const PuzzleFile& f, std::size_t lines) {
    if (!f.ok()) {
        check(!invalid_utf8_at(f.error) && f.error.size() < 400, "a bad file error");
        return;
    }
    for (const PuzzleRowError& e : f.errors) {
        check(e.line >= 1 && std::size_t(e.line) <= lines + 1, "a row error outside the input");
        check(!invalid_utf8_at(e.reason) && e.reason.size() < 600, "a bad row reason");
    }
    for (const PuzzleRecord& r : f.records) {
        check(!invalid_utf8_at(r.id), "an id that is not UTF-8");
        for (const std::string& t : r.themes)
            check(!invalid_utf8_at(t), "a theme that is not UTF-8");
        StrategyTree tree;
        (void)puzzle_output_record(r, tree).dump();  // must not throw
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool initialized = (init_bitboards(), true);
    (void)initialized;
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::size_t lines = 0;
    for (char c : text) lines += c == '\n';
    std::istringstream csv(text);
    check_file(read_lichess_puzzles(csv), lines);
    std::istringstream jsonl(text);
    check_file(read_position_jsonl(jsonl), lines);
    return 0;
}
