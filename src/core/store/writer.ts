/**
 * The only code that writes into OpenClaw's stores. Append-only, and only what
 * openclaw-2026.9.6.md §6 found safe:
 *
 * - entry types `custom` (extension state, never sent to the model), `custom_message` (reaches the
 *   model as a user message) and `compaction` (summary + firstKeptEntryId, honoured by OpenClaw);
 *   never `message`, `reset`, `leaf` or anything else;
 * - only while no OpenClaw process owns the state dir (ownership.ts); otherwise a refusal saying who
 *   owns it (the Gateway RPCs are the way to change a live session);
 * - SQLite era: one `BEGIN IMMEDIATE` transaction that inserts each `transcript_events` row (TEXT
 *   `event_json`, `event_utf8_bytes`, `created_at` ms, `seq` = max + 1 …) with its
 *   `transcript_event_identities` row, `parentId` chained from the active leaf; nothing else is
 *   touched except, on request, `session_transcript_index_state.needs_rebuild`. Any error rolls
 *   the whole transaction back;
 * - JSONL era: under OpenClaw's `<transcript>.lock` protocol (openclaw-formats.md §1.6; lock.ts), whole
 *   lines appended to a file that ends in `\n`, then fsync, each append recorded first in our roll-forward
 *   journal (journal.ts) so a torn line is completed, never left for OpenClaw to glue to;
 * - with `expect` (the PlanBasis a preview was made from), the write is refused ('changed') when the
 *   session moved on, checked inside the transaction / under the lock, so a stale plan is never written.
 *
 * Nothing is ever rewritten, truncated or deleted. Every failure is a typed refusal (never a throw)
 * and leaves the store as it was. Pure Node, no VS Code.
 *
 * OpenClaw 2026.9.6 applies an offline SQLite write when it next reconciles its transcript projection,
 * i.e. at the next Gateway start; embedded `--local` runs refuse turns on that session until then
 * (PROJECTION_NOTE; pinned down by test/interop).
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { JsonlSessionStore } from './jsonlStore';
import { completeInterruptedAppend, recoverAppends, type RecoveryReport, writeIntent } from './journal';
import { acquireLock, changedSincePreview, releaseLock } from './lock';
import { checkLockFiles, checkOwnership, type Ownership, type OwnershipOptions } from './ownership';
import { assertSqliteInRoot, emptyDatabaseError } from './sqliteFiles';
import { loadSqlite, zstdDecompress } from './sqliteEngine';
import type { Diagnostic, EntryMeta, SessionRow } from './types';

// ---------------------------------------------------------------------------------------------
// What may be written

export interface CustomEntryInput {
  type: 'custom';
  /** e.g. `openclaw-context.state` */
  customType: string;
  /** any JSON value */
  data?: unknown;
}

export type CustomMessageContent = string | Array<{ type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string }>;

export interface CustomMessageInput {
  type: 'custom_message';
  customType: string;
  /** what the model receives as a user message */
  content: CustomMessageContent;
  /** shown in OpenClaw's UIs (default true) */
  display?: boolean;
  details?: unknown;
}

export interface CompactionInput {
  type: 'compaction';
  summary: string;
  /** an entry on the active path (after the latest reset); the kept tail starts there */
  firstKeptEntryId: string;
  tokensBefore: number;
  tokensAfter?: number;
  details?: { readFiles: string[]; modifiedFiles: string[] };
  /** default true, as OpenClaw's own (safeguard) compactions */
  fromHook?: boolean;
}

export type WriteEntryInput = CustomEntryInput | CustomMessageInput | CompactionInput;

export const ALLOWED_ENTRY_TYPES = ['custom', 'custom_message', 'compaction'] as const;

/** The only agent schema (PRAGMA user_version) the SQLite rules were verified against. */
export const SUPPORTED_SCHEMA_VERSIONS: readonly number[] = [23];
/** `octet_length()` in the CHECK constraints needs this. */
export const MIN_SQLITE_VERSION = '3.43.0';
export const MAX_ENTRIES_PER_WRITE = 64;
/**
 * What OpenClaw 2026.9.6 does with an offline write (test/interop): the Gateway indexes the new rows
 * when it next starts; until then an embedded `openclaw agent --local` run refuses turns on that
 * session ("Session transcript projection is rebuilding"), writing nothing.
 */
