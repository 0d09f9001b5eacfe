/**
 * Ahead of compaction, in the view models and the policy (table tests): the warning (compactionWarning) on the
 * status bar's text, colour, tooltip and accessibility and in the tree's description; a compaction that just
 * appeared (the flash); the tree's icon per fill level; seed 004's two thresholds (policy.ts); the settings' defaults
 * in package.json.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { computeFigures } from '../../src/core/context/figures';
import { rebuildContext, TranscriptIndex } from '../../src/core/context/rebuild';
import { entryMeta } from '../../src/core/store/entries';
import type { EntryMeta, SessionRow } from '../../src/core/store/types';
import { LEVEL_ICONS, sessionDescription, sessionIcon, statusBarModel } from '../../src/core/context/viewModel';
import { compactionWarning, DEFAULT_WARN_TURNS, forecastLine, forecastText, type Forecast } from '../../src/core/context/forecast';
import { DEFAULT_POLICY, policyLines, policySteps } from '../../src/core/context/policy';
import type { SessionState } from '../../src/core/context/session';
import type { GaugeLevel } from '../../src/core/context/gauge';

type Json = Record<string, unknown>;

let clock = 0;
const ts = () => new Date(Date.UTC(2026, 10, 20, 9, 0, 0) + ++clock * 1000).toISOString();
/** n turns, the prompt growing by `step` per turn up to `last` */
function growingLines(n: number, last: number, step: number): Json[] {
  const out: Json[] = [];
  let parent: string | null = null;
  for (let i = 0; i < n; i++) {
    const u: Json = { type: 'message', id: `u${i}`, parentId: parent, timestamp: ts(), message: { role: 'user', content: `question ${i}` } };
    const prompt = last - (n - 1 - i) * step;
    const a: Json = { type: 'message', id: `a${i}`, parentId: `u${i}`, timestamp: ts(), message: { role: 'assistant', content: [{ type: 'text', text: `answer ${i}` }], provider: 'openai', model: 'gpt', usage: { input: prompt, output: 10, cacheRead: 0, cacheWrite: 0, totalTokens: prompt + 10 }, stopReason: 'stop' } };
    out.push(u, a);
    parent = `a${i}`;
  }
  return out;
}

/** A session whose OpenClaw count is `used`, after turns growing by `step` (32,768 window: compaction at 24,576). */
function session(used: number, step: number, extra: Partial<SessionRow> = {}): SessionState {
  const entries = growingLines(6, used, step).map((l, i) => entryMeta(l, i, 100, 'o200k')).filter((m): m is EntryMeta => !!m);
  const idx = new TranscriptIndex();
  idx.apply({ reset: true, entries, cursor: { kind: 'sqlite', sessionId: 's', lastSeq: entries.length } });
  const context = rebuildContext(idx);
  const row: SessionRow = { key: 'agent:main:s', sessionId: 's', updatedAt: Date.now() + 3_600_000, totalTokens: used, totalTokensFresh: true, contextTokens: 32_768, status: 'done', ...extra };
  const window = { tokens: 32_768, source: 'session' as const };
  const figures = computeFigures({ row, context, window, compaction: { reserveTokensFloor: 20_000, softThresholdTokens: 4000 }, era: 'sqlite' });
  return { uid: 'x|main|agent:main:s', stateDir: 'x', agentId: 'main', era: 'sqlite', row, window, figures, context, index: idx, lastActivity: 1 };
}

