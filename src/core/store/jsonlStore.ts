/**
 * JSONL-era store (OpenClaw ≤ 2026.7): `<agent>/sessions/sessions.json` + `<sessionId>.jsonl`.
 *
 * Transcripts are read in chunks from a byte offset; a trailing line without `\n` is left for the
 * next read (OpenClaw appends whole lines, so it is a write in progress). A file that shrank or was
 * replaced (other inode) is read again from the start. Nothing is ever written.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseJsonSafe } from '../fs/safeJson';
import { openRegularFile, READ_LIMITS, readOpenFile, SafeReadError } from '../fs/safeRead';
import { familyFor, type EstimatorFamily } from '../tokens/estimator';
import { entryMeta, parseEntryJson } from './entries';
import { rowFromEntry } from './rows';
import { type DiagnosticSink, type EntryMeta, type ReadOptions, type RowsDelta, type SessionRow, type SessionStore, StoreUnavailableError, type TranscriptCursor, type TranscriptDelta } from './types';

export const SAFE_SESSION_ID_RE = /^[a-z0-9][a-z0-9._-]{0,127}$/i;
const CHUNK = 64 * 1024;
const MAX_LINE_BYTES = 64 * 1024 * 1024;

/** Files in a sessions dir that are not primary transcripts. */
export function isPrimaryTranscriptName(name: string): boolean {
  if (!name.endsWith('.jsonl')) return false;
  return !/\.(checkpoint|trajectory|reset|deleted)\./.test(name) && !name.endsWith('.trajectory.jsonl');
}

type JsonlCursor = Extract<TranscriptCursor, { kind: 'jsonl' }>;

export class JsonlSessionStore implements SessionStore {
  readonly era = 'jsonl' as const;
  private storeStamp = '';
  /** tokenizer family for estimates during this read; undefined on cold reads (filled in lazily by the model) */
  private family: EstimatorFamily | undefined;

  constructor(
    readonly agentId: string,
    /** the sessions dir */
    readonly location: string,
    private readonly diag: DiagnosticSink = () => undefined,
  ) {}

  get storePath(): string {
    return path.join(this.location, 'sessions.json');
  }

  watchPaths(): string[] {
    return [this.location];
  }

  /**
   * The rows of sessions.json. A missing file has none; one that cannot be used (not a regular file, over
   * 256 MB, not JSON, not an object) throws StoreUnavailableError: the agent is reported, not shown empty.
   */
  readRows(full: boolean): RowsDelta {
    let opened: { fd: number; stat: fs.Stats };
    try {
      opened = openRegularFile(this.storePath, { maxBytes: READ_LIMITS.sessionsIndex });
    } catch (err) {
      this.storeStamp = '';
      if (err instanceof SafeReadError && err.reason === 'missing') return { full: true, rows: [] };
      throw new StoreUnavailableError(err instanceof Error ? err.message : String(err));
    }
    const st = opened.stat;
    const stamp = `${st.ino}:${st.size}:${st.mtimeMs}`;
    let text: string;
    try {
      if (!full && stamp === this.storeStamp) return { full: false, rows: [] };
      text = readOpenFile(opened.fd, this.storePath, st.size, READ_LIMITS.sessionsIndex).toString('utf8');
    } catch (err) {
      throw new StoreUnavailableError(err instanceof Error ? err.message : String(err));
    } finally {
      fs.closeSync(opened.fd);
    }
    // OpenClaw replaces the file atomically, so a parse failure is real corruption (or a foreign writer). The
    // parser's own message would quote the text (a link to /etc/passwd would print its first line): never done.
    const parsed = parseJsonSafe(text);
    if (!parsed.ok) throw new StoreUnavailableError(`${this.storePath} is ${parsed.error}`);
    const data = parsed.value;
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw new StoreUnavailableError(`${this.storePath} is not an object keyed by session key`);
    this.storeStamp = stamp;
    // Keys are normalised to lower case; legacy mixed-case duplicates merge, newest updatedAt wins.
    const byKey = new Map<string, SessionRow>();
    for (const [rawKey, value] of Object.entries(data as Record<string, unknown>)) {
      if (!value || typeof value !== 'object' || Array.isArray(value)) {
        this.diag({ severity: 'warning', source: `${this.storePath}[${rawKey}]`, message: 'entry is not an object; skipped' });
        continue;
      }
      const key = rawKey.toLowerCase();
      const row = rowFromEntry(key, value as Record<string, unknown>);
      if (!row.sessionId) {
        this.diag({ severity: 'warning', source: `${this.storePath}[${rawKey}]`, message: 'entry has no sessionId; skipped' });
        continue;
      }
      const prev = byKey.get(key);
      if (!prev || row.updatedAt >= prev.updatedAt) byKey.set(key, row);
    }
    return { full: true, rows: [...byKey.values()] };
  }