export const PROJECTION_NOTE =
  'OpenClaw picks this up when its Gateway next starts (it re-indexes the transcript then). Until then, `openclaw agent --local` turns on this session fail with "Session transcript projection is rebuilding" (nothing is lost; starting the Gateway once fixes it, and so does a full `openclaw doctor` run for sessions without a display name).';
export const MAX_ENTRY_BYTES = 4 * 1024 * 1024;
const MAX_JSON_DEPTH = 64;
const MAX_TAIL_LINE_BYTES = 64 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Results

export type RefusalCode =
  | 'invalid-input' // bad arguments or entries
  | 'unsupported-type' // an entry type we never write
  | 'owned' // an OpenClaw process owns the state dir
  | 'sqlite-unavailable' // no node:sqlite in this runtime
  | 'sqlite-too-old' // SQLite < 3.43
  | 'unsupported-schema' // not agent schema 23 / tables missing
  | 'not-found' // no DB / transcript file
  | 'no-session' // no such session key
  | 'empty-transcript' // nothing to chain to
  | 'corrupt' // the store is not in a state we can safely extend
  | 'busy' // the DB stayed locked by another connection
  | 'locked' // the JSONL transcript lock is held by a live process
  | 'partial-line' // the transcript ends mid-line: a writer is mid-append
  | 'changed' // the session is no longer what the plan was made against (expect): re-plan
  | 'write-failed'; // an error during the write (rolled back)

export interface Refusal {
  ok: false;
  code: RefusalCode;
  message: string;
  ownership?: Ownership;
}

export interface WrittenEntry {
  id: string;
  parentId: string | null;
  type: WriteEntryInput['type'];
  /** SQLite: the row's seq */
  seq?: number;
  /** JSONL: byte offset of the line */
  offset?: number;
  /** UTF-8 bytes of the JSON (without the newline) */
  bytes: number;
  /** exactly what was stored */
  json: string;
  event: Record<string, unknown>;
}

export interface WriteSuccess {
  ok: true;
  era: 'sqlite' | 'jsonl';
  /** the DB or transcript file */
  location: string;
  sessionId: string;
  /** the active leaf the first entry was chained to (null: a JSONL transcript that had only its header) */
  previousLeafId: string | null;
  written: WrittenEntry[];
  /** SQLite: whether session_transcript_index_state.needs_rebuild was set */
  markedNeedsRebuild?: boolean;
  /** JSONL: stale locks that were reclaimed, and anything else worth knowing */
  notes: string[];
}

export type WriteResult = WriteSuccess | Refusal;

/**
 * What a plan was made against (the session as it was read for the preview). With `expect`, the writer
 * re-checks it under its lock (SQLite: inside BEGIN IMMEDIATE; JSONL: holding the transcript lock) and
 * refuses with 'changed' when the session moved on, so a stale plan is never written.
 */
export interface PlanBasis {
  /** the active leaf the plan saw (null: a transcript with only its header) */
  leafId: string | null;
  /** JSONL: the transcript's size in bytes (complete lines) when it was read */
  size?: number;
  /** SQLite: the transcript (session id) and its last seq when it was read */
  sessionId?: string;
  lastSeq?: number;
}

export interface WriteOptions {
  /** the state dir that owns the store (default: derived from the path) */
  stateDir?: string;
  ownership?: OwnershipOptions;
  now?: () => number;
  /** refuse ('changed') unless the session is still what the plan was made against */
  expect?: PlanBasis;
}

export interface SqliteWriteOptions extends WriteOptions {
  /** SQLite busy timeout (default 2000 ms) */
  busyTimeoutMs?: number;
  /** also set session_transcript_index_state.needs_rebuild = 1 when the row exists (default false) */
  markNeedsRebuild?: boolean;
  /** test seam: pretend the engine reports this sqlite_version() */
  sqliteVersionOverride?: string;
}

