// Claims about a position and their verdicts. A sub-claim is a predicate with arguments that
// holds (or not) after a move sequence from the given position; an atom is one statement made
// of sub-claims and is correct only when every sub-claim is verified true. Board predicates are
// decided by BoardTools, engine predicates through the ToolSuite (and its Analyzer). Every
// verdict carries the facts used as evidence and, when false, an error category.
//
// Claims JSON (parse_claims):
//   {"fen": F?, "move": M?, "stance": "good"|"bad"|"inconclusive"?,
//    "atoms": [{"text": T?, "claims": [{"predicate": P, "args": {...}?, "moves": [..]?,
//                                       "negated": bool?}, ...]}, ...]}
// A bare array is read as the atoms list.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/quality.h"
#include "host/cancel.h"
#include "rules/position.h"
#include "settings/settings.h"

namespace glossfish::verifier {

class ToolSuite;

// Why a false sub-claim is wrong (the research note's taxonomy).
enum class ErrorCategory {
    BoardComprehension,
    Legality,
    QualityEvaluation,
    TacticalReasoning,
    Other
};
// "board_comprehension", "legality", "quality_evaluation", "tactical_reasoning", "other".
const char* category_name(ErrorCategory c);

// A sub-claim's truth, and the truth of a chain's propositions and edges (chains.h).
enum class Truth { True, False, Unverifiable };
const char* truth_name(Truth t);  // "true", "false", "unverifiable"
std::optional<Truth> parse_truth(std::string_view text);

// An atom's verdict from its sub-claims' truths: the one vocabulary of verify's reports, the
// judge's atoms and sentences, and LLM comments.
enum class Verdict { Correct, Incorrect, PartlyVerified, Unverifiable };
const char* verdict_name(Verdict v);  // "correct", "incorrect", "partly_verified", "unverifiable"
std::optional<Verdict> parse_verdict(std::string_view text);
// As ACT-Eval: correct when every sub-claim is verified true, incorrect when one is false,
// partly verified when some are true and the others undecided, unverifiable when none is decided.
Verdict verdict_of_counts(int verifiable, int failed, int unverified);

// The commentary's stance on the played move.
enum class Stance { Good, Bad, Inconclusive };
const char* stance_name(Stance s);  // "good", "bad", "inconclusive"
std::optional<Stance> parse_stance(std::string_view text);

struct SubClaim {
    std::string predicate;
    nlohmann::json args = nlohmann::json::object();
    std::vector<std::string> moves;  // played from the given position first (SAN or UCI)
    bool negated = false;
};

struct Atom {
    std::string text;
    std::vector<SubClaim> claims;
};

// A parsed claims document.
struct ClaimsDoc {
    std::optional<std::string> fen, move;
    std::optional<Stance> stance;  // given explicitly; else derived from the claims
    std::vector<Atom> atoms;
};

// A parse failure: where (a JSON path such as "atoms[1].claims[0].args.square") and why.
struct ClaimsError {
    std::string path, message;
    std::string text() const { return path.empty() ? message : path + ": " + message; }
};

struct ClaimsParse {
    std::optional<ClaimsDoc> doc;
    std::optional<ClaimsError> error;
    bool ok() const { return doc.has_value(); }
};

// Reads claims JSON text / a JSON value. Checks shapes, predicate names, argument names,
// types and syntax (squares, files, colours, piece types, labels); moves are checked against
// the position only when verified.
ClaimsParse parse_claims(std::string_view text);
ClaimsParse parse_claims_json(const nlohmann::json& j);
// Checks one sub-claim the same way; the error path is relative to it.
std::optional<ClaimsError> check_sub_claim(const SubClaim& c);

// The claim as JSON: {"predicate","args","moves","negated"}.
nlohmann::json sub_claim_json(const SubClaim& c);

// The rule of wins_material / loses_material: whether a net gain (or loss) of `got` cp, with a
// piece worth `biggest` among what changed hands, amounts to `amount`: as much or more, or for a
// piece or more also one pawn less when that piece itself went ("wins a piece" when a pawn
// comes back). The reasons of labels use it too, so that they say only what the verifier passes.
bool material_enough(int got, int amount, int biggest);

// One predicate's declaration.
struct PredicateInfo {
    std::string name;
    ErrorCategory category;
    bool engine;  // needs (or may need) a search
    std::string summary;
};
// Every predicate, in documentation order.
const std::vector<PredicateInfo>& predicates();
const PredicateInfo* find_predicate(std::string_view name);

struct SubVerdict {
    SubClaim claim;
    Truth result = Truth::Unverifiable;
    std::string reason;  // one sentence: why true / false / unverifiable
    nlohmann::json evidence = nlohmann::json::object();  // the tool facts used
    std::optional<ErrorCategory> category;               // when false
};

struct AtomVerdict {
    std::string text;
    std::vector<SubVerdict> claims;
    int verifiable = 0, failed = 0;  // sub-claims true or false, and false
    int unverified = 0;              // sub-claims no tool could decide
    bool is_verifiable() const { return verifiable > 0; }
    // As ACT-Eval: correct only when every sub-claim is verified true.
    bool correct() const { return verifiable > 0 && failed == 0 && unverified == 0; }
    // Some sub-claims true, the others undecided: verifiable but not correct.
    bool partly_verified() const { return verifiable > 0 && failed == 0 && unverified > 0; }
    Verdict verdict() const { return verdict_of_counts(verifiable, failed, unverified); }
    std::optional<ErrorCategory> category;  // of the first false sub-claim
};

struct VerifyOptions {
    int depth = DefaultAnalysisDepth;             // engine predicates' search depth
    QualityScheme scheme = DefaultQualityScheme;  // quality_label's default scheme (lichess)
    const CancelToken* cancel = nullptr;          // stops the engine predicates' searches
    // The move that led to the position, when the game is known (a PGN, a Session): whether it
    // captured, and where (NoSquare: it captured nothing). `recaptures` reads it; without it,
    // a position alone, `recaptures` asks that the mover was behind in material before.
    bool previous_known = false;
    Square previous_capture = NoSquare;
};

// The verify options of these settings: engine predicates at analysis_depth, labels by the
// quality scheme (the same on every surface).
VerifyOptions verify_options(const Settings& settings);

// The verdicts of one position's claims.
struct PositionVerdict {
    std::string fen;
    std::optional<std::string> move;  // the commented move (SAN), when given
    std::vector<AtomVerdict> atoms;
    Stance stance = Stance::Inconclusive;
    std::optional<QualityLabel> engine_label;  // the played move's label, when searched
    // The reasons of that label (verifier/explain: reason JSON), when the lichess label the
    // reasons explain is engine_label; else empty.
    nlohmann::json engine_reasons = nlohmann::json::array();
};

class ClaimVerifier {
public:
    // tools answers engine predicates (board-only suite: they are unverifiable).
    ClaimVerifier(const ToolSuite& tools, VerifyOptions options = {});

    // Root must be valid. Never throws.
    SubVerdict verify(const Position& root, const SubClaim& claim) const;
    AtomVerdict verify(const Position& root, const Atom& atom) const;
    // All atoms of doc from root; the stance is doc's or derived; with a move and an engine,
    // the played move is labelled once for the metrics (engine_label).
    PositionVerdict verify(const Position& root, const ClaimsDoc& doc) const;

private:
    const ToolSuite& tools_;
    VerifyOptions options_;
};

// The stance a sub-claim takes on `played` (SAN or UCI from root), if it speaks about it.
std::optional<Stance> claim_stance(const Position& root, const SubClaim& c,
                                   std::string_view played);
// Bad if any claim takes a bad stance, else good if any takes a good one, else inconclusive.
Stance derive_stance(const Position& root, const std::vector<Atom>& atoms, std::string_view played);

nlohmann::json verdict_json(const SubVerdict& v);
// {"text","result":"correct|incorrect|partly_verified|unverifiable","category","verifiable",
//  "failed","unverified","claims"}
nlohmann::json verdict_json(const AtomVerdict& v);
// {"fen","move","stance","engine_label","atoms":[...]}
nlohmann::json verdict_json(const PositionVerdict& v);

}  // namespace glossfish::verifier
