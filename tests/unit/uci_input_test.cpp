// The GUI-side UCI parsers (engine/host/uci_input.h): go limits are rejected or clamped
// as GUIs need, bad UTF-8 is named, long input is quoted by a prefix only, setoption and
// position split as GUIs write them. Expected values come from the cases and from
// Stockfish 15.1's limits (MAX_PLY 246, int64 node counts).
#include "host/uci_input.h"

#include <gtest/gtest.h>

#include <string>

#include "io/utf8.h"
#include "settings/settings.h"

namespace glossfish {
namespace {

GoParse go(const std::string& line, const Position& pos = Position()) {
    return parse_go(pos, split_words(line));
}

std::string go_error(const std::string& line) {
    GoParse p = go(line);
    EXPECT_TRUE(p.error) << line;
    if (!p.error) return "";
    EXPECT_EQ(p.error->code, "bad_go") << line;
    return p.error->message;
}

TEST(UciInput, BadGoLimitsRejectTheWholeGo) {
    EXPECT_EQ(go_error("go depth -5"),
              "'go depth' must be 1 or more, got '-5'; the go is rejected");
    EXPECT_EQ(go_error("go depth abc"),
              "'go depth' needs a whole number, got 'abc'; the go is rejected");
    EXPECT_EQ(go_error("go movetime -1"),
              "'go movetime' must be 1 or more, got '-1'; the go is rejected");
    EXPECT_EQ(go_error("go movetime 0"),
              "'go movetime' must be 1 or more, got '0'; the go is rejected");
    EXPECT_EQ(go_error("go nodes 18446744073709551617"),
              "'go nodes' needs a whole number, got '18446744073709551617'; the go is rejected");
    EXPECT_EQ(go_error("go nodes 0"),
              "'go nodes' must be 1..18446744073709551615, got '0'; the go is rejected");
    EXPECT_EQ(go_error("go perft -1"),
              "'go perft': perft depth must be an integer 1..12, got '-1'; the go is rejected");
    EXPECT_EQ(go_error("go perft 13"),
              "'go perft': perft depth must be an integer 1..12, got '13'; the go is rejected");
    EXPECT_EQ(go_error("go depth"), "'go depth' needs a number; the go is rejected");
    EXPECT_EQ(go_error("go depth movetime 100"), "'go depth' needs a number; the go is rejected");
    EXPECT_EQ(go_error("go dpeth 5"), "unknown 'go' parameter 'dpeth'; the go is rejected");
    EXPECT_EQ(go_error("go wtime 1e3"),
              "'go wtime' needs a whole number, got '1e3'; the go is rejected");
    EXPECT_EQ(go_error("go movestogo -2"),
              "'go movestogo' must be 0 or more, got '-2'; the go is rejected");
    EXPECT_EQ(go_error("go searchmoves e2e5"),
              "'go searchmoves' 'e2e5': e2e5 is not a legal move; the go is rejected");
    EXPECT_EQ(go_error("go mate 0"), "'go mate' must be 1 or more, got '0'; the go is rejected");
}

TEST(UciInput, GoLimitsAboveStockfishsAreClamped) {
    GoParse p = go("go depth 100000 nodes 9223372036854775808 mate 999");
    ASSERT_FALSE(p.error) << p.error->message;
    EXPECT_EQ(p.params.depth, 245);  // Stockfish 15.1 searches at most MAX_PLY - 1 plies
    EXPECT_EQ(p.params.nodes, 9223372036854775807ull);  // its node limit is an int64
    EXPECT_EQ(p.params.mate, 245);
    EXPECT_EQ(p.params.go_line(Position()), "go depth 245 nodes 9223372036854775807 mate 245");
}

TEST(UciInput, GoKindsAndLine) {
    GoParse p = go("go wtime 1000 btime -20 winc 0 binc 5 movestogo 0 ponder");
    ASSERT_FALSE(p.error);
    EXPECT_TRUE(p.params.has_clock());
    EXPECT_FALSE(p.params.is_analysis(false));
    EXPECT_TRUE(p.params.is_analysis(true));  // UCI_AnalyseMode
    EXPECT_EQ(p.params.go_line(Position()),
              "go ponder wtime 1000 btime -20 winc 0 binc 5 movestogo 0");
    for (const char* analysis : {"go depth 14", "go nodes 1000", "go movetime 50", "go infinite",
                                 "go", "go mate 3", "go infinite wtime 100"}) {
        GoParse a = go(analysis);
        ASSERT_FALSE(a.error) << analysis;
        EXPECT_TRUE(a.params.is_analysis(false)) << analysis;
    }
    GoParse s = go("go depth 3 searchmoves e2e4 g1f3 e2e4");
    ASSERT_FALSE(s.error);
    EXPECT_EQ(s.params.searchmoves.size(), 2u);  // the repeated move once
    EXPECT_EQ(s.params.go_line(Position()), "go depth 3 searchmoves e2e4 g1f3");
    EXPECT_EQ(go("go perft 3").params.perft, 3);
}

TEST(UciInput, InvalidUtf8IsNamed) {
    auto bad = check_utf8("\xff");
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->code, "bad_utf8");
    EXPECT_EQ(bad->message, "the command word is not valid UTF-8 (byte 0xFF at offset 0)");
    bad = check_utf8("setoption name Glossfish Commentary value e4 \xc3(");
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->message,
              "the value of option 'Glossfish Commentary' is not valid UTF-8 (byte 0xC3 at "
              "offset 3)");
    bad = check_utf8("tool attackers {\"fen\": \"\xed\xa0\x80\"}");  // a surrogate
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->message,
              "the JSON arguments of 'tool attackers' are not valid UTF-8 (byte 0xED at offset "
              "9)");
    bad = check_utf8("position startpos moves e2e4 \xc0\xaf");  // an overlong '/'
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->message, "word 5 of 'position' is not valid UTF-8 (byte 0xC0 at offset 0)");
    // A long command word or tool name is quoted by its prefix (found by fuzz_uci_input).
    bad = check_utf8("to" + std::string(400, 'u') + " x\xff");
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->message, "word 2 of 'to" + std::string(78, 'u') +
                                "\xE2\x80\xA6' (402 bytes) is not valid UTF-8 (byte 0xFF at "
                                "offset 1)");
    bad = check_utf8("tool " + std::string(400, 'u') + " {\xff}");
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->message, "the JSON arguments of 'tool " + std::string(75, 'u') +
                                "\xE2\x80\xA6' (405 bytes) are not valid UTF-8 (byte 0xFF at "
                                "offset 1)");
    EXPECT_FALSE(
        check_utf8("setoption name Glossfish Commentary value Sp\xc3\xa4ter \xe2\x80\xa6"));
    EXPECT_EQ(invalid_utf8_at("ok \xf4\x90\x80\x80"), 3u);  // above U+10FFFF
    EXPECT_EQ(invalid_utf8_at("\xe2\x82"), 0u);             // cut short
}

