// Static structure queries: material counts, file status and pawn-structure features.
#pragma once

#include "rules/position.h"
#include "rules/types.h"

namespace glossfish {

// The pieces of one side (kings not counted) and their worth in points: P1 N3 B3 R5 Q9.
struct Material {
    int pawns = 0, knights = 0, bishops = 0, rooks = 0, queens = 0;
    int points = 0;
};

// The material of colour c.
Material material(const Position& pos, Color c);

// White's points minus Black's points (P1 N3 B3 R5 Q9).
int material_balance(const Position& pos);

// The pawns on a file. "Half-open for White" means White can use it: no white pawns there,
// but black ones.
enum class FileStatus { Open, HalfOpenWhite, HalfOpenBlack, Closed };

// The status of file 0 (a) … 7 (h).
FileStatus file_status(const Position& pos, int file);

// "open", "half_open_white", "half_open_black" or "closed".
const char* file_status_name(FileStatus status);

// Pawn features of one colour, each a set of squares of that colour's pawns. "In front" and
// "behind" are seen from the pawn's own side.
//   passed:   no enemy pawn in front of it on its own or an adjacent file (enemy pawns level
//             with it or behind do not count).
//   isolated: no own pawn on an adjacent file, on any rank.
//   doubled:  another own pawn on the same file; every pawn of a file holding two or more own
//             pawns is marked, the front one included.
//   backward: not isolated, no own pawn on an adjacent file level with it or behind (so no
//             pawn can come up to support it), and its stop square (one ahead) is attacked by
//             an enemy pawn. Such an enemy pawn stands in front on an adjacent file, so a
//             backward pawn is never passed.
struct PawnStructure {
    Bitboard passed = 0, isolated = 0, doubled = 0, backward = 0;
};

// The pawn structure of colour c.
PawnStructure pawn_structure(const Position& pos, Color c);

}  // namespace glossfish
