/**
 * Issue 15, finding 3: nothing we write, read or delete leaves its root. A state dir is untrusted input: a
 * link in place of `<stateDir>/context` (or a folder under it, or one of our files) must not carry a
 * checkpoint, a state file, a breaker or flush state or a journal record out of the state dir, and pruning
 * must not delete anything there; `--state-dir S` writes memory into S's workspace, never the home state
 * dir's. Every check compares the outside folder entry by entry and byte for byte, before and after.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sessionDirName } from '../../src/core/checkpoint/paths';
import type { Checkpoint } from '../../src/core/checkpoint/schema';
import { deleteCheckpoints, listCheckpoints, listCheckpointSessions, readLatestCheckpoint, writeCheckpoint } from '../../src/core/checkpoint/store';
import { SessionTracker } from '../../src/core/checkpoint/tracker';
import { CompactionBreaker } from '../../src/core/compaction/breaker';
import { realFs, writeFileAtomicSync } from '../../src/core/fs/atomic';
import { ensureDirInRoot, removeFileInRoot, resolveInRoot, stateDirRoot, UnsafePathError } from '../../src/core/fs/safePath';
import { FlushStateStore } from '../../src/core/memory/flush';
import { MemoryWriteError, writeInside } from '../../src/core/memory/fsSafe';
import { ErrorsBaselineStore } from '../../src/core/memory/lint/errorsBaseline';
import { appendJsonlEntries } from '../../src/core/store/jsonlWriter';
import { openTranscriptForAppend, resolveTranscript, transcriptRoot, TranscriptRefused } from '../../src/core/store/transcriptFile';
import { seedExample } from './support/checkpoints';
import { cli, WORK } from './support/cli';
import { materializeDemoState, materializeRealState, tmpDir } from './helpers';

const KEY = 'agent:main:work';

/** Every entry under `dir` (links not followed): kind plus bytes or link target. */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of fs.readdirSync(d).sort()) {
      const p = path.join(d, name);
      const st = fs.lstatSync(p);
      const rel = path.relative(dir, p);
      if (st.isSymbolicLink()) out.set(rel, `link ${fs.readlinkSync(p)}`);
      else if (st.isDirectory()) {
        out.set(rel, 'dir');
        walk(p);
      } else out.set(rel, `file ${fs.readFileSync(p).toString('base64')}`);
    }
  };
  walk(dir);
  return out;
}

/** A folder outside every state dir holding a file of the user's. */
function outsideDir(): { dir: string; real: string; before: Map<string, string> } {
  const dir = tmpDir('occtx-outside-');
  fs.writeFileSync(path.join(dir, 'precious.txt'), 'the user’s file\n');
  return { dir, real: fs.realpathSync(dir), before: tree(dir) };
}

function cp(tokens: number): Checkpoint {
  const c = seedExample({ session_key: KEY });
  c.meta.token_usage = { input_tokens: tokens, context_window: 200_000, utilization: tokens / 200_000 };
  return c;
}

const write = (state: string, tokens: number) => writeCheckpoint(state, cp(tokens), { fsync: false });

/** Asserts `fn` throws an UnsafePathError naming `link` (under `state`) as a link to `to`, outside the state dir. */
function refusesLink(fn: () => unknown, state: string, link: string, to: string): void {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof UnsafePathError, `an UnsafePathError, got ${String(err)}`);
    assert.equal(err.path, link);
    assert.equal(err.message, `${link} is a symbolic link to ${to}, outside the state dir ${state}: refused (nothing is read, written or deleted through it). Remove the link or make it a real folder.`);
    return true;
  });
}