export interface JsonlWriteOptions extends WriteOptions {
  /** how long to wait for a live transcript lock (default 2000 ms; OpenClaw's back-off min(1000, 50·n) ms) */
  lockTimeoutMs?: number;
  /** a lock older than this is stale even if its pid lives (default 30 min) */
  lockStaleMs?: number;
  /**
   * Chain the first entry to this existing entry instead of the active leaf: a branch (pi's tree
   * navigation), which makes that point the active path again — how "undo compaction" works in the
   * JSONL era (branch from the compaction's parent). Only `custom` / `custom_message` entries may branch.
   */
  branchFrom?: string;
}

const refuse = (code: RefusalCode, message: string, ownership?: Ownership): Refusal => (ownership ? { ok: false, code, message, ownership } : { ok: false, code, message });
const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));

// ---------------------------------------------------------------------------------------------
// Validation

function checkJson(v: unknown, where: string, depth = 0): string | undefined {
  if (depth > MAX_JSON_DEPTH) return `${where} is nested deeper than ${MAX_JSON_DEPTH} levels`;
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return undefined;
  if (typeof v === 'number') return Number.isFinite(v) ? undefined : `${where} is not a finite number`;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const e = checkJson(v[i], `${where}[${i}]`, depth + 1);
      if (e) return e;
    }
    return undefined;
  }
  if (typeof v === 'object') {
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return `${where} is not a plain JSON object`;
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (x === undefined) return `${where}.${k} is undefined (not JSON)`;
      const e = checkJson(x, `${where}.${k}`, depth + 1);
      if (e) return e;
    }
    return undefined;
  }
  return `${where} is a ${typeof v}, not JSON`;
}

const isNonEmptyString = (v: unknown, max = 1000): v is string => typeof v === 'string' && v.trim().length > 0 && v.length <= max;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

const ALLOWED_KEYS: Record<string, readonly string[]> = {
  custom: ['type', 'customType', 'data'],
  custom_message: ['type', 'customType', 'content', 'display', 'details'],
  compaction: ['type', 'summary', 'firstKeptEntryId', 'tokensBefore', 'tokensAfter', 'details', 'fromHook'],
};

/** Check one entry; returns the refusal, or undefined when it may be written. */
export function validateEntry(e: unknown, i: number): Refusal | undefined {
  const at = `entries[${i}]`;
  if (!e || typeof e !== 'object' || Array.isArray(e)) return refuse('invalid-input', `${at} is not an object`);
  const o = e as Record<string, unknown>;
  const type = o.type;
  if (typeof type !== 'string' || !(ALLOWED_ENTRY_TYPES as readonly string[]).includes(type)) {
    return refuse(
      'unsupported-type',
      `${at} has type ${JSON.stringify(type)}; only ${ALLOWED_ENTRY_TYPES.join(', ')} may be written into OpenClaw's store (messages, resets and leaf moves go through the Gateway).`,
    );
  }
  const allowed = ALLOWED_KEYS[type]!;
  const extra = Object.keys(o).filter((k) => !allowed.includes(k));
  if (extra.length) return refuse('invalid-input', `${at} (${type}) has fields that may not be set: ${extra.join(', ')} (id, parentId and timestamp are assigned by the writer)`);
  const json = checkJson(o, at);
  if (json) return refuse('invalid-input', json);
  if (type === 'custom' || type === 'custom_message') {
    if (!isNonEmptyString(o.customType, 200)) return refuse('invalid-input', `${at}.customType must be a non-empty string of at most 200 characters`);
  }
  if (type === 'custom_message') {
    const c = o.content;
    if (typeof c === 'string') {
      if (!c.trim()) return refuse('invalid-input', `${at}.content is empty`);
    } else if (Array.isArray(c) && c.length > 0) {
      for (let j = 0; j < c.length; j++) {
        const b = c[j] as Record<string, unknown> | null;
        const ok =
          b && typeof b === 'object' && ((b.type === 'text' && typeof b.text === 'string') || (b.type === 'image' && typeof b.data === 'string' && typeof b.mimeType === 'string'));
        if (!ok) return refuse('invalid-input', `${at}.content[${j}] must be {type:"text", text} or {type:"image", data, mimeType}`);
      }
    } else return refuse('invalid-input', `${at}.content must be a non-empty string or a non-empty array of text/image blocks`);
    if (o.display !== undefined && typeof o.display !== 'boolean') return refuse('invalid-input', `${at}.display must be a boolean`);
  }
  if (type === 'compaction') {
    if (typeof o.summary !== 'string' || !o.summary.trim()) return refuse('invalid-input', `${at}.summary must be a non-empty string`);
    if (!isNonEmptyString(o.firstKeptEntryId, 200)) return refuse('invalid-input', `${at}.firstKeptEntryId must be the id of an entry on the active path`);
    if (!isCount(o.tokensBefore)) return refuse('invalid-input', `${at}.tokensBefore must be a non-negative integer`);
    if (o.tokensAfter !== undefined && !isCount(o.tokensAfter)) return refuse('invalid-input', `${at}.tokensAfter must be a non-negative integer`);
    if (o.fromHook !== undefined && typeof o.fromHook !== 'boolean') return refuse('invalid-input', `${at}.fromHook must be a boolean`);
    if (o.details !== undefined) {
      const d = o.details as Record<string, unknown> | null;
      const list = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
      if (!d || typeof d !== 'object' || Array.isArray(d) || !list(d.readFiles) || !list(d.modifiedFiles) || Object.keys(d).some((k) => k !== 'readFiles' && k !== 'modifiedFiles')) {
        return refuse('invalid-input', `${at}.details must be {readFiles: string[], modifiedFiles: string[]}`);
      }
    }
  }
  return undefined;
}

