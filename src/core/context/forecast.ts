/**
 * The forecast: how fast the context grows per turn lately, and so in about how many turns it reaches OpenClaw's
 * memory-flush line, its compaction line and the window (openclaw-2026.9.6.md §4.3; seed 003 §27.2).
 *
 * - Growth per turn: over the last `FORECAST_TURNS` turns of the timeline, the change of the prompt from the last
 *   model call of one turn to the last call of the next, divided by the user turns between them. A change across a
 *   compaction or reset is not growth and is left out; so is one from an estimated call to a recorded one (they are
 *   measured differently).
 * - Turns to a line: 0 when the fill is already at or over it (OpenClaw's preflight check, `tokens ≥ line`, fires
 *   before the next turn), else ⌈(line − fill) ÷ growth⌉: the turn whose end first reaches it (OpenClaw compacts then,
 *   or before the turn after). With no growth (or too few turns), only the lines already reached have a figure.
 * - The fill is the figures' `used` (the gauge), so the forecast and the gauge never disagree.
 * - OpenClaw flushes memory once between two compactions: when its row says it already flushed in this cycle
 *   (`memoryFlush.compactionCount` = `compactionCount`), the flush line is `done` and gets no turns (observed on the
 *   third real dataset: agent:ops:long past its flush line after its own flush; the next turns did not flush again).
 */
import type { EntryMeta } from '../store/types';
import { buildTimeline, isUserTurn, type TimelineInput, type TimelinePoint } from './timeline';
import type { Gauge } from './gauge';

/** How many recent turns the growth is measured over. */
export const FORECAST_TURNS = 5;
/** At most this many entries are read back from the leaf for the forecast (a refresh stays O(recent)). */
export const FORECAST_MAX_ENTRIES = 4000;

export type ForecastLineId = 'flush' | 'compaction' | 'window';

export interface LineForecast {
  id: ForecastLineId;
  /** the line, in tokens */
  at: number;
  /** tokens left (negative: past it) */
  left: number;
  /** turns until the line is reached: 0 = already reached (at the next turn); undefined = not forecast */
  turns?: number;
  /** the flush line only: OpenClaw already flushed in this compaction cycle, so it does not flush again before the next compaction */
  done?: true;
}

export interface Forecast {
  /** `ok`: growing, forecast; `steady`: not growing; `unknown`: too few turns (or no figure) */
  status: 'ok' | 'steady' | 'unknown';
  /** tokens per turn, when measured */
  growthPerTurn?: number;
  /** user turns the growth was measured over */
  basedOnTurns: number;
  lines: LineForecast[];
}

export interface ForecastInput {
  points: readonly TimelinePoint[];
  gauge: Pick<Gauge, 'used' | 'known' | 'flushAt' | 'compactionAt' | 'window'>;
  /** a context-engine plugin owns compaction: OpenClaw's flush and compaction lines do not apply */
  pluginCompacts?: boolean;
  turns?: number;
  /** OpenClaw already flushed in this compaction cycle (triggers.ts `alreadyFlushed`) */
  flushDone?: boolean;
}

/** Growth per turn over the last `turns` turns of the points (see the header). */
export function growthPerTurn(points: readonly TimelinePoint[], turns = FORECAST_TURNS): { growth: number; turns: number } | undefined {
  // the last call of each turn
  const ends: TimelinePoint[] = [];
  for (let i = points.length - 1; i >= 0 && ends.length <= turns; i--) {
    const p = points[i]!;
    if (!ends.length || ends[ends.length - 1]!.turn !== p.turn) ends.push(p);
  }
  let delta = 0;
  let spanned = 0;
  for (let j = 0; j + 1 < ends.length && spanned < turns; j++) {
    const b = ends[j]!;
    const a = ends[j + 1]!;
    if (a.stretch !== b.stretch || (a.estimated && !b.estimated) || b.turn <= a.turn) continue;
    delta += b.tokens - a.tokens;
    spanned += b.turn - a.turn;
  }
  return spanned ? { growth: delta / spanned, turns: spanned } : undefined;
}

