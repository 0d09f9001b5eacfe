/**
 * Pluggable summarisation for compaction (openclaw-formats.md §4.3 `summarizeInStages`,
 * `summarizeWithFallback`, `summarizeChunks`; §4.4 the safeguard's LLM path).
 *
 * A `Summarizer` turns messages into summary text. The extension can plug a VS Code language model
 * in (`buildSummarizationPrompt` gives it OpenClaw's prompt); `summarizeCompaction` runs it with
 * OpenClaw's staging, retries and fallbacks under a timeout, audits the result with OpenClaw's quality
 * check, and falls back to the mechanical summary (summary/mechanical.ts) on no model, timeout, abort, failure,
 * empty output or a failed audit. The mechanical summary is also the default.
 */
import { type AgentMessage, compactionContent, type MessageEstimator, stringifyCompactionValue } from './openclaw/estimate';
import { sliceUtf16Safe, truncateUtf16Safe } from './openclaw/utf16';
import { capCompactionSummary, DEFAULT_SUMMARY_FALLBACK } from './openclaw/summaryBudget';
import { buildOversizedFallbackPlan, buildStageSplitPlan, chunkMessagesByMaxTokens, maxChunkTokensFor } from './openclaw/planning';
import { extractLatestUserAsk, MAX_SPLIT_TURN_CONTEXT_CHARS, neutralizeSummaryHeadings, REQUIRED_SUMMARY_SECTIONS, SPLIT_TURN_SECTION_HEADING, DEFAULT_RECENT_TURNS_PRESERVE } from './summary/contract';
import { auditSummary, type AuditParams, type AuditResult, type IdentifierPolicy } from './summary/audit';
import { splitPreservedRecentTurns } from './summary/sections';
import { type CompactionInput } from './summary/input';
import { auditMechanicalSummary, buildMechanicalSummary, buildSummarySuffix, compactionFileLists, fitSummary, type MechanicalSummary } from './summary/mechanical';

// ============================================================================================== constants

/** OpenClaw 2026.9.6's safety timeout around one compaction (`EMBEDDED_COMPACTION_TIMEOUT_MS`). */
export const EMBEDDED_COMPACTION_TIMEOUT_MS = 180_000;
/** pi's reserve with OpenClaw's floor (the default `preparation.settings.reserveTokens`). */
export const DEFAULT_RESERVE_TOKENS = 20_000;
export const DEFAULT_CONTEXT_WINDOW = 200_000;
/** Tool results are cut at 2000 characters in the serialised conversation. */
export const TOOL_RESULT_MAX_CHARS = 2000;
/** Retries of one chunk: 3 attempts, 500–5000 ms exponential back-off, ±20 % jitter. */
export const SUMMARY_RETRY = Object.freeze({ attempts: 3, minDelayMs: 500, maxDelayMs: 5000, jitter: 0.2 });

export const MERGE_SUMMARIES_INSTRUCTIONS = [
  'Merge these partial summaries into a single cohesive summary.',
  '',
  'MUST PRESERVE:',
  '- Active tasks and their current status (in-progress, blocked, pending)',
  "- Batch operation progress (e.g., '5/17 items completed')",
  '- The last thing the user requested and what was being done about it',
  '- Decisions made and their rationale',
  '- TODOs, open questions, and constraints',
  '- Any commitments or follow-ups promised',
  '',
  'PRIORITIZE recent context over older history. The agent needs to know',
  'what it was doing, not just what was discussed.',
].join('\n');
export const IDENTIFIER_PRESERVATION_INSTRUCTIONS =
  'Preserve all opaque identifiers exactly as written (no shortening or reconstruction), including UUIDs, hashes, IDs, hostnames, IPs, ports, URLs, and file names.';
export const STRICT_EXACT_IDENTIFIERS_INSTRUCTION = 'For ## Exact identifiers, preserve literal values exactly as seen (IDs, URLs, file paths, ports, hashes, dates, times).';
export const POLICY_OFF_EXACT_IDENTIFIERS_INSTRUCTION = 'For ## Exact identifiers, include identifiers only when needed for continuity; do not enforce literal-preservation rules.';
/** OpenClaw's summariser system prompt, without its sender-attribution paragraph (this serialisation has no sender labels). */
export const SUMMARIZATION_SYSTEM_PROMPT =
  'You are a context summarization assistant. Your task is to read a conversation between a user and an AI assistant, then produce a structured summary following the exact format specified.\n\n' +
  'Do NOT continue the conversation. Do NOT respond to any questions in the conversation. ONLY output the structured summary.';
