/**
 * Shared pieces of the attack suite: the seeded PRNG, the fixture states copied into a case's temp root,
 * snapshots that never follow links or open special files, and running the bundled CLI (dist/cli.js) in a
 * child with a time limit and an RSS limit, then judging what it printed.
 *
 * A case root is laid out as
 *   <root>/state     the (mutated) OpenClaw state dir, passed with --state-dir
 *   <root>/home      $HOME of the child; holds ~/.openclaw/workspace (a real user's workspace: must not be touched)
 *   <root>/outside   sentinel files links point to; must stay byte-identical
 */
import { spawn, spawnSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { rng as corpusRng } from '../../scripts/corpus/lib.mjs';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = path.join(REPO, 'dist', 'cli.js');
export const NODE = process.execPath;
export const require = createRequire(path.join(REPO, 'package.json'));

/** Exit codes the CLI documents: 0 ok · 1 a check failed · 2 usage · 3 store unavailable. */
export const DOCUMENTED_EXIT = new Set([0, 1, 2, 3]);

// ---------------------------------------------------------------------------------------------
// PRNG: the corpus builder's sfc32 (scripts/corpus/lib.mjs), seeded with (seed, class, n, …); every random
// choice goes through it.

export function rng(...parts) {
  const base = corpusRng(parts.join('\u0001'));
  const next = base.next;
  return {
    next,
    /** integer in [0, n) */
    int: (n) => Math.floor(next() * n),
    /** integer in [lo, hi] */
    range: (lo, hi) => base.int(lo, hi),
    pick: base.pick,
    chance: base.chance,
    bytes: (n) => {
      const b = Buffer.alloc(n);
      for (let i = 0; i < n; i++) b[i] = Math.floor(next() * 256);
      return b;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Temp roots and the fixture states

let workDir;
/** The suite's own temp dir (removed at exit unless ATTACK_KEEP=1). */
export function work() {
  if (!workDir) {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'occtx-attack-'));
    process.on('exit', () => {
      if (process.env.ATTACK_KEEP !== '1') fs.rmSync(workDir, { recursive: true, force: true });
    });
  }
  return workDir;
}

export const DEMO_MAIN_DB = path.join('agents', 'main', 'agent', 'openclaw-agent.sqlite');
export const LEGACY_SESSIONS = path.join('agents', 'legacy', 'sessions');
export const LEGACY_WORK_FILE = path.join(LEGACY_SESSIONS, '9335172d-fe7b-41f1-b0db-bad58368e4f9.jsonl');
export const LEGACY_MAIN_FILE = path.join(LEGACY_SESSIONS, '43a6baf9-3f84-4b0e-a72a-454f354be293.jsonl');

const bases = new Map();
const cliSync = (dir, home, argv) => spawnSync(NODE, [CLI, ...argv, '--state-dir', dir, '--gateway', 'ws://127.0.0.1:9'], { env: { PATH: process.env.PATH, HOME: home, NO_COLOR: '1', TZ: 'UTC' }, encoding: 'utf8' });

/**
 * A fixture state, materialised once per run:
 * - 'demo': demo/openclaw-state (SQLite agent main in rollback-journal mode + JSONL agent legacy);
 * - 'real': test/fixtures/openclaw-real/state (OpenClaw 2026.9.6, SQLite only);
 * - 'demo-wal': demo with the agent DB in WAL mode;
 * - 'demo-undone': demo after `undo-compact agent:legacy:work` (so the JSONL session has something to compact).
 * Each has `context/` and DREAMS.md prepared by the real CLI (a checkpoint per work session, dream
 * candidates), so the readers and writers of our own files have input.
 */
export function baseState(name) {
  if (bases.has(name)) return bases.get(name);
  const dir = path.join(work(), 'base', name);
  const home = path.join(work(), 'base', `${name}-home`);
  fs.mkdirSync(home, { recursive: true });
  const derived = { 'demo-wal': 'demo', 'demo-undone': 'demo' }[name];
  if (derived) {
    fs.cpSync(baseState(derived), dir, { recursive: true });
    repoint(path.join(dir, 'openclaw.json'), baseState(derived), dir);
    if (name === 'demo-wal') {
      const db = new (sqlite().DatabaseSync)(path.join(dir, DEMO_MAIN_DB));
      db.exec('PRAGMA journal_mode=WAL');
      db.close();
    } else {
      const r = cliSync(dir, home, ['undo-compact', 'agent:legacy:work', '--yes']);
      if (r.status !== 0) throw new Error(`preparing ${name}: ${r.stderr}`);
    }
    bases.set(name, dir);
    return dir;
  }
  const src = name === 'real' ? path.join(REPO, 'test', 'fixtures', 'openclaw-real', 'state') : path.join(REPO, 'demo', 'openclaw-state');
  fs.cpSync(src, dir, { recursive: true });
  const gz = path.join(dir, DEMO_MAIN_DB + '.gz');
  fs.writeFileSync(gz.slice(0, -3), zlib.gunzipSync(fs.readFileSync(gz)));
  fs.rmSync(gz);
  repoint(path.join(dir, 'openclaw.json'), '/tmp/openclaw-real/state', dir);
  const keys = name === 'demo' ? ['agent:main:work', 'agent:legacy:work'] : ['agent:main:work'];
  for (const argv of [...keys.map((k) => ['checkpoint', 'create', k]), ['memory', 'dream', '--yes']]) {
    const r = cliSync(dir, home, argv);
    if (r.status !== 0) throw new Error(`preparing the ${name} base: ${argv.join(' ')}: ${r.stderr}`);
  }
  bases.set(name, dir);
  return dir;
}

/**
 * A fresh case root with a copy of a base state. The config's absolute workspace (the real fixture names
 * /tmp/openclaw-real/…) is pointed at the copy's own workspace.
 */
export function caseRoot(base, tag = 'case') {
  const root = fs.mkdtempSync(path.join(work(), `${tag}-`));
  const state = path.join(root, 'state');
  fs.cpSync(baseState(base), state, { recursive: true });
  repoint(path.join(state, 'openclaw.json'), baseState(base), state);
  const home = path.join(root, 'home');
  fs.mkdirSync(path.join(home, '.openclaw', 'workspace', 'memory'), { recursive: true });
  fs.writeFileSync(path.join(home, '.openclaw', 'workspace', 'MEMORY.md'), '# MEMORY.md of the real user (sentinel)\n');
  const outside = path.join(root, 'outside');
  fs.mkdirSync(path.join(outside, 'dir'), { recursive: true });
  fs.writeFileSync(path.join(outside, 'sentinel.txt'), 'sentinel: must stay byte-identical\n');
  fs.writeFileSync(path.join(outside, 'target.jsonl'), fs.readFileSync(path.join(REPO, 'demo', 'openclaw-state', LEGACY_WORK_FILE)));
  fs.writeFileSync(path.join(outside, 'dir', 'MEMORY.md'), '# outside MEMORY.md (sentinel)\n');
  fs.writeFileSync(path.join(outside, 'dir', 'cp_001.yaml'), 'sentinel: true\n');
  return { root, state, home, outside };
}

/** Point absolute paths in a config at another dir (the real fixture names /tmp/openclaw-real/state). */
function repoint(cfg, from, to) {
  const text = fs.readFileSync(cfg, 'utf8');
  if (text.includes(from)) fs.writeFileSync(cfg, text.split(from).join(to));
}

export function rmRoot(c) {
  if (process.env.ATTACK_KEEP === '1') return;
  fs.rmSync(c.root, { recursive: true, force: true });
}

export function mkfifo(p) {
  const r = spawnSync('mkfifo', [p]);
  if (r.status !== 0) throw new Error(`mkfifo ${p}: ${r.stderr}`);
}

/** Replace whatever is at `p` (file, dir, link) by nothing. */
export function clear(p) {
  fs.rmSync(p, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// Snapshots: lstat only; regular files hashed; links by target; FIFOs and devices by kind.

/** The names in a dir, or none when it cannot be listed (absent, not a dir, a loop …). */
export function listDir(d) {
  try {
    return fs.readdirSync(d);
  } catch {
    return [];
  }
}

/**
 * Every entry under `dir` as {rel, abs, st} (lstat: links are not followed, real dirs are entered after
 * they are yielded); `skip(rel)` leaves an entry and what is under it out.
 */
export function* walk(dir, skip = () => false, rel = '') {
  for (const n of listDir(path.join(dir, rel))) {
    const r = rel ? path.join(rel, n) : n;
    if (skip(r)) continue;
    const abs = path.join(dir, r);
    let st;
    try {
      st = fs.lstatSync(abs);
    } catch {
      continue;
    }
    yield { rel: r, abs, st };
    if (st.isDirectory()) yield* walk(dir, skip, r);
  }
}

export function snapshot(dir, skip = () => false) {
  const out = new Map();
  for (const { rel, abs, st } of walk(dir, skip)) {
    if (st.isSymbolicLink()) out.set(rel, `link:${fs.readlinkSync(abs)}`);
    else if (st.isDirectory()) out.set(rel, 'dir');
    else if (st.isFile()) out.set(rel, `file:${st.size}:${crypto.createHash('sha256').update(fs.readFileSync(abs)).digest('hex')}`);
    else out.set(rel, `special:${st.mode}`);
  }
  return out;
}

/** Paths added, removed or changed between two snapshots. */
export function diffSnap(a, b) {
  const out = [];
  for (const [k, v] of a) if (b.get(k) !== v) out.push(b.has(k) ? `changed ${k}` : `removed ${k}`);
  for (const k of b.keys()) if (!a.has(k)) out.push(`added ${k}`);
  return out;
}

/** Snapshot of everything a case must not change: outside/ and home/. */
export function sentinelSnap(c) {
  // ~/.config/openclaw-context holds the CLI's own Gateway device identity (created by doctor and Gateway use)
  return { outside: snapshot(c.outside), home: snapshot(c.home, (rel) => rel === '.config' || rel.startsWith(path.join('.config', 'openclaw-context'))) };
}

export function sentinelDiff(before, c) {
  const now = sentinelSnap(c);
  return [...diffSnap(before.outside, now.outside).map((d) => `outside: ${d}`), ...diffSnap(before.home, now.home).map((d) => `home: ${d}`)];
}

// ---------------------------------------------------------------------------------------------
// Running the CLI

let closedPort;
/** A loopback port nothing listens on (so no command reaches a Gateway by accident). */
export async function closedGatewayUrl() {
  if (!closedPort) {
    const net = await import('node:net');
    closedPort = await new Promise((resolve) => {
      const s = net.createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = s.address().port;
        s.close(() => resolve(p));
      });
    });
  }
  return `ws://127.0.0.1:${closedPort}`;
}

export function cliEnv(c, extra = {}) {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: c.home, LANG: 'C.UTF-8', NO_COLOR: '1', TZ: 'UTC', ...extra };
  return env;
}

const OUT_CAP = 4 * 1024 * 1024;

/**
 * Run a program in a child with a wall-clock limit and an RSS limit (polled from /proc). Returns
 * {code, signal, out, err, ms, peakRssMB, timedOut, memBlown}.
 */
export function runChild(cmd, argv, { env, timeoutMs = 10_000, rssMB = 1024, cwd, rssPid } = {}) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(cmd, argv, { env, cwd: cwd ?? os.tmpdir(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const outB = [];
    const errB = [];
    let outN = 0;
    let errN = 0;
    child.stdout.on('data', (b) => {
      if (outN < OUT_CAP) outB.push(b);
      outN += b.length;
    });
    child.stderr.on('data', (b) => {
      if (errN < OUT_CAP) errB.push(b);
      errN += b.length;
    });
    let timedOut = false;
    let memBlown = false;
    let peak = 0;
    const killAll = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        try {
          child.kill('SIGKILL');
        } catch {
          /* gone */
        }
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killAll();
    }, timeoutMs);
    const poll = setInterval(() => {
      const pids = rssPid ? rssPid(child.pid) : [child.pid];
      let rss = 0;
      for (const pid of pids) {
        try {
          const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
          if (m) rss += Number(m[1]) / 1024;
        } catch {
          /* exited */
        }
      }
      peak = Math.max(peak, rss);
      if (rss > rssMB) {
        memBlown = true;
        killAll();
      }
    }, 50);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(poll);
      resolve({ code, signal, out: Buffer.concat(outB).toString('utf8'), err: Buffer.concat(errB).toString('utf8'), outBytes: outN, errBytes: errN, ms: Date.now() - t0, peakRssMB: Math.round(peak), timedOut, memBlown });
    });
    child.once('error', (e) => {
      clearTimeout(timer);
      clearInterval(poll);
      resolve({ code: null, signal: null, out: '', err: String(e), outBytes: 0, errBytes: 0, ms: Date.now() - t0, peakRssMB: 0, timedOut: false, memBlown: false, spawnError: true });
    });
  });
}

