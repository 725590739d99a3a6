// The relation reader (chains.h): a sentence split at its connectives into propositions and the
// directed relations the connectives state. Text only; the position is not needed here.
#include <algorithm>
#include <cctype>

#include "io/text.h"
#include "judge/chains.h"

namespace glossfish::verifier {

namespace {

constexpr std::size_t MaxRelationText = 4000;
constexpr std::size_t MaxSegments = 32;

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '\''; }

// How a connective links the text around it.
enum class Role {
    Forward,   // "A so B": A -> B
    Backward,  // "A if B": B -> A
    Previous,  // opening the unit: the text before -> this unit
    Lead,      // "after/if A, B": A -> B; "since/because A, B": B -> A
};

struct Connective {
    const char* words;
    Relation relation;
    bool infix;    // may stand inside the unit
    bool opening;  // may open the unit
};

// Longer spellings first: the first that matches at a word start wins.
constexpr Connective Connectives[] = {
    {"as a result of", Relation::Reason, true, true},
    {"as a result", Relation::Cause, true, true},
    {"as a consequence", Relation::Cause, true, true},
    {"because of", Relation::Reason, true, true},
    {"because", Relation::Reason, true, true},
    {"since", Relation::Reason, true, true},
    {"therefore", Relation::Cause, true, true},
    {"thus", Relation::Cause, true, true},
    {"hence", Relation::Cause, true, true},
    {"so", Relation::Cause, true, true},
    {"however", Relation::Contrast, true, true},
    {"but", Relation::Contrast, true, true},
    {"although", Relation::Contrast, true, false},
    {"which is why", Relation::Cause, true, false},
    {"which means that", Relation::Cause, true, false},
    {"which means", Relation::Cause, true, false},
    {"which", Relation::Elaboration, true, false},
    {"after", Relation::Condition, false, true},
    {"if", Relation::Condition, true, true},
    {"when", Relation::Condition, false, true},
};

// Words after "so" that make it an adverb ("so that", "so far", "so strong"), not a connective.
bool so_is_adverb(std::string_view next, std::string_view prev) {
    static constexpr std::string_view After[] = {"that",   "far",  "much", "many",  "good",  "well",
                                                 "strong", "bad",  "weak", "on",    "as",    "long",
                                                 "few",    "easy", "hard", "often", "called"};
    static constexpr std::string_view Before[] = {"not",   "is",   "are",  "was", "were", "be",
                                                  "quite", "even", "just", "or",  "and"};
    for (auto w : After)
        if (next == w) return true;
    for (auto w : Before)
        if (prev == w) return true;
    return false;
}

std::string_view word_at(std::string_view s, std::size_t i) {
    std::size_t j = i;
    while (j < s.size() && word_char(s[j])) ++j;
    return s.substr(i, j - i);
}

std::string_view word_before(std::string_view s, std::size_t i) {
    std::size_t j = i;
    while (j > 0 && !word_char(s[j - 1])) --j;
    std::size_t k = j;
    while (k > 0 && word_char(s[k - 1])) --k;
    return s.substr(k, j - k);
}

struct Marker {
    std::size_t pos = 0, len = 0;
    Relation relation = Relation::Cause;
    Role role = Role::Forward;
    std::string words;
    bool split = false;  // the comma that ends a leading clause (no link of its own)
};

// Strips spaces, edge punctuation and leading "and"/"then" from a segment.
std::string trim_segment(std::string_view s) {
    auto is_edge = [](char c) {
        return std::isspace(static_cast<unsigned char>(c)) || c == ',' || c == ';' || c == ':' ||
               c == '-' || c == '.' || c == '(' || c == ')';
    };
    for (;;) {
        std::size_t b = 0, e = s.size();
        while (b < e && is_edge(s[b])) ++b;
        while (e > b && is_edge(s[e - 1])) --e;
        s = s.substr(b, e - b);
        bool changed = false;
        for (std::string_view w : {"and ", "then ", "also "}) {
            if (s.size() > w.size() && iequals(s.substr(0, w.size()), w)) {
                s.remove_prefix(w.size());
                changed = true;
            }
        }
        if (s.size() > 4 && iequals(s.substr(s.size() - 4), " and")) {
            s.remove_suffix(4);
            changed = true;
        }
        if (!changed) break;
    }
    return std::string(s);
}

}  // namespace

const char* relation_name(Relation r) {
    switch (r) {
    case Relation::Cause: return "CAUSE";
    case Relation::Reason: return "REASON";
    case Relation::Condition: return "CONDITION";
    case Relation::Contrast: return "CONTRAST";
    case Relation::Elaboration: return "ELABORATION";
    }
    return "CAUSE";
}

