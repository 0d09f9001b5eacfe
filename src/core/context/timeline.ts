/**
 * A session's fill over time: the prompt of every model call across the session's life, with the compactions
 * (before → after, and who ran them), resets, failed turns and overflows, memory flushes and checkpoints, and the
 * lines the figures draw (memory flush, compaction, checkpoint, window). Pure: entries and figures in, a series out
 * (the Context panel draws it; the forecast reads the same model calls).
 *
 * - A model call is an assistant row OpenClaw sent to a model (not its own notices, not a failed call). Its point is
 *   the provider's recorded prompt (input + cache read + cache write) when the usage is real; otherwise it is
 *   estimated (`estimated: true`): the last known prompt plus what was added since (the calibrated estimates × the
 *   session's usage scale), or after a compaction the next prompt (overhead + summary + kept messages).
 * - A compaction's `before` is what OpenClaw recorded (`tokensBefore`), else the fill right before it (estimated);
 *   its `after` is the prompt it leaves: measured back from the next recorded call when there is one, else the next
 *   prompt estimated (OpenClaw's own `tokensAfter` counts the messages only: kept as `recordedAfter`).
 * - Flushes and checkpoints are not in the transcript: the caller passes them (`marks`). OpenClaw's own flush is
 *   recorded only as the compaction count it ran at; it is placed at the first call of that stretch at or over the
 *   flush line (`inferred`).
 */
import type { CompactionOrigin, EntryMeta } from '../store/types';
import { estOf } from '../store/entries';
import { yieldsMessage, type ActiveContext, type TranscriptIndex } from './rebuild';
import { isOverflowError, overflowFigures } from './health';
import type { Gauge } from './gauge';
import type { ContextEngineInfo } from '../store/contextEngine';

export interface TimelinePoint {
  /** ms epoch (0: unknown) */
  t: number;
  /** the call's prompt tokens */
  tokens: number;
  /** no recorded usage: estimated */
  estimated: boolean;
  /** user turns so far (1-based; 0 before the first user message) */
  turn: number;
  /** compactions and resets before it: the points of one stretch share it */
  stretch: number;
  /** compactions since the latest reset before it (OpenClaw's compactionCount at that call) */
  compactions: number;
  entryId: string;
}

export interface CompactionEvent {
  kind: 'compaction';
  t: number;
  turn: number;
  entryId: string;
  /** the fill right before: OpenClaw's recorded tokensBefore, else estimated */
  before: number;
  beforeEstimated: boolean;
  /**
   * the prompt it leaves: the next recorded call's prompt less what was added after the compaction, or, with no
   * recorded call after it, the next prompt estimated (overhead + summary + kept messages)
   */
  after: number;
  afterEstimated: boolean;
  recordedBefore?: number;
  /** OpenClaw's tokensAfter: the messages only */
  recordedAfter?: number;
  origin: CompactionOrigin | 'unknown';
}

export interface FailureEvent {
  kind: 'failure' | 'overflow';
  t: number;
  turn: number;
  entryId: string;
  message?: string;
  /** an overflow's figures as the provider gave them */
  prompt?: number;
  limit?: number;
}

export interface MarkEvent {
  kind: 'flush' | 'checkpoint';
  t: number;
  turn: number;
  /** who: `openclaw` (its own flush), `extension` (ours) */
  by: 'openclaw' | 'extension';
  /** placed from what was recorded, not from a time (OpenClaw's flush) */
  inferred?: boolean;
  label?: string;
}

export interface ResetEvent {
  kind: 'reset';
  t: number;
  turn: number;
  entryId: string;
}

export type TimelineEvent = CompactionEvent | FailureEvent | MarkEvent | ResetEvent;

export interface TimelineLine {
  id: 'flush' | 'compaction' | 'checkpoint' | 'window' | 'early-export' | 'cleanup';
  tokens: number;
  label: string;
}

/** A flush or checkpoint recorded outside the transcript (flush-state.json, the checkpoint files). */
export interface TimelineMark {
  kind: 'flush' | 'checkpoint';
  t: number;
  label?: string;
}

