#include "analysis/puzzles.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "analysis/engine_themes.h"
#include "analysis/tree_format.h"
#include "io/input_file.h"
#include "io/input_limits.h"
#include "io/json_line.h"
#include "io/line_reader.h"
#include "io/utf8.h"
#include "motifs/motifs.h"
#include "rules/notation.h"

namespace glossfish {

namespace {

std::vector<std::string> split_words(const std::string& text) {
    std::vector<std::string> words;
    std::istringstream ss(text);
    for (std::string w; ss >> w;) words.push_back(w);
    return words;
}

void drop_cr(std::string& line) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
}

bool blank(const std::string& line) { return line.find_first_not_of(" \t\r") == std::string::npos; }

std::optional<int> parse_int(const std::string& text) {
    if (text.empty()) return std::nullopt;
    try {
        std::size_t used = 0;
        int v = std::stoi(text, &used);
        if (used != text.size()) return std::nullopt;
        return v;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

std::string open_error(const std::string& path) {
    return "cannot open " + path + ": " + std::strerror(errno);
}

}  // namespace

std::vector<std::string> split_csv_line(const std::string& raw) {
    std::string line = raw;
    drop_cr(line);
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                fields.back() += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                fields.back() += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            fields.emplace_back();
        } else {
            fields.back() += c;
        }
    }
    return fields;
}

PuzzleFile read_lichess_puzzles(std::istream& in) {
    PuzzleFile file;
    LineReader reader(in, MaxCsvRow);
    std::optional<InputLine> head = reader.next();
    if (!head) {
        file.error = "no header line";
        return file;
    }
    if (head->cut) {
        file.error = "the header is " + std::to_string(head->length) +
                     " bytes long, over the limit of " + std::to_string(MaxCsvRow) + " bytes";
        return file;
    }
    std::string header_line = head->text;
    if (header_line.rfind("\xEF\xBB\xBF", 0) == 0) header_line.erase(0, 3);  // a UTF-8 BOM
    if (std::string bad = utf8_error(header_line); !bad.empty()) {
        file.error = "the header is not valid UTF-8: " + bad;
        return file;
    }
    const std::vector<std::string> header = split_csv_line(header_line);
    std::map<std::string, std::size_t> column;
    for (std::size_t i = 0; i < header.size(); ++i) column[header[i]] = i;
    for (const char* required : {"PuzzleId", "FEN", "Moves"}) {
        if (!column.count(required)) {
            file.error = std::string("header has no ") + required + " column";
            return file;
        }
    }
    auto optional_column = [&](const char* name) -> std::optional<std::size_t> {
        auto it = column.find(name);
        if (it == column.end()) return std::nullopt;
        return it->second;
    };
    const std::size_t id_col = column["PuzzleId"], fen_col = column["FEN"],
                      moves_col = column["Moves"];
    const auto rating_col = optional_column("Rating"), themes_col = optional_column("Themes");

    std::set<std::string> seen;
    while (std::optional<InputLine> row = reader.next()) {
        const std::string& line = row->text;
        const int number = int(row->number);
        auto fail = [&](std::string reason) { file.errors.push_back({number, std::move(reason)}); };
        if (row->cut) {
            fail("the row is " + std::to_string(row->length) + " bytes long, over the limit of " +
                 std::to_string(MaxCsvRow) + " bytes");
            continue;
        }
        if (blank(line)) continue;
        const std::vector<std::string> f = split_csv_line(line);
        if (f.size() != header.size()) {
            fail("expected " + std::to_string(header.size()) + " columns, got " +
                 std::to_string(f.size()));
            continue;
        }
        std::string bad_field;
        for (std::size_t i = 0; i < f.size() && bad_field.empty(); ++i)
            if (std::string bad = utf8_error(f[i]); !bad.empty())
                bad_field = "column " + quote_input(header[i]) + ": " + bad;
        if (!bad_field.empty()) {
            fail(bad_field);
            continue;
        }
        PuzzleRecord p;
        p.id = f[id_col];
        if (p.id.empty()) {
            fail("empty PuzzleId");
            continue;
        }
        if (seen.count(p.id)) {
            fail("duplicate PuzzleId " + quote_input(p.id));
            continue;
        }
        Position pos;
        if (FenStatus status = pos.set(f[fen_col]); !status.ok()) {
            fail(status.message());
            continue;
        }
        const std::vector<std::string> moves = split_words(f[moves_col]);
        if (moves.size() < 2) {
            fail("Moves needs a setup move and at least one solution move");
            continue;
        }
        MoveParse setup = parse_uci(pos, moves[0]);
        if (!setup.ok()) {
            fail("setup move " + setup.named(moves[0]));
            continue;
        }
        p.setup_fen = pos.fen();
        pos.do_move(setup.move);
        p.setup_move = moves[0];
        p.start_fen = pos.fen();
        bool legal = true;
        for (std::size_t i = 1; i < moves.size(); ++i) {
            MoveParse mp = parse_uci(pos, moves[i]);
            if (!mp.ok()) {
                fail("solution move " + std::to_string(i) + " " + mp.named(moves[i]));
                legal = false;
                break;
            }
            pos.do_move(mp.move);
            p.solution.push_back(moves[i]);
        }
        if (!legal) continue;
        if (rating_col && !f[*rating_col].empty()) {
            p.rating = parse_int(f[*rating_col]);
            if (!p.rating) {
                fail("bad Rating " + quote_input(f[*rating_col]));
                continue;
            }
        }
        if (themes_col) p.themes = split_words(f[*themes_col]);
        p.plies = int(p.solution.size());
        seen.insert(p.id);
        file.records.push_back(std::move(p));
    }
    if (in.bad()) file.error = "read error";
    return file;
}