  changedSessions(): Set<string> | undefined {
    return undefined; // a stat per tracked transcript tells; readTranscript does it
  }

  /**
   * Where a row's transcript lives, or undefined when it would leave the sessions dir.
   * Absolute paths inside the dir, or shaped `.../agents/<sameAgentId>/sessions/<file>` (a moved
   * state dir), resolve; otherwise `<sessionsDir>/<sessionId>.jsonl` for a safe session id.
   */
  transcriptPath(row: SessionRow): string | undefined {
    const dir = path.resolve(this.location);
    const inside = (p: string) => {
      const rel = path.relative(dir, p);
      return !!rel && !rel.startsWith('..') && !path.isAbsolute(rel) && !rel.includes(path.sep);
    };
    const f = row.sessionFile;
    if (f) {
      if (path.isAbsolute(f)) {
        const norm = path.resolve(f);
        if (inside(norm)) return norm;
        const parts = norm.split(path.sep);
        const n = parts.length;
        if (n >= 4 && parts[n - 2] === 'sessions' && parts[n - 4] === 'agents' && parts[n - 3]?.toLowerCase() === this.agentId) {
          const candidate = path.join(dir, parts[n - 1]!);
          if (inside(candidate)) return candidate;
        }
      } else {
        const candidate = path.resolve(dir, f);
        if (inside(candidate)) return candidate;
      }
      this.diag({ severity: 'warning', source: `${this.storePath}[${row.key}]`, message: `sessionFile ${JSON.stringify(f)} points outside ${dir}; ignored` });
    }
    if (!SAFE_SESSION_ID_RE.test(row.sessionId)) {
      this.diag({ severity: 'warning', source: `${this.storePath}[${row.key}]`, message: `unsafe session id ${JSON.stringify(row.sessionId)}; transcript not read` });
      return undefined;
    }
    return path.join(dir, `${row.sessionId}.jsonl`);
  }

  readTranscript(row: SessionRow, cursor: TranscriptCursor | undefined, opts?: ReadOptions): TranscriptDelta {
    const file = this.transcriptPath(row);
    const empty = (c: JsonlCursor): TranscriptDelta => ({ reset: true, entries: [], cursor: c });
    const fresh = (f: string, st?: fs.Stats): JsonlCursor => ({ kind: 'jsonl', file: f, offset: 0, ino: st?.ino ?? 0, dev: st?.dev ?? 0, lineNo: 0, version: 0, lastId: null });
    if (!file) return empty(fresh(''));
    try {
      // A symlink must not lead out of the sessions dir.
      const real = fs.realpathSync(file);
      const rel = path.relative(fs.realpathSync(this.location), real);
      if (rel.startsWith('..') || path.isAbsolute(rel)) {
        this.diag({ severity: 'warning', source: `${this.storePath}[${row.key}]`, message: `transcript ${path.basename(file)} links outside ${this.location}; not read` });
        return empty(fresh(''));
      }
    } catch {
      return empty(fresh(file));
    }
    // Only a regular file is read (a FIFO or a device in its place would block or never end), through one descriptor.
    let opened: { fd: number; stat: fs.Stats };
    try {
      opened = openRegularFile(file, { maxBytes: Number.MAX_SAFE_INTEGER });
    } catch (err) {
      if (!(err instanceof SafeReadError && err.reason === 'missing')) this.diag({ severity: 'error', source: `${this.storePath}[${row.key}]`, message: `transcript not read: ${err instanceof Error ? err.message : String(err)}` });
      return empty(fresh(file));
    }
    try {
      const st = opened.stat;
      let c = cursor && cursor.kind === 'jsonl' ? cursor : undefined;
      let reset = false;
      if (!c || c.file !== file || c.ino !== st.ino || c.dev !== st.dev || st.size < c.offset) {
        c = fresh(file, st);
        reset = true;
      }
      if (st.size === c.offset) return { reset, entries: [], cursor: c };
      this.family = reset ? undefined : familyFor(row.modelProvider, row.model);
      const out = this.readLines(opened.fd, file, c, st.size, opts);
      return { reset, entries: out.entries, cursor: out.cursor, ...(out.headerVersion !== undefined ? { headerVersion: out.headerVersion } : {}) };
    } finally {
      fs.closeSync(opened.fd);
    }
  }

