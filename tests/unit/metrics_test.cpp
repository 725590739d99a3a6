// Metrics on small hand-computed cases: factual precision, sub-claim error rate, move-quality
// F1 with its exclusions, and the position-clustered bootstrap on a fixed seed.
#include "claims/metrics.h"

#include <gtest/gtest.h>

namespace glossfish::verifier {
namespace {

PositionRecord rec(std::string id, std::vector<AtomOutcome> atoms, Stance stance,
                   std::optional<QualityLabel> label) {
    return PositionRecord{std::move(id), std::move(atoms), stance, label};
}

// P1: atoms 1/3 failed 2 (incorrect), 1/1 (correct), 0/0 (unverifiable); bad stance on a
//     blunder (TP).
// P2: one correct atom of 2 sub-claims; good stance on a good move (TN).
// P3: no atoms; inconclusive stance on a mistake (FN).
// P4: one incorrect atom; bad stance on a good move (FP).
// P5: bad stance on an inaccuracy (excluded).  P6: no engine label (excluded).
std::vector<PositionRecord> sample() {
    return {rec("P1", {{3, 2}, {1, 0}, {0, 0}}, Stance::Bad, QualityLabel::Blunder),
            rec("P2", {{2, 0}}, Stance::Good, QualityLabel::Good),
            rec("P3", {}, Stance::Inconclusive, QualityLabel::Mistake),
            rec("P4", {{1, 1}}, Stance::Bad, QualityLabel::Good),
            rec("P5", {}, Stance::Bad, QualityLabel::Inaccuracy),
            rec("P6", {}, Stance::Good, std::nullopt)};
}

TEST(Metrics, OverallCountsAndRatios) {
    Metrics m = compute_metrics(sample());
    EXPECT_EQ(m.positions, 6);
    EXPECT_EQ(m.atoms, 5);
    EXPECT_EQ(m.verifiable_atoms, 4);
    EXPECT_EQ(m.correct_atoms, 2);
    ASSERT_TRUE(m.precision.has_value());
    EXPECT_DOUBLE_EQ(*m.precision, 0.5);
    EXPECT_EQ(m.verifiable_subclaims, 7);
    EXPECT_EQ(m.failed_subclaims, 3);
    EXPECT_DOUBLE_EQ(*m.error_rate, 3.0 / 7.0);
    EXPECT_EQ(m.tp, 1);
    EXPECT_EQ(m.fp, 1);
    EXPECT_EQ(m.fn, 1);
    EXPECT_EQ(m.tn, 1);
    EXPECT_EQ(m.f1_excluded, 2);
    EXPECT_DOUBLE_EQ(*m.f1, 0.5);  // 2·1 / (2·1 + 1 + 1)
}

// ACT-Eval's counting: an atom is correct only when every sub-claim is verified true.
// {verifiable, failed, unverified}: {2,0,0} correct; {2,0,1} partly verified (verifiable, not
// correct); {0,0,3} unverifiable (left out); {1,1,1} incorrect.
TEST(Metrics, PartlyVerifiedAtomsAreNotCorrect) {
    EXPECT_TRUE((AtomOutcome{2, 0, 0}.correct()));
    EXPECT_FALSE((AtomOutcome{2, 0, 1}.correct()));
    EXPECT_TRUE((AtomOutcome{2, 0, 1}.partly_verified()));
    EXPECT_FALSE((AtomOutcome{1, 1, 1}.partly_verified()));
    EXPECT_FALSE((AtomOutcome{0, 0, 3}.is_verifiable()));
    Metrics m = compute_metrics(
        rec("P", {{2, 0, 0}, {2, 0, 1}, {0, 0, 3}, {1, 1, 1}}, Stance::Inconclusive, std::nullopt));
    EXPECT_EQ(m.atoms, 4);
    EXPECT_EQ(m.verifiable_atoms, 4 - 1);
    EXPECT_EQ(m.correct_atoms, 1);
    EXPECT_EQ(m.partly_verified_atoms, 1);
    EXPECT_EQ(m.unverifiable_atoms(), 1);
    EXPECT_DOUBLE_EQ(*m.precision, 1.0 / 3);
    // Error rate over decided sub-claims only: 2 + 2 + 0 + 1 decided, 1 false.
    EXPECT_EQ(m.verifiable_subclaims, 2 + 2 + 0 + 1);
    EXPECT_EQ(m.unverified_subclaims, 0 + 1 + 3 + 1);
    EXPECT_DOUBLE_EQ(*m.error_rate, 1.0 / 5);
    nlohmann::json j = metrics_json(m);
    EXPECT_EQ(j["partly_verified_atoms"], 1);
    EXPECT_EQ(j["unverifiable_atoms"], 1);
    EXPECT_EQ(j["unverified_subclaims"], 5);
}

TEST(Metrics, PerPosition) {
    auto s = sample();
    Metrics p1 = compute_metrics(s[0]);
    EXPECT_DOUBLE_EQ(*p1.precision, 0.5);
    EXPECT_DOUBLE_EQ(*p1.error_rate, 0.5);  // 2 of 4
    EXPECT_DOUBLE_EQ(*p1.f1, 1.0);
    Metrics p3 = compute_metrics(s[2]);
    EXPECT_FALSE(p3.precision.has_value());  // nothing verifiable
    EXPECT_FALSE(p3.error_rate.has_value());
    EXPECT_DOUBLE_EQ(*p3.f1, 0.0);  // a missed mistake
    Metrics p2 = compute_metrics(s[1]);
    EXPECT_FALSE(p2.f1.has_value());  // a true negative alone leaves F1 undefined
    nlohmann::json j = metrics_json(p3);
    EXPECT_TRUE(j["precision"].is_null());
    EXPECT_EQ(j["f1"]["fn"], 1);
}

TEST(Metrics, StanceRules) {
    // A good label is satisfied by a good or an inconclusive stance; a bad label needs a bad one.
    auto one = [](Stance s, QualityLabel l) { return compute_metrics(rec("x", {}, s, l)); };
    EXPECT_EQ(one(Stance::Inconclusive, QualityLabel::Good).tn, 1);
    EXPECT_EQ(one(Stance::Good, QualityLabel::Good).tn, 1);
    EXPECT_EQ(one(Stance::Good, QualityLabel::Blunder).fn, 1);
    EXPECT_EQ(one(Stance::Inconclusive, QualityLabel::Blunder).fn, 1);
    EXPECT_EQ(one(Stance::Bad, QualityLabel::Mistake).tp, 1);
    EXPECT_EQ(one(Stance::Bad, QualityLabel::Inaccuracy).f1_excluded, 1);
    EXPECT_EQ(one(Stance::Good, QualityLabel::Inaccuracy).f1_excluded, 1);
    // A never-critical commentary: every blunder missed, F1 = 0 although most are right.
    std::vector<PositionRecord> quiet;
    for (int i = 0; i < 9; ++i) quiet.push_back(rec("g", {}, Stance::Good, QualityLabel::Good));
    quiet.push_back(rec("b", {}, Stance::Good, QualityLabel::Blunder));
    EXPECT_DOUBLE_EQ(*compute_metrics(quiet).f1, 0.0);
}

TEST(Metrics, RecordOfAVerdict) {
    PositionVerdict v;
    v.fen = "f";
    v.move = "e4";
    AtomVerdict a;
    a.verifiable = 2;
    a.failed = 1;
    v.atoms.push_back(a);
    v.stance = Stance::Bad;
    v.engine_label = QualityLabel::Mistake;
    PositionRecord r = record_of(v);
    EXPECT_EQ(r.id, "f e4");
    ASSERT_EQ(r.atoms.size(), 1u);
    EXPECT_EQ(r.atoms[0].failed, 1);
    EXPECT_FALSE(r.atoms[0].correct());
    EXPECT_EQ(compute_metrics(r).tp, 1);
}

TEST(Bootstrap, IdenticalPositionsGiveAPointInterval) {
    std::vector<PositionRecord> same(
        5, rec("p", {{2, 1}, {1, 0}}, Stance::Bad, QualityLabel::Blunder));
    BootstrapResult b = bootstrap(same, 200, 7);
    EXPECT_DOUBLE_EQ(*b.precision.low, 0.5);
    EXPECT_DOUBLE_EQ(*b.precision.high, 0.5);
    EXPECT_DOUBLE_EQ(*b.error_rate.low, 1.0 / 3.0);
    EXPECT_DOUBLE_EQ(*b.f1.high, 1.0);
    EXPECT_EQ(b.precision.defined, 200);
}

TEST(Bootstrap, ClustersByPositionAndIsReproducible) {
    // A: ten correct atoms; B: one incorrect atom. Pooled precision 10/11. Resampling two
    // positions gives {A,A} = 1, {A,B} = 10/11, {B,B} = 0 (each with probability 1/4, 1/2,
    // 1/4), so the 95% interval is [0, 1]. Resampling atoms instead would give a narrow one.
    std::vector<PositionRecord> r = {
        rec("A", std::vector<AtomOutcome>(10, {1, 0}), Stance::Good, std::nullopt),
        rec("B", {{1, 1}}, Stance::Good, std::nullopt)};
    EXPECT_NEAR(*compute_metrics(r).precision, 10.0 / 11.0, 1e-12);
    BootstrapResult b = bootstrap(r, 2000, 42);
    EXPECT_DOUBLE_EQ(*b.precision.low, 0.0);
    EXPECT_DOUBLE_EQ(*b.precision.high, 1.0);
    EXPECT_EQ(b.resamples, 2000);
    EXPECT_EQ(b.seed, 42u);
    // No label anywhere: F1 is never defined.
    EXPECT_EQ(b.f1.defined, 0);
    EXPECT_FALSE(b.f1.low.has_value());
    // The same seed gives the same interval.
    auto s = sample();
    BootstrapResult x = bootstrap(s, 500, 99), y = bootstrap(s, 500, 99);
    EXPECT_EQ(bootstrap_json(x), bootstrap_json(y));
    // The interval lies within the per-position range and around the pooled value.
    EXPECT_GE(*x.precision.low, 0.0);
    EXPECT_LE(*x.precision.high, 1.0);
    EXPECT_LE(*x.precision.low, 0.5);
    EXPECT_GE(*x.precision.high, 0.5);
    EXPECT_LE(*x.error_rate.low, 3.0 / 7.0);
    EXPECT_GE(*x.error_rate.high, 3.0 / 7.0);
}

TEST(Bootstrap, EmptyInputAndJson) {
    BootstrapResult b = bootstrap({}, 100, 1);
    EXPECT_FALSE(b.precision.low.has_value());
    nlohmann::json j = bootstrap_json(b);
    EXPECT_TRUE(j["precision"].is_null());
    EXPECT_EQ(j["resamples"], 100);
    EXPECT_EQ(metrics_line(compute_metrics(sample()))
                  .rfind("precision 2/4 (50.0%), sub-claim errors 3/7 (42.9%)", 0),
              0u);
}

}  // namespace
}  // namespace glossfish::verifier
