/**
 * SqliteSessionStore against the real OpenClaw 2026.9.6 agent DB. Oracle: OpenClaw's own dump of every
 * transcript (test/fixtures/openclaw-real/transcripts/*.jsonl, zstd rows decompressed) and its per-row
 * storage table (*.rows.tsv).
 */
import assert from 'node:assert/strict';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { SqliteSessionStore } from '../../src/core/store/sqliteStore';
import { StoreUnavailableError, type SessionRow, type TranscriptCursor } from '../../src/core/store/types';
import { collectDiagnostics, fixturePath, materializeRealState, realDbPath, realTranscriptDumps, sqlite, tmpDir } from './helpers';

type Json = Record<string, unknown>;

const RPC_SID = '5d9fb560-0481-49e5-95d2-ad18d16bb58a';
const WORK_SID = '6f1431f6-0a9f-4bde-88bb-e32c2876f720';

interface TsvRow {
  seq: number;
  storage: 'json' | 'zstd';
  utf8Bytes: number;
}

function rowsTsv(dumpFile: string): TsvRow[] {
  const text = fs.readFileSync(fixturePath('openclaw-real', 'transcripts', dumpFile.replace(/\.jsonl$/, '.rows.tsv')), 'utf8');
  return text
    .split('\n')
    .slice(1)
    .filter((l) => l.trim())
    .map((l) => {
      const [seq, , storage, bytes] = l.split('\t');
      return { seq: Number(seq), storage: storage as TsvRow['storage'], utf8Bytes: Number(bytes) };
    });
}

/** A fixed time after everything in the fixture (2026-11-21T15:48Z), so nothing depends on the clock. */
const NOW = Date.UTC(2026, 10, 22, 0, 0, 0);

const rowFor = (sessionId: string): SessionRow => ({ key: `test:${sessionId}`, sessionId, updatedAt: 0 });

function freshDb(): string {
  return realDbPath(materializeRealState());
}

/** A writer connection on a copy, the way OpenClaw (or the external-append harness) writes. */
function writer(db: string) {
  const { DatabaseSync } = sqlite();
  return new DatabaseSync(db);
}

function maxSeq(w: ReturnType<typeof writer>, sessionId: string): number {
  return Number((w.prepare('SELECT max(seq) AS m FROM transcript_events WHERE session_id = ?').get(sessionId) as { m: number }).m);
}

function lastEventId(w: ReturnType<typeof writer>, sessionId: string): string {
  const r = w.prepare('SELECT event_json FROM transcript_events WHERE session_id = ? AND event_json IS NOT NULL ORDER BY seq DESC LIMIT 1').get(sessionId) as { event_json: string };
  return (JSON.parse(r.event_json) as { id: string }).id;
}

function insertJson(w: ReturnType<typeof writer>, sessionId: string, seq: number, json: string): void {
  w.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_utf8_bytes) VALUES (?, ?, ?, ?, ?)').run(
    sessionId,
    seq,
    json,
    NOW,
    Buffer.byteLength(json, 'utf8'),
  );
}

function navigationJson(e: Json, bytes: number): string {
  const nav = { type: e.type, id: e.id, parentId: e.parentId, timestamp: e.timestamp };
  return JSON.stringify({
    version: 1,
    report: { kind: 'canonical', hasParentId: true, entry: nav },
    navigation: nav,
    reset: nav,
    model: nav,
    modelBytes: bytes,
    modelWithoutCheckpointBytes: bytes,
    withoutCustomDataBytes: bytes,
  });
}

function insertZstd(w: ReturnType<typeof writer>, sessionId: string, seq: number, blob: Buffer, utf8Bytes: number, nav: string): void {
  w.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_zstd, event_utf8_bytes, navigation_json) VALUES (?, ?, NULL, ?, ?, ?, ?)').run(
    sessionId,
    seq,
    NOW,
    blob,
    utf8Bytes,
    nav,
  );
}

