/**
 * CheckpointCoordinator (src/core/checkpoint/coordinator.ts) driven by a real ContextModel: over a temp
 * copy of the real OpenClaw 2026.9.6 state (SQLite era) and over JSONL-era state dirs built here.
 * Activity is produced the way OpenClaw produces it (session rows updated, transcript rows/lines
 * appended) or through our own writer; every expectation comes from the fixture files, the CLI's own
 * output, or the figures the test itself wrote.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CheckpointCoordinator, type CheckpointEvent, type CoordinatorOptions } from '../../src/core/checkpoint/coordinator';
import { checkpointDir, checkpointsRoot, contextRoot, stateDirFor } from '../../src/core/checkpoint/paths';
import { checkpointIssues } from '../../src/core/checkpoint/schema';
import { listCheckpoints, readCheckpointFile, readLatestCheckpoint } from '../../src/core/checkpoint/store';
import { ContextModel, type SessionState } from '../../src/core/context/model';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';
import { appendJsonlEntries } from '../../src/core/store/jsonlWriter';
import { appendEvents } from '../../src/core/store/sqliteWriter';
import type { WriteResult, WriteSuccess } from '../../src/core/store/writeResult';
import { fixturePath, materializeRealState, realDbPath, realTranscriptDumps, sqlite, tmpDir, writeJsonl } from './helpers';

type Json = Record<string, unknown>;

const WORK = 'agent:main:work';
const WORK_SID = '6f1431f6-0a9f-4bde-88bb-e32c2876f720';
const WORK_OLD_SID = '9335172d-fe7b-41f1-b0db-bad58368e4f9';
const SQLITE_FILE = 'agents/main/agent/openclaw-agent.sqlite';

/** What `openclaw sessions --json` printed for the real state (independent of our readers). */
const CLI = JSON.parse(fs.readFileSync(fixturePath('openclaw-real', 'cli', 'sessions-final.json'), 'utf8')) as { sessions: Array<{ key: string; totalTokens: number | null; contextTokens: number; sessionId: string }> };
const cliWork = CLI.sessions.find((s) => s.key === WORK)!;

/** The work session's transcript as OpenClaw dumped it; ids by prefix. */
const workDump = realTranscriptDumps().find((d) => d.sessionId === WORK_SID)!;
const workId = (prefix: string): string => {
  const e = workDump.events.find((x) => typeof x.id === 'string' && x.id.startsWith(prefix));
  assert.ok(e, `no entry ${prefix}… in the work dump`);
  return e.id as string;
};
const userText = (prefix: string): string => {
  const e = workDump.events.find((x) => typeof x.id === 'string' && x.id.startsWith(prefix))!;
  const m = e.message as Json;
  return typeof m.content === 'string' ? m.content : ((m.content as Json[]).find((c) => c.type === 'text')!.text as string);
};

const models: ContextModel[] = [];
afterEach(function () {
  for (const m of models.splice(0)) m.dispose();
});

interface Rig {
  stateDir: string;
  model: ContextModel;
  coord: CheckpointCoordinator;
  refresh: () => CheckpointEvent[];
  uid: (key: string) => string;
  sess: (key: string) => SessionState;
}

function rig(stateDir: string, opts: CoordinatorOptions = {}): Rig {
  const env = processEnv();
  const model = new ContextModel({ stateDirs: resolveStateDirs(stateDir, undefined, env), env });
  models.push(model);
  const coord = new CheckpointCoordinator(model, opts);
  const sess = (key: string) => {
    const s = model.sessions().find((x) => x.row.key === key);
    assert.ok(s, `${key} not in the model`);
    return s;
  };
  return { stateDir, model, coord, refresh: () => coord.onRefresh(model.refresh()), uid: (k) => sess(k).uid, sess };
}

/** `kind:trigger@key` per event, for compact comparisons. */
const summary = (events: CheckpointEvent[]): string[] => events.map((e) => `${e.kind}${'trigger' in e ? `:${e.trigger}` : ''}@${e.key}`);

/** Every file under `<stateDir>/context`, relative, with its size (what the coordinator wrote). */
function contextFiles(stateDir: string): string[] {
  const root = contextRoot(stateDir);
  const out: string[] = [];
  const walk = (d: string) => {
    for (const n of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, n.name);
      if (n.isDirectory()) walk(p);
      else out.push(`${path.relative(root, p)}:${fs.statSync(p).size}`);
    }
  };
  if (fs.existsSync(root)) walk(root);
  return out.sort();
}

function written(e: CheckpointEvent | undefined): Extract<CheckpointEvent, { kind: 'written' }> {
  assert.ok(e && e.kind === 'written', `expected a written event, got ${JSON.stringify(e)}`);
  return e;
}

function ok(r: WriteResult): WriteSuccess {
  if (!r.ok) assert.fail(`write refused: ${r.code}: ${r.message}`);
  return r;
}

// ---------------------------------------------------------------------------------------------
// SQLite era: the real state

let lastTouch = 0;

/** What OpenClaw does after a turn: update the session row (entry_json + updated_at = now, optionally the session id). */
function touchRow(db: string, key: string, patch: Json = {}): void {
  const d = new (sqlite().DatabaseSync)(db);
  try {
    const r = d.prepare('SELECT entry_json, updated_at FROM session_nodes WHERE session_key = ?').get(key) as { entry_json: string; updated_at: number };
    const e = { ...(JSON.parse(r.entry_json) as Json), ...patch };
    const at = (lastTouch = Math.max(Date.now(), lastTouch + 1, Number(r.updated_at) + 1));
    e.updatedAt = at;
    if (typeof patch.sessionId === 'string') d.prepare('UPDATE session_nodes SET entry_json = ?, updated_at = ?, current_session_id = ? WHERE session_key = ?').run(JSON.stringify(e), at, patch.sessionId, key);
    else d.prepare('UPDATE session_nodes SET entry_json = ?, updated_at = ? WHERE session_key = ?').run(JSON.stringify(e), at, key);
  } finally {
    d.close();
  }
}

