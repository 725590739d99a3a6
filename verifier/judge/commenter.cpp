// Grounded commentary (commentary.h).
#include "judge/commenter.h"

#include "reader/commentary_reader.h"
#include "rules/notation.h"
#include "tools/board_tools.h"
#include "tools/tool_suite.h"

namespace glossfish::verifier {

using nlohmann::json;

CommentResult comment_on(const LlmClient& client, const PromptLibrary& prompts,
                         const ToolSuite& tools, const Position& before, std::string_view move,
                         VerifyOptions options, const CallContext& context) {
    CommentResult out;
    if (!client.config().configured()) {
        out.error = NoLlmEndpointMessage;
        return out;
    }
    MoveParse mp = parse_move_text(before, move);
    if (!mp.ok()) {
        out.error = "move " + mp.named(move);
        return out;
    }
    const std::string san = move_to_san(before, mp.move);
    out.record.fen = before.fen();
    out.record.move = san;
    ChatRequest req;
    req.tools = &tools;
    req.validate = [](const json& a) -> std::string {
        if (!a.is_object() || !a.contains("commentary") || !a["commentary"].is_string() ||
            a["commentary"].get<std::string>().find_first_not_of(" \t\r\n") == std::string::npos)
            return "the answer must be an object with a non-empty \"commentary\" string";
        return {};
    };
    ChatResult r = chat_prompt(
        client, prompts, "comment",
        {{"fen", before.fen()}, {"side", prompt_side(before.side_to_move())}, {"move", san}}, req,
        context);
    out.requests += r.requests;
    out.tool_calls = r.tool_calls;
    if (!r.ok) {
        out.error = std::string("commentary generation failed (") + llm_error_kind_name(r.kind) +
                    "): " + r.error;
        return out;
    }
    out.commentary = r.answer["commentary"].get<std::string>();
    out.sentences = split_sentences(out.commentary);
    JudgeOptions jo;
    jo.decomposer = Decomposer::Llm;
    jo.verify = options;
    jo.chains = false;  // the commentary's claims are what is checked here
    Judge judge(tools, &client, &prompts, jo);
    JudgeInput input;
    input.fen = before.fen();
    input.move = san;
    input.commentary = out.commentary;
    out.record = judge.judge(input, context);
    out.requests += out.record.requests;
    if (!out.record.ok()) {
        out.error = out.record.error;
        return out;
    }
    out.ok = true;
    return out;
}

Verdict sentence_verdict(const JudgedRecord& record, int sentence) {
    bool correct = false;
    for (const auto& a : record.atoms) {
        if (a.sentence != sentence) continue;
        if (a.verdict == Verdict::Incorrect) return Verdict::Incorrect;
        if (a.verdict == Verdict::Correct) correct = true;
    }
    return correct ? Verdict::Correct : Verdict::Unverifiable;
}

namespace {

void verified_and_dropped(const CommentResult& r, json& j) {
    json verified = json::array(), dropped = json::array();
    for (const auto& a : r.record.atoms)
        (a.verdict == Verdict::Correct ? verified : dropped).push_back(a.text);
    j["verified"] = verified;
    j["dropped"] = {{"count", dropped.size()}, {"texts", dropped}};
}

}  // namespace

json comment_json(const CommentResult& r) {
    json j = {{"fen", r.record.fen},
              {"move", r.record.move},
              {"commentary", r.commentary},
              {"requests", r.requests},
              {"tool_calls", r.tool_calls.size()}};
    if (!r.ok) {
        j["error"] = r.error;
        return j;
    }
    const json judged = judged_json(r.record);
    json sentences = json::array();
    for (std::size_t i = 0; i < r.sentences.size(); ++i) {
        json atoms = json::array();
        for (std::size_t k = 0; k < r.record.atoms.size(); ++k)
            if (r.record.atoms[k].sentence == int(i) + 1) atoms.push_back(judged["atoms"][k]);
        sentences.push_back({{"text", r.sentences[i]},
                             {"verdict", verdict_name(sentence_verdict(r.record, int(i) + 1))},
                             {"atoms", atoms}});
    }
    j["sentences"] = sentences;
    verified_and_dropped(r, j);
    j["stance"] = judged["stance"];
    j["engine_label"] = judged["engine_label"];
    j["warnings"] = judged["warnings"];
    return j;
}

json comment_info(const CommentResult& r) {
    json j = {{"move", r.record.move}};
    verified_and_dropped(r, j);
    std::string text = r.record.move + ":";
    for (const auto& v : j["verified"]) text += " " + v.get<std::string>() + ".";
    const std::size_t dropped = j["dropped"]["count"].get<std::size_t>();
    if (dropped)
        text += " (" + std::to_string(dropped) + " unverified claim" + (dropped == 1 ? "" : "s") +
                " dropped)";
    j["text"] = text;
    return j;
}

}  // namespace glossfish::verifier
