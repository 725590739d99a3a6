// Reasons of move labels (verifier/explain): each kind on hand-checked positions with fixed
// engine lines (no search: board claims only), the reader forms the reasons use, and a small
// round trip with Stockfish at depth 8 on the shared puzzles' setup moves: every reason produced
// is read whole and verified true.
#include "explain/explain.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "analysis/annotate.h"
#include "explain/ideas.h"
#include "host/cancel.h"
#include "pgn/pgn.h"
#include "reader/commentary_reader.h"
#include "rules/notation.h"
#include "test_util.h"

namespace glossfish::verifier {
namespace {

// Explanations with the engine at a fixed depth.
ExplainOptions engine_options(Analyzer& analyzer, int depth) {
    ExplainOptions o;
    o.analyzer = &analyzer;
    o.limits.depth = depth;
    return o;
}

// 1.e4 e5 2.Qh5 Nc6 3.Bc4, Black to move: 3...Nf6?? allows Qxf7#.
const char* const Scholar = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3";
// The same after 3...Nf6: White to move, Qxf7# mates.
const char* const ScholarMate =
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
// 1.e4 e5 2.Nf3, Black to move: 2...Qg5?? leaves the queen to Nxg5.
const char* const QueenHang = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";

// Black to move; ...Ke8?? walks into Nc7+ (the rook on a8 falls two plies later).
const char* fen_of_fork_walk() { return "r2k4/8/8/3N4/8/8/8/4K3 b - - 0 1"; }

Move uci(const Position& pos, const char* text) {
    MoveParse mp = parse_move_text(pos, text);
    EXPECT_TRUE(mp.ok()) << text;
    return mp.move;
}

// A label built by hand from fixed lines (UCI, each from the position before the move).
MoveLabel fake_label(const char* fen, const char* played, std::vector<const char*> played_pv,
                     Score played_score, const char* best, std::vector<const char*> best_pv,
                     Score best_score, QualityLabel label) {
    MoveLabel l;
    l.fen = fen;
    Position pos;
    EXPECT_TRUE(pos.set(fen).ok());
    l.played = uci(pos, played);
    l.played_san = move_to_san(pos, l.played);
    l.played_uci = played;
    l.best = uci(pos, best);
    l.best_san = move_to_san(pos, l.best);
    l.played_score = played_score;
    l.best_score = best_score;
    l.quality.label = label;
    l.quality.best = l.best == l.played;
    auto line = [&](const std::vector<const char*>& v) {
        std::vector<Move> out;
        Position p = pos;
        for (const char* m : v) {
            Move mv = uci(p, m);
            out.push_back(mv);
            p.do_move(mv);
        }
        return out;
    };
    l.played_pv = line(played_pv);
    l.best_pv = line(best_pv);
    return l;
}

TEST(Explain, AllowsMateInOne) {
    MoveLabel l = fake_label(Scholar, "g8f6", {"g8f6", "h5f7"}, Score::mate(-1), "g7g6",
                             {"g7g6", "h5f3"}, Score::cp(10), QualityLabel::Blunder);
    Explanation e = explain(l);
    ASSERT_FALSE(e.reasons.empty());
    const Reason& r = e.reasons.front();
    EXPECT_EQ(r.kind, "allows_mate");
    EXPECT_EQ(r.text, "After Nf6, White mates in one with Qxf7#.");
    EXPECT_EQ(r.line, std::vector<std::string>({"Qxf7#"}));
    EXPECT_EQ(r.line_uci, std::vector<std::string>({"h5f7"}));
    EXPECT_NE(std::find(r.motifs.begin(), r.motifs.end(), "mateIn1"), r.motifs.end());
    ASSERT_EQ(r.claims.size(), 1u);
    EXPECT_EQ(r.claims[0]["predicate"], "mate_in");
    // The label's sentence carries it.
    explain_label(l);
    EXPECT_EQ(label_to_json(l)["text"],
              "Nf6?? is a blunder; g6 was best. After Nf6, White mates in one with Qxf7#. g6 "
              "attacks the queen on h5 with tempo.");
}

TEST(Explain, LosesTheHangingQueen) {
    MoveLabel l = fake_label(QueenHang, "d8g5", {"d8g5", "f3g5", "f8e7"}, Score::cp(-900), "b8c6",
                             {"b8c6"}, Score::cp(-40), QualityLabel::Blunder);
    Explanation e = explain(l);
    ASSERT_FALSE(e.reasons.empty());
    EXPECT_EQ(e.reasons[0].kind, "loses_material");
    EXPECT_EQ(e.reasons[0].text, "After Qg5, White wins the queen with Nxg5.");
    EXPECT_EQ(e.reasons[0].line.front(), "Nxg5");
    EXPECT_NE(std::find(e.reasons[0].motifs.begin(), e.reasons[0].motifs.end(), "hangingPiece"),
              e.reasons[0].motifs.end());
}

TEST(Explain, MissesMateInOneAndMates) {
    MoveLabel l = fake_label(ScholarMate, "h5f3", {"h5f3", "f8c5"}, Score::cp(0), "h5f7", {"h5f7"},
                             Score::mate(1), QualityLabel::Blunder);
    Explanation e = explain(l);
    ASSERT_FALSE(e.reasons.empty());
    EXPECT_EQ(e.reasons[0].kind, "misses_mate");
    EXPECT_EQ(e.reasons[0].text, "Instead of Qf3, White mates in one with Qxf7#.");

    MoveLabel good = fake_label(ScholarMate, "h5f7", {"h5f7"}, Score::mate(1), "h5f7", {"h5f7"},
                                Score::mate(1), QualityLabel::Good);
    Explanation g = explain(good);
    ASSERT_FALSE(g.reasons.empty());
    EXPECT_EQ(g.reasons[0].kind, "mates");
    EXPECT_EQ(g.reasons[0].text, "Qxf7# is checkmate.");
}

// With the engine: Qxf7# is the only good move (everything else lets Black off), but the mate
// is said alone, without "the only move" or "the only good move" beside it.
TEST(ExplainEngine, AMateIsSaidAlone) {
    Analyzer analyzer(Analyzer::Config{});
    const ExplainOptions o = engine_options(analyzer, 10);
    Position pos;
    ASSERT_TRUE(pos.set(ScholarMate).ok());
    MoveLabel l = label_move(analyzer, pos, uci(pos, "h5f7"), o.limits, QualityScheme::Lichess);
    ASSERT_TRUE(l.error.empty()) << l.error;
    ASSERT_TRUE(l.quality.only);
    explain_label(l, o);
    ASSERT_FALSE(l.reasons.empty());
    EXPECT_EQ(l.reasons[0].kind, "mates");
    for (const Reason& r : l.reasons) EXPECT_NE(r.kind, "only_move") << r.text;
    EXPECT_EQ(label_to_json(l)["text"], "Qxf7# is checkmate.");
}

// The Immortal Game, 8.Nh4?: the engine answers 8...Qg5, hitting the knight that moved and the
// bishop on b5 at once. Said with the answer's own idea, checked on the board after it (no
// engine needed). A reply whose only threat is to a pawn explains nothing the move let in.
TEST(Explain, ReplyThreatNamesTheDoubleAttack) {
    const char* fen = "rnb1kb1r/p1pp1ppp/7q/1B5n/4Pp2/3P1N2/PPP3PP/RNBQ1K1R w kq - 1 8";
    MoveLabel l = fake_label(fen, "f3h4", {"f3h4", "h6g5", "h4f5", "g7g6"}, Score::cp(-85), "h1g1",
                             {"h1g1", "c7c6"}, Score::cp(57), QualityLabel::Mistake);
    Explanation e = explain(l);
    ASSERT_FALSE(e.reasons.empty());
    EXPECT_EQ(e.reasons[0].kind, "reply_threat");
    EXPECT_EQ(e.reasons[0].text,
              "After Nh4, Qg5 threatens to win the knight on h4 and the bishop on b5.");
    EXPECT_EQ(e.reasons[0].line.front(), "Qg5");
    ASSERT_EQ(e.reasons[0].claims.size(), 2u);
    EXPECT_EQ(e.reasons[0].claims[0]["predicate"], "threatens");
    // 8.d4 instead: the same answer hits only the bishop on b5, a piece d4 did not touch.
    MoveLabel other = fake_label(fen, "d3d4", {"d3d4", "h6g5"}, Score::cp(-85), "h1g1",
                                 {"h1g1", "c7c6"}, Score::cp(57), QualityLabel::Mistake);
    for (const Reason& r : explain(other).reasons) EXPECT_NE(r.kind, "reply_threat") << r.text;
}

// The Immortal Game, 19.e5??: the engine's line gives the rook on a8 back for the one on a1, so
// no material is lost along it, but the answer takes a rook e5 left where it stood undefended.
TEST(Explain, ReplyTakesTheUndefendedRook) {
    const char* before = "rnb1k1nr/p2p1ppp/3B4/1p1N1N1P/4P1P1/3P1Q2/PqP5/R4Kb1 w kq - 0 19";
    MoveLabel l = fake_label(
        before, "e4e5", {"e4e5", "b2a1", "f1e2", "f7f6", "d5c7", "e8d8", "f3a8"}, Score::cp(-364),
        "a1e1", {"a1e1", "g1b6"}, Score::cp(155), QualityLabel::Blunder);
    Explanation e = explain(l);
    ASSERT_FALSE(e.reasons.empty());
    EXPECT_EQ(e.reasons[0].kind, "reply_threat");
    EXPECT_EQ(e.reasons[0].text, "After e5, Qxa1+ captures the undefended rook on a1.");
}

// The Damiano, 3...fxe5?: no capture of White's wins on its own (5.Qxe5+ only takes back a pawn
// of the knight), the fork does: 4.Qh5+ g6 (forced: an answer to check) 5.Qxe5+ and 6.Qxh8.
TEST(Explain, TheForkAlongTheLineIsTheLoss) {
    const char* fen = "rnbqkbnr/pppp2pp/5p2/4N3/4P3/8/PPPP1PPP/RNBQKB1R b KQkq - 0 3";
    MoveLabel l =
        fake_label(fen, "f6e5", {"f6e5", "d1h5", "g7g6", "h5e5", "d8e7", "e5h8"}, Score::cp(-250),
                   "d8e7", {"d8e7", "e5f3"}, Score::cp(-30), QualityLabel::Blunder);
    Explanation e = explain(l);
    ASSERT_FALSE(e.reasons.empty());
    EXPECT_EQ(e.reasons[0].kind, "fork");
    EXPECT_EQ(e.reasons[0].text,
              "After fxe5 Qh5+ g6, Qxe5+ forks the king on e8 and the rook on h8.");
    // Black not forced on the way (3...Qe7 4.Nf3 instead of a check): no fork is blamed on it.
    MoveLabel quiet = fake_label(fen, "d8e7", {"d8e7", "e5f3", "e7e4", "f1e2"}, Score::cp(-30),
                                 "d8e7", {"d8e7"}, Score::cp(-30), QualityLabel::Inaccuracy);
    for (const Reason& r : explain(quiet).reasons) EXPECT_NE(r.kind, "fork") << r.text;
}

// A bishop trades itself for the knight: 1...Bxd4+ 2.Kxd4 takes back what the move took. Counted
// from the move on, the opponent wins nothing, although Kxd4 alone nets a bishop.
TEST(ExplainEngine, MaterialTakenBackIsNoWin) {
    Analyzer analyzer(Analyzer::Config{});
    const ExplainOptions o = engine_options(analyzer, 10);
    MoveLabel l =
        fake_label("7k/8/1b6/8/3N4/2K5/8/8 b - - 0 1", "b6d4", {"b6d4", "c3d4", "h8g7"},
                   Score::cp(0), "h8g7", {"h8g7", "d4f5"}, Score::cp(0), QualityLabel::Mistake);
    // Not even composed (the verifier would hold it back: a composer that offers it wastes a
    // search and says nothing true).
    Explanation e = explain(l, o);
    for (const std::vector<Reason>* v : {&e.reasons, &e.held})
        for (const Reason& r : *v)
            EXPECT_EQ(r.text.find("wins material"), std::string::npos) << r.text;
}

TEST(Explain, MissesMaterialAndWinsMaterial) {
    // After 2...Qg5?? White to move: Nxg5 wins the queen; 3.d3 misses it.
    const char* fen = "rnb1kbnr/pppp1ppp/8/4p1q1/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    MoveLabel miss = fake_label(fen, "d2d3", {"d2d3", "g5g6"}, Score::cp(30), "f3g5",
                                {"f3g5", "f8e7"}, Score::cp(900), QualityLabel::Blunder);
    Explanation e = explain(miss);
    ASSERT_FALSE(e.reasons.empty());
    EXPECT_EQ(e.reasons[0].kind, "misses_material");
    EXPECT_EQ(e.reasons[0].text, "Instead of d3, White wins the queen with Nxg5.");

