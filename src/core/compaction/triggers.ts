/**
 * When OpenClaw flushes memory and compacts (seed 003 §27.2, §27.4; openclaw-formats.md §1.3, §4.5, §4.10;
 * openclaw-2026.9.6.md §4.3). Pure functions over a token figure and the two lines the gauge already
 * draws, so the tooltip, the view and these triggers can never disagree.
 *
 *   compaction line  = window − reserve                 (reserve = reserveTokensFloor, 20 000 by default;
 *                                                         OpenClaw 2026.9 caps it at a quarter of the window;
 *                                                         `contextBudgetStatus.promptBudgetBeforeReserve` wins
 *                                                         when OpenClaw recorded it)
 *   flush line       = compaction line − softThresholdTokens (4 000 by default)
 *                    = window − reserveTokensFloor − softThresholdTokens   ← seed 003's "threshold"
 *
 * Comparison operators, as the sources give them:
 *
 * - `shouldFlush`: `tokens ≥ flush line` (seed 003 §27.2.1; OpenClaw `shouldRunMemoryFlush`: "totalTokens <
 *   threshold → no"), only when the figure and the line are positive, flush is enabled, and not already
 *   flushed in this compaction cycle (`memoryFlush.compactionCount === compactionCount`, absent count = 0).
 * - `shouldCompact`: `tokens ≥ compaction line` — OpenClaw 2026.9's preflight compaction, which is what fires
 *   before a turn (observed: `preflightCompaction triggered: tokenCount=24609 threshold=24576`; OC-main
 *   `shouldRunPreflightCompaction`: `totalTokens >= threshold`).
 * - `shouldCompactAfterTurn`: `tokens > compaction line` — pi's own post-turn check (`contextTokens >
 *   contextWindow − reserve`, formats §4.10). The two differ only at exact equality.
 *
 * Seed 003 calls `window − floor − soft` the compaction trigger; in OpenClaw that line is the memory flush,
 * and compaction follows `softThresholdTokens` later (the soft margin exists to give the flush room).
 */
import { compactionLine } from '../context/gauge';
import { compactionSettings, type CompactionSettings } from '../store/config';
import type { SessionRow } from '../store/types';
import { alreadyFlushed, type FlushCycle } from '../store/flushCycle';

type Json = Record<string, unknown>;

/** `agents.defaults.compaction.reserveTokensFloor` default (`DEFAULT_PI_COMPACTION_RESERVE_TOKENS_FLOOR`). */
export const DEFAULT_RESERVE_TOKENS_FLOOR = 20_000;
/** `agents.defaults.compaction.memoryFlush.softThresholdTokens` default (`DEFAULT_MEMORY_FLUSH_SOFT_TOKENS`). */
export const DEFAULT_SOFT_THRESHOLD_TOKENS = 4_000;
/** OpenClaw 2026.9 caps the reserve at window ÷ this (observed: 32 768 → 8 192). */
export const RESERVE_WINDOW_DIVISOR = 4;

export type StorageEra = 'sqlite' | 'jsonl';

export interface CompactionLines {
  window: number;
  /** window − compaction line: the reserve actually in force (capped, or OpenClaw's recorded budget) */
  reserve: number;
  /** the reserve was lowered by the quarter-of-the-window cap */
  reserveCapped: boolean;
  /** compaction line */
  compactAt: number;
  /** memory-flush line: seed 003's `window − reserveTokensFloor − softThresholdTokens` */
  flushAt: number;
  /** `contextBudgetStatus`: OpenClaw's recorded `promptBudgetBeforeReserve`; `reserve`: computed */
  source: 'contextBudgetStatus' | 'reserve';
  settings: CompactionSettings;
}

export interface LinesOptions {
  /** SQLite era (OpenClaw 2026.9+, the default) caps the reserve at a quarter of the window; JSONL era does not */
  era?: StorageEra;
  /** the session row: its `contextBudgetStatus.promptBudgetBeforeReserve` is OpenClaw's own compaction line */
  row?: SessionRow;
}

/** A row with nothing recorded: the gauge's `compactionLine` then computes window − reserve. */
const NO_ROW: SessionRow = { key: '', sessionId: '', updatedAt: 0 };