  private readLines(fd: number, file: string, start: JsonlCursor, size: number, opts?: ReadOptions): { entries: EntryMeta[]; cursor: JsonlCursor; headerVersion?: number } {
    const cur: JsonlCursor = { ...start };
    const entries: EntryMeta[] = [];
    let headerVersion: number | undefined;
    // One buffer, reused: it holds the unfinished line plus the next read, and grows only when a
    // single line does not fit (by max(CHUNK, a quarter): ≤ 1.25 × the longest line + CHUNK, amortised
    // copying). No per-chunk allocation or concat.
    let buf = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(1, size - cur.offset)));
    let pos = cur.offset; // file position of buf[0]
    let len = 0; // valid bytes in buf
    let dropping = false; // inside an over-long line: skip to its end
    let scanned = 0; // buf[0, scanned) is known to hold no newline: each byte is searched once (no quadratic rescans of a long line)
    while (pos + len < size) {
      if (len === buf.length) {
        const bigger = Buffer.allocUnsafe(len + Math.max(CHUNK, len >> 2));
        buf.copy(bigger, 0, 0, len);
        buf = bigger;
      }
      const n = fs.readSync(fd, buf, len, Math.min(buf.length - len, size - (pos + len)), pos + len);
      if (n <= 0) break;
      len += n;
      const view = len === buf.length ? buf : buf.subarray(0, len);
      let lineStart = 0;
      for (;;) {
        const nl = view.indexOf(10, Math.max(lineStart, scanned));
        if (nl < 0) break;
        if (dropping) {
          dropping = false;
          cur.lineNo++;
        } else {
          this.handleLine(view, lineStart, nl, pos + lineStart, file, cur, entries, (v) => (headerVersion = v));
          if (opts?.onProgress && cur.lineNo % (opts.progressEvery ?? 256) === 0) opts.onProgress(cur.lineNo, pos + nl + 1 - start.offset);
        }
        cur.offset = pos + nl + 1;
        lineStart = nl + 1;
      }
      if (lineStart > 0) {
        buf.copyWithin(0, lineStart, len);
        len -= lineStart;
        pos += lineStart;
      }
      scanned = len;
      if (dropping || len > MAX_LINE_BYTES) {
        // still inside (or just past the limit of) an over-long line: nothing of it is kept
        if (!dropping) this.diag({ severity: 'warning', source: `${file}:${cur.lineNo + 1}`, message: `line longer than ${MAX_LINE_BYTES} bytes skipped` });
        if (!dropping || buf.length > CHUNK) buf = Buffer.allocUnsafe(CHUNK);
        dropping = true;
        pos += len;
        len = 0;
        scanned = 0;
      }
    }
    // A trailing partial line stays unread: cur.offset points at its start.
    if (dropping) {
      // keep skipping next time from where we are; count the line as consumed once it completes
      cur.offset = pos;
    }
    const result: { entries: EntryMeta[]; cursor: JsonlCursor; headerVersion?: number } = { entries, cursor: cur };
    if (headerVersion !== undefined) result.headerVersion = headerVersion;
    return result;
  }

  private handleLine(
    buf: Buffer,
    start: number,
    end: number,
    filePos: number,
    file: string,
    cur: JsonlCursor,
    out: EntryMeta[],
    onHeader: (v: number) => void,
  ): void {
    const lineNo = ++cur.lineNo;
    const text = buf.toString('utf8', start, end);
    if (!text.trim()) return;
    const parsed = parseEntryJson(text);
    if (!parsed.ok) {
      this.diag({ severity: 'warning', source: `${file}:${lineNo}`, message: `malformed line skipped: ${parsed.error}` });
      return;
    }
    const e = parsed.value;
    if (cur.version === 0) {
      // The first parsed line must be the session header.
      if (e.type !== 'session') {
        this.diag({ severity: 'error', source: `${file}:${lineNo}`, message: 'first entry is not a session header; transcript ignored' });
        cur.version = -1;
        return;
      }
      cur.version = typeof e.version === 'number' ? e.version : 1;
      if (cur.version > 4) this.diag({ severity: 'info', source: file, message: `header version ${cur.version} is newer than the versions known (1–4); reading it as version 4` });
      onHeader(cur.version);
      const meta = entryMeta(e, filePos, end - start, this.family);
      if (meta) out.push(meta);
      cur.lastId = null;
      return;
    }
    if (cur.version < 0) return; // invalid transcript
    if (cur.version === 1) {
      // v1: no id/parentId; entries form a chain in file order. The synthetic id is the entry's index
      // among the parsed entries (header = 0; blank and malformed lines do not count), which is what
      // pi's v1 → v2 migration resolves `firstKeptEntryIndex` against.
      const n = cur.lastId ? Number(cur.lastId.slice(3)) + 1 : 1;
      e.id = `v1:${n}`;
      e.parentId = cur.lastId;
      if (e.type === 'compaction' && typeof e.firstKeptEntryIndex === 'number' && e.firstKeptEntryId === undefined) {
        e.firstKeptEntryId = `v1:${e.firstKeptEntryIndex}`;
      }
    }
    if (cur.version < 3 && e.type === 'message' && e.message && typeof e.message === 'object' && (e.message as Record<string, unknown>).role === 'hookMessage') {
      // pi's v2 → v3 migration renames the role.
      (e.message as Record<string, unknown>).role = 'custom';
    }
    const meta = entryMeta(e, filePos, end - start, this.family);
    if (!meta) {
      this.diag({ severity: 'warning', source: `${file}:${lineNo}`, message: `entry of type "${String(e.type)}" has no id; skipped` });
      return;
    }
    if (meta.kind === 'unknown') this.diag({ severity: 'info', source: `${file}:${lineNo}`, message: `unknown entry type "${meta.type}" ignored` });
    cur.lastId = meta.id;
    out.push(meta);
  }

  loadEntries(row: SessionRow, metas: readonly EntryMeta[]): Array<Record<string, unknown> | undefined> {
    const file = this.transcriptPath(row);
    if (!file) return metas.map(() => undefined);
    let fd: number;
    try {
      fd = openRegularFile(file, { maxBytes: Number.MAX_SAFE_INTEGER }).fd;
    } catch {
      return metas.map(() => undefined);
    }
    try {
      return metas.map((m) => {
        if (m.bytes > MAX_LINE_BYTES) return undefined;
        const b = Buffer.allocUnsafe(m.bytes);
        const n = fs.readSync(fd, b, 0, m.bytes, m.pos);
        const parsed = parseEntryJson(b.toString('utf8', 0, n));
        if (!parsed.ok) return undefined;
        if (m.id.startsWith('v1:')) parsed.value.id = m.id;
        return parsed.value;
      });
    } finally {
      fs.closeSync(fd);
    }
  }

  close(): void {
    this.storeStamp = '';
  }
}
