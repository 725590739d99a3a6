// The outcome of a verdict, shared by the judge's files.
#include "judge/judge_text.h"

namespace glossfish::verifier {

namespace judge_detail {

AtomOutcome outcome_of(Verdict verdict) {
    if (verdict == Verdict::Correct) return {1, 0};
    if (verdict == Verdict::Incorrect) return {1, 1};
    return {};
}

}  // namespace judge_detail

}  // namespace glossfish::verifier
