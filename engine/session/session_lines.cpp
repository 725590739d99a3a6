// Session: the MultiPV lines of the GUI's search in analysis (glossfish.lines). Stockfish's
// reader thread only collects each depth's lines and hands a complete set to the lines' worker
// (lines_lane_); the worker labels the lines without the Session's mutex and publishes the
// product under it, while the search runs on the same position.
#include <algorithm>
#include <cstdio>
#include <exception>

#include "analysis/quality.h"
#include "rules/notation.h"
#include "session/session.h"

namespace glossfish {

namespace {

// A line's cache key: its score and moves, then line 1's.
std::string line_key(const SearchInfo& top, const SearchInfo& line) {
    std::string key = std::to_string(line.score->value) + (line.score->is_mate() ? "m" : "");
    for (const std::string& m : line.pv) key += " " + m;
    key += " / " + std::to_string(top.score->value) + (top.score->is_mate() ? "m" : "");
    for (const std::string& m : top.pv) key += " " + m;
    return key;
}

// A MultiPV line's move labelled against line 1 from the two lines' own scores and moves (no
// search), with the reasons the board proves: {"label", "reasons"}.
nlohmann::json label_line(const Position& root, QualityScheme scheme, ProductProvider* provider,
                          const SearchInfo& top, const SearchInfo& line) {
    MoveLabel label;
    label.fen = root.fen();
    label.scheme = scheme;
    label.best_pv = parse_uci_line(root, top.pv);
    label.played_pv = parse_uci_line(root, line.pv);
    if (label.best_pv.empty() || label.played_pv.empty()) return nlohmann::json::object();
    label.best_score = *top.score;
    label.played_score = *line.score;
    label.played = label.played_pv.front();
    label.best = label.best_pv.front();
    label.played_san = move_to_san(root, label.played);
    label.played_uci = move_to_uci(root, label.played);
    label.best_san = move_to_san(root, label.best);
    label.best_uci = move_to_uci(root, label.best);
    QualityInput in;
    in.best = label.best_score;
    in.played = label.played_score;
    in.played_is_best = label.played == label.best;
    label.quality = classify_move(in, label.scheme);
    if (provider) provider->explain_board(label);
    nlohmann::json reasons = nlohmann::json::array();
    for (const Reason& r : label.reasons) reasons.push_back(reason_to_json(r));
    return {{"label", label_name(label.quality.label)}, {"reasons", reasons}};
}

}  // namespace

// MultiPV lines in analysis: once every line of a depth has come, the set goes to the worker
// (replacing a set still waiting: the newest wins).
void Session::multipv_lines_locked(const SearchInfo& info) {
    if (!info.score || info.score->bound != Bound::Exact || info.pv.empty() || !info.multipv)
        return;
    auto& lines = search_.multipv_lines;
    if (*info.multipv == 1) lines.clear();
    if (!lines.empty() && lines.front().depth != info.depth) lines.clear();
    lines.push_back(info);
    if (*info.multipv < std::min(search_.multipv, search_.legal_moves)) return;
    if (lines.front().multipv.value_or(0) != 1) return;
    search_.lines_next = lines;
    if (search_.lines_job) return;  // the running job takes it next
    auto token = std::make_shared<CancelToken>();
    const std::uint64_t job = ++job_ids_;
    JobLane::Job j;
    j.kind = product_kind_name(ProductKind::Lines);
    j.group = search_.epoch;
    j.cancel = token;
    j.run = [this, context = search_.lines_context, job] { run_lines(context, job); };
    if (lines_lane_->post(std::move(j))) search_.lines_job = job;
    else search_.lines_next.reset();  // the lane is stopping
}

void Session::run_lines(const std::shared_ptr<LinesContext>& context, std::uint64_t job) {
    const Position& root = context->root;
    ProductProvider* provider = context->backend ? context->backend->provider.get() : nullptr;
    for (;;) {
        std::vector<SearchInfo> lines;
        {
            Locked lock(*this);
            if (search_.lines_job != job) return;  // cancelled: nothing of it is printed
            if (!search_.lines_next) {
                search_.lines_job = 0;
                release_held_locked();  // a bestmove waiting for the last set
                return;
            }
            lines = std::move(*search_.lines_next);
            search_.lines_next.reset();
        }
        // Each line's win% loss against line 1, its label and the reasons the board proves.
        Product product;
        try {
            const SearchInfo& top = lines.front();
            nlohmann::json out = nlohmann::json::array();
            std::string text;
            for (const auto& l : lines) {
                MoveParse mp = parse_uci(root, l.pv.front());
                if (!mp.ok()) continue;
                const double loss = round_1dp(wp_loss(*top.score, *l.score));
                const std::string san = move_to_san(root, mp.move);
                nlohmann::json line = {{"multipv", *l.multipv},
                                       {"san", san},
                                       {"uci", l.pv.front()},
                                       {"score", score_to_json(*l.score)},
                                       {"wp_loss", loss}};
                const std::string key = line_key(top, l);
                std::optional<nlohmann::json> label;
                {
                    MutexLock cache(context->labels.mutex);
                    auto known = context->labels.by_key.find(key);
                    if (known != context->labels.by_key.end()) label = known->second;
                }
                if (!label) {
                    label = label_line(root, context->scheme, provider, top, l);
                    MutexLock cache(context->labels.mutex);
                    context->labels.by_key.emplace(key, *label);
                }
                line.update(*label);
                out.push_back(std::move(line));
                char part[64];
                std::snprintf(part, sizeof part, "%s%s %s", text.empty() ? "" : "; ", san.c_str(),
                              text.empty() ? "best" : "");
                text += part;
                if (out.size() > 1) {
                    std::snprintf(part, sizeof part, "%.1f win%% lost", loss);
                    text += part;
                }
            }
            product = Product{ProductKind::Lines,
                              {{"depth", top.depth.value_or(0)},
                               {"fen", root.fen()},
                               {"lines", out},
                               {"text", text}}};
        } catch (const std::exception& e) {
            const std::string message = std::string("glossfish.lines failed: ") + e.what();
            product = Product{ProductKind::Error,
                              {{"code", "internal"}, {"message", message}, {"text", message}}};
        }
        Locked lock(*this);
        if (search_.lines_job != job) return;
        if (search_.active && search_.epoch == epoch_.id) emit_product_locked(std::move(product));
    }
}

void Session::cancel_lines_locked() {
    search_.lines_next.reset();
    if (!search_.lines_job) return;
    search_.lines_job = 0;
    // The lane holds this search's job only (an older one has returned or returns at its next
    // look, finding its job cancelled).
    lines_lane_->cancel_if([](const JobLane::Job&) { return true; });
}

}  // namespace glossfish