std::optional<Relation> parse_relation(std::string_view text) {
    for (Relation r : {Relation::Cause, Relation::Reason, Relation::Condition, Relation::Contrast,
                       Relation::Elaboration})
        if (iequals(text, relation_name(r))) return r;
    return std::nullopt;
}

RelationReading read_relations(std::string_view input) {
    const std::string_view text = input.substr(0, std::min(input.size(), MaxRelationText));
    const std::string low = lower(text);
    std::size_t first = 0;
    while (first < low.size() && !word_char(low[first])) ++first;

    std::vector<Marker> markers;
    for (std::size_t i = first; i < low.size() && markers.size() + 1 < MaxSegments;) {
        if (!word_char(low[i]) || (i > 0 && word_char(low[i - 1]))) {
            ++i;
            continue;
        }
        const bool opening = i == first;
        bool found = false;
        for (const Connective& c : Connectives) {
            const std::string_view w = c.words;
            if (low.compare(i, w.size(), w) != 0) continue;
            if (i + w.size() < low.size() && word_char(low[i + w.size()])) continue;
            if (opening ? !c.opening : !c.infix) continue;
            if (w == "so" &&
                so_is_adverb(word_at(low, std::min(low.size(), i + 3)), word_before(low, i)))
                continue;
            if (w == "which" && word_before(low, i).empty()) continue;
            Marker m;
            m.pos = i;
            m.len = w.size();
            m.relation = c.relation;
            m.words = std::string(w);
            if (opening) {
                const bool leads = c.relation == Relation::Condition || w == "because" ||
                                   w == "because of" || w == "since" || w == "as a result of";
                m.role = leads ? Role::Lead : Role::Previous;
            } else {
                m.role = c.relation == Relation::Condition ? Role::Backward : Role::Forward;
            }
            markers.push_back(m);
            i += w.size();
            found = true;
            break;
        }
        if (!found) ++i;
    }

    RelationReading out;
    // A leading "after/if/since/because" clause ends at the first comma after it.
    std::optional<Marker> lead;
    if (!markers.empty() && markers.front().role == Role::Lead) {
        const Marker& m = markers.front();
        const std::size_t comma = low.find(',', m.pos + m.len);
        if (comma == std::string::npos) {
            markers.erase(markers.begin());  // no clause boundary: read the unit whole
        } else {
            lead = m;
            Marker split;
            split.pos = comma;
            split.len = 1;
            split.split = true;
            // Markers inside the leading clause are not connectives of this unit.
            markers.erase(std::remove_if(markers.begin() + 1, markers.end(),
                                         [&](const Marker& x) { return x.pos < comma; }),
                          markers.end());
            markers.insert(markers.begin() + 1, split);
            if (markers.size() + 1 > MaxSegments) markers.pop_back();
        }
    }

    // Raw segments between the markers; each marker links the segment before and after it.
    std::vector<std::string> raw;
    std::size_t start = 0;
    for (const Marker& m : markers) {
        raw.push_back(trim_segment(std::string_view(text).substr(start, m.pos - start)));
        start = m.pos + m.len;
    }
    raw.push_back(trim_segment(std::string_view(text).substr(start)));

    std::vector<TextLink> links;
    std::string frame;
    std::size_t framed_from = 0;
    for (std::size_t k = 0; k < markers.size(); ++k) {
        const Marker& m = markers[k];
        const int before = int(k), after = int(k) + 1;
        if (m.split) {
            if (!lead) continue;
            if (lead->relation == Relation::Condition) {
                links.push_back({before, after, Relation::Condition, lead->words});
                frame = raw[std::size_t(before)];
                framed_from = std::size_t(after);
            } else {  // since/because X, Y: Y holds for the reason X
                links.push_back({after, before, Relation::Reason, lead->words});
            }
            continue;
        }
        switch (m.role) {
        case Role::Lead: break;  // linked at its split
        case Role::Previous: links.push_back({-1, after, m.relation, m.words}); break;
        case Role::Forward: links.push_back({before, after, m.relation, m.words}); break;
        case Role::Backward: links.push_back({after, before, m.relation, m.words}); break;
        }
    }
    // Frames: every segment after a leading condition is read in its context.
    std::vector<std::string> frames(raw.size());
    if (!frame.empty())
        for (std::size_t i = framed_from; i < raw.size(); ++i) frames[i] = frame;

    // Drop empty segments and renumber the links.
    std::vector<int> index(raw.size(), -1);
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i].empty()) continue;
        index[i] = int(out.segments.size());
        out.segments.push_back({raw[i], frames[i]});
    }
    for (const TextLink& l : links) {
        const int s = l.source < 0 ? -1 : index[std::size_t(l.source)];
        const int t = index[std::size_t(l.target)];
        if (t < 0 || (l.source >= 0 && s < 0) || s == t) continue;
        out.links.push_back({s, t, l.relation, l.connective});
    }
    return out;
}

}  // namespace glossfish::verifier
