/**
 * Property: every surface shows the same figures for a session, and the composition sums to the used figure
 * (issue 17 item 1). Over every state fixture (SQLite and JSONL: demo-v1, the bundled demo, openclaw-real, the
 * pi samples), generated JSONL states (random transcripts: usage or none, compactions with and without
 * tokensAfter, post-compaction and reset rows, failed turns) and a remote Gateway session built in-process.
 * Surfaces: status bar text and tooltip, Sessions tree description, context document, CLI status / sessions /
 * show --breakdown (text and --json, in-process), Memories view bootstrap sizes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ContextModel } from '../../src/core/context/model';
import { bootstrapTokens } from '../../src/core/memory/workspace/scan';
import { RemoteSessionCache } from '../../src/core/gateway/remoteStore';
import type { ChatHistoryResult, SessionsListResult } from '../../src/core/gateway/methods';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';
import { fixturePath, materializeBundledDemo, materializeDemoState, materializeRealState, seededRandom, tmpDir, writeJsonl } from './helpers';
import { piSample } from './support/realData';
import { cli } from './support/cli';
import { assertCliSurfaces, assertMemoriesSurface, assertViewSurfaces } from './support/surfaces';
import assert from 'node:assert/strict';

type Json = Record<string, unknown>;

/** Every session of a state dir, transcripts read (as the CLI reads them), against every surface. */
async function checkState(dir: string, label: string): Promise<string[]> {
  const env = processEnv();
  const model = new ContextModel({ stateDirs: resolveStateDirs(dir, undefined, env), env, bootstrapTokens });
  try {
    model.refresh(true);
    const sessions = model.sessions().map((s) => model.ensureTranscript(s.uid)!);
    assert.ok(sessions.length > 0, `${label}: no sessions`);
    const run = async (argv: string[]) => {
      const r = await cli([...argv, '--state-dir', dir]);
      assert.equal(r.code, 0, `${label}: ${argv.join(' ')} → ${r.err}`);
      return r.out;
    };
    const status = JSON.parse(await run(['status', '--json'])) as Json;
    const list = JSON.parse(await run(['sessions', '--json'])) as Json;
    const statusText = await run(['status']);
    for (const s of sessions) {
      const at = `${label} ${s.row.key}`;
      assertViewSurfaces(model, s, at);
      assertMemoriesSurface(model, s, at);
      if (sessions.filter((x) => x.row.key === s.row.key).length > 1) continue; // a key the CLI cannot name alone
      const show = JSON.parse(await run(['show', s.row.key, '--breakdown', '--json'])) as Json;
      const showText = await run(['show', s.row.key, '--breakdown']);
      assertCliSurfaces(s, { status, sessions: list, show, statusText, showText }, at);
    }
    return sessions.map((s) => s.figures.basis);
  } finally {
    model.dispose();
  }
}

// ------------------------------------------------------------------------------------------ generated states

const WORDS = ['deploy', 'parser', 'the', 'window', 'ORD-4471', 'export', 'fix', 'a', 'nightly', 'job', 'src/cli.ts', '東京', 'résumé', 'TODO', '#reply', 'ok'];

