// Sides, files and material: "White is up a pawn", "material is level", "White has two
// bishops", "Black has a knight on f3", "White has a passed pawn", "the e-file is half-open".
#include <algorithm>

#include "reader_sentence.h"
#include "tool_json.h"

namespace glossfish::verifier {

using nlohmann::json;

namespace {

// Points of a unit of material in words: pawn 1, knight/bishop/piece 3, exchange 2, rook 5,
// queen 9.
std::optional<int> unit_points(std::string_view w) {
    if (w == "pawn" || w == "pawns") return 1;
    if (w == "exchange") return 2;
    if (w == "knight" || w == "knights" || w == "bishop" || w == "bishops" || w == "piece" ||
        w == "pieces" || w == "minor")
        return 3;
    if (w == "rook" || w == "rooks") return 5;
    if (w == "queen" || w == "queens") return 9;
    return std::nullopt;
}

// "[a | two | the] pawn(s)" at words_[k, end): the points, advancing k.
std::optional<int> amount_at(const std::vector<Word>& words, std::size_t& k, std::size_t end) {
    std::size_t q = k;
    int n = 1;
    if (q < end && words[q].low == "the") ++q;
    else if (q < end) {
        if (auto c = number_word(words[q].low); c && *c > 0) {
            n = *c;
            ++q;
        }
    }
    if (q < end && words[q].low == "whole") ++q;
    if (q >= end) return std::nullopt;
    auto p = unit_points(words[q].low);
    if (!p) return std::nullopt;
    ++q;
    if (q < end && words[q].low == "piece" && *p == 3) ++q;  // "a minor piece"
    k = q;
    return n * *p;
}

}  // namespace

// A side's clause other than possession: material balance ("is up a pawn", "is a piece
// down", "is ahead in material").
bool SentenceReader::side_clause(std::size_t i, std::size_t end, const Subject& s, bool neg) {
    return material_balance(i, end, s.color, neg);
}

// "up a pawn", "a pawn up", "ahead in material", "down the exchange", "behind in material",
// "leads in material": material_lead for the side ahead (points when an amount is named).
bool SentenceReader::material_balance(std::size_t i, std::size_t end, Color side, bool neg) {
    auto dir_of = [](const std::string& w) -> int {
        if (w == "up" || w == "ahead" || w == "leads" || w == "lead") return 1;
        if (w == "down" || w == "behind" || w == "trails") return -1;
        return 0;
    };
    std::size_t k = i;
    int dir = 0;
    std::optional<int> points;
    bool in_material = false;
    if ((dir = dir_of(words_[k].low)) != 0) {
        ++k;
        std::size_t q = k;
        if (auto p = amount_at(words_, q, end)) {
            points = p;
            k = q;
        }
        if (k < end && (words_[k].low == "in" || words_[k].low == "on") && k + 1 < end &&
            words_[k + 1].low == "material") {
            in_material = true;
            k += 2;
        } else if (k < end && words_[k].low == "material" && !points) {
            in_material = true;
            ++k;
        }
    } else {
        std::size_t q = k;
        points = amount_at(words_, q, end);
        if (!points || q >= end || (dir = dir_of(words_[q].low)) == 0) return false;
        k = q + 1;
    }
    if (k != end || (!points && !in_material)) return false;
    json args = {{"color", color_word(dir > 0 ? side : ~side)}};
    if (points) args["points"] = *points;
    add(make_claim("material_lead", args, ctx_, neg));
    return true;
}

// What a side has: material ("an extra pawn", "more material", "a material advantage"),
// passed pawns, pieces ("two bishops", "no queen", "a knight on f3", "knights on c3 and f3").
bool SentenceReader::has_clause(std::size_t i, std::size_t end, Color side, bool neg) {
    const std::string color = color_word(side);
    std::size_t k = i;
    // Material.
    {
        std::size_t q = k;
        if (q < end && (words_[q].low == "a" || words_[q].low == "an" || words_[q].low == "the"))
            ++q;
        if (q + 2 == end && words_[q].low == "material" &&
            (words_[q + 1].low == "advantage" || words_[q + 1].low == "edge" ||
             words_[q + 1].low == "lead")) {
            add(make_claim("material_lead", {{"color", color}}, ctx_, neg));
            return true;
        }
        if (q + 2 == end && (words_[q].low == "more" || words_[q].low == "extra") &&
            words_[q + 1].low == "material") {
            add(make_claim("material_lead", {{"color", color}}, ctx_, neg));
            return true;
        }
        // "an extra pawn", "two extra pawns", "an extra piece".
        std::size_t z = k;
        int n = 1;
        if (z < end) {
            if (auto c = number_word(words_[z].low); c && *c > 0) {
                n = *c;
                ++z;
            }
        }
        if (z + 2 == end && words_[z].low == "extra") {
            if (auto p = unit_points(words_[z + 1].low)) {
                add(make_claim("material_lead", {{"color", color}, {"points", n * *p}}, ctx_, neg));
                return true;
            }
        }
    }
    // How many: "a", "two", "no", "only one", "both".
    std::optional<int> count;
    bool at_least = false;
    if (k < end && words_[k].low == "only") ++k;
    if (k < end && words_[k].low == "both") {
        count = 2;
        ++k;
    } else if (k < end && (words_[k].low == "a" || words_[k].low == "an")) {
        count = 1;
        at_least = true;
        ++k;
    } else if (k < end) {
        if (auto c = number_word(words_[k].low)) {
            count = *c;
            ++k;
        }
    }
    // "knights on b1 and g1": as many as the squares named.
    if (!count && k + 1 < end && pieces_word(words_[k].low) && words_[k + 1].low == "on")
        count = -1;
    if (!count) return false;
    if (k < end && color_word_of(words_[k].low)) {
        if (*color_word_of(words_[k].low) != side) return false;
        ++k;
    }
    // Passed pawns.
    if (k < end &&
        (words_[k].low == "passed" || words_[k].low == "passer" || words_[k].low == "passers")) {
        if (words_[k].low == "passed") {
            ++k;
            if (k >= end || (words_[k].low != "pawn" && words_[k].low != "pawns")) return false;
        }
        ++k;
        if (k + 2 == end && words_[k].low == "on" && *count == 1 &&
            parse_square(words_[k + 1].low) != NoSquare) {
            const std::string sq = square_name(parse_square(words_[k + 1].low));
            add(make_claim("occupies", {{"square", sq}, {"piece", "pawn"}, {"color", color}}, ctx_,
                           neg));
            add(make_claim("passed_pawn", {{"square", sq}}, ctx_, neg));
            return true;
        }
        if (k != end) return false;
        json args = {{"color", color}};
        if (!at_least) args["count"] = *count;
        add(make_claim("passed_pawn", args, ctx_, neg));
        return true;
    }
    // Pieces.
    std::optional<PieceType> pt;
    if (k < end) pt = *count == 1 ? piece_word(words_[k].low) : pieces_word(words_[k].low);
    if (!pt && k < end && *count != 1) pt = piece_word(words_[k].low);  // "no queen"
    if (!pt && k < end && *count == 0) pt = pieces_word(words_[k].low);
    if (!pt) return false;
    ++k;
    if (k == end) {
        json args = {{"color", color}, {"piece", piece_type_word(*pt)}};
        args[at_least ? "min" : "count"] = *count;
        add(make_claim("piece_count", args, ctx_, neg));
        return true;
    }
    // "on f3", "on c3 and f3": each square holds one.
    if (words_[k].low != "on" || *count == 0 || neg) return false;
    ++k;
    std::vector<Square> squares;
    for (; k < end; ++k) {
        if (words_[k].low == "and") continue;
        Square sq = parse_square(words_[k].low);
        if (sq == NoSquare) return false;
        squares.push_back(sq);
    }
    if (squares.empty() || (!at_least && *count >= 0 && int(squares.size()) != *count))
        return false;
    for (Square sq : squares)
        add(make_claim(
            "occupies",
            {{"square", square_name(sq)}, {"piece", piece_type_word(*pt)}, {"color", color}},
            ctx_));
    return true;
}

// "The e-file is open / half-open (for White) / closed / open for White".
bool SentenceReader::file_clause(std::size_t i, std::size_t end, const Subject& s, bool neg) {
    const std::string file(1, char('a' + s.file));
    std::size_t k = i;
    const std::string& w = words_[k].low;
    const bool half = w == "half-open" || w == "semi-open";
    if (w != "open" && w != "closed" && !half) return false;
    ++k;
    std::optional<Color> for_side;
    if (k + 2 == end && words_[k].low == "for" && color_word_of(words_[k + 1].low)) {
        for_side = color_word_of(words_[k + 1].low);
        k += 2;
    }
    if (k != end) return false;
    if (w == "open") {
        json args = {{"file", file}};
        if (for_side) args["color"] = color_word(*for_side);
        add(make_claim("open_file", args, ctx_, neg));
        return true;
    }
    if (w == "closed" && for_side) return false;
    json args = {{"file", file}, {"status", half ? "half_open" : "closed"}};
    if (for_side) args["color"] = color_word(*for_side);
    add(make_claim("file_status", args, ctx_, neg));
    return true;
}

// "Material is level / equal / even / balanced".
bool SentenceReader::level_clause(std::size_t i, std::size_t end, bool neg) {
    const std::string& w = words_[i].low;
    if (i + 1 != end || (w != "level" && w != "equal" && w != "even" && w != "balanced"))
        return false;
    add(make_claim("material_lead", json::object(), ctx_, neg));
    return true;
}

}  // namespace glossfish::verifier
