/**
 * Sessions of a remote OpenClaw Gateway (issue 7 item 4): when the Gateway runs on another machine there are no
 * local files, so `sessions.subscribe` / `sessions.list` / `sessions.changed` feed the session rows and
 * `chat.history` (+ `session.message` while a session is shown in detail) feeds its transcript.
 *
 * The context model reads stores synchronously; the Gateway answers asynchronously. So the live-mode controller
 * keeps a RemoteSessionCache filled from the Gateway, and the model reads it through GatewaySessionStore, a
 * read-only SessionStore like the SQLite and JSONL ones. A transcript the model asks for and the cache does not
 * hold yet is requested (`onNeedHistory`); when it arrives the controller refreshes the model, which then sees it
 * through `changedSessions()`.
 *
 * What the Gateway sends is OpenClaw's display history, not the raw transcript (reference §5 chat.history):
 * messages carry their entry id (`__openclaw.id`) and are in path order; a compaction or reset shows as a
 * `system` marker (`__openclaw.kind`) with the compaction's tokens but without its summary or firstKeptEntryId;
 * long texts may be shortened by the Gateway. The history is turned into a linear pi transcript (each entry's
 * parent is the one before it), so the rebuild, breakdown and context document work unchanged; the gauge uses
 * the Gateway's own figures (the row's fresh totalTokens), as for local stores.
 *
 * Pure TypeScript: no `vscode`, no I/O.
 */
import { entryMeta } from '../store/entries';
import { isRemoteStateDir, REMOTE_PREFIX } from '../store/remote';
import { isoTime, timeMs } from '../store/time';
import type { EntryMeta, ReadOptions, RowsDelta, SessionRow, SessionStore, TranscriptCursor, TranscriptDelta } from '../store/types';
import { normalizeGatewayUrl } from './identity';
import { remoteText, stripControls } from './redact';
import type { ChatHistoryResult, SessionMessageEvent, SessionRow as GatewayRow, SessionsListResult } from './methods';
import { redactUrl } from './protocol';

type Json = Record<string, unknown>;

/** State dirs of remote Gateways are named `gateway:<url>` (never a path: nothing reads or writes files for them). */
export const remoteStateDir = (url: string): string => `${REMOTE_PREFIX}${redactUrl(normalizeGatewayUrl(url))}`;
export { isRemoteStateDir, REMOTE_PREFIX };

/** chat.history's largest page (CHAT_HISTORY_MAX_ENTRIES in OpenClaw 2026.9.6). */
export const HISTORY_LIMIT = 1000;
/**
 * chat.history cuts every text at 8,000 characters unless asked (a tool result even without a marker; interop
 * test 12). 100,000 returns the long messages whole; the Gateway's own caps stay (128 KiB per message, 6 MiB a page).
 */
export const HISTORY_MAX_CHARS = 100_000;

/** The chat.history request for a session's transcript. */
export const historyParams = (sessionKey: string) => ({ sessionKey, limit: HISTORY_LIMIT, maxChars: HISTORY_MAX_CHARS });
/** Largest history kept per session (older messages drop off the front). */
const MAX_HISTORY = 5000;
const MAX_KEY = 512;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
/** A name shown to the user (display name, label): one printable line, bounded. */
const label = (v: unknown): string | undefined => (typeof v === 'string' ? str(remoteText(v, [], 200)) : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);

/** The agent a row belongs to: its `agentId`, else the `agent:<id>:…` prefix of its key, else `main`. */
export function agentOfKey(key: string, agentId?: unknown): string {
  const a = str(agentId);
  if (a && /^[A-Za-z0-9._-]{1,128}$/.test(a)) return a;
  const m = /^agent:([A-Za-z0-9._-]{1,128}):/.exec(key);
  return m ? m[1]! : 'main';
}

export interface GatewayDefaults {
  modelProvider?: string;
  model?: string;
  contextTokens?: number;
}

