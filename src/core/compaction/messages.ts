/**
 * Shared helpers for the in-memory context views (L1 soft trim, OpenClaw's tool-result guard, OpenClaw's
 * cache-TTL pruning): the pi/OpenClaw `AgentMessage` shapes (openclaw-formats.md §2.3) and the per-view
 * report with chars and tokens before → after.
 *
 * Views never write and never mutate their input: they return a new array in which untouched messages are
 * the input objects themselves and changed messages are new objects. Both must be treated as read-only
 * (the token cache below is keyed by message object).
 */
import type { EstimatorFamily } from '../tokens/estimator';
import { estimateMessage, forEachContentPiece } from '../tokens/messageText';

export type Json = Record<string, unknown>;
/** A pi/OpenClaw message as stored in `entry.message` (roles user, assistant, toolResult, custom, …). */
export type AgentMessage = Json;

export function isRecord(v: unknown): v is Json {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** OpenClaw's `isToolResultMessage`: role `toolResult`, the legacy role `tool`, or `type: "toolResult"`. */
export function isToolResultMessage(m: unknown): m is Json {
  return isRecord(m) && (m.role === 'toolResult' || m.role === 'tool' || m.type === 'toolResult');
}

/** Content as blocks: a string is one text block, an array is itself, anything else is no block. */
export function contentBlocks(content: unknown): unknown[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? content : [];
}

export function isTextBlock(b: unknown): b is { type: 'text'; text: string } {
  return isRecord(b) && b.type === 'text' && typeof b.text === 'string';
}

export function isImageBlock(b: unknown): boolean {
  return isRecord(b) && b.type === 'image';
}

/** The text blocks of a content value joined by `\n` (OpenClaw's `getToolResultText`). */
export function joinedText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let out = '';
  let first = true;
  for (const b of content) {
    if (!isTextBlock(b)) continue;
    out = first ? b.text : out + '\n' + b.text;
    first = false;
  }
  return out;
}

export function countImages(content: unknown): number {
  let n = 0;
  if (Array.isArray(content)) for (const b of content) if (isImageBlock(b)) n++;
  return n;
}

/** `JSON.stringify` that never throws (`undefined` for cycles, BigInt, …). */
export function safeJson(v: unknown): string | undefined {
  try {
    return JSON.stringify(v);
  } catch {
    return undefined;
  }
}

/** Slice that never leaves half of a surrogate pair at either end. */
export function sliceUtf16Safe(s: string, start: number, end = s.length): string {
  let a = Math.max(0, Math.min(start, s.length));
  let b = Math.max(a, Math.min(end, s.length));
  if (a > 0 && a < s.length && isLow(s.charCodeAt(a)) && isHigh(s.charCodeAt(a - 1))) a++;
  if (b < s.length && b > a && isHigh(s.charCodeAt(b - 1)) && isLow(s.charCodeAt(b))) b--;
  return s.slice(a, Math.max(a, b));
}

