// The ideas of moves (verifier/explain/ideas.h, claims/ideas_catalogue.h): each idea kind on
// positions where a player names it and where it must not be said, the new claim predicates true
// and false through the verifier, the phrases read by the commentary reader in any commentary,
// and the sacrifice rule of the brilliant class on desperado and in-between positions.
#include "explain/ideas.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "analysis/move_class.h"
#include "claims/claims.h"
#include "claims/ideas_catalogue.h"
#include "reader/commentary_reader.h"
#include "rules/notation.h"
#include "tools/tool_suite.h"

namespace glossfish::verifier {
namespace {

// The position after UCI moves from the start, and the square the last of them captured on
// (known when moves were played).
struct Line {
    Position pos;
    Square previous_capture = NoSquare;
    bool previous_known = false;
};
Line after_moves(const std::string& moves, const char* fen = nullptr) {
    Line l;
    EXPECT_TRUE(
        l.pos.set(fen ? fen : "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").ok());
    std::istringstream in(moves);
    for (std::string m; in >> m;) {
        MoveParse mp = parse_move_text(l.pos, m);
        EXPECT_TRUE(mp.ok()) << m;
        if (!mp.ok()) break;
        l.previous_capture = l.pos.is_capture(mp.move) ? mp.move.to() : NoSquare;
        l.previous_known = true;
        l.pos.do_move(mp.move);
    }
    return l;
}

IdeasResult ideas_of(const Line& l, const char* san) {
    MoveParse mp = parse_move_text(l.pos, san);
    EXPECT_TRUE(mp.ok()) << san;
    return move_ideas(l.pos, mp.move, l.previous_capture, l.previous_known);
}

// The ideas of `san` given the engine's line after it (UCI or SAN moves).
IdeasResult ideas_with_line(const Line& l, const char* san, const char* moves) {
    Position p = l.pos;
    const Move move = parse_move_text(p, san).move;
    p.do_move(move);
    std::vector<Move> line;
    std::istringstream in(moves);
    for (std::string m; in >> m;) {
        MoveParse mp = parse_move_text(p, m);
        EXPECT_TRUE(mp.ok()) << m;
        if (!mp.ok()) break;
        line.push_back(mp.move);
        p.do_move(mp.move);
    }
    return move_ideas(l.pos, move, l.previous_capture, l.previous_known, line);
}

const Idea* find(const IdeasResult& r, const std::string& kind) {
    auto it =
        std::find_if(r.ideas.begin(), r.ideas.end(), [&](const Idea& i) { return i.kind == kind; });
    return it == r.ideas.end() ? nullptr : &*it;
}

std::string all(const IdeasResult& r) {
    std::string s;
    for (const Idea& i : r.ideas) s += "[" + i.kind + "] " + i.text + "\n";
    return s;
}

// Says `kind` with exactly this sentence.
void expect_idea(const Line& l, const char* san, const std::string& kind, const std::string& text) {
    const IdeasResult r = ideas_of(l, san);
    const Idea* i = find(r, kind);
    ASSERT_NE(i, nullptr) << san << " lacks " << kind << "\n" << all(r);
    EXPECT_EQ(i->text, text);
    EXPECT_FALSE(i->claims.empty()) << i->text;
}

void expect_no_idea(const Line& l, const char* san, const std::string& kind) {
    const IdeasResult r = ideas_of(l, san);
    EXPECT_EQ(find(r, kind), nullptr) << san << " must not say " << kind << "\n" << all(r);
}

// Opera game, Morphy - Duke Karl / Count Isouard, Paris 1858.
const char* const Opera =
    "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 b1c3 c7c6 c1g5 b7b5 "
    "c3b5 c6b5 c4b5 b8d7 e1c1 a8d8";

Line opera(int plies) {
    std::istringstream in(Opera);
    std::string moves, m;
    for (int i = 0; i < plies && in >> m; ++i) moves += m + " ";
    return after_moves(moves);
}

// The verdict of one claim on a position (below).
Truth truth(const char* fen, const nlohmann::json& claim);

TEST(Ideas, Development) {
    const Line start = after_moves("");
    expect_idea(start, "Nf3", "develops", "Nf3 develops the knight toward the centre.");
    expect_idea(start, "Nf3", "takes_control", "Nf3 takes control of d4 and e5.");
    expect_no_idea(start, "e4", "develops");
    expect_no_idea(start, "a3", "takes_control");
    expect_idea(start, "Nh3", "develops", "Nh3 develops the knight.");
    const Line italian = after_moves("e2e4 e7e5 g1f3 b8c6");
    expect_idea(italian, "Bc4", "prepares_castling", "Bc4 prepares to castle kingside.");
    expect_no_idea(italian, "d3", "prepares_castling");
    const Line castle = after_moves("e2e4 e7e5 g1f3 b8c6 f1c4 f8c5");
    expect_idea(castle, "O-O", "castles", "O-O castles behind the pawns on f2, g2 and h2.");
    expect_no_idea(castle, "O-O", "connects_rooks");  // the queen's side is still at home
    expect_idea(after_moves("e2e4 e7e5"), "Qh5", "queen_early", "Qh5 brings the queen out early.");
    expect_no_idea(after_moves("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 b1c3 f8c5 d2d3 d7d6"), "Qe2",
                   "queen_early");
    expect_idea(after_moves("e2e4 e7e5 g1f3"), "d6", "blocks_bishop",
                "d6 blocks the bishop on f8.");
    expect_idea(after_moves("g2g3 e7e5"), "Bg2", "fianchetto", "Bg2 fianchettoes the bishop.");
    expect_no_idea(after_moves("e2e4 e7e5"), "Be2", "fianchetto");
    // 7...b6 of Edward Lasker - Thomas: the c8 bishop can go to b7 next.
    const Line thomas =
        after_moves("d2d4 e7e6 g1f3 f7f5 b1c3 g8f6 c1g5 f8e7 g5f6 e7f6 e2e4 f5e4 c3e4");
    expect_idea(thomas, "b6", "fianchetto", "b6 prepares to fianchetto the bishop.");
    expect_no_idea(thomas, "b5", "fianchetto");  // two steps: the b6 square is no shelter
    // The bishop has left home: nothing to fianchetto.
    expect_no_idea(after_moves("d2d4 d7d5 c1f4 g8f6"), "b3", "fianchetto");
    EXPECT_EQ(truth("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    {{"predicate", "prepares_fianchetto"}, {"args", {{"move", "g3"}}}}),
              Truth::True);
    EXPECT_EQ(truth("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    {{"predicate", "prepares_fianchetto"}, {"args", {{"move", "g4"}}}}),
              Truth::False);
}

// The cost of a king or rook move that ends a right to castle (the King's Gambit's 4.Kf1).
TEST(Ideas, GivesUpCastling) {
    const Line gambit = after_moves("e2e4 e7e5 f2f4 e5f4 f1c4 d8h4");
    expect_idea(gambit, "Kf1", "gives_up_castling", "Kf1 gives up the right to castle.");
    const IdeasResult r = ideas_of(gambit, "Kf1");
    ASSERT_NE(find(r, "gives_up_castling"), nullptr);
    EXPECT_TRUE(find(r, "gives_up_castling")->cost);
    // A rook move ends its own side's right only.
    const Line both = after_moves("b1c3 b8c6 d2d3 d7d6 c1e3 c8e6 d1d2 d8d7");
    expect_idea(both, "Rb1", "gives_up_castling", "Rb1 gives up castling queenside.");
    // Castling, a king without rights, and a rook whose right is gone say nothing of it.
    const Line castle = after_moves("e2e4 e7e5 g1f3 b8c6 f1c4 f8c5");
    expect_no_idea(castle, "O-O", "gives_up_castling");
    expect_no_idea(after_moves("e2e4 e7e5 e1e2 e8e7 e2e1 e7e8"), "Ke2", "gives_up_castling");
    expect_no_idea(after_moves("e2e4 e7e5 g1f3 b8c6 h1g1 g8f6 g1h1 f6g8"), "Rg1",
                   "gives_up_castling");
    // With the queen still on d1, Rb1 loses a right castling was not ready to use, and O-O
    // remains: not worth saying.
    const Line early = after_moves("b1c3 b8c6 d2d3 d7d6 c1e3 c8e6");
    expect_no_idea(early, "Rb1", "gives_up_castling");
}

TEST(Ideas, CentreAndSpace) {
    const Line start = after_moves("");
    expect_idea(start, "e4", "occupies_centre", "e4 occupies the centre.");
    expect_no_idea(start, "c4", "occupies_centre");
    // A pawn capture the opponent takes back is an exchange, not a centre: the Sicilian's
    // 3...cxd4 (4.Nxd4); one nothing can take back holds it (2...fxe4 with the knight on f3).
    expect_no_idea(after_moves("e2e4 c7c5 g1f3 e7e6 d2d4"), "cxd4", "occupies_centre");
    expect_idea(after_moves("e2e4 f7f5 g1f3"), "fxe4", "occupies_centre",
                "fxe4 occupies the centre.");
    expect_idea(start, "c4", "gains_space", "c4 gains space on the queenside.");
    expect_no_idea(start, "c3", "gains_space");
    // The Queen's Gambit: 2.c4 offers an exchange against d5, which the queen defends.
    expect_idea(after_moves("d2d4 d7d5"), "c4", "strikes", "c4 strikes at the pawn on d5.");
    expect_no_idea(after_moves("e2e4"), "e5", "strikes");
    // A capture the opponent takes back is an exchange, not a break: 8.cxd5 of Fischer-Spassky
    // (Reykjavik 1972) lands on d5 beside e6, and ...Nxd5 takes back.
    const Line exchange =
        after_moves("c2c4 e7e6 g1f3 d7d5 d2d4 g8f6 b1c3 f8e7 c1g5 e8g8 e2e3 h7h6 g5h4 b7b6");
    expect_no_idea(exchange, "cxd5", "strikes");
    // 9...Qxe7 takes the bishop that attacked the f8 rook: it recaptures, it defends nothing.
    const Line qxe7 = after_moves(
        "c2c4 e7e6 g1f3 d7d5 d2d4 g8f6 b1c3 f8e7 c1g5 e8g8 e2e3 h7h6 g5h4 b7b6 c4d5 f6d5 h4e7");
    expect_no_idea(qxe7, "Qxe7", "defends_piece");
    expect_idea(qxe7, "Qxe7", "recaptures", "Qxe7 recaptures on e7.");
    // ...d5 against c4 and e4 at once: one sentence naming both pawns.
    expect_idea(after_moves("e2e4 e7e6 c2c4"), "d5", "strikes",
                "d5 strikes at the pawns on c4 and e4.");
}

TEST(Ideas, ThreatsAndDoubleAttacks) {
    expect_idea(after_moves("e2e4 e7e5"), "Nf3", "threatens_win",
                "Nf3 threatens to win the pawn on e5.");
    // Bc4 after 5...dxe5: Qxf7 would mate.
    expect_idea(opera(10), "Bc4", "threatens_mate", "Bc4 threatens mate on f7.");
    // 7.Qb3 hits b7 and f7 at once.
    expect_idea(opera(12), "Qb3", "threatens_win",
                "Qb3 threatens to win the pawn on b7 and the pawn on f7.");
    // 4...Bxf3 attacks the queen on d1, but the bishop is taken at once: a trade, no threat.
    const Line bxf3 = opera(7);
    expect_no_idea(bxf3, "Bxf3", "threatens_win");
    expect_idea(bxf3, "Bxf3", "trades", "Bxf3 trades the bishop for the knight on f3.");
    // 3...Bg4 pins the knight to the queen.
    expect_idea(opera(5), "Bg4", "pins", "Bg4 pins the knight on f3 to the queen on d1.");
    // 13.Qa3 of Fischer-Spassky (Reykjavik 1972): queen against queen, but nothing defends the
    // one on e7, so ...c4 would lose it. 12.Qa4 pins nothing: the a7 pawn advancing along the
    // a-file still shields the rook on a8.
    const Line reykjavik = after_moves(
        "c2c4 e7e6 g1f3 d7d5 d2d4 g8f6 b1c3 f8e7 c1g5 e8g8 e2e3 h7h6 g5h4 b7b6 c4d5 f6d5 h4e7 "
        "d8e7 c3d5 e6d5 a1c1 c8e6");
    expect_no_idea(reykjavik, "Qa4", "pins");
    Line qa3 = reykjavik;
    for (const char* m : {"d1a4", "c7c5"}) qa3.pos.do_move(parse_move_text(qa3.pos, m).move);
    expect_idea(qa3, "Qa3", "pins", "Qa3 pins the pawn on c5 to the queen on e7.");
    // With the queen defended (a rook on e8), the c5 pawn pins to nothing worth saying.
    expect_no_idea(after_moves("", "4r1k1/p3qpp1/4b2p/2pp4/Q7/4PN2/PP3PPP/2R1KB1R w K - 0 1"),
                   "Qa3", "pins");
    // A queen facing a queen that can take it back evenly is an offer to trade, not a threat
    // to win the queen: Black trades (or retreats) first.
    const Line queens = after_moves("", "1R6/6k1/2q5/8/8/8/8/1Q4K1 w - - 0 1");
    expect_no_idea(queens, "Qb6", "threatens_win");
    expect_idea(queens, "Qb6", "offers_trade", "Qb6 offers a trade with the queen on c6.");
    // A rook against the queen: taking the rook loses the queen for it, so it is no offer to
    // trade; but the queen steps away to a safe square, so the rook gains a tempo on it and
    // wins nothing (14...c4 of Botvinnik-Capablanca, AVRO 1938, on the queen on d3).
    const Line rook = after_moves("", "7k/8/2q5/8/8/8/1R6/1R4K1 w - - 0 1");
    expect_no_idea(rook, "Rb6", "offers_trade");
    expect_no_idea(rook, "Rb6", "threatens_win");
    expect_idea(rook, "Rb6", "tempo", "Rb6 attacks the queen on c6 with tempo.");
    // Pinned to its king on a8, with the bishop on e6 guarding c8, the queen is lost.
    expect_idea(after_moves("", "kq6/pp6/4B3/8/8/8/8/2R3K1 w - - 0 1"), "Rc8", "threatens_win",
                "Rc8 threatens to win the queen on b8.");
}

// The Evergreen game, 9.e5: the pawn attacks the queen on f6. By static exchange it can be won
// where it lands (...Nxe5 Nxe5 Qxe5), so on the board alone it gains no tempo; when the engine's
// line declines it and the queen steps away (9...Qg6), it does. A line that takes the pawn, or
// whose reply leaves the queen where it stands, says nothing of a tempo.
TEST(Ideas, ATempoThePieceEnPriseGainsWhenTheLineDeclinesIt) {
    const Line evergreen =
        after_moves("", "r1b1k1nr/pppp1ppp/2n2q2/b7/2B1P3/1QPp1N2/P4PPP/RNB2RK1 w kq - 2 9");
    auto with_line = [&](const char* uci_line) {
        return ideas_with_line(evergreen, "e5", uci_line);
    };
    expect_no_idea(evergreen, "e5", "tempo");
    const IdeasResult declined = with_line("f6g6 f1d1 g8e7");
    const Idea* i = find(declined, "tempo");
    ASSERT_NE(i, nullptr) << all(declined);
    EXPECT_EQ(i->text, "e5 attacks the queen on f6 with tempo.");
    EXPECT_EQ(find(with_line("c6e5 f3e5 f6e5"), "tempo"), nullptr);
    EXPECT_EQ(find(with_line("g8e7 e5f6 g7f6"), "tempo"), nullptr);
}

// Zukertort - Blackburne, 26.gxh7+: the doubled g-pawn takes on h7, where the king could take
// it back; the engine's line declines (Kh8), so nothing is "traded off". Without a line the board
// alone says the trade.
TEST(Ideas, ATradeIsOnlyWhatTheLineTakesBack) {
    const Line zb = after_moves("", "2r3k1/pb2q2p/1p2p1P1/8/3Pp3/1P2R3/PBrQ2PP/5RK1 w - - 1 26");
    expect_idea(zb, "gxh7+", "undoubles", "gxh7+ trades off the doubled pawn on g6.");
    Position after = zb.pos;
    const Move gxh7 = parse_move_text(after, "gxh7+").move;
    after.do_move(gxh7);
    const std::vector<Move> declined = {parse_move_text(after, "Kh8").move};
    EXPECT_EQ(find(move_ideas(zb.pos, gxh7, NoSquare, false, declined), "undoubles"), nullptr);
    const std::vector<Move> taken = {parse_move_text(after, "Kxh7").move};
    EXPECT_NE(find(move_ideas(zb.pos, gxh7, NoSquare, false, taken), "undoubles"), nullptr);
}

TEST(Ideas, DiscoveredAndDoubleChecks) {
    const Line battery = after_moves("", "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1");
    expect_idea(battery, "Nd6+", "discovered_check", "Nd6+ gives a double check.");
    expect_idea(battery, "Nc3+", "discovered_check", "Nc3+ gives a discovered check.");
    expect_no_idea(after_moves("", "4k3/8/8/8/4N3/8/8/3R2K1 w - - 0 1"), "Nd6+",
                   "discovered_check");  // the knight's own check only
}

// The verifier's verdict on one claim (JSON, as `verify --claims` reads it) in the position fen.
Truth truth(const char* fen, const nlohmann::json& claim) {
    static const ToolSuite suite;
    static const ClaimVerifier verifier(suite);
    Position pos;
    EXPECT_TRUE(pos.set(fen).ok());
    ClaimsParse p = parse_claims_json(nlohmann::json::array({{{"claims", {claim}}}}));
    EXPECT_TRUE(p.ok()) << claim.dump() << (p.error ? p.error->text() : "");
    if (!p.ok()) return Truth::Unverifiable;
    return verifier.verify(pos, p.doc->atoms[0].claims[0]).result;
}

// Trades offered and the threats that are only trades (positions of the Strategic Test Suite's
// offer-of-simplification theme, tests/data/sts_dev.jsonl).
TEST(Ideas, TradesOfferedAndThreatsThatAreOnlyTrades) {
    // 027 Nh4: the knight leaves the g2 bishop's diagonal, which now faces the c6 bishop; h4 on
    // the rim is no outpost, and the knight no longer "avoids" the c6 bishop it leaves to g2.
    const Line nh4 =
        after_moves("", "2r2rk1/p3qp1p/2b1pp1Q/2b5/1n6/2N2NP1/1P2PPBP/R2R2K1 w - - 0 1");
    expect_idea(nh4, "Nh4", "offers_trade",
                "Nh4 offers a trade of the bishop on g2 for the bishop on c6.");
    expect_no_idea(nh4, "Nh4", "outpost");
    expect_no_idea(nh4, "Nh4", "avoids_trade");
    EXPECT_EQ(truth(nh4.pos.fen().c_str(),
                    {{"predicate", "offers_trade"}, {"args", {{"move", "Nh4"}, {"square", "c6"}}}}),
              Truth::False);  // the knight itself offers nothing
    // 067 Nf3: the d3 queen now faces the d6 queen, which can take it back evenly: an offer to
    // trade queens, not a threat to win the queen.
    const Line nf3 = after_moves("", "6bk/6p1/1b1q2n1/p6p/3N4/1P1Q4/P4PPP/3R2K1 w - - 0 1");
    expect_no_idea(nf3, "Nf3", "threatens_win");
    expect_idea(nf3, "Nf3", "offers_trade",
                "Nf3 offers a trade of the queen on d3 for the queen on d6.");
    // 073 ...Nd5: the knight goes where the c6 bishop takes it and is taken back.
    const Line nd5 = after_moves("", "7r/p1P2kb1/1nB1b3/6pp/4p3/2P3BP/PP3PP1/R5K1 b - - 0 1");
    expect_idea(nd5, "Nd5", "offers_trade", "Nd5 offers a trade with the bishop on c6.");
    // 033 Rg3: shielding the c3 pawn from the h3 rook leaves h3 free for the offer.
    const Line rg3 = after_moves("", "2r5/p4k2/4bp2/Ppp3p1/4p3/B1P4r/2P2P1P/R3KNR1 w - - 0 1");
    expect_idea(rg3, "Rg3", "offers_trade", "Rg3 offers a trade with the rook on h3.");
    // Samisch - Nimzowitsch, 24...Bd3: the bishop attacks the b1 knight, which cannot take it.
    // Only Black can start that trade: no offer White can take up. Black, behind in material,
    // threatens it only when the engine's line sidesteps it or makes it (here it does neither).
    const Line bd3 =
        after_moves("", "6k1/3q2pp/p2bp3/1b1p1r2/1p1Pp3/4Q1PP/PP1B1rB1/1NR3RK b - - 5 24");
    expect_no_idea(bd3, "Bd3", "offers_trade");
    EXPECT_EQ(find(ideas_with_line(bd3, "Bd3", "c1e1 h7h6 g3g4"), "offers_trade"), nullptr);
    EXPECT_EQ(truth(bd3.pos.fen().c_str(),
                    {{"predicate", "offers_trade"}, {"args", {{"move", "Bd3"}, {"square", "b1"}}}}),
              Truth::False);
    // 003 ...Nf5: the knight attacks the g3 bishop, which cannot take it; Nxg3 hxg3 is even.
    // At level material it is a threat when the line sidesteps it (Bh4) or makes it (Nxg3).
    const Line nf5 =
        after_moves("", "1k1r1b1r/ppqbnp2/4p1pp/n2pP3/2pP4/P1P3B1/1P1NBPPP/1R1QRNK1 b - - 0 1");
    expect_no_idea(nf5, "Nf5", "offers_trade");
    for (const char* line : {"g3h4 h6h5", "d2f3 f5g3 h2g3"}) {
        const IdeasResult r = ideas_with_line(nf5, "Nf5", line);
        const Idea* i = find(r, "offers_trade");
        ASSERT_NE(i, nullptr) << line << "\n" << all(r);
        EXPECT_EQ(i->text, "Nf5 threatens to trade the knight for the bishop on g3.");
    }
    EXPECT_EQ(find(ideas_with_line(nf5, "Nf5", "d2f3 h6h5"), "offers_trade"), nullptr);
    EXPECT_EQ(truth(nf5.pos.fen().c_str(), {{"predicate", "threatens_trade"},
                                            {"args", {{"move", "Nf5"}, {"square", "g3"}}}}),
              Truth::True);
    EXPECT_EQ(truth(nf5.pos.fen().c_str(),
                    {{"predicate", "offers_trade"}, {"args", {{"move", "Nf5"}, {"square", "g3"}}}}),
              Truth::False);
    // STS Bishop vs Knight 025, Bxf6: the line trades with a check in between (Rxc1+ Nxc1
    // gxf6); a line whose opponent never takes back on f6 trades nothing.
    const Line bxf6 =
        after_moves("", "2r2nk1/1b3ppp/p2q1n2/1p1p4/3B1P1Q/1P1NP1P1/P5BP/2R3K1 w - - 0 1");
    const IdeasResult in_between = ideas_with_line(bxf6, "Bxf6", "c8c1 d3c1 g7f6");
    ASSERT_NE(find(in_between, "trades"), nullptr) << all(in_between);
    EXPECT_EQ(find(in_between, "trades")->text, "Bxf6 trades the bishop for the knight on f6.");
    EXPECT_EQ(find(ideas_with_line(bxf6, "Bxf6", "c8c1 d3c1 h7h6"), "trades"), nullptr);
    // 067 Nf3 uncovers an offer of queens (the d6 queen can take back); the knight itself
    // threatens no trade with the queen.
    EXPECT_EQ(truth(nf3.pos.fen().c_str(), {{"predicate", "threatens_trade"},
                                            {"args", {{"move", "Nf3"}, {"square", "d6"}}}}),
              Truth::False);
    // 023 ...Bf6: the e8 rook now pins the e5 bishop to the king on e2 and the bishop attacks
    // it a second time. Bxe5 dxe5 Nxe5 would net a pawn, not the bishop: no "wins the bishop".
    const Line bf6 =
        after_moves("", "2r1r1k1/pN2b1p1/2p4p/1p1nBp1P/3P2n1/1NP5/PP2KPP1/3R3R b - - 0 1");
    expect_idea(bf6, "Bf6", "attacks_pinned", "Bf6 attacks the pinned bishop on e5.");
    expect_no_idea(bf6, "Bf6", "threatens_win");
    // A pin the moved piece makes itself is a pin (Bg4 in the Opera game), not this idea.
    expect_no_idea(opera(5), "Bg4", "attacks_pinned");
}

TEST(Ideas, RecapturesOnlyWhatWasTaken) {
    // 5.Qxf3 takes back on f3 after 4...Bxf3 (the game says the bishop captured there).
    const Line qxf3 = opera(8);
    expect_idea(qxf3, "Qxf3", "recaptures", "Qxf3 recaptures on f3.");
    expect_no_idea(qxf3, "Qxf3", "trades");
    // From the FEN alone the capture is no recapture: White was down more than the bishop.
    Line fen_only = qxf3;
    fen_only.previous_capture = NoSquare;
    fen_only.previous_known = false;
    expect_no_idea(fen_only, "Qxf3", "recaptures");
    // The Immortal Game, 5.Bxb5: White is a pawn down (the gambit pawn) and takes the pawn 4...b5
    // offered, but 4...b5 captured nothing: no recapture when the game's moves say so.
    const Line bxb5 = after_moves("e2e4 e7e5 f2f4 e5f4 f1c4 d8h4 e1f1 b7b5");
    expect_no_idea(bxb5, "Bxb5", "recaptures");
    expect_idea(bxb5, "Bxb5", "pins", "Bxb5 pins the pawn on d7 to the king.");
    expect_idea(bxb5, "Bxb5", "wins_back", "Bxb5 regains material by taking the pawn on b5.");
    // Capablanca - Tartakower, 10.Bxe7 Nxc3 11.bxc3: material is level before the recapture,
    // and it is one all the same when the game says 10...Nxc3 captured on c3.
    const Line bxc3 = after_moves(
        "d2d4 e7e6 g1f3 f7f5 c2c4 g8f6 c1g5 f8e7 b1c3 e8g8 e2e3 b7b6 f1d3 c8b7 e1g1 d8e8 d1e2 "
        "f6e4 g5e7 e4c3");
    expect_idea(bxc3, "bxc3", "recaptures", "bxc3 recaptures on c3.");
    // The verifier reads the previous move from its options; without it, from a position alone,
    // a level recapture is not proved (the mover was not behind).
    const ToolSuite suite;
    VerifyOptions known;
    known.previous_known = true;
    known.previous_capture = bxc3.previous_capture;
    const ClaimVerifier with_game(suite, known);
    const ClaimVerifier position_only(suite);
    ClaimsParse claim = parse_claims_json(nlohmann::json::array(
        {{{"claims",
           {{{"predicate", "recaptures"}, {"args", {{"move", "bxc3"}, {"square", "c3"}}}}}}}}));
    ASSERT_TRUE(claim.ok());
    const SubClaim& c = claim.doc->atoms[0].claims[0];
    EXPECT_EQ(with_game.verify(bxc3.pos, c).result, Truth::True);
    EXPECT_EQ(position_only.verify(bxc3.pos, c).result, Truth::False);
    known.previous_capture = NoSquare;  // the previous move captured nothing
    EXPECT_EQ(ClaimVerifier(suite, known).verify(bxc3.pos, c).result, Truth::False);
}

TEST(Ideas, MaterialWonBackIsSaidAsSuch) {
    // The Evergreen, 12.Qxb5: White, two pawns down after the Evans gambit, takes the b5 pawn;
    // still behind after it, so it regains material rather than "captures the undefended pawn".
    const Line evergreen = after_moves(
        "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 b2b4 c5b4 c2c3 b4a5 d2d4 e5d4 e1g1 d4d3 d1b3 d8f6 e4e5 f6g6 "
        "f1e1 g8e7 c1a3 b7b5");
    expect_idea(evergreen, "Qxb5", "wins_back", "Qxb5 regains material by taking the pawn on b5.");
    expect_no_idea(evergreen, "Qxb5", "captures_undefended");
    // Ahead after the capture: that is a capture of an undefended piece, not material won back.
    const Line ahead = after_moves("", "4k3/ppp5/8/3n4/8/8/8/3RK3 w - - 0 1");
    expect_no_idea(ahead, "Rxd5", "wins_back");
    expect_idea(ahead, "Rxd5", "captures_undefended", "Rxd5 captures the undefended knight on d5.");
    // A defended pawn taken while behind is neither.
    expect_no_idea(after_moves("", "4k3/ppp5/2p5/3p4/8/8/8/3RK3 w - - 0 1"), "Rxd5", "wins_back");

    const std::string fen = evergreen.pos.fen();
    EXPECT_EQ(truth(fen.c_str(), {{"predicate", "wins_back"}, {"args", {{"move", "Qxb5"}}}}),
              Truth::True);
    EXPECT_EQ(truth(fen.c_str(), {{"predicate", "wins_back"}, {"args", {{"move", "Qa4"}}}}),
              Truth::False);  // no capture
    EXPECT_EQ(truth("4k3/ppp5/8/3n4/8/8/8/3RK3 w - - 0 1",
                    {{"predicate", "wins_back"}, {"args", {{"move", "Rxd5"}}}}),
              Truth::False);  // ahead after it
    EXPECT_EQ(truth("4k3/pp6/8/3n4/8/8/8/3RK3 w - - 0 1",
                    {{"predicate", "wins_back"}, {"args", {{"move", "Rxd5"}}}}),
              Truth::False);  // level before it
}

TEST(Ideas, BreaksAPinToTheQueen) {
    // Edward Lasker-Thomas, 4...Be7: the bishop steps between the knight on f6 and the queen on
    // d8, so the bishop on g5 no longer pins the knight; on e7, hemmed in by its own queen and
    // knight, the bishop has nothing of the h4-d8 diagonal.
    const Line bg5 = after_moves("d2d4 e7e6 g1f3 f7f5 b1c3 g8f6 c1g5");
    expect_idea(bg5, "Be7", "unpins", "Be7 breaks the pin on the knight on f6.");
    expect_no_idea(bg5, "Be7", "open_diagonal");
    expect_no_idea(bg5, "Qe7", "unpins");  // the queen behind it on e7: still pinned
    expect_no_idea(bg5, "b6", "unpins");
    const std::string fen = bg5.pos.fen();
    EXPECT_EQ(truth(fen.c_str(),
                    {{"predicate", "unpins"}, {"args", {{"move", "Be7"}, {"square", "f6"}}}}),
              Truth::True);
    EXPECT_EQ(truth(fen.c_str(),
                    {{"predicate", "unpins"}, {"args", {{"move", "Qe7"}, {"square", "f6"}}}}),
              Truth::False);
}

TEST(Ideas, SacrificesAndPiecesEnPrise) {
    // 10.Nxb5: the knight can be taken; 13.Rxd7 the exchange (a rook for the d7 knight): no
    // seventh rank for a rook that falls.
    expect_idea(opera(18), "Nxb5", "sacrifice", "Nxb5 sacrifices the knight on b5.");
    const Line rxd7 = opera(24);
    expect_idea(rxd7, "Rxd7", "sacrifice", "Rxd7 sacrifices the exchange on d7.");
    expect_no_idea(rxd7, "Rxd7", "seventh_rank");
    expect_no_idea(rxd7, "Rxd7", "threatens_win");
    // Evans gambit: 4.b4 offers the pawn.
    expect_idea(after_moves("e2e4 e7e5 g1f3 b8c6 f1c4 f8c5"), "b4", "sacrifice",
                "b4 offers the pawn on b4.");
}

TEST(Ideas, Pieces) {
    // 12.O-O-O: the rook on d1 stands on the open d-file.
    expect_idea(opera(22), "O-O-O", "rook_file", "O-O-O puts the rook on the open d-file.");
    const Line rooks = after_moves("", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
    expect_idea(rooks, "Rd1", "rook_file", "Rd1 puts the rook on the open d-file.");
    const Line doubled = after_moves("", "4k3/8/8/8/8/8/3R4/R3K3 w - - 0 1");
    expect_idea(doubled, "Rad1", "rook_file", "Rad1 doubles the rooks on the d-file.");
    const Line seventh = after_moves("", "6k1/pp3ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    expect_idea(seventh, "Rd7", "seventh_rank", "Rd7 puts the rook on the seventh rank.");
    expect_no_idea(seventh, "Rd6", "seventh_rank");
    // A knight on d5: defended by the e4 pawn, no black c- or e-pawn can reach it.
    const Line outpost = after_moves("", "4k3/pp3ppp/3p4/8/4P3/2N5/PP3PPP/4K3 w - - 0 1");
    expect_idea(outpost, "Nd5", "outpost", "Nd5 puts the knight on an outpost.");
    const Line no_outpost = after_moves("", "4k3/pp2pppp/3p4/8/4P3/2N5/PP3PPP/4K3 w - - 0 1");
    expect_no_idea(no_outpost, "Nd5", "outpost");  // ...e6 can chase it
    const Line diagonal = after_moves("", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
    expect_idea(diagonal, "Bb2", "open_diagonal",
                "Bb2 puts the bishop on the open a1-h8 diagonal.");
    expect_idea(after_moves(""), "e4", "frees_piece", "e4 frees the bishop on f1.");
}

// A diagonal the enemy's bishop holds too, or one the bishop cannot use because it is pinned to
// its king there, is not the mover's open diagonal.
TEST(Ideas, AnOpenDiagonalIsOneThePieceCanUse) {
    // Bb2 (defended by the knight) meets the bishop on g7 face to face: a contested diagonal.
    expect_no_idea(after_moves("", "4k3/6b1/8/8/8/8/8/2BNK3 w - - 0 1"), "Bb2", "open_diagonal");
    expect_idea(after_moves("", "4k3/8/8/8/8/8/8/2BNK3 w - - 0 1"), "Bb2", "open_diagonal",
                "Bb2 puts the bishop on the open a1-h8 diagonal.");
    // Be5 (defended by the knight) stands between the rook on e8 and the king on e1.
    expect_no_idea(after_moves("", "k3r3/8/8/8/2N5/6B1/8/4K3 w - - 0 1"), "Be5", "open_diagonal");
    expect_idea(after_moves("", "k3r3/8/8/8/2N5/6B1/8/3K4 w - - 0 1"), "Be5", "open_diagonal",
                "Be5 puts the bishop on the open a1-h8 diagonal.");
}

TEST(Ideas, APinThePinnedPieceCanBreakByTakingIsAnOfferToTrade) {
    // Rd8 faces the rook on e8 with the king behind it, but ...Rxd8 Rxd8+ is an even trade:
    // Rd8 offers it, it pins nothing.
    const Line rooks = after_moves("", "4r1k1/5pp1/7p/8/8/8/3R1PPP/3R2K1 w - - 0 1");
    expect_no_idea(rooks, "Rd8", "pins");
    expect_idea(rooks, "Rd8", "offers_trade", "Rd8 offers a trade with the rook on e8.");
    // A knight pinned by a bishop cannot take it: that stays a pin.
    const Line knight = after_moves("", "4k3/1p6/2n5/8/8/8/8/4KB2 w - - 0 1");
    expect_idea(knight, "Bb5", "pins", "Bb5 pins the knight on c6 to the king.");
}

TEST(Ideas, TheQueenOnAnOpenFile) {
    // No pawn on the e-file and no white rook: Qe2 takes the file as a rook would. Qd7+ stays on
    // the d-file it stood on.
    const Line open = after_moves("", "4k3/pp3ppp/8/8/8/8/PP3PPP/3QK3 w - - 0 1");
    expect_idea(open, "Qe2+", "rook_file", "Qe2+ puts the queen on the open e-file.");
    expect_no_idea(open, "Qd7+", "rook_file");
    // A rook of White's holds the c-file already: the queen joins it, no new file.
    expect_no_idea(after_moves("", "4k3/pp3ppp/8/8/8/8/PP3PPP/2RQK3 w - - 0 1"), "Qc2",
                   "rook_file");
    // Half-open: only Black's pawn on the c-file.
    expect_idea(after_moves("", "4k3/ppp2ppp/8/8/8/8/PP3PPP/3QK3 w - - 0 1"), "Qc2", "rook_file",
                "Qc2 puts the queen on the half-open c-file.");
}

TEST(Ideas, TakesAnUndefendedPiece) {
    // The Immortal Game, 19...Qxa1+: nothing of White's defends the rook on a1. Said before the
    // queen's next threat (a pawn), as a player says it.
    const Line immortal =
        after_moves("", "rnb1k1nr/p2p1ppp/3B4/1p1NPN1P/6P1/3P1Q2/PqP5/R4Kb1 b kq - 0 19");
    expect_idea(immortal, "Qxa1+", "captures_undefended",
                "Qxa1+ captures the undefended rook on a1.");
    EXPECT_EQ(ideas_of(immortal, "Qxa1+").ideas.front().kind, "captures_undefended");
    // 2...exf4 in the King's Gambit takes a pawn nothing defends; 3.Bxf7+ is taken back by the
    // king (defended); a recapture is said as one.
    expect_idea(after_moves("e2e4 e7e5 f2f4"), "exf4", "captures_undefended",
                "exf4 captures the undefended pawn on f4.");
    expect_no_idea(after_moves("e2e4 e7e5 f1c4 b8c6"), "Bxf7+", "captures_undefended");
    expect_no_idea(after_moves("e2e4 d7d5 e4d5"), "Qxd5", "captures_undefended");
    // Opera game, 5...dxe5: Black wins back the pawn of 4.dxe5, no gain of a pawn.
    expect_no_idea(opera(9), "dxe5", "captures_undefended");
    // The capture of the pawn on c5 leaves room for what the capture makes: a passed pawn there.
    const Line passer = after_moves("", "4k3/8/8/2p5/1P6/8/8/4K3 w - - 0 1");
    expect_idea(passer, "bxc5", "captures_undefended", "bxc5 captures the undefended pawn on c5.");
}

TEST(Ideas, WinsTheExchange) {
    // The Immortal Game, 18...Bxg1: the bishop takes the rook the king defends; even after Kxg1
    // Black has a rook for a bishop.
    const Line immortal =
        after_moves("", "rnb1k1nr/p2p1ppp/3B4/1pbN1N1P/4P1P1/3P1Q2/PqP5/R4KR1 b kq - 1 18");
    expect_idea(immortal, "Bxg1", "wins_exchange", "Bxg1 wins the exchange on g1.");
    // A knight takes the queen the rook defends.
    const Line queen = after_moves("", "4k3/3r4/8/3q4/8/4N3/8/Q3K2R w - - 0 1");
    expect_idea(queen, "Nxd5", "wins_exchange", "Nxd5 wins the queen on d5 for a knight.");
    // Undefended: said as such; the same worth: a trade; the mover behind in material (a
    // position alone: most likely taking back): a capture, not a win; taking back what was just
    // taken: neither.
    expect_no_idea(after_moves("", "4k3/8/8/3q4/8/4N3/8/Q3K2R w - - 0 1"), "Nxd5", "wins_exchange");
    expect_no_idea(after_moves("", "4k3/3r4/8/3n4/8/4N3/8/Q3K2R w - - 0 1"), "Nxd5",
                   "wins_exchange");
    expect_idea(after_moves("", "4k3/3r4/8/3q4/8/4N3/8/4K3 w - - 0 1"), "Nxd5", "wins_exchange",
                "Nxd5 takes the queen on d5 for a knight.");
    // 18.Bxb6 of Byrne-Fischer (New York 1956), a pawn down: it takes the queen 17...Be6 left,
    // and the windmill that follows takes back more; "wins the queen" would mislead.
    expect_idea(after_moves("", "r3r1k1/pp3pbp/1qp1b1p1/2B5/2BP4/Q1n2N2/P4PPP/3R1K1R w - - 4 18"),
                "Bxb6", "wins_exchange", "Bxb6 takes the queen on b6 for a bishop.");
    // ...Qxd5 took the bishop; Nxd5 takes back (the game's move is known): no win of a queen.
    const Line back = after_moves("b5d5", "r3k3/3r4/8/1q1B4/8/4N3/8/R2QK2R b KQ - 0 1");
    expect_no_idea(back, "Nxd5", "wins_exchange");
}

TEST(Ideas, PreparesAnAdvance) {
    // Giuoco Piano, 4.c3: d4 would lose a pawn now (...exd4 and the c5 bishop and c6 knight
    // hold it); after c3 the c-pawn takes back.
    const Line giuoco = after_moves("e2e4 e7e5 g1f3 b8c6 f1c4 f8c5");
    expect_idea(giuoco, "c3", "prepares_advance", "c3 prepares d4.");
    expect_no_idea(giuoco, "d3", "prepares_advance");
    // Caro-Kann 1...c6 and French 1...e6 prepare ...d5; of the French's ...d5 and ...f5 only
    // the centre is said.
    const Line e4 = after_moves("e2e4");
    expect_idea(e4, "c6", "prepares_advance", "c6 prepares d5.");
    expect_idea(e4, "e6", "prepares_advance", "e6 prepares d5.");  // not "d5 and f5"
    // 1...d6 prepares nothing: no pawn can advance to the squares it covers for a break.
    expect_no_idea(e4, "d6", "prepares_advance");
}

TEST(Ideas, DefendsOrShieldsAPiece) {
    // Steinitz - von Bardeleben, Hastings 1895, 10...Be7: the bishop steps between the g5 bishop
    // and the queen; that is a shield, not merely a defender (the queen could not be kept by one).
    const Line pinned =
        after_moves("", "r2qk2r/ppp2ppp/2n1b3/3n2B1/1bBP4/2N2N2/PP3PPP/R2Q1RK1 b kq - 3 10");
    expect_idea(pinned, "Be7", "defends_piece",
                "Be7 shields the queen on d8 from the bishop on g5.");
    // ...Qd7 moves the queen itself: no piece is defended or shielded.
    expect_no_idea(pinned, "Qd7", "defends_piece");
    // The rook on e1 attacks the undefended knight on e5; Bd6 defends it.
    const Line knight = after_moves("", "4kb2/8/8/4n3/8/8/8/4R1K1 b - - 0 1");
    expect_idea(knight, "Bd6", "defends_piece", "Bd6 defends the knight on e5.");
    // Defending a piece nobody attacks says nothing.
    expect_no_idea(after_moves("", "4kb2/8/8/4n3/8/8/8/3R2K1 b - - 0 1"), "Bd6", "defends_piece");
}

TEST(Ideas, PawnStructure) {
    // 10.Nxb5 leaves Black's a7 pawn without neighbours (c6, which can take back on b5, is not
    // named: ...cxb5 would undo it).
    expect_idea(opera(18), "Nxb5", "weakens_enemy_pawns", "Nxb5 leaves the pawn on a7 isolated.");
    const Line passer = after_moves("", "4k3/8/8/2p5/1P6/8/8/4K3 w - - 0 1");
    expect_idea(passer, "bxc5", "creates_passed", "bxc5 creates a passed pawn on c5.");
    const Line push = after_moves("", "8/8/8/P7/8/8/6k1/4K3 w - - 0 1");
    expect_idea(push, "a6", "pushes_passer", "a6 pushes the passed pawn to a6.");
    // Giuoco Piano (Steinitz - von Bardeleben, Hastings 1895), 5...exd4: the d-pawns are doubled
    // only until 6.cxd4 takes back; 6.dxc5 of Rotlewi - Rubinstein likewise, until ...Bxc5.
    const Line piano = after_moves("e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6 d2d4");
    expect_no_idea(piano, "exd4", "own_pawn_weakness");
    // Rotlewi - Rubinstein, Lodz 1907, 11...dxc4: the c4 pawn is passed, but 12.Bxc4 simply
    // takes it: no passed pawn is created.
    const Line taken =
        after_moves("", "r1b2rk1/1p2qppp/p1nbpn2/3p4/1PP5/P1NBPN2/1B1Q1PPP/R3K2R b KQ - 6 11");
    expect_no_idea(taken, "dxc4", "creates_passed");
    // In the middlegame a passed pawn at home is no idea yet.
    expect_no_idea(opera(20), "Bxb5+", "creates_passed");
}

TEST(Ideas, KingSafetyAndActivity) {
    const Line castled = after_moves("", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    expect_idea(castled, "h3", "luft", "h3 gives the king an escape square on h2.");
    // With the black queen on the board g4 thins out the king's cover.
    const Line queen = after_moves("", "q5k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    expect_idea(queen, "g4", "weakens_cover", "g4 weakens the pawn cover of the king on g1.");
    expect_no_idea(queen, "h3", "weakens_cover");
    expect_no_idea(castled, "g4", "weakens_cover");  // no queen to use it
    // An uncastled king gets no "escape square" from e3.
    expect_no_idea(after_moves("", "4k3/8/8/8/8/8/3PPP2/4K3 w - - 0 1"), "e3", "luft");
    const Line walk = after_moves("", "8/5k2/8/8/8/8/1p6/6K1 w - - 0 1");
    expect_idea(walk, "Kf2", "king_activity", "Kf2 brings the king closer to the pawn on b2.");
    expect_no_idea(after_moves(""), "e4", "king_activity");
    // Four steps from pawns that are going nowhere (h6, d5) the king is not going for them;
    // four steps from a passed pawn it runs after (Kf2 above, the b2 pawn) it is.
    const Line rooks = after_moves("", "3R4/6pk/p4p1p/1r1p3P/2pP4/2P1PN2/4bPP1/6K1 w - - 0 1");
    expect_no_idea(rooks, "Kh2", "king_activity");
    // Of two pawns it approaches, the nearer (e4 two steps away, g5 three).
    const Line near = after_moves("", "k7/8/8/6p1/4p3/8/4P1P1/6K1 w - - 0 1");
    expect_idea(near, "Kf2", "king_activity", "Kf2 brings the king closer to the pawn on e4.");
    // With no pawn in reach, Kg1-f1 heads for the centre (as many king steps, fewer squares);
    // Kg1-h1 does not.
    const Line centre = after_moves("", "6k1/8/8/8/8/8/r7/4R1K1 w - - 0 1");
    expect_idea(centre, "Kf1", "king_activity", "Kf1 brings the king toward the centre.");
    expect_no_idea(centre, "Kh1", "king_activity");
    // Capablanca - Tartakower, New York 1924, 35.Kg3: g4 and e4 are the f5 pawn's, so the king
    // goes round by g3 and h4 to its passed pawn on g5 (Chebyshev distance does not change).
    const Line walk_round = after_moves("", "5k2/p1p4R/1pr5/3p1pP1/P2P1P2/2P2K2/8/8 w - - 0 35");
    expect_idea(walk_round, "Kg3", "king_activity",
                "Kg3 brings the king toward its passed pawn on g5.");
    const IdeasResult kg2 = ideas_of(walk_round, "Kg2");  // h4 still two steps away
    EXPECT_TRUE(find(kg2, "king_activity") == nullptr ||
                find(kg2, "king_activity")->text.find("passed") == std::string::npos)
        << all(kg2);
    // 36.Kh4, out of the rook's check: from g3 one step from the pawn's side, now beside it,
    // on its way to g5 and f6. Not "toward the centre": h4 is farther from it than g3, whatever
    // road round the f5 pawn it opens.
    const char* on_h4 = "5k2/p1p4R/1p6/3p1pP1/P2P1P2/2r3K1/8/8 w - - 0 36";
    expect_idea(after_moves("", on_h4), "Kh4", "king_activity",
                "Kh4 brings the king toward its passed pawn on g5.");
    EXPECT_EQ(truth(on_h4, {{"predicate", "centralizes"}, {"args", {{"move", "Kh4"}}}}),
              Truth::False);
    EXPECT_EQ(
        truth(on_h4, {{"predicate", "king_route"}, {"args", {{"move", "Kh4"}, {"square", "g5"}}}}),
        Truth::True);
    const Line opp = after_moves("", "8/8/8/3k4/8/8/3PK3/8 w - - 0 1");
    expect_idea(opp, "Kd3", "opposition", "Kd3 takes the opposition.");
    expect_no_idea(opp, "Ke3", "opposition");
    const Line behind = after_moves("", "8/8/8/P7/8/8/6k1/1R2K3 w - - 0 1");
    expect_idea(behind, "Ra1", "rook_behind_passer",
                "Ra1 puts the rook behind the passed pawn on a5.");
    // Capablanca - Tartakower, 46...Rg1: the rook on g4, behind the g7 pawn already, stood two
    // king steps from the king on e5; on g1 the king cannot chase it.
    const char* kept = "6k1/R5P1/1p6/3pK3/P2P2r1/8/8/8 b - - 0 46";
    expect_idea(after_moves("", kept), "Rg1", "rook_behind_passer",
                "Rg1 keeps the rook behind the passed pawn on g7 out of reach of the king.");
    EXPECT_EQ(truth(kept, {{"predicate", "keeps_distance"}, {"args", {{"move", "Rg1"}}}}),
              Truth::True);
    EXPECT_EQ(truth(kept, {{"predicate", "keeps_distance"}, {"args", {{"move", "Rg5+"}}}}),
              Truth::False);
    // With the king far away the rook was out of its reach already: nothing to say.
    const char* far = "6k1/R5P1/1p6/3p4/P2P2r1/8/K7/8 b - - 0 46";
    expect_no_idea(after_moves("", far), "Rg1", "rook_behind_passer");
    EXPECT_EQ(truth(far, {{"predicate", "keeps_distance"}, {"args", {{"move", "Rg1"}}}}),
              Truth::False);
}

TEST(Ideas, TradesDeclinedBishopPairAndKingOffALine) {
    // The queens face each other on the 4th rank; Black's is defended by b5, so either side could
    // trade. Qd3 steps out of reach: the trade is declined (and the queen is not "in danger").
    const Line facing = after_moves("", "4k3/8/8/1p6/q2Q4/8/8/4K3 w - - 0 1");
    expect_idea(facing, "Qd3", "avoids_trade", "Qd3 avoids the trade with the queen on a4.");
    expect_no_idea(facing, "Qd3", "saves_piece");
    // Black's queen undefended: no trade is on offer (White just wins it).
    expect_no_idea(after_moves("", "4k3/8/8/8/q2Q4/8/8/4K3 w - - 0 1"), "Qd3", "avoids_trade");
    // Nxe5 fxe5 trades a knight for one of Black's two bishops and leaves White's pair against
    // one; without the f6 pawn the bishop is simply won, which is said as material, not as the
    // bishop pair.
    const Line pair = after_moves("", "2b1k3/8/5p2/4b3/8/3N4/8/2B1KB2 w - - 0 1");
    expect_idea(pair, "Nxe5", "bishop_pair", "Nxe5 wins the bishop pair.");
    expect_no_idea(after_moves("", "2b1k3/8/8/4b3/8/3N4/8/2B1KB2 w - - 0 1"), "Nxe5",
                   "bishop_pair");
    // Bxd5 exd5: the bishop pair goes for a knight.
    const Line gives = after_moves("", "4k3/8/4p3/3n4/8/8/6B1/2B1K3 w - - 0 1");
    expect_idea(gives, "Bxd5", "gives_bishop_pair", "Bxd5 gives up the bishop pair.");
    expect_no_idea(after_moves("", "4k3/8/4p3/3n4/8/8/6B1/4K3 w - - 0 1"), "Bxd5",
                   "gives_bishop_pair");  // one bishop: no pair to give
    // The king on g1 sits on the c5 bishop's diagonal behind the black knight on e3: Kh1 steps
    // off it before the knight moves with a discovered check.
    const Line xray = after_moves("", "6k1/5ppp/8/2b5/8/4n3/6PP/3R2K1 w - - 0 1");
    expect_idea(xray, "Kh1", "king_off_line",
                "Kh1 takes the king off the diagonal of the bishop on c5.");
    expect_no_idea(xray, "Kh1", "king_activity");  // safety, not activity: away from the centre
    // Behind its own f2 pawn the king breaks the pin on it, said once, of the piece it frees.
    const Line pinned = after_moves("", "6k1/5ppp/8/2b5/8/8/5PPP/6K1 w - - 0 1");
    expect_idea(pinned, "Kh1", "unpins", "Kh1 breaks the pin on the pawn on f2.");
    expect_no_idea(pinned, "Kh1", "king_off_line");
    // Two pieces between (e3 and f2): no pin is in the air.
    expect_no_idea(after_moves("", "6k1/5ppp/8/2b5/8/4n3/5PPP/6K1 w - - 0 1"), "Kh1",
                   "king_off_line");
    // Rh7 takes e7, f7 and g7 from the king on f8 (the rook alone covers the seventh rank).
    const Line seventh = after_moves("", "5k2/p1p5/1p6/8/8/8/8/4K2R w - - 0 1");
    expect_idea(seventh, "Rh7", "confines_king", "Rh7 confines the king to the back rank.");
    expect_no_idea(seventh, "Rh6", "confines_king");  // not on the seventh rank
    // A king behind three pawns (no square to step to) is not confined by anything.
    expect_no_idea(after_moves("", "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1"), "Ra7", "confines_king");
    // bxc5 leaves White with no doubled pawns; with a pawn on d4, cxd5 doubles the d-pawns
    // instead, but ...exd5 takes back: the doubled c-pawn goes in a trade.
    const Line doubled = after_moves("", "4k3/8/8/2p5/1P6/1P6/8/4K3 w - - 0 1");
    expect_idea(doubled, "bxc5", "undoubles", "bxc5 undoubles the pawns on the b-file.");
    const Line traded = after_moves("", "4k3/8/4p3/3p4/2PP4/2P5/8/4K3 w - - 0 1");
    expect_idea(traded, "cxd5", "undoubles", "cxd5 trades off the doubled pawn on c4.");
    expect_no_idea(after_moves("", "4k3/8/4p3/3p4/2P5/8/8/4K3 w - - 0 1"), "cxd5", "undoubles");
    // A pawn offered on the square it is pushed to: the push is still said (the offer may be
    // dropped later when the engine's line does not take it).
    const Line g7 = after_moves("", "7k/p1R5/1p4P1/3pK3/P2P2r1/8/8/8 w - - 5 45");
    expect_idea(g7, "g7+", "pushes_passer", "g7+ pushes the passed pawn to g7.");
    // A rook on the file: the sentence says "file".
    const Line file = after_moves("", "4r1k1/5ppp/8/8/4b3/8/5PPP/4K3 w - - 0 1");
    expect_idea(file, "Kd1", "king_off_line", "Kd1 takes the king off the file of the rook on e8.");
}

TEST(Ideas, EveryIdeaSentenceIsReadWholeAndVerified) {
    // Over the opera game: each idea's own sentence, read again, gives claims that all hold.
    std::istringstream in(Opera);
    Position pos;
    const ToolSuite suite;
    const ClaimVerifier verifier(suite);
    int checked = 0;
    for (std::string m; in >> m;) {
        MoveParse mp = parse_move_text(pos, m);
        ASSERT_TRUE(mp.ok());
        for (const Idea& i : move_ideas(pos, mp.move).ideas) {
            CommentaryReading r = read_commentary(pos, move_to_uci(pos, mp.move), i.text);
            ASSERT_EQ(r.sentences.size(), 1u) << i.text;
            ASSERT_TRUE(r.sentences[0].read() && !r.sentences[0].partly_read()) << i.text;
            Atom atom{i.text, r.sentences[0].claims};
            EXPECT_TRUE(verifier.verify(pos, atom).correct()) << i.text;
            ++checked;
        }
        pos.do_move(mp.move);
    }
    EXPECT_GT(checked, 30);
}

// Two ideas of one kind are said in one phrase, its shared words once; the reader reads both
// objects and the verifier checks each, so a false second object fails the sentence.
TEST(Ideas, TwoIdeasOfOneKindAreSaidOnce) {
    const Line l = after_moves("", "6rk/8/8/2b5/8/8/5PP1/6K1 w - - 0 1");
    const IdeasResult r = ideas_of(l, "Kh1");
    EXPECT_EQ(r.sentence, "Kh1 breaks the pin on the pawn on f2 and the pawn on g2.") << all(r);
    const ToolSuite suite;
    const ClaimVerifier verifier(suite);
    auto verdict = [&](const std::string& text) {
        CommentaryReading read = read_commentary(l.pos, "g1h1", text);
        EXPECT_EQ(read.sentences.size(), 1u) << text;
        if (read.sentences.size() != 1 || !read.sentences[0].read() ||
            read.sentences[0].partly_read())
            return std::string("unread");
        EXPECT_EQ(read.sentences[0].claims.size(), 2u) << text;
        return std::string(
            verifier.verify(l.pos, {text, read.sentences[0].claims}).correct() ? "true" : "false");
    };
    EXPECT_EQ(verdict("Kh1 breaks the pin on the pawn on f2 and the pawn on g2."), "true");
    EXPECT_EQ(verdict("Kh1 breaks the pin on the pawn on f2 and the pawn on h2."), "false");
    EXPECT_EQ(verdict("Kh1 breaks the pin on the pawn on f3 and the pawn on g2."), "false");
}

TEST(Ideas, PhrasesAreReadInAnyCommentaryAndFalseOnesFail) {
    const ToolSuite suite;
    const ClaimVerifier verifier(suite);
    Position start;
    auto verdict = [&](const Position& pos, const char* move, const std::string& text) {
        CommentaryReading r = read_commentary(pos, move, text);
        EXPECT_EQ(r.sentences.size(), 1u) << text;
        EXPECT_TRUE(r.sentences[0].read()) << text;
        return verifier.verify(pos, Atom{text, r.sentences[0].claims}).correct();
    };
    EXPECT_TRUE(verdict(start, "g1f3", "Nf3 develops the knight toward the centre."));
    EXPECT_FALSE(verdict(start, "g1h3", "Nh3 develops the knight toward the centre."));
    EXPECT_FALSE(verdict(start, "e2e4", "e4 develops the knight."));
    EXPECT_TRUE(verdict(start, "e2e4", "e4 occupies the centre and takes control of d5 and f5."));
    EXPECT_FALSE(verdict(start, "e2e4", "e4 takes control of d5 and e5."));
    EXPECT_FALSE(verdict(start, "c2c4", "c4 gains space on the kingside."));
    // 1.d4 occupies the centre; "gains space in the centre" would say it twice.
    EXPECT_EQ(find(ideas_of(after_moves(""), "d4"), "gains_space"), nullptr);
    EXPECT_NE(find(ideas_of(after_moves(""), "d4"), "occupies_centre"), nullptr);
    const Line castled = after_moves("", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    EXPECT_FALSE(verdict(castled.pos, "h2h3", "h3 gives the king an escape square on g2."));
    EXPECT_FALSE(verdict(castled.pos, "d1d6", "Rd6 puts the rook on the seventh rank."));
    EXPECT_TRUE(verdict(castled.pos, "d1d7", "Rd7 puts the rook on the seventh rank."));
    Position pinned;
    ASSERT_TRUE(
        pinned.set("r2qk2r/ppp2ppp/2n1b3/3n2B1/1bBP4/2N2N2/PP3PPP/R2Q1RK1 b kq - 3 10").ok());
    EXPECT_TRUE(verdict(pinned, "b4e7", "Be7 shields the queen on d8 from the bishop on g5."));
    EXPECT_FALSE(verdict(pinned, "b4e7", "Be7 shields the queen on d8 from the knight on c3."));
    EXPECT_FALSE(verdict(pinned, "d8d7", "Qd7 shields the queen on d8 from the bishop on g5."));
    // Two ideas of different kinds sharing their verb and object, said once: 29.Qd8+ of
    // Byrne-Fischer (New York 1956) on the open d-file and the open h4-d8 diagonal; the wrong
    // diagonal fails.
    Position byrne;
    ASSERT_TRUE(byrne.set("6k1/1p3pbp/1Qp3p1/8/2b5/5N1P/r4nPK/4r3 w - - 0 29").ok());
    EXPECT_TRUE(verdict(byrne, "b6d8",
                        "Qd8+ puts the queen on the open d-file and the open h4-d8 diagonal."));
    EXPECT_FALSE(verdict(byrne, "b6d8",
                         "Qd8+ puts the queen on the open d-file and the open a5-e1 diagonal."));
    const IdeasResult qd8 = ideas_of(after_moves("", byrne.fen().c_str()), "Qd8+");
    EXPECT_EQ(qd8.sentence, "Qd8+ puts the queen on the open d-file and the open h4-d8 diagonal.")
        << all(qd8);
}

TEST(Ideas, NewPredicatesTrueAndFalse) {
    const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const char* outpost = "4k3/pp3ppp/3p4/3N4/4P3/8/PP3PPP/4K3 b - - 0 1";
    const char* rooks = "4k3/8/8/8/8/8/3R4/3RK3 w - - 0 1";
    const char* opp = "8/8/8/3k4/8/3K4/3P4/8 b - - 0 1";
    EXPECT_EQ(truth(start, {{"predicate", "develops"}, {"args", {{"move", "Nf3"}}}}), Truth::True);
    // A knight leaving home with two pieces left develops nothing: development is the opening's.
    const char* late = "5k2/8/8/8/8/8/8/1N2K3 w - - 0 40";
    EXPECT_EQ(truth(late, {{"predicate", "develops"}, {"args", {{"move", "Nc3"}}}}), Truth::False);
    expect_no_idea(after_moves("", late), "Nc3", "develops");
    // 6...Bb4+ of Steinitz - von Bardeleben: Nc3 and Bd2 block the check; Kf1 steps away.
    const char* check = "r1bqk2r/pppp1ppp/2n2n2/8/1bBPP3/5N2/PP3PPP/RNBQK2R w KQkq - 1 7";
    EXPECT_EQ(truth(check, {{"predicate", "blocks_check"}, {"args", {{"move", "Nc3"}}}}),
              Truth::True);
    EXPECT_EQ(truth(check, {{"predicate", "blocks_check"}, {"args", {{"move", "Bd2"}}}}),
              Truth::True);
    EXPECT_EQ(truth(check, {{"predicate", "blocks_check"}, {"args", {{"move", "Kf1"}}}}),
              Truth::False);
    EXPECT_EQ(truth(start, {{"predicate", "blocks_check"}, {"args", {{"move", "Nc3"}}}}),
              Truth::False);  // no check to block
    EXPECT_EQ(truth(start, {{"predicate", "develops"}, {"args", {{"move", "e4"}}}}), Truth::False);
    const char* rights = "r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 8";
    EXPECT_EQ(truth(rights, {{"predicate", "gives_up_castling"}, {"args", {{"move", "Kf1"}}}}),
              Truth::True);
    EXPECT_EQ(truth(rights, {{"predicate", "gives_up_castling"},
                             {"args", {{"move", "Rb1"}, {"side", "queenside"}}}}),
              Truth::True);
    EXPECT_EQ(truth(rights, {{"predicate", "gives_up_castling"},
                             {"args", {{"move", "Rb1"}, {"side", "kingside"}}}}),
              Truth::False);
    EXPECT_EQ(truth(rights, {{"predicate", "gives_up_castling"}, {"args", {{"move", "Rb1"}}}}),
              Truth::False);  // kingside castling is still there
    EXPECT_EQ(truth(rights, {{"predicate", "gives_up_castling"}, {"args", {{"move", "O-O"}}}}),
              Truth::False);
    EXPECT_EQ(truth(start, {{"predicate", "occupies_centre"}, {"args", {{"move", "d4"}}}}),
              Truth::True);
    EXPECT_EQ(truth(start, {{"predicate", "occupies_centre"}, {"args", {{"move", "d3"}}}}),
              Truth::False);
    EXPECT_EQ(truth(start, {{"predicate", "gains_control"},
                            {"args", {{"move", "Nf3"}, {"square", "e5"}}}}),
              Truth::True);
    EXPECT_EQ(truth(start, {{"predicate", "gains_control"},
                            {"args", {{"move", "Nf3"}, {"square", "e4"}}}}),
              Truth::False);
    EXPECT_EQ(truth(outpost, {{"predicate", "outpost"}, {"args", {{"square", "d5"}}}}),
              Truth::True);
    EXPECT_EQ(truth(outpost, {{"predicate", "outpost"}, {"args", {{"square", "e4"}}}}),
              Truth::False);
    EXPECT_EQ(truth(rooks, {{"predicate", "doubled_rooks"},
                            {"args", {{"file", "d"}, {"color", "white"}}}}),
              Truth::True);
    EXPECT_EQ(truth(rooks, {{"predicate", "doubled_rooks"},
                            {"args", {{"file", "e"}, {"color", "white"}}}}),
              Truth::False);
    EXPECT_EQ(truth(opp, {{"predicate", "opposition"}, {"args", {{"color", "white"}}}}),
              Truth::True);
    EXPECT_EQ(truth(opp, {{"predicate", "opposition"}, {"args", {{"color", "black"}}}}),
              Truth::False);
    EXPECT_EQ(truth(start, {{"predicate", "open_diagonal"},
                            {"args", {{"square", "c1"}, {"from", "c1"}, {"to", "h6"}}}}),
              Truth::False);
    EXPECT_EQ(truth("4k3/8/8/8/8/8/1B6/4K3 w - - 0 1",
                    {{"predicate", "open_diagonal"},
                     {"args", {{"square", "b2"}, {"from", "a1"}, {"to", "h8"}}}}),
              Truth::True);
    const char* facing = "4k3/8/8/1p6/q2Q4/8/8/4K3 w - - 0 1";
    EXPECT_EQ(truth(facing,
                    {{"predicate", "avoids_trade"}, {"args", {{"move", "Qd3"}, {"square", "a4"}}}}),
              Truth::True);
    EXPECT_EQ(truth(facing,
                    {{"predicate", "avoids_trade"}, {"args", {{"move", "Qd1"}, {"square", "a4"}}}}),
              Truth::False);  // still on the a4-d1 diagonal
    EXPECT_EQ(truth(start, {{"predicate", "bishop_pair"}, {"args", {{"color", "white"}}}}),
              Truth::False);  // both sides have two bishops
    EXPECT_EQ(truth("2b1k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
                    {{"predicate", "bishop_pair"}, {"args", {{"color", "white"}}}}),
              Truth::True);
    const char* xray = "6k1/5ppp/8/2b5/8/8/5PPP/6K1 w - - 0 1";
    EXPECT_EQ(truth(xray, {{"predicate", "leaves_line"},
                           {"args", {{"move", "Kh1"}, {"square", "c5"}, {"line", "diagonal"}}}}),
              Truth::True);
    EXPECT_EQ(truth(xray, {{"predicate", "leaves_line"},
                           {"args", {{"move", "Kh1"}, {"square", "c5"}, {"line", "file"}}}}),
              Truth::False);  // the bishop's line is a diagonal
    EXPECT_EQ(truth(xray, {{"predicate", "leaves_line"},
                           {"args", {{"move", "h3"}, {"square", "c5"}, {"line", "diagonal"}}}}),
              Truth::False);  // not a king move
    const char* immortal = "rnb1k1nr/p2p1ppp/3B4/1pbN1N1P/4P1P1/3P1Q2/PqP5/R4KR1 b kq - 1 18";
    EXPECT_EQ(truth(immortal, {{"predicate", "captures_higher"}, {"args", {{"move", "Bxg1"}}}}),
              Truth::True);
    EXPECT_EQ(truth(immortal, {{"predicate", "captures_higher"}, {"args", {{"move", "Qxa1+"}}}}),
              Truth::False);  // the queen takes a rook: worth less than the queen
    EXPECT_EQ(truth(immortal, {{"predicate", "captures_higher"},
                               {"args", {{"move", "Bxg1"}, {"square", "f2"}}}}),
              Truth::False);
    const char* round = "5k2/p1p4R/1pr5/3p1pP1/P2P1P2/2P2K2/8/8 w - - 0 35";
    EXPECT_EQ(
        truth(round, {{"predicate", "king_route"}, {"args", {{"move", "Kg3"}, {"square", "g5"}}}}),
        Truth::True);
    EXPECT_EQ(
        truth(round, {{"predicate", "king_route"}, {"args", {{"move", "Ke3"}, {"square", "g5"}}}}),
        Truth::False);
    const char* giuoco = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    EXPECT_EQ(truth(giuoco, {{"predicate", "prepares_advance"},
                             {"args", {{"move", "c3"}, {"square", "d4"}}}}),
              Truth::True);
    EXPECT_EQ(truth(giuoco, {{"predicate", "prepares_advance"},
                             {"args", {{"move", "c3"}, {"square", "b4"}}}}),
              Truth::False);
    EXPECT_EQ(truth(giuoco, {{"predicate", "prepares_advance"},
                             {"args", {{"move", "Nc3"}, {"square", "d4"}}}}),
              Truth::False);  // not a pawn move
    // A bad argument is refused by the parser, not guessed.
    ClaimsParse bad = parse_claims_json(nlohmann::json::array(
        {{{"claims",
           {{{"predicate", "gains_space"}, {"args", {{"move", "c4"}, {"wing", "left"}}}}}}}}));
    EXPECT_FALSE(bad.ok());
}

// A piece the move leaves to be taken is a sacrifice only when the engine's line takes it.
TEST(Ideas, APieceLeftToBeTakenIsASacrificeOnlyWithTheLine) {
    const Line fxe4 =
        after_moves("", "r4rk1/3q2pp/p2bp3/1b1p1p1n/1p1PP3/6PP/PP1B1PBK/1NRQ2R1 b - - 0 20");
    expect_no_idea(fxe4, "fxe4", "sacrifice");  // the board alone cannot tell it from a slip
    const IdeasResult taken = ideas_with_line(fxe4, "fxe4", "d1h5 f8f2 h2h1");
    ASSERT_NE(find(taken, "sacrifice"), nullptr) << all(taken);
    EXPECT_EQ(find(taken, "sacrifice")->text, "fxe4 sacrifices the knight on h5.");
    EXPECT_EQ(find(ideas_with_line(fxe4, "fxe4", "g2e4 d5e4"), "sacrifice"), nullptr);
    // Fischer - Spassky, Reykjavik 1972, 38.Rxf6: a rook for a knight is the exchange.
    const char* exchange = "4q2k/2r1r1p1/4Pn1p/p1p2R2/P2pQ2P/1P1B1R2/6P1/6K1 w - - 9 38";
    expect_idea(after_moves("", exchange), "Rxf6", "sacrifice",
                "Rxf6 sacrifices the exchange on f6.");
    EXPECT_EQ(truth(exchange, {{"predicate", "gives_exchange"},
                               {"args", {{"move", "Rxf6"}, {"square", "f6"}}}}),
              Truth::True);
    EXPECT_EQ(truth(exchange, {{"predicate", "gives_exchange"},
                               {"args", {{"move", "Qxe6"}, {"square", "e6"}}}}),
              Truth::False);  // the queen, and a pawn of its own side's square
    EXPECT_EQ(truth(exchange, {{"predicate", "gives_exchange"},
                               {"args", {{"move", "Rf4"}, {"square", "f4"}}}}),
              Truth::False);  // a rook move that takes nothing
    // Byrne - Fischer, New York 1956: what the mover could not keep is no sacrifice. 25.Qxb6
    // saves the queen from the a4 rook; the d1 rook was lost already.
    const Line qxb6 = after_moves("", "4r1k1/1p3pbp/1pp3p1/8/rQb5/2n2N2/P4PPP/3R2KR w - - 2 25");
    EXPECT_EQ(find(ideas_with_line(qxb6, "Qxb6", "c3d1 h2h4"), "sacrifice"), nullptr);
    // 29...Bf8 answers the check; the e1 rook stays where Nxe1 takes it.
    const Line bf8 = after_moves("", "3Q2k1/1p3pbp/2p3p1/8/2b5/5N1P/r4nPK/4r3 b - - 1 29");
    const IdeasResult blocks = ideas_with_line(bf8, "Bf8", "f3e1 c4d5");
    EXPECT_EQ(find(blocks, "sacrifice"), nullptr) << all(blocks);
    EXPECT_NE(find(blocks, "blocks_check"), nullptr) << all(blocks);
}

// Kasparov-Topalov (Wijk aan Zee 1999): 25.Re7+ and 36.Bf1 leave the piece where it can be
// taken, and the engine's line declines it (...Qxe7 Qxd4+ mates; ...Qxf1 Qc2+ mates): offered,
// not sacrificed, and 36.Bf1's attack on the queen is a threat all the same. Taken in the line,
// or without a line, neither.
TEST(Ideas, APieceOfferedAndDeclined) {
    const Line re7 =
        after_moves("", "b2r3r/k4p1p/p2q1np1/Np1P4/3p1Q2/P4PPB/1PP4P/1K2R3 w - - 0 25");
    const IdeasResult offered = ideas_with_line(re7, "Re7+", "a7b6 f4d4 b6a5");
    const Idea* rook = find(offered, "sacrifice");
    ASSERT_NE(rook, nullptr) << all(offered);
    EXPECT_EQ(rook->text, "Re7+ offers the rook on e7.");
    const IdeasResult alone = ideas_of(re7, "Re7+");
    const Idea* board = find(alone, "sacrifice");
    ASSERT_NE(board, nullptr);
    EXPECT_EQ(board->text, "Re7+ sacrifices the rook on e7.");  // no line: the label's to judge
    const Line bf1 = after_moves("", "3r3r/1R3p1p/6p1/1p6/2q5/5PPB/1Q5P/1K1k4 w - - 4 36");
    const IdeasResult bishop = ideas_with_line(bf1, "Bf1", "d8d2 b7d7 d2d7");
    const Idea* threat = find(bishop, "threatens_win");
    ASSERT_NE(threat, nullptr) << all(bishop);
    EXPECT_EQ(threat->text, "Bf1 threatens to win the queen on c4.");
    const Idea* offer = find(bishop, "sacrifice");
    ASSERT_NE(offer, nullptr);
    EXPECT_EQ(offer->text, "Bf1 offers the bishop on f1.");
    // 24.Rxd4, taken at once by ...cxd4: a sacrifice, and no post behind the passed d5 pawn;
    // the rook left standing by the line keeps it.
    const Line rxd4 =
        after_moves("", "b2r3r/k4p1p/p2q1np1/NppP4/3p1Q2/P4PPB/1PP4P/1K1RR3 w - - 1 24");
    const IdeasResult gone_rook = ideas_with_line(rxd4, "Rxd4", "c5d4 e1e7 a7b6");
    EXPECT_EQ(find(gone_rook, "rook_behind_passer"), nullptr) << all(gone_rook);
    const IdeasResult kept_rook = ideas_with_line(rxd4, "Rxd4", "d6c7 d4d1 c7d6");
    EXPECT_NE(find(kept_rook, "rook_behind_passer"), nullptr) << all(kept_rook);
    // 33...Rb8 of Fischer-Petrosian 1971: Rxb8+ is answered by ...Kxf7, a rook each: an
    // exchange, not a piece offered. 18.Nd4 of Fischer-Spassky 1972: ...cxd4 opens the a3-e7
    // diagonal (Qxe7), more won back than the knight: offered.
    const Line fp = after_moves("", "r3k3/1R3R2/p2r2p1/3n1p2/1P1p1P1p/3B4/P2K2PP/8 b - - 7 33");
    const IdeasResult rb8 = ideas_with_line(fp, "Rb8", "b7a7 d5f6 a2a3");
    EXPECT_EQ(find(rb8, "sacrifice"), nullptr) << all(rb8);
    const Line fs = after_moves("", "2r3k1/r2nqpp1/p3b2p/2pp4/8/Q3PN2/PP2BPPP/2R2RK1 w - - 4 18");
    const IdeasResult nd4 = ideas_with_line(fs, "Nd4", "e7f8 d4e6 f7e6");
    const Idea* poisoned = find(nd4, "sacrifice");
    ASSERT_NE(poisoned, nullptr) << all(nd4);
    EXPECT_EQ(poisoned->text, "Nd4 offers the knight on d4.");
    // Taken at once: no threat from a piece that is gone, no offer.
    const IdeasResult taken = ideas_with_line(bf1, "Bf1", "c4f1 b2c2 d1e1");
    EXPECT_EQ(find(taken, "threatens_win"), nullptr) << all(taken);
    const Idea* gone = find(taken, "sacrifice");
    ASSERT_NE(gone, nullptr);
    EXPECT_EQ(gone->text, "Bf1 sacrifices the bishop on f1.");
}

// Sentences a 2000 player called pointless or said twice, read in whole games (Capablanca -
// Tartakower, Zukertort - Blackburne, the Evergreen).
TEST(Ideas, TrueButPointlessSentencesAreNotSaid) {
    // 36...Rf3 leaves c3: it held c3 by standing there, so it "takes control" of nothing.
    const char* rf3 = "5k2/p1p4R/1p6/3p1pP1/P2P1P1K/2r5/8/8 b - - 1 36";
    expect_no_idea(after_moves("", rf3), "Rf3", "takes_control");
    EXPECT_EQ(
        truth(rf3, {{"predicate", "gains_control"}, {"args", {{"move", "Rf3"}, {"square", "c3"}}}}),
        Truth::False);
    // 26...Kxe8: four king steps from the a4 pawn the king is not going for it.
    const Line kxe8 = after_moves("", "4Rk2/p1p2r1p/1p4p1/n2p4/P2P1P1P/2PB2P1/6K1/R7 b - - 0 26");
    expect_idea(kxe8, "Kxe8", "king_activity", "Kxe8 brings the king toward the centre.");
    // 28.hxg6 makes f4 passed only until ...hxg6 takes back with a pawn.
    const Line hxg6 = after_moves("", "4k3/p1p4p/1p3rp1/n2p3P/P2P1P2/2PB2P1/6K1/R7 w - - 1 28");
    expect_no_idea(hxg6, "hxg6", "creates_passed");
    const IdeasResult declined = ideas_with_line(hxg6, "hxg6", "f6f7 g6g7");
    ASSERT_NE(find(declined, "creates_passed"), nullptr) << all(declined);
    EXPECT_EQ(find(declined, "creates_passed")->text, "hxg6 creates a passed pawn on f4.");
    // Zukertort - Blackburne, 9...Qe7: the rooks are connected; "frees the rook on f8" would
    // say the same in other words.
    const Line qe7 =
        after_moves("", "r2q1rk1/pbpn1ppp/1p1bpn2/3p4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 b - - 2 9");
    expect_idea(qe7, "Qe7", "connects_rooks", "Qe7 connects the rooks.");
    expect_no_idea(qe7, "Qe7", "frees_piece");
    // The Evergreen, 19...Qxf3: the mate on g2 names g2; the pawn there is not "won" as well.
    const Line qxf3 =
        after_moves("", "1r2k1r1/pbppnp1p/1bn2P2/7q/Q7/B1PB1N2/P4PPP/3RR1K1 b - - 2 19");
    expect_idea(qxf3, "Qxf3", "threatens_mate", "Qxf3 threatens mate on g2.");
    expect_idea(qxf3, "Qxf3", "threatens_win", "Qxf3 threatens to win the pawn on f2.");
    // The only legal move is said to be forced, and nothing else of it.
    const IdeasResult forced = ideas_of(after_moves("", "7k/8/5K2/8/8/8/8/7R b - - 0 1"), "Kg8");
    ASSERT_EQ(forced.ideas.size(), 1u) << all(forced);
    EXPECT_EQ(forced.ideas[0].text, "Kg8 is the only legal move.");
    expect_no_idea(after_moves("", kxe8.pos.fen().c_str()), "Kxe8", "forced");
}

// The king tucked away out of checks, toward the centre by the road it has, and a square left
// for another piece to use.
TEST(Ideas, KingMovesAndSquaresMadeRoomFor) {
    // After castling long, ...Kb8 leaves f5 to the queen no more: from b8 White has no safe
    // check (Qxb7+ loses the queen). ...Kd7 still walks into Qf5+.
    const char* long_castled = "2kr4/ppp5/8/8/8/8/5PPP/1Q4K1 b - - 0 1";
    const Line tuck = after_moves("", long_castled);
    expect_idea(tuck, "Kb8", "avoids_checks", "Kb8 avoids the check on f5.");
    expect_no_idea(tuck, "Kd7", "avoids_checks");
    EXPECT_EQ(truth(long_castled, {{"predicate", "avoids_checks"},
                                   {"args", {{"move", "Kb8"}, {"square", "f5"}}}}),
              Truth::True);
    EXPECT_EQ(truth(long_castled, {{"predicate", "avoids_checks"},
                                   {"args", {{"move", "Kd7"}, {"square", "f5"}}}}),
              Truth::False);
    EXPECT_EQ(truth(long_castled, {{"predicate", "avoids_checks"},  // Qxb7+ loses the queen
                                   {"args", {{"move", "Kb8"}, {"square", "b7"}}}}),
              Truth::False);
    // A check on the square the king goes to is not avoided: the king stands in its way.
    const char* pawn_check = "4k3/8/8/8/8/3bp3/8/5K2 w - - 0 1";
    EXPECT_EQ(truth(pawn_check, {{"predicate", "avoids_checks"},
                                 {"args", {{"move", "Ke2"}, {"square", "e2"}}}}),
              Truth::False);
    // With the g-file cut by the rook, Kh2-g1 heads for the centre by f2 and e3, though g1 is
    // no nearer as the crow flies; Kh1 is not on the way.
    const char* cut = "6k1/8/6r1/7p/8/7P/6PK/8 w - - 0 1";
    expect_idea(after_moves("", cut), "Kg1", "king_activity",
                "Kg1 brings the king toward the centre.");
    expect_no_idea(after_moves("", cut), "Kh1", "king_activity");
    EXPECT_EQ(truth(cut, {{"predicate", "centralizes"}, {"args", {{"move", "Kg1"}}}}), Truth::True);
    EXPECT_EQ(truth(cut, {{"predicate", "centralizes"}, {"args", {{"move", "Kh1"}}}}),
              Truth::False);
    // Qd2 leaves d1 for the f1 rook when the engine's line plays Rfd1 next; on the board alone,
    // or when the line does something else, there is no room made for anybody.
    const char* room = "r4rk1/ppp2ppp/8/8/8/2N5/PPP2PPP/3Q1RK1 w - - 0 1";
    const Line qd2 = after_moves("", room);
    const IdeasResult with = ideas_with_line(qd2, "Qd2", "a7a6 f1d1");
    ASSERT_NE(find(with, "makes_room"), nullptr) << all(with);
    EXPECT_EQ(find(with, "makes_room")->text, "Qd2 makes room on d1 for the rook on f1.");
    expect_no_idea(qd2, "Qd2", "makes_room");
    EXPECT_EQ(find(ideas_with_line(qd2, "Qd2", "a7a6 f1e1"), "makes_room"), nullptr);
    // Nor for a pawn that steps up (Nd5 and c2-c3), nor when the move captures.
    EXPECT_EQ(find(ideas_with_line(qd2, "Nd5", "a7a6 c2c3"), "makes_room"), nullptr);
    EXPECT_EQ(truth(room, {{"predicate", "makes_room"},
                           {"args", {{"move", "Qd2"}, {"square", "d1"}, {"from", "f1"}}}}),
              Truth::True);
    EXPECT_EQ(truth(room, {{"predicate", "makes_room"},  // Qd2 does not leave e1
                           {"args", {{"move", "Qd2"}, {"square", "e1"}, {"from", "f1"}}}}),
              Truth::False);
    EXPECT_EQ(truth(room, {{"predicate", "makes_room"},  // the knight can go there too
                           {"args", {{"move", "Qd2"}, {"square", "d1"}, {"from", "c3"}}}}),
              Truth::True);
    EXPECT_EQ(truth(room, {{"predicate", "makes_room"},  // the king cannot
                           {"args", {{"move", "Qd2"}, {"square", "d1"}, {"from", "g1"}}}}),
              Truth::False);
}

// A battery: the queen behind the c4 bishop on the a2-g8 diagonal, aimed at f7, which only the
// king defends (the Evans gambit's Qb3, the Evergreen's 8.Qb3).
TEST(Ideas, ABatteryAimedAtADefendedPieceOrTheKing) {
    const char* italian = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R w KQkq - 1 5";
    const Line l = after_moves("", italian);
    expect_idea(l, "Qb3", "battery", "Qb3 forms a battery with the bishop on c4 aimed at f7.");
    expect_no_idea(l, "Qe2", "battery");  // on no line with the bishop
    const char* after = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/1QP2N2/PP1P1PPP/RNB1K2R b KQkq - 2 5";
    auto battery = [&](const char* a, const char* b, const char* target) {
        nlohmann::json args = {{"square", a}, {"with", b}};
        if (target) args["target"] = target;
        return truth(after, {{"predicate", "battery"}, {"args", args}});
    };
    EXPECT_EQ(battery("b3", "c4", "f7"), Truth::True);
    EXPECT_EQ(battery("c4", "b3", nullptr), Truth::True);
    EXPECT_EQ(battery("b3", "c4", "e6"), Truth::False);     // not the first thing on the line
    EXPECT_EQ(battery("b3", "c3", nullptr), Truth::False);  // a pawn is no line piece
    // With f7 defended twice more (a bishop on e6 between, then a knight on d8 behind it), the
    // first thing on the line is the e6 bishop, which the queen behind does not outnumber.
    const Line guarded =
        after_moves("", "r2nk2r/pppp1ppp/4bn2/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R w KQkq - 1 5");
    expect_no_idea(guarded, "Qb3", "battery");
    // Two rooks on a file are doubled rooks, not a battery.
    const Line rooks = after_moves("", "3qk3/8/8/3p4/8/8/R7/3RK3 w - - 0 1");
    expect_no_idea(rooks, "Rad2", "battery");
    expect_idea(rooks, "Rad2", "rook_file", "Rad2 doubles the rooks on the d-file.");
}

// Pressure on a pawn no pawn can defend: 21.Re5 of Fischer-Petrosian (Buenos Aires 1971) on
// the isolated d5 pawn, which the knight on f6 holds; a backward pawn on a half-open file.
TEST(Ideas, AttacksAWeakPawn) {
    const Line fp = after_moves("", "r1b2k2/r4ppp/p4n2/2Np4/1P6/3B1P2/P5PP/R3R1K1 w - - 1 21");
    expect_idea(fp, "Re5", "attacks_weak_pawn", "Re5 attacks the isolated pawn on d5.");
    // The square the pawn stands on is attacked, not "controlled".
    const IdeasResult re5 = ideas_of(fp, "Re5");
    const Idea* control = find(re5, "takes_control");
    ASSERT_NE(control, nullptr);
    EXPECT_EQ(control->text, "Re5 takes control of f5.");
    expect_no_idea(fp, "Re2", "attacks_weak_pawn");  // attacks no pawn
    // 9...cxd5 of that game, taken back at once by 10.exd5: a recapture, no control of c4.
    const Line nine = after_moves(
        "e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 a7a6 f1d3 b8c6 d4c6 b7c6 e1g1 d7d5 c2c4 g8f6 c4d5");
    expect_idea(nine, "cxd5", "recaptures", "cxd5 recaptures on d5.");
    expect_no_idea(nine, "cxd5", "takes_control");
    expect_no_idea(nine, "cxd5", "occupies_centre");
    const Line backward = after_moves("", "8/4k3/3p4/4p3/4P3/8/8/R3K3 w - - 0 1");
    expect_idea(backward, "Rd1", "attacks_weak_pawn", "Rd1 attacks the backward pawn on d6.");
    // On d2 the rook attacked the pawn before: no news.
    expect_no_idea(after_moves("", "8/4k3/3p4/4p3/4P3/8/8/3RK3 w - - 0 1"), "Rd2",
                   "attacks_weak_pawn");
    // Undefended, the pawn is there to be won: the threat says so, this idea does not.
    const Line loose = after_moves("", "8/8/3p2k1/4p3/4P3/8/8/R3K3 w - - 0 1");
    expect_no_idea(loose, "Rd1", "attacks_weak_pawn");
    expect_idea(loose, "Rd1", "threatens_win", "Rd1 threatens to win the pawn on d6.");
    // A pawn another pawn defends is no such weakness (c7 beside d6).
    expect_no_idea(after_moves("", "8/2p1k3/3p4/4p3/4P3/8/8/R3K3 w - - 0 1"), "Rd1",
                   "attacks_weak_pawn");
}

// Which of two captures on a square: the pawn cover, doubled and isolated pawns, and the pawn
// capture toward the centre, each against a pawn's capture that would give it up.
TEST(Ideas, TheChoiceBetweenTwoCaptures) {
    // The Queen's Gambit Declined, 7.Bxf6: 7...Bxf6 keeps g7 in front of the castled king.
    const Line qgd =
        after_moves("d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7 e2e3 e8g8 g1f3 h7h6 g5f6");
    expect_idea(qgd, "Bxf6", "capture_choice",
                "Bxf6 keeps the pawn cover of the king on g8 that gxf6 would break.");
    expect_no_idea(qgd, "gxf6", "capture_choice");
    // The king still on e8: the cover is not the point, the doubled f-pawns are.
    const Line italian =
        after_moves("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 b1c3 f8c5 d2d3 d7d6 c1g5 h7h6 g5f6");
    expect_idea(italian, "Qxf6", "capture_choice",
                "Qxf6 avoids the doubled pawns that gxf6 would leave.");
    // The bishop takes the knight on c3 where bxc3 would leave the a- and c-pawns alone.
    const Line alone = after_moves("", "4k3/8/8/8/8/2n5/PP1B4/4K3 w - - 0 1");
    expect_idea(alone, "Bxc3", "capture_choice",
                "Bxc3 avoids the isolated pawn that bxc3 would leave.");
    // The Exchange Ruy Lopez, 4.Bxc6: bxc6 takes toward the centre, dxc6 away from it (it opens
    // the d-file instead, which this idea does not claim).
    const Line ruy = after_moves("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6");
    expect_idea(ruy, "bxc6", "capture_choice",
                "bxc6 takes toward the centre where dxc6 would take away from it.");
    // dxc6 has its own point: bxc6 would leave the a6 pawn alone on its wing.
    expect_idea(ruy, "dxc6", "capture_choice",
                "dxc6 avoids the isolated pawn that bxc6 would leave.");
    // 5.Qxf3 of the Opera game: gxf3 would double the f-pawns.
    expect_idea(opera(8), "Qxf3", "capture_choice",
                "Qxf3 avoids the doubled pawns that gxf3 would leave.");
    // No pawn could take instead, or this capture loses material: nothing to choose.
    expect_no_idea(after_moves("", "4k3/8/8/8/8/2n5/P2B4/4K3 w - - 0 1"), "Bxc3", "capture_choice");
    // Qxc3 gives the queen for a pawn (...bxc3): no way of taking worth comparing.
    const Line guarded = after_moves("", "4k3/8/8/8/1p6/2p5/PP1Q4/4K3 w - - 0 1");
    expect_no_idea(guarded, "Qxc3", "capture_choice");
    // The predicate, true and false.
    const char* qgd_fen = "rnbq1rk1/ppp1bpp1/4pB1p/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - 0 7";
    auto claim = [](const char* move, const char* alt, const char* kind) {
        return nlohmann::json{{"predicate", "capture_choice"},
                              {"args", {{"move", move}, {"alternative", alt}, {"kind", kind}}}};
    };
    EXPECT_EQ(truth(qgd_fen, claim("Bxf6", "gxf6", "cover")), Truth::True);
    EXPECT_EQ(truth(qgd_fen, claim("gxf6", "Bxf6", "cover")), Truth::False);    // a bishop's
    EXPECT_EQ(truth(qgd_fen, claim("Bxf6", "gxf6", "isolated")), Truth::True);  // h6 alone
    EXPECT_EQ(truth(qgd_fen, claim("Bxf6", "gxf6", "centre")), Truth::False);   // a bishop's
    EXPECT_EQ(truth(qgd_fen, claim("Bxf6", "gxf6", "doubled")), Truth::True);
    EXPECT_EQ(truth(qgd_fen, claim("Bxf6", "Nd7", "cover")), Truth::False);  // no capture
}

// A check the king must step out of: to its one square, up the board, or away from a piece it
// alone kept; not when a block or a capture answers it at no loss, the king can take, or the
// check mates.
TEST(Ideas, ACheckThatDrivesTheKing) {
    // Legal's mate, 6.Bxf7+: ...Ke7 is the only answer (d7 is the e5 knight's).
    const char* legal = "rn1qkbnr/ppp2p1p/3p2p1/4N3/2B1P3/2N5/PPPP1PPP/R1BbK2R w KQkq - 0 6";
    expect_idea(after_moves("", legal), "Bxf7+", "drives_king", "Bxf7+ drives the king to e7.");
    // Kasparov-Topalov (Wijk aan Zee 1999), 27.b4+: ...Qxb4 loses the queen to axb4, so the king
    // goes to a4.
    const char* kt = "b2r3r/4Rp1p/p2q1np1/kp1P4/3Q4/P4PPB/1PP4P/1K6 w - - 0 27";
    expect_idea(after_moves("", kt), "b4+", "drives_king", "b4+ drives the king to a4.");
    // Three squares, each a rank further up: a king hunt.
    const char* hunt = "8/1R6/5k2/8/8/8/8/R3K3 w - - 0 1";
    expect_idea(after_moves("", hunt), "Ra6+", "drives_king", "Ra6+ drives the king up the board.");
    // Off the back rank to the second is no hunt.
    expect_no_idea(after_moves("", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), "Ra8+", "drives_king");
    // 2.Bb5+ after 1.e4 d6: ...c6 (or a piece) blocks at no loss, and ...Kd7 is not the only way.
    expect_no_idea(after_moves("e2e4 d7d6"), "Bb5+", "drives_king");
    // The king takes the queen.
    expect_no_idea(after_moves("", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), "Qd7+", "drives_king");
    // Mate is mate.
    expect_no_idea(after_moves("", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), "Ra8#", "drives_king");
    // Botvinnik-Capablanca (AVRO 1938), 32.Qg5+: the king, the knight's one defender, goes to
    // f8 or h8 (f7 is the e6 pawn's), and Qxf6+ follows; Qg3+ is met by ...Ng4, which the h5
    // pawn guards.
    const char* bc = "8/p5kp/1p2Pn2/3pQ2p/2pP4/qnP5/6PP/6K1 w - - 0 32";
    expect_idea(after_moves("", bc), "Qg5+", "drives_king",
                "Qg5+ drives the king away from the knight on f6.");
    expect_no_idea(after_moves("", bc), "Qg3+", "drives_king");
    // The predicate, true and false.
    auto claim = [](const char* move, const char* square, const char* arg = "square") {
        nlohmann::json c = {{"predicate", "drives_king"}, {"args", {{"move", move}}}};
        if (square) c["args"][arg] = square;
        return c;
    };
    EXPECT_EQ(truth(bc, claim("Qg5+", "f6", "from")), Truth::True);
    EXPECT_EQ(truth(bc, claim("Qg3+", "f6", "from")), Truth::False);
    EXPECT_EQ(truth(bc, claim("Qg5+", "h7", "from")), Truth::False);  // the pawn stays guarded
    EXPECT_EQ(truth(kt, claim("b4+", "a4")), Truth::True);
    EXPECT_EQ(truth(kt, claim("b4+", "b6")), Truth::False);
    EXPECT_EQ(truth(kt, claim("Qc3+", "a4")), Truth::False);  // ...Kb6 and blocks too
    EXPECT_EQ(truth(hunt, claim("Ra6+", nullptr)), Truth::True);
    EXPECT_EQ(truth(hunt, claim("Ra6+", "f5")), Truth::False);   // e5, f5 and g5
    EXPECT_EQ(truth(kt, claim("Rxf7", nullptr)), Truth::False);  // no check
}

// A knight on its way to an outpost, by the engine's line: Nc3 and Nd5 next, d5 defended by the
// e4 pawn and out of reach of Black's pawns.
TEST(Ideas, AKnightHeadsForAnOutpost) {
    const char* fen = "4k3/p4p2/3p4/8/4P3/8/8/1N2K3 w - - 0 1";
    const Line l = after_moves("", fen);
    const IdeasResult with = ideas_with_line(l, "Nc3", "e8e7 c3d5");
    ASSERT_NE(find(with, "heads_for"), nullptr) << all(with);
    EXPECT_EQ(find(with, "heads_for")->text, "Nc3 heads for the outpost on d5.");
    // The line goes elsewhere, or there is no line: nothing said of a plan.
    EXPECT_EQ(find(ideas_with_line(l, "Nc3", "e8e7 c3e2"), "heads_for"), nullptr);
    expect_no_idea(l, "Nc3", "heads_for");
    // A c-pawn that can come to c6 makes d5 no outpost.
    const char* c7 = "4k3/p1p2p2/3p4/8/4P3/8/8/1N2K3 w - - 0 1";
    EXPECT_EQ(find(ideas_with_line(after_moves("", c7), "Nc3", "e8e7 c3d5"), "heads_for"), nullptr);
    // The predicate, true and false.
    auto claim = [](const char* move, const char* square) {
        return nlohmann::json{{"predicate", "heads_for"},
                              {"args", {{"move", move}, {"square", square}}}};
    };
    EXPECT_EQ(truth(fen, claim("Nc3", "d5")), Truth::True);
    EXPECT_EQ(truth(fen, claim("Nd2", "d5")), Truth::False);  // d2 is no road to d5
    EXPECT_EQ(truth(fen, claim("Nc3", "b5")), Truth::False);  // b5 has no pawn behind it
    EXPECT_EQ(truth(c7, claim("Nc3", "d5")), Truth::False);   // ...c6 can chase it
}

// A capture nothing else describes is said as one: Levitsky - Marshall, Breslau 1912, 19.Rxd5,
// which the e6 pawn does not take back (...exd5 Qxe8+ mates). Not when the line takes back at
// once (an exchange), not of an undefended pawn (captured, said so), not beside a trade.
TEST(Ideas, APlainCaptureIsSaidWhenNothingElseSaysIt) {
    const Line l = after_moves("c5c3", "4r1k1/pp4pp/2n1pr2/2qp4/8/2P4B/P1P1QPPP/3R1RK1 b - - 0 18");
    const IdeasResult kept = ideas_with_line(l, "Rxd5", "c6d4 e2e4 f6f4");
    ASSERT_NE(find(kept, "takes"), nullptr) << all(kept);
    EXPECT_EQ(find(kept, "takes")->text, "Rxd5 takes the pawn on d5.");
    EXPECT_EQ(find(ideas_with_line(l, "Rxd5", "e6d5 e2e8"), "takes"), nullptr);
    // An undefended pawn is captured, and a knight taken for a knight is a trade.
    const Line open = after_moves("e2e4 d7d5 g1f3 d5e4");
    expect_no_idea(open, "Ng5", "takes");
    const Line knights = after_moves("e2e4 e7e5 g1f3 b8c6 f3e5");
    expect_no_idea(knights, "Nxe5", "takes");
    const Line pawn = after_moves("e2e4 d7d5 b1c3 g8f6");
    const IdeasResult exd5 = ideas_with_line(pawn, "exd5", "f6d5 c3d5 d8d5");
    EXPECT_EQ(find(exd5, "takes"), nullptr) << all(exd5);  // taken back at once
}

// An in-between move: Lasker - Bauer, Amsterdam 1889, 14...Nxh5 15.Bxh7+: before Qxh5+ takes
// back the knight, the bishop takes the h7 pawn with check, and whatever Black answers the knight
// can still be taken.
TEST(Ideas, AnInBetweenCheckBeforeTakingBack) {
    const char* before = "r4rk1/1b2bppp/ppq1pn2/2ppB2N/5P2/1P1BP3/P1PPQ1PP/R4RK1 b - - 1 14";
    const Line taken = after_moves("f6h5", before);
    ASSERT_EQ(taken.previous_capture, H5);
    expect_idea(taken, "Bxh7+", "in_between",
                "Bxh7+ takes the pawn on h7 with check before taking back on h5.");
    // The engine's line that takes back at once says so; one that does not, nothing.
    EXPECT_NE(find(ideas_with_line(taken, "Bxh7+", "g8h7 e2h5"), "in_between"), nullptr);
    EXPECT_EQ(find(ideas_with_line(taken, "Bxh7+", "g8h7 e5g7"), "in_between"), nullptr);
    // Taking back at once is a recapture, and a quiet move is no in-between move.
    expect_no_idea(taken, "Qxh5", "in_between");
    expect_no_idea(taken, "a4", "in_between");
    // From a position alone nothing was just captured.
    Line fen_only = taken;
    fen_only.previous_known = false;
    fen_only.previous_capture = NoSquare;
    expect_no_idea(fen_only, "Bxh7+", "in_between");
    // The claim: true with the game's previous move, false without it or on another square.
    const ToolSuite suite;
    VerifyOptions known;
    known.previous_known = true;
    known.previous_capture = H5;
    auto claim = [](const char* move, const char* square) {
        ClaimsParse c = parse_claims_json(nlohmann::json::array(
            {{{"claims",
               {{{"predicate", "in_between"}, {"args", {{"move", move}, {"square", square}}}}}}}}));
        EXPECT_TRUE(c.ok());
        return c.doc->atoms[0].claims[0];
    };
    const ClaimVerifier with_game(suite, known);
    EXPECT_EQ(with_game.verify(taken.pos, claim("Bxh7+", "h5")).result, Truth::True);
    EXPECT_EQ(with_game.verify(taken.pos, claim("Bxh7+", "h7")).result, Truth::False);
    EXPECT_EQ(with_game.verify(taken.pos, claim("Qxh5", "h5")).result, Truth::False);
    EXPECT_EQ(with_game.verify(taken.pos, claim("a4", "h5")).result, Truth::False);
    EXPECT_EQ(ClaimVerifier(suite).verify(taken.pos, claim("Bxh7+", "h5")).result, Truth::False);
}

// A pawn capture that takes the last pawn of the mover's off its file opens the file for a rook:
// one behind it on the file, or one that can come to it at once. Capablanca-Tartakower, New York
// 1924, 28.hxg6: the a1 rook goes to h1 next.
TEST(Ideas, APawnCaptureOpensAFileForARook) {
    const char* capa = "4k3/p1p4p/1p3rp1/n2p3P/P2P1P2/2PB2P1/6K1/R7 w - - 1 28";
    expect_idea(after_moves("", capa), "hxg6", "opens_file",
                "hxg6 opens the h-file for the rook on a1.");
    const IdeasResult hxg6 = ideas_of(after_moves("", capa), "hxg6");
    const Idea* opened = find(hxg6, "opens_file");
    ASSERT_NE(opened, nullptr);
    EXPECT_EQ(opened->pieces, std::vector<std::string>{"rook"});
    // Read back as commentary, the piece named must be the one there.
    const ToolSuite suite;
    const ClaimVerifier verifier(suite);
    Position capa_pos;
    ASSERT_TRUE(capa_pos.set(capa).ok());
    auto all_true = [&](const char* text) {
        const CommentaryReading r = read_commentary(capa_pos, "hxg6", text);
        EXPECT_EQ(r.sentences.size(), 1u) << text;
        EXPECT_TRUE(r.sentences.front().read() && !r.sentences.front().partly_read()) << text;
        bool ok = true;
        for (const SubClaim& c : r.sentences.front().claims)
            ok = ok && verifier.verify(capa_pos, c).result == Truth::True;
        return ok;
    };
    EXPECT_TRUE(all_true("hxg6 opens the h-file for the rook on a1."));
    EXPECT_FALSE(all_true("hxg6 opens the h-file for the queen on a1."));
    // ...fxe6 with the rook behind the pawn on f8: the half-open f-file.
    const char* behind = "5rk1/5ppp/4N3/8/8/8/5PPP/6K1 b - - 0 1";
    expect_idea(after_moves("", behind), "fxe6", "opens_file",
                "fxe6 opens the f-file for the rook on f8.");
    // Another f-pawn of Black's still on the file: nothing opens.
    expect_no_idea(after_moves("", "5rk1/5ppp/4N3/5p2/8/8/6PP/6K1 b - - 0 1"), "fxe6",
                   "opens_file");
    // Only a queen behind the pawn: a file opened in front of her is not said.
    expect_no_idea(after_moves("", "5qk1/5ppp/4N3/8/8/8/5PPP/6K1 b - - 0 1"), "fxe6", "opens_file");
    // The rook on h4 stood in front of the h7 pawn already (STS Recapturing 095): the pawn
    // leaving h7 opens nothing toward White.
    const char* front = "r5k1/5pbp/6P1/p2R4/1p5r/P5R1/1PP5/2KB4 b - - 0 1";
    expect_no_idea(after_moves("", front), "hxg6", "opens_file");
    // Of two rooks that can come to the e-file, the nearer one is named.
    expect_idea(after_moves("", "3rkb1r/p2npp1p/1p4p1/1Q1p4/P2p1B2/2q1PN2/2P2PPP/R4RK1 w k - 0 1"),
                "exd4", "opens_file", "exd4 opens the e-file for the rook on f1.");
    auto claim = [](const char* move, const char* file, const char* square) {
        return nlohmann::json{{"predicate", "opens_file_for"},
                              {"args", {{"move", move}, {"file", file}, {"square", square}}}};
    };
    EXPECT_EQ(truth(capa, claim("hxg6", "h", "a1")), Truth::True);
    EXPECT_EQ(truth(capa, claim("hxg6", "g", "a1")), Truth::False);  // the pawn was an h-pawn
    EXPECT_EQ(truth(behind, claim("fxe6", "f", "f8")), Truth::True);
    EXPECT_EQ(truth(front, claim("hxg6", "h", "h4")), Truth::False);
    EXPECT_EQ(truth(front, claim("Rh5", "h", "h4")), Truth::False);  // not a pawn capture
}

// Botvinnik-Capablanca (AVRO 1938): 34.e7 threatens mate on e8 (or f8); the king's steps out
// of the checks that follow threaten nothing new; 23.exf6 e.p., taken back by ...Nxf6, pushes
// no passed pawn on.
TEST(Ideas, AThreatThatStoodBeforeTheCheckIsNotTheEvasions) {
    const Line e7 = after_moves("", "6k1/p6p/1p2PQ2/3p3p/2pP4/qnP5/6PP/6K1 w - - 1 34");
    const IdeasResult pushed = ideas_of(e7, "e7");
    const Idea* mate = find(pushed, "threatens_mate");
    ASSERT_NE(mate, nullptr) << all(pushed);
    const Line check = after_moves("", "6k1/p3P2p/1p3Q2/3p3p/2pP4/1nP5/6PP/2q3K1 w - - 1 35");
    expect_no_idea(check, "Kf2", "threatens_mate");
    // Out of check, a piece that makes the mate itself still threatens it.
    expect_idea(after_moves("", "6k1/5ppp/8/8/8/8/1q1N2PP/R3r1K1 w - - 0 1"), "Rxe1",
                "threatens_mate", "Rxe1 threatens mate on e8.");
    const Line ep =
        after_moves("", "r3r1k1/p2n3p/1p4p1/3pPp2/q1pP1P2/1nP3N1/1B3QPP/4RRK1 w - f6 0 23");
    expect_no_idea(ep, "exf6", "pushes_passer");
    expect_idea(after_moves("", "6k1/8/8/4P3/8/8/8/6K1 w - - 0 1"), "e6", "pushes_passer",
                "e6 pushes the passed pawn to e6.");
}

TEST(Ideas, CatalogueDeclaresEveryKindOnce) {
    std::vector<std::string> names;
    for (const IdeaKindSpec& k : idea_catalogue()) {
        EXPECT_FALSE(k.phrases.empty()) << k.name;
        EXPECT_FALSE(k.definition.empty()) << k.name;
        for (const IdeaPhrase& p : k.phrases)
            for (const IdeaClaim& c : p.claims)
                EXPECT_NE(find_predicate(c.predicate), nullptr) << k.name << ": " << c.predicate;
        names.push_back(k.name);
    }
    std::sort(names.begin(), names.end());
    EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end());
    EXPECT_GE(names.size(), 30u);
}

// A brilliant move is a real sacrifice: the material stays given up along the engine's line.
std::vector<Move> line_from(const Position& from, const std::string& uci) {
    std::vector<Move> out;
    Position p = from;
    std::istringstream in(uci);
    for (std::string m; in >> m;) {
        MoveParse mp = parse_move_text(p, m);
        EXPECT_TRUE(mp.ok()) << m;
        if (!mp.ok()) break;
        out.push_back(mp.move);
        p.do_move(mp.move);
    }
    return out;
}

TEST(MoveClassSacrifice, DesperadoAndTakenBackAreNoSacrifice) {
    // Desperado: the attacked queen takes the queen that attacks it, and is taken back.
    Position desperado;
    ASSERT_TRUE(desperado.set("3qk3/8/8/3Q4/8/8/8/4K3 w - - 0 1").ok());
    EXPECT_FALSE(sacrifice_holds(desperado, line_from(desperado, "d5d8 e8d8")));
    // A knight left to be taken that is taken back at once: Nd5 Nxd5 Rxd5.
    Position knight;
    ASSERT_TRUE(knight.set("4k3/8/5n2/8/8/2N5/8/3RK3 w - - 0 1").ok());
    EXPECT_FALSE(sacrifice_holds(knight, line_from(knight, "c3d5 f6d5 d1d5 e8e7")));
    // The Opera game's 16.Qb8+: the queen is given and Rd8 mates.
    const Line opera_end = after_moves(std::string(Opera) + " d1d7 d8d7 h1d1 e7e6 b5d7 f6d7");
    EXPECT_TRUE(sacrifice_holds(opera_end.pos, line_from(opera_end.pos, "b3b8 d7b8 d1d8")));
    // A knight given for a pawn stays given two full moves later: that much holds.
    Position given;
    ASSERT_TRUE(given.set("4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1").ok());
    EXPECT_TRUE(sacrifice_holds(given, line_from(given, "c3d5 e6d5 e1e2 e8e7 e2d3")));
}

}  // namespace
}  // namespace glossfish::verifier
