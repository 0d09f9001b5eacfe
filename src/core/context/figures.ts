/**
 * One session's figures: the single source every surface renders (status bar and its tooltip, the Sessions
 * tree, the context document, the Memories view's bootstrap sizes, the compaction list and reports, the CLI).
 * Computed once per refresh by the context model (`SessionState.figures`); nothing else derives a figure.
 *
 * - used: how full the context is and how that was obtained (`basis`); `approximate` means `~`.
 * - window and its source; the memory-flush, compaction and checkpoint lines and the distance to each.
 * - composition: categories that SUM exactly to `used`, with an explicit remainder part when the per-category
 *   estimates cannot explain the used figure (OpenClaw counts more than we can attribute, or our estimates
 *   come to more than its count: a negative remainder, said as such).
 * - compactions: the count and the list on the active path, each with the one summary size shown everywhere.
 * - health: the session's state (failed turn, overflow, compaction spiral …), filled in by health.ts.
 */
import { estOf } from '../store/entries';
import type { EntryMeta } from '../store/types';
import { contextItemsOf, type ActiveContext } from './rebuild';
import { computeBreakdown, OVERHEAD_IDS, type BreakdownId, type BreakdownRow } from './breakdown';
import { calibrate } from './calibration';
import { computeGauge, type Gauge, type GaugeInput } from './gauge';
import { formatTokens } from './format';
import { sessionHealth, type SessionHealth } from './health';
import type { ContextEngineInfo } from '../store/contextEngine';
import { forecastOf, type Forecast } from './forecast';
import { alreadyFlushed, flushCycleOf } from '../store/flushCycle';

export type UsedBasis = 'openclaw' | 'openclaw+pending' | 'next-prompt' | 'estimate' | 'none';

export interface CompositionPart {
  id: BreakdownId | 'remainder';
  label: string;
  /** integer; only the remainder may be negative */
  tokens: number;
  count?: number;
  detail?: string;
  /** the bootstrap part's files (they sum to its tokens) */
  files?: Array<{ name: string; tokens: number }>;
}

export interface CompactionFigure {
  id: string;
  timestamp: number;
  /** what the compaction entry records (OpenClaw's figures), when it does */
  tokensBefore?: number;
  tokensAfter?: number;
  /** the summary's size as the context holds it: the calibrated estimator's figure (shown everywhere) */
  summaryTokens: number;
}

export interface SessionFigures extends Gauge {
  basis: UsedBasis;
  /** how `used` was obtained, in words (tooltip, document, CLI) */
  basisText: string;
  /** the fixed overhead's categories are known (OpenClaw recorded a system prompt report) */
  overheadKnown: boolean;
  composition: CompositionPart[];
  compactionList: CompactionFigure[];
  /** the two meters disagree: `used` vs OpenClaw's pre-prompt estimate (its overflow pre-check; see PRE_PROMPT_ESTIMATE_ROLE) */
  metersDisagree: boolean;
  /** the session's state (health.ts): failed turn, overflow, compaction spiral, stale figures, or fine */
  health: SessionHealth;
  /** the state dir's context engine, when OpenClaw's config names one (a plugin may own compaction) */
  engine?: ContextEngineInfo;
  /** growth per turn lately and the turns left to the flush, compaction and window lines (forecast.ts) */
  forecast: Forecast;
}

export interface FiguresInput extends GaugeInput {
  engine?: ContextEngineInfo;
  /** tokens of a bootstrap file as OpenClaw injects it, as the Memories view shows it */
  fileTokens?: (name: string) => number | undefined;
}

/**
 * What OpenClaw 2026.9.6 does with its pre-prompt estimate (`contextBudgetStatus.estimatedPromptTokens`, its overflow
 * pre-check), in words. It does not decide the preflight compaction: in the third real dataset (agent:ops:long, a
 * 20,000 window, line 15,000) the pre-check said 20,709 on turn 2 and no compaction followed; turn 3 compacted on
 * `preflightCompaction … tokenCount=15613 threshold=15000`, the last prompt count (13,024, what Used shows) plus
 * OpenClaw's estimate of the messages since.
 */
export const PRE_PROMPT_ESTIMATE_ROLE = "OpenClaw's overflow pre-check (with a safety margin); its preflight compaction follows the last prompt count, as Used does";