const isHigh = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/** `1 line`, `2 lines` */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Number of lines (`\n`-separated; an empty string has 0, a trailing newline does not open a line). */
export function lineCount(s: string): number {
  if (!s) return 0;
  let n = 1;
  for (let i = s.indexOf('\n'); i >= 0 && i < s.length - 1; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/** One line for a label: control characters and whitespace runs become one space; cut to `max` with `…`. */
export function oneLine(s: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const flat = s.replace(/[\u0000-\u001f\u007f\u2028\u2029\s]+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return sliceUtf16Safe(flat, 0, Math.max(0, max - 1)) + '…';
}

// ---------------------------------------------------------------------------------------------------
// Tool calls

export interface ToolCallInfo {
  /** index of the assistant message holding the call */
  index: number;
  id: string;
  name: string;
  arguments: unknown;
}

/** Every `toolCall` block of the assistant messages, by call id (the last one wins on a duplicate id). */
export function indexToolCalls(messages: readonly unknown[]): Map<string, ToolCallInfo> {
  const out = new Map<string, ToolCallInfo>();
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    if (!isRecord(m) || m.role !== 'assistant' || !Array.isArray(m.content)) continue;
    for (const b of m.content) {
      if (isRecord(b) && b.type === 'toolCall' && typeof b.id === 'string') {
        out.set(b.id, { index: i, id: b.id, name: typeof b.name === 'string' ? b.name : '', arguments: b.arguments });
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Measuring: model-visible chars and calibrated tokens, cached per message object

/**
 * Characters of a message the model sees: text and thinking, tool-call name + JSON arguments, tool-result
 * text, a `bashExecution`'s command + output, a summary. Images count 0 characters (their tokens are in
 * `messageTokens`). The legacy role `tool` is measured as a `toolResult`.
 */
export function visibleChars(m: unknown): number {
  if (!isRecord(m)) return 0;
  switch (m.role) {
    case 'user':
    case 'assistant':
    case 'custom':
    case 'toolResult':
    case 'tool': {
      let n = 0;
      forEachContentPiece(m.content, (p) => {
        if (p.kind === 'text') n += p.text.length;
        else if (p.kind === 'toolCall') n += p.name.length + p.args.length;
      });
      return n;
    }
    case 'bashExecution':
      return str(m.command).length + str(m.output).length;
    case 'compactionSummary':
    case 'branchSummary':
      return str(m.summary).length;
    default:
      return 0;
  }
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

interface Measure {
  chars: number;
  tokens: number;
}

const caches = new Map<EstimatorFamily, WeakMap<object, Measure>>();

/**
 * Chars and calibrated tokens (`estimateMessage`, i.e. `estimateTokens` per piece, rounded per message) of one
 * message, cached by object.
 */
export function measure(m: unknown, family: EstimatorFamily = 'o200k'): Measure {
  if (!isRecord(m)) return { chars: 0, tokens: 0 };
  let cache = caches.get(family);
  if (!cache) caches.set(family, (cache = new WeakMap()));
  const hit = cache.get(m);
  if (hit) return hit;
  let tokens: number;
  try {
    tokens = Math.round(estimateMessage(m.role === 'tool' ? { ...m, role: 'toolResult' } : m, family));
  } catch {
    tokens = 0; // a getter that throws, …: nothing we can measure
  }
  const v = { chars: visibleChars(m), tokens };
  cache.set(m, v);
  return v;
}

// ---------------------------------------------------------------------------------------------------
// Reports

export interface BeforeAfter {
  before: number;
  after: number;
}

/** One message a view changed. */
export interface ViewChange {
  index: number;
  /** the rule that changed it, e.g. `l1.tail`, `guard.truncate`, `pruning.hardClear` */
  rule: string;
  role: string;
  toolCallId?: string;
  toolName?: string;
  /** model-visible characters of the message */
  chars: BeforeAfter;
  /** calibrated token estimate of the message (`estimateTokens`) */
  tokens: BeforeAfter;
}

/** All the changes one rule made. */
export interface RuleSummary {
  rule: string;
  indices: number[];
  chars: BeforeAfter;
  tokens: BeforeAfter;
}

export interface ViewReportBase {
  /** estimator family the token figures use */
  family: EstimatorFamily;
  changes: ViewChange[];
  /** one entry per rule that changed something, in rule order */
  rules: RuleSummary[];
  /** the whole context before and after the view */
  chars: BeforeAfter;
  tokens: BeforeAfter;
}

export interface ViewResult<R extends ViewReportBase> {
  messages: AgentMessage[];
  report: R;
}

/** Collects changes and derives the report; totals use the per-message cache, so only new messages are measured. */
export class ReportBuilder {
  readonly changes: ViewChange[] = [];

  constructor(
    private readonly input: readonly unknown[],
    private readonly family: EstimatorFamily,
    private readonly ruleOrder: readonly string[],
  ) {}

  add(index: number, rule: string, before: unknown, after: unknown): void {
    const b = measure(before, this.family);
    const a = measure(after, this.family);
    const m = isRecord(before) ? before : {};
    const change: ViewChange = {
      index,
      rule,
      role: typeof m.role === 'string' ? m.role : typeof m.type === 'string' ? m.type : '',
      chars: { before: b.chars, after: a.chars },
      tokens: { before: b.tokens, after: a.tokens },
    };
    if (typeof m.toolCallId === 'string') change.toolCallId = m.toolCallId;
    if (typeof m.toolName === 'string') change.toolName = m.toolName;
    this.changes.push(change);
  }

  /** Drop the change recorded for `index` (a later rule replaced it again). */
  replace(index: number, rule: string, before: unknown, after: unknown): void {
    const at = this.changes.findIndex((c) => c.index === index);
    if (at >= 0) this.changes.splice(at, 1);
    this.add(index, rule, before, after);
  }

  build(): ViewReportBase {
    let charsBefore = 0;
    let tokensBefore = 0;
    for (const m of this.input) {
      const v = measure(m, this.family);
      charsBefore += v.chars;
      tokensBefore += v.tokens;
    }
    let dc = 0;
    let dt = 0;
    const byRule = new Map<string, RuleSummary>();
    this.changes.sort((x, y) => x.index - y.index);
    for (const c of this.changes) {
      dc += c.chars.after - c.chars.before;
      dt += c.tokens.after - c.tokens.before;
      let r = byRule.get(c.rule);
      if (!r) byRule.set(c.rule, (r = { rule: c.rule, indices: [], chars: { before: 0, after: 0 }, tokens: { before: 0, after: 0 } }));
      r.indices.push(c.index);
      r.chars.before += c.chars.before;
      r.chars.after += c.chars.after;
      r.tokens.before += c.tokens.before;
      r.tokens.after += c.tokens.after;
    }
    const rules = [...byRule.values()].sort((x, y) => rank(this.ruleOrder, x.rule) - rank(this.ruleOrder, y.rule));
    return {
      family: this.family,
      changes: this.changes,
      rules,
      chars: { before: charsBefore, after: charsBefore + dc },
      tokens: { before: tokensBefore, after: tokensBefore + dt },
    };
  }
}

function rank(order: readonly string[], rule: string): number {
  const i = order.indexOf(rule);
  return i < 0 ? order.length : i;
}
