/**
 * Undo compaction: planUndo + the JSONL writer's `branchFrom`. The undo appends one `custom` entry whose
 * parent is the compaction's parent; reading the file back with our reader (pi's rules: leaf = last
 * entry) gives the pre-compaction context again, and every earlier byte of the file is unchanged.
 * SQLite-era undo is refused (it needs the Gateway).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { planUndo, UNDO_CUSTOM_TYPE } from '../../src/core/compaction/undo';
import { rebuildContext, TranscriptIndex, type ActiveContext } from '../../src/core/context/rebuild';
import { JsonlSessionStore } from '../../src/core/store/jsonlStore';
import { appendJsonlEntries } from '../../src/core/store/jsonlWriter';
import type { SessionRow } from '../../src/core/store/types';
import { tmpDir, writeJsonl } from './helpers';

const SID = '5e55a1d0-0000-4000-8000-000000000001';
const KEY = 'agent:main:main';
const ts = (n: number) => new Date(Date.parse('2026-05-01T10:00:00Z') + n * 1000).toISOString();
const msg = (id: string, parentId: string | null, n: number, role: 'user' | 'assistant', text: string) =>
  role === 'user'
    ? { type: 'message', id, parentId, timestamp: ts(n), message: { role, content: text, timestamp: n } }
    : { type: 'message', id, parentId, timestamp: ts(n), message: { role, content: [{ type: 'text', text }], provider: 'anthropic', model: 'claude-x', usage: { input: 100 * n, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 100 * n + 5 }, stopReason: 'stop', timestamp: n } };

function setup() {
  const stateDir = path.join(tmpDir('occtx-undo-'), 'state');
  const dir = path.join(stateDir, 'agents', 'main', 'sessions');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${SID}.jsonl`);
  writeJsonl(file, [
    { type: 'session', version: 3, id: SID, timestamp: ts(0), cwd: '/w' },
    msg('u1', null, 1, 'user', 'first ask'),
    msg('a1', 'u1', 2, 'assistant', 'first answer'),
    msg('u2', 'a1', 3, 'user', 'second ask'),
    msg('a2', 'u2', 4, 'assistant', 'second answer'),
    { type: 'compaction', id: 'c1', parentId: 'a2', timestamp: ts(5), summary: '## Decisions\n- x', firstKeptEntryId: 'u2', tokensBefore: 400 },
    msg('u3', 'c1', 6, 'user', 'after the compaction'),
    msg('a3', 'u3', 7, 'assistant', 'reply after'),
  ]);
  const row: SessionRow = { key: KEY, sessionId: SID, updatedAt: Date.parse(ts(7)) };
  fs.writeFileSync(path.join(dir, 'sessions.json'), JSON.stringify({ [KEY]: { sessionId: SID, updatedAt: row.updatedAt } }));
  return { stateDir, dir, file, row, opts: { ownership: { tmpDir: tmpDir('occtx-systmp-'), probePort: false } } };
}

function context(dir: string, row: SessionRow): ActiveContext {
  const store = new JsonlSessionStore('main', dir, () => undefined);
  store.readRows(true);
  const index = new TranscriptIndex();
  index.apply(store.readTranscript(row, undefined, { full: true }));
  return rebuildContext(index);
}

describe('undo compaction (JSONL branch)', function () {
  it('plans the branch from the compaction parent and lists what leaves the context', function () {
    const t = setup();
    const ctx = context(t.dir, t.row);
    assert.deepEqual(ctx.items.map((e) => e.id), ['c1', 'u2', 'a2', 'u3', 'a3'], 'summary, kept tail, after');
    const r = planUndo(ctx, 'jsonl', undefined, Date.parse('2026-05-02T00:00:00Z'));
    assert.ok(r.ok);
    assert.equal(r.plan.compaction.id, 'c1');
    assert.equal(r.plan.branchFrom, 'a2');
    assert.deepEqual(r.plan.leavingContext.map((e) => e.id), ['u3', 'a3']);
    assert.deepEqual(r.plan.entry, { type: 'custom', customType: UNDO_CUSTOM_TYPE, data: { undoneCompactionId: 'c1', restoredLeafId: 'a2', at: '2026-05-02T00:00:00.000Z' } });
  });

  it('writing it makes the pre-compaction context active again; the file only grows', async function () {
    const t = setup();
    const before = fs.readFileSync(t.file);
    const r = planUndo(context(t.dir, t.row), 'jsonl');
    assert.ok(r.ok);
    const w = await appendJsonlEntries(t.dir, t.row, [r.plan.entry], { ...t.opts, branchFrom: r.plan.branchFrom });
    assert.ok(w.ok, JSON.stringify(w));
    assert.equal(w.previousLeafId, 'a2');
    const after = fs.readFileSync(t.file);
    assert.ok(after.subarray(0, before.length).equals(before), 'every earlier byte unchanged');
    const lines = after.toString('utf8').trim().split('\n');
    assert.equal(lines.length, 9);
    const undo = JSON.parse(lines[8]!) as { type: string; parentId: string; customType: string };
    assert.equal(undo.type, 'custom');
    assert.equal(undo.parentId, 'a2');
    const ctx = context(t.dir, t.row);
    assert.equal(ctx.compactions.length, 0, 'the compaction is off the active path');
    assert.deepEqual(ctx.items.map((e) => e.id), ['u1', 'a1', 'u2', 'a2'], 'the context before the compaction');
    // the compaction is still in the file
    assert.ok(lines.some((l) => JSON.parse(l).id === 'c1'));
  });

  it('refusals: SQLite era, no compaction, unknown id, branchFrom of an unknown entry or with a compaction', async function () {
    const t = setup();
    const ctx = context(t.dir, t.row);
    const s = planUndo(ctx, 'sqlite');
    assert.ok(!s.ok && /Gateway/.test(s.reason));
    assert.ok(!planUndo({ ...ctx, compactions: [] }, 'jsonl').ok);
    assert.ok(!planUndo(ctx, 'jsonl', 'nope').ok);
    const before = fs.readFileSync(t.file);
    const bad = await appendJsonlEntries(t.dir, t.row, [{ type: 'custom', customType: 'x' }], { ...t.opts, branchFrom: 'does-not-exist' });
    assert.ok(!bad.ok && bad.code === 'invalid-input');
    const comp = await appendJsonlEntries(t.dir, t.row, [{ type: 'compaction', summary: 's', firstKeptEntryId: 'u1', tokensBefore: 1 }], { ...t.opts, branchFrom: 'a1' });
    assert.ok(!comp.ok && comp.code === 'invalid-input');
    assert.ok(fs.readFileSync(t.file).equals(before), 'refusals change nothing');
  });
});
