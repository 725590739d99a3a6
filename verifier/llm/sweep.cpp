// The sweep's records and its table (see sweep.h).
#include "llm/sweep.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <map>
#include <set>

#include "analysis/tepp.h"
#include "llm/llm_player.h"

namespace glossfish::verifier {

using nlohmann::ordered_json;

ordered_json SweepCell::json() const {
    ordered_json j;
    j["k"] = k;
    if (plies > 0) j["plies"] = plies;
    else j["plies"] = "puzzle";
    j["depth"] = depth;
    return j;
}

std::string SweepCell::text() const {
    return "k " + std::to_string(k) + ", plies " +
           (plies > 0 ? std::to_string(plies) : std::string("puzzle")) + ", depth " +
           std::to_string(depth);
}

std::optional<SweepCell> sweep_cell_of(const ordered_json& record, std::string* why) {
    auto s = record.find("sweep");
    if (s == record.end() || !s->is_object()) {
        *why = "no \"sweep\" object";
        return std::nullopt;
    }
    SweepCell c;
    auto k = s->find("k");
    auto plies = s->find("plies");
    auto depth = s->find("depth");
    if (k == s->end() || !k->is_number_integer() || depth == s->end() ||
        !depth->is_number_integer() || plies == s->end() ||
        !(plies->is_number_integer() || (plies->is_string() && *plies == "puzzle"))) {
        *why =
            "\"sweep\" must be {\"k\": integer, \"plies\": integer or \"puzzle\", \"depth\": "
            "integer}";
        return std::nullopt;
    }
    c.k = k->get<int>();
    c.depth = depth->get<int>();
    c.plies = plies->is_string() ? 0 : plies->get<int>();
    return c;
}

std::string sweep_record_key(const ordered_json& record, std::string& why) {
    auto id = record.find("id");
    auto player = record.find("player");
    auto run = record.find("run");
    auto score = record.find("score");
    if (id == record.end() || !id->is_string() || id->get_ref<const std::string&>().empty()) {
        why = "no \"id\" string";
        return {};
    }
    if (player == record.end() || !player->is_string()) {
        why = "no \"player\" string";
        return {};
    }
    if (run == record.end() || !run->is_number_integer()) {
        why = "no \"run\" integer";
        return {};
    }
    if (score == record.end() || !score->is_number()) {
        why = "no \"score\" number";
        return {};
    }
    auto guide = record.find("guide");
    if (guide != record.end() && !guide->is_string()) {
        why = "\"guide\" is not a string";
        return {};
    }
    const std::optional<SweepCell> cell = sweep_cell_of(record, &why);
    if (!cell) return {};
    return id->get<std::string>() + "\t" + player->get<std::string>() + "\t" +
           (guide == record.end() ? std::string() : guide->get<std::string>()) + "\t" +
           std::to_string(run->get<long long>()) + "\t" + std::to_string(cell->k) + "\t" +
           std::to_string(cell->plies) + "\t" + std::to_string(cell->depth);
}

namespace {

bool is_random(const std::string& player) {
    return player == "random" || player.rfind("random:", 0) == 0;
}

// Rows in the paper's order: Optimal, R, other engines, then the llm players with their guides
// (none, concepts, tree, V-S, V-C, V-S+C, RV-S, RV-C, RV-S+C).
int guide_rank(const std::string& guide) {
    std::string error;
    const std::optional<GuideSetting> g = parse_guide_setting(guide, &error);
    if (!g) return 100;
    switch (g->kind) {
    case GuideSetting::None: return 0;
    case GuideSetting::Concepts: return 1;
    case GuideSetting::Tree: return 2;
    case GuideSetting::Description: return 3 + (g->refine ? 3 : 0) + int(g->mode);
    }
    return 100;
}

int player_rank(const std::string& player, const std::string& guide) {
    if (player == "optimal") return 0;
    if (is_random(player)) return 1;
    return guide.empty() ? 2 : 3;
}

struct Tally {
    std::set<std::string> puzzles;
    std::map<long long, std::pair<double, int>> runs;  // run -> (score sum, records)
    int failed = 0, errors = 0;
    std::size_t first = 0;  // order of first appearance
};

// printf into a string of any length (a player's name may be long).
__attribute__((format(printf, 1, 2))) std::string format(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    va_list again;
    va_copy(again, args);
    const int n = std::vsnprintf(nullptr, 0, fmt, args);
    va_end(args);
    std::string out(n > 0 ? std::size_t(n) : 0, '\0');
    if (n > 0) std::vsnprintf(out.data(), out.size() + 1, fmt, again);
    va_end(again);
    return out;
}

std::string signed3(std::optional<double> v) {
    if (!v) return "-";
    const std::string text = format("%+.3f", *v);
    return text == "-0.000" ? "+0.000" : text;  // a difference that rounds to nothing
}

}  // namespace

std::string sweep_setting_name(const std::string& player, const std::string& guide) {
    if (player == "optimal") return "Optimal";
    if (is_random(player)) return "R";
    if (guide.empty()) return "No Strategy";
    std::string error;
    const std::optional<GuideSetting> g = parse_guide_setting(guide, &error);
    return g ? g->paper_name() : guide;
}

std::vector<SweepTable> sweep_tables(const std::vector<ordered_json>& records) {
    std::vector<SweepTable> tables;
    std::vector<std::map<std::pair<std::string, std::string>, Tally>> tallies;
    std::size_t order = 0;
    for (const ordered_json& r : records) {
        std::string why;
        const std::optional<SweepCell> cell = sweep_cell_of(r, &why);
        if (!cell) continue;
        auto t = std::find_if(tables.begin(), tables.end(),
                              [&](const SweepTable& x) { return x.cell == *cell; });
        if (t == tables.end()) {
            tables.push_back(SweepTable{*cell, {}});
            tallies.emplace_back();
            t = tables.end() - 1;
        }
        auto& by_row = tallies[std::size_t(t - tables.begin())];
        const std::string player = r.value("player", "");
        const std::string guide = r.value("guide", "");
        auto [it, added] = by_row.try_emplace({player, guide});
        Tally& tally = it->second;
        if (added) tally.first = order++;
        tally.puzzles.insert(r.value("id", ""));
        auto& run = tally.runs[r.value("run", 0LL)];
        run.first += r.value("score", 0.0);
        ++run.second;
        if (r.contains("failed")) ++tally.failed;
        if (r.contains("error")) ++tally.errors;
    }
    for (std::size_t c = 0; c < tables.size(); ++c) {
        std::vector<std::pair<std::pair<std::string, std::string>, const Tally*>> rows;
        for (const auto& [key, tally] : tallies[c]) rows.push_back({key, &tally});
        std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
            const int pa = player_rank(a.first.first, a.first.second);
            const int pb = player_rank(b.first.first, b.first.second);
            if (pa != pb) return pa < pb;
            if (a.first.first != b.first.first) return a.second->first < b.second->first;
            return guide_rank(a.first.second) < guide_rank(b.first.second);
        });
        std::optional<double> optimal;
        std::map<std::string, double> base;  // llm player -> its none row's mean
        for (const auto& [key, tally] : rows) {
            SweepRow row;
            row.player = key.first;
            row.guide = key.second;
            row.setting = sweep_setting_name(row.player, row.guide);
            row.puzzles = int(tally->puzzles.size());
            row.runs = int(tally->runs.size());
            row.failed = tally->failed;
            row.errors = tally->errors;
            std::vector<double> means;
            for (const auto& [run, sum] : tally->runs) means.push_back(sum.first / sum.second);
            const MeanSd m = mean_sd(means);
            row.mean = m.mean;
            row.sd = m.sd;
            if (row.player == "optimal") optimal = row.mean;
            if (row.guide == "none") base[row.player] = row.mean;
            tables[c].rows.push_back(std::move(row));
        }
        for (SweepRow& row : tables[c].rows) {
            if (optimal) row.d_opt = row.mean - *optimal;
            if (!row.guide.empty())
                if (auto b = base.find(row.player); b != base.end())
                    row.d_base = row.mean - b->second;
        }
    }
    return tables;
}

