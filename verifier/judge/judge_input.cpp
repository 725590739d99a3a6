// One judge record line read into a JudgeInput.

#include "io/input_limits.h"
#include "io/json_line.h"
#include "io/utf8.h"
#include "judge/judge.h"
#include "rules/notation.h"
#include "tools/board_tools.h"

namespace glossfish::verifier {

using nlohmann::json;

std::optional<JudgeInput> parse_judge_line(std::string_view line, std::size_t number,
                                           std::string* error) {
    JudgeInput in;
    in.line = number;
    JsonParse parsed = parse_json_text(line);
    if (!parsed.ok()) {
        *error = "bad JSON: " + parsed.detail;
        return std::nullopt;
    }
    json j = std::move(parsed.value);
    if (!j.is_object()) {
        *error = "not a JSON object";
        return std::nullopt;
    }
    if (j.contains("id")) in.id = j["id"];
    for (const char* key : {"fen", "move"})
        if (!j.contains(key) || !j[key].is_string()) {
            *error = std::string("\"") + key + "\" must be a string";
            return std::nullopt;
        }
    in.fen = j["fen"].get<std::string>();
    in.move = j["move"].get<std::string>();
    Position pos;
    if (FenStatus st = pos.set(in.fen); !st.ok()) {
        *error = "bad FEN: " + st.message();
        return std::nullopt;
    }
    MoveParse mp = parse_move_text(pos, in.move);
    if (!mp.ok()) {
        *error = "move " + mp.named(in.move);
        return std::nullopt;
    }
    const bool has_claims = j.contains("atoms") || j.contains("claims");
    if (j.contains("commentary")) {
        if (!j["commentary"].is_string()) {
            *error = "\"commentary\" must be a string";
            return std::nullopt;
        }
        in.commentary = j["commentary"].get<std::string>();
        if (in.commentary.size() > MaxCommentaryText) {
            *error = "\"commentary\" is " + std::to_string(in.commentary.size()) +
                     " bytes long, over the limit of " + std::to_string(MaxCommentaryText) +
                     " bytes";
            return std::nullopt;
        }
    } else if (!has_claims) {
        *error = "\"commentary\" is missing (or give \"atoms\")";
        return std::nullopt;
    }
    if (j.contains("reference") && !j["reference"].is_null()) {
        if (!j["reference"].is_string()) {
            *error = "\"reference\" must be a string";
            return std::nullopt;
        }
        in.reference = j["reference"].get<std::string>();
        if (in.reference->size() > MaxCommentaryText) {
            *error = "\"reference\" is " + std::to_string(in.reference->size()) +
                     " bytes long, over the limit of " + std::to_string(MaxCommentaryText) +
                     " bytes";
            return std::nullopt;
        }
    }
    if (j.contains("gold_atoms") && !j["gold_atoms"].is_null()) {
        if (!j["gold_atoms"].is_array()) {
            *error = "\"gold_atoms\" must be an array";
            return std::nullopt;
        }
        for (std::size_t i = 0; i < j["gold_atoms"].size(); ++i) {
            const json& g = j["gold_atoms"][i];
            const std::string at = "gold_atoms[" + std::to_string(i) + "]";
            if (g.is_object()) {
                if (!g.contains("text") || !g["text"].is_string()) {
                    *error = at + ": needs a \"text\" string";
                    return std::nullopt;
                }
                if (g.contains("claims")) {
                    ClaimsParse cp = parse_claims_json(json::array({g}));
                    if (!cp.ok()) {
                        *error = at + ": " + cp.error->text();
                        return std::nullopt;
                    }
                }
            } else if (!g.is_string()) {
                *error = at + ": must be a string or {\"text\", \"claims\"?}";
                return std::nullopt;
            }
            in.gold.push_back(g);
        }
    }
    if (has_claims) {
        const json doc = j.contains("claims") ? j["claims"] : json{{"atoms", j["atoms"]}};
        ClaimsParse cp = parse_claims_json(doc);
        if (!cp.ok()) {
            *error = (j.contains("claims") ? "claims: " : "") + cp.error->text();
            return std::nullopt;
        }
        in.claims = std::move(cp.doc);
    }
    return in;
}

}  // namespace glossfish::verifier
