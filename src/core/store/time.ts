/**
 * Dates read from untrusted input (transcripts, session rows, sessions.json, checkpoints, a Gateway's
 * messages). Every timestamp is validated where it is parsed: a value that is not a real date (NaN,
 * ±Infinity, beyond the ±8.64e15 ms a Date can hold, zero or negative, a string Date.parse cannot read)
 * is unknown, 0 — the value the rest of the engine already treats as "no time". So no later
 * `toISOString()` can throw "Invalid time value" and take every other session down with it.
 */

/** The largest |ms since the epoch| a JavaScript Date can hold (ECMAScript: 100,000,000 days). */
export const MAX_TIME_MS = 8.64e15;

/** A timestamp (ms since the epoch, or an ISO / RFC string) → ms, or 0 when it is not a valid date. */
export function timeMs(v: unknown): number {
  const t = typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isFinite(t) && t > 0 && t <= MAX_TIME_MS ? t : 0;
}

type Json = Record<string, unknown>;

/** ms epoch of a transcript entry: its `timestamp` (ISO or epoch), else its message's numeric one, else 0. */
export function entryTime(e: Json, message: unknown = e.message): number {
  const t = timeMs(e.timestamp);
  if (t) return t;
  return message && typeof message === 'object' ? timeMs((message as Json).timestamp) : 0;
}

/** ISO 8601 of a time, or undefined when it is unknown (never throws). */
export function isoTime(ms: number): string | undefined {
  const t = timeMs(ms);
  return t ? new Date(t).toISOString() : undefined;
}
