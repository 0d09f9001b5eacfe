/**
 * OpenClaw's context pruning, mode `cache-ttl` (openclaw-formats.md §4.6; OC-4.12
 * `src/agents/pi-hooks/context-pruning/{settings,pruner,extension,tools}.ts`), reproduced as a view: the
 * messages OpenClaw's `context` hook would hand to the model once the prompt cache has expired. In memory
 * only; the transcript and the input array are never touched.
 *
 * A pass (`contextPruningView`):
 * 1. `charWindow = contextWindowTokens × 4`.
 * 2. Cutoff = index of the `keepLastAssistants`-th assistant from the end (3); fewer assistants → nothing is
 *    pruned; `keepLastAssistants ≤ 0` → everything up to the end is prunable.
 * 3. Nothing before the first user message is pruned (no user message → nothing is).
 * 4. Estimated chars (`pruningMessageChars`, CJK-weighted): text; thinking + `thinkingSignature` and
 *    `redacted_thinking` data; tool-call argument JSON (not weighted; 128 if unserialisable); images 8000;
 *    any other role 256.
 * 5. `total / charWindow < softTrimRatio (0.3)` → stop.
 * 6. Soft trim every prunable tool result (role `toolResult`, tool allowed by `tools`) in
 *    `[firstUser, cutoff)`: when its text blocks joined by `\n` (images as
 *    `[image removed during context pruning]`) exceed `softTrim.maxChars` (4000) and head + tail is shorter,
 *    the content becomes one text block `head(1500) + "\n...\n" + tail(1500)` +
 *    `\n\n[Tool result trimmed: kept first 1500 chars and last 1500 chars of N chars.]`; a result with images
 *    that is not trimmed still becomes its joined text with the image markers.
 * 7. Ratio again: `< hardClearRatio (0.5)`, hard clear disabled, or the prunable results' chars
 *    `< minPrunableToolChars (50000)` → stop.
 * 8. Hard clear, oldest first, until the ratio is `< 0.5`: content → `[{type:"text", text: placeholder}]`
 *    (`[Old tool result content cleared]`).
 * Comparisons are OpenClaw's: a ratio of exactly 0.3 soft-trims, exactly 0.5 hard-clears, exactly 50 000
 * prunable chars is enough, a text of exactly 4000 chars is kept. Other fields (`details`, ids) are kept.
 *
 * The TTL gate (the extension, not the pruner): a pass runs only when the mode is `cache-ttl`, a last cache
 * touch is known, `ttlMs > 0` and `now − lastCacheTouchAt ≥ ttlMs`. Pass `ttl` to apply it; without it the
 * view shows the pass as it would run once the TTL has expired.
 *
 * Our choices where OpenClaw assumes well-formed input (never throws here):
 * - a tool result whose content is a string is treated as one text block (OpenClaw would iterate the
 *   string's characters, count 0 and never soft-trim it); content that is neither counts 0;
 * - a message that is not an object counts 0 and is never pruned; the legacy role `tool` counts 256 and is
 *   not prunable (the pruner only looks at `toolResult`), as in OpenClaw;
 * - `dropThinkingBlocksForEstimate` leaves every assistant thinking / redacted_thinking block out of the
 *   estimate (OpenClaw drops them when the transcript policy does; the messages themselves keep them).
 * Not reproduced: 2026.9.x's frozen projections (`openclaw.cache-ttl` entries carrying
 * `frozenToolResults`, which keep an earlier pass's output byte-stable) and OC-main's `microCompress`.
 */
import type { EstimatorFamily } from '../tokens/estimator';
import { toolResultGuardView, type GuardReport } from './toolResultGuard';
import { isRecord, isTextBlock, ReportBuilder, type AgentMessage, type Json, type ViewReportBase, type ViewResult } from './messages';

/** `CHARS_PER_TOKEN_ESTIMATE` (cjk-chars.ts) */
export const PRUNING_CHARS_PER_TOKEN = 4;
/** `IMAGE_CHAR_ESTIMATE` (pruner.ts) */
export const PRUNING_IMAGE_CHARS = 8_000;
/** Estimate of a message of any other role. */
export const PRUNING_OTHER_ROLE_CHARS = 256;
/** Unserialisable tool-call arguments. */
export const PRUNING_UNSERIALISABLE_ARGS_CHARS = 128;
/** `PRUNED_CONTEXT_IMAGE_MARKER` */
export const PRUNED_CONTEXT_IMAGE_MARKER = '[image removed during context pruning]';
export const CACHE_TTL_CUSTOM_TYPE = 'openclaw.cache-ttl';

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

