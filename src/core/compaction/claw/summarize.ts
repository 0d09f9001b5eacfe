/**
 * compact.rs `summarize_messages`: the rule-based `<summary>` of the older messages (scope, tools, recent user
 * requests, pending work, key files, current work, timeline), with Rust's string semantics (`rustStr.ts`).
 */
import { type ClawBlock, type ClawMessage } from '../../tokens/clawcode';
import { isRustBlank, isRustWhitespace, compareRustStr, rustCharBoundaryAfter, rustCharCount, rustPathExtension, sortDedupRust } from './rustStr';
import { type ClawRole } from './session';

/** Limits of the summary (compact.rs literals). */
export const SUMMARY_BLOCK_MAX_CHARS = 160;
export const CURRENT_WORK_MAX_CHARS = 200;
export const RECENT_USER_REQUESTS = 3;
export const PENDING_WORK_ITEMS = 3;
export const KEY_FILES_MAX = 8;
export const KEY_FILE_EXTENSIONS: readonly string[] = Object.freeze(['rs', 'ts', 'tsx', 'js', 'json', 'md']);
export const PENDING_WORK_KEYWORDS: readonly string[] = Object.freeze(['todo', 'next', 'pending', 'follow up', 'remaining']);

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
