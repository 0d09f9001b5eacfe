/**
 * When to write a checkpoint (seed 001 §6.3, §10.2, §5.5): pure decision functions the extension calls
 * after each refresh. No I/O.
 *
 * - threshold: the gauge crossed the checkpoint line (80 %, configurable) upward. A small state machine
 *   fires once per crossing and re-arms only after the gauge fell below the line minus a hysteresis
 *   (normally after a compaction), so a gauge hovering around 80 % does not write on every turn. The
 *   first observation of a session already above the line fires (the writer's 5 % dedupe then avoids a
 *   duplicate of a checkpoint written before a restart).
 * - compaction: a compaction entry the incremental state has not seen (SessionTracker.ingest stops
 *   before it). The before-state is the transcript's path up to it: `preCompactionPath` picks those
 *   entries from the active path so the caller can load their full JSON.
 * - manual: always writes (no dedupe).
 * - session-end: the row's session id changed (sessionEnded).
 * - "this session keeps compacting": compaction_count > 3.
 */
import type { EntryMeta } from '../store/types';
import type { CheckpointTrigger } from './schema';

export const DEFAULT_CHECKPOINT_PERCENT = 80;
export const DEFAULT_HYSTERESIS_PERCENT = 5;
export const COMPACTION_SPIRAL_ABOVE = 3;

/** `prev < threshold ≤ now` (percentages). */
export function crossedUpward(prevPercent: number | undefined, nowPercent: number, thresholdPercent = DEFAULT_CHECKPOINT_PERCENT): boolean {
  return Number.isFinite(nowPercent) && nowPercent >= thresholdPercent && (prevPercent === undefined || prevPercent < thresholdPercent);
}

export interface ThresholdState {
  /** true: the next reading at or above the line fires */
  armed: boolean;
  lastPercent?: number;
}

export interface ThresholdDecision {
  fire: boolean;
  state: ThresholdState;
}

/**
 * The threshold trigger. `prev` undefined = first reading of the session. Fires when armed and the
 * gauge is at or above the line; re-arms below `threshold - hysteresis`.
 */
export function thresholdTrigger(prev: ThresholdState | undefined, nowPercent: number, thresholdPercent = DEFAULT_CHECKPOINT_PERCENT, hysteresisPercent = DEFAULT_HYSTERESIS_PERCENT): ThresholdDecision {
  if (!Number.isFinite(nowPercent)) return { fire: false, state: prev ?? { armed: true } };
  let armed = prev?.armed ?? true;
  if (nowPercent < thresholdPercent - hysteresisPercent) armed = true;
  if (armed && nowPercent >= thresholdPercent) return { fire: true, state: { armed: false, lastPercent: nowPercent } };
  return { fire: false, state: { armed, lastPercent: nowPercent } };
}

/** Seed §5.5: a session with more than 3 compactions is spiralling; the injection warns. */
export function compactionSpiral(compactionCount: number, above = COMPACTION_SPIRAL_ABOVE): boolean {
  return compactionCount > above;
}

/**
 * A session key got a new transcript (OpenClaw `/new`, `/reset` in the JSONL era, a rewind): the
 * previous session ended. The extension may write a `session-end` checkpoint of the old state (OpenClaw's
 * own `session_end` hook is unreliable, seed §14; the row change is what the extension can see).
 */
export function sessionEnded(previousSessionId: string | undefined, sessionId: string | undefined): boolean {
  return !!previousSessionId && !!sessionId && previousSessionId !== sessionId;
}

/** Compaction entries among new index entries (EntryMeta from a store delta), oldest first. */
export function newCompactions(delta: readonly EntryMeta[], seen?: ReadonlySet<string>): EntryMeta[] {
  return delta.filter((e) => e.kind === 'compaction' && !(seen && seen.has(e.id)));
}

/**
 * The entries the model had in context right before `compactionId` (the before-state): on the active
 * path, from the previous compaction's first kept entry (or the path's start) up to the compaction,
 * excluding compaction entries. Empty when the compaction is not on the path.
 */
export function preCompactionPath(path: readonly EntryMeta[], compactionId: string): EntryMeta[] {
  const at = path.findIndex((e) => e.id === compactionId);
  if (at < 0) return [];
  let start = 0;
  for (let i = at - 1; i >= 0; i--) {
    const e = path[i]!;
    if (e.kind === 'reset') {
      start = i + 1;
      break;
    }
    if (e.kind === 'compaction') {
      const kept = e.firstKeptEntryId ? path.findIndex((x) => x.id === e.firstKeptEntryId) : -1;
      start = kept >= 0 && kept < i ? kept : i + 1;
      break;
    }
  }
  return path.slice(start, at).filter((e) => e.kind !== 'compaction');
}

export interface TriggerInput {
  /** gauge percentage now (Gauge.ratio) */
  percent: number;
  threshold?: number;
  state?: ThresholdState;
  /** the user asked for a checkpoint */
  manual?: boolean;
}

/** One call for the refresh loop: which trigger (if any) fires now, and the next threshold state. */
export function decideTrigger(input: TriggerInput): { trigger?: CheckpointTrigger; state: ThresholdState } {
  const d = thresholdTrigger(input.state, input.percent, input.threshold ?? DEFAULT_CHECKPOINT_PERCENT);
  if (input.manual) return { trigger: 'manual', state: d.state };
  return { trigger: d.fire ? 'auto-80pct' : undefined, state: d.state };
}
