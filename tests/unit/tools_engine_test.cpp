// Engine tools against real Stockfish at low depth (needs `stockfish`, which .ci/install
// provides): eval, top_moves, move_quality, compare_moves, threat, is_forced, mate_in.
#include <memory>

#include "tools_test_util.h"

namespace glossfish::verifier::testing {
namespace {

// Mate in 2: 1.Ra7 Kg8 2.Rb8# (no mate in 1: Ra8+/Rb8+ let the king out to g7).
const char* const MateInTwo = "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1";
// After 1.e4 e5 2.Bc4 Nc6 3.Qh5: White threatens Qxf7#; Black to move.
const char* const Scholar = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3";
// Black is in check from Ra8; Kg7 is the only legal move (the h7 pawn cannot help).
const char* const OneMove = "R6k/7p/8/8/8/8/8/6K1 b - - 0 1";
// Qd8+ hangs the queen: Kxd8 is the only move that does not lose (Kf7 leaves a queen up).
const char* const Recapture = "3Qk2r/8/8/8/8/8/8/4K3 b - - 0 1";

class ToolsEngine : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        analyzer_ = std::make_unique<Analyzer>(Analyzer::Config{});
        AnalysisLimits limits;
        limits.depth = 10;
        suite_ = std::make_unique<ToolSuite>(analyzer_.get(), limits);
    }
    static void TearDownTestSuite() {
        suite_.reset();
        analyzer_.reset();
    }
    static json run(const char* tool, const json& args) {
        json r = suite_->call(tool, args);
        EXPECT_FALSE(r.contains("error")) << tool << " " << args.dump() << " -> " << r.dump();
        return r;
    }
    static std::unique_ptr<Analyzer> analyzer_;
    static std::unique_ptr<ToolSuite> suite_;
};
std::unique_ptr<Analyzer> ToolsEngine::analyzer_;
std::unique_ptr<ToolSuite> ToolsEngine::suite_;

TEST_F(ToolsEngine, EvalOfTheStartPosition) {
    json e = run("eval", {{"fen", Start}, {"depth", 8}});
    ASSERT_TRUE(e["score"].contains("cp")) << e.dump();
    EXPECT_LT(std::abs(e["score"]["cp"].get<int>()), 100);
    EXPECT_EQ(e["game_over"], false);
    EXPECT_FALSE(e["best_move"]["san"].get<std::string>().empty());
    EXPECT_FALSE(e["pv"].empty());
    EXPECT_EQ(e["pv"][0], e["best_move"]);
    EXPECT_EQ(e["depth"], 8);
    EXPECT_GT(e["win_percent"].get<double>(), 40);
    EXPECT_LT(e["win_percent"].get<double>(), 60);
}

