#!/usr/bin/env bash
# Packs @tabula/whiteboard, installs the tarball into a copy of this example OUTSIDE the
# monorepo (so nothing resolves from the monorepo's node_modules), builds the page there and
# copies the result to examples/embed/dist.
#
#   bash examples/embed/scripts/build.sh
#   EMBED_BUILD_DIR=/some/dir bash examples/embed/scripts/build.sh   # where the copy lives
#   WIDGET_BUILT=1 bash examples/embed/scripts/build.sh   # pack the widget's dist as it is
# The widget's live test sets WIDGET_BUILT=1 once dist is fresh: a rebuild empties dist/ while
# other packages' tasks (the embed test's typecheck) read it.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
root="$(cd "$here/../.." && pwd)"
# One copy per checkout (kept, so later builds reuse its node_modules): two checkouts building
# at once on one machine must not share it.
work="${EMBED_BUILD_DIR:-${TMPDIR:-/tmp}/tabula-embed-build-$(printf '%s' "$root" | cksum | cut -d' ' -f1)}"
started=$(date +%s)

if [ "${WIDGET_BUILT:-}" = 1 ] && [ -f "$root/packages/whiteboard-widget/dist/index.js" ]; then
  echo "==> packing @tabula/whiteboard as built"
else
  echo "==> building @tabula/whiteboard"
  (cd "$root" && npm run build -w @tabula/whiteboard --silent)
fi

echo "==> packing"
mkdir -p "$here/vendor"
rm -f "$here"/vendor/*.tgz
tarball="$(cd "$root" && npm pack -w @tabula/whiteboard --pack-destination "$here/vendor" --silent | tail -n 1)"
mv "$here/vendor/$tarball" "$here/vendor/tabula-whiteboard.tgz"

echo "==> installing the tarball into $work"
mkdir -p "$work"
rm -rf "$work/src" "$work/dist" "$work/vendor" "$work/public/excalidraw-assets"
cp -R "$here/package.json" "$here/index.html" "$here/vite.config.ts" "$here/tsconfig.json" "$here/src" "$here/vendor" "$work/"
# A fresh tarball under the same name: make npm take it again.
rm -rf "$work/node_modules/@tabula/whiteboard"
# The install reads the registry (the copy stands outside the monorepo's lockfile). Under
# `npm test` it runs inside a turbo task, which sees only the variables turbo.json passes
# through: that list carries the machine's proxy and extra CA (NODE_EXTRA_CA_CERTS), without
# which a registry behind a TLS-inspecting proxy fails with SELF_SIGNED_CERT_IN_CHAIN (npm then
# reports a dependency it could not fetch as "react@undefined").
install() { (cd "$work" && npm install --no-audit --no-fund --no-package-lock --prefer-offline --loglevel=error); }
# The copy is kept between builds: one cut off mid-install leaves a broken node_modules.
# Installed afresh once when the install fails.
install || { echo "==> installing afresh"; rm -rf "$work/node_modules"; install; }

echo "==> type-checking and building the page"
(cd "$work" && npx tsc -p . && npm run build --silent)
rm -rf "$here/dist"
cp -R "$work/dist" "$here/dist"

echo "==> examples/embed/dist ready in $(( $(date +%s) - started )) s"
