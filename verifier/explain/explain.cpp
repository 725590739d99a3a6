// Reasons of a label: candidates composed from its engine lines, each kept only when the reader
// reads it whole and the verifier marks every claim true.
#include "explain/explain.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <optional>

#include "analysis/move_class.h"
#include "claims/claims.h"
#include "explain/ideas.h"
#include "ideas/ideas.h"
#include "reader/commentary_reader.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/see.h"
#include "tools/board_tools.h"
#include "tools/tool_suite.h"

namespace glossfish::verifier {

namespace {

// Longest stretch of a line a reason looks at, and longest line it shows.
constexpr std::size_t ScanPlies = 8;
constexpr std::size_t ShownPlies = 10;

std::string side_name(Color c) { return c == White ? "White" : "Black"; }

// "one" … "ten", then digits (the reader reads both).
std::string count_word(int n) {
    static const char* const names[] = {"zero", "one",   "two",   "three", "four", "five",
                                        "six",  "seven", "eight", "nine",  "ten"};
    return n >= 0 && n <= 10 ? names[n] : std::to_string(n);
}

// The legal prefix of a line from pos (an engine line is trusted only as far as it is legal).
std::vector<Move> legal_prefix(Position pos, const std::vector<Move>& line) {
    std::vector<Move> out;
    for (Move m : line) {
        if (!m.is_ok() || !pos.is_legal(m)) break;
        out.push_back(m);
        pos.do_move(m);
    }
    return out;
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
    return s;
}

// How the reader words a piece won: "a pawn" (100), "a knight"/"a bishop" (300), "a rook",
// "the queen" (that piece).
std::string won_phrase(PieceType pt) {
    switch (pt) {
    case Pawn: return "a pawn";
    case Knight: return "a knight";
    case Bishop: return "a bishop";
    case Rook: return "a rook";
    case Queen: return "the queen";
    default: return "";
    }
}

// Whether a static exchange of `see` taking a piece of type pt passes the verifier's rule for
// won_phrase(pt): at least the amount (a minor piece: also one pawn less), and at least a pawn.
bool see_enough(int see_value, PieceType pt) {
    if (see_value < 100) return false;
    if (pt == Knight || pt == Bishop) return see_value >= 200;
    return true;
}

// A capture along a line that wins material for `side` by static exchange: where it is.
struct Win {
    std::size_t index = 0;  // ply of the capture in the line
    PieceType piece = NoPieceType;
    int net = 0;           // material change for side over the scanned stretch, centipawns
    bool hanging = false;  // the captured piece stood en prise at the start of side's turn
};

// A capture by one side along a line, with what the line had moved before it.
struct LineCapture {
    std::size_t index = 0;  // ply in the line
    PieceType piece = NoPieceType;
    int see = 0;         // its static exchange
    int net_before = 0;  // the side's material change over the plies before it, centipawns
    PieceType lost = NoPieceType;  // the side's most valuable piece (not a pawn) taken before it
};

// The material a line moves (captures and promotions) for `side` over its first ScanPlies
// plies, and each capture by side on the way.
struct LineScan {
    std::vector<LineCapture> captures;
    int net = 0;
};

LineScan scan_captures(const Position& start, const std::vector<Move>& line, Color side) {
    LineScan out;
    Position pos = start;
    PieceType lost = NoPieceType;
    for (std::size_t i = 0; i < line.size() && i < ScanPlies; ++i) {
        const Move m = line[i];
        const bool ours = pos.side_to_move() == side;
        const Piece cap = pos.captured_piece(m);
        int change = cap == NoPiece ? 0 : PieceValue[type_of(cap)];
        if (m.kind() == Promotion) change += PieceValue[m.promotion()] - PieceValue[Pawn];
        if (ours && cap != NoPiece)
            out.captures.push_back({i, type_of(cap), see(pos, m), out.net, lost});
        if (!ours && cap != NoPiece && type_of(cap) != Pawn &&
            (lost == NoPieceType || PieceValue[type_of(cap)] > PieceValue[lost]))
            lost = type_of(cap);
        out.net += ours ? change : -change;
        pos.do_move(m);
    }
    return out;
}

// The first capture by `side` along the line that wins by static exchange, and the line's net.
std::optional<Win> first_win(const Position& start, const std::vector<Move>& line, Color side) {
    const LineScan scan = scan_captures(start, line, side);
    for (const LineCapture& c : scan.captures) {
        // Material side gave up earlier in the line counts against it: a recapture that only
        // wins back a queen given up does not "win the queen" (the verifier's rule too).
        const int worth = PieceValue[c.piece];
        if (!see_enough(c.see, c.piece) ||
            (c.net_before < 0 && !material_enough(c.see + c.net_before, worth, worth)))
            continue;
        Win w;
        w.index = c.index;
        w.piece = c.piece;
        w.hanging = c.index <= 1;
        w.net = scan.net;
        return w;
    }
    return std::nullopt;
}

// Whether every move of `side` in line[1, last) was forced, so that what follows is the first
// move's merit (or fault), not the other side's choice: an answer to check, the only legal move,
// or a recapture on the square the move before it landed on.
bool forced(const Position& start, const std::vector<Move>& line, std::size_t last, Color side) {
    Position pos = start;
    for (std::size_t i = 0; i < last && i < line.size(); ++i) {
        const Move m = line[i];
        if (i > 0 && pos.side_to_move() == side && !pos.is_check() && MoveList(pos).size() != 1 &&
            !(pos.is_capture(m) && m.to() == line[i - 1].to()))
            return false;
        pos.do_move(m);
    }
    return true;
}

// The material `side` has gained by the end of the line (captures and promotions, centipawns):
// a gain the line gives back does not count.
int line_net(const Position& start, const std::vector<Move>& line, Color side) {
    Position pos = start;
    int net = 0;
    for (Move m : line) {
        const Piece cap = pos.captured_piece(m);
        int change = cap == NoPiece ? 0 : PieceValue[type_of(cap)];
        if (m.kind() == Promotion) change += PieceValue[m.promotion()] - PieceValue[Pawn];
        net += pos.side_to_move() == side ? change : -change;
        pos.do_move(m);
    }
    return net;
}

bool ends_in_mate(Position pos, const std::vector<Move>& line) {
    for (Move m : line) pos.do_move(m);
    return pos.is_checkmate();
}

}  // namespace

std::vector<std::string> motifs_for_reason(const Position& start, const std::vector<Move>& line,
                                           const std::optional<SetupMove>& setup) {
    std::vector<Move> puzzle = legal_prefix(start, line);
    // A puzzle line ends with the solver's move.
    if (puzzle.size() % 2 == 0 && !puzzle.empty()) puzzle.pop_back();
    if (puzzle.empty()) return {};
    MotifOptions mo;
    mo.length_themes = false;
    mo.endgame_themes = false;
    if (setup && setup->before.is_legal(setup->move)) return tag_motifs(start, puzzle, mo, setup);
    return tag_motifs(start, puzzle, mo);
}

bool check_reason(const Position& before, Move played, Reason& r, const ExplainOptions& options,
                  std::string* engine_error) {
    r.claims = nlohmann::json::array();
    const std::string played_uci = move_to_uci(before, played);
    CommentaryReading reading = read_commentary(before, played_uci, r.text);
    if (reading.sentences.size() != 1) return false;
    const ReadSentence& s = reading.sentences.front();
    if (!s.read() || s.partly_read()) return false;
    for (const SubClaim& c : s.claims) r.claims.push_back(sub_claim_json(c));
    ToolSuite suite = options.analyzer ? ToolSuite(options.analyzer, options.limits) : ToolSuite();
    VerifyOptions vo;
    vo.depth = options.limits.depth.value_or(DefaultAnalysisDepth);
    vo.cancel = options.cancel;
    ClaimVerifier verifier(suite, vo);
    Atom atom;
    atom.text = r.text;
    atom.claims = s.claims;
    AtomVerdict v = verifier.verify(before, atom);
    if (engine_error)
        for (const SubVerdict& c : v.claims)
            if (c.result == Truth::Unverifiable && c.evidence.contains("engine_error")) {
                const std::string why = c.evidence["engine_error"].get<std::string>();
                if (why.find(AnalysisNotCached) == std::string::npos) *engine_error = why;
            }
    if (v.claims.size() != s.claims.size()) return false;
    return std::all_of(v.claims.begin(), v.claims.end(),
                       [](const SubVerdict& c) { return c.result == Truth::True; });
}

namespace {

class Composer {
public:
    Composer(const MoveLabel& label, const Position& before, const ExplainOptions& options)
        : l_(label), before_(before), o_(options) {
        played_ = label.played;
        after_ = before;
        after_.do_move(played_);
        us_ = before.side_to_move();
        best_line_ = legal_prefix(before, label.best_pv);
        played_line_ = legal_prefix(before, label.played_pv);
        if (played_line_.empty() || played_line_.front() != played_) played_line_ = {played_};
        refutation_.assign(played_line_.begin() + 1, played_line_.end());
        played_san_ = move_to_san(before, played_);
    }

