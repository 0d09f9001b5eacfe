/**
 * Shared test helpers. Tests never modify test/fixtures: whatever they change is copied into a temp dir
 * first (removed again after the run).
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import type { Diagnostic, DiagnosticSink } from '../../src/core/store/types';
import { processStartTime } from '../../src/core/store/processes';
import { JsonlSessionStore } from '../../src/core/store/jsonlStore';
import { rebuildContext, TranscriptIndex } from '../../src/core/context/rebuild';

function findRepoRoot(): string {
  let dir = __dirname;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'test', 'fixtures'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`cannot find the repository root above ${__dirname}`);
    dir = up;
  }
}

export const REPO_ROOT = findRepoRoot();

/** A path under test/fixtures. */
export function fixturePath(...parts: string[]): string {
  return path.join(REPO_ROOT, 'test', 'fixtures', ...parts);
}

/** A path under the repository root. */
export function repoPath(...parts: string[]): string {
  return path.join(REPO_ROOT, ...parts);
}

const created: string[] = [];

/** A fresh temp dir, removed after the whole run. */
export function tmpDir(prefix = 'occtx-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  created.push(dir);
  return dir;
}

// Root-level hook: registered when a spec file first imports this module.
after(function cleanTmpDirs() {
  for (const dir of created.splice(0)) {
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      /* best effort */
    }
  }
});

export const REAL_DB_REL = path.join('agents', 'main', 'agent', 'openclaw-agent.sqlite');

/**
 * Copy test/fixtures/openclaw-real/state into a temp dir and gunzip the agent DB next to it (the .gz is
 * not kept in the copy). Returns the temp state dir.
 */
export function materializeRealState(): string {
  const dir = path.join(tmpDir('occtx-real-'), 'state');
  fs.cpSync(fixturePath('openclaw-real', 'state'), dir, { recursive: true });
  const gz = path.join(dir, `${REAL_DB_REL}.gz`);
  fs.writeFileSync(path.join(dir, REAL_DB_REL), zlib.gunzipSync(fs.readFileSync(gz)));
  fs.rmSync(gz);
  return dir;
}

/** The real agent DB inside a materialized state dir. */
export function realDbPath(stateDir: string): string {
  return path.join(stateDir, REAL_DB_REL);
}

/** A diagnostic sink that records. */
export function collectDiagnostics(): { sink: DiagnosticSink; list: Diagnostic[] } {
  const list: Diagnostic[] = [];
  return { sink: (d) => list.push(d), list };
}

/** OpenClaw's own dump of every transcript: `<key with : → _>__<sessionId>.jsonl`, one event per line. */
export interface TranscriptDump {
  file: string;
  sessionId: string;
  events: Array<Record<string, unknown>>;
}

export function realTranscriptDumps(): TranscriptDump[] {
  const dir = fixturePath('openclaw-real', 'transcripts');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => {
      const sessionId = f.slice(f.lastIndexOf('__') + 2, -'.jsonl'.length);
      const events = fs
        .readFileSync(path.join(dir, f), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      return { file: f, sessionId, events };
    });
}

/** Lazily loaded node:sqlite (Node ≥ 22.13). */
export function sqlite(): typeof import('node:sqlite') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('node:sqlite') as typeof import('node:sqlite');
}

/** Write a JSONL file from objects (each line `\n`-terminated). */
export function writeJsonl(file: string, lines: unknown[]): void {
  fs.writeFileSync(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l)) + '\n').join(''));
}

/** A live process (a stand-in owner for lock files), pushed onto `children` so the caller's after() can kill it. */
export async function liveChild(children: ChildProcess[]): Promise<{ pid: number; startTime: number | null }> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e9)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve());
    child.once('error', reject);
  });
  for (let i = 0; i < 100 && !(fs.existsSync(`/proc/${child.pid}/cmdline`) && fs.readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').includes('-e')); i++) await new Promise((r) => setTimeout(r, 10));
  return { pid: child.pid!, startTime: processStartTime(child.pid!) };
}

/**
 * A live Gateway's lock file in `<stateDir>/tmp/openclaw-<uid>/` (what OpenClaw writes while it runs), owned
 * by a live stand-in process pushed onto `children`.
 */
export async function simulateGatewayLock(stateDir: string, children: ChildProcess[], port = 18789): Promise<{ pid: number; lockFile: string }> {
  const live = await liveChild(children);
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const lockDir = path.join(stateDir, 'tmp', uid != null ? `openclaw-${uid}` : 'openclaw');
  fs.mkdirSync(lockDir, { recursive: true });
  const lock = { pid: live.pid, ownerId: 'test', createdAt: new Date().toISOString(), configPath: path.join(stateDir, 'openclaw.json'), stateDir, port, ...(live.startTime !== null ? { startTime: live.startTime } : {}) };
  const lockFile = path.join(lockDir, 'gateway.0badc0de.lock');
  fs.writeFileSync(lockFile, JSON.stringify(lock, null, 2));
  return { pid: live.pid, lockFile };
}

/**
 * A copy of the real state whose config names the copy's own workspace (the fixture names
 * /tmp/openclaw-real/state/workspace, missing here: the memory writers refuse it rather than write elsewhere).
 */
export function realStateForWrites(): string {
  const state = materializeRealState();
  const file = path.join(state, 'openclaw.json');
  const cfg = JSON.parse(fs.readFileSync(file, 'utf8')) as { agents: { defaults: { workspace: string } } };
  cfg.agents.defaults.workspace = path.join(state, 'workspace');
  fs.writeFileSync(file, JSON.stringify(cfg, null, 2));
  return state;
}

/** Gunzip every agent DB (`agents/<id>/agent/<name>.sqlite.gz`) of a state dir in place (the .gz files are removed). */
function gunzipAgentDbs(stateDir: string): void {
  const agents = path.join(stateDir, 'agents');
  for (const id of fs.existsSync(agents) ? fs.readdirSync(agents) : []) {
    const dir = path.join(agents, id, 'agent');
    for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      if (!f.endsWith('.sqlite.gz')) continue;
      const gz = path.join(dir, f);
      fs.writeFileSync(gz.slice(0, -3), zlib.gunzipSync(fs.readFileSync(gz)));
      fs.rmSync(gz);
    }
  }
}