/** A JSONL state dir with 1–4 random sessions and a workspace; OpenClaw's row figures chosen the ways OpenClaw sets them. */
function generatedState(seed: number): string {
  const r = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const text = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const stateDir = path.join(tmpDir('occtx-figures-'), 'state');
  const sessionsDir = path.join(stateDir, 'agents', 'main', 'sessions');
  const ws = path.join(stateDir, 'workspace');
  fs.mkdirSync(sessionsDir, { recursive: true });
  fs.mkdirSync(ws, { recursive: true });
  const files: Record<string, string> = { 'AGENTS.md': `# Agents\n${text(40 + Math.floor(r() * 400))}\n`, 'USER.md': `# User\n${text(10 + Math.floor(r() * 60))}\n` };
  if (r() < 0.5) files['MEMORY.md'] = `# Memory\n- ${text(20)}\n`;
  for (const [n, t] of Object.entries(files)) fs.writeFileSync(path.join(ws, n), t);
  fs.writeFileSync(path.join(stateDir, 'openclaw.json'), JSON.stringify({ agents: { defaults: { model: pick(['anthropic/claude-sonnet-4-6', 'openai/gpt-5', 'fake/scripted-1']) } } }));
  const store: Json = {};
  const n = 1 + Math.floor(r() * 4);
  const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);
  for (let k = 0; k < n; k++) {
    const sid = `0000000${seed % 10}-0000-4000-8000-${String(k).padStart(12, '0')}`;
    const lines: Json[] = [{ type: 'session', version: 3, id: sid, timestamp: new Date(T0).toISOString(), cwd: '/w' }];
    let parent: string | null = null;
    let t = T0;
    let lastUsage: number | undefined;
    let prompt = 3_000 + Math.floor(r() * 5_000);
    let compacted = false;
    let afterCompaction = false;
    let lastCompactionAfter: number | undefined;
    const ids: string[] = [];
    const add = (e: Json) => {
      const id = `e${seed}-${k}-${lines.length}`;
      t += 1_000;
      lines.push({ ...e, id, parentId: parent, timestamp: new Date(t).toISOString() });
      parent = id;
      ids.push(id);
      return id;
    };
    const turns = 1 + Math.floor(r() * 8);
    for (let i = 0; i < turns; i++) {
      add({ type: 'message', message: { role: 'user', content: text(1 + Math.floor(r() * 60)), timestamp: t } });
      afterCompaction = false;
      if (r() < 0.3) add({ type: 'message', message: { role: 'toolResult', toolCallId: `c${i}`, toolName: 'read', content: [{ type: 'text', text: text(5 + Math.floor(r() * 300)) }], isError: false, timestamp: t } });
      const withUsage = r() < 0.8;
      prompt += 50 + Math.floor(r() * 2_000);
      if (withUsage) lastUsage = prompt;
      add({ type: 'message', message: { role: 'assistant', content: [{ type: 'text', text: text(1 + Math.floor(r() * 80)) }], provider: 'fake', model: 'scripted-1', ...(withUsage ? { usage: { input: prompt, output: 10, cacheRead: 0, cacheWrite: 0, totalTokens: prompt + 10 } } : {}), stopReason: withUsage ? 'stop' : 'error', timestamp: t } });
      if (r() < 0.15) add({ type: 'custom_message', customType: 'openclaw-context.note', content: text(8), display: true });
      if (i > 0 && r() < 0.25) {
        const kept = ids[Math.max(1, ids.length - 3)]!;
        lastCompactionAfter = r() < 0.6 ? 200 + Math.floor(r() * 2_000) : undefined;
        add({ type: 'compaction', summary: `## Decisions\n- ${text(10 + Math.floor(r() * 120))}`, firstKeptEntryId: kept, tokensBefore: prompt, ...(lastCompactionAfter !== undefined ? { tokensAfter: lastCompactionAfter } : {}) });
        compacted = true;
        afterCompaction = true;
      }
    }
    const key = `agent:main:s${k}`;
    writeJsonl(path.join(sessionsDir, `${sid}.jsonl`), lines);
    const report = {
      systemPrompt: { chars: 12_000 + Math.floor(r() * 20_000), projectContextChars: Object.values(files).reduce((n2, f) => n2 + f.length, 0) + 300 },
      injectedWorkspaceFiles: Object.entries(files).map(([name, f]) => ({ name, path: path.join(ws, name), missing: false, rawChars: f.length, injectedChars: f.length, truncated: false })),
      tools: { schemaChars: 2_000 + Math.floor(r() * 8_000), listChars: 0 },
    };
    const row: Json = { sessionId: sid, updatedAt: t + (r() < 0.5 ? 0 : -5_000), contextTokens: pick([32_768, 49_152, 200_000]) };
    if (r() < 0.7) row.systemPromptReport = report;
    if (compacted) row.compactionCount = lines.filter((l) => l.type === 'compaction').length;
    const mode = r();
    if (afterCompaction && mode < 0.7) Object.assign(row, { totalTokens: lastCompactionAfter ?? 0, totalTokensFresh: true }); // OpenClaw after /compact: tokensAfter, no input/output
    else if (mode < 0.5 && lastUsage !== undefined) Object.assign(row, { totalTokens: lastUsage, inputTokens: lastUsage, outputTokens: 10, totalTokensFresh: true });
    else if (mode < 0.75) Object.assign(row, { totalTokensFresh: false, status: 'failed' });
    if (r() < 0.3) row.contextBudgetStatus = { estimatedPromptTokens: prompt + Math.floor(r() * 6_000), promptBudgetBeforeReserve: 24_576 };
    store[key] = row;
  }
  fs.writeFileSync(path.join(sessionsDir, 'sessions.json'), JSON.stringify(store, null, 2));
  return stateDir;
}