const sqliteOpts = () => ({ ownership: { tmpDir: tmpDir('occtx-systmp-'), probePort: false } });

describe('CheckpointCoordinator on the real OpenClaw state (SQLite era)', function () {
  it('the first refresh is only a baseline: no events, no files, no transcript read; an idle refresh neither', function () {
    const r = rig(materializeRealState(), { thresholdPercent: 10 }); // every real session is above 10 %
    const reads: string[] = [];
    const ensure = r.model.ensureTranscript.bind(r.model);
    const load = r.model.loadEntries.bind(r.model);
    r.model.ensureTranscript = (uid) => (reads.push(`ensure ${uid}`), ensure(uid));
    r.model.loadEntries = (uid, metas) => (reads.push(`load ${uid}`), load(uid, metas));
    const result = r.model.refresh();
    assert.equal(result.changed.length, CLI.sessions.length, 'every session is new in the first refresh');
    const indexed = r.model.sessions().filter((s) => s.index).map((s) => s.row.key);
    assert.ok(r.model.sessions().every((s) => s.figures.ratio > 10), 'all above the line, so only the baseline rule keeps them quiet');
    assert.deepEqual(r.coord.onRefresh(result), []);
    assert.deepEqual(reads, []);
    assert.deepEqual(r.model.sessions().filter((s) => s.index).map((s) => s.row.key), indexed, 'no transcript was read for the baseline');
    assert.equal(fs.existsSync(contextRoot(r.stateDir)), false, 'nothing under <stateDir>/context');
    assert.deepEqual(r.refresh(), []);
    assert.deepEqual(reads, []);
    assert.equal(fs.existsSync(contextRoot(r.stateDir)), false);
  });

  it('a session whose gauge crosses the line after the baseline gets exactly one auto-80pct checkpoint, not again while above', function () {
    const r = rig(materializeRealState(), { thresholdPercent: 50 });
    const db = realDbPath(r.stateDir);
    r.refresh();
    assert.ok(r.sess(WORK).figures.ratio < 50);
    touchRow(db, WORK, { totalTokens: 12_000, totalTokensFresh: true }); // 37 %: activity below the line
    assert.deepEqual(r.refresh(), []);
    assert.equal(fs.existsSync(checkpointsRoot(r.stateDir)), false);

    touchRow(db, WORK, { totalTokens: 17_000, totalTokensFresh: true }); // 52 %: crosses 50 %
    const ev = r.refresh();
    assert.deepEqual(summary(ev), [`written:auto-80pct@${WORK}`]);
    const w = written(ev[0]);
    assert.equal(w.uid, r.uid(WORK));
    assert.equal(w.stateDir, r.stateDir);
    assert.equal(w.id, 'cp_001');
    assert.equal(path.dirname(w.file), checkpointDir(r.stateDir, WORK));
    const cp = readCheckpointFile(w.file);
    assert.deepEqual(checkpointIssues(cp), []);
    assert.equal(cp.meta.trigger, 'auto-80pct');
    assert.equal(cp.meta.session_key, WORK);
    assert.equal(cp.meta.session_file, `${SQLITE_FILE}#${WORK_SID}`);
    assert.equal(cp.meta.token_usage.input_tokens, 17_000);
    assert.equal(cp.meta.token_usage.context_window, cliWork.contextTokens);
    assert.equal(cp.meta.token_usage.utilization, Math.round((17_000 / cliWork.contextTokens) * 10_000) / 10_000);
    // caught up on the session's active path before writing (the rewound branch is not part of it)
    assert.equal(cp.working.topic, userText('c55260c0'));
    assert.ok(cp.resources.tools_used.includes('read') && cp.resources.tools_used.includes('exec'), cp.resources.tools_used.join());
    assert.ok(!JSON.stringify(cp).includes('Trigger a provider overflow'), 'the abandoned branch is not in the state');

    // still above, with a move the 5 % dedupe would let through: the trigger itself stays quiet
    touchRow(db, WORK, { totalTokens: 20_000, totalTokensFresh: true });
    assert.deepEqual(r.refresh(), []);
    touchRow(db, WORK, { totalTokens: 25_000, totalTokensFresh: true });
    assert.deepEqual(r.refresh(), []);
    assert.deepEqual(listCheckpoints(r.stateDir, WORK).map((e) => e.id), ['cp_001']);
    // falls below the line minus the hysteresis (a compaction), then crosses again: one more
    touchRow(db, WORK, { totalTokens: 9_000, totalTokensFresh: true });
    assert.deepEqual(r.refresh(), []);
    touchRow(db, WORK, { totalTokens: 18_500, totalTokensFresh: true });
    assert.deepEqual(summary(r.refresh()), [`written:auto-80pct@${WORK}`]);
    assert.deepEqual(fs.readdirSync(checkpointsRoot(r.stateDir)), [path.basename(checkpointDir(r.stateDir, WORK))], 'no other session got a directory');
  });

  it('with a low line every session is above it, but only the one with activity is checkpointed', function () {
    const r = rig(materializeRealState(), { thresholdPercent: 10 });
    r.refresh();
    touchRow(realDbPath(r.stateDir), 'agent:main:rpc');
    assert.deepEqual(summary(r.refresh()), ['written:auto-80pct@agent:main:rpc']);
    touchRow(realDbPath(r.stateDir), 'agent:main:rpc');
    assert.deepEqual(r.refresh(), [], 'still above: nothing');
    assert.deepEqual(
      listCheckpoints(r.stateDir, 'agent:main:rpc').map((e) => e.checkpoint?.meta.trigger),
      ['auto-80pct'],
    );
    for (const s of CLI.sessions) if (s.key !== 'agent:main:rpc') assert.deepEqual(listCheckpoints(r.stateDir, s.key), [], s.key);
  });

  it('a compaction appended with the real writer gives one `compaction` checkpoint: tokensBefore, the state before it, the split turn', async function () {
    const r = rig(materializeRealState());
    const db = realDbPath(r.stateDir);
    r.refresh();
    touchRow(db, WORK); // a turn: the session is followed from now on (its state catches up on the active path)
    assert.deepEqual(r.refresh(), []);
    assert.ok(r.sess(WORK).index, 'the transcript was read to catch up');
    // The kept tail starts at the last assistant message: pi calls that a split turn.
    const kept = workId('696daef6');
    const w = ok(await appendEvents(db, WORK, [{ type: 'compaction', summary: '## Goal\nsummary written by the test', firstKeptEntryId: kept, tokensBefore: 23_456, tokensAfter: 4_321, details: { readFiles: ['docs/from-compaction.md'], modifiedFiles: ['src/args.ts'] } }], sqliteOpts()));
    const ev = r.refresh();
    assert.deepEqual(summary(ev), [`written:compaction@${WORK}`]);
    const cp = readCheckpointFile(written(ev[0]).file);
    assert.deepEqual(checkpointIssues(cp), []);
    assert.equal(cp.meta.trigger, 'compaction');
    assert.equal(cp.meta.token_usage.input_tokens, 23_456);
    assert.equal(cp.meta.token_usage.context_window, cliWork.contextTokens);
    assert.equal(cp.meta.compaction_count, 0, 'the session had no compaction before this one');
    assert.equal(cp.working.topic, userText('c55260c0'), 'the state before the compaction');
    assert.equal(cp.working.interrupted, true, 'first kept entry is an assistant message');
    assert.ok(cp.resources.files_read.includes('docs/from-compaction.md'));
    assert.ok(cp.resources.files_modified.includes('src/args.ts'));
    assert.equal(r.sess(WORK).context?.compaction?.id, w.written[0]!.id, 'the model sees the compaction too');

    // the same compaction is never checkpointed twice, whatever happens next
    touchRow(db, WORK);
    assert.deepEqual(r.refresh(), []);
    ok(await appendEvents(db, WORK, [{ type: 'custom_message', customType: 'test.note', content: 'after the compaction', display: true }], sqliteOpts()));
    assert.deepEqual(r.refresh(), []);
    assert.deepEqual(listCheckpoints(r.stateDir, WORK).map((e) => e.checkpoint?.meta.trigger), ['compaction']);
  });

  it('a compaction whose first kept entry is a user message is not marked interrupted', async function () {
    const r = rig(materializeRealState());
    const db = realDbPath(r.stateDir);
    r.refresh();
    touchRow(db, WORK);
    r.refresh();
    ok(await appendEvents(db, WORK, [{ type: 'compaction', summary: 'S', firstKeptEntryId: workId('c55260c0'), tokensBefore: 30_001 }], sqliteOpts()));
    const ev = r.refresh();
    assert.deepEqual(summary(ev), [`written:compaction@${WORK}`]);
    const cp = readCheckpointFile(written(ev[0]).file);
    assert.equal(cp.meta.token_usage.input_tokens, 30_001);
    assert.equal(cp.working.interrupted, false);
  });

  it('a new session id for the same key writes a session-end checkpoint of the old session and emits resume', function () {
    const r = rig(materializeRealState());
    const db = realDbPath(r.stateDir);
    r.refresh();
    touchRow(db, WORK);
    assert.deepEqual(r.refresh(), []);
    touchRow(db, WORK, { sessionId: WORK_OLD_SID });
    const ev = r.refresh();
    assert.deepEqual(summary(ev), [`written:session-end@${WORK}`, `resume@${WORK}`]);
    const w = written(ev[0]);
    const resume = ev[1] as Extract<CheckpointEvent, { kind: 'resume' }>;
    assert.equal(resume.checkpointId, w.id);
    assert.equal(resume.uid, r.uid(WORK));
    assert.equal(resume.stateDir, r.stateDir);
    const cp = readCheckpointFile(w.file);
    assert.equal(cp.meta.trigger, 'session-end');
    assert.equal(cp.meta.session_file, `${SQLITE_FILE}#${WORK_SID}`, 'describes the session that ended');
    assert.equal(cp.meta.token_usage.input_tokens, cliWork.totalTokens, 'its last figures');
    assert.equal(cp.working.topic, userText('c55260c0'));
    assert.equal(r.sess(WORK).row.sessionId, WORK_OLD_SID);
    // no second session-end for the same change
    touchRow(db, WORK);
    assert.deepEqual(r.refresh(), []);
    assert.equal(listCheckpoints(r.stateDir, WORK).length, 1);
  });

  it('after a restart: a session id change offers the checkpoint of the earlier run (no session-end: nothing was followed)', function () {
    const stateDir = materializeRealState();
    const db = realDbPath(stateDir);
    const first = rig(stateDir);
    first.refresh();
    const id = written(first.coord.createManual(first.uid(WORK))).id;
    const second = rig(stateDir); // a new window / a restart: new model, new coordinator
    assert.deepEqual(second.refresh(), []);
    touchRow(db, WORK, { sessionId: WORK_OLD_SID });
    const ev = second.refresh();
    assert.deepEqual(summary(ev), [`resume@${WORK}`]);
    assert.equal((ev[0] as Extract<CheckpointEvent, { kind: 'resume' }>).checkpointId, id);
    assert.equal(listCheckpoints(stateDir, WORK).length, 1);
  });

  it('after a restart the persisted state is fed on, without replaying entries off the active path (the old rewind)', function () {
    const stateDir = materializeRealState();
    const db = realDbPath(stateDir);
    const first = rig(stateDir);
    first.refresh();
    touchRow(db, WORK);
    assert.deepEqual(first.refresh(), []); // caught up; the state is saved at the end of the refresh
    assert.ok(fs.existsSync(path.join(contextRoot(stateDir), 'state')), 'state files written');
    const second = rig(stateDir);
    second.refresh();
    touchRow(db, WORK);
    assert.deepEqual(second.refresh(), []);
    const cp = readCheckpointFile(written(second.coord.createManual(second.uid(WORK))).file);
    assert.equal(cp.working.topic, userText('c55260c0'), 'the rewind to d56b34bc was not applied again');
    assert.equal(cp.thread.summary.startsWith(userText('1f04a29f').slice(0, 20)), true, cp.thread.summary);
  });

  it('compaction_count over 3 emits one spiral event per new count', function () {
    const r = rig(materializeRealState());
    const db = realDbPath(r.stateDir);
    r.refresh();
    touchRow(db, WORK, { compactionCount: 3 });
    assert.deepEqual(r.refresh(), [], '3 is not a spiral');
    touchRow(db, WORK, { compactionCount: 4 });
    let ev = r.refresh();
    assert.deepEqual(summary(ev), [`spiral@${WORK}`]);
    assert.equal((ev[0] as Extract<CheckpointEvent, { kind: 'spiral' }>).compactionCount, 4);
    touchRow(db, WORK, { compactionCount: 4 });
    assert.deepEqual(r.refresh(), [], 'same count: warned already');
    touchRow(db, WORK, { compactionCount: 6 });
    ev = r.refresh();
    assert.deepEqual(summary(ev), [`spiral@${WORK}`]);
    assert.equal((ev[0] as Extract<CheckpointEvent, { kind: 'spiral' }>).compactionCount, 6);
    touchRow(db, WORK, { compactionCount: 5 });
    assert.deepEqual(r.refresh(), [], 'a lower count is not new');
  });

  it('auto:false writes nothing automatically; createManual still writes (caught up, never deduplicated)', function () {
    const r = rig(materializeRealState(), { auto: false, thresholdPercent: 10 });
    const db = realDbPath(r.stateDir);
    r.refresh();
    assert.equal(r.coord.auto, false);
    touchRow(db, WORK, { totalTokens: 20_000, totalTokensFresh: true, compactionCount: 5 });
    touchRow(db, 'agent:main:rpc', { sessionId: 'harness-explicit-001' });
    assert.deepEqual(r.refresh(), []);
    assert.equal(fs.existsSync(contextRoot(r.stateDir)), false);

    const a = written(r.coord.createManual(r.uid(WORK)));
    assert.equal(a.trigger, 'manual');
    assert.equal(a.id, 'cp_001');
    const cp = readCheckpointFile(a.file);
    assert.equal(cp.meta.trigger, 'manual');
    assert.equal(cp.meta.token_usage.input_tokens, 20_000);
    assert.equal(cp.meta.compaction_count, 5);
    assert.equal(cp.working.topic, userText('c55260c0'), 'caught up before writing');
    const b = written(r.coord.createManual(r.uid(WORK)));
    assert.equal(b.id, 'cp_002', 'same figures: manual is not deduplicated');
    assert.equal(readCheckpointFile(b.file).meta.previous_checkpoint, 'cp_001');
    assert.deepEqual(r.refresh(), [], 'still nothing automatic');

    const gone = r.coord.createManual('no such uid');
    assert.equal(gone.kind, 'error');
    assert.match(gone.kind === 'error' ? gone.message : '', /gone/);
    // turned on later: the next activity is followed (first reading above the line: the writer's
    // dedupe finds the manual checkpoint at the same size; over 3 compactions for the first time)
    r.coord.setOptions({ auto: true });
    assert.equal(r.coord.auto, true);
    touchRow(db, WORK);
    const ev = r.refresh();
    assert.deepEqual(summary(ev), [`skipped:auto-80pct@${WORK}`, `spiral@${WORK}`]);
    assert.match(ev[0]!.kind === 'skipped' ? ev[0]!.reason : '', /cp_002/);
  });

  it('setOptions keeps the trigger state when the line and retention do not change; a new line starts over', function () {
    const r = rig(materializeRealState(), { thresholdPercent: 10, keep: 5 });
    const db = realDbPath(r.stateDir);
    r.refresh();
    touchRow(db, WORK, { totalTokens: 10_000, totalTokensFresh: true });
    assert.deepEqual(summary(r.refresh()), [`written:auto-80pct@${WORK}`]);
    r.coord.setOptions({ auto: true }); // e.g. another setting changed
    r.coord.setOptions({ auto: true, thresholdPercent: 10, keep: 5 });
    touchRow(db, WORK, { totalTokens: 12_000, totalTokensFresh: true }); // +20 %: the dedupe would not stop it
    assert.deepEqual(r.refresh(), [], 'still above the same line: no new crossing');
    r.coord.setOptions({ thresholdPercent: 40 });
    touchRow(db, WORK, { totalTokens: 14_000, totalTokensFresh: true }); // 43 %: above the new line
    assert.deepEqual(summary(r.refresh()), [`written:auto-80pct@${WORK}`]);
  });

  it('liveCheckpoint builds what a checkpoint would hold now without writing any file', function () {
    const r = rig(materializeRealState());
    r.refresh();
    const uid = r.uid(WORK);
    const live = r.coord.liveCheckpoint(uid);
    assert.ok(live);
    assert.deepEqual(checkpointIssues(live), []);
    assert.equal(live.meta.session_key, WORK);
    assert.equal(live.meta.checkpoint_id, 'cp_000');
    assert.equal(live.meta.previous_checkpoint, null);
    assert.equal(live.meta.token_usage.input_tokens, cliWork.totalTokens);
    assert.equal(live.working.topic, userText('c55260c0'), 'caught up on the active path');
    assert.equal(fs.existsSync(contextRoot(r.stateDir)), false, 'no checkpoint, no state file');
    assert.equal(r.coord.liveCheckpoint('no such uid'), undefined);

    // with a checkpoint on disk: linked to it, and still nothing new written
    written(r.coord.createManual(uid));
    const before = contextFiles(r.stateDir);
    const live2 = r.coord.liveCheckpoint(uid)!;
    assert.equal(live2.meta.previous_checkpoint, 'cp_001');
    assert.deepEqual(live2.learnings, readLatestCheckpoint(r.stateDir, WORK).checkpoint!.learnings);
    assert.deepEqual(contextFiles(r.stateDir), before);
    assert.deepEqual(listCheckpoints(r.stateDir, WORK).map((e) => e.id), ['cp_001']);
  });

  it('errors (the context path occupied by a file) come back as error events, never throws; it recovers afterwards', function () {
    const r = rig(materializeRealState(), { thresholdPercent: 10 });
    const db = realDbPath(r.stateDir);
    r.refresh();
    const blocker = contextRoot(r.stateDir);
    fs.writeFileSync(blocker, 'not a directory');
    touchRow(db, WORK);
    let ev: CheckpointEvent[] = [];
    assert.doesNotThrow(() => (ev = r.refresh()));
    assert.ok(ev.length >= 1);
    assert.ok(ev.every((e) => e.kind === 'error'), JSON.stringify(ev));
    const mine = ev.find((e) => e.kind === 'error' && e.key === WORK);
    assert.ok(mine && mine.kind === 'error' && mine.uid === r.uid(WORK) && mine.stateDir === r.stateDir);
    assert.match(mine.message, /ENOTDIR|EEXIST|not a directory/i);
    const manual = r.coord.createManual(r.uid(WORK));
    assert.equal(manual.kind, 'error');
    assert.equal(fs.readFileSync(blocker, 'utf8'), 'not a directory', 'the file in the way is left alone');
    let live: unknown;
    assert.doesNotThrow(() => (live = r.coord.liveCheckpoint(r.uid(WORK))));
    assert.ok(live, 'building needs no directory');

    // the cause goes away: the next activity writes the checkpoint that failed
    fs.unlinkSync(blocker);
    touchRow(db, WORK);
    assert.deepEqual(summary(r.refresh()), [`written:auto-80pct@${WORK}`]);
  });

  it('a compaction checkpoint that could not be written is written on the next activity once the cause is gone', async function () {
    const r = rig(materializeRealState());
    const db = realDbPath(r.stateDir);
    r.refresh();
    touchRow(db, WORK);
    assert.deepEqual(r.refresh(), []);
    fs.mkdirSync(contextRoot(r.stateDir), { recursive: true });
    fs.writeFileSync(checkpointsRoot(r.stateDir), 'in the way');
    ok(await appendEvents(db, WORK, [{ type: 'compaction', summary: 'S', firstKeptEntryId: workId('c55260c0'), tokensBefore: 27_182 }], sqliteOpts()));
    const failed = r.refresh();
    assert.deepEqual(summary(failed), [`error@${WORK}`]);
    fs.unlinkSync(checkpointsRoot(r.stateDir));
    assert.deepEqual(r.refresh(), [], 'no activity, nothing to do');
    touchRow(db, WORK);
    const ev = r.refresh();
    assert.deepEqual(summary(ev), [`written:compaction@${WORK}`]);
    const cp = readCheckpointFile(written(ev[0]).file);
    assert.equal(cp.meta.token_usage.input_tokens, 27_182);
    assert.equal(cp.working.topic, userText('c55260c0'));
  });

  it('an error part-way still reports what was written before it', function () {
    const r = rig(materializeRealState());
    const db = realDbPath(r.stateDir);
    r.refresh();
    touchRow(db, WORK);
    r.refresh();
    touchRow(db, WORK, { sessionId: WORK_OLD_SID });
    const ensure = r.model.ensureTranscript.bind(r.model);
    r.model.ensureTranscript = () => {
      throw new Error('transcript unreadable (test)');
    };
    let ev: CheckpointEvent[] = [];
    assert.doesNotThrow(() => (ev = r.refresh()));
    assert.deepEqual(summary(ev), [`written:session-end@${WORK}`, `resume@${WORK}`, `error@${WORK}`]);
    assert.match(ev[2]!.kind === 'error' ? ev[2]!.message : '', /transcript unreadable \(test\)/);
    assert.ok(fs.existsSync(written(ev[0]).file));
    r.model.ensureTranscript = ensure;
    touchRow(db, WORK);
    assert.deepEqual(r.refresh(), [], 'the session change is not reported twice');
  });

  it('viewing a session (reading its transcript) is not activity; a transcript that grows afterwards is', async function () {
    const r = rig(materializeRealState(), { thresholdPercent: 10 });
    const db = realDbPath(r.stateDir);
    r.refresh();
    r.model.ensureTranscript(r.uid(WORK)); // the gauge / tree looked at it
    // a structure change makes the next refresh list every session
    const d = new (sqlite().DatabaseSync)(db);
    try {
      d.exec('PRAGMA foreign_keys = OFF');
      d.prepare('DELETE FROM session_nodes WHERE session_key = ?').run('agent:main:rpc');
    } finally {
      d.close();
    }
    const res = r.model.refresh();
    assert.equal(res.structureChanged, true);
    assert.deepEqual(r.coord.onRefresh(res), []);
    assert.equal(fs.existsSync(contextRoot(r.stateDir)), false);
    // an external append to the viewed transcript (no row update) is activity
    ok(await appendEvents(db, WORK, [{ type: 'custom_message', customType: 'test.note', content: 'a note', display: true }], sqliteOpts()));
    assert.deepEqual(summary(r.refresh()), [`written:auto-80pct@${WORK}`]);
  });

  it('saveIntervalMs: state files are written at most that often, flush() writes them now, nothing is lost', function () {
    let clock = Date.now();
    const r = rig(materializeRealState(), { saveIntervalMs: 60_000, now: () => clock });
    const db = realDbPath(r.stateDir);
    const stateFile = path.join(stateDirFor(r.stateDir, WORK), 'thread.json');
    r.refresh(); // baseline (and the first save slot)
    touchRow(db, WORK, { totalTokens: 12_000, totalTokensFresh: true });
    assert.deepEqual(r.refresh(), []);
    assert.equal(fs.existsSync(stateFile), false, 'within the interval: followed, caught up, not saved yet');
    clock += 60_000;
    touchRow(db, WORK, { totalTokens: 12_100, totalTokensFresh: true });
    r.refresh();
    assert.ok(fs.existsSync(stateFile), 'saved once the interval passed');
    const saved = fs.readFileSync(stateFile, 'utf8');
    const before = r.coord.engine(r.stateDir).tracker(WORK).data.thread.user_messages;
    // a new user message: in memory at once, on disk only after flush()
    const sid = r.sess(WORK).row.sessionId;
    const d = new (sqlite().DatabaseSync)(db);
    const last = d.prepare('SELECT max(seq) AS m FROM transcript_events WHERE session_id = ?').get(sid) as { m: number };
    const ev = { type: 'message', id: 'throttle-u1', parentId: r.sess(WORK).context!.leafId, timestamp: new Date(clock + 1000).toISOString(), message: { role: 'user', content: 'one more ask', timestamp: clock + 1000 } };
    const json = JSON.stringify(ev);
    d.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_utf8_bytes) VALUES (?, ?, ?, ?, ?)').run(sid, last.m + 1, json, clock, Buffer.byteLength(json));
    d.close();
    touchRow(db, WORK, { totalTokens: 12_200, totalTokensFresh: true });
    r.refresh();
    assert.equal(r.coord.engine(r.stateDir).tracker(WORK).data.thread.user_messages, before + 1);
    assert.equal(fs.readFileSync(stateFile, 'utf8'), saved, 'not saved within the interval');
    assert.deepEqual(r.coord.flush(), []);
    assert.notEqual(fs.readFileSync(stateFile, 'utf8'), saved);
    assert.ok(fs.readFileSync(stateFile, 'utf8').includes('one more ask'));
  });

  it('reset() forgets everything in memory: the next refresh is a baseline again', function () {
    const r = rig(materializeRealState(), { thresholdPercent: 10 });
    const db = realDbPath(r.stateDir);
    r.refresh();
    r.coord.reset();
    touchRow(db, WORK);
    assert.deepEqual(r.refresh(), [], 'baseline after reset');
    touchRow(db, WORK);
    assert.deepEqual(summary(r.refresh()), [`written:auto-80pct@${WORK}`]);
  });
});

