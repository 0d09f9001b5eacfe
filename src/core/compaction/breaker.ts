/**
 * L4 — the compaction circuit breaker (seed 000 "L4 — Circuit Breaker"): after 3 consecutive compaction
 * failures of one session, stop retrying compaction, fall back to L1 (tool-output soft trim) only, append
 * the reason to `memories/errors.md` in the agent workspace, and wait until the operator resets it.
 *
 * - **State** per session key in `<stateDir>/context/breaker/<session dir>.json` (`sessionDirName`, so a
 *   hostile key never leaves the directory), written atomically; no file = closed with no failures. The
 *   file is read on every call, so several windows (or a CLI) see one state.
 * - **Counting.** A failure adds one; a success (while closed) clears the count and the file. Reaching
 *   `BREAKER_THRESHOLD` opens the breaker. Once open it stays open — a later success does not close it,
 *   only `reset` does (the seed's "wait for the operator to clear it manually"); failures while open are
 *   still counted (the UI can show them) but not logged again.
 * - **errors.md** gets one line when the breaker opens (not per failure): append-only with `O_APPEND`, the
 *   existing bytes never touched (a missing final newline is supplied in front of our line), newest last,
 *   created with its directory when missing. The final component is opened with `O_NOFOLLOW` and
 *   `memories/` must resolve inside the workspace, so neither a symlinked errors.md nor a symlinked
 *   directory can redirect the write.
 * - Two processes recording a failure at the same instant may count it once: the state is a small
 *   read-modify-write, not a lock; a lost count only delays opening by one failure.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomicSync, TEMP_FILE_RE } from '../fs/atomic';
import { removeFileInRoot, stateDirRoot } from '../fs/safePath';
import { checkedOwnDir, contextRoot, sessionDirIn } from '../checkpoint/paths';
import { withFileLocksSync } from '../store/lock';
import { parseJsonSafe } from '../fs/safeJson';
import { readRegularText, SafeReadError } from '../fs/safeRead';
import { gist } from '../transcript/text';
import { memoriesDir, MEMORIES_DIR } from './restoreList';

/** Seed 000 L4: "If L2 compaction fails 3 consecutive times". */
export const BREAKER_THRESHOLD = 3;
export const ERRORS_FILE = 'errors.md';
export const ERRORS_REL = `${MEMORIES_DIR}/${ERRORS_FILE}`;
export const BREAKER_SCHEMA = 'openclaw-context/compaction-breaker';
export const BREAKER_VERSION = 1;
/** Failures kept in the state file (the current streak, newest last). */
export const MAX_RECORDED_FAILURES = 10;
/** Code points of a failure reason kept (state and errors.md line). */
export const REASON_MAX_CHARS = 300;
const KEY_MAX_CHARS = 200;
const MAX_STATE_BYTES = 256 * 1024;

export type CompactionMode = 'L2' | 'L1-only';

export interface BreakerFailure {
  /** ISO time */
  at: string;
  reason: string;
}

export interface BreakerState {
  sessionKey: string;
  consecutiveFailures: number;
  open: boolean;
  /** ISO time the breaker opened */
  openedAt?: string;
  /** the current streak, newest last (at most `MAX_RECORDED_FAILURES`) */
  failures: BreakerFailure[];
  updatedAt?: string;
  /** the state file existed but could not be used (then the breaker counts as closed with no failures) */
  error?: string;
}

export type AppendResult = { status: 'appended'; file: string; line: string } | { status: 'refused'; file?: string; reason: string };

export interface FailureResult {
  state: BreakerState;
  /** this failure opened the breaker */
  opened: boolean;
  /** the errors.md append, when the breaker opened and a workspace was given */
  errorsLog?: AppendResult;
}

export interface BreakerOptions {
  threshold?: number;
  now?: () => number;
}

/** `<stateDir>/context/breaker` */
export function breakerRoot(stateDir: string): string {
  return path.join(contextRoot(stateDir), 'breaker');
}

/** `<stateDir>/context/breaker/<session dir>.json`, checked to stay a direct child of the root. */
export function breakerFile(stateDir: string, sessionKey: string): string {
  return sessionDirIn(breakerRoot(stateDir), sessionKey) + '.json';
}

const closed = (sessionKey: string): BreakerState => ({ sessionKey, consecutiveFailures: 0, open: false, failures: [] });

/** One line, controls dropped, at most `max` code points. */
const oneLine = (s: string, max: number): string => gist(String(s ?? ''), max) || '(no reason given)';

