// ACT-Eval's published records read into judge records, one line at a time.
#include "judge/act_eval_import.h"

#include <istream>
#include <optional>
#include <ostream>
#include <vector>

#include "io/input_limits.h"
#include "io/json_line.h"
#include "io/line_reader.h"
#include "io/utf8.h"
#include "rules/notation.h"
#include "rules/position.h"

namespace glossfish::verifier {

using nlohmann::json;

namespace {

// A failed read: the message of the first problem, thrown inside this file only.
struct ActEvalBadLine {
    std::string message;
};

[[noreturn]] void reject(std::string message) { throw ActEvalBadLine{std::move(message)}; }

// The member `name` of object o; `where` names o in messages ("" at the top, else "extracted.").
const json* field(const json& o, const char* name) {
    auto it = o.find(name);
    return it == o.end() ? nullptr : &*it;
}

const std::string& text_field(const json& o, const char* name, const std::string& where) {
    const json* v = field(o, name);
    if (!v) reject("\"" + where + name + "\" is missing");
    if (!v->is_string()) reject("\"" + where + name + "\" must be a string, got " + v->type_name());
    return v->get_ref<const std::string&>();
}

// Gold atoms from a reasoning value: an array of strings, one string, or null/absent (none).
// Blank atoms are left out; white space around an atom is trimmed.
std::vector<std::string> gold_atoms_of(const json* v, const std::string& where) {
    std::vector<std::string> out;
    auto add = [&](const std::string& s) {
        const std::size_t a = s.find_first_not_of(" \t\r\n");
        if (a == std::string::npos) return;
        const std::size_t b = s.find_last_not_of(" \t\r\n");
        out.push_back(s.substr(a, b - a + 1));
    };
    if (!v || v->is_null()) return out;
    if (v->is_string()) {
        add(v->get<std::string>());
        return out;
    }
    if (!v->is_array())
        reject("\"" + where + "\" must be an array of strings, a string or null, got " +
               v->type_name());
    for (std::size_t i = 0; i < v->size(); ++i) {
        const json& a = (*v)[i];
        if (!a.is_string())
            reject("\"" + where + "[" + std::to_string(i) + "]\" must be a string, got " +
                   a.type_name());
        add(a.get<std::string>());
    }
    return out;
}

// The id part of `game`: a string or an integer.
std::string game_of(const json& o) {
    const json* g = field(o, "game");
    if (!g) reject("\"game\" is missing");
    if (g->is_string()) {
        if (g->get_ref<const std::string&>().empty()) reject("\"game\" is empty");
        return g->get<std::string>();
    }
    if (g->is_number_integer()) return g->dump();
    reject(std::string("\"game\" must be a string or an integer, got ") + g->type_name());
}

int position_number_of(const json& o) {
    const json* n = field(o, "position_number");
    if (!n) reject("\"position_number\" is missing");
    if (!n->is_number_integer())
        reject(std::string("\"position_number\" must be an integer, got ") + n->type_name() + " " +
               n->dump());
    return n->get<int>();
}

// A string or null member as JSON (null when absent).
json text_or_null(const json& o, const char* name, const std::string& where) {
    const json* v = field(o, name);
    if (!v || v->is_null()) return nullptr;
    if (!v->is_string())
        reject("\"" + where + name + "\" must be a string or null, got " + v->type_name());
    return *v;
}

// One alternative {move, reasoning, variation?}, its move legal from pos.
json alternative_json(const Position& pos, const json& a, const std::string& where) {
    if (!a.is_object()) reject("\"" + where + "\" must be an object, got " + a.type_name());
    const std::string& move = text_field(a, "move", where + ".");
    MoveParse mp = parse_move_text(pos, move);
    if (!mp.ok()) reject("\"" + where + ".move\": move " + mp.named(move));
    const json* variation = field(a, "variation");
    return {{"move", move},
            {"san", move_to_san(pos, mp.move)},
            {"gold_atoms", gold_atoms_of(field(a, "reasoning"), where + ".reasoning")},
            {"variation", variation ? *variation : json(nullptr)}};
}

// The best move of the authors' engine lines (is_top, else the first), or null.
json best_engine_move(const json& o) {
    const json* lines = field(o, "engine_lines");
    if (!lines || lines->is_null()) return nullptr;
    if (!lines->is_array())
        reject(std::string("\"engine_lines\" must be an array, got ") + lines->type_name());
    json first = nullptr;
    for (std::size_t i = 0; i < lines->size(); ++i) {
        const json& l = (*lines)[i];
        const std::string where = "engine_lines[" + std::to_string(i) + "]";
        if (!l.is_object()) reject("\"" + where + "\" must be an object, got " + l.type_name());
        const json* uci = field(l, "move_uci");
        if (uci && !uci->is_string())
            reject("\"" + where + ".move_uci\" must be a string, got " + uci->type_name());
        const json* top = field(l, "is_top");
        if (top && !top->is_boolean() && !top->is_null())
            reject("\"" + where + ".is_top\" must be true or false, got " + top->type_name());
        if (!uci) continue;
        if (top && top->is_boolean() && top->get<bool>()) return *uci;
        if (first.is_null()) first = *uci;
    }
    return first;
}

ActEvalLine read_or_throw(std::string_view line) {
    ActEvalLine out;
    JsonParse parsed = parse_json_text(line);
    if (!parsed.ok()) reject("bad JSON: " + parsed.detail);
    const json& o = parsed.value;
    if (!o.is_object()) reject(std::string("not a JSON object (got ") + o.type_name() + ")");
    // The position first: nothing else of a record means anything without it.
    const std::string& fen = text_field(o, "fen", "");
    Position pos;
    if (FenStatus st = pos.set(fen); !st.ok()) reject("bad FEN: " + st.message());
    const std::string& uci = text_field(o, "move_uci", "");
    MoveParse mp = parse_uci(pos, uci);
    if (!mp.ok()) reject("\"move_uci\": move " + mp.named(uci));
    const std::string san = move_to_san(pos, mp.move);
    const json san_given = text_or_null(o, "move_san", "");
    if (san_given.is_string()) {
        const std::string& s = san_given.get_ref<const std::string&>();
        MoveParse sp = parse_move_text(pos, s);
        if (!sp.ok() || sp.move != mp.move)
            reject("\"move_san\" " + quote_input(s) + " is not the move of \"move_uci\" " +
                   quote_input(uci) + " (" + san + ")");
    }
    const std::string game = game_of(o);
    const int number = position_number_of(o);
    out.id = game + ":" + std::to_string(number);
    const json* wp = field(o, "wp_loss");
    if (wp && !wp->is_null() && !wp->is_number())
        reject(std::string("\"wp_loss\" must be a number or null, got ") + wp->type_name());
    const json quality = text_or_null(o, "quality", "");
    const json best = best_engine_move(o);

    const json* ex = field(o, "extracted");
    if (!ex) reject("\"extracted\" is missing");
    if (!ex->is_object())
        reject(std::string("\"extracted\" must be an object, got ") + ex->type_name());
    if (const json* inc = field(*ex, "include"); inc && !inc->is_null()) {
        if (!inc->is_boolean())
            reject(std::string("\"extracted.include\" must be true or false, got ") +
                   inc->type_name());
        if (!inc->get<bool>()) {
            out.kind = ActEvalLine::Kind::Excluded;
            return out;
        }
    }
    const std::vector<std::string> gold =
        gold_atoms_of(field(*ex, "reasoning"), "extracted.reasoning");
    json alternatives = json::array();
    if (const json* alt = field(*ex, "alternative"); alt && !alt->is_null()) {
        if (alt->is_array())
            for (std::size_t i = 0; i < alt->size(); ++i)
                alternatives.push_back(alternative_json(
                    pos, (*alt)[i], "extracted.alternative[" + std::to_string(i) + "]"));
        else alternatives.push_back(alternative_json(pos, *alt, "extracted.alternative"));
    }
    std::string commentary;
    for (const auto& g : gold) commentary += (commentary.empty() ? "" : " ") + g;
    if (commentary.size() > MaxCommentaryText)
        reject("the gold atoms are " + std::to_string(commentary.size()) +
               " bytes long, over the commentary limit of " + std::to_string(MaxCommentaryText) +
               " bytes");
    const json* variation = field(*ex, "variation");
    out.record = {{"id", out.id},
                  {"fen", pos.fen()},
                  {"move", uci},
                  {"commentary", commentary},
                  {"gold_atoms", gold},
                  {"gold_quality", text_or_null(*ex, "quality", "extracted.")},
                  {"gold_variation", variation ? *variation : json(nullptr)},
                  {"alternatives", alternatives},
                  {"act_eval",
                   {{"game", *field(o, "game")},
                    {"position_number", number},
                    {"move_san", san},
                    {"quality", quality},
                    {"wp_loss", wp ? *wp : json(nullptr)},
                    {"best_uci", best}}}};
    out.kind = ActEvalLine::Kind::Record;
    return out;
}

}  // namespace

ActEvalLine read_act_eval_line(std::string_view line) {
    try {
        return read_or_throw(line);
    } catch (const ActEvalBadLine& e) {
        ActEvalLine out;
        out.error = e.message;
        if (JsonParse p = parse_json_text(line); p.ok() && p.value.is_object()) {
            // The id when its fields read, to name the record in the message.
            try {
                out.id = game_of(p.value) + ":" + std::to_string(position_number_of(p.value));
            } catch (const ActEvalBadLine&) {
            }
        }
        return out;
    } catch (const std::exception& e) {
        ActEvalLine out;
        out.error = std::string("internal error: ") + e.what();
        return out;
    }
}

ActEvalCounts import_act_eval(std::istream& in, std::ostream& out,
                              const std::function<void(const std::string& message)>& on_error) {
    ActEvalCounts counts;
    LineReader reader(in, MaxJsonlLine);
    while (std::optional<InputLine> line = reader.next()) {
        if (!line->cut && line->text.find_first_not_of(" \t\r") == std::string::npos) continue;
        if (line->cut) {
            ++counts.errors;
            on_error("line " + std::to_string(line->number) + ": " +
                     line_too_long_text(*line, MaxJsonlLine));
            continue;
        }
        ActEvalLine r = read_act_eval_line(line->text);
        switch (r.kind) {
        case ActEvalLine::Kind::Record:
            ++counts.records;
            out << r.record.dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
            break;
        case ActEvalLine::Kind::Excluded: ++counts.excluded; break;
        case ActEvalLine::Kind::Error:
            ++counts.errors;
            on_error(record_place(line->number, r.id) + ": " + r.error);
            break;
        }
    }
    out.flush();
    return counts;
}

}  // namespace glossfish::verifier
