// Hostile inputs and outputs of the batch commands.
//  1/4 resumable `puzzles --out`: devices, pipes, FIFOs, directories, the input itself and files
//      that are not our output are refused before anything is read, and left untouched;
//  2   invalid UTF-8 in tool --jsonl, verify, judge and CSV rows: a precise error with the id
//      (or the line), the batch goes on; a BOM before the CSV header is accepted;
//  3   annotate -o: FIFOs, character devices and /dev/null (also as a user who cannot create
//      files in /dev) are written in place, symlinks followed and kept, stale temporaries of
//      dead runs removed, the input refused as output;
//  10  inputs over their limits are errors quoting a short prefix;
//  12  a directory as input is "is a directory", exit 2, in every command that reads a file.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <thread>

#include "cli_run.h"
#include "test_util.h"

namespace {

namespace fs = std::filesystem;
using glossfish::testkit::CliRun;
using glossfish::testkit::run_glossfish_command;
using glossfish::testkit::shell_quote;
using Clock = std::chrono::steady_clock;
using nlohmann::json;

const std::string Csv = std::string(GLOSSFISH_TEST_DATA) + "/lichess_puzzles_1000.csv";
const char* const Header =
    "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags,"
    "SortKey\n";
const char* const Row1 =
    "tewjc,r5k1/pp3p1p/2b2qp1/3pr3/8/4P2P/R1PN1PP1/Q3K2R w K - 0 19,a2a7 e5e3 f2e3 f6a1 a7a1 "
    "a8a1,1493,76,94,18768,crushing discoveredAttack long middlegame xRayAttack,https://"
    "lichess.org/SLbfzQtP#36,Polish_Opening,1764192\n";
const char* const Row2 =
    "0kDWS,1r6/1PN5/3p4/4kpp1/1R6/P3n3/K1P5/8 b - - 0 49,e3d5 b4b5 b8b7 b5b7,1947,75,95,13691,"
    "advantage endgame pin short,https://lichess.org/q2SFqfYD/black#97,,1300645\n";
using glossfish::StartFen;
const char* const Pgn = "[Event \"t\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n";

using glossfish::has;

std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

double seconds_since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// A shell command line with stdin from `input`; stdout, stderr and the exit code.
CliRun run_shell(const std::string& command, const std::string& input = "") {
    const fs::path in =
        fs::temp_directory_path() / ("glossfish_hostile_in_" + std::to_string(::getpid()));
    const fs::path err =
        fs::temp_directory_path() / ("glossfish_hostile_err_" + std::to_string(::getpid()));
    std::ofstream(in, std::ios::binary) << input;
    CliRun r;
    FILE* p = popen((command + " <" + shell_quote(in) + " 2>" + shell_quote(err)).c_str(), "r");
    if (!p) return r;
    char buf[4096];
    for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) r.out.append(buf, n);
    const int status = pclose(p);
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.err = read(err);
    fs::remove(in);
    fs::remove(err);
    return r;
}

std::string bin() { return shell_quote(GLOSSFISH_BIN); }

class Hostile : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("glossfish_hostile_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        fs::permissions(dir_, fs::perms::all);  // other users' runs below write here
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(path(name), std::ios::binary) << text;
        return path(name);
    }
    fs::path dir_;
};

// ---- 1 and 4: the resumable output of puzzles ----

TEST_F(Hostile, PuzzlesRefusesOutputsThatAreNotRegularFiles) {
    const std::string csv = write("p.csv", std::string(Header) + Row1);
    ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
    struct Case {
        std::string out, says;
    } cases[] = {
        {"/dev/full", "the output '/dev/full' is a character device, not a regular file"},
        {"/dev/zero", "is a character device, not a regular file"},
        {path("fifo"), "is a FIFO or pipe, not a regular file"},
        {dir_.string(), "is a directory, not a file"},
        {"/dev/stdout", "is a FIFO or pipe, not a regular file"},  // popen: stdout is a pipe
    };
    for (const Case& c : cases) {
        const auto t0 = Clock::now();
        CliRun r =
            run_glossfish_command("puzzles", {"--csv", csv, "--out", c.out, "--depth", "1"}, {});
        EXPECT_EQ(r.exit_code, 2) << c.out << "\n" << r.err;
        EXPECT_TRUE(has(r.err, c.says)) << r.err;
        EXPECT_LT(seconds_since(t0), 10.0) << c.out;  // nothing was read or waited for
        EXPECT_EQ(r.out, "");
    }
}

