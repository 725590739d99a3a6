// UCI engine output parsing on lines written in Stockfish 15.1's exact format, malformed lines,
// and the info-line writer's round trip.
#include "host/uci_protocol.h"

#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <iterator>
#include <string>
#include <variant>
#include <vector>

namespace glossfish {
namespace {

template <typename T>
T as(const EngineEvent& ev, const std::string& line) {
    const T* p = std::get_if<T>(&ev);
    EXPECT_NE(p, nullptr) << "line: '" << line << "' parsed as variant index " << ev.index();
    return p ? *p : T{};
}

SearchInfo info_of(const std::string& line) {
    return as<SearchInfo>(parse_engine_line(line), line);
}
OptionDecl option_of(const std::string& line) {
    return as<OptionDecl>(parse_engine_line(line), line);
}
BestMove bestmove_of(const std::string& line) {
    return as<BestMove>(parse_engine_line(line), line);
}

void expect_unknown(const std::string& line, const std::string& text) {
    EngineEvent ev = parse_engine_line(line);
    const UnknownLine* u = std::get_if<UnknownLine>(&ev);
    ASSERT_NE(u, nullptr) << "line: '" << line << "' parsed as variant index " << ev.index();
    EXPECT_EQ(u->text, text);
}

TEST(UciProtocol, FullInfoLine) {
    SearchInfo i = info_of(
        "info depth 20 seldepth 28 multipv 1 score cp 31 wdl 52 927 21 nodes 1234567 "
        "nps 987654 hashfull 350 tbhits 0 time 1250 pv e2e4 e7e5 g1f3");
    EXPECT_EQ(i.depth, 20);
    EXPECT_EQ(i.seldepth, 28);
    EXPECT_EQ(i.multipv, 1);
    EXPECT_EQ(i.score, Score::cp(31));
    EXPECT_EQ(i.wdl, (Wdl{52, 927, 21}));
    EXPECT_EQ(i.nodes, 1234567u);
    EXPECT_EQ(i.nps, 987654u);
    EXPECT_EQ(i.hashfull, 350);
    EXPECT_EQ(i.tbhits, 0u);
    EXPECT_EQ(i.time_ms, 1250u);
    EXPECT_EQ(i.pv, (std::vector<std::string>{"e2e4", "e7e5", "g1f3"}));
    EXPECT_FALSE(i.currmove.has_value());
    EXPECT_FALSE(i.currmovenumber.has_value());
    EXPECT_FALSE(i.string.has_value());
}

TEST(UciProtocol, CurrmoveLine) {
    SearchInfo i = info_of("info depth 12 currmove e2e4 currmovenumber 1");
    EXPECT_EQ(i.depth, 12);
    EXPECT_EQ(i.currmove, "e2e4");
    EXPECT_EQ(i.currmovenumber, 1);
    EXPECT_FALSE(i.score.has_value());
    EXPECT_TRUE(i.pv.empty());
}

TEST(UciProtocol, MateScore) {
    SearchInfo i = info_of(
        "info depth 30 seldepth 4 multipv 1 score mate 2 nodes 1000 nps 100000 tbhits 0 "
        "time 10 pv h5f7 e8e7 c4d5");
    EXPECT_EQ(i.score, Score::mate(2));
    EXPECT_TRUE(i.score->is_mate());
    EXPECT_EQ(i.pv.size(), 3u);
    EXPECT_EQ(i.pv.back(), "c4d5");

    SearchInfo mated = info_of("info depth 1 seldepth 1 multipv 1 score mate -1 nodes 3 pv g2g4");
    EXPECT_EQ(mated.score, Score::mate(-1));
    // Stockfish's report for a root that is already mated.
    SearchInfo zero = info_of("info depth 0 score mate 0");
    EXPECT_EQ(zero.score, Score::mate(0));
}

TEST(UciProtocol, Bounds) {
    SearchInfo up = info_of(
        "info depth 18 seldepth 24 multipv 1 score cp 45 upperbound wdl 80 900 20 nodes 500000 "
        "nps 1000000 hashfull 120 tbhits 0 time 500 pv d2d4");
    ASSERT_TRUE(up.score.has_value());
    EXPECT_EQ(up.score->bound, Bound::Upper);
    EXPECT_EQ(up.score->value, 45);
    EXPECT_EQ(up.wdl, (Wdl{80, 900, 20}));
    EXPECT_EQ(up.nodes, 500000u);

    SearchInfo low = info_of("info depth 18 seldepth 24 multipv 1 score cp -12 lowerbound nodes 9");
    ASSERT_TRUE(low.score.has_value());
    EXPECT_EQ(low.score->bound, Bound::Lower);
    EXPECT_EQ(low.score->value, -12);
    EXPECT_EQ(low.nodes, 9u);

    SearchInfo mate_low = info_of("info depth 22 score mate 5 lowerbound nodes 77 pv a1a8");
    EXPECT_EQ(mate_low.score, (Score{Score::Mate, 5, Bound::Lower}));
}

TEST(UciProtocol, InfoString) {
    SearchInfo i = info_of("info string NNUE evaluation using nn-ad9b42354671.nnue enabled\r\n");
    EXPECT_EQ(i.string, "NNUE evaluation using nn-ad9b42354671.nnue enabled");
    EXPECT_FALSE(i.depth.has_value());

    // Keywords inside the string are text, and inner spacing is kept.
    SearchInfo k = info_of("info string depth 5  pv e2e4\tscore");
    EXPECT_EQ(k.string, "depth 5  pv e2e4\tscore");
    EXPECT_FALSE(k.depth.has_value());
    EXPECT_TRUE(k.pv.empty());

    SearchInfo empty = info_of("info string");
    EXPECT_EQ(empty.string, "");
}

TEST(UciProtocol, UnknownInfoTokensAreSkipped) {
    SearchInfo i =
        info_of("info depth 7 cpuload 250 sbhits 3 nodes 42 refutation d1h5 g6h5 time 8");
    EXPECT_EQ(i.depth, 7);
    EXPECT_EQ(i.nodes, 42u);
    EXPECT_EQ(i.time_ms, 8u);
}

TEST(UciProtocol, WhitespaceAndLineEndings) {
    SearchInfo i = info_of("  info\tdepth  5 \t score   cp  -20   pv  e2e4   e7e5  \r\n");
    EXPECT_EQ(i.depth, 5);
    EXPECT_EQ(i.score, Score::cp(-20));
    EXPECT_EQ(i.pv, (std::vector<std::string>{"e2e4", "e7e5"}));

    EXPECT_TRUE(std::holds_alternative<UciOk>(parse_engine_line("uciok\r\n")));
    EXPECT_TRUE(std::holds_alternative<ReadyOk>(parse_engine_line("readyok\n")));
    EXPECT_TRUE(std::holds_alternative<ReadyOk>(parse_engine_line(" readyok \r")));
}

TEST(UciProtocol, IdLines) {
    EngineEvent name = parse_engine_line("id name Stockfish 15.1\r\n");
    ASSERT_TRUE(std::holds_alternative<IdLine>(name));
    EXPECT_EQ(std::get<IdLine>(name).field, "name");
    EXPECT_EQ(std::get<IdLine>(name).value, "Stockfish 15.1");

    EngineEvent author = parse_engine_line("id author the Stockfish developers (see AUTHORS file)");
    ASSERT_TRUE(std::holds_alternative<IdLine>(author));
    EXPECT_EQ(std::get<IdLine>(author).field, "author");
    EXPECT_EQ(std::get<IdLine>(author).value, "the Stockfish developers (see AUTHORS file)");
}

TEST(UciProtocol, SpinOption) {
    OptionDecl o = option_of("option name Hash type spin default 16 min 1 max 33554432");
    EXPECT_EQ(o.name, "Hash");
    EXPECT_EQ(o.type, "spin");
    EXPECT_EQ(o.default_value, "16");
    EXPECT_EQ(o.min, 1);
    EXPECT_EQ(o.max, 33554432);
    EXPECT_TRUE(o.vars.empty());

    OptionDecl skill = option_of("option name Skill Level type spin default 20 min 0 max 20");
    EXPECT_EQ(skill.name, "Skill Level");
    EXPECT_EQ(skill.default_value, "20");
    EXPECT_EQ(skill.min, 0);
    EXPECT_EQ(skill.max, 20);
}

TEST(UciProtocol, OptionsWithSpacesAndEmptyDefaults) {
    OptionDecl log = option_of("option name Debug Log File type string default");
    EXPECT_EQ(log.name, "Debug Log File");
    EXPECT_EQ(log.type, "string");
    EXPECT_EQ(log.default_value, "");
    EXPECT_FALSE(log.min.has_value());

    // Stockfish writes "default " with a trailing space before the (empty) value.
    OptionDecl log2 = option_of("option name Debug Log File type string default \r\n");
    EXPECT_EQ(log2, log);

    OptionDecl eval = option_of("option name EvalFile type string default nn-ad9b42354671.nnue");
    EXPECT_EQ(eval.name, "EvalFile");
    EXPECT_EQ(eval.default_value, "nn-ad9b42354671.nnue");

    OptionDecl syz = option_of("option name SyzygyPath type string default <empty>");
    EXPECT_EQ(syz.default_value, "<empty>");

    OptionDecl path = option_of("option name Book File type string default C:\\My  Books\\a b.bin");
    EXPECT_EQ(path.name, "Book File");
    EXPECT_EQ(path.default_value, "C:\\My  Books\\a b.bin");

    OptionDecl clear = option_of("option name Clear Hash type button");
    EXPECT_EQ(clear.name, "Clear Hash");
    EXPECT_EQ(clear.type, "button");
    EXPECT_FALSE(clear.default_value.has_value());

    OptionDecl check = option_of("option name UCI_ShowWDL type check default false");
    EXPECT_EQ(check.type, "check");
    EXPECT_EQ(check.default_value, "false");
}

TEST(UciProtocol, ComboOption) {
    OptionDecl o = option_of(
        "option name Play Style type combo default Very Solid var Very Solid var Normal var "
        "Risky");
    EXPECT_EQ(o.name, "Play Style");
    EXPECT_EQ(o.type, "combo");
    EXPECT_EQ(o.default_value, "Very Solid");
    EXPECT_EQ(o.vars, (std::vector<std::string>{"Very Solid", "Normal", "Risky"}));
}

TEST(UciProtocol, BestMoveLines) {
    BestMove b = bestmove_of("bestmove e2e4 ponder e7e5\r\n");
    EXPECT_EQ(b.move, "e2e4");
    EXPECT_EQ(b.ponder, "e7e5");

    BestMove plain = bestmove_of("bestmove e7e8q");
    EXPECT_EQ(plain.move, "e7e8q");
    EXPECT_FALSE(plain.ponder.has_value());

    BestMove none = bestmove_of("bestmove (none)");
    EXPECT_EQ(none.move, "(none)");
    EXPECT_FALSE(none.ponder.has_value());
}

TEST(UciProtocol, GarbageIsUnknown) {
    expect_unknown("Stockfish 15.1 by the Stockfish developers (see AUTHORS file)\r\n",
                   "Stockfish 15.1 by the Stockfish developers (see AUTHORS file)");
    expect_unknown("", "");
    expect_unknown("\r\n", "");
    expect_unknown("   ", "   ");
    expect_unknown("bestmove", "bestmove");
    expect_unknown("bestmove e2e4 ponder", "bestmove e2e4 ponder");
    expect_unknown("bestmove e2e4 foo e7e5", "bestmove e2e4 foo e7e5");
    expect_unknown("uciok now", "uciok now");
    expect_unknown("id", "id");
    expect_unknown("id version 3", "id version 3");
    expect_unknown("option name type spin", "option name type spin");
    expect_unknown("option name Hash", "option name Hash");
    expect_unknown("option name Hash type", "option name Hash type");
    expect_unknown("option type spin", "option type spin");
    expect_unknown("option name Hash type spin default 16 min x max 9",
                   "option name Hash type spin default 16 min x max 9");
    expect_unknown("option name Hash type spin min 1 bogus",
                   "option name Hash type spin min 1 bogus");
    expect_unknown("Unknown command: 'foo'. Type help for more information.",
                   "Unknown command: 'foo'. Type help for more information.");
}

TEST(UciProtocol, MalformedNumbersAreUnknown) {
    const char* lines[] = {
        "info depth",
        "info depth x",
        "info depth 12x",
        "info depth -",
        "info depth 99999999999",           // does not fit an int
        "info nodes 18446744073709551616",  // 2^64
        "info nodes -5",
        "info time 1.5",
        "info score",
        "info score cp",
        "info score cp abc",
        "info score mate 2147483648",
        "info score centipawns 5",
        "info wdl 1 2",
        "info wdl 1 2 x",
        "info currmove",
        "info hashfull 1e3",
        "info multipv +1",
        "option name Hash type spin default 16 min 1 max 99999999999999999999",
    };
    for (const char* line : lines) expect_unknown(line, line);
}

TEST(UciProtocol, LargestNumbersFit) {
    SearchInfo i = info_of("info depth 2147483647 nodes 18446744073709551615 score cp -2147483648");
    EXPECT_EQ(i.depth, INT_MAX);
    EXPECT_EQ(i.nodes, UINT64_MAX);
    EXPECT_EQ(i.score, Score::cp(INT_MIN));
}

TEST(UciProtocol, ScoreUci) {
    EXPECT_EQ(Score::cp(35).uci(), "cp 35");
    EXPECT_EQ(Score::cp(-7).uci(), "cp -7");
    EXPECT_EQ(Score::mate(-3).uci(), "mate -3");
    EXPECT_EQ((Score{Score::Cp, 10, Bound::Lower}).uci(), "cp 10 lowerbound");
    EXPECT_EQ((Score{Score::Mate, 4, Bound::Upper}).uci(), "mate 4 upperbound");
}

TEST(UciProtocol, ScoreOrdering) {
    // Best for the side to move first.
    const Score order[] = {Score::mate(1),   Score::mate(2),  Score::mate(30), Score::cp(5000),
                           Score::cp(31),    Score::cp(0),    Score::cp(-31),  Score::cp(-5000),
                           Score::mate(-30), Score::mate(-2), Score::mate(-1), Score::mate(0)};
    for (std::size_t k = 0; k + 1 < std::size(order); ++k) {
        EXPECT_GT(order[k].to_cp_ordering(), order[k + 1].to_cp_ordering())
            << order[k].uci() << " vs " << order[k + 1].uci();
    }
    EXPECT_EQ(Score::cp(31).to_cp_ordering(), 31);
    EXPECT_EQ(Score::mate(1).to_cp_ordering(), 100000 - 1);
    EXPECT_EQ(Score::mate(-1).to_cp_ordering(), -100000 + 2);
    EXPECT_EQ(Score::mate(0).to_cp_ordering(), -100000);
    // Extreme values stay ordered and do not overflow.
    EXPECT_GT(Score::mate(INT_MAX).to_cp_ordering(), Score::cp(INT_MAX).to_cp_ordering());
    EXPECT_LT(Score::mate(INT_MIN).to_cp_ordering(), Score::cp(INT_MIN).to_cp_ordering());
    EXPECT_LT(Score::mate(-1).to_cp_ordering(), Score::mate(INT_MIN).to_cp_ordering());
    EXPECT_GT(Score::mate(1).to_cp_ordering(), Score::mate(INT_MAX).to_cp_ordering());
}

TEST(UciProtocol, FormatCanonicalOrder) {
    SearchInfo i;
    i.pv = {"e2e4", "e7e5"};
    i.time_ms = 1250;
    i.currmovenumber = 3;
    i.currmove = "g1f3";
    i.tbhits = 0;
    i.hashfull = 350;
    i.nps = 987654;
    i.nodes = 1234567;
    i.wdl = Wdl{52, 927, 21};
    i.score = Score{Score::Cp, 31, Bound::Upper};
    i.multipv = 1;
    i.seldepth = 28;
    i.depth = 20;
    EXPECT_EQ(format_info(i),
              "info depth 20 seldepth 28 multipv 1 score cp 31 upperbound wdl 52 927 21 "
              "nodes 1234567 nps 987654 hashfull 350 tbhits 0 time 1250 currmove g1f3 "
              "currmovenumber 3 pv e2e4 e7e5");

    SearchInfo s;
    s.string = "NNUE evaluation using nn-ad9b42354671.nnue enabled";
    EXPECT_EQ(format_info(s), "info string NNUE evaluation using nn-ad9b42354671.nnue enabled");
    EXPECT_EQ(format_info(SearchInfo{}), "info");
}

TEST(UciProtocol, FormatRoundTrip) {
    const char* lines[] = {
        "info depth 20 seldepth 28 multipv 1 score cp 31 wdl 52 927 21 nodes 1234567 "
        "nps 987654 hashfull 350 tbhits 0 time 1250 pv e2e4 e7e5 g1f3",
        "info depth 12 currmove e2e4 currmovenumber 1",
        "info depth 30 seldepth 4 multipv 1 score mate 2 nodes 1000 nps 100000 tbhits 0 "
        "time 10 pv h5f7 e8e7 c4d5",
        "info depth 18 seldepth 24 multipv 2 score cp -45 lowerbound nodes 5 nps 6 "
        "tbhits 7 time 8 pv d7d5",
        "info depth 9 score mate -3 upperbound",
        "info string NNUE evaluation using nn-ad9b42354671.nnue enabled",
        "info string",
        "info",
    };
    for (const char* line : lines) {
        SearchInfo parsed = info_of(line);
        std::string formatted = format_info(parsed);
        EXPECT_EQ(formatted, line);
        EXPECT_EQ(info_of(formatted), parsed) << line;
    }

    // A struct built in code survives format then parse.
    SearchInfo built;
    built.depth = 1;
    built.score = Score::mate(-7);
    built.wdl = Wdl{0, 0, 1000};
    built.hashfull = 0;
    built.pv = {"a7a8n"};
    EXPECT_EQ(info_of(format_info(built)), built);
}

TEST(UciProtocol, NegateTurnsTheScoreAndItsBound) {
    EXPECT_EQ(negate(Score::cp(35)), Score::cp(-35));
    EXPECT_EQ(negate(Score::mate(3)), Score::mate(-3));
    EXPECT_EQ(negate(Score{Score::Cp, 20, Bound::Lower}), (Score{Score::Cp, -20, Bound::Upper}));
    EXPECT_EQ(negate(Score{Score::Mate, -2, Bound::Upper}), (Score{Score::Mate, 2, Bound::Lower}));
    EXPECT_EQ(negate(negate(Score{Score::Cp, 7, Bound::Lower})),
              (Score{Score::Cp, 7, Bound::Lower}));
}

// A move's score from the position after it: White mated in five after ...Ng3+ is Black's mate
// in six with Ng3+; a mate against the mover keeps its count; centipawns are negated.
TEST(UciProtocol, AMoveThatMatesCountsItself) {
    EXPECT_EQ(score_of_move(Score::mate(-5)), Score::mate(6));
    EXPECT_EQ(score_of_move(Score::mate(3)), Score::mate(-3));
    EXPECT_EQ(score_of_move(Score::cp(35)), Score::cp(-35));
    EXPECT_EQ(score_of_move(Score{Score::Mate, -1, Bound::Upper}),
              (Score{Score::Mate, 2, Bound::Lower}));
}

}  // namespace
}  // namespace glossfish