/** The pre-prompt estimate and `used` disagree when they are more than this share of the window apart. */
export const METERS_DISAGREE_SHARE = 0.05;

function basisOf(g: Gauge): UsedBasis {
  if (g.usedSource === 'session') return g.pending > 0 ? 'openclaw+pending' : 'openclaw';
  if (g.usedSource === 'next-prompt') return 'next-prompt';
  return g.usedSource === 'transcript' ? 'estimate' : 'none';
}

const BASIS_TEXT: Record<UsedBasis, (g: Gauge) => string> = {
  openclaw: () => 'reported by OpenClaw',
  'openclaw+pending': (g) => `reported by OpenClaw + ~${formatTokens(g.pending)} written since`,
  'next-prompt': () => 'the next prompt, estimated: system prompt + workspace files + tools + messages',
  estimate: () => 'estimated from the transcript (OpenClaw has no fresh figure)',
  none: () => 'unknown',
};

/** Why OpenClaw's figure differs from `used`, when it does. */
export function openclawDifference(f: Pick<SessionFigures, 'basis' | 'openclawReports'>): string | undefined {
  if (f.openclawReports === undefined) return undefined;
  if (f.basis === 'next-prompt') return 'OpenClaw counts only the messages until the next turn (its post-compaction tokensAfter, or 0 after a reset): the system prompt, workspace files and tool schemas come back with the next prompt';
  if (f.basis === 'estimate') return 'its count predates a compaction written after it (OpenClaw counts again at its next turn)';
  return undefined;
}

/** The remainder part: what the per-category estimates do not explain, named by what it is. */
function remainderPart(tokens: number, opts: { scale?: number; read: boolean; calibrated: boolean }): CompositionPart {
  if (!opts.read) return { id: 'remainder', label: 'Messages', tokens, detail: 'the transcript is not read yet: not broken down' };
  if (opts.calibrated) return { id: 'remainder', label: 'Calibration', tokens, detail: `the messages' estimates × the session's usage scale${opts.scale !== undefined ? ` (×${opts.scale.toFixed(2)})` : ''}` };
  return tokens >= 0
    ? { id: 'remainder', label: 'Not attributed', tokens, detail: "the counted total beyond what the categories' estimates explain" }
    : { id: 'remainder', label: 'Over-estimate', tokens, detail: "the categories' estimates come to more than the counted total" };
}

/**
 * Categories plus the remainder, summing exactly to `used`. `calibrated`: `used` is the overhead plus the
 * calibrated messages (no real count in the context), so the remainder is the calibration, not unexplained.
 */
export function composeUsed(rows: readonly BreakdownRow[], used: number, opts: { scale?: number; read: boolean; calibrated: boolean }): CompositionPart[] {
  const parts: CompositionPart[] = rows.map((r) => ({ ...r }));
  let rest = used - parts.reduce((n, p) => n + p.tokens, 0);
  // Against a real count, the session's usage scale explains part of the difference: the messages' estimates run
  // high or low for this model by that much. Said as its own part, as far as it goes the same way as the rest.
  if (opts.read && !opts.calibrated && opts.scale !== undefined && rest !== 0) {
    const messages = parts.filter((p) => !OVERHEAD_IDS.has(p.id)).reduce((n, p) => n + p.tokens, 0);
    const cal = Math.round(messages * (opts.scale - 1));
    if (cal !== 0 && Math.sign(cal) === Math.sign(rest)) {
      const take = Math.sign(rest) * Math.min(Math.abs(cal), Math.abs(rest));
      parts.push(remainderPart(take, { ...opts, calibrated: true }));
      rest -= take;
    }
  }
  if (rest !== 0) parts.push(remainderPart(rest, opts));
  return parts;
}

/** One compaction's figures (the list's entries; the tree and the reports call it for a single entry). */
export function compactionFigure(c: EntryMeta): CompactionFigure {
  const f: CompactionFigure = { id: c.id, timestamp: c.timestamp, summaryTokens: Math.round(estOf(c)) };
  if (c.tokensBefore !== undefined) f.tokensBefore = Math.round(c.tokensBefore);
  if (c.tokensAfter !== undefined) f.tokensAfter = Math.round(c.tokensAfter);
  return f;
}

export const compactionFigures = (ctx: ActiveContext | undefined): CompactionFigure[] => (ctx?.compactions ?? []).map(compactionFigure);

