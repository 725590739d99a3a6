// Judged records as metrics records and JSON, judging a stream of lines, and the summary of
// a run (JSON and table).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <istream>
#include <ostream>

#include "io/input_limits.h"
#include "io/json_line.h"
#include "io/line_reader.h"
#include "judge/judge.h"
#include "judge/judge_text.h"

namespace glossfish::verifier {

using nlohmann::json;

PositionRecord judge_metrics_record(const JudgedRecord& r, std::optional<UnitType> only) {
    PositionRecord p;
    p.id = r.id.is_null() ? "line " + std::to_string(r.line)
                          : (r.id.is_string() ? r.id.get<std::string>() : r.id.dump());
    for (const auto& a : r.atoms) {
        if (!only) {
            p.atoms.push_back(a.outcome);
        } else if (a.type == *only) {
            p.atoms.push_back(a.event_outcome ? *a.event_outcome : a.outcome);
        }
    }
    if (only) return p;  // no stance, label or gold atoms: the split reports precision only
    p.stance = r.stance;
    p.engine_label = r.engine_label;
    p.gold_atoms = int(r.gold.size());
    for (std::size_t g = 0; g < r.matches.size(); ++g)
        if (r.gold_covered(g)) ++p.gold_matched;
    return p;
}

std::vector<int> JudgedRecord::correct_matches(std::size_t g) const {
    std::vector<int> out;
    if (g >= matches.size()) return out;
    for (int i : matches[g])
        if (i >= 1 && std::size_t(i) <= atoms.size() && atoms[std::size_t(i - 1)].outcome.correct())
            out.push_back(i);
    return out;
}

namespace {

// The events descriptive recall expects: the reference's when the record has one, else the
// board's.
std::vector<std::string> expected_events(const JudgedRecord& r) {
    return r.reference_events ? *r.reference_events : produced_events(r.events);
}

// The expected events that some descriptive unit names.
std::vector<std::string> events_named(const JudgedRecord& r) {
    std::vector<std::string> out;
    for (const auto& e : expected_events(r))
        for (const auto& a : r.atoms)
            if (a.type == UnitType::Descriptive &&
                std::find(a.events.begin(), a.events.end(), e) != a.events.end()) {
                out.push_back(e);
                break;
            }
    return out;
}

nlohmann::json event_recall_json(const JudgedRecord& r) {
    json j = {{"source", r.reference_events ? "reference" : "board"},
              {"produced", produced_events(r.events)}};
    if (r.reference_events) j["reference"] = *r.reference_events;
    j["mentioned"] = events_named(r);
    return j;
}

}  // namespace

EventRecall event_recall(const JudgedRecord& r) {
    return {int(expected_events(r).size()), int(events_named(r).size()), 1,
            r.reference_events ? 1 : 0};
}

json judged_json(const JudgedRecord& r) {
    if (!r.ok()) return {{"line", r.line}, {"id", r.id}, {"error", r.error}};
    json atoms = json::array();
    for (const auto& a : r.atoms) {
        json j = {{"text", a.text},
                  {"context", a.context},
                  {"type", unit_type_name(a.type)},
                  {"method", a.method},
                  {"sentence", a.sentence ? json(a.sentence) : json(nullptr)},
                  {"verdict", verdict_name(a.verdict)},
                  {"verifiable", a.outcome.verifiable},
                  {"failed", a.outcome.failed},
                  {"unverified", a.outcome.unverified}};
        if (a.method == "llm") j["subclaims"] = a.subclaims;
        if (a.method != "llm" || !a.claims.empty()) {
            json c = json::array();
            for (const auto& s : a.claims) c.push_back(sub_claim_json(s));
            j["claims"] = c;
        }
        j["detail"] = a.detail.is_null() ? json::object() : a.detail;
        if (!a.unread_reason.empty() && a.claims.empty()) j["unread"] = a.unread_reason;
        if (!a.error.empty()) j["error"] = a.error;
        if (a.event_outcome) {
            j["events"] = a.events;
            j["event_verdict"] = verdict_name(a.event_outcome->verdict());
        }
        atoms.push_back(std::move(j));
    }
    json matches = json::array();
    for (std::size_t g = 0; g < r.matches.size(); ++g)
        matches.push_back({{"gold", g + 1},
                           {"atoms", r.matches[g]},
                           {"correct_atoms", r.correct_matches(g)},
                           {"matched", r.gold_covered(g)}});
    const PositionRecord p = judge_metrics_record(r);
    const Metrics m = compute_metrics(p);
    json out = {
        {"line", r.line},
        {"id", r.id},
        {"fen", r.fen},
        {"move", r.move},
        {"commentary", r.commentary},
        {"events", events_json(r.events)},
        {"engine_label", r.engine_label ? json(label_name(*r.engine_label)) : json(nullptr)},
        {"scheme", scheme_name(r.scheme)},
        {"engine_reasons", r.engine_reasons},
        {"stance", stance_name(r.stance)},
        {"stance_source", r.stance_source},
        {"stance_quote", r.stance_quote},
        {"atoms", atoms},
        {"gold_atoms", r.gold},
        {"matches", matches},
        {"match_method", r.match_method.empty() ? json(nullptr) : json(r.match_method)},
        {"recall", m.recall ? json(std::round(*m.recall * 10000) / 10000) : json(nullptr)},
        {"event_recall", event_recall_json(r)},
        {"warnings", r.warnings},
        {"requests", r.requests},
        {"metrics", metrics_json(m)}};
    if (r.reference) out["reference"] = *r.reference;
    if (r.gold_source != "given") out["gold_source"] = r.gold_source;
    put_chain_json(r.chains, out);
    return out;
}

std::vector<JudgedRecord> judge_lines(
    const Judge& judge, std::istream& in, std::ostream& out,
    const std::function<bool(std::string_view line, std::size_t number)>& keep) {
    std::vector<JudgedRecord> records;
    LineReader reader(in, MaxJsonlLine);
    while (std::optional<InputLine> line = reader.next()) {
        const std::size_t number = line->number;
        if (!line->cut && line->text.find_first_not_of(" \t\r") == std::string::npos) continue;
        if (keep && !keep(line->text, number)) continue;
        std::string error;
        std::optional<JudgeInput> input;
        if (line->cut) error = line_too_long_text(*line, MaxJsonlLine);
        else input = parse_judge_line(line->text, number, &error);
        JudgedRecord rec;
        if (input) {
            rec = judge.judge(*input);
        } else {
            rec.line = number;
            if (!line->cut) rec.id = parse_json_text(line->text).id;  // also from a bad line
            rec.error = error;
        }
        if (!rec.ok()) rec.error = "line " + std::to_string(number) + ": " + rec.error;
        out << judged_json(rec).dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
        out.flush();
        records.push_back(std::move(rec));
    }
    return records;
}

JudgeSummary summarize(const std::vector<JudgedRecord>& records, int resamples,
                       std::uint64_t seed) {
    JudgeSummary s;
    std::vector<PositionRecord> all;
    for (const auto& r : records) {
        if (!r.ok()) {
            ++s.skipped;
            continue;
        }
        ++s.records;
        const std::string scheme = scheme_name(r.scheme);
        if (s.scheme.empty()) s.scheme = scheme;
        else if (s.scheme != scheme) s.scheme = "mixed";
        all.push_back(judge_metrics_record(r));
        EventRecall e = event_recall(r);
        s.events.produced += e.produced;
        s.events.mentioned += e.mentioned;
        s.events.records += e.records;
        s.events.reference_records += e.reference_records;
    }
    s.overall = compute_metrics(all);
    s.overall_ci = bootstrap(all, resamples, seed);
    std::vector<const ChainAnalysis*> chains;
    for (const auto& r : records)
        if (r.ok()) chains.push_back(&r.chains);
    s.chains = summarize_chains(chains, resamples, seed);
    for (UnitType t : {UnitType::Descriptive, UnitType::Analytical, UnitType::Background}) {
        std::vector<PositionRecord> part;
        for (const auto& r : records)
            if (r.ok()) part.push_back(judge_metrics_record(r, t));
        s.types.push_back({t, compute_metrics(part), bootstrap(part, resamples, seed)});
    }
    return s;
}

namespace {

// Where descriptive recall's expected events came from: "board", "reference", "mixed", or
// null with no record.
json event_source(const EventRecall& e) {
    if (e.records == 0) return nullptr;
    if (e.reference_records == 0) return "board";
    if (e.reference_records == e.records) return "reference";
    return "mixed";
}

}  // namespace

json summary_json(const JudgeSummary& s) {
    json j = metrics_json(s.overall);
    j["bootstrap"] = bootstrap_json(s.overall_ci);
    j["records"] = s.records;
    j["skipped"] = s.skipped;
    j["scheme"] = s.scheme.empty() ? json(nullptr) : json(s.scheme);
    j["counting"] = counting_text(s.overall);
    json types = json::object();
    for (const auto& t : s.types) {
        json b = bootstrap_json(t.ci);
        types[unit_type_name(t.type)] = {{"atoms", t.metrics.atoms},
                                         {"verifiable_atoms", t.metrics.verifiable_atoms},
                                         {"correct_atoms", t.metrics.correct_atoms},
                                         {"precision", metrics_json(t.metrics)["precision"]},
                                         {"interval", b["precision"]}};
    }
    j["types"] = types;
    j["chains"] = chain_summary_json(s.chains);
    j["event_recall"] = {
        {"produced", s.events.produced},
        {"mentioned", s.events.mentioned},
        {"value", s.events.produced
                      ? json(std::round(10000.0 * s.events.mentioned / s.events.produced) / 10000)
                      : json(nullptr)},
        {"source", event_source(s.events)},
        {"reference_records", s.events.reference_records}};
    return {{"summary", j}};
}

std::string summary_table(const JudgeSummary& s) {
    auto fmt = [](const std::optional<double>& v) {
        char buf[32];
        if (!v) return std::string("n/a");
        std::snprintf(buf, sizeof buf, "%.3f", *v);
        return std::string(buf);
    };
    auto ci = [&](const Interval& i) {
        if (!i.low) return std::string("n/a");
        return "[" + fmt(i.low) + ", " + fmt(i.high) + "]";
    };
    std::string out;
    auto row = [&](const std::string& name, const std::optional<double>& v,
                   const std::string& count, const Interval& i) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "%-28s %-7s %-13s %s\n", name.c_str(), fmt(v).c_str(),
                      count.c_str(), ci(i).c_str());
        out += buf;
    };
    auto frac = [](int a, int b) { return std::to_string(a) + "/" + std::to_string(b); };
    const Metrics& m = s.overall;
    const BootstrapResult& b = s.overall_ci;
    char head[200];
    std::snprintf(head, sizeof head,
                  "records %d (skipped %d); 95%% intervals: %d resamples clustered by position, "
                  "seed %llu\n",
                  s.records, s.skipped, b.resamples, static_cast<unsigned long long>(b.seed));
    out += head;
    std::snprintf(head, sizeof head, "%-28s %-7s %-13s %s\n", "metric", "value", "count", "95% CI");
    out += head;
    row("factual precision", m.precision, frac(m.correct_atoms, m.verifiable_atoms), b.precision);
    row("sub-claim error rate", m.error_rate, frac(m.failed_subclaims, m.verifiable_subclaims),
        b.error_rate);
    row("atomic recall", m.recall, frac(m.gold_matched, m.gold_atoms), b.recall);
    row("move-quality F1", m.f1,
        "tp" + std::to_string(m.tp) + " fp" + std::to_string(m.fp) + " fn" + std::to_string(m.fn),
        b.f1);
    row("  quality precision", m.quality_precision, frac(m.tp, m.tp + m.fp), b.quality_precision);
    row("  quality recall", m.quality_recall, frac(m.tp, m.tp + m.fn), b.quality_recall);
    for (const auto& t : s.types)
        row(std::string("precision, ") + unit_type_name(t.type), t.metrics.precision,
            frac(t.metrics.correct_atoms, t.metrics.verifiable_atoms), t.ci.precision);
    const json source = event_source(s.events);
    // "event recall, descriptive" against the board's events, else ", reference" / ", mixed".
    row(std::string("event recall, ") + (source.is_string() && source != "board"
                                             ? source.get<std::string>()
                                             : std::string("descriptive")),
        s.events.produced ? std::optional<double>(double(s.events.mentioned) / s.events.produced)
                          : std::nullopt,
        frac(s.events.mentioned, s.events.produced), Interval{});
    const ChainSummary& c = s.chains;
    row("proposition faithfulness", c.proposition_faithfulness,
        frac(c.holding_propositions, c.propositions), c.proposition_ci);
    row("edge faithfulness", c.edge_faithfulness, frac(c.holding_edges, c.edges), c.edge_ci);
    row("faithfulness (TACE)", c.faithfulness,
        frac(c.holding_propositions + c.holding_edges, c.propositions + c.edges),
        c.faithfulness_ci);
    row("chain depth, mean", c.mean_depth, std::to_string(c.records) + " records", c.mean_depth_ci);
    row("chain depth, max", c.records ? std::optional<double>(c.max_depth) : std::nullopt,
        std::to_string(c.records) + " records", c.max_depth_ci);
    row("chain depth, normalised", c.normalized_depth,
        std::to_string(c.normalized_records) + " records", c.normalized_depth_ci);
    return out;
}