export class CompactionBreaker {
  readonly root: string;
  private readonly threshold: number;
  private readonly now: () => number;

  constructor(
    readonly stateDir: string,
    opts: BreakerOptions = {},
  ) {
    this.root = breakerRoot(stateDir);
    this.threshold = Math.max(1, Math.floor(opts.threshold ?? BREAKER_THRESHOLD));
    this.now = opts.now ?? Date.now;
  }

  fileFor(sessionKey: string): string {
    return breakerFile(this.stateDir, sessionKey);
  }

  /** The state file of a session, its folder checked (no link leading out of the state dir; created when `create`). */
  private checkedFile(sessionKey: string, create = false): string {
    checkedOwnDir(this.stateDir, this.root, create);
    return this.fileFor(sessionKey);
  }

  /** The persisted state (closed with no failures when there is none). */
  status(sessionKey: string): BreakerState {
    return readState(this.checkedFile(sessionKey), sessionKey);
  }

  isOpen(sessionKey: string): boolean {
    return this.status(sessionKey).open;
  }

  /** `L1-only` while open: compaction (L2) must not be attempted. */
  mode(sessionKey: string): CompactionMode {
    return this.isOpen(sessionKey) ? 'L1-only' : 'L2';
  }

  /**
   * A compaction of this session failed. Opens the breaker on the `threshold`-th consecutive failure and
   * then appends one line to `<workspaceDir>/memories/errors.md` (when `workspaceDir` is given).
   */
  recordFailure(sessionKey: string, reason: string, opts: { workspaceDir?: string } = {}): FailureResult {
    const file = this.checkedFile(sessionKey, true);
    // read, count, write under the state file's lock: concurrent writers (CLI, windows) lose no failure
    const { state, opened } = withFileLocksSync([file], () => {
      const prev = readState(file, sessionKey);
      const at = new Date(this.now()).toISOString();
      const failures = [...prev.failures, { at, reason: oneLine(reason, REASON_MAX_CHARS) }].slice(-MAX_RECORDED_FAILURES);
      const count = prev.consecutiveFailures + 1;
      const opened = !prev.open && count >= this.threshold;
      const state: BreakerState = { sessionKey, consecutiveFailures: count, open: prev.open || opened, failures, updatedAt: at };
      const openedAt = opened ? at : prev.openedAt;
      if (openedAt) state.openedAt = openedAt;
      writeState(this.stateDir, file, state);
      return { state, opened };
    });
    const out: FailureResult = { state, opened };
    if (opened && opts.workspaceDir !== undefined) out.errorsLog = appendErrorLine(opts.workspaceDir, breakerErrorLine(state, this.threshold));
    return out;
  }

  /** A compaction succeeded: the count is cleared. An open breaker stays open (only `reset` closes it). */
  recordSuccess(sessionKey: string): BreakerState {
    const file = this.checkedFile(sessionKey);
    if (!fs.existsSync(file)) return closed(sessionKey);
    return withFileLocksSync([file], () => {
      const prev = readState(file, sessionKey);
      if (prev.open) return prev;
      removeFileInRoot(stateDirRoot(this.stateDir), file);
      return closed(sessionKey);
    });
  }

  /** The operator's reset: closed, no failures, the state file removed. */
  reset(sessionKey: string): BreakerState {
    removeFileInRoot(stateDirRoot(this.stateDir), this.checkedFile(sessionKey));
    return closed(sessionKey);
  }

  /** Every persisted state (for a UI listing open breakers), sorted by session key. */
  list(): BreakerState[] {
    const dir = checkedOwnDir(this.stateDir, this.root);
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      return [];
    }
    const out: BreakerState[] = [];
    for (const n of names) {
      if (!n.endsWith('.json') || TEMP_FILE_RE.test(n)) continue;
      const s = readState(path.join(this.root, n), undefined);
      if (!s.error) out.push(s);
    }
    return out.sort((a, b) => (a.sessionKey < b.sessionKey ? -1 : a.sessionKey > b.sessionKey ? 1 : 0));
  }
}

