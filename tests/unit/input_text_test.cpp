// Untrusted text (engine/io/utf8.h, engine/io/line_reader.h, engine/io/json_line.h,
// engine/io/input_file.h): where the first bad UTF-8 byte is, replacement by U+FFFD, short quotes
// of long inputs, bounded line reading, JSON lines whose id survives a bad byte, and input files
// that are directories or too large. Expected offsets and lengths are counted by hand from the
// inputs.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/input_file.h"
#include "io/json_line.h"
#include "io/line_reader.h"
#include "io/utf8.h"

using namespace glossfish;

namespace {

std::string scratch_dir() {
    const auto dir =
        std::filesystem::temp_directory_path() / ("glossfish_input_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    return dir.string();
}

}  // namespace

TEST(Utf8, FirstBadByte) {
    EXPECT_FALSE(invalid_utf8_at("plain ascii"));
    EXPECT_FALSE(invalid_utf8_at("caf\xC3\xA9 \xE2\x80\xA6 \xF0\x9F\x98\x80"));  // é … 😀
    EXPECT_EQ(invalid_utf8_at("ab\xFF"), 2u);
    EXPECT_EQ(invalid_utf8_at("\x80"), 0u);              // a stray continuation byte
    EXPECT_EQ(invalid_utf8_at("x\xC3"), 1u);             // cut two-byte sequence
    EXPECT_EQ(invalid_utf8_at("\xC0\xAF"), 0u);          // overlong '/'
    EXPECT_EQ(invalid_utf8_at("ok\xED\xA0\x80"), 2u);    // surrogate U+D800
    EXPECT_EQ(invalid_utf8_at("\xF4\x90\x80\x80"), 0u);  // above U+10FFFF
    EXPECT_EQ(utf8_error("The knight \xFF on f3."), "invalid UTF-8 (byte 0xFF at offset 11)");
    EXPECT_EQ(utf8_error("fine"), "");
}

TEST(Utf8, ReplacementAndQuotes) {
    EXPECT_EQ(to_valid_utf8("a\xFF"
                            "b\xC3\xA9"),
              "a\xEF\xBF\xBD"
              "b\xC3\xA9");
    EXPECT_EQ(to_valid_utf8("\xC3"), "\xEF\xBF\xBD");
    EXPECT_EQ(shorten_input("short"), "short");
    // Control characters and bytes that are not UTF-8 are shown, not passed on.
    EXPECT_EQ(shorten_input("tab\there\n\x1B[2J\xFF"), "tab\\x09here\\x0A\\x1B[2J\\xFF");
    // 100 'x': the first 80 and the length.
    EXPECT_EQ(shorten_input(std::string(100, 'x')),
              std::string(80, 'x') + "\xE2\x80\xA6 (100 bytes)");
    EXPECT_EQ(quote_input(std::string(100, 'x')),
              "'" + std::string(80, 'x') + "\xE2\x80\xA6' (100 bytes)");
    EXPECT_EQ(quote_input("e2e4"), "'e2e4'");
    // A two-byte character at bytes 79-80 is not cut in half: 79 bytes are kept.
    const std::string text = std::string(79, 'a') + "\xC3\xA9" + "zzz";
    EXPECT_EQ(shorten_input(text), std::string(79, 'a') + "\xE2\x80\xA6 (84 bytes)");
    // The budget is of what is shown: 20 escaped bytes (4 bytes each), then the cut.
    const std::string bad = "\xFF\xFE" + std::string(200, '\x80');
    EXPECT_FALSE(invalid_utf8_at(shorten_input(bad)));
    EXPECT_EQ(
        shorten_input(bad), "\\xFF\\xFE" + [] {
            std::string s;
            for (int i = 0; i < 18; ++i) s += "\\x80";
            return s;
        }() + "\xE2\x80\xA6 (202 bytes)");
}

TEST(LineReader, CutsLongLinesAndKeepsCounting) {
    std::istringstream in("short\r\n" + std::string(50, 'y') + "\nlast");
    LineReader reader(in, 10);
    auto a = reader.next();
    ASSERT_TRUE(a);
    EXPECT_EQ(a->text, "short");
    EXPECT_EQ(a->number, 1u);
    EXPECT_EQ(a->length, 6u);  // the '\r' counts, the '\n' does not
    EXPECT_TRUE(a->terminated);
    auto b = reader.next();
    ASSERT_TRUE(b);
    EXPECT_TRUE(b->cut);
    EXPECT_EQ(b->text, std::string(10, 'y'));
    EXPECT_EQ(b->length, 50u);
    EXPECT_EQ(line_too_long_text(*b, 10), "the line is 50 bytes long, over the limit of 10 bytes");
    auto c = reader.next();
    ASSERT_TRUE(c);
    EXPECT_EQ(c->text, "last");
    EXPECT_EQ(c->number, 3u);
    EXPECT_FALSE(c->terminated);
    EXPECT_FALSE(reader.next());
}

TEST(JsonLine, IdSurvivesABadByte) {
    JsonParse p = parse_json_text(R"({"id":"a1","tool":"piece_at","args":{"fen":"x)"
                                  "\xFF"
                                  R"("}})");
    EXPECT_FALSE(p.ok());
    EXPECT_EQ(p.error, "invalid UTF-8 (byte 0xFF at offset 45)");
    EXPECT_EQ(p.id, "a1");
    // A bad byte in the id itself: the id is echoed with U+FFFD.
    JsonParse q = parse_json_text("{\"id\":\"p\xFF\"}");
    EXPECT_EQ(q.id, "p\xEF\xBF\xBD");
    // Not JSON at all: no id, a message without nlohmann's prefix.
    JsonParse r = parse_json_text("{\"id\":");
    EXPECT_TRUE(r.id.is_null());
    EXPECT_EQ(r.error.rfind("invalid JSON: parse error at line 1, column 7", 0), 0u) << r.error;
    // A huge bad token is quoted short.
    JsonParse s = parse_json_text("[" + std::string(100000, 'z') + "]");
    EXPECT_LT(s.error.size(), 400u);
    EXPECT_EQ(record_place(3, nullptr), "line 3");
    EXPECT_EQ(record_place(3, "a1"), "line 3 (id \"a1\")");
}

TEST(InputFile, DirectoriesAndLimits) {
    const std::string dir = scratch_dir();
    EXPECT_EQ(input_file_error(dir), "'" + dir + "' is a directory, not a file");
    std::ifstream in;
    EXPECT_EQ(open_input_file(dir, in), "'" + dir + "' is a directory, not a file");
    EXPECT_EQ(input_file_error(dir + "/none"),
              "cannot open '" + dir + "/none': No such file or directory");
    const std::string file = dir + "/ten.txt";
    std::ofstream(file) << "0123456789";
    std::string text;
    EXPECT_FALSE(read_input_file(file, 10, text));
    EXPECT_EQ(text, "0123456789");
    EXPECT_EQ(read_input_file(file, 9, text), "'" + file + "' is larger than the limit of 9 bytes");
    const std::string link = dir + "/link.txt";
    std::filesystem::create_symlink(file, link);
    EXPECT_TRUE(same_file(link, file));
    EXPECT_TRUE(same_file(dir + "/./ten.txt", file));
    EXPECT_FALSE(same_file(dir, file));
    std::filesystem::remove_all(dir);
}
