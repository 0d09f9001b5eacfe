/**
 * L2 mechanical compaction: claw-code's `rust/crates/runtime/src/compact.rs` reproduced exactly
 * (reference: claw-code-compaction.md; upstream `ultraworkers/claw-code` main, file blob 797d3a6b, last
 * changed by 0423321c). Rule-based, no LLM: the older messages become one System message holding a
 * `<summary>` built from them, the recent tail is kept verbatim.
 *
 * It works on claw-code's own message shape (its session JSON: `{role, blocks:[{type:'text'|'thinking'|
 * 'tool_use'|'tool_result', …}], usage?}`, `Session.messages`, `Session.compaction`), so the same JSON can be
 * fed to this module and to claw-code. Names of the Rust functions are kept, camelCased; the result object
 * keeps Rust's snake_case field names.
 *
 * Rust semantics reproduced (§4.9): UTF-8 byte lengths in the token estimate, truncation by chars (scalar
 * values) + `…`, byte-order sort + dedup, Unicode White_Space for `trim`/`split_whitespace`, `str::lines`,
 * ASCII-only lowercasing, `Path::extension`. See `claw/rustStr.ts`.
 */
import { clawMessageTokens, type ClawBlock, type ClawMessage } from '../tokens/clawcode';
import {
  isRustBlank,
  isRustWhitespace,
  compareRustStr,
  rustCharBoundaryAfter,
  rustCharCount,
  rustLines,
  rustPathExtension,
  rustTrim,
  rustTrimEnd,
  sortDedupRust,
} from './claw/rustStr';

// ---------------------------------------------------------------------------------------------- constants

export const COMPACT_CONTINUATION_PREAMBLE =
  'This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.\n\n';
export const COMPACT_RECENT_MESSAGES_NOTE = 'Recent messages are preserved verbatim.';
export const COMPACT_DIRECT_RESUME_INSTRUCTION =
  'Continue the conversation from where it left off without asking the user any further questions. Resume directly \u2014 do not acknowledge the summary, do not recap what was happening, and do not preface with continuation text.';

/** `CompactionConfig::default()`. */
export const DEFAULT_COMPACTION_CONFIG: Readonly<CompactionConfig> = Object.freeze({ preserve_recent_messages: 4, max_estimated_tokens: 10_000 });

/** Limits of the summary (compact.rs literals). */
export const SUMMARY_BLOCK_MAX_CHARS = 160;
export const CURRENT_WORK_MAX_CHARS = 200;
export const RECENT_USER_REQUESTS = 3;
export const PENDING_WORK_ITEMS = 3;
export const KEY_FILES_MAX = 8;
export const KEY_FILE_EXTENSIONS: readonly string[] = Object.freeze(['rs', 'ts', 'tsx', 'js', 'json', 'md']);
export const PENDING_WORK_KEYWORDS: readonly string[] = Object.freeze(['todo', 'next', 'pending', 'follow up', 'remaining']);

// ---------------------------------------------------------------------------------------------- types

export type ClawRole = ClawMessage['role'];
export type { ClawBlock };

/** `TokenUsage` as claw-code's session JSON writes it. Not used by compaction; carried through. */
export interface ClawTokenUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/** `ConversationMessage`. */
export interface ClawConversationMessage extends ClawMessage {
  usage?: ClawTokenUsage | null;
}

/** `SessionCompaction`. */
export interface ClawSessionCompaction {
  count: number;
  removed_message_count: number;
  summary: string;
}

/**
 * `Session`. Only `messages` and `compaction` matter to compaction; every other field (ids, timestamps,
 * fork, workspace_root, prompt_history, model, anything else) is carried through unchanged, except that
 * recording a compaction touches `updated_at_ms` when the session has one (Rust `record_compaction`).
 */
export interface ClawSession {
  messages: ClawConversationMessage[];
  compaction?: ClawSessionCompaction | null;
  version?: number;
  session_id?: string;
  created_at_ms?: number;
  updated_at_ms?: number;
  [field: string]: unknown;
}

