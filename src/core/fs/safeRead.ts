/**
 * Reading untrusted input (everything in a state dir) without hanging or exhausting memory: only regular
 * files are read, and never more than a bound per kind of file.
 *
 * The file is opened with O_RDONLY | O_NONBLOCK (so a FIFO in its place does not block the open) and, for
 * our own files, O_NOFOLLOW; the decision is taken on fstat of that descriptor, so nothing can be swapped
 * in between a check and the read. A stat before the open only refuses a device or FIFO early (so it is
 * never opened at all). The read stops one byte past the bound even when the file grows meanwhile.
 *
 * Errors are SafeReadError with a code and a message that names the file and the reason, never its content.
 */
import * as fs from 'node:fs';

const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = fs.constants.O_NONBLOCK ?? 0;

const MiB = 1024 * 1024;

/** The most we read of each kind of file. */
export const READ_LIMITS = {
  /** openclaw.json and each file it $includes */
  config: 8 * MiB,
  /** a JSONL-era sessions.json (one row per session key) */
  sessionsIndex: 256 * MiB,
  /** `_latest.json` and the other small JSON state files we keep under <stateDir>/context */
  pointer: 1 * MiB,
  /** incremental checkpoint state, flush and breaker state */
  state: 16 * MiB,
  /** a lock file (JSON with a pid) */
  lock: 64 * 1024,
} as const;

export type SafeReadReason = 'missing' | 'not-a-file' | 'too-large' | 'unreadable';

export class SafeReadError extends Error {
  constructor(
    readonly reason: SafeReadReason,
    readonly file: string,
    message: string,
    /** the errno code behind it (ENOENT for 'missing'), as on Node's own errors */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'SafeReadError';
  }
}

export interface SafeReadOptions {
  /** refuse more than this many bytes */
  maxBytes: number;
  /** follow a symbolic link at the last component (default true; false for our own files, which are never links) */
  follow?: boolean;
}

