// The commentary reader on tests/data/reader_heldout.jsonl: a held-out set written before its
// author read the reader's code or its own sentence set, on positions from the bundled classic
// games and lichess puzzles. Each sentence lists its claims (the span of the sentence that makes
// each one, its family and its truth) and the spans that state nothing checkable. The truths were
// established outside the reader (the rules core's tools, and Stockfish for threats, forced moves
// and material won; see tests/data/README.md) and are stored in the fixture. The reader's read
// clauses are matched to the claim spans by their words; a clause's verdict (its claims verified
// with the board tools and a real Stockfish at a fixed depth, from a cleared hash) must equal the
// conjunction of the truths of the claims it covers; a clause that covers only an unverifiable
// span is a wrong verdict too. At least 90% of the claims must be read to a true/false verdict.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <memory>

#include "claims_test_util.h"
#include "host/analyzer.h"
#include "reader/commentary_reader.h"
#include "tools/tool_suite.h"

namespace glossfish::verifier {

using claims_testing::Tally;
namespace {

using nlohmann::json;

// The words of a text, lower-cased, with surrounding punctuation removed.
std::vector<std::string> tokens(const std::string& text) {
    std::vector<std::string> out;
    std::string cur;
    auto flush = [&] {
        while (!cur.empty() && std::string("\"'([{").find(cur.front()) != std::string::npos)
            cur.erase(0, 1);
        while (!cur.empty() && std::string("\"')]},:;.!?").find(cur.back()) != std::string::npos)
            cur.pop_back();
        if (!cur.empty()) out.push_back(cur);
        cur.clear();
    };
    for (char c : text) {
        if (c == ' ') flush();
        else cur += char(std::tolower(static_cast<unsigned char>(c)));
    }
    flush();
    return out;
}

// Where the words of part stand in the words of whole: [first, last), or {0, 0} if nowhere.
std::pair<std::size_t, std::size_t> span_of(const std::vector<std::string>& whole,
                                            const std::string& part) {
    const std::vector<std::string> p = tokens(part);
    if (p.empty() || p.size() > whole.size()) return {0, 0};
    for (std::size_t i = 0; i + p.size() <= whole.size(); ++i)
        if (std::equal(p.begin(), p.end(), whole.begin() + long(i))) return {i, i + p.size()};
    return {0, 0};
}

bool overlaps(std::pair<std::size_t, std::size_t> a, std::pair<std::size_t, std::size_t> b) {
    return a.first < b.second && b.first < a.second;
}

class ReaderHeldOut : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        analyzer_ = std::make_unique<Analyzer>(Analyzer::Config{});
        AnalysisLimits limits;
        limits.depth = EngineDepth;
        limits.reproducible = true;  // verdicts that do not depend on the order of the claims
        suite_ = std::make_unique<ToolSuite>(analyzer_.get(), limits);
    }
    static void TearDownTestSuite() {
        suite_.reset();
        analyzer_.reset();
    }
    static constexpr int EngineDepth = 14;
    static std::unique_ptr<Analyzer> analyzer_;
    static std::unique_ptr<ToolSuite> suite_;
};
std::unique_ptr<Analyzer> ReaderHeldOut::analyzer_;
std::unique_ptr<ToolSuite> ReaderHeldOut::suite_;

