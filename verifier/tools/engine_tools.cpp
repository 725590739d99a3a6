// Engine tools through the Analyzer: eval, top_moves, move_quality, compare_moves, threat,
// is_forced, mate_in. Each blocks for one or more searches.
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "analysis/quality.h"
#include "rules/movegen.h"
#include "tools/board_tools.h"
#include "tools/tool_json.h"
#include "tools/tool_registry.h"

namespace glossfish::verifier {

namespace {

AnalysisResult analyse(const ToolCall& call, const Position& pos, const AnalysisLimits& limits,
                       int multipv = 1, const std::vector<Move>& searchmoves = {}) {
    AnalysisResult r =
        call.analyzer().analyse(pos, limits, multipv, searchmoves, -1, false, call.cancel());
    if (r.error == AnalysisCancelled) throw ToolError("cancelled", call.cancel_reason());
    if (!r.ok()) throw ToolError("engine_error", "the analysis engine failed: " + r.error);
    if (r.lines.empty()) throw ToolError("engine_error", "the analysis engine returned no line");
    return r;
}

// The engine's best move of a line (its pv head, else the bestmove).
Move line_move(const AnalysisResult& r, std::size_t i) {
    const AnalysisLine& l = r.lines[i];
    return l.pv.empty() ? r.best : l.pv.front();
}

Score white_view(const Position& pos, const Score& s) {
    return pos.side_to_move() == White ? s : negate(s);
}

// A short verdict from White's view: equal, slight edge, clear advantage, winning, mate.
std::string verdict(const Score& white) {
    if (white.is_mate()) {
        if (white.value == 0) return "checkmate";
        return std::string(white.value > 0 ? "White" : "Black") + " mates in " +
               std::to_string(std::abs(white.value));
    }
    int cp = white.value;
    const char* side = cp > 0 ? "White" : "Black";
    int a = std::abs(cp);
    if (a <= 50) return "about equal";
    if (a <= 150) return std::string("slight edge for ") + side;
    if (a <= 300) return std::string("clear advantage for ") + side;
    return std::string("winning for ") + side;
}

nlohmann::json game_over_json(const Position& pos) {
    bool mated = pos.is_check();
    return {{"side_to_move", color_word(pos.side_to_move())},
            {"game_over", true},
            {"result", mated ? "checkmate" : "stalemate"},
            {"score", mated ? score_to_json(Score::mate(0)) : score_to_json(Score::cp(0))},
            {"best_move", nullptr},
            {"pv", nlohmann::json::array()}};
}

// A move with what it does at once: {san, uci, capture, check, checkmate}.
nlohmann::json move_with_facts(const Position& pos, Move m) {
    nlohmann::json j = move_json(pos, m);
    MoveFacts f = BoardTools(pos).move_facts(m);
    j["capture"] =
        f.captured == NoPiece ? nlohmann::json(nullptr) : piece_json(f.captured, f.captured_square);
    j["check"] = check_kind_name(f.check);
    j["checkmate"] = f.checkmate;
    return j;
}

nlohmann::json eval_tool(const ToolCall& call) {
    const Position pos = call.position();
    if (MoveList(pos).empty()) return game_over_json(pos);
    AnalysisResult r = analyse(call, pos, call.limits());
    const AnalysisLine& line = r.lines.front();
    Score white = white_view(pos, line.score);
    nlohmann::json wdl = nullptr;
    if (line.wdl)
        wdl = {{"win", line.wdl->win}, {"draw", line.wdl->draw}, {"loss", line.wdl->loss}};
    return {{"side_to_move", color_word(pos.side_to_move())},
            {"game_over", false},
            {"score", score_to_json(line.score)},
            {"score_white", score_to_json(white)},
            {"win_percent", win_percent_1dp(line.score)},
            {"wdl", wdl},
            {"verdict", verdict(white)},
            {"best_move", move_json(pos, line_move(r, 0))},
            {"pv", line_json(pos, line.pv)},
            {"pv_san", line_san(pos, line.pv)},
            {"depth", line.depth}};
}

nlohmann::json top_moves_tool(const ToolCall& call) {
    const Position pos = call.position();
    if (MoveList(pos).empty()) return game_over_json(pos);
    int n = call.integer("n", 3);
    AnalysisResult r = analyse(call, pos, call.limits(), n);
    nlohmann::json moves = nlohmann::json::array();
    for (std::size_t i = 0; i < r.lines.size(); ++i) {
        const AnalysisLine& l = r.lines[i];
        moves.push_back({{"rank", i + 1},
                         {"move", move_json(pos, line_move(r, i))},
                         {"score", score_to_json(l.score)},
                         {"score_white", score_to_json(white_view(pos, l.score))},
                         {"win_percent", win_percent_1dp(l.score)},
                         {"pv_san", line_san(pos, l.pv)},
                         {"depth", l.depth}});
    }
    return {{"side_to_move", color_word(pos.side_to_move())},
            {"requested", n},
            {"count", moves.size()},
            {"moves", std::move(moves)}};
}

nlohmann::json move_quality_tool(const ToolCall& call) {
    const Position pos = call.position();
    Move m = call.move("move", pos);
    Analyzer& an = call.analyzer();
    // Without depth, nodes or movetime: the label depth, as `label` gives it on every surface.
    const AnalysisLimits limits = call.limits(label_limits(call.settings()));
    MoveLabel lichess = label_move(an, pos, m, limits, QualityScheme::Lichess, call.cancel());
    if (lichess.error == AnalysisCancelled) throw ToolError("cancelled", call.cancel_reason());
    if (!lichess.error.empty())
        throw ToolError("engine_error", "the analysis engine failed: " + lichess.error);
    // The second scheme reuses the same searches from the Analyzer's cache.
    MoveLabel act = label_move(an, pos, m, limits, QualityScheme::ActEval, call.cancel());
    if (act.error == AnalysisCancelled) throw ToolError("cancelled", call.cancel_reason());
    if (!act.error.empty())
        throw ToolError("engine_error", "the analysis engine failed: " + act.error);
    const Quality& q = lichess.quality;
    // The reasons, verified by the claims (which ask for labels without reasons).
    if (call.boolean("reasons", true) && call.explainer())
        (*call.explainer())(lichess, an, limits, call.cancel());
    // The label's own JSON form, with both schemes' labels and an explicit null reason.
    nlohmann::json j = label_to_json(lichess);
    return {
        {"move", move_json(pos, m)},
        {"labels", {{"lichess", label_name(q.label)}, {"act-eval", label_name(act.quality.label)}}},
        {"wp_loss", j["wp_loss"]},
        {"win_before", j["win_before"]},
        {"win_after", j["win_after"]},
        {"tags", j["tags"]},
        {"reason", q.reason.empty() ? nlohmann::json(nullptr) : nlohmann::json(q.reason)},
        {"best", j["best"]},
        {"played_score", j["played_score"]},
        {"depth", j["depth"]},
        {"reasons", j["reasons"]},
        {"reasons_held_back", j["reasons_held_back"]},
        {"text", j["text"]},
        {"class", j["class"]}};
}

// The label of one move in one scheme, with its verified reasons: what `glossfish label` and the
// UCI `label` command print.
nlohmann::json label_tool(const ToolCall& call) {
    const Position pos = call.position();
    const Move m = call.move("move", pos);
    Analyzer& an = call.analyzer();
    Settings asked = call.settings();
    asked.quality_depth = call.integer("depth", asked.quality_depth);
    asked.reproducible = call.boolean("reproducible", asked.reproducible);
    if (call.has("scheme")) asked.quality_scheme = parse_scheme(call.string("scheme")).value();
    const AnalysisLimits limits = label_limits(asked);
    MoveLabel l = label_move(an, pos, m, limits, asked.quality_scheme, call.cancel());
    if (l.error == AnalysisCancelled || (call.cancel() && call.cancel()->cancelled()))
        throw ToolError("cancelled", call.cancel_reason());
    if (!l.error.empty()) throw ToolError("engine_error", "the label failed: " + l.error);
    if (call.explainer()) (*call.explainer())(l, an, limits, call.cancel());
    return label_to_json(l);
}

nlohmann::json compare_moves_tool(const ToolCall& call) {
    const Position pos = call.position();
    std::vector<std::string> texts = call.strings("moves");
    std::vector<Move> moves;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        MoveParse mp = parse_move_text(pos, texts[i]);
        if (!mp.ok())
            throw ToolError(move_error_code(mp.error),
                            "moves[" + std::to_string(i) + "]: " + mp.message, "moves");
        moves.push_back(mp.move);
    }
    call.analyzer();  // no_engine at once when there is none
    AnalysisLimits limits = call.limits();
    AnalysisResult main = analyse(call, pos, limits);
    const Score best = main.lines.front().score;
    const Move best_move = line_move(main, 0);

