/**
 * The SQLite-era writer (OpenClaw 2026.9 agent DB): one `BEGIN IMMEDIATE` transaction that inserts each
 * `transcript_events` row (TEXT `event_json`, `event_utf8_bytes`, `created_at` ms, `seq` = max + 1 …) with
 * its `transcript_event_identities` row, `parentId` chained from the active leaf; nothing else is touched
 * except, on request, `session_transcript_index_state.needs_rebuild`. Any error rolls the whole transaction
 * back; every failure is a typed refusal and leaves the store as it was.
 *
 * OpenClaw 2026.9.6 applies an offline SQLite write when it next reconciles its transcript projection,
 * i.e. at the next Gateway start; embedded `--local` runs refuse turns on that session until then
 * (PROJECTION_NOTE; pinned down by test/interop).
 */
import * as fs from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { checkLockFiles } from './ownership';
import { assertSqliteInRoot, emptyDatabaseError, hardLinkedSqliteFile } from './sqliteFiles';
import { loadSqlite, zstdDecompress } from './sqliteEngine';
import { checkFirstKept, errText, prepare, refuse, type Refusal, validateAll, type WriteEntryInput } from './writeEntries';
import { basisRefusal, deriveStateDir, ownershipRefusal, type WriteOptions, type WriteResult } from './writeResult';

/** The only agent schema (PRAGMA user_version) the SQLite rules were verified against. */
export const SUPPORTED_SCHEMA_VERSIONS: readonly number[] = [23];
/** `octet_length()` in the CHECK constraints needs this. */
export const MIN_SQLITE_VERSION = '3.43.0';
/**
 * What OpenClaw 2026.9.6 does with an offline write (test/interop): the Gateway indexes the new rows
 * when it next starts; until then an embedded `openclaw agent --local` run refuses turns on that
 * session ("Session transcript projection is rebuilding"), writing nothing.
 */
export const PROJECTION_NOTE =
  'OpenClaw picks this up when its Gateway next starts (it re-indexes the transcript then). Until then, `openclaw agent --local` turns on this session fail with "Session transcript projection is rebuilding" (nothing is lost; starting the Gateway once fixes it, and so does a full `openclaw doctor` run for sessions without a display name).';

export interface SqliteWriteOptions extends WriteOptions {
  /** SQLite busy timeout (default 2000 ms) */
  busyTimeoutMs?: number;
  /** also set session_transcript_index_state.needs_rebuild = 1 when the row exists (default false) */
  markNeedsRebuild?: boolean;
  /** test seam: pretend the engine reports this sqlite_version() */
  sqliteVersionOverride?: string;
}