/**
 * How much slower than an idle 2-core machine this one is right now (≥ 1): the time limits are scaled by
 * it, so a loaded machine does not turn slow runs into "hangs". Measured once per run by calibrate().
 */
let slow = 1;
export const slowness = () => slow;

/** Time `sessions --json` on the demo state (median of 3; about 0.2 s on an idle 2-core machine) and set the slowness factor. */
export async function calibrate() {
  const c = caseRoot('demo', 'calibrate');
  const ms = [];
  for (let i = 0; i < 3; i++) ms.push((await runChild(NODE, [CLI, 'sessions', '--json', '--state-dir', c.state, '--gateway', await closedGatewayUrl()], { env: cliEnv(c), timeoutMs: 120_000 })).ms);
  rmRoot(c);
  slow = Math.max(1, ms.sort((a, b) => a - b)[1] / 400);
  return { ms: ms[1], slow };
}

/** The CLI with a heap limit, the given time limit (scaled by the slowness) and RSS limit. */
export function runCli(args, c, opts = {}) {
  const heap = opts.heapMB ?? 512;
  return runChild(NODE, [`--max-old-space-size=${heap}`, '--stack-size=984', CLI, ...args], { env: cliEnv(c, opts.env), timeoutMs: Math.round((opts.timeoutMs ?? 10_000) * slow), rssMB: opts.rssMB ?? 1536 });
}

