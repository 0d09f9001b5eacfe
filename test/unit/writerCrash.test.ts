/**
 * Crash safety of the writer: a child process appends one event and is SIGKILLed at a random moment
 * (before, during or after the write), many times, in both eras. After every kill the store is either
 * unchanged or has exactly one more complete event (SQLite: with its identity row), the DB passes
 * `PRAGMA integrity_check`, and our own readers read it without diagnostics.
 *
 * WRITER_CRASH_ITERATIONS (default 40) sets the kills per era.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { JsonlSessionStore } from '../../src/core/store/jsonlStore';
import { SqliteSessionStore } from '../../src/core/store/sqliteStore';
import { collectDiagnostics, materializeRealState, realDbPath, sqlite, tmpDir, writeJsonl } from './helpers';

type Json = Record<string, unknown>;
const ITERATIONS = Math.max(1, Number(process.env.WRITER_CRASH_ITERATIONS) || 40);
/** the writer of each era (appendEvents / appendJsonlEntries) */
const WRITERS: Record<string, string> = {
  sqlite: path.resolve(__dirname, '..', '..', 'src', 'core', 'store', 'sqliteWriter.js'),
  jsonl: path.resolve(__dirname, '..', '..', 'src', 'core', 'store', 'jsonlWriter.js'),
};
const KEY = 'agent:main:main';

/** The child: load the writer, say "go", append one custom_message, exit 0 (or 3 on a refusal). */
const CHILD = `
const w = require(process.env.OCCTX_WRITER);
const a = JSON.parse(process.env.OCCTX_ARGS);
process.stdout.write('go\\n');
const entry = [{ type: 'custom_message', customType: 'crash-test', content: 'crash ' + a.n, display: false }];
const p = a.era === 'sqlite'
  ? w.appendEvents(a.db, a.key, entry, a.opts)
  : w.appendJsonlEntries(a.dir, a.row, entry, a.opts);
p.then((r) => { process.stdout.write(JSON.stringify(r.ok ? { ok: true } : r) + '\\n'); process.exit(r.ok ? 0 : 3); },
       (e) => { process.stdout.write(String(e && e.stack) + '\\n'); process.exit(4); });
`;

interface Outcome {
  killed: boolean;
  code: number | null;
  out: string;
  goToEndMs: number;
}

function runChild(args: Json, killAfterMs: number | null): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CHILD], { env: { ...process.env, OCCTX_WRITER: WRITERS[String(args.era)], OCCTX_ARGS: JSON.stringify(args) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let goAt = 0;
    let killed = false;
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      if (!goAt && out.includes('go\n')) {
        goAt = Date.now();
        if (killAfterMs !== null) {
          setTimeout(() => {
            if (child.exitCode === null && child.signalCode === null) {
              killed = true;
              child.kill('SIGKILL');
            }
          }, killAfterMs);
        }
      }
    });
    child.stderr.on('data', () => undefined);
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ killed: killed && signal === 'SIGKILL', code, out, goToEndMs: goAt ? Date.now() - goAt : 0 }));
  });
}

/** Kill delays uniform over [0, window]; the window starts at the median uninterrupted duration × 1.2 and adapts (see adapt). */
function killWindow(durations: number[]): number {
  const sorted = durations.slice().sort((a, b) => a - b);
  return Math.max(4, Math.ceil(sorted[Math.floor(sorted.length / 2)]! * 1.2));
}

/** Keep about half of the children killed: widen the window when most are, narrow it when few are. */
function adapt(window: number, killed: number, runs: number): number {
  if (runs < 10) return window;
  const ratio = killed / runs;
  if (ratio > 0.6) return window * 1.05;
  if (ratio < 0.4) return Math.max(2, window * 0.95);
  return window;
}

function noWarnings(list: Array<{ severity: string; source: string; message: string }>): void {
  assert.deepEqual(
    list.filter((d) => d.severity !== 'info'),
    [],
  );
}

