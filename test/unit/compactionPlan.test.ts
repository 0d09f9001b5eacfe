/**
 * planCompaction on the real OpenClaw state: the plan's preview ("after") is exactly what our reader
 * rebuilds once the planned entry is written with the real writer; the entry passes OpenClaw's audit;
 * one read of the path is enough (the plan holds everything the write needs).
 */
import assert from 'node:assert/strict';
import { planCompaction, planCompactionWith } from '../../src/core/compaction/plan';
import { buildMechanicalSummary } from '../../src/core/compaction/summary/mechanical';
import { compactPrompt, qualityMarkdown, undoPrompt, compactionOrigin } from '../../src/core/compaction/viewModel';
import { planUndo } from '../../src/core/compaction/undo';
import { rebuildContext, TranscriptIndex } from '../../src/core/context/rebuild';
import { SqliteSessionStore } from '../../src/core/store/sqliteStore';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { appendEvents } from '../../src/core/store/sqliteWriter';
import { assertTablesLabelled, jsonlSessionPath, materializeRealState, realDbPath, tmpDir, writeJsonl } from './helpers';
import { ContextModel } from '../../src/core/context/model';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';

function read(db: string) {
  const store = new SqliteSessionStore('main', db, () => undefined);
  const { rows } = store.readRows(true);
  return {
    store,
    rows,
    ctx(key: string) {
      const row = store.readRows(true).rows.find((r) => r.key === key)!;
      const index = new TranscriptIndex();
      index.apply(store.readTranscript(row, undefined, { full: true }));
      return { row, ctx: rebuildContext(index) };
    },
  };
}

