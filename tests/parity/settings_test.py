#!/usr/bin/env python3
"""Every setting of the one table (`glossfish settings --json`, engine/settings/settings.h) has
the same default, the same range and the same error for a value out of range on every surface
that has it: the UCI option (`uci`, `setoption`), the command-line flag of every command whose
--help lists it, the plugin's gf_open key (and gf_call "settings" for the defaults), and the
tools' arguments of the same name (`glossfish tools --schema`, `glossfish tool`). The surfaces
name the setting their own way ("option 'Glossfish Analysis Hash'", "--hash", "setting 'hash'",
"argument 'depth'"); what follows the name must be the same words.

usage: settings_test.py GLOSSFISH_BINARY LIBGLOSSFISH
"""
import ctypes
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "clients"))
from uci_client import Engine, glossfish_lines  # noqa: E402

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
failures = []
checked = {"uci": 0, "cli": 0, "abi": 0, "tool": 0}


def check(what, ok, detail=""):
    if not ok:
        print("FAIL " + what + " -> " + str(detail)[:400])
        failures.append(what)


def tail(message, name):
    """The words after the surface's own name of the setting."""
    i = message.find(name)
    return message[i + len(name):] if i >= 0 else None


def bad_values(s):
    """Values the setting must refuse, with the words every surface must answer."""
    if s["type"] == "spin":
        return [(str(v), " must be an integer %d..%d, got '%d'" % (s["min"], s["max"], v))
                for v in (s["max"] + 1, s["min"] - 1)]
    if s["type"] == "combo":
        choices = s["choices"]
        words = ", ".join(choices[:-1]) + " or " + choices[-1]
        return [("bogus", " must be %s, got 'bogus'" % words)]
    if s["type"] == "check":
        return [("maybe", " must be true or false, got 'maybe'")]
    return []