    MoveLabel win = fake_label(fen, "f3g5", {"f3g5", "f8e7"}, Score::cp(900), "f3g5",
                               {"f3g5", "f8e7"}, Score::cp(900), QualityLabel::Good);
    Explanation w = explain(win);
    ASSERT_FALSE(w.reasons.empty());
    EXPECT_EQ(w.reasons[0].kind, "wins_material");
    EXPECT_EQ(w.reasons[0].text, "Nxg5 wins the queen.");
}

TEST(Explain, WrongLinesAreHeldBackNotSaid) {
    // A line that claims a win that is not there: nothing is said.
    MoveLabel l = fake_label(QueenHang, "b8c6", {"b8c6", "f1b5"}, Score::cp(-40), "b8c6", {"b8c6"},
                             Score::cp(-40), QualityLabel::Blunder);
    EXPECT_TRUE(explain(l).reasons.empty());
    // A reason whose sentence is false is refused by check_reason.
    Position pos;
    ASSERT_TRUE(pos.set(Scholar).ok());
    Reason r;
    r.text = "After Nf6, White mates in one with Qxe5+.";
    EXPECT_FALSE(check_reason(pos, uci(pos, "g8f6"), r, {}));
    r.text = "After Nf6, White mates in one with Qxf7#.";
    EXPECT_TRUE(check_reason(pos, uci(pos, "g8f6"), r, {}));
    // Engine reasons without an engine are held back and counted.
    MoveLabel spoil = fake_label(QueenHang, "a7a6", {"a7a6", "d2d4"}, Score::cp(-120), "b8c6",
                                 {"b8c6", "d2d4"}, Score::cp(-40), QualityLabel::Inaccuracy);
    spoil.quality.wp_before = 46;
    spoil.quality.wp_after = 39;
    Explanation s = explain(spoil);
    EXPECT_TRUE(s.reasons.empty());
}

TEST(Explain, ReaderReadsTheReasonForms) {
    Position pos;
    ASSERT_TRUE(pos.set(QueenHang).ok());
    CommentaryReading a =
        read_commentary(pos, "a7a6", "Instead of a6, Black mates in one with Qh4.");
    ASSERT_EQ(a.sentences.size(), 1u);
    ASSERT_TRUE(a.sentences[0].read());
    EXPECT_TRUE(a.sentences[0].context.empty());
    CommentaryReading b = read_commentary(
        pos, "a7a6", "a6 lowers Black's winning chances from 46% to 39% compared with Nc6.");
    ASSERT_EQ(b.sentences.size(), 1u);
    ASSERT_TRUE(b.sentences[0].read());
    ASSERT_FALSE(b.sentences[0].partly_read());
    const SubClaim& c = b.sentences[0].claims.at(0);
    EXPECT_EQ(c.predicate, "win_chances");
    EXPECT_EQ(c.args["from"], 46);
    EXPECT_EQ(c.args["to"], 39);
    EXPECT_EQ(c.args["against"], "Nc6");
    EXPECT_TRUE(c.moves.empty());
    // "Instead of" another move than the commented one is not read.
    CommentaryReading d =
        read_commentary(pos, "a7a6", "Instead of h6, Black mates in one with Qh4.");
    ASSERT_EQ(d.sentences.size(), 1u);
    EXPECT_FALSE(d.sentences[0].read());
}

TEST(Explain, MotifsAreTheLichessThemesOfTheLine) {
    Position pos;
    ASSERT_TRUE(pos.set(ScholarMate).ok());
    auto m = motifs_for_reason(pos, {uci(pos, "h5f7")});
    EXPECT_TRUE(has(m, "mate"));
    EXPECT_TRUE(has(m, "mateIn1"));
    EXPECT_FALSE(has(m, "oneMove"));  // length themes are a puzzle's, not a reason's
    Position promo;
    ASSERT_TRUE(promo.set("8/P6k/8/8/8/8/8/K7 w - - 0 1").ok());
    EXPECT_TRUE(has(motifs_for_reason(promo, {uci(promo, "a7a8q")}), "promotion"));
    // Nc7+ forks the king and the rook; Kd7 Nxa8 wins it. A line that ends with the other
    // side's move is cut to end with the solver's.
    Position fork;
    ASSERT_TRUE(fork.set("r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1").ok());
    std::vector<Move> line;
    Position p = fork;
    for (const char* u : {"b5c7", "e8d7", "c7a8", "d7c6"}) {
        line.push_back(uci(p, u));
        p.do_move(line.back());
    }
    auto f = motifs_for_reason(fork, line);
    EXPECT_TRUE(has(f, "fork"));
    EXPECT_FALSE(has(f, "mate"));
    EXPECT_TRUE(motifs_for_reason(fork, {}).empty());
}

TEST(Explain, LosesMaterialToAForkNamesTheFork) {
    // Black to move plays ...Kd8?? (a waiting move): White's Nc7 does not fork yet, but after
    // ...Ra7?? the knight takes nothing; use the fork position one move earlier: the knight on
    // d5 and Black's ...Ke8 walks into Nc7+.
    const char* fen = "r2k4/8/8/3N4/8/8/8/4K3 b - - 0 1";
    MoveLabel l = fake_label(fen, "d8e8", {"d8e8", "d5c7", "e8d7", "c7a8"}, Score::cp(-900), "a8a5",
                             {"a8a5", "d5c3"}, Score::cp(-300), QualityLabel::Blunder);
    Explanation e = explain(l);
    ASSERT_FALSE(e.reasons.empty());
    EXPECT_EQ(e.reasons[0].kind, "loses_material");
    EXPECT_EQ(e.reasons[0].text, "After Ke8 Nc7+ Kd7, White wins a rook with Nxa8.");
    EXPECT_EQ(e.reasons[0].line_uci.front(), "d5c7");
    EXPECT_TRUE(has(e.reasons[0].motifs, "fork")) << e.reasons[0].motifs.size();
    // The motif in words, as its own verified reason (the forks claim, on the board).
    ASSERT_EQ(e.reasons.size(), 2u);
    EXPECT_EQ(e.reasons[1].kind, "fork");
    EXPECT_EQ(e.reasons[1].text, "After Ke8, Nc7+ forks the king on e8 and the rook on a8.");
    EXPECT_EQ(e.reasons[1].line_uci.front(), "d5c7");
    EXPECT_EQ(e.reasons[1].motifs, std::vector<std::string>{"fork"});
    bool forks = false;
    for (const auto& c : e.reasons[1].claims) forks = forks || c["predicate"] == "forks";
    EXPECT_TRUE(forks) << e.reasons[1].claims.dump();
    EXPECT_EQ(e.held_back, 0);
}

TEST(Explain, WinsMaterialWithAForkNamesTheFork) {
    // Nc7+ forks the king on e8 and the rook on a8; the rook falls two plies later.
    const char* fen = "r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1";
    MoveLabel l = fake_label(fen, "b5c7", {"b5c7", "e8d8", "c7a8"}, Score::cp(500), "b5c7",
                             {"b5c7", "e8d8", "c7a8"}, Score::cp(500), QualityLabel::Good);
    Explanation e = explain(l);
    ASSERT_EQ(e.reasons.size(), 2u) << (e.reasons.empty() ? "" : e.reasons[0].text);
    EXPECT_EQ(e.reasons[0].kind, "wins_material");
    EXPECT_EQ(e.reasons[0].text, "After Nc7+ Kd8, White wins a rook with Nxa8.");
    EXPECT_EQ(e.reasons[1].kind, "fork");
    EXPECT_EQ(e.reasons[1].text, "Nc7+ forks the king on e8 and the rook on a8.");
    // A capture with no fork behind it gets no fork reason.
    const char* hang = "rnb1kbnr/pppp1ppp/8/4p1q1/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    MoveLabel win = fake_label(hang, "f3g5", {"f3g5", "f8e7"}, Score::cp(900), "f3g5",
                               {"f3g5", "f8e7"}, Score::cp(900), QualityLabel::Good);
    for (const Reason& r : explain(win).reasons) EXPECT_NE(r.kind, "fork") << r.text;
}

