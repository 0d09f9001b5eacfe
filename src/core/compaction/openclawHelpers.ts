/**
 * OpenClaw's compaction planning helpers (openclaw-formats.md §4.3, §5.3–§5.4), reproduced from the
 * behaviour of the OpenClaw the fixtures come from (2026.9.6: `src/agents/compaction-planning.ts`,
 * `src/agents/compaction.ts`, `packages/agent-core/src/harness/compaction/*`). Pure TypeScript, no I/O.
 *
 * Input messages are pi/OpenClaw `AgentMessage` objects, i.e. the `message` of a transcript `message`
 * entry (custom_message / branch_summary entries projected as `custom` / `branchSummary` messages).
 *
 * Where 2026.9.6 differs from the older code the reference describes (OC-4.12), 2026.9.6 wins and the
 * difference is noted here:
 * - the token estimate is CJK-weighted (`estimateStringChars`: a common CJK ideograph counts as 4
 *   characters) and images count 8000 characters (2000 tokens) in user, custom and toolResult
 *   messages (OC-4.12: pi's chars/4, 4800 per image, toolResult/custom only). Pass
 *   `{ estimate: piEstimateTokens }` (src/core/tokens/pi.ts) to every helper for OC-4.12 figures;
 * - `chunkMessagesByMaxTokens` never separates an assistant tool call from its results either (the
 *   reference: "OC-main additionally never splits an assistant tool-call from its tool results");
 * - `splitMessagesByTokenShare` works on the same atomic tool-call groups (same result as OC-4.12's
 *   pending-id backtracking except for an assistant that starts new calls while older ones are still
 *   unanswered: 2026.9.6 keeps both in one group);
 * - `pruneHistoryForContextShare` repairs the kept part after each dropped chunk as OpenClaw does (results
 *   moved after their call, synthetic "missing tool result" messages for unanswered calls) and returns
 *   the orphaned results it removed in `droppedMessagesList`.
 *
 * Not reproduced: OpenClaw's planning worker (≥ 64 messages are projected to bounded samples first;
 * estimates then differ by at most the rounding of one `ceil` per message).
 */

export type AgentMessage = Readonly<Record<string, unknown>>;
type Json = Record<string, unknown>;

/** Tokens of one message. */
export type MessageEstimator = (message: AgentMessage) => number;

export interface EstimateOptions {
  /** Per-message estimate; default `openclawEstimateTokens` (OpenClaw 2026.9.6). */
  estimate?: MessageEstimator;
}

// ---------------------------------------------------------------------------------------------- constants

/** Default share of the context window one summarisation chunk may take. */
export const BASE_CHUNK_RATIO = 0.4;
/** Lower bound of the adaptive chunk ratio. */
export const MIN_CHUNK_RATIO = 0.15;
/** Buffer for the estimate's inaccuracy. */
export const SAFETY_MARGIN = 1.2;
export const DEFAULT_PARTS = 2;
/** Prompt, system prompt, previous summary and wrappers of one summarisation call. */
export const SUMMARIZATION_OVERHEAD_TOKENS = 4096;
/** Summary of nothing. */
export const DEFAULT_SUMMARY_FALLBACK = 'No prior history.';
/** A message whose estimate × 1.2 exceeds this share of the window cannot be summarised. */
export const OVERSIZED_MESSAGE_SHARE = 0.5;
/** `computeAdaptiveChunkRatio` starts shrinking chunks above this average-message share. */
export const ADAPTIVE_RATIO_THRESHOLD = 0.1;
export const DEFAULT_MAX_HISTORY_SHARE = 0.5;
export const DEFAULT_MIN_MESSAGES_FOR_SPLIT = 4;
/** Characters one image block counts in the estimate (2000 tokens). */
export const IMAGE_BLOCK_CHARS = 8000;
/** `customType` of OpenClaw's hidden runtime context: never model-visible, never estimated. */
export const RUNTIME_CONTEXT_CUSTOM_TYPE = 'openclaw.runtime-context';
export const MAX_COMPACTION_SUMMARY_CHARS = 16_000;
export const SUMMARY_TRUNCATED_MARKER = '\n\n[Compaction summary truncated to fit budget]';
export const MAX_FILE_OPS_SECTION_CHARS = 2000;
export const MAX_FILE_OPS_LIST_CHARS = 900;
const IMAGE_OMISSION = '[image data omitted from summary input]';
const NON_TEXT_OMISSION = '[non-text data omitted from summary input]';
/** OpenClaw adds this many characters on top of the omission notes of one message. */
const OMISSION_OVERHEAD_CHARS = 17;

// ---------------------------------------------------------------------------------------------- UTF-16

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

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

// ---------------------------------------------------------------------------------------------- estimate

/**
 * Weighted CJK ranges of OpenClaw's `estimateStringChars` (packages/normalization-core/src/cjk-chars.ts):
 * [weight in characters a code point counts for, first, last]. A surrogate pair already counts 2.
 */
