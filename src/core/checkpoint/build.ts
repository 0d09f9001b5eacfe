/**
 * Building a checkpoint (seed 001 §11.1) from the incremental state, the session's figures and the
 * previous checkpoint. No I/O, no LLM: pure computation.
 *
 * The state is reset after each checkpoint (Layer C), so a checkpoint carries the previous one forward:
 * decisions, files, tools, open items and learnings are the previous checkpoint's plus what was
 * captured since (deduplicated, capped, newest kept); the thread keeps the very first user message and
 * fills free key-exchange slots with the previous checkpoint's latest exchanges. `working` describes
 * the moment and is never carried.
 */
import * as path from 'node:path';
import type { SessionRow } from '../store/types';
import { selectExchanges, threadSummary, TOPIC_CHARS } from '../transcript/conversation';
import { CAPS, CHECKPOINT_SCHEMA, CHECKPOINT_SCHEMA_VERSION, type Checkpoint, type CheckpointTrigger, type Decision, type KeyExchange, type WorkingStatus } from './schema';
import { threadFromState, threadParts, type TrackerSnapshot } from './trackerState';
import { gist } from '../transcript/text';
import { isoTime } from '../store/time';

type Json = Record<string, unknown>;

/** Open items written by the builder for an unresolved tool failure start with this (not carried forward). */
export const TOOL_FAILURE_PREFIX = 'Tool "';
/** Open items and learnings kept per checkpoint (the schema allows 50). */
export const BUILD_OPEN_ITEMS = 20;
export const BUILD_LEARNINGS = 20;
/** With no activity for this long, a session in progress is reported idle. */
export const IDLE_AFTER_MS = 30 * 60_000;

/** What the checkpoint says about the session, from its row and gauge. */
export interface SessionFigures {
  sessionKey: string;
  agentId: string;
  sessionFile: string | null;
  channel: string | null;
  /** tokens in the context now (the gauge's `used`) */
  inputTokens: number;
  contextWindow: number;
  /** 0–1; computed from the two above when absent */
  utilization?: number;
  compactionCount: number;
}

/**
 * The channel of an OpenClaw session key (openclaw-formats.md §1.5): `agent:<id>:<channel>:direct|group|
 * channel|room:<peer>` and `agent:<id>:<channel>:<account>:direct:<peer>` name one; `agent:main:main`,
 * sub-agents, cron, ACP and explicit sessions do not (null).
 */
export function channelFromSessionKey(key: string): string | null {
  const parts = key.split(':');
  if (parts[0] !== 'agent' || parts.length < 5) return null;
  const kinds = new Set(['direct', 'group', 'channel', 'room', 'dm']);
  if (kinds.has(parts[3]!) || (parts.length >= 6 && kinds.has(parts[4]!))) return parts[2] || null;
  return null;
}

/** The parts of a ContextModel SessionState the figures come from (structural, so tests can build one). */
export interface SessionLike {
  agentId: string;
  era: 'sqlite' | 'jsonl';
  row: SessionRow;
  figures: { used: number; window: number; ratio: number; compactions: number };
}

/** SessionFigures from a ContextModel SessionState. */
export function figuresFromSession(s: SessionLike): SessionFigures {
  const row = s.row;
  const sessionFile =
    s.era === 'jsonl'
      ? row.sessionFile ?? `agents/${s.agentId}/sessions/${row.sessionId}.jsonl`
      : `${path.posix.join('agents', s.agentId, 'agent', 'openclaw-agent.sqlite')}#${row.sessionId}`;
  return {
    sessionKey: row.key,
    agentId: s.agentId,
    sessionFile,
    channel: channelFromSessionKey(row.key),
    inputTokens: Math.max(0, Math.round(s.figures.used)),
    contextWindow: Math.max(0, Math.round(s.figures.window)),
    utilization: s.figures.ratio / 100,
    compactionCount: row.compactionCount ?? s.figures.compactions,
  };
}