TEST(Explain, AForkNamesOnlyTheTargetsTheForksClaimCounts) {
    // Qd4+ attacks the king on g7, the defended rook on a7 and the undefended knight on h4: the
    // rook is worth less than the queen and defended, so the fork is of the king and the knight.
    const char* fen = "r7/r5k1/8/8/7n/8/1RR5/3Q2K1 w - - 0 1";
    MoveLabel l = fake_label(fen, "d1d4", {"d1d4", "g7g8", "d4h4"}, Score::cp(900), "d1d4",
                             {"d1d4", "g7g8", "d4h4"}, Score::cp(900), QualityLabel::Good);
    Explanation e = explain(l);
    ASSERT_EQ(e.reasons.size(), 2u) << (e.reasons.empty() ? "" : e.reasons[0].text);
    EXPECT_EQ(e.reasons[0].text, "After Qd4+ Kg8, White wins a knight with Qxh4.");
    EXPECT_EQ(e.reasons[1].kind, "fork");
    EXPECT_EQ(e.reasons[1].text, "Qd4+ forks the king on g7 and the knight on h4.");
    EXPECT_EQ(e.held_back, 0);
}

TEST(Explain, APieceLeftEnPriseIsSaidHanging) {
    // 2...Qg5?? Nxg5: the queen stands en prise right after the move.
    MoveLabel l = fake_label(QueenHang, "d8g5", {"d8g5", "f3g5"}, Score::cp(-900), "b8c6", {"b8c6"},
                             Score::cp(-30), QualityLabel::Blunder);
    Explanation e = explain(l);
    ASSERT_GE(e.reasons.size(), 2u) << (e.reasons.empty() ? "" : e.reasons[0].text);
    EXPECT_EQ(e.reasons[0].text, "After Qg5, White wins the queen with Nxg5.");
    EXPECT_EQ(e.reasons[1].kind, "hanging");
    EXPECT_EQ(e.reasons[1].text, "Qg5 leaves the queen on g5 hanging.");
    EXPECT_EQ(e.reasons[1].line_uci, std::vector<std::string>{"f3g5"});
    bool hangs = false;
    for (const auto& c : e.reasons[1].claims) hangs = hangs || c["predicate"] == "hangs";
    EXPECT_TRUE(hangs) << e.reasons[1].claims.dump();
    // A piece won later in the line, not by the first reply, is not said to hang.
    for (const Reason& r :
         explain(fake_label(fen_of_fork_walk(), "d8e8", {"d8e8", "d5c7", "e8d7", "c7a8"},
                            Score::cp(-900), "a8a5", {"a8a5", "d5c3"}, Score::cp(-300),
                            QualityLabel::Blunder))
             .reasons)
        EXPECT_NE(r.kind, "hanging") << r.text;
}

TEST(Explain, DefendsNamesTheThreatItStops) {
    // White to move; if White passed, ...Re1# would mate on the back rank. h3 makes luft.
    const char* fen = "4r1k1/5ppp/8/8/8/8/1B3PPP/6K1 w - - 0 1";
    MoveLabel l = fake_label(fen, "h2h3", {"h2h3", "g8f8"}, Score::cp(300), "h2h3",
                             {"h2h3", "g8f8"}, Score::cp(300), QualityLabel::Good);
    Explanation e = explain(l);
    ASSERT_EQ(e.reasons.size(), 1u);
    const Reason& r = e.reasons[0];
    EXPECT_EQ(r.kind, "defends");
    EXPECT_EQ(r.text, "h3 stops the threat of Re1#.");
    EXPECT_EQ(r.line_uci, std::vector<std::string>({"e8e1"}));
    EXPECT_TRUE(has(r.motifs, "backRankMate"));
    ASSERT_EQ(r.claims.size(), 1u);
    EXPECT_EQ(r.claims[0]["predicate"], "stops");
    EXPECT_EQ(r.claims[0]["args"]["move"], "h3");
    EXPECT_EQ(r.claims[0]["args"]["threat"], "Re1#");
    // Bc3 covers e1 and stops it too; Ba3 does not, and nothing is said.
    MoveLabel bc3 = fake_label(fen, "b2c3", {"b2c3"}, Score::cp(300), "h2h3", {"h2h3"},
                               Score::cp(300), QualityLabel::Good);
    ASSERT_FALSE(explain(bc3).reasons.empty());
    EXPECT_EQ(explain(bc3).reasons[0].text, "Bc3 stops the threat of Re1#.");
    MoveLabel ba3 = fake_label(fen, "b2a3", {"b2a3"}, Score::cp(300), "h2h3", {"h2h3"},
                               Score::cp(300), QualityLabel::Good);
    Explanation none = explain(ba3);
    EXPECT_TRUE(none.reasons.empty());
    EXPECT_EQ(none.held_back, 0);  // not composed: the threat still works
    Position pos;
    ASSERT_TRUE(pos.set(fen).ok());
    Reason said;
    said.text = "Ba3 stops the threat of Re1#.";
    EXPECT_FALSE(check_reason(pos, uci(pos, "b2a3"), said, {}));
    // Other wordings of the same claim; a move that is no threat is not verified.
    for (const char* text :
         {"h3 stops Re1#.", "h3 prevents Re1#.", "h3 parries the threat Re1#."}) {
        Reason x;
        x.text = text;
        EXPECT_TRUE(check_reason(pos, uci(pos, "h2h3"), x, {})) << text;
    }
    Reason quiet;
    quiet.text = "h3 stops Rd8.";
    EXPECT_FALSE(check_reason(pos, uci(pos, "h2h3"), quiet, {}));
}

