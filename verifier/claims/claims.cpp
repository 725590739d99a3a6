// Claims: the predicate table, the claims JSON reader, and verification of sub-claims by
// BoardTools (board facts) and the ToolSuite (engine facts).
#include "claims/claims.h"

#include <algorithm>
#include <cmath>

#include "tools/board_tools.h"
#include "io/json_line.h"
#include "rules/movegen.h"
#include "rules/structure.h"
#include "tools/tool_json.h"
#include "tools/tools.h"
#include "io/utf8.h"

namespace glossfish::verifier {

namespace {

using nlohmann::json;

// ---- the predicate table ----

enum class ArgKind {
    Square,
    File,
    Color,
    Piece,
    Move,
    Squares,
    Label,
    StanceWord,
    Scheme,
    Amount,
    CheckWord,
    Count,
    Flag,
    FileStatusWord,
    WeaknessWord
};

struct PArg {
    const char* name;
    ArgKind kind;
    bool required;
};

struct PredicateSpec {
    PredicateInfo info;
    std::vector<PArg> args;
    std::vector<const char*> any_of;  // at least one of these must be given
};

const std::vector<PredicateSpec>& specs() {
    using enum ArgKind;
    using EC = ErrorCategory;
    static const std::vector<PredicateSpec> table = {
        {{"occupies", EC::BoardComprehension, false,
          "a piece (of the given type and colour, when given) stands on square"},
         {{"square", Square, true}, {"piece", Piece, false}, {"color", Color, false}},
         {}},
        {{"attacks", EC::BoardComprehension, false,
          "the piece on from (or any piece of color; exactly count of them, when given) attacks "
          "target; pinned pieces still attack"},
         {{"target", Square, true},
          {"from", Square, false},
          {"color", Color, false},
          {"count", Count, false}},
         {"from", "color"}},
        {{"defends", EC::BoardComprehension, false,
          "the piece on target is defended (by the piece on from, when given; by exactly count "
          "pieces, when given; only: from is its one defender)"},
         {{"target", Square, true},
          {"from", Square, false},
          {"count", Count, false},
          {"only", Flag, false}},
         {}},
        {{"pins", EC::BoardComprehension, false,
          "the piece on pinned is pinned (absolutely or to a more valuable piece; absolute: to "
          "its king), by pinner and to the piece on to when given"},
         {{"pinned", Square, true},
          {"pinner", Square, false},
          {"to", Square, false},
          {"absolute", Flag, false}},
         {}},
        {{"checks", EC::BoardComprehension, false,
          "the side to move (color, when given) is in check"},
         {{"color", Color, false}},
         {}},
        {{"gives_check", EC::TacticalReasoning, false,
          "move gives check (of the given kind: direct, discovered, double)"},
         {{"move", Move, true}, {"kind", CheckWord, false}},
         {}},
        {{"mates", EC::TacticalReasoning, false,
          "move gives checkmate; without move, the side to move is checkmated"},
         {{"move", Move, false}},
         {}},
        {{"captures", EC::BoardComprehension, false,
          "move captures (a piece of the given type, on the given square)"},
         {{"move", Move, true}, {"piece", Piece, false}, {"square", Square, false}},
         {}},
        {{"can_capture", EC::Legality, false,
          "the side to move has a legal capture on square (of a piece of the given type)"},
         {{"square", Square, true}, {"piece", Piece, false}},
         {}},
        {{"is_legal", EC::Legality, false, "move is legal"}, {{"move", Move, true}}, {}},
        {{"wins_material", EC::TacticalReasoning, true,
          "move wins material: at least amount centipawns (default 100), or a piece of the given "
          "type with a net gain; static exchange first, else the engine's line (8 plies)"},
         {{"move", Move, true}, {"amount", Amount, false}, {"piece", Piece, false}},
         {}},
        {{"loses_material", EC::TacticalReasoning, true,
          "move loses material: at least amount centipawns (default 100), or a piece of the given "
          "type with a net loss; static exchange first, else the engine's line (8 plies)"},
         {{"move", Move, true}, {"amount", Amount, false}, {"piece", Piece, false}},
         {}},
        {{"hangs", EC::TacticalReasoning, false,
          "the piece on square can be won by capturing it (static exchange > 0)"},
         {{"square", Square, true}},
         {}},
        {{"undefended", EC::BoardComprehension, false,
          "no piece of its colour defends the piece on square"},
         {{"square", Square, true}},
         {}},
        {{"threatens", EC::TacticalReasoning, true,
          "the side that is not to move threatens to win the piece on target (it hangs to them), "
          "or threatens move (it would gain >= 10 win% if the side to move passed; engine), or "
          "mate (on square, when given), or with none of these has a significant threat (engine)"},
         {{"target", Square, false},
          {"move", Move, false},
          {"mate", Flag, false},
          {"square", Square, false}},
         {}},
        {{"mate_in", EC::TacticalReasoning, true,
          "the side to move (playing move first, when given) forces mate, in exactly moves of its "
          "own moves when given (mate in one: board; otherwise engine)"},
         {{"moves", Count, false}, {"move", Move, false}},
         {}},
        {{"discovers_attack", EC::TacticalReasoning, false,
          "move uncovers an attack: another piece of the mover attacks an enemy piece (the one on "
          "target, when given) only because the moved piece left the line"},
         {{"move", Move, true}, {"target", Square, false}},
         {}},
        {{"forks", EC::TacticalReasoning, false,
          "move forks: the moved piece attacks two or more pieces each more valuable or "
          "undefended (including targets, when given)"},
         {{"move", Move, true}, {"targets", Squares, false}},
         {}},
        {{"opens_file", EC::BoardComprehension, false,
          "move leaves file with fewer pawns of the mover (now open or half-open for the mover)"},
         {{"move", Move, true}, {"file", File, true}},
         {}},
        {{"open_file", EC::BoardComprehension, false,
          "file has no pawns (with color: no pawns of color, i.e. usable by color)"},
         {{"file", File, true}, {"color", Color, false}},
         {}},
        {{"opens_line", EC::BoardComprehension, false,
          "move clears the line between from and to (blocked before, clear after)"},
         {{"move", Move, true}, {"from", Square, true}, {"to", Square, true}},
         {}},
        {{"controls", EC::BoardComprehension, false,
          "color attacks square at least once and at least as often as the other side"},
         {{"square", Square, true}, {"color", Color, true}},
         {}},
        {{"passed_pawn", EC::BoardComprehension, false,
          "the pawn on square is a passed pawn; with color instead: color has a passed pawn "
          "(exactly count of them, when given)"},
         {{"square", Square, false}, {"color", Color, false}, {"count", Count, false}},
         {"square", "color"}},
        {{"material_lead", EC::BoardComprehension, false,
          "color is ahead in material (P1 N3 B3 R5 Q9), by exactly points (at least min) when "
          "given; pieces: points count pieces only and the pawns differ by for_pawns against "
          "color (by at most one when not given); without color: material is level"},
         {{"color", Color, false},
          {"points", Count, false},
          {"min", Count, false},
          {"pieces", Flag, false},
          {"for_pawns", Count, false}},
         {}},
        {{"piece_count", EC::BoardComprehension, false,
          "color has exactly count pieces of the type (at least min; at least one when neither "
          "is given)"},
         {{"color", Color, true},
          {"piece", Piece, true},
          {"count", Count, false},
          {"min", Count, false}},
         {}},
        {{"pawn_weakness", EC::BoardComprehension, false,
          "the pawn on square is isolated, doubled or backward (kind)"},
         {{"square", Square, true}, {"kind", WeaknessWord, true}},
         {}},
        {{"legal_moves", EC::Legality, false, "the side to move has exactly count legal moves"},
         {{"count", Count, true}},
         {}},
        {{"file_status", EC::BoardComprehension, false,
          "file is open (no pawns), half_open (pawns of one side only; with color: none of "
          "color's, some of the other's) or closed (pawns of both sides)"},
         {{"file", File, true}, {"status", FileStatusWord, true}, {"color", Color, false}},
         {}},
        {{"only_move", EC::TacticalReasoning, true,
          "move is forced: the only legal move, or the only one within 15 win% of the best "
          "(engine); with legal: true, the only legal move (no engine)"},
         {{"move", Move, true}, {"legal", Flag, false}},
         {}},
        {{"best_move", EC::QualityEvaluation, true,
          "move is the engine's best move or loses at most 1 win% point against it (engine)"},
         {{"move", Move, true}},
         {}},
        {{"quality_label", EC::QualityEvaluation, true,
          "move has the given label (good, inaccuracy, mistake, blunder) or stance (good: label "
          "good; bad: mistake or blunder; inaccuracy: unverifiable) in scheme (engine)"},
         {{"move", Move, true},
          {"label", Label, false},
          {"stance", StanceWord, false},
          {"scheme", Scheme, false}},
         {"label", "stance"}},
    };
    return table;
}

const PredicateSpec* find_spec(std::string_view name) {
    for (const auto& s : specs())
        if (s.info.name == name) return &s;
    return nullptr;
}

std::optional<QualityLabel> parse_label(std::string_view t) {
    for (QualityLabel l : {QualityLabel::Good, QualityLabel::Inaccuracy, QualityLabel::Mistake,
                           QualityLabel::Blunder})
        if (t == label_name(l)) return l;
    return std::nullopt;
}

std::optional<PieceType> parse_piece_word(std::string_view t) { return parse_piece_type_word(t); }

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
    }
    return false;
}