    struct Entry {
        Move move;
        Score score;
    };
    std::vector<Entry> entries;
    for (Move m : moves) {
        Score s = m == best_move ? best : analyse(call, pos, limits, 1, {m}).lines.front().score;
        entries.push_back({m, s});
    }
    nlohmann::json out_moves = nlohmann::json::array();
    std::size_t top = 0;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        int rank = 1;
        for (const Entry& o : entries)
            if (o.score.to_cp_ordering() > entries[i].score.to_cp_ordering()) ++rank;
        if (entries[i].score.to_cp_ordering() > entries[top].score.to_cp_ordering()) top = i;
        QualityInput in;
        in.best = best;
        in.played = entries[i].score;
        in.played_is_best = entries[i].move == best_move;
        Quality ql = classify_move(in, QualityScheme::Lichess),
                qa = classify_move(in, QualityScheme::ActEval);
        out_moves.push_back(
            {{"move", move_json(pos, entries[i].move)},
             {"score", score_to_json(entries[i].score)},
             {"win_percent", win_percent_1dp(entries[i].score)},
             {"wp_loss", round_1dp(ql.wp_loss)},
             {"rank", rank},
             {"engine_best", in.played_is_best},
             {"labels", {{"lichess", label_name(ql.label)}, {"act-eval", label_name(qa.label)}}}});
    }
    double hi = win_percent(entries[top].score), lo = hi;
    for (const Entry& e : entries) lo = std::min(lo, win_percent(e.score));
    return {{"side_to_move", color_word(pos.side_to_move())},
            {"moves", std::move(out_moves)},
            {"best_of_given", move_json(pos, entries[top].move)},
            {"win_percent_spread", round_1dp(hi - lo)},
            {"engine_best", {{"move", move_json(pos, best_move)}, {"score", score_to_json(best)}}},
            {"depth", main.lines.front().depth}};
}

