// The resumable output of `glossfish puzzles` (engine/io/resume_scan.h): what is recognised as our
// output, what is refused (and then left byte for byte as it was), and which paths cannot be a
// resumable output at all (devices, FIFOs, directories, the input itself).
#include "io/resume_scan.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

using namespace glossfish;
namespace fs = std::filesystem;

namespace {

const std::string Record1 =
    R"({"id":"p1","fen":"8/8/8/8/8/8/8/K6k w - - 0 1","solution":[],"themes":[],"rating":null,)"
    R"("plies":1,"tree":{"Kb2":{}}})";
const std::string Record2 = R"({"id":"p2","fen":"8/8/8/8/8/8/8/K6k b - - 0 1","tree":{}})";

ResumeScan scan_text(const std::string& text) {
    std::istringstream in(text);
    return scan_puzzles_output(in);
}

std::string read(const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

fs::path temp_dir() {
    const fs::path d =
        fs::temp_directory_path() / ("glossfish_resume_" + std::to_string(::getpid()));
    fs::create_directories(d);
    return d;
}

}  // namespace

TEST(ResumeScan, OurRecordsAndATornTail) {
    const std::string torn = R"({"id":"p3","fen":"8/8/8/8/8)";
    ResumeScan s = scan_text(Record1 + "\n\n" + Record2 + "\n" + torn);
    ASSERT_TRUE(s.ok()) << s.error;
    EXPECT_EQ(s.ids, (std::set<std::string>{"p1", "p2"}));
    EXPECT_EQ(s.records, 2u);
    EXPECT_EQ(s.kept_bytes, Record1.size() + 2 + Record2.size() + 1);
    EXPECT_EQ(s.truncated_bytes, torn.size());
    EXPECT_TRUE(scan_text("").ok());
}

TEST(ResumeScan, WhatIsNotOursIsRefused) {
    struct Case {
        std::string text, reason;
    } cases[] = {
        {"my notes line 1\nmy important last line", "line 1: not a JSON object"},
        {Record1 + "\nmy important last line", "line 2: an unterminated last line that is not a"},
        {"{\"fen\":\"x\",\"id\":\"a\",\"tree\":{}}\n",
         "line 1: the object does not start with \"id\""},
        {"{\"id\":\"\",\"fen\":\"x\",\"tree\":{}}\n", "line 1: \"id\" is not a non-empty string"},
        {"{\"id\":\"a\",\"tree\":{}}\n", "line 1: no \"fen\" string"},
        {"{\"id\":\"a\",\"fen\":\"x\"}\n", "line 1: no \"tree\" object"},
        {Record1 + "\n[1,2]\n", "line 2: not a JSON object"},
        {"PuzzleId,FEN,Moves\n", "line 1: not a JSON object"},
    };
    for (const Case& c : cases) {
        ResumeScan s = scan_text(c.text);
        EXPECT_FALSE(s.ok()) << c.text;
        EXPECT_TRUE(s.refused);
        EXPECT_EQ(s.error.rfind(c.reason, 0), 0u) << s.error;
    }
}

TEST(ResumeScan, RefusedFilesAreLeftUntouched) {
    const fs::path d = temp_dir();
    const std::string notes = (d / "notes.txt").string();
    const std::string content = "my notes line 1\nmy important last line";
    std::ofstream(notes, std::ios::binary) << content;
    ResumeScan s = scan_and_repair_output(notes);
    EXPECT_FALSE(s.ok());
    EXPECT_TRUE(s.refused);
    EXPECT_NE(s.error.find("is not glossfish puzzles output"), std::string::npos) << s.error;
    EXPECT_EQ(read(notes), content);

    // Ours, with a torn tail: cut back to the last complete record.
    const std::string ours = (d / "ours.jsonl").string();
    std::ofstream(ours, std::ios::binary) << Record1 << "\n{\"id\":\"p2\",\"fe";
    ResumeScan t = scan_and_repair_output(ours);
    ASSERT_TRUE(t.ok()) << t.error;
    EXPECT_EQ(read(ours), Record1 + "\n");
    fs::remove_all(d);
}

TEST(ResumeScan, PathsThatCannotBeResumed) {
    const fs::path d = temp_dir();
    EXPECT_EQ(resumable_output_error("/dev/full", {}),
              "the output '/dev/full' is a character device, not a regular file: a resumable "
              "output is read back to skip finished records");
    const std::string fifo = (d / "fifo").string();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_NE(resumable_output_error(fifo, {}).find("is a FIFO or pipe"), std::string::npos);
    EXPECT_EQ(resumable_output_error(d.string(), {}),
              "the output '" + d.string() + "' is a directory, not a file");
    const std::string csv = (d / "in.csv").string();
    std::ofstream(csv) << "PuzzleId,FEN,Moves\n";
    fs::create_symlink("in.csv", d / "out.jsonl");
    EXPECT_EQ(resumable_output_error((d / "out.jsonl").string(), {csv}),
              "the output '" + (d / "out.jsonl").string() + "' is the input file '" + csv +
                  "': give another --out");
    EXPECT_EQ(resumable_output_error((d / "new.jsonl").string(), {csv}), "");
    // Through scan_and_repair_output nothing is read from a device.
    ResumeScan s = scan_and_repair_output("/dev/zero");
    EXPECT_TRUE(s.refused);
    EXPECT_TRUE(s.ids.empty());
    fs::remove_all(d);
}
