#!/usr/bin/env python3
"""Prints docs/tools.md, the tool reference, from what a glossfish binary declares.

Usage: docs/gen_tools.py BINARY > docs/tools.md

Reads `BINARY tools --schema` (the OpenAI tools array: name, description, typed arguments)
and `BINARY tools` (each tool's group and whether it needs the engine). Every tool gets a
section with its arguments and an example call made from the schema; the example of each
tool that needs no engine is run through `BINARY tool` and its answer shown, so an example
that stops working fails here. python3 standard library only.
"""
import json
import subprocess
import sys

# The position of every example: the Ruy Lopez after 3.Bb5, Black to move.
EXAMPLE_FEN = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
# Squares of the example by argument name; any other square argument gets "c6".
EXAMPLE_SQUARES = {"square": "c6", "from": "b5", "to": "e8"}
# Moves of the example position: one move, a legal sequence, alternatives for Black.
EXAMPLE_MOVE = "a6"
EXAMPLE_SEQUENCE = ["a6", "Ba4", "Nf6"]
EXAMPLE_ALTERNATIVES = ["a6", "Nf6", "d6", "Bc5", "f5", "g6", "Nge7", "Nd4"]
ANSWER_LIMIT = 600  # characters of an example answer shown


def run(binary, *args):
    """The stdout of BINARY ARGS; exits with a message when it fails."""
    done = subprocess.run([binary, *args], capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        sys.exit(f"gen_tools.py: '{binary} {' '.join(args)}' exited with {done.returncode}: "
                 f"{done.stderr.strip()}")
    return done.stdout


def groups(listing):
    """name -> (group, needs_engine) from the lines of `glossfish tools`."""
    out = {}
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) >= 2:
            out[fields[0]] = (fields[1], line.rstrip().endswith("[engine]"))
    return out


def is_fen(name, prop):
    """Whether an argument is a position."""
    return name == "fen" or "in FEN" in prop.get("description", "")


def type_text(name, prop):
    """The argument's type and bounds in words."""
    kind = prop.get("type", "any")
    if is_fen(name, prop):
        return "FEN string"
    if "enum" in prop:
        return "one of " + ", ".join(f"`{v}`" for v in prop["enum"])
    if prop.get("pattern") == "^[a-h][1-8]$":
        return "square (`a1`…`h8`)"
    if prop.get("pattern") == "^[a-h]$":
        return "file (`a`…`h`)"
    if kind in ("integer", "number"):
        low, high = prop.get("minimum"), prop.get("maximum")
        if low is not None and high is not None:
            return f"{kind} {fmt(low)}–{fmt(high)}"
        if low is not None:
            return f"{kind} ≥ {fmt(low)}"
        if high is not None:
            return f"{kind} ≤ {fmt(high)}"
        return kind
    if kind == "array":
        item = prop.get("items", {}).get("type", "any")
        low, high = prop.get("minItems"), prop.get("maxItems")
        count = ""
        if low is not None and high is not None:
            count = f", {low}–{high} items"
        elif high is not None:
            count = f", at most {high} items"
        elif low is not None:
            count = f", at least {low} items"
        return f"array of {item}s{count}"
    return kind


def fmt(value):
    """A number as written in the schema, without a needless .0."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return json.dumps(value)


def example_value(name, prop):
    """A value for a required argument that is valid in the example position."""
    if is_fen(name, prop):
        return EXAMPLE_FEN
    if "default" in prop:
        return prop["default"]
    if "enum" in prop:
        return prop["enum"][0]
    if prop.get("pattern") == "^[a-h][1-8]$":
        return EXAMPLE_SQUARES.get(name, "c6")
    if prop.get("pattern") == "^[a-h]$":
        return "e"
    kind = prop.get("type")
    if kind in ("integer", "number"):
        return prop.get("minimum", 1)
    if kind == "boolean":
        return False
    if kind == "array":
        low = prop.get("minItems", 0)
        if low >= 2:  # alternatives: several moves from the same position
            return EXAMPLE_ALTERNATIVES[:low]
        return EXAMPLE_SEQUENCE
    return EXAMPLE_MOVE


def argument_table(params):
    """The Markdown table of a tool's arguments, required ones first."""
    props = params.get("properties", {})
    required = params.get("required", [])
    names = [n for n in required if n in props] + sorted(n for n in props if n not in required)
    if not names:
        return ["No arguments."]
    rows = ["| argument | type | required | default | description |",
            "| --- | --- | --- | --- | --- |"]
    for n in names:
        p = props[n]
        default = f"`{json.dumps(p['default'])}`" if "default" in p else ""
        description = p.get("description", "").replace("|", "\\|")
        rows.append(f"| `{n}` | {type_text(n, p)} | {'yes' if n in required else 'no'} | "
                    f"{default} | {description} |")
    return rows


def shell_quote(text):
    """TEXT in single quotes for sh."""
    return "'" + text.replace("'", "'\\''") + "'"


def section(binary, tool, group, needs_engine):
    """The Markdown section of one tool."""
    f = tool["function"]
    name, params = f["name"], f["parameters"]
    props = params.get("properties", {})
    args = {n: example_value(n, props[n]) for n in params.get("required", []) if n in props}
    args_json = json.dumps(args, ensure_ascii=False)
    lines = [f"## `{name}`", "",
             f"Group: {group}. " + ("Needs the engine (Stockfish)." if needs_engine
                                    else "Answers from the rules core, no engine."),
             "", f["description"], ""]
    lines += argument_table(params)
    lines += ["", "```sh", f"glossfish tool {name} {shell_quote(args_json)}", "```"]
    if not needs_engine:
        answer = run(binary, "tool", name, args_json).strip()
        if len(answer) > ANSWER_LIMIT:
            answer = answer[:ANSWER_LIMIT] + " …"
        lines += ["", "answers", "", "```json", answer, "```"]
    return lines


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: docs/gen_tools.py BINARY > docs/tools.md")
    binary = sys.argv[1]
    schema = json.loads(run(binary, "tools", "--schema"))
    kinds = groups(run(binary, "tools"))
    out = ["# Tool reference", "",
           "<!-- Generated by docs/gen_tools.py from `glossfish tools --schema`; do not edit. -->",
           "",
           "Generated from `glossfish tools --schema` and `glossfish tools` by",
           "`docs/gen_tools.py build/glossfish > docs/tools.md`; the fast test `docs.tools` fails",
           "when this file differs from what the script prints. How to call a tool (command line,",
           "UCI, C plugin, batches), the error codes and what each group is for:",
           "[the tool suite](tool-suite.md). Unknown arguments are refused by name. Every example",
           f"uses the Ruy Lopez after 3.Bb5 (`{EXAMPLE_FEN}`) and gives the required arguments",
           "only; the answers shown are the binary's own, except for engine tools, whose answers",
           "depend on the search.",
           "", "| tool | group | engine | summary |", "| --- | --- | --- | --- |"]
    for tool in schema:
        name = tool["function"]["name"]
        group, engine = kinds.get(name, ("?", False))
        summary = tool["function"]["description"].split(". ")[0].rstrip(".") + "."
        summary = summary.replace("|", "\\|")
        out.append(f"| [`{name}`](#{name}) | {group} | {'yes' if engine else 'no'} | {summary} |")
    for tool in schema:
        name = tool["function"]["name"]
        if name not in kinds:
            sys.exit(f"gen_tools.py: '{name}' is in the schema but not in `glossfish tools`")
        out.append("")
        out += section(binary, tool, *kinds[name])
    print("\n".join(out))


if __name__ == "__main__":
    main()
