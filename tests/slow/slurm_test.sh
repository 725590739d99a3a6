#!/usr/bin/env bash
# Slow tier: a sharded `glossfish puzzles` run on a real single-node Slurm cluster started here
# (tests/slow/slurm_cluster.sh), through the example scripts of examples/slurm/:
#   1. the reference: one process over 200 puzzles (reproducible mode);
#   2. submit.sh: 4 array tasks over the same 200 puzzles and the merge as a dependent job;
#   3. task 1's glossfish is killed mid-run (SIGKILL, after it wrote a few records): the task
#      fails and the merge job can no longer start;
#   4. submit.sh --rerun 1: the task runs again, resumes its output, and a new merge runs;
#   5. checks: every input id exactly once in the merged file, the merged file byte-identical to
#      the reference in input order, the rerun skipped what the killed task had written;
#   6. the daemons are stopped and the directory removed (also on failure).
# usage: slurm_test.sh GLOSSFISH_BIN SOURCE_DIR. Exit 77 (skipped) when not root or when Slurm
# and munge are not installed (.ci/install --slow installs them).
set -euo pipefail

glossfish=$(realpath "${1:?usage: slurm_test.sh GLOSSFISH_BIN SOURCE_DIR}")
source_dir=$(realpath "${2:?usage: slurm_test.sh GLOSSFISH_BIN SOURCE_DIR}")
if ((EUID != 0)); then
    echo "slurm_test: SKIPPED: needs root to start slurmctld, slurmd and munged"
    exit 77
fi
for tool in munged slurmctld slurmd sbatch squeue scontrol scancel sinfo; do
    if ! command -v "$tool" >/dev/null; then
        echo "slurm_test: SKIPPED: $tool is missing (install Slurm and munge: .ci/install --slow)"
        exit 77
    fi
done

work=$(mktemp -d /tmp/glossfish-slurm.XXXXXX)
cluster=$work/cluster
out=$work/out
settings=(--depth 10 --breadth 3 --jobs 1 --reproducible)
puzzles=200
started=$SECONDS

