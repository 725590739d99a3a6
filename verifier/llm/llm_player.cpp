// The language-model solving player and the guide settings (see llm_player.h).
#include "llm/llm_player.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "io/text.h"

namespace glossfish::verifier {

namespace {

using nlohmann::json;

// The answer must be {"move": "<non-empty text>"}; legality is TEPP's check.
std::string validate_move_answer(const json& answer) {
    if (!answer.is_object()) return "the answer must be a JSON object";
    auto it = answer.find("move");
    if (it == answer.end()) return "the answer has no \"move\"";
    if (!it->is_string() || it->get<std::string>().empty())
        return "\"move\" must be a non-empty string (a move in SAN)";
    return {};
}

std::string joined(const std::vector<std::string>& words, const char* sep) {
    std::string out;
    for (const std::string& w : words) out += (out.empty() ? "" : sep) + w;
    return out;
}

}  // namespace

std::string GuideSetting::text() const {
    switch (kind) {
    case None: return "none";
    case Concepts: return "concepts";
    case Tree: return "tree";
    case Description:
        return std::string("description:") + (refine ? "rv-" : "") + verbalize_mode_name(mode);
    }
    return "none";
}

std::string GuideSetting::paper_name() const {
    switch (kind) {
    case None: return "No Strategy";
    case Concepts: return "C";
    case Tree: return "S";
    case Description: {
        const char* m = mode == VerbalizeMode::S ? "S" : mode == VerbalizeMode::C ? "C" : "S+C";
        return std::string(refine ? "RV-" : "V-") + m;
    }
    }
    return "No Strategy";
}

bool GuideSetting::needs_tree() const {
    return kind == Tree || (kind == Description && mode != VerbalizeMode::C);
}

bool GuideSetting::needs_concepts() const {
    return kind == Concepts || (kind == Description && mode != VerbalizeMode::S);
}

std::optional<GuideSetting> parse_guide_setting(std::string_view text, std::string* error) {
    GuideSetting g;
    if (text == "none") return g;
    if (text == "concepts") {
        g.kind = GuideSetting::Concepts;
        return g;
    }
    if (text == "tree") {
        g.kind = GuideSetting::Tree;
        return g;
    }
    constexpr std::string_view Prefix = "description:";
    if (text.substr(0, Prefix.size()) == Prefix) {
        std::string_view mode = text.substr(Prefix.size());
        g.kind = GuideSetting::Description;
        if (mode.substr(0, 3) == "rv-") {
            g.refine = true;
            mode.remove_prefix(3);
        }
        if (auto m = parse_verbalize_mode(mode)) {
            g.mode = *m;
            return g;
        }
        if (error)
            *error = "unknown description mode '" + std::string(text.substr(Prefix.size())) +
                     "' (s, c, sc, rv-s, rv-c, rv-sc)";
        return std::nullopt;
    }
    if (error)
        *error =
            "unknown guide '" + std::string(text) + "' (none, concepts, tree, description:MODE)";
    return std::nullopt;
}

GuideBuild build_guide(const GuideSetting& setting, const GuideSource& source,
                       const LlmClient& client, const PromptLibrary& prompts, int refine) {
    GuideBuild b;
    if (setting.needs_tree() && source.tree.is_null()) {
        b.error = "no strategy tree for guide " + setting.text();
        return b;
    }
    if (setting.needs_concepts() && source.concepts.empty()) {
        b.error = "the puzzle has no themes (concepts) for guide " + setting.text();
        return b;
    }
    switch (setting.kind) {
    case GuideSetting::None: break;
    case GuideSetting::Concepts: b.guide.concepts = source.concepts; break;
    case GuideSetting::Tree: b.guide.tree = source.tree; break;
    case GuideSetting::Description: {
        VerbalizeInput in;
        in.fen = source.fen;
        in.side = prompt_side(source.solver);
        in.plies = source.plies;
        if (setting.needs_tree()) in.tree = source.tree;
        if (setting.needs_concepts()) in.concepts = source.concepts;
        VerbalizeResult v =
            verbalize(client, prompts, in, setting.mode, setting.refine ? refine : 0);
        b.requests = v.requests;
        if (!v.ok) {
            b.error = "verbalizer: " + v.error;
            return b;
        }
        b.guide.description = v.description;
        break;
    }
    }
    return b;
}

const char* solving_prompt_name(const PlayerGuide& guide) {
    if (!guide.description.empty()) return "solve_description";
    if (!guide.tree.is_null()) return "solve_tree";
    if (!guide.concepts.empty()) return "solve_concepts";
    return "solve_none";
}

std::string legal_moves_line(const Position& pos, const LlmPlayerOptions& options, bool retry) {
    if (!options.legal_moves) return {};
    return (retry ? " Your legal moves are: " : "\nYour legal moves: ") + prompt_legal_moves(pos);
}

LlmPlayer::LlmPlayer(const LlmClient& client, const PromptLibrary& prompts, std::string name,
                     LlmPlayerOptions options)
    : client_(client), prompts_(prompts), name_(std::move(name)), options_(options) {}

std::optional<std::string> LlmPlayer::begin_puzzle(const PlayerRequest&, int) {
    chat_ = json();
    chat_fen_.clear();
    unreadable_.clear();
    last_answer_.clear();
    last_error_.clear();
    return std::nullopt;
}

PlayerReply LlmPlayer::choose_move(const PlayerRequest& request) {
    Position pos;
    if (FenStatus st = pos.set(request.fen, request.chess960); !st.ok())
        return PlayerReply::player_error("bad position: " + st.message());
    ChatRequest chat;
    chat.validate = validate_move_answer;
    std::string error;
    const bool retry = request.attempt > 0 && chat_fen_ == request.fen && chat_.is_array() &&
                       !chat_.empty() && !last_error_.empty();
    if (retry) {
        // Self-reflection: the same chat, told what was wrong with the answer.
        auto rendered =
            prompts_.render("solve_retry",
                            {{"answer", last_answer_},
                             {"error", last_error_},
                             {"legal_moves_line", legal_moves_line(pos, options_, true)}},
                            &error);
        if (!rendered) return PlayerReply::player_error("prompt solve_retry: " + error);
        chat.messages = chat_;
        for (const json& m : rendered->messages()) chat.messages.push_back(m);
    } else {
        const char* prompt = solving_prompt_name(request.guide);
        PromptValues values = {
            {"fen", request.fen},
            {"side", prompt_side(request.solver)},
            {"line", request.history_san.empty()
                         ? std::string("none yet (this is the puzzle's first move)")
                         : numbered_line(request.start_fen, request.history_san)},
            {"legal_moves_line", legal_moves_line(pos, options_, false)}};
        const std::string p = prompt;
        if (p == "solve_description") values["description"] = request.guide.description;
        else if (p == "solve_tree") values["tree_json"] = request.guide.tree.dump();
        else if (p == "solve_concepts") values["concepts"] = joined(request.guide.concepts, ", ");
        auto rendered = prompts_.render(prompt, values, &error);
        if (!rendered) return PlayerReply::player_error("prompt " + p + ": " + error);
        chat.messages = rendered->messages();
    }
    last_answer_.clear();
    last_error_.clear();
    unreadable_.clear();

    ChatResult r = client_.chat(chat);
    requests_ += r.requests;
    chat_fen_ = request.fen;
    chat_ = r.messages.is_array() ? r.messages : json::array();
    if (r.ok) return PlayerReply::of(r.answer.at("move").get<std::string>());
    if (r.kind == LlmErrorKind::BadAnswer) {
        // Unreadable even after the repair: an illegal answer for TEPP (on_illegal follows).
        unreadable_ = r.error;
        last_answer_ = one_line(r.content, 300);
        return PlayerReply::of("(unreadable answer)");
    }
    return PlayerReply::player_error(std::string("llm ") + llm_error_kind_name(r.kind) + ": " +
                                     r.error);
}

void LlmPlayer::on_illegal(const PlayerRequest&, const std::string& move,
                           const std::string& reason) {
    if (!unreadable_.empty()) {
        last_error_ = unreadable_;
        unreadable_.clear();
    } else {
        last_answer_ = move;
        last_error_ = reason;
    }
}

GuideSource puzzle_guide_source(const TeppPuzzle& puzzle, const std::vector<GuideSetting>& guides,
                                Analyzer& analyzer, TreeOptions options, const char* command) {
    GuideSource src;
    src.fen = puzzle.start_fen;
    src.plies = puzzle.plies;
    src.concepts = puzzle.themes;
    Position pos;
    if (!pos.set(puzzle.start_fen, puzzle.chess960).ok()) return src;
    src.solver = pos.side_to_move();
    if (std::none_of(guides.begin(), guides.end(),
                     [](const GuideSetting& g) { return g.needs_tree(); }))
        return src;
    options.plies = puzzle.plies;
    options.reproducible = true;
    const StrategyTree tree = build_tree(analyzer, pos, options);
    if (tree.ok()) src.tree = tree_to_compact(tree);
    else
        std::fprintf(stderr, "%s: %s: strategy tree: %s\n", command, puzzle.id.c_str(),
                     tree.error.c_str());
    return src;
}

}  // namespace glossfish::verifier
