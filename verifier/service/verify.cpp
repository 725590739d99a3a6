// The verify entry points: claims JSON, commentary text and batch lines into reports.
#include "service/verify.h"

#include "io/input_limits.h"
#include "io/json_line.h"
#include "io/utf8.h"
#include "reader/commentary_reader.h"
#include "rules/notation.h"
#include "tools/board_tools.h"
#include "tools/tool_suite.h"

namespace glossfish::verifier {

nlohmann::json verification_report(const PositionVerdict& v,
                                   const std::vector<ReadSentence>& sentences) {
    nlohmann::json out = verdict_json(v);
    nlohmann::json unread = nlohmann::json::array(), partly = nlohmann::json::array();
    for (const ReadSentence& s : sentences) {
        nlohmann::json clauses = nlohmann::json::array();
        for (const UnreadClause& c : s.unread_clauses)
            clauses.push_back({{"text", c.text}, {"reason", c.reason}});
        if (!s.read())
            unread.push_back({{"text", s.text},
                              {"reason", s.unread_reason},
                              {"context", s.context},
                              {"clauses", clauses}});
        else if (s.partly_read())
            partly.push_back({{"text", s.text}, {"context", s.context}, {"clauses", clauses}});
    }
    out["unread"] = unread;
    out["partly_read"] = partly;
    Metrics m = compute_metrics(record_of(v));
    nlohmann::json mj = metrics_json(m);
    mj["text"] = metrics_line(m);
    out["metrics"] = mj;
    return out;
}

namespace {

// The commented move of `before`, as SAN; an error in out when it cannot be played.
std::optional<std::string> check_move(const Position& before, std::string_view move,
                                      VerifyOutcome& out) {
    if (move.empty()) return std::nullopt;
    MoveParse mp = parse_move_text(before, move);
    if (!mp.ok()) {
        out.code = move_error_code(mp.error);
        out.error = "the move " + mp.named(move);
        out.argument = "move";
        return std::nullopt;
    }
    return move_to_san(before, mp.move);
}

VerifyOutcome rejected(std::string code, std::string error, std::string argument) {
    VerifyOutcome out;
    out.code = std::move(code);
    out.error = std::move(error);
    out.argument = std::move(argument);
    return out;
}

}  // namespace

VerifyOutcome verify_claims(const ClaimVerifier& verifier, const Position& before,
                            std::string_view move, std::string_view claims_json) {
    VerifyOutcome out;
    ClaimsParse parse = parse_claims(claims_json);
    if (!parse.ok()) return rejected("bad_claims", "bad claims: " + parse.error->text(), "claims");
    ClaimsDoc doc = std::move(*parse.doc);
    Position root = before;
    if (doc.fen) {
        if (FenStatus st = root.set(*doc.fen); !st.ok())
            return rejected("bad_fen", "bad claims: fen: " + st.message(), "claims");
    }
    std::string move_text = doc.move ? *doc.move : std::string(move);
    doc.move = check_move(root, move_text, out);
    if (!out.ok()) return out;
    PositionVerdict v = verifier.verify(root, doc);
    out.report = verification_report(v);
    out.record = record_of(v);
    return out;
}

VerifyOutcome verify_commentary(const ClaimVerifier& verifier, const Position& before,
                                std::string_view move, std::string_view text) {
    VerifyOutcome out;
    if (text.size() > MaxCommentaryText)
        return rejected("bad_value",
                        "the commentary is " + std::to_string(text.size()) +
                            " bytes long, over the limit of " + std::to_string(MaxCommentaryText) +
                            " bytes: " + quote_input(text),
                        "text");
    if (std::string bad = utf8_error(text); !bad.empty())
        return rejected("bad_value", "the commentary is not valid UTF-8: " + bad, "text");
    std::optional<std::string> san = check_move(before, move, out);
    if (!out.ok()) return out;
    CommentaryReading reading = read_commentary(before, san ? *san : std::string(), text);
    PositionVerdict v = verifier.verify(before, reading.doc);
    out.report = verification_report(v, reading.sentences);
    out.record = record_of(v);
    return out;
}

VerifyOutcome verify_request(const ClaimVerifier& verifier, const VerifyRequest& request) {
    return request.text
               ? verify_commentary(verifier, request.before, request.move, *request.text)
               : verify_claims(verifier, request.before, request.move, request.claims.dump());
}

ClaimChecker claim_checker(const ToolSuite& suite) {
    return [&suite](const VerifyRequest& request) {
        VerifyOptions options = verify_options(suite.settings());
        options.depth = request.depth;
        options.scheme = request.scheme;
        options.cancel = request.cancel;
        const ClaimVerifier verifier(suite, options);
        VerifyOutcome out = verify_request(verifier, request);
        if (request.cancel && request.cancel->cancelled())
            throw ToolError("cancelled", request.cancel->expired()
                                             ? "the tool call ran out of its time budget"
                                             : "the tool call was cancelled");
        if (!out.ok()) throw ToolError(out.code, out.error, out.argument);
        return out.report;
    };
}

VerifyOutcome verify_line(const ClaimVerifier& verifier, std::string_view line,
                          nlohmann::json& id) {
    VerifyOutcome out;
    JsonParse parsed = parse_json_text(line);
    id = parsed.id;  // recovered from a line with bad bytes too
    if (parsed.not_utf8) {
        out.error = "bad_request: " + parsed.error;
        return out;
    }
    const nlohmann::json& j = parsed.value;
    if (!parsed.ok() || !j.is_object()) {
        out.error = "bad_request: a line must be a JSON object {id?, fen, move?, text | claims}";
        return out;
    }
    for (auto it = j.begin(); it != j.end(); ++it)
        if (it.key() != "id" && it.key() != "fen" && it.key() != "move" && it.key() != "text" &&
            it.key() != "claims") {
            out.error = "bad_request: unknown field \"" + it.key() + "\"";
            return out;
        }
    auto fen = j.find("fen");
    if (fen == j.end() || !fen->is_string()) {
        out.error = "bad_request: \"fen\" (a string) is required";
        return out;
    }
    std::string move;
    if (auto m = j.find("move"); m != j.end() && !m->is_null()) {
        if (!m->is_string()) {
            out.error = "bad_request: \"move\" must be a string";
            return out;
        }
        move = m->get<std::string>();
    }
    auto text = j.find("text");
    auto claims = j.find("claims");
    if ((text == j.end()) == (claims == j.end())) {
        out.error = "bad_request: give exactly one of \"text\" and \"claims\"";
        return out;
    }
    Position before;
    if (FenStatus st = before.set(fen->get<std::string>()); !st.ok()) {
        out.error = "bad_fen: " + st.message();
        return out;
    }
    if (text != j.end()) {
        if (!text->is_string()) {
            out.error = "bad_request: \"text\" must be a string";
            return out;
        }
        return verify_commentary(verifier, before, move, text->get<std::string>());
    }
    return verify_claims(verifier, before, move, claims->dump());
}

}  // namespace glossfish::verifier
