// Attack and defence tools on hand-checked positions, with python-chess's edge cases:
// pinned pieces still attack, an en-passant pawn is not attacked, discovered checks.
#include "tools_test_util.h"

namespace glossfish::verifier::testing {
namespace {

// Bb4 pins Nc3 to Ke1.
const char* const PinnedKnight = "4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1";
// Black just played e7-e5 next to White's d5 pawn: e6 is the en-passant square.
const char* const EnPassant = "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1";
// Re1 behind Ne4 on the e-file, Black king e8.
const char* const Battery = "4k3/8/8/8/4N3/8/8/4R2K w - - 0 1";

TEST(ToolsAttack, AttacksOfAKnightIncludeOwnOccupiedSquares) {
    json a = ok("attacks", {{"fen", Start}, {"square", "g1"}});
    EXPECT_EQ(set_of(a["attacks"]), (std::set<std::string>{"e2", "f3", "h3"}));
    EXPECT_EQ(a["count"], 3);
    EXPECT_EQ(squares_of(a["defended_friends"]), (std::set<std::string>{"e2"}));
    EXPECT_TRUE(a["attacked_enemies"].empty());
    json empty = ok("attacks", {{"fen", Start}, {"square", "e4"}});
    EXPECT_TRUE(empty["piece"].is_null());
    EXPECT_EQ(empty["count"], 0);
}

TEST(ToolsAttack, PinnedPiecesStillAttack) {
    json a = ok("attacks", {{"fen", PinnedKnight}, {"square", "c3"}});
    EXPECT_EQ(set_of(a["attacks"]),
              (std::set<std::string>{"a2", "a4", "b1", "b5", "d1", "d5", "e2", "e4"}));
    EXPECT_EQ(squares_of(a["attacked_enemies"]), (std::set<std::string>{}));
    json at = ok("attackers", {{"fen", PinnedKnight}, {"square", "d5"}, {"color", "white"}});
    EXPECT_EQ(squares_of(at["attackers"]), (std::set<std::string>{"c3"}));
    EXPECT_EQ(ok("is_attacked_by",
                 {{"fen", PinnedKnight}, {"square", "e4"}, {"color", "white"}})["attacked"],
              true);
}

TEST(ToolsAttack, AttackersOfASquareByColour) {
    json f3 = ok("attackers", {{"fen", Start}, {"square", "f3"}, {"color", "white"}});
    EXPECT_EQ(squares_of(f3["attackers"]), (std::set<std::string>{"e2", "g1", "g2"}));
    EXPECT_EQ(f3["count"], 3);
    EXPECT_EQ(ok("attackers", {{"fen", Start}, {"square", "f3"}, {"color", "black"}})["count"], 0);
    json f6 = ok("is_attacked_by", {{"fen", Start}, {"square", "f6"}, {"color", "white"}});
    EXPECT_EQ(f6["attacked"], false);
    EXPECT_EQ(f6["count"], 0);
    json f6b = ok("is_attacked_by", {{"fen", Start}, {"square", "f6"}, {"color", "black"}});
    EXPECT_EQ(f6b["attacked"], true);
    EXPECT_EQ(f6b["count"], 3);  // e7, g7, Ng8
}

TEST(ToolsAttack, EnPassantPawnIsNotAttacked) {
    // d5 can take e5 en passant, but it attacks c6 and e6, not e5.
    json e5 = ok("attackers", {{"fen", EnPassant}, {"square", "e5"}, {"color", "white"}});
    EXPECT_EQ(e5["count"], 0);
    EXPECT_EQ(ok("is_attacked_by",
                 {{"fen", EnPassant}, {"square", "e5"}, {"color", "white"}})["attacked"],
              false);
    json e6 = ok("attackers", {{"fen", EnPassant}, {"square", "e6"}, {"color", "white"}});
    EXPECT_EQ(squares_of(e6["attackers"]), (std::set<std::string>{"d5"}));
    EXPECT_EQ(ok("hanging", {{"fen", EnPassant}, {"color", "black"}})["count"], 0);
    // Yet the capture is legal.
    EXPECT_EQ(ok("is_legal", {{"fen", EnPassant}, {"move", "dxe6"}})["legal"], true);
}

TEST(ToolsAttack, DefendersOfAPiece) {
    // e2 is guarded by Ke1, Qd1, Bf1 and Ng1.
    json d = ok("defenders", {{"fen", Start}, {"square", "e2"}});
    EXPECT_EQ(squares_of(d["defenders"]), (std::set<std::string>{"d1", "e1", "f1", "g1"}));
    EXPECT_EQ(d["defender_count"], 4);
    EXPECT_EQ(d["attacker_count"], 0);
    EXPECT_EQ(d["piece"]["piece"], "pawn");
    // A pinned knight still guards e2 (python-chess), and is marked pinned.
    json pinned =
        ok("defenders", {{"fen", "4k3/8/8/8/1b6/2N5/4P3/4K3 w - - 0 1"}, {"square", "e2"}});
    ASSERT_EQ(pinned["defender_count"], 2);  // Ke1 and the pinned Nc3
    for (const auto& p : pinned["defenders"])
        EXPECT_EQ(p["pinned"], p["square"] == "c3") << p.dump();
    EXPECT_EQ(error_code("defenders", {{"fen", Start}, {"square", "e4"}}), "empty_square");
}

TEST(ToolsAttack, AbsolutePin) {
    json p = ok("pin", {{"fen", PinnedKnight}, {"square", "c3"}});
    EXPECT_EQ(p["pinned"], true);
    EXPECT_EQ(p["relative_pin"], false);
    EXPECT_EQ(p["pinner"]["square"], "b4");
    EXPECT_EQ(p["pinner"]["piece"], "bishop");
    EXPECT_EQ(p["pinned_to"]["square"], "e1");
    EXPECT_EQ(p["pinned_to"]["piece"], "king");
    EXPECT_EQ(p["ray"], json({"e1", "d2", "c3", "b4"}));
    EXPECT_EQ(p["line"], "anti_diagonal");
}

TEST(ToolsAttack, RelativePinToTheQueen) {
    // Ba5 - Nc3 - Qd2 on one diagonal; the king is elsewhere.
    json p = ok("pin", {{"fen", "4k3/8/8/b7/8/2N5/3Q4/6K1 w - - 0 1"}, {"square", "c3"}});
    EXPECT_EQ(p["pinned"], false);
    EXPECT_EQ(p["relative_pin"], true);
    EXPECT_EQ(p["pinner"]["square"], "a5");
    EXPECT_EQ(p["pinned_to"]["square"], "d2");
    EXPECT_EQ(p["pinned_to"]["piece"], "queen");
    EXPECT_EQ(p["ray"], json({"d2", "c3", "b4", "a5"}));
    // A queen in front of a knight is not pinned to it (the knight is worth less).
    json q = ok("pin", {{"fen", "4k3/8/8/b7/8/2Q5/3N4/6K1 w - - 0 1"}, {"square", "c3"}});
    EXPECT_EQ(q["pinned"], false);
    EXPECT_EQ(q["relative_pin"], false);
}

TEST(ToolsAttack, NotPinned) {
    json p = ok("pin", {{"fen", Start}, {"square", "e2"}});
    EXPECT_EQ(p["pinned"], false);
    EXPECT_TRUE(p["pinner"].is_null());
    EXPECT_TRUE(p["ray"].empty());
    EXPECT_EQ(ok("pin", {{"fen", Start}, {"square", "e4"}})["pinned"], false);
    EXPECT_EQ(ok("pin", {{"fen", Start}, {"square", "e1"}})["pinned"], false);
}

TEST(ToolsAttack, Checkers) {
    json none = ok("checkers", {{"fen", Start}});
    EXPECT_EQ(none["check"], false);
    EXPECT_EQ(none["count"], 0);
    EXPECT_EQ(none["king"], "e1");
    json fool =
        ok("checkers", {{"fen", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"}});
    EXPECT_EQ(squares_of(fool["checkers"]), (std::set<std::string>{"h4"}));
    // Double check: Re8 on the file and Nd3 by a knight's jump.
    json dbl = ok("checkers", {{"fen", "4r1k1/8/8/8/8/3n4/8/4K3 w - - 0 1"}});
    EXPECT_EQ(dbl["count"], 2);
    EXPECT_EQ(squares_of(dbl["checkers"]), (std::set<std::string>{"d3", "e8"}));
}

TEST(ToolsAttack, GivesCheckDirectDiscoveredDouble) {
    EXPECT_EQ(ok("gives_check", {{"fen", Battery}, {"move", "Ng5"}})["check"], "discovered");
    EXPECT_EQ(ok("gives_check", {{"fen", Battery}, {"move", "Nc3"}})["check"], "discovered");
    json dbl = ok("gives_check", {{"fen", Battery}, {"move", "Nf6"}});
    EXPECT_EQ(dbl["check"], "double");
    EXPECT_EQ(squares_of(dbl["checkers"]), (std::set<std::string>{"e1", "f6"}));
    EXPECT_EQ(ok("gives_check", {{"fen", Battery}, {"move", "e4d6"}})["check"], "double");
    json quiet = ok("gives_check", {{"fen", Battery}, {"move", "Kg1"}});
    EXPECT_EQ(quiet["gives_check"], false);
    EXPECT_EQ(quiet["check"], "none");
    json direct = ok("gives_check", {{"fen", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"}, {"move", "Ra8"}});
    EXPECT_EQ(direct["check"], "direct");
    EXPECT_EQ(direct["checkmate"], false);
    json mate =
        ok("gives_check", {{"fen", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"},
                           {"move", "Qh4"}});
    EXPECT_EQ(mate["check"], "direct");
    EXPECT_EQ(mate["checkmate"], true);
    EXPECT_EQ(mate["move"]["san"], "Qh4#");
    EXPECT_EQ(error_code("gives_check", {{"fen", Battery}, {"move", "Ke2"}}), "illegal_move");
}

TEST(ToolsAttack, StaticExchange) {
    json free_pawn = ok("see", {{"fen", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1"}, {"move", "Rxd5"}});
    EXPECT_EQ(free_pawn["see"], 100);
    EXPECT_EQ(free_pawn["captured"]["piece"], "pawn");
    EXPECT_EQ(free_pawn["outcome"], "wins material");
    // Rxd5 exd5: +100 - 500.
    json guarded = ok("see", {{"fen", "4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1"}, {"move", "d1d5"}});
    EXPECT_EQ(guarded["see"], -400);
    EXPECT_EQ(guarded["outcome"], "loses material");
    json quiet = ok("see", {{"fen", Start}, {"move", "e4"}});
    EXPECT_EQ(quiet["see"], 0);
    EXPECT_TRUE(quiet["captured"].is_null());
}

TEST(ToolsAttack, HangingPieces) {
    json free_knight =
        ok("hanging", {{"fen", "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1"}, {"color", "black"}});
    ASSERT_EQ(free_knight["count"], 1);
    const json& h = free_knight["hanging"][0];
    EXPECT_EQ(h["square"], "d5");
    EXPECT_EQ(h["piece"], "knight");
    EXPECT_EQ(h["see"], 300);
    EXPECT_EQ(h["undefended"], true);
    EXPECT_EQ(h["best_capture"]["san"], "Rxd5");
    EXPECT_EQ(h["best_capture"]["uci"], "d1d5");
    // Defended by a pawn, the knight is not worth a rook.
    EXPECT_EQ(
        ok("hanging", {{"fen", "4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1"}, {"color", "black"}})["count"],
        0);
    // A defended rook attacked by a knight still loses the exchange: Nxd5 exd5 = +200.
    json rook = ok("hanging", {{"fen", "4k3/8/4p3/3r4/8/2N5/8/4K3 w - - 0 1"}, {"color", "black"}});
    ASSERT_EQ(rook["count"], 1);
    EXPECT_EQ(rook["hanging"][0]["see"], 200);
    EXPECT_EQ(rook["hanging"][0]["defenders"], 1);
    EXPECT_EQ(rook["hanging"][0]["undefended"], false);
    // White's own pieces in the start position hang nowhere.
    EXPECT_EQ(ok("hanging", {{"fen", Start}, {"color", "white"}})["count"], 0);
}

TEST(ToolsAttack, HangingIgnoresCapturesByAPinnedPiece) {
    // Rd1 attacks the knight but is pinned to Kh1 by Ra1 along the first rank (Ra1 itself is
    // guarded by Nb3, so Rxa1 Nxa1 wins nothing either).
    const char* fen = "4k3/8/8/3n4/8/1n6/8/r2R3K w - - 0 1";
    EXPECT_EQ(ok("attackers", {{"fen", fen}, {"square", "d5"}, {"color", "white"}})["count"], 1);
    EXPECT_EQ(ok("hanging", {{"fen", fen}, {"color", "black"}})["count"], 0);
    // The capture when it is not the capturer's turn is named plainly.
    json later = ok("hanging", {{"fen", "4k3/8/8/3n4/8/8/8/3RK3 b - - 0 1"}, {"color", "black"}});
    ASSERT_EQ(later["count"], 1);
    EXPECT_EQ(later["hanging"][0]["best_capture"]["san"], "Rxd5");
    EXPECT_EQ(later["hanging"][0]["best_capture"]["legal_now"], false);
}

}  // namespace
}  // namespace glossfish::verifier::testing