function validateAll(entries: unknown): Refusal | undefined {
  if (!Array.isArray(entries) || entries.length === 0) return refuse('invalid-input', 'entries must be a non-empty array');
  if (entries.length > MAX_ENTRIES_PER_WRITE) return refuse('invalid-input', `at most ${MAX_ENTRIES_PER_WRITE} entries per write (got ${entries.length})`);
  for (let i = 0; i < entries.length; i++) {
    const r = validateEntry(entries[i], i);
    if (r) return r;
  }
  return undefined;
}

/** The stored event: OpenClaw's field order (type, id, parentId, timestamp, then the payload). */
function buildEvent(input: WriteEntryInput, id: string, parentId: string | null, timestamp: string): Record<string, unknown> {
  const base = { type: input.type, id, parentId, timestamp };
  switch (input.type) {
    case 'custom':
      return { ...base, customType: input.customType, ...(input.data !== undefined ? { data: input.data } : {}) };
    case 'custom_message':
      return { ...base, customType: input.customType, content: input.content, display: input.display ?? true, ...(input.details !== undefined ? { details: input.details } : {}) };
    case 'compaction':
      return {
        ...base,
        summary: input.summary,
        firstKeptEntryId: input.firstKeptEntryId,
        tokensBefore: input.tokensBefore,
        ...(input.tokensAfter !== undefined ? { tokensAfter: input.tokensAfter } : {}),
        details: input.details ?? { readFiles: [], modifiedFiles: [] },
        fromHook: input.fromHook ?? true,
      };
  }
}

/** Entries as they will be stored, chained from `leafId`. */
function prepare(entries: WriteEntryInput[], leafId: string | null, now: number): { written: WrittenEntry[]; error?: string } {
  const timestamp = new Date(now).toISOString();
  const written: WrittenEntry[] = [];
  let parent = leafId;
  for (const input of entries) {
    const id = randomUUID();
    const event = buildEvent(input, id, parent, timestamp);
    const json = JSON.stringify(event);
    const bytes = Buffer.byteLength(json, 'utf8');
    if (bytes > MAX_ENTRY_BYTES) return { written, error: `a ${input.type} entry would be ${bytes} bytes; the limit is ${MAX_ENTRY_BYTES}` };
    written.push({ id, parentId: parent, type: input.type, bytes, json, event });
    parent = id;
  }
  return { written };
}

