/**
 * The Checkpoints view's two actions on disk: restoring a checkpoint into a session (planRestore in
 * src/core/checkpoint/restore.ts + appendToSession in src/core/store/sessionWrite.ts, against a copy of
 * the real 2026.9.6 agent DB and a JSONL-era transcript), and deleting checkpoints (deleteCheckpoints in
 * src/core/checkpoint/store.ts). Refusals and deletions are checked to leave everything else
 * byte-for-byte as it was.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CheckpointEngine } from '../../src/core/checkpoint/engine';
import { checkpointDir, checkpointsRoot, stateDirFor } from '../../src/core/checkpoint/paths';
import { renderInjection } from '../../src/core/checkpoint/render';
import { planRestore } from '../../src/core/checkpoint/restore';
import type { Checkpoint } from '../../src/core/checkpoint/schema';
import { deleteCheckpoints, LATEST_FILE, listCheckpoints, readCheckpointFile, readLatestCheckpoint, readLatestPointer, writeCheckpoint } from '../../src/core/checkpoint/store';
import { ContextModel } from '../../src/core/context/model';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';
import { processStartTime } from '../../src/core/store/processes';
import { appendToSession, type SessionWriteTarget } from '../../src/core/store/sessionWrite';
import { SqliteSessionStore } from '../../src/core/store/sqliteStore';
import { rebuildContext, TranscriptIndex } from '../../src/core/context/rebuild';
import { validateEntry } from '../../src/core/store/writeEntries';
import type { WriteResult, WriteSuccess } from '../../src/core/store/writeResult';
import { estimateTokens, type EstimatorFamily } from '../../src/core/tokens/estimator';
import { collectDiagnostics, materializeRealState, realDbPath, sqlite, tmpDir, writeJsonl, simulateGatewayLock } from './helpers';
import { figures, seedExample } from './support/checkpoints';

type Json = Record<string, unknown>;
const MAIN = 'agent:main:main';
const HEADER = '[Post-compaction checkpoint restore]';
const CUSTOM_TYPE = 'openclaw-context.checkpoint-restore';

const children: ChildProcess[] = [];
after(function () {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});
const models: ContextModel[] = [];
afterEach(function () {
  for (const m of models.splice(0)) m.dispose();
});

const simulateGateway = (stateDir: string) => simulateGatewayLock(stateDir, children);

function modelOf(stateDir: string): ContextModel {
  const env = processEnv();
  const m = new ContextModel({ stateDirs: resolveStateDirs(stateDir, undefined, env), env });
  models.push(m);
  m.refresh();
  return m;
}

function ok(r: WriteResult): WriteSuccess {
  if (!r.ok) assert.fail(`write refused: ${r.code}: ${r.message}`);
  return r;
}

const sha = (f: string) => (fs.existsSync(f) ? crypto.createHash('sha256').update(fs.readFileSync(f)).digest('hex') : 'absent');
const noGateway = () => ({ ownership: { tmpDir: tmpDir('occtx-systmp-'), probePort: false } });

/** A checkpoint far over any budget. */
function huge(): Checkpoint {
  const cp = seedExample({ session_key: MAIN });
  const words = (i: number, tag: string) => `${tag} ${i}: ` + 'the deploy window moved, the staging database needs a migration first '.repeat(4);
  cp.decisions = Array.from({ length: 40 }, (_, i) => ({ id: `d${i + 1}`, what: words(i, 'decision'), when: '2026-02-24T14:15:00Z' }));
  cp.open_items = Array.from({ length: 40 }, (_, i) => words(i, 'open'));
  cp.learnings = Array.from({ length: 20 }, (_, i) => words(i, 'learning'));
  cp.thread.summary = words(0, 'summary').repeat(3);
  cp.working.topic = words(0, 'topic');
  return cp;
}

// ---------------------------------------------------------------------------------------------