TEST_F(ReaderHeldOut, NoWrongVerdictAndCoverage) {
    std::ifstream in(std::string(GLOSSFISH_TEST_DATA) + "/reader_heldout.jsonl");
    ASSERT_TRUE(in) << "tests/data/reader_heldout.jsonl";
    VerifyOptions options;
    options.depth = EngineDepth;
    const ClaimVerifier verifier(*suite_, options);
    std::map<std::string, Tally> by_family;
    Tally all;
    int sentences = 0, overreach = 0;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        const json r = json::parse(line);
        const std::string sentence = r["sentence"];
        SCOPED_TRACE(r["id"].get<std::string>() + " " + sentence + "  [" +
                     r["fen"].get<std::string>() + "]");
        auto root = Position::from_fen(r["fen"].get<std::string>());
        ASSERT_TRUE(root.has_value());
        ++sentences;
        const std::vector<std::string> words = tokens(sentence);
        struct Expected {
            std::pair<std::size_t, std::size_t> span;
            std::string family;
            bool truth, read = false;
        };
        std::vector<Expected> claims;
        for (const auto& c : r["claims"]) {
            auto sp = span_of(words, c["text"]);
            ASSERT_NE(sp.second, 0u) << "claim span not in the sentence: " << c["text"];
            claims.push_back({sp, c["family"], c["truth"].get<bool>()});
        }
        std::vector<std::pair<std::size_t, std::size_t>> unverifiable;
        for (const auto& u : r["unread"]) {
            auto sp = span_of(words, u);
            ASSERT_NE(sp.second, 0u) << "unread span not in the sentence: " << u;
            unverifiable.push_back(sp);
        }
        // A semicolon makes two sentences of the reader's; their clauses are read together.
        CommentaryReading reading = read_commentary(*root, "", sentence);
        std::vector<ReadClause> read;
        std::vector<UnreadClause> left;
        for (const ReadSentence& s : reading.sentences) {
            read.insert(read.end(), s.read_clauses.begin(), s.read_clauses.end());
            left.insert(left.end(), s.unread_clauses.begin(), s.unread_clauses.end());
        }
        for (const ReadClause& rc : read) {
            auto sp = span_of(words, rc.text);
            ASSERT_NE(sp.second, 0u) << "read clause not in the sentence: " << rc.text;
            AtomVerdict v = verifier.verify(*root, Atom{rc.text, rc.claims});
            std::string detail;
            for (const auto& c : v.claims)
                detail += "\n    " + sub_claim_json(c.claim).dump() + " -> " +
                          truth_name(c.result) + ": " + c.reason;
            if (!v.correct() && !v.failed) continue;  // no verdict: not read
            bool expected = true, covers = false;
            for (auto& e : claims)
                if (overlaps(sp, e.span)) {
                    covers = true;
                    expected = expected && e.truth;
                }
            if (!covers) {
                ++overreach;
                ADD_FAILURE() << "verdict on a clause with nothing checkable: \"" << rc.text << "\""
                              << detail;
                continue;
            }
            if (v.correct() != expected) {
                for (auto& e : claims)
                    if (overlaps(sp, e.span)) ++by_family[e.family].wrong, ++all.wrong;
                ADD_FAILURE() << "wrong verdict on \"" << rc.text << "\": reader says "
                              << (v.correct() ? "true" : "false") << ", the truth is "
                              << (expected ? "true" : "false") << detail;
            }
            for (auto& e : claims)
                if (overlaps(sp, e.span)) e.read = true;
        }
        for (const auto& e : claims) {
            Tally& t = by_family[e.family];
            ++t.total, ++all.total;
            if (e.read) ++t.read, ++all.read;
            else
                std::printf("  unread [%s] %s -- %s\n", e.family.c_str(), sentence.c_str(),
                            left.empty() ? "no verdict" : left[0].reason.c_str());
        }
    }
    for (const auto& [family, t] : by_family)
        std::printf("reader held-out %-14s %3d claims: read %3d (%5.1f%%), wrong %d\n",
                    family.c_str(), t.total, t.read, 100.0 * t.read / t.total, t.wrong);
    const double coverage = all.total ? double(all.read) / all.total : 0;
    std::printf(
        "reader held-out %-14s %3d claims in %d sentences: read %3d (%5.1f%%), wrong %d, "
        "verdicts on unverifiable clauses %d\n",
        "all", all.total, sentences, all.read, 100.0 * coverage, all.wrong, overreach);
    EXPECT_GE(sentences, 150);
    EXPECT_EQ(all.wrong, 0);
    EXPECT_EQ(overreach, 0);
    EXPECT_GE(coverage, 0.90);
}

}  // namespace
}  // namespace glossfish::verifier
