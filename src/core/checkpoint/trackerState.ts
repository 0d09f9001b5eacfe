/**
 * The state the session tracker (tracker.ts) keeps: its four files (`resources.json`, `thread.json`,
 * `decisions.json`, `open_items.json`), the shapes stored in them and their caps, and the thread
 * (seed 001 §11.2) as the running state describes it.
 */
import { TOPIC_CHARS, selectExchanges, threadSummary, type ExtractedExchange } from '../transcript/conversation';
import { CAPS } from './schema';
import { gist } from '../transcript/text';

export type Json = Record<string, unknown>;

export const STATE_SCHEMA = 'openclaw/checkpoint-state';
export const STATE_VERSION = 1;
export const STATE_FILES = ['decisions.json', 'thread.json', 'resources.json', 'open_items.json'] as const;
export type StateFile = (typeof STATE_FILES)[number];

/** Entries older than the cursor by more than this are taken as already processed (clock skew between writers). */
export const CURSOR_SKEW_MS = 60_000;
export const RECENT_IDS = 64;
export const MAX_PENDING_TOOLS = 32;
export const MAX_ERRORS = 20;
export const MAX_PIVOTS = CAPS.keyExchanges;
export const MAX_PAIRS = CAPS.keyExchanges;
export const STATE_OPEN_ITEMS = 20;
export const STATE_LEARNINGS = 20;

export interface Msg {
  id: string;
  when: number;
  gist: string;
}

export interface PendingTool {
  id: string;
  name: string;
  params: string;
  access: 'read' | 'modified' | 'none';
  paths: string[];
  when: number;
}

export interface ToolFailure {
  tool: string;
  gist: string;
  when: number;
  id: string;
}

export type OpenItemKind = 'todo' | 'checkbox' | 'unanswered' | 'tool_error';
export interface OpenItem {
  text: string;
  kind: OpenItemKind;
  when: number;
  id: string;
}

export interface DecisionRecord {
  what: string;
  when: number;
  id: string;
}

export interface LearningRecord {
  text: string;
  when: number;
}

export type Activity = 'none' | 'user' | 'tool' | 'agent_text' | 'agent_question' | 'error';

export interface ThreadState {
  first_user?: Msg;
  last_user?: Msg;
  /** user messages that followed a long response (newest last, ≤ 8) */
  pivots: Msg[];
  /** the last exchange pairs (user, then the final agent text of its turn); the thread uses the last
   * two, older ones are kept so a rewind can fall back to them */
  pairs: Array<{ user: Msg; agent?: Msg }>;
  /** characters of agent text since the last user message */
  response_chars: number;
  /** last line of the latest agent text (decision context) */
  response_tail: string;
  /** the last user message while it has no reply; `failed` once its turn ended in an error */
  pending_ask?: Msg & { failed: boolean };
  pending_tools: PendingTool[];
  errors: ToolFailure[];
  last_activity: Activity;
  last_entry_at: number;
  user_messages: number;
  compactions: number;
}

export interface Cursor {
  session_id?: string;
  last_ts: number;
  /** the last 64 entries processed (ids and times: duplicates, rewind targets) */
  recent: Array<{ id: string; when: number }>;
}

export interface ResourcesState {
  /** least recently used first */
  files_read: string[];
  files_modified: string[];
  tools_used: string[];
}

export interface TrackerData {
  resources: ResourcesState;
  thread: ThreadState;
  cursor: Cursor;
  decisions: DecisionRecord[];
  learnings: LearningRecord[];
  open_items: OpenItem[];
}

/** What a checkpoint is built from: a deep copy of the state. */
export type TrackerSnapshot = TrackerData;

export interface IngestOptions {
  /**
   * `stop` (default): stop before a compaction entry not yet acknowledged and return it, so the caller
   * can write the before-state checkpoint first. `pass`: process compactions like any entry (catching
   * up on history).
   */
  onCompaction?: 'stop' | 'pass';
}

export interface IngestResult {
  /** entries consumed (processed or skipped); the rest starts at `entries[consumed]` */
  consumed: number;
  /** entries that changed the state */
  processed: number;
  /** set when ingestion stopped before this compaction entry */
  compaction?: Json;
}

export function emptyData(): TrackerData {
  return {
    resources: { files_read: [], files_modified: [], tools_used: [] },
    thread: { pivots: [], pairs: [], response_chars: 0, response_tail: '', pending_tools: [], errors: [], last_activity: 'none', last_entry_at: 0, user_messages: 0, compactions: 0 },
    cursor: { last_ts: 0, recent: [] },
    decisions: [],
    learnings: [],
    open_items: [],
  };
}

export interface LoadReport {
  /** files discarded because they were older than `_latest.json` */
  stale: StateFile[];
  /** files that could not be read (corrupt JSON, wrong session) */
  invalid: Array<{ file: StateFile; error: string }>;
}

/** The thread's candidates as exchanges: the first user message, the last pairs, the pivots. */
export function threadParts(t: ThreadState): { first?: ExtractedExchange; pairs: ExtractedExchange[]; pivots: ExtractedExchange[] } {
  const x = (role: 'user' | 'agent', m: Msg): ExtractedExchange => ({ role, id: m.id, when: m.when, gist: m.gist });
  const pairs: ExtractedExchange[] = [];
  for (const p of t.pairs.slice(-2)) {
    pairs.push(x('user', p.user));
    if (p.agent) pairs.push(x('agent', p.agent));
  }
  return { first: t.first_user && x('user', t.first_user), pairs, pivots: t.pivots.map((m) => x('user', m)) };
}

/** Seed §11.2 from the running state (equal to extractThread over the same entries). */
export function threadFromState(t: ThreadState): { summary: string; topic: string; key_exchanges: ExtractedExchange[] } {
  const p = threadParts(t);
  return {
    summary: threadSummary(t.first_user?.gist, t.last_user?.gist, t.user_messages <= 1 || (!!t.first_user?.id && t.first_user.id === t.last_user?.id)),
    topic: t.last_user ? gist(t.last_user.gist, TOPIC_CHARS) : '',
    key_exchanges: selectExchanges(p.first, p.pairs, p.pivots),
  };
}

/** Move `v` to the end of an LRU list capped at `cap`. */
export function touch(list: string[], v: string, cap: number): void {
  const i = list.indexOf(v);
  if (i >= 0) {
    if (i === list.length - 1) return;
    list.splice(i, 1);
  }
  list.push(v);
  if (list.length > cap) list.splice(0, list.length - cap);
}

/** What each state file holds of the tracker's data. */
export function stateFileBody(d: TrackerData, f: StateFile): Json {
  switch (f) {
    case 'decisions.json':
      return { decisions: d.decisions, learnings: d.learnings };
    case 'thread.json':
      return { cursor: d.cursor, thread: d.thread };
    case 'resources.json':
      return { ...d.resources };
    case 'open_items.json':
      return { open_items: d.open_items };
  }
}
