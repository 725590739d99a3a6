// Standard Algebraic Notation: printing, and strict and lenient parsing.
#include <algorithm>
#include <string>
#include <string_view>

#include "io/text.h"
#include "rules/bitboard.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/notation_detail.h"

namespace glossfish {

using namespace notation_detail;

namespace {

// Strict text longer than this cannot be a move ("Qh4xe1+" has 7 characters).
constexpr std::size_t MaxStrictText = 16;
// Lenient text longer than this after cleaning is rejected ("12... Ng1xf3 e.p.!?" has 19
// characters); raw text longer than four times this is rejected before any work.
constexpr std::size_t MaxLenientText = 64;

// What a SAN text asks for.
struct SanMove {
    bool castle = false;
    bool king_side = false;
    PieceType piece = NoPieceType;  // as written; NoPieceType when no letter was given
    int from_file = -1;
    int from_rank = -1;
    bool capture = false;
    Square to = NoSquare;
    PieceType promo = NoPieceType;
};

// Reads the destination square that ends a SAN move body; an error text, or "" on success.
std::string read_destination(std::string_view rest, Square& to) {
    if (rest.size() < 2) return "no destination square";
    char df = rest[rest.size() - 2], dr = rest[rest.size() - 1];
    if (!is_file_char(df) || !is_rank_char(dr)) {
        if (df >= 'a' && df <= 'z' && dr >= '0' && dr <= '9')
            return quoted(rest.substr(rest.size() - 2)) + " is not a square";
        return "the move must end with its destination square (like e4), not " +
               quoted(rest.substr(rest.size() - 2));
    }
    to = make_square(df - 'a', dr - '1');
    return {};
}

// Reads strict SAN; returns what is wrong, or "" and fills `out`.
std::string read_strict(std::string_view s, SanMove& out) {
    if (s.empty()) return "empty move text";
    if (s.size() > MaxStrictText)
        return "too long to be a move (" + std::to_string(s.size()) + " characters)";
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (is_space(s[i]))
            return "strict SAN has no whitespace (" + char_text(s[i]) + " at position " +
                   std::to_string(i + 1) + ")";
        unsigned char u = static_cast<unsigned char>(s[i]);
        if (u < 0x21 || u >= 0x7f)
            return "unexpected " + char_text(s[i]) + " at position " + std::to_string(i + 1);
    }
    if (s == "0000" || s == "--" || s == "Z0") return "null moves are not accepted";

    // Check marker: at most one '+' or '#'; annotations are lenient only.
    const std::size_t end = strip_move_marks(s).size();
    std::string_view tail = s.substr(end);
    if (tail.find_first_of("!?") != std::string_view::npos)
        return "annotation \"" + std::string(tail) + "\" is not part of strict SAN";
    if (tail.size() > 1) return "more than one check marker (\"" + std::string(tail) + "\")";
    std::string_view body = s.substr(0, end);
    if (body.empty()) return "no move before \"" + std::string(tail) + "\"";

    if (body == "O-O" || body == "O-O-O") {
        out.castle = true;
        out.king_side = body.size() == 3;
        return "";
    }
    if (body.size() >= 2 && body.find_first_not_of("oO0-") == std::string_view::npos)
        return "castling is written O-O or O-O-O, with the capital letter O";

    std::size_t i = 0;
    char c0 = body[0];
    if (contains("NBRQK", c0)) {
        out.piece = piece_of_letter(c0);
        i = 1;
    } else if (c0 == 'P' || c0 == 'p') {
        return "strict SAN writes pawn moves without a P";
    } else if (contains("nrqk", c0)) {
        return "piece letters are uppercase (" + std::string(1, char(c0 - 'a' + 'A')) + ", not " +
               c0 + ")";
    }
    std::string_view rest = body.substr(i);

