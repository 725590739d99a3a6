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
        if (a.is_verifiable()) {
            ++m.verifiable_atoms;
            if (a.correct()) ++m.correct_atoms;
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
    for (const AtomVerdict& a : v.atoms) r.atoms.push_back({a.verifiable, a.failed});
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
            {"precision", opt(m.precision)},
            {"verifiable_subclaims", m.verifiable_subclaims},
            {"failed_subclaims", m.failed_subclaims},
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

#include "tools/board_tools.h"
#include "reader/commentary_reader.h"
#include "io/input_limits.h"
#include "io/json_line.h"
#include "rules/notation.h"
#include "io/utf8.h"

namespace glossfish::verifier {

nlohmann::json verification_report(const PositionVerdict& v,
                                   const std::vector<ReadSentence>& sentences) {
    nlohmann::json out = verdict_json(v);
    nlohmann::json unread = nlohmann::json::array(), partly = nlohmann::json::array();
    for (const ReadSentence& s : sentences) {
        nlohmann::json clauses = nlohmann::json::array();
        for (const UnreadClause& c : s.unread_clauses)
            clauses.push_back({{"text", c.text}, {"reason", c.reason}});
        if (!s.read())
            unread.push_back({{"text", s.text},
                              {"reason", s.unread_reason},
                              {"context", s.context},
                              {"clauses", clauses}});
        else if (s.partly_read())
            partly.push_back({{"text", s.text}, {"context", s.context}, {"clauses", clauses}});
    }
    out["unread"] = unread;
    out["partly_read"] = partly;
    Metrics m = compute_metrics(record_of(v));
    nlohmann::json mj = metrics_json(m);
    mj["text"] = metrics_line(m);
    out["metrics"] = mj;
    return out;
}

namespace {

// The commented move of `before`, as SAN; an error when it cannot be played.
std::optional<std::string> check_move(const Position& before, std::string_view move,
                                      std::string& error) {
    if (move.empty()) return std::nullopt;
    MoveParse mp = parse_move_text(before, move);
    if (!mp.ok()) {
        error = std::string(move_error_code(mp.error)) + ": the move \"" +
                quote_prefix(move, QuoteBytes) + "\": " + mp.message;
        return std::nullopt;
    }
    return move_to_san(before, mp.move);
}

}  // namespace

VerifyOutcome verify_claims(const ClaimVerifier& verifier, const Position& before,
                            std::string_view move, std::string_view claims_json) {
    VerifyOutcome out;
    ClaimsParse parse = parse_claims(claims_json);
    if (!parse.ok()) {
        out.error = "bad claims: " + parse.error->text();
        return out;
    }
    ClaimsDoc doc = std::move(*parse.doc);
    Position root = before;
    if (doc.fen) {
        if (FenStatus st = root.set(*doc.fen); !st.ok()) {
            out.error = "bad claims: fen: " + st.message();
            return out;
        }
    }
    std::string move_text = doc.move ? *doc.move : std::string(move);
    doc.move = check_move(root, move_text, out.error);
    if (!out.ok()) return out;
    PositionVerdict v = verifier.verify(root, doc);
    out.report = verification_report(v);
    out.record = record_of(v);
    return out;
}

VerifyOutcome verify_commentary(const ClaimVerifier& verifier, const Position& before,
                                std::string_view move, std::string_view text) {
    VerifyOutcome out;
    if (text.size() > MaxCommentaryText) {
        out.error = "the commentary is " + std::to_string(text.size()) +
                    " bytes long, over the limit of " + std::to_string(MaxCommentaryText) +
                    " bytes: " + quote_prefix(text, QuoteBytes);
        return out;
    }
    if (std::string bad = utf8_error(text); !bad.empty()) {
        out.error = "the commentary is not valid UTF-8: " + bad;
        return out;
    }
    std::optional<std::string> san = check_move(before, move, out.error);
    if (!out.ok()) return out;
    CommentaryReading reading = read_commentary(before, san ? *san : std::string(), text);
    PositionVerdict v = verifier.verify(before, reading.doc);
    out.report = verification_report(v, reading.sentences);
    out.record = record_of(v);
    return out;
}

VerifyOutcome verify_line(const ClaimVerifier& verifier, std::string_view line,
                          nlohmann::json& id) {
    VerifyOutcome out;
    JsonParse parsed = parse_json_text(line);
    id = parsed.id;  // recovered from a line with bad bytes too
    if (parsed.not_utf8) {
        out.error = "bad_request: " + parsed.error;
        return out;
    }
    const nlohmann::json& j = parsed.value;
    if (!parsed.ok() || !j.is_object()) {
        out.error = "bad_request: a line must be a JSON object {id?, fen, move?, text | claims}";
        return out;
    }
    for (auto it = j.begin(); it != j.end(); ++it)
        if (it.key() != "id" && it.key() != "fen" && it.key() != "move" && it.key() != "text" &&
            it.key() != "claims") {
            out.error = "bad_request: unknown field \"" + it.key() + "\"";
            return out;
        }
    auto fen = j.find("fen");
    if (fen == j.end() || !fen->is_string()) {
        out.error = "bad_request: \"fen\" (a string) is required";
        return out;
    }
    std::string move;
    if (auto m = j.find("move"); m != j.end() && !m->is_null()) {
        if (!m->is_string()) {
            out.error = "bad_request: \"move\" must be a string";
            return out;
        }
        move = m->get<std::string>();
    }
    auto text = j.find("text");
    auto claims = j.find("claims");
    if ((text == j.end()) == (claims == j.end())) {
        out.error = "bad_request: give exactly one of \"text\" and \"claims\"";
        return out;
    }
    Position before;
    if (FenStatus st = before.set(fen->get<std::string>()); !st.ok()) {
        out.error = "bad_fen: " + st.message();
        return out;
    }
    if (text != j.end()) {
        if (!text->is_string()) {
            out.error = "bad_request: \"text\" must be a string";
            return out;
        }
        return verify_commentary(verifier, before, move, text->get<std::string>());
    }
    return verify_claims(verifier, before, move, claims->dump());
}

}  // namespace glossfish::verifier
