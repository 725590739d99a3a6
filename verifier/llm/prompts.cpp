// Prompt templates: the table of known prompts, the parser/renderer and the search path.
#include "llm/prompts.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "rules/movegen.h"
#include "rules/notation.h"

namespace glossfish::verifier {

namespace {

const char* const DescriptionAnswer = R"({"description": "…"})";
const char* const MoveAnswer = R"({"move": "SAN"})";

bool is_name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_name_char(char c) { return is_name_start(c) || (c >= '0' && c <= '9'); }

std::string trim(std::string_view s) {
    auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string_view::npos) return {};
    auto e = s.find_last_not_of(" \t\r\n");
    return std::string(s.substr(b, e - b + 1));
}

std::string join(const std::vector<const char*>& names) {
    std::string out;
    for (const char* n : names) out += (out.empty() ? "" : ", ") + std::string(n);
    return out;
}

}  // namespace

const std::vector<PromptSpec>& prompt_specs() {
    static const std::vector<PromptSpec> specs = {
        {"verbalize_s",
         "V-S: describe the strategy tree for a player",
         {"fen", "side", "plies", "tree_json"},
         DescriptionAnswer},
        {"verbalize_c",
         "V-C: turn the puzzle's concepts into a plan",
         {"fen", "side", "concepts"},
         DescriptionAnswer},
        {"verbalize_sc",
         "V-S+C: the tree and the concepts",
         {"fen", "side", "plies", "tree_json", "concepts"},
         DescriptionAnswer},
        {"critic",
         "RV-*: check a description against what it was made from, branch by branch",
         {"fen", "side", "strategy_input", "description"},
         R"({"complete": true|false, "feedback": ["…"]})"},
        {"rewrite",
         "RV-*: rewrite the description following the critic's feedback",
         {"fen", "side", "strategy_input", "description", "feedback"},
         DescriptionAnswer},
        {"solve_none",
         "solving player, no strategy (the No Strategy baseline)",
         {"fen", "side", "line", "legal_moves_line"},
         MoveAnswer},
        {"solve_description",
         "solving player with a strategy description (V-*, RV-*)",
         {"fen", "side", "line", "legal_moves_line", "description"},
         MoveAnswer},
        {"solve_tree",
         "solving player with the strategy tree as JSON (S)",
         {"fen", "side", "line", "legal_moves_line", "tree_json"},
         MoveAnswer},
        {"solve_concepts",
         "solving player with the puzzle's concepts (C)",
         {"fen", "side", "line", "legal_moves_line", "concepts"},
         MoveAnswer},
        {"solve_retry",
         "self-reflection after an illegal or unreadable move (sent in the same chat)",
         {"answer", "error", "legal_moves_line"},
         MoveAnswer},
        {"comment",
         "commentary on a move, written with the tools",
         {"fen", "side", "move"},
         R"({"commentary": "…"})"},
        {"decompose",
         "commentary into contextual atoms and sub-claims",
         {"fen", "side", "move", "commentary"},
         R"({"atoms": [{"text": "…", "sentence": 1, "context": ["SAN", …], "type": "descriptive|analytical|background", "subclaims": [{"text": "…", "kind": "…"}]}]})"},
        {"verify_atom",
         "one atom checked with mandatory tool use",
         {"fen", "side", "move", "atom", "subclaims"},
         R"({"verdict": "correct|incorrect|unverifiable", "subclaims": [{"text": "…", "verdict": "true|false|unverifiable", "evidence": "…", "error_category": "…"|null}]})"},
        {"match_gold",
         "which produced atoms cover each gold atom",
         {"fen", "move", "gold_atoms", "atoms"},
         R"({"matches": [{"gold": 1, "atoms": [2, 5]}]})"},
        {"stance",
         "the commentary's verdict on the played move",
         {"fen", "move", "commentary"},
         R"({"stance": "good|bad|inconclusive", "quote": "…"})"},
        {"chain_propositions",
         "the judge's analytical units split into propositions",
         {"fen", "side", "move", "units"},
         R"({"propositions": [{"id": 1, "text": "…", "unit": 1}]})"},
        {"chain_edges",
         "the relations between the propositions",
         {"fen", "side", "move", "propositions"},
         R"({"edges": [{"source": 1, "target": 2, "relation": "CAUSE|REASON|CONDITION|CONTRAST|ELABORATION"}]})"},
        {"chain_audit",
         "one edge between two true propositions checked with mandatory tool use",
         {"fen", "side", "move", "source", "target", "relation"},
         R"({"verdict": "holds|fails|unverifiable", "reason": "…"})"},
    };
    return specs;
}

