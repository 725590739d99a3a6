// Claims: verification of sub-claims, atoms and positions (by the evaluator), the stance a
// commentary takes, and verdicts as JSON.
#include "claims/claims.h"

#include "claims/evaluator.h"
#include "claims/predicates.h"
#include "tools/board_tools.h"
#include "tools/tool_suite.h"

namespace glossfish::verifier {

using claims_detail::Evaluator;
using claims_detail::find_spec;
using claims_detail::Outcome;
using claims_detail::PredicateSpec;
using nlohmann::json;

VerifyOptions verify_options(const Settings& settings) {
    VerifyOptions o;
    o.depth = settings.analysis_depth;
    o.scheme = settings.quality_scheme;
    return o;
}

bool material_enough(int got, int amount, int biggest) {
    return got >= amount || (amount >= 300 && got >= amount - 100 && biggest >= amount);
}

ClaimVerifier::ClaimVerifier(const ToolSuite& tools, VerifyOptions options)
    : tools_(tools), options_(options) {}

SubVerdict ClaimVerifier::verify(const Position& root, const SubClaim& claim) const {
    SubVerdict v;
    v.claim = claim;
    const PredicateSpec* spec = find_spec(claim.predicate);
    if (auto e = check_sub_claim(claim)) {
        v.result = Truth::Unverifiable;
        v.reason = "bad claim: " + e->text();
        return v;
    }
    try {
        PlayReport play = play_moves(root, claim.moves);
        if (!claim.moves.empty()) {
            json sans = json::array();
            for (const auto& m : play.moves) sans.push_back(m.san);
            v.evidence["play"] = {
                {"legal", play.complete()}, {"moves", sans}, {"fen", play.end.fen()}};
        }
        if (!play.complete()) {
            const std::size_t i = play.moves.size();
            v.evidence["play"]["failed"] = {{"index", i},
                                            {"move", claim.moves[i]},
                                            {"code", move_error_code(play.failure->error)},
                                            {"message", play.failure->message}};
            v.result = Truth::False;
            v.category = ErrorCategory::Legality;
            v.reason = "the moves cannot be played: move " + std::to_string(i + 1) + " \"" +
                       claim.moves[i] + "\": " + play.failure->message;
            return v;
        }
        Outcome o = Evaluator(play.end, root, claim, tools_, options_, v.evidence).run();
        v.reason = o.reason;
        v.result = o.truth;
        if (claim.negated && o.truth != Truth::Unverifiable && !o.legality)
            v.result = o.truth == Truth::True ? Truth::False : Truth::True;
        if (v.result == Truth::False)
            v.category = o.legality ? ErrorCategory::Legality : spec->info.category;
    } catch (const std::exception& e) {
        v.result = Truth::Unverifiable;
        v.reason = std::string("internal error: ") + e.what();
        v.category.reset();
    }
    return v;
}

AtomVerdict ClaimVerifier::verify(const Position& root, const Atom& atom) const {
    AtomVerdict out;
    out.text = atom.text;
    for (const SubClaim& c : atom.claims) {
        SubVerdict v = verify(root, c);
        if (v.result != Truth::Unverifiable) ++out.verifiable;
        else ++out.unverified;
        if (v.result == Truth::False) {
            ++out.failed;
            if (!out.category) out.category = v.category;
        }
        out.claims.push_back(std::move(v));
    }
    return out;
}

std::optional<Stance> claim_stance(const Position& root, const SubClaim& c,
                                   std::string_view played) {
    if (!c.moves.empty() || !c.args.contains("move") || !c.args["move"].is_string())
        return std::nullopt;
    MoveParse a = parse_move_text(root, played),
              b = parse_move_text(root, c.args["move"].get<std::string>());
    if (!a.ok() || !b.ok() || a.move != b.move) return std::nullopt;
    if (c.predicate == "best_move") return Stance::Good;  // "not the best" still counts as good
    if (c.predicate == "only_move") return c.negated ? std::optional<Stance>() : Stance::Good;
    if (c.predicate != "quality_label") return std::nullopt;
    bool good;
    if (c.args.contains("stance")) good = c.args["stance"] == "good";
    else good = c.args["label"] == "good";
    return (good != c.negated) ? Stance::Good : Stance::Bad;
}

Stance derive_stance(const Position& root, const std::vector<Atom>& atoms,
                     std::string_view played) {
    bool any_good = false;
    for (const Atom& a : atoms)
        for (const SubClaim& c : a.claims) {
            auto s = claim_stance(root, c, played);
            if (s == Stance::Bad) return Stance::Bad;
            if (s == Stance::Good) any_good = true;
        }
    return any_good ? Stance::Good : Stance::Inconclusive;
}

PositionVerdict ClaimVerifier::verify(const Position& root, const ClaimsDoc& doc) const {
    PositionVerdict out;
    out.fen = root.fen();
    for (const Atom& a : doc.atoms) out.atoms.push_back(verify(root, a));
    if (doc.move) {
        MoveParse mp = parse_move_text(root, *doc.move);
        out.move = mp.ok() ? move_to_san(root, mp.move) : *doc.move;
        out.stance = doc.stance ? *doc.stance : derive_stance(root, doc.atoms, *doc.move);
        if (mp.ok()) {
            json r = tools_.call(
                "move_quality",
                {{"fen", out.fen}, {"move", move_to_uci(root, mp.move)}, {"depth", options_.depth}},
                options_.cancel);
            if (!r.contains("error")) {
                std::string label = r["labels"].value(scheme_name(options_.scheme), std::string());
                for (QualityLabel l : {QualityLabel::Good, QualityLabel::Inaccuracy,
                                       QualityLabel::Mistake, QualityLabel::Blunder})
                    if (label == label_name(l)) out.engine_label = l;
                if (out.engine_label && r.contains("reasons") &&
                    r["labels"].value("lichess", std::string()) == label)
                    out.engine_reasons = r["reasons"];
            }
        }
    } else if (doc.stance) {
        out.stance = *doc.stance;
    }
    return out;
}

json verdict_json(const SubVerdict& v) {
    json j = sub_claim_json(v.claim);
    j["result"] = truth_name(v.result);
    j["reason"] = v.reason;
    j["category"] = v.category ? json(category_name(*v.category)) : json(nullptr);
    j["evidence"] = v.evidence;
    return j;
}

json verdict_json(const AtomVerdict& v) {
    json claims = json::array();
    for (const auto& c : v.claims) claims.push_back(verdict_json(c));
    return {{"text", v.text},
            {"result", verdict_name(v.verdict())},
            {"category", v.category ? json(category_name(*v.category)) : json(nullptr)},
            {"verifiable", v.verifiable},
            {"failed", v.failed},
            {"unverified", v.unverified},
            {"claims", claims}};
}

json verdict_json(const PositionVerdict& v) {
    json atoms = json::array();
    for (const auto& a : v.atoms) atoms.push_back(verdict_json(a));
    return {{"fen", v.fen},
            {"move", v.move ? json(*v.move) : json(nullptr)},
            {"stance", stance_name(v.stance)},
            {"engine_label", v.engine_label ? json(label_name(*v.engine_label)) : json(nullptr)},
            {"atoms", atoms}};
}

}  // namespace glossfish::verifier
