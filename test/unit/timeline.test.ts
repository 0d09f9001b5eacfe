/**
 * core/context/timeline.ts and forecast.ts over synthetic transcripts (table tests): the points (recorded and
 * estimated), compactions before → after and who ran them, resets, failures and overflows, flushes and checkpoints,
 * the lines; the growth per turn and the turns left to each line; the forecast on SessionFigures; the real fixture.
 */
import assert from 'node:assert/strict';
import { buildTimeline, lifePath, type TimelinePoint } from '../../src/core/context/timeline';
import { forecast, forecastStart, forecastText, growthPerTurn, FORECAST_TURNS, type Forecast } from '../../src/core/context/forecast';
import { rebuildContext, TranscriptIndex, type ActiveContext } from '../../src/core/context/rebuild';
import { computeFigures } from '../../src/core/context/figures';
import { ContextModel } from '../../src/core/context/model';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';
import { entryMeta } from '../../src/core/store/entries';
import type { EntryMeta, SessionRow } from '../../src/core/store/types';
import * as path from 'node:path';
import { materializeRealState, tmpDir } from './helpers';
import { chain } from './support/chain';
import { FlushStateStore } from '../../src/core/memory/flushState';
import { writeCheckpoint } from '../../src/core/checkpoint/store';
import { timelineMarks } from '../../src/core/memory/timelineMarks';
import { seedExample } from './support/checkpoints';

type Json = Record<string, unknown>;

let clock = 0;
const ts = () => new Date(Date.UTC(2026, 10, 20, 9, 0, 0, 0) + ++clock * 1000).toISOString();
const user = (id: string, parentId: string | null, text = `user ${id}`): Json => ({ type: 'message', id, parentId, timestamp: ts(), message: { role: 'user', content: text } });
/** an assistant row; `prompt` undefined: no usage recorded */
const asst = (id: string, parentId: string | null, prompt: number | undefined, extra: Json = {}): Json => ({
  type: 'message',
  id,
  parentId,
  timestamp: ts(),
  message: {
    role: 'assistant',
    content: [{ type: 'text', text: `reply ${id}` }],
    provider: 'openai',
    model: 'gpt',
    ...(prompt !== undefined ? { usage: { input: prompt, output: 10, cacheRead: 0, cacheWrite: 0, totalTokens: prompt + 10 } } : {}),
    stopReason: 'stop',
    ...extra,
  },
});
const failed = (id: string, parentId: string, errorMessage: string): Json =>
  asst(id, parentId, undefined, { content: [], stopReason: 'error', errorMessage, usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 } });
const compaction = (id: string, parentId: string, firstKeptEntryId: string, extra: Json = {}): Json => ({ type: 'compaction', id, parentId, timestamp: ts(), summary: `summary ${id}`, firstKeptEntryId, tokensBefore: 30_000, tokensAfter: 3_000, ...extra });
const reset = (id: string, parentId: string): Json => ({ type: 'reset', id, parentId, timestamp: ts(), reason: 'reset' });

type Step = (parent: string | null) => Json;
const U = (id: string, text?: string): Step => (p) => user(id, p, text);
const A = (id: string, prompt?: number, extra?: Json): Step => (p) => asst(id, p, prompt, extra);
const F = (id: string, msg: string): Step => (p) => failed(id, p!, msg);
const C = (id: string, kept: string, extra?: Json): Step => (p) => compaction(id, p!, kept, extra);
const R = (id: string): Step => (p) => reset(id, p!);


function indexOf(lines: Json[]): TranscriptIndex {
  const entries = lines.map((l, i) => entryMeta(l, i, JSON.stringify(l).length, 'o200k')).filter((m): m is EntryMeta => !!m);
  const idx = new TranscriptIndex();
  idx.apply({ reset: true, entries, cursor: { kind: 'sqlite', sessionId: 's', lastSeq: entries.length } });
  return idx;
}
const ctxOf = (lines: Json[]): { idx: TranscriptIndex; ctx: ActiveContext } => {
  const idx = indexOf(lines);
  return { idx, ctx: rebuildContext(idx) };
};
const pathOf = (lines: Json[]) => {
  const { idx, ctx } = ctxOf(lines);
  return lifePath(idx, ctx);
};