TEST(Explain, DefendsAMaterialThreat) {
    // Black to move: if Black passed, Bxc6 would win the undefended knight. Ne7 moves it where
    // the king defends it and the bishop does not reach.
    const char* fen = "6k1/8/2n5/1B6/8/8/8/4K3 b - - 0 1";
    MoveLabel l = fake_label(fen, "c6e7", {"c6e7"}, Score::cp(0), "c6e7", {"c6e7"}, Score::cp(0),
                             QualityLabel::Good);
    Explanation e = explain(l);
    ASSERT_EQ(e.reasons.size(), 1u);
    EXPECT_EQ(e.reasons[0].kind, "defends");
    EXPECT_EQ(e.reasons[0].text, "Ne7 stops the threat of Bxc6.");
    // Zukertort - Blackburne, 24...dxe4 takes back the bishop that backed up fxg6: it
    // recaptures, it does not "stop the threat of fxg6".
    const char* retake = "2r3k1/pbr1q2p/1p2p1p1/3p1P2/3PB3/1P2R3/PB1Q2PP/5RK1 b - - 0 24";
    MoveLabel back = fake_label(retake, "d5e4", {"d5e4"}, Score::cp(0), "d5e4", {"d5e4"},
                                Score::cp(0), QualityLabel::Good);
    for (const Reason& r : explain(back).reasons) EXPECT_NE(r.kind, "defends") << r.text;
    // In check there is no pass: no threat is read, nothing composed.
    MoveLabel check = fake_label("6k1/8/2n5/1B6/8/8/8/4K1R1 b - - 0 1", "g8h8", {"g8h8"},
                                 Score::cp(0), "g8h8", {"g8h8"}, Score::cp(0), QualityLabel::Good);
    Explanation c = explain(check);
    EXPECT_TRUE(c.reasons.empty());
    EXPECT_EQ(c.held_back, 0);
}

// Round trip with Stockfish at depth 8: the setup move of the first puzzles labelled and
// explained; every reason printed reads whole and verifies true (check_reason again, here with
// the engine), and the bad setups mostly have a reason whose line starts with the solution.
TEST(ExplainEngine, PuzzleSetupMovesRoundTrip) {
    std::ifstream in(std::string(GLOSSFISH_TEST_DATA) + "/lichess_puzzles_1000.csv");
    ASSERT_TRUE(in.good());
    std::string row;
    std::getline(in, row);
    Analyzer analyzer(Analyzer::Config{});
    const ExplainOptions o = engine_options(analyzer, 8);
    const AnalysisLimits& limits = o.limits;
    int puzzles = 0, reasons = 0, starts = 0;
    while (puzzles < 6 && std::getline(in, row)) {
        std::vector<std::string> f;
        std::stringstream ss(row);
        for (std::string x; std::getline(ss, x, ',');) f.push_back(x);
        ASSERT_GE(f.size(), 3u);
        Position pos;
        ASSERT_TRUE(pos.set(f[1]).ok());
        std::vector<std::string> moves;
        std::stringstream ms(f[2]);
        for (std::string x; ms >> x;) moves.push_back(x);
        Move setup = uci(pos, moves[0].c_str());
        MoveLabel l = label_move(analyzer, pos, setup, limits, QualityScheme::Lichess);
        ASSERT_TRUE(l.error.empty()) << l.error;
        explain_label(l, o);
        ++puzzles;
        bool starts_here = false;
        for (Reason r : l.reasons) {
            ++reasons;
            EXPECT_TRUE(check_reason(pos, setup, r, o)) << f[0] << ": " << r.text;
            if (!r.line_uci.empty() && r.line_uci.front() == moves[1]) starts_here = true;
        }
        starts += starts_here;
    }
    EXPECT_GT(reasons, 0);
    EXPECT_GE(starts * 10, puzzles * 5) << starts << " of " << puzzles;
}

// Levitsky - Marshall 1912, 23...Qg3!!: the queen can be taken three ways and the engine's line
// takes it with none; taking with the cheapest piece (hxg3) is mate by Ne2#. The reason says so,
// verified; a move whose piece is simply taken in the engine's line gets no such reason.
TEST(ExplainEngine, APieceThatCannotBeTakenSaysWhy) {
    Analyzer analyzer(Analyzer::Config{});
    const ExplainOptions o = engine_options(analyzer, 12);
    const AnalysisLimits& limits = o.limits;
    Position pos;
    ASSERT_TRUE(pos.set("5rk1/pp4pp/4p3/2R3Q1/3n4/2q4r/P1P2PPP/5RK1 b - - 1 23").ok());
    const Move qg3 = uci(pos, "c3g3");
    MoveLabel l = label_move(analyzer, pos, qg3, limits, QualityScheme::Lichess);
    ASSERT_TRUE(l.error.empty()) << l.error;
    ASSERT_EQ(l.quality.label, QualityLabel::Good);
    explain_label(l, o);
    const auto it = std::find_if(l.reasons.begin(), l.reasons.end(),
                                 [](const Reason& r) { return r.kind == "immune"; });
    ASSERT_NE(it, l.reasons.end()) << l.reasons.size();
    EXPECT_EQ(it->text, "After Qg3 hxg3, Black mates in one with Ne2#.");
    EXPECT_TRUE(check_reason(pos, qg3, *it, o));
    // Kasparov - Topalov, Wijk aan Zee 1999, 25.Re7+: the rook can be taken by the queen, the
    // engine's line plays ...Kb6, and ...Qxe7 is mated in four from Qxd4+ (said up to five).
    Position kt;
    ASSERT_TRUE(kt.set("b2r3r/k4p1p/p2q1np1/Np1P4/3p1Q2/P4PPB/1PP4P/1K2R3 w - - 0 25").ok());
    const Move re7 = uci(kt, "e1e7");
    MoveLabel offer = label_move(analyzer, kt, re7, limits, QualityScheme::Lichess);
    ASSERT_TRUE(offer.error.empty()) << offer.error;
    explain_label(offer, o);
    const auto mate = std::find_if(offer.reasons.begin(), offer.reasons.end(),
                                   [](const Reason& r) { return r.kind == "immune"; });
    ASSERT_NE(mate, offer.reasons.end()) << offer.reasons.size();
    EXPECT_EQ(mate->text, "After Re7+ Qxe7, White mates in four with Qxd4+.");
    EXPECT_TRUE(check_reason(kt, re7, *mate, o));
    // 1.e4 d5: the pawn is offered and taken (exd5), so nothing is "immune".
    Position scandi;
    ASSERT_TRUE(scandi.set("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").ok());
    MoveLabel d5 =
        label_move(analyzer, scandi, uci(scandi, "d7d5"), limits, QualityScheme::Lichess);
    explain_label(d5, o);
    for (const Reason& r : d5.reasons) EXPECT_NE(r.kind, "immune") << r.text;
}

// Anderssen - Kieseritzky 1851, 22...Nxf6: the queen is taken, and Be7# follows whatever Black
// plays. The reason is the mate, never "Nxf6 wins the queen".
TEST(ExplainEngine, MaterialTakenOnTheWayToBeingMatedIsNotAWin) {
    Analyzer analyzer(Analyzer::Config{});
    const ExplainOptions o = engine_options(analyzer, 10);
    const AnalysisLimits& limits = o.limits;
    Position pos;
    ASSERT_TRUE(pos.set("r1bk2nr/p2p1pNp/n2B1Q2/1p1NP2P/6P1/3P4/P1P1K3/q5b1 b - - 2 22").ok());
    const Move nxf6 = uci(pos, "g8f6");
    MoveLabel l = label_move(analyzer, pos, nxf6, limits, QualityScheme::Lichess);
    ASSERT_TRUE(l.error.empty()) << l.error;
    explain_label(l, o);
    ASSERT_FALSE(l.reasons.empty());
    for (const Reason& r : l.reasons) EXPECT_NE(r.kind, "wins_material") << r.text;
    EXPECT_EQ(l.reasons.front().text, "After Nxf6, White mates in one with Be7#.");
    EXPECT_TRUE(check_reason(pos, nxf6, l.reasons.front(), o));
}

