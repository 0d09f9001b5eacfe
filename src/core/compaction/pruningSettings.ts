/**
 * The settings of OpenClaw's context pruning (openclaw-formats.md §4.6; OC-4.12 `context-pruning/settings.ts`,
 * `tools.ts`): their defaults and resolution from config, durations like `5m`, and which tools are prunable
 * (allow / deny globs).
 */
import { isRecord } from './messages';

export interface ContextPruningToolMatch {
  allow?: string[];
  deny?: string[];
}

export interface ContextPruningSettings {
  mode: 'cache-ttl';
  ttlMs: number;
  keepLastAssistants: number;
  softTrimRatio: number;
  hardClearRatio: number;
  minPrunableToolChars: number;
  tools: ContextPruningToolMatch;
  softTrim: { maxChars: number; headChars: number; tailChars: number };
  hardClear: { enabled: boolean; placeholder: string };
}

/** `DEFAULT_CONTEXT_PRUNING_SETTINGS` */
export const DEFAULT_CONTEXT_PRUNING_SETTINGS: Readonly<ContextPruningSettings> = Object.freeze({
  mode: 'cache-ttl',
  ttlMs: 5 * 60 * 1000,
  keepLastAssistants: 3,
  softTrimRatio: 0.3,
  hardClearRatio: 0.5,
  minPrunableToolChars: 50_000,
  tools: Object.freeze({}),
  softTrim: Object.freeze({ maxChars: 4_000, headChars: 1_500, tailChars: 1_500 }),
  hardClear: Object.freeze({ enabled: true, placeholder: '[Old tool result content cleared]' }),
}) as Readonly<ContextPruningSettings>;

export function defaults(): ContextPruningSettings {
  const d = DEFAULT_CONTEXT_PRUNING_SETTINGS;
  return { ...d, tools: {}, softTrim: { ...d.softTrim }, hardClear: { ...d.hardClear } };
}

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * `computeEffectiveSettings`: `agents.defaults.contextPruning` → settings, or `undefined` when pruning is
 * off (not an object, or `mode` other than `cache-ttl`). Ratios are clamped to [0, 1], counts floored at 0,
 * an unparsable `ttl` keeps the default, a blank placeholder keeps the default.
 */
export function resolveContextPruningSettings(raw: unknown): ContextPruningSettings | undefined {
  if (!isRecord(raw) || raw.mode !== 'cache-ttl') return undefined;
  const s = defaults();
  if (typeof raw.ttl === 'string') {
    const ms = parseDurationMs(raw.ttl, 'm');
    if (ms !== undefined) s.ttlMs = ms;
  }
  if (num(raw.keepLastAssistants)) s.keepLastAssistants = Math.max(0, Math.floor(raw.keepLastAssistants));
  if (num(raw.softTrimRatio)) s.softTrimRatio = Math.min(1, Math.max(0, raw.softTrimRatio));
  if (num(raw.hardClearRatio)) s.hardClearRatio = Math.min(1, Math.max(0, raw.hardClearRatio));
  if (num(raw.minPrunableToolChars)) s.minPrunableToolChars = Math.max(0, Math.floor(raw.minPrunableToolChars));
  if (isRecord(raw.tools)) {
    const t = raw.tools;
    s.tools = {};
    if (Array.isArray(t.allow)) s.tools.allow = t.allow.filter((x): x is string => typeof x === 'string');
    if (Array.isArray(t.deny)) s.tools.deny = t.deny.filter((x): x is string => typeof x === 'string');
  }
  if (isRecord(raw.softTrim)) {
    const t = raw.softTrim;
    if (num(t.maxChars)) s.softTrim.maxChars = Math.max(0, Math.floor(t.maxChars));
    if (num(t.headChars)) s.softTrim.headChars = Math.max(0, Math.floor(t.headChars));
    if (num(t.tailChars)) s.softTrim.tailChars = Math.max(0, Math.floor(t.tailChars));
  }
  if (isRecord(raw.hardClear)) {
    const h = raw.hardClear;
    if (typeof h.enabled === 'boolean') s.hardClear.enabled = h.enabled;
    if (typeof h.placeholder === 'string' && h.placeholder.trim()) s.hardClear.placeholder = h.placeholder.trim();
  }
  return s;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * OpenClaw's `parseDurationMs`: `90`, `5m`, `1.5h`, `1h30m` (units ms, s, m, h, d; case-insensitive; a bare
 * number takes `defaultUnit`). `undefined` when invalid (OpenClaw throws; its caller then keeps the default).
 */
export function parseDurationMs(raw: string, defaultUnit: 'ms' | 's' | 'm' | 'h' | 'd' = 'ms'): number | undefined {
  const t = String(raw).trim().toLowerCase();
  if (!t) return undefined;
  const single = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(t);
  let total = 0;
  if (single) total = Number(single[1]) * UNIT_MS[single[2] ?? defaultUnit]!;
  else {
    let consumed = 0;
    for (const m of t.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g)) {
      if (m.index !== consumed) return undefined;
      total += Number(m[1]) * UNIT_MS[m[2]!]!;
      consumed += m[0].length;
    }
    if (consumed === 0 || consumed !== t.length) return undefined;
  }
  const ms = Math.round(total);
  return Number.isSafeInteger(ms) && ms >= 0 ? ms : undefined;
}

type Glob = { kind: 'all' } | { kind: 'exact'; value: string } | { kind: 'regex'; value: RegExp };

function compileGlobs(raw: readonly string[] | undefined): Glob[] {
  if (!Array.isArray(raw)) return [];
  const out: Glob[] = [];
  for (const r of raw) {
    const p = typeof r === 'string' ? r.trim().toLowerCase() : '';
    if (!p) continue;
    if (p === '*') out.push({ kind: 'all' });
    else if (!p.includes('*')) out.push({ kind: 'exact', value: p });
    else out.push({ kind: 'regex', value: new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('\\*', '.*')}$`) });
  }
  return out;
}

const matchesAny = (v: string, globs: readonly Glob[]): boolean =>
  globs.some((g) => g.kind === 'all' || (g.kind === 'exact' ? g.value === v : g.value.test(v)));

/** `makeToolPrunablePredicate`: case-insensitive `*` globs; deny wins; an empty allow list allows all. */
export function makeToolPrunablePredicate(tools: ContextPruningToolMatch | undefined): (toolName: unknown) => boolean {
  const deny = compileGlobs(tools?.deny);
  const allow = compileGlobs(tools?.allow);
  return (toolName) => {
    const n = typeof toolName === 'string' ? toolName.trim().toLowerCase() : '';
    if (matchesAny(n, deny)) return false;
    return allow.length === 0 || matchesAny(n, allow);
  };
}
