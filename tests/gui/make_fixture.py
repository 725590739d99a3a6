#!/usr/bin/env python3
"""Turns a transcript of tests/gui/record_engine.sh into a replay fixture.

    tests/gui/make_fixture.py TRANSCRIPT OUT.uci OUT.log --title "ChessX 1.4.6 ..."

OUT.uci keeps what the GUI sent, with its times, and the engine answers the GUI waited for:
    <seconds> > <line>     the GUI sent <line> at this time (seconds since the engine started)
    <seconds> < <word>     the GUI waited for this answer (uciok, readyok or bestmove) before
                           its next line: the next line came within 50 ms after it
OUT.log is the whole transcript (both directions), for reference only: the engine's answers
change with the engine, the GUI's lines are what the replay tests send.
"""
import argparse
import re
import shutil

# An answer the GUI reacted to: its next line follows within this many seconds.
REACTION_S = 0.05
WAITED_FOR = ("uciok", "readyok", "bestmove")

LINE = re.compile(r"^(\d+\.\d{3}) ([<>]) ?(.*)$")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("transcript")
    parser.add_argument("uci_out")
    parser.add_argument("log_out")
    parser.add_argument("--title", required=True, help="first header line: GUI, version, session")
    args = parser.parse_args()

    events = []  # (seconds, mark, text)
    notes = []
    with open(args.transcript, encoding="utf-8") as f:
        for raw in f:
            raw = raw.rstrip("\n")
            if raw.startswith("#"):
                notes.append(raw)
                continue
            m = LINE.match(raw)
            if not m:
                raise SystemExit(f"make_fixture: not a transcript line: {raw!r}")
            events.append((float(m.group(1)), m.group(2), m.group(3)))

    out = [
        f"# {args.title}",
        "# Recorded with tests/gui/record_engine.sh in a session of tests/gui/drive_gui.sh; made",
        "# by tests/gui/make_fixture.py. '<t> > line': the GUI sent line at t seconds after the",
        "# engine started; '<t> < word': the GUI waited for that answer before its next line.",
    ]
    for i, (t, mark, text) in enumerate(events):
        if mark == ">":
            out.append(f"{t:.3f} > {text}")
            continue
        word = text.split(" ", 1)[0]
        if word not in WAITED_FOR:
            continue
        nxt = next((e for e in events[i + 1:] if e[1] == ">"), None)
        if nxt and nxt[0] - t <= REACTION_S:
            out.append(f"{t:.3f} < {word}")
    with open(args.uci_out, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    shutil.copyfile(args.transcript, args.log_out)


if __name__ == "__main__":
    main()
