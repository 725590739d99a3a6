// The PGN's own comments, read by the commentary reader and checked claim by claim.
#include <string>

#include "claims/claims.h"
#include "io/input_limits.h"
#include "io/utf8.h"
#include "reader/commentary_reader.h"
#include "report/report.h"
#include "rules/notation.h"

namespace glossfish::verifier {

namespace {

// The first false sub-claim's reason, or the first reason given at all.
std::string first_reason(const AtomVerdict& v, Truth wanted) {
    for (const SubVerdict& s : v.claims)
        if (s.result == wanted && !s.reason.empty()) return s.reason;
    for (const SubVerdict& s : v.claims)
        if (!s.reason.empty()) return s.reason;
    return {};
}

SentenceCheck check_sentence(const ClaimVerifier* verifier, const Position& before,
                             const ReadSentence& s) {
    SentenceCheck out;
    out.text = s.text;
    if (!s.read()) {
        out.status = SentenceStatus::NotRead;
        out.reason = s.unread_reason.empty() ? "no claim form recognised" : s.unread_reason;
        return out;
    }
    if (!verifier) {
        out.status = SentenceStatus::Unverifiable;
        out.reason = "read but not checked (--no-verify)";
        return out;
    }
    const AtomVerdict v = verifier->verify(before, Atom{s.text, s.claims});
    if (v.correct()) {
        out.status = SentenceStatus::Verified;
    } else if (v.failed > 0) {
        out.status = SentenceStatus::False;
        out.reason = first_reason(v, Truth::False);
    } else {
        out.status = SentenceStatus::Unverifiable;
        out.reason = first_reason(v, Truth::Unverifiable);
    }
    return out;
}

}  // namespace

const char* sentence_status_name(SentenceStatus s) {
    switch (s) {
    case SentenceStatus::Verified: return "verified";
    case SentenceStatus::False: return "false";
    case SentenceStatus::Unverifiable: return "unverifiable";
    case SentenceStatus::NotRead: return "not read";
    }
    return "not read";
}

std::vector<CommentCheck> check_comments(const ClaimVerifier* verifier, const PgnGame& game) {
    std::vector<CommentCheck> out;
    if (!game.ok()) return out;
    const std::vector<PgnComment> comments = main_line_comments(game);
    if (comments.empty()) return out;
    Position pos = game.start_position();  // the position before move `at`
    int at = 0;
    for (const PgnComment& c : comments) {
        // A comment after move k speaks about move k, played from the position before it.
        const int target = std::max(c.ply, 0);
        while (at < target && at < int(game.mainline.size())) {
            pos.do_move(game.mainline[std::size_t(at)].move);
            ++at;
        }
        CommentCheck check;
        check.comment = c;
        std::string san;
        if (c.ply >= 0 && c.ply < int(game.mainline.size())) {
            san = move_to_san(pos, game.mainline[std::size_t(c.ply)].move);
            check.move = numbered_move(pos, san);
        }
        const CommentaryReading reading = read_commentary(pos, san, c.text);
        for (const ReadSentence& s : reading.sentences)
            check.sentences.push_back(check_sentence(verifier, pos, s));
        if (c.text.size() > MaxCommentaryText) {  // the reader stopped at its limit
            SentenceCheck rest;
            rest.text = shorten_input(std::string_view(c.text).substr(MaxCommentaryText));
            rest.status = SentenceStatus::NotRead;
            rest.reason = "the comment is " + std::to_string(c.text.size()) +
                          " bytes long; only its first " + std::to_string(MaxCommentaryText) +
                          " bytes are read";
            check.sentences.push_back(std::move(rest));
        }
        out.push_back(std::move(check));
    }
    return out;
}

}  // namespace glossfish::verifier
