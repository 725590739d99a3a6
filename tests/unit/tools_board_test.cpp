// Board-state and legality tools on hand-checked positions: piece_at, pieces, legal_moves,
// is_legal, material, status.
#include "tools_test_util.h"

namespace glossfish::verifier::testing {
namespace {

TEST(ToolsBoard, PieceAtNamesThePieceOrEmptiness) {
    json king = ok("piece_at", {{"fen", Start}, {"square", "e1"}});
    EXPECT_EQ(king["empty"], false);
    EXPECT_EQ(king["piece"], "king");
    EXPECT_EQ(king["color"], "white");
    EXPECT_EQ(king["symbol"], "K");
    json knight = ok("piece_at", {{"fen", Start}, {"square", "g8"}});
    EXPECT_EQ(knight["piece"], "knight");
    EXPECT_EQ(knight["color"], "black");
    EXPECT_EQ(knight["symbol"], "n");
    json empty = ok("piece_at", {{"fen", Start}, {"square", "e4"}});
    EXPECT_EQ(empty["empty"], true);
    EXPECT_EQ(empty["square"], "e4");
    EXPECT_FALSE(empty.contains("piece"));
}

TEST(ToolsBoard, PiecesFiltersByTypeAndColour) {
    json wn = ok("pieces", {{"fen", Start}, {"type", "knight"}, {"color", "white"}});
    EXPECT_EQ(wn["count"], 2);
    EXPECT_EQ(squares_of(wn["pieces"]), (std::set<std::string>{"b1", "g1"}));
    EXPECT_EQ(ok("pieces", {{"fen", Start}, {"type", "pawn"}})["count"], 16);
    EXPECT_EQ(ok("pieces", {{"fen", Start}, {"color", "black"}})["count"], 16);
    EXPECT_EQ(ok("pieces", {{"fen", Start}})["count"], 32);
    json bq = ok("pieces", {{"fen", Start}, {"type", "queen"}, {"color", "black"}});
    ASSERT_EQ(bq["pieces"].size(), 1u);
    EXPECT_EQ(bq["pieces"][0]["square"], "d8");
    // Square order a1..h8.
    json rooks = ok("pieces", {{"fen", Start}, {"type", "rook"}});
    EXPECT_EQ(rooks["pieces"][0]["square"], "a1");
    EXPECT_EQ(rooks["pieces"][3]["square"], "h8");
}

TEST(ToolsBoard, LegalMovesAllAndFromOneSquare) {
    json all = ok("legal_moves", {{"fen", Start}});
    EXPECT_EQ(all["count"], 20);
    EXPECT_EQ(all["side_to_move"], "white");
    json g1 = ok("legal_moves", {{"fen", Start}, {"from", "g1"}});
    EXPECT_EQ(sans_of(g1["moves"]), (std::set<std::string>{"Nf3", "Nh3"}));
    for (const auto& m : g1["moves"]) EXPECT_TRUE(m["uci"] == "g1f3" || m["uci"] == "g1h3");
    json e5 = ok("legal_moves", {{"fen", Start}, {"from", "e5"}});
    EXPECT_EQ(e5["count"], 0);
    EXPECT_TRUE(e5["piece"].is_null());
    EXPECT_NE(e5["note"].get<std::string>().find("e5 is empty"), std::string::npos);
    json g8 = ok("legal_moves", {{"fen", Start}, {"from", "g8"}});
    EXPECT_EQ(g8["count"], 0);
    EXPECT_NE(g8["note"].get<std::string>().find("white is to move"), std::string::npos);
}

TEST(ToolsBoard, PinnedPieceHasNoLegalMoveButStillCountsAsPiece) {
    // Bb4 pins Nc3 to Ke1 along b4-c3-d2-e1.
    const char* fen = "4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1";
    json n = ok("legal_moves", {{"fen", fen}, {"from", "c3"}});
    EXPECT_EQ(n["count"], 0);
    EXPECT_NE(n["note"].get<std::string>().find("no legal move"), std::string::npos);
    json il = ok("is_legal", {{"fen", fen}, {"move", "Nd5"}});
    EXPECT_EQ(il["legal"], false);
    EXPECT_EQ(il["reason"], "illegal");
    EXPECT_EQ(ok("is_legal", {{"fen", fen}, {"move", "c3d5"}})["legal"], false);
    EXPECT_EQ(ok("is_legal", {{"fen", fen}, {"move", "Kf2"}})["legal"], true);
}

TEST(ToolsBoard, CastlingThroughAnAttackedSquareIsIllegal) {
    // The black rook on f2 covers f1, which the king crosses for O-O; O-O-O crosses d1, c1.
    const char* fen = "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1";
    json oo = ok("is_legal", {{"fen", fen}, {"move", "O-O"}});
    EXPECT_EQ(oo["legal"], false);
    EXPECT_FALSE(oo["message"].get<std::string>().empty());
    EXPECT_EQ(ok("is_legal", {{"fen", fen}, {"move", "e1g1"}})["legal"], false);
    EXPECT_EQ(ok("is_legal", {{"fen", fen}, {"move", "0-0"}})["legal"], false);
    json ooo = ok("is_legal", {{"fen", fen}, {"move", "O-O-O"}});
    EXPECT_EQ(ooo["legal"], true);
    EXPECT_EQ(ooo["move"]["san"], "O-O-O");
    EXPECT_EQ(ooo["move"]["uci"], "e1c1");
    // Castling out of check is illegal too: Black's rook on e2 gives check.
    EXPECT_EQ(ok("is_legal",
                 {{"fen", "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1"}, {"move", "O-O"}})["legal"],
              false);
}

TEST(ToolsBoard, IsLegalAcceptsSanAndUciAndReturnsBoth) {
    json a = ok("is_legal", {{"fen", Start}, {"move", "Nf3"}});
    EXPECT_EQ(a["legal"], true);
    EXPECT_EQ(a["move"]["uci"], "g1f3");
    json b = ok("is_legal", {{"fen", Start}, {"move", "g1f3"}});
    EXPECT_EQ(b["move"]["san"], "Nf3");
    EXPECT_EQ(ok("is_legal", {{"fen", Start}, {"move", "Ng1-f3"}})["move"]["san"], "Nf3");
    // Ambiguous: both knights reach d2.
    json amb = ok("is_legal", {{"fen", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"}, {"move", "Nd2"}});
    EXPECT_EQ(amb["legal"], false);
    EXPECT_EQ(amb["reason"], "ambiguous");
    // Text that is not a move at all is a bad argument, not a verdict.
    EXPECT_EQ(error_code("is_legal", {{"fen", Start}, {"move", "Zz9"}}), "malformed_move");
}

TEST(ToolsBoard, MaterialCountsAndBalance) {
    json m = ok("material", {{"fen", Start}});
    EXPECT_EQ(m["white"]["pawns"], 8);
    EXPECT_EQ(m["white"]["knights"], 2);
    EXPECT_EQ(m["white"]["queens"], 1);
    EXPECT_EQ(m["white"]["points"], 39);  // 8 + 6 + 6 + 10 + 9
    EXPECT_EQ(m["black"]["points"], 39);
    EXPECT_EQ(m["balance"], 0);
    EXPECT_EQ(m["ahead"], "equal");
    json r = ok("material", {{"fen", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"}});
    EXPECT_EQ(r["white"]["rooks"], 1);
    EXPECT_EQ(r["white"]["points"], 5);
    EXPECT_EQ(r["black"]["points"], 0);
    EXPECT_EQ(r["balance"], 5);
    EXPECT_EQ(r["ahead"], "white");
    // Black up a queen for a rook: 9 - 5.
    EXPECT_EQ(ok("material", {{"fen", "3qk3/8/8/8/8/8/8/R3K3 w - - 0 1"}})["balance"], -4);
}

TEST(ToolsBoard, StatusOfTheStartPosition) {
    json s = ok("status", {{"fen", Start}});
    EXPECT_EQ(s["valid"], true);
    EXPECT_EQ(s["side_to_move"], "white");
    EXPECT_EQ(s["castling"]["white_kingside"], true);
    EXPECT_EQ(s["castling"]["black_queenside"], true);
    EXPECT_EQ(s["castling_fen"], "KQkq");
    EXPECT_TRUE(s["en_passant"].is_null());
    EXPECT_EQ(s["check"], false);
    EXPECT_EQ(s["checkmate"], false);
    EXPECT_EQ(s["stalemate"], false);
    EXPECT_EQ(s["insufficient_material"], false);
    EXPECT_EQ(s["legal_moves"], 20);
    EXPECT_EQ(s["game_over"], false);
    EXPECT_TRUE(s["outcome"].is_null());
    EXPECT_EQ(s["fullmove_number"], 1);
}

TEST(ToolsBoard, StatusCheckmateStalemateInsufficientEnPassant) {
    // Fool's mate: 1.f3 e5 2.g4 Qh4#.
    json mate =
        ok("status", {{"fen", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"}});
    EXPECT_EQ(mate["check"], true);
    EXPECT_EQ(mate["checkmate"], true);
    EXPECT_EQ(squares_of(mate["checkers"]), (std::set<std::string>{"h4"}));
    EXPECT_EQ(mate["outcome"]["termination"], "checkmate");
    EXPECT_EQ(mate["outcome"]["winner"], "black");
    // Kh8 has no move: g8 (Qf7), g7 (Qf7, Kg6), h7 (Qf7, Kg6); not in check.
    json stale = ok("status", {{"fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}});
    EXPECT_EQ(stale["check"], false);
    EXPECT_EQ(stale["stalemate"], true);
    EXPECT_EQ(stale["outcome"]["termination"], "stalemate");
    EXPECT_TRUE(stale["outcome"]["winner"].is_null());
    EXPECT_EQ(ok("status", {{"fen", "8/8/8/4k3/8/8/8/4K2N w - - 0 1"}})["insufficient_material"],
              true);
    // Black's d4 pawn can take e3 en passant after e2-e4.
    json ep =
        ok("status", {{"fen", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"}});
    EXPECT_EQ(ep["en_passant"], "e3");
    EXPECT_EQ(ep["side_to_move"], "black");
}

TEST(ToolsBoard, StatusReportsWhyAFenIsInvalid) {
    json empty = ok("status", {{"fen", "8/8/8/8/8/8/8/8 w - - 0 1"}});
    EXPECT_EQ(empty["valid"], false);
    std::set<std::string> codes;
    for (const auto& p : empty["problems"]) codes.insert(p["code"].get<std::string>());
    EXPECT_TRUE(codes.count("no_white_king"));
    EXPECT_TRUE(codes.count("no_black_king"));
    json syntax = ok("status", {{"fen", "hello"}});
    EXPECT_EQ(syntax["valid"], false);
    EXPECT_FALSE(syntax["problems"].empty());
    // White to move while Black is in check from the e1 queen.
    json opposite = ok("status", {{"fen", "4k3/8/8/8/8/8/8/4QK2 w - - 0 1"}});
    EXPECT_EQ(opposite["valid"], false);
    EXPECT_EQ(opposite["problems"][0]["code"], "opposite_check");
}

TEST(ToolsBoard, BadFenIsAnErrorWithEveryProblem) {
    json r =
        board_suite().call("piece_at", {{"fen", "8/8/8/8/8/8/8/8 w - - 0 1"}, {"square", "e4"}});
    ASSERT_TRUE(r.contains("error"));
    EXPECT_EQ(r["error"]["code"], "bad_fen");
    EXPECT_EQ(r["error"]["argument"], "fen");
    EXPECT_NE(r["error"]["message"].get<std::string>().find("White has no king"),
              std::string::npos);
    EXPECT_GE(r["error"]["problems"].size(), 2u);
}

}  // namespace
}  // namespace glossfish::verifier::testing
