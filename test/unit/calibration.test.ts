/**
 * Usage calibration: actual prompt growth between consecutive calls ÷ estimated growth.
 */
import assert from 'node:assert/strict';
import { calibrate, CALIBRATION_PRIOR_TOKENS } from '../../src/core/context/calibration';
import { computeGauge } from '../../src/core/context/gauge';
import { rebuildContext, TranscriptIndex } from '../../src/core/context/rebuild';
import { entryMeta } from '../../src/core/store/entries';
import type { EntryMeta } from '../../src/core/store/types';

type Json = Record<string, unknown>;
const T0 = Date.UTC(2026, 10, 21, 15, 0, 0);
let n = 0;
const iso = (ms: number) => new Date(ms).toISOString();
const user = (id: string, parentId: string | null, text: string): Json => ({ type: 'message', id, parentId, timestamp: iso(T0 + n++ * 1000), message: { role: 'user', content: text } });
const asst = (id: string, parentId: string, prompt: number, text = 'ok'): Json => ({
  type: 'message',
  id,
  parentId,
  timestamp: iso(T0 + n++ * 1000),
  message: { role: 'assistant', content: [{ type: 'text', text }], provider: 'anthropic', model: 'claude-x', usage: { input: prompt, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: prompt + 5 }, stopReason: 'stop' },
});

function ctx(lines: Json[]) {
  const idx = new TranscriptIndex();
  idx.apply({ reset: true, entries: lines.map((l, i) => entryMeta(l, i, 10, 'o200k')!), cursor: { kind: 'sqlite', sessionId: 's', lastSeq: lines.length } });
  return rebuildContext(idx);
}

/** A conversation whose provider counts exactly `factor` × our estimate for every message added. */
function conversation(factor: number, turns: number): Json[] {
  const lines: Json[] = [];
  let prompt = 5000; // system prompt etc.: cancels out
  let parent: string | null = null;
  let lastReply: EntryMeta | undefined;
  for (let t = 0; t < turns; t++) {
    const u = user(`u${t}`, parent, `Please look at item ${t} and explain what it does in detail, step by step.`.repeat(3));
    const uMeta = entryMeta(u, 0, 1, 'o200k')!;
    prompt += Math.round(factor * ((lastReply?.est ?? 0) + uMeta.est!));
    const a = asst(`a${t}`, `u${t}`, prompt, `Item ${t} parses the configuration and returns a map of settings.`.repeat(2));
    lastReply = entryMeta(a, 0, 1, 'o200k')!;
    lines.push(u, a);
    parent = `a${t}`;
  }
  return lines;
}

describe('usage calibration', () => {
  it('learns actual ÷ estimated from consecutive calls, shrunk toward 1 by a small prior', () => {
    const c = calibrate(ctx(conversation(1.3, 6)))!;
    assert.equal(c.pairs, 5);
    assert.ok(Math.abs(c.actual / c.estimated - 1.3) < 0.02, `raw ratio ${c.actual / c.estimated}`);
    assert.equal(c.scale, (c.actual + CALIBRATION_PRIOR_TOKENS) / (c.estimated + CALIBRATION_PRIOR_TOKENS));
    assert.ok(c.scale > 1.2 && c.scale < 1.3);
    const low = calibrate(ctx(conversation(0.7, 6)))!;
    assert.ok(low.scale < 0.8 && low.scale > 0.7);
  });

  it('needs two calls; one usage record or none gives no calibration', () => {
    assert.equal(calibrate(ctx(conversation(1.3, 1))), undefined);
    assert.equal(calibrate(ctx([user('u', null, 'hello')])), undefined);
  });

  it('a compaction between two calls breaks the pair', () => {
    const lines = conversation(1.3, 2);
    const comp = { type: 'compaction', id: 'c', parentId: 'a0', timestamp: iso(T0 + 500), summary: 'summary', firstKeptEntryId: 'a0', tokensBefore: 6000 };
    (lines[2] as Json).parentId = 'c';
    lines.splice(2, 0, comp);
    assert.equal(calibrate(ctx(lines)), undefined);
  });

  it('outliers (prompt shrank, or grew 10× the estimate) are skipped', () => {
    const lines = conversation(1.0, 4);
    // make the second call's prompt smaller than the first (OpenClaw truncated a tool result in memory)
    ((lines[3] as Json).message as Json).usage = { input: 10, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 11 };
    const c = calibrate(ctx(lines))!;
    assert.ok(c.pairs < 3);
  });

  it('the gauge applies the scale to what follows the last usage and reports it', () => {
    const lines = conversation(1.5, 5);
    const tail = user('tail', 'a4', 'One more question about the parser and the way it handles comments.'.repeat(4));
    lines.push(tail);
    const context = ctx(lines);
    const cal = calibrate(context)!;
    const g = computeGauge({ row: { key: 'k', sessionId: 's', updatedAt: 0 }, context, window: { tokens: 200000, source: 'default' }, compaction: { reserveTokensFloor: 20000, softThresholdTokens: 4000 }, era: 'jsonl' });
    const last = context.items[context.items.length - 2]!;
    assert.equal(g.calibration?.scale, cal.scale);
    assert.equal(g.used, Math.round(last.usageTokens! + entryMeta(tail, 0, 1, 'o200k')!.est! * cal.scale));
    assert.equal(g.estimate?.tokens, last.usageTokens! + entryMeta(tail, 0, 1)!.tokens); // pi's chars/4 kept beside it
  });
});