export function forecast(input: ForecastInput): Forecast {
  const g = input.gauge;
  const measured = growthPerTurn(input.points, input.turns);
  const growth = measured?.growth;
  const fill = g.known ? g.used : input.points[input.points.length - 1]?.tokens;
  const status: Forecast['status'] = fill === undefined || growth === undefined ? 'unknown' : growth > 0 ? 'ok' : 'steady';
  const lines: LineForecast[] = [];
  if (fill !== undefined) {
    const want: Array<[ForecastLineId, number]> = input.pluginCompacts ? [] : [['flush', g.flushAt], ['compaction', g.compactionAt]];
    want.push(['window', g.window]);
    for (const [id, at] of want) {
      if (!(at > 0)) continue;
      const left = at - fill;
      const l: LineForecast = { id, at, left };
      if (id === 'flush' && input.flushDone) l.done = true;
      else if (left <= 0) l.turns = 0;
      else if (status === 'ok') l.turns = Math.ceil(left / growth!);
      lines.push(l);
    }
  }
  const out: Forecast = { status, basedOnTurns: measured?.turns ?? 0, lines };
  if (growth !== undefined) out.growthPerTurn = Math.round(growth);
  return out;
}

/** The forecast's line, when there is one. */
export const forecastLine = (f: Forecast, id: ForecastLineId): LineForecast | undefined => f.lines.find((l) => l.id === id);

/**
 * Where the forecast's timeline starts: enough turns back from the leaf for the growth (a few spare, since a turn
 * may have no model call), at most FORECAST_MAX_ENTRIES entries.
 */
export function forecastStart(path: readonly EntryMeta[], turns = FORECAST_TURNS): number {
  let seen = 0;
  const floor = Math.max(0, path.length - FORECAST_MAX_ENTRIES);
  for (let i = path.length - 1; i > floor; i--) if (isUserTurn(path[i]!) && ++seen > turns + 2) return i;
  return floor;
}

/** The forecast from a session's path and figures: the timeline of its recent turns, then `forecast`. */
export function forecastOf(path: readonly EntryMeta[] | undefined, figures: TimelineInput['figures'] & ForecastInput['gauge'], pluginCompacts: boolean, flushDone = false): Forecast {
  const points = path?.length ? buildTimeline({ path: path.slice(forecastStart(path)), figures }).points : [];
  return forecast({ points, gauge: figures, pluginCompacts, flushDone });
}

/** In words: `compaction in about 3 turns`, `compaction at the next turn`, … (the gauge, the panel, the warning). */
export function forecastText(f: Forecast, id: ForecastLineId = 'compaction'): string {
  const l = forecastLine(f, id);
  const what = id === 'compaction' ? 'compaction' : id === 'flush' ? 'memory flush' : 'the window full';
  if (!l) return id === 'window' ? 'window size unknown' : `no ${what} line (a context engine compacts)`;
  if (l.done) return 'memory flush already done in this cycle (OpenClaw flushes once between compactions)';
  if (l.turns === 0) return id === 'window' ? 'the window is full' : `${what} at the next turn`;
  if (l.turns !== undefined) return `${what} in about ${l.turns} turn${l.turns === 1 ? '' : 's'}`;
  if (f.status === 'steady') return id === 'window' ? 'not growing: the window will not fill at this pace' : `not growing: no ${what} in sight`;
  return `too few turns yet to forecast ${id === 'window' ? 'the window' : what}`;
}

/** Warn at most this many turns before compaction by default (`openclawContext.compaction.warnTurns`). */
export const DEFAULT_WARN_TURNS = 2;

/**
 * The warning before compaction: OpenClaw's compaction line is at most `warnTurns` turns away by the forecast (or
 * already reached). Undefined when it is not, when `warnTurns` is 0 (off), or when a context engine compacts.
 */
export function compactionWarning(f: { forecast: Forecast; known: boolean }, warnTurns: number): LineForecast | undefined {
  if (!(warnTurns > 0) || !f.known) return undefined;
  const l = forecastLine(f.forecast, 'compaction');
  return l?.turns !== undefined && l.turns <= warnTurns ? l : undefined;
}

/** The status bar's short form: `compaction next turn`, `compaction in ~2 turns`. */
export const warningShort = (l: LineForecast): string => (l.turns === 0 ? 'compaction next turn' : `compaction in ~${l.turns} turn${l.turns === 1 ? '' : 's'}`);
