/**
 * Class "hostile": every writer against hostile session keys and hostile file kinds.
 * - keys: a session (SQLite session_nodes / JSONL sessions.json) aliased under a key with `..`, `/`,
 *   3,000 characters, unicode, NUL (the CLI refuses NUL in arguments, so the key is passed without it);
 * - file kinds: what the writer writes (context/, context/checkpoints, a checkpoint folder, the append
 *   journal, context/memory, workspace/memory, MEMORY.md, memories/, DREAMS.md, today's daily log,
 *   _latest.json, the transcript, the agent DB) replaced by a FIFO, a dir, or a link out of the root; the JSONL
 *   sessions folder linked out; the transcript or the agent DB with a second (hard-linked) name outside the root;
 *   the transcript's `.lock` planted as a FIFO or a link to /dev/zero;
 *   ~/.openclaw/workspace existing while the state dir has its own workspace (no --workspace given);
 * - a crafted `<state>/context/jsonl-appends/` record whose target is outside the state dir, run through
 *   the extension's start-up recovery (recoverJsonlAppends from out/src) and through the CLI's JSONL writers.
 * Each case passes when nothing crashes or hangs, a refusal is clear, and the sentinel files outside the
 * state dir (and ~/.openclaw) stay byte-identical, and nothing new appears outside context/ and workspace/.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { clear, closedGatewayUrl, cliEnv, DEMO_MAIN_DB, diffSnap, judgeRun, LEGACY_SESSIONS, LEGACY_WORK_FILE, mkfifo, NODE, REPO, rmRoot, runChild, runCli, sentinelDiff, sentinelSnap, snapshot, sqlite } from './lib.mjs';
import { HOSTILE_KEYS } from './fuzz.mjs';
import { STORES, transcriptImage, transcriptsGrewOnly, WRITERS, writerRoot } from './writers.mjs';

const today = () => new Date().toISOString().slice(0, 10);
const KEYED = new Set(['compact', 'undo-compact', 'checkpoint-create', 'checkpoint-restore', 'flush']);

/** Alias the store's target session under `key`. */
function aliasKey(c, store, key) {
  if (store === 'jsonl') {
    const f = path.join(c.state, LEGACY_SESSIONS, 'sessions.json');
    const o = JSON.parse(fs.readFileSync(f, 'utf8'));
    Object.defineProperty(o, key, { value: { ...o[STORES.jsonl.key] }, enumerable: true, configurable: true, writable: true });
    fs.writeFileSync(f, JSON.stringify(o, null, 2));
  } else {
    const db = new (sqlite().DatabaseSync)(path.join(c.state, DEMO_MAIN_DB));
    try {
      db.prepare('INSERT INTO session_nodes (session_key, current_session_id, entry_json, entry_valid, updated_at) SELECT ?, current_session_id, entry_json, entry_valid, updated_at FROM session_nodes WHERE session_key = ?').run(key, STORES[store].key);
    } finally {
      db.close();
    }
  }
}

const linkOut = (c, p, to = path.join(c.outside, 'dir')) => {
  clear(p);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.symlinkSync(to, p);
};
/** the checkpoint folder of the store's target session */
const cpDir = (c, store) => {
  const root = path.join(c.state, 'context', 'checkpoints');
  const prefix = store === 'jsonl' ? 'agent_legacy_work-' : 'agent_main_work-';
  return path.join(root, fs.readdirSync(root).find((d) => d.startsWith(prefix)));
};