/** What a non-regular file is, in words. */
export function fileKind(st: fs.Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a named pipe (FIFO)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  if (st.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

export function formatBytes(n: number): string {
  if (n >= MiB) return `${Math.round((n / MiB) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

const notRegular = (file: string, st: fs.Stats) => new SafeReadError('not-a-file', file, `${file} is ${fileKind(st)}, not a regular file; not read`);
const tooLarge = (file: string, size: number | undefined, max: number) =>
  new SafeReadError('too-large', file, `${file} is ${size !== undefined ? `${formatBytes(size)}, ` : ''}more than the ${formatBytes(max)} limit; not read`);

function fsError(file: string, err: unknown): SafeReadError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return new SafeReadError('missing', file, `${file} does not exist`, code);
  if (code === 'ELOOP') return new SafeReadError('not-a-file', file, `${file} is a symbolic link (or a link loop), not a regular file; not read`, code);
  if (code === 'EISDIR') return new SafeReadError('not-a-file', file, `${file} is a directory, not a regular file; not read`, code);
  return new SafeReadError('unreadable', file, `${file} cannot be read (${code ?? (err instanceof Error ? err.message : String(err))})`, code);
}

/**
 * Refuse early, without opening, what is plainly not a regular file or too large (a device must not even be
 * opened). Not the decision itself: openRegularFile decides on the descriptor.
 */
function precheck(file: string, opts: SafeReadOptions): fs.Stats {
  let st: fs.Stats;
  try {
    st = opts.follow === false ? fs.lstatSync(file) : fs.statSync(file);
  } catch (err) {
    throw fsError(file, err);
  }
  if (!st.isFile()) throw notRegular(file, st);
  if (st.size > opts.maxBytes) throw tooLarge(file, st.size, opts.maxBytes);
  return st;
}

/**
 * The same check as openRegularFile without opening anything, for a file another library opens itself and
 * holds POSIX locks on (SQLite): closing a descriptor of ours would release that library's locks.
 */
export function statRegularFile(file: string, opts: Partial<SafeReadOptions> = {}): fs.Stats {
  return precheck(file, { maxBytes: opts.maxBytes ?? Number.MAX_SAFE_INTEGER, ...(opts.follow !== undefined ? { follow: opts.follow } : {}) });
}

/**
 * Open a regular file for reading. Returns its descriptor and fstat (the caller closes it), or throws
 * SafeReadError: missing, not a regular file (directory, FIFO, device, socket, a link when !follow), or
 * larger than `maxBytes`.
 */
export function openRegularFile(file: string, opts: SafeReadOptions): { fd: number; stat: fs.Stats } {
  precheck(file, opts);
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | O_NONBLOCK | (opts.follow === false ? O_NOFOLLOW : 0));
  } catch (err) {
    throw fsError(file, err);
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw notRegular(file, stat);
    if (stat.size > opts.maxBytes) throw tooLarge(file, stat.size, opts.maxBytes);
    return { fd, stat };
  } catch (err) {
    fs.closeSync(fd);
    throw err instanceof SafeReadError ? err : fsError(file, err);
  }
}

/** Read an open descriptor from its start to its end, refusing more than `maxBytes` (also when it grew after fstat). */
export function readOpenFile(fd: number, file: string, sizeHint: number, maxBytes: number): Buffer {
  let buf = Buffer.allocUnsafe(Math.min(maxBytes, Math.max(0, sizeHint)) + 1);
  let got = 0;
  for (;;) {
    if (got === buf.length) {
      if (got > maxBytes) throw tooLarge(file, undefined, maxBytes);
      const bigger = Buffer.allocUnsafe(Math.min(maxBytes + 1, Math.max(buf.length * 2, 64 * 1024)));
      buf.copy(bigger, 0, 0, got);
      buf = bigger;
    }
    let n: number;
    try {
      n = fs.readSync(fd, buf, got, buf.length - got, got);
    } catch (err) {
      throw fsError(file, err);
    }
    if (n <= 0) break;
    got += n;
  }
  if (got > maxBytes) throw tooLarge(file, undefined, maxBytes);
  return buf.subarray(0, got);
}

/** The whole of a regular file, at most `maxBytes`, and its fstat (SafeReadError otherwise). */
export function readRegularFileStat(file: string, opts: SafeReadOptions): { data: Buffer; stat: fs.Stats } {
  const { fd, stat } = openRegularFile(file, opts);
  try {
    return { data: readOpenFile(fd, file, stat.size, opts.maxBytes), stat };
  } finally {
    fs.closeSync(fd);
  }
}

/** The whole of a regular file, at most `maxBytes` (SafeReadError otherwise). */
export function readRegularFile(file: string, opts: SafeReadOptions): Buffer {
  return readRegularFileStat(file, opts).data;
}

/** The text (UTF-8) of a regular file, at most `maxBytes` (SafeReadError otherwise). */
export function readRegularText(file: string, opts: SafeReadOptions): string {
  return readRegularFile(file, opts).toString('utf8');
}

/** As readRegularText, undefined when the file does not exist. */
export function readRegularTextIfExists(file: string, opts: SafeReadOptions): string | undefined {
  try {
    return readRegularText(file, opts);
  } catch (err) {
    if (err instanceof SafeReadError && err.reason === 'missing') return undefined;
    throw err;
  }
}

/**
 * Check that a file someone else opens by its path (SQLite) is a regular file, without reading it: open
 * it without blocking and fstat the descriptor. `maxBytes` bounds it when given. Missing → SafeReadError 'missing'.
 */
export function assertRegularFile(file: string, opts: Partial<SafeReadOptions> = {}): fs.Stats {
  const { fd, stat } = openRegularFile(file, { maxBytes: opts.maxBytes ?? Number.MAX_SAFE_INTEGER, ...(opts.follow !== undefined ? { follow: opts.follow } : {}) });
  fs.closeSync(fd);
  return stat;
}
