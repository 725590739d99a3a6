// PGN: parsing a game against the rules core and writing it back with edits spliced in
// (the stream reader that splits games is in pgn_reader.cpp).
#include "pgn/pgn.h"

#include <algorithm>
#include <cctype>

#include "io/text.h"
#include "io/utf8.h"
#include "pgn/pgn_tokens.h"
#include "rules/notation.h"

namespace glossfish {

using namespace pgn_tokens;

namespace {

// The NAG of a traditional glyph, or 0.
int glyph_nag(std::string_view g) {
    if (g == "!") return 1;
    if (g == "?") return 2;
    if (g == "!!") return 3;
    if (g == "??") return 4;
    if (g == "!?") return 5;
    if (g == "?!") return 6;
    return 0;
}

bool is_glyph_text(std::string_view t) {
    return !t.empty() &&
           std::all_of(t.begin(), t.end(), [](char c) { return c == '!' || c == '?'; });
}

// "12." for White's move, "12..." for Black's.
std::string move_prefix(const Position& pos) {
    return std::to_string(pos.fullmove_number()) + (pos.side_to_move() == White ? ". " : "... ");
}

class GameParser {
public:
    GameParser(PgnGame& game) : g_(game), t_(game.text) {}

    void run() {
        std::size_t i = 0;
        if (!read_tags(i)) return;
        if (!setup_start(i)) return;
        read_movetext(i);
        g_.is_game = !g_.tags.empty() || !g_.mainline.empty() || !g_.result.empty() || g_.error ||
                     g_.variations > 0;
    }

private:
    bool at_line_start(std::size_t k) const { return k == 0 || t_[k - 1] == '\n'; }

    void fail(std::size_t offset, std::string message, std::string move = {}) {
        if (g_.error) return;
        PgnError e;
        e.line = g_.first_line;
        std::size_t line_start = 0;
        for (std::size_t k = 0; k < offset && k < t_.size(); ++k)
            if (t_[k] == '\n') {
                ++e.line;
                line_start = k + 1;
            }
        e.column = int(offset - line_start) + 1;
        e.move = std::move(move);
        e.message = std::move(message);
        g_.error = std::move(e);
        g_.is_game = true;
    }

    std::size_t skip_line(std::size_t i) const {
        std::size_t nl = t_.find('\n', i);
        return nl == std::string::npos ? t_.size() : nl + 1;
    }

    // Tag pairs, blank lines and escape lines before the movetext.
    bool read_tags(std::size_t& i) {
        while (i < t_.size()) {
            char c = t_[i];
            if (c == '%' && at_line_start(i)) {
                i = skip_line(i);
            } else if (is_space(c)) {
                ++i;
            } else if (c == '[') {
                if (!read_tag(i)) return false;
            } else {
                break;
            }
        }
        return true;
    }

    bool read_tag(std::size_t& i) {
        std::size_t begin = i++;
        while (i < t_.size() && (t_[i] == ' ' || t_[i] == '\t')) ++i;
        std::size_t name_begin = i;
        while (i < t_.size() &&
               (std::isalnum(static_cast<unsigned char>(t_[i])) || t_[i] == '_' || t_[i] == '+' ||
                t_[i] == '#' || t_[i] == '=' || t_[i] == ':' || t_[i] == '-'))
            ++i;
        if (i == name_begin) {
            fail(i, "malformed tag: expected a tag name after '['");
            return false;
        }
        PgnTag tag;
        tag.name = t_.substr(name_begin, i - name_begin);
        while (i < t_.size() && (t_[i] == ' ' || t_[i] == '\t')) ++i;
        if (i >= t_.size() || t_[i] != '"') {
            fail(i, "malformed tag [" + tag.name + "]: expected '\"' before the value");
            return false;
        }
        ++i;
        for (;;) {
            if (i >= t_.size() || t_[i] == '\n') {
                fail(i, "malformed tag [" + tag.name + "]: the value has no closing '\"'");
                return false;
            }
            if (t_[i] == '\\' && i + 1 < t_.size() && (t_[i + 1] == '"' || t_[i + 1] == '\\')) {
                tag.value += t_[i + 1];
                i += 2;
            } else if (t_[i] == '"') {
                ++i;
                break;
            } else {
                tag.value += t_[i++];
            }
        }
        while (i < t_.size() && (t_[i] == ' ' || t_[i] == '\t')) ++i;
        if (i >= t_.size() || t_[i] != ']') {
            fail(i, "malformed tag [" + tag.name + "]: expected ']' after the value");
            return false;
        }
        ++i;
        tag.begin = begin;
        tag.end = i;
        g_.tags.push_back(std::move(tag));
        // The tag section ends after this line's newline when only blanks follow on it.
        std::size_t nl = t_.find('\n', i);
        std::size_t line_end = nl == std::string::npos ? t_.size() : nl + 1;
        g_.tags_end = all_space(std::string_view(t_).substr(i, line_end - i)) ? line_end : i;
        return true;
    }

