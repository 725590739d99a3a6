// `glossfish demo`: a short tour of the rules core on the Opera Game (Morphy, Paris 1858):
// FEN checking, lenient SAN reading, board queries, static exchange and pawn structure.
#include <cstdio>
#include <sstream>

#include "cli/cli.h"
#include "cli/flags.h"
#include "io/utf8.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/see.h"
#include "rules/structure.h"

namespace glossfish::cli {

namespace {

// The game as people write it (move numbers, check marks); read with the lenient parser.
const char* OperaGame =
    "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 "
    "8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 "
    "14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8#";

std::string squares(Bitboard b) {
    std::string out;
    while (b) {
        if (!out.empty()) out += ' ';
        out += square_name(pop_lsb(b));
    }
    return out.empty() ? "-" : out;
}

const char* color_name(Color c) { return c == White ? "White" : "Black"; }

void describe(const Position& pos) {
    std::printf("FEN: %s\n", pos.fen().c_str());
    MoveList moves(pos);
    std::printf("%zu legal moves:", moves.size());
    for (Move m : moves) std::printf(" %s", move_to_san(pos, m).c_str());
    std::printf("\n");
    for (Color c : {White, Black}) {
        for (Bitboard b = pos.occupied_co(c); b;) {
            Square s = pop_lsb(b);
            PinInfo pin = pos.pin(c, s);
            if (pin.pinned)
                std::printf("pin: %s piece on %s is pinned to its king by %s\n", color_name(c),
                            square_name(s).c_str(), square_name(pin.pinner).c_str());
        }
    }
    for (Move m : moves)
        if (pos.is_capture(m))
            std::printf("capture %s: static exchange %+d cp, check: %s\n",
                        move_to_san(pos, m).c_str(), see(pos, m),
                        check_kind_name(pos.gives_check(m)));
    for (Color c : {White, Black}) {
        Material mat = material(pos, c);
        PawnStructure ps = pawn_structure(pos, c);
        std::printf(
            "%s: material %d (P%d N%d B%d R%d Q%d); passed %s, isolated %s, doubled %s, backward "
            "%s\n",
            color_name(c), mat.points, mat.pawns, mat.knights, mat.bishops, mat.rooks, mat.queens,
            squares(ps.passed).c_str(), squares(ps.isolated).c_str(), squares(ps.doubled).c_str(),
            squares(ps.backward).c_str());
    }
    std::printf("files:");
    for (int f = 0; f < 8; ++f)
        std::printf(" %c=%s", 'a' + f, file_status_name(file_status(pos, f)));
    std::printf("\n");
}

}  // namespace

int demo_command(const Args& args) {
    Flags flags("demo", "A short tour of the rules core on the Opera Game (Morphy, 1858).",
                "usage: glossfish demo\n");
    if (auto code = flags.parse(args)) return *code;
    std::printf("== A FEN with a wrong en-passant square is refused, with the reason ==\n");
    const char* bad = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1";
    Position pos;
    std::printf("%s\n  -> %s\n\n", bad, pos.set(bad).message().c_str());

    std::printf("== The Opera Game, read with the lenient SAN parser ==\n");
    std::istringstream words(OperaGame);
    std::string word;
    Position after12;
    int ply = 0;
    while (words >> word) {
        if (word.back() == '.') continue;
        MoveParse mp = parse_san(pos, word, SanMode::Lenient);
        if (!mp.ok()) {
            std::fprintf(stderr, "glossfish demo: %s: %s\n", quote_input(word).c_str(),
                         mp.message.c_str());
            return 1;
        }
        std::string san = move_to_san(pos, mp.move);
        if (pos.side_to_move() == White) std::printf("%d. ", pos.fullmove_number());
        std::printf("%s%s", san.c_str(), pos.side_to_move() == White ? " " : "\n");
        pos.do_move(mp.move);
        if (++ply == 24) after12 = pos;
    }
    std::printf("%s\n== After 12...Rd8: the knight on d7 is pinned ==\n", ply % 2 ? "\n" : "");
    describe(after12);

    std::printf("\n== Final position ==\n");
    auto outcome = pos.outcome();
    std::printf("FEN: %s\noutcome: %s, %s wins\n", pos.fen().c_str(),
                outcome ? termination_name(outcome->termination) : "none",
                outcome && outcome->winner ? color_name(*outcome->winner) : "nobody");
    return 0;
}

}  // namespace glossfish::cli
