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
#include "settings/settings.h"

namespace glossfish::cli {

namespace {

const char* TeppUsage =
    "usage: glossfish tepp (--csv FILE | --jsonl FILE) --player SPEC [--player SPEC ...]\n"
    "                      [--baseline SPEC] [--guide G ...] [--breadth K] [--refine N]\n"
    "                      [--k-eval K] [--runs R] [--limit N] [--depth D | --nodes N]\n"
    "                      [--retries N] [--out FILE.jsonl] [--shard I/N] [--verbose]\n"
    "                      [--reproducible] [--legal-moves] [--temperature T] [--max-tokens N]\n"
    "  SPEC: optimal | random[:SEED] | human | llm[:MODEL] | PROGRAM [NAME=VALUE ...]\n"
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

struct TeppArgs {
    std::string csv_path, jsonl_path, out_path;
    std::vector<std::string> player_specs, guide_texts;
    std::optional<std::string> baseline_spec;
    Settings settings;
    TeppOptions options;
    int runs = verifier::PaperRuns, refine = verifier::PaperRefineRounds;
    verifier::LlmPlayerOptions llm_options;
    bool verbose = false;
    std::optional<long long> limit;
    ShardSpec shard;
    const std::string& in_path() const { return csv_path.empty() ? jsonl_path : csv_path; }
};

// Reads the arguments into a; nullopt to go on, or the exit code (0 after --help).
std::optional<int> parse_args(const Args& args, TeppArgs& a) {
    Flags flags("tepp", "Puzzle playing: players against the optimal line, scored.", TeppUsage);
    flags.puzzle_source(a.csv_path, a.jsonl_path);
    flags.list("--player", a.player_specs, "a player (SPEC), once per player")->required();
    flags.text("--baseline", a.baseline_spec, "the engine players' baseline (SPEC)");
    flags.list("--guide", a.guide_texts, "a guide setting of the llm players");
    flags.setting(a.settings, &Settings::tree_breadth);
    flags.number("--refine", a.refine, 1, verifier::MaxRefineRounds, "refinement rounds");
    flags.flag("--legal-moves", a.llm_options.legal_moves,
               "our variant: list the legal moves in the llm player's prompt");
    flags.number("--k-eval", a.options.k_eval, 1, MaxTreeBreadth,
                 "moves an answer is compared with");
    flags.number("--runs", a.runs, 1, 1000, "runs per puzzle");
    flags.number("--retries", a.options.max_retries, 0, 20, "retries of a bad answer");
    flags.search_limit(a.settings, &Settings::analysis_depth);
    flags.number("--limit", a.limit, 1, 1'000'000'000LL, "only the first N records");
    flags.text("--out", a.out_path, "the rows, JSONL (default: stdout)");
    flags.shard(a.shard);
    flags.flag("-v,--verbose", a.verbose, "log every model request on stderr");
    flags.setting(a.settings, &Settings::reproducible);
    flags.setting(a.settings, &Settings::llm_temperature);
    flags.setting(a.settings, &Settings::llm_max_tokens);
    if (auto code = flags.parse(args)) return code;
    if (a.baseline_spec && is_llm_spec(*a.baseline_spec))
        return flags.fail(
            "an llm player's baseline is its own --guide none row, played automatically; "
            "--baseline takes an engine, optimal or human");
    return std::nullopt;
}

// Guide settings: none first (the llm players' baseline), then each --guide once.
std::optional<std::vector<verifier::GuideSetting>> read_guides(const TeppArgs& a) {
    std::vector<verifier::GuideSetting> guides{verifier::GuideSetting{}};
    for (const std::string& g : a.guide_texts) {
        std::string error;
        auto setting = verifier::parse_guide_setting(g, &error);
        if (!setting) {
            std::fprintf(stderr, "glossfish tepp: --guide: %s\n", error.c_str());
            return std::nullopt;
        }
        if (std::find(guides.begin(), guides.end(), *setting) == guides.end())
            guides.push_back(*setting);
    }
    return guides;
}

// The players in report order: --player …, the baseline, optimal (each once, by name).
struct Seating {
    std::vector<Seat> seats;
    std::optional<std::size_t> baseline, optimal;
    int humans = 0;
    bool any_llm = false;
};

// The seat of one spec; false after printing why it cannot be read.
bool read_seat(const std::string& spec, Seat& seat) {
    if (is_llm_spec(spec)) {
        seat.llm = true;
        seat.model = spec.size() > 4 ? spec.substr(4) : "";
        if (spec.size() == 4) {
            std::fprintf(stderr, "glossfish tepp: %s: the model after 'llm:' is empty\n",
                         quote_input(spec).c_str());
            return false;
        }
        return true;
    }
    PlayerSpecParse p = parse_player_spec(spec);
    if (!p.ok()) {
        std::fprintf(stderr, "glossfish tepp: %s: %s\n", quote_input(spec).c_str(),
                     p.error.c_str());
        return false;
    }
    seat.spec = p.spec;
    seat.name = p.spec.kind == PlayerSpec::Engine   ? p.spec.engine.text
                : p.spec.kind == PlayerSpec::Human  ? "human"
                : p.spec.kind == PlayerSpec::Random ? RandomPlayer(p.spec.seed).name()
                                                    : "optimal";
    return true;
}

std::optional<Seating> seat_players(const TeppArgs& a) {
    std::vector<std::string> specs = a.player_specs;
    if (a.baseline_spec) specs.push_back(*a.baseline_spec);
    specs.push_back("optimal");
    Seating out;
    for (std::size_t k = 0; k < specs.size(); ++k) {
        Seat seat;
        if (!read_seat(specs[k], seat)) return std::nullopt;
        out.any_llm = out.any_llm || seat.llm;
        std::size_t index = out.seats.size();
        auto same = [&](const Seat& s) {
            return s.llm == seat.llm && (seat.llm ? s.model == seat.model : s.name == seat.name);
        };
        auto it = std::find_if(out.seats.begin(), out.seats.end(), same);
        if (it != out.seats.end()) {
            index = std::size_t(it - out.seats.begin());
        } else {
            if (seat.spec.kind == PlayerSpec::Human && !seat.llm) ++out.humans;
            out.seats.push_back(std::move(seat));
        }
        if (a.baseline_spec && k == a.player_specs.size()) out.baseline = index;
        if (k + 1 == specs.size()) out.optimal = index;
    }
    return out;
}

// The puzzles of the input; nullopt with the exit code in `code` when there is nothing to play
// (0 for an empty shard, after writing its empty output).
std::optional<std::vector<TeppPuzzle>> read_puzzles(const TeppArgs& a, int& code) {
    code = 2;
    const std::optional<PuzzleFile> input =
        read_puzzle_input("tepp", a.csv_path, a.jsonl_path, a.limit, a.shard);
    if (!input) return std::nullopt;
    std::vector<TeppPuzzle> puzzles;
    for (const PuzzleRecord& r : input->records) puzzles.push_back(tepp_puzzle(r));
    if (!puzzles.empty()) return puzzles;
    if (a.shard.count > 1) {
        // An empty shard of a non-empty input: an empty output for the merge, and success.
        if (!a.out_path.empty() && !std::ofstream(a.out_path, std::ios::out | std::ios::trunc)) {
            std::fprintf(stderr, "glossfish tepp: cannot write '%s'\n", a.out_path.c_str());
            code = 1;
            return std::nullopt;
        }
        std::fprintf(stderr, "glossfish tepp: shard %s holds no puzzles\n", a.shard.text().c_str());
        code = 0;
        return std::nullopt;
    }
    std::fprintf(stderr, "glossfish tepp: %s: no puzzles\n", a.in_path().c_str());
    return std::nullopt;
}

// The language model of the llm seats (their names completed with it); nullopt after printing
// why there is none. Without llm seats, an empty config.
std::optional<verifier::LlmConfig> configure_models(const TeppArgs& a, Seating& seating) {
    if (!seating.any_llm) return verifier::LlmConfig{};
    std::optional<verifier::LlmConfig> c = llm_config_from_env("tepp", a.verbose, &a.settings);
    if (!c) return std::nullopt;
    for (Seat& s : seating.seats)
        if (s.llm) {
            if (s.model.empty()) s.model = c->model;
            s.name = "llm" + (s.model.empty() ? std::string() : ":" + s.model);
        }
    return c;
}

// Everything one tepp run plays with: the engine, the oracle, the models and the players.
class TeppRun {
public:
    TeppRun(const TeppArgs& a, std::vector<verifier::GuideSetting> guides, Seating seating,
            verifier::LlmConfig llm_config, std::vector<TeppPuzzle> puzzles)
        : a_(a),
          limits_(default_limits(a.settings)),
          guides_(std::move(guides)),
          seating_(std::move(seating)),
          puzzles_(std::move(puzzles)),
          analyzer_(analyzer_config(a.settings)),
          oracle_(analyzer_, limits_),
          llm_config_(std::move(llm_config)),
          sources_(puzzles_.size()),
          built_(guides_.size(),
                 std::vector<std::optional<verifier::GuideBuild>>(puzzles_.size())) {
        // The verbalizer uses the configured model (GLOSSFISH_LLM_MODEL); each llm player its own.
        if (!seating_.any_llm) return;
        clients_.push_back(std::make_unique<verifier::LlmClient>(llm_config_));
        verbalizer_ = clients_.back().get();
    }

    // Entries: one per seat, an llm seat once per guide setting (its none row is its base).
    bool make_entries() {
        const std::vector<Seat>& seats = seating_.seats;
        std::vector<std::size_t> seat_entry(seats.size());  // the seat's first entry
        for (std::size_t k = 0; k < seats.size(); ++k) {
            seat_entry[k] = entries_.size();
            if (seats[k].llm) add_llm_entries(seats[k], seat_entry[k]);
            else if (!add_entry(seats[k])) return false;
        }
        if (seating_.baseline)
            for (std::size_t k = 0; k < seats.size(); ++k)
                if (!seats[k].llm)
                    entries_[seat_entry[k]].row.base = seat_entry[*seating_.baseline];
        optimal_entry_ = seat_entry[*seating_.optimal];
        return true;
    }

    // Plays every entry's runs, one record line per puzzle and run; the puzzles with errors.
    int play(std::ostream& records) {
        int errors = 0;
        for (Entry& e : entries_) {
            for (int run = 0; run < a_.runs; ++run)
                e.row.run_means.push_back(play_run(e, run, records));
            errors += e.row.errors;
        }
        return errors;
    }

    void print_summary() const {
        std::vector<TeppSummaryRow> rows;
        for (const Entry& e : entries_) rows.push_back(e.row);
        std::printf("TEPP  %zu puzzle%s, k_eval %d, %d run%s, limit %s", puzzles_.size(),
                    puzzles_.size() == 1 ? "" : "s", a_.options.k_eval, a_.runs,
                    a_.runs == 1 ? "" : "s", limits_.go_args().c_str());
        if (seating_.any_llm && guides_.size() > 1)
            std::printf(", k_strat %d", a_.settings.tree_breadth);
        std::printf("\n%s", tepp_summary_table(rows, optimal_entry_).c_str());
    }

    const Seating& seating() const { return seating_; }

private:
    void add_llm_entries(const Seat& seat, std::size_t base) {
        verifier::LlmConfig c = llm_config_;
        c.model = seat.model;
        clients_.push_back(std::make_unique<verifier::LlmClient>(c));
        for (std::size_t g = 0; g < guides_.size(); ++g) {
            Entry e;
            e.player = std::make_unique<verifier::LlmPlayer>(*clients_.back(), prompts_, seat.name,
                                                             a_.llm_options);
            e.guide = g;
            e.row.name = seat.name + " [" + guides_[g].paper_name() + "]";
            e.row.base = base;
            entries_.push_back(std::move(e));
        }
    }

    bool add_entry(const Seat& seat) {
        Entry e;
        e.row.name = seat.name;
        if (seat.spec.kind == PlayerSpec::Optimal) {
            e.player = std::make_unique<OptimalPlayer>(oracle_);
        } else if (seat.spec.kind == PlayerSpec::Human) {
            e.player = std::make_unique<HumanPlayer>(std::cin, std::cerr);
        } else if (seat.spec.kind == PlayerSpec::Random) {
            e.player = std::make_unique<RandomPlayer>(seat.spec.seed);
        } else {
            if (limits_.reproducible && seat.spec.engine.limits.movetime_ms) {
                std::fprintf(stderr,
                             "glossfish tepp: --reproducible needs depth or nodes, but player "
                             "'%s' searches by @movetime\n",
                             seat.name.c_str());
                return false;
            }
            auto engine = std::make_unique<UciEnginePlayer>(seat.spec.engine, limits_);
            if (auto err = engine->start()) {
                std::fprintf(stderr, "glossfish tepp: player '%s': %s\n", seat.name.c_str(),
                             err->c_str());
                return false;
            }
            e.player = std::move(engine);
        }
        entries_.push_back(std::move(e));
        return true;
    }

    // The mean score of one run of an entry over the puzzles.
    double play_run(Entry& e, int run, std::ostream& records) {
        double sum = 0;
        for (std::size_t p = 0; p < puzzles_.size(); ++p) {
            const TeppPuzzle puzzle = e.guide ? guided(*e.guide, p) : puzzles_[p];
            TeppResult r = play_puzzle(oracle_, *e.player, puzzle, a_.options, run);
            if (e.guide) r.guide = guides_[*e.guide].text();
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
                         e.row.name.c_str(), run + 1, a_.runs, p + 1, puzzles_.size(), r.id.c_str(),
                         r.score);
        }
        return sum / double(puzzles_.size());
    }

    // A puzzle with guide g's text, made once per puzzle on first use: the strategy tree
    // (k_strat = --breadth, plies from the puzzle, at the run's limits) and each setting's guide.
    TeppPuzzle guided(std::size_t g, std::size_t p) {
        TeppPuzzle puzzle = puzzles_[p];
        if (g == 0) return puzzle;
        if (!built_[g][p]) {
            if (!sources_[p]) sources_[p] = guide_source(puzzle);
            built_[g][p] =
                verifier::build_guide(guides_[g], *sources_[p], *verbalizer_, prompts_, a_.refine);
        }
        puzzle.guide = built_[g][p]->guide;
        puzzle.guide_error = built_[g][p]->error;
        return puzzle;
    }

    verifier::GuideSource guide_source(const TeppPuzzle& puzzle) {
        TreeOptions options = tree_options(a_.settings);
        options.limits = limits_;
        return verifier::puzzle_guide_source(puzzle, guides_, analyzer_, options, "glossfish tepp");
    }

    const TeppArgs& a_;
    const AnalysisLimits limits_;
    const std::vector<verifier::GuideSetting> guides_;
    Seating seating_;
    const std::vector<TeppPuzzle> puzzles_;
    Analyzer analyzer_;
    EngineOracle oracle_;
    verifier::LlmConfig llm_config_;
    verifier::PromptLibrary prompts_;
    std::vector<std::unique_ptr<verifier::LlmClient>> clients_;
    verifier::LlmClient* verbalizer_ = nullptr;
    std::vector<Entry> entries_;
    std::size_t optimal_entry_ = 0;
    std::vector<std::optional<verifier::GuideSource>> sources_;
    std::vector<std::vector<std::optional<verifier::GuideBuild>>> built_;
};

}  // namespace

int tepp_command(const Args& args) {
    TeppArgs a;
    if (auto code = parse_args(args, a)) return *code;
    std::optional<std::vector<verifier::GuideSetting>> guides = read_guides(a);
    if (!guides) return 2;
    std::optional<Seating> seating = seat_players(a);
    if (!seating) return 2;
    if (!seating->any_llm && guides->size() > 1)
        std::fputs(
            "glossfish tepp: note: --guide applies to llm players; engine, optimal and "
            "human players play without it (No Strategy)\n",
            stderr);
    // The language model before anything else: without one, no puzzle is worth playing.
    std::optional<verifier::LlmConfig> llm_config = configure_models(a, *seating);
    if (!llm_config) return 2;
    int code = 2;
    std::optional<std::vector<TeppPuzzle>> puzzles = read_puzzles(a, code);
    if (!puzzles) return code;
    OutputFile out_file;
    if (!a.out_path.empty() &&
        !open_output("tepp", out_file, a.out_path, OutputFile::Mode::Stream, {a.in_path()}))
        return 2;
    std::ostream& records = a.out_path.empty() ? std::cout : out_file.stream();

    TeppRun run(a, std::move(*guides), std::move(*seating), std::move(*llm_config),
                std::move(*puzzles));
    if (!run.make_entries()) return 2;
    if (run.seating().humans > 0 && a.out_path.empty())
        std::fputs("glossfish tepp: the human player reads stdin and draws on stderr\n", stderr);
    const int errors = run.play(records);
    if (!a.out_path.empty())
        if (auto err = out_file.commit()) {
            std::fprintf(stderr, "glossfish tepp: %s\n", err->c_str());
            return 1;
        }
    run.print_summary();
    if (errors == 0) return 0;
    std::fprintf(stderr,
                 "glossfish tepp: %d puzzle record%s had errors (engine, language model or "
                 "guide; records carry \"error\", scored 0)\n",
                 errors, errors == 1 ? "" : "s");
    return 1;
}

}  // namespace glossfish::cli
