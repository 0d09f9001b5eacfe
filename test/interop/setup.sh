#!/usr/bin/env bash
# Idempotent setup for the interop harness: Node 24 (via scripts/setup-e2e.sh) and the real
# openclaw@2026.9.6 from the npm registry, cached outside the repo under
# ${OC_CTX_CACHE:-~/.cache/openclaw-context-test}/openclaw-2026.9.6.
# Prints `export NODE24_BIN=... OPENCLAW_APP=... OPENCLAW_BIN=...` lines on stdout; progress on stderr.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/scripts/lib/setup-lib.sh"
OC_VER=2026.9.6
log() { echo "[interop-setup] $*" >&2; }

ENVL=$(bash "$ROOT/scripts/setup-e2e.sh") || exit 1
eval "$ENVL"
N24DIR=$(cd "$(dirname "$NODE24_BIN")/.." && pwd)

APP="$H/openclaw-$OC_VER"
BIN="$APP/node_modules/openclaw/openclaw.mjs"
if [ ! -f "$APP/.ok" ]; then
  log "installing openclaw@$OC_VER into $APP (about a minute, ~650 MB)"
  rm -rf "$APP"; mkdir -p "$APP"
  echo '{"name":"oc-app","private":true}' > "$APP/package.json"
  S=$SECONDS
  # Same environment as the shared harness (../shared/tools/openclaw-real/run-all.sh): Node 24 first on
  # PATH, node-gyp headers from Node 24, update checks and telemetry off.
  (cd "$APP" && step openclaw clean_npm env PATH="$N24DIR/bin:$PATH" npm_config_nodedir="$N24DIR" OPENCLAW_NO_AUTO_UPDATE=1 DO_NOT_TRACK=1 \
     npm i --no-audit --no-fund --loglevel=error "openclaw@$OC_VER")
  ver=$(PATH="$N24DIR/bin:$PATH" OPENCLAW_NO_AUTO_UPDATE=1 DO_NOT_TRACK=1 "$APP/node_modules/.bin/openclaw" --version 2>&1) \
    || { echo "setup failed at step 'openclaw': openclaw --version failed: $ver (log: $H/logs/openclaw.log)" >&2; exit 1; }
  case "$ver" in *"$OC_VER"*) ;; *) log "unexpected openclaw --version: $ver"; exit 1 ;; esac
  log "installed $ver in $((SECONDS - S)) s"
  touch "$APP/.ok"
fi
echo "export NODE24_BIN=$NODE24_BIN"
echo "export OPENCLAW_APP=$APP"
echo "export OPENCLAW_BIN=$APP/node_modules/.bin/openclaw"
