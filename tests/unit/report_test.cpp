// Game reports without an engine: the SVG board (squares, pieces, arrows at hand-computed
// coordinates), the win% graph, escaping of hostile PGN text, main-line comments, the
// strategy tree's SVG, and a whole game section built from a hand-made annotation.
#include "report/report.h"

#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "analysis/tree_format.h"
#include "claims/claims.h"
#include "io/markup.h"
#include "render/svg_board.h"
#include "render/svg_graph.h"
#include "rules/notation.h"
#include "tools/tool_suite.h"

namespace glossfish {
namespace {

int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

// The value of attribute `name` in the first element of `svg` that contains `marker`.
std::string attribute(const std::string& svg, const std::string& marker, const std::string& name) {
    const std::size_t at = svg.find(marker);
    if (at == std::string::npos) return "<no " + marker + ">";
    const std::size_t open = svg.rfind('<', at), close = svg.find('>', at);
    const std::string element = svg.substr(open, close - open);
    const std::size_t a = element.find(" " + name + "=\"");
    if (a == std::string::npos) return "<no " + name + ">";
    const std::size_t v = a + name.size() + 3;
    return element.substr(v, element.find('"', v) - v);
}

Move parse(const Position& pos, const std::string& san) {
    MoveParse mp = parse_san(pos, san);
    EXPECT_TRUE(mp.ok()) << san << ": " << mp.message;
    return mp.move;
}

TEST(Markup, EscapesHostileText) {
    EXPECT_EQ(xml_escape("<script>alert('x')</script> & \"q\""),
              "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;");
    EXPECT_EQ(xml_escape("caf\xC3\xA9"), "caf\xC3\xA9");  // valid UTF-8 kept
    EXPECT_EQ(xml_escape("a\xFF"
                         "b"),
              "a\xEF\xBF\xBD"
              "b");                                                 // invalid byte: U+FFFD
    EXPECT_EQ(xml_escape("\xE2\x82"), "\xEF\xBF\xBD\xEF\xBF\xBD");  // truncated sequence
    EXPECT_EQ(xml_escape("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD");  // overlong '/'
    EXPECT_EQ(xml_escape(std::string("a\0b\x01"
                                     "c\td\r\ne",
                                     10)),
              "abc\td\ne");  // controls
    EXPECT_EQ(svg_number(202.5), "202.5");
    EXPECT_EQ(svg_number(207.0), "207");
    EXPECT_EQ(svg_number(-0.25), "-0.3");
    EXPECT_EQ(svg_number(-3.21), "-3.2");
}

TEST(SvgBoard, SixtyFourSquaresAndThePieces) {
    BoardSvgOptions o;
    const std::string svg = board_svg(Position(), o);
    EXPECT_EQ(count(svg, "<rect data-sq="), 64);
    for (char f = 'a'; f <= 'h'; ++f)
        for (char r = '1'; r <= '8'; ++r)
            EXPECT_EQ(count(svg, std::string("<rect data-sq=\"") + f + r + "\""), 1) << f << r;
    EXPECT_EQ(count(svg, "<use "), 32);
    EXPECT_EQ(attribute(svg, "data-piece=\"wK\"", "data-sq"), "e1");
    EXPECT_EQ(attribute(svg, "data-piece=\"bQ\"", "data-sq"), "d8");
    EXPECT_EQ(count(svg, "<symbol id=\"gf-"), 12);  // standalone: carries its pieces
    // a1 is dark, h1 light; a8 in the top-left corner, h1 in the bottom-right.
    EXPECT_EQ(attribute(svg, "data-sq=\"a1\"", "fill"), "#b58863");
    EXPECT_EQ(attribute(svg, "data-sq=\"h1\"", "fill"), "#f0d9b5");
    EXPECT_EQ(attribute(svg, "<rect data-sq=\"a8\"", "x"), "0");
    EXPECT_EQ(attribute(svg, "<rect data-sq=\"a8\"", "y"), "0");
    EXPECT_EQ(attribute(svg, "<rect data-sq=\"h1\"", "x"), "315");
    EXPECT_EQ(attribute(svg, "<rect data-sq=\"h1\"", "y"), "315");
    o.flipped = true;
    o.standalone = false;
    const std::string flipped = board_svg(Position(), o);
    EXPECT_EQ(attribute(flipped, "<rect data-sq=\"a8\"", "x"), "315");
    EXPECT_EQ(attribute(flipped, "<rect data-sq=\"h1\"", "y"), "0");
    EXPECT_EQ(count(flipped, "<symbol"), 0);
}

TEST(SvgBoard, ArrowsRunBetweenTheRightSquares) {
    Position pos;
    BoardSvgOptions o;
    o.arrows.push_back(move_arrow(pos, parse(pos, "e4"), "played", "#df5353"));
    o.arrows.push_back(move_arrow(pos, parse(pos, "Nf3"), "best", "#15781b"));
    const std::string svg = board_svg(pos, o);
    EXPECT_EQ(attribute(svg, "class=\"arrow played\"", "data-from"), "e2");
    EXPECT_EQ(attribute(svg, "class=\"arrow played\"", "data-to"), "e4");
    EXPECT_EQ(attribute(svg, "class=\"arrow best\"", "data-from"), "g1");
    EXPECT_EQ(attribute(svg, "class=\"arrow best\"", "data-to"), "f3");
    // e2's centre is (4*45+22.5, 6*45+22.5) = (202.5, 292.5), e4's (202.5, 202.5). The arrow
    // points up, so its shaft (half width 0.1*45 = 4.5) starts at x = 202.5 +- 4.5 and its tip,
    // the fourth point, is e4's centre.
    const std::string points = attribute(svg, "class=\"arrow played\"", "points");
    EXPECT_EQ(points.rfind("207,292.5 207,", 0), 0u) << points;
    std::vector<std::string> pts;
    std::istringstream in(points);
    for (std::string p; in >> p;) pts.push_back(p);
    ASSERT_EQ(pts.size(), 7u);
    EXPECT_EQ(pts[3], "202.5,202.5");
    EXPECT_EQ(pts[6], "198,292.5");
    // g1 (292.5, 337.5) to f3 (247.5, 247.5): the tip is f3's centre.
    const std::string best = attribute(svg, "class=\"arrow best\"", "points");
    EXPECT_NE(best.find(" 247.5,247.5 "), std::string::npos) << best;
}

TEST(SvgBoard, CastlingArrowEndsOnTheKingsSquare) {
    auto pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    ASSERT_TRUE(pos);
    BoardArrow short_castle = move_arrow(*pos, parse(*pos, "O-O"), "played", "red");
    EXPECT_EQ(short_castle.from, E1);
    EXPECT_EQ(short_castle.to, G1);
    BoardArrow long_castle = move_arrow(*pos, parse(*pos, "O-O-O"), "played", "red");
    EXPECT_EQ(long_castle.to, C1);
    // Flipped, e1 is in the top row, fourth column: centre (3*45+22.5, 22.5).
    SvgPoint e1 = square_centre(E1, 45, true);
    EXPECT_DOUBLE_EQ(e1.x, 157.5);
    EXPECT_DOUBLE_EQ(e1.y, 22.5);
}

TEST(SvgBoard, EscapesItsTitleAndArrowKind) {
    BoardSvgOptions o;
    o.title = "<script>x()</script>";
    o.arrows.push_back(BoardArrow{E2, E4, "a\"><script>", "#000\"/><script>"});
    const std::string svg = board_svg(Position(), o);
    EXPECT_EQ(count(svg, "<script"), 0);
    EXPECT_NE(svg.find("&lt;script&gt;x()&lt;/script&gt;"), std::string::npos);
}

TEST(SvgGraph, CurveAndMarkersAtComputedPoints) {
    GraphMark mark;
    mark.position = 2;
    mark.label = QualityLabel::Blunder;
    mark.title = "2. Qh5?? <b>";
    mark.href = "#g1-m1";
    mark.id = "g1-m1";
    const std::string svg = win_graph_svg({50, 80, 20}, {mark});
    // Plot: x from 34 to 760-8 = 752, y from 8 to 170-20 = 150 (142 high).
    // Position 2 of 3 is at x = 752, win 20% at y = 8 + 142*0.8 = 121.6.
    EXPECT_EQ(attribute(svg, "class=\"mark blunder\"", "cx"), "752");
    EXPECT_EQ(attribute(svg, "class=\"mark blunder\"", "cy"), "121.6");
    EXPECT_EQ(attribute(svg, "class=\"mark blunder\"", "data-move"), "g1-m1");
    EXPECT_EQ(attribute(svg, "class=\"curve\"", "points"), "34,79 393,36.4 752,121.6");
    EXPECT_NE(svg.find("<a href=\"#g1-m1\"><circle"), std::string::npos);
    EXPECT_NE(svg.find("2. Qh5?? &lt;b&gt;"), std::string::npos);
    EXPECT_EQ(count(svg, "<b>"), 0);
    // No data: an empty plot, no curve.
    EXPECT_EQ(count(win_graph_svg({}, {}), "class=\"curve\""), 0);
}

TEST(PgnComments, MainLineCommentsAttachToTheMoveBefore) {
    const std::string text =
        "[Event \"x\"]\n\n{Before} 1. e4 {[%clk 0:05:00] Good   move.} e5 $2 ; rest\n"
        "2. Nf3 (2. Qh5 {in a variation} Nc6) {After\nNf3} 2... Nc6 {[%eval 0.3]} 1-0\n";
    std::vector<PgnGame> games = read_pgn(text);
    ASSERT_EQ(games.size(), 1u);
    ASSERT_TRUE(games[0].ok()) << games[0].error->text();
    std::vector<PgnComment> c = main_line_comments(games[0]);
    ASSERT_EQ(c.size(), 4u);
    EXPECT_EQ(c[0].ply, -1);
    EXPECT_EQ(c[0].text, "Before");
    EXPECT_EQ(c[0].line, 3);
    EXPECT_EQ(c[1].ply, 0);
    EXPECT_EQ(c[1].text, "Good move.");
    EXPECT_EQ(c[2].ply, 1);
    EXPECT_EQ(c[2].text, "rest");
    EXPECT_EQ(c[3].ply, 2);
    EXPECT_EQ(c[3].text, "After Nf3");
    EXPECT_EQ(c[3].line, 4);
}

TEST(TreeSvg, BoxesEdgesAndEscaping) {
    StrategyTree t;
    t.root.fen = "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1";
    t.root.score = Score::mate(1);
    t.root.win = 97.5;
    t.options.limits.depth = 12;
    TreeNode a;
    a.san = "Re8#";
    a.ply = 1;
    a.move_number = 1;
    a.mover = White;
    a.outcome = Outcome{Termination::Checkmate, White};
    a.win = 100;
    TreeNode b;
    b.san = "Kf1";
    b.ply = 2;
    b.move_number = 1;
    b.mover = Black;
    b.score = Score::cp(-30);
    TreeNode c = b;
    c.san = "<x>";
    a.children = {b, c};
    t.root.children.push_back(a);
    t.error = "<script>";
    const std::string svg = tree_to_svg(t);
    EXPECT_EQ(svg.rfind("<svg ", 0), 0u);
    EXPECT_EQ(count(svg, "<g class=\"node"), 4);
    EXPECT_EQ(count(svg, "<path class=\"edge\""), 3);
    EXPECT_EQ(count(svg, "class=\"node solver\""), 1);
    EXPECT_EQ(count(svg, "class=\"node opponent\""), 2);
    EXPECT_NE(svg.find("data-path=\"Re8# Kf1\""), std::string::npos);
    EXPECT_NE(svg.find("1. Re8#"), std::string::npos);
    EXPECT_NE(svg.find("checkmate, White wins"), std::string::npos);
    EXPECT_EQ(count(svg, "<script"), 0);
    EXPECT_EQ(count(svg, "<x>"), 0);
    EXPECT_EQ(format_tree(t, TreeFormat::Svg), svg);
    EXPECT_EQ(parse_tree_format("svg"), TreeFormat::Svg);
    // The mate box is double-bordered: two rects in its group.
    const std::size_t g = svg.find("data-path=\"Re8#\"");
    ASSERT_NE(g, std::string::npos);
    EXPECT_EQ(count(svg.substr(g, svg.find("</g>", g) - g), "<rect"), 2);
}

// A game annotated by hand: 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#, with hostile tags and
// comments.
struct HandGame {
    PgnGame game;
    GameAnnotation annotation;
};

HandGame hand_game() {
    HandGame h;
    const std::string text =
        "[White \"<script>alert(1)</script>\"]\n[Black \"B&B\"]\n[Result \"1-0\"]\n\n"
        "1. e4 e5 2. Qh5 {Qh5 attacks the pawn on f7. Black is in check. "
        "<script>steal()</script>} Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    h.game = read_pgn(text).at(0);
    EXPECT_TRUE(h.game.ok());
    Position pos = h.game.start_position();
    const double wins[] = {50, 55, 50, 52, 50, 60, 5, 100};
    for (std::size_t i = 0; i < h.game.mainline.size(); ++i) {
        MoveAnnotation m;
        m.ply = int(i);
        m.san = move_to_san(pos, h.game.mainline[i].move);
        m.before = Score::cp(int((wins[i] - 50) * 10));
        m.after = Score::cp(int((wins[i + 1] - 50) * 10));
        if (i == 5) {  // 3... Nf6?? instead of 3... g6
            m.quality.label = QualityLabel::Blunder;
            m.quality.wp_before = 48;
            m.quality.wp_after = 0;
            m.quality.wp_loss = 48;
            m.best = parse(pos, "g6");
            m.best_san = "g6";
            m.best_line = {m.best};
            ++h.annotation.black.blunders;
        }
        (i % 2 ? h.annotation.black : h.annotation.white).moves++;
        h.annotation.moves.push_back(m);
        pos.do_move(h.game.mainline[i].move);
    }
    h.annotation.moves.back().mate_delivered = true;
    h.annotation.moves.back().after = Score::mate(1);
    h.annotation.white.accuracy = 91.5;
    h.annotation.black.accuracy = 40.26;
    return h;
}

TEST(Report, GameSectionShowsBoardsGraphAndCheckedComments) {
    HandGame h = hand_game();
    verifier::ToolSuite board_only;
    verifier::ClaimVerifier checker(board_only);
    verifier::ReportGame rg;
    rg.number = 1;
    rg.game = &h.game;
    rg.annotation = &h.annotation;
    rg.comments = verifier::check_comments(&checker, h.game);
    ASSERT_EQ(rg.comments.size(), 1u);
    EXPECT_EQ(rg.comments[0].move, "2. Qh5");
    const auto& s = rg.comments[0].sentences;
    ASSERT_EQ(s.size(), 3u);
    EXPECT_EQ(s[0].status, verifier::SentenceStatus::Verified) << s[0].reason;
    EXPECT_EQ(s[1].status, verifier::SentenceStatus::False);  // Black is not in check after Qh5
    EXPECT_FALSE(s[1].reason.empty());
    EXPECT_EQ(s[2].status, verifier::SentenceStatus::NotRead);

    const std::string page = verifier::report_page_start({"t<1>.pgn", "hand"}) +
                             verifier::report_game_section(rg) + verifier::report_page_end("done");
    // Only our own script; the hostile tag and comment are text.
    EXPECT_EQ(count(page, "<script"), 1);
    EXPECT_NE(page.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
    EXPECT_NE(page.find("&lt;script&gt;steal()&lt;/script&gt;"), std::string::npos);
    EXPECT_NE(page.find("B&amp;B"), std::string::npos);
    EXPECT_NE(page.find("t&lt;1&gt;.pgn"), std::string::npos);
    // No network: nothing is fetched from anywhere.
    EXPECT_EQ(count(page, "http://") + count(page, "https://"),
              count(page, "xmlns=\"http://www.w3.org/2000/svg\"") +
                  count(page, "xmlns:xlink=\"http://www.w3.org/1999/xlink\""));
    EXPECT_EQ(count(page, " src="), 0);
    // One labelled move: its card with a board (64 squares), the played move g8-f6 and the best
    // g7-g6 as arrows; the graph marker and the move list link to the card.
    EXPECT_EQ(count(page, "class=\"moment blunder\" id=\"g1-m5\""), 1);
    EXPECT_EQ(count(page, "<rect data-sq="), 64);
    EXPECT_EQ(attribute(page, "class=\"arrow played\"", "data-from"), "g8");
    EXPECT_EQ(attribute(page, "class=\"arrow played\"", "data-to"), "f6");
    EXPECT_EQ(attribute(page, "class=\"arrow best\"", "data-from"), "g7");
    EXPECT_EQ(attribute(page, "class=\"arrow best\"", "data-to"), "g6");
    EXPECT_EQ(attribute(page, "class=\"mark blunder\"", "data-move"), "g1-m5");
    EXPECT_NE(page.find("href=\"#g1-m5\" data-move=\"g1-m5\">Nf6?\?</a>"), std::string::npos);
    EXPECT_NE(page.find("3... Nf6??"), std::string::npos);
    EXPECT_NE(page.find("Best line: 3... g6"), std::string::npos);
    EXPECT_NE(page.find("91.5%"), std::string::npos);
    EXPECT_NE(page.find("40.3%"), std::string::npos);  // 40.26 shown with one decimal
    // The pieces are defined once for the page, not per board.
    EXPECT_EQ(count(page, "<symbol id=\"gf-wK\""), 1);
    EXPECT_EQ(count(page, "&#10003; verified"), 1);
    EXPECT_EQ(count(page, "&#10007; false"), 1);
    EXPECT_EQ(count(page, "&#8211; not read"), 1);
}

TEST(Report, OpeningAndClassCountsInTheHeader) {
    HandGame h = hand_game();
    // The hand game has no Opening tag: the header shows the one found by position.
    h.annotation.opening = find_opening(h.game.start_position(), {h.game.mainline[0].move});
    ASSERT_TRUE(h.annotation.opening);
    h.annotation.white.classes[int(MoveClass::Book)] = 1;
    h.annotation.white.classes[int(MoveClass::Brilliant)] = 1;
    h.annotation.black.classes[int(MoveClass::Blunder)] = 1;
    verifier::ReportGame rg;
    rg.number = 1;
    rg.game = &h.game;
    rg.annotation = &h.annotation;
    const std::string section = verifier::report_game_section(rg);
    // a.tsv … e.tsv: "B00 King's Pawn Game 1. e4".
    EXPECT_NE(section.find("<span class=\"opening\">B00 King&#39;s Pawn Game</span>"),
              std::string::npos)
        << section;
    EXPECT_NE(section.find("<tr class=\"class\"><td>Brilliant</td><td>1</td><td>0</td></tr>"),
              std::string::npos);
    EXPECT_NE(section.find("<tr class=\"class\"><td>Book</td><td>1</td><td>0</td></tr>"),
              std::string::npos);
    // The error classes are the label rows already.
    EXPECT_EQ(section.find("<td>Blunder</td>"), std::string::npos);
}

TEST(Report, WithoutAVerifierSentencesAreReadButNotChecked) {
    HandGame h = hand_game();
    auto checks = verifier::check_comments(nullptr, h.game);
    ASSERT_EQ(checks.size(), 1u);
    ASSERT_EQ(checks[0].sentences.size(), 3u);
    EXPECT_EQ(checks[0].sentences[0].status, verifier::SentenceStatus::Unverifiable);
    EXPECT_EQ(checks[0].sentences[2].status, verifier::SentenceStatus::NotRead);
}

TEST(Report, GameStartLineSkipsTheBlankLinesBefore) {
    std::vector<PgnGame> games = read_pgn("[A \"1\"]\n\n1. e4 *\n\n\n[B \"2\"]\n\n1. d4 *\n");
    std::vector<const PgnGame*> real;
    for (const PgnGame& g : games)
        if (g.is_game) real.push_back(&g);
    ASSERT_EQ(real.size(), 2u);
    EXPECT_EQ(verifier::game_start_line(*real[0]), 1);
    EXPECT_EQ(verifier::game_start_line(*real[1]), 6);
}

TEST(Report, SkippedGameEscapesTheReason) {
    const std::string s = verifier::report_skipped_section(3, 40, "illegal move <b>Qx</b>");
    EXPECT_NE(s.find("line 40"), std::string::npos);
    EXPECT_NE(s.find("&lt;b&gt;Qx&lt;/b&gt;"), std::string::npos);
}

}  // namespace
}  // namespace glossfish
