// Position: FEN, validity, make/unmake and Zobrist keys.
#include "rules/position.h"

#include <algorithm>
#include <charconv>
#include <cstring>

#include "rules/movegen.h"

namespace glossfish {

namespace zobrist {
namespace {
struct Keys {
    Key psq[PieceNb][SquareNb];
    Key castling[16];
    Key ep_file[8];
    Key side;
    Keys() {
        std::uint64_t s = 0x4A3F1C2D5E6B7A89ULL;
        auto next = [&s] {  // splitmix64
            std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
            return z ^ (z >> 31);
        };
        for (auto& row : psq)
            for (Key& k : row) k = next();
        // Rights combine by xor of their single-bit keys, so a change is one xor.
        Key single[4];
        for (Key& k : single) k = next();
        for (int cr = 0; cr < 16; ++cr) {
            castling[cr] = 0;
            for (int i = 0; i < 4; ++i)
                if (cr & (1 << i)) castling[cr] ^= single[i];
        }
        for (Key& k : ep_file) k = next();
        side = next();
    }
};
const Keys& keys() {
    static const Keys k;
    return k;
}
}  // namespace
}  // namespace zobrist

const char* fen_issue_code(FenIssue issue) {
    switch (issue) {
    case FenIssue::FieldCount: return "field_count";
    case FenIssue::Placement: return "placement";
    case FenIssue::SideToMove: return "side_to_move";
    case FenIssue::CastlingField: return "castling_field";
    case FenIssue::EnPassantField: return "en_passant_field";
    case FenIssue::HalfmoveClock: return "halfmove_clock";
    case FenIssue::FullmoveNumber: return "fullmove_number";
    case FenIssue::Empty: return "empty";
    case FenIssue::NoWhiteKing: return "no_white_king";
    case FenIssue::NoBlackKing: return "no_black_king";
    case FenIssue::TooManyKings: return "too_many_kings";
    case FenIssue::TooManyWhitePawns: return "too_many_white_pawns";
    case FenIssue::TooManyBlackPawns: return "too_many_black_pawns";
    case FenIssue::PawnsOnBackrank: return "pawns_on_backrank";
    case FenIssue::TooManyWhitePieces: return "too_many_white_pieces";
    case FenIssue::TooManyBlackPieces: return "too_many_black_pieces";
    case FenIssue::BadCastlingRights: return "bad_castling_rights";
    case FenIssue::InvalidEpSquare: return "invalid_ep_square";
    case FenIssue::OppositeCheck: return "opposite_check";
    case FenIssue::TooManyCheckers: return "too_many_checkers";
    case FenIssue::ImpossibleCheck: return "impossible_check";
    }
    return "unknown";
}

bool FenStatus::has(FenIssue issue) const {
    for (const auto* list : {&problems, &warnings})
        for (const auto& p : *list)
            if (p.issue == issue) return true;
    return false;
}

std::string FenStatus::message() const {
    if (problems.empty()) return "valid FEN";
    std::string out = "invalid FEN: ";
    for (std::size_t i = 0; i < problems.size(); ++i) {
        if (i) out += "; ";
        out += problems[i].message;
    }
    return out;
}

const char* check_kind_name(CheckKind kind) {
    switch (kind) {
    case CheckKind::None: return "none";
    case CheckKind::Direct: return "direct";
    case CheckKind::Discovered: return "discovered";
    case CheckKind::Double: return "double";
    }
    return "none";
}

const char* termination_name(Termination t) {
    switch (t) {
    case Termination::Checkmate: return "checkmate";
    case Termination::Stalemate: return "stalemate";
    case Termination::InsufficientMaterial: return "insufficient_material";
    case Termination::SeventyFiveMoves: return "seventyfive_moves";
    case Termination::FivefoldRepetition: return "fivefold_repetition";
    case Termination::FiftyMoves: return "fifty_moves";
    case Termination::ThreefoldRepetition: return "threefold_repetition";
    }
    return "unknown";
}

namespace {

constexpr std::string_view PieceChars = " PNBRQK  pnbrqk";

Piece piece_from_char(char c) {
    std::size_t i = PieceChars.find(c);
    return (i == std::string_view::npos || c == ' ') ? NoPiece : Piece(i);
}

std::vector<std::string_view> split_fields(std::string_view text) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        if (i >= text.size()) break;
        std::size_t j = i;
        while (j < text.size() && text[j] != ' ' && text[j] != '\t') ++j;
        out.push_back(text.substr(i, j - i));
        i = j;
    }
    return out;
}

