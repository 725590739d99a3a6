// The small text helpers (io/text.h): ASCII case, trimming and whole-text numbers, with the
// expected values written out by hand.
#include "io/text.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace glossfish {
namespace {

TEST(Text, SplitListTakesCommasAndSpacesAsSeparators) {
    using V = std::vector<std::string>;
    EXPECT_EQ(split_list("mateIn2, endgame"), (V{"mateIn2", "endgame"}));
    EXPECT_EQ(split_list("fork pin,,skewer "), (V{"fork", "pin", "skewer"}));
    EXPECT_TRUE(split_list(" , ").empty());
    EXPECT_TRUE(split_list("").empty());
}

TEST(Text, LowerChangesOnlyAsciiLetters) {
    EXPECT_EQ(lower("MultiPV"), "multipv");
    EXPECT_EQ(lower("Act-Eval_2"), "act-eval_2");
    EXPECT_EQ(lower(""), "");
    // Bytes of a UTF-8 letter (U+00C9, C3 89) are not ASCII letters and stay as they are.
    EXPECT_EQ(lower("\xC3\x89T\xC3\x89"), "\xC3\x89t\xC3\x89");
}

TEST(Text, IequalsIgnoresAsciiCaseOnly) {
    EXPECT_TRUE(iequals("UCI_Chess960", "uci_chess960"));
    EXPECT_TRUE(iequals("", ""));
    EXPECT_FALSE(iequals("Hash", "Hash "));
    EXPECT_FALSE(iequals("Hash", "Has"));
    EXPECT_FALSE(iequals("\xC3\x89", "\xC3\xA9"));  // É and é differ outside ASCII
}

TEST(Text, TrimRemovesWhiteSpaceAtBothEnds) {
    EXPECT_EQ(trim("  e2e4\t\r\n"), "e2e4");
    EXPECT_EQ(trim("\v\fNf3 "), "Nf3");
    EXPECT_EQ(trim("a b"), "a b");
    EXPECT_EQ(trim(" \t "), "");
    EXPECT_EQ(trim(""), "");
}

TEST(Text, ToNumberTakesOnlyAWholeNumberThatFits) {
    EXPECT_EQ(to_number<long long>("42"), 42);
    EXPECT_EQ(to_number<long long>("-7"), -7);
    EXPECT_EQ(to_number<int>("2147483647"), 2147483647);
    EXPECT_EQ(to_number<int>("2147483648"), std::nullopt);  // one past INT_MAX
    EXPECT_EQ(to_number<std::uint64_t>("-1"), std::nullopt);
    EXPECT_EQ(to_number<long long>(""), std::nullopt);
    EXPECT_EQ(to_number<long long>("12 "), std::nullopt);
    EXPECT_EQ(to_number<long long>(" 12"), std::nullopt);
    EXPECT_EQ(to_number<long long>("+12"), std::nullopt);
    EXPECT_EQ(to_number<long long>("1e3"), std::nullopt);
}

}  // namespace
}  // namespace glossfish