nlohmann::json threat_tool(const ToolCall& call) {
    const Position pos = call.position();
    const Color us = pos.side_to_move(), them = ~us;
    nlohmann::json out = {{"side_to_move", color_word(us)}, {"threatening_side", color_word(them)}};
    if (pos.is_check()) {
        out["null_move_legal"] = false;
        out["reason"] = std::string(color_word(us)) +
                        " is in check and cannot pass; the threat is the check itself";
        out["checkers"] = pieces_json(pos, pos.checkers());
        return out;
    }
    Position np;
    if (FenStatus st = np.set(null_move_fen(pos)); !st.ok()) {
        out["null_move_legal"] = false;
        out["reason"] = "the position with " + std::string(color_word(them)) +
                        " to move is not legal: " + st.message();
        return out;
    }
    out["null_move_legal"] = true;
    out["null_move_fen"] = np.fen();
    if (MoveList(np).empty()) {
        out["threat"] = nullptr;
        out["reason"] = std::string(color_word(them)) + " would have no legal move";
        return out;
    }
    // A named threat is a move of the threatening side in the null-move position.
    std::optional<Move> named;
    if (call.has("move")) {
        MoveParse tp = parse_move_text(np, call.string("move"));
        if (!tp.ok())
            throw ToolError(move_error_code(tp.error),
                            "as a move for " + std::string(color_word(them)) + " if " +
                                color_word(us) + " passed: " + tp.message,
                            "move");
        named = tp.move;
    }
    const double margin = call.number("margin", 10);
    call.analyzer();  // no_engine at once when there is none
    const AnalysisLimits limits = call.limits();
    // The current evaluation, from the threatening side's view.
    Score now = Score::cp(0);
    if (!MoveList(pos).empty()) now = negate(analyse(call, pos, limits).lines.front().score);
    out["score_now"] = score_to_json(now);
    out["win_percent_now"] = win_percent_1dp(now);

    if (!named) {
        AnalysisResult r = analyse(call, np, limits);
        const AnalysisLine& line = r.lines.front();
        double gain = win_percent_gap(line.score, now);
        out["threat"] = move_with_facts(np, line_move(r, 0));
        out["score_if_ignored"] = score_to_json(line.score);
        out["win_percent_if_ignored"] = win_percent_1dp(line.score);
        out["gain"] = round_1dp(gain);
        out["significant"] = gain >= margin || (line.score.is_mate() && line.score.value > 0);
        out["pv_san"] = line_san(np, line.pv);
        out["depth"] = line.depth;
        return out;
    }

    const Move t = *named;
    const Score value = analyse(call, np, limits, 1, {t}).lines.front().score;
    double gain = win_percent_gap(value, now);
    out["threat"] = move_with_facts(np, t);
    out["score_if_ignored"] = score_to_json(value);
    out["win_percent_if_ignored"] = win_percent_1dp(value);
    out["gain"] = round_1dp(gain);
    out["significant"] = gain >= margin || (value.is_mate() && value.value > 0);

    const std::string t_uci = move_to_uci(np, t);
    nlohmann::json defences = nlohmann::json::array(), stopping = nlohmann::json::array();
    bool all = true;
    for (Move d : MoveList(pos)) {
        Position after = pos;
        after.do_move(d);
        nlohmann::json e = {{"defence", move_json(pos, d)}};
        MoveParse again = parse_uci(after, t_uci);
        bool works = false;
        if (!again.ok()) {
            e["threat_legal"] = false;
        } else {
            Score s = analyse(call, after, limits, 1, {again.move}).lines.front().score;
            works = win_percent_gap(value, s) <= margin;
            e["threat_legal"] = true;
            e["score"] = score_to_json(s);
            e["win_percent"] = win_percent_1dp(s);
        }
        e["works"] = works;
        all = all && works;
        if (!works) stopping.push_back(e["defence"]);
        defences.push_back(std::move(e));
    }
    out["works_against_every_defence"] = all && !defences.empty();
    out["stopping_defences"] = std::move(stopping);
    out["defences"] = std::move(defences);
    return out;
}

