#include "judge/shard_summary.h"

#include "judge/judge_text.h"

namespace glossfish::verifier {

using json = nlohmann::json;

namespace {

// The label of a name as label_name writes it.
std::optional<QualityLabel> parse_label(const json& j) {
    if (!j.is_string()) return std::nullopt;
    for (QualityLabel l : {QualityLabel::Good, QualityLabel::Inaccuracy, QualityLabel::Mistake,
                           QualityLabel::Blunder})
        if (j.get<std::string>() == label_name(l)) return l;
    return std::nullopt;
}

// A non-negative integer member, or nullopt.
std::optional<int> count_of(const json& j, const char* name) {
    auto it = j.find(name);
    if (it == j.end() || !it->is_number_unsigned()) return std::nullopt;
    return int(it->get<std::uint64_t>());
}

// The stance and engine label of a judged record or a verdict; false when malformed.
bool read_stance_and_label(const json& j, Stance& stance, std::optional<QualityLabel>& label) {
    auto s = j.find("stance");
    auto l = j.find("engine_label");
    if (s == j.end() || !s->is_string() || l == j.end()) return false;
    auto parsed = parse_stance(s->get<std::string>());
    if (!parsed) return false;
    stance = *parsed;
    if (l->is_null()) label.reset();
    else if (!(label = parse_label(*l))) return false;
    return true;
}

// An atom's {verifiable, failed, unverified}; false when malformed. "unverified" may be absent
// (lines written before it was counted): 0.
bool read_outcome(const json& a, AtomOutcome& o) {
    auto v = count_of(a, "verifiable");
    auto f = count_of(a, "failed");
    if (!v || !f) return false;
    std::optional<int> u = 0;
    if (a.contains("unverified") && !(u = count_of(a, "unverified"))) return false;
    o = {*v, *f, *u};
    return true;
}

}  // namespace

std::optional<JudgedRecord> judged_record_from_json(const json& j, std::string* error) {
    auto fail = [&](const std::string& why) -> std::optional<JudgedRecord> {
        *error = "not a judge record: " + why;
        return std::nullopt;
    };
    if (!j.is_object()) return fail("not an object");
    JudgedRecord r;
    auto line = j.find("line");
    if (line == j.end() || !line->is_number_unsigned()) return fail("no \"line\" number");
    r.line = line->get<std::size_t>();
    r.id = j.value("id", json(nullptr));
    if (auto e = j.find("error"); e != j.end()) {
        if (!e->is_string()) return fail("\"error\" is not a string");
        r.error = e->get<std::string>();
        return r;
    }
    if (!read_stance_and_label(j, r.stance, r.engine_label))
        return fail("bad \"stance\" or \"engine_label\"");
    if (auto scheme = j.find("scheme"); scheme != j.end()) {
        std::optional<QualityScheme> parsed;
        if (!scheme->is_string() || !(parsed = parse_scheme(scheme->get<std::string>())))
            return fail("bad \"scheme\"");
        r.scheme = *parsed;
    }
    auto atoms = j.find("atoms");
    if (atoms == j.end() || !atoms->is_array()) return fail("no \"atoms\" array");
    for (const json& a : *atoms) {
        JudgedAtom atom;
        if (!a.is_object() || !read_outcome(a, atom.outcome)) return fail("bad atom counts");
        auto type = a.find("type");
        std::optional<UnitType> t;
        if (type == a.end() || !type->is_string() ||
            !(t = parse_unit_type(type->get<std::string>())))
            return fail("bad atom \"type\"");
        atom.type = *t;
        if (auto v = a.find("event_verdict"); v != a.end()) {
            // Only the verdict is written; the counts give back the same verdict.
            const std::optional<Verdict> verdict =
                v->is_string() ? parse_verdict(v->get<std::string>()) : std::nullopt;
            if (!verdict || *verdict == Verdict::PartlyVerified)
                return fail("bad atom \"event_verdict\"");
            atom.event_outcome = judge_detail::outcome_of(*verdict);
            auto events = a.find("events");
            if (events == a.end() || !events->is_array()) return fail("bad atom \"events\"");
            for (const json& e : *events) {
                if (!e.is_string()) return fail("bad atom \"events\"");
                atom.events.push_back(e.get<std::string>());
            }
        }
        r.atoms.push_back(std::move(atom));
    }
    auto gold = j.find("gold_atoms");
    auto matches = j.find("matches");
    if (gold == j.end() || !gold->is_array() || matches == j.end() || !matches->is_array())
        return fail("no \"gold_atoms\" or \"matches\" array");
    r.gold.assign(gold->begin(), gold->end());
    for (const json& m : *matches) {
        auto covered = m.find("atoms");
        if (!m.is_object() || covered == m.end() || !covered->is_array())
            return fail("bad \"matches\"");
        std::vector<int> list;
        for (const json& a : *covered) {
            if (!a.is_number_integer()) return fail("bad \"matches\"");
            list.push_back(a.get<int>());
        }
        r.matches.push_back(std::move(list));
    }
    auto events = j.find("events");
    if (events == j.end() || !events->is_object()) return fail("no \"events\" object");
    auto flag = [&](const char* name, bool& out) {
        auto it = events->find(name);
        if (it == events->end() || !it->is_boolean()) return false;
        out = it->get<bool>();
        return true;
    };
    auto material = events->find("material_change");
    if (!flag("capture", r.events.capture) || !flag("check", r.events.check) ||
        !flag("castling", r.events.castling) || !flag("promotion", r.events.promotion) ||
        !flag("mate", r.events.mate) || material == events->end() || !material->is_number_integer())
        return fail("bad \"events\"");
    r.events.material_change = material->get<int>();
    if (auto recall = j.find("event_recall");
        recall != j.end() && recall->is_object() && recall->value("source", "") == "reference") {
        auto names = recall->find("reference");
        if (names == recall->end() || !names->is_array()) return fail("bad \"event_recall\"");
        std::vector<std::string> list;
        for (const json& e : *names) {
            if (!e.is_string()) return fail("bad \"event_recall\"");
            list.push_back(e.get<std::string>());
        }
        r.reference_events = std::move(list);
    }
    if (std::string why; !read_chain_json(j, r.chains, &why)) return fail(why);
    return r;
}

std::optional<PositionRecord> verify_record_from_json(const json& j, std::string* error) {
    error->clear();
    auto fail = [&](const std::string& why) -> std::optional<PositionRecord> {
        *error = "not a verify answer: " + why;
        return std::nullopt;
    };
    if (!j.is_object() || !j.contains("id")) return fail("no \"id\"");
    if (j.contains("error")) return std::nullopt;
    auto result = j.find("result");
    if (result == j.end() || !result->is_object()) return fail("no \"result\" object");
    PositionRecord p;
    if (!read_stance_and_label(*result, p.stance, p.engine_label))
        return fail("bad \"stance\" or \"engine_label\"");
    auto atoms = result->find("atoms");
    if (atoms == result->end() || !atoms->is_array()) return fail("no \"atoms\" array");
    for (const json& a : *atoms) {
        AtomOutcome o;
        if (!a.is_object() || !read_outcome(a, o)) return fail("bad atom counts");
        p.atoms.push_back(o);
    }
    // As run_jsonl names records: the id, or the verdict's FEN and move (record_of).
    const json& id = j["id"];
    if (!id.is_null()) {
        p.id = id.is_string() ? id.get<std::string>() : id.dump();
    } else {
        const std::string fen = result->value("fen", "");
        const json move = result->value("move", json(nullptr));
        p.id = fen + (move.is_string() ? " " + move.get<std::string>() : "");
    }
    return p;
}

json verify_overall_json(const std::vector<PositionRecord>& records, int resamples,
                         std::uint64_t seed) {
    const Metrics m = compute_metrics(records);
    return {{"overall", metrics_json(m)},
            {"bootstrap", bootstrap_json(bootstrap(records, resamples, seed))},
            {"text", metrics_line(m)}};
}

std::optional<std::pair<int, std::uint64_t>> summary_bootstrap_settings(const json& j) {
    if (!j.is_object()) return std::nullopt;
    const json* b = nullptr;
    if (auto s = j.find("summary"); s != j.end() && s->is_object() && s->contains("bootstrap"))
        b = &(*s)["bootstrap"];
    else if (auto o = j.find("bootstrap"); o != j.end()) b = &*o;
    if (!b || !b->is_object()) return std::nullopt;
    auto r = b->find("resamples");
    auto s = b->find("seed");
    if (r == b->end() || !r->is_number_unsigned() || s == b->end() || !s->is_number_unsigned())
        return std::nullopt;
    return std::pair<int, std::uint64_t>{int(r->get<std::uint64_t>()), s->get<std::uint64_t>()};
}

}  // namespace glossfish::verifier