const ENGINE_ERROR_RE = /Maximum call stack|FATAL ERROR|heap out of memory|Invalid time value|Invalid array length|Cannot read properties of|Cannot convert|is not a function|is not iterable|RangeError|TypeError|ReferenceError/;
const STACK_RE = /^\s+at (?:.+ \()?(?:\/|node:|file:|<anonymous>)[^\n]*\d+:\d+\)?$/m;

/**
 * What is wrong with a finished CLI run, by category: crash (signal, undocumented exit code, a stack
 * trace, "unexpected error", V8 fatal errors), hang (time limit), mem (RSS limit), unclear (a failure
 * without a one-paragraph message on stderr, or --json output that is not one JSON document).
 */
export function judgeRun(res, { json = false } = {}) {
  const p = [];
  if (res.timedOut) p.push({ kind: 'hang', msg: `no answer within the time limit (${res.ms} ms)` });
  else if (res.memBlown) p.push({ kind: 'mem', msg: `RSS over the limit (${res.peakRssMB} MB)` });
  else if (res.spawnError) p.push({ kind: 'crash', msg: `spawn: ${res.err}` });
  else {
    if (res.signal) p.push({ kind: 'crash', msg: `killed by ${res.signal}` });
    else if (!DOCUMENTED_EXIT.has(res.code)) p.push({ kind: 'crash', msg: `exit code ${res.code}` });
    const err = res.err;
    if (/unexpected error/i.test(err)) p.push({ kind: 'crash', msg: `"unexpected error": ${firstLine(err, /unexpected error/i)}` });
    // stderr only: stdout may quote transcript content (tool output with stack traces)
    if (STACK_RE.test(err)) p.push({ kind: 'crash', msg: `stack trace printed: ${firstLine(err, STACK_RE)}` });
    if (ENGINE_ERROR_RE.test(err)) p.push({ kind: 'unclear', msg: `a JS engine error as the message: ${firstLine(err, ENGINE_ERROR_RE)}` });
    if (res.code !== 0 && res.code !== 1 && !p.length) {
      if (!err.trim()) p.push({ kind: 'unclear', msg: `exit ${res.code} with nothing on stderr` });
      else if (res.errBytes > 8000) p.push({ kind: 'unclear', msg: `exit ${res.code} with ${res.errBytes} bytes on stderr` });
    }
    if (json && !p.length) {
      try {
        JSON.parse(res.out);
      } catch {
        p.push({ kind: 'unclear', msg: `--json printed no single JSON document (${res.outBytes} bytes, exit ${res.code})` });
      }
    }
  }
  return p;
}

