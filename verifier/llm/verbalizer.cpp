// Strategy verbalization with optional self-refinement (see verbalizer.h).
#include "llm/verbalizer.h"

namespace glossfish::verifier {

using nlohmann::json;

const char* verbalize_mode_name(VerbalizeMode mode) {
    switch (mode) {
    case VerbalizeMode::S: return "s";
    case VerbalizeMode::C: return "c";
    case VerbalizeMode::SC: return "sc";
    }
    return "s";
}

std::optional<VerbalizeMode> parse_verbalize_mode(std::string_view text) {
    if (text == "s") return VerbalizeMode::S;
    if (text == "c") return VerbalizeMode::C;
    if (text == "sc" || text == "s+c") return VerbalizeMode::SC;
    return std::nullopt;
}

namespace {

std::string concepts_text(const VerbalizeInput& input) {
    std::string out;
    for (const auto& c : input.concepts) out += (out.empty() ? "" : ", ") + c;
    return out.empty() ? std::string("(none)") : out;
}

// {"description": non-empty string}.
std::string check_description(const json& a) {
    auto d = a.find("description");
    if (d == a.end()) return "the object has no \"description\"";
    if (!d->is_string()) return "\"description\" must be a string";
    if (d->get<std::string>().find_first_not_of(" \t\r\n") == std::string::npos)
        return "\"description\" is empty";
    return {};
}

// {"complete": bool, "feedback": [string, …]}.
std::string check_critique(const json& a) {
    auto c = a.find("complete");
    if (c == a.end() || !c->is_boolean()) return "\"complete\" must be true or false";
    auto f = a.find("feedback");
    if (f == a.end() || !f->is_array()) return "\"feedback\" must be an array of strings";
    for (const auto& item : *f)
        if (!item.is_string()) return "\"feedback\" must be an array of strings";
    return {};
}

}  // namespace

std::string strategy_input_text(const VerbalizeInput& input, VerbalizeMode mode) {
    std::string out;
    if (mode != VerbalizeMode::C)
        out +=
            "The engine's strategy tree (JSON; keys are moves in SAN, nested by ply; {} ends a "
            "line), " +
            std::to_string(input.plies) + " plies:\n" + input.tree.dump();
    if (mode != VerbalizeMode::S) {
        if (!out.empty()) out += "\n";
        out += "The puzzle's concepts: " + concepts_text(input);
    }
    return out;
}

VerbalizeResult verbalize(const LlmClient& client, const PromptLibrary& prompts,
                          const VerbalizeInput& input, VerbalizeMode mode, int refine,
                          const CallContext& context) {
    VerbalizeResult r;
    // One model call on a prompt file, checked by `validate`; false and r.error on failure.
    auto ask = [&](const char* prompt, const PromptValues& values, AnswerValidator validate,
                   const std::string& step, json& answer) {
        ChatRequest req;
        req.validate = std::move(validate);
        ChatResult res = chat_prompt(client, prompts, prompt, values, std::move(req), context);
        r.requests += res.requests;
        if (!res.ok) {
            r.error = step + ": " + res.error;
            r.kind = res.kind;
            return false;
        }
        answer = std::move(res.answer);
        return true;
    };

    PromptValues values = {{"fen", input.fen}, {"side", input.side}};
    const char* prompt = "verbalize_s";
    if (mode != VerbalizeMode::C) {
        values["plies"] = std::to_string(input.plies);
        values["tree_json"] = input.tree.dump();
    }
    if (mode != VerbalizeMode::S) values["concepts"] = concepts_text(input);
    if (mode == VerbalizeMode::C) prompt = "verbalize_c";
    if (mode == VerbalizeMode::SC) prompt = "verbalize_sc";

    json answer;
    if (!ask(prompt, values, check_description, "description", answer)) return r;
    r.description = answer["description"].get<std::string>();

    const std::string material = strategy_input_text(input, mode);
    for (int round = 1; round <= refine; ++round) {
        const std::string step = "refine round " + std::to_string(round);
        json critique;
        if (!ask("critic",
                 {{"fen", input.fen},
                  {"side", input.side},
                  {"strategy_input", material},
                  {"description", r.description}},
                 check_critique, step + " (critic)", critique))
            return r;
        VerbalizeRound vr;
        vr.complete = critique["complete"].get<bool>();
        for (const auto& f : critique["feedback"]) vr.feedback.push_back(f.get<std::string>());
        if (vr.complete) {
            r.rounds.push_back(std::move(vr));
            break;
        }
        std::string feedback;
        for (const auto& f : vr.feedback) feedback += "- " + f + "\n";
        if (feedback.empty()) feedback = "- (no details given)\n";
        json rewritten;
        if (!ask("rewrite",
                 {{"fen", input.fen},
                  {"side", input.side},
                  {"strategy_input", material},
                  {"description", r.description},
                  {"feedback", feedback}},
                 check_description, step + " (rewrite)", rewritten))
            return r;
        vr.description = rewritten["description"].get<std::string>();
        r.description = vr.description;
        r.rounds.push_back(std::move(vr));
    }
    r.ok = true;
    return r;
}

nlohmann::ordered_json verbalize_output(const VerbalizeInput& input, VerbalizeMode mode,
                                        const VerbalizeResult& result) {
    nlohmann::ordered_json out;
    out["fen"] = input.fen;
    out["side"] = input.side;
    out["mode"] = verbalize_mode_name(mode);
    out["description"] = result.description;
    out["tree"] = input.tree.is_object() ? input.tree : nlohmann::ordered_json();
    out["concepts"] = input.concepts;
    out["rounds"] = nlohmann::ordered_json::array();
    int n = 0;
    for (const auto& vr : result.rounds) {
        nlohmann::ordered_json j;
        j["round"] = ++n;
        j["complete"] = vr.complete;
        j["feedback"] = vr.feedback;
        if (!vr.complete) j["description"] = vr.description;
        out["rounds"].push_back(std::move(j));
    }
    if (!result.ok) out["error"] = result.error;
    return out;
}

}  // namespace glossfish::verifier