    // The reasons; a cancelled token leaves them incomplete even when no search of the
    // composer saw it (the verifier's searches hold back the reasons they could not finish).
    Explanation run() {
        compose();
        if (o_.cancel && o_.cancel->cancelled()) fail(AnalysisCancelled);
        return out_;
    }

private:
    // The reasons of each kind, in the order they are tried (explain.h).
    void compose() {
        if (l_.quality.label != QualityLabel::Good) {
            const bool mated = allows_mate();
            if (!mated) loses_material();
            const bool missed = misses_mate();
            if (!missed) misses_material();
            // Nothing lost or missed by force: the move's own point, then what it costs.
            if (out_.reasons.empty()) {
                threatens();
                const bool answered = reply_threat();
                if (spoils_advantage() && !answered) best_reply();
            }
        } else {
            // The only legal move is said first: what follows it was not a choice.
            if (MoveList(before_).size() == 1) {
                only_move();
                return;
            }
            // A move that mates says so and nothing smaller ("stops the threat").
            if (mates()) {
                only_move();
                if (out_.reasons.size() > o_.max_reasons) out_.reasons.resize(o_.max_reasons);
                return;
            }
            // Mated whatever it plays: the mate is the point, never material taken on the way
            // ("Nxf6 wins the queen" before Be7#).
            if (mated_anyway()) {
                allows_mate();
                return;
            }
            if (!wins_material()) immune();
            if (!defends()) prevents();
            threatens();
            only_move();
        }
        if (out_.reasons.size() > o_.max_reasons) out_.reasons.resize(o_.max_reasons);
    }

    // Checks a composed reason; keeps it when it passes, counts it when it does not.
    // A reason whose claims could not be decided because a search failed also leaves the
    // explanation incomplete with that failure.
    bool offer(Reason r) {
        std::string engine_error;
        if (!check_reason(before_, played_, r, o_, &engine_error)) {
            if (!engine_error.empty()) fail(engine_error);
            ++out_.held_back;
            out_.held.push_back(std::move(r));
            return false;
        }
        out_.reasons.push_back(std::move(r));
        return true;
    }

