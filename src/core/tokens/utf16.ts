/**
 * Cutting a string by UTF-16 units without splitting a surrogate pair, as OpenClaw's summary budget does.
 */

export const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
export const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** `s.slice(start, end)` that never cuts a surrogate pair (the partial pair is left out). */
export function sliceUtf16Safe(s: string, start: number, end?: number): string {
  const len = s.length;
  let from = start < 0 ? Math.max(len + start, 0) : Math.min(start, len);
  let to = end === undefined ? len : end < 0 ? Math.max(len + end, 0) : Math.min(end, len);
  if (to <= from) return '';
  if (from > 0 && from < len && isLow(s.charCodeAt(from)) && isHigh(s.charCodeAt(from - 1))) from += 1;
  if (to > 0 && to < len && isHigh(s.charCodeAt(to - 1)) && isLow(s.charCodeAt(to))) to -= 1;
  return s.slice(from, to);
}

/** The first `max` UTF-16 units of `s`, never ending in half a surrogate pair. */
export function truncateUtf16Safe(s: string, max: number): string {
  const limit = Math.max(0, Math.floor(max));
  return s.length <= limit ? s : sliceUtf16Safe(s, 0, limit);
}
