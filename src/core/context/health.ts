/**
 * A session's state, from its row, its rebuilt context and its gauge: is it fine, or did something go wrong
 * that the figures alone do not say? Several states can hold at once; the first of `ORDER` that holds is
 * the primary one, and "fine" is said only when none does.
 *
 * - `overflow`: the last turn failed because the prompt did not fit the model (OpenClaw persists the provider's
 *   error as an assistant row with `stopReason: "error"`, e.g. `errorCode: "context_length_exceeded"`, and marks
 *   the row `status: "failed"`, `totalTokensFresh: false`: openclaw-2026.9.6.md §"Provider overflow").
 * - `failed`: the last turn failed otherwise (the row says `failed`, or the last assistant row is an error).
 * - `spiral`: compacting over and over — more than `SPIRAL_MAX_COMPACTIONS` compactions since the last reset,
 *   two compactions fewer than `SPIRAL_MIN_TURNS` user turns apart, or a compaction that made the context
 *   bigger (`tokensAfter ≥ tokensBefore`, or the summary plus what it kept is bigger than what it replaced).
 * - `stale`: OpenClaw's own count is not current (`totalTokensFresh: false`; messages written since it counted;
 *   a compaction written after it counted).
 */
import type { SessionRow, EntryMeta } from '../store/types';
import { estOf } from '../store/entries';
import { freshTotalTokens, type Gauge } from './gauge';
import { contextItemsOf, type ActiveContext } from './rebuild';
import { formatTokens } from './format';

export type HealthState = 'overflow' | 'failed' | 'spiral' | 'stale' | 'ok';

/** Most serious first: the primary state is the first that holds. */
export const ORDER: readonly HealthState[] = ['overflow', 'failed', 'spiral', 'stale'];

export const SPIRAL_MAX_COMPACTIONS = 3;
/** two compactions with fewer user turns than this between them are "only a few turns apart" */
export const SPIRAL_MIN_TURNS = 2;
/** how many of the latest compactions are checked for growth and distance */
const SPIRAL_LOOKBACK = 10;

export interface HealthFlag {
  state: HealthState;
  /** codicon id */
  icon: string;
  /** theme colour id */
  color: string;
  /** the tree's description word */
  word: string;
  /** one tooltip line in plain words */
  line: string;
  /** how loud a surface should be: the status bar's background */
  severity: 'error' | 'warning' | 'none';
}

export interface SessionHealth {
  primary: HealthState;
  /** every state that holds, most serious first (['ok'] when none) */
  states: HealthState[];
  /** one flag per state, same order */
  flags: HealthFlag[];
  /** the figures are from before a failed turn, or OpenClaw's count is out of date */
  figuresNotCurrent: boolean;
}

export interface HealthInput {
  row: Pick<SessionRow, 'status' | 'totalTokens' | 'totalTokensFresh' | 'compactionCount'>;
  context?: ActiveContext | undefined;
  figures: Pick<Gauge, 'usedSource' | 'pending'>;
}

const STYLE: Record<HealthState, Omit<HealthFlag, 'state' | 'line'>> = {
  overflow: { icon: 'error', color: 'charts.red', word: 'overflow', severity: 'error' },
  failed: { icon: 'error', color: 'charts.red', word: 'failed', severity: 'error' },
  spiral: { icon: 'sync', color: 'charts.orange', word: 'compaction loop', severity: 'warning' },
  stale: { icon: 'history', color: 'charts.yellow', word: 'not current', severity: 'none' },
  ok: { icon: 'pass', color: 'charts.green', word: 'fine', severity: 'none' },
};

// ------------------------------------------------------------------------------------------ failed turns