std::string quoted(const json& v) {
    std::string d = v.dump(-1, ' ', false, json::error_handler_t::replace);
    return d.size() > 60 ? std::string(utf8_prefix(d, 57)) + "..." : d;
}

}  // namespace

// ---- names ----

const char* category_name(ErrorCategory c) {
    switch (c) {
    case ErrorCategory::BoardComprehension: return "board_comprehension";
    case ErrorCategory::Legality: return "legality";
    case ErrorCategory::QualityEvaluation: return "quality_evaluation";
    case ErrorCategory::TacticalReasoning: return "tactical_reasoning";
    case ErrorCategory::Other: return "other";
    }
    return "other";
}

const char* truth_name(Truth t) {
    switch (t) {
    case Truth::True: return "true";
    case Truth::False: return "false";
    case Truth::Unverifiable: return "unverifiable";
    }
    return "unverifiable";
}

const char* stance_name(Stance s) {
    switch (s) {
    case Stance::Good: return "good";
    case Stance::Bad: return "bad";
    case Stance::Inconclusive: return "inconclusive";
    }
    return "inconclusive";
}

std::optional<Stance> parse_stance(std::string_view t) {
    if (t == "good") return Stance::Good;
    if (t == "bad") return Stance::Bad;
    if (t == "inconclusive") return Stance::Inconclusive;
    return std::nullopt;
}

const std::vector<PredicateInfo>& predicates() {
    static const std::vector<PredicateInfo> list = [] {
        std::vector<PredicateInfo> out;
        for (const auto& s : specs()) out.push_back(s.info);
        return out;
    }();
    return list;
}

const PredicateInfo* find_predicate(std::string_view name) {
    for (const auto& p : predicates())
        if (p.name == name) return &p;
    return nullptr;
}

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

// ---- verification ----

namespace {

struct Outcome {
    Truth truth = Truth::Unverifiable;
    std::string reason;
    bool legality = false;  // false because a move argument cannot be played
};

Outcome yes(std::string r) { return {Truth::True, std::move(r)}; }
Outcome no(std::string r) { return {Truth::False, std::move(r)}; }
Outcome unknown(std::string r) { return {Truth::Unverifiable, std::move(r)}; }
Outcome is(bool b, std::string if_true, std::string if_false) {
    return b ? yes(std::move(if_true)) : no(std::move(if_false));
}

std::string piece_words(Piece p) {
    if (p == NoPiece) return "nothing";
    return std::string(color_word(color_of(p))) + " " + piece_type_word(type_of(p));
}

std::string on(const Position& pos, Square s) {
    Piece p = pos.piece_at(s);
    return p == NoPiece ? "the empty square " + square_name(s)
                        : "the " + piece_words(p) + " on " + square_name(s);
}

class Evaluator {
public:
    Evaluator(const Position& pos, const SubClaim& c, const ToolSuite& tools,
              const VerifyOptions& o, json& evidence)
        : pos_(pos), bt_(pos), c_(c), tools_(tools), o_(o), ev_(evidence) {}

    Outcome run() {
        const std::string& p = c_.predicate;
        if (p == "occupies") return occupies();
        if (p == "attacks") return attacks();
        if (p == "defends") return defends();
        if (p == "pins") return pins();
        if (p == "checks") return checks();
        if (p == "gives_check") return gives_check();
        if (p == "mates") return mates();
        if (p == "captures") return captures();
        if (p == "can_capture") return can_capture();
        if (p == "is_legal") return is_legal();
        if (p == "wins_material") return material_line(true);
        if (p == "loses_material") return material_line(false);
        if (p == "mate_in") return mate_in();
        if (p == "discovers_attack") return discovers_attack();
        if (p == "pawn_weakness") return pawn_weakness();
        if (p == "legal_moves") return legal_moves();
        if (p == "hangs") return hangs();
        if (p == "undefended") return undefended();
        if (p == "threatens") return threatens();
        if (p == "forks") return forks();
        if (p == "opens_file") return opens_file();
        if (p == "open_file") return open_file();
        if (p == "opens_line") return opens_line();
        if (p == "controls") return controls();
        if (p == "passed_pawn") return passed_pawn();
        if (p == "material_lead") return material_lead();
        if (p == "piece_count") return piece_count();
        if (p == "file_status") return file_status_claim();
        if (p == "only_move" && c_.args.value("legal", false)) return only_legal_move();
        if (p == "only_move") return engine_move_claim("is_forced");
        if (p == "best_move") return engine_move_claim("move_quality");
        if (p == "quality_label") return quality_label();
        return unknown("unknown predicate");
    }

private:
    Square sq(const char* name) const { return parse_square(c_.args.at(name).get<std::string>()); }
    std::optional<Square> opt_sq(const char* name) const {
        return c_.args.contains(name) ? std::optional<Square>(sq(name)) : std::nullopt;
    }
    std::string str(const char* name) const { return c_.args.value(name, std::string()); }
    std::optional<PieceType> piece_arg() const {
        return c_.args.contains("piece") ? parse_piece_word(str("piece")) : std::nullopt;
    }