TEST_F(Hostile, PuzzlesLeavesForeignFilesAndItsInputUntouched) {
    const std::string csv = write("p.csv", std::string(Header) + Row1);
    const std::string notes = write("notes.txt", "my notes line 1\nmy important last line");
    CliRun r = run_glossfish_command("puzzles", {"--csv", csv, "--out", notes, "--depth", "1"}, {});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(has(r.err, "is not glossfish puzzles output (line 1: not a JSON object")) << r.err;
    EXPECT_EQ(read(notes), "my notes line 1\nmy important last line");
    // The input as the output: by name, through a symlink, by another relative path.
    fs::create_symlink("p.csv", path("out.jsonl"));
    const std::string original = read(csv);
    for (const std::string& out : {csv, path("out.jsonl"), (dir_ / "." / "p.csv").string()}) {
        CliRun s =
            run_glossfish_command("puzzles", {"--csv", csv, "--out", out, "--depth", "1"}, {});
        EXPECT_EQ(s.exit_code, 2) << out;
        EXPECT_TRUE(has(s.err, "is the input file")) << s.err;
        EXPECT_EQ(read(csv), original);
    }
}

TEST_F(Hostile, PuzzlesSkipsARowWithABadByteAndAcceptsABom) {
    std::string bad = Row2;
    bad.replace(bad.find("endgame"), 3, "e\xFFn");  // in Themes
    const std::string csv = write("p.csv", "\xEF\xBB\xBF" + std::string(Header) + Row1 + bad +
                                               std::string(70000, 'x') + "\n");
    const std::string out = path("out.jsonl");
    CliRun r = run_glossfish_command(
        "puzzles", {"--csv", csv, "--out", out, "--depth", "1", "--plies", "1", "--jobs", "1"}, {});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(
        has(r.err, "p.csv:3: column 'Themes': invalid UTF-8 (byte 0xFF at offset 11) (skipped)"))
        << r.err;
    EXPECT_TRUE(has(r.err, "p.csv:4: the row is 70000 bytes long, over the limit of 65536 bytes"))
        << r.err;
    EXPECT_LT(r.err.size(), 2000u);  // the long row is not quoted
    const std::string text = read(out);
    EXPECT_EQ(text.rfind("{\"id\":\"tewjc\",", 0), 0u) << text;
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1);
    // A second run resumes: nothing to do, the output unchanged.
    CliRun again = run_glossfish_command(
        "puzzles", {"--csv", csv, "--out", out, "--depth", "1", "--plies", "1"}, {});
    EXPECT_EQ(again.exit_code, 0);
    EXPECT_TRUE(has(again.err, "1 puzzle, 1 already in")) << again.err;
    EXPECT_EQ(read(out), text);
}

// ---- 2: invalid UTF-8 in JSON lines ----

TEST_F(Hostile, ToolJsonlNamesTheIdOrTheLine) {
    const std::string input = std::string(R"({"id":"a1","tool":"piece_at","args":{"fen":"x)") +
                              "\xFF" + R"(","square":"e1"}})" + "\n" +
                              "{\"tool\":\"piece\xFE\"}\n" + "{\"id\":\"big\",\"tool\":\"" +
                              std::string(2 << 20, 'y') + "\"}\n" +
                              R"({"id":"a2","tool":"piece_at","args":{"fen":")" + StartFen +
                              R"(","square":"e1"}})" + "\n";
    CliRun r = run_shell(bin() + " tool --jsonl", input);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::vector<json> answers;
    std::istringstream lines(r.out);
    for (std::string l; std::getline(lines, l);) answers.push_back(json::parse(l));
    ASSERT_EQ(answers.size(), 4u) << r.out;
    EXPECT_EQ(answers[0]["id"], "a1");
    EXPECT_EQ(answers[0]["error"]["code"], "bad_json");
    EXPECT_EQ(answers[0]["error"]["message"], "invalid UTF-8 (byte 0xFF at offset 45)");
    EXPECT_TRUE(answers[1]["id"].is_null());
    EXPECT_EQ(answers[1]["error"]["message"], "line 2: invalid UTF-8 (byte 0xFE at offset 14)");
    EXPECT_EQ(answers[2]["error"]["message"],
              "line 3: the line is 2097174 bytes long, over the limit of 1048576 bytes");
    EXPECT_EQ(answers[3]["id"], "a2");
    EXPECT_EQ(answers[3]["result"]["piece"], "king");
}

