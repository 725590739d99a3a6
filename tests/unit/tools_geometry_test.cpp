// Geometry and structure tools on hand-checked positions: ray, file_status, pawn_structure.
#include "tools_test_util.h"

namespace glossfish::verifier::testing {
namespace {

TEST(ToolsGeometry, RayAlongAFileWithBlockers) {
    json r = ok("ray", {{"fen", Start}, {"from", "e1"}, {"to", "e8"}});
    EXPECT_EQ(r["aligned"], true);
    EXPECT_EQ(r["line"], "file");
    EXPECT_EQ(r["between"], json({"e2", "e3", "e4", "e5", "e6", "e7"}));
    EXPECT_EQ(squares_of(r["blockers"]), (std::set<std::string>{"e2", "e7"}));
    EXPECT_EQ(r["clear"], false);
    EXPECT_EQ(r["distance"], 7);
    EXPECT_EQ(r["from_piece"]["piece"], "king");
    EXPECT_EQ(r["from_piece_attacks_to"], false);
}

TEST(ToolsGeometry, RayDiagonalsRankAndUnaligned) {
    json d = ok("ray", {{"fen", Start}, {"from", "a1"}, {"to", "h8"}});
    EXPECT_EQ(d["line"], "diagonal");
    EXPECT_EQ(d["between"].size(), 6u);
    EXPECT_EQ(squares_of(d["blockers"]), (std::set<std::string>{"b2", "g7"}));
    EXPECT_EQ(ok("ray", {{"fen", Start}, {"from", "h1"}, {"to", "a8"}})["line"], "anti_diagonal");
    json rank = ok("ray", {{"fen", Start}, {"from", "a4"}, {"to", "h4"}});
    EXPECT_EQ(rank["line"], "rank");
    EXPECT_EQ(rank["clear"], true);
    json knight = ok("ray", {{"fen", Start}, {"from", "b1"}, {"to", "c3"}});
    EXPECT_EQ(knight["aligned"], false);
    EXPECT_EQ(knight["line"], "none");
    EXPECT_TRUE(knight["between"].empty());
    EXPECT_EQ(knight["distance"], 2);
    EXPECT_EQ(knight["from_piece_attacks_to"], true);  // the knight on b1 attacks c3
    EXPECT_EQ(error_code("ray", {{"fen", Start}, {"from", "e4"}, {"to", "e4"}}), "bad_value");
}

TEST(ToolsGeometry, RayWithTheQueenAfterScholarsOpening) {
    // Qh5 and the e8 king: h5-g6-f7-e8, blocked by the f7 pawn.
    json r =
        ok("ray", {{"fen", "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3"},
                   {"from", "h5"},
                   {"to", "e8"}});
    EXPECT_EQ(r["line"], "anti_diagonal");
    EXPECT_EQ(r["between"], json({"g6", "f7"}));
    EXPECT_EQ(squares_of(r["blockers"]), (std::set<std::string>{"f7"}));
}

TEST(ToolsGeometry, FileStatus) {
    // White pawns a2 b2 d2 g2 h2, Black pawns a7 b7 e7 g7 h7, White rook c1.
    const char* fen = "4k3/pp2p1pp/8/8/8/8/PP1P2PP/2R1K3 w - - 0 1";
    json all = ok("file_status", {{"fen", fen}});
    ASSERT_EQ(all["files"].size(), 8u);
    std::vector<std::string> expected = {"closed",          "closed", "open",   "half_open_black",
                                         "half_open_white", "open",   "closed", "closed"};
    for (int f = 0; f < 8; ++f) EXPECT_EQ(all["files"][f]["status"], expected[f]) << char('a' + f);
    json c = ok("file_status", {{"fen", fen}, {"file", "c"}});
    ASSERT_EQ(c["files"].size(), 1u);
    EXPECT_EQ(c["files"][0]["status"], "open");
    EXPECT_EQ(squares_of(c["files"][0]["rooks_and_queens"]), (std::set<std::string>{"c1"}));
    json d = ok("file_status", {{"fen", fen}, {"file", "d"}});
    EXPECT_EQ(d["files"][0]["white_pawns"], json({"d2"}));
    EXPECT_TRUE(d["files"][0]["black_pawns"].empty());
    EXPECT_EQ(error_code("file_status", {{"fen", fen}, {"file", "e-file"}}), "bad_file");
}

TEST(ToolsGeometry, PawnStructure) {
    // White a2, c2, c3, e4, h5; Black h7.
    const char* fen = "4k3/7p/8/7P/4P3/2P5/P1P5/4K3 w - - 0 1";
    json s = ok("pawn_structure", {{"fen", fen}});
    const json& w = s["white"];
    EXPECT_EQ(set_of(w["isolated"]), (std::set<std::string>{"a2", "c2", "c3", "e4", "h5"}));
    EXPECT_EQ(set_of(w["doubled"]), (std::set<std::string>{"c2", "c3"}));
    EXPECT_EQ(set_of(w["passed"]), (std::set<std::string>{"a2", "c2", "c3", "e4"}));
    EXPECT_TRUE(w["backward"].empty());
    EXPECT_EQ(w["islands"], 4);
    const json& b = s["black"];
    EXPECT_EQ(set_of(b["isolated"]), (std::set<std::string>{"h7"}));
    EXPECT_TRUE(b["passed"].empty());
    EXPECT_EQ(b["islands"], 1);
    json only = ok("pawn_structure", {{"fen", fen}, {"color", "black"}});
    EXPECT_FALSE(only.contains("white"));
    EXPECT_TRUE(only.contains("black"));
    // The start position: one island each, nothing special.
    json start = ok("pawn_structure", {{"fen", Start}});
    EXPECT_EQ(start["white"]["islands"], 1);
    EXPECT_TRUE(start["white"]["passed"].empty());
    EXPECT_TRUE(start["black"]["isolated"].empty());
}

TEST(ToolsGeometry, BackwardPawn) {
    // White d3 and e4, Black c5. d3 has a neighbour (e4), but only ahead of it, and its stop
    // square d4 is hit by c5: backward. e4 has d3 behind it: not backward.
    json s =
        ok("pawn_structure", {{"fen", "4k3/8/8/2p5/4P3/3P4/8/4K3 w - - 0 1"}, {"color", "white"}});
    EXPECT_EQ(set_of(s["white"]["backward"]), (std::set<std::string>{"d3"}));
    EXPECT_TRUE(s["white"]["isolated"].empty());
}

}  // namespace
}  // namespace glossfish::verifier::testing
