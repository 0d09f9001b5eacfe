/**
 * ContextModel: discovery, incremental refresh, several state dirs and mixed stores.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ContextModel, type SessionState } from '../../src/core/context/model';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';
import { collectDiagnostics, fixturePath, materializeRealState, realDbPath, realTranscriptDumps, sqlite, tmpDir, writeJsonl } from './helpers';
import { familyFor } from '../../src/core/tokens/estimator';
import { estimateMessage } from '../../src/core/tokens/messageText';
import { entryEstimate } from '../../src/core/store/entries';

type Json = Record<string, unknown>;

const WORK = 'agent:main:work';
const WORK_SID = '6f1431f6-0a9f-4bde-88bb-e32c2876f720';
const WORK_OLD_SID = '9335172d-fe7b-41f1-b0db-bad58368e4f9';

function modelFor(dirs: string | string[]): { model: ContextModel; diags: ReturnType<typeof collectDiagnostics> } {
  const diags = collectDiagnostics();
  const env = processEnv();
  const model = new ContextModel({ stateDirs: resolveStateDirs(dirs, undefined, env), env, diag: diags.sink });
  return { model, diags };
}

const byKey = (m: ContextModel, key: string, stateDir?: string): SessionState => {
  const s = m.sessions().find((x) => x.row.key === key && (!stateDir || x.stateDir === stateDir));
  assert.ok(s, `${key} not found`);
  return s;
};

function jsonlState(opts: { agents?: string[]; config?: Json } = {}): string {
  const state = tmpDir('occtx-jstate-');
  if (opts.config) fs.writeFileSync(path.join(state, 'openclaw.json'), JSON.stringify(opts.config));
  for (const agent of opts.agents ?? ['main']) addJsonlAgent(state, agent);
  return state;
}

function addJsonlAgent(state: string, agent: string): void {
  const dir = path.join(state, 'agents', agent, 'sessions');
  fs.mkdirSync(dir, { recursive: true });
  const sid = `${agent}-sess-1`;
  fs.writeFileSync(
    path.join(dir, 'sessions.json'),
    JSON.stringify({ 'agent:main:main': { sessionId: sid, updatedAt: 1775811605000, totalTokens: 15062, totalTokensFresh: true, contextTokens: 200000, model: 'claude-sonnet-4-6', modelProvider: 'anthropic' } }, null, 2),
  );
  writeJsonl(path.join(dir, `${sid}.jsonl`), [
    { type: 'session', version: 3, id: sid, timestamp: '2026-04-10T09:00:00.000Z', cwd: '/w' },
    { type: 'message', id: 'c3d4e5f6', parentId: null, timestamp: '2026-04-10T09:00:01.000Z', message: { role: 'user', content: [{ type: 'text', text: "What's in notes/todo.md?" }], timestamp: 1775811601000 } },
    {
      type: 'message',
      id: 'f6a7b8c9',
      parentId: 'c3d4e5f6',
      timestamp: '2026-04-10T09:00:05.000Z',
      message: { role: 'assistant', content: [{ type: 'text', text: 'Two items.' }], provider: 'anthropic', model: 'claude-sonnet-4-6', usage: { input: 40, output: 18, cacheRead: 15022, cacheWrite: 0, totalTokens: 15080 }, stopReason: 'stop', timestamp: 1775811605000 },
    },
  ]);
}

describe('ContextModel over the real state', function () {
  const cli = JSON.parse(fs.readFileSync(fixturePath('openclaw-real', 'cli', 'sessions-final.json'), 'utf8')) as { sessions: Array<{ key: string; updatedAt: number }> };

  it('the most recent session is the one OpenClaw lists first', function () {
    const { model } = modelFor(materializeRealState());
    try {
      model.refresh();
      const sorted = [...cli.sessions].sort((x, y) => y.updatedAt - x.updatedAt);
      assert.equal(sorted[0]!.key, cli.sessions[0]!.key, 'OpenClaw lists newest first');
      assert.equal(model.mostRecent()?.row.key, cli.sessions[0]!.key);
      assert.equal(model.findByKey(WORK)?.row.sessionId, WORK_SID);
    } finally {
      model.dispose();
    }
  });

  it('transcripts are read lazily: only sessions without a fresh figure, until ensureTranscript', function () {
    const { model } = modelFor(materializeRealState());
    try {
      model.refresh();
      const withIndex = model.sessions().filter((s) => s.index).map((s) => s.row.key);
      assert.deepEqual(withIndex, ['agent:main:dashboard:0c9e5420-4b4c-4526-9df1-2be93bb83f2a']);
      const work = model.ensureTranscript(byKey(model, WORK).uid)!;
      const dump = realTranscriptDumps().find((d) => d.sessionId === WORK_SID)!;
      assert.equal(work.index?.size, dump.events.length);
      assert.equal(work.context?.leafId, dump.events[dump.events.length - 1]!.id);
      // The compaction and the failed turn sit on the branch abandoned by the rewind.
      assert.equal(work.context?.compaction, undefined);
      assert.equal(work.transcriptModel, 'scripted-1');
      assert.equal(model.ensureTranscript('no such uid'), undefined);
      const b = model.breakdown(work.uid);
      const msgTokens = b.filter((r) => ['summary', 'user', 'assistant', 'toolResults', 'custom'].includes(r.id)).reduce((s, r) => s + r.tokens, 0);
      // message rows are the entries' calibrated-estimator figures, each rounded as the trees show it (the
      // usage scale is not spread over them: the composition's remainder carries it)
      const want = work.context!.items.reduce((s, e) => s + Math.round(e.est!), 0);
      assert.equal(msgTokens, want);
      assert.equal(b.reduce((n, r) => n + r.tokens, 0), work.figures.used, 'the composition sums to the used figure');
      assert.ok(b.some((r) => r.id === 'system' && r.tokens > 0), 'systemPromptReport gives the system prompt');
    } finally {
      model.dispose();
    }
  });

  it('refresh after a row is appended picks up only that change', function () {
    const dir = materializeRealState();
    const { model } = modelFor(dir);
    const { DatabaseSync } = sqlite();
    try {
      const first = model.refresh();
      assert.equal(first.structureChanged, true);
      assert.equal(first.changed.length, 7);
      const uid = byKey(model, WORK).uid;
      model.ensureTranscript(uid);
      const before = byKey(model, WORK).figures;
      assert.deepEqual(before.used, 9712);

      const idle = model.refresh();
      assert.deepEqual(idle.changed, []);
      assert.equal(idle.structureChanged, false);

      const w = new DatabaseSync(realDbPath(dir));
      const text = 'x'.repeat(400);
      try {
        const seq = Number((w.prepare('SELECT max(seq) AS m FROM transcript_events WHERE session_id = ?').get(WORK_SID) as { m: number }).m) + 1;
        const dump = realTranscriptDumps().find((d) => d.sessionId === WORK_SID)!;
        // One minute after OpenClaw last updated the row (fixed, so the test does not depend on the clock).
        const at = byKey(model, WORK).row.updatedAt + 60_000;
        const ev = { type: 'message', id: 'aaaabbbb-1111-4000-8000-000000000001', parentId: dump.events[dump.events.length - 1]!.id, timestamp: new Date(at).toISOString(), message: { role: 'user', content: text, timestamp: at } };
        const json = JSON.stringify(ev);
        w.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_utf8_bytes) VALUES (?, ?, ?, ?, ?)').run(WORK_SID, seq, json, at, Buffer.byteLength(json));
      } finally {
        w.close();
      }
      const r = model.refresh();
      assert.deepEqual(r.changed, [uid]);
      assert.equal(r.structureChanged, false);
      const g = byKey(model, WORK).figures;
      // A user message newer than the row, after the last usage: OpenClaw's 9712 + its calibrated estimate
      // (the estimator's figure × the scale learned from this session's own usage records).
      assert.ok(g.calibration && g.calibration.pairs >= 2, 'the real session has usage pairs to learn from');
      const pending = Math.round(estimateMessage({ role: 'user', content: text }, 'o200k') * g.calibration.scale);
      assert.equal(g.pending, pending);
      assert.equal(g.used, 9712 + pending);
      assert.equal(g.estimate?.tokens, byKey(model, WORK).figures.estimate?.tokens); // pi figure still there
      assert.equal(g.estimated, true);
      assert.equal(byKey(model, WORK).context?.items.at(-1)?.id, 'aaaabbbb-1111-4000-8000-000000000001');
    } finally {
      model.dispose();
    }
  });

  it('a row update is picked up; a new session id (new generation) drops the old transcript index', function () {
    const dir = materializeRealState();
    const { model } = modelFor(dir);
    const { DatabaseSync } = sqlite();
    try {
      model.refresh();
      const uid = byKey(model, WORK).uid;
      model.ensureTranscript(uid);
      const w = new DatabaseSync(realDbPath(dir));
      try {
        const r = w.prepare('SELECT entry_json, updated_at FROM session_nodes WHERE session_key = ?').get(WORK) as { entry_json: string; updated_at: number };
        const e = JSON.parse(r.entry_json) as Json;
        e.totalTokens = 20000;
        e.updatedAt = r.updated_at + 1000;
        w.prepare('UPDATE session_nodes SET entry_json = ?, updated_at = ? WHERE session_key = ?').run(JSON.stringify(e), r.updated_at + 1000, WORK);
        let res = model.refresh();
        assert.deepEqual(res.changed, [uid]);
        assert.equal(byKey(model, WORK).figures.used, 20000);
        assert.ok(byKey(model, WORK).index, 'same generation keeps its index');

        e.sessionId = WORK_OLD_SID;
        e.updatedAt = r.updated_at + 2000;
        w.prepare('UPDATE session_nodes SET entry_json = ?, current_session_id = ?, updated_at = ? WHERE session_key = ?').run(JSON.stringify(e), WORK_OLD_SID, r.updated_at + 2000, WORK);
        res = model.refresh();
        assert.ok(res.changed.includes(uid));
        const s = byKey(model, WORK);
        assert.equal(s.row.sessionId, WORK_OLD_SID);
        assert.equal(s.index, undefined, 'old index dropped');
        const again = model.ensureTranscript(uid)!;
        const dump = realTranscriptDumps().find((d) => d.sessionId === WORK_OLD_SID)!;
        assert.equal(again.index?.size, dump.events.length);
        assert.equal(again.context?.leafId, dump.events[dump.events.length - 1]!.id);
      } finally {
        w.close();
      }
    } finally {
      model.dispose();
    }
  });

  it('a session row deleted from the DB disappears from the model', function () {
    const dir = materializeRealState();
    const { model } = modelFor(dir);
    const { DatabaseSync } = sqlite();
    try {
      model.refresh();
      const w = new DatabaseSync(realDbPath(dir));
      try {
        w.exec('PRAGMA foreign_keys = OFF');
        w.prepare('DELETE FROM session_nodes WHERE session_key = ?').run('agent:main:rpc');
      } finally {
        w.close();
      }
      const r = model.refresh();
      assert.equal(r.structureChanged, true);
      assert.equal(model.findByKey('agent:main:rpc'), undefined);
      assert.equal(model.sessions().length, 6);
    } finally {
      model.dispose();
    }
  });

  it('a store that breaks keeps the sessions, reports the problem, and recovers', function () {
    const dir = materializeRealState();
    const { model, diags } = modelFor(dir);
    const db = realDbPath(dir);
    const saved = path.join(tmpDir(), 'saved.sqlite');
    try {
      model.refresh();
      fs.renameSync(db, saved);
      let r!: ReturnType<typeof model.refresh>;
      assert.doesNotThrow(() => (r = model.refresh()));
      assert.equal(model.sessions().length, 7);
      assert.equal(r.structureChanged, true);
      const agent = model.stateDirs()[0]!.agents.find((a) => a.agent.id === 'main')!;
      assert.match(agent.problem ?? '', /No agent database/);
      assert.ok(diags.list.some((d) => d.severity === 'error'));
      fs.renameSync(saved, db);
      model.refresh();
      assert.equal(agent.problem, undefined);
      assert.equal(model.sessions().length, 7);
    } finally {
      model.dispose();
    }
  });

  it('watch targets: the config, the DB and its -wal', function () {
    const dir = materializeRealState();
    const { model } = modelFor(dir);
    try {
      model.refresh();
      const t = model.watchTargets();
      const db = realDbPath(dir);
      for (const f of [path.join(dir, 'openclaw.json'), db, `${db}-wal`]) assert.ok(t.files.includes(f), f);
      assert.ok(t.dirs.includes(dir));
    } finally {
      model.dispose();
    }
  });
});

describe('ContextModel with several state dirs and mixed stores', function () {
  it('two state dirs side by side (SQLite + JSONL): both appear, with distinct uids for the same key', function () {
    const real = materializeRealState();
    const legacy = jsonlState();
    const { model } = modelFor([real, legacy]);
    try {
      model.refresh();
      const mains = model.sessions().filter((s) => s.row.key === 'agent:main:main');
      assert.equal(mains.length, 2);
      assert.notEqual(mains[0]!.uid, mains[1]!.uid);
      assert.deepEqual(mains.map((s) => s.era).sort(), ['jsonl', 'sqlite']);
      assert.equal(model.sessions().length, 8);
      const j = byKey(model, 'agent:main:main', path.resolve(legacy));
      assert.equal(j.figures.used, 15062);
      assert.equal(j.figures.window, 200000);
      // JSONL era: compaction at window − reserveTokensFloor, flush 4000 below (openclaw-formats.md §4.5: 176000).
      assert.equal(j.figures.compactionAt, 180000);
      assert.equal(j.figures.flushAt, 176000);
      assert.equal(model.ensureTranscript(j.uid)?.context?.items.length, 2);
    } finally {
      model.dispose();
    }
  });

  it('a state dir that does not exist: no sessions, no throw', function () {
    const { model } = modelFor(path.join(tmpDir(), 'does', 'not', 'exist'));
    try {
      let r!: ReturnType<typeof model.refresh>;
      assert.doesNotThrow(() => (r = model.refresh()));
      assert.deepEqual(model.sessions(), []);
      assert.deepEqual(r.changed, []);
      assert.equal(model.stateDirs()[0]!.exists, false);
      assert.equal(model.mostRecent(), undefined);
    } finally {
      model.dispose();
    }
  });

  it('an agent dir on disk that the config does not name still appears', function () {
    const state = jsonlState({ agents: ['main', 'ops'], config: { agents: { list: [{ id: 'main', default: true }] } } });
    const { model } = modelFor(state);
    try {
      model.refresh();
      assert.deepEqual(model.sessions().map((s) => s.agentId).sort(), ['main', 'ops']);
      const ops = model.stateDirs()[0]!.agents.find((a) => a.agent.id === 'ops')!;
      assert.equal(ops.agent.inConfig, false);
      assert.equal(ops.store?.era, 'jsonl');
    } finally {
      model.dispose();
    }
  });

  it('a JSONL agent and a SQLite agent in the same state dir', function () {
    const state = materializeRealState();
    addJsonlAgent(state, 'legacy');
    const { model } = modelFor(state);
    try {
      model.refresh();
      const legacy = model.sessions().filter((s) => s.agentId === 'legacy');
      const main = model.sessions().filter((s) => s.agentId === 'main');
      assert.equal(legacy.length, 1);
      assert.equal(legacy[0]!.era, 'jsonl');
      assert.equal(main.length, 7);
      assert.ok(main.every((s) => s.era === 'sqlite'));
    } finally {
      model.dispose();
    }
  });

  it('JSONL: a session removed from sessions.json disappears; a transcript that grows is re-read', function () {
    const state = jsonlState();
    const dir = path.join(state, 'agents', 'main', 'sessions');
    const { model } = modelFor(state);
    try {
      model.refresh();
      const s = byKey(model, 'agent:main:main');
      model.ensureTranscript(s.uid);
      assert.equal(s.context?.items.length, 2);
      // A user message appended after the row's updatedAt: pending, no row change.
      fs.appendFileSync(
        path.join(dir, 'main-sess-1.jsonl'),
        JSON.stringify({ type: 'message', id: 'n1', parentId: 'f6a7b8c9', timestamp: '2026-04-10T09:10:00.000Z', message: { role: 'user', content: 'y'.repeat(40), timestamp: 1775812200000 } }) + '\n',
      );
      const r1 = model.refresh();
      assert.deepEqual(r1.changed, [s.uid]);
      const g1 = byKey(model, 'agent:main:main').figures;
      assert.equal(g1.used, 15062 + Math.round(estimateMessage({ role: 'user', content: 'y'.repeat(40) }, familyFor(s.row.modelProvider, s.row.model)) * (g1.calibration?.scale ?? 1)));
      const store = JSON.parse(fs.readFileSync(path.join(dir, 'sessions.json'), 'utf8')) as Json;
      fs.writeFileSync(path.join(dir, 'sessions.json'), JSON.stringify({ 'agent:main:other': { ...(store['agent:main:main'] as Json), updatedAt: 1775811606000 } }));
      const r2 = model.refresh();
      assert.equal(r2.structureChanged, true);
      assert.deepEqual(model.sessions().map((x) => x.row.key), ['agent:main:other']);
    } finally {
      model.dispose();
    }
  });

  it('setStateDirs switches to other dirs', function () {
    const real = materializeRealState();
    const legacy = jsonlState();
    const { model } = modelFor(real);
    try {
      model.refresh();
      assert.equal(model.sessions().length, 7);
      model.setStateDirs(resolveStateDirs(legacy, undefined, processEnv()));
      model.refresh();
      assert.equal(model.sessions().length, 1);
      assert.equal(model.sessions()[0]!.era, 'jsonl');
    } finally {
      model.dispose();
    }
  });
});

describe('ContextModel: calibrated estimates are filled lazily after a cold read', function () {
  it('context items and recent calls get estimates equal to a direct estimate of their JSON; old history is left alone', function () {
    const { model } = modelFor(materializeRealState());
    try {
      model.refresh();
      const s = model.ensureTranscript(byKey(model, 'agent:main:main').uid)!;
      const ctx = s.context!;
      assert.ok(ctx.items.every((e) => e.est !== undefined), 'every context item has its estimate');
      const full = model.loadEntries(s.uid, ctx.items);
      ctx.items.forEach((e, i) => assert.equal(e.est, entryEstimate(full[i]!, 'o200k'), e.id));
      // agent:main:main was reset: everything before the reset is out of context and was never estimated
      const beforeReset = s.index!.entries.filter((e) => e.pos < ctx.reset!.pos && e.kind === 'message' && e.modelVisible);
      assert.ok(beforeReset.length > 10);
      assert.ok(beforeReset.every((e) => e.est === undefined), 'history before the reset stays unestimated');
    } finally {
      model.dispose();
    }
  });
});