function readState(file: string, sessionKey: string | undefined): BreakerState {
  const fresh = closed(sessionKey ?? '');
  let text: string;
  try {
    text = readRegularText(file, { maxBytes: MAX_STATE_BYTES, follow: false });
  } catch (err) {
    return err instanceof SafeReadError && err.reason === 'missing' ? fresh : { ...fresh, error: err instanceof Error ? err.message : String(err) };
  }
  const parsed = parseJsonSafe(text);
  if (!parsed.ok) return { ...fresh, error: parsed.error };
  const v = parsed.value;
  const o = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  if (!o || o.schema !== BREAKER_SCHEMA || o.version !== BREAKER_VERSION) return { ...fresh, error: 'unknown schema' };
  if (typeof o.sessionKey !== 'string' || (sessionKey !== undefined && o.sessionKey !== sessionKey)) return { ...fresh, error: 'state file belongs to another session key' };
  const n = o.consecutiveFailures;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || typeof o.open !== 'boolean') return { ...fresh, error: 'malformed state' };
  const failures: BreakerFailure[] = Array.isArray(o.failures)
    ? o.failures
        .filter((f): f is Record<string, unknown> => !!f && typeof f === 'object')
        .filter((f) => typeof f.at === 'string' && typeof f.reason === 'string')
        .map((f) => ({ at: f.at as string, reason: f.reason as string }))
        .slice(-MAX_RECORDED_FAILURES)
    : [];
  const s: BreakerState = { sessionKey: o.sessionKey, consecutiveFailures: n, open: o.open, failures };
  if (typeof o.openedAt === 'string') s.openedAt = o.openedAt;
  if (typeof o.updatedAt === 'string') s.updatedAt = o.updatedAt;
  return s;
}

function writeState(stateDir: string, file: string, s: BreakerState): void {
  const body = { schema: BREAKER_SCHEMA, version: BREAKER_VERSION, ...s };
  writeFileAtomicSync(file, JSON.stringify(body, null, 2) + '\n', { root: stateDirRoot(stateDir) });
}

/** The errors.md line for an opened breaker (one line, no trailing newline). */
export function breakerErrorLine(s: Pick<BreakerState, 'sessionKey' | 'consecutiveFailures' | 'failures' | 'openedAt' | 'updatedAt'>, threshold = BREAKER_THRESHOLD): string {
  const at = s.openedAt ?? s.updatedAt ?? new Date().toISOString();
  const last = s.failures[s.failures.length - 1]?.reason ?? '';
  return (
    `- ${at} compaction circuit breaker opened for session ${oneLine(s.sessionKey, KEY_MAX_CHARS)} after ${Math.max(threshold, s.consecutiveFailures)} consecutive compaction failures: ` +
    `compaction stopped (trimmed views only) until reset. Last error: ${oneLine(last, REASON_MAX_CHARS)}`
  );
}

const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;

/**
 * Append one line to `<workspaceDir>/memories/errors.md` (see the module comment). The line is flattened to
 * one line; when the file does not end with a newline, one is written first, so earlier bytes stay as they
 * were and the new line starts on its own line.
 */
export function appendErrorLine(workspaceDir: string, line: string): AppendResult {
  const md = memoriesDir(workspaceDir, true);
  if (!md.ok) return { status: 'refused', reason: md.detail ? `${md.reason}: ${md.detail}` : md.reason };
  const file = path.join(md.dir, ERRORS_FILE);
  const text = line.replace(/[\r\n\u2028\u2029]+/g, ' ').trimEnd();
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_APPEND | fs.constants.O_CREAT | O_NOFOLLOW, 0o644);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { status: 'refused', file, reason: code === 'ELOOP' ? `${ERRORS_REL} is a symlink` : (code ?? String(err)) };
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { status: 'refused', file, reason: `${ERRORS_REL} is not a regular file` };
    // a hard link would carry our line into a file elsewhere
    if (st.nlink > 1) return { status: 'refused', file, reason: `${ERRORS_REL} has ${st.nlink} hard links (the same file elsewhere): refused` };
    let lead = '';
    if (st.size > 0) {
      const last = Buffer.alloc(1);
      fs.readSync(fd, last, 0, 1, st.size - 1);
      if (last[0] !== 0x0a) lead = '\n';
    }
    const bytes = Buffer.from(lead + text + '\n', 'utf8');
    let off = 0;
    while (off < bytes.length) off += fs.writeSync(fd, bytes, off, bytes.length - off);
    fs.fsyncSync(fd);
  } catch (err) {
    return { status: 'refused', file, reason: (err as NodeJS.ErrnoException).code ?? String(err) };
  } finally {
    fs.closeSync(fd);
  }
  return { status: 'appended', file, line: text };
}
