// The commentary reader's sentence reader (internal to the verifier): one sentence → move
// context → clauses, each clause with its subject → sub-claims. Its methods live in files by
// job: reader_sentence.cpp (the frame: read, context, finish), reader_subjects.cpp (subjects,
// piece references, adjectives, modifiers), reader_clauses.cpp (clause splitting and the
// families in turn), reader_moves.cpp (what a move does: quality, check, forks, lines),
// reader_material.cpp (captures and material won),
// reader_pieces.cpp (relations and states of pieces: attacks, defends, pins, threats, hanging),
// reader_sides.cpp (sides, files and material: balance, counts, placement, passed pawns),
// reader_ideas.cpp (the idea catalogue's phrases: develops, castles, outposts, ...).
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "claims/ideas_catalogue.h"
#include "reader/commentary_reader.h"
#include "reader/reader_lexicon.h"

namespace glossfish::verifier {

// A sub-claim from its parts.
SubClaim make_claim(std::string predicate, nlohmann::json args, std::vector<std::string> moves,
                    bool negated = false);

// Where a moved piece ends (the king's square for castling).
Square destination(const Position& pos, Move m);

// What a clause talks about.
struct Subject {
    enum Kind { None, MoveSubject, PieceSubject, SideSubject, FileSubject, MaterialSubject };
    Kind kind = None;
    std::string move_text;     // the move as written, or its SAN when legal
    bool legal = false;        // move_text is legal in `from`
    bool made = false;         // already part of the context (the commented move)
    Square square = NoSquare;  // the piece (after the move, for moves)
    PieceType piece = NoPieceType;
    Color color = White;
    std::optional<Color> named_color;    // the colour the words gave ("the white queen")
    int file = -1;                       // FileSubject
    std::vector<int> files;              // FileSubject: every file named ("the b- and e-files")
    bool both = false, neither = false;  // SideSubject: "both sides" / "neither side"
    bool plural = false;                 // PieceSubject: "Black's rooks" (placement only)
    std::string error;  // a piece the words do not pin down ("the queen" with two queens)
    std::vector<SubClaim> implicit;  // facts the wording itself asserts ("the knight on f3")
};

// A reference to a piece or a square.
struct Ref {
    Square square = NoSquare;
    PieceType piece = NoPieceType;  // NoPieceType: a bare square
    std::optional<Color> color;     // named in the words
    std::vector<SubClaim> implicit;
    std::string error;
    Bitboard candidates = 0;              // with an ambiguity error: the pieces it may mean
    std::vector<std::string> adjectives;  // facts stated about it ("pinned", "loose")
};

// One counted piece in a list ("two bishops").
struct PieceItem {
    int count = 0;
    bool article = false;  // counted by "a"/"an"
    PieceType piece = NoPieceType;
};

class SentenceReader {
public:
    SentenceReader(const Position& root, std::optional<Move> played, ReadSentence& out)
        : root_(root), played_(played), out_(out) {}

    // Fills out's context, claims and unread clauses.
    void read();
    // The piece the sentence before (ending in ';', read in `context`) spoke of: an "it" that
    // opens this sentence means it when the context is the same.
    void carry(const Subject& s, const std::vector<std::string>& context) {
        carried_ = s;
        carried_context_ = context;
    }
    // The last piece subject read, if any.
    const std::optional<Subject>& last_subject() const { return last_subject_; }

private:
    // ---- reader_sentence.cpp ----
    void unread(std::string why);
    void finish();
    Subject played_subject() const;
    bool context(std::size_t& i);
    Position position_after(const std::vector<std::string>& moves);

    // ---- reader_subjects.cpp ----
    bool subject(std::size_t& j, Subject& s);
    bool move_subject(std::size_t& j, Subject& s);
    bool piece_ref(std::size_t& k, std::optional<Color> side, Ref& r);
    bool piece_ref_after(const std::vector<std::string>& moves, std::size_t& k,
                         std::optional<Color> side, Ref& r);
    bool adjectives_hold(Square sq, const std::vector<std::string>& adjectives) const;
    SubClaim adjective_claim(Square sq, const std::string& a) const;
    bool resolve(Ref& r, Bitboard fits, bool neg);
    void modifiers(std::size_t& i, std::size_t end, bool& negated);

