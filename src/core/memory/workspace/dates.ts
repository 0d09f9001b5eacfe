/**
 * Dates of the daily logs: the user's time zone and date stamps, and the startup context settings.
 *
 *   HEARTBEAT.md is dynamic (after the cache boundary).
 * - Daily logs `memory/YYYY-MM-DD.md` are not in the system prompt; on a bare /new or /reset the startup
 *   context preloads `startupContext.dailyMemoryDays` (2) days — today and yesterday in
 *   `agents.defaults.userTimezone` — skipping files over `maxFileBytes` (16,384) and empty ones.
 *   (Newer OpenClaw also loads the UTC dates and up to 4 `YYYY-MM-DD-<slug>.md` files per day; we list
 */
import { DEFAULT_DAILY_MEMORY_DAYS, DEFAULT_STARTUP_MAX_FILE_BYTES } from './layout';
import { agentsDefaults, isObj } from './config';

/** The IANA zone OpenClaw uses for memory dates: `agents.defaults.userTimezone` when valid, else the host's. */
export function userTimeZone(config?: unknown): string {
  const tz = agentsDefaults(config)?.userTimezone;
  if (typeof tz === 'string' && tz.trim()) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz.trim() });
      return tz.trim();
    } catch {
      /* invalid: fall back */
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** `YYYY-MM-DD` of `now` in `timeZone` (OpenClaw's formatDateStamp). */
export function dateStamp(now: Date, timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
    const get = (t: string) => parts.find((p) => p.type === t)?.value;
    const y = get('year');
    const m = get('month');
    const d = get('day');
    if (y && m && d) return `${y}-${m}-${d}`;
  } catch {
    /* fall through */
  }
  return now.toISOString().slice(0, 10);
}

/** `stamp` moved back by `days` calendar days. */
export function shiftStamp(stamp: string, days: number): string {
  const [y, m, d] = stamp.split('-').map((p) => Number.parseInt(p, 10));
  if (!y || !m || !d) return stamp;
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

export interface StartupContextSettings {
  enabled: boolean;
  applyOn: string[];
  dailyMemoryDays: number;
  maxFileBytes: number;
  timeZone: string;
}

/** `agents.defaults.startupContext` with OpenClaw's defaults and clamps (days 1–14). */
export function startupContextSettings(config?: unknown): StartupContextSettings {
  const sc = agentsDefaults(config)?.startupContext;
  const s = isObj(sc) ? sc : {};
  const clamp = (v: unknown, def: number, min: number, max: number) => Math.min(max, Math.max(min, typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : def));
  const applyOn = Array.isArray(s.applyOn) && s.applyOn.length > 0 ? s.applyOn.filter((x): x is string => typeof x === 'string') : ['new', 'reset'];
  return {
    enabled: s.enabled !== false,
    applyOn,
    dailyMemoryDays: clamp(s.dailyMemoryDays, DEFAULT_DAILY_MEMORY_DAYS, 1, 14),
    maxFileBytes: clamp(s.maxFileBytes, DEFAULT_STARTUP_MAX_FILE_BYTES, 1, 64 * 1024),
    timeZone: userTimeZone(config),
  };
}
