// The typed fast path under the JSON tools (BoardTools, parse_move_text, play_moves), and a
// sweep of odd argument values through every tool that must never crash or throw.
#include "test_util.h"
#include "tools/board_tools.h"
#include "tools_test_util.h"

namespace glossfish::verifier::testing {
namespace {

TEST(ToolsTyped, ParseMoveTextReadsUciThenSan) {
    Position p = at(Start);
    EXPECT_EQ(parse_move_text(p, "g1f3").move, Move(G1, F3));
    EXPECT_EQ(parse_move_text(p, " Nf3 ").move, Move(G1, F3));
    EXPECT_EQ(parse_move_text(p, "Ng1-f3").move, Move(G1, F3));
    EXPECT_EQ(parse_move_text(p, "e2e5").error, MoveError::Illegal);
    EXPECT_EQ(parse_move_text(p, "Qh9").error, MoveError::Malformed);
    EXPECT_EQ(parse_move_text(p, "   ").error, MoveError::Malformed);
    EXPECT_STREQ(move_error_code(MoveError::Ambiguous), "ambiguous_move");
    // Castling in both UCI forms and promotion.
    Position c = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(parse_move_text(c, "e1g1").move.kind(), Castling);
    EXPECT_EQ(parse_move_text(c, "e1h1").move.kind(), Castling);
    Position q = at("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(parse_move_text(q, "a7a8q").move.promotion(), Queen);
    EXPECT_EQ(parse_move_text(q, "a8=N").move.promotion(), Knight);
}

TEST(ToolsTyped, BoardToolsQueries) {
    Position p = at("4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1");
    BoardTools bt(p);
    EXPECT_EQ(bt.piece_at(C3), WKnight);
    EXPECT_EQ(bt.attackers(White, D5), square_bb(C3));
    EXPECT_EQ(bt.defenders(C3), 0u);
    EXPECT_TRUE(bt.is_attacked_by(Black, C3));
    PinReport pin = bt.pin(C3);
    EXPECT_TRUE(pin.pinned);
    EXPECT_EQ(pin.pinner, B4);
    EXPECT_EQ(pin.pinned_to, E1);
    EXPECT_EQ(pin.line, LineKind::AntiDiagonal);
    EXPECT_EQ(bt.pieces(Knight, std::nullopt), square_bb(C3));
    EXPECT_EQ(popcount(bt.pieces(std::nullopt, std::nullopt)), 4);
    RayReport r = bt.ray(E1, B4);
    EXPECT_EQ(r.blockers, square_bb(C3));
    EXPECT_EQ(r.distance, 3);
    EXPECT_EQ(line_kind(A1, H8), LineKind::Diagonal);
    EXPECT_EQ(line_kind(B1, C3), LineKind::None);
}

TEST(ToolsTyped, HangingAndMoveFacts) {
    Position p = at("4k3/8/4p3/3r4/8/2N5/8/4K3 w - - 0 1");
    std::vector<HangingPiece> h = BoardTools(p).hanging(Black);
    ASSERT_EQ(h.size(), 1u);
    EXPECT_EQ(h[0].square, D5);
    EXPECT_EQ(h[0].see, 200);
    EXPECT_EQ(h[0].capturer, C3);
    Position f = at("r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1");
    MoveFacts mf = BoardTools(f).move_facts(Move(B5, C7));
    EXPECT_TRUE(mf.fork);
    EXPECT_EQ(mf.check, CheckKind::Direct);
    EXPECT_EQ(mf.targets.size(), 2u);
}

TEST(ToolsTyped, PlayMovesKeepsTheLegalPrefix) {
    PlayReport r = play_moves(at(Start), {"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#", "Ke7"});
    EXPECT_EQ(r.moves.size(), 7u);
    EXPECT_FALSE(r.complete());
    EXPECT_TRUE(r.moves.back().checkmate);
    EXPECT_EQ(r.moves.back().san, "Qxf7#");
    EXPECT_EQ(r.moves[6].captured, BPawn);
    EXPECT_TRUE(r.end.is_check());
}

TEST(ToolsTyped, OddArgumentValuesNeverCrash) {
    const std::vector<json> odd = {nullptr,
                                   "",
                                   " ",
                                   "e4 e5",
                                   std::string(5000, 'x'),
                                   "é♞\u0001",
                                   -1,
                                   0,
                                   1e308,
                                   -1e308,
                                   3.5,
                                   true,
                                   json::array(),
                                   json::array({nullptr, 1, "e4"}),
                                   json::object(),
                                   json({{"a", {{"b", 1}}}}),
                                   "a1",
                                   "h8",
                                   "O-O",
                                   "0000"};
    for (const json& tool : board_suite().schema()) {
        const std::string name = tool["function"]["name"];
        for (const auto& [arg, property] : tool["function"]["parameters"]["properties"].items()) {
            for (const json& v : odd) {
                json args = {{"fen", Start}};
                args[arg] = v;
                json r = board_suite().call(name, args);
                ASSERT_TRUE(r.is_object()) << name << "." << arg << "=" << v.dump().substr(0, 40);
                if (r.contains("error")) {
                    EXPECT_NE(r["error"]["code"], "internal_error")
                        << name << "." << arg << " " << r.dump();
                }
            }
        }
    }
}

}  // namespace
}  // namespace glossfish::verifier::testing
