#!/usr/bin/env python3
"""Fails when a generated page of docs/ is not what its generator prints for the built binary:
docs/tools.md (docs/gen_tools.py) and docs/settings.md (docs/gen_settings.py).

Usage: check_tools_doc.py SOURCE_DIR BINARY [NAME]   NAME: tools (default) or settings
"""
import difflib
import os
import re
import subprocess
import sys


def main():
    if len(sys.argv) not in (3, 4):
        print("usage: check_tools_doc.py SOURCE_DIR BINARY [tools|settings]", file=sys.stderr)
        return 2
    root, binary = sys.argv[1], sys.argv[2]
    name = sys.argv[3] if len(sys.argv) == 4 else "tools"
    script = os.path.join(root, "docs", "gen_%s.py" % name)
    done = subprocess.run([sys.executable, script, binary], capture_output=True, text=True,
                          timeout=600)
    if done.returncode != 0:
        print(f"docs/gen_{name}.py failed ({done.returncode}): {done.stderr.strip()}")
        return 1
    path = os.path.join(root, "docs", name + ".md")
    with open(path, encoding="utf-8") as f:
        current = f.read()
    if name == "tools":
        # The README's count of tools is the binary's.
        listed = subprocess.run([binary, "tools"], capture_output=True, text=True, timeout=60)
        # The tools of group "model" ask a language model: not deterministic, not counted.
        count = len([l for l in listed.stdout.splitlines()
                     if l.strip() and l.split()[1:2] != ["model"]])
        with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
            readme = f.read()
        said = re.search(r"(\d+) deterministic JSON tools", readme)
        if not said or int(said.group(1)) != count:
            print(f"README.md says {said.group(1) if said else 'no'} deterministic JSON tools; "
                  f"`{binary} tools` lists {count}")
            return 1
    if current == done.stdout:
        print(f"docs/{name}.md is up to date")
        return 0
    diff = difflib.unified_diff(current.splitlines(), done.stdout.splitlines(),
                                f"docs/{name}.md", "generated", lineterm="", n=1)
    for line in list(diff)[:40]:
        print(line)
    print(f"docs/{name}.md differs from what the binary declares: run "
          f"docs/gen_{name}.py build/glossfish > docs/{name}.md")
    return 1


if __name__ == "__main__":
    sys.exit(main())