    // The move argument, legal in pos; sets `bad` with a legality outcome otherwise.
    std::optional<Move> move(Outcome& bad) {
        const std::string text = str("move");
        MoveParse mp = parse_move_text(pos_, text);
        ev_["move"] = mp.ok() ? move_json(pos_, mp.move)
                              : json{{"text", text},
                                     {"code", move_error_code(mp.error)},
                                     {"message", mp.message}};
        if (mp.ok()) return mp.move;
        bad = no("\"" + text + "\" cannot be played here: " + mp.message);
        bad.legality = true;
        return std::nullopt;
    }

    Outcome occupies() {
        Square s = sq("square");
        Piece p = bt_.piece_at(s);
        ev_["piece_at"] = piece_or_null(pos_, s);
        if (p == NoPiece) return no(square_name(s) + " is empty");
        auto pt = piece_arg();
        auto c = c_.args.contains("color") ? parse_color_word(str("color")) : std::nullopt;
        bool match = (!pt || type_of(p) == *pt) && (!c || color_of(p) == *c);
        return is(match, on(pos_, s), square_name(s) + " holds a " + piece_words(p));
    }

    Outcome attacks() {
        Square t = sq("target");
        if (auto from = opt_sq("from")) {
            Bitboard a = bt_.attacks(*from);
            ev_["attacks"] = {{"square", square_name(*from)},
                              {"piece", piece_or_null(pos_, *from)},
                              {"attacks", squares_json(a)}};
            if (pos_.piece_at(*from) == NoPiece) return no(square_name(*from) + " is empty");
            return is(a & square_bb(t), on(pos_, *from) + " attacks " + square_name(t),
                      on(pos_, *from) + " does not attack " + square_name(t));
        }
        Color c = *parse_color_word(str("color"));
        Bitboard a = bt_.attackers(c, t);
        ev_["attackers"] = {{"square", square_name(t)},
                            {"color", color_word(c)},
                            {"attackers", pieces_json(pos_, a)}};
        if (c_.args.contains("count")) {
            const int n = popcount(a), want = c_.args["count"].get<int>();
            const std::string said = std::string(color_word(c)) + " attacks " + square_name(t) +
                                     " " + std::to_string(n) + " times";
            return is(n == want, said, said + ", not " + std::to_string(want));
        }
        return is(a != 0, std::string(color_word(c)) + " attacks " + square_name(t),
                  std::string("no ") + color_word(c) + " piece attacks " + square_name(t));
    }

    Outcome defends() {
        Square t = sq("target");
        Bitboard d = bt_.defenders(t);
        ev_["defenders"] = {{"square", square_name(t)},
                            {"piece", piece_or_null(pos_, t)},
                            {"defenders", pieces_json(pos_, d)}};
        if (pos_.piece_at(t) == NoPiece) return no(square_name(t) + " is empty");
        const int n = popcount(d);
        if (c_.args.contains("count") && n != c_.args["count"].get<int>())
            return no(on(pos_, t) + " has " + std::to_string(n) + " defenders, not " +
                      std::to_string(c_.args["count"].get<int>()));
        if (auto from = opt_sq("from")) {
            if (pos_.piece_at(*from) == NoPiece) return no(square_name(*from) + " is empty");
            if (!(d & square_bb(*from)))
                return no(on(pos_, *from) + " does not defend " + on(pos_, t));
            if (c_.args.value("only", false) && n != 1)
                return no(on(pos_, *from) + " is one of " + std::to_string(n) + " defenders of " +
                          on(pos_, t));
            return yes(on(pos_, *from) + " defends " + on(pos_, t) +
                       (n == 1 ? " (its only defender)" : ""));
        }
        if (c_.args.contains("count"))
            return yes(on(pos_, t) + " has " + std::to_string(n) + " defenders");
        return is(d != 0, on(pos_, t) + " is defended", on(pos_, t) + " has no defender");
    }

    Outcome pins() {
        Square s = sq("pinned");
        if (pos_.piece_at(s) == NoPiece) {
            ev_["pin"] = {{"square", square_name(s)}, {"piece", nullptr}};
            return no(square_name(s) + " is empty");
        }
        PinReport r = bt_.pin(s);
        ev_["pin"] = {
            {"square", square_name(s)},
            {"pinned", r.pinned},
            {"relative_pin", r.relative},
            {"pinner", r.pinner == NoSquare ? json(nullptr) : piece_or_null(pos_, r.pinner)},
            {"pinned_to",
             r.pinned_to == NoSquare ? json(nullptr) : piece_or_null(pos_, r.pinned_to)}};
        if (!r.pinned && !r.relative) return no(on(pos_, s) + " is not pinned");
        if (c_.args.value("absolute", false) && !r.pinned)
            return no(on(pos_, s) + " is pinned to " + on(pos_, r.pinned_to) + ", not to its king");
        if (auto by = opt_sq("pinner"); by && *by != r.pinner)
            return no(on(pos_, s) + " is pinned by " + on(pos_, r.pinner) + ", not from " +
                      square_name(*by));
        if (auto to = opt_sq("to"); to && *to != r.pinned_to)
            return no(on(pos_, s) + " is pinned to " + on(pos_, r.pinned_to) + ", not to " +
                      square_name(*to));
        return yes(on(pos_, s) + " is pinned by " + on(pos_, r.pinner) + " to " +
                   on(pos_, r.pinned_to));
    }

    Outcome checks() {
        Color stm = pos_.side_to_move();
        ev_["checkers"] = {{"side_to_move", color_word(stm)},
                           {"check", pos_.is_check()},
                           {"checkers", pieces_json(pos_, bt_.checkers())}};
        if (c_.args.contains("color") && *parse_color_word(str("color")) != stm)
            return no(std::string(color_word(~stm)) + " is not to move, so cannot be in check");
        return is(pos_.is_check(), std::string(color_word(stm)) + " is in check",
                  std::string(color_word(stm)) + " is not in check");
    }