/** A Gateway session row as the model's SessionRow (undefined for rows without a usable key and session id). */
export function rowFromGateway(r: GatewayRow | Json, defaults: GatewayDefaults = {}): SessionRow | undefined {
  const row = obj(r);
  if (!row) return undefined;
  const key = str(row.key);
  const sessionId = str(row.sessionId);
  // a key with control, bidi or zero-width characters is not OpenClaw's (its keys are `agent:<id>:<rest>`, lower-cased):
  // such a row could only smuggle escapes or a split secret into what we print, so it is not used
  if (!key || key.length > MAX_KEY || !sessionId || stripControls(key, { oneLine: true }) !== key) return undefined;
  const out: SessionRow = {
    key,
    sessionId,
    updatedAt: timeMs(row.updatedAt) || timeMs(row.lastActivityAt) || timeMs(row.lastInteractionAt) || timeMs(row.createdAt),
  };
  const copy = <K extends keyof SessionRow>(k: K, v: SessionRow[K] | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  copy('displayName', label(row.displayName));
  copy('label', label(row.label));
  copy('model', str(row.model) ?? defaults.model);
  copy('modelProvider', str(row.modelProvider) ?? defaults.modelProvider);
  copy('totalTokens', num(row.totalTokens));
  copy('totalTokensFresh', typeof row.totalTokensFresh === 'boolean' ? row.totalTokensFresh : undefined);
  copy('inputTokens', num(row.inputTokens));
  copy('outputTokens', num(row.outputTokens));
  copy('contextTokens', num(row.contextTokens) ?? defaults.contextTokens);
  copy('compactionCount', num(row.compactionCount));
  copy('status', str(row.status));
  copy('parentSessionKey', str(row.parentSessionKey));
  const budget = obj(row.contextBudgetStatus);
  if (budget) out.contextBudgetStatus = budget as SessionRow['contextBudgetStatus'];
  const report = obj(row.systemPromptReport);
  if (report) out.systemPromptReport = report as SessionRow['systemPromptReport'];
  return out;
}

/**
 * chat.history messages → pi transcript entries in path order (parent = the entry before). Markers become
 * `compaction` / `reset` entries; pending inputs (`pending:` ids, not yet in the transcript) and messages
 * without an id are left out; a repeated id keeps its first occurrence.
 */
export function historyEntries(messages: readonly unknown[], parentId: string | null = null, seen: Set<string> = new Set()): Json[] {
  const out: Json[] = [];
  let parent = parentId;
  for (const raw of messages) {
    const m = obj(raw);
    if (!m) continue;
    const meta = obj(m.__openclaw) ?? {};
    const id = str(meta.id) ?? str(m.id);
    if (!id || id.startsWith('pending:') || seen.has(id)) continue;
    seen.add(id);
    const ts = num(m.timestamp) ?? num(meta.recordTimestampMs);
    const base: Json = { id, parentId: parent, timestamp: ts !== undefined ? isoTime(ts) : undefined };
    const kind = str(meta.kind);
    let e: Json;
    if (kind === 'compaction') {
      e = { ...base, type: 'compaction', summary: '', fromGateway: true };
      if (num(meta.tokensBefore) !== undefined) e.tokensBefore = meta.tokensBefore;
      if (num(meta.tokensAfter) !== undefined) e.tokensAfter = meta.tokensAfter;
    } else if (kind === 'reset') {
      e = { ...base, type: 'reset' };
    } else if (m.role === 'custom') {
      e = { ...base, type: 'custom_message', customType: m.customType, content: m.content, display: m.display };
    } else {
      const { __openclaw: _drop, ...message } = m;
      void _drop;
      e = { ...base, type: 'message', message };
    }
    out.push(e);
    parent = id;
  }
  return out;
}

interface History {
  sessionId?: string;
  generation: number;
  entries: Json[];
  ids: Set<string>;
  /** true when the Gateway said older messages exist (hasMore) */
  truncated: boolean;
}

export interface RemoteCacheOptions {
  /** the Gateway's URL (shown redacted) */
  url: string;
  /** the model needs this session's transcript and the cache does not have it: fetch chat.history */
  onNeedHistory?: (key: string, agentId: string) => void;
}

/** What the live-mode controller knows of a remote Gateway's sessions. */
export class RemoteSessionCache {
  readonly stateDir: string;
  readonly url: string;
  private readonly rows = new Map<string, Map<string, SessionRow>>();
  private readonly dirty = new Map<string, Set<string>>();
  private readonly full = new Set<string>();
  private readonly histories = new Map<string, History>();
  private readonly changedIds = new Map<string, Set<string>>();
  private readonly requested = new Set<string>();
  private readonly stores = new Map<string, GatewaySessionStore>();
  private generations = 0;
  defaults: GatewayDefaults = {};
  /** bumps on every change (tests, views) */
  version = 0;

  constructor(private readonly opts: RemoteCacheOptions) {
    this.url = redactUrl(opts.url);
    this.stateDir = remoteStateDir(opts.url);
  }

  /** Agents with at least one session. */
  agents(): string[] {
    return [...this.rows.keys()].filter((a) => (this.rows.get(a)?.size ?? 0) > 0).sort();
  }

  storeFor(agentId: string): GatewaySessionStore {
    let s = this.stores.get(agentId);
    if (!s) this.stores.set(agentId, (s = new GatewaySessionStore(this, agentId)));
    return s;
  }

  rowCount(): number {
    let n = 0;
    for (const m of this.rows.values()) n += m.size;
    return n;
  }

  /** A whole `sessions.list` (or the list `sessions.subscribe` answers with): replaces every row. */
  applyList(list: SessionsListResult | undefined): void {
    if (!list || !Array.isArray(list.sessions)) return;
    const d = obj(list.defaults);
    if (d) this.defaults = { modelProvider: str(d.modelProvider), model: str(d.model), contextTokens: num(d.contextTokens) };
    const byAgent = new Map<string, Map<string, SessionRow>>();
    for (const r of list.sessions) {
      const row = rowFromGateway(r, this.defaults);
      if (!row) continue;
      const agent = agentOfKey(row.key, (r as Json).agentId);
      let m = byAgent.get(agent);
      if (!m) byAgent.set(agent, (m = new Map()));
      m.set(row.key, row);
    }
    for (const a of new Set([...this.rows.keys(), ...byAgent.keys()])) {
      const next = byAgent.get(a) ?? new Map<string, SessionRow>();
      for (const [key, row] of next) this.noteGeneration(key, row.sessionId);
      this.rows.set(a, next);
      this.full.add(a);
    }
    for (const key of [...this.histories.keys()]) if (![...byAgent.values()].some((m) => m.has(key))) this.histories.delete(key);
    this.version++;
  }

  /** One row (the `session` of a `sessions.changed` event, or `sessions.describe`). True when it was usable. */
  applyRow(r: GatewayRow | Json | undefined, agentId?: string): boolean {
    if (!r) return false;
    const row = rowFromGateway(r, this.defaults);
    if (!row) return false;
    const agent = agentOfKey(row.key, agentId ?? (r as Json).agentId);
    let m = this.rows.get(agent);
    if (!m) this.rows.set(agent, (m = new Map()));
    m.set(row.key, row);
    let d = this.dirty.get(agent);
    if (!d) this.dirty.set(agent, (d = new Set()));
    d.add(row.key);
    this.noteGeneration(row.key, row.sessionId);
    this.version++;
    return true;
  }

  /** A new transcript generation (rewind, a new session id): the history held is stale. */
  private noteGeneration(key: string, sessionId: string): void {
    const h = this.histories.get(key);
    if (h && h.sessionId && h.sessionId !== sessionId) this.invalidateHistory(key);
  }

  /** Drop a session's history (after a compaction, reset or rewind): the next read fetches it again. */
  invalidateHistory(key: string): void {
    const h = this.histories.get(key);
    if (!h) return;
    this.histories.delete(key);
    this.markChanged(key, h.sessionId);
  }

  /** chat.history's answer for a session. */
  applyHistory(key: string, result: ChatHistoryResult): void {
    this.requested.delete(key);
    const messages = Array.isArray(result?.messages) ? result.messages : [];
    const ids = new Set<string>();
    const entries = historyEntries(messages, null, ids);
    if (entries.length > MAX_HISTORY) entries.splice(0, entries.length - MAX_HISTORY);
    const sessionId = str(result?.sessionId) ?? this.rowOf(key)?.sessionId;
    this.histories.set(key, { sessionId, generation: ++this.generations, entries, ids, truncated: result?.hasMore === true });
    this.markChanged(key, sessionId);
    this.version++;
  }

  /** chat.history failed: allow the next read to ask again. */
  historyFailed(key: string): void {
    this.requested.delete(key);
  }

  /**
   * A `session.message` event: appended to the history held for its session (same session id). False when
   * nothing was held (the next read fetches the history, which includes the message) or it was known already.
   */
  applyMessage(ev: SessionMessageEvent): boolean {
    const key = str(ev?.sessionKey);
    if (!key) return false;
    const h = this.histories.get(key);
    if (!h) return false;
    const sid = str(ev.sessionId);
    if (sid && h.sessionId && sid !== h.sessionId) {
      this.invalidateHistory(key);
      return false;
    }
    const last = h.entries[h.entries.length - 1];
    const added = historyEntries([ev.message], (last?.id as string | undefined) ?? null, h.ids);
    if (!added.length) return false;
    h.entries.push(...added);
    if (h.entries.length > MAX_HISTORY) {
      // dropping from the front changes every position: a new generation
      h.entries.splice(0, h.entries.length - MAX_HISTORY);
      h.generation = ++this.generations;
    }
    this.markChanged(key, h.sessionId);
    this.version++;
    return true;
  }

  hasHistory(key: string): boolean {
    return this.histories.has(key);
  }

  /** Whether the history held is cut at the Gateway's page size (older messages exist). */
  historyTruncated(key: string): boolean {
    return this.histories.get(key)?.truncated === true;
  }

  private markChanged(key: string, sessionId: string | undefined): void {
    const row = this.rowOf(key);
    const agent = row ? this.agentOfRow(row.key) : agentOfKey(key);
    let s = this.changedIds.get(agent);
    if (!s) this.changedIds.set(agent, (s = new Set()));
    if (sessionId) s.add(sessionId);
    if (row) s.add(row.sessionId);
  }

  private agentOfRow(key: string): string {
    for (const [a, m] of this.rows) if (m.has(key)) return a;
    return agentOfKey(key);
  }

  rowOf(key: string): SessionRow | undefined {
    for (const m of this.rows.values()) {
      const r = m.get(key);
      if (r) return r;
    }
    return undefined;
  }

  // -- what GatewaySessionStore reads

  /** @internal */
  takeRows(agentId: string, full: boolean): RowsDelta {
    const m = this.rows.get(agentId) ?? new Map<string, SessionRow>();
    const d = this.dirty.get(agentId);
    this.dirty.delete(agentId);
    if (full || this.full.has(agentId)) {
      this.full.delete(agentId);
      return { full: true, rows: [...m.values()] };
    }
    return { full: false, rows: d ? [...d].map((k) => m.get(k)).filter((r): r is SessionRow => !!r) : [] };
  }

  /** @internal */
  takeChanged(agentId: string): Set<string> {
    const s = this.changedIds.get(agentId) ?? new Set<string>();
    this.changedIds.delete(agentId);
    return s;
  }

  /** @internal */
  history(key: string, agentId: string): History | undefined {
    const h = this.histories.get(key);
    if (h) return h;
    if (!this.requested.has(key)) {
      this.requested.add(key);
      try {
        this.opts.onNeedHistory?.(key, agentId);
      } catch {
        this.requested.delete(key);
      }
    }
    return undefined;
  }
}

/** One agent's sessions on a remote Gateway, read from the cache. Read-only; `remote` is its URL. */
export class GatewaySessionStore implements SessionStore {
  readonly era = 'sqlite' as const;
  readonly location: string;
  readonly remote: string;

  constructor(
    private readonly cache: RemoteSessionCache,
    readonly agentId: string,
  ) {
    this.remote = cache.url;
    this.location = `${cache.url} (agent ${agentId}, remote Gateway)`;
  }

  watchPaths(): string[] {
    return [];
  }

  readRows(full: boolean): RowsDelta {
    return this.cache.takeRows(this.agentId, full);
  }

  readTranscript(row: SessionRow, cursor: TranscriptCursor | undefined, _opts?: ReadOptions): TranscriptDelta {
    const h = this.cache.history(row.key, this.agentId);
    const c = cursor && cursor.kind === 'gateway' && cursor.key === row.key ? cursor : undefined;
    if (!h) return { reset: false, entries: [], cursor: c ?? { kind: 'gateway', key: row.key, generation: -1, count: 0 } };
    const same = c !== undefined && c.generation === h.generation && c.count <= h.entries.length;
    const from = same ? c.count : 0;
    const entries: EntryMeta[] = [];
    for (let i = from; i < h.entries.length; i++) {
      const e = h.entries[i]!;
      const m = entryMeta(e, i, JSON.stringify(e).length);
      if (!m) continue;
      if (m.kind === 'compaction' && e.fromGateway) m.preview = `compaction by OpenClaw${m.tokensBefore !== undefined ? ` (${m.tokensBefore} tokens before)` : ''}: its summary stays on the Gateway`;
      entries.push(m);
    }
    return { reset: !same, entries, cursor: { kind: 'gateway', key: row.key, generation: h.generation, count: h.entries.length } };
  }

  changedSessions(): Set<string> | undefined {
    return this.cache.takeChanged(this.agentId);
  }

  loadEntries(row: SessionRow, metas: readonly EntryMeta[]): Array<Record<string, unknown> | undefined> {
    const h = this.cache.hasHistory(row.key) ? this.cache.history(row.key, this.agentId) : undefined;
    return metas.map((m) => {
      const e = h?.entries[m.pos];
      return e && e.id === m.id ? e : h?.entries.find((x) => x.id === m.id);
    });
  }

  close(): void {
    /* nothing held open */
  }
}