// Anderssen - Kieseritzky 1851, 7...Nh5: the knight threatens Ng3+, forking the king on f1 and
// the rook on h1, which the board alone does not show (no capture, no mate); the null-move search
// does. 6.Nf3 attacks the queen on h4: a plain capture, said by the board's ideas, so no
// `threatens` reason repeats it.
TEST(ExplainEngine, AThreatTheBoardDoesNotShowIsFoundByANullMoveSearch) {
    Analyzer analyzer(Analyzer::Config{});
    const ExplainOptions o = engine_options(analyzer, 12);
    const AnalysisLimits& limits = o.limits;
    Position pos;
    ASSERT_TRUE(pos.set("rnb1kb1r/p1pp1ppp/5n1q/1B6/4Pp2/3P1N2/PPP3PP/RNBQ1K1R b kq - 0 7").ok());
    const Move nh5 = uci(pos, "f6h5");
    MoveLabel l = label_move(analyzer, pos, nh5, limits, QualityScheme::Lichess);
    ASSERT_TRUE(l.error.empty()) << l.error;
    explain_label(l, o);
    const auto it = std::find_if(l.reasons.begin(), l.reasons.end(),
                                 [](const Reason& r) { return r.kind == "threatens"; });
    ASSERT_NE(it, l.reasons.end()) << l.reasons.size();
    EXPECT_EQ(it->text, "Nh5 threatens Ng3+.");
    EXPECT_TRUE(check_reason(pos, nh5, *it, o));

    Position before_nf3;
    ASSERT_TRUE(
        before_nf3.set("rnb1kb1r/p1pp1ppp/5n2/1B6/4Pp1q/8/PPPP2PP/RNBQ1KNR w kq - 1 6").ok());
    const Move nf3 = uci(before_nf3, "g1f3");
    MoveLabel n = label_move(analyzer, before_nf3, nf3, limits, QualityScheme::Lichess);
    ASSERT_TRUE(n.error.empty()) << n.error;
    explain_label(n, o);
    for (const Reason& r : n.reasons) EXPECT_NE(r.kind, "threatens") << r.text;
}

// Zukertort - Blackburne, London 1883, 31.Bxe5+: the pawn it takes is not the point; after
// Kxf8 (the rook given) Bg7+ Kg8, Qxe7 wins the queen for it.
TEST(ExplainEngine, TheCombinationsBiggerWinIsNamedWithWhatWasGivenForIt) {
    const char* fen = "5R2/pb2q1k1/1p6/2rPp3/4Q3/1P2R3/PBr3PP/6K1 w - - 1 31";
    Position pos;
    ASSERT_TRUE(pos.set(fen).ok());
    const Move bxe5 = uci(pos, "b2e5");
    Reason won;
    won.text = "After Bxe5+ Kxf8 Bg7+ Kg8, White wins the queen for a rook with Qxe7.";
    EXPECT_TRUE(check_reason(pos, bxe5, won, {}));  // static exchange: no engine needed
    for (const char* wrong :
         {"After Bxe5+ Kxf8 Bg7+ Kg8, White wins the queen for a bishop with Qxe7.",
          "After Bxe5+ Kxf8 Bg7+ Kg8, White wins the queen for the queen with Qxe7.",
          "After Bxe5+ Kxf8 Bg7+ Kg8, White wins the rook for a rook with Qxe7."}) {
        Reason r;
        r.text = wrong;
        EXPECT_FALSE(check_reason(pos, bxe5, r, {})) << wrong;
    }
    Analyzer analyzer(Analyzer::Config{});
    const ExplainOptions o = engine_options(analyzer, 14);
    MoveLabel l = label_move(analyzer, pos, bxe5, o.limits, QualityScheme::Lichess);
    ASSERT_TRUE(l.error.empty()) << l.error;
    const Explanation e = explain(l, o);
    ASSERT_FALSE(e.reasons.empty());
    EXPECT_EQ(e.reasons[0].text, won.text);
}

// Rotlewi - Rubinstein, Lodz 1907, 25...Rh3: a forced mate (mate in five) that goes unsaid, as
// in annotate, which proves no mate in more than one without the engine, silences nothing: the
// move says what the board shows ("threatens mate on h2"). Said, the mate is all that is said.
TEST(Explain, AForcedMateLeftUnsaidSilencesNothing) {
    const char* fen = "6k1/5ppp/pb2p3/1p2P3/1P2bPnP/P1r5/1B4QP/R4R1K b - - 1 25";
    const std::vector<const char*> line = {"c3h3", "b2d4", "h3h2", "h1g1", "h2g2",
                                           "g1h1", "g2h2", "h1g1", "h2h1"};
    MoveLabel l = fake_label(fen, "c3h3", line, Score::mate(5), "c3h3", line, Score::mate(5),
                             QualityLabel::Good);
    explain_ideas(l);
    const auto mate = std::find_if(l.ideas.begin(), l.ideas.end(),
                                   [](const Idea& i) { return i.kind == "threatens_mate"; });
    ASSERT_NE(mate, l.ideas.end()) << label_to_json(l)["text"];
    EXPECT_EQ(mate->text, "Rh3 threatens mate on h2.");
    MoveLabel said = fake_label(fen, "c3h3", line, Score::mate(5), "c3h3", line, Score::mate(5),
                                QualityLabel::Good);
    Reason r;
    r.kind = "mates";
    r.text = "Rh3 forces mate in five.";
    said.reasons.push_back(r);
    explain_ideas(said);
    ASSERT_EQ(said.ideas.size(), 1u) << label_to_json(said)["text"];
    EXPECT_EQ(said.ideas[0].text, "Rh3 forces mate in five.");
    // 23...Rd2, rated a slower mate (an inaccuracy): the rook it leaves is no sacrifice the
    // engine bears out, so it does not stand for the mate, and the move still says what it
    // threatens.
    const char* rd2 = "3r2k1/1b3ppp/pb2p3/1p2P3/1P2BPnP/P1r5/1B2Q2P/R4R1K b - - 0 23";
    const std::vector<const char*> game = {"d8d2", "f1f2", "b7e4", "h1g1", "d2e2"};
    MoveLabel slow = fake_label(rd2, "d8d2", game, Score::mate(10), "d8d2", game, Score::mate(8),
                                QualityLabel::Inaccuracy);
    explain_ideas(slow);
    const auto threat = std::find_if(slow.ideas.begin(), slow.ideas.end(),
                                     [](const Idea& i) { return i.kind == "threatens_win"; });
    ASSERT_NE(threat, slow.ideas.end()) << label_to_json(slow)["text"];
    for (const Idea& i : slow.ideas) EXPECT_NE(i.kind, "sacrifice") << i.text;
}

// Steinitz - von Bardeleben, Hastings 1895, 25.Rxh7+: along a line where ...Qxh7 takes the rook
// and Rxc8+ takes one back, a rook given for a rook wins nothing bigger than the h7 pawn: never
// "wins a rook for a rook".
TEST(Explain, APieceGivenForOneOfTheSameWorthIsNoBiggerWin) {
    const char* fen = "r1r4k/pp1q2Rp/5pp1/3p2N1/6Q1/8/PP3PPP/2R3K1 w - - 5 25";
    const std::vector<const char*> line = {"g7h7", "d7h7", "c1c8", "a8c8", "g5h7"};
    MoveLabel l = fake_label(fen, "g7h7", line, Score::cp(556), "g7h7", line, Score::cp(556),
                             QualityLabel::Good);
    const Explanation e = explain(l);
    for (const Reason& r : e.reasons) {
        EXPECT_EQ(r.text.find("a rook for a rook"), std::string::npos) << r.text;
        EXPECT_EQ(r.text.find("wins a rook"), std::string::npos) << r.text;
    }
    for (const Reason& r : e.held)
        EXPECT_EQ(r.text.find("for a rook"), std::string::npos) << r.text;
}

