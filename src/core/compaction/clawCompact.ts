/**
 * L2 mechanical compaction: claw-code's `rust/crates/runtime/src/compact.rs` reproduced exactly
 * (reference: claw-code-compaction.md; upstream `ultraworkers/claw-code` main, file blob 797d3a6b, last
 * changed by 0423321c). Rule-based, no LLM: the older messages become one System message holding a
 * `<summary>` built from them, the recent tail is kept verbatim. This file holds the token estimate, the
 * trigger and `compactSession`; the session JSON, the summary, its text and the merge are in `claw/`.
 *
 * It works on claw-code's own message shape (claw/session.ts), so the same JSON can be fed to this module and
 * to claw-code. Names of the Rust functions are kept, camelCased; the result object keeps Rust's snake_case
 * field names.
 *
 * Rust semantics reproduced (§4.9): UTF-8 byte lengths in the token estimate, truncation by chars (scalar
 * values) + `…`, byte-order sort + dedup, Unicode White_Space for `trim`/`split_whitespace`, `str::lines`,
 * ASCII-only lowercasing, `Path::extension`. See `claw/rustStr.ts`.
 */
import { clawMessageTokens, type ClawMessage } from '../tokens/clawcode';
import { type ClawConversationMessage, type ClawSession, type CompactionConfig, type CompactionResult, type CompactOptions, resolveCompactionConfig, resolveVariant } from './claw/session';
import { formatCompactSummary, getCompactContinuationMessage } from './claw/format';
import { summarizeMessages } from './claw/summarize';
import { extractExistingCompactedSummary, mergeCompactSummaries } from './claw/merge';

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
