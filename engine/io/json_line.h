// One JSON text from outside (a JSONL line, a file, an argument) parsed without throwing, with
// an error message that is safe to print and to put into JSON: valid UTF-8, short, quoting at
// most a prefix of the input. A line with bytes that are not UTF-8 is rejected (JSON text must
// be UTF-8), but its "id" is recovered when the rest of it parses, so a batch can answer it.
#pragma once

#include <cstddef>
#include <exception>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "io/line_reader.h"

namespace glossfish {

struct JsonParse {
    nlohmann::json value;   // the parsed text; null when error is set
    std::string error;      // "invalid UTF-8 (byte 0xFF at offset 7)", "invalid JSON: <detail>"
    std::string detail;     // the reason alone: "invalid UTF-8 (...)", "parse error at line 1, ..."
    nlohmann::json id;      // the "id" of an object, recovered even when error is set; else null
    bool not_utf8 = false;  // the error is bytes that are not UTF-8
    bool ok() const { return error.empty(); }
};

// Parses text as JSON (see the file comment).
JsonParse parse_json_text(std::string_view text);

// Parses one line of a JSONL input; a cut line (longer than the reader's bound) is an error
// naming its length and the limit.
JsonParse parse_json_line(const InputLine& line, std::size_t max_line);

// nlohmann's message of a parse error without its "[json.exception.parse_error.101] " prefix,
// made valid UTF-8 and cut to a printable length.
std::string json_error_text(const std::exception& e);

// A record id for a message: its JSON text ("\"p7\"", "12"), valid UTF-8, at most QuoteBytes.
std::string id_text(const nlohmann::json& id);

// "line 12" or, when the id is known, "line 12 (id \"p7\")": where a batch record failed.
std::string record_place(std::size_t line, const nlohmann::json& id);

}  // namespace glossfish
