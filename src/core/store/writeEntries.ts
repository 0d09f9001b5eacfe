/**
 * What our writers may put into OpenClaw's stores, and the checks every entry passes (openclaw-2026.9.6.md §6):
 * entry types `custom` (extension state, never sent to the model), `custom_message` (reaches the model as a
 * user message) and `compaction` (summary + firstKeptEntryId, honoured by OpenClaw); never `message`,
 * `reset`, `leaf` or anything else. Also how an entry is built and chained (id, parentId, timestamp), and the
 * typed refusal every writer returns instead of throwing. Nothing is ever rewritten, truncated or deleted;
 * every failure leaves the store as it was. Pure Node, no VS Code.
 */
import { randomUUID } from 'node:crypto';
import type { Ownership } from './ownership';

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

export const MAX_ENTRIES_PER_WRITE = 64;
export const MAX_ENTRY_BYTES = 4 * 1024 * 1024;
const MAX_JSON_DEPTH = 64;

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

export const refuse = (code: RefusalCode, message: string, ownership?: Ownership): Refusal => (ownership ? { ok: false, code, message, ownership } : { ok: false, code, message });
export const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));

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

export function validateAll(entries: unknown): Refusal | undefined {
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
export function prepare(entries: WriteEntryInput[], leafId: string | null, now: number): { written: WrittenEntry[]; error?: string } {
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
export function checkFirstKept(entries: WriteEntryInput[], leafId: string | null, lookup: (id: string) => { parentId: string | null; type: string } | undefined): string | undefined {
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

/** A line as our writer stores it (buildEvent): type, id, parentId, timestamp, then an entry we may write. */
export function checkStoredEvent(v: unknown): string | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return 'not a JSON object';
  const { id, parentId, timestamp, ...input } = v as Record<string, unknown>;
  if (!isNonEmptyString(id, 200)) return 'no entry id';
  if (parentId !== null && !isNonEmptyString(parentId, 200)) return 'a parentId that is neither null nor an id';
  if (typeof timestamp !== 'string' || !Number.isFinite(Date.parse(timestamp))) return 'no valid timestamp';
  return validateEntry(input, 0)?.message;
}
