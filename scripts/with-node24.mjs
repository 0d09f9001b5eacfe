#!/usr/bin/env node
// Runs its arguments under Node 24 (node:sqlite and zlib zstd need Node >= 22.15; the machine's node may be older).
// Uses $NODE24_BIN when set, else asks scripts/setup-e2e.sh (idempotent) for the path it prints as `export NODE24_BIN=...`.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function findNode24() {
  const fromEnv = process.env.NODE24_BIN;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  const r = spawnSync('bash', [path.join(root, 'scripts', 'setup-e2e.sh')], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) {
    console.error(`with-node24: scripts/setup-e2e.sh failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
  for (const line of (r.stdout || '').split('\n')) {
    const m = /^\s*export\s+NODE24_BIN=(?:"([^"]*)"|'([^']*)'|(\S+))\s*$/.exec(line);
    if (m) return m[1] ?? m[2] ?? m[3];
  }
  console.error('with-node24: scripts/setup-e2e.sh printed no `export NODE24_BIN=...` line');
  process.exit(1);
}

const bin = findNode24();
if (!fs.existsSync(bin)) {
  console.error(`with-node24: ${bin} does not exist`);
  process.exit(1);
}
const child = spawn(bin, process.argv.slice(2), { stdio: 'inherit', cwd: process.cwd(), env: { ...process.env, NODE24_BIN: bin } });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('error', (err) => {
  console.error(`with-node24: cannot run ${bin}: ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) process.exit(128 + (os.constants.signals[signal] ?? 0));
  process.exit(code ?? 1);
});