function defaults(): ContextPruningSettings {
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

const MAYBE_WEIGHTED = /[\u2e80-\u9fff\ua000-\ua4ff\uac00-\ud7af\uf900-\ufaff\uff01-\uff60\uffe0-\uffe6\ud840-\ud87e]/;

/**
 * OpenClaw's `estimateStringChars` (src/utils/cjk-chars.ts): the UTF-16 length, plus 3 for every CJK /
 * Hangul / Kana / fullwidth character (U+2E80–9FFF, A000–A4FF, AC00–D7AF, F900–FAFF, FF01–FF60, FFE0–FFE6,
 * U+20000–2FA1F), where a supplementary-plane character counts once. When there is at least one such
 * character, every surrogate pair with a high half in D840–D87E counts once (as OpenClaw's regex does).
 * One pass, no allocation.
 */
export function estimateStringChars(text: string): number {
  const n = text.length;
  // Fast path: no code unit that could count (V8 answers this at once for one-byte strings, the usual ASCII
  // tool output, and with a native scan otherwise).
  if (!MAYBE_WEIGHTED.test(text)) return n;
  let nonLatin = 0;
  let pairs = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x2e80) continue;
    if (c <= 0x9fff || (c >= 0xa000 && c <= 0xa4ff) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xff01 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6)) {
      nonLatin++;
    } else if (c >= 0xd840 && c <= 0xd87e && i + 1 < n) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        pairs++;
        if ((c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000 <= 0x2fa1f) nonLatin++;
        i++;
      }
    }
  }
  if (nonLatin === 0) return n;
  return n - pairs + nonLatin * (PRUNING_CHARS_PER_TOKEN - 1);
}

export interface PruningEstimateOptions {
  dropThinkingBlocksForEstimate?: boolean;
}

function textAndImageChars(content: unknown): number {
  if (!Array.isArray(content)) return 0;
  let n = 0;
  for (const b of content) {
    if (isTextBlock(b)) n += estimateStringChars(b.text);
    else if (isRecord(b) && b.type === 'image') n += PRUNING_IMAGE_CHARS;
  }
  return n;
}

/** The pruner's `estimateMessageChars` (see the module comment, step 4). */
export function pruningMessageChars(m: unknown, opts: PruningEstimateOptions = {}): number {
  if (!isRecord(m)) return 0;
  if (m.role === 'user') return typeof m.content === 'string' ? estimateStringChars(m.content) : textAndImageChars(m.content);
  if (m.role === 'assistant') {
    if (!Array.isArray(m.content)) return 0;
    let n = 0;
    for (const b of m.content) {
      if (!isRecord(b)) continue;
      if (b.type === 'text' && typeof b.text === 'string') n += estimateStringChars(b.text);
      if ((b.type === 'thinking' || b.type === 'redacted_thinking') && !opts.dropThinkingBlocksForEstimate) {
        if (typeof b.thinking === 'string') n += estimateStringChars(b.thinking);
        if (b.type === 'redacted_thinking' && typeof b.data === 'string') n += estimateStringChars(b.data);
        if (typeof b.thinkingSignature === 'string') n += estimateStringChars(b.thinkingSignature);
      }
      if (b.type === 'toolCall') {
        try {
          n += JSON.stringify(b.arguments ?? {}).length;
        } catch {
          n += PRUNING_UNSERIALISABLE_ARGS_CHARS;
        }
      }
    }
    return n;
  }
  if (m.role === 'toolResult') return typeof m.content === 'string' ? estimateStringChars(m.content) : textAndImageChars(m.content);
  return PRUNING_OTHER_ROLE_CHARS;
}

const pruningCharsCache = new WeakMap<object, number>();

/** `pruningMessageChars`, cached by message object (messages are read-only; the thinking-dropping variant is not cached). */
function cachedPruningChars(m: unknown, opts: PruningEstimateOptions): number {
  if (!isRecord(m) || opts.dropThinkingBlocksForEstimate) return pruningMessageChars(m, opts);
  const hit = pruningCharsCache.get(m);
  if (hit !== undefined) return hit;
  const v = pruningMessageChars(m, opts);
  pruningCharsCache.set(m, v);
  return v;
}

