#!/usr/bin/env bash
# The whole test suite (`npm test`). Fails if any part fails or runs no test.
#   1. typecheck + compile (tsc, strict) and bundle (esbuild)
#   2. unit tests (mocha on src/core, under Node 24 for node:sqlite)
#   3. real VS Code: UI checks and the in-host mocha suite (code-server + Playwright + chromium)
#   4. interop with the real OpenClaw 2026.9.6 (offline, scripted fake model; needs ../shared beside the repo)
#   5. the attack suite, bounded form (test/attack: fuzzed state dirs, kill -9 at write syscalls, concurrent
#      writers, hostile keys and file kinds, secret probes; `npm run test:attack` runs the full form)
# Setup (Node 24, code-server, chromium, libkrb5-dev) is idempotent and cached outside the repo.
set -euo pipefail
cd "$(dirname "$0")/.."
T0=$(date +%s)
mkdir -p test-results
[ -x node_modules/.bin/tsc ] || npm ci --no-audit --no-fund --loglevel=error
SETUP_ENV=$(bash scripts/setup-e2e.sh) || exit 1; eval "$SETUP_ENV"
export NODE24_BIN CODE_SERVER_ENTRY

echo "== 1/5 typecheck, compile, bundle"
npx --no-install tsc -p .
npx --no-install tsc -p src/webview   # the Context panel's webview script (DOM types, its own tsconfig)
node scripts/build.mjs

echo "== 2/5 unit tests (Node $("$NODE24_BIN" --version))"
"$NODE24_BIN" node_modules/mocha/bin/mocha.js --reporter spec 2>&1 | tee test-results/unit.log
unit_pass=$(grep -Eo '^ +[0-9]+ passing' test-results/unit.log | grep -Eo '[0-9]+' || echo 0)
unit_fail=$(grep -Eo '^ +[0-9]+ failing' test-results/unit.log | grep -Eo '[0-9]+' || echo 0)
[ "${unit_pass:-0}" -gt 0 ] || { echo "unit tests: none ran"; exit 1; }

echo "== 3/5 real VS Code (code-server 4.139.1)"
bash scripts/test-e2e.sh 2>&1 | tee test-results/e2e.log
e2e_pass=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' test-results/e2e.log | awk '{s+=$1} END {print s+0}')
e2e_fail=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' test-results/e2e.log | awk '{s+=$3} END {print s+0}')
[ "$e2e_pass" -gt 0 ] || { echo "e2e: none ran"; exit 1; }

echo "== 4/5 interop with the real OpenClaw 2026.9.6"
bash scripts/test-interop.sh 2>&1 | tee test-results/interop-all.log
io_pass=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' test-results/interop-all.log | tail -1 | awk '{print $1+0}')
io_fail=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' test-results/interop-all.log | tail -1 | awk '{print $3+0}')
[ "${io_pass:-0}" -gt 0 ] || { echo "interop: none ran"; exit 1; }
# the real Gateway in the real VS Code (test/e2e/run-live.mjs, run by test-interop.sh after run.mjs)
live_pass=$(grep -E '^\[live\] [0-9]+ passed, [0-9]+ failed$' test-results/interop-all.log | tail -1 | awk '{print $2+0}')
live_fail=$(grep -E '^\[live\] [0-9]+ passed, [0-9]+ failed$' test-results/interop-all.log | tail -1 | awk '{print $4+0}')
e2e_pass=$(( e2e_pass + ${live_pass:-0} )); e2e_fail=$(( e2e_fail + ${live_fail:-0} ))
# the unit suite's differential check against OpenClaw's own pruner skips itself until the interop setup has
# installed OpenClaw (a fresh cache in CI): run it now, and fail if it is skipped again
"$NODE24_BIN" node_modules/mocha/bin/mocha.js --no-config --reporter spec --grep 'real OpenClaw 2026.9.6 pruner' out/test/unit/compactionPruning.test.js 2>&1 | tee test-results/pruner-diff.log
pd_pass=$(grep -Eo '^ +[0-9]+ passing' test-results/pruner-diff.log | grep -Eo '[0-9]+' || echo 0)
pd_fail=$(awk '/^ +[0-9]+ (failing|pending)/ {s += $1} END {print s + 0}' test-results/pruner-diff.log)
[ "${pd_pass:-0}" -gt 0 ] || { echo "pruner differential check: none ran"; exit 1; }
io_pass=$(( io_pass + pd_pass )); io_fail=$(( io_fail + pd_fail ))

echo "== 5/5 attack suite (bounded)"
"$NODE24_BIN" test/attack/run.mjs --bounded --no-save 2>&1 | tee test-results/attack.log
at_pass=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' test-results/attack.log | tail -1 | awk '{print $1+0}')
at_fail=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' test-results/attack.log | tail -1 | awk '{print $3+0}')
[ "${at_pass:-0}" -gt 0 ] || { echo "attack: none ran"; exit 1; }

echo
echo "unit: ${unit_pass} passed, ${unit_fail} failed; real VS Code: ${e2e_pass} passed, ${e2e_fail} failed; real OpenClaw: ${io_pass} passed, ${io_fail} failed; attack: ${at_pass} passed, ${at_fail} failed; $(( $(date +%s) - T0 )) s"
echo "$((unit_pass + e2e_pass + io_pass + at_pass)) passed, $((unit_fail + e2e_fail + io_fail + at_fail)) failed"
