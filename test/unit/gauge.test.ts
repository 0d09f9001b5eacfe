/**
 * The gauge and OpenClaw's number formatting. Oracles: openclaw-2026.9.6.md §4.2–4.3 (observed
 * thresholds for a 32 768-token window), openclaw-formats.md §4.1 (guard), §4.5 (flush line), §5.2,
 * §7.1–7.2 (formatting) and the strings OpenClaw printed in the real run.
 */
import assert from 'node:assert/strict';
import { compactionLine, computeGauge, DEFAULT_THRESHOLDS, freshTotalTokens, levelFor, type GaugeInput } from '../../src/core/context/gauge';
import { formatAge, formatDelta, formatSessionsCell, formatTokens, formatTokensTable } from '../../src/core/context/format';
import { rebuildContext, TranscriptIndex, type ActiveContext } from '../../src/core/context/rebuild';
import type { CompactionSettings, ModelWindow } from '../../src/core/store/config';
import { entryMeta } from '../../src/core/store/entries';
import type { EntryMeta, SessionRow } from '../../src/core/store/types';
import { estimateMessage } from '../../src/core/tokens/messageText';

type Json = Record<string, unknown>;

const DEFAULTS: CompactionSettings = { reserveTokensFloor: 20_000, softThresholdTokens: 4_000 };
const W32: ModelWindow = { tokens: 32768, source: 'session' };
const T0 = Date.UTC(2026, 10, 21, 15, 0, 0);
/** the calibrated estimator's figure for a user message (no usage pairs in these contexts: scale 1) */
const estUser = (text: string) => estimateMessage({ role: 'user', content: text }, 'o200k');

function ctxOf(lines: Json[]): ActiveContext {
  const entries: EntryMeta[] = lines.map((l, i) => entryMeta(l, i, 100, 'o200k')!);
  const idx = new TranscriptIndex();
  idx.apply({ reset: true, entries, cursor: { kind: 'sqlite', sessionId: 's', lastSeq: entries.length - 1 } });
  return rebuildContext(idx);
}
const iso = (ms: number) => new Date(ms).toISOString();
const u = (id: string, parentId: string | null, text: string, at: number): Json => ({ type: 'message', id, parentId, timestamp: iso(at), message: { role: 'user', content: text, timestamp: at } });
const a = (id: string, parentId: string, usage: number, at: number, text = 'ok'): Json => ({
  type: 'message',
  id,
  parentId,
  timestamp: iso(at),
  message: { role: 'assistant', content: [{ type: 'text', text }], provider: 'fake', model: 'scripted-1', usage: { input: usage, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: usage }, stopReason: 'stop', timestamp: at },
});

const row = (extra: Partial<SessionRow> = {}): SessionRow => ({ key: 'agent:main:main', sessionId: 's', updatedAt: T0, ...extra });
const gauge = (over: Partial<GaugeInput>) => computeGauge({ row: row(), context: undefined, window: W32, compaction: DEFAULTS, era: 'sqlite', ...over });

