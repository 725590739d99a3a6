// Safe JSON parsing of untrusted text (see json_line.h).
#include "io/json_line.h"

#include "io/input_limits.h"
#include "io/utf8.h"

namespace glossfish {

namespace {

nlohmann::json id_of(const nlohmann::json& j) {
    if (!j.is_object()) return nullptr;
    auto it = j.find("id");
    return it == j.end() ? nlohmann::json(nullptr) : *it;
}

}  // namespace

std::string json_error_text(const std::exception& e) {
    std::string what = e.what();
    if (!what.empty() && what.front() == '[') {
        const std::size_t close = what.find("] ");
        if (close != std::string::npos) what = what.substr(close + 2);
    }
    return shorten_input(what, 3 * QuoteBytes);
}

JsonParse parse_json_text(std::string_view text) {
    JsonParse out;
    if (std::string bad = utf8_error(text); !bad.empty()) {
        out.error = out.detail = bad;
        out.not_utf8 = true;
        const nlohmann::json repaired = nlohmann::json::parse(to_valid_utf8(text), nullptr, false);
        if (!repaired.is_discarded()) {
            out.id = id_of(repaired);
            // An id that held the bad bytes is only echoed: it stays, with U+FFFD in their place.
        }
        return out;
    }
    try {
        out.value = nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::exception& e) {
        out.value = nullptr;
        out.detail = json_error_text(e);
        out.error = "invalid JSON: " + out.detail;
        return out;
    }
    out.id = id_of(out.value);
    return out;
}

JsonParse parse_json_line(const InputLine& line, std::size_t max_line) {
    if (line.cut) {
        JsonParse out;
        out.error = out.detail = line_too_long_text(line, max_line);
        return out;
    }
    return parse_json_text(line.text);
}

std::string id_text(const nlohmann::json& id) {
    return shorten_input(id.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

std::string record_place(std::size_t line, const nlohmann::json& id) {
    std::string out = "line " + std::to_string(line);
    if (!id.is_null()) out += " (id " + id_text(id) + ")";
    return out;
}

}  // namespace glossfish
