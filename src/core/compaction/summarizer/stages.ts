/**
 * OpenClaw's staged summarisation (openclaw-formats.md §4.3 `summarizeInStages`, `summarizeWithFallback`,
 * `summarizeChunks`): chunks summarised in turn with retries and back-off, oversized messages noted instead,
 * partial summaries merged.
 */
import { type AgentMessage, type MessageEstimator } from '../openclaw/estimate';
import { DEFAULT_SUMMARY_FALLBACK } from '../openclaw/summaryBudget';
import { buildOversizedFallbackPlan, buildStageSplitPlan, chunkMessagesByMaxTokens } from '../openclaw/planning';
import { type IdentifierPolicy } from '../summary/audit';
import { CompactionError, isAbortError, isTimeoutError, message, PartialSummaryError, type Summarizer, type SummarizeRequest, type SummaryKind } from './seam';
import { buildStructureInstructions, IDENTIFIER_PRESERVATION_INSTRUCTIONS, MERGE_SUMMARIES_INSTRUCTIONS, TURN_PREFIX_SUMMARIZATION_PROMPT } from './prompt';

/** pi's reserve with OpenClaw's floor (the default `preparation.settings.reserveTokens`). */
export const DEFAULT_RESERVE_TOKENS = 20_000;
export const DEFAULT_CONTEXT_WINDOW = 200_000;

/** Retries of one chunk: 3 attempts, 500–5000 ms exponential back-off, ±20 % jitter. */
export const SUMMARY_RETRY = Object.freeze({ attempts: 3, minDelayMs: 500, maxDelayMs: 5000, jitter: 0.2 });

export interface RetryOptions {
  attempts?: number;
  minDelayMs?: number;
  maxDelayMs?: number;
  jitter?: number;
  /** Waits between attempts (tests pass a fake). Must reject when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
}

export interface StagedSummaryParams {
  messages: readonly AgentMessage[];
  summarizer: Summarizer;
  contextWindow: number;
  /** Token budget of one chunk (the safeguard: `maxChunkTokensFor`). */
  maxChunkTokens: number;
  /** Summary output reserve (default 20,000). */
  reserveTokens?: number;
  /** Format instructions (default: the structure instructions). */
  instructions?: string;
  /** Extra focus (OpenClaw prepends the identifier instruction). */
  customInstructions?: string;
  identifierPolicy?: IdentifierPolicy;
  /** A custom identifier instruction (policy `custom`). */
  identifierInstructions?: string;
  previousSummary?: string;
  parts?: number;
  minMessagesForSplit?: number;
  /** 'history' (default) or 'turn-prefix'; the merge call of a split is sent as 'merge'. */
  kind?: SummaryKind;
  signal?: AbortSignal;
  retry?: RetryOptions;
  estimate?: MessageEstimator;
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason ?? new CompactionError('aborted', 'aborted'));
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason ?? new CompactionError('aborted', 'aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Delay before attempt `attempt + 1`: min(min × 2^(attempt−1), max) ± jitter, kept in [min, max]. */
export function retryDelayMs(attempt: number, opts: RetryOptions = {}): number {
  const min = opts.minDelayMs ?? SUMMARY_RETRY.minDelayMs;
  const max = opts.maxDelayMs ?? SUMMARY_RETRY.maxDelayMs;
  const jitter = opts.jitter ?? SUMMARY_RETRY.jitter;
  const base = Math.min(min * 2 ** (attempt - 1), max);
  const r = (opts.random ?? Math.random)();
  const jittered = Math.max(0, Math.round(base * (1 + (r * 2 - 1) * jitter)));
  return Math.min(Math.max(jittered, min), max);
}

function identifierInstructions(p: StagedSummaryParams): string | undefined {
  if (p.identifierPolicy === 'off') return undefined;
  if (p.identifierPolicy === 'custom') return p.identifierInstructions?.trim() || IDENTIFIER_PRESERVATION_INSTRUCTIONS;
  return IDENTIFIER_PRESERVATION_INSTRUCTIONS;
}

function effectiveInstructions(p: StagedSummaryParams): string | undefined {
  const custom = p.customInstructions?.trim();
  const ids = identifierInstructions(p);
  if (!custom) return ids;
  return ids ? `${ids}\n\nAdditional focus:\n${custom}` : `Additional focus:\n${custom}`;
}

async function callWithRetry(p: StagedSummaryParams, chunk: readonly AgentMessage[], previousSummary: string | undefined, signal: AbortSignal): Promise<string> {
  const attempts = p.retry?.attempts ?? SUMMARY_RETRY.attempts;
  const reserve = p.reserveTokens ?? DEFAULT_RESERVE_TOKENS;
  const kind = p.kind ?? 'history';
  const request: SummarizeRequest = {
    kind,
    instructions: p.instructions ?? (kind === 'turn-prefix' ? TURN_PREFIX_SUMMARIZATION_PROMPT : buildStructureInstructions(p.identifierPolicy)),
    maxOutputTokens: Math.floor((kind === 'turn-prefix' ? 0.5 : 0.8) * reserve),
    contextWindow: p.contextWindow,
    signal,
  };
  if (previousSummary !== undefined) request.previousSummary = previousSummary;
  const custom = effectiveInstructions(p);
  if (custom) request.customInstructions = custom;
  let last: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (signal.aborted) throw signal.reason ?? new CompactionError('aborted', 'aborted');
    try {
      const text = await p.summarizer(chunk, request);
      if (typeof text !== 'string' || !text.trim()) throw new CompactionError('summarization_failed', 'Summarization failed: model returned no summary text');
      return text;
    } catch (e) {
      last = e;
      if (attempt >= attempts || signal.aborted || (isTimeoutError(e) && !isAbortError(e))) break;
      await (p.retry?.sleep ?? abortableSleep)(retryDelayMs(attempt, p.retry), signal);
    }
  }
  throw last;
}

