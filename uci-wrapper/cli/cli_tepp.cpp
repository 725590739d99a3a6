// `glossfish tepp`: Tree-Expanded Puzzle Playing of solving players over a puzzle file, one
// JSON line per puzzle, player (and guide setting, for language models) and run, and a summary
// table (score mean ± sd, ΔBase, ΔOpt).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/puzzles.h"
#include "analysis/strategy_tree.h"
#include "analysis/tepp.h"
#include "analysis/tree_format.h"
#include "cli/cli.h"
#include "cli/flags.h"
#include "io/utf8.h"
#include "llm/llm_player.h"
#include "session/settings.h"

namespace glossfish::cli {

namespace {

const char* TeppUsage =
    "usage: glossfish tepp (--csv FILE | --jsonl FILE) --player SPEC [--player SPEC ...]\n"
    "                      [--baseline SPEC] [--guide G ...] [--breadth K] [--refine N]\n"
    "                      [--k-eval K] [--runs R] [--limit N] [--depth D | --nodes N]\n"
    "                      [--retries N] [--out FILE.jsonl] [--shard I/N] [--verbose]\n"
    "                      [--reproducible]\n"
    "  SPEC: optimal | human | llm[:MODEL] | PROGRAM [NAME=VALUE ...]\n"
    "        [@nodes=N|@depth=D|@movetime=MS], e.g. \"stockfish Skill Level=0\"\n"
    "  G (llm players): none | concepts | tree | description:MODE,\n"
    "        MODE s | c | sc | rv-s | rv-c | rv-sc\n";

// A --player (or the baseline, or optimal): an engine-side spec or a language model.
struct Seat {
    bool llm = false;
    PlayerSpec spec;    // !llm
    std::string model;  // llm: the model (empty: GLOSSFISH_LLM_MODEL)
    std::string name;
};

struct Entry {
    std::unique_ptr<SolvingPlayer> player;
    std::optional<std::size_t> guide;  // llm entries: index into the guide settings
    TeppSummaryRow row;
};

bool is_llm_spec(const std::string& s) { return s == "llm" || s.rfind("llm:", 0) == 0; }

}  // namespace

int tepp_command(const Args& args) {
    std::string csv_path, jsonl_path, out_path;
    std::vector<std::string> player_specs, guide_texts;
    std::optional<std::string> baseline_spec;
    TeppOptions options;
    AnalysisLimits limits;
    int runs = 1, breadth = 3, refine = 1;
    bool verbose = false;
    std::optional<long long> limit;
    ShardSpec shard;

    Flags flags("tepp", "Puzzle playing: players against the optimal line, scored.", TeppUsage);
    flags.puzzle_source(csv_path, jsonl_path);
    flags.list("--player", player_specs, "a player (SPEC), once per player")->required();
    flags.text("--baseline", baseline_spec, "the engine players' baseline (SPEC)");
    flags.list("--guide", guide_texts, "a guide setting of the llm players");
    flags.number("--breadth", breadth, 1, MaxTreeBreadth, "moves per node of the guides' trees");
    flags.number("--refine", refine, 1, verifier::MaxRefineRounds, "refinement rounds");
    flags.number("--k-eval", options.k_eval, 1, MaxTreeBreadth, "moves an answer is compared with");
    flags.number("--runs", runs, 1, 1000, "runs per puzzle");
    flags.number("--retries", options.max_retries, 0, 20, "retries of a bad answer");
    flags.depth_or_nodes(limits.depth, limits.nodes, MaxOptionDepth);
    flags.number("--limit", limit, 1, 1'000'000'000LL, "only the first N records");
    flags.text("--out", out_path, "the rows, JSONL (default: stdout)");
    flags.shard(shard);
    flags.flag("-v,--verbose", verbose, "log every model request on stderr");
    flags.flag("--reproducible", limits.reproducible, "the same answers each run");
    if (auto code = flags.parse(args)) return *code;
    if (limits.empty()) limits.depth = DefaultAnalysisDepth;
    if (baseline_spec && is_llm_spec(*baseline_spec)) {
        std::fputs(
            "glossfish tepp: an llm player's baseline is its own --guide none row, played "
            "automatically; --baseline takes an engine, optimal or human\n",
            stderr);
        return 2;
    }

    // Guide settings: none first (the llm players' baseline), then each --guide once.
    std::vector<verifier::GuideSetting> guides{verifier::GuideSetting{}};
    for (const std::string& g : guide_texts) {
        std::string error;
        auto setting = verifier::parse_guide_setting(g, &error);
        if (!setting) {
            std::fprintf(stderr, "glossfish tepp: --guide: %s\n", error.c_str());
            return 2;
        }
        if (std::find(guides.begin(), guides.end(), *setting) == guides.end())
            guides.push_back(*setting);
    }

    // Players in report order: --player …, the baseline, optimal (each once, by name).
    std::vector<std::string> specs = player_specs;
    if (baseline_spec) specs.push_back(*baseline_spec);
    specs.push_back("optimal");
    std::vector<Seat> seats;
    std::optional<std::size_t> baseline_seat, optimal_seat;
    int humans = 0;
    bool any_llm = false;
    for (std::size_t k = 0; k < specs.size(); ++k) {
        Seat seat;
        if (is_llm_spec(specs[k])) {
            seat.llm = any_llm = true;
            seat.model = specs[k].size() > 4 ? specs[k].substr(4) : "";
            if (specs[k].size() == 4) {
                std::fprintf(stderr, "glossfish tepp: %s: the model after 'llm:' is empty\n",
                             quote_input(specs[k]).c_str());
                return 2;
            }
        } else {
            PlayerSpecParse p = parse_player_spec(specs[k]);
            if (!p.ok()) {
                std::fprintf(stderr, "glossfish tepp: %s: %s\n", quote_input(specs[k]).c_str(),
                             p.error.c_str());
                return 2;
            }
            seat.spec = p.spec;
            seat.name = p.spec.kind == PlayerSpec::Engine  ? p.spec.engine.text
                        : p.spec.kind == PlayerSpec::Human ? "human"
                                                           : "optimal";
        }
        std::size_t index = seats.size();
        auto same = [&](const Seat& s) {
            return s.llm == seat.llm && (seat.llm ? s.model == seat.model : s.name == seat.name);
        };
        auto it = std::find_if(seats.begin(), seats.end(), same);
        if (it != seats.end()) {
            index = std::size_t(it - seats.begin());
        } else {
            if (seat.spec.kind == PlayerSpec::Human && !seat.llm) ++humans;
            seats.push_back(std::move(seat));
        }
        if (baseline_spec && k == player_specs.size()) baseline_seat = index;
        if (k + 1 == specs.size()) optimal_seat = index;
    }
    if (!any_llm && guides.size() > 1)
        std::fputs(
            "glossfish tepp: note: --guide applies to llm players; engine, optimal and "
            "human players play without it (No Strategy)\n",
            stderr);

    // The language model before anything else: without one, no puzzle is worth playing.
    verifier::LlmConfig llm_config;
    if (any_llm) {
        std::optional<verifier::LlmConfig> c = llm_config_from_env("tepp", verbose);
        if (!c) return 2;
        llm_config = std::move(*c);
        for (Seat& s : seats)
            if (s.llm) {
                if (s.model.empty()) s.model = llm_config.model;
                s.name = "llm" + (s.model.empty() ? std::string() : ":" + s.model);
            }
    }

    const std::string& in_path = csv_path.empty() ? jsonl_path : csv_path;
    const std::optional<PuzzleFile> input =
        read_puzzle_input("tepp", csv_path, jsonl_path, limit, shard);
    if (!input) return 2;
    std::vector<TeppPuzzle> puzzles;
    for (const PuzzleRecord& r : input->records) puzzles.push_back(tepp_puzzle(r));
    if (puzzles.empty() && shard.count > 1) {
        // An empty shard of a non-empty input: an empty output for the merge, and success.
        if (!out_path.empty() && !std::ofstream(out_path, std::ios::out | std::ios::trunc)) {
            std::fprintf(stderr, "glossfish tepp: cannot write '%s'\n", out_path.c_str());
            return 1;
        }
        std::fprintf(stderr, "glossfish tepp: shard %s holds no puzzles\n", shard.text().c_str());
        return 0;
    }
    if (puzzles.empty()) {
        std::fprintf(stderr, "glossfish tepp: %s: no puzzles\n", in_path.c_str());
        return 2;
    }

    OutputFile out_file;
    if (!out_path.empty() &&
        !open_output("tepp", out_file, out_path, OutputFile::Mode::Stream, {in_path}))
        return 2;
    std::ostream& records = out_path.empty() ? std::cout : out_file.stream();

    Analyzer::Config config;
    config.workers = 1;
    config.threads_per_worker = 1;
    Analyzer analyzer(config);
    EngineOracle oracle(analyzer, limits);

    // The verbalizer uses the configured model (GLOSSFISH_LLM_MODEL); each llm player its own.
    verifier::PromptLibrary prompts;
    std::vector<std::unique_ptr<verifier::LlmClient>> clients;
    verifier::LlmClient* verbalizer_client = nullptr;
    if (any_llm) {
        clients.push_back(std::make_unique<verifier::LlmClient>(llm_config));
        verbalizer_client = clients.back().get();
    }

    // Entries: one per seat, an llm seat once per guide setting (its none row is its base).
    std::vector<Entry> entries;
    std::vector<std::size_t> seat_entry(seats.size());  // the seat's first entry
    for (std::size_t k = 0; k < seats.size(); ++k) {
        const Seat& seat = seats[k];
        seat_entry[k] = entries.size();
        if (seat.llm) {
            verifier::LlmConfig c = llm_config;
            c.model = seat.model;
            clients.push_back(std::make_unique<verifier::LlmClient>(c));
            for (std::size_t g = 0; g < guides.size(); ++g) {
                Entry e;
                e.player =
                    std::make_unique<verifier::LlmPlayer>(*clients.back(), prompts, seat.name);
                e.guide = g;
                e.row.name = seat.name + " [" + guides[g].paper_name() + "]";
                e.row.base = seat_entry[k];
                entries.push_back(std::move(e));
            }
            continue;
        }
        Entry e;
        e.row.name = seat.name;
        if (seat.spec.kind == PlayerSpec::Optimal) {
            e.player = std::make_unique<OptimalPlayer>(oracle);
        } else if (seat.spec.kind == PlayerSpec::Human) {
            e.player = std::make_unique<HumanPlayer>(std::cin, std::cerr);
        } else {
            if (limits.reproducible && seat.spec.engine.limits.movetime_ms) {
                std::fprintf(stderr,
                             "glossfish tepp: --reproducible needs depth or nodes, but player "
                             "'%s' searches by @movetime\n",
                             seat.name.c_str());
                return 2;
            }
            auto engine = std::make_unique<UciEnginePlayer>(seat.spec.engine, limits);
            if (auto err = engine->start()) {
                std::fprintf(stderr, "glossfish tepp: player '%s': %s\n", seat.name.c_str(),
                             err->c_str());
                return 2;
            }
            e.player = std::move(engine);
        }
        entries.push_back(std::move(e));
    }
    if (baseline_seat)
        for (std::size_t k = 0; k < seats.size(); ++k)
            if (!seats[k].llm) entries[seat_entry[k]].row.base = seat_entry[*baseline_seat];
    const std::size_t optimal_entry = seat_entry[*optimal_seat];
    if (humans > 0 && out_path.empty())
        std::fputs("glossfish tepp: the human player reads stdin and draws on stderr\n", stderr);

    // Guides, made once per puzzle on first use: the strategy tree (k_strat = --breadth, plies
    // from the puzzle, at the run's limits) and each setting's guide.
    std::vector<std::optional<verifier::GuideSource>> sources(puzzles.size());
    std::vector<std::vector<std::optional<verifier::GuideBuild>>> built(
        guides.size(), std::vector<std::optional<verifier::GuideBuild>>(puzzles.size()));
    auto guided = [&](std::size_t g, std::size_t p) {
        TeppPuzzle puzzle = puzzles[p];
        if (g == 0) return puzzle;
        if (!built[g][p]) {
            if (!sources[p]) {
                verifier::GuideSource src;
                src.fen = puzzle.start_fen;
                src.plies = puzzle.plies;
                src.concepts = puzzle.themes;
                Position pos;
                if (pos.set(puzzle.start_fen, puzzle.chess960).ok()) {
                    src.solver = pos.side_to_move();
                    bool tree_needed = false;
                    for (const auto& s : guides) tree_needed |= s.needs_tree();
                    if (tree_needed) {
                        TreeOptions to;
                        to.plies = puzzle.plies;
                        to.breadth = breadth;
                        to.limits = limits;
                        to.reproducible = true;
                        StrategyTree tree = build_tree(analyzer, pos, to);
                        if (tree.ok()) src.tree = tree_to_compact(tree);
                        else
                            std::fprintf(stderr, "glossfish tepp: %s: strategy tree: %s\n",
                                         puzzle.id.c_str(), tree.error.c_str());
                    }
                }
                sources[p] = std::move(src);
            }
            built[g][p] =
                verifier::build_guide(guides[g], *sources[p], *verbalizer_client, prompts, refine);
        }
        puzzle.guide = built[g][p]->guide;
        puzzle.guide_error = built[g][p]->error;
        return puzzle;
    };

    int errors = 0;
    for (Entry& e : entries) {
        for (int run = 0; run < runs; ++run) {
            double sum = 0;
            for (std::size_t p = 0; p < puzzles.size(); ++p) {
                const TeppPuzzle puzzle = e.guide ? guided(*e.guide, p) : puzzles[p];
                TeppResult r = play_puzzle(oracle, *e.player, puzzle, options, run);
                if (e.guide) r.guide = guides[*e.guide].text();
                // Ids and themes were checked as UTF-8 when read; model text is only echoed.
                records << tepp_record(r).dump(-1, ' ', false,
                                               nlohmann::ordered_json::error_handler_t::replace)
                        << '\n';
                records.flush();
                if (!r.ok()) {
                    ++e.row.errors;
                    std::fprintf(stderr, "glossfish tepp: %s: %s: %s\n", e.row.name.c_str(),
                                 r.id.c_str(), r.error.c_str());
                }
                if (!r.failure.empty()) ++e.row.failed;
                sum += r.score;
                std::fprintf(stderr, "glossfish tepp: %s, run %d/%d: %zu/%zu (%s %.3f)\n",
                             e.row.name.c_str(), run + 1, runs, p + 1, puzzles.size(), r.id.c_str(),
                             r.score);
            }
            e.row.run_means.push_back(sum / double(puzzles.size()));
        }
        errors += e.row.errors;
    }
    if (!out_path.empty()) {
        if (auto err = out_file.commit()) {
            std::fprintf(stderr, "glossfish tepp: %s\n", err->c_str());
            return 1;
        }
    }

    std::vector<TeppSummaryRow> rows;
    for (const Entry& e : entries) rows.push_back(e.row);
    std::printf("TEPP  %zu puzzle%s, k_eval %d, %d run%s, limit %s", puzzles.size(),
                puzzles.size() == 1 ? "" : "s", options.k_eval, runs, runs == 1 ? "" : "s",
                limits.go_args().c_str());
    if (any_llm && guides.size() > 1) std::printf(", k_strat %d", breadth);
    std::printf("\n%s", tepp_summary_table(rows, optimal_entry).c_str());
    if (errors > 0) {
        std::fprintf(stderr,
                     "glossfish tepp: %d puzzle record%s had errors (engine, language model or "
                     "guide; records carry \"error\", scored 0)\n",
                     errors, errors == 1 ? "" : "s");
        return 1;
    }
    return 0;
}

}  // namespace glossfish::cli
