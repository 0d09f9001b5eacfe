/**
 * SQLite-era store (OpenClaw 2026.9+, agent schema user_version 23): `session_nodes` (or the older
 * `session_entries`), `transcript_events` with `event_json` or zstd `event_zstd`.
 *
 * Read-only by construction: opened with SQLITE_OPEN_READONLY and `query_only`, never inside an
 * explicit transaction, every statement run to completion so no read snapshot is held between
 * refreshes (a held snapshot would stop OpenClaw's WAL checkpoints). The real SQLite engine reads
 * the `-wal` file, so rows not yet checkpointed are seen.
 */
import * as fs from 'node:fs';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { familyFor, type EstimatorFamily } from '../tokens/estimator';
import { entryMeta, entryMetaFromNavigation, parseEntryJson } from './entries';
import { loadSqlite, MAX_ROW_BYTES, zstdDecompress } from './sqliteEngine';
import { rowFromEntryJson } from './rows';
import { assertSqliteFiles, openError } from './sqliteFiles';
import { timeMs } from './time';
import {
  type DiagnosticSink,
  type EntryMeta,
  type ReadOptions,
  type RowsDelta,
  type SessionRow,
  type SessionStore,
  StoreUnavailableError,
  type TranscriptCursor,
  type TranscriptDelta,
} from './types';

export class SqliteSessionStore implements SessionStore {
  readonly era = 'sqlite' as const;
  private db: DatabaseSync | undefined;
  private fileId = '';
  private rowsTable: 'session_nodes' | 'session_entries' = 'session_nodes';
  private hasCurrentSessionId = true;
  private hasZstd = true;
  private hasDisplayName = true;
  private hasNavigation = true;
  private lastRowsCount = -1;
  private lastRowsMax = -1;
  private lastRowid = -1;
  private stmts = new Map<string, StatementSync>();
  userVersion = 0;

  constructor(
    readonly agentId: string,
    readonly location: string,
    private readonly diag: DiagnosticSink = () => undefined,
    /** the state dir the database belongs to: a database reached through a link leading out of it is refused */
    private readonly stateDir?: string,
  ) {}

  watchPaths(): string[] {
    return [this.location, `${this.location}-wal`];
  }

