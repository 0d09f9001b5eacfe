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
import { isRecord, ReportBuilder, type AgentMessage, type Json, type ViewReportBase, type ViewResult } from './messages';
import { type ContextPruningSettings, defaults, makeToolPrunablePredicate } from './pruningSettings';
import { cachedPruningChars, PRUNING_CHARS_PER_TOKEN, pruningMessageChars } from './pruningEstimate';
import { softTrimToolResult } from './pruningTrim';

export const CACHE_TTL_CUSTOM_TYPE = 'openclaw.cache-ttl';

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
