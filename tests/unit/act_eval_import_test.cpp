// `glossfish import act-eval` (verifier/judge/act_eval_import.h) on records of our own in the
// authors' shape (tests/data/act_eval/sample.jsonl): the mapping field by field, every bad line
// with its number and reason, the round trip into the judge's reader, and the command itself.
#include "judge/act_eval_import.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "cli_run.h"
#include "judge/judge.h"
#include "tools_test_util.h"

namespace glossfish::verifier::testing {
namespace {

using nlohmann::json;
using testkit::CliRun;

const std::string ActEvalSample = std::string(GLOSSFISH_TEST_DATA) + "/act_eval/sample.jsonl";

// Runs `glossfish ARGS…` (the first argument is the subcommand).
CliRun run_import_cli(const std::vector<std::string>& args) {
    return testkit::run_glossfish_command(args.front(), {args.begin() + 1, args.end()}, {});
}

std::vector<std::string> act_eval_sample_lines() {
    std::ifstream in(ActEvalSample);
    std::vector<std::string> out;
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

// A record in the authors' shape, to change one field at a time.
json authors_record() {
    return {{"position_number", 12},
            {"fen", "r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1"},
            {"move_uci", "b5c7"},
            {"move_san", "Nc7+"},
            {"wp_loss", 0.5},
            {"quality", "good"},
            {"game", "g"},
            {"engine_lines", json::array()},
            {"extracted",
             {{"include", true},
              {"quality", "good"},
              {"reasoning", {"Nc7+ forks the king and the rook."}},
              {"alternative", nullptr},
              {"variation", nullptr}}}};
}

std::string act_eval_error_of(const json& j) {
    ActEvalLine r = read_act_eval_line(j.dump());
    EXPECT_EQ(r.kind, ActEvalLine::Kind::Error) << j.dump();
    return r.error;
}

TEST(ActEvalImport, MapsARecordFieldByField) {
    const std::vector<std::string> lines = act_eval_sample_lines();
    ASSERT_EQ(lines.size(), 9u);
    ActEvalLine r = read_act_eval_line(lines[0]);
    ASSERT_EQ(r.kind, ActEvalLine::Kind::Record) << r.error;
    const json& j = r.record;
    EXPECT_EQ(j["id"], "sample-1:47");
    EXPECT_EQ(j["fen"], "8/pn2Q3/1p1p2pk/2pP2rp/P1P2q2/1NP5/6B1/2R4K b - - 15 47");
    EXPECT_EQ(j["move"], "f4h4");
    EXPECT_EQ(j["gold_atoms"], json::array({"Qh4+ forces White's king to g1.",
                                            "After Qh4+ Kg1, Black wins the queen with Rxg2+."}));
    EXPECT_EQ(j["commentary"],
              "Qh4+ forces White's king to g1. After Qh4+ Kg1, Black wins the queen with Rxg2+.");
    EXPECT_EQ(j["gold_quality"], "good");
    EXPECT_EQ(j["gold_variation"], "Qh4+ Kg1 Rxg2+");
    EXPECT_EQ(j["alternatives"], json::array());
    EXPECT_EQ(j["act_eval"]["game"], "sample-1");
    EXPECT_EQ(j["act_eval"]["position_number"], 47);
    EXPECT_EQ(j["act_eval"]["move_san"], "Qh4+");
    EXPECT_EQ(j["act_eval"]["quality"], "good");
    EXPECT_EQ(j["act_eval"]["wp_loss"], 0.0);
    EXPECT_EQ(j["act_eval"]["best_uci"], "f4h4");  // the is_top line

    // Alternatives as a list (blank gold atoms left out) and as one object.
    ActEvalLine fork = read_act_eval_line(lines[1]);
    ASSERT_EQ(fork.kind, ActEvalLine::Kind::Record) << fork.error;
    EXPECT_EQ(fork.record["gold_atoms"], json::array({"Nc7+ forks the king and the rook."}));
    EXPECT_EQ(fork.record["alternatives"],
              json::parse(R"([{"move":"Nd6+","san":"Nd6+","gold_atoms":["Nd6+ gives check."],
                              "variation":null}])"));
    ActEvalLine hang = read_act_eval_line(lines[7]);
    ASSERT_EQ(hang.kind, ActEvalLine::Kind::Record) << hang.error;
    EXPECT_EQ(
        hang.record["alternatives"],
        json::parse(R"([{"move":"Qd5","san":"Qd5","gold_atoms":["Qd5 attacks the pawn on c5."],
                              "variation":"Qd5 Kf8 Qxc5+"}])"));
    EXPECT_EQ(hang.record["act_eval"]["wp_loss"], 62.5);
    EXPECT_EQ(hang.record["gold_quality"], "blunder");

