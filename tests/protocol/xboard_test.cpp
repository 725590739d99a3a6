// glossfish in a real GUI protocol: Debian's polyglot turns it into an xboard (CECP) engine,
// and the test plays the GUI's part the way xboard does (xboard, protover 2, new, setboard,
// usermove, go). Every move it answers is checked for legality with our rules core and
// played on our board; the game's end and result are polyglot's own. Also: the Cute Chess
// engines.json entry we ship matches the options glossfish declares.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "host/child_process.h"
#include "rules/bitboard.h"
#include "rules/notation.h"
#include "rules/position.h"
#include "uci_process.h"

namespace glossfish::testkit {
namespace {

// An xboard session with glossfish behind polyglot.
class XboardGame {
public:
    explicit XboardGame(const std::string& ini_name) {
        init_bitboards();
        ini_ = testing::TempDir() + ini_name;
        std::ofstream(ini_) << "[PolyGlot]\nEngineCommand = " << GLOSSFISH_BIN
                            << "\nEngineDir = .\nLog = false\nResign = false\n[Engine]\n";
        process_ = std::make_unique<UciProcess>(polyglot_path(), std::vector<std::string>{ini_});
        process_->send("xboard");
        process_->send("protover 2");
        ready_ = process_->expect(line_is("feature done=1"), Millis(20000)).has_value();
    }
    ~XboardGame() {
        process_->send("quit");
        process_->wait_exit(Millis(10000));
        std::remove(ini_.c_str());
    }
    bool ready() const { return ready_; }
    UciProcess& gui() { return *process_; }
    Position& board() { return board_; }

