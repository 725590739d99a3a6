// The verify tool: claims or commentary about a position and its move, checked by the suite's
// claim checker (the service library's verifier, installed by make_tool_suite).
#include "tools/tool_registry.h"

namespace glossfish::verifier {

namespace {

// Every argument is checked before the checker is asked for.
nlohmann::json verify_tool(const ToolCall& call) {
    const VerifyRequest request = verify_request(call);
    return call.checker()(request);
}

}  // namespace

VerifyRequest verify_request(const ToolCall& call) {
    const bool text = call.has("text"), claims = call.has("claims");
    if (!text && !claims)
        throw ToolError("missing_argument",
                        "give text (commentary to read) or claims (the claims JSON) to verify",
                        "text");
    if (text && claims)
        throw ToolError("bad_arguments", "give text or claims to verify, not both", "claims");
    VerifyRequest r;
    r.before = call.position();
    if (text) r.text = call.string("text");
    else r.claims = call.raw("claims");
    // The move is played from fen unless the claims bring their own fen or move.
    const bool own =
        r.claims.is_object() && (r.claims.contains("fen") || r.claims.contains("move"));
    if (call.has("move")) {
        if (!own) call.move("move", r.before);  // ToolError illegal_move, malformed_move, …
        r.move = call.string("move");
    }
    r.depth = call.integer("depth", call.settings().analysis_depth);
    r.scheme = call.has("scheme") ? parse_scheme(call.string("scheme")).value()
                                  : call.settings().quality_scheme;
    r.cancel = call.cancel();
    return r;
}

void add_verify_tools(std::vector<ToolSpec>& tools) {
    tools.push_back({
        .name = "verify",
        .group = "claims",
        .description =
            "Checks claims or commentary about a position and the move played from it against "
            "the board and the engine. Give `text` (English commentary, read into claims by the "
            "deterministic reader) or `claims` (the claims JSON of docs/claims.md: an object "
            "{atoms: [{text, claims: [{predicate, args, moves, negated}]}]} or a bare array of "
            "atoms; fen and move inside it replace the arguments). Returns {fen, move, stance, "
            "engine_label, atoms: [{text, result (correct, incorrect, unverifiable), category, "
            "claims: [{predicate, result, reason, evidence}]}], unread, partly_read, metrics}.",
        .args = {fen_arg(),
                 {.name = "move",
                  .type = ArgType::Move,
                  .description = "the commented move, SAN or UCI, played from fen"},
                 {.name = "text",
                  .type = ArgType::String,
                  .description = "commentary to read and verify (or give claims)"},
                 {.name = "claims",
                  .type = ArgType::ObjectOrArray,
                  .description = "the claims JSON: {atoms: [...]} or an array of atoms (or give "
                                 "text)"},
                 setting_arg(&Settings::analysis_depth, "depth",
                             "search depth of the engine predicates"),
                 setting_arg(&Settings::quality_scheme, "scheme",
                             "label thresholds: lichess (what lichess.org shows) or act-eval")},
        .needs_engine = true,
        .handler = verify_tool,
    });
}

}  // namespace glossfish::verifier