/** `CompactionConfig`. */
export interface CompactionConfig {
  preserve_recent_messages: number;
  max_estimated_tokens: number;
}

/** `CompactionResult`. */
export interface CompactionResult {
  summary: string;
  formatted_summary: string;
  compacted_session: ClawSession;
  removed_message_count: number;
}

/**
 * Which revision of compact.rs to reproduce (claw-code-compaction.md §7). Only two behaviours differ between
 * the revisions that matter:
 * - `pairGuard`: the tool-use/tool-result boundary walk-back (6e301c8b, 2026-04-10);
 * - `mergeLayout`: `'flat'` (5a9550d3, 2026-05-24: previous highlights as `"- " + line`) or `'nested'`
 *   (`- Previously compacted context:` then `"  " + line`).
 */
export interface ClawCompactVariant {
  pairGuard: boolean;
  mergeLayout: 'flat' | 'nested';
}

export const CLAW_COMPACT_VARIANTS = Object.freeze({
  /** Current main (blob 797d3a6b). The default. */
  main: Object.freeze<ClawCompactVariant>({ pairGuard: true, mergeLayout: 'flat' }),
  /** 22ad54c0 (2026-04-04), the widely forked "early" version: no walk-back, nested merge. */
  '22ad54c0': Object.freeze<ClawCompactVariant>({ pairGuard: false, mergeLayout: 'nested' }),
  /** instructkr/claw-code@ba64b631 (= main between 7149bbc3 and 5a9550d3): walk-back, nested merge. */
  ba64b631: Object.freeze<ClawCompactVariant>({ pairGuard: true, mergeLayout: 'nested' }),
});
export type ClawCompactVariantName = keyof typeof CLAW_COMPACT_VARIANTS;

export interface CompactOptions {
  /** Revision to reproduce; default `'main'`. */
  variant?: ClawCompactVariantName | ClawCompactVariant;
  /** The time `record_compaction` writes to `updated_at_ms` (when the session has that field); default now. */
  nowMs?: number;
}

function resolveVariant(v: CompactOptions['variant']): ClawCompactVariant {
  if (v === undefined) return CLAW_COMPACT_VARIANTS.main;
  if (typeof v === 'string') {
    const found = (CLAW_COMPACT_VARIANTS as Record<string, ClawCompactVariant>)[v];
    if (!found) throw new RangeError(`unknown claw-code compaction variant: ${v}`);
    return found;
  }
  return v;
}

function isUsize(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0;
}

/** A full `CompactionConfig` from a partial one (`..CompactionConfig::default()`); rejects non-usize values. */
export function resolveCompactionConfig(config?: Partial<CompactionConfig> | null): CompactionConfig {
  const preserve = config?.preserve_recent_messages ?? DEFAULT_COMPACTION_CONFIG.preserve_recent_messages;
  const max = config?.max_estimated_tokens ?? DEFAULT_COMPACTION_CONFIG.max_estimated_tokens;
  if (!isUsize(preserve)) throw new RangeError(`preserve_recent_messages must be a non-negative integer, got ${String(preserve)}`);
  if (!isUsize(max)) throw new RangeError(`max_estimated_tokens must be a non-negative integer, got ${String(max)}`);
  return { preserve_recent_messages: preserve, max_estimated_tokens: max };
}

// ---------------------------------------------------------------------------------------------- tokens

/** `estimate_message_tokens` (private upstream): per block, UTF-8 bytes / 4 (floor), §4.1. */
export function estimateMessageTokens(message: ClawMessage): number {
  return clawMessageTokens(message);
}

/** `estimate_session_tokens`: the sum over all messages, the summary message included. */
export function estimateSessionTokens(session: Pick<ClawSession, 'messages'>): number {
  let n = 0;
  for (const m of session.messages) n += clawMessageTokens(m);
  return n;
}

function compactedSummaryPrefixLenOf(messages: readonly ClawMessage[]): number {
  return messages.length > 0 && extractExistingCompactedSummary(messages[0]!) !== undefined ? 1 : 0;
}