describe('planRestore: the restore note', function () {
  it('is a custom_message of our own customType whose content is the rendered block, with the checkpoint named in details', function () {
    const cp = seedExample({ session_key: MAIN, checkpoint_id: 'cp_007' });
    const p = planRestore(cp, { family: 'claude' });
    assert.equal(p.entry.type, 'custom_message');
    assert.equal(p.entry.customType, CUSTOM_TYPE);
    assert.equal(p.entry.display, true);
    assert.equal(p.entry.content, p.render.text);
    assert.equal(p.checkpoint, cp);
    assert.equal(p.render.text, renderInjection(cp, { family: 'claude' }).text);
    assert.ok(p.render.text.startsWith(`${HEADER}\n\nWorking on: Helping user plan a trip to Japan\n`), p.render.text.slice(0, 120));
    assert.match(p.render.text, /^- Visa requirements for Serbian passport$/m);
    assert.deepEqual(p.entry.details, { checkpointId: 'cp_007', sessionKey: MAIN, createdAt: '2026-02-24T15:30:00Z', tokens: estimateTokens(p.render.text, 'claude') });
    assert.equal(validateEntry(p.entry, 0), undefined, 'the writer accepts it as is');
  });

  for (const family of ['o200k', 'cl100k', 'claude'] as EstimatorFamily[]) {
    it(`stays within the token budget (${family}): default 700, and a smaller one`, function () {
      const cp = huge();
      assert.ok(estimateTokens(JSON.stringify(cp), family) > 3000, 'the checkpoint itself is far over');
      for (const budget of [undefined, 700, 300]) {
        const p = planRestore(cp, { family, maxTokens: budget });
        const max = budget ?? 700;
        const measured = estimateTokens(p.entry.content as string, family);
        assert.ok(measured <= max, `${measured} > ${max}`);
        assert.ok(measured > max * 0.6, `uses the budget (${measured} of ${max})`);
        assert.equal(p.render.tokens, measured);
        assert.ok(p.render.trimmed.length > 0);
        assert.match(p.entry.content as string, /\(Trimmed to fit \d+ tokens: .* left out; full checkpoint: cp_003\.yaml\)$/);
        assert.ok((p.entry.content as string).startsWith(HEADER));
      }
    });
  }

  it('warns about a compaction spiral from the target session\'s count now', function () {
    const cp = seedExample({ compaction_count: 1 });
    assert.doesNotMatch(planRestore(cp).entry.content as string, /Warning/);
    assert.doesNotMatch(planRestore(cp, { compactionCount: 3 }).entry.content as string, /Warning/);
    const w = planRestore(cp, { compactionCount: 5 }).entry.content as string;
    assert.match(w.split('\n\n')[1]!, /^Warning: .*\b5\b/);
  });
});

// ---------------------------------------------------------------------------------------------

function rowsOf(db: string, sid: string): Array<{ seq: number; event_json: string | null }> {
  const d = new (sqlite().DatabaseSync)(db, { readOnly: true });
  try {
    return d.prepare('SELECT seq, event_json FROM transcript_events WHERE session_id = ? ORDER BY seq').all(sid).map((r) => ({ seq: Number(r.seq), event_json: r.event_json as string | null }));
  } finally {
    d.close();
  }
}

