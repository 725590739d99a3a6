// Commentary metrics and their position-clustered bootstrap.
#include "claims/metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

namespace glossfish::verifier {

namespace {

std::optional<double> ratio(int num, int den) {
    if (den <= 0) return std::nullopt;
    return double(num) / double(den);
}

// Adds one position's counts to m.
void accumulate(Metrics& m, const PositionRecord& r) {
    ++m.positions;
    m.gold_atoms += r.gold_atoms;
    m.gold_matched += r.gold_matched;
    for (const AtomOutcome& a : r.atoms) {
        ++m.atoms;
        m.verifiable_subclaims += a.verifiable;
        m.failed_subclaims += a.failed;
        m.unverified_subclaims += a.unverified;
        if (a.is_verifiable()) {
            ++m.verifiable_atoms;
            if (a.correct()) ++m.correct_atoms;
            if (a.partly_verified()) ++m.partly_verified_atoms;
        }
    }
    if (!r.engine_label || *r.engine_label == QualityLabel::Inaccuracy) {
        ++m.f1_excluded;
        return;
    }
    const bool actual =
        *r.engine_label == QualityLabel::Mistake || *r.engine_label == QualityLabel::Blunder;
    const bool predicted =
        r.stance == Stance::Bad;  // good and inconclusive stances satisfy a good label
    if (actual && predicted) ++m.tp;
    else if (!actual && predicted) ++m.fp;
    else if (actual) ++m.fn;
    else ++m.tn;
}

void finish(Metrics& m) {
    m.precision = ratio(m.correct_atoms, m.verifiable_atoms);
    m.error_rate = ratio(m.failed_subclaims, m.verifiable_subclaims);
    m.f1 = ratio(2 * m.tp, 2 * m.tp + m.fp + m.fn);
    m.quality_precision = ratio(m.tp, m.tp + m.fp);
    m.quality_recall = ratio(m.tp, m.tp + m.fn);
    m.recall = ratio(m.gold_matched, m.gold_atoms);
}

// The q-quantile of sorted values, linear between neighbours.
double quantile(const std::vector<double>& v, double q) {
    if (v.size() == 1) return v.front();
    double pos = q * double(v.size() - 1);
    std::size_t lo = std::size_t(std::floor(pos)), hi = std::min(lo + 1, v.size() - 1);
    double frac = pos - double(lo);
    return v[lo] + (v[hi] - v[lo]) * frac;
}

Interval interval(std::vector<double> v, double level) {
    Interval out;
    out.defined = int(v.size());
    if (v.empty()) return out;
    std::sort(v.begin(), v.end());
    double a = (1 - level) / 2;
    out.low = quantile(v, a);
    out.high = quantile(v, 1 - a);
    return out;
}

nlohmann::json opt(const std::optional<double>& v) {
    if (!v) return nullptr;
    return std::round(*v * 10000) / 10000;
}

}  // namespace

PositionRecord record_of(const PositionVerdict& v, std::string id) {
    PositionRecord r;
    r.id = id.empty() ? v.fen + (v.move ? " " + *v.move : "") : std::move(id);
    for (const AtomVerdict& a : v.atoms) r.atoms.push_back({a.verifiable, a.failed, a.unverified});
    r.stance = v.stance;
    r.engine_label = v.engine_label;
    return r;
}

Metrics compute_metrics(const std::vector<PositionRecord>& records) {
    Metrics m;
    for (const auto& r : records) accumulate(m, r);
    finish(m);
    return m;
}

BootstrapResult bootstrap(const std::vector<PositionRecord>& records, int resamples,
                          std::uint64_t seed, double level) {
    BootstrapResult out;
    out.resamples = std::max(1, resamples);
    out.seed = seed;
    out.level = level;
    if (records.empty()) return out;
    std::mt19937_64 engine(seed);
    const std::uint64_t n = records.size();
    std::vector<double> p, e, f, r, qp, qr;
    p.reserve(out.resamples);
    e.reserve(out.resamples);
    f.reserve(out.resamples);
    for (int b = 0; b < out.resamples; ++b) {
        Metrics m;
        for (std::uint64_t i = 0; i < n; ++i) accumulate(m, records[engine() % n]);
        finish(m);
        if (m.precision) p.push_back(*m.precision);
        if (m.error_rate) e.push_back(*m.error_rate);
        if (m.f1) f.push_back(*m.f1);
        if (m.recall) r.push_back(*m.recall);
        if (m.quality_precision) qp.push_back(*m.quality_precision);
        if (m.quality_recall) qr.push_back(*m.quality_recall);
    }
    out.precision = interval(std::move(p), level);
    out.error_rate = interval(std::move(e), level);
    out.f1 = interval(std::move(f), level);
    out.recall = interval(std::move(r), level);
    out.quality_precision = interval(std::move(qp), level);
    out.quality_recall = interval(std::move(qr), level);
    return out;
}

nlohmann::json metrics_json(const Metrics& m) {
    return {{"positions", m.positions},
            {"atoms", m.atoms},
            {"verifiable_atoms", m.verifiable_atoms},
            {"correct_atoms", m.correct_atoms},
            {"partly_verified_atoms", m.partly_verified_atoms},
            {"unverifiable_atoms", m.unverifiable_atoms()},
            {"precision", opt(m.precision)},
            {"verifiable_subclaims", m.verifiable_subclaims},
            {"failed_subclaims", m.failed_subclaims},
            {"unverified_subclaims", m.unverified_subclaims},
            {"error_rate", opt(m.error_rate)},
            {"f1",
             {{"tp", m.tp},
              {"fp", m.fp},
              {"fn", m.fn},
              {"tn", m.tn},
              {"excluded", m.f1_excluded},
              {"value", opt(m.f1)},
              {"precision", opt(m.quality_precision)},
              {"recall", opt(m.quality_recall)}}},
            {"gold_atoms", m.gold_atoms},
            {"gold_matched", m.gold_matched},
            {"recall", opt(m.recall)}};
}

nlohmann::json bootstrap_json(const BootstrapResult& b) {
    auto iv = [](const Interval& i) {
        if (!i.low) return nlohmann::json(nullptr);
        return nlohmann::json::array({opt(i.low), opt(i.high)});
    };
    return {{"resamples", b.resamples},
            {"seed", b.seed},
            {"level", b.level},
            {"precision", iv(b.precision)},
            {"error_rate", iv(b.error_rate)},
            {"f1", iv(b.f1)},
            {"recall", iv(b.recall)},
            {"quality_precision", iv(b.quality_precision)},
            {"quality_recall", iv(b.quality_recall)}};
}

std::string counting_text(const Metrics& m) {
    return "an atom is correct only when every sub-claim is verified true; " +
           std::to_string(m.unverifiable_atoms()) + " of " + std::to_string(m.atoms) +
           " atoms had no sub-claim a tool could decide and are left out of precision; " +
           std::to_string(m.partly_verified_atoms) +
           " partly verified atoms (true and undecided sub-claims, none false) count as not "
           "correct; " +
           std::to_string(m.unverified_subclaims) +
           " undecided sub-claims are left out of the error rate";
}

std::string metrics_line(const Metrics& m) {
    auto pct = [](int a, int b) {
        char buf[64];
        if (b == 0) std::snprintf(buf, sizeof buf, "%d/%d (n/a)", a, b);
        else std::snprintf(buf, sizeof buf, "%d/%d (%.1f%%)", a, b, 100.0 * a / b);
        return std::string(buf);
    };
    std::string out = "precision " + pct(m.correct_atoms, m.verifiable_atoms) +
                      ", sub-claim errors " + pct(m.failed_subclaims, m.verifiable_subclaims) +
                      ", atoms " + std::to_string(m.atoms) + " (" +
                      std::to_string(m.atoms - m.verifiable_atoms) + " unverifiable)";
    if (m.f1) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3f", *m.f1);
        out += ", F1 " + std::string(buf);
    }
    out += ", F1 counts tp " + std::to_string(m.tp) + " fp " + std::to_string(m.fp) + " fn " +
           std::to_string(m.fn) + " tn " + std::to_string(m.tn) + " excluded " +
           std::to_string(m.f1_excluded);
    return out;
}

}  // namespace glossfish::verifier
