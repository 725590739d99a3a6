// `glossfish motifs`: lichess's puzzle themes of puzzles (CSV), of lines (JSONL) or of one
// position and line, one JSON line {"id", "themes"} each, from the rules alone; with --engine
// also the themes Stockfish decides (crushing, advantage, equality, zugzwang).
#include <cstdio>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>

#include "analysis/engine_themes.h"
#include "analysis/puzzles.h"
#include "cli/cli.h"
#include "cli/flags.h"
#include "io/input_limits.h"
#include "io/json_line.h"
#include "io/line_reader.h"
#include "io/utf8.h"
#include "motifs/motifs.h"
#include "rules/notation.h"
#include "settings/settings.h"

namespace glossfish::cli {

namespace {

const char* MotifsUsage =
    "usage: glossfish motifs --csv PUZZLES.csv [--engine [--depth D | --nodes N]]\n"
    "       glossfish motifs --jsonl LINES.jsonl [--engine …]   ({\"id\", \"fen\", \"moves\"} a "
    "line)\n"
    "       glossfish motifs --fen FEN --line \"MOVES\" [--engine …]\n";

// The engine themes when --engine is given: Stockfish at the settings' limits.
struct EngineThemes {
    std::unique_ptr<Analyzer> analyzer;
    AnalysisLimits limits;

    // themes (the rules') with the engine's appended.
    void add(const Position& start, const std::vector<Move>& line,
             std::vector<std::string>& themes) {
        if (!analyzer) return;
        for (std::string& t : engine_themes(*analyzer, start, line, limits))
            themes.push_back(std::move(t));
    }
};

void print_record(const nlohmann::json& id, const std::vector<std::string>& themes) {
    nlohmann::ordered_json j;
    j["id"] = id;
    j["themes"] = themes;
    std::printf("%s\n", j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
}

// The themes of one JSONL record, or the reason it cannot be tagged.
std::string tag_json_record(const nlohmann::json& v, EngineThemes& engine,
                            std::vector<std::string>& themes) {
    if (!v.is_object()) return "a record must be a JSON object";
    for (const auto& [key, value] : v.items())
        if (key != "id" && key != "fen" && key != "moves")
            return "unknown field " + quote_input(key) + " (fields: id, fen, moves)";
    if (!v.contains("fen") || !v["fen"].is_string()) return "\"fen\" must be a FEN string";
    Position pos;
    if (FenStatus s = pos.set(v["fen"].get<std::string>()); !s.ok()) return s.message();
    if (!v.contains("moves")) return "missing \"moves\"";
    std::string text;
    const nlohmann::json& moves = v["moves"];
    if (moves.is_string()) {
        text = moves.get<std::string>();
    } else if (moves.is_array()) {
        for (const nlohmann::json& m : moves) {
            if (!m.is_string()) return "\"moves\" must be a string or an array of strings";
            text += m.get<std::string>() + " ";
        }
    } else {
        return "\"moves\" must be a string or an array of strings";
    }
    MotifLineParse line = read_motif_line(pos, text);
    if (!line.ok()) return line.error;
    themes = tag_motifs(pos, line.moves);
    engine.add(pos, line.moves, themes);
    return {};
}

int motifs_jsonl(const std::string& path, EngineThemes& engine) {
    std::ifstream in;
    if (!open_input("motifs", path, in)) return 2;
    LineReader reader(in, MaxJsonlLine);
    int bad = 0;
    while (std::optional<InputLine> row = reader.next()) {
        if (row->text.find_first_not_of(" \t\r") == std::string::npos && !row->cut) continue;
        JsonParse p = parse_json_line(*row, MaxJsonlLine);
        std::string error = p.error;
        std::vector<std::string> themes;
        if (p.ok()) error = tag_json_record(p.value, engine, themes);
        if (!error.empty()) {
            ++bad;
            std::fprintf(stderr, "glossfish motifs: %s: %s: %s (skipped)\n", path.c_str(),
                         record_place(row->number, p.id).c_str(), error.c_str());
            continue;
        }
        print_record(p.id, themes);
    }
    return bad > 0 ? 1 : 0;
}

int motifs_csv(const std::string& path, EngineThemes& engine) {
    std::optional<PuzzleFile> input = read_puzzle_input("motifs", path, "", std::nullopt);
    if (!input) return 2;
    for (const PuzzleRecord& p : input->records) {
        std::vector<std::string> themes = puzzle_record_motifs(p);
        if (engine.analyzer) {
            for (std::string& t : puzzle_record_engine_themes(*engine.analyzer, p, engine.limits))
                themes.push_back(std::move(t));
        }
        print_record(p.id, themes);
    }
    return input->errors.empty() ? 0 : 1;
}

}  // namespace

int motifs_command(const Args& args) {
    std::string csv_path, jsonl_path, fen, line_text;
    Settings settings;
    bool with_engine = false;
    Flags flags("motifs",
                "Lichess's puzzle themes of puzzles or move lines, one JSON line each, from "
                "the rules alone (with --engine also Stockfish's themes).",
                MotifsUsage);
    CLI::Option* csv = flags.text("--csv", csv_path, "lichess puzzles (CSV): tag each solution");
    CLI::Option* jsonl =
        flags.text("--jsonl", jsonl_path, "one {\"id\", \"fen\", \"moves\"} object a line");
    CLI::Option* fen_flag = flags.fen(fen, "the position, the solver to move (FEN or startpos)");
    CLI::Option* line =
        flags.text("--line", line_text, "the moves from --fen, SAN or UCI, solver first");
    flags.flag("--engine", with_engine,
               "also crushing, advantage, equality and zugzwang, decided by Stockfish");
    flags.search_limit(settings, &Settings::analysis_depth);
    csv->excludes(jsonl)->excludes(fen_flag)->excludes(line);
    jsonl->excludes(fen_flag)->excludes(line);
    fen_flag->needs(line);
    line->needs(fen_flag);
    flags.check([&] {
        if (csv->count() + jsonl->count() + fen_flag->count() > 0) return true;
        flags.fail("give one of --csv, --jsonl and --fen with --line");
        return false;
    });
    if (auto code = flags.parse(args)) return *code;
    EngineThemes engine;
    if (with_engine) {
        engine.analyzer = std::make_unique<Analyzer>(analyzer_config(settings));
        engine.limits = default_limits(settings);
    }
    if (!csv_path.empty()) return motifs_csv(csv_path, engine);
    if (!jsonl_path.empty()) return motifs_jsonl(jsonl_path, engine);
    Position pos;
    if (!read_fen("motifs", fen, false, pos)) return 2;
    MotifLineParse parsed = read_motif_line(pos, line_text);
    if (!parsed.ok()) {
        std::fprintf(stderr, "glossfish motifs: --line: %s\n", parsed.error.c_str());
        return 2;
    }
    std::vector<std::string> themes = tag_motifs(pos, parsed.moves);
    engine.add(pos, parsed.moves, themes);
    print_record(nullptr, themes);
    return 0;
}

}  // namespace glossfish::cli
