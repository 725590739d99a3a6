// PgnReader: splitting a stream into games (tag pairs, movetext, comments left open) and
// handing each to the game parser.
#include <algorithm>
#include <sstream>

#include "io/text.h"
#include "pgn/pgn.h"
#include "pgn/pgn_tokens.h"

namespace glossfish {

using namespace pgn_tokens;

namespace {

// The first non-blank character of a line is '['.
bool starts_like_tag(std::string_view line) {
    for (char c : line) {
        if (c == '[') return true;
        if (!is_space(c)) return false;
    }
    return false;
}

// Where the tag pairs at the start of a line end (the whole line when one is malformed).
std::size_t tag_pairs_end(std::string_view line) {
    std::size_t i = 0;
    for (;;) {
        while (i < line.size() && is_space(line[i])) ++i;
        if (i >= line.size() || line[i] != '[') return i;
        std::size_t quote = line.find('"', i);
        if (quote == std::string_view::npos) return line.size();
        std::size_t k = quote + 1;
        while (k < line.size() && line[k] != '"') k += line[k] == '\\' ? 2 : 1;
        std::size_t close = k < line.size() ? line.find(']', k) : std::string_view::npos;
        if (close == std::string_view::npos) return line.size();
        i = close + 1;
    }
}

// A line that starts like a tag pair, "[Name " at column 0 (used to end a game left inside an
// open comment; a comment line starting this way is taken as the next game).
bool is_tag_start_line(std::string_view line) {
    if (line.size() < 3 || line[0] != '[' || !std::isalpha(static_cast<unsigned char>(line[1])))
        return false;
    std::size_t i = 1;
    while (i < line.size() && (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_'))
        ++i;
    return i < line.size() && (line[i] == ' ' || line[i] == '\t');
}

}  // namespace

bool PgnReader::read_line(std::string& line, int& line_no, bool& at_start) {
    if (has_pending_) {
        line = std::move(pending_);
        line_no = pending_line_;
        at_start = pending_at_start_;
        has_pending_ = false;
        return true;
    }
    line.clear();
    at_start = !line_open_;
    std::streambuf* buf = in_.rdbuf();
    bool ended = false;
    while (line.size() < max_game_) {
        const int c = buf ? buf->sbumpc() : std::char_traits<char>::eof();
        if (c == std::char_traits<char>::eof()) {
            in_.setstate(std::ios::eofbit);
            break;
        }
        line += char(c);
        if (c == '\n') {
            ended = true;
            break;
        }
    }
    if (line.empty()) return false;
    if (at_start) ++line_;
    line_no = line_;
    line_open_ = !ended && !in_.eof();
    return true;
}

std::optional<PgnGame> PgnReader::next() {
    std::string chunk, line;
    int first_line = 0, line_no = 0;
    bool at_start = true;
    const bool continuing = oversize_;
    if (!continuing) scan_ = Scan{};
    Scan& s = scan_;
    // An over-long game: the bytes so far as one item; the splitter goes on from here.
    auto piece = [&](std::string text) {
        PgnGame g;
        g.text = std::move(text);
        g.first_line = first_line;
        g.index = count_++;
        g.is_game = !continuing;
        // The error points at the game's first non-blank line.
        const std::size_t start = g.text.find_first_not_of(" \t\r\n\f\v");
        const int at =
            first_line +
            int(std::count(g.text.begin(),
                           g.text.begin() + std::ptrdiff_t(std::min(start, g.text.size())), '\n'));
        if (!continuing)
            g.error = PgnError{at, 1, "",
                               "the game is longer than " + std::to_string(max_game_) +
                                   " bytes, the limit; it is not read"};
        oversize_ = true;
        return g;
    };
    while (read_line(line, line_no, at_start)) {
        if (chunk.empty()) first_line = line_no;
        if (!chunk.empty() && chunk.size() + line.size() > max_game_) {
            pending_ = std::move(line);
            pending_line_ = line_no;
            pending_at_start_ = at_start;
            has_pending_ = true;
            return piece(std::move(chunk));
        }
        if (at_start) s.in_line_comment = false;
        bool tag_like = at_start && starts_like_tag(line);
        // A tag line after moves starts the next game (also when this one left a comment or
        // variation open: the parser reports that and the next game is not swallowed).
        if (s.seen_moves && tag_like && (!s.in_brace || is_tag_start_line(line))) {
            pending_ = std::move(line);
            pending_line_ = line_no;
            pending_at_start_ = true;
            has_pending_ = true;
            break;
        }
        if (s.in_line_comment || (at_start && !s.in_brace && !line.empty() && line[0] == '%')) {
            s.in_line_comment = line.back() != '\n';  // a piece of a long ';' or '%' line
            chunk += line;
            continue;
        }
        // Tag pairs are not scanned (a value may hold braces); moves after them on the same
        // line are.
        std::size_t i = 0;
        if (!s.in_brace && !s.seen_moves && tag_like) {
            i = tag_pairs_end(line);
            if (i >= line.size()) {
                chunk += line;
                continue;
            }
        }
        bool done = false;
        while (i < line.size()) {
            char c = line[i];
            if (s.in_brace) {
                if (c == '}') s.in_brace = false;
                ++i;
            } else if (c == '{') {
                s.in_brace = true;
                ++i;
            } else if (c == ';') {
                s.in_line_comment = line.back() != '\n';
                break;
            } else if (c == '(') {
                ++s.depth;
                ++i;
            } else if (c == ')') {
                s.depth = std::max(0, s.depth - 1);
                ++i;
            } else if (is_delimiter(c)) {
                ++i;
            } else {
                std::size_t j = i;
                while (j < line.size() && !is_delimiter(line[j])) ++j;
                std::string_view tok = std::string_view(line).substr(i, j - i);
                if (s.depth == 0 && is_result(tok)) {
                    std::string_view rest = std::string_view(line).substr(j);
                    if (all_space(rest)) {
                        chunk += line;
                    } else {
                        chunk.append(line, 0, j);
                        pending_ = std::string(rest);
                        pending_line_ = line_no;
                        pending_at_start_ = true;
                        has_pending_ = true;
                    }
                    done = true;
                    break;
                }
                if (move_number_length(tok) != tok.size()) s.seen_moves = true;
                i = j;
            }
        }
        if (done) break;
        chunk += line;
    }
    if (continuing) {  // the last piece of an over-long game
        oversize_ = false;
        if (chunk.empty()) return next();
        PgnGame g;
        g.text = std::move(chunk);
        g.first_line = first_line;
        g.index = count_++;
        g.is_game = false;
        return g;
    }
    if (chunk.empty()) return std::nullopt;
    PgnGame game = parse_pgn_game(std::move(chunk), first_line);
    game.index = count_++;
    return game;
}

std::vector<PgnGame> read_pgn(std::string_view text) {
    std::istringstream in{std::string(text)};
    PgnReader reader(in);
    std::vector<PgnGame> games;
    while (auto g = reader.next()) games.push_back(std::move(*g));
    return games;
}

}  // namespace glossfish