export const UPDATE_PREVIOUS_SUMMARY_PREFACE =
  'Update the previous summary with the new conversation. Preserve relevant facts, decisions, and unresolved asks; remove stale or duplicate detail. Use the format below.';
export const TURN_PREFIX_SUMMARIZATION_PROMPT = `This is the PREFIX of a turn that was too large to keep. The SUFFIX (recent work) is retained.

Summarize the prefix to provide context for the retained suffix:

## Original Request
[What did the user ask for in this turn?]

## Early Progress
- [Key decisions and work done in the prefix]

## Context for Suffix
- [Information needed to understand the retained recent work]

Be concise. Focus on what's needed to understand the kept suffix.`;
export const PREVIOUS_SUMMARY_REDISTILL_PREFIX =
  'Previous compaction summary to re-distill with the current conversation. Prune stale, duplicate, or superseded details instead of preserving it verbatim.';

/** The safeguard's structure instructions (the five headings), as sent to the summariser. */
export function buildStructureInstructions(identifierPolicy: IdentifierPolicy = 'strict', latestUnresolvedUserRequest?: string): string {
  const lines = [
    'Produce a compact, factual summary with these exact section headings:',
    ...REQUIRED_SUMMARY_SECTIONS,
    identifierPolicy === 'off' ? POLICY_OFF_EXACT_IDENTIFIERS_INSTRUCTION : STRICT_EXACT_IDENTIFIERS_INSTRUCTION,
    'Do not omit unresolved asks from the user.',
    'Record completed requests outside ## Pending user asks; list only unresolved user requests there.',
    'When prior compaction summaries are present, re-distill them with new messages and remove stale duplicate detail.',
  ].join('\n');
  if (!latestUnresolvedUserRequest) return lines;
  return [
    lines,
    [
      'Make the exact request below the first item in ## Pending user asks.',
      'Its run owner will resume it after compaction, so summary prose cannot mark it complete.',
      `Latest unresolved user request:\n${latestUnresolvedUserRequest}`,
    ].join('\n'),
  ].join('\n\n');
}

// ============================================================================================== the interface

export type SummaryKind = 'history' | 'turn-prefix' | 'merge';

/** What a summariser is asked for one call. */
export interface SummarizeRequest {
  kind: SummaryKind;
  /** The running summary to update (rolling chunks). */
  previousSummary?: string;
  /** The format instructions (the structure instructions, or the turn-prefix prompt). */
  instructions: string;
  /** Sent as `Additional focus: …` (identifier preservation, merge instructions …). */
  customInstructions?: string;
  /** Output budget: floor(0.8 × reserve), or floor(0.5 × reserve) for a turn prefix. */
  maxOutputTokens: number;
  contextWindow: number;
  /** Aborted on timeout or cancel; a summariser should stop then. */
  signal: AbortSignal;
}

/** Summarise `messages`. Reject (or return '') to make the caller fall back. */
export type Summarizer = (messages: readonly AgentMessage[], request: SummarizeRequest) => Promise<string>;

export type CompactionErrorCode = 'summarization_failed' | 'aborted' | 'timeout';

export class CompactionError extends Error {
  constructor(
    readonly code: CompactionErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CompactionError';
  }
}

/** A later chunk failed after earlier ones succeeded: what was summarised so far. */
export class PartialSummaryError extends Error {
  constructor(readonly partialSummary: string) {
    super('partial summarization failure');
    this.name = 'PartialSummaryError';
  }
}

export class SummarizerTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`summarizer timed out after ${timeoutMs} ms`);
    this.name = 'TimeoutError';
  }
}

const isAbortError = (e: unknown) => e instanceof Error && (e.name === 'AbortError' || (e instanceof CompactionError && e.code === 'aborted'));
const isTimeoutError = (e: unknown) => e instanceof Error && (e.name === 'TimeoutError' || (e instanceof CompactionError && e.code === 'timeout') || (e as { code?: unknown }).code === 'ETIMEDOUT');
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

// ============================================================================================== prompt

