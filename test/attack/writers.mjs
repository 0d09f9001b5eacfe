/**
 * The CLI's writing commands and the stores they write, shared by the kill, concurrent and hostile
 * classes, plus the checks of what a writer may leave behind: transcripts only ever grow (old bytes /
 * old rows identical), the SQLite store passes integrity_check, our own JSON and YAML files parse.
 * (The CLI has no `reset`: resetting a session goes through the Gateway, from the extension only.)
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { caseRoot, DEMO_MAIN_DB, LEGACY_SESSIONS, listDir, require, sqlite, walk, work } from './lib.mjs';

/** store variant → the base state it starts from and the session it writes */
export const STORES = {
  'sqlite-rollback': { base: 'demo', key: 'agent:main:work' },
  'sqlite-wal': { base: 'demo-wal', key: 'agent:main:work' },
  jsonl: { base: 'demo', key: 'agent:legacy:work' },
  /** commands that write only the workspace */
  workspace: { base: 'demo', key: null },
};

const ws = (c) => path.join(c.state, 'workspace');
/** the dream candidates staged in the base's DREAMS.md, in order */
export function dreamIds(c) {
  const f = path.join(ws(c), 'DREAMS.md');
  let text = '';
  try {
    if (fs.statSync(f).isFile()) text = fs.readFileSync(f, 'utf8'); // never open a FIFO a hostile case put there
  } catch {
    /* absent or a loop */
  }
  const ids = [...text.matchAll(/### \[(dream-[0-9a-f]+)\]/g)].map((m) => m[1]);
  return ids.length ? ids : ['dream-ab256da068', 'dream-5b0fa2f050']; // the demo's candidates
}

/**
 * name → { stores, base(store) (optional override), argv(key, c, tag) }. `tag` makes a run's input
 * unique when the check needs to find it (remember's text).
 */
export const WRITERS = {
  compact: { stores: ['sqlite-rollback', 'sqlite-wal', 'jsonl'], base: (s) => (s === 'jsonl' ? 'demo-undone' : undefined), argv: (key) => ['compact', key, '--yes', '--even-if-larger', '--keep-recent-tokens', '300', '--json'] },
  'undo-compact': { stores: ['jsonl'], argv: (key) => ['undo-compact', key, '--yes', '--json'] },
  'checkpoint-create': { stores: ['sqlite-rollback', 'sqlite-wal', 'jsonl'], argv: (key) => ['checkpoint', 'create', key, '--json'] },
  'checkpoint-restore': { stores: ['sqlite-rollback', 'sqlite-wal', 'jsonl'], argv: (key) => ['checkpoint', 'restore', key, '--yes', '--json'] },
  flush: { stores: ['sqlite-rollback', 'sqlite-wal', 'jsonl'], argv: (key, c) => ['flush', key, '--yes', '--force', '--workspace', ws(c), '--json'] },
  remember: { stores: ['workspace'], argv: (_k, c, tag = 'fixed') => ['memory', 'remember', `attack fact ${tag}: the build uses esbuild`, '--type', 'fact', '--yes', '--workspace', ws(c), '--json'] },
  /** prep: the base has DREAMS.md from an earlier dream; a new dream needs it gone */
  dream: { stores: ['workspace'], prep: (c) => fs.rmSync(path.join(ws(c), 'DREAMS.md'), { force: true }), argv: (_k, c) => ['memory', 'dream', '--yes', '--workspace', ws(c), '--json'] },
  'dream-accept': { stores: ['workspace'], argv: (_k, c) => ['memory', 'dream', 'accept', dreamIds(c)[0], '--yes', '--workspace', ws(c), '--json'] },
  'dream-reject': { stores: ['workspace'], argv: (_k, c) => ['memory', 'dream', 'reject', dreamIds(c)[1] ?? dreamIds(c)[0], '--yes', '--workspace', ws(c), '--json'] },
};

/** A fresh case root for a writer on a store, prepared for it. */
export function writerRoot(writer, store, tag) {
  const c = caseRoot(baseOf(writer, store), tag);
  WRITERS[writer].prep?.(c);
  return c;
}

export const baseOf = (writer, store) => WRITERS[writer].base?.(store) ?? STORES[store].base;

// ---------------------------------------------------------------------------------------------
// What a writer may leave behind

const h = (b) => crypto.createHash('sha256').update(b).digest('hex');

/** Every transcript in a state: JSONL files (bytes) and SQLite rows (by session/seq). */
export function transcriptImage(state) {
  const img = { jsonl: new Map(), rows: null };
  const dir = path.join(state, LEGACY_SESSIONS);
  for (const n of listDir(dir)) if (n.endsWith('.jsonl')) img.jsonl.set(n, readIfFile(path.join(dir, n)));
  img.rows = sqliteRows(path.join(state, DEMO_MAIN_DB));
  return img;
}

function readIfFile(p) {
  try {
    return fs.lstatSync(p).isFile() ? fs.readFileSync(p) : null;
  } catch {
    return null;
  }
}

/**
 * The rows of an agent DB as a Map(session/seq → hash), read from a scratch copy of the database and its
 * journal / WAL (opening the copy read-write rolls a hot journal back, as the next writer would), plus
 * integrity_check. null when there is no DB.
 */
export function sqliteRows(db) {
  if (!readIfFile(db)) return null;
  const scratch = fs.mkdtempSync(path.join(work(), 'sqlcopy-'));
  try {
    for (const sfx of ['', '-journal', '-wal']) {
      const b = readIfFile(db + sfx);
      if (b) fs.writeFileSync(path.join(scratch, 'db' + sfx), b);
    }
    const d = new (sqlite().DatabaseSync)(path.join(scratch, 'db'));
    try {
      const integrity = d.prepare('PRAGMA integrity_check').all().map((r) => Object.values(r)[0]).join('; ');
      const rows = new Map();
      for (const r of d.prepare('SELECT session_id, seq, event_json, event_zstd FROM transcript_events').all()) rows.set(`${r.session_id}/${r.seq}`, h(r.event_json ?? Buffer.from(r.event_zstd ?? '')));
      return { integrity, rows };
    } finally {
      d.close();
    }
  } catch (e) {
    return { integrity: `cannot open: ${e.message}`, rows: new Map() };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** Problems: a transcript that lost or changed old bytes / rows; SQLite not intact. */
export function transcriptsGrewOnly(before, state) {
  const now = transcriptImage(state);
  const p = [];
  for (const [n, old] of before.jsonl) {
    const cur = now.jsonl.get(n);
    if (old && (!cur || cur.length < old.length || !cur.subarray(0, old.length).equals(old))) p.push({ kind: 'lost', msg: `transcript ${n}: its old bytes are not a byte-identical prefix any more` });
  }
  if (before.rows) {
    if (!now.rows) p.push({ kind: 'lost', msg: 'the agent database is gone' });
    else {
      if (now.rows.integrity !== 'ok') p.push({ kind: 'other', msg: `agent database: integrity_check: ${now.rows.integrity.slice(0, 200)}` });
      let lost = 0;
      for (const [k, v] of before.rows.rows) if (now.rows.rows.get(k) !== v) lost++;
      if (lost) p.push({ kind: 'lost', msg: `agent database: ${lost} transcript row(s) changed or missing` });
    }
  }
  return p;
}

/** Problems: a JSONL transcript with a line that is not JSON (a torn append left behind). */
export function jsonlWhole(state) {
  const p = [];
  const dir = path.join(state, LEGACY_SESSIONS);
  for (const n of listDir(dir)) {
    if (!n.endsWith('.jsonl')) continue;
    const b = readIfFile(path.join(dir, n));
    if (!b) continue;
    const text = b.toString('utf8');
    if (text.length && !text.endsWith('\n')) p.push({ kind: 'other', msg: `transcript ${n} ends in a partial line` });
    const bad = text.split('\n').filter((l) => l.trim()).findIndex((l) => {
      try {
        JSON.parse(l);
        return false;
      } catch {
        return true;
      }
    });
    if (bad >= 0) p.push({ kind: 'other', msg: `transcript ${n}: line ${bad + 1} is not JSON (torn)` });
  }
  return p;
}

const TEMP_RE = /^\..+\.tmp$|\.lock$|\.tmp$/;
/** Problems: one of our JSON / YAML files (context/, workspace state) that does not parse (torn). */
export function ourFilesWhole(state) {
  const YAML = require('yaml');
  const p = [];
  for (const { rel, abs, st } of walk(path.join(state, 'context'))) {
    const n = path.basename(rel);
    if (!st.isFile() || TEMP_RE.test(n)) continue;
    const text = fs.readFileSync(abs, 'utf8');
    try {
      if (n.endsWith('.json')) JSON.parse(text);
      else if (/\.ya?ml$/.test(n)) YAML.parse(text);
    } catch (e) {
      p.push({ kind: 'other', msg: `torn file of ours: ${path.join('context', rel)} (${String(e.message).split('\n')[0].slice(0, 120)})` });
    }
  }
  return p;
}

/** Clock times and timestamps masked: two uninterrupted runs a minute apart write the same Markdown. */
const untimed = (t) => t.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z?/g, 'TS').replace(/\b\d{2}:\d{2}(?::\d{2})?\b/g, 'HH:MM');

/** Markdown files of the workspace by relative path → hash (null: absent). */
export function markdownImage(state) {
  const out = new Map();
  for (const { rel, abs, st } of walk(path.join(state, 'workspace'))) if (st.isFile() && rel.endsWith('.md')) out.set(rel, h(untimed(fs.readFileSync(abs, 'utf8'))));
  return out;
}

/** Problems: a Markdown file that is neither what it was before nor what an uninterrupted run writes. */
export function markdownWhole(before, after, state) {
  const now = markdownImage(state);
  const p = [];
  for (const k of new Set([...before.keys(), ...after.keys(), ...now.keys()])) {
    const v = now.get(k) ?? null;
    if (v !== (before.get(k) ?? null) && v !== (after.get(k) ?? null)) p.push({ kind: 'other', msg: `workspace/${k} is neither the old nor the new content (torn or mixed)` });
  }
  return p;
}
