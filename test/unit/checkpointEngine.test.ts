/**
 * Triggers (pure decisions), checkpoint building from state + session figures, and the engine that
 * wires them: compaction before-state checkpoints, the 80 % line, manual checkpoints, carry-forward,
 * and the whole path from the real OpenClaw state through ContextModel.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { buildCheckpoint, channelFromSessionKey, figuresFromSession } from '../../src/core/checkpoint/build';
import { CheckpointEngine } from '../../src/core/checkpoint/engine';
import { renderInjection } from '../../src/core/checkpoint/render';
import { checkpointIssues } from '../../src/core/checkpoint/schema';
import { listCheckpoints, readCheckpointFile, readLatestCheckpoint } from '../../src/core/checkpoint/store';
import { SessionTracker } from '../../src/core/checkpoint/tracker';
import { compactionSpiral, crossedUpward, decideTrigger, newCompactions, preCompactionPath, sessionEnded, thresholdTrigger, type ThresholdState } from '../../src/core/checkpoint/triggers';
import { ContextModel } from '../../src/core/context/model';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';
import type { EntryMeta } from '../../src/core/store/types';
import { familyFor } from '../../src/core/tokens/estimator';
import { materializeRealState, tmpDir } from './helpers';
import { E, figures, seedExample } from './support/checkpoints';

type Json = Record<string, unknown>;
const LONG = 'L'.repeat(600);
const NOW = Date.parse('2026-03-01T10:05:00Z');

describe('checkpoint triggers', function () {
  it('crossedUpward: prev < threshold ≤ now', function () {
    assert.equal(crossedUpward(79.9, 80), true);
    assert.equal(crossedUpward(undefined, 85), true);
    assert.equal(crossedUpward(80, 85), false);
    assert.equal(crossedUpward(70, 79.99), false);
    assert.equal(crossedUpward(70, 76, 75), true, 'threshold is a parameter');
    assert.equal(crossedUpward(70, NaN), false);
  });

  it('thresholdTrigger fires once per upward crossing and re-arms below threshold − hysteresis', function () {
    let s: ThresholdState | undefined;
    const seq: Array<[number, boolean]> = [[50, false], [79, false], [80, true], [85, false], [92, false], [77, false], [81, false], [74, false], [83, true], [20, false], [90, true]];
    for (const [pct, fire] of seq) {
      const d = thresholdTrigger(s, pct);
      assert.equal(d.fire, fire, `at ${pct}`);
      s = d.state;
    }
    assert.equal(thresholdTrigger(undefined, 85).fire, true, 'first reading above the line fires');
    assert.equal(thresholdTrigger(undefined, NaN).fire, false);
    assert.equal(thresholdTrigger({ armed: true }, 70, 70).fire, true);
    assert.deepEqual(decideTrigger({ percent: 50, manual: true }).trigger, 'manual');
    assert.deepEqual(decideTrigger({ percent: 90 }).trigger, 'auto-80pct');
    assert.deepEqual(decideTrigger({ percent: 90, state: { armed: false } }).trigger, undefined);
  });

  it('compactionSpiral: more than 3; sessionEnded: the session id changed', function () {
    assert.deepEqual([0, 3, 4, 10].map((n) => compactionSpiral(n)), [false, false, true, true]);
    assert.deepEqual([sessionEnded('a', 'b'), sessionEnded('a', 'a'), sessionEnded(undefined, 'a'), sessionEnded('a', undefined)], [true, false, false, false]);
  });

  it('newCompactions and preCompactionPath over index entries', function () {
    const m = (id: string, kind: EntryMeta['kind'], extra: Partial<EntryMeta> = {}): EntryMeta => ({ id, parentId: null, type: kind, kind, pos: 0, bytes: 0, timestamp: 0, tokens: 0, modelVisible: true, preview: '', ...extra });
    const path = [m('h', 'message'), m('u1', 'message'), m('a1', 'message'), m('c1', 'compaction', { firstKeptEntryId: 'a1' }), m('u2', 'message'), m('a2', 'message'), m('c2', 'compaction', { firstKeptEntryId: 'u2' }), m('u3', 'message')];
    assert.deepEqual(newCompactions(path).map((e) => e.id), ['c1', 'c2']);
    assert.deepEqual(newCompactions(path, new Set(['c1'])).map((e) => e.id), ['c2']);
    assert.deepEqual(preCompactionPath(path, 'c1').map((e) => e.id), ['h', 'u1', 'a1']);
    assert.deepEqual(preCompactionPath(path, 'c2').map((e) => e.id), ['a1', 'u2', 'a2'], 'from the previous compaction\'s first kept entry');
    assert.deepEqual(preCompactionPath([m('x', 'message'), m('r', 'reset'), m('u', 'message'), m('c', 'compaction')], 'c').map((e) => e.id), ['u']);
    assert.deepEqual(preCompactionPath(path, 'nope'), []);
  });
});

describe('buildCheckpoint', function () {
  beforeEach(() => E.reset());

  it('meta from the figures; working from the state; the result validates', function () {
    const t = new SessionTracker(tmpDir('occtx-cp-b-'), 'agent:main:telegram:direct:7');
    t.ingest([E.user('plan the release'), E.agent(`${LONG}\nShip Friday or Monday?`), E.user('Monday'), E.agent('Noted. Anything else?')]);
    const cp = buildCheckpoint({ state: t.data, session: figures({ sessionKey: 'agent:main:telegram:direct:7', channel: 'telegram', inputTokens: 161_000, compactionCount: 2 }), trigger: 'auto-80pct', now: NOW });
    assert.deepEqual(checkpointIssues(cp), []);
    assert.deepEqual(cp.meta.token_usage, { input_tokens: 161_000, context_window: 200_000, utilization: 0.805 });
    assert.equal(cp.meta.created_at, '2026-03-01T10:05:00.000Z');
    assert.equal(cp.meta.compaction_count, 2);
    assert.equal(cp.working.topic, 'Monday');
    assert.equal(cp.working.status, 'waiting_for_user');
    assert.equal(cp.working.next_action, '');
    assert.deepEqual(cp.decisions, [{ id: 'd1', what: 'Monday — re: Ship Friday or Monday?', when: E.at(2) }]);
    assert.equal(cp.thread.summary, 'plan the release ... Monday');
  });

  it('status: in_progress while a turn runs, idle after an answer or a long silence; next action = the pending ask', function () {
    const t = new SessionTracker(tmpDir('occtx-cp-b-'), 'k');
    t.ingest([E.user('do the thing')]);
    const b = (now = NOW) => buildCheckpoint({ state: t.data, session: figures({ sessionKey: 'k' }), trigger: 'manual', now });
    assert.equal(b().working.status, 'in_progress');
    assert.equal(b().working.next_action, 'do the thing');
    assert.equal(b(NOW + 3_600_000).working.status, 'idle');
    t.ingest([E.toolCall('exec', { command: 'x' }, 'c1')]);
    assert.equal(b().working.status, 'in_progress');
    t.ingest([E.toolResult('exec', 'c1', 'ok'), E.agent('Done.')]);
    assert.equal(b().working.status, 'idle');
    assert.equal(b().working.next_action, '');
  });

  it('compaction trigger: tokensBefore, OpenClaw\'s file lists, interrupted when a tool call is in flight or the cut splits a turn', function () {
    const t = new SessionTracker(tmpDir('occtx-cp-b-'), 'k');
    t.ingest([E.user('go', 'u1'), E.toolCall('exec', { command: 'npm test' }, 'c1', 'tc1')]);
    const comp = E.compaction(24_594, { readFiles: ['MEMORY.md'], modifiedFiles: [] }, 'cmp', 'tc1');
    const cp = buildCheckpoint({ state: t.data, session: figures({ sessionKey: 'k', contextWindow: 32_768, inputTokens: 1 }), trigger: 'compaction', compaction: comp, now: NOW });
    assert.deepEqual(cp.meta.token_usage, { input_tokens: 24_594, context_window: 32_768, utilization: 0.7505 });
    assert.equal(cp.working.interrupted, true);
    assert.deepEqual(cp.working.last_tool_call, { name: 'exec', params_summary: '{"command":"npm test"}' });
    const t2 = new SessionTracker(tmpDir('occtx-cp-b-'), 'k');
    const before = [E.user('go', 'u9'), E.toolCall('read', { path: 'a' }, 'c9', 'tc9'), E.toolResult('read', 'c9', 'x', false, 'tr9')];
    t2.ingest(before);
    const split = buildCheckpoint({ state: t2.data, session: figures({ sessionKey: 'k' }), trigger: 'compaction', compaction: E.compaction(1000, {}, 'c', 'tc9'), before, now: NOW });
    assert.equal(split.working.interrupted, true, 'first kept entry is not a user message');
    assert.equal(split.working.last_tool_call, null);
    const whole = buildCheckpoint({ state: t2.data, session: figures({ sessionKey: 'k' }), trigger: 'compaction', compaction: E.compaction(1000, {}, 'c', 'u9'), before, now: NOW });
    assert.equal(whole.working.interrupted, false);
    assert.equal(buildCheckpoint({ state: t.data, session: figures({ sessionKey: 'k' }), trigger: 'auto-80pct', now: NOW }).working.interrupted, false, 'only compactions interrupt');
  });

  it('carries the previous checkpoint forward: decisions continue their ids, first exchange kept, old tool failures dropped', function () {
    const prev = seedExample({ session_key: 'k' });
    prev.open_items = ['Tool "exec" failed: boom', 'Visa requirements'];
    prev.resources = { files_read: ['z.md'], files_modified: [], tools_used: ['web_search'] };
    const t = new SessionTracker(tmpDir('occtx-cp-b-'), 'k');
    t.ingest([E.user('new question'), E.agent(LONG), E.user('yes'), E.toolCall('read', { path: 'a.md' }, 'c1'), E.toolResult('read', 'c1', 'x'), E.agent('- [ ] book hotel')]);
    const cp = buildCheckpoint({ state: t.data, session: figures({ sessionKey: 'k' }), trigger: 'auto-80pct', previous: prev, now: NOW });
    assert.deepEqual(cp.decisions.map((d) => d.id), ['d1', 'd2', 'd3']);
    assert.match(cp.decisions[2]!.what, /^yes — re: /);
    assert.deepEqual(cp.open_items, ['Visa requirements', 'book hotel']);
    assert.deepEqual(cp.resources, { files_read: ['a.md', 'z.md'], files_modified: [], tools_used: ['read', 'web_search'] });
    assert.deepEqual(cp.learnings, prev.learnings);
    assert.equal(cp.thread.key_exchanges[0]!.gist, prev.thread.key_exchanges[0]!.gist, 'the very first user message');
    assert.ok(cp.thread.key_exchanges.length <= 8);
    assert.match(cp.thread.summary, /^I want to go to Japan in March, budget-friendly ... yes$/);
    assert.equal(cp.meta.previous_checkpoint, 'cp_003');
    assert.deepEqual(checkpointIssues(cp), []);
  });

  it('figuresFromSession and channelFromSessionKey', function () {
    assert.equal(channelFromSessionKey('agent:main:telegram:direct:123'), 'telegram');
    assert.equal(channelFromSessionKey('agent:main:discord:acct1:direct:9'), 'discord');
    assert.equal(channelFromSessionKey('agent:main:slack:channel:C1'), 'slack');
    assert.equal(channelFromSessionKey('agent:main:main'), null);
    assert.equal(channelFromSessionKey('agent:main:subagent:x'), null);
    const f = figuresFromSession({ agentId: 'main', era: 'sqlite', row: { key: 'agent:main:main', sessionId: 's1', updatedAt: 0, compactionCount: 3 }, figures: { used: 1234.6, window: 32768, ratio: 3.77, compactions: 1 } });
    assert.deepEqual(f, { sessionKey: 'agent:main:main', agentId: 'main', sessionFile: 'agents/main/agent/openclaw-agent.sqlite#s1', channel: null, inputTokens: 1235, contextWindow: 32768, utilization: 0.0377, compactionCount: 3 });
    assert.equal(figuresFromSession({ agentId: 'a', era: 'jsonl', row: { key: 'k', sessionId: 's', updatedAt: 0 }, figures: { used: 0, window: 1, ratio: 0, compactions: 2 } }).sessionFile, 'agents/a/sessions/s.jsonl');
  });
});

describe('CheckpointEngine', function () {
  beforeEach(() => E.reset());

  it('a new compaction in the feed writes the before-state checkpoint, resets the state, then continues', function () {
    const state = tmpDir('occtx-cp-eng-');
    const eng = new CheckpointEngine(state, { now: () => NOW, write: { fsync: false } });
    const f = figures({ sessionKey: 'k', contextWindow: 32_768, inputTokens: 30_000, compactionCount: 1 });
    eng.ingest(f, [E.header('s1'), E.user('first ask', 'u1'), E.agent('ok', 'a1')]); // warm: the tracker has a cursor now
    const r = eng.ingest(f, [
      E.toolCall('write', { path: 'notes/plan.md' }, 'c1'),
      E.toolResult('write', 'c1', 'ok'),
      E.agent(LONG, 'a2'),
      E.user('go ahead', 'u2'),
      E.compaction(24_000, { readFiles: ['MEMORY.md'], modifiedFiles: [] }, 'cmp1', 'u2'),
      E.user('after the compaction', 'u3'),
    ]);
    assert.equal(r.writes.length, 1);
    const w = r.writes[0]!;
    assert.equal(w.status, 'written');
    if (w.status !== 'written') return;
    const cp = readCheckpointFile(w.file);
    assert.equal(cp.meta.trigger, 'compaction');
    assert.equal(cp.meta.token_usage.input_tokens, 24_000);
    assert.equal(cp.meta.compaction_count, 0, 'the count before this compaction (the figures, read after it, say 1)');
    assert.equal(cp.working.topic, 'go ahead', 'the state before the compaction');
    assert.deepEqual(cp.resources.files_modified, ['notes/plan.md']);
    assert.deepEqual(cp.resources.files_read, ['MEMORY.md']);
    assert.deepEqual(cp.decisions.map((d) => d.what.split(' — ')[0]), ['go ahead']);
    assert.ok(!JSON.stringify(cp).includes('after the compaction'));
    const t = eng.tracker('k');
    assert.equal(t.thread().topic, 'after the compaction', 'the feed continued after it');
    assert.deepEqual(t.data.decisions, [], 'reset after the checkpoint');
    assert.deepEqual(eng.ingest(f, [E.compaction(24_000, {}, 'cmp1')]).writes, [], 'the same compaction again: nothing');
  });

  it('a compaction checkpoint is skipped only when the captured state did not change (seed §10.2), whatever the tokens', function () {
    const eng = new CheckpointEngine(tmpDir('occtx-cp-eng-'), { now: () => NOW, write: { fsync: false } });
    const f = figures({ sessionKey: 'k', inputTokens: 160_000, compactionCount: 1 });
    eng.ingest(f, [E.header('s'), E.user('work', 'u1'), E.agent(LONG, 'a1'), E.user('ok', 'u2')]);
    assert.equal(eng.checkpoint({ ...f, compactionCount: 0 }, 'auto-80pct').status, 'written');
    const same = eng.ingest(f, [E.compaction(160_500, {}, 'c1')]);
    assert.equal(same.writes[0]?.status, 'skipped');
    assert.match(same.writes[0]?.status === 'skipped' ? same.writes[0].reason : '', /^state unchanged since cp_001$/);
    // new conversation, then a compaction of the same generation at nearly the same size: written
    const changed = eng.ingest(f, [E.user('new decision point', 'u3'), E.agent(LONG, 'a3'), E.user('yes', 'u4'), E.compaction(160_500, {}, 'c2')]);
    assert.equal(changed.writes[0]?.status, 'written');
    assert.equal(changed.writes[0]?.status === 'written' && changed.writes[0].checkpoint.decisions.length, 2);
  });

  it('a cold tracker catches up on history without writing checkpoints for old compactions', function () {
    const eng = new CheckpointEngine(tmpDir('occtx-cp-eng-'), { now: () => NOW, write: { fsync: false } });
    const r = eng.ingest(figures({ sessionKey: 'k' }), [E.user('a'), E.compaction(1000), E.user('b'), E.compaction(2000), E.user('c')]);
    assert.deepEqual(r.writes, []);
    assert.equal(eng.tracker('k').data.thread.compactions, 2);
  });

  it('the 80 % line writes once per crossing; the writer dedupes a re-crossing at the same size; manual always writes', function () {
    const eng = new CheckpointEngine(tmpDir('occtx-cp-eng-'), { now: () => NOW, write: { fsync: false } });
    const f = (used: number, compactions = 0) => figures({ sessionKey: 'k', inputTokens: used, compactionCount: compactions });
    eng.ingest(f(0), [E.user('work')]);
    assert.equal(eng.onGauge(f(150_000), 75), undefined);
    const a = eng.onGauge(f(160_000), 80);
    assert.equal(a?.status, 'written');
    assert.equal(eng.onGauge(f(170_000), 85), undefined, 'still above: no second write');
    assert.equal(eng.onGauge(f(20_000, 1), 10), undefined, 're-armed after a compaction');
    assert.equal(eng.onGauge(f(161_000, 1), 80.5)?.status, 'written', 'new compaction generation');
    assert.equal(eng.onGauge(f(150_000, 1), 60), undefined);
    const dup = eng.onGauge(f(162_000, 1), 81);
    assert.equal(dup?.status, 'skipped');
    assert.match(dup?.status === 'skipped' ? dup.reason : '', /moved 0\.6%/);
    assert.equal(eng.checkpoint(f(162_000, 1), 'manual').status, 'written');
    assert.deepEqual(eng.list('k').map((e) => [e.id, e.checkpoint?.meta.trigger]), [['cp_003', 'manual'], ['cp_002', 'auto-80pct'], ['cp_001', 'auto-80pct']]);
  });

  it('the cached newest checkpoint is dropped when another writer adds one or the file changes', function () {
    const state = tmpDir('occtx-cp-eng-');
    const a = new CheckpointEngine(state, { now: () => NOW, write: { fsync: false } });
    const b = new CheckpointEngine(state, { now: () => NOW, write: { fsync: false } });
    assert.equal(a.checkpoint(figures({ sessionKey: 'k', inputTokens: 100_000 }), 'manual').status, 'written');
    assert.equal(a.latest('k')?.meta.checkpoint_id, 'cp_001');
    assert.equal(b.checkpoint(figures({ sessionKey: 'k', inputTokens: 150_000 }), 'manual').status, 'written');
    assert.equal(a.latest('k')?.meta.checkpoint_id, 'cp_002', 'another writer (window) added cp_002');
    assert.equal(a.latest('k')?.meta.token_usage.input_tokens, 150_000);
    const r = a.checkpoint(figures({ sessionKey: 'k', inputTokens: 151_000 }), 'auto-80pct');
    assert.equal(r.status, 'skipped', 'dedupe against the other writer\'s checkpoint');
    const file = listCheckpoints(state, 'k')[0]!.file;
    fs.writeFileSync(file, 'corrupted');
    assert.equal(a.latest('k')?.meta.checkpoint_id, 'cp_001', 'a changed file is read again (and falls back)');
  });

  it('the state survives a restart; after a checkpoint the persisted state is fresh, and the injection renders', function () {
    const state = tmpDir('occtx-cp-eng-');
    let now = NOW;
    const eng = new CheckpointEngine(state, { now: () => now, write: { fsync: false } });
    eng.ingest(figures({ sessionKey: 'k' }), [E.header('s'), E.user('plan'), E.agent(LONG), E.user('yes')]);
    eng.save();
    now += 1000;
    const eng2 = new CheckpointEngine(state, { now: () => now, write: { fsync: false } });
    assert.equal(eng2.tracker('k').data.decisions.length, 1, 'loaded from disk');
    now += 1000;
    assert.equal(eng2.checkpoint(figures({ sessionKey: 'k' }), 'manual').status, 'written');
    now += 1000;
    const eng3 = new CheckpointEngine(state, { now: () => now, write: { fsync: false } });
    assert.deepEqual(eng3.tracker('k').loadReport, { stale: [], invalid: [] });
    assert.deepEqual(eng3.tracker('k').data.decisions, [], 'bundled, reset and saved');
    const r = eng3.renderLatest('k');
    assert.ok(r && r.tokens <= 700);
    assert.match(r!.text, /^Decisions made:\n- yes — re: L{20}/m);
    assert.equal(eng3.renderLatest('nobody'), undefined);
  });
});

describe('checkpoint engine on the real OpenClaw state (ContextModel → checkpoint)', function () {
  it('agent:main:ext: the pre-compaction path from the index, loaded and captured, gives a valid compaction checkpoint', function () {
    const stateDir = materializeRealState();
    const env = processEnv();
    const model = new ContextModel({ stateDirs: resolveStateDirs(stateDir, undefined, env), env });
    try {
      model.refresh();
      const s = model.findByKey('agent:main:ext');
      assert.ok(s);
      model.ensureTranscript(s.uid);
      const ctx = s.context!;
      const comp = ctx.compactions[ctx.compactions.length - 1]!;
      const beforeMetas = preCompactionPath(ctx.path, comp.id);
      assert.ok(beforeMetas.length >= 8, String(beforeMetas.length));
      const before = model.loadEntries(s.uid, beforeMetas).filter((e): e is Json => !!e);
      const [compEntry] = model.loadEntries(s.uid, [comp]);
      assert.ok(compEntry);
      const fig = figuresFromSession(s);
      assert.equal(fig.sessionKey, 'agent:main:ext');
      assert.equal(fig.contextWindow, 32_768);
      const eng = new CheckpointEngine(stateDir, { write: { fsync: false } });
      const w = eng.captureCompaction(fig, compEntry, before);
      assert.equal(w.status, 'written');
      const cp = readLatestCheckpoint(stateDir, 'agent:main:ext').checkpoint!;
      assert.equal(cp.meta.trigger, 'compaction');
      assert.equal(cp.meta.token_usage.input_tokens, comp.tokensBefore);
      assert.equal(cp.meta.compaction_count, Math.max(0, fig.compactionCount - 1));
      assert.ok(fig.compactionCount >= 1);
      assert.equal(cp.meta.session_file, `agents/main/agent/openclaw-agent.sqlite#${s.row.sessionId}`);
      assert.equal(cp.working.topic, 'EXT turn 4: did anything change? #reply I see the external note.');
      assert.deepEqual(cp.resources.tools_used, ['exec']);
      assert.match(cp.thread.summary, /^EXT session turn 1: remember the code word PELICAN-42\. /);
      const r = renderInjection(cp, { family: familyFor(s.row.modelProvider, s.row.model) });
      assert.ok(r.tokens <= 700);
      assert.match(r.text, /^Working on: EXT turn 4: did anything change\?/m);
      assert.ok(fs.existsSync(w.status === 'written' ? w.file : ''));
      assert.equal(listCheckpoints(stateDir, 'agent:main:ext').length, 1);
    } finally {
      model.dispose();
    }
  });
});