/** n turns: a user message and one call each, the prompt growing by `step` from `from` */
const growing = (p: string, n: number, from: number, step: number): Step[] => Array.from({ length: n }, (_, i) => [U(`${p}u${i}`), A(`${p}a${i}`, from + i * step)]).flat();

const FIG = { overhead: 2000, window: 32_768, compactionAt: 24_576, flushAt: 20_576, checkpointAt: 26_214, used: 0, estimated: false, known: false };

describe('timeline: points, events and lines', () => {
  it('one point per model call with its recorded prompt, turns counted across the life', () => {
    const tl = buildTimeline({ path: pathOf(chain(...growing('x', 4, 5000, 1000))), figures: FIG });
    assert.deepEqual(
      tl.points.map((p) => [p.tokens, p.estimated, p.turn]),
      [
        [5000, false, 1],
        [6000, false, 2],
        [7000, false, 3],
        [8000, false, 4],
      ],
    );
    assert.equal(tl.calls, 4);
    assert.equal(tl.estimatedCalls, 0);
    assert.equal(tl.turns, 4);
  });

  it('a call without usage is estimated from the last recorded prompt plus what came after it', () => {
    const lines = chain(U('u1'), A('a1', 5000), U('u2', 'x'.repeat(4000)), A('a2'));
    const path = pathOf(lines);
    const tl = buildTimeline({ path, figures: FIG });
    const [p1, p2] = tl.points;
    assert.equal(p1!.estimated, false);
    assert.equal(p2!.estimated, true);
    const added = path.filter((e) => e.id === 'a1' || e.id === 'u2').reduce((n, e) => n + (e.est ?? e.tokens), 0);
    assert.equal(p2!.tokens, Math.round(5000 + added));
    assert.equal(tl.estimatedCalls, 1);
  });

  it("the usage scale multiplies the estimated part", () => {
    const lines = chain(U('u1'), A('a1', 5000), U('u2', 'word '.repeat(2000)), A('a2'));
    const plain = buildTimeline({ path: pathOf(lines), figures: FIG }).points[1]!.tokens;
    const scaled = buildTimeline({ path: pathOf(lines), figures: { ...FIG, calibration: { scale: 2, pairs: 3, actual: 1, estimated: 1 } } }).points[1]!.tokens;
    // each figure is rounded to a whole token, so the doubled estimate may differ by one
    assert.ok(plain - 5000 > 1000 && Math.abs(scaled - 5000 - 2 * (plain - 5000)) <= 1, `${scaled} vs 5000 + 2 × ${plain - 5000}`);
  });

  const events: Array<{ name: string; lines: Json[]; want: Array<Record<string, unknown>> }> = [
    {
      name: 'a compaction by another tool: recorded before, the next prompt after (overhead + summary + kept), origin external',
      lines: chain(...growing('x', 3, 10_000, 5000), C('c1', 'xu2'), U('y'), A('ya', 9000)),
      want: [{ kind: 'compaction', before: 30_000, beforeEstimated: false, recordedAfter: 3000, origin: 'external', turn: 3 }],
    },
    {
      name: "OpenClaw's own compaction during a run, with no tokensBefore: before is the fill right before it",
      lines: chain(...growing('x', 2, 10_000, 5000), C('c1', 'xu1', { tokensBefore: undefined, __openclaw: { runId: 'r1' } })),
      want: [{ kind: 'compaction', beforeEstimated: true, origin: 'openclaw-run' }],
    },
    {
      name: 'an overflow with the provider\'s two figures, then a failure',
      lines: chain(U('u1'), A('a1', 5000), U('u2'), F('e1', "This model's maximum context length is 32768 tokens. However, your messages resulted in 49680 tokens."), U('u3'), F('e2', '429 rate limit')),
      want: [
        { kind: 'overflow', prompt: 49_680, limit: 32_768, turn: 2 },
        { kind: 'failure', message: '429 rate limit', turn: 3 },
      ],
    },
    {
      name: 'a reset: the life before it stays on the timeline',
      lines: chain(...growing('x', 2, 10_000, 5000), R('r1'), U('y'), A('ya', 4000)),
      want: [{ kind: 'reset', turn: 2 }],
    },
  ];
  for (const t of events) {
    it(t.name, () => {
      const tl = buildTimeline({ path: pathOf(t.lines), figures: FIG });
      assert.equal(tl.events.length, t.want.length, JSON.stringify(tl.events));
      t.want.forEach((w, i) => {
        for (const [k, v] of Object.entries(w)) assert.deepEqual((tl.events[i] as unknown as Record<string, unknown>)[k], v, `${k} of event ${i}`);
      });
    });
  }

  it("a compaction's after is the overhead, its summary and the messages it kept; the next estimated call starts there", () => {
    const lines = chain(...growing('x', 3, 10_000, 5000), C('c1', 'xu2'), U('y'), A('ya'));
    const path = pathOf(lines);
    const tl = buildTimeline({ path, figures: FIG });
    const c = tl.events[0]!;
    assert.equal(c.kind, 'compaction');
    const est = (id: string) => path.find((e) => e.id === id)!.est!;
    const after = Math.round(FIG.overhead + est('c1') + est('xu2') + est('xa2'));
    assert.equal(c.kind === 'compaction' && c.after, after);
    const last = tl.points[tl.points.length - 1]!;
    assert.equal(last.estimated, true);
    assert.equal(last.tokens, Math.round(after + est('y')));
    assert.equal(last.stretch, 1);
    assert.equal(last.compactions, 1);
  });

  it("with a recorded call after it, a compaction's after is measured back from that call's prompt", () => {
    const path = pathOf(chain(...growing('x', 3, 10_000, 5000), C('c1', 'xu2'), U('y', 'some words here'), A('ya', 9000)));
    const c = buildTimeline({ path, figures: FIG }).events[0]!;
    const y = path.find((e) => e.id === 'y')!;
    assert.deepEqual(c.kind === 'compaction' && [c.after, c.afterEstimated], [Math.round(9000 - y.est!), false]);
  });

  it('the life before a reset is read back through the index (lifePath)', () => {
    const lines = chain(...growing('x', 2, 10_000, 5000), R('r1'), ...growing('y', 2, 3000, 1000));
    const { idx, ctx } = ctxOf(lines);
    assert.equal(ctx.path[0]!.id, 'yu0', 'the active path starts after the reset');
    const tl = buildTimeline({ path: lifePath(idx, ctx), figures: FIG });
    assert.deepEqual(tl.points.map((p) => [p.tokens, p.stretch, p.compactions]), [
      [10_000, 0, 0],
      [15_000, 0, 0],
      [3000, 1, 0],
      [4000, 1, 0],
    ]);
  });

  it('marks: our flushes and checkpoints at their turn; OpenClaw\'s flush at the first call of its stretch over the flush line', () => {
    const lines = chain(...growing('x', 6, 14_000, 2000));
    const path = pathOf(lines);
    const t3 = path.find((e) => e.id === 'xa2')!.timestamp;
    const tl = buildTimeline({ path, figures: FIG, marks: [{ kind: 'checkpoint', t: t3 + 1, label: 'cp_001' }, { kind: 'flush', t: t3 + 2 }], openclawFlushAt: 0 });
    const byKind = (k: string) => tl.events.filter((e) => e.kind === k);
    assert.deepEqual(byKind('checkpoint').map((e) => [e.turn, 'by' in e && e.by]), [[3, 'extension']]);
    assert.deepEqual(
      byKind('flush').map((e) => [e.turn, 'by' in e && e.by]),
      [
        [3, 'extension'],
        [5, 'openclaw'], // 14k + 4 × 2k = 22k ≥ 20,576
      ],
    );
    assert.equal(buildTimeline({ path, figures: FIG, openclawFlushAt: 1 }).events.length, 0, 'a flush at another compaction count is not placed');
  });

  it('the lines in order, the policy lines added, none of OpenClaw\'s when a context engine compacts', () => {
    const tl = buildTimeline({ path: [], figures: FIG, extraLines: [{ id: 'early-export', tokens: 16_384, label: 'Early export (50 %)' }] });
    assert.deepEqual(tl.lines.map((l) => l.id), ['early-export', 'flush', 'compaction', 'checkpoint', 'window']);
    const plugin = buildTimeline({ path: [], figures: { ...FIG, engine: { id: 'lossless-claw', name: 'lossless-claw', ownsCompaction: true } as never } });
    assert.deepEqual(plugin.lines.map((l) => l.id), ['checkpoint', 'window']);
  });

  it('current: the figures\' used when known', () => {
    assert.deepEqual(buildTimeline({ path: [], figures: { ...FIG, used: 9000, estimated: true, known: true } }).current, { tokens: 9000, estimated: true });
    assert.equal(buildTimeline({ path: [], figures: FIG }).current, undefined);
  });
});

