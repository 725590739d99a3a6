// `glossfish opening --fen FEN | --moves "e4 e5 ..." | --pgn FILE`: the named opening of a
// position, a move sequence or every game of a PGN file, as JSON lines (openings/opening.h).
#include <cstdio>
#include <fstream>
#include <sstream>

#include "cli/cli.h"
#include "cli/flags.h"
#include "io/utf8.h"
#include "openings/opening.h"
#include "pgn/pgn.h"
#include "rules/notation.h"

namespace glossfish::cli {

namespace {

nlohmann::json match_json(const OpeningIndex& index, const Position& start,
                          const std::vector<Move>& moves) {
    const GameOpening game = match_game(index, start, moves);
    Position end = start;
    for (Move m : moves) end.do_move(m);
    return {{"opening", game.opening ? opening_to_json(*game.opening) : nlohmann::json(nullptr)},
            {"book_plies", game.book_plies},
            {"in_line", index.in_line(end)},
            {"moves", moves.size()},
            {"fen", end.fen()}};
}

void print(const nlohmann::json& j) {
    std::printf("%s\n", j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
}

}  // namespace

int opening_command(const Args& args) {
    std::optional<std::string> fen, moves_text, pgn_path;
    bool chess960 = false;
    Flags flags("opening", "The named opening (ECO, name) of a position, moves or PGN games.",
                "usage: glossfish opening [--fen FEN|startpos] [--moves \"e4 e5 Nf3\"]\n"
                "       glossfish opening --pgn FILE\n");
    flags.fen(fen, "the position, or the start of --moves (FEN or startpos)");
    flags.text("--moves", moves_text, "moves from --fen (default: the start), SAN or UCI");
    flags.text("--pgn", pgn_path, "a PGN file: one JSON line per game");
    flags.flag("--chess960", chess960, "read castling rights as Chess960");
    if (auto code = flags.parse(args)) return *code;
    if (pgn_path && (fen || moves_text)) return flags.fail("--pgn excludes --fen and --moves");
    if (!pgn_path && !fen && !moves_text) return flags.fail("give --fen, --moves or --pgn");

    const OpeningIndex& index = OpeningIndex::builtin();
    if (!pgn_path) {
        Position pos;
        if (!read_fen("opening", fen.value_or("startpos"), chess960, pos)) return 2;
        std::vector<Move> moves;
        Position walk = pos;
        std::istringstream words(moves_text.value_or(""));
        std::string word;
        for (int i = 0; words >> word; ++i) {
            // Move numbers ("1.", "12...") may be written between the moves.
            if (word.find_first_not_of("0123456789.") == std::string::npos) continue;
            MoveParse mp = parse_move_text(walk, word);
            if (!mp.ok()) {
                std::fprintf(stderr, "glossfish opening: move %d: %s\n", i + 1,
                             mp.named(word).c_str());
                return 2;
            }
            moves.push_back(mp.move);
            walk.do_move(mp.move);
        }
        print(match_json(index, pos, moves));
        return 0;
    }

    std::ifstream in;
    if (!open_input("opening", *pgn_path, in)) return 2;
    PgnReader reader(in);
    int number = 0, failed = 0;
    while (std::optional<PgnGame> game = reader.next()) {
        if (!game->is_game) continue;
        ++number;
        nlohmann::json j;
        if (!game->ok()) {
            ++failed;
            j = {{"game", number}, {"error", game->error->text()}};
            std::fprintf(stderr, "glossfish opening: %s: game %d: %s\n",
                         quote_input(*pgn_path).c_str(), number, game->error->text().c_str());
        } else {
            std::vector<Move> moves;
            for (const PgnMove& m : game->mainline) moves.push_back(m.move);
            j = {{"game", number}};
            j.update(match_json(index, game->start_position(), moves));
        }
        print(j);
    }
    return failed ? 1 : 0;
}

}  // namespace glossfish::cli
