/**
 * The one lock-file protocol of ours, shared by the CLI and the extension: OpenClaw's `<file>.lock`
 * (openclaw-formats.md §1.6, session-write-lock): a file created exclusively next to the target holding
 * `{pid, createdAt, starttime}`; a lock whose owner is dead (or whose pid was reused) or that is older than
 * the stale limit is reclaimed (remove-if-unchanged); otherwise the writer backs off min(1000, 50·n) ms
 * until its timeout. JSONL transcripts are locked this way (OpenClaw honours it), and so is every file of
 * ours whose write depends on what was read before it (memory files, flush state): the re-check "is it
 * still what the plan was made against?" and the write happen under the lock, so two writers can never
 * both pass the check.
 *
 * How any lock file is read and judged (owner alive, dead, stale) lives here too: ownership.ts uses it to
 * tell who owns a state dir, the acquisition to reclaim a dead writer's lock.
 *
 * Async acquisition for the session writers; a synchronous one (`withFileLocksSync`) for the memory
 * engine's synchronous writers. Within one process, locks serialise async writers; synchronous nesting
 * of the same file (append → write) re-uses the lock its caller holds.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { realFs } from '../fs/atomic';
import { READ_LIMITS, readRegularText, SafeReadError } from '../fs/safeRead';
import { isPidAlive, ownerAlive, processStartTime } from './processes';

// ---------------------------------------------------------------------------------------------
// Reading a lock file (ours or OpenClaw's) and judging its owner

/** OpenClaw's gateway-lock DEFAULT_STALE_MS: a lock without a pid is stale after this long. */
export const GATEWAY_LOCK_STALE_MS = 30_000;
/** session-write-lock DEFAULT_STALE_MS (JSONL era). */
export const JSONL_LOCK_STALE_MS = 30 * 60_000;

export type LockStatus = 'alive' | 'dead' | 'stale' | 'foreign';

export interface LockInfo {
  file: string;
  kind: 'gateway' | 'jsonl';
  status: LockStatus;
  /** why it has that status */
  why: string;
  pid?: number;
  role?: string;
  port?: number;
  stateDir?: string;
  createdAt?: string;
}

