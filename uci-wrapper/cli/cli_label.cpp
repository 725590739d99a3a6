// `glossfish label --fen F --move M [--depth D] [--scheme S] [--reproducible]`: the
// move-quality JSON that the UCI `label` command prints, for one move.
#include <cstdio>

#include "analysis/quality.h"
#include "cli/cli.h"
#include "cli/flags.h"
#include "explain/explain.h"
#include "io/utf8.h"
#include "rules/notation.h"
#include "settings/settings.h"

namespace glossfish::cli {

int label_command(const Args& args) {
    Settings settings;  // the defaults every surface shares, as the flags change them
    std::string fen = StartFen, move_text;
    bool chess960 = false;
    Flags flags("label", "The move-quality label of one move, as JSON.",
                "usage: glossfish label [--fen FEN|startpos] --move MOVE [--depth D] "
                "[--scheme lichess|act-eval] [--reproducible] [--chess960]\n");
    flags.fen(fen);
    flags.text("--move", move_text, "the move, SAN or UCI")->required();
    flags.setting(settings, &Settings::quality_depth, "--depth");
    flags.setting(settings, &Settings::quality_scheme);
    flags.setting(settings, &Settings::reproducible);
    flags.flag("--chess960", chess960, "read castling rights as Chess960");
    if (auto code = flags.parse(args)) return *code;
    Position pos;
    if (!read_fen("label", fen, chess960, pos)) return 2;
    MoveParse mp = parse_san(pos, move_text, SanMode::Lenient);
    if (!mp.ok()) {
        std::fprintf(stderr, "glossfish label: %s move: %s\n", move_error_name(mp.error),
                     mp.message.c_str());
        return 2;
    }
    Analyzer analyzer(analyzer_config(settings));
    const AnalysisLimits limits = label_limits(settings);
    MoveLabel label = label_move(analyzer, pos, mp.move, limits, settings.quality_scheme);
    verifier::ExplainOptions why;
    why.analyzer = &analyzer;
    why.limits = limits;
    verifier::explain_label(label, why);
    std::printf("%s\n", label_to_json(label).dump().c_str());
    if (!label.error.empty()) {
        std::fprintf(stderr, "glossfish label: %s\n", label.error.c_str());
        return 1;
    }
    return 0;
}

}  // namespace glossfish::cli