    // A reason with its line (shown: at most ShownPlies) and the motifs of the line's first
    // motif_plies plies taken as a puzzle; after_move: the line starts after the played move,
    // which is then the puzzle's setup move.
    Reason make(const char* kind, std::string text, const Position& start,
                const std::vector<Move>& line, std::size_t motif_plies = ScanPlies,
                bool after_move = false) {
        Reason r;
        r.kind = kind;
        r.text = std::move(text);
        std::vector<Move> shown(line.begin(),
                                line.begin() + std::ptrdiff_t(std::min(line.size(), ShownPlies)));
        r.line = san_line(start, shown);
        r.line_uci = uci_line(start, shown);
        std::vector<Move> tagged(line.begin(),
                                 line.begin() + std::ptrdiff_t(std::min(line.size(), motif_plies)));
        std::optional<SetupMove> setup;
        if (after_move) setup = SetupMove{before_, played_};
        r.motifs = motifs_for_reason(start, tagged, setup);
        return r;
    }

    bool engine() const { return o_.analyzer != nullptr; }

    // The null-move search of `defends`, `prevents` (lines: its MultiPV) and `threatens`:
    // threat_depth, the label's hash rules.
    AnalysisResult threat_search(const Position& np, int lines = 1) {
        AnalysisLimits l;
        l.depth = o_.threat_depth;
        l.reproducible = o_.limits.reproducible;
        l.cached_only = o_.limits.cached_only;
        return search(np, l, lines);
    }

    // A search the reasons need; one that fails (not one refused by cached_only, which the
    // caller counts) leaves the explanation incomplete with the engine's error.
    AnalysisResult search(const Position& pos, const AnalysisLimits& limits, int lines = 1) {
        AnalysisResult r = o_.analyzer->analyse(pos, limits, lines, {}, -1, false, o_.cancel);
        if (!r.ok() && r.error != AnalysisNotCached) fail(r.error);
        return r;
    }

    // Marks the explanation incomplete; the first failure is the one said.
    void fail(const std::string& why) {
        if (out_.complete) out_.why = why;
        out_.complete = false;
    }

    // The engine's line after the move ends in the mover being mated.
    bool mated_anyway() const {
        const Score& s = l_.played_score;
        return s.is_mate() && s.value < 0;
    }

    // The opponent now mates: "After Nf6, White mates in one with Qxf7#."
    bool allows_mate() {
        const Score& s = l_.played_score;
        if (!s.is_mate() || s.value >= 0 || refutation_.empty()) return false;
        const int n = -s.value;
        if (n > 1 && !engine()) return false;
        if (n == 1 && !ends_in_mate(after_, {refutation_.front()})) return false;
        const std::string text = "After " + played_san_ + ", " + side_name(~us_) + " mates in " +
                                 count_word(n) + " with " + move_to_san(after_, refutation_[0]) +
                                 ".";
        return offer(make("allows_mate", text, after_, refutation_, ScanPlies, true));
    }

    // The opponent wins material along the played move's own line: "After Bxe5, Black wins a
    // bishop with dxe5." / "After Nf6 Nc7+ Kd8, White wins a rook with Nxa8."
    bool loses_material() {
        auto w = first_win(before_, played_line_, ~us_);
        if (!w) return line_fork() || material_line_lost();
        if (w->net < 100) return false;
        // The loss follows from the move only when the mover's own moves on the way were
        // forced, and it counts only when it lasts to the end of the line.
        if (!forced(before_, played_line_, w->index, us_) ||
            line_net(before_, played_line_, ~us_) < 100)
            return false;
        std::vector<Move> ctx(played_line_.begin(),
                              played_line_.begin() + std::ptrdiff_t(w->index));
        Position at = before_;
        for (Move m : ctx) at.do_move(m);
        const Move cap = played_line_[w->index];
        const std::string text = "After " + joined(san_line(before_, ctx)) + ", " +
                                 side_name(~us_) + " wins " + won_phrase(w->piece) + " with " +
                                 move_to_san(at, cap) + ".";
        if (!offer(make("loses_material", text, after_, refutation_, w->index, true))) return false;
        if (w->index == 1) hanging_reason(cap);
        fork_reason(played_line_, w->index, ~us_);
        return true;
    }

    // The piece the opponent's first reply wins stood en prise right after the move: "Bd3
    // leaves the bishop on d3 hanging." (the `hangs` claim: a capture of it wins material by
    // static exchange). Its motif is hangingPiece when the line's motifs name it.
    void hanging_reason(Move capture) {
        const Square s = BoardTools(after_).move_facts(capture).captured_square;
        if (s == NoSquare) return;
        const bool tagged = has_motif("hangingPiece");
        Reason r = make("hanging", played_san_ + " leaves " + piece_on(after_, s) + " hanging.",
                        after_, refutation_, 0, true);
        r.motifs = tagged ? std::vector<std::string>{"hangingPiece"} : std::vector<std::string>{};
        offer(std::move(r));
    }

    // Whether the last reason given names the motif.
    bool has_motif(const char* motif) const {
        const std::vector<std::string>& m = out_.reasons.back().motifs;
        return std::find(m.begin(), m.end(), motif) != m.end();
    }

    // No capture along the line wins by static exchange, but the refutation nets the opponent
    // material over its first plies (a capture of a defended piece after a deflection, a
    // promotion, …): said as the engine's line, which the verifier checks with its own search.
    // "After Qe1, Black wins material with Qd3+."
    bool material_line_lost() {
        if (!engine() || refutation_.empty()) return false;
        // Counted from the played move on: what it took counts against the opponent's gain
        // ("After cxb5, White wins material with Bxb5+" is false when Bxb5+ only takes back a
        // pawn of the knight cxb5 took).
        const std::vector<Move> scanned(
            played_line_.begin(),
            played_line_.begin() + std::ptrdiff_t(std::min(played_line_.size(), ScanPlies)));
        if (line_net(before_, scanned, ~us_) < 100) return false;
        const std::string text = "After " + played_san_ + ", " + side_name(~us_) +
                                 " wins material with " + move_to_san(after_, refutation_[0]) + ".";
        if (!offer(make("loses_material", text, after_, refutation_, ScanPlies, true)))
            return false;
        fork_reason(played_line_, ScanPlies, ~us_);
        return true;
    }

