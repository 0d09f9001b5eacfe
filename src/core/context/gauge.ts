/**
 * The context gauge: how full a session's window is and where OpenClaw's own lines are
 * (compaction, memory flush), plus the seed-001 thresholds (warn / checkpoint / danger).
 */
import type { CompactionSettings, ModelWindow } from '../store/config';
import type { SessionRow } from '../store/types';
import { estimateContextTokens, type ContextEstimate } from '../tokens/pi';
import { calibrate, type Calibration } from './calibration';
import type { ActiveContext } from './rebuild';
import { estOf } from '../store/entries';

export interface GaugeThresholds {
  /** percentages of the window */
  warn: number;
  checkpoint: number;
  danger: number;
}

export const DEFAULT_THRESHOLDS: GaugeThresholds = { warn: 70, checkpoint: 80, danger: 95 };

export type GaugeLevel = 'ok' | 'warn' | 'checkpoint' | 'danger';

/** OpenClaw's context-window guard (context-window-guard.ts). */
export const CONTEXT_WINDOW_WARN_BELOW_TOKENS = 32_000;
export const CONTEXT_WINDOW_HARD_MIN_TOKENS = 16_000;

export interface Gauge {
  used: number;
  /** false: `used` is OpenClaw's own fresh figure; true: our estimate (shown with `~`) */
  estimated: boolean;
  /** tokens of context entries written after OpenClaw last updated the session row (added to its figure) */
  pending: number;
  /**
   * where `used` came from: OpenClaw's row (`session`); our estimate of the next prompt because OpenClaw's
   * figure was taken before the current context had a model call (`next-prompt`: the `tokensAfter` of a
   * compaction, or 0 after a reset, which leave out the system prompt, workspace files and tools);
   * our estimate over the transcript because OpenClaw has no fresh figure (`transcript`); nothing (`none`)
   */
  usedSource: 'session' | 'next-prompt' | 'transcript' | 'none';
  /** OpenClaw's own figure (the row's fresh totalTokens) when `used` is not it */
  openclawReports?: number;
  /** the fixed overhead sent with every prompt (system prompt + workspace files + tool schemas), estimated */
  overhead: number;
  window: number;
  windowSource: ModelWindow['source'];
  /** used / window × 100, unrounded */
  ratio: number;
  /** OpenClaw's display rounding: min(999, round(ratio)) */
  percent: number;
  level: GaugeLevel;
  compactionAt: number;
  compactionSource: 'contextBudgetStatus' | 'reserve';
  flushAt: number;
  checkpointAt: number;
  /** tokens left before each line (negative when past it) */
  toCompaction: number;
  toFlush: number;
  guard: 'ok' | 'warn' | 'blocked';
  compactions: number;
  /** false: a remote Gateway's session whose row has no count and whose history was not read (show "unknown") */
  compactionsKnown: boolean;
  /** false: no figure at all (usedSource 'none'): `used` and `percent` are 0 placeholders, shown as unknown */
  known: boolean;
  /** pi's estimate over the rebuilt context (OpenClaw's own chars/4 arithmetic), when a transcript was read */
  estimate?: ContextEstimate;
  /** the same with the calibrated estimator scaled by the session's usage calibration: what `used` uses */
  calibrated?: ContextEstimate;
  /** the learned scale, when the transcript had enough usage records */
  calibration?: Calibration;
  /** OpenClaw's own pre-prompt estimate (includes tool schemas and a safety factor) */
  openclawEstimate?: number;
}

export interface GaugeInput {
  row: SessionRow;
  context: ActiveContext | undefined;
  window: ModelWindow;
  compaction: CompactionSettings;
  era: 'sqlite' | 'jsonl';
  thresholds?: GaugeThresholds;
  /**
   * A remote Gateway's session: its transcript is the Gateway's display history (compaction markers without
   * their summary), so the row's fresh figure is never overridden by an estimate over it.
   */
  remote?: boolean;
  /** the fixed overhead (system prompt + workspace files + tool schemas) when known: `used` never drops below it */
  overhead?: number;
  /** the session's calibration when the caller already learned it */
  calibration?: Calibration;
}

/**
 * The session row's figure is current: OpenClaw's `resolveFreshSessionTotalTokens`; except the 0 of a session
 * whose turns all failed (its only turn overflowed: OpenClaw never counted anything, though the failed prompt is in
 * the transcript; test/fixtures/openclaw-second `agent:main:first-overflow`): no figure, so never "0 %".
 */
export function freshTotalTokens(row: Pick<SessionRow, 'status' | 'totalTokens' | 'totalTokensFresh'>): number | undefined {
  if (row.status === 'failed' && row.totalTokens === 0) return undefined;
  return typeof row.totalTokens === 'number' && row.totalTokensFresh !== false ? row.totalTokens : undefined;
}

/**
 * pi's `estimateContextTokens` over the rebuilt context; usage from before the latest compaction is
 * not reused. `scale` given: the calibrated estimator's figures × scale instead of pi's chars/4.
 */
export function contextEstimate(ctx: ActiveContext, scale?: number): ContextEstimate {
  const items = ctx.items.map((e, i) => {
    const tokens = scale === undefined ? e.tokens : estOf(e) * scale;
    return i < ctx.usageFrom || e.usageTokens === undefined ? { tokens } : { tokens, usageTokens: e.usageTokens };
  });
  const r = estimateContextTokens(items);
  return scale === undefined ? r : { ...r, tokens: Math.round(r.tokens), trailingTokens: Math.round(r.trailingTokens) };
}

/**
 * Model-visible entries after the last real usage that are newer than the session row: a user message
 * whose turn is running, a note injected while the agent is idle. OpenClaw's figure does not include
 * them yet, so the gauge adds their estimate (and shows `~`).
 */