describe('appendToSession: restoring into the real SQLite store', function () {
  it('appends exactly one custom_message row chained to the previous leaf; a fresh read shows it as the last context item', async function () {
    const stateDir = materializeRealState();
    const db = realDbPath(stateDir);
    const model = modelOf(stateDir);
    const s = model.findByKey(MAIN)!;
    const target = model.writeTarget(s.uid)!;
    assert.deepEqual({ era: target.era, location: target.location, stateDir: target.stateDir }, { era: 'sqlite', location: db, stateDir });
    const before = rowsOf(db, s.row.sessionId);
    const lastBefore = JSON.parse(before.at(-1)!.event_json!) as Json;
    assert.equal(lastBefore.type, 'message', 'the session ends on a plain message (its leaf)');
    const otherSessions = new (sqlite().DatabaseSync)(db, { readOnly: true });
    const countOthers = () => Number((otherSessions.prepare('SELECT count(*) AS c FROM transcript_events WHERE session_id != ?').get(s.row.sessionId) as { c: number }).c);
    const othersBefore = countOthers();

    const plan = planRestore(seedExample({ session_key: 'agent:main:old', checkpoint_id: 'cp_004' }), { family: 'o200k' });
    const r = ok(await appendToSession(target, [plan.entry], noGateway()));
    assert.equal(r.era, 'sqlite');
    assert.equal(r.previousLeafId, lastBefore.id);
    assert.equal(r.written.length, 1);

    const after = rowsOf(db, s.row.sessionId);
    assert.equal(after.length, before.length + 1);
    assert.deepEqual(after.slice(0, -1), before, 'earlier rows untouched');
    assert.equal(after.at(-1)!.seq, before.at(-1)!.seq + 1);
    const ev = JSON.parse(after.at(-1)!.event_json!) as Json;
    assert.equal(ev.type, 'custom_message');
    assert.equal(ev.customType, CUSTOM_TYPE);
    assert.equal(ev.content, plan.render.text);
    assert.equal(ev.parentId, lastBefore.id);
    assert.equal(ev.id, r.written[0]!.id);
    assert.deepEqual(ev.details, { checkpointId: 'cp_004', sessionKey: 'agent:main:old', createdAt: '2026-02-24T15:30:00Z', tokens: plan.render.tokens });
    assert.equal(countOthers(), othersBefore, 'no other session got a row');
    otherSessions.close();

    // a fresh model (what the extension shows after the write)
    const fresh = modelOf(stateDir);
    const f = fresh.ensureTranscript(fresh.findByKey(MAIN)!.uid)!;
    assert.equal(f.context!.leafId, ev.id);
    assert.equal(f.context!.items.at(-1)!.id, ev.id);
    assert.equal(f.context!.items.at(-1)!.kind, 'custom_message');
    assert.equal(f.context!.items.at(-2)!.id, lastBefore.id);
    // and the store read on its own
    const diag = collectDiagnostics();
    const store = new SqliteSessionStore('main', db, diag.sink);
    try {
      const row = store.readRows(true).rows.find((x) => x.key === MAIN)!;
      const index = new TranscriptIndex();
      index.apply(store.readTranscript(row, undefined, { full: true }));
      const ctx = rebuildContext(index);
      assert.equal(ctx.items.at(-1)!.id, ev.id);
      const [full] = store.loadEntries(row, [ctx.items.at(-1)!]);
      assert.equal((full as Json).content, plan.render.text);
      assert.deepEqual(diag.list.filter((d) => d.severity === 'error'), []);
    } finally {
      store.close();
    }
  });

  it('refuses while a live Gateway owns the state dir (found from the target alone) and leaves the DB byte-identical', async function () {
    const stateDir = materializeRealState();
    const db = realDbPath(stateDir);
    const model = modelOf(stateDir);
    const target = model.writeTarget(model.findByKey(MAIN)!.uid)!;
    model.dispose();
    await simulateGateway(stateDir);
    const files = [db, `${db}-wal`, `${db}-shm`].map((f) => [f, sha(f)]);
    const r = await appendToSession(target, [planRestore(seedExample()).entry], noGateway()); // no stateDir in the options
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.equal(r.code, 'owned');
    assert.equal(r.ownership?.by, 'gateway');
    assert.match(r.message, /Gateway/);
    assert.deepEqual(
      files.map(([f]) => [f, sha(f!)]),
      files,
    );
  });
});

// ---------------------------------------------------------------------------------------------

const SID = '7e57a11e-0000-4000-8000-000000000001';