// ------------------------------------------------------------------------------------------------ forecast

const pt = (turn: number, tokens: number, o: Partial<TimelinePoint> = {}): TimelinePoint => ({ t: turn * 1000, tokens, estimated: false, turn, stretch: 0, compactions: 0, entryId: `p${turn}`, ...o });
const GAUGE = { used: 0, known: true, flushAt: 20_576, compactionAt: 24_576, window: 32_768 };

describe('forecast: growth per turn', () => {
  const table: Array<{ name: string; points: TimelinePoint[]; want: { growth: number; turns: number } | undefined }> = [
    { name: 'no points', points: [], want: undefined },
    { name: 'one turn', points: [pt(1, 5000)], want: undefined },
    { name: 'steady 1k per turn', points: [1, 2, 3, 4].map((t) => pt(t, 4000 + t * 1000)), want: { growth: 1000, turns: 3 } },
    { name: 'the last call of each turn counts (tool loops within a turn)', points: [pt(1, 5000), pt(1, 7000), pt(2, 8000), pt(2, 9500)], want: { growth: 2500, turns: 1 } },
    { name: `only the last ${FORECAST_TURNS} turns`, points: [pt(1, 1000), pt(2, 11_000), ...[3, 4, 5, 6, 7, 8].map((t) => pt(t, 11_000 + (t - 2) * 500))], want: { growth: 500, turns: FORECAST_TURNS } },
    { name: 'a turn without a call spans two turns', points: [pt(1, 5000), pt(3, 9000)], want: { growth: 2000, turns: 2 } },
    { name: 'across a compaction is not growth', points: [pt(1, 20_000), pt(2, 24_000), pt(3, 6000, { stretch: 1 }), pt(4, 7000, { stretch: 1 })], want: { growth: 2500, turns: 2 } },
    { name: 'estimated → recorded is left out', points: [pt(1, 5000), pt(2, 9000, { estimated: true }), pt(3, 8000)], want: { growth: 4000, turns: 1 } },
    { name: 'shrinking (pruning) is negative growth', points: [pt(1, 9000), pt(2, 8000)], want: { growth: -1000, turns: 1 } },
  ];
  for (const t of table) it(t.name, () => assert.deepEqual(growthPerTurn(t.points), t.want));
});

