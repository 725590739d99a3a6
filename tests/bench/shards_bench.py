#!/usr/bin/env python3
"""Scale-out benchmark: `glossfish puzzles` over the same puzzles as 1 task and as 2 tasks
(`--shard 0/2` and `--shard 1/2` at once), each task one process with --jobs 1, the 2-task
outputs merged and checked against the 1-task output (same records). Prints wall time,
CPU seconds (glossfish and its Stockfish, from getrusage of the children), puzzles/s per core
(wall: puzzles / wall / tasks; CPU: puzzles / CPU seconds), the 1 -> 2 task speed-up, the load
average of the machine around each run, and what 1,000,000 puzzles cost in core-hours at the
measured per-core rate. Runs alternate (1, 2, 1, 2, ...) so that a change of load hits both.

usage: shards_bench.py GLOSSFISH [--puzzles 200] [--runs 2] [--csv FILE] [-- PUZZLES ARGS]
       default puzzles args: --depth 12 --breadth 3 (the defaults of `glossfish puzzles`)
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_tasks(glossfish, csv, count, tasks, extra, work):
    """Runs `tasks` shard processes at once; returns (wall s, cpu s, output files)."""
    outs = [os.path.join(work, f"t{tasks}_s{k}.jsonl") for k in range(tasks)]
    for o in outs:
        if os.path.exists(o):
            os.remove(o)
    cpu0, wall0 = children_cpu(), time.monotonic()
    procs = []
    for k, o in enumerate(outs):
        cmd = [glossfish, "puzzles", "--csv", csv, "--limit", str(count), "--jobs", "1",
               "--out", o] + extra
        if tasks > 1:
            cmd += ["--shard", f"{k}/{tasks}"]
        procs.append(subprocess.Popen(cmd, stderr=subprocess.DEVNULL))
    for p in procs:
        if p.wait() != 0:
            sys.exit(f"shards_bench: {' '.join(p.args)} failed")
    return time.monotonic() - wall0, children_cpu() - cpu0, outs


def merged(glossfish, csv, count, outs, target):
    """Merges the task outputs into target (every record once, or merge fails); its lines."""
    subprocess.run([glossfish, "merge", "--input", csv, "--limit", str(count), "-o", target]
                   + outs, check=True, stderr=subprocess.DEVNULL)
    with open(target, "rb") as f:
        return f.read().splitlines()


def ids(path):
    with open(path) as f:
        return [json.loads(line)["id"] for line in f]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("glossfish")
    ap.add_argument("--puzzles", type=int, default=200)
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--csv", default=os.path.join(os.path.dirname(__file__), "..", "data",
                                                  "lichess_puzzles_1000.csv"))
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    a = ap.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    extra = extra or ["--depth", "12", "--breadth", "3"]
    print(f"shards_bench: {a.puzzles} puzzles, glossfish puzzles {' '.join(extra)} --jobs 1 "
          f"per task; {os.cpu_count()} cores; {a.runs} runs each, alternating")
    results = {1: [], 2: []}
    with tempfile.TemporaryDirectory(prefix="glossfish-shards-bench-") as work:
        for run in range(a.runs):
            for tasks in (1, 2):
                load = os.getloadavg()[0]
                wall, cpu, outs = run_tasks(a.glossfish, a.csv, a.puzzles, tasks, extra, work)
                rows = merged(a.glossfish, a.csv, a.puzzles, outs,
                              os.path.join(work, f"merged{tasks}.jsonl"))
                if len(rows) != a.puzzles:
                    sys.exit(f"shards_bench: {len(rows)} records, wanted {a.puzzles}")
                results[tasks].append((wall, cpu, load, os.getloadavg()[0]))
                print(f"  run {run + 1}, {tasks} task{'s' if tasks > 1 else ''}: {wall:6.1f} s "
                      f"wall, {cpu:6.1f} CPU s, {a.puzzles / wall / tasks:5.2f} puzzles/s/core "
                      f"(wall), {a.puzzles / cpu:5.2f} puzzles/CPU s, load {load:.2f} -> "
                      f"{os.getloadavg()[0]:.2f}")
            # Both runs cover the same ids (the trees agree only in --reproducible mode).
            if ids(os.path.join(work, "merged1.jsonl")) != ids(os.path.join(work, "merged2.jsonl")):
                sys.exit("shards_bench: the 1-task and 2-task runs hold different ids")
    best = {t: min(results[t]) for t in results}  # the least disturbed run of each
    w1, c1 = best[1][0], best[1][1]
    w2, c2 = best[2][0], best[2][1]
    per_core_wall = a.puzzles / w1
    per_core_cpu = a.puzzles / ((c1 + c2) / 2)
    print(f"best of {a.runs}: 1 task {w1:.1f} s, 2 tasks {w2:.1f} s: speed-up {w1 / w2:.2f}x "
          f"(ideal 2.00x), efficiency {w1 / w2 / 2 * 100:.0f}%")
    print(f"per core: {per_core_wall:.2f} puzzles/s (1 task, wall), {a.puzzles / w2 / 2:.2f} "
          f"(2 tasks, wall), {per_core_cpu:.2f} puzzles per CPU second")
    for name, rate in (("1-task wall", per_core_wall), ("CPU time", per_core_cpu)):
        print(f"1,000,000 puzzles at the {name} rate: {1e6 / rate / 3600:.0f} core-hours")


if __name__ == "__main__":
    main()
