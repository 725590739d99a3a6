// Reasoning chains of analytical commentary, after the analytical evaluation of type-aware
// commentary evaluation: the analytical units are split into propositions, the directed
// relations between them are read (cause, reason, condition, contrast, elaboration), each
// proposition and each edge is judged, and a record gets its faithfulness (the share of
// propositions, and of edges, that hold) and its depth (the longest chain of edges that hold).
//
// Two decomposers, as for atoms. The rules split a unit at its connectives (relation_reader.cpp)
// and read every proposition with the commentary reader; the verifier decides whether it holds.
// An edge holds when both ends hold and its relation holds on the board where that can be
// checked; a relation that cannot be checked is "unverified", never true. The language model
// extracts propositions and edges with prompts and audits each edge with the tools.
//
// Everything blocks (the model path on the model); nothing throws.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "claims/metrics.h"

namespace glossfish::verifier {

// The relation an edge states between its source and its target proposition.
// Cause: the source brings the target about ("A, so B": A -> B).
// Reason: the target is why the source holds ("A because B": A -> B).
// Condition: the target holds once the source happens ("after/if A, B": A -> B).
// Contrast: the target goes against the source ("A, but B": A -> B).
// Elaboration: the target says more about the source ("A, which B": A -> B).
enum class Relation { Cause, Reason, Condition, Contrast, Elaboration };
const char* relation_name(Relation r);  // "CAUSE", "REASON", "CONDITION", "CONTRAST", …
std::optional<Relation> parse_relation(std::string_view text);  // any case

// The relation reader: one sentence (or unit) split at its connectives.
struct TextLink {
    int source = 0, target = 0;  // segment indices; source -1: the text before this one
    Relation relation = Relation::Cause;
    std::string connective;  // the words that state it, in lower case ("because", "if")
};
struct RelationReading {
    struct Segment {
        std::string text;  // the proposition's words, connectives and edge punctuation removed
        // The "After X," that frames it when a leading "after"/"if" with a move line opens the
        // unit: its consequences are read in that context ("" if none).
        std::string frame;
    };
    std::vector<Segment> segments;
    std::vector<TextLink> links;
};
// Splits text at "because", "since", "so", "therefore", "as a result", "after X, Y",
// "if X, Y", "when X, Y", "but", "however", "which" ("which is why" and "which means" are a
// cause), and a few spellings of them. A unit opening with
// "so", "therefore", "as a result", "but" or "however" links to the text before it (source -1).
// At most 32 segments; text longer than 4,000 characters is cut there. Never throws.
RelationReading read_relations(std::string_view text);

// Verdicts of propositions and edges: truths (claims.h), "true", "false" or "unverifiable" in the
// JSON, as a sub-claim's.
struct Proposition {
    int id = 0;  // 1-based within the record
    std::string text;
    Truth verdict = Truth::Unverifiable;
    int unit = 0;           // 1-based atom (unit) of the record it comes from
    std::string reason;     // how the verdict was reached (claims, unread, the model's words)
    nlohmann::json claims;  // the sub-claims it was read into (rules), or null
};
struct Edge {
    int source = 0, target = 0;  // proposition ids
    Relation relation = Relation::Cause;
    Truth verdict = Truth::Unverifiable;
    std::string reason;
    std::string connective;  // rules: the words that state it; llm: ""
};
struct ChainAnalysis {
    std::string method;  // "rules" or "llm"; "" when the record has no analytical unit
    std::vector<Proposition> propositions;
    std::vector<Edge> edges;
    int depth = 0;
    int holding_propositions() const;
    int holding_edges() const;
};

// The longest chain of edges with verdict "true" (in edges; a cycle is walked at most once
// around). Propositions are 1..n.
int chain_depth(int n, const std::vector<Edge>& edges);

// {"propositions":[{"id","text","verdict","unit","reason","claims"?}],
//  "edges":[{"source","target","relation","verdict","reason","connective"?}],"depth","method"}
// (the three fields are put in a judged record's JSON).
void put_chain_json(const ChainAnalysis& c, nlohmann::json& record);
// Reads them back from a judged record's JSON (for merging shards): absent fields give no
// chains; false with *why set when they are malformed.
bool read_chain_json(const nlohmann::json& record, ChainAnalysis& c, std::string* why);

// A record's depth normalised by the longest chain its propositions allow: depth / (n - 1) for
// n propositions (a chain through every proposition has n - 1 edges), so 1 means one verified
// chain runs through all of them. nullopt below two propositions (no chain is possible).
std::optional<double> normalized_depth(const ChainAnalysis& c);

// Over the records: proposition faithfulness (propositions that hold / propositions), edge
// faithfulness (edges that hold / edges), TACE's combined faithfulness (propositions and edges
// that hold / propositions and edges: the share of the analytical units and relations that
// pass), mean and max depth over the records with at least one proposition, and the mean
// normalised depth over the records with at least two, each with a percentile bootstrap
// clustered by record (the draws of bootstrap()).
struct ChainSummary {
    int records = 0;  // records with at least one proposition
    int propositions = 0, holding_propositions = 0, unverified_propositions = 0;
    int edges = 0, holding_edges = 0, unverified_edges = 0;
    int normalized_records = 0;  // records with at least two propositions
    std::optional<double> proposition_faithfulness, edge_faithfulness, faithfulness, mean_depth,
        normalized_depth;
    int max_depth = 0;
    Interval proposition_ci, edge_ci, faithfulness_ci, mean_depth_ci, max_depth_ci,
        normalized_depth_ci;
};
ChainSummary summarize_chains(const std::vector<const ChainAnalysis*>& records, int resamples,
                              std::uint64_t seed, double level = 0.95);
// {"records","propositions","holding_propositions","unverified_propositions",
//  "proposition_faithfulness","proposition_interval",… "edges" likewise,
//  "faithfulness","faithfulness_interval","mean_depth","mean_depth_interval","max_depth",
//  "max_depth_interval","normalized_records","normalized_depth","normalized_depth_interval"}
nlohmann::json chain_summary_json(const ChainSummary& s);

}  // namespace glossfish::verifier