namespace {

// Opens path and reads it with `read`; a read error is prefixed with the path.
PuzzleFile read_puzzle_file(const std::string& path, PuzzleFile (*read)(std::istream&)) {
    std::ifstream in;
    if (auto err = open_input_file(path, in)) {
        PuzzleFile file;
        file.error = *err;
        return file;
    }
    PuzzleFile file = read(in);
    if (!file.ok()) file.error = path + ": " + file.error;
    return file;
}

}  // namespace

PuzzleFile read_lichess_puzzles_file(const std::string& path) {
    return read_puzzle_file(path, read_lichess_puzzles);
}

PuzzleFile read_position_jsonl(std::istream& in) {
    PuzzleFile file;
    std::set<std::string> seen;
    LineReader reader(in, MaxJsonlLine);
    while (std::optional<InputLine> line = reader.next()) {
        const int number = int(line->number);
        if (!line->cut && blank(line->text)) continue;
        auto fail = [&](std::string reason) { file.errors.push_back({number, std::move(reason)}); };
        JsonParse parsed = parse_json_line(*line, MaxJsonlLine);
        if (!parsed.ok()) {
            fail((parsed.id.is_null() ? std::string() : "id " + id_text(parsed.id) + ": ") +
                 parsed.error);
            continue;
        }
        nlohmann::json& j = parsed.value;
        if (!j.is_object()) {
            fail("not a JSON object");
            continue;
        }
        PuzzleRecord p;
        if (!j.contains("id") || !j["id"].is_string() || j["id"].get<std::string>().empty()) {
            fail("\"id\" must be a non-empty string");
            continue;
        }
        p.id = j["id"].get<std::string>();
        if (seen.count(p.id)) {
            fail("duplicate id " + quote_input(p.id));
            continue;
        }
        if (!j.contains("fen") || !j["fen"].is_string()) {
            fail("\"fen\" must be a string");
            continue;
        }
        Position pos;
        if (FenStatus status = pos.set(j["fen"].get<std::string>()); !status.ok()) {
            fail(status.message());
            continue;
        }
        p.start_fen = pos.fen();
        if (j.contains("plies")) {
            const auto& v = j["plies"];
            if (!v.is_number_integer() || v.get<long long>() < 1 ||
                v.get<long long>() > MaxTreePlies) {
                fail("\"plies\" must be an integer 1.." + std::to_string(MaxTreePlies));
                continue;
            }
            p.plies = v.get<int>();
        }
        seen.insert(p.id);
        file.records.push_back(std::move(p));
    }
    if (in.bad()) file.error = "read error";
    return file;
}