    // ---- reader_clauses.cpp ----
    bool starts_clause(std::size_t k) const;
    void clauses(std::size_t i);
    void read_clause(std::size_t start, std::size_t end, Subject& cur, bool& have);
    bool read_clause_once(std::size_t start, std::size_t end, Subject& cur, bool& have);
    bool takes_pieces(std::size_t a, std::size_t b) const;
    bool elliptic_placement(std::size_t k) const;
    bool there_clause(std::size_t i, std::size_t end);
    bool nothing_clause(std::size_t i, std::size_t end);
    bool each_clause(std::size_t i, std::size_t end);
    bool square_list(std::size_t k, std::size_t end, std::vector<Square>& out) const;
    bool filler(std::size_t i, std::size_t end) const;
    bool clause(std::size_t i, std::size_t end, const Subject& s);
    std::vector<std::string> after_subject(const Subject& s) const;
    std::vector<std::string> move_ctx(const Subject& s) const;
    void add(SubClaim c) { claims_.push_back(std::move(c)); }
    void add_implicit(const std::vector<SubClaim>& v);
    bool has(std::size_t i, std::size_t end, std::initializer_list<const char*> ws) const;
    bool fail_ref(const Ref& r);
    bool illegal_subject(const Subject& s, const std::vector<std::string>& mctx);
    static std::vector<SubClaim> moved_implicit(std::vector<SubClaim> v,
                                                const std::vector<std::string>& moves);
    std::string text_of(std::size_t a, std::size_t b) const;

    // ---- reader_moves.cpp ----
    bool quality(std::size_t i, std::size_t end, const Subject& s, bool negated);
    bool only_move_sentence(std::size_t i, std::size_t end);
    bool check_clause(std::size_t i, std::size_t end, const Subject& s, bool neg);
    bool move_effect_clause(std::size_t i, std::size_t end, const Subject& s, bool neg);
    bool line_clause(std::size_t i, std::size_t end, const Subject& s, bool neg);
    std::optional<int> mate_moves(std::size_t& k, std::size_t end) const;
    bool loses_clause(std::size_t i, std::size_t end, const Subject& s, bool neg);
    bool discovers_clause(std::size_t i, std::size_t end, const Subject& s, bool neg);
    bool side_mate_clause(std::size_t i, std::size_t end, const Subject& s, bool neg);
    bool chances_clause(std::size_t i, std::size_t end, const Subject& s, bool neg);

    // ---- reader_material.cpp ----
    bool material_clause(std::size_t i, std::size_t end, const Subject& s, bool neg);

    // ---- reader_pieces.cpp ----
    bool threat_clause(std::size_t i, std::size_t end, const Subject& s, bool neg);
    bool relation_clause(std::size_t i, std::size_t end, const Subject& s, bool neg);
    bool piece_state_clause(std::size_t i, std::size_t end, const Subject& s, bool neg);
    bool placement_clause(std::size_t i, std::size_t end, const Subject& s, bool neg);

    // ---- reader_ideas.cpp ----
    bool idea_clause(std::size_t i, std::size_t end, const Subject& s, bool neg);
    bool match_phrase(std::size_t i, std::size_t end, const std::string& phrase,
                      IdeaSlots& slots) const;

    // ---- reader_sides.cpp ----
    bool side_clause(std::size_t i, std::size_t end, const Subject& s, bool neg);
    bool material_balance(std::size_t i, std::size_t end, Color side, bool neg);
    bool has_clause(std::size_t i, std::size_t end, Color side, bool neg);
    bool side_has_other(std::size_t i, std::size_t end, Color side, bool neg);
    bool piece_item(std::size_t& k, std::size_t end, Color side, PieceItem& item);
    bool piece_list(std::size_t i, std::size_t end, Color side, bool neg);
    bool file_clause(std::size_t i, std::size_t end, const Subject& s, bool neg);
    bool level_clause(std::size_t i, std::size_t end, bool neg);

    const Position& root_;
    std::optional<Move> played_;
    ReadSentence& out_;
    std::vector<Word> words_;
    std::vector<std::string> base_, ctx_;
    bool ctx_legal_ = true;
    Position pos_;
    std::vector<SubClaim> claims_;
    std::string with_move_;         // "With Nxe5, White ...": the move a side subject plays
    Square last_obj_ = NoSquare;    // the piece last named ("pins it")
    bool only_ = false;             // the clause began with "only" ("Only the king defends ...")
    bool must_ = false;             // the verb came after "must"
    std::vector<Subject> pending_;  // moves listed before a shared verb ("Bc7+ and Be7+ both")
    std::optional<Subject> carried_, last_subject_;
    std::vector<std::string> carried_context_;
    Square moved_sq_ = NoSquare;  // where the context's last move ended
    bool in_clause_ = false;      // unread() then fails the clause only
    std::string clause_reason_;   // why the current clause is not read
};

}  // namespace glossfish::verifier
