// Perft with bulk counting at the last ply, like Stockfish's.
#include "rules/perft.h"

#include "io/text.h"
#include "rules/movegen.h"

namespace glossfish {

std::uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    Move moves[MaxMoves];
    Move* end = generate_legal(pos, moves);
    if (depth == 1) return std::uint64_t(end - moves);
    std::uint64_t nodes = 0;
    for (Move* m = moves; m != end; ++m) {
        pos.do_move(*m);
        nodes += perft(pos, depth - 1);
        pos.undo_move(*m);
    }
    return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
    std::vector<std::pair<Move, std::uint64_t>> out;
    for (Move m : MoveList(pos)) {
        pos.do_move(m);
        out.emplace_back(m, perft(pos, depth - 1));
        pos.undo_move(m);
    }
    return out;
}

std::optional<std::string> check_perft_depth(long long depth) {
    if (depth >= 1 && depth <= MaxPerftDepth) return std::nullopt;
    return range_error("perft depth", 1, MaxPerftDepth, std::to_string(depth));
}

}  // namespace glossfish