TEST_F(Hostile, ToolArgumentsAndVerifyTextMustBeUtf8) {
    CliRun t =
        run_glossfish_command("tool", {"piece_at", "{\"fen\":\"x\xFF\",\"square\":\"e1\"}"}, {});
    EXPECT_EQ(t.exit_code, 2);
    EXPECT_EQ(json::parse(t.out)["error"]["message"], "invalid UTF-8 (byte 0xFF at offset 9)");
    CliRun v = run_glossfish_command("verify",
                                     {"--fen", StartFen, "--text", "The knight \xFF on f3."}, {});
    EXPECT_EQ(v.exit_code, 2);
    EXPECT_EQ(v.err,
              "glossfish verify: the commentary is not valid UTF-8: invalid UTF-8 (byte 0xFF at "
              "offset 11)\n");
    CliRun big =
        run_glossfish_command("verify", {"--fen", StartFen, "--text", std::string(20001, 'a')}, {});
    EXPECT_EQ(big.exit_code, 2);
    EXPECT_TRUE(has(big.err, "the commentary is 20001 bytes long, over the limit of 20000 bytes"))
        << big.err;
    EXPECT_LT(big.err.size(), 300u);
    const std::string claims = write("claims.json", "{\"fen\":\"x\xFF\"}");
    CliRun c = run_glossfish_command("verify", {"--fen", StartFen, "--claims", claims}, {});
    EXPECT_EQ(c.exit_code, 2);
    EXPECT_EQ(c.err,
              "glossfish verify: bad claims: bad JSON: invalid UTF-8 (byte 0xFF at offset 9)\n");
}

TEST_F(Hostile, VerifyAndJudgeBatchesKeepTheIdOfABadLine) {
    const std::string good = std::string(R"({"id":"g","fen":")") + StartFen +
                             R"(","move":"e4","commentary":"e4 is a good move."})";
    const std::string input = "{\"id\":\"bad\",\"fen\":\"x\",\"text\":\"\xFF\"}\n" + good + "\n";
    CliRun v = run_shell(bin() + " verify --jsonl --depth 1", input);
    std::istringstream vl(v.out);
    std::string first;
    std::getline(vl, first);
    json a = json::parse(first);
    EXPECT_EQ(a["id"], "bad");
    EXPECT_EQ(a["error"]["message"], "line 1: bad_request: invalid UTF-8 (byte 0xFF at offset 30)");

    const std::string jin = write("judge.jsonl", input);
    CliRun j = run_glossfish_command(
        "judge", {"--input", jin, "--decomposer", "rules", "--depth", "1", "--bootstrap", "10"},
        {});
    EXPECT_EQ(j.exit_code, 0) << j.err;
    std::istringstream jl(j.out);
    std::getline(jl, first);
    json b = json::parse(first);
    EXPECT_EQ(b["id"], "bad");
    EXPECT_EQ(b["error"], "line 1: bad JSON: invalid UTF-8 (byte 0xFF at offset 30)");
    std::string second;
    std::getline(jl, second);
    EXPECT_EQ(json::parse(second)["id"], "g");  // the batch went on
}

// ---- 12: a directory as input ----

TEST_F(Hostile, DirectoryInputsAreADirectoryExit2) {
    const std::string d = dir_.string();
    const std::string says = "'" + d + "' is a directory, not a file";
    struct Case {
        const char* command;
        std::vector<std::string> args;
        std::vector<std::string> env;
    } cases[] = {
        {"judge", {"--input", d, "--decomposer", "rules"}, {}},
        {"verify", {"--fen", StartFen, "--claims", d}, {}},
        {"annotate", {d}, {}},
        {"report", {d}, {}},
        {"puzzles", {"--csv", d, "--out", path("o.jsonl")}, {}},
        {"puzzles", {"--jsonl", d, "--out", path("o.jsonl")}, {}},
        {"tepp", {"--csv", d, "--player", "optimal"}, {}},
        {"tepp", {"--jsonl", d, "--player", "optimal"}, {}},
        {"verbalize", {"--tree", d}, {"GLOSSFISH_LLM_URL=http://127.0.0.1:9/v1"}},
        {"verbalize", {"--csv", d, "--id", "x"}, {"GLOSSFISH_LLM_URL=http://127.0.0.1:9/v1"}},
    };
    for (const Case& c : cases) {
        CliRun r = run_glossfish_command(c.command, c.args, c.env);
        EXPECT_EQ(r.exit_code, 2) << c.command << " " << c.args.back() << "\n" << r.err;
        EXPECT_TRUE(has(r.err, says)) << c.command << ": " << r.err;
        EXPECT_EQ(r.out, "") << c.command;  // no half page, no summary of nothing
    }
}

// ---- 3: annotate -o and its special outputs ----