const PromptSpec* find_prompt_spec(std::string_view name) {
    for (const auto& s : prompt_specs())
        if (name == s.name) return &s;
    return nullptr;
}

nlohmann::json RenderedPrompt::messages() const {
    nlohmann::json out = nlohmann::json::array();
    if (!system.empty()) out.push_back({{"role", "system"}, {"content", system}});
    out.push_back({{"role", "user"}, {"content", user}});
    return out;
}

std::optional<PromptTemplate> PromptTemplate::parse(std::string_view text, std::string_view source,
                                                    std::string* error) {
    PromptTemplate t;
    t.source = std::string(source);
    std::vector<Piece>* part = &t.user;
    int line = 1;
    std::size_t pos = 0;
    auto add_literal = [&](std::string_view s, int at) {
        if (s.empty()) return;
        if (!part->empty() && !part->back().placeholder) part->back().text += s;
        else part->push_back({false, std::string(s), at});
    };
    while (pos < text.size()) {
        std::size_t eol = text.find('\n', pos);
        std::string_view raw =
            text.substr(pos, eol == std::string_view::npos ? text.size() - pos : eol - pos);
        const std::size_t next = eol == std::string_view::npos ? text.size() : eol + 1;
        const std::string marker = trim(raw);
        if (marker == "[system]" || marker == "[user]") {
            part = marker == "[system]" ? &t.system : &t.user;
            pos = next;
            ++line;
            continue;
        }
        // Scan the line (with its newline) for placeholders.
        std::string_view rest = text.substr(pos, next - pos);
        std::size_t i = 0;
        while (i < rest.size()) {
            std::size_t open = rest.find("{{", i);
            if (open == std::string_view::npos) {
                add_literal(rest.substr(i), line);
                break;
            }
            add_literal(rest.substr(i, open - i), line);
            std::size_t close = rest.find("}}", open + 2);
            if (close == std::string_view::npos) {
                if (error)
                    *error = t.source + ":" + std::to_string(line) +
                             ": unterminated placeholder '" + trim(rest.substr(open, 24)) +
                             "' (no '}}' on the same line)";
                return std::nullopt;
            }
            const std::string name = trim(rest.substr(open + 2, close - open - 2));
            bool ok = !name.empty() && is_name_start(name[0]) &&
                      std::all_of(name.begin(), name.end(), is_name_char);
            if (!ok) {
                if (error)
                    *error = t.source + ":" + std::to_string(line) + ": malformed placeholder '" +
                             std::string(rest.substr(open, close + 2 - open)) +
                             "' (a name of letters, digits and '_')";
                return std::nullopt;
            }
            part->push_back({true, name, line});
            i = close + 2;
        }
        pos = next;
        ++line;
    }
    return t;
}

std::vector<std::string> PromptTemplate::placeholders() const {
    std::vector<std::string> out;
    for (const auto* part : {&system, &user})
        for (const auto& p : *part)
            if (p.placeholder && std::find(out.begin(), out.end(), p.text) == out.end())
                out.push_back(p.text);
    return out;
}

std::optional<RenderedPrompt> PromptTemplate::render(
    const PromptValues& values, std::string* error, const std::vector<const char*>* allowed) const {
    auto is_allowed = [&](std::string_view name) {
        return std::any_of(allowed->begin(), allowed->end(),
                           [&](const char* a) { return name == a; });
    };
    const std::vector<std::string> used = placeholders();
    for (const auto& [name, value] : values) {
        const bool in_template = std::find(used.begin(), used.end(), name) != used.end();
        // A declared placeholder that a user removed from the file is fine; anything else is
        // the caller's mistake.
        if (!in_template && !(allowed && is_allowed(name))) {
            if (error)
                *error = source + ": a value was given for '" + name +
                         "' but the template has no {{" + name + "}}";
            return std::nullopt;
        }
    }
    RenderedPrompt out;
    for (const auto* part : {&system, &user}) {
        std::string text;
        for (const auto& p : *part) {
            if (!p.placeholder) {
                text += p.text;
                continue;
            }
            if (allowed && !is_allowed(p.text)) {
                if (error)
                    *error = source + ":" + std::to_string(p.line) + ": unknown placeholder {{" +
                             p.text + "}} (this prompt knows: " + join(*allowed) + ")";
                return std::nullopt;
            }
            auto v = values.find(p.text);
            if (v == values.end()) {
                if (error)
                    *error =
                        source + ":" + std::to_string(p.line) + ": no value for {{" + p.text + "}}";
                return std::nullopt;
            }
            text += v->second;
        }
        (part == &system ? out.system : out.user) = trim(text);
    }
    return out;
}