/** Rolling summary over chunks of `maxChunkTokens`; a later failure throws the partial summary. */
async function summarizeChunks(p: StagedSummaryParams, signal: AbortSignal): Promise<string> {
  if (p.messages.length === 0) return p.previousSummary ?? DEFAULT_SUMMARY_FALLBACK;
  const chunks = chunkMessagesByMaxTokens(p.messages, p.maxChunkTokens, p.estimate ? { estimate: p.estimate } : {});
  let summary = p.previousSummary;
  for (let done = 0; done < chunks.length; done++) {
    try {
      summary = await callWithRetry(p, chunks[done]!, summary, signal);
    } catch (e) {
      if (signal.aborted || (isTimeoutError(e) && !isAbortError(e)) || done === 0 || summary === undefined) throw e;
      throw new PartialSummaryError(`${summary}\n\n[Partial summary: chunks 1-${done} of ${chunks.length} were summarized. Chunks ${done + 1}-${chunks.length} could not be processed.]`);
    }
  }
  return summary ?? DEFAULT_SUMMARY_FALLBACK;
}

/** Full summary; else without oversized messages (noted); else the best partial; else `CompactionError`. */
async function summarizeWithFallback(p: StagedSummaryParams, signal: AbortSignal): Promise<string> {
  if (p.messages.length === 0) return p.previousSummary ?? DEFAULT_SUMMARY_FALLBACK;
  let partial: string | undefined;
  let last: unknown;
  try {
    return await summarizeChunks(p, signal);
  } catch (e) {
    last = e;
    if (signal.aborted) throw e;
    if (e instanceof PartialSummaryError) partial = e.partialSummary;
  }
  const { smallMessages, oversizedNotes } = buildOversizedFallbackPlan({ messages: p.messages, contextWindow: p.contextWindow }, p.estimate ? { estimate: p.estimate } : {});
  const notes = oversizedNotes.length > 0 ? `\n\n${oversizedNotes.join('\n')}` : '';
  if (smallMessages.length > 0 && smallMessages.length !== p.messages.length) {
    try {
      return (await summarizeChunks({ ...p, messages: smallMessages }, signal)) + notes;
    } catch (e) {
      last = e;
      if (signal.aborted) throw e;
      if (e instanceof PartialSummaryError) partial = e.partialSummary + notes;
    }
  }
  if (partial) return partial;
  throw new CompactionError('summarization_failed', `All summarization attempts failed for ${p.messages.length} messages. Last error: ${message(last)}`, { cause: last });
}

