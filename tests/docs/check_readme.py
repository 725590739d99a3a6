#!/usr/bin/env python3
"""Fails when README.md is longer than 420 lines or does not start with the two commands.

Usage: check_readme.py SOURCE_DIR. The first code block of README.md must be exactly the two
commands for a fresh machine, and it must open within the first 20 lines.
"""
import os
import sys

MAX_LINES = 420
FIRST_BLOCK_BY = 20
COMMANDS = [
    "```sh",
    ".ci/demo   # install, build; perft, a label, a strategy tree, the classic games "
    "annotated, TEPP, verify",
    ".ci/test   # install, build, fast tests (release, ASan/UBSan), concurrency tests (TSan), "
    "20 s of each fuzzer",
    "```",
]


def main():
    if len(sys.argv) != 2:
        print("usage: check_readme.py SOURCE_DIR", file=sys.stderr)
        return 2
    with open(os.path.join(sys.argv[1], "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    errors = []
    if len(lines) > MAX_LINES:
        errors.append(f"README.md has {len(lines)} lines, over the limit of {MAX_LINES}: "
                      "move detail to docs/")
    start = next((i for i, line in enumerate(lines) if line.startswith("```")), None)
    if start is None:
        errors.append("README.md has no code block; it must start with the two commands")
    else:
        if start >= FIRST_BLOCK_BY:
            errors.append(f"the first code block of README.md opens on line {start + 1}, "
                          f"after line {FIRST_BLOCK_BY}")
        if lines[start:start + len(COMMANDS)] != COMMANDS:
            errors.append("the first code block of README.md is not the two commands:\n  " +
                          "\n  ".join(COMMANDS))
    for e in errors:
        print(e)
    if not errors:
        print(f"README.md: {len(lines)} lines, starts with the two commands")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