cleanup() {
    local code=$?
    if [[ -f $cluster/slurm.conf ]]; then
        SLURM_CONF=$cluster/slurm.conf scancel --full --quiet $(SLURM_CONF=$cluster/slurm.conf \
            squeue -h -o %A 2>/dev/null | sort -u) 2>/dev/null || true
        "$source_dir/tests/slow/slurm_cluster.sh" stop "$cluster" || true
    fi
    if ((code != 0)); then
        echo "slurm_test: FAILED; logs:" >&2
        tail -n 15 "$out"/logs/*.log "$cluster"/log/*.log 2>/dev/null >&2 || true
    fi
    if [[ -z ${GLOSSFISH_KEEP_SLURM_TEST:-} ]]; then rm -rf "$work"; fi
    exit "$code"
}
trap cleanup EXIT

fail() {
    echo "slurm_test: FAIL: $*" >&2
    exit 1
}

# The state of a job (or array task) as scontrol shows it: PENDING, RUNNING, COMPLETED, ...
job_state() {
    scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -1
}

# Waits until job $1 is in one of the states $2 (a regex), at most $3 seconds.
wait_state() {
    local job=$1 want=$2 limit=$3 state=
    for ((t = 0; t < limit * 4; ++t)); do
        state=$(job_state "$job")
        [[ $state =~ ^($want)$ ]] && return 0
        sleep 0.25
    done
    fail "job $job is '$state' after ${limit}s, wanted $want"
}

# Complete (newline-terminated) lines of a file, 0 when it does not exist.
complete_lines() { if [[ -f $1 ]]; then wc -l <"$1"; else echo 0; fi; }

"$source_dir/tests/slow/slurm_cluster.sh" start "$cluster" >/dev/null
export SLURM_CONF=$cluster/slurm.conf GLOSSFISH=$glossfish
echo "slurm_test: cluster up on $(hostname -s) ($(sinfo -h -o '%c CPUs, state %T'))"

input=$work/puzzles.csv
head -n $((puzzles + 1)) "$source_dir/tests/data/lichess_puzzles_1000.csv" >"$input"

# 1. The reference: one process, the same settings.
t0=$SECONDS
"$glossfish" puzzles --csv "$input" --out "$work/single.jsonl" "${settings[@]}" 2>"$work/single.log"
echo "slurm_test: one process: $puzzles puzzles in $((SECONDS - t0))s"
(($(complete_lines "$work/single.jsonl") == puzzles)) || fail "the reference has not $puzzles records"

# 2. Four array tasks and the dependent merge.
t0=$SECONDS
"$source_dir/examples/slurm/submit.sh" puzzles "$input" "$out" 4 "${settings[@]}"
array=$(awk '$1 == "array" { print $2; exit }' "$out/jobs.txt")
merge=$(awk '$1 == "merge" { print $2; exit }' "$out/jobs.txt")

# 3. Kill task 1's glossfish once it has written a few records (mid-run).
wait_state "${array}_1" RUNNING 300
for ((t = 0; t < 1200; ++t)); do
    (($(complete_lines "$out/shard_1.jsonl") >= 3)) && break
    sleep 0.25
done
written=$(complete_lines "$out/shard_1.jsonl")
((written >= 3)) || fail "task 1 wrote $written records in 300 s"
scancel --batch --signal=KILL "${array}_1"
wait_state "${array}_1" "FAILED|CANCELLED" 120
at_kill=$(complete_lines "$out/shard_1.jsonl")
echo "slurm_test: task 1 killed (state $(job_state "${array}_1")) after $at_kill records"
# The other tasks finish; the merge can never start (its dependency failed).
for task in 0 2 3; do wait_state "${array}_$task" COMPLETED 600; done
state=$(job_state "$merge")
[[ $state == PENDING ]] || fail "merge job $merge is $state after a failed task"
scontrol show job "$merge" | grep -q 'Reason=DependencyNeverSatisfied' ||
    fail "merge job $merge is not waiting on a failed dependency"
[[ ! -e $out/merged.jsonl ]] || fail "merged.jsonl exists before the rerun"

# 4. Rerun task 1: it resumes; a new merge runs after it.
"$source_dir/examples/slurm/submit.sh" --rerun 1 puzzles "$input" "$out" 4 "${settings[@]}"
rerun=$(awk '$1 == "array" { a = $2 } END { print a }' "$out/jobs.txt")
merge2=$(awk '$1 == "merge" { m = $2 } END { print m }' "$out/jobs.txt")
[[ $rerun != "$array" && $merge2 != "$merge" ]] || fail "the rerun submitted no new jobs"
wait_state "$merge2" "COMPLETED|FAILED|CANCELLED" 900
[[ $(job_state "$merge2") == COMPLETED ]] || fail "merge job $merge2 $(job_state "$merge2")"
[[ $(job_state "$merge") == CANCELLED ]] || fail "the stale merge job $merge is $(job_state "$merge")"
echo "slurm_test: 4 tasks + kill + rerun + merge in $((SECONDS - t0))s"

# 5. Checks.
# The rerun skipped what the killed task had written (its log says how many were there).
rerun_log=$(ls "$out"/logs/shard-"${rerun}"_1.log)
already=$(sed -n 's/^glossfish puzzles: [0-9]* puzzles\{0,1\}, \([0-9]*\) already in .*/\1/p' "$rerun_log")
[[ -n $already ]] || fail "no resume line in $rerun_log"
((already >= at_kill - 1 && already >= 2)) ||
    fail "the rerun found $already records, the killed task had written $at_kill"
echo "slurm_test: the rerun of task 1 resumed with $already records already done"
# Every input id exactly once (ids read from the CSV with awk, independently of glossfish).
awk -F, 'NR > 1 { print $1 }' "$input" | sort >"$work/ids.in"
sed -n 's/^{"id":"\([^"]*\)".*/\1/p' "$out/merged.jsonl" | sort >"$work/ids.merged"
(($(wc -l <"$out/merged.jsonl") == puzzles)) || fail "merged.jsonl has $(wc -l <"$out/merged.jsonl") lines"
dups=$(uniq -d "$work/ids.merged" | wc -l)
((dups == 0)) || fail "$dups ids more than once in merged.jsonl"
cmp -s "$work/ids.in" "$work/ids.merged" || fail "merged ids differ from the input ids"
# Equal to the reference: byte for byte once the reference is in input order (merge of one file).
"$glossfish" merge --input "$input" -o "$work/single.sorted.jsonl" "$work/single.jsonl" 2>/dev/null
cmp "$out/merged.jsonl" "$work/single.sorted.jsonl" ||
    fail "merged.jsonl differs from the single-process run"
# And the same set of lines as the reference itself.
cmp -s <(sort "$out/merged.jsonl") <(sort "$work/single.jsonl") ||
    fail "merged.jsonl and the single-process run hold different lines"
echo "slurm_test: merged.jsonl: $puzzles ids once each, identical to the single-process run" \
    "($((SECONDS - started))s in all)"
