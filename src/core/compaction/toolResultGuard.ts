/**
 * OpenClaw's tool-result context guard (openclaw-formats.md §4.2, OC-4.12 behaviour, i.e. after April 5,
 * 2026: `src/agents/pi-embedded-runner/tool-result-context-guard.ts` + `tool-result-char-estimator.ts`),
 * reproduced as a view: what OpenClaw's `transformContext` wrapper hands to the model on the next call of
 * the tool loop. In memory only; the input is never mutated.
 *
 * 1. Every tool result whose estimate (chars ×2, see `guardMessageChars`) exceeds the per-result cap
 *    `max(1024, floor(window × 2 × 0.5))` is replaced by a copy whose text is cut to `floor(cap / 2)`
 *    characters, at the last newline after 70 % of the budget when there is one, followed by
 *    `[... N more characters truncated]`; its `details` are dropped and its content becomes one text block
 *    (a string stays a string).
 * 2. If the whole context then still exceeds `max(1024, floor(window × 4 × 0.9))` estimated characters,
 *    OpenClaw throws `Context overflow: …`, which starts overflow-recovery compaction. A view cannot throw
 *    at the model, so the report says `overflow: true` with OpenClaw's message.
 *
 * Details the reference leaves open, taken from the OC-4.12 source (read, not copied):
 * - The notice's N is first estimated from the budget and the notice's own length is taken off the body
 *   budget (4 rounds), so body + notice stays within the text budget; N is then the exact number of
 *   characters cut (`max(1, floor(N))`). There is no separator between the kept text and the notice; a cut
 *   at a newline drops the newline itself.
 * - A tool result over the cap with no text at all (only images, …) becomes the bare notice with
 *   N = `max(1, floor((estimate − cap) / 2))`; one whose text already fits the text budget keeps its text
 *   but loses its images and `details` (OpenClaw rebuilds the content from the text alone).
 *
 * Newer OpenClaw (2026.9.6, checked in its dist) adds `; rerun with narrower args if needed` to the notice
 * and no longer throws in the guard; that is not what §4.2 specifies, so it is not reproduced here.
 *
 * Robustness (our choices; OpenClaw assumes well-formed messages): a text block whose `text` is not a string
 * counts as "other" (its JSON length) and carries no text; non-object messages count 0; unserialisable
 * values count 256 (OpenClaw's fallback) and tool-call arguments 128.
 */
import type { EstimatorFamily } from '../tokens/estimator';
import {
  contentBlocks,
  isRecord,
  isToolResultMessage,
  isTextBlock,
  joinedText,
  ReportBuilder,
  type AgentMessage,
  type ViewReportBase,
  type ViewResult,
} from './messages';

/** `CHARS_PER_TOKEN_ESTIMATE` */
export const CHARS_PER_TOKEN_ESTIMATE = 4;
/** `TOOL_RESULT_CHARS_PER_TOKEN_ESTIMATE`: tool results are weighted 4/2 = ×2 */
export const TOOL_RESULT_CHARS_PER_TOKEN_ESTIMATE = 2;
/** `IMAGE_CHAR_ESTIMATE` */
export const IMAGE_CHAR_ESTIMATE = 8_000;
/** `SINGLE_TOOL_RESULT_CONTEXT_SHARE` */
export const SINGLE_TOOL_RESULT_CONTEXT_SHARE = 0.5;
/** `PREEMPTIVE_OVERFLOW_RATIO` */
export const PREEMPTIVE_OVERFLOW_RATIO = 0.9;
/** Floor of both limits. */
export const MIN_GUARD_CHARS = 1_024;
/** The cut moves back to a newline only when that newline lies after this share of the body budget. */
export const NEWLINE_CUT_MIN_SHARE = 0.7;
/** Estimate of an unserialisable value, and of unserialisable tool-call arguments. */
export const UNKNOWN_VALUE_CHARS = 256;
export const UNSERIALISABLE_ARGS_CHARS = 128;
/** `CONTEXT_LIMIT_TRUNCATION_NOTICE` */
export const CONTEXT_LIMIT_TRUNCATION_NOTICE = 'more characters truncated';
/** `PREEMPTIVE_CONTEXT_OVERFLOW_MESSAGE`: what OpenClaw throws at step 2. */
export const PREEMPTIVE_CONTEXT_OVERFLOW_MESSAGE = 'Context overflow: estimated context size exceeds safe threshold during tool loop.';

const ESTIMATE_TO_TEXT_RATIO = CHARS_PER_TOKEN_ESTIMATE / TOOL_RESULT_CHARS_PER_TOKEN_ESTIMATE;

/** `[... N more characters truncated]` with N = max(1, floor(n)). */
export function formatContextLimitTruncationNotice(truncatedChars: number): string {
  const n = Number.isFinite(truncatedChars) ? Math.max(1, Math.floor(truncatedChars)) : 1;
  return `[... ${n} ${CONTEXT_LIMIT_TRUNCATION_NOTICE}]`;
}

