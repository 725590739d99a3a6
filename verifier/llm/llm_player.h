// The language-model solving player of Tree-Expanded Puzzle Playing (`glossfish tepp --player
// llm[:MODEL]`) and the guide settings of the paper (No Strategy, C, S, V-*, RV-*): which
// prompt the player gets and how a puzzle's guide is made (strategy tree, themes, verbalizer).
//
// At each solver turn LlmPlayer fills the solving prompt of its guide (solve_none,
// solve_concepts, solve_tree or solve_description) with the FEN, the line so far in SAN and the
// side (and, in our variant LlmPlayerOptions::legal_moves, the legal moves in SAN; the paper
// gives none), and asks for {"move": SAN}. The client checks the answer's
// shape (one repair attempt). TEPP checks legality; after an illegal move, or an answer still
// unreadable after the repair, the next ask for the same position continues the same chat with
// the self-reflection prompt solve_retry (the answer and why it was rejected), up to TEPP's
// retry bound. Transport failures (after the client's own retries) are PlayerReply errors:
// the puzzle's record carries "error", the batch goes on.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/players.h"
#include "analysis/strategy_tree.h"
#include "analysis/tepp.h"
#include "analysis/tree_format.h"
#include "llm/llm_client.h"
#include "llm/prompts.h"
#include "llm/verbalizer.h"

namespace glossfish::verifier {

// One --guide value.
struct GuideSetting {
    enum Kind { None, Concepts, Tree, Description } kind = None;
    VerbalizeMode mode = VerbalizeMode::S;  // Description only
    bool refine = false;                    // Description only: RV-* (critic + rewrite rounds)

    // The command-line text: "none", "concepts", "tree", "description:s", "description:rv-sc".
    std::string text() const;
    // The paper's name: "No Strategy", "C", "S", "V-S", "V-C", "V-S+C", "RV-S", "RV-C", "RV-S+C".
    std::string paper_name() const;
    bool needs_tree() const;      // tree, description:(rv-)s / (rv-)sc
    bool needs_concepts() const;  // concepts, description:(rv-)c / (rv-)sc
    bool operator==(const GuideSetting& o) const {
        return kind == o.kind && (kind != Description || (mode == o.mode && refine == o.refine));
    }
};

// Parses none | concepts | tree | description:MODE (MODE s | c | sc | rv-s | rv-c | rv-sc).
// Empty with *error set ("unknown guide 'x' (none, concepts, tree, description:MODE)").
std::optional<GuideSetting> parse_guide_setting(std::string_view text, std::string* error);

// What a guide is made from: the puzzle and, as the setting needs them, its compact strategy
// tree and its concepts (lichess themes).
struct GuideSource {
    std::string fen;  // the puzzle's start, solver to move
    Color solver = White;
    int plies = 3;
    nlohmann::ordered_json tree;        // null when not built
    std::vector<std::string> concepts;  // empty when the puzzle has none
};

// A puzzle's guide source: its start, solver, plies and themes, and, when one of `guides` needs
// it, its strategy tree (options at the puzzle's plies, searched reproducibly on analyzer). A
// tree that cannot be built is said on stderr after `command` ("glossfish tepp") and left null.
GuideSource puzzle_guide_source(const TeppPuzzle& puzzle, const std::vector<GuideSetting>& guides,
                                Analyzer& analyzer, TreeOptions options, const char* command);

struct GuideBuild {
    PlayerGuide guide;
    std::string error;  // why the guide could not be made (no themes, the verbalizer failed)
    int requests = 0;   // HTTP requests of the verbalizer
    bool ok() const { return error.empty(); }
};

// Makes the guide of one puzzle: none → empty; concepts → the themes; tree → the compact tree;
// description:* → the verbalizer's text (V-*, with `refine` critic + rewrite rounds for
// RV-*). Blocks on the model for description:*; client and prompts are used only then.
GuideBuild build_guide(const GuideSetting& setting, const GuideSource& source,
                       const LlmClient& client, const PromptLibrary& prompts, int refine);

// The prompt a guide selects: solve_description when it has a description, else solve_tree
// with a tree, else solve_concepts with concepts, else solve_none.
const char* solving_prompt_name(const PlayerGuide& guide);

// How the solving prompt is filled. The default is the paper's: the board, the side, the line
// so far and the guide, no list of legal moves. legal_moves is our variant (`--legal-moves`):
// the legal moves in SAN are listed in the prompt and in the self-reflection prompt.
struct LlmPlayerOptions {
    bool legal_moves = false;
};

// {{legal_moves_line}} of the solving prompts: "" (the paper's prompt), or with
// options.legal_moves "\nYour legal moves: e4 d4 …" (after the line) and in solve_retry
// " Your legal moves are: e4 d4 …".
std::string legal_moves_line(const Position& pos, const LlmPlayerOptions& options, bool retry);

// The language model as solving player. choose_move blocks on the model.
class LlmPlayer : public SolvingPlayer {
public:
    // name: the report name, e.g. "llm:gpt-4o". client and prompts must outlive the player.
    LlmPlayer(const LlmClient& client, const PromptLibrary& prompts, std::string name,
              LlmPlayerOptions options = {});

    std::string name() const override { return name_; }
    std::optional<std::string> begin_puzzle(const PlayerRequest& start, int run) override;
    PlayerReply choose_move(const PlayerRequest& request) override;
    void on_illegal(const PlayerRequest& request, const std::string& move,
                    const std::string& reason) override;

    int requests() const { return requests_; }  // HTTP requests so far, retries included

private:
    const LlmClient& client_;
    const PromptLibrary& prompts_;
    std::string name_;
    LlmPlayerOptions options_;
    nlohmann::json chat_;      // the conversation of the current position, the answer included
    std::string chat_fen_;     // the position chat_ is about
    std::string unreadable_;   // why the last answer could not be read (empty: it could)
    std::string last_answer_;  // the rejected answer as the model wrote it
    std::string last_error_;   // why it was rejected
    int requests_ = 0;
};

}  // namespace glossfish::verifier
