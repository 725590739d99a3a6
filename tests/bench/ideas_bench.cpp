// The ideas of moves (verifier/explain/ideas.h), board only (no search), measured on two sets:
//  - the Strategic Test Suite half in tests/data/sts_dev.jsonl: the ideas of each position's best
//    move, and per theme the share whose ideas name the theme (goal >= 70% each), by the map
//    below (which idea kinds say which theme; written from the suite's definitions, not fitted);
//  - the hand-written development set tests/data/ideas_dev.jsonl (moves of the games in
//    ideas_dev_games.pgn): the share of moves with at least one idea (goal >= 95%), sentences
//    per move, held back; --details prints each move's gold ideas and ours, to judge by hand.
// Prints ideas per second (every detector, the reader and the verifier of each sentence).
// With --lines D each move's ideas are given Stockfish's line after the move at depth D (as
// `explain` and labels give them), searched from a cleared hash; without it, no search runs.
// Usage: glossfish_ideas_bench [--details] [--sts-details] [--runs N] [--lines D]
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "explain/ideas.h"
#include "host/analyzer.h"
#include "pgn/pgn.h"
#include "rules/notation.h"

using namespace glossfish;
using Clock = std::chrono::steady_clock;

namespace {

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Which idea kinds say each STS theme (shared/research/ideas.md "The Strategic Test Suite's
// themes"). King safety (king_off_line, avoids_checks) is not the king's activity and is not
// counted for it; a king move's threat to win a pawn or piece is.
const std::map<std::string, std::set<std::string>>& theme_kinds() {
    static const std::map<std::string, std::set<std::string>> map = {
        {"undermining", {"strikes", "threatens_win", "weakens_enemy_pawns"}},
        {"open files and diagonals",
         {"rook_file", "open_diagonal", "frees_piece", "fianchetto", "seventh_rank", "opens_file"}},
        {"knight outposts, repositioning, centralization",
         {"outpost", "takes_control", "heads_for"}},
        {"square vacancy", {"frees_piece", "makes_room"}},
        {"bishop vs knight", {"trades", "bishop_pair", "gives_bishop_pair"}},
        // Material taken back (from a FEN alone: the mover was behind), or which of two ways
        // of taking is chosen and why.
        {"recapturing", {"recaptures", "wins_back", "capture_choice"}},
        {"offer of simplification", {"offers_trade", "trades"}},
        {"advancement of f/g/h pawns",
         {"gains_space", "strikes", "creates_passed", "pushes_passer"}},
        {"advancement of a/b/c pawns",
         {"gains_space", "strikes", "creates_passed", "pushes_passer"}},
        {"simplification", {"trades", "offers_trade", "recaptures"}},
        {"activity of the king", {"king_activity", "opposition"}},
        {"centre control", {"takes_control", "occupies_centre", "gains_space", "strikes"}},
        {"pawn play in the centre",
         {"occupies_centre", "strikes", "gains_space", "creates_passed"}},
        {"queens and rooks to the 7th rank", {"seventh_rank"}},
        {"avoid pointless exchange", {"avoids_trade"}},
    };
    return map;
}

// SAN without its check and mate marks.
std::string bare(std::string san) {
    while (!san.empty() && (san.back() == '+' || san.back() == '#')) san.pop_back();
    return san;
}

struct Tally {
    int moves = 0, with_idea = 0, sentences = 0, held = 0, ideas = 0;
    double seconds = 0;
};

}  // namespace

int main(int argc, char** argv) {
    bool details = false, sts_details = false;
    int runs = 1, line_depth = 0;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--details")) details = true;
        else if (!std::strcmp(argv[i], "--sts-details")) sts_details = true;
        else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--lines") && i + 1 < argc &&
                 (line_depth = std::atoi(argv[++i])) >= 1 && line_depth <= MaxSearchDepth)
            continue;
        else {
            std::fprintf(stderr,
                         "usage: glossfish_ideas_bench [--details] [--sts-details] [--runs N] "
                         "[--lines D]\n");
            return 2;
        }
    }
    const std::string data = GLOSSFISH_TEST_DATA;
    const char* ideas_of = line_depth ? "ideas with the engine's line" : "board ideas";
    try {
        std::unique_ptr<Analyzer> engine;
        if (line_depth) engine = std::make_unique<Analyzer>(Analyzer::Config{});
        // Stockfish's line after move (empty without --lines).
        auto line_after = [&](const Position& pos, Move move) -> std::vector<Move> {
            if (!engine) return {};
            Position after = pos;
            after.do_move(move);
            AnalysisLimits limits;
            limits.depth = line_depth;
            limits.reproducible = true;
            const AnalysisResult a = engine->analyse(after, limits);
            if (!a.ok()) throw std::runtime_error("engine: " + a.error);
            return a.lines.empty() ? std::vector<Move>{} : a.lines.front().pv;
        };
        // ---- the Strategic Test Suite ----
        std::map<std::string, std::pair<int, int>> per_theme;  // named, total
        std::map<std::string, int> held_kinds;
        Tally sts;
        std::istringstream lines(slurp(data + "/sts_dev.jsonl"));
        for (std::string line; std::getline(lines, line);) {
            if (line.empty()) continue;
            const auto j = nlohmann::json::parse(line);
            Position pos;
            if (!pos.set(j.at("fen").get<std::string>()).ok()) continue;
            MoveParse mp = parse_uci(pos, j.at("best_uci").get<std::string>());
            if (!mp.ok()) continue;
            verifier::IdeasResult r;
            const std::vector<Move> pv = line_after(pos, mp.move);
            const auto t0 = Clock::now();
            for (int k = 0; k < runs; ++k)
                r = verifier::move_ideas(pos, mp.move, NoSquare, false, pv);
            sts.seconds += std::chrono::duration<double>(Clock::now() - t0).count() / runs;
            ++sts.moves;
            sts.with_idea += !r.ideas.empty();
            sts.ideas += int(r.ideas.size());
            sts.held += r.held_back;
            for (const Idea& i : r.held) ++held_kinds[i.kind];
            const std::string theme = j.at("theme");
            const auto& kinds = theme_kinds().at(theme);
            // The king going after a pawn or piece is its activity, whatever the idea's name:
            // "Kf5 threatens to win the pawn on e5".
            const bool king = type_of(pos.piece_at(mp.move.from())) == King;
            bool named = false;
            for (const Idea& i : r.ideas)
                named = named || kinds.count(i.kind) ||
                        (king && theme == "activity of the king" && i.kind == "threatens_win");
            auto& [hit, total] = per_theme[theme];
            hit += named;
            ++total;
            if (sts_details)
                std::printf("%s %s %s | %s\n", named ? "+" : "-",
                            j.at("id").get<std::string>().c_str(),
                            j.at("best").get<std::string>().c_str(), r.sentence.c_str());
            if (sts_details)
                for (const Idea& i : r.held)
                    std::printf("  held [%s] %s\n", i.kind.c_str(), i.text.c_str());
        }
        std::printf(
            "STS (%d best moves, %s): moves with an idea %d (%.1f%%), ideas per move "
            "%.2f, held back %d\n",
            sts.moves, ideas_of, sts.with_idea, 100.0 * sts.with_idea / std::max(1, sts.moves),
            double(sts.ideas) / std::max(1, sts.moves), sts.held);
        std::string held_list;
        for (const auto& [kind, n] : held_kinds)
            held_list += (held_list.empty() ? "" : ", ") + kind + " " + std::to_string(n);
        std::printf("  held back by kind: %s\n", held_list.empty() ? "none" : held_list.c_str());
        int themes_met = 0;
        for (const auto& [theme, c] : per_theme) {
            const double share = 100.0 * c.first / std::max(1, c.second);
            themes_met += share >= 70;
            std::printf("  %-48s %3d/%3d  %5.1f%%%s\n", theme.c_str(), c.first, c.second, share,
                        share >= 70 ? "" : "  (below 70%)");
        }
        std::printf("  themes at or above 70%%: %d of %zu\n", themes_met, per_theme.size());
        std::printf(
            "ideas per second: %.0f (%.3f ms a move, every detector, reader and verifier)\n",
            sts.ideas / std::max(1e-9, sts.seconds), 1000 * sts.seconds / std::max(1, sts.moves));

        // ---- the development set ----
        const std::vector<PgnGame> games = read_pgn(slurp(data + "/ideas_dev_games.pgn"));
        std::vector<const PgnGame*> real;
        for (const PgnGame& g : games)
            if (g.is_game) real.push_back(&g);
        Tally dev;
        std::istringstream records(slurp(data + "/ideas_dev.jsonl"));
        for (std::string line; std::getline(records, line);) {
            if (line.empty()) continue;
            const auto j = nlohmann::json::parse(line);
            const std::size_t gi = j.at("game_index").get<std::size_t>();
            const int ply = j.at("ply").get<int>();
            if (gi >= real.size() || !real[gi]->ok() || ply < 1 ||
                ply > int(real[gi]->mainline.size())) {
                std::fprintf(stderr, "ideas_bench: record %s does not match its game\n",
                             j.value("id", "?").c_str());
                return 1;
            }
            Position pos = real[gi]->start_position();
            Square previous = NoSquare;
            for (int k = 0; k + 1 < ply; ++k) {
                const Move m = real[gi]->mainline[std::size_t(k)].move;
                previous = pos.is_capture(m) ? m.to() : NoSquare;
                pos.do_move(m);
            }
            const Move move = real[gi]->mainline[std::size_t(ply - 1)].move;
            const std::string san = move_to_san(pos, move);
            if (bare(san) != bare(j.at("san").get<std::string>())) {
                std::fprintf(stderr, "ideas_bench: record %s: ply %d is %s, not %s\n",
                             j.value("id", "?").c_str(), ply, san.c_str(),
                             j.at("san").get<std::string>().c_str());
                return 1;
            }
            const verifier::IdeasResult r =
                verifier::move_ideas(pos, move, previous, ply > 1, line_after(pos, move));
            ++dev.moves;
            dev.with_idea += !r.ideas.empty();
            dev.ideas += int(r.ideas.size());
            dev.held += r.held_back;
            dev.sentences += !r.sentence.empty();
            if (details) {
                std::printf("\n%s %s (%s, %s)\n", j.value("id", "?").c_str(), san.c_str(),
                            j.value("phase", "?").c_str(), j.value("verdict", "?").c_str());
                for (const auto& g : j.at("ideas"))
                    std::printf("  gold  [%s] %s\n", g.value("family", "?").c_str(),
                                g.value("idea", "").c_str());
                std::printf("  said  %s\n", r.sentence.c_str());
                for (const Idea& i : r.ideas)
                    std::printf("  idea  [%s] %s\n", i.kind.c_str(), i.text.c_str());
                for (const Idea& i : r.held)
                    std::printf("  held  [%s] %s\n", i.kind.c_str(), i.text.c_str());
            }
        }
        std::printf(
            "development set (%d moves, %s): with an idea %d (%.1f%%), ideas per "
            "move %.2f, held back %d\n",
            dev.moves, ideas_of, dev.with_idea, 100.0 * dev.with_idea / std::max(1, dev.moves),
            double(dev.ideas) / std::max(1, dev.moves), dev.held);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "ideas_bench: %s\n", e.what());
        return 1;
    }
    return 0;
}