/** A temp copy of a state dir shipped with the repo, its agent DBs gunzipped. */
function materializeState(src: string, prefix: string): string {
  const d = path.join(tmpDir(prefix), 'state');
  fs.cpSync(src, d, { recursive: true });
  gunzipAgentDbs(d);
  return d;
}

/** A copy of the second real OpenClaw state (test/fixtures/openclaw-second: agents main and ops, each with its workspace). */
export function materializeSecondState(): string {
  return materializeState(fixturePath('openclaw-second', 'state'), 'occtx-second-');
}

/**
 * A copy of the first demo state (test/fixtures/demo-v1/openclaw-state: the repo's demo until issue 14, an
 * SQLite agent and a JSONL agent built from the real fixture run), the agent DB gunzipped.
 */
export function materializeDemoState(): string {
  return materializeState(fixturePath('demo-v1', 'openclaw-state'), 'occtx-demo-');
}

/** A copy of the bundled demo state (demo/openclaw-state, built by scripts/make-demo.sh), every agent DB gunzipped. */
export function materializeBundledDemo(): string {
  return materializeState(repoPath('demo', 'openclaw-state'), 'occtx-bundled-demo-');
}

/**
 * Every transcript of the real agent DB as raw entries, read the extension's way (SqliteSessionStore:
 * readRows → readTranscript → loadEntries). Generations without a session row any more get `keyOf(dump file)`.
 */
export function realDbSessions(keyOf: (dumpFile: string, sessionId: string) => string = (_f, sid) => `old:${sid}`): Array<{ key: string; sessionId: string; entries: Array<Record<string, unknown>>; dumpEvents: number }> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { SqliteSessionStore } = require('../../src/core/store/sqliteStore') as typeof import('../../src/core/store/sqliteStore');
  const store = new SqliteSessionStore('main', realDbPath(materializeRealState()));
  try {
    const rows = store.readRows(true).rows;
    return realTranscriptDumps().map((d) => {
      const row = rows.find((r) => r.sessionId === d.sessionId) ?? { key: keyOf(d.file, d.sessionId), sessionId: d.sessionId, updatedAt: 0 };
      const entries = store.loadEntries(row, store.readTranscript(row, undefined).entries).filter((e): e is Record<string, unknown> => !!e);
      return { key: row.key, sessionId: row.sessionId, entries, dumpEvents: d.events.length };
    });
  } finally {
    store.close();
  }
}

/** A small seeded PRNG (mulberry32): the same "random" cases every run, and a failing seed can be replayed. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Every Markdown table in `md` labels each of its columns, and every row has as many cells as the header
 * (Markdown preview drops a cell beyond the header's columns). Escaped pipes (`\|`) are not cell breaks.
 */
export function assertTablesLabelled(md: string): number {
  const cells = (line: string) => line.trim().replace(/\\\|/g, '').replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
  const lines = md.split('\n');
  let tables = 0;
  for (let i = 1; i < lines.length; i++) {
    if (!/^\s*\|(\s*:?-+:?\s*\|)+\s*$/.test(lines[i]!)) continue;
    tables++;
    const header = cells(lines[i - 1]!);
    assert.ok(header.every((h) => h.length > 0), `every column labelled: ${lines[i - 1]}`);
    for (let j = i + 1; j < lines.length && lines[j]!.trim().startsWith('|'); j++) assert.equal(cells(lines[j]!).length, header.length, `row ${lines[j]} has the header's ${header.length} cells`);
  }
  return tables;
}

/**
 * A JSONL session of agent `main` written into `sessionsDir` (transcript + sessions.json), read back as the
 * extension reads it: the active path and the full JSON of its entries (what a compaction is planned from).
 */
export function jsonlSessionPath(sessionsDir: string, key: string, sessionId: string, updatedAt: number, lines: unknown[]): { path: ReturnType<typeof rebuildContext>['path']; full: Array<Record<string, unknown> | undefined> } {
  writeJsonl(path.join(sessionsDir, `${sessionId}.jsonl`), lines);
  fs.writeFileSync(path.join(sessionsDir, 'sessions.json'), JSON.stringify({ [key]: { sessionId, updatedAt } }));
  const row = { key, sessionId, updatedAt };
  const store = new JsonlSessionStore('main', sessionsDir, () => undefined);
  store.readRows(true);
  const index = new TranscriptIndex();
  index.apply(store.readTranscript(row, undefined, { full: true }));
  const ctx = rebuildContext(index);
  return { path: ctx.path, full: store.loadEntries(row, ctx.path) };
}
