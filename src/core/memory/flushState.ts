/**
 * The flush state: per session, the last flush's epoch, cursor and facts (`<stateDir>/context/memory/flush-state.json`),
 * read bounded and written inside the state dir under the file's lock (split out of flush.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileInRoot } from '../fs/atomic';
import { ensureDirInRoot, resolveInRoot, stateDirRoot, type RootLike } from '../fs/safePath';
import { parseJsonSafe } from '../fs/safeJson';
import { READ_LIMITS, readRegularFile, readRegularText } from '../fs/safeRead';
import { withFileLocksSync } from '../store/lock';
import { isRecord as isObj } from '../compaction/messages';
import { memoryStateDir } from './fsSafe';

/** A daily log's path relative to the workspace (`memory/YYYY-MM-DD.md`). */
export const DAILY_LOG_REL_RE = /^memory\/(\d{4}-\d{2}-\d{2})\.md$/;


export const FLUSH_STATE_FILE = 'flush-state.json';
export const FLUSH_STATE_SCHEMA = 'openclaw-context/memory-flush-state';
export const FLUSH_STATE_VERSION = 1;

/** What the last flush of one session recorded. */
export interface FlushRecord {
  /** the session's `compactionCount` when it was flushed (the epoch) */
  compactionCount: number;
  /** id of the last entry the flush covered */
  lastEntryId?: string;
  /** ms time of the newest entry the flush covered (the fallback cursor) */
  lastEntryAt?: number;
  /** ISO time of the flush */
  flushedAt: string;
  /** the daily log written (absent when nothing was written) */
  targetRel?: string;
}

function sanitizeRecord(v: unknown): FlushRecord | undefined {
  if (!isObj(v)) return undefined;
  const c = v.compactionCount;
  if (typeof c !== 'number' || !Number.isInteger(c) || c < 0 || typeof v.flushedAt !== 'string' || !Number.isFinite(Date.parse(v.flushedAt))) return undefined;
  const r: FlushRecord = { compactionCount: c, flushedAt: v.flushedAt };
  if (typeof v.lastEntryId === 'string' && v.lastEntryId && v.lastEntryId.length <= 400) r.lastEntryId = v.lastEntryId;
  if (typeof v.lastEntryAt === 'number' && Number.isFinite(v.lastEntryAt) && v.lastEntryAt > 0) r.lastEntryAt = v.lastEntryAt;
  if (typeof v.targetRel === 'string' && DAILY_LOG_REL_RE.test(v.targetRel)) r.targetRel = v.targetRel;
  return r;
}

/**
 * The extension's flush bookkeeping: `<dir>/flush-state.json` (e.g. `<stateDir>/context/memory`), one
 * record per session key. Reads are tolerant: a missing file is empty; an unreadable one is empty too and
 * `problem` says why (it is moved aside to `flush-state.json.corrupt` before the next write).
 */
export class FlushStateStore {
  readonly file: string;
  /** why the last read treated the file as empty (corrupt JSON, wrong schema), else undefined */
  problem: string | undefined;

  /** `root`: the folder the store must stay inside (the state dir; see ../fs/safePath) */
  constructor(
    readonly dir: string,
    readonly root: RootLike = dir,
  ) {
    this.file = path.join(dir, FLUSH_STATE_FILE);
  }

  /** The store at `<stateDir>/context/memory/flush-state.json`. */
  static forStateDir(stateDir: string): FlushStateStore {
    return new FlushStateStore(memoryStateDir(stateDir), stateDirRoot(stateDir));
  }

  /** Every session's record (invalid records are dropped and reported in `problem`). */
  readAll(): Map<string, FlushRecord> {
    this.problem = undefined;
    const out = new Map<string, FlushRecord>();
    const file = resolveInRoot(this.root, this.file); // a link leading out of the state dir is refused, not read
    let text: string;
    try {
      text = readRegularText(file, { maxBytes: READ_LIMITS.state, follow: false });
    } catch (err) {
      if ((err as { code?: string }).code !== 'ENOENT') this.problem = `${FLUSH_STATE_FILE} could not be read (${err instanceof Error ? err.message : String(err)}); treated as empty`;
      return out;
    }
    const parsed = parseJsonSafe(text);
    if (!parsed.ok) {
      this.problem = `${FLUSH_STATE_FILE} is ${parsed.error}; treated as empty`;
      return out;
    }
    const body = parsed.value;
    if (!isObj(body) || body.schema !== FLUSH_STATE_SCHEMA || body.version !== FLUSH_STATE_VERSION || !isObj(body.sessions)) {
      this.problem = `${FLUSH_STATE_FILE} is not a v${FLUSH_STATE_VERSION} flush state file; treated as empty`;
      return out;
    }
    let bad = 0;
    for (const [key, v] of Object.entries(body.sessions)) {
      const r = sanitizeRecord(v);
      if (r) out.set(key, r);
      else bad++;
    }
    if (bad) this.problem = `${bad} invalid session record(s) in ${FLUSH_STATE_FILE} ignored`;
    return out;
  }

  get(sessionKey: string): FlushRecord | undefined {
    return this.readAll().get(sessionKey);
  }

  /** Record a flush for `sessionKey` (read, merge, atomic replace — under the file's lock, so concurrent records of other sessions are kept). */
  record(sessionKey: string, rec: FlushRecord): void {
    ensureDirInRoot(this.root, this.dir); // never through a link leading out of the state dir
    withFileLocksSync([this.file], () => this.merge(sessionKey, rec));
  }

  private merge(sessionKey: string, rec: FlushRecord): void {
    const all = this.readAll();
    if (this.problem && fs.existsSync(this.file) && all.size === 0) {
      try {
        writeFileInRoot(this.root, `${this.file}.corrupt`, readRegularFile(resolveInRoot(this.root, this.file), { maxBytes: READ_LIMITS.state, follow: false }), { fsync: true });
      } catch {
        /* best effort: the report already said the file was unreadable */
      }
    }
    all.set(sessionKey, rec);
    const sessions = Object.fromEntries([...all.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    writeFileInRoot(this.root, this.file, `${JSON.stringify({ schema: FLUSH_STATE_SCHEMA, version: FLUSH_STATE_VERSION, sessions }, null, 2)}\n`, { fsync: true });
  }
}