/** `compacted_summary_prefix_len`: 1 when `messages[0]` is an earlier compaction's summary message, else 0. */
export function compactedSummaryPrefixLen(session: Pick<ClawSession, 'messages'>): number {
  return compactedSummaryPrefixLenOf(session.messages);
}

/**
 * `should_compact`: more than `preserve_recent_messages` compactable messages (the summary message at index 0
 * excluded) **and** their estimate ≥ `max_estimated_tokens`.
 */
export function shouldCompact(session: Pick<ClawSession, 'messages'>, config?: Partial<CompactionConfig> | null): boolean {
  const cfg = resolveCompactionConfig(config);
  const messages = session.messages;
  const start = compactedSummaryPrefixLenOf(messages);
  if (messages.length - start <= cfg.preserve_recent_messages) return false;
  let tokens = 0;
  for (let i = start; i < messages.length; i++) tokens += clawMessageTokens(messages[i]!);
  return tokens >= cfg.max_estimated_tokens;
}

// ---------------------------------------------------------------------------------------------- formatting

/** `extract_tag_block`: the text between the first `<tag>` and the first `</tag>` after it. */
export function extractTagBlock(content: string, tag: string): string | undefined {
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  const s = content.indexOf(open);
  if (s < 0) return undefined;
  const start = s + open.length;
  const end = content.indexOf(close, start);
  if (end < 0) return undefined;
  return content.slice(start, end);
}

/**
 * `strip_tag_block`: the first `<tag>` and the first `</tag>` are found independently; when both exist, the
 * text before the first and after the second is kept. When the close tag comes first the two slices
 * overlap and text is duplicated, as in Rust (`s[..start] + s[end..]`).
 */
export function stripTagBlock(content: string, tag: string): string {
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  const start = content.indexOf(open);
  const endRel = content.indexOf(close);
  if (start < 0 || endRel < 0) return content;
  return content.slice(0, start) + content.slice(endRel + close.length);
}

/** `collapse_blank_lines`: Rust `lines()`, runs of blank lines become one, every kept line gets `\n`. */
export function collapseBlankLines(content: string): string {
  let out = '';
  let lastBlank = false;
  for (const line of rustLines(content)) {
    const blank = isRustBlank(line);
    if (blank && lastBlank) continue;
    out += line + '\n';
    lastBlank = blank;
  }
  return out;
}

/** `String::replace`: every non-overlapping occurrence, left to right, no `$` patterns. */
function replaceAllLiteral(s: string, from: string, to: string): string {
  return s.split(from).join(to);
}

/** `format_compact_summary`: drop the first `<analysis>` block, `<summary>X</summary>` → `Summary:\n` + trim(X), collapse blank lines, trim. */
export function formatCompactSummary(summary: string): string {
  const withoutAnalysis = stripTagBlock(summary, 'analysis');
  const content = extractTagBlock(withoutAnalysis, 'summary');
  const formatted =
    content === undefined ? withoutAnalysis : replaceAllLiteral(withoutAnalysis, `<summary>${content}</summary>`, `Summary:\n${rustTrim(content)}`);
  return rustTrim(collapseBlankLines(formatted));
}

/** `get_compact_continuation_message`: the text of the synthetic System message. */
export function getCompactContinuationMessage(summary: string, suppressFollowUpQuestions: boolean, recentMessagesPreserved: boolean): string {
  let base = COMPACT_CONTINUATION_PREAMBLE + formatCompactSummary(summary);
  if (recentMessagesPreserved) base += '\n\n' + COMPACT_RECENT_MESSAGES_NOTE;
  if (suppressFollowUpQuestions) base += '\n' + COMPACT_DIRECT_RESUME_INSTRUCTION;
  return base;
}

// ---------------------------------------------------------------------------------------------- summary

/** `truncate_summary`: at most `maxChars` chars (scalar values) are kept, then `…` when anything was cut. */
export function truncateSummary(content: string, maxChars: number): string {
  const cut = rustCharBoundaryAfter(content, maxChars);
  return cut < 0 ? content : content.slice(0, cut) + '\u2026';
}

