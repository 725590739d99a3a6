// Puzzle batches: the lichess puzzle CSV and JSONL position lists as typed records, with every
// bad row reported by line number and skipped, and the resumable JSONL output of
// `glossfish puzzles` (scan and repair an existing file, append one record a write). Nothing
// here blocks on an engine; reading and writing block on the file only.
#pragma once

#include <cstdint>
#include <istream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis/strategy_tree.h"
#include "io/resume_scan.h"

namespace glossfish {

struct PuzzleRecord {
    std::string id;
    std::string start_fen;              // the solver to move (lichess: after the setup move)
    std::string setup_move;             // UCI; empty for a JSONL position
    std::string setup_fen;              // CSV: the row's FEN, before the setup move
    std::vector<std::string> solution;  // UCI, solver first; empty for a JSONL position
    std::vector<std::string> themes;
    std::optional<int> rating;
    int plies = 0;  // CSV: solution length; JSONL: its "plies"; 0 when not given
};

// A skipped input row: its 1-based line number (the CSV header is line 1) and why.
struct PuzzleRowError {
    int line = 0;
    std::string reason;
};

struct PuzzleFile {
    std::vector<PuzzleRecord> records;  // the good rows, in file order
    std::vector<PuzzleRowError> errors;
    // The whole file failed (cannot open, a directory, no header, missing column); the *_file
    // readers put the path in front.
    std::string error;
    bool ok() const { return error.empty(); }
};

// Reads a lichess puzzle CSV (columns found by header name: PuzzleId, FEN, Moves required;
// Rating, Themes optional; fields may be quoted; a UTF-8 byte order mark before the header is
// skipped). The first move of Moves is played on FEN to reach the start; the rest is the
// solution, checked move by move for legality. A row that is not valid UTF-8 or is longer than
// MaxCsvRow is skipped with its line, as is any other bad row.
PuzzleFile read_lichess_puzzles(std::istream& in);
PuzzleFile read_lichess_puzzles_file(const std::string& path);

// Reads JSONL positions {"id":"...","fen":"...","plies":N} ("plies" optional, 1..MaxTreePlies).
// Blank lines are ignored; a line longer than MaxJsonlLine or not valid UTF-8 is skipped.
PuzzleFile read_position_jsonl(std::istream& in);
PuzzleFile read_position_jsonl_file(const std::string& path);

// Splits one CSV line into fields: commas separate, a field in double quotes may hold commas
// and doubled quotes ("a ""b"""). A trailing '\r' is dropped.
std::vector<std::string> split_csv_line(const std::string& line);

// Lichess's puzzle themes of the record's solution by our motif tagger (engine/motifs/), with
// the setup move when the record has one; empty for a JSONL position (no solution).
std::vector<std::string> puzzle_record_motifs(const PuzzleRecord& puzzle);
// The engine themes (analysis/engine_themes.h) of a record's solution; empty when the solution
// does not play.
std::vector<std::string> puzzle_record_engine_themes(Analyzer& analyzer, const PuzzleRecord& puzzle,
                                                     const AnalysisLimits& limits,
                                                     const CancelToken* cancel = nullptr);

// One output record: {"id","fen","solution","themes","motifs","rating","plies","tree"} and
// "error" when the tree failed; "themes" are the CSV's, "motifs" puzzle_record_motifs; "tree" is
// the compact tree (tree_to_compact).
nlohmann::ordered_json puzzle_output_record(const PuzzleRecord& puzzle, const StrategyTree& tree);

// An output file opened for appending; each record goes out in a single write() of the whole
// line and its '\n', so a killed run leaves at most its last line torn.
class PuzzleOutput {
public:
    PuzzleOutput() = default;
    ~PuzzleOutput();
    PuzzleOutput(const PuzzleOutput&) = delete;
    PuzzleOutput& operator=(const PuzzleOutput&) = delete;

    // Opens (creating it if needed) path for appending; false and error() on failure, also
    // when path is not a regular file.
    bool open(const std::string& path);
    // Appends record.dump() + '\n'; false and error() on failure.
    bool write(const nlohmann::ordered_json& record);
    const std::string& error() const { return error_; }

private:
    int fd_ = -1;
    std::string error_;
};

}  // namespace glossfish
