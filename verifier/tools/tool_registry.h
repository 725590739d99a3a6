// The tool table. Each tool declares its name, description and arguments once; the same
// declaration validates every call and produces the exported JSON schema, so the two
// cannot drift. Handlers read their arguments through ToolCall, which parses FENs (with a
// per-thread cache), squares, colours and moves, and throws ToolError on bad values.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analysis/quality.h"
#include "host/analyzer.h"
#include "rules/position.h"
#include "settings/settings.h"

namespace glossfish::verifier {

// How an argument is typed in JSON and read by the handler.
enum class ArgType {
    String,   // free text, or one of `choices`
    Integer,  // whole number within [minimum, maximum]
    Number,   // any number within [minimum, maximum]
    Boolean,
    Fen,            // a position; must be valid (status is the one tool that reports invalid FENs)
    Square,         // "e4"
    File,           // "a" … "h"
    Move,           // SAN (lenient: 0-0, e8Q, Ng1-f3, Nf3+) or UCI (g1f3, e7e8q)
    MoveList,       // array of Move strings, played in order
    Color,          // "white" | "black"
    PieceType,      // "pawn" | "knight" | "bishop" | "rook" | "queen" | "king"
    Object,         // a JSON object, read whole by the handler
    ObjectOrArray,  // a JSON object or array (verify's claims: {atoms: [...]} or [atoms])
};

struct ArgSpec {
    std::string name = {};
    ArgType type = ArgType::String;
    bool required = false;
    std::string description = {};
    std::optional<double> minimum = {};  // Integer/Number bounds; MoveList item counts
    std::optional<double> maximum = {};
    std::vector<std::string> choices = {};   // String: allowed values
    nlohmann::json default_value = nullptr;  // shown in the schema when not null
};

// A failed call: a stable snake_case code and the exact reason. Thrown inside the verifier
// only; ToolSuite turns it into {"error": {"code", "message", "argument"?}}.
struct ToolError : std::runtime_error {
    std::string code;
    std::string argument;    // the offending argument, when one is to blame
    nlohmann::json details;  // extra facts (e.g. every FEN problem), when not null
    ToolError(std::string code_, const std::string& message, std::string argument_ = {},
              nlohmann::json details_ = nullptr)
        : std::runtime_error(message),
          code(std::move(code_)),
          argument(std::move(argument_)),
          details(std::move(details_)) {}
    nlohmann::json to_json() const;
};

// {"error": {"code": code, "message": message}}.
nlohmann::json error_json(std::string_view code, std::string_view message);

// Gives the engine to engine tools; null when there is none.
using EngineAccess = std::function<Analyzer*()>;

// Adds the verified reasons to a label made on analyzer at limits (the explain library's,
// installed by make_tool_suite); without one, move_quality's labels carry no reasons.
using Explainer = std::function<void(MoveLabel& label, Analyzer& analyzer,
                                     const AnalysisLimits& limits, const CancelToken* cancel)>;

// What the verify tool checks, read from its validated arguments (verify_request).
struct VerifyRequest {
    Position before;
    std::string move;                  // the commented move as given (SAN or UCI), or empty
    std::optional<std::string> text;   // commentary to read, or
    nlohmann::json claims;             // the claims JSON (an object or an array of atoms)
    int depth = DefaultAnalysisDepth;  // the engine predicates' search depth
    QualityScheme scheme = DefaultQualityScheme;
    const CancelToken* cancel = nullptr;
};

// The verify tool's verifier (the service library's, installed by make_tool_suite): the report
// of a request, or ToolError (bad_claims, illegal_move, …). Without one, verify answers
// no_verifier.
using ClaimChecker = std::function<nlohmann::json(const VerifyRequest& request)>;

// What the verbalize tool asks a language model, read from its validated arguments: the
// position (solver to move), the mode ("s", "c" or "sc"), the strategy tree in the compact form
// (nested SAN, moves checked legal; null for mode c), its plies, the concepts, the critic and
// rewrite rounds, and the call's cancel token and seconds.
// The verbalize tool's refine rounds (the paper's 3, at most 10: verifier::PaperRefineRounds and
// MaxRefineRounds of the llm library, which the service checks these against) and its seconds.
inline constexpr int VerbalizeRefineRounds = 3;
inline constexpr int VerbalizeMaxRefineRounds = 10;
inline constexpr int VerbalizeDeadlineSeconds = 300;

struct VerbalizeRequest {
    Position pos;
    std::string mode = "s";
    nlohmann::ordered_json tree;
    int plies = 0;
    std::vector<std::string> concepts;
    int refine = VerbalizeRefineRounds;
    double deadline_s = VerbalizeDeadlineSeconds;
    const CancelToken* cancel = nullptr;
};

// The language model of the verbalize tool (the service library's, installed by
// make_tool_suite): `unavailable` says why no model can be asked (none configured, a bad URL),
// asked before any tree is built; `run` returns the tool's answer or throws ToolError
// (llm_error, cancelled).
struct Verbalizer {
    std::function<std::optional<std::string>()> unavailable;
    std::function<nlohmann::json(const VerbalizeRequest& request)> run;
};

// One call's validated arguments, read by name.
class ToolCall {
public:
    // settings: the suite's (defaults of trees and labels; null: Settings()); explainer: the
    // reasons of move_quality (null: none).
    ToolCall(const nlohmann::json& args, const EngineAccess& engine,
             const AnalysisLimits& default_limits, const CancelToken* cancel = nullptr,
             const Settings* settings = nullptr, const Explainer* explainer = nullptr,
             const ClaimChecker* checker = nullptr, const Verbalizer* verbalizer = nullptr)
        : args_(args),
          engine_(engine),
          default_limits_(default_limits),
          cancel_(cancel),
          settings_(settings),
          explainer_(explainer),
          checker_(checker),
          verbalizer_(verbalizer) {}