    // Promotion: "=Q" at the end.
    std::size_t eq = rest.find('=');
    if (eq != std::string_view::npos) {
        if (out.piece != NoPieceType) return "only pawns promote";
        if (eq + 2 != rest.size())
            return "'=' must be followed by exactly one promotion piece (=Q, =R, =B or =N)";
        char p = rest[eq + 1];
        if (contains("NBRQ", p)) out.promo = piece_of_letter(p);
        else if (contains("nbrq", p))
            return "the promotion piece is uppercase (=" + std::string(1, char(p - 'a' + 'A')) +
                   ")";
        else return char_text(p) + " is not a promotion piece (=Q, =R, =B or =N)";
        rest = rest.substr(0, eq);
    } else if (rest.size() >= 3 && is_rank_char(rest[rest.size() - 2]) &&
               contains("NBRQnbrq", rest.back())) {
        char p = rest.back();
        if (p >= 'a') p = char(p - 'a' + 'A');
        return "a promotion is written with '=' (" + std::string(rest.substr(rest.size() - 3, 2)) +
               "=" + p + ")";
    }

    // Destination square at the end.
    if (std::string err = read_destination(rest, out.to); !err.empty()) return err;

    // Between piece and destination: [file][rank][x].
    std::string_view mid = rest.substr(0, rest.size() - 2);
    std::size_t j = 0;
    if (j < mid.size() && is_file_char(mid[j])) out.from_file = mid[j++] - 'a';
    if (j < mid.size() && is_rank_char(mid[j])) out.from_rank = mid[j++] - '1';
    if (j < mid.size() && mid[j] == 'x') {
        out.capture = true;
        ++j;
    }
    if (j != mid.size()) {
        char bad = mid[j];
        if (bad == '-') return "'-' between squares is long algebraic, not SAN";
        if (bad == ':' || bad == 'X') return "a capture is written with a lowercase 'x'";
        return "unexpected " + char_text(bad) + " at position " + std::to_string(i + j + 1);
    }

