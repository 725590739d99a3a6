// Prompt templates: plain text files with named placeholders ({{fen}}, {{tree_json}}, …), one
// file per prompt, loaded at run time so that users can edit them. A file may be split into a
// system part and a user part by lines holding exactly "[system]" and "[user]"; without them
// the whole file is the user message. Values are inserted once and never scanned again, so a
// value may itself contain "{{".
//
// Search path, first hit wins: $GLOSSFISH_PROMPTS, then the install directory
// (<prefix>/share/glossfish/prompts, also found relative to the running binary), then the
// source tree's prompts/ (development builds).
//
// Errors are values with exact messages: a missing file (with the directories searched), an
// unterminated or malformed placeholder (with its line), a placeholder the prompt does not
// declare, a value the template does not use, a placeholder without a value. Nothing throws.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "llm/llm_client.h"
#include "rules/position.h"

namespace glossfish::verifier {

// One prompt glossfish knows: its file, its placeholders and the JSON answer it asks for.
struct PromptSpec {
    const char* name;                       // "verbalize_s"; the file is name + ".txt"
    const char* purpose;                    // one line for docs/llm.md and `--help`
    std::vector<const char*> placeholders;  // every placeholder the file may use
    const char* answer;                     // the JSON shape the prompt asks for
};

// Every prompt, in the order of docs/llm.md.
const std::vector<PromptSpec>& prompt_specs();
const PromptSpec* find_prompt_spec(std::string_view name);

using PromptValues = std::map<std::string, std::string, std::less<>>;

struct RenderedPrompt {
    std::string system;  // empty when the file has no [system] part
    std::string user;
    // [{"role":"system",…}, {"role":"user",…}] (no system message when system is empty).
    nlohmann::json messages() const;
};

// A parsed template: literal text and placeholders, split into system and user parts.
struct PromptTemplate {
    struct Piece {
        bool placeholder = false;
        std::string text;  // literal text, or the placeholder's name
        int line = 0;      // where it starts in the file (1-based)
    };
    std::string source;  // file name (or "<text>") for messages
    std::vector<Piece> system, user;

    // Parses text. Empty with *error set on a malformed placeholder.
    static std::optional<PromptTemplate> parse(std::string_view text, std::string_view source,
                                               std::string* error);
    // Names used, each once, in order of appearance.
    std::vector<std::string> placeholders() const;
    // Fills the placeholders. Fails on a placeholder without a value, a value the template
    // does not use (a caller's typo) and, when `allowed` is given, a placeholder outside it.
    std::optional<RenderedPrompt> render(const PromptValues& values, std::string* error,
                                         const std::vector<const char*>* allowed = nullptr) const;
};

class PromptLibrary {
public:
    // The default search path (see the file comment).
    PromptLibrary();
    // Only these directories, in order.
    explicit PromptLibrary(std::vector<std::string> dirs);

    const std::vector<std::string>& dirs() const { return dirs_; }
    // The path of name + ".txt" in the first directory that has it; empty if none.
    std::string find(std::string_view name) const;
    // Loads and parses a prompt file. Blocks on the file only.
    std::optional<PromptTemplate> load(std::string_view name, std::string* error) const;
    // Loads and renders; known prompts are checked against their declared placeholders.
    std::optional<RenderedPrompt> render(std::string_view name, const PromptValues& values,
                                         std::string* error) const;

    // The default directories: $GLOSSFISH_PROMPTS, the install directory, the source tree.
    static std::vector<std::string> default_dirs();

private:
    std::vector<std::string> dirs_;
};

// Renders prompt `name` with values into the messages of `request` (replacing them) and runs
// the exchange. A prompt that cannot be loaded or rendered fails with kind Prompt and the
// renderer's message, without a request. Blocks like LlmClient::chat, within context.
ChatResult chat_prompt(const LlmClient& client, const PromptLibrary& prompts, std::string_view name,
                       const PromptValues& values, ChatRequest request = {},
                       const CallContext& context = {});

// The spellings the prompts expect ({{side}}, {{legal_moves}}): "White" / "Black", and every
// legal move of pos in SAN, separated by spaces, in move-generation order.
const char* prompt_side(Color c);
std::string prompt_legal_moves(const Position& pos);

}  // namespace glossfish::verifier