function segments(content: unknown): { parts: string[]; hasImages: boolean } {
  const parts: string[] = [];
  let hasImages = false;
  if (typeof content === 'string') return { parts: [content], hasImages };
  if (!Array.isArray(content)) return { parts, hasImages };
  for (const b of content) if (isRecord(b) && b.type === 'image') hasImages = true;
  for (const b of content) {
    if (isTextBlock(b)) parts.push(b.text);
    else if (hasImages && isRecord(b) && b.type === 'image') parts.push(PRUNED_CONTEXT_IMAGE_MARKER);
  }
  return { parts, hasImages };
}

function joinedLength(parts: readonly string[]): number {
  let n = parts.length ? parts.length - 1 : 0;
  for (const p of parts) n += p.length;
  return n;
}

/** The first `max` characters of the parts joined by `\n`, without building the whole join. */
function headOfJoined(parts: readonly string[], max: number): string {
  let out = '';
  let left = max;
  for (let i = 0; i < parts.length && left > 0; i++) {
    if (i > 0) {
      out += '\n';
      if (--left <= 0) break;
    }
    const p = parts[i]!;
    if (p.length <= left) {
      out += p;
      left -= p.length;
    } else {
      out += p.slice(0, left);
      left = 0;
    }
  }
  return out;
}

/** The last `max` characters of the parts joined by `\n`. */
function tailOfJoined(parts: readonly string[], max: number): string {
  const out: string[] = [];
  let left = max;
  for (let i = parts.length - 1; i >= 0 && left > 0; i--) {
    const p = parts[i]!;
    if (p.length <= left) {
      out.push(p);
      left -= p.length;
    } else {
      out.push(p.slice(p.length - left));
      break;
    }
    if (left > 0 && i > 0) {
      out.push('\n');
      left--;
    }
  }
  return out.reverse().join('');
}

/** The soft-trimmed copy of a tool result, or `undefined` when it stays as it is. */
export function softTrimToolResult(m: AgentMessage, softTrim: ContextPruningSettings['softTrim']): AgentMessage | undefined {
  const { parts, hasImages } = segments(m.content);
  const rawLen = joinedLength(parts);
  const head = Math.max(0, softTrim.headChars);
  const tail = Math.max(0, softTrim.tailChars);
  if (rawLen <= softTrim.maxChars || head + tail >= rawLen) {
    return hasImages ? { ...m, content: [{ type: 'text', text: parts.join('\n') }] } : undefined;
  }
  // OC-4.12 slices by UTF-16 unit; 2026.9 made the slices surrogate-safe, which we follow: a surrogate pair
  // cut in half at either cut loses its half (so head or tail may keep one character less than the note says).
  const joinedHead = headOfJoined(parts, head);
  const joinedTail = tailOfJoined(parts, tail);
  const t = joinedTail.length && isLowSurrogate(joinedTail.charCodeAt(0)) ? joinedTail.slice(1) : joinedTail;
  const h = joinedHead.length && isHighSurrogate(joinedHead.charCodeAt(joinedHead.length - 1)) ? joinedHead.slice(0, -1) : joinedHead;
  const note = `\n\n[Tool result trimmed: kept first ${head} chars and last ${tail} chars of ${rawLen} chars.]`;
  return { ...m, content: [{ type: 'text', text: `${h}\n...\n${t}${note}` }] };
}

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/**
 * `readLastCacheTtlTimestamp`: `data.timestamp` of the newest `custom` entry `openclaw.cache-ttl` that has a
 * finite non-zero number there. With `provider`/`modelId`, entries recording another provider or model are
 * skipped (formats §4.6 says "for the same provider/model"; OC-4.12's reader itself does not filter).
 * OpenClaw 2026.9's entries carry no `data.timestamp` (they hold frozen projections), so they yield nothing.
 */
export function lastCacheTouchAt(entries: readonly unknown[], filter: { provider?: string; modelId?: string } = {}): number | undefined {
  if (!Array.isArray(entries)) return undefined;
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (!isRecord(e) || e.type !== 'custom' || e.customType !== CACHE_TTL_CUSTOM_TYPE || !isRecord(e.data)) continue;
    const d = e.data;
    if (filter.provider !== undefined && typeof d.provider === 'string' && d.provider !== filter.provider) continue;
    if (filter.modelId !== undefined && typeof d.modelId === 'string' && d.modelId !== filter.modelId) continue;
    if (typeof d.timestamp === 'number' && Number.isFinite(d.timestamp) && d.timestamp !== 0) return d.timestamp;
  }
  return undefined;
}

