// libFuzzer target: one GUI line (any bytes) through the UCI input parsers of
// engine/host/uci_input.h, as the UCI loop runs them: the UTF-8 check, then by command the go,
// position and setoption parsers. Invariants: nothing crashes or throws; a line with invalid
// UTF-8 gets a bad_utf8 error; an error's message quotes at most a prefix of the input; an
// accepted go has only in-range limits and legal searchmoves, and its Stockfish line parses
// back to the same parameters; an accepted setoption's value has no outer spaces.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "host/uci_input.h"
#include "io/utf8.h"
#include "rules/bitboard.h"
#include "rules/notation.h"
#include "settings/settings.h"

using namespace glossfish;

namespace {

void fail(const char* what, std::string_view line) {
    std::fprintf(stderr, "fuzz_uci_input: %s for %s\n", what, quote_input(line).c_str());
    std::abort();
}

// An error message stays short whatever the input (it quotes a prefix only).
void check_message(const InputError& e, std::string_view line) {
    if (e.message.size() > 400) fail("an error message quotes too much", line);
    if (invalid_utf8_at(e.message)) fail("an error message is not valid UTF-8", line);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    init_bitboards();
    const std::string_view line(reinterpret_cast<const char*>(data), size);
    if (auto bad = check_utf8(line)) {
        if (bad->code != "bad_utf8" || !invalid_utf8_at(line)) fail("bad_utf8 mismatch", line);
        check_message(*bad, line);
        return 0;
    }
    if (invalid_utf8_at(line)) fail("invalid UTF-8 passed the check", line);
    const auto words = split_words(line);
    if (words.empty()) return 0;
    const Position pos;
    if (words[0] == "go") {
        GoParse p = parse_go(pos, words);
        if (p.error) {
            check_message(*p.error, line);
            return 0;
        }
        const GoParams& g = p.params;
        if ((g.depth && (*g.depth < 1 || *g.depth > MaxGoDepth)) || (g.nodes && *g.nodes < 1) ||
            (g.movetime && *g.movetime < 1) || (g.mate && *g.mate < 1) ||
            (g.movestogo && *g.movestogo < 0) || (g.perft && check_perft_depth(*g.perft)))
            fail("an accepted go has a limit out of range", line);
        for (Move m : g.searchmoves)
            if (!parse_uci(pos, move_to_uci(pos, m)).ok()) fail("an illegal searchmove", line);
        if (!g.perft) {
            const std::string sent = g.go_line(pos);
            GoParse again = parse_go(pos, split_words(sent));
            if (again.error || again.params.go_line(pos) != sent)
                fail("the go line sent to Stockfish does not parse back", line);
        }
    } else if (words[0] == "position") {
        PositionParse p = parse_position_command(words);
        if (p.error) check_message(*p.error, line);
        else if (p.command.moves.size() > MaxPositionMoves) fail("too many moves accepted", line);
    } else if (words[0] == "setoption") {
        SetOptionParse p = parse_setoption(line);
        if (p.error) {
            check_message(*p.error, line);
            return 0;
        }
        const std::string& v = p.command.value;
        if (!v.empty() && (v.front() == ' ' || v.back() == ' ' || v.back() == '\r'))
            fail("a value keeps outer spaces", line);
        Settings s;
        if (auto err = apply_option(s, p.command.name, v))
            if (err->size() > 400) fail("an option error quotes too much", line);
    }
    return 0;
}