function jsonlState(): { stateDir: string; dir: string; file: string } {
  const stateDir = path.join(tmpDir('occtx-restore-jsonl-'), 'state');
  const dir = path.join(stateDir, 'agents', 'main', 'sessions');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${SID}.jsonl`);
  writeJsonl(file, [
    { type: 'session', version: 3, id: SID, timestamp: '2026-04-10T09:00:00.000Z', cwd: '/w' },
    { type: 'message', id: 'c3d4e5f6', parentId: null, timestamp: '2026-04-10T09:00:01.000Z', message: { role: 'user', content: 'hello', timestamp: 1775811601000 } },
    {
      type: 'message',
      id: 'd4e5f6a7',
      parentId: 'c3d4e5f6',
      timestamp: '2026-04-10T09:00:03.400Z',
      message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }], provider: 'anthropic', model: 'claude-sonnet-4-6', usage: { input: 10, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 12 }, stopReason: 'stop', timestamp: 1775811603400 },
    },
  ]);
  fs.writeFileSync(path.join(dir, 'sessions.json'), JSON.stringify({ [MAIN]: { sessionId: SID, updatedAt: 1775811603400, contextTokens: 200000 } }, null, 2));
  return { stateDir, dir, file };
}

describe('appendToSession: restoring into a JSONL-era transcript', function () {
  it('appends one line chained to the last entry; existing bytes untouched; a fresh model shows it last', async function () {
    const j = jsonlState();
    const model = modelOf(j.stateDir);
    const target = model.writeTarget(model.findByKey(MAIN)!.uid)!;
    assert.equal(target.era, 'jsonl');
    assert.equal(target.location, j.dir);
    const before = fs.readFileSync(j.file);
    const plan = planRestore(seedExample({ session_key: MAIN }), { family: 'claude', compactionCount: 4 });
    const r = ok(await appendToSession(target, [plan.entry], noGateway()));
    assert.equal(r.era, 'jsonl');
    assert.equal(r.previousLeafId, 'd4e5f6a7');
    const after = fs.readFileSync(j.file);
    assert.ok(after.subarray(0, before.length).equals(before));
    const added = after.subarray(before.length).toString('utf8');
    assert.equal(added.split('\n').length, 2, 'exactly one line');
    assert.ok(added.endsWith('\n'));
    const ev = JSON.parse(added) as Json;
    assert.deepEqual([ev.type, ev.customType, ev.parentId, ev.content], ['custom_message', CUSTOM_TYPE, 'd4e5f6a7', plan.render.text]);
    assert.match(String(ev.content), /\nWarning: /);
    assert.ok(!fs.existsSync(`${j.file}.lock`), 'lock released');
    const fresh = modelOf(j.stateDir);
    const f = fresh.ensureTranscript(fresh.findByKey(MAIN)!.uid)!;
    assert.equal(f.context!.items.at(-1)!.id, ev.id);
    assert.equal(f.context!.items.at(-1)!.kind, 'custom_message');
  });

  it('a hand-built target works too; a live Gateway makes it refuse with the file byte-identical', async function () {
    const j = jsonlState();
    const target: SessionWriteTarget = { era: 'jsonl', location: j.dir, stateDir: j.stateDir, row: { key: MAIN, sessionId: SID } };
    await simulateGateway(j.stateDir);
    const before = fs.readFileSync(j.file);
    const r = await appendToSession(target, [planRestore(seedExample()).entry], noGateway());
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.code, 'owned');
    assert.ok(fs.readFileSync(j.file).equals(before));
    assert.deepEqual(fs.readdirSync(j.dir).sort(), [`${SID}.jsonl`, 'sessions.json'], 'no lock or temp file left');
    // once the Gateway is gone the same call writes
    fs.rmSync(path.join(j.stateDir, 'tmp'), { recursive: true });
    ok(await appendToSession(target, [planRestore(seedExample()).entry], noGateway()));
    assert.ok(fs.readFileSync(j.file).length > before.length);
  });
});

// ---------------------------------------------------------------------------------------------

const KEY = 'agent:main:telegram:direct:42';

/** Three checkpoints for KEY (cp_001..cp_003), each at its own time, with a cursor in the pointer. */
function threeCheckpoints(stateDir: string, key = KEY): Array<{ id: string; tokens: number; at: number }> {
  const out: Array<{ id: string; tokens: number; at: number }> = [];
  [100_000, 130_000, 170_000].forEach((tokens, i) => {
    const at = Date.parse('2026-03-01T10:00:00Z') + i * 60_000;
    const cp = seedExample({ session_key: key, created_at: new Date(at).toISOString(), compaction_count: i });
    cp.meta.token_usage = { input_tokens: tokens, context_window: 200_000, utilization: tokens / 200_000 };
    const r = writeCheckpoint(stateDir, cp, { fsync: false, now: () => at + 5, cursor: { last_ts: at, recent: [{ id: `e${i}`, when: at }] } });
    assert.equal(r.status, 'written');
    out.push({ id: r.status === 'written' ? r.id : '', tokens, at });
  });
  return out;
}

/** Every file under a dir with its hash, excluding `skip` (a directory). */
function snapshot(root: string, skip?: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const n of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, n.name);
      if (skip && p === skip) continue;
      if (n.isDirectory()) walk(p);
      else out[path.relative(root, p)] = sha(p);
    }
  };
  walk(root);
  return out;
}

describe('deleteCheckpoints', function () {
  it('deleting the newest moves _latest.json to the newest remaining, keeping written_at and cursor; readers agree', function () {
    const state = tmpDir('occtx-cp-del-');
    const cps = threeCheckpoints(state);
    const p0 = readLatestPointer(state, KEY)!;
    assert.equal(p0.checkpoint_id, 'cp_003');
    const engine = new CheckpointEngine(state, { write: { fsync: false } });
    assert.equal(engine.latest(KEY)?.meta.checkpoint_id, 'cp_003', 'cached by the engine');

    const r = deleteCheckpoints(state, KEY, ['cp_003']);
    assert.deepEqual(r, { deleted: ['cp_003'], latestId: 'cp_002' });
    const p = readLatestPointer(state, KEY)!;
    assert.equal(p.checkpoint_id, 'cp_002');
    assert.equal(p.path, 'cp_002.yaml');
    assert.equal(p.session_key, KEY);
    assert.equal(p.written_at, p0.written_at, 'written_at kept: the saved state is not taken for stale');
    assert.deepEqual(p.cursor, p0.cursor);
    assert.equal(p.input_tokens, cps[1]!.tokens);
    assert.equal(p.compaction_count, 1);
    assert.equal(p.created_at, new Date(cps[1]!.at).toISOString());
    assert.equal(p.previous_checkpoint, 'cp_001');
    assert.deepEqual(listCheckpoints(state, KEY).map((e) => [e.id, e.latest]), [['cp_002', true], ['cp_001', false]]);
    const latest = readLatestCheckpoint(state, KEY);
    assert.equal(latest.checkpoint?.meta.checkpoint_id, 'cp_002');
    assert.deepEqual(latest.skipped, []);
    assert.equal(engine.latest(KEY)?.meta.checkpoint_id, 'cp_002', 'the engine cache notices');

    // the next checkpoint continues after the remaining ones and links to cp_002
    const next = engine.checkpoint(figures({ sessionKey: KEY, inputTokens: 50_000, compactionCount: 7 }), 'manual');
    assert.equal(next.status === 'written' && next.id, 'cp_003');
    assert.equal(next.status === 'written' && readCheckpointFile(next.file).meta.previous_checkpoint, 'cp_002');
  });

  it('deleting an older one leaves the pointer alone; deleting all removes it; missing ids are ignored', function () {
    const state = tmpDir('occtx-cp-del-');
    threeCheckpoints(state);
    const dir = checkpointDir(state, KEY);
    const pointerBytes = fs.readFileSync(path.join(dir, LATEST_FILE));
    assert.deepEqual(deleteCheckpoints(state, KEY, ['cp_001', 'cp_009']), { deleted: ['cp_001'], latestId: 'cp_003' });
    assert.ok(fs.readFileSync(path.join(dir, LATEST_FILE)).equals(pointerBytes));
    assert.deepEqual(deleteCheckpoints(state, KEY, ['cp_003', 'cp_002', 'cp_002']), { deleted: ['cp_003', 'cp_002'] });
    assert.equal(fs.existsSync(path.join(dir, LATEST_FILE)), false);
    assert.equal(readLatestPointer(state, KEY), undefined);
    assert.deepEqual(readLatestCheckpoint(state, KEY), { skipped: [] });
    assert.deepEqual(listCheckpoints(state, KEY), []);
    assert.deepEqual(deleteCheckpoints(state, KEY, ['cp_001']), { deleted: [] }, 'nothing left: nothing to do, no throw');
    assert.deepEqual(deleteCheckpoints(state, 'agent:main:never', ['cp_001']), { deleted: [] });
  });

  it('refuses ids that are not cp_NNN before deleting anything', function () {
    const state = tmpDir('occtx-cp-del-');
    threeCheckpoints(state);
    const dir = checkpointDir(state, KEY);
    const before = snapshot(state);
    for (const bad of ['../cp_001', 'cp_001.yaml', 'cp_1', 'CP_001', '', '_latest', 'cp_001/../../x', 'cp_0000000001', ' cp_001', 'cp_001\n']) {
      assert.throws(() => deleteCheckpoints(state, KEY, ['cp_002', bad]), /not a checkpoint id/, JSON.stringify(bad));
    }
    assert.deepEqual(snapshot(state), before, 'cp_002 (listed first) was not deleted either');
    assert.ok(fs.existsSync(path.join(dir, 'cp_002.yaml')));
  });

  it('touches nothing outside the session directory: other sessions, state files, hostile keys', function () {
    const state = tmpDir('occtx-cp-del-');
    threeCheckpoints(state);
    threeCheckpoints(state, 'agent:main:other');
    const eng = new CheckpointEngine(state, { write: { fsync: false } });
    eng.tracker(KEY).ingest([{ type: 'message', id: 'u1', timestamp: '2026-03-01T11:00:00Z', message: { role: 'user', content: 'hello' } }]);
    eng.save();
    assert.ok(fs.existsSync(stateDirFor(state, KEY)), 'the session has state files');
    // a decoy where a naive join of a hostile key would land
    const decoy = path.join(state, 'etc');
    fs.mkdirSync(decoy);
    fs.writeFileSync(path.join(decoy, 'cp_001.yaml'), 'decoy');
    fs.writeFileSync(path.join(checkpointsRoot(state), 'cp_001.yaml'), 'decoy at the root');
    const dir = checkpointDir(state, KEY);
    const outside = snapshot(state, dir);
    deleteCheckpoints(state, KEY, ['cp_001', 'cp_002', 'cp_003']);
    assert.deepEqual(fs.readdirSync(dir), [], 'the session directory is empty (pointer gone too)');
    assert.deepEqual(snapshot(state, dir), outside);
    for (const hostile of ['../../etc', '..', '.', '../checkpoints/..', '/etc', 'a/../../../etc']) {
      assert.deepEqual(deleteCheckpoints(state, hostile, ['cp_001']).deleted, [], hostile);
    }
    assert.deepEqual(snapshot(state, dir), outside);
    assert.equal(listCheckpoints(state, 'agent:main:other').length, 3);
  });
});
