// Win percentage and move-quality labels: values worked out from the formula by hand, every
// threshold of both schemes approached from both sides, and lichess's mate rules.
#include "analysis/quality.h"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>

namespace glossfish {
namespace {

constexpr double Slope = 0.00368208;

// The centipawns whose win% is w: the formula simplifies to 100 / (1 + exp(-Slope * cp)).
double cp_for_win(double w) { return -std::log(100.0 / w - 1.0) / Slope; }

Quality classify(Score best, Score played, QualityScheme scheme) {
    QualityInput in;
    in.best = best;
    in.played = played;
    return classify_move(in, scheme);
}

// The played cp whose win% loss from `best` is just under (or just over) `threshold`.
int played_cp_near(int best, double threshold, bool over) {
    double exact = cp_for_win(win_percent(Score::cp(best)) - threshold);
    return over ? int(std::floor(exact)) : int(std::ceil(exact));
}

TEST(Quality, WinPercentByHand) {
    EXPECT_DOUBLE_EQ(win_percent(Score::cp(0)), 50.0);
    // exp(-0.368208) = 0.691957..., 2 / 1.691957... - 1 = 0.182052..., * 50 = 9.10259.
    EXPECT_NEAR(win_percent(Score::cp(100)), 59.10259, 1e-4);
    EXPECT_NEAR(win_percent(Score::cp(-100)), 40.89741, 1e-4);
    EXPECT_NEAR(win_percent(Score::cp(100)) + win_percent(Score::cp(-100)), 100.0, 1e-12);
    // exp(-3.68208) = 0.025167..., 2 / 1.025167... - 1 = 0.950895..., * 50 = 47.54474.
    EXPECT_NEAR(win_percent(Score::cp(1000)), 97.54474, 1e-4);
    EXPECT_NEAR(win_percent(Score::cp(-1000)), 2.45526, 1e-4);
    EXPECT_NEAR(win_percent(Score::cp(300)), 75.11255, 1e-4);
}

TEST(Quality, WinPercentClampsAndMates) {
    EXPECT_DOUBLE_EQ(win_percent(Score::cp(5000)), win_percent(Score::cp(1000)));
    EXPECT_DOUBLE_EQ(win_percent(Score::cp(-5000)), win_percent(Score::cp(-1000)));
    EXPECT_DOUBLE_EQ(win_percent(Score::mate(3)), win_percent(Score::cp(1000)));
    EXPECT_DOUBLE_EQ(win_percent(Score::mate(40)), win_percent(Score::cp(1000)));
    EXPECT_DOUBLE_EQ(win_percent(Score::mate(-2)), win_percent(Score::cp(-1000)));
    EXPECT_DOUBLE_EQ(win_percent(Score::mate(0)), win_percent(Score::cp(-1000)));
    EXPECT_LT(win_percent(Score::cp(999)), win_percent(Score::cp(1000)));
    // The bound does not change the value.
    EXPECT_DOUBLE_EQ(win_percent(Score{Score::Cp, 100, Bound::Lower}), win_percent(Score::cp(100)));
}

TEST(Quality, InverseFormulaIsExact) {
    EXPECT_NEAR(cp_for_win(win_percent(Score::cp(100))), 100.0, 1e-9);
    EXPECT_NEAR(cp_for_win(win_percent(Score::cp(-640))), -640.0, 1e-9);
}

struct Boundary {
    double threshold;
    QualityLabel below, above;
};

// Walks each threshold from several starting evaluations, one cp short of it and one past it.
void check_boundaries(QualityScheme scheme, const Boundary (&bounds)[3]) {
    int cases = 0;
    for (const Boundary& b : bounds) {
        for (int best : {-300, -100, 0, 120, 250, 600, 900}) {
            double target = win_percent(Score::cp(best)) - b.threshold;
            if (target <= win_percent(Score::cp(-999))) continue;  // loss not reachable
            for (bool over : {false, true}) {
                int played = played_cp_near(best, b.threshold, over);
                Quality q = classify(Score::cp(best), Score::cp(played), scheme);
                std::string where = std::string(scheme_name(scheme)) + " best cp " +
                                    std::to_string(best) + " played cp " + std::to_string(played);
                if (over) {
                    ASSERT_GT(q.wp_loss, b.threshold) << where;
                    ASSERT_LT(q.wp_loss, b.threshold + 0.2) << where;
                    EXPECT_EQ(q.label, b.above) << where << " loss " << q.wp_loss;
                } else {
                    ASSERT_LT(q.wp_loss, b.threshold) << where;
                    ASSERT_GT(q.wp_loss, b.threshold - 0.2) << where;
                    EXPECT_EQ(q.label, b.below) << where << " loss " << q.wp_loss;
                }
                EXPECT_EQ(q.reason, "");
                EXPECT_FALSE(q.best);
                ++cases;
            }
        }
    }
    EXPECT_GE(cases, 30);
}

TEST(Quality, LichessThresholds) {
    const Boundary bounds[3] = {
        {5, QualityLabel::Good, QualityLabel::Inaccuracy},
        {10, QualityLabel::Inaccuracy, QualityLabel::Mistake},
        {15, QualityLabel::Mistake, QualityLabel::Blunder},
    };
    check_boundaries(QualityScheme::Lichess, bounds);
}

TEST(Quality, ActEvalThresholds) {
    const Boundary bounds[3] = {
        {10, QualityLabel::Good, QualityLabel::Inaccuracy},
        {20, QualityLabel::Inaccuracy, QualityLabel::Mistake},
        {30, QualityLabel::Mistake, QualityLabel::Blunder},
    };
    check_boundaries(QualityScheme::ActEval, bounds);
}

TEST(Quality, LossFieldsAndImprovements) {
    Quality q = classify(Score::cp(100), Score::cp(-100), QualityScheme::Lichess);
    EXPECT_NEAR(q.wp_before, 59.10259, 1e-4);
    EXPECT_NEAR(q.wp_after, 40.89741, 1e-4);
    EXPECT_NEAR(q.wp_loss, 18.20518, 1e-4);
    EXPECT_EQ(q.label, QualityLabel::Blunder);

    // A played line that scores above the best line (a different search) loses nothing.
    Quality better = classify(Score::cp(0), Score::cp(80), QualityScheme::Lichess);
    EXPECT_EQ(better.wp_loss, 0.0);
    EXPECT_EQ(better.label, QualityLabel::Good);

    // Beyond the clamp nothing is lost: +1500 and +1000 are both 97.5%.
    Quality clamped = classify(Score::cp(1500), Score::cp(1000), QualityScheme::ActEval);
    EXPECT_EQ(clamped.wp_loss, 0.0);
}

TEST(Quality, LichessMateCreated) {
    struct Case {
        int best_cp;
        Score played;
        QualityLabel label;
    };
    const Case cases[] = {
        {50, Score::mate(-2), QualityLabel::Blunder},
        {300, Score::mate(0), QualityLabel::Blunder},
        {-700, Score::mate(-5), QualityLabel::Blunder},  // not below -700
        {-701, Score::mate(-5), QualityLabel::Mistake},
        {-800, Score::mate(-3), QualityLabel::Mistake},
        {-999, Score::mate(-3), QualityLabel::Mistake},  // not below -999
        {-1000, Score::mate(-3), QualityLabel::Inaccuracy},
        {-1500, Score::mate(-1), QualityLabel::Inaccuracy},  // raw cp, not clamped
    };
    for (const Case& c : cases) {
        Quality q = classify(Score::cp(c.best_cp), c.played, QualityScheme::Lichess);
        EXPECT_EQ(q.label, c.label) << "best cp " << c.best_cp << " played " << c.played.uci();
        EXPECT_EQ(q.reason, "mate created");
    }
    // -1500 to mated: no win% lost at all, still an inaccuracy by the mate rule.
    EXPECT_EQ(classify(Score::cp(-1500), Score::mate(-1), QualityScheme::Lichess).wp_loss, 0.0);
}

TEST(Quality, LichessMateLost) {
    struct Case {
        Score played;
        QualityLabel label;
    };
    const Case cases[] = {
        {Score::cp(300), QualityLabel::Blunder},
        {Score::cp(700), QualityLabel::Blunder},  // not above 700
        {Score::cp(701), QualityLabel::Mistake},
        {Score::cp(800), QualityLabel::Mistake},
        {Score::cp(999), QualityLabel::Mistake},  // not above 999
        {Score::cp(1000), QualityLabel::Inaccuracy},
        {Score::cp(1200), QualityLabel::Inaccuracy},
        {Score::mate(-2), QualityLabel::Blunder},  // from mating to being mated
        {Score::mate(0), QualityLabel::Blunder},
        {Score::cp(-400), QualityLabel::Blunder},
    };
    for (const Case& c : cases) {
        Quality q = classify(Score::mate(3), c.played, QualityScheme::Lichess);
        EXPECT_EQ(q.label, c.label) << "played " << c.played.uci();
        EXPECT_EQ(q.reason, "mate lost");
    }
    // Mate lost to +1200: no win% lost (both clamp to 97.5%), yet an inaccuracy.
    EXPECT_EQ(classify(Score::mate(3), Score::cp(1200), QualityScheme::Lichess).wp_loss, 0.0);
}

TEST(Quality, LichessMateDelayedAndOtherMatesAreGood) {
    Quality delayed = classify(Score::mate(2), Score::mate(6), QualityScheme::Lichess);
    EXPECT_EQ(delayed.label, QualityLabel::Good);
    EXPECT_EQ(delayed.reason, "");
    EXPECT_EQ(delayed.wp_loss, 0.0);

    // Already being mated: a longer or shorter mate, or a cp line, is no advice.
    EXPECT_EQ(classify(Score::mate(-5), Score::mate(-1), QualityScheme::Lichess).label,
              QualityLabel::Good);
    EXPECT_EQ(classify(Score::mate(-3), Score::cp(-1200), QualityScheme::Lichess).label,
              QualityLabel::Good);
    // Finding a mate the best line did not see.
    EXPECT_EQ(classify(Score::cp(200), Score::mate(4), QualityScheme::Lichess).label,
              QualityLabel::Good);
    EXPECT_EQ(classify(Score::cp(200), Score::mate(4), QualityScheme::Lichess).reason, "");
}

TEST(Quality, ActEvalHasNoMateRules) {
    // Mate 3 -> +800: 97.54 - 95.01 = 2.54 points, good (lichess: a "mate lost" mistake).
    Quality lost = classify(Score::mate(3), Score::cp(800), QualityScheme::ActEval);
    EXPECT_NEAR(lost.wp_loss, 97.54474 - 95.00582, 1e-4);
    EXPECT_EQ(lost.label, QualityLabel::Good);
    EXPECT_EQ(lost.reason, "");
    EXPECT_EQ(classify(Score::mate(3), Score::cp(800), QualityScheme::Lichess).label,
              QualityLabel::Mistake);

    // Mate 3 -> +300: 97.54 - 75.11 = 22.4 points, a mistake.
    EXPECT_EQ(classify(Score::mate(3), Score::cp(300), QualityScheme::ActEval).label,
              QualityLabel::Mistake);
    // +50 -> mated: 54.6 - 2.46 = 52 points, a blunder, with no reason.
    Quality created = classify(Score::cp(50), Score::mate(-2), QualityScheme::ActEval);
    EXPECT_EQ(created.label, QualityLabel::Blunder);
    EXPECT_EQ(created.reason, "");
    // -800 -> mated: 4.99 - 2.46 = 2.5 points, good (lichess: a "mate created" mistake).
    EXPECT_EQ(classify(Score::cp(-800), Score::mate(-3), QualityScheme::ActEval).label,
              QualityLabel::Good);
}

TEST(Quality, BestTag) {
    QualityInput in;
    in.best = Score::mate(3);
    in.played = Score::cp(200);  // the played move's own search came out lower
    in.played_is_best = true;
    for (QualityScheme scheme : {QualityScheme::Lichess, QualityScheme::ActEval}) {
        Quality q = classify_move(in, scheme);
        EXPECT_TRUE(q.best);
        EXPECT_EQ(q.wp_loss, 0.0);
        EXPECT_EQ(q.label, QualityLabel::Good);
        EXPECT_EQ(q.reason, "");
        EXPECT_FALSE(q.only);  // no second-best line given
    }
    EXPECT_FALSE(classify(Score::cp(30), Score::cp(30), QualityScheme::Lichess).best);
}

TEST(Quality, OnlyTag) {
    auto only_with = [](Score best, std::optional<Score> second, bool played_is_best) {
        QualityInput in;
        in.best = best;
        in.played = best;
        in.played_is_best = played_is_best;
        in.second_best = second;
        return classify_move(in, QualityScheme::Lichess).only;
    };
    // +300 vs -100: 75.11 - 40.90 = 34.2 points.
    EXPECT_TRUE(only_with(Score::cp(300), Score::cp(-100), true));
    EXPECT_FALSE(only_with(Score::cp(300), Score::cp(-100), false));
    EXPECT_FALSE(only_with(Score::cp(300), std::nullopt, true));
    // +300 vs +250: 3.6 points.
    EXPECT_FALSE(only_with(Score::cp(300), Score::cp(250), true));
    // Mate against a drawn line.
    EXPECT_TRUE(only_with(Score::mate(2), Score::cp(0), true));

    // Either side of 15 points from an equal position.
    double exact = cp_for_win(50.0 - 15.0);
    int just_over = int(std::floor(exact));
    int just_under = int(std::ceil(exact));
    ASSERT_GT(50.0 - win_percent(Score::cp(just_over)), 15.0);
    ASSERT_LT(50.0 - win_percent(Score::cp(just_under)), 15.0);
    EXPECT_TRUE(only_with(Score::cp(0), Score::cp(just_over), true));
    EXPECT_FALSE(only_with(Score::cp(0), Score::cp(just_under), true));
}

TEST(Quality, WpLossIsTheGapClampedAtZero) {
    // 59.10259 - 40.89741 (the hand values above) = 18.20518.
    EXPECT_NEAR(win_percent_gap(Score::cp(100), Score::cp(-100)), 18.20518, 1e-4);
    EXPECT_NEAR(win_percent_gap(Score::cp(-100), Score::cp(100)), -18.20518, 1e-4);
    EXPECT_NEAR(wp_loss(Score::cp(100), Score::cp(-100)), 18.20518, 1e-4);
    EXPECT_EQ(wp_loss(Score::cp(-100), Score::cp(100)), 0.0);  // a better move loses nothing
    // A mate and +1000 both count as cp 1000; mate for and against: 97.54474 - 2.45526.
    EXPECT_EQ(wp_loss(Score::mate(3), Score::cp(1000)), 0.0);
    EXPECT_NEAR(wp_loss(Score::mate(3), Score::mate(-2)), 95.08948, 1e-4);
    // classify_move reports the same loss.
    EXPECT_DOUBLE_EQ(classify(Score::cp(100), Score::cp(-100), QualityScheme::Lichess).wp_loss,
                     wp_loss(Score::cp(100), Score::cp(-100)));
    EXPECT_EQ(round_1dp(18.20518), 18.2);
    EXPECT_EQ(round_1dp(95.08948), 95.1);
    EXPECT_EQ(round_1dp(0.0), 0.0);
}

TEST(Quality, SchemeAndLabelNames) {
    EXPECT_EQ(parse_scheme("lichess"), QualityScheme::Lichess);
    EXPECT_EQ(parse_scheme("LiChess"), QualityScheme::Lichess);
    EXPECT_EQ(parse_scheme("act-eval"), QualityScheme::ActEval);
    EXPECT_EQ(parse_scheme("acteval"), QualityScheme::ActEval);
    EXPECT_EQ(parse_scheme("ACT_EVAL"), QualityScheme::ActEval);
    EXPECT_EQ(parse_scheme("Act-Eval"), QualityScheme::ActEval);
    EXPECT_EQ(parse_scheme(""), std::nullopt);
    EXPECT_EQ(parse_scheme("chesscom"), std::nullopt);
    EXPECT_EQ(parse_scheme("act eval"), std::nullopt);
    EXPECT_EQ(parse_scheme(" lichess"), std::nullopt);

    EXPECT_STREQ(scheme_name(QualityScheme::Lichess), "lichess");
    EXPECT_STREQ(scheme_name(QualityScheme::ActEval), "act-eval");
    EXPECT_EQ(parse_scheme(scheme_name(QualityScheme::ActEval)), QualityScheme::ActEval);

    EXPECT_STREQ(label_name(QualityLabel::Good), "good");
    EXPECT_STREQ(label_name(QualityLabel::Inaccuracy), "inaccuracy");
    EXPECT_STREQ(label_name(QualityLabel::Mistake), "mistake");
    EXPECT_STREQ(label_name(QualityLabel::Blunder), "blunder");
}

}  // namespace
}  // namespace glossfish
