// The readable lines a GUI shows a person (uci/uci_engine.h): said when what they say changes,
// a quick verdict marked as a first look and a contradicting full one saying so, and no word a
// UCI adapter parses as a keyword.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "analysis/quality.h"
#include "explain/ideas.h"
#include "rules/movegen.h"
#include "rules/position.h"
#include "uci/uci_engine.h"

namespace glossfish {
namespace {

using Json = nlohmann::ordered_json;

const char* const Fen = "rnbqkbnr/pppp2pp/8/4p3/4P3/8/PPPP1PPP/RNBQKB1R w KQkq - 0 4";

Json label(const std::string& verdict, const std::string& text, int depth, bool quick) {
    Json j = {{"fen", Fen},
              {"move", {{"san", "fxe5"}, {"uci", "f6e5"}}},
              {"label", verdict},
              {"depth", depth},
              {"text", text}};
    if (quick) j["quick"] = true;
    return j;
}

Json lines(int depth, const std::string& first, const std::string& second, const std::string& text,
           double second_loss = 40) {
    return {{"depth", depth},
            {"fen", Fen},
            {"lines", Json::array({{{"uci", first}, {"wp_loss", 0.0}},
                                   {{"uci", second}, {"wp_loss", second_loss}}})},
            {"text", text}};
}

// The words of a line after "glossfish", each a token an adapter could take for a keyword.
std::set<std::string> words(const std::string& line) {
    std::istringstream in(line);
    std::set<std::string> out;
    for (std::string w; in >> w;) out.insert(w);
    return out;
}

TEST(ReadableLines, AFullLabelIsSaidOnceAfterTheFirstLookAndItsRepeatsNever) {
    ReadableLines said;
    const std::string text = "fxe5 is good (2.4 win% lost). fxe5 recaptures on e5.";
    auto quick = said.line(ProductKind::Quality, label("good", text, 8, true));
    ASSERT_TRUE(quick.has_value());
    EXPECT_EQ(*quick, "glossfish: " + text + " (first look, d8)");
    EXPECT_FALSE(said.line(ProductKind::Quality, label("good", text, 8, true)).has_value());
    // The full label confirms it: said once, without "first look", as the verdict to trust.
    auto full = said.line(ProductKind::Quality, label("good", text, 14, false));
    ASSERT_TRUE(full.has_value());
    EXPECT_EQ(*full, "glossfish: " + text + " (d14)");
    EXPECT_FALSE(said.line(ProductKind::Quality, label("good", text, 14, false)).has_value());
    // The same label with every reason, when no reason was added: nothing new either.
    EXPECT_FALSE(said.line(ProductKind::Quality, label("good", text, 14, false)).has_value());
    // A new search (a GUI clears its output): said again.
    said.new_search();
    auto again = said.line(ProductKind::Quality, label("good", text, 14, false));
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(*again, "glossfish: " + text + " (d14)");
}

TEST(ReadableLines, AFullLabelThatContradictsTheFirstLookSaysSo) {
    ReadableLines said;
    ASSERT_TRUE(
        said.line(ProductKind::Quality, label("good", "fxe5 is good (2.4 win% lost).", 8, true)));
    const std::string full = "fxe5?! is an inaccuracy; Qe7 was best.";
    auto l = said.line(ProductKind::Quality, label("inaccuracy", full, 14, false));
    ASSERT_TRUE(l.has_value());
    EXPECT_EQ(*l, "glossfish: " + full + " (d14, first look said good)");
    // The quick label is remembered across searches (PyChess stops after a second).
    said.new_search();
    l = said.line(ProductKind::Quality, label("inaccuracy", full, 14, false));
    ASSERT_TRUE(l.has_value());
    EXPECT_NE(l->find("first look said good"), std::string::npos) << *l;
}

TEST(ReadableLines, TheLinesSummaryIsSaidWhenItsMovesChangeNotAtEveryDepth) {
    ReadableLines said;
    // Below the first look's depth the lines churn: nothing is said.
    EXPECT_FALSE(
        said.line(ProductKind::Lines, lines(5, "d1h5", "d2d4", "Qh5+ best; d4 40.7 win% lost")));
    auto first =
        said.line(ProductKind::Lines, lines(10, "d1h5", "d2d4", "Qh5+ best; d4 40.7 win% lost"));
    ASSERT_TRUE(first.has_value());
    EXPECT_EQ(*first, "glossfish lines: Qh5+ best; d4 40.7 win% lost (d10)");
    EXPECT_FALSE(
        said.line(ProductKind::Lines, lines(11, "d1h5", "d2d4", "Qh5+ best; d4 43.0 win% lost")));
    // Another move among the lines: news.
    EXPECT_TRUE(
        said.line(ProductKind::Lines, lines(12, "d1h5", "f1c4", "Qh5+ best; Bc4 45.5 win% lost")));
    // Two near-equal moves trading places (Qh5+ now 0.3 behind): no news.
    EXPECT_FALSE(said.line(ProductKind::Lines,
                           lines(13, "f1c4", "d1h5", "Bc4 best; Qh5+ 0.3 win% lost", 0.3)));
    // The move said best now loses 1 win% or more: news.
    auto fell = said.line(ProductKind::Lines,
                          lines(14, "f1c4", "d1h5", "Bc4 best; Qh5+ 1.4 win% lost", 1.4));
    ASSERT_TRUE(fell.has_value());
    EXPECT_EQ(*fell, "glossfish lines: Bc4 best; Qh5+ 1.4 win% lost (d14)");
    EXPECT_FALSE(said.line(ProductKind::Lines,
                           lines(15, "f1c4", "d1h5", "Bc4 best; Qh5+ 2.0 win% lost", 2.0)));
}

TEST(ReadableLines, TheOpeningIsSaidOncePerChangeInOnePhrase) {
    ReadableLines said;
    Json a = {{"eco", "C40"}, {"text", "opening: C40 King's Pawn Game: Damiano Defense"}};
    auto l = said.line(ProductKind::Opening, a);
    ASSERT_TRUE(l.has_value());
    EXPECT_EQ(*l, "glossfish opening: C40 King's Pawn Game: Damiano Defense");
    said.new_search();
    EXPECT_FALSE(said.line(ProductKind::Opening, a).has_value());
    Json b = {{"eco", "C42"}, {"text", "opening: C42 Petrov's Defense"}};
    EXPECT_TRUE(said.line(ProductKind::Opening, b).has_value());
}

// Each product kind has one name, the <kind> of `info string glossfish.<kind>` that scripts
// match (docs/uci.md), and only that spelling parses back.
TEST(ProductKinds, OneNameEachAsOnTheWire) {
    const std::pair<ProductKind, std::string> wire[] = {
        {ProductKind::Quality, "quality"}, {ProductKind::Label, "label"},
        {ProductKind::Lines, "lines"},     {ProductKind::Tree, "tree"},
        {ProductKind::Verify, "verify"},   {ProductKind::Comment, "comment"},
        {ProductKind::Tool, "tool"},       {ProductKind::Opening, "opening"},
        {ProductKind::Live, "live"},       {ProductKind::Error, "error"},
    };
    std::set<std::string> names;
    for (const auto& [kind, name] : wire) {
        EXPECT_EQ(product_kind_name(kind), name);
        EXPECT_EQ(parse_product_kind(name), kind) << name;
        names.insert(product_kind_name(kind));
    }
    EXPECT_EQ(names.size(), std::size(wire));
    EXPECT_EQ(parse_product_kind("Quality"), std::nullopt);
    EXPECT_EQ(parse_product_kind("glossfish.tree"), std::nullopt);
    EXPECT_EQ(parse_product_kind(""), std::nullopt);
    // The readable line names the kind too, and drops a text's own "<kind>: ".
    EXPECT_EQ(readable_line(ProductKind::Tree, Json{{"text", "3 plies"}}),
              "glossfish tree: 3 plies");
    EXPECT_EQ(readable_line(ProductKind::Opening, Json{{"text", "opening: C40 Latvian Gambit"}}),
              "glossfish opening: C40 Latvian Gambit");
}

TEST(ReadableLines, ErrorsAreAlwaysSaid) {
    ReadableLines said;
    Json e = {{"code", "bad_fen"}, {"text", "the FEN has 7 ranks"}};
    EXPECT_TRUE(said.line(ProductKind::Error, e).has_value());
    EXPECT_TRUE(said.line(ProductKind::Error, e).has_value());
}

// The frame glossfish puts around a sentence adds no UCI keyword (polyglot reads `depth` in an
// info string as the start of a depth field and cuts the text there).
TEST(ReadableLines, TheFrameAddsNoUciKeyword) {
    const std::set<std::string> keywords = {
        "depth",   "seldepth",   "score",      "nodes",    "nps",
        "time",    "pv",         "multipv",    "currmove", "hashfull",
        "tbhits",  "string",     "refutation", "currline", "currmovenumber",
        "cpuload", "lowerbound", "upperbound", "cp",       "mate",
        "wdl"};
    ReadableLines said;
    const std::string plain = "fxe5 is good.";
    std::vector<std::string> out;
    out.push_back(*said.line(ProductKind::Quality, label("good", plain, 8, true)));
    out.push_back(
        *said.line(ProductKind::Quality, label("inaccuracy", "fxe5?! is bad.", 14, false)));
    out.push_back(*said.line(ProductKind::Lines, lines(14, "d1h5", "d2d4", "Qh5+ best")));
    out.push_back(*said.line(ProductKind::Opening, Json{{"text", "opening: C40 Damiano Defense"}}));
    for (const std::string& l : out)
        for (const std::string& w : words(l)) EXPECT_EQ(keywords.count(w), 0u) << w << " in " << l;
}

// `Glossfish Info Format` auto: sentences for the GUIs that show them to a person, JSON for
// scripts, both for a program it does not know.
TEST(ReadableLines, AutoInfoFormatFollowsTheProgramThatStartedTheEngine) {
    for (const char* gui :
         {"polyglot", "xboard", "tkscid", "scid", "chessx", "pychess", "cutechess", "ChessX"})
        EXPECT_EQ(auto_info_format(gui), InfoFormat::Text) << gui;
    for (const char* script : {"python3", "python3.11", "python", "node", "nodejs"})
        EXPECT_EQ(auto_info_format(script), InfoFormat::Json) << script;
    for (const char* other : {"bash", "sh", "", "en-croissant", "glossfish_protoc"})
        EXPECT_EQ(auto_info_format(other), InfoFormat::Both) << other;
    // The name is read from the system: this test's own parent is a shell, ctest or a terminal,
    // never empty on Linux.
    EXPECT_FALSE(parent_process_name().empty());
}

// The tokens a UCI adapter parses inside an info line (docs/gui.md): a readable line holds none
// of them as a word, or polyglot cuts the text there.
const std::set<std::string> AdapterKeywords = {
    "depth",   "seldepth", "score",    "nodes",  "nps",    "time",       "pv",
    "multipv", "currmove", "hashfull", "tbhits", "string", "refutation", "currline"};

void expect_no_keyword(const std::string& line) {
    for (const std::string& w : words(line))
        ASSERT_EQ(AdapterKeywords.count(w), 0u) << "\"" << w << "\" in: " << line;
}

// Every sentence form a readable line can carry: the label's sentence for each verdict, with and
// without a reason, the best and the only move; and every idea sentence of every legal move in
// the STS positions (board only, the catalogue's every template that those positions reach).
TEST(ReadableLines, NoSentenceFormHoldsAUciKeyword) {
    ReadableLines said;
    for (QualityLabel q : {QualityLabel::Good, QualityLabel::Inaccuracy, QualityLabel::Mistake,
                           QualityLabel::Blunder}) {
        for (bool best : {false, true}) {
            MoveLabel l;
            l.played_san = "c4", l.best_san = "Nf3", l.depth = 14;
            l.quality.label = q, l.quality.best = best, l.quality.only = best;
            l.quality.wp_loss = 12.5, l.quality.reason = best ? "" : "mate created";
            Json j = label_to_json(l);
            expect_no_keyword(readable_line(ProductKind::Quality, j));
            // The first 60 characters carry the move, the verdict and, for a worse move, the
            // better one: what a GUI's narrow pane shows.
            const std::string head = readable_line(ProductKind::Quality, j).substr(0, 60);
            EXPECT_NE(head.find("c4"), std::string::npos) << head;
            EXPECT_NE(head.find(best ? "only good move" : j["label"].get<std::string>()),
                      std::string::npos)
                << head;
            if (!best && q != QualityLabel::Good) {
                EXPECT_NE(head.find("Nf3 was best"), std::string::npos) << head;
            }
            j["quick"] = true;
            expect_no_keyword(readable_line(ProductKind::Quality, j));
        }
    }
    std::ifstream in(std::string(GLOSSFISH_TEST_DATA) + "/sts_dev.jsonl");
    ASSERT_TRUE(in) << "sts_dev.jsonl";
    int positions = 0, sentences = 0;
    for (std::string row; std::getline(in, row);) {
        if (positions++ % 3) continue;  // a third of them: every template, in a second
        const auto pos = Position::from_fen(nlohmann::json::parse(row)["fen"].get<std::string>());
        ASSERT_TRUE(pos.has_value()) << row;
        for (Move m : MoveList(*pos)) {
            const verifier::IdeasResult r = verifier::move_ideas(*pos, m);
            if (!r.sentence.empty()) {
                expect_no_keyword(readable_line(ProductKind::Quality, Json{{"text", r.sentence}}));
                ++sentences;
            }
            for (const Idea& i : r.ideas)
                expect_no_keyword(readable_line(ProductKind::Quality, Json{{"text", i.text}}));
        }
    }
    EXPECT_GT(sentences, 1000);
}

}  // namespace
}  // namespace glossfish