const CJK_WEIGHTS: ReadonlyArray<readonly [number, number, number]> = [
  // common CJK: 1 token
  [4, 0xb7, 0xb7], [4, 0x3000, 0x319f], [4, 0x4e00, 0x9fa5], [4, 0xac00, 0xd7af], [4, 0xff01, 0xff60],
  // rarer BMP ideographs, radicals, Yi, Hangul Jamo: 3 tokens
  [12, 0x1100, 0x11ff], [12, 0x2e80, 0x2fff], [12, 0x31a0, 0x4dff], [12, 0x9fa6, 0x9fff], [12, 0xa000, 0xa4ff],
  [12, 0xa700, 0xa707], [12, 0xa960, 0xa97f], [12, 0xd7b0, 0xd7ff], [12, 0xf900, 0xfaff],
  // tone marks, vertical/small forms, halfwidth forms: 2 tokens
  [8, 0x2c7, 0x2c7], [8, 0x2c9, 0x2cb], [8, 0x2d9, 0x2d9], [8, 0x2ea, 0x2eb], [8, 0x305, 0x305], [8, 0x323, 0x323],
  [8, 0xfe10, 0xfe4f], [8, 0xff61, 0xffdc], [8, 0xffe0, 0xffe6],
  // counting-rod numerals: 3 tokens
  [12, 0x1d360, 0x1d371],
  // supplementary ideographs, kana supplements, enclosed ideographic supplement: 4 tokens
  [16, 0x16fe0, 0x16fff], [16, 0x1aff0, 0x1afff], [16, 0x1b000, 0x1b16f], [16, 0x1f200, 0x1f2ff], [16, 0x20000, 0x2fa1f],
  [16, 0x30000, 0x3347f],
];

let weightTable: Uint8Array | undefined;
function cjkWeightTable(): Uint8Array {
  if (weightTable) return weightTable;
  let max = 0;
  for (const [, , last] of CJK_WEIGHTS) max = Math.max(max, last);
  const t = new Uint8Array(max + 1);
  for (const [w, first, last] of CJK_WEIGHTS) t.fill(w, first, last + 1);
  return (weightTable = t);
}

const NON_ASCII = /[^\x00-\x7f]/;

/**
 * OpenClaw's CJK-aware character count: `s.length`, plus the extra weight of each weighted CJK code
 * point (a common ideograph counts 4, so chars/4 gives 1 token for it).
 */
