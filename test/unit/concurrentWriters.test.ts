/**
 * Concurrent writers (issue 15, finding 2): 2 and 4 separate processes run the same writing CLI command on
 * the same target at once, round after round. Each process is a long-lived worker that runs the CLI's
 * `main()` (out/src/cli/main.js) in-process; the parent makes the rounds two-phase through the CLI's own
 * y/N confirmation: every worker plans (reads the store, prints its preview, asks), and only when all have
 * asked are they all told "y" at once — so every write races every other, each from a plan made against
 * the same state. That is what two VS Code windows, or the extension and a terminal, do.
 *
 * Asserted per command: no lost entries (every "written" is on disk), no second write from a stale plan
 * (one compaction / marker / restore note per round), and every refusal is the clear "changed since the
 * preview; re-plan" error (exit 1). The figures are printed.
 *
 * CONCURRENT_ROUNDS (default 4: every round is a collision, so a few catch a regression; 25 for the figures)
 * sets the rounds per command and writer count.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { materializeDemoState, realDbPath, realStateForWrites, sqlite, tmpDir } from './helpers';

type Json = Record<string, unknown>;
const ROUNDS = Math.max(1, Number(process.env.CONCURRENT_ROUNDS) || 4);
const MAIN = path.resolve(__dirname, '..', '..', 'src', 'cli', 'main.js');
const REPLAN = /changed since the preview.*re-plan/is;

/** The worker: one CLI run per request line; its y/N question is answered by the parent. */
const WORKER = `
const { main } = require(process.env.OCCTX_MAIN);
const rl = require('node:readline').createInterface({ input: process.stdin });
const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
let answer;
rl.on('line', (line) => {
  const m = JSON.parse(line);
  if (m.answer !== undefined) { const a = answer; answer = undefined; a(m.answer); return; }
  let out = '', err = '';
  const io = {
    stdout: (t) => void (out += t), stderr: (t) => void (err += t),
    env: { HOME: m.home, OPENCLAW_CONTEXT_QUIET: '1' }, isTTY: false, stdinIsTTY: true, cwd: process.cwd(),
    now: m.now ? () => m.now : undefined,
    prompt: (q) => new Promise((resolve) => { answer = resolve; send({ asked: true }); }),
  };
  main(m.argv, io).then((code) => send({ done: true, code, out, err }), (e) => send({ done: true, code: 99, out, err: String(e && e.stack) }));
});
send({ ready: true });
`;

interface Outcome {
  code: number;
  out: string;
  err: string;
  asked: boolean;
}

class Worker {
  private readonly child: ChildProcessWithoutNullStreams;
  private buf = '';
  private waiters: Array<(m: Json) => void> = [];
  private queue: Json[] = [];

