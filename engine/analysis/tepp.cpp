// Tree-Expanded Puzzle Playing: the procedure, its evaluation and its output record.
#include "analysis/tepp.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "analysis/quality.h"
#include "analysis/strategy_tree.h"
#include "rules/movegen.h"

namespace glossfish {

namespace {

Score to_solver_view(Score s, bool solver_to_move) {
    if (!solver_to_move) s.value = -s.value;
    return s;
}

// The answer of the player at pos (solver to move), with bounded retries on illegal text.
struct Ask {
    Move move;
    std::string san, uci;
    std::vector<TeppIllegal> illegal;
    std::string failure;
    bool error = false;  // failure is the player's machinery failing (PlayerReply::error)
};

class PuzzleRun {
public:
    PuzzleRun(EngineOracle& oracle, SolvingPlayer& player, const TeppPuzzle& puzzle,
              const TeppOptions& options, TeppResult& result)
        : oracle_(oracle), player_(player), puzzle_(puzzle), options_(options), r_(result) {}

    void play(Position pos) {
        const Color solver = pos.side_to_move();
        std::vector<std::string> san, uci;  // the line from the start
        int ply = 0;
        for (;;) {
            if (pos.outcome() || ply >= puzzle_.plies) {
                finish(pos, solver);
                return;
            }
            if (pos.side_to_move() == solver) {
                Ask a = ask(pos, solver, san, uci);
                TeppStep step;
                step.ply = ply;
                step.solver = true;
                step.illegal = a.illegal;
                if (!a.failure.empty()) {
                    r_.steps.push_back(std::move(step));
                    if (a.error) error(pos, "player: " + a.failure);
                    else fail(pos, a.failure);
                    return;
                }
                step.san = a.san;
                step.uci = a.uci;
                r_.steps.push_back(std::move(step));
                san.push_back(a.san);
                uci.push_back(a.uci);
                r_.line_san.push_back(a.san);
                pos.do_move(a.move);
                ++ply;
                continue;
            }
            // Opponent node.
            AnalysisResult replies = oracle_.analyse(pos, options_.k_eval);
            if (!replies.ok()) {
                error(pos, "engine: " + replies.error);
                return;
            }
            std::vector<Move> moves;
            for (const AnalysisLine& line : replies.lines)
                if (!line.pv.empty() &&
                    std::find(moves.begin(), moves.end(), line.pv.front()) == moves.end())
                    moves.push_back(line.pv.front());
            if (moves.empty()) {
                error(pos, "engine: no reply at an opponent node");
                return;
            }
            const bool last_ply = ply + 1 >= puzzle_.plies;
            TeppStep step;
            step.ply = ply;
            step.solver = false;
            std::vector<Move> answers(moves.size(), Move::none());
            for (std::size_t i = 0; i < moves.size(); ++i) {
                TeppBranch b;
                b.reply_san = move_to_san(pos, moves[i]);
                b.reply_uci = move_to_uci(pos, moves[i]);
                Position next = pos;
                next.do_move(moves[i]);
                if (!last_ply && !next.outcome()) {
                    std::vector<std::string> san2 = san, uci2 = uci;
                    san2.push_back(b.reply_san);
                    uci2.push_back(b.reply_uci);
                    Ask a = ask(next, solver, san2, uci2);
                    b.illegal = a.illegal;
                    if (!a.failure.empty()) {
                        b.failure = a.failure;
                        step.branches.push_back(std::move(b));
                        if (a.error) {
                            r_.steps.push_back(std::move(step));
                            error(next, "player: " + a.failure);
                            return;
                        }
                        continue;
                    }
                    b.answer_san = a.san;
                    b.answer_uci = a.uci;
                    answers[i] = a.move;
                    next.do_move(a.move);
                }
                std::string err;
                b.eval = tepp_evaluate(oracle_, next, solver, err);
                if (!err.empty()) {
                    r_.steps.push_back(std::move(step));
                    error(next, err);
                    return;
                }
                step.branches.push_back(std::move(b));
            }
            int chosen = -1;
            for (std::size_t i = 0; i < step.branches.size(); ++i)
                if (!step.branches[i].failure.empty()) {
                    chosen = int(i);
                    break;
                }
            if (chosen < 0) {
                chosen = 0;
                for (std::size_t i = 1; i < step.branches.size(); ++i) {
                    const TeppEval& e = step.branches[i].eval;
                    const TeppEval& best = step.branches[std::size_t(chosen)].eval;
                    if (e.win < best.win || (e.win == best.win && e.order < best.order))
                        chosen = int(i);
                }
            }
            step.chosen = chosen;
            const TeppBranch& b = step.branches[std::size_t(chosen)];
            const Move reply = moves[std::size_t(chosen)];
            const std::string failure = b.failure;
            san.push_back(b.reply_san);
            uci.push_back(b.reply_uci);
            r_.line_san.push_back(b.reply_san);
            pos.do_move(reply);
            ++ply;
            if (answers[std::size_t(chosen)] != Move::none()) {
                san.push_back(b.answer_san);
                uci.push_back(b.answer_uci);
                r_.line_san.push_back(b.answer_san);
                pos.do_move(answers[std::size_t(chosen)]);
                ++ply;
            }
            r_.steps.push_back(std::move(step));
            if (!failure.empty()) {
                fail(pos, failure);
                return;
            }
        }
    }

private:
    Ask ask(const Position& pos, Color solver, const std::vector<std::string>& san,
            const std::vector<std::string>& uci) {
        PlayerRequest req;
        req.start_fen = puzzle_.start_fen;
        req.fen = pos.fen();
        req.history_san = san;
        req.history_uci = uci;
        req.solver = solver;
        req.chess960 = puzzle_.chess960;
        req.guide = puzzle_.guide;
        Ask a;
        for (int attempt = 0; attempt <= options_.max_retries; ++attempt) {
            req.attempt = attempt;
            ++r_.player_calls;
            PlayerReply reply = player_.choose_move(req);
            if (!reply.ok()) {
                a.failure = reply.failure;
                a.error = reply.error;
                return a;
            }
            MoveParse mp = parse_player_move(pos, reply.move);
            if (mp.ok()) {
                a.move = mp.move;
                a.san = move_to_san(pos, mp.move);
                a.uci = move_to_uci(pos, mp.move);
                return a;
            }
            a.illegal.push_back({reply.move, mp.message});
            player_.on_illegal(req, reply.move, mp.message);
        }
        a.failure = "no legal move in " + std::to_string(options_.max_retries + 1) +
                    " attempts (last: '" + a.illegal.back().move + "': " + a.illegal.back().reason +
                    ")";
        return a;
    }