function userEvent(id: string, parentId: string, text: string): Json {
  return { type: 'message', id, parentId, timestamp: new Date(NOW).toISOString(), message: { role: 'user', content: text, timestamp: NOW } };
}

function sha256(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

describe('SqliteSessionStore (real 2026.9.6 agent DB)', function () {
  describe('reads exactly what OpenClaw dumped', function () {
    let db: string;
    let store: SqliteSessionStore;
    const diags = collectDiagnostics();
    before(function () {
      db = freshDb();
      store = new SqliteSessionStore('main', db, diags.sink);
    });
    after(() => store?.close());

    const dumps = realTranscriptDumps();
    it('the oracle covers 8 transcript generations', function () {
      assert.equal(dumps.length, 8);
    });

    for (const dump of dumps) {
      it(`${dump.file}: same events, ids, parents, types, seqs and sizes; loadEntries deep-equals every line`, function () {
        const delta = store.readTranscript(rowFor(dump.sessionId), undefined);
        assert.equal(delta.reset, true);
        assert.equal(delta.headerVersion, dump.events[0]!.version);
        assert.equal(delta.entries.length, dump.events.length);
        const tsv = rowsTsv(dump.file);
        assert.equal(tsv.length, dump.events.length);
        delta.entries.forEach((m, i) => {
          const e = dump.events[i]!;
          assert.equal(m.type, e.type, `type #${i}`);
          assert.equal(m.id, e.id, `id #${i}`);
          assert.equal(m.parentId, (e.parentId as string | null | undefined) ?? null, `parentId #${i}`);
          assert.equal(m.pos, tsv[i]!.seq, `seq #${i}`);
          assert.equal(m.bytes, tsv[i]!.utf8Bytes, `bytes #${i}`);
        });
        assert.ok(delta.cursor.kind === 'sqlite');
        assert.equal(delta.cursor.lastSeq, tsv[tsv.length - 1]!.seq);
        const full = store.loadEntries(rowFor(dump.sessionId), delta.entries);
        assert.equal(full.length, dump.events.length);
        full.forEach((f, i) => assert.deepEqual(f, dump.events[i], `entry #${i}`));
      });
    }

    it('reads no diagnostics from a healthy DB', function () {
      assert.deepEqual(diags.list, []);
    });

    it('has zstd rows, and they decode to the dumped events (independently of our reader)', function () {
      const { DatabaseSync } = sqlite();
      const raw = new DatabaseSync(db, { readOnly: true });
      try {
        const rows = raw.prepare('SELECT session_id, seq, event_json, event_zstd, event_utf8_bytes FROM transcript_events WHERE event_zstd IS NOT NULL').all() as Array<{
          session_id: string;
          seq: number;
          event_json: string | null;
          event_zstd: Uint8Array;
          event_utf8_bytes: number;
        }>;
        const expected = dumps.reduce((n, d) => n + rowsTsv(d.file).filter((r) => r.storage === 'zstd').length, 0);
        assert.ok(rows.length >= 1, 'at least one event_zstd row');
        assert.equal(rows.length, expected);
        for (const r of rows) {
          assert.equal(r.event_json, null);
          const text = zlib.zstdDecompressSync(r.event_zstd).toString('utf8');
          assert.equal(Buffer.byteLength(text), r.event_utf8_bytes);
          const dump = dumps.find((d) => d.sessionId === r.session_id)!;
          const i = rowsTsv(dump.file).findIndex((t) => t.seq === r.seq);
          assert.equal(rowsTsv(dump.file)[i]!.storage, 'zstd');
          assert.deepEqual(JSON.parse(text), dump.events[i]);
        }
      } finally {
        raw.close();
      }
    });

    it('reads the session rows OpenClaw listed (session_nodes, current_session_id, fresh totals)', function () {
      const cli = JSON.parse(fs.readFileSync(fixturePath('openclaw-real', 'cli', 'sessions-final.json'), 'utf8')) as {
        sessions: Array<{ key: string; sessionId: string; totalTokens: number | null; totalTokensFresh: boolean; updatedAt: number }>;
      };
      const delta = store.readRows(true);
      assert.equal(delta.full, true);
      assert.deepEqual(delta.rows.map((r) => r.key).sort(), cli.sessions.map((s) => s.key).sort());
      for (const c of cli.sessions) {
        const r = delta.rows.find((x) => x.key === c.key)!;
        assert.equal(r.sessionId, c.sessionId);
        assert.equal(r.updatedAt, c.updatedAt);
        if (c.totalTokensFresh) {
          assert.equal(r.totalTokens, c.totalTokens);
          assert.equal(r.totalTokensFresh, true);
        } else assert.notEqual(r.totalTokensFresh, true);
      }
      assert.equal(store.userVersion, 23); // openclaw-2026.9.6.md §4: PRAGMA user_version = 23
    });

    it('readRows(false) returns nothing when nothing changed', function () {
      store.readRows(true);
      assert.deepEqual(store.readRows(false), { full: false, rows: [] });
    });
  });

  describe('incremental reads', function () {
    it('a row appended by another connection comes back alone, with reset=false, and changedSessions() names its session', function () {
      const db = freshDb();
      const store = new SqliteSessionStore('main', db);
      const w = writer(db);
      try {
        const first = store.readTranscript(rowFor(RPC_SID), undefined);
        assert.equal(store.changedSessions(), undefined, 'first call cannot tell');
        assert.deepEqual([...store.changedSessions()!], [], 'nothing changed yet');
        const again = store.readTranscript(rowFor(RPC_SID), first.cursor);
        assert.deepEqual(again.entries, []);
        assert.equal(again.reset, false);

        const seq = maxSeq(w, RPC_SID) + 1;
        const ev = userEvent('aaaabbbb-0000-4000-8000-000000000001', lastEventId(w, RPC_SID), 'appended from a test');
        insertJson(w, RPC_SID, seq, JSON.stringify(ev));

        const delta = store.readTranscript(rowFor(RPC_SID), first.cursor);
        assert.equal(delta.reset, false);
        assert.equal(delta.entries.length, 1);
        assert.equal(delta.entries[0]!.id, ev.id);
        assert.equal(delta.entries[0]!.parentId, ev.parentId);
        assert.equal(delta.entries[0]!.pos, seq);
        assert.deepEqual(delta.cursor, { kind: 'sqlite', sessionId: RPC_SID, lastSeq: seq });
        assert.deepEqual([...store.changedSessions()!], [RPC_SID]);
        assert.deepEqual([...store.changedSessions()!], []);
        assert.deepEqual(store.loadEntries(rowFor(RPC_SID), delta.entries), [ev]);
      } finally {
        w.close();
        store.close();
      }
    });

    it('a cursor past the last row (rows removed) or of another session gives reset=true and a full re-read', function () {
      const db = freshDb();
      const store = new SqliteSessionStore('main', db);
      const w = writer(db);
      try {
        const first = store.readTranscript(rowFor(RPC_SID), undefined);
        const n = first.entries.length;
        w.prepare('DELETE FROM transcript_events WHERE session_id = ? AND seq = ?').run(RPC_SID, maxSeq(w, RPC_SID));
        const d = store.readTranscript(rowFor(RPC_SID), first.cursor);
        assert.equal(d.reset, true);
        assert.equal(d.entries.length, n - 1);
        const other: TranscriptCursor = { kind: 'sqlite', sessionId: WORK_SID, lastSeq: 5 };
        const d2 = store.readTranscript(rowFor(RPC_SID), other);
        assert.equal(d2.reset, true);
        assert.equal(d2.entries.length, n - 1);
      } finally {
        w.close();
        store.close();
      }
    });

    it('sees rows that are only in the -wal file (writer in WAL mode, not checkpointed)', function () {
      const db = freshDb();
      const w = writer(db);
      let store: SqliteSessionStore | undefined;
      try {
        assert.equal((w.prepare('PRAGMA journal_mode=WAL').get() as { journal_mode: string }).journal_mode, 'wal');
        w.exec('PRAGMA wal_autocheckpoint=0');
        const seq = maxSeq(w, RPC_SID) + 1;
        const ev = userEvent('aaaabbbb-0000-4000-8000-00000000000a', lastEventId(w, RPC_SID), 'only in the WAL');
        insertJson(w, RPC_SID, seq, JSON.stringify(ev));
        assert.ok(fs.statSync(`${db}-wal`).size > 0, 'the row sits in the -wal file');

        // Proof that the main file alone does not have it: a copy of just the main file.
        const alone = path.join(tmpDir(), 'alone.sqlite');
        fs.copyFileSync(db, alone);
        const { DatabaseSync } = sqlite();
        const a = new DatabaseSync(alone);
        try {
          assert.equal(maxSeq(a, RPC_SID), seq - 1);
        } finally {
          a.close();
        }

        store = new SqliteSessionStore('main', db);
        const delta = store.readTranscript(rowFor(RPC_SID), undefined);
        assert.equal(delta.entries[delta.entries.length - 1]!.id, ev.id);
        assert.equal(delta.entries[delta.entries.length - 1]!.pos, seq);
      } finally {
        store?.close();
        w.close();
      }
    });

    it('reads a zstd row inserted the way OpenClaw stores them (event_json NULL, event_zstd, navigation_json)', function () {
      const db = freshDb();
      const store = new SqliteSessionStore('main', db);
      const w = writer(db);
      try {
        const first = store.readTranscript(rowFor(RPC_SID), undefined);
        const seq = maxSeq(w, RPC_SID) + 1;
        const text = 'z'.repeat(3000);
        const ev: Json = {
          type: 'message',
          id: 'aaaabbbb-0000-4000-8000-00000000000b',
          parentId: lastEventId(w, RPC_SID),
          timestamp: new Date(NOW).toISOString(),
          message: {
            role: 'assistant',
            content: [{ type: 'text', text }],
            api: 'openai-completions',
            provider: 'fake',
            model: 'scripted-1',
            usage: { input: 9000, output: 750, cacheRead: 0, cacheWrite: 0, totalTokens: 9750, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
            stopReason: 'stop',
            timestamp: NOW,
          },
        };
        const json = JSON.stringify(ev);
        const bytes = Buffer.byteLength(json);
        insertZstd(w, RPC_SID, seq, zlib.zstdCompressSync(Buffer.from(json)), bytes, navigationJson(ev, bytes));
        const stored = w.prepare('SELECT event_json, length(event_zstd) AS z FROM transcript_events WHERE session_id = ? AND seq = ?').get(RPC_SID, seq) as { event_json: null; z: number };
        assert.equal(stored.event_json, null);
        assert.ok(stored.z > 0 && stored.z < bytes);

        const delta = store.readTranscript(rowFor(RPC_SID), first.cursor);
        assert.equal(delta.reset, false);
        assert.equal(delta.entries.length, 1);
        const m = delta.entries[0]!;
        assert.equal(m.id, ev.id);
        assert.equal(m.bytes, bytes);
        assert.equal(m.tokens, 750); // pi: ceil(3000 / 4)
        assert.equal(m.usageTokens, 9750);
        assert.deepEqual(store.loadEntries(rowFor(RPC_SID), delta.entries), [ev]);
      } finally {
        w.close();
        store.close();
      }
    });

    it('corrupt rows (bad JSON, garbage zstd, non-object, no id) become diagnostics; the other rows are still read', function () {
      const db = freshDb();
      const diags = collectDiagnostics();
      const store = new SqliteSessionStore('main', db, diags.sink);
      const w = writer(db);
      try {
        const first = store.readTranscript(rowFor(RPC_SID), undefined);
        const base = maxSeq(w, RPC_SID);
        const parent = lastEventId(w, RPC_SID);
        insertJson(w, RPC_SID, base + 1, '{"type":"message","id":"broken", "message": {');
        const garbage = crypto.randomBytes(200);
        insertZstd(w, RPC_SID, base + 2, garbage, 500, navigationJson({ type: 'message', id: 'g', parentId: parent }, 500));
        insertJson(w, RPC_SID, base + 3, '[1,2,3]');
        insertJson(w, RPC_SID, base + 4, '{"type":"message","message":{"role":"user","content":"no id"}}');
        const good = userEvent('aaaabbbb-0000-4000-8000-00000000000c', parent, 'still read');
        insertJson(w, RPC_SID, base + 5, JSON.stringify(good));

        let delta!: ReturnType<typeof store.readTranscript>;
        assert.doesNotThrow(() => (delta = store.readTranscript(rowFor(RPC_SID), first.cursor)));
        assert.equal(delta.reset, false);
        assert.deepEqual(
          delta.entries.map((e) => e.id),
          [good.id],
        );
        assert.ok(delta.cursor.kind === 'sqlite' && delta.cursor.lastSeq === base + 5);
        const warnings = diags.list.filter((d) => d.severity === 'warning');
        assert.equal(warnings.length, 4, JSON.stringify(diags.list, null, 1));
        for (const s of [1, 2, 3, 4]) assert.ok(warnings.some((d) => d.source.includes(`#${base + s}]`)), `diagnostic for seq ${base + s}`);

        // A full re-read (every row decoded) is just as tolerant.
        const full = store.readTranscript(rowFor(RPC_SID), undefined, { full: true });
        assert.equal(full.entries.length, first.entries.length + 1);
        // A cold read indexes zstd rows from navigation_json without decoding them: the garbage row is
        // there as a partial entry until something needs it; decoding it then fails with a diagnostic.
        const cold = store.readTranscript(rowFor(RPC_SID), undefined);
        assert.equal(cold.entries.length, first.entries.length + 2);
        const g = cold.entries.find((e) => e.id === 'g')!;
        assert.equal(g.partial, true);
        const before = diags.list.length;
        assert.deepEqual(store.loadEntries(rowFor(RPC_SID), [g]), [undefined]);
        assert.ok(diags.list.length > before && /unreadable row/.test(diags.list.at(-1)!.message));
        // loadEntries of a garbage row: undefined, no throw.
        const fake = { ...delta.entries[0]!, pos: base + 2 };
        assert.deepEqual(store.loadEntries(rowFor(RPC_SID), [fake]), [undefined]);
      } finally {
        w.close();
        store.close();
      }
    });

    it('picks up an updated session row without a full re-read', function () {
      const db = freshDb();
      const store = new SqliteSessionStore('main', db);
      const w = writer(db);
      try {
        store.readRows(true);
        const r = w.prepare("SELECT entry_json, updated_at FROM session_nodes WHERE session_key = 'agent:main:rpc'").get() as { entry_json: string; updated_at: number };
        const max = Number((w.prepare('SELECT max(updated_at) AS m FROM session_nodes').get() as { m: number }).m);
        const e = JSON.parse(r.entry_json) as Json;
        e.totalTokens = 12345;
        e.updatedAt = max + 1000;
        w.prepare("UPDATE session_nodes SET entry_json = ?, updated_at = ? WHERE session_key = 'agent:main:rpc'").run(JSON.stringify(e), max + 1000);
        const delta = store.readRows(false);
        assert.equal(delta.full, false);
        const rpc = delta.rows.find((x) => x.key === 'agent:main:rpc');
        assert.ok(rpc, 'the updated row is returned');
        assert.equal(rpc.totalTokens, 12345);
        assert.ok(delta.rows.length < 7, 'not every row');
      } finally {
        w.close();
        store.close();
      }
    });
  });

  describe('older and broken databases', function () {
    it('reads the older `session_entries` table name (no current_session_id, no zstd columns)', function () {
      const db = path.join(tmpDir(), 'old.sqlite');
      const { DatabaseSync } = sqlite();
      const w = new DatabaseSync(db);
      const events: Json[] = [
        { type: 'session', version: 3, id: 'old-1', timestamp: '2026-07-20T10:00:00.000Z', cwd: '/w' },
        { type: 'message', id: 'a1', parentId: null, timestamp: '2026-07-20T10:00:01.000Z', message: { role: 'user', content: 'hello there', timestamp: 1 } },
        {
          type: 'message',
          id: 'a2',
          parentId: 'a1',
          timestamp: '2026-07-20T10:00:02.000Z',
          message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }], provider: 'p', model: 'm', usage: { input: 10, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 12 }, stopReason: 'stop', timestamp: 2 },
        },
      ];
      try {
        w.exec('CREATE TABLE session_entries (session_key TEXT PRIMARY KEY, entry_json TEXT NOT NULL, updated_at INTEGER NOT NULL)');
        w.exec('CREATE TABLE transcript_events (session_id TEXT NOT NULL, seq INTEGER NOT NULL, event_json TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (session_id, seq))');
        w.prepare('INSERT INTO session_entries VALUES (?, ?, ?)').run('agent:main:main', JSON.stringify({ sessionId: 'old-1', updatedAt: 1700, totalTokens: 10, totalTokensFresh: true, contextTokens: 64000 }), 1700);
        events.forEach((e, i) => w.prepare('INSERT INTO transcript_events VALUES (?, ?, ?, ?)').run('old-1', i, JSON.stringify(e), 1700 + i));
      } finally {
        w.close();
      }
      const store = new SqliteSessionStore('main', db);
      try {
        const rows = store.readRows(true).rows;
        assert.equal(rows.length, 1);
        assert.deepEqual(
          { key: rows[0]!.key, sessionId: rows[0]!.sessionId, updatedAt: rows[0]!.updatedAt, totalTokens: rows[0]!.totalTokens, contextTokens: rows[0]!.contextTokens },
          { key: 'agent:main:main', sessionId: 'old-1', updatedAt: 1700, totalTokens: 10, contextTokens: 64000 },
        );
        const t = store.readTranscript(rows[0]!, undefined);
        assert.deepEqual(
          t.entries.map((e) => [e.type, e.id, e.parentId]),
          [
            ['session', 'old-1', null],
            ['message', 'a1', null],
            ['message', 'a2', 'a1'],
          ],
        );
        assert.equal(t.headerVersion, 3);
        assert.deepEqual(store.loadEntries(rows[0]!, t.entries), events);
      } finally {
        store.close();
      }
    });

    const expectUnavailable = (db: string, re: RegExp) => {
      const store = new SqliteSessionStore('main', db);
      try {
        assert.throws(
          () => store.readRows(true),
          (err: unknown) => {
            assert.ok(err instanceof StoreUnavailableError, `StoreUnavailableError, got ${String(err)}`);
            assert.match(err.message, re);
            assert.ok(err.message.includes(db), 'the message names the file');
            return true;
          },
        );
        assert.throws(() => store.readTranscript(rowFor('x'), undefined), StoreUnavailableError);
      } finally {
        store.close();
      }
    };

    it('missing DB → StoreUnavailableError', function () {
      expectUnavailable(path.join(tmpDir(), 'nope', 'openclaw-agent.sqlite'), /No agent database/);
    });

    it('a file that is not a database → StoreUnavailableError', function () {
      const db = path.join(tmpDir(), 'openclaw-agent.sqlite');
      fs.writeFileSync(db, 'this is not an SQLite database, just text. '.repeat(200));
      expectUnavailable(db, /not a database/);
    });

    it('a database without the tables → StoreUnavailableError', function () {
      const db = path.join(tmpDir(), 'openclaw-agent.sqlite');
      const { DatabaseSync } = sqlite();
      const w = new DatabaseSync(db);
      w.exec('CREATE TABLE something_else (x INTEGER)');
      w.close();
      expectUnavailable(db, /neither session_nodes nor session_entries/);
    });

    it('session_nodes without transcript_events → StoreUnavailableError', function () {
      const db = path.join(tmpDir(), 'openclaw-agent.sqlite');
      const { DatabaseSync } = sqlite();
      const w = new DatabaseSync(db);
      w.exec('CREATE TABLE session_nodes (session_key TEXT PRIMARY KEY, current_session_id TEXT, entry_json TEXT, updated_at INTEGER)');
      w.close();
      expectUnavailable(db, /no transcript_events/);
    });
  });

  it('never writes: the DB bytes and mtime are unchanged and no -wal/-shm/-journal appears', function () {
    const db = freshDb();
    const dir = path.dirname(db);
    const before = { hash: sha256(db), mtime: fs.statSync(db).mtimeMs, files: fs.readdirSync(dir).sort() };
    assert.deepEqual(before.files, ['openclaw-agent.sqlite']);
    const store = new SqliteSessionStore('main', db);
    const rows = store.readRows(true).rows;
    store.readRows(false);
    store.changedSessions();
    for (const r of rows) {
      const t = store.readTranscript(r, undefined);
      store.readTranscript(r, t.cursor);
      store.loadEntries(r, t.entries);
    }
    store.changedSessions();
    assert.deepEqual(fs.readdirSync(dir).sort(), before.files, 'no side files while open');
    store.close();
    assert.equal(sha256(db), before.hash);
    assert.equal(fs.statSync(db).mtimeMs, before.mtime);
    assert.deepEqual(fs.readdirSync(dir).sort(), before.files);
  });
});

