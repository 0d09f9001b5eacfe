/**
 * Crash-safe file writes: the data goes to a temp file in the same directory, is fsync'ed, and only
 * then takes the final name, so a reader (or a crash at any instant) sees the old file or the new one,
 * never a torn one.
 *
 * - `exclusive`: the final name must not exist yet (immutable checkpoint files). The temp file is
 *   hard-linked to it, which fails with EEXIST instead of replacing anything; on file systems without
 *   hard links it falls back to an existence check + rename.
 * - otherwise the temp file is renamed over the target (the `_latest.json` pointer, state files). On
 *   Windows a rename over a file another process has open (virus scanner, indexer) fails with EPERM,
 *   EACCES or EBUSY for a moment: it is retried with a short backoff, then, as the last resort (the
 *   pattern of OpenClaw's `writeConfigFile`), the temp file is copied over the target and removed.
 * - with `fsync`, the directory is fsync'ed after the rename where the platform allows opening a
 *   directory (POSIX); on Windows that open fails and is ignored.
 *
 * - with `root`, the target is checked by ./safePath (its real path inside the root, no link leading out,
 *   an existing target a regular file) before the temp file is created, and again right before the rename;
 *   the temp file and the rename use the checked real path. The folder must exist (ensureDirInRoot).
 *
 * Temp files are named `.<name>.<pid>.<n>.<random>.tmp`; `sweepTempFiles` removes old ones left by a
 * killed writer.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureDirInRoot, resolveInRoot, UnsafePathError, type RootLike } from './safePath';

/** The fs calls used here, replaceable in tests (EPERM retry, fallbacks). */
export interface FsOps {
  openSync: typeof fs.openSync;
  writeSync: (fd: number, data: Uint8Array, offset: number, length: number) => number;
  fsyncSync: typeof fs.fsyncSync;
  closeSync: typeof fs.closeSync;
  renameSync: typeof fs.renameSync;
  linkSync: typeof fs.linkSync;
  unlinkSync: typeof fs.unlinkSync;
  copyFileSync: typeof fs.copyFileSync;
  existsSync: typeof fs.existsSync;
  sleep: (ms: number) => void;
}

const sleepCell = new Int32Array(new SharedArrayBuffer(4));
export const realFs: FsOps = {
  openSync: fs.openSync,
  writeSync: (fd, data, offset, length) => fs.writeSync(fd, data, offset, length),
  fsyncSync: fs.fsyncSync,
  closeSync: fs.closeSync,
  renameSync: fs.renameSync,
  linkSync: fs.linkSync,
  unlinkSync: fs.unlinkSync,
  copyFileSync: fs.copyFileSync,
  existsSync: fs.existsSync,
  sleep: (ms) => void Atomics.wait(sleepCell, 0, 0, ms),
};

export interface AtomicWriteOptions {
  /** fsync the file before it takes its name, and the directory after (default true) */
  fsync?: boolean;
  /** fail with EEXIST rather than replace an existing file (default false) */
  exclusive?: boolean;
  mode?: number;
  ops?: FsOps;
  /** the folder the file must stay inside (see the module comment) */
  root?: RootLike;
}

/** Renames retried on these (Windows: the target is open in another process for a moment). */
const RETRY_CODES = new Set(['EPERM', 'EACCES', 'EBUSY']);
/** Backoff for those retries (ms); about 0.6 s in all. */
export const RENAME_BACKOFF_MS = [5, 10, 20, 40, 80, 150, 300];
/** Hard links not available: fall back to check + rename. */
const NO_LINK_CODES = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK', 'EXDEV', 'EINVAL']);

let counter = 0;

const errCode = (err: unknown): string | undefined => (err && typeof err === 'object' && 'code' in err ? String((err as { code: unknown }).code) : undefined);