describe('safePath: paths checked inside their root', function () {
  it('resolves the real path; follows a link that stays inside; refuses one leading out, naming it', function () {
    const root = tmpDir('occtx-root-');
    const out = outsideDir();
    fs.mkdirSync(path.join(root, 'real', 'sub'), { recursive: true });
    fs.symlinkSync(path.join(root, 'real'), path.join(root, 'inside-link'));
    fs.symlinkSync(out.dir, path.join(root, 'away'));
    assert.equal(resolveInRoot(root, 'inside-link/sub/f.json'), path.join(fs.realpathSync(root), 'real', 'sub', 'f.json'));
    assert.throws(() => resolveInRoot({ dir: root, label: 'the state dir' }, 'away/f.json'), (e: unknown) => e instanceof UnsafePathError && e.reason === 'outside' && e.path === path.join(root, 'away') && e.message.includes(`symbolic link to ${out.real}, outside the state dir ${root}`));
    assert.throws(() => resolveInRoot(root, '../x'), (e: unknown) => e instanceof UnsafePathError && e.reason === 'outside');
    fs.symlinkSync(path.join(root, 'nowhere'), path.join(root, 'dangling'));
    assert.throws(() => resolveInRoot(root, 'dangling/f'), /does not resolve/);
    assert.deepEqual(tree(out.dir), out.before);
  });

  it('an existing target must be a regular file: a link (even to a file inside), a folder or a FIFO is refused', function () {
    const root = tmpDir('occtx-root-');
    fs.writeFileSync(path.join(root, 'a.json'), '{}');
    fs.symlinkSync(path.join(root, 'a.json'), path.join(root, 'b.json'));
    fs.mkdirSync(path.join(root, 'c.json'));
    execFileSync('mkfifo', [path.join(root, 'd.json')]);
    assert.equal(resolveInRoot(root, 'a.json'), path.join(fs.realpathSync(root), 'a.json'));
    assert.throws(() => resolveInRoot(root, 'b.json'), (e: unknown) => e instanceof UnsafePathError && e.reason === 'symlink');
    assert.throws(() => resolveInRoot(root, 'c.json'), (e: unknown) => e instanceof UnsafePathError && e.reason === 'not-a-file');
    assert.throws(() => resolveInRoot(root, 'd.json'), (e: unknown) => e instanceof UnsafePathError && e.reason === 'not-a-file');
    assert.throws(() => writeFileAtomicSync(path.join(root, 'd.json'), 'x', { root }), /not a regular file/);
    assert.ok(fs.lstatSync(path.join(root, 'd.json')).isFIFO(), 'the FIFO was not replaced');
  });

  it('ensureDirInRoot creates folders one level at a time and never through a link leading out', function () {
    const root = path.join(tmpDir('occtx-root-'), 'state'); // the root itself is created when missing
    const out = outsideDir();
    assert.equal(ensureDirInRoot(root, path.join(root, 'a', 'b', 'c')), path.join(fs.realpathSync(root), 'a', 'b', 'c'));
    fs.symlinkSync(out.dir, path.join(root, 'a', 'link'));
    assert.throws(() => ensureDirInRoot(root, path.join(root, 'a', 'link', 'new', 'deeper')), UnsafePathError);
    assert.deepEqual(tree(out.dir), out.before, 'nothing created outside');
  });

  it('removeFileInRoot deletes regular files only; a link is refused and kept, its target untouched', function () {
    const root = tmpDir('occtx-root-');
    const out = outsideDir();
    fs.writeFileSync(path.join(root, 'mine.json'), '{}');
    fs.symlinkSync(path.join(out.dir, 'precious.txt'), path.join(root, 'theirs.json'));
    assert.equal(removeFileInRoot(root, 'mine.json'), true);
    assert.equal(removeFileInRoot(root, 'mine.json'), false);
    assert.throws(() => removeFileInRoot(root, 'theirs.json'), UnsafePathError);
    assert.ok(fs.lstatSync(path.join(root, 'theirs.json')).isSymbolicLink());
    assert.deepEqual(tree(out.dir), out.before);
  });

  it('checked again at the moment of writing: a folder swapped for a link after the temp file was written is refused', function () {
    const state = tmpDir('occtx-state-');
    const out = outsideDir();
    const dir = path.join(state, 'context', 'state');
    ensureDirInRoot(stateDirRoot(state), dir);
    const swap = () => {
      fs.renameSync(dir, `${dir}.moved`);
      fs.symlinkSync(out.dir, dir);
    };
    const ops = { ...realFs, fsyncSync: (fd: number) => (realFs.fsyncSync(fd), swap()) };
    assert.throws(() => writeFileAtomicSync(path.join(dir, 'thread.json'), '{"x":1}', { root: stateDirRoot(state), ops }), (e: unknown) => e instanceof UnsafePathError && e.path === dir);
    assert.deepEqual(tree(out.dir), out.before, 'nothing renamed into the outside folder');
  });
});