  constructor() {
    this.child = spawn(process.execPath, ['-e', WORKER], { env: { ...process.env, OCCTX_MAIN: MAIN }, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.on('data', (b: Buffer) => {
      this.buf += b.toString('utf8');
      for (let nl = this.buf.indexOf('\n'); nl >= 0; nl = this.buf.indexOf('\n')) {
        const m = JSON.parse(this.buf.slice(0, nl)) as Json;
        this.buf = this.buf.slice(nl + 1);
        const w = this.waiters.shift();
        if (w) w(m);
        else this.queue.push(m);
      }
    });
    this.child.stderr.on('data', () => undefined);
  }

  next(): Promise<Json> {
    const m = this.queue.shift();
    return m ? Promise.resolve(m) : new Promise((r) => this.waiters.push(r));
  }

  send(m: Json): void {
    this.child.stdin.write(JSON.stringify(m) + '\n');
  }

  kill(): void {
    this.child.kill('SIGKILL');
  }
}

/** One round: every worker plans; when all have asked (or finished), all are told "y" at once. */
async function round(workers: Worker[], argvs: string[][], now?: number): Promise<Outcome[]> {
  const home = tmpDir('occtx-conc-home-');
  workers.forEach((w, i) => w.send({ argv: argvs[i], home, ...(now ? { now } : {}) }));
  const first = await Promise.all(workers.map((w) => w.next()));
  const asked = first.map((m) => m.asked === true);
  workers.forEach((w, i) => asked[i] && w.send({ answer: 'y' }));
  const last = await Promise.all(workers.map((w, i) => (asked[i] ? w.next() : Promise.resolve(first[i]!))));
  fs.rmSync(home, { recursive: true, force: true });
  return last.map((m, i) => ({ code: Number(m.code), out: String(m.out), err: String(m.err), asked: asked[i]! }));
}

interface Figures {
  rounds: number;
  writes: number;
  refusals: number;
  lost: number;
  duplicated: number;
  /** outcomes that are neither a write nor the re-plan refusal */
  other: string[];
}

interface Scenario {
  /** a fresh target for one round */
  setup(): Json;
  argv(ctx: Json, writer: number, round: number): string[];
  /** did this worker report a write? */
  wrote(o: Outcome): boolean;
  /** entries lost and written twice (stale plans), from what is on disk */
  check(ctx: Json, outcomes: Outcome[], round: number): { lost: number; duplicated: number };
  now?: number;
}

async function run(s: Scenario, writers: number): Promise<Figures> {
  const workers = Array.from({ length: writers }, () => new Worker());
  try {
    await Promise.all(workers.map((w) => w.next()));
    const f: Figures = { rounds: 0, writes: 0, refusals: 0, lost: 0, duplicated: 0, other: [] };
    for (let r = 0; r < ROUNDS; r++) {
      const ctx = s.setup();
      const outcomes = await round(workers, workers.map((_w, i) => s.argv(ctx, i, r)), s.now);
      f.rounds++;
      for (const o of outcomes) {
        if (s.wrote(o)) f.writes++;
        else if (o.code === 1 && REPLAN.test(o.err)) f.refusals++;
        else f.other.push(`exit ${o.code}: ${(o.err || o.out).trim().slice(-300)}`);
      }
      const c = s.check(ctx, outcomes, r);
      f.lost += c.lost;
      f.duplicated += c.duplicated;
      // the round's copies go now (hundreds of rounds would fill the temp dir)
      if (ctx.state) fs.rmSync(path.dirname(String(ctx.state)), { recursive: true, force: true });
      if (ctx.ws) fs.rmSync(String(ctx.ws), { recursive: true, force: true });
    }
    return f;
  } finally {
    workers.forEach((w) => w.kill());
  }
}

function report(name: string, writers: number, f: Figures): void {
  // the figures the issue asks for (README-worthy)
  console.log(`      ${name} ×${writers}: ${f.rounds} rounds, ${f.writes} written, ${f.refusals} re-plan refusals, lost ${f.lost}, duplicated ${f.duplicated}, other ${f.other.length}`);
}

function assertClean(f: Figures): void {
  assert.deepEqual(f.other, [], 'every outcome is a write or the re-plan refusal');
  assert.equal(f.lost, 0, 'no lost entries');
  assert.equal(f.duplicated, 0, 'no second write from a stale plan');
  assert.equal(f.writes, f.rounds, 'exactly one writer per round wins');
}

// --------------------------------------------------------------------------------------------- stores

const read = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : '');
const templates = new Map<string, string>();

/** A copy of a state dir prepared in `before`. */
function stateCopy(kind: string): string {
  const t = templates.get(kind)!;
  const d = path.join(tmpDir('occtx-conc-'), 'state');
  fs.cpSync(t, d, { recursive: true });
  // a config that names the template's own workspace names the copy's (the writers use what the config names)
  const cfgFile = path.join(d, 'openclaw.json');
  const cfg = JSON.parse(read(cfgFile)) as { agents?: { defaults?: { workspace?: string } } };
  if (cfg.agents?.defaults?.workspace === path.join(t, 'workspace')) {
    cfg.agents.defaults.workspace = path.join(d, 'workspace');
    fs.writeFileSync(cfgFile, JSON.stringify(cfg, null, 2));
  }
  return d;
}

const LEGACY_WORK = 'agent:legacy:work';
const LEGACY_MAIN = 'agent:legacy:main';
const SQLITE_WORK = 'agent:main:work';

function jsonlFile(state: string, key: string): string {
  const rows = JSON.parse(read(path.join(state, 'agents', 'legacy', 'sessions', 'sessions.json'))) as Record<string, { sessionFile: string }>;
  return path.join(state, 'agents', 'legacy', 'sessions', rows[key]!.sessionFile);
}

/** JSONL lines appended since `before` (the file must only have grown). */
function appendedLines(file: string, before: string): Json[] {
  const now = read(file);
  assert.ok(now.startsWith(before), `${file} only grows`);
  return now.slice(before.length).split('\n').filter(Boolean).map((l) => JSON.parse(l) as Json);
}

function sqliteCompactions(state: string, key: string): number {
  const db = new (sqlite().DatabaseSync)(realDbPath(state), { readOnly: true });
  try {
    const sid = (db.prepare('SELECT current_session_id AS sid FROM session_nodes WHERE session_key = ?').get(key) as { sid: string }).sid;
    return Number((db.prepare("SELECT COUNT(*) AS n FROM transcript_events WHERE session_id = ? AND json_extract(event_json, '$.type') = 'compaction'").get(sid) as { n: number }).n);
  } finally {
    db.close();
  }
}

const cliRun = async (argv: string[], now?: number) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { main } = require(MAIN) as typeof import('../../src/cli/main');
  let err = '';
  const code = await main(argv, { stdout: () => undefined, stderr: (t) => void (err += t), env: { HOME: tmpDir('occtx-conc-home-') }, isTTY: false, stdinIsTTY: false, ...(now ? { now: () => now } : {}) });
  assert.equal(code, 0, err);
};

