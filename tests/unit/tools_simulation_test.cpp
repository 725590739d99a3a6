// Simulation tools on hand-checked lines: play and move_facts.
#include "tools_test_util.h"

namespace glossfish::verifier::testing {
namespace {

TEST(ToolsSimulation, PlayARuyLopez) {
    json r = ok("play", {{"fen", Start}, {"moves", {"e4", "e5", "Nf3", "Nc6", "Bb5"}}});
    EXPECT_EQ(r["legal"], true);
    EXPECT_EQ(r["played"], 5);
    EXPECT_EQ(r["total"], 5);
    EXPECT_TRUE(r["failed"].is_null());
    EXPECT_EQ(r["fen"], "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
    EXPECT_EQ(r["line"], "1. e4 e5 2. Nf3 Nc6 3. Bb5");
    EXPECT_EQ(r["moves"][4]["uci"], "f1b5");
    EXPECT_EQ(r["moves"][1]["color"], "black");
    EXPECT_EQ(r["moves"][1]["number"], "1...");
    EXPECT_EQ(r["side_to_move"], "black");
}

TEST(ToolsSimulation, PlayMixesUciAndSan) {
    json r = ok("play", {{"fen", Start}, {"moves", {"e2e4", "e7e5", "g1f3"}}});
    EXPECT_EQ(r["moves"][0]["san"], "e4");
    EXPECT_EQ(r["moves"][2]["san"], "Nf3");
}

TEST(ToolsSimulation, PlayStopsAtTheFirstIllegalMove) {
    json r = ok("play", {{"fen", Start}, {"moves", {"e4", "e5", "Ke3", "Nf3"}}});
    EXPECT_EQ(r["legal"], false);
    EXPECT_EQ(r["played"], 2);
    EXPECT_EQ(r["failed"]["index"], 2);
    EXPECT_EQ(r["failed"]["move"], "Ke3");
    EXPECT_EQ(r["failed"]["code"], "illegal_move");
    EXPECT_FALSE(r["failed"]["message"].get<std::string>().empty());
    EXPECT_EQ(r["fen"], "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    json bad = ok("play", {{"fen", Start}, {"moves", {"e4", "xx"}}});
    EXPECT_EQ(bad["failed"]["code"], "malformed_move");
}

TEST(ToolsSimulation, PlayReportsChecksCapturesAndMate) {
    json fool = ok("play", {{"fen", Start}, {"moves", {"f3", "e5", "g4", "Qh4#"}}});
    EXPECT_EQ(fool["line"], "1. f3 e5 2. g4 Qh4#");
    EXPECT_EQ(fool["moves"][3]["check"], "direct");
    EXPECT_EQ(fool["moves"][3]["checkmate"], true);
    EXPECT_EQ(fool["checkmate"], true);
    EXPECT_EQ(fool["game_over"], true);
    // A move after mate is illegal.
    json after = ok("play", {{"fen", Start}, {"moves", {"f3", "e5", "g4", "Qh4", "Kf2"}}});
    EXPECT_EQ(after["played"], 4);
    EXPECT_EQ(after["failed"]["index"], 4);
    json cap = ok("play", {{"fen", Start}, {"moves", {"e4", "d5", "exd5"}}});
    EXPECT_TRUE(cap["moves"][0]["capture"].is_null());
    EXPECT_EQ(cap["moves"][2]["capture"]["piece"], "pawn");
    EXPECT_EQ(cap["moves"][2]["capture"]["square"], "d5");
    EXPECT_EQ(cap["moves"][2]["capture"]["color"], "black");
}

TEST(ToolsSimulation, PlayEnPassantAndBlackFirst) {
    json ep = ok("play", {{"fen", "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1"}, {"moves", {"dxe6"}}});
    EXPECT_EQ(ep["moves"][0]["capture"]["square"], "e5");
    EXPECT_EQ(ep["fen"], "4k3/8/4P3/8/8/8/8/4K3 b - - 0 1");
    json black = ok("play", {{"fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
                             {"moves", {"e5", "Nf3"}}});
    EXPECT_EQ(black["line"], "1... e5 2. Nf3");
    json none = ok("play", {{"fen", Start}, {"moves", json::array()}});
    EXPECT_EQ(none["legal"], true);
    EXPECT_EQ(none["fen"], Start);
}

TEST(ToolsSimulation, MoveFactsRoyalFork) {
    // Nc7+ forks Ke8 and the undefended Ra8.
    json f = ok("move_facts", {{"fen", "r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1"}, {"move", "Nc7+"}});
    EXPECT_EQ(f["move"]["san"], "Nc7+");
    EXPECT_EQ(f["check"], "direct");
    EXPECT_EQ(f["fork"], true);
    EXPECT_EQ(squares_of(f["fork_targets"]), (std::set<std::string>{"a8", "e8"}));
    EXPECT_EQ(set_of(f["attacks_after"]),
              (std::set<std::string>{"a6", "a8", "b5", "d5", "e6", "e8"}));
    EXPECT_EQ(f["attacked_after"], 0);
    EXPECT_TRUE(f["capture"].is_null());
    EXPECT_EQ(f["see"], 0);
}

TEST(ToolsSimulation, MoveFactsNoForkAgainstDefendedCheapPieces) {
    // Nd5 attacks c7 and e7 pawns, both defended by the king on d8: no fork.
    json f = ok("move_facts", {{"fen", "3k4/2p1p3/8/8/8/2N5/8/4K3 w - - 0 1"}, {"move", "Nd5"}});
    EXPECT_EQ(squares_of(f["targets"]), (std::set<std::string>{"c7", "e7"}));
    EXPECT_EQ(f["fork"], false);
    EXPECT_TRUE(f["fork_targets"].empty());
}

TEST(ToolsSimulation, MoveFactsDiscoveredAttack) {
    json f = ok("move_facts", {{"fen", "4k3/8/8/8/4N3/8/8/4R2K w - - 0 1"}, {"move", "Ng5"}});
    EXPECT_EQ(f["check"], "discovered");
    ASSERT_EQ(f["discovered_attacks"].size(), 1u);
    EXPECT_EQ(f["discovered_attacks"][0]["by"]["square"], "e1");
    EXPECT_EQ(f["discovered_attacks"][0]["target"]["square"], "e8");
    EXPECT_EQ(set_of(f["attacks_after"]),
              (std::set<std::string>{"e4", "e6", "f3", "f7", "h3", "h7"}));
}

TEST(ToolsSimulation, MoveFactsCaptureCastlingPromotionEnPassant) {
    json cap = ok("move_facts", {{"fen", "4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1"}, {"move", "Rxd5"}});
    EXPECT_EQ(cap["capture"]["piece"], "pawn");
    EXPECT_EQ(cap["capture"]["square"], "d5");
    EXPECT_EQ(cap["see"], -400);
    EXPECT_EQ(cap["attacked_after"], 1);
    EXPECT_EQ(cap["defended_after"], 0);

    json oo = ok("move_facts", {{"fen", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}, {"move", "O-O"}});
    EXPECT_EQ(oo["castling"], "kingside");
    EXPECT_EQ(oo["to"], "g1");
    EXPECT_EQ(oo["move"]["uci"], "e1g1");
    EXPECT_EQ(oo["piece"]["piece"], "king");
    EXPECT_TRUE(oo["discovered_attacks"].empty());
    EXPECT_EQ(ok("move_facts",
                 {{"fen", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}, {"move", "e1c1"}})["castling"],
              "queenside");

    json promo = ok("move_facts", {{"fen", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"}, {"move", "a8=Q"}});
    EXPECT_EQ(promo["promotion"], "queen");
    EXPECT_EQ(promo["check"], "direct");
    EXPECT_EQ(promo["move"]["san"], "a8=Q+");
    json under = ok("move_facts", {{"fen", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"}, {"move", "a7a8n"}});
    EXPECT_EQ(under["promotion"], "knight");
    EXPECT_EQ(under["check"], "none");
    EXPECT_EQ(set_of(under["attacks_after"]), (std::set<std::string>{"b6", "c7"}));

    json ep = ok("move_facts", {{"fen", "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1"}, {"move", "dxe6"}});
    EXPECT_EQ(ep["en_passant"], true);
    EXPECT_EQ(ep["to"], "e6");
    EXPECT_EQ(ep["capture"]["square"], "e5");
}

TEST(ToolsSimulation, MoveFactsMateAndStalemate) {
    json mate = ok("move_facts",
                   {{"fen", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"},
                    {"move", "Qxf7"}});
    EXPECT_EQ(mate["checkmate"], true);
    EXPECT_EQ(mate["move"]["san"], "Qxf7#");
    // Qf7 stalemates the h8 king when White's king is on g6.
    json stale = ok("move_facts", {{"fen", "7k/8/6K1/8/8/8/5Q2/8 w - - 0 1"}, {"move", "Qf7"}});
    EXPECT_EQ(stale["stalemate"], true);
    EXPECT_EQ(stale["checkmate"], false);
    EXPECT_EQ(error_code("move_facts", {{"fen", Start}, {"move", "e5"}}), "illegal_move");
}

}  // namespace
}  // namespace glossfish::verifier::testing
