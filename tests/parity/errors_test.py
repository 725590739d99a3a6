#!/usr/bin/env python3
"""The same mistakes through every surface give the same error code. Every tool of the table
(`glossfish tools --schema`, so none is missed) is called with the same bad arguments through
the command line (`glossfish tool --jsonl`, ToolSuite::call), MCP (`glossfish mcp`, tools/call),
the C ABI (gf_call) and UCI (`tool NAME {json}`): no arguments, a wrong JSON type for each
argument, an unknown argument, a bad FEN, an illegal move, depth 999, and for verify neither
text nor claims, both, and claims it cannot read; for verbalize a tree with an illegal move,
concepts missing, and no language model (the environment's GLOSSFISH_LLM_* are removed). UCI's
own `verify` command must answer its mistakes with the verify tool's codes. Each code is also the one the mistake calls for, stated
here and not read from any surface. No call reaches a search: every mistake is found first.

usage: errors_test.py GLOSSFISH_BINARY LIBGLOSSFISH
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "clients"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "plugin", "examples"))
from example import Glossfish, load  # noqa: E402
from uci_client import Engine, glossfish_lines  # noqa: E402

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
BAD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"  # seven ranks
ILLEGAL = "Ke5"  # legal for neither side of the start position

failures = []


def check(what, ok, detail=""):
    if not ok:
        print("FAIL " + what + " -> " + str(detail)[:600])
        failures.append(what)


def valid_value(name, prop):
    """A value that passes the declaration's checks for an argument."""
    kind = prop.get("type")
    if name == "fen":
        return START
    if "enum" in prop:
        return prop["enum"][0]
    if prop.get("pattern") == "^[a-h][1-8]$":
        return "e2"
    if prop.get("pattern") == "^[a-h]$":
        return "e"
    if kind == "integer" or kind == "number":
        return prop.get("minimum", 1)
    if kind == "boolean":
        return False
    if kind == "array":
        return ["e4", "d4"]
    if name == "move":
        return "e4"
    return "x"


def wrong_value(prop):
    """A value of the wrong JSON type for an argument."""
    kind = prop.get("type")
    return 42 if kind in ("string", "array", "boolean") or isinstance(kind, list) else "x"


def cases(schema):
    """(label, tool, args, expected code or "ok") for every tool of the schema."""
    out = []
    for entry in schema:
        f = entry["function"]
        tool, props, required = f["name"], f["parameters"]["properties"], f["parameters"]["required"]
        base = {name: valid_value(name, props[name]) for name in required}
        if tool == "verify":
            base["text"] = "e4 controls d5."
        if required:
            out.append(("no arguments", tool, {}, "missing_argument"))
        for name, prop in props.items():
            out.append(("%s of the wrong type" % name, tool, dict(base, **{name: wrong_value(prop)}),
                        "bad_argument_type"))
        out.append(("an unknown argument", tool, dict(base, bogus=1), "unknown_argument"))
        if "fen" in props:
            # status reports an invalid FEN instead of failing.
            out.append(("a bad fen", tool, dict(base, fen=BAD_FEN),
                        "ok" if tool == "status" else "bad_fen"))
        if props.get("move", {}).get("type") == "string":
            # is_legal answers {"legal": false} for an illegal move.
            out.append(("an illegal move", tool, dict(base, move=ILLEGAL),
                        "ok" if tool == "is_legal" else "illegal_move"))
        if "depth" in props:
            out.append(("depth 999", tool, dict(base, depth=999), "bad_value"))
    verify = {"fen": START}
    out += [
        ("neither text nor claims", "verify", verify, "missing_argument"),
        ("both text and claims", "verify", dict(verify, text="x", claims=[]), "bad_arguments"),
        ("claims it cannot read", "verify", dict(verify, claims={"atoms": 3}), "bad_claims"),
        ("a bad fen in the claims", "verify", dict(verify, claims={"fen": BAD_FEN, "atoms": []}),
         "bad_fen"),
        ("an illegal move in the claims", "verify", dict(verify, claims={"move": ILLEGAL, "atoms": []}),
         "illegal_move"),
        # verbalize finds its mistakes, and the missing model, before any search or request.
        ("a tree with an illegal move", "verbalize", dict(verify, tree='{"%s": {}}' % ILLEGAL),
         "bad_value"),
        ("mode c without concepts", "verbalize", dict(verify, mode="c"), "missing_argument"),
        ("no language model", "verbalize", dict(verify, mode="c", concepts="fork"),
         "no_llm_endpoint"),
    ]
    return out


def code_of(answer):
    if isinstance(answer, dict) and "error" in answer:
        return answer["error"].get("code")
    return "ok"


def cli_codes(binary, calls):
    lines = "".join(json.dumps({"id": i, "tool": tool, "args": args}) + "\n"
                    for i, (_, tool, args, _) in enumerate(calls))
    done = subprocess.run([binary, "tool", "--jsonl"], input=lines, capture_output=True, text=True,
                          timeout=120)
    answers = {a["id"]: a for a in map(json.loads, done.stdout.splitlines())}
    return [code_of(answers.get(i, {"error": {"code": "no answer"}})) for i in range(len(calls))]


