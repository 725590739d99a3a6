// PGN reader and writer: byte-for-byte round trips on the classic games and on a corpus of odd
// inputs, and hand-checked parses (move counts, NAGs, errors with their line and column).
#include "pgn/pgn.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "test_util.h"

namespace glossfish {
namespace {

std::vector<PgnGame> games_only(const std::vector<PgnGame>& items) {
    std::vector<PgnGame> out;
    for (const PgnGame& g : items)
        if (g.is_game) out.push_back(g);
    return out;
}

std::string rewrite(const std::vector<PgnGame>& items) {
    std::string out;
    for (const PgnGame& g : items) out += write_pgn_game(g);
    return out;
}

TEST(Pgn, ClassicGamesRoundTripByteForByte) {
    std::string text = test_data("classic_games.pgn");
    std::vector<PgnGame> items = read_pgn(text);
    EXPECT_EQ(rewrite(items), text);
    std::vector<PgnGame> games = games_only(items);
    ASSERT_EQ(games.size(), 3u);
    // Opera game ends 17. Rd8#, Immortal 23. Be7#, Evergreen 24. Bxe7#.
    const std::size_t plies[] = {33, 45, 47};
    const char* last[] = {"Rd8#", "Be7#", "Bxe7#"};
    for (int k = 0; k < 3; ++k) {
        ASSERT_TRUE(games[k].ok()) << games[k].error->text();
        EXPECT_EQ(games[k].mainline.size(), plies[k]);
        EXPECT_EQ(games[k].mainline.back().text, last[k]);
        EXPECT_EQ(games[k].result, "1-0");
        Position pos = games[k].start_position();
        for (const PgnMove& m : games[k].mainline) pos.do_move(m.move);
        EXPECT_TRUE(pos.is_checkmate()) << k;
    }
    EXPECT_EQ(games[0].tag("White"), "Paul Morphy");
    EXPECT_EQ(games[1].first_line, 12);  // the blank line after the Opera game's last line
    EXPECT_EQ(games[0].mainline[22].text, "O-O-O");
}

TEST(Pgn, OddInputsRoundTripAndParse) {
    std::string text = test_data("pgn/odd.pgn");
    std::vector<PgnGame> items = read_pgn(text);
    EXPECT_EQ(rewrite(items), text);
    std::vector<PgnGame> games = games_only(items);
    ASSERT_EQ(games.size(), 3u);
    for (const PgnGame& g : games) ASSERT_TRUE(g.ok()) << g.error->text();

    const PgnGame& g = games[0];
    EXPECT_EQ(g.tag("Black"), "Player \"B\"");
    ASSERT_EQ(g.mainline.size(), 9u);     // e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O
    EXPECT_EQ(g.mainline[1].text, "e5");  // after a ;-comment holding a '{'
    EXPECT_EQ(g.variations, 2);           // (4. Bxc6 ...) and the nested (4... bxc6 5. O-O)
    EXPECT_EQ(g.mainline[2].nags, std::vector<int>{1});
    EXPECT_EQ(g.mainline[3].nags, std::vector<int>{5});  // a free-standing "!?"
    EXPECT_EQ(g.mainline[5].text, "a6?!");
    EXPECT_EQ(g.mainline[5].nags, (std::vector<int>{6, 6}));
    // Insertions after a6 go after "$6", before the clock comment.
    EXPECT_EQ(g.text.substr(g.mainline[5].insert_at, 3), " { ");
    EXPECT_EQ(g.text.substr(g.mainline[5].insert_at - 2, 2), "$6");
    EXPECT_EQ(g.mainline[6].text, "Ba4");
    EXPECT_EQ(g.result, "*");

    EXPECT_EQ(games[1].mainline.size(), 4u);  // 1.d4 d5 2.c4 e6, no result token
    EXPECT_EQ(games[1].result, "");
    EXPECT_EQ(games[1].mainline[0].text, "d4");
    EXPECT_EQ(games[2].mainline.size(), 4u);  // an escape line between the moves
    EXPECT_EQ(games[2].result, "0-1");
}

TEST(Pgn, SetUpGameStartsFromItsFen) {
    std::string text = test_data("pgn/setup.pgn");
    std::vector<PgnGame> games = read_pgn(text);
    EXPECT_EQ(rewrite(games), text);
    ASSERT_EQ(games.size(), 1u);
    ASSERT_TRUE(games[0].ok()) << games[0].error->text();
    EXPECT_EQ(games[0].start_fen, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1");
    ASSERT_EQ(games[0].mainline.size(), 3u);  // 1... h6 2. Rd8+ Kh7
    EXPECT_EQ(games[0].mainline[2].text, "Kh7");
}

TEST(Pgn, Chess960CastlingResolvesWithTheRookItNames) {
    std::string text = test_data("pgn/chess960.pgn");
    std::vector<PgnGame> games = read_pgn(text);
    EXPECT_EQ(rewrite(games), text);
    ASSERT_EQ(games.size(), 1u);
    ASSERT_TRUE(games[0].ok()) << games[0].error->text();
    EXPECT_TRUE(games[0].chess960);
    ASSERT_EQ(games[0].mainline.size(), 4u);
    // King f1 and rook g1 swap: O-O puts the king on g1 and the rook on f1.
    Position pos = games[0].start_position();
    pos.do_move(games[0].mainline[0].move);
    EXPECT_EQ(pos.piece_at(G1), WKing);
    EXPECT_EQ(pos.piece_at(F1), WRook);
}

TEST(Pgn, BrokenGamesAreReportedWithTheirLineAndCopiedThrough) {
    std::string text = test_data("pgn/broken.pgn");
    std::vector<PgnGame> items = read_pgn(text);
    EXPECT_EQ(rewrite(items), text);
    std::vector<PgnGame> games = games_only(items);
    ASSERT_EQ(games.size(), 6u);
    const bool ok[] = {true, false, true, false, false, true};
    for (int k = 0; k < 6; ++k) EXPECT_EQ(games[k].ok(), ok[k]) << k;
    ASSERT_TRUE(games[1].error);
    EXPECT_EQ(games[1].error->line, 9);
    EXPECT_EQ(games[1].error->column, 13);
    EXPECT_EQ(games[1].error->move, "2. Ke3");
    EXPECT_NE(games[1].error->message.find("illegal"), std::string::npos)
        << games[1].error->message;
    ASSERT_TRUE(games[3].error);
    EXPECT_EQ(games[3].error->line, 19);
    EXPECT_EQ(games[3].error->column, 7);
    EXPECT_NE(games[3].error->message.find("never closed"), std::string::npos);
    ASSERT_TRUE(games[4].error);
    EXPECT_EQ(games[4].error->line, 22);
    EXPECT_EQ(games[4].error->column, 8);
    EXPECT_EQ(games[4].error->text().rfind("line 22, column 8: malformed tag", 0), 0u)
        << games[4].error->text();
    // The good games around them are read in full.
    EXPECT_EQ(games[0].mainline.size(), 7u);
    EXPECT_EQ(games[2].mainline.size(), 4u);
    EXPECT_EQ(games[5].mainline.size(), 4u);
    EXPECT_EQ(games[5].result, "1/2-1/2");
}

TEST(Pgn, CrlfAndMissingFinalNewline) {
    std::string text = test_data("pgn/crlf.pgn");
    std::vector<PgnGame> items = read_pgn(text);
    EXPECT_EQ(rewrite(items), text);
    std::vector<PgnGame> games = games_only(items);
    ASSERT_EQ(games.size(), 2u);
    ASSERT_TRUE(games[0].ok()) << games[0].error->text();
    EXPECT_EQ(games[0].tag("Event"), "CRLF");
    EXPECT_EQ(games[0].mainline.size(), 3u);
    ASSERT_TRUE(games[1].ok()) << games[1].error->text();
    EXPECT_EQ(games[1].mainline.size(), 1u);
    EXPECT_EQ(games[1].result, "*");
}

TEST(Pgn, ErrorsNameTheProblem) {
    struct Case {
        const char* text;
        int line, column;
        const char* needle;
    };
    const Case cases[] = {
        {"1. e4 e5 2. Nf3 (2. Nc3", 1, 17, "never closed"},
        {"1. e4 ) e5 *", 1, 7, "without a matching '('"},
        {"1. e4 e5 *\n", 1, 100, ""},  // fine
        {"[Event \"x\"]\n\n1. e4 e5 2. Nf6 *", 3, 13, "illegal"},
        {"[Event \"x\n1. e4 *", 1, 10, "no closing"},
        {"[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *", 1, 1, "[FEN] tag"},
        {"[Variant \"Atomic\"]\n\n1. e4 *", 1, 1, "not supported"},
        {"1. e4 -- *", 1, 7, "null moves"},
        {"1. e4 e5 1-0 Nf3", 1, 14, "after the result"},
        {"1. e4 $ e5 *", 1, 7, "malformed NAG"},
        {"1. e4 e5 (1-0) *", 1, 11, "inside a variation"},
    };
    for (const Case& c : cases) {
        PgnGame g = parse_pgn_game(c.text);
        if (!*c.needle) {
            EXPECT_TRUE(g.ok()) << c.text;
            continue;
        }
        ASSERT_TRUE(g.error) << c.text;
        EXPECT_EQ(g.error->line, c.line) << c.text;
        EXPECT_EQ(g.error->column, c.column) << c.text << ": " << g.error->text();
        EXPECT_NE(g.error->message.find(c.needle), std::string::npos) << g.error->message;
    }
}

TEST(Pgn, LenientSanAndMoveNumbersGluedToMoves) {
    PgnGame g = parse_pgn_game("1.e4 e5 2.Ng1-f3 Nc6 3.Bb5 a6 4.0-0 *");
    ASSERT_TRUE(g.ok()) << g.error->text();
    ASSERT_EQ(g.mainline.size(), 7u);
    EXPECT_EQ(g.mainline[0].text, "e4");
    EXPECT_EQ(g.mainline[2].text, "Ng1-f3");
    EXPECT_EQ(g.mainline[6].text, "0-0");
}

TEST(Pgn, TagsAndMovesOnOneLine) {
    const std::string text =
        "[Event \"a {\"] 1. e4 {[%clk 0:01:00]} e5 1-0\n[Event \"b\"] 1. d4 *\n";
    std::vector<PgnGame> games = read_pgn(text);
    EXPECT_EQ(rewrite(games), text);
    ASSERT_EQ(games.size(), 2u);
    ASSERT_TRUE(games[0].ok()) << games[0].error->text();
    EXPECT_EQ(games[0].tag("Event"), "a {");
    EXPECT_EQ(games[0].mainline.size(), 2u);
    ASSERT_TRUE(games[1].ok()) << games[1].error->text();
    EXPECT_EQ(games[1].mainline.size(), 1u);
}

TEST(Pgn, EditsAreSplicedAtTheirOffsets) {
    PgnGame g = parse_pgn_game("[Event \"x\"]\n\n1. e4 e5 *\n");
    ASSERT_TRUE(g.ok());
    ASSERT_EQ(g.mainline.size(), 2u);
    g.edits.push_back(PgnEdit{g.mainline[1].insert_at, 0, " {B}"});
    g.edits.push_back(PgnEdit{g.mainline[0].insert_at, 0, " {A}"});
    g.edits.push_back(
        PgnEdit{g.tags.front().begin, g.tags.front().end - g.tags.front().begin, "[Event \"y\"]"});
    EXPECT_EQ(write_pgn_game(g), "[Event \"y\"]\n\n1. e4 {A} e5 {B} *\n");
    EXPECT_EQ(pgn_escape_tag_value("a \"b\" \\c"), "a \\\"b\\\" \\\\c");
}

TEST(Pgn, StreamingReaderCountsLines) {
    std::istringstream in(test_data("classic_games.pgn"));
    PgnReader reader(in);
    int games = 0;
    while (auto g = reader.next()) games += g->is_game;
    EXPECT_EQ(games, 3);
    EXPECT_EQ(reader.lines_read(), 37);
}

}  // namespace
}  // namespace glossfish
