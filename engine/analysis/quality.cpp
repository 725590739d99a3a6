// Move quality labels from the win-percentage loss between the best and the played move.
//
// The lichess scheme follows lila's Advice (modules/analyse): the mate rules (MateAdvice) are
// tried first; when no mate rule fires and either score is a mate, lichess gives no advice,
// so the move is good; otherwise the cp rule (CpAdvice) labels a winning-chance drop of
// 0.1/0.2/0.3 on the [-1, 1] scale, i.e. 5/10/15 win% points.
#include "analysis/quality.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

#include "io/text.h"

namespace glossfish {
namespace {

constexpr double WinPercentSlope = 0.00368208;
constexpr int ClampCp = 1000;

// A mate against the mover: mated in n moves, or already mated (mate 0).
bool mate_against(const Score& s) { return s.is_mate() && s.value <= 0; }
bool mate_for(const Score& s) { return s.is_mate() && s.value > 0; }

QualityLabel label_from_loss(double loss, QualityScheme scheme) {
    if (scheme == QualityScheme::Lichess) {
        if (loss >= 15) return QualityLabel::Blunder;
        if (loss >= 10) return QualityLabel::Mistake;
        if (loss >= 5) return QualityLabel::Inaccuracy;
        return QualityLabel::Good;
    }
    if (loss > 30) return QualityLabel::Blunder;
    if (loss > 20) return QualityLabel::Mistake;
    if (loss > 10) return QualityLabel::Inaccuracy;
    return QualityLabel::Good;
}

// Lichess's mate rules; sets the label and reason and returns true when one fires.
bool lichess_mate_rule(const Score& best, const Score& played, Quality& q) {
    if (!best.is_mate() && mate_against(played)) {
        q.reason = "mate created";
        q.label = best.value < -999   ? QualityLabel::Inaccuracy
                  : best.value < -700 ? QualityLabel::Mistake
                                      : QualityLabel::Blunder;
        return true;
    }
    if (mate_for(best) && (!played.is_mate() || mate_against(played))) {
        q.reason = "mate lost";
        int next_cp = played.is_mate() ? 0 : played.value;  // lichess reads a missing cp as 0
        q.label = next_cp > 999   ? QualityLabel::Inaccuracy
                  : next_cp > 700 ? QualityLabel::Mistake
                                  : QualityLabel::Blunder;
        return true;
    }
    return false;
}

}  // namespace

double win_percent(const Score& score) {
    int cp = 0;
    if (score.is_mate()) {
        cp = score.value > 0 ? ClampCp : -ClampCp;
    } else {
        cp = std::clamp(score.value, -ClampCp, ClampCp);
    }
    return 50 + 50 * (2 / (1 + std::exp(-WinPercentSlope * cp)) - 1);
}

double win_percent_gap(const Score& a, const Score& b) { return win_percent(a) - win_percent(b); }

double wp_loss(const Score& best, const Score& played) {
    return std::max(0.0, win_percent_gap(best, played));
}

double round_1dp(double percent) { return std::round(percent * 10) / 10; }

const char* scheme_name(QualityScheme s) {
    return s == QualityScheme::Lichess ? "lichess" : "act-eval";
}

std::optional<QualityScheme> parse_scheme(std::string_view name) {
    const std::string low = lower(name);
    if (low == "lichess") return QualityScheme::Lichess;
    if (low == "act-eval" || low == "acteval" || low == "act_eval") return QualityScheme::ActEval;
    return std::nullopt;
}

const char* label_phrase(QualityLabel l) {
    switch (l) {
    case QualityLabel::Good: return "good";
    case QualityLabel::Inaccuracy: return "an inaccuracy";
    case QualityLabel::Mistake: return "a mistake";
    case QualityLabel::Blunder: return "a blunder";
    }
    return "good";
}

const char* label_name(QualityLabel l) {
    switch (l) {
    case QualityLabel::Good: return "good";
    case QualityLabel::Inaccuracy: return "inaccuracy";
    case QualityLabel::Mistake: return "mistake";
    case QualityLabel::Blunder: return "blunder";
    }
    return "good";
}

Quality classify_move(const QualityInput& in, QualityScheme scheme) {
    Quality q;
    q.wp_before = win_percent(in.best);
    q.wp_after = win_percent(in.played);
    if (in.played_is_best) {
        q.best = true;
        q.wp_loss = 0;
        q.label = QualityLabel::Good;
        q.only =
            in.single_legal_move || (in.second_best && wp_loss(in.best, *in.second_best) >= 15);
        return q;
    }
    q.wp_loss = wp_loss(in.best, in.played);
    if (scheme == QualityScheme::Lichess) {
        if (lichess_mate_rule(in.best, in.played, q)) return q;
        // Lichess gives no advice when a mate is involved and no mate rule fired (e.g. a
        // mate that is only delayed).
        if (in.best.is_mate() || in.played.is_mate()) return q;
    }
    q.label = label_from_loss(q.wp_loss, scheme);
    return q;
}

}  // namespace glossfish
