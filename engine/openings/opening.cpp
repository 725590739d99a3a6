// The opening index: reading lichess's TSV files with the rules core, keys, game matching.
#include "openings/opening.h"

#include "rules/movegen.h"
#include "rules/notation.h"

namespace glossfish {

namespace {

// Whether some legal move of pos captures en passant.
bool ep_capture_is_legal(const Position& pos) {
    for (Move m : MoveList(pos))
        if (m.kind() == EnPassant) return true;
    return false;
}

// The next line of text from `at` (without its end of line), advancing `at`.
std::string_view next_line(std::string_view text, std::size_t& at) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return line;
}

}  // namespace

Key opening_key(const Position& pos) {
    // Position::key() counts the en-passant square when a pawn attacks it; the EPD counts it
    // only when the capture is legal (not when the pawn is pinned, say). The rare position
    // where the two differ is keyed as it would be without the square.
    if (pos.ep_square() == NoSquare || ep_capture_is_legal(pos)) return pos.key();
    std::string fen = pos.fen();
    // Fields: placement, side, castling, en passant, clocks. Blank out the fourth.
    std::size_t at = 0;
    for (int field = 0; field < 3; ++field) at = fen.find(' ', at) + 1;
    std::size_t end = fen.find(' ', at);
    fen.replace(at, end - at, "-");
    auto plain = Position::from_fen(fen, pos.chess960());
    return plain ? plain->key() : pos.key();
}

OpeningIndex::OpeningIndex(const std::vector<std::string_view>& files,
                           const std::vector<std::string>& names) {
    for (std::size_t i = 0; i < files.size(); ++i)
        add_file(files[i], i < names.size() ? names[i] : "file " + std::to_string(i + 1));
}

void OpeningIndex::add_file(std::string_view text, const std::string& name) {
    std::size_t at = 0;
    int line_number = 0;
    while (at < text.size()) {
        std::string_view line = next_line(text, at);
        ++line_number;
        if (line.empty() || line_number == 1) continue;  // the header eco, name, pgn
        const std::string where = name + ":" + std::to_string(line_number) + ": ";
        std::size_t tab1 = line.find('\t');
        std::size_t tab2 = tab1 == std::string_view::npos ? tab1 : line.find('\t', tab1 + 1);
        if (tab2 == std::string_view::npos) {
            errors_.push_back(where + "expected three tab-separated columns (eco, name, pgn)");
            continue;
        }
        Opening o;
        o.eco = std::string(line.substr(0, tab1));
        o.name = std::string(line.substr(tab1 + 1, tab2 - tab1 - 1));
        o.pgn = std::string(line.substr(tab2 + 1));
        Position pos;
        std::vector<Key> keys;
        std::string error;
        std::size_t t = 0;
        const std::string_view pgn = o.pgn;
        while (t < pgn.size() && error.empty()) {
            std::size_t end = pgn.find(' ', t);
            if (end == std::string_view::npos) end = pgn.size();
            std::string_view token = pgn.substr(t, end - t);
            t = end + 1;
            if (token.empty() || token.back() == '.') continue;  // a move number "12."
            MoveParse mp = parse_san(pos, token, SanMode::Strict);
            if (!mp.ok()) {
                error = "move " + std::to_string(keys.size() + 1) + ": " + mp.named(token);
                break;
            }
            o.uci += (o.uci.empty() ? "" : " ") + move_to_uci(pos, mp.move);
            pos.do_move(mp.move);
            keys.push_back(opening_key(pos));
        }
        if (error.empty() && keys.empty()) error = "no moves";
        if (!error.empty()) {
            errors_.push_back(where + error);
            continue;
        }
        o.plies = int(keys.size());
        const auto id = std::int32_t(openings_.size());
        openings_.push_back(std::move(o));
        for (std::size_t k = 0; k + 1 < keys.size(); ++k) positions_.emplace(keys[k], -1);
        auto [it, fresh] = positions_.emplace(keys.back(), id);
        if (!fresh) {
            const std::int32_t old = it->second;
            if (old < 0 || openings_[std::size_t(old)].plies > openings_.back().plies)
                it->second = id;
        }
    }
}

const OpeningIndex& OpeningIndex::builtin() {
    static const OpeningIndex index(opening_data_files(),
                                    {"a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv"});
    return index;
}

const Opening* OpeningIndex::named(Key key) const {
    auto it = positions_.find(key);
    if (it == positions_.end() || it->second < 0) return nullptr;
    return &openings_[std::size_t(it->second)];
}

GameOpening match_game(const OpeningIndex& index, const Position& root,
                       const std::vector<Move>& moves) {
    GameOpening out;
    out.book.assign(moves.size(), false);
    Position pos = root;
    if (const Opening* o = index.named(pos)) out.opening = OpeningMatch{o, 0};
    bool in_book = true;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        pos.do_move(moves[i]);
        const Key key = opening_key(pos);
        const bool on_line = index.in_line(key);
        if (!on_line) {
            // Off every line: later moves are not book, but a transposition back into a named
            // position still names the opening.
            in_book = false;
            continue;
        }
        if (in_book) {
            out.book[i] = true;
            out.book_plies = int(i) + 1;
        }
        if (const Opening* o = index.named(key)) out.opening = OpeningMatch{o, int(i) + 1};
    }
    return out;
}

std::optional<OpeningMatch> find_opening(const Position& root, const std::vector<Move>& moves) {
    return match_game(OpeningIndex::builtin(), root, moves).opening;
}

nlohmann::json opening_to_json(const OpeningMatch& m) {
    if (!m.opening) return nullptr;
    return {{"eco", m.opening->eco}, {"name", m.opening->name},   {"pgn", m.opening->pgn},
            {"uci", m.opening->uci}, {"plies", m.opening->plies}, {"ply", m.ply}};
}

}  // namespace glossfish
