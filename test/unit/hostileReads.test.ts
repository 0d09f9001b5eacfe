/**
 * Hostile input read through the CLI (issue 15, findings 4, 5, 6, 8): a FIFO, a link to /dev/zero, a
 * directory or an over-size file in place of each file we read; a zstd bomb row; timestamps that are not
 * dates; a hot journal; a config nested too deeply; a sessions.json that links to /etc/passwd. Each gets a
 * clear message naming the file and the reason, changes nothing, and never hides another agent's sessions.
 *
 * Runs that would hang or grow without end without the guards run in a child process with a time and a
 * memory limit (childCli.ts), so a regression fails the test instead of stalling the suite.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cli } from './support/cli';
import { cliChild, describeRun, type ChildRun } from './childCli';
import { materializeDemoState, sqlite } from './helpers';
import { makeHostile, zstdBomb, HOSTILE, type Hostile } from './hostileSupport';
import { ContextModel } from '../../src/core/context/model';
import { agentProblemModel } from '../../src/core/context/viewModel';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';

type Json = Record<string, unknown>;

const DB_REL = path.join('agents', 'main', 'agent', 'openclaw-agent.sqlite');
const SJ_REL = path.join('agents', 'legacy', 'sessions', 'sessions.json');
const WORK_JSONL = path.join('agents', 'legacy', 'sessions', '9335172d-fe7b-41f1-b0db-bad58368e4f9.jsonl');
const REASON: Record<Hostile, RegExp> = { fifo: /named pipe \(FIFO\), not a regular file/, devzero: /character device, not a regular file/, dir: /a directory, not a regular file/, big: /more than the .* limit; not read/ };
/** the demo state's sessions: 7 in the SQLite agent main, 2 in the JSONL agent legacy */
const MAIN_SESSIONS = 7;
const LEGACY_SESSIONS = 2;

const ok = (r: ChildRun) => assert.ok(!r.killed && r.code !== null, describeRun(r));
const sessionsOf = (r: ChildRun) => r.json().sessions as Json[];
const unavailableOf = (r: ChildRun) => r.json().unavailable as Json[];

/** The checkpoint folder of agent:main:work after one `checkpoint create` (its name is the sanitised key + a hash). */
async function withCheckpoint(state: string): Promise<string> {
  const r = await cli(['checkpoint', 'create', 'agent:main:work', '--state-dir', state]);
  assert.equal(r.code, 0, r.err);
  const root = path.join(state, 'context', 'checkpoints');
  return path.join(root, fs.readdirSync(root)[0]!);
}

/** A writer killed during a commit on the (rollback-journal) demo database: `<db>-journal` is left hot. */
function killDuringCommit(db: string): void {
  const code = `const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(${JSON.stringify(db)});
db.exec('PRAGMA journal_mode=DELETE'); db.exec('PRAGMA cache_size=1'); db.exec('BEGIN IMMEDIATE');
db.exec('UPDATE session_nodes SET updated_at = updated_at + 1');
const ins = db.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at) VALUES (?, ?, ?, 1)');
for (let i = 0; i < 2000; i++) ins.run('spill', i, JSON.stringify({ x: 'y'.repeat(4000) }));
process.kill(process.pid, 'SIGKILL');`;
  spawnSync(process.execPath, ['-e', code], { stdio: 'ignore' });
  assert.ok(fs.statSync(`${db}-journal`).size > 0, 'the kill left a journal');
}

/** Insert one transcript row after the last of a session (SQLite store). */
function appendEvent(db: string, key: string, row: (sid: string, seq: number, parent: string) => { json?: string; zstd?: Buffer; bytes?: number; nav?: string }): void {
  const d = new (sqlite().DatabaseSync)(db);
  try {
    const sid = (d.prepare('SELECT current_session_id AS s FROM session_nodes WHERE session_key = ?').get(key) as { s: string }).s;
    const last = d.prepare('SELECT seq, event_json FROM transcript_events WHERE session_id = ? AND event_json IS NOT NULL ORDER BY seq DESC LIMIT 1').get(sid) as { seq: number; event_json: string };
    const max = (d.prepare('SELECT max(seq) AS m FROM transcript_events WHERE session_id = ?').get(sid) as { m: number }).m;
    const r = row(sid, max + 1, (JSON.parse(last.event_json) as Json).id as string);
    d.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_zstd, event_utf8_bytes, navigation_json) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      sid,
      max + 1,
      r.json ?? null,
      Date.now(),
      r.zstd ?? null,
      r.bytes ?? null,
      r.nav ?? null,
    );
  } finally {
    d.close();
  }
}