    // The mover had a mate: "Instead of Rb1, White mates in two with Qf6+."
    bool misses_mate() {
        const Score& b = l_.best_score;
        if (!b.is_mate() || b.value <= 0 || best_line_.empty()) return false;
        if (l_.played_score.is_mate() && l_.played_score.value > 0) return false;
        const int n = b.value;
        if (n > 1 && !engine()) return false;
        const std::string text = "Instead of " + played_san_ + ", " + side_name(us_) +
                                 " mates in " + count_word(n) + " with " +
                                 move_to_san(before_, best_line_[0]) + ".";
        return offer(make("misses_mate", text, before_, best_line_));
    }

    // The best move wins material the played move does not: "Instead of Rb1, White wins a
    // knight with Nxe5."
    bool misses_material() {
        if (best_line_.empty()) return false;
        auto w = first_win(before_, best_line_, us_);
        if (!w || w->net < 100) return false;
        if (!forced(before_, best_line_, w->index, ~us_) ||
            line_net(before_, best_line_, us_) < 100)
            return false;
        auto mine = first_win(before_, played_line_, us_);
        if (mine && mine->net >= w->net) return false;
        // A capture further down the line is checked along the engine's line.
        if (w->index > 0 && !engine()) return false;
        const std::string text = "Instead of " + played_san_ + ", " + side_name(us_) + " wins " +
                                 won_phrase(w->piece) + " with " +
                                 move_to_san(before_, best_line_[0]) + ".";
        return offer(make("misses_material", text, before_, best_line_, w->index + 1));
    }

    // No tactic found: the win% lost and the better move, nothing more. "Rb1 lowers White's
    // winning chances from 80% to 57% compared with Nf3."
    bool spoils_advantage() {
        if (!engine() || best_line_.empty()) return false;
        const int from = int(std::lround(l_.quality.wp_before));
        const int to = int(std::lround(l_.quality.wp_after));
        if (from <= to) return false;
        const std::string text = played_san_ + " lowers " + side_name(us_) +
                                 "'s winning chances from " + std::to_string(from) + "% to " +
                                 std::to_string(to) + "% compared with " +
                                 move_to_san(before_, best_line_[0]) + ".";
        return offer(make("spoils_advantage", text, before_, best_line_, 0));
    }

    // The opponent's answer (the played move's line starts with it) makes a threat the move let
    // in (a double attack, a threat to the piece that moved or a tempo gained on it, mate, or a
    // pin), or takes a piece the move left undefended. Said with the answer's own idea, which the
    // board verifies after it: "After Nh4, Qg5 threatens to win the knight on h4 and the bishop on
    // b5." / "After e5, Qxa1+ captures the undefended rook on a1." A threat to one pawn, or to a
    // piece the move did not touch, is no explanation of what the move allowed.
    bool reply_threat() {
        if (refutation_.empty() || !after_.is_legal(refutation_.front())) return false;
        const Move reply = refutation_.front();
        const Square taken = before_.captured_piece(played_) != NoPiece ? played_.to() : NoSquare;
        const std::string moved = square_name(
            played_.kind() == Castling ? castle_king_to(us_, played_.to() > played_.from())
                                       : played_.to());
        // A capture is what the move let in only when the engine counts the move a mistake or
        // worse: an inaccuracy that leaves a queen to be taken keeps enough for it (22...Rxc3 of
        // Rotlewi-Rubinstein gives the queen for a mating attack), and "gxh4 captures the
        // undefended queen" would read as a queen lost.
        const bool costly =
            l_.quality.label == QualityLabel::Mistake || l_.quality.label == QualityLabel::Blunder;
        for (const Idea& i : move_ideas(after_, reply, taken, true).ideas) {
            const bool hits_moved =
                std::find(i.squares.begin(), i.squares.end(), moved) != i.squares.end();
            const bool capture = i.kind == "captures_undefended" || i.kind == "wins_exchange";
            const bool relevant =
                i.kind == "threatens_mate" ||
                (i.kind == "threatens_win" && (i.squares.size() >= 2 || hits_moved) &&
                 std::find(i.pieces.begin(), i.pieces.end(), "pawn") == i.pieces.end()) ||
                (i.kind == "pins" && hits_moved) || (i.kind == "tempo" && hits_moved) ||
                (capture && costly &&
                 (i.kind == "wins_exchange" || i.pieces != std::vector<std::string>{"pawn"}));
            if (!relevant) continue;
            const std::string text = "After " + played_san_ + ", " + i.text;
            return offer(make("reply_threat", text, after_, refutation_, ScanPlies, true));
        }
        return false;
    }

    // After spoils_advantage, the opponent's answer the played move's line starts with, as a
    // fact the engine checks (no plan is said): "After Rb1, Qxf7 is the best move."
    bool best_reply() {
        if (!engine() || refutation_.empty()) return false;
        const std::string text = "After " + played_san_ + ", " +
                                 move_to_san(after_, refutation_[0]) + " is the best move.";
        return offer(make("best_reply", text, after_, refutation_, ScanPlies, true));
    }

