#!/usr/bin/env bash
# npm test: every check CI runs, in order, stopping at the first failure. Each runner prints its own summary
# line; a recap with timings follows at the end.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
export CI="${CI:-1}"

recap=()
run() {
  local name="$1"
  shift
  echo
  echo "━━━━━━━━━━ ${name} ━━━━━━━━━━"
  local start=$SECONDS
  if "$@"; then
    recap+=("  ✓ ${name} ($((SECONDS - start)) s)")
  else
    local code=$?
    recap+=("  ✗ ${name} ($((SECONDS - start)) s)")
    echo
    echo "npm test: ${name} failed"
    printf '%s\n' "${recap[@]}"
    exit "$code"
  fi
}

run "chromium" bash scripts/ensure-chromium.sh
run "prisma client" node scripts/prisma-generate.mjs
run "typecheck (tsc)" node node_modules/typescript/bin/tsc --noEmit -p .
run "lint (biome)" node node_modules/@biomejs/biome/bin/biome check .
run "layers (dependency-cruiser)" node tools/layers/lint-layers.mjs
# The build comes before the tests: scripts/start.test.ts serves the built app as `npm start` does.
run "build (next build)" node node_modules/next/dist/bin/next build
run "unit + integration (vitest, real PostgreSQL)" node node_modules/vitest/vitest.mjs run
run "e2e (playwright, chromium, next start)" node --conditions=react-server --import tsx scripts/e2e.ts

echo
echo "npm test: all passed"
printf '%s\n' "${recap[@]}"