describe('compaction plan (issue 4: preview = what is written)', function () {
  it('on the real sessions: written with the real writer, our reader rebuilds exactly the previewed context', async function () {
    const dir = materializeRealState();
    const db = realDbPath(dir);
    const r0 = read(db);
    let planned = 0;
    for (const row of r0.rows) {
      const { ctx } = r0.ctx(row.key);
      const full = r0.store.loadEntries(row, ctx.path);
      const r = planCompaction({ path: ctx.path, full, tokensBefore: 12_345, keepRecentTokens: 300 });
      if (!r.ok) {
        assert.match(r.reason, /nothing|no messages|just compacted/);
        continue;
      }
      planned++;
      const p = r.plan;
      assert.equal(p.audit.ok, true, `${row.key}: OpenClaw's audit: ${p.audit.reasonCodes.join(',')}`);
      assert.equal(p.entry.type, 'compaction');
      assert.equal(p.entry.summary, p.summary);
      assert.equal(p.entry.tokensBefore, 12_345);
      assert.ok(p.summary.length <= 16_000);
      for (const h of ['## Decisions', '## Open TODOs', '## Constraints/Rules', '## Pending user asks', '## Exact identifiers']) assert.ok(p.summary.includes(h), `${row.key}: ${h}`);
      // "before" is the context as the reader sees it now
      assert.deepEqual(p.before.map((e) => e.id), ctx.items.map((e) => e.id), `${row.key}: before = the active context`);
      // write it; read back: summary (our entry) + the kept tail, exactly the preview's "after"
      const w = await appendEvents(db, row.key, [p.entry], { ownership: { tmpDir: tmpDir('occtx-systmp-'), probePort: false } });
      assert.ok(w.ok, JSON.stringify(w));
      const { ctx: after } = read(db).ctx(row.key);
      assert.equal(after.compaction?.id, w.written[0]!.id);
      assert.deepEqual(after.items.map((e) => e.id), [w.written[0]!.id, ...p.after.slice(1).map((e) => e.id)], `${row.key}: after = preview`);
      assert.equal(after.compaction?.firstKeptEntryId, p.entry.firstKeptEntryId);
      // a second compaction right away is refused (the last entry is a compaction)
      const again = planCompaction({ path: after.path, full: read(db).store.loadEntries(row, after.path), tokensBefore: 1, keepRecentTokens: 300 });
      assert.ok(!again.ok);
    }
    assert.ok(planned >= 2, `sessions planned: ${planned}`);
  });

  it('after our compaction (OpenClaw does not update the row for it) the gauge shows the compacted context, marked as an estimate', async function () {
    const dir = materializeRealState();
    const env = processEnv();
    const model = new ContextModel({ stateDirs: resolveStateDirs(dir, undefined, env), env });
    try {
      model.refresh(true);
      const s = model.findByKey('agent:main:work')!;
      model.ensureTranscript(s.uid);
      const before = model.findByKey('agent:main:work')!.figures;
      assert.equal(before.estimated, false, 'OpenClaw counted it');
      const ctx = s.context!;
      const r = planCompaction({ path: ctx.path, full: model.loadEntries(s.uid, ctx.path), tokensBefore: before.used, keepRecentTokens: 300 });
      assert.ok(r.ok);
      const w = await appendEvents(realDbPath(dir), s.row.key, [r.plan.entry], { ownership: { tmpDir: tmpDir('occtx-systmp-'), probePort: false } });
      assert.ok(w.ok);
      model.refresh();
      const after = model.findByKey('agent:main:work')!;
      model.ensureTranscript(after.uid);
      const g = model.findByKey('agent:main:work')!.figures;
      assert.equal(after.context!.compaction!.id, w.written[0]!.id);
      assert.equal(g.estimated, true);
      assert.equal(g.usedSource, 'transcript');
      // no model call since the compaction: the next prompt is the fixed overhead + the calibrated summary and kept tail
      assert.equal(g.calibrated!.lastUsageIndex, null);
      // the overhead from OpenClaw's system prompt report (system prompt + workspace files + tool schemas)
      assert.equal(g.overhead, after.figures.composition.filter((p) => ['system', 'bootstrap', 'tools'].includes(p.id)).reduce((n, p) => n + p.tokens, 0));
      assert.ok(g.overhead > 0);
      assert.equal(g.used, g.calibrated!.tokens + g.overhead, 'overhead + the calibrated estimate of summary + kept tail');
      // (with 300 tokens kept, this summary is larger than the few messages it replaces: the context does not shrink)
    } finally {
      model.dispose();
    }
  });

  it('refuses when an entry could not be read, and when the lengths differ', function () {
    const dir = materializeRealState();
    const r0 = read(realDbPath(dir));
    const { row, ctx } = r0.ctx('agent:main:work');
    const full = r0.store.loadEntries(row, ctx.path);
    const holes = full.map((j, i) => (i === 3 ? undefined : j));
    const r = planCompaction({ path: ctx.path, full: holes, tokensBefore: 1, keepRecentTokens: 300 });
    assert.ok(!r.ok && /could not be read/.test(r.reason));
    assert.ok(!planCompaction({ path: ctx.path, full: full.slice(1), tokensBefore: 1 }).ok);
  });

  it('texts: the confirmation names counts and era; the report lists survival; origin of an entry', function () {
    const dir = materializeRealState();
    const r0 = read(realDbPath(dir));
    const { row, ctx } = r0.ctx('agent:main:work');
    const r = planCompaction({ path: ctx.path, full: r0.store.loadEntries(row, ctx.path), tokensBefore: 9_000, keepRecentTokens: 300 });
    assert.ok(r.ok);
    const q = r.plan.quality;
    const pr = compactPrompt(row.key, 'sqlite', r.plan);
    // this plan (a 300-token tail of a short session) grows the messages: said first, and Compact is not the default
    assert.ok(q.tokensAfter > q.tokensBefore, `${q.tokensBefore} → ${q.tokensAfter}`);
    assert.equal(pr.message, 'Compact agent:main:work? It would grow the context.');
    assert.deepEqual([pr.buttons, pr.accept], [['Keep As Is', 'Compact Anyway'], 'Compact Anyway']);
    assert.match(pr.detail.split('\n')[0]!, /^This compaction does not shrink the context, it grows it: messages ~/);
    assert.match(pr.detail, /SQLite transcript \(one transaction\)/);
    assert.match(pr.detail, new RegExp(`Kept: ${q.factsKept}/${q.factsFound} facts \\(${q.decisions.kept}/${q.decisions.found} decisions, ${q.reasons.kept}/${q.reasons.found} reasons, ${q.todos.kept}/${q.todos.found} TODOs, ${q.rules.kept}/${q.rules.found} rules, ${q.identifiers.kept}/${q.identifiers.found} identifiers\\), ${q.asks.kept}/${q.asks.found} asks`));
    assert.match(pr.detail, /Undo: only through a running OpenClaw Gateway \(sessions\.rewind/, 'SQLite: the undo needs the Gateway, said before confirming');
    assert.doesNotMatch(pr.detail, /Undo Compaction/, 'the marker undo is only for JSONL');
    assert.match(compactPrompt(row.key, 'jsonl', r.plan).detail, /Undo: Undo Compaction makes the earlier context active again/);
    const md = qualityMarkdown('T', q, r.plan.audit);
    assert.match(md, /^# T\n/);
    assert.match(md, /OpenClaw's summary quality check: \*\*passes\*\*/);
    assert.match(md, new RegExp(`\\| Decisions \\| ${q.decisions.found} \\| ${q.decisions.kept} \\|`));
    assert.equal(assertTablesLabelled(md), 1);
    // the counts in labelled columns; every lost fact by name in its own labelled table (a pipe in it does not split the row)
    const lossy = qualityMarkdown('T', { ...q, decisions: { found: 1, kept: 1, lost: [] }, todos: { found: 2, kept: 1, lost: ['TODO: a | b'] }, lost: [{ category: 'todo', label: 'TODO: a | b', missing: ['a | b'] }] });
    assert.equal(assertTablesLabelled(lossy), 2);
    assert.match(lossy, /\| Open TODOs \| 2 \| 1 \| 1 \|/);
    assert.match(lossy, /\| Decisions \| 1 \| 1 \| 0 \|/);
    assert.match(lossy, /## Lost\n\n\| Kind \| What was lost \| Missing text \|\n\|---\|---\|---\|\n\| TODO \| TODO: a \\\| b \| `a \\\| b` \|/);
    assert.equal(compactionOrigin({ __openclaw: { runId: 'r' } }), 'OpenClaw, during a run (automatic or /compact)');
    assert.equal(compactionOrigin({ __openclaw: { itemId: 'i' } }), 'OpenClaw');
    assert.match(compactionOrigin({ fromHook: true }), /external/);
    const u = planUndo(ctx, 'jsonl');
    if (u.ok) assert.match(undoPrompt(row.key, u.plan).detail, /not deleted/);
  });

  it('with a model summarizer: used when it answers well; the mechanical summary when it fails, is empty or times out', async function () {
    // a JSONL session of 12 turns (the model path needs more than the 3 turns OpenClaw keeps verbatim)
    const sdir = path.join(tmpDir('occtx-plan-'), 'agents', 'main', 'sessions');
    fs.mkdirSync(sdir, { recursive: true });
    const t0s = Date.parse('2026-06-01T08:00:00Z');
    const lines: unknown[] = [{ type: 'session', version: 3, id: 'plan-s1', timestamp: new Date(t0s).toISOString(), cwd: '/w' }];
    let parent: string | null = null;
    for (let i = 0; i < 12; i++) {
      const u = { type: 'message', id: `u${i}`, parentId: parent, timestamp: new Date(t0s + i * 2000).toISOString(), message: { role: 'user', content: `Step ${i}: update src/mod-${i}.ts and report the result. ${'Context. '.repeat(30)}`, timestamp: t0s + i * 2000 } };
      const a = { type: 'message', id: `a${i}`, parentId: `u${i}`, timestamp: new Date(t0s + i * 2000 + 1000).toISOString(), message: { role: 'assistant', content: [{ type: 'text', text: `Done with step ${i} in src/mod-${i}.ts. ${'Details. '.repeat(40)}` }], provider: 'anthropic', model: 'claude-x', usage: { input: 1000 * i, output: 50, cacheRead: 0, cacheWrite: 0, totalTokens: 1000 * i + 50 }, stopReason: 'stop', timestamp: t0s + i * 2000 + 1000 } };
      lines.push(u, a);
      parent = `a${i}`;
    }
    const input = { ...jsonlSessionPath(sdir, 'agent:main:main', 'plan-s1', t0s + 30_000, lines), tokensBefore: 9_000, keepRecentTokens: 300 };
    const mech = planCompaction(input);
    assert.ok(mech.ok);
    assert.equal(mech.plan.source, 'mechanical');
    // a "model" that answers with a well-formed summary (the mechanical body): accepted, audited
    const good = await planCompactionWith(input, { summarizer: async () => buildMechanicalSummary(mech.plan.input).body });
    assert.ok(good.ok);
    assert.equal(good.plan.source, 'model', `${good.plan.fallbackReason} ${good.plan.error ?? ''}`);
    assert.equal(good.plan.audit.ok, true);
    assert.equal(good.plan.entry.summary, good.plan.summary);
    const failing = await planCompactionWith(input, { summarizer: async () => Promise.reject(new Error('no language model is available')) });
    assert.ok(failing.ok);
    assert.equal(failing.plan.source, 'mechanical');
    assert.equal(failing.plan.fallbackReason, 'error');
    assert.equal(failing.plan.summary, mech.plan.summary, 'exactly the mechanical summary');
    const empty = await planCompactionWith(input, { summarizer: async () => '' });
    assert.ok(empty.ok && empty.plan.source === 'mechanical' && (empty.plan.fallbackReason === 'empty' || empty.plan.fallbackReason === 'error'), empty.ok ? empty.plan.fallbackReason : '');
    const t0 = Date.now();
    const slow = await planCompactionWith(input, { summarizer: () => new Promise<string>(() => undefined), timeoutMs: 200 });
    assert.ok(slow.ok && slow.plan.source === 'mechanical' && slow.plan.fallbackReason === 'timeout');
    assert.ok(Date.now() - t0 < 5_000, 'a model that never answers cannot hang the compaction');
    const bad = await planCompactionWith(input, { summarizer: async () => 'just some words, none of the required sections' });
    assert.ok(bad.ok && bad.plan.source === 'mechanical' && bad.plan.fallbackReason === 'audit-failed', bad.ok ? `${bad.plan.source} ${bad.plan.fallbackReason}` : '');
  });
});