bool parse_int(std::string_view s, int max, int& out) {
    if (s.empty() || s.size() > 9) return false;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size() && out >= 0 && out <= max;
}

}  // namespace

Position::Position() {
    init_bitboards();
    FenStatus st = set(StartFen);
    (void)st;
}

std::optional<Position> Position::from_fen(std::string_view fen, bool chess960) {
    Position p;
    if (!p.set(fen, chess960).ok()) return std::nullopt;
    return p;
}

void Position::clear() {
    std::memset(byType_, 0, sizeof(byType_));
    std::memset(byColor_, 0, sizeof(byColor_));
    std::memset(board_, 0, sizeof(board_));
    std::memset(castlingMask_, 0, sizeof(castlingMask_));
    std::memset(castlingPath_, 0, sizeof(castlingPath_));
    std::memset(castlingKingPath_, 0, sizeof(castlingKingPath_));
    for (Square& s : castlingRook_) s = NoSquare;
    side_ = White;
    gamePly_ = 0;
    ply_ = 0;
    states_.assign(1, State{0, NoCastling, NoSquare, 0, NoPiece});
    states_.reserve(256);
}

void Position::put_piece(Piece p, Square s) {
    board_[s] = p;
    Bitboard b = square_bb(s);
    byType_[0] |= b;
    byType_[type_of(p)] |= b;
    byColor_[color_of(p)] |= b;
}

void Position::remove_piece(Square s) {
    Piece p = board_[s];
    Bitboard b = square_bb(s);
    byType_[0] ^= b;
    byType_[type_of(p)] ^= b;
    byColor_[color_of(p)] ^= b;
    board_[s] = NoPiece;
}

void Position::move_piece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard b = square_bb(from) | square_bb(to);
    byType_[0] ^= b;
    byType_[type_of(p)] ^= b;
    byColor_[color_of(p)] ^= b;
    board_[from] = NoPiece;
    board_[to] = p;
}

// Records castling with the rook on rsq for colour c: right, path and the squares whose
// vacating or capture clears the right.
void Position::set_castling_right(Color c, Square rsq) {
    Square ksq = king(c);
    bool king_side = file_of(rsq) > file_of(ksq);
    CastlingRight cr = castling_right(c, king_side);
    int i = rights_index(cr);
    st().castling |= cr;
    castlingRook_[i] = rsq;
    castlingMask_[ksq] |= cr;
    castlingMask_[rsq] |= cr;
    Square kto = castle_king_to(c, king_side), rto = castle_rook_to(c, king_side);
    castlingKingPath_[i] = between_bb(ksq, kto) | square_bb(kto);
    castlingPath_[i] = (castlingKingPath_[i] | between_bb(rsq, rto) | square_bb(rto)) &
                       ~(square_bb(ksq) | square_bb(rsq));
}

// Keeps an en-passant square only when a pawn of the side to move attacks it, so equal
// positions get equal keys and FENs.
void Position::set_ep_if_capturable(Square ep) {
    if (ep != NoSquare && (pawn_attacks(~side_, ep) & pieces(Pawn, side_))) {
        st().ep = ep;
        st().key ^= zobrist::keys().ep_file[file_of(ep)];
    } else {
        st().ep = NoSquare;
    }
}

