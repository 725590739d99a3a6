// label_move (the two searches of a played move) and its JSON form.
#include <algorithm>
#include <cctype>
#include <cstdio>

#include "analysis/move_class.h"
#include "analysis/quality.h"
#include "rules/movegen.h"
#include "rules/notation.h"

namespace glossfish {

nlohmann::json score_to_json(const Score& score) {
    nlohmann::json j;
    j[score.is_mate() ? "mate" : "cp"] = score.value;
    if (score.bound != Bound::Exact) j["bound"] = score.bound == Bound::Lower ? "lower" : "upper";
    return j;
}

MoveLabel label_move(Analyzer& analyzer, const Position& before, Move played,
                     const AnalysisLimits& limits, QualityScheme scheme,
                     const CancelToken* cancel) {
    MoveLabel out;
    out.fen = before.fen();
    out.played = played;
    out.scheme = scheme;
    out.played_san = move_to_san(before, played);
    out.played_uci = move_to_uci(before, played);

    // MultiPV 2 gives the best line and the runner-up for the "only" tag.
    AnalysisResult main = analyzer.analyse(before, limits, 2, {}, -1, false, cancel);
    if (!main.ok() || main.lines.empty()) {
        out.error = main.ok() ? "no analysis lines" : main.error;
        return out;
    }
    const AnalysisLine& first = main.lines.front();
    out.best = first.pv.empty() ? main.best : first.pv.front();
    out.best_score = first.score;
    out.depth = first.depth;
    out.best_san = move_to_san(before, out.best);
    out.best_pv = first.pv.empty() ? std::vector<Move>{out.best} : first.pv;
    if (main.lines.size() > 1) {
        out.second_pv = main.lines[1].pv;
        out.second_score = main.lines[1].score;
    }
    out.best_uci = move_to_uci(before, out.best);

    QualityInput in;
    in.best = first.score;
    in.played_is_best = out.best == played;
    in.single_legal_move = MoveList(before).size() == 1;
    if (main.lines.size() > 1) in.second_best = main.lines[1].score;
    if (in.played_is_best) {
        in.played = first.score;
        out.played_pv = out.best_pv;
    } else if (main.lines.size() > 1 && !main.lines[1].pv.empty() &&
               main.lines[1].pv.front() == played) {
        in.played = main.lines[1].score;
        out.played_pv = main.lines[1].pv;
    } else {
        AnalysisResult alone = analyzer.analyse(before, limits, 1, {played}, -1, false, cancel);
        if (!alone.ok() || alone.lines.empty()) {
            out.error = alone.ok() ? "no analysis line for the played move" : alone.error;
            return out;
        }
        in.played = alone.lines.front().score;
        out.played_pv = alone.lines.front().pv;
    }
    if (out.played_pv.empty() || out.played_pv.front() != played) out.played_pv = {played};
    out.played_score = in.played;
    out.quality = classify_move(in, scheme);
    MoveClassInput c = class_input(in, out.quality, before, played);
    c.line = out.played_pv;
    out.move_class = move_class_name(classify_class(c));
    out.book = c.book;
    return out;
}

nlohmann::json reason_to_json(const Reason& r) {
    return {{"kind", r.kind},         {"text", r.text},     {"line", r.line},
            {"line_uci", r.line_uci}, {"motifs", r.motifs}, {"claims", r.claims}};
}

nlohmann::json idea_to_json(const Idea& i) {
    return {{"kind", i.kind},         {"family", i.family}, {"text", i.text},
            {"salience", i.salience}, {"cost", i.cost},     {"squares", i.squares},
            {"pieces", i.pieces},     {"claims", i.claims}};
}

namespace {

// The NAG-like suffix a label puts after the move in a sentence: "?!", "?", "??".
const char* label_suffix(QualityLabel l) {
    switch (l) {
    case QualityLabel::Inaccuracy: return "?!";
    case QualityLabel::Mistake: return "?";
    case QualityLabel::Blunder: return "??";
    default: return "";
    }
}

}  // namespace

std::string better_move_name(const Position& before, Move played, const std::string& san,
                             const std::string& other_sentences) {
    if (san.empty() || !before.is_legal(played)) return san;
    // Only a reply of the opponent's spelled the same can be mistaken for it.
    Position after = before;
    after.do_move(played);
    const MoveParse reply = parse_san(after, san);
    if (!reply.ok()) return san;
    auto word_char = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '#' || c == '=';
    };
    for (std::size_t at = other_sentences.find(san); at != std::string::npos;
         at = other_sentences.find(san, at + 1)) {
        const std::size_t end = at + san.size();
        // "... compared with Nxe4" names the better move itself.
        const std::string_view lead = "compared with ";
        if (at >= lead.size() && other_sentences.compare(at - lead.size(), lead.size(), lead) == 0)
            continue;
        if ((at == 0 || !word_char(other_sentences[at - 1])) &&
            (end == other_sentences.size() || !word_char(other_sentences[end])))
            return numbered_move(before, san);
    }
    return san;
}