/** attack name → { writers it applies to, apply(c, store) → { key?: the key to pass, noWorkspace?: run without --workspace } } */
const ATTACKS = {
  ...Object.fromEntries(
    HOSTILE_KEYS.filter((k) => k && !k.startsWith('__') && k !== 'constructor').map((k, i) => [
      `key${i}`,
      {
        writers: KEYED,
        key: k,
        label: `key ${JSON.stringify(k.length > 40 ? k.slice(0, 30) + `…(${k.length})` : k)}`,
        apply: (c, store) => {
          const key = store === 'jsonl' ? k : k.replace('agent:legacy:', 'agent:main:');
          aliasKey(c, store, key);
          return { key: key.replace(/\u0000/g, '') };
        },
      },
    ]),
  ),
  contextLink: { writers: 'all', apply: (c) => (fs.cpSync(path.join(c.state, 'context'), path.join(c.outside, 'ctx'), { recursive: true }), linkOut(c, path.join(c.state, 'context'), path.join(c.outside, 'ctx'))) },
  checkpointsLink: { writers: new Set(['compact', 'checkpoint-create', 'checkpoint-restore']), apply: (c) => linkOut(c, path.join(c.state, 'context', 'checkpoints')) },
  checkpointDirLink: { writers: new Set(['compact', 'checkpoint-create', 'checkpoint-restore']), apply: (c, s) => (fs.cpSync(cpDir(c, s), path.join(c.outside, 'cpdir'), { recursive: true }), linkOut(c, cpDir(c, s), path.join(c.outside, 'cpdir'))) },
  nextCheckpointLink: { writers: new Set(['compact', 'checkpoint-create']), apply: (c, s) => fs.symlinkSync(path.join(c.outside, 'sentinel.txt'), path.join(cpDir(c, s), 'cp_002.yaml')) },
  latestFifo: { writers: new Set(['compact', 'checkpoint-create', 'checkpoint-restore']), apply: (c, s) => (clear(path.join(cpDir(c, s), '_latest.json')), mkfifo(path.join(cpDir(c, s), '_latest.json'))) },
  latestLink: { writers: new Set(['compact', 'checkpoint-create', 'checkpoint-restore']), apply: (c, s) => linkOut(c, path.join(cpDir(c, s), '_latest.json'), path.join(c.outside, 'sentinel.txt')) },
  journalLink: { writers: new Set(['compact', 'undo-compact', 'checkpoint-restore']), stores: ['jsonl'], apply: (c) => linkOut(c, path.join(c.state, 'context', 'jsonl-appends')) },
  contextMemoryLink: { writers: new Set(['flush']), apply: (c) => linkOut(c, path.join(c.state, 'context', 'memory')) },
  memoryDirLink: { writers: new Set(['flush', 'remember', 'dream']), apply: (c) => linkOut(c, path.join(c.state, 'workspace', 'memory')) },
  memoryMdLink: { writers: new Set(['remember', 'dream-accept']), apply: (c) => linkOut(c, path.join(c.state, 'workspace', 'MEMORY.md'), path.join(c.outside, 'dir', 'MEMORY.md')) },
  memoriesLink: { writers: new Set(['remember']), apply: (c) => linkOut(c, path.join(c.state, 'workspace', 'memories')) },
  dreamsLink: { writers: new Set(['dream', 'dream-accept', 'dream-reject']), apply: (c) => (fs.existsSync(path.join(c.state, 'workspace', 'DREAMS.md')) && fs.copyFileSync(path.join(c.state, 'workspace', 'DREAMS.md'), path.join(c.outside, 'DREAMS.md')), linkOut(c, path.join(c.state, 'workspace', 'DREAMS.md'), path.join(c.outside, fs.existsSync(path.join(c.outside, 'DREAMS.md')) ? 'DREAMS.md' : 'sentinel.txt'))) },
  dayLogFifo: { writers: new Set(['flush', 'remember']), apply: (c) => mkfifo(path.join(c.state, 'workspace', 'memory', `${today()}.md`)) },
  dayLogDir: { writers: new Set(['flush', 'remember']), apply: (c) => fs.mkdirSync(path.join(c.state, 'workspace', 'memory', `${today()}.md`)) },
  dayLogLink: { writers: new Set(['flush', 'remember']), apply: (c) => linkOut(c, path.join(c.state, 'workspace', 'memory', `${today()}.md`), path.join(c.outside, 'sentinel.txt')) },
  dreamsFifo: { writers: new Set(['dream', 'dream-accept', 'dream-reject']), apply: (c) => (clear(path.join(c.state, 'workspace', 'DREAMS.md')), mkfifo(path.join(c.state, 'workspace', 'DREAMS.md'))) },
  memoryMdFifo: { writers: new Set(['remember', 'dream-accept']), apply: (c) => (clear(path.join(c.state, 'workspace', 'MEMORY.md')), mkfifo(path.join(c.state, 'workspace', 'MEMORY.md'))) },
  projectMdFifo: { writers: new Set(['remember']), apply: (c) => (fs.mkdirSync(path.join(c.state, 'workspace', 'memories'), { recursive: true }), mkfifo(path.join(c.state, 'workspace', 'memories', 'project.md'))) },
  flushStateFifo: { writers: new Set(['flush']), apply: (c) => (fs.mkdirSync(path.join(c.state, 'context', 'memory'), { recursive: true }), mkfifo(path.join(c.state, 'context', 'memory', 'flush-state.json'))) },
  contextFile: { writers: 'all', apply: (c) => (clear(path.join(c.state, 'context')), fs.writeFileSync(path.join(c.state, 'context'), 'not a folder\n')) },
  checkpointsFile: { writers: new Set(['compact', 'checkpoint-create', 'checkpoint-restore']), apply: (c) => (clear(path.join(c.state, 'context', 'checkpoints')), fs.writeFileSync(path.join(c.state, 'context', 'checkpoints'), 'not a folder\n')) },
  dbFifo: { writers: KEYED, stores: ['sqlite-rollback', 'sqlite-wal'], apply: (c) => (clear(path.join(c.state, DEMO_MAIN_DB)), mkfifo(path.join(c.state, DEMO_MAIN_DB))) },
  transcriptLink: { writers: new Set(['compact', 'undo-compact', 'checkpoint-restore']), stores: ['jsonl'], apply: (c) => linkOut(c, path.join(c.state, LEGACY_WORK_FILE), path.join(c.outside, 'target.jsonl')) },
  transcriptFifo: { writers: KEYED, stores: ['jsonl'], apply: (c) => (clear(path.join(c.state, LEGACY_WORK_FILE)), mkfifo(path.join(c.state, LEGACY_WORK_FILE))) },
  dbLink: { writers: KEYED, stores: ['sqlite-rollback', 'sqlite-wal'], apply: (c) => { const db = path.join(c.state, DEMO_MAIN_DB); for (const s of ['', '-wal', '-shm']) if (fs.existsSync(db + s)) fs.copyFileSync(db + s, path.join(c.outside, 'agent.sqlite' + s)); linkOut(c, db, path.join(c.outside, 'agent.sqlite')); } },
  // the folder holding the transcript linked out (the SQLite store refuses its agent folder so; JSONL must too)
  sessionsDirLink: { writers: new Set(['compact', 'undo-compact', 'checkpoint-restore']), stores: ['jsonl'], apply: (c) => (fs.cpSync(path.join(c.state, LEGACY_SESSIONS), path.join(c.outside, 'sessions'), { recursive: true }), linkOut(c, path.join(c.state, LEGACY_SESSIONS), path.join(c.outside, 'sessions'))) },
  // a second name outside the root for the very file written (no link to resolve: only its link count tells)
  transcriptHardLink: { writers: new Set(['compact', 'undo-compact', 'checkpoint-restore']), stores: ['jsonl'], apply: (c) => fs.linkSync(path.join(c.state, LEGACY_WORK_FILE), path.join(c.outside, 'hard.jsonl')) },
  dbHardLink: { writers: KEYED, stores: ['sqlite-rollback', 'sqlite-wal'], apply: (c) => fs.linkSync(path.join(c.state, DEMO_MAIN_DB), path.join(c.outside, 'hard.sqlite')) },
  // OpenClaw's lock file planted as a FIFO or a link to /dev/zero: reading it to judge or reclaim it must not block or flood
  lockFifo: { writers: new Set(['compact', 'undo-compact', 'checkpoint-restore']), stores: ['jsonl'], apply: (c) => mkfifo(path.join(c.state, `${LEGACY_WORK_FILE}.lock`)) },
  lockLinkZero: { writers: new Set(['compact', 'undo-compact', 'checkpoint-restore']), stores: ['jsonl'], apply: (c) => fs.symlinkSync('/dev/zero', path.join(c.state, `${LEGACY_WORK_FILE}.lock`)) },
  homeWorkspace: { writers: new Set(['flush', 'remember']), apply: () => ({ noWorkspace: true }) },
  journalOutside: { writers: new Set(['compact', 'undo-compact', 'checkpoint-restore']), stores: ['jsonl'], apply: (c) => craftJournal(c) },
};

