// The commentary reader, table-driven: sentences written for the tests, each with the
// sub-claims it must yield and the verdict they get from the board tools (no engine, so
// engine claims are "unverifiable"); sentences the reader cannot understand stay "unread".
#include "reader/commentary_reader.h"

#include <gtest/gtest.h>

#include "claims/metrics.h"
#include "claims_test_util.h"
#include "service/verify.h"
#include "tools/tool_suite.h"

namespace glossfish::verifier {
namespace {

using nlohmann::json;

using namespace claims_testing;

// "pred(k=v,...)@moves", "!" first when negated; args in key order, arrays joined by '+'.
std::string render(const SubClaim& c) {
    std::string out = c.negated ? "!" : "";
    out += c.predicate + "(";
    bool first = true;
    for (auto it = c.args.begin(); it != c.args.end(); ++it) {
        out += (first ? "" : ",") + it.key() + "=";
        first = false;
        if (it->is_string()) out += it->get<std::string>();
        else if (it->is_array()) {
            std::string list;
            for (const auto& e : *it) list += (list.empty() ? "" : "+") + e.get<std::string>();
            out += list;
        } else out += it->dump();
    }
    out += ")@";
    for (std::size_t i = 0; i < c.moves.size(); ++i) out += (i ? " " : "") + c.moves[i];
    return out;
}

struct Case {
    const char* fen;
    const char* move;
    const char* sentence;
    const char* claims;  // rendered sub-claims joined by "; " ("" when unread)
    const char* result;  // correct / incorrect / unverifiable / unread
};

const Case Cases[] = {
    // --- the research note's Qe4 position, commented move Qe4 ---
    {QueenExample, "Qe4", "Qe4 centralizes the queen.", "occupies(piece=queen,square=e4)@Qe4",
     "correct"},
    {QueenExample, "Qe4", "Qe4 attacks the bishop on b4.",
     "occupies(piece=bishop,square=b4)@Qe4; attacks(from=e4,target=b4)@Qe4", "incorrect"},
    {QueenExample, "Qe4", "Qe4 attacks the pawn on d4.",
     "occupies(piece=pawn,square=d4)@Qe4; attacks(from=e4,target=d4)@Qe4", "correct"},
    {QueenExample, "Qe4", "The queen does not attack b4.", "!attacks(from=e4,target=b4)@Qe4",
     "correct"},
    {QueenExample, "Qe4",
     "Qe4 centralizes the queen and creates a dual threat: it attacks the bishop on b4 and "
     "prepares to "
     "infiltrate via the e-file.",
     "occupies(piece=queen,square=e4)@Qe4; occupies(piece=bishop,square=b4)@Qe4; "
     "attacks(from=e4,target=b4)@Qe4; "
     "open_file(color=white,file=e)@Qe4",
     "incorrect"},
    {QueenExample, "Qe4", "The e-file is open.", "open_file(file=e)@Qe4", "incorrect"},
    {QueenExample, "Qe4", "The a-file is open.", "open_file(file=a)@Qe4", "correct"},
    {QueenExample, "Qe4", "Qe4 is a blunder.", "quality_label(move=Qe4,stance=bad)@",
     "unverifiable"},
    {QueenExample, "Qe4", "Qe4 is not the best move.", "!best_move(move=Qe4)@", "unverifiable"},
    {QueenExample, "Qe4", "The knight on f3 defends the king.",
     "occupies(piece=knight,square=f3)@Qe4; defends(from=f3,target=g1)@Qe4", "incorrect"},
    {QueenExample, "Qe4", "Black is in check.", "checks(color=black)@Qe4", "incorrect"},
    {QueenExample, "Qe4", "After Qe4 Bc5, White can take on d4.", "can_capture(square=d4)@Qe4 Bc5",
     "correct"},
    {QueenExample, "Qe4", "White can take on d4.", "", "unread"},  // it is Black's move after Qe4
    {QueenExample, "Qe4", "After Qe4 Bxh7, White is in check.", "checks(color=white)@Qe4 Bxh7",
     "incorrect"},
    {QueenExample, "Qe4", "Qe4 gives check.", "gives_check(move=Qe4)@", "incorrect"},
    {QueenExample, "Qe4", "Qe4 is checkmate.", "mates(move=Qe4)@", "incorrect"},
    {QueenExample, "Qe4", "Qe4 pins the bishop.", "pins(pinned=b4,pinner=e4)@Qe4", "incorrect"},
    {QueenExample, "Qe4", "The bishop on b4 is undefended.",
     "occupies(piece=bishop,square=b4)@Qe4; undefended(square=b4)@Qe4", "correct"},
    {QueenExample, "Qe4", "The bishop on b4 is hanging.",
     "occupies(piece=bishop,square=b4)@Qe4; hangs(square=b4)@Qe4", "incorrect"},
    {QueenExample, "Qe4", "The pawn on d4 is passed.",
     "occupies(piece=pawn,square=d4)@Qe4; passed_pawn(square=d4)@Qe4", "correct"},
    {QueenExample, "Qe4", "The e5 pawn is passed.",
     "occupies(piece=pawn,square=e5)@Qe4; passed_pawn(square=e5)@Qe4", "incorrect"},
    {QueenExample, "Qe4", "This move controls d5.", "controls(color=white,square=d5)@Qe4",
     "correct"},
    {QueenExample, "Qe4", "Qe4 controls the centre.", "", "unread"},
    {QueenExample, "Qe4", "Controlling the centre matters.", "", "unread"},
    {QueenExample, "Qe4", "Qe4!", "", "unread"},
    {QueenExample, "Qe4", "A strong move.", "quality_label(move=Qe4,stance=good)@", "unverifiable"},
    {QueenExample, "Qe4", "White blundered.", "", "unread"},
    // --- the gold-atom position, commented move Qh4+ ---
    {GoldAtoms, "Qh4+", "Qh4+ forces White's king to g1.", "only_move(move=Kg1)@Qh4+",
     "unverifiable"},
    {GoldAtoms, "Qh4+", "After Qh4+ Kg1, Black wins the queen with Rxg2+.",
     "wins_material(move=Rxg2+,piece=queen)@Qh4+ Kg1", "unverifiable"},
    {GoldAtoms, "Qh4+", "After Qh4+ Kg1, Rxg2+ opens the h4\u2013e7 diagonal.",
     "opens_line(from=h4,move=Rxg2+,to=e7)@Qh4+ Kg1", "correct"},
    {GoldAtoms, "Qh4+", "After Qh4+ Kg1, Rxg2+ gives check.", "gives_check(move=Rxg2+)@Qh4+ Kg1",
     "correct"},
    {GoldAtoms, "Qh4+", "After Qh4+ Kg1, Rxg2+ is checkmate.", "mates(move=Rxg2+)@Qh4+ Kg1",
     "incorrect"},
    {GoldAtoms, "Qh4+", "After Qh4+ Kh2, Rxg2 is checkmate.", "is_legal(move=Rxg2)@Qh4+ Kh2",
     "incorrect"},
    {GoldAtoms, "Qh4+", "Qh4+ is the only move.", "only_move(move=Qh4+)@", "unverifiable"},
    {GoldAtoms, "Qh4+", "White is in check.", "checks(color=white)@Qh4+", "correct"},
    {GoldAtoms, "Qh4+", "Qh4+ attacks the knight on b3.",
     "occupies(piece=knight,square=b3)@Qh4+; attacks(from=h4,target=b3)@Qh4+", "incorrect"},
    {GoldAtoms, "Qh4+", "The rook on g5 is pinned.",
     "occupies(piece=rook,square=g5)@Qh4+; pins(pinned=g5)@Qh4+", "correct"},
    {GoldAtoms, "Qh4+", "The knight on b7 is undefended.",
     "occupies(piece=knight,square=b7)@Qh4+; undefended(square=b7)@Qh4+", "correct"},
    {GoldAtoms, "Qh4+", "The knight on b7 hangs.",
     "occupies(piece=knight,square=b7)@Qh4+; hangs(square=b7)@Qh4+", "correct"},
    // --- a knight fork, commented move Nc7+ ---
    {Fork, "Nc7+", "Nc7+ forks the king and the rook.", "forks(move=Nc7+,targets=e8+a8)@",
     "correct"},
    {Fork, "Nc7+", "Nc7+ is a fork.", "forks(move=Nc7+)@", "correct"},
    // A list of pieces after "forks" / "attacks" is the verb's object, every one checked (not an
    // elliptic placement that only says where a piece stands).
    {QueenFork, "Qd4+", "Qd4+ forks the king on g7 and the rook on a7.",
     "occupies(piece=king,square=g7)@Qd4+; occupies(piece=rook,square=a7)@Qd4+; "
     "forks(move=Qd4+,targets=g7+a7)@",
     "incorrect"},
    {QueenFork, "Qd4+", "Qd4+ forks the king on g7 and the knight on h4.",
     "occupies(piece=king,square=g7)@Qd4+; occupies(piece=knight,square=h4)@Qd4+; "
     "forks(move=Qd4+,targets=g7+h4)@",
     "correct"},
    {QueenFork, "Qd4+", "Qd4+ attacks the king on g7 and the rook on a8.",
     "occupies(piece=king,square=g7)@Qd4+; attacks(from=d4,target=g7)@Qd4+; "
     "occupies(piece=rook,square=a8)@Qd4+; attacks(from=d4,target=a8)@Qd4+",
     "incorrect"},
    {Fork, "Nc7+", "Nc7+ wins the rook.", "wins_material(move=Nc7+,piece=rook)@", "unverifiable"},
    {Fork, "Nc7+", "Nc7+ captures the rook.", "captures(move=Nc7+,piece=rook,square=a8)@",
     "incorrect"},
    {Fork, "Nc7+", "After Nc7+ Kd8, Nxa8 wins a rook.",
     "wins_material(move=Nxa8,piece=rook)@Nc7+ Kd8", "correct"},
    {Fork, "Nc7+", "After Nc7+ Kd8, Nxa8 is illegal.", "!is_legal(move=Nxa8)@Nc7+ Kd8",
     "incorrect"},
    {Fork, "Nc7+", "After Nc7+ Kf8, Nxa8 is legal.", "is_legal(move=Nxa8)@Nc7+ Kf8", "correct"},
    {Fork, "Nc7+", "After Nc7+ Ke7, White takes the rook on a8.",
     "occupies(piece=rook,square=a8)@Nc7+ Ke7; can_capture(piece=rook,square=a8)@Nc7+ Ke7",
     "correct"},
    {Fork, "Nc7+", "Black is in check.", "checks(color=black)@Nc7+", "correct"},
    {Fork, "Nc7+", "Nc7+ is a blunder.", "quality_label(move=Nc7+,stance=bad)@", "unverifiable"},
    {Fork, "Nc7+", "Nc7+ is not a mistake.", "!quality_label(move=Nc7+,stance=bad)@",
     "unverifiable"},
    {Fork, "Nc7+", "Nc7+ is not the best.", "!best_move(move=Nc7+)@", "unverifiable"},
    // --- the start position, commented move e4 ---
    {Start, "e4", "1. e4 opens the diagonal for the bishop on f1.", "", "unread"},
    {Start, "e4", "e4 opens the f1-a6 diagonal.", "opens_line(from=f1,move=e4,to=a6)@", "correct"},
    {Start, "e4", "e4 controls d5.", "controls(color=white,square=d5)@e4", "correct"},
    {Start, "e4", "e4 attacks f5.", "attacks(from=e4,target=f5)@e4", "correct"},
    {Start, "e4", "e4 attacks e5.", "attacks(from=e4,target=e5)@e4", "incorrect"},
    {Start, "e4", "The f-pawn is passed.", "", "unread"},  // ambiguous: f2 or f7
    {Start, "e4", "White's f-pawn is on f2.", "occupies(color=white,piece=pawn,square=f2)@e4",
     "correct"},  // now also names the colour the words give
    {Start, "e4", "The queen on d1 is attacked.",
     "occupies(piece=queen,square=d1)@e4; attacks(color=black,target=d1)@e4", "incorrect"},
    {Start, "e4", "After e4 e5, Qh5 attacks the pawn on e5.",
     "occupies(piece=pawn,square=e5)@e4 e5 Qh5; attacks(from=h5,target=e5)@e4 e5 Qh5", "correct"},
    {Start, "e4", "After e4 e5, Qh5 threatens Qxf7.", "threatens(move=Qxf7)@e4 e5 Qh5",
     "unverifiable"},
    {Start, "e4", "After e4 e5, Qh5 threatens the pawn on f7.",
     "occupies(piece=pawn,square=f7)@e4 e5 Qh5; threatens(target=f7)@e4 e5 Qh5", "incorrect"},
    {Start, "e4", "e4 is good.", "quality_label(move=e4,stance=good)@", "unverifiable"},
    {Start, "e4", "It is a mistake.", "quality_label(move=e4,stance=bad)@", "unverifiable"},
    {Start, "e4", "This is not good.", "!quality_label(move=e4,stance=good)@", "unverifiable"},
    {Start, "e4", "After e4 Nf6, the pawn on e4 is attacked.",
     "occupies(piece=pawn,square=e4)@e4 Nf6; attacks(color=black,target=e4)@e4 Nf6", "correct"},
    {Start, "e4", "After e4 Nf6, the pawn on e4 is defended.",
     "occupies(piece=pawn,square=e4)@e4 Nf6; !undefended(square=e4)@e4 Nf6", "incorrect"},
    {Start, "e4", "After e4 Nf6, the pawn on e4 hangs.",
     "occupies(piece=pawn,square=e4)@e4 Nf6; hangs(square=e4)@e4 Nf6", "correct"},
    {Start, "e4", "Nf3 develops a piece.", "", "unread"},
    {Start, "e4", "The weather is nice.", "", "unread"},
    {Start, "e4", "e4 gives a discovered check.", "gives_check(kind=discovered,move=e4)@",
     "incorrect"},
    // --- no commented move: claims about the position itself ---
    {PinnedKnight, "", "The knight on c3 is pinned to the king.",
     "occupies(piece=knight,square=c3)@; pins(pinned=c3,to=e1)@", "correct"},
    {PinnedKnight, "", "The bishop on b4 pins the knight.",
     "occupies(piece=bishop,square=b4)@; pins(pinned=c3,pinner=b4)@", "correct"},
    {PinnedKnight, "", "The knight on c3 attacks d5.",
     "occupies(piece=knight,square=c3)@; attacks(from=c3,target=d5)@", "correct"},
    {PinnedKnight, "", "Nd5 is legal.", "is_legal(move=Nd5)@", "incorrect"},
    {PinnedKnight, "", "Nd5 is illegal.", "!is_legal(move=Nd5)@", "correct"},
    {PinnedKnight, "", "The bishop on b4 is attacked.",
     "occupies(piece=bishop,square=b4)@; attacks(color=white,target=b4)@", "incorrect"},
};

TEST(CommentaryReader, SentenceTable) {
    ASSERT_GE(std::size(Cases), 60u);
    int read = 0, unread = 0;
    for (const Case& c : Cases) {
        SCOPED_TRACE(std::string(c.sentence) + "  [" + c.fen + " " + c.move + "]");
        auto pos = Position::from_fen(c.fen);
        ASSERT_TRUE(pos.has_value());
        CommentaryReading r = read_commentary(*pos, c.move, c.sentence);
        ASSERT_EQ(r.sentences.size(), 1u);
        const ReadSentence& s = r.sentences[0];
        std::string got;
        for (const auto& sc : s.claims) got += (got.empty() ? "" : "; ") + render(sc);
        EXPECT_EQ(got, c.claims) << "unread reason: " << s.unread_reason;
        std::string result;
        if (!s.read()) {
            result = "unread";
            EXPECT_FALSE(s.unread_reason.empty());
            EXPECT_TRUE(r.doc.atoms.empty());
            ++unread;
        } else {
            ++read;
            ASSERT_EQ(r.doc.atoms.size(), 1u);
            AtomVerdict v = ClaimVerifier(board_only()).verify(*pos, r.doc.atoms[0]);
            result = v.correct() ? "correct" : v.failed ? "incorrect" : "unverifiable";
            if (result != c.result)
                for (const auto& cv : v.claims)
                    ADD_FAILURE() << render(cv.claim) << ": " << cv.reason;
        }
        EXPECT_EQ(result, c.result);
    }
    EXPECT_GE(read, 50);
    EXPECT_GE(unread, 8);
}

// The sentence forms docs/reader.md lists, read as documented.
TEST(CommentaryReader, ReadmeForms) {
    struct Form {
        const char *fen, *move, *sentence, *claims;
    };
    const Form forms[] = {
        {"4k3/8/8/8/8/5N2/8/4K3 w - - 0 1", "", "The knight goes to e5.",
         "occupies(piece=knight,square=e5)@"},
        {QueenExample, "Qe4", "Qe4 hangs the queen.", "hangs(square=e4)@Qe4"},
        {"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5", "exd5 opens the e-file.",
         "opens_file(file=e,move=exd5)@"},
        {"4k3/8/8/8/3P4/8/8/4K3 w - - 0 1", "d5", "d5 creates a passed pawn.",
         "passed_pawn(square=d5)@d5"},
        {Start, "", "White can play Nf3.", "is_legal(move=Nf3)@"},
        {Start, "e4", "e4 is forced.", "only_move(move=e4)@"},
        {QueenExample, "Qe4", "The bishop on b4 is en prise.",
         "occupies(piece=bishop,square=b4)@Qe4; hangs(square=b4)@Qe4"},
        {"4k3/8/8/3r4/8/2N5/8/4K3 w - - 0 1", "Nxd5", "Nxd5 wins the exchange.",
         "wins_material(amount=200,move=Nxd5)@"},
        {"4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1", "Nxe5", "Nxe5 wins a pawn.",
         "wins_material(amount=100,move=Nxe5)@"},
        {Start, "e4", "e4 is an error.", "quality_label(move=e4,stance=bad)@"},
        {Start, "e4", "e4 is dubious.", "quality_label(label=inaccuracy,move=e4)@"},
        {Start, "e4", "e4 is no longer the best move.", "!best_move(move=e4)@"},
        {"4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1", "", "The knight on c3 cannot attack d5.",
         "occupies(piece=knight,square=c3)@; !attacks(from=c3,target=d5)@"},
    };
    for (const Form& f : forms) {
        SCOPED_TRACE(f.sentence);
        CommentaryReading r = read_commentary(*Position::from_fen(f.fen), f.move, f.sentence);
        ASSERT_EQ(r.sentences.size(), 1u);
        std::string got;
        for (const auto& sc : r.sentences[0].claims) got += (got.empty() ? "" : "; ") + render(sc);
        EXPECT_EQ(got, f.claims) << r.sentences[0].unread_reason;
    }
}

TEST(CommentaryReader, BatchLines) {
    ClaimVerifier v(board_only());
    json id;
    VerifyOutcome a = verify_line(
        v,
        R"({"id":"p1","fen":"r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1","move":"Nc7+","text":"Nc7+ is a fork."})",
        id);
    ASSERT_TRUE(a.ok()) << a.error;
    EXPECT_EQ(id, "p1");
    EXPECT_EQ(a.report["metrics"]["correct_atoms"], 1);
    EXPECT_EQ(a.record.atoms.size(), 1u);
    VerifyOutcome b = verify_line(
        v,
        R"({"id":7,"fen":"r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1","claims":[{"claims":[{"predicate":"checks"}]}]})",
        id);
    ASSERT_TRUE(b.ok()) << b.error;
    EXPECT_EQ(id, 7);
    EXPECT_EQ(b.report["atoms"][0]["result"], "incorrect");
    const std::pair<const char*, const char*> bad[] = {
        {"nope", "bad_request: a line must be a JSON object {id?, fen, move?, text | claims}"},
        {R"({"fen":"8/8/8/8/8/8/8/K6k w - - 0 1"})",
         "bad_request: give exactly one of \"text\" and \"claims\""},
        {R"({"text":"x"})", "bad_request: \"fen\" (a string) is required"},
        {R"({"fen":"8/8/8/8/8/8/8/K6k w - - 0 1","text":"x","extra":1})",
         "bad_request: unknown field \"extra\""},
        {R"({"fen":"8/8/8/8/8/8/8/K6k w - - 0 1","text":3})",
         "bad_request: \"text\" must be a string"},
    };
    for (const auto& [line, message] : bad) {
        VerifyOutcome o = verify_line(v, line, id);
        EXPECT_EQ(o.error, message) << line;
    }
    EXPECT_EQ(
        verify_line(v, R"({"fen":"x","text":"t"})", id).error.rfind("bad_fen: invalid FEN", 0), 0u);
    Metrics m = compute_metrics(std::vector<PositionRecord>{a.record, b.record});
    EXPECT_EQ(m.verifiable_atoms, 2);
    EXPECT_EQ(m.correct_atoms, 1);
}

TEST(CommentaryReader, IllegalContinuationFailsAsLegality) {
    auto pos = Position::from_fen(QueenExample);
    CommentaryReading r = read_commentary(*pos, "Qe4", "After Qe4 Bxh7, White is in check.");
    ASSERT_EQ(r.doc.atoms.size(), 1u);
    AtomVerdict v = ClaimVerifier(board_only()).verify(*pos, r.doc.atoms[0]);
    ASSERT_TRUE(v.category.has_value());
    EXPECT_EQ(*v.category, ErrorCategory::Legality);
}

TEST(CommentaryReader, SplitsSentencesKeepingMoveNumbersAndAnnotations) {
    auto s = split_sentences(
        "1. e4 e5 2. Nf3! is strong. Then Nc6?! is dubious; the game goes on!  Qh5?? Oops.");
    ASSERT_EQ(s.size(), 5u) << nlohmann::json(s).dump();
    EXPECT_EQ(s[0], "1. e4 e5 2. Nf3! is strong.");
    EXPECT_EQ(s[1], "Then Nc6?! is dubious;");
    EXPECT_EQ(s[2], "the game goes on!");
    EXPECT_EQ(s[3], "Qh5??");  // the next word is capitalised: a new sentence
    EXPECT_EQ(s[4], "Oops.");
    EXPECT_TRUE(split_sentences("   ").empty());
}

TEST(CommentaryReader, ParagraphToAtomsAndStance) {
    auto pos = Position::from_fen(Fork);
    CommentaryReading r = read_commentary(*pos, "b5c7",
                                          "Nc7+ forks the king and the rook. It is not a mistake. "
                                          "Controlling the centre matters.");
    ASSERT_EQ(r.sentences.size(), 3u);
    EXPECT_EQ(r.doc.atoms.size(), 2u);
    EXPECT_EQ(*r.doc.move, "Nc7+");
    EXPECT_EQ(derive_stance(*pos, r.doc.atoms, "Nc7+"), Stance::Good);
    PositionVerdict v = ClaimVerifier(board_only()).verify(*pos, r.doc);
    json report = verification_report(v, r.sentences);
    EXPECT_EQ(report["stance"], "good");
    EXPECT_EQ(report["unread"].size(), 1u);
    EXPECT_EQ(report["unread"][0]["text"], "Controlling the centre matters.");
    EXPECT_EQ(report["metrics"]["verifiable_atoms"], 1);
    EXPECT_EQ(report["metrics"]["correct_atoms"], 1);
    EXPECT_EQ(report["atoms"][0]["result"], "correct");
    EXPECT_EQ(report["atoms"][1]["result"], "unverifiable");
}

// A sentence keeps the clauses it reads; the others are listed with their reasons.
TEST(CommentaryReader, ClauseLevelReading) {
    auto pos = Position::from_fen("4k3/8/8/4n3/8/5N2/8/3QK3 w - - 0 1");
    CommentaryReading one = read_commentary(*pos, "", "The knight on f3 attacks e5.");
    CommentaryReading two =
        read_commentary(*pos, "", "The knight on f3 attacks e5 and Black's king is safe.");
    ASSERT_EQ(one.doc.atoms.size(), 1u);
    ASSERT_EQ(two.doc.atoms.size(), 1u);
    EXPECT_EQ(two.doc.atoms[0].claims.size(), one.doc.atoms[0].claims.size());
    const ReadSentence& s = two.sentences[0];
    EXPECT_TRUE(s.partly_read());
    ASSERT_EQ(s.unread_clauses.size(), 1u);
    EXPECT_EQ(s.unread_clauses[0].text, "Black's king is safe");
    EXPECT_NE(s.unread_clauses[0].reason.find("not understood"), std::string::npos);
    // A new subject after "and" starts its own clause; an object list does not.
    CommentaryReading three = read_commentary(
        *pos, "", "The knight on f3 attacks the knight on e5 and the knight on e5 is undefended.");
    ASSERT_EQ(three.doc.atoms.size(), 1u);
    EXPECT_FALSE(three.sentences[0].partly_read());
    std::string preds;
    for (const auto& c : three.doc.atoms[0].claims) preds += c.predicate + " ";
    EXPECT_NE(preds.find("attacks"), std::string::npos);
    EXPECT_NE(preds.find("undefended"), std::string::npos);
    // The report lists the clause left out.
    PositionVerdict v = ClaimVerifier(board_only()).verify(*pos, two.doc);
    json report = verification_report(v, two.sentences);
    ASSERT_EQ(report["partly_read"].size(), 1u);
    EXPECT_EQ(report["partly_read"][0]["clauses"][0]["text"], "Black's king is safe");
    EXPECT_TRUE(report["unread"].empty());
    EXPECT_EQ(report["atoms"][0]["result"], "correct");
    CommentaryReading none = read_commentary(*pos, "", "Black's king is safe.");
    json r2 =
        verification_report(ClaimVerifier(board_only()).verify(*pos, none.doc), none.sentences);
    ASSERT_EQ(r2["unread"].size(), 1u);
    EXPECT_EQ(r2["unread"][0]["clauses"].size(), 1u);
}

// New predicates read from the claim families' usual wording.
TEST(CommentaryReader, FamilyForms) {
    struct Form {
        const char *fen, *sentence, *claims;
    };
    const char* g = "4k3/8/8/4n3/8/5N2/8/3QK3 w - - 0 1";
    const Form forms[] = {
        {g, "White is up a queen.", "material_lead(color=white,pieces=true,points=9)@"},
        {g, "Black is two pawns down.", "material_lead(color=white,points=2)@"},
        {g, "Material is level.", "material_lead()@"},
        {g, "White has two bishops.", "piece_count(color=white,count=2,piece=bishop)@"},
        {g, "White has a queen.", "piece_count(color=white,min=1,piece=queen)@"},
        {g, "White has a knight on f3.", "occupies(color=white,piece=knight,square=f3)@"},
        {g, "With Nxe5 White captures a knight.", "captures(move=Nxe5,piece=knight)@"},
        {g, "Qd8+ is a check.", "gives_check(move=Qd8+)@"},
        {g, "The knight on f3 is defended by the queen.",
         "occupies(piece=knight,square=f3)@; defends(from=d1,target=f3)@"},
        {"r5k1/5ppp/8/8/8/8/2P2PPP/4R1K1 b - - 0 1", "The c-file is half-open for Black.",
         "file_status(color=black,file=c,status=half_open)@"},
        {"8/1p3k2/8/3P4/8/2K5/P7/8 w - - 0 1", "Black has no passed pawns.",
         "passed_pawn(color=black,count=0)@"},
        {"k7/8/1K6/8/8/8/8/2R5 b - - 0 1", "The only legal move is Kb8.",
         "only_move(legal=true,move=Kb8)@"},
    };
    for (const Form& f : forms) {
        SCOPED_TRACE(f.sentence);
        CommentaryReading r = read_commentary(*Position::from_fen(f.fen), "", f.sentence);
        ASSERT_EQ(r.sentences.size(), 1u);
        std::string got;
        for (const auto& sc : r.sentences[0].claims) got += (got.empty() ? "" : "; ") + render(sc);
        EXPECT_EQ(got, f.claims) << r.sentences[0].unread_reason;
        for (const auto& sc : r.sentences[0].claims)
            EXPECT_FALSE(check_sub_claim(sc)) << render(sc);
    }
}

TEST(CommentaryReader, BadMoveAndOddInputNeverCrash) {
    auto pos = Position::from_fen(Start);
    CommentaryReading r = read_commentary(*pos, "e5", "e5 is strong.");
    ASSERT_EQ(r.sentences.size(), 1u);
    EXPECT_FALSE(r.sentences[0].read());
    EXPECT_NE(r.sentences[0].unread_reason.find("cannot be played"), std::string::npos);
    for (const char* odd :
         {"", "....", "After", "After ,", "After e4 e5 Nf3 Nc6 Bb5 a6 Ba4", "\xff\xfe x",
          "The the the knight on", "White's", "e4 e4 e4 e4", "After 1. e4, 1... e5, e4 attacks",
          "White's only move is e4#######################################",
          "The only move is Nf3++++.", "White must play d4!?!?"}) {
        CommentaryReading x = read_commentary(*pos, "e4", odd);
        for (const auto& s : x.sentences) {
            EXPECT_TRUE(s.read() || !s.unread_reason.empty()) << odd;
            for (const auto& sc : s.claims) EXPECT_FALSE(check_sub_claim(sc)) << odd;
        }
    }
    // Up to three marks is still a move: the claim drops !? and keeps +#.
    auto cornered = Position::from_fen("k7/8/1K6/8/8/8/8/2R5 b - - 0 1");
    CommentaryReading ok = read_commentary(*cornered, "", "Black's only move is Kb8!?");
    ASSERT_EQ(ok.sentences.size(), 1u);
    ASSERT_TRUE(ok.sentences[0].read());
    EXPECT_EQ(ok.sentences[0].claims[0].args.at("move"), "Kb8");
}

TEST(CommentaryReader, VerifyCommentaryReportsBadInput) {
    auto pos = Position::from_fen(Start);
    ClaimVerifier v(board_only());
    VerifyOutcome bad = verify_commentary(v, *pos, "Ke2", "x");
    EXPECT_FALSE(bad.ok());
    EXPECT_EQ(bad.code, "illegal_move") << bad.error;
    EXPECT_EQ(bad.argument, "move");
    EXPECT_EQ(bad.error.rfind("the move 'Ke2'", 0), 0u) << bad.error;
    VerifyOutcome claims =
        verify_claims(v, *pos, "", R"({"atoms":[{"claims":[{"predicate":"nope"}]}]})");
    EXPECT_FALSE(claims.ok());
    EXPECT_EQ(claims.code, "bad_claims");
    EXPECT_EQ(claims.error.rfind("bad claims: atoms[0].claims[0].predicate: unknown predicate", 0),
              0u);
    VerifyOutcome badfen =
        verify_claims(v, *pos, "", R"({"fen":"8/8/8/8/8/8/8/8 w - - 0 1","atoms":[]})");
    EXPECT_FALSE(badfen.ok());
    EXPECT_EQ(badfen.code, "bad_fen");
    EXPECT_NE(badfen.error.find("invalid FEN"), std::string::npos);
    VerifyOutcome good =
        verify_claims(v, *pos, "e4",
                      R"([{"text":"e4 controls d5","claims":[{"predicate":"controls",
                                           "args":{"square":"d5","color":"white"},"moves":["e4"]}]}])");
    ASSERT_TRUE(good.ok()) << good.error;
    EXPECT_EQ(good.report["move"], "e4");
    EXPECT_EQ(good.report["metrics"]["precision"], 1.0);
}

}  // namespace
}  // namespace glossfish::verifier
