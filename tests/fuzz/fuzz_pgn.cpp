// libFuzzer target: the input is a PGN file. Reading never crashes; the items the reader
// returns concatenate back to the input exactly; every accepted game writes back byte for byte
// (also when parsed again on its own), its main line replays legally from its start position,
// and edits placed at every move's insertion point keep the rest of the text intact. Read again
// with a tiny game limit (300 bytes), the items still concatenate to the input, none is longer
// than the limit, and the games read whole are the same as without the limit.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

#include "pgn/pgn.h"

using namespace glossfish;

namespace {

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_pgn: %s\n", what);
        std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string joined;
    for (PgnGame& g : read_pgn(text)) {
        joined += g.text;
        check(write_pgn_game(g) == g.text, "write(read(x)) != x");
        if (!g.ok()) continue;
        PgnGame again = parse_pgn_game(g.text, g.first_line);
        check(again.ok() && again.mainline.size() == g.mainline.size(),
              "game parses differently alone");
        Position pos = g.start_position();
        for (const PgnMove& m : g.mainline) {
            check(pos.is_legal(m.move), "main-line move not legal on replay");
            check(m.begin < m.end && m.end <= m.insert_at && m.insert_at <= g.text.size(),
                  "bad move span");
            pos.do_move(m.move);
        }
        // One marker after every move: removing the markers gives the text back.
        for (const PgnMove& m : g.mainline) g.edits.push_back(PgnEdit{m.insert_at, 0, "\x01"});
        std::string marked = write_pgn_game(g), stripped;
        for (char c : marked)
            if (c != '\x01') stripped += c;
        std::size_t original_markers = 0;
        for (char c : g.text) original_markers += c == '\x01';
        if (original_markers == 0) check(stripped == g.text, "edits disturbed the text");
    }
    check(joined == text, "items do not concatenate to the input");

    std::istringstream in{std::string(text)};
    PgnReader small(in, 300);
    std::string pieces;
    while (auto g = small.next()) {
        check(g->text.size() <= 300, "an item over the limit");
        pieces += g->text;
        if (g->ok() && g->is_game) {
            const PgnGame alone = parse_pgn_game(g->text, g->first_line);
            check(alone.ok() && alone.mainline.size() == g->mainline.size(),
                  "a game under the limit reads differently");
        }
    }
    check(pieces == text, "items under a limit do not concatenate to the input");
    return 0;
}