// ---------------------------------------------------------------------------------------------
// JSONL era

const T0 = Date.now() - 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const MAIN = 'agent:main:main';
const OPS = 'agent:main:ops';
const SID_A = '1c0ffee0-0000-4000-8000-00000000000a';
const SID_B = '1c0ffee0-0000-4000-8000-00000000000b';
const SID_OPS = '1c0ffee0-0000-4000-8000-0000000000f0';
const LONG = 'The options are laid out below, with trade-offs for each. '.repeat(12); // > 500 chars

interface JState {
  stateDir: string;
  dir: string;
  entries: Record<string, Json>;
  writeStore: (entries: Record<string, Json>) => void;
  file: (sid: string) => string;
  append: (sid: string, lines: Json[]) => void;
}

function userLine(id: string, parentId: string | null, at: number, text: string): Json {
  return { type: 'message', id, parentId, timestamp: iso(at), message: { role: 'user', content: text, timestamp: at } };
}
function agentLine(id: string, parentId: string, at: number, text: string, total = 9000): Json {
  return {
    type: 'message',
    id,
    parentId,
    timestamp: iso(at),
    message: { role: 'assistant', content: [{ type: 'text', text }], api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-6', usage: { input: 10, output: 20, cacheRead: total - 30, cacheWrite: 0, totalTokens: total }, stopReason: 'stop', timestamp: at },
  };
}

/** A JSONL-era state dir: `main` (transcript read at refresh: no fresh total) and `ops` (fresh total). */
function jsonlState(): JState {
  const stateDir = path.join(tmpDir('occtx-coord-jsonl-'), 'state');
  const dir = path.join(stateDir, 'agents', 'main', 'sessions');
  fs.mkdirSync(dir, { recursive: true });
  const file = (sid: string) => path.join(dir, `${sid}.jsonl`);
  writeJsonl(file(SID_A), [
    { type: 'session', version: 3, id: SID_A, timestamp: iso(T0), cwd: '/w' },
    userLine('a0000001', null, T0 + 1000, 'Plan the release of BLUE-HERON'),
    agentLine('a0000002', 'a0000001', T0 + 2000, `${LONG}\nShip on Friday or on Monday?`),
    userLine('a0000003', 'a0000002', T0 + 3000, 'Monday'),
    agentLine('a0000004', 'a0000003', T0 + 4000, 'Noted: Monday.\n- [ ] write the changelog'),
  ]);
  writeJsonl(file(SID_OPS), [
    { type: 'session', version: 3, id: SID_OPS, timestamp: iso(T0), cwd: '/w' },
    userLine('f0000001', null, T0 + 1000, 'ops question'),
    agentLine('f0000002', 'f0000001', T0 + 2000, 'ops answer', 5000),
  ]);
  let stamp = T0;
  const writeStore = (entries: Record<string, Json>) => {
    const p = path.join(dir, 'sessions.json');
    fs.writeFileSync(p, JSON.stringify(entries, null, 2));
    stamp += 10_000; // a distinct mtime for every rewrite (the store compares ino, size and mtime)
    fs.utimesSync(p, new Date(stamp), new Date(stamp));
  };
  const entries: Record<string, Json> = {
    [MAIN]: { sessionId: SID_A, updatedAt: T0 + 4000, contextTokens: 40_000, model: 'claude-sonnet-4-6', modelProvider: 'anthropic' },
    [OPS]: { sessionId: SID_OPS, updatedAt: T0 + 2000, totalTokens: 5000, totalTokensFresh: true, contextTokens: 40_000, model: 'claude-sonnet-4-6', modelProvider: 'anthropic' },
  };
  writeStore(entries);
  return { stateDir, dir, entries, writeStore, file, append: (sid, lines) => fs.appendFileSync(file(sid), lines.map((l) => JSON.stringify(l) + '\n').join('')) };
}

const jsonlOpts = () => ({ ownership: { tmpDir: tmpDir('occtx-systmp-'), probePort: false } });

describe('CheckpointCoordinator on JSONL-era state', function () {
  it('baseline, then a transcript that grows across the line: one auto-80pct checkpoint; not again while above', function () {
    const j = jsonlState();
    const r = rig(j.stateDir, { thresholdPercent: 50 });
    assert.deepEqual(r.refresh(), []);
    assert.equal(fs.existsSync(contextRoot(j.stateDir)), false);
    const before = r.sess(MAIN).figures.ratio;
    assert.ok(before < 50, String(before));
    // a user message of ~16k tokens after the last usage: the estimate becomes ~25k of 40k
    j.append(SID_A, [userLine('a0000005', 'a0000004', Date.now(), 'word '.repeat(16_000))]);
    const ev = r.refresh();
    assert.ok(r.sess(MAIN).figures.ratio >= 50, String(r.sess(MAIN).figures.ratio));
    assert.deepEqual(summary(ev), [`written:auto-80pct@${MAIN}`]);
    const cp = readCheckpointFile(written(ev[0]).file);
    assert.equal(cp.meta.session_file, `agents/main/sessions/${SID_A}.jsonl`);
    assert.equal(cp.meta.token_usage.context_window, 40_000);
    assert.equal(cp.meta.token_usage.input_tokens, Math.round(r.sess(MAIN).figures.used));
    assert.deepEqual(
      cp.decisions.map((d) => d.what.split(' — ')[0]),
      ['Monday'],
      'the short reply to a long answer, from the transcript written above',
    );
    assert.deepEqual(cp.open_items, ['write the changelog']);
    // more growth, still above
    j.append(SID_A, [agentLine('a0000006', 'a0000005', Date.now(), 'ok', 24_000)]);
    assert.deepEqual(r.refresh(), []);
    assert.equal(listCheckpoints(j.stateDir, MAIN).length, 1);
    assert.deepEqual(listCheckpoints(j.stateDir, OPS), []);
  });

  it('a compaction appended under the lock protocol gives a compaction checkpoint of the state before it', async function () {
    const j = jsonlState();
    const r = rig(j.stateDir);
    r.refresh();
    j.append(SID_A, [userLine('a0000005', 'a0000004', Date.now() - 5000, 'Also update the docs for the release')]);
    assert.deepEqual(r.refresh(), [], 'activity: followed, below the line');
    const row = { key: MAIN, sessionId: SID_A };
    const w = ok(await appendJsonlEntries(j.dir, row, [{ type: 'compaction', summary: '## Summary', firstKeptEntryId: 'a0000005', tokensBefore: 31_337, tokensAfter: 2_000, details: { readFiles: ['RELEASE.md'], modifiedFiles: [] } }], jsonlOpts()));
    // and OpenClaw carries on after it in the same refresh window
    j.append(SID_A, [userLine('a0000007', w.written[0]!.id, Date.now() + 1000, 'What is left after the compaction?')]);
    const ev = r.refresh();
    assert.deepEqual(summary(ev), [`written:compaction@${MAIN}`]);
    const cp = readCheckpointFile(written(ev[0]).file);
    assert.equal(cp.meta.token_usage.input_tokens, 31_337);
    assert.equal(cp.meta.token_usage.context_window, 40_000);
    assert.equal(cp.meta.compaction_count, 0);
    assert.equal(cp.working.topic, 'Also update the docs for the release');
    assert.equal(cp.working.interrupted, false, 'kept tail starts at a user message');
    assert.deepEqual(cp.resources.files_read, ['RELEASE.md']);
    assert.ok(!JSON.stringify(cp).includes('What is left after the compaction'), 'nothing from after the compaction');
    assert.deepEqual(cp.decisions.map((d) => d.what.split(' — ')[0]), ['Monday']);
    // a manual checkpoint now holds what came after, and carries the decision forward
    const m = readCheckpointFile(written(r.coord.createManual(r.uid(MAIN))).file);
    assert.equal(m.working.topic, 'What is left after the compaction?');
    assert.equal(m.meta.previous_checkpoint, cp.meta.checkpoint_id);
    assert.deepEqual(m.decisions.map((d) => d.id), ['d1']);
  });

  it('sessions.json pointing the key at a new transcript: session-end checkpoint of the old one, resume, then the new one is followed', function () {
    const j = jsonlState();
    const r = rig(j.stateDir);
    r.refresh();
    j.append(SID_A, [userLine('a0000005', 'a0000004', Date.now() - 60_000, 'One more thing before I go')]);
    assert.deepEqual(r.refresh(), []);
    writeJsonl(j.file(SID_B), [
      { type: 'session', version: 3, id: SID_B, timestamp: iso(Date.now() - 1000), cwd: '/w' },
      userLine('b0000001', null, Date.now() - 900, 'Fresh start: continue the release'),
    ]);
    j.writeStore({ ...j.entries, [MAIN]: { ...j.entries[MAIN], sessionId: SID_B, updatedAt: Date.now() } });
    const ev = r.refresh();
    assert.deepEqual(summary(ev), [`written:session-end@${MAIN}`, `resume@${MAIN}`]);
    const w = written(ev[0]);
    assert.equal((ev[1] as Extract<CheckpointEvent, { kind: 'resume' }>).checkpointId, w.id);
    const cp = readCheckpointFile(w.file);
    assert.equal(cp.meta.trigger, 'session-end');
    assert.equal(cp.meta.session_file, `agents/main/sessions/${SID_A}.jsonl`);
    assert.equal(cp.working.topic, 'One more thing before I go');
    // the new transcript was fed: a manual checkpoint describes it
    const m = readCheckpointFile(written(r.coord.createManual(r.uid(MAIN))).file);
    assert.equal(m.meta.session_file, `agents/main/sessions/${SID_B}.jsonl`);
    assert.equal(m.working.topic, 'Fresh start: continue the release');
  });

  it('sessions that disappear are forgotten: when the key comes back it is a new session (resume offered)', function () {
    const j = jsonlState();
    const r = rig(j.stateDir);
    r.refresh();
    const cpId = written(r.coord.createManual(r.uid(OPS))).id;
    const { [OPS]: ops, ...rest } = j.entries;
    j.writeStore(rest);
    let ev: CheckpointEvent[] = [];
    assert.doesNotThrow(() => (ev = r.refresh()));
    assert.deepEqual(ev, []);
    assert.equal(r.model.sessions().some((s) => s.row.key === OPS), false);
    assert.equal(r.coord.createManual(`${j.stateDir}|main|${OPS}`).kind, 'error', 'a gone session cannot be checkpointed');
    j.writeStore({ ...rest, [OPS]: ops! }); // same row, same transcript: only forgetting makes it new
    ev = r.refresh();
    assert.deepEqual(summary(ev), [`resume@${OPS}`]);
    assert.equal((ev[0] as Extract<CheckpointEvent, { kind: 'resume' }>).checkpointId, cpId);
    assert.deepEqual(listCheckpoints(j.stateDir, OPS).map((e) => e.id), [cpId], 'its files stay');
  });

  it('a session that comes back starts over: its trigger state was dropped too (the writer\'s dedupe prevents a duplicate)', function () {
    const j = jsonlState();
    const r = rig(j.stateDir, { thresholdPercent: 5 });
    r.refresh();
    j.writeStore({ ...j.entries, [OPS]: { ...j.entries[OPS], updatedAt: Date.now() } });
    assert.deepEqual(summary(r.refresh()), [`written:auto-80pct@${OPS}`]);
    j.writeStore({ ...j.entries, [OPS]: { ...j.entries[OPS], updatedAt: Date.now() + 1 } });
    assert.deepEqual(r.refresh(), [], 'while it stays: above the line, no new crossing');
    const { [OPS]: ops, ...rest } = j.entries;
    j.writeStore(rest);
    assert.deepEqual(r.refresh(), []);
    j.writeStore({ ...rest, [OPS]: { ...ops!, updatedAt: Date.now() + 2 } });
    const ev = r.refresh();
    assert.deepEqual(summary(ev), [`resume@${OPS}`, `skipped:auto-80pct@${OPS}`]);
    assert.match(ev[1]!.kind === 'skipped' ? ev[1]!.reason : '', /moved 0\.0% .* since cp_001/);
    assert.equal(listCheckpoints(j.stateDir, OPS).length, 1);
  });

  it('a session viewed but idle is not followed when the structure changes; a new session is', function () {
    const j = jsonlState();
    const r = rig(j.stateDir, { thresholdPercent: 5 });
    r.refresh();
    assert.equal(r.sess(OPS).index, undefined, 'fresh total: not read at refresh');
    r.model.ensureTranscript(r.uid(OPS));
    const NEW = 'agent:main:new';
    writeJsonl(j.file(SID_B), [{ type: 'session', version: 3, id: SID_B, timestamp: iso(Date.now()), cwd: '/w' }, userLine('b0000001', null, Date.now(), 'hello')]);
    j.writeStore({ ...j.entries, [NEW]: { sessionId: SID_B, updatedAt: Date.now(), totalTokens: 4000, totalTokensFresh: true, contextTokens: 40_000 } });
    const res = r.model.refresh();
    assert.equal(res.structureChanged, true);
    assert.deepEqual(summary(r.coord.onRefresh(res)), [`written:auto-80pct@${NEW}`]);
    // the viewed session's transcript grows without a row change: that is activity
    j.append(SID_OPS, [userLine('f0000003', 'f0000002', Date.now(), 'ops follow-up')]);
    assert.deepEqual(summary(r.refresh()), [`written:auto-80pct@${OPS}`]);
  });
});