    if (out.piece == NoPieceType) {
        if (out.from_rank >= 0) return "long algebraic is not SAN (write e4, exd5 or Nf3)";
        if (out.from_file >= 0 && !out.capture)
            return std::string("a pawn capture needs 'x' (") + char('a' + out.from_file) + "x" +
                   square_name(out.to) + ")";
        if (out.capture && out.from_file < 0)
            return "a pawn capture starts with the pawn's file (exd5)";
    }
    return "";
}

// Lenient text after cleaning: figurines and typographic characters replaced, whitespace,
// move number, annotations, check markers and "e.p." removed. Returns what is wrong, or "".
std::string clean_lenient(std::string_view text, std::string& t) {
    t.clear();
    for (std::size_t i = 0; i < text.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(text[i]);
        auto next = [&](std::size_t k) {
            return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0u;
        };
        if (c == 0xE2 && next(1) == 0x99 && next(2) >= 0x94 && next(2) <= 0x9F) {
            t += "KQRBNP"[(next(2) - 0x94) % 6];  // chess figurines, white then black
            i += 2;
        } else if (c == 0xE2 && next(1) == 0x80 && next(2) == 0xA6) {
            t += "...";  // ellipsis after a move number
            i += 2;
        } else if (c == 0xE2 && next(1) == 0x80 && (next(2) == 0x93 || next(2) == 0x94)) {
            t += '-';  // en and em dash
            i += 2;
        } else if (c == 0xC3 && next(1) == 0x97) {
            t += 'x';  // multiplication sign
            i += 1;
        } else {
            t += char(c);
        }
    }

    auto trim = [&] {
        std::size_t a = 0, b = t.size();
        while (a < b && is_space(t[a])) ++a;
        while (b > a && is_space(t[b - 1])) --b;
        t = t.substr(a, b - a);
    };
    trim();
    if (t.empty()) return "empty move text";

    // A leading move number: "12." or "12..." with optional space.
    if (t[0] >= '0' && t[0] <= '9') {
        std::size_t k = 0;
        while (k < t.size() && t[k] >= '0' && t[k] <= '9') ++k;
        if (k < t.size() && t[k] == '.') {
            while (k < t.size() && t[k] == '.') ++k;
            t = t.substr(k);
            trim();
            if (t.empty()) return "only a move number, no move";
        }
    }

    // Trailing annotations, check markers, punctuation, NAGs and "e.p.".
    for (bool changed = true; changed && !t.empty();) {
        changed = false;
        trim();
        if (t.empty()) break;
        auto ends_with_ep = [&](std::string_view suffix) {
            if (t.size() <= suffix.size()) return false;
            for (std::size_t k = 0; k < suffix.size(); ++k) {
                char c = t[t.size() - suffix.size() + k];
                if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
                if (c != suffix[k]) return false;
            }
            char p = t[t.size() - suffix.size() - 1];
            return is_rank_char(p) || is_space(p) || contains("+#!?", p);
        };
        for (std::string_view suffix : {"e.p.", "e.p", "ep"}) {
            if (ends_with_ep(suffix)) {
                t.resize(t.size() - suffix.size());
                changed = true;
                break;
            }
        }
        if (changed) continue;
        if (contains("!?+#.,;", t.back())) {
            t.pop_back();
            changed = true;
            continue;
        }
        // A NAG such as "$1".
        std::size_t k = t.size();
        while (k > 0 && t[k - 1] >= '0' && t[k - 1] <= '9') --k;
        if (k > 0 && k < t.size() && t[k - 1] == '$') {
            t.resize(k - 1);
            changed = true;
        }
    }
    if (t.empty()) return "no move, only annotations or punctuation";

    if (t == "0000" || t == "--" || t == "Z0" || t == "null") return "null moves are not accepted";
    for (char c : t)
        if (is_space(c)) return "several words; give one move";
    for (std::size_t i = 0; i < t.size(); ++i) {
        unsigned char u = static_cast<unsigned char>(t[i]);
        if (u < 0x21 || u >= 0x7f) return "unexpected " + char_text(t[i]);
    }
    return "";
}

// Reads lenient castling ("O-O", "0-0-0", "o-o", "OO"); false when the text is not castling.
bool read_lenient_castling(std::string_view t, SanMove& out, std::string& error) {
    if (t.find_first_not_of("oO0-") != std::string_view::npos) return false;
    int os = 0;
    bool ok = t.front() != '-' && t.back() != '-';
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] != '-') ++os;
        else if (i > 0 && t[i - 1] == '-') ok = false;
    }
    if (os < 2) return false;
    if (!ok || os > 3) {
        error = "castling is written O-O or O-O-O";
        return true;
    }
    out.castle = true;
    out.king_side = os == 2;
    return true;
}

// Reads lenient algebraic after the piece letter (or from the start when `i` is 0):
// [file][rank][- x X :][destination][promotion as =Q, Q, q, (Q), /Q].
std::string read_lenient_move(std::string_view t, std::size_t i, SanMove& out) {
    std::string_view rest = t.substr(i);

    // Promotion.
    auto promo_letter = [&](char p, PieceType& pt) -> std::string {
        pt = piece_of_letter(p);
        if (pt == King || pt == Pawn) return std::string("cannot promote to a ") + piece_name(pt);
        return "";
    };
    std::size_t n = rest.size();
    if (n >= 4 && rest[n - 1] == ')' && rest[n - 3] == '(' &&
        piece_of_letter(rest[n - 2]) != NoPieceType) {
        if (std::string e = promo_letter(rest[n - 2], out.promo); !e.empty()) return e;
        rest = rest.substr(0, n - 3);
        if (!rest.empty() && rest.back() == '=') rest.remove_suffix(1);
    } else if (n >= 3 && piece_of_letter(rest[n - 1]) != NoPieceType &&
               (contains("=/", rest[n - 2]) || is_rank_char(rest[n - 2]))) {
        if (std::string e = promo_letter(rest[n - 1], out.promo); !e.empty()) return e;
        rest = rest.substr(0, contains("=/", rest[n - 2]) ? n - 2 : n - 1);
    } else if (n >= 1 && rest.back() == '=') {
        return "'=' without a promotion piece";
    }
    if (out.promo != NoPieceType && out.piece != NoPieceType && out.piece != Pawn)
        return "only pawns promote";

    if (std::string err = read_destination(rest, out.to); !err.empty()) return err;

    std::string_view mid = rest.substr(0, rest.size() - 2);
    std::size_t j = 0;
    if (j < mid.size() && is_file_char(mid[j])) out.from_file = mid[j++] - 'a';
    if (j < mid.size() && is_rank_char(mid[j])) out.from_rank = mid[j++] - '1';
    if (j < mid.size() && contains("-xX:", mid[j])) {
        out.capture = mid[j] != '-';
        ++j;
    }
    if (j != mid.size())
        return "unexpected " + char_text(mid[j]) + " at position " + std::to_string(i + j + 1);
    return "";
}