export function pendingSinceRow(ctx: ActiveContext, est: ContextEstimate, rowUpdatedAt: number, scale: number): number {
  if (est.lastUsageIndex === null) return 0;
  let n = 0;
  for (let i = est.lastUsageIndex + 1; i < ctx.items.length; i++) {
    const e = ctx.items[i]!;
    if (e.timestamp > rowUpdatedAt) n += estOf(e) * scale;
  }
  return n;
}

export function levelFor(ratio: number, t: GaugeThresholds): GaugeLevel {
  if (ratio >= t.danger) return 'danger';
  if (ratio >= t.checkpoint) return 'checkpoint';
  if (ratio >= t.warn) return 'warn';
  return 'ok';
}

/**
 * Compaction line: `contextBudgetStatus.promptBudgetBeforeReserve` when OpenClaw recorded it, else
 * window − reserve. The reserve is `reserveTokensFloor` (20000); OpenClaw 2026.9 (SQLite era) caps
 * it at a quarter of the window (observed: 32768 → 24576), which changes nothing from 80k windows up.
 */
export function compactionLine(row: SessionRow, window: number, settings: CompactionSettings, era: 'sqlite' | 'jsonl'): { at: number; source: Gauge['compactionSource'] } {
  const b = row.contextBudgetStatus?.promptBudgetBeforeReserve;
  if (typeof b === 'number' && b > 0) return { at: b, source: 'contextBudgetStatus' };
  const reserve = era === 'sqlite' ? Math.min(settings.reserveTokensFloor, Math.floor(window / 4)) : settings.reserveTokensFloor;
  return { at: Math.max(0, window - reserve), source: 'reserve' };
}

export function computeGauge(input: GaugeInput): Gauge {
  const { row, context, window, compaction, era } = input;
  const t = input.thresholds ?? DEFAULT_THRESHOLDS;
  const overhead = Math.max(0, Math.round(input.overhead ?? 0));
  const fresh = freshTotalTokens(row);
  const estimate = context ? contextEstimate(context) : undefined;
  const calibration = input.calibration ?? (context ? calibrate(context) : undefined);
  const calibrated = context ? contextEstimate(context, calibration?.scale ?? 1) : undefined;
  // Our estimate of the next prompt: a real usage figure (the whole prompt: it includes the real overhead) plus
  // what came after it, or, with no model call in the current context, the messages plus the fixed overhead.
  // Either way it never drops below the overhead.
  const nextPrompt = calibrated ? calibrated.tokens + (calibrated.lastUsageIndex === null ? overhead : 0) : undefined;
  let used: number;
  let usedSource: Gauge['usedSource'];
  let pending = 0;
  // A compaction written after OpenClaw last counted (an external one: OpenClaw does not update the row
  // for it) makes that count stale: the context is now the summary + the kept tail.
  const staleByCompaction = !input.remote && fresh !== undefined && !!context?.compaction && context.compaction.timestamp > row.updatedAt && !!calibrated;
  // No model call in the current context yet, after a compaction or a reset (or a figure under the fixed
  // overhead): OpenClaw's figure is its post-compaction tokensAfter (or the reset's 0), messages only. Through a
  // Gateway only when the overhead is known (derived from a counted prompt: figures.ts derivedOverhead).
  const beforeFirstCall =
    (!input.remote || overhead > 0) && !staleByCompaction && fresh !== undefined && !!context && calibrated?.lastUsageIndex === null && (!!context.compaction || !!context.reset || fresh < overhead);
  if (staleByCompaction) {
    used = nextPrompt!;
    usedSource = 'transcript';
  } else if (beforeFirstCall) {
    used = nextPrompt!;
    usedSource = 'next-prompt';
  } else if (fresh !== undefined) {
    pending = context && calibrated ? Math.round(pendingSinceRow(context, calibrated, row.updatedAt, calibration?.scale ?? 1)) : 0;
    used = fresh + pending;
    usedSource = 'session';
  } else if (nextPrompt !== undefined) {
    used = nextPrompt;
    usedSource = 'transcript';
  } else {
    used = 0;
    usedSource = 'none';
  }
  used = Math.round(used);
  const w = window.tokens > 0 ? window.tokens : 1;
  const ratio = (used / w) * 100;
  const line = compactionLine(row, window.tokens, compaction, era);
  const flushAt = Math.max(0, line.at - compaction.softThresholdTokens);
  const g: Gauge = {
    used,
    estimated: usedSource !== 'session' || pending > 0,
    pending,
    usedSource,
    overhead,
    window: window.tokens,
    windowSource: window.source,
    ratio,
    percent: Math.min(999, Math.round(ratio)),
    level: levelFor(ratio, t),
    compactionAt: line.at,
    compactionSource: line.source,
    flushAt,
    checkpointAt: Math.floor((window.tokens * t.checkpoint) / 100),
    toCompaction: line.at - used,
    toFlush: flushAt - used,
    guard: window.tokens < CONTEXT_WINDOW_HARD_MIN_TOKENS ? 'blocked' : window.tokens < CONTEXT_WINDOW_WARN_BELOW_TOKENS ? 'warn' : 'ok',
    compactions: row.compactionCount ?? context?.compactions.length ?? 0,
    compactionsKnown: row.compactionCount !== undefined || !!context || !input.remote,
    known: usedSource !== 'none',
  };
  if (fresh !== undefined && fresh !== used) g.openclawReports = fresh;
  if (estimate) g.estimate = estimate;
  if (calibrated) g.calibrated = calibrated;
  if (calibration) g.calibration = calibration;
  const oe = row.contextBudgetStatus?.estimatedPromptTokens;
  if (typeof oe === 'number') g.openclawEstimate = oe;
  return g;
}
