// Opening names: lichess's chess-openings data (engine/openings/data, compiled into the binary)
// indexed by position, so a game's opening is found through transpositions.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "rules/position.h"

namespace glossfish {

// One named line of the data.
struct Opening {
    std::string eco;   // "C60"
    std::string name;  // "Ruy Lopez"
    std::string pgn;   // "1. e4 e5 2. Nf3 Nc6 3. Bb5", as in the data
    std::string uci;   // "e2e4 e7e5 g1f3 b8c6 f1b5"
    int plies = 0;     // moves in the line
};

// A game's opening: the named line whose final position the game reached last.
struct OpeningMatch {
    const Opening* opening = nullptr;  // points into the index (lives as long as the program)
    int ply = 0;  // the named position is the one after this many moves of the game (0: root)
};

// The key an opening position is matched by: piece placement, side to move, castling rights
// and the en-passant square only when an en-passant capture is legal (the EPD of the position,
// without move counters), as a Zobrist hash.
Key opening_key(const Position& pos);

// The index: every position of every named line, and for the final position of a line its name.
class OpeningIndex {
public:
    // Reads data files (TSV with the header eco, name, pgn). A line that cannot be read is
    // skipped and described in errors(): "c.tsv:12: illegal move 3. Bb6: …".
    // names: one label per file for the messages.
    OpeningIndex(const std::vector<std::string_view>& files,
                 const std::vector<std::string>& names = {});

    // The index of the compiled-in data, built on first use (thread-safe; about 10 ms).
    static const OpeningIndex& builtin();

    // The named line ending at this position, or null. When several lines end there, the one
    // with the fewest moves (then the first in the data) names it.
    const Opening* named(const Position& pos) const { return named(opening_key(pos)); }
    const Opening* named(Key key) const;
    // Whether the position is on some named line (its end or a position before it).
    bool in_line(const Position& pos) const { return in_line(opening_key(pos)); }
    bool in_line(Key key) const { return positions_.count(key) != 0; }

    const std::vector<Opening>& openings() const { return openings_; }
    std::size_t positions() const { return positions_.size(); }
    const std::vector<std::string>& errors() const { return errors_; }

private:
    void add_file(std::string_view text, const std::string& name);

    std::vector<Opening> openings_;
    // Every position on a named line → the opening named there (index into openings_), or -1.
    std::unordered_map<Key, std::int32_t> positions_;
    std::vector<std::string> errors_;
};

// What the index says about a game from root.
struct GameOpening {
    std::optional<OpeningMatch> opening;  // the deepest named position the game reached
    // book[i]: move i (0 first) reaches a position on a named line, and so did every move
    // before it (the game has not left the lines yet).
    std::vector<bool> book;
    int book_plies = 0;  // how many moves from the start are book
};

// Walks the moves (legal, in order) from root against index. Microseconds per move.
GameOpening match_game(const OpeningIndex& index, const Position& root,
                       const std::vector<Move>& moves);

// The opening of a game against the compiled-in data: the named line whose final position the
// game reached last (a transposition counts), or nullopt. Cheap: the index is built once on
// first use (thread-safe) and every move costs one make and one hash lookup; safe to call from
// any thread. Used for the UCI info line glossfish.opening.
std::optional<OpeningMatch> find_opening(const Position& root, const std::vector<Move>& moves);

// {"eco","name","pgn","uci","plies","ply"}: a match as the tool, the CLI and UCI print it.
nlohmann::json opening_to_json(const OpeningMatch& m);

// The compiled-in data files a.tsv … e.tsv (generated source, see engine/CMakeLists.txt).
std::vector<std::string_view> opening_data_files();

}  // namespace glossfish
