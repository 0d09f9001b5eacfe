// The second real OpenClaw dataset (test/fixtures/openclaw-second, see test/fixtures/README.md) for the harnesses that
// check us against it: the interop scenario 13 (CLI), the in-host suite (extension, local files) and run-live.mjs
// (extension, remote Gateway). Plain ESM, loaded from source (TypeScript: secondState.d.mts). Only
// `rowCompactions` needs Node 24 (node:sqlite); on Node 20 run this file with Node 24 instead:
//   $NODE24_BIN test/support/secondState.mjs compactions <stateDir>    → {"<key>": <compactionCount>, …}
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyFixtureState } from './stateCopy.mjs';

export const SECOND_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'openclaw-second');

/** keys.json: the session keys by role, and the two windows. */
export const secondKeys = () => JSON.parse(fs.readFileSync(path.join(SECOND_DIR, 'keys.json'), 'utf8'));

/**
 * The fixture's state into the (empty or missing) `stateDir`: the databases gunzipped; with options, the config
 * pointed at this run's Gateway port, token, fake model port and log file. Returns `stateDir`.
 */
export function restoreSecondState(stateDir, { gatewayPort, token, llmPort, logFile } = {}) {
  copyFixtureState(path.join(SECOND_DIR, 'state'), stateDir);
  const file = path.join(stateDir, 'openclaw.json');
  const cfg = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (gatewayPort !== undefined) cfg.gateway.port = gatewayPort;
  if (token !== undefined) cfg.gateway.auth.token = token;
  if (llmPort !== undefined) cfg.models.providers.fake.baseUrl = `http://127.0.0.1:${llmPort}/v1`;
  if (logFile !== undefined) cfg.logging = { ...(cfg.logging ?? {}), file: logFile };
  fs.writeFileSync(file, JSON.stringify(cfg, null, 2));
  return stateDir;
}

/** OpenClaw's own compaction count per session key: `compactionCount` of every agent DB's session_nodes rows (Node 24). */
export function rowCompactions(stateDir) {
  const { DatabaseSync } = createRequire(import.meta.url)('node:sqlite');
  const out = {};
  const agents = path.join(stateDir, 'agents');
  for (const a of fs.readdirSync(agents)) {
    const f = path.join(agents, a, 'agent', 'openclaw-agent.sqlite');
    if (!fs.existsSync(f)) continue;
    const db = new DatabaseSync(f, { readOnly: true });
    try {
      for (const r of db.prepare('SELECT session_key, entry_json FROM session_nodes').all()) out[r.session_key] = JSON.parse(r.entry_json).compactionCount ?? 0;
    } finally {
      db.close();
    }
  }
  return out;
}

/**
 * What OpenClaw says of a session (a row of `openclaw sessions --json --all-agents`): its figure, unless it has none
 * (not fresh, or the 0 of a session whose only turn failed: nothing was ever counted, though the failed prompt is in
 * the transcript); there we must say unknown or an estimate, never 0.
 */
export function openclawFigure(t) {
  const known = t.totalTokensFresh === true && typeof t.totalTokens === 'number' && !(t.status === 'failed' && t.totalTokens === 0);
  return { key: t.key, status: t.status, known, used: known ? t.totalTokens : null, window: t.contextTokens, percent: known ? Math.min(999, Math.round((t.totalTokens / t.contextTokens) * 100)) : null };
}

/**
 * The compaction OpenClaw's recorded chat.history (gateway/chat-history/<key>.json) ends with, or undefined when the
 * session's last event is not a compaction: then OpenClaw's figure is that compaction's `tokensAfter` (the kept
 * messages only; the system prompt, workspace files and tool schemas come back with the next prompt).
 */
export function endingCompaction(key) {
  const h = JSON.parse(fs.readFileSync(path.join(SECOND_DIR, 'gateway', 'chat-history', `${key.replace(/:/g, '_')}.json`), 'utf8'));
  const last = h.messages.at(-1)?.__openclaw;
  return last?.kind === 'compaction' ? { tokensBefore: last.tokensBefore, tokensAfter: last.tokensAfter } : undefined;
}

/** The rows OpenClaw printed when the dataset was made (cli/sessions.json). */
export const recordedSessions = () => JSON.parse(fs.readFileSync(path.join(SECOND_DIR, 'cli', 'sessions.json'), 'utf8')).sessions;

