// Puzzle batches (engine/analysis/puzzles.h): the lichess CSV and JSONL readers with their row
// errors, and the resume scan and record writer of `glossfish puzzles`.
#include "analysis/puzzles.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace glossfish;

namespace {

const char* Header =
    "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags,"
    "SortKey\n";

std::string data_path(const char* name) { return std::string(GLOSSFISH_TEST_DATA) + "/" + name; }

std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() /
            ("glossfish_puzzles_" + std::to_string(::getpid()) + "_" + name))
        .string();
}

std::string read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST(PuzzleCsv, RealFirstRows) {
    PuzzleFile file = read_lichess_puzzles_file(data_path("lichess_puzzles_1000.csv"));
    ASSERT_TRUE(file.ok()) << file.error;
    EXPECT_TRUE(file.errors.empty());
    ASSERT_EQ(file.records.size(), 1000u);
    const PuzzleRecord& p = file.records[0];
    EXPECT_EQ(p.id, "tewjc");
    EXPECT_EQ(p.setup_move, "a2a7");
    // By hand: r5k1/pp3p1p/2b2qp1/3pr3/8/4P2P/R1PN1PP1/Q3K2R w K - 0 19, Ra2xa7 takes the a7
    // pawn (halfmove clock back to 0), Black to move, still move 19.
    EXPECT_EQ(p.start_fen, "r5k1/Rp3p1p/2b2qp1/3pr3/8/4P2P/2PN1PP1/Q3K2R b K - 0 19");
    EXPECT_EQ(p.solution, (std::vector<std::string>{"e5e3", "f2e3", "f6a1", "a7a1", "a8a1"}));
    EXPECT_EQ(p.plies, 5);
    ASSERT_TRUE(p.rating.has_value());
    EXPECT_EQ(*p.rating, 1493);
    EXPECT_EQ(p.themes, (std::vector<std::string>{"crushing", "discoveredAttack", "long",
                                                  "middlegame", "xRayAttack"}));
    const PuzzleRecord& q = file.records[1];
    EXPECT_EQ(q.id, "0kDWS");
    EXPECT_EQ(q.start_fen, "1r6/1PN5/3p4/3nkpp1/1R6/P7/K1P5/8 w - - 1 50");
    EXPECT_EQ(q.plies, 3);
}

TEST(PuzzleCsv, HeaderDrivenColumnsAndQuotes) {
    // Columns in another order, only the required ones plus Themes, a quoted field with a comma.
    std::istringstream in(
        "Themes,Moves,PuzzleId,FEN\r\n"
        "\"mate, mateIn1\",e2e4 e7e5 d1h5,q1,rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - "
        "0 1\r\n");
    PuzzleFile file = read_lichess_puzzles(in);
    ASSERT_TRUE(file.ok()) << file.error;
    ASSERT_TRUE(file.errors.empty()) << file.errors[0].reason;
    ASSERT_EQ(file.records.size(), 1u);
    EXPECT_EQ(file.records[0].id, "q1");
    EXPECT_EQ(file.records[0].themes, (std::vector<std::string>{"mate,", "mateIn1"}));
    EXPECT_EQ(file.records[0].solution, (std::vector<std::string>{"e7e5", "d1h5"}));
    EXPECT_FALSE(file.records[0].rating.has_value());
    EXPECT_EQ(split_csv_line("a,\"b \"\"c\"\"\",,d"),
              (std::vector<std::string>{"a", "b \"c\"", "", "d"}));
}

TEST(PuzzleCsv, BrokenRowsReportedAndSkipped) {
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    std::string text = Header;
    text += "good1," + start + ",e2e4 e7e5,1500,1,1,1,opening,u,,1\n";       // line 2
    text += "short," + start + ",e2e4 e7e5,1500\n";                          // 3: columns
    text += "badfen,not a fen,e2e4 e7e5,1500,1,1,1,t,u,,1\n";                // 4: FEN
    text += "badsetup," + start + ",e2e5 e7e5,1500,1,1,1,t,u,,1\n";          // 5: setup move
    text += "badsol," + start + ",e2e4 e7e5 e1e2 a7a1,1500,1,1,1,t,u,,1\n";  // 6: 3rd solution move
    text += "\n";                                                            // 7: blank, ignored
    text += "," + start + ",e2e4 e7e5,1500,1,1,1,t,u,,1\n";                  // 8: empty id
    text += "good1," + start + ",d2d4 d7d5,1500,1,1,1,t,u,,1\n";             // 9: duplicate
    text += "good2," + start + ",d2d4 d7d5 c2c4,1600,1,1,1,a b,u,,1\n";      // 10
    text += "nosol," + start + ",e2e4,1500,1,1,1,t,u,,1\n";                  // 11: no solution
    std::istringstream in(text);
    PuzzleFile file = read_lichess_puzzles(in);
    ASSERT_TRUE(file.ok()) << file.error;
    ASSERT_EQ(file.records.size(), 2u);
    EXPECT_EQ(file.records[0].id, "good1");
    EXPECT_EQ(file.records[1].id, "good2");
    EXPECT_EQ(file.records[1].plies, 2);
    EXPECT_EQ(file.records[1].rating, 1600);
    struct Expected {
        int line;
        const char* word;
    };
    const std::vector<Expected> expected = {{3, "columns"},         {4, "FEN"},   {5, "setup move"},
                                            {6, "solution move 3"}, {8, "empty"}, {9, "duplicate"},
                                            {11, "solution"}};
    ASSERT_EQ(file.errors.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ(file.errors[i].line, expected[i].line) << file.errors[i].reason;
        EXPECT_NE(file.errors[i].reason.find(expected[i].word), std::string::npos)
            << file.errors[i].reason;
    }
}

