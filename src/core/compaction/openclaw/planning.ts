/**
 * OpenClaw's compaction planning (openclaw-formats.md §5.3–§5.4; 2026.9.6 `src/agents/compaction-planning.ts`,
 * `packages/agent-core/src/harness/compaction/*`): chunking by tokens, the adaptive chunk ratio, the stage split,
 * the oversized fallback and the history prune. Differences from OC-4.12, 2026.9.6 winning:
 * - `chunkMessagesByMaxTokens` never separates an assistant tool call from its results either (the reference:
 *   "OC-main additionally never splits an assistant tool-call from its tool results");
 * - `splitMessagesByTokenShare` works on the same atomic tool-call groups (same result as OC-4.12's pending-id
 *   backtracking except for an assistant that starts new calls while older ones are still unanswered: 2026.9.6
 *   keeps both in one group);
 * - `pruneHistoryForContextShare` repairs the kept part after each dropped chunk as OpenClaw does and returns the
 *   orphaned results it removed in `droppedMessagesList`.
 *
 * Not reproduced: OpenClaw's planning worker (≥ 64 messages are projected to bounded samples first; estimates then
 * differ by at most the rounding of one `ceil` per message).
 */
import { type AgentMessage, estimateMessagesTokens, type EstimateOptions, estimatePerMessageTokens, sanitizeCompactionMessages } from './estimate';
import { chunkMessageGroups, forEachMessageGroup, repairToolUseResultPairing } from './toolCalls';

/** Default share of the context window one summarisation chunk may take. */
export const BASE_CHUNK_RATIO = 0.4;

/** Lower bound of the adaptive chunk ratio. */
export const MIN_CHUNK_RATIO = 0.15;

/** Buffer for the estimate's inaccuracy. */
export const SAFETY_MARGIN = 1.2;
export const DEFAULT_PARTS = 2;

/** Prompt, system prompt, previous summary and wrappers of one summarisation call. */
export const SUMMARIZATION_OVERHEAD_TOKENS = 4096;

/** A message whose estimate × 1.2 exceeds this share of the window cannot be summarised. */
export const OVERSIZED_MESSAGE_SHARE = 0.5;

/** `computeAdaptiveChunkRatio` starts shrinking chunks above this average-message share. */
export const ADAPTIVE_RATIO_THRESHOLD = 0.1;
export const DEFAULT_MAX_HISTORY_SHARE = 0.5;
export const DEFAULT_MIN_MESSAGES_FOR_SPLIT = 4;

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