export type PruningSkip =
  | 'disabled' // settings undefined / null: contextPruning mode is not cache-ttl
  | 'no-window' // no positive context window
  | 'no-cache-touch' // TTL gate: no last cache touch known
  | 'ttl-disabled' // TTL gate: ttlMs ≤ 0
  | 'ttl-not-expired' // TTL gate: now − lastCacheTouchAt < ttlMs
  | 'too-few-assistants' // fewer than keepLastAssistants assistant messages
  | 'below-soft-trim-ratio'; // total / charWindow < softTrimRatio

/** Why the hard-clear step did not run (when the pass got that far). */
export type HardClearSkip = 'below-hard-clear-ratio' | 'hard-clear-disabled' | 'below-min-prunable-chars';

export interface PruningOptions {
  contextWindowTokens: number;
  /** effective settings; `undefined` → the defaults; `null` → pruning is off (the view changes nothing) */
  settings?: ContextPruningSettings | null;
  /** apply the TTL gate with these figures (ms epoch); without it the pass runs as if the TTL had expired */
  ttl?: { lastCacheTouchAt: number | undefined; now: number };
  dropThinkingBlocksForEstimate?: boolean;
  /** tokenizer family for the report's token figures (default o200k) */
  family?: EstimatorFamily;
}

export interface PruningReport extends ViewReportBase {
  /** the pass reached the soft-trim step */
  ran: boolean;
  skipped?: PruningSkip;
  hardClearSkipped?: HardClearSkip;
  charWindow: number;
  cutoffIndex?: number;
  pruneStartIndex?: number;
  /** every prunable tool result in [pruneStart, cutoff), oldest first */
  prunableIndices: number[];
  /** the pruner's estimate (CJK-weighted chars) of the whole context; 0 when the pass stopped before estimating */
  totalChars: { before: number; afterSoftTrim: number; after: number };
  /** totalChars ÷ charWindow */
  ratio: { before: number; afterSoftTrim: number; after: number };
  /** chars of the prunable tool results after soft trim (compared with minPrunableToolChars) */
  prunableToolChars?: number;
  softTrimmed: number[];
  hardCleared: number[];
}

export const SOFT_TRIM_RULE = 'pruning.softTrim';
export const HARD_CLEAR_RULE = 'pruning.hardClear';