// Samisch - Nimzowitsch, Copenhagen 1923, 20...fxe4: the h5 knight, attacked by the d1 queen,
// is left to Qxh5 for the pawns and the f-file: a sacrifice of a piece the move did not move.
TEST(ExplainEngine, APieceLeftToBeTakenIsASacrificeWhenTheLineKeepsItGiven) {
    Analyzer analyzer(Analyzer::Config{});
    const ExplainOptions o = engine_options(analyzer, 12);
    Position pos;
    ASSERT_TRUE(pos.set("r4rk1/3q2pp/p2bp3/1b1p1p1n/1p1PP3/6PP/PP1B1PBK/1NRQ2R1 b - - 0 20").ok());
    MoveLabel l = label_move(analyzer, pos, uci(pos, "f5e4"), o.limits, QualityScheme::Lichess);
    ASSERT_TRUE(l.error.empty()) << l.error;
    explain_ideas(l);
    const auto it = std::find_if(l.ideas.begin(), l.ideas.end(),
                                 [](const Idea& i) { return i.kind == "sacrifice"; });
    ASSERT_NE(it, l.ideas.end()) << label_to_json(l)["text"];
    EXPECT_EQ(it->text, "fxe4 sacrifices the knight on h5.");
    // The same knight left by a move the engine rates a blunder (...Be7, answered by Qxh5) is
    // no sacrifice: it is lost.
    MoveLabel bad = label_move(analyzer, pos, uci(pos, "d6e7"), o.limits, QualityScheme::Lichess);
    ASSERT_TRUE(bad.error.empty()) << bad.error;
    ASSERT_GE(bad.played_pv.size(), 2u);
    Position after_be7 = pos;
    after_be7.do_move(bad.played_pv[0]);
    ASSERT_EQ(bad.played_pv[1], uci(after_be7, "d1h5"));
    EXPECT_EQ(label_to_json(bad)["label"], "blunder");
    explain_ideas(bad);
    for (const Idea& i : bad.ideas) EXPECT_NE(i.kind, "sacrifice") << i.text;
}

// The Opera game, 7.Qb3: besides its double attack on b7 and f7, the queen now covers b4, where
// ...Bb4+ (Black's good move if White passed) would lose the bishop. Said as "prevents", after
// the threat; verified by the engine: Bb4+ was good before and loses 10 win% more after. A move
// that was no good before, or still works after, is not "prevented".
TEST(ExplainEngine, APreventionIsAGoodMoveTheOpponentNoLongerHas) {
    Analyzer analyzer(Analyzer::Config{});
    const ExplainOptions o = engine_options(analyzer, 10);
    Position pos;
    ASSERT_TRUE(pos.set("rn1qkb1r/ppp2ppp/5n2/4p3/2B1P3/5Q2/PPP2PPP/RNB1K2R w KQkq - 2 7").ok());
    const Move qb3 = uci(pos, "f3b3");
    MoveLabel l = label_move(analyzer, pos, qb3, o.limits, QualityScheme::Lichess);
    ASSERT_TRUE(l.error.empty()) << l.error;
    explain_label(l, o);
    const auto it = std::find_if(l.reasons.begin(), l.reasons.end(),
                                 [](const Reason& r) { return r.kind == "prevents"; });
    ASSERT_NE(it, l.reasons.end()) << l.reasons.size();
    EXPECT_EQ(it->text, "Qb3 prevents Bb4+.");
    ASSERT_EQ(it->claims.size(), 1u);
    EXPECT_EQ(it->claims[0]["predicate"], "stops");
    explain_ideas(l);
    const std::string text = label_to_json(l)["text"];
    EXPECT_EQ(text,
              "Qb3 is the engine's choice. Qb3 threatens to win the pawn on b7 and the pawn on "
              "f7 and forms a battery with the bishop on c4 aimed at f7. Qb3 prevents Bb4+.");
    for (const char* said : {"Qb3 prevents Bc5.", "Qb3 prevents Ba3.", "Qb3 prevents Bd6."}) {
        Reason r;
        r.text = said;
        EXPECT_FALSE(check_reason(pos, qb3, r, o)) << said;
    }
    // Without the engine a quiet move's prevention cannot be proved: not said, not true.
    Reason quiet;
    quiet.text = "Qb3 prevents Bb4+.";
    EXPECT_FALSE(check_reason(pos, qb3, quiet, {}));
    // Rotlewi - Rubinstein, 7.a3 takes b4 from the c5 bishop, but ...Bb4 was no good move for
    // Black there: nothing is prevented.
    Position rotlewi;
    ASSERT_TRUE(
        rotlewi.set("r1bqk2r/pp3ppp/2n1pn2/2bp4/2P5/2N1PN2/PP3PPP/R1BQKB1R w KQkq - 0 7").ok());
    const Move a3 = uci(rotlewi, "a2a3");
    MoveLabel r = label_move(analyzer, rotlewi, a3, o.limits, QualityScheme::Lichess);
    ASSERT_TRUE(r.error.empty()) << r.error;
    explain_label(r, o);
    for (const Reason& x : r.reasons) EXPECT_NE(x.kind, "prevents") << x.text;
    Reason bb4;
    bb4.text = "a3 prevents Bb4.";
    EXPECT_FALSE(check_reason(rotlewi, a3, bb4, o));
}

// Explaining that fails is said, never passed off as "no reason": a cancelled token, an engine
// that cannot start and a label whose move is illegal each leave the explanation incomplete with
// why, and explain_label puts the why in the label's JSON.
TEST(Explain, AFailedExplanationIsIncompleteWithWhy) {
    // 7...Nh5, a good move whose threat (Ng3+) only a null-move search finds.
    const char* fen = "rnb1kb1r/p1pp1ppp/5n1q/1B6/4Pp2/3P1N2/PPP3PP/RNBQ1K1R b kq - 0 7";
    const MoveLabel l = fake_label(fen, "f6h5", {"f6h5"}, Score::cp(0), "f6h5", {"f6h5"},
                                   Score::cp(0), QualityLabel::Good);

    Analyzer analyzer(Analyzer::Config{});
    CancelToken cancelled;
    cancelled.cancel();
    ExplainOptions o = engine_options(analyzer, 12);
    o.cancel = &cancelled;
    const Explanation e = explain(l, o);
    EXPECT_FALSE(e.complete);
    EXPECT_EQ(e.why, AnalysisCancelled);
    MoveLabel stored = l;
    EXPECT_FALSE(explain_label(stored, o));
    EXPECT_EQ(stored.reasons_incomplete, AnalysisCancelled);
    EXPECT_EQ(label_to_json(stored)["reasons_incomplete"], AnalysisCancelled);

    Analyzer::Config broken;
    broken.engine_path = "/nonexistent/stockfish";
    Analyzer no_engine(broken);
    const Explanation f = explain(l, engine_options(no_engine, 12));
    EXPECT_FALSE(f.complete);
    EXPECT_FALSE(f.why.empty());

    // Board claims only, nothing fails: complete, and the JSON has no reasons_incomplete.
    MoveLabel board = l;
    EXPECT_TRUE(explain_label(board, ExplainOptions{}));
    EXPECT_TRUE(board.reasons_incomplete.empty());
    EXPECT_FALSE(label_to_json(board).contains("reasons_incomplete"));

    MoveLabel illegal = l;
    Position pos;
    ASSERT_TRUE(pos.set(ScholarMate).ok());
    illegal.played = uci(pos, "h5f7");  // not a move of the label's position
    const Explanation g = explain(illegal);
    EXPECT_FALSE(g.complete);
    EXPECT_EQ(g.why, "the label's move is not legal in its position");
}

// The FEN after UCI moves from the start position.
std::string fen_after(std::initializer_list<const char*> moves) {
    Position pos;
    EXPECT_TRUE(pos.set("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").ok());
    for (const char* m : moves) pos.do_move(uci(pos, m));
    return pos.fen();
}

// What a move let the opponent capture is said only when the engine counts the move a mistake or
// worse: 22...Rxc3 of Rotlewi-Rubinstein leaves the queen to gxh4 for a mating attack, and as
// an inaccuracy (Stockfish at depth 14) the capture is no loss to report.
TEST(Explain, AReplyCaptureIsSaidOnlyForACostlyMove) {
    const char* fen = "2rr2k1/1b3ppp/pb2p3/1p2P3/1P2BPnq/P1N3P1/1B2Q2P/R4R1K b - - 0 22";
    const std::vector<const char*> line = {"c8c3", "g3h4", "d8d2", "e2d2", "b7e4", "d2g2", "c3c2"};
    auto reasons = [&](QualityLabel q) {
        const MoveLabel l =
            fake_label(fen, "c8c3", line, Score::cp(100), "h4e7", {"h4e7"}, Score::cp(250), q);
        std::string all;
        for (const Reason& r : explain(l).reasons) all += r.text + " ";
        return all;
    };
    EXPECT_EQ(reasons(QualityLabel::Inaccuracy).find("captures the undefended queen"),
              std::string::npos);
    EXPECT_NE(reasons(QualityLabel::Blunder).find("After Rxc3, gxh4 captures the undefended queen"),
              std::string::npos);
}

