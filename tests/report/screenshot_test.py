#!/usr/bin/env python3
"""Builds a game report of a sample game, opens it in headless Chromium, takes a screenshot and
checks that it shows what the page lays out: the win% graph (its dark plot area, the light area
under the curve, a red blunder marker) and, below it, a board (8 x 8 squares alternating light
and dark, with white and black pieces on it). The PNG is decoded with the standard library.

usage: screenshot_test.py GLOSSFISH_BIN SAMPLE.pgn [--keep OUT.png] [--depth D]
Exit 77 (skipped) when no chromium is installed (.ci/install installs it)."""
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

LIGHT, DARK = (0xF0, 0xD9, 0xB5), (0xB5, 0x88, 0x63)


def decode_png(data):
    """Returns (width, height, rows): rows[y] is a bytearray of RGB triples (8-bit RGB/RGBA)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width, height, ctype = 8, b"", 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and interlace == 0, (depth, ctype, interlace)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    bpp = 4 if ctype == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        f = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        if f == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif f in (1, 3, 4):
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b = prev[x]
                if f == 1:
                    line[x] = (line[x] + a) & 255
                elif f == 3:
                    line[x] = (line[x] + (a + b) // 2) & 255
                else:
                    c = prev[x - bpp] if x >= bpp else 0
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                    line[x] = (line[x] + pred) & 255
        prev = line
        if bpp == 4:
            line = bytearray(b for k, b in enumerate(line) if k % 4 != 3)
        rows.append(line)
    return width, height, rows


def pixel(rows, x, y):
    r = rows[y]
    return (r[3 * x], r[3 * x + 1], r[3 * x + 2])


def near(p, q, tol=6):
    return all(abs(a - b) <= tol for a, b in zip(p, q))


def runs(rows, y, width):
    """The runs of light (L) and dark (D) square colour along row y: [(kind, start, length)]."""
    out, kind, start = [], None, 0
    for x in range(width + 1):
        p = pixel(rows, x, y) if x < width else (0, 0, 0)
        k = "L" if near(p, LIGHT, 2) else "D" if near(p, DARK, 2) else None
        if k != kind:
            if kind:
                out.append((kind, start, x - start))
            kind, start = k, x
    return out


def find_board(rows, width, height, below):
    """The first board under y = below: (left, top, square) from the first row that crosses
    eight touching squares of alternating colours and equal size near their top edge."""
    for y in range(below, height):
        r = [t for t in runs(rows, y, width) if t[2] >= 20]
        for k in range(len(r) - 7):
            eight = r[k:k + 8]
            size = eight[0][2]
            if all(eight[j][0] != eight[j + 1][0] for j in range(7)) and \
                    all(abs(t[2] - size) <= 2 for t in eight) and \
                    all(abs(eight[j + 1][1] - eight[j][1] - eight[j][2]) <= 1 for j in range(7)):
                return eight[0][1], y, size
    return None


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def screenshot(binary, sample, depth, keep):
    """Reports sample, checks the HTML, and returns the PNG bytes of Chromium's screenshot."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    with tempfile.TemporaryDirectory(prefix="glossfish-report-") as tmp:
        html = os.path.join(tmp, "report.html")
        run = subprocess.run([binary, "report", sample, "-o", html, "--depth", str(depth)],
                             capture_output=True, text=True, timeout=300)
        if run.returncode != 0:
            fail("glossfish report exited %d: %s" % (run.returncode, run.stderr))
        page = open(html, encoding="utf-8").read()
        # The hostile tag and comment are text, not scripts: our own script is the only one.
        if page.count("<script") != 1:
            fail("expected exactly one <script> element, got %d" % page.count("<script"))
        if "alert(&#39;tag&#39;)" not in page or "alert(&#39;comment&#39;)" not in page:
            fail("hostile PGN text not found escaped")
        # The script: opened at a labelled move's anchor, it marks that card and its graph marker.
        moment = re.search(r'<div class="moment (\w+)[^"]*" id="(g1-m\d+)"', page)
        if not moment:
            fail("no labelled move in the report")
        dom = subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
             "--no-first-run", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--user-data-dir=" + os.path.join(tmp, "profile-dom"),
             "--dump-dom", "file://" + html + "#" + moment.group(2)],
            capture_output=True, text=True, timeout=240).stdout
        card = 'class="moment %s current" id="%s"' % (moment.group(1), moment.group(2))
        marker = re.search(r'<circle class="mark \w+ current" data-move="%s"' % moment.group(2), dom)
        if card not in dom or not marker:
            fail("the script did not mark %s (card %s, marker %s)"
                 % (moment.group(2), card in dom, bool(marker)))
        print("script marked", moment.group(2))
        png = os.path.join(tmp, "shot.png")
        cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
               "--no-first-run", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--hide-scrollbars",
               "--user-data-dir=" + os.path.join(tmp, "profile"),
               "--window-size=1280,1400", "--screenshot=" + png, "file://" + html]
        shot = subprocess.run(cmd, capture_output=True, text=True, timeout=240)
        if not os.path.exists(png):
            fail("chromium wrote no screenshot (exit %d): %s"
                 % (shot.returncode, shot.stderr[-2000:]))
        data = open(png, "rb").read()
        if keep:
            shutil.copyfile(png, keep)
        return data


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        print(__doc__)
        return 2
    binary, sample = args[0], args[1]
    keep = args[args.index("--keep") + 1] if "--keep" in args else None
    depth = int(args[args.index("--depth") + 1]) if "--depth" in args else 8
    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        print("SKIP: no chromium (run .ci/install)")
        return 77
    width, height, rows = decode_png(screenshot(binary, sample, depth, keep))
    print("screenshot %dx%d" % (width, height))
    colours = set()
    for y in range(0, height, 8):
        for x in range(0, width, 8):
            colours.add(pixel(rows, x, y))
    if len(colours) < 20:
        fail("the screenshot looks blank (%d colours)" % len(colours))

    # The graph: the dark plot area, wide, with the light area in it and a red blunder marker.
    # Rows crossing the plot hold hundreds of its pixels (stray anti-aliased ones elsewhere don't).
    plot_rows = []
    for y in range(height):
        xs = [x for x in range(0, width, 2) if pixel(rows, x, y) == (0x4A, 0x4A, 0x4A)]
        if len(xs) >= 100:
            plot_rows.append((y, min(xs), max(xs)))
    if not plot_rows:
        fail("no win% graph on the screenshot")
    gy0, gy1 = plot_rows[0][0], plot_rows[-1][0]
    gx0, gx1 = min(r[1] for r in plot_rows), max(r[2] for r in plot_rows)
    print("graph plot area (%d,%d)-(%d,%d)" % (gx0, gy0, gx1, gy1))
    if gx1 - gx0 < 400 or gy1 - gy0 < 60:
        fail("the graph's plot area is too small")
    area = red = 0
    for y in range(max(0, gy0 - 8), min(height, gy1 + 9)):
        for x in range(gx0, gx1 + 1):
            p = pixel(rows, x, y)
            area += gy0 <= y <= gy1 and near(p, (0xF4, 0xF4, 0xF4), 3)
            red += near(p, (0xDF, 0x53, 0x53), 12)
    print("graph: %d light-area px, %d blunder-marker px" % (area, red))
    if area < 2000:
        fail("the graph has no light area")
    if red < 20:
        fail("no blunder marker on the graph")

    # The first board, below the graph: 8 x 8 squares alternating light and dark (a8 light),
    # checked near each square's top-right corner where no piece or coordinate is drawn (a square tinted for
    # the last move may differ), with white and black pieces on it.
    board = find_board(rows, width, height, gy1)
    if not board:
        fail("no board below the graph")
    left, top, size = board
    print("first board at (%d,%d), squares of %d px" % (left, top, size))
    if top + 8 * size > height:
        fail("the first board does not fit on the screenshot")
    matches = 0
    for rank in range(8):
        for file in range(8):
            want = LIGHT if (rank + file) % 2 == 0 else DARK
            matches += near(pixel(rows, left + file * size + size - 4, top + rank * size + 3), want, 3)
    print("squares of the expected colour: %d of 64" % matches)
    if matches < 58:
        fail("the board's squares do not alternate")
    white_piece = black_piece = 0
    for y in range(top, top + 8 * size):
        for x in range(left, left + 8 * size, 2):
            p = pixel(rows, x, y)
            white_piece += p == (255, 255, 255)
            black_piece += near(p, (0x2B, 0x2B, 0x2B), 3)
    print("first board: %d white-piece px, %d black-piece px (every 2nd column)"
          % (white_piece, black_piece))
    if white_piece < 300 or black_piece < 300:
        fail("no pieces on the first board")
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
