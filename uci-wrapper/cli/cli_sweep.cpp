// `glossfish sweep`: the strategy-verbalization paper's grid (k, plies, depth, players, guide
// settings) over a puzzle file, each cell played as `glossfish tepp` plays it; one JSON record
// per puzzle, player, guide, run and cell appended to --out, resumable after a kill and
// sharded by puzzle id; the paper's table (score mean ± sd, ΔBase, ΔOpt) made from the records
// (verifier/llm/sweep.h). `--report FILE...` prints the table of finished outputs (shards).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis/puzzles.h"
#include "analysis/strategy_tree.h"
#include "analysis/tepp.h"
#include "analysis/tree_format.h"
#include "cli/cli.h"
#include "cli/flags.h"
#include "io/input_limits.h"
#include "io/line_reader.h"
#include "io/resume_scan.h"
#include "io/text.h"
#include "io/utf8.h"
#include "llm/llm_player.h"
#include "llm/sweep.h"
#include "settings/settings.h"

namespace glossfish::cli {

namespace {

const char* SweepUsage =
    "usage: glossfish sweep (--csv FILE | --jsonl FILE) --out FILE.jsonl\n"
    "                       [--player SPEC ...] [--guide G ...] [--k LIST] [--plies LIST]\n"
    "                       [--depth LIST] [--runs R] [--refine N] [--retries N] [--limit N]\n"
    "                       [--shard I/N] [--legal-moves] [--temperature T] [--max-tokens N]\n"
    "                       [--verbose]\n"
    "       glossfish sweep --report FILE.jsonl [FILE.jsonl ...]\n"
    "  LIST: comma-separated integers, e.g. --k 1,3,5; --plies also takes 'puzzle' (each\n"
    "        puzzle's own length, the default)\n"
    "  optimal and random (the paper's R) are always played; SPEC as for tepp\n";

const ResumeFormat& sweep_format() {
    static const ResumeFormat format{[](const nlohmann::ordered_json& j, std::string& why) {
                                         return verifier::sweep_record_key(j, why);
                                     },
                                     "glossfish sweep output"};
    return format;
}

struct SweepArgs {
    std::string csv_path, jsonl_path, out_path;
    std::vector<std::string> player_specs, guide_texts, report_paths;
    std::string k_text = "3", plies_text = "puzzle", depth_text;
    Settings settings;
    int runs = verifier::PaperRuns, refine = verifier::PaperRefineRounds, retries = 2;
    verifier::LlmPlayerOptions llm_options;
    bool verbose = false;
    std::optional<long long> limit;
    ShardSpec shard;
    std::vector<verifier::SweepCell> cells;
    const std::string& in_path() const { return csv_path.empty() ? jsonl_path : csv_path; }
};

// "3,5" -> {3, 5}; "puzzle" -> 0 when allowed. Empty with *error set.
std::optional<std::vector<int>> read_list(const std::string& flag, const std::string& text,
                                          long long lo, long long hi, bool puzzle,
                                          std::string* error) {
    std::vector<int> out;
    std::string item;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] != ',') {
            item += text[i];
            continue;
        }
        const std::string t(trim(item));
        item.clear();
        if (puzzle && t == "puzzle") {
            out.push_back(0);
            continue;
        }
        const auto n = to_number<long long>(t);
        if (!n || *n < lo || *n > hi) {
            *error = range_error(flag, lo, hi, t);
            return std::nullopt;
        }
        if (std::find(out.begin(), out.end(), int(*n)) == out.end()) out.push_back(int(*n));
    }
    return out;
}

