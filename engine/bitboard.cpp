// Attack tables. Slider attacks use magic bitboards whose multipliers are found at start-up
// by a seeded random search, so the tables are reproducible and no constants are copied in.
#include "bitboard.h"

#include <mutex>

namespace glossfish {

namespace detail {
Magic RookMagics[SquareNb];
Magic BishopMagics[SquareNb];
Bitboard PawnAttacks[ColorNb][SquareNb];
Bitboard PseudoAttacks[PieceTypeNb][SquareNb];
Bitboard BetweenBB[SquareNb][SquareNb];
Bitboard LineBB[SquareNb][SquareNb];
}  // namespace detail

namespace {

Bitboard RookTable[0x19000];
Bitboard BishopTable[0x1480];

// Slider attacks by walking rays; used only to fill the tables.
Bitboard sliding_attacks(PieceType pt, Square s, Bitboard occupied) {
    static constexpr int RookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    static constexpr int BishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    const auto& dirs = pt == Rook ? RookDirs : BishopDirs;
    Bitboard result = 0;
    for (const auto& d : dirs) {
        int f = file_of(s) + d[0], r = rank_of(s) + d[1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            Square t = make_square(f, r);
            result |= square_bb(t);
            if (occupied & square_bb(t)) break;
            f += d[0];
            r += d[1];
        }
    }
    return result;
}

// Small xorshift generator; sparse() gives numbers with few bits set, good magic candidates.
struct Rng {
    std::uint64_t state;
    std::uint64_t next() {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        return state * 2685821657736338717ULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }
};

void init_magics(PieceType pt, Bitboard* table, detail::Magic* magics) {
    Bitboard occupancy[4096], reference[4096];
    int epoch[4096] = {}, current = 0;
    Rng rng{0x9E3779B97F4A7C15ULL ^ std::uint64_t(pt)};
    Bitboard* next_table = table;

    for (Square s = A1; s <= H8; ++s) {
        // Edges do not matter for the blocker set unless the piece stands on them.
        Bitboard edges = ((rank_bb(Rank1) | rank_bb(Rank8)) & ~rank_bb(rank_of(s))) |
                         ((file_bb(FileA) | file_bb(FileH)) & ~file_bb(file_of(s)));
        detail::Magic& m = magics[s];
        m.mask = sliding_attacks(pt, s, 0) & ~edges;
        m.shift = unsigned(64 - popcount(m.mask));
        m.attacks = next_table;

        // Enumerate all subsets of the mask (Carry-Rippler).
        int size = 0;
        Bitboard b = 0;
        do {
            occupancy[size] = b;
            reference[size] = sliding_attacks(pt, s, b);
            ++size;
            b = (b - m.mask) & m.mask;
        } while (b);
        next_table += size;

        for (int i = 0; i < size;) {
            do {
                m.magic = rng.sparse();
            } while (popcount((m.magic * m.mask) >> 56) < 6);
            ++current;
            for (i = 0; i < size; ++i) {
                unsigned idx = m.index(occupancy[i]);
                if (epoch[idx] < current) {
                    epoch[idx] = current;
                    m.attacks[idx] = reference[i];
                } else if (m.attacks[idx] != reference[i]) {
                    break;
                }
            }
        }
    }
}

void init_all() {
    using namespace detail;
    for (Square s = A1; s <= H8; ++s) {
        Bitboard b = square_bb(s);
        PawnAttacks[White][s] = pawn_attacks_bb<White>(b);
        PawnAttacks[Black][s] = pawn_attacks_bb<Black>(b);
        PseudoAttacks[King][s] = shift<8>(b) | shift<-8>(b) | shift<1>(b) | shift<-1>(b) |
                                 shift<9>(b) | shift<7>(b) | shift<-7>(b) | shift<-9>(b);
        Bitboard l = shift<-1>(b), r = shift<1>(b), ll = shift<-1>(l), rr = shift<1>(r);
        PseudoAttacks[Knight][s] = shift<16>(l | r) | shift<-16>(l | r) | shift<8>(ll | rr) |
                                   shift<-8>(ll | rr);
    }
    init_magics(Rook, RookTable, RookMagics);
    init_magics(Bishop, BishopTable, BishopMagics);
    for (Square s = A1; s <= H8; ++s) {
        PseudoAttacks[Bishop][s] = bishop_attacks(s, 0);
        PseudoAttacks[Rook][s] = rook_attacks(s, 0);
        PseudoAttacks[Queen][s] = PseudoAttacks[Bishop][s] | PseudoAttacks[Rook][s];
    }
    for (Square a = A1; a <= H8; ++a)
        for (Square b = A1; b <= H8; ++b) {
            BetweenBB[a][b] = LineBB[a][b] = 0;
            if (a == b) continue;
            for (PieceType pt : {Bishop, Rook})
                if (PseudoAttacks[pt][a] & square_bb(b)) {
                    LineBB[a][b] = (attacks_bb(pt, a, 0) & attacks_bb(pt, b, 0)) |
                                   square_bb(a) | square_bb(b);
                    BetweenBB[a][b] =
                        attacks_bb(pt, a, square_bb(b)) & attacks_bb(pt, b, square_bb(a));
                }
        }
}

}  // namespace

void init_bitboards() {
    static std::once_flag once;
    std::call_once(once, init_all);
}

std::string square_name(Square s) {
    if (!is_ok(s)) return "-";
    return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

Square parse_square(std::string_view text) {
    if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
        return NoSquare;
    return make_square(text[0] - 'a', text[1] - '1');
}

}  // namespace glossfish
