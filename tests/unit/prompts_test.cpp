// Prompt templates: parsing, rendering, precise errors, the search path and the shipped files.
#include "llm/prompts.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "fake_llm_server.h"

namespace glossfish::verifier::testing {
namespace {

namespace fs = std::filesystem;

PromptTemplate parse_ok(const std::string& text) {
    std::string error;
    auto t = PromptTemplate::parse(text, "t.txt", &error);
    EXPECT_TRUE(t) << error;
    return t ? *t : PromptTemplate{};
}

std::string render_error(const PromptTemplate& t, const PromptValues& v,
                         const std::vector<const char*>* allowed = nullptr) {
    std::string error;
    EXPECT_FALSE(t.render(v, &error, allowed));
    return error;
}

// A fresh directory under the system temp dir, removed at the end of the test.
struct TempDir {
    fs::path path;
    explicit TempDir(const std::string& name)
        : path(fs::temp_directory_path() /
               ("glossfish_prompts_" + name + "_" + std::to_string(::getpid()))) {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
    void write(const std::string& file, const std::string& text) const {
        std::ofstream(path / file) << text;
    }
};

TEST(Prompts, FillsPlaceholdersAndSplitsSystemAndUser) {
    PromptTemplate t =
        parse_ok("[system]\nYou are {{ role }}.\n[user]\nFEN: {{fen}}\nAgain {{fen}}, {{x_1}}\n");
    EXPECT_EQ(t.placeholders(), (std::vector<std::string>{"role", "fen", "x_1"}));
    std::string error;
    auto r = t.render({{"role", "a coach"}, {"fen", "8/8"}, {"x_1", "{{fen}}"}}, &error);
    ASSERT_TRUE(r) << error;
    EXPECT_EQ(r->system, "You are a coach.");
    // Values are not scanned again: the literal {{fen}} inside a value stays.
    EXPECT_EQ(r->user, "FEN: 8/8\nAgain 8/8, {{fen}}");
    nlohmann::json m = r->messages();
    ASSERT_EQ(m.size(), 2u);
    EXPECT_EQ(m[0]["role"], "system");
    EXPECT_EQ(m[1]["content"], "FEN: 8/8\nAgain 8/8, {{fen}}");
}

TEST(Prompts, WithoutSectionsTheWholeFileIsTheUserMessage) {
    PromptTemplate t = parse_ok("Shape: {\"a\": {\"b\": {}}}\n");  // single braces are literal
    std::string error;
    auto r = t.render({}, &error);
    ASSERT_TRUE(r) << error;
    EXPECT_EQ(r->system, "");
    EXPECT_EQ(r->user, "Shape: {\"a\": {\"b\": {}}}");
    EXPECT_EQ(r->messages().size(), 1u);
}

TEST(Prompts, MalformedPlaceholdersGiveTheirLine) {
    std::string error;
    EXPECT_FALSE(PromptTemplate::parse("ok\nsee {{fen\n}}", "p.txt", &error));
    EXPECT_EQ(error, "p.txt:2: unterminated placeholder '{{fen' (no '}}' on the same line)");
    EXPECT_FALSE(PromptTemplate::parse("a\nb\n{{two words}}", "p.txt", &error));
    EXPECT_EQ(error,
              "p.txt:3: malformed placeholder '{{two words}}' (a name of letters, digits and '_')");
    EXPECT_FALSE(PromptTemplate::parse("{{}}", "p.txt", &error));
    EXPECT_EQ(error, "p.txt:1: malformed placeholder '{{}}' (a name of letters, digits and '_')");
    EXPECT_FALSE(PromptTemplate::parse("{{9lives}}", "p.txt", &error));
}

TEST(Prompts, MissingValueUnknownPlaceholderUnusedValue) {
    PromptTemplate t = parse_ok("line one\nFEN {{fen}} side {{side}}\n");
    EXPECT_EQ(render_error(t, {{"fen", "x"}}), "t.txt:2: no value for {{side}}");
    EXPECT_EQ(render_error(t, {{"fen", "x"}, {"side", "White"}, {"fenn", "y"}}),
              "t.txt: a value was given for 'fenn' but the template has no {{fenn}}");
    const std::vector<const char*> allowed = {"fen"};
    EXPECT_EQ(render_error(t, {{"fen", "x"}, {"side", "W"}}, &allowed),
              "t.txt:2: unknown placeholder {{side}} (this prompt knows: fen)");
    // A declared placeholder that an edited file no longer uses is fine.
    PromptTemplate edited = parse_ok("only {{fen}}");
    const std::vector<const char*> both = {"fen", "side"};
    std::string error;
    auto r = edited.render({{"fen", "x"}, {"side", "W"}}, &error, &both);
    ASSERT_TRUE(r) << error;
    EXPECT_EQ(r->user, "only x");
}

TEST(Prompts, SearchPathOrderAndMissingFile) {
    TempDir first("first"), second("second");
    first.write("solve_none.txt", "first {{fen}}");
    second.write("solve_none.txt", "second {{fen}}");
    second.write("only_second.txt", "here");
    PromptLibrary lib({first.path.string(), second.path.string()});
    EXPECT_EQ(lib.find("solve_none"), (first.path / "solve_none.txt").string());
    EXPECT_EQ(lib.find("only_second"), (second.path / "only_second.txt").string());
    std::string error;
    EXPECT_FALSE(lib.load("nope", &error));
    EXPECT_EQ(error, "prompt file nope.txt not found in " + first.path.string() + ", " +
                         second.path.string() +
                         " (set GLOSSFISH_PROMPTS to a directory of prompt files)");
    EXPECT_FALSE(lib.load("../etc/passwd", &error));
    EXPECT_EQ(error, "bad prompt name '../etc/passwd' (letters, digits, '_', '-')");
    // Known prompts are checked against their declared placeholders.
    first.write("solve_none.txt", "first {{fen}} {{colour}}");
    EXPECT_FALSE(lib.render("solve_none", {{"fen", "x"}}, &error));
    EXPECT_EQ(error, (first.path / "solve_none.txt").string() +
                         ":1: unknown placeholder {{colour}} (this prompt knows: fen, side, line, "
                         "legal_moves_line)");
}

TEST(Prompts, EnvironmentDirectoryComesFirst) {
    TempDir dir("env");
    dir.write("stance.txt", "mine {{move}}");
    setenv("GLOSSFISH_PROMPTS", dir.path.string().c_str(), 1);
    PromptLibrary lib;
    unsetenv("GLOSSFISH_PROMPTS");
    ASSERT_FALSE(lib.dirs().empty());
    EXPECT_EQ(lib.dirs()[0], dir.path.string());
    std::string error;
    auto r = lib.render("stance", {{"move", "Nf3"}}, &error);
    ASSERT_TRUE(r) << error;
    EXPECT_EQ(r->user, "mine Nf3");
    // The source tree is on the default path too (development builds).
    PromptLibrary plain;
    EXPECT_NE(plain.find("verbalize_s"), "");
}

// Every shipped prompt parses, uses exactly its declared placeholders, renders with all of
// them, and asks for a JSON answer.
TEST(Prompts, ShippedFilesMatchTheirDeclarations) {
    PromptLibrary lib({GLOSSFISH_PROMPTS_DIR});
    ASSERT_EQ(prompt_specs().size(), 18u);
    for (const auto& spec : prompt_specs()) {
        std::string error;
        auto t = lib.load(spec.name, &error);
        ASSERT_TRUE(t) << error;
        const std::vector<std::string> names = t->placeholders();
        std::set<std::string> used(names.begin(), names.end());
        std::set<std::string> declared(spec.placeholders.begin(), spec.placeholders.end());
        EXPECT_EQ(used, declared) << spec.name;
        PromptValues values;
        for (const char* p : spec.placeholders) values[p] = std::string("<") + p + ">";
        auto r = lib.render(spec.name, values, &error);
        ASSERT_TRUE(r) << spec.name << ": " << error;
        for (const char* p : spec.placeholders)
            EXPECT_NE((r->system + r->user).find(std::string("<") + p + ">"), std::string::npos)
                << spec.name << " " << p;
        EXPECT_NE(r->user.find("JSON object only"), std::string::npos) << spec.name;
        EXPECT_EQ(r->user.find("{{"), std::string::npos) << spec.name;
    }
    // Spot checks of the contract with the code that parses the answers.
    ASSERT_NE(find_prompt_spec("verbalize_s"), nullptr);
    const auto& declared = find_prompt_spec("verbalize_s")->placeholders;
    EXPECT_EQ(std::vector<std::string>(declared.begin(), declared.end()),
              (std::vector<std::string>{"fen", "side", "plies", "tree_json"}));
    EXPECT_EQ(find_prompt_spec("nope"), nullptr);
}

TEST(Prompts, SideAndLegalMovesSpelling) {
    Position pos;
    ASSERT_TRUE(pos.set("4k3/8/8/8/8/8/4P3/4K2R w K - 0 1").ok());
    EXPECT_STREQ(prompt_side(pos.side_to_move()), "White");
    EXPECT_STREQ(prompt_side(Black), "Black");
    // Pawn: e3 e4; rook: Rf1 Rg1 Rh2..Rh8 (Rh8 checks); king: Kd1 Kd2 Kf1 Kf2, O-O.
    std::string moves = prompt_legal_moves(pos);
    std::set<std::string> got;
    for (std::size_t at = 0; at < moves.size();) {
        std::size_t sp = moves.find(' ', at);
        if (sp == std::string::npos) sp = moves.size();
        got.insert(moves.substr(at, sp - at));
        at = sp + 1;
    }
    EXPECT_EQ(got,
              (std::set<std::string>{"e3", "e4", "Rf1", "Rg1", "Rh2", "Rh3", "Rh4", "Rh5", "Rh6",
                                     "Rh7", "Rh8+", "Kd1", "Kd2", "Kf1", "Kf2", "O-O"}));
}

TEST(Prompts, ChatPromptRendersIntoTheRequestOrFailsWithoutOne) {
    testkit::FakeLlmServer server;
    server.then(testkit::FakeLlmServer::json_answer({{"stance", "bad"}, {"quote", "a blunder"}}));
    LlmClient client(server.client_config(""));
    PromptLibrary lib({GLOSSFISH_PROMPTS_DIR});
    ChatRequest req;
    req.json_answer = true;
    ChatResult r = chat_prompt(client, lib, "stance",
                               {{"fen", "8/8/8/8/8/8/8/K1k5 w - - 0 1"},
                                {"move", "Kb1"},
                                {"commentary", "Kb1?? is a blunder."}},
                               req);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.answer["stance"], "bad");
    auto reqs = server.requests();
    ASSERT_EQ(reqs.size(), 1u);
    EXPECT_EQ(reqs[0].messages()[0]["role"], "system");
    EXPECT_NE(reqs[0].last_content("user").find("Commentary:\nKb1?? is a blunder."),
              std::string::npos);
    ChatResult bad = chat_prompt(client, lib, "stance", {{"fen", "x"}});
    EXPECT_EQ(bad.kind, LlmErrorKind::Prompt);
    EXPECT_NE(bad.error.find("no value for {{move}}"), std::string::npos) << bad.error;
    EXPECT_EQ(server.requests().size(), 1u);  // nothing sent
}

}  // namespace
}  // namespace glossfish::verifier::testing