def spelled(value):
    """A default as UCI and --help spell it (1 is not True here, as it is to a dict)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def help_entry(help_text, flag):
    """The lines of --help that describe flag: its own line and the indented ones below it."""
    lines = help_text.splitlines()
    for i, line in enumerate(lines):
        names = line.strip().split(" ", 1)[0].split(",")
        if line.startswith("  -") and flag in names:
            entry = [line]
            for more in lines[i + 1:]:
                if not more.startswith("      ") or more.strip().startswith("-"):
                    break
                entry.append(more)
            return entry
    return []


def uci_surface(binary, table):
    engine = Engine([binary])
    try:
        hello = engine.handshake()
        declared = {}
        for line in hello:
            m = re.match(r"option name (.+?) type (\w+)(.*)$", line)
            if m:
                declared[m.group(1)] = (m.group(2), m.group(3))
        for s in table:
            if not s["option"]:
                continue
            name = s["option"]
            check("uci declares %s" % name, name in declared, sorted(declared))
            if name not in declared:
                continue
            kind, rest = declared[name]
            check("%s: uci type" % name, kind == s["type"], kind)
            default = re.search(r" default (.*?)(?: min | max | var |$)", rest)
            shown = default.group(1) if default else None
            want = spelled(s["default"])
            if want == "":
                want = "<empty>"
            check("%s: uci default" % name, shown == str(want), (shown, want))
            if s["type"] == "spin":
                check("%s: uci range" % name,
                      " min %d max %d" % (s["min"], s["max"]) in rest, rest)
            if s["type"] == "combo":
                check("%s: uci choices" % name,
                      re.findall(r" var (\S+)", rest) == s["choices"], rest)
            for value, words in bad_values(s):
                engine.send("setoption name %s value %s" % (name, value))
                engine.send("isready")
                lines = engine.read_until(lambda l: l == "readyok", 20)
                errors = [j for _, j in glossfish_lines(lines, "error")]
                message = errors[0]["message"] if errors else ""
                check("%s = %s: uci error" % (name, value),
                      tail(message, "option '%s'" % name) == words, (message, words))
                checked["uci"] += 1
    finally:
        engine.quit()


def command_flags(binary):
    """{command: the flags its --help lists}."""
    out = subprocess.run([binary, "--help"], capture_output=True, text=True, timeout=30).stdout
    commands = re.findall(r"^  (\w+)\s", out.split("commands:", 1)[1], re.M)
    flags = {}
    for c in commands:
        h = subprocess.run([binary, c, "--help"], capture_output=True, text=True, timeout=30)
        flags[c] = (set(re.findall(r"(--[a-z0-9-]+)", h.stdout)), h.stdout)
    return flags


# A command whose own default differs from the setting's, on purpose and documented
# (docs/settings.md says "judge (default `act-eval`)"): the judge labels as ACT-Eval does.
# `glossfish sweep` plays each puzzle at its own length unless --plies lists others.
CommandDefaults = {("judge", "--scheme"): "act-eval", ("sweep", "--plies"): "puzzle"}


def cli_surface(binary, table):
    flags = command_flags(binary)
    for s in table:
        if not s["flag"]:
            continue
        having = [c for c, (f, _) in flags.items() if s["flag"] in f]
        check("%s: some command has it" % s["flag"], having, sorted(flags))
        for command in having:
            help_text = flags[command][1]
            if s["type"] != "check" and s["default"] not in (None, ""):
                want = spelled(s["default"])
                entry = help_entry(help_text, s["flag"])
                names = entry[0].strip().split(" ", 1)[0].split(",") if entry else []
                other = [t for t in table if t["flag"] in names and t is not s]
                if other:
                    # An alias here: label's --depth is its --quality-depth, tree's its
                    # --tree-depth (docs/cli.md); the entry speaks for that other setting.
                    continue
                want = CommandDefaults.get((command, s["flag"]), want)
                check("%s %s: default in --help" % (command, s["flag"]),
                      "(default: %s)" % want in " ".join(x.strip() for x in entry), entry)
            for value, words in bad_values(s):
                if s["type"] == "check":
                    continue  # a switch takes no value
                r = subprocess.run([binary, command, s["flag"], value], capture_output=True,
                                   text=True, timeout=60)
                message = r.stderr.strip().splitlines()[0] if r.stderr.strip() else ""
                check("%s %s %s: exit 2" % (command, s["flag"], value), r.returncode == 2,
                      (r.returncode, message))
                # The command may spell it by its own first name (--depth for the label
                # depth): the words after the name are the same.
                m = re.match(r"glossfish %s: (--[a-z0-9-]+)(.*)$" % command, message)
                check("%s %s %s: cli error" % (command, s["flag"], value),
                      m is not None and m.group(2) == words, (message, words))
                checked["cli"] += 1


def abi_surface(library, table):
    lib = ctypes.CDLL(library)
    lib.gf_open.restype = ctypes.c_void_p
    lib.gf_open.argtypes = [ctypes.c_char_p]
    lib.gf_close.argtypes = [ctypes.c_void_p]
    lib.gf_call.restype = ctypes.c_void_p
    lib.gf_call.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]
    lib.gf_free.argtypes = [ctypes.c_void_p]
    lib.gf_last_error.restype = ctypes.c_char_p
    lib.gf_last_error.argtypes = [ctypes.c_void_p]

    def call(handle, name, args):
        p = lib.gf_call(handle, name.encode(), json.dumps(args).encode())
        text = ctypes.cast(p, ctypes.c_char_p).value.decode()
        lib.gf_free(p)
        return json.loads(text)

    handle = lib.gf_open(b"{}")
    current = call(handle, "settings", {})
    lib.gf_close(handle)
    for s in table:
        if not s["key"]:
            continue
        check("%s: in gf_call settings" % s["key"], s["key"] in current, sorted(current))
        check("%s: abi default" % s["key"], current.get(s["key"]) == s["default"],
              (current.get(s["key"]), s["default"]))
        for value, words in bad_values(s):
            v = int(value) if s["type"] == "spin" else value
            if s["type"] == "check":
                v, words = "maybe", " must be true or false, got 'maybe'"
            handle = lib.gf_open(json.dumps({s["key"]: v}).encode())
            check("gf_open %s=%s fails" % (s["key"], v), not handle)
            if handle:
                lib.gf_close(handle)
                continue
            message = lib.gf_last_error(None).decode()
            check("gf_open %s=%s: abi error" % (s["key"], v),
                  tail(message, "setting '%s'" % s["key"]) == words, (message, words))
            checked["abi"] += 1


def tool_surface(binary, table):
    by_key = {s["key"]: s for s in table if s["key"]}
    schema = json.loads(subprocess.run([binary, "tools", "--schema"], capture_output=True,
                                       text=True, timeout=30).stdout)
    tools_with = {}
    for entry in schema:
        f = entry["function"]
        for name, prop in f["parameters"]["properties"].items():
            s = by_key.get(name)
            if not s:
                continue
            tools_with.setdefault(name, f["name"])
            if s["type"] == "spin":
                check("%s.%s: schema range" % (f["name"], name),
                      (prop.get("minimum"), prop.get("maximum")) == (s["min"], s["max"]), prop)
            if s["type"] == "combo":
                check("%s.%s: schema choices" % (f["name"], name), prop.get("enum") == s["choices"],
                      prop)
    # No "scheme": move_quality answers in both schemes from one search.
    for key in ("depth", "nodes", "movetime", "plies", "breadth"):
        check("a tool has the argument %s" % key, key in tools_with, sorted(tools_with))
    # One call per argument out of range: the registry's words after "argument 'KEY'".
    for key, tool in sorted(tools_with.items()):
        s = by_key[key]
        for value, words in bad_values(s):
            v = int(value) if s["type"] == "spin" else value
            if s["type"] == "check":
                continue
            args = {"fen": START, key: v}
            if tool in ("move_quality", "label", "verify"):
                args["move"] = "e4"
            r = subprocess.run([binary, "tool", tool, json.dumps(args)], capture_output=True,
                               text=True, timeout=60)
            message = json.loads(r.stdout).get("error", {}).get("message", "")
            check("tool %s %s=%s: error" % (tool, key, v),
                  tail(message, "argument '%s'" % key) == words, (message, words))
            checked["tool"] += 1


def main(binary, library):
    table = json.loads(subprocess.run([binary, "settings", "--json"], capture_output=True,
                                      text=True, timeout=30).stdout)
    check("the table has settings", len(table) >= 20, len(table))
    uci_surface(binary, table)
    cli_surface(binary, table)
    abi_surface(library, table)
    tool_surface(binary, table)
    print("settings: %d settings; out-of-range values checked: uci %d, cli %d, abi %d, tools %d"
          % (len(table), checked["uci"], checked["cli"], checked["abi"], checked["tool"]))
    for f in failures:
        print("FAIL:", f)
    print("settings surfaces: %d failure%s" % (len(failures), "" if len(failures) == 1 else "s"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