describe('forecast: turns to each line', () => {
  const steady = (used: number, step: number) => ({ points: [1, 2, 3].map((t) => pt(t, used - (3 - t) * step)), gauge: { ...GAUGE, used } });
  const table: Array<{ name: string; in: Parameters<typeof forecast>[0]; status: Forecast['status']; turns: Partial<Record<'flush' | 'compaction' | 'window', number | undefined>>; text: string | RegExp }> = [
    { name: 'far: 14k at 1k per turn', in: steady(14_000, 1000), status: 'ok', turns: { flush: 7, compaction: 11, window: 19 }, text: 'compaction in about 11 turns' },
    { name: 'exactly on the line: due at the next turn', in: steady(24_576, 1000), status: 'ok', turns: { flush: 0, compaction: 0, window: 9 }, text: 'compaction at the next turn' },
    { name: 'one token under, 2k per turn: one turn', in: steady(24_575, 2000), status: 'ok', turns: { compaction: 1 }, text: 'compaction in about 1 turn' },
    { name: '2 turns', in: steady(21_000, 2000), status: 'ok', turns: { flush: 0, compaction: 2 }, text: 'compaction in about 2 turns' },
    { name: 'not growing', in: steady(14_000, 0), status: 'steady', turns: { flush: undefined, compaction: undefined }, text: /not growing/ },
    { name: 'past the line and not growing: still due', in: steady(26_000, 0), status: 'steady', turns: { compaction: 0, window: undefined }, text: 'compaction at the next turn' },
    { name: 'one turn only: too few', in: { points: [pt(1, 5000)], gauge: { ...GAUGE, used: 5000 } }, status: 'unknown', turns: { compaction: undefined }, text: /too few turns/ },
    { name: 'unknown fill, no points', in: { points: [], gauge: { ...GAUGE, known: false } }, status: 'unknown', turns: {}, text: /no compaction line|too few/ },
  ];
  for (const t of table) {
    it(t.name, () => {
      const f = forecast(t.in);
      assert.equal(f.status, t.status);
      for (const [id, n] of Object.entries(t.turns)) assert.equal(f.lines.find((l) => l.id === id)?.turns, n, id);
      if (typeof t.text === 'string') assert.equal(forecastText(f), t.text);
      else assert.match(forecastText(f), t.text);
    });
  }

  it('a context engine that compacts: only the window line', () => {
    const f = forecast({ ...steady(14_000, 1000), pluginCompacts: true });
    assert.deepEqual(f.lines.map((l) => l.id), ['window']);
    assert.match(forecastText(f), /a context engine compacts/);
    assert.equal(forecastText(f, 'window'), 'the window full in about 19 turns');
  });

  it('not growing, in words for each line (no broken phrase for the window)', () => {
    const f = forecast(steady(14_000, 0));
    assert.equal(forecastText(f), 'not growing: no compaction in sight');
    assert.equal(forecastText(f, 'flush'), 'not growing: no memory flush in sight');
    assert.equal(forecastText(f, 'window'), 'not growing: the window will not fill at this pace');
  });
});