describe(`writer crash safety (SIGKILL at random moments, ${ITERATIONS} kills per era)`, function () {
  this.timeout(Math.max(60_000, ITERATIONS * 2_000));

  for (const mode of ['wal', 'delete'] as const) {
  it(`SQLite era (journal_mode=${mode}${mode === 'wal' ? ', as OpenClaw runs it' : ', as the VACUUM INTO fixture'}): unchanged or exactly one more event with its identity row; integrity_check ok; readable`, async function () {
    const stateDir = materializeRealState();
    const db = realDbPath(stateDir);
    {
      const d = new (sqlite().DatabaseSync)(db);
      assert.equal(String((d.prepare(`PRAGMA journal_mode = ${mode}`).get() as Json).journal_mode).toLowerCase(), mode);
      d.close();
    }
    const opts = { ownership: { tmpDir: tmpDir('occtx-crash-tmp-'), probePort: false }, busyTimeoutMs: 5000 };
    const { DatabaseSync } = sqlite();
    const sid = (() => {
      const d = new DatabaseSync(db, { readOnly: true });
      try {
        return String((d.prepare('SELECT current_session_id AS s FROM session_nodes WHERE session_key = ?').get(KEY) as Json).s);
      } finally {
        d.close();
      }
    })();
    let recoveries = 0;
    const snapshot = () => {
      try {
        const probe = new DatabaseSync(db, { readOnly: true });
        try {
          probe.prepare('SELECT count(*) FROM transcript_events').get();
        } finally {
          probe.close();
        }
      } catch (err) {
        // A killed writer left a hot rollback journal: only a read-write connection may roll it back
        // (SQLite refuses read-only: "attempt to write a readonly database"). OpenClaw's DBs are WAL.
        assert.equal(mode, 'delete', `read-only open failed in WAL mode: ${(err as Error).message}`);
        assert.ok(fs.existsSync(`${db}-journal`), 'a hot journal is the reason');
        recoveries++;
        const rw = new DatabaseSync(db);
        rw.prepare('SELECT count(*) FROM transcript_events').get();
        rw.close();
      }
      const d = new DatabaseSync(db, { readOnly: true });
      try {
        assert.equal((d.prepare('PRAGMA integrity_check').get() as Json).integrity_check, 'ok');
        const rows = d.prepare('SELECT seq, event_json, created_at, event_utf8_bytes FROM transcript_events WHERE session_id = ? ORDER BY seq').all(sid) as Json[];
        const idents = d.prepare('SELECT event_id, seq, event_type, parent_id, message_idempotency_key, created_at FROM transcript_event_identities WHERE session_id = ? ORDER BY seq').all(sid) as Json[];
        const other = crypto.createHash('sha256');
        for (const r of d.prepare('SELECT * FROM transcript_events WHERE session_id <> ? ORDER BY rowid').all(sid)) other.update(JSON.stringify(r, (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v)));
        for (const r of d.prepare('SELECT * FROM session_nodes ORDER BY rowid').all()) other.update(JSON.stringify(r));
        return { rows, idents, other: other.digest('hex') };
      } finally {
        d.close();
      }
    };
    const readBack = () => {
      const diag = collectDiagnostics();
      const store = new SqliteSessionStore('main', db, diag.sink);
      try {
        const row = store.readRows(true).rows.find((r) => r.key === KEY)!;
        store.readTranscript(row, undefined, { full: true });
      } finally {
        store.close();
      }
      noWarnings(diag.list);
    };

    // Calibrate: how long an uninterrupted append takes after "go".
    const durations: number[] = [];
    for (let i = 0; i < 3; i++) {
      const o = await runChild({ era: 'sqlite', db, key: KEY, opts, n: `cal${i}` }, null);
      assert.equal(o.code, 0, o.out);
      durations.push(o.goToEndMs);
    }
    let window = killWindow(durations);

    let prev = snapshot();
    let killedCount = 0;
    let grew = 0;
    let killedBefore = 0;
    for (let n = 0; n < ITERATIONS; n++) {
      const o = await runChild({ era: 'sqlite', db, key: KEY, opts, n }, Math.random() * window);
      if (!o.killed) assert.equal(o.code, 0, `iteration ${n} was not killed but failed: ${o.out}`);
      else killedCount++;
      const cur = snapshot();
      assert.equal(cur.other, prev.other, `iteration ${n}: other sessions and session_nodes untouched`);
      assert.deepEqual(cur.rows.slice(0, prev.rows.length), prev.rows, `iteration ${n}: earlier rows unchanged`);
      assert.deepEqual(cur.idents.slice(0, prev.idents.length), prev.idents, `iteration ${n}: earlier identity rows unchanged`);
      const added = cur.rows.length - prev.rows.length;
      assert.ok(added === 0 || added === 1, `iteration ${n}: ${added} rows added`);
      assert.equal(cur.idents.length - prev.idents.length, added, `iteration ${n}: identity rows match`);
      if (!o.killed) assert.equal(added, 1, `iteration ${n}: completed without a row`);
      if (o.killed && !added) killedBefore++;
      if (added) {
        grew++;
        const row = cur.rows.at(-1)!;
        const lastPrev = prev.rows.at(-1)!;
        const ev = JSON.parse(String(row.event_json)) as Json;
        assert.equal(row.seq, Number(lastPrev.seq) + 1);
        assert.equal(ev.type, 'custom_message');
        assert.equal(ev.content, `crash ${n}`);
        assert.equal(ev.parentId, (JSON.parse(String(lastPrev.event_json)) as Json).id);
        assert.equal(row.event_utf8_bytes, Buffer.byteLength(String(row.event_json)));
        assert.deepEqual({ ...cur.idents.at(-1)! }, { event_id: ev.id, seq: row.seq, event_type: 'custom_message', parent_id: ev.parentId, message_idempotency_key: null, created_at: row.created_at });
      }
      readBack();
      prev = cur;
      window = adapt(window, killedCount, n + 1);
    }
    // The kills must have hit both sides of the commit for the test to mean anything.
    assert.ok(killedCount > 0, 'some children were killed');
    assert.ok(grew > 0, 'some appends completed');
    console.log(`      sqlite/${mode}: ${ITERATIONS} runs, ${killedCount} killed (${killedBefore} before the commit, ${killedCount - killedBefore} after), ${grew} appended, ${recoveries} hot journals rolled back by a read-write open, kill window ${window.toFixed(1)} ms at the end`);
  });
  }

  it('JSONL era: unchanged or exactly one more complete line; stale locks of killed writers are reclaimed', async function () {
    const stateDir = path.join(tmpDir('occtx-crash-jsonl-'), 'state');
    const dir = path.join(stateDir, 'agents', 'main', 'sessions');
    fs.mkdirSync(dir, { recursive: true });
    const sid = '0b9c7a12-3d4e-4f50-8a61-72b83c94d5e6';
    const file = path.join(dir, `${sid}.jsonl`);
    writeJsonl(file, [
      { type: 'session', version: 3, id: sid, timestamp: '2026-04-10T09:00:00.000Z', cwd: '/w' },
      { type: 'message', id: 'c3d4e5f6', parentId: null, timestamp: '2026-04-10T09:00:01.000Z', message: { role: 'user', content: 'hello', timestamp: 1775811601000 } },
    ]);
    fs.writeFileSync(path.join(dir, 'sessions.json'), JSON.stringify({ [KEY]: { sessionId: sid, updatedAt: 1 } }));
    const row = { key: KEY, sessionId: sid };
    const opts = { ownership: { tmpDir: tmpDir('occtx-crash-tmp-'), probePort: false }, lockTimeoutMs: 5000 };
    const readBack = () => {
      const diag = collectDiagnostics();
      const store = new JsonlSessionStore('main', dir, diag.sink);
      const d = store.readTranscript({ ...row, updatedAt: 1 }, undefined, { full: true });
      noWarnings(diag.list);
      return d.entries;
    };

    const durations: number[] = [];
    for (let i = 0; i < 3; i++) {
      const o = await runChild({ era: 'jsonl', dir, row, opts, n: `cal${i}` }, null);
      assert.equal(o.code, 0, o.out);
      durations.push(o.goToEndMs);
    }
    let window = killWindow(durations);

    let prev = fs.readFileSync(file);
    let killedCount = 0;
    let grew = 0;
    let leftLocks = 0;
    let killedBefore = 0;
    for (let n = 0; n < ITERATIONS; n++) {
      const o = await runChild({ era: 'jsonl', dir, row, opts, n }, Math.random() * window);
      if (!o.killed) assert.equal(o.code, 0, `iteration ${n} was not killed but failed: ${o.out}`);
      else killedCount++;
      if (fs.existsSync(`${file}.lock`)) leftLocks++; // a killed writer's lock: the next one must reclaim it
      const cur = fs.readFileSync(file);
      assert.ok(cur.subarray(0, prev.length).equals(prev), `iteration ${n}: existing bytes unchanged`);
      const extra = cur.subarray(prev.length).toString('utf8');
      if (extra) {
        grew++;
        assert.ok(extra.endsWith('\n') && extra.indexOf('\n') === extra.length - 1, `iteration ${n}: exactly one complete line (${JSON.stringify(extra.slice(0, 80))})`);
        const ev = JSON.parse(extra) as Json;
        assert.equal(ev.content, `crash ${n}`);
        const entries = readBack();
        assert.equal(ev.parentId, entries.at(-2)!.id);
      } else {
        assert.ok(o.killed, `iteration ${n}: completed without a line`);
        killedBefore++;
        readBack();
      }
      prev = cur;
      window = adapt(window, killedCount, n + 1);
    }
    assert.ok(killedCount > 0, 'some children were killed');
    assert.ok(grew > 0, 'some appends completed');
    // One last uninterrupted writer cleans up after the killed ones: no lock, no temp file is left.
    const last = await runChild({ era: 'jsonl', dir, row, opts, n: 'final' }, null);
    assert.equal(last.code, 0, last.out);
    assert.deepEqual(
      fs.readdirSync(dir).filter((f) => f.endsWith('.lock') || f.endsWith('.tmp')),
      [],
    );
    readBack();
    console.log(`      jsonl: ${ITERATIONS} runs, ${killedCount} killed (${killedBefore} before the line was written, ${killedCount - killedBefore} after), ${grew} appended, ${leftLocks} stale locks left by killed writers (all reclaimed), kill window ${window.toFixed(1)} ms at the end`);
  });
});
