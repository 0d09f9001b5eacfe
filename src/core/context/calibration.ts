/**
 * Calibration from real usage: the provider's own prompt counts are the ground truth (the only one for
 * Claude, whose tokenizer is not public). Between two consecutive model calls on the active path, the
 * prompt grew by exactly the messages added in between (the previous reply, tool results, the next user
 * message); whatever OpenClaw adds to every request (system prompt, runtime line, internal context)
 * cancels out. So actual ÷ estimated over those deltas is the session's scale for our estimate.
 */
import type { EntryMeta } from '../store/types';
import type { ActiveContext } from './rebuild';
import { estOf } from '../store/entries';

export interface Calibration {
  /** multiply calibrated-estimator figures by this */
  scale: number;
  /** call pairs that contributed */
  pairs: number;
  /** Σ actual prompt growth and Σ estimated growth over those pairs */
  actual: number;
  estimated: number;
}

/** Prior weight (tokens) pulling the scale toward 1 while evidence is thin. */
export const CALIBRATION_PRIOR_TOKENS = 200;
/** A pair whose ratio falls outside this range is an outlier (pruned or truncated tool output, a retry). */
const MIN_RATIO = 0.25;
const MAX_RATIO = 4;

/** Only the most recent calls count: recent behaviour matters, and it bounds the work on long sessions. */
export const CALIBRATION_MAX_CALLS = 24;

/**
 * Where calibration starts on the path: at the (CALIBRATION_MAX_CALLS+1)-th usage record from the end,
 * or just after the latest compaction or reset, whichever is later.
 */
export function calibrationStart(path: readonly EntryMeta[]): number {
  let calls = 0;
  for (let i = path.length - 1; i >= 0; i--) {
    const e = path[i]!;
    if (e.kind === 'compaction' || e.kind === 'reset') return i + 1;
    if (e.promptTokens !== undefined && ++calls > CALIBRATION_MAX_CALLS) return i;
  }
  return 0;
}

const inContext = (e: EntryMeta): boolean => e.modelVisible && (e.kind === 'message' || e.kind === 'custom_message' || e.kind === 'branch_summary');

/**
 * Learn the scale from consecutive usage records on the active path: the last CALIBRATION_MAX_CALLS
 * calls since the latest compaction or reset (a compaction changes the prompt in ways we do not model).
 */
export function calibrate(ctx: Pick<ActiveContext, 'path'>): Calibration | undefined {
  let prevPrompt: number | undefined;
  let grown = 0; // estimated tokens added since the previous call
  let actual = 0;
  let estimated = 0;
  let pairs = 0;
  for (let i = calibrationStart(ctx.path); i < ctx.path.length; i++) {
    const e = ctx.path[i]!;
    if (e.kind === 'compaction' || e.kind === 'reset') {
      prevPrompt = undefined;
      grown = 0;
      continue;
    }
    if (!inContext(e)) continue;
    if (e.promptTokens !== undefined && prevPrompt !== undefined && grown > 0) {
      const da = e.promptTokens - prevPrompt;
      const ratio = da / grown;
      if (da > 0 && ratio >= MIN_RATIO && ratio <= MAX_RATIO) {
        actual += da;
        estimated += grown;
        pairs++;
      }
    }
    if (e.promptTokens !== undefined) {
      prevPrompt = e.promptTokens;
      grown = estOf(e); // the reply itself is input to the next call
    } else grown += estOf(e);
  }
  if (!pairs) return undefined;
  const scale = (actual + CALIBRATION_PRIOR_TOKENS) / (estimated + CALIBRATION_PRIOR_TOKENS);
  return { scale, pairs, actual, estimated };
}