/** Provider and OpenClaw wordings of "the prompt does not fit the window". */
const OVERFLOW_RE =
  /context[_ ]length[_ ]exceeded|context[_ -]?window[_ ]exceeded|maximum context length|prompt is too long|prompt too (?:long|large)|context overflow|input is too long|too many (?:input |prompt )?tokens|exceeds? (?:the )?(?:model'?s? )?(?:maximum )?context/i;

/**
 * The failed assistant row that ended the last turn, if it failed: the last assistant row on the active path
 * (OpenClaw's own notices skipped), unless a user message came after it (a new turn started).
 */
export function lastTurnError(ctx: ActiveContext | undefined): EntryMeta | undefined {
  if (!ctx) return undefined;
  for (let i = ctx.path.length - 1; i >= 0; i--) {
    const e = ctx.path[i]!;
    if (e.kind !== 'message') continue;
    if (e.role === 'user' || e.role === 'bashExecution') return undefined;
    if (e.role !== 'assistant') continue;
    if (e.stopReason === 'error') return e;
    if (e.provider === 'openclaw') continue;
    return undefined;
  }
  return undefined;
}

/**
 * The error says the prompt did not fit: its code or message, or, for an error row with neither (a Gateway's
 * chat.history sends OpenClaw's terminal-error row with the message as its text), the row's own text.
 */
export const isOverflowError = (e: Pick<EntryMeta, 'errorCode' | 'errorMessage'> & Partial<Pick<EntryMeta, 'preview' | 'stopReason'>>): boolean =>
  OVERFLOW_RE.test(e.errorCode ?? '') || OVERFLOW_RE.test(e.errorMessage ?? '') || (!e.errorCode && !e.errorMessage && e.stopReason === 'error' && OVERFLOW_RE.test(e.preview ?? ''));

/** The provider's two token figures in an overflow message (the prompt, the limit), when it gives exactly two. */
export function overflowFigures(message: string | undefined): { prompt: number; limit: number } | undefined {
  const nums = [...new Set([...(message ?? '').matchAll(/\d[\d,]*/g)].map((m) => Number(m[0].replace(/,/g, ''))).filter((n) => n >= 1000))];
  if (nums.length !== 2) return undefined;
  return { prompt: Math.max(...nums), limit: Math.min(...nums) };
}

// ------------------------------------------------------------------------------------------ spirals

interface SpiralFacts {
  count: number;
  /** fewest user turns between two consecutive compactions, when there are two */
  closest?: number;
  /** the latest compaction that made the context bigger: messages before → after */
  grew?: { before: number; after: number };
}

const spiralCache = new WeakMap<ActiveContext, SpiralFacts>();

const sumTokens = (items: readonly EntryMeta[]): number | undefined => {
  let n = 0;
  for (const e of items) {
    if (e.partial) return undefined; // not loaded: its figure is not known
    n += estOf(e);
  }
  return n;
};

function spiralFacts(ctx: ActiveContext): SpiralFacts {
  const hit = spiralCache.get(ctx);
  if (hit) return hit;
  const at: number[] = [];
  ctx.path.forEach((e, i) => e.kind === 'compaction' && at.push(i));
  const facts: SpiralFacts = { count: at.length };
  const recent = at.slice(-SPIRAL_LOOKBACK);
  for (let j = 0; j < recent.length; j++) {
    const k = recent[j]!;
    if (j > 0) {
      let turns = 0;
      for (let i = recent[j - 1]! + 1; i < k; i++) if (ctx.path[i]!.kind === 'message' && ctx.path[i]!.role === 'user') turns++;
      facts.closest = Math.min(facts.closest ?? turns, turns);
    }
    const c = ctx.path[k]!;
    let grew: SpiralFacts['grew'];
    if (c.tokensBefore !== undefined && c.tokensAfter !== undefined) {
      if (c.tokensAfter >= c.tokensBefore) grew = { before: c.tokensBefore, after: c.tokensAfter };
    } else {
      const before = sumTokens(contextItemsOf(ctx.path.slice(0, k)).items);
      const after = sumTokens(contextItemsOf(ctx.path.slice(0, k + 1)).items);
      if (before !== undefined && after !== undefined && before > 0 && after >= before) grew = { before, after };
    }
    if (grew) facts.grew = grew;
  }
  spiralCache.set(ctx, facts);
  return facts;
}

/**
 * Whether a session's state needs its transcript although OpenClaw's count is fresh: a failed turn (was it an
 * overflow?), two compactions or more (a spiral: how far apart, whether one grew). A count that is not fresh
 * reads it anyway.
 */
export const healthNeedsTranscript = (row: Pick<SessionRow, 'compactionCount' | 'status'>): boolean => row.status === 'failed' || (row.compactionCount ?? 0) >= 2;

// ------------------------------------------------------------------------------------------ the state

const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? '' : 's'}`;
/** the provider's own figures, as it gave them (not rounded to k) */
const exact = (n: number): string => n.toLocaleString('en-US');

export function sessionHealth(input: HealthInput): SessionHealth {
  const { row, context, figures } = input;
  const lines = new Map<HealthState, string>();

  const err = lastTurnError(context);
  if (err && isOverflowError(err)) {
    const f = overflowFigures(err.errorMessage);
    const figs = f ? ` (the provider counted ${exact(f.prompt)} tokens; the limit is ${exact(f.limit)})` : '';
    lines.set('overflow', `The last turn failed: the prompt was too big for the model's window${figs}. The figures here are from before it; compact the session, or start over with /reset or /new.`);
  } else if (err || row.status === 'failed') {
    const why = err?.errorMessage ?? err?.errorCode;
    const clipped = why && why.length > 100 ? `${why.slice(0, 99)}…` : why;
    lines.set('failed', `The last turn failed${clipped ? `: ${clipped}` : ' (OpenClaw marked the session failed)'}. The figures here are from before it.`);
  }

  const sf = context ? spiralFacts(context) : { count: row.compactionCount ?? 0 };
  const why: string[] = [];
  if (sf.count > SPIRAL_MAX_COMPACTIONS) why.push(`${plural(sf.count, 'compaction')} since the last reset`);
  if (sf.closest !== undefined && sf.closest < SPIRAL_MIN_TURNS) why.push(sf.closest === 0 ? 'two compactions with no turn between them' : `two compactions only ${plural(sf.closest, 'turn')} apart`);
  if (sf.grew) why.push(`a compaction made the context bigger (${formatTokens(sf.grew.before)} → ${formatTokens(sf.grew.after)})`);
  if (why.length) lines.set('spiral', `Compacting over and over: ${why.join('; ')}. Each compaction loses detail; consider /new or a model with a larger window.`);

  const stale: string[] = [];
  if (row.totalTokensFresh === false) stale.push('OpenClaw marked its count out of date');
  else if (freshTotalTokens(row) !== undefined && figures.usedSource === 'transcript') stale.push('a compaction was written after OpenClaw counted');
  // OpenClaw's 0 after an only turn that failed is no count either (gauge.ts freshTotalTokens)
  else if (figures.usedSource === 'transcript' && (typeof row.totalTokens === 'number' || context?.items.some((e) => e.usageTokens !== undefined))) stale.push('OpenClaw has no count for this session');
  if (figures.pending > 0) stale.push(`~${formatTokens(figures.pending)} written since OpenClaw counted`);
  if (stale.length) lines.set('stale', `OpenClaw's own count is not current: ${stale.join('; ')}. The figure shown is estimated.`);

  const states = ORDER.filter((s) => lines.has(s));
  if (!states.length) {
    const flag: HealthFlag = { state: 'ok', ...STYLE.ok, line: 'The last turn finished and OpenClaw’s count is current.' };
    return { primary: 'ok', states: ['ok'], flags: [flag], figuresNotCurrent: false };
  }
  const flags = states.map((s): HealthFlag => ({ state: s, ...STYLE[s], line: lines.get(s)! }));
  return { primary: states[0]!, states, flags, figuresNotCurrent: states.some((s) => s !== 'spiral') };
}

/** The words a description shows for a session's state (none when it is fine). */
export const healthWords = (h: SessionHealth): string[] => (h.primary === 'ok' ? [] : h.flags.map((f) => f.word));

/** The loudest severity of a session's state. */
export const healthSeverity = (h: SessionHealth): HealthFlag['severity'] =>
  h.flags.some((f) => f.severity === 'error') ? 'error' : h.flags.some((f) => f.severity === 'warning') ? 'warning' : 'none';

/** The tooltip's "Status:" words: the states that hold, then the gauge's level words (`fine` only when both are). */
export function statusWords(h: SessionHealth, levelWords: string, levelOk: boolean): string {
  if (h.primary === 'ok') return levelWords;
  const words = h.flags.map((f) => f.word);
  return levelOk ? words.join(', ') : `${words.join(', ')}; ${levelWords}`;
}
