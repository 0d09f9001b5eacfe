/**
 * findCut: pi's prepareCompaction / findCutPoint (openclaw-formats.md §5.3) on index entries, checked on
 * synthetic paths (expected indices worked out by hand below) and on the real OpenClaw transcripts.
 */
import assert from 'node:assert/strict';
import { findCut, findManualCut, isValidCutPoint, DEFAULT_KEEP_RECENT_TOKENS } from '../../src/core/compaction/cutPoint';
import type { EntryMeta, EntryKind } from '../../src/core/store/types';
import { rebuildContext, TranscriptIndex } from '../../src/core/context/rebuild';
import { SqliteSessionStore } from '../../src/core/store/sqliteStore';
import { materializeRealState, realDbPath } from './helpers';

let n = 0;
function e(kind: EntryKind, role: string | undefined, tokens: number, id = `e${n++}`): EntryMeta {
  return { id, parentId: null, type: kind === 'message' ? 'message' : kind, kind, pos: n, bytes: 0, timestamp: n, role, tokens, modelVisible: true, preview: '' };
}
const user = (t: number, id?: string) => e('message', 'user', t, id);
const asst = (t: number, id?: string) => e('message', 'assistant', t, id);
const tool = (t: number, id?: string) => e('message', 'toolResult', t, id);
const state = (id?: string) => e('state', undefined, 0, id);
const comp = (id?: string) => e('compaction', undefined, 0, id);