function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((x) => parseInt(x, 10) || 0);
  const pb = b.split('.').map((x) => parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

interface EventHead {
  seq: number;
  id: string;
  parentId: string | null;
  type: string;
  targetId?: string;
}

function decodeRow(r: Record<string, unknown>): Record<string, unknown> | undefined {
  let text: string | undefined;
  if (typeof r.event_json === 'string') text = r.event_json;
  else if (r.event_zstd instanceof Uint8Array) text = zstdDecompress(r.event_zstd, typeof r.event_utf8_bytes === 'number' ? r.event_utf8_bytes : undefined);
  if (text === undefined) return undefined;
  const v = JSON.parse(text) as unknown;
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

function headOf(seq: number, e: Record<string, unknown> | undefined): EventHead | undefined {
  if (!e || typeof e.type !== 'string') return undefined;
  const id = typeof e.id === 'string' ? e.id : '';
  if (!id) return undefined;
  const h: EventHead = { seq, id, parentId: typeof e.parentId === 'string' && e.parentId ? e.parentId : null, type: e.type };
  if (typeof e.targetId === 'string') h.targetId = e.targetId;
  return h;
}

class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

/**
 * Append entries to a session's transcript in an OpenClaw 2026.9 agent DB
 * (`<stateDir>/agents/<id>/agent/openclaw-agent.sqlite`). See the file comment for the rules.
 */
export async function appendEvents(dbPath: string, sessionKey: string, entries: WriteEntryInput[], opts: SqliteWriteOptions = {}): Promise<WriteResult> {
  if (typeof dbPath !== 'string' || !dbPath) return refuse('invalid-input', 'dbPath must be the path of an openclaw-agent.sqlite file');
  if (typeof sessionKey !== 'string' || !sessionKey.trim()) return refuse('invalid-input', 'sessionKey must be a non-empty session key such as agent:main:main');
  const bad = validateAll(entries);
  if (bad) return bad;
  const stateDir = opts.stateDir ?? deriveStateDir(dbPath, 'db');
  if (!stateDir) return refuse('invalid-input', `Cannot tell which state dir ${dbPath} belongs to (expected <stateDir>/agents/<id>/agent/openclaw-agent.sqlite); pass stateDir so ownership can be checked.`);
  let st: fs.Stats;
  try {
    st = fs.statSync(dbPath);
  } catch {
    return refuse('not-found', `No agent database at ${dbPath}.`);
  }
  if (!st.isFile()) return refuse('not-found', `${dbPath} is not a file.`);
  if (st.size === 0) return refuse('corrupt', `${emptyDatabaseError(dbPath).message}. Nothing was written.`);
  try {
    // a database (or -wal / -journal) reached through a link leading out of the state dir is not ours to change
    assertSqliteInRoot(dbPath, stateDir);
  } catch (err) {
    return refuse('corrupt', `${errText(err)} Nothing was written.`);
  }
  const linked = hardLinkedSqliteFile(dbPath);
  if (linked) return refuse('invalid-input', `${linked}: SQLite would change it there too. Nothing was written.`);

  const owned = await ownershipRefusal(stateDir, opts.ownership);
  if (owned) return owned;

  let sqlite: ReturnType<typeof loadSqlite>;
  try {
    sqlite = loadSqlite();
  } catch (err) {
    return refuse('sqlite-unavailable', errText(err));
  }
  let db: DatabaseSync;
  const busy = opts.busyTimeoutMs ?? 2000;
  try {
    db = new sqlite.DatabaseSync(dbPath, { timeout: busy });
  } catch (err) {
    return refuse('not-found', `Cannot open ${dbPath}: ${errText(err)}`);
  }
  let inTx = false;
  try {
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(busy))}`);
    const version = opts.sqliteVersionOverride ?? String((db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v);
    if (compareVersions(version, MIN_SQLITE_VERSION) < 0) {
      return refuse(
        'sqlite-too-old',
        `This runtime's SQLite is ${version}; writing OpenClaw's transcript_events needs SQLite ≥ ${MIN_SQLITE_VERSION} (its CHECK constraints use octet_length()). Use Node ≥ 22.13 / VS Code ≥ 1.101.`,
      );
    }
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((r) => r.name));
    const missing = ['session_nodes', 'session_windows', 'transcript_events', 'transcript_event_identities'].filter((t) => !tables.has(t));
    if (missing.length) return refuse('unsupported-schema', `${dbPath} has no ${missing.join(', ')} table: not an OpenClaw 2026.9 agent database.`);
    const userVersion = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
    if (!SUPPORTED_SCHEMA_VERSIONS.includes(userVersion)) {
      return refuse('unsupported-schema', `${dbPath} has agent schema ${userVersion}; writing was verified only against schema ${SUPPORTED_SCHEMA_VERSIONS.join(', ')} (OpenClaw 2026.9.6), so nothing was written.`);
    }
    const hasIndexState = tables.has('session_transcript_index_state');

    try {
      db.exec('BEGIN IMMEDIATE');
    } catch (err) {
      return refuse('busy', `${dbPath} is being written by another connection (${errText(err)}); try again in a moment.`);
    }
    inTx = true;
    const node = db.prepare('SELECT current_session_id FROM session_nodes WHERE session_key = ?').get(sessionKey) as { current_session_id?: unknown } | undefined;
    if (!node) throw new Refused(refuse('no-session', `No session ${JSON.stringify(sessionKey)} in ${dbPath}.`));
    const sessionId = typeof node.current_session_id === 'string' ? node.current_session_id : '';
    if (!sessionId) throw new Refused(refuse('corrupt', `Session ${sessionKey} has no current session id.`));
    if (!db.prepare('SELECT 1 AS x FROM session_windows WHERE session_id = ?').get(sessionId)) {
      throw new Refused(refuse('corrupt', `Session ${sessionKey} points at transcript ${sessionId}, which has no session_windows row; not writing.`));
    }
    const lastRow = db
      .prepare('SELECT seq, event_json, event_zstd, event_utf8_bytes, navigation_json FROM transcript_events WHERE session_id = ? ORDER BY seq DESC LIMIT 1')
      .get(sessionId) as Record<string, unknown> | undefined;
    if (!lastRow) throw new Refused(refuse('empty-transcript', `Session ${sessionKey} (${sessionId}) has no transcript yet; nothing to append to.`));
    const maxSeq = Number(lastRow.seq);
    let last: EventHead | undefined;
    try {
      last = headOf(maxSeq, decodeRow(lastRow));
    } catch (err) {
      throw new Refused(refuse('corrupt', `The last transcript row (seq ${maxSeq}) of ${sessionKey} cannot be read (${errText(err)}); not appending after it.`));
    }
    if (!last) throw new Refused(refuse('corrupt', `The last transcript row (seq ${maxSeq}) of ${sessionKey} has no entry id; not appending after it.`));
    if (last.type === 'session') throw new Refused(refuse('empty-transcript', `Session ${sessionKey} has only its header; nothing to append to yet.`));

    // Lookup of any entry by id (for the leaf target and the compaction's kept tail).
    const byIdStmt = db.prepare(
      `SELECT seq, event_json, event_zstd, event_utf8_bytes, navigation_json FROM transcript_events WHERE session_id = ? AND seq IN (
         SELECT seq FROM transcript_event_identities WHERE session_id = ? AND event_id = ?)`,
    );
    let index: Map<string, EventHead> | undefined;
    const lookup = (id: string): EventHead | undefined => {
      const r = byIdStmt.get(sessionId, sessionId, id) as Record<string, unknown> | undefined;
      if (r) {
        const h = headOf(Number(r.seq), decodeRow(r));
        if (h && h.id === id) return h;
      }
      // Rows written without identity rows (older external writers): scan once.
      if (!index) {
        index = new Map();
        const it = db.prepare('SELECT seq, event_json, event_zstd, event_utf8_bytes, navigation_json FROM transcript_events WHERE session_id = ? ORDER BY seq').iterate(sessionId);
        for (const row of it) {
          let h: EventHead | undefined;
          if (typeof row.event_json !== 'string' && typeof row.navigation_json === 'string') {
            try {
              const nav = (JSON.parse(row.navigation_json) as { navigation?: Record<string, unknown> }).navigation;
              if (nav && nav.type !== 'leaf') h = headOf(Number(row.seq), nav);
            } catch {
              /* decode the row instead */
            }
          }
          if (!h) {
            try {
              h = headOf(Number(row.seq), decodeRow(row as Record<string, unknown>));
            } catch {
              h = undefined;
            }
          }
          if (h) index.set(h.id, h);
        }
      }
      return index.get(id);
    };

    // §6 rule 3: the active leaf is the last entry, or a trailing leaf entry's targetId.
    let leafId = last.id;
    if (last.type === 'leaf') {
      if (!last.targetId || !lookup(last.targetId)) {
        throw new Refused(refuse('corrupt', `The session's last entry is a leaf entry pointing at ${JSON.stringify(last.targetId)}, which does not exist; not appending.`));
      }
      leafId = last.targetId;
    }
    const stale = basisRefusal(opts.expect, { leafId, sessionId, lastSeq: maxSeq }, `Session ${sessionKey}`);
    if (stale) throw new Refused(stale);
    const kept = checkFirstKept(entries, leafId, (id) => lookup(id));
    if (kept) throw new Refused(refuse('invalid-input', kept));

    const now = (opts.now ?? Date.now)();
    const prepared = prepare(entries, leafId, now);
    if (prepared.error) throw new Refused(refuse('invalid-input', prepared.error));
    const insEvent = db.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_utf8_bytes) VALUES (?, ?, ?, ?, ?)');
    const insIdentity = db.prepare(
      'INSERT INTO transcript_event_identities (session_id, event_id, seq, event_type, parent_id, message_idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?)',
    );
    let seq = maxSeq;
    for (const w of prepared.written) {
      seq++;
      w.seq = seq;
      insEvent.run(sessionId, seq, w.json, now, w.bytes);
      insIdentity.run(sessionId, w.id, seq, w.type, w.parentId, now);
    }
    let marked = false;
    if (opts.markNeedsRebuild && hasIndexState) {
      marked = Number(db.prepare('UPDATE session_transcript_index_state SET needs_rebuild = 1 WHERE session_id = ?').run(sessionId).changes) > 0;
    }
    // An OpenClaw process that started since the first check must not see our rows half-way.
    const again = checkLockFiles(stateDir, opts.ownership);
    if (again.owned) throw new Refused(refuse('owned', `${again.reason} (it started while we were writing; nothing was written).`, again));
    db.exec('COMMIT');
    inTx = false;
    return {
      ok: true,
      era: 'sqlite',
      location: dbPath,
      sessionId,
      previousLeafId: leafId,
      written: prepared.written,
      ...(opts.markNeedsRebuild ? { markedNeedsRebuild: marked } : {}),
      notes: [PROJECTION_NOTE],
    };
  } catch (err) {
    let rollback = '';
    if (inTx) {
      try {
        db.exec('ROLLBACK');
      } catch (e) {
        rollback = ` (rollback: ${errText(e)})`;
      }
    }
    if (err instanceof Refused) return err.refusal;
    const msg = errText(err);
    if (/database is locked|SQLITE_BUSY/i.test(msg)) return refuse('busy', `${dbPath} stayed locked by another connection (${msg}); nothing was written${rollback}.`);
    return refuse('write-failed', `Writing to ${dbPath} failed and was rolled back; nothing was written: ${msg}${rollback}`);
  } finally {
    try {
      db.close();
    } catch {
      /* closed */
    }
  }
}