/** The demo state with agent:legacy:work's compaction undone (so it can be compacted again) and a checkpoint of agent:legacy:main. */
async function preparedDemo(): Promise<string> {
  const s = materializeDemoState();
  await cliRun(['undo-compact', LEGACY_WORK, '--yes', '--state-dir', s]);
  await cliRun(['checkpoint', 'create', LEGACY_MAIN, '--state-dir', s]);
  return s;
}

const DREAM_NOW = Date.parse('2026-11-22T08:00:00Z');

// --------------------------------------------------------------------------------------------- scenarios

function jsonlAppendScenario(template: string, argv: (state: string) => string[], key: string, okText: RegExp): Scenario {
  return {
    setup() {
      const state = stateCopy(template);
      const file = jsonlFile(state, key);
      return { state, file, before: read(file) };
    },
    argv: (ctx) => argv(String(ctx.state)),
    wrote: (o) => o.code === 0 && okText.test(o.out),
    check(ctx, outcomes) {
      const added = appendedLines(String(ctx.file), String(ctx.before));
      const wrote = outcomes.filter((o) => this.wrote(o)).length;
      return { lost: Math.max(0, wrote - added.length), duplicated: Math.max(0, added.length - 1) };
    },
  };
}

const SCENARIOS: Record<string, Scenario> = {
  'memory remember': {
    setup: () => ({ ws: tmpDir('occtx-conc-ws-') }),
    argv: (ctx, i, r) => ['memory', 'remember', `round ${r} writer ${i} ${Math.random().toString(36).slice(2)}`, ...(r % 2 ? ['--type', 'decision'] : []), '--workspace', String(ctx.ws)],
    wrote: (o) => o.code === 0 && /remembered in/.test(o.out),
    check(ctx, outcomes, r) {
      const file = r % 2 ? path.join(String(ctx.ws), 'memories', 'decisions.md') : fs.readdirSync(path.join(String(ctx.ws), 'memory')).map((n) => path.join(String(ctx.ws), 'memory', n))[0]!;
      const text = read(file);
      const lost = outcomes.filter((o, i) => this.wrote(o) && !text.includes(`round ${r} writer ${i} `)).length;
      const mem = read(path.join(String(ctx.ws), 'MEMORY.md'));
      const pointers = mem.split('\n').filter((l) => l.includes('memories/decisions.md')).length;
      return { lost, duplicated: Math.max(0, pointers - 1) };
    },
  },
  'compact (JSONL)': jsonlAppendScenario('demo-ready', (s) => ['compact', LEGACY_WORK, '--keep-recent-tokens', '300', '--state-dir', s], LEGACY_WORK, /^compacted /m),
  'compact (SQLite)': {
    setup() {
      const state = stateCopy('demo-ready');
      return { state, before: sqliteCompactions(state, SQLITE_WORK) };
    },
    argv: (ctx) => ['compact', SQLITE_WORK, '--keep-recent-tokens', '300', '--state-dir', String(ctx.state)],
    wrote: (o) => o.code === 0 && /^compacted /m.test(o.out),
    check(ctx, outcomes) {
      const added = sqliteCompactions(String(ctx.state), SQLITE_WORK) - Number(ctx.before);
      const wrote = outcomes.filter((o) => this.wrote(o)).length;
      return { lost: Math.max(0, wrote - added), duplicated: Math.max(0, added - 1) };
    },
  },
  'undo-compact (JSONL)': jsonlAppendScenario('demo', (s) => ['undo-compact', LEGACY_WORK, '--state-dir', s], LEGACY_WORK, /^undone/m),
  'checkpoint restore (JSONL)': jsonlAppendScenario('demo-ready', (s) => ['checkpoint', 'restore', LEGACY_MAIN, '--state-dir', s], LEGACY_MAIN, /^restored /m),
  flush: {
    setup() {
      const state = stateCopy('demo-ready');
      return { state, ws: tmpDir('occtx-conc-ws-') };
    },
    argv: (ctx, i) => ['flush', FLUSH_KEYS[i]!, '--workspace', String(ctx.ws), '--state-dir', String(ctx.state)],
    wrote: (o) => o.code === 0 && /^flushed /m.test(o.out),
    check(ctx, outcomes) {
      const dir = path.join(String(ctx.ws), 'memory');
      const text = fs.existsSync(dir) ? fs.readdirSync(dir).map((n) => read(path.join(dir, n))).join('') : '';
      const recorded = JSON.parse(read(path.join(String(ctx.state), 'context', 'memory', 'flush-state.json')) || '{"sessions":{}}') as { sessions: Record<string, unknown> };
      const lost = outcomes.filter((o, i) => this.wrote(o) && (!text.includes(`· ${FLUSH_KEYS[i]}\n`) || !recorded.sessions[FLUSH_KEYS[i]!])).length;
      const sections = FLUSH_KEYS.map((k) => text.split(`· ${k}\n`).length - 1);
      return { lost, duplicated: sections.reduce((a, n) => a + Math.max(0, n - 1), 0) };
    },
  },
  'memory dream accept': {
    now: DREAM_NOW,
    setup() {
      const state = stateCopy('dream-ready');
      return { state, ids: templates.get('dream-ids')!.split(','), mem: read(path.join(state, 'workspace', 'MEMORY.md')) };
    },
    // writers 0 and 1 accept the two candidates, writers 2 and 3 reject them
    argv: (ctx, i) => ['memory', 'dream', i < 2 ? 'accept' : 'reject', (ctx.ids as string[])[i % 2]!, '--state-dir', String(ctx.state)],
    wrote: (o) => o.code === 0 && /^(accepted|rejected)/m.test(o.out),
    check(ctx, outcomes) {
      const dreams = read(path.join(String(ctx.state), 'workspace', 'DREAMS.md'));
      const mem = read(path.join(String(ctx.state), 'workspace', 'MEMORY.md'));
      const status = (id: string) => /Status:\s*(\w+)/.exec(dreams.slice(dreams.indexOf(id)))?.[1];
      const lost = outcomes.filter((o, i) => this.wrote(o) && status((ctx.ids as string[])[i % 2]!) !== (i < 2 ? 'accepted' : 'rejected')).length;
      const pointers = mem.split('\n').length - String(ctx.mem).split('\n').length;
      const accepted = outcomes.filter((o, i) => i < 2 && this.wrote(o)).length;
      return { lost: lost + Math.max(0, accepted - pointers), duplicated: 0 };
    },
  },
};

const FLUSH_KEYS = ['agent:main:work', 'agent:main:ext', 'agent:main:ext2', 'agent:main:main'];

describe('concurrent writers: 2 and 4 processes write the same target at once', function () {
  this.timeout(600_000);

  before(async function () {
    templates.set('demo', materializeDemoState());
    templates.set('demo-ready', await preparedDemo());
    const real = realStateForWrites();
    await cliRun(['memory', 'dream', '--yes', '--state-dir', real], DREAM_NOW);
    const ids = [...read(path.join(real, 'workspace', 'DREAMS.md')).matchAll(/\b(dream-[0-9a-z-]+)/g)].map((m) => m[1]!);
    const unique = [...new Set(ids)];
    assert.ok(unique.length >= 2, `at least 2 dream candidates to accept (${unique.length})`);
    templates.set('dream-ready', real);
    templates.set('dream-ids', unique.join(','));
  });

  for (const [name, s] of Object.entries(SCENARIOS)) {
    for (const writers of [2, 4]) {
      it(`${name}: ${writers} writers × ${ROUNDS} rounds`, async function () {
        const f = await run(s, writers);
        report(name, writers, f);
        assertClean(f);
      });
    }
  }
});