// Reti - Tartakower, 6...Qa5+ after 6.dxe5: Qxe5 takes back the pawn White just won, so the
// material reason says "wins back" (the reader reads White's lead before it), never "wins a
// pawn". The same words where Black was not behind fail.
TEST(Explain, MaterialRegainedIsWonBack) {
    const char* fen = "rnbqkb1r/pp3ppp/2p2n2/4P3/4N3/3Q4/PPP2PPP/R1B1KBNR b KQkq - 0 6";
    MoveLabel l =
        fake_label(fen, "d8a5", {"d8a5", "c1d2", "a5e5", "e1c1", "f6e4"}, Score::cp(-30), "d8a5",
                   {"d8a5", "c1d2", "a5e5", "e1c1", "f6e4"}, Score::cp(-30), QualityLabel::Good);
    const Explanation e = explain(l);
    ASSERT_FALSE(e.reasons.empty());
    EXPECT_EQ(e.reasons[0].text, "After Qa5+ Bd2, Black wins back a pawn with Qxe5.");
    const auto lead =
        std::find_if(e.reasons[0].claims.begin(), e.reasons[0].claims.end(),
                     [](const nlohmann::json& c) { return c["predicate"] == "material_lead"; });
    ASSERT_NE(lead, e.reasons[0].claims.end());
    EXPECT_EQ((*lead)["args"]["color"], "white");
    // White, a queen up here, is not behind: "exd5 wins back a pawn" is false, and "exd5 wins a
    // pawn" true (nothing takes back on d5).
    Position start;
    ASSERT_TRUE(start.set("rnb1kbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").ok());
    Reason r;
    r.text = "exd5 wins back a pawn.";
    EXPECT_FALSE(check_reason(start, uci(start, "e4d5"), r, {}));
    r.text = "exd5 wins a pawn.";
    EXPECT_TRUE(check_reason(start, uci(start, "e4d5"), r, {}));
}

// Steinitz - von Bardeleben, 7.Nc3 after 6...Bb4+: both Nc3 and Nbd2 block the check, so
// "Nbd2 blocks the check" says nothing the better move does instead and is not its point; what
// Nbd2 does that Nc3 does not stays.
TEST(Explain, TheBetterMoveSaysWhatThePlayedOneDoesNot) {
    const char* fen = "r1bqk2r/pppp1ppp/2n2n2/8/1bBPP3/5N2/PP3PPP/RNBQK2R w KQkq - 1 7";
    MoveLabel l = fake_label(fen, "b1c3", {"b1c3", "f6e4"}, Score::cp(-50), "b1d2",
                             {"b1d2", "f6e4"}, Score::cp(40), QualityLabel::Inaccuracy);
    explain_ideas(l);
    const auto blocks = [](const Idea& i) { return i.kind == "blocks_check"; };
    EXPECT_TRUE(std::any_of(l.ideas.begin(), l.ideas.end(), blocks));
    EXPECT_FALSE(std::any_of(l.best_ideas.begin(), l.best_ideas.end(), blocks));
    MoveLabel k = fake_label(fen, "e1f1", {"e1f1"}, Score::cp(-50), "b1d2", {"b1d2"}, Score::cp(40),
                             QualityLabel::Inaccuracy);
    explain_ideas(k);
    EXPECT_FALSE(std::any_of(k.ideas.begin(), k.ideas.end(), blocks));  // the king steps away
    ASSERT_FALSE(k.best_ideas.empty());
    EXPECT_EQ(k.best_ideas.front().text, "Nbd2 blocks the check.");
}

// The only legal move is said once: the only_move reason and the forced idea say the same words
// (20.Kf1 of Byrne-Fischer read "Kf1 is the only legal move. Kf1 is the only legal move.").
TEST(Explain, TheOnlyLegalMoveIsSaidOnce) {
    MoveLabel l =
        fake_label("7k/8/5K2/8/8/8/8/7R b - - 0 1", "h8g8", {"h8g8", "h1h7"}, Score::cp(-1000),
                   "h8g8", {"h8g8", "h1h7"}, Score::cp(-1000), QualityLabel::Good);
    l.quality.only = true;
    explain_label(l);
    const std::string text = label_to_json(l)["text"];
    std::size_t n = 0;
    for (std::size_t at = text.find("only legal move"); at != std::string::npos;
         at = text.find("only legal move", at + 1))
        ++n;
    EXPECT_EQ(n, 1u) << text;
    EXPECT_EQ(std::count_if(l.ideas.begin(), l.ideas.end(),
                            [](const Idea& i) { return i.text == "Kg8 is the only legal move."; }),
              1)
        << text;
}

// A sacrifice is said of the piece the line takes: 21.Ng5+ of Steinitz-von Bardeleben leaves the
// knight en prise, but the engine's line declines it (Ke8) and White gives up a rook later, so
// "sacrifices the knight on g5" would be false: the knight is offered ("offers the knight on
// g5"); 10.Nxb5 of the Opera game is taken (cxb5) and stays given up.
TEST(Explain, ASacrificeIsThePieceTheLineTakes) {
    auto ideas = [](const char* fen, const char* move, std::vector<const char*> line) {
        MoveLabel l = fake_label(fen, move, line, Score::cp(300), move, line, Score::cp(300),
                                 QualityLabel::Good);
        explain_label(l, ExplainOptions{});
        return l.ideas;
    };
    auto sacrifice = [&](const char* fen, const char* move, std::vector<const char*> line) {
        const std::vector<Idea> found = ideas(fen, move, line);
        // A sacrifice, or a gambit pawn; a piece offered and declined is not one.
        return std::any_of(found.begin(), found.end(), [](const Idea& i) {
            return i.kind == "sacrifice" && (i.text.find(" offers the ") == std::string::npos ||
                                             i.text.find(" offers the pawn ") != std::string::npos);
        });
    };
    const char* steinitz = "r1r5/pp1qnk1p/4Npp1/3p4/6Q1/8/PP3PPP/2R1R1K1 w - - 0 21";
    const std::vector<const char*> declined = {"e6g5", "f7e8", "e1e7", "e8e7",
                                               "g4b4", "e7e8", "c1e1", "e8d8"};
    EXPECT_FALSE(sacrifice(steinitz, "e6g5", declined));
    const std::vector<Idea> ng5 = ideas(steinitz, "e6g5", declined);
    EXPECT_TRUE(std::any_of(ng5.begin(), ng5.end(), [](const Idea& i) {
        return i.kind == "sacrifice" && i.text == "Ng5+ offers the knight on g5.";
    }));
    // Rated a mistake, the piece left standing is no offer worth saying.
    MoveLabel bad = fake_label(steinitz, "e6g5", declined, Score::cp(-300), "g4b4", {"g4b4"},
                               Score::cp(300), QualityLabel::Mistake);
    explain_label(bad, ExplainOptions{});
    EXPECT_FALSE(std::any_of(bad.ideas.begin(), bad.ideas.end(),
                             [](const Idea& i) { return i.kind == "sacrifice"; }));
    const std::string fen =
        fen_after({"e2e4", "e7e5", "g1f3", "d7d6", "d2d4", "c8g4", "d4e5", "g4f3", "d1f3", "d6e5",
                   "f1c4", "g8f6", "f3b3", "d8e7", "b1c3", "c7c6", "c1g5", "b7b5"});
    EXPECT_TRUE(sacrifice(fen.c_str(), "c3b5", {"c3b5", "c6b5", "c4b5", "b8d7", "e1c1"}));
    EXPECT_FALSE(sacrifice(fen.c_str(), "c3b5", {"c3b5", "e7b4"}));  // not taken: no sacrifice
    // The Evans gambit: 4.b4 Bxb4 5.c3, the pawn taken and not won back within the line.
    const char* evans = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    EXPECT_TRUE(sacrifice(evans, "b2b4", {"b2b4", "c5b4", "c2c3", "b4e7", "d2d4"}));
    EXPECT_FALSE(sacrifice(evans, "b2b4", {"b2b4", "c5b6", "a2a4", "a7a6", "c2c3"}));  // declined
}

