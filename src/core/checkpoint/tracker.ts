/**
 * Incremental state capture (seed 001 §7): a per-session accumulator fed with the full JSON of new
 * transcript entries as they are read, persisted as four JSON files under
 * `<stateDir>/context/state/<session dir>/`:
 *
 * - `resources.json`: tools used, files read and modified (Layer A: tool-call names and path arguments,
 *   confirmed by a non-error tool result; OpenClaw's own `readFiles`/`modifiedFiles` of a compaction);
 * - `thread.json`: the running thread (first / last user message, pivots, the last two exchange pairs,
 *   the response in progress, the pending ask and tool calls, tool failures) and the read cursor;
 * - `decisions.json`: decision-like replies (Layer B) and learnings added through the API;
 * - `open_items.json`: TODO-like lines, unanswered asks, an unresolved tool failure.
 *
 * Layer C is `reset()`: after a checkpoint bundled the state, the accumulations are emptied (the
 * "now" of the thread — last messages, pending ask and tool calls — stays, it is still true).
 *
 * Staleness (§12): a state file last written before the session's `_latest.json` was written has already
 * been bundled (or belongs to a run that crashed between the checkpoint and the reset): it is discarded
 * on load, and the cursor is taken from the pointer instead.
 *
 * Entries are processed once: the cursor keeps the newest entry time and the ids of the last 64
 * entries; an entry older than the cursor by more than a minute (a clock-skew allowance between
 * writers), or with a recent id, is skipped, so the caller may re-feed a window of entries after a
 * restart. Re-processing is harmless anyway where it matters: pivots, decisions and pairs are keyed by
 * entry id, open items by text, files and tools are sets.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomicSync } from '../fs/atomic';
import { removeFileInRoot, stateDirRoot } from '../fs/safePath';
import { parseJsonSafe } from '../fs/safeJson';
import { READ_LIMITS, readRegularText } from '../fs/safeRead';
import { DECISION_CONTEXT_CHARS, GIST_CHARS, LONG_RESPONSE_CHARS, decisionText, isShortReply, toEvent, type ConversationEvent, type ExtractedExchange, type ToolCallInfo } from '../transcript/conversation';
import { checkedOwnDir, stateDirFor } from './paths';
import { CAPS } from './schema';
import { readLatestPointer, type LatestPointer } from './store';
import { codePoints, endsWithQuestion, gist, jsonGist, lastLineGist, todoLines, toolFileAccess } from '../transcript/text';
import { CURSOR_SKEW_MS, emptyData, type IngestOptions, type IngestResult, type Json, type LoadReport, MAX_ERRORS, MAX_PAIRS, MAX_PENDING_TOOLS, MAX_PIVOTS, type Msg, type OpenItem, RECENT_IDS, STATE_FILES, STATE_LEARNINGS, STATE_OPEN_ITEMS, STATE_SCHEMA, STATE_VERSION, type StateFile, stateFileBody, threadFromState, touch, type TrackerData, type TrackerSnapshot } from './trackerState';
import { mergeFile, sanitizeCursor } from './trackerLoad';
import { messageFacts } from './messageFacts';
import { redactSecrets, redactSecretsInJson } from '../secrets/shapes';

/**
 * The event with its text and tool-call arguments redacted (../secrets/shapes, as the memory writers do):
 * what the tracker keeps goes to the state files and the checkpoints, files a transcript's secrets must not
 * be copied to. Redacted before any gist is cut, so no part of a cut secret is kept.
 */