/** `first_text_block`: the first Text block whose trimmed text is non-empty, untrimmed. */
export function firstTextBlock(message: ClawMessage): string | undefined {
  for (const b of message.blocks) if (b.type === 'text' && !isRustBlank(b.text)) return b.text;
  return undefined;
}

/** `summarize_block`: one timeline segment, truncated to 160 chars. */
export function summarizeBlock(block: ClawBlock): string {
  let raw: string;
  switch (block.type) {
    case 'text':
      raw = block.text;
      break;
    case 'thinking':
      raw = `thinking (${rustCharCount(block.thinking)} chars)`;
      break;
    case 'tool_use':
      raw = `tool_use ${block.name}(${block.input})`;
      break;
    case 'tool_result':
      raw = `tool_result ${block.tool_name}: ${block.is_error ? 'error ' : ''}${block.output}`;
      break;
    default:
      throw new TypeError(`unsupported block type: ${String((block as { type?: unknown }).type)}`);
  }
  return truncateSummary(raw, SUMMARY_BLOCK_MAX_CHARS);
}

/** `collect_recent_role_summaries`: the last `limit` messages of `role` that have a first text block, oldest first, each truncated to 160. */
export function collectRecentRoleSummaries(messages: readonly ClawMessage[], role: ClawRole, limit: number): string[] {
  const out: string[] = [];
  for (let i = messages.length - 1; i >= 0 && out.length < limit; i--) {
    const m = messages[i]!;
    if (m.role !== role) continue;
    const t = firstTextBlock(m);
    if (t !== undefined) out.push(truncateSummary(t, SUMMARY_BLOCK_MAX_CHARS));
  }
  return out.reverse();
}

/**
 * `to_ascii_lowercase()` + `contains(keyword)`. A non-`u` case-insensitive RegExp folds exactly ASCII
 * letters: ES Canonicalize never maps a non-ASCII unit to an ASCII one (so no `ſ`→`s`, `K`→`k`).
 */
const PENDING_WORK_RE = /todo|next|pending|follow up|remaining/i;

/** `infer_pending_work`: newest first, the first text blocks mentioning a keyword; 3, truncated to 160, oldest first. */
export function inferPendingWork(messages: readonly ClawMessage[]): string[] {
  const out: string[] = [];
  for (let i = messages.length - 1; i >= 0 && out.length < PENDING_WORK_ITEMS; i--) {
    const t = firstTextBlock(messages[i]!);
    if (t !== undefined && PENDING_WORK_RE.test(t)) out.push(truncateSummary(t, SUMMARY_BLOCK_MAX_CHARS));
  }
  return out.reverse();
}

/** `has_interesting_extension`: `Path::extension` is one of rs, ts, tsx, js, json, md (ASCII case-insensitive). */
export function hasInterestingExtension(candidate: string): boolean {
  const ext = rustPathExtension(candidate);
  return ext !== undefined && KEY_FILE_EXTENSIONS.includes(asciiLower(ext));
}

function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/** The chars `extract_file_candidates` trims from both ends of a token. */
function isCandidateTrimChar(c: number): boolean {
  // , . : ; ) ( " ' `
  return c === 0x2c || c === 0x2e || c === 0x3a || c === 0x3b || c === 0x29 || c === 0x28 || c === 0x22 || c === 0x27 || c === 0x60;
}

/** Whether `[dot+1, b)` of `s` is one of the key-file extensions, ASCII case-insensitively, without slicing. */
function isKeyExtensionAt(s: string, from: number, to: number): boolean {
  const n = to - from;
  if (n < 2 || n > 4) return false;
  // x | 0x20 is a lowercase ASCII letter only for ASCII letters, so this is eq_ignore_ascii_case on letters.
  const c0 = s.charCodeAt(from) | 0x20;
  const c1 = s.charCodeAt(from + 1) | 0x20;
  if (n === 2) return (c1 === 0x73 && (c0 === 0x72 || c0 === 0x74 || c0 === 0x6a)) || (c0 === 0x6d && c1 === 0x64); // rs ts js | md
  const c2 = s.charCodeAt(from + 2) | 0x20;
  if (n === 3) return c0 === 0x74 && c1 === 0x73 && c2 === 0x78; // tsx
  return c0 === 0x6a && c1 === 0x73 && c2 === 0x6f && (s.charCodeAt(from + 3) | 0x20) === 0x6e; // json
}

