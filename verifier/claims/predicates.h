// The predicate table behind claims.h: each predicate's declaration (PredicateInfo) with its
// arguments and their kinds, for the claims reader and the evaluator. Internal to claims/.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "claims/claims.h"

namespace glossfish::verifier::claims_detail {

enum class ArgKind {
    Square,
    File,
    Color,
    Piece,
    Move,
    Squares,
    Label,
    StanceWord,
    Scheme,
    Amount,
    CheckWord,
    Count,
    Flag,
    FileStatusWord,
    WeaknessWord,
    Percent,
    WingWord,
    LineWord,
    CaptureWord
};

struct PArg {
    const char* name;
    ArgKind kind;
    bool required;
};

struct PredicateSpec {
    PredicateInfo info;
    std::vector<PArg> args;
    std::vector<const char*> any_of;  // at least one of these must be given
};

// Every predicate with its arguments, in documentation order.
const std::vector<PredicateSpec>& specs();
// The predicate named name, or null.
const PredicateSpec* find_spec(std::string_view name);
// A quality label word ("good" … "blunder").
std::optional<QualityLabel> parse_label(std::string_view t);
// A piece type word ("pawn" … "king").
std::optional<PieceType> parse_piece_word(std::string_view t);

}  // namespace glossfish::verifier::claims_detail