function truncateForSummary(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const tailChars = Math.min(Math.floor(maxChars * 0.3), 600);
  const important = /(error|exception|failed|fatal|traceback|panic|stack trace|errno|exit code)/gi;
  const search = sliceUtf16Safe(text, -maxChars);
  const matches = [...search.matchAll(important)];
  const match = [...matches].reverse().find((m) => /^(error|exception|fatal|panic|errno)$/i.test(m[0])) ?? matches[matches.length - 1];
  if (match) {
    const head = truncateUtf16Safe(text, maxChars - tailChars);
    const displaced = sliceUtf16Safe(text, Math.max(0, head.length - 32), maxChars);
    if (!/(error|exception|failed|fatal|traceback|panic|stack trace|errno|exit code)/i.test(displaced)) {
      const offset = text.length - search.length + (match.index ?? 0);
      const tailStart = Math.min(offset, text.length - tailChars);
      if (tailStart >= head.length) {
        const tail = sliceUtf16Safe(text, tailStart, tailStart + tailChars);
        return `${head}\n\n[... ${text.length - head.length - tail.length} ${tailStart + tail.length < text.length ? 'middle/trailing' : 'more'} characters truncated]\n\n${tail}`;
      }
    }
  }
  const sliced = truncateUtf16Safe(text, maxChars);
  return `${sliced}\n\n[... ${text.length - sliced.length} more characters truncated]`;
}

/**
 * The conversation as OpenClaw serialises it for a summariser: `[User]: …`, `[Assistant]: …`,
 * `[Assistant tool calls]: name(k=<json>, …); …`, `[Tool result]: …` (cut at 2000 characters), joined
 * by blank lines. Custom messages and summaries are shown as the user messages the model saw.
 */
export function serializeConversation(messages: readonly AgentMessage[]): string {
  const parts: string[] = [];
  for (const m of messages) {
    switch (m.role) {
      case 'user':
      case 'custom':
      case 'toolResult': {
        if (m.role === 'user' && m.runtimeContextCarrier === true) break;
        const { text, omissionText } = compactionContent(m.content);
        const body = [omissionText, m.role === 'toolResult' ? truncateForSummary(text, TOOL_RESULT_MAX_CHARS) : text].filter(Boolean).join('\n');
        if (body) parts.push(`[${m.role === 'toolResult' ? 'Tool result' : 'User'}]: ${body}`);
        break;
      }
      case 'compactionSummary':
      case 'branchSummary':
        if (typeof m.summary === 'string' && m.summary) parts.push(`[User]: <summary>\n${m.summary}\n</summary>`);
        break;
      case 'bashExecution':
        if (m.excludeFromContext !== true) parts.push(`[User]: Ran \`${String(m.command ?? '')}\`\n${String(m.output ?? '')}`);
        break;
      case 'assistant': {
        if (!Array.isArray(m.content)) break;
        const texts: string[] = [];
        const calls: string[] = [];
        for (const b of m.content as Array<Record<string, unknown>>) {
          if (!b || typeof b !== 'object') continue;
          if (b.type === 'text' && typeof b.text === 'string') texts.push(b.text);
          else if (b.type === 'toolCall') {
            const args = b.arguments && typeof b.arguments === 'object' ? Object.entries(b.arguments as Record<string, unknown>) : [];
            calls.push(`${String(b.name ?? '')}(${args.map(([k, v]) => `${k}=${stringifyCompactionValue(v)}`).join(', ')})`);
          }
        }
        if (texts.length > 0) parts.push(`[Assistant]: ${texts.join('\n')}`);
        if (calls.length > 0) parts.push(`[Assistant tool calls]: ${calls.join('; ')}`);
        break;
      }
      default:
        break;
    }
  }
  return parts.join('\n\n');
}

/** OpenClaw's summarisation prompt for one call: the system prompt and the user message. */
export function buildSummarizationPrompt(messages: readonly AgentMessage[], request: Pick<SummarizeRequest, 'previousSummary' | 'instructions' | 'customInstructions'>): { systemPrompt: string; prompt: string } {
  let prompt = `<conversation>\n${serializeConversation(messages)}\n</conversation>\n\n`;
  if (request.previousSummary) prompt += `<previous-summary>\n${request.previousSummary}\n</previous-summary>\n\n`;
  prompt += [request.previousSummary ? UPDATE_PREVIOUS_SUMMARY_PREFACE : '', request.instructions].filter(Boolean).join('\n\n');
  if (request.customInstructions) prompt += `\n\nAdditional focus: ${request.customInstructions}`;
  return { systemPrompt: SUMMARIZATION_SYSTEM_PROMPT, prompt };
}

