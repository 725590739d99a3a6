// Text for HTML and SVG documents: escaping of untrusted text (PGN tags and comments are hostile
// input) and locale-free number formatting for coordinates.
#pragma once

#include <string>
#include <string_view>

namespace glossfish {

// Escapes text for an XML/HTML text node or a quoted attribute value: & < > " ' become
// entities, control characters other than tab and newline are dropped, and bytes that are not
// valid UTF-8 become U+FFFD, so the result is always well-formed UTF-8 whatever the input.
std::string xml_escape(std::string_view text);

// A coordinate with at most one decimal ("12", "12.5", "-3.2"), independent of the locale.
std::string svg_number(double x);

}  // namespace glossfish
