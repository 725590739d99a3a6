#!/usr/bin/env python3
"""Scale check of `glossfish report`: generates PGNs of 100 and 1,000 legal games (knights
shuffling between their home squares, 10 to 300 moves, every 10th game with a comment, every
100th game broken by an illegal move), reports each at --nodes 1 and checks that every good game
has its section, every broken game is named with its line on stderr, and that the peak RSS of
the glossfish process (VmHWM, polled from /proc) does not grow with the number of games.

usage: scale_test.py GLOSSFISH_BIN [--games N]"""
import os
import random
import re
import subprocess
import sys
import tempfile
import time

# Each knight moves between its home square and two squares in front: never a capture, a check
# or an ambiguous SAN, so every game is legal whatever the random choices.
HOPS = {
    "b1": ["a3", "c3"], "a3": ["b1"], "c3": ["b1"],
    "g1": ["f3", "h3"], "f3": ["g1"], "h3": ["g1"],
    "b8": ["a6", "c6"], "a6": ["b8"], "c6": ["b8"],
    "g8": ["f6", "h6"], "f6": ["g8"], "h6": ["g8"],
}


def make_game(rng, number, moves, comment, broken):
    knights = [["b1", "g1"], ["b8", "g8"]]
    text = []
    for ply in range(2 * moves):
        side = ply % 2
        k = rng.randrange(2)
        target = rng.choice(HOPS[knights[side][k]])
        knights[side][k] = target
        san = "N" + target
        if broken and ply == 2 * moves - 3:
            san = "Ke3"  # illegal: the king is boxed in on e1/e8
        if side == 0:
            text.append("%d. %s" % (ply // 2 + 1, san))
        else:
            text.append(san)
        if comment and ply == 3:
            text.append("{The knight is on %s. A quiet game.}" % target)
    lines, line = [], ""
    for token in text + ["1/2-1/2"]:
        if len(line) + len(token) + 1 > 78:
            lines.append(line)
            line = token
        else:
            line = (line + " " + token).strip()
    lines.append(line)
    tags = ('[Event "Scale %d"]\n[White "W%d"]\n[Black "B%d"]\n[Result "1/2-1/2"]\n\n'
            % (number, number, number))
    return tags + "\n".join(lines) + "\n\n"


def write_pgn(path, games, seed):
    rng = random.Random(seed)
    broken = []
    with open(path, "w") as f:
        line = 1
        for g in range(1, games + 1):
            moves = 300 if g % 250 == 0 else rng.randrange(10, 60)
            bad = g % 100 == 50
            text = make_game(rng, g, moves, g % 10 == 0, bad)
            if bad:
                broken.append((g, line))
            f.write(text)
            line += text.count("\n")
    return broken


def run_report(binary, pgn, html):
    start = time.time()
    proc = subprocess.Popen([binary, "report", pgn, "-o", html, "--nodes", "1"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    peak = 0
    status = "/proc/%d/status" % proc.pid
    import threading
    err = []
    reader = threading.Thread(target=lambda: err.append(proc.stderr.read()))
    reader.start()
    while proc.poll() is None:
        try:
            with open(status) as s:
                for l in s:
                    if l.startswith("VmHWM:"):
                        peak = max(peak, int(l.split()[1]))
        except OSError:
            pass
        time.sleep(0.05)
    reader.join()
    return proc.returncode, err[0], peak, time.time() - start


def check(binary, games, tmp):
    pgn = os.path.join(tmp, "games%d.pgn" % games)
    html = os.path.join(tmp, "games%d.html" % games)
    broken = write_pgn(pgn, games, 1234 + games)
    code, err, peak, seconds = run_report(binary, pgn, html)
    page = open(html, encoding="utf-8").read()
    sections = len(re.findall(r'<section class="game" id="g\d+">', page))
    skipped = len(re.findall(r'<section class="game skipped"', page))
    print("%d games: exit %d, %d reported, %d skipped, %.1f s, peak RSS %.1f MB, %.1f MB of HTML"
          % (games, code, sections, skipped, seconds, peak / 1024, len(page) / 1e6))
    ok = True
    if code != (2 if broken else 0):
        print("FAIL: exit code %d" % code)
        ok = False
    if sections != games - len(broken) or skipped != len(broken):
        print("FAIL: expected %d reported and %d skipped" % (games - len(broken), len(broken)))
        ok = False
    for number, line in broken:
        want = "game %d (line %d)" % (number, line)
        if want not in err:
            print("FAIL: stderr does not name '%s'" % want)
            ok = False
    return ok, peak


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix="glossfish-scale-") as tmp:
        ok_small, small = check(binary, 100, tmp)
        ok_big, big = check(binary, 1000, tmp)
    print("peak RSS: 100 games %.1f MB, 1000 games %.1f MB (ratio %.2f)"
          % (small / 1024, big / 1024, big / max(small, 1)))
    if big > small * 1.5 + 20 * 1024:
        print("FAIL: peak RSS grows with the number of games")
        return 1
    if not (ok_small and ok_big):
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
