/**
 * Writes that depend on what they read re-check it under their lock (issue 15, finding 2), in-process:
 * - the session writers with `expect` (the PlanBasis a preview was made from, planBasisOf): a session that
 *   moved on is refused 'changed' with the re-plan wording, the store byte-identical; an unchanged one is written;
 * - the memory writers under `<file>.lock` (store/lock.ts): a live foreign lock makes them wait, then refuse
 *   'locked' with the file untouched; a lock left by a dead process is reclaimed.
 * The cross-process races themselves are in concurrentWriters.test.ts.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ContextModel, planBasisOf } from '../../src/core/context/model';
import { appendInside, MemoryWriteError } from '../../src/core/memory/fsSafe';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';
import { appendToSession } from '../../src/core/store/sessionWrite';
import { liveChild, materializeDemoState, realDbPath, tmpDir } from './helpers';
import { note } from './support/writer';

const children: ChildProcess[] = [];
after(function () {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

const sha = (f: string) => crypto.createHash('sha256').update(fs.readFileSync(f)).digest('hex');
const noOwner = { ownership: { tmpDir: tmpDir('occtx-systmp-'), probePort: false } };

function openSession(state: string, key: string) {
  const env = processEnv();
  const m = new ContextModel({ stateDirs: resolveStateDirs(state, undefined, env), env });
  m.refresh();
  const s = m.sessions().find((x) => x.row.key === key)!;
  m.ensureTranscript(s.uid);
  return { m, s, target: m.writeTarget(s.uid)! };
}

describe('session writes re-check the plan basis under their lock', function () {
  this.timeout(30_000);

  for (const [era, key] of [
    ['JSONL', 'agent:legacy:work'],
    ['SQLite', 'agent:main:work'],
  ] as const) {
    it(`${era}: a plan made before another write is refused 'changed' (store byte-identical); a fresh one is written`, async function () {
      const state = materializeDemoState();
      const a = openSession(state, key);
      const b = openSession(state, key);
      try {
        const basisA = planBasisOf(a.s)!;
        const basisB = planBasisOf(b.s)!;
        assert.ok(basisA.leafId, 'the basis names the leaf');
        assert.deepEqual(basisA, basisB, 'two readers of the same state agree');
        assert.ok(era === 'JSONL' ? basisA.size! > 0 : basisA.lastSeq! > 0 && !!basisA.sessionId);
        const first = await appendToSession(a.target, [note('first')], { ...noOwner, expect: basisA });
        assert.ok(first.ok, JSON.stringify(first));
        const store = era === 'JSONL' ? first.location : realDbPath(state);
        const before = sha(store);
        const stale = await appendToSession(b.target, [note('second, from a stale plan')], { ...noOwner, expect: basisB });
        assert.ok(!stale.ok && stale.code === 'changed', JSON.stringify(stale));
        assert.match(stale.message, /changed since the preview \(its last entry is now .+, the plan saw .+\); nothing was written\. Re-plan/);
        assert.equal(sha(store), before, 'nothing written');
        // re-planned: the reader refreshes, its new basis is current, the write goes through
        b.m.refresh();
        b.m.ensureTranscript(b.s.uid);
        const fresh = await appendToSession(b.target, [note('second, re-planned')], { ...noOwner, expect: planBasisOf(b.s) });
        assert.ok(fresh.ok, JSON.stringify(fresh));
        assert.equal(fresh.previousLeafId, first.written[0]!.id);
      } finally {
        a.m.dispose();
        b.m.dispose();
      }
    });
  }

  it('JSONL: bytes appended without a new leaf (same last id) still count as a change (the size)', async function () {
    const state = materializeDemoState();
    const a = openSession(state, 'agent:legacy:work');
    try {
      const basis = planBasisOf(a.s)!;
      const file = a.s.index!.cursor!.kind === 'jsonl' ? a.s.index!.cursor!.file : '';
      fs.appendFileSync(file, '\n'); // a blank line: no entry, no new leaf
      const r = await appendToSession(a.target, [note('x')], { ...noOwner, expect: basis });
      assert.ok(!r.ok && r.code === 'changed', JSON.stringify(r));
      assert.match(r.message, /it is now \d+ bytes, the plan saw \d+/);
    } finally {
      a.m.dispose();
    }
  });
});

describe('memory writes take the file lock for the check and the write', function () {
  this.timeout(30_000);

  it('a live foreign lock: waits, then refuses locked, the file untouched; a dead owner’s lock is reclaimed', async function () {
    const ws = tmpDir('occtx-lockws-');
    const file = path.join(ws, 'MEMORY.md');
    fs.writeFileSync(file, '# MEMORY.md\n');
    const live = await liveChild(children);
    fs.writeFileSync(`${file}.lock`, JSON.stringify({ pid: live.pid, createdAt: new Date().toISOString(), ...(live.startTime !== null ? { starttime: live.startTime } : {}) }));
    const t0 = Date.now();
    assert.throws(
      () => appendInside(ws, 'MEMORY.md', '- a\n', { expectedBefore: '# MEMORY.md\n' }),
      (e: unknown) => e instanceof MemoryWriteError && e.code === 'locked' && /held by live pid/.test(e.message),
    );
    assert.ok(Date.now() - t0 >= 1500, 'it waited for the lock');
    assert.equal(fs.readFileSync(file, 'utf8'), '# MEMORY.md\n');
    assert.ok(fs.existsSync(`${file}.lock`), 'a live lock is left alone');
    children.splice(0).forEach((c) => c.kill('SIGKILL'));
    await new Promise((r) => setTimeout(r, 100));
    const r = appendInside(ws, 'MEMORY.md', '- a\n', { expectedBefore: '# MEMORY.md\n' });
    assert.equal(r.after, '# MEMORY.md\n- a\n');
    assert.equal(fs.readFileSync(file, 'utf8'), r.after);
    assert.ok(!fs.existsSync(`${file}.lock`), 'the reclaimed lock is gone, ours released');
  });

  it('the check happens under the lock: a stale expectedBefore is refused with the re-plan wording', function () {
    const ws = tmpDir('occtx-lockws-');
    fs.writeFileSync(path.join(ws, 'USER.md'), 'now\n');
    assert.throws(
      () => appendInside(ws, 'USER.md', '- b\n', { expectedBefore: 'then\n' }),
      (e: unknown) => e instanceof MemoryWriteError && e.code === 'changed' && /USER\.md changed since the preview; nothing was written\. Re-plan/.test(e.message),
    );
    assert.equal(fs.readFileSync(path.join(ws, 'USER.md'), 'utf8'), 'now\n');
    assert.deepEqual(fs.readdirSync(ws), ['USER.md'], 'no lock or temp file left');
  });
});
