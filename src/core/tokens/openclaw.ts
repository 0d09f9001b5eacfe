/**
 * The compaction view of a message and OpenClaw's token estimate of it (openclaw-formats.md §4.3; OpenClaw 2026.9.6
 * `src/agents/compaction.ts`), plus the `AgentMessage` type every compaction helper takes: the `message` of a
 * transcript `message` entry (custom_message / branch_summary entries projected as `custom` / `branchSummary`). Pure
 * TypeScript, no I/O.
 *
 * Where 2026.9.6 differs from the older code the reference describes (OC-4.12), 2026.9.6 wins: the estimate is
 * CJK-weighted (`estimateStringChars`: a common CJK ideograph counts as 4 characters) and images count 8000
 * characters (2000 tokens) in user, custom and toolResult messages (OC-4.12: pi's chars/4, 4800 per image,
 * toolResult/custom only). Pass `{ estimate: piEstimateTokens }` (src/core/tokens/pi.ts) to every helper for OC-4.12
 * figures.
 */
import { isHigh, isLow } from './utf16';

export type AgentMessage = Readonly<Record<string, unknown>>;
type Json = Record<string, unknown>;

/** Tokens of one message. */
export type MessageEstimator = (message: AgentMessage) => number;

export interface EstimateOptions {
  /** Per-message estimate; default `openclawEstimateTokens` (OpenClaw 2026.9.6). */
  estimate?: MessageEstimator;
}

/** Characters one image block counts in the estimate (2000 tokens). */
export const IMAGE_BLOCK_CHARS = 8000;

/** `customType` of OpenClaw's hidden runtime context: never model-visible, never estimated. */
export const RUNTIME_CONTEXT_CUSTOM_TYPE = 'openclaw.runtime-context';
const IMAGE_OMISSION = '[image data omitted from summary input]';
const NON_TEXT_OMISSION = '[non-text data omitted from summary input]';

/** OpenClaw adds this many characters on top of the omission notes of one message. */
const OMISSION_OVERHEAD_CHARS = 17;

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
export const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

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