/** A JSONL state dir holding one pi sample transcript. */
function piState(file: string): string {
  const events = piSample(file);
  const stateDir = path.join(tmpDir('occtx-pi-'), 'state');
  const dir = path.join(stateDir, 'agents', 'main', 'sessions');
  fs.mkdirSync(dir, { recursive: true });
  const head = events.find((e) => e.type === 'session') as Json | undefined;
  const sid = typeof head?.id === 'string' ? head.id : '11111111-2222-4333-8444-555555555555';
  writeJsonl(path.join(dir, `${sid}.jsonl`), head ? events : [{ type: 'session', version: 3, id: sid, timestamp: '2026-04-10T09:00:00.000Z', cwd: '/w' }, ...events]);
  fs.writeFileSync(path.join(dir, 'sessions.json'), JSON.stringify({ 'agent:main:main': { sessionId: sid, updatedAt: 1775811603400 } }));
  return stateDir;
}

describe('figures: every surface shows the same values (property)', function () {
  this.timeout(240_000);

  it('the fixtures: demo-v1, the bundled demo, openclaw-real (SQLite and JSONL)', async function () {
    const bases: string[] = [];
    for (const [dir, label] of [
      [materializeDemoState(), 'demo-v1'],
      [materializeBundledDemo(), 'bundled demo'],
      [materializeRealState(), 'openclaw-real'],
    ] as const)
      bases.push(...(await checkState(dir, label)));
    assert.ok(bases.length >= 20, `${bases.length} sessions checked`);
  });

  it('the pi samples (JSONL)', async function () {
    const samples = fs.readdirSync(fixturePath('pi-samples')).filter((f) => f.endsWith('.jsonl'));
    assert.ok(samples.length >= 2);
    for (const f of samples) await checkState(piState(f), `pi ${f}`);
  });

  it('generated JSONL states: random transcripts, compactions, post-compaction and failed rows', async function () {
    const bases: string[] = [];
    for (let seed = 1; seed <= 24; seed++) bases.push(...(await checkState(generatedState(seed), `seed ${seed}`)));
    assert.ok(bases.length >= 40, `${bases.length} sessions checked`);
    // every way of obtaining the used figure was met
    for (const b of ['openclaw', 'next-prompt', 'estimate']) assert.ok(bases.includes(b), `no generated session with basis ${b}: ${[...new Set(bases)].join(', ')}`);
  });

  it('a remote Gateway session (its cache, in-process): the view surfaces agree', function () {
    const rec = JSON.parse(fs.readFileSync(fixturePath('openclaw-real', 'gateway', 'remote.json'), 'utf8')) as { list: SessionsListResult; history: ChatHistoryResult };
    const cache = new RemoteSessionCache({ url: 'ws://gw.example.net:18789', onNeedHistory: () => undefined });
    const model = new ContextModel({ stateDirs: [], env: processEnv(), bootstrapTokens });
    try {
      model.setRemoteSources([cache]);
      cache.applyList(rec.list);
      model.refresh();
      cache.applyHistory(rec.history.sessionKey, rec.history);
      model.refresh();
      const sessions = model.sessions();
      assert.ok(sessions.length >= 2);
      for (const s0 of sessions) {
        const s = model.ensureTranscript(s0.uid)!;
        assertViewSurfaces(model, s, `remote ${s.row.key}`);
      }
      assert.ok(sessions.some((s) => s.context && s.context.items.length > 0), 'one remote session has its history');
    } finally {
      model.dispose();
    }
  });
});
