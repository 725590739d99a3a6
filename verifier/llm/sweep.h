// The strategy-verbalization sweep (`glossfish sweep`): the grid of the paper (Cui et al.) —
// k (k_strat = k_eval), puzzle length in plies, engine depth, players and guide settings — each
// cell played as `glossfish tepp` plays it, one JSON record per puzzle, player, guide and run
// (the tepp record with a "sweep" object naming the cell), and the paper's results table made
// from those records. The table is a function of the records only, so a resumed run, shards
// joined by concatenation or `glossfish sweep --report` give the same table as one run.
//
// The table's figures, as the paper defines them (per cell, per row = player and guide):
//  - player score: for each run, the mean over the puzzles of the final position's win
//    probability for the solver (0 for a failed puzzle); the row shows the mean ± sample sd of
//    those per-run means;
//  - ΔBase = the row's mean − the mean of the same player with No Strategy (an llm player's
//    `none` row); "-" for players without guides (optimal, R, engines);
//  - ΔOpt = the row's mean − the mean of the Optimal row (the engine playing) of the cell.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace glossfish::verifier {

// One cell of the grid.
struct SweepCell {
    int k = 3;       // k_strat (tree breadth) = k_eval (replies tried per opponent node)
    int plies = 0;   // the puzzle length; 0: each puzzle's own (lichess: its solution)
    int depth = 12;  // engine depth of the trees, the evaluations and optimal
    // {"k":3,"plies":"puzzle"|5,"depth":12}
    nlohmann::ordered_json json() const;
    // "k 3, plies puzzle, depth 12"
    std::string text() const;
    bool operator==(const SweepCell& o) const {
        return k == o.k && plies == o.plies && depth == o.depth;
    }
};

// The cell of a record's "sweep" object; nullopt with *why set when it is malformed.
std::optional<SweepCell> sweep_cell_of(const nlohmann::ordered_json& record, std::string* why);

// The key that identifies a sweep record (its puzzle, player, guide, run and cell):
// "id\tplayer\tguide\trun\tk\tplies\tdepth". Empty with `why` set when the object lacks a field
// of a sweep record ("id", "player", "run", "score", "sweep").
std::string sweep_record_key(const nlohmann::ordered_json& record, std::string& why);

// The paper's name of a row's setting: "Optimal" for optimal, "R" for the random player, the
// guide's paper name for llm rows ("No Strategy", "C", "S", "V-S", "RV-S" …), "No Strategy" for
// other engines.
std::string sweep_setting_name(const std::string& player, const std::string& guide);

// One row of the table.
struct SweepRow {
    std::string setting, player, guide;  // guide: the --guide text, empty for non-llm players
    int puzzles = 0;                     // distinct puzzles over all runs
    int runs = 0;                        // distinct runs
    int failed = 0, errors = 0;          // records over all runs
    double mean = 0, sd = 0;             // of the per-run mean scores
    std::optional<double> d_base, d_opt;
};

struct SweepTable {
    SweepCell cell;
    std::vector<SweepRow> rows;  // Optimal, R, engines, then each llm player's guides in order
};

// The tables of records (one per cell, in order of first appearance). Records must be unique by
// sweep_record_key (the caller checks).
std::vector<SweepTable> sweep_tables(const std::vector<nlohmann::ordered_json>& records);

// The tables as text: per cell a title line, a header and one line per row (three decimals,
// signed deltas, "-" where there is none), then the definitions of ΔBase and ΔOpt.
std::string sweep_table_text(const std::vector<SweepTable>& tables);

}  // namespace glossfish::verifier