export interface GuardLimits {
  /** the window the limits were derived from (floored, at least 1) */
  contextWindowTokens: number;
  /** per tool result, in estimate units (text ×2) */
  maxSingleToolResultChars: number;
  /** whole context, in estimate units */
  maxContextChars: number;
}

export function guardLimits(contextWindowTokens: number): GuardLimits {
  const w = Math.max(1, Math.floor(contextWindowTokens));
  return {
    contextWindowTokens: w,
    maxSingleToolResultChars: Math.max(MIN_GUARD_CHARS, Math.floor(w * TOOL_RESULT_CHARS_PER_TOKEN_ESTIMATE * SINGLE_TOOL_RESULT_CONTEXT_SHARE)),
    maxContextChars: Math.max(MIN_GUARD_CHARS, Math.floor(w * CHARS_PER_TOKEN_ESTIMATE * PREEMPTIVE_OVERFLOW_RATIO)),
  };
}

function unknownChars(v: unknown): number {
  if (typeof v === 'string') return v.length;
  if (v === undefined) return 0;
  try {
    const s = JSON.stringify(v);
    return typeof s === 'string' ? s.length : 0; // functions, symbols: nothing serialised
  } catch {
    return UNKNOWN_VALUE_CHARS; // cycles, BigInt
  }
}

function blockChars(blocks: readonly unknown[]): number {
  let n = 0;
  for (const b of blocks) {
    if (isTextBlock(b)) n += b.text.length;
    else if (isRecord(b) && b.type === 'image') n += IMAGE_CHAR_ESTIMATE;
    else n += unknownChars(b);
  }
  return n;
}

const charsCache = new WeakMap<object, number>();

/**
 * OpenClaw's `estimateMessageChars` (tool-result-char-estimator.ts): user = text length, image 8000, other
 * blocks their JSON length; assistant = text + thinking + JSON of tool-call arguments (+ JSON of any other
 * block); tool result = (text + image 8000 + other blocks + `details`) × 2, rounded up; anything else 256.
 * Cached by message object, like OpenClaw's own `MessageCharEstimateCache` (messages are read-only).
 */
export function guardMessageChars(m: unknown): number {
  if (!isRecord(m)) return 0;
  const hit = charsCache.get(m);
  if (hit !== undefined) return hit;
  const v = computeMessageChars(m);
  charsCache.set(m, v);
  return v;
}

function computeMessageChars(m: Json): number {
  if (m.role === 'user') {
    if (typeof m.content === 'string') return m.content.length;
    return Array.isArray(m.content) ? blockChars(m.content) : 0;
  }
  if (m.role === 'assistant') {
    if (!Array.isArray(m.content)) return 0;
    let n = 0;
    for (const b of m.content) {
      if (!isRecord(b)) continue;
      if (b.type === 'text' && typeof b.text === 'string') n += b.text.length;
      else if (b.type === 'thinking' && typeof b.thinking === 'string') n += b.thinking.length;
      else if (b.type === 'toolCall') {
        try {
          n += JSON.stringify(b.arguments ?? {}).length;
        } catch {
          n += UNSERIALISABLE_ARGS_CHARS;
        }
      } else n += unknownChars(b);
    }
    return n;
  }
  if (isToolResultMessage(m)) {
    const chars = blockChars(contentBlocks(m.content)) + unknownChars(m.details);
    return Math.max(chars, Math.ceil(chars * ESTIMATE_TO_TEXT_RATIO));
  }
  return UNKNOWN_VALUE_CHARS;
}

/** Sum of `guardMessageChars` (OpenClaw's `estimateContextChars`). */
export function guardContextChars(messages: readonly unknown[]): number {
  let n = 0;
  for (const m of messages) n += guardMessageChars(m);
  return n;
}

/**
 * OpenClaw's `truncateTextToBudget`: at most `maxChars` characters including the notice; the cut moves back
 * to the last newline at or before the body budget when that newline lies beyond 70 % of it.
 */
export function truncateTextToBudget(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  if (maxChars <= 0) return formatContextLimitTruncationNotice(text.length);
  let bodyBudget = maxChars;
  for (let i = 0; i < 4; i++) {
    const suffix = formatContextLimitTruncationNotice(Math.max(1, text.length - bodyBudget));
    bodyBudget = Math.max(0, maxChars - suffix.length);
  }
  let cut = bodyBudget;
  const nl = text.lastIndexOf('\n', cut);
  if (nl > bodyBudget * NEWLINE_CUT_MIN_SHARE) cut = nl;
  return text.slice(0, cut) + formatContextLimitTruncationNotice(text.length - cut);
}