Key Position::compute_key() const {
    const auto& z = zobrist::keys();
    Key k = 0;
    for (Bitboard b = occupied(); b;) {
        Square s = pop_lsb(b);
        k ^= z.psq[board_[s]][s];
    }
    k ^= z.castling[st().castling];
    if (st().ep != NoSquare) k ^= z.ep_file[file_of(st().ep)];
    if (side_ == Black) k ^= z.side;
    return k;
}

FenStatus Position::set(std::string_view fen, bool chess960) {
    init_bitboards();
    FenStatus status;
    auto problem = [&status](FenIssue issue, std::string msg) {
        auto& list = issue == FenIssue::ImpossibleCheck ? status.warnings : status.problems;
        list.push_back({issue, std::move(msg)});
    };

    auto fields = split_fields(fen);
    if (fields.size() < 4 || fields.size() > 6) {
        problem(FenIssue::FieldCount, "expected 6 fields (4 to 6 accepted), found " +
                                          std::to_string(fields.size()));
        return status;
    }

    Position p{Blank{}};
    p.clear();
    p.chess960_ = chess960;

    // 1. Piece placement, rank 8 first.
    bool placement_ok = true;
    {
        std::string_view board = fields[0];
        int rank = 7, file = 0;
        bool prev_digit = false;
        int ranks_seen = 1;
        auto check_rank_width = [&](int r) {
            if (file != 8) {
                placement_ok = false;
                problem(FenIssue::Placement, "rank " + std::to_string(r + 1) + " has " +
                                                 std::to_string(file) + " files, expected 8");
            }
        };
        for (char c : board) {
            if (c == '/') {
                check_rank_width(rank);
                --rank;
                ++ranks_seen;
                file = 0;
                prev_digit = false;
                if (rank < 0) break;
            } else if (c >= '1' && c <= '8') {
                if (prev_digit) {
                    placement_ok = false;
                    problem(FenIssue::Placement, "two digits in a row in rank " +
                                                     std::to_string(rank + 1));
                }
                file += c - '0';
                prev_digit = true;
            } else if (Piece pc = piece_from_char(c); pc != NoPiece) {
                if (file < 8) p.put_piece(pc, make_square(file, rank));
                ++file;
                prev_digit = false;
            } else {
                placement_ok = false;
                problem(FenIssue::Placement, std::string("bad piece letter '") + c +
                                                 "' in rank " + std::to_string(rank + 1));
                ++file;
                prev_digit = false;
            }
        }
        if (ranks_seen != 8) {
            placement_ok = false;
            problem(FenIssue::Placement,
                    "expected 8 ranks, found " + std::to_string(ranks_seen));
        } else {
            check_rank_width(0);
        }
    }

    // 2. Side to move.
    bool side_ok = true;
    if (fields[1] == "w") p.side_ = White;
    else if (fields[1] == "b") p.side_ = Black;
    else {
        side_ok = false;
        problem(FenIssue::SideToMove,
                "side to move must be 'w' or 'b', found '" + std::string(fields[1]) + "'");
    }

    // 3. Counters.
    int rule50 = 0, fullmove = 1;
    if (fields.size() >= 5 && !parse_int(fields[4], 100000, rule50))
        problem(FenIssue::HalfmoveClock,
                "halfmove clock must be a number 0..100000, found '" + std::string(fields[4]) + "'");
    if (fields.size() >= 6 && (!parse_int(fields[5], 100000, fullmove) || fullmove < 1))
        problem(FenIssue::FullmoveNumber,
                "fullmove number must be a number 1..100000, found '" + std::string(fields[5]) + "'");

    // 4. Castling field syntax, en-passant field syntax.
    std::string_view castling = fields[2];
    bool castling_syntax_ok = true;
    if (castling != "-") {
        for (std::size_t i = 0; i < castling.size(); ++i) {
            char c = castling[i];
            bool known = std::strchr("KQkqABCDEFGHabcdefgh", c) != nullptr && c != '\0';
            if (!known || castling.find(c) != i) {
                castling_syntax_ok = false;
                problem(FenIssue::CastlingField,
                        known ? std::string("castling right '") + c + "' given twice"
                              : std::string("bad castling letter '") + c + "'");
            }
        }
    }
    Square ep = NoSquare;
    bool ep_syntax_ok = true;
    if (fields[3] != "-") {
        ep = parse_square(fields[3]);
        if (ep == NoSquare) {
            ep_syntax_ok = false;
            problem(FenIssue::EnPassantField,
                    "en-passant field must be a square or '-', found '" + std::string(fields[3]) + "'");
        }
    }

    if (!placement_ok) return status;

    // 5. Board facts (python-chess status()).
    Bitboard wk = p.pieces(King, White), bk = p.pieces(King, Black);
    if (!p.occupied()) problem(FenIssue::Empty, "the board is empty");
    if (!wk) problem(FenIssue::NoWhiteKing, "White has no king");
    if (!bk) problem(FenIssue::NoBlackKing, "Black has no king");
    if (popcount(wk) > 1)
        problem(FenIssue::TooManyKings, "White has " + std::to_string(popcount(wk)) + " kings");
    if (popcount(bk) > 1)
        problem(FenIssue::TooManyKings, "Black has " + std::to_string(popcount(bk)) + " kings");
    if (popcount(p.pieces(Pawn, White)) > 8)
        problem(FenIssue::TooManyWhitePawns,
                "White has " + std::to_string(popcount(p.pieces(Pawn, White))) + " pawns");
    if (popcount(p.pieces(Pawn, Black)) > 8)
        problem(FenIssue::TooManyBlackPawns,
                "Black has " + std::to_string(popcount(p.pieces(Pawn, Black))) + " pawns");
    if (p.pieces(Pawn) & (rank_bb(Rank1) | rank_bb(Rank8)))
        problem(FenIssue::PawnsOnBackrank, "pawn on the first or eighth rank");
    if (popcount(p.occupied_co(White)) > 16)
        problem(FenIssue::TooManyWhitePieces,
                "White has " + std::to_string(popcount(p.occupied_co(White))) + " pieces");
    if (popcount(p.occupied_co(Black)) > 16)
        problem(FenIssue::TooManyBlackPieces,
                "Black has " + std::to_string(popcount(p.occupied_co(Black))) + " pieces");
    bool kings_ok = popcount(wk) == 1 && popcount(bk) == 1;

    // Castling rights: each must name an own rook on the back rank beside a king on its home
    // rank; standard chess also needs the king on e1/e8 and the rook in the corner.
    if (castling_syntax_ok && castling != "-") {
        for (char c : castling) {
            Color col = (c >= 'A' && c <= 'Z') ? White : Black;
            char up = char(c & ~0x20);
            Bitboard kings = p.pieces(King, col);
            int back = col == White ? Rank1 : Rank8;
            std::string who = col == White ? "White" : "Black";
            if (popcount(kings) != 1) continue;  // already reported as a king problem
            if (rank_of(lsb(kings)) != back) {
                problem(FenIssue::BadCastlingRights,
                        std::string("castling right '") + c + "' but " + who +
                            "'s king is not on its back rank");
                continue;
            }
            Square ksq = lsb(kings);
            Bitboard rooks = p.pieces(Rook, col) & rank_bb(back);
            Square rsq = NoSquare;
            if (up == 'K') {
                Bitboard side = rooks & ~(square_bb(ksq) * 2 - 1);  // files right of the king
                if (side) rsq = msb(side);
            } else if (up == 'Q') {
                Bitboard side = rooks & (square_bb(ksq) - 1);
                if (side) rsq = lsb(side);
            } else {
                Square s = make_square(up - 'A', back);
                if (rooks & square_bb(s)) rsq = s;
            }
            if (rsq == NoSquare || rsq == ksq) {
                problem(FenIssue::BadCastlingRights,
                        std::string("castling right '") + c + "' but no " + who +
                            " rook to castle with");
                continue;
            }
            bool standard = file_of(ksq) == FileE && (file_of(rsq) == FileA || file_of(rsq) == FileH);
            if (!chess960 && !standard) {
                problem(FenIssue::BadCastlingRights,
                        std::string("castling right '") + c +
                            "' needs king on e-file and rook in the corner (not Chess960)");
                continue;
            }
            CastlingRight cr = castling_right(col, file_of(rsq) > file_of(ksq));
            if (p.st().castling & cr) {
                problem(FenIssue::BadCastlingRights,
                        std::string("castling right '") + c + "' duplicates another right");
                continue;
            }
            p.set_castling_right(col, rsq);
        }
    }

    if (side_ok) {
        // En passant: the square behind a pawn of the side not to move that just advanced two.
        if (ep_syntax_ok && ep != NoSquare) {
            Color them = ~p.side_;
            bool ok = relative_rank(p.side_, ep) == Rank6 &&
                      p.piece_at(ep - pawn_push(p.side_)) == make_piece(them, Pawn) &&
                      p.piece_at(ep) == NoPiece && p.piece_at(ep + pawn_push(p.side_)) == NoPiece;
            if (!ok)
                problem(FenIssue::InvalidEpSquare,
                        "en-passant square " + square_name(ep) +
                            " does not follow a two-square pawn advance");
            ep = ok ? ep : NoSquare;
        }
        if (kings_ok) {
            Color us = p.side_;
            if (p.attackers(us, p.king(~us)))
                problem(FenIssue::OppositeCheck,
                        std::string(us == White ? "Black" : "White") +
                            ", not to move, is in check");
            Bitboard checkers = p.attackers(~us, p.king(us));
            int n = popcount(checkers);
            if (n > 2) {
                problem(FenIssue::TooManyCheckers,
                        "the side to move is checked by " + std::to_string(n) + " pieces");
            } else if (n > 0 && ep != NoSquare) {
                // After a double pawn push only that pawn, or a piece it uncovered, can check.
                Square pushed_to = ep - pawn_push(us), pushed_from = ep + pawn_push(us);
                Bitboard before = (p.occupied() ^ square_bb(pushed_to)) | square_bb(pushed_from);
                bool uncovered = p.attackers(~us, p.king(us), before) & ~square_bb(pushed_to);
                if (n > 1 || (lsb(checkers) != pushed_to && uncovered))
                    problem(FenIssue::ImpossibleCheck,
                            "check cannot follow the pawn advance that the en-passant square names");
            } else if (n == 2) {
                Square a = lsb(checkers), b = msb(checkers);
                Bitboard sliders = p.pieces(Bishop) | p.pieces(Rook) | p.pieces(Queen);
                bool same_line = line_bb(a, b) & p.pieces(King, us);
                if (same_line || !(checkers & sliders))
                    problem(FenIssue::ImpossibleCheck,
                            "no single move gives check from " + square_name(a) + " and " +
                                square_name(b));
            }
        }
    }

    if (!status.ok()) return status;

    p.st().rule50 = rule50;
    p.gamePly_ = 2 * (fullmove - 1) + (p.side_ == Black);
    p.st().key = p.compute_key();
    p.set_ep_if_capturable(ep);
    *this = std::move(p);
    return status;
}

