#!/usr/bin/env python3
"""The live page in headless Chromium after a scripted UCI session: glossfish analyses the
position after 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 (go depth 12) with the page on; Chromium's DOM must
hold the label (Nf6??, blunder, its text, and its reasons when the label has them) and the best
line 4. Qxf7#, its screenshot must not be blank and must show a board; then, with the page open
in a Chromium tab driven through the DevTools protocol (python3-websocket), the GUI's next
`position` (4.Qxf7#) changes that same page without a reload, and a fresh load shows it too.

Then, in analysis with MultiPV 3 after 1.e4 e5 2.Nf3 f6 3.Nxe5 fxe5 (go infinite): the graph's
last point is the running search, ringed and marked live, and moves as it deepens; line 1 of
the LINES table is "best" with each badge inside its own row; "book move" stands beside the
label; at 1400x1000 and at a phone's 390 px nothing runs off the side; after `stop` the live
mark goes.

usage: live_page_test.py GLOSSFISH_BIN [--keep DIR] [--full]
--keep DIR keeps the screenshots; --full also turns on MultiPV 3 and the strategy tree (the
screenshot in docs/gui.md).
Exit 77 (skipped) when no chromium is installed (.ci/install installs it)."""
import base64
import html
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

try:
    import websocket
except ImportError:  # Debian's python3-websocket, when python3 is not Debian's own
    sys.path.append("/usr/lib/python3/dist-packages")
    import websocket

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "report"))
from screenshot_test import DARK, LIGHT, decode_png, find_board, near, pixel  # noqa: E402

MOVES = "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6"
# 1.e4 e5 2.Nf3 f6 3.Nxe5 fxe5: on a named line (the Damiano Gambit) and costly.
DAMIANO = "e2e4 e7e5 g1f3 f7f6 f3e5 f6e5"
AFTER_MATE = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