nlohmann::json is_forced_tool(const ToolCall& call) {
    const Position pos = call.position();
    std::optional<Move> asked;
    if (call.has("move")) asked = call.move("move", pos);
    MoveList legal(pos);
    nlohmann::json out = {{"side_to_move", color_word(pos.side_to_move())},
                          {"legal_moves", legal.size()}};
    if (legal.empty()) {
        out["forced"] = false;
        out["reason"] = "no_legal_moves";
        out["game_over"] = pos.is_check() ? "checkmate" : "stalemate";
        return out;
    }
    if (legal.size() == 1) {
        Move only = *legal.begin();
        out["forced"] = true;
        out["reason"] = "only_legal_move";
        out["move"] = move_json(pos, only);
        if (asked) out["move_is_forced"] = *asked == only;
        return out;
    }
    const double margin = call.number("margin", 15);
    AnalysisResult r = analyse(call, pos, call.limits(), 2);
    const AnalysisLine& first = r.lines.front();
    const Move best = line_move(r, 0);
    out["best"] = {{"move", move_json(pos, best)},
                   {"score", score_to_json(first.score)},
                   {"win_percent", win_percent_1dp(first.score)}};
    double gap = 0;
    if (r.lines.size() > 1) {
        const AnalysisLine& second = r.lines[1];
        gap = win_percent_gap(first.score, second.score);
        out["second"] = {{"move", move_json(pos, line_move(r, 1))},
                         {"score", score_to_json(second.score)},
                         {"win_percent", win_percent_1dp(second.score)}};
    } else {
        out["second"] = nullptr;
    }
    bool forced = gap >= margin;
    out["win_percent_gap"] = round_1dp(gap);
    out["forced"] = forced;
    out["reason"] = forced ? "only_good_move" : "not_forced";
    if (forced) out["move"] = move_json(pos, best);
    if (asked) out["move_is_forced"] = forced && *asked == best;
    out["depth"] = first.depth;
    return out;
}

