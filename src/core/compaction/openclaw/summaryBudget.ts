/**
 * The summary's character budget as OpenClaw applies it: the 16,000-character cap with its truncation marker,
 * and the text of an empty summary.
 */
import { truncateUtf16Safe } from './utf16';

/** Summary of nothing. */
export const DEFAULT_SUMMARY_FALLBACK = 'No prior history.';
export const MAX_COMPACTION_SUMMARY_CHARS = 16_000;
export const SUMMARY_TRUNCATED_MARKER = '\n\n[Compaction summary truncated to fit budget]';

/**
 * Cut a summary to `maxChars` (UTF-16 units): the head, then `[Compaction summary truncated to fit
 * budget]`, then `preservedSuffix` when the summary ends with it.
 */
export function capCompactionSummary(summary: string, maxChars = MAX_COMPACTION_SUMMARY_CHARS, preservedSuffix = ''): string {
  if (maxChars <= 0 || summary.length <= maxChars) return summary;
  const suffix = preservedSuffix && summary.endsWith(preservedSuffix) ? preservedSuffix : '';
  if (maxChars < SUMMARY_TRUNCATED_MARKER.length + suffix.length) return truncateUtf16Safe(summary, maxChars);
  const budget = maxChars - SUMMARY_TRUNCATED_MARKER.length - suffix.length;
  const prefix = suffix ? summary.slice(0, -suffix.length) : summary;
  return `${truncateUtf16Safe(prefix, budget)}${SUMMARY_TRUNCATED_MARKER}${suffix}`;
}