    void finish(const Position& pos, Color solver) {
        r_.final_fen = pos.fen();
        std::string err;
        r_.final = tepp_evaluate(oracle_, pos, solver, err);
        if (!err.empty()) r_.error = err;
        r_.score = r_.final.win;
    }

    void fail(const Position& pos, const std::string& reason) {
        r_.final_fen = pos.fen();
        r_.failure = reason;
        r_.score = 0;
    }

    void error(const Position& pos, const std::string& reason) {
        r_.final_fen = pos.fen();
        r_.error = reason;
        r_.score = 0;
    }

    EngineOracle& oracle_;
    SolvingPlayer& player_;
    const TeppPuzzle& puzzle_;
    const TeppOptions& options_;
    TeppResult& r_;
};

nlohmann::ordered_json eval_json(const TeppEval& e) {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    if (e.outcome) {
        j["outcome"] = termination_name(e.outcome->termination);
    } else if (e.score) {
        if (e.score->is_mate()) j["mate"] = e.score->value;
        else j["cp"] = e.score->value;
    }
    j["score"] = std::round(e.win * 10000) / 10000;
    return j;
}

nlohmann::ordered_json illegal_json(const std::vector<TeppIllegal>& illegal) {
    nlohmann::ordered_json a = nlohmann::ordered_json::array();
    for (const TeppIllegal& i : illegal) a.push_back({{"move", i.move}, {"reason", i.reason}});
    return a;
}

}  // namespace

TeppPuzzle tepp_puzzle(const PuzzleRecord& record, int default_plies) {
    TeppPuzzle p;
    p.id = record.id;
    p.start_fen = record.start_fen;
    p.plies = record.plies > 0 ? record.plies : default_plies;
    p.themes = record.themes;
    p.motifs = puzzle_record_motifs(record);
    return p;
}

double tepp_win(const Score& solver_view) {
    if (solver_view.is_mate()) return solver_view.value > 0 ? 1.0 : 0.0;
    return win_percent(solver_view) / 100.0;
}

TeppEval tepp_evaluate(EngineOracle& oracle, const Position& pos, Color solver,
                       std::string& error) {
    TeppEval e;
    if (auto outcome = pos.outcome()) {
        e.outcome = outcome;
        if (outcome->winner) {
            const bool won = *outcome->winner == solver;
            e.win = won ? 1.0 : 0.0;
            e.order = won ? 1'000'000 : -1'000'000;
        } else {
            e.win = 0.5;
        }
        return e;
    }
    AnalysisResult r = oracle.analyse(pos, 1);
    if (!r.ok() || r.lines.empty()) {
        error = "engine: " + (r.ok() ? std::string("no line") : r.error);
        return e;
    }
    e.score = to_solver_view(r.lines.front().score, pos.side_to_move() == solver);
    e.score->bound = Bound::Exact;
    e.win = tepp_win(*e.score);
    e.order = e.score->to_cp_ordering();
    return e;
}

TeppResult play_puzzle(EngineOracle& oracle, SolvingPlayer& player, const TeppPuzzle& puzzle,
                       const TeppOptions& options, int run) {
    const auto started = std::chrono::steady_clock::now();
    TeppResult r;
    r.id = puzzle.id;
    r.start_fen = puzzle.start_fen;
    r.themes = puzzle.themes;
    r.motifs = puzzle.motifs;
    r.player = player.name();
    r.run = run;
    r.plies = puzzle.plies;
    r.k_eval = options.k_eval;
    Position pos;
    if (FenStatus st = pos.set(puzzle.start_fen, puzzle.chess960); !st.ok()) {
        r.error = st.message();
        return r;
    }
    if (puzzle.plies < 1 || puzzle.plies > MaxTreePlies) {
        r.error = "plies must be 1.." + std::to_string(MaxTreePlies);
        return r;
    }
    if (options.k_eval < 1 || options.k_eval > MaxTreeBreadth) {
        r.error = "k_eval must be 1.." + std::to_string(MaxTreeBreadth);
        return r;
    }
    if (options.max_retries < 0) {
        r.error = "max_retries must be >= 0";
        return r;
    }
    PlayerRequest start;
    start.start_fen = start.fen = puzzle.start_fen;
    start.solver = pos.side_to_move();
    start.chess960 = puzzle.chess960;
    start.guide = puzzle.guide;
    if (!puzzle.guide_error.empty()) {
        r.final_fen = puzzle.start_fen;
        r.error = "guide: " + puzzle.guide_error;
    } else if (auto err = player.begin_puzzle(start, run)) {
        r.final_fen = puzzle.start_fen;
        r.failure = *err;
    } else {
        PuzzleRun(oracle, player, puzzle, options, r).play(pos);
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return r;
}

nlohmann::ordered_json tepp_record(const TeppResult& r) {
    nlohmann::ordered_json j;
    j["id"] = r.id;
    j["fen"] = r.start_fen;
    j["player"] = r.player;
    if (!r.guide.empty()) j["guide"] = r.guide;
    j["run"] = r.run;
    j["plies"] = r.plies;
    j["k_eval"] = r.k_eval;
    j["themes"] = r.themes;
    j["motifs"] = r.motifs;
    j["line"] = r.line_san;
    nlohmann::ordered_json steps = nlohmann::ordered_json::array();
    for (const TeppStep& s : r.steps) {
        nlohmann::ordered_json o;
        o["ply"] = s.ply;
        if (s.solver) {
            if (!s.san.empty()) o["move"] = s.san;
            if (!s.illegal.empty()) o["illegal"] = illegal_json(s.illegal);
        } else {
            nlohmann::ordered_json tried = nlohmann::ordered_json::array();
            for (const TeppBranch& b : s.branches) {
                nlohmann::ordered_json t;
                t["reply"] = b.reply_san;
                if (!b.answer_san.empty()) t["answer"] = b.answer_san;
                if (!b.illegal.empty()) t["illegal"] = illegal_json(b.illegal);
                if (!b.failure.empty()) t["failed"] = b.failure;
                else t.update(eval_json(b.eval));
                tried.push_back(std::move(t));
            }
            o["tried"] = std::move(tried);
            if (s.chosen >= 0) o["chosen"] = s.branches[std::size_t(s.chosen)].reply_san;
        }
        steps.push_back(std::move(o));
    }
    j["steps"] = std::move(steps);
    nlohmann::ordered_json fin = {{"fen", r.final_fen}};
    if (r.failure.empty() && r.error.empty()) fin.update(eval_json(r.final));
    j["final"] = std::move(fin);
    j["score"] = std::round(r.score * 10000) / 10000;
    if (!r.failure.empty()) j["failed"] = r.failure;
    if (!r.error.empty()) j["error"] = r.error;
    return j;
}

MeanSd mean_sd(const std::vector<double>& values) {
    MeanSd m;
    m.n = int(values.size());
    if (values.empty()) return m;
    double sum = 0;
    for (double v : values) sum += v;
    m.mean = sum / values.size();
    if (values.size() > 1) {
        double sq = 0;
        for (double v : values) sq += (v - m.mean) * (v - m.mean);
        m.sd = std::sqrt(sq / (values.size() - 1));
    }
    return m;
}

namespace {

// Pads to a display width (UTF-8: continuation bytes take no column).
std::string pad(const std::string& s, std::size_t width, bool left) {
    std::size_t columns = 0;
    for (unsigned char c : s) columns += (c & 0xC0) != 0x80;
    const std::string fill(columns < width ? width - columns : 0, ' ');
    return left ? s + fill : fill + s;
}

std::string fixed3(double v, bool sign) {
    char buf[32];
    std::snprintf(buf, sizeof buf, sign ? "%+.3f" : "%.3f", v);
    return buf;
}

}  // namespace

std::vector<TeppSummaryFigures> tepp_summary(const std::vector<TeppSummaryRow>& rows,
                                             std::size_t optimal_row) {
    std::vector<TeppSummaryFigures> out;
    const MeanSd opt = optimal_row < rows.size() ? mean_sd(rows[optimal_row].run_means) : MeanSd{};
    for (const TeppSummaryRow& row : rows) {
        TeppSummaryFigures f;
        f.score = mean_sd(row.run_means);
        if (row.base && *row.base < rows.size())
            f.d_base = f.score.mean - mean_sd(rows[*row.base].run_means).mean;
        f.d_opt = f.score.mean - opt.mean;
        out.push_back(f);
    }
    return out;
}

std::string tepp_summary_table(const std::vector<TeppSummaryRow>& rows, std::size_t optimal_row) {
    const std::vector<TeppSummaryFigures> figures = tepp_summary(rows, optimal_row);
    std::size_t width = 6;
    for (const TeppSummaryRow& r : rows) width = std::max(width, r.name.size());
    std::string t = pad("player", width, true) + "  " + pad("runs", 4, false) + "  " +
                    pad("failed", 6, false) + "  " + pad("errors", 6, false) + "  " +
                    pad("score mean ± sd", 15, true) + "  " + pad("ΔBase", 6, false) + "  " +
                    pad("ΔOpt", 6, false) + "\n";
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const TeppSummaryFigures& f = figures[i];
        t += pad(rows[i].name, width, true) + "  " + pad(std::to_string(f.score.n), 4, false) +
             "  " + pad(std::to_string(rows[i].failed), 6, false) + "  " +
             pad(std::to_string(rows[i].errors), 6, false) + "  " +
             pad(fixed3(f.score.mean, false) + " ± " + fixed3(f.score.sd, false), 15, true) + "  " +
             pad(f.d_base ? fixed3(*f.d_base, true) : "-", 6, false) + "  " +
             pad(fixed3(f.d_opt, true), 6, false) + "\n";
    }
    return t;
}

}  // namespace glossfish
