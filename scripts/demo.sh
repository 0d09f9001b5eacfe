#!/usr/bin/env bash
# Runs OpenClaw Context in a real VS Code (code-server) on the bundled demo OpenClaw state and prints
# the URL to open. Idempotent setup (Node 24, code-server, chromium) is cached outside the repo.
#   DEMO_PORT (default 8765)   DEMO_DIR (default ~/.cache/openclaw-context-demo)
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${DEMO_PORT:-8765}"
DIR="${DEMO_DIR:-$HOME/.cache/openclaw-context-demo}"
[ -x node_modules/.bin/tsc ] || npm ci --no-audit --no-fund --loglevel=error
SETUP_ENV=$(bash scripts/setup-e2e.sh) || exit 1; eval "$SETUP_ENV"
node scripts/build.mjs >/dev/null
mkdir -p test-results
npx --no-install vsce package --no-dependencies --no-rewrite-relative-links -o test-results/openclaw-context.vsix >/dev/null

# A fresh copy of the demo state every run (the demo never touches the repo's files).
rm -rf "$DIR"; mkdir -p "$DIR"/{ud/User,ext,home}
cp -r demo/openclaw-state "$DIR/state"
find "$DIR/state/agents" -name "*.sqlite.gz" -exec gunzip -f {} +   # every SQLite agent (main, research)
touch "$DIR/state/.openclaw-context-demo"
printf 'auth: none\ncert: false\n' > "$DIR/config.yaml"
cat > "$DIR/ud/User/settings.json" <<'JSON'
{ "workbench.startupEditor": "none", "telemetry.telemetryLevel": "off", "update.mode": "none",
  "extensions.autoCheckUpdates": false, "extensions.autoUpdate": false, "chat.disableAIFeatures": true,
  "security.workspace.trust.enabled": false, "workbench.secondarySideBar.defaultVisibility": "hidden" }
JSON
CS=("$NODE24_BIN" "$CODE_SERVER_ENTRY" --config "$DIR/config.yaml" --user-data-dir "$DIR/ud" --extensions-dir "$DIR/ext")
"${CS[@]}" --install-extension test-results/openclaw-context.vsix --force >/dev/null
export OPENCLAW_STATE_DIR="$DIR/state"
echo
echo "OpenClaw Context demo: open http://127.0.0.1:$PORT/?folder=$DIR/state/workspace"
echo "  state dir: $OPENCLAW_STATE_DIR   (Ctrl-C stops the server)"
echo "  try: append a turn with  $NODE24_BIN scripts/demo-append.mjs $DIR/state"
echo
exec "${CS[@]}" --bind-addr "127.0.0.1:$PORT" --auth none --disable-telemetry --disable-update-check \
  --disable-workspace-trust --disable-getting-started-override --ignore-last-opened "$DIR/state/workspace"
