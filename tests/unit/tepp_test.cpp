// Tree-Expanded Puzzle Playing on a hand-checked mate in 2 with scripted players (the replies
// tried, the worst-branch choice, the scores), retries then failure for illegal answers, the
// Optimal player, the human player over string streams, engine players (Stockfish and the
// scripted fake_uci engine) and the player spec grammar. Searches use nodes 20000.
#include "analysis/tepp.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>

#include "rules/movegen.h"
#include "rules/notation.h"
#include "shared_analyzer.h"

namespace glossfish {
namespace {

// Lichess ZMTE6 (its CSV row: FEN, then Moves "e6e7 g4g3 h2g1 a8a1"): after the setup move
// e6e7 Black (the solver) mates in 2 with 1...g3+: the white king on h2 then has exactly Kg1,
// Kh1 and Kh3 (g2 is its own pawn, f2/h2 are covered by the g3 pawn, g3 by the black king),
// and each is mated: Kg1/Kh1 by ...Ra1#, Kh3 by ...Rh8# (g4 is covered by the king on f4).
constexpr const char* ZmteCsv =
    "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n"
    "ZMTE6,r7/5P2/4P3/1pRp4/3P1kp1/2P5/6PK/8 w - - 2 45,e6e7 g4g3 h2g1 a8a1,1484,77,96,22139,"
    "endgame mate mateIn2 rookEndgame short,https://lichess.org/Mjl0SlxN#88,\n";

TeppPuzzle zmte6() {
    std::istringstream in(ZmteCsv);
    PuzzleFile f = read_lichess_puzzles(in);
    EXPECT_TRUE(f.ok() && f.errors.empty() && f.records.size() == 1);
    return tepp_puzzle(f.records.at(0));
}

std::string joined(const std::vector<std::string>& v) {
    std::string out;
    for (const std::string& s : v) out += (out.empty() ? "" : " ") + s;
    return out;
}

// A player answering from a script keyed by the SAN line so far ("" at the start); an
// unknown line is a failure. Records every question and every illegal-move notice.
class ScriptedPlayer : public SolvingPlayer {
public:
    explicit ScriptedPlayer(std::map<std::string, std::string> script)
        : script_(std::move(script)) {}
    std::string name() const override { return "scripted"; }
    PlayerReply choose_move(const PlayerRequest& r) override {
        asked.push_back(joined(r.history_san));
        attempts.push_back(r.attempt);
        auto it = script_.find(joined(r.history_san));
        if (it == script_.end()) return PlayerReply::fail("no script for '" + asked.back() + "'");
        if (it->second == "resign") return PlayerReply::fail("resigned");
        return PlayerReply::of(it->second);
    }
    void on_illegal(const PlayerRequest&, const std::string& move,
                    const std::string& reason) override {
        notices.push_back(move + ": " + reason);
    }
    std::vector<std::string> asked, notices;
    std::vector<int> attempts;

private:
    std::map<std::string, std::string> script_;
};

// A player that first answers with the given wrong texts, then with the right move.
class StubbornPlayer : public SolvingPlayer {
public:
    StubbornPlayer(std::vector<std::string> wrong, std::string right)
        : wrong_(std::move(wrong)), right_(std::move(right)) {}
    std::string name() const override { return "stubborn"; }
    PlayerReply choose_move(const PlayerRequest&) override {
        ++calls;
        if (next_ < wrong_.size()) return PlayerReply::of(wrong_[next_++]);
        return PlayerReply::of(right_);
    }
    void on_illegal(const PlayerRequest&, const std::string&, const std::string&) override {
        ++notices;
    }
    int calls = 0, notices = 0;

private:
    std::vector<std::string> wrong_;
    std::string right_;
    std::size_t next_ = 0;
};

const std::map<std::string, std::string> Solution = {
    {"", "g3+"},
    {"g3+ Kg1", "Ra1#"},
    {"g3+ Kh1", "a8a1"},  // UCI is accepted too
    {"g3+ Kh3", "Rh8#"},
};

class Tepp : public SharedAnalyzer<> {
protected:
    static void SetUpTestSuite() {
        SharedAnalyzer::SetUpTestSuite();
        AnalysisLimits limits;
        limits.nodes = 20000;
        oracle_ = new EngineOracle(*analyzer_, limits);
    }
    static void TearDownTestSuite() {
        delete oracle_;
        SharedAnalyzer::TearDownTestSuite();
    }
    static TeppResult play(SolvingPlayer& p, const TeppPuzzle& puzzle, int k = 3, int retries = 2) {
        TeppOptions o;
        o.k_eval = k;
        o.max_retries = retries;
        return play_puzzle(*oracle_, p, puzzle, o);
    }
    static EngineOracle* oracle_;
};
EngineOracle* Tepp::oracle_ = nullptr;

std::set<std::string> replies(const TeppStep& s) {
    std::set<std::string> out;
    for (const TeppBranch& b : s.branches) out.insert(b.reply_san);
    return out;
}

TEST_F(Tepp, PuzzleFromTheCsvStartsAfterTheSetupMove) {
    TeppPuzzle p = zmte6();
    EXPECT_EQ(p.id, "ZMTE6");
    EXPECT_EQ(p.start_fen, "r7/4PP2/8/1pRp4/3P1kp1/2P5/6PK/8 b - - 0 45");
    EXPECT_EQ(p.plies, 3);  // g3+, the king move, the mate
}

TEST_F(Tepp, SolutionPlayerTriesEveryReplyAndMates) {
    ScriptedPlayer player(Solution);
    TeppResult r = play(player, zmte6());
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_TRUE(r.failure.empty()) << r.failure;
    ASSERT_EQ(r.steps.size(), 2u);
    EXPECT_TRUE(r.steps[0].solver);
    EXPECT_EQ(r.steps[0].san, "g3+");
    const TeppStep& opp = r.steps[1];
    EXPECT_FALSE(opp.solver);
    EXPECT_EQ(opp.ply, 1);
    // k_eval 3 and exactly three legal replies: all of them tried, each answered by a mate.
    EXPECT_EQ(replies(opp), (std::set<std::string>{"Kg1", "Kh1", "Kh3"}));
    for (const TeppBranch& b : opp.branches) {
        EXPECT_EQ(b.answer_san, b.reply_san == "Kh3" ? "Rh8#" : "Ra1#");
        ASSERT_TRUE(b.eval.outcome);
        EXPECT_EQ(b.eval.outcome->termination, Termination::Checkmate);
        EXPECT_DOUBLE_EQ(b.eval.win, 1.0);
    }
    // All three branches tie at 1: the first in MultiPV order is played.
    EXPECT_EQ(opp.chosen, 0);
    EXPECT_EQ(r.line_san.size(), 3u);
    EXPECT_EQ(r.line_san[1], opp.branches[0].reply_san);
    ASSERT_TRUE(r.final.outcome);
    EXPECT_EQ(r.final.outcome->winner, Black);
    EXPECT_DOUBLE_EQ(r.score, 1.0);
    // The player was asked once at the start and once per reply.
    EXPECT_EQ(player.asked.size(), 4u);
    EXPECT_EQ(r.player_calls, 4);
    Position end;
    ASSERT_TRUE(end.set(r.final_fen).ok());
    EXPECT_TRUE(end.is_checkmate());
}

TEST_F(Tepp, KEvalLimitsTheRepliesTried) {
    ScriptedPlayer player(Solution);
    TeppResult r = play(player, zmte6(), 2);
    ASSERT_EQ(r.steps.size(), 2u);
    EXPECT_EQ(r.steps[1].branches.size(), 2u);
    EXPECT_EQ(player.asked.size(), 3u);
    EXPECT_DOUBLE_EQ(r.score, 1.0);
}

TEST_F(Tepp, AnOpponentLastPlyIsEvaluatedWithoutAnswers) {
    // Two plies: 1...g3+ and the king move. Each of the three replies leaves Black a mate in
    // one (an engine score, not a finished game), so no answer is asked and all score 1.
    TeppPuzzle p = zmte6();
    p.plies = 2;
    ScriptedPlayer player(Solution);
    TeppResult r = play(player, p);
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(player.asked, std::vector<std::string>{""});
    const TeppStep& opp = r.steps.at(1);
    EXPECT_EQ(replies(opp), (std::set<std::string>{"Kg1", "Kh1", "Kh3"}));
    for (const TeppBranch& b : opp.branches) {
        EXPECT_TRUE(b.answer_san.empty());
        EXPECT_FALSE(b.eval.outcome);
        ASSERT_TRUE(b.eval.score);
        EXPECT_EQ(*b.eval.score, Score::mate(1)) << b.reply_san;
    }
    EXPECT_EQ(r.line_san.size(), 2u);
    EXPECT_DOUBLE_EQ(r.score, 1.0);
    EXPECT_EQ(tepp_record(r)["final"]["mate"], 1);
}

TEST_F(Tepp, TheBranchWorstForThePlayerIsPlayed) {
    // The player misses the mate after Kh3 (1...g3+ 2.Kh3 b4??): White's f- and e-pawns
    // promote (3.f8=Q+ next), so that branch is no longer a win for sure, while Kg1 and Kh1
    // still end in mate (win 1). The procedure continues down Kh3.
    std::map<std::string, std::string> script = Solution;
    script["g3+ Kh3"] = "b4";
    ScriptedPlayer player(script);
    TeppResult r = play(player, zmte6());
    ASSERT_TRUE(r.ok()) << r.error;
    const TeppStep& opp = r.steps.at(1);
    ASSERT_EQ(opp.branches.size(), 3u);
    ASSERT_GE(opp.chosen, 0);
    const TeppBranch& chosen = opp.branches[std::size_t(opp.chosen)];
    EXPECT_EQ(chosen.reply_san, "Kh3");
    EXPECT_EQ(chosen.answer_san, "b4");
    EXPECT_FALSE(chosen.eval.outcome);
    EXPECT_LT(chosen.eval.win, 1.0);
    EXPECT_EQ(r.line_san, (std::vector<std::string>{"g3+", "Kh3", "b4"}));
    // The puzzle's 3 plies are used: the final position is the one after b4, its score the
    // branch's evaluation.
    EXPECT_DOUBLE_EQ(r.score, chosen.eval.win);
    EXPECT_LT(r.score, 1.0);
    EXPECT_FALSE(r.final.outcome);
}

TEST_F(Tepp, FailingInOneBranchFailsThePuzzle) {
    std::map<std::string, std::string> script = Solution;
    script["g3+ Kh1"] = "resign";
    ScriptedPlayer player(script);
    TeppResult r = play(player, zmte6());
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.failure, "resigned");
    EXPECT_DOUBLE_EQ(r.score, 0.0);
    const TeppStep& opp = r.steps.at(1);
    EXPECT_EQ(opp.branches.size(), 3u);  // every branch is still tried
    EXPECT_EQ(opp.branches[std::size_t(opp.chosen)].reply_san, "Kh1");
    const nlohmann::ordered_json j = tepp_record(r);
    EXPECT_EQ(j["failed"], "resigned");
    EXPECT_EQ(j["score"], 0.0);
    EXPECT_EQ(j["steps"][1]["chosen"], "Kh1");
}

TEST_F(Tepp, IllegalAnswersAreRetriedThenThePuzzleFails) {
    // "Qz9" is malformed, Black has no queen for "Qd1", and e2e4 moves nothing of Black's.
    StubbornPlayer never({"Qz9", "Qd1", "e2e4"}, "g3+");
    TeppResult r = play(never, zmte6(), 3, 2);
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(never.calls, 3);    // 1 + 2 retries
    EXPECT_EQ(never.notices, 3);  // told each time
    EXPECT_DOUBLE_EQ(r.score, 0.0);
    EXPECT_NE(r.failure.find("no legal move in 3 attempts"), std::string::npos) << r.failure;
    ASSERT_EQ(r.steps.size(), 1u);
    ASSERT_EQ(r.steps[0].illegal.size(), 3u);
    EXPECT_EQ(r.steps[0].illegal[0].move, "Qz9");
    EXPECT_EQ(r.steps[0].illegal[2].move, "e2e4");
    EXPECT_TRUE(r.line_san.empty());

    // With one more retry allowed, the fourth answer is legal and the puzzle goes on; in the
    // one branch (k_eval 1) the player repeats g3+, no move any more: four more calls, failed.
    StubbornPlayer late({"Qz9", "Qd1", "e2e4"}, "g3+");
    TeppResult r2 = play(late, zmte6(), 1, 3);
    EXPECT_EQ(late.calls, 4 + 4);
    ASSERT_EQ(r2.steps.size(), 2u);
    EXPECT_EQ(r2.steps[0].san, "g3+");
    EXPECT_EQ(r2.steps[0].illegal.size(), 3u);
    EXPECT_EQ(r2.steps[1].branches.size(), 1u);
    EXPECT_EQ(r2.steps[1].branches[0].illegal.size(), 4u);
    EXPECT_NE(r2.failure.find("no legal move in 4 attempts (last: 'g3+'"), std::string::npos)
        << r2.failure;
}

TEST_F(Tepp, OptimalPlaysTheEngineLineAndScoresAtLeastAsWell) {
    OptimalPlayer optimal(*oracle_);
    TeppResult r = play(optimal, zmte6());
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_DOUBLE_EQ(r.score, 1.0);
    ASSERT_EQ(r.line_san.size(), 3u);
    EXPECT_EQ(r.line_san[0], "g3+");
    EXPECT_EQ(r.line_san[2], r.line_san[1] == "Kh3" ? "Rh8#" : "Ra1#");

    // Replaying the engine's own moves (each solver position's analysis best move, looked up
    // independently of the Optimal player) gives the same record and score.
    std::map<std::string, std::string> engine_line;
    Position start;
    ASSERT_TRUE(start.set(zmte6().start_fen).ok());
    const AnalysisResult root = oracle_->analyse(start, 1);
    engine_line[""] = move_to_san(start, root.best);
    Position after_check = start;
    after_check.do_move(root.best);
    for (Move reply : MoveList(after_check)) {
        Position p = after_check;
        p.do_move(reply);
        engine_line[engine_line[""] + " " + move_to_san(after_check, reply)] =
            move_to_uci(p, oracle_->analyse(p, 1).best);
    }
    ScriptedPlayer replay(engine_line);
    TeppResult r2 = play(replay, zmte6());
    EXPECT_DOUBLE_EQ(r2.score, r.score);
    EXPECT_EQ(r2.line_san, r.line_san);

    // Any other player scores at most as well on this puzzle.
    std::map<std::string, std::string> weak = Solution;
    weak["g3+ Kg1"] = "b4";
    ScriptedPlayer weaker(weak);
    EXPECT_LE(play(weaker, zmte6()).score, r.score);
}

TEST_F(Tepp, OnePlyMateAndTerminalStart) {
    // 1.Re8# (f7-h7 are Black's own pawns): a 1-ply JSONL puzzle needs no engine search.
    std::istringstream in(R"({"id":"m1","fen":"6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1","plies":1})"
                          "\n");
    PuzzleFile f = read_position_jsonl(in);
    ASSERT_EQ(f.records.size(), 1u);
    ScriptedPlayer player(
        std::map<std::string, std::string>{{"", "Re8"}});  // without '#': lenient SAN
    const int before = oracle_->searches();
    TeppResult r = play(player, tepp_puzzle(f.records[0]));
    EXPECT_DOUBLE_EQ(r.score, 1.0);
    EXPECT_EQ(r.line_san, std::vector<std::string>{"Re8#"});
    EXPECT_EQ(oracle_->searches(), before);

    // Fool's mate on the board already: White (the solver) is mated, score 0, no question.
    TeppPuzzle mated;
    mated.id = "fool";
    mated.start_fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    ScriptedPlayer nobody(std::map<std::string, std::string>{});
    TeppResult r2 = play(nobody, mated);
    EXPECT_TRUE(nobody.asked.empty());
    EXPECT_DOUBLE_EQ(r2.score, 0.0);
    EXPECT_TRUE(r2.failure.empty());
}

TEST_F(Tepp, BadPuzzleInputIsAnErrorNotACrash) {
    ScriptedPlayer player(Solution);
    TeppPuzzle bad;
    bad.start_fen = "not a fen";
    EXPECT_FALSE(play(player, bad).ok());
    TeppPuzzle p = zmte6();
    p.plies = 0;
    EXPECT_FALSE(play(player, p).ok());
    EXPECT_FALSE(play(player, zmte6(), 0).ok());
    EXPECT_TRUE(player.asked.empty());
}

TEST_F(Tepp, RecordFields) {
    ScriptedPlayer player(Solution);
    TeppResult r = play(player, zmte6());
    const nlohmann::ordered_json j = tepp_record(r);
    EXPECT_EQ(j["id"], "ZMTE6");
    EXPECT_EQ(j["player"], "scripted");
    EXPECT_EQ(j["run"], 0);
    EXPECT_EQ(j["plies"], 3);
    EXPECT_EQ(j["k_eval"], 3);
    EXPECT_EQ(j["line"].size(), 3u);
    EXPECT_EQ(j["steps"][0]["move"], "g3+");
    EXPECT_EQ(j["steps"][1]["tried"].size(), 3u);
    EXPECT_EQ(j["steps"][1]["tried"][0]["outcome"], "checkmate");
    EXPECT_EQ(j["final"]["outcome"], "checkmate");
    EXPECT_EQ(j["score"], 1.0);
    EXPECT_FALSE(j.contains("failed"));
}

TEST(TeppWin, ScoreConversion) {
    EXPECT_DOUBLE_EQ(tepp_win(Score::mate(3)), 1.0);
    EXPECT_DOUBLE_EQ(tepp_win(Score::mate(-1)), 0.0);
    EXPECT_DOUBLE_EQ(tepp_win(Score::cp(0)), 0.5);
    // 1/(1+exp(-0.00368208*300)) = 0.7511 (by hand: exp(-1.1046) = 0.3314).
    EXPECT_NEAR(tepp_win(Score::cp(300)), 0.7511, 0.0005);
    EXPECT_NEAR(tepp_win(Score::cp(-300)), 0.2489, 0.0005);
    // Clamped at 1000 cp as lichess does: 1/(1+exp(-3.682)) = 0.9754.
    EXPECT_NEAR(tepp_win(Score::cp(5000)), 0.9754, 0.0005);
    MeanSd m = mean_sd({0.5, 0.7, 0.9});
    EXPECT_NEAR(m.mean, 0.7, 1e-12);
    EXPECT_NEAR(m.sd, 0.2, 1e-12);
    EXPECT_DOUBLE_EQ(mean_sd({0.4}).sd, 0.0);
}

// ---- human player ----

TEST(HumanPlayerTest, ReAsksUntilLegalAndShowsTheBoard) {
    std::istringstream in("\nQz9\ne2e4\ng4g3\n");
    std::ostringstream out;
    HumanPlayer human(in, out);
    PlayerRequest req;
    req.start_fen = "r7/4PP2/8/1pRp4/3P1kp1/2P5/6PK/8 b - - 0 45";
    req.fen = req.start_fen;
    req.solver = Black;
    req.guide.description = "Check with the g-pawn, then mate on the first rank.";
    PlayerReply r = human.choose_move(req);
    ASSERT_TRUE(r.ok()) << r.failure;
    EXPECT_EQ(r.move, "g4g3");
    const std::string text = out.str();
    EXPECT_NE(text.find("You play Black"), std::string::npos) << text;
    EXPECT_NE(text.find("'Qz9'"), std::string::npos) << text;
    EXPECT_NE(text.find("'e2e4'"), std::string::npos) << text;
    EXPECT_NE(text.find("Guide: Check with the g-pawn"), std::string::npos);
    // Black at the bottom: the first row is rank 1 with files from h to a, the white king
    // on h2 and its g2 pawn start the second row.
    EXPECT_EQ(text.find("1  . . . . . . . ."), 1u) << text;
    EXPECT_NE(text.find("2  K P . . . . . ."), std::string::npos) << text;
    EXPECT_NE(text.find("   h g f e d c b a"), std::string::npos) << text;
}

TEST(HumanPlayerTest, ResignAndEndOfInput) {
    PlayerRequest req;
    req.start_fen = req.fen = StartFen;
    std::istringstream resign("resign\n"), empty("");
    std::ostringstream out;
    HumanPlayer a(resign, out), b(empty, out);
    EXPECT_EQ(a.choose_move(req).failure, "resigned");
    EXPECT_EQ(b.choose_move(req).failure, "end of input");
}

TEST_F(Tepp, HumanPlaysAPuzzleFromStrings) {
    // Mate in 1 as a 1-ply puzzle, the human types SAN with a typo first.
    std::istringstream in("Re9\nRe8\n");
    std::ostringstream out;
    HumanPlayer human(in, out);
    TeppPuzzle p;
    p.id = "m1";
    p.start_fen = "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1";
    p.plies = 1;
    TeppResult r = play(human, p);
    EXPECT_DOUBLE_EQ(r.score, 1.0);
    EXPECT_EQ(r.line_san, std::vector<std::string>{"Re8#"});
    EXPECT_NE(out.str().find("You play White"), std::string::npos);
}

TEST(BoardText, StartPositionAndNumberedLine) {
    Position start;
    EXPECT_EQ(board_text(start, White).substr(0, 18), "8  r n b q k b n r");
    EXPECT_EQ(numbered_line("r7/4PP2/8/1pRp4/3P1kp1/2P5/6PK/8 b - - 0 45", {"g3+", "Kh3", "Rh8#"}),
              "45... g3+ 46. Kh3 Rh8#");
    EXPECT_EQ(numbered_line(StartFen, {"e4", "e5", "Nf3"}), "1. e4 e5 2. Nf3");
}

TEST(PlayerMove, SanOrUci) {
    Position pos;
    EXPECT_TRUE(parse_player_move(pos, " e2e4 ").ok());
    EXPECT_TRUE(parse_player_move(pos, "Nf3").ok());
    EXPECT_TRUE(parse_player_move(pos, "Ng1-f3").ok());
    EXPECT_EQ(parse_player_move(pos, "e2e5").error, MoveError::Illegal);
    EXPECT_EQ(parse_player_move(pos, "Nf4").error, MoveError::Illegal);
    EXPECT_FALSE(parse_player_move(pos, "").ok());
    EXPECT_FALSE(parse_player_move(pos, "hello").ok());
}

// ---- player specs ----

TEST(PlayerSpecs, SpecialAndEngineSpecs) {
    EXPECT_EQ(parse_player_spec("optimal").spec.kind, PlayerSpec::Optimal);
    EXPECT_EQ(parse_player_spec("  human ").spec.kind, PlayerSpec::Human);

    PlayerSpecParse a = parse_player_spec("stockfish Skill Level=0");
    ASSERT_TRUE(a.ok()) << a.error;
    EXPECT_EQ(a.spec.kind, PlayerSpec::Engine);
    EXPECT_EQ(a.spec.engine.program, "stockfish");
    using Opts = std::vector<std::pair<std::string, std::string>>;
    EXPECT_EQ(a.spec.engine.options, (Opts{{"Skill Level", "0"}}));
    EXPECT_EQ(a.spec.engine.text, "stockfish Skill Level=0");
    EXPECT_TRUE(a.spec.engine.limits.empty());

    PlayerSpecParse b = parse_player_spec("stockfish 'Skill Level=3'  Hash=16 UCI_Elo=1500");
    ASSERT_TRUE(b.ok()) << b.error;
    EXPECT_EQ(b.spec.engine.options,
              (Opts{{"Skill Level", "3"}, {"Hash", "16"}, {"UCI_Elo", "1500"}}));
    EXPECT_EQ(b.spec.engine.text, "stockfish Skill Level=3 Hash=16 UCI_Elo=1500");

    PlayerSpecParse c =
        parse_player_spec("\"/opt/my engine/sf\" \"SyzygyPath=/tb one\" @nodes=5000");
    ASSERT_TRUE(c.ok()) << c.error;
    EXPECT_EQ(c.spec.engine.program, "/opt/my engine/sf");
    EXPECT_EQ(c.spec.engine.options, (Opts{{"SyzygyPath", "/tb one"}}));
    EXPECT_EQ(c.spec.engine.limits.nodes, 5000u);
    EXPECT_EQ(c.spec.engine.text, "\"/opt/my engine/sf\" SyzygyPath=\"/tb one\" @nodes=5000");
    // The normalised text parses back to the same spec.
    PlayerSpecParse c2 = parse_player_spec(c.spec.engine.text);
    ASSERT_TRUE(c2.ok());
    EXPECT_EQ(c2.spec.engine.program, c.spec.engine.program);
    EXPECT_EQ(c2.spec.engine.options, c.spec.engine.options);

    PlayerSpecParse d = parse_player_spec("stockfish @depth=5 @movetime=100 Ponder=false");
    ASSERT_TRUE(d.ok()) << d.error;
    EXPECT_EQ(d.spec.engine.limits.depth, 5);
    EXPECT_EQ(d.spec.engine.limits.movetime_ms, 100);
    EXPECT_EQ(parse_player_spec("stockfish Clear Hash=").spec.engine.options,
              (Opts{{"Clear Hash", ""}}));
}

TEST(PlayerSpecs, BadSpecsSayWhy) {
    auto error = [](const char* text) { return parse_player_spec(text).error; };
    EXPECT_EQ(error(""), "bad player spec: empty");
    EXPECT_EQ(error("   "), "bad player spec: empty");
    EXPECT_EQ(error("stockfish 'Skill Level=0"), "bad player spec: unbalanced ' quote");
    EXPECT_EQ(error("stockfish Skill Level"),
              "bad player spec: 'Skill Level' is not an option NAME=VALUE (engine arguments "
              "are not supported)");
    EXPECT_EQ(error("stockfish =5"), "bad player spec: option '=5' has no name");
    EXPECT_EQ(error("stockfish Hash=1 hash=2"), "bad player spec: option 'hash' given twice");
    EXPECT_EQ(error("stockfish @nodes=0"),
              "bad player spec: @nodes must be an integer 1..1000000000000, got '0'");
    EXPECT_EQ(error("stockfish @depth=x"),
              "bad player spec: @depth must be an integer 1..60, got 'x'");
    EXPECT_EQ(error("stockfish @speed=1"),
              "bad player spec: unknown limit '@speed' (known: @nodes, @depth, @movetime)");
    EXPECT_EQ(error("stockfish \\"), "bad player spec: a backslash ends the spec");
    EXPECT_EQ(error("optimal Hash=16"), "bad player spec: 'optimal' takes no options");
    EXPECT_EQ(error("'' Hash=1"), "bad player spec: empty program name");
}

// ---- engine players ----

TEST_F(Tepp, StockfishPlayerSolvesAndRejectsBadOptions) {
    PlayerSpecParse s = parse_player_spec("stockfish Hash=8 @nodes=20000");
    ASSERT_TRUE(s.ok());
    UciEnginePlayer sf(s.spec.engine, {});
    ASSERT_FALSE(sf.start()) << "stockfish did not start";
    EXPECT_EQ(sf.limits().nodes, 20000u);
    TeppResult r = play(sf, zmte6());
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_DOUBLE_EQ(r.score, 1.0);
    EXPECT_EQ(r.player, "stockfish Hash=8 @nodes=20000");

    UciEnginePlayer typo(parse_player_spec("stockfish Skil Level=0").spec.engine, {});
    EXPECT_EQ(typo.start().value_or(""), "the engine 'stockfish': no option 'Skil Level'");
    UciEnginePlayer missing(parse_player_spec("/nonexistent/engine").spec.engine, {});
    EXPECT_NE(missing.start().value_or("").find("no executable program"), std::string::npos);
}

TEST(EngineOptions, CheckedAgainstTheDeclarations) {
    // Declarations as Stockfish 15.1 prints them.
    std::vector<OptionDecl> d(4);
    d[0].name = "Skill Level", d[0].type = "spin", d[0].min = 0, d[0].max = 20;
    d[1].name = "Ponder", d[1].type = "check";
    d[2].name = "Clear Hash", d[2].type = "button";
    d[3].name = "Style", d[3].type = "combo", d[3].vars = {"Solid", "Risky"};
    const OptionDecl* found = nullptr;
    EXPECT_FALSE(check_engine_option(d, "skill level", "5", &found));  // case-insensitive
    ASSERT_NE(found, nullptr);
    EXPECT_EQ(found->name, "Skill Level");
    EXPECT_EQ(check_engine_option(d, "Skill Level", "21").value_or(""),
              "option 'Skill Level' must be an integer 0..20, got '21'");
    EXPECT_EQ(check_engine_option(d, "Skill Level", "x").value_or(""),
              "option 'Skill Level' must be an integer 0..20, got 'x'");
    EXPECT_EQ(check_engine_option(d, "Ponder", "yes").value_or(""),
              "option 'Ponder' must be true or false, got 'yes'");
    EXPECT_FALSE(check_engine_option(d, "Ponder", "false"));
    EXPECT_FALSE(check_engine_option(d, "Clear Hash", ""));
    EXPECT_EQ(check_engine_option(d, "Clear Hash", "1").value_or(""),
              "option 'Clear Hash' is a button and takes no value");
    EXPECT_FALSE(check_engine_option(d, "Style", "risky"));
    EXPECT_EQ(check_engine_option(d, "Style", "Wild").value_or(""),
              "option 'Style' must be Solid or Risky, got 'Wild'");
    EXPECT_EQ(check_engine_option(d, "Skil Level", "0").value_or(""), "no option 'Skil Level'");
}

#ifdef GLOSSFISH_FAKE_ENGINE
TEST_F(Tepp, EnginePlayerWithIllegalMovesFailsAfterRetries) {
    // fake_uci answers every go with its "Best Move" option: e2e4 is not a Black move here.
    EngineSpec spec = parse_player_spec(std::string(GLOSSFISH_FAKE_ENGINE)).spec.engine;
    UciEnginePlayer fake(spec, {});
    ASSERT_FALSE(fake.start());
    TeppResult r = play(fake, zmte6(), 3, 1);
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_DOUBLE_EQ(r.score, 0.0);
    ASSERT_EQ(r.steps.size(), 1u);
    EXPECT_EQ(r.steps[0].illegal.size(), 2u);
    EXPECT_EQ(r.steps[0].illegal[0].move, "e2e4");

    // With "Best Move" set to the puzzle's first move it plays it and then fails in the
    // branches (g4g3 is no move once the pawn is on g3): scored 0, no crash.
    spec.options = {{"Best Move", "g4g3"}};
    UciEnginePlayer fixed(spec, {});
    ASSERT_FALSE(fixed.start());
    TeppResult r2 = play(fixed, zmte6(), 3, 0);
    EXPECT_EQ(r2.line_san.at(0), "g3+");
    EXPECT_DOUBLE_EQ(r2.score, 0.0);
    EXPECT_FALSE(r2.failure.empty());
}
#endif

}  // namespace
}  // namespace glossfish
