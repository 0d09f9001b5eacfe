#!/usr/bin/env bash
# End-to-end tests against a real VS Code (code-server 4.139.1 = VS Code 1.139.1, run on Node 24),
# driven by playwright-core + Debian chromium. See test/e2e/README.md.
# Expects `npx tsc -p .` and `node scripts/build.mjs` to have run (scripts/test-all.sh does both).
set -euo pipefail
cd "$(dirname "$0")/.."
SETUP_ENV=$(bash scripts/setup-e2e.sh) || exit 1; eval "$SETUP_ENV"
export NODE24_BIN CODE_SERVER_ENTRY
[ -x /usr/bin/chromium ] || { echo "chromium missing: run bash scripts/setup-e2e.sh" >&2; exit 1; }
[ -f dist/extension.js ] && [ -f out/test/e2e/suite/index.js ] || { echo "build first: npx tsc -p . && node scripts/build.mjs" >&2; exit 1; }
mkdir -p test-results

npx --no-install vsce package --no-dependencies --no-rewrite-relative-links -o test-results/openclaw-context.vsix 2>&1 | grep -E 'DONE|ERROR' || true
[ -f test-results/openclaw-context.vsix ] || { echo "vsce package failed" >&2; exit 1; }

echo "-- UI checks (installed VSIX)"
node test/e2e/run-ui.mjs test-results/openclaw-context.vsix test-results

echo "-- the Context panel: its DOM and real keys on the demo state (its dark and light screenshots come from here)"
node test/e2e/run-panel-ui.mjs test-results/openclaw-context.vsix test-results

echo "-- npm run demo in a real VS Code (the README's screenshots come from here)"
node test/e2e/run-demo.mjs test-results

echo "-- in-host mocha suite, untrusted workspace (workspace trust on, Restricted Mode; then trusted through its editor)"
STATE_UNTRUSTED=$(node test/e2e/state.mjs real)
trap 'rm -rf "$(dirname "$STATE_UNTRUSTED")"' EXIT
OPENCLAW_STATE_DIR="$STATE_UNTRUSTED" OPENCLAW_CONFIG_PATH="$STATE_UNTRUSTED/openclaw.json" OC_CTX_ISOLATE_HOME=1 OC_CTX_UNTRUSTED=1 \
  node test/e2e/run-in-host.mjs . out/test/e2e/suite-untrusted/index.js "$STATE_UNTRUSTED/workspace"

echo "-- in-host mocha suite (extension development path)"
STATE=$(node test/e2e/state.mjs real)
trap 'rm -rf "$(dirname "$STATE")" "$(dirname "$STATE_UNTRUSTED")"' EXIT
OPENCLAW_STATE_DIR="$STATE" OPENCLAW_CONFIG_PATH="$STATE/openclaw.json" OC_CTX_FIXTURES="$PWD/test/fixtures" \
  OC_CTX_METRICS="$PWD/test-results/metrics.json" OC_CTX_ISOLATE_HOME=1 \
  node test/e2e/run-in-host.mjs . out/test/e2e/suite/index.js "$STATE/workspace"