std::string Position::fen() const {
    std::string out;
    for (int r = 7; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 8; ++f) {
            Piece pc = board_[make_square(f, r)];
            if (pc == NoPiece) {
                ++empty;
                continue;
            }
            if (empty) out += char('0' + empty);
            empty = 0;
            out += PieceChars[pc];
        }
        if (empty) out += char('0' + empty);
        if (r) out += '/';
    }
    out += side_ == White ? " w " : " b ";
    int rights = st().castling;
    if (!rights) out += '-';
    for (CastlingRight cr : {WhiteOO, WhiteOOO, BlackOO, BlackOOO}) {
        if (!(rights & cr)) continue;
        Color c = (cr & (WhiteOO | WhiteOOO)) ? White : Black;
        bool king_side = cr & (WhiteOO | BlackOO);
        Square rsq = castling_rook(cr);
        // X-FEN: KQkq when the rook is the outermost one on that side, else its file.
        Bitboard rooks = pieces(Rook, c) & rank_bb(rank_of(rsq));
        Bitboard beyond = king_side ? rooks & ~(square_bb(rsq) * 2 - 1) : rooks & (square_bb(rsq) - 1);
        char letter = beyond ? char('A' + file_of(rsq)) : (king_side ? 'K' : 'Q');
        out += c == White ? letter : char(letter | 0x20);
    }
    out += ' ';
    out += square_name(st().ep);
    out += ' ' + std::to_string(st().rule50) + ' ' + std::to_string(fullmove_number());
    return out;
}

