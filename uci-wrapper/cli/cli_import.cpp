// `glossfish import act-eval FILE [-o OUT]`: published benchmark records read into judge records
// (verifier/judge/act_eval_import.h); each bad line reported on stderr with its number, the
// counts at the end.
#include <cstdio>
#include <iostream>

#include "cli/cli.h"
#include "cli/flags.h"
#include "io/utf8.h"
#include "judge/act_eval_import.h"

namespace glossfish::cli {

namespace {

const char* ImportUsage =
    "usage: glossfish import act-eval FILE.jsonl [-o OUT.jsonl]\n"
    "  act-eval  ACT-Eval's records {position_number, fen, move_uci, move_san, wp_loss, quality,\n"
    "            game, engine_lines, extracted {include, quality, reasoning, alternative,\n"
    "            variation}}, one a line, become judge records {id, fen, move, commentary,\n"
    "            gold_atoms, gold_quality, gold_variation, alternatives, act_eval}\n"
    "  -o FILE   the judge records go there (default: stdout)\n"
    "  records with extracted.include false are counted and left out; a bad line is reported\n"
    "  on stderr with its number and skipped\n";

}  // namespace

int import_command(const Args& args) {
    std::string format, input_path, out_path;
    Flags flags("import", "Reads published benchmark records into judge records.", ImportUsage);
    flags.text("FORMAT", format, "the records' format: act-eval")->required();
    flags.text("FILE", input_path, "the records, JSONL")->required();
    flags.text("-o,--out", out_path, "the judge records (default: stdout)");
    if (auto code = flags.parse(args)) return *code;
    if (format != "act-eval")
        return flags.fail("the format must be act-eval, got " + quote_input(format));
    std::ifstream in;
    if (!open_input("import", input_path, in)) return 2;
    OutputFile file;
    if (!out_path.empty() &&
        !open_output("import", file, out_path, OutputFile::Mode::Stream, {input_path}))
        return 2;
    std::ostream& out = out_path.empty() ? std::cout : file.stream();
    verifier::ActEvalCounts counts =
        verifier::import_act_eval(in, out, [](const std::string& message) {
            std::fprintf(stderr, "glossfish import: skipped %s\n", message.c_str());
        });
    if (!out_path.empty()) {
        if (auto err = file.commit()) {
            std::fprintf(stderr, "glossfish import: %s\n", err->c_str());
            return 1;
        }
    }
    std::fprintf(stderr,
                 "glossfish import: %d records written, %d excluded by the experts (include "
                 "false), %d bad lines skipped\n",
                 counts.records, counts.excluded, counts.errors);
    return 0;
}

}  // namespace glossfish::cli