describe('the warning before compaction', () => {
  const table: Array<{ name: string; used: number; step: number; warnTurns: number; turns: number | undefined; text: RegExp; background: string }> = [
    { name: 'far from the line: no warning', used: 12_000, step: 1000, warnTurns: 2, turns: undefined, text: /^\$\(pulse\) 37% 12k\/33k$/, background: 'none' },
    { name: '2 turns away (the default)', used: 21_000, step: 2000, warnTurns: DEFAULT_WARN_TURNS, turns: 2, text: /^\$\(pulse\) 64% 21k\/33k · compaction in ~2 turns$/, background: 'warning' },
    { name: '1 turn away', used: 23_500, step: 2000, warnTurns: 2, turns: 1, text: / · compaction in ~1 turn$/, background: 'warning' },
    { name: 'on the line: next turn', used: 24_576, step: 2000, warnTurns: 2, turns: 0, text: / · compaction next turn$/, background: 'warning' },
    { name: '3 turns away with the default: not yet', used: 19_000, step: 2000, warnTurns: 2, turns: undefined, text: /^\$\(pulse\) 58% 19k\/33k$/, background: 'none' },
    { name: '3 turns away with warnTurns 3', used: 19_000, step: 2000, warnTurns: 3, turns: 3, text: / · compaction in ~3 turns$/, background: 'warning' },
    { name: 'warnTurns 0 turns it off', used: 24_576, step: 2000, warnTurns: 0, turns: undefined, text: /^\$\(pulse\) 75% 25k\/33k$/, background: 'warning' /* the 70 % level */ },
    { name: 'not growing: no warning', used: 22_000, step: 0, warnTurns: 2, turns: undefined, text: /^\$\(pulse\) 67% 22k\/33k$/, background: 'none' },
  ];
  for (const t of table) {
    it(t.name, () => {
      const s = session(t.used, t.step);
      assert.equal(compactionWarning(s.figures, t.warnTurns)?.turns, t.turns);
      const m = statusBarModel(s, { pinned: false, now: Date.now(), warnTurns: t.warnTurns });
      assert.match(m.text, t.text);
      assert.equal(m.background, t.background);
      assert.match(m.tooltip, /\| Forecast \| /);
      if (t.turns !== undefined) {
        assert.match(m.tooltip, /\| Forecast \| \*\*compaction (in about \d turns?|at the next turn) \(\\~[\d.]+k per turn over the last \d turns?\)\*\* \|/);
        assert.match(m.accessibility, /; compaction (in about|at the next)/);
        assert.match(sessionDescription(s, false, t.warnTurns), /· compaction (in ~\d turns?|next turn)$/);
      } else {
        assert.doesNotMatch(m.text, /compaction/);
        assert.doesNotMatch(sessionDescription(s, false, t.warnTurns), /compaction/);
      }
    });
  }

  it("OpenClaw already flushed in this compaction cycle: the flush line is done, not 'at the next turn'", () => {
    // as the third real dataset's agent:ops:long: past the flush line, OpenClaw's own flush recorded at the current count
    const due = session(21_000, 500, { compactionCount: 3 });
    assert.equal(forecastLine(due.figures.forecast, 'flush')?.turns, 0);
    assert.equal(forecastText(due.figures.forecast, 'flush'), 'memory flush at the next turn');
    const done = session(21_000, 500, { compactionCount: 3, memoryFlush: { kind: 'succeeded', compactionCount: 3 } });
    const l = forecastLine(done.figures.forecast, 'flush')!;
    assert.deepEqual([l.done, l.turns, l.left], [true, undefined, 20_576 - 21_000]);
    assert.match(forecastText(done.figures.forecast, 'flush'), /^memory flush already done in this cycle/);
    assert.equal(forecastLine(done.figures.forecast, 'compaction')?.turns, due.figures.forecast.lines.find((x) => x.id === 'compaction')?.turns, 'the compaction line is unchanged');
    // a flush at an earlier count is a past cycle's: due again
    const earlier = session(21_000, 500, { compactionCount: 3, memoryFlush: { kind: 'succeeded', compactionCount: 2 } });
    assert.equal(forecastLine(earlier.figures.forecast, 'flush')?.turns, 0);
  });

  it('no transcript read: no forecast row, no warning', () => {
    const s = session(24_576, 2000);
    const bare = { ...s, context: undefined, figures: { ...s.figures, forecast: { status: 'unknown', basedOnTurns: 0, lines: [] } as Forecast } } as SessionState;
    const m = statusBarModel(bare, { pinned: false, now: 1, warnTurns: 2 });
    assert.doesNotMatch(m.tooltip, /Forecast/);
    assert.doesNotMatch(m.text, /compaction/);
  });
});

describe('a compaction that just appeared (the flash)', () => {
  it('the gauge shows before → after for a moment, in the text, the tooltip and for screen readers', () => {
    const s = session(9000, 500);
    const m = statusBarModel(s, { pinned: false, now: 1, warnTurns: 2, flash: { before: 24_594, after: 10_736, estimated: true } });
    assert.equal(m.text, '$(fold) compacted 25k → ~11k');
    assert.match(m.tooltip, /\| Just now \| compacted 25k → \\~11k \|/);
    assert.match(m.accessibility, /; compacted 25k → ~11k$/);
    assert.equal(statusBarModel(s, { pinned: false, now: 1 }).text, '$(pulse) 27% 9.0k/33k');
  });
});

