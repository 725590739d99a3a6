// The shared output helper (engine/io/output_file.h): regular files replaced through a temporary,
// symlinks followed and kept, FIFOs and character devices written in place (never replaced),
// directories and inputs refused, stale temporaries of dead runs removed, the old file kept
// when a run is discarded, the mode of a replaced file kept, write errors (/dev/full) reported.
#include "io/output_file.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

using namespace glossfish;
namespace fs = std::filesystem;

namespace {

class OutputFileTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("glossfish_out_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    static std::string read(const std::string& p) {
        std::ifstream in(p, std::ios::binary);
        return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    }
    // Names in the directory, sorted.
    std::vector<std::string> names() const {
        std::vector<std::string> out;
        for (const auto& e : fs::directory_iterator(dir_)) out.push_back(e.path().filename());
        std::sort(out.begin(), out.end());
        return out;
    }
    fs::path dir_;
};

// A PID that is not running: a child that has exited and been reaped.
pid_t dead_pid() {
    const pid_t pid = ::fork();
    if (pid == 0) ::_exit(0);
    ::waitpid(pid, nullptr, 0);
    return pid;
}

TEST_F(OutputFileTest, ReplaceWritesATemporaryThenRenames) {
    const std::string out = path("out.pgn");
    std::ofstream(out) << "old";
    OutputFile f;
    ASSERT_FALSE(f.open(out, OutputFile::Mode::Replace));
    EXPECT_EQ(f.writing_path(), out + ".tmp." + std::to_string(::getpid()));
    ASSERT_TRUE(f.write("new text"));
    ASSERT_TRUE(f.flush());
    EXPECT_EQ(read(out), "old");  // untouched until commit
    ASSERT_FALSE(f.commit());
    EXPECT_EQ(read(out), "new text");
    EXPECT_EQ(names(), std::vector<std::string>{"out.pgn"});
}

TEST_F(OutputFileTest, DiscardKeepsTheOldFileAndRemovesTheTemporary) {
    const std::string out = path("out.pgn");
    std::ofstream(out) << "old";
    {
        OutputFile f;
        ASSERT_FALSE(f.open(out, OutputFile::Mode::Replace));
        f.write("half");
        f.flush();
    }  // destroyed without commit
    EXPECT_EQ(read(out), "old");
    EXPECT_EQ(names(), std::vector<std::string>{"out.pgn"});
}

TEST_F(OutputFileTest, SymlinkIsFollowedAndKept) {
    const std::string target = path("target.pgn"), link = path("link.pgn");
    std::ofstream(target) << "old";
    fs::create_symlink("target.pgn", link);  // relative, as `ln -s` makes it
    OutputFile f;
    ASSERT_FALSE(f.open(link, OutputFile::Mode::Replace));
    EXPECT_EQ(f.target().path, path("target.pgn"));
    f.write("through the link");
    ASSERT_FALSE(f.commit());
    EXPECT_TRUE(fs::is_symlink(link));
    EXPECT_EQ(read(target), "through the link");
    // A dangling link: its target is created.
    fs::create_symlink("made.pgn", path("dangling.pgn"));
    OutputFile g;
    ASSERT_FALSE(g.open(path("dangling.pgn"), OutputFile::Mode::Replace));
    g.write("x");
    ASSERT_FALSE(g.commit());
    EXPECT_TRUE(fs::is_symlink(path("dangling.pgn")));
    EXPECT_EQ(read(path("made.pgn")), "x");
}

TEST_F(OutputFileTest, FifoIsWrittenInPlace) {
    const std::string fifo = path("pipe");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::string got;
    std::thread reader([&] { got = read(fifo); });
    OutputFile f;
    ASSERT_FALSE(f.open(fifo, OutputFile::Mode::Replace));
    EXPECT_TRUE(f.in_place());
    f.write("through the fifo\n");
    ASSERT_FALSE(f.commit());
    reader.join();
    EXPECT_EQ(got, "through the fifo\n");
    struct stat st;
    ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
    EXPECT_TRUE(S_ISFIFO(st.st_mode));
    EXPECT_EQ(names(), std::vector<std::string>{"pipe"});
}