function withoutSecrets(ev: ConversationEvent): ConversationEvent {
  if (ev.kind === 'user' || ev.kind === 'command' || ev.kind === 'toolResult') return { ...ev, text: redactSecrets(ev.text).text };
  if (ev.kind === 'agent') return { ...ev, text: redactSecrets(ev.text).text, toolCalls: ev.toolCalls.map((c) => ({ ...c, args: redactSecretsInJson(c.args) })) };
  return ev;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

export interface TrackerOptions {
  now?: () => number;
  /** fsync state files (default false: they are best-effort, written often) */
  fsync?: boolean;
}

export class SessionTracker {
  data: TrackerData = emptyData();
  private dirty = new Set<StateFile>();
  /** compactions the caller has checkpointed (or decided not to): ingest passes them */
  private acknowledged = new Set<string>();
  private readonly now: () => number;
  loadReport: LoadReport = { stale: [], invalid: [] };

  constructor(
    readonly stateDir: string,
    readonly sessionKey: string,
    private readonly opts: TrackerOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
  }

  /** `<stateDir>/context/state/<session dir>` */
  get dir(): string {
    return stateDirFor(this.stateDir, this.sessionKey);
  }

  /** True until the tracker has seen any entry (nothing persisted either): the first feed is catch-up. */
  get cold(): boolean {
    return this.data.cursor.last_ts === 0 && this.data.cursor.recent.length === 0;
  }

  /** Should an entry with this id and time be loaded and fed? (lets the caller skip loading old entries) */
  wants(id: string | undefined, when: number): boolean {
    const c = this.data.cursor;
    if (id && c.recent.some((r) => r.id === id)) return false;
    return !(when > 0 && c.last_ts > 0 && when < c.last_ts - CURSOR_SKEW_MS);
  }

  // ------------------------------------------------------------------ ingestion

  /**
   * Feed entries (full JSON, oldest first). Unknown shapes are ignored. See IngestOptions for
   * compactions. Cost: O(size of the entries' text) with small constants; no I/O.
   */
  ingest(entries: readonly unknown[], opts: IngestOptions = {}): IngestResult {
    let processed = 0;
    for (let i = 0; i < entries.length; i++) {
      const ev = withoutSecrets(toEvent(entries[i]));
      if (ev.kind === 'session') {
        // A transcript header: its time is when the file was (re)written, not when the entries were
        // (forks and rewinds copy older entries after a newer header), so it never moves the cursor.
        if (this.startSession(ev.id)) processed++;
        continue;
      }
      if (!this.wants(ev.id, ev.when)) continue;
      if (ev.kind === 'compaction' && (opts.onCompaction ?? 'stop') === 'stop' && !this.acknowledged.has(ev.id)) {
        return { consumed: i, processed, compaction: ev.entry };
      }
      if (this.apply(ev)) processed++;
      this.advance(ev.id, ev.when);
    }
    return { consumed: entries.length, processed };
  }

  /** The caller has written (or skipped) the checkpoint for this compaction: ingest may pass it now. */
  acknowledgeCompaction(entry: Json | string): void {
    const id = typeof entry === 'string' ? entry : String(entry.id ?? '');
    this.acknowledged.add(id);
    if (this.acknowledged.size > 256) this.acknowledged.delete(this.acknowledged.values().next().value as string);
  }

  private advance(id: string, when: number): void {
    const c = this.data.cursor;
    if (id) {
      c.recent.push({ id, when });
      if (c.recent.length > RECENT_IDS) c.recent.splice(0, c.recent.length - RECENT_IDS);
    }
    if (when > c.last_ts) c.last_ts = when;
    this.dirty.add('thread.json');
  }

  private apply(ev: ConversationEvent): boolean {
    const t = this.data.thread;
    if (ev.when > t.last_entry_at) t.last_entry_at = ev.when;
    switch (ev.kind) {
      case 'user':
        this.onUser(ev.id, ev.when, ev.text);
        return true;
      case 'command':
        return false;
      case 'agent':
        this.onAgent(ev.id, ev.when, ev.text, ev.toolCalls, ev.failed);
        return true;
      case 'toolResult':
        this.onToolResult(ev.id, ev.when, ev.toolCallId, ev.toolName, ev.isError, ev.text);
        return true;
      case 'runFailed':
        this.onFailed();
        return true;
      case 'compaction':
        this.onCompactionEntry(ev.entry);
        return true;
      case 'reset':
        this.endTurn();
        t.last_activity = 'none';
        this.dirty.add('thread.json');
        return true;
      case 'leaf':
        return this.onRewind(ev.targetId);
      default:
        return false;
    }
  }

  /**
   * A transcript header. A new session id (a new transcript for this key: reset, `/new`, rewind, fork)
   * ends the turn in flight and restarts the cursor's time rule: the new file may repeat older entries
   * (their ids are deduplicated where it matters: pivots, decisions, open items).
   */
  private startSession(id: string): boolean {
    const c = this.data.cursor;
    if (!id || id === c.session_id) return false;
    c.session_id = id;
    c.last_ts = 0;
    this.endTurn();
    return true;
  }

  /** A new conversation generation (reset, new session id): nothing is in flight any more. */
  private endTurn(): void {
    const t = this.data.thread;
    t.pending_ask = undefined;
    t.pending_tools = [];
    t.response_chars = 0;
    t.response_tail = '';
    this.dirty.add('thread.json');
  }

  private onUser(id: string, when: number, text: string): void {
    const t = this.data.thread;
    const msg: Msg = { id, when, gist: gist(text, GIST_CHARS) };
    if (t.user_messages > 0 && t.response_chars > LONG_RESPONSE_CHARS) {
      t.pivots = t.pivots.filter((p) => !id || p.id !== id);
      t.pivots.push(msg);
      if (t.pivots.length > MAX_PIVOTS) t.pivots.splice(0, t.pivots.length - MAX_PIVOTS);
      if (isShortReply(text) && !(id && this.data.decisions.some((d) => d.id === id))) {
        this.data.decisions.push({ id, when, what: decisionText(text, t.response_tail) });
        if (this.data.decisions.length > CAPS.decisions) this.data.decisions.splice(0, this.data.decisions.length - CAPS.decisions);
        this.dirty.add('decisions.json');
      }
    }
    t.first_user ??= msg;
    t.last_user = msg;
    t.pairs = t.pairs.filter((p) => !id || p.user.id !== id);
    t.pairs.push({ user: msg });
    if (t.pairs.length > MAX_PAIRS) t.pairs.splice(0, t.pairs.length - MAX_PAIRS);
    t.pending_ask = { ...msg, failed: false };
    t.response_chars = 0;
    t.response_tail = '';
    t.user_messages++;
    t.last_activity = 'user';
    this.scanTodos(text, id, when);
    this.scanFacts({ role: 'user', content: text }, id, when);
    this.dirty.add('thread.json');
  }

  private onAgent(id: string, when: number, text: string, calls: ToolCallInfo[], failed: boolean): void {
    const t = this.data.thread;
    if (failed) {
      this.onFailed();
      return;
    }
    if (text.trim()) {
      t.response_chars += codePoints(text);
      t.response_tail = lastLineGist(text, DECISION_CONTEXT_CHARS);
      const pair = t.pairs[t.pairs.length - 1];
      if (pair) pair.agent = { id, when, gist: gist(text, GIST_CHARS) };
      t.pending_ask = undefined;
      t.last_activity = endsWithQuestion(text) ? 'agent_question' : 'agent_text';
      this.scanTodos(text, id, when);
      this.scanFacts({ role: 'assistant', content: [{ type: 'text', text }] }, id, when);
    }
    for (const c of calls) {
      if (!c.name) continue;
      touch(this.data.resources.tools_used, c.name, CAPS.toolsUsed);
      const fa = toolFileAccess(c.name, c.args);
      t.pending_tools.push({ id: c.id, name: c.name, params: jsonGist(c.args, GIST_CHARS), access: fa.access, paths: fa.paths, when });
      if (t.pending_tools.length > MAX_PENDING_TOOLS) t.pending_tools.splice(0, t.pending_tools.length - MAX_PENDING_TOOLS);
      t.last_activity = 'tool';
      this.dirty.add('resources.json');
    }
    this.dirty.add('thread.json');
  }

  private onToolResult(id: string, when: number, callId: string, toolName: string, isError: boolean, text: string): void {
    const t = this.data.thread;
    let i = callId ? t.pending_tools.findIndex((p) => p.id === callId) : -1;
    if (i < 0 && toolName) i = t.pending_tools.findIndex((p) => p.name === toolName);
    const call = i >= 0 ? t.pending_tools.splice(i, 1)[0] : undefined;
    const name = toolName || call?.name || '';
    if (name) touch(this.data.resources.tools_used, name, CAPS.toolsUsed);
    if (isError) {
      t.errors.push({ tool: name, gist: gist(text, GIST_CHARS), when, id });
      if (t.errors.length > MAX_ERRORS) t.errors.splice(0, t.errors.length - MAX_ERRORS);
    } else if (call && call.access !== 'none') {
      const list = call.access === 'read' ? this.data.resources.files_read : this.data.resources.files_modified;
      for (const p of call.paths) touch(list, p, CAPS.files);
    }
    // The latest tool outcome decides whether a failure is still unresolved.
    this.data.open_items = this.data.open_items.filter((o) => o.kind !== 'tool_error');
    if (isError) this.addOpenItem({ kind: 'tool_error', text: `Tool "${name || '?'}" failed: ${gist(text, 100)}`, when, id });
    t.last_activity = 'tool';
    this.dirty.add('resources.json').add('thread.json').add('open_items.json');
  }

  private onFailed(): void {
    const t = this.data.thread;
    const ask = t.pending_ask;
    if (ask && !ask.failed) {
      ask.failed = true;
      this.addOpenItem({ kind: 'unanswered', text: `Unanswered: ${gist(ask.gist, 150)}`, when: ask.when, id: ask.id });
    }
    t.pending_tools = [];
    t.last_activity = 'error';
    this.dirty.add('thread.json');
  }

  private onCompactionEntry(e: Json): void {
    const t = this.data.thread;
    t.compactions++;
    const d = e.details as Json | undefined;
    if (d && typeof d === 'object') {
      for (const [key, list] of [
        ['readFiles', this.data.resources.files_read],
        ['modifiedFiles', this.data.resources.files_modified],
      ] as const) {
        const v = d[key];
        if (Array.isArray(v)) for (const p of v.slice(0, CAPS.files)) if (typeof p === 'string' && p.trim() && p.length <= 1024) touch(list, p.trim(), CAPS.files);
      }
      this.dirty.add('resources.json');
    }
    this.dirty.add('thread.json');
  }

  /**
   * `sessions.rewind` wrote a `leaf` entry: the active path now ends at `targetId`. Conversation items
   * recorded after the target's time belong to the abandoned branch and are dropped (files and tools
   * stay: their side effects happened). The target's time is known when it is among the last 64
   * entries or any recorded item; otherwise nothing is dropped.
   */
  private onRewind(targetId: string): boolean {
    const d = this.data;
    const t = d.thread;
    const times: number[] = [];
    const see = (m: { id: string; when: number } | undefined) => m && m.id === targetId && times.push(m.when);
    d.cursor.recent.forEach(see);
    see(t.first_user);
    see(t.last_user);
    t.pivots.forEach(see);
    for (const p of t.pairs) {
      see(p.user);
      see(p.agent);
    }
    d.decisions.forEach(see);
    d.open_items.forEach(see);
    t.errors.forEach(see);
    if (!times.length) return false;
    const cut = Math.max(...times);
    const keep = <T extends { when: number }>(l: T[]) => l.filter((x) => x.when <= cut);
    t.pivots = keep(t.pivots);
    t.pairs = t.pairs.filter((p) => p.user.when <= cut).map((p) => (p.agent && p.agent.when > cut ? { user: p.user } : p));
    t.errors = keep(t.errors);
    d.decisions = keep(d.decisions);
    d.open_items = keep(d.open_items);
    if (t.last_user && t.last_user.when > cut) t.last_user = t.pairs[t.pairs.length - 1]?.user;
    if (t.pending_ask && t.pending_ask.when > cut) t.pending_ask = undefined;
    t.pending_tools = t.pending_tools.filter((p) => p.when <= cut);
    t.last_activity = 'none';
    this.dirty.add('thread.json').add('decisions.json').add('open_items.json');
    return true;
  }

  private scanTodos(text: string, id: string, when: number): void {
    for (const l of todoLines(text)) {
      if (l.kind === 'done') {
        const before = this.data.open_items.length;
        this.data.open_items = this.data.open_items.filter((o) => !(o.kind === 'checkbox' && o.text === l.text));
        if (this.data.open_items.length !== before) this.dirty.add('open_items.json');
      } else this.addOpenItem({ kind: l.kind, text: l.text, when, id });
    }
  }

  /**
   * The shared extraction's facts of one message: decisions (keyed `<entry id>#<n>`), open items (a TODO line
   * the fact's sentence contains is replaced by the sentence: its condition and deadline), learnings (rules).
   */
  private scanFacts(message: Json, id: string, when: number): void {
    const f = messageFacts(message);
    f.decisions.forEach((what, n) => {
      const key = `${id}#${n}`;
      if (this.data.decisions.some((d) => d.id === key || d.what === what)) return;
      this.data.decisions.push({ id: key, when, what });
      if (this.data.decisions.length > CAPS.decisions) this.data.decisions.splice(0, this.data.decisions.length - CAPS.decisions);
      this.dirty.add('decisions.json');
    });
    for (const text of f.openItems) {
      // a task item of the same message stays one (a later `[x]` closes it)
      if (this.data.open_items.some((o) => o.id === id && o.kind === 'checkbox' && o.text === text)) continue;
      this.data.open_items = this.data.open_items.filter((o) => !(o.id === id && o.kind === 'todo' && text.includes(o.text)));
      this.addOpenItem({ kind: 'todo', text, when, id });
    }
    for (const l of f.learnings) this.addLearning(l, when);
  }

  private addOpenItem(item: OpenItem): void {
    const items = this.data.open_items;
    const i = items.findIndex((o) => o.text === item.text);
    if (i >= 0) items.splice(i, 1);
    items.push(item);
    if (items.length > STATE_OPEN_ITEMS) items.splice(0, items.length - STATE_OPEN_ITEMS);
    this.dirty.add('open_items.json');
  }

  /** Record a learning (seed §5.3: written to the checkpoint for the agent to promote). */
  addLearning(text: string, when = this.now()): void {
    const g = gist(text, 200);
    if (!g) return;
    const l = this.data.learnings.filter((x) => x.text !== g);
    l.push({ text: g, when });
    if (l.length > STATE_LEARNINGS) l.splice(0, l.length - STATE_LEARNINGS);
    this.data.learnings = l;
    this.dirty.add('decisions.json');
  }

  // ------------------------------------------------------------------ derived views

  /** A deep copy of the state (what buildCheckpoint reads). */
  snapshot(): TrackerSnapshot {
    return clone(this.data);
  }

  /** The thread as seed §11.2 defines it, from the running state. */
  thread(): { summary: string; topic: string; key_exchanges: ExtractedExchange[] } {
    const t = this.data.thread;
    return threadFromState(t);
  }

  /**
   * Layer C: the state was bundled into a checkpoint. Accumulations are emptied; what describes "now"
   * (first/last user message, the last pairs, the response and ask in flight, pending tool calls, the
   * cursor) stays.
   */
  reset(): void {
    const d = this.data;
    d.resources = { files_read: [], files_modified: [], tools_used: [] };
    d.decisions = [];
    d.learnings = [];
    d.open_items = d.open_items.filter((o) => o.kind === 'tool_error'); // an unresolved failure is still true now
    d.thread.pivots = [];
    d.thread.errors = [];
    d.thread.compactions = 0;
    for (const f of STATE_FILES) this.dirty.add(f);
  }

  // ------------------------------------------------------------------ persistence

  get isDirty(): boolean {
    return this.dirty.size > 0;
  }

  /** Write the changed state files (atomic rename; no fsync unless asked). Returns the files written. */
  save(): StateFile[] {
    if (!this.dirty.size) return [];
    const dir = checkedOwnDir(this.stateDir, this.dir, true);
    const now = this.now();
    const written: StateFile[] = [];
    for (const f of STATE_FILES) {
      if (!this.dirty.has(f)) continue;
      const body = { schema: STATE_SCHEMA, version: STATE_VERSION, session_key: this.sessionKey, updated_at: now, ...stateFileBody(this.data, f) };
      writeFileAtomicSync(path.join(dir, f), JSON.stringify(body), { fsync: this.opts.fsync === true, root: stateDirRoot(this.stateDir) });
      written.push(f);
    }
    this.dirty.clear();
    return written;
  }

  /**
   * Load the persisted state. Files older than the session's `_latest.json` are stale and discarded
   * (the cursor then comes from the pointer); unreadable ones are reported and ignored.
   */
  load(pointer: LatestPointer | undefined = readLatestPointer(this.stateDir, this.sessionKey)): LoadReport {
    const report: LoadReport = { stale: [], invalid: [] };
    const data = emptyData();
    const dir = checkedOwnDir(this.stateDir, this.dir);
    for (const f of STATE_FILES) {
      let body: Json;
      try {
        // our own file: regular, never a link, bounded; the parse error never quotes it
        const parsed = parseJsonSafe(readRegularText(path.join(dir, f), { maxBytes: READ_LIMITS.state, follow: false }));
        if (!parsed.ok) throw new Error(parsed.error);
        body = parsed.value as Json;
      } catch (err) {
        if ((err as { code?: string }).code !== 'ENOENT') report.invalid.push({ file: f, error: err instanceof Error ? err.message : String(err) });
        continue;
      }
      if (!body || typeof body !== 'object' || body.schema !== STATE_SCHEMA || body.version !== STATE_VERSION || typeof body.updated_at !== 'number') {
        report.invalid.push({ file: f, error: 'not a v1 state file' });
        continue;
      }
      if (body.session_key !== this.sessionKey) {
        report.invalid.push({ file: f, error: `belongs to session ${JSON.stringify(String(body.session_key).slice(0, 80))}` });
        continue;
      }
      if (pointer && body.updated_at < pointer.written_at) {
        report.stale.push(f);
        continue;
      }
      try {
        mergeFile(data, f, body);
      } catch (err) {
        report.invalid.push({ file: f, error: err instanceof Error ? err.message : String(err) });
      }
    }
    if ((report.stale.includes('thread.json') || !fs.existsSync(path.join(dir, 'thread.json'))) && pointer?.cursor) data.cursor = sanitizeCursor(pointer.cursor);
    this.data = data;
    this.dirty = new Set(report.stale.length || report.invalid.length ? STATE_FILES : []);
    this.loadReport = report;
    return report;
  }

  /** Remove the state files (the session is gone). */
  discard(): void {
    for (const f of STATE_FILES) {
      try {
        removeFileInRoot(stateDirRoot(this.stateDir), path.join(this.dir, f));
      } catch {
        /* not ours to delete */
      }
    }
    this.data = emptyData();
    this.dirty.clear();
  }
}