describe('the Sessions tree: an icon per fill level', () => {
  const levels: Array<{ used: number; level: GaugeLevel; color: string }> = [
    { used: 5000, level: 'ok', color: 'charts.green' },
    { used: 23_500, level: 'warn', color: 'charts.yellow' },
    { used: 27_000, level: 'checkpoint', color: 'charts.orange' },
    { used: 31_500, level: 'danger', color: 'charts.red' },
  ];
  for (const l of levels) {
    it(`${l.level}: ${LEVEL_ICONS[l.level]} in ${l.color}`, () => {
      const s = session(l.used, 100);
      assert.equal(s.figures.level, l.level);
      assert.deepEqual(sessionIcon(s), { icon: LEVEL_ICONS[l.level], color: l.color });
    });
  }
  it('four different icons', () => assert.equal(new Set(Object.values(LEVEL_ICONS)).size, 4));
  it('a failed turn keeps its state icon; a count that is only not current keeps the level icon', () => {
    assert.deepEqual(sessionIcon(session(23_500, 100, { status: 'failed' })), { icon: 'error', color: 'charts.red' });
    const stale = session(23_500, 100, { totalTokensFresh: false });
    assert.equal(stale.figures.health.primary, 'stale');
    assert.equal(sessionIcon(stale).icon, LEVEL_ICONS[stale.figures.level]);
  });
  it('no figure at all: the empty icon, dimmed', () => {
    const s = session(5000, 100);
    const unknown = { ...s, figures: { ...s.figures, known: false } } as SessionState;
    assert.deepEqual(sessionIcon(unknown), { icon: LEVEL_ICONS.ok, color: 'disabledForeground' });
  });
});

describe("seed 004's two thresholds (policy)", () => {
  const on = { ...DEFAULT_POLICY, enabled: true };
  const g = (used: number) => ({ used, window: 32_768, known: true });
  const table: Array<{ name: string; used: number; policy: typeof on; steps: string[] }> = [
    { name: 'off by default', used: 30_000, policy: DEFAULT_POLICY, steps: [] },
    { name: 'under 50 %', used: 16_383, policy: on, steps: [] },
    { name: 'at 50 %', used: 16_384, policy: on, steps: ['early-export'] },
    { name: 'at 70 %: cleanup first, the export too', used: 22_938, policy: on, steps: ['cleanup', 'early-export'] },
    { name: 'custom lines', used: 10_000, policy: { enabled: true, earlyExportPercent: 30, cleanupPercent: 60 }, steps: ['early-export'] },
  ];
  for (const t of table) it(t.name, () => assert.deepEqual(policySteps(g(t.used), t.policy), t.steps));
  it('unknown fill: nothing', () => assert.deepEqual(policySteps({ ...g(30_000), known: false }, on), []));
  it('the two lines for the fill over time, none when off', () => {
    assert.deepEqual(policyLines({ window: 32_768 }, on).map((l) => [l.id, l.tokens, l.label]), [
      ['early-export', 16_384, 'Early export (50 %)'],
      ['cleanup', 22_937, 'Cleanup (70 %)'],
    ]);
    assert.deepEqual(policyLines({ window: 32_768 }, DEFAULT_POLICY), []);
  });
  it("against OpenClaw's lines: the early export before its memory flush from 16k windows up; the cleanup before it only over 80k", () => {
    const table: Array<[number, boolean, boolean]> = [
      // window, early export < flush line, cleanup < flush line
      [32_768, true, false], // flush 20,576 (63 %), compaction 24,576 (75 %)
      [49_152, true, false],
      [80_000, true, false], // flush 56,000 = 70 %
      [128_000, true, true], // flush 104,000 (81 %)
      [200_000, true, true], // flush 176,000 (88 %)
      [1_000_000, true, true],
    ];
    for (const [window, earlyFirst, cleanupFirst] of table) {
      const s = session(5000, 100, { contextTokens: window });
      const f = computeFigures({ row: s.row, context: s.context, window: { tokens: window, source: 'session' }, compaction: { reserveTokensFloor: 20_000, softThresholdTokens: 4000 }, era: 'sqlite' });
      const [early, cleanup] = policyLines(f, on);
      assert.equal(early!.tokens < f.flushAt, earlyFirst, `${window}: early ${early!.tokens} vs flush ${f.flushAt}`);
      assert.equal(cleanup!.tokens < f.flushAt, cleanupFirst, `${window}: cleanup ${cleanup!.tokens} vs flush ${f.flushAt}`);
      assert.ok(f.flushAt < f.compactionAt && cleanup!.tokens < f.compactionAt, `${window}: both before the compaction line`);
    }
  });
});

describe('the settings in package.json', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, { default: unknown; markdownDescription?: string }> } } };
  const props = pkg.contributes.configuration.properties;
  it('compaction.warnTurns defaults to the forecast module\'s default; the policy is off with seed 004\'s lines', () => {
    assert.equal(props['openclawContext.compaction.warnTurns']?.default, DEFAULT_WARN_TURNS);
    assert.equal(props['openclawContext.policy.enabled']?.default, DEFAULT_POLICY.enabled);
    assert.equal(props['openclawContext.policy.earlyExportPercent']?.default, DEFAULT_POLICY.earlyExportPercent);
    assert.equal(props['openclawContext.policy.cleanupPercent']?.default, DEFAULT_POLICY.cleanupPercent);
  });
  it('no internal words in what users read', () => {
    for (const k of ['openclawContext.compaction.warnTurns', 'openclawContext.policy.enabled']) assert.doesNotMatch(props[k]!.markdownDescription!, /epoch/i, k);
  });
});
