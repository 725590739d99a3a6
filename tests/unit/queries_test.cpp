// Board queries with python-chess semantics, check kinds, game outcomes and Zobrist keys.
#include <gtest/gtest.h>

#include "rules/movegen.h"
#include "rules/position.h"
#include "test_util.h"

namespace glossfish {
namespace {

TEST(Queries, PinnedKnightStillAttacksButCannotMove) {
    Position pos = at("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    PinInfo pin = pos.pin(White, E2);
    EXPECT_TRUE(pin.pinned);
    EXPECT_EQ(pin.pinner, E7);
    EXPECT_EQ(pin.ray, file_bb(FileE));
    EXPECT_TRUE(pos.is_pinned(White, E2));
    EXPECT_TRUE(pos.attackers(White, C3) & square_bb(E2));
    EXPECT_EQ(pos.attacks(E2), square_bb(C1) | square_bb(C3) | square_bb(D4) | square_bb(F4) |
                                   square_bb(G3) | square_bb(G1));
    for (Move m : MoveList(pos)) EXPECT_NE(m.from(), E2);
    // Kings are never pinned; pieces of the other colour are not pinned to this king.
    EXPECT_FALSE(pos.is_pinned(White, E1));
    EXPECT_FALSE(pos.is_pinned(Black, E7));
}

TEST(Queries, PinIsAbsoluteOnly) {
    // The rook on e4 stands between a black rook and its own queen, not its king: no pin.
    Position pos = at("4r2k/8/8/8/4R3/8/8/K3Q3 w - - 0 1");
    EXPECT_FALSE(pos.is_pinned(White, E4));
    // The bishop on d4 shields its king on a1 from the queen on g7: pinned along the diagonal.
    Position diag = at("7k/6q1/8/8/3B4/8/8/K7 w - - 0 1");
    PinInfo pin = diag.pin(White, D4);
    EXPECT_TRUE(pin.pinned);
    EXPECT_EQ(pin.pinner, G7);
    EXPECT_TRUE(pin.ray & square_bb(H8));
}

TEST(Queries, EnPassantPawnIsNotAttacked) {
    // White's c5 pawn may take d5 en passant, yet d5 is not "attacked" by it (python-chess).
    Position pos = at("4k3/8/8/2Pp4/8/8/8/4K3 w - d6 0 1");
    EXPECT_EQ(pos.ep_square(), D6);
    EXPECT_FALSE(pos.is_attacked_by(White, D5));
    EXPECT_TRUE(pos.is_attacked_by(White, D6));
}

TEST(Queries, EnPassantExposingKingOnRankIsIllegal) {
    Position pos = at("1b1k4/8/8/1rPpK3/8/8/8/8 w - d6 0 1");
    EXPECT_FALSE(pos.is_legal(Move::make(C5, D6, EnPassant)));
    // The bishop on b8 checks along b8-e5; the pawn advance does not help either.
    EXPECT_TRUE(pos.is_check());
    EXPECT_FALSE(pos.is_legal(Move(C5, C6)));
}

TEST(Queries, EnPassantCanBlockACheck) {
    // Black is in check from the queen on f1 along f1-b5; exd3 e.p. puts a pawn on d3.
    Position pos = at("8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1");
    EXPECT_TRUE(pos.is_check());
    EXPECT_TRUE(pos.is_legal(Move::make(E4, D3, EnPassant)));
    EXPECT_FALSE(pos.is_legal(Move(E4, E3)));
}

TEST(Queries, CheckKinds) {
    Position pos = at("4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1");
    EXPECT_EQ(pos.gives_check(Move(E4, C5)), CheckKind::Discovered);
    EXPECT_EQ(pos.gives_check(Move(E4, D6)), CheckKind::Double);
    EXPECT_EQ(pos.gives_check(Move(E4, F6)), CheckKind::Double);
    EXPECT_EQ(pos.gives_check(Move(E1, E2)), CheckKind::None);
    EXPECT_EQ(pos.gives_check(Move(E1, D1)), CheckKind::None);

    Position rook = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    EXPECT_EQ(rook.gives_check(Move(A1, A8)), CheckKind::Direct);

    Position castle = at("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    EXPECT_EQ(castle.gives_check(Move::make(E1, H1, Castling)), CheckKind::Direct);

    Position ep = at("8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1");
    EXPECT_EQ(ep.gives_check(Move::make(E5, D6, EnPassant)), CheckKind::Discovered);

    Position promo = at("3k4/6P1/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(promo.gives_check(Move::make(G7, G8, Promotion, Queen)), CheckKind::Direct);
    EXPECT_EQ(promo.gives_check(Move::make(G7, G8, Promotion, Knight)), CheckKind::None);
}

TEST(Queries, GivesCheckAgreesWithMakingTheMove) {
    Position pos = at("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    for (Move m : MoveList(pos)) {
        bool predicted = pos.gives_check(m) != CheckKind::None;
        pos.do_move(m);
        EXPECT_EQ(predicted, pos.is_check());
        pos.undo_move(m);
    }
}

TEST(Queries, Checkmate) {
    Position pos = at("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    EXPECT_TRUE(pos.is_checkmate());
    EXPECT_FALSE(pos.is_stalemate());
    auto outcome = pos.outcome();
    ASSERT_TRUE(outcome);
    EXPECT_EQ(outcome->termination, Termination::Checkmate);
    EXPECT_EQ(outcome->winner, Black);
}

TEST(Queries, Stalemate) {
    Position pos = at("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    EXPECT_TRUE(pos.is_stalemate());
    EXPECT_FALSE(pos.is_checkmate());
    auto outcome = pos.outcome();
    ASSERT_TRUE(outcome);
    EXPECT_EQ(outcome->termination, Termination::Stalemate);
    EXPECT_FALSE(outcome->winner);
}

TEST(Queries, InsufficientMaterial) {
    EXPECT_TRUE(at("8/8/8/8/8/8/8/K6k w - - 0 1").is_insufficient_material());
    EXPECT_TRUE(at("8/8/8/8/8/8/8/KB5k w - - 0 1").is_insufficient_material());
    EXPECT_TRUE(at("8/8/8/8/8/8/8/KN5k w - - 0 1").is_insufficient_material());
    // Bishops all on light squares (b1, f1) cannot mate.
    EXPECT_TRUE(at("8/8/8/8/8/8/8/KB3b1k w - - 0 1").is_insufficient_material());
    // Opposite-coloured bishops can (helpmate), and so can knight against knight.
    EXPECT_FALSE(at("8/8/8/8/8/8/8/KB4bk w - - 0 1").is_insufficient_material());
    EXPECT_FALSE(at("8/8/8/8/8/8/8/KN4nk w - - 0 1").is_insufficient_material());
    EXPECT_FALSE(at("7k/8/8/8/8/8/8/KR6 w - - 0 1").is_insufficient_material());
    EXPECT_FALSE(at("8/8/8/8/8/8/P7/K6k w - - 0 1").is_insufficient_material());
    // One side alone may lack material while the other has enough.
    Position pos = at("7k/8/8/8/8/8/8/KQ6 w - - 0 1");
    EXPECT_FALSE(pos.has_insufficient_material(White));
    EXPECT_TRUE(pos.has_insufficient_material(Black));
    auto outcome = at("8/8/8/8/8/8/8/KB5k w - - 0 1").outcome();
    ASSERT_TRUE(outcome);
    EXPECT_EQ(outcome->termination, Termination::InsufficientMaterial);
}

TEST(Queries, RepetitionsAndClaims) {
    Position pos;
    const Key start = pos.key();
    const Move cycle[] = {Move(G1, F3), Move(G8, F6), Move(F3, G1), Move(F6, G8)};
    for (Move m : cycle) pos.do_move(m);
    EXPECT_EQ(pos.key(), start);
    EXPECT_EQ(pos.repetition_count(), 2);
    EXPECT_FALSE(pos.outcome(true));
    // Nf3 Nf6 Ng1 now reaches the start position a third time with Ng8: claimable before it.
    for (int i = 0; i < 3; ++i) pos.do_move(cycle[i]);
    EXPECT_TRUE(pos.can_claim_threefold_repetition());
    EXPECT_FALSE(pos.outcome(false));
    pos.do_move(cycle[3]);
    EXPECT_EQ(pos.repetition_count(), 3);
    auto claimed = pos.outcome(true);
    ASSERT_TRUE(claimed);
    EXPECT_EQ(claimed->termination, Termination::ThreefoldRepetition);
    for (int i = 0; i < 8; ++i) pos.do_move(cycle[i % 4]);
    EXPECT_EQ(pos.repetition_count(), 5);
    auto forced = pos.outcome();
    ASSERT_TRUE(forced);
    EXPECT_EQ(forced->termination, Termination::FivefoldRepetition);
}

TEST(Queries, MoveCountRules) {
    auto fifty = at("k7/8/8/8/8/8/8/K6R w - - 100 80");
    EXPECT_TRUE(fifty.can_claim_fifty_moves());
    EXPECT_FALSE(fifty.outcome(false));
    ASSERT_TRUE(fifty.outcome(true));
    EXPECT_EQ(fifty.outcome(true)->termination, Termination::FiftyMoves);
    auto seventyfive = at("k7/8/8/8/8/8/8/K6R w - - 150 100");
    ASSERT_TRUE(seventyfive.outcome());
    EXPECT_EQ(seventyfive.outcome()->termination, Termination::SeventyFiveMoves);
    EXPECT_FALSE(at("k7/8/8/8/8/8/8/K6R w - - 98 80").can_claim_fifty_moves());
}

TEST(Queries, IncrementalKeyMatchesFreshKeyAlongAGame) {
    // A fixed walk through positions rich in castling, en passant and promotions: at every
    // step the incrementally updated key equals the key of the same position read from FEN,
    // and unmaking everything gives back the start.
    for (const char* fen :
         {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
          "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", StartFen}) {
        Position pos = at(fen);
        const std::string start_fen = pos.fen();
        const Key start_key = pos.key();
        std::vector<Move> played;
        for (int ply = 0; ply < 120; ++ply) {
            MoveList moves(pos);
            if (moves.empty()) break;
            Move m = *(moves.begin() + (ply * 7 + 3) % moves.size());
            pos.do_move(m);
            played.push_back(m);
            Position fresh = at(pos.fen().c_str());
            ASSERT_EQ(pos.key(), fresh.key()) << pos.fen();
        }
        for (auto it = played.rbegin(); it != played.rend(); ++it) pos.undo_move(*it);
        EXPECT_EQ(pos.fen(), start_fen);
        EXPECT_EQ(pos.key(), start_key);
    }
}

TEST(Queries, Chess960CastlingThroughAttackedSquareIsIllegal) {
    // King b1, rook a1 castles long: the king goes to c1, which the bishop on f4 attacks.
    Position pos = at("1k6/8/8/8/5b2/8/8/RK6 w A - 0 1", true);
    EXPECT_FALSE(pos.is_legal(Move::make(B1, A1, Castling)));
    // Without the bishop it is legal, and rook and king end on d1 and c1.
    Position free = at("1k6/8/8/8/8/8/8/RK6 w A - 0 1", true);
    Move castle = Move::make(B1, A1, Castling);
    ASSERT_TRUE(free.is_legal(castle));
    free.do_move(castle);
    EXPECT_EQ(free.piece_at(C1), WKing);
    EXPECT_EQ(free.piece_at(D1), WRook);
    EXPECT_EQ(free.castling_rights(), NoCastling);
}

}  // namespace
}  // namespace glossfish
