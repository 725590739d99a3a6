#!/usr/bin/env python3
"""Checks that every relative link and #anchor in README.md and docs/*.md resolves.

Usage: check_links.py SOURCE_DIR. Anchors follow GitHub: the heading text lowercased, every
character that is not a letter, digit, space, '-' or '_' removed, spaces turned into '-', and
a repeated heading suffixed -1, -2, ... Links inside fenced code and inline code are not links.
Exit 0 when all resolve; 1 with one line per broken link otherwise.
"""
import os
import re
import sys
from urllib.parse import unquote

LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def slug(text):
    """The GitHub anchor of a heading's text."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def prose_lines(path):
    """The (line number, text) pairs of a Markdown file outside fenced code blocks."""
    fence = None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            stripped = line.lstrip()
            marker = stripped[:3]
            if marker in ("```", "~~~"):
                if fence is None:
                    fence = marker
                elif fence == marker:
                    fence = None
                continue
            if fence is None:
                yield number, line.rstrip("\n")


def anchors(path):
    """Every anchor a Markdown file defines, with GitHub's suffixes for repeated headings."""
    seen, out = {}, set()
    for _, line in prose_lines(path):
        m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        s = slug(m.group(1))
        n = seen.get(s, 0)
        seen[s] = n + 1
        out.add(s if n == 0 else f"{s}-{n}")
    for _, line in prose_lines(path):
        out.update(re.findall(r"<a\s+(?:name|id)=\"([^\"]+)\"", line))
    return out


def links(path):
    """The (line number, target) of every Markdown link outside code."""
    for number, line in prose_lines(path):
        line = re.sub(r"`[^`]*`", "", line)
        for m in LINK.finditer(line):
            yield number, m.group(1)


def main():
    if len(sys.argv) != 2:
        print("usage: check_links.py SOURCE_DIR", file=sys.stderr)
        return 2
    root = os.path.abspath(sys.argv[1])
    docs = os.path.join(root, "docs")
    files = [os.path.join(root, "README.md")] + sorted(
        os.path.join(docs, f) for f in os.listdir(docs) if f.endswith(".md"))
    cache = {}
    broken = []
    for path in files:
        for number, target in links(path):
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):
                continue  # http:, https:, mailto:: not checked offline
            file_part, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(path), unquote(file_part))) \
                if file_part else path
            where = f"{os.path.relpath(path, root)}:{number}: '{target}'"
            if not os.path.exists(dest):
                broken.append(f"{where}: no file {os.path.relpath(dest, root)}")
                continue
            if anchor:
                if not dest.endswith(".md"):
                    broken.append(f"{where}: an anchor into a file that is not Markdown")
                    continue
                if dest not in cache:
                    cache[dest] = anchors(dest)
                if anchor not in cache[dest]:
                    broken.append(f"{where}: no heading with anchor #{anchor} in "
                                  f"{os.path.relpath(dest, root)}")
    for b in broken:
        print(b)
    if broken:
        print(f"{len(broken)} broken link(s)")
        return 1
    print(f"all links resolve in {len(files)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