// The legal move a SAN text asks for, or why there is none or several.
MoveParse resolve_san(const Position& pos, std::string_view text, const SanMove& w, bool lenient) {
    const std::string q = quoted(text) + ": ";
    Color us = pos.side_to_move();
    MoveList legal(pos);
    if (legal.empty())
        return failed(MoveError::Illegal, q + "no legal moves, " + color_name(us) + " is " +
                                              (pos.is_check() ? "checkmated" : "stalemated"));

    if (w.castle) {
        for (Move m : legal)
            if (m.kind() == Castling && is_king_side(m) == w.king_side) return accepted(m);
        return failed(MoveError::Illegal,
                      q + "castling " + (w.king_side ? "kingside" : "queenside") +
                          " is not legal: " + castling_problem(pos, w.king_side, NoSquare));
    }

    const bool full_from = w.from_file >= 0 && w.from_rank >= 0;
    Move found[MaxMoves];
    int count = 0;
    bool missing_promo = false, needless_promo = false, castling_hint = false;
    for (Move m : legal) {
        Square from = m.from();
        if (w.from_file >= 0 && file_of(from) != w.from_file) continue;
        if (w.from_rank >= 0 && rank_of(from) != w.from_rank) continue;
        PieceType pt = type_of(pos.piece_at(from));
        if (w.piece != NoPieceType ? pt != w.piece : !(full_from || pt == Pawn)) continue;

        if (m.kind() == Castling) {
            if (w.promo != NoPieceType) continue;
            // King takes own rook (Chess960 SAN in python-chess) or the king's two-square
            // step from e1/e8 (standard SAN in python-chess); lenient reads both always.
            bool takes_rook = m.to() == w.to;
            bool two_squares =
                file_of(from) == FileE && w.to == castle_king_to(us, is_king_side(m));
            if ((takes_rook && (lenient || pos.chess960())) ||
                (two_squares && (lenient || !pos.chess960())))
                found[count++] = m;
            else if (takes_rook || two_squares) castling_hint = true;
            continue;
        }
        if (m.to() != w.to) continue;
        if (pt == Pawn && w.from_file < 0 && !w.capture && file_of(from) != file_of(m.to()))
            continue;
        if (m.kind() == Promotion) {
            if (w.promo == NoPieceType) {
                missing_promo = true;
                continue;
            }
            if (w.promo != m.promotion()) continue;
        } else if (w.promo != NoPieceType) {
            needless_promo = true;
            continue;
        }
        found[count++] = m;
    }

    if (count == 1) return accepted(found[0]);
    if (count > 1) {
        std::string list;
        for (int k = 0; k < count; ++k) {
            if (k) list += k + 1 == count ? " or " : ", ";
            list += move_to_san(pos, found[k]) + " (" + move_to_uci(pos, found[k]) + ")";
        }
        return failed(MoveError::Ambiguous, q + "ambiguous, could be " + list);
    }

    const std::string dest = square_name(w.to);
    if (missing_promo)
        return failed(MoveError::Illegal, q + "missing promotion piece (" + dest + "=Q, " + dest +
                                              "=R, " + dest + "=B or " + dest + "=N)");
    if (needless_promo)
        return failed(MoveError::Illegal, q + "a move to " + dest + " is not a promotion");

    // A king move that stands for castling (king takes own rook, or two squares from e1/e8)
    // gets the reason castling is not legal, when this mode reads that form as castling.
    const Square ksq = pos.king(us);
    const bool king_text = w.piece == King || (w.piece == NoPieceType && full_from &&
                                               make_square(w.from_file, w.from_rank) == ksq);
    if (king_text && relative_rank(us, ksq) == Rank1 &&
        (w.from_file < 0 || w.from_file == file_of(ksq)) &&
        (w.from_rank < 0 || w.from_rank == rank_of(ksq))) {
        bool takes_rook =
            pos.piece_at(w.to) == make_piece(us, Rook) && rank_of(w.to) == rank_of(ksq);
        bool two_squares = file_of(ksq) == FileE &&
                           (w.to == castle_king_to(us, true) || w.to == castle_king_to(us, false));
        if ((takes_rook && (lenient || pos.chess960())) ||
            (two_squares && (lenient || !pos.chess960()))) {
            bool king_side = takes_rook ? w.to > ksq : w.to == castle_king_to(us, true);
            return failed(MoveError::Illegal,
                          q + "castling " + (king_side ? "kingside" : "queenside") +
                              " is not legal: " +
                              castling_problem(pos, king_side, takes_rook ? w.to : NoSquare));
        }
        castling_hint = castling_hint || takes_rook || two_squares;
    }

    // Describe what was looked for, then why nothing matched when that is known.
    std::string message;
    Bitboard candidates = pos.occupied_co(us);
    if (full_from) {
        Square from = make_square(w.from_file, w.from_rank);
        Piece there = pos.piece_at(from);
        if (there == NoPiece)
            return failed(MoveError::Illegal, q + "no piece on " + square_name(from));
        if (color_of(there) != us)
            return failed(MoveError::Illegal, q + square_name(from) + " holds " +
                                                  describe_piece(there) + " but " + color_name(us) +
                                                  " is to move");
        if (w.piece != NoPieceType && type_of(there) != w.piece)
            return failed(MoveError::Illegal, q + square_name(from) + " holds " +
                                                  describe_piece(there) + ", not a " +
                                                  piece_name(w.piece));
        bool takes = type_of(there) == Pawn && file_of(from) != file_of(w.to);
        message = "the " + std::string(piece_name(type_of(there))) + " on " + square_name(from) +
                  " cannot " + (takes ? "capture on " : "move to ") + dest;
        candidates &= square_bb(from);
    } else {
        const PieceType looked = w.piece != NoPieceType ? w.piece : Pawn;
        if (!pos.pieces(looked, us))
            return failed(MoveError::Illegal, q + color_name(us) + " has no " + piece_name(looked));
        std::string where;
        if (w.from_file >= 0) {
            where = std::string(" on the ") + char('a' + w.from_file) + "-file";
            candidates &= file_bb(w.from_file);
        } else if (w.from_rank >= 0) {
            where = " on rank " + std::to_string(w.from_rank + 1);
            candidates &= rank_bb(w.from_rank);
        }
        candidates &= pos.pieces(looked);
        const bool pawn = looked == Pawn;
        if (pawn && w.from_file < 0 && !w.capture) candidates &= file_bb(file_of(w.to));
        bool takes = pawn && (w.capture || (w.from_file >= 0 && w.from_file != file_of(w.to)));
        message = "no " + std::string(piece_name(looked)) + where + " can " +
                  (takes ? "capture on " : "move to ") + dest;
    }
    std::string reason = illegal_reason(pos, candidates, w.to);
    if (!reason.empty()) message += " (" + reason + ")";
    if (castling_hint) message += "; castling is written O-O or O-O-O";
    return failed(MoveError::Illegal, q + message);
}

