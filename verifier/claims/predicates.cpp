// The predicate table and the names of categories, truths and stances.
#include "claims/predicates.h"

#include "tools/tool_json.h"

namespace glossfish::verifier {

namespace claims_detail {

const std::vector<PredicateSpec>& specs() {
    using enum ArgKind;
    using EC = ErrorCategory;
    static const std::vector<PredicateSpec> table = {
        {{"occupies", EC::BoardComprehension, false,
          "a piece (of the given type and colour, when given) stands on square"},
         {{"square", Square, true}, {"piece", Piece, false}, {"color", Color, false}},
         {}},
        {{"attacks", EC::BoardComprehension, false,
          "the piece on from (or any piece of color; exactly count of them, when given) attacks "
          "target; pinned pieces still attack"},
         {{"target", Square, true},
          {"from", Square, false},
          {"color", Color, false},
          {"count", Count, false}},
         {"from", "color"}},
        {{"defends", EC::BoardComprehension, false,
          "the piece on target is defended (by the piece on from, when given; by exactly count "
          "pieces, when given; only: from is its one defender)"},
         {{"target", Square, true},
          {"from", Square, false},
          {"count", Count, false},
          {"only", Flag, false}},
         {}},
        {{"pins", EC::BoardComprehension, false,
          "the piece on pinned is pinned (absolutely or to a more valuable piece; absolute: to "
          "its king), by pinner and to the piece on to when given"},
         {{"pinned", Square, true},
          {"pinner", Square, false},
          {"to", Square, false},
          {"absolute", Flag, false}},
         {}},
        {{"checks", EC::BoardComprehension, false,
          "the side to move (color, when given) is in check"},
         {{"color", Color, false}},
         {}},
        {{"gives_check", EC::TacticalReasoning, false,
          "move gives check (of the given kind: direct, discovered, double)"},
         {{"move", Move, true}, {"kind", CheckWord, false}},
         {}},
        {{"mates", EC::TacticalReasoning, false,
          "move gives checkmate; without move, the side to move is checkmated"},
         {{"move", Move, false}},
         {}},
        {{"captures", EC::BoardComprehension, false,
          "move captures (a piece of the given type, on the given square)"},
         {{"move", Move, true}, {"piece", Piece, false}, {"square", Square, false}},
         {}},
        {{"can_capture", EC::Legality, false,
          "the side to move has a legal capture on square (of a piece of the given type)"},
         {{"square", Square, true}, {"piece", Piece, false}},
         {}},
        {{"is_legal", EC::Legality, false, "move is legal"}, {{"move", Move, true}}, {}},
        {{"wins_material", EC::TacticalReasoning, true,
          "move wins material: at least amount centipawns (default 100), or a piece of the given "
          "type with a net gain; static exchange first, else the engine's line (8 plies); with "
          "for (a piece type), the move takes the piece after the winner gave up about that "
          "much in the claim's moves (its worth less a pawn or more), netting the difference"},
         {{"move", Move, true},
          {"amount", Amount, false},
          {"piece", Piece, false},
          {"for", Piece, false}},
         {}},
        {{"loses_material", EC::TacticalReasoning, true,
          "move loses material: at least amount centipawns (default 100), or a piece of the given "
          "type with a net loss; static exchange first, else the engine's line (8 plies)"},
         {{"move", Move, true}, {"amount", Amount, false}, {"piece", Piece, false}},
         {}},
        {{"hangs", EC::TacticalReasoning, false,
          "the piece on square can be won by capturing it (static exchange > 0)"},
         {{"square", Square, true}},
         {}},
        {{"undefended", EC::BoardComprehension, false,
          "no piece of its colour defends the piece on square"},
         {{"square", Square, true}},
         {}},
        {{"threatens", EC::TacticalReasoning, true,
          "the side that is not to move threatens to win the piece on target (it hangs to them), "
          "or threatens move (it would gain >= 10 win% if the side to move passed; engine), or "
          "mate (on square, when given), or with none of these has a significant threat (engine)"},
         {{"target", Square, false},
          {"move", Move, false},
          {"mate", Flag, false},
          {"square", Square, false}},
         {}},
        {{"mate_in", EC::TacticalReasoning, true,
          "the side to move (playing move first, when given) forces mate, in exactly moves of its "
          "own moves when given (mate in one: board; otherwise engine)"},
         {{"moves", Count, false}, {"move", Move, false}},
         {}},
        {{"discovers_attack", EC::TacticalReasoning, false,
          "move uncovers an attack: another piece of the mover attacks an enemy piece (the one on "
          "target, when given) only because the moved piece left the line"},
         {{"move", Move, true}, {"target", Square, false}},
         {}},
        {{"forks", EC::TacticalReasoning, false,
          "move forks: the moved piece attacks two or more pieces each more valuable or "
          "undefended (including targets, when given)"},
         {{"move", Move, true}, {"targets", Squares, false}},
         {}},
        {{"stops", EC::TacticalReasoning, true,
          "move stops (prevents) threat: threat (a move of the other side) mates or wins material "
          "by static exchange if the side to move passes, and after move it is no longer legal, "
          "or no longer mates (a mate threat) or no longer wins material (a threat to win "
          "material); a threat the board does not prove (a quiet move) by the engine: it was the "
          "other side's best move if the side to move passed (within 3 win%) and after move it "
          "is no longer legal or loses 10 win% more than it did"},
         {{"move", Move, true}, {"threat", Move, true}},
         {}},
        {{"opens_file", EC::BoardComprehension, false,
          "move leaves file with fewer pawns of the mover (now open or half-open for the mover)"},
         {{"move", Move, true}, {"file", File, true}},
         {}},
        {{"open_file", EC::BoardComprehension, false,
          "file has no pawns (with color: no pawns of color, i.e. usable by color)"},
         {{"file", File, true}, {"color", Color, false}},
         {}},
        {{"opens_line", EC::BoardComprehension, false,
          "move clears the line between from and to (blocked before, clear after)"},
         {{"move", Move, true}, {"from", Square, true}, {"to", Square, true}},
         {}},
        {{"controls", EC::BoardComprehension, false,
          "color attacks square at least once and at least as often as the other side"},
         {{"square", Square, true}, {"color", Color, true}},
         {}},
        {{"passed_pawn", EC::BoardComprehension, false,
          "the pawn on square is a passed pawn; with color instead: color has a passed pawn "
          "(exactly count of them, when given)"},
         {{"square", Square, false}, {"color", Color, false}, {"count", Count, false}},
         {"square", "color"}},
        {{"material_lead", EC::BoardComprehension, false,
          "color is ahead in material (P1 N3 B3 R5 Q9), by exactly points (at least min) when "
          "given; pieces: points count pieces only and the pawns differ by for_pawns against "
          "color (by at most one when not given); without color: material is level"},
         {{"color", Color, false},
          {"points", Count, false},
          {"min", Count, false},
          {"pieces", Flag, false},
          {"for_pawns", Count, false}},
         {}},
        {{"piece_count", EC::BoardComprehension, false,
          "color has exactly count pieces of the type (at least min; at least one when neither "
          "is given)"},
         {{"color", Color, true},
          {"piece", Piece, true},
          {"count", Count, false},
          {"min", Count, false}},
         {}},
        {{"pawn_weakness", EC::BoardComprehension, false,
          "the pawn on square is isolated, doubled or backward (kind)"},
         {{"square", Square, true}, {"kind", WeaknessWord, true}},
         {}},
        {{"legal_moves", EC::Legality, false, "the side to move has exactly count legal moves"},
         {{"count", Count, true}},
         {}},
        {{"file_status", EC::BoardComprehension, false,
          "file is open (no pawns), half_open (pawns of one side only; with color: none of "
          "color's, some of the other's) or closed (pawns of both sides)"},
         {{"file", File, true}, {"status", FileStatusWord, true}, {"color", Color, false}},
         {}},
        {{"only_move", EC::TacticalReasoning, true,
          "move is forced: the only legal move, or the only one within 15 win% of the best "
          "(engine); with legal: true, the only legal move (no engine)"},
         {{"move", Move, true}, {"legal", Flag, false}},
         {}},
        {{"best_move", EC::QualityEvaluation, true,
          "move is the engine's best move or loses at most 1 win% point against it (engine)"},
         {{"move", Move, true}},
         {}},
        {{"quality_label", EC::QualityEvaluation, true,
          "move has the given label (good, inaccuracy, mistake, blunder) or stance (good: label "
          "good; bad: mistake or blunder; inaccuracy: unverifiable) in scheme (engine)"},
         {{"move", Move, true},
          {"label", Label, false},
          {"stance", StanceWord, false},
          {"scheme", Scheme, false}},
         {"label", "stance"}},
        {{"win_chances", EC::QualityEvaluation, true,
          "move takes the mover's win% from `from` (the best move's) to `to` (the move's own), "
          "each within 1 point, and against is the best move or within 1 win% of it (engine)"},
         {{"move", Move, true},
          {"from", Percent, false},
          {"to", Percent, false},
          {"against", Move, false}},
         {"from", "to", "against"}},
        // ---- the ideas (evaluate_ideas.cpp; docs/ideas.md) ----
        {{"develops", EC::BoardComprehension, false,
          "move takes a knight or bishop off its home square, ten or more pieces (not pawns or "
          "kings) on the board (toward_centre: nearer to d4-e5)"},
         {{"move", Move, true}, {"toward_centre", Flag, false}},
         {}},
        {{"castles", EC::BoardComprehension, false, "move is castling"},
         {{"move", Move, true}},
         {}},
        {{"prepares_castling", EC::BoardComprehension, false,
          "move clears the last square between king and rook (kingside, or queenside) and the "
          "right to castle there remains"},
         {{"move", Move, true}, {"queenside", Flag, false}},
         {}},
        {{"gives_up_castling", EC::BoardComprehension, false,
          "move is a king or rook move, not castling, after which the mover can no longer castle "
          "on a side where it could before (side: kingside or queenside; without it, no right is "
          "left after the move)"},
         {{"move", Move, true}, {"side", WingWord, false}},
         {}},
        {{"connects_rooks", EC::BoardComprehension, false,
          "after move the mover's two rooks stand on its back rank with nothing between, and "
          "before it they did not"},
         {{"move", Move, true}},
         {}},
        {{"fianchetto", EC::BoardComprehension, false,
          "move puts a bishop on b2/g2 (b7/g7) in front of its knight's pawn on b3/g3 (b6/g6)"},
         {{"move", Move, true}},
         {}},
        {{"queen_early", EC::BoardComprehension, false,
          "move takes the queen off its home square while three or more knights and bishops of "
          "the mover are at home"},
         {{"move", Move, true}},
         {}},
        {{"blocks_bishop", EC::BoardComprehension, false,
          "move is a pawn move that takes two or more squares from the mover's bishop on square "
          "and leaves it at most three"},
         {{"move", Move, true}, {"square", Square, true}},
         {}},
        {{"occupies_centre", EC::BoardComprehension, false, "move puts a pawn on d4, d5, e4 or e5"},
         {{"move", Move, true}},
         {}},
        {{"gains_control", EC::BoardComprehension, false,
          "after move the moved piece attacks square, which it did not attack (or stand on) "
          "before, and "
          "the mover attacks it at least as often as the opponent"},
         {{"move", Move, true}, {"square", Square, true}},
         {}},
        {{"strikes", EC::BoardComprehension, false,
          "move is a pawn move after which the pawn attacks the enemy pawn on square"},
         {{"move", Move, true}, {"square", Square, true}},
         {}},
        {{"tempo", EC::TacticalReasoning, false,
          "after move the moved piece attacks the enemy piece on square, worth more than itself "
          "(not the king)"},
         {{"move", Move, true}, {"square", Square, true}},
         {}},
        {{"unpins", EC::TacticalReasoning, false,
          "the mover's piece on square is pinned before move (to its king, or to a more valuable "
          "piece behind it) and not after it"},
         {{"move", Move, true}, {"square", Square, true}},
         {}},
        {{"shelters", EC::BoardComprehension, false,
          "the pawn on square stands in front of its own king (king on its first two ranks; the "
          "pawn on its file or a file beside it, one or two ranks ahead)"},
         {{"square", Square, true}},
         {}},
        {{"battery", EC::BoardComprehension, false,
          "the pieces on square and with (one side's bishops, rooks or queens, not two rooks) "
          "stand on one line they both move along, nothing between, aimed at target: the first "
          "enemy piece (not the king) beyond the front one, or the first square next to the "
          "enemy king the line crosses"},
         {{"square", Square, true}, {"with", Square, true}, {"target", Square, false}},
         {}},
        {{"outpost", EC::BoardComprehension, false,
          "the piece on square stands on an outpost: its side's 4th-6th rank, defended by an own "
          "pawn, and no enemy pawn can ever attack it"},
         {{"square", Square, true}},
         {}},
        {{"doubled_rooks", EC::BoardComprehension, false,
          "color has two rooks on file with nothing between them"},
         {{"file", File, true}, {"color", Color, true}},
         {}},
        {{"offers_trade", EC::BoardComprehension, false,
          "after move the moved piece (or the mover's piece on from, whose line the move "
          "opens), defended, attacks the enemy piece on square, of the same worth and not "
          "pinned, which it did not attack before and which attacks it back; or the moved "
          "piece, defended, stands where that piece, which did not attack it before, takes it "
          "evenly (static exchange 0)"},
         {{"move", Move, true}, {"square", Square, true}, {"from", Square, false}},
         {}},
        {{"threatens_trade", EC::BoardComprehension, false,
          "after move the moved piece (not a pawn or king, not pinned) attacks the enemy piece "
          "on square, of the same worth, which it did not attack before and which cannot take "
          "it back, and taking it is an even exchange (static exchange 0: it is taken back)"},
         {{"move", Move, true}, {"square", Square, true}},
         {}},
        {{"gains_space", EC::BoardComprehension, false,
          "move is a pawn advance (no capture) to the mover's 4th rank or beyond after which its "
          "pawns attack more squares in the opponent's half; wing (queenside: a-c, centre: d-e, "
          "kingside: f-h) names the pawn's file"},
         {{"move", Move, true}, {"wing", WingWord, false}},
         {}},
        {{"open_diagonal", EC::BoardComprehension, false,
          "the bishop or queen on square stands on the diagonal from `from` to `to` (its edge "
          "squares), five squares or more with no pawn on it"},
         {{"square", Square, true}, {"from", Square, true}, {"to", Square, true}},
         {}},
        {{"bishop_pair", EC::BoardComprehension, false,
          "color has the bishop pair: bishops on light and dark squares, while the opponent "
          "has not"},
         {{"color", Color, true}},
         {}},
        {{"avoids_trade", EC::BoardComprehension, false,
          "move takes a piece attacked by the enemy piece on square (of the same worth, not "
          "pinned) out of its reach without capturing, where either could have traded: the "
          "mover's piece was defended, or it attacked the enemy piece, which was defended"},
         {{"move", Move, true}, {"square", Square, true}},
         {}},
        {{"recaptures", EC::BoardComprehension, false,
          "move captures on square where the previous move captured, when the game's moves are "
          "known (annotate, report, explain --pgn, a Session); from a position alone, move "
          "captures on square with the mover behind in material before it"},
         {{"move", Move, true}, {"square", Square, true}},
         {}},
        {{"prepares_fianchetto", EC::BoardComprehension, false,
          "move steps the b- or g-pawn one square from home while the bishop of that wing is at "
          "home (c1 or f1, c8 or f8): the bishop can go to b2 or g2 (b7 or g7) next"},
         {{"move", Move, true}},
         {}},
        {{"blocks_check", EC::BoardComprehension, false,
          "the side to move, in check from one piece, answers with move by putting a piece (not "
          "the king, not capturing) between the checking piece and its king"},
         {{"move", Move, true}},
         {}},
        {{"leaves_line", EC::BoardComprehension, false,
          "move takes the king off the line (diagonal, file or rank) of the enemy bishop, rook or "
          "queen on square, on which it stood before"},
         {{"move", Move, true}, {"square", Square, true}, {"line", LineWord, true}},
         {}},
        {{"confines_king", EC::BoardComprehension, false,
          "after move the opponent's king stands on its back rank and every square of the rank "
          "above it next to the king (not held by its own pieces) is attacked by the mover, one "
          "by the moved piece, which was not so before"},
         {{"move", Move, true}},
         {}},
        {{"undoubles", EC::BoardComprehension, false,
          "move is a pawn capture (from file, when given) after which the mover has fewer files "
          "with two or more pawns"},
         {{"move", Move, true}, {"file", File, false}},
         {}},
        {{"in_between", EC::TacticalReasoning, false,
          "the game's previous move captured on square (it must be known: a PGN, a session) "
          "and the mover could take back there at once; move, a check or a capture elsewhere, "
          "comes first, and after every answer the mover can still capture on square (evidence "
          "`in_between`)"},
         {{"move", Move, true}, {"square", Square, true}},
         {}},
        {{"opens_file_for", EC::BoardComprehension, false,
          "move is a pawn capture from file that leaves the mover no pawn on it, and the "
          "mover's rook on square stands on the file behind the square the pawn left (on the "
          "mover's side of it) with nothing of its own between, or can go at once to an empty "
          "square of the file from which that holds (evidence `file`)"},
         {{"move", Move, true}, {"file", File, true}, {"square", Square, true}},
         {}},
        {{"rook_on_file", EC::BoardComprehension, false,
          "color has a rook (or the piece named: a queen) on file"},
         {{"file", File, true}, {"color", Color, true}, {"piece", Piece, false}},
         {}},
        {{"seventh_rank", EC::BoardComprehension, false,
          "the rook or queen on square stands on its side's seventh rank"},
         {{"square", Square, true}},
         {}},
        {{"frees", EC::BoardComprehension, false,
          "move gives the mover's piece on square (which stays) three or more squares more"},
         {{"move", Move, true}, {"square", Square, true}},
         {}},
        {{"creates_passed", EC::BoardComprehension, false,
          "after move the pawn on square is passed, and it was not before"},
         {{"move", Move, true}, {"square", Square, true}},
         {}},
        {{"makes_weakness", EC::BoardComprehension, false,
          "after move the pawn on square is isolated, doubled or backward (kind), and it was not "
          "before"},
         {{"move", Move, true}, {"square", Square, true}, {"kind", WeaknessWord, true}},
         {}},
        {{"capture_choice", EC::BoardComprehension, false,
          "move and alternative both capture on the same square, alternative with a pawn, "
          "neither losing material by exchange; kind says what move keeps that alternative "
          "gives up: \"cover\" the pawn cover of the king on square (when given), a pawn on "
          "each of the king's file and the files beside it that had one; \"doubled\" pawns "
          "undoubled; \"isolated\" no new isolated pawn; \"centre\": move, a pawn capture "
          "too, takes toward the d- and e-files and alternative away from them"},
         {{"move", Move, true},
          {"alternative", Move, true},
          {"kind", CaptureWord, true},
          {"square", Square, false}},
         {}},
        {{"weakens_cover", EC::BoardComprehension, false,
          "move is a pawn move from in front of the mover's king that leaves fewer pawns there"},
         {{"move", Move, true}},
         {}},
        {{"luft", EC::BoardComprehension, false,
          "move is a pawn move after which the king on its back rank can step to square on the "
          "second rank, where before it had no such square"},
         {{"move", Move, true}, {"square", Square, true}},
         {}},
        {{"approaches", EC::BoardComprehension, false,
          "move brings the king nearer to square (king distance)"},
         {{"move", Move, true}, {"square", Square, true}},
         {}},
        {{"prepares_advance", EC::BoardComprehension, false,
          "move is a pawn move after which another pawn of the mover can advance to square (a "
          "centre square, or one from which it attacks an enemy pawn), which the opponent attacks, "
          "with as many of the mover's defenders there as attackers, where before it had fewer"},
         {{"move", Move, true}, {"square", Square, true}},
         {}},
        {{"king_route", EC::BoardComprehension, false,
          "move is a king move that shortens the king's safe route to the pawn (or piece) on "
          "square: the king steps to a square next to it, over squares free of the mover's own "
          "pieces and not attacked by the opponent"},
         {{"move", Move, true}, {"square", Square, true}},
         {}},
        {{"captures_higher", EC::TacticalReasoning, false,
          "move captures (on square, when given) a piece worth more than the piece that takes it "
          "(P1 N3 B3 R5 Q9): even if it is taken back, the mover gains the difference"},
         {{"move", Move, true}, {"square", Square, false}},
         {}},
        {{"wins_back", EC::BoardComprehension, false,
          "move captures while its side is behind in material (pawns 1, knights and bishops 3, "
          "rooks 5, queens 9), leaving it less behind or level but not ahead: material won back"},
         {{"move", Move, true}},
         {}},
        {{"centralizes", EC::BoardComprehension, false,
          "move brings the king nearer to the centre (d4, d5, e4, e5): fewer king steps, or as "
          "many and fewer file-plus-rank steps, or a shorter route over squares the opponent "
          "does not attack"},
         {{"move", Move, true}},
         {}},
        {{"keeps_distance", EC::BoardComprehension, false,
          "move takes the moved piece (not the king) from two king steps or fewer of the enemy "
          "king to three or more: the king cannot attack it on its next move"},
         {{"move", Move, true}},
         {}},
        {{"gives_exchange", EC::BoardComprehension, false,
          "move is a rook taking a knight or bishop on square (with the rook lost there: an "
          "exchange sacrifice)"},
         {{"move", Move, true}, {"square", Square, true}},
         {}},
        {{"makes_room", EC::BoardComprehension, false,
          "move leaves square, and the mover's other piece on from (after the move) could go "
          "there at once, were it the mover's turn"},
         {{"move", Move, true}, {"square", Square, true}, {"from", Square, true}},
         {}},
        {{"avoids_checks", EC::BoardComprehension, false,
          "move is a king move (not castling, not out of check) after which the opponent has "
          "no safe check on square (landing there, the checking piece not lost by static "
          "exchange), where it had one before were it to move"},
         {{"move", Move, true}, {"square", Square, true}},
         {}},
        {{"heads_for", EC::BoardComprehension, false,
          "move is a knight or bishop move, not a capture, after which the moved piece can go "
          "at once to square, an empty outpost square of its side's (4th-6th rank, defended by "
          "an own pawn, no enemy pawn able to attack it), which it could not reach from where "
          "it stood (evidence `outpost`)"},
         {{"move", Move, true}, {"square", Square, true}},
         {}},
        {{"drives_king", EC::BoardComprehension, false,
          "move gives check (not mate), the enemy king cannot take, and every other answer to "
          "the check loses a pawn or more by static exchange: with square, the king's one legal "
          "square is square; without, it has two or more, each further up the board than it "
          "stands and on its third rank or beyond; with from, wherever the king goes it leaves "
          "its piece on from, which the mover could not win by static exchange before move and "
          "can after the king's move (evidence `king_squares`)"},
         {{"move", Move, true}, {"square", Square, false}, {"from", Square, false}},
         {}},
        {{"behind_passer", EC::BoardComprehension, false,
          "the rook (or queen) on square stands behind the passed pawn on pawn, on its file, "
          "nothing between"},
         {{"square", Square, true}, {"pawn", Square, true}},
         {}},
        {{"opposition", EC::BoardComprehension, false,
          "only kings and pawns are left and color has the opposition (kings on one line with "
          "one square between, the other side to move)"},
         {{"color", Color, true}},
         {}},
    };
    return table;
}

const PredicateSpec* find_spec(std::string_view name) {
    for (const auto& s : specs())
        if (s.info.name == name) return &s;
    return nullptr;
}

std::optional<QualityLabel> parse_label(std::string_view t) {
    for (QualityLabel l : {QualityLabel::Good, QualityLabel::Inaccuracy, QualityLabel::Mistake,
                           QualityLabel::Blunder})
        if (t == label_name(l)) return l;
    return std::nullopt;
}

std::optional<PieceType> parse_piece_word(std::string_view t) { return parse_piece_type_word(t); }

}  // namespace claims_detail

using claims_detail::specs;

// ---- names ----

const char* category_name(ErrorCategory c) {
    switch (c) {
    case ErrorCategory::BoardComprehension: return "board_comprehension";
    case ErrorCategory::Legality: return "legality";
    case ErrorCategory::QualityEvaluation: return "quality_evaluation";
    case ErrorCategory::TacticalReasoning: return "tactical_reasoning";
    case ErrorCategory::Other: return "other";
    }
    return "other";
}

const char* truth_name(Truth t) {
    switch (t) {
    case Truth::True: return "true";
    case Truth::False: return "false";
    case Truth::Unverifiable: return "unverifiable";
    }
    return "unverifiable";
}

std::optional<Truth> parse_truth(std::string_view text) {
    for (Truth t : {Truth::True, Truth::False, Truth::Unverifiable})
        if (text == truth_name(t)) return t;
    return std::nullopt;
}

const char* verdict_name(Verdict v) {
    switch (v) {
    case Verdict::Correct: return "correct";
    case Verdict::Incorrect: return "incorrect";
    case Verdict::PartlyVerified: return "partly_verified";
    case Verdict::Unverifiable: return "unverifiable";
    }
    return "unverifiable";
}

std::optional<Verdict> parse_verdict(std::string_view text) {
    for (Verdict v :
         {Verdict::Correct, Verdict::Incorrect, Verdict::PartlyVerified, Verdict::Unverifiable})
        if (text == verdict_name(v)) return v;
    return std::nullopt;
}

Verdict verdict_of_counts(int verifiable, int failed, int unverified) {
    if (verifiable <= 0) return Verdict::Unverifiable;
    if (failed > 0) return Verdict::Incorrect;
    return unverified > 0 ? Verdict::PartlyVerified : Verdict::Correct;
}

const char* stance_name(Stance s) {
    switch (s) {
    case Stance::Good: return "good";
    case Stance::Bad: return "bad";
    case Stance::Inconclusive: return "inconclusive";
    }
    return "inconclusive";
}

std::optional<Stance> parse_stance(std::string_view t) {
    if (t == "good") return Stance::Good;
    if (t == "bad") return Stance::Bad;
    if (t == "inconclusive") return Stance::Inconclusive;
    return std::nullopt;
}

const std::vector<PredicateInfo>& predicates() {
    static const std::vector<PredicateInfo> list = [] {
        std::vector<PredicateInfo> out;
        for (const auto& s : specs()) out.push_back(s.info);
        return out;
    }();
    return list;
}

const PredicateInfo* find_predicate(std::string_view name) {
    for (const auto& p : predicates())
        if (p.name == name) return &p;
    return nullptr;
}

}  // namespace glossfish::verifier