/**
 * Is `firstKeptEntryId` on the active path that ends at `leafId`, after the latest reset?
 * `lookup` gives an entry's parent and type.
 */
function checkFirstKept(entries: WriteEntryInput[], leafId: string | null, lookup: (id: string) => { parentId: string | null; type: string } | undefined): string | undefined {
  const wanted = entries.filter((e): e is CompactionInput => e.type === 'compaction').map((e) => e.firstKeptEntryId);
  if (!wanted.length) return undefined;
  const onPath = new Set<string>();
  const seen = new Set<string>();
  let cur: string | null = leafId;
  while (cur && !seen.has(cur)) {
    seen.add(cur);
    const e = lookup(cur);
    if (!e) break;
    if (e.type === 'reset') break; // entries before the latest reset are out of the window
    if (e.type !== 'session') onPath.add(cur);
    cur = e.parentId;
  }
  for (const id of wanted) {
    if (!onPath.has(id)) return `compaction.firstKeptEntryId ${JSON.stringify(id)} is not an entry on the session's active path (after its latest reset); OpenClaw would keep nothing before the summary`;
  }
  return undefined;
}

/** 'changed' when the session is not what the plan saw; `now` is what the writer found under its lock. */
function basisRefusal(expect: PlanBasis | undefined, now: Required<Pick<PlanBasis, 'leafId'>> & Omit<PlanBasis, 'leafId'>, what: string): Refusal | undefined {
  if (!expect) return undefined;
  const diff: string[] = [];
  if (expect.sessionId !== undefined && expect.sessionId !== now.sessionId) diff.push(`it is now transcript ${now.sessionId}, the plan saw ${expect.sessionId}`);
  else if (expect.leafId !== now.leafId) diff.push(`its last entry is now ${now.leafId}, the plan saw ${expect.leafId}`);
  if (!diff.length && expect.size !== undefined && now.size !== undefined && expect.size !== now.size) diff.push(`it is now ${now.size} bytes, the plan saw ${expect.size}`);
  if (!diff.length && expect.lastSeq !== undefined && now.lastSeq !== undefined && expect.lastSeq !== now.lastSeq) diff.push(`its last row is now seq ${now.lastSeq}, the plan saw ${expect.lastSeq}`);
  return diff.length ? refuse('changed', changedSincePreview(what, diff.join('; '))) : undefined;
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

/** `<stateDir>/agents/<id>/agent/openclaw-agent.sqlite` or `<stateDir>/agents/<id>/sessions` → stateDir. */
function deriveStateDir(p: string, kind: 'db' | 'sessions'): string | undefined {
  const abs = path.resolve(p);
  const parts = kind === 'db' ? path.dirname(abs) : abs; // …/agents/<id>/agent  or  …/agents/<id>/sessions
  const leafName = path.basename(parts);
  const agentsDir = path.dirname(path.dirname(parts));
  if (leafName !== (kind === 'db' ? 'agent' : 'sessions') || path.basename(agentsDir) !== 'agents') return undefined;
  return path.dirname(agentsDir);
}

async function ownershipRefusal(stateDir: string, opts: OwnershipOptions | undefined, extra: Partial<OwnershipOptions> = {}): Promise<Refusal | undefined> {
  let own: Ownership;
  try {
    own = await checkOwnership(stateDir, { ...opts, ...extra });
  } catch (err) {
    return refuse('owned', `Could not tell whether OpenClaw is using ${stateDir} (${errText(err)}); not writing.`);
  }
  if (!own.owned) return undefined;
  return refuse('owned', `${own.reason} Not writing: changes while OpenClaw runs fail its next turn. Use the Gateway (sessions.compact, chat.send …) or stop OpenClaw first.`, own);
}

// ---------------------------------------------------------------------------------------------
// SQLite era

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

// ---------------------------------------------------------------------------------------------
// JSONL era

const lockOptions = (o: Pick<JsonlWriteOptions, 'lockTimeoutMs' | 'lockStaleMs' | 'now'>) => ({ timeoutMs: o.lockTimeoutMs, staleMs: o.lockStaleMs, now: o.now });

/** The last line of a file that ends in `\n` (without the newline). */
function lastLine(fd: number, size: number): string | undefined {
  let end = size - 1; // the final '\n'
  let pos = end;
  const chunks: Buffer[] = [];
  while (pos > 0 && size - pos <= MAX_TAIL_LINE_BYTES) {
    const len = Math.min(64 * 1024, pos);
    const buf = Buffer.alloc(len);
    fs.readSync(fd, buf, 0, len, pos - len);
    const nl = buf.lastIndexOf(10);
    if (nl >= 0) {
      chunks.unshift(buf.subarray(nl + 1));
      return Buffer.concat(chunks).toString('utf8');
    }
    chunks.unshift(buf);
    pos -= len;
    end = pos;
  }
  return pos <= 0 ? Buffer.concat(chunks).toString('utf8') : undefined;
}

// ---------------------------------------------------------------------------------------------
// JSONL roll-forward journal (journal.ts)

export { APPEND_JOURNAL_DIR, QUARANTINE_DIR, type RecoveryReport } from './journal';

const JOURNAL_LIMITS = { maxLines: MAX_ENTRIES_PER_WRITE, maxLineBytes: MAX_ENTRY_BYTES };

/** A line as our writer stores it (buildEvent): type, id, parentId, timestamp, then an entry we may write. */
export function checkStoredEvent(v: unknown): string | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return 'not a JSON object';
  const { id, parentId, timestamp, ...input } = v as Record<string, unknown>;
  if (!isNonEmptyString(id, 200)) return 'no entry id';
  if (parentId !== null && !isNonEmptyString(parentId, 200)) return 'a parentId that is neither null nor an id';
  if (typeof timestamp !== 'string' || !Number.isFinite(Date.parse(timestamp))) return 'no valid timestamp';
  return validateEntry(input, 0)?.message;
}

