// The commentary judge: reads records {id, fen, move, commentary, gold_atoms?, atoms?|claims?,
// reference?}, splits each commentary into contextual atoms (a language model with the
// decomposition prompt, or the deterministic reader), verifies each atom (deterministically when it
// has sub-claims in the claims.h form, otherwise with a tool-calling language-model judge that must
// use the tools), matches the gold atoms, extracts the commentary's stance on the move and scores
// it all with metrics.h: factual precision, sub-claim error rate, atomic recall and move-quality
// F1, plus a split of the units into descriptive / analytical / background where descriptive units
// are also scored against the events the move really produced.
//
// Everything blocks; nothing throws. A record that cannot be read (bad JSON, bad FEN, illegal
// move, missing field) or whose decomposition fails is returned as an error naming its line.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "claims/claims.h"
#include "claims/metrics.h"
#include "judge/chains.h"
#include "llm/llm_client.h"
#include "llm/prompts.h"
#include "rules/position.h"

namespace glossfish::verifier {

class ToolSuite;

// What a commentary unit talks about: what the move itself did (descriptive), evaluations,
// plans, threats and variations (analytical), or general knowledge and history (background).
enum class UnitType { Descriptive, Analytical, Background };
const char* unit_type_name(UnitType t);  // "descriptive", "analytical", "background"
std::optional<UnitType> parse_unit_type(std::string_view text);

// The events a legal move produces, from the rules core (BoardTools::move_facts).
struct MoveEvents {
    bool capture = false, check = false, castling = false, promotion = false, mate = false;
    int material_change = 0;  // the mover's material gain in points (P1 N3 B3 R5 Q9)
};
MoveEvents move_events(const Position& before, Move m);
// {"capture","check","castling","promotion","mate","material_change"}
nlohmann::json events_json(const MoveEvents& e);

// The events a unit's text says the move produced, by keyword: "capture" (captures, takes,
// recaptures), "check" (check, not checkmate), "mate" (mate, checkmate), "castling" (castles,
// O-O), "promotion" (promotes, queens, =Q), "material" (wins material / a pawn / the
// exchange / a piece). In this order, each once.
std::vector<std::string> mentioned_events(std::string_view text);
// Whether event (a name above) happened.
bool event_happened(const MoveEvents& e, std::string_view event);
// The events that happened, as names above in that order ("check" left out when "mate" is in).
std::vector<std::string> produced_events(const MoveEvents& e);
// Descriptive recall of one record: the events expected (the move's events from the board, or
// the reference commentary's when the record has one), and of those named by a descriptive unit.
// Pooled over records, reference_records says how many had a reference.
struct EventRecall {
    int produced = 0, mentioned = 0;
    int records = 0, reference_records = 0;
};
// The events a reference commentary names as happening with the move: the commentary reader
// splits it into sentences, and each sentence the rules type descriptive (rules_unit_type)
// contributes the events its text names (mentioned_events) and those its sub-claims state
// (captures: capture, gives_check / checks: check, mates: mate). Names as above, in that order,
// each once.
std::vector<std::string> reference_events(const Position& before, const std::string& move_san,
                                          const std::string& reference);

// The type of a unit from the reader's recognised form. A unit with sub-claims is descriptive
// when it has no move context after the played move and every sub-claim is a board fact about
// the position right after it (occupies, attacks, defends, pins, checks, gives_check, mates,
// captures, can_capture, is_legal, opens_file, open_file, opens_line, controls, passed_pawn,
// undefended; moves empty or just the played move; a "move" argument only the played move),
// else analytical. A unit without sub-claims (unread) is descriptive when it names an event
// and has no context, background when it speaks of castling rights (background.h, before the
// event test), of openings, theory, history, players or years, or names an opening of the table
// or an ECO code, else analytical.
UnitType rules_unit_type(std::string_view text, const std::vector<std::string>& context,
                         const std::vector<SubClaim>& claims, std::string_view played_san);

// One input record.
struct JudgeInput {
    std::size_t line = 0;  // 1-based line number in the input
    nlohmann::json id;     // as given (null when absent)
    std::string fen, move, commentary;
    // Gold atoms: each a string, or {"text", "claims"?: [sub-claims]}.
    std::vector<nlohmann::json> gold;
    std::optional<ClaimsDoc> claims;  // "atoms" / "claims" given: verified deterministically
    // "reference": a reference commentary of the move (a human's, say): descriptive recall is
    // then measured against the events it names (reference_events) instead of the board's.
    std::optional<std::string> reference;
};

// Reads one JSONL line. Empty with *error set (without the line number) when it is not a JSON
// object, lacks fen / move / commentary (commentary may be absent when atoms are given), has
// a bad FEN, an illegal move, malformed gold atoms or malformed claims.
std::optional<JudgeInput> parse_judge_line(std::string_view line, std::size_t number,
                                           std::string* error);

// One judged unit.
struct JudgedAtom {
    std::string text;
    std::vector<std::string> context;  // moves after the played move it assumes
    UnitType type = UnitType::Analytical;
    std::string method;  // "claims" (given), "rules" (the reader), "llm" (the tool-calling judge)
    std::vector<SubClaim> claims;             // the claims.h sub-claims (claims / rules)
    nlohmann::json subclaims;                 // the LLM's free-text sub-claims (llm)
    AtomOutcome outcome;                      // sub-claims verifiable / failed
    Verdict verdict = Verdict::Unverifiable;  // verdict_name in the JSON
    nlohmann::json detail;      // verdict_json (claims / rules) or the judge's answer (llm)
    std::string error;          // the LLM judge failed: why (the atom is unverifiable)
    std::string unread_reason;  // rules: why the reader found no claim
    int sentence = 0;           // 1-based sentence of the commentary it comes from, 0: unknown
    // Descriptive units: the events the text mentions and how many of them happened.
    std::vector<std::string> events;
    std::optional<AtomOutcome> event_outcome;
};

enum class Decomposer { Llm, Rules };

struct JudgeOptions {
    Decomposer decomposer = Decomposer::Llm;
    VerifyOptions verify;  // depth and scheme of the engine predicates and the engine label
    // When > 0, the model requests of one record end within this many seconds (LlmConfig's
    // deadline, set anew for each record): a hanging server costs a record, not the batch.
    double record_deadline_s = 0;
    // Judge the reasoning chains of the analytical units (chains.h); `comment` does without.
    bool chains = true;
    // When set (`judge --gold ideas`), the gold atoms of every record are what this returns for
    // the played move, each {"text", "claims"} — the verified ideas of the move (explain/ideas.h)
    // — instead of the record's "gold_atoms".
    std::function<std::vector<nlohmann::json>(const Position& before, Move move)> gold_atoms;
    std::string gold_source = "given";  // "given" or "ideas": reported in each record
};

struct JudgedRecord {
    std::size_t line = 0;
    nlohmann::json id;
    std::string error;      // non-empty: the record was skipped
    std::string fen, move;  // move in SAN
    std::string commentary;
    std::vector<JudgedAtom> atoms;
    Stance stance = Stance::Inconclusive;
    std::string stance_source;  // "llm", "rules" or "given"
    std::string stance_quote;   // the LLM's deciding words
    std::optional<QualityLabel> engine_label;
    QualityScheme scheme = DefaultQualityScheme;  // the scheme of engine_label (MQ-F1's labels)
    nlohmann::json engine_reasons = nlohmann::json::array();  // why engine_label (reason JSON)
    MoveEvents events;
    std::vector<nlohmann::json> gold;  // as given
    // Per gold atom: the 1-based atoms that match it. Recall counts a gold atom only when one of
    // them was verified correct (gold_covered).
    std::vector<std::vector<int>> matches;
    std::string match_method;              // "llm", "rules" or "" (no gold atoms)
    std::string gold_source = "given";     // where gold came from: "given" or "ideas"
    std::vector<std::string> warnings;     // LLM steps that failed and were worked around
    int requests = 0;                      // HTTP requests to the model
    ChainAnalysis chains;                  // the reasoning chains of the analytical units
    std::optional<std::string> reference;  // the input's reference commentary
    // The events the reference names (reference_events): descriptive recall's expected events
    // when set, else the board's (produced_events).
    std::optional<std::vector<std::string>> reference_events;
    bool ok() const { return error.empty(); }
    // The atoms of matches[g] that were verified correct (1-based).
    std::vector<int> correct_matches(std::size_t g) const;
    // Whether gold atom g counts for recall: a generated atom matching it was verified correct.
    bool gold_covered(std::size_t g) const { return !correct_matches(g).empty(); }
};

class Judge {
public:
    // client/prompts may be null (no endpoint): then Decomposer::Llm records fail with
    // NoLlmEndpointMessage and everything else runs deterministically. tools answers the
    // deterministic predicates and the LLM judge's tool calls.
    Judge(const ToolSuite& tools, const LlmClient* client, const PromptLibrary* prompts,
          JudgeOptions options = {});