TEST(PuzzleCsv, MissingColumnOrFileIsAFileError) {
    std::istringstream in("PuzzleId,Moves\nx,e2e4 e7e5\n");
    EXPECT_FALSE(read_lichess_puzzles(in).ok());
    EXPECT_FALSE(read_lichess_puzzles_file(temp_path("does_not_exist.csv")).ok());
}

TEST(PuzzleJsonl, BrokenLinesReportedAndSkipped) {
    std::istringstream in(
        "{\"id\":\"a\",\"fen\":\"8/8/8/8/8/8/8/K6k w - - 0 1\",\"plies\":4}\n"  // 1
        "{\"id\":\"b\",\"fen\":\"bad\"}\n"                                      // 2: FEN
        "not json\n"                                                            // 3
        "\n"                                                                    // 4: blank
        "{\"fen\":\"8/8/8/8/8/8/8/K6k w - - 0 1\"}\n"                           // 5: no id
        "{\"id\":\"a\",\"fen\":\"8/8/8/8/8/8/8/K6k w - - 0 1\"}\n"              // 6: duplicate
        "{\"id\":\"c\",\"fen\":\"8/8/8/8/8/8/8/K6k w - - 0 1\",\"plies\":0}\n"  // 7: plies
        "{\"id\":\"d\",\"fen\":\"8/8/8/8/8/8/8/K6k b - - 0 1\"}\n"              // 8
        "[1,2]\n");                                                             // 9: not object
    PuzzleFile file = read_position_jsonl(in);
    ASSERT_TRUE(file.ok());
    ASSERT_EQ(file.records.size(), 2u);
    EXPECT_EQ(file.records[0].id, "a");
    EXPECT_EQ(file.records[0].plies, 4);
    EXPECT_EQ(file.records[1].id, "d");
    EXPECT_EQ(file.records[1].plies, 0);
    EXPECT_EQ(file.records[1].start_fen, "8/8/8/8/8/8/8/K6k b - - 0 1");
    std::vector<int> lines;
    for (const PuzzleRowError& e : file.errors) lines.push_back(e.line);
    EXPECT_EQ(lines, (std::vector<int>{2, 3, 5, 6, 7, 9}));
    EXPECT_NE(file.errors[3].reason.find("duplicate"), std::string::npos);
}

TEST(PuzzleOutput, ResumeScanTruncatesTornTail) {
    const std::string path = temp_path("resume.jsonl");
    std::remove(path.c_str());
    {
        PuzzleOutput out;
        ASSERT_TRUE(out.open(path)) << out.error();
        for (const char* id : {"p1", "p2", "p3"}) {
            nlohmann::ordered_json j;
            j["id"] = id;
            j["fen"] = "8/8/8/8/8/8/8/K6k w - - 0 1";
            j["tree"] = nlohmann::ordered_json::object();
            ASSERT_TRUE(out.write(j)) << out.error();
        }
    }
    const std::string complete = read_all(path);
    {
        std::ofstream torn(path, std::ios::binary | std::ios::app);
        torn << "{\"id\":\"p4\",\"fen\":\"rnbq";
    }
    ResumeScan scan = scan_and_repair_output(path);
    ASSERT_TRUE(scan.ok()) << scan.error;
    EXPECT_EQ(scan.ids, (std::set<std::string>{"p1", "p2", "p3"}));
    EXPECT_EQ(scan.records, 3u);
    EXPECT_EQ(scan.kept_bytes, complete.size());
    EXPECT_EQ(scan.truncated_bytes, std::string("{\"id\":\"p4\",\"fen\":\"rnbq").size());
    EXPECT_EQ(read_all(path), complete);

    // Appending after the repair continues on a line boundary; a second scan changes nothing.
    {
        PuzzleOutput out;
        ASSERT_TRUE(out.open(path));
        ASSERT_TRUE(out.write(nlohmann::ordered_json{
            {"id", "p4"}, {"fen", "8/8/8/8/8/8/8/K6k w - - 0 1"}, {"tree", {{"Ka2", {}}}}}));
    }
    ResumeScan again = scan_and_repair_output(path);
    EXPECT_EQ(again.ids.size(), 4u);
    EXPECT_EQ(again.truncated_bytes, 0u);
    std::remove(path.c_str());

    // No file yet: nothing done, no error.
    ResumeScan none = scan_and_repair_output(temp_path("missing.jsonl"));
    EXPECT_TRUE(none.ok());
    EXPECT_TRUE(none.ids.empty());
}

TEST(PuzzleOutput, RecordFields) {
    PuzzleRecord p;
    p.id = "x";
    p.start_fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
    p.solution = {"a1a2"};
    p.themes = {"endgame"};
    p.rating = 1200;
    StrategyTree tree;
    tree.options.plies = 1;
    tree.error = "engine died";
    const nlohmann::ordered_json j = puzzle_output_record(p, tree);
    // motifs: Ka2 is the only (and last) move, a quiet king move with 3 to choose from, so
    // defensiveMove; one move, so oneMove.
    EXPECT_EQ(j.dump(),
              "{\"id\":\"x\",\"fen\":\"8/8/8/8/8/8/8/K6k w - - 0 1\",\"solution\":[\"a1a2\"],"
              "\"themes\":[\"endgame\"],\"motifs\":[\"defensiveMove\",\"oneMove\"],"
              "\"rating\":1200,\"plies\":1,\"tree\":{},"
              "\"error\":\"engine died\"}");
}