/**
 * At start-up (the extension, for every state dir): complete every interrupted JSONL append of ours,
 * each checked at its root and under its transcript's lock; records that do not pass are quarantined
 * (journal.ts). One report per record.
 */
export function recoverJsonlAppends(stateDir: string, opts: Pick<JsonlWriteOptions, 'lockTimeoutMs' | 'lockStaleMs' | 'now'> = {}): Promise<RecoveryReport[]> {
  return recoverAppends(stateDir, checkStoredEvent, JOURNAL_LIMITS, lockOptions(opts));
}

/**
 * Append entries to a JSONL-era transcript (`<sessionsDir>/<sessionId>.jsonl`, OpenClaw ≤ 2026.7)
 * under OpenClaw's lock protocol. `row` is the session's `sessions.json` row (its sessionId and
 * optional sessionFile locate the transcript).
 */
export async function appendJsonlEntries(sessionsDir: string, row: Pick<SessionRow, 'key' | 'sessionId'> & Partial<Pick<SessionRow, 'sessionFile'>>, entries: WriteEntryInput[], opts: JsonlWriteOptions = {}): Promise<WriteResult> {
  const seen: { quarantined?: string } = {};
  const r = await appendJsonl(sessionsDir, row, entries, opts, seen);
  // a quarantined record is reported whatever happens next (on success it is among the notes)
  return !r.ok && seen.quarantined ? { ...r, message: `${r.message} ${seen.quarantined}` } : r;
}