describe('SqliteSessionStore: lazy zstd rows on cold reads', function () {
  it('compressed rows are indexed from navigation_json; after ContextModel fills them they equal a full read', function () {
    const dir = materializeRealState();
    const db = realDbPath(dir);
    const store = new SqliteSessionStore('main', db);
    try {
      const rows = store.readRows(true).rows;
      let partials = 0;
      for (const row of rows) {
        const lazy = store.readTranscript(row, undefined);
        const full = store.readTranscript(row, undefined, { full: true });
        assert.deepEqual(lazy.entries.map((e) => [e.id, e.parentId, e.type, e.kind, e.role ?? null, e.modelVisible]), full.entries.map((e) => [e.id, e.parentId, e.type, e.kind, e.role ?? null, e.modelVisible]), row.key);
        partials += lazy.entries.filter((e) => e.partial).length;
        assert.ok(full.entries.every((e) => !e.partial));
      }
      assert.ok(partials >= 10, `the real DB's zstd rows were indexed lazily (${partials})`);
    } finally {
      store.close();
    }
    // Through the model: every context item of every session is complete and equals the full read.
    const { ContextModel } = require('../../src/core/context/model') as typeof import('../../src/core/context/model');
    const { processEnv, resolveStateDirs } = require('../../src/core/store/config') as typeof import('../../src/core/store/config');
    const model = new ContextModel({ stateDirs: resolveStateDirs(dir, undefined, processEnv()), env: processEnv() });
    const check = new SqliteSessionStore('main', db);
    try {
      model.refresh();
      for (const s of model.sessions()) {
        model.ensureTranscript(s.uid);
        const fullById = new Map(check.readTranscript(s.row, undefined, { full: true }).entries.map((e) => [e.id, e]));
        for (const e of s.context!.items) {
          assert.equal(e.partial, undefined, `${s.row.key} ${e.id} filled`);
          const f = fullById.get(e.id)!;
          assert.deepEqual([e.tokens, e.usageTokens, e.promptTokens, e.preview], [f.tokens, f.usageTokens, f.promptTokens, f.preview], `${s.row.key} ${e.id}`);
        }
      }
    } finally {
      check.close();
      model.dispose();
    }
  });
});
