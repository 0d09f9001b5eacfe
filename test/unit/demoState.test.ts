/**
 * The bundled demo state (demo/openclaw-state, built by scripts/make-demo.sh with the real OpenClaw 2026.9.6) shows
 * the product: each property below is measured with the engine, the way the extension and the CLI read it
 * (ContextModel, the compaction planner, the JSONL store, the workspace scan, the checkpoint store).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { listCheckpoints, listCheckpointSessions, readCheckpointFile } from '../../src/core/checkpoint/store';
import { DEFAULT_KEEP_RECENT_TOKENS } from '../../src/core/compaction/cutPoint';
import { planCompaction } from '../../src/core/compaction/plan';
import { ContextModel, type SessionState } from '../../src/core/context/model';
import { scanWorkspace } from '../../src/core/memory/workspace/scan';
import { resolveStateDirs, type Env } from '../../src/core/store/config';
import { JsonlSessionStore } from '../../src/core/store/jsonlStore';
import { TranscriptIndex } from '../../src/core/context/rebuild';
import { collectDiagnostics, materializeBundledDemo } from './helpers';

describe('the bundled demo state (demo/openclaw-state)', function () {
  this.timeout(60_000);
  let dir: string;
  let model: ContextModel;
  let sessions: SessionState[];
  const diags = collectDiagnostics();

  before(function () {
    dir = materializeBundledDemo();
    // the user's real ~/.openclaw must not stand in for the demo's workspace
    const env: Env = { vars: {}, homedir: path.join(dir, 'no-home'), exists: (p) => fs.existsSync(p) };
    model = new ContextModel({ stateDirs: resolveStateDirs(dir, undefined, env), env, diag: diags.sink });
    model.refresh();
    sessions = model.sessions().map((s) => model.ensureTranscript(s.uid) ?? s);
  });
  after(() => model?.dispose());

  const agentOf = (id: string) => model.stateDirs()[0]!.agents.find((a) => a.agent.id === id);

  it('is read without warnings or errors', function () {
    assert.deepEqual(
      diags.list.filter((d) => d.severity !== 'info').map((d) => d.message),
      [],
    );
    assert.ok(sessions.length >= 4, `sessions: ${sessions.map((s) => s.row.key).join(', ')}`);
  });

  it('has two SQLite agents whose context windows differ', function () {
    const windows = new Map<string, Set<number>>();
    for (const s of sessions.filter((x) => x.era === 'sqlite')) windows.set(s.agentId, (windows.get(s.agentId) ?? new Set()).add(s.figures.window));
    assert.ok(windows.size >= 2, `SQLite agents: ${[...windows.keys()].join(', ')}`);
    const perAgent = [...windows.values()].map((w) => [...w]);
    for (const w of perAgent) assert.equal(w.length, 1, 'one window per agent');
    assert.ok(new Set(perAgent.map((w) => w[0])).size >= 2, `windows: ${JSON.stringify(Object.fromEntries([...windows].map(([a, w]) => [a, [...w]])))}`);
  });

  it('has a session that Compact Session… compacts with the default settings, under its compaction line and never compacted', function () {
    const planned = sessions
      .filter((s) => s.context && s.figures.compactions === 0 && s.figures.toCompaction > 0)
      .map((s) => ({ s, r: planCompaction({ path: s.context!.path, full: model.loadEntries(s.uid, s.context!.path), tokensBefore: s.figures.used }) }))
      .filter((x) => x.r.ok);
    assert.ok(planned.length, 'no uncompacted session under its compaction line has anything to compact');
    const best = planned.map((x) => (x.r.ok ? { key: x.s.row.key, q: x.r.plan.quality } : undefined)).sort((a, b) => b!.q.droppedTokens - a!.q.droppedTokens)[0]!;
    // well over the kept tail: what is summarised is a sizeable part of what is kept
    assert.ok(best.q.droppedTokens >= DEFAULT_KEEP_RECENT_TOKENS / 2, `${best.key}: drops only ${best.q.droppedTokens} tokens`);
    assert.ok(best.q.tokensAfter < best.q.tokensBefore, `${best.key}: ${best.q.tokensBefore} → ${best.q.tokensAfter}`);
  });

  it('has a session with several compactions on its active path', function () {
    const most = sessions.filter((s) => s.era === 'sqlite' && s.context).sort((a, b) => b.context!.compactions.length - a.context!.compactions.length)[0]!;
    assert.ok(most.context!.compactions.length >= 2, `at most ${most.context!.compactions.length} compaction(s) (${most.row.key})`);
    assert.equal(most.figures.compactions >= 2, true);
  });

  it("has a session whose last turn failed with a context overflow (OpenClaw's error row, the row failed)", function () {
    const failed = sessions.filter((s) => {
      const last = s.context?.path.filter((e) => e.kind === 'message').at(-1);
      if (!last || last.role !== 'assistant' || last.stopReason !== 'error') return false;
      const full = model.loadEntries(s.uid, [last])[0] as { message?: { errorCode?: string; errorMessage?: string } } | undefined;
      return full?.message?.errorCode === 'context_length_exceeded' && /maximum context length/.test(full.message.errorMessage ?? '');
    });
    assert.ok(failed.length, 'no session ends in a context-overflow error');
    assert.ok(
      failed.some((s) => s.era === 'sqlite' && s.row.status === 'failed'),
      `statuses: ${failed.map((s) => `${s.row.key} ${s.row.status}`).join(', ')}`,
    );
  });

  it('has a JSONL-era agent read by the JSONL store, with compactions in its transcripts', function () {
    const jsonl = sessions.filter((s) => s.era === 'jsonl');
    assert.ok(jsonl.length, 'no JSONL session');
    const agent = agentOf(jsonl[0]!.agentId)!;
    const store = new JsonlSessionStore(agent.agent.id, path.join(dir, 'agents', agent.agent.id, 'sessions'), diags.sink);
    try {
      const rows = store.readRows(true).rows;
      assert.deepEqual(rows.map((r) => r.key).sort(), jsonl.map((s) => s.row.key).sort());
      const compactions = rows.map((r) => {
        const index = new TranscriptIndex();
        index.apply(store.readTranscript(r, undefined));
        assert.equal(index.entries[0]?.kind, 'header', `${r.key}: a header first`);
        return index.entries.filter((e) => e.kind === 'compaction').length;
      });
      assert.ok(Math.max(...compactions) >= 1, `compactions per JSONL transcript: ${compactions.join(', ')}`);
    } finally {
      store.close();
    }
  });

  it("has daily memory logs in the default agent's workspace", function () {
    const main = model.stateDirs()[0]!.agents.find((a) => a.agent.isDefault)!;
    const scan = scanWorkspace(main.agent.workspace);
    assert.equal(scan.exists, true, main.agent.workspace);
    assert.ok(scan.dailyLogs.length >= 2, `daily logs: ${scan.dailyLogs.map((d) => d.rel).join(', ')}`);
    assert.ok(scan.memoryFile, 'a MEMORY.md');
    assert.ok(scan.bootstrap.filter((b) => b.exists).length >= 4, 'bootstrap files');
  });

  it('has one checkpoint, made by our tool, listed by the checkpoint store', function () {
    const bySession = listCheckpointSessions(dir);
    assert.equal(bySession.length, 1, JSON.stringify(bySession));
    const list = listCheckpoints(dir, bySession[0]!.sessionKey);
    assert.equal(list.length, 1);
    const cp = readCheckpointFile(list[0]!.file);
    assert.equal(cp.meta.trigger, 'manual');
    assert.ok(sessions.some((s) => s.row.key === bySession[0]!.sessionKey), `the checkpoint's session ${bySession[0]!.sessionKey} is in the demo`);
  });
});

describe('Open Demo State: the bundled demo copied into a folder of ours', function () {
  it('copies the demo with every agent database gunzipped and marks it; a second open starts fresh', function () {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { materializeDemo, isDemoState } = require('../../src/core/store/demoState') as typeof import('../../src/core/store/demoState');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { tmpDir, repoPath } = require('./helpers') as typeof import('./helpers');
    const dest = path.join(tmpDir('occtx-open-demo-'), 'demo', 'state');
    materializeDemo(repoPath('demo', 'openclaw-state'), dest);
    assert.ok(isDemoState(dest));
    for (const id of ['main', 'research']) assert.ok(fs.statSync(path.join(dest, 'agents', id, 'agent', 'openclaw-agent.sqlite')).size > 0, `${id} gunzipped`);
    assert.ok(!fs.existsSync(path.join(dest, 'agents', 'main', 'agent', 'openclaw-agent.sqlite.gz')));
    fs.writeFileSync(path.join(dest, 'stray.txt'), 'x');
    materializeDemo(repoPath('demo', 'openclaw-state'), dest);
    assert.ok(!fs.existsSync(path.join(dest, 'stray.txt')), 'a fresh copy');
    const env: Env = { vars: {}, homedir: path.join(dest, 'no-home'), exists: (p) => fs.existsSync(p) };
    const m = new ContextModel({ stateDirs: resolveStateDirs(dest, undefined, env), env });
    try {
      m.refresh(true);
      assert.ok(m.sessions().length >= 3, `${m.sessions().length} sessions`);
    } finally {
      m.dispose();
    }
    assert.throws(() => materializeDemo(path.join(dest, 'nope'), path.join(dest, 'x')), /bundled demo state is missing/);
  });
});
