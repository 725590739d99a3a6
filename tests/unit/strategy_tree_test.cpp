// Strategy trees from real Stockfish searches at small depth on hand-checked positions (mates
// in 2 and 3, a stalemate trap, Chess960 castling), reproducibility across pool sizes, and the
// four serialisations on a hand-built tree. Expected moves come from the chess reasoning in
// the comments, not from engine output.
#include "analysis/strategy_tree.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <set>
#include <sstream>

#include "analysis/quality.h"
#include "analysis/tree_format.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "shared_analyzer.h"
#include "test_util.h"

namespace glossfish {
namespace {

// A puzzle start: the lichess CSV FEN is one move before the puzzle, so play that move.
Position after(const char* fen, const char* setup_uci, bool chess960 = false) {
    Position pos;
    EXPECT_TRUE(pos.set(fen, chess960).ok()) << fen;
    MoveParse mp = parse_uci(pos, setup_uci);
    EXPECT_TRUE(mp.ok()) << setup_uci;
    pos.do_move(mp.move);
    Position fresh;
    fresh.set(pos.fen(), chess960);
    return fresh;
}

std::vector<std::string> sans(const TreeNode& n) {
    std::vector<std::string> out;
    for (const TreeNode& c : n.children) out.push_back(c.san);
    return out;
}

// Every node's move is legal in its parent, its SAN/UCI/FEN agree with the rules core, plies
// count up, solver nodes have at most one child and opponent nodes at most `breadth`.
void check_consistent(const StrategyTree& tree) {
    std::function<void(const TreeNode&, const Position&)> walk = [&](const TreeNode& n,
                                                                     const Position& pos) {
        EXPECT_EQ(n.fen, pos.fen());
        const bool solver_to_move = pos.side_to_move() == tree.solver;
        EXPECT_LE(int(n.children.size()), solver_to_move ? 1 : tree.options.breadth) << n.fen;
        if (n.outcome) {
            EXPECT_TRUE(n.children.empty());
        }
        for (const TreeNode& c : n.children) {
            MoveParse mp = parse_uci(pos, c.uci);
            ASSERT_TRUE(mp.ok()) << c.uci << " in " << pos.fen();
            EXPECT_EQ(mp.move, c.move);
            EXPECT_EQ(move_to_san(pos, c.move), c.san);
            EXPECT_EQ(c.ply, n.ply + 1);
            EXPECT_EQ(c.mover, pos.side_to_move());
            EXPECT_LE(c.ply, tree.options.plies);
            EXPECT_TRUE(c.score.has_value()) << c.san;
            Position next = pos;
            next.do_move(c.move);
            walk(c, next);
        }
    };
    Position root;
    ASSERT_TRUE(root.set(tree.root.fen, tree.chess960).ok());
    walk(tree.root, root);
}

// The leaves of a tree (nodes without children).
void leaves(const TreeNode& n, std::vector<const TreeNode*>& out) {
    if (n.children.empty()) out.push_back(&n);
    for (const TreeNode& c : n.children) leaves(c, out);
}

bool is_mate_by(const TreeNode& n, Color winner) {
    return n.outcome && n.outcome->termination == Termination::Checkmate &&
           n.outcome->winner == winner;
}

class StrategyTrees : public SharedAnalyzer<2> {
protected:
    static StrategyTree build(const Position& pos, int plies, int breadth, int depth = 10,
                              TreeOptions::Mode mode = TreeOptions::Fast) {
        TreeOptions o;
        o.plies = plies;
        o.breadth = breadth;
        o.limits.depth = depth;
        o.mode = mode;
        StrategyTree t = build_tree(*analyzer_, pos, o);
        EXPECT_TRUE(t.ok()) << t.error;
        check_consistent(t);
        return t;
    }
};

TEST_F(StrategyTrees, BackRankMateInTwoWithASingleReply) {
    // 1.Re8+ (the e2 rook; the e1 rook backs it up) Rxe8 is forced: the king's f8/h8 are on
    // the checking rank and f7-h7 are its own pawns; 2.Rxe8# recaptures into mate.
    StrategyTree t = build(at("2r3k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1"), 3, 3);
    EXPECT_EQ(sans(t.root), std::vector<std::string>{"Re8+"});
    const TreeNode& check = t.root.children.at(0);
    // Breadth 3, one legal reply: the tree keeps just that one.
    EXPECT_EQ(sans(check), std::vector<std::string>{"Rxe8"});
    const TreeNode& reply = check.children.at(0);
    EXPECT_EQ(sans(reply), std::vector<std::string>{"Rxe8#"});
    const TreeNode& mate = reply.children.at(0);
    EXPECT_TRUE(is_mate_by(mate, White));
    EXPECT_EQ(mate.uci, "e1e8");
    EXPECT_EQ(mate.move_number, 2);
    EXPECT_DOUBLE_EQ(mate.win, 100);
    // Scores from the solver's view: mate in 2 at the root, 1 after each of the first moves.
    EXPECT_EQ(t.root.score, Score::mate(2));
    EXPECT_EQ(check.score, Score::mate(1));
    EXPECT_EQ(reply.score, Score::mate(1));
    EXPECT_EQ(t.stats.nodes, 4);
    EXPECT_EQ(tree_to_compact(t).dump(), R"({"Re8+":{"Rxe8":{"Rxe8#":{}}}})");
}

TEST_F(StrategyTrees, MateInTwoKeepsEveryReplyWhenBreadthExceedsThem) {
    // Lichess ZMTE6: after 1...g3+ the white king on h2 has exactly Kg1, Kh1 and Kh3 (g3 is
    // guarded by the black king, g2 is its own pawn, f2/h2 are covered by the g3 pawn). Each
    // is mated: Kg1/Kh1 by ...Ra1# (the c-rook cannot block: c3 is its own pawn), Kh3 by
    // ...Rh8# (the c5 rook cannot reach the h-file past d5; g4 is covered by the king).
    Position start = after("r7/5P2/4P3/1pRp4/3P1kp1/2P5/6PK/8 w - - 2 45", "e6e7");
    StrategyTree t = build(start, 3, 5);
    EXPECT_EQ(t.solver, Black);
    ASSERT_EQ(sans(t.root), std::vector<std::string>{"g3+"});
    const TreeNode& check = t.root.children.at(0);
    std::vector<std::string> replies = sans(check);
    EXPECT_EQ(std::set<std::string>(replies.begin(), replies.end()),
              (std::set<std::string>{"Kg1", "Kh1", "Kh3"}));
    for (const TreeNode& r : check.children) {
        ASSERT_EQ(r.children.size(), 1u) << r.san;
        const TreeNode& mate = r.children.front();
        EXPECT_EQ(mate.san, r.san == "Kh3" ? "Rh8#" : "Ra1#") << "after " << r.san;
        EXPECT_TRUE(is_mate_by(mate, Black));
        EXPECT_DOUBLE_EQ(mate.win, 100);
        EXPECT_EQ(mate.move_number, 46);
        EXPECT_EQ(mate.mover, Black);
    }
    // Breadth 2 keeps two of the three replies.
    StrategyTree narrow = build(start, 3, 2);
    EXPECT_EQ(narrow.root.children.at(0).children.size(), 2u);
}

TEST_F(StrategyTrees, MateInTwoAfterAForcedBlock) {
    // Lichess mJDcO: 1...Qxa1+ leaves only Rf1 (the c7 queen is cut off by the c2 pawn, the
    // king's g1 is on the line, g2/h2 are its own pawns); then Qxf1# or Rxf1# (each backed
    // up along the f-file or the first rank) mates.
    Position start = after("5rk1/p1Q3pp/8/3p4/3q1r2/8/P1P3PP/R4R1K w - - 0 21", "f1f4");
    StrategyTree t = build(start, 3, 3);
    ASSERT_EQ(sans(t.root), std::vector<std::string>{"Qxa1+"});
    const TreeNode& check = t.root.children.at(0);
    ASSERT_EQ(sans(check), std::vector<std::string>{"Rf1"});
    const TreeNode& block = check.children.at(0);
    ASSERT_EQ(block.children.size(), 1u);
    EXPECT_TRUE(block.children[0].san == "Qxf1#" || block.children[0].san == "Rxf1#")
        << block.children[0].san;
    EXPECT_TRUE(is_mate_by(block.children[0], Black));
}

TEST_F(StrategyTrees, MateInThreeWithForcedKingMoves) {
    // Lichess JMhZv: 1.Qh8+ Kg5 (the b7 queen cannot block on h7 past f7; h5/h7 are on the
    // file, g7 on the diagonal) 2.f4+ Kf5 (f6 and h-file covered, g4/h4 by the king and the
    // g3 pawn, f4 guarded by g3) and a mate next, e.g. 3.Qe5#.
    Position start = after("8/1q3p1k/6pP/8/3Q4/6PK/5P2/8 b - - 2 40", "h7h6");
    StrategyTree t = build(start, 5, 3);
    EXPECT_EQ(t.root.score, Score::mate(3));
    ASSERT_EQ(sans(t.root), std::vector<std::string>{"Qh8+"});
    ASSERT_EQ(sans(t.root.children[0]), std::vector<std::string>{"Kg5"});
    std::vector<const TreeNode*> ends;
    leaves(t.root, ends);
    for (const TreeNode* n : ends) {
        EXPECT_TRUE(is_mate_by(*n, White)) << n->fen;
        EXPECT_LE(n->ply, 5);
    }
}

TEST_F(StrategyTrees, StalemateEndsTheBranch) {
    // Black's king on c8 has Kc7, Kd7 and Kd8 (b7/b8 touch the white king). After Kd7/Kd8
    // White plays Kb7 and a8=Q; Kc7 takes b7 and b8 from the a8 king, whose a7 pawn is
    // blocked by the king itself: stalemate, the only move that does not lose.
    StrategyTree t = build(at("K1k5/P7/8/8/8/8/8/8 b - - 0 1"), 3, 3);
    ASSERT_EQ(sans(t.root), std::vector<std::string>{"Kc7"});
    const TreeNode& n = t.root.children[0];
    ASSERT_TRUE(n.outcome.has_value());
    EXPECT_EQ(n.outcome->termination, Termination::Stalemate);
    EXPECT_FALSE(n.outcome->winner.has_value());
    EXPECT_TRUE(n.children.empty());
    EXPECT_EQ(n.score, Score::cp(0));
    EXPECT_DOUBLE_EQ(n.win, 50);
    auto j = tree_to_json(t);
    EXPECT_EQ(j["root"]["children"][0]["terminal"], "stalemate");
    EXPECT_EQ(j["root"]["children"][0]["result"], "1/2-1/2");
}

TEST_F(StrategyTrees, GameOverAtTheRootNeedsNoSearch) {
    // Fool's mate: White is mated.
    StrategyTree t =
        build(at("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"), 3, 3);
    EXPECT_TRUE(is_mate_by(t.root, Black));
    EXPECT_TRUE(t.root.children.empty());
    EXPECT_DOUBLE_EQ(t.root.win, 0);
    EXPECT_EQ(t.stats.searches, 0);
    EXPECT_EQ(tree_to_compact(t).dump(), "{}");
}

TEST_F(StrategyTrees, Chess960CastlingMate) {
    // King g1, rook h1 with castling right H: O-O leaves the king on g1 and brings the rook to
    // f1, checking the f8 king whose e8/g8/e7/g7 are its own pieces; nothing reaches f2-f7 or
    // f1. No other move gets the rook to f1 (g1 is in the way).
    StrategyTree t = build(at("4rkr1/4p1p1/8/8/8/8/8/6KR w H - 0 1", true), 3, 3);
    EXPECT_TRUE(t.chess960);
    ASSERT_EQ(sans(t.root), std::vector<std::string>{"O-O#"});
    EXPECT_EQ(t.root.children[0].uci, "g1h1");  // king takes rook in Chess960 UCI
    EXPECT_TRUE(is_mate_by(t.root.children[0], White));
    EXPECT_EQ(t.root.score, Score::mate(1));
}

TEST_F(StrategyTrees, Chess960OpeningTreeIsConsistent) {
    // A Chess960 middle-game from the perft suite: every move must survive the rules core.
    StrategyTree t = build(
        at("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true), 3, 2, 8);
    EXPECT_EQ(t.root.children.size(), 1u);
    EXPECT_EQ(t.root.children[0].children.size(), 2u);
    EXPECT_EQ(t.stats.nodes, 1 + 1 + 2 + 2);
}

TEST_F(StrategyTrees, ReproducibleTreesIgnoreThePoolSize) {
    const std::vector<Position> roots = {
        Position(), at("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        at("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true)};
    TreeOptions o;
    o.plies = 3;
    o.breadth = 2;
    o.limits.nodes = 20000;
    o.reproducible = true;
    auto render = [&](int workers, TreeOptions::Mode mode) {
        Analyzer::Config config;
        config.workers = workers;
        config.threads_per_worker = 1;
        Analyzer analyzer(config);
        TreeOptions opts = o;
        opts.mode = mode;
        std::string out;
        for (const StrategyTree& t : build_trees(analyzer, roots, opts)) {
            EXPECT_TRUE(t.ok()) << t.error;
            out += format_tree(t, TreeFormat::Json);
        }
        return out;
    };
    const std::string one = render(1, TreeOptions::Fast);
    EXPECT_EQ(one, render(2, TreeOptions::Fast));
    EXPECT_EQ(one, render(2, TreeOptions::Plain));
}

TEST_F(StrategyTrees, PlainAndFastAgreeOnAForcedLine) {
    Position start = after("8/1q3p1k/6pP/8/3Q4/6PK/5P2/8 b - - 2 40", "h7h6");
    StrategyTree plain = build(start, 5, 3, 10, TreeOptions::Plain);
    StrategyTree fast = build(start, 5, 3, 10, TreeOptions::Fast);
    TreeAgreement a = compare_trees(plain, fast);
    EXPECT_TRUE(a.same_best_move);
    EXPECT_GE(a.fraction(), 0.9);
}

TEST(StrategyTreeOptions, BadOptionsAreErrorsWithoutSearching) {
    Analyzer analyzer(Analyzer::Config{});
    TreeOptions o;
    o.plies = 0;
    StrategyTree t = build_tree(analyzer, Position(), o);
    EXPECT_EQ(t.error, "plies must be 1..30, got 0");
    EXPECT_EQ(t.stats.searches, 0);
    o.plies = 3;
    o.breadth = 0;
    EXPECT_EQ(build_tree(analyzer, Position(), o).error, "breadth must be 1..64, got 0");
    EXPECT_EQ(tree_to_info_json(build_tree(analyzer, Position(), o))["error"],
              "breadth must be 1..64, got 0");
}

TEST(StrategyTreeScores, LineScoresBecomeTheSolversViewAfterTheMove) {
    // The solver's "mate 2" line: one solver move spent, mate in 1 left.
    EXPECT_EQ(score_after_move(Score::mate(2), true), Score::mate(1));
    // The solver walks into mate in 2: the opponent still needs both moves.
    EXPECT_EQ(score_after_move(Score::mate(-2), true), Score::mate(-2));
    // The opponent's reply that gets it mated in 2: the solver mates in 2 from there.
    EXPECT_EQ(score_after_move(Score::mate(-2), false), Score::mate(2));
    // The opponent's mate in 1 is its mating move: the solver is mated (mate 0).
    EXPECT_EQ(score_after_move(Score::mate(1), false), Score::mate(0));
    EXPECT_EQ(score_after_move(Score::cp(35), true), Score::cp(35));
    EXPECT_EQ(score_after_move(Score::cp(35), false), Score::cp(-35));
    Score lower{Score::Cp, 50, Bound::Lower};
    EXPECT_EQ(score_after_move(lower, false), (Score{Score::Cp, -50, Bound::Upper}));
}

// A hand-built tree: the back-rank mate plus an invented second reply "Bc6" listed after
// "Rxe8", to check that MultiPV order (not alphabetical order) is kept.
StrategyTree hand_tree() {
    StrategyTree t;
    t.solver = White;
    t.options.plies = 3;
    t.options.breadth = 3;
    t.options.limits.depth = 12;
    t.root.fen = "2r3k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1";
    t.root.score = Score::mate(2);
    t.root.win = win_percent(*t.root.score);
    TreeNode a;
    a.move = Move(E2, E8);
    a.san = "Re8+";
    a.uci = "e2e8";
    a.ply = 1;
    a.move_number = 1;
    a.mover = White;
    a.fen = "2r1R1k1/5ppp/8/8/8/8/5PPP/4R1K1 b - - 1 1";
    a.score = Score::mate(1);
    a.win = 97.5;
    TreeNode b;
    b.move = Move(C8, E8);
    b.san = "Rxe8";
    b.uci = "c8e8";
    b.ply = 2;
    b.move_number = 1;
    b.mover = Black;
    b.fen = "4r1k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 2";
    b.score = Score::mate(1);
    b.win = 97.5;
    TreeNode c;
    c.move = Move(E1, E8);
    c.san = "Rxe8#";
    c.uci = "e1e8";
    c.ply = 3;
    c.move_number = 2;
    c.mover = White;
    c.fen = "4R1k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 2";
    c.score = Score::mate(0);
    c.outcome = Outcome{Termination::Checkmate, White};
    c.win = 100;
    TreeNode d = b;  // an invented second reply (not legal there), after the first in MultiPV order
    d.san = "Bc6";
    d.uci = "b7c6";
    d.children.clear();
    d.score = Score::cp(512);
    d.win = 86.8;
    b.children.push_back(c);
    a.children.push_back(b);
    a.children.push_back(d);
    t.root.children.push_back(a);
    t.stats.nodes = 5;
    return t;
}

TEST(StrategyTreeFormats, CompactKeepsMultiPvOrder) {
    EXPECT_EQ(tree_to_compact(hand_tree()).dump(), R"({"Re8+":{"Rxe8":{"Rxe8#":{}},"Bc6":{}}})");
    EXPECT_EQ(format_tree(hand_tree(), TreeFormat::Compact),
              "{\"Re8+\":{\"Rxe8\":{\"Rxe8#\":{}},\"Bc6\":{}}}\n");
}

TEST(StrategyTreeFormats, TextOutlineHasMoveNumbers) {
    EXPECT_EQ(tree_to_text(hand_tree()),
              "White to move (solver): 2r3k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1\n"
              "3 plies, breadth 3, depth 12; root #2  97.5%\n"
              "1. Re8+  #1  97.5%\n"
              "  1... Rxe8  #1  97.5%\n"
              "    2. Rxe8#  checkmate, White wins\n"
              "  1... Bc6  +5.12  86.8%\n");
}

TEST(StrategyTreeFormats, JsonHasEveryNodeField) {
    auto j = tree_to_json(hand_tree());
    EXPECT_EQ(j["solver"], "white");
    EXPECT_EQ(j["limits"]["depth"], 12);
    EXPECT_FALSE(j["root"].contains("san"));
    EXPECT_EQ(j["root"]["score"]["mate"], 2);
    const auto& re8 = j["root"]["children"][0];
    EXPECT_EQ(re8["san"], "Re8+");
    EXPECT_EQ(re8["uci"], "e2e8");
    EXPECT_EQ(re8["ply"], 1);
    EXPECT_EQ(re8["win"], 97.5);
    EXPECT_EQ(re8["children"][1]["score"]["cp"], 512);
    const auto& mate = re8["children"][0]["children"][0];
    EXPECT_EQ(mate["terminal"], "checkmate");
    EXPECT_EQ(mate["result"], "1-0");
    EXPECT_EQ(mate["win"], 100.0);
    EXPECT_TRUE(mate["children"].empty());
    EXPECT_FALSE(re8.contains("terminal"));
}

TEST(StrategyTreeFormats, DotIsAGraphvizDigraph) {
    std::string dot = tree_to_dot(hand_tree());
    EXPECT_EQ(dot.rfind("digraph strategy_tree {\n", 0), 0u);
    EXPECT_EQ(dot.back(), '\n');
    EXPECT_NE(dot.find("n0 -> n1 [penwidth=2"), std::string::npos);  // solver move
    EXPECT_NE(dot.find("n1 -> n2;"), std::string::npos);             // opponent move
    EXPECT_NE(dot.find("n2 -> n3 [penwidth=2"), std::string::npos);
    EXPECT_NE(dot.find("n1 -> n4;"), std::string::npos);
    EXPECT_NE(dot.find("label=\"2. Rxe8#\\ncheckmate, White wins\""), std::string::npos);
    EXPECT_NE(dot.find("peripheries=2"), std::string::npos);
    EXPECT_EQ(std::count(dot.begin(), dot.end(), '{'), std::count(dot.begin(), dot.end(), '}'));
    EXPECT_EQ(std::count(dot.begin(), dot.end(), '"') % 2, 0);
}

TEST(StrategyTreeFormats, InfoJsonIsOneSafeLine) {
    auto j = tree_to_info_json(hand_tree());
    std::string line = j.dump();
    EXPECT_EQ(line.find('\n'), std::string::npos);
    EXPECT_EQ(j["best"]["san"], "Re8+");
    EXPECT_EQ(j["size"], 4);
    EXPECT_EQ(j["tree"].dump(), R"({"Re8+":{"Rxe8":{"Rxe8#":{}},"Bc6":{}}})");
    const std::string text = j["text"];
    EXPECT_EQ(text,
              "White to move: best Re8+ (#2, win 97.5%), main line 1. Re8+ Rxe8 2. Rxe8#, "
              "tree of 4 moves over 3 plies");
    // No bare UCI info keyword followed by a number anywhere in the line (node-uci, Cute Chess).
    const std::set<std::string> keywords = {
        "depth", "seldepth", "time", "nodes",    "pv",     "multipv",        "score",
        "cp",    "mate",     "nps",  "hashfull", "tbhits", "currmovenumber", "string"};
    std::istringstream words(line);
    std::string prev, word;
    while (words >> word) {
        if (keywords.count(prev)) {
            EXPECT_FALSE(std::isdigit(static_cast<unsigned char>(word[0])) || word[0] == '-')
                << prev << " " << word;
        }
        prev = word;
    }
}

TEST(StrategyTreeFormats, FormatNamesRoundTrip) {
    for (TreeFormat f : {TreeFormat::Compact, TreeFormat::Json, TreeFormat::Text, TreeFormat::Dot})
        EXPECT_EQ(parse_tree_format(tree_format_name(f)), f);
    EXPECT_FALSE(parse_tree_format("yaml").has_value());
    EXPECT_EQ(score_text(Score::cp(-40)), "-0.40");
    EXPECT_EQ(score_text(Score::mate(-3)), "#-3");
}

}  // namespace
}  // namespace glossfish