    // The move mates, or forces mate: "Qxf7# is checkmate." / "Qf6+ forces mate in two."
    bool mates() {
        if (after_.is_checkmate())
            return offer(make("mates", played_san_ + " is checkmate.", before_, {played_}));
        const Score& s = l_.played_score;
        if (!s.is_mate() || s.value <= 1 || !engine()) return false;
        const std::string text = played_san_ + " forces mate in " + count_word(s.value) + ".";
        return offer(make("mates", text, before_, played_line_));
    }

    // The move wins material along its own line: "Nxe5 wins a knight." / "After Nxe5 Nxe5
    // Qd4, White wins a knight with Qxe5."
    bool wins_material() {
        if (mated_anyway()) return false;
        auto w = first_win(before_, played_line_, us_);
        if (!w || w->net < 100) return false;
        if (!forced(before_, played_line_, w->index, ~us_) ||
            line_net(before_, played_line_, us_) < 100)
            return false;
        // A recapture that only restores the balance wins nothing worth saying.
        const int sign = us_ == White ? 1 : -1;
        if (sign * material_balance_cp(before_) + w->net <= 0) return false;
        // The combination's point, when a bigger piece falls later in the line than the first
        // gain: "After Bxe5+ Kxf8 Bg7+ Kg8, White wins the queen for a rook with Qxe7." (31.Bxe5+
        // of Zukertort-Blackburne), not "Bxe5+ wins a pawn".
        if (auto big = bigger_win(*w)) {
            const std::vector<Move> lead(played_line_.begin(),
                                         played_line_.begin() + std::ptrdiff_t(big->index));
            Position at = before_;
            for (Move m : lead) at.do_move(m);
            const std::string text =
                "After " + joined(san_line(before_, lead)) + ", " + side_name(us_) + " wins " +
                won_phrase(big->piece) +
                (big->given == NoPieceType ? "" : " for " + won_phrase(big->given)) + " with " +
                move_to_san(at, played_line_[big->index]) + ".";
            if (offer(make("wins_material", text, before_, played_line_, big->index + 1)))
                return true;
        }
        // A first capture that only restores the balance wins the material back ("After Qa5+
        // Bd2, Black wins back a pawn with Qxe5" after 6.dxe5 of Reti-Tartakower): the reader
        // reads "back" as the opponent's lead before it.
        const std::vector<Move> ctx(played_line_.begin(),
                                    played_line_.begin() + std::ptrdiff_t(w->index));
        Position at = before_;
        for (Move m : ctx) at.do_move(m);
        const bool back = -sign * material_balance_cp(at) >= PieceValue[w->piece];
        const std::string wins = back ? " wins back " : " wins ";
        const std::string text = w->index == 0
                                     ? played_san_ + wins + won_phrase(w->piece) + "."
                                     : "After " + joined(san_line(before_, ctx)) + ", " +
                                           side_name(us_) + wins + won_phrase(w->piece) + " with " +
                                           move_to_san(at, played_line_[w->index]) + ".";
        if (!offer(make("wins_material", text, before_, played_line_, w->index + 1))) return false;
        fork_reason(played_line_, w->index, us_);
        return true;
    }

    struct BiggerWin {
        std::size_t index = 0;
        PieceType piece = NoPieceType;
        PieceType given = NoPieceType;  // the piece given up for it, if any
    };

    // A capture of the mover's later in the played line (within ScanPlies, the opponent's moves
    // up to it forced) that takes a piece worth more than the first win's and nets its worth,
    // or, after a piece was given up in the line, nets the difference ("the queen for a rook").
    std::optional<BiggerWin> bigger_win(const Win& first) const {
        for (const LineCapture& c : scan_captures(before_, played_line_, us_).captures) {
            if (c.index <= first.index || PieceValue[c.piece] <= PieceValue[first.piece] ||
                !forced(before_, played_line_, c.index, ~us_))
                continue;
            const int worth = PieceValue[c.piece], net = c.net_before;
            if (net >= 0 && material_enough(c.see + net, worth, worth))
                return BiggerWin{c.index, c.piece, NoPieceType};
            // Given up for a piece of the same worth, nothing bigger is won: "wins a rook for
            // a rook" (25.Rxh7+ Qxh7 Rxc8+ of Steinitz-von Bardeleben nets the h7 pawn).
            if (c.lost != NoPieceType && PieceValue[c.piece] > PieceValue[c.lost] &&
                net <= -(PieceValue[c.lost] - 100) &&
                c.see + net >= std::max(100, worth - PieceValue[c.lost]))
                return BiggerWin{c.index, c.piece, c.lost};
        }
        return std::nullopt;
    }

    // The tactic behind the material reason just given, when the motifs of its line name a
    // fork: the winner's first move in line[0..last] that forks by the board's rule (two non-pawn
    // targets, each more valuable than the forker or undefended: what the `forks` claim checks),
    // two of those targets named (the king, else the two most valuable). "After Nf6, Nc7+ forks the
    // king on e8 and the rook on a8." / "Nc7+ forks the king on e8 and the rook on a8."
    void fork_reason(const std::vector<Move>& line, std::size_t last, Color winner) {
        if (!has_motif("fork")) return;
        if (auto f = find_fork(line, last, winner)) offer(std::move(f->reason));
    }

    struct FoundFork {
        std::size_t index = 0;  // ply of the forking move in the line
        Reason reason;
    };

