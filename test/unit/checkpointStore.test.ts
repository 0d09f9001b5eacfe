/**
 * Checkpoint files on disk: immutable numbered files, `_latest.json`, dedupe (< 5 %), retention (5),
 * fallback past a corrupt checkpoint, atomic writes (EPERM retry, fsync), and SIGKILL during writes.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fsyncDir, realFs, renameWithRetry, RENAME_BACKOFF_MS, sweepTempFiles, TEMP_FILE_RE, writeFileAtomicSync, type FsOps } from '../../src/core/fs/atomic';
import { checkpointDir } from '../../src/core/checkpoint/paths';
import type { Checkpoint } from '../../src/core/checkpoint/schema';
import { dedupeReason, describeWrite, LATEST_FILE, listCheckpoints, listCheckpointSessions, readCheckpointFile, readLatestCheckpoint, readLatestPointer, strayFiles, writeCheckpoint } from '../../src/core/checkpoint/store';
import { parseCheckpointYaml } from '../../src/core/checkpoint/yamlCodec';
import { repoPath, tmpDir } from './helpers';
import { seedExample } from './support/checkpoints';

const KEY = 'agent:main:telegram:direct:42';

function cpWith(tokens: number, over: Partial<Checkpoint['meta']> = {}): Checkpoint {
  const c = seedExample({ session_key: KEY, ...over });
  c.meta.token_usage = { input_tokens: tokens, context_window: 200_000, utilization: tokens / 200_000 };
  return c;
}

const write = (state: string, tokens: number, opts: Parameters<typeof writeCheckpoint>[2] = {}, over: Partial<Checkpoint['meta']> = {}) => writeCheckpoint(state, cpWith(tokens, over), { fsync: false, ...opts });

describe('checkpoint store: writing', function () {
  it('numbers files cp_001, cp_002 …, links them with previous_checkpoint and points _latest.json at the newest', function () {
    const state = tmpDir('occtx-cp-store-');
    const a = write(state, 100_000);
    const b = write(state, 120_000);
    assert.equal(a.status, 'written');
    assert.equal(b.status, 'written');
    if (a.status !== 'written' || b.status !== 'written') return;
    assert.equal(a.id, 'cp_001');
    assert.equal(b.id, 'cp_002');
    assert.equal(path.basename(a.file), 'cp_001.yaml');
    assert.equal(path.dirname(a.file), checkpointDir(state, KEY));
    assert.equal(readCheckpointFile(a.file).meta.previous_checkpoint, null);
    assert.equal(readCheckpointFile(b.file).meta.previous_checkpoint, 'cp_001');
    const p = readLatestPointer(state, KEY);
    assert.equal(p?.checkpoint_id, 'cp_002');
    assert.equal(p?.path, 'cp_002.yaml');
    assert.equal(p?.session_key, KEY);
    assert.equal(p?.input_tokens, 120_000);
    assert.deepEqual(strayFiles(path.dirname(a.file)), []);
  });

  it('files are immutable: a later write never touches an existing file, and a taken number is skipped, not overwritten', function () {
    const state = tmpDir('occtx-cp-store-');
    const a = write(state, 100_000);
    assert.equal(a.status, 'written');
    if (a.status !== 'written') return;
    const before = fs.readFileSync(a.file);
    const ino = fs.statSync(a.file).ino;
    // someone else created cp_002 meanwhile (a concurrent writer)
    const dir = path.dirname(a.file);
    fs.writeFileSync(path.join(dir, 'cp_002.yaml'), 'foreign');
    const b = write(state, 150_000);
    assert.equal(b.status === 'written' && b.id, 'cp_003');
    assert.equal(fs.readFileSync(path.join(dir, 'cp_002.yaml'), 'utf8'), 'foreign');
    assert.deepEqual(fs.readFileSync(a.file), before);
    assert.equal(fs.statSync(a.file).ino, ino);
    assert.throws(() => writeFileAtomicSync(a.file, 'x', { exclusive: true, fsync: false }), /EEXIST/);
    assert.deepEqual(fs.readFileSync(a.file), before);
  });

  it('dedupe: a write is skipped when input_tokens moved < 5 % since the last checkpoint (same compaction count)', function () {
    const state = tmpDir('occtx-cp-store-');
    assert.equal(write(state, 160_000).status, 'written');
    const s = write(state, 167_999);
    assert.equal(s.status, 'skipped');
    assert.match(describeWrite(s), /^skipped: input_tokens moved 5\.0% \(160000 → 167999\) since cp_001, under 5%$/);
    assert.equal(write(state, 152_001).status, 'skipped', 'downward movement counts too');
    assert.equal(write(state, 168_000).status, 'written', 'exactly 5 % writes');
    assert.equal(write(state, 168_100, { force: true }).status, 'written', 'force (manual) writes anyway');
    assert.equal(write(state, 168_200, {}, { compaction_count: 3 }).status, 'written', 'a new compaction generation writes');
    assert.equal(write(state, 168_300, { dedupeRatio: 0 }).status, 'written');
    assert.equal(listCheckpoints(state, KEY).length, 5);
    assert.equal(dedupeReason(undefined, cpWith(1)), undefined);
    assert.equal(dedupeReason(cpWith(0), cpWith(0)) !== undefined, true, '0 → 0 did not move');
    assert.equal(dedupeReason(cpWith(0), cpWith(1)), undefined);
  });

  it('retention keeps the newest 5 files, deleting older ones (never rewriting any)', function () {
    const state = tmpDir('occtx-cp-store-');
    const pruned: string[] = [];
    for (let i = 0; i < 9; i++) {
      const r = write(state, 100_000 + i * 20_000);
      assert.equal(r.status, 'written');
      if (r.status === 'written') pruned.push(...r.pruned);
    }
    const list = listCheckpoints(state, KEY);
    assert.deepEqual(list.map((e) => e.id), ['cp_009', 'cp_008', 'cp_007', 'cp_006', 'cp_005']);
    assert.deepEqual(pruned, ['cp_001.yaml', 'cp_002.yaml', 'cp_003.yaml', 'cp_004.yaml']);
    assert.ok(list[0]!.latest && !list[1]!.latest);
    assert.equal(write(state, 400_000, { keep: 2 }).status, 'written');
    assert.deepEqual(listCheckpoints(state, KEY).map((e) => e.id), ['cp_010', 'cp_009']);
  });

  it('a checkpoint that does not validate is never written', function () {
    const state = tmpDir('occtx-cp-store-');
    const bad = cpWith(1000);
    (bad.working as { status: string }).status = 'sleeping';
    assert.throws(() => writeCheckpoint(state, bad, { fsync: false }), /working\.status/);
    assert.deepEqual(listCheckpoints(state, KEY), []);
  });
});

describe('checkpoint store: reading', function () {
  it('listCheckpoints: newest first, each validated, with the error naming file and field', function () {
    const state = tmpDir('occtx-cp-store-');
    for (const t of [100_000, 130_000, 160_000]) write(state, t);
    const dir = checkpointDir(state, KEY);
    const f2 = path.join(dir, 'cp_002.yaml');
    fs.chmodSync(f2, 0o644);
    fs.writeFileSync(f2, fs.readFileSync(f2, 'utf8').replace('status: "in_progress"', 'status: "busy"'));
    const list = listCheckpoints(state, KEY);
    assert.deepEqual(list.map((e) => [e.id, !!e.checkpoint]), [['cp_003', true], ['cp_002', false], ['cp_001', true]]);
    assert.equal(list[1]!.error, `${f2}: invalid checkpoint: working.status: expected one of in_progress | idle | waiting_for_user, got "busy"`);
    assert.ok(list[0]!.bytes > 500 && list[0]!.mtimeMs > 0);
  });

  it('a corrupt newest checkpoint falls back to its previous_checkpoint (torn, garbage, empty, deleted)', function () {
    const state = tmpDir('occtx-cp-store-');
    for (const t of [100_000, 130_000, 160_000]) write(state, t);
    const dir = checkpointDir(state, KEY);
    const f3 = path.join(dir, 'cp_003.yaml');
    const good = fs.readFileSync(f3, 'utf8');
    for (const corrupt of [good.slice(0, Math.floor(good.length / 2)), '\u0000\u0000garbage: [', '', good.replace('cp_003', 'cp_00x')]) {
      fs.writeFileSync(f3, corrupt);
      const r = readLatestCheckpoint(state, KEY);
      assert.equal(r.checkpoint?.meta.checkpoint_id, 'cp_002', JSON.stringify(corrupt.slice(0, 20)));
      assert.equal(r.file, path.join(dir, 'cp_002.yaml'));
      assert.equal(r.skipped.length, 1);
      assert.equal(r.skipped[0]!.id, 'cp_003');
      assert.match(r.skipped[0]!.error, new RegExp(`^${f3.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: invalid checkpoint: `));
    }
    // both newest corrupt: the pointer's previous_checkpoint (cp_002) is corrupt too → cp_001
    fs.writeFileSync(path.join(dir, 'cp_002.yaml'), 'nope');
    const r = readLatestCheckpoint(state, KEY);
    assert.equal(r.checkpoint?.meta.checkpoint_id, 'cp_001');
    assert.deepEqual(r.skipped.map((s) => s.id), ['cp_003', 'cp_002']);
    // the next write continues the numbering and links to the newest valid one
    const w = write(state, 200_000);
    assert.equal(w.status === 'written' && w.id, 'cp_004');
    assert.equal(w.status === 'written' && w.checkpoint.meta.previous_checkpoint, 'cp_001');
    // no files at all
    assert.deepEqual(readLatestCheckpoint(state, 'other'), { skipped: [] });
  });

  it('a missing or corrupt _latest.json does not matter: the newest valid file wins', function () {
    const state = tmpDir('occtx-cp-store-');
    for (const t of [100_000, 130_000]) write(state, t);
    const dir = checkpointDir(state, KEY);
    fs.writeFileSync(path.join(dir, LATEST_FILE), '{"checkpoint_id":"cp_001","path":"../../etc/passwd","written_at":1}');
    assert.equal(readLatestPointer(state, KEY), undefined, 'a pointer leaving the directory is ignored');
    assert.equal(readLatestCheckpoint(state, KEY).checkpoint?.meta.checkpoint_id, 'cp_002');
    fs.rmSync(path.join(dir, LATEST_FILE));
    assert.equal(readLatestCheckpoint(state, KEY).checkpoint?.meta.checkpoint_id, 'cp_002');
  });

  it('a checkpoint of another session in the directory is refused', function () {
    const state = tmpDir('occtx-cp-store-');
    write(state, 100_000);
    const dir = checkpointDir(state, KEY);
    const f = path.join(dir, 'cp_002.yaml');
    const other = seedExample({ session_key: 'someone:else', checkpoint_id: 'cp_002' });
    const { serializeCheckpoint } = require('../../src/core/checkpoint/yamlCodec') as typeof import('../../src/core/checkpoint/yamlCodec');
    fs.writeFileSync(f, serializeCheckpoint(other));
    assert.equal(readLatestCheckpoint(state, KEY).checkpoint?.meta.checkpoint_id, 'cp_001');
    assert.match(listCheckpoints(state, KEY)[0]!.error!, /meta\.session_key: belongs to another session/);
  });

  it('listCheckpointSessions finds each session directory and its key', function () {
    const state = tmpDir('occtx-cp-store-');
    write(state, 100_000);
    writeCheckpoint(state, seedExample({ session_key: 'global' }), { fsync: false });
    const s = listCheckpointSessions(state).sort((a, b) => a.sessionKey.localeCompare(b.sessionKey));
    assert.deepEqual(s.map((x) => [x.sessionKey, x.latestId, x.count]), [[KEY, 'cp_001', 1], ['global', 'cp_001', 1]]);
  });
});

describe('checkpoint store: atomic writes', function () {
  const failing = (codes: string[], base: FsOps = realFs): FsOps & { calls: string[]; slept: number[] } => {
    const calls: string[] = [];
    const slept: number[] = [];
    let i = 0;
    return {
      ...base,
      calls,
      slept,
      sleep: (ms) => void slept.push(ms),
      renameSync: (a, b) => {
        calls.push('rename');
        const code = codes[i++];
        if (code) throw Object.assign(new Error(`${code}: fake`), { code });
        base.renameSync(a, b);
      },
      copyFileSync: (a, b) => {
        calls.push('copy');
        base.copyFileSync(a, b);
      },
    };
  };

  it('a rename failing with EPERM/EACCES/EBUSY is retried with backoff (Windows: the target is open elsewhere)', function () {
    const dir = tmpDir('occtx-cp-atomic-');
    const f = path.join(dir, 'x.json');
    fs.writeFileSync(f, 'old');
    const ops = failing(['EPERM', 'EACCES', 'EBUSY']);
    writeFileAtomicSync(f, 'new', { ops, fsync: false });
    assert.equal(fs.readFileSync(f, 'utf8'), 'new');
    assert.deepEqual(ops.calls, ['rename', 'rename', 'rename', 'rename']);
    assert.deepEqual(ops.slept, RENAME_BACKOFF_MS.slice(0, 3));
    assert.deepEqual(fs.readdirSync(dir), ['x.json'], 'no temp file left');
  });

  it('a rename that keeps failing falls back to copy + unlink; other errors are thrown and the temp file removed', function () {
    const dir = tmpDir('occtx-cp-atomic-');
    const f = path.join(dir, 'x.json');
    const ops = failing(Array(20).fill('EPERM'));
    writeFileAtomicSync(f, 'copied', { ops, fsync: false });
    assert.equal(fs.readFileSync(f, 'utf8'), 'copied');
    assert.equal(ops.calls.filter((c) => c === 'rename').length, RENAME_BACKOFF_MS.length + 1);
    assert.equal(ops.calls[ops.calls.length - 1], 'copy');
    assert.deepEqual(fs.readdirSync(dir), ['x.json']);
    const ops2 = failing(['ENOSPC']);
    assert.throws(() => writeFileAtomicSync(f, 'lost', { ops: ops2, fsync: false }), /ENOSPC/);
    assert.equal(fs.readFileSync(f, 'utf8'), 'copied');
    assert.deepEqual(fs.readdirSync(dir), ['x.json']);
    assert.throws(() => renameWithRetry(path.join(dir, 'missing'), f), /ENOENT/);
  });

  it('fsync: the file before the rename, then the directory', function () {
    const dir = tmpDir('occtx-cp-atomic-');
    const f = path.join(dir, 'x.json');
    const synced: string[] = [];
    const fds = new Map<number, string>();
    const ops: FsOps = {
      ...realFs,
      openSync: ((p: fs.PathLike, flags: fs.OpenMode, mode?: fs.Mode) => {
        const fd = fs.openSync(p, flags, mode);
        fds.set(fd, String(p));
        return fd;
      }) as typeof fs.openSync,
      fsyncSync: (fd) => {
        synced.push(fds.get(fd as number) === dir ? 'dir' : 'file');
        fs.fsyncSync(fd);
      },
      renameSync: (a, b) => {
        synced.push('rename');
        fs.renameSync(a, b);
      },
    };
    writeFileAtomicSync(f, 'x', { ops });
    assert.deepEqual(synced, ['file', 'rename', 'dir']);
    synced.length = 0;
    writeFileAtomicSync(f, 'y', { ops, fsync: false });
    assert.deepEqual(synced, ['rename']);
    assert.equal(fsyncDir(path.join(dir, 'does-not-exist')), false, 'errors ignored (Windows cannot open a directory)');
  });

  it('sweepTempFiles removes temp files older than the limit only', function () {
    const dir = tmpDir('occtx-cp-atomic-');
    fs.writeFileSync(path.join(dir, '.cp_001.yaml.123.1.abc.tmp'), 'torn');
    fs.writeFileSync(path.join(dir, '.cp_002.yaml.123.2.abd.tmp'), 'fresh');
    fs.writeFileSync(path.join(dir, 'cp_001.yaml'), 'keep');
    const old = (Date.now() - 120_000) / 1000;
    fs.utimesSync(path.join(dir, '.cp_001.yaml.123.1.abc.tmp'), old, old);
    assert.deepEqual(sweepTempFiles(dir), ['.cp_001.yaml.123.1.abc.tmp']);
    assert.deepEqual(fs.readdirSync(dir).sort(), ['.cp_002.yaml.123.2.abd.tmp', 'cp_001.yaml']);
    assert.ok(TEMP_FILE_RE.test('.x.json.1.2.ff.tmp') && !TEMP_FILE_RE.test('cp_001.yaml'));
  });
});

describe('checkpoint store: concurrent writers', function () {
  it('four processes writing the same session at once never overwrite each other (exclusive create; a taken number is skipped)', async function () {
    this.timeout(120_000);
    const state = tmpDir('occtx-cp-conc-');
    const storeJs = repoPath('out', 'src', 'core', 'checkpoint', 'store.js');
    const supportJs = repoPath('out', 'test', 'unit', 'support', 'checkpoints.js');
    const child = `
      const { writeCheckpoint } = require(${JSON.stringify(storeJs)});
      const { seedExample } = require(${JSON.stringify(supportJs)});
      const [w, dir] = [process.argv[1], process.argv[2]];
      const out = [];
      for (let i = 0; i < 15; i++) {
        const cp = seedExample({ session_key: ${JSON.stringify(KEY)} });
        cp.working.topic = 'writer ' + w + ' #' + i + ' ' + 'pad '.repeat(2000);
        const r = writeCheckpoint(dir, cp, { force: true, keep: 1000, fsync: false });
        out.push([r.id, 'writer ' + w + ' #' + i]);
      }
      process.stdout.write(JSON.stringify(out));`;
    const runs = await Promise.all(
      [0, 1, 2, 3].map(
        (w) =>
          new Promise<Array<[string, string]>>((resolve, reject) => {
            const p = spawn(process.execPath, ['-e', child, String(w), state], { stdio: ['ignore', 'pipe', 'pipe'] });
            let out = '';
            let err = '';
            p.stdout.on('data', (d) => (out += d));
            p.stderr.on('data', (d) => (err += d));
            p.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Array<[string, string]>) : reject(new Error(err))));
          }),
      ),
    );
    const claims = runs.flat();
    assert.equal(claims.length, 60);
    assert.equal(new Set(claims.map((c) => c[0])).size, 60, 'every write got its own number');
    const dir = checkpointDir(state, KEY);
    assert.equal(fs.readdirSync(dir).filter((n) => /^cp_\d+\.yaml$/.test(n)).length, 60);
    for (const [id, topic] of claims) assert.ok(readCheckpointFile(path.join(dir, `${id}.yaml`)).working.topic.startsWith(topic + ' '), `${id} holds what its writer wrote`);
  });
});

describe('checkpoint store: SIGKILL during writes', function () {
  it('kills a writer at random moments 60 times: every cp_*.yaml and _latest.json in the directory is whole and valid', async function () {
    this.timeout(180_000);
    const state = tmpDir('occtx-cp-kill-');
    const storeJs = repoPath('out', 'src', 'core', 'checkpoint', 'store.js');
    const supportJs = repoPath('out', 'test', 'unit', 'support', 'checkpoints.js');
    // The child writes ~1 MB checkpoints in a loop (big enough that kills land mid-write), fsync on.
    const child = `
      const { writeCheckpoint } = require(${JSON.stringify(storeJs)});
      const { seedExample } = require(${JSON.stringify(supportJs)});
      const big = 'Plan line with 中文 and "quotes": value\\n'.repeat(25000);
      let n = Number(process.argv[1]);
      process.stdout.write('ready\\n');
      for (;;) {
        const cp = seedExample({ session_key: ${JSON.stringify(KEY)} });
        cp.working.topic = big + n;
        cp.meta.token_usage = { input_tokens: 1000 + n, context_window: 200000, utilization: 0.5 };
        writeCheckpoint(process.argv[2], cp, { force: true, keep: 5 });
        process.stdout.write('written\\n');
        n++;
      }`;
    let seed = 12345;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    let kills = 0;
    let counter = 0;
    for (let run = 0; run < 60; run++) {
      const p = spawn(process.execPath, ['-e', child, String(counter), state], { stdio: ['ignore', 'pipe', 'pipe'] });
      let err = '';
      p.stderr.on('data', (d) => (err += d));
      // The first writer is killed only after one whole checkpoint (on a loaded machine a kill 150 ms after
      // 'ready' can land before any write ends, and the checks below would have nothing to look at).
      const want = run === 0 ? 'written' : 'ready';
      await new Promise<void>((resolve, reject) => {
        let seen = '';
        p.stdout.on('data', (d) => {
          seen += d;
          if (seen.includes(want)) resolve();
        });
        p.once('exit', (code) => reject(new Error(`child exited early (${code}): ${err}`)));
      });
      await new Promise((r) => setTimeout(r, 1 + rand() * 150));
      p.kill('SIGKILL');
      await new Promise((r) => p.once('exit', r));
      kills++;
      counter += 1000;
    }
    assert.equal(kills, 60);
    const dir = checkpointDir(state, KEY);
    const names = fs.readdirSync(dir);
    const cps = names.filter((n) => /^cp_\d+\.yaml$/.test(n));
    assert.ok(cps.length >= 1, `checkpoints written: ${cps.length}`);
    for (const n of cps) {
      const cp = readCheckpointFile(path.join(dir, n)); // throws on a torn or invalid file
      assert.equal(cp.meta.checkpoint_id + '.yaml', n);
      assert.ok(cp.working.topic.startsWith('Plan line'));
    }
    const pointer = readLatestPointer(state, KEY);
    assert.ok(pointer, '_latest.json is whole');
    assert.ok(cps.includes(pointer.path), `the pointer names an existing checkpoint (${pointer.path})`);
    assert.deepEqual(strayFiles(dir), [], 'only checkpoints, the pointer and temp files');
    const temps = names.filter((n) => TEMP_FILE_RE.test(n));
    const newest = Math.max(...cps.map((c) => Number(c.slice(3, -5))));
    console.log(`      ${kills} kills, ${newest} checkpoints completed, ${temps.length} killed mid-write (temp file left), ${cps.length} kept`);
    assert.deepEqual(sweepTempFiles(dir, 0).sort(), temps.sort(), 'torn temp files are swept');
    assert.equal(readLatestCheckpoint(state, KEY).skipped.length, 0);
  });

  it('kills a loop of raw atomic writes (the store write path, YAML made once) 40 times: most kills land mid-write, no file is ever torn', async function () {
    this.timeout(180_000);
    const dir = tmpDir('occtx-cp-kill-raw-');
    const atomicJs = repoPath('out', 'src', 'core', 'fs', 'atomic.js');
    const codecJs = repoPath('out', 'src', 'core', 'checkpoint', 'yamlCodec.js');
    const supportJs = repoPath('out', 'test', 'unit', 'support', 'checkpoints.js');
    const child = `
      const fs = require('fs'), path = require('path');
      const { writeFileAtomicSync } = require(${JSON.stringify(atomicJs)});
      const { serializeCheckpoint } = require(${JSON.stringify(codecJs)});
      const { seedExample } = require(${JSON.stringify(supportJs)});
      const dir = process.argv[1];
      const cp = seedExample();
      cp.working.topic = 'x: y 中文\\n'.repeat(100000);
      const text = serializeCheckpoint(cp);
      let n = 1 + fs.readdirSync(dir).filter((f) => /^cp_\\d+\\.yaml$/.test(f)).length;
      process.stdout.write('ready\\n');
      for (;; n++) {
        const name = 'cp_' + String(n).padStart(3, '0') + '.yaml';
        writeFileAtomicSync(path.join(dir, name), text, { exclusive: true });
        writeFileAtomicSync(path.join(dir, '_latest.json'), JSON.stringify({ path: name, pad: 'p'.repeat(200000) }));
      }`;
    let seed = 99;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    // 40 kills, and more (up to 120) until 10 have landed mid-write: on a quiet machine the writes are quicker
    const midWrite = () => fs.readdirSync(dir).filter((n) => TEMP_FILE_RE.test(n)).length;
    let kills = 0;
    for (let run = 0; run < 120 && (run < 40 || midWrite() < 10); run++, kills++) {
      const p = spawn(process.execPath, ['-e', child, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
      let err = '';
      p.stderr.on('data', (d) => (err += d));
      await new Promise<void>((resolve, reject) => {
        p.stdout.once('data', () => resolve());
        p.once('exit', (code) => reject(new Error(`child exited early (${code}): ${err}`)));
      });
      await new Promise((r) => setTimeout(r, 1 + rand() * 25));
      p.kill('SIGKILL');
      await new Promise((r) => p.once('exit', r));
    }
    const names = fs.readdirSync(dir);
    const cps = names.filter((n) => /^cp_\d+\.yaml$/.test(n));
    const temps = names.filter((n) => TEMP_FILE_RE.test(n));
    console.log(`      ${kills} kills, ${cps.length} files completed, ${temps.length} killed mid-write (temp file left)`);
    assert.ok(cps.length >= 5, `files completed: ${cps.length}`);
    assert.ok(temps.length >= 10, `kills inside the write path: ${temps.length}`);
    const expected = fs.readFileSync(path.join(dir, cps[0]!), 'utf8');
    for (const n of cps) {
      const text = fs.readFileSync(path.join(dir, n), 'utf8');
      assert.equal(text.length, expected.length, n);
      assert.equal(text, expected, n);
      parseCheckpointYaml(text, n);
    }
    const latest = JSON.parse(fs.readFileSync(path.join(dir, '_latest.json'), 'utf8')) as { path: string };
    assert.ok(cps.includes(latest.path));
    assert.deepEqual(names.filter((n) => !cps.includes(n) && !temps.includes(n) && n !== '_latest.json'), []);
  });
});