/**
 * `extract_file_candidates`, calling `emit` for each candidate: `split_whitespace`, trim `,.:;)("'\``
 * from both ends, keep tokens containing `/` whose `Path::extension` is a key-file one. One scan; a token
 * is sliced only when it qualifies. (Trimming never removes a `/`, so a token qualifies only if it has one.)
 */
function scanFileCandidates(content: string, emit: (candidate: string) => void): void {
  const n = content.length;
  // Only whitespace-separated tokens holding a '/' can qualify: jump from '/' to '/' with the native
  // indexOf and widen each hit to its token, so text without slashes is never walked char by char.
  let from = 0;
  for (;;) {
    const slash = content.indexOf('/', from);
    if (slash < 0) return;
    let start = slash;
    while (start > from && !isRustWhitespace(content.charCodeAt(start - 1))) start--;
    let end = slash + 1;
    let lastSlash = slash;
    while (end < n) {
      const c = content.charCodeAt(end);
      if (isRustWhitespace(c)) break;
      if (c === 0x2f) lastSlash = end;
      end++;
    }
    from = end;
    let a = start;
    let b = end;
    while (a < b && isCandidateTrimChar(content.charCodeAt(a))) a++;
    while (b > a && isCandidateTrimChar(content.charCodeAt(b - 1))) b--;
    if (content.charCodeAt(b - 1) === 0x2f) {
      // Trailing '/': Path normalisation decides (rare), on the sliced candidate.
      const candidate = content.slice(a, b);
      if (hasInterestingExtension(candidate)) emit(candidate);
      continue;
    }
    // The file name is (lastSlash, b): non-empty, and never "." or ".." (the trimmed token cannot end in '.').
    // Its extension follows its last '.', unless that dot is the name's first char.
    let dot = b - 1;
    while (dot > lastSlash && content.charCodeAt(dot) !== 0x2e) dot--;
    if (dot <= lastSlash + 1) continue;
    if (isKeyExtensionAt(content, dot + 1, b)) emit(content.slice(a, b));
  }
}

/** `extract_file_candidates` (private upstream). */
export function extractFileCandidates(content: string): string[] {
  const out: string[] = [];
  scanFileCandidates(content, (c) => out.push(c));
  return out;
}

function blockSourceText(b: ClawBlock): string {
  switch (b.type) {
    case 'text':
      return b.text;
    case 'tool_use':
      return b.input;
    case 'tool_result':
      return b.output;
    case 'thinking':
      return b.thinking;
    default:
      throw new TypeError(`unsupported block type: ${String((b as { type?: unknown }).type)}`);
  }
}

/**
 * `collect_key_files`: every candidate of every block, byte-order sorted, deduplicated, the first 8. Only
 * the 8 smallest distinct candidates are ever held (same result as sort + dedup + take, without sorting
 * the thousands of hits a long session has).
 */
export function collectKeyFiles(messages: readonly ClawMessage[]): string[] {
  const best: string[] = [];
  const add = (s: string): void => {
    if (best.length === KEY_FILES_MAX && compareRustStr(s, best[KEY_FILES_MAX - 1]!) >= 0) return;
    let i = best.length;
    while (i > 0 && compareRustStr(s, best[i - 1]!) < 0) i--;
    if (i > 0 && best[i - 1] === s) return;
    best.splice(i, 0, s);
    if (best.length > KEY_FILES_MAX) best.pop();
  };
  for (const m of messages) for (const b of m.blocks) scanFileCandidates(blockSourceText(b), add);
  return best;
}