PuzzleFile read_position_jsonl_file(const std::string& path) {
    return read_puzzle_file(path, read_position_jsonl);
}

namespace {

// The record's start and its solution as moves; false when the solution is empty or does not
// play from the start.
bool solution_line(const PuzzleRecord& puzzle, Position& start, std::vector<Move>& line) {
    if (puzzle.solution.empty() || !start.set(puzzle.start_fen).ok()) return false;
    Position walk = start;
    for (const std::string& text : puzzle.solution) {
        MoveParse mp = parse_uci(walk, text);
        if (!mp.ok()) return false;
        line.push_back(mp.move);
        walk.do_move(mp.move);
    }
    return true;
}

}  // namespace

std::vector<std::string> puzzle_record_motifs(const PuzzleRecord& puzzle) {
    Position start;
    std::vector<Move> line;
    if (!solution_line(puzzle, start, line)) return {};
    std::optional<SetupMove> setup;
    if (!puzzle.setup_fen.empty() && !puzzle.setup_move.empty()) {
        Position before;
        if (!before.set(puzzle.setup_fen).ok()) return {};
        MoveParse mp = parse_uci(before, puzzle.setup_move);
        if (!mp.ok()) return {};
        before.do_move(mp.move);
        if (before.fen() != start.fen()) return {};
        before.undo_move(mp.move);
        setup = SetupMove{before, mp.move};
    }
    return tag_motifs(start, line, {}, setup);
}

std::vector<std::string> puzzle_record_engine_themes(Analyzer& analyzer, const PuzzleRecord& puzzle,
                                                     const AnalysisLimits& limits,
                                                     const CancelToken* cancel) {
    Position start;
    std::vector<Move> line;
    if (!solution_line(puzzle, start, line)) return {};
    return engine_themes(analyzer, start, line, limits, cancel);
}

nlohmann::ordered_json puzzle_output_record(const PuzzleRecord& puzzle, const StrategyTree& tree) {
    nlohmann::ordered_json j;
    j["id"] = puzzle.id;
    j["fen"] = puzzle.start_fen;
    j["solution"] = puzzle.solution;
    j["themes"] = puzzle.themes;
    j["motifs"] = puzzle_record_motifs(puzzle);
    j["rating"] = puzzle.rating ? nlohmann::ordered_json(*puzzle.rating) : nullptr;
    j["plies"] = tree.options.plies;
    j["tree"] = tree_to_compact(tree);
    if (!tree.ok()) j["error"] = tree.error;
    return j;
}

PuzzleOutput::~PuzzleOutput() {
    if (fd_ >= 0) ::close(fd_);
}

bool PuzzleOutput::open(const std::string& path) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    if (std::string err = resumable_output_error(path, {}); !err.empty()) {
        error_ = err;
        return false;
    }
    // O_NONBLOCK: a FIFO put there since the check must not block the open.
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK, 0644);
    if (fd_ < 0) {
        error_ = open_error(path);
        return false;
    }
    struct stat st;
    if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd_);
        fd_ = -1;
        error_ = resumable_output_error(path, {});
        if (error_.empty()) error_ = "the output '" + path + "' is not a regular file";
        return false;
    }
    ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) & ~O_NONBLOCK);
    return true;
}

bool PuzzleOutput::write(const nlohmann::ordered_json& record) {
    if (fd_ < 0) {
        error_ = "output not open";
        return false;
    }
    // Ids and fields were checked as UTF-8 when read; an error text is only echoed.
    const std::string line =
        record.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + '\n';
    std::size_t done = 0;
    while (done < line.size()) {  // one write() unless the kernel takes the line in parts
        ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            error_ = std::string("write failed: ") + std::strerror(errno);
            return false;
        }
        done += std::size_t(n);
    }
    return true;
}

}  // namespace glossfish
