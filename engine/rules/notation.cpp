// Move notation: UCI text, and move text that may be UCI or SAN (SAN itself is in san.cpp).
#include "rules/notation.h"

#include <string>
#include <string_view>
#include <utility>

#include "io/text.h"
#include "rules/bitboard.h"
#include "rules/movegen.h"
#include "rules/notation_detail.h"

namespace glossfish {

using namespace notation_detail;

namespace {

// Whether t looks like a UCI move: two squares and an optional lowercase promotion piece.
bool uci_shaped(std::string_view t) {
    if (t.size() != 4 && t.size() != 5) return false;
    if (!is_file_char(t[0]) || !is_rank_char(t[1]) || !is_file_char(t[2]) || !is_rank_char(t[3]))
        return false;
    return t.size() == 4 || contains("nbrq", t[4]);
}

}  // namespace

const char* move_error_name(MoveError e) {
    switch (e) {
    case MoveError::None: return "none";
    case MoveError::Malformed: return "malformed";
    case MoveError::Illegal: return "illegal";
    case MoveError::Ambiguous: return "ambiguous";
    }
    return "unknown";
}

std::string move_to_uci(const Position& pos, Move m) {
    if (!m.is_ok()) return "0000";
    Square to = m.to();
    if (m.kind() == Castling && !pos.chess960()) {
        Color us = rank_of(m.from()) == Rank1 ? White : Black;
        to = castle_king_to(us, is_king_side(m));
    }
    std::string s = square_name(m.from()) + square_name(to);
    if (m.kind() == Promotion) s += " pnbrqk"[m.promotion()];
    return s;
}

std::string MoveParse::named(std::string_view text) const {
    const std::string quote = notation_detail::quoted(text);
    return message.rfind(quote, 0) == 0 ? message : quote + ": " + message;
}

MoveParse parse_uci(const Position& pos, std::string_view text) {
    if (text.empty()) return failed(MoveError::Malformed, "empty move text");
    const std::string q = quoted(text) + ": ";
    if (text == "0000") return failed(MoveError::Malformed, q + "null moves are not accepted");
    if (text.size() != 4 && text.size() != 5)
        return failed(MoveError::Malformed,
                      q + "a UCI move has 4 or 5 characters (e2e4, e7e8q), not " +
                          std::to_string(text.size()));
    Square from = parse_square(text.substr(0, 2)), to = parse_square(text.substr(2, 2));
    if (from == NoSquare)
        return failed(MoveError::Malformed, q + quoted(text.substr(0, 2)) + " is not a square");
    if (to == NoSquare)
        return failed(MoveError::Malformed, q + quoted(text.substr(2, 2)) + " is not a square");
    PieceType promo = NoPieceType;
    if (text.size() == 5) {
        char c = text[4];
        if (contains("nbrq", c)) promo = piece_of_letter(c);
        else if (contains("NBRQ", c))
            return failed(MoveError::Malformed, q + "the promotion piece is lowercase (" +
                                                    char(c - 'A' + 'a') + ", not " + c + ")");
        else
            return failed(MoveError::Malformed,
                          q + char_text(c) + " is not a promotion piece (n, b, r or q)");
    }
    if (from == to) return failed(MoveError::Malformed, q + "from and to squares are the same");

    const std::string uci(text);
    Color us = pos.side_to_move();
    Piece pc = pos.piece_at(from);
    if (pc == NoPiece) return failed(MoveError::Illegal, "no piece on " + square_name(from));
    if (color_of(pc) != us)
        return failed(MoveError::Illegal, square_name(from) + " holds " + describe_piece(pc) +
                                              " but " + color_name(us) + " is to move");

    MoveList legal(pos);
    if (type_of(pc) == King && promo == NoPieceType) {
        // Castling: king takes own rook, or the king's two-square step from the e-file.
        bool two_squares = file_of(from) == FileE && relative_rank(us, from) == Rank1 &&
                           (to == castle_king_to(us, true) || to == castle_king_to(us, false));
        for (Move m : legal)
            if (m.kind() == Castling && m.from() == from &&
                (m.to() == to || (two_squares && to == castle_king_to(us, is_king_side(m)))))
                return accepted(m);
        bool takes_rook = pos.piece_at(to) == make_piece(us, Rook) &&
                          rank_of(to) == rank_of(from) && relative_rank(us, from) == Rank1;
        if (takes_rook || two_squares)
            return failed(MoveError::Illegal,
                          uci + " is castling, which is not legal here: " +
                              castling_problem(pos, to > from, takes_rook ? to : NoSquare));
    }

    bool missing_promo = false, needless_promo = false;
    for (Move m : legal) {
        if (m.kind() == Castling || m.from() != from || m.to() != to) continue;
        if (m.kind() == Promotion) {
            if (m.promotion() == promo) return accepted(m);
            if (promo == NoPieceType) missing_promo = true;
        } else {
            if (promo == NoPieceType) return accepted(m);
            needless_promo = true;
        }
    }
    if (missing_promo)
        return failed(MoveError::Illegal, "missing promotion piece: " + uci + "q, " + uci + "r, " +
                                              uci + "b or " + uci + "n");
    if (needless_promo)
        return failed(MoveError::Illegal,
                      uci + " is not a legal move: " + uci.substr(0, 4) + " is not a promotion");
    std::string reason = illegal_reason(pos, square_bb(from), to);
    return failed(MoveError::Illegal,
                  uci + " is not a legal move" + (reason.empty() ? "" : ": " + reason));
}

namespace {

// The text of a line's moves from pos, each written by `write` (SAN or UCI), up to the line's
// first move that is not legal.
std::vector<std::string> line_text(Position pos, const std::vector<Move>& line,
                                   std::string (*write)(const Position&, Move)) {
    std::vector<std::string> out;
    for (Move m : line) {
        if (!m.is_ok() || !pos.is_legal(m)) break;
        out.push_back(write(pos, m));
        pos.do_move(m);
    }
    return out;
}

}  // namespace

std::vector<std::string> san_line(Position pos, const std::vector<Move>& line) {
    return line_text(std::move(pos), line, move_to_san);
}

std::vector<std::string> uci_line(Position pos, const std::vector<Move>& line) {
    return line_text(std::move(pos), line, move_to_uci);
}

std::string_view strip_move_marks(std::string_view text) {
    while (!text.empty() && contains("+#!?", text.back())) text.remove_suffix(1);
    return text;
}

bool move_shaped(std::string_view text) {
    std::string_view t = strip_move_marks(text);
    if (text.size() - t.size() > 3) return false;
    if (t == "O-O" || t == "O-O-O" || t == "0-0" || t == "0-0-0") return true;
    if (t.empty() || t.size() > 8) return false;
    if (contains("KQRBN", t[0])) t.remove_prefix(1);
    // Without its promotion: "=Q", or a letter after the rank ("e8q").
    if (t.size() >= 2 && t[t.size() - 2] == '=') t.remove_suffix(2);
    else if (t.size() >= 3 && contains("QRBNqrbn", t.back()) && is_rank_char(t[t.size() - 2]))
        t.remove_suffix(1);
    if (t.size() < 2 || !is_file_char(t[t.size() - 2]) || !is_rank_char(t.back())) return false;
    for (char c : t.substr(0, t.size() - 2))
        if (!is_file_char(c) && !is_rank_char(c) && c != 'x' && c != '-') return false;
    return true;
}

std::vector<Move> parse_uci_line(Position pos, const std::vector<std::string>& line) {
    std::vector<Move> moves;
    for (const std::string& text : line) {
        MoveParse mp = parse_uci(pos, text);
        if (!mp.ok()) break;
        moves.push_back(mp.move);
        pos.do_move(mp.move);
    }
    return moves;
}

MoveTextLine read_move_line(Position pos, const std::vector<std::string>& texts) {
    MoveTextLine out;
    for (; out.failed < texts.size(); ++out.failed) {
        MoveParse mp = parse_move_text(pos, texts[out.failed]);
        if (!mp.ok()) {
            out.failure = std::move(mp);
            break;
        }
        out.sans.push_back(move_to_san(pos, mp.move));
        out.moves.push_back(mp.move);
        pos.do_move(mp.move);
    }
    return out;
}

MoveParse parse_move_text(const Position& pos, std::string_view text) {
    std::string_view t = trim(text);
    if (uci_shaped(t)) {
        MoveParse uci = parse_uci(pos, t);
        if (uci.ok()) return uci;
        MoveParse san = parse_san(pos, t, SanMode::Lenient);
        return san.ok() ? san : uci;
    }
    return parse_san(pos, t.empty() ? text : t, SanMode::Lenient);
}

}  // namespace glossfish