/** `infer_current_work`: the first text block of the newest message that has one, truncated to 200. */
export function inferCurrentWork(messages: readonly ClawMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const t = firstTextBlock(messages[i]!);
    if (t !== undefined) return truncateSummary(t, CURRENT_WORK_MAX_CHARS);
  }
  return undefined;
}

/** `summarize_messages`: the raw `<summary>…</summary>` for the removed messages (§4.6). */
export function summarizeMessages(messages: readonly ClawMessage[]): string {
  let user = 0;
  let assistant = 0;
  let tool = 0;
  const toolNames: string[] = [];
  for (const m of messages) {
    if (m.role === 'user') user++;
    else if (m.role === 'assistant') assistant++;
    else if (m.role === 'tool') tool++;
    for (const b of m.blocks) {
      if (b.type === 'tool_use') toolNames.push(b.name);
      else if (b.type === 'tool_result') toolNames.push(b.tool_name);
    }
  }
  const lines = ['<summary>', 'Conversation summary:', `- Scope: ${messages.length} earlier messages compacted (user=${user}, assistant=${assistant}, tool=${tool}).`];

  const names = sortDedupRust(toolNames);
  if (names.length > 0) lines.push(`- Tools mentioned: ${names.join(', ')}.`);

  const requests = collectRecentRoleSummaries(messages, 'user', RECENT_USER_REQUESTS);
  if (requests.length > 0) {
    lines.push('- Recent user requests:');
    for (const r of requests) lines.push(`  - ${r}`);
  }

  const pending = inferPendingWork(messages);
  if (pending.length > 0) {
    lines.push('- Pending work:');
    for (const p of pending) lines.push(`  - ${p}`);
  }

  const keyFiles = collectKeyFiles(messages);
  if (keyFiles.length > 0) lines.push(`- Key files referenced: ${keyFiles.join(', ')}.`);

  const current = inferCurrentWork(messages);
  if (current !== undefined) lines.push(`- Current work: ${current}`);

  lines.push('- Key timeline:');
  for (const m of messages) lines.push(`  - ${m.role}: ${m.blocks.map(summarizeBlock).join(' | ')}`);
  lines.push('</summary>');
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------- merging

/**
 * `extract_existing_compacted_summary`: for a System message whose first text block starts with the
 * preamble, the formatted summary it carries (cut before the recent-messages note and the resume
 * instruction, trimmed); otherwise `undefined` (Rust `None`; `""` is a real `Some("")`).
 */
export function extractExistingCompactedSummary(message: ClawMessage): string | undefined {
  if (message.role !== 'system') return undefined;
  const text = firstTextBlock(message);
  if (text === undefined || !text.startsWith(COMPACT_CONTINUATION_PREAMBLE)) return undefined;
  let summary = text.slice(COMPACT_CONTINUATION_PREAMBLE.length);
  const note = summary.indexOf('\n\n' + COMPACT_RECENT_MESSAGES_NOTE);
  if (note >= 0) summary = summary.slice(0, note);
  const instr = summary.indexOf('\n' + COMPACT_DIRECT_RESUME_INSTRUCTION);
  if (instr >= 0) summary = summary.slice(0, instr);
  return rustTrim(summary);
}

/** `extract_summary_highlights`: the formatted summary's lines (right-trimmed) before `- Key timeline:`, minus blanks and the two headers. */
export function extractSummaryHighlights(summary: string): string[] {
  const out: string[] = [];
  for (const line of rustLines(formatCompactSummary(summary))) {
    const t = rustTrimEnd(line);
    if (t.length === 0 || t === 'Summary:' || t === 'Conversation summary:') continue;
    if (t === '- Key timeline:') break; // every later line is skipped
    out.push(t);
  }
  return out;
}

/** `extract_summary_timeline`: the lines (right-trimmed) after `- Key timeline:`, up to the first blank one. */
export function extractSummaryTimeline(summary: string): string[] {
  const out: string[] = [];
  let inTimeline = false;
  for (const line of rustLines(formatCompactSummary(summary))) {
    const t = rustTrimEnd(line);
    if (t === '- Key timeline:') {
      inTimeline = true;
      continue;
    }
    if (!inTimeline) continue;
    if (t.length === 0) break;
    out.push(t);
  }
  return out;
}

/** `merge_compact_summaries` (§4.8). `existing` undefined/null = no earlier summary: the new one is returned as is. */
export function mergeCompactSummaries(existing: string | null | undefined, newSummary: string, layout: ClawCompactVariant['mergeLayout'] = 'flat'): string {
  if (existing === undefined || existing === null) return newSummary;
  const previous = extractSummaryHighlights(existing);
  const newFormatted = formatCompactSummary(newSummary);
  const newHighlights = extractSummaryHighlights(newFormatted);
  const newTimeline = extractSummaryTimeline(newFormatted);

  const lines = ['<summary>', 'Conversation summary:'];
  if (previous.length > 0) {
    if (layout === 'flat') for (const l of previous) lines.push(`- ${l}`);
    else {
      lines.push('- Previously compacted context:');
      for (const l of previous) lines.push(`  ${l}`);
    }
  }
  if (newHighlights.length > 0) {
    lines.push('- Newly compacted context:');
    for (const l of newHighlights) lines.push(`  ${l}`);
  }
  if (newTimeline.length > 0) {
    lines.push('- Key timeline:');
    for (const l of newTimeline) lines.push(`  ${l}`);
  }
  lines.push('</summary>');
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------- compaction

/** Deep copy of plain JSON data; strings are immutable and shared, so a 200k-token session copies in ~1 ms. */
function cloneJson<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(cloneJson) as unknown as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) out[k] = cloneJson((v as Record<string, unknown>)[k]);
  return out as T;
}