describe('gauge: used tokens', function () {
  it('fresh: OpenClaw\'s own totalTokens, not estimated (agent:main:work: 9712 of 32768 → 30%)', function () {
    const g = gauge({ row: row({ totalTokens: 9712, totalTokensFresh: true }) });
    assert.equal(g.used, 9712);
    assert.equal(g.estimated, false);
    assert.equal(g.usedSource, 'session');
    assert.equal(g.pending, 0);
    assert.equal(g.percent, 30);
    assert.ok(Math.abs(g.ratio - (9712 / 32768) * 100) < 1e-9);
    assert.equal(formatSessionsCell(g.used, g.window), '9.7k/33k (30%)');
  });

  it('totalTokensFresh absent counts as fresh; false does not (resolveFreshSessionTotalTokens)', function () {
    assert.equal(freshTotalTokens(row({ totalTokens: 100 })), 100);
    assert.equal(freshTotalTokens(row({ totalTokens: 100, totalTokensFresh: false })), undefined);
    assert.equal(freshTotalTokens(row({ totalTokensFresh: true })), undefined);
  });

  it('not fresh: last usage + the calibrated estimate of what follows, marked estimated; pi\'s chars/4 figure kept beside it', function () {
    const ctx = ctxOf([u('u1', null, 'hi', T0 - 3000), a('a1', 'u1', 5000, T0 - 2000), u('u2', 'a1', 'x'.repeat(400), T0 - 1000)]);
    const g = gauge({ row: row({ totalTokens: 9000, totalTokensFresh: false }), context: ctx });
    assert.equal(g.used, 5000 + Math.round(estUser('x'.repeat(400))));
    assert.equal(g.estimate?.tokens, 5000 + 100); // OpenClaw's arithmetic: pi estimateContextTokens
    assert.equal(g.calibrated?.tokens, g.used);
    assert.equal(g.estimated, true);
    assert.equal(g.usedSource, 'transcript');
    assert.equal(g.estimate?.lastUsageIndex, 1);
  });

  it('a session whose turns all failed (OpenClaw\'s 0, status failed): no figure; the failed prompt is estimated, never 0 %', function () {
    assert.equal(freshTotalTokens(row({ totalTokens: 0, totalTokensFresh: true, status: 'failed' })), undefined);
    assert.equal(freshTotalTokens(row({ totalTokens: 15812, totalTokensFresh: true, status: 'failed' })), 15812, 'a failed last turn after real ones keeps the figure');
    assert.equal(freshTotalTokens(row({ totalTokens: 0, totalTokensFresh: true })), 0, 'a 0 after a reset stays OpenClaw\'s');
    const ctx = ctxOf([u('u1', null, 'x'.repeat(4000), T0 - 1000)]);
    const g = gauge({ row: row({ totalTokens: 0, totalTokensFresh: true, status: 'failed' }), context: ctx });
    assert.deepEqual([g.usedSource, g.estimated], ['transcript', true]);
    assert.ok(g.used > 0 && g.percent > 0, `${g.used} (${g.percent}%)`);
  });

  it('not fresh and no transcript read: 0, source none, estimated', function () {
    const g = gauge({ row: row() });
    assert.equal(g.used, 0);
    assert.equal(g.usedSource, 'none');
    assert.equal(g.estimated, true);
  });

  it('fresh + entries newer than the row after the last usage: their estimate is added as pending', function () {
    const lines = [
      u('u1', null, 'hi', T0 - 3000),
      a('a1', 'u1', 9000, T0 - 2000),
      u('u2', 'a1', 'y'.repeat(40), T0 - 1000), // after the usage but not newer than the row: already counted by OpenClaw
      { type: 'custom', id: 'k', parentId: 'u2', timestamp: iso(T0 + 500), customType: 'openclaw.cache-ttl', data: {} }, // not in context
      u('u3', 'k', 'x'.repeat(400), T0 + 1000), // a turn in flight
      { type: 'custom_message', id: 'cm', parentId: 'u3', timestamp: iso(T0 + 2000), customType: 'vscode-ext', content: 'z'.repeat(80), display: true },
    ];
    const g = gauge({ row: row({ totalTokens: 9100, totalTokensFresh: true }), context: ctxOf(lines) });
    const pending = Math.round(estUser('x'.repeat(400)) + estimateMessage({ role: 'custom', content: 'z'.repeat(80) }, 'o200k'));
    assert.equal(g.pending, pending);
    assert.equal(g.used, 9100 + pending);
    assert.equal(g.estimated, true);
    assert.equal(g.usedSource, 'session');
  });

  it('fresh + entries newer than the row but before the last usage: nothing pending', function () {
    const g = gauge({
      row: row({ totalTokens: 9100, totalTokensFresh: true }),
      context: ctxOf([u('u1', null, 'x'.repeat(400), T0 + 1000), a('a1', 'u1', 9000, T0 + 2000)]),
    });
    assert.equal(g.pending, 0);
    assert.equal(g.used, 9100);
    assert.equal(g.estimated, false);
  });

  it('usage from before the latest compaction is not reused (example B of §2.6: pi reports unknown until the next reply)', function () {
    const summary = '## Decisions\n- Use hand-written arg parser (no yargs)';
    const lines: Json[] = [
      u('6b6b6b6b', null, 'earlier', T0 - 9000),
      u('7c7c7c7c', '6b6b6b6b', 'Now wire the parser into cli.ts', T0 - 8000),
      a('8d8d8d8d', '7c7c7c7c', 171900, T0 - 7000, 'Done; cli.ts now calls parseArgs().'),
      { type: 'compaction', id: '9e9e9e9e', parentId: '8d8d8d8d', timestamp: iso(T0 - 6000), summary, firstKeptEntryId: '7c7c7c7c', tokensBefore: 171900 },
      u('afafafaf', '9e9e9e9e', 'Run the tests', T0 - 5000),
    ];
    const g = gauge({ row: row(), context: ctxOf(lines), window: { tokens: 200000, source: 'default' } });
    const piWant = Math.ceil(summary.length / 4) + Math.ceil('Now wire the parser into cli.ts'.length / 4) + Math.ceil('Done; cli.ts now calls parseArgs().'.length / 4) + Math.ceil('Run the tests'.length / 4);
    assert.equal(g.estimate?.tokens, piWant);
    const want =
      estimateMessage({ role: 'compactionSummary', summary }, 'o200k') +
      estUser('Now wire the parser into cli.ts') +
      estimateMessage({ role: 'assistant', content: [{ type: 'text', text: 'Done; cli.ts now calls parseArgs().' }] }, 'o200k') +
      estUser('Run the tests');
    assert.equal(g.used, Math.round(want));
    assert.ok(g.used < 171900, 'the pre-compaction usage is not reused');
    assert.equal(g.estimate?.lastUsageIndex, null);
    // The first reply after the compaction brings real usage back.
    const g2 = gauge({ row: row(), context: ctxOf([...lines, a('b0b0b0b0', 'afafafaf', 2500, T0 - 4000), u('c1c1c1c1', 'b0b0b0b0', 'abcdefgh', T0 - 3000)]), window: { tokens: 200000, source: 'default' } });
    assert.equal(g2.used, 2500 + Math.round(estUser('abcdefgh')));
    assert.equal(g2.estimate?.tokens, 2500 + 2);
  });

  it('compactions: the row count, else the compactions on the active path', function () {
    const ctx = ctxOf([u('u1', null, 'a', T0), { type: 'compaction', id: 'c1', parentId: 'u1', timestamp: iso(T0 + 1), summary: 's', firstKeptEntryId: 'u1', tokensBefore: 5 }]);
    assert.equal(gauge({ row: row({ compactionCount: 3 }), context: ctx }).compactions, 3);
    assert.equal(gauge({ row: row(), context: ctx }).compactions, 1);
  });
});