    // One record within context (its cancel token, progress and deadline; the record deadline of
    // the options applies when it comes first).
    JudgedRecord judge(const JudgeInput& input, const CallContext& context = {}) const;

    // The steps, also used by `glossfish comment`. Each blocks on the model when it uses it.
    // Splits commentary on move_san from before into atoms (decomposition prompt, or reader).
    // Each step's requests run within call.
    std::vector<JudgedAtom> decompose(const CallContext& call, const Position& before,
                                      const std::string& move_san, const std::string& commentary,
                                      JudgedRecord& rec) const;
    // Verifies atom in place: with claims.h sub-claims (given, the reader's, or "claims" in the
    // model's decomposition) deterministically; a background unit without them against the
    // opening table and the board (background.h: its detail is background_json, and what those
    // cannot check is unverifiable); else with the tool-calling judge.
    void verify(const CallContext& call, const Position& before, const std::string& move_san,
                JudgedAtom& atom, JudgedRecord& rec) const;
    // The reasoning chains of rec's analytical units (chains.h): by the rules, or with the
    // model's prompts when the decomposer is llm and a model is configured (falling back to
    // the rules, with a warning, when extraction fails). rec's atoms must be judged already.
    ChainAnalysis chains(const CallContext& call, const Position& before, JudgedRecord& rec) const;

private:
    bool llm() const { return client_ && prompts_ && client_->config().configured(); }
    void match_gold(const CallContext& call, const Position& before, JudgedRecord& rec) const;
    void extract_stance(const CallContext& call, const Position& before,
                        const std::optional<Stance>& given, JudgedRecord& rec) const;
    void score_events(JudgedAtom& atom, const MoveEvents& events) const;
    ChainAnalysis chains_by_rules(const Position& before, const JudgedRecord& rec) const;
    ChainAnalysis chains_by_llm(const CallContext& call, const Position& before,
                                JudgedRecord& rec) const;