/** Parse a lock file leniently: JSON, possibly followed by whitespace padding or junk. */
export function parseLockText(text: string): Record<string, unknown> | undefined {
  const t = text.replace(/^\uFEFF/, '').trim();
  if (!t) return undefined;
  try {
    const v = JSON.parse(t) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    /* fall through */
  }
  // The first balanced {...} (strings respected), then JSON.
  if (t[0] !== '{') return undefined;
  let depth = 0;
  let inStr = false;
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (inStr) {
      if (c === '\\') i++;
      else if (c === '"') inStr = false;
      continue;
    }
    if (c === '"') inStr = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      try {
        const v = JSON.parse(t.slice(0, i + 1)) as unknown;
        return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function ageMs(file: string, now: number): number | undefined {
  try {
    return now - fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** One JSONL-era `<file>.lock` → its verdict (session-write-lock rules: dead pid or older than 30 min = stale). */
export function inspectJsonlLock(file: string, now = Date.now(), staleMs = JSONL_LOCK_STALE_MS): LockInfo | undefined {
  let text: string;
  try {
    text = readRegularText(file, { maxBytes: READ_LIMITS.lock });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return { file, kind: 'jsonl', status: 'alive', why: `lock file cannot be read (${(err as Error).message}); assuming its owner is alive` };
  }
  const p = parseLockText(text);
  const base: LockInfo = { file, kind: 'jsonl', status: 'alive', why: '' };
  const created = p && typeof p.createdAt === 'string' ? Date.parse(p.createdAt) : NaN;
  const age = Number.isFinite(created) ? now - created : ageMs(file, now);
  if (p && typeof p.createdAt === 'string') base.createdAt = p.createdAt;
  if (age !== undefined && age > staleMs) return { ...base, ...(p && typeof p.pid === 'number' ? { pid: p.pid } : {}), status: 'stale', why: `lock is ${Math.round(age / 60_000)} min old (stale after ${Math.round(staleMs / 60_000)} min)` };
  if (!p || typeof p.pid !== 'number') {
    // A writer fills its lock right after creating it; one still empty after 30 s (OpenClaw's rule for
    // pid-less Gateway locks) belongs to a writer that died in between.
    const mtimeAge = ageMs(file, now);
    if (mtimeAge !== undefined && mtimeAge > GATEWAY_LOCK_STALE_MS) return { ...base, status: 'stale', why: `lock has no readable pid and is ${Math.round(mtimeAge / 1000)} s old` };
    return { ...base, why: 'lock has no readable pid yet (being written)' };
  }
  const { alive, why } = ownerAlive(p.pid, p.starttime, undefined);
  return { ...base, pid: p.pid, status: alive ? 'alive' : 'dead', why };
}

// ---------------------------------------------------------------------------------------------
// Taking and releasing a lock of ours

export interface HeldLock {
  path: string;
  content: string;
}

export interface LockRefusal {
  ok: false;
  code: 'locked' | 'write-failed';
  message: string;
}

export interface LockOptions {
  /** how long to wait for a live lock (default 2000 ms) */
  timeoutMs?: number;
  /** a lock older than this is stale even if its pid lives (default 30 min) */
  staleMs?: number;
  now?: () => number;
  /** who holds such a lock, for the refusal (default: OpenClaw writing a transcript) */
  holder?: string;
}

export const DEFAULT_LOCK_TIMEOUT_MS = 2000;

/**
 * The refusal of a write whose plan no longer matches the target (the file or the session changed
 * between the preview and the write). One wording everywhere: the user re-plans.
 */
export const changedSincePreview = (what: string, detail = ''): string =>
  `${what} changed since the preview${detail ? ` (${detail})` : ''}; nothing was written. Re-plan: run it again to see the new preview.`;

/** Locks this process holds. */
const heldLocks = new Set<string>();

/**
 * Create `lockPath` exclusively, already holding `content`, so nobody ever sees an empty lock (a writer
 * killed between open and write would leave one, which reads as "being written" for a long time).
 * The content goes to a private temp file that is hard-linked to the lock name: link() fails with
 * EEXIST exactly like open(O_EXCL). Where hard links are unsupported, open(O_EXCL) + write.
 */
function createLockFile(lockPath: string, content: string): 'created' | 'exists' | string {
  const dir = path.dirname(lockPath);
  const tmp = path.join(dir, `.${path.basename(lockPath)}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`);
  sweepLockTemps(lockPath);
  let fd: number | undefined;
  try {
    fd = fs.openSync(tmp, 'wx', 0o600);
    fs.writeSync(fd, content);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    try {
      fs.linkSync(tmp, lockPath);
      return 'created';
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return 'exists';
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS' && code !== 'EXDEV') return errText(err);
    }
  } catch (err) {
    return errText(err);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
    try {
      fs.unlinkSync(tmp);
    } catch {
      /* not created */
    }
  }
  // No hard links here: O_EXCL, then write (a kill in between leaves an empty lock; see inspectJsonlLock).
  let lfd: number | undefined;
  try {
    lfd = fs.openSync(lockPath, 'wx', 0o600);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EEXIST' ? 'exists' : errText(err);
  }
  try {
    fs.writeSync(lfd, content);
    fs.fsyncSync(lfd);
    return 'created';
  } catch (err) {
    try {
      fs.unlinkSync(lockPath);
    } catch {
      /* gone */
    }
    return errText(err);
  } finally {
    fs.closeSync(lfd);
  }
}

const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Remove temp files of createLockFile left by writers of ours that were killed (their pid is gone). */
function sweepLockTemps(lockPath: string): void {
  const prefix = `.${path.basename(lockPath)}.`;
  let names: string[];
  try {
    names = fs.readdirSync(path.dirname(lockPath));
  } catch {
    return;
  }
  for (const n of names) {
    if (!n.startsWith(prefix) || !n.endsWith('.tmp')) continue;
    const pid = Number(n.slice(prefix.length).split('.')[0]);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || isPidAlive(pid)) continue;
    try {
      fs.unlinkSync(path.join(path.dirname(lockPath), n));
    } catch {
      /* gone */
    }
  }
}

type Step = HeldLock | LockRefusal | { retry: true } | { busy: LockInfo | undefined };

/**
 * How a lock file is read before we remove it (a stale one, or ours on release): bounded, a regular file only, no
 * link followed. What sits under the lock's name may have been planted or swapped in.
 */
const OWN_LOCK_READ = { maxBytes: READ_LIMITS.lock, follow: false } as const;

/** One attempt: take the lock, reclaim it when stale (then retry at once), or report who holds it. */
function attempt(lockPath: string, staleMs: number, now: () => number, notes: string[]): Step {
  if (heldLocks.has(lockPath)) return { busy: undefined };
  const start = processStartTime(process.pid);
  const content = JSON.stringify({ pid: process.pid, createdAt: new Date(now()).toISOString(), ...(start !== null ? { starttime: start } : {}) }, null, 2);
  const made = createLockFile(lockPath, content);
  if (made === 'created') {
    heldLocks.add(lockPath);
    return { path: lockPath, content };
  }
  if (made !== 'exists') return { ok: false, code: 'write-failed', message: `Cannot create the lock file ${lockPath}: ${made}` };
  let before: string;
  try {
    before = readRegularText(lockPath, OWN_LOCK_READ);
  } catch (err) {
    if (err instanceof SafeReadError && err.reason === 'missing') return { retry: true }; // released meanwhile
    // a FIFO, a device, a folder or a link under the lock's name (a sessions folder is untrusted): never read
    // through (a FIFO would block, /dev/zero never end), never removed; it holds the lock until someone looks
    return { busy: { file: lockPath, kind: 'jsonl', status: 'alive', why: `${(err as Error).message}; it is not removed: if no OpenClaw process is writing, remove it yourself` } };
  }
  const info = inspectJsonlLock(lockPath, now(), staleMs);
  if (!info) return { retry: true };
  if (info.status === 'dead' || info.status === 'stale') {
    // remove-if-unchanged, as OpenClaw does
    try {
      if (readRegularText(lockPath, OWN_LOCK_READ) === before) {
        fs.unlinkSync(lockPath);
        notes.push(`reclaimed a stale lock ${path.basename(lockPath)}: ${info.why}`);
      }
    } catch {
      /* released or replaced meanwhile */
    }
    return { retry: true };
  }
  return { busy: info };
}

function busyRefusal(lockPath: string, info: LockInfo | undefined, holder: string | undefined): LockRefusal {
  const name = path.basename(lockPath);
  if (!info) return { ok: false, code: 'locked', message: `${name} is held by another write in this process; try again.` };
  const who = info.pid ? `live pid ${info.pid}` : 'another process';
  return { ok: false, code: 'locked', message: `${name} is held by ${who} (${info.why}): ${holder ?? 'OpenClaw is writing this transcript. Try again when the run has finished.'}` };
}

/** The acquisition loop: yields how long to wait before the next attempt; returns the lock or the refusal. */
function* attempts(lockPath: string, opts: LockOptions, notes: string[]): Generator<number, HeldLock | LockRefusal> {
  const deadline = Date.now() + (opts.timeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS);
  for (let n = 1; ; n++) {
    const s = attempt(lockPath, opts.staleMs ?? JSONL_LOCK_STALE_MS, opts.now ?? Date.now, notes);
    if ('retry' in s) continue;
    if (!('busy' in s)) return s;
    if (Date.now() >= deadline) return busyRefusal(lockPath, s.busy, opts.holder);
    yield Math.min(1000, 50 * n, Math.max(1, deadline - Date.now()));
  }
}

/** Take `lockPath` (the target's `<file>.lock`), waiting up to the timeout. */
export async function acquireLock(lockPath: string, opts: LockOptions, notes: string[]): Promise<HeldLock | LockRefusal> {
  const it = attempts(lockPath, opts, notes);
  for (let r = it.next(); ; r = it.next()) {
    if (r.done) return r.value;
    await new Promise<void>((res) => setTimeout(res, r.value));
  }
}

/** The same, blocking this thread while it waits (the memory engine's writers are synchronous). */
export function acquireLockSync(lockPath: string, opts: LockOptions, notes: string[]): HeldLock | LockRefusal {
  const it = attempts(lockPath, opts, notes);
  for (let r = it.next(); ; r = it.next()) {
    if (r.done) return r.value;
    realFs.sleep(r.value);
  }
}

/** Release a lock we hold (only when it still holds our content). */
export function releaseLock(lock: HeldLock, notes: string[]): void {
  heldLocks.delete(lock.path);
  try {
    // bounded, regular files only, no link followed: what sits there now may have been swapped in (a FIFO, /dev/zero)
    if (readRegularText(lock.path, OWN_LOCK_READ) === lock.content) fs.unlinkSync(lock.path);
    else notes.push(`${path.basename(lock.path)} was replaced by another process while we held it; left in place`);
  } catch (err) {
    notes.push(`releasing ${path.basename(lock.path)}: ${errText(err)}`);
  }
}

/** A lock that could not be taken (thrown by withFileLocksSync). */
export class LockError extends Error {
  constructor(readonly refusal: LockRefusal) {
    super(refusal.message);
    this.name = 'LockError';
  }
}

/** Files whose locks the current synchronous call stack holds (nested writes of one file re-use them). */
const syncHeld = new Set<string>();

/**
 * Run `fn` holding the `<file>.lock` of every file (taken in path order, so two writers of overlapping
 * sets cannot deadlock; released in reverse). The files' folders must exist. Throws LockError when a lock
 * stays held past the timeout.
 */
export function withFileLocksSync<T>(files: readonly string[], fn: () => T, opts: LockOptions = {}): T {
  const held: HeldLock[] = [];
  const notes: string[] = [];
  try {
    for (const f of [...new Set(files.map((x) => path.resolve(x)))].sort()) {
      if (syncHeld.has(f)) continue;
      const l = acquireLockSync(`${f}.lock`, opts, notes);
      if ('ok' in l) throw new LockError(l);
      held.push(l);
      syncHeld.add(f);
    }
    return fn();
  } finally {
    for (const l of held.reverse()) {
      syncHeld.delete(l.path.slice(0, -'.lock'.length));
      releaseLock(l, notes);
    }
  }
}