describe('gauge: lines', function () {
  it('compaction from contextBudgetStatus.promptBudgetBeforeReserve (observed 24576), flush 4000 below it (observed 20576)', function () {
    const g = gauge({ row: row({ totalTokens: 8518, contextBudgetStatus: { promptBudgetBeforeReserve: 24576, estimatedPromptTokens: 14088 } }) });
    assert.equal(g.compactionAt, 24576);
    assert.equal(g.compactionSource, 'contextBudgetStatus');
    assert.equal(g.flushAt, 20576);
    assert.equal(g.toCompaction, 24576 - 8518);
    assert.equal(g.toFlush, 20576 - 8518);
    assert.equal(g.openclawEstimate, 14088);
  });

  it('SQLite era without contextBudgetStatus: window − min(20000, window/4) (32768 → 24576; 200000 → 180000)', function () {
    assert.deepEqual(compactionLine(row(), 32768, DEFAULTS, 'sqlite'), { at: 24576, source: 'reserve' });
    assert.deepEqual(compactionLine(row(), 200000, DEFAULTS, 'sqlite'), { at: 180000, source: 'reserve' });
    assert.deepEqual(compactionLine(row(), 80000, DEFAULTS, 'sqlite'), { at: 60000, source: 'reserve' });
    const g = gauge({ row: row() });
    assert.equal(g.compactionAt, 24576);
    assert.equal(g.flushAt, 20576);
  });

  it('JSONL era: window − 20000 (200k window: compaction 180000, flush 176000 as in openclaw-formats.md §4.5)', function () {
    assert.deepEqual(compactionLine(row(), 32768, DEFAULTS, 'jsonl'), { at: 12768, source: 'reserve' });
    const g = gauge({ row: row(), era: 'jsonl', window: { tokens: 200000, source: 'default' } });
    assert.equal(g.compactionAt, 180000);
    assert.equal(g.flushAt, 176000);
  });

  it('config overrides: reserveTokensFloor (0 disables it) and memoryFlush.softThresholdTokens', function () {
    const g = gauge({ row: row(), era: 'jsonl', window: { tokens: 200000, source: 'default' }, compaction: { reserveTokensFloor: 30000, softThresholdTokens: 6000 } });
    assert.equal(g.compactionAt, 170000);
    assert.equal(g.flushAt, 164000);
    assert.equal(compactionLine(row(), 200000, { reserveTokensFloor: 0, softThresholdTokens: 4000 }, 'jsonl').at, 200000);
    // promptBudgetBeforeReserve still wins over the config
    const g2 = gauge({ row: row({ contextBudgetStatus: { promptBudgetBeforeReserve: 24576 } }), compaction: { reserveTokensFloor: 30000, softThresholdTokens: 6000 } });
    assert.equal(g2.compactionAt, 24576);
    assert.equal(g2.flushAt, 18576);
  });

  it('levels at 70 / 80 / 95 % by default; checkpoint line at 80 % of the window', function () {
    const at = (used: number) => gauge({ row: row({ totalTokens: used }), window: { tokens: 100000, source: 'session' } });
    assert.equal(at(69_999).level, 'ok');
    assert.equal(at(70_000).level, 'warn');
    assert.equal(at(79_999).level, 'warn');
    assert.equal(at(80_000).level, 'checkpoint');
    assert.equal(at(94_999).level, 'checkpoint');
    assert.equal(at(95_000).level, 'danger');
    assert.equal(at(150_000).level, 'danger');
    assert.equal(at(1).checkpointAt, 80_000);
    assert.deepEqual(DEFAULT_THRESHOLDS, { warn: 70, checkpoint: 80, danger: 95 });
  });

  it('custom thresholds', function () {
    const t = { warn: 50, checkpoint: 60, danger: 90 };
    assert.equal(levelFor(49.9, t), 'ok');
    assert.equal(levelFor(50, t), 'warn');
    assert.equal(levelFor(60, t), 'checkpoint');
    assert.equal(levelFor(90, t), 'danger');
    const g = gauge({ row: row({ totalTokens: 6000 }), window: { tokens: 10000, source: 'session' }, thresholds: t });
    assert.equal(g.level, 'checkpoint');
    assert.equal(g.checkpointAt, 6000);
  });

  it('percent is rounded and capped at 999 like OpenClaw', function () {
    assert.equal(gauge({ row: row({ totalTokens: 720 }) }).percent, 2); // "Context 720/33k (2%)"
    assert.equal(gauge({ row: row({ totalTokens: 1_000_000 }), window: { tokens: 10000, source: 'session' } }).percent, 999);
  });

  it('context-window guard: warn below 32000, blocked below 16000', function () {
    const guard = (w: number) => gauge({ window: { tokens: w, source: 'modelsConfig' } }).guard;
    assert.equal(guard(32768), 'ok');
    assert.equal(guard(32000), 'ok');
    assert.equal(guard(31999), 'warn');
    assert.equal(guard(16000), 'warn');
    assert.equal(guard(15999), 'blocked');
  });
});