std::string act_eval_table(const JudgeSummary& s, std::string_view row) {
    // A cell: the ratio in percent with its interval, "n/a" when undefined.
    auto cell = [](const std::optional<double>& v, const Interval& i) {
        char buf[64];
        if (!v) return std::string("n/a");
        if (i.low)
            std::snprintf(buf, sizeof buf, "%.1f [%.1f, %.1f]", 100 * *v, 100 * *i.low,
                          100 * *i.high);
        else std::snprintf(buf, sizeof buf, "%.1f", 100 * *v);
        return std::string(buf);
    };
    const Metrics& m = s.overall;
    const BootstrapResult& b = s.overall_ci;
    std::string name(row);
    std::size_t width = std::max<std::size_t>(10, name.size());
    char buf[400];
    std::string out = "ACT-Eval table (percent; 95% intervals, " + std::to_string(b.resamples) +
                      " resamples clustered by position; move-quality labels: " +
                      (s.scheme.empty() ? std::string("none") : s.scheme) + ")\n";
    std::snprintf(buf, sizeof buf, "%-*s  %-24s %-24s %-24s %s\n", int(width), "commentary",
                  "precision (up)", "sub-claim errors (down)", "atomic recall (up)", "MQ-F1 (up)");
    out += buf;
    std::snprintf(buf, sizeof buf, "%-*s  %-24s %-24s %-24s %s\n", int(width), name.c_str(),
                  cell(m.precision, b.precision).c_str(), cell(m.error_rate, b.error_rate).c_str(),
                  cell(m.recall, b.recall).c_str(), cell(m.f1, b.f1).c_str());
    out += buf;
    out += "counting: " + counting_text(m) + "\n";
    return out;
}

}  // namespace glossfish::verifier
