// The claims JSON reader: shapes, predicate names, argument names, types and syntax.
#include <algorithm>

#include "claims/claims.h"
#include "claims/predicates.h"
#include "io/json_line.h"
#include "io/utf8.h"
#include "tools/tool_json.h"

namespace glossfish::verifier {

namespace {

using claims_detail::ArgKind;
using claims_detail::find_spec;
using claims_detail::PArg;
using claims_detail::parse_label;
using claims_detail::parse_piece_word;
using claims_detail::PredicateSpec;
using claims_detail::specs;
using nlohmann::json;

const char* kind_word(ArgKind k) {
    switch (k) {
    case ArgKind::Square: return "a square such as \"e4\"";
    case ArgKind::File: return "a file \"a\" … \"h\"";
    case ArgKind::Color: return "\"white\" or \"black\"";
    case ArgKind::Piece: return "a piece type \"pawn\" … \"king\"";
    case ArgKind::Move: return "a move in SAN or UCI";
    case ArgKind::Squares: return "an array of squares";
    case ArgKind::Label: return "\"good\", \"inaccuracy\", \"mistake\" or \"blunder\"";
    case ArgKind::StanceWord: return "\"good\" or \"bad\"";
    case ArgKind::Scheme: return "\"lichess\" or \"act-eval\"";
    case ArgKind::Amount: return "an integer 1 … 10000 (centipawns)";
    case ArgKind::CheckWord: return "\"direct\", \"discovered\" or \"double\"";
    case ArgKind::Count: return "an integer 0 … 64";
    case ArgKind::Flag: return "true or false";
    case ArgKind::FileStatusWord: return "\"open\", \"half_open\" or \"closed\"";
    case ArgKind::WeaknessWord: return "\"isolated\", \"doubled\" or \"backward\"";
    case ArgKind::Percent: return "an integer 0 … 100 (win%)";
    case ArgKind::WingWord: return "\"queenside\", \"centre\" or \"kingside\"";
    case ArgKind::LineWord: return "\"diagonal\", \"file\" or \"rank\"";
    case ArgKind::CaptureWord: return "\"cover\", \"doubled\", \"isolated\" or \"centre\"";
    }
    return "";
}

bool valid_value(ArgKind k, const json& v) {
    auto str = [&](auto pred) { return v.is_string() && pred(v.get_ref<const std::string&>()); };
    switch (k) {
    case ArgKind::Square:
        return str([](const std::string& s) { return parse_square(s) != NoSquare; });
    case ArgKind::File:
        return str(
            [](const std::string& s) { return s.size() == 1 && s[0] >= 'a' && s[0] <= 'h'; });
    case ArgKind::Color:
        return str([](const std::string& s) { return parse_color_word(s).has_value(); });
    case ArgKind::Piece:
        return str([](const std::string& s) { return parse_piece_word(s).has_value(); });
    case ArgKind::Move:
        return str([](const std::string& s) { return !s.empty() && s.size() <= 16; });
    case ArgKind::Squares:
        if (!v.is_array() || v.empty() || v.size() > 16) return false;
        for (const auto& e : v)
            if (!valid_value(ArgKind::Square, e)) return false;
        return true;
    case ArgKind::Label:
        return str([](const std::string& s) { return parse_label(s).has_value(); });
    case ArgKind::StanceWord:
        return str([](const std::string& s) { return s == "good" || s == "bad"; });
    case ArgKind::Scheme:
        return str([](const std::string& s) { return parse_scheme(s).has_value(); });
    case ArgKind::Amount:
        return v.is_number_integer() && v.get<long long>() >= 1 && v.get<long long>() <= 10000;
    case ArgKind::CheckWord:
        return str([](const std::string& s) {
            return s == "direct" || s == "discovered" || s == "double";
        });
    case ArgKind::Count:
        return v.is_number_integer() && v.get<long long>() >= 0 && v.get<long long>() <= 64;
    case ArgKind::Flag: return v.is_boolean();
    case ArgKind::FileStatusWord:
        return str(
            [](const std::string& s) { return s == "open" || s == "half_open" || s == "closed"; });
    case ArgKind::WeaknessWord:
        return str([](const std::string& s) {
            return s == "isolated" || s == "doubled" || s == "backward";
        });
    case ArgKind::Percent:
        return v.is_number_integer() && v.get<long long>() >= 0 && v.get<long long>() <= 100;
    case ArgKind::WingWord:
        return str([](const std::string& s) {
            return s == "queenside" || s == "centre" || s == "kingside";
        });
    case ArgKind::LineWord:
        return str(
            [](const std::string& s) { return s == "diagonal" || s == "file" || s == "rank"; });
    case ArgKind::CaptureWord:
        return str([](const std::string& s) {
            return s == "cover" || s == "doubled" || s == "isolated" || s == "centre";
        });
    }
    return false;
}

std::string quoted(const json& v) {
    std::string d = v.dump(-1, ' ', false, json::error_handler_t::replace);
    return d.size() > 60 ? std::string(utf8_prefix(d, 57)) + "..." : d;
}

}  // namespace

// ---- parsing ----

std::optional<ClaimsError> check_sub_claim(const SubClaim& c) {
    const PredicateSpec* spec = find_spec(c.predicate);
    if (!spec) {
        std::string names;
        for (const auto& s : specs()) names += (names.empty() ? "" : ", ") + s.info.name;
        return ClaimsError{"predicate",
                           "unknown predicate \"" + c.predicate + "\" (known: " + names + ")"};
    }
    if (!c.args.is_object()) return ClaimsError{"args", "must be an object"};
    for (auto it = c.args.begin(); it != c.args.end(); ++it) {
        auto a = std::find_if(spec->args.begin(), spec->args.end(),
                              [&](const PArg& p) { return it.key() == p.name; });
        if (a == spec->args.end()) {
            std::string names;
            for (const auto& p : spec->args)
                names += (names.empty() ? "" : ", ") + std::string(p.name);
            return ClaimsError{"args." + it.key(),
                               "unknown argument of " + c.predicate + " (it takes: " + names + ")"};
        }
        if (!valid_value(a->kind, it.value()))
            return ClaimsError{"args." + it.key(), "must be " + std::string(kind_word(a->kind)) +
                                                       ", got " + quoted(it.value())};
    }
    for (const auto& p : spec->args)
        if (p.required && !c.args.contains(p.name))
            return ClaimsError{"args", c.predicate + " needs argument \"" + p.name + "\""};
    if (!spec->any_of.empty()) {
        bool any = std::any_of(spec->any_of.begin(), spec->any_of.end(),
                               [&](const char* n) { return c.args.contains(n); });
        if (!any) {
            std::string names;
            for (const char* n : spec->any_of)
                names += (names.empty() ? "\"" : " or \"") + std::string(n) + "\"";
            return ClaimsError{"args", c.predicate + " needs " + names};
        }
    }
    if (c.moves.size() > 64) return ClaimsError{"moves", "at most 64 moves"};
    // Arguments that only make sense together.
    if (c.predicate == "material_lead" && c.args.contains("points") && !c.args.contains("color"))
        return ClaimsError{"args.points", "material_lead needs \"color\" with \"points\""};
    if (c.predicate == "material_lead" && c.args.contains("min") && !c.args.contains("color"))
        return ClaimsError{"args.min", "material_lead needs \"color\" with \"min\""};
    if (c.predicate == "material_lead" && c.args.contains("points") && c.args.contains("min"))
        return ClaimsError{"args", "material_lead takes \"points\" or \"min\", not both"};
    if (c.predicate == "material_lead" &&
        (c.args.contains("pieces") || c.args.contains("for_pawns")) && !c.args.contains("points"))
        return ClaimsError{"args", "material_lead needs \"points\" with \"pieces\"/\"for_pawns\""};
    if (c.predicate == "attacks" && c.args.contains("count") && !c.args.contains("color"))
        return ClaimsError{"args.count", "attacks needs \"color\" with \"count\""};
    if (c.predicate == "defends" && c.args.value("only", false) && !c.args.contains("from"))
        return ClaimsError{"args.only", "defends needs \"from\" with \"only\""};
    if (c.predicate == "mate_in" && c.args.contains("moves") && c.args["moves"].get<int>() < 1)
        return ClaimsError{"args.moves", "mate_in needs \"moves\" of at least 1"};
    if (c.predicate == "threatens") {
        const int given = int(c.args.contains("target")) + int(c.args.contains("move")) +
                          int(c.args.value("mate", false));
        if (given > 1)
            return ClaimsError{"args", "threatens takes one of \"target\", \"move\", \"mate\""};
        if (c.args.contains("square") && !c.args.value("mate", false))
            return ClaimsError{"args.square", "threatens needs \"mate\" with \"square\""};
    }
    if (c.predicate == "passed_pawn" && c.args.contains("square") &&
        (c.args.contains("color") || c.args.contains("count")))
        return ClaimsError{"args", "passed_pawn takes \"square\" or \"color\" (and \"count\")"};
    if (c.predicate == "passed_pawn" && c.args.contains("count") && !c.args.contains("color"))
        return ClaimsError{"args.count", "passed_pawn needs \"color\" with \"count\""};
    if (c.predicate == "piece_count" && c.args.contains("count") && c.args.contains("min"))
        return ClaimsError{"args", "piece_count takes \"count\" or \"min\", not both"};
    return std::nullopt;
}

namespace {

std::optional<ClaimsError> read_claim(const json& j, SubClaim& out) {
    if (!j.is_object()) return ClaimsError{"", "a claim must be an object"};
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string& k = it.key();
        if (k != "predicate" && k != "args" && k != "moves" && k != "negated" && k != "text")
            return ClaimsError{k, "unknown field (a claim has predicate, args, moves, negated)"};
    }
    auto p = j.find("predicate");
    if (p == j.end()) return ClaimsError{"predicate", "missing"};
    if (!p->is_string()) return ClaimsError{"predicate", "must be a string"};
    out.predicate = p->get<std::string>();
    if (auto a = j.find("args"); a != j.end()) {
        if (!a->is_object()) return ClaimsError{"args", "must be an object"};
        out.args = *a;
    }
    if (auto m = j.find("moves"); m != j.end()) {
        if (!m->is_array()) return ClaimsError{"moves", "must be an array of move strings"};
        for (std::size_t i = 0; i < m->size(); ++i) {
            const json& e = (*m)[i];
            if (!e.is_string() || e.get_ref<const std::string&>().empty())
                return ClaimsError{"moves[" + std::to_string(i) + "]",
                                   "must be a non-empty move string"};
            out.moves.push_back(e.get<std::string>());
        }
    }
    if (auto n = j.find("negated"); n != j.end()) {
        if (!n->is_boolean()) return ClaimsError{"negated", "must be true or false"};
        out.negated = n->get<bool>();
    }
    return check_sub_claim(out);
}

std::string join_path(const std::string& a, const std::string& b) {
    if (b.empty()) return a;
    return a + "." + b;
}

std::optional<ClaimsError> read_atoms(const json& arr, std::vector<Atom>& atoms) {
    for (std::size_t i = 0; i < arr.size(); ++i) {
        const std::string at = "atoms[" + std::to_string(i) + "]";
        const json& a = arr[i];
        if (!a.is_object()) return ClaimsError{at, "an atom must be an object {text, claims}"};
        Atom atom;
        for (auto it = a.begin(); it != a.end(); ++it)
            if (it.key() != "text" && it.key() != "claims")
                return ClaimsError{at + "." + it.key(), "unknown field (an atom has text, claims)"};
        if (auto t = a.find("text"); t != a.end()) {
            if (!t->is_string()) return ClaimsError{at + ".text", "must be a string"};
            atom.text = t->get<std::string>();
        }
        auto c = a.find("claims");
        if (c == a.end()) return ClaimsError{at + ".claims", "missing"};
        if (!c->is_array()) return ClaimsError{at + ".claims", "must be an array"};
        for (std::size_t k = 0; k < c->size(); ++k) {
            SubClaim sc;
            if (auto e = read_claim((*c)[k], sc))
                return ClaimsError{join_path(at + ".claims[" + std::to_string(k) + "]", e->path),
                                   e->message};
            atom.claims.push_back(std::move(sc));
        }
        atoms.push_back(std::move(atom));
    }
    return std::nullopt;
}

}  // namespace

