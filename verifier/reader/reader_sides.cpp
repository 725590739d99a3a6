// Sides, files and material: "White is up a pawn", "material is level", "White has two
// bishops", "Black has a knight on f3", "White has a passed pawn", "the e-file is half-open".
#include <algorithm>

#include "reader/reader_sentence.h"
#include "tools/tool_json.h"

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

// An amount of material in words.
struct Amount {
    int points = 0;
    bool pieces = false;  // named in pieces ("a piece", "the exchange"), not pawns or points
};

// "[a | two | the] pawn(s)", "ten points" at words_[k, end): the amount, advancing k.
std::optional<Amount> amount_at(const std::vector<Word>& words, std::size_t& k, std::size_t end) {
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
    if (words[q].low == "points" || (words[q].low == "point" && n == 1)) {
        k = q + 1;
        return Amount{n, false};
    }
    auto p = unit_points(words[q].low);
    if (!p) return std::nullopt;
    const bool pieces = *p > 1;
    ++q;
    if (q < end && words[q].low == "piece" && *p == 3) ++q;  // "a minor piece"
    k = q;
    return Amount{n * *p, pieces};
}

}  // namespace

// A side's clause other than possession: material balance ("is up a pawn", "is a piece
// down", "is ahead in material"), mates ("mates in two with Qf6+", "mates with Rd8").
bool SentenceReader::side_clause(std::size_t i, std::size_t end, const Subject& s, bool neg) {
    return material_balance(i, end, s.color, neg) || side_mate_clause(i, end, s, neg);
}

