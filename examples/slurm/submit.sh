#!/usr/bin/env bash
# Submits a sharded glossfish run to Slurm: an array of SHARDS tasks (shard.sbatch, task I runs
# --shard I/SHARDS) and the merge (merge.sbatch) as a job that starts when every task succeeded
# (--dependency=afterok). Job ids go to OUT_DIR/jobs.txt.
#
#   submit.sh COMMAND INPUT OUT_DIR SHARDS [ARGS...]
#   submit.sh --rerun TASKS COMMAND INPUT OUT_DIR SHARDS [ARGS...]
#
# COMMAND: puzzles | tepp | annotate | judge | verify; ARGS go to the command (e.g. --depth 12).
# --rerun TASKS (e.g. 2 or 1,5-7) resubmits those shard tasks after a failure, with the same
# SHARDS; their earlier merge job (waiting on a dependency that can no longer be met) is
# cancelled and a new one waits for every task submitted so far to end and the rerun to succeed.
# Puzzles outputs are resumable: the rerun skips the records its killed task already wrote.
# CPUs per task: GF_CPUS (default 1; puzzles and annotate run --jobs GF_CPUS). Other sbatch
# options (partition, time limit, account): SBATCH_* variables, e.g. SBATCH_PARTITION.
# The merge is given --limit N when ARGS hold --limit N.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

rerun=
if [[ ${1:-} == --rerun ]]; then
    rerun=${2:?usage: submit.sh --rerun TASKS COMMAND INPUT OUT_DIR SHARDS [ARGS...]}
    shift 2
fi
if (($# < 4)); then
    echo "usage: submit.sh [--rerun TASKS] COMMAND INPUT OUT_DIR SHARDS [ARGS...]" >&2
    exit 2
fi
command=$1 input=$(realpath "$2") out_dir=$(realpath -m "$3") shards=$4
shift 4
[[ $shards =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: SHARDS must be a positive number" >&2; exit 2; }
merge_args=()
args=("$@")
for ((i = 0; i + 1 < ${#args[@]}; ++i)); do
    [[ ${args[i]} == --limit ]] && merge_args=(--limit "${args[i + 1]}")
done
mkdir -p "$out_dir/logs"
jobs_file=$out_dir/jobs.txt
export GF_COMMAND=$command GF_INPUT=$input GF_OUT_DIR=$out_dir GF_SHARDS=$shards

tasks=0-$((shards - 1))
dependency=
if [[ -n $rerun ]]; then
    [[ -f $jobs_file ]] || { echo "submit.sh: no $jobs_file: nothing to rerun" >&2; exit 2; }
    previous_merge=$(awk '$1 == "merge" { m = $2 } END { print m }' "$jobs_file")
    arrays=$(awk '$1 == "array" { printf "%s%s", sep, $2; sep = ":" }' "$jobs_file")
    if [[ -n $previous_merge ]]; then scancel "$previous_merge" 2>/dev/null || true; fi
    tasks=$rerun
    dependency=afterany:$arrays
fi

array=$(sbatch --parsable --array="$tasks" --cpus-per-task="${GF_CPUS:-1}" \
    --output="$out_dir/logs/shard-%A_%a.log" \
    "$here/shard.sbatch" "$@")
array=${array%%;*}
dependency=${dependency:+$dependency,}afterok:$array
merge=$(sbatch --parsable --dependency="$dependency" --output="$out_dir/logs/merge-%j.log" \
    "$here/merge.sbatch" "${merge_args[@]}")
merge=${merge%%;*}
printf 'array %s %s\nmerge %s\n' "$array" "$tasks" "$merge" >>"$jobs_file"
echo "submit.sh: shard tasks $tasks of $shards as job $array; merge as job $merge (after $dependency)"
echo "submit.sh: output $out_dir/merged.$([[ $command == annotate ]] && echo pgn || echo jsonl)"