export interface TimelineInput {
  /** the entries from the session's start to its leaf, in order (`lifePath`) */
  path: readonly EntryMeta[];
  /** the session's figures (SessionFigures): the overhead, the usage scale, the lines, the fill now */
  figures?: Pick<Gauge, 'overhead' | 'calibration' | 'window' | 'compactionAt' | 'flushAt' | 'checkpointAt' | 'used' | 'estimated' | 'known'> & { engine?: ContextEngineInfo };
  /** our flushes and checkpoints */
  marks?: readonly TimelineMark[];
  /** the compaction count OpenClaw's own last flush ran at (`memoryFlush.compactionCount`) */
  openclawFlushAt?: number;
  /** more lines to draw (the policy's thresholds) */
  extraLines?: readonly TimelineLine[];
}

export interface Timeline {
  points: TimelinePoint[];
  events: TimelineEvent[];
  lines: TimelineLine[];
  /** the fill now (the figures' used), when known: the series' last value */
  current?: { tokens: number; estimated: boolean };
  turns: number;
  calls: number;
  estimatedCalls: number;
}

/** An assistant row that is a model call OpenClaw made (its own notices and failed calls are not). */
export const isModelCall = (e: EntryMeta): boolean => e.kind === 'message' && e.role === 'assistant' && e.modelVisible && e.stopReason !== 'error';

/** A user turn starts here. */
export const isUserTurn = (e: EntryMeta): boolean => e.kind === 'message' && e.role === 'user';

/**
 * The whole life of a session's active branch: the entries before its latest reset (walked back through the
 * index's parents) and then the active path.
 */
export function lifePath(index: Pick<TranscriptIndex, 'byId'>, ctx: Pick<ActiveContext, 'path' | 'reset'>): EntryMeta[] {
  if (!ctx.reset) return ctx.path.slice();
  const before: EntryMeta[] = [];
  const seen = new Set<string>();
  let cur: EntryMeta | undefined = ctx.reset;
  while (cur && !seen.has(cur.id)) {
    seen.add(cur.id);
    before.push(cur);
    cur = cur.parentId ? index.byId.get(cur.parentId) : undefined;
  }
  return before.reverse().concat(ctx.path);
}

const LINE_LABELS: Record<TimelineLine['id'], string> = {
  flush: 'Memory flush (OpenClaw)',
  compaction: 'Compaction (OpenClaw preflight)',
  checkpoint: 'Checkpoint',
  window: 'Context window',
  'early-export': 'Early export',
  cleanup: 'Cleanup',
};

export const lineLabel = (id: TimelineLine['id']): string => LINE_LABELS[id];