void Position::do_move(Move m) {
    const auto& z = zobrist::keys();
    Color us = side_, them = ~us;
    Square from = m.from(), to = m.to();
    Piece pc = board_[from];

    if (ply_ + 1 == int(states_.size())) states_.push_back(State{});
    const State& prev = states_[ply_];
    State& next = states_[++ply_];
    next.key = prev.key ^ z.side;
    next.castling = prev.castling;
    next.rule50 = prev.rule50 + 1;
    next.ep = NoSquare;
    next.captured = NoPiece;
    if (prev.ep != NoSquare) next.key ^= z.ep_file[file_of(prev.ep)];
    ++gamePly_;

    if (m.kind() == Castling) {
        bool king_side = to > from;
        Square kto = castle_king_to(us, king_side), rto = castle_rook_to(us, king_side);
        Piece rook = board_[to];
        remove_piece(from);
        remove_piece(to);
        put_piece(pc, kto);
        put_piece(rook, rto);
        next.key ^= z.psq[pc][from] ^ z.psq[pc][kto] ^ z.psq[rook][to] ^ z.psq[rook][rto];
    } else {
        Square capsq = m.kind() == EnPassant ? to - pawn_push(us) : to;
        Piece captured = board_[capsq];
        if (captured != NoPiece) {
            remove_piece(capsq);
            next.key ^= z.psq[captured][capsq];
            next.captured = captured;
            next.rule50 = 0;
        }
        move_piece(from, to);
        next.key ^= z.psq[pc][from] ^ z.psq[pc][to];
        if (type_of(pc) == Pawn) {
            next.rule50 = 0;
            if (m.kind() == Promotion) {
                Piece promo = make_piece(us, m.promotion());
                remove_piece(to);
                put_piece(promo, to);
                next.key ^= z.psq[pc][to] ^ z.psq[promo][to];
            } else if ((int(to) ^ int(from)) == 16) {
                Square ep = to - pawn_push(us);
                if (pawn_attacks(us, ep) & pieces(Pawn, them)) {
                    next.ep = ep;
                    next.key ^= z.ep_file[file_of(ep)];
                }
            }
        }
    }
    int lost = (castlingMask_[from] | castlingMask_[to]) & next.castling;
    if (lost) {
        next.key ^= z.castling[next.castling] ^ z.castling[next.castling & ~lost];
        next.castling &= ~lost;
    }
    side_ = them;
}