    Outcome gives_check() {
        Outcome bad;
        auto m = move(bad);
        if (!m) return bad;
        CheckKind k = bt_.gives_check(*m);
        ev_["gives_check"] = check_kind_name(k);
        std::string san = move_to_san(pos_, *m);
        if (k == CheckKind::None) return no(san + " gives no check");
        if (c_.args.contains("kind") && str("kind") != check_kind_name(k))
            return no(san + " gives a " + check_kind_name(k) + " check, not " + str("kind"));
        return yes(san + " gives a " + std::string(check_kind_name(k)) + " check");
    }

    Outcome mates() {
        if (!c_.args.contains("move")) {
            ev_["checkmate"] = pos_.is_checkmate();
            return is(pos_.is_checkmate(),
                      std::string(color_word(pos_.side_to_move())) + " is checkmated",
                      std::string(color_word(pos_.side_to_move())) + " is not checkmated");
        }
        Outcome bad;
        auto m = move(bad);
        if (!m) return bad;
        Position after = pos_;
        after.do_move(*m);
        ev_["checkmate"] = after.is_checkmate();
        std::string san = move_to_san(pos_, *m);
        return is(after.is_checkmate(), san + " is checkmate", san + " is not checkmate");
    }

    Outcome captures() {
        Outcome bad;
        auto m = move(bad);
        if (!m) return bad;
        Piece cap = pos_.captured_piece(*m);
        std::string san = move_to_san(pos_, *m);
        ev_["capture"] = cap == NoPiece ? json(nullptr) : json(piece_type_word(type_of(cap)));
        if (cap == NoPiece) return no(san + " captures nothing");
        if (auto pt = piece_arg(); pt && type_of(cap) != *pt)
            return no(san + " captures a " + piece_type_word(type_of(cap)) + ", not a " +
                      str("piece"));
        const Square where =
            m->kind() == EnPassant ? Square(m->to() - pawn_push(pos_.side_to_move())) : m->to();
        if (auto s = opt_sq("square"); s && m->to() != *s && where != *s)
            return no(san + " captures on " + square_name(where) + ", not on " + square_name(*s));
        return yes(san + " captures a " + std::string(piece_type_word(type_of(cap))));
    }

    Outcome can_capture() {
        Square s = sq("square");
        auto pt = piece_arg();
        json found = json::array();
        for (Move m : MoveList(pos_)) {
            Piece cap = pos_.captured_piece(m);
            if (cap == NoPiece || m.kind() == Castling) continue;
            Square where =
                m.kind() == EnPassant ? Square(m.to() - pawn_push(pos_.side_to_move())) : m.to();
            if (where != s && m.to() != s) continue;
            if (pt && type_of(cap) != *pt) continue;
            found.push_back(move_json(pos_, m));
        }
        ev_["captures"] = found;
        std::string side = color_word(pos_.side_to_move());
        return is(!found.empty(),
                  side + " can capture on " + square_name(s) + " (" + found.dump() + ")",
                  side + " has no legal capture on " + square_name(s) +
                      (pt ? " of a " + str("piece") : ""));
    }

    Outcome is_legal() {
        Outcome bad;
        auto m = move(bad);
        bad.legality = false;  // here legality is the claim itself: a negation applies
        if (!m) return bad;
        return yes(move_to_san(pos_, *m) + " is legal");
    }

    Outcome hangs() {
        Square s = sq("square");
        Piece p = pos_.piece_at(s);
        if (p == NoPiece) return no(square_name(s) + " is empty");
        if (type_of(p) == King) return no("a king does not hang");
        for (const HangingPiece& h : bt_.hanging(color_of(p))) {
            if (h.square != s) continue;
            ev_["hanging"] = {{"square", square_name(s)},
                              {"attackers", h.attackers},
                              {"defenders", h.defenders},
                              {"see", h.see},
                              {"capturer", square_name(h.capturer)}};
            return yes(on(pos_, s) + " hangs: capturing it wins " + std::to_string(h.see) + " cp");
        }
        ev_["hanging"] = {{"square", square_name(s)},
                          {"hanging", false},
                          {"attackers", popcount(bt_.attackers(~color_of(p), s))},
                          {"defenders", popcount(bt_.defenders(s))}};
        return no(on(pos_, s) + " does not hang (no capture of it wins material)");
    }

    Outcome undefended() {
        Square s = sq("square");
        if (pos_.piece_at(s) == NoPiece) return no(square_name(s) + " is empty");
        Bitboard d = bt_.defenders(s);
        ev_["defenders"] = {{"square", square_name(s)}, {"defenders", pieces_json(pos_, d)}};
        return is(d == 0, on(pos_, s) + " is undefended", on(pos_, s) + " is defended");
    }

    Outcome forks() {
        Outcome bad;
        auto m = move(bad);
        if (!m) return bad;
        MoveFacts f = bt_.move_facts(*m);
        json targets = json::array(), fork_targets = json::array();
        Bitboard fork_set = 0;
        for (const Target& t : f.targets) {
            targets.push_back(square_name(t.square));
            if (t.more_valuable || !t.defended) {
                fork_targets.push_back(square_name(t.square));
                fork_set |= square_bb(t.square);
            }
        }
        ev_["move_facts"] = {
            {"targets", targets}, {"fork", f.fork}, {"fork_targets", fork_targets}};
        std::string san = move_to_san(pos_, *m);
        if (!f.fork)
            return no(san + " is not a fork (" + fork_targets.dump() + " of the targets count)");
        if (c_.args.contains("targets"))
            for (const auto& t : c_.args["targets"]) {
                Square s = parse_square(t.get<std::string>());
                if (!(fork_set & square_bb(s)))
                    return no(san + " forks " + fork_targets.dump() + " but not " + square_name(s));
            }
        return yes(san + " forks " + fork_targets.dump());
    }

    Outcome opens_file() {
        Outcome bad;
        auto m = move(bad);
        if (!m) return bad;
        int file = str("file")[0] - 'a';
        Color us = pos_.side_to_move();
        Bitboard fbb = file_bb(file);
        Position after = pos_;
        after.do_move(*m);
        int own_before = popcount(pos_.pieces(Pawn, us) & fbb),
            own_after = popcount(after.pieces(Pawn, us) & fbb);
        ev_["file_status"] = {{"file", std::string(1, char('a' + file))},
                              {"before", file_status_name(file_status(pos_, file))},
                              {"after", file_status_name(file_status(after, file))}};
        std::string f = std::string(1, char('a' + file)) + "-file";
        if (own_after > 0)
            return no("the " + f + " still has " + color_word(us) + " pawns after the move");
        return is(own_before > own_after,
                  "the move clears the " + f + " of " + color_word(us) + " pawns",
                  "the " + f + " had no " + std::string(color_word(us)) + " pawns before the move");
    }