std::string sweep_table_text(const std::vector<SweepTable>& tables) {
    std::string out;
    for (const SweepTable& t : tables) {
        int puzzles = 0, runs = 0;
        for (const SweepRow& r : t.rows) {
            puzzles = std::max(puzzles, r.puzzles);
            runs = std::max(runs, r.runs);
        }
        std::size_t setting_w = 11, player_w = 6;
        for (const SweepRow& r : t.rows) {
            setting_w = std::max(setting_w, r.setting.size());
            player_w = std::max(player_w, r.player.size());
        }
        out += format(
            "Strategy verbalization: k_strat = k_eval = %d, plies %s, depth %d (%d "
            "puzzle%s, %d run%s)\n",
            t.cell.k, t.cell.plies > 0 ? std::to_string(t.cell.plies).c_str() : "puzzle",
            t.cell.depth, puzzles, puzzles == 1 ? "" : "s", runs, runs == 1 ? "" : "s");
        // "±" and "Δ" are two bytes and one column: the widths below count bytes.
        out += format("%-*s  %-*s  %7s  %4s  %6s  %6s  score mean ± sd  %7s  %7s\n", int(setting_w),
                      "setting", int(player_w), "player", "puzzles", "runs", "failed", "errors",
                      "ΔBase", "ΔOpt");
        for (const SweepRow& r : t.rows) {
            const std::string score = format("%.3f ± %.3f", r.mean, r.sd);
            out += format("%-*s  %-*s  %7d  %4d  %6d  %6d  %-16s  %6s  %6s\n", int(setting_w),
                          r.setting.c_str(), int(player_w), r.player.c_str(), r.puzzles, r.runs,
                          r.failed, r.errors, score.c_str(), signed3(r.d_base).c_str(),
                          signed3(r.d_opt).c_str());
            if (r.puzzles < puzzles)
                out += "  (incomplete: " + std::to_string(r.puzzles) + " of " +
                       std::to_string(puzzles) + " puzzles)\n";
        }
        out += "\n";
    }
    out +=
        "score: per run the mean over puzzles of the final win probability for the solver "
        "(failed: 0); mean ± sd over runs. ΔBase = score - the same player's No Strategy score; "
        "ΔOpt = score - Optimal's score.\n";
    return out;
}

}  // namespace glossfish::verifier