function firstLine(text, re) {
  const line = text.split('\n').find((l) => re.test(l)) ?? '';
  return line.trim().slice(0, 200);
}

export function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A small concurrency pool: run `fn` over items with at most `jobs` in flight. */
export async function pool(items, jobs, fn) {
  let i = 0;
  const workers = Array.from({ length: Math.max(1, jobs) }, async () => {
    while (i < items.length) {
      const k = i++;
      await fn(items[k], k);
    }
  });
  await Promise.all(workers);
}

export const sqlite = () => require('node:sqlite');

/** Sessions per agent listed by a status/sessions run (its JSON, or the keys in the human output). */
export function listedAgents(res, json) {
  const count = {};
  if (json) {
    const doc = parseJson(res.out);
    for (const s of doc?.sessions ?? []) count[s.agentId] = (count[s.agentId] ?? 0) + 1;
  } else {
    for (const m of res.out.matchAll(/(?:^|\s)agent:([a-z0-9_-]+):\S*(?=\s)/gm)) count[m[1]] = (count[m[1]] ?? 0) + 1;
  }
  return count;
}

const baselines = new Map();
/** Sessions per agent that `sessions --json` lists on an untouched copy of a base state. */
export async function baseline(base) {
  if (!baselines.has(base)) {
    baselines.set(base, (async () => {
      const c = caseRoot(base, 'baseline');
      const res = await runCli(['sessions', '--json', '--state-dir', c.state, '--gateway', await closedGatewayUrl()], c);
      rmRoot(c);
      return listedAgents(res, true);
    })());
  }
  return baselines.get(base);
}

/** The sessions of every agent still listed (after a kill, a hostile input, concurrent writers …): problems if not. */
export async function sessionsStillListed(c, base, { allowJournalNotice = false } = {}) {
  const want = await baseline(base);
  const res = await runCli(['sessions', '--json', '--state-dir', c.state, '--gateway', await closedGatewayUrl()], c);
  const p = judgeRun(res, { json: true });
  const got = listedAgents(res, true);
  for (const [agent, n] of Object.entries(want)) {
    if ((got[agent] ?? 0) >= n) continue;
    if (allowJournalNotice && /journal/i.test(res.err)) continue; // reported as a hot journal: not silent
    p.push({ kind: 'other', msg: `sessions vanished: agent ${agent} lists ${got[agent] ?? 0} of ${n} (exit ${res.code}${res.err ? `: ${res.err.split('\n')[0].slice(0, 200)}` : ', nothing on stderr'})` });
  }
  return p;
}