    // The first move of winner's in line[0, last] that attacks two pieces at once (not pawns;
    // each worth more than the forker or undefended): "After Nf6 Nc7+ Kd8, Nc7+ forks ...".
    std::optional<FoundFork> find_fork(const std::vector<Move>& line, std::size_t last,
                                       Color winner) {
        Position pos = before_;
        for (std::size_t i = 0; i <= last && i < line.size(); ++i) {
            const Move m = line[i];
            if (pos.side_to_move() == winner) {
                const MoveFacts f = BoardTools(pos).move_facts(m);
                std::vector<Square> targets;
                for (const Target& t : f.targets)
                    if (type_of(t.piece) != Pawn && (t.more_valuable || !t.defended))
                        targets.push_back(t.square);
                if (f.fork && targets.size() >= 2) {
                    Position at = pos;
                    at.do_move(m);
                    auto rank = [&](Square q) {
                        const PieceType t = type_of(at.piece_at(q));
                        return t == King ? 10000 : PieceValue[t];
                    };
                    std::stable_sort(targets.begin(), targets.end(),
                                     [&](Square a, Square c) { return rank(a) > rank(c); });
                    const std::vector<Move> ctx(line.begin(), line.begin() + std::ptrdiff_t(i));
                    const std::string text =
                        (ctx.empty() ? "" : "After " + joined(san_line(before_, ctx)) + ", ") +
                        move_to_san(pos, m) + " forks " + piece_on(at, targets[0]) + " and " +
                        piece_on(at, targets[1]) + ".";
                    const std::vector<Move> rest(line.begin() + std::ptrdiff_t(i), line.end());
                    FoundFork out{i, make("fork", text, pos, rest, 0)};
                    out.reason.motifs = {"fork"};
                    return out;
                }
            }
            pos.do_move(m);
        }
        return std::nullopt;
    }

    // No capture of the opponent's wins by static exchange on its own (it first wins back what
    // it gave, or the gain comes two plies after), but a fork along the played line does, the
    // mover's moves up to it forced: "After fxe5 Qh5+ g6, Qxe5+ forks the king on e8 and the
    // rook on h8." The opponent nets a pawn or more over the line, and three or more from the
    // fork on.
    bool line_fork() {
        if (played_line_.size() < 2) return false;
        auto f = find_fork(played_line_, ScanPlies - 1, ~us_);
        if (!f || f->index == 0 || !forced(before_, played_line_, f->index, us_)) return false;
        if (line_net(before_, played_line_, ~us_) < 100) return false;
        Position at = before_;
        for (std::size_t i = 0; i < f->index; ++i) at.do_move(played_line_[i]);
        const std::size_t end = std::min(played_line_.size(), ScanPlies);
        const std::vector<Move> rest(played_line_.begin() + std::ptrdiff_t(f->index),
                                     played_line_.begin() + std::ptrdiff_t(end));
        if (line_net(at, rest, ~us_) < 300) return false;
        return offer(std::move(f->reason));
    }

    // "the rook on a8"
    static std::string piece_on(const Position& pos, Square s) {
        static const char* const names[] = {"",     "pawn",  "knight", "bishop",
                                            "rook", "queen", "king"};
        return std::string("the ") + names[type_of(pos.piece_at(s))] + " on " + square_name(s);
    }

    // The moved piece can be taken, the engine's line does not take it, and taking it loses:
    // "After Qg3 hxg3, Black mates in two with Ne2+." / "After Rxh3 gxh3, Black wins the queen
    // with Nf3+." One search of the position after the capture (engine), said only when the
    // capture is mated by force or the mover comes out ahead in material by force.
    bool immune() {
        if (!engine() || played_.kind() == Castling || played_line_.size() < 2) return false;
        const Square to = played_.to();
        bool offered = false;
        for (const HangingPiece& h : BoardTools(after_).hanging(us_))
            offered = offered || (h.square == to && h.see >= 200);
        if (!offered) return false;
        // The cheapest piece that takes it: the capture a player looks at first.
        const std::optional<Move> take = ideas::cheapest_capture(after_, to);
        if (!take || played_line_[1] == *take) return false;
        Position taken = after_;
        taken.do_move(*take);
        AnalysisResult r = search(taken, o_.limits);
        if (!r.ok() || r.lines.empty() || r.lines[0].pv.empty()) return false;
        std::vector<Move> line = {played_, *take};
        for (Move m : legal_prefix(taken, r.lines[0].pv)) line.push_back(m);
        const std::vector<Move> ctx = {played_, *take};
        const std::string after_text =
            "After " + joined(san_line(before_, ctx)) + ", " + side_name(us_);
        const Score& s = r.lines[0].score;
        // A mate up to five moves deep is a combination a player calls by its first move
        // (25.Re7+ of Kasparov-Topalov: ...Qxe7 Qxd4+ mates in four); a longer one is not said.
        if (s.is_mate() && s.value > 0) {
            if (s.value > 5) return false;
            const std::string text = after_text + " mates in " + count_word(s.value) + " with " +
                                     move_to_san(taken, line[2]) + ".";
            return offer(make("immune", text, before_, line, ScanPlies));
        }
        // Material: the mover's first winning capture after the taking, forced, and the line
        // ends ahead for the mover although the piece was given.
        const std::vector<Move> rest(line.begin() + 2, line.end());
        auto w = first_win(taken, rest, us_);
        if (!w || w->piece == Pawn || !forced(taken, rest, w->index, ~us_) ||
            line_net(before_, line, us_) < 100)
            return false;
        std::vector<Move> lead(line.begin(), line.begin() + 2 + std::ptrdiff_t(w->index));
        Position at = before_;
        for (Move m : lead) at.do_move(m);
        const std::string text = "After " + joined(san_line(before_, lead)) + ", " +
                                 side_name(us_) + " wins " + won_phrase(w->piece) + " with " +
                                 move_to_san(at, line[2 + w->index]) + ".";
        return offer(make("immune", text, before_, line, 2 + w->index + 1));
    }

