// The ideas of a move (ideas.h): detected with the idea catalogue, each sentence read back by the
// commentary reader and verified with the board tools.
#include "explain/ideas.h"

#include <algorithm>
#include <exception>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/move_class.h"
#include "claims/claims.h"
#include "claims/ideas_catalogue.h"
#include "reader/commentary_reader.h"
#include "rules/notation.h"
#include "tools/tool_suite.h"

namespace glossfish::verifier {

namespace {

// The verifier's context for a move's sentences: the game's previous move, when known ("bxc3
// recaptures on c3" needs it).
VerifyOptions previous_move_options(Square previous_capture, bool previous_known) {
    VerifyOptions o;
    o.previous_known = previous_known || previous_capture != NoSquare;
    o.previous_capture = previous_capture;
    return o;
}

// Reads a sentence about `move` from before and verifies every claim: the claims when it passes.
std::optional<nlohmann::json> verified(const Position& before, Move move, const std::string& text,
                                       const ClaimVerifier& verifier) {
    CommentaryReading reading = read_commentary(before, move_to_uci(before, move), text);
    if (reading.sentences.size() != 1) return std::nullopt;
    const ReadSentence& s = reading.sentences.front();
    if (!s.read() || s.partly_read() || s.claims.empty()) return std::nullopt;
    Atom atom;
    atom.text = text;
    atom.claims = s.claims;
    const AtomVerdict v = verifier.verify(before, atom);
    if (v.claims.size() != s.claims.size()) return std::nullopt;
    for (const SubVerdict& c : v.claims)
        if (c.result != Truth::True) return std::nullopt;
    nlohmann::json claims = nlohmann::json::array();
    for (const SubClaim& c : s.claims) claims.push_back(sub_claim_json(c));
    return claims;
}

// The squares and pieces a slot set names.
void names(const IdeaSlots& slots, Idea& idea) {
    for (const auto& [name, value] : slots) {
        if (name == "piece" || name == "piece2") idea.pieces.push_back(value);
        if (name == "square" || name == "square2") idea.squares.push_back(value);
        if (name == "squares")
            for (const std::string& q : slot_squares(value)) idea.squares.push_back(q);
    }
}

const ToolSuite& board_suite() {
    static const ToolSuite suite;
    return suite;
}

}  // namespace

std::string idea_phrase(const Idea& idea) {
    const std::size_t space = idea.text.find(' ');
    if (space == std::string::npos) return "";
    std::string rest = idea.text.substr(space + 1);
    if (!rest.empty() && rest.back() == '.') rest.pop_back();
    return rest;
}

namespace {

// Two phrases of one idea kind said once: "breaks the pin on the pawn on f2" and "breaks the pin
// on the pawn on g2" become "breaks the pin on the pawn on f2 and the pawn on g2". The shared
// words are said once, up to the last article they hold, so that each object keeps its own.
std::vector<std::string> phrase_words(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// How many leading words two phrases share, up to the last article among them.
std::size_t shared_words(const std::vector<std::string>& wa, const std::vector<std::string>& wb) {
    std::size_t common = 0;
    while (common < wa.size() && common < wb.size() && wa[common] == wb[common]) ++common;
    for (std::size_t k = common; k > 1; --k)
        if (wa[k - 1] == "the" || wa[k - 1] == "a" || wa[k - 1] == "an") return k - 1;
    return common;
}

std::string same_kind_phrases(const std::string& a, const std::string& b) {
    const std::vector<std::string> wa = phrase_words(a), wb = phrase_words(b);
    const std::size_t common = shared_words(wa, wb);
    // Nothing shared, or one phrase is the other's start: said as two.
    if (common == 0 || common >= wa.size() || common >= wb.size()) return a + " and " + b;
    std::string out;
    for (const std::string& w : wa) out += (out.empty() ? "" : " ") + w;
    out += " and";
    for (std::size_t k = common; k < wb.size(); ++k) out += " " + wb[k];
    return out;
}

// The sentence of a move's ideas: up to two purposes, then the first cost ("but ..."), when the
// joined sentence is verified; else the first idea's own sentence ("" without ideas).
std::string ideas_sentence(const Position& before, Move move, const std::vector<Idea>& ideas,
                           const VerifyOptions& context) {
    std::vector<const Idea*> purposes;
    const Idea* first_cost = nullptr;
    for (const Idea& i : ideas) {
        if (!i.cost && purposes.size() < 2) purposes.push_back(&i);
        if (i.cost && !first_cost) first_cost = &i;
    }
    if (purposes.empty() && !first_cost) return "";
    const std::string san = move_to_san(before, move);
    const std::string cost =
        first_cost ? (purposes.empty() ? "" : " but ") + idea_phrase(*first_cost) : "";
    // Two purposes of one kind say their shared words once ("breaks the pin on the pawn on f2
    // and the pawn on g2"); else, or when that is not read back, the two in full.
    std::vector<std::string> tries;
    if (purposes.size() == 2) {
        const std::string a = idea_phrase(*purposes[0]), b = idea_phrase(*purposes[1]);
        // Of two kinds too, when they share a verb and its object ("puts the queen on the open
        // d-file and the open h4-d8 diagonal", not "... and puts the queen on ...").
        if (purposes[0]->kind == purposes[1]->kind ||
            shared_words(phrase_words(a), phrase_words(b)) >= 3)
            tries.push_back(san + " " + same_kind_phrases(a, b) + cost + ".");
        tries.push_back(san + " " + a + " and " + b + cost + ".");
    } else {
        tries.push_back(san + " " + (purposes.empty() ? "" : idea_phrase(*purposes[0])) + cost +
                        ".");
    }
    const ClaimVerifier verifier(board_suite(), context);
    for (const std::string& t : tries)
        if (verified(before, move, t, verifier)) return t;
    return ideas.front().text;
}

}  // namespace

IdeasResult move_ideas(const Position& before, Move move, Square previous_capture,
                       bool previous_known, const std::vector<Move>& line) {
    IdeasResult out;
    try {
        if (!before.is_legal(move)) return out;
        Position after = before;
        after.do_move(move);
        const std::string san = move_to_san(before, move);
        const VerifyOptions known = previous_move_options(previous_capture, previous_known);
        const ClaimVerifier verifier(board_suite(), known);
        IdeaContext context;
        context.previous_capture = previous_capture;
        context.previous_known = previous_known;
        context.line = line;
        struct Candidate {
            Idea idea;
            IdeaSlots slots;
            std::size_t phrase = 0;
        };
        std::vector<Candidate> found;
        for (const IdeaKindSpec& kind : idea_catalogue()) {
            for (const IdeaFound& f : kind.detect(before, move, after, context)) {
                if (f.phrase >= kind.phrases.size()) continue;
                Idea idea;
                idea.kind = kind.name;
                idea.family = family_name(kind.family);
                idea.salience = kind.salience + f.bonus;
                idea.cost = kind.cost;
                idea.text = san + " " + fill_phrase(kind.phrases[f.phrase].words, f.slots) + ".";
                names(f.slots, idea);
                found.push_back({std::move(idea), f.slots, f.phrase});
            }
        }
        std::stable_sort(found.begin(), found.end(), [](const Candidate& a, const Candidate& b) {
            return a.idea.salience > b.idea.salience;
        });
        // A forced move is said to be forced, and nothing else ("Kg8 brings the king toward the
        // centre" of the only legal move names a purpose it never had).
        if (auto f = std::find_if(found.begin(), found.end(),
                                  [](const Candidate& c) { return c.idea.kind == "forced"; });
            f != found.end()) {
            Candidate only = std::move(*f);
            found.clear();
            found.push_back(std::move(only));
        }
        // One idea per square named: the most salient says it (a list of squares loses those
        // named before, and is dropped when none is left).
        std::vector<std::string> named;
        auto is_named = [&](const std::string& q) {
            return std::find(named.begin(), named.end(), q) != named.end();
        };
        // A candidate's names and sentence again, from its slots and phrase after a change.
        auto reword = [&](Candidate& c) {
            const IdeaKindSpec* kind = find_idea_kind(c.idea.kind);
            c.idea.squares.clear();
            c.idea.pieces.clear();
            names(c.slots, c.idea);
            c.idea.text = san + " " + fill_phrase(kind->phrases[c.phrase].words, c.slots) + ".";
        };
        for (Candidate& c : found) {
            auto it = c.slots.find("square");
            const std::string key = it == c.slots.end() ? "" : it->second;
            if (!key.empty() && is_named(key)) continue;
            // A double idea whose second square was named before is said of its first alone
            // ("threatens mate on g2" and then "threatens to win the pawn on f2", not "... on
            // f2 and the pawn on g2"): its phrase 0 names one square.
            if (auto second = c.slots.find("square2");
                c.phrase == 1 && second != c.slots.end() && is_named(second->second) &&
                !c.slots.count("from") &&
                (c.idea.kind == "threatens_win" || c.idea.kind == "strikes")) {
                c.slots.erase("square2");
                c.slots.erase("piece2");
                c.phrase = 0;
                reword(c);
            }
            if (auto list = c.slots.find("squares"); list != c.slots.end()) {
                std::string kept;
                const std::string& v = list->second;
                for (const std::string& q : slot_squares(v))
                    if (!is_named(q)) kept += (kept.empty() ? "" : " ") + q;
                if (kept.empty()) continue;
                if (kept != v) {
                    list->second = kept;
                    c.phrase = 0;
                    reword(c);
                }
            }
            auto claims = verified(before, move, c.idea.text, verifier);
            if (!claims) {
                ++out.held_back;
                out.held.push_back(std::move(c.idea));
                continue;
            }
            // A sacrifice is kept only when the engine's line bears it out (explain_ideas): its
            // square stays free for the move's other ideas ("pushes the passed pawn to g7"), as
            // does a capture's ("captures the undefended pawn on c5" and "creates a passed pawn";
            // "bxc3 recaptures on c3 but leaves the pawn on c3 doubled").
            if (c.idea.kind == "sacrifice" || c.idea.kind == "captures_undefended" ||
                c.idea.kind == "wins_exchange" || c.idea.kind == "recaptures") {
                out.ideas.push_back(std::move(c.idea));
                out.ideas.back().claims = std::move(*claims);
                continue;
            }
            if (!key.empty()) named.push_back(key);
            // The attacker a piece is shielded from stays free for an idea of its own ("Be4
            // shields the pawn on g2 from the bishop on b7" and "offers a trade with the bishop
            // on b7").
            auto attacker = c.slots.find("square2");
            for (const std::string& q : c.idea.squares)
                if (!is_named(q) && !(c.idea.kind == "defends_piece" && attacker != c.slots.end() &&
                                      attacker->second == q))
                    named.push_back(q);
            c.idea.claims = std::move(*claims);
            out.ideas.push_back(std::move(c.idea));
        }
        // A plain capture is said only when nothing else says it.
        static const char* const capture_kinds[] = {
            "captures_undefended", "wins_back",  "wins_exchange", "trades",        "recaptures",
            "sacrifice",           "in_between", "undoubles",     "capture_choice"};
        const bool described = std::any_of(out.ideas.begin(), out.ideas.end(), [](const Idea& i) {
            return std::find(std::begin(capture_kinds), std::end(capture_kinds), i.kind) !=
                   std::end(capture_kinds);
        });
        if (described) std::erase_if(out.ideas, [](const Idea& i) { return i.kind == "takes"; });
        out.sentence = ideas_sentence(before, move, out.ideas, known);
    } catch (const std::exception&) {
        return IdeasResult{};
    }
    return out;
}

namespace {

// The wing the mover castles to along a line from before (its moves as far as they are legal):
// "kingside", "queenside", or "" when it does not castle there.
std::string castles_in_line(Position pos, const std::vector<Move>& line) {
    const Color us = pos.side_to_move();
    for (const Move m : line) {
        if (!pos.is_legal(m)) break;
        if (m.kind() == Castling && pos.side_to_move() == us)
            return m.to() > m.from() ? "kingside" : "queenside";
        pos.do_move(m);
    }
    return "";
}

// The pawn move that prepares a fianchetto (g3, b3; ...g6, ...b6) is followed in the line
// (the move first) by its bishop leaving home for another square than the long diagonal's
// (17.g3 of Kasparov-Topalov, whose line goes on to Bh3): the plan is not the line's.
bool bishop_goes_elsewhere(Position pos, const std::vector<Move>& line) {
    if (line.empty() || !pos.is_legal(line.front())) return false;
    const Color us = pos.side_to_move();
    const Square from = relative_square(us, line.front().from());
    if (from != B2 && from != G2) return false;
    const Square home = relative_square(us, from == B2 ? C1 : F1);
    const Square post = line.front().from();  // the fianchetto square: where the pawn stood
    for (const Move m : line) {
        if (!pos.is_legal(m)) break;
        if (pos.side_to_move() == us && m.from() == home) return m.to() != post;
        pos.do_move(m);
    }
    return false;
}

// The opponent takes on `square` within the line's first five plies, before the mover's piece
// there leaves it: the piece a sacrifice offers is the one taken ("Ng5+ sacrifices the knight"
// is not said when the line declines the knight and gives up a rook later).
// pos is the position after the move: the opponent is to move.
bool taken_in_line(Position pos, const std::vector<Move>& line, const std::string& square) {
    const Color us = ~pos.side_to_move();
    for (std::size_t i = 0; i < line.size() && i < 5; ++i) {
        const Move m = line[i];
        if (!pos.is_legal(m)) return false;
        const bool ours = pos.side_to_move() == us;
        if (square_name(ours ? m.from() : m.to()) == square) return !ours && pos.is_capture(m);
        pos.do_move(m);
    }
    return false;
}

// A sacrifice the engine's line bears out: the offered piece (on the idea's first square after
// the move) is taken, and a pawn or more stays given up (analysis/move_class.h).
bool sacrifice_borne_out(const Position& before, const std::vector<Move>& line, const Idea& i) {
    if (i.squares.empty() || line.size() < 2) return false;
    Position after = before;
    if (!after.is_legal(line.front())) return false;
    after.do_move(line.front());
    const std::vector<Move> rest(line.begin() + 1, line.end());
    return taken_in_line(after, rest, i.squares.front()) &&
           sacrifice_holds(before, line, PieceValue[Pawn]);
}

// A piece (not a pawn) the move offers and the engine's line declines: "offers the rook on e7",
// "offers the exchange on b7".
bool declined_offer(const Idea& i) {
    const std::string p = idea_phrase(i);
    return p.rfind("offers the ", 0) == 0 && p.rfind("offers the pawn ", 0) != 0;
}

// The engine's line after move m, from a line that starts with it (else none).
std::vector<Move> line_after(const std::vector<Move>& pv, Move m) {
    if (pv.empty() || pv.front() != m) return {};
    return {pv.begin() + 1, pv.end()};
}

}  // namespace

void explain_ideas(MoveLabel& label) {
    if (!label.error.empty()) return;
    Position before;
    if (!before.set(label.fen).ok() || !before.is_legal(label.played)) return;
    label.ideas.clear();
    IdeasResult own = move_ideas(before, label.played, label.previous_capture, label.previous_known,
                                 line_after(label.played_pv, label.played));
    const VerifyOptions known = previous_move_options(label.previous_capture, label.previous_known);
    // A reason an idea says better is dropped: "stops the threat of Nxe5" when "defends the
    // pawn on e5" is said, "wins a pawn" for a recapture ("recaptures on e5").
    const bool forced_mate = label.played_score.is_mate() && label.played_score.value > 0;
    std::erase_if(label.reasons, [&](const Reason& r) {
        if (forced_mate && r.kind == "defends") return true;
        if (r.kind == "defends" && !r.line_uci.empty() && r.line_uci.front().size() >= 4) {
            const std::string target = r.line_uci.front().substr(2, 2);
            const std::string from = r.line_uci.front().substr(0, 2);
            for (const Idea& i : own.ideas)
                for (const std::string& q : i.squares)
                    if ((q == target || q == from) && i.kind != "takes_control") return true;
        }
        // The only legal move is the forced idea's to say (20.Kf1 of Byrne-Fischer read "Kf1 is
        // the only legal move." twice, as reason and as idea).
        if (r.kind == "only_move" &&
            std::any_of(own.ideas.begin(), own.ideas.end(),
                        [&](const Idea& i) { return i.kind == "forced" && i.text == r.text; }))
            return true;
        return r.kind == "wins_material" && label.previous_capture != NoSquare &&
               label.played.to() == label.previous_capture &&
               r.text.rfind(label.played_san + " wins", 0) == 0;
    });
    for (const Reason& r : label.reasons) {
        Idea i;
        i.kind = r.kind;
        // A prevention (prophylaxis) weighs less than a threat, a pin or a defence: those are
        // said first.
        const bool prevention = r.kind == "prevents";
        i.family = family_name(prevention ? IdeaFamily::Defence : IdeaFamily::Tactics);
        i.text = r.text;
        i.salience = prevention ? 47 : 100;
        i.claims = r.claims;
        label.ideas.push_back(std::move(i));
    }
    Position after = before;
    after.do_move(label.played);
    const bool good = label.quality.label == QualityLabel::Good;
    // Beside a mate only the tactic that makes it is said: the sacrifice, the double or
    // discovered check, the check that drives the king to where it is mated (not the piece it
    // leaves: 21.Nxg7+ of the Immortal Game mates by Qf6+ and Be7#, not on f7).
    auto mate_tactic = [](const Idea& i) {
        return i.kind == "sacrifice" || i.kind == "discovered_check" ||
               (i.kind == "drives_king" && idea_phrase(i).rfind("drives the king away ", 0) != 0);
    };
    // A piece left en prise is a sacrifice only when the move's line (pv) takes the material and
    // a pawn or more stays given up (two full moves on, or up to a mate): a piece the opponent
    // cannot or does not take is no sacrifice. A piece offered and declined (the line leaves it
    // standing) is said as an offer. Not a sacrifice idea: nothing to bear out.
    auto borne_out = [&](const Idea& i, const std::vector<Move>& pv) {
        return i.kind != "sacrifice" || declined_offer(i) || sacrifice_borne_out(before, pv, i);
    };
    // The played move's sacrifice, besides, only when the engine rates the move good (a worse
    // move's reasons say what it loses).
    auto sacrifice_real = [&](const Idea& i) {
        return i.kind == "sacrifice" && good && borne_out(i, label.played_pv);
    };
    // A move that mates, or forces mate, says so: of the smaller ideas only the tactic that
    // makes the mate stays (below). A forced mate that goes unsaid (annotate proves no mate in
    // more than one without --engine-reasons) and has no such tactic to say silences nothing:
    // 24...Bxe4+ and 25...Rh3 ("threatens mate on h2") of Rotlewi-Rubinstein said nothing.
    const bool mate_said =
        std::any_of(label.reasons.begin(), label.reasons.end(),
                    [](const Reason& r) { return r.kind == "mates"; }) ||
        std::any_of(own.ideas.begin(), own.ideas.end(), [&](const Idea& i) {
            return mate_tactic(i) && (i.kind != "sacrifice" || sacrifice_real(i));
        });
    const bool mating = after.is_checkmate() ||
                        (label.played_score.is_mate() && label.played_score.value > 0 && mate_said);
    // The mover is mated by force: its own plans no longer matter.
    const bool mated = label.played_score.is_mate() && label.played_score.value < 0;
    label.ideas_held_back = own.held_back;
    // "wins a rook" says more than "captures the undefended rook".
    const bool wins = std::any_of(label.reasons.begin(), label.reasons.end(),
                                  [](const Reason& r) { return r.kind == "wins_material"; });
    bool dropped = false;
    std::vector<Idea> kept;  // the move's own ideas said
    for (Idea& i : own.ideas) {
        if (wins &&
            (i.kind == "captures_undefended" || i.kind == "wins_exchange" || i.kind == "takes")) {
            dropped = true;
            continue;
        }
        // "Prepares to castle queenside" read as a plan misleads when the engine's line castles
        // the other way (10.Qd2 of Rotlewi-Rubinstein: the line goes on to O-O); "prepares to
        // fianchetto the bishop" when the line puts the bishop elsewhere (17.g3 ... Bh3).
        const std::string wing =
            i.kind == "prepares_castling" ? castles_in_line(before, label.played_pv) : "";
        const bool other_plan =
            (!wing.empty() && i.text.find(wing) == std::string::npos) ||
            (i.kind == "fianchetto" && idea_phrase(i).rfind("prepares ", 0) == 0 &&
             bishop_goes_elsewhere(before, label.played_pv));
        if ((i.kind == "sacrifice" && !sacrifice_real(i)) || (mating && !mate_tactic(i)) ||
            (after.is_checkmate() && i.kind != "discovered_check") || mated || other_plan) {
            dropped = true;
            continue;
        }
        kept.push_back(i);
        label.ideas.push_back(std::move(i));
    }
    // Most important first: a reason weighing less than a move's own idea (a prevention)
    // takes its place among them.
    std::stable_sort(label.ideas.begin(), label.ideas.end(),
                     [](const Idea& a, const Idea& b) { return a.salience > b.salience; });
    // The joined sentence may hold a dropped idea: then it is said again of those kept.
    label.ideas_sentence = own.sentence;
    if (dropped)
        label.ideas_sentence =
            kept.empty() ? "" : ideas_sentence(before, label.played, kept, known);
    label.best_ideas.clear();
    // What the better move does, unless the first reason names it already.
    const bool named = !label.reasons.empty() &&
                       label.reasons.front().text.find(label.best_san) != std::string::npos;
    if (!good && !named && label.best != label.played && before.is_legal(label.best)) {
        IdeasResult best = move_ideas(before, label.best, label.previous_capture,
                                      label.previous_known, line_after(label.best_pv, label.best));
        // Only an idea worth saying as the point of the better move (not a mere square); a
        // sacrifice when the engine's best line bears it out, as for the played move.
        // An idea the played move has too ("Nbd2 blocks the check" beside Nc3, which blocks it
        // as well) says nothing the better move does instead.
        auto shared = [&](const Idea& b) {
            return std::any_of(label.ideas.begin(), label.ideas.end(), [&](const Idea& i) {
                return i.kind == b.kind && idea_phrase(i) == idea_phrase(b);
            });
        };
        for (Idea& i : best.ideas) {
            if (!i.cost && borne_out(i, label.best_pv) && i.salience >= 40 && !shared(i))
                label.best_ideas.push_back(std::move(i));
        }
    }
}

}  // namespace glossfish::verifier