// Reads the arguments into a; nullopt to go on, or the exit code (0 after --help).
std::optional<int> parse_sweep_args(const Args& args, SweepArgs& a) {
    Flags flags("sweep", "The strategy-verbalization grid over puzzles, resumable.", SweepUsage);
    CLI::Option* csv = flags.app().add_option("--csv", a.csv_path, "lichess puzzles (CSV)");
    CLI::Option* jsonl = flags.app().add_option("--jsonl", a.jsonl_path, "positions (JSONL)");
    csv->excludes(jsonl);
    flags.text("--out", a.out_path, "the records, JSONL, appended (resumable)");
    flags.list("--player", a.player_specs, "a player (SPEC) besides optimal and random");
    flags.list("--guide", a.guide_texts, "a guide setting of the llm players");
    flags.text("--k", a.k_text, "k_strat = k_eval values, e.g. 1,3,5 (default 3)");
    flags.text("--plies", a.plies_text,
               "puzzle lengths, comma-separated; puzzle: each puzzle's own (default: puzzle)");
    flags.text("--depth", a.depth_text, "engine depths, comma-separated (default: 12)");
    flags.number("--runs", a.runs, 1, 1000, "runs per puzzle (default 5)");
    flags.number("--refine", a.refine, 1, verifier::MaxRefineRounds,
                 "critic + rewrite rounds of rv-* guides (default 3)");
    flags.number("--retries", a.retries, 0, 20, "retries of a bad answer");
    flags.number("--limit", a.limit, 1, 1'000'000'000LL, "only the first N records");
    flags.shard(a.shard);
    flags.flag("--legal-moves", a.llm_options.legal_moves,
               "our variant: list the legal moves in the llm player's prompt");
    flags.setting(a.settings, &Settings::llm_temperature);
    flags.setting(a.settings, &Settings::llm_max_tokens);
    flags.flag("-v,--verbose", a.verbose, "log every model request on stderr");
    // --report A B C: every word after it is a file (the shards of one sweep).
    flags.app()
        .add_option("--report", a.report_paths, "print the table of these outputs and stop")
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->expected(1, CLI::detail::expected_max_vector_size);
    if (auto code = flags.parse(args)) return code;
    if (!a.report_paths.empty()) {
        if (csv->count() || jsonl->count() || !a.out_path.empty())
            return flags.fail("--report takes output files only (no --csv, --jsonl or --out)");
        return std::nullopt;
    }
    std::string error;
    const auto ks = read_list("--k", a.k_text, 1, MaxTreeBreadth, false, &error);
    const auto plies =
        ks ? read_list("--plies", a.plies_text, 1, MaxTreePlies, true, &error) : std::nullopt;
    const auto depths =
        plies
            ? read_list("--depth",
                        a.depth_text.empty() ? std::to_string(DefaultAnalysisDepth) : a.depth_text,
                        1, MaxSearchDepth, false, &error)
            : std::nullopt;
    if (!depths) return flags.fail(error);
    for (int k : *ks)
        for (int p : *plies)
            for (int d : *depths) a.cells.push_back(verifier::SweepCell{k, p, d});
    if (a.csv_path.empty() == a.jsonl_path.empty()) return flags.fail("give --csv or --jsonl");
    if (a.out_path.empty()) return flags.fail("--out is required (the resumable records)");
    return std::nullopt;
}

// A player of the sweep: an engine-side spec or a language model.
struct SweepSeat {
    bool llm = false;
    PlayerSpec spec;
    std::string model, name;
};

std::optional<std::vector<SweepSeat>> read_sweep_seats(const SweepArgs& a) {
    std::vector<std::string> specs{"optimal", "random"};
    for (const std::string& s : a.player_specs) specs.push_back(s);
    std::vector<SweepSeat> seats;
    std::set<std::string> seen;
    for (const std::string& s : specs) {
        SweepSeat seat;
        if (s == "llm" || s.rfind("llm:", 0) == 0) {
            if (s.size() == 4) {
                std::fprintf(stderr, "glossfish sweep: %s: the model after 'llm:' is empty\n",
                             quote_input(s).c_str());
                return std::nullopt;
            }
            seat.llm = true;
            seat.model = s.size() > 4 ? s.substr(4) : "";
        } else {
            PlayerSpecParse p = parse_player_spec(s);
            if (!p.ok()) {
                std::fprintf(stderr, "glossfish sweep: %s: %s\n", quote_input(s).c_str(),
                             p.error.c_str());
                return std::nullopt;
            }
            if (p.spec.kind == PlayerSpec::Human) {
                std::fputs("glossfish sweep: the human player belongs to glossfish tepp\n", stderr);
                return std::nullopt;
            }
            seat.spec = p.spec;
            seat.name = p.spec.kind == PlayerSpec::Engine   ? p.spec.engine.text
                        : p.spec.kind == PlayerSpec::Random ? RandomPlayer(p.spec.seed).name()
                                                            : "optimal";
        }
        if (seen.insert(seat.llm ? "llm:" + seat.model : seat.name).second)
            seats.push_back(std::move(seat));
    }
    return seats;
}

// One player of a cell: its machinery, its report name and (llm) its guide setting.
struct SweepEntry {
    std::unique_ptr<SolvingPlayer> player;
    std::string name;
    std::optional<std::size_t> guide;
};

class SweepRun {
public:
    SweepRun(const SweepArgs& a, std::vector<verifier::GuideSetting> guides,
             std::vector<SweepSeat> seats, verifier::LlmConfig llm_config,
             std::vector<TeppPuzzle> puzzles, std::set<std::string> done, PuzzleOutput& out)
        : a_(a),
          guides_(std::move(guides)),
          seats_(std::move(seats)),
          llm_config_(std::move(llm_config)),
          puzzles_(std::move(puzzles)),
          done_(std::move(done)),
          out_(out) {
        for (SweepSeat& s : seats_)
            if (s.llm) {
                if (s.model.empty()) s.model = llm_config_.model;
                s.name = "llm" + (s.model.empty() ? std::string() : ":" + s.model);
                any_llm_ = true;
            }
        if (any_llm_) verbalizer_ = std::make_unique<verifier::LlmClient>(llm_config_);
    }

    // Plays every cell; the exit code (0, 1 after errors or a write failure, 2 when a player
    // engine does not start).
    int play() {
        int code = 0;
        for (const verifier::SweepCell& cell : a_.cells) {
            const int c = play_cell(cell);
            if (c == 2) return 2;
            code = std::max(code, c);
        }
        return code;
    }

    int written() const { return written_; }
    int skipped() const { return skipped_; }

private:
    int play_cell(const verifier::SweepCell& cell) {
        Settings s = a_.settings;
        s.analysis_depth = cell.depth;
        s.tree_depth = cell.depth;
        s.tree_breadth = cell.k;
        const AnalysisLimits limits = default_limits(s);
        Analyzer analyzer(analyzer_config(s));
        EngineOracle oracle(analyzer, limits);
        std::vector<std::unique_ptr<verifier::LlmClient>> clients;
        std::vector<SweepEntry> entries;
        for (const SweepSeat& seat : seats_) {
            if (seat.llm) {
                verifier::LlmConfig c = llm_config_;
                c.model = seat.model;
                clients.push_back(std::make_unique<verifier::LlmClient>(c));
                for (std::size_t g = 0; g < guides_.size(); ++g)
                    entries.push_back({std::make_unique<verifier::LlmPlayer>(
                                           *clients.back(), prompts_, seat.name, a_.llm_options),
                                       seat.name, g});
                continue;
            }
            SweepEntry e;
            e.name = seat.name;
            if (seat.spec.kind == PlayerSpec::Optimal) {
                e.player = std::make_unique<OptimalPlayer>(oracle);
            } else if (seat.spec.kind == PlayerSpec::Random) {
                e.player = std::make_unique<RandomPlayer>(seat.spec.seed);
            } else {
                auto engine = std::make_unique<UciEnginePlayer>(seat.spec.engine, limits);
                if (auto err = engine->start()) {
                    std::fprintf(stderr, "glossfish sweep: player '%s': %s\n", seat.name.c_str(),
                                 err->c_str());
                    return 2;
                }
                e.player = std::move(engine);
            }
            entries.push_back(std::move(e));
        }
        TeppOptions options;
        options.k_eval = cell.k;
        options.max_retries = a_.retries;
        int code = 0;
        for (const TeppPuzzle& base : puzzles_) {
            TeppPuzzle puzzle = base;
            if (cell.plies > 0) puzzle.plies = cell.plies;
            std::vector<std::optional<verifier::GuideBuild>> built(guides_.size());
            std::optional<verifier::GuideSource> source;
            for (SweepEntry& e : entries)
                for (int run = 0; run < a_.runs; ++run) {
                    const std::string guide = e.guide ? guides_[*e.guide].text() : "";
                    if (done_.count(key(puzzle.id, e.name, guide, run, cell))) {
                        ++skipped_;
                        continue;
                    }
                    TeppPuzzle p = puzzle;
                    if (e.guide && *e.guide > 0) {
                        if (!built[*e.guide]) {
                            if (!source) source = guide_source(puzzle, analyzer, s, limits);
                            built[*e.guide] = verifier::build_guide(
                                guides_[*e.guide], *source, *verbalizer_, prompts_, a_.refine);
                        }
                        p.guide = built[*e.guide]->guide;
                        p.guide_error = built[*e.guide]->error;
                    }
                    TeppResult r = play_puzzle(oracle, *e.player, p, options, run);
                    if (e.guide) r.guide = guide;
                    nlohmann::ordered_json rec = tepp_record(r);
                    rec["sweep"] = cell.json();
                    if (!out_.write(rec)) {
                        std::fprintf(stderr, "glossfish sweep: %s: %s\n", a_.out_path.c_str(),
                                     out_.error().c_str());
                        return 1;
                    }
                    ++written_;
                    if (!r.ok()) {
                        code = 1;
                        std::fprintf(stderr, "glossfish sweep: %s %s: %s: %s\n", e.name.c_str(),
                                     guide.c_str(), r.id.c_str(), r.error.c_str());
                    }
                }
            std::fprintf(stderr, "glossfish sweep: %s: %s done\n", cell.text().c_str(),
                         puzzle.id.c_str());
        }
        return code;
    }

    static std::string key(const std::string& id, const std::string& player,
                           const std::string& guide, int run, const verifier::SweepCell& cell) {
        return id + "\t" + player + "\t" + guide + "\t" + std::to_string(run) + "\t" +
               std::to_string(cell.k) + "\t" + std::to_string(cell.plies) + "\t" +
               std::to_string(cell.depth);
    }

    verifier::GuideSource guide_source(const TeppPuzzle& puzzle, Analyzer& analyzer,
                                       const Settings& s, const AnalysisLimits& limits) const {
        TreeOptions options = tree_options(s);
        options.limits = limits;
        return verifier::puzzle_guide_source(puzzle, guides_, analyzer, options, "glossfish sweep");
    }

    const SweepArgs& a_;
    const std::vector<verifier::GuideSetting> guides_;
    std::vector<SweepSeat> seats_;
    verifier::LlmConfig llm_config_;
    const std::vector<TeppPuzzle> puzzles_;
    const std::set<std::string> done_;
    PuzzleOutput& out_;
    verifier::PromptLibrary prompts_;
    std::unique_ptr<verifier::LlmClient> verbalizer_;
    bool any_llm_ = false;
    int written_ = 0, skipped_ = 0;
};

// Reads sweep records from paths; false after printing the first bad line or a duplicate.
bool read_records(const std::vector<std::string>& paths,
                  std::vector<nlohmann::ordered_json>& records) {
    std::map<std::string, std::string> seen;  // key -> "file:line"
    for (const std::string& path : paths) {
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            std::fprintf(stderr, "glossfish sweep: cannot open %s\n", path.c_str());
            return false;
        }
        LineReader reader(in, MaxRecordLine);
        while (std::optional<InputLine> line = reader.next()) {
            const std::string where = path + ":" + std::to_string(line->number);
            if (line->text.find_first_not_of(" \t\r") == std::string::npos) continue;
            auto j = nlohmann::ordered_json::parse(line->text, nullptr, false);
            std::string why = line->cut ? "longer than " + std::to_string(MaxRecordLine) + " bytes"
                              : j.is_discarded() || !j.is_object() ? "not a JSON object"
                                                                   : "";
            const std::string k = why.empty() ? verifier::sweep_record_key(j, why) : "";
            if (k.empty()) {
                std::fprintf(stderr, "glossfish sweep: %s: not a sweep record: %s\n", where.c_str(),
                             why.c_str());
                return false;
            }
            if (auto [it, added] = seen.emplace(k, where); !added) {
                std::fprintf(stderr,
                             "glossfish sweep: %s repeats the record of %s (puzzle %s, player %s, "
                             "run %lld)\n",
                             where.c_str(), it->second.c_str(), j["id"].get<std::string>().c_str(),
                             j["player"].get<std::string>().c_str(), j["run"].get<long long>());
                return false;
            }
            records.push_back(std::move(j));
        }
    }
    return true;
}