    Outcome open_file() {
        int file = str("file")[0] - 'a';
        Bitboard fbb = file_bb(file);
        std::string f = std::string(1, char('a' + file)) + "-file";
        json pawns = pieces_json(pos_, pos_.pieces(Pawn) & fbb);
        ev_["file_status"] = {{"file", std::string(1, char('a' + file))},
                              {"status", file_status_name(file_status(pos_, file))},
                              {"pawns", pawns}};
        if (c_.args.contains("color")) {
            Color c = *parse_color_word(str("color"));
            Bitboard own = pos_.pieces(Pawn, c) & fbb;
            return is(own == 0, "the " + f + " has no " + std::string(color_word(c)) + " pawn",
                      "the " + f + " is blocked by " + color_word(c) + "'s own pawn on " +
                          square_name(lsb(own)));
        }
        return is((pos_.pieces(Pawn) & fbb) == 0, "the " + f + " is open",
                  "the " + f + " has pawns: " + pawns.dump());
    }

    Outcome opens_line() {
        Outcome bad;
        auto m = move(bad);
        if (!m) return bad;
        Square a = sq("from"), b = sq("to");
        RayReport before = bt_.ray(a, b);
        if (before.line == LineKind::None)
            return no(square_name(a) + " and " + square_name(b) + " are not on one line");
        Position after = pos_;
        after.do_move(*m);
        RayReport r2 = BoardTools(after).ray(a, b);
        ev_["ray"] = {{"line", line_kind_name(before.line)},
                      {"blockers_before", squares_json(before.blockers)},
                      {"blockers_after", squares_json(r2.blockers)}};
        if (r2.blockers)
            return no("the line is still blocked on " + squares_json(r2.blockers).dump());
        return is(before.blockers != 0,
                  "the move clears the line " + square_name(a) + "-" + square_name(b),
                  "the line " + square_name(a) + "-" + square_name(b) + " was already clear");
    }

    Outcome controls() {
        Square s = sq("square");
        Color c = *parse_color_word(str("color"));
        int ours = popcount(bt_.attackers(c, s)), theirs = popcount(bt_.attackers(~c, s));
        ev_["attackers"] = {
            {"square", square_name(s)}, {color_word(c), ours}, {color_word(~c), theirs}};
        return is(ours > 0 && ours >= theirs,
                  std::string(color_word(c)) + " attacks " + square_name(s) + " " +
                      std::to_string(ours) + " times against " + std::to_string(theirs),
                  std::string(color_word(c)) + " attacks " + square_name(s) + " " +
                      std::to_string(ours) + " times against " + std::to_string(theirs));
    }

    Outcome passed_pawn() {
        if (!c_.args.contains("square")) {
            Color c = *parse_color_word(str("color"));
            PawnStructure ps = pawn_structure(pos_, c);
            ev_["pawn_structure"] = {{"color", color_word(c)}, {"passed", squares_json(ps.passed)}};
            const int n = popcount(ps.passed);
            const std::string has = std::string(color_word(c)) + " has " + std::to_string(n) +
                                    " passed pawn" + (n == 1 ? "" : "s");
            if (c_.args.contains("count")) return is(n == c_.args["count"].get<int>(), has, has);
            return is(n > 0, has, has);
        }
        Square s = sq("square");
        Piece p = pos_.piece_at(s);
        if (p == NoPiece || type_of(p) != Pawn) return no("no pawn on " + square_name(s));
        PawnStructure ps = pawn_structure(pos_, color_of(p));
        ev_["pawn_structure"] = {{"color", color_word(color_of(p))},
                                 {"passed", squares_json(ps.passed)}};
        return is(ps.passed & square_bb(s), on(pos_, s) + " is passed",
                  on(pos_, s) + " is not passed");
    }

    Outcome material_lead() {
        Material w = material(pos_, White), b = material(pos_, Black);
        const int diff = w.points - b.points;
        ev_["material"] = {{"white", w.points}, {"black", b.points}, {"balance", diff}};
        const std::string said = "material: white " + std::to_string(w.points) + ", black " +
                                 std::to_string(b.points) + " (P1 N3 B3 R5 Q9)";
        if (!c_.args.contains("color")) return is(diff == 0, said, said);
        const int sign = *parse_color_word(str("color")) == White ? 1 : -1;
        const int lead = sign * diff;
        if (c_.args.value("pieces", false)) {
            // Pieces and pawns apart: "a piece up for two pawns".
            const int pawns = sign * (w.pawns - b.pawns);
            const int pieces = lead - pawns;
            ev_["material"]["pieces_balance"] = sign * pieces;
            const std::string parts = said + ": pieces " + std::to_string(pieces) + ", pawns " +
                                      std::to_string(pawns) + " for " + str("color");
            if (pieces != c_.args["points"].get<int>()) return no(parts);
            if (c_.args.contains("for_pawns"))
                return is(pawns == -c_.args["for_pawns"].get<int>(), parts, parts);
            if (pawns < -1 || pawns > 1)
                return unknown(parts + "; the pawns differ by more than one");
            return yes(parts);
        }
        if (c_.args.contains("points")) return is(lead == c_.args["points"].get<int>(), said, said);
        if (c_.args.contains("min")) return is(lead >= c_.args["min"].get<int>(), said, said);
        return is(lead > 0, said, said);
    }

    Outcome piece_count() {
        Color c = *parse_color_word(str("color"));
        PieceType pt = *piece_arg();
        const int n = popcount(pos_.pieces(pt, c));
        ev_["pieces"] = {{"color", color_word(c)},
                         {"piece", piece_type_word(pt)},
                         {"squares", squares_json(pos_.pieces(pt, c))}};
        const std::string said = std::string(color_word(c)) + " has " + std::to_string(n) + " " +
                                 piece_type_word(pt) + (n == 1 ? "" : "s");
        if (c_.args.contains("count")) return is(n == c_.args["count"].get<int>(), said, said);
        const int least = c_.args.contains("min") ? c_.args["min"].get<int>() : 1;
        return is(n >= least, said, said);
    }

    Outcome file_status_claim() {
        int file = str("file")[0] - 'a';
        Bitboard fbb = file_bb(file);
        const bool w = pos_.pieces(Pawn, White) & fbb, b = pos_.pieces(Pawn, Black) & fbb;
        const std::string f = std::string(1, char('a' + file)) + "-file";
        ev_["file_status"] = {{"file", std::string(1, char('a' + file))},
                              {"status", file_status_name(file_status(pos_, file))},
                              {"pawns", pieces_json(pos_, pos_.pieces(Pawn) & fbb)}};
        const std::string said = "the " + f + " has " + (w ? "white" : "no white") + " and " +
                                 (b ? "black" : "no black") + " pawns";
        const std::string st = str("status");
        if (st == "open") return is(!w && !b, said, said);
        if (st == "closed") return is(w && b, said, said);
        if (c_.args.contains("color")) {
            const bool own = *parse_color_word(str("color")) == White ? w : b;
            const bool other = *parse_color_word(str("color")) == White ? b : w;
            return is(!own && other, said, said);
        }
        return is(w != b, said, said);
    }

