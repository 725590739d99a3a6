// The last lines of `glossfish judge` ({"summary"}) and `glossfish verify --jsonl`
// ({"overall"}) rebuilt from their JSONL records, so that `glossfish merge` ends merged shard
// outputs with the summary one run over the whole input writes. Nothing here blocks.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "claims/metrics.h"
#include "judge/judge.h"

namespace glossfish::verifier {

// The fields of a judged_json line that summarize() reads: line, id, error; per atom type,
// verifiable, failed, unverified (0 when absent), events and event_verdict; stance,
// engine_label, scheme (when present), gold_atoms, matches, events and, when its source is the
// reference, event_recall.reference. nullopt with *error set when
// the line is not a judged record.
std::optional<JudgedRecord> judged_record_from_json(const nlohmann::json& j, std::string* error);

// The metrics record of one verify --jsonl answer {"id","line","result"}. nullopt with *error
// empty for an error answer {"id","line","error"} (it has no metrics), with *error set when the
// line is not an answer.
std::optional<PositionRecord> verify_record_from_json(const nlohmann::json& j, std::string* error);

// verify --jsonl's last line: {"overall": metrics_json, "bootstrap": bootstrap_json, "text"}.
nlohmann::json verify_overall_json(const std::vector<PositionRecord>& records, int resamples,
                                   std::uint64_t seed);

// The resamples and seed of a summary line's "bootstrap" (judge: summary.bootstrap, verify:
// bootstrap); nullopt when it has none.
std::optional<std::pair<int, std::uint64_t>> summary_bootstrap_settings(const nlohmann::json& j);

}  // namespace glossfish::verifier