/**
 * The compaction boundary `keep_from` (§4.5 steps 3–4): `len - preserve` (or `len` when preserve is 0),
 * then, with the pair guard, walked back while the first kept message starts with a ToolResult: one
 * step and stop when the message before holds a ToolUse, one step and continue when it does not
 * (orphan chain). Never below the summary prefix or 0.
 */
export function compactionKeepFrom(messages: readonly ClawMessage[], preserveRecent: number, prefixLen: number, pairGuard = true): number {
  const len = messages.length;
  let k = preserveRecent === 0 ? len : Math.max(0, len - preserveRecent);
  if (!pairGuard) return k;
  for (;;) {
    if (k === 0 || k <= prefixLen || k >= len) break;
    const first = messages[k]!.blocks[0];
    if (first === undefined || first.type !== 'tool_result') break;
    const precedingHasToolUse = messages[k - 1]!.blocks.some((b) => b.type === 'tool_use');
    k -= 1;
    if (precedingHasToolUse) break;
  }
  return k;
}

/**
 * `compact_session`: when `should_compact`, the messages before the (walked-back) boundary are summarised
 * into one System message, merged with an earlier summary at index 0 if there is one; the tail is kept
 * verbatim; the session records the compaction (`count` +1, `removed_message_count`, the raw summary).
 * Otherwise an unchanged copy with empty summaries and 0 removed. The input is never modified.
 *
 * `removed_message_count` can be 0 on a compacted result (the walk-back reached the start): callers that
 * mean "skipped" test `removed_message_count === 0`, as claw-code's do.
 */