describe('forecast on SessionFigures', () => {
  const row = (extra: Partial<SessionRow> = {}): SessionRow => ({ key: 'agent:main:x', sessionId: 's', updatedAt: Date.now() + 60_000, totalTokens: 21_000, totalTokensFresh: true, contextTokens: 32_768, ...extra });
  const figs = (lines: Json[], r = row()) =>
    computeFigures({ row: r, context: ctxOf(lines).ctx, window: { tokens: 32_768, source: 'session' }, compaction: { reserveTokensFloor: 20_000, softThresholdTokens: 4000 }, era: 'sqlite' });

  it('a session growing toward its line: the figures carry the forecast from the gauge\'s used', () => {
    const f = figs(chain(...growing('x', 6, 11_000, 2000)));
    assert.equal(f.used, 21_000);
    assert.equal(f.forecast.status, 'ok');
    assert.equal(f.forecast.growthPerTurn, 2000);
    assert.equal(f.forecast.lines.find((l) => l.id === 'compaction')?.turns, 2); // (24,576 − 21,000) / 2,000 → 2
  });

  it('no transcript read: unknown', () => {
    const f = computeFigures({ row: row(), context: undefined, window: { tokens: 32_768, source: 'session' }, compaction: { reserveTokensFloor: 20_000, softThresholdTokens: 4000 }, era: 'sqlite' });
    assert.equal(f.forecast.status, 'unknown');
  });

  it('the forecast reads back only a bounded number of entries', () => {
    const lines = chain(...growing('x', 40, 1000, 100));
    const path = pathOf(lines);
    const start = forecastStart(path);
    assert.ok(start > 0 && path.length - start < 20, `start ${start} of ${path.length}`);
    assert.equal(figs(lines, row({ totalTokens: 4900 })).forecast.growthPerTurn, 100);
  });
});

