// `glossfish merge --input IN [--kind K] [--shards N] [--limit N] -o OUT SHARD...`: joins the
// outputs of `--shard I/N` runs of puzzles, tepp, annotate, judge or verify --jsonl into the
// output one run over IN writes: every input record exactly once, in input order (judge and
// verify end with their summary line recomputed over all records). Missing, duplicated and
// foreign records are reported with their file and line; then nothing is written (exit 1).
// OUT goes through the shared output helper (engine/io/output_file.h): a temporary next to it
// renamed at the end, special files written in place; an input or shard file as OUT is refused.
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "batch/merge.h"
#include "cli/cli.h"
#include "cli/flags.h"
#include "judge/shard_summary.h"

namespace glossfish::cli {

namespace {

const char* MergeUsage =
    "usage: glossfish merge --input IN [--kind K] [--shards N] [--limit N] -o OUT SHARD...\n"
    "  IN     the input of the sharded runs: a lichess CSV (.csv) or JSONL (puzzles, tepp),\n"
    "         a PGN file (.pgn: annotate), the JSONL of judge or verify --jsonl\n"
    "  K      puzzles | tepp | annotate | judge | verify (default: from IN and the records)\n"
    "  N      the shard count: missing records are named with the shard that should hold them\n"
    "  --limit N  the --limit the runs were given (puzzles, tepp)\n";

// Problems listed per kind before "... and K more".
constexpr std::size_t ListedProblems = 20;

// Whether s ends with the lowercase suffix, in any case.
bool ends_with_ci(const std::string& s, const char* suffix) {
    const std::size_t n = std::strlen(suffix);
    if (s.size() < n) return false;
    for (std::size_t i = 0; i < n; ++i)
        if (std::tolower((unsigned char)s[s.size() - n + i]) != suffix[i]) return false;
    return true;
}

// The kind of the first record of the shard files that tells (at most 1000 lines a file).
std::optional<MergeKind> infer_kind(const std::vector<std::string>& shards) {
    for (const std::string& path : shards) {
        std::ifstream in(path, std::ios::binary);
        std::string line;
        for (int n = 0; n < 1000 && std::getline(in, line); ++n)
            if (auto k = merge_kind_of_record(nlohmann::json::parse(line, nullptr, false)))
                return k;
    }
    return std::nullopt;
}

// Whether two paths name one existing file (also through links and relative paths).
bool same_file(const std::string& a, const std::string& b) {
    struct stat sa, sb;
    return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

// The records the input promises, in input order; nullopt (reported) when it cannot be read.
std::optional<std::vector<MergeExpected>> expected_records(MergeKind kind, const std::string& in,
                                                           std::optional<long long> limit,
                                                           int shards) {
    std::vector<MergeExpected> out;
    if (kind == MergeKind::Puzzles || kind == MergeKind::Tepp) {
        const bool csv = ends_with_ci(in, ".csv");
        std::optional<PuzzleFile> file =
            read_puzzle_input("merge", csv ? in : "", csv ? "" : in, limit);
        if (!file) return std::nullopt;
        for (const PuzzleRecord& r : file->records)
            out.push_back({r.id, "id " + r.id, nlohmann::json(r.start_fen),
                           shards > 0 ? shard_of_key(r.id, shards) : -1});
        return out;
    }
    std::ifstream file(in, std::ios::binary);
    if (!file) {
        std::fprintf(stderr, "glossfish merge: cannot open %s: %s\n", in.c_str(),
                     std::strerror(errno));
        return std::nullopt;
    }
    std::string line;
    for (std::size_t number = 1; std::getline(file, line); ++number) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        nlohmann::json id = j.is_object() && j.contains("id") ? j["id"] : nlohmann::json(nullptr);
        out.push_back({std::to_string(number), "line " + std::to_string(number), std::move(id),
                       shards > 0 ? shard_of_jsonl_line(line, number, shards) : -1});
    }
    return out;
}

// Prints the problems on stderr, each list capped; with the shard count, missing per shard.
void report(const MergeProblems& p, int shards) {
    auto more = [](std::size_t total) {
        if (total > ListedProblems)
            std::fprintf(stderr, "glossfish merge:   ... and %zu more\n", total - ListedProblems);
    };
    for (std::size_t i = 0; i < p.bad.size() && i < ListedProblems; ++i)
        std::fprintf(stderr, "glossfish merge: %s\n", p.bad[i].c_str());
    more(p.bad.size());
    if (!p.missing.empty()) {
        std::string per_shard;
        if (shards > 0) {
            std::map<int, std::size_t> counts;
            for (const auto& m : p.missing) ++counts[m.shard];
            for (const auto& [s, n] : counts)
                per_shard += (per_shard.empty() ? "" : ", ") + std::to_string(s) + "/" +
                             std::to_string(shards) + ": " + std::to_string(n);
            per_shard = " (by shard: " + per_shard + ")";
        }
        std::fprintf(stderr, "glossfish merge: missing %zu of %zu records%s:\n", p.missing.size(),
                     p.expected, per_shard.c_str());
        for (std::size_t i = 0; i < p.missing.size() && i < ListedProblems; ++i) {
            const auto& m = p.missing[i];
            std::string shard = m.shard >= 0 ? " (shard " + std::to_string(m.shard) + "/" +
                                                   std::to_string(shards) + ")"
                                             : "";
            std::fprintf(stderr, "glossfish merge:   %s%s\n", m.what.c_str(), shard.c_str());
        }
        more(p.missing.size());
    }
    if (!p.duplicated.empty()) {
        std::fprintf(stderr, "glossfish merge: %zu record%s more than once:\n", p.duplicated.size(),
                     p.duplicated.size() == 1 ? "" : "s");
        for (std::size_t i = 0; i < p.duplicated.size() && i < ListedProblems; ++i) {
            std::string at;
            for (const auto& a : p.duplicated[i].at) at += (at.empty() ? "" : ", ") + a;
            std::fprintf(stderr, "glossfish merge:   %s in %s\n", p.duplicated[i].what.c_str(),
                         at.c_str());
        }
        more(p.duplicated.size());
    }
}

// The merged JSONL to out: the planned lines, bytes unchanged, and for judge and verify the
// summary line recomputed over them. False with *problem set on a read or record error.
bool write_jsonl(MergeKind kind, const JsonlMergePlan& plan, const std::vector<std::string>& paths,
                 std::ostream& out, std::string* problem) {
    std::optional<std::pair<int, std::uint64_t>> settings;
    for (std::size_t f = 0; f < paths.size(); ++f) {
        if (!plan.summaries[f]) continue;
        auto s = verifier::summary_bootstrap_settings(*plan.summaries[f]);
        if (!s) {
            *problem = paths[f] + ": the summary line has no bootstrap resamples and seed";
            return false;
        }
        if (settings && *s != *settings) {
            *problem = paths[f] + ": its summary has --bootstrap " + std::to_string(s->first) +
                       " --seed " + std::to_string(s->second) + ", another shard --bootstrap " +
                       std::to_string(settings->first) + " --seed " +
                       std::to_string(settings->second) + ": the runs had different settings";
            return false;
        }
        settings = s;
    }
    std::vector<std::ifstream> files;
    for (const std::string& p : paths) files.emplace_back(p, std::ios::binary);
    std::vector<verifier::JudgedRecord> judged;
    std::vector<verifier::PositionRecord> verified;
    std::string line;
    for (const JsonlPlace& at : plan.order) {
        std::ifstream& in = files[at.file];
        line.resize(std::size_t(at.length));
        in.seekg(std::streamoff(at.offset));
        if (!in.read(line.data(), std::streamsize(at.length))) {
            *problem = paths[at.file] + ": read error";
            return false;
        }
        out << line << '\n';
        if (kind != MergeKind::Judge && kind != MergeKind::Verify) continue;
        const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        std::string error;
        if (kind == MergeKind::Judge) {
            auto r = verifier::judged_record_from_json(j, &error);
            if (r) judged.push_back(std::move(*r));
        } else if (auto r = verifier::verify_record_from_json(j, &error)) {
            verified.push_back(std::move(*r));
        }
        if (!error.empty()) {
            *problem = paths[at.file] + " at byte " + std::to_string(at.offset) + ": " + error;
            return false;
        }
    }
    if ((kind == MergeKind::Judge || kind == MergeKind::Verify) && !settings) {
        *problem = "no shard file has a summary line";
        return false;
    }
    if (kind == MergeKind::Judge) {
        const verifier::JudgeSummary s =
            verifier::summarize(judged, settings->first, settings->second);
        out << verifier::summary_json(s).dump() << '\n';
        std::fputs(verifier::summary_table(s).c_str(), stderr);
        std::fputs(verifier::act_eval_table(s, "merged").c_str(), stderr);
    } else if (kind == MergeKind::Verify) {
        const nlohmann::json overall =
            verifier::verify_overall_json(verified, settings->first, settings->second);
        out << overall.dump() << '\n';
        std::fprintf(stderr, "overall: %s\n", overall["text"].get<std::string>().c_str());
    }
    return true;
}

}  // namespace

int merge_command(const Args& args) {
    std::string input, out_path;
    std::optional<MergeKind> kind;
    std::optional<long long> limit;
    int shards = -1;
    std::vector<std::string> paths;
    std::string kind_text;
    Flags flags("merge", "Joins the outputs of --shard I/N runs into one file.", MergeUsage);
    flags.text("--input", input, "the input all shards read")->required();
    flags.text("-o,--out", out_path, "the joined output")->required();
    CLI::Option* kind_flag =
        flags.text("--kind", kind_text, "puzzles, tepp, annotate, judge or verify");
    flags.number("--shards", shards, 1, MaxShards, "how many shards there were");
    flags.number("--limit", limit, 1, 1'000'000'000LL, "the --limit of the runs");
    flags.list("SHARD", paths, "the shard outputs")->required();
    flags.check([&] {
        if (kind_flag->count() == 0) return true;
        if ((kind = parse_merge_kind(kind_text))) return true;
        flags.fail("--kind must be puzzles, tepp, annotate, judge or verify, got '" + kind_text +
                   "'");
        return false;
    });
    if (auto code = flags.parse(args)) return *code;
    std::vector<std::string> inputs = paths;
    inputs.push_back(input);
    for (const std::string& p : inputs)
        if (struct stat st; ::stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
            std::fprintf(stderr, "glossfish merge: %s is a directory\n", p.c_str());
            return 2;
        }
    for (const std::string& p : paths)
        if (same_file(p, input)) {
            std::fprintf(stderr, "glossfish merge: %s is the input, not a shard output\n",
                         p.c_str());
            return 2;
        }
    for (const std::string& p : inputs)
        if (same_file(out_path, p)) {
            std::fprintf(stderr,
                         "glossfish merge: -o %s is one of the inputs (%s): refusing to "
                         "overwrite it\n",
                         out_path.c_str(), p.c_str());
            return 2;
        }
    if (!kind)
        kind = ends_with_ci(input, ".pgn") ? std::optional(MergeKind::Annotate) : infer_kind(paths);
    if (!kind) {
        std::fputs(
            "glossfish merge: cannot tell which command wrote the shard files; give --kind "
            "puzzles, tepp, judge or verify\n",
            stderr);
        return 2;
    }
    if (limit && *kind != MergeKind::Puzzles && *kind != MergeKind::Tepp) {
        std::fputs("glossfish merge: --limit is for puzzles and tepp outputs\n", stderr);
        return 2;
    }

    // Written through the shared output helper: a temporary beside OUT renamed at the end
    // (special files in place, symlinks followed, the inputs refused).
    OutputFile file;
    if (!open_output("merge", file, out_path, OutputFile::Mode::Replace, inputs)) return 2;
    std::ostream& out = file.stream();
    auto discard = [&](int code) {
        file.discard();
        if (code == 1)
            std::fprintf(stderr, "glossfish merge: nothing written (%s left as it was)\n",
                         out_path.c_str());
        return code;
    };

    MergeProblems problems;
    if (*kind == MergeKind::Annotate) {
        std::ifstream in(input, std::ios::binary);
        if (!in) {
            std::fprintf(stderr, "glossfish merge: cannot open %s: %s\n", input.c_str(),
                         std::strerror(errno));
            return discard(2);
        }
        problems = merge_pgn(in, paths, shards, out);
        if (!problems.ok()) {
            report(problems, shards);
            return discard(1);
        }
    } else {
        std::optional<std::vector<MergeExpected>> expected =
            expected_records(*kind, input, limit, shards);
        if (!expected) return discard(2);
        const JsonlMergePlan plan = plan_jsonl_merge(*kind, *expected, paths);
        problems = plan.problems;
        if (!problems.ok()) {
            report(problems, shards);
            return discard(1);
        }
        std::string problem;
        if (!write_jsonl(*kind, plan, paths, out, &problem)) {
            std::fprintf(stderr, "glossfish merge: %s\n", problem.c_str());
            return discard(1);
        }
    }
    if (auto err = file.commit()) {
        std::fprintf(stderr, "glossfish merge: %s\n", err->c_str());
        return discard(1);
    }
    std::fprintf(stderr, "glossfish merge: %s: %zu %s from %zu file%s, every record once\n",
                 out_path.c_str(), problems.merged,
                 *kind == MergeKind::Annotate ? "games" : "records", paths.size(),
                 paths.size() == 1 ? "" : "s");
    return 0;
}

}  // namespace glossfish::cli
