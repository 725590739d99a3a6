#!/usr/bin/env python3
"""The same requests through the three surfaces — UCI (`tool ...`, `verify text`, `go perft`,
`id name`), the command line (`glossfish tool`, `verify`, `perft`, `--version`) and the C ABI
(gf_call, gf_version) — must give identical answers. Every request that
searches runs on a fresh engine on each surface (a new glossfish process, a new command, a new
handle): Stockfish's result at a fixed depth depends on what its hash holds, so only searches
from the same empty hash can be compared. No field differs legitimately in these answers: none
carries a time. What differs is the wrapping only (UCI's glossfish.tool line and its text, the
perft error's "'go perft': " prefix, the plugin's " (abi 1)" suffix).

usage: parity_test.py GLOSSFISH_BINARY LIBGLOSSFISH
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "clients"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "plugin", "examples"))
from example import Glossfish, load  # noqa: E402
from uci_client import Engine, glossfish_lines  # noqa: E402

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
ITALIAN = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
# 1.e4 e5 2.Nf3 and now 2...f6?! (the Damiano defence): "f6 is a mistake." is a claim about the
# played move's label, lichess scheme by default everywhere.
DAMIANO_BEFORE = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
SCHOLAR_BEFORE = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3"

TOOLS = [
    ("attackers", {"fen": ITALIAN, "square": "f7", "color": "white"}),
    ("legal_moves", {"fen": START}),
    ("eval", {"fen": ITALIAN, "depth": 10}),  # the first engine call: a fresh engine's search
    ("move_quality", {"fen": SCHOLAR_BEFORE, "move": "Nf6", "depth": 10}),
    ("top_moves", {"fen": START, "n": 2, "depth": 8}),
]
VERIFY_TEXT = "f6 is a mistake. The knight on f3 attacks e5."

failures = []


def check(what, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + what + ("" if ok else " -> " + str(detail)[:600]))
    if not ok:
        failures.append(what)


def same(what, answers):
    names = list(answers)
    first = answers[names[0]]
    for n in names[1:]:
        check("%s: %s == %s" % (what, names[0], n), answers[n] == first,
              json.dumps({names[0]: first, n: answers[n]}, sort_keys=True))


def fresh_uci(binary):
    engine = Engine([binary])
    hello = engine.handshake()
    engine.send("setoption name Glossfish Quality value false")
    engine.sync()
    return engine, hello


def uci_answers(binary):
    out = {}
    for name, args in TOOLS:
        engine, _ = fresh_uci(binary)
        try:
            engine.send("tool %s %s" % (name, json.dumps(args)))
            line = engine.read_until(lambda l: l.startswith("info string glossfish.tool "), 60)[-1]
            out[name] = glossfish_lines([line])[0][1]["result"]
        finally:
            engine.quit()
    engine, hello = fresh_uci(binary)
    try:
        name_line = [l for l in hello if l.startswith("id name ")][0]
        out["version"] = name_line.split()[3]  # id name glossfish 0.1.0 (Stockfish 15.1)
        engine.send("position startpos moves e2e4 e7e5 g1f3 f7f6")
        engine.send("verify text " + VERIFY_TEXT)
        line = engine.read_until(lambda l: l.startswith("info string glossfish.verify "), 60)[-1]
        report = glossfish_lines([line])[0][1]
        report.pop("text")  # the UCI line's own summary (the metrics' text)
        out["verify"] = report
        for depth in ("13", "0"):
            engine.send("go perft " + depth)  # rejected, and answered by a bestmove
            lines = engine.read_until(lambda l: l.startswith("bestmove "), 20)
            errs = [j for _, j in glossfish_lines(lines, "error")]
            out["perft " + depth] = errs[0]["message"].replace("'go perft': ", "").replace(
                "; the go is rejected", "") if errs else None
        engine.send("position startpos")
        engine.send("go perft 3")
        out["perft 3"] = int(engine.read_until(lambda l: l.startswith("Nodes searched: "), 60)[-1].split()[-1])
    finally:
        engine.quit()
    return out


def cli_answers(binary):
    out = {}
    run = lambda *args: subprocess.run([binary, *args], capture_output=True, text=True, timeout=120)
    out["version"] = run("--version").stdout.split()[1]
    for name, args in TOOLS:
        out[name] = json.loads(run("tool", name, json.dumps(args)).stdout)
    r = run("verify", "--fen", DAMIANO_BEFORE, "--move", "f6", "--text", VERIFY_TEXT)
    out["verify"] = json.loads(r.stdout)
    for depth in ("13", "0"):
        err = run("perft", depth).stderr.strip()
        out["perft " + depth] = err.split(": ", 1)[1] if ": " in err else err
    out["perft 3"] = int(run("perft", "3").stdout.split()[-1])
    return out


def plugin_answers(path):
    lib = load(path)
    out = {"version": lib.gf_version().decode().split()[1]}
    for name, args in TOOLS:
        gf = Glossfish(lib)
        try:
            out[name] = gf(name, **args)
        finally:
            gf.close()
    gf = Glossfish(lib)
    try:
        out["verify"] = gf("verify", fen=DAMIANO_BEFORE, move="f6", text=VERIFY_TEXT)
        for depth in (13, 0):
            out["perft %d" % depth] = gf("perft", depth=depth).get("error", {}).get("message")
        out["perft 3"] = gf("perft", depth=3)["nodes"]
    finally:
        gf.close()
    return out


def main(binary, library):
    answers = {"uci": uci_answers(binary), "cli": cli_answers(binary), "plugin": plugin_answers(library)}
    for key in answers["uci"]:
        same(key, {surface: a.get(key) for surface, a in answers.items()})
    # What the answers must be, from independent facts.
    uci = answers["uci"]
    check("eval has WDL", isinstance(uci["eval"].get("wdl"), dict), uci["eval"])
    check("perft 3 of the start is 8902", uci["perft 3"] == 8902, uci["perft 3"])
    check("perft 13 is refused", uci["perft 13"] == "perft depth must be an integer 1..12, got '13'", uci["perft 13"])
    check("Nf6 is a blunder (Qxf7# follows)", uci["move_quality"]["labels"]["lichess"] == "blunder",
          uci["move_quality"])
    atoms = uci["verify"]["atoms"]
    check("verify read both claims", len(atoms) == 2, atoms)
    # The f6 claim is judged by the lichess label on every surface (act-eval was the CLI's and
    # the plugin's default before): correct for a mistake or a blunder, unverifiable for an
    # inaccuracy (neither stance), incorrect for good.
    quality = [a for a in atoms if a["text"].startswith("f6")]
    claim = quality[0]["claims"][0] if quality else {}
    label = claim.get("evidence", {}).get("move_quality", {}).get("labels", {}).get("lichess")
    want = {"mistake": "correct", "blunder": "correct", "inaccuracy": "unverifiable",
            "good": "incorrect"}.get(label)
    check("the f6 claim follows the lichess label (%s)" % label,
          claim.get("reason", "").startswith("engine (lichess)") and quality[0]["result"] == want,
          quality)
    check("Nf3 attacks e5", [a["result"] for a in atoms if "knight" in a["text"]] == ["correct"], atoms)
    for f in failures:
        print("FAIL:", f)
    print("parity: %d passed, %d failed" % (0 if failures else 1, 1 if failures else 0))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
