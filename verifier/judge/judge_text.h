// Words the judge compares, shared by its files (internal to judge/).
#pragma once

#include <string>
#include <string_view>

#include "claims/metrics.h"

namespace glossfish::verifier::judge_detail {

// The text in lower case (ASCII).
std::string lower(std::string_view s);
// A SAN move without check, mate and annotation marks ("Nc7+" -> "Nc7").
std::string bare_san(std::string_view san);
// The outcome of a verdict given without its sub-claims: one sub-claim, true (correct), false
// (incorrect), else none decided.
AtomOutcome outcome_of(Verdict verdict);

}  // namespace glossfish::verifier::judge_detail