describe('compaction cut point (pi findCutPoint)', function () {
  it('valid cut points: user/assistant/bashExecution/custom/summary messages, custom_message, branch_summary; never toolResult', function () {
    assert.equal(DEFAULT_KEEP_RECENT_TOKENS, 20_000);
    for (const r of ['user', 'assistant', 'bashExecution', 'custom', 'branchSummary', 'compactionSummary']) assert.equal(isValidCutPoint(e('message', r, 1)), true, r);
    assert.equal(isValidCutPoint(e('message', 'toolResult', 1)), false);
    assert.equal(isValidCutPoint(e('custom_message', undefined, 1)), true);
    assert.equal(isValidCutPoint(e('branch_summary', undefined, 1)), true);
    assert.equal(isValidCutPoint(e('state', undefined, 0)), false);
    assert.equal(isValidCutPoint(e('compaction', undefined, 0)), false);
  });

  it('walks back summing tokens; cuts at the first valid point at or after where the sum reaches keepRecentTokens', function () {
    // idx: 0 u(10) 1 a(10) 2 u(10) 3 a(10) 4 u(10) 5 a(10); keep 20: from the end 5(10) 4(20) → i=4, a user → cut 4
    const p = [user(10, 'u0'), asst(10), user(10, 'u2'), asst(10), user(10, 'u4'), asst(10)];
    const r = findCut(p, 20);
    assert.ok(r.ok);
    assert.equal(r.plan.cutIndex, 4);
    assert.equal(r.plan.firstKeptEntryId, 'u4');
    assert.equal(r.plan.isSplitTurn, false);
    assert.deepEqual(r.plan.toSummarize.map((x) => x.id), p.slice(0, 4).map((x) => x.id));
    assert.deepEqual(r.plan.kept.map((x) => x.id), p.slice(4).map((x) => x.id));
  });

  it('a cut inside a turn (assistant) is a split turn: the prefix from the user message is summarised apart', function () {
    // 0 u(5) 1 a(5) 2 u(5) 3 a+call(5) 4 tool(30) 5 a(5); keep 30: 5(5) 4(35) → i=4 toolResult, first valid ≥4 is 5 (assistant)
    const p = [user(5, 'u0'), asst(5), user(5, 'u2'), asst(5, 'a3'), tool(30, 't4'), asst(5, 'a5')];
    const r = findCut(p, 30);
    assert.ok(r.ok);
    assert.equal(r.plan.cutIndex, 5);
    assert.equal(r.plan.isSplitTurn, true);
    assert.equal(r.plan.turnStart, 2);
    assert.deepEqual(r.plan.toSummarize.map((x) => x.id), [p[0]!.id, p[1]!.id]);
    assert.deepEqual(r.plan.turnPrefix.map((x) => x.id), ['u2', 'a3', 't4']);
    assert.deepEqual(r.plan.kept.map((x) => x.id), ['a5']);
  });

  it('the cut moves back over adjacent state entries, stopping at a message', function () {
    // 0 u(50) 1 a(50) 2 state 3 state 4 u(10) 5 a(10); keep 20 → i=4 → cut 4 → back over 3,2 → 2 (stops: 1 is a message)
    const p = [user(50), asst(50, 'a1'), state('s2'), state('s3'), user(10, 'u4'), asst(10)];
    const r = findCut(p, 20);
    assert.ok(r.ok);
    assert.equal(r.plan.cutIndex, 2);
    assert.equal(r.plan.firstKeptEntryId, 's2');
  });

  it('custom_message tokens count; the slide-back stops at a custom_message; runtime carriers are no cut points (OpenClaw findCutPoint)', function () {
    const note = (t: number, id?: string) => e('custom_message', undefined, t, id);
    // [U 100, A 100, U 100, A 100, note 1000], keep 500: the note alone reaches 500 → cut at it (index 4)
    const p1 = [user(100), asst(100), user(100), asst(100), note(1000, 'n4')];
    const r1 = findCut(p1, 500);
    assert.ok(r1.ok);
    assert.equal(r1.plan.cutIndex, 4);
    // [U 100, A 100, note 5, U 500, A 10], keep 300: the walk reaches 300 at U (3); the slide-back stops at the note
    const p2 = [user(100), asst(100), note(5, 'n2'), user(500, 'u3'), asst(10)];
    const r2 = findCut(p2, 300);
    assert.ok(r2.ok);
    assert.equal(r2.plan.cutIndex, 3);
    assert.equal(r2.plan.isSplitTurn, false);
    // a runtime-context carrier is not a cut point: the cut goes to the next valid one
    const p3 = [user(100, 'u0'), asst(100), user(100, 'u2'), note(400, 'carrier'), asst(50, 'a4')];
    const r3 = findCut(p3, 400, undefined, (x) => x.id === 'carrier');
    assert.ok(r3.ok);
    assert.equal(r3.plan.cutIndex, 4, 'not at the carrier (3)');
    assert.equal(r3.plan.turnStart, 2, 'the turn starts at the user message, not at the carrier');
    const r3b = findCut(p3, 400);
    assert.ok(r3b.ok);
    assert.equal(r3b.plan.cutIndex, 3, 'without the predicate the note is a cut point');
  });

  it('starts after the previous compaction and reports it; never cuts before it', function () {
    const p = [user(100), asst(100), comp('c2'), user(10, 'u3'), asst(10), user(10, 'u5'), asst(10)];
    const r = findCut(p, 15);
    assert.ok(r.ok);
    assert.equal(r.plan.boundaryStart, 3);
    assert.equal(r.plan.previousCompaction?.id, 'c2');
    assert.equal(r.plan.cutIndex, 5);
    assert.deepEqual(r.plan.toSummarize.map((x) => x.id), ['u3', p[4]!.id]);
    // everything fits the tail: the default cut keeps all, nothing to summarise → refused with a reason
    const all = findCut(p, 1000);
    assert.equal(all.ok, false);
  });

  it("a compaction asked for (OpenClaw's preflightManualSessionCompaction): when everything fits in the tail, only the last message is kept", function () {
    // 0 u(5) 1 a(5) 2 u(5) 3 a+call(5) 4 tool(30) 5 a(5): 55 tokens, all inside a 1,000-token tail
    const p = [user(5, 'u0'), asst(5, 'a1'), user(5, 'u2'), asst(5, 'a3'), tool(30, 't4'), asst(5, 'a5')];
    const fits = findCut(p, 1000);
    assert.ok(!fits.ok && fits.fitsTail);
    const r = findManualCut(p, 1000);
    assert.ok(r.ok);
    // keepRecentTokens 0: the walk stops at the last message (a5), an assistant: its turn (u2 …) is a split turn
    assert.deepEqual([r.plan.cutIndex, r.plan.isSplitTurn, r.plan.turnStart], [5, true, 2]);
    assert.deepEqual(r.plan.toSummarize.map((x) => x.id), ['u0', 'a1']);
    assert.deepEqual(r.plan.turnPrefix.map((x) => x.id), ['u2', 'a3', 't4']);
    assert.deepEqual(r.plan.kept.map((x) => x.id), ['a5']);
    assert.deepEqual(r.plan.smallestTail, { keepRecentTokens: 1000 });
    // a tail that does not hold everything: the same cut as findCut, no smallest-tail mark
    const normal = findManualCut(p, 30);
    const plain = findCut(p, 30);
    assert.ok(normal.ok && plain.ok);
    assert.deepEqual(normal.plan, plain.plan);
    assert.equal(normal.plan.smallestTail, undefined);
    // the other refusals stay refusals (nothing to cut again)
    const justCompacted = findManualCut([user(10), asst(10), comp()], 1000);
    assert.ok(!justCompacted.ok && /just compacted/.test(justCompacted.reason));
    // one user message alone: the smallest tail keeps it and has nothing to summarise either
    const lone = findManualCut([user(10)], 1000);
    assert.ok(!lone.ok && lone.fitsTail);
  });

  it('refuses: empty path, last entry a compaction, no messages since the last compaction', function () {
    assert.equal(findCut([]).ok, false);
    const r = findCut([user(10), asst(10), comp()]);
    assert.ok(!r.ok && /just compacted/.test(r.reason));
    const r2 = findCut([user(10), comp(), state()]);
    assert.ok(!r2.ok && /no messages/.test(r2.reason));
  });

  it('on every real OpenClaw transcript: the cut is a valid point, the kept tail reaches keepRecentTokens or starts at the first cut point, nothing is lost', function () {
    const dir = materializeRealState();
    const store = new SqliteSessionStore('main', realDbPath(dir), () => undefined);
    const { rows } = store.readRows(true);
    let checked = 0;
    for (const row of rows) {
      const index = new TranscriptIndex();
      index.apply(store.readTranscript(row, undefined, { full: true }));
      const ctx = rebuildContext(index);
      for (const keep of [50, 200, 1000, 4000]) {
        const r = findCut(ctx.path, keep);
        if (!r.ok) continue;
        checked++;
        const p = r.plan;
        const cut = ctx.path[p.cutIndex]!;
        // the cut is a valid point, or a state entry the walk-back moved onto
        assert.ok(isValidCutPoint(cut) || !(cut.modelVisible && (cut.kind === 'message' || cut.kind === 'custom_message' || cut.kind === 'branch_summary')), `${row.key}: cut on ${cut.kind}/${cut.role}`);
        assert.notEqual(cut.role, 'toolResult');
        // partition: summarised + prefix + kept = the path after the boundary
        assert.equal(p.toSummarize.length + p.turnPrefix.length + p.kept.length, ctx.path.length - p.boundaryStart);
        // the walk stopped between the previous valid point j and the cut: everything after j reaches the budget
        // (the kept tail itself may hold less when the walk stopped on tool results before the cut)
        let j = -1;
        for (let k = p.cutIndex - 1; k >= p.boundaryStart; k--) if (isValidCutPoint(ctx.path[k]!)) { j = k; break; }
        if (j >= 0) {
          const after = ctx.path
            .slice(j + 1)
            .filter((x) => x.modelVisible && (x.kind === 'message' || x.kind === 'custom_message' || x.kind === 'branch_summary'))
            .reduce((s, x) => s + x.tokens, 0);
          assert.ok(after >= keep, `${row.key}: only ${after} tokens after the previous valid point, under ${keep}`);
        }
        if (p.isSplitTurn) {
          const ts = ctx.path[p.turnStart]!;
          assert.ok(ts.role === 'user' || ts.role === 'bashExecution' || ts.kind === 'custom_message' || ts.kind === 'branch_summary', `${row.key}: the split turn starts at ${ts.kind}/${ts.role}`);
        }
      }
    }
    assert.ok(checked >= 4, `cuts checked on the real transcripts: ${checked}`);
  });
});