    // The move stops the opponent's threat: "Kh1 stops the threat of Qxf2#." The threats the
    // board proves after a pass (a mate in one, a capture that wins by static exchange); when
    // there are several, a null-move search at threat_depth (engine) says which is the threat,
    // else the biggest (a mate first, then the largest gain). Said only when the move stops it.
    bool defends() {
        // A check stops nothing: the threat is still there once the check is answered.
        if (!o_.threat_search || before_.is_check() ||
            before_.gives_check(played_) != CheckKind::None)
            return false;
        const std::optional<Position> null = null_move_position(before_);
        if (!null) return false;
        const Position& np = *null;
        std::optional<Move> mate;
        std::optional<Move> capture;
        int best_gain = 0;
        for (Move t : MoveList(np)) {
            Position p = np;
            p.do_move(t);
            if (p.is_checkmate()) {
                if (!mate) mate = t;
                continue;
            }
            if (np.captured_piece(t) == NoPiece) continue;
            const int g = see(np, t);
            if (g >= 100 && g > best_gain) {
                best_gain = g;
                capture = t;
            }
        }
        if (!mate && !capture) return false;
        Move threat = mate ? *mate : *capture;
        if (mate && capture && engine()) {
            AnalysisResult r = threat_search(np);
            if (r.ok() && (r.best == *mate || r.best == *capture)) threat = r.best;
        }
        if (!stopped(np, threat, mate && threat == *mate)) return false;
        // A capture is said for what it takes, not as a defence: taking the threatening piece,
        // or the threatened piece leaving with a capture, or taking back what was just lost
        // (24...dxe4 of Zukertort-Blackburne retakes the bishop that backed up fxg6: it
        // recaptures, it does not "stop the threat of fxg6").
        if (before_.is_capture(played_) &&
            (played_.to() == threat.from() || played_.from() == threat.to() ||
             regains_material(before_, played_)))
            return false;
        const std::string text =
            played_san_ + " stops the threat of " + move_to_san(np, threat) + ".";
        return offer(make("defends", text, np, {threat}));
    }

    // The move takes away a good move of the opponent's, a quiet one: "Qb3 prevents Bb4+." (the
    // Opera game). One of the moves the opponent would play if the mover passed (a null-move
    // search at threat_depth, PreventLines lines, within PreventMargin win% of the best), not a
    // capture (a capture the move stops is a threat: defends), not a king move (a king kept
    // from a square is confined: the board's ideas say so), which after the move is no longer
    // legal, or lands where its piece can be won and could not be before. The verifier (`stops`)
    // asks the engine whether it was good before and loses 10 win% more after.
    bool prevents() {
        constexpr int PreventLines = 4;
        constexpr double PreventMargin = 3.0;
        if (!engine() || !o_.threat_search || !out_.reasons.empty() || before_.is_check() ||
            before_.is_capture(played_) || before_.gives_check(played_) != CheckKind::None)
            return false;
        const std::optional<Position> null = null_move_position(before_);
        if (!null || MoveList(*null).empty()) return false;
        const Position& np = *null;
        // The board first: without a quiet move the played one takes away, no search.
        auto candidate = [&](Move t) {
            return t.kind() == Normal && np.captured_piece(t) == NoPiece &&
                   type_of(np.piece_at(t.from())) != King && taken_away(np, t);
        };
        const MoveList replies(np);
        if (std::none_of(replies.begin(), replies.end(), candidate)) return false;
        AnalysisResult r = threat_search(np, PreventLines);
        if (!r.ok() || r.lines.empty()) return false;
        const double top = win_percent(r.lines.front().score);
        for (const AnalysisLine& line : r.lines) {
            if (line.pv.empty() || top - win_percent(line.score) > PreventMargin) continue;
            const Move t = line.pv.front();
            if (!candidate(t)) continue;
            const std::string text = played_san_ + " prevents " + move_to_san(np, t) + ".";
            if (offer(make("prevents", text, np, {t}))) return true;
        }
        return false;
    }

    // After the move, t (a move of the opponent's in np, the position before with the
    // opponent to move) is no longer legal, or its piece can be won where it lands and could
    // not be before.
    bool taken_away(const Position& np, Move t) const {
        const MoveParse again = parse_uci(after_, move_to_uci(np, t));
        return !again.ok() || (lands_en_prise(after_, again.move) && !lands_en_prise(np, t));
    }

    // The piece move m moves can be won where it lands (static exchange).
    static bool lands_en_prise(const Position& pos, Move m) {
        Position p = pos;
        p.do_move(m);
        for (const HangingPiece& h : BoardTools(p).hanging(pos.side_to_move()))
            if (h.square == m.to()) return true;
        return false;
    }

    // What the move threatens when the board alone does not show it (a fork with check, a
    // capture that loses by static exchange but wins by force; a capture that wins by static
    // exchange or a mate in one is a board idea): the mover's best move if it could
    // move again, by a null-move search at threat_depth: a capture or a check whose line mates
    // or wins more than a pawn by force, made by the moved piece or made possible by the move,
    // and worth 10 win% or more over the position after the move (the `threatens` claim's
    // rule). "Nh5 threatens Ng3+."
    bool threatens() {
        if (!engine() || !o_.threat_search || after_.is_check() || l_.played_score.is_mate())
            return false;
        const std::optional<Position> null = null_move_position(after_);
        if (!null || MoveList(*null).empty()) return false;
        const Position& np = *null;
        AnalysisResult r = threat_search(np);
        if (!r.ok() || r.lines.empty() || r.best == Move::none()) return false;
        const Move t = r.best;
        Position p = np;
        p.do_move(t);
        if (p.is_checkmate() || (np.captured_piece(t) != NoPiece && see(np, t) >= 100))
            return false;
        bool possible_before = false;
        for (Move m : MoveList(before_))
            if (m.from() == t.from() && m.to() == t.to()) possible_before = true;
        if (t.from() != played_.to() && possible_before) return false;
        // A threat is a forcing move (a capture or a check) whose line mates or wins more than
        // a pawn by force: a quiet move the extra tempo allows is a plan, not a threat (after
        // 3...fxe5 in the Damiano, Black "threatens" nothing; it only escapes Qh5+).
        if (np.captured_piece(t) == NoPiece && np.gives_check(t) == CheckKind::None) return false;
        const AnalysisLine& line = r.lines.front();
        bool concrete = line.score.is_mate() && line.score.value > 0;
        if (!concrete) {
            auto w = first_win(np, line.pv, us_);
            concrete =
                w && forced(np, line.pv, w->index, ~us_) && line_net(np, line.pv, us_) >= 200;
        }
        if (!concrete) return false;
        if (win_percent(line.score) - win_percent(l_.played_score) < 10) return false;
        const std::string text = played_san_ + " threatens " + move_to_san(np, t) + ".";
        return offer(make("threatens", text, np, line.pv));
    }