export function compactSession(session: ClawSession, config?: Partial<CompactionConfig> | null, options: CompactOptions = {}): CompactionResult {
  const cfg = resolveCompactionConfig(config);
  const variant = resolveVariant(options.variant);
  if (!shouldCompact(session, cfg)) {
    return { summary: '', formatted_summary: '', compacted_session: cloneJson(session), removed_message_count: 0 };
  }
  const messages = session.messages;
  const existing = messages.length > 0 ? extractExistingCompactedSummary(messages[0]!) : undefined;
  const prefixLen = existing === undefined ? 0 : 1;
  const keepFrom = compactionKeepFrom(messages, cfg.preserve_recent_messages, prefixLen, variant.pairGuard);
  const removed = messages.slice(prefixLen, keepFrom);
  const preserved = messages.slice(keepFrom);

  const summary = mergeCompactSummaries(existing, summarizeMessages(removed), variant.mergeLayout);
  const formattedSummary = formatCompactSummary(summary);
  const continuation = getCompactContinuationMessage(summary, true, preserved.length > 0);

  const summaryMessage: ClawConversationMessage = { role: 'system', blocks: [{ type: 'text', text: continuation }] };
  // `usage: None`. claw-code's JSON omits a None usage; when the input spells it out (`"usage": null`, as a
  // serde-derived writer does), the new message follows the input's convention.
  if (messages.some((m) => Object.prototype.hasOwnProperty.call(m, 'usage'))) summaryMessage.usage = null;

  const compacted: ClawSession = { ...session, messages: [] };
  for (const k of Object.keys(compacted)) if (k !== 'messages') compacted[k] = cloneJson(compacted[k]);
  compacted.messages = [summaryMessage, ...preserved.map(cloneJson)];
  // record_compaction: touch(), then count = previous count + 1 (1 the first time).
  if (typeof session.updated_at_ms === 'number') compacted.updated_at_ms = options.nowMs ?? Date.now();
  const previousCount = session.compaction ? session.compaction.count : 0;
  compacted.compaction = { count: previousCount + 1, removed_message_count: removed.length, summary };

  return { summary, formatted_summary: formattedSummary, compacted_session: compacted, removed_message_count: removed.length };
}

// ---------------------------------------------------------------------------------------------- parsing

/**
 * Validates claw-code session JSON the way its `from_json` does (roles, block tags, required string and
 * bool fields) and returns it typed, unknown fields kept. Accepts a bare message array as a session.
 * Throws `TypeError` with claw-code's error wording.
 */
export function parseClawSession(value: unknown): ClawSession {
  if (Array.isArray(value)) return { messages: value.map(parseClawMessage) };
  if (value === null || typeof value !== 'object') throw new TypeError('session must be an object');
  const obj = value as Record<string, unknown>;
  if (!Array.isArray(obj.messages)) throw new TypeError('missing messages');
  const compaction = obj.compaction;
  if (compaction !== undefined && compaction !== null) {
    const c = compaction as Record<string, unknown>;
    if (typeof c !== 'object' || !isUsize(c.count) || !isUsize(c.removed_message_count) || typeof c.summary !== 'string')
      throw new TypeError('compaction must be an object with count, removed_message_count and summary');
  }
  return { ...obj, messages: obj.messages.map(parseClawMessage) } as ClawSession;
}

const ROLES: ReadonlySet<string> = new Set(['system', 'user', 'assistant', 'tool']);

export function parseClawMessage(value: unknown): ClawConversationMessage {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('message must be an object');
  const obj = value as Record<string, unknown>;
  if (typeof obj.role !== 'string') throw new TypeError('missing role');
  if (!ROLES.has(obj.role)) throw new TypeError(`unsupported message role: ${obj.role}`);
  if (!Array.isArray(obj.blocks)) throw new TypeError('missing blocks');
  return { ...obj, blocks: obj.blocks.map(parseClawBlock) } as ClawConversationMessage;
}

export function parseClawBlock(value: unknown): ClawBlock {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('block must be an object');
  const obj = value as Record<string, unknown>;
  const str = (k: string): void => {
    if (typeof obj[k] !== 'string') throw new TypeError(`missing ${k}`);
  };
  if (typeof obj.type !== 'string') throw new TypeError('missing block type');
  switch (obj.type) {
    case 'text':
      str('text');
      break;
    case 'thinking':
      str('thinking');
      break;
    case 'tool_use':
      str('id');
      str('name');
      str('input');
      break;
    case 'tool_result':
      str('tool_use_id');
      str('tool_name');
      str('output');
      if (typeof obj.is_error !== 'boolean') throw new TypeError('missing is_error');
      break;
    default:
      throw new TypeError(`unsupported block type: ${obj.type}`);
  }
  return obj as unknown as ClawBlock;
}
