// Attack tables. Slider attacks use magic bitboards. The multipliers come from our own seeded
// random search (init_magics); its results are kept as constants so start-up only verifies
// them (about 2 ms instead of 200), and any that fails is searched for again.
#include "rules/bitboard.h"

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

// Multipliers found once by init_magics' own search (below) with these seeds, kept so that
// start-up only verifies them; a multiplier that fails verification is searched again.
constexpr Bitboard KnownRookMagics[SquareNb] = {
    0x08800018C0036080ULL, 0x0240001000200040ULL, 0x4100102000084100ULL, 0x0080080010008004ULL,
    0x0900080050440300ULL, 0x2080012400804200ULL, 0x0080008002000100ULL, 0x0180104260800100ULL,
    0x00008002209A4001ULL, 0x2002002204448901ULL, 0x00C2002040108203ULL, 0x1000800800100080ULL,
    0x8089808004000800ULL, 0x1700800400020080ULL, 0x0121004200048100ULL, 0xA1FD0000C200AB00ULL,
    0x0040028001806151ULL, 0x8220004030004000ULL, 0x0120018020811001ULL, 0x4011010010000820ULL,
    0x8004808004000800ULL, 0x000A808004010200ULL, 0x0900040041089002ULL, 0x004002000108608CULL,
    0x0420822580004008ULL, 0x0040200080400080ULL, 0x2000104100200901ULL, 0x2040080080801000ULL,
    0x0004008080080004ULL, 0x81A2000404001020ULL, 0x0045104400020881ULL, 0x2080004200008104ULL,
    0x1220400020800080ULL, 0x4800201008400040ULL, 0x8100802000801000ULL, 0x8002002042000810ULL,
    0x0400800400800800ULL, 0x2020800200800400ULL, 0x1C09000401000200ULL, 0x8100014406002281ULL,
    0x0042308840008000ULL, 0x0800400020008080ULL, 0x100C820010220040ULL, 0x0010030008110020ULL,
    0x0400040008008080ULL, 0x0424020004008080ULL, 0x0000100802040081ULL, 0x51001404418A0001ULL,
    0x0000804021120A00ULL, 0x04C0002000500040ULL, 0x0800420020188200ULL, 0x2006120008402200ULL,
    0x2200280080040180ULL, 0x0008040002008080ULL, 0x4084800200010080ULL, 0x8040040040810200ULL,
    0x080210A108408001ULL, 0x0000110040802202ULL, 0x4106001810C082A2ULL, 0x4000082010000501ULL,
    0x8002000950046002ULL, 0x202200D004210802ULL, 0x0000010210084084ULL, 0x8000140900204282ULL,
};
constexpr Bitboard KnownBishopMagics[SquareNb] = {
    0x0004840084110201ULL, 0x1202047C04124400ULL, 0x0504082E0048C880ULL, 0x8104041480205200ULL,
    0x0102021001000200ULL, 0xA018280410018000ULL, 0x090228062A105000ULL, 0x1882C40208110409ULL,
    0x2088A22002020050ULL, 0x0024908A00940180ULL, 0x30401000A0810080ULL, 0x400008A082010010ULL,
    0x210001104014244CULL, 0xA022020124208120ULL, 0x008B004210052022ULL, 0x0000C08080901001ULL,
    0x1008000548080834ULL, 0x8808002011250220ULL, 0x2001113000488100ULL, 0xC000857802004042ULL,
    0x0084820400A01104ULL, 0x8001010C20884000ULL, 0x0002210302A22000ULL, 0xC840800A0A210118ULL,
    0x2044101141124880ULL, 0x0801080024900410ULL, 0x1108900002002204ULL, 0x01010801040A0060ULL,
    0x4402040002008218ULL, 0x0240948018080400ULL, 0x00A401004090B041ULL, 0x1A60820245004210ULL,
    0x0002201012061004ULL, 0x221288B401202403ULL, 0x000010880810084CULL, 0x8004040400C80210ULL,
    0x6040008020060020ULL, 0x0C20080080004040ULL, 0x48020C1900042091ULL, 0x0001211204B02600ULL,
    0x8804100410000610ULL, 0x000E0A1004000218ULL, 0xA041040202000108ULL, 0x5028004208030080ULL,
    0x4002400109040200ULL, 0x0012200400204302ULL, 0x0660C10202204080ULL, 0x400A0425D0848200ULL,
    0x1001010120210218ULL, 0x4801004802080040ULL, 0x0000438048220100ULL, 0x8000040042022000ULL,
    0x0080001202020020ULL, 0x02400420848100A0ULL, 0x84B0020A080E0000ULL, 0x0013100121090020ULL,
    0x0012020202010432ULL, 0x0860002082282000ULL, 0x0200008080480801ULL, 0x0401000010840440ULL,
    0x102008C611020200ULL, 0x000000A020020084ULL, 0x0A51042034012609ULL, 0x0410101029044010ULL,
};

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

void init_magics(PieceType pt, Bitboard* table, detail::Magic* magics, const Bitboard* known) {
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

        bool try_known = true;
        for (int i = 0; i < size;) {
            if (try_known) {
                m.magic = known[s];
                try_known = false;
            } else {
                do {
                    m.magic = rng.sparse();
                } while (popcount((m.magic * m.mask) >> 56) < 6);
            }
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
        PseudoAttacks[Knight][s] =
            shift<16>(l | r) | shift<-16>(l | r) | shift<8>(ll | rr) | shift<-8>(ll | rr);
    }
    init_magics(Rook, RookTable, RookMagics, KnownRookMagics);
    init_magics(Bishop, BishopTable, BishopMagics, KnownBishopMagics);
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
                    LineBB[a][b] =
                        (attacks_bb(pt, a, 0) & attacks_bb(pt, b, 0)) | square_bb(a) | square_bb(b);
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