TEST_F(OutputFileTest, DevNullInPlaceDevFullIsAWriteError) {
    OutputFile null;
    ASSERT_FALSE(null.open("/dev/null", OutputFile::Mode::Replace));
    EXPECT_TRUE(null.in_place());
    EXPECT_EQ(null.target().kind_name, "character device");
    null.write("gone");
    EXPECT_FALSE(null.commit());
    struct stat st;
    ASSERT_EQ(::stat("/dev/null", &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode));

    OutputFile full;
    ASSERT_FALSE(full.open("/dev/full", OutputFile::Mode::Replace));
    full.write("no room");
    std::optional<std::string> err = full.commit();
    ASSERT_TRUE(err);
    EXPECT_EQ(*err, "write error on '/dev/full': No space left on device");
    ASSERT_EQ(::stat("/dev/full", &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode));
}

TEST_F(OutputFileTest, DirectoriesAndInputsAreRefused) {
    OutputFile f;
    EXPECT_EQ(f.open(dir_.string(), OutputFile::Mode::Replace),
              "'" + dir_.string() + "' is a directory, not a file");
    const std::string in = path("in.pgn");
    std::ofstream(in) << "the input";
    fs::create_symlink("in.pgn", path("alias.pgn"));
    EXPECT_EQ(f.open(path("alias.pgn"), OutputFile::Mode::Stream, {in}),
              "the output '" + path("alias.pgn") + "' is the input file '" + in +
                  "': give another output file");
    EXPECT_EQ(read(in), "the input");
}

TEST_F(OutputFileTest, StaleTemporariesOfDeadRunsAreRemoved) {
    const std::string out = path("out.pgn");
    const pid_t dead = dead_pid();
    const std::string stale = out + ".tmp." + std::to_string(dead);
    const std::string alive = out + ".tmp." + std::to_string(::getppid());  // our parent runs
    const std::string other = path("other.pgn.tmp.") + std::to_string(dead);
    for (const auto& p : {stale, alive, other}) std::ofstream(p) << "left";
    EXPECT_EQ(remove_stale_temporaries(out), 1);
    EXPECT_FALSE(fs::exists(stale));
    EXPECT_TRUE(fs::exists(alive));
    EXPECT_TRUE(fs::exists(other));  // another output's temporary
    // Opening the output cleans too.
    std::ofstream(stale) << "left again";
    OutputFile f;
    ASSERT_FALSE(f.open(out, OutputFile::Mode::Replace));
    EXPECT_FALSE(fs::exists(stale));
}

TEST_F(OutputFileTest, ReplacementKeepsTheMode) {
    const std::string out = path("private.txt");
    std::ofstream(out) << "old";
    ASSERT_EQ(::chmod(out.c_str(), 0600), 0);
    OutputFile f;
    ASSERT_FALSE(f.open(out, OutputFile::Mode::Replace));
    f.write("new");
    ASSERT_FALSE(f.commit());
    struct stat st;
    ASSERT_EQ(::stat(out.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u);
}

TEST_F(OutputFileTest, StreamModeWritesInPlaceAsItGoes) {
    const std::string out = path("records.jsonl");
    std::ofstream(out) << "an older, longer content";
    OutputFile f;
    ASSERT_FALSE(f.open(out, OutputFile::Mode::Stream));
    EXPECT_TRUE(f.in_place());
    f.stream() << "{\"id\":1}\n";
    ASSERT_TRUE(f.flush());
    EXPECT_EQ(read(out), "{\"id\":1}\n");  // visible during the run
    ASSERT_FALSE(f.commit());
    EXPECT_EQ(names(), std::vector<std::string>{"records.jsonl"});
}

}  // namespace
