#!/usr/bin/env python3
"""A Python host embedding glossfish through ctypes: a board tool, a move label and a strategy
tree. Usage: example.py [path/to/libglossfish.so]  (default: the one the loader finds).
Exits 0 when every answer is the expected one (the test suite runs it). The Glossfish class is
a complete binding; import it from here."""
import ctypes
import json
import sys


def load(path="libglossfish.so.0"):
    """Loads the library and declares the C signatures."""
    lib = ctypes.CDLL(path)
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
    return lib


class Glossfish:
    """One handle: Glossfish(lib, depth=10)("attackers", fen=..., square="e4", color="white")."""

    def __init__(self, lib, **settings):
        self.lib = lib
        self.handle = lib.gf_open(json.dumps(settings).encode())
        if not self.handle:
            raise RuntimeError(lib.gf_last_error(None).decode())

    def call_raw(self, name, args_text):
        """Calls with argument text as given (bytes or None); returns the parsed reply."""
        raw = self.lib.gf_call(self.handle, name, args_text)
        if not raw:
            raise RuntimeError(self.lib.gf_last_error(self.handle).decode())
        try:
            return json.loads(ctypes.string_at(raw).decode())
        finally:
            self.lib.gf_free(raw)

    def __call__(self, name, **args):
        return self.call_raw(name.encode(), json.dumps(args).encode())

    def close(self):
        self.lib.gf_close(self.handle)
        self.handle = None


# After 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6?? White mates with Qxf7#.
BEFORE = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3"
AFTER = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"


def main():
    lib = load(*sys.argv[1:2])
    failures = 0

    def check(what, ok, reply):
        nonlocal failures
        print(("ok   " if ok else "FAIL ") + what + " -> " + json.dumps(reply)[:160])
        failures += 0 if ok else 1

    print(lib.gf_version().decode())
    gf = Glossfish(lib, depth=10)

    reply = gf("attackers", fen=AFTER, square="f7", color="white")
    check("attackers", sorted(a["square"] for a in reply.get("attackers", [])) == ["c4", "h5"], reply)

    reply = gf("move_quality", fen=BEFORE, move="Nf6")
    check("move_quality", reply.get("labels", {}).get("lichess") == "blunder", reply)

    reply = gf("strategy_tree", fen=AFTER, plies=1)
    check("strategy_tree", reply.get("best", {}).get("san") == "Qxf7#", reply)

    gf.close()
    print("example FAILED" if failures else "example passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