export function tempNameFor(file: string): string {
  const rand = Math.floor(Math.random() * 0xffffffff).toString(16);
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${++counter}.${rand}.tmp`);
}

export const TEMP_FILE_RE = /^\..+\.\d+\.\d+\.[0-9a-f]+\.tmp$/;

/** Write `data` to `file` atomically (see the module comment). */
export function writeFileAtomicSync(file: string, data: string | Uint8Array, opts: AtomicWriteOptions = {}): void {
  const ops = opts.ops ?? realFs;
  const doSync = opts.fsync !== false;
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const root = opts.root;
  const target = root === undefined ? file : resolveInRoot(root, file, 'file');
  const tmp = tempNameFor(target);
  let placed = false;
  try {
    const fd = ops.openSync(tmp, 'wx', opts.mode ?? 0o644);
    try {
      let off = 0;
      while (off < bytes.length) off += ops.writeSync(fd, bytes, off, bytes.length - off);
      if (doSync) ops.fsyncSync(fd);
    } finally {
      ops.closeSync(fd);
    }
    // at the moment of writing: the path still resolves where it did (see safePath's residual race)
    if (root !== undefined && resolveInRoot(root, file, 'file') !== target) throw new UnsafePathError('changed', `${file} moved while it was being written: nothing was written`, file);
    if (opts.exclusive) placeExclusive(tmp, target, ops);
    else renameWithRetry(tmp, target, ops);
    placed = true;
    if (doSync) fsyncDir(path.dirname(target), ops);
  } finally {
    if (!placed || opts.exclusive) {
      try {
        ops.unlinkSync(tmp);
      } catch {
        /* already renamed away, or never created */
      }
    }
  }
}

function placeExclusive(tmp: string, file: string, ops: FsOps): void {
  try {
    ops.linkSync(tmp, file); // atomic, and never replaces an existing file
    return;
  } catch (err) {
    const code = errCode(err);
    if (code === 'EEXIST' || !NO_LINK_CODES.has(code ?? '')) throw err;
  }
  if (ops.existsSync(file)) throw Object.assign(new Error(`EEXIST: file already exists, ${file}`), { code: 'EEXIST', path: file });
  renameWithRetry(tmp, file, ops);
}

/** rename, retried on EPERM/EACCES/EBUSY; last resort copy + unlink. */
export function renameWithRetry(from: string, to: string, ops: FsOps = realFs): void {
  let last: unknown;
  for (let attempt = 0; attempt <= RENAME_BACKOFF_MS.length; attempt++) {
    try {
      ops.renameSync(from, to);
      return;
    } catch (err) {
      last = err;
      if (!RETRY_CODES.has(errCode(err) ?? '')) throw err;
      if (attempt < RENAME_BACKOFF_MS.length) ops.sleep(RENAME_BACKOFF_MS[attempt]!);
    }
  }
  try {
    ops.copyFileSync(from, to);
  } catch {
    throw last;
  }
  try {
    ops.unlinkSync(from);
  } catch {
    /* the copy is in place; a stray temp file is swept later */
  }
}

/** fsync a directory so a rename in it is durable (POSIX). Errors (Windows: EISDIR/EPERM) are ignored. */
export function fsyncDir(dir: string, ops: FsOps = realFs): boolean {
  let fd: number | undefined;
  try {
    fd = ops.openSync(dir, 'r');
    ops.fsyncSync(fd);
    return true;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) {
      try {
        ops.closeSync(fd);
      } catch {
        /* ignore */
      }
    }
  }
}

/**
 * Remove temp files older than `maxAgeMs` (left by a writer that was killed). Only regular files are removed
 * (a link or anything else planted under a temp file's name is left alone). Pass a checked real path
 * (resolveInRoot). Returns the names removed.
 */
export function sweepTempFiles(dir: string, maxAgeMs = 60_000, now = Date.now()): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return removed;
  }
  for (const n of names) {
    if (!TEMP_FILE_RE.test(n)) continue;
    const p = path.join(dir, n);
    try {
      const st = fs.lstatSync(p);
      if (st.isFile() && now - st.mtimeMs >= maxAgeMs) {
        fs.unlinkSync(p);
        removed.push(n);
      }
    } catch {
      /* raced with another sweeper */
    }
  }
  return removed;
}

/** writeFileAtomicSync with `root`, after creating the file's folder inside the root (ensureDirInRoot). */
export function writeFileInRoot(root: RootLike, file: string, data: string | Uint8Array, opts: Omit<AtomicWriteOptions, 'root'> = {}): void {
  ensureDirInRoot(root, path.dirname(file));
  writeFileAtomicSync(file, data, { ...opts, root });
}