TEST_F(Hostile, AnnotateWritesFifosInPlaceAndFollowsSymlinks) {
    const std::string pgn = write("in.pgn", Pgn);
    ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0666), 0);
    std::string through_fifo;
    std::thread reader([&] { through_fifo = read(path("fifo")); });
    CliRun f = run_glossfish_command("annotate", {pgn, "-o", path("fifo"), "--depth", "1"}, {});
    reader.join();
    EXPECT_EQ(f.exit_code, 0) << f.err;
    EXPECT_TRUE(has(through_fifo, "1. e4")) << through_fifo;
    struct stat st;
    ASSERT_EQ(::lstat(path("fifo").c_str(), &st), 0);
    EXPECT_TRUE(S_ISFIFO(st.st_mode)) << "the FIFO was replaced";

    write("target.pgn", "old");
    fs::create_symlink("target.pgn", path("link.pgn"));
    CliRun l = run_glossfish_command("annotate", {pgn, "-o", path("link.pgn"), "--depth", "1"}, {});
    EXPECT_EQ(l.exit_code, 0) << l.err;
    EXPECT_TRUE(fs::is_symlink(path("link.pgn")));
    EXPECT_TRUE(has(read(path("target.pgn")), "1. e4"));

    CliRun same = run_glossfish_command("annotate", {pgn, "-o", pgn, "--depth", "1"}, {});
    EXPECT_EQ(same.exit_code, 2);
    EXPECT_TRUE(has(same.err, "is the input file")) << same.err;
    EXPECT_EQ(read(pgn), Pgn);
}

TEST_F(Hostile, AnnotateToCharacterDevicesInPlace) {
    const std::string pgn = write("in.pgn", Pgn);
    if (::geteuid() == 0) {  // a device node of our own (never the real /dev/full)
        const std::string full = path("full"), null = path("null");
        ASSERT_EQ(::mknod(full.c_str(), S_IFCHR | 0666, makedev(1, 7)), 0);
        ASSERT_EQ(::mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)), 0);
        CliRun f = run_glossfish_command("annotate", {pgn, "-o", full, "--depth", "1"}, {});
        EXPECT_EQ(f.exit_code, 1);
        EXPECT_TRUE(has(f.err, "No space left on device")) << f.err;
        CliRun n = run_glossfish_command("annotate", {pgn, "-o", null, "--depth", "1"}, {});
        EXPECT_EQ(n.exit_code, 0) << n.err;
        for (const std::string& dev : {full, null}) {
            struct stat st;
            ASSERT_EQ(::lstat(dev.c_str(), &st), 0);
            EXPECT_TRUE(S_ISCHR(st.st_mode)) << dev << " was replaced by a regular file";
        }
        for (const auto& e : fs::directory_iterator(dir_))
            EXPECT_FALSE(has(e.path().filename().string(), ".tmp.")) << e.path();
    }
    // /dev/null as a user who cannot create files in /dev.
    const std::string as_user =
        ::geteuid() == 0 ? "setpriv --reuid=nobody --regid=nogroup --clear-groups " : "";
    CliRun r =
        run_shell(as_user + bin() + " annotate " + shell_quote(pgn) + " -o /dev/null --depth 1");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_FALSE(has(r.err, "cannot write")) << r.err;
}

TEST_F(Hostile, AnnotateRemovesStaleTemporariesOfDeadRuns) {
    const std::string pgn = write("in.pgn", Pgn);
    const pid_t dead = ::fork();
    if (dead == 0) ::_exit(0);
    ::waitpid(dead, nullptr, 0);
    const std::string stale = path("out.pgn.tmp." + std::to_string(dead));
    write("out.pgn.tmp." + std::to_string(dead), "left by a killed run");
    const std::string alive = path("out.pgn.tmp." + std::to_string(::getpid()));  // we run
    write("out.pgn.tmp." + std::to_string(::getpid()), "a run in progress");
    CliRun r = run_glossfish_command("annotate", {pgn, "-o", path("out.pgn"), "--depth", "1"}, {});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_FALSE(fs::exists(stale));
    EXPECT_TRUE(fs::exists(alive));
    EXPECT_TRUE(has(read(path("out.pgn")), "1. e4"));
}

// ---- 10: limits of the other inputs ----

TEST_F(Hostile, LongJsonlLinesAndPgnGamesStayBounded) {
    const std::string jsonl =
        write("pos.jsonl", "{\"id\":\"" + std::string(2 << 20, 'q') + "\"}\n" +
                               "{\"id\":\"ok\",\"fen\":\"8/8/8/8/8/8/8/K6k w - - 0 1\"}\n");
    CliRun r = run_glossfish_command(
        "puzzles", {"--jsonl", jsonl, "--out", path("o.jsonl"), "--depth", "1", "--plies", "1"},
        {});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(
        has(r.err, "pos.jsonl:1: the line is 2097161 bytes long, over the limit of 1048576"))
        << r.err.substr(0, 500);
    EXPECT_LT(r.err.size(), 1000u);
    EXPECT_TRUE(has(read(path("o.jsonl")), "\"id\":\"ok\""));
}

}  // namespace
