/**
 * The compaction summary with its fallbacks (openclaw-formats.md §4.4, the safeguard's LLM path):
 * `summarizeCompaction` runs a `Summarizer` with OpenClaw's staging, retries and fallbacks under a timeout, audits the
 * result with OpenClaw's quality check, and falls back to the mechanical summary (summary/mechanical.ts) on no
 * model, timeout, abort, failure, empty output or a failed audit. The mechanical summary is also the default.
 */
import { type AgentMessage, type MessageEstimator } from '../openclaw/estimate';
import { capCompactionSummary } from '../openclaw/summaryBudget';
import { maxChunkTokensFor } from '../openclaw/planning';
import { extractLatestUserAsk, MAX_SPLIT_TURN_CONTEXT_CHARS, neutralizeSummaryHeadings, SPLIT_TURN_SECTION_HEADING, DEFAULT_RECENT_TURNS_PRESERVE } from '../summary/contract';
import { auditSummary, type AuditParams, type AuditResult, type IdentifierPolicy } from '../summary/audit';
import { splitPreservedRecentTurns } from '../summary/sections';
import { type CompactionInput } from '../summary/input';
import { auditMechanicalSummary, buildMechanicalSummary, buildSummarySuffix, compactionFileLists, fitSummary, type MechanicalSummary } from '../summary/mechanical';
import { CompactionError, message, type Summarizer, SummarizerTimeoutError } from './seam';
import { buildStructureInstructions, PREVIOUS_SUMMARY_REDISTILL_PREFIX, TURN_PREFIX_SUMMARIZATION_PROMPT } from './prompt';
import { DEFAULT_CONTEXT_WINDOW, DEFAULT_RESERVE_TOKENS, type RetryOptions, type StagedSummaryParams, summarizeInStages } from './stages';

/** OpenClaw 2026.9.6's safety timeout around one compaction (`EMBEDDED_COMPACTION_TIMEOUT_MS`). */
export const EMBEDDED_COMPACTION_TIMEOUT_MS = 180_000;

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