nlohmann::json mate_in_tool(const ToolCall& call) {
    const Position pos = call.position();
    const Color us = pos.side_to_move();
    nlohmann::json out = {{"side_to_move", color_word(us)}};
    if (MoveList(pos).empty()) {
        bool mated = pos.is_check();
        out["mate"] = mated;
        out["checkmate"] = mated;
        out["mate_for"] = mated ? nlohmann::json(color_word(~us)) : nlohmann::json(nullptr);
        out["mate_in"] = mated ? nlohmann::json(0) : nlohmann::json(nullptr);
        out["pv"] = nlohmann::json::array();
        if (call.has("max_moves")) out["within"] = false;
        return out;
    }
    AnalysisResult r = analyse(call, pos, call.limits());
    const AnalysisLine& line = r.lines.front();
    const Score& s = line.score;
    out["checkmate"] = false;
    out["score"] = score_to_json(s);
    if (s.is_mate() && s.value != 0) {
        out["mate"] = true;
        out["mate_for"] = color_word(s.value > 0 ? us : ~us);
        out["mate_in"] = std::abs(s.value);
    } else {
        out["mate"] = false;
        out["mate_for"] = nullptr;
        out["mate_in"] = nullptr;
    }
    if (call.has("max_moves"))
        out["within"] = s.is_mate() && s.value > 0 && s.value <= call.integer("max_moves", 1);
    out["pv"] = line_json(pos, line.pv);
    out["pv_san"] = line_san(pos, line.pv);
    out["depth"] = line.depth;
    return out;
}

std::vector<ArgSpec> with_limits(std::vector<ArgSpec> args) {
    for (ArgSpec& a : limit_args()) args.push_back(std::move(a));
    return args;
}

// move_quality's arguments: its limits default to the suite's label depth.
std::vector<ArgSpec> quality_args() {
    std::vector<ArgSpec> args =
        with_limits({fen_arg(),
                     move_arg(),
                     {.name = "reasons",
                      .type = ArgType::Boolean,
                      .description = "add the verified reasons of the label",
                      .default_value = true}});
    for (ArgSpec& a : args)
        if (a.name == "depth")
            a.description =
                "search depth in plies (default: the suite's label depth, 14 unless set)";
    return args;
}

}  // namespace