    // Whether the threat (a move from the null-move position np) no longer works after the played
    // move: gone, or no longer mate, or no longer a capture that wins by static exchange.
    bool stopped(const Position& np, Move threat, bool mate) const {
        const MoveParse again = parse_uci(after_, move_to_uci(np, threat));
        if (!again.ok()) return true;
        const Move x = again.move;
        Position p = after_;
        p.do_move(x);
        if (mate) return !p.is_checkmate();
        return after_.captured_piece(x) == NoPiece || see(after_, x) < 100;
    }

    // Every other move is much worse: "Kg1 is the only move." / "Kg1 is the only legal move."
    bool only_move() {
        // A mate needs no "only move" beside "is checkmate".
        if (!l_.quality.only || after_.is_checkmate()) return false;
        const bool single = MoveList(before_).size() == 1;
        if (!single && !engine()) return false;
        const std::string text =
            played_san_ + (single ? " is the only legal move." : " is the only move.");
        return offer(make("only_move", text, before_, played_line_));
    }

    static int material_balance_cp(const Position& pos) {
        int sum = 0;
        for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen})
            sum += PieceValue[pt] *
                   (popcount(pos.pieces(pt, White)) - popcount(pos.pieces(pt, Black)));
        return sum;
    }

    const MoveLabel& l_;
    const Position& before_;
    const ExplainOptions& o_;
    Move played_;
    Position after_;
    Color us_ = White;
    std::vector<Move> best_line_, played_line_, refutation_;
    std::string played_san_;
    Explanation out_;
};

}  // namespace

Explanation explain(const MoveLabel& label, const ExplainOptions& options) {
    Explanation none;
    none.complete = false;
    if (!label.error.empty()) {
        none.why = "the label has no engine result: " + label.error;
        return none;
    }
    Position before;
    if (!before.set(label.fen).ok() || !before.is_legal(label.played)) {
        none.why = "the label's move is not legal in its position";
        return none;
    }
    const std::size_t refused = Analyzer::uncached_refusals();
    try {
        Explanation e = Composer(label, before, options).run();
        if (e.complete && Analyzer::uncached_refusals() != refused) {
            e.complete = false;
            e.why = ReasonsNotCached;
        }
        return e;
    } catch (const std::exception& ex) {
        none.why = std::string("explaining failed: ") + ex.what();
        return none;
    }
}

bool explain_label(MoveLabel& label, const ExplainOptions& options) {
    if (!label.error.empty()) return true;
    Explanation e = explain(label, options);
    label.reasons = std::move(e.reasons);
    label.reasons_held_back = e.held_back;
    label.reasons_incomplete = e.complete || e.why == ReasonsNotCached ? "" : e.why;
    explain_ideas(label);
    return e.complete;
}

}  // namespace glossfish::verifier

namespace glossfish::verifier {

void explain_game(const PgnGame& game, GameAnnotation& annotation, const ExplainOptions& options) {
    if (!game.ok() || !annotation.ok()) return;
    Position pos = game.start_position();
    const std::size_t n = std::min(annotation.moves.size(), game.mainline.size());
    bool previous_capture = false;
    Square previous_to = NoSquare;
    for (std::size_t i = 0; i < n && i + 1 < annotation.evals.size(); ++i) {
        MoveAnnotation& a = annotation.moves[i];
        const Move played = game.mainline[i].move;
        const PositionEval& eb = annotation.evals[i];
        const PositionEval& ea = annotation.evals[i + 1];
        MoveLabel l;
        l.fen = pos.fen();
        l.played = played;
        l.played_san = move_to_san(pos, played);
        l.played_uci = move_to_uci(pos, played);
        l.best = a.best;
        l.best_san = a.best_san;
        l.best_score = eb.score;
        l.played_score = ea.checkmate ? Score::mate(1) : score_of_move(ea.score);
        l.quality = a.quality;
        l.best_pv = eb.pv;
        l.played_pv = {played};
        l.played_pv.insert(l.played_pv.end(), ea.pv.begin(), ea.pv.end());
        if (i > 0 && previous_capture) l.previous_capture = previous_to;
        l.previous_known = i > 0;
        // Reasons and ideas for every move (board facts, no search).
        Explanation e = explain(l, options);
        a.reasons = std::move(e.reasons);
        a.reasons_incomplete = e.complete ? "" : e.why;
        l.reasons = a.reasons;
        explain_ideas(l);
        a.reasons = l.reasons;
        a.ideas = std::move(l.ideas);
        a.ideas_sentence = std::move(l.ideas_sentence);
        a.best_ideas = std::move(l.best_ideas);
        previous_capture = pos.is_capture(played);
        previous_to = played.to();
        pos.do_move(played);
    }
}

}  // namespace glossfish::verifier