/**
 * OpenClaw's own table (cli/sessions.txt), the Tokens (ctx %) cell by full session key: `16k/49k (33%)`. The table
 * cuts long keys to `head...tail`; they are matched against the keys of `recordedSessions()`.
 */
export function recordedCells() {
  const keys = recordedSessions().map((s) => s.key);
  const out = {};
  for (const line of fs.readFileSync(path.join(SECOND_DIR, 'cli', 'sessions.txt'), 'utf8').split('\n')) {
    const cells = line.split('│').map((c) => c.trim());
    if (cells.length < 9 || !cells[1] || cells[1] === 'Agent') continue;
    const [head, tail] = cells[3].split('...');
    const full = keys.filter((k) => (tail === undefined ? k === head : k.startsWith(head) && k.endsWith(tail)));
    if (full.length !== 1) throw new Error(`sessions.txt: the key cell "${cells[3]}" names ${full.length} sessions`);
    out[full[0]] = cells[7];
  }
  return out;
}

const RE_ESC = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What is wrong with our Sessions tree description of the recorded session `t` (a row of `recordedSessions()`), given
 * its row's compaction count: `[]` when it says OpenClaw's figure (`33% · 16k/49k`, from OpenClaw's own table cell),
 * or, where the session ends with a compaction, the next prompt's estimate (`~43% · ~11k/25k`) above OpenClaw's
 * post-compaction figure (from the files, or through a Gateway with the fixed overhead derived from the last counted
 * prompt: core/context/figures.ts), or, where OpenClaw has no figure, unknown or an estimate above 0 (never 0 %); the
 * compaction count (`4 compactions`, none when 0); and the state words of OpenClaw's failed runs.
 */
export function descriptionProblems(t, desc, compactions, { cells = recordedCells() } = {}) {
  const out = [];
  const want = openclawFigure(t);
  const m = /^(\S+)\/(\S+) \((\d+)%\)$/.exec(cells[t.key] ?? '');
  if (!m) return [`${t.key}: OpenClaw's table has no cell for it`];
  const [, used, window, percent] = m;
  const parts = desc.replace(/^pinned · /, '').split(' · ');
  const head = parts.slice(0, 2).join(' · ');
  if (!(parts[1] ?? '').endsWith(`/${window}`)) out.push(`window: "${head}", OpenClaw ${window}`);
  if (want.known && !endingCompaction(t.key)) {
    if (head !== `${percent}% · ${used}/${window}`) out.push(`"${head}", OpenClaw ${cells[t.key]}`);
  } else if (want.known) {
    const pct = new RegExp(`^~(\\d+)% · ~[^/]+/${RE_ESC(window)}$`).exec(head);
    if (!pct || Number(pct[1]) <= Number(percent)) out.push(`"${head}": not the next prompt's estimate (~) above OpenClaw's post-compaction ${cells[t.key]}`);
  } else if (!/^(~[1-9]\d*% · ~[^/]+|\?% · unknown)\//.test(head)) out.push(`"${head}" where OpenClaw has no figure (${cells[t.key]}): must be unknown or an estimate above 0, never 0 %`);
  const words = `${compactions} compaction${compactions === 1 ? '' : 's'}`;
  if (parts.includes('compactions unknown')) out.push(`compactions unknown, OpenClaw's row ${compactions}`);
  else if (compactions > 0 && !parts.includes(words)) out.push(`"${desc}" does not say ${words}`);
  else if (compactions === 0 && parts.some((x) => /^\d+ compactions?$/.test(x))) out.push(`"${desc}" counts compactions, OpenClaw's row 0`);
  if (t.status === 'failed' && !parts.includes('overflow') && !parts.includes('failed')) out.push(`"${desc}": OpenClaw's last run failed, the description says neither failed nor overflow`);
  if (t.status !== 'failed' && (parts.includes('overflow') || parts.includes('failed'))) out.push(`"${desc}": failed/overflow, OpenClaw says ${t.status}`);
  return out.map((x) => `${t.key}: ${x}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv[2] === 'compactions') {
  console.log(JSON.stringify(rowCompactions(process.argv[3])));
}
