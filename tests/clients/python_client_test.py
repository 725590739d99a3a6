"""A client that reads like python-chess's analyse(): position, `go depth N`, and it stops
reading at bestmove. With Quality, Tree and Commentary on, every product of the searched
position (the quality label of its last move, its strategy tree, the verdict on the
commentary) must be among the lines before that bestmove, and no line about an earlier
position may turn up later.

usage: python_client_test.py GLOSSFISH_BINARY
"""
import sys

from uci_client import Engine, glossfish_lines

GAME = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]  # the scholar's mate


def fen_of(engine, moves):
    engine.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
    engine.send("d")
    return engine.read_until(lambda l: l.startswith("Fen: "), 10)[-1][5:]


def main(binary):
    engine = Engine([binary])
    failures = []
    try:
        engine.handshake()
        for option, value in [("Glossfish Tree", "true"), ("Glossfish Tree Plies", "2"),
                              ("Glossfish Tree Breadth", "2"), ("Glossfish Tree Depth", "6"),
                              ("Glossfish Quality Depth", "10"),
                              ("Glossfish Commentary", "Nf6 is a blunder.")]:
            engine.send("setoption name %s value %s" % (option, value))
        engine.sync()
        for n in range(1, len(GAME) + 1):
            moves = GAME[:n]
            before, fen = fen_of(engine, moves[:-1]), fen_of(engine, moves)
            engine.send("position startpos moves " + " ".join(moves))
            lines = engine.search("go depth 10")
            seen = {kind: j for kind, j in glossfish_lines(lines)}
            for kind, j in glossfish_lines(lines):
                want = fen if kind in ("tree", "lines", "opening") else before
                if j.get("fen") != want:
                    failures.append("ply %d: %s line for another position: %s" % (n, kind, j.get("fen")))
            for kind in ("quality", "tree", "verify"):
                if kind not in seen:
                    failures.append("ply %d: no glossfish.%s before bestmove" % (n, kind))
            if "quality" in seen and seen["quality"]["move"]["uci"] != moves[-1]:
                failures.append("ply %d: quality of %s" % (n, seen["quality"]["move"]))
            print("ply %d %-5s: %s" % (n, moves[-1], ", ".join(
                "%s (%s)" % (k, j.get("label") or j.get("text", "")[:40]) for k, j in glossfish_lines(lines))))
        if "quality" in seen and seen["quality"].get("label") != "good":
            failures.append("Qxf7# labelled %s" % seen["quality"].get("label"))
        late = [l for l in engine.drain(2.0) if l.startswith("info string glossfish.")]
        if late:
            failures.append("%d lines after the last bestmove: %s" % (len(late), late[:3]))
    finally:
        code = engine.quit()
    if code != 0:
        failures.append("quit exited %r" % code)
    for f in failures:
        print("FAIL:", f)
    print("python client: %d passed, %d failed" % (1 if not failures else 0, 1 if failures else 0))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