void Position::undo_move(Move m) {
    side_ = ~side_;
    Color us = side_;
    Square from = m.from(), to = m.to();
    const State& s = states_[ply_];

    if (m.kind() == Castling) {
        bool king_side = to > from;
        Square kto = castle_king_to(us, king_side), rto = castle_rook_to(us, king_side);
        Piece king_pc = board_[kto], rook = board_[rto];
        remove_piece(kto);
        remove_piece(rto);
        put_piece(king_pc, from);
        put_piece(rook, to);
    } else {
        if (m.kind() == Promotion) {
            remove_piece(to);
            put_piece(make_piece(us, Pawn), to);
        }
        move_piece(to, from);
        if (s.captured != NoPiece)
            put_piece(s.captured, m.kind() == EnPassant ? to - pawn_push(us) : to);
    }
    --ply_;
    --gamePly_;
}

Bitboard Position::attackers(Color c, Square s, Bitboard occ) const {
    return attackers_to(s, occ) & byColor_[c];
}

Bitboard Position::attackers_to(Square s, Bitboard occ) const {
    return (pawn_attacks(Black, s) & pieces(Pawn, White)) |
           (pawn_attacks(White, s) & pieces(Pawn, Black)) | (knight_attacks(s) & pieces(Knight)) |
           (king_attacks(s) & pieces(King)) |
           (bishop_attacks(s, occ) & pieces(Bishop, Queen)) |
           (rook_attacks(s, occ) & pieces(Rook, Queen));
}