void add_engine_tools(std::vector<ToolSpec>& tools) {
    tools.push_back({
        .name = "eval",
        .group = "engine",
        .description =
            "Engine evaluation of a position. Score from the side to move (cp or mate) and from "
            "White, win%, WDL when the engine reports it, a short verdict, best move and principal "
            "variation. Returns {side_to_move, game_over, score, score_white, win_percent, wdl, "
            "verdict, best_move: {san, uci}, pv: [{san, uci}], pv_san, depth}.",
        .args = with_limits({fen_arg()}),
        .needs_engine = true,
        .handler = eval_tool,
    });
    tools.push_back({
        .name = "top_moves",
        .group = "engine",
        .description = "The engine's best n moves (MultiPV), best first. Returns {side_to_move, "
                       "requested, count, moves: [{rank, move: {san, uci}, score, score_white, "
                       "win_percent, pv_san, depth}]}.",
        .args = with_limits({fen_arg(),
                             {.name = "n",
                              .type = ArgType::Integer,
                              .description = "how many moves",
                              .minimum = 1,
                              .maximum = 20,
                              .default_value = 3}}),
        .needs_engine = true,
        .handler = top_moves_tool,
    });
    tools.push_back({
        .name = "move_quality",
        .group = "engine",
        .description = "How good a move is, by win% loss against the engine's best move. From the "
                       "same search, labelled in both schemes (lichess: inaccuracy >= 5, mistake "
                       ">= 10, blunder >= 15 win% points with its mate rules; act-eval: good <= "
                       "10, inaccuracy 10-20, mistake 20-30, blunder > 30). Returns {move, labels: "
                       "{lichess, act-eval}, wp_loss, win_before, win_after, tags (best, only), "
                       "reason, best: {san, uci, score}, played_score, depth, reasons: [{kind, "
                       "text, line, line_uci, motifs, claims}], reasons_held_back, text, class}.",
        .args = quality_args(),
        .needs_engine = true,
        .handler = move_quality_tool,
    });
    tools.push_back({
        .name = "label",
        .group = "engine",
        .description =
            "The move-quality label of one move (good, inaccuracy, mistake, blunder) in one "
            "scheme by win% loss against the engine's best move, with its verified reasons, as "
            "`glossfish label` and the UCI `label` command give it. Returns {move: {san, uci}, "
            "label, class, wp_loss, win_before, win_after, tags, best: {san, uci, score}, "
            "played_score, depth, scheme, reason, reasons, reasons_held_back, ideas, "
            "ideas_held_back, best_ideas, book, fen, text}.",
        .args = {fen_arg(), move_arg(),
                 setting_arg(&Settings::quality_depth, "depth", "search depth in plies"),
                 setting_arg(&Settings::quality_scheme, "scheme",
                             "label thresholds: lichess (what lichess.org shows) or act-eval"),
                 setting_arg(&Settings::reproducible, "reproducible",
                             "clear the hash before each search: the same answer each run")},
        .needs_engine = true,
        .handler = label_tool,
    });
    tools.push_back({
        .name = "compare_moves",
        .group = "engine",
        .description = "Compares two or more moves of the side to move by engine score. Each is "
                       "searched on its own. Returns {moves: [{move, score, win_percent, wp_loss "
                       "(vs the engine's best), rank, engine_best, labels}], best_of_given, "
                       "win_percent_spread, engine_best: {move, score}, depth}.",
        .args = with_limits({fen_arg(),
                             {.name = "moves",
                              .type = ArgType::MoveList,
                              .required = true,
                              .description = "the moves to compare, e.g. [\"Nf3\", \"d4\"]",
                              .minimum = 2,
                              .maximum = 8}}),
        .needs_engine = true,
        .handler = compare_moves_tool,
    });
    tools.push_back({
        .name = "threat",
        .group = "engine",
        .description =
            "What the side not to move threatens, by a null-move search. The null move is the same "
            "position with the other side to move, legal when the side to move is not in check. "
            "Without move: the engine's best move for the threatening side and how much it would "
            "gain. With move (a move of the threatening side): whether that threat works against "
            "every defence, i.e. after each legal reply it is still legal and keeps its value "
            "within margin win% points. Returns {threatening_side, null_move_legal, threat: {san, "
            "uci, capture, check, checkmate}, score_now, score_if_ignored, gain, significant, and "
            "with move: works_against_every_defence, stopping_defences, defences}.",
        .args = with_limits(
            {fen_arg(),
             {.name = "move",
              .type = ArgType::Move,
              .description = "a named threat: a move of the side NOT to move, in SAN or UCI"},
             {.name = "margin",
              .type = ArgType::Number,
              .description = "win% points a threat may lose and still work, and the gain that "
                             "makes it significant",
              .minimum = 0,
              .maximum = 100,
              .default_value = 10}}),
        .needs_engine = true,
        .handler = threat_tool,
    });
    tools.push_back({
        .name = "is_forced",
        .group = "engine",
        .description =
            "Whether the side to move has a forced move. Forced: the only legal move, or the only "
            "move that keeps the evaluation (the second-best move loses at least margin win% "
            "points). Returns {forced, reason: "
            "only_legal_move|only_good_move|not_forced|no_legal_moves, move, best, second, "
            "win_percent_gap, legal_moves, move_is_forced (when move is given)}.",
        .args = with_limits({fen_arg(),
                             {.name = "move",
                              .type = ArgType::Move,
                              .description = "optional: check that this move is the forced one"},
                             {.name = "margin",
                              .type = ArgType::Number,
                              .description = "win% points the second-best move must lose",
                              .minimum = 0,
                              .maximum = 100,
                              .default_value = 15}}),
        .needs_engine = true,
        .handler = is_forced_tool,
    });
    tools.push_back({
        .name = "mate_in",
        .group = "engine",
        .description =
            "Whether the engine sees a forced mate, for which side and in how many moves. Returns "
            "{side_to_move, checkmate (already), mate, mate_for, mate_in, within (with max_moves: "
            "the side to move mates in at most that many moves), score, pv, pv_san, depth}.",
        .args = with_limits(
            {fen_arg(),
             {.name = "max_moves",
              .type = ArgType::Integer,
              .description =
                  "optional claim to check: the side to move mates in at most this many moves",
              .minimum = 1,
              .maximum = 100}}),
        .needs_engine = true,
        .handler = mate_in_tool,
    });
}

}  // namespace glossfish::verifier
