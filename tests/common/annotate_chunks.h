// Runs annotate_games over a list of PGN chunks on a fresh pool of `options.jobs` workers and
// returns the text of every chunk after annotation, in input order (tests share it to compare
// runs). Blocks; needs `stockfish`.
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "analysis/annotate.h"

namespace glossfish::testkit {

inline std::vector<std::string> annotate_chunks(const std::vector<PgnGame>& games,
                                                const AnnotateOptions& options) {
    Analyzer::Config config;
    config.workers = options.jobs;
    Analyzer analyzer(config);
    std::size_t k = 0;
    std::vector<std::string> out;
    annotate_games(
        analyzer, options,
        [&]() -> std::optional<PgnGame> {
            if (k == games.size()) return std::nullopt;
            return games[k++];
        },
        [&](PgnGame& g, const GameAnnotation* a) {
            EXPECT_TRUE(!g.is_game || (a && a->ok())) << (a ? a->error : "not analysed");
            if (a && a->ok()) add_annotation_edits(g, *a, options);
            out.push_back(write_pgn_game(g));
            return true;
        });
    return out;
}

}  // namespace glossfish::testkit
