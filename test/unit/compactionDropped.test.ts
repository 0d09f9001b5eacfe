/**
 * What a compaction dropped (core/compaction/dropped.ts), on the second real OpenClaw state: `ops:spiral` was
 * compacted four times by OpenClaw itself. Each compaction's dropped + kept entries are exactly the context right
 * before it, the kept ones are exactly what the context right after it carries over, and it stays fast.
 */
import assert from 'node:assert/strict';
import { compactionDrop, dropFiguresLine } from '../../src/core/compaction/dropped';
import { ContextModel, type SessionState } from '../../src/core/context/model';
import { contextItemsOf } from '../../src/core/context/rebuild';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';
import { materializeSecondState } from './helpers';

describe('what a compaction dropped', function () {
  this.timeout(60_000);
  let model: ContextModel;
  let spiral: SessionState;

  before(function () {
    const dir = materializeSecondState();
    model = new ContextModel({ stateDirs: resolveStateDirs(dir, undefined, processEnv()), env: processEnv() });
    model.refresh(true);
    const s = model.sessions().find((x) => x.row.key.endsWith(':spiral'));
    assert.ok(s, 'the ops:spiral session');
    spiral = model.ensureTranscript(s.uid)!;
  });
  after(() => model.dispose());

  it('ops:spiral: every compaction splits the context before it at its first kept entry', function () {
    const path = spiral.context!.path;
    const cs = spiral.context!.compactions;
    assert.ok(cs.length >= 4, `compacted ${cs.length} times`);
    for (const c of cs) {
      const at = path.indexOf(c);
      const d = compactionDrop(path, at)!;
      const before = contextItemsOf(path.slice(0, at)).items;
      // dropped + kept = the context right before, in order
      assert.deepEqual([...d.dropped, ...d.kept].map((m) => m.id), before.map((m) => m.id));
      // kept = what the context right after carries over (after its new summary)
      const after = contextItemsOf(path.slice(0, at + 1)).items;
      assert.deepEqual(d.kept.map((m) => m.id), after.slice(1).map((m) => m.id));
      assert.equal(d.firstKeptMissing, false);
      assert.ok(d.dropped.length > 0, 'something was dropped');
      assert.ok(d.droppedTokens > 0);
      assert.match(dropFiguresLine(d), /^\d+ entr(y|ies) dropped \(~[\d.,]+k? tokens\), \d+ entr(y|ies) kept/);
    }
    // from the second compaction on, the previous summary is among what was dropped (the new summary replaces it)
    for (const c of cs.slice(1)) assert.equal(compactionDrop(path, path.indexOf(c))!.dropped[0]!.kind, 'compaction');
  });

  it('a first kept entry that is not on the path: everything before the compaction was dropped', function () {
    const path = spiral.context!.path;
    const c = spiral.context!.compactions[0]!;
    const at = path.indexOf(c);
    const fake = [...path.slice(0, at), { ...c, firstKeptEntryId: 'not-there' }];
    const d = compactionDrop(fake, at)!;
    assert.equal(d.firstKeptMissing, true);
    assert.deepEqual(d.kept, []);
    assert.equal(d.dropped.length, contextItemsOf(path.slice(0, at)).items.length);
    assert.equal(compactionDrop(path, path.findIndex((e) => e.kind !== 'compaction')), undefined, 'not a compaction');
  });

  it('is fast: all four compactions in well under a second', function () {
    const path = spiral.context!.path;
    const t0 = performance.now();
    for (const c of spiral.context!.compactions) compactionDrop(path, path.indexOf(c));
    assert.ok(performance.now() - t0 < 200, `${Math.round(performance.now() - t0)} ms`);
  });
});
