// What the judge's files share (internal to judge/): the outcome of a verdict.
#pragma once

#include <string>
#include <string_view>

#include "claims/metrics.h"

namespace glossfish::verifier::judge_detail {

// The outcome of a verdict given without its sub-claims: one sub-claim, true (correct), false
// (incorrect), else none decided.
AtomOutcome outcome_of(Verdict verdict);

}  // namespace glossfish::verifier::judge_detail