async function appendJsonl(sessionsDir: string, row: Pick<SessionRow, 'key' | 'sessionId'> & Partial<Pick<SessionRow, 'sessionFile'>>, entries: WriteEntryInput[], opts: JsonlWriteOptions, seen: { quarantined?: string }): Promise<WriteResult> {
  if (typeof sessionsDir !== 'string' || !sessionsDir) return refuse('invalid-input', 'sessionsDir must be an agent sessions directory');
  if (!row || typeof row !== 'object' || typeof row.sessionId !== 'string' || !row.sessionId) return refuse('invalid-input', 'row must be a session row with a sessionId');
  const bad = validateAll(entries);
  if (bad) return bad;
  const stateDir = opts.stateDir ?? deriveStateDir(sessionsDir, 'sessions');
  if (!stateDir) return refuse('invalid-input', `Cannot tell which state dir ${sessionsDir} belongs to (expected <stateDir>/agents/<id>/sessions); pass stateDir so ownership can be checked.`);
  let dirReal: string;
  try {
    dirReal = fs.realpathSync(sessionsDir);
  } catch {
    return refuse('not-found', `No sessions directory at ${sessionsDir}.`);
  }
  const agentId = path.basename(path.dirname(path.resolve(sessionsDir))).toLowerCase();
  const diags: Diagnostic[] = [];
  const store = new JsonlSessionStore(agentId, sessionsDir, (d) => diags.push(d));
  const fullRow: SessionRow = { key: row.key ?? '', sessionId: row.sessionId, updatedAt: 0, ...(row.sessionFile ? { sessionFile: row.sessionFile } : {}) };
  const file = store.transcriptPath(fullRow);
  if (!file) return refuse('invalid-input', `Session ${row.key} has no transcript path inside ${sessionsDir}${diags.length ? `: ${diags.map((d) => d.message).join('; ')}` : ''}.`);
  let fileReal: string;
  try {
    fileReal = fs.realpathSync(file);
    if (!fs.statSync(fileReal).isFile()) return refuse('not-found', `${file} is not a file.`);
  } catch {
    return refuse('not-found', `No transcript at ${file}.`);
  }
  if (path.dirname(fileReal) !== dirReal) return refuse('invalid-input', `${file} resolves outside ${sessionsDir}; not writing.`);
  const lockPath = path.join(dirReal, `${path.basename(fileReal)}.lock`);

  const owned = await ownershipRefusal(stateDir, opts.ownership, { ignoreLockFiles: [...(opts.ownership?.ignoreLockFiles ?? []), lockPath] });
  if (owned) return owned;

  const notes: string[] = [];
  const now = opts.now ?? Date.now;
  const lock = await acquireLock(lockPath, lockOptions(opts), notes);
  if ('ok' in lock) return lock;
  let rfd: number | undefined;
  let intentFile: string | undefined;
  let afd: number | undefined;
  try {
    // a record of ours for this transcript: completed, or quarantined when it does not check out
    const interrupted = completeInterruptedAppend(stateDir, fileReal, checkStoredEvent, JOURNAL_LIMITS, notes);
    if (interrupted?.status === 'quarantined') seen.quarantined = interrupted.message;
    rfd = fs.openSync(fileReal, 'r');
    const size = fs.fstatSync(rfd).size;
    if (size === 0) return refuse('empty-transcript', `${fileReal} is empty; nothing to append to.`);
    const tail = Buffer.alloc(1);
    fs.readSync(rfd, tail, 0, 1, size - 1);
    if (tail[0] !== 10) {
      return refuse('partial-line', `${fileReal} ends in the middle of a line: another writer is mid-append (or crashed mid-line). Nothing was written; try again once OpenClaw has finished.`);
    }
    const lastText = lastLine(rfd, size);
    if (lastText === undefined) return refuse('corrupt', `The last line of ${fileReal} is longer than ${MAX_TAIL_LINE_BYTES} bytes; not appending after it.`);
    try {
      const v = JSON.parse(lastText) as unknown;
      if (!v || typeof v !== 'object') throw new Error('not a JSON object');
    } catch (err) {
      if (lastText.trim()) return refuse('corrupt', `The last line of ${fileReal} is not valid JSON (${errText(err)}); not appending after it.`);
    }
    // Read the transcript with our own reader (same rules as the views), up to what exists now.
    const delta = store.readTranscript(fullRow, undefined, { full: true });
    const bad = diags.find((d) => d.severity === 'error');
    if (bad) return refuse('corrupt', `${fileReal}: ${bad.message}; not appending.`);
    if (delta.headerVersion === undefined) return refuse('corrupt', `${fileReal} has no session header; not appending.`);
    if (delta.headerVersion < 2) return refuse('unsupported-schema', `${fileReal} is a version ${delta.headerVersion} transcript (entries without ids); OpenClaw migrates it on its next open. Not appending.`);
    const byId = new Map<string, EntryMeta>();
    for (const e of delta.entries) if (e.kind !== 'header') byId.set(e.id, e);
    const last = [...delta.entries].reverse().find((e) => e.kind !== 'header');
    // Only the header (a session just started by `/new`): the first entry is a root (parentId null),
    // exactly what pi's SessionManager writes for a new session's first entry. Notes only: a
    // compaction needs a kept tail.
    if (!last && entries.some((e) => e.type === 'compaction')) return refuse('empty-transcript', `${fileReal} has only its header; there is nothing to compact yet.`);
    let leafId: string | null = last ? last.id : null;
    if (last && last.kind === 'leaf') {
      if (!last.targetId || !byId.has(last.targetId)) return refuse('corrupt', `The transcript's last entry is a leaf entry pointing at ${JSON.stringify(last.targetId)}, which does not exist; not appending.`);
      leafId = last.targetId;
    }
    const stale = basisRefusal(opts.expect, { leafId, size }, `Session ${row.key ?? row.sessionId}`);
    if (stale) return stale;
    if (opts.branchFrom !== undefined) {
      if (entries.some((x) => x.type === 'compaction')) return refuse('invalid-input', 'only custom and custom_message entries can start a branch');
      const target = byId.get(opts.branchFrom);
      if (!target || target.kind === 'leaf' || target.kind === 'header') return refuse('invalid-input', `branchFrom: no entry ${JSON.stringify(opts.branchFrom)} in ${fileReal} to branch from`);
      leafId = target.id;
    }
    const kept = checkFirstKept(entries, leafId, (id) => {
      const e = byId.get(id);
      return e ? { parentId: e.parentId, type: e.type } : undefined;
    });
    if (kept) return refuse('invalid-input', kept);
    const prepared = prepare(entries, leafId, now());
    if (prepared.error) return refuse('invalid-input', prepared.error);
    let offset = size;
    for (const w of prepared.written) {
      w.offset = offset;
      offset += w.bytes + 1;
    }
    const buf = Buffer.from(prepared.written.map((w) => w.json + '\n').join(''), 'utf8');
    intentFile = writeIntent(stateDir, fileReal, size, buf);
    afd = fs.openSync(fileReal, 'a');
    let done = 0;
    try {
      while (done < buf.length) done += fs.writeSync(afd, buf, done, buf.length - done);
      fs.fsyncSync(afd);
    } catch (err) {
      // A failed write (disk full …) may leave part of our line at the end. Those bytes are ours alone
      // when the file is exactly `size + done` long: cut them so OpenClaw's next line is not glued to them.
      let undo = '';
      if (done > 0) {
        try {
          if (fs.fstatSync(afd).size === size + done) {
            fs.ftruncateSync(afd, size);
            fs.fsyncSync(afd);
            undo = '; the partial line we had written was removed, the file is as it was';
          } else undo = `; ${done} bytes of our line may remain at the end of the file (another writer appended too), so the next write will refuse until it is repaired`;
        } catch (e) {
          undo = `; removing our partial line failed (${errText(e)})`;
        }
      }
      if (undo.startsWith('; the partial line we had written was removed')) fs.rmSync(intentFile, { force: true });
      return refuse('write-failed', `Appending to ${fileReal} failed: ${errText(err)}${undo}.`);
    }
    fs.rmSync(intentFile, { force: true }); // written and fsync'ed: nothing to complete
    intentFile = undefined;
    const after = fs.fstatSync(afd).size;
    if (after !== size + buf.length) notes.push(`the file grew by ${after - size} bytes, not ${buf.length}: another writer appended at the same time without taking the lock`);
    return { ok: true, era: 'jsonl', location: fileReal, sessionId: row.sessionId, previousLeafId: leafId, written: prepared.written, notes };
  } catch (err) {
    return refuse('write-failed', `Appending to ${fileReal} failed: ${errText(err)}`);
  } finally {
    if (rfd !== undefined) fs.closeSync(rfd);
    if (afd !== undefined) fs.closeSync(afd);
    releaseLock(lock, notes);
  }
}
