/**
 * The safe write path (src/core/store/sqliteWriter.ts, jsonlWriter.ts) against copies of the real OpenClaw 2026.9.6 agent DB
 * and against fabricated JSONL-era transcripts: parentId rules, identity rows, refusals (types, owner,
 * old SQLite, schema), rollback, the JSONL lock protocol and the partial-line refusal. Every refusal
 * is checked to leave the store byte-for-byte (JSONL) or row-for-row (SQLite) as it was.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { rebuildContext, TranscriptIndex } from '../../src/core/context/rebuild';
import { JsonlSessionStore } from '../../src/core/store/jsonlStore';
import { processStartTime } from '../../src/core/store/processes';
import { SqliteSessionStore } from '../../src/core/store/sqliteStore';
import type { SessionRow } from '../../src/core/store/types';
import { appendJsonlEntries, type JsonlWriteOptions } from '../../src/core/store/jsonlWriter';
import { appendEvents, type SqliteWriteOptions } from '../../src/core/store/sqliteWriter';
import type { Refusal, WriteEntryInput } from '../../src/core/store/writeEntries';
import type { WriteResult, WriteSuccess } from '../../src/core/store/writeResult';
import { collectDiagnostics, materializeRealState, realDbPath, sqlite, tmpDir, writeJsonl, liveChild as liveChildOf } from './helpers';
import { type Jsonl, newJsonl, note, SID } from './support/writer';

type Json = Record<string, unknown>;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MAIN = 'agent:main:main';
const UID = typeof process.getuid === 'function' ? process.getuid() : undefined;
const LOCK_DIR_NAME = UID != null ? `openclaw-${UID}` : 'openclaw';

const children: ChildProcess[] = [];
after(function () {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

const liveChild = () => liveChildOf(children);

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

function ok(r: WriteResult): WriteSuccess {
  if (!r.ok) assert.fail(`expected a write, got refusal ${r.code}: ${r.message}`);
  return r;
}
function refused(r: WriteResult, code: Refusal['code']): Refusal {
  if (r.ok) assert.fail(`expected refusal ${code}, got a write`);
  assert.equal(r.code, code, r.message);
  assert.ok(r.message.length > 20, 'the message says something');
  return r;
}

// ---------------------------------------------------------------------------------------------
// SQLite era

interface Db {
  stateDir: string;
  db: string;
  sysTmp: string;
  opts: SqliteWriteOptions;
}

function newDb(): Db {
  const stateDir = materializeRealState();
  const sysTmp = tmpDir('occtx-systmp-');
  return { stateDir, db: realDbPath(stateDir), sysTmp, opts: { ownership: { tmpDir: sysTmp, probePort: false } } };
}

function q<T = Json>(db: string, sql: string, ...args: Array<string | number | null>): T[] {
  const d = new (sqlite().DatabaseSync)(db, { readOnly: true });
  try {
    return d.prepare(sql).all(...args).map((r) => ({ ...r })) as T[];
  } finally {
    d.close();
  }
}
function exec(db: string, sql: string, ...args: Array<string | number | null | Uint8Array>): void {
  const d = new (sqlite().DatabaseSync)(db);
  try {
    if (args.length) d.prepare(sql).run(...args);
    else d.exec(sql);
  } finally {
    d.close();
  }
}

function sessionId(db: string, key: string): string {
  return q<{ s: string }>(db, 'SELECT current_session_id AS s FROM session_nodes WHERE session_key = ?', key)[0]!.s;
}

/** Every row of the tables the writer could touch, as one digest (file bytes move with WAL checkpoints). */
function rowsDigest(db: string): string {
  const h = crypto.createHash('sha256');
  for (const t of ['transcript_events', 'transcript_event_identities', 'session_nodes', 'session_windows', 'session_transcript_index_state']) {
    for (const r of q(db, `SELECT * FROM ${t} ORDER BY rowid`)) h.update(JSON.stringify(r, (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v)));
  }
  return h.digest('hex');
}

function fileDigest(f: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(f)).digest('hex');
}

function lastEvent(db: string, sid: string): { seq: number; ev: Json } {
  const r = q<{ seq: number; event_json: string }>(db, 'SELECT seq, event_json FROM transcript_events WHERE session_id = ? ORDER BY seq DESC LIMIT 1', sid)[0]!;
  return { seq: Number(r.seq), ev: JSON.parse(r.event_json) as Json };
}

/** Read a session with our own store: no diagnostics allowed; returns the index and its context. */
function readBack(db: string, key: string) {
  const diag = collectDiagnostics();
  const store = new SqliteSessionStore('main', db, diag.sink);
  try {
    const row = store.readRows(true).rows.find((r) => r.key === key)!;
    const index = new TranscriptIndex();
    index.apply(store.readTranscript(row, undefined, { full: true }));
    assert.deepEqual(
      diag.list.filter((d) => d.severity !== 'info'),
      [],
    );
    return { index, ctx: rebuildContext(index), row };
  } finally {
    store.close();
  }
}