TEST_F(ToolsEngine, EvalOfAMateAndOfAFinishedGame) {
    json e = run("eval", {{"fen", MateInTwo}});
    EXPECT_EQ(e["score"]["mate"], 2);
    EXPECT_EQ(e["score_white"]["mate"], 2);
    EXPECT_EQ(e["verdict"], "White mates in 2");
    // Black to move, mated in 2: negative from Black, positive from White.
    json b = run("eval", {{"fen", "7k/R7/8/8/8/8/8/1R4K1 b - - 1 1"}});
    EXPECT_EQ(b["score"]["mate"], -1);
    EXPECT_EQ(b["score_white"]["mate"], 1);
    json over =
        run("eval", {{"fen", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"}});
    EXPECT_EQ(over["game_over"], true);
    EXPECT_EQ(over["result"], "checkmate");
    EXPECT_TRUE(over["best_move"].is_null());
}

TEST_F(ToolsEngine, TopMovesAreOrdered) {
    json t = run("top_moves", {{"fen", Start}, {"n", 3}, {"depth", 8}});
    ASSERT_EQ(t["count"], 3);
    std::set<std::string> seen;
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(t["moves"][i]["rank"], i + 1);
        seen.insert(t["moves"][i]["move"]["uci"].get<std::string>());
        if (i) {
            EXPECT_GE(t["moves"][i - 1]["win_percent"].get<double>(),
                      t["moves"][i]["win_percent"].get<double>());
        }
    }
    EXPECT_EQ(seen.size(), 3u);
    // Fewer legal moves than asked for.
    json one = run("top_moves", {{"fen", OneMove}, {"n", 3}});
    EXPECT_EQ(one["count"], 1);
    EXPECT_EQ(one["moves"][0]["move"]["san"], "Kg7");
}

TEST_F(ToolsEngine, MoveQualityInBothSchemes) {
    // 3...Nf6?? allows Qxf7#.
    json q = run("move_quality", {{"fen", Scholar}, {"move", "Nf6"}});
    EXPECT_EQ(q["labels"]["lichess"], "blunder");
    EXPECT_EQ(q["labels"]["act-eval"], "blunder");
    EXPECT_EQ(q["reason"], "mate created");
    EXPECT_EQ(q["move"]["uci"], "g8f6");
    EXPECT_TRUE(q["played_score"].contains("mate"));
    EXPECT_GT(q["wp_loss"].get<double>(), 30);
    json good = run("move_quality", {{"fen", Start}, {"move", "e2e4"}});
    EXPECT_EQ(good["labels"]["lichess"], "good");
    EXPECT_EQ(good["labels"]["act-eval"], "good");
}

TEST_F(ToolsEngine, CompareMoves) {
    json c = run("compare_moves", {{"fen", Scholar}, {"moves", {"Nf6", "g6"}}});
    ASSERT_EQ(c["moves"].size(), 2u);
    EXPECT_EQ(c["best_of_given"]["san"], "g6");
    EXPECT_EQ(c["moves"][0]["move"]["san"], "Nf6");
    EXPECT_EQ(c["moves"][0]["rank"], 2);
    EXPECT_EQ(c["moves"][1]["rank"], 1);
    EXPECT_EQ(c["moves"][0]["labels"]["lichess"], "blunder");
    EXPECT_GT(c["win_percent_spread"].get<double>(), 30);
}

TEST_F(ToolsEngine, ThreatFindsTheMateThreat) {
    json t = run("threat", {{"fen", Scholar}});
    EXPECT_EQ(t["threatening_side"], "white");
    EXPECT_EQ(t["null_move_legal"], true);
    EXPECT_EQ(t["threat"]["san"], "Qxf7#");
    EXPECT_EQ(t["threat"]["uci"], "h5f7");
    EXPECT_EQ(t["threat"]["checkmate"], true);
    EXPECT_EQ(t["significant"], true);
    EXPECT_EQ(t["score_if_ignored"]["mate"], 1);
}

TEST_F(ToolsEngine, NamedThreatDoesNotWorkAgainstEveryDefence) {
    json t = run("threat", {{"fen", Scholar}, {"move", "Qxf7"}, {"depth", 6}});
    EXPECT_EQ(t["works_against_every_defence"], false);
    std::set<std::string> stoppers = sans_of(t["stopping_defences"]);
    EXPECT_TRUE(stoppers.count("g6")) << t["stopping_defences"].dump();
    EXPECT_TRUE(stoppers.count("Qe7"));
    // Nf6 does not stop it: Qxf7 is still mate.
    for (const auto& d : t["defences"])
        if (d["defence"]["san"] == "Nf6") {
            EXPECT_EQ(d["works"], true);
        }
    // Every legal Black move is tried: pawns a6 a5 b6 b5 d6 d5 g6 g5 h6 (f7 is pinned by Qh5,
    // h5 is occupied) 9, Nc6 a5 b4 d4 b8 e7 5, Ng8 f6 h6 e7 3, Bf8 e7 d6 c5 b4 a3 5,
    // Qd8 e7 f6 g5 h4 4, Rb8 1, Ke7 1: 28.
    EXPECT_EQ(t["defences"].size(), 28u);
}

TEST_F(ToolsEngine, ThreatNeedsALegalNullMove) {
    json t = run("threat", {{"fen", OneMove}});
    EXPECT_EQ(t["null_move_legal"], false);
    EXPECT_EQ(squares_of(t["checkers"]), (std::set<std::string>{"a8"}));
    // A named threat that the other side could not play is an illegal move.
    json r = suite_->call("threat", {{"fen", Scholar}, {"move", "Qxe8"}});
    EXPECT_EQ(r["error"]["code"], "illegal_move");
}

TEST_F(ToolsEngine, IsForcedOnlyLegalMove) {
    json f = run("is_forced", {{"fen", OneMove}, {"move", "Kg7"}});
    EXPECT_EQ(f["forced"], true);
    EXPECT_EQ(f["reason"], "only_legal_move");
    EXPECT_EQ(f["move"]["san"], "Kg7");
    EXPECT_EQ(f["move_is_forced"], true);
    EXPECT_EQ(f["legal_moves"], 1);
}

TEST_F(ToolsEngine, IsForcedOnlyGoodMoveAndNotForced) {
    json f = run("is_forced", {{"fen", Recapture}});
    EXPECT_EQ(f["legal_moves"], 2);
    EXPECT_EQ(f["forced"], true);
    EXPECT_EQ(f["reason"], "only_good_move");
    EXPECT_EQ(f["move"]["san"], "Kxd8");
    json start = run("is_forced", {{"fen", Start}, {"move", "e4"}});
    EXPECT_EQ(start["forced"], false);
    EXPECT_EQ(start["reason"], "not_forced");
    EXPECT_EQ(start["move_is_forced"], false);
}

TEST_F(ToolsEngine, MateIn) {
    json m = run("mate_in", {{"fen", MateInTwo}});
    EXPECT_EQ(m["mate"], true);
    EXPECT_EQ(m["mate_for"], "white");
    EXPECT_EQ(m["mate_in"], 2);
    EXPECT_EQ(m["pv"].size(), 3u);  // Ra7/Rb7, Kg8, mate
    EXPECT_EQ(run("mate_in", {{"fen", MateInTwo}, {"max_moves", 1}})["within"], false);
    EXPECT_EQ(run("mate_in", {{"fen", MateInTwo}, {"max_moves", 2}})["within"], true);
    json none = run("mate_in", {{"fen", Start}, {"depth", 6}});
    EXPECT_EQ(none["mate"], false);
    EXPECT_TRUE(none["mate_in"].is_null());
    json done =
        run("mate_in", {{"fen", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"}});
    EXPECT_EQ(done["checkmate"], true);
    EXPECT_EQ(done["mate_for"], "black");
}

// strategy_tree: 1.Ra7 is the only mate in 2; Black's only legal reply is Kg8, then 2.Rb8#.
TEST_F(ToolsEngine, StrategyTreeOfAMateInTwo) {
    json t = run("strategy_tree", {{"fen", MateInTwo}, {"plies", 3}, {"breadth", 3}});
    EXPECT_EQ(t["best"]["san"], "Ra7");
    EXPECT_EQ(t["score"]["mate"], 2);
    EXPECT_EQ(t["solver"], "white");
    EXPECT_EQ(t["format"], "json");
    const json& root = t["output"]["root"];
    ASSERT_EQ(root["children"].size(), 1u);
    const json& ra7 = root["children"][0];
    EXPECT_EQ(ra7["san"], "Ra7");
    ASSERT_EQ(ra7["children"].size(), 1u);  // breadth 3, one legal reply
    EXPECT_EQ(ra7["children"][0]["san"], "Kg8");
    ASSERT_EQ(ra7["children"][0]["children"].size(), 1u);
    EXPECT_EQ(ra7["children"][0]["children"][0]["san"], "Rb8#");
    EXPECT_EQ(t["size"], 3);

    json c = run("strategy_tree", {{"fen", MateInTwo}, {"plies", 3}, {"format", "compact"}});
    EXPECT_EQ(c["output"], "{\"Ra7\":{\"Kg8\":{\"Rb8#\":{}}}}");
    json text = run("strategy_tree", {{"fen", MateInTwo}, {"plies", 3}, {"format", "text"}});
    EXPECT_NE(text["output"].get<std::string>().find("2. Rb8#"), std::string::npos) << text;
    json dot = run("strategy_tree", {{"fen", MateInTwo}, {"plies", 1}, {"format", "dot"}});
    EXPECT_EQ(dot["output"].get<std::string>().rfind("digraph", 0), 0u) << dot;
    json svg = run("strategy_tree", {{"fen", MateInTwo}, {"plies", 3}, {"format", "svg"}});
    EXPECT_EQ(svg["output"].get<std::string>().rfind("<svg ", 0), 0u) << svg;
    EXPECT_NE(svg["output"].get<std::string>().find("data-path=\"Ra7 Kg8 Rb8#\""),
              std::string::npos)
        << svg;
}

TEST_F(ToolsEngine, StrategyTreeRejectsBadArguments) {
    auto code = [](const json& args) {
        json r = suite_->call("strategy_tree", args);
        return r.contains("error") ? r["error"]["code"].get<std::string>() : "";
    };
    EXPECT_EQ(code({{"fen", MateInTwo}, {"plies", 0}}), "bad_value");
    EXPECT_EQ(code({{"fen", MateInTwo}, {"breadth", 65}}), "bad_value");
    EXPECT_EQ(code({{"fen", MateInTwo}, {"format", "png"}}), "bad_value");
    EXPECT_EQ(code({{"fen", MateInTwo}, {"reproducible", true}, {"movetime", 50}}),
              "bad_arguments");
    EXPECT_EQ(code({{"fen", "8/8/8/8/8/8/8/8 w - - 0 1"}}), "bad_fen");
    EXPECT_EQ(code({{"plies", 2}}), "missing_argument");
}

}  // namespace
}  // namespace glossfish::verifier::testing