function withText(m: Json, text: string): AgentMessage {
  const { details: _dropped, ...rest } = m;
  return { ...rest, content: typeof m.content === 'string' || m.content === undefined ? text : [{ type: 'text', text }] };
}

type Json = Record<string, unknown>;

/** OpenClaw's `truncateToolResultToChars`: the message itself when it fits, else a truncated copy. */
export function truncateToolResult(m: AgentMessage, maxChars: number): AgentMessage {
  return truncateDetailed(m, maxChars).message;
}

function truncateDetailed(m: AgentMessage, maxChars: number): { message: AgentMessage; omitted: number } {
  if (!isToolResultMessage(m)) return { message: m, omitted: 0 };
  const est = guardMessageChars(m);
  if (est <= maxChars) return { message: m, omitted: 0 };
  const raw = joinedText(m.content);
  if (!raw) {
    const n = Math.max(1, Math.floor(Math.max(est - maxChars, 1) / ESTIMATE_TO_TEXT_RATIO));
    return { message: withText(m, formatContextLimitTruncationNotice(n)), omitted: n };
  }
  const textBudget = Math.max(0, Math.floor(maxChars / ESTIMATE_TO_TEXT_RATIO));
  if (textBudget <= 0) return { message: withText(m, formatContextLimitTruncationNotice(raw.length)), omitted: raw.length };
  if (raw.length <= textBudget) return { message: withText(m, raw), omitted: 0 };
  const cut = truncateTextToBudget(raw, textBudget);
  return { message: withText(m, cut), omitted: Math.max(1, raw.length - (cut.length - noticeLength(cut))) };
}

function noticeLength(text: string): number {
  const at = text.lastIndexOf('[... ');
  return at >= 0 ? text.length - at : 0;
}

export interface GuardOptions {
  /** the resolved context window of the run (tokens) */
  contextWindowTokens: number;
  /** tokenizer family for the report's token figures (default o200k) */
  family?: EstimatorFamily;
}

export interface GuardTruncation {
  index: number;
  /** OpenClaw's estimate of the tool result (estimate units) */
  estimateBefore: number;
  estimateAfter: number;
  /** characters of text before and after */
  textBefore: number;
  textAfter: number;
  /** N in the notice (0 when the text was kept whole and only images/details went) */
  omittedChars: number;
  detailsDropped: boolean;
  imagesDropped: number;
}

export interface GuardReport extends ViewReportBase {
  /** false when there is no usable window: nothing was done */
  ran: boolean;
  limits?: GuardLimits;
  truncations: GuardTruncation[];
  /** OpenClaw's whole-context estimate before and after step 1 (estimate units) */
  contextChars: { before: number; after: number };
  /** step 2: after truncation the context still exceeds `maxContextChars`; OpenClaw would throw */
  overflow: boolean;
  overflowError?: string;
}

export const GUARD_RULE = 'guard.truncate';

/** The context as OpenClaw's tool-result guard passes it to the model (plus the overflow verdict). */
export function toolResultGuardView(messages: readonly AgentMessage[], opts: GuardOptions): ViewResult<GuardReport> {
  const input = Array.isArray(messages) ? messages : [];
  const family = opts.family ?? 'o200k';
  const rb = new ReportBuilder(input, family, [GUARD_RULE]);
  const out = input.slice();
  const truncations: GuardTruncation[] = [];
  const window = Number(opts.contextWindowTokens);
  if (!Number.isFinite(window)) {
    return { messages: out, report: { ...rb.build(), ran: false, truncations, contextChars: { before: 0, after: 0 }, overflow: false } };
  }
  const limits = guardLimits(window);
  let before = 0;
  let after = 0;
  for (let i = 0; i < input.length; i++) {
    const m = input[i];
    const est = guardMessageChars(m);
    before += est;
    if (!isToolResultMessage(m) || est <= limits.maxSingleToolResultChars) {
      after += est;
      continue;
    }
    const { message: t, omitted } = truncateDetailed(m, limits.maxSingleToolResultChars);
    const estAfter = guardMessageChars(t);
    after += estAfter;
    out[i] = t;
    rb.add(i, GUARD_RULE, m, t);
    truncations.push({
      index: i,
      estimateBefore: est,
      estimateAfter: estAfter,
      textBefore: joinedText(m.content).length,
      textAfter: joinedText(t.content).length,
      omittedChars: omitted,
      detailsDropped: 'details' in m,
      imagesDropped: contentBlocks(m.content).filter((b) => isRecord(b) && b.type === 'image').length,
    });
  }
  const overflow = after > limits.maxContextChars;
  const report: GuardReport = { ...rb.build(), ran: true, limits, truncations, contextChars: { before, after }, overflow };
  if (overflow) report.overflowError = PREEMPTIVE_CONTEXT_OVERFLOW_MESSAGE;
  return { messages: out, report };
}
