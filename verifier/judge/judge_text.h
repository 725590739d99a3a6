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
// The outcome of an atom verdict word ("correct", "incorrect", else unverifiable).
AtomOutcome outcome_of_verdict(const std::string& verdict);
// The verdict word of an atom outcome: "correct" (every sub-claim true), "incorrect" (one
// false), "partly_verified" (true and undecided ones), "unverifiable" (none decided).
std::string verdict_of(const AtomOutcome& o);

}  // namespace glossfish::verifier::judge_detail
