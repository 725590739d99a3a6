// `glossfish label --fen F --move M [--depth D] [--scheme S] [--reproducible]`: the
// move-quality JSON that the UCI `label` command prints, for one move.
#include <cstdio>

#include "cli/cli.h"
#include "analysis/labeler.h"
#include "rules/notation.h"
#include "io/utf8.h"
#include "session/settings.h"

namespace glossfish::cli {

int label_command(const Args& args) {
    const Settings settings;  // the defaults every surface shares
    std::string fen = StartFen, move_text, scheme_text = scheme_name(settings.quality_scheme);
    int depth = settings.quality_depth;
    bool chess960 = false, reproducible = false;
    for (std::size_t i = 0; i < args.size();) {
        const std::string& a = args[i];
        auto value = [&](const char* what) -> std::optional<std::string> {
            if (i + 1 >= args.size()) {
                std::fprintf(stderr, "glossfish label: %s needs a value\n", what);
                return std::nullopt;
            }
            i += 2;
            return args[i - 1];
        };
        if (a == "--fen") {
            ++i;
            fen = join_until_option(args, i);
        } else if (a == "--chess960") {
            chess960 = true;
            ++i;
        } else if (a == "--reproducible") {
            reproducible = true;
            ++i;
        } else if (a == "--move") {
            auto v = value("--move");
            if (!v) return 2;
            move_text = *v;
        } else if (a == "--depth") {
            auto v = value("--depth");
            if (!v) return 2;
            auto n = parse_number("label", "--depth", *v, 1, MaxOptionDepth);
            if (!n) return 2;
            depth = int(*n);
        } else if (a == "--scheme") {
            auto v = value("--scheme");
            if (!v) return 2;
            scheme_text = *v;
        } else {
            std::fprintf(stderr, "glossfish label: unexpected argument '%s'\n",
                         quote_prefix(a).c_str());
            return 2;
        }
    }
    if (move_text.empty()) {
        std::fputs(
            "usage: glossfish label --fen FEN --move MOVE [--depth D] [--scheme lichess|act-eval] "
            "[--reproducible]\n",
            stderr);
        return 2;
    }
    auto scheme = parse_scheme(scheme_text);
    if (!scheme) {
        std::fprintf(stderr, "glossfish label: --scheme must be lichess or act-eval, got '%s'\n",
                     quote_prefix(scheme_text).c_str());
        return 2;
    }
    Position pos;
    if (FenStatus status = pos.set(fen, chess960); !status.ok()) {
        std::fprintf(stderr, "glossfish label: %s\n", status.message().c_str());
        return 2;
    }
    MoveParse mp = parse_san(pos, move_text, SanMode::Lenient);
    if (!mp.ok()) {
        std::fprintf(stderr, "glossfish label: %s move: %s\n", move_error_name(mp.error),
                     mp.message.c_str());
        return 2;
    }
    Analyzer analyzer(analyzer_config(settings));
    AnalysisLimits limits;
    limits.depth = depth;
    limits.reproducible = reproducible;
    MoveLabel label = label_move(analyzer, pos, mp.move, limits, *scheme);
    std::printf("%s\n", label_to_json(label).dump().c_str());
    if (!label.error.empty()) {
        std::fprintf(stderr, "glossfish label: %s\n", label.error.c_str());
        return 1;
    }
    return 0;
}

}  // namespace glossfish::cli