nlohmann::json label_to_json(const MoveLabel& l) {
    nlohmann::json j;
    j["move"] = {{"san", l.played_san}, {"uci", l.played_uci}};
    j["fen"] = l.fen;
    if (!l.error.empty()) {
        j["error"] = l.error;
        j["text"] = "could not label " + l.played_san + ": " + l.error;
        return j;
    }
    const Quality& q = l.quality;
    j["label"] = label_name(q.label);
    j["wp_loss"] = round_1dp(q.wp_loss);
    j["win_before"] = round_1dp(q.wp_before);
    j["win_after"] = round_1dp(q.wp_after);
    nlohmann::json tags = nlohmann::json::array();
    if (q.best) tags.push_back("best");
    if (q.only) tags.push_back("only");
    j["tags"] = tags;
    j["best"] = {{"san", l.best_san}, {"uci", l.best_uci}, {"score", score_to_json(l.best_score)}};
    j["played_score"] = score_to_json(l.played_score);
    j["depth"] = l.depth;
    j["scheme"] = scheme_name(l.scheme);
    if (!q.reason.empty()) j["reason"] = q.reason;
    j["class"] = l.move_class;
    j["book"] = l.book;
    char loss[32];
    std::snprintf(loss, sizeof loss, "%.1f", q.wp_loss);
    nlohmann::json reasons = nlohmann::json::array();
    for (const Reason& r : l.reasons) reasons.push_back(reason_to_json(r));
    j["reasons"] = reasons;
    j["reasons_held_back"] = l.reasons_held_back;
    if (!l.reasons_incomplete.empty()) j["reasons_incomplete"] = l.reasons_incomplete;
    nlohmann::json ideas = nlohmann::json::array(), best_ideas = nlohmann::json::array();
    for (const Idea& i : l.ideas) ideas.push_back(idea_to_json(i));
    for (const Idea& i : l.best_ideas) best_ideas.push_back(idea_to_json(i));
    j["ideas"] = ideas;
    j["ideas_held_back"] = l.ideas_held_back;
    j["best_ideas"] = best_ideas;
    const bool bad = !q.best && q.label != QualityLabel::Good;
    // Sentences a person reads: the label; the first reason; the move's ideas (its purposes and
    // cost in one sentence); for a worse move, what the better move does. At most three after
    // the label.
    // For a worse move the better one comes in the verdict's own sentence, so that the first
    // words a GUI shows carry the move, the verdict and the better move (docs/gui.md).
    // A mate is the verdict: "Qxf7# is checkmate." says all a "the only good move" would.
    if (q.best && !l.reasons.empty() && l.reasons.front().kind == "mates") {
        j["text"] = l.reasons.front().text;
        return j;
    }
    std::string text = l.played_san + label_suffix(q.label) + " is ";
    if (q.best) text += q.only ? "the only good move" : "the engine's choice";
    else if (q.label == QualityLabel::Good) text += "good";
    else text += label_phrase(q.label);
    // The better move's name is settled once the sentences after it are known (below).
    const std::string best_mark = "\x01";
    if (bad) text += "; " + best_mark + " was best";
    if (l.reasons.empty() && !q.best)
        text += std::string(" (") + loss + " win% lost" +
                (q.reason.empty() ? "" : ", " + q.reason) + ")";
    text += ".";
    int said = 0;
    // The weightiest reason (the first of equals), unless the label said it already ("the
    // only good move"); after the ideas' sentence when one of the move's own ideas weighs more.
    // The ideas list holds the reasons too, with their salience: "Qb3 threatens to win the pawn
    // on b7 and the pawn on f7. Qb3 prevents Bb4+."
    auto weight = [&](const std::string& said_text) {
        for (const Idea& i : l.ideas)
            if (i.text == said_text) return i.salience;
        return 100;
    };
    auto is_reason = [&](const Idea& i) {
        return std::any_of(l.reasons.begin(), l.reasons.end(),
                           [&](const Reason& r) { return r.text == i.text; });
    };
    const Reason* first = nullptr;
    for (const Reason& r : l.reasons) {
        if (q.only && r.kind == "only_move") continue;
        if (!first || weight(r.text) > weight(first->text)) first = &r;
    }
    const bool outweighed = first && !bad && !l.ideas_sentence.empty() &&
                            std::any_of(l.ideas.begin(), l.ideas.end(), [&](const Idea& i) {
                                return !i.cost && !is_reason(i) && i.salience > weight(first->text);
                            });
    if (first && !outweighed) text += " " + first->text, ++said;
    if (!l.ideas_sentence.empty() && !(bad && said > 0)) text += " " + l.ideas_sentence, ++said;
    if (outweighed) text += " " + first->text, ++said;
    // The sentences said of the played move may name the same SAN as a move of the opponent's
    // (numbered then); the better move's own sentence names it as itself.
    if (bad) {
        Position before;
        const std::string best = before.set(l.fen).ok()
                                     ? better_move_name(before, l.played, l.best_san, text)
                                     : l.best_san;
        text.replace(text.find(best_mark), best_mark.size(), best);
    }
    if (bad && !l.best_ideas.empty()) text += " " + l.best_ideas.front().text;
    else if (!q.best && !bad && said == 0) text += " " + l.best_san + " was best.";
    j["text"] = text;
    return j;
}

}  // namespace glossfish
