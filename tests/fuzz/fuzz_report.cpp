// libFuzzer target: the input is a PGN file. For every game read, the main-line comments are
// found (plies in range and in order, lines in order) and read by the commentary reader, and
// the game's report section (with an annotation that labels every third move a blunder) holds
// holds no script from the input and is valid UTF-8 throughout; escaping never leaves markup.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "io/markup.h"
#include "report/report.h"
#include "rules/notation.h"

using namespace glossfish;

namespace {

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_report: %s\n", what);
        std::abort();
    }
}

// True when text is valid UTF-8 without control characters other than tab and newline
// (decoded here independently of the escaper: lead byte, continuation bytes, code point range).
bool clean_utf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7F) return false;
            ++i;
            continue;
        }
        const int n = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
        if (n == 0 || i + std::size_t(n) > text.size()) return false;
        std::uint32_t cp = c & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07);
        for (int k = 1; k < n; ++k) {
            const auto d = static_cast<unsigned char>(text[i + std::size_t(k)]);
            if ((d & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (d & 0x3F);
        }
        const std::uint32_t min = n == 2 ? 0x80 : n == 3 ? 0x800 : 0x10000;
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
        i += std::size_t(n);
    }
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::string escaped = xml_escape(text);
    check(escaped.find('<') == std::string::npos && escaped.find('>') == std::string::npos &&
              escaped.find('"') == std::string::npos,
          "xml_escape left markup");
    check(clean_utf8(escaped), "escaped text is not clean UTF-8");
    int number = 0;
    for (PgnGame& g : read_pgn(text)) {
        if (!g.is_game || !g.ok()) continue;
        std::vector<PgnComment> comments = main_line_comments(g);
        int last_ply = -1, last_line = 0;
        for (const PgnComment& c : comments) {
            check(c.ply >= -1 && c.ply < int(g.mainline.size()), "comment ply out of range");
            check(c.ply >= last_ply && c.line >= last_line, "comments out of order");
            check(!c.text.empty(), "empty comment kept");
            last_ply = c.ply;
            last_line = c.line;
        }
        GameAnnotation a;
        Position pos = g.start_position();
        for (std::size_t i = 0; i < g.mainline.size(); ++i) {
            MoveAnnotation m;
            m.ply = int(i);
            m.san = move_to_san(pos, g.mainline[i].move);
            if (i % 3 == 2) {
                m.quality.label = QualityLabel::Blunder;
                m.best = g.mainline[i].move;
                m.best_san = m.san;
                m.best_line = {m.best};
            }
            a.moves.push_back(m);
            pos.do_move(g.mainline[i].move);
        }
        verifier::ReportGame rg;
        rg.number = ++number;
        rg.game = &g;
        rg.annotation = &a;
        rg.comments = verifier::check_comments(nullptr, g);
        check(rg.comments.size() == comments.size(), "a comment was lost");
        const std::string html = verifier::report_game_section(rg);
        check(html.find("<script") == std::string::npos, "a script in the section");
        check(clean_utf8(html), "the section is not clean UTF-8");
    }
    return 0;
}
