// The commentary reader on tests/data/reader_sentences.jsonl: sentences written for this test
// (paraphrases, negations, clause combinations over ten positions), each with the facts it
// states, plus out-of-scope sentences (no board fact) that must stay unread and do not count. The
// expected truth of every sentence is computed here from the rules core alone (Position queries,
// see(), material(), pawn_structure()), never from the reader or the claims layer; the reader's
// verdict (its atom verified by the board-only suite) must never differ, and at least 90% of the
// sentences must be read to a true/false verdict.
#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include "claims_test_util.h"
#include "reader/commentary_reader.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/see.h"
#include "rules/structure.h"

namespace glossfish::verifier {

using claims_testing::Tally;
namespace {

using nlohmann::json;

std::optional<Color> color_of_word(const std::string& w) {
    if (w == "white") return White;
    if (w == "black") return Black;
    return std::nullopt;
}

PieceType type_of_word(const std::string& w) {
    static const std::map<std::string, PieceType> m = {{"pawn", Pawn},     {"knight", Knight},
                                                       {"bishop", Bishop}, {"rook", Rook},
                                                       {"queen", Queen},   {"king", King}};
    auto it = m.find(w);
    return it == m.end() ? NoPieceType : it->second;
}

std::optional<Move> san_move(const Position& pos, const std::string& text) {
    MoveParse p = parse_san(pos, text, SanMode::Lenient);
    if (!p.ok()) return std::nullopt;
    return p.move;
}

// The position with the other side to move (no en passant); nullopt when that is not legal.
std::optional<Position> flipped(const Position& pos) {
    std::string fen = pos.fen();
    std::vector<std::string> f;
    std::size_t a = 0;
    for (std::size_t b; (b = fen.find(' ', a)) != std::string::npos; a = b + 1)
        f.push_back(fen.substr(a, b - a));
    f.push_back(fen.substr(a));
    f[1] = f[1] == "w" ? "b" : "w";
    f[3] = "-";
    std::string out;
    for (const auto& x : f) out += (out.empty() ? "" : " ") + x;
    return Position::from_fen(out);
}

// Whether the opponent of the piece on sq wins material by capturing it (best static exchange
// over its legal captures there > 0), the opponent being given the move when it lacks it.
bool hangs(const Position& pos, Square sq) {
    Piece p = pos.piece_at(sq);
    if (p == NoPiece || type_of(p) == King) return false;
    std::optional<Position> q = pos;
    if (pos.side_to_move() == color_of(p)) q = flipped(pos);
    EXPECT_TRUE(q.has_value()) << "cannot give the move to the capturer in " << pos.fen();
    if (!q) return false;
    int best = 0;
    for (Move m : MoveList(*q))
        if (m.to() == sq && q->captured_piece(m) != NoPiece) best = std::max(best, see(*q, m));
    return best > 0;
}

int pawns_on(const Position& pos, Color c, int file) {
    return popcount(pos.pieces(Pawn, c) & file_bb(file));
}

// The truth of one fact in pos (root: the position the commented move is played from).
bool fact(const json& f, const Position& pos, const Position& root) {
    const std::string k = f[0];
    auto sq = [&](int i) { return parse_square(f[i].get<std::string>()); };
    if (k == "not") return !fact(f[1], pos, root);
    if (k == "occ") {
        Piece p = pos.piece_at(sq(1));
        if (p == NoPiece) return false;
        auto c = color_of_word(f[2]);
        PieceType t = type_of_word(f[3]);
        return (!c || color_of(p) == *c) && (t == NoPieceType || type_of(p) == t);
    }
    if (k == "att")
        return pos.piece_at(sq(1)) != NoPiece && (pos.attacks(sq(1)) & square_bb(sq(2)));
    if (k == "att_by") return pos.attackers(*color_of_word(f[1]), sq(2)) != 0;
    if (k == "def_by") {
        Piece a = pos.piece_at(sq(1)), t = pos.piece_at(sq(2));
        return a != NoPiece && t != NoPiece && color_of(a) == color_of(t) &&
               (pos.attacks(sq(1)) & square_bb(sq(2)));
    }
    if (k == "undef") {
        Piece t = pos.piece_at(sq(1));
        return t != NoPiece && pos.attackers(color_of(t), sq(1)) == 0;
    }
    if (k == "hang") return hangs(pos, sq(1));
    if (k == "pin") {
        Piece t = pos.piece_at(sq(1));
        if (t == NoPiece) return false;
        PinInfo pi = pos.pin(color_of(t), sq(1));
        if (!pi.pinned) return false;
        if (f[2] != "" && pi.pinner != sq(2)) return false;
        if (f[3] != "" && pos.king(color_of(t)) != sq(3)) return false;
        return true;
    }
    if (k == "check") return pos.side_to_move() == *color_of_word(f[1]) && pos.checkers() != 0;
    if (k == "mated") return pos.is_checkmate();
    if (k == "legal") return san_move(pos, f[1]).has_value();
    if (k == "gives_check" || k == "gives_check_root") {
        const Position& at = k == "gives_check" ? pos : root;
        auto m = san_move(at, f[1]);
        return m && at.gives_check(*m) != CheckKind::None;
    }
    if (k == "mate") {
        auto m = san_move(pos, f[1]);
        if (!m) return false;
        Position after = pos;
        after.do_move(*m);
        return after.is_checkmate();
    }
    if (k == "captures") {
        auto m = san_move(pos, f[1]);
        if (!m) return false;
        Piece cap = pos.captured_piece(*m);
        PieceType t = type_of_word(f[2]);
        return cap != NoPiece && (t == NoPieceType || type_of(cap) == t);
    }
    if (k == "only_legal") {
        auto m = san_move(pos, f[1]);
        return m && MoveList(pos).size() == 1;
    }
    if (k == "material") {
        const int diff = material(pos, White).points - material(pos, Black).points;
        auto c = color_of_word(f[1]);
        if (!c) return diff == 0;
        const int lead = *c == White ? diff : -diff;
        return f[2].is_null() ? lead > 0 : lead == f[2].get<int>();
    }
    if (k == "count") {
        const int n = popcount(pos.pieces(type_of_word(f[2]), *color_of_word(f[1])));
        return f[4] == "eq" ? n == f[3].get<int>() : n >= f[3].get<int>();
    }
    if (k == "file") {
        const int file = f[1].get<std::string>()[0] - 'a';
        const int w = pawns_on(pos, White, file), b = pawns_on(pos, Black, file);
        const std::string st = f[2];
        auto c = color_of_word(f[3]);
        if (st == "open") return c ? (*c == White ? w : b) == 0 : w + b == 0;
        if (st == "closed") return w > 0 && b > 0;
        if (c) return (*c == White ? w : b) == 0 && (*c == White ? b : w) > 0;
        return (w == 0) != (b == 0);
    }
    if (k == "passed") {
        Piece p = pos.piece_at(sq(1));
        return p != NoPiece && type_of(p) == Pawn &&
               (pawn_structure(pos, color_of(p)).passed & square_bb(sq(1)));
    }
    if (k == "passed_n") {
        const int n = popcount(pawn_structure(pos, *color_of_word(f[1])).passed);
        return f[2].is_null() ? n > 0 : n == f[2].get<int>();
    }
    ADD_FAILURE() << "unknown fact " << f.dump();
    return false;
}

TEST(ReaderSentences, NoWrongVerdictAndCoverage) {
    std::ifstream in(std::string(GLOSSFISH_TEST_DATA) + "/reader_sentences.jsonl");
    ASSERT_TRUE(in) << "tests/data/reader_sentences.jsonl";
    std::map<std::string, Tally> by_family;
    Tally all;
    std::string line;
    int partial_seen = 0;
    const ClaimVerifier verifier(claims_testing::board_only());
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        const json r = json::parse(line);
        const std::string sentence = r["sentence"], family = r["family"];
        const std::string move = r.value("move", std::string());
        SCOPED_TRACE(sentence + "  [" + r["fen"].get<std::string>() + " " + move + "]");
        auto root = Position::from_fen(r["fen"].get<std::string>());
        ASSERT_TRUE(root.has_value());
        // The expected truth, from the rules core.
        Position pos = *root;
        if (!move.empty()) pos.do_move(*san_move(pos, move));
        for (const auto& m : r.value("ctx", json::array())) {
            auto mv = san_move(pos, m.get<std::string>());
            ASSERT_TRUE(mv.has_value()) << m;
            pos.do_move(*mv);
        }
        bool expected = true;
        for (const auto& f : r["facts"]) expected = fact(f, pos, *root) && expected;
        // The reader's verdict.
        CommentaryReading reading = read_commentary(*root, move, sentence);
        ASSERT_EQ(reading.sentences.size(), 1u);
        const ReadSentence& s = reading.sentences[0];
        Tally& t = by_family[family];
        if (!r.value("unreadable", false)) {
            ++t.total;
            ++all.total;
        }
        if (r.value("partial", false)) {
            EXPECT_TRUE(s.partly_read()) << "expected an unread clause";
            partial_seen += s.partly_read();
        }
        if (r.value("unreadable", false)) {
            // Out of scope: nothing the board tools decide; it must stay unread (or get no
            // verdict).
            if (s.read()) {
                AtomVerdict v = verifier.verify(*root, reading.doc.atoms[0]);
                EXPECT_FALSE(v.is_verifiable()) << "read an out-of-scope sentence";
            }
            continue;
        }
        if (!s.read()) {
            std::printf("  unread [%s] %s  -- %s\n", family.c_str(), sentence.c_str(),
                        s.unread_reason.c_str());
            continue;
        }
        AtomVerdict v = verifier.verify(*root, reading.doc.atoms[0]);
        if (!v.correct() && !v.failed) {
            std::printf("  no verdict [%s] %s\n", family.c_str(), sentence.c_str());
            continue;
        }
        ++t.read;
        ++all.read;
        if (v.correct() != expected) {
            ++t.wrong;
            ++all.wrong;
            std::string claims;
            for (const auto& c : v.claims)
                claims += "\n    " + sub_claim_json(c.claim).dump() + " -> " +
                          truth_name(c.result) + ": " + c.reason;
            ADD_FAILURE() << "wrong verdict: reader says " << (v.correct() ? "true" : "false")
                          << ", the rules core " << (expected ? "true" : "false") << claims;
        }
    }
    for (const auto& [family, t] : by_family)
        if (t.total)
            std::printf("reader sentences %-26s %3d: read %3d (%5.1f%%), wrong %d\n",
                        family.c_str(), t.total, t.read, 100.0 * t.read / t.total, t.wrong);
    const double coverage = all.total ? double(all.read) / all.total : 0;
    std::printf("reader sentences %-26s %3d: read %3d (%5.1f%%), wrong %d\n", "all", all.total,
                all.read, 100.0 * coverage, all.wrong);
    EXPECT_GE(all.total, 300);
    EXPECT_EQ(all.wrong, 0);
    EXPECT_GE(coverage, 0.90);
    EXPECT_GT(partial_seen, 0);
}

}  // namespace
}  // namespace glossfish::verifier