describe('writer (SQLite era): appendEvents on the real 2026.9.6 DB', function () {
  it('custom_message: seq = max + 1, parentId = the last entry, TEXT event_json + bytes + created_at, identity row, nothing else touched', async function () {
    const t = newDb();
    const sid = sessionId(t.db, MAIN);
    const before = lastEvent(t.db, sid);
    const nodesBefore = q(t.db, 'SELECT * FROM session_nodes');
    const indexBefore = q(t.db, 'SELECT * FROM session_transcript_index_state');
    const t0 = Date.now();
    const r = ok(await appendEvents(t.db, MAIN, [note('EXTERNAL NOTE: deploy moved to Thursday.')], t.opts));
    assert.equal(r.era, 'sqlite');
    assert.equal(r.sessionId, sid);
    assert.equal(r.previousLeafId, before.ev.id);
    assert.equal(r.written.length, 1);
    const w = r.written[0]!;
    assert.match(w.id, UUID_RE);
    assert.equal(w.seq, before.seq + 1);
    assert.equal(w.parentId, before.ev.id);

    const row = q<Json>(t.db, 'SELECT * FROM transcript_events WHERE session_id = ? AND seq = ?', sid, before.seq + 1)[0]!;
    assert.equal(row.event_json, w.json);
    assert.equal(row.event_zstd, null);
    assert.equal(row.navigation_json, null);
    assert.equal(row.event_utf8_bytes, Buffer.byteLength(w.json));
    assert.ok(Number(row.created_at) >= t0 && Number(row.created_at) <= Date.now());
    const ev = JSON.parse(String(row.event_json)) as Json;
    assert.deepEqual(Object.keys(ev), ['type', 'id', 'parentId', 'timestamp', 'customType', 'content', 'display']);
    assert.equal(ev.type, 'custom_message');
    assert.equal(ev.content, 'EXTERNAL NOTE: deploy moved to Thursday.');
    assert.equal(new Date(String(ev.timestamp)).getTime(), Number(row.created_at));

    const ident = q<Json>(t.db, 'SELECT * FROM transcript_event_identities WHERE session_id = ? AND event_id = ?', sid, w.id);
    assert.deepEqual(ident, [{ session_id: sid, event_id: w.id, seq: before.seq + 1, event_type: 'custom_message', parent_id: before.ev.id, message_idempotency_key: null, created_at: row.created_at }]);
    assert.deepEqual(q(t.db, 'SELECT * FROM session_nodes'), nodesBefore, 'session_nodes untouched');
    assert.deepEqual(q(t.db, 'SELECT * FROM session_transcript_index_state'), indexBefore, 'index state untouched by default');
    assert.equal(q<Json>(t.db, 'PRAGMA integrity_check')[0]!.integrity_check, 'ok');

    const { ctx } = readBack(t.db, MAIN);
    assert.equal(ctx.leafId, w.id);
    assert.equal(ctx.items.at(-1)!.id, w.id);
    assert.equal(ctx.items.at(-1)!.kind, 'custom_message');
  });

  it('several entries in one call are chained and get consecutive seqs; custom entries stay out of the context', async function () {
    const t = newDb();
    const sid = sessionId(t.db, MAIN);
    const before = lastEvent(t.db, sid);
    const r = ok(
      await appendEvents(t.db, MAIN, [{ type: 'custom', customType: 'openclaw-context.state', data: { gauge: { lastSeenTokens: 8525 }, list: [1, 'a', null] } }, note('one'), note('two')], t.opts),
    );
    assert.deepEqual(
      r.written.map((w) => w.seq),
      [before.seq + 1, before.seq + 2, before.seq + 3],
    );
    assert.equal(r.written[0]!.parentId, before.ev.id);
    assert.equal(r.written[1]!.parentId, r.written[0]!.id);
    assert.equal(r.written[2]!.parentId, r.written[1]!.id);
    assert.equal(q(t.db, 'SELECT * FROM transcript_event_identities WHERE session_id = ? AND seq > ?', sid, before.seq).length, 3);
    const { ctx } = readBack(t.db, MAIN);
    assert.equal(ctx.leafId, r.written[2]!.id);
    assert.deepEqual(
      ctx.items.slice(-2).map((e) => e.id),
      [r.written[1]!.id, r.written[2]!.id],
    );
    assert.ok(!ctx.items.some((e) => e.id === r.written[0]!.id), 'custom is not context');
  });

  it('after a trailing leaf entry (sessions.rewind), parentId is its targetId, not the leaf row', async function () {
    const t = newDb();
    const sid = sessionId(t.db, MAIN);
    const before = lastEvent(t.db, sid);
    // Rewind-style: a leaf entry at the end that moves the active leaf to the user message before the last reply.
    const target = String(before.ev.parentId);
    const leaf = { type: 'leaf', id: 'abcd1234', parentId: before.ev.id, timestamp: new Date().toISOString(), targetId: target };
    const json = JSON.stringify(leaf);
    exec(t.db, 'INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_utf8_bytes) VALUES (?, ?, ?, ?, ?)', sid, before.seq + 1, json, Date.now(), Buffer.byteLength(json));
    exec(t.db, 'INSERT INTO transcript_event_identities (session_id, event_id, seq, event_type, parent_id, message_idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?)', sid, 'abcd1234', before.seq + 1, 'leaf', String(before.ev.id), Date.now());
    const r = ok(await appendEvents(t.db, MAIN, [note('after rewind')], t.opts));
    assert.equal(r.previousLeafId, target);
    assert.equal(r.written[0]!.parentId, target);
    assert.equal(r.written[0]!.seq, before.seq + 2);
    const { ctx } = readBack(t.db, MAIN);
    assert.equal(ctx.leafId, r.written[0]!.id);
    assert.ok(!ctx.path.some((e) => e.id === before.ev.id), 'the rewound reply is off the path');

    // A leaf pointing nowhere: refused, nothing written.
    const t2 = newDb();
    const sid2 = sessionId(t2.db, MAIN);
    const b2 = lastEvent(t2.db, sid2);
    const bad = JSON.stringify({ ...leaf, targetId: 'no-such-entry' });
    exec(t2.db, 'INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_utf8_bytes) VALUES (?, ?, ?, ?, ?)', sid2, b2.seq + 1, bad, Date.now(), Buffer.byteLength(bad));
    const d = rowsDigest(t2.db);
    refused(await appendEvents(t2.db, MAIN, [note('x')], t2.opts), 'corrupt');
    assert.equal(rowsDigest(t2.db), d);
  });

  it('a zstd-compressed last row is decoded to find the leaf', async function () {
    const t = newDb();
    const sid = sessionId(t.db, MAIN);
    const before = lastEvent(t.db, sid);
    const text = JSON.stringify(before.ev);
    const nav = JSON.stringify({
      version: 1,
      report: { kind: 'canonical' },
      navigation: { type: before.ev.type, id: before.ev.id, parentId: before.ev.parentId },
      reset: {},
      model: {},
      modelBytes: 10,
      modelWithoutCheckpointBytes: 10,
      withoutCustomDataBytes: 10,
    });
    const z = (zlib as unknown as { zstdCompressSync: (b: Buffer) => Buffer }).zstdCompressSync(Buffer.from(text));
    exec(t.db, 'UPDATE transcript_events SET event_json = NULL, event_zstd = ?, navigation_json = ? WHERE session_id = ? AND seq = ?', z, nav, sid, before.seq);
    const r = ok(await appendEvents(t.db, MAIN, [note('after a compressed row')], t.opts));
    assert.equal(r.written[0]!.parentId, before.ev.id);
    readBack(t.db, MAIN);
  });

  it('compaction: summary + firstKeptEntryId (a user message) + tokensBefore/After; the rebuilt context is summary + kept tail', async function () {
    const t = newDb();
    const sid = sessionId(t.db, MAIN);
    const before = lastEvent(t.db, sid);
    const firstKept = String(before.ev.parentId); // "Hi again after the reset …" user message
    const r = ok(
      await appendEvents(
        t.db,
        MAIN,
        [{ type: 'compaction', summary: '## Decisions\n- EXTERNAL-SUMMARY', firstKeptEntryId: firstKept, tokensBefore: 8525, tokensAfter: 1200, details: { readFiles: ['a.md'], modifiedFiles: [] } }],
        t.opts,
      ),
    );
    const ev = r.written[0]!.event;
    assert.deepEqual(ev, {
      type: 'compaction',
      id: r.written[0]!.id,
      parentId: before.ev.id,
      timestamp: ev.timestamp,
      summary: '## Decisions\n- EXTERNAL-SUMMARY',
      firstKeptEntryId: firstKept,
      tokensBefore: 8525,
      tokensAfter: 1200,
      details: { readFiles: ['a.md'], modifiedFiles: [] },
      fromHook: true,
    });
    assert.equal(q<Json>(t.db, 'SELECT event_type FROM transcript_event_identities WHERE event_id = ?', r.written[0]!.id)[0]!.event_type, 'compaction');
    const { ctx } = readBack(t.db, MAIN);
    assert.equal(ctx.compaction?.id, r.written[0]!.id);
    assert.deepEqual(
      ctx.items.map((e) => e.id),
      [r.written[0]!.id, firstKept, before.ev.id],
    );
    assert.equal(ctx.compaction?.tokensAfter, 1200);
  });

  it('compaction: firstKeptEntryId must be on the active path after the latest reset (also where rows lack identity rows)', async function () {
    const t = newDb();
    const sid = sessionId(t.db, MAIN);
    // An entry before the /reset of agent:main:main (the "Quick check on ORD-4471" user message).
    const beforeReset = q<{ id: string }>(t.db, "SELECT json_extract(event_json, '$.id') AS id FROM transcript_events WHERE session_id = ? AND event_json LIKE '%Quick check on ORD-4471%'", sid)[0]!.id;
    const d = rowsDigest(t.db);
    for (const id of ['no-such-id', beforeReset, sid /* the header */]) {
      const r = refused(await appendEvents(t.db, MAIN, [{ type: 'compaction', summary: 's', firstKeptEntryId: id, tokensBefore: 1 }], t.opts), 'invalid-input');
      assert.match(r.message, /not an entry on the session's active path/);
    }
    assert.equal(rowsDigest(t.db), d);
    // agent:main:ext has externally written rows without identity rows; its user messages are still found.
    const ext = sessionId(t.db, 'agent:main:ext');
    const user = q<{ id: string }>(t.db, "SELECT json_extract(event_json, '$.id') AS id FROM transcript_events WHERE session_id = ? AND event_json LIKE '%EXT turn 8%' AND json_extract(event_json, '$.type') = 'message'", ext)[0]!.id;
    ok(await appendEvents(t.db, 'agent:main:ext', [{ type: 'compaction', summary: 's', firstKeptEntryId: user, tokensBefore: 1 }], t.opts));
  });

  it('markNeedsRebuild sets session_transcript_index_state.needs_rebuild = 1, and only that', async function () {
    const t = newDb();
    const sid = sessionId(t.db, MAIN);
    const st = q<Json>(t.db, 'SELECT * FROM session_transcript_index_state WHERE session_id = ?', sid)[0]!;
    const r = ok(await appendEvents(t.db, MAIN, [note('x')], { ...t.opts, markNeedsRebuild: true }));
    assert.equal(r.markedNeedsRebuild, true);
    assert.deepEqual(q<Json>(t.db, 'SELECT * FROM session_transcript_index_state WHERE session_id = ?', sid)[0], { ...st, needs_rebuild: 1 });
  });

  it('refuses every other entry type and malformed entries, and writes nothing', async function () {
    const t = newDb();
    const d = rowsDigest(t.db);
    const cases: Array<[unknown[], Refusal['code'], RegExp]> = [
      [[{ type: 'message', message: { role: 'user', content: 'hi' } }], 'unsupported-type', /"message"; only custom, custom_message, compaction/],
      [[{ type: 'reset', reason: 'reset' }], 'unsupported-type', /"reset"/],
      [[{ type: 'leaf', targetId: 'x' }], 'unsupported-type', /"leaf"/],
      [[{ type: 'model_change', provider: 'x' }], 'unsupported-type', /model_change/],
      [[{ customType: 'x', content: 'y' }], 'unsupported-type', /undefined/],
      [[note('ok'), { type: 'branch_summary', summary: 'x' }], 'unsupported-type', /entries\[1\]/],
      [[], 'invalid-input', /non-empty array/],
      [[null], 'invalid-input', /not an object/],
      [[{ ...note('x'), id: 'mine' }], 'invalid-input', /may not be set: id/],
      [[{ ...note('x'), parentId: 'p' }], 'invalid-input', /parentId/],
      [[{ type: 'custom_message', customType: '', content: 'x' }], 'invalid-input', /customType/],
      [[{ type: 'custom_message', customType: 'a', content: '  ' }], 'invalid-input', /content is empty/],
      [[{ type: 'custom_message', customType: 'a', content: [{ type: 'toolCall' }] }], 'invalid-input', /content\[0\]/],
      [[{ type: 'custom_message', customType: 'a', content: 'x', display: 'yes' }], 'invalid-input', /display/],
      [[{ type: 'custom', customType: 'a', data: { f: () => 1 } }], 'invalid-input', /not JSON/],
      [[{ type: 'custom', customType: 'a', data: { n: NaN } }], 'invalid-input', /finite/],
      [[{ type: 'custom', customType: 'a', data: new Date() }], 'invalid-input', /plain JSON object/],
      [[{ type: 'compaction', summary: '', firstKeptEntryId: 'x', tokensBefore: 1 }], 'invalid-input', /summary/],
      [[{ type: 'compaction', summary: 's', firstKeptEntryId: 'x', tokensBefore: -1 }], 'invalid-input', /tokensBefore/],
      [[{ type: 'compaction', summary: 's', firstKeptEntryId: 'x', tokensBefore: 1, tokensAfter: 1.5 }], 'invalid-input', /tokensAfter/],
      [[{ type: 'compaction', summary: 's', firstKeptEntryId: 'x', tokensBefore: 1, details: { readFiles: 'a' } }], 'invalid-input', /details/],
      [[{ type: 'custom', customType: 'a', data: 'x'.repeat(5 * 1024 * 1024) }], 'invalid-input', /limit/],
    ];
    for (const [entries, code, re] of cases) {
      const r = refused(await appendEvents(t.db, MAIN, entries as WriteEntryInput[], t.opts), code);
      assert.match(r.message, re);
    }
    refused(await appendEvents(t.db, '', [note('x')], t.opts), 'invalid-input');
    refused(await appendEvents(t.db, 'agent:main:nope', [note('x')], t.opts), 'no-session');
    refused(await appendEvents(path.join(t.stateDir, 'agents', 'main', 'agent', 'missing.sqlite'), MAIN, [note('x')], t.opts), 'not-found');
    assert.equal(rowsDigest(t.db), d);
    assert.ok(!fs.existsSync(path.join(t.stateDir, 'agents', 'main', 'agent', 'missing.sqlite')), 'no DB is created');
    // A DB outside the <stateDir>/agents/<id>/agent layout needs an explicit stateDir.
    const loose = path.join(tmpDir('occtx-loose-'), 'x.sqlite');
    fs.copyFileSync(t.db, loose);
    assert.match(refused(await appendEvents(loose, MAIN, [note('x')], t.opts), 'invalid-input').message, /pass stateDir/);
    ok(await appendEvents(loose, MAIN, [note('x')], { ...t.opts, stateDir: t.stateDir }));
  });

  it('refuses a session whose transcript has no session_windows row; says when OpenClaw picks a write up', async function () {
    const t = newDb();
    const sid = sessionId(t.db, MAIN);
    const r = ok(await appendEvents(t.db, MAIN, [note('x')], t.opts));
    assert.match(r.notes.join(' '), /Gateway next starts.*projection is rebuilding/);
    const d = new (sqlite().DatabaseSync)(t.db);
    d.exec('PRAGMA foreign_keys = OFF');
    d.prepare('DELETE FROM session_windows WHERE session_id = ?').run(sid);
    d.close();
    const digest = rowsDigest(t.db);
    assert.match(refused(await appendEvents(t.db, MAIN, [note('y')], t.opts), 'corrupt').message, /no session_windows row/);
    assert.equal(rowsDigest(t.db), digest);
  });

  it('refuses an empty (0-byte) database without opening it: its -wal stays (SQLite would delete it on open)', async function () {
    const t = newDb();
    const wal = Buffer.from('not a wal, but the only copy of something'.repeat(100));
    fs.writeFileSync(`${t.db}-wal`, wal);
    fs.truncateSync(t.db, 0);
    assert.match(refused(await appendEvents(t.db, MAIN, [note('x')], t.opts), 'corrupt').message, /is empty \(0 bytes\).*-wal is left as it is\. Nothing was written\./);
    assert.ok(fs.readFileSync(`${t.db}-wal`).equals(wal));
    assert.equal(fs.statSync(t.db).size, 0);
  });

  it('refuses while a live Gateway owns the state dir (its lock file), without opening the DB', async function () {
    const t = newDb();
    const live = await liveChild();
    const lockDir = path.join(t.stateDir, 'tmp', LOCK_DIR_NAME);
    fs.mkdirSync(lockDir, { recursive: true });
    const lock = JSON.stringify({ pid: live.pid, ownerId: 'x', createdAt: new Date().toISOString(), configPath: path.join(t.stateDir, 'openclaw.json'), stateDir: t.stateDir, port: 18789, ...(live.startTime !== null ? { startTime: live.startTime } : {}) }, null, 2);
    fs.writeFileSync(path.join(lockDir, 'gateway.1234abcd.lock'), lock + '\n' + ' '.repeat(200));
    const bytes = fileDigest(t.db);
    const r = refused(await appendEvents(t.db, MAIN, [note('x')], t.opts), 'owned');
    assert.equal(r.ownership?.by, 'gateway');
    assert.equal(r.ownership?.pid, live.pid);
    assert.match(r.message, /Gateway \(pid \d+, port 18789\) owns this state dir.*Not writing/s);
    assert.equal(fileDigest(t.db), bytes);
    assert.ok(!fs.existsSync(`${t.db}-wal`), 'the DB was not even opened');
    // An embedded run too.
    fs.writeFileSync(path.join(lockDir, 'gateway.1234abcd.lock'), JSON.stringify({ ...JSON.parse(lock), role: 'agent-embedded' }));
    assert.equal(refused(await appendEvents(t.db, MAIN, [note('x')], t.opts), 'owned').ownership?.by, 'embedded');
    // Stale (dead pid): writes again.
    fs.writeFileSync(path.join(lockDir, 'gateway.1234abcd.lock'), JSON.stringify({ ...JSON.parse(lock), pid: await deadPid() }));
    ok(await appendEvents(t.db, MAIN, [note('x')], t.opts));
  });

  it('refuses on SQLite older than 3.43 (octet_length in the CHECKs) and on another agent schema version', async function () {
    const t = newDb();
    const d = rowsDigest(t.db);
    const r = refused(await appendEvents(t.db, MAIN, [note('x')], { ...t.opts, sqliteVersionOverride: '3.40.1' }), 'sqlite-too-old');
    assert.match(r.message, /3\.40\.1.*3\.43/);
    ok(await appendEvents(t.db, MAIN, [note('x')], { ...t.opts, sqliteVersionOverride: '3.43.0' }));
    const d2 = rowsDigest(t.db);
    assert.notEqual(d2, d);
    exec(t.db, 'PRAGMA user_version = 24');
    assert.match(refused(await appendEvents(t.db, MAIN, [note('x')], t.opts), 'unsupported-schema').message, /schema 24/);
    assert.equal(rowsDigest(t.db), d2);
  });

  it('rolls back everything on a seq collision forced by a concurrent writer (a trigger inserts the same seq first)', async function () {
    const t = newDb();
    const sid = sessionId(t.db, MAIN);
    // The "concurrent writer": inside our transaction, right before our second row lands, a row with
    // the same (session_id, seq) appears, so our INSERT hits the primary key.
    exec(
      t.db,
      `CREATE TRIGGER occtx_collide BEFORE INSERT ON transcript_events WHEN NEW.event_json LIKE '%COLLIDE%'
       BEGIN INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_utf8_bytes) VALUES (NEW.session_id, NEW.seq, '{"type":"custom","id":"intruder"}', 0, 10); END`,
    );
    const d = rowsDigest(t.db);
    const r = refused(await appendEvents(t.db, MAIN, [note('first, fine'), note('COLLIDE here')], t.opts), 'write-failed');
    assert.match(r.message, /rolled back; nothing was written: .*(UNIQUE|PRIMARY KEY|constraint)/i);
    assert.equal(rowsDigest(t.db), d, 'the first row and its identity row are gone too');
    assert.equal(q(t.db, 'SELECT 1 FROM transcript_events WHERE session_id = ? AND event_json LIKE ?', sid, '%first, fine%').length, 0);
    exec(t.db, 'DROP TRIGGER occtx_collide');
    // An identity-row failure rolls back the event row.
    exec(t.db, `CREATE TRIGGER occtx_fail BEFORE INSERT ON transcript_event_identities BEGIN SELECT RAISE(ABORT, 'identity refused'); END`);
    const r2 = refused(await appendEvents(t.db, MAIN, [note('y')], t.opts), 'write-failed');
    assert.match(r2.message, /identity refused/);
    assert.equal(rowsDigest(t.db), d);
    exec(t.db, 'DROP TRIGGER occtx_fail');
    ok(await appendEvents(t.db, MAIN, [note('z')], t.opts));
    assert.equal(q<Json>(t.db, 'PRAGMA integrity_check')[0]!.integrity_check, 'ok');
  });

  it('waits for, then refuses, a DB held by another writer (busy timeout), writing nothing', async function () {
    const t = newDb();
    const d = rowsDigest(t.db);
    const other = new (sqlite().DatabaseSync)(t.db);
    other.exec('BEGIN IMMEDIATE');
    try {
      const t0 = Date.now();
      const r = refused(await appendEvents(t.db, MAIN, [note('x')], { ...t.opts, busyTimeoutMs: 200 }), 'busy');
      assert.ok(Date.now() - t0 >= 150, 'it waited');
      assert.match(r.message, /locked|another connection/);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    assert.equal(rowsDigest(t.db), d);
    ok(await appendEvents(t.db, MAIN, [note('x')], t.opts));
  });
});

// ---------------------------------------------------------------------------------------------
// JSONL era

function readJsonl(t: Jsonl) {
  const diag = collectDiagnostics();
  const store = new JsonlSessionStore('main', t.dir, diag.sink);
  const index = new TranscriptIndex();
  index.apply(store.readTranscript(t.row, undefined, { full: true }));
  assert.deepEqual(
    diag.list.filter((d) => d.severity !== 'info'),
    [],
  );
  return { index, ctx: rebuildContext(index) };
}

describe('writer (SQLite era): a database with another hard link', function () {
  for (const which of ['', '-wal']) {
    it(`the database${which ? ` (its ${which})` : ''} has a second name: refused before SQLite opens it, neither name changes; with one name it writes`, async function () {
      const t = newDb();
      const file = t.db + which;
      if (which) {
        const d = new (sqlite().DatabaseSync)(t.db);
        d.exec('PRAGMA journal_mode=WAL');
        d.exec('CREATE TABLE IF NOT EXISTS occtx_probe(x)'); // something in the -wal
        (d as unknown as { close(): void }).close();
        if (!fs.existsSync(file)) fs.writeFileSync(file, '');
      }
      const other = path.join(tmpDir('occtx-outside-'), 'other-name');
      fs.linkSync(file, other);
      const before = fileDigest(t.db);
      const r = await appendEvents(t.db, MAIN, [note('must not be written')], t.opts);
      assert.ok(!r.ok, 'refused');
      assert.ok(r.message.includes(`${file} has 2 hard links`), r.message);
      assert.equal(fileDigest(t.db), before);
      fs.unlinkSync(other);
      ok(await appendEvents(t.db, MAIN, [note('one name: written')], t.opts));
    });
  }
});

describe('writer (JSONL era): appendJsonlEntries under the transcript lock', function () {
  it('appends whole lines chained to the last entry, fsyncs, and releases the lock', async function () {
    const t = newJsonl();
    const before = fs.readFileSync(t.file);
    const r = ok(await appendJsonlEntries(t.dir, t.row, [note('one'), { type: 'custom', customType: 'openclaw-context.state', data: { a: 1 } }], t.opts));
    assert.equal(r.era, 'jsonl');
    assert.equal(r.previousLeafId, 'd4e5f6a7');
    assert.equal(r.written[0]!.parentId, 'd4e5f6a7');
    assert.equal(r.written[1]!.parentId, r.written[0]!.id);
    assert.equal(r.written[0]!.offset, before.length);
    const after = fs.readFileSync(t.file);
    assert.ok(after.subarray(0, before.length).equals(before), 'existing bytes untouched');
    assert.equal(after.subarray(before.length).toString('utf8'), r.written.map((w) => w.json + '\n').join(''));
    assert.ok(!fs.existsSync(`${t.file}.lock`), 'lock released');
    const { ctx } = readJsonl(t);
    assert.equal(ctx.leafId, r.written[1]!.id);
    assert.equal(ctx.items.at(-1)!.id, r.written[0]!.id);
  });

  it('after a trailing leaf entry, parentId is its targetId; a compaction keeps its tail', async function () {
    const t = newJsonl();
    fs.appendFileSync(t.file, JSON.stringify({ type: 'leaf', id: 'ffff0000', parentId: 'd4e5f6a7', timestamp: '2026-04-10T09:01:00.000Z', targetId: 'c3d4e5f6' }) + '\n');
    const r = ok(await appendJsonlEntries(t.dir, t.row, [{ type: 'compaction', summary: 'S', firstKeptEntryId: 'c3d4e5f6', tokensBefore: 12, tokensAfter: 3 }], t.opts));
    assert.equal(r.written[0]!.parentId, 'c3d4e5f6');
    const { ctx } = readJsonl(t);
    assert.deepEqual(
      ctx.items.map((e) => e.id),
      [r.written[0]!.id, 'c3d4e5f6'],
    );
  });

  it('refuses when the file ends mid-line (a writer is mid-append), leaving it byte-for-byte as it was', async function () {
    const t = newJsonl();
    fs.appendFileSync(t.file, '{"type":"message","id":"half');
    const before = fs.readFileSync(t.file);
    const r = refused(await appendJsonlEntries(t.dir, t.row, [note('x')], t.opts), 'partial-line');
    assert.match(r.message, /middle of a line/);
    assert.ok(fs.readFileSync(t.file).equals(before));
    assert.ok(!fs.existsSync(`${t.file}.lock`));
  });

  it('waits for a live lock (back-off) and refuses when it is not released; nothing changes', async function () {
    const t = newJsonl();
    const live = await liveChild();
    const lock = JSON.stringify({ pid: live.pid, createdAt: new Date().toISOString(), ...(live.startTime !== null ? { starttime: live.startTime } : {}) });
    fs.writeFileSync(`${t.file}.lock`, lock);
    const before = fs.readFileSync(t.file);
    const t0 = Date.now();
    const r = refused(await appendJsonlEntries(t.dir, t.row, [note('x')], { ...t.opts, lockTimeoutMs: 400 }), 'locked');
    assert.ok(Date.now() - t0 >= 350, 'it retried for the timeout');
    assert.match(r.message, new RegExp(`live pid ${live.pid}`));
    assert.ok(fs.readFileSync(t.file).equals(before));
    assert.equal(fs.readFileSync(`${t.file}.lock`, 'utf8'), lock, 'their lock is left alone');
  });

  it('gets the lock once its holder releases it during the back-off', async function () {
    const t = newJsonl();
    const live = await liveChild();
    fs.writeFileSync(`${t.file}.lock`, JSON.stringify({ pid: live.pid, createdAt: new Date().toISOString(), starttime: live.startTime }));
    setTimeout(() => fs.unlinkSync(`${t.file}.lock`), 250);
    const t0 = Date.now();
    ok(await appendJsonlEntries(t.dir, t.row, [note('x')], { ...t.opts, lockTimeoutMs: 3000 }));
    assert.ok(Date.now() - t0 >= 200);
    assert.ok(!fs.existsSync(`${t.file}.lock`));
  });

  it('the lock appears with its content in one step (no empty lock ever); killed writers’ leftovers are cleaned up', async function () {
    const t = newJsonl();
    // An empty lock older than 30 s (a writer killed between create and write) is reclaimed.
    fs.writeFileSync(`${t.file}.lock`, '');
    const old = new Date(Date.now() - 31_000);
    fs.utimesSync(`${t.file}.lock`, old, old);
    // A temp file of a writer of ours that was killed mid-lock (dead pid in its name) is swept; a live one is not.
    const dead = await deadPid();
    const deadTmp = path.join(t.dir, `.${SID}.jsonl.lock.${dead}.abcd1234.tmp`);
    const liveTmp = path.join(t.dir, `.${SID}.jsonl.lock.${process.pid}.ffff0000.tmp`);
    fs.writeFileSync(deadTmp, '{}');
    fs.writeFileSync(liveTmp, '{}');
    const r = ok(await appendJsonlEntries(t.dir, t.row, [note('x')], t.opts));
    assert.match(r.notes.join('\n'), /reclaimed a stale lock.*no readable pid/);
    assert.ok(!fs.existsSync(deadTmp));
    assert.ok(fs.existsSync(liveTmp), 'a temp file of a live pid is left alone');
    fs.unlinkSync(liveTmp);
    assert.deepEqual(
      fs.readdirSync(t.dir).filter((n) => n.endsWith('.tmp') || n.endsWith('.lock')),
      [],
    );
    // A fresh empty lock is someone writing it right now: wait, then refuse.
    fs.writeFileSync(`${t.file}.lock`, '');
    assert.match(refused(await appendJsonlEntries(t.dir, t.row, [note('x')], { ...t.opts, lockTimeoutMs: 200 }), 'locked').message, /being written/);
  });

  it('reclaims stale locks: dead pid, older than 30 min, an orphaned lock of this process', async function () {
    const live = await liveChild();
    const stale = [
      { pid: await deadPid(), createdAt: new Date().toISOString() },
      { pid: live.pid, createdAt: new Date(Date.now() - 31 * 60_000).toISOString(), starttime: live.startTime },
      { pid: process.pid, createdAt: new Date().toISOString() },
    ];
    for (const payload of stale) {
      const t = newJsonl();
      fs.writeFileSync(`${t.file}.lock`, JSON.stringify(payload));
      const r = ok(await appendJsonlEntries(t.dir, t.row, [note('x')], t.opts));
      assert.match(r.notes.join('\n'), /reclaimed a stale lock/);
      assert.ok(!fs.existsSync(`${t.file}.lock`));
    }
  });

  it("holds OpenClaw's lock ({pid, createdAt, starttime}, O_EXCL) while writing; concurrent appends serialise", async function () {
    const t = newJsonl();
    const lockFile = `${t.file}.lock`;
    // Another process watches for the lock file (this process cannot: the lock is held in one synchronous stretch).
    const watcher = spawn(
      process.execPath,
      ['-e', `const fs=require('fs');const end=Date.now()+8000;process.stdout.write('ready\\n');for(;;){try{const s=fs.readFileSync(${JSON.stringify(lockFile)},'utf8');if(s){process.stdout.write(s);process.exit(0)}}catch{}if(Date.now()>end)process.exit(1)}`],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    children.push(watcher);
    let out = '';
    watcher.stdout!.on('data', (b: Buffer) => (out += b.toString()));
    await new Promise<void>((r) => watcher.stdout!.once('data', () => r()));
    const exited = new Promise<number | null>((r) => watcher.once('exit', (c) => r(c)));
    let done = false;
    void exited.then(() => (done = true));
    for (let i = 0; i < 400 && !done; i++) {
      ok(await appendJsonlEntries(t.dir, t.row, [note(`n${i}`)], t.opts));
      await new Promise((r) => setTimeout(r, 2));
    }
    assert.equal(await exited, 0, 'the watcher saw the lock file');
    const p = JSON.parse(out.slice(out.indexOf('{'))) as Json;
    assert.deepEqual(Object.keys(p).sort(), process.platform === 'linux' ? ['createdAt', 'pid', 'starttime'] : ['createdAt', 'pid']);
    assert.equal(p.pid, process.pid);
    assert.ok(!Number.isNaN(Date.parse(String(p.createdAt))));
    if (process.platform === 'linux') assert.equal(p.starttime, processStartTime(process.pid));
    assert.ok(!fs.existsSync(lockFile));

    // Concurrent appends in one process serialise on the lock: one linear chain, no branch.
    const rs = await Promise.all([1, 2, 3, 4, 5].map((i) => appendJsonlEntries(t.dir, t.row, [note(`c${i}`)], { ...t.opts, lockTimeoutMs: 5000 })));
    const written = rs.map((r) => ok(r).written[0]!);
    const { ctx } = readJsonl(t);
    assert.deepEqual(
      ctx.path.slice(-5).map((e) => e.id).sort(),
      written.map((w) => w.id).sort(),
      'all five on the active path',
    );
    for (let i = 1; i < 5; i++) assert.equal(ctx.path.at(-5 + i)!.parentId, ctx.path.at(-6 + i)!.id);
  });

  it('refuses when a Gateway owns the state dir, other entry types, v1 transcripts and header-only files', async function () {
    const t = newJsonl();
    const before = fs.readFileSync(t.file);
    refused(await appendJsonlEntries(t.dir, t.row, [{ type: 'message' } as unknown as WriteEntryInput], t.opts), 'unsupported-type');
    const live = await liveChild();
    const lockDir = path.join(t.stateDir, 'tmp', LOCK_DIR_NAME);
    fs.mkdirSync(lockDir, { recursive: true });
    fs.writeFileSync(path.join(lockDir, 'gateway.state.lock'), JSON.stringify({ pid: live.pid, createdAt: new Date().toISOString(), configPath: 'x', stateDir: t.stateDir, port: 18789, startTime: live.startTime }));
    assert.equal(refused(await appendJsonlEntries(t.dir, t.row, [note('x')], t.opts), 'owned').ownership?.by, 'gateway');
    // Another transcript's live lock also means an OpenClaw run is active.
    fs.rmSync(lockDir, { recursive: true });
    fs.writeFileSync(path.join(t.dir, 'other.jsonl.lock'), JSON.stringify({ pid: live.pid, createdAt: new Date().toISOString(), starttime: live.startTime }));
    refused(await appendJsonlEntries(t.dir, t.row, [note('x')], t.opts), 'owned');
    fs.unlinkSync(path.join(t.dir, 'other.jsonl.lock'));
    assert.ok(fs.readFileSync(t.file).equals(before));

    const v1 = newJsonl([{ type: 'session', id: SID, timestamp: 't', cwd: '/w' }, { type: 'message', timestamp: 't', message: { role: 'user', content: 'x' } }]);
    refused(await appendJsonlEntries(v1.dir, v1.row, [note('x')], v1.opts), 'unsupported-schema');
    const header = newJsonl([{ type: 'session', version: 3, id: SID, timestamp: 't', cwd: '/w' }]);
    // header only (a session just started): a note becomes the first entry, a root like pi writes it; a compaction is refused
    const headerBefore = fs.readFileSync(header.file);
    refused(await appendJsonlEntries(header.dir, header.row, [{ type: 'compaction', summary: 's', firstKeptEntryId: SID, tokensBefore: 1 }], header.opts), 'empty-transcript');
    assert.ok(fs.readFileSync(header.file).equals(headerBefore));
    const first = await appendJsonlEntries(header.dir, header.row, [note('first')], header.opts);
    assert.ok(first.ok, JSON.stringify(first));
    assert.equal(first.previousLeafId, null);
    const lines = fs.readFileSync(header.file, 'utf8').trim().split('\n');
    assert.equal(lines.length, 2);
    assert.ok(fs.readFileSync(header.file).subarray(0, headerBefore.length).equals(headerBefore), 'the header is untouched');
    const firstEntry = JSON.parse(lines[1]!) as { parentId: unknown; type: string; content: string };
    assert.equal(firstEntry.parentId, null);
    assert.equal(firstEntry.type, 'custom_message');
    assert.equal(firstEntry.content, 'first');
    const bad = newJsonl();
    fs.appendFileSync(bad.file, '{not json}\n');
    refused(await appendJsonlEntries(bad.dir, bad.row, [note('x')], bad.opts), 'corrupt');
    const missing = newJsonl();
    refused(await appendJsonlEntries(missing.dir, { ...missing.row, sessionId: 'nope' }, [note('x')], missing.opts), 'not-found');
    refused(await appendJsonlEntries(missing.dir, { ...missing.row, sessionId: '../escape' }, [note('x')], missing.opts), 'invalid-input');
  });
});