describe('timeline on the real OpenClaw 2026.9.6 state', () => {
  it('every session: points in time order, recorded prompts equal the usage rows, compactions have before ≥ after', function () {
    this.timeout(60_000);
    const state = materializeRealState();
    const model = new ContextModel({ stateDirs: resolveStateDirs(state, undefined, processEnv()), env: processEnv() });
    model.refresh(true);
    let compactions = 0;
    let calls = 0;
    let estimatedAfter = 0;
    for (const s0 of model.sessions()) {
      const s = model.ensureTranscript(s0.uid)!;
      if (!s.context || !s.index) continue;
      const path = lifePath(s.index, s.context);
      const tl = buildTimeline({ path, figures: s.figures });
      calls += tl.calls;
      for (const p of tl.points) if (!p.estimated) assert.equal(p.tokens, path.find((e) => e.id === p.entryId)!.promptTokens);
      for (const e of tl.events) {
        if (e.kind !== 'compaction') continue;
        compactions++;
        assert.ok(e.after > 0 && e.before > 0, `${s.row.key}: ${e.before} → ${e.after}`);
        // OpenClaw's automatic compaction of agent:main:main (24.6k → its next call at 8.5k with the summary)
        if (!e.afterEstimated) assert.ok(e.after < e.before, `${s.row.key}: ${e.before} → ${e.after}`);
        else estimatedAfter++;
      }
      const ts = tl.points.map((p) => p.t);
      assert.deepEqual(ts, [...ts].sort((a, b) => a - b));
    }
    const n = model.sessions().length;
    model.dispose();
    assert.ok(calls > 10, `calls ${calls} of ${n} sessions`);
    assert.ok(compactions >= 1, `compactions ${compactions}`);
    assert.ok(estimatedAfter < compactions, 'some compaction has a recorded call after it');
  });
});

describe('timeline marks and ContextModel.timeline', () => {
  it('our last flush and every checkpoint of the session, as marks in time order; none for another session', () => {
    const state = tmpDir();
    FlushStateStore.forStateDir(state).record('agent:main:x', { compactionCount: 0, flushedAt: '2026-03-01T12:00:00.000Z', targetRel: 'memory/2026-03-01.md' });
    writeCheckpoint(state, seedExample({ checkpoint_id: 'cp_001', session_key: 'agent:main:x', created_at: '2026-03-01T11:00:00Z', trigger: 'manual' }));
    const marks = timelineMarks(state, 'agent:main:x');
    assert.deepEqual(
      marks.map((m) => [m.kind, new Date(m.t).toISOString(), m.label]),
      [
        ['checkpoint', '2026-03-01T11:00:00.000Z', 'cp_001 (manual)'],
        ['flush', '2026-03-01T12:00:00.000Z', 'flushed to memory/2026-03-01.md'],
      ],
    );
    assert.deepEqual(timelineMarks(state, 'agent:main:other'), []);
    assert.deepEqual(timelineMarks(path.join(state, 'missing'), 'agent:main:x'), []);
  });

  it("the model's timeline of a cold-read SQLite session has every call's recorded prompt (partial rows loaded)", function () {
    this.timeout(60_000);
    const state = materializeRealState();
    const open = () => {
      const m = new ContextModel({ stateDirs: resolveStateDirs(state, undefined, processEnv()), env: processEnv() });
      m.refresh(true);
      return m;
    };
    const model = open();
    for (const s of model.sessions()) {
      const tl = model.timeline(s.uid, { extraLines: [{ id: 'early-export', tokens: 1000, label: 'x' }] })!;
      const path = lifePath(s.index!, s.context!);
      const calls = path.filter((e) => e.kind === 'message' && e.role === 'assistant' && e.modelVisible && e.stopReason !== 'error');
      assert.equal(tl.calls, calls.length, s.row.key);
      assert.ok(!path.some((e) => e.partial && e.role === 'assistant'), `${s.row.key}: no partial assistant row left`);
      assert.equal(tl.points.filter((p) => !p.estimated).length, calls.filter((e) => e.promptTokens !== undefined).length);
      assert.ok(tl.lines.some((l) => l.id === 'early-export'));
    }
    assert.equal(model.timeline('no such uid'), undefined);
    model.dispose();
  });
});