    bool has(std::string_view name) const;
    const nlohmann::json& raw(std::string_view name) const;  // null when absent

    // The position of argument `name` (default "fen"). The reference stays valid until the
    // next position() call on this thread; copy it to keep it.
    const Position& position(std::string_view name = "fen") const;
    Square square(std::string_view name) const;
    std::optional<Square> opt_square(std::string_view name) const;
    int file(std::string_view name) const;  // 0 (a) … 7 (h)
    Color color(std::string_view name) const;
    std::optional<Color> opt_color(std::string_view name) const;
    std::optional<PieceType> opt_piece_type(std::string_view name) const;
    const std::string& string(std::string_view name) const;
    int integer(std::string_view name, int fallback) const;
    double number(std::string_view name, double fallback) const;
    bool boolean(std::string_view name, bool fallback) const;
    // A legal move of pos, from SAN or UCI; ToolError (malformed_move, illegal_move,
    // ambiguous_move) otherwise.
    Move move(std::string_view name, const Position& pos) const;
    std::vector<std::string> strings(std::string_view name) const;

    // The engine; ToolError no_engine when the suite has none.
    Analyzer& analyzer() const;
    // The search limits from depth / nodes / movetime, else the suite's default.
    AnalysisLimits limits() const;
    // The same with `fallback` instead of the suite's default (a tree's or a label's limits).
    AnalysisLimits limits(const AnalysisLimits& fallback) const;
    // The suite's settings.
    const Settings& settings() const;
    // The suite's explainer, or null.
    const Explainer* explainer() const { return explainer_; }
    // The suite's claim checker (verify's); ToolError no_verifier when the suite has none.
    const ClaimChecker& checker() const;
    // The suite's language model (verbalize's); ToolError no_llm_endpoint when the suite has none
    // or none can be asked (no endpoint configured, a bad URL).
    const Verbalizer& verbalizer() const;
    // The call's cancel token (null: not cancellable); engine tools hand it to their searches.
    const CancelToken* cancel() const { return cancel_; }
    // Why a cancelled call stopped: its time budget ran out, or it was cancelled.
    std::string cancel_reason() const;

private:
    const nlohmann::json& args_;
    const EngineAccess& engine_;
    const AnalysisLimits& default_limits_;
    const CancelToken* cancel_;
    const Settings* settings_;
    const Explainer* explainer_;
    const ClaimChecker* checker_;
    const Verbalizer* verbalizer_;
};

using ToolHandler = std::function<nlohmann::json(const ToolCall&)>;

struct ToolSpec {
    std::string name = {};
    std::string group = {};        // board, attack, geometry, simulation, engine
    std::string description = {};  // first sentence is the one-line summary
    std::vector<ArgSpec> args = {};
    bool needs_engine = false;
    // Asks a language model (verbalize): never offered to a model as one of its tools.
    bool calls_model = false;
    ToolHandler handler = {};
};

// Another suite's name for one of our tools: ACT-Eval's paper names its tools after
// python-chess (get_piece_at, get_squares, get_attacks), so a model prompted in the paper's words
// calls those. An alias runs its tool through the same call path (ToolSuite::call: the CLI, MCP,
// the plugin and the LLM judge's tool calls), with its arguments renamed to ours first; it is not
// listed in the schema.
struct ToolAlias {
    std::string name;  // the alias, e.g. "get_squares"
    std::string tool;  // our tool, e.g. "pieces"
    // {the alias's argument, ours}, e.g. {"piece_type", "type"}; other arguments pass as given.
    std::vector<std::pair<std::string, std::string>> renames = {};
    std::string source = {};  // who uses the name
};

// Every alias: the one table (tool_registry.cpp).
const std::vector<ToolAlias>& tool_aliases();
// The alias called `name`, or null.
const ToolAlias* find_alias(std::string_view name);
// args (an object, or null for none) with the alias's argument names renamed to ours. Throws
// ToolError bad_arguments when both an argument and its rename are given.
nlohmann::json alias_args(const ToolAlias& alias, const nlohmann::json& args);
// An error of the aliased tool in the alias's words: an argument we renamed is named as the
// caller named it (in "argument" and in the message).
nlohmann::json alias_error(const ToolAlias& alias, nlohmann::json error);

// Checks args against spec: an object, required arguments present, no unknown arguments,
// JSON types (objects and arrays included), ranges, choices, and the syntax of squares, files,
// colours and piece types.
// Throws ToolError (bad_arguments, missing_argument, unknown_argument, bad_argument_type,
// bad_value, bad_square, bad_file).
void validate_args(const ToolSpec& spec, const nlohmann::json& args);

// The OpenAI function-calling entry: {"type":"function","function":{name,description,parameters}}.
nlohmann::json tool_schema(const ToolSpec& spec);

// The first sentence of a description.
std::string summary(const std::string& description);

// Argument declarations used by many tools.
ArgSpec fen_arg();
ArgSpec square_arg(std::string name, std::string description, bool required = true);
ArgSpec move_arg(std::string name = "move", std::string description =
                                                "the move, in SAN (Nf3, O-O, "
                                                "e8=Q) or UCI (g1f3, e1g1, e7e8q)");
ArgSpec color_arg(std::string description, bool required = true);
// depth, nodes, movetime: the engine tools' search limits (the ranges of the settings table).
std::vector<ArgSpec> limit_args();
// The argument of a setting (session/settings.h): its type, range, choices and help from the
// settings table, named `name` (default: the setting's key), described by `description`
// (default: the setting's help), with `settings`' value as its schema default (none for an
// unset optional number).
ArgSpec setting_arg(SettingField field, std::string name = {}, std::string description = {},
                    const Settings& settings = Settings());

// The tool groups, each defined in its own file.
void add_board_tools(std::vector<ToolSpec>& tools);       // board_tools.cpp
void add_attack_tools(std::vector<ToolSpec>& tools);      // attack_tools.cpp
void add_geometry_tools(std::vector<ToolSpec>& tools);    // geometry_tools.cpp
void add_simulation_tools(std::vector<ToolSpec>& tools);  // simulation_tools.cpp
void add_engine_tools(std::vector<ToolSpec>& tools);      // engine_tools.cpp
void add_tree_tools(std::vector<ToolSpec>& tools);        // tree_tool.cpp
void add_motif_tools(std::vector<ToolSpec>& tools);       // motif_tools.cpp
void add_opening_tools(std::vector<ToolSpec>& tools);     // opening_tool.cpp
void add_verify_tools(std::vector<ToolSpec>& tools);      // verify_tool.cpp
void add_verbalize_tools(std::vector<ToolSpec>& tools);   // verbalize_tool.cpp

// verify's arguments read into a request: the position (bad_fen), the move as given, the text or
// the claims (missing_argument when neither is given, bad_arguments when both are), depth and
// scheme (the suite's settings when absent) and the call's cancel token.
VerifyRequest verify_request(const ToolCall& call);

}  // namespace glossfish::verifier