  private open(): DatabaseSync {
    let st: fs.Stats;
    try {
      st = fs.statSync(this.location);
    } catch {
      this.close();
      throw new StoreUnavailableError(`No agent database at ${this.location}`);
    }
    const id = `${st.dev}:${st.ino}`;
    if (this.db && id === this.fileId) return this.db;
    this.close();
    // The database and its companions must be regular files: SQLite would block forever on a FIFO and read
    // /dev/zero without end. Checked with stat, never on a descriptor of ours (see assertSqliteFiles).
    assertSqliteFiles(this.location, this.stateDir);
    const { DatabaseSync } = loadSqlite();
    let db: DatabaseSync;
    try {
      db = new DatabaseSync(this.location, { readOnly: true, timeout: 250 });
      db.exec('PRAGMA query_only = 1');
    } catch (err) {
      throw openError(this.location, err, `Cannot open ${this.location} read-only`);
    }
    try {
      const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((r) => r.name));
      if (tables.has('session_nodes')) this.rowsTable = 'session_nodes';
      else if (tables.has('session_entries')) this.rowsTable = 'session_entries';
      else throw new StoreUnavailableError(`${this.location} has neither session_nodes nor session_entries: not an OpenClaw agent database`);
      if (!tables.has('transcript_events')) throw new StoreUnavailableError(`${this.location} has no transcript_events table`);
      const cols = (t: string) => new Set((db.prepare(`PRAGMA table_info(${t})`).all() as Array<{ name: string }>).map((r) => r.name));
      const rowCols = cols(this.rowsTable);
      this.hasCurrentSessionId = rowCols.has('current_session_id');
      this.hasDisplayName = rowCols.has('display_name');
      const eventCols = cols('transcript_events');
      this.hasZstd = eventCols.has('event_zstd');
      this.hasNavigation = eventCols.has('navigation_json');
      this.userVersion = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version) || 0;
    } catch (err) {
      db.close();
      if (err instanceof StoreUnavailableError) throw err;
      throw openError(this.location, err, `Cannot read ${this.location}`);
    }
    this.db = db;
    this.fileId = id;
    this.lastRowsCount = -1;
    this.lastRowsMax = -1;
    this.lastRowid = -1;
    return db;
  }

  private stmt(sql: string): StatementSync {
    const db = this.open();
    let s = this.stmts.get(sql);
    if (!s) {
      s = db.prepare(sql);
      this.stmts.set(sql, s);
    }
    return s;
  }

  readRows(full: boolean): RowsDelta {
    this.open();
    const t = this.rowsTable;
    const stat = this.stmt(`SELECT count(*) AS c, max(updated_at) AS m FROM ${t}`).get() as { c: number; m: number | null };
    const count = Number(stat.c);
    const max = Number(stat.m ?? 0);
    if (!full && count === this.lastRowsCount && max === this.lastRowsMax) return { full: false, rows: [] };
    const doFull = full || count !== this.lastRowsCount || this.lastRowsCount < 0;
    const cols = `session_key, entry_json, updated_at${this.hasCurrentSessionId ? ', current_session_id' : ''}${this.hasDisplayName ? ', display_name' : ''}`;
    const raw = doFull
      ? this.stmt(`SELECT ${cols} FROM ${t}`).all()
      : this.stmt(`SELECT ${cols} FROM ${t} WHERE updated_at >= ?`).all(this.lastRowsMax);
    this.lastRowsCount = count;
    this.lastRowsMax = max;
    const rows: SessionRow[] = [];
    for (const r of raw as Array<Record<string, unknown>>) {
      const key = typeof r.session_key === 'string' ? r.session_key : '';
      if (!key) continue;
      const row = rowFromEntryJson(key, typeof r.entry_json === 'string' ? r.entry_json : '', (m) =>
        this.diag({ severity: 'warning', source: `${this.location} ${t}[${key}]`, message: m }),
      );
      if (typeof r.current_session_id === 'string' && r.current_session_id) row.sessionId = r.current_session_id;
      if (!row.updatedAt) row.updatedAt = timeMs(r.updated_at);
      if (!row.displayName && typeof r.display_name === 'string' && r.display_name) row.displayName = r.display_name;
      if (!row.sessionId) {
        this.diag({ severity: 'warning', source: `${this.location} ${t}[${key}]`, message: 'row has no session id; skipped' });
        continue;
      }
      rows.push(row);
    }
    return { full: doFull, rows };
  }

  changedSessions(): Set<string> | undefined {
    this.open();
    const max = Number((this.stmt('SELECT max(rowid) AS m FROM transcript_events').get() as { m: number | null }).m ?? 0);
    const prev = this.lastRowid;
    this.lastRowid = max;
    if (prev < 0 || max < prev) return undefined;
    if (max === prev) return new Set();
    const out = new Set<string>();
    // No DISTINCT: with it SQLite scans the whole (session_id, seq) index instead of the rowid range; the Set dedupes.
    for (const r of this.stmt('SELECT session_id FROM transcript_events WHERE rowid > ?').iterate(prev)) out.add(String(r.session_id));
    return out;
  }

  private rowText(r: Record<string, unknown>, sessionId: string): string | undefined {
    const seq = Number(r.seq);
    try {
      if (typeof r.event_json === 'string') {
        if (r.event_json.length > MAX_ROW_BYTES) throw new Error(`row is larger than ${MAX_ROW_BYTES} bytes`);
        return r.event_json;
      }
      // bounded by the declared size and MAX_ROW_BYTES (a zstd bomb stops there, for this row only)
      if (r.event_zstd instanceof Uint8Array) return zstdDecompress(r.event_zstd, typeof r.event_utf8_bytes === 'number' ? r.event_utf8_bytes : undefined);
      throw new Error('row has neither event_json nor event_zstd');
    } catch (err) {
      this.diag({
        severity: 'warning',
        source: `${this.location} transcript_events[${sessionId}#${seq}]`,
        message: `unreadable row skipped: ${err instanceof Error ? err.message : String(err)}`,
      });
      return undefined;
    }
  }

  readTranscript(row: SessionRow, cursor: TranscriptCursor | undefined, opts?: ReadOptions): TranscriptDelta {
    this.open();
    const sessionId = row.sessionId;
    let after = cursor && cursor.kind === 'sqlite' && cursor.sessionId === sessionId ? cursor.lastSeq : -1;
    let reset = after < 0;
    if (after >= 0) {
      const max = (this.stmt('SELECT max(seq) AS m FROM transcript_events WHERE session_id = ?').get(sessionId) as { m: number | null }).m;
      if (max === null || Number(max) < after) {
        after = -1;
        reset = true;
      } else if (Number(max) === after) {
        return { reset: false, entries: [], cursor: { kind: 'sqlite', sessionId, lastSeq: after } };
      }
    }
    // Small deltas get their estimates now; a cold read leaves them to ContextModel.fillEstimates.
    const family: EstimatorFamily | undefined = reset ? undefined : familyFor(row.modelProvider, row.model);
    // Cold reads index zstd rows from navigation_json and decompress them only when needed (a
    // compaction, a leaf …, or later when the entry reaches the context); deltas read everything.
    const lazy = reset && this.hasZstd && this.hasNavigation && !opts?.full;
    const cols = lazy
      ? 'seq, event_json, navigation_json, event_utf8_bytes, event_zstd IS NOT NULL AS z'
      : this.hasZstd
        ? 'seq, event_json, event_zstd, event_utf8_bytes'
        : 'seq, event_json';
    const it = this.stmt(`SELECT ${cols} FROM transcript_events WHERE session_id = ? AND seq > ? ORDER BY seq`).iterate(sessionId, after);
    const entries: EntryMeta[] = [];
    let lastSeq = after;
    let headerVersion: number | undefined;
    const every = opts?.progressEvery ?? 256;
    let n = 0;
    let readBytes = 0;
    for (const r of it) {
      lastSeq = Number(r.seq);
      if (opts?.onProgress && ++n % every === 0) opts.onProgress(n, readBytes);
      // In a separate frame: the row's decoded text and parsed JSON must not outlive this row
      // (locals of this loop stay reachable from the frame until overwritten).
      const res = lazy && r.z ? this.indexCompressedRow(r, sessionId) : this.indexRow(r, sessionId, family);
      if (!res) continue;
      readBytes += res.meta.bytes;
      if (res.headerVersion !== undefined) headerVersion = res.headerVersion;
      entries.push(res.meta);
    }
    const delta: TranscriptDelta = { reset, entries, cursor: { kind: 'sqlite', sessionId, lastSeq } };
    if (headerVersion !== undefined) delta.headerVersion = headerVersion;
    return delta;
  }

  /** A zstd row on a cold read: from its navigation_json when that suffices, else decompressed. */
  private indexCompressedRow(r: Record<string, unknown>, sessionId: string): { meta: EntryMeta; headerVersion?: number } | undefined {
    const seq = Number(r.seq);
    const bytes = typeof r.event_utf8_bytes === 'number' ? r.event_utf8_bytes : 0;
    if (typeof r.navigation_json === 'string') {
      const nav = parseEntryJson(r.navigation_json);
      const meta = nav.ok ? entryMetaFromNavigation(nav.value, seq, bytes) : undefined;
      if (meta) return { meta };
    }
    const full = this.stmt('SELECT seq, event_json, event_zstd, event_utf8_bytes FROM transcript_events WHERE session_id = ? AND seq = ?').get(sessionId, seq) as
      | Record<string, unknown>
      | undefined;
    return full ? this.indexRow(full, sessionId, undefined) : undefined;
  }

  /** One transcript row → its index record (undefined when unreadable; a diagnostic says why). */
  private indexRow(r: Record<string, unknown>, sessionId: string, family: EstimatorFamily | undefined): { meta: EntryMeta; headerVersion?: number } | undefined {
    const seq = Number(r.seq);
    const text = this.rowText(r, sessionId);
    if (text === undefined) return undefined;
    const parsed = parseEntryJson(text);
    if (!parsed.ok) {
      this.diag({ severity: 'warning', source: `${this.location} transcript_events[${sessionId}#${seq}]`, message: `malformed JSON skipped: ${parsed.error}` });
      return undefined;
    }
    const bytes = typeof r.event_utf8_bytes === 'number' ? r.event_utf8_bytes : Buffer.byteLength(text, 'utf8');
    const meta = entryMeta(parsed.value, seq, bytes, family);
    if (!meta) {
      this.diag({ severity: 'warning', source: `${this.location} transcript_events[${sessionId}#${seq}]`, message: `entry of type "${String(parsed.value.type)}" has no id; skipped` });
      return undefined;
    }
    if (meta.kind === 'unknown') this.diag({ severity: 'info', source: `${this.location} transcript_events[${sessionId}#${seq}]`, message: `unknown entry type "${meta.type}" ignored` });
    if (meta.kind === 'header') return { meta, headerVersion: typeof parsed.value.version === 'number' ? parsed.value.version : 1 };
    return { meta };
  }

  loadEntries(row: SessionRow, metas: readonly EntryMeta[]): Array<Record<string, unknown> | undefined> {
    const cols = this.hasZstd ? 'seq, event_json, event_zstd, event_utf8_bytes' : 'seq, event_json';
    const s = this.stmt(`SELECT ${cols} FROM transcript_events WHERE session_id = ? AND seq = ?`);
    return metas.map((m) => {
      const r = s.get(row.sessionId, m.pos) as Record<string, unknown> | undefined;
      if (!r) return undefined;
      const text = this.rowText(r, row.sessionId);
      if (text === undefined) return undefined;
      const parsed = parseEntryJson(text);
      return parsed.ok ? parsed.value : undefined;
    });
  }

  close(): void {
    this.stmts.clear();
    if (this.db) {
      try {
        this.db.close();
      } catch {
        /* already closed */
      }
    }
    this.db = undefined;
    this.fileId = '';
  }
}