class Engine:
    """glossfish over pipes; lines are queued by a reader thread."""

    def __init__(self, binary, env):
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1, env=env)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def expect(self, prefix, timeout=60):
        """Lines through the first that starts with prefix."""
        seen, deadline = [], time.time() + timeout
        while time.time() < deadline:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.time()))
            except queue.Empty:
                break
            seen.append(line)
            if line.startswith(prefix):
                return seen
        fail("no line starting with %r within %d s; got %s" % (prefix, timeout, seen[-5:]))

    def quit(self):
        self.send("quit")
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def chromium_args(chromium, profile):
    return [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--hide-scrollbars", "--user-data-dir=" + profile]


def dump_dom(chromium, tmp, name, url):
    run = subprocess.run(chromium_args(chromium, os.path.join(tmp, "profile-" + name)) +
                         ["--timeout=3000", "--dump-dom", url],
                         capture_output=True, text=True, timeout=240)
    return run.stdout


def screenshot(chromium, tmp, name, url):
    png = os.path.join(tmp, name + ".png")
    shot = subprocess.run(chromium_args(chromium, os.path.join(tmp, "profile-shot-" + name)) +
                          ["--window-size=1200,1100",
                           "--screenshot=" + png, url],
                          capture_output=True, text=True, timeout=240)
    if not os.path.exists(png):
        fail("chromium wrote no screenshot (exit %d): %s" % (shot.returncode, shot.stderr[-2000:]))
    return png


def check_screenshot(png):
    width, height, rows = decode_png(open(png, "rb").read())
    colours = {pixel(rows, x, y) for y in range(0, height, 8) for x in range(0, width, 8)}
    print("%s: %dx%d, %d colours" % (os.path.basename(png), width, height, len(colours)))
    if len(colours) < 20:
        fail("the screenshot looks blank (%d colours)" % len(colours))
    board = find_board(rows, width, height, 0)
    if not board:
        fail("no board on the screenshot")
    left, top, size = board

    def rank_at(t):
        """Whether the 8 squares under row t alternate light and dark (3 may be tinted or crossed)."""
        if t < 0:
            return False
        good = 0
        for f in range(8):
            p = pixel(rows, left + f * size + size - 4, t + 3)
            good += near(p, LIGHT, 3) or near(p, DARK, 3)
        return good >= 5

    # The first clean row of squares may be below the top rank (the last move tints squares).
    while rank_at(top - size):
        top -= size
    white = black = 0
    for y in range(top, min(height, top + 8 * size)):
        for x in range(left, min(width, left + 8 * size), 2):
            p = pixel(rows, x, y)
            white += p == (255, 255, 255)
            black += near(p, (0x2B, 0x2B, 0x2B), 3)
    print("board at (%d,%d), squares of %d px; %d white-piece px, %d black-piece px"
          % (left, top, size, white, black))
    if white < 300 or black < 300:
        fail("no pieces on the board")


class Tab:
    """One headless Chromium tab that stays open, driven through the DevTools protocol."""

    def __init__(self, chromium, profile):
        self.proc = subprocess.Popen(chromium_args(chromium, profile) +
                                     ["--remote-debugging-port=0", "--window-size=1200,1100",
                                      "about:blank"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file, deadline = os.path.join(profile, "DevToolsActivePort"), time.time() + 120
        while not (os.path.exists(port_file) and open(port_file).read().strip()):
            if time.time() > deadline or self.proc.poll() is not None:
                fail("chromium did not open its DevTools port")
            time.sleep(0.1)
        port = open(port_file).read().split()[0]
        with urllib.request.urlopen("http://127.0.0.1:%s/json/list" % port, timeout=30) as r:
            pages = [t for t in json.load(r) if t.get("type") == "page"]
        if not pages:
            fail("chromium has no tab")
        self.ws = websocket.create_connection(pages[0]["webSocketDebuggerUrl"], timeout=60,
                                              suppress_origin=True)
        self.calls = 0

    def call(self, method, **params):
        self.calls += 1
        self.ws.send(json.dumps({"id": self.calls, "method": method, "params": params}))
        while True:  # events (no id) and nothing else come between
            reply = json.loads(self.ws.recv())
            if reply.get("id") == self.calls:
                if "error" in reply:
                    fail("%s: %s" % (method, reply["error"]))
                return reply["result"]

    def value(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result["result"].get("value")

    def wait_for(self, expression, timeout):
        """Polls expression until it is true; returns whether it became true."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.value(expression):
                return True
            time.sleep(0.1)
        return False

    def screenshot(self, png):
        with open(png, "wb") as out:
            out.write(base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"]))
        return png

    def close(self):
        try:
            self.ws.close()
        finally:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def analysis_phase(chromium, tmp, gf, url, keep):
    gf.send("setoption name MultiPV value 3")
    gf.send("setoption name UCI_AnalyseMode value true")
    gf.send("position startpos moves " + DAMIANO)
    gf.send("go infinite")
    tab = Tab(chromium, os.path.join(tmp, "profile-analysis"))
    try:
        tab.call("Page.navigate", url=url)
        ready = ("!!(document.querySelector('text.live') && "
                 "document.querySelectorAll('#lines tbody tr:not(.why)').length == 3 && "
                 "document.querySelector('#label .tag.book'))")
        if not tab.wait_for(ready, 90):
            fail("no live point (%s), three lines (%s) and the book tag (%s) during go infinite"
                 % (tab.value("!!document.querySelector('text.live')"),
                    tab.value("document.querySelectorAll('#lines tbody tr:not(.why)').length"),
                    tab.value("!!document.querySelector('#label .tag.book')")))
        first = tab.value("document.querySelector('text.live').textContent")
        if not re.match(r"^live, d\d+ \d+%$", first or ""):
            fail("the live mark reads %r" % first)
        if not tab.wait_for("!!document.querySelector('text.live') && "
                            "document.querySelector('text.live').textContent != %s"
                            % json.dumps(first), 30):
            fail("the live point did not move as the search deepened (%s)" % first)
        best = tab.value("document.querySelector('#lines tbody tr .chip').textContent")
        if best != "best":
            fail("line 1 is labelled %r, not best" % best)
        inside = tab.value("""Array.from(document.querySelectorAll('#lines tbody tr:not(.why)'))
            .every(function(r){var c=r.querySelector('.chip');if(!c)return true;
              var a=r.getBoundingClientRect(),b=c.getBoundingClientRect();
              return b.top>=a.top-1&&b.bottom<=a.bottom+1;})""")
        if not inside:
            fail("a label badge of the LINES table is outside its row")
        print("analysis: %s then %s; line 1 best; book tag; badges in their rows"
              % (first, tab.value("document.querySelector('text.live').textContent")))
        for name, width, height, mobile in [("wide", 1400, 1000, False),
                                            ("phone", 390, 844, True)]:
            tab.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                     deviceScaleFactor=1, mobile=mobile)
            time.sleep(0.5)
            over = tab.value("Math.max(document.documentElement.scrollWidth,"
                             "document.querySelector('.board svg').getBoundingClientRect().right)"
                             " - window.innerWidth")
            if over is None or over > 1:
                fail("at %d px the page runs %s px off the side" % (width, over))
            png = tab.screenshot(os.path.join(tmp, "analysis_%s.png" % name))
            if keep:
                shutil.copyfile(png, os.path.join(keep, "live_analysis_%s.png" % name))
            check_screenshot(png)
        gf.send("stop")
        gf.expect("bestmove")
        if not tab.wait_for("!document.querySelector('text.live')", 15):
            fail("the live mark stayed after the search ended")
    finally:
        tab.close()


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    binary = args[0]
    keep = args[args.index("--keep") + 1] if "--keep" in args else None
    full = "--full" in args
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("SKIP: no chromium (run .ci/install)")
        return 77
    with tempfile.TemporaryDirectory(prefix="glossfish-live-") as tmp:
        # The page is opened by the test's own Chromium, not by xdg-open.
        env = dict(os.environ, XDG_RUNTIME_DIR=tmp, DISPLAY="", WAYLAND_DISPLAY="")
        gf = Engine(binary, env)
        try:
            gf.send("uci")
            gf.expect("uciok")
            gf.send("setoption name Glossfish Live Page value true")
            line = gf.expect("info string glossfish.live ")[-1]
            url = json.loads(line[line.index("{"):])["url"]
            print("page at", url)
            listed = subprocess.run([binary, "live"], capture_output=True, text=True, env=env,
                                    timeout=30).stdout
            if url not in listed:
                fail("`glossfish live` does not list %s: %r" % (url, listed))
            if full:
                gf.send("setoption name MultiPV value 3")
                gf.send("setoption name Glossfish Tree value true")
                gf.send("setoption name Glossfish Tree Depth value 8")
            gf.send("position startpos moves " + MOVES)
            gf.send("go depth 12")
            lines = gf.expect("bestmove")
            quality = [json.loads(l[l.index("{"):]) for l in lines
                       if l.startswith("info string glossfish.quality ")]
            if not quality or quality[-1].get("label") != "blunder":
                fail("no blunder label for 3...Nf6: %s" % quality)
            label = quality[-1]

            dom = dump_dom(chromium, tmp, "first", url)
            for want in ["Nf6??", "blunder", html.escape(label["text"], quote=False),
                         "4. Qxf7#"]:
                if want not in dom:
                    fail("the page does not show %r" % want)
            for reason in label.get("reasons", []):
                text = reason if isinstance(reason, str) else reason.get("text", "")
                if html.escape(text, quote=False) not in dom:
                    fail("the page does not show the reason %r" % text)
            # The page's script ran and its event stream is open.
            if "following the engine" not in dom:
                fail("the page's script did not connect to the event stream")
            print("DOM: label, text, %d reasons, best line; the script follows the engine"
                  % len(label.get("reasons", [])))
            first_png = screenshot(chromium, tmp, "first", url)
            if keep:
                os.makedirs(keep, exist_ok=True)
                shutil.copyfile(first_png, os.path.join(keep, "live_first.png"))
            check_screenshot(first_png)

            # The page open in a tab; the GUI's next position must change it in place.
            tab = Tab(chromium, os.path.join(tmp, "profile-tab"))
            try:
                tab.call("Page.navigate", url=url)
                if not tab.wait_for("document.getElementById('status') && "
                                    "document.getElementById('status').textContent == "
                                    "'following the engine'", 60):
                    fail("the open page did not connect to the event stream")
                version = int(tab.value("document.getElementById('view').dataset.version"))
                tab.value("window.glossfishTestLoad = 'first'")  # gone if the page reloads
                gf.send("position startpos moves " + MOVES + " h5f7")
                gf.send("go depth 12")
                gf.expect("bestmove")
                if not tab.wait_for("document.getElementById('view').innerHTML.includes(%s)"
                                    % json.dumps(AFTER_MATE), 15):
                    fail("the open page did not show the position after 4.Qxf7#")
                if tab.value("window.glossfishTestLoad") != "first":
                    fail("the page reloaded instead of updating in place")
                after = int(tab.value("document.getElementById('view').dataset.version"))
                if after <= version:
                    fail("the view's version did not grow (%d -> %d)" % (version, after))
                print("open tab: the view after 4.Qxf7# arrived in place (version %d -> %d)"
                      % (version, after))
                live_png = tab.screenshot(os.path.join(tmp, "open.png"))
            finally:
                tab.close()
            if keep:
                shutil.copyfile(live_png, os.path.join(keep, "live_open.png"))
            check_screenshot(live_png)
            dom2 = dump_dom(chromium, tmp, "second", url)
            if dom2 == dom or AFTER_MATE not in dom2 or "4. Qxf7#" not in dom2:
                fail("the page did not change after the next position")
            second_png = screenshot(chromium, tmp, "second", url)
            if keep:
                shutil.copyfile(second_png, os.path.join(keep, "live_second.png"))
            check_screenshot(second_png)
            analysis_phase(chromium, tmp, gf, url, keep)
        finally:
            gf.quit()
        leftover = [n for n in os.listdir(os.path.join(tmp, "glossfish")) if n.endswith(".json")]
        if leftover:
            fail("address files left after quit: %s" % leftover)
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
