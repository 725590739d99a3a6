// `glossfish explain --fen F --move M | --pgn FILE --ply N [--game K]`: every idea of one move
// (docs/ideas.md) with its label: the verified ideas most important first, the sentence a
// person reads, the ideas of the better move, and with --held the ideas held back.
#include <cstdio>
#include <fstream>

#include "analysis/quality.h"
#include "claims/ideas_catalogue.h"
#include "cli/cli.h"
#include "cli/flags.h"
#include "explain/explain.h"
#include "explain/ideas.h"
#include "io/utf8.h"
#include "pgn/pgn.h"
#include "rules/notation.h"
#include "settings/settings.h"

namespace glossfish::cli {

namespace {

// The position before ply (1-based) of game `number` (1-based) of a PGN file, its move and the
// square the ply before it captured on.
bool from_pgn(const std::string& path, int number, int ply, Position& before, Move& move,
              Square& previous_capture, bool& previous_known) {
    std::ifstream in;
    if (!open_input("explain", path, in)) return false;
    PgnReader reader(in);
    int seen = 0;
    while (std::optional<PgnGame> game = reader.next()) {
        if (!game->is_game || ++seen != number) continue;
        if (!game->ok()) {
            std::fprintf(stderr, "glossfish explain: %s: game %d: %s\n", quote_input(path).c_str(),
                         number, game->error->text().c_str());
            return false;
        }
        if (ply > int(game->mainline.size())) {
            std::fprintf(stderr, "glossfish explain: game %d has %zu plies, not %d\n", number,
                         game->mainline.size(), ply);
            return false;
        }
        before = game->start_position();
        previous_capture = NoSquare;
        for (int i = 0; i + 1 < ply; ++i) {
            const Move m = game->mainline[std::size_t(i)].move;
            previous_capture = before.is_capture(m) ? m.to() : NoSquare;
            before.do_move(m);
        }
        move = game->mainline[std::size_t(ply - 1)].move;
        previous_known = ply > 1;
        return true;
    }
    std::fprintf(stderr, "glossfish explain: %s has %d games, not %d\n", quote_input(path).c_str(),
                 seen, number);
    return false;
}

}  // namespace

int explain_command(const Args& args) {
    Settings settings;
    std::string fen = StartFen, move_text;
    std::optional<std::string> pgn;
    int ply = 0, game_number = 1;
    bool chess960 = false, held = false;
    Flags flags("explain",
                "Every idea of one move (development, centre, threats, pieces, pawns, king, "
                "endgame, tactics), each sentence verified, with the move's label, as JSON.",
                "usage: glossfish explain [--fen FEN|startpos] --move MOVE [--depth D]\n"
                "       glossfish explain --pgn GAMES.pgn --ply N [--game K] [--depth D]\n"
                "       [--scheme lichess|act-eval] [--reproducible] [--held]\n"
                "       glossfish explain --catalogue\n");
    flags.fen(fen);
    flags.text("--move", move_text, "the move, SAN or UCI (with --fen)");
    flags.text("--pgn", pgn, "a PGN file: explain a move of one of its games");
    flags.number("--ply", ply, 1, 10000, "with --pgn: the move's ply (1 = White's first move)");
    flags.number("--game", game_number, 1, 1000000, "with --pgn: which game (default: 1)");
    flags.setting(settings, &Settings::quality_depth, "--depth");
    flags.setting(settings, &Settings::quality_scheme);
    flags.setting(settings, &Settings::reproducible);
    flags.flag("--chess960", chess960, "read castling rights as Chess960");
    flags.flag("--held", held, "also list the ideas detected but not verified (held back)");
    bool catalogue = false;
    flags.flag("--catalogue", catalogue,
               "print the idea catalogue instead: one JSON line per idea kind");
    if (auto code = flags.parse(args)) return *code;
    if (catalogue) {
        for (const verifier::IdeaKindSpec& k : verifier::idea_catalogue()) {
            nlohmann::json phrases = nlohmann::json::array();
            for (const verifier::IdeaPhrase& p : k.phrases) {
                nlohmann::json claims = nlohmann::json::array();
                for (const verifier::IdeaClaim& c : p.claims)
                    claims.push_back({{"predicate", c.predicate},
                                      {"args", c.args},
                                      {"after_move", c.after},
                                      {"negated", c.negated}});
                phrases.push_back({{"words", p.words}, {"claims", claims}});
            }
            std::printf("%s\n", nlohmann::json{{"kind", k.name},
                                               {"family", verifier::family_name(k.family)},
                                               {"salience", k.salience},
                                               {"cost", k.cost},
                                               {"definition", k.definition},
                                               {"phrases", phrases}}
                                    .dump()
                                    .c_str());
        }
        return 0;
    }

    Position pos;
    Move move;
    Square previous_capture = NoSquare;
    bool previous_known = false;
    if (pgn) {
        if (ply == 0 || !move_text.empty()) {
            std::fprintf(stderr, "glossfish explain: --pgn takes --ply N, not --move\n");
            return 2;
        }
        if (!from_pgn(*pgn, game_number, ply, pos, move, previous_capture, previous_known))
            return 2;
    } else {
        if (move_text.empty()) {
            std::fprintf(stderr, "glossfish explain: give --move MOVE (or --pgn FILE --ply N)\n");
            return 2;
        }
        if (!read_fen("explain", fen, chess960, pos)) return 2;
        MoveParse mp = parse_san(pos, move_text, SanMode::Lenient);
        if (!mp.ok()) {
            std::fprintf(stderr, "glossfish explain: %s move: %s\n", move_error_name(mp.error),
                         mp.message.c_str());
            return 2;
        }
        move = mp.move;
    }
    Analyzer analyzer(analyzer_config(settings));
    const AnalysisLimits limits = label_limits(settings);
    MoveLabel label = label_move(analyzer, pos, move, limits, settings.quality_scheme);
    label.previous_capture = previous_capture;
    label.previous_known = previous_known;
    verifier::ExplainOptions why;
    why.analyzer = &analyzer;
    why.limits = limits;
    verifier::explain_label(label, why);
    nlohmann::json out = label_to_json(label);
    out["ideas_sentence"] = label.ideas_sentence;
    // The engine's line of the played move, which the reasons and the sacrifice rule read.
    out["played_line"] = san_line(pos, label.played_pv);
    if (held) {
        nlohmann::json list = nlohmann::json::array();
        for (const Idea& i : verifier::move_ideas(pos, move, previous_capture, previous_known).held)
            list.push_back(idea_to_json(i));
        out["ideas_held"] = list;
    }
    std::printf("%s\n", out.dump().c_str());
    if (!label.error.empty()) {
        std::fprintf(stderr, "glossfish explain: %s\n", label.error.c_str());
        return 1;
    }
    return 0;
}

}  // namespace glossfish::cli
