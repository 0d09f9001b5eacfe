/**
 * The summariser seam: a `Summarizer` turns messages into summary text for a request (history, turn prefix or
 * merge); the errors a compaction's summarisation reports (failed, aborted, timed out, partial).
 */
import { type AgentMessage } from '../openclaw/estimate';

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

export const isAbortError = (e: unknown) => e instanceof Error && (e.name === 'AbortError' || (e instanceof CompactionError && e.code === 'aborted'));
export const isTimeoutError = (e: unknown) => e instanceof Error && (e.name === 'TimeoutError' || (e instanceof CompactionError && e.code === 'timeout') || (e as { code?: unknown }).code === 'ETIMEDOUT');
export const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