/**
 * Finding 1: a record in context/jsonl-appends/ naming a file outside the state dir, under the journal
 * name of that file and of the session's own transcript (so both the start-up recovery and the writer's
 * own check see it). Its bytes extend the target from its current end.
 */
function craftJournal(c) {
  const dir = path.join(c.state, 'context', 'jsonl-appends');
  fs.mkdirSync(dir, { recursive: true });
  const target = path.join(c.outside, 'target.jsonl');
  // claims its first byte (the target's last, a newline) is already written: the recovery "completes" the rest
  const data = Buffer.from('\n{"type":"message","id":"evil","parentId":null,"message":{"role":"user","content":"appended by a crafted record"}}\n');
  const size = fs.statSync(target).size;
  const rec = (file) => JSON.stringify({ schema: 'openclaw-context/jsonl-append', file, offset: size - 1, length: data.length, sha256: createHash('sha256').update(data).digest('hex'), data: data.toString('base64') }) + '\n';
  const name = (file) => `${createHash('sha256').update(file).digest('hex').slice(0, 32)}.json`;
  fs.writeFileSync(path.join(dir, name(target)), rec(target));
  const own = fs.realpathSync(path.join(c.state, LEGACY_WORK_FILE));
  fs.writeFileSync(path.join(dir, name(own)), rec(target));
  return { recovery: true };
}

