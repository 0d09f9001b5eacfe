/**
 * Read-only ground and an untrusted workspace (core/actions/ground.ts), through the one write path: every write
 * says so before its confirmation (so before any preview), and nothing is written. groundOf is checked on a folder
 * this user really cannot write (immutable for root, mode 0555 otherwise); the actions get a probe that answers
 * EROFS for the store or the workspace, the way a read-only mount does.
 */
import assert from 'node:assert/strict';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkpointGround, untrustedRefusal, compactSession, flushSession, groundNote, groundOf, rememberFact, resetSession, type ActionPreview, type Ground } from '../../src/core/actions';
import { ContextModel, type SessionState } from '../../src/core/context/model';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';
import { realDbPath, realStateForWrites, tmpDir } from './helpers';
import { lockDown } from '../support/lockDown';

const sha = (f: string) => crypto.createHash('sha256').update(fs.readFileSync(f)).digest('hex');


/** The ground of `under` (and below it) is a read-only file system. */
const erofsUnder = (under: string) => (dir: string): Ground => (path.resolve(dir).startsWith(path.resolve(under)) ? { writable: false, dir: under, code: 'EROFS' } : { writable: true });

describe('read-only ground and an untrusted workspace', function () {
  this.timeout(60_000);

  it('groundOf: a folder this user cannot write, and a folder not made yet below it; a writable one', function () {
    const root = tmpDir('occtx-ground-');
    const ro = path.join(root, 'ro');
    fs.mkdirSync(ro);
    const undo = lockDown(ro);
    try {
      const g = groundOf(ro);
      assert.equal(g.writable, false);
      assert.ok(!g.writable && ['EACCES', 'EPERM'].includes(g.code), JSON.stringify(g));
      const below = groundOf(path.join(ro, 'memory', '2026-11-26.md'));
      assert.deepEqual(below, g, 'a file not there yet: the nearest folder decides');
      assert.match(groundNote(g)!.tooltip, /read-only \((no write permission|writes not permitted), E(ACCES|PERM)\)/);
    } finally {
      undo();
    }
    assert.deepEqual(groundOf(ro), { writable: true });
    assert.deepEqual(groundOf(path.join(root, 'not', 'yet')), { writable: true });
    assert.equal(groundNote({ writable: true }), undefined);
  });

  describe('through the actions (the real state)', function () {
    let state: string;
    let m: ContextModel;
    let s: SessionState;
    beforeEach(function () {
      state = realStateForWrites();
      const env = processEnv();
      m = new ContextModel({ stateDirs: resolveStateDirs(state, undefined, env), env });
      m.refresh();
      const row = m.sessions().find((x) => x.row.key === 'agent:main:work')!;
      s = m.ensureTranscript(row.uid)!;
    });
    afterEach(() => m.dispose());

    it('compact on a read-only store: refused read-only before the confirmation; the database is untouched', async function () {
      const before = sha(realDbPath(state));
      const previews: Array<ActionPreview<unknown>> = [];
      const o = await compactSession({ model: m, confirm: async (pv) => (previews.push(pv as ActionPreview<unknown>), true), ground: erofsUnder(path.join(state, 'agents')) }, s, { keepRecentTokens: 300 });
      assert.equal(o.status, 'refused');
      assert.ok(o.status === 'refused' && o.code === 'read-only');
      assert.match((o as { message: string }).message, /^The session store .* is read-only \(a read-only file system, EROFS\): the compaction is not written\./);
      assert.deepEqual(previews, [], 'no confirmation, so no preview');
      assert.equal(sha(realDbPath(state)), before);
      // the same store, writable ground: the write goes on to the confirmation
      const ok = await compactSession({ model: m, confirm: async () => false, ground: erofsUnder(path.join(state, 'elsewhere')) }, s, { keepRecentTokens: 300 });
      assert.equal(ok.status, 'cancelled');
    });

    it('an untrusted workspace: compact, and a reset even with a Gateway open, refused untrusted before planning or confirming', async function () {
      let planned = 0;
      const previews: Array<ActionPreview<unknown>> = [];
      const o = await compactSession({ model: m, untrusted: true, confirm: async (pv) => (previews.push(pv as ActionPreview<unknown>), true) }, s, { planner: async () => (planned++, { ok: false, reason: 'x' }) });
      assert.ok(o.status === 'refused' && o.code === 'untrusted', JSON.stringify(o));
      assert.match((o as { message: string }).message, /not trusted, so OpenClaw Context only reads/);
      assert.equal(planned, 0, 'no planning (a language model would be asked)');
      assert.deepEqual(previews, []);
      const before = sha(realDbPath(state));
      let called = 0;
      const gateway = { current: () => ({ url: 'ws://127.0.0.1:1', client: { sessionsReset: async () => (called++, {}) } as never }) };
      const r = await resetSession({ model: m, untrusted: true, gateway, confirm: async () => (called++, true) }, s);
      assert.ok(r.status === 'refused' && r.code === 'untrusted', JSON.stringify(r));
      assert.deepEqual(previews, []);
      assert.equal(called, 0, 'no Gateway call');
      assert.equal(sha(realDbPath(state)), before);
    });

    it('flush into a read-only workspace is skipped with the reason, before the preview; remember too', async function () {
      const ws = m.agentOf(s)!.agent.workspace;
      const files = fs.readdirSync(ws, { recursive: true }).length;
      const previews: Array<ActionPreview<unknown>> = [];
      const o = await flushSession({ model: m, confirm: async (pv) => (previews.push(pv as ActionPreview<unknown>), true), ground: erofsUnder(ws) }, s, { workspaceDir: ws, force: true });
      assert.ok(o.status === 'refused' && o.code === 'read-only', JSON.stringify(o).slice(0, 300));
      assert.match((o as { message: string }).message, /^The workspace .* is read-only .*: the memory flush is skipped\./);
      assert.deepEqual(previews, []);
      const r = await rememberFact({ confirm: async () => true, ground: erofsUnder(ws) }, { content: 'The deploy key rotates on Fridays.', type: 'project' }, { workspaceDir: ws });
      assert.ok(r.status === 'refused' && r.code === 'read-only', JSON.stringify(r).slice(0, 300));
      assert.equal(fs.readdirSync(ws, { recursive: true }).length, files, 'nothing written in the workspace');
    });

    it('checkpoints: untrusted first, then the ground of <stateDir>/context/checkpoints', function () {
      assert.match(checkpointGround(state, { untrusted: true })!.message, /not trusted.*no checkpoint is written/);
      assert.match(checkpointGround(state, { probe: erofsUnder(state) })!.message, /^The state dir .* is read-only .*: no checkpoint is written\./);
      assert.equal(checkpointGround(state), undefined);
    });

    it('deleting a checkpoint: the same order, said as a delete', function () {
      assert.match(checkpointGround(state, { untrusted: true, action: 'delete-checkpoint' })!.message, /^This workspace is not trusted, so OpenClaw Context only reads: no checkpoint is deleted\. Trust the workspace/);
      assert.match(checkpointGround(state, { probe: erofsUnder(state), action: 'delete-checkpoint' })!.message, /^The state dir .* is read-only .*: no checkpoint is deleted\./);
      assert.equal(checkpointGround(state, { action: 'delete-checkpoint' }), undefined);
    });

    it('the writes that are not session writes say what is not done: a quick fix, the breaker reset', function () {
      assert.match(untrustedRefusal('fix').message, /only reads: the quick fix is not offered\./);
      assert.match(untrustedRefusal('breaker').message, /only reads: the compaction stays paused\./);
      for (const m of [untrustedRefusal('fix').message, untrustedRefusal('breaker').message]) assert.ok(!m.includes('\n'), 'one line');
    });
  });
});