    Outcome only_legal_move() {
        Outcome bad;
        auto m = move(bad);
        if (!m) return bad;
        MoveList moves(pos_);
        ev_["legal_moves"] = moves.size();
        const std::string san = move_to_san(pos_, *m);
        return is(moves.size() == 1, san + " is the only legal move",
                  san + " is one of " + std::to_string(moves.size()) + " legal moves");
    }

    // ---- engine predicates ----

    // Calls an engine tool; an error result becomes an unverifiable outcome in `fail`.
    std::optional<json> engine(const char* tool, json args, Outcome& fail) {
        args["depth"] = o_.depth;
        json r = tools_.call(tool, args, o_.cancel);
        if (r.contains("error")) {
            const std::string code = r["error"].value("code", "");
            fail = unknown(code == "no_engine"
                               ? "needs the engine, and there is none"
                               : tool + std::string(" failed: ") + r["error"].value("message", ""));
            if (code == "illegal_move" || code == "malformed_move" || code == "ambiguous_move") {
                fail = no(r["error"].value("message", ""));
                fail.legality = true;
            }
            return std::nullopt;
        }
        return r;
    }

    Outcome engine_move_claim(const char* tool) {
        Outcome bad;
        auto m = move(bad);
        if (!m) return bad;
        std::string san = move_to_san(pos_, *m), uci = move_to_uci(pos_, *m);
        auto r = engine(tool, {{"fen", pos_.fen()}, {"move", uci}}, bad);
        if (!r) return bad;
        if (std::string(tool) == "is_forced") {
            ev_["is_forced"] = {{"forced", (*r)["forced"]},
                                {"reason", (*r)["reason"]},
                                {"move", r->value("move", json(nullptr))},
                                {"win_percent_gap", r->value("win_percent_gap", json(nullptr))},
                                {"legal_moves", r->value("legal_moves", json(nullptr))}};
            bool forced = r->value("move_is_forced", false);
            // Also forced: the only move that is not mated (every other move is, in a lost
            // position the win% gap alone cannot show).
            const json& best = (*r)["best"];
            const json& second = r->value("second", json(nullptr));
            ev_["is_forced"]["best"] = best.is_null() ? json(nullptr) : best;
            ev_["is_forced"]["second"] = second;
            if (!forced && best.is_object() && second.is_object() &&
                best["move"].value("uci", std::string()) == uci) {
                auto mated = [](const json& sc) {
                    return sc.contains("mate") && sc["mate"].get<int>() <= 0;
                };
                if (!mated(best["score"]) && mated(second["score"])) {
                    return yes(san + " is the only move that avoids being mated");
                }
            }
            return is(forced, san + " is forced (" + r->value("reason", std::string()) + ")",
                      san + " is not forced (" + r->value("reason", std::string()) + ")");
        }
        ev_["move_quality"] = quality_evidence(*r);
        double loss = r->value("wp_loss", 100.0);
        bool best = false;
        for (const auto& t : (*r)["tags"]) best = best || t == "best";
        return is(best || loss <= 1.0,
                  san + " is the best move or within 1 win% of it (loss " + num(loss) + ")",
                  san + " loses " + num(loss) + " win% against " +
                      (*r)["best"].value("san", std::string()));
    }

    static std::string num(double v) {
        char b[32];
        std::snprintf(b, sizeof b, "%.1f", v);
        return b;
    }

    static json quality_evidence(const json& r) {
        return {{"labels", r["labels"]}, {"wp_loss", r["wp_loss"]},
                {"best", r["best"]},     {"played_score", r["played_score"]},
                {"tags", r["tags"]},     {"depth", r["depth"]}};
    }

    Outcome quality_label() {
        Outcome bad;
        auto m = move(bad);
        if (!m) return bad;
        std::string san = move_to_san(pos_, *m);
        auto r =
            engine("move_quality", {{"fen", pos_.fen()}, {"move", move_to_uci(pos_, *m)}}, bad);
        if (!r) return bad;
        ev_["move_quality"] = quality_evidence(*r);
        std::string scheme = c_.args.value("scheme", std::string(scheme_name(o_.scheme)));
        std::string label = (*r)["labels"].value(scheme, std::string());
        const auto parsed = parse_label(label);
        std::string said = "engine (" + scheme + "): " + san + " is " +
                           (parsed ? label_phrase(*parsed) : label.c_str()) + ", " +
                           num(r->value("wp_loss", 0.0)) + " win% lost";
        if (c_.args.contains("label")) return is(label == str("label"), said, said);
        bool bad_label = label == "mistake" || label == "blunder";
        if (label == "inaccuracy")
            return unknown(said + "; an inaccuracy is neither a good nor a bad stance");
        return is((str("stance") == "bad") == bad_label, said, said);
    }

    // Whether a net gain (or loss) of `got` cp, with a piece worth `biggest` among what changed
    // hands, amounts to `amount`: exactly as much or more, or for a piece or more also one pawn
    // less when that piece itself went ("wins a piece" when a pawn comes back).
    static bool enough(int got, int amount, int biggest) {
        return got >= amount || (amount >= 300 && got >= amount - 100 && biggest >= amount);
    }

