#!/usr/bin/env bash
# Rebuilds the bundled demo state, demo/openclaw-state (`npm run make:demo`), with the REAL OpenClaw 2026.9.6
# run offline against the scripted fake model of ../shared/tools/openclaw-real. What it builds:
#
#   agents/main      OpenClaw's SQLite store (gzipped), model fake/scripted-1, 32k window:
#     agent:main:main       tools (read, write, exec), code, JSON and Chinese text; two automatic compactions,
#                           each after OpenClaw's pre-compaction memory flush, then a manual one
#                           (`openclaw sessions compact`): several compactions
#     agent:main:incident   a short incident session whose last turn failed with a context overflow (#overflow)
#   agents/research  OpenClaw's SQLite store (gzipped), model fake/scripted-128k, 128k window:
#     agent:research:main   a long session (~50k tokens), never compacted, well over the 20k tokens that
#                           Compact Session… keeps, so it has something to compact
#   agents/legacy    JSONL era (sessions.json + <sessionId>.jsonl, header version 3): copies of the real
#                    transcripts of agent:main:main and agent:main:incident (agent:legacy:main, agent:legacy:incident)
#   workspace/       main's workspace: OpenClaw's bootstrap files, MEMORY.md, notes/, daily logs memory/YYYY-MM-DD.md
#                    (two seeded for the days before, today's written by OpenClaw's memory flush)
#   workspace-research/  research's workspace (its brief and the findings the agent wrote)
#   context/         one checkpoint of agent:research:main made by our CLI (`checkpoint create`)
#   openclaw.json    the run's config, portable: no temp paths, the harness's ports, token demo-token-not-secret
#
# Setup (idempotent, cached under ${OC_CTX_CACHE:-~/.cache/openclaw-context-test}): test/interop/setup.sh installs
# Node 24, code-server and openclaw@2026.9.6 the first time (several minutes). The run itself uses a temp dir and
# free 127.0.0.1 ports, stops everything it started, and takes about 12-13 minutes on a busy 2-core machine.
#   OPENCLAW_SHARED_DIR   the shared dir (default ../shared)     MAKE_DEMO_KEEP=1   keep the temp dir
set -euo pipefail
cd "$(dirname "$0")/.."
T0=$(date +%s)
[ -x node_modules/.bin/tsc ] || npm ci --no-audit --no-fund --loglevel=error
SETUP_ENV=$(bash test/interop/setup.sh) || exit 1; eval "$SETUP_ENV"   # a failed step names itself and its log
export OPENCLAW_APP
echo "== setup done in $(( $(date +%s) - T0 )) s ($OPENCLAW_APP)"
npx --no-install tsc -p .           # out/: our Gateway client, whose hello-ok tells that a Gateway is ready
node scripts/build.mjs >/dev/null   # dist/cli.js: the checkpoint and the checks at the end
"$NODE24_BIN" scripts/make-demo.mjs "$@"
echo "make-demo: done in $(( $(date +%s) - T0 )) s; du: $(du -sh demo | cut -f1)"