export function estimateStringChars(s: string): number {
  if (!NON_ASCII.test(s)) return s.length;
  const table = cjkWeightTable();
  let extra = 0;
  for (let i = 0; i < s.length; i++) {
    let cp = s.charCodeAt(i);
    if (cp < 0x80) continue;
    let units = 1;
    if (isHigh(cp) && i + 1 < s.length && isLow(s.charCodeAt(i + 1))) {
      cp = 0x10000 + ((cp - 0xd800) << 10) + (s.charCodeAt(i + 1) - 0xdc00);
      units = 2;
      i++;
    }
    const w = cp < table.length ? table[cp]! : 0;
    if (w) extra += w - units;
  }
  return s.length + extra;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** JSON text of a tool-call argument value as OpenClaw measures it. */
export function stringifyCompactionValue(v: unknown): string {
  try {
    return JSON.stringify(v) ?? 'undefined';
  } catch {
    return '[unserializable]';
  }
}

function blockText(b: Json): string {
  const t = b.type;
  if ((t === 'text' || t === 'toolResult' || t === 'tool_result') && typeof b.text === 'string' && b.text) return b.text;
  return (t === 'toolResult' || t === 'tool_result') && typeof b.content === 'string' ? b.content : '';
}

/** The text compaction sees in a content value, and the notes for what it cannot see (images …). */
export function compactionContent(content: unknown): { text: string; omissionText: string } {
  if (typeof content === 'string') return { text: content, omissionText: '' };
  if (!Array.isArray(content)) return { text: '', omissionText: '' };
  const texts: string[] = [];
  const omissions = new Set<string>();
  for (const b of content) {
    if (!isObj(b)) continue;
    const t = blockText(b);
    if (b.type !== 'text' && !t) omissions.add(b.type === 'image' ? IMAGE_OMISSION : NON_TEXT_OMISSION);
    if (t) texts.push(t);
  }
  return { text: texts.join('\n'), omissionText: [...omissions].join('\n') };
}

function contentChars(content: unknown): number {
  const { text, omissionText } = compactionContent(content);
  const images = Array.isArray(content) ? content.filter((b) => isObj(b) && b.type === 'image').length : 0;
  return estimateStringChars(text) + images * IMAGE_BLOCK_CHARS + (omissionText ? omissionText.length + OMISSION_OVERHEAD_CHARS : 0);
}

/** ` sender={"id":…}` that OpenClaw adds to a user message carrying `__openclaw.senderId` (it is estimated too). */
export function persistedSenderSuffix(message: AgentMessage): string {
  if (message.role !== 'user') return '';
  const meta = message.__openclaw;
  if (!isObj(meta)) return '';
  const norm = (v: unknown) => (typeof v === 'string' ? v.replaceAll('\0', '').trim() || undefined : undefined);
  const sender = { id: norm(meta.senderId), name: norm(meta.senderName), username: norm(meta.senderUsername) };
  return sender.id ? ` sender=${JSON.stringify(sender)}` : '';
}

/** OpenClaw 2026.9.6 `estimateTokens(message)` (the compaction estimate): ceil(weighted chars / 4). */
export function openclawEstimateTokens(message: AgentMessage): number {
  if (!isObj(message)) return 0;
  if (message.excludeFromContext === true) return 0;
  let chars = 0;
  switch (message.role) {
    case 'assistant':
      if (!Array.isArray(message.content)) return 0;
      for (const b of message.content) {
        if (!isObj(b)) continue;
        if (b.type === 'text') chars += estimateStringChars(str(b.text));
        else if (b.type === 'thinking') chars += estimateStringChars(str(b.thinking));
        else if (b.type === 'toolCall') chars += estimateStringChars(str(b.name)) + estimateStringChars(stringifyCompactionValue(b.arguments));
      }
      return Math.ceil(chars / 4);
    case 'user':
      return Math.ceil((contentChars(message.content) + estimateStringChars(persistedSenderSuffix(message))) / 4);
    case 'custom':
    case 'toolResult':
      return Math.ceil(contentChars(message.content) / 4);
    case 'bashExecution':
      return Math.ceil((estimateStringChars(str(message.command)) + estimateStringChars(str(message.output))) / 4);
    case 'branchSummary':
    case 'compactionSummary':
      return Math.ceil(estimateStringChars(str(message.summary)) / 4);
    default:
      return 0;
  }
}

/** OpenClaw's hidden runtime-context message (stripped before any estimate or summary). */
export function isRuntimeContextMessage(m: AgentMessage): boolean {
  return isObj(m) && m.role === 'custom' && m.customType === RUNTIME_CONTEXT_CUSTOM_TYPE;
}

/** What compaction may see: runtime context removed, `toolResult.details` dropped (copies, input untouched). */
export function sanitizeCompactionMessages(messages: readonly AgentMessage[]): AgentMessage[] {
  const out: AgentMessage[] = [];
  for (const m of messages) {
    if (isRuntimeContextMessage(m)) continue;
    if (isObj(m) && m.role === 'toolResult' && 'details' in m) {
      const { details: _details, ...rest } = m;
      out.push(rest);
    } else out.push(m);
  }
  return out;
}

/** One estimate per input message (runtime context counts 0). */
export function estimatePerMessageTokens(messages: readonly AgentMessage[], opts: EstimateOptions = {}): number[] {
  const est = opts.estimate ?? openclawEstimateTokens;
  return messages.map((m) => (isRuntimeContextMessage(m) ? 0 : est(m)));
}

/** OpenClaw `estimateMessagesTokens`: Σ of the estimate over the sanitised messages. */
export function estimateMessagesTokens(messages: readonly AgentMessage[], opts: EstimateOptions = {}): number {
  let sum = 0;
  for (const t of estimatePerMessageTokens(messages, opts)) sum += t;
  return sum;
}

// ---------------------------------------------------------------------------------------------- tool calls

const TOOL_CALL_TYPES = new Set(['toolCall', 'toolUse', 'functionCall']);
const RESULT_ID_KEYS = ['toolCallId', 'toolUseId', 'tool_call_id', 'tool_use_id', 'callId', 'call_id'] as const;

export interface ToolCallRef {
  id: string;
  name?: string;
}

/** The tool calls of an assistant message (blocks `toolCall`/`toolUse`/`functionCall` with an id). */
export function extractToolCalls(message: AgentMessage): ToolCallRef[] {
  if (!isObj(message) || !Array.isArray(message.content)) return [];
  const out: ToolCallRef[] = [];
  for (const b of message.content) {
    if (!isObj(b) || typeof b.type !== 'string' || !TOOL_CALL_TYPES.has(b.type) || typeof b.id !== 'string' || !b.id) continue;
    out.push(typeof b.name === 'string' ? { id: b.id, name: b.name } : { id: b.id });
  }
  return out;
}

/** The call id a tool result answers (first of `toolCallId`, `toolUseId`, … that is a non-empty string). */
export function extractToolResultId(message: AgentMessage): string | null {
  if (!isObj(message)) return null;
  for (const k of RESULT_ID_KEYS) {
    const v = message[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return null;
}

/** Pending call ids counted by occurrence (a provider may reuse an id). */
class PendingCalls {
  private readonly byId = new Map<string, number>();
  size = 0;
  add(id: string): void {
    this.byId.set(id, (this.byId.get(id) ?? 0) + 1);
    this.size++;
  }
  claim(id: string): boolean {
    const n = this.byId.get(id);
    if (!n) return false;
    if (n === 1) this.byId.delete(id);
    else this.byId.set(id, n - 1);
    this.size--;
    return true;
  }
  clear(): void {
    this.byId.clear();
    this.size = 0;
  }
}

/**
 * Atomic groups: a message alone, or an assistant with tool calls together with everything up to the
 * last of its results. An aborted/error assistant opens no group; a result without an id closes it.
 * Calls `visit(start, end, tokens)` per group.
 */
export function forEachMessageGroup(messages: readonly AgentMessage[], perMessage: readonly number[], visit: (start: number, end: number, tokens: number) => void): void {
  let start = 0;
  let tokens = 0;
  let pending = new PendingCalls();
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    tokens += perMessage[i] ?? 0;
    if (m.role === 'assistant') {
      pending = new PendingCalls();
      if (m.stopReason !== 'aborted' && m.stopReason !== 'error') for (const c of extractToolCalls(m)) pending.add(c.id);
    } else if (m.role === 'toolResult' && pending.size > 0) {
      const id = extractToolResultId(m);
      if (id) pending.claim(id);
      else pending.clear();
    }
    if (pending.size === 0) {
      visit(start, i + 1, tokens);
      start = i + 1;
      tokens = 0;
    }
  }
  if (start < messages.length) visit(start, messages.length, tokens);
}

/** Greedy chunks of whole groups: a new chunk starts when the next group would push it over `maxTokens`. */
export function chunkMessageGroups(messages: readonly AgentMessage[], maxTokens: number, perMessage: readonly number[], maxChunks = Number.POSITIVE_INFINITY): AgentMessage[][] {
  const chunks: AgentMessage[][] = [];
  let chunkStart = 0;
  let current = 0;
  forEachMessageGroup(messages, perMessage, (start, _end, tokens) => {
    if (start > chunkStart && chunks.length < maxChunks - 1 && current + tokens > maxTokens) {
      chunks.push(messages.slice(chunkStart, start));
      chunkStart = start;
      current = 0;
    }
    current += tokens;
  });
  if (chunkStart < messages.length) chunks.push(messages.slice(chunkStart));
  return chunks;
}

// ---------------------------------------------------------------------------------------------- planning

/**
 * Chunks for rolling summarisation (OpenClaw `buildSummaryChunks`): the sanitised messages cut greedily
 * at `max(1, floor(maxTokens / 1.2))` tokens per chunk, never inside a tool-call group. A group larger
 * than that alone fills its chunk.
 */
export function chunkMessagesByMaxTokens(messages: readonly AgentMessage[], maxTokens: number, opts: EstimateOptions = {}): AgentMessage[][] {
  const safe = sanitizeCompactionMessages(messages);
  if (safe.length === 0) return [];
  const effectiveMax = Math.max(1, Math.floor(maxTokens / SAFETY_MARGIN));
  return chunkMessageGroups(safe, effectiveMax, estimatePerMessageTokens(safe, opts));
}

/**
 * Share of the window one chunk may take: 0.4, shrunk by twice the average message's share (× 1.2)
 * once that exceeds 0.1, never below 0.15.
 */
export function computeAdaptiveChunkRatio(messages: readonly AgentMessage[], contextWindow: number, opts: EstimateOptions = {}): number {
  if (messages.length === 0) return BASE_CHUNK_RATIO;
  const avgRatio = ((estimateMessagesTokens(messages, opts) / messages.length) * SAFETY_MARGIN) / contextWindow;
  if (avgRatio > ADAPTIVE_RATIO_THRESHOLD) {
    const reduction = Math.min(avgRatio * 2, BASE_CHUNK_RATIO - MIN_CHUNK_RATIO);
    return Math.max(MIN_CHUNK_RATIO, BASE_CHUNK_RATIO - reduction);
  }
  return BASE_CHUNK_RATIO;
}

/** The safeguard's chunk budget: `max(1, floor(window × adaptive ratio) − 4096)`. */
export function maxChunkTokensFor(messages: readonly AgentMessage[], contextWindow: number, opts: EstimateOptions = {}): number {
  return Math.max(1, Math.floor(contextWindow * computeAdaptiveChunkRatio(messages, contextWindow, opts)) - SUMMARIZATION_OVERHEAD_TOKENS);
}

/** One message too large to summarise: estimate × 1.2 > half the window. */
export function isOversizedForSummary(message: AgentMessage, contextWindow: number, opts: EstimateOptions = {}): boolean {
  const tokens = estimatePerMessageTokens([message], opts)[0]!;
  return tokens * SAFETY_MARGIN > contextWindow * OVERSIZED_MESSAGE_SHARE;
}

/** Parts clamped to [1, message count]; non-finite or ≤ 1 → 1. */
export function normalizeCompactionParts(parts: number, messageCount: number): number {
  if (!Number.isFinite(parts) || parts <= 1) return 1;
  return Math.min(Math.max(1, Math.floor(parts)), Math.max(1, messageCount));
}

/**
 * At most `parts` chunks of about equal token share (target = total / parts), cut only between whole
 * tool-call groups: an assistant's tool calls and their results always stay in one chunk.
 */
export function splitMessagesByTokenShare(messages: readonly AgentMessage[], parts = DEFAULT_PARTS, opts: EstimateOptions = {}): AgentMessage[][] {
  if (messages.length === 0) return [];
  const n = normalizeCompactionParts(parts, messages.length);
  if (n <= 1) return [messages.slice()];
  const per = estimatePerMessageTokens(messages, opts);
  const total = per.reduce((a, b) => a + b, 0);
  return chunkMessageGroups(messages, total / n, per, n);
}

export type StageSplitPlan = { mode: 'single' } | { mode: 'split'; chunks: AgentMessage[][] };

/**
 * Whether `summarizeInStages` summarises in one pass or in parts: single when parts ≤ 1, fewer than
 * max(2, minMessagesForSplit) messages, or the total fits `maxChunkTokens`.
 */
export function buildStageSplitPlan(params: { messages: readonly AgentMessage[]; maxChunkTokens: number; parts?: number; minMessagesForSplit?: number }, opts: EstimateOptions = {}): StageSplitPlan {
  const minMessages = Math.max(2, params.minMessagesForSplit ?? DEFAULT_MIN_MESSAGES_FOR_SPLIT);
  const parts = normalizeCompactionParts(params.parts ?? DEFAULT_PARTS, params.messages.length);
  if (parts <= 1 || params.messages.length < minMessages) return { mode: 'single' };
  const per = estimatePerMessageTokens(params.messages, opts);
  const total = per.reduce((a, b) => a + b, 0);
  if (total <= params.maxChunkTokens) return { mode: 'single' };
  const chunks = chunkMessageGroups(params.messages, total / parts, per, parts);
  return chunks.length > 1 ? { mode: 'split', chunks } : { mode: 'single' };
}

export interface OversizedFallbackPlan {
  smallMessages: AgentMessage[];
  oversizedNotes: string[];
}

/**
 * The second attempt of `summarizeWithFallback`: summarise only what fits. Oversized messages become a
 * note `[Large <role> (~<N>K tokens) omitted from summary]`; when the oversized one is part of a
 * tool-call group (assistant or tool result), the group's other assistant/tool messages go too.
 */
export function buildOversizedFallbackPlan(params: { messages: readonly AgentMessage[]; contextWindow: number }, opts: EstimateOptions = {}): OversizedFallbackPlan {
  const smallMessages: AgentMessage[] = [];
  const oversizedNotes: string[] = [];
  const per = estimatePerMessageTokens(params.messages, opts);
  const threshold = params.contextWindow * OVERSIZED_MESSAGE_SHARE;
  forEachMessageGroup(params.messages, per, (start, end) => {
    let omitToolBatch = false;
    for (let i = start; i < end; i++) {
      if (per[i]! * SAFETY_MARGIN > threshold) {
        const m = params.messages[i]!;
        oversizedNotes.push(`[Large ${String(m.role)} (~${Math.round(per[i]! / 1000)}K tokens) omitted from summary]`);
        omitToolBatch ||= m.role === 'assistant' || m.role === 'toolResult';
      }
    }
    for (let i = start; i < end; i++) {
      if (per[i]! * SAFETY_MARGIN > threshold) continue;
      const m = params.messages[i]!;
      if (!omitToolBatch || (m.role !== 'assistant' && m.role !== 'toolResult')) smallMessages.push(m);
    }
  });
  return { smallMessages, oversizedNotes };
}

export const SYNTHETIC_MISSING_TOOL_RESULT_DETAIL_KEY = 'openclawSyntheticMissingToolResult';
export const DEFAULT_MISSING_TOOL_RESULT_TEXT = '[openclaw] missing tool result in session history; inserted synthetic error result for transcript repair.';

/** A tool result OpenClaw inserted for a call that had none. */
export function isSyntheticMissingToolResult(m: AgentMessage): boolean {
  if (m.isError !== true) return false;
  if (isObj(m.details) && m.details[SYNTHETIC_MISSING_TOOL_RESULT_DETAIL_KEY] === true) return true;
  return Array.isArray(m.content) && m.content.some((b) => isObj(b) && b.type === 'text' && b.text === DEFAULT_MISSING_TOOL_RESULT_TEXT);
}

function makeMissingToolResult(toolCallId: string, toolName: string | undefined): AgentMessage {
  return {
    role: 'toolResult',
    toolCallId,
    toolName: toolName ?? 'unknown',
    content: [{ type: 'text', text: DEFAULT_MISSING_TOOL_RESULT_TEXT }],
    details: { [SYNTHETIC_MISSING_TOOL_RESULT_DETAIL_KEY]: true, reason: 'missing_tool_result' },
    isError: true,
    timestamp: Date.now(),
  };
}

const trimmedOrUndefined = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

function normalizeToolResultName(m: AgentMessage, fallback: string | undefined): AgentMessage {
  const raw = m.toolName;
  const name = trimmedOrUndefined(raw);
  if (name) return raw === name ? m : { ...m, toolName: name };
  const fb = trimmedOrUndefined(fallback);
  if (fb) return { ...m, toolName: fb };
  return typeof raw === 'string' ? { ...m, toolName: 'unknown' } : m;
}

/** A result without an id answers the single call of its assistant (when the names agree); it is then an error. */
function normalizeLegacyToolResultId(m: AgentMessage, calls: readonly ToolCallRef[]): AgentMessage {
  if (extractToolResultId(m) || calls.length !== 1) return m;
  const call = calls[0]!;
  const resultName = trimmedOrUndefined(m.toolName);
  const callName = trimmedOrUndefined(call.name);
  if (resultName && callName && resultName !== callName) return m;
  return { ...m, toolCallId: call.id, isError: true };
}

export interface ToolCallOccurrence {
  id: string;
  name?: string;
  /** The (name-normalised) result answering it. */
  result?: AgentMessage;
  /** The input message that result came from. */
  sourceResult?: AgentMessage;
  sourceIndex?: number;
}

export interface ToolFrame {
  startIndex: number;
  endIndex: number;
  assistant: AgentMessage;
  /** Non-result messages between the assistant and the next assistant with calls. */
  remainder: AgentMessage[];
  occurrences: ToolCallOccurrence[];
  /** The assistant ended in error/abort: its calls get no synthetic results. */
  failed: boolean;
}

/**
 * OpenClaw's call/result ownership: each assistant with tool calls opens a frame up to the next one;
 * results in its frame answer its calls by id (by occurrence), a later result answers an earlier
 * unanswered call when exactly one matches; duplicates and results answering nothing are dropped.
 */
export function classifyToolUseResultPairing(messages: readonly AgentMessage[]): { frames: ToolFrame[]; dropped: Array<{ message: AgentMessage; index: number }>; droppedOrphanCount: number; droppedDuplicateCount: number } {
  const starts: number[] = [];
  messages.forEach((m, i) => {
    if (m.role === 'assistant' && extractToolCalls(m).length > 0) starts.push(i);
  });
  const dropped: Array<{ message: AgentMessage; index: number }> = [];
  let droppedOrphanCount = 0;
  let droppedDuplicateCount = 0;
  const unresolved = new Map<string, ToolCallOccurrence[]>();
  const frames: ToolFrame[] = [];
  starts.forEach((startIndex, f) => {
    const assistant = messages[startIndex]!;
    const calls = extractToolCalls(assistant);
    const occurrences: ToolCallOccurrence[] = calls.map((c) => (c.name !== undefined ? { id: c.id, name: c.name } : { id: c.id }));
    const endIndex = starts[f + 1] ?? messages.length;
    const remainder: AgentMessage[] = [];
    const unclaimed: Array<{ result: AgentMessage; source: AgentMessage; index: number; id: string | null }> = [];
    const synthetic = new Map<string, ToolCallOccurrence[]>();
    for (let i = startIndex + 1; i < endIndex; i++) {
      const m = messages[i]!;
      if (!isObj(m)) continue;
      if (m.role !== 'toolResult') {
        remainder.push(m);
        continue;
      }
      const normalized = normalizeLegacyToolResultId(m, calls);
      const id = extractToolResultId(normalized);
      const occ = id ? occurrences.find((o) => o.id === id && !o.sourceResult) : undefined;
      if (occ) {
        occ.result = normalizeToolResultName(normalized, occ.name);
        occ.sourceResult = m;
        occ.sourceIndex = i;
        if (isSyntheticMissingToolResult(occ.result)) synthetic.set(occ.id, [...(synthetic.get(occ.id) ?? []), occ]);
        continue;
      }
      if (!id || !occurrences.some((o) => o.id === id)) {
        unclaimed.push({ result: normalized, source: m, index: i, id });
        continue;
      }
      droppedDuplicateCount++;
      const replaceable = !isSyntheticMissingToolResult(normalized) ? synthetic.get(id)?.shift() : undefined;
      if (replaceable) {
        if (replaceable.sourceResult) dropped.push({ message: replaceable.sourceResult, index: replaceable.sourceIndex ?? i });
        replaceable.result = normalizeToolResultName(normalized, replaceable.name);
        replaceable.sourceResult = m;
        replaceable.sourceIndex = i;
      } else dropped.push({ message: m, index: i });
    }
    for (const o of occurrences) if (!o.result || isSyntheticMissingToolResult(o.result)) unresolved.set(o.id, [...(unresolved.get(o.id) ?? []), o]);
    for (const u of unclaimed) {
      const candidates = u.id ? (unresolved.get(u.id) ?? []).filter((c) => !c.result || (isSyntheticMissingToolResult(c.result) && !isSyntheticMissingToolResult(u.result))) : [];
      if (candidates.length !== 1) {
        droppedOrphanCount++;
        dropped.push({ message: u.source, index: u.index });
        continue;
      }
      const c = candidates[0]!;
      if (c.result) {
        droppedDuplicateCount++;
        if (isSyntheticMissingToolResult(c.result) && c.sourceResult) dropped.push({ message: c.sourceResult, index: c.sourceIndex ?? u.index });
      }
      c.result = normalizeToolResultName(u.result, c.name);
      c.sourceResult = u.source;
      c.sourceIndex = u.index;
    }
    frames.push({ startIndex, endIndex, assistant, remainder, occurrences, failed: assistant.stopReason === 'error' || assistant.stopReason === 'aborted' });
  });
  return { frames, dropped, droppedOrphanCount, droppedDuplicateCount };
}

export interface ToolPairingRepair {
  messages: AgentMessage[];
  /** Synthetic results inserted for calls without one. */
  added: AgentMessage[];
  /** Orphaned and duplicate results removed, in input order. */
  discarded: AgentMessage[];
  droppedOrphanCount: number;
  droppedDuplicateCount: number;
}

/**
 * OpenClaw `repairToolUseResultPairing`: each assistant's results directly after it in call order,
 * a synthetic error result for a call left unanswered (not after an error/aborted assistant),
 * orphaned and duplicate results removed.
 */
export function repairToolUseResultPairing(messages: readonly AgentMessage[]): ToolPairingRepair {
  const { frames, dropped, droppedDuplicateCount, droppedOrphanCount: classifiedOrphans } = classifyToolUseResultPairing(messages);
  let droppedOrphanCount = classifiedOrphans;
  const discarded = dropped.slice();
  const out: AgentMessage[] = [];
  const added: AgentMessage[] = [];
  let cursor = 0;
  const pushUnframed = (end: number) => {
    for (; cursor < end; cursor++) {
      const m = messages[cursor]!;
      if (!isObj(m)) continue;
      if (m.role === 'toolResult') {
        droppedOrphanCount++;
        discarded.push({ message: m, index: cursor });
        continue;
      }
      out.push(m);
    }
  };
  for (const frame of frames) {
    pushUnframed(frame.startIndex);
    cursor = frame.endIndex;
    out.push(frame.assistant);
    for (const o of frame.occurrences) {
      if (o.result) out.push(o.result);
      else if (!frame.failed) {
        const missing = makeMissingToolResult(o.id, o.name);
        o.result = missing;
        added.push(missing);
        out.push(missing);
      }
    }
    out.push(...frame.remainder);
  }
  pushUnframed(messages.length);
  discarded.sort((a, b) => a.index - b.index);
  const changed = out.length !== messages.length || out.some((m, i) => m !== messages[i]);
  return { messages: changed ? out : messages.slice(), added, discarded: discarded.map((d) => d.message), droppedOrphanCount, droppedDuplicateCount };
}

export interface PruneResult {
  messages: AgentMessage[];
  droppedMessagesList: AgentMessage[];
  droppedChunks: number;
  droppedMessages: number;
  droppedTokens: number;
  keptTokens: number;
  budgetTokens: number;
}

/**
 * Hard cut to a history budget (`max(1, floor(window × share))`, share 0.5): while the messages need
 * a split (`buildStageSplitPlan` with the budget as chunk limit and minMessagesForSplit 2), drop the
 * oldest token-share chunk and the tool results orphaned by it. `droppedMessagesList` is in input order.
 */
export function pruneHistoryForContextShare(
  params: { messages: readonly AgentMessage[]; maxContextTokens: number; maxHistoryShare?: number; parts?: number },
  opts: EstimateOptions = {},
): PruneResult {
  const share = params.maxHistoryShare ?? DEFAULT_MAX_HISTORY_SHARE;
  const budgetTokens = Math.max(1, Math.floor(params.maxContextTokens * share));
  let kept: AgentMessage[] = params.messages.slice();
  const dropped: AgentMessage[] = [];
  let droppedChunks = 0;
  const parts = normalizeCompactionParts(params.parts ?? DEFAULT_PARTS, kept.length);
  const order = new Map<AgentMessage, number>();
  params.messages.forEach((m, i) => {
    if (!order.has(m)) order.set(m, i);
  });
  while (kept.length > 0) {
    const plan = buildStageSplitPlan({ messages: kept, maxChunkTokens: budgetTokens, minMessagesForSplit: 2, parts }, opts);
    if (plan.mode === 'single') break;
    const repaired = repairToolUseResultPairing(plan.chunks.slice(1).flat());
    droppedChunks++;
    dropped.push(...plan.chunks[0]!, ...repaired.discarded);
    kept = repaired.messages;
  }
  dropped.sort((a, b) => (order.get(a) ?? params.messages.length) - (order.get(b) ?? params.messages.length));
  return {
    messages: kept,
    droppedMessagesList: dropped,
    droppedChunks,
    droppedMessages: dropped.length,
    droppedTokens: estimateMessagesTokens(dropped, opts),
    keptTokens: estimateMessagesTokens(kept, opts),
    budgetTokens,
  };
}

export interface HistoryPrunePlan {
  summarizableTokens: number;
  newContentTokens: number;
  maxHistoryTokens: number;
  pruned?: PruneResult;
}

/**
 * The safeguard's pre-step: new content = tokensBefore − what will be summarised; when it exceeds
 * `floor(window × share × 1.2)`, the history to summarise is pruned (`pruneHistoryForContextShare`).
 */
export function buildHistoryPrunePlan(
  params: { messagesToSummarize: readonly AgentMessage[]; turnPrefixMessages: readonly AgentMessage[]; tokensBefore: number; contextWindowTokens: number; maxHistoryShare?: number; parts?: number },
  opts: EstimateOptions = {},
): HistoryPrunePlan {
  const share = params.maxHistoryShare ?? DEFAULT_MAX_HISTORY_SHARE;
  const summarizableTokens = estimateMessagesTokens(params.messagesToSummarize, opts) + estimateMessagesTokens(params.turnPrefixMessages, opts);
  const newContentTokens = Math.max(0, Math.floor(params.tokensBefore - summarizableTokens));
  const maxHistoryTokens = Math.floor(params.contextWindowTokens * share * SAFETY_MARGIN);
  const plan: HistoryPrunePlan = { summarizableTokens, newContentTokens, maxHistoryTokens };
  if (newContentTokens <= maxHistoryTokens) return plan;
  const pruneParams: { messages: readonly AgentMessage[]; maxContextTokens: number; maxHistoryShare: number; parts?: number } = {
    messages: params.messagesToSummarize,
    maxContextTokens: params.contextWindowTokens,
    maxHistoryShare: share,
  };
  if (params.parts !== undefined) pruneParams.parts = params.parts;
  return { ...plan, pruned: pruneHistoryForContextShare(pruneParams, opts) };
}

// ---------------------------------------------------------------------------------------------- file operations

export interface FileOps {
  read: Set<string>;
  written: Set<string>;
  edited: Set<string>;
}

export function createFileOps(): FileOps {
  return { read: new Set(), written: new Set(), edited: new Set() };
}

function fileToolName(v: unknown): string {
  const name = typeof v === 'string' ? v.toLowerCase() : '';
  const sep = name.indexOf('__', name.startsWith('mcp__') ? 5 : 0);
  return sep < 0 ? name : name.slice(sep + 2);
}

function addPaths(target: Set<string>, v: unknown): void {
  if (Array.isArray(v)) for (const p of v) if (typeof p === 'string') target.add(p);
}

/**
 * pi/OpenClaw file tracking: `read`/`write`/`edit` tool calls (also `mcp__x__read` …) with `path`,
 * `file_path` or `filePath`, and `apply_patch` results' `details.summary.added/modified`.
 */
export function extractFileOpsFromMessage(message: AgentMessage, ops: FileOps): void {
  if (message.role === 'toolResult') {
    if (fileToolName(message.toolName) !== 'apply_patch') return;
    for (const r of [message, ...(Array.isArray(message.content) ? message.content : [])]) {
      const details = isObj(r) && isObj(r.details) ? r.details : undefined;
      const summary = details && isObj(details.summary) ? details.summary : undefined;
      addPaths(ops.written, summary?.added);
      addPaths(ops.edited, summary?.modified);
    }
    return;
  }
  if (message.role !== 'assistant' || !Array.isArray(message.content)) return;
  for (const b of message.content) {
    if (!isObj(b) || b.type !== 'toolCall') continue;
    const args = isObj(b.arguments) ? b.arguments : undefined;
    const p = [args?.path, args?.file_path, args?.filePath].find((v): v is string => typeof v === 'string');
    if (!p) continue;
    const name = fileToolName(b.name);
    if (name === 'read') ops.read.add(p);
    else if (name === 'write') ops.written.add(p);
    else if (name === 'edit') ops.edited.add(p);
  }
}

/** Read files (minus the modified ones) and modified files (edited ∪ written), each sorted. */
export function computeFileLists(ops: FileOps): { readFiles: string[]; modifiedFiles: string[] } {
  const modified = new Set([...ops.edited, ...ops.written]);
  return { readFiles: [...ops.read].filter((f) => !modified.has(f)).sort(), modifiedFiles: [...modified].sort() };
}

function boundedFileList(tag: string, files: readonly string[], maxChars: number): string {
  if (files.length === 0 || maxChars <= 0) return '';
  const open = `<${tag}>\n`;
  const close = `\n</${tag}>`;
  const lines: string[] = [];
  let used = open.length + close.length;
  for (let i = 0; i < files.length; i++) {
    const line = `${files[i]}\n`;
    const remaining = files.length - i - 1;
    const more = remaining > 0 ? `...and ${remaining} more\n` : '';
    if (used + line.length + more.length > maxChars) {
      const overflow = `...and ${files.length - i} more\n`;
      if (used + overflow.length <= maxChars) lines.push(overflow);
      break;
    }
    lines.push(line);
    used += line.length;
  }
  return lines.length > 0 ? `${open}${lines.join('').trimEnd()}${close}` : '';
}

/**
 * `\n\n<read-files>\n…\n</read-files>\n\n<modified-files>\n…\n</modified-files>`: each list ≤ 900
 * characters (`...and N more`), the whole ≤ 2000; '' when both are empty.
 */
export function formatFileOperations(readFiles: readonly string[], modifiedFiles: readonly string[]): string {
  const sections = [boundedFileList('read-files', readFiles, MAX_FILE_OPS_LIST_CHARS), boundedFileList('modified-files', modifiedFiles, MAX_FILE_OPS_LIST_CHARS)].filter(Boolean);
  if (sections.length === 0) return '';
  const joined = `\n\n${sections.join('\n\n')}`;
  return joined.length > MAX_FILE_OPS_SECTION_CHARS ? joined.slice(0, MAX_FILE_OPS_SECTION_CHARS) : joined;
}

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
