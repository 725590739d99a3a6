// Commentary metrics over verdicts, as plain functions over plain structs (the LLM judge uses
// the same API): factual precision, sub-claim error rate, move-quality F1 from stances, per
// position and overall, with 95% bootstrap intervals clustered by position.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "analysis/quality.h"
#include "claims/claims.h"

namespace glossfish::verifier {

// One atom, reduced to what the metrics need. As ACT-Eval counts: an atom is correct only when
// every sub-claim is verified true; an atom none of whose sub-claims a tool could decide is
// unverifiable and left out of precision; an atom with true sub-claims and undecided ones (none
// false) is partly verified: verifiable, but not correct.
struct AtomOutcome {
    int verifiable = 0;  // sub-claims that were true or false
    int failed = 0;      // sub-claims that were false
    int unverified = 0;  // sub-claims no tool could decide
    bool is_verifiable() const { return verifiable > 0; }
    bool correct() const { return verifiable > 0 && failed == 0 && unverified == 0; }
    bool partly_verified() const { return verifiable > 0 && failed == 0 && unverified > 0; }
    Verdict verdict() const { return verdict_of_counts(verifiable, failed, unverified); }
};

// One commented position.
struct PositionRecord {
    std::string id;
    std::vector<AtomOutcome> atoms;
    Stance stance = Stance::Inconclusive;      // the commentary's stance on the played move
    std::optional<QualityLabel> engine_label;  // the played move's label; none: no F1 entry
    // The judge's gold atoms, and those matched by a generated atom that was verified correct.
    int gold_atoms = 0, gold_matched = 0;
};

// The record of a position verdict (id defaults to its FEN and move).
PositionRecord record_of(const PositionVerdict& v, std::string id = {});

// Counts and ratios. A ratio with a zero denominator is empty (null in JSON).
struct Metrics {
    int positions = 0;
    int atoms = 0, verifiable_atoms = 0, correct_atoms = 0;
    int partly_verified_atoms = 0;  // verifiable, not correct: some sub-claims undecided
    int verifiable_subclaims = 0, failed_subclaims = 0;
    int unverified_subclaims = 0;  // left out of the error rate
    // Move-quality F1: positive = mistake or blunder; predicted positive = a bad stance.
    // Positions labelled inaccuracy, or without a label, are excluded (f1_excluded).
    int tp = 0, fp = 0, fn = 0, tn = 0, f1_excluded = 0;
    std::optional<double> precision;   // correct atoms / verifiable atoms
    std::optional<double> error_rate;  // failed sub-claims / verifiable sub-claims
    std::optional<double> f1;          // 2tp / (2tp + fp + fn)
    std::optional<double> quality_precision, quality_recall;  // tp/(tp+fp), tp/(tp+fn)
    int gold_atoms = 0, gold_matched = 0;
    std::optional<double> recall;  // atomic recall: gold atoms matched / gold atoms
    int unverifiable_atoms() const { return atoms - verifiable_atoms; }
};

// How unverifiable atoms and sub-claims count, in one sentence with m's numbers (the summary's
// "counting" field and the last line of its tables).
std::string counting_text(const Metrics& m);

// Metrics of a set of positions (micro-averaged: counts are pooled before dividing).
Metrics compute_metrics(const std::vector<PositionRecord>& records);
inline Metrics compute_metrics(const PositionRecord& record) {
    return compute_metrics(std::vector{record});
}

struct Interval {
    std::optional<double> low, high;  // empty when no resample had the ratio defined
    int defined = 0;                  // resamples in which the ratio was defined
};

struct BootstrapResult {
    Interval precision, error_rate, f1;
    Interval recall, quality_precision, quality_recall;
    int resamples = 0;
    std::uint64_t seed = 0;
    double level = 0.95;
};

// Percentile bootstrap: `resamples` draws of positions with replacement (clusters: a
// position's atoms stay together), metrics recomputed on each, the (1-level)/2 and
// 1-(1-level)/2 quantiles of the defined values. Draws come from std::mt19937_64(seed) as
// `engine() % n`, so results are the same on every platform. resamples >= 1.
BootstrapResult bootstrap(const std::vector<PositionRecord>& records, int resamples = 10000,
                          std::uint64_t seed = 20260101, double level = 0.95);

// {"positions","atoms","verifiable_atoms","correct_atoms","partly_verified_atoms",
//  "unverifiable_atoms","precision","verifiable_subclaims","failed_subclaims",
//  "unverified_subclaims","error_rate","f1":{"tp","fp","fn","tn","excluded","value","precision",
//  "recall"}, "gold_atoms","gold_matched","recall"}
nlohmann::json metrics_json(const Metrics& m);
// {"resamples","seed","level","precision":[low,high],"error_rate":[..],"f1":[..],"recall":[..],
//  "quality_precision":[..],"quality_recall":[..]}
nlohmann::json bootstrap_json(const BootstrapResult& b);
// One line: "precision 1/3 (33.3%), sub-claim errors 2/3 (66.7%), stance bad vs blunder".
std::string metrics_line(const Metrics& m);

}  // namespace glossfish::verifier