// Lenient parse of cleaned text; `bishop` reads a leading lowercase 'b' as a bishop.
MoveParse parse_lenient(const Position& pos, std::string_view text, std::string_view t,
                        bool bishop) {
    SanMove w;
    std::string error;
    if (read_lenient_castling(t, w, error)) {
        if (!error.empty()) return failed(MoveError::Malformed, quoted(text) + ": " + error);
        return resolve_san(pos, text, w, true);
    }
    std::size_t i = 0;
    PieceType pt = piece_of_letter(t[0]);
    if (pt != NoPieceType && (t[0] != 'b' || bishop)) {
        w.piece = pt;
        i = 1;
    }
    error = read_lenient_move(t, i, w);
    if (!error.empty()) return failed(MoveError::Malformed, quoted(text) + ": " + error);
    return resolve_san(pos, text, w, true);
}

}  // namespace

std::string move_to_san(const Position& pos, Move m) {
    if (!m.is_ok()) return "--";
    MoveList legal(pos);
    if (!legal.contains(m)) return move_to_uci(pos, m);  // not legal here: no SAN exists

    std::string san;
    const Square from = m.from(), to = m.to();
    if (m.kind() == Castling) {
        san = is_king_side(m) ? "O-O" : "O-O-O";
    } else {
        const PieceType pt = type_of(pos.piece_at(from));
        const bool capture = pos.is_capture(m);
        if (pt == Pawn) {
            if (capture) {
                san += char('a' + file_of(from));
                san += 'x';
            }
        } else {
            san += PieceLetters[pt];
            // Other pieces of the same type that can legally reach the same square.
            Bitboard others = 0;
            for (Move o : legal)
                if (o.kind() != Castling && o.to() == to && o.from() != from &&
                    type_of(pos.piece_at(o.from())) == pt)
                    others |= square_bb(o.from());
            if (others) {
                // python-chess: the file unless another piece shares it, then the rank, or both.
                bool file = false, rank = false;
                if (others & rank_bb(rank_of(from))) file = true;
                if (others & file_bb(file_of(from))) rank = true;
                else file = true;
                if (file) san += char('a' + file_of(from));
                if (rank) san += char('1' + rank_of(from));
            }
            if (capture) san += 'x';
        }
        san += square_name(to);
        if (m.kind() == Promotion) {
            san += '=';
            san += PieceLetters[m.promotion()];
        }
    }

    if (pos.gives_check(m) != CheckKind::None) {
        Position after = pos;
        after.do_move(m);
        san += MoveList(after).empty() ? '#' : '+';
    }
    return san;
}