    // wins_material (win) / loses_material: static exchange first, else the engine's line
    // after the move, up to 8 plies.
    Outcome material_line(bool win) {
        Outcome bad;
        auto m = move(bad);
        if (!m) return bad;
        std::string san = move_to_san(pos_, *m);
        auto pt = piece_arg();
        const bool has_amount = c_.args.contains("amount");
        const int amount = has_amount ? c_.args["amount"].get<int>() : pt ? 1 : 100;
        const Color us = pos_.side_to_move();
        const int s = bt_.see(*m);
        Piece cap = pos_.captured_piece(*m);
        const PieceType moved = type_of(pos_.piece_at(m->from()));
        ev_["see"] = s;
        const bool static_ok =
            win ? enough(s, amount, cap == NoPiece ? 0 : PieceValue[type_of(cap)]) &&
                      (!pt || (cap != NoPiece && type_of(cap) == *pt))
                : enough(-s, amount, PieceValue[moved]) && (!pt || moved == *pt);
        if (static_ok)
            return yes(san + (win ? " wins " : " loses ") + std::to_string(win ? s : -s) +
                       " cp by static exchange");
        Position after = pos_;
        after.do_move(*m);
        if (MoveList(after).empty()) {
            if (!win) return no(san + " ends the game and loses nothing");
            return is(after.is_checkmate() && amount <= 100000, san + " mates",
                      san + " wins no material");
        }
        auto r = engine("eval", {{"fen", after.fen()}}, bad);
        if (!r) {
            bad.reason =
                "static exchange " + std::to_string(s) + " cp is not enough; " + bad.reason;
            return bad;
        }
        std::vector<std::string> line = {move_to_uci(pos_, *m)};
        for (const auto& mv : (*r)["pv"]) {
            if (line.size() >= 8) break;
            line.push_back(mv.value("uci", std::string()));
        }
        PlayReport play = play_moves(pos_, line);
        const int sign = us == White ? 1 : -1;
        int gain = sign * (material_balance(play.end) - material_balance(pos_)) * 100;
        // What the side that gains took: ours on even plies (win), theirs on odd ones (loss).
        bool took = false;
        int biggest = 0;
        for (std::size_t i = win ? 0 : 1; i < play.moves.size(); i += 2) {
            const Piece c = play.moves[i].captured;
            if (c == NoPiece) continue;
            biggest = std::max(biggest, PieceValue[type_of(c)]);
            if (!pt || type_of(c) == *pt) took = true;
        }
        json sans = json::array();
        for (const auto& pm : play.moves) sans.push_back(pm.san);
        ev_["line"] = {{"moves", sans}, {"material_gain", gain}, {"score", (*r)["score"]}};
        if (play.end.is_checkmate()) {
            if (play.end.side_to_move() != us)
                return win ? yes(san + " leads to mate: " + sans.dump())
                           : no(san + " leads to mate for " + color_word(us) + ": " + sans.dump());
            return win ? no(san + " gets mated: " + sans.dump())
                       : unknown(san + " gets mated, which is more than material: " + sans.dump());
        }
        const int got = win ? gain : -gain;
        bool ok = pt ? took && got > 0 && (!has_amount || enough(got, amount, biggest))
                     : enough(got, amount, biggest);
        const std::string verb = win ? " wins " : " loses ";
        return is(ok, san + verb + std::to_string(got) + " cp along " + sans.dump(),
                  san + " nets " + std::to_string(gain) + " cp along " + sans.dump());
    }

    // The position with the other side to move (the null move), when that side is not in check.
    std::optional<Position> null_move() const {
        if (pos_.is_check()) return std::nullopt;
        Position np;
        if (!np.set(null_move_fen(pos_)).ok()) return std::nullopt;
        return np;
    }

    // threatens with mate: the side not to move would mate (on square) if it were its turn.
    Outcome threatens_mate() {
        const Color them = ~pos_.side_to_move();
        const std::string side = color_word(them);
        auto np = null_move();
        if (!np)
            return unknown("no threat can be read: " + std::string(color_word(~them)) +
                           " is in check");
        auto sq_arg = opt_sq("square");
        json mates = json::array();
        for (Move m : MoveList(*np)) {
            Position after = *np;
            after.do_move(m);
            if (after.is_checkmate() && (!sq_arg || (m.kind() != Castling && m.to() == *sq_arg)))
                mates.push_back(move_to_san(*np, m));
        }
        ev_["mates_in_one"] = mates;
        const std::string where = sq_arg ? " on " + square_name(*sq_arg) : "";
        if (!mates.empty()) return yes(side + " threatens mate" + where + ": " + mates.dump());
        Outcome bad;
        auto r = engine("threat", {{"fen", pos_.fen()}}, bad);
        if (!r) return bad;
        const json& if_ignored = (*r)["score_if_ignored"];
        ev_["threat"] = {{"best_threat", (*r)["threat"]}, {"score_if_ignored", if_ignored}};
        const bool mating = if_ignored.is_object() && if_ignored.contains("mate") &&
                            if_ignored["mate"].get<int>() > 0;
        if (!mating) return no(side + " has no mating threat (" + if_ignored.dump() + ")");
        if (sq_arg) return unknown(side + " threatens a longer mate; where is not checked");
        return yes(side + " threatens mate in " + std::to_string(if_ignored["mate"].get<int>()));
    }

    // mate_in: a forced mate for the side to move, after move when given.
    Outcome mate_in() {
        const int n = c_.args.value("moves", 0);  // 0: any number of moves
        const std::string side = color_word(pos_.side_to_move());
        Position at = pos_;
        std::string san;
        int used = 0;  // own moves already played
        if (c_.args.contains("move")) {
            Outcome bad;
            auto m = move(bad);
            if (!m) return bad;
            san = move_to_san(pos_, *m);
            at.do_move(*m);
            used = 1;
            if (at.is_checkmate())
                return is(n == 0 || n == 1, san + " mates at once",
                          san + " mates at once, in one move");
            if (n == 1) return no(san + " is not mate");
        } else if (n == 1) {
            json mates = json::array();
            for (Move m : MoveList(pos_)) {
                Position after = pos_;
                after.do_move(m);
                if (after.is_checkmate()) mates.push_back(move_to_san(pos_, m));
            }
            ev_["mates_in_one"] = mates;
            return is(!mates.empty(), side + " mates in one: " + mates.dump(),
                      side + " has no mate in one");
        }
        if (MoveList(at).empty()) return no("the game is over without mate");
        Outcome bad;
        auto r = engine("eval", {{"fen", at.fen()}}, bad);
        if (!r) return bad;
        const json& score = (*r)["score"];
        ev_["eval"] = {{"score", score}, {"pv_san", (*r)["pv_san"]}, {"depth", (*r)["depth"]}};
        // The score is from the side to move in `at`: the opponent after a move.
        const int flip = used ? -1 : 1;
        if (score.contains("mate") && flip * score["mate"].get<int>() > 0) {
            const int total = flip * score["mate"].get<int>() + used;
            const std::string said = (san.empty() ? side : san) + " mates in " +
                                     std::to_string(total) + ": " +
                                     r->value("pv_san", std::string());
            if (n == 0 || total == n) return yes(said);
            if (total > n) return no(said);
            return unknown(said + " (shorter than said)");
        }
        const std::string none = "no forced mate found for " + side + " (" + score.dump() + ")";
        // A short mate is always found at analysis depths; a long one may lie beyond them.
        if (n != 0 && n <= 3) return no(none);
        if (score.contains("cp") && flip * score["cp"].get<int>() < 500) return no(none);
        if (score.contains("mate")) return no(none);
        return unknown(none + "; a longer mate may lie beyond the search");
    }

    // discovers_attack: after move, an enemy piece (on target) is attacked by a slider that
    // the moved piece uncovered.
    Outcome discovers_attack() {
        Outcome bad;
        auto m = move(bad);
        if (!m) return bad;
        const std::string san = move_to_san(pos_, *m);
        MoveFacts f = bt_.move_facts(*m);
        json found = json::array();
        auto t = opt_sq("target");
        bool hit = false;
        for (const DiscoveredAttack& d : f.discovered) {
            found.push_back(
                {{"slider", square_name(d.slider)}, {"target", square_name(d.target.square)}});
            if (!t || d.target.square == *t) hit = true;
        }
        ev_["discovered_attacks"] = found;
        return is(hit, san + " uncovers " + found.dump(),
                  san + " uncovers no attack" + (t ? " on " + square_name(*t) : std::string()) +
                      (found.empty() ? "" : " (only " + found.dump() + ")"));
    }