# The MCP server runs at most 64 calls at once and answers `busy` beyond: a server per chunk.
MCP_CHUNK = 40


def mcp_codes(binary, calls):
    answers = {}
    for start in range(0, len(calls), MCP_CHUNK):
        lines = [{"jsonrpc": "2.0", "id": 0, "method": "initialize",
                  "params": {"protocolVersion": "2025-06-18"}}]
        lines += [{"jsonrpc": "2.0", "id": i + 1, "method": "tools/call",
                   "params": {"name": tool, "arguments": args}}
                  for i, (_, tool, args, _) in enumerate(calls)
                  if start <= i < start + MCP_CHUNK]
        done = subprocess.run([binary, "mcp"],
                              input="".join(json.dumps(l) + "\n" for l in lines),
                              capture_output=True, text=True, timeout=120)
        answers.update({a.get("id"): a for a in map(json.loads, done.stdout.splitlines())
                        if a.get("id") != 0})
    out = []
    for i in range(len(calls)):
        result = answers.get(i + 1, {}).get("result")
        if result is None:
            out.append("no answer")
            continue
        text = json.loads(result["content"][0]["text"])
        check("mcp isError matches the answer (%s)" % calls[i][1],
              result["isError"] == ("error" in text), result)
        out.append(code_of(text))
    return out


def plugin_codes(library, calls):
    gf = Glossfish(load(library))
    try:
        return [code_of(gf.call_raw(tool.encode(), json.dumps(args).encode()))
                for _, tool, args, _ in calls]
    finally:
        gf.close()


def uci_codes(binary, calls):
    engine = Engine([binary])
    engine.handshake()
    engine.send("setoption name Glossfish Quality value false")
    engine.sync()
    out = []
    try:
        for _, tool, args, _ in calls:
            engine.send("tool %s %s" % (tool, json.dumps(args)))
            line = engine.read_until(lambda l: l.startswith("info string glossfish.tool "), 30)[-1]
            out.append(code_of(glossfish_lines([line])[0][1]["result"]))
    finally:
        engine.quit()
    return out


# UCI's `verify` command about the position's last move, and the verify tool's call it stands for.
UCI_VERIFY = [
    ("verify", {"fen": START}, "missing_argument"),
    ("verify text", {"fen": START}, "missing_argument"),
    ('verify {"atoms": 3}', {"fen": START, "claims": {"atoms": 3}}, "bad_claims"),
    ('verify {"fen": "%s", "atoms": []}' % BAD_FEN,
     {"fen": START, "claims": {"fen": BAD_FEN, "atoms": []}}, "bad_fen"),
    ('verify {"move": "%s", "atoms": []}' % ILLEGAL,
     {"fen": START, "claims": {"move": ILLEGAL, "atoms": []}}, "illegal_move"),
]


def uci_verify_codes(binary):
    engine = Engine([binary])
    engine.handshake()
    engine.send("setoption name Glossfish Quality value false")
    engine.send("position startpos")
    engine.sync()
    out = []
    try:
        for command, _, _ in UCI_VERIFY:
            engine.send(command)
            line = engine.read_until(lambda l: l.startswith("info string glossfish.error ") or
                                     l.startswith("info string glossfish.verify "), 30)[-1]
            kind, j = glossfish_lines([line])[0]
            out.append(j.get("code") if kind == "error" else "ok")
    finally:
        engine.quit()
    return out


def main(binary, library):
    # No language model on any surface (the plugin reads the environment in this process).
    for key in [k for k in os.environ if k.startswith("GLOSSFISH_LLM_") or k == "OPENAI_API_KEY"]:
        del os.environ[key]
    schema = json.loads(subprocess.run([binary, "tools", "--schema"], capture_output=True,
                                       text=True, timeout=60).stdout)
    names = {t["function"]["name"] for t in schema}
    for tool in ("verify", "label", "motifs", "strategy_tree"):
        check("%s is a tool of the table" % tool, tool in names, sorted(names))
    calls = cases(schema)
    surfaces = {"cli": cli_codes(binary, calls), "mcp": mcp_codes(binary, calls),
                "plugin": plugin_codes(library, calls), "uci": uci_codes(binary, calls)}
    for i, (label, tool, args, want) in enumerate(calls):
        got = {s: codes[i] for s, codes in surfaces.items()}
        check("%s: %s gives %s on every surface" % (tool, label, want),
              all(c == want for c in got.values()), {"args": args, "codes": got})
    tool_calls = [("verify", args, want) for _, args, want in UCI_VERIFY]
    tool_answers = plugin_codes(library, [("", t, a, w) for t, a, w in tool_calls])
    for (command, _, want), uci, tool in zip(UCI_VERIFY, uci_verify_codes(binary), tool_answers):
        check("UCI %r gives %s, as the verify tool" % (command, want), uci == want == tool,
              {"uci": uci, "tool": tool})
    total = len(calls) + len(UCI_VERIFY)
    print("errors parity: %d mistakes on %d tools, %d surfaces: %d failed"
          % (total, len(names), len(surfaces), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
