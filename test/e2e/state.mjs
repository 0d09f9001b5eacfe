// Prepares a throwaway copy of an OpenClaw state dir for the e2e runs (never the repo's files).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const FIXTURES = path.join(REPO, 'test/fixtures');

/**
 * kind 'real': the real OpenClaw 2026.9.6 fixture state; 'demo': the first demo state, test/fixtures/demo-v1/openclaw-state
 * (SQLite + JSONL agents).
 */
export function prepareState(kind = 'real') {
  const src = kind === 'demo' ? path.join(FIXTURES, 'demo-v1/openclaw-state') : path.join(FIXTURES, 'openclaw-real/state');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-ctx-state-'));
  const dir = path.join(root, 'state');
  fs.cpSync(src, dir, { recursive: true });
  execFileSync('gunzip', ['-f', path.join(dir, 'agents/main/agent/openclaw-agent.sqlite.gz')]);
  fs.writeFileSync(path.join(dir, '.openclaw-context-demo'), 'test copy: scripts/demo-append.mjs may write here\n');
  fs.mkdirSync(path.join(dir, 'workspace'), { recursive: true });
  // the real fixture's config names the workspace where it was recorded (/tmp/openclaw-real/…); point it at the
  // copy's own, as a moved state dir's owner would: the memory writers refuse a configured workspace missing here
  const cfgFile = path.join(dir, 'openclaw.json');
  const cfg = JSON.parse(fs.readFileSync(cfgFile, 'utf8'));
  if (cfg.agents?.defaults?.workspace) {
    cfg.agents.defaults.workspace = path.join(dir, 'workspace');
    fs.writeFileSync(cfgFile, JSON.stringify(cfg, null, 2) + '\n');
  }
  return { dir, workspace: path.join(dir, 'workspace'), cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** OpenClaw's own figures for the fixture state (cli/sessions-final.*): the oracle. */
export function openclawFigures() {
  const json = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'openclaw-real/cli/sessions-final.json'), 'utf8'));
  const txt = fs.readFileSync(path.join(FIXTURES, 'openclaw-real/cli/sessions-final.txt'), 'utf8');
  const cells = [];
  for (const line of txt.split('\n')) {
    const c = line.split('│').map((x) => x.trim());
    if (c.length > 7 && c[2]?.startsWith('agent:')) cells.push({ keyShown: c[2], cell: c[6] });
  }
  const match = (key) =>
    cells.find(({ keyShown }) => {
      if (keyShown === key) return true;
      const m = /^(.*)\.\.\.(.*)$/.exec(keyShown);
      return !!m && key.startsWith(m[1]) && key.endsWith(m[2]);
    })?.cell;
  return json.sessions.map((s) => ({ ...s, cell: match(s.key) }));
}

// CLI: `node test/e2e/state.mjs [real|demo]` prints the prepared state dir (the caller removes its parent).
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const s = prepareState(process.argv[2] ?? 'real');
  console.log(s.dir);
}
