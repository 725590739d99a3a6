#include "puzzles.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "notation.h"
#include "tree_format.h"

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
    std::string line;
    if (!std::getline(in, line)) {
        file.error = "no header line";
        return file;
    }
    const std::vector<std::string> header = split_csv_line(line);
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
    for (int number = 2; std::getline(in, line); ++number) {
        if (blank(line)) continue;
        auto fail = [&](std::string reason) { file.errors.push_back({number, std::move(reason)}); };
        const std::vector<std::string> f = split_csv_line(line);
        if (f.size() != header.size()) {
            fail("expected " + std::to_string(header.size()) + " columns, got " +
                 std::to_string(f.size()));
            continue;
        }
        PuzzleRecord p;
        p.id = f[id_col];
        if (p.id.empty()) {
            fail("empty PuzzleId");
            continue;
        }
        if (seen.count(p.id)) {
            fail("duplicate PuzzleId " + p.id);
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
            fail("setup move " + moves[0] + ": " + setup.message);
            continue;
        }
        pos.do_move(setup.move);
        p.setup_move = moves[0];
        p.start_fen = pos.fen();
        bool legal = true;
        for (std::size_t i = 1; i < moves.size(); ++i) {
            MoveParse mp = parse_uci(pos, moves[i]);
            if (!mp.ok()) {
                fail("solution move " + std::to_string(i) + " " + moves[i] + ": " + mp.message);
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
                fail("bad Rating '" + f[*rating_col] + "'");
                continue;
            }
        }
        if (themes_col) p.themes = split_words(f[*themes_col]);
        p.plies = int(p.solution.size());
        seen.insert(p.id);
        file.records.push_back(std::move(p));
    }
    return file;
}

PuzzleFile read_lichess_puzzles_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        PuzzleFile file;
        file.error = open_error(path);
        return file;
    }
    return read_lichess_puzzles(in);
}

PuzzleFile read_position_jsonl(std::istream& in) {
    PuzzleFile file;
    std::set<std::string> seen;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (blank(line)) continue;
        auto fail = [&](std::string reason) { file.errors.push_back({number, std::move(reason)}); };
        nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.is_object()) {
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
            fail("duplicate id " + p.id);
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
    return file;
}

PuzzleFile read_position_jsonl_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        PuzzleFile file;
        file.error = open_error(path);
        return file;
    }
    return read_position_jsonl(in);
}

ResumeScan scan_and_repair_output(const std::string& path) {
    ResumeScan scan;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        struct stat st;
        if (::stat(path.c_str(), &st) == 0) scan.error = open_error(path);
        return scan;  // no file yet: nothing done
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    in.close();
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        if (end == std::string::npos) break;  // torn last line
        const std::string line = text.substr(start, end - start);
        start = end + 1;
        if (blank(line)) continue;
        nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.is_object() || !j.contains("id") || !j["id"].is_string()) {
            ++scan.bad_lines;
            continue;
        }
        scan.ids.insert(j["id"].get<std::string>());
    }
    scan.kept_bytes = start;
    scan.truncated_bytes = text.size() - start;
    if (scan.truncated_bytes > 0 && ::truncate(path.c_str(), off_t(start)) != 0)
        scan.error = "cannot truncate " + path + ": " + std::strerror(errno);
    return scan;
}

nlohmann::ordered_json puzzle_output_record(const PuzzleRecord& puzzle, const StrategyTree& tree) {
    nlohmann::ordered_json j;
    j["id"] = puzzle.id;
    j["fen"] = puzzle.start_fen;
    j["solution"] = puzzle.solution;
    j["themes"] = puzzle.themes;
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
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) {
        error_ = open_error(path);
        return false;
    }
    return true;
}

bool PuzzleOutput::write(const nlohmann::ordered_json& record) {
    if (fd_ < 0) {
        error_ = "output not open";
        return false;
    }
    const std::string line = record.dump() + '\n';
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
