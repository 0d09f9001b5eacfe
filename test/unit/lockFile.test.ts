/**
 * Taking a lock reads a lock file that is already there (to judge it stale and reclaim it), and releasing a lock
 * of ours reads its file to check it is still ours. A process that can write the folder may have
 * swapped it meanwhile for a FIFO (a read would block the writer forever) or a link to /dev/zero (a read would
 * never end): the release reads only a regular file, bounded, without following a link, and leaves the rest.
 * Each case runs in a child with a time limit, so a regression fails instead of hanging the suite.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tmpDir } from './helpers';

const LOCK = path.join(__dirname, '..', '..', 'src', 'core', 'store', 'lock.js');

function releaseAfterSwap(swap: (lockPath: string) => void): { status: number | null; notes: string[]; timedOut: boolean; lockPath: string } {
  const dir = tmpDir('occtx-lock-');
  const lockPath = path.join(dir, 'x.jsonl.lock');
  const script = `
    const fs = require('node:fs');
    const { acquireLockSync, releaseLock } = require(${JSON.stringify(LOCK)});
    const notes = [];
    const held = acquireLockSync(${JSON.stringify(lockPath)}, {}, notes);
    if (!('content' in held)) throw new Error('not taken');
    fs.writeFileSync(${JSON.stringify(lockPath + '.ready')}, '');
    while (fs.existsSync(${JSON.stringify(lockPath + '.ready')})) {} // the test swaps the lock meanwhile
    releaseLock(held, notes);
    process.stdout.write(JSON.stringify(notes));`;
  const child = spawnSync(process.execPath, ['-e', `
    const { spawn } = require('node:child_process');
    const fs = require('node:fs');
    const c = spawn(process.execPath, ['-e', ${JSON.stringify(script)}], { stdio: ['ignore', 'inherit', 'inherit'] });
    const t = setInterval(() => { if (fs.existsSync(${JSON.stringify(lockPath + '.ready')})) { clearInterval(t); (${swap.toString()})(${JSON.stringify(lockPath)}); fs.unlinkSync(${JSON.stringify(lockPath + '.ready')}); } }, 5);
    c.on('exit', (code) => process.exit(code ?? 1));`], { encoding: 'utf8', timeout: 10_000 });
  const timedOut = child.error !== undefined || child.signal !== null;
  let notes: string[] = [];
  try {
    notes = JSON.parse(child.stdout) as string[];
  } catch {
    /* no output */
  }
  return { status: child.status, notes, timedOut, lockPath };
}

describe('lock release: the lock file swapped while we held it', function () {
  this.timeout(30_000);
  it('a FIFO in its place: the release does not block; the FIFO is left where it is, with a note', function () {
    const r = releaseAfterSwap((p: string) => {
      require('node:fs').unlinkSync(p);
      require('node:child_process').execFileSync('mkfifo', [p]);
    });
    assert.equal(r.timedOut, false, 'the release returned');
    assert.equal(r.status, 0);
    assert.ok(r.notes.some((n) => /x\.jsonl\.lock/.test(n) && /not a regular file|named pipe/.test(n)), r.notes.join(' | '));
    assert.ok(fs.lstatSync(r.lockPath).isFIFO(), 'left in place');
  });
  it('a link to /dev/zero in its place: the release does not read it; the link is left', function () {
    const r = releaseAfterSwap((p: string) => {
      require('node:fs').unlinkSync(p);
      require('node:fs').symlinkSync('/dev/zero', p);
    });
    assert.equal(r.timedOut, false, 'the release returned');
    assert.equal(r.status, 0);
    assert.ok(r.notes.some((n) => /x\.jsonl\.lock/.test(n)), r.notes.join(' | '));
    assert.ok(fs.lstatSync(r.lockPath).isSymbolicLink(), 'left in place');
  });
  it('still ours: removed', function () {
    const r = releaseAfterSwap(() => undefined);
    assert.equal(r.status, 0);
    assert.deepEqual(r.notes, []);
    assert.equal(fs.existsSync(r.lockPath), false);
  });
});

describe('lock taking: a lock file planted as a FIFO or a link to /dev/zero', function () {
  this.timeout(30_000);
  for (const [name, plant] of [
    ['a FIFO', (p: string) => spawnSync('mkfifo', [p])],
    ['a link to /dev/zero', (p: string) => fs.symlinkSync('/dev/zero', p)],
  ] as const) {
    it(`${name}: not read through, not removed; the lock is refused as held once the wait is over`, function () {
      const lockPath = path.join(tmpDir('occtx-lock-'), 'x.jsonl.lock');
      plant(lockPath);
      const script = `
        const { acquireLockSync } = require(${JSON.stringify(LOCK)});
        const r = acquireLockSync(${JSON.stringify(lockPath)}, { timeoutMs: 300 }, []);
        process.stdout.write(JSON.stringify(r));`;
      const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 10_000 });
      assert.equal(child.signal, null, 'answered within 10 s');
      const r = JSON.parse(child.stdout) as { ok?: boolean; code?: string; message?: string };
      assert.equal(r.ok, false);
      assert.equal(r.code, 'locked');
      assert.match(r.message!, /not a regular file; not read; it is not removed/);
      assert.ok(fs.lstatSync(lockPath).isFIFO() || fs.lstatSync(lockPath).isSymbolicLink(), 'left in place');
    });
  }
});
