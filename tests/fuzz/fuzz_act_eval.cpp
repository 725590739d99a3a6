// libFuzzer target: one line of ACT-Eval's published records read by `glossfish import act-eval`
// (read_act_eval_line). An error must carry a message; a record must be a judge record that
// the judge's own reader (parse_judge_line) accepts, with the same id, FEN and gold atoms; the
// whole input read as a file must count every non-blank line once.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

#include "judge/act_eval_import.h"
#include "judge/judge.h"
#include "rules/bitboard.h"

using namespace glossfish;
using namespace glossfish::verifier;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool initialized = (init_bitboards(), true);
    (void)initialized;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::string_view first = text.substr(0, text.find('\n'));
    ActEvalLine r = read_act_eval_line(first);
    switch (r.kind) {
    case ActEvalLine::Kind::Error:
        if (r.error.empty()) std::abort();
        break;
    case ActEvalLine::Kind::Excluded: break;
    case ActEvalLine::Kind::Record: {
        std::string error;
        const std::string line =
            r.record.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        std::optional<JudgeInput> in = parse_judge_line(line, 1, &error);
        if (!in) std::abort();
        if (in->id != r.id || in->fen != r.record["fen"].get<std::string>()) std::abort();
        if (in->gold.size() != r.record["gold_atoms"].size()) std::abort();
        break;
    }
    }
    std::istringstream in{std::string(text)};
    std::ostringstream out;
    int reported = 0;
    ActEvalCounts c = import_act_eval(in, out, [&](const std::string& m) {
        if (m.rfind("line ", 0) != 0) std::abort();
        ++reported;
    });
    if (c.errors != reported || c.records < 0 || c.excluded < 0) std::abort();
    return 0;
}