// "up a pawn", "a pawn up", "ahead in material", "down the exchange", "behind in material",
// "leads in material", "ten points down", "up a piece for two pawns": material_lead for the
// side ahead. Pawns and points are exact; pieces count pieces apart from pawns, which may be
// given back ("for two pawns").
bool SentenceReader::material_balance(std::size_t i, std::size_t end, Color side, bool neg) {
    auto dir_of = [](const std::string& w) -> int {
        if (w == "up" || w == "ahead" || w == "leads" || w == "lead") return 1;
        if (w == "down" || w == "behind" || w == "trails") return -1;
        return 0;
    };
    std::size_t k = i;
    int dir = 0;
    std::optional<Amount> amount;
    bool in_material = false;
    if ((dir = dir_of(words_[k].low)) != 0) {
        ++k;
        std::size_t q = k;
        if (auto p = amount_at(words_, q, end)) {
            amount = p;
            k = q;
        }
        if (k < end && (words_[k].low == "in" || words_[k].low == "on") && k + 1 < end &&
            words_[k + 1].low == "material") {
            in_material = true;
            k += 2;
        } else if (k < end && words_[k].low == "material" && !amount) {
            in_material = true;
            ++k;
        }
    } else {
        std::size_t q = k;
        amount = amount_at(words_, q, end);
        if (!amount || q >= end || (dir = dir_of(words_[q].low)) == 0) return false;
        k = q + 1;
    }
    // "... for two pawns": pawns given back for the pieces.
    std::optional<int> for_pawns;
    if (amount && amount->pieces && k + 1 < end && words_[k].low == "for") {
        std::size_t q = k + 1;
        int n = 1;
        if (auto c = number_word(words_[q].low); c && *c > 0 && q + 1 < end) {
            n = *c;
            ++q;
        }
        if (words_[q].low != "pawn" && words_[q].low != "pawns") return false;
        for_pawns = n;
        k = q + 1;
    }
    if (k != end || (!amount && !in_material)) return false;
    json args = {{"color", color_word(dir > 0 ? side : ~side)}};
    if (amount) {
        args["points"] = amount->points;
        if (amount->pieces) args["pieces"] = true;
        if (for_pawns) args["for_pawns"] = dir > 0 ? *for_pawns : 0;
        if (for_pawns && dir < 0) return false;  // "a piece down for two pawns": not read
    }
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
        // "a huge material advantage": at least a piece.
        bool big = false;
        if (q < end &&
            (words_[q].low == "huge" || words_[q].low == "big" || words_[q].low == "large" ||
             words_[q].low == "decisive" || words_[q].low == "overwhelming" ||
             words_[q].low == "considerable" || words_[q].low == "clear")) {
            big = words_[q].low != "clear";
            ++q;
        }
        if (q + 2 == end && words_[q].low == "material" &&
            (words_[q + 1].low == "advantage" || words_[q + 1].low == "edge" ||
             words_[q + 1].low == "lead")) {
            json args = {{"color", color}};
            if (big) args["min"] = 3;
            add(make_claim("material_lead", args, ctx_, neg));
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
    if (side_has_other(k, end, side, neg)) return true;
    if (piece_list(k, end, side, neg)) return true;
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
    if (!square_list(k, end, squares)) return false;
    if (squares.empty() || (!at_least && *count >= 0 && int(squares.size()) != *count))
        return false;
    for (Square sq : squares)
        add(make_claim(
            "occupies",
            {{"square", square_name(sq)}, {"piece", piece_type_word(*pt)}, {"color", color}},
            ctx_));
    return true;
}

// What else a side has: "mate in two", "a forced mate", "no threats", "nine legal moves",
// "only one legal move", "a passed d-pawn".
bool SentenceReader::side_has_other(std::size_t i, std::size_t end, Color side, bool neg) {
    std::size_t k = i;
    const bool to_move = pos_.side_to_move() == side;
    const std::string color = color_word(side);
    auto not_to_move = [&](const char* what) {
        unread(std::string(to_move ? "it is " : "it is not ") + color + "'s move there: " + what);
        return true;
    };
    if (k < end && (words_[k].low == "a" || words_[k].low == "an")) ++k;
    // "mate in two", "a forced mate".
    if (k + 3 == end && words_[k].low == "mate" && words_[k + 1].low == "in") {
        auto n = number_word(words_[k + 2].low);
        if (!n || *n < 1) return false;
        if (!to_move) return not_to_move("a mate is the side to move's");
        add(make_claim("mate_in", {{"moves", *n}}, ctx_, neg));
        return true;
    }
    if (k + 2 == end && words_[k].low == "forced" && words_[k + 1].low == "mate") {
        if (!to_move) return not_to_move("a mate is the side to move's");
        add(make_claim("mate_in", json::object(), ctx_, neg));
        return true;
    }
    // "no threats", "no threat".
    if (k == i && k + 2 == end && words_[k].low == "no" &&
        (words_[k + 1].low == "threats" || words_[k + 1].low == "threat")) {
        if (to_move) return not_to_move("a threat is a move of the side not to move");
        add(make_claim("threatens", json::object(), ctx_, !neg));
        return true;
    }
    // "nine legal moves", "only one legal move".
    {
        std::size_t q = i;
        if (q < end && words_[q].low == "only") ++q;
        if (q + 3 == end && (words_[q + 2].low == "moves" || words_[q + 2].low == "move") &&
            words_[q + 1].low == "legal") {
            auto n = number_word(words_[q].low);
            if (!n || words_[q].low == "a" || words_[q].low == "an") return false;
            if (!to_move) return not_to_move("only the side to move has legal moves");
            add(make_claim("legal_moves", {{"count", *n}}, ctx_, neg));
            return true;
        }
    }
    // "a passed d-pawn".
    if (k + 2 == end && k > i && words_[k].low == "passed" && words_[k + 1].low.size() == 6 &&
        words_[k + 1].low.substr(1) == "-pawn") {
        const int file = words_[k + 1].low[0] - 'a';
        if (file < 0 || file > 7) return false;
        Bitboard b = pos_.pieces(Pawn, side) & file_bb(file);
        if (popcount(b) != 1) {
            unread(b ? "\"" + words_[k + 1].low + "\" is ambiguous: name its square"
                     : "there is no " + color + " " + words_[k + 1].low);
            return true;
        }
        add(make_claim("passed_pawn", {{"square", square_name(lsb(b))}}, ctx_, neg));
        return true;
    }
    return false;
}

// One item of a piece list: "two bishops", "a knight", "no rooks".
bool SentenceReader::piece_item(std::size_t& k, std::size_t end, Color side, PieceItem& item) {
    std::size_t q = k;
    if (q >= end) return false;
    if (words_[q].low == "both") {
        item.count = 2;
        ++q;
    } else if (auto c = number_word(words_[q].low)) {
        item.count = *c;
        item.article = words_[q].low == "a" || words_[q].low == "an";
        ++q;
    } else {
        return false;
    }
    if (q < end && color_word_of(words_[q].low)) {
        if (*color_word_of(words_[q].low) != side) return false;
        ++q;
    }
    if (q >= end) return false;
    std::optional<PieceType> pt =
        item.count == 1 ? piece_word(words_[q].low) : pieces_word(words_[q].low);
    if (!pt && item.count == 0) pt = piece_word(words_[q].low);
    if (!pt) return false;
    item.piece = *pt;
    k = q + 1;
    return true;
}

// Lists of pieces: "two knights and a bishop", "a queen, two rooks and two bishops", "no
// knights left", "two bishops against a bishop and two knights", "seven pawns to Black's five".
// In a list, "a" is exactly one; a lone "a knight" is left to the forms below (at least one).
bool SentenceReader::piece_list(std::size_t i, std::size_t end, Color side, bool neg) {
    auto items_at = [&](std::size_t& k, Color c, std::vector<PieceItem>& items) {
        while (k < end) {
            PieceItem item;
            std::size_t q = k;
            if (!piece_item(q, end, c, item)) return !items.empty();
            items.push_back(item);
            k = q;
            if (k < end && words_[k].low == "and") {
                ++k;
            } else if (!words_[k - 1].comma) {
                break;
            }
        }
        return !items.empty();
    };
    std::size_t k = i;
    std::vector<PieceItem> ours, theirs;
    if (k < end && words_[k].low == "only") ++k;
    if (!items_at(k, side, ours)) return false;
    bool listed = ours.size() > 1;
    if (k < end && (words_[k].low == "left" || words_[k].low == "remaining")) {
        ++k;
        listed = listed || ours[0].count == 0;
    }
    if (k < end &&
        (words_[k].low == "against" || words_[k].low == "versus" || words_[k].low == "vs")) {
        ++k;
        if (!items_at(k, ~side, theirs)) {
            // A bare list: "against queen, rook, bishop and knight" (one of each).
            while (k < end) {
                auto pt = piece_word(words_[k].low);
                if (!pt) return false;
                theirs.push_back({1, true, *pt});
                ++k;
                if (k < end && words_[k].low == "and") ++k;
                else if (!words_[k - 1].comma) break;
            }
        }
        listed = true;
    } else if (k + 3 == end && words_[k].low == "to" && ours.size() == 1 &&
               color_word_of(words_[k + 1].low) == ~side) {
        // "seven pawns to Black's five"
        auto n = number_word(words_[k + 2].low);
        if (!n || words_[k + 1].low.back() != 's') return false;
        theirs.push_back({*n, false, ours[0].piece});
        k = end;
        listed = true;
    }
    if (k != end || !listed) return false;
    if (neg && ours.size() + theirs.size() > 1) return false;  // "does not have A and B": unclear
    auto emit = [&](const std::vector<PieceItem>& items, Color c) {
        for (const PieceItem& it : items)
            add(make_claim("piece_count",
                           {{"color", color_word(c)},
                            {"piece", piece_type_word(it.piece)},
                            {"count", it.count}},
                           ctx_, neg));
    };
    emit(ours, side);
    emit(theirs, ~side);
    return true;
}

// "The e-file is open / half-open (for White) / closed / open for White"; a list of files
// ("the b- and e-files are open") says it of each.
bool SentenceReader::file_clause(std::size_t i, std::size_t end, const Subject& s, bool neg) {
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
    if (w == "closed" && for_side) return false;
    const std::vector<int> files = s.files.empty() ? std::vector<int>{s.file} : s.files;
    for (int f : files) {
        const std::string file(1, char('a' + f));
        json args = {{"file", file}};
        if (w != "open") args["status"] = half ? "half_open" : "closed";
        if (for_side) args["color"] = color_word(*for_side);
        add(make_claim(w == "open" ? "open_file" : "file_status", args, ctx_, neg));
    }
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