    EXPECT_EQ(read_act_eval_line(lines[2]).kind, ActEvalLine::Kind::Excluded);
}

TEST(ActEvalImport, EveryBadLineHasItsNumberAndReasonAndTheRestGoesOn) {
    std::ifstream in(ActEvalSample);
    std::ostringstream out;
    std::vector<std::string> errors;
    ActEvalCounts c = import_act_eval(in, out, [&](const std::string& m) { errors.push_back(m); });
    EXPECT_EQ(c.records, 3);   // lines 1, 2, 8
    EXPECT_EQ(c.excluded, 1);  // line 3
    EXPECT_EQ(c.errors, 5);    // lines 4, 5, 6, 7, 9
    ASSERT_EQ(errors.size(), 5u);
    EXPECT_EQ(errors[0].rfind("line 4 (id \"sample-4:5\"): bad FEN: invalid FEN: ", 0), 0u)
        << errors[0];
    EXPECT_EQ(errors[1],
              "line 5 (id \"sample-5:6\"): \"move_uci\": move 'e2e5': e2e5 is not a "
              "legal move")
        << errors[1];
    EXPECT_EQ(errors[2],
              "line 6 (id \"sample-6:7\"): \"move_san\" 'd4' is not the move of "
              "\"move_uci\" 'e2e4' (e4)");
    EXPECT_EQ(errors[3].rfind("line 7: bad JSON: ", 0), 0u) << errors[3];
    EXPECT_EQ(errors[4],
              "line 9 (id \"sample-8:10\"): \"extracted.reasoning[0]\" must be a string, got "
              "number");
    std::istringstream written(out.str());
    std::vector<std::string> ids;
    for (std::string l; std::getline(written, l);) ids.push_back(json::parse(l)["id"]);
    EXPECT_EQ(ids, (std::vector<std::string>{"sample-1:47", "sample-2:3", "sample-7:9"}));
}

TEST(ActEvalImport, FieldErrorsArePrecise) {
    json j = authors_record();
    j.erase("fen");
    EXPECT_EQ(act_eval_error_of(j), "\"fen\" is missing");
    j = authors_record();
    j["fen"] = "8/8/8 w - - 0 1";
    EXPECT_EQ(act_eval_error_of(j).rfind("bad FEN: invalid FEN: ", 0), 0u);
    // The FEN is checked before anything else: a bad FEN with a bad move says FEN.
    j["move_uci"] = 5;
    EXPECT_EQ(act_eval_error_of(j).rfind("bad FEN: ", 0), 0u);
    j = authors_record();
    j["move_uci"] = "Nc7+";  // SAN where UCI is due
    EXPECT_EQ(act_eval_error_of(j).rfind("\"move_uci\": move 'Nc7+': ", 0), 0u)
        << act_eval_error_of(j);
    j = authors_record();
    j["game"] = json::object();
    EXPECT_EQ(act_eval_error_of(j), "\"game\" must be a string or an integer, got object");
    j = authors_record();
    j["position_number"] = "12";
    EXPECT_EQ(act_eval_error_of(j), "\"position_number\" must be an integer, got string \"12\"");
    j = authors_record();
    j["extracted"]["include"] = "yes";
    EXPECT_EQ(act_eval_error_of(j), "\"extracted.include\" must be true or false, got string");
    j = authors_record();
    j["extracted"]["alternative"] = {{"move", "Ke3"}, {"reasoning", {"x"}}};
    EXPECT_EQ(act_eval_error_of(j).rfind("\"extracted.alternative.move\": move 'Ke3': ", 0), 0u)
        << act_eval_error_of(j);
    j = authors_record();
    j.erase("extracted");
    EXPECT_EQ(act_eval_error_of(j), "\"extracted\" is missing");
    j = authors_record();
    j["wp_loss"] = "big";
    EXPECT_EQ(act_eval_error_of(j), "\"wp_loss\" must be a number or null, got string");
    j = authors_record();
    j["engine_lines"] = {{{"move_uci", 3}}};
    EXPECT_EQ(act_eval_error_of(j), "\"engine_lines[0].move_uci\" must be a string, got number");
    EXPECT_EQ(read_act_eval_line("[1]").error, "not a JSON object (got array)");
    // An integer game, a string reasoning, no move_san: all fine.
    j = authors_record();
    j["game"] = 7;
    j.erase("move_san");
    j["extracted"]["reasoning"] = "Nc7+ gives check.";
    ActEvalLine r = read_act_eval_line(j.dump());
    ASSERT_EQ(r.kind, ActEvalLine::Kind::Record) << r.error;
    EXPECT_EQ(r.record["id"], "7:12");
    EXPECT_EQ(r.record["gold_atoms"], json::array({"Nc7+ gives check."}));
    EXPECT_EQ(r.record["act_eval"]["move_san"], "Nc7+");
    EXPECT_TRUE(r.record["act_eval"]["best_uci"].is_null());
}

// Every imported record reads back through the judge's reader with the same fields.
TEST(ActEvalImport, RoundTripsThroughTheJudgesReader) {
    std::ifstream in(ActEvalSample);
    std::ostringstream out;
    import_act_eval(in, out, [](const std::string&) {});
    std::istringstream written(out.str());
    const std::vector<std::string> lines = act_eval_sample_lines();
    const std::vector<std::size_t> sources = {0, 1, 7};
    std::size_t n = 0;
    for (std::string l; std::getline(written, l); ++n) {
        ASSERT_LT(n, sources.size());
        const json theirs = json::parse(lines[sources[n]]);
        std::string error;
        std::optional<JudgeInput> input = parse_judge_line(l, n + 1, &error);
        ASSERT_TRUE(input) << error;
        EXPECT_EQ(input->id, theirs["game"].get<std::string>() + ":" +
                                 std::to_string(theirs["position_number"].get<int>()));
        EXPECT_EQ(input->fen, theirs["fen"]);
        EXPECT_EQ(input->move, theirs["move_uci"]);
        std::vector<json> gold;
        for (const auto& g : theirs["extracted"]["reasoning"])
            if (g.get<std::string>().find_first_not_of(' ') != std::string::npos) gold.push_back(g);
        EXPECT_EQ(input->gold, gold);
        EXPECT_FALSE(input->claims.has_value());
    }
    EXPECT_EQ(n, sources.size());
}

TEST(ActEvalImport, CommandWritesTheRecordsAndReportsOnStderr) {
    const auto out_path = std::filesystem::temp_directory_path() /
                          ("glossfish_import_" + std::to_string(::getpid()) + ".jsonl");
    CliRun r = run_import_cli({"import", "act-eval", ActEvalSample, "-o", out_path.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("glossfish import: skipped line 4 (id \"sample-4:5\"): bad FEN: "),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("glossfish import: skipped line 7: bad JSON: "), std::string::npos);
    EXPECT_NE(r.err.find("glossfish import: 3 records written, 1 excluded by the experts "
                         "(include false), 5 bad lines skipped\n"),
              std::string::npos)
        << r.err;
    std::ifstream written(out_path);
    int n = 0;
    for (std::string l; std::getline(written, l);) ++n;
    EXPECT_EQ(n, 3);
    // The judge runs on the import as it is (offline, board tools only for the claims).
    CliRun judged = run_import_cli({"judge", "--input", out_path.string(), "--decomposer", "rules",
                                    "--depth", "4", "--bootstrap", "20"});
    std::filesystem::remove(out_path);
    ASSERT_EQ(judged.exit_code, 0) << judged.err;
    EXPECT_NE(judged.err.find("ACT-Eval table"), std::string::npos);

    CliRun bad = run_import_cli({"import", "pgn", ActEvalSample});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_EQ(bad.err, "glossfish import: the format must be act-eval, got 'pgn'\n");
    EXPECT_EQ(run_import_cli({"import", "act-eval"}).exit_code, 2);
}

}  // namespace
}  // namespace glossfish::verifier::testing
