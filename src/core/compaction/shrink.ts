/**
 * Does a compaction make the context smaller? The verdict every preview, confirmation and `--json` shows first:
 * a compaction that grows the context, leaves it as it is, or saves less than MIN_REDUCTION of it costs detail
 * for no room, so Compact is never its default (the editor's confirmation puts "Keep As Is" first; the CLI's
 * `--yes` refuses it without `--even-if-larger`).
 *
 * The figures are the plan's message tokens before → after (the quality report's): the system prompt,
 * workspace files and tools are the same on both sides, so they change no verdict.
 */
import { formatTokens } from '../context/format';

/** Below this share of the message tokens saved, a compaction is "barely" one. */
export const MIN_REDUCTION = 0.1;

export type ShrinkKind = 'shrinks' | 'little' | 'equal' | 'grows';

export interface ShrinkVerdict {
  kind: ShrinkKind;
  /** message tokens before → after (rounded) */
  before: number;
  after: number;
  /** before − after (negative: it grows) */
  saved: number;
  /** saved ÷ before, rounded to 2 decimals (negative: it grows; 0 when before is 0) */
  reduction: number;
  /** Compact needs an explicit choice: it is not the default button, and `--yes` alone does not do it */
  explicit: boolean;
  /** one plain sentence, the first line of every preview */
  headline: string;
}

const signedPct = (r: number) => `${r > 0 ? '−' : '+'}${Math.abs(Math.round(r * 100))}%`;

/** The verdict for message tokens `before` → `after`. */
export function shrinkVerdict(before: number, after: number): ShrinkVerdict {
  const b = Math.max(0, Math.round(before));
  const a = Math.max(0, Math.round(after));
  const saved = b - a;
  const reduction = b > 0 ? Math.round((saved / b) * 100) / 100 : 0;
  const fig = `messages ~${formatTokens(b)} → ~${formatTokens(a)} tokens`;
  let kind: ShrinkKind;
  let headline: string;
  if (saved < 0) {
    kind = 'grows';
    headline = `This compaction does not shrink the context, it grows it: ${fig}${b > 0 ? ` (${signedPct(saved / b)})` : ''}.`;
  } else if (saved === 0) {
    kind = 'equal';
    headline = `This compaction does not shrink the context: ${fig} (no change).`;
  } else if (saved / b < MIN_REDUCTION) {
    kind = 'little';
    headline = `This compaction barely shrinks the context: ${fig} (${signedPct(saved / b)}, less than ${Math.round(MIN_REDUCTION * 100)}%); it costs detail for little room.`;
  } else {
    kind = 'shrinks';
    headline = `This compaction shrinks the context: ${fig} (${signedPct(saved / b)}).`;
  }
  return { kind, before: b, after: a, saved, reduction, explicit: kind !== 'shrinks', headline };
}

/** The verdict of a plan (its quality report's message tokens). */
export function planShrink(plan: { quality: { tokensBefore: number; tokensAfter: number } }): ShrinkVerdict {
  return shrinkVerdict(plan.quality.tokensBefore, plan.quality.tokensAfter);
}