/** bounded: the keys with `..`, `/`, 3,000 characters, unicode and NUL; full: every hostile key */
const BOUNDED_KEY = (k) => /\.\.\/|\/etc\/|\u202e|\u0000/.test(k) || k.length > 1000;

export function hostileSpecs(seed, mode) {
  const specs = [];
  for (const [attack, a] of Object.entries(ATTACKS)) {
    if (mode !== 'full' && a.key !== undefined && !BOUNDED_KEY(a.key)) continue;
    for (const [writer, w] of Object.entries(WRITERS)) {
      if (a.writers !== 'all' && !a.writers.has(writer)) continue;
      for (const store of w.stores) if (!a.stores || a.stores.includes(store)) specs.push({ class: 'hostile', seed, n: specs.length, attack, writer, store });
    }
  }
  return specs;
}

/** The extension's start-up recovery of interrupted JSONL appends, on this state dir (in a child, with a time limit). */
function runRecovery(c) {
  const writer = path.join(REPO, 'out', 'src', 'core', 'store', 'jsonlWriter.js');
  const code = `require(${JSON.stringify(writer)}).recoverJsonlAppends(${JSON.stringify(c.state)}).then((r) => console.log(JSON.stringify(r)), (e) => { console.error(String(e && e.message || e)); process.exitCode = 3; })`;
  return runChild(NODE, ['-e', code], { env: cliEnv(c), timeoutMs: 20_000 });
}

export async function runHostile(spec) {
  const c = writerRoot(spec.writer, spec.store, 'hostile');
  try {
    const how = ATTACKS[spec.attack].apply(c, spec.store) ?? {};
    const transcripts = transcriptImage(c.state);
    const sentinelsAfterSetup = sentinelSnap(c); // taken after the setup: the attack itself may copy files out
    const outsideState = snapshot(c.root, (rel) => rel === 'state' || rel.startsWith('state' + path.sep) || rel === 'home' || rel.startsWith('home' + path.sep));
    const stateBefore = snapshot(c.state, (rel) => /^(context|workspace)(\/|$)/.test(rel) || rel.endsWith('-shm') || rel.endsWith('-journal') || rel.endsWith('-wal') || rel.endsWith('.lock'));
    const problems = [];
    if (how.recovery) {
      const r = await runRecovery(c);
      problems.push(...judgeRun(r).map((p) => ({ ...p, msg: `start-up recovery: ${p.msg}` })));
      for (const x of sentinelDiff(sentinelsAfterSetup, c)) problems.push({ kind: 'outside', msg: `start-up recovery (recoverJsonlAppends): ${x}` });
    }
    let argv = WRITERS[spec.writer].argv(how.key ?? STORES[spec.store].key, c, 'hostile');
    if (how.noWorkspace) {
      const i = argv.indexOf('--workspace');
      argv = [...argv.slice(0, i), ...argv.slice(i + 2)];
    }
    const res = await runCli([...argv, '--state-dir', c.state, '--gateway', await closedGatewayUrl()], c, { timeoutMs: 10_000 });
    problems.push(...judgeRun(res, { json: true }));
    if (res.code !== null && res.code !== 0 && !res.err.trim()) problems.push({ kind: 'other', msg: `exit ${res.code} without a message` });
    for (const x of sentinelDiff(sentinelsAfterSetup, c)) problems.push({ kind: 'outside', msg: x });
    for (const x of diffSnap(outsideState, snapshot(c.root, (rel) => rel === 'state' || rel.startsWith('state' + path.sep) || rel === 'home' || rel.startsWith('home' + path.sep)))) problems.push({ kind: 'outside', msg: `next to the state dir: ${x}` });
    for (const x of diffSnap(stateBefore, snapshot(c.state, (rel) => /^(context|workspace)(\/|$)/.test(rel) || rel.endsWith('-shm') || rel.endsWith('-journal') || rel.endsWith('-wal') || rel.endsWith('.lock')))) {
      // the writer's own appends to its transcript are expected; anything else in OpenClaw's files is not
      if (/^changed agents\/(legacy\/sessions\/[^/]+\.jsonl|main\/agent\/openclaw-agent\.sqlite)$/.test(x)) continue;
      problems.push({ kind: 'outside', msg: `in OpenClaw's files: ${x}` });
    }
    problems.push(...transcriptsGrewOnly(transcripts, c.state));
    return { problems, detail: { code: res.code, stderr: res.err.slice(0, 400) } };
  } finally {
    rmRoot(c);
  }
}

export const describeHostile = (s) => `${s.writer} on ${s.store}: ${ATTACKS[s.attack]?.label ?? s.attack}`;