describe('our files under <stateDir>/context: never written, read or deleted through a link leading out', function () {
  it('<stateDir>/context is a link: checkpoints, their reads and every other file of ours are refused, naming the link', function () {
    const state = tmpDir('occtx-state-');
    const out = outsideDir();
    const link = path.join(state, 'context');
    fs.symlinkSync(out.dir, link);
    refusesLink(() => write(state, 100_000), state, link, out.real);
    refusesLink(() => readLatestCheckpoint(state, KEY), state, link, out.real);
    refusesLink(() => listCheckpoints(state, KEY), state, link, out.real);
    refusesLink(() => listCheckpointSessions(state), state, link, out.real);
    refusesLink(() => deleteCheckpoints(state, KEY, ['cp_001']), state, link, out.real);
    const tracker = new SessionTracker(state, KEY);
    tracker.reset(); // every state file dirty
    refusesLink(() => tracker.save(), state, link, out.real);
    refusesLink(() => tracker.load(undefined), state, link, out.real);
    const breaker = new CompactionBreaker(state);
    refusesLink(() => breaker.recordFailure(KEY, 'boom'), state, link, out.real);
    refusesLink(() => breaker.status(KEY), state, link, out.real);
    refusesLink(() => breaker.list(), state, link, out.real);
    refusesLink(() => FlushStateStore.forStateDir(state).record(KEY, { compactionCount: 1, lastEntryId: 'e1', flushedAt: '2026-11-22T09:00:00Z', targetRel: 'memory/2026-11-22.md' }), state, link, out.real);
    refusesLink(() => ErrorsBaselineStore.forStateDir(state).set(tmpDir(), 'text'), state, link, out.real);
    assert.deepEqual(tree(out.dir), out.before);
  });

  it('<stateDir>/context/checkpoints is a link to a folder with checkpoints of its own: nothing written there, nothing pruned', function () {
    const state = tmpDir('occtx-state-');
    const out = outsideDir();
    const sess = path.join(out.dir, sessionDirName(KEY));
    fs.mkdirSync(sess);
    for (let n = 1; n <= 9; n++) fs.writeFileSync(path.join(sess, `cp_00${n}.yaml`), `someone else's file ${n}\n`);
    const before = tree(out.dir);
    fs.mkdirSync(path.join(state, 'context'));
    const link = path.join(state, 'context', 'checkpoints');
    fs.symlinkSync(out.dir, link);
    refusesLink(() => write(state, 100_000), state, link, out.real);
    refusesLink(() => deleteCheckpoints(state, KEY, ['cp_001', 'cp_002']), state, link, out.real);
    assert.deepEqual(tree(out.dir), before, 'no cp_010 written, cp_001…cp_005 not pruned');
  });

  it('a checkpoint file that is a link to a file outside: never read (the previous one is used), never replaced or deleted', function () {
    const state = tmpDir('occtx-state-');
    const out = outsideDir();
    const a = write(state, 100_000);
    const b = write(state, 150_000);
    assert.ok(a.status === 'written' && b.status === 'written');
    fs.copyFileSync(b.file, path.join(out.dir, 'valid-checkpoint.yaml')); // a valid checkpoint: only the link makes it wrong
    const before = tree(out.dir);
    fs.rmSync(b.file);
    fs.symlinkSync(path.join(out.dir, 'valid-checkpoint.yaml'), b.file);
    const latest = readLatestCheckpoint(state, KEY);
    assert.equal(latest.checkpoint?.meta.checkpoint_id, 'cp_001');
    assert.deepEqual(latest.skipped.map((s) => s.id), ['cp_002']);
    assert.match(latest.skipped[0]!.error, /cp_002.yaml is a symbolic link/);
    assert.match(listCheckpoints(state, KEY).find((e) => e.id === 'cp_002')!.error!, /symbolic link/);
    const c = write(state, 200_000);
    assert.ok(c.status === 'written' && c.id === 'cp_003');
    assert.throws(() => deleteCheckpoints(state, KEY, ['cp_002']), UnsafePathError);
    assert.ok(fs.lstatSync(b.file).isSymbolicLink(), 'the link is left as it was');
    assert.deepEqual(tree(out.dir), before);
  });

  it('pruning deletes only regular files it created: a link planted under an old checkpoint name is left alone', function () {
    const state = tmpDir('occtx-state-');
    const out = outsideDir();
    const first = write(state, 100_000);
    assert.ok(first.status === 'written');
    fs.rmSync(first.file);
    fs.symlinkSync(path.join(out.dir, 'precious.txt'), first.file);
    const pruned: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const r = write(state, 100_000 * 2 ** i);
      assert.ok(r.status === 'written');
      pruned.push(...r.pruned);
    }
    assert.deepEqual(pruned, ['cp_002.yaml'], 'the oldest regular checkpoint went; the link did not');
    assert.ok(fs.lstatSync(first.file).isSymbolicLink());
    assert.deepEqual(tree(out.dir), out.before);
  });

  it('a state folder or breaker folder that is a link: refused the same way', function () {
    const state = tmpDir('occtx-state-');
    const out = outsideDir();
    fs.mkdirSync(path.join(state, 'context'));
    const stateLink = path.join(state, 'context', 'state');
    const breakerLink = path.join(state, 'context', 'breaker');
    fs.symlinkSync(out.dir, stateLink);
    fs.symlinkSync(out.dir, breakerLink);
    const tracker = new SessionTracker(state, KEY);
    tracker.reset();
    refusesLink(() => tracker.save(), state, stateLink, out.real);
    refusesLink(() => new CompactionBreaker(state).recordFailure(KEY, 'boom'), state, breakerLink, out.real);
    assert.deepEqual(tree(out.dir), out.before);
  });

  it('the JSONL append journal (<stateDir>/context/jsonl-appends) that is a link: the append is refused before the transcript is touched', async function () {
    const state = materializeDemoState();
    const out = outsideDir();
    const sessions = path.join(state, 'agents', 'legacy', 'sessions');
    const rows = JSON.parse(fs.readFileSync(path.join(sessions, 'sessions.json'), 'utf8')) as Record<string, { sessionId: string }>;
    const sessionId = rows['agent:legacy:work']!.sessionId;
    const transcript = fs.readFileSync(path.join(sessions, `${sessionId}.jsonl`));
    fs.mkdirSync(path.join(state, 'context'), { recursive: true });
    const link = path.join(state, 'context', 'jsonl-appends');
    fs.symlinkSync(out.dir, link);
    const r = await appendJsonlEntries(sessions, { key: 'agent:legacy:work', sessionId }, [{ type: 'custom_message', customType: 'openclaw-context.note', content: 'x', display: true }], { stateDir: state, ownership: { tmpDir: tmpDir('occtx-systmp-'), probePort: false } });
    assert.ok(!r.ok, 'refused');
    assert.ok(r.message.includes(`${link} is a symbolic link to ${out.real}, outside the state dir ${state}`), r.message);
    assert.ok(fs.readFileSync(path.join(sessions, `${sessionId}.jsonl`)).equals(transcript), 'the transcript is unchanged');
    assert.deepEqual(tree(out.dir), out.before);
  });

  describe('a JSONL transcript is appended to only inside the state dir, under one name', function () {
    const note = [{ type: 'custom_message' as const, customType: 'openclaw-context.note', content: 'x', display: true }];
    const legacy = (state: string) => {
      const sessions = path.join(state, 'agents', 'legacy', 'sessions');
      const rows = JSON.parse(fs.readFileSync(path.join(sessions, 'sessions.json'), 'utf8')) as Record<string, { sessionId: string }>;
      return { sessions, sessionId: rows['agent:legacy:work']!.sessionId };
    };
    const append = (state: string, sessions: string, sessionId: string) =>
      appendJsonlEntries(sessions, { key: 'agent:legacy:work', sessionId }, note, { stateDir: state, ownership: { tmpDir: tmpDir('occtx-systmp-'), probePort: false } });

    it('the sessions folder is a link leading out of the state dir (as the SQLite store refuses its agent folder): refused, naming it; the outside copy unchanged', async function () {
      const state = materializeDemoState();
      const out = outsideDir();
      const { sessions, sessionId } = legacy(state);
      fs.renameSync(sessions, path.join(out.dir, 'sessions'));
      fs.symlinkSync(path.join(out.dir, 'sessions'), sessions);
      const before = tree(out.dir);
      const r = await append(state, sessions, sessionId);
      assert.ok(!r.ok, 'refused');
      assert.equal(r.code, 'invalid-input');
      assert.ok(r.message.includes(`${sessions} is a symbolic link to ${path.join(out.real, 'sessions')}, outside the state dir ${state}`), r.message);
      assert.deepEqual(tree(out.dir), before);
    });

    it('a folder of the resolved path swapped for a link before the open (Linux /proc/self/fd): the descriptor is not the resolved file, refused', function () {
      const state = materializeDemoState();
      const out = outsideDir();
      const { sessions, sessionId } = legacy(state);
      const real = resolveTranscript(transcriptRoot(state, sessions), path.join(sessions, `${sessionId}.jsonl`));
      // the swap: the sessions folder moves out and a link takes its name
      fs.renameSync(sessions, path.join(out.dir, 'sessions'));
      fs.symlinkSync(path.join(out.dir, 'sessions'), sessions);
      assert.throws(() => openTranscriptForAppend(real), (err: unknown) => err instanceof TranscriptRefused && /moved while it was being opened/.test(err.message));
    });

    it('a transcript with a second hard link (here: a file outside the state dir): refused, neither name changes; with one name it is appended to', async function () {
      const state = materializeDemoState();
      const out = outsideDir();
      const { sessions, sessionId } = legacy(state);
      const transcript = path.join(sessions, `${sessionId}.jsonl`);
      const bytes = fs.readFileSync(transcript);
      fs.linkSync(transcript, path.join(out.dir, 'elsewhere.jsonl'));
      const r = await append(state, sessions, sessionId);
      assert.ok(!r.ok, 'refused');
      assert.ok(r.message.includes('has 2 hard links'), r.message);
      assert.ok(fs.readFileSync(transcript).equals(bytes) && fs.readFileSync(path.join(out.dir, 'elsewhere.jsonl')).equals(bytes));
      fs.unlinkSync(path.join(out.dir, 'elsewhere.jsonl'));
      const ok = await append(state, sessions, sessionId);
      assert.ok(ok.ok, ok.ok ? '' : ok.message);
      assert.ok(fs.readFileSync(transcript).subarray(0, bytes.length).equals(bytes) && fs.statSync(transcript).size > bytes.length, 'appended, old bytes kept');
    });
  });

  it('memory writes: memory/ linked out of the workspace is refused with a MemoryWriteError naming it', function () {
    const ws = tmpDir('occtx-ws-');
    const out = outsideDir();
    fs.symlinkSync(out.dir, path.join(ws, 'memory'));
    assert.throws(() => writeInside(ws, 'memory/2026-11-22.md', 'x\n'), (e: unknown) => e instanceof MemoryWriteError && e.code === 'outside' && e.message.includes(`${path.join(ws, 'memory')} is a symbolic link to ${out.real}, outside the workspace`));
    assert.deepEqual(tree(out.dir), out.before);
  });
});