TEST(UciInput, LongInputIsQuotedByItsPrefix) {
    const std::string big(104857600, 'x');
    const std::string q = quote_input(big);
    EXPECT_EQ(q, "'" + std::string(QuoteBytes, 'x') + "\xE2\x80\xA6' (104857600 bytes)");
    EXPECT_EQ(quote_input("e2e4"), "'e2e4'");
    EXPECT_EQ(quote_input("a\xff"), "'a\\xFF'");
    InputError e = line_too_long("position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5", 104857601);
    EXPECT_EQ(e.code, "line_too_long");
    EXPECT_EQ(e.message,
              "the line has 104857601 bytes; the limit is 1048576 (it starts 'position startpos "
              "moves e2e4 e7e5 g1f3 b8c6 f1b5…')");
}

TEST(UciInput, PositionCommands) {
    PositionParse p = parse_position_command(split_words("position startpos moves e2e4 e7e5"));
    ASSERT_FALSE(p.error);
    EXPECT_EQ(p.command.fen, StartFen);
    ASSERT_EQ(p.command.moves.size(), 2u);
    EXPECT_EQ(p.command.moves[1], "e7e5");
    p = parse_position_command(split_words("position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1"));
    EXPECT_EQ(p.command.fen, "8/8/8/8/8/8/8/K1k5 w - - 0 1");
    EXPECT_EQ(parse_position_command(split_words("position middlegame")).error->code,
              "bad_position");
    EXPECT_EQ(parse_position_command(split_words("position startpos e2e4")).error->message,
              "unexpected 'e2e4' after the position");
    std::string many = "position startpos moves";
    for (std::size_t i = 0; i <= MaxPositionMoves; ++i) many += " g1f3";
    p = parse_position_command(split_words(many));
    ASSERT_TRUE(p.error);
    EXPECT_EQ(p.error->code, "too_many_moves");
    EXPECT_EQ(p.error->message, "the position has 12001 moves; the limit is 12000");
}

TEST(UciInput, SetoptionKeepsTheValuesSpaces) {
    SetOptionParse p =
        parse_setoption("setoption  name Glossfish   Commentary\tvalue  e4  is good. \r");
    ASSERT_FALSE(p.error);
    EXPECT_EQ(p.command.name, "Glossfish Commentary");
    EXPECT_EQ(p.command.value, "e4  is good.");
    EXPECT_TRUE(p.command.has_value);
    p = parse_setoption("setoption name Clear Hash");
    EXPECT_EQ(p.command.name, "Clear Hash");
    EXPECT_FALSE(p.command.has_value);
    EXPECT_EQ(parse_setoption("setoption name X value <empty>").command.value, "");
    EXPECT_EQ(parse_setoption("setoption value 3").error->code, "bad_setoption");
}

TEST(UciInput, StringOptionValuesAreBounded) {
    Settings s;
    const std::string long_text(MaxOptionValueBytes + 1, 'a');
    auto err = apply_option(s, "Glossfish Commentary", long_text);
    ASSERT_TRUE(err);
    EXPECT_EQ(*err, "option 'Glossfish Commentary' takes at most 8192 bytes, got '" +
                        std::string(QuoteBytes, 'a') + "\xE2\x80\xA6' (8193 bytes)");
    EXPECT_TRUE(s.commentary.empty());
    EXPECT_FALSE(apply_option(s, "Glossfish Commentary", std::string(MaxOptionValueBytes, 'a')));
}

}  // namespace
}  // namespace glossfish