Bitboard Position::attacks(Square s) const {
    Piece pc = board_[s];
    if (pc == NoPiece) return 0;
    if (type_of(pc) == Pawn) return pawn_attacks(color_of(pc), s);
    return attacks_bb(type_of(pc), s, occupied());
}

Bitboard Position::blockers_for_king(Color c) const {
    Bitboard kings = pieces(King, c);
    if (!kings) return 0;
    Square ksq = lsb(kings);
    Bitboard snipers = ((pseudo_attacks(Rook, ksq) & pieces(Rook, Queen)) |
                        (pseudo_attacks(Bishop, ksq) & pieces(Bishop, Queen))) &
                       byColor_[~c];
    Bitboard blockers = 0;
    while (snipers) {
        Bitboard b = between_bb(ksq, pop_lsb(snipers)) & occupied();
        if (b && !more_than_one(b)) blockers |= b;
    }
    return blockers;
}

PinInfo Position::pin(Color c, Square s) const {
    PinInfo info;
    Bitboard kings = pieces(King, c);
    if (!kings || board_[s] == NoPiece || color_of(board_[s]) != c || type_of(board_[s]) == King)
        return info;
    Square ksq = lsb(kings);
    Bitboard snipers = ((pseudo_attacks(Rook, ksq) & pieces(Rook, Queen)) |
                        (pseudo_attacks(Bishop, ksq) & pieces(Bishop, Queen))) &
                       byColor_[~c] & line_bb(ksq, s);
    while (snipers) {
        Square sniper = pop_lsb(snipers);
        if ((between_bb(ksq, sniper) & occupied()) == square_bb(s)) {
            info.pinned = true;
            info.pinner = sniper;
            info.ray = line_bb(ksq, sniper);
            return info;
        }
    }
    return info;
}

bool Position::is_capture(Move m) const {
    return m.kind() == EnPassant || (m.kind() != Castling && board_[m.to()] != NoPiece);
}

Piece Position::captured_piece(Move m) const {
    if (m.kind() == EnPassant) return make_piece(~side_, Pawn);
    if (m.kind() == Castling) return NoPiece;
    return board_[m.to()];
}

bool Position::is_legal(Move m) const { return MoveList(*this).contains(m); }

CheckKind Position::gives_check(Move m) const {
    Color us = side_;
    Bitboard their_king = pieces(King, ~us);
    if (!their_king) return CheckKind::None;
    Square eksq = lsb(their_king);
    Square from = m.from(), to = m.to();
    Piece pc = board_[from];

    // Where the moving piece (or the castling rook) ends, and the occupancy after the move.
    Bitboard occ = occupied();
    Square mover_sq = to;
    PieceType mover_type = type_of(pc);
    Bitboard vacated = square_bb(from);
    if (m.kind() == Castling) {
        bool king_side = to > from;
        Square kto = castle_king_to(us, king_side), rto = castle_rook_to(us, king_side);
        occ = (occ ^ square_bb(from) ^ square_bb(to)) | square_bb(kto) | square_bb(rto);
        mover_sq = rto;
        mover_type = Rook;
        vacated |= square_bb(to);
    } else {
        occ = (occ ^ square_bb(from)) | square_bb(to);
        if (m.kind() == EnPassant) occ ^= square_bb(to - pawn_push(us));
        if (m.kind() == Promotion) mover_type = m.promotion();
    }

    bool direct = mover_type == Pawn
                      ? bool(pawn_attacks(us, mover_sq) & their_king)
                      : bool(attacks_bb(mover_type, mover_sq, occ) & their_king);
    // Other sliders of ours that now see the king.
    Bitboard ours = byColor_[us] & ~vacated & ~square_bb(to);
    Bitboard discovered = ((rook_attacks(eksq, occ) & pieces(Rook, Queen)) |
                           (bishop_attacks(eksq, occ) & pieces(Bishop, Queen))) &
                          ours;
    int n = popcount(discovered) + direct;
    if (n >= 2) return CheckKind::Double;
    if (direct) return CheckKind::Direct;
    if (discovered) return CheckKind::Discovered;
    return CheckKind::None;
}

