#!/usr/bin/env bash
# Runs the server and web test suites ROUNDS times (default 3) while a busy loop per core
# keeps the machine loaded, the way a shared CI machine is: a test that waits for time instead
# of a condition shows up here. The browsers also run with their CPU slowed 4× (E2E_CPU_THROTTLE).
# Prints one line per run and exits non-zero when any failed.
#   bash scripts/flake-hunt.sh            # 3 rounds
#   ROUNDS=5 bash scripts/flake-hunt.sh
set -uo pipefail
cd "$(dirname "$0")/.."
rounds="${ROUNDS:-3}"
logs="$(mktemp -d /tmp/tabula-flake-hunt-XXXX)"

# The load: one busy process per core, stopped however this script ends.
burners=()
for _ in $(seq "$(nproc)"); do
  node -e 'for (;;) Math.sqrt(Math.random())' &
  burners+=($!)
done
trap 'kill "${burners[@]}" 2>/dev/null' EXIT

# The web suite runs against the built widget and app.
npm run build -w @tabula/whiteboard >/dev/null && npm run build -w @tabula/web >/dev/null || {
  echo "build failed"
  exit 1
}

failed=0
for round in $(seq "$rounds"); do
  for workspace in @tabula/server @tabula/web; do
    log="$logs/${workspace#@tabula/}-$round.log"
    started=$(date +%s)
    # The browsers run with their CPU slowed too (throttleCpu in apps/web/e2e/support.ts).
    if E2E_CPU_THROTTLE="${E2E_CPU_THROTTLE:-4}" npm test -w "$workspace" >"$log" 2>&1; then verdict=passed; else verdict=FAILED; failed=1; fi
    echo "round $round $workspace: $verdict in $(($(date +%s) - started)) s ($log)"
  done
done
exit "$failed"