    bool setup_start(std::size_t i) {
        if (auto variant = g_.tag("Variant")) {
            std::string v = lower(*variant);
            if (v.find("960") != std::string::npos || v.find("fischer") != std::string::npos) {
                g_.chess960 = true;
            } else if (!(v.empty() || v == "standard" || v == "normal" || v == "chess" ||
                         v == "from position")) {
                fail(tag_offset("Variant", i), "variant '" + *variant + "' is not supported");
                return false;
            }
        }
        g_.start_fen = StartFen;
        if (auto fen = g_.tag("FEN")) {
            Position pos;
            FenStatus status = pos.set(*fen, g_.chess960);
            if (!status.ok()) {
                fail(tag_offset("FEN", i), "[FEN] tag: " + status.message());
                return false;
            }
            g_.start_fen = *fen;
            pos_ = pos;
        } else {
            pos_ = Position();
            pos_.set_chess960(g_.chess960);
        }
        return true;
    }

    std::size_t tag_offset(std::string_view name, std::size_t fallback) const {
        for (const PgnTag& t : g_.tags)
            if (t.name == name) return t.begin;
        return fallback;
    }

    struct Level {
        Position pos;
        Move last = Move::none();
        bool has_last = false;
        std::size_t open = 0;
    };

    void read_movetext(std::size_t i) {
        std::vector<Level> stack;
        stack.push_back(Level{pos_, Move::none(), false, 0});
        // The mainline move that NAGs directly after it belong to (-1: none).
        int nag_target = -1;
        while (i < t_.size()) {
            char c = t_[i];
            if (c == '%' && at_line_start(i)) {
                i = skip_line(i);
                continue;
            }
            if (is_space(c)) {
                ++i;
                continue;
            }
            if (c == '{') {
                std::size_t close = t_.find('}', i + 1);
                if (close == std::string::npos)
                    return fail(i, "comment opened here is never closed");
                i = close + 1;
                nag_target = -1;
                continue;
            }
            if (c == ';') {
                i = skip_line(i);
                nag_target = -1;
                continue;
            }
            if (!g_.result.empty())
                return fail(i, "text after the result " + quote_input(g_.result));
            if (c == '}') return fail(i, "'}' without a matching '{'");
            if (c == '[' || c == ']')
                return fail(i,
                            std::string("'") + c +
                                "' in the movetext (a tag after the moves, or a missing result?)");
            if (c == '(') {
                Level& cur = stack.back();
                if (!cur.has_last) return fail(i, "variation '(' before any move it could replace");
                Level var{cur.pos, Move::none(), false, i};
                var.pos.undo_move(cur.last);
                stack.push_back(std::move(var));
                ++g_.variations;
                ++i;
                nag_target = -1;
                continue;
            }
            if (c == ')') {
                if (stack.size() == 1) return fail(i, "')' without a matching '('");
                stack.pop_back();
                ++i;
                nag_target = -1;
                continue;
            }
            if (c == '$') {
                std::size_t j = i + 1;
                while (j < t_.size() && std::isdigit(static_cast<unsigned char>(t_[j]))) ++j;
                if (j == i + 1 || j - i > 4)
                    return fail(
                        i, "malformed NAG '" + t_.substr(i, std::min<std::size_t>(j - i, 8)) + "'");
                if (nag_target >= 0) {
                    PgnMove& m = g_.mainline[std::size_t(nag_target)];
                    m.nags.push_back(std::stoi(t_.substr(i + 1, j - i - 1)));
                    m.insert_at = j;
                }
                i = j;
                continue;
            }
            std::size_t j = i;
            while (j < t_.size() && !is_delimiter(t_[j])) ++j;
            if (!read_token(i, j, stack, nag_target)) return;
            i = j;
        }
        if (stack.size() > 1) fail(stack.back().open, "variation opened here is never closed");
    }