ClaimsParse parse_claims_json(const json& j) {
    ClaimsParse out;
    ClaimsDoc doc;
    auto fail = [&](std::string path, std::string message) {
        out.error = ClaimsError{std::move(path), std::move(message)};
        return out;
    };
    if (j.is_array()) {
        if (auto e = read_atoms(j, doc.atoms)) return fail(e->path, e->message);
        out.doc = std::move(doc);
        return out;
    }
    if (!j.is_object())
        return fail("",
                    "claims must be an object {fen?, move?, stance?, atoms} or an array of atoms");
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string& k = it.key();
        if (k != "fen" && k != "move" && k != "stance" && k != "atoms")
            return fail(k, "unknown field (claims have fen, move, stance, atoms)");
    }
    if (auto f = j.find("fen"); f != j.end() && !f->is_null()) {
        if (!f->is_string()) return fail("fen", "must be a string");
        doc.fen = f->get<std::string>();
    }
    if (auto m = j.find("move"); m != j.end() && !m->is_null()) {
        if (!m->is_string() || m->get_ref<const std::string&>().empty())
            return fail("move", "must be a move string");
        doc.move = m->get<std::string>();
    }
    if (auto s = j.find("stance"); s != j.end() && !s->is_null()) {
        if (!s->is_string() || !parse_stance(s->get<std::string>()))
            return fail("stance", "must be \"good\", \"bad\" or \"inconclusive\"");
        doc.stance = parse_stance(s->get<std::string>());
    }
    auto a = j.find("atoms");
    if (a == j.end()) return fail("atoms", "missing");
    if (!a->is_array()) return fail("atoms", "must be an array");
    if (auto e = read_atoms(*a, doc.atoms)) return fail(e->path, e->message);
    out.doc = std::move(doc);
    return out;
}

ClaimsParse parse_claims(std::string_view text) {
    JsonParse parsed = parse_json_text(text);
    if (!parsed.ok()) {
        ClaimsParse out;
        out.error = ClaimsError{"", "bad JSON: " + parsed.detail};
        return out;
    }
    return parse_claims_json(parsed.value);
}

json sub_claim_json(const SubClaim& c) {
    return {
        {"predicate", c.predicate}, {"args", c.args}, {"moves", c.moves}, {"negated", c.negated}};
}

}  // namespace glossfish::verifier
