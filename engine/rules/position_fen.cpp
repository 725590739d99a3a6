// Position from and to FEN: reading and validating a FEN (FenStatus with every issue found)
// and writing one.
#include <charconv>
#include <cstring>

#include "io/utf8.h"
#include "rules/position.h"

namespace glossfish {

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
    if (more_problems) out += "; and " + std::to_string(more_problems) + " more problems";
    return out;
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

std::optional<Position> Position::from_fen(std::string_view fen, bool chess960) {
    Position p;
    if (!p.set(fen, chess960).ok()) return std::nullopt;
    return p;
}

FenStatus Position::set(std::string_view fen, bool chess960) {
    init_bitboards();
    FenStatus status;
    // A long bad FEN (a 1 MiB UCI line) would give a problem per character: the first
    // MaxFenProblems are kept, the rest counted.
    auto problem = [&status](FenIssue issue, std::string msg) {
        auto& list = issue == FenIssue::ImpossibleCheck ? status.warnings : status.problems;
        if (list.size() < MaxFenProblems) list.push_back({issue, std::move(msg)});
        else if (issue != FenIssue::ImpossibleCheck) ++status.more_problems;
    };

    auto fields = split_fields(fen);
    // "startpos" (as UCI's `position startpos` and every --fen) names the start position.
    if (fields.size() == 1 && fields[0] == "startpos") return set(StartFen, chess960);
    if (fields.size() < 4 || fields.size() > 6) {
        problem(FenIssue::FieldCount,
                "expected 6 fields (4 to 6 accepted), found " + std::to_string(fields.size()));
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
                    problem(FenIssue::Placement,
                            "two digits in a row in rank " + std::to_string(rank + 1));
                }
                file += c - '0';
                prev_digit = true;
            } else if (Piece pc = piece_from_char(c); pc != NoPiece) {
                if (file < 8) p.put_piece(pc, make_square(file, rank));
                ++file;
                prev_digit = false;
            } else {
                placement_ok = false;
                problem(FenIssue::Placement, "bad piece letter " + quote_input({&c, 1}) +
                                                 " in rank " + std::to_string(rank + 1));
                ++file;
                prev_digit = false;
            }
        }
        if (ranks_seen != 8) {
            placement_ok = false;
            problem(FenIssue::Placement, "expected 8 ranks, found " + std::to_string(ranks_seen));
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
                "side to move must be 'w' or 'b', found " + quote_input(fields[1]));
    }

    // 3. Counters.
    int rule50 = 0, fullmove = 1;
    if (fields.size() >= 5 && !parse_int(fields[4], 100000, rule50))
        problem(FenIssue::HalfmoveClock,
                "halfmove clock must be a number 0..100000, found " + quote_input(fields[4]));
    if (fields.size() >= 6 && (!parse_int(fields[5], 100000, fullmove) || fullmove < 1))
        problem(FenIssue::FullmoveNumber,
                "fullmove number must be a number 1..100000, found " + quote_input(fields[5]));

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
                              : "bad castling letter " + quote_input({&c, 1}));
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
                    "en-passant field must be a square or '-', found " + quote_input(fields[3]));
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
                problem(FenIssue::BadCastlingRights, std::string("castling right '") + c +
                                                         "' but " + who +
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
                problem(FenIssue::BadCastlingRights, std::string("castling right '") + c +
                                                         "' but no " + who +
                                                         " rook to castle with");
                continue;
            }
            bool standard =
                file_of(ksq) == FileE && (file_of(rsq) == FileA || file_of(rsq) == FileH);
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
                problem(FenIssue::OppositeCheck, std::string(us == White ? "Black" : "White") +
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
                    problem(
                        FenIssue::ImpossibleCheck,
                        "check cannot follow the pawn advance that the en-passant square names");
            } else if (n == 2) {
                Square a = lsb(checkers), b = msb(checkers);
                Bitboard sliders = p.pieces(Bishop) | p.pieces(Rook) | p.pieces(Queen);
                bool same_line = line_bb(a, b) & p.pieces(King, us);
                if (same_line || !(checkers & sliders))
                    problem(FenIssue::ImpossibleCheck, "no single move gives check from " +
                                                           square_name(a) + " and " +
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
        Bitboard beyond =
            king_side ? rooks & ~(square_bb(rsq) * 2 - 1) : rooks & (square_bb(rsq) - 1);
        char letter = beyond ? char('A' + file_of(rsq)) : (king_side ? 'K' : 'Q');
        out += c == White ? letter : char(letter | 0x20);
    }
    out += ' ';
    out += square_name(st().ep);
    out += ' ' + std::to_string(st().rule50) + ' ' + std::to_string(fullmove_number());
    return out;
}

std::string null_move_fen(const Position& pos) {
    std::string fen = pos.fen();
    std::size_t s1 = fen.find(' '), s2 = fen.find(' ', s1 + 1), s3 = fen.find(' ', s2 + 1),
                s4 = fen.find(' ', s3 + 1);
    return fen.substr(0, s1 + 1) + (pos.side_to_move() == White ? "b" : "w") +
           fen.substr(s2, s3 - s2 + 1) + "-" + fen.substr(s4);
}

std::optional<Position> null_move_position(const Position& pos) {
    Position np;
    if (!np.set(null_move_fen(pos)).ok()) return std::nullopt;
    return np;
}

}  // namespace glossfish
