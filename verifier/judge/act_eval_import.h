// ACT-Eval's published records read into judge records (`glossfish import act-eval`). Each of
// their lines is one JSON object: position_number, fen, move_uci, move_san, wp_loss, quality,
// game, engine_lines [{move_uci, move_san, eval, pv_san, cp, mate, is_top}] and the expert's
// extraction `extracted` {include, quality, reasoning, alternative, variation}. A record becomes
//   {"id": "<game>:<position_number>", "fen", "move": move_uci, "commentary": the gold atoms
//    joined, "gold_atoms": extracted.reasoning, "gold_quality": extracted.quality,
//    "gold_variation": extracted.variation, "alternatives": [{"move", "san", "gold_atoms",
//    "variation"}], "act_eval": {"game", "position_number", "move_san", "quality", "wp_loss",
//    "best_uci"}}
// which `glossfish judge` reads (it uses id, fen, move, commentary and gold_atoms and ignores the
// rest). Records the experts excluded (extracted.include false) are counted, not written.
// Nothing blocks on anything but the streams; nothing throws.
#pragma once

#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace glossfish::verifier {

struct ActEvalLine {
    enum class Kind { Record, Excluded, Error };
    Kind kind = Kind::Error;
    nlohmann::json record;  // Record: the judge record
    nlohmann::json id;      // the record's id when game and position_number could be read
    std::string error;      // Error: why, without the line number ("bad FEN: ...")
};

// Reads one line. The FEN is checked first (the rules core's report), then move_uci (legal in
// it; move_san, when given, must name the same move), the id fields and `extracted`.
ActEvalLine read_act_eval_line(std::string_view line);

struct ActEvalCounts {
    int records = 0;   // written
    int excluded = 0;  // extracted.include false
    int errors = 0;    // bad lines, each reported
};

// Reads every line of in (blank lines skipped) and writes one judge record line per included
// record to out. A bad line (not JSON, bad FEN, illegal move, a field of the wrong type, over
// MaxJsonlLine bytes) goes to on_error as "line 7: bad FEN: ..." (or "line 7 (id \"g1:12\"): ..."
// when its id could be read), and the rest goes on.
ActEvalCounts import_act_eval(std::istream& in, std::ostream& out,
                              const std::function<void(const std::string& message)>& on_error);

}  // namespace glossfish::verifier
