#!/usr/bin/env python3
"""libglossfish from Python through ctypes: bad settings and bad calls of every kind give
error replies (never a crash), and several Python threads share one handle (ctypes releases
the GIL during the call, so the calls really overlap). Usage: test_plugin.py LIBRARY"""
import os
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "plugin", "examples"))
from example import Glossfish, load  # noqa: E402

lib = load(sys.argv[1])
failures = []


def expect(what, ok, detail):
    print(("ok   " if ok else "FAIL ") + what + " -> " + str(detail)[:140])
    if not ok:
        failures.append(what)


for settings, why in [({"workers": 0}, "setting 'workers' must be an integer 1..256, got '0'"),
                      ({"hash": "big"}, "setting 'hash' must be an integer 1..65536, got 'big'"),
                      ({"colour": "white"}, "unknown setting 'colour'")]:
    try:
        Glossfish(lib, **settings)
        expect("gf_open %s fails" % settings, False, "opened")
    except RuntimeError as e:
        expect("gf_open %s fails" % settings, why in str(e), e)

gf = Glossfish(lib)
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
cases = [
    (b"piece_at", b'{"fen": "8/8/8/8/8/8/8/K1k5 w - - 0 1", "square": "e9"}', "bad_square"),
    (b"piece_at", b'{"fen": "8/8/8/8/8/8/8/K1k5 w - - 0 1"}', "missing_argument"),
    (b"is_legal", b'{"fen": "' + KIWIPETE.encode() + b'", "move": "e1c1x"}', "malformed_move"),
    (b"is_legal", b'{"fen": "' + KIWIPETE.encode() + b'", "move": 7}', "bad_argument_type"),
    (b"attacks", b'{"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 9 9", "square": "e4"}',
     "bad_fen"),
    (b"legal_moves", b"{not json", "bad_json"),
    (b"legal_moves", b"[]", "bad_json"),
    (b"legal_moves", b'{"fen": "' + KIWIPETE.encode() + b'", "from": "e1", "x": 1}',
     "unknown_argument"),
    (b"\xff\xfe", None, "unknown_tool"),
    (b"perft", b'{"depth": 99}', "bad_value"),
]
for name, args, code in cases:
    reply = gf.call_raw(name, args)
    expect("%s %s" % (name, args), reply.get("error", {}).get("code") == code, reply)

# Four threads, each asking questions with known answers, good and bad, many times.
wrong = []


def worker():
    for _ in range(200):
        a = gf("attackers", fen="4k3/8/8/3q4/8/8/3R4/3K4 w - - 0 1", square="d5", color="white")
        b = gf("perft", fen=KIWIPETE, depth=1)
        c = gf("pin", fen="bad", square="e2")
        if a.get("count") != 1 or b.get("nodes") != 48 or c["error"]["code"] != "bad_fen":
            wrong.append((a, b, c))


threads = [threading.Thread(target=worker) for _ in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
expect("4 threads x 200 rounds on one handle", not wrong, wrong[:1] or "every reply right")

gf.close()
print("plugin python test " + ("FAILED: " + ", ".join(failures) if failures else "passed"))
sys.exit(1 if failures else 0)