/** A 35 KB row that inflates to 1.1 GiB, declaring 200 bytes, at the end of `key`'s transcript. */
function appendBomb(db: string, key: string): void {
  appendEvent(db, key, (_sid, _seq, parent) => {
    const id = 'bomb0001';
    const head = JSON.stringify({ type: 'message', id, parentId: parent, timestamp: '2026-11-21T15:50:00.000Z', message: { role: 'user', content: 'X' } }).replace('"X"}}', '"');
    const nav = { version: 1, report: { kind: 'canonical', entry: { id, parentId: parent, type: 'message' } }, navigation: { type: 'message', id, parentId: parent, timestamp: '2026-11-21T15:50:00.000Z', message: { role: 'user' } }, reset: {}, model: { message: { role: 'user' } }, modelBytes: 200, modelWithoutCheckpointBytes: 200, withoutCustomDataBytes: 200 };
    return { zstd: zstdBomb(head, 65, 1100 * 1024 * 1024, '"}}'), bytes: 200, nav: JSON.stringify(nav) };
  });
}

describe('hostile files in place of what we read: a clear error at once, no hang, no blow-up', function () {
  this.timeout(120_000);

  interface Target {
    name: string;
    setup?: (state: string) => Promise<string>;
    file: (state: string, setupOut: string) => string;
    /** the size of the over-size file: past this file's limit */
    bigBytes?: number;
    argv: string[];
    check: (r: ChildRun, how: Hostile) => void;
  }
  const targets: Target[] = [
    {
      name: 'openclaw.json',
      file: (s) => path.join(s, 'openclaw.json'),
      argv: ['status', '--json'],
      check: (r, how) => {
        assert.equal(r.code, 0, describeRun(r));
        assert.match(r.err, /openclaw\.json: config not readable: /);
        assert.match(r.err, REASON[how]);
        assert.equal(sessionsOf(r).length, MAIN_SESSIONS + LEGACY_SESSIONS);
      },
    },
    {
      name: 'sessions.json',
      file: (s) => path.join(s, SJ_REL),
      bigBytes: 300 * 1024 * 1024,
      argv: ['status', '--json'],
      check: (r, how) => {
        assert.equal(r.code, 0, describeRun(r));
        assert.equal(sessionsOf(r).length, MAIN_SESSIONS, 'the other agent is all there');
        const u = unavailableOf(r);
        assert.deepEqual(u.map((x) => x.agentId), ['legacy']);
        assert.match(String(u[0]!.problem), REASON[how]);
        assert.match(String(u[0]!.problem), /sessions\.json/);
      },
    },
    {
      name: 'the agent database',
      file: (s) => path.join(s, DB_REL),
      argv: ['status', '--json'],
      check: (r, how) => {
        assert.equal(r.code, 0, describeRun(r));
        assert.equal(sessionsOf(r).length, LEGACY_SESSIONS);
        const u = unavailableOf(r);
        assert.deepEqual(u.map((x) => x.agentId), ['main']);
        assert.match(String(u[0]!.problem), how === 'big' ? /file is not a database/ : REASON[how]);
      },
    },
    {
      name: 'the database journal (-journal)',
      file: (s) => path.join(s, `${DB_REL}-journal`),
      argv: ['status', '--json'],
      check: (r, how) => {
        assert.equal(r.code, 0, describeRun(r));
        if (how === 'big') {
          // a zero-filled journal holds no unfinished write: SQLite ignores it
          assert.equal(sessionsOf(r).length, MAIN_SESSIONS + LEGACY_SESSIONS);
          return;
        }
        assert.equal(sessionsOf(r).length, LEGACY_SESSIONS);
        assert.match(String(unavailableOf(r)[0]!.problem), /openclaw-agent\.sqlite-journal is/);
        assert.match(String(unavailableOf(r)[0]!.problem), REASON[how]);
      },
    },
    {
      name: 'a JSONL transcript',
      file: (s) => path.join(s, WORK_JSONL),
      argv: ['show', 'agent:legacy:work', '--json'],
      check: (r, how) => {
        assert.equal(r.code, 0, describeRun(r));
        assert.equal(r.json().itemCount, 0);
        // a link to /dev/zero leads out of the sessions dir; a 100 MB file of zeros is one over-long line
        assert.match(r.err, how === 'devzero' ? /links outside .*; not read/ : how === 'big' ? /line longer than 67108864 bytes skipped/ : REASON[how]);
      },
    },
    {
      name: 'a checkpoint file',
      setup: withCheckpoint,
      file: (_s, dir) => path.join(dir, 'cp_001.yaml'),
      argv: ['checkpoint', 'list', 'agent:main:work', '--json'],
      check: (r, how) => {
        assert.equal(r.code, 0, describeRun(r));
        const cps = r.json().checkpoints as Json[];
        assert.equal(cps.length, 1);
        assert.match(String(cps[0]!.error), /cp_001\.yaml is/);
        assert.match(String(cps[0]!.error), how === 'big' ? /more than the 64 MB limit/ : how === 'devzero' ? /symbolic link/ : REASON[how]);
      },
    },
    {
      name: '_latest.json',
      setup: withCheckpoint,
      file: (_s, dir) => path.join(dir, '_latest.json'),
      argv: ['checkpoint', 'list', 'agent:main:work', '--json'],
      check: (r) => {
        assert.equal(r.code, 0, describeRun(r));
        const cps = r.json().checkpoints as Json[];
        assert.equal(cps.length, 1);
        assert.equal(cps[0]!.error, null, 'the checkpoint itself is fine; the pointer is ignored');
      },
    },
  ];

  for (const t of targets) {
    for (const how of HOSTILE) {
      it(`${how === 'big' ? 'an over-size file' : how === 'devzero' ? 'a link to /dev/zero' : how === 'fifo' ? 'a FIFO' : 'a directory'} in place of ${t.name}`, async function () {
        const state = materializeDemoState();
        const extra = t.setup ? await t.setup(state) : '';
        const file = t.file(state, extra);
        makeHostile(file, how, t.bigBytes ?? 100 * 1024 * 1024);
        const r = await cliChild([...t.argv, '--state-dir', state]);
        ok(r);
        t.check(r, how);
        if (how === 'fifo') assert.ok(fs.lstatSync(file).isFIFO(), 'left as it was');
      });
    }
  }
});

