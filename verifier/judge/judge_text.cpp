// Words the judge compares: lower case, bare SAN, atom verdict words.
#include "judge/judge_text.h"

#include <cctype>

namespace glossfish::verifier {

namespace judge_detail {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// A SAN move without check, mate and annotation marks ("Nc7+" -> "Nc7").
std::string bare_san(std::string_view san) {
    std::string s(san);
    while (!s.empty() && std::string_view("+#!?").find(s.back()) != std::string_view::npos)
        s.pop_back();
    return s;
}

AtomOutcome outcome_of(Verdict verdict) {
    if (verdict == Verdict::Correct) return {1, 0};
    if (verdict == Verdict::Incorrect) return {1, 1};
    return {};
}

}  // namespace judge_detail

}  // namespace glossfish::verifier