std::vector<std::string> PromptLibrary::default_dirs() {
    std::vector<std::string> dirs;
    auto add = [&](const std::string& d) {
        if (!d.empty() && std::find(dirs.begin(), dirs.end(), d) == dirs.end()) dirs.push_back(d);
    };
    if (const char* e = std::getenv("GLOSSFISH_PROMPTS"); e && *e) add(e);
#ifdef GLOSSFISH_PROMPTS_INSTALL_DIR
    add(GLOSSFISH_PROMPTS_INSTALL_DIR);
#endif
    // An installed tree moved elsewhere: <bin>/../share/glossfish/prompts.
    std::error_code ec;
    auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        auto dir = (exe.parent_path().parent_path() / "share" / "glossfish" / "prompts")
                       .lexically_normal();
        if (std::filesystem::is_directory(dir, ec)) add(dir.string());
    }
#ifdef GLOSSFISH_PROMPTS_SOURCE_DIR
    add(GLOSSFISH_PROMPTS_SOURCE_DIR);
#endif
    return dirs;
}

PromptLibrary::PromptLibrary() : dirs_(default_dirs()) {}
PromptLibrary::PromptLibrary(std::vector<std::string> dirs) : dirs_(std::move(dirs)) {}

std::string PromptLibrary::find(std::string_view name) const {
    for (const auto& d : dirs_) {
        std::error_code ec;
        auto path = std::filesystem::path(d) / (std::string(name) + ".txt");
        if (std::filesystem::is_regular_file(path, ec)) return path.string();
    }
    return {};
}

std::optional<PromptTemplate> PromptLibrary::load(std::string_view name, std::string* error) const {
    const bool plain = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return is_name_char(c) || c == '-';
    });
    if (!plain) {
        if (error)
            *error = "bad prompt name '" + std::string(name) + "' (letters, digits, '_', '-')";
        return std::nullopt;
    }
    const std::string path = find(name);
    if (path.empty()) {
        if (error) {
            std::string where;
            for (const auto& d : dirs_) where += (where.empty() ? "" : ", ") + d;
            *error = "prompt file " + std::string(name) + ".txt not found in " +
                     (where.empty() ? std::string("(no directories)") : where) +
                     " (set GLOSSFISH_PROMPTS to a directory of prompt files)";
        }
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in && !in.eof()) {
        if (error) *error = "cannot read prompt file " + path;
        return std::nullopt;
    }
    return PromptTemplate::parse(text, path, error);
}

std::optional<RenderedPrompt> PromptLibrary::render(std::string_view name,
                                                    const PromptValues& values,
                                                    std::string* error) const {
    auto t = load(name, error);
    if (!t) return std::nullopt;
    const PromptSpec* spec = find_prompt_spec(name);
    return t->render(values, error, spec ? &spec->placeholders : nullptr);
}

ChatResult chat_prompt(const LlmClient& client, const PromptLibrary& prompts, std::string_view name,
                       const PromptValues& values, ChatRequest request,
                       const CallContext& context) {
    std::string error;
    auto rendered = prompts.render(name, values, &error);
    if (!rendered) {
        ChatResult r;
        r.kind = LlmErrorKind::Prompt;
        r.error = client.redact(error);
        return r;
    }
    request.messages = rendered->messages();
    return client.chat(request, context);
}

const char* prompt_side(Color c) { return c == White ? "White" : "Black"; }

std::string prompt_legal_moves(const Position& pos) {
    std::string out;
    for (Move m : MoveList(pos)) out += (out.empty() ? "" : " ") + move_to_san(pos, m);
    return out;
}

}  // namespace glossfish::verifier
