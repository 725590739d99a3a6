#!/usr/bin/env bash
# Runs one node client test against glossfish; node-uci and @modelcontextprotocol/sdk come from
# `npm ci` (.ci/install).
# Exits 77 (skipped) with a message when node or the installed modules are missing.
set -euo pipefail
here=$(dirname "$0")
if ! command -v node >/dev/null; then echo "skipped: node is not installed (.ci/install)"; exit 77; fi
if [[ ! -d $here/node_modules/node-uci ]]; then
    echo "skipped: node-uci is not installed; run npm ci --prefix tests/node (.ci/install does)"
    exit 77
fi
exec node "$here/$1" "$2"