export function buildTimeline(input: TimelineInput): Timeline {
  const { path, figures: f } = input;
  const scale = f?.calibration?.scale ?? 1;
  const overhead = f?.overhead ?? 0;
  const points: TimelinePoint[] = [];
  const events: TimelineEvent[] = [];
  // prefix sums of the scaled estimates of what each entry adds to the context, and where each id is
  const pre = new Float64Array(path.length + 1);
  const at = new Map<string, number>();
  let turn = 0;
  let stretch = 0;
  let compactions = 0;
  let anchor = overhead; // the last known fill
  let anchorAt = 0; // pre[] index the anchor holds up to
  let estimatedCalls = 0;
  /** the latest compaction, until the next call */
  let open: { ev: CompactionEvent; from: number } | undefined;
  const fillNow = (i: number) => anchor + (pre[i]! - pre[anchorAt]!);
  for (let i = 0; i < path.length; i++) {
    const e = path[i]!;
    at.set(e.id, i);
    pre[i + 1] = pre[i]! + (yieldsMessage(e) ? estOf(e) * scale : 0);
    if (isUserTurn(e)) turn++;
    if (e.kind === 'compaction') {
      const k = e.firstKeptEntryId !== undefined ? at.get(e.firstKeptEntryId) : undefined;
      const kept = k !== undefined ? pre[i]! - pre[k]! : 0;
      const after = Math.round(overhead + estOf(e) * scale + kept);
      const before = e.tokensBefore ?? fillNow(i);
      const ev: CompactionEvent = { kind: 'compaction', t: e.timestamp, turn, entryId: e.id, before: Math.round(before), beforeEstimated: e.tokensBefore === undefined, after, afterEstimated: true, origin: e.origin ?? 'unknown' };
      if (e.tokensBefore !== undefined) ev.recordedBefore = Math.round(e.tokensBefore);
      if (e.tokensAfter !== undefined) ev.recordedAfter = Math.round(e.tokensAfter);
      events.push(ev);
      open = { ev, from: i + 1 };
      stretch++;
      compactions++;
      anchor = after;
      anchorAt = i + 1;
      continue;
    }
    if (e.kind === 'reset') {
      events.push({ kind: 'reset', t: e.timestamp, turn, entryId: e.id });
      open = undefined;
      stretch++;
      compactions = 0;
      anchor = overhead;
      anchorAt = i + 1;
      continue;
    }
    if (e.kind === 'message' && e.role === 'assistant' && e.stopReason === 'error') {
      const over = isOverflowError(e);
      const ev: FailureEvent = { kind: over ? 'overflow' : 'failure', t: e.timestamp, turn, entryId: e.id };
      const msg = e.errorMessage ?? e.errorCode;
      if (msg) ev.message = msg;
      const figs = over ? overflowFigures(e.errorMessage) : undefined;
      if (figs) Object.assign(ev, figs);
      events.push(ev);
      continue;
    }
    if (!isModelCall(e)) continue;
    const real = e.promptTokens;
    const tokens = real ?? Math.round(fillNow(i));
    if (real === undefined) estimatedCalls++;
    else if (open) {
      // the first recorded call after a compaction: what it left is this prompt less what was added since
      open.ev.after = Math.max(0, Math.round(real - (pre[i]! - pre[open.from]!)));
      open.ev.afterEstimated = false;
    }
    open = undefined;
    points.push({ t: e.timestamp, tokens, estimated: real === undefined, turn, stretch, compactions, entryId: e.id });
    anchor = tokens;
    anchorAt = i; // the reply itself (pre[i+1] − pre[i]) is input to the next call
  }
  placeMarks(input, points, events);
  events.sort((a, b) => a.t - b.t);
  const out: Timeline = { points, events, lines: timelineLines(input), turns: turn, calls: points.length, estimatedCalls };
  if (f?.known) out.current = { tokens: f.used, estimated: f.estimated };
  return out;
}

/** The turn a time falls in: the turn of the last point at or before it. */
function turnAt(points: readonly TimelinePoint[], t: number): number {
  let lo = 0;
  let hi = points.length - 1;
  let best = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.t <= t) {
      best = points[mid]!.turn;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}

function placeMarks(input: TimelineInput, points: readonly TimelinePoint[], events: TimelineEvent[]): void {
  for (const m of input.marks ?? []) {
    const ev: MarkEvent = { kind: m.kind, t: m.t, turn: turnAt(points, m.t), by: 'extension' };
    if (m.label) ev.label = m.label;
    events.push(ev);
  }
  const flushAt = input.figures?.flushAt;
  const count = input.openclawFlushAt;
  if (count === undefined || !flushAt || input.figures?.engine?.ownsCompaction) return;
  // OpenClaw flushes before the turn whose prompt reaches the flush line, once between two compactions; its record
  // (cleared by a reset) is about the stretch after the latest reset
  const last = points.length ? points[points.length - 1]!.stretch - points[points.length - 1]!.compactions : 0;
  const p = points.find((x) => x.stretch - x.compactions === last && x.compactions === count && x.tokens >= flushAt);
  if (p) events.push({ kind: 'flush', t: p.t, turn: p.turn, by: 'openclaw', inferred: true });
}

function timelineLines(input: TimelineInput): TimelineLine[] {
  const f = input.figures;
  const lines: TimelineLine[] = [];
  const add = (id: TimelineLine['id'], tokens: number | undefined) => {
    if (tokens !== undefined && tokens > 0) lines.push({ id, tokens, label: LINE_LABELS[id] });
  };
  if (f) {
    if (f.engine?.ownsCompaction !== true) {
      add('flush', f.flushAt);
      add('compaction', f.compactionAt);
    }
    add('checkpoint', f.checkpointAt);
    add('window', f.window);
  }
  for (const l of input.extraLines ?? []) lines.push(l);
  return lines.sort((a, b) => a.tokens - b.tokens);
}
