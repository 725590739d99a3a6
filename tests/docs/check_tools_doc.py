#!/usr/bin/env python3
"""Fails when docs/tools.md is not what docs/gen_tools.py prints for the built binary.

Usage: check_tools_doc.py SOURCE_DIR BINARY
"""
import difflib
import os
import subprocess
import sys


def main():
    if len(sys.argv) != 3:
        print("usage: check_tools_doc.py SOURCE_DIR BINARY", file=sys.stderr)
        return 2
    root, binary = sys.argv[1], sys.argv[2]
    script = os.path.join(root, "docs", "gen_tools.py")
    done = subprocess.run([sys.executable, script, binary], capture_output=True, text=True,
                          timeout=600)
    if done.returncode != 0:
        print(f"docs/gen_tools.py failed ({done.returncode}): {done.stderr.strip()}")
        return 1
    path = os.path.join(root, "docs", "tools.md")
    with open(path, encoding="utf-8") as f:
        current = f.read()
    if current == done.stdout:
        print("docs/tools.md is up to date")
        return 0
    diff = difflib.unified_diff(current.splitlines(), done.stdout.splitlines(),
                                "docs/tools.md", "generated", lineterm="", n=1)
    for line in list(diff)[:40]:
        print(line)
    print("docs/tools.md differs from the tools the binary declares: run "
          "docs/gen_tools.py build/glossfish > docs/tools.md")
    return 1


if __name__ == "__main__":
    sys.exit(main())