    const ToolSuite& tools_;
    const LlmClient* client_;
    const PromptLibrary* prompts_;
    JudgeOptions options_;
};

// The commentary numbered by sentence for the prompts: "[1] First sentence.\n[2] …".
std::string numbered_sentences(const std::vector<std::string>& sentences);

// {"line","id","fen","move","commentary","events","engine_label","scheme","engine_reasons",
//  "stance","stance_source","stance_quote","atoms":[{"text","context","type","method","sentence",
//  "verdict","verifiable","failed","unverified","claims"|"subclaims","detail","events",
//  "event_verdict","error"}],
//  "gold_atoms","matches":[{"gold","atoms","correct_atoms","matched"}],"match_method","recall",
//  "event_recall":{"source":"board"|"reference","produced":[names],"reference"?:[names],
//  "mentioned":[names]},"reference"?,"warnings",
//  "requests","metrics","propositions","edges","depth","chain_method"}  —  or {"line","id","error"}
//  for a skipped record.
nlohmann::json judged_json(const JudgedRecord& r);

// The metrics record of a judged record; with `only`, just the units of that type (descriptive
// units then count their event outcome when they have one).
PositionRecord judge_metrics_record(const JudgedRecord& r, std::optional<UnitType> only = {});
EventRecall event_recall(const JudgedRecord& r);

// Judges every line of in (blank lines skipped), writing one judged_json line per record to
// out as it goes (flushed); a bad line becomes {"line","id","error"} and is skipped. Returns all
// records, skipped ones included. With keep, only the lines it accepts (text, 1-based number)
// are read at all: the others belong to another shard.
std::vector<JudgedRecord> judge_lines(
    const Judge& judge, std::istream& in, std::ostream& out,
    const std::function<bool(std::string_view line, std::size_t number)>& keep = {});

struct JudgeSummary {
    Metrics overall;
    BootstrapResult overall_ci;
    struct PerType {
        UnitType type;
        Metrics metrics;
        BootstrapResult ci;
    };
    std::vector<PerType> types;
    EventRecall events;   // pooled over the records (produced: the expected events)
    ChainSummary chains;  // faithfulness and depth of the reasoning chains
    int records = 0, skipped = 0;
    // The scheme of the records' engine labels; empty when there is no record, "mixed" when
    // records disagree (merged shards judged with different --scheme).
    std::string scheme;
};
JudgeSummary summarize(const std::vector<JudgedRecord>& records, int resamples, std::uint64_t seed);
// {"summary":{…metrics_json…,"bootstrap":…,"types":{"descriptive":{…},…},
//  "event_recall":{"produced","mentioned","value","source","reference_records"},
//  "chains":{…chain_summary_json…},
//  "records","skipped","scheme","counting"}}
nlohmann::json summary_json(const JudgeSummary& s);
// The human-readable table (one row per metric: value, count, 95% interval).
std::string summary_table(const JudgeSummary& s);
// The metrics as ACT-Eval's results table lays them out: one row (named `row`, the commentary
// judged) with factual precision, sub-claim error rate, atomic recall and move-quality F1 in
// percent, each with its 95% interval, then how unverifiable atoms and sub-claims counted.
std::string act_eval_table(const JudgeSummary& s, std::string_view row);

}  // namespace glossfish::verifier