/** The compaction and flush lines: the gauge's own `compactionLine`, and the flush line the gauge draws. */
export function compactionLines(window: number, settings: CompactionSettings, opts: LinesOptions = {}): CompactionLines {
  const era = opts.era ?? 'sqlite';
  const w = Number.isFinite(window) && window > 0 ? Math.floor(window) : 0;
  const line = compactionLine(opts.row ?? NO_ROW, w, settings, era);
  return {
    window: w,
    reserve: w - line.at,
    reserveCapped: line.source === 'reserve' && era === 'sqlite' && settings.reserveTokensFloor > Math.floor(w / RESERVE_WINDOW_DIVISOR),
    compactAt: line.at,
    flushAt: Math.max(0, line.at - settings.softThresholdTokens),
    source: line.source,
    settings,
  };
}

/** The lines from an OpenClaw config object (JSON5 already parsed by `loadConfig`): its values when set, else the defaults. */
export function compactionLinesFromConfig(cfg: Json, window: number, opts: LinesOptions = {}): CompactionLines {
  return compactionLines(window, compactionSettings(cfg), opts);
}

/** `agents.defaults.compaction.memoryFlush.enabled` (default true). */
export function memoryFlushEnabled(cfg: Json): boolean {
  const d = isObj(cfg.agents) && isObj(cfg.agents.defaults) ? cfg.agents.defaults : {};
  const c = isObj(d.compaction) ? d.compaction : {};
  const mf = isObj(c.memoryFlush) ? c.memoryFlush : {};
  return mf.enabled !== false;
}

export { alreadyFlushed, flushCycleOf, type FlushCycle } from '../store/flushCycle';

const positive = (n: number): boolean => Number.isFinite(n) && n > 0;

/** The figure has reached the flush line: `tokens ≥ flushAt` (both positive). */
export function atFlushLine(tokens: number, lines: Pick<CompactionLines, 'flushAt'>): boolean {
  return positive(tokens) && positive(lines.flushAt) && tokens >= lines.flushAt;
}

/** OpenClaw would run the pre-compaction memory flush now: at or past the flush line, enabled, not yet flushed this cycle. */
export function shouldFlush(tokens: number, lines: Pick<CompactionLines, 'flushAt'>, cycle: FlushCycle = {}): boolean {
  return cycle.enabled !== false && atFlushLine(tokens, lines) && !alreadyFlushed(cycle);
}

/** OpenClaw 2026.9's preflight compaction would run now: `tokens ≥ compactAt` (both positive). */
export function shouldCompact(tokens: number, lines: Pick<CompactionLines, 'compactAt'>): boolean {
  return positive(tokens) && positive(lines.compactAt) && tokens >= lines.compactAt;
}

/** pi's check after a turn: `tokens > compactAt` (strictly past the line). */
export function shouldCompactAfterTurn(tokens: number, lines: Pick<CompactionLines, 'compactAt'>): boolean {
  return positive(tokens) && positive(lines.compactAt) && tokens > lines.compactAt;
}

export interface TriggerDistances {
  /** flushAt − tokens: tokens left before the flush line (≤ 0: reached) */
  toFlush: number;
  /** compactAt − tokens: tokens left before the compaction line (≤ 0: reached) */
  toCompaction: number;
}

/** Tokens left before each line, signed like the gauge's `toFlush` / `toCompaction` (negative when past it). */
export function triggerDistances(tokens: number, lines: Pick<CompactionLines, 'flushAt' | 'compactAt'>): TriggerDistances {
  return { toFlush: lines.flushAt - tokens, toCompaction: lines.compactAt - tokens };
}

export interface TriggerState extends TriggerDistances {
  tokens: number;
  flush: boolean;
  compact: boolean;
  compactAfterTurn: boolean;
  alreadyFlushed: boolean;
}

/** Every trigger at once, for one token figure. */
export function evaluateTriggers(tokens: number, lines: CompactionLines, cycle: FlushCycle = {}): TriggerState {
  return {
    tokens,
    flush: shouldFlush(tokens, lines, cycle),
    compact: shouldCompact(tokens, lines),
    compactAfterTurn: shouldCompactAfterTurn(tokens, lines),
    alreadyFlushed: alreadyFlushed(cycle),
    ...triggerDistances(tokens, lines),
  };
}

function isObj(v: unknown): v is Json {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}
