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

#include "strategy_tree.h"

namespace glossfish {

struct PuzzleRecord {
    std::string id;
    std::string start_fen;              // the solver to move (lichess: after the setup move)
    std::string setup_move;             // UCI; empty for a JSONL position
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
    std::string error;  // the whole file failed (cannot open, no header, missing column)
    bool ok() const { return error.empty(); }
};

// Reads a lichess puzzle CSV (columns found by header name: PuzzleId, FEN, Moves required;
// Rating, Themes optional; fields may be quoted). The first move of Moves is played on FEN to
// reach the start; the rest is the solution, checked move by move for legality.
PuzzleFile read_lichess_puzzles(std::istream& in);
PuzzleFile read_lichess_puzzles_file(const std::string& path);

// Reads JSONL positions {"id":"...","fen":"...","plies":N} ("plies" optional, 1..MaxTreePlies).
// Blank lines are ignored.
PuzzleFile read_position_jsonl(std::istream& in);
PuzzleFile read_position_jsonl_file(const std::string& path);

// Splits one CSV line into fields: commas separate, a field in double quotes may hold commas
// and doubled quotes ("a ""b"""). A trailing '\r' is dropped.
std::vector<std::string> split_csv_line(const std::string& line);

// The state of an existing output file before a resumed run.
struct ResumeScan {
    std::set<std::string> ids;          // ids of the complete records (each line ending in '\n')
    std::uint64_t kept_bytes = 0;       // the file's size after the scan
    std::uint64_t truncated_bytes = 0;  // a torn last line (no '\n') cut away
    int bad_lines = 0;  // complete lines that are not a JSON object with a string "id"
    std::string error;  // the file exists but could not be read or truncated
    bool ok() const { return error.empty(); }
};

// Reads the output of an earlier run and truncates a torn last line (a kill in the middle of
// a write) so that appending continues on a line boundary. A missing file is an empty scan.
ResumeScan scan_and_repair_output(const std::string& path);

// One output record: {"id","fen","solution","themes","rating","plies","tree"} and "error"
// when the tree failed; "tree" is the compact tree (tree_to_compact).
nlohmann::ordered_json puzzle_output_record(const PuzzleRecord& puzzle, const StrategyTree& tree);

// An output file opened for appending; each record goes out in a single write() of the whole
// line and its '\n', so a killed run leaves at most its last line torn.
class PuzzleOutput {
public:
    PuzzleOutput() = default;
    ~PuzzleOutput();
    PuzzleOutput(const PuzzleOutput&) = delete;
    PuzzleOutput& operator=(const PuzzleOutput&) = delete;

    // Opens (creating it if needed) path for appending; false and error() on failure.
    bool open(const std::string& path);
    // Appends record.dump() + '\n'; false and error() on failure.
    bool write(const nlohmann::ordered_json& record);
    const std::string& error() const { return error_; }

private:
    int fd_ = -1;
    std::string error_;
};

}  // namespace glossfish
