// What a move does: quality verdicts, check and mate, forks, hanging its own pieces, lines
// and files it opens, forced replies (captures and material won: reader_material.cpp).
#include <algorithm>

#include "reader/reader_sentence.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "tools/board_tools.h"
#include "tools/tool_json.h"

namespace glossfish::verifier {

using nlohmann::json;

// Quality words on a move subject: "is a blunder", "is not the best", "is forced".
bool SentenceReader::quality(std::size_t i, std::size_t end, const Subject& s, bool negated) {
    if (s.kind != Subject::MoveSubject) return false;
    static const std::vector<std::string> filler = {
        "a",          "an",         "the",       "very",       "serious",   "terrible",
        "big",        "huge",       "clear",     "real",       "move",      "choice",
        "reply",      "idea",       "quite",     "rather",     "what",      "definitely",
        "strong",     "good",       "best",      "only",       "excellent", "fine",
        "accurate",   "correct",    "brilliant", "solid",      "blunder",   "mistake",
        "error",      "inaccuracy", "dubious",   "inaccurate", "imprecise", "bad",
        "poor",       "weak",       "forced",    "strongest",  "natural",   "logical",
        "decisive",   "horrible",   "grave",     "small",      "slight",    "bit",
        "of",         "one",        "clearly",   "simply",     "probably",  "really",
        "is",         "was",        "not",       "isn't",      "wasn't",    "by",
        "far",        "engine's",   "top",       "nice",       "great",     "losing",
        "blunders",   "mistakes",   "move!",     "legal",      "available", "possible",
        "reasonable", "sensible",   "winning"};
    bool neg = negated;
    std::size_t k = i;
    modifiers(k, end, neg);
    if (k >= end) return false;
    for (std::size_t n = k; n < end; ++n)
        if (std::find(filler.begin(), filler.end(), words_[n].low) == filler.end()) return false;
    // A bare-verdict sentence needs a quality word, not just filler.
    const std::string mv = s.move_text;
    const std::vector<std::string> moves = move_ctx(s);
    if (!s.legal && !s.made) {
        // An illegal move cannot be judged: the claim fails as legality.
        add(make_claim("is_legal", {{"move", mv}}, moves));
    }
    if (has(k, end, {"only", "forced"})) {
        json args = {{"move", mv}};
        if (has(k, end, {"legal", "possible", "available"}) && has(k, end, {"only"}))
            args["legal"] = true;
        add(make_claim("only_move", args, moves, neg));
    } else if (has(k, end, {"best", "strongest", "top"})) {
        add(make_claim("best_move", {{"move", mv}}, moves, neg));
    } else if (has(k, end,
                   {"blunder", "blunders", "mistake", "mistakes", "error", "bad", "poor", "weak",
                    "losing", "horrible"})) {
        add(make_claim("quality_label", {{"move", mv}, {"stance", "bad"}}, moves, neg));
    } else if (has(k, end, {"inaccuracy", "dubious", "inaccurate", "imprecise"})) {
        add(make_claim("quality_label", {{"move", mv}, {"label", "inaccuracy"}}, moves, neg));
    } else if (has(k, end,
                   {"good", "strong", "excellent", "fine", "accurate", "correct", "brilliant",
                    "solid", "natural", "logical", "decisive", "nice", "great"})) {
        add(make_claim("quality_label", {{"move", mv}, {"stance", "good"}}, moves, neg));
    } else {
        return false;
    }
    return true;
}

// "The only move is Kg1." / "White's only move is Kg1." / "The only legal move is Kg1."
bool SentenceReader::only_move_sentence(std::size_t i, std::size_t end) {
    std::size_t k = i;
    std::optional<Color> side;
    if (k < end && words_[k].low == "the") ++k;
    else if (k < end && (words_[k].low == "white's" || words_[k].low == "black's"))
        side = color_word_of(words_[k++].low);
    if (k >= end || words_[k].low != "only") return false;
    ++k;
    bool legal = false;
    if (k < end && (words_[k].low == "legal" || words_[k].low == "good" ||
                    words_[k].low == "playable" || words_[k].low == "saving"))
        legal = words_[k++].low == "legal";
    if (k >= end || (words_[k].low != "move" && words_[k].low != "reply" &&
                     words_[k].low != "defence" && words_[k].low != "defense"))
        return false;
    ++k;
    bool neg = false;
    if (k >= end || words_[k].low != "is") return false;
    ++k;
    modifiers(k, end, neg);
    if (k + 1 != end || !move_shaped(words_[k].raw) || parse_square(words_[k].low) != NoSquare)
        return false;
    if (side && *side != pos_.side_to_move()) {
        unread(std::string("it is not ") + color_word(*side) + "'s move there");
        return true;
    }
    json args = {{"move", strip_annotations(words_[k].raw)}};
    if (legal) args["legal"] = true;
    add(make_claim("only_move", args, ctx_, neg));
    return true;
}

// Check and mate: "gives check", "is a check", "is mate", "checkmates", "puts the king in
// check"; "Black is in check", "White is checkmated".
bool SentenceReader::check_clause(std::size_t i, std::size_t end, const Subject& s, bool neg) {
    const std::string& verb = words_[i].low;
    const std::string& mv = s.move_text;
    const std::vector<std::string> mctx = move_ctx(s);
    if (s.kind == Subject::MoveSubject &&
        (verb == "forces" || verb == "force" || verb == "leads") && i + 1 < end) {
        // "forces mate (in two)", "leads to mate".
        std::size_t k = i + 1;
        if (verb == "leads" && words_[k].low == "to") ++k;
        if (k >= end || (words_[k].low != "mate" && words_[k].low != "checkmate")) return false;
        ++k;
        std::optional<int> n = mate_moves(k, end);
        if (k != end) return false;
        if (illegal_subject(s, mctx)) return true;
        json args = {{"move", mv}};
        if (n) args["moves"] = *n;
        add(make_claim("mate_in", args, mctx, neg));
        return true;
    }
    if (s.kind == Subject::MoveSubject) {
        static const std::vector<std::string> vocabulary = {
            "checks",     "check",     "gives", "give",       "delivers", "deliver", "mates",
            "checkmates", "checkmate", "mate",  "a",          "an",       "with",    "discovered",
            "double",     "direct",    "puts",  "put",        "the",      "king",    "in",
            "white's",    "black's",   "enemy", "opponent's", "white",    "black",   "immediate",
            "forced",     "is",        "it",    "only",       "just",     "mere"};
        for (std::size_t n = i; n < end; ++n)
            if (std::find(vocabulary.begin(), vocabulary.end(), words_[n].low) == vocabulary.end())
                return false;
        bool mate = has(i, end, {"mate", "mates", "checkmate", "checkmates"});
        bool check = has(i, end, {"check", "checks"});
        if (!mate && !check) return false;
        if (illegal_subject(s, mctx)) return true;
        // "is only a check": a check and no mate.
        if (has(i, end, {"only", "just", "mere"})) {
            if (mate || neg) return false;
            add(make_claim("gives_check", {{"move", mv}}, mctx));
            add(make_claim("mates", {{"move", mv}}, mctx, true));
            return true;
        }
        if (mate) add(make_claim("mates", {{"move", mv}}, mctx, neg));
        else if (has(i, end, {"discovered"}))
            add(make_claim("gives_check", {{"move", mv}, {"kind", "discovered"}}, mctx, neg));
        else if (has(i, end, {"double"}))
            add(make_claim("gives_check", {{"move", mv}, {"kind", "double"}}, mctx, neg));
        else add(make_claim("gives_check", {{"move", mv}}, mctx, neg));
        return true;
    }
    if (s.kind == Subject::SideSubject &&
        (verb == "in" || verb == "checkmated" || verb == "mated")) {
        if (verb == "in" && i + 2 == end && words_[i + 1].low == "check") {
            add(make_claim("checks", {{"color", color_word(s.color)}}, ctx_, neg));
            return true;
        }
        if (verb != "in" && i + 1 == end) {
            add(make_claim("checks", {{"color", color_word(s.color)}}, ctx_));
            add(make_claim("mates", json::object(), ctx_, neg));
            return true;
        }
    }
    return false;
}

// What else a move does: hangs or leaves a piece, forks, centralizes, creates a passed pawn,
// forces a reply; a side plays a move.
bool SentenceReader::move_effect_clause(std::size_t i, std::size_t end, const Subject& s,
                                        bool neg) {
    const std::string& verb = words_[i].low;
    const bool is_move = s.kind == Subject::MoveSubject;
    const Color mover = s.color;
    const std::vector<std::string> after = after_subject(s);
    const std::string& mv = s.move_text;
    const std::vector<std::string> mctx = move_ctx(s);
    if (is_move && loses_clause(i, end, s, neg)) return true;
    if (is_move && discovers_clause(i, end, s, neg)) return true;
    // Moves: "hangs the queen", "leaves the bishop on b4 hanging/undefended".
    if (is_move && (verb == "hangs" || verb == "leaves" || verb == "drops" || verb == "blunders")) {
        if (illegal_subject(s, mctx)) return true;
        std::size_t k = i + 1;
        if (verb == "hangs" && k == end)
            return add(make_claim("hangs", {{"square", square_name(s.square)}}, after, neg)), true;
        Ref r;
        bool got = piece_ref_after(after, k, mover, r);
        if (!got) return false;
        if (!r.error.empty()) return fail_ref(r);
        std::string state = verb == "leaves" && k < end ? words_[k].low : "hanging";
        if (verb == "leaves") ++k;
        if (k != end) return false;
        add_implicit(moved_implicit(r.implicit, after));
        if (state == "undefended" || state == "unprotected")
            add(make_claim("undefended", {{"square", square_name(r.square)}}, after, neg));
        else if (state == "hanging" || state == "en")
            add(make_claim("hangs", {{"square", square_name(r.square)}}, after, neg));
        else return false;
        return true;
    }
    // Forks.
    if (is_move && (verb == "forks" || verb == "fork" || (verb == "a" && has(i, end, {"fork"})) ||
                    ((verb == "creates" || verb == "sets") && has(i, end, {"fork"})))) {
        if (illegal_subject(s, mctx)) return true;
        json targets = json::array();
        if (verb == "forks" || verb == "fork") {
            std::size_t k = i + 1;
            Position keep = pos_;
            pos_ = position_after(after);
            while (k < end) {
                if (words_[k].low == "and" || words_[k].low == "both") {
                    ++k;
                    continue;
                }
                Ref r;
                if (!piece_ref(k, ~mover, r)) break;
                if (!r.error.empty() && !(s.legal && resolve(r, pos_.attacks(s.square), neg))) {
                    pos_ = keep;
                    return fail_ref(r);
                }
                targets.push_back(square_name(r.square));
                add_implicit(moved_implicit(r.implicit, after));
            }
            pos_ = keep;
            if (k != end) return false;
        } else if (!(words_[end - 1].low == "fork" && end - i <= 4)) {
            return false;
        }
        json args = {{"move", mv}};
        if (!targets.empty()) args["targets"] = targets;
        add(make_claim("forks", args, mctx, neg));
        return true;
    }
    // Threats stopped: "Kh1 stops Qxf2#", "stops the threat (of) Nxe5", "prevents Qxf2#".
    if (is_move && (verb == "stops" || verb == "stop" || verb == "prevents" || verb == "prevent" ||
                    verb == "parries" || verb == "parry")) {
        std::size_t k = i + 1;
        if (k < end && words_[k].low == "the") {
            if (k + 1 >= end || words_[k + 1].low != "threat") return false;
            k += 2;
            if (k < end && words_[k].low == "of") ++k;
        }
        if (k + 1 != end || !move_shaped(words_[k].raw) || parse_square(words_[k].low) != NoSquare)
            return false;
        if (illegal_subject(s, mctx)) return true;
        add(make_claim("stops", {{"move", mv}, {"threat", strip_annotations(words_[k].raw)}}, mctx,
                       neg));
        return true;
    }
    // "centralizes the queen".
    if (is_move && (verb == "centralizes" || verb == "centralises")) {
        if (illegal_subject(s, mctx)) return true;
        add(make_claim("occupies",
                       {{"square", square_name(s.square)}, {"piece", piece_type_word(s.piece)}},
                       after, neg));
        return true;
    }
    // "creates a passed pawn (on d6)".
    if (is_move && (verb == "creates" || verb == "gets" || verb == "makes") &&
        has(i, end, {"passed", "passer"})) {
        Square sq = s.square;
        for (std::size_t k = i; k < end; ++k)
            if (parse_square(words_[k].low) != NoSquare) sq = parse_square(words_[k].low);
        if (sq == NoSquare) return false;
        add(make_claim("passed_pawn", {{"square", square_name(sq)}}, after, neg));
        return true;
    }
    // "forces the king to g1", "forces Kg1".
    if (is_move && (verb == "forces" || verb == "force")) {
        std::size_t k = i + 1;
        std::vector<std::string> next = after;
        if (k < end && move_shaped(words_[k].raw) && parse_square(words_[k].low) == NoSquare &&
            k + 1 == end) {
            add(make_claim("only_move", {{"move", strip_annotations(words_[k].raw)}}, next, neg));
            return true;
        }
        const Position at = position_after(after);
        Ref r;
        bool got = piece_ref_after(after, k, at.side_to_move(), r);
        if (!got || !r.error.empty() || r.piece == NoPieceType)
            return got && !r.error.empty() ? fail_ref(r) : false;
        if (k + 2 != end || words_[k].low != "to") return false;
        Square to = parse_square(words_[k + 1].low);
        if (to == NoSquare) return false;
        std::string text;
        for (Move m : MoveList(at))
            if (m.from() == r.square && destination(at, m) == to) text = move_to_san(at, m);
        if (text.empty()) text = square_name(r.square) + square_name(to);  // fails as illegal
        add(make_claim("only_move", {{"move", text}}, next, neg));
        return true;
    }
    // Sides: "White can play Nf3"; "Black must play Rxb7", "has to play": the only move.
    if (s.kind == Subject::SideSubject) {
        std::size_t v = i;
        bool must = must_;
        if (v + 1 < end && words_[v].low == "to" && words_[v + 1].low == "play") {
            must = true;
            ++v;
        }
        const std::string& pv = words_[v].low;
        if (pv != "plays" && pv != "play" && pv != "played") return false;
        if (v + 2 != end || !move_shaped(words_[v + 1].raw)) return false;
        const std::string played = strip_annotations(words_[v + 1].raw);
        if (must) {
            if (pos_.side_to_move() != s.color) {
                unread(std::string("it is not ") + color_word(s.color) + "'s move there");
                return true;
            }
            add(make_claim("only_move", {{"move", played}}, ctx_, neg));
            return true;
        }
        add(make_claim("is_legal", {{"move", played}}, ctx_, neg));
        return true;
    }
    return false;
}

// Files and lines: "opens the e-file", "opens the h4-e7 diagonal", "... via the e-file".
bool SentenceReader::line_clause(std::size_t i, std::size_t end, const Subject& s, bool neg) {
    const std::string& verb = words_[i].low;
    const bool is_move = s.kind == Subject::MoveSubject;
    const std::string& mv = s.move_text;
    const std::vector<std::string> mctx = move_ctx(s);
    if (is_move && (verb == "opens" || verb == "open")) {
        if (illegal_subject(s, mctx)) return true;
        for (std::size_t k = i + 1; k < end; ++k) {
            if (auto f = file_word(words_[k].low)) {
                add(make_claim("opens_file",
                               {{"move", mv}, {"file", std::string(1, char('a' + *f))}}, mctx,
                               neg));
                return true;
            }
            if (auto p = square_pair(words_[k].low)) {
                add(make_claim(
                    "opens_line",
                    {{"move", mv}, {"from", square_name(p->first)}, {"to", square_name(p->second)}},
                    mctx, neg));
                return true;
            }
        }
        return false;
    }
    if (s.kind == Subject::SideSubject || s.kind == Subject::None) return false;
    for (std::size_t k = i; k + 1 < end; ++k) {
        const std::string& w = words_[k].low;
        if (w == "via" || w == "along" || w == "down" || w == "through" || w == "up") {
            std::size_t q = k + 1;
            if (q < end && words_[q].low == "the") ++q;
            if (q < end) {
                if (auto f = file_word(words_[q].low)) {
                    add(make_claim(
                        "open_file",
                        {{"file", std::string(1, char('a' + *f))}, {"color", color_word(s.color)}},
                        after_subject(s), neg));
                    return true;
                }
            }
        }
    }
    return false;
}

// "in two" / "in one" at words_[k, end): the number of moves, advancing k.
std::optional<int> SentenceReader::mate_moves(std::size_t& k, std::size_t end) const {
    if (k + 1 >= end || words_[k].low != "in") return std::nullopt;
    auto n = number_word(words_[k + 1].low);
    if (!n || *n < 1 || words_[k + 1].low == "a" || words_[k + 1].low == "an") return std::nullopt;
    k += 2;
    if (k < end && (words_[k].low == "moves" || words_[k].low == "move")) ++k;
    return n;
}

// A side mates: "mates in two with Qf6+", "mates with Rd8", "can mate in one", "forces mate".
bool SentenceReader::side_mate_clause(std::size_t i, std::size_t end, const Subject& s, bool neg) {
    const std::string& verb = words_[i].low;
    std::size_t k = i + 1;
    if (verb == "forces" || verb == "force") {
        if (k >= end || words_[k].low != "mate") return false;
        ++k;
    } else if (verb != "mates" && verb != "mate" && verb != "checkmates") {
        return false;
    }
    std::optional<int> n = mate_moves(k, end);
    std::string with;
    if (k + 2 == end && (words_[k].low == "with" || words_[k].low == "by") &&
        move_shaped(words_[k + 1].raw) && parse_square(words_[k + 1].low) == NoSquare) {
        with = strip_annotations(words_[k + 1].raw);
        k = end;
    }
    if (k != end) return false;
    if (pos_.side_to_move() != s.color) {
        unread(std::string("it is not ") + color_word(s.color) + "'s move there");
        return true;
    }
    if (!with.empty() && !n) {
        add(make_claim("mate_in", {{"move", with}}, ctx_, neg));
        return true;
    }
    json args = json::object();
    if (n) args["moves"] = *n;
    if (!with.empty()) args["move"] = with;
    add(make_claim("mate_in", args, ctx_, neg));
    return true;
}

// A win% number written "57%" (0 to 100).
static std::optional<int> percent_word(const std::string& w) {
    if (w.size() < 2 || w.size() > 4 || w.back() != '%') return std::nullopt;
    int n = 0;
    for (std::size_t k = 0; k + 1 < w.size(); ++k) {
        if (w[k] < '0' || w[k] > '9') return std::nullopt;
        n = n * 10 + (w[k] - '0');
    }
    if (n > 100) return std::nullopt;
    return n;
}

// Winning chances a move gives up: "Rb1 lowers White's winning chances from 80% to 57%
// (compared with Nf3)" — the win% of the best move and of the move, and the better move.
bool SentenceReader::chances_clause(std::size_t i, std::size_t end, const Subject& s, bool neg) {
    const std::string& verb = words_[i].low;
    if (s.kind != Subject::MoveSubject ||
        (verb != "lowers" && verb != "drops" && verb != "reduces" && verb != "cuts"))
        return false;
    std::size_t k = i + 1;
    if (k + 6 > end) return false;
    const std::string& side = words_[k].low;
    if (side != "white's" && side != "black's" && side != "its" && side != "the") return false;
    if (words_[k + 1].low != "winning" || words_[k + 2].low != "chances" ||
        words_[k + 3].low != "from")
        return false;
    auto from = percent_word(words_[k + 4].low);
    if (!from || words_[k + 5].low != "to" || k + 6 >= end) return false;
    auto to = percent_word(words_[k + 6].low);
    if (!to) return false;
    k += 7;
    std::string against;
    if (k < end) {
        if (k + 3 != end || words_[k].low != "compared" || words_[k + 1].low != "with" ||
            !move_shaped(words_[k + 2].raw))
            return false;
        against = strip_annotations(words_[k + 2].raw);
    }
    if (s.legal && (side == "white's" || side == "black's") &&
        (side == "white's") != (s.color == White)) {
        unread("the winning chances named are not the mover's");
        return true;
    }
    const std::vector<std::string> mctx = move_ctx(s);
    if (illegal_subject(s, mctx)) return true;
    json args = {{"move", s.move_text}, {"from", *from}, {"to", *to}};
    if (!against.empty()) args["against"] = against;
    add(make_claim("win_chances", args, mctx, neg));
    return true;
}

// Material a move gives up: "drops a piece", "loses a pawn", "loses the knight for a pawn",
// "gives up the exchange", "loses material".
bool SentenceReader::loses_clause(std::size_t i, std::size_t end, const Subject& s, bool neg) {
    const std::string& verb = words_[i].low;
    std::size_t k = i + 1;
    if (verb == "gives") {
        if (k >= end || (words_[k].low != "up" && words_[k].low != "away")) return false;
        ++k;
    } else if (verb != "loses" && verb != "drops") {
        return false;
    }
    if (k >= end) return false;
    const bool definite = words_[k].low == "the";
    int n = 1;
    if (words_[k].low == "a" || words_[k].low == "an" || definite) {
        ++k;
    } else if (auto c = number_word(words_[k].low); c && *c > 1) {
        n = *c;
        ++k;
    }
    if (k >= end) return false;
    const std::string& what = words_[k].low;
    int amount = 0;
    PieceType piece = NoPieceType;
    if (what == "material" && !definite && n == 1) amount = 100;
    else if (what == "exchange" && definite) amount = 200;
    else if ((what == "piece" || what == "pieces") && !definite) amount = 300 * n;
    else if ((what == "pawn" || what == "pawns") && !definite) amount = 100 * n;
    else if (auto pt = n == 1 ? piece_word(what) : pieces_word(what); pt && *pt != King) {
        // "drops the rook" without "for": the piece hangs (read elsewhere).
        if (definite && verb == "drops" && !(k + 1 < end && words_[k + 1].low == "for"))
            return false;
        amount = PieceValue[*pt] * n;
        if (definite || n == 1) piece = *pt;
    } else {
        return false;
    }
    ++k;
    // "for a pawn", "for two pawns": what comes back.
    if (k < end && words_[k].low == "for") {
        std::size_t q = k + 1;
        int back = 1;
        if (q < end && (words_[q].low == "a" || words_[q].low == "one")) ++q;
        else if (q < end) {
            if (auto c = number_word(words_[q].low); c && *c > 1) {
                back = *c;
                ++q;
            }
        }
        if (q + 1 != end || (words_[q].low != "pawn" && words_[q].low != "pawns")) return false;
        amount -= 100 * back;
        k = end;
    }
    if (k != end || amount <= 0) return false;
    if (illegal_subject(s, move_ctx(s))) return true;
    json args = {{"move", s.move_text}, {"amount", amount}};
    if (piece != NoPieceType) args["piece"] = piece_type_word(piece);
    add(make_claim("loses_material", args, move_ctx(s), neg));
    return true;
}

// A discovered attack: "uncovers an attack on the queen", "is a discovered attack (on X)".
bool SentenceReader::discovers_clause(std::size_t i, std::size_t end, const Subject& s, bool neg) {
    const std::string& verb = words_[i].low;
    std::size_t k = i + 1;
    if (verb == "uncovers" || verb == "discovers" || verb == "unleashes" || verb == "opens") {
        if (k < end && (words_[k].low == "an" || words_[k].low == "a")) ++k;
        if (k < end && words_[k].low == "discovered") ++k;
        if (k >= end || words_[k].low != "attack") return false;
        ++k;
    } else if (verb == "a" && k + 1 < end && words_[k].low == "discovered" &&
               words_[k + 1].low == "attack") {
        k += 2;
    } else {
        return false;
    }
    if (illegal_subject(s, move_ctx(s))) return true;
    json args = {{"move", s.move_text}};
    if (k < end) {
        if (words_[k].low != "on" && words_[k].low != "against") return false;
        ++k;
        Ref r;
        if (!piece_ref_after(after_subject(s), k, ~s.color, r) || k != end) return false;
        if (!r.error.empty()) return fail_ref(r);
        add_implicit(moved_implicit(r.implicit, after_subject(s)));
        args["target"] = square_name(r.square);
    }
    add(make_claim("discovers_attack", args, move_ctx(s), neg));
    return true;
}

}  // namespace glossfish::verifier