/** The context as OpenClaw's cache-TTL pruning would send it. */
export function contextPruningView(messages: readonly AgentMessage[], opts: PruningOptions): ViewResult<PruningReport> {
  const input: readonly AgentMessage[] = Array.isArray(messages) ? messages : [];
  const family = opts.family ?? 'o200k';
  const rb = new ReportBuilder(input, family, [SOFT_TRIM_RULE, HARD_CLEAR_RULE]);
  const settings = opts.settings === undefined ? defaults() : opts.settings;
  const window = Number(opts.contextWindowTokens);
  const charWindow = Number.isFinite(window) && window > 0 ? window * PRUNING_CHARS_PER_TOKEN : 0;
  const out = input.slice();
  const est = { dropThinkingBlocksForEstimate: !!opts.dropThinkingBlocksForEstimate };
  const report = (extra: Partial<PruningReport>, total = 0): ViewResult<PruningReport> => {
    const r = total / (charWindow || 1);
    return {
      messages: out,
      report: {
        ...rb.build(),
        ran: false,
        charWindow,
        prunableIndices: [],
        totalChars: { before: total, afterSoftTrim: total, after: total },
        ratio: { before: r, afterSoftTrim: r, after: r },
        softTrimmed: [],
        hardCleared: [],
        ...extra,
      },
    };
  };

  if (!settings) return report({ skipped: 'disabled' });
  if (opts.ttl) {
    const { lastCacheTouchAt: last, now } = opts.ttl;
    if (!last) return report({ skipped: 'no-cache-touch' });
    if (!(settings.ttlMs > 0)) return report({ skipped: 'ttl-disabled' });
    if (now - last < settings.ttlMs) return report({ skipped: 'ttl-not-expired' });
  }
  if (!charWindow) return report({ skipped: 'no-window' });

  // 2. cutoff
  let cutoff: number | undefined;
  if (settings.keepLastAssistants <= 0) cutoff = input.length;
  else {
    let left = settings.keepLastAssistants;
    for (let i = input.length - 1; i >= 0; i--) {
      if (isRecord(input[i]) && input[i]!.role === 'assistant' && --left === 0) {
        cutoff = i;
        break;
      }
    }
  }
  if (cutoff === undefined) return report({ skipped: 'too-few-assistants' });
  // 3. nothing before the first user message
  let pruneStart = input.length;
  for (let i = 0; i < input.length; i++) {
    if (isRecord(input[i]) && input[i]!.role === 'user') {
      pruneStart = i;
      break;
    }
  }

  // 4–5. estimate and the soft-trim threshold
  const chars = input.map((m) => cachedPruningChars(m, est));
  const totalBefore = chars.reduce((a, b) => a + b, 0);
  let total = totalBefore;
  const ratioBefore = total / charWindow;
  if (ratioBefore < settings.softTrimRatio) return report({ skipped: 'below-soft-trim-ratio', cutoffIndex: cutoff, pruneStartIndex: pruneStart }, total);

  // 6. soft trim
  const isPrunable = makeToolPrunablePredicate(settings.tools);
  const prunable: number[] = [];
  const softTrimmed: number[] = [];
  for (let i = pruneStart; i < cutoff; i++) {
    const m = input[i];
    if (!isRecord(m) || m.role !== 'toolResult' || !isPrunable(m.toolName)) continue;
    prunable.push(i);
    const t = softTrimToolResult(m, settings.softTrim);
    if (!t) continue;
    const after = pruningMessageChars(t, est);
    total += after - chars[i]!;
    chars[i] = after;
    out[i] = t;
    softTrimmed.push(i);
    rb.add(i, SOFT_TRIM_RULE, m, t);
  }
  const afterSoftTrim = total;
  const base = {
    ran: true,
    cutoffIndex: cutoff,
    pruneStartIndex: pruneStart,
    prunableIndices: prunable,
    softTrimmed,
  };
  const finish = (extra: Partial<PruningReport>): ViewResult<PruningReport> =>
    report({
      ...base,
      totalChars: { before: totalBefore, afterSoftTrim, after: total },
      ratio: { before: ratioBefore, afterSoftTrim: afterSoftTrim / charWindow, after: total / charWindow },
      ...extra,
    });

  // 7. hard-clear preconditions
  if (total / charWindow < settings.hardClearRatio) return finish({ hardClearSkipped: 'below-hard-clear-ratio', hardCleared: [] });
  if (!settings.hardClear.enabled) return finish({ hardClearSkipped: 'hard-clear-disabled', hardCleared: [] });
  let prunableChars = 0;
  for (const i of prunable) prunableChars += chars[i]!;
  if (prunableChars < settings.minPrunableToolChars) return finish({ hardClearSkipped: 'below-min-prunable-chars', hardCleared: [], prunableToolChars: prunableChars });

  // 8. hard clear, oldest first
  const hardCleared: number[] = [];
  for (const i of prunable) {
    if (total / charWindow < settings.hardClearRatio) break;
    const m = out[i]!;
    const cleared: Json = { ...m, content: [{ type: 'text', text: settings.hardClear.placeholder }] };
    const after = pruningMessageChars(cleared, est);
    total += after - chars[i]!;
    chars[i] = after;
    out[i] = cleared;
    hardCleared.push(i);
    rb.replace(i, HARD_CLEAR_RULE, input[i], cleared);
  }
  return finish({ hardCleared, prunableToolChars: prunableChars });
}

export interface OpenClawContextViewOptions extends PruningOptions {
  /** options of the pruning step only: `settings` null skips it, as when `contextPruning` is off */
  settings?: ContextPruningSettings | null;
}

/**
 * What OpenClaw sends on the next model call of a tool loop, as far as these two in-memory transforms go:
 * cache-TTL pruning (pi's `context` event, inside `transformContext`) and then the tool-result guard, which
 * wraps `transformContext` and sees its output (formats §2.5 step 4, §4.2, §4.6).
 */
export function openClawContextView(
  messages: readonly AgentMessage[],
  opts: OpenClawContextViewOptions,
): { messages: AgentMessage[]; pruning: PruningReport; guard: GuardReport } {
  const pruned = contextPruningView(messages, opts);
  const family = opts.family ?? 'o200k';
  const guarded = toolResultGuardView(pruned.messages, { contextWindowTokens: opts.contextWindowTokens, family });
  return { messages: guarded.messages, pruning: pruned.report, guard: guarded.report };
}
