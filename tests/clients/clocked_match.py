#!/usr/bin/env python3
"""A clocked match, glossfish with every option on (Quality In Games, Tree, Commentary, Comment
with a local stand-in language model) against Stockfish, refereed by this script with a real
clock. Asserts: no glossfish line about a stale position (every one arrives
during the search of its own position, between its go and its bestmove, and names that
position), a bounded lag from a position to its products, and no CPU used by glossfish and its
engines while idle afterwards. Prints the lag and CPU figures.

The analysis depths are set so that a label (two searches) fits in a blitz move's time on two
cores: Glossfish Quality Depth 10, trees of 2 plies, breadth 2, depth 8. What is not ready at
bestmove is dropped by design (timed games never wait), so the share of searches that got each
product is printed too.

usage: clocked_match.py GLOSSFISH [--games 20] [--stockfish PATH] [--tc 4+0.1] [--plies 60]
"""
import argparse
import http.server
import json
import os
import statistics
import sys
import threading
import time

from uci_client import Engine, cpu_seconds, glossfish_lines

BEFORE_KINDS = ("quality", "label", "verify", "comment", "error")  # fen: before the last move


class FakeModel(http.server.BaseHTTPRequestHandler):
    """An OpenAI-compatible endpoint on loopback that answers every chat request after 100 ms."""

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        time.sleep(0.1)
        body = json.dumps({"choices": [{"message": {"role": "assistant",
                                                    "content": "The move develops a piece."},
                                        "finish_reason": "stop"}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else 0.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("glossfish")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--tc", default="4+0.1")
    ap.add_argument("--plies", type=int, default=60)
    args = ap.parse_args()
    base, inc = (float(x) for x in args.tc.split("+"))

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FakeModel)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    env = dict(os.environ, GLOSSFISH_LLM_URL="http://127.0.0.1:%d/v1" % server.server_port)
    gf = Engine([args.glossfish], env=env)
    sf = Engine([args.stockfish])
    board = Engine([args.glossfish])  # the referee's FENs, from a plain glossfish's `d`
    failures, searches, results = [], [], []
    try:
        gf.handshake()
        sf.handshake()
        board.handshake()
        board.send("setoption name Glossfish Quality value false")
        for name, value in [("Glossfish Quality In Games", "true"), ("Glossfish Tree", "true"),
                            ("Glossfish Quality Depth", "10"), ("Glossfish Tree Plies", "2"),
                            ("Glossfish Tree Breadth", "2"), ("Glossfish Tree Depth", "8"),
                            ("Glossfish Commentary", "The move is good."),
                            ("Glossfish Comment", "true")]:
            gf.send("setoption name %s value %s" % (name, value))
        for e in (gf, sf, board):
            e.sync()
        t_start = time.monotonic()
        for game in range(args.games):
            white_is_gf = game % 2 == 0
            moves, clock = [], {"w": base, "b": base}
            for e in (gf, sf):
                e.send("ucinewgame")
                e.sync()
            result = "1/2-1/2 (ply cap)"
            while len(moves) < args.plies:
                side = "w" if len(moves) % 2 == 0 else "b"
                engine = gf if (side == "w") == white_is_gf else sf
                position = "position startpos" + (" moves " + " ".join(moves) if moves else "")
                go = "go wtime %d btime %d winc %d binc %d" % (
                    clock["w"] * 1000, clock["b"] * 1000, inc * 1000, inc * 1000)
                search = None
                if engine is gf:
                    board.send(position)
                    board.send("d")
                    fen = board.read_until(lambda l: l.startswith("Fen: "), 10)[-1][5:]
                    before = None
                    if moves:
                        board.send("position startpos" + (" moves " + " ".join(moves[:-1]) if len(moves) > 1 else ""))
                        board.send("d")
                        before = board.read_until(lambda l: l.startswith("Fen: "), 10)[-1][5:]
                    search = {"fen": fen, "before": before, "t_position": time.monotonic()}
                engine.send(position)
                t0 = time.monotonic()
                if search:
                    search["t_go"] = t0
                engine.send(go)
                best = engine.read_until(lambda l: l.startswith("bestmove "), 60)[-1]
                took = time.monotonic() - t0
                if search:
                    search["t_bestmove"] = time.monotonic()
                    searches.append(search)
                clock[side] -= took
                if clock[side] < 0:
                    result = ("0-1" if side == "w" else "1-0") + " (time)"
                    break
                clock[side] += inc
                move = best.split()[1]
                if move == "(none)":
                    result = "checkmate or stalemate"
                    break
                moves.append(move)
            results.append(result)
            print("game %2d: glossfish %s, %d plies, %s" % (
                game + 1, "white" if white_is_gf else "black", len(moves), result), flush=True)
        match_seconds = time.monotonic() - t_start

        # Idle: nothing sent; glossfish and its engines must not use the CPU.
        gf.sync()
        time.sleep(1.0)
        cpu0 = cpu_seconds(gf.proc.pid)
        time.sleep(10.0)
        idle_cpu = cpu_seconds(gf.proc.pid) - cpu0
    finally:
        for e in (gf, sf, board):
            e.quit()
        server.shutdown()

    # Every glossfish line must fall within a search of glossfish and name its position.
    stale, lags, kinds = [], [], {}
    products = [(t, l) for t, l in gf.log if l.startswith("info string glossfish.")]
    for t, line in products:
        kind, j = glossfish_lines([line])[0]
        owner = next((s for s in searches if s["t_go"] <= t <= s["t_bestmove"]), None)
        # Products about the last move name the position before it (the position itself when
        # it has no moves); trees and lines name the searched position.
        want = None if owner is None else (
            owner["before"] or owner["fen"] if kind in BEFORE_KINDS else owner["fen"])
        if owner is None or j.get("fen") != want:
            stale.append(line[:200])
            continue
        kinds[kind if kind != "error" else "error " + j.get("code", "")] = kinds.get(
            kind if kind != "error" else "error " + j.get("code", ""), 0) + 1
        lags.append(t - owner["t_position"])
    print("match: %d games in %.0f s, %d glossfish searches; results %s" % (
        len(results), match_seconds, len(searches), {r: results.count(r) for r in set(results)}))
    print("products delivered: %s; stale lines: %d" % (kinds, len(stale)))
    with_move = sum(1 for s in searches if s["before"])
    print("share of searches with their product: %s" % ", ".join(
        "%s %.0f%%" % (k, 100.0 * n / (with_move if k in ("quality", "comment") else len(searches)))
        for k, n in sorted(kinds.items()) if not k.startswith("error")))
    if lags:
        print("lag from position to product: median %.3f s, p95 %.3f s, max %.3f s" % (
            statistics.median(lags), percentile(lags, 95), max(lags)))
    print("CPU of glossfish and its engines in 10 idle s: %.2f s (load average %s)" % (
        idle_cpu, " ".join("%.2f" % x for x in os.getloadavg())))
    if stale:
        failures.append("%d stale lines, e.g. %s" % (len(stale), stale[:3]))
    if kinds.get("quality", 0) < 0.1 * with_move:
        failures.append("quality labels in only %d of %d searches" % (kinds.get("quality", 0), with_move))
    if lags and max(lags) > 30:
        failures.append("lag above 30 s: %.1f" % max(lags))
    if idle_cpu > 0.2:
        failures.append("idle CPU %.2f s in 10 s" % idle_cpu)
    for f in failures:
        print("FAIL:", f)
    print("clocked match: %d passed, %d failed" % (0 if failures else 1, 1 if failures else 0))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