    Outcome pawn_weakness() {
        Square s = sq("square");
        Piece p = pos_.piece_at(s);
        if (p == NoPiece || type_of(p) != Pawn) return no("no pawn on " + square_name(s));
        PawnStructure ps = pawn_structure(pos_, color_of(p));
        const std::string kind = str("kind");
        const Bitboard set = kind == "isolated"  ? ps.isolated
                             : kind == "doubled" ? ps.doubled
                                                 : ps.backward;
        ev_["pawn_structure"] = {{"color", color_word(color_of(p))}, {kind, squares_json(set)}};
        return is(set & square_bb(s), on(pos_, s) + " is " + kind, on(pos_, s) + " is not " + kind);
    }

    Outcome legal_moves() {
        const int n = int(MoveList(pos_).size()), want = c_.args["count"].get<int>();
        ev_["legal_moves"] = n;
        const std::string said = std::string(color_word(pos_.side_to_move())) + " has " +
                                 std::to_string(n) + " legal move" + (n == 1 ? "" : "s");
        return is(n == want, said, said);
    }

    Outcome threatens() {
        const Color them = ~pos_.side_to_move();
        if (c_.args.value("mate", false)) return threatens_mate();
        if (auto t = opt_sq("target")) {
            Piece p = pos_.piece_at(*t);
            if (p == NoPiece) return no(square_name(*t) + " is empty");
            if (color_of(p) == them) return no(on(pos_, *t) + " belongs to the threatening side");
            Bitboard att = bt_.attackers(them, *t);
            ev_["attackers"] = {{"square", square_name(*t)}, {"attackers", pieces_json(pos_, att)}};
            if (type_of(p) == King)
                return is(att != 0, on(pos_, *t) + " is in check",
                          on(pos_, *t) + " is not attacked");
            for (const HangingPiece& h : bt_.hanging(color_of(p)))
                if (h.square == *t) {
                    ev_["hanging"] = {{"see", h.see}, {"capturer", square_name(h.capturer)}};
                    return yes(std::string(color_word(them)) + " threatens to win " + on(pos_, *t) +
                               " (" + std::to_string(h.see) + " cp)");
                }
            return no(att ? on(pos_, *t) + " is attacked but capturing it wins nothing"
                          : on(pos_, *t) + " is not attacked by " + color_word(them));
        }
        Outcome bad;
        auto r = engine("threat", {{"fen", pos_.fen()}}, bad);
        if (!r) return bad;
        if (!r->value("null_move_legal", false))
            return unknown("no threat can be read: " + r->value("reason", std::string()));
        Position np;
        if (!np.set((*r)["null_move_fen"].get<std::string>()).ok())
            return unknown("bad null-move position");
        if (!c_.args.contains("move")) {
            ev_["threat"] = {{"best_threat", (*r)["threat"]},
                             {"gain", (*r)["gain"]},
                             {"significant", (*r)["significant"]}};
            const std::string t = (*r)["threat"].is_object()
                                      ? (*r)["threat"].value("san", std::string())
                                      : std::string("nothing");
            return is(r->value("significant", false),
                      std::string(color_word(them)) + " threatens " + t + " (" +
                          num(r->value("gain", 0.0)) + " win% if ignored)",
                      std::string(color_word(them)) + "'s best try " + t + " gains only " +
                          num(r->value("gain", 0.0)) + " win%");
        }
        const std::string text = str("move");
        MoveParse mp = parse_move_text(np, text);
        if (!mp.ok()) {
            Outcome o = no("\"" + text + "\" is not a move " + color_word(them) +
                           " could play: " + mp.message);
            o.legality = true;
            return o;
        }
        std::string san = move_to_san(np, mp.move);
        // A move that wins material or mates outright is a threat, whatever the win% says (a
        // side already winning gains few win% points).
        {
            const int gain = BoardTools(np).see(mp.move);
            Position after = np;
            after.do_move(mp.move);
            ev_["threat_see"] = gain;
            if (after.is_checkmate()) return yes(san + " would mate if ignored");
            if (np.captured_piece(mp.move) != NoPiece && gain >= 100)
                return yes(san + " would win " + std::to_string(gain) +
                           " cp by static exchange if ignored");
        }
        ev_["threat"] = {{"best_threat", (*r)["threat"]},
                         {"win_percent_now", (*r)["win_percent_now"]},
                         {"gain", (*r)["gain"]},
                         {"significant", (*r)["significant"]}};
        if ((*r)["threat"].is_object() &&
            (*r)["threat"].value("uci", std::string()) == move_to_uci(np, mp.move)) {
            bool sig = r->value("significant", false);
            return is(
                sig, san + " is the threat (" + num(r->value("gain", 0.0)) + " win% if ignored)",
                san + " is the best try but gains only " + num(r->value("gain", 0.0)) + " win%");
        }
        auto q =
            engine("move_quality", {{"fen", np.fen()}, {"move", move_to_uci(np, mp.move)}}, bad);
        if (!q) return bad;
        double gain = q->value("win_after", 0.0) - r->value("win_percent_now", 0.0);
        ev_["threat"]["named_gain"] = std::round(gain * 10) / 10;
        return is(gain >= 10, san + " would gain " + num(gain) + " win% if ignored",
                  san + " would gain only " + num(gain) + " win% if ignored");
    }

    const Position& pos_;
    BoardTools bt_;
    const SubClaim& c_;
    const ToolSuite& tools_;
    const VerifyOptions& o_;
    json& ev_;
};

}  // namespace

VerifyOptions verify_options(const Settings& settings) {
    VerifyOptions o;
    o.depth = settings.analysis_depth;
    o.scheme = settings.quality_scheme;
    return o;
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
        Outcome o = Evaluator(play.end, claim, tools_, options_, v.evidence).run();
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
            json r = tools_.call("move_quality", {{"fen", out.fen},
                                                  {"move", move_to_uci(root, mp.move)},
                                                  {"depth", options_.depth}},
                                 options_.cancel);
            if (!r.contains("error")) {
                std::string label = r["labels"].value(scheme_name(options_.scheme), std::string());
                for (QualityLabel l : {QualityLabel::Good, QualityLabel::Inaccuracy,
                                       QualityLabel::Mistake, QualityLabel::Blunder})
                    if (label == label_name(l)) out.engine_label = l;
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
            {"result", v.correct() ? "correct"
                       : v.failed  ? "incorrect"
                                   : "unverifiable"},
            {"category", v.category ? json(category_name(*v.category)) : json(nullptr)},
            {"verifiable", v.verifiable},
            {"failed", v.failed},
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