// "Prepares to castle queenside" is a plan: not said when the engine's line castles the other
// way (10.Qd2 of Rotlewi-Rubinstein, Lodz 1907; the line goes on to O-O, as White did).
TEST(Explain, PreparesCastlingOnlyWhereTheLineDoesNotCastleTheOtherWay) {
    const std::string fen =
        fen_after({"d2d4", "d7d5", "g1f3", "e7e6", "e2e3", "c7c5", "c2c4", "b8c6", "b1c3", "g8f6",
                   "d4c5", "f8c5", "a2a3", "a7a6", "b2b4", "c5d6", "c1b2", "e8g8"});
    auto said = [&](std::vector<const char*> line) {
        MoveLabel l = fake_label(fen.c_str(), "d1d2", line, Score::cp(0), "d1d2", line,
                                 Score::cp(0), QualityLabel::Good);
        explain_label(l, ExplainOptions{});
        return std::any_of(l.ideas.begin(), l.ideas.end(),
                           [](const Idea& i) { return i.kind == "prepares_castling"; });
    };
    EXPECT_FALSE(said({"d1d2", "d8e7", "a1d1", "f8d8", "d2c2", "d5c4", "f1c4", "b7b5", "c4d3",
                       "c6e5", "f3e5", "d6e5", "e1g1"}));
    EXPECT_TRUE(said({"d1d2", "d8e7", "e1c1"}));  // the line castles queenside
    EXPECT_TRUE(said({"d1d2", "d8e7"}));          // the line does not castle: the board's fact
}

// "Prepares to fianchetto the bishop" is a plan too: not said when the line puts the bishop on
// another square (17.g3 of Kasparov-Topalov, Wijk aan Zee 1999; the line goes on to Bh3).
TEST(Explain, PreparesFianchettoOnlyWhereTheLineDoesNotPutTheBishopElsewhere) {
    const char* fen = "2kr3r/1b2qp1p/pn1p1npQ/1pp5/4P3/PNN2P2/1PP3PP/1K1R1B1R w - - 2 17";
    auto said = [&](std::vector<const char*> line) {
        MoveLabel l = fake_label(fen, "g2g3", line, Score::cp(0), "g2g3", line, Score::cp(0),
                                 QualityLabel::Good);
        explain_label(l, ExplainOptions{});
        return std::any_of(l.ideas.begin(), l.ideas.end(), [](const Idea& i) {
            return i.kind == "fianchetto" && i.text.find("prepares") != std::string::npos;
        });
    };
    EXPECT_FALSE(said({"g2g3", "c8b8", "h6f4", "f6h5", "f4e3", "h8e8", "f1h3"}));
    EXPECT_TRUE(said({"g2g3", "c8b8", "f1g2"}));  // the line fianchettoes it
    EXPECT_TRUE(said({"g2g3", "c8b8"}));          // the bishop stays: the board's fact
}

// A reason the engine could not check (its search failed) says why, so the explanation is
// marked incomplete; a claim that is false, or no engine at all, is no failure.
TEST(Explain, AReasonTheEngineCouldNotCheckSaysWhy) {
    const char* fen = "rnb1kb1r/p1pp1ppp/5n1q/1B6/4Pp2/3P1N2/PPP3PP/RNBQ1K1R b kq - 0 7";
    Position before;
    ASSERT_TRUE(before.set(fen).ok());
    const Move nh5 = uci(before, "f6h5");
    Reason r;
    r.text = "Nh5 threatens Ng3+.";

    Analyzer analyzer(Analyzer::Config{});
    std::string why;
    EXPECT_TRUE(check_reason(before, nh5, r, engine_options(analyzer, 12), &why));
    EXPECT_TRUE(why.empty());

    Analyzer::Config broken;
    broken.engine_path = "/nonexistent/stockfish";
    Analyzer no_engine(broken);
    EXPECT_FALSE(check_reason(before, nh5, r, engine_options(no_engine, 12), &why));
    EXPECT_FALSE(why.empty());

    why.clear();
    EXPECT_FALSE(check_reason(before, nh5, r, ExplainOptions{}, &why));  // no engine given
    EXPECT_TRUE(why.empty());
    Reason wrong;
    wrong.text = "Nh5 threatens Qxh2.";
    EXPECT_FALSE(check_reason(before, nh5, wrong, engine_options(analyzer, 12), &why));
    EXPECT_TRUE(why.empty());
}

// Annotate's reasons keep why they are incomplete: with the engine's claims asked of an engine
// that cannot start, the moves whose reasons needed it say so; board claims alone, none does.
TEST(ExplainEngine, AnnotatedMovesKeepWhyTheirReasonsAreIncomplete) {
    std::ifstream in(std::string(GLOSSFISH_TEST_DATA) + "/classic_games.pgn");
    std::stringstream text;
    text << in.rdbuf();
    const std::vector<PgnGame> games = read_pgn(text.str());
    ASSERT_FALSE(games.empty());
    ASSERT_TRUE(games.front().ok());
    Analyzer analyzer(Analyzer::Config{});
    AnnotateOptions options;
    options.limits.depth = 6;
    const GameAnnotation annotated = analyse_game(analyzer, games.front(), options);
    ASSERT_TRUE(annotated.ok()) << annotated.error;

    GameAnnotation board = annotated;
    explain_game(games.front(), board);
    for (const MoveAnnotation& m : board.moves) EXPECT_EQ(m.reasons_incomplete, "") << m.san;

    Analyzer::Config broken;
    broken.engine_path = "/nonexistent/stockfish";
    Analyzer no_engine(broken);
    ExplainOptions o = engine_options(no_engine, 6);
    o.threat_search = false;  // the engine claims of the reasons alone
    GameAnnotation engine = annotated;
    explain_game(games.front(), engine, o);
    const auto incomplete =
        std::count_if(engine.moves.begin(), engine.moves.end(),
                      [](const MoveAnnotation& m) { return !m.reasons_incomplete.empty(); });
    EXPECT_GT(incomplete, 0);
}

// Annotate's own search gives each move's score from the position after it; a move that forces
// mate counts itself, so the mate annotate says is the one the verifier finds: 36...Ng3+ of
// Byrne-Fischer (New York 1956) "forces mate in six" (it read mate in five and was dropped).
TEST(ExplainEngine, AnnotatedMatesCountTheMatingMove) {
    const std::vector<PgnGame> games = read_pgn(
        "[FEN \"1Q6/5pk1/2p3p1/1pbbN2p/4n2P/8/r5P1/5K2 b - - 5 36\"]\n[SetUp \"1\"]\n\n"
        "36... Ng3+ 37. Ke1 Bb4+ 38. Kd1 Bb3+ 39. Kc1 Ne2+ 40. Kb1 Nc3+ 41. Kc1 Rc2# 0-1\n");
    ASSERT_EQ(games.size(), 1u);
    ASSERT_TRUE(games.front().ok());
    Analyzer analyzer(Analyzer::Config{});
    AnnotateOptions options;
    options.limits.depth = 14;
    GameAnnotation annotated = analyse_game(analyzer, games.front(), options);
    ASSERT_TRUE(annotated.ok()) << annotated.error;
    explain_game(games.front(), annotated, engine_options(analyzer, 14));
    ASSERT_FALSE(annotated.moves.empty());
    const MoveAnnotation& ng3 = annotated.moves.front();
    ASSERT_FALSE(ng3.reasons.empty()) << ng3.reasons_incomplete;
    EXPECT_EQ(ng3.reasons.front().text, "Ng3+ forces mate in six.");
}

// Round trip on the classic games at depth 6: every move labelled and explained; every reason
// printed is read whole and verified true again on its position.
TEST(ExplainEngine, ClassicGamesRoundTrip) {
    std::ifstream in(std::string(GLOSSFISH_TEST_DATA) + "/classic_games.pgn");
    ASSERT_TRUE(in.good());
    std::stringstream text;
    text << in.rdbuf();
    const std::vector<PgnGame> games = read_pgn(text.str());
    ASSERT_EQ(games.size(), 3u);
    Analyzer analyzer(Analyzer::Config{});
    const ExplainOptions o = engine_options(analyzer, 6);
    const AnalysisLimits& limits = o.limits;
    int labels = 0, reasons = 0;
    for (const PgnGame& g : games) {
        ASSERT_TRUE(g.ok());
        Position pos = g.start_position();
        for (const PgnMove& pm : g.mainline) {
            const Move m = pm.move;
            MoveLabel l = label_move(analyzer, pos, m, limits, QualityScheme::Lichess);
            ASSERT_TRUE(l.error.empty()) << l.error;
            explain_label(l, o);
            ++labels;
            for (Reason r : l.reasons) {
                ++reasons;
                EXPECT_TRUE(check_reason(pos, m, r, o)) << l.fen << ": " << r.text;
            }
            pos.do_move(m);
        }
    }
    EXPECT_EQ(labels, 125);
    EXPECT_GT(reasons, 0);
}

}  // namespace
}  // namespace glossfish::verifier