describe('CLI: --state-dir S writes only inside S', function () {
  this.timeout(60_000);

  /** A HOME holding a populated ~/.openclaw/workspace (the one that must never be written). */
  function populatedHome(): { home: string; before: Map<string, string> } {
    const home = tmpDir('occtx-home-');
    const ws = path.join(home, '.openclaw', 'workspace');
    fs.mkdirSync(path.join(ws, 'memories'), { recursive: true });
    fs.mkdirSync(path.join(ws, 'memory'));
    fs.writeFileSync(path.join(ws, 'MEMORY.md'), '# Home memory\n');
    fs.writeFileSync(path.join(ws, 'memories', 'decisions.md'), '# Decisions at home\n');
    return { home, before: tree(home) };
  }

  it('memory remember and flush with a populated ~/.openclaw/workspace: written in S/workspace, the home one byte-identical', async function () {
    const state = materializeDemoState();
    const { home, before } = populatedHome();
    const env = { HOME: home };
    const r = await cli(['memory', 'remember', 'Deploys go through staging first', '--type', 'decision', '--yes', '--state-dir', state, '--json'], { env });
    assert.equal(r.code, 0, r.err);
    assert.equal(r.json().workspace, path.join(state, 'workspace'));
    assert.match(fs.readFileSync(path.join(state, 'workspace', 'memories', 'decisions.md'), 'utf8'), /Deploys go through staging first/);
    const f = await cli(['flush', WORK, '--yes', '--force', '--state-dir', state, '--json'], { env, now: () => Date.parse('2026-11-22T09:30:00Z') });
    assert.equal(f.code, 0, f.err);
    assert.equal(f.json().workspace, path.join(state, 'workspace'));
    if (f.json().status === 'written') assert.ok(fs.existsSync(path.join(state, 'workspace', 'memory', '2026-11-22.md')));
    assert.deepEqual(tree(home), before, 'the home state dir’s workspace is untouched');
  });

  it('checkpoint create with <S>/context linked out: exit 1, one clear message naming the link, nothing written there', async function () {
    const state = materializeDemoState();
    const out = outsideDir();
    fs.symlinkSync(out.dir, path.join(state, 'context'));
    const r = await cli(['checkpoint', 'create', WORK, '--state-dir', state]);
    assert.equal(r.code, 1);
    assert.doesNotMatch(r.err, /unexpected error/);
    assert.equal(r.err.split(`${path.join(state, 'context')} is a symbolic link to ${out.real}, outside the state dir ${state}`).length, 2, `named once: ${r.err}`);
    assert.deepEqual(tree(out.dir), out.before);
  });

  it('flush with the workspace’s memory/ linked elsewhere: a clear refusal (not "unexpected error"), nothing written there', async function () {
    const state = materializeDemoState();
    const out = outsideDir();
    fs.rmSync(path.join(state, 'workspace', 'memory'), { recursive: true });
    fs.symlinkSync(out.dir, path.join(state, 'workspace', 'memory'));
    const f = await cli(['flush', WORK, '--yes', '--force', '--state-dir', state], { now: () => Date.parse('2026-11-22T09:30:00Z') });
    assert.equal(f.code, 3, f.err);
    assert.doesNotMatch(f.err, /unexpected error/);
    assert.ok(f.err.includes(`${path.join(state, 'workspace', 'memory')} is a symbolic link to ${out.real}, outside the workspace`), f.err);
    assert.deepEqual(tree(out.dir), out.before);
  });

  it('S/workspace that is a link leading out of S: remember refuses, naming it', async function () {
    const state = materializeDemoState();
    const out = outsideDir();
    fs.rmSync(path.join(state, 'workspace'), { recursive: true });
    fs.symlinkSync(out.dir, path.join(state, 'workspace'));
    const r = await cli(['memory', 'remember', 'x', '--type', 'decision', '--yes', '--state-dir', state]);
    assert.equal(r.code, 3);
    assert.ok(r.err.includes(`${path.join(state, 'workspace')} is a symbolic link to ${out.real}, outside the state dir ${state}`), r.err);
    assert.deepEqual(tree(out.dir), out.before);
  });

  it('a configured workspace missing here: the writers refuse, naming it, and do not write the state dir’s own instead', async function () {
    const state = materializeRealState(); // its config names /tmp/openclaw-real/state/workspace
    const before = tree(path.join(state, 'workspace'));
    for (const argv of [
      ['memory', 'remember', 'x', '--type', 'decision', '--yes'],
      ['flush', WORK, '--yes', '--force'],
      ['memory', 'dream', '--yes'],
    ]) {
      const r = await cli([...argv, '--state-dir', state]);
      assert.equal(r.code, 3, argv.join(' '));
      assert.match(r.err, /\/tmp\/openclaw-real\/state\/workspace, does not exist on this machine: nothing was written/);
    }
    assert.deepEqual(tree(path.join(state, 'workspace')), before);
  });
});