bool Position::is_checkmate() const { return is_check() && MoveList(*this).empty(); }

bool Position::is_stalemate() const { return !is_check() && MoveList(*this).empty(); }

bool Position::has_insufficient_material(Color c) const {
    Bitboard own = byColor_[c];
    if (own & (pieces(Pawn) | pieces(Rook) | pieces(Queen))) return false;
    // A knight mates only with help: the opponent must have something to block with.
    if (own & pieces(Knight))
        return popcount(own) <= 2 && !(byColor_[~c] & ~pieces(King) & ~pieces(Queen));
    // Bishops mate only if there are bishops on both colours or a knight or pawn to block.
    if (own & pieces(Bishop)) {
        bool same_colour = !(pieces(Bishop) & DarkSquares) || !(pieces(Bishop) & LightSquares);
        return same_colour && !pieces(Pawn) && !pieces(Knight);
    }
    return true;
}

bool Position::is_insufficient_material() const {
    return has_insufficient_material(White) && has_insufficient_material(Black);
}

bool Position::is_seventyfive_moves() const {
    return st().rule50 >= 150 && (!is_check() || !MoveList(*this).empty());
}

int Position::repetition_count() const {
    int count = 1;
    int limit = std::min(st().rule50, ply_);
    for (int back = 2; back <= limit; back += 2)
        if (states_[ply_ - back].key == st().key) ++count;
    return count;
}

bool Position::is_fivefold_repetition() const { return repetition_count() >= 5; }

bool Position::can_claim_fifty_moves() const {
    if (st().rule50 >= 100 && (!is_check() || !MoveList(*this).empty())) return true;
    // python-chess also allows the claim when the next move reaches the limit.
    if (st().rule50 >= 99) {
        Position copy = *this;
        for (Move m : MoveList(*this)) {
            copy.do_move(m);
            bool reached = copy.halfmove_clock() >= 100;
            copy.undo_move(m);
            if (reached) return true;
        }
    }
    return false;
}

bool Position::can_claim_threefold_repetition() const {
    if (repetition_count() >= 3) return true;
    // Claimable also when a move leads to a position that occurred twice before.
    Position copy = *this;
    for (Move m : MoveList(*this)) {
        copy.do_move(m);
        bool three = copy.repetition_count() >= 3;
        copy.undo_move(m);
        if (three) return true;
    }
    return false;
}

std::optional<Outcome> Position::outcome(bool claim) const {
    bool has_moves = !MoveList(*this).empty();
    if (!has_moves && is_check()) return Outcome{Termination::Checkmate, ~side_};
    if (is_insufficient_material()) return Outcome{Termination::InsufficientMaterial, std::nullopt};
    if (!has_moves) return Outcome{Termination::Stalemate, std::nullopt};
    if (st().rule50 >= 150) return Outcome{Termination::SeventyFiveMoves, std::nullopt};
    if (is_fivefold_repetition()) return Outcome{Termination::FivefoldRepetition, std::nullopt};
    if (claim) {
        if (can_claim_fifty_moves()) return Outcome{Termination::FiftyMoves, std::nullopt};
        if (can_claim_threefold_repetition())
            return Outcome{Termination::ThreefoldRepetition, std::nullopt};
    }
    return std::nullopt;
}

}  // namespace glossfish