std::string numbered_san_line(Position pos, const std::vector<Move>& line) {
    std::string out;
    for (std::size_t k = 0; k < line.size(); ++k) {
        if (k) out += ' ';
        if (pos.side_to_move() == White) out += std::to_string(pos.fullmove_number()) + ". ";
        else if (k == 0) out += std::to_string(pos.fullmove_number()) + "... ";
        out += move_to_san(pos, line[k]);
        pos.do_move(line[k]);
    }
    return out;
}

std::string numbered_move(const Position& before, const std::string& san) {
    return std::to_string(before.fullmove_number()) +
           (before.side_to_move() == White ? ". " : "... ") + san;
}

MoveParse parse_san(const Position& pos, std::string_view text, SanMode mode) {
    if (mode == SanMode::Strict) {
        SanMove w;
        std::string error = read_strict(text, w);
        if (!error.empty()) return failed(MoveError::Malformed, quoted(text) + ": " + error);
        return resolve_san(pos, text, w, false);
    }

    if (text.size() > 4 * MaxLenientText)
        return failed(MoveError::Malformed, quoted(text) + ": too long to be a move (" +
                                                std::to_string(text.size()) + " bytes)");
    std::string t;
    std::string error = clean_lenient(text, t);
    if (!error.empty()) return failed(MoveError::Malformed, quoted(text) + ": " + error);
    if (t.size() > MaxLenientText)
        return failed(MoveError::Malformed, quoted(text) + ": too long to be a move (" +
                                                std::to_string(t.size()) + " bytes)");

    MoveParse r = parse_lenient(pos, text, t, false);
    // A lowercase 'b' is a pawn's file first (bxc3); only when that fails, a bishop.
    if (!r.ok() && t[0] == 'b') {
        MoveParse b = parse_lenient(pos, text, t, true);
        if (b.ok() || (r.error == MoveError::Malformed && b.error != MoveError::Malformed))
            return b;
    }
    return r;
}

}  // namespace glossfish