describe('formatting as OpenClaw prints it', function () {
  it('formatTokens (/status, formatTokenCount): ≥1M x.ym, ≥10k NNk, ≥1k N.Nk, else integer', function () {
    const cases: Array<[number, string]> = [
      [9712, '9.7k'],
      [32768, '33k'],
      [720, '720'],
      [22211, '22k'],
      [1929, '1.9k'],
      [999, '999'],
      [1000, '1.0k'],
      [10000, '10k'],
      [1_500_000, '1.5m'],
      [0, '0'],
      [-5, '0'],
      [720.4, '720'],
      // rounded before the unit is chosen: one figure never reads "10.0k" here and "9999" there
      [9949, '9.9k'],
      [9950, '10k'],
      [9999, '10k'],
      [999_499, '999k'],
      [999_500, '1.0m'],
    ];
    for (const [n, s] of cases) assert.equal(formatTokens(n), s, String(n));
    // The status notice OpenClaw wrote after a manual compaction: "Context 720/33k (2%)".
    assert.equal(`${formatTokens(720)}/${formatTokens(32768)}`, '720/33k');
  });

  it('formatTokensTable (`openclaw sessions`): always k, one decimal below 10k', function () {
    const cases: Array<[number, string]> = [
      [9712, '9.7k'],
      [32768, '33k'],
      [8253, '8.3k'],
      [8211, '8.2k'],
      [8518, '8.5k'],
      [8729, '8.7k'],
      [8151, '8.2k'],
      [720, '0.7k'],
      [9999, '10.0k'],
      [10000, '10k'],
      [200000, '200k'],
    ];
    for (const [n, s] of cases) assert.equal(formatTokensTable(n), s, String(n));
  });

  it('formatSessionsCell: used/ctx (pct%), unknown/ctx (?%)', function () {
    assert.equal(formatSessionsCell(9712, 32768), '9.7k/33k (30%)');
    assert.equal(formatSessionsCell(8253, 32768), '8.3k/33k (25%)');
    assert.equal(formatSessionsCell(8518, 32768), '8.5k/33k (26%)');
    assert.equal(formatSessionsCell(undefined, 32768), 'unknown/33k (?%)');
    assert.equal(formatSessionsCell(500000, 32768), '500k/33k (999%)');
  });

  it('formatDelta and formatAge', function () {
    assert.equal(formatDelta(16000), '16k');
    assert.equal(formatDelta(-1200), '-1.2k');
    const now = T0;
    assert.equal(formatAge(now - 10_000, now), 'just now');
    assert.equal(formatAge(now - 60_000, now), '1m ago');
    assert.equal(formatAge(now - 7 * 60_000, now), '7m ago');
    assert.equal(formatAge(now - 3 * 3600_000, now), '3h ago');
    assert.equal(formatAge(now - 72 * 3600_000, now), '3d ago');
    assert.equal(formatAge(now + 5000, now), 'just now');
  });
});