    // Reads the engine's next "move X", checks it on our board and plays it. Returns the move
    // text, or "" after a test failure.
    std::string engine_move() {
        auto line = process_->expect(starts_with("move "), Millis(20000));
        if (!line) {
            ADD_FAILURE() << "no move within 20 s\n" << process_->transcript();
            return "";
        }
        std::string uci = line->substr(5);
        MoveParse mp = parse_uci(board_, uci);
        if (!mp.ok()) {
            ADD_FAILURE() << "engine played " << uci << " in " << board_.fen() << ": "
                          << mp.message;
            return "";
        }
        board_.do_move(mp.move);
        return uci;
    }

private:
    std::string ini_;
    std::unique_ptr<UciProcess> process_;
    Position board_;
    bool ready_ = false;
};

// A game from the start: the GUI plays 1.e4, then the engine plays both sides for 30 plies
// (`go` hands the side to move to the engine, as xboard's "Machine White/Black" does).
TEST(Xboard, PlaysLegalMovesFromTheStartPosition) {
    ASSERT_FALSE(polyglot_path().empty()) << "polyglot is not installed (see .ci/install)";
    XboardGame game("glossfish_xboard_start.ini");
    ASSERT_TRUE(game.ready()) << game.gui().transcript();
    game.board().set(StartFen);
    game.gui().send("new");
    game.gui().send("sd 4");
    game.gui().send("usermove e2e4");
    game.board().do_move(parse_uci(game.board(), "e2e4").move);
    ASSERT_NE(game.engine_move(), "");  // after `new` the engine has Black and answers at once
    for (int ply = 0; ply < 28 && !game.board().outcome(); ++ply) {
        game.gui().send("go");
        ASSERT_NE(game.engine_move(), "") << "ply " << ply;
    }
    EXPECT_EQ(game.board().ply(), 30) << game.board().fen();
}

// A won ending from a setboard: the engine mates, polyglot announces the result.
TEST(Xboard, MatesFromASetupPositionAndReportsTheResult) {
    ASSERT_FALSE(polyglot_path().empty()) << "polyglot is not installed (see .ci/install)";
    XboardGame game("glossfish_xboard_mate.ini");
    ASSERT_TRUE(game.ready()) << game.gui().transcript();
    const std::string fen = "7k/8/5K2/8/8/8/8/Q7 w - - 0 1";
    game.board().set(fen);
    game.gui().send("new");
    game.gui().send("force");
    game.gui().send("setboard " + fen);
    game.gui().send("sd 10");
    for (int ply = 0; ply < 20 && !game.board().outcome(); ++ply) {
        game.gui().send("go");
        ASSERT_NE(game.engine_move(), "") << "ply " << ply;
    }
    ASSERT_TRUE(game.board().is_checkmate()) << game.board().fen();
    EXPECT_EQ(game.board().side_to_move(), Black);
    EXPECT_TRUE(game.gui().expect(line_is("1-0 {White mates}"), Millis(10000)))
        << game.gui().transcript();
}

// XBoard in Analysis Mode after 3...Nf6 (1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6): polyglot turns
// glossfish's readable line into a thinking line of score +0; the thinking line polyglot sends
// after it must be the engine's own (mate, Qxf7#), because XBoard's status line shows the last.
TEST(Xboard, AnalysisStatusKeepsTheEngineScoreAfterGlossfishLines) {
    ASSERT_FALSE(polyglot_path().empty()) << "polyglot is not installed (see .ci/install)";
    XboardGame game("glossfish_xboard_analyse.ini");
    ASSERT_TRUE(game.ready()) << game.gui().transcript();
    UciProcess& gui = game.gui();
    gui.send("new");
    gui.send("force");
    gui.send("post");
    for (const char* move : {"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6"}) {
        gui.send(std::string("usermove ") + move);
    }
    gui.send("analyze");
    // "245 +0 0 0 glossfish: Nf6?? is a blunder. …"
    auto ours = gui.expect(contains(" glossfish: Nf6"), Millis(30000));
    ASSERT_TRUE(ours) << gui.transcript();
    // The labels that follow (the full-depth one replaces the quick one) come within seconds;
    // then the last thinking line XBoard got is the one its status line shows.
    gui.expect([](const std::string&) { return false; }, Millis(5000));
    std::string last;
    for (const std::string& l : gui.drain()) {
        if (!l.empty() && l[0] >= '0' && l[0] <= '9') last = l;
    }
    ASSERT_FALSE(last.empty()) << "no thinking line after glossfish's\n" << gui.transcript();
    std::istringstream fields(last);
    int depth = 0;
    long score = 0;
    fields >> depth >> score;
    EXPECT_GT(score, 10000) << "polyglot scores a mate as about +100000: " << last << "\n"
                            << gui.transcript();
    EXPECT_NE(last.find("Qxf7#"), std::string::npos) << last;
    EXPECT_EQ(last.find("glossfish"), std::string::npos) << last;
    gui.send("exit");
}

// The MultiPV summary and the label reach XBoard whole through polyglot: polyglot reads an
// `info string` as fields and cuts it at a keyword (`depth`, `pv`, …), so a readable line holds
// none; each thinking line from glossfish ends with the line's own "(dN)".
TEST(Xboard, TheLinesSummaryAndTheLabelArriveWhole) {
    ASSERT_FALSE(polyglot_path().empty()) << "polyglot is not installed (see .ci/install)";
    XboardGame game("glossfish_xboard_lines.ini");
    ASSERT_TRUE(game.ready()) << game.gui().transcript();
    UciProcess& gui = game.gui();
    gui.send("option MultiPV=3");
    gui.send("new");
    gui.send("force");
    gui.send("post");
    for (const char* move : {"e2e4", "e7e5", "g1f3", "f7f6", "f3e5", "f6e5"})
        gui.send(std::string("usermove ") + move);
    gui.send("analyze");
    auto lines = gui.expect(contains(" glossfish lines: "), Millis(30000));
    ASSERT_TRUE(lines) << gui.transcript();
    auto label = gui.expect(contains(" glossfish: fxe5"), Millis(30000));
    ASSERT_TRUE(label) << gui.transcript();
    for (const std::string& l : {*lines, *label}) {
        // "... glossfish lines: Qh5+ best; d4 40.7 win% lost; Nc3 45.1 win% lost (d10)"
        // (or "(first look, d8)" for the quick label)
        const std::size_t d = l.rfind('d');
        ASSERT_NE(d, std::string::npos) << l;
        EXPECT_TRUE(l[d - 1] == '(' || l.compare(d - 2, 2, ", ") == 0) << l;
        EXPECT_EQ(l.back(), ')') << l << "\n" << gui.transcript();
        EXPECT_GT(std::atoi(l.c_str() + d + 1), 0) << l;
    }
    EXPECT_NE(lines->find(" best; "), std::string::npos) << *lines;
    EXPECT_NE(lines->find(" win% lost"), std::string::npos) << *lines;
    // Started by polyglot, `Glossfish Info Format` auto sends the sentences only: no JSON line
    // reaches XBoard's Engine output window.
    const std::string all = gui.transcript();
    EXPECT_EQ(all.find("glossfish.lines {"), std::string::npos) << all;
    EXPECT_EQ(all.find("glossfish.quality {"), std::string::npos) << all;
    gui.send("exit");
}

// Every option in plugin/gui/cutechess-engines.json is one glossfish declares after `uci`,
// with the same type, default, range and choices, so Cute Chess accepts the file as it is.
TEST(GuiConfig, CuteChessEntryMatchesTheDeclaredOptions) {
    std::ifstream in(GLOSSFISH_SOURCE_DIR "/plugin/gui/cutechess-engines.json");
    ASSERT_TRUE(in) << "cannot read plugin/gui/cutechess-engines.json";
    nlohmann::json config = nlohmann::json::parse(in);
    ASSERT_TRUE(config.is_array());
    ASSERT_EQ(config.size(), 1u);
    EXPECT_EQ(config[0]["protocol"], "uci");
    EXPECT_EQ(config[0]["command"], "glossfish");

    UciProcess engine(GLOSSFISH_BIN);
    engine.send("uci");
    auto lines = engine.read_until(line_is("uciok"), Millis(20000));
    ASSERT_TRUE(lines) << engine.transcript();
    std::map<std::string, std::string> declared;  // name -> rest of the line after the name
    for (const std::string& l : *lines) {
        if (l.rfind("option name ", 0) != 0) continue;
        auto type = l.find(" type ");
        declared[l.substr(12, type - 12)] = l.substr(type + 1);
    }
    for (const auto& option : config[0]["options"]) {
        const std::string name = option["name"];
        SCOPED_TRACE(name);
        ASSERT_TRUE(declared.count(name)) << "glossfish does not declare this option";
        std::istringstream rest(declared[name]);
        std::map<std::string, std::string> fields;
        std::vector<std::string> vars;
        for (std::string key, value; rest >> key >> value;) {
            if (key == "var") vars.push_back(value);
            else fields[key] = value;
        }
        EXPECT_EQ(fields["type"], option["type"].get<std::string>());
        const nlohmann::json& d = option["default"];
        std::string default_text = d.is_string()    ? d.get<std::string>()
                                   : d.is_boolean() ? (d.get<bool>() ? "true" : "false")
                                                    : d.dump();
        if (default_text.empty()) default_text = "<empty>";
        EXPECT_EQ(fields["default"], default_text);
        if (option.contains("min")) {
            EXPECT_EQ(fields["min"], option["min"].dump());
        }
        if (option.contains("max")) {
            EXPECT_EQ(fields["max"], option["max"].dump());
        }
        if (option.contains("choices")) {
            EXPECT_EQ(vars, option["choices"].get<std::vector<std::string>>());
        }
    }
    engine.send("quit");
}

}  // namespace
}  // namespace glossfish::testkit
