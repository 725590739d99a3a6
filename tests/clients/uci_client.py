"""A small stdlib UCI client, used by the client tests: it drives an engine over pipes with
deadlines and, like python-chess, keeps only what arrives before each search's bestmove (lines
read later are counted as "late" and never attributed to that search)."""
import json
import os
import queue
import subprocess
import threading
import time


class Engine:
    def __init__(self, argv, env=None):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=env, bufsize=0)
        self.lines = queue.Queue()
        self.log = []  # (arrival time, line) of every line, read or not
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.err = []
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read(self):
        for raw in self.proc.stdout:
            item = (time.monotonic(), raw.decode("utf-8", "replace").rstrip("\r\n"))
            self.log.append(item)
            self.lines.put(item)
        self.lines.put((time.monotonic(), None))

    def _read_err(self):
        for raw in self.proc.stderr:
            self.err.append(raw.decode("utf-8", "replace"))

    def send(self, line):
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def read_until(self, pred, timeout):
        """Lines through the first one for which pred is true; raises on timeout or EOF."""
        out, deadline = [], time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching line within %.1f s; got %r" % (timeout, out[-5:]))
            try:
                _, line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise EOFError("the engine closed its output; got %r" % out[-5:])
            out.append(line)
            if pred(line):
                return out

    def drain(self, seconds):
        """Every line that arrives within seconds."""
        out, deadline = [], time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return out
            try:
                _, line = self.lines.get(timeout=left)
            except queue.Empty:
                return out
            if line is None:
                return out
            out.append(line)

    def handshake(self, timeout=30):
        self.send("uci")
        return self.read_until(lambda l: l == "uciok", timeout)

    def sync(self, timeout=10):
        self.send("isready")
        return self.read_until(lambda l: l == "readyok", timeout)[:-1]

    def search(self, go, timeout=120):
        """Sends go; returns the lines up to and including bestmove (what python-chess keeps)."""
        self.send(go)
        return self.read_until(lambda l: l.startswith("bestmove "), timeout)

    def quit(self, timeout=10):
        try:
            self.send("quit")
        except BrokenPipeError:
            pass
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return None


def glossfish_lines(lines, kind=None):
    """(kind, json) of every `info string glossfish.<kind> {...}` line."""
    out = []
    for l in lines:
        if not l.startswith("info string glossfish."):
            continue
        head, _, body = l[len("info string glossfish."):].partition(" ")
        if kind is None or head == kind:
            out.append((head, json.loads(body)))
    return out


def cpu_seconds(pid):
    """utime + stime of pid and its live children (glossfish and its Stockfish processes)."""
    ticks = os.sysconf("SC_CLK_TCK")

    def one(p):
        try:
            with open("/proc/%d/stat" % p) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / ticks
        except (OSError, IndexError, ValueError):
            return 0.0

    total = one(pid)
    try:
        for task in os.listdir("/proc/%d/task" % pid):
            with open("/proc/%d/task/%s/children" % (pid, task)) as f:
                for child in f.read().split():
                    total += one(int(child))
    except OSError:
        pass
    return total
