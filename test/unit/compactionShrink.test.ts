/**
 * Issue 17 item 6: a compaction that does not shrink the context is not the default button. The verdict
 * (core/compaction/shrink.ts) and the words every preview and confirmation open with (viewModel.ts), and the
 * undo limits said before confirming.
 */
import assert from 'node:assert/strict';
import { MIN_REDUCTION, shrinkVerdict, type ShrinkKind } from '../../src/core/compaction/shrink';
import { compactPrompt, previewLines, previewTitle, undoLimits, COMPACT, COMPACT_ANYWAY, KEEP_AS_IS } from '../../src/core/compaction/viewModel';
import type { CompactionPlan } from '../../src/core/compaction/plan';
import { compactionQualityReport } from '../../src/core/compaction/quality';

const survival = { found: 0, kept: 0, lost: [] as string[] };

/** The fields of a plan the texts read, with message tokens `before` → `after`. */
function planOf(before: number, after: number): CompactionPlan {
  return {
    quality: { tokensBefore: before, tokensAfter: after, tokensSaved: before - after, summaryChars: 400, decisions: survival, reasons: survival, todos: survival, rules: survival, identifiers: survival, toolFacts: survival, artifacts: survival, asks: survival, factsFound: 0, factsKept: 0, lost: [] },
    input: { messages: [{}, {}], turnPrefixMessages: [] },
    after: [{}, {}, {}],
    cut: { isSplitTurn: false },
  } as unknown as CompactionPlan;
}

describe('compaction: does it shrink the context (the verdict, its words, the buttons)', function () {
  const rows: Array<{ name: string; before: number; after: number; kind: ShrinkKind; explicit: boolean; headline: RegExp; message: string }> = [
    { name: 'grows', before: 2073, after: 2274, kind: 'grows', explicit: true, headline: /^This compaction does not shrink the context, it grows it: messages ~2\.1k → ~2\.3k tokens \(\+10%\)\.$/, message: 'Compact k? It would grow the context.' },
    { name: 'equal', before: 5000, after: 5000, kind: 'equal', explicit: true, headline: /^This compaction does not shrink the context: messages ~5\.0k → ~5\.0k tokens \(no change\)\.$/, message: 'Compact k? It would not shrink the context.' },
    { name: 'shrinks a little', before: 26_261, after: 24_500, kind: 'little', explicit: true, headline: /^This compaction barely shrinks the context: messages ~26k → ~25k tokens \(−7%, less than 10%\); it costs detail for little room\.$/, message: 'Compact k? It would barely shrink the context.' },
    { name: 'shrinks', before: 26_261, after: 9_000, kind: 'shrinks', explicit: false, headline: /^This compaction shrinks the context: messages ~26k → ~9\.0k tokens \(−66%\)\.$/, message: 'Compact k?' },
  ];
  for (const row of rows) {
    it(`${row.name}: ${row.before} → ${row.after}`, function () {
      const v = shrinkVerdict(row.before, row.after);
      assert.deepEqual([v.kind, v.explicit, v.saved], [row.kind, row.explicit, row.before - row.after]);
      assert.equal(v.reduction, Math.round(((row.before - row.after) / row.before) * 100) / 100);
      assert.match(v.headline, row.headline);
      const p = compactPrompt('k', 'jsonl', planOf(row.before, row.after));
      assert.equal(p.message, row.message);
      assert.equal(p.detail.split('\n')[0], v.headline, 'the confirmation opens with the verdict');
      // the first button is the default: Compact only when the context shrinks
      assert.deepEqual([p.buttons, p.accept], row.explicit ? [[KEEP_AS_IS, COMPACT_ANYWAY], COMPACT_ANYWAY] : [[COMPACT], COMPACT]);
      const g = compactPrompt('k', 'sqlite', planOf(row.before, row.after), 'gateway', 'OpenClaw’s Gateway holds the store.');
      assert.deepEqual([g.buttons, g.accept], [p.buttons, p.accept], 'the same choice through the Gateway');
      assert.equal(g.detail.split('\n')[0], `${v.headline} (our plan)`);
      // the preview document's first line
      assert.equal(previewTitle('k', planOf(row.before, row.after)), row.explicit ? 'Does not shrink the context — compaction preview of k' : 'Compaction preview — k');
      assert.ok(previewLines('jsonl', planOf(row.before, row.after), 'local')[0]!.includes(v.headline));
    });
  }

  it('a plan that keeps only the last message because everything fitted in the tail says so in the confirmation; others do not', function () {
    const note = "everything fits in the 20,000-token tail, so only the last message is kept, as OpenClaw's /compact does";
    const small = { ...planOf(9000, 2000), after: [{}, {}], cut: { isSplitTurn: true, smallestTail: { keepRecentTokens: 20_000 } } } as unknown as CompactionPlan;
    assert.ok(compactPrompt('k', 'jsonl', small).detail.includes(`-token summary; 1 stays verbatim (${note})`));
    assert.ok(!compactPrompt('k', 'jsonl', planOf(9000, 2000)).detail.includes('only the last message'));
  });

  it('the line between "barely" and "shrinks" is MIN_REDUCTION of the message tokens; a non-positive before never divides by zero', function () {
    assert.equal(shrinkVerdict(1000, 1000 - MIN_REDUCTION * 1000).kind, 'shrinks');
    assert.equal(shrinkVerdict(1000, 1000 - MIN_REDUCTION * 1000 + 1).kind, 'little');
    const z = shrinkVerdict(0, 300);
    assert.deepEqual([z.kind, z.reduction], ['grows', 0]);
    assert.match(z.headline, /~0 → ~300 tokens\.$/);
    assert.equal(shrinkVerdict(0, 0).kind, 'equal');
  });
});

