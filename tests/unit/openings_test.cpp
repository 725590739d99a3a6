// Opening names by position: the compiled-in data reads whole, hand-checked lines name their
// openings (from the data files' own rows), transpositions meet, book plies stop where the game
// leaves the lines, and matching costs microseconds per move.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <sstream>

#include "cli_run.h"
#include "openings/opening.h"
#include "rules/notation.h"

namespace glossfish {
namespace {

// The moves of a SAN line from the start ("e4 e5 Nf3").
std::vector<Move> line(const std::string& san, Position pos = Position()) {
    std::vector<Move> moves;
    std::istringstream words(san);
    std::string w;
    while (words >> w) {
        MoveParse mp = parse_san(pos, w);
        EXPECT_TRUE(mp.ok()) << w << ": " << mp.message;
        if (!mp.ok()) break;
        moves.push_back(mp.move);
        pos.do_move(mp.move);
    }
    return moves;
}

TEST(Openings, BuiltinDataReadsWhole) {
    const auto t0 = std::chrono::steady_clock::now();
    const OpeningIndex index(opening_data_files(), {"a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv"});
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    for (const std::string& e : index.errors()) ADD_FAILURE() << e;
    // 3,807 rows in a.tsv … e.tsv (shared/data/README.md; wc -l less the headers).
    EXPECT_EQ(index.openings().size(), 3807u);
    EXPECT_GT(index.positions(), 3807u);
    std::printf("[ openings ] index of %zu lines, %zu positions built in %.1f ms\n",
                index.openings().size(), index.positions(), ms);
}

TEST(Openings, RuyLopezLinesAreNamedAndBook) {
    // c.tsv: "C60 Ruy Lopez 1. e4 e5 2. Nf3 Nc6 3. Bb5", "C70 Ruy Lopez: Morphy Defense ... a6".
    auto m = find_opening(Position(), line("e4 e5 Nf3 Nc6 Bb5"));
    ASSERT_TRUE(m);
    EXPECT_EQ(m->opening->eco, "C60");
    EXPECT_EQ(m->opening->name, "Ruy Lopez");
    EXPECT_EQ(m->ply, 5);
    EXPECT_EQ(m->opening->uci, "e2e4 e7e5 g1f3 b8c6 f1b5");

    GameOpening g = match_game(OpeningIndex::builtin(), Position(), line("e4 e5 Nf3 Nc6 Bb5 a6"));
    ASSERT_TRUE(g.opening);
    EXPECT_EQ(g.opening->opening->eco, "C70");
    EXPECT_EQ(g.opening->opening->name, "Ruy Lopez: Morphy Defense");
    EXPECT_EQ(g.book_plies, 6);
    EXPECT_EQ(g.book, std::vector<bool>(6, true));
}

TEST(Openings, LeavingTheLinesEndsTheBook) {
    // C90 "Ruy Lopez: Closed" ends with 8...O-O; 9. Kh1 is on no line.
    const std::string closed = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O";
    GameOpening g = match_game(OpeningIndex::builtin(), Position(), line(closed + " Kh1 Bb7"));
    ASSERT_TRUE(g.opening);
    EXPECT_EQ(g.opening->opening->eco, "C90");
    EXPECT_EQ(g.opening->opening->name, "Ruy Lopez: Closed");
    EXPECT_EQ(g.opening->ply, 16);
    EXPECT_EQ(g.book_plies, 16);
    ASSERT_EQ(g.book.size(), 18u);
    EXPECT_TRUE(g.book[15]);
    EXPECT_FALSE(g.book[16]);
    EXPECT_FALSE(g.book[17]);
}

TEST(Openings, TranspositionFindsTheSameOpening) {
    // d.tsv names only "1. d4 d5 2. Nf3": D02 Queen's Pawn Game: Zukertort Variation.
    auto a = find_opening(Position(), line("Nf3 d5 d4"));
    auto b = find_opening(Position(), line("d4 d5 Nf3"));
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->opening, b->opening);
    EXPECT_EQ(a->opening->eco, "D02");
    EXPECT_EQ(a->opening->name, "Queen's Pawn Game: Zukertort Variation");
    EXPECT_EQ(a->ply, 3);
}

TEST(Openings, NoMovesNoOpeningAndFenPositionsAreLookedUp) {
    EXPECT_FALSE(find_opening(Position(), {}));
    auto ruy =
        Position::from_fen("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
    ASSERT_TRUE(ruy);
    auto m = find_opening(*ruy, {});
    ASSERT_TRUE(m);
    EXPECT_EQ(m->opening->name, "Ruy Lopez");
    EXPECT_EQ(m->ply, 0);
    // The same position with other move counters is the same key.
    auto later =
        Position::from_fen("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 40");
    ASSERT_TRUE(later);
    EXPECT_EQ(opening_key(*ruy), opening_key(*later));
}

TEST(Openings, EnPassantSquareCountsOnlyWhenTheCaptureIsLegal) {
    // Black's e4 pawn could take d3 en passant, but it is pinned to the king on e8 by the rook
    // on e1: the EPD has no en-passant square, so neither does the key.
    auto pinned = Position::from_fen("4k3/8/8/8/3Pp3/8/8/4RK2 b - d3 0 1");
    auto plain = Position::from_fen("4k3/8/8/8/3Pp3/8/8/4RK2 b - - 0 1");
    ASSERT_TRUE(pinned && plain);
    EXPECT_EQ(pinned->ep_square(), parse_square("d3"));  // the rules core keeps it
    EXPECT_EQ(opening_key(*pinned), opening_key(*plain));
    // Free to capture: the square is part of the key.
    auto free_ep = Position::from_fen("4k3/8/8/8/3Pp3/8/8/5K2 b - d3 0 1");
    auto free_plain = Position::from_fen("4k3/8/8/8/3Pp3/8/8/5K2 b - - 0 1");
    ASSERT_TRUE(free_ep && free_plain);
    EXPECT_NE(opening_key(*free_ep), opening_key(*free_plain));
}

TEST(Openings, BadRowsAreSkippedWithTheirReason) {
    const std::string text =
        "eco\tname\tpgn\n"
        "C60\tRuy Lopez\t1. e4 e5 2. Nf3 Nc6 3. Bb5\n"
        "X00\tBroken\t1. e4 e5 2. Ke3\n"
        "no tabs here\n"
        "X01\tEmpty\t\n";
    OpeningIndex index({text}, {"t.tsv"});
    ASSERT_EQ(index.openings().size(), 1u);
    ASSERT_EQ(index.errors().size(), 3u);
    EXPECT_EQ(index.errors()[0].rfind("t.tsv:3: move 3: ", 0), 0u) << index.errors()[0];
    EXPECT_NE(index.errors()[0].find("Ke3"), std::string::npos) << index.errors()[0];
    EXPECT_EQ(index.errors()[1], "t.tsv:4: expected three tab-separated columns (eco, name, pgn)");
    EXPECT_EQ(index.errors()[2], "t.tsv:5: no moves");
}

TEST(Openings, MatchingCostsMicrosecondsPerMove) {
    const OpeningIndex& index = OpeningIndex::builtin();
    // A 40-ply game: 16 plies of the Closed Ruy Lopez, then off the lines.
    const std::vector<Move> game = line(
        "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 Nbd2 Bb7 "
        "Bc2 Re8 Nf1 Bf8 Ng3 g6 a4 c5 d5 c4 Bg5 h6 Be3 Nc5 Qd2 h5 Bg5 Be7");
    ASSERT_EQ(game.size(), 40u);
    const int rounds = 200;
    const auto t0 = std::chrono::steady_clock::now();
    int found = 0;
    for (int r = 0; r < rounds; ++r) found += match_game(index, Position(), game).opening ? 1 : 0;
    const double us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() /
        (rounds * double(game.size()));
    EXPECT_EQ(found, rounds);
    std::printf("[ openings ] matching: %.2f us per move\n", us);
    EXPECT_LT(us, 50.0);  // generous for sanitizer builds; a release build is far below
}

TEST(OpeningCli, MovesFenAndPgnPrintJsonLines) {
    using testkit::run_glossfish_command;
    auto r = run_glossfish_command("opening", {"--moves", "1. Nf3 d5 2. d4"}, {});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["opening"]["eco"], "D02");
    EXPECT_EQ(j["book_plies"], 3);
    EXPECT_EQ(j["moves"], 3);

    r = run_glossfish_command(
        "opening", {"--fen", "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"},
        {});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["opening"]["name"], "Ruy Lopez");

    r = run_glossfish_command("opening", {"--moves", "e4 e5 Ke3"}, {});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish opening: move 3: 'Ke3': no king can move to e3\n");
    EXPECT_EQ(r.out, "");

    r = run_glossfish_command("opening", {}, {});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "glossfish opening: give --fen, --moves or --pgn\n");

    // broken.pgn: games 2, 4 and 5 cannot be read; each still gets its line.
    r = run_glossfish_command("opening",
                              {"--pgn", std::string(GLOSSFISH_TEST_DATA) + "/pgn/broken.pgn"}, {});
    EXPECT_EQ(r.exit_code, 1);
    std::istringstream lines(r.out);
    std::string line;
    int n = 0, errors = 0;
    while (std::getline(lines, line)) {
        nlohmann::json g = nlohmann::json::parse(line);
        EXPECT_EQ(g["game"], ++n);
        errors += g.contains("error");
    }
    EXPECT_EQ(errors, 3);
    EXPECT_GE(n, 5);
}

}  // namespace
}  // namespace glossfish