export interface BuildInput {
  state: TrackerSnapshot;
  session: SessionFigures;
  trigger: CheckpointTrigger;
  previous?: Checkpoint;
  /** the compaction entry (full JSON) for trigger `compaction`: its tokensBefore, file lists and cut */
  compaction?: Json;
  /** entries on the path before the compaction, when available (split-turn detection) */
  before?: readonly unknown[];
  now?: number;
}

const iso = (ms: number): string => isoTime(ms) ?? new Date(0).toISOString();

function status(state: TrackerSnapshot, now: number): WorkingStatus {
  const t = state.thread;
  switch (t.last_activity) {
    case 'agent_question':
    case 'error':
      return 'waiting_for_user';
    case 'user':
    case 'tool':
      return t.last_entry_at > 0 && now - t.last_entry_at > IDLE_AFTER_MS ? 'idle' : 'in_progress';
    default:
      return 'idle';
  }
}

/** Newest-kept union of two lists (a before b), deduplicated by value, capped. */
function union(a: readonly string[], b: readonly string[], cap: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (let i = b.length - 1; i >= 0; i--) if (!seen.has(b[i]!)) seen.add(b[i]!), out.push(b[i]!);
  for (let i = a.length - 1; i >= 0; i--) if (!seen.has(a[i]!)) seen.add(a[i]!), out.push(a[i]!);
  return out.slice(0, cap).reverse();
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Was the compaction cut inside a turn (pi's isSplitTurn)? The first kept entry is not a user message,
 * or the last tool call before the compaction has no result yet.
 */
function splitTurn(compaction: Json | undefined, before: readonly unknown[] | undefined, state: TrackerSnapshot): boolean {
  if (state.thread.pending_tools.length) return true;
  const kept = typeof compaction?.firstKeptEntryId === 'string' ? compaction.firstKeptEntryId : undefined;
  if (!kept || !before) return false;
  const e = before.find((x) => x && typeof x === 'object' && (x as Json).id === kept) as Json | undefined;
  const m = e?.message as Json | undefined;
  return !!e && e.type === 'message' && m?.role !== 'user';
}

/** OpenClaw's own file lists of a compaction (`details.readFiles` / `modifiedFiles`, seed §8.1 step 2). */
function compactionFiles(comp: Json | undefined, key: 'readFiles' | 'modifiedFiles'): string[] {
  const d = comp?.details as Json | undefined;
  const v = d && typeof d === 'object' ? d[key] : undefined;
  return Array.isArray(v) ? v.filter((p): p is string => typeof p === 'string' && p.trim().length > 0 && p.length <= 1024).map((p) => p.trim()).slice(0, CAPS.files) : [];
}

/** Build a v1 checkpoint. `checkpoint_id`/`previous_checkpoint` are placeholders the writer replaces. */
export function buildCheckpoint(input: BuildInput): Checkpoint {
  const { state, session, trigger, previous } = input;
  const now = input.now ?? Date.now();
  const t = state.thread;
  const comp = trigger === 'compaction' ? input.compaction : undefined;

  // meta
  const tokensBefore = typeof comp?.tokensBefore === 'number' && comp.tokensBefore > 0 ? Math.round(comp.tokensBefore) : undefined;
  const inputTokens = Math.max(0, Math.round(tokensBefore ?? session.inputTokens));
  const window = Math.max(0, Math.round(session.contextWindow));
  const utilization = tokensBefore !== undefined || session.utilization === undefined ? (window > 0 ? inputTokens / window : 0) : Math.max(0, session.utilization);

  // working
  const interrupted = trigger === 'compaction' && splitTurn(comp, input.before, state);
  const pendingTool = t.pending_tools[t.pending_tools.length - 1];
  const ask = t.pending_ask;
  const thread = threadFromState(t);

  // decisions: previous + new, newest 50, ids continue the previous numbering
  const prevDecisions = previous?.decisions ?? [];
  let nextId = 1 + Math.max(0, ...prevDecisions.map((d) => Number(d.id.slice(1)) || 0));
  const seen = new Set(prevDecisions.map((d) => `${d.what}\u0000${d.when}`));
  const decisions: Decision[] = [...prevDecisions];
  for (const d of state.decisions) {
    const when = iso(d.when);
    if (seen.has(`${d.what}\u0000${when}`)) continue;
    seen.add(`${d.what}\u0000${when}`);
    decisions.push({ id: `d${nextId++}`, what: d.what, when });
  }

  // open items: previous (minus old tool failures) + new
  const prevOpen = (previous?.open_items ?? []).filter((o) => !o.startsWith(TOOL_FAILURE_PREFIX));
  const open = union(prevOpen, state.open_items.map((o) => o.text), BUILD_OPEN_ITEMS);

  // thread: the first user message of the whole chain, the state's pairs and pivots, then the previous
  // checkpoint's latest exchanges in the free slots
  const parts = threadParts(t);
  const prevX = previous?.thread.key_exchanges ?? [];
  const prevFirst = prevX[0]?.role === 'user' ? prevX[0] : undefined;
  let exchanges: KeyExchange[];
  let first: string | undefined;
  if (prevFirst) {
    first = prevFirst.gist;
    const key = (x: KeyExchange) => `${x.role}\u0000${x.gist}`;
    const rest = selectExchanges(undefined, parts.pairs, parts.pivots, CAPS.keyExchanges - 1)
      .map((x): KeyExchange => ({ role: x.role, gist: x.gist }))
      .filter((x) => key(x) !== key(prevFirst));
    const have = new Set(rest.map(key).concat(key(prevFirst)));
    const room = CAPS.keyExchanges - 1 - rest.length;
    const carried = room > 0 ? prevX.slice(1).filter((x) => !have.has(key(x))).slice(-room) : [];
    exchanges = [prevFirst, ...carried, ...rest];
  } else {
    first = t.first_user?.gist;
    exchanges = thread.key_exchanges.map((x) => ({ role: x.role, gist: x.gist }));
  }
  const last = t.last_user?.gist;
  const summary = first === undefined ? previous?.thread.summary ?? '' : threadSummary(first, last, last === undefined || last === first);

  return {
    schema: CHECKPOINT_SCHEMA,
    schema_version: CHECKPOINT_SCHEMA_VERSION,
    meta: {
      checkpoint_id: 'cp_000',
      session_key: session.sessionKey,
      session_file: session.sessionFile,
      created_at: iso(now),
      trigger,
      // a compaction checkpoint is the state before that compaction: the figures (read after it) count it
      compaction_count: Math.max(0, Math.round(session.compactionCount) - (trigger === 'compaction' ? 1 : 0)),
      token_usage: { input_tokens: inputTokens, context_window: window, utilization: Math.round(utilization * 10_000) / 10_000 },
      previous_checkpoint: previous?.meta.checkpoint_id ?? null,
      channel: session.channel,
      agent_id: session.agentId,
    },
    working: {
      topic: thread.topic || (previous ? previous.working.topic : ''),
      status: status(state, now),
      interrupted,
      last_tool_call: interrupted && pendingTool ? { name: pendingTool.name, params_summary: pendingTool.params } : null,
      next_action: ask ? gist(ask.gist, TOPIC_CHARS) : '',
    },
    decisions: decisions.slice(-CAPS.decisions),
    resources: {
      files_read: union(previous?.resources.files_read ?? [], [...state.resources.files_read, ...compactionFiles(comp, 'readFiles')], CAPS.files).sort(byName),
      files_modified: union(previous?.resources.files_modified ?? [], [...state.resources.files_modified, ...compactionFiles(comp, 'modifiedFiles')], CAPS.files).sort(byName),
      tools_used: union(previous?.resources.tools_used ?? [], state.resources.tools_used, CAPS.toolsUsed).sort(byName),
    },
    thread: { summary, key_exchanges: exchanges },
    open_items: open,
    learnings: union(previous?.learnings ?? [], state.learnings.map((l) => l.text), BUILD_LEARNINGS),
  };
}
