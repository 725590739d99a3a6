#!/usr/bin/env python3
"""A Python host embedding glossfish through ctypes: a board tool, a move label and a strategy
tree. Usage: example.py [path/to/libglossfish.so]  (default: the one the loader finds).
Exits 0 when every answer is the expected one (the test suite runs it)."""
import ctypes
import json
import sys

lib = ctypes.CDLL(sys.argv[1] if len(sys.argv) > 1 else "libglossfish.so.0")
lib.gf_version.restype = ctypes.c_char_p
lib.gf_open.argtypes = [ctypes.c_char_p]
lib.gf_open.restype = ctypes.c_void_p
lib.gf_close.argtypes = [ctypes.c_void_p]
# gf_call's string must go back to gf_free, so keep it as a raw pointer.
lib.gf_call.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]
lib.gf_call.restype = ctypes.c_void_p
lib.gf_free.argtypes = [ctypes.c_void_p]
lib.gf_last_error.argtypes = [ctypes.c_void_p]
lib.gf_last_error.restype = ctypes.c_char_p


class Glossfish:
    def __init__(self, **settings):
        self.handle = lib.gf_open(json.dumps(settings).encode())
        if not self.handle:
            raise RuntimeError(lib.gf_last_error(None).decode())

    def __call__(self, name, **args):
        raw = lib.gf_call(self.handle, name.encode(), json.dumps(args).encode())
        if not raw:
            raise RuntimeError(lib.gf_last_error(self.handle).decode())
        try:
            return json.loads(ctypes.string_at(raw).decode())
        finally:
            lib.gf_free(raw)

    def close(self):
        lib.gf_close(self.handle)
        self.handle = None


# After 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6?? White mates with Qxf7#.
BEFORE = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3"
AFTER = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"

failures = 0


def check(what, ok, reply):
    global failures
    print(("ok   " if ok else "FAIL ") + what + " -> " + json.dumps(reply)[:160])
    failures += 0 if ok else 1


print(lib.gf_version().decode())
gf = Glossfish(depth=10)

reply = gf("attackers", fen=AFTER, square="f7", color="white")
check("attackers", sorted(a["square"] for a in reply.get("attackers", [])) == ["c4", "h5"], reply)

reply = gf("move_quality", fen=BEFORE, move="Nf6")
check("move_quality", reply.get("labels", {}).get("lichess") == "blunder", reply)

reply = gf("strategy_tree", fen=AFTER, plies=1)
check("strategy_tree", reply.get("best", {}).get("san") == "Qxf7#", reply)

reply = gf("attackers", fen="not a fen", square="f7", color="white")
check("bad fen", reply.get("error", {}).get("code") == "bad_fen", reply)

reply = gf("no_such_tool")
check("unknown tool", reply.get("error", {}).get("code") == "unknown_tool", reply)

gf.close()
print("example FAILED" if failures else "example passed")
sys.exit(1 if failures else 0)