// ============================================================================================== staged summarisation

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

// ============================================================================================== compaction summary with fallback

/**
 * Why the mechanical summary was used: no summariser; nothing left for a model once the recent turns
 * are kept verbatim; timeout; cancel; error; empty output; the model's summary failed the audit.
 */
export type FallbackReason = 'no-summarizer' | 'nothing-to-summarize' | 'timeout' | 'aborted' | 'error' | 'empty' | 'audit-failed';

export interface CompactionSummaryOptions {
  /** A model-backed summariser; none → the mechanical summary. */
  summarizer?: Summarizer;
  /** Whole model run, default 180,000 ms (OpenClaw's compaction safety timeout). */
  timeoutMs?: number;
  /** Cancels the model run (the mechanical summary is returned). */
  signal?: AbortSignal;
  contextWindow?: number;
  reserveTokens?: number;
  identifierPolicy?: IdentifierPolicy;
  identifierInstructions?: string;
  /** `/compact` focus text. */
  customInstructions?: string;
  /** Reject a model summary that fails OpenClaw's quality audit (default true). */
  requireAudit?: boolean;
  retry?: RetryOptions;
  estimate?: MessageEstimator;
}

export interface CompactionSummaryResult {
  /** The summary to write (≤ the input's maxChars). */
  summary: string;
  details: { readFiles: string[]; modifiedFiles: string[] };
  source: 'model' | 'mechanical';
  fallbackReason?: FallbackReason;
  /** Why the model path failed, for logs. */
  error?: string;
  audit: AuditResult;
  /** The mechanical summary (always built: it is the fallback and is cheap). */
  mechanical: MechanicalSummary;
}

function linkedAbort(parent: AbortSignal | undefined, timeoutMs: number): { signal: AbortSignal; dispose(): void; timedOut(): boolean } {
  const ctl = new AbortController();
  let timedOut = false;
  const onParent = () => ctl.abort(parent?.reason ?? new CompactionError('aborted', 'aborted'));
  if (parent?.aborted) onParent();
  else parent?.addEventListener('abort', onParent, { once: true });
  const timer =
    Number.isFinite(timeoutMs) && timeoutMs >= 0
      ? setTimeout(() => {
          timedOut = true;
          ctl.abort(new SummarizerTimeoutError(timeoutMs));
        }, timeoutMs)
      : undefined;
  return {
    signal: ctl.signal,
    dispose() {
      if (timer) clearTimeout(timer);
      parent?.removeEventListener('abort', onParent);
    },
    timedOut: () => timedOut,
  };
}

/** Resolve `work`, or reject as soon as `signal` aborts (a summariser that ignores the signal cannot hang us). */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

function fromMechanical(mech: MechanicalSummary, reason: FallbackReason, error?: string): CompactionSummaryResult {
  const r: CompactionSummaryResult = { summary: mech.summary, details: mech.details, source: 'mechanical', fallbackReason: reason, audit: auditMechanicalSummary(mech), mechanical: mech };
  if (error) r.error = error;
  return r;
}

/**
 * The summary for a compaction. With a summariser: OpenClaw's safeguard path (recent turns kept
 * verbatim, the rest summarised in stages with the structure instructions, a previous summary
 * re-distilled, a split turn's prefix summarised separately), fitted to the cap and audited. Any
 * timeout, cancel, error, empty output or failed audit gives the mechanical summary instead, with
 * the reason. Without one: the mechanical summary.
 */