int print_report(const std::vector<std::string>& paths) {
    std::vector<nlohmann::ordered_json> records;
    if (!read_records(paths, records)) return 1;
    std::fputs(verifier::sweep_table_text(verifier::sweep_tables(records)).c_str(), stdout);
    return 0;
}

}  // namespace

int sweep_command(const Args& args) {
    SweepArgs a;
    if (auto code = parse_sweep_args(args, a)) return *code;
    if (!a.report_paths.empty()) return print_report(a.report_paths);
    std::vector<verifier::GuideSetting> guides{verifier::GuideSetting{}};
    for (const std::string& g : a.guide_texts) {
        std::string error;
        auto setting = verifier::parse_guide_setting(g, &error);
        if (!setting) {
            std::fprintf(stderr, "glossfish sweep: --guide: %s\n", error.c_str());
            return 2;
        }
        if (std::find(guides.begin(), guides.end(), *setting) == guides.end())
            guides.push_back(*setting);
    }
    std::optional<std::vector<SweepSeat>> seats = read_sweep_seats(a);
    if (!seats) return 2;
    bool any_llm = false;
    for (const SweepSeat& s : *seats) any_llm |= s.llm;
    verifier::LlmConfig llm_config;
    if (any_llm) {
        std::optional<verifier::LlmConfig> c = llm_config_from_env("sweep", a.verbose, &a.settings);
        if (!c) return 2;
        llm_config = std::move(*c);
    } else if (guides.size() > 1) {
        std::fputs("glossfish sweep: note: --guide applies to llm players only\n", stderr);
    }
    if (std::string err = resumable_output_error(a.out_path, {a.in_path()}); !err.empty()) {
        std::fprintf(stderr, "glossfish sweep: %s\n", err.c_str());
        return 2;
    }
    const std::optional<PuzzleFile> input =
        read_puzzle_input("sweep", a.csv_path, a.jsonl_path, a.limit, a.shard);
    if (!input) return 2;
    std::vector<TeppPuzzle> puzzles;
    for (const PuzzleRecord& r : input->records) puzzles.push_back(tepp_puzzle(r));
    ResumeScan scan = scan_and_repair_output(a.out_path, {a.in_path()}, sweep_format());
    if (!scan.ok()) {
        std::fprintf(stderr, "glossfish sweep: %s\n", scan.error.c_str());
        return scan.refused ? 2 : 1;
    }
    if (scan.truncated_bytes > 0)
        std::fprintf(stderr, "glossfish sweep: %s: cut a torn last line of %llu bytes\n",
                     a.out_path.c_str(), (unsigned long long)scan.truncated_bytes);
    PuzzleOutput out;
    if (!out.open(a.out_path)) {
        std::fprintf(stderr, "glossfish sweep: %s\n", out.error().c_str());
        return 1;
    }
    std::fprintf(stderr, "glossfish sweep: %zu puzzle%s, %zu cell%s, %zu record%s already in %s\n",
                 puzzles.size(), puzzles.size() == 1 ? "" : "s", a.cells.size(),
                 a.cells.size() == 1 ? "" : "s", std::size_t(scan.records),
                 scan.records == 1 ? "" : "s", a.out_path.c_str());
    SweepRun run(a, std::move(guides), std::move(*seats), std::move(llm_config), std::move(puzzles),
                 std::move(scan.ids), out);
    const int code = run.play();
    if (code == 2) return 2;
    std::fprintf(stderr, "glossfish sweep: %d record%s written, %d already there\n", run.written(),
                 run.written() == 1 ? "" : "s", run.skipped());
    const int report = print_report({a.out_path});
    return std::max(code, report);
}

}  // namespace glossfish::cli
