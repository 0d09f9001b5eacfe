/**
 * Seed 004's two thresholds as a policy (off by default): at the early-export line (50 % of the window) the
 * session's facts are flushed to memory in the background, once per compaction; at the cleanup line (70 %) a
 * cleanup is offered — a compaction or the trimmed view, each with its preview. Pure: what is due for a session's
 * figures, and the two lines for the fill over time. The actions themselves go through src/core/actions.
 *
 * Beside OpenClaw's own lines (compaction = window − reserve, the reserve 20,000 but at most a quarter of the window;
 * memory flush = compaction − 4,000): both of ours come before its compaction line on every window; the early export
 * (50 %) comes before its memory flush from 16k windows up; the cleanup (70 %) only on windows over 80k — on smaller
 * ones (32k: flush at 63 %, compaction at 75 %) OpenClaw flushes first.
 */
import type { Gauge } from './gauge';
import { lineLabel, type TimelineLine } from './timeline';

export interface ContextPolicy {
  enabled: boolean;
  /** percent of the window: flush the session's facts to memory in the background */
  earlyExportPercent: number;
  /** percent of the window: offer a cleanup (compaction or the trimmed view) */
  cleanupPercent: number;
}

export const DEFAULT_POLICY: ContextPolicy = { enabled: false, earlyExportPercent: 50, cleanupPercent: 70 };

export type PolicyStep = 'early-export' | 'cleanup';

const tokensAt = (window: number, percent: number): number => Math.floor((window * percent) / 100);

/** The policy's two lines (none when it is off). */
export function policyLines(f: Pick<Gauge, 'window'>, p: ContextPolicy): TimelineLine[] {
  if (!p.enabled || !(f.window > 0)) return [];
  return [
    { id: 'early-export', tokens: tokensAt(f.window, p.earlyExportPercent), label: `${lineLabel('early-export')} (${p.earlyExportPercent} %)` },
    { id: 'cleanup', tokens: tokensAt(f.window, p.cleanupPercent), label: `${lineLabel('cleanup')} (${p.cleanupPercent} %)` },
  ];
}

/** The steps due at the session's fill, the later one first (none when the policy is off or the fill unknown). */
export function policySteps(f: Pick<Gauge, 'used' | 'window' | 'known'>, p: ContextPolicy): PolicyStep[] {
  if (!p.enabled || !f.known || !(f.window > 0)) return [];
  const out: PolicyStep[] = [];
  if (f.used >= tokensAt(f.window, p.cleanupPercent)) out.push('cleanup');
  if (f.used >= tokensAt(f.window, p.earlyExportPercent)) out.push('early-export');
  return out;
}
