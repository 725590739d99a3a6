// Game annotation at a tiny depth (needs `stockfish`): NAG placement, comment and eval format,
// legal best-line variations, and the source text preserved byte for byte outside the insertions
// (stripped here by patterns written from the documented format, not by the code under test).
#include "analysis/annotate.h"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "shared_analyzer.h"
#include "test_util.h"

namespace glossfish {
namespace {

// Removes what annotation inserts: " $n { [%eval x] ... }" or " { Checkmate. ... }" with an
// optional flat variation after it, and our tag lines.
std::string strip_annotations(const std::string& text) {
    static const std::regex move_part(
        R"( (\$[12346] )?\{ (\[%eval [^\]]+\]|Checkmate\.)[^{}]*\}( \([^(){}]*\))?)");
    static const std::regex tag_part(
        R"(\[(Annotator|ECO|Opening|(White|Black)(Accuracy|Inaccuracies|Mistakes|Blunders)) "[^"]*"\]\r?\n)");
    return std::regex_replace(std::regex_replace(text, move_part, ""), tag_part, "");
}

class Annotate : public SharedAnalyzer<2> {
protected:
    // Annotates every readable game of a PGN text; unreadable ones are copied.
    static std::string annotate_text(const std::string& text, int depth, int jobs = 1) {
        AnnotateOptions options;
        options.limits.depth = depth;
        options.jobs = jobs;
        std::string out;
        for (PgnGame& g : read_pgn(text)) {
            if (g.is_game && g.ok()) {
                GameAnnotation a = analyse_game(*analyzer_, g, options);
                EXPECT_TRUE(a.ok()) << a.error;
                add_annotation_edits(g, a, options);
            }
            out += write_pgn_game(g);
        }
        return out;
    }
};

TEST(AnnotateFormat, EvalText) {
    EXPECT_EQ(format_eval(Score::cp(35)), "0.35");
    EXPECT_EQ(format_eval(Score::cp(-210)), "-2.10");
    EXPECT_EQ(format_eval(Score::cp(0)), "0.00");
    EXPECT_EQ(format_eval(Score::mate(3)), "#3");
    EXPECT_EQ(format_eval(Score::mate(-3)), "#-3");
}

TEST(AnnotateFormat, MoveAccuracy) {
    EXPECT_DOUBLE_EQ(move_accuracy(50, 50), 100);
    EXPECT_DOUBLE_EQ(move_accuracy(40, 60), 100);  // the mover's win% went up
    EXPECT_NEAR(move_accuracy(60, 40), 41.02, 0.01);
    EXPECT_NEAR(move_accuracy(80, 30), 9.53, 0.01);
    EXPECT_NEAR(move_accuracy(100, 0), 0, 1e-9);  // clamped at 0
}

TEST(AnnotateFormat, GameAccuracy) {
    // Perfect play is 100; one side's accuracies do not leak into the other's.
    std::vector<double> win = {50, 50, 50, 50, 50};
    EXPECT_DOUBLE_EQ(game_accuracy(win, {100, 100, 100, 100}, 0), 100);
    // White: 100 and 50 with equal weights (flat win%): mean 75, harmonic 66.67 -> 70.83.
    EXPECT_NEAR(game_accuracy(win, {100, 10, 50, 10}, 0), (75 + 200.0 / 3) / 2, 1e-9);
    // Black: 10 and 10 -> 10.
    EXPECT_NEAR(game_accuracy(win, {100, 10, 50, 10}, 1), 10, 1e-9);
    // A game starting with Black to move: ply 0 is Black's.
    EXPECT_NEAR(game_accuracy(win, {100, 10, 50, 10}, 1, 1), (75 + 200.0 / 3) / 2, 1e-9);
}

TEST_F(Annotate, BlunderIntoMateGetsNagCommentAndLine) {
    const std::string pgn =
        "[Event \"Scholar's mate\"]\n[Result \"1-0\"]\n\n"
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    std::string out = annotate_text(pgn, 6);
    EXPECT_EQ(strip_annotations(out), pgn) << out;
    // 3...Nf6?? allows mate in one.
    std::smatch m;
    ASSERT_TRUE(std::regex_search(
        out, m,
        std::regex(
            R"(Nf6 \$4 \{ \[%eval #1\] \([-0-9.]+ → #1\) Blunder\. Checkmate is now unavoidable\. (\S+) was best\. \} \(3\.\.\. (\S+))")))
        << out;
    EXPECT_EQ(m[1], m[2]);  // the variation starts with the move the comment names
    EXPECT_NE(out.find("4. Qxf7# { Checkmate. }"), std::string::npos) << out;
    EXPECT_NE(out.find("[BlackBlunders \"1\"]\n"), std::string::npos) << out;
    EXPECT_NE(out.find("[WhiteBlunders \"0\"]\n"), std::string::npos) << out;
    EXPECT_NE(out.find("[Annotator \"glossfish (Stockfish, depth 6, lichess)\"]\n"),
              std::string::npos);
}

TEST_F(Annotate, ClassicGameStructure) {
    const std::string text = test_data("classic_games.pgn");
    const std::string first = text.substr(0, text.find("\n[Event", 1) + 1);  // the Opera game
    std::string out = annotate_text(first, 4, 2);
    EXPECT_EQ(strip_annotations(out), first);

    // The output reads back: same main line, every variation legal, an eval comment (or the
    // checkmate mark) right after every move and its NAGs.
    std::vector<PgnGame> again = read_pgn(out);
    PgnGame original = read_pgn(first).front();
    int nagged = 0;
    for (const PgnGame& g : again) {
        if (!g.is_game) continue;
        ASSERT_TRUE(g.ok()) << g.error->text() << "\n" << out;
        ASSERT_EQ(g.mainline.size(), original.mainline.size());
        for (std::size_t i = 0; i < g.mainline.size(); ++i) {
            const PgnMove& mv = g.mainline[i];
            EXPECT_EQ(mv.move, original.mainline[i].move);
            std::string after = g.text.substr(mv.insert_at, 14);
            bool last = i + 1 == g.mainline.size();
            EXPECT_EQ(after.rfind(last ? " { Checkmate." : " { [%eval ", 0), 0u)
                << mv.text << ": " << after;
            for (int nag : mv.nags) nagged += nag == 2 || nag == 4 || nag == 6;
        }
        EXPECT_EQ(g.variations, nagged);  // one engine line per labelled move
        EXPECT_TRUE(g.tag("WhiteAccuracy"));
        EXPECT_TRUE(g.tag("BlackAccuracy"));
    }
}

TEST_F(Annotate, OddCorpusKeepsEverythingAndBrokenGamesAreCopied) {
    for (const char* name :
         {"pgn/odd.pgn", "pgn/broken.pgn", "pgn/setup.pgn", "pgn/chess960.pgn", "pgn/crlf.pgn"}) {
        const std::string text = test_data(name);
        std::string out = annotate_text(text, 2);
        // A move whose input already carries $1/$2/$3/$4/$6 right before our comment is
        // ambiguous to the regex (odd.pgn: "a6?! $6 {", "Nf3 $1 {"), so those NAGs are compared
        // apart: the text without them must match, and the input's own NAGs must all still be
        // there.
        static const std::regex label_nag(R"( \$[12346](?= ))");
        EXPECT_EQ(std::regex_replace(strip_annotations(out), label_nag, ""),
                  std::regex_replace(text, label_nag, ""))
            << name << "\n"
            << out;
        for (std::sregex_iterator it(text.begin(), text.end(), label_nag), end; it != end; ++it)
            EXPECT_NE(out.find(text.substr(std::size_t(it->position()) - 4, 7)), std::string::npos)
                << name << ": lost the NAG near offset " << it->position();
        std::vector<PgnGame> in_games = read_pgn(text), out_games = read_pgn(out);
        ASSERT_EQ(in_games.size(), out_games.size()) << name;
        for (std::size_t k = 0; k < in_games.size(); ++k) {
            if (!in_games[k].ok()) {
                EXPECT_EQ(out_games[k].text, in_games[k].text) << name << " " << k;  // untouched
            } else if (in_games[k].is_game) {
                EXPECT_TRUE(out_games[k].ok())
                    << name << " " << k << ": " << out_games[k].error->text();
                EXPECT_NE(out_games[k].text.find("[WhiteAccuracy"), std::string::npos)
                    << name << " " << k;
            }
        }
    }
}

TEST_F(Annotate, ExistingAccuracyTagsAreReplacedNotDuplicated) {
    const std::string pgn = "[Event \"x\"]\n[WhiteAccuracy \"12.0\"]\n\n1. e4 e5 *\n";
    std::string out = annotate_text(annotate_text(pgn, 2), 2);
    std::size_t first = out.find("[WhiteAccuracy");
    ASSERT_NE(first, std::string::npos);
    EXPECT_EQ(out.find("[WhiteAccuracy", first + 1), std::string::npos) << out;
    EXPECT_EQ(out.find("12.0"), std::string::npos) << out;
    // The opening tags are written once (c.tsv: "C20 King's Pawn Game 1. e4 e5").
    std::size_t eco = out.find("[ECO \"C20\"]\n");
    ASSERT_NE(eco, std::string::npos) << out;
    EXPECT_EQ(out.find("[ECO", eco + 1), std::string::npos) << out;
    EXPECT_NE(out.find("[Opening \"King's Pawn Game\"]\n"), std::string::npos) << out;
}

TEST_F(Annotate, OperaGameIsNamedAndItsFirstMovesAreBook) {
    const std::string text = test_data("classic_games.pgn");
    const std::string first = text.substr(0, text.find("\n[Event", 1) + 1);  // the Opera game
    PgnGame game = read_pgn(first).front();
    AnnotateOptions options;
    options.limits.depth = 4;
    GameAnnotation a = analyse_game(*analyzer_, game, options);
    ASSERT_TRUE(a.ok()) << a.error;
    // c.tsv: "C41 Philidor Defense 1. e4 e5 2. Nf3 d6 3. d4"; 3...Bg4 4. dxe5 are on the
    // longer "Albin-Blackburne Gambit" line (4...Nd7), 4...Bxf3 is on none.
    ASSERT_TRUE(a.opening);
    EXPECT_EQ(a.opening->opening->eco, "C41");
    EXPECT_EQ(a.opening->opening->name, "Philidor Defense");
    for (int i = 0; i < 7; ++i) EXPECT_EQ(a.moves[i].move_class, MoveClass::Book) << i;
    EXPECT_NE(a.moves[7].move_class, MoveClass::Book);
    EXPECT_EQ(a.white.classes[int(MoveClass::Book)], 4);
    EXPECT_EQ(a.black.classes[int(MoveClass::Book)], 3);
    int white = 0;
    for (int c = 0; c < MoveClassCount; ++c) white += a.white.classes[c];
    EXPECT_EQ(white, a.white.moves);
    add_annotation_edits(game, a, options);
    const std::string out = write_pgn_game(game);
    EXPECT_NE(out.find("[ECO \"C41\"]\n[Opening \"Philidor Defense\"]\n"), std::string::npos)
        << out;
}

}  // namespace
}  // namespace glossfish