    // One token [begin, end): a result, move number, glyph or move. False after an error.
    bool read_token(std::size_t begin, std::size_t end, std::vector<Level>& stack,
                    int& nag_target) {
        std::string_view tok = std::string_view(t_).substr(begin, end - begin);
        if (is_result(tok)) {
            if (stack.size() > 1) {
                fail(begin, "result '" + std::string(tok) + "' inside a variation");
                return false;
            }
            g_.result = std::string(tok);
            return true;
        }
        if (std::size_t n = move_number_length(tok)) {
            begin += n;
            tok.remove_prefix(n);
            if (tok.empty()) return true;
        }
        if (is_glyph_text(tok)) {
            if (int nag = glyph_nag(tok); nag && nag_target >= 0) {
                PgnMove& m = g_.mainline[std::size_t(nag_target)];
                m.nags.push_back(nag);
                m.insert_at = end;
            }
            return true;
        }
        if (lower(tok) == "e.p.") return true;
        Level& level = stack.back();
        if (tok == "--" || tok == "Z0") {
            fail(begin, "null moves are not supported", move_prefix(level.pos) + std::string(tok));
            return false;
        }
        std::size_t glyph = tok.size();
        while (glyph > 0 && (tok[glyph - 1] == '!' || tok[glyph - 1] == '?')) --glyph;
        std::string_view san = tok.substr(0, glyph);
        if (san.empty()) return true;
        MoveParse mp = parse_san(level.pos, san, SanMode::Lenient);
        if (!mp.ok()) {
            fail(begin, std::string(move_error_name(mp.error)) + " move: " + mp.message,
                 move_prefix(level.pos) + std::string(tok));
            return false;
        }
        if (stack.size() == 1) {
            PgnMove m;
            m.text = std::string(tok);
            m.move = mp.move;
            m.ply = int(g_.mainline.size());
            m.begin = begin;
            m.end = end;
            m.insert_at = end;
            if (int nag = glyph_nag(tok.substr(glyph))) m.nags.push_back(nag);
            g_.mainline.push_back(std::move(m));
            nag_target = int(g_.mainline.size()) - 1;
        } else {
            nag_target = -1;
        }
        level.pos.do_move(mp.move);
        level.last = mp.move;
        level.has_last = true;
        return true;
    }

    PgnGame& g_;
    const std::string& t_;
    Position pos_;
};

}  // namespace

std::string PgnError::text() const {
    std::string s = "line " + std::to_string(line) + ", column " + std::to_string(column) + ": ";
    if (!move.empty()) s += "at " + move + ": ";
    return s + message;
}

std::optional<std::string> PgnGame::tag(std::string_view name) const {
    for (const PgnTag& t : tags)
        if (t.name == name) return t.value;
    return std::nullopt;
}

Position PgnGame::start_position() const {
    if (auto pos = Position::from_fen(start_fen, chess960)) return *pos;
    Position pos;
    pos.set_chess960(chess960);
    return pos;
}

PgnGame parse_pgn_game(std::string text, int first_line) {
    PgnGame game;
    game.text = std::move(text);
    game.first_line = first_line;
    game.start_fen = StartFen;
    GameParser(game).run();
    return game;
}

std::string write_pgn_game(const PgnGame& game) {
    if (game.edits.empty()) return game.text;
    std::vector<PgnEdit> edits = game.edits;
    std::stable_sort(edits.begin(), edits.end(),
                     [](const PgnEdit& a, const PgnEdit& b) { return a.offset < b.offset; });
    std::string out;
    out.reserve(game.text.size() + 64 * edits.size());
    std::size_t at = 0;
    for (const PgnEdit& e : edits) {
        std::size_t offset = std::min(std::max(e.offset, at), game.text.size());
        out.append(game.text, at, offset - at);
        out += e.text;
        at = std::min(offset + e.erase, game.text.size());
    }
    out.append(game.text, at, std::string::npos);
    return out;
}

std::string pgn_escape_tag_value(std::string_view value) {
    std::string out;
    for (char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += c == '\n' ? ' ' : c;
    }
    return out;
}

}  // namespace glossfish
