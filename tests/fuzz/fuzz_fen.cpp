// libFuzzer target: arbitrary text as a FEN, in standard and Chess960 mode. An accepted FEN
// must print a FEN that reads back to itself, and every legal move must unmake cleanly; a
// rejected one gets a short, valid UTF-8 message.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "io/utf8.h"
#include "rules/bitboard.h"
#include "rules/movegen.h"
#include "rules/position.h"

using namespace glossfish;

namespace {

[[noreturn]] void fail(const char* what, std::string_view input, const std::string& detail) {
    std::fprintf(stderr, "fuzz_fen: %s\n  input: \"%.*s\"\n  %s\n", what, int(input.size()),
                 input.data(), detail.c_str());
    std::abort();
}

void check(std::string_view text, bool chess960) {
    Position pos;
    FenStatus status = pos.set(text, chess960);
    if (!status.ok()) {
        const std::string message = status.message();
        if (message.empty()) fail("rejected without a message", text, "");
        // Short and printable whatever the input: the problems are capped, fields quoted.
        if (status.problems.size() > MaxFenProblems || message.size() > 2000)
            fail("the message is too long", text, std::to_string(message.size()) + " bytes");
        if (invalid_utf8_at(message)) fail("the message is not valid UTF-8", text, message);
        return;
    }
    const std::string fen = pos.fen();
    Position again;
    FenStatus again_status = again.set(fen, chess960);
    if (!again_status.ok())
        fail("fen() output rejected", text, fen + ": " + again_status.message());
    if (again.fen() != fen) fail("fen() not stable", text, fen + " -> " + again.fen());
    if (again.key() != pos.key()) fail("key differs after re-reading fen()", text, fen);

    const Key key = pos.key();
    for (Move m : MoveList(pos)) {
        pos.do_move(m);
        pos.undo_move(m);
        if (pos.key() != key || pos.fen() != fen)
            fail("do/undo changed the position", text, fen + " -> " + pos.fen());
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool initialized = (init_bitboards(), true);
    (void)initialized;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    check(text, false);
    check(text, true);
    return 0;
}