function chunkTimeRange(chunk: readonly AgentMessage[]): string {
  let lo = Number.POSITIVE_INFINITY;
  let hi = 0;
  for (const m of chunk) {
    const t = m.timestamp;
    if (typeof t !== 'number' || t <= 0 || !Number.isFinite(new Date(t).getTime())) continue;
    lo = Math.min(lo, t);
    hi = Math.max(hi, t);
  }
  if (!Number.isFinite(lo)) return '';
  const f = (t: number) => new Date(t).toISOString().replace('T', ' ').slice(0, 16);
  return ` [${lo === hi ? f(lo) : `${f(lo)} — ${f(hi)}`} UTC]`;
}

/**
 * OpenClaw `summarizeInStages`: one pass (with fallbacks) when the messages fit `maxChunkTokens` (or
 * are fewer than `minMessagesForSplit`, default 4); otherwise up to `parts` (2) token-share parts are
 * summarised independently and merged by one more call on `[Chunk 1 — oldest messages …]` …
 * `[Chunk N — most recent messages …]` with the merge instructions.
 */
export async function summarizeInStages(p: StagedSummaryParams): Promise<string> {
  const signal = p.signal ?? new AbortController().signal;
  if (p.messages.length === 0) return summarizeWithFallback(p, signal);
  const planParams: { messages: readonly AgentMessage[]; maxChunkTokens: number; parts?: number; minMessagesForSplit?: number } = { messages: p.messages, maxChunkTokens: p.maxChunkTokens };
  if (p.parts !== undefined) planParams.parts = p.parts;
  if (p.minMessagesForSplit !== undefined) planParams.minMessagesForSplit = p.minMessagesForSplit;
  const plan = buildStageSplitPlan(planParams, p.estimate ? { estimate: p.estimate } : {});
  if (plan.mode === 'single') return summarizeWithFallback(p, signal);
  const partials: string[] = [];
  for (let i = 0; i < plan.chunks.length; i++) {
    try {
      const { previousSummary: _prev, ...rest } = p;
      partials.push(await summarizeWithFallback({ ...rest, messages: plan.chunks[i]! }, signal));
    } catch (e) {
      if (e instanceof CompactionError) throw e;
      throw new CompactionError('summarization_failed', `Chunk ${i + 1} summarization failed: ${message(e)}`, { cause: e });
    }
  }
  if (partials.length === 1) return partials[0]!;
  const now = Date.now();
  const merged: AgentMessage[] = partials.map((s, i) => {
    const range = chunkTimeRange(plan.chunks[i]!);
    const label = i === 0 ? `[Chunk 1 — oldest messages${range}]` : i === partials.length - 1 ? `[Chunk ${partials.length} — most recent messages${range}]` : `[Chunk ${i + 1}/${partials.length}${range}]`;
    return { role: 'user', content: `${label}\n${s}`, timestamp: now - (partials.length - 1 - i) };
  });
  const custom = p.customInstructions?.trim();
  return summarizeWithFallback({ ...p, kind: 'merge', messages: merged, customInstructions: custom ? `${MERGE_SUMMARIES_INSTRUCTIONS}\n\n${custom}` : MERGE_SUMMARIES_INSTRUCTIONS }, signal);
}