describe('compaction: the message tokens before count the previous summary (it leaves the context too)', function () {
  it('a second compaction: before = previous summary + dropped + kept; after = new summary + kept', function () {
    const dropped = [{ role: 'user', content: 'x'.repeat(4000), timestamp: 1 }] as never[];
    const kept = [{ role: 'user', content: 'y'.repeat(400), timestamp: 2 }] as never[];
    const without = compactionQualityReport({ dropped, kept, summary: 's'.repeat(800) });
    const withPrev = compactionQualityReport({ dropped, kept, summary: 's'.repeat(800), previousSummary: 'p'.repeat(2000) });
    const prev = withPrev.droppedTokens - without.droppedTokens;
    assert.ok(prev > 400, `the previous summary's tokens: ${prev}`);
    assert.equal(withPrev.tokensBefore, without.tokensBefore + prev);
    assert.equal(withPrev.tokensAfter, without.tokensAfter, 'the summary after replaces both');
    assert.equal(withPrev.tokensBefore, withPrev.droppedTokens + withPrev.keptTokens);
  });
});

describe('compaction: undo limits, said before confirming', function () {
  it('SQLite: only through a running Gateway (sessions.rewind, operator.admin), whoever writes the compaction', function () {
    for (const via of ['local', 'gateway'] as const) {
      const t = undoLimits('sqlite', via);
      assert.match(t, /^Undo: only through a running OpenClaw Gateway \(sessions\.rewind, which needs operator\.admin\)/);
      assert.match(t, /new transcript generation/);
      assert.match(t, /Without a Gateway this compaction cannot be undone\.$/);
    }
  });
  it('JSONL: a marker entry of ours, only while OpenClaw does not hold the store', function () {
    assert.match(undoLimits('jsonl', 'local'), /^Undo: Undo Compaction makes the earlier context active again with one marker entry/);
    assert.match(undoLimits('jsonl', 'gateway'), /only once OpenClaw no longer holds the store \(a JSONL session has no Gateway undo\)/);
  });
  it('in the confirmation and the preview of every compaction', function () {
    const plan = planOf(9000, 3000);
    assert.ok(compactPrompt('k', 'sqlite', plan).detail.endsWith(undoLimits('sqlite', 'local')));
    assert.ok(compactPrompt('k', 'jsonl', plan, 'gateway', 'x').detail.endsWith(undoLimits('jsonl', 'gateway')));
    assert.equal(previewLines('sqlite', plan, 'gateway')[1], `- ${undoLimits('sqlite', 'gateway')}`);
  });
});