export async function summarizeCompaction(input: CompactionInput, options: CompactionSummaryOptions = {}): Promise<CompactionSummaryResult> {
  const mech = buildMechanicalSummary(input);
  if (!options.summarizer) return fromMechanical(mech, 'no-summarizer');
  // OpenClaw would write its "No prior history." skeleton here; the mechanical summary says more.
  if (splitPreservedRecentTurns(input.messages, input.recentTurnsPreserve ?? DEFAULT_RECENT_TURNS_PRESERVE).summarizableMessages.length === 0) return fromMechanical(mech, 'nothing-to-summarize');
  const run = linkedAbort(options.signal, options.timeoutMs ?? EMBEDDED_COMPACTION_TIMEOUT_MS);
  try {
    const result = await raceAbort(modelSummary(input, options, options.summarizer, mech, run.signal), run.signal);
    if (!result.audit.ok && options.requireAudit !== false) return fromMechanical(mech, 'audit-failed', `model summary failed the quality audit: ${result.audit.reasonCodes.join(',')}`);
    return result;
  } catch (e) {
    if (run.timedOut()) return fromMechanical(mech, 'timeout', message(e));
    if (options.signal?.aborted) return fromMechanical(mech, 'aborted', message(e));
    const empty = e instanceof CompactionError && /no summary text/.test(message(e.cause ?? e));
    return fromMechanical(mech, empty ? 'empty' : 'error', message(e));
  } finally {
    run.dispose();
  }
}

async function modelSummary(input: CompactionInput, options: CompactionSummaryOptions, summarizer: Summarizer, mech: MechanicalSummary, signal: AbortSignal): Promise<CompactionSummaryResult> {
  const ctx = options.contextWindow ?? DEFAULT_CONTEXT_WINDOW;
  const messages = input.messages;
  const prefix = input.turnPrefixMessages ?? [];
  const est = options.estimate ? { estimate: options.estimate } : {};
  const summarizable = splitPreservedRecentTurns(messages, input.recentTurnsPreserve ?? DEFAULT_RECENT_TURNS_PRESERVE).summarizableMessages;
  const base: Omit<StagedSummaryParams, 'messages' | 'maxChunkTokens'> = { summarizer, contextWindow: ctx, signal, reserveTokens: options.reserveTokens ?? DEFAULT_RESERVE_TOKENS };
  if (options.identifierPolicy) base.identifierPolicy = options.identifierPolicy;
  if (options.identifierInstructions) base.identifierInstructions = options.identifierInstructions;
  if (options.retry) base.retry = options.retry;
  if (options.estimate) base.estimate = options.estimate;
  const maxChunkTokens = maxChunkTokensFor([...summarizable, ...prefix], ctx, est);
  const structure = buildStructureInstructions(options.identifierPolicy, input.latestUnresolvedUserRequest);
  const redistilled: AgentMessage[] = input.previousSummary?.trim()
    ? [{ role: 'user', content: [{ type: 'text', text: `<previous-compaction-summary>\n${PREVIOUS_SUMMARY_REDISTILL_PREFIX}\n\n${input.previousSummary.trim()}\n</previous-compaction-summary>` }], timestamp: 0 }, ...summarizable]
    : summarizable;
  const historyParams: StagedSummaryParams = { ...base, messages: redistilled, maxChunkTokens, instructions: structure };
  if (options.customInstructions) historyParams.customInstructions = options.customInstructions;
  const body = await summarizeInStages(historyParams);
  let prefixSummary = '';
  let splitSection = '';
  if (prefix.length > 0) {
    prefixSummary = await summarizeInStages({ ...base, messages: prefix, maxChunkTokens, kind: 'turn-prefix', instructions: TURN_PREFIX_SUMMARIZATION_PROMPT });
    const heading = `${SPLIT_TURN_SECTION_HEADING}\n\n`;
    splitSection = `${heading}${capCompactionSummary(neutralizeSummaryHeadings(prefixSummary), MAX_SPLIT_TURN_CONTEXT_CHARS - heading.length)}`;
  }
  const details = compactionFileLists(input);
  const fitted = fitSummary(body, buildSummarySuffix(input, splitSection, details), input.maxChars);
  const audit: AuditParams = {
    summary: fitted.summary,
    structuralSummary: fitted.body,
    sourceSummaries: [body, prefixSummary].filter(Boolean),
    identifiers: mech.auditInputs.identifiers,
    latestAsk: mech.auditInputs.latestAsk,
  };
  if (options.identifierPolicy) audit.identifierPolicy = options.identifierPolicy;
  if (input.latestUnresolvedUserRequest) audit.latestUnresolvedUserRequest = input.latestUnresolvedUserRequest;
  if (prefix.length > 0 && extractLatestUserAsk(prefix) !== null) audit.retainedTurnSummary = prefixSummary;
  return { summary: fitted.summary, details, source: 'model', audit: auditSummary(audit), mechanical: mech };
}