/**
 * The fixed overhead when OpenClaw recorded no system prompt report (the JSONL era): the prompt of the last
 * model call on the path minus the messages it was sent with (pi's chars/4 figures). Undefined without such a call,
 * or when those messages were indexed without their text (their sizes are not known).
 */
export function derivedOverhead(ctx: ActiveContext | undefined): number | undefined {
  if (!ctx) return undefined;
  for (let i = ctx.path.length - 1; i >= 0; i--) {
    const prompt = ctx.path[i]!.promptTokens;
    if (prompt === undefined) continue;
    const items = contextItemsOf(ctx.path.slice(0, i)).items;
    if (items.some((e) => e.partial)) return undefined; // indexed without their text (a cold SQLite read): sizes unknown
    // pi's chars/4 figure, known for every entry read whole (the calibrated one only for the entries loaded so
    // far): the same overhead whatever was read before
    const sent = items.reduce((n, e) => n + e.tokens, 0);
    return Math.max(0, Math.round(prompt - sent));
  }
  return undefined;
}

/**
 * A remote session whose figure is OpenClaw's post-compaction (or post-reset) count: no model call since, so it
 * counts the messages only. Locally that becomes the next-prompt figure; through a Gateway there is no system prompt
 * report, so the overhead is derived from the last counted prompt before it (derivedOverhead) and the figure is the
 * next prompt too. With no counted prompt to derive it from, the figure stays OpenClaw's and the words say what it
 * leaves out.
 */
const messagesOnlyRemote = (input: FiguresInput, g: Gauge): boolean =>
  !!input.remote && g.usedSource === 'session' && !!input.context && g.calibrated?.lastUsageIndex === null && (!!input.context.compaction || !!input.context.reset);

export function computeFigures(input: FiguresInput): SessionFigures {
  const rows = computeBreakdown(input.row, input.context, input.fileTokens);
  const derived = rows.some((r) => OVERHEAD_IDS.has(r.id)) ? undefined : derivedOverhead(input.context);
  if (derived !== undefined) rows.unshift({ id: 'system', label: 'System prompt, files and tools', tokens: derived, detail: 'derived: the last real prompt count minus the messages sent with it (OpenClaw recorded no system prompt report)' });
  const overheadRows = rows.filter((r) => OVERHEAD_IDS.has(r.id));
  const overhead = overheadRows.reduce((n, r) => n + r.tokens, 0);
  const calibration = input.calibration ?? (input.context ? calibrate(input.context) : undefined);
  const g = computeGauge({ ...input, overhead, ...(calibration ? { calibration } : {}) });
  const basis = basisOf(g);
  const list = compactionFigures(input.context);
  const oe = g.openclawEstimate;
  return {
    ...g,
    basis,
    basisText:
      basis === 'estimate' && g.openclawReports !== undefined
        ? 'the next prompt, estimated: a compaction was written after OpenClaw last counted'
        : basis === 'openclaw' && messagesOnlyRemote(input, g)
          ? 'reported by OpenClaw, messages only: right after a compaction or reset it leaves out the system prompt, workspace files and tool schemas until the next turn (their size is not sent by the Gateway)'
          : basis === 'estimate' && !overheadRows.length && g.calibrated?.lastUsageIndex === null
            ? 'estimated from the transcript, messages only: the system prompt, workspace files and tool schemas are not known yet (no model call was counted), so the next prompt will be bigger'
            : BASIS_TEXT[basis](g),
    overheadKnown: overheadRows.length > 0,
    composition: composeUsed(rows, g.used, {
      ...(calibration ? { scale: calibration.scale } : {}),
      read: !!input.context,
      calibrated: (basis === 'next-prompt' || basis === 'estimate') && g.calibrated?.lastUsageIndex === null,
    }),
    compactionList: list,
    metersDisagree: oe !== undefined && Math.abs(oe - g.used) > Math.max(1, g.window) * METERS_DISAGREE_SHARE,
    health: sessionHealth({ row: input.row, context: input.context, figures: g }),
    ...(input.engine ? { engine: input.engine } : {}),
    forecast: forecastOf(input.context?.path, { ...g, ...(input.engine ? { engine: input.engine } : {}) }, input.engine?.ownsCompaction === true, alreadyFlushed(flushCycleOf(input.row))),
  };
}