describe('a zstd bomb row (35 KB → 1.1 GiB, declared 200 bytes)', function () {
  this.timeout(120_000);
  it('show stops at the declared size with a warning naming the row; the rest of the session and other sessions load', async function () {
    const state = materializeDemoState();
    const db = path.join(state, DB_REL);
    const before = await cli(['show', 'agent:main:work', '--state-dir', state, '--json']);
    appendBomb(db, 'agent:main:work');
    const r = await cliChild(['show', 'agent:main:work', '--state-dir', state, '--json'], { maxRssMb: 400 });
    ok(r);
    assert.equal(r.code, 0, describeRun(r));
    assert.match(r.err, /transcript_events\[6f1431f6-0a9f-4bde-88bb-e32c2876f720#\d+\]: unreadable row skipped: it inflates past its declared size of 200 bytes/);
    const items = r.json().items as Json[];
    const prev = before.json().items as Json[];
    assert.deepEqual(
      items.slice(0, prev.length).map((i) => i.id),
      prev.map((i) => i.id),
      'every earlier entry is there',
    );
    const status = await cliChild(['status', '--state-dir', state, '--json']);
    assert.equal(sessionsOf(status).length, MAIN_SESSIONS + LEGACY_SESSIONS);
  });
});

describe('timestamps that are not dates: unknown, never "Invalid time value"', function () {
  this.timeout(60_000);
  const BAD: Array<[string, unknown]> = [
    ['beyond the Date range', 1e20],
    ['just past 8.64e15', 8.64e15 + 1],
    ['negative', -5],
    ['NaN (as a string)', 'NaN'],
    ['garbage', 'garbage'],
    ['a year out of range', '+275760-09-14T00:00:00.001Z'],
  ];
  for (const [name, ts] of BAD) {
    it(`${name}: in a SQLite row and event, a sessions.json row, a JSONL entry and a checkpoint — status, sessions, show and checkpoint list all work`, async function () {
      const state = materializeDemoState();
      const db = path.join(state, DB_REL);
      const d = new (sqlite().DatabaseSync)(db);
      const entry = JSON.parse((d.prepare("SELECT entry_json AS e FROM session_nodes WHERE session_key = 'agent:main:work'").get() as { e: string }).e) as Json;
      entry.updatedAt = ts;
      d.prepare("UPDATE session_nodes SET entry_json = ?, updated_at = ? WHERE session_key = 'agent:main:work'").run(JSON.stringify(entry), typeof ts === 'number' && Number.isSafeInteger(Math.trunc(ts)) ? Math.trunc(ts) : 9e15);
      d.close();
      appendEvent(db, 'agent:main:work', (_s, _q, parent) => ({ json: JSON.stringify({ type: 'message', id: 'dated-sql', parentId: parent, timestamp: ts, message: { role: 'user', content: 'hi', timestamp: ts } }) }));
      const sj = path.join(state, SJ_REL);
      const rows = JSON.parse(fs.readFileSync(sj, 'utf8')) as Record<string, Json>;
      rows['agent:legacy:main']!.updatedAt = ts;
      fs.writeFileSync(sj, JSON.stringify(rows));
      const jl = path.join(state, WORK_JSONL);
      const last = JSON.parse(fs.readFileSync(jl, 'utf8').trimEnd().split('\n').at(-1)!) as Json;
      fs.appendFileSync(jl, JSON.stringify({ type: 'message', id: 'dated-jsonl', parentId: last.id, timestamp: ts, message: { role: 'user', content: 'hi', timestamp: ts } }) + '\n');
      const cpDir = await withCheckpoint(state);
      const cpFile = path.join(cpDir, 'cp_001.yaml');
      fs.writeFileSync(cpFile, fs.readFileSync(cpFile, 'utf8').replace(/created_at: .*/, `created_at: ${JSON.stringify(String(ts))}`));
      const ptr = JSON.parse(fs.readFileSync(path.join(cpDir, '_latest.json'), 'utf8')) as Json;
      fs.writeFileSync(path.join(cpDir, '_latest.json'), JSON.stringify({ ...ptr, written_at: ts }));

      for (const argv of [['status', '--json'], ['sessions', '--json']]) {
        const r = await cli([...argv, '--state-dir', state]);
        assert.equal(r.code, 0, `${argv[0]}: ${r.err}`);
        const list = r.json().sessions as Json[];
        assert.equal(list.length, MAIN_SESSIONS + LEGACY_SESSIONS);
        const legacyMain = list.find((s) => s.key === 'agent:legacy:main')!;
        // its row's date is unknown; the transcript's entries still give a last activity
        assert.ok(legacyMain.lastActivity === null || /^\d{4}-/.test(String(legacyMain.lastActivity)), String(legacyMain.lastActivity));
      }
      const table = await cli(['sessions', '--state-dir', state]);
      assert.equal(table.code, 0, table.err);
      for (const key of ['agent:main:work', 'agent:legacy:work']) {
        const r = await cli(['show', key, '--state-dir', state, '--json']);
        assert.equal(r.code, 0, `show ${key}: ${r.err}`);
        const dated = (r.json().items as Json[]).find((i) => String(i.id).startsWith('dated-'));
        assert.ok(dated, `the dated entry of ${key} is in its context`);
        assert.equal(dated.timestamp, null, 'an invalid date is unknown');
        const text = await cli(['show', key, '--state-dir', state]);
        assert.equal(text.code, 0, text.err);
      }
      const cps = await cli(['checkpoint', 'list', 'agent:main:work', '--state-dir', state, '--json']);
      assert.equal(cps.code, 0, cps.err);
      assert.match(String((cps.json().checkpoints as Json[])[0]!.error), /created_at: expected an ISO-8601 timestamp/);
    });
  }
});

describe('a hot journal (a writer killed during a commit): reported as such, other agents visible, nothing written', function () {
  this.timeout(60_000);
  it('status and sessions list the other agent and report the unfinished write with what to do (--json too); show names it; the files are untouched', async function () {
    const state = materializeDemoState();
    const db = path.join(state, DB_REL);
    killDuringCommit(db);
    const bytes = () => [fs.readFileSync(db), fs.readFileSync(`${db}-journal`)];
    const before = bytes();
    for (const cmd of ['status', 'sessions']) {
      const r = await cli([cmd, '--state-dir', state, '--json']);
      assert.equal(r.code, 0, r.err);
      assert.equal((r.json().sessions as Json[]).length, LEGACY_SESSIONS);
      const u = r.json().unavailable as Json[];
      assert.equal(u.length, 1);
      assert.equal(u[0]!.agentId, 'main');
      assert.equal(u[0]!.kind, 'hot-journal');
      assert.equal(u[0]!.location, db);
      assert.match(String(u[0]!.problem), /unfinished write \(hot journal openclaw-agent\.sqlite-journal/);
      assert.match(String(u[0]!.hint), /Open it once with OpenClaw/);
      const text = await cli([cmd, '--state-dir', state]);
      assert.match(text.out, /unavailable: agent main \(.*openclaw-agent\.sqlite\): the database has an unfinished write/);
      assert.match(text.out, /what to do: Open it once with OpenClaw/);
    }
    const show = await cli(['show', 'agent:main:work', '--state-dir', state]);
    assert.equal(show.code, 3, 'not "no such session" (exit 2): the store cannot be read');
    assert.match(show.err, /no session "agent:main:work".*could not be read: main \(the database has an unfinished write/);
    const after = bytes();
    assert.ok(after[0]!.equals(before[0]!) && after[1]!.equals(before[1]!), 'never written: a read-only reader cannot roll it back');

    // the extension's view model: the agent shows the problem, labelled as an unfinished write
    const model = new ContextModel({ stateDirs: resolveStateDirs(state, undefined, processEnv()), env: processEnv() });
    try {
      model.refresh();
      const agent = model.stateDirs()[0]!.agents.find((a) => a.agent.id === 'main')!;
      assert.equal(agent.problemKind, 'hot-journal');
      const p = agentProblemModel(agent);
      assert.match(p.label, /^Unfinished write \(hot journal\)/);
      assert.match(p.detail, /what to do|Open it once with OpenClaw/);
      assert.equal(model.sessions().filter((s) => s.agentId === 'legacy').length, LEGACY_SESSIONS);
    } finally {
      model.dispose();
    }

    // once OpenClaw (any writer) opens it, the journal is rolled back and every session is back
    const w = new (sqlite().DatabaseSync)(db);
    w.prepare('SELECT count(*) FROM sqlite_master').get();
    w.close();
    const r = await cli(['status', '--state-dir', state, '--json']);
    assert.equal((r.json().sessions as Json[]).length, MAIN_SESSIONS + LEGACY_SESSIONS);
    assert.deepEqual(r.json().unavailable, []);
  });
});

describe('clear messages for unclear input', function () {
  this.timeout(60_000);
  it('a config nested 20,000 deep: "nested deeper than 200 levels", not "Maximum call stack size exceeded"', async function () {
    const state = materializeDemoState();
    fs.writeFileSync(path.join(state, 'openclaw.json'), '{"agents":' + '['.repeat(20_000) + ']'.repeat(20_000) + '}');
    const r = await cli(['status', '--state-dir', state, '--json']);
    assert.equal(r.code, 0, r.err);
    assert.match(r.err, /openclaw\.json: config not readable: openclaw\.json is nested deeper than 200 levels/);
    assert.doesNotMatch(r.err, /call stack/);
    assert.equal((r.json().sessions as Json[]).length, MAIN_SESSIONS + LEGACY_SESSIONS);
  });

  it('a sessions.json that links to /etc/passwd: named with the reason, none of its content quoted', async function () {
    const state = materializeDemoState();
    fs.rmSync(path.join(state, SJ_REL));
    fs.symlinkSync('/etc/passwd', path.join(state, SJ_REL));
    const first = fs.readFileSync('/etc/passwd', 'utf8').slice(0, 4);
    for (const argv of [['status'], ['status', '--json'], ['sessions', '--json']]) {
      const r = await cli([...argv, '--state-dir', state]);
      assert.equal(r.code, 0, r.err);
      assert.match(r.err + r.out, /sessions\.json is not valid JSON \(invalid syntax/);
      assert.ok(!(r.err + r.out).includes(first), `quotes ${JSON.stringify(first)}: ${r.err}`);
      assert.ok(!/root:|\/bin\/(ba)?sh/.test(r.err + r.out));
    }
  });
});

describe('the principle: bad input gets a clear error, changes nothing, and never hides other sessions', function () {
  this.timeout(300_000);
  /** the figures of every session of the clean demo state, by agent|key */
  let baseline: Map<string, Json>;
  const figures = (s: Json) => ({ used: s.used, window: s.window, percent: s.percent, compactions: s.compactions, lastActivityMs: s.lastActivityMs, era: s.era });
  before(async function () {
    const r = await cliChild(['status', '--json', '--state-dir', materializeDemoState()]);
    baseline = new Map(sessionsOf(r).map((s) => [`${String(s.agentId)}|${String(s.key)}`, figures(s)]));
    assert.equal(baseline.size, MAIN_SESSIONS + LEGACY_SESSIONS);
  });

  /** A third agent `broken`, a copy of main (SQLite) or of legacy (JSONL), then broken one way. */
  interface Way {
    name: string;
    era: 'sqlite' | 'jsonl';
    breakIt: (agentDir: string) => void;
    /** 'unavailable': the agent is reported with this problem; 'listed': its sessions are listed, the damage reported on stderr by `show` */
    expect: { unavailable: RegExp } | { listed: true; show?: { key: string; err: RegExp } };
    /** checks of the broken agent's own files after every command ran */
    after?: (agentDir: string) => void;
  }
  const sqliteDb = (a: string) => path.join(a, 'agent', 'openclaw-agent.sqlite');
  const jsonlDir = (a: string) => path.join(a, 'sessions');
  const ways: Way[] = [
    ...HOSTILE.map((how): Way => ({ name: `its database is ${how}`, era: 'sqlite', breakIt: (a) => makeHostile(sqliteDb(a), how), expect: { unavailable: how === 'big' ? /file is not a database/ : REASON[how] } })),
    ...HOSTILE.map((how): Way => ({ name: `its sessions.json is ${how}`, era: 'jsonl', breakIt: (a) => makeHostile(path.join(jsonlDir(a), 'sessions.json'), how), expect: { unavailable: REASON[how] } })),
    {
      // SQLite deletes the -wal of an empty database on open, read-only or not: it may hold the only copy of the data
      name: 'its database is empty (0 bytes) beside a -wal',
      era: 'sqlite',
      breakIt: (a) => (fs.writeFileSync(`${sqliteDb(a)}-wal`, crypto.randomBytes(4096)), fs.truncateSync(sqliteDb(a), 0)),
      expect: { unavailable: /is empty \(0 bytes\): there is no session in it, and its openclaw-agent\.sqlite-wal is left as it is/ },
      after: (a) => assert.equal(fs.statSync(`${sqliteDb(a)}-wal`).size, 4096, 'the -wal is still there, whole'),
    },
    { name: 'its database has a hot journal', era: 'sqlite', breakIt: (a) => killDuringCommit(sqliteDb(a)), expect: { unavailable: /unfinished write \(hot journal/ } },
    { name: 'its sessions.json links to /etc/passwd', era: 'jsonl', breakIt: (a) => (fs.rmSync(path.join(jsonlDir(a), 'sessions.json')), fs.symlinkSync('/etc/passwd', path.join(jsonlDir(a), 'sessions.json'))), expect: { unavailable: /^[^:]*sessions\.json is not valid JSON \(invalid syntax\)$/ } },
    { name: 'its sessions.json nests 10,000 deep', era: 'jsonl', breakIt: (a) => fs.writeFileSync(path.join(jsonlDir(a), 'sessions.json'), '{"k":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}'), expect: { unavailable: /nested deeper than 200 levels/ } },
    { name: 'a transcript is a FIFO', era: 'jsonl', breakIt: (a) => makeHostile(path.join(jsonlDir(a), path.basename(WORK_JSONL)), 'fifo'), expect: { listed: true, show: { key: 'agent:legacy:work', err: /named pipe \(FIFO\)/ } } },
    { name: 'a row is a zstd bomb', era: 'sqlite', breakIt: (a) => appendBomb(sqliteDb(a), 'agent:main:work'), expect: { listed: true, show: { key: 'agent:main:work', err: /inflates past its declared size of 200 bytes/ } } },
    {
      name: 'its dates are out of range',
      era: 'jsonl',
      breakIt: (a) => {
        const f = path.join(jsonlDir(a), 'sessions.json');
        const rows = JSON.parse(fs.readFileSync(f, 'utf8')) as Record<string, Json>;
        for (const r of Object.values(rows)) r.updatedAt = 1e20;
        fs.writeFileSync(f, JSON.stringify(rows));
      },
      expect: { listed: true },
    },
  ];

  for (const way of ways) {
    it(`two good agents and one whose ${way.name.replace(/^its /, '')}: every good session with its figures, the broken one reported`, async function () {
      const state = materializeDemoState();
      const agentDir = path.join(state, 'agents', 'broken');
      if (way.era === 'sqlite') {
        fs.mkdirSync(path.join(agentDir, 'agent'), { recursive: true });
        fs.copyFileSync(path.join(state, DB_REL), sqliteDb(agentDir));
      } else fs.cpSync(path.join(state, 'agents', 'legacy', 'sessions'), jsonlDir(agentDir), { recursive: true });
      way.breakIt(agentDir);
      const goodBefore = [fs.readFileSync(path.join(state, DB_REL)), fs.readFileSync(path.join(state, SJ_REL))];
      for (const cmd of ['status', 'sessions']) {
        const r = await cliChild([cmd, '--json', '--state-dir', state]);
        ok(r);
        assert.equal(r.code, 0, describeRun(r));
        const list = sessionsOf(r);
        for (const [k, f] of baseline) {
          const s = list.find((x) => `${String(x.agentId)}|${String(x.key)}` === k);
          assert.ok(s, `${cmd}: ${k} is listed`);
          const got = figures(s);
          if (cmd === 'sessions') for (const f2 of ['era'] as const) delete (got as Json)[f2];
          const want = { ...f } as Json;
          if (cmd === 'sessions') delete want.era;
          assert.deepEqual(got, want, `${cmd}: ${k} has its figures`);
        }
        const broken = list.filter((x) => x.agentId === 'broken');
        const u = unavailableOf(r);
        if ('unavailable' in way.expect) {
          assert.equal(broken.length, 0);
          assert.deepEqual(u.map((x) => x.agentId), ['broken'], `${cmd}: the broken agent is reported`);
          assert.match(String(u[0]!.problem), way.expect.unavailable);
        } else {
          assert.equal(broken.length, way.era === 'sqlite' ? MAIN_SESSIONS : LEGACY_SESSIONS, `${cmd}: the broken agent's sessions are still listed`);
          assert.deepEqual(u, []);
        }
      }
      if ('listed' in way.expect && way.expect.show) {
        const r = await cliChild(['show', way.expect.show.key, '--agent', 'broken', '--json', '--state-dir', state], { maxRssMb: 400 });
        ok(r);
        assert.equal(r.code, 0, describeRun(r));
        assert.match(r.err, way.expect.show.err);
      }
      way.after?.(agentDir);
      const goodAfter = [fs.readFileSync(path.join(state, DB_REL)), fs.readFileSync(path.join(state, SJ_REL))];
      assert.ok(goodAfter.every((b, i) => b.equals(goodBefore[i]!)), 'nothing changed');
    });
  }
});
