// The PGN reader's memory bound (engine/pgn/pgn.h): a game longer than the limit is not parsed; it
// comes as a first item with an error and then as pieces up to its end, every byte kept, and
// the games after it are read as usual. A single line longer than the limit (a file without
// newlines) is cut into pieces the same way.
#include <gtest/gtest.h>

#include <sstream>

#include "pgn/pgn.h"

using namespace glossfish;

namespace {

const std::string Short1 = "[Event \"one\"]\n\n1. e4 e5 *\n\n";
const std::string Short2 = "[Event \"three\"]\n\n1. d4 d5 *\n";

std::vector<PgnGame> read_all(const std::string& text, std::size_t limit) {
    std::istringstream in(text);
    PgnReader reader(in, limit);
    std::vector<PgnGame> out;
    while (auto g = reader.next()) out.push_back(std::move(*g));
    return out;
}

std::string joined(const std::vector<PgnGame>& items) {
    std::string out;
    for (const auto& g : items) out += g.text;
    return out;
}

}  // namespace

TEST(PgnLimits, LongGameIsSkippedInPiecesAndKept) {
    std::string moves;  // 1. Nf3 Nf6 2. Ng1 Ng8 ... repeated: legal, about 2000 bytes
    for (int n = 1; n <= 100; ++n)
        moves += std::to_string(n) + (n % 2 ? ". Nf3 Nf6 " : ". Ng1 Ng8 ") + "{a comment}\n";
    const std::string longgame = "[Event \"two\"]\n\n" + moves + "*\n\n";
    const std::string text = Short1 + longgame + Short2;
    const std::vector<PgnGame> items = read_all(text, 500);
    EXPECT_EQ(joined(items), text);  // nothing lost
    ASSERT_GE(items.size(), 4u);
    EXPECT_TRUE(items.front().ok());
    EXPECT_EQ(items.front().tag("Event"), "one");
    const PgnGame& first_piece = items[1];
    EXPECT_TRUE(first_piece.is_game);
    ASSERT_FALSE(first_piece.ok());
    EXPECT_EQ(first_piece.error->text(),
              "line 5, column 1: the game is longer than 500 bytes, the limit; it is not read");
    int games = 0;
    for (const auto& g : items) {
        EXPECT_LE(g.text.size(), 500u);
        games += g.is_game;
    }
    EXPECT_EQ(games, 3);  // the pieces after the first are not games
    EXPECT_TRUE(items.back().ok());
    EXPECT_EQ(items.back().tag("Event"), "three");
    // Within the limit, the same text reads as three games.
    const std::vector<PgnGame> whole = read_all(text, 1 << 20);
    ASSERT_EQ(whole.size(), 3u);
    EXPECT_TRUE(whole[1].ok()) << whole[1].error->text();
    EXPECT_EQ(whole[1].mainline.size(), 200u);
}

TEST(PgnLimits, LineWithoutNewlinesIsCut) {
    const std::string text = Short1 + "[Event \"x\"]\n\n1. e4 {" + std::string(5000, 'z') + "} *";
    const std::vector<PgnGame> items = read_all(text, 1000);
    EXPECT_EQ(joined(items), text);
    for (const auto& g : items) EXPECT_LE(g.text.size(), 1000u);
    ASSERT_GE(items.size(), 3u);
    EXPECT_FALSE(items[1].ok());
    // A long ';' comment line does not end the game early: its pieces stay comment.
    const std::string semi =
        "[Event \"y\"]\n\n1. e4 ; " + std::string(3000, 'w') + " 1-0 *\ne5 *\n";
    const std::vector<PgnGame> parts = read_all(semi + Short2, 1000);
    EXPECT_EQ(joined(parts), semi + Short2);
    EXPECT_EQ(parts.back().tag("Event"), "three");
}
