// Engine themes: the evaluation's and zugzwang (see engine_themes.h).
#include "analysis/engine_themes.h"

#include <optional>

#include "analysis/quality.h"
#include "rules/movegen.h"

namespace glossfish {

namespace {

// The engine's score of pos from its side to move, or nullopt when the search fails.
std::optional<Score> searched(Analyzer& analyzer, const Position& pos, const AnalysisLimits& limits,
                              const CancelToken* cancel) {
    AnalysisResult r = analyzer.analyse(pos, limits, 1, {}, -1, false, cancel);
    if (!r.ok() || r.lines.empty()) return std::nullopt;
    return r.lines.front().score;
}

const char* evaluation_theme(const Score& solver) {
    if (solver.is_mate()) return solver.value > 0 ? "" : "equality";
    if (solver.value >= CrushingCp) return "crushing";
    if (solver.value >= AdvantageCp) return "advantage";
    return "equality";
}

// Whether the opponent to move in pos would rather pass (lichess's zugzwang test).
bool zugzwang_at(Analyzer& analyzer, const Position& pos, const AnalysisLimits& limits,
                 const CancelToken* cancel) {
    const std::size_t moves = MoveList(pos).size();
    if (pos.is_check() || moves == 0 || moves > ZugzwangMaxMoves) return false;
    const std::optional<Position> passed = null_move_position(pos);
    if (!passed) return false;
    std::optional<Score> moving = searched(analyzer, pos, limits, cancel);
    std::optional<Score> passing = searched(analyzer, *passed, limits, cancel);
    if (!moving || !passing) return false;
    // Both from the opponent's view: the null-move search is from the solver's.
    return win_percent(*moving) < win_percent(negate(*passing)) - ZugzwangWinGap;
}

}  // namespace

std::vector<std::string> engine_themes(Analyzer& analyzer, const Position& start,
                                       const std::vector<Move>& line, const AnalysisLimits& limits,
                                       const CancelToken* cancel) {
    std::vector<std::string> out;
    if (line.empty()) return out;
    Position end = start;
    for (Move m : line) end.do_move(m);
    const bool solver_moved_last = line.size() % 2 == 1;
    if (MoveList(end).empty()) {
        if (!end.is_check()) out.push_back("equality");  // stalemate
    } else if (std::optional<Score> s = searched(analyzer, end, limits, cancel)) {
        const char* theme = evaluation_theme(solver_moved_last ? negate(*s) : *s);
        if (*theme) out.push_back(theme);
    }
    Position pos = start;
    for (std::size_t i = 0; i < line.size(); ++i) {
        pos.do_move(line[i]);
        if (i % 2 == 0 && zugzwang_at(analyzer, pos, limits, cancel)) {
            out.push_back("zugzwang");
            break;
        }
    }
    return out;
}

}  // namespace glossfish
